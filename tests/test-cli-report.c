/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-report.c: `admiralty-cli report` run as a master's script would run it — the Komarr
 * campaign after a cycle, every --kind written as a PDF whose text (pdftotext) holds the
 * document's words and whose pages are the --paper asked for, --text, an admiral by id or by
 * name, and bad usage (exit 2), a missing file or an unknown admiral (exit 1, named), an
 * unwritable output (exit 1, named, nothing left). A page of the master's report (after a
 * battle), an admiral's, his fleet cards and his order sheet is drawn into the build's tests
 * folder as the pictures docs/cli.md shows (docs/screenshots/make.sh). CLI_PATH comes from meson;
 * ADMIRALTY_SOURCE_DIR from the test environment. */

#include "config.h"

#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "admiralty-engine.h"
#include "cli-helpers.h"
#include "text-helpers.h"

/* Fails unless @haystack holds @needle. */
static void
assert_in (const char *haystack,
           const char *needle)
{
  if (strstr (haystack, needle) == NULL)
    g_error ("“%s” not found in:\n%s", needle, haystack);
}

/* The text of page @page of the PDF at @path, white space squeezed. */
static char *
pdf_page_text (const char *path,
               guint       page)
{
  g_autofree char *number = g_strdup_printf ("%u", page);
  const char *argv[] = { "pdftotext", "-enc", "UTF-8", "-f", number, "-l", number, path, "-",
                         NULL };
  g_autofree char *raw = tool_output (argv);

  return squeeze (raw);
}

static guint
pdf_n_pages (const char *path)
{
  const char *argv[] = { "pdfinfo", path, NULL };
  g_autofree char *info = tool_output (argv);
  const char *pages = strstr (info, "Pages:");

  g_assert_nonnull (pages);
  return (guint) g_ascii_strtoull (pages + strlen ("Pages:"), NULL, 10);
}

/* The first page of the PDF at @path that holds @words, drawn at 70 dpi as the picture @name
 * (docs/cli.md shows a page of each paper). */
static void
page_picture (const char *path,
              const char *words,
              const char *name)
{
  pdf_page_picture (path, pdf_page_with (path, words), 70, name);
}

/* Writes the report of @kind for @admiral (or NULL) as a PDF and as text: both hold @words;
 * the PDF is A4 and its title in the metadata is the text's first line. */
static void
check_kind (CliCampaign        *fixture,
            const char         *kind,
            const char         *admiral,
            const char * const *words)
{
  g_autofree char *pdf = g_strdup_printf ("%s%c%s.pdf", fixture->dir, G_DIR_SEPARATOR, kind);
  g_autoptr(CliResult) written = NULL;
  g_autoptr(CliResult) text = NULL;
  g_autofree char *pdf_words = NULL;
  g_autofree char *text_words = NULL;
  g_autofree char *info = NULL;
  g_auto(GStrv) lines = NULL;

  if (admiral != NULL)
    {
      written = run_cli ("report", fixture->campaign, "--kind", kind, "--admiral", admiral,
                         "-o", pdf, NULL);
      text = run_cli ("report", fixture->campaign, "--kind", kind, "--admiral", admiral,
                      "--text", NULL);
    }
  else
    {
      written = run_cli ("report", fixture->campaign, "--kind", kind, "-o", pdf, NULL);
      text = run_cli ("report", fixture->campaign, "--kind", kind, "--text", NULL);
    }
  g_test_message ("%s%s", written->err, text->err);
  g_assert_cmpint (written->status, ==, 0);
  g_assert_cmpint (text->status, ==, 0);
  g_assert_cmpstr (written->err, ==, "");
  assert_in (written->out, pdf);

  pdf_words = pdf_text (pdf);
  text_words = squeeze (text->out);
  for (guint i = 0; words[i] != NULL; i++)
    {
      assert_in (pdf_words, words[i]);
      assert_in (text_words, words[i]);
    }
  /* The page header: the text's first three lines are the title, campaign and cycle. */
  lines = g_strsplit (text->out, "\n", 4);
  g_assert_cmpuint (g_strv_length (lines), ==, 4);
  for (guint i = 0; i < 3; i++)
    if (*lines[i] != '\0')
      assert_in (pdf_words, lines[i]);
  /* Page numbers: the paper's own, or, every admiral's, each admiral's own. */
  assert_in (pdf_words, admiral != NULL || strstr (pdf_words, "Page 1 of ") != NULL
                        ? "Page 1 of " : "— page 1 of ");
  {
    const char *argv[] = { "pdfinfo", pdf, NULL };
    g_autofree char *title = g_strdup_printf ("Title: %s", lines[0]);

    g_autofree char *squeezed = NULL;

    info = tool_output (argv);
    assert_in (info, "(A4)");
    squeezed = squeeze (info);
    assert_in (squeezed, title);
  }
}

