/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-scenario-editor.c: the scenario editor's window (see the header). */

#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "admiralty-drafts.h"
#include "admiralty-editor-fleets.h"
#include "admiralty-editor-map.h"
#include "admiralty-editor-problems.h"
#include "admiralty-editor-season.h"
#include "admiralty-editor-sides.h"
#include "admiralty-scenario-editor-private.h"
#include "adm-scenario-check.h"
#include "admiralty-tooltip.h"

/* The draft's name beside the campaign's own drafts (admiralty-drafts.h). */
#define DRAFT_KIND "scenario-draft"

G_DEFINE_FINAL_TYPE (AdmiraltyScenarioEditor, admiralty_scenario_editor,
                     ADW_TYPE_APPLICATION_WINDOW)

AdwToast *
_admiralty_scenario_editor_toast (AdmiraltyScenarioEditor *self,
                                  const char              *title)
{
  AdwToast *toast = adw_toast_new (title);

  adw_toast_set_timeout (toast, 6);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
  return toast;
}

static void
toast (AdmiraltyScenarioEditor *self,
       const char              *title)
{
  _admiralty_scenario_editor_toast (self, title);
}

static void
update_title (AdmiraltyScenarioEditor *self)
{
  const char *name = adm_scenario_item_get_name (adm_scenario_edit_get_item (self->edit));
  g_autofree char *title = NULL;
  const char *shown = name != NULL && name[0] != '\0' ? name : _("Untitled Scenario");

  /* Translators: the window's title, "•" marking unsaved changes */
  if (adm_scenario_edit_get_modified (self->edit))
    title = g_strdup_printf (_("• %s — Scenario Editor"), shown);
  else
    title = g_strdup_printf (_("%s — Scenario Editor"), shown);
  /* A title set is sent to the X server and waited on: only a new one is set. */
  if (g_strcmp0 (gtk_window_get_title (GTK_WINDOW (self)), title) == 0)
    return;
  gtk_window_set_title (GTK_WINDOW (self), title);
  adw_view_switcher_title_set_title (self->switcher_title, title);
}

static void
update_actions (AdmiraltyScenarioEditor *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  guint count = adm_problems_count_blocking (self->problem_list);

  gtk_widget_action_set_enabled (widget, "win.undo", adm_scenario_edit_can_undo (self->edit));
  gtk_widget_action_set_enabled (widget, "win.redo", adm_scenario_edit_can_redo (self->edit));
  gtk_widget_action_set_enabled (widget, "win.start-campaign", count == 0);
  if (count == 0)
    admiralty_tooltip_set (self->start_button,
                           _("Save the scenario and start a new campaign from it"));
  else
    {
      /* Translators: the Start Campaign button's tooltip while it is disabled */
      g_autofree char *tip = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                           "The scenario has %u problem: fix it "
                                                           "on the Problems page first",
                                                           "The scenario has %u problems: fix "
                                                           "them on the Problems page first",
                                                           count), count);

      admiralty_tooltip_set (self->start_button, tip);
    }
}

/* The Problems page asks for attention while the scenario or an order of battle not imported
 * has a problem. */
static void
update_attention (AdmiraltyScenarioEditor *self)
{
  adw_view_stack_page_set_needs_attention (
    self->problems_stack_page,
    self->problem_list->len > 0 ||
    admiralty_editor_problems_get_n_import_problems (self->problems) > 0);
}

/* Every problem at once, with the same checks `admiralty-cli validate` makes. */
static void
check (AdmiraltyScenarioEditor *self)
{
  g_clear_pointer (&self->problem_list, g_ptr_array_unref);
  self->problem_list = adm_scenario_edit_check (self->edit);
  admiralty_editor_problems_set_problems (self->problems, self->edit, self->problem_list);
  adw_view_stack_page_set_badge_number (self->problems_stack_page, self->problem_list->len);
  update_attention (self);
}

