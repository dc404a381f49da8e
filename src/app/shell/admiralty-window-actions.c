/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-window-actions.c: the win.* actions, opening, saving and autosaving. */

#include "config.h"

#include <errno.h>
#include <string.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "admiralty-correction-dialog.h"
#include "admiralty-drafts.h"
#include "admiralty-player-window.h"
#include "admiralty-report-dialog.h"
#include "admiralty-roll-dialog.h"
#include "admiralty-scenario-editor.h"
#include "admiralty-share-dialog.h"
#include "admiralty-tables-dialog.h"
#include "admiralty-join-dialog.h"
#include "admiralty-ti4-page.h"
#include "admiralty-toast.h"
#include "admiralty-window-private.h"
#include "adm-campaign-battles.h"
#include "adm-campaign-file.h"
#include "adm-campaign-journal.h"
#include "adm-clock.h"
#include "admiralty-tooltip.h"

#define MAX_RECENT_FILES 10

AdmiraltyTi4Page *
_admiralty_window_get_ti4_page (AdmiraltyWindow *self)
{
  AdwTabPage *page = adw_tab_view_get_selected_page (self->tab_view);
  GtkWidget *child = page != NULL ? adw_tab_page_get_child (page) : NULL;

  return ADMIRALTY_IS_TI4_PAGE (child) ? ADMIRALTY_TI4_PAGE (child) : NULL;
}

char *
_admiralty_window_describe_undo (AdmiraltyWindow *self,
                                 gboolean         redo)
{
  AdmiraltyBattlePage *page = _admiralty_window_get_battle_page (self);
  AdmiraltyTi4Page *ti4 = _admiralty_window_get_ti4_page (self);

  if (page != NULL)
    return redo ? adm_battle_describe_redo (admiralty_battle_page_get_battle (page))
                : adm_battle_describe_undo (admiralty_battle_page_get_battle (page));
  if (ti4 != NULL)
    return redo ? admiralty_ti4_page_describe_redo (ti4) : admiralty_ti4_page_describe_undo (ti4);
  if (self->campaign == NULL)
    return NULL;
  return redo ? adm_campaign_describe_redo (self->campaign)
              : adm_campaign_describe_undo (self->campaign);
}

/* The Undo and Redo buttons and menu items name the action they would take back or bring
 * back: "Undo “Resolve Fire, Turn 3”". */
static void update_close_players (AdmiraltyWindow *self,
                                  GtkWindow       *leaving);

/* Item @position of @menu says @label and runs @action; it is made again only when it says
 * something else: each item changed in a shown menu's model makes its popover build the
 * item's row again. */
static void
set_menu_item (GMenu      *menu,
               int         position,
               const char *label,
               const char *action)
{
  GMenuModel *model = G_MENU_MODEL (menu);
  g_autofree char *now = NULL;

  if (position < g_menu_model_get_n_items (model))
    {
      if (g_menu_model_get_item_attribute (model, position, G_MENU_ATTRIBUTE_LABEL, "s", &now) &&
          g_strcmp0 (now, label) == 0)
        return;
      g_menu_remove (menu, position);
    }
  g_menu_insert (menu, position, label, action);
}

static void
admiralty_window_update_undo_labels (AdmiraltyWindow *self)
{
  g_autofree char *undo = _admiralty_window_describe_undo (self, FALSE);
  g_autofree char *redo = _admiralty_window_describe_undo (self, TRUE);
  g_autofree char *undo_label = NULL;
  g_autofree char *redo_label = NULL;

  /* Translators: a menu item and tooltip, "Undo “Resolve Fire, Turn 3”" */
  undo_label = undo != NULL ? g_strdup_printf (_("Undo “%s”"), undo) : g_strdup (_("Undo"));
  /* Translators: a menu item and tooltip, "Redo “Resolve Fire, Turn 3”" */
  redo_label = redo != NULL ? g_strdup_printf (_("Redo “%s”"), redo) : g_strdup (_("Redo"));
  admiralty_tooltip_set (self->undo_button, undo_label);
  admiralty_tooltip_set (self->redo_button, redo_label);

  set_menu_item (self->undo_section, 0, undo_label, "win.undo");
  set_menu_item (self->undo_section, 1, redo_label, "win.redo");
}

void
_admiralty_window_show_undo_items (AdmiraltyWindow *self)
{
  GMenuModel *from = G_MENU_MODEL (self->undo_section);

  for (int i = 0; i < g_menu_model_get_n_items (from); i++)
    {
      g_autofree char *label = NULL;
      g_autofree char *action = NULL;

      if (g_menu_model_get_item_attribute (from, i, G_MENU_ATTRIBUTE_LABEL, "s", &label) &&
          g_menu_model_get_item_attribute (from, i, G_MENU_ATTRIBUTE_ACTION, "s", &action))
        set_menu_item (self->undo_shown, i, label, action);
    }
}

void
_admiralty_window_update_actions (AdmiraltyWindow *self)
{
  AdmiraltyBattlePage *page = _admiralty_window_get_battle_page (self);
  gboolean has_campaign = self->campaign != NULL;
  gboolean can_undo, can_redo;

  /* Undo and redo follow the tab: the battle's phases, or the campaign's events. */
  if (page != NULL)
    {
      /* An ended campaign battle is read-only: its ending is undone in the campaign. */
      gboolean open = !admiralty_battle_page_get_read_only (page);

      can_undo = open && adm_battle_can_undo (admiralty_battle_page_get_battle (page));
      can_redo = open && adm_battle_can_redo (admiralty_battle_page_get_battle (page));
    }
  else if (_admiralty_window_get_ti4_page (self) != NULL)
    {
      /* A TI4 combat's steps. */
      can_undo = admiralty_ti4_page_can_undo (_admiralty_window_get_ti4_page (self));
      can_redo = admiralty_ti4_page_can_redo (_admiralty_window_get_ti4_page (self));
    }
  else
    {
      can_undo = has_campaign && adm_campaign_can_undo (self->campaign);
      can_redo = has_campaign && adm_campaign_can_redo (self->campaign);
    }

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo", can_undo);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo", can_redo);
  admiralty_window_update_undo_labels (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save-as", page == NULL && has_campaign);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.next-night", has_campaign);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.replay", has_campaign);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.luck-ledger",
                                 _admiralty_window_get_ti4_page (self) != NULL
                                 ? admiralty_ti4_page_get_combat (
                                     _admiralty_window_get_ti4_page (self)) != NULL
                                 : has_campaign);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.archive", has_campaign);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.roll", has_campaign);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.resolve-phase",
                                 page != NULL && !admiralty_battle_page_get_read_only (page));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.load-orders",
                                 page != NULL && !admiralty_battle_page_get_read_only (page));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.close-tab",
                                 page != NULL || _admiralty_window_get_ti4_page (self) != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.battle-start-over", can_undo &&
                                 page != NULL && !admiralty_battle_page_get_read_only (page));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.end-battle",
                                 page != NULL &&
                                 (admiralty_battle_page_get_campaign (page) != NULL ||
                                  admiralty_battle_page_get_table_client (page) != NULL) &&
                                 !admiralty_battle_page_get_read_only (page));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.open-sector-battle", has_campaign);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.clock-pause", has_campaign);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.clock-adjust", has_campaign);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.clock-next-cycle", has_campaign);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.import-sheets", has_campaign);
  for (guint kind = 0; kind < ADM_CORRECTION_N_KINDS; kind++)
    gtk_widget_action_set_enabled (GTK_WIDGET (self),
                                   admiralty_correction_action_name ((AdmCorrectionKind) kind),
                                   has_campaign);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.resolve-cycle", has_campaign);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.projector", has_campaign);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.projector-toggle", has_campaign);
  update_close_players (self, NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.print-report", has_campaign);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export-report", has_campaign);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.share-admirals", has_campaign);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.tables", has_campaign);
  _admiralty_window_update_usb_actions (self);
  _admiralty_window_update_ending_actions (self);
}

