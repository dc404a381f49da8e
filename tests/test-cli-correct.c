/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-correct.c: `admiralty-cli correct CAMPAIGN KIND [options] --reason R` on the Komarr
 * campaign after a cycle: each kind journaled in the campaign file as one action with its
 * reason, which opens with it (reinforcements, a formation of them arriving at minute 20 of
 * the cycle being ordered, and an admiral joining with his, included); `undo` and `redo` take it back and forth, the file's state as
 * before; refusals (an unknown ship or sector, a repair above full hull, readiness 99, a 7th
 * ship, an unknown class, hidden and revealed at once, a second admiral of an id or an
 * unknown faction, a reason of 100,000 characters, a
 * scenario) exit 1 naming the problem and change no
 * byte of the file; bad usage (an unknown kind, an option the kind does not take, no reason)
 * exits 2. A correction of a ship fighting a battle under way exits 1 naming the engagement
 * (F-STRAT-4); damage beyond the hull left exits 1, damage to none destroys the ship (F-CRIT-7).
 * CLI_PATH comes from meson. */

#include "config.h"

#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "admiralty-engine.h"
#include "cli-helpers.h"
#include "file-helpers.h"
#include "locale-helpers.h"

/* The state of the campaign file at @path, opened anew. */
static char *
state_of (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = adm_campaign_open (path, &error);

  g_assert_no_error (error);
  return adm_state_dump (adm_campaign_get_state (campaign));
}

static AdmShipState *
ship_of (AdmCampaign *campaign,
         const char  *id)
{
  return adm_state_get_ship (adm_campaign_get_state (campaign), id);
}

/* Runs `correct` with @args (up to NULL) after the campaign, asserting it is journaled; `undo`
 * then gives back the state before it and `redo` the state after. */
static void
correct_and_back (CliCampaign *fixture,
                  const char  *expected,
                  ...)
{
  const char *args[24] = { "correct", fixture->campaign, NULL };
  guint n = 2;
  va_list list;
  g_autofree char *before = state_of (fixture->campaign);
  g_autofree char *after = NULL, *undone = NULL, *redone = NULL;
  g_autoptr(CliResult) result = NULL;
  g_autoptr(CliResult) undo = NULL;
  g_autoptr(CliResult) redo = NULL;

  va_start (list, expected);
  for (const char *arg = va_arg (list, const char *); arg != NULL;
       arg = va_arg (list, const char *))
    args[n++] = arg;
  va_end (list);
  g_assert_cmpuint (n, <, G_N_ELEMENTS (args));
  result = run_cli_strv (args);
  g_test_message ("%s%s", result->out, result->err);
  g_assert_cmpint (result->status, ==, 0);
  g_assert_nonnull (strstr (result->out, expected));
  after = state_of (fixture->campaign);
  g_assert_cmpstr (after, !=, before);

  undo = run_cli ("undo", fixture->campaign, NULL);
  g_assert_cmpint (undo->status, ==, 0);
  undone = state_of (fixture->campaign);
  g_assert_cmpstr (undone, ==, before);
  redo = run_cli ("redo", fixture->campaign, NULL);
  g_assert_cmpint (redo->status, ==, 0);
  redone = state_of (fixture->campaign);
  g_assert_cmpstr (redone, ==, after);
}

