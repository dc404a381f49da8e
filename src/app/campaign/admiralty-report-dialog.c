/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-report-dialog.c: choosing a report, then printing it or exporting it as PDF. */

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "adm-doc-render.h"
#include "adm-report-kit.h"
#include "admiralty-plain-text.h"
#include "admiralty-print.h"
#include "admiralty-report-dialog.h"
#include "adm-campaign-file.h"

struct _AdmiraltyReportDialog
{
  AdwWindow              parent_instance;

  AdmCampaign           *campaign;
  GSettings             *settings;
  AdmiraltyReportOutput  output;
  /* A dialog for one kind only (admiralty_report_dialog_new_for_kind ()): its kind. */
  gboolean               fixed;
  AdmReportKind          fixed_kind;
  /* The admiral ids in the admiral row's order; NULL is "every admiral". */
  GPtrArray             *admiral_ids;
  /* A table kit's choices: the engagement ids in the engagement row's order, and whose kit,
   * in the audience row's order: NULL the master's, else a side's id; for the war chronicle,
   * whose it is: NULL the master's, "public", else a faction's id. */
  GPtrArray             *engagement_ids;
  GPtrArray             *audience_ids;
  gboolean               updating;
  /* Whether a document chosen now is kept as the next dialog's first ("report-document"):
   * once the dialog is made, and never for a dialog of one kind. */
  gboolean               remember;
  char                  *problem;
  /* The document being exported while the file chooser is open. */
  AdmDoc                *doc;
  GtkFileChooserNative  *chooser;
  GtkWidget             *error_dialog;   /* weak */

  /* Template children */
  AdwWindowTitle        *window_title;
  GtkWidget             *run_button;
  AdwComboRow           *kind_row;
  AdwComboRow           *admiral_row;
  AdwComboRow           *engagement_row;
  AdwComboRow           *audience_row;
  AdwActionRow          *cycle_row;
  GtkAdjustment         *cycle_adjustment;
  GtkLabel              *problem_label;
};

G_DEFINE_FINAL_TYPE (AdmiraltyReportDialog, admiralty_report_dialog, ADW_TYPE_WINDOW)

/* Every admiral's paper in "report-document": not a kind of its own (adm_report_kind_to_string
 * () has none), but the sheets' packets. */
#define EVERY_ADMIRAL "every-admiral"
/* An engagement's table kit in "report-document", likewise. */
#define TABLE_KIT "kit"
/* The kind row's items after the kinds up to the sheets (AdmReportKind's order). */
#define ITEM_PACKETS (ADM_REPORT_SHEETS + 1)
#define ITEM_PUBLIC  (ADM_REPORT_SHEETS + 2)
#define ITEM_LUCK    (ADM_REPORT_SHEETS + 3)
#define ITEM_KIT     (ADM_REPORT_SHEETS + 4)
#define ITEM_CHRONICLE (ADM_REPORT_SHEETS + 5)