/* The master's turn report covers the cycle (F-STRAT-1, F-STRAT-2, F-STRAT-3, F-STRAT-4,
 * F-STRAT-5). */
static void
test_master (CliCampaign   *fixture,
             gconstpointer  data)
{
  const char *words[] = { "Turn report — cycle 1", "The Komarr Campaign",
                          "First Squadron, Home Fleet", NULL };
  g_autoptr(CliResult) text = NULL;

  check_kind (fixture, "master", NULL, words);
  /* No battles folder beside the campaign, and the report says nothing of one — nor
   * of any file of the program's. */
  text = run_cli ("report", fixture->campaign, "--kind", "master", "--text", NULL);
  g_assert_cmpint (text->status, ==, 0);
  g_assert_null (strstr (text->out, "folder"));
  g_assert_null (strstr (text->out, ".xml"));
}

/* An admiral's report, the admiral given by id. */
static void
test_admiral (CliCampaign   *fixture,
              gconstpointer  data)
{
  const char *words[] = { "Adm. Aral Vorkosigan", "First Squadron, Home Fleet", NULL };

  g_autofree char *pdf = g_build_filename (fixture->dir, "admiral.pdf", NULL);

  check_kind (fixture, "admiral", "vorkosigan", words);
  page_picture (pdf, "Adm. Aral Vorkosigan", "report-admiral.png");
}

/* Fleet cards of one admiral, given by his exact name, and of every admiral. */
static void
test_cards (CliCampaign   *fixture,
            gconstpointer  data)
{
  const char *one[] = { "Prince Serg", "Emperor Dorca", "Hull", "Readiness", NULL };
  const char *all[] = { "Prince Serg", "Kestrel", NULL };

  g_autofree char *pdf = g_build_filename (fixture->dir, "cards.pdf", NULL);

  check_kind (fixture, "cards", "Adm. Aral Vorkosigan", one);
  page_picture (pdf, "Prince Serg", "report-cards.png");
  check_kind (fixture, "cards", NULL, all);
}

/* Every admiral's fleet cards in @pdf: the first page is @first's and holds a card (its
 * @card_word, the card's "Hull" line); so does every page but the blank back of a part's
 * last sheet (each admiral's cards start on a new sheet), which holds no card, is the back
 * of a page that does, and comes before the next part. @parts admirals, so fewer backs.
 * @first NULL: the first page's admiral not checked. */
static void
check_card_pages (const char *pdf,
                  const char *first,
                  const char *card_word,
                  guint       parts)
{
  guint n = pdf_n_pages (pdf), backs = 0;
  gboolean before = FALSE;

  g_assert_cmpuint (n, >=, parts);
  for (guint page = 1; page <= n; page++)
    {
      g_autofree char *text = pdf_page_text (pdf, page);
      gboolean card = strstr (text, card_word) != NULL;

      if (page == 1)
        {
          if (first != NULL)
            assert_in (text, first);
          g_assert_true (card);
        }
      if (!card)
        {
          g_test_message ("%s: page %u is a blank back", pdf, page);
          g_assert_cmpuint (page % 2, ==, 0);
          g_assert_cmpuint (page, <, n);
          g_assert_true (before);
          backs++;
        }
      before = card;
    }
  g_assert_cmpuint (backs, <, parts);
}

/* Every admiral's fleet cards (the reports dialog's "Fleet cards" with every admiral), in
 * English and in Russian, and a faction's (--as): the first admiral's cards on the first
 * page, no page before them with a title alone and the back of its sheet. */