/* After every edit, the draft is on disk: a crash loses nothing. */
static void
write_draft (AdmiraltyScenarioEditor *self)
{
  GBytes *bytes = adm_scenario_edit_get_bytes (self->edit);
  g_autoptr(GError) error = NULL;
  gsize length;
  const char *data = g_bytes_get_data (bytes, &length);

  if (!adm_scenario_edit_get_modified (self->edit))
    {
      admiralty_draft_remove (self->draft_path);
      return;
    }
  if (!admiralty_draft_write (self->draft_path, data, length, &error))
    g_warning ("Could not keep the scenario's draft: %s", error->message);
}

static void
edit_changed_cb (AdmiraltyScenarioEditor *self,
                 guint                    change,
                 gpointer                 node,
                 AdmScenarioEdit         *edit)
{
  check (self);
  update_actions (self);
  update_title (self);
  write_draft (self);
}

/* Whether play has begun from the scenario, asked again each time the window is the
 * master's: a campaign started from it may have recorded its first entry meanwhile. From
 * then on a new name moves no id. */
static void
update_ids_fixed (AdmiraltyScenarioEditor *self)
{
  g_autofree char *id =
    g_strdup (adm_scenario_item_get_id (adm_scenario_edit_get_item (self->edit)));

  if (id != NULL && !adm_scenario_edit_get_ids_fixed (self->edit) &&
      admiralty_campaigns_begun_from (id))
    adm_scenario_edit_set_ids_fixed (self->edit, TRUE);
}

static void
edit_notify_cb (AdmiraltyScenarioEditor *self)
{
  update_actions (self);
  update_title (self);
}

static void
set_draft_path (AdmiraltyScenarioEditor *self)
{
  g_free (self->draft_path);
  if (self->path != NULL)
    self->draft_path = admiralty_draft_path (self->path, DRAFT_KIND);
  else
    {
      g_autofree char *id =
        g_strdup (adm_scenario_item_get_id (adm_scenario_edit_get_item (self->edit)));

      self->draft_path = admiralty_draft_path_unsaved (id != NULL ? id : "scenario",
                                                       DRAFT_KIND);
    }
}

/* Saving */

static void start_campaign (AdmiraltyScenarioEditor *self);

GtkWidget *
_admiralty_scenario_editor_present_error (AdmiraltyScenarioEditor *self,
                                          const char              *heading,
                                          const char              *body)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, body);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

static void
present_error (AdmiraltyScenarioEditor *self,
               const char              *heading,
               const char              *body)
{
  _admiralty_scenario_editor_present_error (self, heading, body);
}

static gboolean
save_to (AdmiraltyScenarioEditor *self,
         const char              *target)
{
  /* @target may be self->path itself, which is replaced below. */
  g_autofree char *path = g_strdup (target);
  g_autoptr(GError) error = NULL;
  guint count = adm_problems_count_blocking (self->problem_list);
  g_autofree char *old_draft = g_strdup (self->draft_path);

  if (adm_file_is_installed (path))
    {
      present_error (self, _("Could Not Save the Scenario"),
                     _("A scenario installed with Admiralty is never overwritten: save it "
                       "under another name."));
      return FALSE;
    }
  if (!adm_scenario_edit_save (self->edit, path, &error))
    {
      present_error (self, _("Could Not Save the Scenario"), error->message);
      return FALSE;
    }
  admiralty_draft_remove (old_draft);
  g_free (self->path);
  self->path = g_strdup (path);
  adm_scenario_edit_set_display_name (self->edit, path);
  set_draft_path (self);
  admiralty_draft_remove (self->draft_path);
  if (count == 0)
    toast (self, _("Saved"));
  else
    {
      /* Translators: a toast after saving a scenario that still has problems */
      g_autofree char *title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                             "Saved with %u problem: it cannot "
                                                             "start a campaign until it is fixed",
                                                             "Saved with %u problems: it cannot "
                                                             "start a campaign until they are "
                                                             "fixed", count), count);

      toast (self, title);
    }
  check (self);
  update_title (self);
  return TRUE;
}