enum {
  SIGNAL_EXPORTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The settings' paper names as the Preferences show them. */
static const struct {
  const char *name;
  const char *label;
} paper_labels[] = {
  { "a4", N_("A4") },
  { "a5", N_("A5") },
  { "letter", N_("US Letter") },
  { "legal", N_("US Legal") },
};

static AdmStrategy *
admiralty_report_dialog_get_strategy (AdmiraltyReportDialog *self)
{
  return adm_state_get_strategy (adm_campaign_get_state (self->campaign));
}

/* F-STRAT-1: orders are being given for the current cycle; the ones before it are resolved. */
static guint
current_cycle (AdmiraltyReportDialog *self)
{
  return adm_strategy_get_cycle (admiralty_report_dialog_get_strategy (self));
}

static void
admiralty_report_dialog_set_problem (AdmiraltyReportDialog *self,
                                     const char            *problem)
{
  g_free (self->problem);
  self->problem = g_strdup (problem);
  gtk_label_set_label (self->problem_label, problem != NULL ? problem : "");
  gtk_widget_set_visible (GTK_WIDGET (self->problem_label), problem != NULL);
}

/* The admirals on offer for @kind: every one first for cards and sheets; none for the
 * master's report. The admiral chosen before stays chosen when still on offer. */
static void
update_admirals (AdmiraltyReportDialog *self,
                 AdmReportKind          kind)
{
  GPtrArray *admirals = adm_campaign_get_admirals (self->campaign);
  g_autofree char *chosen = g_strdup (admiralty_report_dialog_get_admiral (self));
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  guint selected = 0;

  g_ptr_array_set_size (self->admiral_ids, 0);
  if (kind == ADM_REPORT_CARDS || kind == ADM_REPORT_SHEETS || kind == ADM_REPORT_OOB)
    {
      g_ptr_array_add (self->admiral_ids, NULL);
      gtk_string_list_append (names, _("Every Admiral"));
    }
  for (guint i = 0; i < admirals->len; i++)
    {
      AdmAdmiral *admiral = g_ptr_array_index (admirals, i);
      g_autofree char *name = NULL;

      if (g_strcmp0 (admiral->id, chosen) == 0)
        selected = self->admiral_ids->len;
      g_ptr_array_add (self->admiral_ids, g_strdup (admiral->id));
      /* Translators: an admiral and his faction, as "Vorkosigan (Barrayar)" */
      name = admiral->faction != NULL
             ? g_strdup_printf (_("%s (%s)"), admiral->name, admiral->faction->name)
             : g_strdup (admiral->name);
      gtk_string_list_append (names, name);
    }

  adw_combo_row_set_model (self->admiral_row, G_LIST_MODEL (names));
  adw_combo_row_set_selected (self->admiral_row, selected);
  gtk_widget_set_visible (GTK_WIDGET (self->admiral_row),
                          kind != ADM_REPORT_MASTER && kind != ADM_REPORT_PUBLIC &&
                          kind != ADM_REPORT_LUCK && kind != ADM_REPORT_CHRONICLE);
}

/* F-STRAT-1: reports are of resolved cycles (the last by default); order sheets are for the
 * cycle being ordered; fleet cards show the state now, and order-of-battle sheets are blank. */
static void
update_cycles (AdmiraltyReportDialog *self,
               AdmReportKind          kind)
{
  guint current = current_cycle (self);
  guint last = kind == ADM_REPORT_SHEETS ? current : (current > 1 ? current - 1 : 0);
  guint first = kind == ADM_REPORT_SHEETS ? current : 1;

  gtk_adjustment_configure (self->cycle_adjustment, MAX (last, 1), MAX (first, 1),
                            MAX (last, 1), 1, 5, 0);
  gtk_widget_set_visible (GTK_WIDGET (self->cycle_row),
                          kind != ADM_REPORT_CARDS && kind != ADM_REPORT_OOB &&
                          kind != ADM_REPORT_LUCK && kind != ADM_REPORT_CHRONICLE);
  gtk_widget_set_sensitive (GTK_WIDGET (self->cycle_row), first < last);
  if (kind == ADM_REPORT_SHEETS)
    adw_action_row_set_subtitle (self->cycle_row, _("The cycle the orders are for"));
  else if (last == 0)
    adw_action_row_set_subtitle (self->cycle_row, _("No cycle has been resolved yet"));
  else
    adw_action_row_set_subtitle (self->cycle_row, _("A resolved cycle"));
}

/* Whose kit of the chosen engagement: the master's, then each side of its battle (the
 * audience filter decides what a side's kit holds, adm-report-kit.h). The choice before stays
 * when still on offer. */
static void
update_audiences (AdmiraltyReportDialog *self)
{
  g_autofree char *chosen = g_strdup (admiralty_report_dialog_get_audience (self));
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  g_autoptr(AdmBattle) battle = NULL;
  const char *engagement = admiralty_report_dialog_get_engagement (self);
  guint selected = 0;

  g_ptr_array_set_size (self->audience_ids, 0);
  g_ptr_array_add (self->audience_ids, NULL);
  gtk_string_list_append (names, _("The Master: Everything"));
  if (engagement != NULL)
    battle = adm_report_kit_battle (self->campaign, engagement, NULL);
  for (guint i = 0; battle != NULL && i < adm_battle_get_n_sides (battle); i++)
    {
      const AdmBattleSide *side = adm_battle_get_side (battle, i);

      if (g_strcmp0 (side->id, chosen) == 0)
        selected = self->audience_ids->len;
      g_ptr_array_add (self->audience_ids, g_strdup (side->id));
      gtk_string_list_append (names, side->name);
    }
  adw_combo_row_set_model (self->audience_row, G_LIST_MODEL (names));
  adw_combo_row_set_selected (self->audience_row, selected);
}

/* Whose war chronicle: the master's, the public's, then each faction's that has an admiral
 * (adm-chronicle.h: the one audience filter decides what each was told). The choice before
 * stays when still on offer. */
static void
update_chronicle_audiences (AdmiraltyReportDialog *self)
{
  g_autofree char *chosen = g_strdup (admiralty_report_dialog_get_audience (self));
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  AdmScenario *scenario = adm_campaign_get_scenario (self->campaign);
  GPtrArray *factions = adm_scenario_get_factions (scenario);
  GPtrArray *admirals = adm_scenario_get_admirals (scenario);
  guint selected = 0;

  g_ptr_array_set_size (self->audience_ids, 0);
  g_ptr_array_add (self->audience_ids, NULL);
  gtk_string_list_append (names, _("The Master: Everything"));
  g_ptr_array_add (self->audience_ids, g_strdup ("public"));
  gtk_string_list_append (names, _("The Public"));
  if (g_strcmp0 (chosen, "public") == 0)
    selected = 1;
  for (guint i = 0; i < factions->len; i++)
    {
      const AdmFaction *faction = g_ptr_array_index (factions, i);
      gboolean commanded = FALSE;

      for (guint a = 0; a < admirals->len && !commanded; a++)
        commanded = ((AdmAdmiral *) g_ptr_array_index (admirals, a))->faction == faction;
      if (!commanded)
        continue;
      if (g_strcmp0 (faction->id, chosen) == 0)
        selected = self->audience_ids->len;
      g_ptr_array_add (self->audience_ids, g_strdup (faction->id));
      gtk_string_list_append (names, faction->name);
    }
  adw_combo_row_set_model (self->audience_row, G_LIST_MODEL (names));
  adw_combo_row_set_selected (self->audience_row, selected);
}

/* The engagements that have a table: every one of the resolved cycles not dropped unfought,
 * named as the master knows them ("c1-3 — Pol orbit, cycle 1, minute 40"). */
static void
update_engagements (AdmiraltyReportDialog *self)
{
  g_autofree char *chosen = g_strdup (admiralty_report_dialog_get_engagement (self));
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  g_autoptr(GPtrArray) engagements = adm_campaign_get_engagements (self->campaign, 0);
  guint selected = 0;

  g_ptr_array_set_size (self->engagement_ids, 0);
  for (guint i = 0; i < engagements->len; i++)
    {
      const AdmQueuedEngagement *engagement = g_ptr_array_index (engagements, i);
      g_autofree char *place = NULL, *name = NULL;

      if (engagement->status == ADM_ENGAGEMENT_DROPPED)
        continue;
      if (g_strcmp0 (engagement->id, chosen) == 0)
        selected = self->engagement_ids->len;
      place = adm_audience_engagement_name (engagement);
      /* Translators: an engagement in the report dialog: its id and where and when */
      name = g_strdup_printf (_("%s — %s"), engagement->id, place);
      g_ptr_array_add (self->engagement_ids, g_strdup (engagement->id));
      gtk_string_list_append (names, name);
    }
  adw_combo_row_set_model (self->engagement_row, G_LIST_MODEL (names));
  adw_combo_row_set_selected (self->engagement_row, selected);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->engagement_row),
                               self->engagement_ids->len == 0
                               ? _("No engagement has been fought or set up yet") : "");
  update_audiences (self);
}

