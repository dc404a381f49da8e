/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-correction-ui.c: the master's corrections in the real window, on the Komarr campaign
 * after its first cycle, saved in a temporary folder, driven with the X server's pointer and
 * keyboard:
 *  - "three destroyers arrive at Komarr orbit at minute 20 of cycle 2", recorded from the
 *    sector map's card in at most 12 user actions, without closing the campaign: one journaled
 *    action, saved; Ctrl+Z and Ctrl+Shift+Z take it back and bring it again, the campaign's
 *    state as before each and its file the same byte for byte but for the journal's undo and
 *    redo lines; cycle 2 resolved with them there (F-STRAT-4); the same under de_DE and
 *    ru_RU, whose files are the same bytes as C's, the undo and redo lines included;
 *  - a refused correction shows the engine's refusal in the dialog, which stays open, and
 *    changes nothing; the dialog checks as the master types, before Record;
 *  - every kind of correction the engine makes has an action of the window (win.correct-KIND)
 *    and a kind of `admiralty-cli correct`;
 *  - a ship fighting a battle under way: the Damage dialog says the engine's refusal naming the
 *    engagement as the master types, and on Record, nothing journaled (F-STRAT-4).
 * Screenshots land in the build's tests folder (correction-*.png). Runs under Xvfb. */

#include "config.h"

#include <locale.h>
#include <string.h>

#include "admiralty-correction-dialog.h"
#include "admiralty-map-page-private.h"
#include "admiralty-sector-map.h"
#include "admiralty-window-private.h"
#include "cli-helpers.h"
#include "file-helpers.h"
#include "komarr-helpers.h"
#include "locale-helpers.h"
#include "pointer-helpers.h"
#include "ui-helpers.h"
#include "adm-campaign-battles.h"
#include "adm-campaign-file.h"
#include "adm-campaign-journal.h"

#define T0 G_GINT64_CONSTANT (1795370400) /* 2026-11-22T18:00:00Z */

typedef struct {
  CampaignFixture base;
  guint           actions;  /* the user's clicks, keys and typed texts */
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);

  komarr_end_cycle (campaign, T0);
  campaign_fixture_set_up (&fixture->base, campaign, "correction-ui", "komarr.admiralty", 1280,
                           860);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  campaign_fixture_tear_down (&fixture->base);
}

static AdmCampaign *
campaign_of (Fixture *fixture)
{
  return fixture->base.window->campaign;
}

/* The user's actions, counted as they are made. */
static void
click (Fixture   *fixture,
       GtkWidget *widget)
{
  fixture->actions++;
  pointer_click_widget (widget);
  iterate ();
}

static void
keys (Fixture    *fixture,
      GtkWidget  *window,
      const char *what)
{
  fixture->actions++;
  keys_to (window, what);
  iterate ();
}

static void
type (Fixture    *fixture,
      GtkWidget  *window,
      const char *text)
{
  fixture->actions++;
  type_to (window, text);
  iterate ();
}

static GtkWidget *
row_of (GtkWidget  *dialog,
        const char *title)
{
  GtkWidget *row = find_widget (dialog, is_row_titled, title);

  g_assert_nonnull (row);
  return row;
}

/* The sector map's tab (Alt+2), and the card of the sector @id clicked on it. */
static void
click_sector (Fixture    *fixture,
              const char *id)
{
  AdmiraltyMapPage *page;
  AdmSector *sector = adm_scenario_lookup_sector (adm_campaign_get_scenario (campaign_of (fixture)),
                                                  id);
  double x, y;

  keys (fixture, GTK_WIDGET (fixture->base.window), "alt+2");
  page = _admiralty_window_get_map_page (fixture->base.window);
  iterate_until (widget_mapped, page->sector_map, 5000);
  wait_frame (GTK_WIDGET (page->sector_map));
  admiralty_sector_view_to_pixels (admiralty_sector_map_get_view (page->sector_map),
                                   sector->x, sector->y, &x, &y);
  fixture->actions++;
  pointer_click (GTK_WIDGET (page->sector_map), x, y);
  iterate ();
  g_assert_cmpstr (admiralty_sector_map_get_selected_sector (page->sector_map), ==, id);
  wait_frame (GTK_WIDGET (page->sector_map));
}

