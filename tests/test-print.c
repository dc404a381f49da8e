/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-print.c: reports on paper from the app — the report dialog's choices make the right
 * report (the master's, an admiral's, fleet cards, order sheets; F-STRAT-1 cycles), PDF export
 * of every kind through the dialog's own path, the print operation's pagination driven
 * through GTK_PRINT_OPERATION_ACTION_EXPORT, the "paper" setting's page sizes, and the
 * problems a master meets (no cycle resolved yet, a file that cannot be written) shown in the
 * dialog. Runs under Xvfb; the PDFs are checked with pdfinfo and pdftotext when installed. */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "adm-doc-render.h"
#include "admiralty-preferences-window.h"
#include "admiralty-print.h"
#include "admiralty-report-dialog.h"
#include "admiralty-window-private.h"
#include "ui-helpers.h"
#include "adm-campaign-file.h"
#include "adm-campaign-journal.h"
#include "adm-order-sheet.h"

#define T0 G_GINT64_CONSTANT (1795370400) /* 2026-11-22T18:00:00Z */

/* The Komarr campaign with cycle 1 resolved from the test order sheets (F-STRAT-1, F-STRAT-2,
 * F-STRAT-3, F-STRAT-4, F-STRAT-5), saved as DIR/komarr.admiralty beside an empty battles/ folder,
 * and opened again from there. */
static AdmCampaign *
resolved_campaign (const char *dir)
{
  static const char * const sheets[] = {
    "komarr-cycle-1-ghem-sarlat.xml", "komarr-cycle-1-radovan.xml",
    "komarr-cycle-1-vorkosigan.xml",
  };
  g_autofree char *scenario = source_path ("scenarios", "komarr-campaign.admiralty", NULL);
  g_autofree char *save_path = g_build_filename (dir, "komarr.admiralty", NULL);
  g_autofree char *battles = g_build_filename (dir, "battles", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = adm_campaign_open (scenario, &error);
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (1);

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (sheets); i++)
    {
      g_autofree char *path = source_path ("scenarios/komarr-campaign.sheets", sheets[i], NULL);
      g_autoptr(GPtrArray) events = adm_order_sheet_load_file (path,
                                                               adm_campaign_get_state (campaign),
                                                               T0 + 2400 - 60, &error);

      g_assert_no_error (error);
      for (guint e = 0; e < events->len; e++)
        {
          g_assert_true (adm_campaign_append (campaign, g_ptr_array_index (events, e), &error));
          g_assert_no_error (error);
        }
    }
  g_assert_true (adm_campaign_resolve_cycle (campaign, ADM_DICE_SOURCE (dice), T0 + 2400,
                                             &error));
  g_assert_no_error (error);
  g_assert_true (adm_campaign_save (campaign, save_path, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_mkdir_with_parents (battles, 0750), ==, 0);

  return adm_campaign_open (save_path, &error);
}

/* The first admiral of the scenario. */
static const char *
first_admiral (AdmCampaign *campaign)
{
  GPtrArray *admirals = adm_scenario_get_admirals (adm_campaign_get_scenario (campaign));

  g_assert_cmpuint (admirals->len, >, 1);
  return ((AdmAdmiral *)g_ptr_array_index (admirals, 0))->id;
}

/* Runs @program @path and returns its standard output, or NULL when it is not installed. */
static char *
run_tool (const char *program,
          const char *path,
          const char *extra)
{
  g_autofree char *found = g_find_program_in_path (program);
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  int status = 0;
  const char *argv[] = { found, path, extra, NULL };

  if (found == NULL)
    {
      g_test_message ("%s is not installed: the PDF's %s are not checked", program,
                      g_str_equal (program, "pdfinfo") ? "pages" : "words");
      return NULL;
    }
  g_assert_true (g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL,
                               NULL, &out, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, &error));
  g_assert_no_error (error);

  return g_steal_pointer (&out);
}

/* Checks that @path is a PDF; its number of pages (0 when pdfinfo is missing) and page size. */
static guint
check_pdf (const char *path,
           double     *width,
           double     *height)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *info = NULL;
  gsize length = 0;
  const char *pages, *size;

  g_assert_true (g_file_get_contents (path, &contents, &length, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (length, >, 4);
  g_assert_cmpint (memcmp (contents, "%PDF", 4), ==, 0);

  info = run_tool ("pdfinfo", path, NULL);
  if (info == NULL)
    return 0;
  pages = strstr (info, "Pages:");
  size = strstr (info, "Page size:");
  g_assert_nonnull (pages);
  g_assert_nonnull (size);
  if (width != NULL && height != NULL)
    g_assert_cmpint (sscanf (size, "Page size: %lf x %lf", width, height), ==, 2);

  return (guint)g_ascii_strtoull (pages + strlen ("Pages:"), NULL, 10);
}

static void
set_paper (const char *name)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);

  g_settings_set_string (settings, "paper", name);
}