static void
engagement_changed_cb (AdmiraltyReportDialog *self)
{
  if (self->updating)
    return;
  self->updating = TRUE;
  update_audiences (self);
  self->updating = FALSE;
  admiralty_report_dialog_set_problem (self, NULL);
}

/* Whether a document of @kind is of a resolved cycle (F-STRAT-1): none before cycle 1 is. */
static gboolean
kind_needs_resolved_cycle (AdmReportKind kind)
{
  return kind == ADM_REPORT_MASTER || kind == ADM_REPORT_ADMIRAL || kind == ADM_REPORT_PUBLIC ||
         kind == ADM_REPORT_CHRONICLE;
}

static void
kind_changed_cb (AdmiraltyReportDialog *self)
{
  AdmReportKind kind = admiralty_report_dialog_get_kind (self);
  gboolean packets = admiralty_report_dialog_get_packets (self);
  gboolean kit = admiralty_report_dialog_get_kit (self);

  /* The document chosen is offered first the next time (admiralty_report_dialog_new ()). */
  if (self->remember)
    g_settings_set_string (self->settings, "report-document",
                           kit ? TABLE_KIT
                           : packets ? EVERY_ADMIRAL : adm_report_kind_to_string (kind));
  self->updating = TRUE;
  /* Every admiral's paper: no admiral to choose; the cycle is his report's. */
  update_admirals (self, packets ? ADM_REPORT_MASTER : kind);
  update_cycles (self, packets ? ADM_REPORT_ADMIRAL : kind);
  /* A table kit: the engagement and whose kit, no admiral or cycle. */
  gtk_widget_set_visible (GTK_WIDGET (self->engagement_row), kit);
  gtk_widget_set_visible (GTK_WIDGET (self->audience_row),
                          kit || kind == ADM_REPORT_CHRONICLE);
  /* The war chronicle: whose, every cycle. */
  if (!kit && kind == ADM_REPORT_CHRONICLE)
    update_chronicle_audiences (self);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->audience_row),
                               kit ? _("A side’s kit holds only what that side sees")
                                   : _("A side’s chronicle holds what it was told"));
  if (kit)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->admiral_row), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->cycle_row), FALSE);
      update_engagements (self);
    }
  self->updating = FALSE;
  admiralty_report_dialog_set_problem (self, NULL);
}

/* A problem shown is about the choices it was made for. */
static void
choice_changed_cb (AdmiraltyReportDialog *self)
{
  if (!self->updating)
    admiralty_report_dialog_set_problem (self, NULL);
}

gboolean
admiralty_report_dialog_get_packets (AdmiraltyReportDialog *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_REPORT_DIALOG (self), FALSE);

  if (self->fixed)
    return FALSE;
  return adw_combo_row_get_selected (self->kind_row) == ITEM_PACKETS;
}

gboolean
admiralty_report_dialog_get_kit (AdmiraltyReportDialog *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_REPORT_DIALOG (self), FALSE);

  return !self->fixed && adw_combo_row_get_selected (self->kind_row) == ITEM_KIT;
}

