/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-muster-ui.c: the master's muster before cycle 1 in the real window, on the muster
 * sample (scenarios/komarr-muster.admiralty) saved in a temporary folder, driven with the X
 * server's pointer and keyboard:
 *  - a printed muster sheet typed in for Adm. Miles Naismith (F-GEN-6, F-FORM-4, F-FORM-5)
 *    and accepted; Commodore Tung's muster, handed in from his phone, returned with a reason;
 *    Naismith's formation set to start at the Hegen Hub (F-GEN-7); the campaign started, the
 *    confirmation naming the admirals who start with the default formations (ruling
 *    "muster-default"); each of them one step of Ctrl+Z, which takes them back in turn and
 *    brings the muster back;
 *  - a sheet that leaves a ship out, and one with a formation that is not a number: the
 *    refusal in the dialog, nothing journaled; Escape closes it;
 *  - muster sheet files imported, a broken one named with its line and nothing of it kept.
 * Screenshots land in the build's tests folder (muster-*.png). Runs under Xvfb. */

#include "config.h"

#include <string.h>

#include "adm-muster.h"
#include "admiralty-muster-page.h"
#include "admiralty-muster-sheet-dialog.h"
#include "admiralty-window-private.h"
#include "editor-helpers.h"
#include "file-helpers.h"
#include "pointer-helpers.h"
#include "ui-helpers.h"
#include "adm-campaign-file.h"
#include "adm-campaign-journal.h"

typedef CampaignFixture Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *scenario = source_path ("scenarios", "komarr-muster.admiralty", NULL);
  g_autoptr(AdmCampaign) campaign = adm_campaign_open (scenario, &error);

  g_assert_no_error (error);
  campaign_fixture_set_up (fixture, campaign, "muster-ui", "muster.admiralty", 1280, 800);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  campaign_fixture_tear_down (fixture);
}

static AdmCampaign *
campaign_of (Fixture *fixture)
{
  return fixture->window->campaign;
}

static AdmMuster *
muster_of (Fixture *fixture)
{
  return adm_state_get_muster (adm_campaign_get_state (campaign_of (fixture)));
}

static AdmMusterStatus
status_of (Fixture    *fixture,
           const char *admiral_id)
{
  return adm_muster_get_entry (muster_of (fixture), admiral_id)->status;
}

static guint
entries_of (Fixture *fixture)
{
  return adm_journal_get_n_entries (adm_campaign_get_journal (campaign_of (fixture)));
}

static AdmiraltyMusterSheetDialog *
sheet_dialog (void)
{
  GtkWidget *dialog = shown_toplevel (ADMIRALTY_TYPE_MUSTER_SHEET_DIALOG);

  return dialog != NULL ? ADMIRALTY_MUSTER_SHEET_DIALOG (dialog) : NULL;
}

static gboolean
sheet_shown (gpointer data)
{
  return sheet_dialog () != NULL;
}

static gboolean
sheet_gone (gpointer data)
{
  return sheet_dialog () == NULL;
}

static gboolean
sheet_problem_shown (gpointer data)
{
  return sheet_dialog () != NULL &&
         admiralty_muster_sheet_dialog_get_problem (sheet_dialog ()) != NULL;
}



static AdmiraltyMusterPage *
muster_page (Fixture *fixture)
{
  return fixture->window->muster_page;
}

static GtkWidget *
row_titled (GtkWidget  *under,
            const char *title)
{
  GtkWidget *row = find_widget (under, is_row_titled, title);

  if (row == NULL)
    root_screenshot ("muster-no-row.png", 0, 0);
  g_assert_nonnull (row);
  return row;
}

static void
click (GtkWidget *widget)
{
  scroll_into_view (widget);
  wait_frame (widget);
  pointer_click_widget (widget);
  iterate ();
}

