/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-papers-ru.c: every paper the bundled scenarios print, and what admiralty-cli writes
 * about them, is in Russian when the reader reads Russian: no Latin word but a name.
 *
 * admiralty-cli runs with LANGUAGE=ru and the build's catalogue. The Komarr campaign is
 * played through cycle 1 from its order sheets and its battle at Pol orbit (c1-3) for three
 * turns; then the master's report, the public bulletin, the fleet cards, the order sheets and
 * every admiral's paper are printed, with the order of battle, the sheets and the cards of
 * both bundled campaigns, and every bundled battle is fought from its orders. Their words are
 * read back (pdftotext for the PDFs) and every word in Latin letters must be a name: a word of
 * a name or id in the files played (sectors, ships, admirals, formations, mines) or of an
 * admiral's own words on his sheet. Besides names the papers carry only what is the same in
 * every language: rule clause IDs ("F-STRAT-5"), engagement ids ("c1-3"), a prize formation's
 * id ("prize-triumph"), the dice commitment, the command line's options and the paths it saves
 * to. */

#include "config.h"

#include <locale.h>
#include <string.h>
#include <libxml/parser.h>
#include <libxml/tree.h>

#include "cli-helpers.h"
#include "file-helpers.h"
#include "text-helpers.h"

/* Runs admiralty-cli in Russian with the arguments @args (NULL-terminated); it succeeds, and
 * its standard output comes back. */
static char *
run_russian (const char * const *args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *catalogues = g_build_filename (g_getenv ("ADMIRALTY_BUILD_DIR"), "po", NULL);
  g_auto(GStrv) envp = g_get_environ ();
  g_autofree char *err = NULL;
  char *out = NULL;
  int status = 0;

  g_ptr_array_add (argv, (char *) CLI_PATH);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);
  envp = g_environ_setenv (envp, "LC_ALL", "C.UTF-8", TRUE);
  envp = g_environ_setenv (envp, "LANGUAGE", "ru", TRUE);
  envp = g_environ_setenv (envp, "ADMIRALTY_LOCALEDIR", catalogues, TRUE);
  envp = g_environ_setenv (envp, "TZ", "UTC", TRUE);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, envp, G_SPAWN_DEFAULT, NULL, NULL,
                               &out, &err, &status, &error));
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("admiralty-cli %s fails:\n%s", args[0], err);
  return out;
}