static void
exported_cb (AdmiraltyReportDialog *dialog,
             const char            *path,
             char                 **exported)
{
  g_free (*exported);
  *exported = g_strdup (path);
}

/* The dialog's defaults and choices: each makes the adm_report_build () call it shows. */
static void
test_choices (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("admiralty-print-XXXXXX", &error);
  g_autoptr(AdmCampaign) campaign = resolved_campaign (dir);
  g_autofree char *battles = g_build_filename (dir, "battles", NULL);
  g_autofree char *dialog_battles = NULL;
  const char *admiral = first_admiral (campaign);
  AdmiraltyReportDialog *dialog;
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  const struct {
    AdmReportKind kind;
    const char   *admiral;
    guint         cycle;
  } cases[] = {
    { ADM_REPORT_MASTER, NULL, 1 },
    { ADM_REPORT_ADMIRAL, admiral, 1 },
    { ADM_REPORT_CARDS, NULL, 0 },
    { ADM_REPORT_CARDS, admiral, 0 },
    { ADM_REPORT_SHEETS, NULL, 2 },
    { ADM_REPORT_SHEETS, admiral, 2 },
    { ADM_REPORT_PUBLIC, NULL, 1 },
  };

  /* No document chosen before. */
  g_settings_reset (settings, "report-document");
  dialog = admiralty_report_dialog_new (NULL, campaign, ADMIRALTY_REPORT_OUTPUT_PDF);
  g_object_ref_sink (dialog);
  dialog_battles = admiralty_report_dialog_get_battles_dir (dialog);
  g_assert_cmpstr (dialog_battles, ==, battles);

  /* F-STRAT-1: the master's report of the last resolved cycle first. */
  g_assert_cmpint (admiralty_report_dialog_get_kind (dialog), ==, ADM_REPORT_MASTER);
  g_assert_cmpuint (admiralty_report_dialog_get_cycle (dialog), ==, 1);
  g_assert_null (admiralty_report_dialog_get_admiral (dialog));

  /* An admiral's report needs an admiral: "every admiral" is only for cards and sheets. */
  admiralty_report_dialog_set_kind (dialog, ADM_REPORT_ADMIRAL);
  g_assert_cmpstr (admiralty_report_dialog_get_admiral (dialog), ==, admiral);
  g_assert_false (admiralty_report_dialog_set_admiral (dialog, NULL));
  g_assert_false (admiralty_report_dialog_set_admiral (dialog, "no-such-admiral"));
  /* The admiral chosen stays chosen for his cards; "every admiral" is on offer now. */
  admiralty_report_dialog_set_kind (dialog, ADM_REPORT_CARDS);
  g_assert_cmpstr (admiralty_report_dialog_get_admiral (dialog), ==, admiral);
  g_assert_true (admiralty_report_dialog_set_admiral (dialog, NULL));
  g_assert_null (admiralty_report_dialog_get_admiral (dialog));
  /* Order sheets are for the cycle being ordered, 2 once cycle 1 is resolved. */
  admiralty_report_dialog_set_kind (dialog, ADM_REPORT_SHEETS);
  g_assert_cmpuint (admiralty_report_dialog_get_cycle (dialog), ==, 2);
  /* The public bulletin is no admiral's: none to choose, a resolved cycle. */
  admiralty_report_dialog_set_kind (dialog, ADM_REPORT_PUBLIC);
  g_assert_cmpint (admiralty_report_dialog_get_kind (dialog), ==, ADM_REPORT_PUBLIC);
  g_assert_false (admiralty_report_dialog_get_packets (dialog));
  g_assert_null (admiralty_report_dialog_get_admiral (dialog));
  g_assert_cmpuint (admiralty_report_dialog_get_cycle (dialog), ==, 1);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(AdmDoc) expected = NULL;
      g_autoptr(AdmDoc) chosen = NULL;
      g_autofree char *expected_text = NULL;
      g_autofree char *chosen_text = NULL;

      admiralty_report_dialog_set_kind (dialog, cases[i].kind);
      if (cases[i].kind != ADM_REPORT_MASTER && cases[i].kind != ADM_REPORT_PUBLIC)
        g_assert_true (admiralty_report_dialog_set_admiral (dialog, cases[i].admiral));
      if (cases[i].cycle != 0)
        admiralty_report_dialog_set_cycle (dialog, cases[i].cycle);
      g_assert_cmpstr (admiralty_report_dialog_get_admiral (dialog), ==, cases[i].admiral);

      expected = adm_report_build (campaign, cases[i].kind, cases[i].admiral, cases[i].cycle,
                                   battles, &error);
      g_assert_no_error (error);
      chosen = admiralty_report_dialog_build (dialog, &error);
      g_assert_no_error (error);
      g_assert_null (admiralty_report_dialog_get_problem (dialog));
      expected_text = adm_doc_to_text (expected);
      chosen_text = adm_doc_to_text (chosen);
      g_assert_cmpstr (chosen_text, ==, expected_text);
    }

  /* The luck ledger (adm-luck.h): a campaign with no battle kept has no roll to weigh, and
   * the dialog says so. */
  admiralty_report_dialog_set_kind (dialog, ADM_REPORT_LUCK);
  g_assert_cmpint (admiralty_report_dialog_get_kind (dialog), ==, ADM_REPORT_LUCK);
  g_assert_false (admiralty_report_dialog_get_packets (dialog));
  g_assert_null (admiralty_report_dialog_build (dialog, &error));
  g_assert_error (error, ADM_REPORT_ERROR, ADM_REPORT_ERROR_ENGAGEMENT);
  g_assert_nonnull (strstr (admiralty_report_dialog_get_problem (dialog),
                            "No battle has been fought in this campaign yet"));
  g_clear_error (&error);

  /* The war chronicle (adm-chronicle.h): no admiral or cycle; whose, in the For row — the
   * master's first, then the public's and each side's — the one adm_report_build () tells. */
  admiralty_report_dialog_set_kind (dialog, ADM_REPORT_CHRONICLE);
  g_assert_cmpint (admiralty_report_dialog_get_kind (dialog), ==, ADM_REPORT_CHRONICLE);
  g_assert_null (admiralty_report_dialog_get_admiral (dialog));
  g_assert_null (admiralty_report_dialog_get_audience (dialog));
  {
    g_autoptr(AdmDoc) expected = adm_report_build (campaign, ADM_REPORT_CHRONICLE, NULL, 0,
                                                   battles, &error);
    g_autoptr(AdmDoc) chosen = admiralty_report_dialog_build (dialog, &error);
    g_autofree char *expected_text = NULL, *chosen_text = NULL;

    g_assert_no_error (error);
    expected_text = adm_doc_to_text (expected);
    chosen_text = adm_doc_to_text (chosen);
    g_assert_cmpstr (chosen_text, ==, expected_text);
  }

  gtk_window_destroy (GTK_WINDOW (dialog));
  g_assert_finalize_object (dialog);
  remove_tree (dir);
}