void
_admiralty_window_remember_file (AdmiraltyWindow *self,
                                 const char      *path)
{
  g_auto(GStrv) recent = g_settings_get_strv (self->settings, "recent-files");
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) updated = NULL;
  g_autofree char *absolute = g_canonicalize_filename (path, NULL);
  g_autofree char *folder = g_path_get_dirname (absolute);
  guint n = 1;

  g_strv_builder_add (builder, absolute);
  for (guint i = 0; recent[i] != NULL && n < MAX_RECENT_FILES; i++)
    {
      if (g_strcmp0 (recent[i], absolute) == 0)
        continue;
      g_strv_builder_add (builder, recent[i]);
      n++;
    }
  updated = g_strv_builder_end (builder);

  g_settings_set_strv (self->settings, "recent-files", (const char * const *)updated);
  g_settings_set_string (self->settings, "last-folder", folder);
  _admiralty_window_add_recent (absolute);
}

/* The path as a master reads it, the home folder shortened to "~". */
static char *
display_path (const char *path)
{
  const char *home = g_get_home_dir ();
  gsize home_len = strlen (home);

  if (home_len > 1 && g_str_has_prefix (path, home) && path[home_len] == G_DIR_SEPARATOR)
    {
      g_autofree char *rest = g_filename_display_name (path + home_len);

      return g_strconcat ("~", rest, NULL);
    }

  return g_filename_display_name (path);
}

typedef struct {
  GWeakRef  window;
  char     *path;
} SavedToast;

/* The save of SavedToast's path is on the disk, checkpoints included: said. One whose flush
 * failed was said by "save-failed" (_admiralty_window_file_save_failed ()), with what to do. */
static void
saved_on_disk_cb (gpointer      data,
                  const GError *error)
{
  SavedToast *saved = data;
  g_autoptr(AdmiraltyWindow) self = g_weak_ref_get (&saved->window);

  if (self != NULL && error == NULL)
    {
      g_autofree char *display = display_path (saved->path);
      /* Translators: %s is a file path */
      g_autofree char *title = g_strdup_printf (_("Campaign saved to %s"), display);

      _admiralty_window_toast (self, title);
    }
  g_weak_ref_clear (&saved->window);
  g_free (saved->path);
  g_free (saved);
}

/* Saved to @path: said once it is on the disk (adm_campaign_when_saved ()). */
static void
admiralty_window_saved (AdmiraltyWindow *self,
                        const char      *path)
{
  SavedToast *saved = g_new0 (SavedToast, 1);

  _admiralty_window_remember_file (self, path);
  g_weak_ref_init (&saved->window, self);
  saved->path = g_strdup (path);
  adm_campaign_when_saved (self->campaign, saved_on_disk_cb, saved);
}

/* The campaign, started from its scenario, has its first file: what was typed meanwhile (an
 * order sheet not handed in) is kept under the scenario's name, and goes over to the file's. */
static void
admiralty_window_adopt_drafts (AdmiraltyWindow *self,
                               const char      *path)
{
  admiralty_drafts_adopt (adm_scenario_get_id (adm_campaign_get_scenario (self->campaign)),
                          path);
}

void
_admiralty_window_autosave (AdmiraltyWindow *self)
{
  g_autoptr(GDateTime) now = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *stamp = NULL;
  g_autofree char *name = NULL;
  g_autofree char *path = NULL;

  if (self->campaign == NULL
      || adm_campaign_get_path (self->campaign) != NULL
      || adm_campaign_get_events (self->campaign)->len == 0)
    return;

  folder = admiralty_campaigns_folder ();
  now = g_date_time_new_now_local ();
  stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  name = g_strdup_printf ("%s-%s.admiralty",
                          adm_scenario_get_id (adm_campaign_get_scenario (self->campaign)), stamp);
  path = g_build_filename (folder, name, NULL);

  if (g_mkdir_with_parents (folder, 0750) != 0)
    {
      int saved_errno = errno;

      g_set_error (&error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _("Could not create %s: %s"), folder, g_strerror (saved_errno));
    }

  if (error != NULL || !adm_campaign_save (self->campaign, path, &error))
    {
      _admiralty_window_present_error (self, _("Could Not Save the Campaign"), error->message,
                                       NULL);
      return;
    }

  admiralty_window_adopt_drafts (self, path);
  admiralty_window_saved (self, path);
}

/* win.undo and win.redo: the battle's phases on a battle tab, else the campaign's events. */
static void
undo_redo_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  AdmiraltyWindow *self = ADMIRALTY_WINDOW (widget);
  AdmiraltyBattlePage *page = _admiralty_window_get_battle_page (self);
  AdmiraltyTi4Page *ti4 = _admiralty_window_get_ti4_page (self);
  gboolean redo = g_str_equal (action_name, "win.redo");
  g_autofree char *what = _admiralty_window_describe_undo (self, redo);
  g_autoptr(GError) error = NULL;
  gboolean ok = FALSE;

  if (page != NULL)
    ok = redo ? admiralty_battle_page_redo (page, &error)
              : admiralty_battle_page_undo (page, &error);
  else if (ti4 != NULL)
    ok = redo ? admiralty_ti4_page_redo (ti4) : admiralty_ti4_page_undo (ti4);
  else if (self->campaign != NULL)
    ok = redo ? adm_campaign_redo (self->campaign, &error)
              : adm_campaign_undo (self->campaign, &error);
  /* The reason can be a paragraph ("The table “Table 2” has sent what it played of …"):
   * the toast says what happened, its Why? says why, whole. */
  if (error != NULL)
    {
      if (redo)
        _admiralty_window_toast_why (self, _("Nothing was redone"), _("Nothing Was Redone"),
                                     error->message, 6);
      else
        _admiralty_window_toast_why (self, _("Nothing was undone"), _("Nothing Was Undone"),
                                     error->message, 6);
      return;
    }
  if (!ok || what == NULL)
    return;

  admiralty_toast_show_undo (self->toast_overlay, what, redo, "win.undo", "win.redo");
}

static void
start_over_response_cb (AdmiraltyWindow  *self,
                        const char       *response,
                        AdwMessageDialog *dialog)
{
  AdmiraltyBattlePage *page = _admiralty_window_get_battle_page (self);
  g_autoptr(GError) error = NULL;

  /* The question is modal: the battle tab is still the one it was asked on. */
  if (g_strcmp0 (response, "start-over") != 0 || page == NULL)
    return;
  if (!admiralty_battle_page_start_over (page, &error))
    _admiralty_window_toast_why (self, _("The battle did not start over"),
                                 _("The Battle Did Not Start Over"), error->message, 6);
  else
    _admiralty_window_toast (self, _("The battle is back at its set-up: Redo brings each phase back"));
}

/* Takes the current battle back to its set-up, phase by phase (redo restores them), once the
 * master says so. */