/* The card's Correct menu opened, and its item @label clicked: the dialog it opens. */
static GtkWidget *
open_correction (Fixture    *fixture,
                 const char *label)
{
  AdmiraltyMapPage *page = _admiralty_window_get_map_page (fixture->base.window);
  GtkWidget *popover, *item;

  click (fixture, page->sector_correct_button);
  popover = GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (page->sector_correct_button)));
  iterate_until (widget_mapped, popover, 5000);
  wait_frame (popover);
  root_screenshot ("correction-menu.png", 0, 0);
  item = find_widget (popover, is_label_text, label);
  g_assert_nonnull (item);
  click (fixture, item);
  return wait_correction_dialog ();
}

static void
dump_labels (GtkWidget *widget,
             int        depth)
{
  g_test_message ("%*s%s %s %d", depth, "", G_OBJECT_TYPE_NAME (widget),
                  GTK_IS_LABEL (widget) ? gtk_label_get_text (GTK_LABEL (widget)) : "",
                  gtk_widget_get_mapped (widget));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    dump_labels (child, depth + 1);
}

/* A combo row of @dialog opened with a click, and its choice @label clicked. */
static void
choose (Fixture    *fixture,
        GtkWidget  *dialog,
        const char *row_title,
        const char *label)
{
  GtkWidget *row = row_of (dialog, row_title);
  GtkWidget *item = NULL;

  click (fixture, row);
  for (guint i = 0; i < 50 && item == NULL; i++)
    {
      iterate_until (NULL, NULL, 100);
      GtkWidget *popover = find_widget (row, is_popover, NULL);

      item = popover != NULL ? find_widget (popover, is_label_text, label) : NULL;
    }
  if (item == NULL)
    {
      root_screenshot ("correction-choose-failed.png", 0, 0);
      dump_labels (dialog, 0);
    }
  g_assert_nonnull (item);
  wait_frame (item);
  click (fixture, item);
}

/* An entry row of @dialog clicked, and @text typed into it. */
static void
fill (Fixture    *fixture,
      GtkWidget  *dialog,
      const char *row_title,
      const char *text)
{
  click (fixture, row_of (dialog, row_title));
  type (fixture, dialog, text);
}

static char *
campaign_file (Fixture *fixture)
{
  return file_contents (fixture->base.campaign_path);
}

static char *
state_dump (Fixture *fixture)
{
  return adm_state_dump (adm_campaign_get_state (campaign_of (fixture)));
}

/* @text without the journal's undo and redo lines, and the seal of its end that counts them. */
static char *
without_history (const char *text)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  g_autoptr(GString) kept = g_string_new (NULL);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (strstr (lines[i], "<undo action=") != NULL || strstr (lines[i], "<redo action=") != NULL ||
          strstr (lines[i], "<sealed entries=") != NULL)
        continue;
      g_string_append (kept, lines[i]);
      if (lines[i + 1] != NULL)
        g_string_append_c (kept, '\n');
    }
  return g_string_free (g_steal_pointer (&kept), FALSE);
}

static gboolean
undo_changed (gpointer data)
{
  Fixture *fixture = data;
  g_autofree char *now = campaign_file (fixture);

  return g_strcmp0 (now, g_object_get_data (G_OBJECT (fixture->base.window), "before")) != 0;
}

/* F-STRAT-4: three destroyers of Barrayar arrive in Komarr orbit at minute 20 of cycle 2,
 * typed in the Reinforcements dialog of the sector's card mid-night; Undo and Redo take it
 * back and bring it again, the campaign file as it was each time; the cycle is resolved with
 * them there. */
/* de_DE.UTF-8 and ru_RU.UTF-8 as the test gets them (locale-helpers.h). */
static CommaLocales comma;
/* The file after the reinforcements, and after their undo and redo, in the first locale. */
static char *first_after;
static char *first_redone;

/* The reinforcements recorded, undone and redone with the process's locale @data (NULL: the
 * test's own), the messages in English: the files are the same bytes in every locale. */