/* Every kind exported as PDF through the dialog, as the file chooser's answer does it: the
 * file is a PDF of at least one page, the dialog says so and closes. */
static void
test_export_every_kind (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("admiralty-print-XXXXXX", &error);
  g_autoptr(AdmCampaign) campaign = resolved_campaign (dir);

  set_paper ("a4");
  for (AdmReportKind kind = ADM_REPORT_MASTER; kind <= ADM_REPORT_PUBLIC; kind++)
    {
      AdmiraltyReportDialog *dialog = admiralty_report_dialog_new (NULL, campaign,
                                                                   ADMIRALTY_REPORT_OUTPUT_PDF);
      g_autofree char *name = g_strdup_printf ("%s.pdf", adm_report_kind_to_string (kind));
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *exported = NULL;
      g_autofree char *text = NULL;
      double width = 0, height = 0;
      guint pages;

      g_object_ref_sink (dialog);
      g_signal_connect (dialog, "exported", G_CALLBACK (exported_cb), &exported);
      admiralty_report_dialog_set_kind (dialog, kind);
      if (kind == ADM_REPORT_ADMIRAL)
        g_assert_nonnull (admiralty_report_dialog_get_admiral (dialog));
      gtk_window_present (GTK_WINDOW (dialog));
      iterate_until (widget_mapped, dialog, 5000);

      g_assert_true (admiralty_report_dialog_export (dialog, path));
      g_assert_cmpstr (exported, ==, path);
      g_assert_null (admiralty_report_dialog_get_error_dialog (dialog));
      pages = check_pdf (path, &width, &height);
      if (pages != 0)
        {
          g_assert_cmpuint (pages, >=, 1);
          /* A4 by default: 595 × 842 points. */
          g_assert_cmpfloat_with_epsilon (width, 595.28, 1.0);
          g_assert_cmpfloat_with_epsilon (height, 841.89, 1.0);
        }
      /* Text as real text: the campaign's name is on every page's header. */
      text = run_tool ("pdftotext", path, "-");
      if (text != NULL)
        g_assert_nonnull (strstr (text, adm_scenario_get_name (adm_campaign_get_scenario (campaign))));

      /* The dialog closed once the file was written. */
      iterate ();
      g_assert_false (gtk_widget_get_visible (GTK_WIDGET (dialog)));
      g_assert_finalize_object (dialog);
    }
  remove_tree (dir);
}

