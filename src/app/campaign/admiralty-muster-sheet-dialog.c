/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-muster-sheet-dialog.c: a printed muster sheet typed in
 * (admiralty-muster-sheet-dialog.h). The dialog reads the paper's columns into a muster draft
 * (AdmMusterDraft): it refuses only what the paper's form itself allows and a draft cannot
 * say — a formation that is not a number, two ships of one command, a formation named with no
 * ship or with ships and no name; everything else the engine's one check decides and words, as
 * for a sheet handed in by `admiralty-cli muster submit`. */

#include "config.h"

#include <glib/gi18n.h>

#include "admiralty-muster-sheet-dialog.h"
#include "adm-campaign-journal.h"
#include "adm-clock.h"
#include "adm-muster.h"

/* The formation rows the sheet has, as the printed sheet: one a ship, a page of them. */
#define FORMATION_ROWS_MAX 16

struct _AdmiraltyMusterSheetDialog
{
  AdwWindow            parent_instance;

  AdwWindowTitle      *window_title;
  AdwPreferencesGroup *ships_group;
  AdwPreferencesGroup *formations_group;
  GtkLabel            *problem_label;

  AdmCampaign         *campaign;
  char                *admiral_id;
  GPtrArray           *formation_entries; /* GtkEntry*, one a ship of the pool */
  GPtrArray           *command_entries;   /* GtkEntry*, one a ship of the pool */
  GPtrArray           *name_rows;         /* AdwEntryRow*, formation 1 first */
  GPtrArray           *hidden_checks;     /* GtkCheckButton*, formation 1 first */
};

enum {
  SIGNAL_HANDED_IN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (AdmiraltyMusterSheetDialog, admiralty_muster_sheet_dialog, ADW_TYPE_WINDOW)

static const AdmPool *
pool (AdmiraltyMusterSheetDialog *self)
{
  return adm_scenario_lookup_pool (adm_campaign_get_scenario (self->campaign), self->admiral_id);
}

static void
set_problem (AdmiraltyMusterSheetDialog *self,
             const char                 *problem)
{
  gtk_label_set_text (self->problem_label, problem != NULL ? problem : "");
  gtk_widget_set_visible (GTK_WIDGET (self->problem_label), problem != NULL);
}

static gboolean
refuse (GError     **error,
        const char  *format,
        ...) G_GNUC_PRINTF (2, 3);

static gboolean
refuse (GError     **error,
        const char  *format,
        ...)
{
  va_list args;

  va_start (args, format);
  *error = g_error_new_valist (ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL, format, args);
  va_end (args);
  return FALSE;
}

/* The whole number typed in @entry, 1 to @max, into @value; 0 when nothing is typed. */
static gboolean
typed_number (GtkEntry *entry,
              guint     max,
              guint    *value)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (entry))));
  guint64 number;

  *value = 0;
  if (*text == '\0')
    return TRUE;
  if (!g_ascii_string_to_unsigned (text, 10, 1, max, &number, NULL))
    return FALSE;
  *value = (guint) number;
  return TRUE;
}

static const char *
typed_text (GtkWidget *editable)
{
  return gtk_editable_get_text (GTK_EDITABLE (editable));
}

/* Formation @number's ships of @formations (guint per ship) into @draft, the flagship the ship
 * of command 1 and the succession by command (F-FORM-4, F-FORM-5). */
static gboolean
add_formation (AdmiraltyMusterSheetDialog *self,
               AdmMusterDraft             *draft,
               guint                       number,
               const guint                *formations,
               const guint                *commands,
               GError                    **error)
{
  const AdmPool *ships = pool (self);
  g_autofree char *name = g_strstrip (g_strdup (typed_text (g_ptr_array_index (self->name_rows,
                                                                               number - 1))));
  gboolean hidden = gtk_check_button_get_active (g_ptr_array_index (self->hidden_checks,
                                                                    number - 1));
  const AdmShip *flagship = NULL;
  AdmMusterDraftFormation *formation;

  if (*name == '\0')
    return refuse (error, _("formation %u has ships but no name: name it as on the sheet"),
                   number);
  for (guint s = 0; s < ships->ships->len; s++)
    if (formations[s] == number && commands[s] == 1)
      {
        const AdmShip *ship = g_ptr_array_index (ships->ships, s);

        if (flagship != NULL)
          return refuse (error, _("formation %u has two flagships, %s and %s: one ship has "
                                  "command 1 (F-FORM-4)"), number, flagship->name, ship->name);
        flagship = ship;
      }
  formation = adm_muster_draft_add (draft, name, flagship != NULL ? flagship->id : "", hidden);
  for (guint s = 0; s < ships->ships->len; s++)
    if (formations[s] == number)
      g_ptr_array_add (formation->ships,
                       g_strdup (((const AdmShip *) g_ptr_array_index (ships->ships, s))->id));
  /* The succession in the order of command, 2 first; no two ships of one command. */
  for (guint command = 2; command <= ships->ships->len; command++)
    {
      const AdmShip *next = NULL;

      for (guint s = 0; s < ships->ships->len; s++)
        if (formations[s] == number && commands[s] == command)
          {
            const AdmShip *ship = g_ptr_array_index (ships->ships, s);

            if (next != NULL)
              return refuse (error, _("%s and %s of formation %u both have command %u: each "
                                      "ship next in command has a number of its own "
                                      "(F-FORM-5)"), next->name, ship->name, number, command);
            next = ship;
          }
      if (next != NULL)
        g_ptr_array_add (formation->succession, g_strdup (next->id));
    }
  return TRUE;
}