static void
battle_start_over_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  AdmiraltyWindow *self = ADMIRALTY_WINDOW (widget);
  AdmiraltyBattlePage *page = _admiralty_window_get_battle_page (self);
  AdmBattle *battle;
  GtkWidget *dialog;
  g_autofree char *body = NULL;

  if (page == NULL)
    return;
  battle = admiralty_battle_page_get_battle (page);
  /* Translators: %s is the battle's name, "Turn 2 · Movement" its turn and phase */
  body = g_strdup_printf (_("%s is at %s. Every phase resolved is taken back; the journal keeps them, and Redo brings them back one by one."),
                          adm_battle_get_name (battle), admiralty_battle_page_get_phase_label (page));
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Start the Battle Over?"), body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"),
                                    "start-over", _("_Start Over"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "start-over",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  gtk_window_set_modal (GTK_WINDOW (dialog), TRUE);
  g_signal_connect_object (dialog, "response", G_CALLBACK (start_over_response_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* F-STRAT-4: the master ends a campaign battle at any turn (one side withdraws, the table is
 * cleared) and says why; its results go into the campaign as one action. */
static void
end_battle_response_cb (AdmiraltyWindow  *self,
                        const char       *response,
                        AdwMessageDialog *dialog)
{
  AdmiraltyBattlePage *page = _admiralty_window_get_battle_page (self);
  GtkEditable *entry = GTK_EDITABLE (adw_message_dialog_get_extra_child (dialog));
  g_autoptr(GError) error = NULL;
  g_autofree char *reason = NULL;

  if (g_strcmp0 (response, "end") != 0 || page == NULL)
    return;
  reason = g_strstrip (g_strdup (gtk_editable_get_text (entry)));
  if (!admiralty_battle_page_end_battle (page, reason[0] != '\0' ? reason : NULL, &error))
    {
      _admiralty_window_present_error (self, _("Could Not End the Battle"), error->message, NULL);
      return;
    }
  _admiralty_window_toast (self, admiralty_battle_page_get_table_client (page) != NULL
                                   ? _("The battle has ended: its ending is sent to the chief "
                                       "master")
                                   : _("The battle has ended: its results are in the campaign"));
  _admiralty_window_update_actions (self);
}

/* What the ending throws away: the courses plotted and the fire declared this turn that no
 * phase has resolved yet, or NULL when there are none. */
static char *
unresolved_orders_text (AdmiraltyBattlePage *page)
{
  const AdmTurnOrders *orders =
    admiralty_orders_panel_get_orders (admiralty_battle_page_get_orders_panel (page));
  AdmPhase phase = adm_battle_get_phase (admiralty_battle_page_get_battle (page));
  g_autoptr(GString) text = NULL;
  guint courses = 0, fires = 0;

  if (orders == NULL)
    return NULL;
  for (guint i = 0; phase <= ADM_PHASE_MOVEMENT && i < orders->moves->len; i++)
    courses += ((const AdmMoveDecl *) g_ptr_array_index (orders->moves, i))->steps->len > 0;
  if (phase <= ADM_PHASE_FIRE)
    fires = orders->fires->len;
  if (courses == 0 && fires == 0)
    return NULL;
  text = g_string_new (NULL);
  if (courses > 0)
    g_string_append_printf (text, g_dngettext (NULL, "The course plotted for %u formation is "
                                                     "not resolved and is discarded with the "
                                                     "ending.",
                                               "The courses plotted for %u formations are not "
                                               "resolved and are discarded with the ending.",
                                               courses),
                            courses);
  if (courses > 0 && fires > 0)
    g_string_append_c (text, ' ');
  if (fires > 0)
    g_string_append_printf (text, g_dngettext (NULL, "%u fire declaration is not resolved and "
                                                     "is discarded with the ending.",
                                               "%u fire declarations are not resolved and are "
                                               "discarded with the ending.", fires),
                            fires);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
end_battle_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  AdmiraltyWindow *self = ADMIRALTY_WINDOW (widget);
  AdmiraltyBattlePage *page = _admiralty_window_get_battle_page (self);
  GtkWidget *dialog, *entry;
  g_autofree char *body = NULL;
  g_autofree char *unresolved = NULL;

  if (page == NULL ||
      (admiralty_battle_page_get_campaign (page) == NULL &&
       admiralty_battle_page_get_table_client (page) == NULL) ||
      admiralty_battle_page_get_read_only (page))
    return;
  if (admiralty_battle_page_get_table_client (page) != NULL)
    /* Translators: a battle fought at this table; %s is the battle's name, then "Turn 2 ·
     * Movement — All sent to the chief" */
    body = g_strdup_printf (_("%s is at %s. The ending and your reason are sent to the chief "
                              "master, who carries the results into his campaign."),
                            adm_battle_get_name (admiralty_battle_page_get_battle (page)),
                            admiralty_battle_page_get_phase_label (page));
  else
    /* Translators: %s is the battle's name, "Turn 2 · Movement" its turn and phase */
    body = g_strdup_printf (_("%s is at %s. Ships destroyed, wrecks, captures, damage, "
                              "readiness and criticals go into the campaign's fleets as one "
                              "action, which Undo in the campaign takes back."),
                            adm_battle_get_name (admiralty_battle_page_get_battle (page)),
                            admiralty_battle_page_get_phase_label (page));
  unresolved = unresolved_orders_text (page);
  if (unresolved != NULL)
    {
      g_autofree char *with = g_strconcat (body, "\n\n", unresolved, NULL);

      g_free (body);
      body = g_steal_pointer (&with);
    }
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("End the Battle?"), body);
  entry = gtk_entry_new ();
  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), _("Why it ends, e.g. “Pol Six withdrew”"));
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), entry);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"),
                                    "end", _("_End Battle"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "end",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "end");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  gtk_window_set_modal (GTK_WINDOW (dialog), TRUE);
  g_signal_connect_object (dialog, "response", G_CALLBACK (end_battle_response_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
  gtk_widget_grab_focus (entry);
}

static void
roll_dialog_rolled_cb (AdmiraltyWindow *self,
                       const char      *summary,
                       GtkWidget       *dialog)
{
  _admiralty_window_toast (self, summary);
}

static void
roll_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  AdmiraltyWindow *self = ADMIRALTY_WINDOW (widget);
  AdmiraltyRollDialog *dialog;

  if (self->campaign == NULL)
    return;

  if (self->roll_dialog != NULL)
    {
      gtk_window_present (GTK_WINDOW (self->roll_dialog));
      return;
    }

  dialog = admiralty_roll_dialog_new (GTK_WINDOW (self), self->campaign);
  g_signal_connect_object (dialog, "rolled", G_CALLBACK (roll_dialog_rolled_cb), self,
                           G_CONNECT_SWAPPED);
  g_set_weak_pointer (&self->roll_dialog, GTK_WIDGET (dialog));
  gtk_window_present (GTK_WINDOW (dialog));
}

GtkFileFilter *
_admiralty_window_file_filter_new (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Admiralty scenarios and campaigns (*.admiralty)"));
  gtk_file_filter_add_pattern (filter, "*.admiralty");
  gtk_file_filter_add_mime_type (filter, "application/x-admiralty");

  return filter;
}

static GtkFileFilter *
admiralty_xml_filter_new (const char *name)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, name);
  gtk_file_filter_add_pattern (filter, "*.xml");

  return filter;
}

/* Everything app.open takes, then each kind on its own. */
static void
admiralty_window_add_open_filters (GtkFileChooser *chooser)
{
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) campaigns = _admiralty_window_file_filter_new ();
  g_autoptr(GtkFileFilter) battles =
      admiralty_xml_filter_new (_("Battles and saved battles (*.xml)"));

  gtk_file_filter_set_name (all, _("All Admiralty files"));
  gtk_file_filter_add_pattern (all, "*.admiralty");
  gtk_file_filter_add_mime_type (all, "application/x-admiralty");
  gtk_file_filter_add_pattern (all, "*.xml");

  gtk_file_chooser_add_filter (chooser, all);
  gtk_file_chooser_add_filter (chooser, campaigns);
  gtk_file_chooser_add_filter (chooser, battles);
}

