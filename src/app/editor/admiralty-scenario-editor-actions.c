/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-scenario-editor-actions.c: the scenario editor's order of battle in and out of a
 * spreadsheet (the CSV of `admiralty-cli scenario import-oob` and `export-oob`, through the
 * same engine functions), the paper printed from it before play (blank order-of-battle sheets
 * and fleet cards, F-GEN-5, through the report dialog and the reports `admiralty-cli report`
 * makes), and Delete of what is selected on a page. */

#include "config.h"

#include <glib/gi18n.h>

#include "admiralty-report-dialog.h"
#include "admiralty-scenario-editor-private.h"

/* Order of battle in */

/* The refusal on the Problems page, shown: every problem of the CSV with its line and column
 * (a refusal of the file as a whole, one without), and that nothing changed. */
static void
present_refusal (AdmiraltyScenarioEditor *self,
                 const char              *csv_display,
                 const GError            *error,
                 GPtrArray               *problems)
{
  g_autoptr(GPtrArray) whole = NULL;
  g_autofree char *title = NULL;

  if (problems == NULL || problems->len == 0)
    {
      AdmOobProblem *problem = g_new0 (AdmOobProblem, 1);

      problem->message = g_strdup (error->message);
      whole = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_oob_problem_free);
      g_ptr_array_add (whole, problem);
      problems = whole;
    }
  admiralty_editor_problems_set_import_problems (self->problems, csv_display, problems);
  admiralty_scenario_editor_set_visible_page (self, "problems");
  /* Translators: a toast after a refused import, "fleet.csv was not imported: 3 problems" */
  title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s was not imported: %u problem",
                                        "%s was not imported: %u problems", problems->len),
                           csv_display, problems->len);
  _admiralty_scenario_editor_toast (self, title);
}

gboolean
admiralty_scenario_editor_import_oob (AdmiraltyScenarioEditor *self,
                                      const char              *csv_path)
{
  g_autofree char *csv_display = NULL;
  g_autofree char *csv = NULL, *title = NULL, *ships = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GError) error = NULL;
  gsize csv_length = 0;
  AdmOobSummary summary;

  g_return_val_if_fail (ADMIRALTY_IS_SCENARIO_EDITOR (self), FALSE);
  g_return_val_if_fail (csv_path != NULL, FALSE);

  csv_display = g_filename_display_basename (csv_path);
  /* The scenario as the editor holds it now, saved or not, a draft or not: the one edit of the
   * document `admiralty-cli scenario import-oob` makes too, all or nothing and one step of
   * undo. */
  admiralty_editor_problems_set_import_problems (self->problems, NULL, NULL);
  csv = adm_oob_read_csv (csv_path, &csv_length, &error);
  if (csv == NULL ||
      !adm_scenario_edit_import_oob (self->edit, csv, csv_length, csv_display, &summary,
                                     &problems, &error))
    {
      present_refusal (self, csv_display, error, problems);
      return FALSE;
    }
  /* Translators: the first half of "Read 80 ships in 40 formations from fleet.csv; 20
   * admirals added" */
  ships = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Read %u ship in %u formations",
                                        "Read %u ships in %u formations", summary.ships),
                           summary.ships, summary.formations);
  /* Translators: "READ from fleet.csv; 20 admirals added", READ being "Read 80 ships in 40
   * formations" */
  title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s from %s; %u admiral added",
                                        "%s from %s; %u admirals added",
                                        summary.admirals_added),
                           ships, csv_display, summary.admirals_added);
  _admiralty_scenario_editor_toast (self, title);
  return TRUE;
}

/* Order of battle out */

gboolean
admiralty_scenario_editor_export_oob (AdmiraltyScenarioEditor *self,
                                      const char              *csv_path)
{
  g_autoptr(AdmScenario) scenario = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL, *display = NULL, *title = NULL;
  gboolean whole = FALSE;
  gsize length = 0;

  g_return_val_if_fail (ADMIRALTY_IS_SCENARIO_EDITOR (self), FALSE);
  g_return_val_if_fail (csv_path != NULL, FALSE);

  display = g_filename_display_name (csv_path);
  scenario = adm_scenario_edit_build (self->edit, &whole);
  if (scenario == NULL || !whole)
    {
      g_set_weak_pointer (&self->dialog,
                          _admiralty_scenario_editor_present_error (
                            self, _("Could Not Export the Order of Battle"),
                            _("The scenario has problems that keep it from loading: fix them "
                              "on the Problems page first.")));
      return FALSE;
    }
  /* The CSV `admiralty-cli scenario export-oob` writes of the same scenario. */
  data = adm_oob_export (scenario, &length);
  if (!adm_file_write_replacing (csv_path, data, length, &error))
    {
      /* Translators: a file that could not be written, and why */
      g_autofree char *body = g_strdup_printf (_("%s: %s"), display, error->message);

      g_set_weak_pointer (&self->dialog,
                          _admiralty_scenario_editor_present_error (
                            self, _("Could Not Export the Order of Battle"), body));
      return FALSE;
    }
  title = g_strdup_printf (_("Order of battle exported to %s"), display);
  _admiralty_scenario_editor_toast (self, title);
  return TRUE;
}