void
admiralty_report_dialog_set_kit (AdmiraltyReportDialog *self)
{
  g_return_if_fail (ADMIRALTY_IS_REPORT_DIALOG (self));
  g_return_if_fail (!self->fixed);

  adw_combo_row_set_selected (self->kind_row, ITEM_KIT);
}

/* The id at the row's choice in @ids, or NULL when the row is hidden or has none. */
static const char *
chosen_id (AdwComboRow *row,
           GPtrArray   *ids)
{
  guint selected = adw_combo_row_get_selected (row);

  if (!gtk_widget_get_visible (GTK_WIDGET (row)) || selected >= ids->len)
    return NULL;
  return g_ptr_array_index (ids, selected);
}

/* Selects the row's item whose id is @id; FALSE when none is. */
static gboolean
choose_id (AdwComboRow *row,
           GPtrArray   *ids,
           const char  *id)
{
  for (guint i = 0; i < ids->len; i++)
    if (g_strcmp0 (g_ptr_array_index (ids, i), id) == 0)
      {
        adw_combo_row_set_selected (row, i);
        return TRUE;
      }
  return FALSE;
}

const char *
admiralty_report_dialog_get_engagement (AdmiraltyReportDialog *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_REPORT_DIALOG (self), NULL);

  return chosen_id (self->engagement_row, self->engagement_ids);
}

gboolean
admiralty_report_dialog_set_engagement (AdmiraltyReportDialog *self,
                                        const char            *engagement_id)
{
  g_return_val_if_fail (ADMIRALTY_IS_REPORT_DIALOG (self), FALSE);

  return choose_id (self->engagement_row, self->engagement_ids, engagement_id);
}

const char *
admiralty_report_dialog_get_audience (AdmiraltyReportDialog *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_REPORT_DIALOG (self), NULL);

  return chosen_id (self->audience_row, self->audience_ids);
}

gboolean
admiralty_report_dialog_set_audience (AdmiraltyReportDialog *self,
                                      const char            *side_id)
{
  g_return_val_if_fail (ADMIRALTY_IS_REPORT_DIALOG (self), FALSE);

  return choose_id (self->audience_row, self->audience_ids, side_id);
}

void
admiralty_report_dialog_set_packets (AdmiraltyReportDialog *self)
{
  g_return_if_fail (ADMIRALTY_IS_REPORT_DIALOG (self));

  adw_combo_row_set_selected (self->kind_row, ITEM_PACKETS);
}

AdmReportKind
admiralty_report_dialog_get_kind (AdmiraltyReportDialog *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_REPORT_DIALOG (self), ADM_REPORT_MASTER);

  if (self->fixed)
    return self->fixed_kind;
  /* The items: the kinds up to the sheets, every admiral's paper, the public bulletin, the
   * luck ledger, then the table kit (not a kind of adm_report_build (): see
   * admiralty_report_dialog_get_kit ()), then the war chronicle. */
  if (adw_combo_row_get_selected (self->kind_row) == ITEM_PUBLIC)
    return ADM_REPORT_PUBLIC;
  if (adw_combo_row_get_selected (self->kind_row) == ITEM_LUCK)
    return ADM_REPORT_LUCK;
  if (adw_combo_row_get_selected (self->kind_row) == ITEM_CHRONICLE)
    return ADM_REPORT_CHRONICLE;
  return (AdmReportKind)MIN (adw_combo_row_get_selected (self->kind_row), ADM_REPORT_SHEETS);
}

void
admiralty_report_dialog_set_kind (AdmiraltyReportDialog *self,
                                  AdmReportKind          kind)
{
  g_return_if_fail (ADMIRALTY_IS_REPORT_DIALOG (self));
  g_return_if_fail (kind <= ADM_REPORT_PUBLIC || kind == ADM_REPORT_LUCK ||
                    kind == ADM_REPORT_CHRONICLE);
  g_return_if_fail (!self->fixed);

  adw_combo_row_set_selected (self->kind_row,
                              kind == ADM_REPORT_PUBLIC ? ITEM_PUBLIC
                              : kind == ADM_REPORT_LUCK ? ITEM_LUCK
                              : kind == ADM_REPORT_CHRONICLE ? ITEM_CHRONICLE : kind);
}

const char *
admiralty_report_dialog_get_admiral (AdmiraltyReportDialog *self)
{
  guint selected;

  g_return_val_if_fail (ADMIRALTY_IS_REPORT_DIALOG (self), NULL);

  selected = adw_combo_row_get_selected (self->admiral_row);
  if (!gtk_widget_get_visible (GTK_WIDGET (self->admiral_row))
      || selected >= self->admiral_ids->len)
    return NULL;

  return g_ptr_array_index (self->admiral_ids, selected);
}

gboolean
admiralty_report_dialog_set_admiral (AdmiraltyReportDialog *self,
                                     const char            *admiral_id)
{
  g_return_val_if_fail (ADMIRALTY_IS_REPORT_DIALOG (self), FALSE);

  for (guint i = 0; i < self->admiral_ids->len; i++)
    if (g_strcmp0 (g_ptr_array_index (self->admiral_ids, i), admiral_id) == 0)
      {
        adw_combo_row_set_selected (self->admiral_row, i);
        return TRUE;
      }

  return FALSE;
}