static void
test_reinforcements (Fixture       *fixture,
                     gconstpointer  data)
{
  const char *locale = data;
  g_autofree char *saved_locale = g_strdup (setlocale (LC_ALL, NULL));

  AdmStrategy *strategy;
  g_autoptr(GError) error = NULL;
  g_autofree char *after = NULL, *undone = NULL, *redone = NULL;
  g_autofree char *dump_before = NULL, *dump_after = NULL;
  g_autofree char *undo_label = NULL;
  g_autoptr(GPtrArray) engagements = NULL;
  const AdmFormation *flotilla;
  GtkWidget *dialog;
  guint entries;
  gboolean met = FALSE;

  if (!pointer_available ())
    {
      g_test_skip ("xdotool is not installed");
      return;
    }
  if (locale != NULL && comma.problem != NULL)
    {
      g_test_skip (comma.problem);
      return;
    }
  if (locale != NULL)
    g_assert_nonnull (setlocale (LC_ALL, locale));
  dump_before = state_dump (fixture);
  entries = adm_journal_get_n_entries (adm_campaign_get_journal (campaign_of (fixture)));

  click_sector (fixture, "komarr-orbit");
  dialog = open_correction (fixture, "Reinforcements…");
  choose (fixture, dialog, "Admiral", "Adm. Aral Vorkosigan (Barrayaran Imperium)");
  fill (fixture, dialog, "Ships (NAME:CLASS:READINESS; …)",
        "Kestrel II:vorpatril:8; Merlin:Vorpatril:7; Gull II:vorpatril:6");
  fill (fixture, dialog, "Arrives at Minute (empty: now)", "20");
  click (fixture, row_of (dialog, "Reason"));
  root_screenshot ("correction-reinforcements.png", 0, 0);
  /* The reason typed, ended with Return (one typed line), records it. */
  type (fixture, dialog, "Convoy from Barrayar");
  keys_to (dialog, "Return");
  iterate_until (toplevel_gone, GSIZE_TO_POINTER (ADMIRALTY_TYPE_CORRECTION_DIALOG), 5000);
  if (correction_dialog () != NULL)
    {
      root_screenshot ("correction-not-recorded.png", 0, 0);
      g_test_message ("refused: %s",
                      admiralty_correction_dialog_get_problem (correction_dialog ()));
    }
  g_assert_null (correction_dialog ());
  g_assert_cmpuint (fixture->actions, <=, 12);
  g_test_message ("%u user actions", fixture->actions);
  root_screenshot ("correction-recorded.png", 0, 0);

  /* One action more, saved, the campaign open all along. */
  g_assert_cmpuint (adm_journal_get_n_entries (adm_campaign_get_journal (campaign_of (fixture))),
                    ==, entries + 1);
  undo_label = adm_campaign_describe_undo (campaign_of (fixture));
  g_assert_cmpstr (undo_label, ==, "Reinforcements: Reinforcements");
  strategy = adm_state_get_strategy (adm_campaign_get_state (campaign_of (fixture)));
  flotilla = adm_strategy_lookup_formation (strategy, "reinforcements");
  g_assert_nonnull (flotilla);
  g_assert_cmpuint (flotilla->ships->len, ==, 3);
  g_assert_cmpstr (flotilla->admiral->id, ==, "vorkosigan");
  g_assert_cmpstr (flotilla->flagship->name, ==, "Kestrel II");
  after = campaign_file (fixture);
  g_assert_nonnull (strstr (after, "Convoy from Barrayar"));
  g_assert_nonnull (strstr (after, "minute=\"20\""));
  dump_after = state_dump (fixture);

  /* Ctrl+Z, then Ctrl+Shift+Z. */
  g_object_set_data (G_OBJECT (fixture->base.window), "before", after);
  keys_to (GTK_WIDGET (fixture->base.window), "ctrl+z");
  iterate_until (undo_changed, fixture, 5000);
  undone = campaign_file (fixture);
  {
    g_autofree char *dump = state_dump (fixture);

    g_assert_cmpstr (dump, ==, dump_before);
  }
  g_object_set_data (G_OBJECT (fixture->base.window), "before", undone);
  keys_to (GTK_WIDGET (fixture->base.window), "ctrl+shift+z");
  iterate_until (undo_changed, fixture, 5000);
  g_object_set_data (G_OBJECT (fixture->base.window), "before", NULL);
  redone = campaign_file (fixture);
  {
    g_autofree char *dump = state_dump (fixture);

    g_assert_cmpstr (dump, ==, dump_after);
  }
  /* The journal keeps the undo and the redo as entries of its history (it is never
   * rewritten); apart from those two lines the file is the same byte for byte. */
  {
    g_autofree char *kept = without_history (redone);
    g_autofree char *kept_after = without_history (after);
    g_autoptr(AdmCampaign) reopened = adm_campaign_open (fixture->base.campaign_path, &error);
    g_autofree char *dump = NULL;

    g_assert_no_error (error);
    g_assert_cmpstr (kept, ==, kept_after);
    g_assert_nonnull (strstr (redone, "<undo action="));
    g_assert_nonnull (strstr (redone, "<redo action="));
    dump = adm_state_dump (adm_campaign_get_state (reopened));
    g_assert_cmpstr (dump, ==, dump_after);
  }
  /* The same bytes as in the first locale's run, the undo and redo lines included. */
  if (first_after == NULL)
    {
      first_after = g_strdup (after);
      first_redone = g_strdup (redone);
    }
  g_assert_cmpstr (after, ==, first_after);
  g_assert_cmpstr (redone, ==, first_redone);

  /* Cycle 2 resolved: they arrive at minute 20 and meet the Komarrans there. */
  g_assert_true (adm_campaign_resolve_cycle (campaign_of (fixture), NULL, T0 + 4800, &error));
  g_assert_no_error (error);
  strategy = adm_state_get_strategy (adm_campaign_get_state (campaign_of (fixture)));
  engagements = adm_strategy_get_engagements (strategy, 2);
  for (guint i = 0; i < engagements->len; i++)
    {
      const AdmEngagement *engagement = g_ptr_array_index (engagements, i);

      for (guint f = 0; f < engagement->formations->len; f++)
        if (g_str_equal (((const AdmFormation *) g_ptr_array_index (engagement->formations,
                                                                     f))->id,
                         "reinforcements"))
          {
            g_assert_cmpstr (engagement->sector->id, ==, "komarr-orbit");
            g_assert_cmpfloat (engagement->minute, >=, 20);
            met = TRUE;
          }
    }
  g_assert_true (met);
  setlocale (LC_ALL, saved_locale);
}

