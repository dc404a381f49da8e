/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-muster-page.c: the master's view of the muster (admiralty-muster-page.h). What is
 * shown is read from the campaign's state each time it changes; what the master does is made
 * into the journal's muster events and handed to adm_campaign_append_all (), so that the
 * engine's one check decides and words each refusal, as it does for `admiralty-cli muster`. */

#include "config.h"

#include <glib/gi18n.h>

#include "admiralty-muster-page.h"
#include "admiralty-sheets-chooser.h"
#include "admiralty-muster-sheet-dialog.h"
#include "adm-clock.h"
#include "adm-muster.h"
#include "adm-xml.h"
#include "adm-campaign-journal.h"
#include "admiralty-tooltip.h"

struct _AdmiraltyMusterPage
{
  AdwBin               parent_instance;

  GtkLabel            *summary_label;
  GtkListBox          *admiral_list;
  GtkWidget           *start_button;
  GtkLabel            *problem_label;
  GtkLabel            *title_label;
  GtkLabel            *status_label;
  GtkWidget           *accept_button;
  GtkWidget           *sheet_button;
  GtkWidget           *return_group;
  AdwEntryRow         *reason_row;
  GtkWidget           *return_button;
  AdwPreferencesGroup *formations_group;
  GtkListBox          *formation_list;

  AdmCampaign         *campaign;
  GSignalGroup        *campaign_signals;
  GPtrArray           *admiral_ids;    /* char*, one a row of admiral_list */
  GPtrArray           *formation_rows; /* AdwComboRow*, formation 1 first */
  char                *selected;       /* the admiral shown */
  gboolean             filling;        /* rows being made anew: not the master's choices */
  GtkFileChooserNative *chooser;       /* Import Muster Sheets…, while open */
};

enum {
  SIGNAL_TOAST,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (AdmiraltyMusterPage, admiralty_muster_page, ADW_TYPE_BIN)

static AdmMuster *
muster (AdmiraltyMusterPage *self)
{
  return adm_state_get_muster (adm_campaign_get_state (self->campaign));
}

static const AdmMusterEntry *
selected_entry (AdmiraltyMusterPage *self)
{
  return self->campaign != NULL ? adm_muster_get_entry (muster (self), self->selected) : NULL;
}

static void
set_problem (AdmiraltyMusterPage *self,
             const char          *problem)
{
  gtk_label_set_text (self->problem_label, problem != NULL ? problem : "");
  gtk_widget_set_visible (GTK_WIDGET (self->problem_label), problem != NULL);
}

/* The status as the sidebar says it: "Barrayaran Imperium · accepted". */
static char *
entry_subtitle (const AdmMusterEntry *entry)
{
  /* Translators: an admiral in the muster's sidebar: his faction and his muster's status,
   * "Barrayaran Imperium · handed in" */
  return g_strdup_printf (_("%s · %s"), entry->pool->admiral->faction->name,
                          adm_muster_status_describe (entry->status));
}

/* Who has mustered, at a glance. */
static void
fill_summary (AdmiraltyMusterPage *self)
{
  GPtrArray *entries = adm_muster_get_entries (muster (self));
  guint handed_in = 0, accepted = 0;
  g_autofree char *text = NULL;

  for (guint i = 0; i < entries->len; i++)
    {
      const AdmMusterEntry *entry = g_ptr_array_index (entries, i);

      handed_in += entry->status == ADM_MUSTER_HANDED_IN;
      accepted += entry->status == ADM_MUSTER_ACCEPTED;
    }
  /* Translators: the muster's summary, "Accepted: 2 of 11 admirals · waiting for you: 1" */
  text = g_strdup_printf (_("Accepted: %u of %u admirals · waiting for you: %u"), accepted,
                          entries->len, handed_in);
  gtk_label_set_text (self->summary_label, text);
}

static void
fill_admirals (AdmiraltyMusterPage *self)
{
  GPtrArray *entries = adm_muster_get_entries (muster (self));
  GtkWidget *child;
  GtkListBoxRow *selected = NULL;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->admiral_list))) != NULL)
    gtk_list_box_remove (self->admiral_list, child);
  g_ptr_array_set_size (self->admiral_ids, 0);
  for (guint i = 0; i < entries->len; i++)
    {
      const AdmMusterEntry *entry = g_ptr_array_index (entries, i);
      GtkWidget *row = adw_action_row_new ();
      g_autofree char *subtitle = entry_subtitle (entry);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), entry->pool->admiral->name);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      gtk_list_box_append (self->admiral_list, row);
      g_ptr_array_add (self->admiral_ids, g_strdup (entry->pool->admiral->id));
      if (g_strcmp0 (entry->pool->admiral->id, self->selected) == 0)
        selected = GTK_LIST_BOX_ROW (row);
    }
  if (selected == NULL && entries->len > 0)
    {
      selected = gtk_list_box_get_row_at_index (self->admiral_list, 0);
      g_free (self->selected);
      self->selected = g_strdup (g_ptr_array_index (self->admiral_ids, 0));
    }
  gtk_list_box_select_row (self->admiral_list, selected);
}

