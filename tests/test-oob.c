/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-oob.c: a scenario's order of battle read from a spreadsheet's CSV and written as one
 * (adm-oob.h), read in by the one edit of the scenario document (adm_scenario_edit_import_oob
 * ()) — fleets that go out and come back byte for byte, the spreadsheets' dialects (a BOM, ";",
 * CRLF, quoted cells), a new scenario with no formation yet taking its first order of battle,
 * ids kept and made from names, and each refusal naming its line, every problem listed in one
 * pass, nothing made of a refused file, hostile files refused in bounded time. */

#include "config.h"

#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "admiralty-engine.h"
#include "file-helpers.h"

#define HEADER "admiral,faction,formation,ship,class,readiness,command,sector,hidden\n"

typedef struct {
  char      *data;      /* the new scenario, or NULL */
  gsize      length;
  GPtrArray *problems;  /* AdmOobProblem* */
  GError    *error;
  AdmOobSummary summary;
} Import;

static void
import_clear (Import *import)
{
  g_free (import->data);
  g_clear_pointer (&import->problems, g_ptr_array_unref);
  g_clear_error (&import->error);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Import, import_clear)

/* @csv read into the scenario document @edit, as fleet.csv; a refusal leaves it as it was,
 * with nothing to undo, and one taken is one step of undo. */
static void
import_edit (Import          *import,
             AdmScenarioEdit *edit,
             const char      *csv,
             gsize            csv_length)
{
  g_autoptr(GBytes) before = g_bytes_ref (adm_scenario_edit_get_bytes (edit));
  gboolean could_undo = adm_scenario_edit_can_undo (edit);
  GBytes *after;

  memset (import, 0, sizeof *import);
  if (!adm_scenario_edit_import_oob (edit, csv, csv_length, "fleet.csv", &import->summary,
                                     &import->problems, &import->error))
    {
      g_assert_nonnull (import->error);
      g_assert_true (g_bytes_equal (before, adm_scenario_edit_get_bytes (edit)));
      g_assert_cmpint (adm_scenario_edit_can_undo (edit), ==, could_undo);
      return;
    }
  g_assert_no_error (import->error);
  after = adm_scenario_edit_get_bytes (edit);
  import->data = g_strndup (g_bytes_get_data (after, NULL), g_bytes_get_size (after));
  import->length = g_bytes_get_size (after);
}

/* @csv read into the shipped scenario @name (or a path under tests/data when it has a '/'). */
static void
import_into (Import     *import,
             const char *name,
             const char *csv,
             gsize       csv_length)
{
  g_autofree char *path = strchr (name, '/') != NULL ? source_path ("tests/data", name, NULL)
                                                     : source_path ("scenarios", name, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmScenarioEdit) edit = adm_scenario_edit_open (path, &error);

  g_assert_no_error (error);
  adm_scenario_edit_set_display_name (edit, name);
  import_edit (import, edit, csv, csv_length);
}

/* The export of the shipped scenario @name. */
static char *
export_of (const char *name)
{
  g_autofree char *path = source_path ("scenarios", name, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmScenario) scenario = adm_scenario_load_file (path, &error);

  g_assert_no_error (error);
  return adm_oob_export (scenario, NULL);
}

/* @text with the first @from replaced by @to, which must be there. */
static char *
replace_once (const char *text,
              const char *from,
              const char *to)
{
  const char *at = strstr (text, from);

  g_assert_nonnull (at);
  return g_strdup_printf ("%.*s%s%s", (int) (at - text), text, to, at + strlen (from));
}

/* The refusal: no scenario, ADM_OOB_ERROR_REFUSED, and a problem on @line whose message
 * holds @message. */
static void
assert_problem (Import     *import,
                guint       line,
                const char *column,
                const char *message)
{
  g_assert_null (import->data);
  g_assert_error (import->error, ADM_OOB_ERROR, ADM_OOB_ERROR_REFUSED);
  g_assert_nonnull (import->problems);
  for (guint i = 0; i < import->problems->len; i++)
    {
      AdmOobProblem *problem = g_ptr_array_index (import->problems, i);

      g_test_message ("%u %s: %s", problem->line, problem->column, problem->message);
      if (problem->line == line && strstr (problem->message, message) != NULL)
        {
          g_assert_cmpstr (problem->column, ==, column);
          return;
        }
    }
  g_assert_not_reached ();
}

/* Export, then import onto the same scenario: the same file, byte for byte. */
static void
test_round_trip (gconstpointer data)
{
  const char *name = data;
  g_autofree char *path = source_path ("scenarios", name, NULL);
  g_autofree char *original = file_contents (path);
  g_autofree char *csv = export_of (name);
  g_auto(Import) import;

  g_assert_true (g_str_has_prefix (csv, HEADER));
  import_into (&import, name, csv, strlen (csv));
  g_assert_no_error (import.error);
  g_assert_cmpstr (import.data, ==, original);
  g_assert_cmpuint (import.summary.admirals_added, ==, 0);
}

/* What a Russian spreadsheet saves: a BOM, ";" between cells, CRLF line ends; the same
 * fleets come in. */