/* The sheet as typed, or NULL with the refusal of what its form does not allow. */
static AdmMusterDraft *
read_sheet (AdmiraltyMusterSheetDialog  *self,
            GError                     **error)
{
  const AdmPool *ships = pool (self);
  g_autoptr(AdmMusterDraft) draft = adm_muster_draft_new (self->admiral_id);
  g_autofree guint *formations = g_new0 (guint, ships->ships->len);
  g_autofree guint *commands = g_new0 (guint, ships->ships->len);
  g_autofree gboolean *used = g_new0 (gboolean, self->name_rows->len + 1);

  for (guint s = 0; s < ships->ships->len; s++)
    {
      const AdmShip *ship = g_ptr_array_index (ships->ships, s);
      GtkEntry *formation = g_ptr_array_index (self->formation_entries, s);
      GtkEntry *command = g_ptr_array_index (self->command_entries, s);

      if (!typed_number (formation, self->name_rows->len, &formations[s]))
        {
          refuse (error, _("%s: its formation is a number from 1 to %u, not “%s”"), ship->name,
                  self->name_rows->len, typed_text (GTK_WIDGET (formation)));
          return NULL;
        }
      if (!typed_number (command, ships->ships->len, &commands[s]))
        {
          refuse (error, _("%s: its command is 1 for the flagship, 2 to %u for the ships next "
                           "in command or nothing, not “%s”"), ship->name, ships->ships->len,
                  typed_text (GTK_WIDGET (command)));
          return NULL;
        }
      used[formations[s]] = TRUE;
    }
  for (guint number = 1; number <= self->name_rows->len; number++)
    {
      g_autofree char *name = g_strstrip (g_strdup (typed_text (g_ptr_array_index (self->name_rows,
                                                                                   number - 1))));

      if (used[number] && !add_formation (self, draft, number, formations, commands, error))
        return NULL;
      if (!used[number] && *name != '\0')
        {
          refuse (error, _("formation %u is named “%s” but no ship has its number (F-FORM-3)"),
                  number, name);
          return NULL;
        }
    }
  return g_steal_pointer (&draft);
}

/* muster-sheet.hand-in: the sheet journaled as the admiral's muster, through the one check. */
static void
hand_in_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  AdmiraltyMusterSheetDialog *self = ADMIRALTY_MUSTER_SHEET_DIALOG (widget);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmMusterDraft) draft = read_sheet (self, &error);
  g_autoptr(GPtrArray) events = NULL;
  g_autofree char *action = NULL, *message = NULL;

  if (draft == NULL)
    {
      set_problem (self, error->message);
      return;
    }
  events = adm_muster_draft_events (draft, adm_clock_now ());
  if (!adm_campaign_append_all (self->campaign, events, &error))
    {
      set_problem (self, error->message);
      return;
    }
  action = adm_campaign_describe_undo (self->campaign);
  /* Translators: after a muster sheet typed in, "Adm. Aral Vorkosigan’s muster — journaled;
   * Undo takes it back" */
  message = g_strdup_printf (_("%s — journaled; Undo takes it back"),
                             action != NULL ? action : "");
  g_signal_emit (self, signals[SIGNAL_HANDED_IN], 0, message);
  gtk_window_close (GTK_WINDOW (self));
}

/* Typing: a refusal shown is of what was typed before, and goes. */
static void
changed_cb (AdmiraltyMusterSheetDialog *self)
{
  set_problem (self, NULL);
}

static GtkWidget *
number_entry (AdmiraltyMusterSheetDialog *self,
              const char                 *placeholder,
              const char                 *accessible)
{
  GtkWidget *entry = gtk_entry_new ();

  gtk_editable_set_width_chars (GTK_EDITABLE (entry), 4);
  gtk_editable_set_max_width_chars (GTK_EDITABLE (entry), 4);
  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), placeholder);
  gtk_entry_set_input_purpose (GTK_ENTRY (entry), GTK_INPUT_PURPOSE_DIGITS);
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  gtk_widget_set_valign (entry, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  accessible, -1);
  g_signal_connect_object (entry, "changed", G_CALLBACK (changed_cb), self, G_CONNECT_SWAPPED);
  return entry;
}