/* A new modal chooser in self->chooser, the one before gone; @response_cb answers it. */
GtkFileChooser *
_admiralty_window_new_chooser (AdmiraltyWindow      *self,
                               const char           *title,
                               GtkFileChooserAction  action,
                               const char           *accept,
                               GCallback             response_cb)
{
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  self->chooser = gtk_file_chooser_native_new (title, GTK_WINDOW (self), action, accept,
                                               _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  g_signal_connect_object (self->chooser, "response", response_cb, self, G_CONNECT_SWAPPED);
  return GTK_FILE_CHOOSER (self->chooser);
}

static void
admiralty_window_set_chooser_folder (AdmiraltyWindow *self)
{
  g_autofree char *folder = g_settings_get_string (self->settings, "last-folder");
  g_autoptr(GFile) file = NULL;

  if (folder[0] == '\0' || !g_file_test (folder, G_FILE_TEST_IS_DIR))
    return;

  file = g_file_new_for_path (folder);
  gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (self->chooser), file, NULL);
}

static void
open_response_cb (AdmiraltyWindow      *self,
                  int                   response,
                  GtkFileChooserNative *chooser)
{
  g_autoptr(GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  g_clear_object (&self->chooser);

  if (file == NULL)
    return;

  admiralty_window_open_file (self, file);
}

void
admiralty_window_show_open_dialog (AdmiraltyWindow *self)
{
  g_return_if_fail (ADMIRALTY_IS_WINDOW (self));

  _admiralty_window_new_chooser (self, _("Open Scenario, Campaign or Battle"),
                                 GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"),
                                 G_CALLBACK (open_response_cb));
  admiralty_window_add_open_filters (GTK_FILE_CHOOSER (self->chooser));
  admiralty_window_set_chooser_folder (self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
save_as_response_cb (AdmiraltyWindow      *self,
                     int                   response,
                     GtkFileChooserNative *chooser)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  gboolean was_new;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  g_clear_object (&self->chooser);

  if (file == NULL || self->campaign == NULL)
    return;

  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);
      g_autofree char *body = g_strdup_printf (_("%s is not a local file."), uri);

      _admiralty_window_present_error (self, _("Could Not Save the Campaign"), body, NULL);
      return;
    }

  was_new = adm_campaign_get_path (self->campaign) == NULL;
  if (!adm_campaign_save (self->campaign, path, &error))
    {
      _admiralty_window_present_error (self, _("Could Not Save the Campaign"), error->message,
                                       NULL);
      return;
    }

  if (was_new)
    admiralty_window_adopt_drafts (self, path);
  admiralty_window_saved (self, path);
}

/* Is @folder one of the master's own: a folder, neither installed with Admiralty nor in the
 * source tree an uninstalled run comes from (ADMIRALTY_SOURCE_DIR), whose files a `git clean`
 * removes? */
static gboolean
folder_is_own (const char *folder)
{
  const char *source_dir = g_getenv ("ADMIRALTY_SOURCE_DIR");
  g_autofree char *probe = NULL;

  if (folder == NULL || folder[0] == '\0' || !g_file_test (folder, G_FILE_TEST_IS_DIR))
    return FALSE;
  probe = g_build_filename (folder, "campaign.admiralty", NULL);
  if (adm_file_is_installed (probe))
    return FALSE;
  if (source_dir != NULL && source_dir[0] != '\0')
    {
      g_autofree char *source = g_canonicalize_filename (source_dir, NULL);
      g_autofree char *own = g_canonicalize_filename (folder, NULL);
      g_autoptr(GFile) source_file = g_file_new_for_path (source);
      g_autoptr(GFile) own_file = g_file_new_for_path (own);

      if (g_file_equal (own_file, source_file) || g_file_has_prefix (own_file, source_file))
        return FALSE;
    }
  return TRUE;
}

/* Where Save As proposes the campaign, wherever the app runs from: the folder it was saved in,
 * else the last folder used, when the master's own (folder_is_own ()); else his Documents;
 * else the folder the app keeps unsaved campaigns in. */
static GFile *
save_folder (AdmiraltyWindow *self)
{
  const char *path = adm_campaign_get_path (self->campaign);
  g_autofree char *saved_in = path != NULL ? g_path_get_dirname (path) : NULL;
  g_autofree char *last = g_settings_get_string (self->settings, "last-folder");
  const char *documents = g_get_user_special_dir (G_USER_DIRECTORY_DOCUMENTS);
  g_autofree char *campaigns = NULL;

  if (folder_is_own (saved_in))
    return g_file_new_for_path (saved_in);
  if (folder_is_own (last))
    return g_file_new_for_path (last);
  if (folder_is_own (documents))
    return g_file_new_for_path (documents);
  campaigns = g_build_filename (g_get_user_data_dir (), "admiralty", "campaigns", NULL);
  if (g_mkdir_with_parents (campaigns, 0750) == 0)
    return g_file_new_for_path (campaigns);
  return g_file_new_for_path (g_get_home_dir ());
}

static void
save_as_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  AdmiraltyWindow *self = ADMIRALTY_WINDOW (widget);
  g_autoptr(GtkFileFilter) filter = _admiralty_window_file_filter_new ();
  g_autofree char *name = NULL;

  if (self->campaign == NULL)
    return;

  _admiralty_window_new_chooser (self, _("Save Campaign As"), GTK_FILE_CHOOSER_ACTION_SAVE,
                                 _("_Save"), G_CALLBACK (save_as_response_cb));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), filter);
  /* One folder, set once: a second one cancels the listing of the first, which the chooser
   * says in an error dialog that takes the focus from the name. */
  {
    g_autoptr(GFile) folder = save_folder (self);

    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (self->chooser), folder, NULL);
  }
  name = g_strdup_printf ("%s.admiralty",
                          adm_scenario_get_id (adm_campaign_get_scenario (self->campaign)));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), name);

  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
resolve_phase_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  AdmiraltyWindow *self = ADMIRALTY_WINDOW (widget);
  AdmiraltyBattlePage *page = _admiralty_window_get_battle_page (self);
  g_autofree char *mode = NULL;

  if (page == NULL)
    return;

  mode = g_settings_get_string (self->settings, "dice-mode");
  admiralty_battle_page_set_ask_contributions (
    page, g_settings_get_boolean (self->settings, "ask-dice-contributions"));
  admiralty_battle_page_resolve_phase (page, g_strcmp0 (mode, "physical") == 0);
}

static void
ti4_page_can_undo_cb (AdmiraltyWindow  *self,
                      GParamSpec       *pspec,
                      AdmiraltyTi4Page *page)
{
  if (_admiralty_window_get_ti4_page (self) == page)
    _admiralty_window_update_actions (self);
  /* A step taken may follow the combat's saving under a file of its own. */
  _admiralty_window_save_session (self);
}