static void
test_bom_semicolon_crlf (void)
{
  g_autofree char *path = source_path ("scenarios", "komarr-campaign.admiralty", NULL);
  g_autofree char *original = file_contents (path);
  g_autofree char *csv = export_of ("komarr-campaign.admiralty");
  g_autoptr(GString) russian = g_string_new ("\xef\xbb\xbf");
  gboolean quoted = FALSE;
  g_auto(Import) import;

  for (const char *p = csv; *p != '\0'; p++)
    {
      quoted ^= *p == '"';
      if (*p == '\n' && !quoted)
        g_string_append (russian, "\r\n");
      else if (*p == ',' && !quoted)
        g_string_append_c (russian, ';');
      else
        g_string_append_c (russian, *p);
    }
  import_into (&import, "komarr-campaign.admiralty", russian->str, russian->len);
  g_assert_no_error (import.error);
  g_assert_cmpstr (import.data, ==, original);
}

/* Each of a spreadsheet's ways alone — a BOM, ";" between cells, CRLF line ends — reads the
 * same fleets as the plain CSV. */
static void
test_dialect (gconstpointer data)
{
  const char *dialect = data;
  g_autofree char *path = source_path ("scenarios", "komarr-campaign.admiralty", NULL);
  g_autofree char *original = file_contents (path);
  g_autofree char *csv = export_of ("komarr-campaign.admiralty");
  g_autoptr(GString) saved = g_string_new (g_str_equal (dialect, "bom") ? "\xef\xbb\xbf" : "");
  gboolean quoted = FALSE;
  g_auto(Import) import;

  for (const char *p = csv; *p != '\0'; p++)
    {
      quoted ^= *p == '"';
      if (*p == '\n' && !quoted && g_str_equal (dialect, "crlf"))
        g_string_append (saved, "\r\n");
      else if (*p == ',' && !quoted && g_str_equal (dialect, "semicolon"))
        g_string_append_c (saved, ';');
      else
        g_string_append_c (saved, *p);
    }
  g_assert_cmpstr (saved->str, !=, csv);
  import_into (&import, "komarr-campaign.admiralty", saved->str, saved->len);
  g_assert_no_error (import.error);
  g_assert_cmpstr (import.data, ==, original);
}

/* RFC 4180: a quoted cell holds the separator, a quote written twice, a line break; header
 * names in any case with spaces around; a blank row is no ship. */
static void
test_quoting (void)
{
  const char *csv =
    " Admiral , FACTION,Formation,Ship,Class,Readiness,Command,Sector,Hidden\n"
    "\"Adm. Aral Vorkosigan\",barrayar,\"Squadron, the \"\"Fox\"\"\",\"Prince Serg\","
    "general-vorkraft,10,1,pol-jump-point,no\n"
    "\n"
    ",,,,,,,,\n"
    "Adm. Aral Vorkosigan,Barrayar,\"Squadron, the \"\"Fox\"\"\",Emperor Dorca,"
    "Vorhartung,8,2,Pol jump point,0\n";
  g_auto(Import) import;
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmScenario) scenario = NULL;
  g_autofree char *csv_out = NULL;
  AdmFormation *formation;

  import_into (&import, "skirmish.admiralty", csv, strlen (csv));
  g_assert_no_error (import.error);
  g_assert_cmpuint (import.summary.formations, ==, 1);
  g_assert_cmpuint (import.summary.ships, ==, 2);
  scenario = adm_scenario_load_data (import.data, import.length, "new", &error);
  g_assert_no_error (error);
  formation = g_ptr_array_index (adm_scenario_get_formations (scenario), 0);
  g_assert_cmpstr (formation->name, ==, "Squadron, the \"Fox\"");
  g_assert_cmpstr (formation->id, ==, "squadron-the-fox");
  g_assert_cmpstr (formation->flagship->id, ==, "prince-serg");
  g_assert_cmpstr (formation->admiral->id, ==, "vorkosigan");
  g_assert_cmpstr (formation->sector->id, ==, "pol-jump-point");
  g_assert_cmpuint (formation->succession->len, ==, 1);
  g_assert_nonnull (strstr (import.data, "name=\"Squadron, the &quot;Fox&quot;\""));

  /* Written out, it is quoted the same way. */
  csv_out = adm_oob_export (scenario, NULL);
  g_assert_nonnull (strstr (csv_out, ",\"Squadron, the \"\"Fox\"\"\","));
}

/* A cell quoted over two lines is one cell: here a name, which must be one line; the problem
 * is on the line where its row starts, and the next row's line is counted past it. */
static void
test_quoted_line_break (void)
{
  const char *csv = HEADER
    ",barrayar,A,\"Two\nlines\",frigate,5,1,pol-jump-point,\n"
    ",barrayar,B,Kestrel,frigate,99,1,pol-jump-point,\n";
  g_auto(Import) import;

  import_into (&import, "skirmish.admiralty", csv, strlen (csv));
  assert_problem (&import, 2, "ship", "runs over more than one line");
  assert_problem (&import, 4, "readiness", "“99”");
}

/* F-RDY-1: readiness is a whole number 0–12. */
static void
test_readiness (void)
{
  const char *csv = HEADER ",barrayar,A,Kestrel,frigate,99,1,pol-jump-point,\n";
  g_auto(Import) import;

  import_into (&import, "skirmish.admiralty", csv, strlen (csv));
  assert_problem (&import, 2, "readiness", "it must be a whole number 0–12");
  g_assert_true (g_str_has_prefix (import.error->message, "fleet.csv:2: readiness “99”"));
}

/* Classes and factions of the ruleset, sectors of the map: an unknown one is named with its
 * row. Every problem is listed, not only the first. */
