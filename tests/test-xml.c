/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-xml.c: the safe XML reader — hostile and malformed input is refused with a message
 * naming the file, the line and the problem. */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "admiralty-engine.h"

static void
assert_refused (const char  *text,
                const char  *schema,
                int          code,
                const char  *prefix,
                const char  *needle)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(xmlDoc) doc = adm_xml_read_memory (text, strlen (text), "input.xml", schema, &error);

  g_assert_null (doc);
  g_assert_error (error, ADM_XML_ERROR, code);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, prefix));
  g_assert_nonnull (strstr (error->message, needle));
}

static void
test_billion_laughs (void)
{
  assert_refused ("<?xml version=\"1.0\"?>\n"
                  "<!DOCTYPE lolz [\n"
                  " <!ENTITY lol \"lol\">\n"
                  " <!ENTITY lol2 \"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;\">\n"
                  "]>\n<scenario name=\"&lol2;\"/>\n",
                  NULL, ADM_XML_ERROR_FORBIDDEN, "input.xml:2: ", "DOCTYPE");
}

static void
test_external_entity (void)
{
  assert_refused ("<?xml version=\"1.0\"?>\n\n\n"
                  "<!DOCTYPE s [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n<scenario>&x;</scenario>",
                  NULL, ADM_XML_ERROR_FORBIDDEN, "input.xml:4: ", "refused for safety");
}

static void
test_not_xml (void)
{
  assert_refused ("Fleet: 3 battleships\n", NULL, ADM_XML_ERROR_SYNTAX, "input.xml:1: ",
                  "not XML");
}

static void
test_truncated (void)
{
  assert_refused ("<campaign format=\"1\">\n  <scenario id=\"a\"\n", NULL, ADM_XML_ERROR_SYNTAX,
                  "input.xml:", "truncated");
}

static void
test_wrong_root (void)
{
  assert_refused ("<fleet/>", NULL, ADM_XML_ERROR_INVALID, "input.xml:1: ", "<fleet>");
  assert_refused ("<campaign format=\"1\"/>", "scenario", ADM_XML_ERROR_INVALID, "input.xml:1: ",
                  "expected a <scenario> file");
}

static void
test_schema_error_has_line (void)
{
  assert_refused ("<scenario id=\"x\" name=\"X\" ruleset=\"forcon-2010\">\n"
                  "  <map>\n"
                  "    <sector id=\"a\" name=\"A\" x=\"0\" y=\"0\"/>\n"
                  "  </map>\n"
                  "  <formation id=\"f\" name=\"F\" faction=\"barrayar\" sector=\"a\" flagship=\"s\">\n"
                  "    <ship id=\"s\" name=\"S\" class=\"vorberg\" readiness=\"many\"/>\n"
                  "  </formation>\n"
                  "</scenario>\n",
                  NULL, ADM_XML_ERROR_INVALID, "input.xml:6: ", "ship");
}

static void
test_empty (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(xmlDoc) doc = adm_xml_read_memory ("", 0, "input.xml", NULL, &error);

  g_assert_null (doc);
  g_assert_error (error, ADM_XML_ERROR, ADM_XML_ERROR_SYNTAX);
  g_assert_cmpstr (error->message, ==, "input.xml: the file is empty");
}