static void
test_cards_pages (CliCampaign   *fixture,
                  gconstpointer  data)
{
  g_autofree char *localedir = g_build_filename (g_getenv ("ADMIRALTY_BUILD_DIR"), "po", NULL);
  g_autofree char *all = g_build_filename (fixture->dir, "every-card.pdf", NULL);
  g_autofree char *russian = g_build_filename (fixture->dir, "every-card-ru.pdf", NULL);
  g_autofree char *side = g_build_filename (fixture->dir, "cetaganda-cards.pdf", NULL);
  g_autoptr(AdmCampaign) campaign = adm_campaign_open (fixture->campaign, NULL);
  g_autoptr(CliResult) written = NULL, written_ru = NULL, written_side = NULL;
  g_autofree char *side_words = NULL;
  GPtrArray *admirals;
  const AdmAdmiral *first, *first_cetagandan = NULL;
  guint cetagandans = 0;

  g_assert_nonnull (campaign);
  admirals = adm_campaign_get_admirals (campaign);
  first = g_ptr_array_index (admirals, 0);
  for (guint i = 0; i < admirals->len; i++)
    {
      const AdmAdmiral *admiral = g_ptr_array_index (admirals, i);

      if (g_str_equal (admiral->faction->id, "cetaganda"))
        {
          if (first_cetagandan == NULL)
            first_cetagandan = admiral;
          cetagandans++;
        }
    }
  g_assert_cmpuint (cetagandans, >, 1);

  written = run_cli ("report", fixture->campaign, "--kind", "cards", "-o", all, NULL);
  g_assert_cmpint (written->status, ==, 0);
  check_card_pages (all, first->name, "Hull", admirals->len);
  pdf_page_picture (all, 1, 70, "report-cards-every-1.png");

  written_side = run_cli ("report", fixture->campaign, "--as", "cetaganda", "--kind", "cards",
                          "-o", side, NULL);
  g_assert_cmpint (written_side->status, ==, 0);
  check_card_pages (side, first_cetagandan->name, "Hull", cetagandans);
  side_words = pdf_text (side);
  assert_lacks (side_words, first->name, "a Cetagandan's cards");

  g_setenv ("LANGUAGE", "ru", TRUE);
  g_setenv ("ADMIRALTY_LOCALEDIR", localedir, TRUE);
  written_ru = run_cli ("report", fixture->campaign, "--kind", "cards", "-o", russian, NULL);
  g_unsetenv ("LANGUAGE");
  g_assert_cmpint (written_ru->status, ==, 0);
  /* The names as the campaign opened in Russian gives them. */
  check_card_pages (russian, NULL, "Живучесть", admirals->len);
  pdf_page_picture (russian, 1, 70, "report-cards-every-ru-1.png");
}

/* Blank order sheets (F-STRAT-18), pre-filled with the admiral's formations. */
static void
test_sheets (CliCampaign   *fixture,
             gconstpointer  data)
{
  const char *words[] = { "Adm. Aral Vorkosigan", "First Squadron, Home Fleet",
                          "First Destroyer Flotilla", NULL };

  g_autofree char *pdf = g_build_filename (fixture->dir, "sheets.pdf", NULL);

  check_kind (fixture, "sheets", "vorkosigan", words);
  page_picture (pdf, "First Squadron, Home Fleet", "report-sheets.png");
}

/* Blank order-of-battle sheets (F-GEN-5, F-GEN-6): the admiral's name and faction, the
 * columns of the spreadsheet's order of battle to fill in, and the season's classes he may
 * name; every admiral's when none is given. */
static void
test_oob (CliCampaign   *fixture,
          gconstpointer  data)
{
  const char *one[] = { "Order of battle — Adm. Aral Vorkosigan", "Barrayaran Imperium",
                        "Formation", "Command", "F-FORM-4", "Classes of this game",
                        "Vorpatril", NULL };
  const char *all[] = { "Order of battle — Baron Fell", "Order of battle — Adm. Miles Naismith",
                        NULL };

  check_kind (fixture, "oob", "vorkosigan", one);
  check_kind (fixture, "oob", NULL, all);
}

/* --paper sets the page size. */
static void
test_paper (CliCampaign   *fixture,
            gconstpointer  data)
{
  g_autofree char *pdf = g_build_filename (fixture->dir, "legal.pdf", NULL);
  g_autoptr(CliResult) result = run_cli ("report", fixture->campaign, "--kind", "sheets",
                                         "--paper", "legal", "-o", pdf, NULL);
  const char *argv[] = { "pdfinfo", pdf, NULL };
  g_autofree char *info = NULL;

  g_assert_cmpint (result->status, ==, 0);
  info = tool_output (argv);
  assert_in (info, "612 x 1008 pts");
}

/* Every admiral's paper in one go: DIR/ADMIRAL.pdf with his report, his fleet cards
 * and his order sheet, on pages of their own; with --kind, refused. */