/* What the admiral's muster is at, and what the master may do about it. */
static char *
status_text (const AdmMusterEntry *entry)
{
  g_autoptr(GString) text = g_string_new (NULL);

  /* Translators: the pool of the admiral shown, "10 ships, at Komarr wormhole terminus." */
  g_string_append_printf (text, ngettext ("%u ship, at %s.", "%u ships, at %s.",
                                          entry->pool->ships->len),
                          entry->pool->ships->len, entry->pool->sector->name);
  g_string_append_c (text, ' ');
  switch (entry->status)
    {
    case ADM_MUSTER_NOT_HANDED_IN:
      g_string_append (text, _("He has handed in no muster: unless he does, he starts with the "
                               "default formations below (ruling “muster-default”)."));
      break;
    case ADM_MUSTER_HANDED_IN:
      g_string_append (text, _("His muster is handed in and waits for you: accept it, or "
                               "return it with your reason."));
      break;
    case ADM_MUSTER_ACCEPTED:
      g_string_append (text, _("His muster is accepted: set where each formation starts "
                               "(F-GEN-7)."));
      break;
    case ADM_MUSTER_RETURNED:
      /* Translators: a returned muster, with the master's reason */
      g_string_append_printf (text, _("Returned: “%s”. Until he hands in another, he starts "
                                      "with the default formations below (ruling "
                                      "“muster-default”)."), entry->reason);
      break;
    default:
      g_assert_not_reached ();
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* "Prince Serg (flagship), Prince Xav, Emperor Dorca · succession: Prince Xav" */
static char *
formation_subtitle (const AdmMusterFormation *formation)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < formation->ships->len; i++)
    {
      const AdmShip *ship = g_ptr_array_index (formation->ships, i);

      if (i > 0)
        g_string_append (text, ", ");
      if (ship == formation->flagship)
        /* Translators: the flagship among a mustered formation's ships (F-FORM-4) */
        g_string_append_printf (text, _("%s (flagship)"), ship->name);
      else
        g_string_append (text, ship->name);
    }
  if (formation->succession->len > 0)
    {
      /* Translators: after a formation's ships, the ships next in command (F-FORM-5) */
      g_string_append (text, _(" · succession: "));
      for (guint i = 0; i < formation->succession->len; i++)
        g_string_append_printf (text, "%s%s", i > 0 ? ", " : "",
                                ((const AdmShip *) g_ptr_array_index (formation->succession,
                                                                      i))->name);
    }
  if (formation->hidden)
    /* Translators: after a mustered formation's ships (F-STRAT-3) */
    g_string_append (text, _(" · hidden"));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* The formations the admiral's muster shows: those handed in while they wait for the master,
 * else those he would start with (his accepted muster's, or the defaults). */
static GPtrArray *
shown_formations (const AdmMusterEntry *entry)
{
  return entry->status == ADM_MUSTER_HANDED_IN ? entry->formations
                                               : adm_muster_entry_planned (entry);
}

static void
position_changed_cb (AdmiraltyMusterPage *self,
                     GParamSpec          *pspec,
                     AdwComboRow         *row);

static void
fill_formations (AdmiraltyMusterPage  *self,
                 const AdmMusterEntry *entry)
{
  GPtrArray *sectors = adm_scenario_get_sectors (adm_campaign_get_scenario (self->campaign));
  GPtrArray *formations = shown_formations (entry);
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  GtkWidget *child;

  for (guint i = 0; i < sectors->len; i++)
    gtk_string_list_append (names, ((const AdmSector *) g_ptr_array_index (sectors, i))->name);
  /* The rows are kept while their number is: a formation's row whose position was just chosen
   * is updated, not taken away under its own popover. */
  if (self->formation_rows->len != formations->len)
    {
      while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->formation_list))) != NULL)
        gtk_list_box_remove (self->formation_list, child);
      g_ptr_array_set_size (self->formation_rows, 0);
      for (guint f = 0; f < formations->len; f++)
        {
          GtkWidget *row = adw_combo_row_new ();

          adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 3);
          g_signal_connect_object (row, "notify::selected", G_CALLBACK (position_changed_cb),
                                   self, G_CONNECT_SWAPPED);
          gtk_list_box_append (self->formation_list, row);
          g_ptr_array_add (self->formation_rows, row);
        }
    }
  for (guint f = 0; f < formations->len; f++)
    {
      const AdmMusterFormation *formation = g_ptr_array_index (formations, f);
      const AdmSector *sector = formation->sector != NULL ? formation->sector
                                                          : entry->pool->sector;
      GtkWidget *row = g_ptr_array_index (self->formation_rows, f);
      g_autofree char *title = g_strdup_printf ("%u. %s", f + 1, formation->name);
      g_autofree char *subtitle = formation_subtitle (formation);
      guint index = 0;

      g_ptr_array_find (sectors, sector, &index);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      if (adw_combo_row_get_model (ADW_COMBO_ROW (row)) == NULL)
        adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (names));
      adw_combo_row_set_selected (ADW_COMBO_ROW (row), index);
      /* F-GEN-7: where it starts, once the master has decided on the muster. */
      gtk_widget_set_sensitive (row, entry->status != ADM_MUSTER_HANDED_IN);
      admiralty_tooltip_set (row, entry->status != ADM_MUSTER_HANDED_IN
                                  ? _("Where the formation starts (F-GEN-7)")
                                  : _("Accept or return the muster before setting where "
                                      "its formations start"));
    }
  adw_preferences_group_set_description (self->formations_group,
                                         entry->status == ADM_MUSTER_HANDED_IN
                                         ? _("As he handed them in.")
                                         : entry->status == ADM_MUSTER_ACCEPTED
                                         ? _("As accepted, each where it starts.")
                                         : _("The default formations (ruling “muster-default”), "
                                             "each where it starts."));
}

