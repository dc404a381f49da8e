/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-engagements.c: the campaign loop on the command line — `admiralty-cli
 * engagements` lists the queue (F-STRAT-4), `battle CAMPAIGN --engagement ID` fights one
 * inside the campaign file and `--end --reason` carries its results into the campaign; a side's
 * `--as` sees only its own engagements and no enemy strength (F-STRAT-3); refusals change no
 * file. */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "admiralty-engine.h"
#include "adm-file.h"
#include "cli-helpers.h"
#include "file-helpers.h"
#include "text-helpers.h"

static JsonObject *
engagement (JsonObject *root,
            const char *id)
{
  JsonArray *list = json_object_get_array_member (root, "engagements");

  for (guint i = 0; i < json_array_get_length (list); i++)
    {
      JsonObject *entry = json_array_get_object_element (list, i);

      if (g_str_equal (json_object_get_string_member (entry, "id"), id))
        return entry;
    }
  return NULL;
}

/* The engagement at @place at @minute of a side's queue, which names none by id. */
static JsonObject *
engagement_at (JsonObject *root,
               const char *place,
               double      minute)
{
  JsonArray *list = json_object_get_array_member (root, "engagements");

  for (guint i = 0; i < json_array_get_length (list); i++)
    {
      JsonObject *entry = json_array_get_object_element (list, i);

      g_assert_false (json_object_has_member (entry, "id"));
      if (g_str_equal (json_object_get_string_member (entry, "place"), place) &&
          json_object_get_double_member (entry, "minute") == minute)
        return entry;
    }
  return NULL;
}

/* Cycle 2 of the Komarr campaign at @path (after cycle 1) resolved from its sheets with seed
 * 8, the engagements left unfought in cycle 1 dropped. */
static void
resolve_cycle_two (const char *path)
{
  g_autofree char *sheets = source_path ("scenarios", "komarr-campaign.sheets", NULL);
  g_autofree char *s1 = g_build_filename (sheets, "komarr-cycle-2-ghem-sarlat-1.xml", NULL);
  g_autofree char *s2 = g_build_filename (sheets, "komarr-cycle-2-ghem-sarlat-2.xml", NULL);
  g_autofree char *s3 = g_build_filename (sheets, "komarr-cycle-2-naismith.xml", NULL);
  g_autofree char *s4 = g_build_filename (sheets, "komarr-cycle-2-radovan.xml", NULL);
  g_autoptr(CliResult) cycle = run_cli ("cycle", path, "--orders", s1, s2, s3, s4, "--save",
                                        path, "--seed", "8", "--drop-unfought", "no time",
                                        NULL);

  g_assert_cmpint (cycle->status, ==, 0);
}

/* Whether @text holds an engagement id, "c2-3". */
static gboolean
names_an_id (const char *text)
{
  return g_regex_match_simple ("\\bc[0-9]+-[0-9]+\\b", text, 0, 0);
}