guint
admiralty_report_dialog_get_cycle (AdmiraltyReportDialog *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_REPORT_DIALOG (self), 0);

  return (guint)gtk_adjustment_get_value (self->cycle_adjustment);
}

void
admiralty_report_dialog_set_cycle (AdmiraltyReportDialog *self,
                                   guint                  cycle)
{
  g_return_if_fail (ADMIRALTY_IS_REPORT_DIALOG (self));

  gtk_adjustment_set_value (self->cycle_adjustment, cycle);
}

char *
admiralty_report_dialog_get_battles_dir (AdmiraltyReportDialog *self)
{
  const char *path;
  g_autofree char *folder = NULL;
  g_autofree char *battles = NULL;

  g_return_val_if_fail (ADMIRALTY_IS_REPORT_DIALOG (self), NULL);

  path = adm_campaign_get_path (self->campaign);
  if (path == NULL)
    return NULL;

  folder = g_path_get_dirname (path);
  battles = g_build_filename (folder, "battles", NULL);
  if (!g_file_test (battles, G_FILE_TEST_IS_DIR))
    return NULL;

  return g_steal_pointer (&battles);
}

/* Every admiral's paper in one document, each admiral's his own part — his name over his
 * pages, his own page numbers, a new sheet: one export or one print job instead of one per
 * admiral. */
static AdmDoc *
build_packets (AdmiraltyReportDialog  *self,
               const char             *battles,
               GError                **error)
{
  return adm_report_build_every_packet (self->campaign,
                                        current_cycle (self) > 1
                                        ? admiralty_report_dialog_get_cycle (self) : 0,
                                        battles, error);
}

AdmDoc *
admiralty_report_dialog_build (AdmiraltyReportDialog  *self,
                               GError                **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *battles = NULL;
  AdmReportKind kind;
  AdmDoc *doc;

  g_return_val_if_fail (ADMIRALTY_IS_REPORT_DIALOG (self), NULL);

  kind = admiralty_report_dialog_get_kind (self);
  battles = admiralty_report_dialog_get_battles_dir (self);
  if (admiralty_report_dialog_get_packets (self))
    doc = build_packets (self, battles, &local_error);
  else if (admiralty_report_dialog_get_kit (self))
    doc = adm_report_kit_build (self->campaign, admiralty_report_dialog_get_engagement (self),
                                admiralty_report_dialog_get_audience (self), &local_error);
  else if (kind == ADM_REPORT_CHRONICLE)
    doc = adm_report_build (self->campaign, kind, admiralty_report_dialog_get_audience (self),
                            0, battles, &local_error);
  else
    doc = adm_report_build (self->campaign, kind, admiralty_report_dialog_get_admiral (self),
                            kind == ADM_REPORT_CARDS ? 0 : admiralty_report_dialog_get_cycle (self),
                            battles, &local_error);
  admiralty_report_dialog_set_problem (self, doc == NULL ? local_error->message : NULL);
  if (doc == NULL)
    g_propagate_error (error, g_steal_pointer (&local_error));

  return doc;
}

const char *
admiralty_report_dialog_get_problem (AdmiraltyReportDialog *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_REPORT_DIALOG (self), NULL);

  return self->problem;
}

GtkWidget *
admiralty_report_dialog_get_error_dialog (AdmiraltyReportDialog *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_REPORT_DIALOG (self), NULL);

  return self->error_dialog;
}

static GtkWidget *
present_error (GtkWindow  *parent,
               const char *heading,
               const char *body)
{
  GtkWidget *dialog = adw_message_dialog_new (parent, heading, body);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));

  return dialog;
}

/* Export */

static gboolean
write_pdf (AdmiraltyReportDialog *self,
           AdmDoc                *doc,
           const char            *path)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *paper_name = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *basename = NULL;
  AdmPaper paper;

  paper_name = admiralty_print_get_paper (self->settings, &paper);
  if (!adm_doc_write_pdf (doc, &paper, path, &error))
    {
      g_autofree char *body = NULL;

      /* The message names the file; say which one if it does not. */
      basename = g_path_get_basename (path);
      body = strstr (error->message, basename) != NULL
             ? g_strdup (error->message)
             /* Translators: a file that could not be written, and why */
             : g_strdup_printf (_("%s: %s"), path, error->message);
      if (self->error_dialog != NULL)
        gtk_window_destroy (GTK_WINDOW (self->error_dialog));
      g_set_weak_pointer (&self->error_dialog,
                          present_error (GTK_WINDOW (self), _("Could Not Export the Report"),
                                         body));
      return FALSE;
    }

  folder = g_path_get_dirname (path);
  g_settings_set_string (self->settings, "last-folder", folder);
  g_settings_set_string (self->settings, "export-folder", folder);
  g_signal_emit (self, signals[SIGNAL_EXPORTED], 0, path);
  gtk_window_close (GTK_WINDOW (self));

  return TRUE;
}