static void
save_as_response_cb (AdmiraltyScenarioEditor *self,
                     int                      response,
                     GtkFileChooserNative    *chooser)
{
  g_autoptr(GFile) file = NULL;
  g_autofree char *path = NULL;
  gboolean start = self->start_after_save;
  gboolean close = self->close_after_save;

  self->start_after_save = self->close_after_save = FALSE;
  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  g_clear_object (&self->chooser);
  if (file == NULL)
    return;
  path = g_file_get_path (file);
  if (path == NULL)
    {
      present_error (self, _("Could Not Save the Scenario"),
                     _("Choose a file on this computer."));
      return;
    }
  if (save_to (self, path) && start)
    start_campaign (self);
  else if (adm_scenario_edit_get_modified (self->edit) == FALSE && close)
    {
      self->closing = TRUE;
      gtk_window_close (GTK_WINDOW (self));
    }
}

static void
show_save_as (AdmiraltyScenarioEditor *self)
{
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  g_autofree char *id =
    g_strdup (adm_scenario_item_get_id (adm_scenario_edit_get_item (self->edit)));
  g_autofree char *name = g_strdup_printf ("%s.admiralty", id != NULL ? id : "scenario");

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  self->chooser = gtk_file_chooser_native_new (_("Save Scenario As"), GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_SAVE,
                                               _("_Save"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  gtk_file_filter_set_name (filter, _("Admiralty scenarios and campaigns (*.admiralty)"));
  gtk_file_filter_add_pattern (filter, "*.admiralty");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), filter);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), name);
  g_signal_connect_object (self->chooser, "response", G_CALLBACK (save_as_response_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  AdmiraltyScenarioEditor *self = ADMIRALTY_SCENARIO_EDITOR (widget);

  if (self->path == NULL)
    show_save_as (self);
  else
    save_to (self, self->path);
}

static void
save_as_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  show_save_as (ADMIRALTY_SCENARIO_EDITOR (widget));
}

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  AdmiraltyScenarioEditor *self = ADMIRALTY_SCENARIO_EDITOR (widget);

  if (g_str_equal (action_name, "win.undo"))
    adm_scenario_edit_undo (self->edit);
  else
    adm_scenario_edit_redo (self->edit);
}

static void
duplicate_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  AdmiraltyScenarioEditor *self = ADMIRALTY_SCENARIO_EDITOR (widget);

  adw_view_stack_set_visible_child_name (self->stack, "fleets");
  admiralty_editor_fleets_duplicate (self->fleets);
}

/* The saved file opens as a new campaign the way a bundled scenario does: the application
 * opens it, in a window still showing nothing or a new one. */
static void
start_campaign (AdmiraltyScenarioEditor *self)
{
  g_autoptr(GFile) file = g_file_new_for_path (self->path);
  GApplication *application = G_APPLICATION (gtk_window_get_application (GTK_WINDOW (self)));

  if (application != NULL)
    g_application_open (application, &file, 1, "");
}

static void
start_campaign_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  AdmiraltyScenarioEditor *self = ADMIRALTY_SCENARIO_EDITOR (widget);

  if (adm_problems_count_blocking (self->problem_list) > 0)
    return;
  if (self->path == NULL)
    {
      self->start_after_save = TRUE;
      show_save_as (self);
      return;
    }
  if (adm_scenario_edit_get_modified (self->edit) && !save_to (self, self->path))
    return;
  start_campaign (self);
}

/* Pages */

static void
problem_activated_cb (AdmiraltyScenarioEditor *self,
                      AdmScenarioItem         *item)
{
  admiralty_scenario_editor_show (self, item);
}