static void
test_loop (void)
{
  g_autofree char *path = NULL;
  g_autofree char *folder = cli_komarr_after_sheets ("admiralty-cli-engagements", &path);
  g_autofree char *orders = source_path ("tests/data/campaign-battles",
                                         "komarr-c1-3.orders.xml", NULL);
  g_autofree char *before = NULL, *after = NULL;
  g_autoptr(CliResult) list = run_cli ("engagements", path, "--json", NULL);
  g_autoptr(JsonObject) root = NULL;
  JsonObject *entry;

  g_assert_cmpint (list->status, ==, 0);
  root = parse_json (list->out);
  entry = engagement (root, "c1-4");
  g_assert_nonnull (entry);
  g_assert_cmpstr (json_object_get_string_member (entry, "status"), ==, "waiting");
  g_assert_cmpfloat (json_object_get_double_member (entry, "minute"), ==, 40);
  g_clear_pointer (&root, json_object_unref);

  /* An engagement that is not there, or that waits: refused, the file untouched. */
  g_assert_true (g_file_get_contents (path, &before, NULL, NULL));
  {
    g_autoptr(CliResult) none = run_cli ("battle", path, "--engagement", "c9-9", NULL);
    g_autoptr(CliResult) waits = run_cli ("battle", path, "--engagement", "c1-4", NULL);

    assert_failure (none, 1, "the campaign has: c1-1, c1-2, c1-3, c1-4");
    assert_failure (waits, 1, "cannot be fought before c1-1");
  }
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (before, ==, after);

  {
    /* Seed 3: a battle that leaves a burning hulk (its secret is the seed's, docs/dice.md;
     * not 6 since the wrecks' own critical checks, F-CRIT-1, take dice of the stream). */
    g_autoptr(CliResult) fight = run_cli ("battle", path, "--engagement", "c1-3", "--orders",
                                          orders, "--turns", "3", "--seed", "3", NULL);
    g_autoptr(CliResult) end = NULL;
    g_autoptr(CliResult) again = NULL;
    g_autoptr(CliResult) after_end = NULL;
    g_autoptr(CliResult) cards = NULL;
    g_autofree char *cards_pdf = g_build_filename (folder, "radovan-cards.pdf", NULL);

    g_assert_cmpint (fight->status, ==, 0);
    g_assert_nonnull (strstr (fight->out, "burning-hulk"));
    end = run_cli ("battle", path, "--engagement", "c1-3", "--end", "--reason",
                   "Pol Six withdrew", NULL);
    g_assert_cmpint (end->status, ==, 0);
    after_end = run_cli ("engagements", path, "--json", NULL);
    root = parse_json (after_end->out);
    entry = engagement (root, "c1-3");
    g_assert_cmpstr (json_object_get_string_member (entry, "status"), ==, "finished");
    g_assert_cmpint (json_object_get_int_member (entry, "ended_turn"), ==, 3);
    g_assert_cmpstr (json_object_get_string_member (entry, "reason"), ==, "Pol Six withdrew");
    /* Read-only once ended. */
    again = run_cli ("battle", path, "--engagement", "c1-3", "--turns", "1", NULL);
    assert_failure (again, 1, "read-only");
    cards = run_cli ("report", path, "--kind", "cards", "--admiral", "radovan", "--text", NULL);
    g_assert_cmpint (cards->status, ==, 0);
    g_assert_null (strstr (cards->out, "Vigilant"));
    g_assert_nonnull (strstr (cards->out, "Hull: 2/3 (1 lost)"));
    /* The cards on paper, as the manual shows them (docs/screenshots/make.sh). */
    g_clear_pointer (&cards, cli_result_free);
    cards = run_cli ("report", path, "--kind", "cards", "--admiral", "radovan", "-o",
                     cards_pdf, NULL);
    g_assert_cmpint (cards->status, ==, 0);
    pdf_page_picture (cards_pdf, 1, 90, "fleet-cards-after-battle.png");
  }
  g_clear_pointer (&root, json_object_unref);

  /* Undone, the battle is in progress again, where it was. */
  {
    g_autoptr(CliResult) undo = run_cli ("undo", path, NULL);
    g_autoptr(CliResult) now = run_cli ("engagements", path, "--json", NULL);

    g_assert_cmpint (undo->status, ==, 0);
    root = parse_json (now->out);
    entry = engagement (root, "c1-3");
    g_assert_cmpstr (json_object_get_string_member (entry, "status"), ==, "in-progress");
    g_assert_cmpint (json_object_get_int_member (entry, "turn"), ==, 4);
  }
  g_clear_pointer (&root, json_object_unref);
  cli_remove_folder (folder);
}

/* The checkpoints of the command line are the app's: "cycle-1" from the cycle's one save, and
 * one per turn of a battle played through (F-SEQ-1), each the campaign as it stood at that
 * turn's end, however many turns one command plays. */