gboolean
admiralty_report_dialog_export (AdmiraltyReportDialog *self,
                                const char            *path)
{
  g_autoptr(AdmDoc) doc = NULL;

  g_return_val_if_fail (ADMIRALTY_IS_REPORT_DIALOG (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  doc = admiralty_report_dialog_build (self, NULL);
  if (doc == NULL)
    return FALSE;

  return write_pdf (self, doc, path);
}

static void
export_response_cb (AdmiraltyReportDialog *self,
                    int                    response,
                    GtkFileChooserNative  *chooser)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(AdmDoc) doc = g_steal_pointer (&self->doc);
  g_autofree char *path = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  g_clear_object (&self->chooser);

  if (file == NULL || doc == NULL)
    return;

  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);
      g_autofree char *body = g_strdup_printf (_("%s is not a local file."), uri);

      g_set_weak_pointer (&self->error_dialog,
                          present_error (GTK_WINDOW (self), _("Could Not Export the Report"),
                                         body));
      return;
    }

  write_pdf (self, doc, path);
}

/* "komarr-admiral-vorkosigan-cycle-3.pdf": the scenario, the kind, the admiral and the cycle. */
static char *
suggested_name (AdmiraltyReportDialog *self)
{
  AdmReportKind kind = admiralty_report_dialog_get_kind (self);
  const char *admiral = admiralty_report_dialog_get_admiral (self);
  GString *name = g_string_new (adm_scenario_get_id (adm_campaign_get_scenario (self->campaign)));

  if (admiralty_report_dialog_get_packets (self))
    {
      g_string_append_printf (name, "-papers-cycle-%u.pdf", current_cycle (self));
      return g_string_free (name, FALSE);
    }
  /* "komarr-kit-c1-3-cetaganda.pdf" */
  if (admiralty_report_dialog_get_kit (self))
    {
      const char *engagement = admiralty_report_dialog_get_engagement (self);
      const char *side = admiralty_report_dialog_get_audience (self);

      g_string_append_printf (name, "-kit-%s%s%s.pdf", engagement != NULL ? engagement : "",
                              side != NULL ? "-" : "", side != NULL ? side : "");
      return g_string_free (name, FALSE);
    }
  /* "komarr-chronicle-barrayar.pdf" */
  if (kind == ADM_REPORT_CHRONICLE)
    {
      const char *whose = admiralty_report_dialog_get_audience (self);

      g_string_append_printf (name, "-chronicle%s%s.pdf", whose != NULL ? "-" : "",
                              whose != NULL ? whose : "");
      return g_string_free (name, FALSE);
    }
  g_string_append_printf (name, "-%s", adm_report_kind_to_string (kind));
  if (admiral != NULL && kind != ADM_REPORT_MASTER && kind != ADM_REPORT_PUBLIC &&
      kind != ADM_REPORT_LUCK)
    g_string_append_printf (name, "-%s", admiral);
  if (kind != ADM_REPORT_CARDS && kind != ADM_REPORT_OOB && kind != ADM_REPORT_LUCK)
    g_string_append_printf (name, "-cycle-%u", admiralty_report_dialog_get_cycle (self));
  g_string_append (name, ".pdf");

  return g_string_free (name, FALSE);
}