/* Each kind from the command line, its reason journaled with it. */
static void
test_kinds (CliCampaign   *fixture,
            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autofree char *text = NULL;

  correct_and_back (fixture, "Damage to Prince Serg", "damage", "--ship", "prince-serg",
                    "--points", "4", "--reason", "Sabotage in the dockyard", NULL);
  correct_and_back (fixture, "Repair of Prince Serg", "repair", "--ship", "prince-serg",
                    "--hull", "14", "--criticals", "none", "--readiness", "11", "--reason",
                    "Refit at Komarr station", NULL);
  correct_and_back (fixture, "Readiness of Kestrel", "readiness", "--ship", "kestrel",
                    "--readiness", "5", "--reason", "Fever aboard", NULL);
  correct_and_back (fixture, "Jade Squadron moved to Sergyar", "move", "--formation",
                    "jade-squadron", "--sector", "sergyar-approach", "--reason",
                    "The story sent it", NULL);
  correct_and_back (fixture, "Gull taken out of the campaign", "remove-ship", "--ship", "gull",
                    "--reason", "Sold to Jackson's Whole", NULL);
  correct_and_back (fixture, "Star Garden handed to First Celestial Squadron", "hand-over",
                    "--ship", "star-garden", "--formation", "first-celestial-squadron",
                    "--reason", "Reinforces the Celestials", NULL);
  correct_and_back (fixture, "Give Autumn Screen to ghem-Adm. Ilsum Estif", "hand-over",
                    "--formation", "autumn-screen", "--admiral", "ghem-estif", "--reason",
                    "Sarlat went home", NULL);

  correct_and_back (fixture, "Reinforcements: Third Destroyer Flotilla", "add-formation",
                    "--admiral", "vorkosigan", "--sector", "komarr-orbit", "--name",
                    "Third Destroyer Flotilla", "--ship", "Kestrel II:vorpatril:8", "--ship",
                    "Merlin:Vorpatril:7", "--ship", "Gull II:vorpatril:6", "--hidden",
                    "--cycle", "2", "--minute", "20", "--reason", "Convoy from Barrayar", NULL);
  correct_and_back (fixture, "Reinforcements for Second Squadron, Home Fleet", "add-ship",
                    "--formation", "second-squadron-home-fleet", "--ship",
                    "Vorbarra Star:vorhartung:9", "--reason", "Commissioned at Komarr", NULL);
  correct_and_back (fixture, "Adm. Lord Vorlakial leaves the game", "retire-admiral",
                    "--admiral", "vorlakial", "--successor", "vorkosigan", "--reason",
                    "Called away to Barrayar", NULL);
  correct_and_back (fixture, "Adm. Piotr Vorhalas joins the game", "add-admiral",
                    "--admiral", "vorhalas", "--name", "Adm. Piotr Vorhalas", "--faction",
                    "barrayar", "--formation-name", "Vorhalas's Escort", "--sector",
                    "komarr-orbit", "--ship", "Vorhalas Pride:vorpatril:8", "--cycle", "2",
                    "--minute", "10", "--reason", "A new player arrived", NULL);
  correct_and_back (fixture, "Station Pol Six", "station", "--sector", "pol-orbit",
                    "--station", "Pol Six", "--owner", "barrayar", "--damage", "4", "--reason",
                    "Taken by boarders", NULL);
  correct_and_back (fixture, "Mines cleared in Pol orbit", "minefield", "--sector",
                    "pol-orbit", "--reason", "Swept by the story", NULL);
  text = file_contents (fixture->campaign);
  g_assert_nonnull (strstr (text, "Refit at Komarr station"));
  g_assert_nonnull (strstr (text, "Sold to Jackson"));
  campaign = adm_campaign_open (fixture->campaign, &error);
  g_assert_no_error (error);
  g_assert_cmpint (ship_of (campaign, "prince-serg")->damage, ==, 0);
  g_assert_cmpint (ship_of (campaign, "prince-serg")->readiness, ==, 11);
  g_assert_cmpint (ship_of (campaign, "kestrel")->readiness, ==, 5);
  g_assert_cmpint (ship_of (campaign, "gull")->fate, ==, ADM_SHIP_FATE_REMOVED);

  {
    g_autoptr(CliResult) json = run_cli ("correct", fixture->campaign, "readiness", "--ship",
                                         "vorinnis", "--readiness", "3", "--reason", "Drills",
                                         "--json", NULL);
    g_autoptr(JsonObject) object = NULL;

    g_assert_cmpint (json->status, ==, 0);
    object = parse_json (json->out);
    g_assert_cmpstr (json_object_get_string_member (object, "correction"), ==, "readiness");
    g_assert_cmpstr (json_object_get_string_member (object, "action"), ==,
                     "Readiness of Vorinnis");
    g_assert_cmpstr (json_object_get_string_member (object, "reason"), ==, "Drills");
  }
}