static void
test_checkpoints (void)
{
  g_autofree char *path = NULL;
  g_autofree char *folder = cli_komarr_after_sheets ("admiralty-cli-engagements", &path);
  g_autofree char *orders = source_path ("tests/data/campaign-battles",
                                         "komarr-c1-3.orders.xml", NULL);
  g_autoptr(CliResult) fight = run_cli ("battle", path, "--engagement", "c1-3", "--orders",
                                        orders, "--turns", "3", "--seed", "5", NULL);
  static const char *const labels[] = { "cycle-1", "battle-c1-3-turn-1", "battle-c1-3-turn-2",
                                        "battle-c1-3-turn-3" };

  g_assert_cmpint (fight->status, ==, 0);
  g_assert_cmpstr (fight->err, ==, "");
  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    {
      g_autofree char *checkpoint = adm_file_checkpoint_path (path, labels[i]);
      g_autoptr(GError) error = NULL;
      g_autoptr(AdmCampaign) kept = adm_campaign_open (checkpoint, &error);
      int turn = 0;

      g_test_message ("%s", labels[i]);
      g_assert_no_error (error);
      if (i == 0)
        g_assert_null (adm_campaign_get_battle (kept, "c1-3", NULL, NULL));
      else
        {
          g_assert_nonnull (adm_campaign_get_battle (kept, "c1-3", &turn, NULL));
          g_assert_cmpint (turn, ==, (int) i + 1);
        }
    }
  cli_remove_folder (folder);
}

/* Cycle 1 and one turn of c1-3 in @language (the build's catalogues), at a fixed time, into
 * a new folder; the battle's --json title in *@title. */
static char *
fight_in (const char  *language,
          char       **folder,
          char       **title)
{
  g_autofree char *localedir = g_build_filename (g_getenv ("ADMIRALTY_BUILD_DIR"), "po", NULL);
  g_autoptr(CliResult) fight = NULL;
  char *path;

  g_setenv ("LANGUAGE", language, TRUE);
  g_setenv ("ADMIRALTY_LOCALEDIR", localedir, TRUE);
  g_setenv ("SOURCE_DATE_EPOCH", "1795000000", TRUE);
  *folder = cli_komarr_after_sheets ("admiralty-cli-engagements", &path);
  /* The human output, which follows the language (--json does not). */
  fight = run_cli ("battle", path, "--engagement", "c1-3", "--turns", "1", "--seed", "5",
                   NULL);
  g_assert_cmpint (fight->status, ==, 0);
  *title = g_strndup (fight->out, strcspn (fight->out, "\n"));
  g_unsetenv ("LANGUAGE");
  g_unsetenv ("SOURCE_DATE_EPOCH");
  return path;
}

/* The campaign file holds data, not the language of the moment: the same commands write the
 * same bytes under LANGUAGE=ru, the battle set-up kept in English, and the battle's title is
 * rendered in the language it is read in. A file an older version wrote in Russian still
 * opens, its title as written. */
static void
test_language_free_file (void)
{
  g_autofree char *c_folder = NULL, *ru_folder = NULL, *c_title = NULL, *ru_title = NULL;
  g_autofree char *c_path = fight_in ("C", &c_folder, &c_title);
  g_autofree char *ru_path = fight_in ("ru", &ru_folder, &ru_title);
  g_autofree char *c_text = NULL, *ru_text = NULL, *old = NULL, *old_path = NULL;
  g_autoptr(GString) russian = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (strstr (c_title, "“Battle at Pol orbit”"));
  g_assert_nonnull (strstr (ru_title, "«Сражение в секторе «Орбита Пола»»"));
  g_assert_true (g_file_get_contents (c_path, &c_text, NULL, NULL));
  g_assert_true (g_file_get_contents (ru_path, &ru_text, NULL, NULL));
  g_assert_cmpstr (c_text, ==, ru_text);
  g_assert_nonnull (strstr (c_text, "<battle ruleset=\"forcon-2010\" name=\"Battle at Pol orbit\""));
  g_assert_nonnull (strstr (c_text, "Jade Squadron: Marching order (ordered to move)"));

  /* The set-up as an older version kept it under LANGUAGE=ru, after the scenario's own. */
  g_assert_nonnull (strstr (c_text, "<battles>"));
  russian = g_string_new (strstr (c_text, "<battles>"));
  g_assert_cmpuint (g_string_replace (russian, "name=\"Battle at Pol orbit\"",
                                      "name=\"Сражение в секторе «Орбита Пола»\"", 0), ==, 1);
  g_assert_cmpuint (g_string_replace (russian, "name=\"Jade Pavilion\"",
                                      "name=\"Нефритовый павильон\"", 0), ==, 1);
  g_string_prepend_len (russian, c_text, strstr (c_text, "<battles>") - c_text);
  old_path = g_build_filename (c_folder, "old.admiralty", NULL);
  g_assert_true (g_file_set_contents (old_path, russian->str, -1, &error));
  g_assert_no_error (error);
  {
    g_autoptr(CliResult) again = run_cli ("battle", old_path, "--engagement", "c1-3", "--turns",
                                          "1", "--seed", "5", "--json", NULL);
    g_autoptr(JsonObject) root = NULL;

    g_test_message ("%s%s", again->out, again->err);
    g_assert_cmpint (again->status, ==, 0);
    root = parse_json (again->out);
    g_assert_cmpstr (json_object_get_string_member (root, "battle"), ==,
                     "Сражение в секторе «Орбита Пола»");
    g_assert_nonnull (strstr (again->out, "\"name\":\"Нефритовый павильон\""));
  }
  g_unsetenv ("ADMIRALTY_LOCALEDIR");
  cli_remove_folder (c_folder);
  cli_remove_folder (ru_folder);
}