void
_admiralty_window_add_ti4_page (AdmiraltyWindow  *self,
                                AdmiraltyTi4Page *page)
{
  AdwTabPage *tab;

  g_signal_connect_object (page, "notify::can-undo", G_CALLBACK (ti4_page_can_undo_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (page, "notify::can-redo", G_CALLBACK (ti4_page_can_undo_cb), self,
                           G_CONNECT_SWAPPED);
  /* The set-up's first draft, or the combat's first file. */
  g_signal_connect_object (page, "notify::session-path", G_CALLBACK (_admiralty_window_save_session),
                           self, G_CONNECT_SWAPPED);
  tab = adw_tab_view_append (self->tab_view, GTK_WIDGET (page));
  adw_tab_page_set_title (tab, _("Twilight Imperium Combat"));
  adw_tab_page_set_tooltip (tab, _("Space and ground combat of Twilight Imperium 4: odds, and resolving round by round"));
  adw_tab_view_set_selected_page (self->tab_view, tab);
  gtk_widget_grab_focus (GTK_WIDGET (page));
}

/* win.ti4-combat: a new "Twilight Imperium Combat" tab, with or without a campaign. */
static void
ti4_combat_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  _admiralty_window_add_ti4_page (ADMIRALTY_WINDOW (widget),
                                  ADMIRALTY_TI4_PAGE (admiralty_ti4_page_new ()));
}

static void
close_tab_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  AdmiraltyWindow *self = ADMIRALTY_WINDOW (widget);
  AdwTabPage *tab = adw_tab_view_get_selected_page (self->tab_view);

  if (tab != NULL && tab != self->campaign_tab && tab != self->map_tab)
    adw_tab_view_close_page (self->tab_view, tab);
}

static void
load_orders_response_cb (AdmiraltyWindow      *self,
                         int                   response,
                         GtkFileChooserNative *chooser)
{
  AdmiraltyBattlePage *page = self->orders_page;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *basename = NULL;
  g_autofree char *message = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  if (page != NULL)
    g_object_ref (page);
  g_clear_weak_pointer (&self->orders_page);
  g_clear_object (&self->chooser);

  path = file != NULL ? g_file_get_path (file) : NULL;
  if (page == NULL || path == NULL)
    {
      g_clear_object (&page);
      return;
    }

  if (!admiralty_battle_page_load_orders (page, path, &error))
    _admiralty_window_present_error (self, _("Could Not Read the Orders"), error->message, NULL);
  else
    {
      basename = g_path_get_basename (path);
      /* Translators: %s is the orders file's name */
      message = g_strdup_printf (_("Orders loaded from %s"), basename);
      _admiralty_window_toast (self, message);
    }
  g_object_unref (page);
}

/* Orders for the battle in the selected tab from a file of the master's choosing. */
static void
load_orders_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  AdmiraltyWindow *self = ADMIRALTY_WINDOW (widget);
  AdmiraltyBattlePage *page = _admiralty_window_get_battle_page (self);
  g_autoptr(GtkFileFilter) filter = NULL;

  if (page == NULL)
    return;

  _admiralty_window_new_chooser (self, _("Load Orders"), GTK_FILE_CHOOSER_ACTION_OPEN, _("_Load"),
                                 G_CALLBACK (load_orders_response_cb));
  filter = admiralty_xml_filter_new (_("Orders (*.xml)"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), filter);
  admiralty_window_set_chooser_folder (self);
  g_set_weak_pointer (&self->orders_page, page);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

/* Battles from the sector map */

/* Where sector battles' set-ups go: the "battles" folder beside the campaign file, then the
 * user's data folder's, which is also the only one while the campaign has no file. */
static GPtrArray *
sector_battle_folders (AdmiraltyWindow *self)
{
  GPtrArray *folders = g_ptr_array_new_with_free_func (g_free);
  const char *path = adm_campaign_get_path (self->campaign);

  if (path != NULL)
    {
      g_autofree char *campaign_folder = g_path_get_dirname (path);

      g_ptr_array_add (folders, g_build_filename (campaign_folder, "battles", NULL));
    }
  g_ptr_array_add (folders, g_build_filename (g_get_user_data_dir (), "admiralty", "battles",
                                              NULL));
  return folders;
}

static gboolean
write_setup (const char  *folder,
             const char  *path,
             const char  *text,
             GError     **error)
{
  if (g_mkdir_with_parents (folder, 0750) != 0)
    {
      int saved_errno = errno;
      g_autofree char *display = display_path (folder);

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _("Could not create %s: %s"), display, g_strerror (saved_errno));
      return FALSE;
    }
  return g_file_set_contents (path, text, -1, error);
}

/* The set-up of the battle in @sector_id, written to the first folder that takes it, or NULL
 * with the problem told to the master. */
static char *
write_sector_battle (AdmiraltyWindow *self,
                     GPtrArray       *folders,
                     const char      *name,
                     const char      *sector_id)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  AdmScenario *scenario = adm_campaign_get_scenario (self->campaign);
  AdmState *state = adm_campaign_get_state (self->campaign);
  AdmiraltySectorOptions options;
  AdmEngagement engagement = { 0, };
  g_autoptr(GPtrArray) here = NULL;

  /* F-TAC-1: the formations the campaign has in the sector now (not those crossing its
   * links), each placed as its orders give (F-STRAT-15), allies on one side. */
  admiralty_sector_options_init (&options);
  options.strategy = adm_state_get_strategy (state);
  here = admiralty_sector_formations_in (scenario, &options,
                                         adm_scenario_lookup_sector (scenario, sector_id));
  engagement.cycle = adm_strategy_get_cycle (options.strategy);
  engagement.sector = adm_scenario_lookup_sector (scenario, sector_id);
  engagement.formations = here;
  text = adm_engagement_battle_setup (state, &engagement, NULL, &error);

  if (text == NULL)
    {
      /* "No enemies meet in Pol jump point: …": nothing is wrong, there is just no battle. */
      _admiralty_window_toast (self, error->message);
      return NULL;
    }

  for (guint i = 0; i < folders->len; i++)
    {
      const char *folder = g_ptr_array_index (folders, i);
      g_autofree char *path = g_build_filename (folder, name, NULL);

      g_clear_error (&error);
      if (write_setup (folder, path, text, &error))
        return g_steal_pointer (&path);
      g_debug ("Sector battle not written to %s: %s", folder, error->message);
    }

  _admiralty_window_present_error (self, _("Could Not Set Up the Battle"), error->message, NULL);
  return NULL;
}

gboolean
_admiralty_window_open_sector_battle (AdmiraltyWindow *self,
                                      const char      *sector_id)
{
  g_autoptr(GPtrArray) folders = NULL;
  g_autofree char *name = NULL;
  g_autofree char *path = NULL;

  g_return_val_if_fail (ADMIRALTY_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (sector_id != NULL, FALSE);

  if (self->campaign == NULL)
    return FALSE;
  if (adm_scenario_lookup_sector (adm_campaign_get_scenario (self->campaign), sector_id) == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("The map has no sector “%s”"), sector_id);

      _admiralty_window_toast (self, message);
      return FALSE;
    }

  /* F-STRAT-4: an engagement of the last cycle there is fought in the campaign: the first one
   * that can be opened (under way, or not fought yet) opens, with its placements. */
  {
    AdmStrategy *strategy = adm_state_get_strategy (adm_campaign_get_state (self->campaign));
    guint resolved = adm_strategy_get_cycle (strategy) - 1;
    g_autoptr(GPtrArray) queue = resolved > 0 ? adm_campaign_get_engagements (self->campaign,
                                                                              resolved) : NULL;

    for (guint i = 0; queue != NULL && i < queue->len; i++)
      {
        const AdmQueuedEngagement *engagement = g_ptr_array_index (queue, i);

        if (engagement->engagement.sector == NULL ||
            !g_str_equal (engagement->engagement.sector->id, sector_id))
          continue;
        if (engagement->status == ADM_ENGAGEMENT_IN_PROGRESS ||
            (engagement->status == ADM_ENGAGEMENT_FINISHED &&
             adm_campaign_get_battle (self->campaign, engagement->id, NULL, NULL) != NULL))
          return _admiralty_window_open_engagement_battle (self, engagement->id, NULL);
        if (engagement->status == ADM_ENGAGEMENT_NOT_FOUGHT)
          {
            admiralty_campaign_orders_open_engagement (
              _admiralty_window_get_campaign_orders (self), i);
            return TRUE;
          }
      }
  }

  folders = sector_battle_folders (self);
  name = g_strdup_printf ("%s-%s.xml",
                          adm_scenario_get_id (adm_campaign_get_scenario (self->campaign)),
                          sector_id);

  /* A set-up already written is a battle under way: opening it resumes its autosave, and a
   * tab already showing it is only selected. It is never written over. */
  for (guint i = 0; i < folders->len && path == NULL; i++)
    {
      g_autofree char *candidate = g_build_filename (g_ptr_array_index (folders, i), name, NULL);

      if (g_file_test (candidate, G_FILE_TEST_EXISTS))
        path = g_steal_pointer (&candidate);
    }
  if (path == NULL)
    path = write_sector_battle (self, folders, name, sector_id);
  if (path == NULL)
    return FALSE;

  return admiralty_window_open (self, path);
}