/* Refusals name the problem, exit 1 and leave the file byte for byte as it was. */
static void
test_refused (CliCampaign   *fixture,
              gconstpointer  data)
{
  g_autofree char *scenario = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "scenarios",
                                                "komarr-campaign.admiralty", NULL);
  g_autofree char *book = g_strnfill (100000, 'a');
  g_autofree char *before = file_contents (fixture->campaign);
  g_autofree char *after = NULL;
  const struct {
    const char *args[14];
    const char *message;
  } refusals[] = {
    { { "repair", "--ship", "flying-dutchman", "--hull", "3", "--reason", "x" },
      "no ship “flying-dutchman”" },
    { { "repair", "--ship", "prince-serg", "--hull", "20", "--reason", "x" }, "not 20" },
    { { "readiness", "--ship", "kestrel", "--readiness", "99", "--reason", "x" },
      "would be 99" },
    { { "repair", "--ship", "kestrel", "--readiness", "99", "--reason", "x" }, "0 to 12" },
    { { "move", "--formation", "jade-squadron", "--sector", "andromeda", "--reason", "x" },
      "no sector “andromeda”" },
    /* F-FORM-8: the First Celestial Squadron has 5 ships; Jade Pavilion makes 6, Star Garden
     * would be the 7th. */
    { { "hand-over", "--ship", "autumn-bell", "--formation", "jade-squadron", "--reason", "x" },
      "F-FORM-8" },
    { { "move", "--formation", "jade-squadron", "--sector", "sergyar-approach", "--reason",
        book }, "longer than 2000 characters" },
    { { "damage", "--ship", "prince-serg", "--points", "lots", "--reason", "x" }, "points" },
    { { "add-formation", "--admiral", "vorkosigan", "--sector", "komarr-orbit", "--name", "X",
        "--ship", "A:rowing-boat:8", "--reason", "x" }, "unknown class “rowing-boat”" },
    { { "add-formation", "--admiral", "vorkosigan", "--sector", "komarr-orbit", "--name", "X",
        "--ship", "A:vorpatril:8", "--hidden", "--revealed", "--reason", "x" },
      "both hidden and revealed" },
    { { "add-ship", "--formation", "first-destroyer-flotilla", "--ship", "A:vorpatril:99",
        "--reason", "x" }, "from 0 to 12" },
    { { "add-formation", "--admiral", "vorkosigan", "--sector", "komarr-orbit", "--name", "X",
        "--ship", "A", "--reason", "x" }, "NAME:CLASS:READINESS" },
    { { "retire-admiral", "--admiral", "vorkosigan", "--successor", "radovan", "--reason",
        "x" }, "own side" },
    { { "station", "--sector", "pol-orbit", "--station", "Death Star", "--destroyed",
        "--reason", "x" }, "no station “Death Star”" },
    { { "add-admiral", "--admiral", "vorkosigan", "--name", "Adm. Other", "--faction",
        "barrayar", "--reason", "x" }, "an admiral “vorkosigan” already" },
    { { "add-admiral", "--admiral", "xav", "--name", "Adm. Xav", "--faction", "tau-ceti",
        "--reason", "x" }, "no faction “tau-ceti”" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (refusals); i++)
    {
      const char *args[16] = { "correct", fixture->campaign, NULL };
      g_autoptr(CliResult) result = NULL;
      guint n = 2;

      for (guint a = 0; refusals[i].args[a] != NULL; a++)
        args[n++] = refusals[i].args[a];
      result = run_cli_strv (args);
      assert_failure (result, 1, refusals[i].message);
      g_assert_nonnull (strstr (result->err, "Nothing was corrected"));
    }
  after = file_contents (fixture->campaign);
  g_assert_cmpstr (before, ==, after);

  {
    g_autoptr(CliResult) result = run_cli ("correct", scenario, "remove-ship", "--ship", "gull",
                                           "--reason", "x", NULL);

    assert_failure (result, 1, "is a scenario, not a saved campaign");
  }
  {
    g_autoptr(CliResult) result = run_cli ("correct", fixture->campaign, "refit", "--reason",
                                           "x", NULL);

    assert_failure (result, 2, "unknown correction “refit”");
  }
  {
    g_autoptr(CliResult) result = run_cli ("correct", fixture->campaign, "move", "--formation",
                                           "jade-squadron", "--sector", "sergyar-approach",
                                           "--hull", "3", "--reason", "x", NULL);

    assert_failure (result, 2, "--hull does not apply to a move correction");
  }
  {
    g_autoptr(CliResult) result = run_cli ("correct", fixture->campaign, "remove-ship",
                                           "--ship", "gull", NULL);

    assert_failure (result, 2, "no reason given");
  }
  {
    g_autoptr(CliResult) result = run_cli ("correct", fixture->campaign, NULL);

    assert_failure (result, 2, "no kind of correction given");
  }
  g_free (after);
  after = file_contents (fixture->campaign);
  g_assert_cmpstr (before, ==, after);
}

/* Undo and redo give the same states whatever the master's locale: corrections with a minute,
 * hull points and a station's damage, journaled by the command line under C, ru_RU and
 * de_DE (whose number formats differ), read back to the same state, and undone and redone to
 * the states before and after. */