/* The admiral @name clicked in the muster's sidebar. */
static void
select_admiral (Fixture    *fixture,
                const char *name,
                const char *id)
{
  click (row_titled (GTK_WIDGET (muster_page (fixture)), name));
  g_assert_cmpstr (admiralty_muster_page_get_selected_admiral (muster_page (fixture)), ==, id);
  wait_frame (GTK_WIDGET (muster_page (fixture)));
}

/* A field clicked and @text typed in it. */
static void
type_in (GtkWidget  *field,
         const char *text)
{
  click (field);
  type_to (GTK_WIDGET (gtk_widget_get_root (field)), text);
  iterate ();
}

/* The entries under @widget, in the order they are drawn. */
static void
collect_entries (GtkWidget *widget,
                 GPtrArray *entries)
{
  if (GTK_IS_ENTRY (widget))
    {
      g_ptr_array_add (entries, widget);
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_entries (child, entries);
}

/* The ship @name's formation and command typed in the sheet @dialog (NULL: left empty). */
static void
type_ship (GtkWidget  *dialog,
           const char *name,
           const char *formation,
           const char *command)
{
  g_autoptr(GPtrArray) entries = g_ptr_array_new ();

  collect_entries (row_titled (dialog, name), entries);
  g_assert_cmpuint (entries->len, ==, 2);
  if (formation != NULL)
    type_in (g_ptr_array_index (entries, 0), formation);
  if (command != NULL)
    type_in (g_ptr_array_index (entries, 1), command);
}

static GtkWidget *
open_sheet (Fixture *fixture)
{
  GtkWidget *dialog;

  click (button (GTK_WIDGET (muster_page (fixture)), "_Type Muster Sheet…"));
  iterate_until (sheet_shown, NULL, 5000);
  g_assert_nonnull (sheet_dialog ());
  dialog = GTK_WIDGET (sheet_dialog ());
  wait_frame (dialog);
  return dialog;
}

/* Tung's muster handed in from his phone: his default formations, as the portal would send
 * them. */
static void
tung_hands_in (Fixture *fixture)
{
  const AdmMusterEntry *entry = adm_muster_get_entry (muster_of (fixture), "tung");
  g_autoptr(AdmMusterDraft) draft = adm_muster_draft_new ("tung");
  g_autoptr(GPtrArray) events = NULL;
  g_autoptr(GError) error = NULL;

  for (guint f = 0; f < entry->defaults->len; f++)
    {
      const AdmMusterFormation *formation = g_ptr_array_index (entry->defaults, f);
      g_autofree char *name = g_strdup_printf ("Tung %u", f + 1);
      AdmMusterDraftFormation *out = adm_muster_draft_add (draft, name, formation->flagship->id,
                                                           FALSE);

      for (guint s = 0; s < formation->ships->len; s++)
        g_ptr_array_add (out->ships,
                         g_strdup (((const AdmShip *) g_ptr_array_index (formation->ships,
                                                                         s))->id));
    }
  events = adm_muster_draft_events (draft, 1795370400);
  g_assert_true (adm_campaign_append_all (campaign_of (fixture), events, &error));
  g_assert_no_error (error);
  iterate ();
}

static gboolean
journal_grew (gpointer data)
{
  Fixture *fixture = data;

  return entries_of (fixture) > GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (fixture->window),
                                                                     "entries"));
}

/* Ctrl+Z pressed at the window, and the journal's entry it makes waited for. */
static void
undo_key (Fixture    *fixture,
          const char *keys)
{
  g_object_set_data (G_OBJECT (fixture->window), "entries",
                     GUINT_TO_POINTER (entries_of (fixture)));
  keys_to (GTK_WIDGET (fixture->window), keys);
  iterate_until (journal_grew, fixture, 5000);
  g_assert_true (journal_grew (fixture));
}

static const AdmSector *
position_of (Fixture    *fixture,
             const char *admiral_id,
             guint       number)
{
  const AdmMusterEntry *entry = adm_muster_get_entry (muster_of (fixture), admiral_id);
  const AdmMusterFormation *formation = g_ptr_array_index (adm_muster_entry_planned (entry),
                                                           number - 1);

  return formation->sector;
}