static void
fill_detail (AdmiraltyMusterPage *self)
{
  const AdmMusterEntry *entry = selected_entry (self);
  g_autofree char *title = NULL, *status = NULL;

  gtk_widget_set_visible (gtk_widget_get_parent (GTK_WIDGET (self->title_label)), entry != NULL);
  gtk_widget_set_visible (gtk_widget_get_parent (self->accept_button), entry != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->formations_group), entry != NULL);
  gtk_widget_set_visible (self->return_group, entry != NULL &&
                                              (entry->status == ADM_MUSTER_HANDED_IN ||
                                               entry->status == ADM_MUSTER_ACCEPTED));
  if (entry == NULL)
    return;
  /* Translators: the admiral whose muster is shown, "Adm. Aral Vorkosigan (Barrayaran
   * Imperium)" */
  title = g_strdup_printf (_("%s (%s)"), entry->pool->admiral->name,
                           entry->pool->admiral->faction->name);
  gtk_label_set_text (self->title_label, title);
  status = status_text (entry);
  gtk_label_set_text (self->status_label, status);
  gtk_actionable_set_action_target (GTK_ACTIONABLE (self->accept_button), "s",
                                    entry->pool->admiral->id);
  gtk_actionable_set_action_target (GTK_ACTIONABLE (self->sheet_button), "s",
                                    entry->pool->admiral->id);
  gtk_widget_set_sensitive (self->accept_button, entry->status == ADM_MUSTER_HANDED_IN);
  gtk_widget_set_sensitive (self->sheet_button, entry->status != ADM_MUSTER_ACCEPTED);
  fill_formations (self, entry);
}