/* win.open-path: a row of the welcome page. */
static void
open_path_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  admiralty_window_open (ADMIRALTY_WINDOW (widget), g_variant_get_string (parameter, NULL));
}

static void
open_sector_battle_action (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *parameter)
{
  _admiralty_window_open_sector_battle (ADMIRALTY_WINDOW (widget),
                                        g_variant_get_string (parameter, NULL));
}

/* F-STRAT-3: the master reveals a hidden formation to everyone — the public map, the
 * projector, every side's knowledge — by journalling a "reveal" event; undo takes it back. */
static void
reveal_formation_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  AdmiraltyWindow *self = ADMIRALTY_WINDOW (widget);
  const char *id = g_variant_get_string (parameter, NULL);
  g_autoptr(AdmEvent) event = NULL;
  g_autoptr(GError) error = NULL;
  const AdmFormation *formation;
  g_autofree char *message = NULL;

  if (self->campaign == NULL)
    return;
  event = adm_event_new ("reveal", g_get_real_time () / G_USEC_PER_SEC);
  adm_event_set (event, "formation", id);
  if (!adm_campaign_append (self->campaign, event, &error))
    {
      _admiralty_window_toast (self, error->message);
      return;
    }
  formation = adm_strategy_lookup_formation (
    adm_state_get_strategy (adm_campaign_get_state (self->campaign)), id);
  /* Translators: after a reveal, "Autumn Screen is known to everyone now" */
  message = g_strdup_printf (_("%s is known to everyone now"),
                             formation != NULL ? formation->name : id);
  _admiralty_window_toast (self, message);
}

/* F-BOARD-17, ruling "prize-admiral": the master gives a formation to another admiral of its
 * faction by journalling an "assign" event (the one check refuses anything else); undo takes
 * it back. */
static void
assign_formation_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  AdmiraltyWindow *self = ADMIRALTY_WINDOW (widget);
  const char *formation_id, *admiral_id;
  g_autoptr(AdmEvent) event = NULL;
  g_autoptr(GError) error = NULL;
  const AdmFormation *formation;
  const AdmAdmiral *admiral;
  g_autofree char *message = NULL;

  if (self->campaign == NULL)
    return;
  g_variant_get (parameter, "(&s&s)", &formation_id, &admiral_id);
  event = adm_event_new ("assign", adm_clock_now ());
  adm_event_set (event, "formation", formation_id);
  adm_event_set (event, "admiral", admiral_id);
  if (!adm_campaign_append (self->campaign, event, &error))
    {
      _admiralty_window_toast (self, error->message);
      return;
    }
  formation = adm_strategy_lookup_formation (
    adm_state_get_strategy (adm_campaign_get_state (self->campaign)), formation_id);
  admiral = adm_campaign_lookup_admiral (self->campaign, admiral_id);
  /* Translators: after an assignment, "Prize of Kestrel is commanded by Adm. Vorlakial now" */
  message = g_strdup_printf (_("%s is commanded by %s now"),
                             formation != NULL ? formation->name : formation_id,
                             admiral != NULL ? admiral->name : admiral_id);
  _admiralty_window_toast (self, message);
}

static void
correction_recorded_cb (AdmiraltyWindow           *self,
                        const char                *action,
                        AdmiraltyCorrectionDialog *dialog)
{
  /* Translators: after a correction, "Reinforcements: Third Flotilla — journaled; Undo takes
   * it back" */
  g_autofree char *message = g_strdup_printf (_("%s — journaled; Undo takes it back"),
                                              action != NULL ? action : "");

  _admiralty_window_toast (self, message);
}

/* win.correct-KIND (s: the sector, formation or admiral it was opened on, "" for none): the
 * master's correction of that kind in its dialog, recorded by the engine as
 * `admiralty-cli correct` records it (adm_correction_record ()); Undo takes it back. */
static void
correct_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  AdmiraltyWindow *self = ADMIRALTY_WINDOW (widget);
  const char *kind_name = action_name + strlen ("win.correct-");
  AdmiraltyCorrectionDialog *dialog;
  AdmCorrectionKind kind;

  if (self->campaign == NULL || !adm_correction_kind_from_string (kind_name, &kind))
    return;
  dialog = admiralty_correction_dialog_new (GTK_WINDOW (self), self->campaign, kind,
                                            g_variant_get_string (parameter, NULL));
  g_signal_connect_object (dialog, "recorded", G_CALLBACK (correction_recorded_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* A player screen follows the current tab: the battle of a battle tab, else the map. */
static void
player_follow (AdmiraltyWindow       *self,
               AdmiraltyPlayerWindow *player)
{
  AdmiraltyBattlePage *page = _admiralty_window_get_battle_page (self);

  admiralty_player_window_set_campaign (player, self->campaign);
  admiralty_player_window_set_battle (player,
                                      page != NULL ? admiralty_battle_page_get_battle (page)
                                                   : NULL);
}

static void
player_tab_cb (AdmiraltyPlayerWindow *player,
               GParamSpec            *pspec,
               AdwTabView            *view)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (view));

  if (ADMIRALTY_IS_WINDOW (root))
    player_follow (ADMIRALTY_WINDOW (root), player);
}

/* The player screens @self opened and that are still open, but @leaving. */
static GList *
player_screens (AdmiraltyWindow *self,
                GtkWindow       *leaving)
{
  GtkApplication *application = gtk_window_get_application (GTK_WINDOW (self));
  GList *players = NULL;

  if (application == NULL)
    return NULL;
  for (GList *l = gtk_application_get_windows (application); l != NULL; l = l->next)
    if (ADMIRALTY_IS_PLAYER_WINDOW (l->data) && l->data != (gpointer) leaving &&
        g_ptr_array_find (self->player_screens, l->data, NULL))
      players = g_list_prepend (players, l->data);
  return players;
}

static void
update_close_players (AdmiraltyWindow *self,
                      GtkWindow       *leaving)
{
  GList *players = player_screens (self, leaving);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.close-player-screens", players != NULL);
  g_list_free (players);
}

static void
player_destroyed_cb (AdmiraltyWindow *self,
                     GtkWindow       *player)
{
  g_ptr_array_remove (self->player_screens, player);
  update_close_players (self, player);
}

/* A second window with one side's picture, for an admiral at the table: no master controls;
 * the engine's audience filter decides what it shows. It closes with the master's window,
 * from its menu (win.close-player-screens), or by its own Ctrl+W or Escape. */