/* F-GEN-6, F-GEN-7: a sheet typed, a muster accepted, one returned, a position set, the start;
 * and each taken back by Ctrl+Z. */
static void
test_muster (Fixture       *fixture,
             gconstpointer  data)
{
  AdmStrategy *strategy;
  const AdmMusterEntry *naismith;
  const AdmMusterFormation *formation;
  const AdmFormation *started;
  AdwMessageDialog *confirm;
  GtkWidget *dialog, *row, *popover = NULL, *item = NULL;
  const char *body;
  guint entries;

  if (!pointer_available ())
    {
      g_test_skip ("xdotool is not installed");
      return;
    }
  iterate_until (widget_mapped, muster_page (fixture), 5000);
  g_assert_nonnull (muster_page (fixture));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (fixture->window->main_stack), ==, "muster");
  wait_frame (GTK_WIDGET (muster_page (fixture)));
  root_screenshot ("muster-open.png", 0, 0);

  /* Naismith's printed sheet: one formation of his three Ariels, Triumph its flagship,
   * Peregrine next in command. */
  select_admiral (fixture, "Adm. Miles Naismith", "naismith");
  dialog = open_sheet (fixture);
  type_ship (dialog, "Triumph", "1", "1");
  type_ship (dialog, "Peregrine", "1", "2");
  type_ship (dialog, "Basilisk", "1", NULL);
  type_in (row_titled (dialog, "Name of Formation 1"), "Dendarii Strike Group");
  root_screenshot ("muster-sheet.png", 0, 0);
  entries = entries_of (fixture);
  keys_to (dialog, "Return");
  iterate_until (sheet_gone, NULL, 5000);
  if (sheet_dialog () != NULL)
    g_test_message ("refused: %s", admiralty_muster_sheet_dialog_get_problem (sheet_dialog ()));
  g_assert_null (sheet_dialog ());
  g_assert_cmpuint (entries_of (fixture), ==, entries + 1);
  g_assert_cmpint (status_of (fixture, "naismith"), ==, ADM_MUSTER_HANDED_IN);
  naismith = adm_muster_get_entry (muster_of (fixture), "naismith");
  g_assert_cmpuint (naismith->formations->len, ==, 1);
  formation = g_ptr_array_index (naismith->formations, 0);
  g_assert_cmpstr (formation->name, ==, "Dendarii Strike Group");
  g_assert_cmpstr (formation->flagship->id, ==, "triumph");
  g_assert_cmpuint (formation->ships->len, ==, 3);
  g_assert_cmpuint (formation->succession->len, ==, 1);
  g_assert_cmpstr (((const AdmShip *) g_ptr_array_index (formation->succession, 0))->id, ==,
                   "peregrine");
  wait_frame (GTK_WIDGET (muster_page (fixture)));
  root_screenshot ("muster-handed-in.png", 0, 0);

  /* Accepted. */
  click (button (GTK_WIDGET (muster_page (fixture)), "_Accept Muster"));
  g_assert_cmpint (status_of (fixture, "naismith"), ==, ADM_MUSTER_ACCEPTED);

  /* F-GEN-7: his formation starts at the Hegen Hub. */
  row = row_titled (GTK_WIDGET (muster_page (fixture)), "1. Dendarii Strike Group");
  click (row);
  for (guint i = 0; i < 50 && item == NULL; i++)
    {
      iterate_until (NULL, NULL, 100);
      popover = find_widget (row, is_popover, NULL);
      item = popover != NULL ? find_widget (popover, is_label_text, "Hegen Hub") : NULL;
    }
  g_assert_nonnull (item);
  wait_frame (item);
  click (item);
  g_assert_nonnull (position_of (fixture, "naismith", 1));
  g_assert_cmpstr (position_of (fixture, "naismith", 1)->id, ==, "hegen-hub");

  /* Tung's muster from his phone, returned with the master's reason typed. */
  tung_hands_in (fixture);
  g_assert_cmpint (status_of (fixture, "tung"), ==, ADM_MUSTER_HANDED_IN);
  select_admiral (fixture, "Commodore Ky Tung", "tung");
  type_in (row_titled (GTK_WIDGET (muster_page (fixture)), "Reason"),
           "The tender goes with the frigates");
  root_screenshot ("muster-returning.png", 0, 0);
  click (button (GTK_WIDGET (muster_page (fixture)), "_Return"));
  g_assert_cmpint (status_of (fixture, "tung"), ==, ADM_MUSTER_RETURNED);
  g_assert_cmpstr (adm_muster_get_entry (muster_of (fixture), "tung")->reason, ==,
                   "The tender goes with the frigates");
  g_assert_null (admiralty_muster_page_get_problem (muster_page (fixture)));
  wait_frame (GTK_WIDGET (muster_page (fixture)));
  root_screenshot ("muster-returned.png", 0, 0);

  /* The start, the confirmation naming those who start with the default formations. */
  click (button (GTK_WIDGET (muster_page (fixture)), "_Start the Campaign…"));
  iterate_until (message_dialog_shown, NULL, 5000);
  confirm = message_dialog ();
  g_assert_nonnull (confirm);
  body = adw_message_dialog_get_body (confirm);
  g_assert_nonnull (strstr (body, "muster-default"));
  g_assert_nonnull (strstr (body, "Commodore Ky Tung"));
  g_assert_nonnull (strstr (body, "Adm. Aral Vorkosigan"));
  g_assert_null (strstr (body, "Naismith"));
  wait_frame (GTK_WIDGET (confirm));
  root_screenshot ("muster-start.png", 0, 0);
  click (button (GTK_WIDGET (confirm), "_Start Cycle 1"));
  iterate_until (message_dialog_gone, NULL, 5000);
  g_assert_false (adm_muster_in_progress (muster_of (fixture)));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (fixture->window->main_stack), ==,
                   "campaign");
  strategy = adm_state_get_strategy (adm_campaign_get_state (campaign_of (fixture)));
  started = adm_strategy_lookup_formation (strategy, "naismith-dendarii-strike-group");
  g_assert_nonnull (started);
  g_assert_cmpstr (adm_strategy_get_position (strategy, started->id)->sector->id, ==,
                   "hegen-hub");
  g_assert_cmpstr (started->flagship->id, ==, "triumph");
  wait_frame (GTK_WIDGET (fixture->window));
  root_screenshot ("muster-started.png", 0, 0);

  /* Ctrl+Z, each a step: the start, the return, the position, the acceptance, the sheet. */
  undo_key (fixture, "ctrl+z");
  g_assert_true (adm_muster_in_progress (muster_of (fixture)));
  iterate ();
  g_assert_cmpstr (gtk_stack_get_visible_child_name (fixture->window->main_stack), ==, "muster");
  undo_key (fixture, "ctrl+z");
  g_assert_cmpint (status_of (fixture, "tung"), ==, ADM_MUSTER_HANDED_IN);
  /* Tung's own hand-in from the phone */
  undo_key (fixture, "ctrl+z");
  g_assert_cmpint (status_of (fixture, "tung"), ==, ADM_MUSTER_NOT_HANDED_IN);
  undo_key (fixture, "ctrl+z");
  g_assert_null (position_of (fixture, "naismith", 1));
  undo_key (fixture, "ctrl+z");
  g_assert_cmpint (status_of (fixture, "naismith"), ==, ADM_MUSTER_HANDED_IN);
  undo_key (fixture, "ctrl+z");
  g_assert_cmpint (status_of (fixture, "naismith"), ==, ADM_MUSTER_NOT_HANDED_IN);
  /* And the acceptance again. */
  undo_key (fixture, "ctrl+shift+z");
  undo_key (fixture, "ctrl+shift+z");
  g_assert_cmpint (status_of (fixture, "naismith"), ==, ADM_MUSTER_ACCEPTED);
  wait_frame (GTK_WIDGET (muster_page (fixture)));
  root_screenshot ("muster-undone.png", 0, 0);
}