/* A repair above the ship's full hull: the engine's refusal in the dialog, which stays
 * open, and nothing journaled. */
static void
test_refused (Fixture       *fixture,
              gconstpointer  data)
{
  g_autofree char *before = NULL;
  GtkWidget *dialog;
  AdmiraltyCorrectionDialog *correction;
  guint entries = adm_journal_get_n_entries (adm_campaign_get_journal (campaign_of (fixture)));

  if (!pointer_available ())
    {
      g_test_skip ("xdotool is not installed");
      return;
    }
  before = state_dump (fixture);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->base.window),
                                             "win.correct-repair", "s",
                                             "second-squadron-home-fleet"));
  dialog = wait_correction_dialog ();
  fill (fixture, dialog, "Hull Points Afterwards (empty: as now)", "99");
  fill (fixture, dialog, "Reason", "Refit");
  keys_to (dialog, "Return");
  iterate_until (correction_problem_shown, NULL, 5000);
  correction = correction_dialog ();
  g_assert_nonnull (correction);
  g_assert_nonnull (admiralty_correction_dialog_get_problem (correction));
  g_assert_nonnull (strstr (admiralty_correction_dialog_get_problem (correction), "not 99"));
  wait_frame (dialog);
  root_screenshot ("correction-refused.png", 0, 0);
  g_assert_cmpuint (adm_journal_get_n_entries (adm_campaign_get_journal (campaign_of (fixture))),
                    ==, entries);
  {
    g_autofree char *after = state_dump (fixture);

    g_assert_cmpstr (after, ==, before);
  }
  gtk_window_close (GTK_WINDOW (dialog));
  iterate_until (toplevel_gone, GSIZE_TO_POINTER (ADMIRALTY_TYPE_CORRECTION_DIALOG), 5000);
}

