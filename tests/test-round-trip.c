/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-round-trip.c: the loaders' round trip — every file that opens is saved, through the
 * real save of its kind, as a file that opens with the same state: a battle set-up, a saved
 * battle, a scenario, a campaign (and each battle it keeps), a Twilight Imperium 4 combat.
 * Checked over every such file of the test data and the bundled scenarios, then over files
 * spoiled by a seeded fuzzer (attribute values changed to junk, years, numbers; characters
 * changed anywhere), which must either open and round-trip or be refused with a message
 * naming the file. The state is compared as the file saved again: the save writes the whole
 * state, so two saves of the same state are the same bytes. */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "admiralty-engine.h"
#include "file-helpers.h"

static AdmTi4Catalog *
ti4_catalog (void)
{
  static AdmTi4Catalog *catalog;

  if (catalog == NULL)
    {
      g_autoptr(GError) error = NULL;

      catalog = adm_ti4_catalog_load (&error);
      g_assert_no_error (error);
    }
  return catalog;
}

/* What a file must be to be saved, by its root element; NULL for the kinds that have no save
 * (rules, orders, order sheets). */
static const char *
saved_kind (const char *root)
{
  static const char * const kinds[] = { "battle", "battle-game", "scenario", "campaign",
                                        "ti4-combat", NULL };

  for (guint i = 0; root != NULL && kinds[i] != NULL; i++)
    if (g_str_equal (root, kinds[i]))
      return kinds[i];
  return NULL;
}

/* Opens @path as a file of @kind and saves it to @saved with the save of its kind: TRUE when
 * it opened; FALSE with @error when it was refused. For a campaign, the engagement ids of
 * the battles it keeps that open are put in @battles. */
static gboolean
open_and_save (const char  *kind,
               const char  *path,
               const char  *saved,
               GPtrArray   *battles,
               GError     **error)
{
  g_autoptr(GError) save_error = NULL;

  if (g_str_equal (kind, "battle") || g_str_equal (kind, "battle-game"))
    {
      g_autoptr(AdmBattle) battle = adm_battle_load_game (path, error);

      if (battle == NULL)
        return FALSE;
      g_assert_true (adm_battle_save (battle, saved, &save_error));
      g_assert_no_error (save_error);
      return TRUE;
    }
  if (g_str_equal (kind, "ti4-combat"))
    {
      g_autoptr(AdmTi4Combat) combat = adm_ti4_combat_load_file (ti4_catalog (), path, error);

      if (combat == NULL)
        return FALSE;
      g_assert_true (adm_ti4_combat_save (combat, saved, &save_error));
      g_assert_no_error (save_error);
      return TRUE;
    }
  {
    g_autoptr(AdmCampaign) campaign = adm_campaign_open (path, error);
    GPtrArray *ids;

    if (campaign == NULL)
      return FALSE;
    ids = adm_campaign_list_battles (campaign);
    for (guint i = 0; battles != NULL && i < ids->len; i++)
      {
        const char *id = g_ptr_array_index (ids, i);
        const char *text = adm_campaign_get_battle (campaign, id, NULL, NULL);
        g_autoptr(AdmBattle) battle = adm_battle_load_game_memory (text, strlen (text), id, NULL);

        if (battle != NULL)
          g_ptr_array_add (battles, g_strdup (id));
      }
    g_assert_true (adm_campaign_save (campaign, saved, &save_error));
    g_assert_no_error (save_error);
    return TRUE;
  }
}

static char *
read_all (const char *path,
          gsize      *length)
{
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, length, NULL));
  return text;
}

/* The round trip of @data as a file of @kind named @name: FALSE when it does not open (the
 * refusal then names the file); else it is saved, the saved file opens and saves to the same
 * bytes, and a campaign's battles that opened still open. */
static gboolean
round_trip (const char  *kind,
            const char  *name,
            const char  *data,
            gsize        length,
            GError     **refusal)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) battles = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) battles_again = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *dir = g_dir_make_tmp ("test-round-trip-XXXXXX", &error);
  g_autofree char *path = NULL, *first = NULL, *second = NULL, *third = NULL;
  g_autofree char *once = NULL, *twice = NULL;
  gsize once_length = 0, twice_length = 0;
  const char *suffix = g_str_equal (kind, "campaign") || g_str_equal (kind, "scenario")
                       ? ".admiralty" : ".xml";
  gboolean opened;

  g_assert_no_error (error);
  path = g_strconcat (dir, G_DIR_SEPARATOR_S, name, NULL);
  first = g_strconcat (dir, G_DIR_SEPARATOR_S, "first", suffix, NULL);
  second = g_strconcat (dir, G_DIR_SEPARATOR_S, "second", suffix, NULL);
  g_assert_true (g_file_set_contents (path, data, (gssize) length, NULL));

  opened = open_and_save (kind, path, first, battles, &error);
  if (!opened)
    {
      g_assert_nonnull (error);
      /* A refusal names the file it is about. */
      g_assert_nonnull (strstr (error->message, name));
      g_propagate_error (refusal, g_steal_pointer (&error));
      remove_tree (dir);
      return FALSE;
    }
  once = read_all (first, &once_length);
  if (!open_and_save (kind, first, second, battles_again, &error))
    g_error ("%s opened, but not once saved: %s\n--- saved:\n%s", name, error->message, once);
  twice = read_all (second, &twice_length);
  if (once_length != twice_length || memcmp (once, twice, once_length) != 0)
    g_error ("%s saved twice differs:\n--- once:\n%s\n--- twice:\n%s", name, once, twice);
  g_assert_cmpuint (battles_again->len, ==, battles->len);
  remove_tree (dir);
  return TRUE;
}