static void
test_packets (CliCampaign   *fixture,
              gconstpointer  data)
{
  g_autoptr(CliResult) result = run_cli ("report", fixture->campaign, "--packets", fixture->dir,
                                         NULL);
  g_autoptr(CliResult) bad = run_cli ("report", fixture->campaign, "--packets", fixture->dir,
                                      "--kind", "cards", NULL);
  g_autofree char *pdf = g_build_filename (fixture->dir, "vorkosigan.pdf", NULL);
  g_autofree char *other = g_build_filename (fixture->dir, "radovan.pdf", NULL);
  g_autofree char *text = NULL, *radovan = NULL;

  g_assert_cmpint (result->status, ==, 0);
  assert_in (result->out, "Saved 11 admirals' papers");
  text = pdf_text (pdf);
  assert_in (text, "Report to Adm. Aral Vorkosigan");
  assert_in (text, "Fleet cards");
  assert_in (text, "Order sheet");
  assert_in (text, "Prince Serg");
  /* His paper only: another admiral's formations are in another file. */
  g_assert_null (strstr (text, "Pol Cruiser Squadron Flagship"));
  radovan = pdf_text (other);
  assert_in (radovan, "Pol Constant");
  g_assert_null (strstr (radovan, "Prince Serg Vorkraft"));
  assert_failure (bad, 2, "--packets");
}

/* --every-admiral: every admiral's paper in one PDF, read page by page. Each page is one
 * admiral's: his report's title in its header and his own page number in its footer ("Adm.
 * Marek Radovan — page 2 of 4"), numbered 1…n without a gap; each admiral's pages start on
 * an odd page — a new sheet when printed on both sides — opening with a line saying whose
 * paper it is; and none of them holds another side's formation (F-STRAT-3). */
static void
test_every_admiral (CliCampaign   *fixture,
                    gconstpointer  data)
{
  g_autofree char *pdf = g_build_filename (fixture->dir, "every.pdf", NULL);
  g_autoptr(CliResult) written = run_cli ("report", fixture->campaign, "--every-admiral", "-o",
                                          pdf, NULL);
  g_autoptr(CliResult) bad = run_cli ("report", fixture->campaign, "--every-admiral", "--kind",
                                      "cards", "--text", NULL);
  g_autoptr(CliResult) text = run_cli ("report", fixture->campaign, "--every-admiral", "--text",
                                       NULL);
  g_autoptr(AdmScenario) scenario = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *scenario_path = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"),
                                                     "scenarios", "komarr-campaign.admiralty",
                                                     NULL);
  g_autoptr(AdmCampaign) campaign = NULL;
  GPtrArray *admirals;
  guint n_pages, page = 1;

  g_test_message ("%s", written->err);
  g_assert_cmpint (written->status, ==, 0);
  assert_failure (bad, 2, "--every-admiral");
  g_assert_cmpint (text->status, ==, 0);
  campaign = adm_campaign_open (scenario_path, &error);
  g_assert_no_error (error);
  scenario = g_object_ref (adm_campaign_get_scenario (campaign));
  admirals = adm_scenario_get_admirals (scenario);
  n_pages = pdf_n_pages (pdf);
  for (guint i = 0; i < admirals->len; i++)
    {
      const AdmAdmiral *admiral = g_ptr_array_index (admirals, i);
      g_autofree char *title = g_strdup_printf ("Report to %s — cycle 1", admiral->name);
      g_autofree char *cover = g_strdup_printf ("The paper of %s (%s)", admiral->name,
                                                admiral->faction->name);
      g_autofree char *first = NULL;
      g_autofree char *footer_prefix = g_strdup_printf ("%s — page 1 of ", admiral->name);
      const char *count;
      guint own_pages;

      assert_in (text->out, cover);
      g_assert_cmpuint (page % 2, ==, 1);
      first = pdf_page_text (pdf, page);
      assert_in (first, cover);
      count = strstr (first, footer_prefix);
      if (count == NULL)
        g_error ("“%s” not found on page %u:\n%s", footer_prefix, page, first);
      own_pages = (guint) g_ascii_strtoull (count + strlen (footer_prefix), NULL, 10);
      g_assert_cmpuint (own_pages, >=, 3);
      for (guint k = 1; k <= own_pages; k++, page++)
        {
          g_autofree char *words = pdf_page_text (pdf, page);
          g_autofree char *footer = g_strdup_printf ("%s — page %u of %u", admiral->name, k,
                                                     own_pages);

          g_assert_cmpuint (page, <=, n_pages);
          assert_in (words, title);
          assert_in (words, footer);
          for (guint j = 0; j < admirals->len; j++)
            {
              const AdmAdmiral *other = g_ptr_array_index (admirals, j);
              g_autofree char *other_title = g_strdup_printf ("Report to %s ", other->name);

              if (j != i)
                g_assert_null (strstr (words, other_title));
            }
          /* Vorkosigan's flagship is no one's business at Pol. */
          if (g_str_equal (admiral->id, "radovan"))
            g_assert_null (strstr (words, "Prince Serg"));
        }
      /* Whole sheets: a back left blank is his, with his header and number. */
      if (i + 1 < admirals->len)
        g_assert_cmpuint (own_pages % 2, ==, 0);
    }
  g_assert_cmpuint (page - 1, ==, n_pages);
}