/* A sheet that leaves a ship out, then one whose formation is no number: each refused in the
 * dialog, which stays open, nothing journaled; Escape closes it. */
static void
test_sheet_refused (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autofree char *before = NULL, *after = NULL;
  GtkWidget *dialog;
  const char *problem;
  guint entries = entries_of (fixture);

  if (!pointer_available ())
    {
      g_test_skip ("xdotool is not installed");
      return;
    }
  iterate_until (widget_mapped, muster_page (fixture), 5000);
  before = adm_state_dump (adm_campaign_get_state (campaign_of (fixture)));
  select_admiral (fixture, "Adm. Miles Naismith", "naismith");
  dialog = open_sheet (fixture);
  type_ship (dialog, "Triumph", "1", "1");
  type_ship (dialog, "Peregrine", "1", NULL);
  type_in (row_titled (dialog, "Name of Formation 1"), "Strike");
  keys_to (dialog, "Return");
  iterate_until (sheet_problem_shown, NULL, 5000);
  problem = admiralty_muster_sheet_dialog_get_problem (sheet_dialog ());
  g_test_message ("%s", problem);
  g_assert_nonnull (strstr (problem, "Basilisk"));
  g_assert_nonnull (strstr (problem, "F-GEN-6"));
  wait_frame (dialog);
  root_screenshot ("muster-sheet-refused.png", 0, 0);

  type_ship (dialog, "Basilisk", "x", NULL);
  keys_to (dialog, "Return");
  iterate_until (sheet_problem_shown, NULL, 5000);
  problem = admiralty_muster_sheet_dialog_get_problem (sheet_dialog ());
  g_test_message ("%s", problem);
  g_assert_nonnull (strstr (problem, "not “x”"));
  g_assert_cmpuint (entries_of (fixture), ==, entries);
  after = adm_state_dump (adm_campaign_get_state (campaign_of (fixture)));
  g_assert_cmpstr (after, ==, before);

  keys_to (dialog, "Escape");
  iterate_until (sheet_gone, NULL, 5000);
  g_assert_null (sheet_dialog ());
  g_assert_cmpuint (entries_of (fixture), ==, entries);
}