static void
test_unknown_names (void)
{
  const char *csv = HEADER
    ",barrayar,A,Kestrel,ariel-ii,5,1,pol-jump-point,\n"
    ",betan-survey,B,Gull,frigate,5,1,pol-jump-point,\n"
    ",barrayar,C,Tern,frigate,5,1,nowhere,\n";
  g_auto(Import) import;

  import_into (&import, "skirmish.admiralty", csv, strlen (csv));
  assert_problem (&import, 2, "class", "unknown class “ariel-ii”");
  assert_problem (&import, 3, "faction", "unknown faction “betan-survey”");
  assert_problem (&import, 4, "sector", "unknown sector “nowhere”");
  g_assert_cmpuint (import.problems->len, ==, 3);
  g_assert_nonnull (strstr (import.error->message, "(and 2 more problems)"));
}

/* F-FORM-8 under the ruling "formation-composition", as the scenario loader rules it: the
 * 7th ship of a formation is refused on its row. */
static void
test_seventh_ship (void)
{
  g_autoptr(GString) csv = g_string_new (HEADER);
  g_auto(Import) import;

  for (guint i = 0; i < 7; i++)
    g_string_append_printf (csv, ",barrayar,Big,Ship %u,frigate,5,%s,pol-jump-point,\n", i,
                            i == 0 ? "1" : "");
  import_into (&import, "skirmish.admiralty", csv->str, csv->len);
  assert_problem (&import, 8, "class", "ship 7 of formation “Big”");
  g_assert_cmpuint (import.problems->len, ==, 1);
}

/* F-FORM-4: one flagship, command 1; F-FORM-5: the succession 2, 3 … once each, no gap. */
static void
test_command (void)
{
  const char *csv = HEADER
    ",barrayar,Two,A,frigate,5,1,pol-jump-point,\n"
    ",barrayar,Two,B,frigate,5,1,pol-jump-point,\n"
    ",barrayar,None,C,frigate,5,,pol-jump-point,\n"
    ",barrayar,None,D,frigate,5,2,pol-jump-point,\n"
    ",barrayar,Twice,E,frigate,5,1,pol-jump-point,\n"
    ",barrayar,Twice,F,frigate,5,2,pol-jump-point,\n"
    ",barrayar,Twice,G,frigate,5,2,pol-jump-point,\n"
    ",barrayar,Gap,H,frigate,5,1,pol-jump-point,\n"
    ",barrayar,Gap,I,frigate,5,3,pol-jump-point,\n"
    ",barrayar,Word,J,frigate,5,first,pol-jump-point,\n"
    ",barrayar,Both,K,frigate,5,1,pol-jump-point,\n"
    ",barrayar,Both,L,frigate,5,1,pol-jump-point,\n"
    ",barrayar,Both,M,frigate,5,3,pol-jump-point,\n";
  g_auto(Import) import;

  import_into (&import, "skirmish.admiralty", csv, strlen (csv));
  assert_problem (&import, 3, "command", "has two flagships");
  assert_problem (&import, 4, "command", "formation “None” has no flagship");
  assert_problem (&import, 8, "command", "both have command 2");
  assert_problem (&import, 10, "command", "no ship with command 2");
  assert_problem (&import, 11, "command", "command “first”");
  /* One formation's every mistake at once: two flagships and a gap. */
  assert_problem (&import, 13, "command", "formation “Both” has two flagships");
  assert_problem (&import, 14, "command", "no ship with command 2 before “M”");
  g_assert_cmpuint (import.problems->len, ==, 7);
}

/* A formation's rows agree on its admiral, faction, sector and whether it is hidden; an
 * admiral of the scenario keeps his faction. */
static void
test_disagreeing_rows (void)
{
  const char *csv = HEADER
    "Adm. Aral Vorkosigan,barrayar,A,K1,frigate,5,1,pol-jump-point,\n"
    "Adm. Aral Vorkosigan,cetaganda,A,K2,frigate,5,,pol-jump-point,\n"
    "Adm. Aral Vorkosigan,barrayar,A,K3,frigate,5,,hegen-inner-system,\n"
    "Adm. Aral Vorkosigan,barrayar,A,K4,frigate,5,,pol-jump-point,yes\n"
    "ghem-estif,barrayar,B,K5,frigate,5,1,pol-jump-point,\n"
    "vorkosigan,barrayar,A,K6,frigate,5,,pol-jump-point,\n"
    ",barrayar,A,K7,frigate,5,,pol-jump-point,\n";
  g_auto(Import) import;

  import_into (&import, "skirmish.admiralty", csv, strlen (csv));
  assert_problem (&import, 3, "faction", "formation “A” is of barrayar (line 2)");
  assert_problem (&import, 4, "sector", "formation “A” is in sector “pol-jump-point”");
  assert_problem (&import, 5, "hidden", "formation “A” is not hidden (line 2)");
  assert_problem (&import, 6, "admiral", "serves cetaganda in the scenario, not barrayar");
  assert_problem (&import, 8, "admiral", "has admiral “Adm. Aral Vorkosigan” (line 2)");
  /* The admiral named by his id is the same admiral. */
  g_assert_cmpuint (import.problems->len, ==, 5);
}