static void
refresh (AdmiraltyMusterPage *self)
{
  if (self->campaign == NULL || !adm_muster_has_pools (muster (self)))
    return;
  self->filling = TRUE;
  fill_summary (self);
  fill_admirals (self);
  fill_detail (self);
  gtk_widget_set_sensitive (self->start_button, adm_muster_in_progress (muster (self)));
  self->filling = FALSE;
}

/* The campaign changed (an action of the master's, an undo or redo, a muster from a phone):
 * a refusal shown is of what was before, and goes. */
static void
campaign_changed_cb (AdmiraltyMusterPage *self)
{
  set_problem (self, NULL);
  refresh (self);
}

static void
admiral_selected_cb (AdmiraltyMusterPage *self,
                     GtkListBoxRow       *row)
{
  const char *id;

  if (self->filling || row == NULL)
    return;
  id = g_ptr_array_index (self->admiral_ids, gtk_list_box_row_get_index (row));
  if (g_strcmp0 (id, self->selected) == 0)
    return;
  g_free (self->selected);
  self->selected = g_strdup (id);
  gtk_editable_set_text (GTK_EDITABLE (self->reason_row), "");
  set_problem (self, NULL);
  self->filling = TRUE;
  fill_detail (self);
  self->filling = FALSE;
}

/* @events journaled as one action through the engine's one check, said in a toast; a refusal
 * shown on the page, nothing changed. */
static gboolean
journal (AdmiraltyMusterPage *self,
         GPtrArray           *events)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *action = NULL, *message = NULL;

  if (self->campaign == NULL)
    return FALSE;
  if (!adm_campaign_append_all (self->campaign, events, &error))
    {
      /* What the rows show goes back to the state, the refusal stays. */
      refresh (self);
      set_problem (self, error->message);
      return FALSE;
    }
  action = adm_campaign_describe_undo (self->campaign);
  /* Translators: after a muster action, "Adm. Aral Vorkosigan’s muster accepted — journaled;
   * Undo takes it back" */
  message = g_strdup_printf (_("%s — journaled; Undo takes it back"),
                             action != NULL ? action : "");
  g_signal_emit (self, signals[SIGNAL_TOAST], 0, message);
  return TRUE;
}

static AdmEvent *
event_new (GPtrArray  *events,
           const char *kind,
           const char *admiral_id)
{
  AdmEvent *event = adm_event_new (kind, adm_clock_now ());

  if (admiral_id != NULL)
    adm_event_set (event, "admiral", admiral_id);
  g_ptr_array_add (events, event);
  return event;
}

static GPtrArray *
events_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) adm_event_unref);
}

/* muster.accept (s) */
static void
accept_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  AdmiraltyMusterPage *self = ADMIRALTY_MUSTER_PAGE (widget);
  g_autoptr(GPtrArray) events = events_new ();

  event_new (events, "muster-accept", g_variant_get_string (parameter, NULL));
  journal (self, events);
}

/* muster.return ((ss)): the admiral and the master's reason. */
static void
return_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  AdmiraltyMusterPage *self = ADMIRALTY_MUSTER_PAGE (widget);
  g_autoptr(GPtrArray) events = events_new ();
  const char *admiral_id, *reason;

  g_variant_get (parameter, "(&s&s)", &admiral_id, &reason);
  adm_event_set (event_new (events, "muster-return", admiral_id), "reason", reason);
  if (journal (self, events))
    gtk_editable_set_text (GTK_EDITABLE (self->reason_row), "");
}