/* de_DE.UTF-8 and ru_RU.UTF-8 as the runs get them (locale-helpers.h). */
static CommaLocales locales;

static void
test_locales (CliCampaign   *fixture,
              gconstpointer  data)
{
  const char *locale_names[] = { "C.UTF-8", "ru_RU.UTF-8", "de_DE.UTF-8" };
  g_autofree char *original = NULL;
  g_autofree char *first_after = NULL;
  g_autofree char *first_bytes = NULL;
  gsize length;
  g_autoptr(GError) error = NULL;

  if (locales.problem != NULL)
    {
      g_test_skip (locales.problem);
      return;
    }
  g_assert_true (g_file_get_contents (fixture->campaign, &original, &length, &error));
  g_assert_no_error (error);
  /* One clock for every locale's run, so that the files can be compared byte for byte. */
  g_setenv ("SOURCE_DATE_EPOCH", "1795000000", TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (locale_names); i++)
    {
      g_autofree char *before = NULL, *after = NULL, *undone = NULL, *redone = NULL;
      g_autofree char *bytes = NULL;

      g_assert_true (g_file_set_contents (fixture->campaign, original, length, &error));
      g_assert_no_error (error);
      g_setenv ("LC_ALL", locale_names[i], TRUE);
      if (locales.dir != NULL && i > 0)
        g_setenv ("LOCPATH", locales.dir, TRUE);
      before = state_of (fixture->campaign);
      {
        g_autoptr(CliResult) add = run_cli (
          "correct", fixture->campaign, "add-formation", "--admiral", "vorkosigan",
          "--sector", "komarr-orbit", "--name", "Third Destroyer Flotilla", "--ship",
          "Kestrel II:vorpatril:8", "--cycle", "2", "--minute", "20", "--reason",
          "Convoy from Barrayar", NULL);
        g_autoptr(CliResult) repair = run_cli (
          "correct", fixture->campaign, "repair", "--ship", "prince-serg", "--hull", "14",
          "--readiness", "11", "--reason", "Refit at Komarr station", NULL);
        g_autoptr(CliResult) station = run_cli (
          "correct", fixture->campaign, "station", "--sector", "pol-orbit", "--station",
          "Pol Six", "--owner", "barrayar", "--damage", "4", "--reason", "Taken by boarders",
          NULL);

        g_test_message ("%s: %s%s%s%s%s%s", locale_names[i], add->out, add->err, repair->out,
                        repair->err, station->out, station->err);
        g_assert_cmpint (add->status, ==, 0);
        g_assert_cmpint (repair->status, ==, 0);
        g_assert_cmpint (station->status, ==, 0);
      }
      after = state_of (fixture->campaign);
      g_assert_cmpstr (after, !=, before);
      if (first_after == NULL)
        first_after = g_strdup (after);
      else
        g_assert_cmpstr (after, ==, first_after);
      for (guint n = 0; n < 3; n++)
        {
          g_autoptr(CliResult) undo = run_cli ("undo", fixture->campaign, NULL);

          g_assert_cmpint (undo->status, ==, 0);
        }
      undone = state_of (fixture->campaign);
      g_assert_cmpstr (undone, ==, before);
      for (guint n = 0; n < 3; n++)
        {
          g_autoptr(CliResult) redo = run_cli ("redo", fixture->campaign, NULL);

          g_assert_cmpint (redo->status, ==, 0);
        }
      redone = state_of (fixture->campaign);
      g_assert_cmpstr (redone, ==, after);
      /* The file the corrections, three undos and three redos leave is the same bytes in
       * every locale: no number, time or word of the journal follows the master's locale. */
      g_assert_true (g_file_get_contents (fixture->campaign, &bytes, NULL, &error));
      g_assert_no_error (error);
      if (first_bytes == NULL)
        first_bytes = g_steal_pointer (&bytes);
      else
        g_assert_cmpstr (bytes, ==, first_bytes);
    }
  g_unsetenv ("SOURCE_DATE_EPOCH");
  g_unsetenv ("LOCPATH");
  g_unsetenv ("LC_ALL");
}

/* A line of two Barrayaran ships at Beta, the Cetagandan J1 coming from Gamma: each cycle's
 * order sheet moves J1 along @route, so that cycle 1 and cycle 3 bring them together at Beta
 * (engagements c1-1 and c3-1). */