/* F-STRAT-3: Aslund hears of its own engagement only, with no enemy strength. */
static void
test_as_side (void)
{
  g_autofree char *path = NULL;
  g_autofree char *folder = cli_komarr_after_sheets ("admiralty-cli-engagements", &path);
  g_autoptr(CliResult) aslund = run_cli ("engagements", path, "--as", "aslund", "--json", NULL);
  g_autoptr(CliResult) text = run_cli ("engagements", path, "--as", "aslund", NULL);
  g_autoptr(CliResult) bad = run_cli ("engagements", path, "--as", "nobody", NULL);
  g_autoptr(JsonObject) root = NULL;
  JsonArray *list;

  g_assert_cmpint (aslund->status, ==, 0);
  root = parse_json (aslund->out);
  list = json_object_get_array_member (root, "engagements");
  g_assert_cmpuint (json_array_get_length (list), ==, 1);
  g_assert_nonnull (engagement_at (root, "Hegen Hub", 0));
  g_assert_null (strstr (aslund->out, "Pol Cruiser Squadron"));
  g_assert_null (strstr (text->out, "Autumn Screen (Cetagandan Empire), 4"));
  g_assert_nonnull (strstr (text->out, "Aslund Minelayer (Aslund), 1 ship(s)"));
  assert_failure (bad, 2, "not master, public, an admiral or a faction");
  cli_remove_folder (folder);
}

/* F-STRAT-3: an engagement waits for an earlier one of its formations. In cycle 2, Hegen Hub
 * at minute 20 (c2-5) waits for the fight there at minute 0 (c2-3) of the hidden Autumn
 * Screen with the Aslund Minelayer, which the public is not told of: to the public c2-5 is
 * not fought yet, with no word of c2-3 nor of a formation there from an earlier fight;
 * Aslund, which fought c2-3, and the master read that c2-5 waits for it. */
static void
test_as_waiting (void)
{
  g_autofree char *path = NULL;
  g_autofree char *folder = cli_komarr_after_sheets ("admiralty-cli-engagements", &path);
  g_autoptr(CliResult) master = NULL, aslund = NULL, public = NULL, public_text = NULL;
  g_autoptr(JsonObject) master_root = NULL, aslund_root = NULL, public_root = NULL;
  JsonArray *formations;

  resolve_cycle_two (path);
  master = run_cli ("engagements", path, "--cycle", "2", "--json", NULL);
  aslund = run_cli ("engagements", path, "--cycle", "2", "--as", "aslund", "--json", NULL);
  public = run_cli ("engagements", path, "--cycle", "2", "--as", "public", "--json", NULL);
  public_text = run_cli ("engagements", path, "--cycle", "2", "--as", "public", NULL);
  g_assert_cmpint (master->status, ==, 0);
  g_assert_cmpint (aslund->status, ==, 0);
  g_assert_cmpint (public->status, ==, 0);
  g_assert_cmpint (public_text->status, ==, 0);
  master_root = parse_json (master->out);
  aslund_root = parse_json (aslund->out);
  public_root = parse_json (public->out);

  g_assert_cmpstr (json_object_get_string_member (engagement (master_root, "c2-5"),
                                                  "status_text"), ==, "Waiting for c2-3");
  g_assert_cmpstr (json_object_get_string_member (engagement_at (aslund_root, "Hegen Hub", 20),
                                                  "status_text"), ==,
                   "Waiting for the engagement at Hegen Hub, cycle 2, minute 0");

  g_assert_null (engagement_at (public_root, "Hegen Hub", 0));
  g_assert_cmpstr (json_object_get_string_member (engagement_at (public_root, "Hegen Hub", 20),
                                                  "status"), ==, "not-fought");
  g_assert_null (strstr (public->out, "minute 0, Hegen Hub"));
  g_assert_null (strstr (public_text->out, "minute 0, Hegen Hub"));
  g_assert_nonnull (strstr (public_text->out, "\ncycle 2, minute 20, Hegen Hub — Not fought\n"));
  formations = json_object_get_array_member (engagement_at (public_root, "Hegen Hub", 20),
                                             "formations");
  g_assert_cmpuint (json_array_get_length (formations), >, 0);
  for (guint f = 0; f < json_array_get_length (formations); f++)
    g_assert_false (json_object_has_member (json_array_get_object_element (formations, f),
                                            "arrives"));
  /* c2-4 waits for c2-1, which the public knows of. */
  g_assert_cmpstr (json_object_get_string_member (engagement_at (public_root, "Pol orbit", 20),
                                                  "status_text"), ==,
                   "Waiting for the engagement at Pol orbit, cycle 2, minute 0");
  cli_remove_folder (folder);
}