static gboolean
is_label_containing (GtkWidget     *widget,
                     gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) &&
         strstr (gtk_label_get_text (GTK_LABEL (widget)), data) != NULL;
}

/* F-STN-1: the Komarr Orbital Transfer Station captured by Barrayar with 3 hull points lost,
 * recorded in the Station dialog: the master's sector card says so, drawn on his map. */
static void
test_station_card (Fixture       *fixture,
                   gconstpointer  data)
{
  AdmiraltyMapPage *page;
  GtkWidget *dialog;
  const AdmStationState *station;

  if (!pointer_available ())
    {
      g_test_skip ("xdotool is not installed");
      return;
    }
  click_sector (fixture, "komarr-orbit");
  dialog = open_correction (fixture, "Station…");
  choose (fixture, dialog, "Owner", "Barrayaran Imperium");
  fill (fixture, dialog, "Hull Points Lost (empty: as now)", "3");
  fill (fixture, dialog, "Reason", "Taken by boarders");
  keys_to (dialog, "Return");
  iterate_until (toplevel_gone, GSIZE_TO_POINTER (ADMIRALTY_TYPE_CORRECTION_DIALOG), 5000);
  g_assert_null (correction_dialog ());
  station = adm_state_get_station (adm_campaign_get_state (campaign_of (fixture)), "komarr-orbit",
                                   "Komarr Orbital Transfer Station");
  g_assert_nonnull (station);
  g_assert_cmpstr (station->owner->id, ==, "barrayar");
  g_assert_cmpint (station->damage, ==, 3);
  page = _admiralty_window_get_map_page (fixture->base.window);
  iterate ();
  wait_frame (GTK_WIDGET (page->sector_map));
  g_assert_nonnull (find_widget (page->sector_info, is_label_containing,
                                 "Komarr Orbital Transfer Station · held by Barrayaran Imperium · "
                                 "3 hull points lost"));
  root_screenshot ("correction-station.png", 0, 0);
}

/* Every kind of correction has both paths: an action of the window that opens its dialog, and
 * a kind the command line's `correct` takes (it refuses an unknown kind with usage, 2). */
static void
test_every_kind (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autofree char *names = adm_correction_kind_names ();
  g_auto(GStrv) kinds = g_strsplit (names, " ", -1);
  GtkWidgetClass *klass = GTK_WIDGET_GET_CLASS (fixture->base.window);

  g_assert_cmpuint (g_strv_length (kinds), ==, ADM_CORRECTION_N_KINDS);
  for (guint i = 0; kinds[i] != NULL; i++)
    {
      g_autofree char *action = g_strdup_printf ("win.correct-%s", kinds[i]);
      g_autoptr(CliResult) result = NULL;
      gboolean installed = FALSE;
      AdmCorrectionKind kind;
      const char *name, *property;
      const GVariantType *type;
      GType owner;

      g_assert_true (adm_correction_kind_from_string (kinds[i], &kind));
      g_assert_cmpstr (admiralty_correction_action_name (kind), ==, action);
      for (guint a = 0; gtk_widget_class_query_action (klass, a, &owner, &name, &type,
                                                            &property); a++)
        installed |= g_str_equal (name, action) && type != NULL &&
                     g_variant_type_equal (type, G_VARIANT_TYPE_STRING);
      g_test_message ("%s", action);
      g_assert_true (installed);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->base.window), action, "s",
                                                 ""));
      iterate_until (toplevel_shown, GSIZE_TO_POINTER (ADMIRALTY_TYPE_CORRECTION_DIALOG), 5000);
      g_assert_nonnull (correction_dialog ());
      g_assert_cmpint (admiralty_correction_dialog_get_kind (correction_dialog ()), ==, kind);
      gtk_window_close (GTK_WINDOW (correction_dialog ()));
      iterate_until (toplevel_gone, GSIZE_TO_POINTER (ADMIRALTY_TYPE_CORRECTION_DIALOG), 5000);

      result = run_cli ("correct", fixture->base.campaign_path, kinds[i], "--reason", "x", NULL);
      g_test_message ("%s%s", result->out, result->err);
      g_assert_cmpint (result->status, ==, 1);
      g_assert_null (strstr (result->err, "unknown correction"));
    }
}