static const char during_campaign[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<campaign format=\"2\"><scenario id=\"d\" name=\"During\" ruleset=\"forcon-2010\">\n"
  "  <description>x</description>\n"
  "  <admiral id=\"vork\" name=\"Adm. Vork\" faction=\"barrayar\"/>\n"
  "  <admiral id=\"estif\" name=\"ghem-Adm. Estif\" faction=\"cetaganda\"/>\n"
  "  <map><sector id=\"a\" name=\"Alpha\" x=\"0\" y=\"0\"/>"
  "<sector id=\"b\" name=\"Beta\" x=\"100\" y=\"0\"/>\n"
  "    <sector id=\"c\" name=\"Gamma\" x=\"200\" y=\"0\"/>"
  "<link from=\"a\" to=\"b\"/><link from=\"b\" to=\"c\"/></map>\n"
  "  <formation id=\"line\" name=\"Line\" faction=\"barrayar\" sector=\"b\" flagship=\"h1\" "
  "admiral=\"vork\">\n"
  "    <ship id=\"h1\" name=\"H1\" class=\"vorhartung\" readiness=\"6\"/>\n"
  "    <ship id=\"h2\" name=\"H2\" class=\"vorhartung\" readiness=\"6\"/></formation>\n"
  "  <formation id=\"jade\" name=\"Jade\" faction=\"cetaganda\" sector=\"c\" flagship=\"j1\" "
  "admiral=\"estif\">\n"
  "    <ship id=\"j1\" name=\"J1\" class=\"ghem-lord\" readiness=\"6\"/></formation>\n"
  "</scenario><dice seed=\"1\" draws=\"0\"/>\n"
  "<journal/>\n"
  "</campaign>\n";

static void
during_setup (CliCampaign   *fixture,
              gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  const char *routes[] = { "b", "c", "b" };

  fixture->dir = g_dir_make_tmp ("admiralty-cli-correct-XXXXXX", &error);
  g_assert_no_error (error);
  fixture->campaign = g_build_filename (fixture->dir, "during.admiralty", NULL);
  g_assert_true (g_file_set_contents (fixture->campaign, during_campaign, -1, &error));
  for (guint cycle = 1; cycle <= G_N_ELEMENTS (routes); cycle++)
    {
      g_autofree char *name = g_strdup_printf ("e%u.xml", cycle);
      g_autofree char *path = g_build_filename (fixture->dir, name, NULL);
      g_autofree char *sheet = g_strdup_printf (
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<order-sheet admiral=\"estif\" cycle=\"%u\" received=\"2026-11-22T18:30:00Z\">"
        "<order formation=\"jade\" order=\"move\" route=\"%s\"/></order-sheet>\n",
        cycle, routes[cycle - 1]);

      g_assert_true (g_file_set_contents (path, sheet, -1, &error));
    }
}

/* Cycle @cycle resolved from the sheet e@cycle.xml; asserts it is. */
static void
during_cycle (CliCampaign *fixture,
              guint        cycle)
{
  g_autofree char *name = g_strdup_printf ("e%u.xml", cycle);
  g_autofree char *sheet = g_build_filename (fixture->dir, name, NULL);
  g_autoptr(CliResult) result = run_cli ("cycle", fixture->campaign, "--orders", sheet,
                                         "--seed", "1", NULL);

  g_test_message ("%s%s", result->out, result->err);
  g_assert_cmpint (result->status, ==, 0);
}

static int
damage_of (const char *path,
           const char *ship)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = adm_campaign_open (path, &error);

  g_assert_no_error (error);
  return ship_of (campaign, ship)->damage;
}

/* F-STRAT-4: while the battle of c1-1 is under way, `correct` of a ship fighting it exits 1
 * naming the engagement and what to do, the file as it was: neither lost when the battle ends
 * (damage) nor leaving a battle that cannot end (remove-ship, hand-over). Ended, the battle
 * leaves its ships to be corrected, and the next cycle is taken. */