/* Every admiral's paper in one export: each admiral's report, fleet cards and order
 * sheet, one after the other, in one PDF — not one file dialog per admiral. */
static void
test_export_packets (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("admiralty-print-XXXXXX", &error);
  g_autoptr(AdmCampaign) campaign = resolved_campaign (dir);
  AdmiraltyReportDialog *dialog = admiralty_report_dialog_new (NULL, campaign,
                                                               ADMIRALTY_REPORT_OUTPUT_PDF);
  g_autofree char *path = g_build_filename (dir, "papers.pdf", NULL);
  g_autofree char *exported = NULL;
  g_autofree char *text = NULL;
  GPtrArray *admirals = adm_scenario_get_admirals (adm_campaign_get_scenario (campaign));

  set_paper ("a4");
  g_object_ref_sink (dialog);
  g_signal_connect (dialog, "exported", G_CALLBACK (exported_cb), &exported);
  admiralty_report_dialog_set_packets (dialog);
  g_assert_true (admiralty_report_dialog_get_packets (dialog));
  gtk_window_present (GTK_WINDOW (dialog));
  iterate_until (widget_mapped, dialog, 5000);
  g_assert_true (admiralty_report_dialog_export (dialog, path));
  g_assert_cmpstr (exported, ==, path);
  text = run_tool ("pdftotext", path, "-");
  if (text != NULL)
    for (guint i = 0; i < admirals->len; i++)
      {
        const AdmAdmiral *admiral = g_ptr_array_index (admirals, i);
        g_autofree char *report = g_strdup_printf ("Report to %s", admiral->name);
        g_autofree char *sheet = g_strdup_printf ("Order sheet — %s", admiral->name);

        g_assert_nonnull (strstr (text, report));
        g_assert_nonnull (strstr (text, sheet));
      }
  /* Page by page (pdftotext parts them with form feeds): each is one admiral's, his report's
   * title over it and his own page number under it, "Adm. Marek Radovan — page 2 of 4". */
  if (text != NULL)
    {
      g_auto(GStrv) pages = g_strsplit (text, "\f", -1);

      g_assert_cmpuint (g_strv_length (pages), >, admirals->len);
      for (guint p = 0; pages[p] != NULL && pages[p + 1] != NULL; p++)
        {
          guint owners = 0;

          for (guint i = 0; i < admirals->len; i++)
            {
              const AdmAdmiral *admiral = g_ptr_array_index (admirals, i);
              g_autofree char *report = g_strdup_printf ("Report to %s —", admiral->name);
              g_autofree char *footer = g_strdup_printf ("%s — page ", admiral->name);

              if (strstr (pages[p], report) != NULL)
                {
                  owners++;
                  g_assert_nonnull (strstr (pages[p], footer));
                }
            }
          g_assert_cmpuint (owners, ==, 1);
        }
    }
  iterate ();
  g_assert_finalize_object (dialog);
  remove_tree (dir);
}

/* The print operation's begin-print lays the document out and sets the number of pages, and
 * draw-page draws each one: exported to PDF with no dialog, the pages are the layout's, on the
 * paper of the "paper" setting. */