/* The file choosers */

typedef gboolean (*ChosenFunc) (AdmiraltyScenarioEditor *self,
                                const char              *path);

static void
chosen (AdmiraltyScenarioEditor *self,
        int                      response,
        GtkFileChooserNative    *chooser,
        ChosenFunc               func)
{
  g_autoptr(GFile) file = NULL;
  g_autofree char *path = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  if (self->chooser == chooser)
    g_clear_object (&self->chooser);
  if (file == NULL)
    return;
  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_set_weak_pointer (&self->dialog,
                          _admiralty_scenario_editor_present_error (
                            self, _("Choose a File on This Computer"),
                            _("The order of battle is read from and written to files on this "
                              "computer only.")));
      return;
    }
  func (self, path);
}

static void
import_response_cb (AdmiraltyScenarioEditor *self,
                    int                      response,
                    GtkFileChooserNative    *chooser)
{
  chosen (self, response, chooser, admiralty_scenario_editor_import_oob);
}

static void
export_response_cb (AdmiraltyScenarioEditor *self,
                    int                      response,
                    GtkFileChooserNative    *chooser)
{
  chosen (self, response, chooser, admiralty_scenario_editor_export_oob);
}

/* A chooser of CSV files, beside the scenario's file when it has one. */
static void
show_chooser (AdmiraltyScenarioEditor *self,
              GtkFileChooserAction     action,
              const char              *title,
              const char              *accept,
              GCallback                response_cb)
{
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  self->chooser = gtk_file_chooser_native_new (title, GTK_WINDOW (self), action, accept,
                                               _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  gtk_file_filter_set_name (filter, _("Spreadsheets as CSV (*.csv)"));
  gtk_file_filter_add_pattern (filter, "*.csv");
  gtk_file_filter_add_pattern (filter, "*.CSV");
  gtk_file_filter_add_mime_type (filter, "text/csv");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), filter);
  if (self->path != NULL)
    {
      g_autofree char *folder_path = g_path_get_dirname (self->path);
      g_autoptr(GFile) folder = g_file_new_for_path (folder_path);

      gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (self->chooser), folder, NULL);
    }
  if (action == GTK_FILE_CHOOSER_ACTION_SAVE)
    {
      g_autofree char *id =
        g_strdup (adm_scenario_item_get_id (adm_scenario_edit_get_item (self->edit)));
      g_autofree char *name = g_strdup_printf ("%s-order-of-battle.csv",
                                               id != NULL ? id : "scenario");

      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), name);
    }
  g_signal_connect_object (self->chooser, "response", response_cb, self, G_CONNECT_SWAPPED);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
import_oob_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  show_chooser (ADMIRALTY_SCENARIO_EDITOR (widget), GTK_FILE_CHOOSER_ACTION_OPEN,
                _("Import Order of Battle"), _("_Import"), G_CALLBACK (import_response_cb));
}

static void
export_oob_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  show_chooser (ADMIRALTY_SCENARIO_EDITOR (widget), GTK_FILE_CHOOSER_ACTION_SAVE,
                _("Export Order of Battle"), _("_Export"), G_CALLBACK (export_response_cb));
}

/* Paper */

AdmiraltyReportDialog *
admiralty_scenario_editor_print (AdmiraltyScenarioEditor *self,
                                 AdmReportKind            kind)
{
  g_autoptr(AdmScenario) scenario = NULL;
  g_autoptr(AdmCampaign) campaign = NULL;
  AdmiraltyReportDialog *dialog;
  gboolean whole = FALSE;

  g_return_val_if_fail (ADMIRALTY_IS_SCENARIO_EDITOR (self), NULL);
  g_return_val_if_fail (kind == ADM_REPORT_CARDS || kind == ADM_REPORT_OOB, NULL);

  /* The scenario as the editor holds it now, saved or not, with its own season. */
  scenario = adm_scenario_edit_build (self->edit, &whole);
  if (scenario == NULL || !whole)
    {
      g_set_weak_pointer (&self->dialog,
                          _admiralty_scenario_editor_present_error (
                            self,
                            kind == ADM_REPORT_CARDS ? _("Could Not Print the Fleet Cards")
                                                     : _("Could Not Print the Order-of-Battle "
                                                         "Sheets"),
                            _("The scenario has problems that keep it from loading: fix them "
                              "on the Problems page first.")));
      return NULL;
    }
  /* F-GEN-5: the cards show the fleets as the campaign starts; no die is rolled for them. */
  campaign = adm_campaign_new (scenario, (guint64) g_get_real_time () ^ g_random_int ());
  dialog = admiralty_report_dialog_new_for_kind (GTK_WINDOW (self), campaign,
                                                 ADMIRALTY_REPORT_OUTPUT_PRINT, kind);
  g_set_weak_pointer (&self->dialog, GTK_WIDGET (dialog));
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

static void
print_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  admiralty_scenario_editor_print (ADMIRALTY_SCENARIO_EDITOR (widget),
                                   g_str_equal (action_name, "win.print-fleet-cards")
                                   ? ADM_REPORT_CARDS : ADM_REPORT_OOB);
}