/* A row a ship, with its formation and its command to type; then the formations' rows. */
static void
make_rows (AdmiraltyMusterSheetDialog *self)
{
  const AdmPool *ships = pool (self);
  guint rows = MIN (ships->ships->len, FORMATION_ROWS_MAX);

  for (guint s = 0; s < ships->ships->len; s++)
    {
      const AdmShip *ship = g_ptr_array_index (ships->ships, s);
      GtkWidget *row = adw_action_row_new ();
      /* Translators: a ship's row of the muster sheet: its class and id, "Vorpatril ·
       * kestrel" */
      g_autofree char *subtitle = g_strdup_printf (_("%s · %s"), ship->klass->name, ship->id);
      /* Translators: the accessible names of a ship's two fields of the muster sheet */
      g_autofree char *formation_name = g_strdup_printf (_("Formation of %s"), ship->name);
      g_autofree char *command_name = g_strdup_printf (_("Command of %s"), ship->name);
      /* Translators: the placeholders of a ship's two fields of the muster sheet, short */
      GtkWidget *formation = number_entry (self, C_("muster sheet", "Form."), formation_name);
      GtkWidget *command = number_entry (self, C_("muster sheet", "Cmd."), command_name);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), ship->name);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), formation);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), command);
      adw_preferences_group_add (self->ships_group, row);
      g_ptr_array_add (self->formation_entries, formation);
      g_ptr_array_add (self->command_entries, command);
    }
  for (guint f = 0; f < rows; f++)
    {
      GtkWidget *row = adw_entry_row_new ();
      GtkWidget *hidden = gtk_check_button_new_with_mnemonic (_("Hidden"));
      /* Translators: a formation's row of the muster sheet, by its number */
      g_autofree char *title = g_strdup_printf (_("Name of Formation %u"), f + 1);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_entry_row_set_activates_default (ADW_ENTRY_ROW (row), TRUE);
      adw_entry_row_add_suffix (ADW_ENTRY_ROW (row), hidden);
      g_signal_connect_object (row, "changed", G_CALLBACK (changed_cb), self, G_CONNECT_SWAPPED);
      adw_preferences_group_add (self->formations_group, row);
      g_ptr_array_add (self->name_rows, row);
      g_ptr_array_add (self->hidden_checks, hidden);
    }
}

static void
admiralty_muster_sheet_dialog_dispose (GObject *object)
{
  AdmiraltyMusterSheetDialog *self = ADMIRALTY_MUSTER_SHEET_DIALOG (object);

  g_clear_object (&self->campaign);
  gtk_widget_dispose_template (GTK_WIDGET (self), ADMIRALTY_TYPE_MUSTER_SHEET_DIALOG);
  G_OBJECT_CLASS (admiralty_muster_sheet_dialog_parent_class)->dispose (object);
}

static void
admiralty_muster_sheet_dialog_finalize (GObject *object)
{
  AdmiraltyMusterSheetDialog *self = ADMIRALTY_MUSTER_SHEET_DIALOG (object);

  g_free (self->admiral_id);
  g_ptr_array_unref (self->formation_entries);
  g_ptr_array_unref (self->command_entries);
  g_ptr_array_unref (self->name_rows);
  g_ptr_array_unref (self->hidden_checks);
  G_OBJECT_CLASS (admiralty_muster_sheet_dialog_parent_class)->finalize (object);
}

static void
admiralty_muster_sheet_dialog_class_init (AdmiraltyMusterSheetDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = admiralty_muster_sheet_dialog_dispose;
  object_class->finalize = admiralty_muster_sheet_dialog_finalize;

  signals[SIGNAL_HANDED_IN] =
    g_signal_new ("handed-in", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/admiralty/Admiralty/"
                                               "admiralty-muster-sheet-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyMusterSheetDialog, window_title);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyMusterSheetDialog, ships_group);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyMusterSheetDialog,
                                        formations_group);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyMusterSheetDialog, problem_label);
  gtk_widget_class_install_action (widget_class, "muster-sheet.hand-in", NULL, hand_in_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
admiralty_muster_sheet_dialog_init (AdmiraltyMusterSheetDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->formation_entries = g_ptr_array_new ();
  self->command_entries = g_ptr_array_new ();
  self->name_rows = g_ptr_array_new ();
  self->hidden_checks = g_ptr_array_new ();
}

AdmiraltyMusterSheetDialog *
admiralty_muster_sheet_dialog_new (GtkWindow   *parent,
                                   AdmCampaign *campaign,
                                   const char  *admiral_id)
{
  AdmiraltyMusterSheetDialog *self;
  const AdmPool *ships;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), NULL);
  ships = adm_scenario_lookup_pool (adm_campaign_get_scenario (campaign), admiral_id);
  g_return_val_if_fail (ships != NULL, NULL);

  self = g_object_new (ADMIRALTY_TYPE_MUSTER_SHEET_DIALOG, "transient-for", parent, NULL);
  self->campaign = g_object_ref (campaign);
  self->admiral_id = g_strdup (admiral_id);
  adw_window_title_set_subtitle (self->window_title, ships->admiral->name);
  make_rows (self);
  return self;
}

const char *
admiralty_muster_sheet_dialog_get_problem (AdmiraltyMusterSheetDialog *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_MUSTER_SHEET_DIALOG (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->problem_label))
         ? gtk_label_get_text (self->problem_label) : NULL;
}