static void
test_print_pagination (void)
{
  static const char * const papers[] = { "a5", "letter", "legal", "a4" };
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("admiralty-print-XXXXXX", &error);
  g_autoptr(AdmCampaign) campaign = resolved_campaign (dir);

  for (guint i = 0; i < G_N_ELEMENTS (papers); i++)
    {
      AdmiraltyReportDialog *dialog = admiralty_report_dialog_new (NULL, campaign,
                                                                   ADMIRALTY_REPORT_OUTPUT_PRINT);
      g_autofree char *name = g_strdup_printf ("printed-%s.pdf", papers[i]);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autoptr(AdmDoc) doc = NULL;
      g_autoptr(AdmDocLayout) layout = NULL;
      g_autofree char *text = NULL;
      cairo_surface_t *surface;
      cairo_t *cr;
      AdmPaper paper;
      double width = 0, height = 0;
      guint pages;

      set_paper (papers[i]);
      g_assert_true (adm_paper_from_name (papers[i], &paper));
      g_object_ref_sink (dialog);
      /* Every admiral's fleet cards: several pages. */
      admiralty_report_dialog_set_kind (dialog, ADM_REPORT_CARDS);
      g_assert_true (admiralty_report_dialog_set_admiral (dialog, NULL));

      g_assert_cmpint (admiralty_report_dialog_print (dialog, GTK_PRINT_OPERATION_ACTION_EXPORT,
                                                      path, &error),
                       ==, GTK_PRINT_OPERATION_RESULT_APPLY);
      g_assert_no_error (error);

      /* The pages the same layout makes on that paper. */
      doc = admiralty_report_dialog_build (dialog, &error);
      g_assert_no_error (error);
      surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 10, 10);
      cr = cairo_create (surface);
      layout = adm_doc_layout_new (doc, cr, paper.width, paper.height);
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
      g_assert_cmpuint (adm_doc_layout_get_n_pages (layout), >, 1);

      pages = check_pdf (path, &width, &height);
      if (pages != 0)
        {
          g_assert_cmpuint (pages, ==, adm_doc_layout_get_n_pages (layout));
          g_assert_cmpfloat_with_epsilon (width, paper.width, 1.0);
          g_assert_cmpfloat_with_epsilon (height, paper.height, 1.0);
        }
      /* draw-page drew the words, not a blank sheet. */
      text = run_tool ("pdftotext", path, "-");
      if (text != NULL)
        g_assert_nonnull (strstr (text, adm_doc_get_header_left (doc)));

      gtk_window_destroy (GTK_WINDOW (dialog));
      g_assert_finalize_object (dialog);
    }
  remove_tree (dir);
}

/* The "paper" setting: each name gives its page set-up, an unknown one A4. */
static void
test_paper_setting (void)
{
  static const char * const papers[] = { "a4", "a5", "letter", "legal" };
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *reset = NULL;
  AdmPaper a4, a5;

  g_assert_true (adm_paper_from_name ("a4", &a4));
  g_assert_true (adm_paper_from_name ("a5", &a5));
  g_assert_cmpfloat (a5.width, <, a4.width);
  for (guint i = 0; i < G_N_ELEMENTS (papers); i++)
    {
      g_autofree char *name = NULL;
      g_autoptr(GtkPageSetup) setup = NULL;
      AdmPaper paper = { 0, 0 }, expected;

      g_settings_set_string (settings, "paper", papers[i]);
      name = admiralty_print_get_paper (settings, &paper);
      g_assert_cmpstr (name, ==, papers[i]);
      g_assert_true (adm_paper_from_name (papers[i], &expected));
      g_assert_cmpfloat_with_epsilon (paper.width, expected.width, 0.01);
      g_assert_cmpfloat_with_epsilon (paper.height, expected.height, 0.01);

      setup = admiralty_print_page_setup_new (name);
      g_assert_cmpfloat_with_epsilon (gtk_page_setup_get_paper_width (setup, GTK_UNIT_POINTS),
                                      expected.width, 1.0);
      g_assert_cmpfloat_with_epsilon (gtk_page_setup_get_paper_height (setup, GTK_UNIT_POINTS),
                                      expected.height, 1.0);
    }
  g_settings_reset (settings, "paper");
  reset = g_settings_get_string (settings, "paper");
  g_assert_cmpstr (reset, ==, "a4");
}