/* F-STRAT-3: ids number every engagement of a cycle, so a side or the public is told none.
 * In cycle 2 the public is told of c2-1, c2-2, c2-4, c2-5 and c2-6: the gap at c2-3 would tell
 * of the hidden fight at Hegen Hub. Every viewer but the master reads no id, in text or
 * JSON, and the same engagements by place and minute. */
static void
test_as_no_ids (void)
{
  static const char * const viewers[] = { "public", "barrayar", "cetaganda", "pol", "aslund" };
  g_autofree char *path = NULL;
  g_autofree char *folder = cli_komarr_after_sheets ("admiralty-cli-engagements", &path);
  g_autoptr(CliResult) master = NULL, public = NULL;
  g_autoptr(JsonObject) root = NULL;

  resolve_cycle_two (path);
  master = run_cli ("engagements", path, NULL);
  g_assert_cmpint (master->status, ==, 0);
  g_assert_true (names_an_id (master->out));
  g_assert_nonnull (strstr (master->out, "c2-3  cycle 2, minute 0, Hegen Hub"));
  for (guint v = 0; v < G_N_ELEMENTS (viewers); v++)
    {
      g_autoptr(CliResult) text = run_cli ("engagements", path, "--as", viewers[v], NULL);
      g_autoptr(CliResult) json = run_cli ("engagements", path, "--as", viewers[v], "--json",
                                           NULL);

      g_test_message ("as %s", viewers[v]);
      g_assert_cmpint (text->status, ==, 0);
      g_assert_cmpint (json->status, ==, 0);
      g_assert_false (names_an_id (text->out));
      g_assert_false (names_an_id (json->out));
      g_assert_nonnull (strstr (text->out, "cycle "));
    }

  public = run_cli ("engagements", path, "--as", "public", "--cycle", "2", "--json", NULL);
  g_assert_cmpint (public->status, ==, 0);
  root = parse_json (public->out);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "engagements")),
                    ==, 5);
  g_assert_nonnull (engagement_at (root, "Pol orbit", 0));
  g_assert_nonnull (engagement_at (root, "Pol jump point", 0));
  g_assert_null (engagement_at (root, "Hegen Hub", 0));
  g_assert_nonnull (engagement_at (root, "Pol orbit", 20));
  g_assert_nonnull (engagement_at (root, "Hegen Hub", 20));
  g_assert_nonnull (engagement_at (root, "Pol orbit", 40));
  cli_remove_folder (folder);
}

/* F-STRAT-3: `battle CAMPAIGN --engagement ID --as SIDE` shows that side's view and changes
 * no file — no turn played into the campaign, with or without --turns; --end and --save
 * with --as are refused. */