/* The size limit is checked before anything is read into memory. */
static void
test_too_large (void)
{
  g_autofree char *dir = g_dir_make_tmp ("admiralty-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "huge.admiralty", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(xmlDoc) doc = NULL;
  FILE *file = g_fopen (path, "w");

  g_assert_nonnull (file);
  g_assert_cmpint (fseek (file, ADM_XML_MAX_SIZE + 1, SEEK_SET), ==, 0);
  g_assert_cmpint (fputc ('>', file), ==, '>');
  g_assert_cmpint (fclose (file), ==, 0);

  doc = adm_xml_read_file (path, NULL, &error);
  g_assert_null (doc);
  g_assert_error (error, ADM_XML_ERROR, ADM_XML_ERROR_TOO_LARGE);
  g_assert_true (g_str_has_prefix (error->message, path));
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_missing_and_directory (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(xmlDoc) doc = adm_xml_read_file ("/nonexistent/file.admiralty", NULL, &error);

  g_assert_null (doc);
  g_assert_error (error, ADM_XML_ERROR, ADM_XML_ERROR_IO);
  g_assert_true (g_str_has_prefix (error->message, "/nonexistent/file.admiralty: "));
  g_clear_error (&error);

  doc = adm_xml_read_file ("/tmp", NULL, &error);
  g_assert_null (doc);
  g_assert_error (error, ADM_XML_ERROR, ADM_XML_ERROR_IO);
}

static void
test_attribute_helpers (void)
{
  const char *text = "<scenario id=\"x\" name=\"X\" ruleset=\"r\">\n"
                     "  <map><sector id=\"a\" name=\"A\" x=\"1.5\" y=\"oops\"/></map>\n"
                     "</scenario>";
  g_autoptr(xmlDoc) doc = xmlReadMemory (text, (int) strlen (text), "t.xml", NULL, XML_PARSE_NONET);
  xmlNode *sector = adm_xml_first_element (adm_xml_first_element (xmlDocGetRootElement (doc),
                                                                  "map"), "sector");
  g_autoptr(GError) error = NULL;
  double x, y;
  int n;

  g_assert_true (adm_xml_get_double (sector, "x", TRUE, 0, &x, "t.xml", NULL));
  g_assert_cmpfloat (x, ==, 1.5);
  g_assert_false (adm_xml_get_double (sector, "y", TRUE, 0, &y, "t.xml", &error));
  g_assert_error (error, ADM_XML_ERROR, ADM_XML_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==,
                   "t.xml:2: <sector> attribute “y” must be a number, not “oops”");
  g_clear_error (&error);

  g_assert_false (adm_xml_get_int (sector, "hull", TRUE, 0, &n, "t.xml", &error));
  g_assert_cmpstr (error->message, ==, "t.xml:2: <sector> needs the attribute “hull”");
  g_assert_true (adm_xml_get_int (sector, "hull", FALSE, 7, &n, "t.xml", NULL));
  g_assert_cmpint (n, ==, 7);
  g_assert_false (adm_xml_get_boolean (sector, "turn-anywhere", FALSE));
}

/* What kind of file the app is opening, from its first element: the XML declaration,
 * comments, processing instructions and a byte-order mark are skipped; text that is not
 * XML, and a missing file, give NULL. */
static void
test_peek_root (void)
{
  static const struct {
    const char *text;
    const char *root;
  } cases[] = {
    { "<?xml version=\"1.0\"?>\n<ti4-combat version=\"1\" arena=\"space\">", "ti4-combat" },
    { "\xef\xbb\xbf<!-- a comment -->\n<?pi x?>\n  <battle-game>", "battle-game" },
    { "<!-- unterminated", NULL },
    { "not XML at all", NULL },
    { "", NULL },
  };
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("admiralty-peek-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "file.xml", NULL);

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *root = NULL;

      g_assert_true (g_file_set_contents (path, cases[i].text, -1, NULL));
      root = adm_xml_peek_root (path);
      g_assert_cmpstr (root, ==, cases[i].root);
    }
  g_unlink (path);
  g_assert_null (adm_xml_peek_root (path));
  g_rmdir (dir);
}

/* tests/data/xml-broken/EXPECTED: "FILE<TAB>the message after the file's path", exactly. */
static void
test_broken_fixtures (void)
{
  const char *root = g_getenv ("ADMIRALTY_SOURCE_DIR");
  g_autofree char *dir = NULL, *manifest = NULL, *text = NULL;
  g_auto(GStrv) lines = NULL;
  guint checked = 0;

  g_assert_nonnull (root);
  dir = g_build_filename (root, "tests", "data", "xml-broken", NULL);
  manifest = g_build_filename (dir, "EXPECTED", NULL);
  g_assert_true (g_file_get_contents (manifest, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) cells = g_strsplit (lines[i], "\t", 2);
      g_autofree char *path = NULL, *expected = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(xmlDoc) doc = NULL;

      if (g_strv_length (cells) != 2)
        continue;
      path = g_build_filename (dir, cells[0], NULL);
      expected = g_strconcat (path, cells[1], NULL);
      doc = adm_xml_read_file (path, NULL, &error);
      g_assert_null (doc);
      g_assert_nonnull (error);
      g_assert_cmpstr (error->message, ==, expected);
      checked++;
    }
  g_assert_cmpuint (checked, >=, 9);
}

/* Runs in a subprocess: libxml2 must print nothing of its own. */
static void
huge_comment_child (void)
{
  g_autoptr(GString) text = g_string_new ("<?xml version=\"1.0\"?>\n<scenario id=\"s\">\n<!--");
  g_autoptr(GError) error = NULL;
  g_autoptr(xmlDoc) doc = NULL;

  for (int i = 0; i < 11 * 1024; i++)
    g_string_append_len (text, "comment, a thousand bytes at a time .........................."
                         "..............................................................."
                         "..............................................................."
                         "..............................................................."
                         "..............................................................."
                         "..............................................................."
                         "..............................................................."
                         "..............................................................."
                         "..............................................................."
                         "..............................................................."
                         "..............................................................."
                         "..............................................................."
                         "..............................................................."
                         "..............................................................."
                         "..............................................................."
                         "........................................................\n", 1000);
  g_string_append (text, "-->\n</scenario>\n");
  doc = adm_xml_read_memory (text->str, text->len, "huge.xml", NULL, &error);
  g_assert_null (doc);
  g_assert_error (error, ADM_XML_ERROR, ADM_XML_ERROR_SYNTAX);
  g_print ("%s\n", error->message);
}

static void
test_huge_comment_silent (void)
{
  g_test_trap_subprocess ("/engine/xml/huge-comment-silent/subprocess", 0,
                          G_TEST_SUBPROCESS_INHERIT_STDIN);
  g_test_trap_assert_passed ();
  /* Nothing on stderr: no "parser error :" lines of libxml2's own. */
  g_test_trap_assert_stderr ("");
  g_test_trap_assert_stdout ("huge.xml:3: a value, text or comment here is longer than the "
                             "10000000 characters Admiralty reads (Comment too big found)\n");
}

static void
test_huge_attribute_first_error (void)
{
  gsize size = 11 * 1024 * 1024;
  g_autoptr(GString) text = g_string_new ("<?xml version=\"1.0\"?>\n<scenario name=\"");
  g_autoptr(GError) error = NULL;
  g_autoptr(xmlDoc) doc = NULL;

  g_string_set_size (text, text->len + size);
  memset (text->str + text->len - size, 'a', size);
  g_string_append (text, "\"/>\n");
  doc = adm_xml_read_memory (text->str, text->len, "huge.xml", NULL, &error);
  g_assert_null (doc);
  /* Not "Extra content at the end of the document", which came last. */
  g_assert_cmpstr (error->message, ==,
                   "huge.xml:2: a value, text or comment here is longer than the 10000000 "
                   "characters Admiralty reads (AttValue length too long)");
}

/* Elements nested deeper than libxml2 reads: a message a master understands, naming the file
 * and line, not libxml2's advice to programmers ("use XML_PARSE_HUGE option"). */
static void
test_deep_nesting (void)
{
  g_autoptr(GString) text = g_string_new ("<?xml version=\"1.0\"?>\n<scenario>\n");
  g_autoptr(GError) error = NULL;
  g_autoptr(xmlDoc) doc = NULL;

  for (int i = 0; i < 300; i++)
    g_string_append (text, "<a>");
  doc = adm_xml_read_memory (text->str, text->len, "deep.xml", NULL, &error);
  g_assert_null (doc);
  g_assert_error (error, ADM_XML_ERROR, ADM_XML_ERROR_SYNTAX);
  g_assert_true (g_str_has_prefix (error->message, "deep.xml:3: the elements here are nested "
                                                   "more than 256 deep"));
  g_assert_null (strstr (error->message, "XML_PARSE_HUGE"));
}

/* Opens @path as Admiralty opens a file of @kind; FALSE with @error when refused. */
static gboolean
open_as (const char  *kind,
         const char  *path,
         GError     **error)
{
  if (g_str_equal (kind, "campaign") || g_str_equal (kind, "scenario"))
    {
      g_autoptr(AdmCampaign) campaign = adm_campaign_open (path, error);

      return campaign != NULL;
    }
  if (g_str_equal (kind, "battle") || g_str_equal (kind, "battle-game"))
    {
      g_autoptr(AdmBattle) battle = adm_battle_load_game (path, error);

      return battle != NULL;
    }
  if (g_str_equal (kind, "orders"))
    {
      g_autoptr(AdmBattleOrders) orders = adm_battle_orders_load_file (path, error);

      return orders != NULL;
    }
  if (g_str_equal (kind, "ti4-combat"))
    {
      g_autoptr(AdmTi4Catalog) catalog = adm_ti4_catalog_load (NULL);
      g_autoptr(AdmTi4Combat) combat = NULL;

      g_assert_nonnull (catalog);
      combat = adm_ti4_combat_load_file (catalog, path, error);
      return combat != NULL;
    }
  if (g_str_equal (kind, "ti4-units"))
    {
      g_autoptr(AdmTi4Catalog) catalog = adm_ti4_catalog_load_file (path, error);

      return catalog != NULL;
    }
  if (g_str_equal (kind, "ruleset"))
    {
      g_autoptr(AdmRuleset) ruleset = adm_ruleset_load_file (path, error);

      return ruleset != NULL;
    }
  {
    /* An order sheet, read as the cycle reads it before checking its orders. */
    g_autoptr(xmlDoc) doc = adm_xml_read_file (path, kind, error);

    return doc != NULL;
  }
}

/* Thousands of attributes on one element, in every kind of file: refused at once (libxml2
 * reads them in quadratic time: 40,000 took 14 s of CPU), with the file, the element's line
 * and how many an element may have. In a journal's entries too. */
static void
test_many_attributes (void)
{
  static const struct { const char *file; const char *kind; const char *element; } cases[] = {
    { "scenarios/skirmish.admiralty", "scenario", "<scenario" },
    { "tests/data/round-trip/komarr-kept-battle.admiralty", "campaign", "<campaign" },
    { "tests/data/round-trip/komarr-kept-battle.admiralty", "campaign", "<event" },
    { "scenarios/battles/torpedo-duel.xml", "battle", "<ship" },
    { "tests/data/round-trip/year-0217.game.xml", "battle-game", "<event" },
    { "scenarios/battles/torpedo-duel.orders.xml", "orders", "<orders" },
    { "scenarios/komarr-campaign.sheets/komarr-cycle-1-radovan.xml", "order-sheet", "<order" },
    { "tests/data/round-trip/ti4-space.xml", "ti4-combat", "<ti4-combat" },
    { "tests/data/round-trip/ti4-space.xml", "ti4-combat", "<event" },
    { "data/rules/forcon-2010.xml", "ruleset", "<ruleset" },
    { "data/rules/forcon-2010-classes.xml", "ruleset", "<class" },
    { "data/rules/ti4/units.xml", "ti4-units", "<unit" },
  };
  const char *root = g_getenv ("ADMIRALTY_SOURCE_DIR");
  g_autoptr(GString) attributes = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("test-xml-XXXXXX", &error);

  g_assert_no_error (error);
  g_assert_nonnull (root);
  for (guint k = 0; k < 40000; k++)
    g_string_append_printf (attributes, " a%u=\"1\"", k);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *source = g_build_filename (root, cases[i].file, NULL);
      g_autofree char *base = g_path_get_basename (source);
      g_autofree char *path = g_build_filename (dir, base, NULL);
      g_autofree char *data = NULL, *expected = NULL, *other = NULL;
      g_autoptr(GString) spoiled = NULL;
      g_autoptr(GError) refusal = NULL;
      const char *at;
      gint64 start;
      int line = 1;

      g_assert_true (g_file_get_contents (source, &data, NULL, NULL));
      at = strstr (data, cases[i].element);
      g_assert_nonnull (at);
      for (const char *p = data; p < at; p++)
        line += *p == '\n';
      spoiled = g_string_new_len (data, at - data + (gssize) strlen (cases[i].element));
      g_string_append (spoiled, attributes->str);
      g_string_append (spoiled, at + strlen (cases[i].element));
      if (g_str_equal (base, "forcon-2010-classes.xml"))
        {
          /* The ruleset beside them, whole: the classes are what it is refused for. */
          g_autofree char *ruleset = g_build_filename (root, "data/rules/forcon-2010.xml", NULL);
          g_autofree char *ruleset_data = NULL;

          g_assert_true (g_file_get_contents (ruleset, &ruleset_data, NULL, NULL));
          other = g_build_filename (dir, "forcon-2010.xml", NULL);
          g_assert_true (g_file_set_contents (other, ruleset_data, -1, NULL));
        }
      g_assert_true (g_file_set_contents (path, spoiled->str, (gssize) spoiled->len, NULL));

      start = g_get_monotonic_time ();
      g_assert_false (open_as (cases[i].kind, other != NULL ? other : path, &refusal));
      g_assert_nonnull (refusal);
      /* 40,000 and the element's own. */
      expected = g_strdup_printf ("%s:%d: <%s> has 400", base, line, cases[i].element + 1);
      if (strstr (refusal->message, expected) == NULL ||
          strstr (refusal->message, " attributes; an element of an Admiralty file has 0–32") == NULL)
        g_error ("%s: expected “%s” in “%.300s”", cases[i].file, expected, refusal->message);
      /* Refused before parsing: milliseconds, a second allowed for a busy machine. */
      g_assert_cmpint (g_get_monotonic_time () - start, <, G_USEC_PER_SEC);
      g_assert_cmpint (g_remove (path), ==, 0);
      if (other != NULL)
        g_assert_cmpint (g_remove (other), ==, 0);
    }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* As many attributes as an element may have are read; "=" and ">" inside quotes, comments,
 * CDATA sections and processing instructions do not count. */
static void
test_attribute_count (void)
{
  g_autoptr(GString) text = g_string_new ("<?xml version=\"1.0\"?>\n<!-- a=\"1\" b=\"2\" -->\n"
                                          "<x><![CDATA[ <y a=1 b=2 c=3> ]]><?pi a=\"1\"?>\n<y");
  g_autoptr(GError) error = NULL;

  for (guint k = 0; k < ADM_XML_MAX_ATTRIBUTES; k++)
    g_string_append_printf (text, " a%u='=>=%u'", k, k);
  g_string_append (text, "/></x>\n");
  g_assert_true (adm_xml_check_attributes (text->str, text->len, "f.xml", &error));
  g_assert_no_error (error);
  g_string_truncate (text, text->len - strlen ("/></x>\n"));
  g_string_append (text, " extra=\"1\"/></x>\n");
  g_assert_false (adm_xml_check_attributes (text->str, text->len, "f.xml", &error));
  g_assert_cmpstr (error->message, ==, "f.xml:4: <y> has 33 attributes; an element of an "
                                       "Admiralty file has 0–32");
}

/* @data read by adm_xml_push_feed () in pieces of @piece bytes, then adm_xml_push_end (). */
static xmlDoc *
push_in_pieces (const char  *data,
                gsize        length,
                gsize        piece,
                GError     **error)
{
  g_autoptr(AdmXmlPush) push = adm_xml_push_new ("f.xml");

  for (gsize at = 0; at < length; at += piece)
    if (!adm_xml_push_feed (push, data + at, MIN (piece, length - at)))
      break;
  return adm_xml_push_end (push, NULL, error);
}

/* A file read as it arrives, in pieces of any size — a character, a start tag, a comment cut
 * anywhere — is the file read whole: the same tree, or the same refusal in the same words. */
static void
test_push_pieces (void)
{
  static const gsize pieces[] = { 1, 2, 3, 5, 64, 1 << 20 };
  const char *root = g_getenv ("ADMIRALTY_SOURCE_DIR");
  g_autofree char *path = NULL, *battle = NULL;
  g_autoptr(GString) many = g_string_new ("<battle-game version=\"2\"><!-- a=\"1\" --><x");
  gsize length;
  const char *refused[] = { NULL, NULL, NULL, NULL, NULL, NULL };

  g_assert_nonnull (root);
  path = g_build_filename (root, "tests/data/round-trip/year-0217.game.xml", NULL);
  g_assert_true (g_file_get_contents (path, &battle, &length, NULL));
  for (guint k = 0; k <= ADM_XML_MAX_ATTRIBUTES; k++)
    g_string_append_printf (many, " a%u='=>=%u'", k, k);
  g_string_append (many, "/></battle-game>\n");
  refused[0] = many->str;
  refused[1] = "<battle-game>\n<!DOCTYPE x [<!ENTITY a \"b\">]>\n</battle-game>";
  refused[2] = "<battle-game>\n\n<x>caf\xc3</x></battle-game>";
  refused[3] = "<battle-game>\n<x>\xd0\xb4\xd0</x></battle-game>";
  refused[4] = "<battle-game version=\"2\">\n<x></y></battle-game>";
  refused[5] = "<?xml version=\"1.0\" encoding=\"latin1\"?><battle-game/>";

  for (gsize i = 0; i < G_N_ELEMENTS (pieces); i++)
    {
      g_autoptr(GError) error = NULL, whole_error = NULL;
      g_autoptr(xmlDoc) whole = adm_xml_read_memory (battle, length, "f.xml", NULL,
                                                     &whole_error);
      g_autoptr(xmlDoc) pushed = push_in_pieces (battle, length, pieces[i], &error);
      xmlChar *whole_text = NULL, *pushed_text = NULL;
      int whole_length = 0, pushed_length = 0;

      g_assert_no_error (whole_error);
      g_assert_no_error (error);
      xmlDocDumpMemory (whole, &whole_text, &whole_length);
      xmlDocDumpMemory (pushed, &pushed_text, &pushed_length);
      g_assert_cmpstr ((const char *) pushed_text, ==, (const char *) whole_text);
      xmlFree (whole_text);
      xmlFree (pushed_text);
      for (gsize r = 0; r < G_N_ELEMENTS (refused); r++)
        {
          g_autoptr(GError) refusal = NULL, whole_refusal = NULL;
          g_autoptr(xmlDoc) none = push_in_pieces (refused[r], strlen (refused[r]), pieces[i],
                                                   &refusal);
          g_autoptr(xmlDoc) none_whole = adm_xml_read_memory (refused[r], strlen (refused[r]),
                                                              "f.xml", NULL, &whole_refusal);

          g_assert_null (none);
          g_assert_null (none_whole);
          g_test_message ("%s", whole_refusal->message);
          g_assert_cmpstr (refusal->message, ==, whole_refusal->message);
        }
    }
}

/* One declaration, one behaviour, in every kind of file: a declared encoding other than
 * UTF-8 (any case) is refused, naming it, where a journal's reader ignored it and the other
 * readers refused only names libxml2 does not know. */
static void
test_encoding_declaration (void)
{
  static const struct { const char *file; const char *kind; } files[] = {
    { "scenarios/skirmish.admiralty", "scenario" },
    { "tests/data/round-trip/komarr-kept-battle.admiralty", "campaign" },
    { "scenarios/battles/torpedo-duel.xml", "battle" },
    { "tests/data/round-trip/year-0217.game.xml", "battle-game" },
    { "scenarios/battles/torpedo-duel.orders.xml", "orders" },
    { "scenarios/komarr-campaign.sheets/komarr-cycle-1-radovan.xml", "order-sheet" },
    { "tests/data/round-trip/ti4-space.xml", "ti4-combat" },
    { "data/rules/ti4/units.xml", "ti4-units" },
  };
  static const struct { const char *declared; gboolean refused; } encodings[] = {
    { "bogus", TRUE }, { "ISO-8859-1", TRUE }, { "UTF-16", TRUE }, { "utf-8", FALSE },
    { "UTF-8", FALSE },
  };
  const char *root = g_getenv ("ADMIRALTY_SOURCE_DIR");
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("test-xml-XXXXXX", &error);

  g_assert_no_error (error);
  g_assert_nonnull (root);
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    for (guint e = 0; e < G_N_ELEMENTS (encodings); e++)
      {
        g_autofree char *source = g_build_filename (root, files[i].file, NULL);
        g_autofree char *base = g_path_get_basename (source);
        g_autofree char *path = g_build_filename (dir, base, NULL);
        g_autofree char *data = NULL, *expected = NULL;
        g_autoptr(GString) text = NULL;
        g_autoptr(GError) refusal = NULL;
        gboolean opened;

        g_assert_true (g_file_get_contents (source, &data, NULL, NULL));
        /* The first line, the declaration, rewritten: <?xml version="1.0" encoding="NAME"?> */
        g_assert_true (g_str_has_prefix (data, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"));
        text = g_string_new (strchr (data, '\n'));
        g_string_prepend (text, "\"?>");
        g_string_prepend (text, encodings[e].declared);
        g_string_prepend (text, "<?xml version=\"1.0\" encoding=\"");
        g_assert_true (g_file_set_contents (path, text->str, (gssize) text->len, NULL));

        opened = open_as (files[i].kind, path, &refusal);
        g_assert_cmpint (g_remove (path), ==, 0);
        if (!encodings[e].refused)
          {
            g_assert_no_error (refusal);
            g_assert_true (opened);
            continue;
          }
        g_assert_false (opened);
        g_assert_nonnull (refusal);
        expected = g_strdup_printf ("%s:1: the file declares the encoding “%s”, but Admiralty "
                                    "files are UTF-8: save it as UTF-8, declared as "
                                    "encoding=\"UTF-8\"", base, encodings[e].declared);
        if (strstr (refusal->message, expected) == NULL)
          g_error ("%s, %s: expected “%s” in “%s”", files[i].file, encodings[e].declared,
                   expected, refusal->message);
      }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* Text typed between journal entries is told alike in a campaign, a saved battle and a TI4
 * combat: at its own line, quoted whole (past its entity references), in the same words —
 * where a saved battle and a combat named the line of <journal> in the validator's words, and
 * a campaign quoted the text up to its first reference. */
static void
test_stray_text (void)
{
  static const struct { const char *file; const char *kind; } files[] = {
    { "tests/data/round-trip/komarr-kept-battle.admiralty", "campaign" },
    { "tests/data/round-trip/year-0217.game.xml", "battle-game" },
    { "tests/data/round-trip/ti4-space.xml", "ti4-combat" },
  };
  const char *root = g_getenv ("ADMIRALTY_SOURCE_DIR");
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("test-xml-XXXXXX", &error);

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *source = g_build_filename (root, files[i].file, NULL);
      g_autofree char *base = g_path_get_basename (source);
      g_autofree char *path = g_build_filename (dir, base, NULL);
      g_autofree char *data = NULL, *expected = NULL;
      g_autoptr(GString) text = NULL;
      g_autoptr(GError) refusal = NULL;
      const char *end;
      int line = 1;

      g_assert_true (g_file_get_contents (source, &data, NULL, NULL));
      text = g_string_new (data);
      end = g_strrstr (text->str, "</journal>");
      g_assert_nonnull (end);
      for (const char *p = text->str; p < end; p++)
        line += *p == '\n';
      g_string_insert (text, end - text->str, "stray &amp; text\n  ");
      g_assert_true (g_file_set_contents (path, text->str, (gssize) text->len, NULL));
      g_assert_false (open_as (files[i].kind, path, &refusal));
      g_assert_nonnull (refusal);
      expected = g_strdup_printf ("%s:%d: <journal> holds elements only, not text such as "
                                  "“stray & text”", base, line);
      if (strstr (refusal->message, expected) == NULL)
        g_error ("%s: expected “%s” in “%s”", files[i].file, expected, refusal->message);
      g_assert_cmpint (g_remove (path), ==, 0);
    }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/xml/billion-laughs", test_billion_laughs);
  g_test_add_func ("/engine/xml/external-entity", test_external_entity);
  g_test_add_func ("/engine/xml/not-xml", test_not_xml);
  g_test_add_func ("/engine/xml/truncated", test_truncated);
  g_test_add_func ("/engine/xml/wrong-root", test_wrong_root);
  g_test_add_func ("/engine/xml/schema-error-has-line", test_schema_error_has_line);
  g_test_add_func ("/engine/xml/empty", test_empty);
  g_test_add_func ("/engine/xml/too-large", test_too_large);
  g_test_add_func ("/engine/xml/missing-and-directory", test_missing_and_directory);
  g_test_add_func ("/engine/xml/attribute-helpers", test_attribute_helpers);
  g_test_add_func ("/engine/xml/peek-root", test_peek_root);
  g_test_add_func ("/engine/xml/broken-fixtures", test_broken_fixtures);
  g_test_add_func ("/engine/xml/huge-comment-silent", test_huge_comment_silent);
  g_test_add_func ("/engine/xml/huge-comment-silent/subprocess", huge_comment_child);
  g_test_add_func ("/engine/xml/huge-attribute-first-error", test_huge_attribute_first_error);
  g_test_add_func ("/engine/xml/many-attributes", test_many_attributes);
  g_test_add_func ("/engine/xml/deep-nesting", test_deep_nesting);
  g_test_add_func ("/engine/xml/attribute-count", test_attribute_count);
  g_test_add_func ("/engine/xml/push-pieces", test_push_pieces);
  g_test_add_func ("/engine/xml/encoding-declaration", test_encoding_declaration);
  g_test_add_func ("/engine/xml/stray-text", test_stray_text);

  return g_test_run ();
}