static void
player_screen_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  AdmiraltyWindow *self = ADMIRALTY_WINDOW (widget);
  AdmiraltyPlayerWindow *player =
    admiralty_player_window_new (gtk_window_get_application (GTK_WINDOW (self)),
                                 g_variant_get_string (parameter, NULL));

  g_ptr_array_add (self->player_screens, player);
  g_signal_connect_object (self->tab_view, "notify::selected-page",
                           G_CALLBACK (player_tab_cb), player, G_CONNECT_SWAPPED);
  g_signal_connect_object (self, "destroy", G_CALLBACK (gtk_window_destroy), player,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (player, "destroy", G_CALLBACK (player_destroyed_cb), self,
                           G_CONNECT_SWAPPED);
  player_follow (self, player);
  gtk_window_present (GTK_WINDOW (player));
  update_close_players (self, NULL);
}

static void
close_player_screens_action (GtkWidget  *widget,
                             const char *action_name,
                             GVariant   *parameter)
{
  GList *players = player_screens (ADMIRALTY_WINDOW (widget), NULL);

  for (GList *l = players; l != NULL; l = l->next)
    gtk_window_close (GTK_WINDOW (l->data));
  g_list_free (players);
}

/* The cycle clock: the real game's hiccups, and the end of a session (F-STRAT-1). */
static void
clock_adjust_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  AdmiraltyWindow *self = ADMIRALTY_WINDOW (widget);

  if (self->campaign != NULL)
    admiralty_cycle_clock_adjust (self->clock, g_variant_get_int32 (parameter));
}

static void
clock_next_cycle_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  AdmiraltyWindow *self = ADMIRALTY_WINDOW (widget);

  if (self->campaign != NULL)
    admiralty_cycle_clock_next_cycle (self->clock);
}

/* F-STRAT-2: the main map for the players, on a projector or a second screen; a second
 * activation brings the one already open forward. */
static void
projector_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  AdmiraltyWindow *self = ADMIRALTY_WINDOW (widget);
  AdmiraltyProjectorWindow *projector;

  if (self->campaign == NULL)
    return;
  if (self->projector != NULL)
    {
      gtk_window_present (GTK_WINDOW (self->projector));
      return;
    }
  projector = admiralty_projector_window_new (gtk_window_get_application (GTK_WINDOW (self)),
                                              self->campaign, self->clock);
  g_set_weak_pointer (&self->projector, GTK_WIDGET (projector));
  admiralty_projector_window_set_portal (
    projector, admiralty_campaign_orders_get_portal (_admiralty_window_get_campaign_orders (self)));
  admiralty_projector_window_show_on (projector, widget);
}

/* F5: the projector on when it is off, off when it is on (its button only brings it forward). */
static void
projector_toggle_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  AdmiraltyWindow *self = ADMIRALTY_WINDOW (widget);

  if (self->projector != NULL)
    {
      gtk_window_close (GTK_WINDOW (self->projector));
      return;
    }
  projector_action (widget, "win.projector", NULL);
}

/* The Orders tab: order sheets typed elsewhere (win.import-sheets), and the cycle's
 * resolution (win.resolve-cycle, F-STRAT-1, F-STRAT-2, F-STRAT-3, F-STRAT-4, F-STRAT-5); both show
 * the tab they act on. */
static void
orders_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  AdmiraltyWindow *self = ADMIRALTY_WINDOW (widget);

  if (self->campaign == NULL)
    return;
  adw_tab_view_set_selected_page (self->tab_view, self->orders_tab);
  if (g_str_equal (action_name, "win.import-sheets"))
    admiralty_campaign_orders_choose_sheets (_admiralty_window_get_campaign_orders (self));
  else
    admiralty_campaign_orders_confirm_resolve (_admiralty_window_get_campaign_orders (self));
}

/* Reports on paper: the master's, an admiral's, fleet cards and order sheets, printed or
 * exported as PDF from the report dialog. */
static void
report_exported_cb (AdmiraltyWindow *self,
                    const char      *path)
{
  g_autofree char *display = display_path (path);
  /* Translators: %s is a file path */
  g_autofree char *title = g_strdup_printf (_("Report exported to %s"), display);

  _admiralty_window_toast (self, title);
}

static void
report_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  AdmiraltyWindow *self = ADMIRALTY_WINDOW (widget);
  AdmiraltyReportDialog *dialog;
  gboolean pdf = g_str_equal (action_name, "win.export-report");

  if (self->campaign == NULL)
    return;

  dialog = admiralty_report_dialog_new (GTK_WINDOW (self), self->campaign,
                                        pdf ? ADMIRALTY_REPORT_OUTPUT_PDF
                                            : ADMIRALTY_REPORT_OUTPUT_PRINT);
  g_signal_connect_object (dialog, "exported", G_CALLBACK (report_exported_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* win.share-admirals: the admirals' portal of the campaign. */
static void
share_admirals_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  AdmiraltyWindow *self = ADMIRALTY_WINDOW (widget);

  AdmPortal *portal = self->campaign != NULL
                        ? admiralty_share_dialog_present (self->room, self->campaign)
                        : NULL;

  if (portal == NULL)
    return;
  admiralty_campaign_orders_set_portal (_admiralty_window_get_campaign_orders (self), portal);
  if (self->projector != NULL)
    admiralty_projector_window_set_portal (ADMIRALTY_PROJECTOR_WINDOW (self->projector), portal);
}

static void
tables_count_cb (AdmiraltyWindow       *self,
                 GParamSpec            *pspec,
                 AdmiraltyTablesDialog *dialog)
{
  admiralty_campaign_orders_set_n_tables (_admiralty_window_get_campaign_orders (self),
                                          admiralty_tables_dialog_get_n_tables (dialog));
}

static void
join_open_cb (AdmiraltyWindow *self,
              AdmTableClient  *client)
{
  _admiralty_window_open_table_battle (self, client);
}

/* F-STRAT-15: the chief set up anew, from the placements step, a battle of this table not
 * begun: a tab showing its old set-up would fight a battle whose entries he refuses, so it
 * closes, with nothing in it to lose (a battle begun has no placements step), and the window
 * says why. Open Battle then opens the set-up he hands out now. */
static void
join_set_up_anew_cb (AdmiraltyWindow *self,
                     const char      *engagement_id,
                     const char      *assignment)
{
  for (int i = adw_tab_view_get_n_pages (self->tab_view) - 1; i >= 0; i--)
    {
      AdwTabPage *tab = adw_tab_view_get_nth_page (self->tab_view, i);
      GtkWidget *child = adw_tab_page_get_child (tab);
      AdmTableClient *client = ADMIRALTY_IS_BATTLE_PAGE (child)
                                 ? admiralty_battle_page_get_table_client (
                                     ADMIRALTY_BATTLE_PAGE (child))
                                 : NULL;
      AdmBattle *battle = client != NULL ? adm_table_client_get_battle (client) : NULL;
      g_autofree char *text = NULL;

      if (battle == NULL || g_strcmp0 (adm_table_client_get_assignment (client), assignment) != 0 ||
          adm_journal_get_n_entries (adm_battle_get_log (battle)) > 0)
        continue;
      adw_tab_view_close_page (self->tab_view, tab);
      /* Translators: a toast at a table: "The chief master set up c1-3 anew: the tab of its
       * old set-up is closed" */
      text = g_strdup_printf (_("The chief master set up %s anew: the tab of its old set-up "
                                "is closed"), engagement_id);
      _admiralty_window_toast (self, text);
    }
}

/* win.why ((ss): a heading and a reason): the reason a toast gives in a few words, whole. */
static void
why_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  const char *heading, *body;

  g_variant_get (parameter, "(&s&s)", &heading, &body);
  _admiralty_window_present_error (ADMIRALTY_WINDOW (widget), heading, body, NULL);
}