/* muster.position ((sus)): the admiral, his formation's number (from 1) and the sector. */
static void
position_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  AdmiraltyMusterPage *self = ADMIRALTY_MUSTER_PAGE (widget);
  g_autoptr(GPtrArray) events = events_new ();
  const char *admiral_id, *sector_id;
  AdmEvent *event;
  guint32 number;

  g_variant_get (parameter, "(&su&s)", &admiral_id, &number, &sector_id);
  event = event_new (events, "muster-position", admiral_id);
  adm_event_set_int (event, "formation", number);
  adm_event_set (event, "sector", sector_id);
  journal (self, events);
}

static void
start_response_cb (AdwMessageDialog    *dialog,
                   const char          *response,
                   AdmiraltyMusterPage *self)
{
  g_autoptr(GPtrArray) events = events_new ();

  if (g_strcmp0 (response, "start") != 0)
    return;
  event_new (events, "muster-start", NULL);
  journal (self, events);
}

/* muster.start: asks first, naming the admirals who start with the default formations. A
 * muster that waits for the master is refused by the engine at once, with no question. */
static void
start_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  AdmiraltyMusterPage *self = ADMIRALTY_MUSTER_PAGE (widget);
  GPtrArray *entries;
  g_autoptr(GString) body = NULL;
  g_autoptr(GString) defaulted = g_string_new (NULL);
  AdwMessageDialog *dialog;

  if (self->campaign == NULL)
    return;
  entries = adm_muster_get_entries (muster (self));
  for (guint i = 0; i < entries->len; i++)
    {
      const AdmMusterEntry *entry = g_ptr_array_index (entries, i);

      if (entry->status == ADM_MUSTER_HANDED_IN)
        {
          g_autoptr(GPtrArray) events = events_new ();

          event_new (events, "muster-start", NULL);
          journal (self, events);
          return;
        }
      if (entry->status != ADM_MUSTER_ACCEPTED)
        g_string_append_printf (defaulted, "%s%s", defaulted->len > 0 ? ", " : "",
                                entry->pool->admiral->name);
    }
  body = g_string_new (_("The muster ends and cycle 1 begins, each formation where you set it "
                         "(F-GEN-7). Undo takes it back."));
  if (defaulted->len > 0)
    {
      g_string_append (body, "\n\n");
      /* Translators: before the start, the admirals with no accepted muster, "Adm. Lord
       * Vorlakial, Baron Fell" */
      g_string_append_printf (body, _("No muster of these admirals was accepted: they start "
                                      "with the default formations (ruling “muster-default”), "
                                      "as their reports will say: %s."), defaulted->str);
    }
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (widget)),
                                                       _("Start the Campaign?"), body->str));
  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"),
                                    "start", _("_Start Cycle 1"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "start", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "start");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (start_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
sheet_handed_in_cb (AdmiraltyMusterPage *self,
                    const char          *message)
{
  g_signal_emit (self, signals[SIGNAL_TOAST], 0, message);
}

/* muster.type-sheet (s): the admiral's muster sheet, typed in from paper. */
static void
type_sheet_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  AdmiraltyMusterPage *self = ADMIRALTY_MUSTER_PAGE (widget);
  AdmiraltyMusterSheetDialog *dialog;

  if (self->campaign == NULL ||
      adm_muster_get_entry (muster (self), g_variant_get_string (parameter, NULL)) == NULL)
    return;
  dialog = admiralty_muster_sheet_dialog_new (GTK_WINDOW (gtk_widget_get_root (widget)),
                                              self->campaign,
                                              g_variant_get_string (parameter, NULL));
  g_signal_connect_object (dialog, "handed-in", G_CALLBACK (sheet_handed_in_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Return (the button, or Enter in the reason): the muster shown, with the reason typed. */
static void
return_activated_cb (AdmiraltyMusterPage *self)
{
  if (self->selected == NULL)
    return;
  gtk_widget_activate_action (GTK_WIDGET (self), "muster.return", "(ss)", self->selected,
                              gtk_editable_get_text (GTK_EDITABLE (self->reason_row)));
}

static void
reason_changed_cb (AdmiraltyMusterPage *self)
{
  if (!self->filling)
    set_problem (self, NULL);
}

/* A formation's starting sector chosen (F-GEN-7). */
static void
position_changed_cb (AdmiraltyMusterPage *self,
                     GParamSpec          *pspec,
                     AdwComboRow         *row)
{
  GPtrArray *sectors;
  const AdmSector *sector;
  guint number, selected = adw_combo_row_get_selected (row);

  if (self->filling || self->campaign == NULL || self->selected == NULL ||
      !g_ptr_array_find (self->formation_rows, row, &number))
    return;
  sectors = adm_scenario_get_sectors (adm_campaign_get_scenario (self->campaign));
  if (selected >= sectors->len)
    return;
  sector = g_ptr_array_index (sectors, selected);
  gtk_widget_activate_action (GTK_WIDGET (self), "muster.position", "(sus)", self->selected,
                              number + 1, sector->id);
}

static void
admiralty_muster_page_dispose (GObject *object)
{
  AdmiraltyMusterPage *self = ADMIRALTY_MUSTER_PAGE (object);

  if (self->campaign_signals != NULL)
    g_signal_group_set_target (self->campaign_signals, NULL);
  g_clear_object (&self->campaign_signals);
  g_clear_object (&self->campaign);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  gtk_widget_dispose_template (GTK_WIDGET (self), ADMIRALTY_TYPE_MUSTER_PAGE);
  G_OBJECT_CLASS (admiralty_muster_page_parent_class)->dispose (object);
}

/* Importing muster sheets */

/* One admiral's muster sheet, all or nothing, as `admiralty-cli muster … submit` takes it:
 * read within the size any Admiralty file may have, read back against the muster (a refusal
 * naming the sheet's line), then journaled through the one check. */
static gboolean
import_one (AdmiraltyMusterPage *self,
            const char          *path,
            GError             **error)
{
  g_autofree char *display = g_filename_display_name (path);
  g_autofree char *data = NULL;
  g_autoptr(AdmMusterDraft) draft = NULL;
  g_autoptr(GPtrArray) events = NULL;
  gsize length = 0;

  data = adm_xml_read_bytes (path, &length, error);
  if (data == NULL)
    return FALSE;
  draft = adm_muster_draft_load (data, length, display, error);
  if (draft == NULL)
    return FALSE;
  /* Read back first, so that a refusal names the sheet's line. */
  if (!adm_muster_check_draft (adm_state_get_muster (adm_campaign_get_state (self->campaign)),
                               draft, error))
    return FALSE;
  events = adm_muster_draft_events (draft, adm_clock_now ());
  return adm_campaign_append_all (self->campaign, events, error);
}

guint
admiralty_muster_page_import_files (AdmiraltyMusterPage *self,
                                    GListModel          *files)
{
  g_autoptr(GString) problems = g_string_new (NULL);
  guint n, imported = 0;

  g_return_val_if_fail (ADMIRALTY_IS_MUSTER_PAGE (self), 0);
  g_return_val_if_fail (G_IS_LIST_MODEL (files), 0);

  if (self->campaign == NULL)
    return 0;
  n = g_list_model_get_n_items (files);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GFile) file = g_list_model_get_item (files, i);
      g_autofree char *path = g_file_get_path (file);
      g_autoptr(GError) error = NULL;

      if (path != NULL && import_one (self, path, &error))
        {
          imported++;
          continue;
        }
      if (problems->len > 0)
        g_string_append (problems, "\n");
      if (path == NULL)
        {
          g_autofree char *uri = g_file_get_uri (file);

          /* Translators: a muster sheet that is not a file on this computer */
          g_string_append_printf (problems, _("%s: not a file on this computer"), uri);
        }
      else
        g_string_append (problems, error->message);
    }
  if (imported > 0)
    {
      /* Translators: a toast after importing muster sheets */
      g_autofree char *toast = g_strdup_printf (ngettext ("%u muster sheet imported — "
                                                          "journaled; Undo takes it back",
                                                          "%u muster sheets imported — "
                                                          "journaled; Undo takes each back",
                                                          imported), imported);

      g_signal_emit (self, signals[SIGNAL_TOAST], 0, toast);
    }
  /* A refused sheet changes nothing; each is named with its line. */
  set_problem (self, problems->len > 0 ? problems->str : NULL);
  return imported;
}

static void
chooser_response_cb (AdmiraltyMusterPage  *self,
                     int                   response,
                     GtkFileChooserNative *chooser)
{
  g_autoptr(GListModel) files = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    files = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (chooser));
  g_clear_object (&self->chooser);
  if (files != NULL)
    admiralty_muster_page_import_files (self, files);
}