/* The paragraph after the heading line @heading in @text, up to the next heading line. */
static char *
section_after (const char *text,
               const char *heading)
{
  const char *start = strstr (text, heading);
  const char *end;

  if (start == NULL)
    g_error ("“%s” not found in:\n%s", heading, text);
  end = strstr (start + strlen (heading), "\n\nPol ");
  return g_strndup (start, end != NULL ? (gsize) (end - start) : strlen (start));
}

/* F-STRAT-4: the reports tell each battle's real state — Pol orbit (c1-3) ended in turn 3
 * with the master's reason, Pol jump point (c1-1) opened and in progress at turn 2, the others
 * not fought or waiting; every order the admiral gave (Radovan's patrol for the Pol Escort
 * Group, which fought); and per engagement only the enemies there at its minute (the First
 * Squadron arrives at Pol jump point at minute 40, for c1-4, not for c1-1 at minute 0). */
static void
test_battle_states (CliCampaign   *fixture,
                    gconstpointer  data)
{
  const char *source = g_getenv ("ADMIRALTY_SOURCE_DIR");
  g_autofree char *scenario = g_build_filename (source, "scenarios", "komarr-campaign.admiralty",
                                                NULL);
  g_autofree char *sheets = g_build_filename (source, "scenarios", "komarr-campaign.sheets",
                                            NULL);
  g_autofree char *sarlat = g_build_filename (sheets, "komarr-cycle-1-ghem-sarlat.xml", NULL);
  g_autofree char *radovan = g_build_filename (sheets, "komarr-cycle-1-radovan.xml", NULL);
  g_autofree char *vorkosigan = g_build_filename (sheets, "komarr-cycle-1-vorkosigan.xml", NULL);
  g_autofree char *orders = g_build_filename (source, "tests", "data", "campaign-battles",
                                              "komarr-c1-3.orders.xml", NULL);
  g_autofree char *path = g_build_filename (fixture->dir, "fought.admiralty", NULL);
  g_autoptr(CliResult) cycle = run_cli ("cycle", scenario, "--orders", sarlat, radovan,
                                        vorkosigan, "--save", path, "--seed", "7", NULL);
  g_autoptr(CliResult) fought = run_cli ("battle", path, "--engagement", "c1-3", "--orders",
                                         orders, "--turns", "3", "--seed", "5", NULL);
  g_autoptr(CliResult) ended = run_cli ("battle", path, "--engagement", "c1-3", "--end",
                                        "--reason", "Pol Six withdrew", NULL);
  g_autoptr(CliResult) opened = run_cli ("battle", path, "--engagement", "c1-1", "--turns", "1",
                                         "--seed", "3", NULL);
  g_autoptr(CliResult) admiral = NULL;
  g_autoptr(CliResult) master = NULL;
  g_autoptr(CliResult) printed = NULL;
  g_autofree char *pdf = g_build_filename (fixture->dir, "fought-master.pdf", NULL);
  g_autofree char *escort = NULL, *jump = NULL;

  g_assert_cmpint (cycle->status, ==, 0);
  g_assert_cmpint (fought->status, ==, 0);
  g_assert_cmpint (ended->status, ==, 0);
  g_assert_cmpint (opened->status, ==, 0);
  admiral = run_cli ("report", path, "--kind", "admiral", "--admiral", "radovan", "--text", NULL);
  master = run_cli ("report", path, "--kind", "master", "--text", NULL);
  g_assert_cmpint (admiral->status, ==, 0);
  g_assert_cmpint (master->status, ==, 0);

  /* The admiral's paper. */
  assert_in (admiral->out, "\nBattle: Pol orbit\n\nEnded in turn 3: Pol Six withdrew.\n");
  assert_in (admiral->out, "\nBattle: Pol jump point\n\nIn progress: turn 2, ECM "
                           "detection phase.\n");
  g_assert_null (strstr (admiral->out, "Now at turn"));
  escort = section_after (admiral->out, "\nPol Escort Group\n");
  assert_in (escort, "Orders for cycle 1:\n– patrol in Pol orbit\n");
  jump = section_after (admiral->out, "\nPol jump point, minute 0\n");
  assert_in (jump, "Enemies seen: First Destroyer Flotilla (Barrayaran Imperium).");
  g_assert_null (strstr (jump, "First Squadron, Home Fleet"));
  assert_in (admiral->out, "\nPol jump point, minute 40\n");

  /* The master's. */
  assert_in (master->out, "c1-3 · Pol orbit, minute 20 — Ended in turn 3: Pol Six "
                          "withdrew\n");
  assert_in (master->out, "c1-1 · Pol jump point, minute 0 — In progress: turn 2, ");
  assert_in (master->out, "c1-2 · Hegen Hub, minute 0 — Not fought\n");
  g_assert_null (strstr (master->out, "Engagement c1-1, Pol jump point, minute 0: Not fought"));

  /* On paper, the page of the cycle's engagements: the picture docs/cli.md shows. */
  printed = run_cli ("report", path, "--kind", "master", "-o", pdf, NULL);
  g_assert_cmpint (printed->status, ==, 0);
  page_picture (pdf, "c1-2 · Hegen Hub, minute 0 — Not fought", "report-master.png");
}