static AdwComboRow *
find_combo_row (GtkWidget  *widget,
                const char *title)
{
  if (ADW_IS_COMBO_ROW (widget)
      && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0)
    return ADW_COMBO_ROW (widget);

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      AdwComboRow *found = find_combo_row (child, title);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static GtkWidget *
find_window_title (GtkWidget *widget)
{
  if (ADW_IS_WINDOW_TITLE (widget))
    return widget;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_window_title (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The Preferences' paper row shows the setting and writes it, and the report dialog says
 * which paper it prints on. */
static void
test_preferences_paper_row (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autoptr(GError) error = NULL;
  g_autofree char *scenario = source_path ("scenarios", "komarr-campaign.admiralty", NULL);
  g_autoptr(AdmCampaign) campaign = adm_campaign_open (scenario, &error);
  AdmiraltyPreferencesWindow *prefs;
  AdmiraltyReportDialog *dialog;
  AdwComboRow *row;
  g_autofree char *paper = NULL;
  GtkWidget *title;

  g_assert_no_error (error);
  g_settings_set_string (settings, "paper", "legal");
  prefs = admiralty_preferences_window_new (NULL);
  g_object_ref_sink (prefs);
  row = find_combo_row (GTK_WIDGET (prefs), "Paper _Size");
  g_assert_nonnull (row);
  g_assert_cmpuint (adw_combo_row_get_selected (row), ==, 3);
  adw_combo_row_set_selected (row, 1);
  paper = g_settings_get_string (settings, "paper");
  g_assert_cmpstr (paper, ==, "a5");
  gtk_window_destroy (GTK_WINDOW (prefs));
  g_assert_finalize_object (prefs);

  dialog = admiralty_report_dialog_new (NULL, campaign, ADMIRALTY_REPORT_OUTPUT_PRINT);
  g_object_ref_sink (dialog);
  title = find_window_title (GTK_WIDGET (dialog));
  g_assert_nonnull (title);
  g_assert_cmpstr (adw_window_title_get_title (ADW_WINDOW_TITLE (title)), ==, "Print Report");
  g_assert_cmpstr (adw_window_title_get_subtitle (ADW_WINDOW_TITLE (title)), ==,
                   "On A5 paper");
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_assert_finalize_object (dialog);
  g_settings_reset (settings, "paper");
}

/* What goes wrong is said in the dialog: a report of a cycle not resolved yet, and a file that
 * cannot be written (named in an error dialog); nothing is written and nothing crashes. */
static void
test_errors (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("admiralty-print-XXXXXX", &error);
  g_autofree char *scenario = source_path ("scenarios", "komarr-campaign.admiralty", NULL);
  g_autoptr(AdmCampaign) fresh = adm_campaign_open (scenario, &error);
  g_autoptr(AdmCampaign) resolved = resolved_campaign (dir);
  g_autofree char *path = g_build_filename (dir, "never.pdf", NULL);
  g_autofree char *bad_path = g_build_filename (dir, "no-such-folder", "report.pdf", NULL);
  g_autofree char *exported = NULL;
  AdmiraltyReportDialog *dialog;
  GtkWidget *error_dialog;
  g_autofree char *body = NULL;
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);

  g_assert_no_error (error);

  /* F-STRAT-1: before the first cycle is resolved there is no turn report — the dialog offers
   * the order sheets (test_before_cycle_1 ()); the master's report chosen says so. */
  g_settings_reset (settings, "report-document");
  dialog = admiralty_report_dialog_new (NULL, fresh, ADMIRALTY_REPORT_OUTPUT_PDF);
  g_object_ref_sink (dialog);
  admiralty_report_dialog_set_kind (dialog, ADM_REPORT_MASTER);
  gtk_window_present (GTK_WINDOW (dialog));
  iterate_until (widget_mapped, dialog, 5000);
  g_assert_null (admiralty_report_dialog_get_problem (dialog));
  admiralty_report_dialog_run (dialog);
  g_assert_nonnull (admiralty_report_dialog_get_problem (dialog));
  g_assert_cmpuint (strlen (admiralty_report_dialog_get_problem (dialog)), >, 10);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  g_assert_false (admiralty_report_dialog_export (dialog, path));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_cmpint (admiralty_report_dialog_print (dialog, GTK_PRINT_OPERATION_ACTION_EXPORT,
                                                  path, &error),
                   ==, GTK_PRINT_OPERATION_RESULT_ERROR);
  g_assert_error (error, ADM_REPORT_ERROR, ADM_REPORT_ERROR_CYCLE);
  g_assert_cmpstr (error->message, ==, admiralty_report_dialog_get_problem (dialog));
  g_clear_error (&error);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  /* Order sheets for the cycle being ordered can be had at once; the problem goes. */
  admiralty_report_dialog_set_kind (dialog, ADM_REPORT_SHEETS);
  g_assert_null (admiralty_report_dialog_get_problem (dialog));
  g_assert_true (admiralty_report_dialog_export (dialog, path));
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
  iterate ();
  g_assert_finalize_object (dialog);

  /* A file that cannot be written: an error dialog names it, the dialog stays open. */
  dialog = admiralty_report_dialog_new (NULL, resolved, ADMIRALTY_REPORT_OUTPUT_PDF);
  g_object_ref_sink (dialog);
  g_signal_connect (dialog, "exported", G_CALLBACK (exported_cb), &exported);
  gtk_window_present (GTK_WINDOW (dialog));
  iterate_until (widget_mapped, dialog, 5000);
  g_assert_false (admiralty_report_dialog_export (dialog, bad_path));
  g_assert_null (exported);
  g_assert_null (admiralty_report_dialog_get_problem (dialog));
  error_dialog = admiralty_report_dialog_get_error_dialog (dialog);
  g_assert_true (ADW_IS_MESSAGE_DIALOG (error_dialog));
  g_object_get (error_dialog, "body", &body, NULL);
  g_assert_nonnull (strstr (body, "report.pdf"));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  gtk_window_destroy (GTK_WINDOW (error_dialog));
  gtk_window_destroy (GTK_WINDOW (dialog));
  iterate ();
  g_assert_finalize_object (dialog);
  remove_tree (dir);
}

static gboolean
find_report_dialog (gpointer data)
{
  AdmiraltyReportDialog **found = data;
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

      if (ADMIRALTY_IS_REPORT_DIALOG (window))
        *found = ADMIRALTY_REPORT_DIALOG (window);
    }
  return *found != NULL;
}

/* win.print-report and win.export-report (the main menu, Ctrl+P, Ctrl+Shift+E) open the dialog
 * over the window once a campaign is open; an export is toasted. */
static void
test_window_actions (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("admiralty-print-XXXXXX", &error);
  g_autoptr(AdmCampaign) campaign = resolved_campaign (dir);
  g_autofree char *campaign_path = g_build_filename (dir, "komarr.admiralty", NULL);
  g_autofree char *path = g_build_filename (dir, "from-window.pdf", NULL);
  AdmiraltyWindow *window = shown_window_new (0, 0);
  AdmiraltyReportDialog *dialog = NULL;
  const char * const actions[] = { "win.print-report", "win.export-report" };

  /* Nothing to report on before a campaign is open. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.export-report", NULL);
  iterate ();
  g_assert_false (find_report_dialog (&dialog));
  g_assert_true (admiralty_window_open (window, campaign_path));
  iterate ();

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    {
      g_autofree char *title = NULL;

      dialog = NULL;
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), actions[i], NULL));
      iterate_until (find_report_dialog, &dialog, 5000);
      g_assert_nonnull (dialog);
      g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == GTK_WINDOW (window));
      title = g_strdup (gtk_window_get_title (GTK_WINDOW (dialog)));
      g_assert_cmpstr (title, ==, i == 0 ? "Print Report" : "Export Report as PDF");
      g_assert_cmpuint (admiralty_report_dialog_get_cycle (dialog), ==, 1);
      g_object_ref (dialog);
      if (i == 0)
        gtk_window_destroy (GTK_WINDOW (dialog));
      else
        g_assert_true (admiralty_report_dialog_export (dialog, path));
      iterate ();
      g_assert_finalize_object (dialog);
    }
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));

  close_window (window);
  remove_tree (dir);
}

/* The document chosen is offered first the next time, by Print Report… and Export Report as
 * PDF… alike, and by the next run of the app (GSettings "report-document"). */
static void
test_remembers_document (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("admiralty-print-XXXXXX", &error);
  g_autoptr(AdmCampaign) campaign = resolved_campaign (dir);
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  AdmiraltyReportDialog *dialog;

  g_settings_reset (settings, "report-document");
  dialog = g_object_ref_sink (admiralty_report_dialog_new (NULL, campaign,
                                                           ADMIRALTY_REPORT_OUTPUT_PDF));
  g_assert_cmpint (admiralty_report_dialog_get_kind (dialog), ==, ADM_REPORT_MASTER);
  admiralty_report_dialog_set_kind (dialog, ADM_REPORT_CARDS);
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_object_unref (dialog);

  /* Printing, the fleet cards first. */
  dialog = g_object_ref_sink (admiralty_report_dialog_new (NULL, campaign,
                                                           ADMIRALTY_REPORT_OUTPUT_PRINT));
  g_assert_cmpint (admiralty_report_dialog_get_kind (dialog), ==, ADM_REPORT_CARDS);
  g_assert_false (admiralty_report_dialog_get_packets (dialog));
  admiralty_report_dialog_set_packets (dialog);
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_object_unref (dialog);

  /* Every admiral's paper, then the public bulletin. */
  dialog = g_object_ref_sink (admiralty_report_dialog_new (NULL, campaign,
                                                           ADMIRALTY_REPORT_OUTPUT_PDF));
  g_assert_true (admiralty_report_dialog_get_packets (dialog));
  admiralty_report_dialog_set_kind (dialog, ADM_REPORT_PUBLIC);
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_object_unref (dialog);
  dialog = g_object_ref_sink (admiralty_report_dialog_new (NULL, campaign,
                                                           ADMIRALTY_REPORT_OUTPUT_PDF));
  g_assert_cmpint (admiralty_report_dialog_get_kind (dialog), ==, ADM_REPORT_PUBLIC);
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_object_unref (dialog);

  /* A value the dialog does not offer (a newer version's, or typed with gsettings): the
   * master's report, as at first. */
  g_settings_set_string (settings, "report-document", "no-such-paper");
  dialog = g_object_ref_sink (admiralty_report_dialog_new (NULL, campaign,
                                                           ADMIRALTY_REPORT_OUTPUT_PDF));
  g_assert_cmpint (admiralty_report_dialog_get_kind (dialog), ==, ADM_REPORT_MASTER);
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_object_unref (dialog);

  g_settings_reset (settings, "report-document");
  remove_tree (dir);
}

/* F-STRAT-1: before cycle 1 is resolved there is no report to print: the dialog offers the
 * order sheets of cycle 1 instead of the master's report, whatever was chosen last, and keeps
 * that choice for when a cycle is resolved. */
static void
test_before_cycle_1 (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *scenario = source_path ("scenarios", "komarr-campaign.admiralty", NULL);
  g_autoptr(AdmCampaign) campaign = adm_campaign_open (scenario, &error);
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  static const char * const reports[] = { "master", "admiral", "public" };

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (reports); i++)
    {
      AdmiraltyReportDialog *dialog;
      g_autofree char *kept = NULL;

      g_settings_set_string (settings, "report-document", reports[i]);
      dialog = g_object_ref_sink (admiralty_report_dialog_new (NULL, campaign,
                                                               ADMIRALTY_REPORT_OUTPUT_PRINT));
      g_assert_cmpint (admiralty_report_dialog_get_kind (dialog), ==, ADM_REPORT_SHEETS);
      g_assert_false (admiralty_report_dialog_get_packets (dialog));
      g_assert_cmpuint (admiralty_report_dialog_get_cycle (dialog), ==, 1);
      g_assert_null (admiralty_report_dialog_get_problem (dialog));
      kept = g_settings_get_string (settings, "report-document");
      g_assert_cmpstr (kept, ==, reports[i]);
      gtk_window_destroy (GTK_WINDOW (dialog));
      g_object_unref (dialog);
    }
  /* What exists before cycle 1 stays as chosen. */
  g_settings_set_string (settings, "report-document", "cards");
  {
    AdmiraltyReportDialog *dialog = g_object_ref_sink (
      admiralty_report_dialog_new (NULL, campaign, ADMIRALTY_REPORT_OUTPUT_PRINT));

    g_assert_cmpint (admiralty_report_dialog_get_kind (dialog), ==, ADM_REPORT_CARDS);
    gtk_window_destroy (GTK_WINDOW (dialog));
    g_object_unref (dialog);
  }
  g_settings_reset (settings, "report-document");
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv, "print");

  g_test_add_func ("/ui/print/paper-setting", test_paper_setting);
  g_test_add_func ("/ui/print/preferences-paper-row", test_preferences_paper_row);
  g_test_add_func ("/ui/print/dialog/choices", test_choices);
  g_test_add_func ("/ui/print/dialog/remembers-document", test_remembers_document);
  g_test_add_func ("/ui/print/dialog/F-STRAT-1/before-cycle-1", test_before_cycle_1);
  g_test_add_func ("/ui/print/dialog/export-every-kind", test_export_every_kind);
  g_test_add_func ("/ui/print/dialog/export-packets", test_export_packets);
  g_test_add_func ("/ui/print/operation/pagination", test_print_pagination);
  g_test_add_func ("/ui/print/dialog/errors", test_errors);
  g_test_add_func ("/ui/print/window-actions", test_window_actions);

  return ui_test_finish (g_test_run ());
}