/* Delete */

/* The focus moved to @focus: one inside a page is what Delete is about. */
static void
focus_cb (AdmiraltyScenarioEditor *self)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  if (focus != NULL && self->stack != NULL &&
      gtk_widget_is_ancestor (focus, GTK_WIDGET (self->stack)))
    g_set_weak_pointer (&self->last_focus, focus);
}

/* The widget of the page shown last focused, or NULL. */
static GtkWidget *
focus_on (AdmiraltyScenarioEditor *self,
          GtkWidget               *page)
{
  if (self->last_focus != NULL && gtk_widget_is_ancestor (self->last_focus, page))
    return self->last_focus;
  return NULL;
}

/* "Ship “Kestrel” removed", with Undo. */
static void
removed_toast (AdmiraltyScenarioEditor *self,
               const char              *title)
{
  AdwToast *toast = _admiralty_scenario_editor_toast (self, title);

  adw_toast_set_button_label (toast, _("_Undo"));
  adw_toast_set_action_name (toast, "win.undo");
}

/* A thing of the Map or Fleets page: a sector with its links, an object, a minefield, a link,
 * a formation, a pool with its ships or a ship. */
static void
remove_item (AdmiraltyScenarioEditor *self,
             AdmScenarioItem         *item)
{
  const char *name = adm_scenario_item_get_name (item);
  g_autofree char *title = NULL;
  g_autoptr(GError) error = NULL;

  if (ADM_IS_SCENARIO_SHIP (item))
    title = g_strdup_printf (_("Ship “%s” removed"), name != NULL ? name : "");
  else if (ADM_IS_SCENARIO_FORMATION (item))
    title = g_strdup_printf (_("Formation “%s” removed"), name != NULL ? name : "");
  else if (ADM_IS_SCENARIO_POOL (item))
    title = g_strdup (_("Pool removed with its ships"));
  else if (ADM_IS_SCENARIO_SECTOR (item))
    title = g_strdup_printf (_("Sector “%s” removed with its links"), name != NULL ? name : "");
  else if (ADM_IS_SCENARIO_LINK (item))
    title = g_strdup (_("Link removed"));
  else if (ADM_IS_SCENARIO_MINEFIELD (item))
    title = g_strdup (_("Minefield removed"));
  else
    title = g_strdup_printf (_("“%s” removed"), name != NULL ? name : "");
  if (adm_scenario_item_remove (item, &error))
    removed_toast (self, title);
  else
    _admiralty_scenario_editor_toast (self, error->message);
}

/* An admiral leaves his formations without an admiral: said, and undone by Undo. */
static void
remove_admiral (AdmiraltyScenarioEditor *self,
                AdmScenarioItem         *admiral)
{
  g_autofree char *name = g_strdup (adm_scenario_item_get_name (admiral));
  g_autofree char *title = NULL;
  guint commanded = adm_scenario_admiral_get_n_formations (ADM_SCENARIO_ADMIRAL (admiral));
  g_autoptr(GError) error = NULL;

  if (!adm_scenario_item_remove (admiral, &error))
    {
      _admiralty_scenario_editor_toast (self, error->message);
      return;
    }
  if (commanded == 0)
    title = g_strdup_printf (_("Admiral “%s” removed"), name != NULL ? name : "");
  else
    /* Translators: a toast after an admiral is removed from the scenario */
    title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                          "Admiral “%s” removed: %u formation has no admiral "
                                          "now",
                                          "Admiral “%s” removed: %u formations have no admiral "
                                          "now", commanded),
                             name != NULL ? name : "", commanded);
  removed_toast (self, title);
}