/* A saved battle with an event of the year 217, written "0217" as xsd:dateTime requires: it
 * opens, and saved it opens again with its roll's time kept. */
static void
test_year_0217 (void)
{
  g_autofree char *path = source_path ("tests/data/round-trip/year-0217.game.xml", NULL);
  g_autofree char *data = NULL;
  gsize length = 0;

  data = read_all (path, &length);
  g_assert_nonnull (strstr (data, "time=\"0217-11-18T11:06:40Z\""));
  g_assert_true (round_trip ("battle-game", "year-0217.game.xml", data, length, NULL));
}

/* Times of every year a time can hold are written as xsd:dateTime writes them. */
static void
test_format_time (void)
{
  static const struct { gint64 time; const char *text; } cases[] = {
    { 0, "1970-01-01T00:00:00Z" },
    { G_GINT64_CONSTANT (-55976896400), "0196-02-29T06:06:40Z" },
    { G_GINT64_CONSTANT (-55291553600), "0217-11-18T11:06:40Z" },
    { G_GINT64_CONSTANT (-62135596800), "0001-01-01T00:00:00Z" },
    { G_GINT64_CONSTANT (253402300799), "9999-12-31T23:59:59Z" },
    { G_GINT64_CONSTANT (1795000000), "2026-11-18T11:06:40Z" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = adm_event_format_time (cases[i].time);
      g_autofree char *journal = adm_journal_format_time (cases[i].time);
      g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();
      g_autoptr(GDateTime) back = g_date_time_new_from_iso8601 (text, utc);

      g_assert_cmpstr (text, ==, cases[i].text);
      g_assert_cmpstr (journal, ==, cases[i].text);
      g_assert_nonnull (back);
      g_assert_cmpint (g_date_time_to_unix (back), ==, cases[i].time);
    }
}

static void
collect_files (const char *dir,
               GPtrArray  *files)
{
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;

  if (listing == NULL)
    return;
  while ((name = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        collect_files (path, files);
      else if (g_str_has_suffix (name, ".xml") || g_str_has_suffix (name, ".admiralty"))
        g_ptr_array_add (files, g_steal_pointer (&path));
    }
}

/* Every file of the test data and the bundled scenarios that opens round-trips. */
static void
test_data_files (void)
{
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *tests = source_path ("tests/data", NULL);
  g_autofree char *scenarios = source_path ("scenarios", NULL);
  guint opened = 0;
  GHashTable *kinds = g_hash_table_new (g_str_hash, g_str_equal);

  collect_files (tests, files);
  collect_files (scenarios, files);
  g_ptr_array_sort (files, (GCompareFunc) g_strcmp0);
  for (guint i = 0; i < files->len; i++)
    {
      const char *path = g_ptr_array_index (files, i);
      g_autofree char *root = adm_xml_peek_root (path);
      g_autofree char *base = g_path_get_basename (path);
      g_autofree char *data = NULL;
      const char *kind = saved_kind (root);
      gsize length = 0;

      if (kind == NULL)
        continue;
      data = read_all (path, &length);
      if (round_trip (kind, base, data, length, NULL))
        {
          opened++;
          g_hash_table_add (kinds, (gpointer) kind);
        }
    }
  g_test_message ("%u files opened and round-tripped", opened);
  g_assert_cmpuint (opened, >=, 40);
  /* Every kind that has a save is among them. */
  g_assert_cmpuint (g_hash_table_size (kinds), ==, 5);
  g_hash_table_unref (kinds);
}

/* ---- Fuzzing ---- */

static const char * const junk[] = {
  "", " ", "-1", "0", "1", "-0", "NaN", "nan", "inf", "-inf", "1e308", "1e-308", "2.5",
  "18446744073709551616", "-18446744073709551616", "9223372036854775807", "2147483648",
  "4294967296", "0x10", "1 2", "x", "&amp;", "&#x1F680;", "\xc3\xa9",
  "0217-11-18T11:06:40Z", "0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z",
  "10000-01-01T00:00:00Z", "-0001-01-01T00:00:00Z", "2026-02-29T00:00:00Z",
  "2028-02-29T00:00:00Z", "2026-11-18T11:06:40+00:00", "2026-11-18T11:06:40+03:00",
  "2026-11-18T24:00:00Z", "2026-11-18 11:06:40Z", "217-11-18T11:06:40Z",
};

/* One attribute value of @text, chosen by @rand, changed: to junk, to its digits changed, or
 * to another year; or, one time in four, one character anywhere changed to one that matters
 * to XML, numbers or times. */
static char *
mutate (const char *text,
        GRand      *rand)
{
  static const char characters[] = "0123456789-.:<>&;\"' xT\n";
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (gsize));
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GString) value = g_string_new (NULL);
  gsize start, end;

  if (g_rand_int_range (rand, 0, 4) == 0)
    {
      char *copy = g_strdup (text);

      copy[g_rand_int_range (rand, 0, (gint32) strlen (copy))] =
        characters[g_rand_int_range (rand, 0, sizeof characters - 1)];
      return copy;
    }

  for (gsize at = 0; text[at] != '\0'; at++)
    if (text[at] == '=' && text[at + 1] == '"')
      {
        gsize value_start = at + 2;

        g_array_append_val (values, value_start);
      }
  g_assert_cmpuint (values->len, >, 0);
  start = g_array_index (values, gsize, g_rand_int_range (rand, 0, (gint32) values->len));
  end = start;
  while (text[end] != '\0' && text[end] != '"')
    end++;
  g_string_append_len (value, text + start, (gssize) (end - start));

  switch (g_rand_int_range (rand, 0, 3))
    {
    case 0:
      g_string_assign (value, junk[g_rand_int_range (rand, 0, G_N_ELEMENTS (junk))]);
      break;
    case 1:
      /* A digit changed, or one more: the same number, slightly wrong. */
      for (guint tries = 0; tries < 8 && value->len > 0; tries++)
        {
          gsize at = (gsize) g_rand_int_range (rand, 0, (gint32) value->len);

          if (!g_ascii_isdigit (value->str[at]))
            continue;
          if (g_rand_boolean (rand))
            value->str[at] = (char) ('0' + g_rand_int_range (rand, 0, 10));
          else
            g_string_insert_c (value, (gssize) at, (char) ('0' + g_rand_int_range (rand, 0, 10)));
          break;
        }
      break;
    default:
      /* A time's year replaced by another of one to five digits. */
      if (value->len >= 20 && value->str[4] == '-' && value->str[10] == 'T')
        {
          g_autofree char *year = g_strdup_printf ("%0*d", g_rand_int_range (rand, 1, 6),
                                                   g_rand_int_range (rand, 0, 100000));

          g_string_erase (value, 0, 4);
          g_string_prepend (value, year);
        }
      else
        g_string_assign (value, junk[g_rand_int_range (rand, 0, G_N_ELEMENTS (junk))]);
      break;
    }
  g_string_append_len (out, text, (gssize) start);
  g_string_append_len (out, value->str, (gssize) value->len);
  g_string_append (out, text + end);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* Each source file, spoiled @n times by a seeded generator: each spoiled file opens and
 * round-trips, or is refused with a message naming it. */
static void
test_fuzz (void)
{
  static const struct { const char *path; const char *kind; guint n; } sources[] = {
    { "tests/data/round-trip/year-0217.game.xml", "battle-game", 60 },
    { "tests/data/round-trip/ti4-space.xml", "ti4-combat", 60 },
    { "tests/data/campaigns/small.admiralty", "campaign", 40 },
    { "tests/data/round-trip/komarr-kept-battle.admiralty", "campaign", 20 },
    { "scenarios/battles/torpedo-duel.xml", "battle", 60 },
  };
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261124);
  guint opened = 0, refused = 0;

  for (guint s = 0; s < G_N_ELEMENTS (sources); s++)
    {
      g_autofree char *path = source_path (sources[s].path, NULL);
      g_autofree char *base = g_path_get_basename (path);
      g_autofree char *data = NULL;
      gsize length = 0;

      data = read_all (path, &length);
      for (guint i = 0; i < sources[s].n; i++)
        {
          g_autofree char *spoiled = mutate (data, rand);
          g_autoptr(GError) error = NULL;

          if (round_trip (sources[s].kind, base, spoiled, strlen (spoiled), &error))
            opened++;
          else
            refused++;
        }
    }
  g_test_message ("fuzzing: %u opened and round-tripped, %u refused", opened, refused);
  g_assert_cmpuint (opened, >, 0);
  g_assert_cmpuint (refused, >, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/round-trip/year-0217", test_year_0217);
  g_test_add_func ("/engine/round-trip/format-time", test_format_time);
  g_test_add_func ("/engine/round-trip/data-files", test_data_files);
  g_test_add_func ("/engine/round-trip/fuzz", test_fuzz);
  return g_test_run ();
}