/* Bad usage exits 2 and writes nothing. */
static void
test_usage (CliCampaign   *fixture,
            gconstpointer  data)
{
  g_autofree char *pdf = g_build_filename (fixture->dir, "out.pdf", NULL);
  struct {
    const char *args[10];
    const char *message;
  } cases[] = {
    { { "report", fixture->campaign, "-o", pdf, NULL }, "missing --kind" },
    { { "report", fixture->campaign, "--kind", "poster", "-o", pdf, NULL }, "unknown --kind" },
    { { "report", fixture->campaign, "--kind", "master", NULL }, "missing -o" },
    { { "report", fixture->campaign, "--kind", "master", "--text", "-o", pdf, NULL },
      "not both" },
    { { "report", fixture->campaign, "--kind", "master", "--paper", "a3", "-o", pdf, NULL },
      "unknown --paper" },
    { { "report", fixture->campaign, "--kind", "master", "--cycle", "x", "-o", pdf, NULL },
      "--cycle" },
    { { "report", fixture->campaign, "--kind", "admiral", "-o", pdf, NULL }, "--admiral" },
    { { "report", "--kind", "master", "-o", pdf, NULL }, "no campaign file" },
    { { "report", fixture->campaign, fixture->campaign, "--kind", "master", "-o", pdf, NULL },
      "unexpected argument" },
    { { "report", fixture->campaign, "--kind", "master", "--bogus", "-o", pdf, NULL },
      "--bogus" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) argv = g_ptr_array_new ();
      g_autofree char *out = NULL, *err = NULL;
      char **envp = g_environ_setenv (g_get_environ (), "LC_ALL", "C.UTF-8", TRUE);
      int status = 0;

      g_ptr_array_add (argv, (char *) CLI_PATH);
      for (guint a = 0; cases[i].args[a] != NULL; a++)
        g_ptr_array_add (argv, (char *) cases[i].args[a]);
      g_ptr_array_add (argv, NULL);
      g_spawn_sync (NULL, (char **) argv->pdata, envp, G_SPAWN_DEFAULT, NULL, NULL, &out, &err,
                    &status, &error);
      g_strfreev (envp);
      g_assert_no_error (error);
      g_test_message ("%s", err);
      g_assert_true (WIFEXITED (status));
      g_assert_cmpint (WEXITSTATUS (status), ==, 2);
      g_assert_cmpstr (out, ==, "");
      assert_in (err, cases[i].message);
      g_assert_false (g_file_test (pdf, G_FILE_TEST_EXISTS));
    }
}

/* A missing campaign, an unknown admiral or an output that cannot be written exit 1 with a
 * message naming it, and leave nothing behind. */
static void
test_invalid (CliCampaign   *fixture,
              gconstpointer  data)
{
  g_autofree char *missing = g_build_filename (fixture->dir, "no-such.admiralty", NULL);
  g_autofree char *pdf = g_build_filename (fixture->dir, "out.pdf", NULL);
  g_autofree char *unwritable = g_build_filename (fixture->dir, "no-folder", "out.pdf", NULL);
  g_autoptr(CliResult) result = NULL;

  result = run_cli ("report", missing, "--kind", "master", "-o", pdf, NULL);
  assert_failure (result, 1, "no-such.admiralty");
  g_clear_pointer (&result, cli_result_free);

  result = run_cli ("report", fixture->campaign, "--kind", "admiral", "--admiral", "Nobody",
                    "-o", pdf, NULL);
  assert_failure (result, 1, "Nobody");
  g_clear_pointer (&result, cli_result_free);
  g_assert_false (g_file_test (pdf, G_FILE_TEST_EXISTS));

  result = run_cli ("report", fixture->campaign, "--kind", "cards", "-o", unwritable, NULL);
  assert_failure (result, 1, unwritable);
  g_assert_false (g_file_test (pdf, G_FILE_TEST_EXISTS));
}