static gboolean
problem_gone (gpointer data)
{
  return correction_dialog () != NULL &&
         admiralty_correction_dialog_get_problem (correction_dialog ()) == NULL;
}

/* The dialog checks as the master types, before Record: a hull above the ship's full one
 * (F-CRIT-5) and a readiness out of range (F-RDY-1) are said once he pauses, with no reason
 * typed yet; typed right, the problem goes; nothing is journaled until Record. */
static void
test_checked_as_typed (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autofree char *before = NULL;
  GtkWidget *dialog;
  guint entries = adm_journal_get_n_entries (adm_campaign_get_journal (campaign_of (fixture)));

  if (!pointer_available ())
    {
      g_test_skip ("xdotool is not installed");
      return;
    }
  before = state_dump (fixture);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->base.window),
                                             "win.correct-repair", "s",
                                             "second-squadron-home-fleet"));
  dialog = wait_correction_dialog ();
  /* Opened, nothing typed: nothing said. */
  g_assert_null (admiralty_correction_dialog_get_problem (correction_dialog ()));
  fill (fixture, dialog, "Hull Points Afterwards (empty: as now)", "99");
  iterate_until (correction_problem_shown, NULL, 5000);
  g_assert_nonnull (strstr (admiralty_correction_dialog_get_problem (correction_dialog ()),
                            "not 99"));
  wait_frame (dialog);
  root_screenshot ("correction-checked-as-typed.png", 0, 0);
  /* Taken back (empty: as now): the problem goes. */
  keys_to (dialog, "BackSpace BackSpace");
  iterate_until (problem_gone, NULL, 5000);
  g_assert_null (admiralty_correction_dialog_get_problem (correction_dialog ()));
  fill (fixture, dialog, "Readiness (empty: as now)", "99");
  iterate_until (correction_problem_shown, NULL, 5000);
  g_test_message ("%s", admiralty_correction_dialog_get_problem (correction_dialog ()));
  g_assert_nonnull (strstr (admiralty_correction_dialog_get_problem (correction_dialog ()),
                            "0 to 12"));
  g_assert_cmpuint (adm_journal_get_n_entries (adm_campaign_get_journal (campaign_of (fixture))),
                    ==, entries);
  {
    g_autofree char *after = state_dump (fixture);

    g_assert_cmpstr (after, ==, before);
  }
  gtk_window_close (GTK_WINDOW (dialog));
  iterate_until (toplevel_gone, GSIZE_TO_POINTER (ADMIRALTY_TYPE_CORRECTION_DIALOG), 5000);
}

/* Komarr after cycle 1 played from its sheets, the battle of c1-3 begun (its first phase
 * played and kept): a battle under way, saved with the campaign. */
static void
battle_set_up (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (5);
  g_autoptr(GError) error = NULL;

  komarr_play_cycle (campaign, 1, T0);
  battle = engagement_battle (campaign, "c1-3");
  g_assert_true (adm_battle_resolve_phase (battle, NULL, ADM_DICE_SOURCE (dice), &error));
  g_assert_no_error (error);
  g_assert_true (adm_campaign_keep_battle (campaign, "c1-3", battle, &error));
  g_assert_no_error (error);
  campaign_fixture_set_up (&fixture->base, campaign, "correction-ui", "komarr.admiralty", 1280,
                           860);
}

/* F-STRAT-4: the Damage dialog opened on a ship fighting c1-3, whose battle is under way:
 * the engine's refusal naming the engagement is said as the master types the points, and
 * again on Record; the dialog stays open and nothing is journaled. */