/* The header names every column once, and no other. */
static void
test_columns (void)
{
  const char *missing = "admiral,faction,formation,ship,class,command,sector\n";
  const char *unknown = "admiral,faction,formation,ship,class,readiness,command,sector,hidden,"
                        "notes\n";
  g_auto(Import) a;
  g_auto(Import) b;

  import_into (&a, "skirmish.admiralty", missing, strlen (missing));
  assert_problem (&a, 1, "readiness", "the header lacks the columns “readiness”, “hidden”");
  import_into (&b, "skirmish.admiralty", unknown, strlen (unknown));
  assert_problem (&b, 1, NULL, "unknown column “notes”");
}

/* A row with more cells than the header: a name holding the separator, unquoted, moves the
 * cells after it, even when the last is empty; fewer are empty ones. */
static void
test_unquoted_separator (void)
{
  const char *csv = HEADER
    ",barrayar,First Squadron, Home Fleet,Prince Serg,general-vorkraft,10,1,pol-jump-point,\n"
    ",barrayar,Picket,Kestrel,frigate,5,1,pol-jump-point\n";
  g_auto(Import) import;

  import_into (&import, "skirmish.admiralty", csv, strlen (csv));
  assert_problem (&import, 2, NULL, "the row has 10 cells and the header 9: a cell holding “,”");
  g_assert_cmpuint (import.problems->len, ==, 1);
}

/* A quote that is never closed, or one inside an unquoted cell. */
static void
test_malformed_quoting (void)
{
  const char *open = HEADER ",barrayar,\"A,K,frigate,5,1,pol-jump-point,\n";
  const char *inside = HEADER ",barrayar,A,\n,barrayar,A,K\"9,frigate,5,1,pol-jump-point,\n";
  const char *after = HEADER ",barrayar,\"A\"x,K,frigate,5,1,pol-jump-point,\n";
  g_auto(Import) a;
  g_auto(Import) b;
  g_auto(Import) c;

  import_into (&a, "skirmish.admiralty", open, strlen (open));
  assert_problem (&a, 2, NULL, "never closed");
  import_into (&b, "skirmish.admiralty", inside, strlen (inside));
  assert_problem (&b, 3, NULL, "a quote inside a cell");
  import_into (&c, "skirmish.admiralty", after, strlen (after));
  assert_problem (&c, 2, NULL, "goes on after its closing quote");
}

/* A cell past ADM_OOB_MAX_FIELD bytes, a row past ADM_OOB_MAX_FIELDS cells, a file that is
 * not UTF-8 (a spreadsheet's Windows-1251). */
static void
test_too_long (void)
{
  g_autofree char *name = g_strnfill (ADM_OOB_MAX_FIELD + 1, 'x');
  g_autofree char *cell = g_strdup_printf (HEADER ",barrayar,A,%s,frigate,5,1,s,\n", name);
  g_autofree char *cells = g_strnfill (ADM_OOB_MAX_FIELDS, ',');
  g_autofree char *row = g_strdup_printf (HEADER ",barrayar,A,K,frigate,5,1,s,%s\n", cells);
  const char *cp1251 = HEADER ",barrayar,\xcf\xe5\xf0\xe2\xe0\xff,K,frigate,5,1,s,\n";
  g_auto(Import) a;
  g_auto(Import) b;
  g_auto(Import) c;

  import_into (&a, "skirmish.admiralty", cell, strlen (cell));
  assert_problem (&a, 2, NULL, "a cell is longer than 1024 bytes");
  import_into (&b, "skirmish.admiralty", row, strlen (row));
  assert_problem (&b, 2, NULL, "more than 32 cells");
  import_into (&c, "skirmish.admiralty", cp1251, strlen (cp1251));
  assert_problem (&c, 2, NULL, "not UTF-8");
}

/* ADM_OOB_MAX_ROWS ships are read; one more is refused on its own line. */
static void
test_too_many_rows (void)
{
  g_autoptr(GString) csv = g_string_new (HEADER);
  g_auto(Import) all;
  g_auto(Import) more;

  for (guint i = 0; i < ADM_OOB_MAX_ROWS; i++)
    g_string_append_printf (csv, "Adm. %u,barrayar,F%u,Ship %u,frigate,6,%s,s%u,\n", i / 50,
                            i / 5, i, i % 5 == 0 ? "1" : "", i / 5 % 16);
  import_into (&all, "oob/my-game-map.admiralty", csv->str, csv->len);
  g_assert_no_error (all.error);
  g_assert_cmpuint (all.summary.ships, ==, ADM_OOB_MAX_ROWS);
  g_assert_cmpuint (all.summary.formations, ==, ADM_OOB_MAX_ROWS / 5);
  g_assert_cmpuint (all.summary.admirals_added, ==, ADM_OOB_MAX_ROWS / 50);

  g_string_append (csv, "Adm. 0,barrayar,F0,Ship 10000,frigate,6,,s0,\n");
  import_into (&more, "oob/my-game-map.admiralty", csv->str, csv->len);
  assert_problem (&more, ADM_OOB_MAX_ROWS + 2, NULL, "more than 10000 ships");
}

/* A file past ADM_OOB_MAX_SIZE is refused having read no more than that: a 100 MB file by
 * its size, unread; a file that has no size (a device, a pipe) after one byte past the bound. */