static void
test_as_changes_nothing (void)
{
  g_autofree char *path = NULL;
  g_autofree char *folder = cli_komarr_after_sheets ("admiralty-cli-engagements", &path);
  g_autofree char *before = NULL, *after = NULL;
  gsize before_length, after_length;
  GStatBuf stat_before, stat_after;

  g_assert_true (g_file_get_contents (path, &before, &before_length, NULL));
  g_assert_cmpint (g_stat (path, &stat_before), ==, 0);
  {
    g_autoptr(CliResult) view = run_cli ("battle", path, "--engagement", "c1-3", "--as",
                                         "cetaganda", NULL);
    g_autoptr(CliResult) played = run_cli ("battle", path, "--engagement", "c1-3", "--as",
                                           "pol", "--turns", "2", "--json", NULL);
    g_autoptr(CliResult) end = run_cli ("battle", path, "--engagement", "c1-3", "--as",
                                        "public", "--end", NULL);
    g_autoptr(CliResult) list = run_cli ("engagements", path, "--json", NULL);
    g_autoptr(JsonObject) root = NULL;
    g_autoptr(JsonObject) played_root = NULL;

    g_assert_cmpint (view->status, ==, 0);
    g_assert_nonnull (strstr (view->out, "0 turns"));
    g_assert_cmpint (played->status, ==, 0);
    played_root = parse_json (played->out);
    g_assert_cmpstr (json_object_get_string_member (played_root, "as"), ==, "pol");
    assert_failure (end, 2, "changes no file");
    root = parse_json (list->out);
    g_assert_cmpstr (json_object_get_string_member (engagement (root, "c1-3"), "status"), !=,
                     "in-progress");
  }
  g_assert_true (g_file_get_contents (path, &after, &after_length, NULL));
  g_assert_cmpint (g_stat (path, &stat_after), ==, 0);
  g_assert_cmpmem (before, before_length, after, after_length);
  g_assert_cmpint (stat_before.st_mtim.tv_sec, ==, stat_after.st_mtim.tv_sec);
  g_assert_cmpint (stat_before.st_mtim.tv_nsec, ==, stat_after.st_mtim.tv_nsec);
  cli_remove_folder (folder);
}

/* docs/dice.md: a side's view of a campaign battle names the dice's commitment, which
 * everyone may read, and not the seed the master gave, from which every roll could be worked
 * out. */
static void
test_as_commitment (void)
{
  g_autofree char *path = NULL;
  g_autofree char *folder = cli_komarr_after_sheets ("admiralty-cli-engagements", &path);
  g_autoptr(CliResult) fought = run_cli ("battle", path, "--engagement", "c1-3", "--seed", "5",
                                         "--json", NULL);
  g_autoptr(CliResult) text = NULL, json = NULL;
  g_autoptr(JsonObject) fought_root = NULL, root = NULL;
  g_autofree char *expected = NULL;
  const char *commitment;

  g_assert_cmpint (fought->status, ==, 0);
  fought_root = parse_json (fought->out);
  commitment = json_object_get_string_member (fought_root, "commitment");
  g_assert_cmpuint (strlen (commitment), ==, 64);
  g_assert_cmpint (json_object_get_int_member (fought_root, "seed"), ==, 5);

  text = run_cli ("battle", path, "--engagement", "c1-3", "--as", "pol", NULL);
  json = run_cli ("battle", path, "--engagement", "c1-3", "--as", "pol", "--json", NULL);
  g_assert_cmpint (text->status, ==, 0);
  g_assert_cmpint (json->status, ==, 0);
  expected = g_strdup_printf ("Battle “Battle at Pol orbit”: 0 turns, dice committed to %.16s\n",
                              commitment);
  g_assert_true (g_str_has_prefix (text->out, expected));
  g_assert_null (strstr (text->out, "seed"));
  root = parse_json (json->out);
  g_assert_cmpstr (json_object_get_string_member (root, "commitment"), ==, commitment);
  g_assert_true (json_object_get_null_member (root, "seed"));
  cli_remove_folder (folder);
}

/* The "features" of a battle's JSON, kind and name of each, "kind:name" joined by ", ", a
 * station's "(owner)" after it. */