/* @text has none of @words. */
static void
assert_lacks_all (const char  *text,
                  GPtrArray   *words,
                  const char  *where)
{
  for (guint i = 0; i < words->len; i++)
    if (strstr (text, g_ptr_array_index (words, i)) != NULL)
      g_error ("%s names “%s”:\n%s", where, (const char *) g_ptr_array_index (words, i), text);
}

/* report --as (F-STRAT-3): the paper each viewer may be handed, after cycle 1 of the
 * Komarr campaign played from its sheets (Autumn Screen, hidden, fights the Aslund Minelayer
 * at Hegen Hub):
 *  - the public gets the public bulletin — formations by faction and place, the engagements
 *    of two publicly known sides, each wave at its minute — and no ship, class or hidden
 *    formation, nor the Hegen Hub fight that would tell of one; the same as --kind public;
 *  - an admiral gets exactly his own report and cards; a faction each of its admirals' reports;
 *  - the master's report is refused to a side, the cards to the public, and another side's
 *    admiral is refused exactly as an unknown one is. */
static void
test_as (CliCampaign   *fixture,
         gconstpointer  data)
{
  g_autofree char *scenario = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "scenarios",
                                                "komarr-campaign.admiralty", NULL);
  g_autofree char *sheets = g_test_build_filename (G_TEST_DIST, "..", "scenarios",
                                                   "komarr-campaign.sheets", NULL);
  g_autofree char *s1 = g_build_filename (sheets, "komarr-cycle-1-ghem-sarlat.xml", NULL);
  g_autofree char *s2 = g_build_filename (sheets, "komarr-cycle-1-radovan.xml", NULL);
  g_autofree char *s3 = g_build_filename (sheets, "komarr-cycle-1-vorkosigan.xml", NULL);
  g_autofree char *path = g_build_filename (fixture->dir, "fought.admiralty", NULL);
  g_autoptr(CliResult) cycle = run_cli ("cycle", scenario, "--orders", s1, s2, s3, "--save",
                                        path, "--seed", "7", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autoptr(GPtrArray) secret = g_ptr_array_new ();
  g_autoptr(CliResult) public = NULL, bulletin = NULL, own = NULL, asked = NULL;
  g_autoptr(CliResult) side = NULL, cards = NULL, own_cards = NULL;
  g_autoptr(CliResult) master = NULL, other = NULL, unknown = NULL, public_cards = NULL;
  g_autoptr(CliResult) nobody = NULL;
  g_autofree char *other_message = NULL;
  GPtrArray *formations, *admirals;
  const AdmAdmiral *enemy = NULL;

  g_assert_cmpint (cycle->status, ==, 0);
  campaign = adm_campaign_open (path, &error);
  g_assert_no_error (error);

  /* Nothing of a ship reaches the public: names, classes; nor a hidden formation. */
  formations = adm_scenario_get_formations (adm_campaign_get_scenario (campaign));
  for (guint f = 0; f < formations->len; f++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, f);

      if (g_str_equal (formation->id, "autumn-screen") ||
          g_str_equal (formation->id, "komarran-cruiser-division"))
        g_ptr_array_add (secret, formation->name);
      for (guint i = 0; i < formation->ships->len; i++)
        {
          const AdmShip *ship = g_ptr_array_index (formation->ships, i);

          gboolean in_a_name = FALSE;

          g_ptr_array_add (secret, ship->name);
          /* A class may name formations too ("Aslund Frigate Squadron"): the word is not
           * the ship then. */
          for (guint o = 0; o < formations->len; o++)
            in_a_name |= strstr (((AdmFormation *) g_ptr_array_index (formations, o))->name,
                                 ship->klass->name) != NULL;
          if (!in_a_name)
            g_ptr_array_add (secret, ship->klass->name);
        }
    }
  g_assert_cmpuint (secret->len, >, 10);
  public = run_cli ("report", path, "--as", "public", "--text", NULL);
  g_assert_cmpint (public->status, ==, 0);
  g_assert_nonnull (strstr (public->out, "Public bulletin — cycle 1"));
  g_assert_nonnull (strstr (public->out, "Pol orbit, minute 20: Jade Squadron (Cetagandan "
                                         "Empire)"));
  g_assert_nonnull (strstr (public->out, "Aslund Minelayer (Aslund): Hegen Hub."));
  g_assert_null (strstr (public->out, "Hegen Hub, minute"));
  /* F-STRAT-4, ruling "late-arrivals": the fight at Pol jump point is told in its two
   * waves, as the admirals read it; First Squadron, arriving at minute 40, was not there at
   * minute 0. */
  g_assert_nonnull (strstr (public->out, "Pol jump point, minute 0: First Destroyer Flotilla "
                                         "(Barrayaran Imperium), Pol Cruiser Squadron (Pol "
                                         "Six)."));
  g_assert_nonnull (strstr (public->out, "Pol jump point, minute 40: First Squadron, Home "
                                         "Fleet (Barrayaran Imperium), First Destroyer "
                                         "Flotilla (Barrayaran Imperium), Pol Cruiser Squadron "
                                         "(Pol Six)."));
  assert_lacks_all (public->out, secret, "the public bulletin");
  bulletin = run_cli ("report", path, "--kind", "public", "--text", NULL);
  g_assert_cmpstr (bulletin->out, ==, public->out);

  /* An admiral: his own report and cards, as the master prints them for him. */
  own = run_cli ("report", path, "--as", "vorkosigan", "--text", NULL);
  asked = run_cli ("report", path, "--kind", "admiral", "--admiral", "vorkosigan", "--text", NULL);
  g_assert_cmpint (own->status, ==, 0);
  g_assert_cmpstr (own->out, ==, asked->out);
  cards = run_cli ("report", path, "--as", "vorkosigan", "--kind", "cards", "--text", NULL);
  own_cards = run_cli ("report", path, "--kind", "cards", "--admiral", "vorkosigan", "--text",
                       NULL);
  g_assert_cmpint (cards->status, ==, 0);
  g_assert_cmpstr (cards->out, ==, own_cards->out);

  /* A faction: each of its admirals' reports, no other's. */
  side = run_cli ("report", path, "--as", "cetaganda", "--text", NULL);
  g_assert_cmpint (side->status, ==, 0);
  admirals = adm_scenario_get_admirals (adm_campaign_get_scenario (campaign));
  for (guint i = 0; i < admirals->len; i++)
    {
      const AdmAdmiral *admiral = g_ptr_array_index (admirals, i);
      g_autofree char *title = g_strdup_printf ("Report to %s — cycle 1", admiral->name);
      gboolean cetagandan = g_str_equal (admiral->faction->id, "cetaganda");

      g_assert_true ((strstr (side->out, title) != NULL) == cetagandan);
      if (cetagandan && enemy == NULL)
        enemy = admiral;
    }
  g_assert_nonnull (enemy);

  /* Refusals: nothing printed, the reason given. */
  master = run_cli ("report", path, "--as", "vorkosigan", "--kind", "master", "--text", NULL);
  assert_failure (master, 1, "the master's turn report is for the master only");
  public_cards = run_cli ("report", path, "--as", "public", "--kind", "cards", "--text", NULL);
  assert_failure (public_cards, 1, "the public is handed only the public bulletin");
  other = run_cli ("report", path, "--as", "vorkosigan", "--admiral", enemy->id, "--text", NULL);
  unknown = run_cli ("report", path, "--as", "vorkosigan", "--admiral", "zzz", "--text", NULL);
  assert_failure (other, 1, "is not an admiral whose paper --as vorkosigan may have");
  g_assert_cmpint (unknown->status, ==, other->status);
  /* The same words for another side's admiral as for one that does not exist. */
  other_message = g_strdup (other->err);
  g_assert_nonnull (strstr (other_message, enemy->id));
  memcpy (strstr (other_message, enemy->id), "zzz", 3);
  memmove (strstr (other_message, "zzz") + 3,
           strstr (other_message, "zzz") + strlen (enemy->id),
           strlen (strstr (other_message, "zzz") + strlen (enemy->id)) + 1);
  g_assert_cmpstr (unknown->err, ==, other_message);
  nobody = run_cli ("report", path, "--as", "nobody", "--text", NULL);
  assert_failure (nobody, 2, "is not master, public, an admiral or a faction");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add ("/cli/report/" path, CliCampaign, NULL, cli_campaign_after_cycle, func, \
              cli_campaign_teardown)
  ADD ("master", test_master);
  ADD ("admiral", test_admiral);
  ADD ("cards", test_cards);
  ADD ("cards-pages", test_cards_pages);
  ADD ("sheets", test_sheets);
  ADD ("F-GEN-5/oob", test_oob);
  ADD ("paper", test_paper);
  ADD ("packets", test_packets);
  ADD ("every-admiral", test_every_admiral);
  ADD ("F-STRAT-4/battle-states", test_battle_states);
  ADD ("usage", test_usage);
  ADD ("invalid", test_invalid);
  ADD ("F-STRAT-3/as", test_as);
#undef ADD

  return g_test_run ();
}