static void
test_huge_file (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("test-oob-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "huge.csv", NULL);
  g_autofree char *data = NULL;
  FILE *file;
  gsize length = 0;

  g_assert_no_error (error);
  file = g_fopen (path, "wb");
  g_assert_nonnull (file);
  /* Sparse: 100 MB of zeros that take no disk. */
  g_assert_cmpint (fseek (file, 100 * 1000 * 1000 - 1, SEEK_SET), ==, 0);
  g_assert_cmpint (fputc ('\n', file), ==, '\n');
  g_assert_cmpint (fclose (file), ==, 0);

  data = adm_oob_read_csv (path, &length, &error);
  g_assert_null (data);
  g_assert_error (error, ADM_OOB_ERROR, ADM_OOB_ERROR_REFUSED);
  g_assert_nonnull (strstr (error->message, "larger than 16 MiB"));
  g_clear_error (&error);
  remove_folder (dir);

  data = adm_oob_read_csv ("/dev/zero", &length, &error);
  g_assert_null (data);
  g_assert_error (error, ADM_OOB_ERROR, ADM_OOB_ERROR_REFUSED);
}

/* A master's own game (the 20 admirals and 80 ships of /work/shared/repro/gen-scenario.py, as
 * CSV) read onto a map of 16 sectors: the admirals are added with ids made from their names,
 * the starting formation replaced, and the scenario loads. */
static void
test_my_game (void)
{
  g_autofree char *path = source_path ("tests/data/oob", "my-game.csv", NULL);
  g_autofree char *csv = file_contents (path);
  g_autoptr(AdmScenario) scenario = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(Import) import;
  AdmFormation *formation;
  AdmAdmiral *admiral;

  import_into (&import, "oob/my-game-map.admiralty", csv, strlen (csv));
  g_assert_no_error (import.error);
  g_assert_cmpuint (import.summary.admirals_added, ==, 20);
  scenario = adm_scenario_load_data (import.data, import.length, "my-game", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (adm_scenario_get_admirals (scenario)->len, ==, 21);
  g_assert_cmpuint (adm_scenario_get_formations (scenario)->len, ==, 40);
  g_assert_cmpuint (adm_scenario_get_ships (scenario)->len, ==, 80);
  g_assert_null (adm_scenario_lookup_formation (scenario, "first-squadron"));
  admiral = adm_scenario_lookup_admiral (scenario, "adm-number-19");
  g_assert_nonnull (admiral);
  g_assert_cmpstr (admiral->faction->id, ==, "vervain");
  formation = adm_scenario_lookup_formation (scenario, "formation-19-1");
  g_assert_nonnull (formation);
  g_assert_true (formation->admiral == admiral);
  g_assert_cmpstr (formation->sector->id, ==, "s10");
  g_assert_cmpstr (formation->flagship->id, ==, "ship-78");
  /* The admirals go after the scenario's own, indented as it is. */
  g_assert_nonnull (strstr (import.data, "faction=\"barrayar\"/>\n  <admiral id=\"adm-number-0\" "
                                         "name=\"Adm. Number 0\" faction=\"barrayar\"/>\n"));
}

/* A scenario that carries its own season (after its formations): the CSV replaces its order
 * of battle, and the season stays as it was, byte for byte, its edited figure played. */
static void
test_season_kept (void)
{
  g_autofree char *map = source_path ("tests/data/oob", "my-game-map.admiralty", NULL);
  g_autofree char *path = source_path ("tests/data/oob", "my-game.csv", NULL);
  g_autofree char *csv = file_contents (path);
  g_autoptr(AdmScenarioEdit) edit = NULL;
  g_autoptr(AdmScenario) scenario = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(Import) import = { NULL };
  const char *text;
  g_autofree char *season = NULL;
  gsize length;

  edit = adm_scenario_edit_open (map, &error);
  g_assert_no_error (error);
  g_assert_true (adm_scenario_edit_make_season_own (edit, &error));
  g_assert_no_error (error);
  /* The Vorpatril destroyer: hull 5 in forcon-2010, 15 in this game. */
  g_assert_true (adm_scenario_edit_set_class (edit, "vorpatril", "hull", "15", &error));
  g_assert_no_error (error);
  text = g_bytes_get_data (adm_scenario_edit_get_bytes (edit), &length);
  g_assert_nonnull (strstr (text, "  <season>"));
  season = g_strdup (strstr (text, "  <season>"));

  import_edit (&import, edit, csv, strlen (csv));
  g_assert_no_error (import.error);
  g_assert_cmpuint (import.summary.formations, ==, 40);
  g_assert_cmpuint (import.summary.ships, ==, 80);
  g_assert_nonnull (strstr (import.data, season));
  scenario = adm_scenario_load_data (import.data, import.length, "my-game", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (adm_scenario_get_formations (scenario)->len, ==, 40);
  g_assert_cmpint (adm_ruleset_lookup_class (adm_scenario_get_ruleset (scenario),
                                             "vorpatril")->hull, ==, 15);
}

/* A formation or ship keeps its id when its name is kept — a ship moved to another formation
 * too; a new name makes a new id, -2 when the one it makes is taken. */
static void
test_ids_kept (void)
{
  g_autofree char *csv = export_of ("skirmish.admiralty");
  g_autofree char *moved = NULL, *renamed = NULL;
  g_autoptr(AdmScenario) scenario = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(Import) import;
  AdmShip *ship;

  /* Star Creche Warden (id star-creche) goes to the Hub Picket Flotilla. */
  moved = replace_once (csv, "ghem-Adm. Ilsum Estif,cetaganda,Autumn Screen,Star Creche "
                        "Warden,frigate,5,,vervain-jump-point,\n", "");
  renamed = replace_once (moved, "Hub Picket Flotilla,Vorbarra Sultana,frigate,3,,"
                          "pol-jump-point,\n", "Hub Picket Flotilla,Vorbarra Sultana,frigate,3,,"
                          "pol-jump-point,\nAdm. Aral Vorkosigan,barrayar,Hub Picket Flotilla,"
                          "Star Creche Warden,frigate,5,,pol-jump-point,\n"
                          "Adm. Aral Vorkosigan,barrayar,Hub Picket Flotilla,Kestrel!,frigate,"
                          "5,,pol-jump-point,\n");
  import_into (&import, "skirmish.admiralty", renamed, strlen (renamed));
  g_assert_no_error (import.error);
  scenario = adm_scenario_load_data (import.data, import.length, "new", &error);
  g_assert_no_error (error);
  ship = adm_scenario_lookup_ship (scenario, "star-creche");
  g_assert_nonnull (ship);
  g_assert_cmpstr (ship->formation->id, ==, "hub-picket");
  ship = adm_scenario_lookup_ship (scenario, "kestrel-2");
  g_assert_nonnull (ship);
  g_assert_cmpstr (ship->name, ==, "Kestrel!");
  /* The formations nothing changed in are written as they were. */
  g_assert_nonnull (strstr (import.data, "  <formation id=\"jade-line\" name=\"Jade Line\" "
                                         "faction=\"cetaganda\" sector=\"vervain-jump-point\"\n"
                                         "             flagship=\"celestial-harmony\" "
                                         "admiral=\"ghem-estif\">\n"));
}

/* F-GEN-5: a ship with no formation is in its admiral's pool, written after the formations
 * and keeping its id; a pool's ship with a command, hidden, with no admiral or in another
 * sector than the pool's first is refused with its line. */
static void
test_pool (void)
{
  g_autofree char *csv = export_of ("skirmish.admiralty");
  g_autofree char *pooled = NULL, *bad = NULL;
  g_autoptr(AdmScenario) scenario = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(Import) import;
  g_auto(Import) refused;
  AdmShip *ship;
  const char *formation, *pool;

  /* Star Creche Warden leaves the Autumn Screen for Estif's pool. */
  pooled = replace_once (csv, "ghem-Adm. Ilsum Estif,cetaganda,Autumn Screen,Star Creche "
                         "Warden,frigate,5,,vervain-jump-point,\n",
                         "ghem-Adm. Ilsum Estif,cetaganda,,Star Creche Warden,frigate,5,,"
                         "vervain-jump-point,\n");
  import_into (&import, "skirmish.admiralty", pooled, strlen (pooled));
  g_assert_no_error (import.error);
  scenario = adm_scenario_load_data (import.data, import.length, "new", &error);
  g_assert_no_error (error);
  ship = adm_scenario_lookup_ship (scenario, "star-creche");
  g_assert_nonnull (ship);
  g_assert_null (ship->formation);
  formation = strstr (import.data, "<formation id=\"autumn-screen\"");
  pool = strstr (import.data, "  <pool admiral=\"ghem-estif\" sector=\"vervain-jump-point\">\n"
                              "    <ship id=\"star-creche\" name=\"Star Creche Warden\" "
                              "class=\"frigate\" readiness=\"5\"/>\n  </pool>\n</scenario>");
  g_assert_nonnull (formation);
  g_assert_nonnull (pool);
  g_assert_true (formation < pool);

  bad = g_strconcat (pooled, "ghem-Adm. Ilsum Estif,cetaganda,,Bell Two,frigate,5,1,"
                     "vervain-jump-point,\n"
                     "ghem-Adm. Ilsum Estif,cetaganda,,Bell Three,frigate,5,,"
                     "vervain-jump-point,yes\n"
                     ",cetaganda,,Bell Four,frigate,5,,vervain-jump-point,\n"
                     "ghem-Adm. Ilsum Estif,cetaganda,,Bell Five,frigate,5,,pol-jump-point,\n",
                     NULL);
  import_into (&refused, "skirmish.admiralty", bad, strlen (bad));
  assert_problem (&refused, 15, "command", "a pool has no flagship or succession");
  assert_problem (&refused, 16, "hidden", "only a formation starts hidden");
  assert_problem (&refused, 17, "formation", "has no formation and no admiral");
  assert_problem (&refused, 18, "sector", "the pool of “ghem-Adm. Ilsum Estif” is in sector");
}

/* F-GEN-5: the scenario New Campaign… makes — a map and admirals, no formation yet, a draft
 * the loader refuses — takes its first order of battle from a Russian spreadsheet's CSV (a
 * BOM, ";", CRLF): pools and formations, the admirals it names added; the scenario then has
 * no problem, and one undo takes the whole import back. */
static void
test_new_scenario (void)
{
  g_autofree char *map = source_path ("tests/data/oob", "new-campaign.admiralty", NULL);
  g_autofree char *path = source_path ("tests/data/oob", "new-campaign.csv", NULL);
  g_autofree char *csv = file_contents (path);
  g_autoptr(AdmScenarioEdit) edit = NULL;
  g_autoptr(GPtrArray) before = NULL, after = NULL;
  g_autoptr(GBytes) original = NULL;
  g_autoptr(AdmScenario) scenario = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(Import) import;
  AdmShip *ship;

  g_assert_true (g_str_has_prefix (csv, "\xef\xbb\xbf" "admiral;faction;"));
  g_assert_nonnull (strstr (csv, "\r\n"));
  edit = adm_scenario_edit_open (map, &error);
  g_assert_no_error (error);
  original = g_bytes_ref (adm_scenario_edit_get_bytes (edit));
  before = adm_scenario_edit_check (edit);
  g_assert_cmpuint (before->len, >, 0);

  import_edit (&import, edit, csv, strlen (csv));
  g_assert_no_error (import.error);
  g_assert_cmpuint (import.summary.ships, ==, 59);
  g_assert_cmpuint (import.summary.formations, ==, 8);
  g_assert_cmpuint (import.summary.admirals_added, ==, 8);
  after = adm_scenario_edit_check (edit);
  g_assert_cmpuint (after->len, ==, 0);
  scenario = adm_scenario_load_data (import.data, import.length, "new-campaign", &error);
  g_assert_no_error (error);
  ship = adm_scenario_lookup_ship (scenario, "groznyi");
  g_assert_nonnull (ship);
  g_assert_null (ship->formation);
  g_assert_cmpstr (adm_scenario_lookup_formation (scenario, "zvezdnyi-konvoi")->name, ==,
                   "Звёздный конвой");
  g_assert_true (adm_scenario_lookup_formation (scenario, "zvezdnyi-konvoi")->hidden);

  g_assert_true (adm_scenario_edit_undo (edit));
  g_assert_true (g_bytes_equal (original, adm_scenario_edit_get_bytes (edit)));
}

/* The very first scenario of the editor (adm_scenario_edit_new (): one sector, no admiral) takes
 * an order of battle naming its sector. */
static void
test_first_scenario (void)
{
  const char *csv = HEADER "Adm. First,barrayar,Picket,Kestrel,vorpatril,6,1,Home sector,\n";
  g_autoptr(AdmScenarioEdit) edit = adm_scenario_edit_new ("forcon-2010", "New Campaign");
  g_autoptr(GPtrArray) problems = NULL;
  g_auto(Import) import;

  import_edit (&import, edit, csv, strlen (csv));
  g_assert_no_error (import.error);
  g_assert_cmpuint (import.summary.admirals_added, ==, 1);
  g_assert_nonnull (strstr (import.data, "  <admiral id=\"adm-first\" name=\"Adm. First\" "
                                         "faction=\"barrayar\"/>\n  <map>\n"));
  g_assert_nonnull (adm_scenario_edit_find (edit, "ship", "kestrel"));
}

/* Every problem of the CSV in one pass: the 7th ship of a formation whose 4th row has an unknown
 * class is refused with it (F-FORM-8), as are the formations that mix capital and escort ships. */
static void
test_one_pass (void)
{
  g_autofree char *map = source_path ("tests/data/oob", "new-campaign.admiralty", NULL);
  g_autofree char *path = source_path ("tests/data/oob", "new-campaign-mistakes.csv", NULL);
  g_autofree char *csv = file_contents (path);
  g_autoptr(AdmScenarioEdit) edit = adm_scenario_edit_open (map, NULL);
  g_auto(Import) import;

  g_assert_nonnull (edit);
  import_edit (&import, edit, csv, strlen (csv));
  assert_problem (&import, 29, "class", "unknown class “Vorpatrill”");
  assert_problem (&import, 32, "class", "“Бодрый” is ship 7 of formation “Вторая эскадра");
  assert_problem (&import, 24, "class", "mixes capital ship “Неустрашимый” with escort ship");
  g_assert_cmpuint (import.problems->len, ==, 22);
}

/* A NUL byte is named as one, on its line, not as text that is not UTF-8. */
static void
test_nul_byte (void)
{
  static const char csv[] = HEADER ",barrayar,A,K,frigate,5,1,pol-jump-point,\n"
                                   ",barrayar,A,L\0M,frigate,5,,pol-jump-point,\n";
  g_auto(Import) import;

  import_into (&import, "skirmish.admiralty", csv, sizeof csv - 1);
  assert_problem (&import, 3, NULL, "a NUL byte");
  g_assert_null (strstr (import.error->message, "UTF-8 text"));
  g_assert_true (g_str_has_prefix (import.error->message, "fleet.csv:3: a NUL byte"));
}

/* A quote opened and never closed is named by the line it opens on, though the rows after it
 * make a cell longer than ADM_OOB_MAX_FIELD bytes; one closed only far below names both. */
static void
test_unclosed_quote (void)
{
  g_autoptr(GString) open = g_string_new (HEADER ",barrayar,\"A,K,frigate,5,1,pol-jump-point,\n");
  g_autoptr(GString) late = NULL;
  g_auto(Import) a;
  g_auto(Import) b;

  for (guint i = 0; i < 60; i++)
    g_string_append_printf (open, ",barrayar,B,Ship %u,frigate,5,,pol-jump-point,\n", i);
  late = g_string_new (open->str);
  g_string_append (late, ",barrayar,\"C\",Last,frigate,5,,pol-jump-point,\n");
  import_into (&a, "skirmish.admiralty", open->str, open->len);
  assert_problem (&a, 2, NULL, "the quote opened at line 2 is never closed");
  g_assert_null (strstr (a.error->message, "longer than"));
  import_into (&b, "skirmish.admiralty", late->str, late->len);
  assert_problem (&b, 2, NULL, "the quote opened at line 2 is closed only at line 63");
}

/* A cell of spaces alone, quoted so that they are kept, is an empty one: a name must say
 * something. */
static void
test_blank_name (void)
{
  const char *csv = HEADER ",barrayar,\"   \",K,frigate,5,1,pol-jump-point,\n";
  g_auto(Import) import;

  import_into (&import, "skirmish.admiralty", csv, strlen (csv));
  assert_problem (&import, 2, "formation", "the column “formation” is empty");
}

/* Hostile files are refused or read in bounded time: 10,000 ships of one name are numbered in
 * one pass (ship, ship-2 … ship-10000), and a quote opened at the top of 8 MB of text is named
 * at once. */
static void
test_hostile (void)
{
  g_autoptr(GString) same = g_string_new (HEADER);
  g_autoptr(GString) quote = g_string_new (HEADER ",barrayar,\"A");
  g_auto(Import) a;
  g_auto(Import) b;

  for (guint i = 0; i < ADM_OOB_MAX_ROWS; i++)
    g_string_append_printf (same, "Adm. %u,barrayar,F%u,Ship,frigate,6,%s,s%u,\n", i / 50,
                            i / 5, i % 5 == 0 ? "1" : "", i / 5 % 16);
  import_into (&a, "oob/my-game-map.admiralty", same->str, same->len);
  g_assert_no_error (a.error);
  g_assert_nonnull (strstr (a.data, "<ship id=\"ship-10000\" name=\"Ship\""));

  while (quote->len < 8 * 1024 * 1024)
    g_string_append (quote, "no quote closes this,");
  import_into (&b, "skirmish.admiralty", quote->str, quote->len);
  assert_problem (&b, 2, NULL, "the quote opened at line 2 is never closed");
}

/* Ids from names: lower case, dashes, Latin letters without accents, Russian letters in
 * Latin ones. */
static void
test_id_from_name (void)
{
  static const char *const cases[][2] = {
    { "First Squadron, Home Fleet", "first-squadron-home-fleet" },
    { "Jackson's Whole", "jacksons-whole" },
    { "  Émile  Zoë -- Straße ", "emile-zoe-strasse" },
    { "Первая эскадра", "pervaia-eskadra" },
    { "Ёж и Щука", "ezh-i-shchuka" },
    { "!!!", "" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *id = adm_id_from_name (cases[i][0]);

      g_assert_cmpstr (id, ==, cases[i][1]);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_data_func ("/engine/oob/round-trip/komarr", "komarr-campaign.admiralty",
                        test_round_trip);
  g_test_add_data_func ("/engine/oob/round-trip/skirmish", "skirmish.admiralty",
                        test_round_trip);
  g_test_add_data_func ("/engine/oob/round-trip/F-GEN-5/muster", "komarr-muster.admiralty",
                        test_round_trip);
  g_test_add_func ("/engine/oob/F-GEN-5/pool", test_pool);
  g_test_add_func ("/engine/oob/F-GEN-5/new-scenario", test_new_scenario);
  g_test_add_func ("/engine/oob/first-scenario", test_first_scenario);
  g_test_add_func ("/engine/oob/F-FORM-8/one-pass", test_one_pass);
  g_test_add_func ("/engine/oob/csv/nul-byte", test_nul_byte);
  g_test_add_func ("/engine/oob/csv/unclosed-quote", test_unclosed_quote);
  g_test_add_func ("/engine/oob/csv/blank-name", test_blank_name);
  g_test_add_func ("/engine/oob/csv/hostile", test_hostile);
  g_test_add_func ("/engine/oob/csv/bom-semicolon-crlf", test_bom_semicolon_crlf);
  g_test_add_data_func ("/engine/oob/csv/bom", "bom", test_dialect);
  g_test_add_data_func ("/engine/oob/csv/semicolon", "semicolon", test_dialect);
  g_test_add_data_func ("/engine/oob/csv/crlf", "crlf", test_dialect);
  g_test_add_func ("/engine/oob/csv/quoting", test_quoting);
  g_test_add_func ("/engine/oob/csv/quoted-line-break", test_quoted_line_break);
  g_test_add_func ("/engine/oob/csv/columns", test_columns);
  g_test_add_func ("/engine/oob/csv/malformed-quoting", test_malformed_quoting);
  g_test_add_func ("/engine/oob/csv/unquoted-separator", test_unquoted_separator);
  g_test_add_func ("/engine/oob/csv/too-long", test_too_long);
  g_test_add_func ("/engine/oob/csv/too-many-rows", test_too_many_rows);
  g_test_add_func ("/engine/oob/csv/huge-file", test_huge_file);
  g_test_add_func ("/engine/oob/F-RDY-1/readiness", test_readiness);
  g_test_add_func ("/engine/oob/unknown-names", test_unknown_names);
  g_test_add_func ("/engine/oob/F-FORM-8/seventh-ship", test_seventh_ship);
  g_test_add_func ("/engine/oob/F-FORM-4/F-FORM-5/command", test_command);
  g_test_add_func ("/engine/oob/disagreeing-rows", test_disagreeing_rows);
  g_test_add_func ("/engine/oob/my-game", test_my_game);
  g_test_add_func ("/engine/oob/ids-kept", test_ids_kept);
  g_test_add_func ("/engine/oob/season-kept", test_season_kept);
  g_test_add_func ("/engine/oob/id-from-name", test_id_from_name);

  return g_test_run ();
}