/* win.join-table: a table master joins the chief's campaign with his table's link. */
static void
join_table_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  AdmiraltyJoinDialog *dialog = admiralty_join_dialog_new (GTK_WINDOW (widget));

  g_signal_connect_object (dialog, "open-battle", G_CALLBACK (join_open_cb), widget,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (dialog, "set-up-anew", G_CALLBACK (join_set_up_anew_cb), widget,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* win.new-campaign: a new scenario in the scenario editor, its unsaved draft offered back. */
static void
new_campaign_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  GtkApplication *application = gtk_window_get_application (GTK_WINDOW (widget));
  AdmiraltyScenarioEditor *editor;

  if (application == NULL)
    return;
  editor = admiralty_scenario_editor_new_scenario (application);
  gtk_window_present (GTK_WINDOW (editor));
  admiralty_scenario_editor_offer_draft (editor);
}

static void
edit_scenario_response_cb (AdmiraltyWindow      *self,
                           int                   response,
                           GtkFileChooserNative *chooser)
{
  GtkApplication *application = gtk_window_get_application (GTK_WINDOW (self));
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  AdmiraltyScenarioEditor *editor;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  g_clear_object (&self->chooser);
  if (file == NULL || application == NULL)
    return;
  path = g_file_get_path (file);
  editor = path != NULL ? admiralty_scenario_editor_open (application, path, &error) : NULL;
  if (editor == NULL)
    {
      _admiralty_window_present_error (self, _("Could Not Open the Scenario"),
                                       error != NULL ? error->message
                                                     : _("Choose a file on this computer."),
                                       NULL);
      return;
    }
  gtk_window_present (GTK_WINDOW (editor));
  admiralty_scenario_editor_offer_draft (editor);
}

/* win.edit-scenario: a scenario file in the scenario editor; a bundled one as a copy. */
static void
edit_scenario_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  AdmiraltyWindow *self = ADMIRALTY_WINDOW (widget);
  g_autoptr(GtkFileFilter) filter = _admiralty_window_file_filter_new ();

  _admiralty_window_new_chooser (self, _("Edit Scenario"), GTK_FILE_CHOOSER_ACTION_OPEN, _("_Edit"),
                                 G_CALLBACK (edit_scenario_response_cb));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), filter);
  admiralty_window_set_chooser_folder (self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

/* win.tables: several masters, one campaign — the tables other masters join, served with the
 * admirals' portal. */
static void
tables_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  AdmiraltyWindow *self = ADMIRALTY_WINDOW (widget);
  g_autoptr(GError) error = NULL;
  AdmiraltyTablesDialog *dialog;
  AdmPortal *portal;

  if (self->campaign == NULL)
    return;
  portal = admiralty_share_dialog_portal_for (self->room, self->campaign, &error);
  if (portal == NULL)
    {
      _admiralty_window_present_error (self, _("The tables cannot be served"), error->message,
                                       NULL);
      return;
    }
  admiralty_campaign_orders_set_portal (_admiralty_window_get_campaign_orders (self), portal);
  dialog = admiralty_tables_dialog_new (self->room);
  g_signal_connect_object (dialog, "notify::n-tables", G_CALLBACK (tables_count_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
_admiralty_window_class_actions_init (AdmiraltyWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_redo_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, undo_redo_action);
  gtk_widget_class_install_action (widget_class, "win.battle-start-over", NULL,
                                   battle_start_over_action);
  gtk_widget_class_install_action (widget_class, "win.end-battle", NULL, end_battle_action);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_as_action);
  gtk_widget_class_install_action (widget_class, "win.roll", NULL, roll_action);
  gtk_widget_class_install_action (widget_class, "win.resolve-phase", NULL,
                                   resolve_phase_action);
  gtk_widget_class_install_action (widget_class, "win.close-tab", NULL, close_tab_action);
  gtk_widget_class_install_action (widget_class, "win.ti4-combat", NULL, ti4_combat_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_t, GDK_CONTROL_MASK,
                                       "win.ti4-combat", NULL);
  gtk_widget_class_install_action (widget_class, "win.load-orders", NULL, load_orders_action);
  gtk_widget_class_install_action (widget_class, "win.open-sector-battle", "s",
                                   open_sector_battle_action);
  gtk_widget_class_install_action (widget_class, "win.open-path", "s", open_path_action);
  gtk_widget_class_install_action (widget_class, "win.reveal-formation", "s",
                                   reveal_formation_action);
  gtk_widget_class_install_action (widget_class, "win.assign-formation", "(ss)",
                                   assign_formation_action);
  /* One action a kind of correction, the same the command line's `correct` takes. */
  {
    g_autofree char *names = adm_correction_kind_names ();
    g_auto(GStrv) kinds = g_strsplit (names, " ", -1);

    for (guint i = 0; kinds[i] != NULL; i++)
      {
        AdmCorrectionKind kind;

        if (adm_correction_kind_from_string (kinds[i], &kind))
          gtk_widget_class_install_action (widget_class, admiralty_correction_action_name (kind),
                                           "s", correct_action);
      }
  }
  gtk_widget_class_install_action (widget_class, "win.player-screen", "s",
                                   player_screen_action);
  gtk_widget_class_install_action (widget_class, "win.close-player-screens", NULL,
                                   close_player_screens_action);
  gtk_widget_class_install_property_action (widget_class, "win.clock-pause", "clock-paused");
  gtk_widget_class_install_action (widget_class, "win.clock-adjust", "i", clock_adjust_action);
  gtk_widget_class_install_action (widget_class, "win.clock-next-cycle", NULL,
                                   clock_next_cycle_action);
  gtk_widget_class_install_action (widget_class, "win.import-sheets", NULL,
                                   orders_action);
  gtk_widget_class_install_action (widget_class, "win.resolve-cycle", NULL,
                                   orders_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_i, GDK_CONTROL_MASK,
                                       "win.import-sheets", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return,
                                       GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.resolve-cycle",
                                       NULL);
  gtk_widget_class_install_action (widget_class, "win.projector", NULL, projector_action);
  gtk_widget_class_install_action (widget_class, "win.projector-toggle", NULL,
                                   projector_toggle_action);
  gtk_widget_class_install_action (widget_class, "win.print-report", NULL, report_action);
  gtk_widget_class_install_action (widget_class, "win.export-report", NULL, report_action);
  gtk_widget_class_install_action (widget_class, "win.share-admirals", NULL,
                                   share_admirals_action);
  gtk_widget_class_install_action (widget_class, "win.tables", NULL, tables_action);
  gtk_widget_class_install_action (widget_class, "win.join-table", NULL, join_table_action);
  gtk_widget_class_install_action (widget_class, "win.why", "(ss)", why_action);
  _admiralty_window_class_usb_init (klass);
  _admiralty_window_class_ending_init (klass);
  gtk_widget_class_install_action (widget_class, "win.new-campaign", NULL, new_campaign_action);
  gtk_widget_class_install_action (widget_class, "win.edit-scenario", NULL,
                                   edit_scenario_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, GDK_CONTROL_MASK,
                                       "win.print-report", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e,
                                       GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.export-report",
                                       NULL);

  /* The clock's keys are the window's own bindings: only a window has the clock. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p,
                                       GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.clock-pause",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Up,
                                       GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.clock-adjust",
                                       "i", 5);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Down,
                                       GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.clock-adjust",
                                       "i", -5);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_n,
                                       GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.clock-next-cycle", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F5, 0, "win.projector-toggle",
                                       NULL);
}