static char *
features_of (JsonObject *root)
{
  JsonArray *features = json_object_get_array_member (root, "features");
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; i < json_array_get_length (features); i++)
    {
      JsonObject *feature = json_array_get_object_element (features, i);

      g_assert_true (json_object_has_member (feature, "x"));
      g_assert_true (json_object_has_member (feature, "y"));
      g_assert_cmpfloat (json_object_get_double_member (feature, "size"), >, 0);
      g_string_append_printf (out, "%s%s:%s", i > 0 ? ", " : "",
                              json_object_get_string_member (feature, "kind"),
                              json_object_get_string_member (feature, "name"));
      /* Ruling "station-unit": a station's owner, a faction id or null for a mark. */
      if (g_str_equal (json_object_get_string_member (feature, "kind"), "station"))
        {
          g_assert_true (json_object_has_member (feature, "owner"));
          g_string_append_printf (out, " (%s)",
                                  json_object_get_null_member (feature, "owner")
                                    ? "mark"
                                    : json_object_get_string_member (feature, "owner"));
        }
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* F-TAC-1: --layout-seed sets the engagement's table up from the seed, journaled and shown in
 * --json's "features" and (to the master only) "layout_seed"; the same seed gives the same
 * table; once a turn is played and kept, a new table is refused and the file is left as it
 * was. */
static void
test_layout_seed (void)
{
  g_autofree char *path = NULL;
  g_autofree char *folder = cli_komarr_after_sheets ("admiralty-cli-engagements", &path);
  g_autoptr(CliResult) first = run_cli ("battle", path, "--engagement", "c1-3", "--layout-seed",
                                        "5", "--json", NULL);
  g_autoptr(CliResult) other = run_cli ("battle", path, "--engagement", "c1-3", "--layout-seed",
                                        "6", "--json", NULL);
  g_autoptr(CliResult) again = run_cli ("battle", path, "--engagement", "c1-3", "--layout-seed",
                                        "5", "--json", NULL);
  g_autoptr(CliResult) journal = run_cli ("journal", path, NULL);
  g_autoptr(CliResult) bad = run_cli ("battle", path, "--engagement", "c1-3", "--layout-seed",
                                      "-1", NULL);
  g_autoptr(CliResult) no_campaign = NULL;
  g_autoptr(CliResult) played = NULL, refused = NULL;
  g_autoptr(JsonObject) a = NULL, b = NULL, c = NULL;
  g_autofree char *kinds = NULL, *before = NULL, *after = NULL;

  g_assert_cmpint (first->status, ==, 0);
  g_assert_cmpint (other->status, ==, 0);
  g_assert_cmpint (again->status, ==, 0);
  a = parse_json (first->out);
  b = parse_json (other->out);
  c = parse_json (again->out);
  g_assert_cmpint (json_object_get_int_member (a, "layout_seed"), ==, 5);
  g_assert_cmpint (json_object_get_int_member (b, "layout_seed"), ==, 6);
  /* Pol orbit: the planet Pol with its orbits and the station Pol Six, a unit of Pol's. */
  kinds = features_of (a);
  g_assert_cmpstr (kinds, ==, "planet:Pol, low-orbit:Pol, station:Pol Six (pol)");
  g_assert_cmpint (json_object_get_int_member (a, "turn"), ==, 1);
  /* Nothing played: the same seed, the same table. */
  g_assert_true (json_node_equal (json_object_get_member (a, "features"),
                                  json_object_get_member (c, "features")));
  g_assert_false (json_node_equal (json_object_get_member (a, "features"),
                                   json_object_get_member (b, "features")));
  g_assert_nonnull (strstr (journal->out, "New table for engagement c1-3"));
  assert_failure (bad, 2, "--layout-seed must be a whole number from 0 to 4294967295");

  /* F-MINE-2: the seed places the campaign's minefields too; a side and the public see the
   * table, never the seed that would tell where hidden mines lie. */
  {
    g_autoptr(CliResult) pol = run_cli ("battle", path, "--engagement", "c1-3", "--as", "pol",
                                        "--json", NULL);
    g_autoptr(CliResult) public = run_cli ("battle", path, "--engagement", "c1-3", "--as",
                                           "public", "--json", NULL);
    g_autoptr(CliResult) master = run_cli ("battle", path, "--engagement", "c1-3", "--as",
                                           "master", "--json", NULL);
    g_autoptr(JsonObject) pol_root = NULL, public_root = NULL, master_root = NULL;

    g_assert_cmpint (pol->status, ==, 0);
    g_assert_cmpint (public->status, ==, 0);
    g_assert_cmpint (master->status, ==, 0);
    pol_root = parse_json (pol->out);
    public_root = parse_json (public->out);
    master_root = parse_json (master->out);
    g_assert_true (json_object_get_null_member (pol_root, "layout_seed"));
    g_assert_true (json_object_get_null_member (public_root, "layout_seed"));
    g_assert_cmpint (json_object_get_int_member (master_root, "layout_seed"), ==, 5);
    g_assert_true (json_node_equal (json_object_get_member (pol_root, "features"),
                                    json_object_get_member (c, "features")));
  }

  no_campaign = run_cli ("battle", path, "--layout-seed", "5", NULL);
  assert_failure (no_campaign, 2, "give --engagement ID too");

  played = run_cli ("battle", path, "--engagement", "c1-3", "--turns", "1", "--seed", "3", NULL);
  g_assert_cmpint (played->status, ==, 0);
  g_assert_true (g_file_get_contents (path, &before, NULL, NULL));
  refused = run_cli ("battle", path, "--engagement", "c1-3", "--layout-seed", "7", NULL);
  assert_failure (refused, 1, "a table is re-rolled before the first turn");
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (before, ==, after);
}

/* F-TAC-1: a table re-rolled is that engagement's alone. In Komarr's first cycle c1-1 (Pol
 * jump point) and c1-2 (Hegen Hub) both begin at minute 0: a new table for c1-1 leaves
 * c1-2's as it would have been. */
static void
test_layout_seed_own_table (void)
{
  g_autofree char *path = NULL, *untouched = NULL;
  g_autofree char *folder = cli_komarr_after_sheets ("admiralty-cli-engagements", &path);
  g_autofree char *other_folder = cli_komarr_after_sheets ("admiralty-cli-engagements",
                                                           &untouched);
  g_autoptr(CliResult) reroll = run_cli ("battle", path, "--engagement", "c1-1",
                                         "--layout-seed", "5", "--json", NULL);
  g_autoptr(CliResult) hegen = run_cli ("battle", path, "--engagement", "c1-2", "--json", NULL);
  g_autoptr(CliResult) hegen_untouched = run_cli ("battle", untouched, "--engagement", "c1-2",
                                                  "--json", NULL);
  g_autoptr(JsonObject) a = NULL, b = NULL, c = NULL;

  g_assert_cmpint (reroll->status, ==, 0);
  g_assert_cmpint (hegen->status, ==, 0);
  g_assert_cmpint (hegen_untouched->status, ==, 0);
  a = parse_json (reroll->out);
  b = parse_json (hegen->out);
  c = parse_json (hegen_untouched->out);
  g_assert_cmpint (json_object_get_int_member (a, "layout_seed"), ==, 5);
  g_assert_cmpint (json_object_get_int_member (b, "layout_seed"), !=, 5);
  g_assert_cmpint (json_object_get_int_member (b, "layout_seed"), ==,
                   json_object_get_int_member (c, "layout_seed"));
  g_assert_true (json_node_equal (json_object_get_member (b, "features"),
                                  json_object_get_member (c, "features")));
  cli_remove_folder (folder);
  cli_remove_folder (other_folder);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/engagements/F-STRAT-4/loop", test_loop);
  g_test_add_func ("/cli/engagements/F-TAC-1/layout-seed", test_layout_seed);
  g_test_add_func ("/cli/engagements/F-TAC-1/layout-seed-own-table", test_layout_seed_own_table);
  g_test_add_func ("/cli/engagements/F-STRAT-3/as-side", test_as_side);
  g_test_add_func ("/cli/engagements/F-STRAT-3/as-waiting", test_as_waiting);
  g_test_add_func ("/cli/engagements/F-STRAT-3/as-no-ids", test_as_no_ids);
  g_test_add_func ("/cli/engagements/F-SEQ-1/checkpoints", test_checkpoints);
  g_test_add_func ("/cli/engagements/language-free-file", test_language_free_file);
  g_test_add_func ("/cli/engagements/F-STRAT-3/as-changes-nothing", test_as_changes_nothing);
  g_test_add_func ("/cli/engagements/dice/as-commitment", test_as_commitment);
  return g_test_run ();
}