void
admiralty_scenario_editor_show (AdmiraltyScenarioEditor *self,
                                AdmScenarioItem         *item)
{
  g_return_if_fail (ADMIRALTY_IS_SCENARIO_EDITOR (self));
  g_return_if_fail (item == NULL || ADM_IS_SCENARIO_ITEM (item));

  /* The page of the item's kind. */
  if (ADM_IS_SCENARIO_FLEET (item) || ADM_IS_SCENARIO_SHIP (item))
    {
      adw_view_stack_set_visible_child_name (self->stack, "fleets");
      admiralty_editor_fleets_select (self->fleets, item);
    }
  else if (ADM_IS_SCENARIO_MAP (item) ||
           ADM_IS_SCENARIO_SECTOR (item) || ADM_IS_SCENARIO_OBJECT (item) ||
           ADM_IS_SCENARIO_LINK (item) || ADM_IS_SCENARIO_MINEFIELD (item))
    {
      adw_view_stack_set_visible_child_name (self->stack, "map");
      admiralty_editor_map_select (self->map, item);
    }
  else if (ADM_IS_SCENARIO_SEASON (item) || ADM_IS_SEASON_CLASS (item) ||
           ADM_IS_SEASON_WEAPON (item) || ADM_IS_SEASON_FACTION (item))
    {
      adw_view_stack_set_visible_child_name (self->stack, "season");
      admiralty_editor_season_select (self->season, item);
    }
  else
    {
      adw_view_stack_set_visible_child_name (self->stack, "sides");
      admiralty_editor_sides_select (self->sides, item);
    }
}

/* Drafts */

static void
draft_response_cb (AdmiraltyScenarioEditor *self,
                   const char              *response,
                   AdwMessageDialog        *dialog)
{
  g_autofree char *data = NULL;
  gsize length = 0;
  g_autoptr(GBytes) text = NULL;
  g_autoptr(GError) error = NULL;

  if (g_str_equal (response, "discard"))
    {
      admiralty_draft_remove (self->draft_path);
      return;
    }
  if (!g_str_equal (response, "restore") ||
      !g_file_get_contents (self->draft_path, &data, &length, &error))
    return;
  text = g_bytes_new_take (g_steal_pointer (&data), length);
  if (!adm_scenario_edit_restore (self->edit, text, &error))
    present_error (self, _("Could Not Restore the Draft"), error->message);
}