static void
show_chooser (AdmiraltyReportDialog *self)
{
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  g_autofree char *name = suggested_name (self);
  g_autofree char *folder = NULL;
  const char *path = adm_campaign_get_path (self->campaign);

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);

  self->chooser = gtk_file_chooser_native_new (_("Export Report as PDF"), GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_SAVE,
                                               _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  gtk_file_filter_set_name (filter, _("PDF documents (*.pdf)"));
  gtk_file_filter_add_pattern (filter, "*.pdf");
  gtk_file_filter_add_mime_type (filter, "application/pdf");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), filter);

  /* Reports go where the last one went (a folder for the printer's files, say), else
   * beside the campaign, else where the last file went. */
  folder = g_settings_get_string (self->settings, "export-folder");
  if (folder[0] == '\0' || !g_file_test (folder, G_FILE_TEST_IS_DIR))
    {
      g_free (folder);
      folder = path != NULL ? g_path_get_dirname (path)
                            : g_settings_get_string (self->settings, "last-folder");
    }
  if (folder[0] != '\0' && g_file_test (folder, G_FILE_TEST_IS_DIR))
    {
      g_autoptr(GFile) file = g_file_new_for_path (folder);

      gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (self->chooser), file, NULL);
    }
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), name);

  g_signal_connect_object (self->chooser, "response", G_CALLBACK (export_response_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

/* Print */

/* The print dialog runs on its own once the report dialog has closed: a failure is told over
 * the main window. */
static void
print_done_cb (GtkPrintOperation       *operation,
               GtkPrintOperationResult  result,
               GtkWindow               *parent)
{
  g_autoptr(GError) error = NULL;

  if (result != GTK_PRINT_OPERATION_RESULT_ERROR)
    return;

  gtk_print_operation_get_error (operation, &error);
  present_error (parent, _("Could Not Print the Report"),
                 error != NULL ? error->message : _("The printer reported a problem."));
}

GtkPrintOperationResult
admiralty_report_dialog_print (AdmiraltyReportDialog    *self,
                               GtkPrintOperationAction   action,
                               const char               *export_path,
                               GError                  **error)
{
  g_autoptr(GtkPrintOperation) operation = NULL;
  g_autofree char *paper_name = NULL;
  GtkWindow *parent;
  AdmDoc *doc;

  g_return_val_if_fail (ADMIRALTY_IS_REPORT_DIALOG (self), GTK_PRINT_OPERATION_RESULT_ERROR);
  g_return_val_if_fail (action != GTK_PRINT_OPERATION_ACTION_EXPORT || export_path != NULL,
                        GTK_PRINT_OPERATION_RESULT_ERROR);

  doc = admiralty_report_dialog_build (self, error);
  if (doc == NULL)
    return GTK_PRINT_OPERATION_RESULT_ERROR;

  paper_name = admiralty_print_get_paper (self->settings, NULL);
  operation = admiralty_print_operation_new (doc, paper_name);
  if (export_path != NULL)
    gtk_print_operation_set_export_filename (operation, export_path);

  /* The print dialog belongs to the main window: this one closes once it is up. */
  parent = gtk_window_get_transient_for (GTK_WINDOW (self));
  if (parent == NULL)
    parent = GTK_WINDOW (self);
  if (action == GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG)
    {
      gtk_print_operation_set_allow_async (operation, TRUE);
      gtk_print_operation_set_show_progress (operation, TRUE);
      if (parent != GTK_WINDOW (self))
        g_signal_connect_object (operation, "done", G_CALLBACK (print_done_cb), parent, 0);
    }

  return gtk_print_operation_run (operation, action, parent, error);
}

void
admiralty_report_dialog_run (AdmiraltyReportDialog *self)
{
  g_autoptr(GError) error = NULL;
  GtkPrintOperationResult result;

  g_return_if_fail (ADMIRALTY_IS_REPORT_DIALOG (self));

  if (self->output == ADMIRALTY_REPORT_OUTPUT_PDF)
    {
      g_clear_pointer (&self->doc, adm_doc_free);
      self->doc = admiralty_report_dialog_build (self, NULL);
      if (self->doc != NULL)
        show_chooser (self);
      return;
    }

  result = admiralty_report_dialog_print (self, GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG, NULL,
                                          &error);
  if (result != GTK_PRINT_OPERATION_RESULT_ERROR)
    {
      gtk_window_close (GTK_WINDOW (self));
      return;
    }
  /* A document that could not be made is shown in the dialog already. */
  if (self->problem == NULL && error != NULL)
    g_set_weak_pointer (&self->error_dialog,
                        present_error (GTK_WINDOW (self), _("Could Not Print the Report"),
                                       error->message));
}

static void
run_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  admiralty_report_dialog_run (ADMIRALTY_REPORT_DIALOG (widget));
}

static void
admiralty_report_dialog_dispose (GObject *object)
{
  AdmiraltyReportDialog *self = (AdmiraltyReportDialog *)object;

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  g_clear_weak_pointer (&self->error_dialog);
  g_clear_object (&self->settings);
  g_clear_object (&self->campaign);
  g_clear_pointer (&self->doc, adm_doc_free);

  gtk_widget_dispose_template (GTK_WIDGET (self), ADMIRALTY_TYPE_REPORT_DIALOG);

  G_OBJECT_CLASS (admiralty_report_dialog_parent_class)->dispose (object);
}

static void
admiralty_report_dialog_finalize (GObject *object)
{
  AdmiraltyReportDialog *self = (AdmiraltyReportDialog *)object;

  g_clear_pointer (&self->admiral_ids, g_ptr_array_unref);
  g_clear_pointer (&self->engagement_ids, g_ptr_array_unref);
  g_clear_pointer (&self->audience_ids, g_ptr_array_unref);
  g_clear_pointer (&self->problem, g_free);

  G_OBJECT_CLASS (admiralty_report_dialog_parent_class)->finalize (object);
}

static void
admiralty_report_dialog_class_init (AdmiraltyReportDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = admiralty_report_dialog_dispose;
  object_class->finalize = admiralty_report_dialog_finalize;

  signals[SIGNAL_EXPORTED] =
    g_signal_new ("exported", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/admiralty/Admiralty/admiralty-report-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyReportDialog, window_title);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyReportDialog, run_button);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyReportDialog, kind_row);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyReportDialog, admiral_row);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyReportDialog, engagement_row);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyReportDialog, audience_row);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyReportDialog, cycle_row);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyReportDialog, cycle_adjustment);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyReportDialog, problem_label);

  gtk_widget_class_install_action (widget_class, "report.run", NULL, run_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK,
                                       "report.run", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
admiralty_report_dialog_init (AdmiraltyReportDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new (APP_ID);
  self->admiral_ids = g_ptr_array_new_with_free_func (g_free);
  self->engagement_ids = g_ptr_array_new_with_free_func (g_free);
  self->audience_ids = g_ptr_array_new_with_free_func (g_free);
  /* The choices in full: a long one ("Every Admiral's Papers: …") wraps rather than losing
   * its end. */
  admiralty_wrapping_choices (self->kind_row);
  admiralty_wrapping_choices (self->admiral_row);
  admiralty_wrapping_choices (self->engagement_row);

  g_signal_connect_object (self->kind_row, "notify::selected", G_CALLBACK (kind_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->admiral_row, "notify::selected",
                           G_CALLBACK (choice_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->engagement_row, "notify::selected",
                           G_CALLBACK (engagement_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->audience_row, "notify::selected",
                           G_CALLBACK (choice_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->cycle_adjustment, "value-changed",
                           G_CALLBACK (choice_changed_cb), self, G_CONNECT_SWAPPED);
}

/* "Print Report" or "Export Report as PDF", on A4 paper (as the setting says). */
static void
admiralty_report_dialog_set_titles (AdmiraltyReportDialog *self)
{
  g_autofree char *paper_name = admiralty_print_get_paper (self->settings, NULL);
  g_autofree char *subtitle = NULL;
  const char *paper = paper_name;
  gboolean pdf = self->output == ADMIRALTY_REPORT_OUTPUT_PDF;
  const char *title = pdf ? _("Export Report as PDF") : _("Print Report");

  for (guint i = 0; i < G_N_ELEMENTS (paper_labels); i++)
    if (g_strcmp0 (paper_name, paper_labels[i].name) == 0)
      paper = _(paper_labels[i].label);
  /* Translators: %s is a paper size, "A4" or "US Letter" */
  subtitle = g_strdup_printf (_("On %s paper"), paper);

  if (self->fixed && self->fixed_kind == ADM_REPORT_CARDS)
    title = pdf ? _("Export Fleet Cards as PDF") : _("Print Fleet Cards");
  else if (self->fixed && self->fixed_kind == ADM_REPORT_OOB)
    title = pdf ? _("Export Blank Order-of-Battle Sheets as PDF")
                : _("Print Blank Order-of-Battle Sheets");
  adw_window_title_set_title (self->window_title, title);
  adw_window_title_set_subtitle (self->window_title, subtitle);
  gtk_window_set_title (GTK_WINDOW (self), title);
  gtk_button_set_label (GTK_BUTTON (self->run_button), pdf ? _("_Export…") : _("_Print…"));
}

AdmiraltyReportDialog *
admiralty_report_dialog_new (GtkWindow             *parent,
                             AdmCampaign           *campaign,
                             AdmiraltyReportOutput  output)
{
  AdmiraltyReportDialog *self;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), NULL);

  self = g_object_new (ADMIRALTY_TYPE_REPORT_DIALOG, "transient-for", parent, NULL);
  self->campaign = g_object_ref (campaign);
  self->output = output;
  admiralty_report_dialog_set_titles (self);
  {
    g_autofree char *last = g_settings_get_string (self->settings, "report-document");
    AdmReportKind kind;

    if (g_strcmp0 (last, EVERY_ADMIRAL) == 0)
      admiralty_report_dialog_set_packets (self);
    else if (g_strcmp0 (last, TABLE_KIT) == 0)
      admiralty_report_dialog_set_kit (self);
    else if (adm_report_kind_from_string (last, &kind) &&
             (kind <= ADM_REPORT_SHEETS || kind == ADM_REPORT_PUBLIC ||
              kind == ADM_REPORT_LUCK || kind == ADM_REPORT_CHRONICLE))
      admiralty_report_dialog_set_kind (self, kind);
    /* F-STRAT-1: before cycle 1 is resolved no report exists yet, the master's, an admiral's
     * or the public bulletin: the dialog offers what does, the order sheets of cycle 1, and
     * keeps the document remembered for when there is a report to print. */
    if (current_cycle (self) <= 1 && !admiralty_report_dialog_get_packets (self) &&
        !admiralty_report_dialog_get_kit (self) &&
        kind_needs_resolved_cycle (admiralty_report_dialog_get_kind (self)))
      admiralty_report_dialog_set_kind (self, ADM_REPORT_SHEETS);
  }
  kind_changed_cb (self);
  self->remember = TRUE;

  return self;
}

AdmiraltyReportDialog *
admiralty_report_dialog_new_for_kind (GtkWindow             *parent,
                                      AdmCampaign           *campaign,
                                      AdmiraltyReportOutput  output,
                                      AdmReportKind          kind)
{
  AdmiraltyReportDialog *self;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), NULL);
  g_return_val_if_fail (kind == ADM_REPORT_CARDS || kind == ADM_REPORT_OOB, NULL);

  self = g_object_new (ADMIRALTY_TYPE_REPORT_DIALOG, "transient-for", parent, NULL);
  self->campaign = g_object_ref (campaign);
  self->output = output;
  self->fixed = TRUE;
  self->fixed_kind = kind;
  gtk_widget_set_visible (GTK_WIDGET (self->kind_row), FALSE);
  admiralty_report_dialog_set_titles (self);
  kind_changed_cb (self);

  return self;
}