/* Muster sheets kept as files (F-GEN-6): Import Muster Sheets… opens a file chooser, which
 * Escape closes with nothing done; Adm. Miles Naismith's sheet and a broken one imported
 * together: his muster handed in as one action, the broken one named with its file and line
 * on the page and nothing of it journaled; Ctrl+Z takes his muster back. */
static void
test_import_sheets (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(AdmMusterDraft) draft = adm_muster_draft_new ("naismith");
  g_autoptr(GListStore) files = g_list_store_new (G_TYPE_FILE);
  g_autoptr(GError) error = NULL;
  g_autofree char *good = g_build_filename (fixture->dir, "naismith.xml", NULL);
  g_autofree char *bad = g_build_filename (fixture->dir, "smudged.xml", NULL);
  g_autofree char *xml = NULL, *before = NULL, *undone = NULL;
  g_autoptr(GFile) good_file = g_file_new_for_path (good);
  g_autoptr(GFile) bad_file = g_file_new_for_path (bad);
  GPtrArray *pools = adm_scenario_get_pools (adm_campaign_get_scenario (campaign_of (fixture)));
  AdmMusterDraftFormation *formation = NULL;
  const char *problem;
  guint entries = entries_of (fixture);

  if (!pointer_available ())
    {
      g_test_skip ("xdotool is not installed");
      return;
    }
  iterate_until (widget_mapped, muster_page (fixture), 5000);
  before = adm_state_dump (adm_campaign_get_state (campaign_of (fixture)));

  /* The button opens a chooser; Escape closes it, nothing done. */
  click (find_widget (GTK_WIDGET (muster_page (fixture)), is_button_labelled,
                      "_Import Muster Sheets…"));
  iterate_until (file_chooser_shown, NULL, 5000);
  g_assert_nonnull (file_chooser_dialog ());
  wait_frame (file_chooser_dialog ());
  root_screenshot ("muster-import-chooser.png", 0, 0);
  keys_to (file_chooser_dialog (), "Escape");
  iterate_until (file_chooser_gone, NULL, 5000);
  g_assert_cmpuint (entries_of (fixture), ==, entries);

  /* His whole pool in one formation, the first ship its flagship. */
  for (guint p = 0; p < pools->len; p++)
    {
      const AdmPool *pool = g_ptr_array_index (pools, p);

      if (!g_str_equal (pool->admiral->id, "naismith"))
        continue;
      for (guint i = 0; i < pool->ships->len; i++)
        {
          const AdmShip *ship = g_ptr_array_index (pool->ships, i);

          if (formation == NULL)
            formation = adm_muster_draft_add (draft, "Dendarii Strike Group", ship->id, FALSE);
          g_ptr_array_add (formation->ships, g_strdup (ship->id));
        }
    }
  g_assert_nonnull (formation);
  xml = adm_muster_draft_to_xml (draft);
  g_assert_true (g_file_set_contents (good, xml, -1, &error));
  g_assert_true (g_file_set_contents (bad, "<?xml version=\"1.0\"?>\n"
                                      "<muster-sheet admiral=\"naismith\">\n"
                                      "  <formation name=\"Smudged\"\n"
                                      "</muster-sheet>\n", -1, &error));
  g_assert_no_error (error);
  g_list_store_append (files, good_file);
  g_list_store_append (files, bad_file);
  g_assert_cmpuint (admiralty_muster_page_import_files (muster_page (fixture),
                                                         G_LIST_MODEL (files)), ==, 1);
  iterate ();
  g_assert_cmpuint (entries_of (fixture), ==, entries + 1);
  g_assert_cmpint (status_of (fixture, "naismith"), ==, ADM_MUSTER_HANDED_IN);
  problem = admiralty_muster_page_get_problem (muster_page (fixture));
  g_test_message ("%s", problem);
  g_assert_nonnull (problem);
  g_assert_nonnull (strstr (problem, "smudged.xml:"));
  g_assert_null (strstr (problem, "naismith.xml"));
  wait_frame (GTK_WIDGET (fixture->window));
  root_screenshot ("muster-imported.png", 0, 0);

  /* One Ctrl+Z: his muster goes, as it came. */
  keys_to (GTK_WIDGET (fixture->window), "ctrl+z");
  iterate ();
  g_assert_cmpint (status_of (fixture, "naismith"), ==, ADM_MUSTER_NOT_HANDED_IN);
  undone = adm_state_dump (adm_campaign_get_state (campaign_of (fixture)));
  g_assert_cmpstr (undone, ==, before);
}

int
main (int    argc,
      char **argv)
{
  ui_test_init (&argc, &argv, "muster-ui");

  g_test_add ("/ui/muster/F-GEN-7/typed-accepted-returned-positioned-started", Fixture, NULL,
              fixture_set_up, test_muster, fixture_tear_down);
  g_test_add ("/ui/muster/F-GEN-6/import-sheets", Fixture, NULL, fixture_set_up,
              test_import_sheets, fixture_tear_down);
  g_test_add ("/ui/muster/F-GEN-6/sheet-refused-inline", Fixture, NULL, fixture_set_up,
              test_sheet_refused, fixture_tear_down);

  return ui_test_finish (g_test_run ());
}