void
admiralty_scenario_editor_offer_draft (AdmiraltyScenarioEditor *self)
{
  g_autofree char *data = NULL;
  gsize length = 0;
  g_autoptr(GBytes) draft = NULL;
  GtkWidget *dialog;

  g_return_if_fail (ADMIRALTY_IS_SCENARIO_EDITOR (self));

  if (!g_file_get_contents (self->draft_path, &data, &length, NULL))
    return;
  draft = g_bytes_new_take (g_steal_pointer (&data), length);
  if (g_bytes_equal (draft, adm_scenario_edit_get_bytes (self->edit)))
    return;
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Restore Unsaved Changes?"),
                                   _("The editor closed without saving this scenario. Its "
                                     "last changes were kept as a draft."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "discard", _("_Discard"),
                                    "restore", _("_Restore"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "restore",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "restore");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "restore");
  g_signal_connect_object (dialog, "response", G_CALLBACK (draft_response_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Closing */

static void
close_response_cb (AdmiraltyScenarioEditor *self,
                   const char              *response,
                   AdwMessageDialog        *dialog)
{
  if (g_str_equal (response, "discard"))
    {
      /* Said in so many words: the draft goes too. */
      admiralty_draft_remove (self->draft_path);
      self->closing = TRUE;
      gtk_window_close (GTK_WINDOW (self));
    }
  else if (g_str_equal (response, "save") && self->path == NULL)
    {
      self->close_after_save = TRUE;
      show_save_as (self);
    }
  else if (g_str_equal (response, "save") && save_to (self, self->path))
    {
      self->closing = TRUE;
      gtk_window_close (GTK_WINDOW (self));
    }
}

static gboolean
admiralty_scenario_editor_close_request (GtkWindow *window)
{
  AdmiraltyScenarioEditor *self = ADMIRALTY_SCENARIO_EDITOR (window);
  GtkWidget *dialog;

  if (self->closing || !adm_scenario_edit_get_modified (self->edit))
    return GTK_WINDOW_CLASS (admiralty_scenario_editor_parent_class)->close_request (window);
  dialog = adw_message_dialog_new (window, _("Save Changes?"),
                                   _("The scenario has changes that are not saved. Closed "
                                     "without saving, they are kept as a draft and offered "
                                     "back when it is opened again."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "discard", _("_Discard"),
                                    "save", _("_Save"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (close_response_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
}

/* GObject */

static void
admiralty_scenario_editor_dispose (GObject *object)
{
  AdmiraltyScenarioEditor *self = ADMIRALTY_SCENARIO_EDITOR (object);

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  g_clear_weak_pointer (&self->last_focus);
  g_clear_weak_pointer (&self->dialog);
  /* The switchers let go of the stack before it goes: libadwaita 1.2 otherwise unparents
   * their buttons twice. */
  if (self->switcher_title != NULL)
    adw_view_switcher_title_set_stack (self->switcher_title, NULL);
  if (self->switcher_bar != NULL)
    adw_view_switcher_bar_set_stack (self->switcher_bar, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (object), ADMIRALTY_TYPE_SCENARIO_EDITOR);
  if (self->edit != NULL)
    g_signal_handlers_disconnect_by_data (self->edit, self);
  g_clear_object (&self->edit);
  g_clear_pointer (&self->problem_list, g_ptr_array_unref);

  G_OBJECT_CLASS (admiralty_scenario_editor_parent_class)->dispose (object);
}

static void
admiralty_scenario_editor_finalize (GObject *object)
{
  AdmiraltyScenarioEditor *self = ADMIRALTY_SCENARIO_EDITOR (object);

  g_free (self->path);
  g_free (self->draft_path);

  G_OBJECT_CLASS (admiralty_scenario_editor_parent_class)->finalize (object);
}

static void
admiralty_scenario_editor_class_init (AdmiraltyScenarioEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = admiralty_scenario_editor_dispose;
  object_class->finalize = admiralty_scenario_editor_finalize;
  GTK_WINDOW_CLASS (klass)->close_request = admiralty_scenario_editor_close_request;

  g_type_ensure (ADMIRALTY_TYPE_EDITOR_SIDES);
  g_type_ensure (ADMIRALTY_TYPE_EDITOR_MAP);
  g_type_ensure (ADMIRALTY_TYPE_EDITOR_FLEETS);
  g_type_ensure (ADMIRALTY_TYPE_EDITOR_PROBLEMS);
  g_type_ensure (ADMIRALTY_TYPE_EDITOR_SEASON);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/admiralty/Admiralty/"
                                               "admiralty-scenario-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyScenarioEditor, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyScenarioEditor, stack);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyScenarioEditor, switcher_title);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyScenarioEditor, switcher_bar);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyScenarioEditor, start_button);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyScenarioEditor, sides);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyScenarioEditor, season);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyScenarioEditor, map);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyScenarioEditor, fleets);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyScenarioEditor, problems);
  gtk_widget_class_bind_template_callback (widget_class, problem_activated_cb);

  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_as_action);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.duplicate", NULL, duplicate_action);
  gtk_widget_class_install_action (widget_class, "win.start-campaign", NULL,
                                   start_campaign_action);
  /* Ctrl+Z, Shift+Ctrl+Z and Shift+Ctrl+S are the application's (admiralty-application.c),
   * shared with the main window; these two only the editor has. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK, "win.save",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_d, GDK_CONTROL_MASK,
                                       "win.duplicate", NULL);
  _admiralty_scenario_editor_class_init_actions (widget_class);
}

static void
admiralty_scenario_editor_init (AdmiraltyScenarioEditor *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* Found, not bound: a stack page bound as a template child is disposed twice. */
  self->problems_stack_page = adw_view_stack_get_page (self->stack, GTK_WIDGET (self->problems));
  self->problem_list = g_ptr_array_new ();
  g_signal_connect_object (self->problems, "import-changed", G_CALLBACK (update_attention),
                           self, G_CONNECT_SWAPPED);
  _admiralty_scenario_editor_init_actions (self);
}

AdmiraltyScenarioEditor *
admiralty_scenario_editor_new (GtkApplication  *application,
                               AdmScenarioEdit *edit,
                               const char      *path)
{
  AdmiraltyScenarioEditor *self;

  g_return_val_if_fail (GTK_IS_APPLICATION (application), NULL);
  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (edit), NULL);

  self = g_object_new (ADMIRALTY_TYPE_SCENARIO_EDITOR, "application", application, NULL);
  self->edit = g_object_ref (edit);
  self->path = g_strdup (path);
  set_draft_path (self);
  g_signal_connect_object (edit, "changed", G_CALLBACK (edit_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (edit, "notify", G_CALLBACK (edit_notify_cb), self,
                           G_CONNECT_SWAPPED);
  admiralty_editor_sides_set_edit (self->sides, edit);
  admiralty_editor_map_set_edit (self->map, edit);
  admiralty_editor_fleets_set_edit (self->fleets, edit);
  admiralty_editor_season_set_edit (self->season, edit);
  update_ids_fixed (self);
  g_signal_connect_object (self, "notify::is-active", G_CALLBACK (update_ids_fixed), self,
                           G_CONNECT_SWAPPED);
  check (self);
  update_actions (self);
  update_title (self);
  return self;
}

AdmiraltyScenarioEditor *
admiralty_scenario_editor_new_scenario (GtkApplication *application)
{
  g_autoptr(AdmScenarioEdit) edit = adm_scenario_edit_new ("forcon-2010", _("New Campaign"));

  return admiralty_scenario_editor_new (application, edit, NULL);
}

AdmiraltyScenarioEditor *
admiralty_scenario_editor_open (GtkApplication  *application,
                                const char      *path,
                                GError         **error)
{
  g_autoptr(AdmScenarioEdit) edit = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  edit = adm_scenario_edit_open (path, error);
  if (edit == NULL)
    return NULL;
  /* A bundled scenario is edited as a copy: saved, it goes elsewhere. */
  if (adm_file_is_installed (path))
    return admiralty_scenario_editor_new (application, edit, NULL);
  return admiralty_scenario_editor_new (application, edit, path);
}

AdmScenarioEdit *
admiralty_scenario_editor_get_edit (AdmiraltyScenarioEditor *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_SCENARIO_EDITOR (self), NULL);
  return self->edit;
}

const char *
admiralty_scenario_editor_get_path (AdmiraltyScenarioEditor *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_SCENARIO_EDITOR (self), NULL);
  return self->path;
}

GPtrArray *
admiralty_scenario_editor_get_problems (AdmiraltyScenarioEditor *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_SCENARIO_EDITOR (self), NULL);
  return self->problem_list;
}

GtkWidget *
admiralty_scenario_editor_get_page (AdmiraltyScenarioEditor *self,
                                    const char              *name)
{
  g_return_val_if_fail (ADMIRALTY_IS_SCENARIO_EDITOR (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  return adw_view_stack_get_child_by_name (self->stack, name);
}

void
admiralty_scenario_editor_set_visible_page (AdmiraltyScenarioEditor *self,
                                            const char              *name)
{
  g_return_if_fail (ADMIRALTY_IS_SCENARIO_EDITOR (self));
  adw_view_stack_set_visible_child_name (self->stack, name);
}

const char *
admiralty_scenario_editor_get_visible_page (AdmiraltyScenarioEditor *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_SCENARIO_EDITOR (self), NULL);
  return adw_view_stack_get_visible_child_name (self->stack);
}

guint
admiralty_scenario_editor_get_badge (AdmiraltyScenarioEditor *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_SCENARIO_EDITOR (self), 0);
  return adw_view_stack_page_get_badge_number (self->problems_stack_page);
}

gboolean
admiralty_scenario_editor_save_as (AdmiraltyScenarioEditor *self,
                                   const char              *path)
{
  g_return_val_if_fail (ADMIRALTY_IS_SCENARIO_EDITOR (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  return save_to (self, path);
}

const char *
admiralty_scenario_editor_get_draft_path (AdmiraltyScenarioEditor *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_SCENARIO_EDITOR (self), NULL);
  return self->draft_path;
}