static void
test_during_battle (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(AdmQueuedEngagement) engagement = NULL;
  g_autofree char *before = NULL;
  const AdmFormation *formation;
  const char *ship;
  GtkWidget *dialog;
  guint entries = adm_journal_get_n_entries (adm_campaign_get_journal (campaign_of (fixture)));

  if (!pointer_available ())
    {
      g_test_skip ("xdotool is not installed");
      return;
    }
  engagement = adm_campaign_find_engagement (campaign_of (fixture), "c1-3", NULL);
  g_assert_nonnull (engagement);
  g_assert_cmpint (engagement->status, ==, ADM_ENGAGEMENT_IN_PROGRESS);
  formation = adm_strategy_lookup_formation (
    adm_state_get_strategy (adm_campaign_get_state (campaign_of (fixture))),
    g_ptr_array_index (engagement->formation_ids, 0));
  ship = ((const AdmShip *) g_ptr_array_index (formation->ships, 0))->id;
  before = state_dump (fixture);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->base.window),
                                             "win.correct-damage", "s", ship));
  dialog = wait_correction_dialog ();
  fill (fixture, dialog, "Hull Points Lost", "1");
  iterate_until (correction_problem_shown, NULL, 5000);
  g_test_message ("%s", admiralty_correction_dialog_get_problem (correction_dialog ()));
  g_assert_nonnull (strstr (admiralty_correction_dialog_get_problem (correction_dialog ()),
                            "engagement c1-3, whose battle is under way"));
  fill (fixture, dialog, "Reason", "Sabotage");
  keys_to (dialog, "Return");
  iterate ();
  iterate_until (correction_problem_shown, NULL, 5000);
  g_assert_nonnull (correction_dialog ());
  g_assert_nonnull (strstr (admiralty_correction_dialog_get_problem (correction_dialog ()),
                            "End that battle first"));
  wait_frame (dialog);
  root_screenshot ("correction-during-battle.png", 0, 0);
  g_assert_cmpuint (adm_journal_get_n_entries (adm_campaign_get_journal (campaign_of (fixture))),
                    ==, entries);
  {
    g_autofree char *after = state_dump (fixture);

    g_assert_cmpstr (after, ==, before);
  }
  gtk_window_close (GTK_WINDOW (dialog));
  iterate_until (toplevel_gone, GSIZE_TO_POINTER (ADMIRALTY_TYPE_CORRECTION_DIALOG), 5000);
}

int
main (int    argc,
      char **argv)
{
  int status;

  ui_test_init (&argc, &argv, "correction-ui");
  /* One clock for every locale's run; English words in all of them (the rows are found by
   * their titles), whatever LC_MESSAGES says. */
  g_setenv ("SOURCE_DATE_EPOCH", "1795375200", TRUE);
  g_setenv ("LANGUAGE", "en", TRUE);
  comma_locales_ensure (&comma);
  if (comma.dir != NULL)
    g_setenv ("LOCPATH", comma.dir, TRUE);

  g_test_add ("/ui/correction/F-STRAT-4/three-destroyers-at-komarr", Fixture, NULL,
              fixture_set_up, test_reinforcements, fixture_tear_down);
  g_test_add ("/ui/correction/F-STRAT-4/three-destroyers-at-komarr/de_DE", Fixture,
              "de_DE.UTF-8", fixture_set_up, test_reinforcements, fixture_tear_down);
  g_test_add ("/ui/correction/F-STRAT-4/three-destroyers-at-komarr/ru_RU", Fixture,
              "ru_RU.UTF-8", fixture_set_up, test_reinforcements, fixture_tear_down);
  g_test_add ("/ui/correction/strategic-repair/refused-inline", Fixture, NULL, fixture_set_up,
              test_refused, fixture_tear_down);
  g_test_add ("/ui/correction/F-RDY-1/checked-as-typed", Fixture, NULL, fixture_set_up,
              test_checked_as_typed, fixture_tear_down);
  g_test_add ("/ui/correction/F-STN-1/station-on-the-card", Fixture, NULL, fixture_set_up,
              test_station_card, fixture_tear_down);
  g_test_add ("/ui/correction/every-kind-app-and-cli", Fixture, NULL, fixture_set_up,
              test_every_kind, fixture_tear_down);
  g_test_add ("/ui/correction/F-STRAT-4/during-battle", Fixture, NULL, battle_set_up,
              test_during_battle, fixture_tear_down);

  status = ui_test_finish (g_test_run ());
  comma_locales_clear (&comma);
  g_free (first_after);
  g_free (first_redone);
  return status;
}