/* The words of @text in Latin letters, lower case, into @words. */
static void
add_words (GHashTable *words,
           const char *text)
{
  g_autoptr(GRegex) word = g_regex_new ("[A-Za-z]+", 0, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;

  if (text == NULL)
    return;
  g_regex_match (word, text, 0, &match);
  while (g_match_info_matches (match))
    {
      g_autofree char *found = g_match_info_fetch (match, 0);

      g_hash_table_add (words, g_ascii_strdown (found, -1));
      g_match_info_next (match, NULL);
    }
}

static void
add_names_of (GHashTable *names,
              xmlNode    *node)
{
  for (; node != NULL; node = node->next)
    {
      if (node->type != XML_ELEMENT_NODE)
        continue;
      for (xmlAttr *attr = node->properties; attr != NULL; attr = attr->next)
        if (xmlStrEqual (attr->name, (const xmlChar *) "name") ||
            xmlStrEqual (attr->name, (const xmlChar *) "id"))
          {
            xmlChar *value = xmlNodeListGetString (node->doc, attr->children, 1);

            add_words (names, (const char *) value);
            xmlFree (value);
          }
      /* An order's text: the admiral's own words (F-STRAT-18). */
      if (xmlStrEqual (node->name, (const xmlChar *) "order"))
        {
          xmlChar *content = xmlNodeGetContent (node);

          add_words (names, (const char *) content);
          xmlFree (content);
        }
      add_names_of (names, node->children);
    }
}

/* The names in the XML file @path (in the source tree) into @names. */
static void
add_names (GHashTable *names,
           const char *path)
{
  xmlDoc *doc = xmlReadFile (path, NULL, XML_PARSE_NONET);

  if (doc == NULL)
    g_error ("%s does not read as XML", path);
  add_names_of (names, xmlDocGetRootElement (doc));
  xmlFreeDoc (doc);
}

/* The words of @text in Latin letters that are not names, each with what stands around it,
 * one a line; "" when there is none. */
static char *
latin_words (const char *text,
             GHashTable *names)
{
  g_autoptr(GRegex) token = g_regex_new ("[A-Za-z0-9'’/._-]+", 0, 0, NULL);
  /* What is the same in every language: clause IDs (pdftotext joins "F-" and "STRAT-5" where
   * a line breaks), engagement ids, the id of a prize's formation as orders name it, the dice
   * commitment, options, paths and file names. */
  g_autoptr(GRegex) universal = g_regex_new ("^(F-?[A-Z]+(-[0-9]+[a-z]?(\\.\\.[0-9]+)?)?-?"
                                             "|c[0-9]+-[0-9]+"
                                             "|prize-[a-z0-9-]+"
                                             "|[0-9a-f]{16,}"
                                             "|--[a-z-]+"
                                             "|.*/.*"
                                             "|.*\\.(admiralty|xml|pdf))[.]?$", 0, 0, NULL);
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GMatchInfo) match = NULL;

  g_regex_match (token, text, 0, &match);
  while (g_match_info_matches (match))
    {
      g_autofree char *found = g_match_info_fetch (match, 0);
      g_autoptr(GHashTable) words = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      GHashTableIter iter;
      gpointer word;
      int start = 0, end = 0;

      g_match_info_fetch_pos (match, 0, &start, &end);
      if (!g_regex_match (universal, found, 0, NULL))
        {
          add_words (words, found);
          g_hash_table_iter_init (&iter, words);
          while (g_hash_table_iter_next (&iter, &word, NULL))
            if (!g_hash_table_contains (names, word))
              {
                int from = MAX (start - 40, 0), to = MIN (end + 40, (int) strlen (text));

                /* Whole characters around it. */
                while (from > 0 && (text[from] & 0xc0) == 0x80)
                  from--;
                while (text[to] != '\0' && (text[to] & 0xc0) == 0x80)
                  to++;
                g_string_append_printf (out, "“%s” in “%.*s”\n", (const char *) word, to - from,
                                        text + from);
              }
        }
      g_match_info_next (match, NULL);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* Fails, showing them, if @text has Latin words that are not @names; @what says whose text. */
static void
assert_russian (const char *text,
                GHashTable *names,
                const char *what)
{
  g_autofree char *latin = latin_words (text, names);
  g_autoptr(GRegex) cyrillic = g_regex_new ("[А-Яа-яЁё]", 0, 0, NULL);

  if (*latin != '\0')
    g_error ("%s has words in Latin letters that are no names:\n%s", what, latin);
  g_assert_true (g_regex_match (cyrillic, text, 0, NULL));
}

/* The check itself: an order's keyword is caught, a name, a clause or an option is not. */
static void
test_check (void)
{
  g_autoptr(GHashTable) names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree char *keyword = NULL;
  g_autofree char *clean = NULL;

  add_words (names, "Prince Serg");
  keyword = latin_words ("– move через Орбита Пола", names);
  g_assert_nonnull (strstr (keyword, "“move”"));
  clean = latin_words ("Prince Serg (F-STRAT-5), c1-3, --turns 3, /tmp/k.admiralty, FSTRAT-5, "
                       "F-CRIT-9, F-CRIT-10, F-CRIT-11, F-CRIT-12",
                       names);
  g_assert_cmpstr (clean, ==, "");
}

/* A PDF's text, printed by admiralty-cli in Russian with the arguments @first… into @pdf. */
static char *
russian_paper (const char *pdf,
               const char *first,
               ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autofree char *out = NULL;
  va_list args;

  va_start (args, first);
  for (const char *arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (char *) arg);
  va_end (args);
  g_ptr_array_add (argv, (char *) "-o");
  g_ptr_array_add (argv, (char *) pdf);
  g_ptr_array_add (argv, NULL);
  out = run_russian ((const char * const *) argv->pdata);
  return pdf_text (pdf);
}

static void
test_komarr_papers (void)
{
  g_autoptr(GHashTable) names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree char *dir = g_dir_make_tmp ("admiralty-papers-ru-XXXXXX", NULL);
  g_autofree char *campaign = g_build_filename (dir, "komarr.admiralty", NULL);
  g_autofree char *scenario = source_path ("scenarios", "komarr-campaign.admiralty", NULL);
  g_autofree char *sheets_dir = source_path ("scenarios", "komarr-campaign.sheets", NULL);
  g_autofree char *battle_orders = source_path ("tests", "data", "campaign-battles",
                                                "komarr-c1-3.orders.xml", NULL);
  g_autoptr(GPtrArray) cycle = g_ptr_array_new_with_free_func (g_free);
  const char *kinds[] = { "master", "public", "cards", "sheets", NULL };
  g_autofree char *out = NULL;
  g_autofree char *every = NULL;

  add_names (names, scenario);
  add_names (names, battle_orders);
  g_ptr_array_add (cycle, g_strdup ("cycle"));
  g_ptr_array_add (cycle, g_strdup (scenario));
  g_ptr_array_add (cycle, g_strdup ("--orders"));
  for (guint i = 0; i < 3; i++)
    {
      const char *admirals[] = { "ghem-sarlat", "radovan", "vorkosigan" };
      g_autofree char *name = g_strdup_printf ("komarr-cycle-1-%s.xml", admirals[i]);
      char *sheet = g_build_filename (sheets_dir, name, NULL);

      add_names (names, sheet);
      g_ptr_array_add (cycle, sheet);
    }
  g_ptr_array_add (cycle, g_strdup ("--save"));
  g_ptr_array_add (cycle, g_strdup (campaign));
  g_ptr_array_add (cycle, g_strdup ("--seed"));
  g_ptr_array_add (cycle, g_strdup ("7"));
  g_ptr_array_add (cycle, NULL);
  out = run_russian ((const char * const *) cycle->pdata);
  assert_russian (out, names, "cycle");
  g_clear_pointer (&out, g_free);

  out = run_russian ((const char *[]) { "engagements", campaign, NULL });
  assert_russian (out, names, "engagements");
  g_clear_pointer (&out, g_free);
  out = run_russian ((const char *[]) { "battle", campaign, "--engagement", "c1-3", "--orders",
                                        battle_orders, "--turns", "3", "--seed", "5", NULL });
  assert_russian (out, names, "battle c1-3");
  g_clear_pointer (&out, g_free);

  for (guint k = 0; kinds[k] != NULL; k++)
    {
      g_autofree char *pdf = g_strdup_printf ("%s/%s.pdf", dir, kinds[k]);
      g_autofree char *text = russian_paper (pdf, "report", campaign, "--kind", kinds[k], NULL);
      g_autofree char *what = g_strdup_printf ("the %s report after cycle 1", kinds[k]);

      assert_russian (text, names, what);
      /* The Russian cards the manual shows (docs/screenshots/make.sh). */
      if (g_str_equal (kinds[k], "cards"))
        pdf_page_picture (pdf, pdf_page_with (pdf, "Карточки флота —"), 90,
                          "report-cards-ru.png");
    }
  {
    g_autofree char *pdf = g_build_filename (dir, "every.pdf", NULL);

    every = russian_paper (pdf, "report", campaign, "--every-admiral", NULL);
    assert_russian (every, names, "every admiral's paper after cycle 1");
  }
  /* Orders in the reader's words, names after a noun that takes the case (F-STRAT-16). */
  assert_contains (every, "передвижение по маршруту: Точка перехода Пола, Орбита Пола",
                   "Vorkosigan's move");
  assert_contains (every, "патрулирование в секторе «Точка перехода Пола»",
                   "the First Destroyer Flotilla's patrol");
  /* Names never declined, and no verb that must agree with a formation's gender: an
   * admiral's name stands alone after a dash, a formation's moves are nouns after its name
   * ("Нефритовая эскадра: – переход из сектора …"), as its patrols and meetings are. */
  assert_contains (every, "Отчёт за цикл 1 — Адм. Эйрел Форкосиган", "the admiral's title");
  assert_lacks (every, "Отчёт адмиралу Адм.", "the rank said twice, the name undeclined");
  assert_contains (every, "– переход из сектора «Ступица Хеджена» в сектор «Орбита Пола», "
                   "прибытие на 20-й минуте", "the Jade Squadron's move");
  {
    const char *agreeing[] = { "– перешло", "– прибыло", "– покинуло", "– осталось",
                               "влилось", "– перешла", "– перешёл" };

    for (guint i = 0; i < G_N_ELEMENTS (agreeing); i++)
      assert_lacks (every, agreeing[i], "a verb agreeing with a formation's name");
  }
  remove_folder (dir);
}

/* Every bundled campaign's paper before play: order of battle, order sheets, fleet cards. */
static void
test_scenario_papers (void)
{
  const char *scenarios[] = { "komarr-campaign.admiralty", "skirmish.admiralty", NULL };
  const char *kinds[] = { "oob", "sheets", "cards", NULL };
  g_autofree char *dir = g_dir_make_tmp ("admiralty-papers-ru-XXXXXX", NULL);

  for (guint s = 0; scenarios[s] != NULL; s++)
    {
      g_autoptr(GHashTable) names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                           NULL);
      g_autofree char *scenario = source_path ("scenarios", scenarios[s], NULL);

      add_names (names, scenario);
      for (guint k = 0; kinds[k] != NULL; k++)
        {
          g_autofree char *pdf = g_strdup_printf ("%s/%s.pdf", dir, kinds[k]);
          g_autofree char *text = russian_paper (pdf, "report", scenario, "--kind", kinds[k],
                                                 NULL);
          g_autofree char *what = g_strdup_printf ("%s, %s", scenarios[s], kinds[k]);

          assert_russian (text, names, what);
        }
    }
  remove_folder (dir);
}

/* Every bundled battle, fought from its orders. */
static void
test_battles (void)
{
  g_autofree char *battles = source_path ("scenarios", "battles", NULL);
  g_autoptr(GDir) folder = g_dir_open (battles, 0, NULL);
  const char *entry;
  guint fought = 0;

  g_assert_nonnull (folder);
  while ((entry = g_dir_read_name (folder)) != NULL)
    {
      g_autoptr(GHashTable) names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                           NULL);
      g_autofree char *stem = NULL;
      g_autofree char *battle = NULL;
      g_autofree char *orders = NULL;
      g_autofree char *out = NULL;

      if (!g_str_has_suffix (entry, ".orders.xml"))
        continue;
      stem = g_strndup (entry, strlen (entry) - strlen (".orders.xml"));
      orders = g_build_filename (battles, entry, NULL);
      battle = g_strdup_printf ("%s/%s.xml", battles, stem);
      add_names (names, battle);
      add_names (names, orders);
      /* Seed 1: the dice under which every bundled battle's orders hold for three turns
       * (low-orbit's repair needs the critical its fire inflicts). */
      out = run_russian ((const char *[]) { "battle", battle, "--orders", orders, "--turns", "3",
                                            "--seed", "1", NULL });
      assert_russian (out, names, entry);
      fought++;
    }
  g_assert_cmpuint (fought, >=, 8);
}

int
main (int   argc,
      char *argv[])
{
  /* Its own messages quote Russian text: in UTF-8. */
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/papers-ru/check", test_check);
  g_test_add_func ("/cli/papers-ru/F-STRAT-16/komarr-cycle-1", test_komarr_papers);
  g_test_add_func ("/cli/papers-ru/scenarios", test_scenario_papers);
  g_test_add_func ("/cli/papers-ru/battles", test_battles);

  return g_test_run ();
}