/* muster.import-sheets: muster sheets filled in on paper and kept as files (typed by a
 * secretary, sent by an admiral), one or several. */
static void
import_sheets_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  AdmiraltyMusterPage *self = ADMIRALTY_MUSTER_PAGE (widget);

  if (self->campaign == NULL)
    return;
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  self->chooser = admiralty_sheets_chooser_new (widget, _("Import Muster Sheets"),
                                                _("Muster sheets"), NULL);
  g_signal_connect_object (self->chooser, "response", G_CALLBACK (chooser_response_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
admiralty_muster_page_finalize (GObject *object)
{
  AdmiraltyMusterPage *self = ADMIRALTY_MUSTER_PAGE (object);

  g_ptr_array_unref (self->admiral_ids);
  g_ptr_array_unref (self->formation_rows);
  g_free (self->selected);
  G_OBJECT_CLASS (admiralty_muster_page_parent_class)->finalize (object);
}

static void
admiralty_muster_page_class_init (AdmiraltyMusterPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = admiralty_muster_page_dispose;
  object_class->finalize = admiralty_muster_page_finalize;

  signals[SIGNAL_TOAST] =
    g_signal_new ("toast", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/admiralty/Admiralty/"
                                               "admiralty-muster-page.ui");
#define CHILD(name) \
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyMusterPage, name)
  CHILD (summary_label);
  CHILD (admiral_list);
  CHILD (start_button);
  CHILD (problem_label);
  CHILD (title_label);
  CHILD (status_label);
  CHILD (accept_button);
  CHILD (sheet_button);
  CHILD (return_group);
  CHILD (reason_row);
  CHILD (return_button);
  CHILD (formations_group);
  CHILD (formation_list);
#undef CHILD
  gtk_widget_class_bind_template_callback (widget_class, admiral_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, return_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, reason_changed_cb);
  gtk_widget_class_install_action (widget_class, "muster.accept", "s", accept_action);
  gtk_widget_class_install_action (widget_class, "muster.return", "(ss)", return_action);
  gtk_widget_class_install_action (widget_class, "muster.position", "(sus)", position_action);
  gtk_widget_class_install_action (widget_class, "muster.type-sheet", "s", type_sheet_action);
  gtk_widget_class_install_action (widget_class, "muster.start", NULL, start_action);
  gtk_widget_class_install_action (widget_class, "muster.import-sheets", NULL,
                                   import_sheets_action);
}

static void
admiralty_muster_page_init (AdmiraltyMusterPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->admiral_ids = g_ptr_array_new_with_free_func (g_free);
  self->formation_rows = g_ptr_array_new ();
  self->campaign_signals = g_signal_group_new (ADM_TYPE_CAMPAIGN);
  g_signal_group_connect_swapped (self->campaign_signals, "changed",
                                  G_CALLBACK (campaign_changed_cb), self);
}

void
admiralty_muster_page_set_campaign (AdmiraltyMusterPage *self,
                                    AdmCampaign         *campaign)
{
  g_return_if_fail (ADMIRALTY_IS_MUSTER_PAGE (self));
  g_return_if_fail (campaign == NULL || ADM_IS_CAMPAIGN (campaign));

  if (self->campaign == campaign)
    return;
  g_set_object (&self->campaign, campaign);
  g_signal_group_set_target (self->campaign_signals, campaign);
  g_clear_pointer (&self->selected, g_free);
  set_problem (self, NULL);
  refresh (self);
}

const char *
admiralty_muster_page_get_selected_admiral (AdmiraltyMusterPage *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_MUSTER_PAGE (self), NULL);
  return self->selected;
}

const char *
admiralty_muster_page_get_problem (AdmiraltyMusterPage *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_MUSTER_PAGE (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->problem_label))
         ? gtk_label_get_text (self->problem_label) : NULL;
}