static void
test_during_battle (CliCampaign   *fixture,
                    gconstpointer  data)
{
  g_autofree char *before = NULL, *after = NULL;
  g_autoptr(CliResult) battle = NULL;
  g_autoptr(CliResult) end = NULL;
  g_autoptr(CliResult) done = NULL;
  const struct {
    const char *args[10];
  } refused[] = {
    { { "damage", "--ship", "h2", "--points", "5", "--reason", "Sabotage" } },
    { { "remove-ship", "--ship", "h2", "--reason", "Sold" } },
    { { "readiness", "--ship", "h1", "--readiness", "3", "--reason", "Fever" } },
    { { "move", "--formation", "line", "--sector", "a", "--reason", "The story" } },
  };
  int damage;

  during_cycle (fixture, 1);
  battle = run_cli ("battle", fixture->campaign, "--engagement", "c1-1", "--turns", "1", NULL);
  g_assert_cmpint (battle->status, ==, 0);
  before = file_contents (fixture->campaign);
  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      const char *args[16] = { "correct", fixture->campaign, NULL };
      g_autoptr(CliResult) result = NULL;

      for (guint a = 0; refused[i].args[a] != NULL; a++)
        args[2 + a] = refused[i].args[a];
      result = run_cli_strv (args);
      g_test_message ("%s", result->err);
      assert_failure (result, 1, "engagement c1-1, whose battle is under way");
      g_assert_nonnull (strstr (result->err, "End that battle first"));
      after = file_contents (fixture->campaign);
      g_assert_cmpstr (after, ==, before);
      g_clear_pointer (&after, g_free);
    }

  end = run_cli ("battle", fixture->campaign, "--engagement", "c1-1", "--end", "--reason",
                 "Withdrew", NULL);
  g_test_message ("%s%s", end->out, end->err);
  g_assert_cmpint (end->status, ==, 0);
  damage = damage_of (fixture->campaign, "h2");
  done = run_cli ("correct", fixture->campaign, "damage", "--ship", "h2", "--points", "5",
                  "--reason", "Sabotage", NULL);
  g_assert_cmpint (done->status, ==, 0);
  g_assert_cmpint (damage_of (fixture->campaign, "h2"), ==, damage + 5);
  during_cycle (fixture, 2);
  g_assert_cmpint (damage_of (fixture->campaign, "h2"), ==, damage + 5);
}

/* F-CRIT-7: `correct damage` of more hull points than the ship has left exits 1 saying what
 * it has; all of them destroy it — its formation goes on under H2 (F-FORM-5), and the
 * formation's next battle is set up and fought. */
static void
test_damage_to_zero (CliCampaign   *fixture,
                     gconstpointer  data)
{
  g_autofree char *before = file_contents (fixture->campaign);
  g_autofree char *after = NULL;
  g_autoptr(CliResult) more = run_cli ("correct", fixture->campaign, "damage", "--ship", "h1",
                                       "--points", "21", "--reason", "Reactor breach", NULL);
  g_autoptr(CliResult) all = NULL;
  g_autoptr(CliResult) battle = NULL;
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autoptr(GError) error = NULL;

  assert_failure (more, 1, "“H1” has 20 of its 20 hull points left: it can lose at most 20, "
                           "not 21");
  after = file_contents (fixture->campaign);
  g_assert_cmpstr (after, ==, before);
  all = run_cli ("correct", fixture->campaign, "damage", "--ship", "h1", "--points", "20",
                 "--reason", "Reactor breach", NULL);
  g_assert_cmpint (all->status, ==, 0);
  campaign = adm_campaign_open (fixture->campaign, &error);
  g_assert_no_error (error);
  g_assert_cmpint (ship_of (campaign, "h1")->fate, ==, ADM_SHIP_FATE_DESTROYED);
  g_assert_cmpstr (adm_strategy_lookup_formation (adm_state_get_strategy (
                     adm_campaign_get_state (campaign)), "line")->flagship->id, ==, "h2");
  during_cycle (fixture, 1);
  battle = run_cli ("battle", fixture->campaign, "--engagement", "c1-1", "--turns", "1", NULL);
  g_test_message ("%s%s", battle->out, battle->err);
  g_assert_cmpint (battle->status, ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);

  g_test_add ("/cli/correct/kinds", CliCampaign, NULL, cli_campaign_after_cycle, test_kinds,
              cli_campaign_teardown);
  g_test_add ("/cli/correct/F-FORM-8/refused", CliCampaign, NULL, cli_campaign_after_cycle,
              test_refused, cli_campaign_teardown);
  g_test_add ("/cli/correct/undo-redo-locales", CliCampaign, NULL,
              cli_campaign_after_cycle, test_locales, cli_campaign_teardown);
  g_test_add ("/cli/correct/F-STRAT-4/during-battle", CliCampaign, NULL, during_setup,
              test_during_battle, cli_campaign_teardown);
  g_test_add ("/cli/correct/F-CRIT-7/damage-to-zero", CliCampaign, NULL, during_setup,
              test_damage_to_zero, cli_campaign_teardown);
  comma_locales_ensure (&locales);
  status = g_test_run ();
  comma_locales_clear (&locales);
  return status;
}