static void
remove_faction (AdmiraltyScenarioEditor *self,
                const char              *faction)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *id = g_strdup (faction);
  g_autofree char *title = NULL;
  AdmRuleset *ruleset = adm_scenario_edit_get_ruleset (self->edit);
  const AdmFaction *known = ruleset != NULL ? adm_ruleset_lookup_faction (ruleset, id) : NULL;
  g_autofree char *name = g_strdup (known != NULL ? known->name : id);

  /* The page's rows are built anew by the edit: the id and name are kept first. */
  if (!adm_scenario_edit_remove_faction (self->edit, id, &error))
    {
      g_set_weak_pointer (&self->dialog,
                          _admiralty_scenario_editor_present_error (
                            self, _("Could Not Remove the Faction"), error->message));
      return;
    }
  title = g_strdup_printf (_("Faction “%s” removed"), name);
  removed_toast (self, title);
}

/* A class of the season (refused while a ship is of it) or one of its weapons. */
static void
remove_season_part (AdmiraltyScenarioEditor *self,
                    const char              *klass,
                    const char              *weapon,
                    const char              *name)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *title = NULL;

  if (weapon != NULL ? !adm_scenario_edit_remove_weapon (self->edit, klass, weapon, &error)
                     : !adm_scenario_edit_remove_class (self->edit, klass, &error))
    {
      _admiralty_scenario_editor_toast (self, error->message);
      return;
    }
  title = weapon != NULL ? g_strdup_printf (_("Weapon “%s” removed"), name)
                         : g_strdup_printf (_("Class “%s” removed"), name);
  removed_toast (self, title);
}

void
admiralty_scenario_editor_delete (AdmiraltyScenarioEditor *self)
{
  const char *page;
  GtkWidget *focus;
  AdmScenarioItem *item = NULL;

  g_return_if_fail (ADMIRALTY_IS_SCENARIO_EDITOR (self));

  page = adw_view_stack_get_visible_child_name (self->stack);
  if (g_strcmp0 (page, "fleets") == 0)
    item = admiralty_editor_fleets_get_item_at (self->fleets,
                                                focus_on (self, GTK_WIDGET (self->fleets)));
  else if (g_strcmp0 (page, "map") == 0)
    item = admiralty_editor_map_get_item_at (self->map, focus_on (self, GTK_WIDGET (self->map)));
  else if (g_strcmp0 (page, "sides") == 0)
    {
      const char *faction;
      AdmScenarioItem *admiral;

      focus = focus_on (self, GTK_WIDGET (self->sides));
      admiral = admiralty_editor_sides_get_admiral_at (self->sides, focus);
      faction = admiralty_editor_sides_get_faction_at (self->sides, focus);
      if (admiral != NULL)
        {
          remove_admiral (self, admiral);
          return;
        }
      if (faction != NULL)
        {
          remove_faction (self, faction);
          return;
        }
    }
  else if (g_strcmp0 (page, "season") == 0)
    {
      g_autofree char *klass = NULL, *weapon = NULL, *name = NULL;

      focus = focus_on (self, GTK_WIDGET (self->season));
      if (admiralty_editor_season_get_at (self->season, focus, &klass, &weapon, &name))
        {
          remove_season_part (self, klass, weapon, name);
          return;
        }
    }
  if (item != NULL)
    {
      remove_item (self, item);
      return;
    }
  _admiralty_scenario_editor_toast (self,
                                    _("Nothing to delete: select an admiral or a faction on "
                                      "the Sides page, a sector, object, minefield or link on "
                                      "the Map, a formation or ship on the Fleets page, or a "
                                      "class or weapon on the Season page"));
}

static void
delete_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  admiralty_scenario_editor_delete (ADMIRALTY_SCENARIO_EDITOR (widget));
}

GtkWidget *
admiralty_scenario_editor_get_dialog (AdmiraltyScenarioEditor *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_SCENARIO_EDITOR (self), NULL);
  return self->dialog;
}

void
_admiralty_scenario_editor_class_init_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.import-oob", NULL, import_oob_action);
  gtk_widget_class_install_action (widget_class, "win.export-oob", NULL, export_oob_action);
  gtk_widget_class_install_action (widget_class, "win.print-oob-sheets", NULL, print_action);
  gtk_widget_class_install_action (widget_class, "win.print-fleet-cards", NULL, print_action);
  gtk_widget_class_install_action (widget_class, "win.delete", NULL, delete_action);
  /* Delete typed in a text field deletes text: only the keys the field leaves reach here. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Delete, 0, "win.delete", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Delete, 0, "win.delete", NULL);
}

void
_admiralty_scenario_editor_init_actions (AdmiraltyScenarioEditor *self)
{
  g_signal_connect_swapped (self, "notify::focus-widget", G_CALLBACK (focus_cb), self);
}
