/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-oob.c: the order of battle of a scenario read from a spreadsheet's CSV and written as
 * one.
 *
 * Reading goes in three steps, and nothing is changed unless all of them pass: the CSV is
 * split into rows (RFC 4180: quoted cells, "" for a quote, the separator and line breaks
 * inside quotes; a UTF-8 BOM, "," or ";", CRLF); each row is checked against the scenario
 * (classes and factions of its ruleset, sectors of its map, its admirals, F-FORM-4, -5 and
 * -8), every problem collected with its line; the new file is written — the scenario's bytes
 * as they were, its formations replaced, admirals added — and loaded by the scenario loader,
 * the one check every scenario file passes. */

#include "config.h"

#include <errno.h>
#include <sys/stat.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "adm-id.h"
#include "adm-oob.h"
#include "adm-xml.h"

G_DEFINE_QUARK (adm-oob-error-quark, adm_oob_error)

typedef enum {
  COLUMN_ADMIRAL,
  COLUMN_FACTION,
  COLUMN_FORMATION,
  COLUMN_SHIP,
  COLUMN_CLASS,
  COLUMN_READINESS,
  COLUMN_COMMAND,
  COLUMN_SECTOR,
  COLUMN_HIDDEN,
  /* Optional: what an earlier war left of a ship (a scenario made from a campaign). */
  COLUMN_DAMAGE,
  COLUMN_CRITICALS,
  N_COLUMNS
} Column;

/* The first column a header may leave out. */
#define FIRST_OPTIONAL COLUMN_DAMAGE

const char *const adm_oob_columns[] = {
  "admiral", "faction", "formation", "ship", "class", "readiness", "command", "sector",
  "hidden", "damage", "criticals", NULL
};

void
adm_oob_problem_free (AdmOobProblem *problem)
{
  if (problem == NULL)
    return;
  g_free (problem->column);
  g_free (problem->message);
  g_free (problem);
}

/* ---- The model: formations as the file has them ---- */

typedef struct {
  char *id;
  char *name;
  char *klass;      /* the class's id */
  int   readiness;
  int   damage;     /* F-CRIT-5: hull points lost, 0 none */
  char *criticals;  /* F-CRIT-20: "5 7 7", or NULL for none */
  guint command;    /* 1 flagship, 2… succession, 0 neither (CSV rows) */
  guint line;       /* of the CSV */
} Ship;

typedef struct {
  char      *id;
  char      *name;
  char      *faction;     /* ids */
  char      *sector;
  char      *admiral;     /* NULL for none */
  gboolean   hidden;
  GPtrArray *ships;       /* Ship* */
  char      *flagship;    /* the ship's id */
  GPtrArray *succession;  /* char*, ship ids */
  guint      line;        /* the CSV line of its first row */
  char      *admiral_key; /* the CSV's admiral: "" none, "=ID" the scenario's, "+NAME" new */
  const char *admiral_name; /* a new admiral's name, as the CSV has it */
  const char *admiral_text; /* the admiral cell of its first row */
  gboolean   refused;     /* its first row was: the rows after it are not compared to it */
  GPtrArray *composition; /* AdmShip*, for adm_formation_composition_problem () */
  gboolean   pool;        /* an admiral's pool (F-GEN-5): no id, name, flagship or hidden */
  gboolean   command_refused; /* a row's command cell was: its command is not checked */
} Formation;

static void
ship_free (gpointer data)
{
  Ship *ship = data;

  g_free (ship->id);
  g_free (ship->name);
  g_free (ship->klass);
  g_free (ship->criticals);
  g_free (ship);
}

static void
formation_free (gpointer data)
{
  Formation *formation = data;

  g_free (formation->id);
  g_free (formation->name);
  g_free (formation->faction);
  g_free (formation->sector);
  g_free (formation->admiral);
  g_free (formation->flagship);
  g_free (formation->admiral_key);
  g_ptr_array_unref (formation->ships);
  g_ptr_array_unref (formation->succession);
  g_clear_pointer (&formation->composition, g_ptr_array_unref);
  g_free (formation);
}

static Formation *
formation_new (void)
{
  Formation *formation = g_new0 (Formation, 1);

  formation->ships = g_ptr_array_new_with_free_func (ship_free);
  formation->succession = g_ptr_array_new_with_free_func (g_free);
  return formation;
}

/* The formation (or pool) of the scenario's element @node, which its loader has accepted; a
 * pool's faction is its admiral's, not read here. */
static Formation *
formation_from_node (xmlNode *node)
{
  Formation *formation = formation_new ();
  xmlNode *succession;

  formation->pool = adm_xml_is (node, "pool");
  formation->id = adm_xml_get_string (node, "id");
  formation->name = adm_xml_get_string (node, "name");
  formation->faction = adm_xml_get_string (node, "faction");
  formation->sector = adm_xml_get_string (node, "sector");
  formation->admiral = adm_xml_get_string (node, "admiral");
  formation->flagship = adm_xml_get_string (node, "flagship");
  formation->hidden = adm_xml_get_boolean (node, "hidden", FALSE);
  for (xmlNode *child = adm_xml_first_element (node, "ship"); child != NULL;
       child = adm_xml_next_element (child, "ship"))
    {
      Ship *ship = g_new0 (Ship, 1);

      ship->id = adm_xml_get_string (child, "id");
      ship->name = adm_xml_get_string (child, "name");
      ship->klass = adm_xml_get_string (child, "class");
      if (!adm_xml_get_int (child, "readiness", TRUE, 0, &ship->readiness, "", NULL))
        ship->readiness = -1;
      if (!adm_xml_get_int (child, "damage", FALSE, 0, &ship->damage, "", NULL))
        ship->damage = 0;
      ship->criticals = adm_xml_get_string (child, "criticals");
      g_ptr_array_add (formation->ships, ship);
    }
  succession = adm_xml_first_element (node, "succession");
  if (succession != NULL)
    {
      g_autofree char *list = adm_xml_get_string (succession, "ships");
      g_auto(GStrv) ids = g_strsplit_set (list != NULL ? list : "", " \t\r\n", -1);

      for (guint i = 0; ids[i] != NULL; i++)
        if (ids[i][0] != '\0')
          g_ptr_array_add (formation->succession, g_strdup (ids[i]));
    }
  return formation;
}

/* ---- Problems ---- */

typedef struct {
  const char *csv_name;
  GPtrArray  *problems;   /* AdmOobProblem* */
  guint       more;       /* beyond ADM_OOB_MAX_PROBLEMS */
} Problems;

static void problem_add (Problems *problems, guint line, Column column, const char *format,
                         ...) G_GNUC_PRINTF (4, 5);

#define NO_COLUMN N_COLUMNS

static void
problem_add (Problems   *problems,
             guint       line,
             Column      column,
             const char *format,
             ...)
{
  AdmOobProblem *problem;
  va_list args;

  if (problems->problems->len >= ADM_OOB_MAX_PROBLEMS)
    {
      problems->more++;
      return;
    }
  problem = g_new0 (AdmOobProblem, 1);
  problem->line = line;
  problem->column = column < N_COLUMNS ? g_strdup (adm_oob_columns[column]) : NULL;
  va_start (args, format);
  problem->message = g_strdup_vprintf (format, args);
  va_end (args);
  g_ptr_array_add (problems->problems, problem);
}

/* "FILE:LINE: problem" of the first problem, and how many more there are. */
static void
problems_set_error (Problems  *problems,
                    GError   **error)
{
  AdmOobProblem *first = g_ptr_array_index (problems->problems, 0);
  guint others = problems->problems->len - 1 + problems->more;
  g_autofree char *where = first->line > 0
                           ? g_strdup_printf ("%s:%u", problems->csv_name, first->line)
                           : g_strdup (problems->csv_name);

  if (others == 0)
    g_set_error (error, ADM_OOB_ERROR, ADM_OOB_ERROR_REFUSED, "%s: %s", where, first->message);
  else
    g_set_error (error, ADM_OOB_ERROR, ADM_OOB_ERROR_REFUSED,
                 g_dngettext (GETTEXT_PACKAGE, "%s: %s (and %u more problem)",
                              "%s: %s (and %u more problems)", others),
                 where, first->message, others);
}

/* ---- Reading the CSV ---- */

typedef struct {
  guint  line;
  GStrv  cells;
  guint  n_cells;
} Row;

static void
row_clear (Row *row)
{
  g_strfreev (row->cells);
}

typedef struct {
  const char *p;
  const char *end;
  char        separator;
  guint       line;
  Problems   *problems;
} Reader;

/* The line of @at in @data, from 1. */
static guint
line_of (const char *data,
         const char *at)
{
  guint line = 1;

  for (const char *p = data; p < at; p++)
    line += *p == '\n';
  return line;
}

/* The separator: ";" (a Russian spreadsheet's) when the header line holds more of them than
 * commas outside quotes, "," otherwise. */
static char
detect_separator (const char *p,
                  const char *end)
{
  guint commas = 0, semicolons = 0;
  gboolean quoted = FALSE;

  for (; p < end && (quoted || (*p != '\n' && *p != '\r')); p++)
    if (*p == '"')
      quoted = !quoted;
    else if (!quoted)
      {
        commas += *p == ',';
        semicolons += *p == ';';
      }
  return semicolons > commas ? ';' : ',';
}

/* The quote that closes a quoted cell whose text goes on at @p, or NULL when none does. */
static const char *
closing_quote (const char *p,
               const char *end)
{
  for (; p < end; p++)
    if (*p == '"')
      {
        if (p + 1 < end && p[1] == '"')
          p++;
        else
          return p;
      }
  return NULL;
}

/* A quoted cell opened at @start_line that runs past ADM_OOB_MAX_FIELD bytes at the reader:
 * most likely a quote never closed, which has taken the rows after it into one cell. */
static void
quoted_too_long (Reader *reader,
                 guint   start_line)
{
  const char *close = closing_quote (reader->p, reader->end);

  if (close == NULL)
    problem_add (reader->problems, start_line, NO_COLUMN,
                 _("the quote opened at line %u is never closed: the file ends before a quote "
                   "that closes it; a quote inside a cell is written twice (\"\")"), start_line);
  else
    problem_add (reader->problems, start_line, NO_COLUMN,
                 _("the quote opened at line %u is closed only at line %u, the cell between "
                   "them longer than %d bytes: is the quote that closes it missing?"),
                 start_line, reader->line + line_of (reader->p, close) - 1, ADM_OOB_MAX_FIELD);
}

/* The cell at the reader into @cell; FALSE after adding a problem when it is malformed. */
static gboolean
read_cell (Reader  *reader,
           guint    row_line,
           GString *cell)
{
  if (reader->p < reader->end && *reader->p == '"')
    {
      guint start_line = reader->line;

      reader->p++;
      for (;;)
        {
          if (reader->p >= reader->end)
            {
              problem_add (reader->problems, start_line, NO_COLUMN,
                           _("the quote opened at line %u is never closed: the file ends "
                             "before a quote that closes it; a quote inside a cell is written "
                             "twice (\"\")"), start_line);
              return FALSE;
            }
          if (*reader->p == '"')
            {
              if (reader->p + 1 < reader->end && reader->p[1] == '"')
                reader->p++;
              else
                break;
            }
          reader->line += *reader->p == '\n';
          g_string_append_c (cell, *reader->p++);
          if (cell->len > ADM_OOB_MAX_FIELD)
            {
              quoted_too_long (reader, start_line);
              return FALSE;
            }
        }
      reader->p++;
      if (reader->p < reader->end && *reader->p != reader->separator && *reader->p != '\n' &&
          *reader->p != '\r')
        {
          if (reader->line != start_line)
            problem_add (reader->problems, reader->line, NO_COLUMN,
                         _("the quote opened at line %u closes only here, and the cell goes on "
                           "after it: is the quote that closes it missing on line %u?"),
                         start_line, start_line);
          else
            problem_add (reader->problems, reader->line, NO_COLUMN,
                         _("a quoted cell goes on after its closing quote; a quote inside a "
                           "quoted cell is written twice (\"\")"));
          return FALSE;
        }
      return TRUE;
    }

  while (reader->p < reader->end && *reader->p != reader->separator && *reader->p != '\n' &&
         *reader->p != '\r')
    {
      if (*reader->p == '"')
        {
          problem_add (reader->problems, reader->line, NO_COLUMN,
                       _("a quote inside a cell that does not start with one; quote the whole "
                         "cell and write the quote twice (\"\")"));
          return FALSE;
        }
      g_string_append_c (cell, *reader->p++);
      if (cell->len > ADM_OOB_MAX_FIELD)
        goto too_long;
    }
  g_strstrip (cell->str);
  g_string_set_size (cell, strlen (cell->str));
  return TRUE;

too_long:
  problem_add (reader->problems, row_line, NO_COLUMN,
               _("a cell is longer than %d bytes"), ADM_OOB_MAX_FIELD);
  return FALSE;
}

/* The next row into @row; FALSE at the end of the file or, after adding a problem, at a
 * malformed one (nothing after it is read: where its cells end is unknown). */
static gboolean
read_row (Reader   *reader,
          Row      *row,
          gboolean *malformed)
{
  g_autoptr(GPtrArray) cells = g_ptr_array_new_with_free_func (g_free);

  if (reader->p >= reader->end)
    return FALSE;
  row->line = reader->line;
  for (;;)
    {
      g_autoptr(GString) cell = g_string_new (NULL);

      if (!read_cell (reader, row->line, cell))
        {
          *malformed = TRUE;
          return FALSE;
        }
      g_ptr_array_add (cells, g_string_free (g_steal_pointer (&cell), FALSE));
      if (cells->len > ADM_OOB_MAX_FIELDS)
        {
          problem_add (reader->problems, row->line, NO_COLUMN,
                       _("the row has more than %d cells"), ADM_OOB_MAX_FIELDS);
          *malformed = TRUE;
          return FALSE;
        }
      if (reader->p >= reader->end)
        break;
      if (*reader->p == reader->separator)
        {
          reader->p++;
          continue;
        }
      /* A line end: "\r\n", "\n" or a lone "\r". */
      if (*reader->p == '\r')
        reader->p++;
      if (reader->p < reader->end && *reader->p == '\n')
        reader->p++;
      reader->line++;
      break;
    }
  row->n_cells = cells->len;
  g_ptr_array_add (cells, NULL);
  row->cells = (GStrv) g_ptr_array_free (g_steal_pointer (&cells), FALSE);
  return TRUE;
}

static gboolean
row_is_blank (const Row *row)
{
  for (guint i = 0; i < row->n_cells; i++)
    if (row->cells[i][0] != '\0')
      return FALSE;
  return TRUE;
}

/* The header: which cell holds each column (-1: none yet). */
static gboolean
read_header (const Row *header,
             int        columns[N_COLUMNS],
             Problems  *problems)
{
  gboolean ok = TRUE;

  for (guint c = 0; c < N_COLUMNS; c++)
    columns[c] = -1;
  for (guint i = 0; i < header->n_cells; i++)
    {
      g_autofree char *name = g_utf8_strdown (header->cells[i], -1);
      guint c;

      /* An empty header cell: a column the spreadsheet left, read as nothing. */
      if (name[0] == '\0')
        continue;
      for (c = 0; c < N_COLUMNS && !g_str_equal (name, adm_oob_columns[c]); c++)
        ;
      if (c == N_COLUMNS)
        {
          problem_add (problems, header->line, NO_COLUMN,
                       _("unknown column “%s”; the columns are admiral, faction, formation, "
                         "ship, class, readiness, command, sector and hidden, and damage and "
                         "criticals for a ship an earlier war left worn"),
                       header->cells[i]);
          ok = FALSE;
        }
      else if (columns[c] >= 0)
        {
          problem_add (problems, header->line, c, _("the column “%s” is there twice"),
                       adm_oob_columns[c]);
          ok = FALSE;
        }
      else
        columns[c] = (int) i;
    }
  for (guint c = 0; c < FIRST_OPTIONAL; c++)
    if (columns[c] < 0)
      {
        g_autoptr(GString) missing = g_string_new (NULL);
        Column first = c;

        for (; c < FIRST_OPTIONAL; c++)
          if (columns[c] < 0)
            g_string_append_printf (missing, "%s“%s”", missing->len > 0 ? ", " : "",
                                    adm_oob_columns[c]);
        problem_add (problems, header->line, first,
                     _("the header lacks the columns %s; the columns are admiral, faction, "
                       "formation, ship, class, readiness, command, sector and hidden"),
                     missing->str);
        ok = FALSE;
      }
  return ok;
}

/* The rows of @csv after its header, blank ones left out, into @rows (Row); the header's
 * columns into @columns. FALSE with problems added when the file is not one to read on. */
static gboolean
read_csv (const char *csv,
          gsize       length,
          int         columns[N_COLUMNS],
          GArray     *rows,
          Problems   *problems)
{
  Reader reader = { csv, csv + length, ',', 1, problems };
  Row header = { 0, NULL, 0 };
  gboolean malformed = FALSE;
  const char *bad;
  Row row;

  if (length > ADM_OOB_MAX_SIZE)
    {
      problem_add (problems, 0, NO_COLUMN, _("the file is larger than %d MiB"),
                   ADM_OOB_MAX_SIZE / (1024 * 1024));
      return FALSE;
    }
  /* UTF-16, a spreadsheet's "Unicode text", is named as such: its bytes are half zeros. */
  if (length >= 2 && (memcmp (csv, "\xff\xfe", 2) == 0 || memcmp (csv, "\xfe\xff", 2) == 0))
    {
      problem_add (problems, 1, NO_COLUMN,
                   _("the file is UTF-16 text (“Unicode text”); save the spreadsheet as "
                     "“CSV UTF-8”"));
      return FALSE;
    }
  if ((bad = memchr (csv, '\0', length)) != NULL)
    {
      problem_add (problems, line_of (csv, bad), NO_COLUMN,
                   _("a NUL byte (a byte of zero), which no text holds: this is not a CSV file "
                     "as a spreadsheet saves it; save the spreadsheet as “CSV UTF-8”"));
      return FALSE;
    }
  if (!g_utf8_validate_len (csv, length, &bad))
    {
      problem_add (problems, line_of (csv, bad), NO_COLUMN,
                   _("the file is not UTF-8 text; save the spreadsheet as “CSV UTF-8”"));
      return FALSE;
    }
  if (length >= 3 && memcmp (csv, "\xef\xbb\xbf", 3) == 0)
    reader.p += 3;
  reader.separator = detect_separator (reader.p, reader.end);

  while (read_row (&reader, &header, &malformed) && row_is_blank (&header))
    g_clear_pointer (&header.cells, g_strfreev);
  if (header.cells == NULL)
    {
      if (!malformed)
        problem_add (problems, 0, NO_COLUMN,
                     _("the file is empty; it needs a header row naming the columns admiral, "
                       "faction, formation, ship, class, readiness, command, sector and "
                       "hidden, and a row for each ship"));
      return FALSE;
    }
  if (!read_header (&header, columns, problems))
    {
      row_clear (&header);
      return FALSE;
    }
  row_clear (&header);

  while (read_row (&reader, &row, &malformed))
    {
      if (row_is_blank (&row))
        {
          row_clear (&row);
          continue;
        }
      /* A cell past the header's: most likely a name holding the separator, unquoted, which
       * has moved every cell after it one column on — even when the last is empty. A
       * spreadsheet writes every row with as many cells as the header. */
      if (row.n_cells > header.n_cells)
        {
          problem_add (problems, row.line, NO_COLUMN,
                       _("the row has %u cells and the header %u: a cell holding “%c” must be "
                         "quoted"), row.n_cells, header.n_cells, reader.separator);
          row_clear (&row);
          continue;
        }
      if (rows->len == ADM_OOB_MAX_ROWS)
        {
          problem_add (problems, row.line, NO_COLUMN,
                       _("more than %d ships; an order of battle holds at most %d rows"),
                       ADM_OOB_MAX_ROWS, ADM_OOB_MAX_ROWS);
          row_clear (&row);
          return FALSE;
        }
      g_array_append_val (rows, row);
    }
  return !malformed;
}

/* ---- Checking the rows against the scenario ---- */

typedef struct {
  xmlNode     *scenario;     /* the <scenario> element */
  AdmRuleset  *ruleset;
  const char  *ruling;       /* "formation-composition" */
  Problems    *problems;
  GHashTable  *sectors;      /* id and name (the file's) → id */
  GHashTable  *admirals;     /* name and id (the file's) → xmlNode* of <admiral> */
  GHashTable  *new_admirals; /* name → Formation* that first names it (its faction) */
  GPtrArray   *new_admiral_names; /* char*, borrowed, in order */
  GPtrArray   *formations;   /* Formation*, in order of their first row */
  GHashTable  *formation_by_name;
  GHashTable  *pool_by_admiral; /* admiral_key () → Formation* of his pool */
  GPtrArray   *fake_ships;   /* AdmShip*, owned: for the composition rule */
} Check;

static const char *
cell (const Row *row,
      const int  columns[N_COLUMNS],
      Column     column)
{
  return (guint) columns[column] < row->n_cells ? row->cells[columns[column]] : "";
}

/* The id of the class @text names (its id or, in any case, its name), or NULL. */
static const AdmShipClass *
find_class (Check      *check,
            const char *text)
{
  const AdmShipClass *klass = adm_ruleset_lookup_class (check->ruleset, text);
  GPtrArray *classes;
  g_autofree char *folded = NULL;

  if (klass != NULL)
    return klass;
  folded = g_utf8_casefold (text, -1);
  classes = adm_ruleset_get_classes (check->ruleset);
  for (guint i = 0; i < classes->len; i++)
    {
      const AdmShipClass *other = g_ptr_array_index (classes, i);
      g_autofree char *id = g_utf8_casefold (other->id, -1);
      g_autofree char *name = g_utf8_casefold (other->name, -1);

      if (g_str_equal (folded, id) || g_str_equal (folded, name))
        return other;
    }
  return NULL;
}

static const AdmFaction *
find_faction (Check      *check,
              const char *text)
{
  const AdmFaction *faction = adm_ruleset_lookup_faction (check->ruleset, text);
  GPtrArray *factions;
  g_autofree char *folded = NULL;

  if (faction != NULL)
    return faction;
  folded = g_utf8_casefold (text, -1);
  factions = adm_ruleset_get_factions (check->ruleset);
  for (guint i = 0; i < factions->len; i++)
    {
      const AdmFaction *other = g_ptr_array_index (factions, i);
      g_autofree char *id = g_utf8_casefold (other->id, -1);
      g_autofree char *name = g_utf8_casefold (other->name, -1);

      if (g_str_equal (folded, id) || g_str_equal (folded, name))
        return other;
    }
  return NULL;
}

/* Whether the cell of @column has something in it other than white space (a quoted cell keeps
 * its spaces, and a name of spaces alone is none); a problem otherwise. */
static gboolean
present (Check      *check,
         guint       line,
         Column      column,
         const char *text)
{
  for (const char *p = text; *p != '\0'; p++)
    if (!g_ascii_isspace (*p))
      return TRUE;
  problem_add (check->problems, line, column, _("the column “%s” is empty"),
               adm_oob_columns[column]);
  return FALSE;
}

/* A name the scenario can hold (scenario.rng's scenario.name: not blank, one line, and
 * characters XML allows); else a problem about @column. */
static gboolean
check_name (Check      *check,
            guint       line,
            Column      column,
            const char *text)
{
  if (!present (check, line, column, text))
    return FALSE;
  if (strpbrk (text, "\r\n") != NULL)
    {
      problem_add (check->problems, line, column,
                   _("column “%s”: “%s” runs over more than one line"),
                   adm_oob_columns[column], text);
      return FALSE;
    }
  if (adm_xml_first_bad_char (text) != 0)
    {
      problem_add (check->problems, line, column,
                   _("column “%s”: “%s” holds a control character"), adm_oob_columns[column],
                   text);
      return FALSE;
    }
  return TRUE;
}

/* "" "0" "no" "false" or "1" "yes" "true", in any case, and Russian "да" and "нет". */
static gboolean
parse_hidden (const char *text,
              gboolean   *hidden)
{
  static const char *const no[] = { "", "0", "no", "false", "нет", NULL };
  static const char *const yes[] = { "1", "yes", "true", "да", NULL };
  g_autofree char *lower = g_utf8_strdown (text, -1);

  if (g_strv_contains (no, lower))
    *hidden = FALSE;
  else if (g_strv_contains (yes, lower))
    *hidden = TRUE;
  else
    return FALSE;
  return TRUE;
}

/* F-RDY-1: readiness 0–12, digits only. */
static gboolean
parse_readiness (const char *text,
                 int        *readiness)
{
  guint64 value;

  if (!g_ascii_string_to_unsigned (text, 10, ADM_READINESS_MIN, ADM_READINESS_MAX, &value,
                                   NULL) || text[0] == '+')
    return FALSE;
  *readiness = (int) value;
  return TRUE;
}

/* F-CRIT-5: the hull points @klass's ship has lost, empty for none: 0 to one fewer than its
 * hull (a ship afloat), digits only; @klass NULL (its class refused), any such number. */
static gboolean
parse_damage (const char         *text,
              const AdmShipClass *klass,
              int                *damage)
{
  guint64 value;

  *damage = 0;
  if (text[0] == '\0')
    return TRUE;
  if (!g_ascii_string_to_unsigned (text, 10, 0,
                                   klass != NULL ? (guint64) MAX (klass->hull - 1, 0) : 999,
                                   &value, NULL) || text[0] == '+')
    return FALSE;
  *damage = (int) value;
  return TRUE;
}

/* F-CRIT-20: the unrepaired critical results of @text ("5 7 7", any white space between),
 * written with one space between them into @criticals, NULL for none; FALSE when one is not
 * a result 2 to 12, or there are too many. */
static gboolean
parse_criticals (const char  *text,
                 char       **criticals)
{
  int counts[ADM_SHIP_CRITICAL_RESULTS] = { 0 };
  g_autofree char *bad = NULL;
  g_auto(GStrv) words = NULL;
  g_autoptr(GString) joined = g_string_new (NULL);

  *criticals = NULL;
  if (!adm_criticals_parse (text, counts, &bad))
    return FALSE;
  words = g_strsplit_set (text, " \t", -1);
  for (guint i = 0; words[i] != NULL; i++)
    if (words[i][0] != '\0')
      g_string_append_printf (joined, "%s%s", joined->len > 0 ? " " : "", words[i]);
  if (joined->len > 0)
    *criticals = g_string_free (g_steal_pointer (&joined), FALSE);
  return TRUE;
}

/* The admiral of @row: an id of the scenario's admirals, or NULL with the new one's name in
 * @formation; FALSE after a problem. */
static gboolean
check_admiral (Check      *check,
               const Row  *row,
               const char *text,
               const char *faction,
               Formation  *formation)
{
  xmlNode *node;
  Formation *first;

  if (text[0] == '\0')
    return TRUE;
  if (!check_name (check, row->line, COLUMN_ADMIRAL, text))
    return FALSE;
  node = g_hash_table_lookup (check->admirals, text);
  if (node != NULL)
    {
      g_autofree char *id = adm_xml_get_string (node, "id");
      g_autofree char *name = adm_xml_get_string (node, "name");
      g_autofree char *serves = adm_xml_get_string (node, "faction");

      if (g_strcmp0 (serves, faction) != 0)
        {
          problem_add (check->problems, row->line, COLUMN_ADMIRAL,
                       _("admiral “%s” serves %s in the scenario, not %s"), name, serves,
                       faction);
          return FALSE;
        }
      formation->admiral = g_steal_pointer (&id);
      return TRUE;
    }
  first = g_hash_table_lookup (check->new_admirals, text);
  if (first != NULL && !g_str_equal (first->faction, faction))
    {
      problem_add (check->problems, row->line, COLUMN_ADMIRAL,
                   _("admiral “%s” commands %s formation “%s” (line %u) and here a %s one"),
                   text, first->faction, first->name, first->line, faction);
      return FALSE;
    }
  if (first == NULL)
    {
      g_hash_table_insert (check->new_admirals, (gpointer) text, formation);
      g_ptr_array_add (check->new_admiral_names, (gpointer) text);
    }
  formation->admiral_name = text;
  return TRUE;
}

/* F-FORM-8 under the ruling "formation-composition": whether @ship may join @formation, by
 * the scenario loader's own rule; a problem on @line otherwise. A ship whose class is refused
 * (NULL @klass) still counts as a ship, so that the 7th row of a formation is refused with
 * the 4th's unknown class in the same pass. */
static gboolean
check_composition (Check              *check,
                   Formation          *formation,
                   const char         *name,
                   const AdmShipClass *klass,
                   guint               line)
{
  AdmShip *ship = g_new0 (AdmShip, 1);
  g_autofree char *problem = NULL;

  ship->name = g_strdup (name);
  ship->klass = klass;
  g_ptr_array_add (check->fake_ships, ship);
  if (formation->composition == NULL)
    formation->composition = g_ptr_array_new ();
  g_ptr_array_add (formation->composition, ship);
  problem = adm_formation_composition_problem (check->ruling,
                                               adm_ruleset_get_formation_ships (check->ruleset),
                                               formation->name, formation->composition);
  if (problem == NULL)
    return TRUE;
  g_ptr_array_remove_index (formation->composition, formation->composition->len - 1);
  problem_add (check->problems, line, COLUMN_CLASS, "%s", problem);
  return FALSE;
}

/* The admiral @text names, the same for every way of naming him: "" for none, "=ID" for one
 * of the scenario (by name or id), "+NAME" for a new one. */
static char *
admiral_key (Check      *check,
             const char *text)
{
  xmlNode *node;
  g_autofree char *id = NULL;

  if (text[0] == '\0')
    return g_strdup ("");
  node = g_hash_table_lookup (check->admirals, text);
  if (node == NULL)
    return g_strconcat ("+", text, NULL);
  id = adm_xml_get_string (node, "id");
  return g_strconcat ("=", id, NULL);
}

/* The formation @row belongs to, made at its first row; NULL after a problem when the row
 * disagrees with that first one. */
static Formation *
row_formation (Check       *check,
               const Row   *row,
               const int    columns[N_COLUMNS],
               const char  *faction,
               const char  *sector,
               gboolean     hidden)
{
  const char *name = cell (row, columns, COLUMN_FORMATION);
  const char *admiral = cell (row, columns, COLUMN_ADMIRAL);
  Formation *formation = g_hash_table_lookup (check->formation_by_name, name);
  g_autofree char *key = admiral_key (check, admiral);

  if (formation == NULL)
    {
      formation = formation_new ();
      formation->name = g_strdup (name);
      formation->faction = g_strdup (faction);
      formation->sector = g_strdup (sector);
      formation->hidden = hidden;
      formation->line = row->line;
      formation->admiral_key = g_steal_pointer (&key);
      formation->admiral_text = admiral;
      g_ptr_array_add (check->formations, formation);
      g_hash_table_insert (check->formation_by_name, formation->name, formation);
      if (!check_admiral (check, row, admiral, faction, formation))
        {
          formation->refused = TRUE;
          return NULL;
        }
      return formation;
    }
  if (formation->refused)
    return NULL;
  /* The formation's rows agree on what is the formation's. */
  if (!g_str_equal (formation->faction, faction))
    problem_add (check->problems, row->line, COLUMN_FACTION,
                 _("formation “%s” is of %s (line %u), not of %s"), name, formation->faction,
                 formation->line, faction);
  else if (!g_str_equal (formation->sector, sector))
    problem_add (check->problems, row->line, COLUMN_SECTOR,
                 _("formation “%s” is in sector “%s” (line %u), not in “%s”"), name,
                 formation->sector, formation->line, sector);
  else if (formation->hidden != hidden)
    problem_add (check->problems, row->line, COLUMN_HIDDEN,
                 formation->hidden ? _("formation “%s” is hidden (line %u); this row says it "
                                       "is not")
                                   : _("formation “%s” is not hidden (line %u); this row says "
                                       "it is"), name, formation->line);
  else if (!g_str_equal (formation->admiral_key, key) && formation->admiral_key[0] == '\0')
    problem_add (check->problems, row->line, COLUMN_ADMIRAL,
                 _("formation “%s” has no admiral (line %u), not “%s”"), name, formation->line,
                 admiral);
  else if (!g_str_equal (formation->admiral_key, key))
    problem_add (check->problems, row->line, COLUMN_ADMIRAL,
                 _("formation “%s” has admiral “%s” (line %u), not “%s”"), name,
                 formation->admiral_text, formation->line, admiral[0] != '\0' ? admiral
                 : _("none"));
  else
    return formation;
  return NULL;
}

/* F-GEN-5: the pool of the admiral @row names, made at its first row; NULL after a problem:
 * a pool has an admiral, no command and nothing hidden, and its rows agree on its sector. */
static Formation *
row_pool (Check       *check,
          const Row   *row,
          const int    columns[N_COLUMNS],
          const char  *faction,
          const char  *sector,
          gboolean     hidden,
          guint64      command)
{
  const char *admiral = cell (row, columns, COLUMN_ADMIRAL);
  g_autofree char *key = NULL;
  Formation *pool;

  if (admiral[0] == '\0')
    {
      problem_add (check->problems, row->line, COLUMN_FORMATION,
                   _("ship “%s” has no formation and no admiral: a ship outside the "
                     "formations is in its admiral’s pool (F-GEN-5)"),
                   cell (row, columns, COLUMN_SHIP));
      return NULL;
    }
  if (command != 0)
    {
      problem_add (check->problems, row->line, COLUMN_COMMAND,
                   _("ship “%s” of a pool has command %u: a pool has no flagship or "
                     "succession until its admiral forms it (F-GEN-6)"),
                   cell (row, columns, COLUMN_SHIP), (guint) command);
      return NULL;
    }
  if (hidden)
    {
      problem_add (check->problems, row->line, COLUMN_HIDDEN,
                   _("ship “%s” of a pool is hidden: only a formation starts hidden "
                     "(F-STRAT-3)"), cell (row, columns, COLUMN_SHIP));
      return NULL;
    }
  key = admiral_key (check, admiral);
  pool = g_hash_table_lookup (check->pool_by_admiral, key);
  if (pool == NULL)
    {
      pool = formation_new ();
      pool->pool = TRUE;
      pool->faction = g_strdup (faction);
      pool->sector = g_strdup (sector);
      pool->line = row->line;
      pool->admiral_key = g_steal_pointer (&key);
      pool->admiral_text = admiral;
      g_ptr_array_add (check->formations, pool);
      g_hash_table_insert (check->pool_by_admiral, pool->admiral_key, pool);
      if (!check_admiral (check, row, admiral, faction, pool))
        {
          pool->refused = TRUE;
          return NULL;
        }
      return pool;
    }
  if (pool->refused)
    return NULL;
  if (!g_str_equal (pool->faction, faction))
    problem_add (check->problems, row->line, COLUMN_FACTION,
                 _("the pool of “%s” is of %s (line %u), not of %s"), admiral, pool->faction,
                 pool->line, faction);
  else if (!g_str_equal (pool->sector, sector))
    problem_add (check->problems, row->line, COLUMN_SECTOR,
                 _("the pool of “%s” is in sector “%s” (line %u), not in “%s”"), admiral,
                 pool->sector, pool->line, sector);
  else
    return pool;
  return NULL;
}

/* One ship's row, into its formation (or, with no formation, its admiral's pool); problems
 * added for what is wrong. A row whose formation is known (its formation, faction, sector,
 * admiral and hidden are right) is counted in it even when its ship has a problem of its own,
 * so that what the formation's rows break together (F-FORM-4, -5, -8) is told in the same
 * pass. */
static void
check_row (Check     *check,
           const Row *row,
           const int  columns[N_COLUMNS])
{
  const char *ship_name = cell (row, columns, COLUMN_SHIP);
  const char *class_text = cell (row, columns, COLUMN_CLASS);
  const char *readiness_text = cell (row, columns, COLUMN_READINESS);
  const char *command_text = cell (row, columns, COLUMN_COMMAND);
  const char *sector_text = cell (row, columns, COLUMN_SECTOR);
  const char *faction_text = cell (row, columns, COLUMN_FACTION);
  const char *hidden_text = cell (row, columns, COLUMN_HIDDEN);
  const char *damage_text = cell (row, columns, COLUMN_DAMAGE);
  const char *criticals_text = cell (row, columns, COLUMN_CRITICALS);
  g_autofree char *criticals = NULL;
  /* F-GEN-5: a ship with no formation is in its admiral's pool. */
  gboolean pooled = cell (row, columns, COLUMN_FORMATION)[0] == '\0';
  const AdmShipClass *klass = NULL;
  const AdmFaction *faction = NULL;
  const char *sector = NULL;
  Formation *formation;
  gboolean hidden = FALSE, command_refused = FALSE, placed = TRUE;
  guint64 command = 0;
  int readiness = 0, damage = 0;
  Ship *ship;

  /* The cells in the order of the columns; whether the formation the row is in is known (its
   * formation, faction, sector and hidden right) is kept apart from the ship's own. */
  if (!pooled)
    placed &= check_name (check, row->line, COLUMN_FORMATION,
                          cell (row, columns, COLUMN_FORMATION));
  check_name (check, row->line, COLUMN_SHIP, ship_name);
  if (!present (check, row->line, COLUMN_FACTION, faction_text))
    placed = FALSE;
  else if ((faction = find_faction (check, faction_text)) == NULL)
    {
      problem_add (check->problems, row->line, COLUMN_FACTION,
                   _("unknown faction “%s”: the ruleset “%s” has no such faction"),
                   faction_text, adm_ruleset_get_id (check->ruleset));
      placed = FALSE;
    }
  if (present (check, row->line, COLUMN_CLASS, class_text) &&
      (klass = find_class (check, class_text)) == NULL)
    problem_add (check->problems, row->line, COLUMN_CLASS,
                 _("unknown class “%s”: the ruleset “%s” has no such class"), class_text,
                 adm_ruleset_get_id (check->ruleset));
  if (!parse_readiness (readiness_text, &readiness))
    problem_add (check->problems, row->line, COLUMN_READINESS,
                 _("readiness “%s”: it must be a whole number %d–%d (F-RDY-1)"),
                 readiness_text, ADM_READINESS_MIN, ADM_READINESS_MAX);
  if (command_text[0] != '\0' &&
      !g_ascii_string_to_unsigned (command_text, 10, 1, 99, &command, NULL))
    {
      problem_add (check->problems, row->line, COLUMN_COMMAND,
                   _("command “%s”: it is 1 for the flagship (F-FORM-4), 2, 3 … for the ships "
                     "next in command (F-FORM-5), empty for the others"), command_text);
      command_refused = TRUE;
    }
  if (!parse_damage (damage_text, klass, &damage))
    {
      if (klass != NULL)
        problem_add (check->problems, row->line, COLUMN_DAMAGE,
                     _("damage “%s”: it is the hull points the ship has lost, empty or a whole "
                       "number 0–%d, fewer than its class’s %d (F-CRIT-5)"), damage_text,
                     MAX (klass->hull - 1, 0), klass->hull);
      else
        problem_add (check->problems, row->line, COLUMN_DAMAGE,
                     _("damage “%s”: it is the hull points the ship has lost, empty or a whole "
                       "number (F-CRIT-5)"), damage_text);
    }
  if (!parse_criticals (criticals_text, &criticals))
    problem_add (check->problems, row->line, COLUMN_CRITICALS,
                 _("criticals “%s”: they are the ship’s unrepaired critical results, empty or "
                   "numbers 2–12 separated by spaces, at most %d (F-CRIT-20)"), criticals_text,
                 ADM_SHIP_CRITICALS_MAX);
  if (!present (check, row->line, COLUMN_SECTOR, sector_text))
    placed = FALSE;
  else if ((sector = g_hash_table_lookup (check->sectors, sector_text)) == NULL)
    {
      problem_add (check->problems, row->line, COLUMN_SECTOR,
                   _("unknown sector “%s”: no sector of the scenario’s map has this id or "
                     "name"), sector_text);
      placed = FALSE;
    }
  if (!parse_hidden (hidden_text, &hidden))
    {
      problem_add (check->problems, row->line, COLUMN_HIDDEN,
                   _("hidden “%s”: it is empty, 0, no or false for a formation the other sides "
                     "know of, 1, yes or true for a hidden one (F-STRAT-3)"), hidden_text);
      placed = FALSE;
    }
  if (!placed)
    return;

  if (pooled)
    formation = row_pool (check, row, columns, faction->id, sector, hidden, command);
  else
    formation = row_formation (check, row, columns, faction->id, sector, hidden);
  if (formation == NULL)
    return;
  formation->command_refused |= command_refused;
  /* F-FORM-8 binds a formation; a pool is formed into formations later (F-GEN-6). */
  if (!formation->pool)
    check_composition (check, formation, ship_name, klass, row->line);
  ship = g_new0 (Ship, 1);
  ship->name = g_strdup (ship_name);
  ship->klass = klass != NULL ? g_strdup (klass->id) : NULL;
  ship->readiness = readiness;
  ship->damage = damage;
  ship->criticals = g_steal_pointer (&criticals);
  ship->command = (guint) command;
  ship->line = row->line;
  g_ptr_array_add (formation->ships, ship);
}

static int
compare_command (gconstpointer a,
                 gconstpointer b)
{
  const Ship *x = *(Ship *const *) a, *y = *(Ship *const *) b;

  if (x->command != y->command)
    return (x->command > y->command) - (x->command < y->command);
  return (x->line > y->line) - (x->line < y->line);
}

/* F-FORM-4 and F-FORM-5: one flagship (command 1), the succession 2, 3 … without a gap or a
 * number twice; each ship given a number another has is named, and the first gap. */
static void
check_command (Check     *check,
               Formation *formation)
{
  g_autoptr(GPtrArray) commanding = g_ptr_array_new ();
  guint next = 2;

  for (guint i = 0; i < formation->ships->len; i++)
    {
      Ship *ship = g_ptr_array_index (formation->ships, i);

      if (ship->command > 0)
        g_ptr_array_add (commanding, ship);
    }
  /* By command, then by line: of two with one number, the later row is named. */
  g_ptr_array_sort (commanding, compare_command);
  if (commanding->len == 0 || ((Ship *) g_ptr_array_index (commanding, 0))->command != 1)
    problem_add (check->problems, formation->line, COLUMN_COMMAND,
                 _("formation “%s” has no flagship: give its flagship command 1 (F-FORM-4)"),
                 formation->name);
  for (guint i = 0; i < commanding->len; i++)
    {
      Ship *ship = g_ptr_array_index (commanding, i);
      Ship *before = i > 0 ? g_ptr_array_index (commanding, i - 1) : NULL;

      if (before != NULL && before->command == ship->command)
        {
          if (ship->command == 1)
            problem_add (check->problems, ship->line, COLUMN_COMMAND,
                         _("formation “%s” has two flagships, “%s” and “%s”; command 1 is for "
                           "its one flagship (F-FORM-4)"), formation->name, before->name,
                         ship->name);
          else
            problem_add (check->problems, ship->line, COLUMN_COMMAND,
                         _("ships “%s” and “%s” of formation “%s” both have command %u; each "
                           "is next in command in turn (F-FORM-5)"), before->name, ship->name,
                         formation->name, ship->command);
          continue;
        }
      if (ship->command < 2)
        continue;
      if (next != 0 && ship->command != next)
        {
          problem_add (check->problems, ship->line, COLUMN_COMMAND,
                       _("formation “%s” has no ship with command %u before “%s” with %u; "
                         "the succession runs 2, 3 … without a gap (F-FORM-5)"),
                       formation->name, next, ship->name, ship->command);
          /* The numbers after a gap are told nothing more. */
          next = 0;
        }
      else if (next != 0)
        next++;
    }
}

/* ---- Ids ---- */

/* Ids taken, and for each base the number to try after it: a file of 10,000 ships of one name
 * numbers them in one pass, not in 10,000 passes over the numbers given. */
typedef struct {
  GHashTable *ids;
  GHashTable *next;   /* base → GUINT_TO_POINTER (the next number to try) */
} Taken;

static void
taken_init (Taken *taken)
{
  taken->ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  taken->next = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

static void
taken_clear (Taken *taken)
{
  g_clear_pointer (&taken->ids, g_hash_table_unref);
  g_clear_pointer (&taken->next, g_hash_table_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Taken, taken_clear)

static void
taken_add (Taken      *taken,
           const char *id)
{
  g_hash_table_add (taken->ids, g_strdup (id));
}

/* @base made from @name (or @fallback), or @base-2, -3 … that @taken does not hold, added to
 * it. */
static char *
unique_id (const char *name,
           const char *fallback,
           Taken      *taken)
{
  g_autofree char *base = adm_id_from_name (name);
  guint n;
  char *id;

  if (base[0] == '\0')
    {
      g_free (base);
      base = g_strdup (fallback);
    }
  id = g_strdup (base);
  n = MAX (GPOINTER_TO_UINT (g_hash_table_lookup (taken->next, base)), 2);
  for (; g_hash_table_contains (taken->ids, id); n++)
    {
      g_free (id);
      id = g_strdup_printf ("%s-%u", base, n);
    }
  g_hash_table_insert (taken->next, g_steal_pointer (&base), GUINT_TO_POINTER (n));
  taken_add (taken, id);
  return id;
}

/* Ids for the formations and ships of the CSV: the id a formation or ship of the same name
 * had in the scenario (a ship's within the formation of the same name first, then anywhere),
 * so that a fleet exported and read back keeps its ids; else one made from the name. */
static void
assign_ids (GPtrArray *formations,
            GPtrArray *old_formations)
{
  g_autoptr(GHashTable) old_formation = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) old_ship = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) old_ship_anywhere = g_hash_table_new (g_str_hash, g_str_equal);
  g_auto(Taken) taken_formations = { NULL };
  g_auto(Taken) taken_ships = { NULL };

  taken_init (&taken_formations);
  taken_init (&taken_ships);
  for (guint i = 0; i < old_formations->len; i++)
    {
      Formation *formation = g_ptr_array_index (old_formations, i);

      if (!formation->pool)
        g_hash_table_insert (old_formation, formation->name, formation->id);
      for (guint j = 0; j < formation->ships->len; j++)
        {
          Ship *ship = g_ptr_array_index (formation->ships, j);

          /* A pool's ships keep theirs by name alone. */
          if (!formation->pool)
            g_hash_table_insert (old_ship, g_strconcat (formation->name, "\n", ship->name,
                                                        NULL), ship->id);
          if (!g_hash_table_contains (old_ship_anywhere, ship->name))
            g_hash_table_insert (old_ship_anywhere, ship->name, ship->id);
        }
    }

  /* Kept ids first, so that a name made into an id never takes one a later row keeps. */
  for (guint pass = 0; pass < 3; pass++)
    for (guint i = 0; i < formations->len; i++)
      {
        Formation *formation = g_ptr_array_index (formations, i);
        const char *kept = formation->pool ? NULL
                                           : g_hash_table_lookup (old_formation, formation->name);

        if (pass == 0 && kept != NULL && !g_hash_table_contains (taken_formations.ids, kept))
          {
            formation->id = g_strdup (kept);
            taken_add (&taken_formations, kept);
          }
        for (guint j = 0; j < formation->ships->len; j++)
          {
            Ship *ship = g_ptr_array_index (formation->ships, j);
            g_autofree char *key = g_strconcat (formation->pool ? "" : formation->name, "\n",
                                                ship->name, NULL);

            if (ship->id != NULL)
              continue;
            kept = pass == 0 ? (formation->pool ? NULL : g_hash_table_lookup (old_ship, key))
                 : pass == 1 ? g_hash_table_lookup (old_ship_anywhere, ship->name) : NULL;
            if (kept != NULL && !g_hash_table_contains (taken_ships.ids, kept))
              {
                ship->id = g_strdup (kept);
                taken_add (&taken_ships, kept);
              }
            else if (pass == 2)
              ship->id = unique_id (ship->name, "ship", &taken_ships);
          }
        if (pass == 2 && formation->id == NULL && !formation->pool)
          formation->id = unique_id (formation->name, "formation", &taken_formations);
      }

  /* F-FORM-4, F-FORM-5: the flagship and the succession by command. */
  for (guint i = 0; i < formations->len; i++)
    {
      Formation *formation = g_ptr_array_index (formations, i);
      g_autoptr(GPtrArray) commanding = g_ptr_array_new ();

      for (guint j = 0; j < formation->ships->len; j++)
        {
          Ship *ship = g_ptr_array_index (formation->ships, j);

          if (ship->command > 0)
            g_ptr_array_add (commanding, ship);
        }
      g_ptr_array_sort (commanding, compare_command);
      for (guint j = 0; j < commanding->len; j++)
        {
          Ship *ship = g_ptr_array_index (commanding, j);

          if (j == 0)
            formation->flagship = g_strdup (ship->id);
          else
            g_ptr_array_add (formation->succession, g_strdup (ship->id));
        }
    }
}

/* ---- Import ---- */

static void
check_clear (Check *check)
{
  g_clear_pointer (&check->sectors, g_hash_table_unref);
  g_clear_pointer (&check->admirals, g_hash_table_unref);
  g_clear_pointer (&check->new_admirals, g_hash_table_unref);
  g_clear_pointer (&check->new_admiral_names, g_ptr_array_unref);
  g_clear_pointer (&check->formations, g_ptr_array_unref);
  g_clear_pointer (&check->formation_by_name, g_hash_table_unref);
  g_clear_pointer (&check->pool_by_admiral, g_hash_table_unref);
  g_clear_pointer (&check->fake_ships, g_ptr_array_unref);
}

static void
fake_ship_free (gpointer data)
{
  AdmShip *ship = data;

  g_free (ship->name);
  g_free (ship);
}

/* The scenario's sectors by id and by name, and its admirals by name and by id; an element
 * without an id (a draft's) names nothing. */
static void
check_init (Check       *check,
            xmlNode     *scenario,
            AdmRuleset  *ruleset,
            const char  *composition,
            Problems    *problems)
{
  xmlNode *map = adm_xml_first_element (scenario, "map");

  check->scenario = scenario;
  check->ruleset = ruleset;
  check->ruling = composition;
  check->problems = problems;
  check->sectors = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  check->admirals = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  check->new_admirals = g_hash_table_new (g_str_hash, g_str_equal);
  check->new_admiral_names = g_ptr_array_new ();
  check->formations = g_ptr_array_new_with_free_func (formation_free);
  check->formation_by_name = g_hash_table_new (g_str_hash, g_str_equal);
  check->pool_by_admiral = g_hash_table_new (g_str_hash, g_str_equal);
  check->fake_ships = g_ptr_array_new_with_free_func (fake_ship_free);

  for (xmlNode *node = adm_xml_first_element (map, "sector"); node != NULL;
       node = adm_xml_next_element (node, "sector"))
    {
      char *name = adm_xml_get_string (node, "name");
      char *id = adm_xml_get_string (node, "id");

      if (id == NULL)
        {
          g_free (name);
          continue;
        }
      if (name != NULL && !g_hash_table_contains (check->sectors, name))
        g_hash_table_insert (check->sectors, name, g_strdup (id));
      else
        g_free (name);
      g_hash_table_insert (check->sectors, g_strdup (id), id);
    }
  for (guint pass = 0; pass < 2; pass++)
    for (xmlNode *node = adm_xml_first_element (scenario, "admiral"); node != NULL;
         node = adm_xml_next_element (node, "admiral"))
      {
        char *key = adm_xml_get_string (node, pass == 0 ? "name" : "id");

        if (key != NULL && xmlHasProp (node, (const xmlChar *) "id") != NULL &&
            !g_hash_table_contains (check->admirals, key))
          g_hash_table_insert (check->admirals, key, node);
        else
          g_free (key);
      }
}

static void adm_oob_admiral_free (AdmOobAdmiral *admiral);

/* The admirals the CSV names that the scenario lacks, their ids made from their names; the
 * formations' admirals set. */
static GPtrArray *
new_admirals (Check *check)
{
  GPtrArray *admirals = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_oob_admiral_free);
  g_auto(Taken) taken = { NULL };
  g_autoptr(GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);

  taken_init (&taken);
  for (xmlNode *node = adm_xml_first_element (check->scenario, "admiral"); node != NULL;
       node = adm_xml_next_element (node, "admiral"))
    {
      g_autofree char *id = adm_xml_get_string (node, "id");

      if (id != NULL)
        taken_add (&taken, id);
    }
  for (guint i = 0; i < check->new_admiral_names->len; i++)
    {
      const char *name = g_ptr_array_index (check->new_admiral_names, i);
      Formation *formation = g_hash_table_lookup (check->new_admirals, name);
      AdmOobAdmiral *admiral = g_new0 (AdmOobAdmiral, 1);

      admiral->id = unique_id (name, "admiral", &taken);
      admiral->name = g_strdup (name);
      admiral->faction = g_strdup (formation->faction);
      g_ptr_array_add (admirals, admiral);
      g_hash_table_insert (ids, (gpointer) name, admiral->id);
    }
  for (guint i = 0; i < check->formations->len; i++)
    {
      Formation *formation = g_ptr_array_index (check->formations, i);

      if (formation->admiral_name != NULL)
        formation->admiral = g_strdup (g_hash_table_lookup (ids, formation->admiral_name));
    }
  return admirals;
}

static void
adm_oob_ship_free (AdmOobShip *ship)
{
  g_free (ship->id);
  g_free (ship->name);
  g_free (ship->klass);
  g_free (ship->criticals);
  g_free (ship);
}

static void
adm_oob_formation_free (AdmOobFormation *formation)
{
  g_free (formation->id);
  g_free (formation->name);
  g_free (formation->faction);
  g_free (formation->sector);
  g_free (formation->admiral);
  g_free (formation->flagship);
  g_ptr_array_unref (formation->ships);
  g_ptr_array_unref (formation->succession);
  g_free (formation);
}

static void
adm_oob_admiral_free (AdmOobAdmiral *admiral)
{
  g_free (admiral->id);
  g_free (admiral->name);
  g_free (admiral->faction);
  g_free (admiral);
}

void
adm_oob_free (AdmOob *oob)
{
  if (oob == NULL)
    return;
  g_ptr_array_unref (oob->admirals);
  g_ptr_array_unref (oob->formations);
  g_free (oob);
}

/* @formation, checked and given its ids, as adm_oob_read () gives it: its strings moved. */
static AdmOobFormation *
formation_publish (Formation *formation)
{
  AdmOobFormation *out = g_new0 (AdmOobFormation, 1);

  out->pool = formation->pool;
  out->id = g_steal_pointer (&formation->id);
  out->name = formation->pool ? NULL : g_steal_pointer (&formation->name);
  out->faction = g_steal_pointer (&formation->faction);
  out->sector = g_steal_pointer (&formation->sector);
  out->admiral = g_steal_pointer (&formation->admiral);
  out->hidden = formation->hidden;
  out->flagship = g_steal_pointer (&formation->flagship);
  out->succession = g_ptr_array_ref (formation->succession);
  out->ships = g_ptr_array_new_full (formation->ships->len,
                                     (GDestroyNotify) adm_oob_ship_free);
  for (guint i = 0; i < formation->ships->len; i++)
    {
      Ship *ship = g_ptr_array_index (formation->ships, i);
      AdmOobShip *copy = g_new0 (AdmOobShip, 1);

      copy->id = g_steal_pointer (&ship->id);
      copy->name = g_steal_pointer (&ship->name);
      copy->klass = g_steal_pointer (&ship->klass);
      copy->readiness = ship->readiness;
      copy->damage = ship->damage;
      copy->criticals = g_steal_pointer (&ship->criticals);
      g_ptr_array_add (out->ships, copy);
    }
  return out;
}

/* The formations and pools the scenario has now, as the reader's model has them. */
static GPtrArray *
old_formations_of (xmlNode *scenario)
{
  GPtrArray *old = g_ptr_array_new_with_free_func (formation_free);

  for (xmlNode *node = adm_xml_first_element (scenario, NULL); node != NULL;
       node = adm_xml_next_element (node, NULL))
    if (adm_xml_is (node, "formation") || adm_xml_is (node, "pool"))
      g_ptr_array_add (old, formation_from_node (node));
  return old;
}

/* The rows checked, each problem added: the rows one by one, then what the rows of each
 * formation make together (F-FORM-4, F-FORM-5). */
static void
check_rows (Check  *check,
            GArray *rows,
            int     columns[N_COLUMNS])
{
  for (guint i = 0; i < rows->len; i++)
    check_row (check, &g_array_index (rows, Row, i), columns);
  for (guint i = 0; i < check->formations->len; i++)
    {
      Formation *formation = g_ptr_array_index (check->formations, i);

      /* A pool has no command (F-GEN-6); a command cell refused says all there is. */
      if (formation->ships->len > 0 && !formation->pool && !formation->command_refused)
        check_command (check, formation);
    }
  if (rows->len == 0 && check->problems->problems->len == 0)
    problem_add (check->problems, 0, NO_COLUMN,
                 _("the file has a header but no ships; a scenario needs at least one "
                   "formation"));
}

/* @problems' list given back, with one more saying how many are left out. */
static GPtrArray *
problems_finish (Problems *problems)
{
  if (problems->more > 0)
    {
      AdmOobProblem *problem = g_new0 (AdmOobProblem, 1);

      problem->message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                       "and %u more problem",
                                                       "and %u more problems", problems->more),
                                          problems->more);
      g_ptr_array_add (problems->problems, problem);
    }
  return g_steal_pointer (&problems->problems);
}

AdmOob *
adm_oob_read (xmlNode     *scenario,
              AdmRuleset  *ruleset,
              const char  *composition,
              const char  *csv,
              gsize        csv_length,
              const char  *csv_name,
              GPtrArray  **problems_out,
              GError     **error)
{
  g_autoptr(GArray) rows = g_array_new (FALSE, FALSE, sizeof (Row));
  g_autoptr(GPtrArray) old_formations = NULL;
  g_autoptr(GPtrArray) listed = NULL;
  Problems problems = { csv_name, NULL, 0 };
  Check check = { NULL };
  int columns[N_COLUMNS];
  AdmOob *oob = NULL;

  g_return_val_if_fail (scenario != NULL && ADM_IS_RULESET (ruleset), NULL);
  g_return_val_if_fail (csv != NULL && csv_name != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  g_array_set_clear_func (rows, (GDestroyNotify) row_clear);
  problems.problems = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_oob_problem_free);
  check_init (&check, scenario, ruleset, composition, &problems);
  if (read_csv (csv, csv_length, columns, rows, &problems))
    check_rows (&check, rows, columns);

  if (problems.problems->len > 0)
    problems_set_error (&problems, error);
  else
    {
      oob = g_new0 (AdmOob, 1);
      oob->admirals = new_admirals (&check);
      old_formations = old_formations_of (scenario);
      assign_ids (check.formations, old_formations);
      oob->formations = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_oob_formation_free);
      /* The formations, then the pools (scenario.rng). */
      for (guint pools = 0; pools < 2; pools++)
        for (guint i = 0; i < check.formations->len; i++)
          {
            Formation *formation = g_ptr_array_index (check.formations, i);

            if (formation->pool == (pools == 1))
              {
                oob->summary.ships += formation->ships->len;
                oob->summary.formations += !formation->pool;
                g_ptr_array_add (oob->formations, formation_publish (formation));
              }
          }
      oob->summary.admirals_added = oob->admirals->len;
    }
  listed = problems_finish (&problems);
  if (problems_out != NULL)
    *problems_out = g_steal_pointer (&listed);
  check_clear (&check);
  return oob;
}

char *
adm_oob_read_csv (const char  *path,
                  gsize       *length,
                  GError     **error)
{
  g_autofree char *display = g_filename_display_name (path);
  g_autoptr(GString) data = g_string_new (NULL);
  char chunk[64 * 1024];
  gboolean failed, too_large;
  struct stat buf;
  FILE *file;
  int saved;

  g_return_val_if_fail (path != NULL && length != NULL, NULL);

  file = g_fopen (path, "rb");
  if (file == NULL)
    {
      saved = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), "%s: %s", display,
                   g_strerror (saved));
      return NULL;
    }
  /* A regular file past the bound is refused by its size, unread; any other (a pipe) is read
   * until one byte past the bound, and refused without reading the rest. */
  too_large = fstat (fileno (file), &buf) == 0 && S_ISREG (buf.st_mode) &&
              buf.st_size > ADM_OOB_MAX_SIZE;
  while (!too_large && data->len <= ADM_OOB_MAX_SIZE)
    {
      gsize read = fread (chunk, 1, sizeof chunk, file);

      g_string_append_len (data, chunk, (gssize) read);
      if (read < sizeof chunk)
        break;
    }
  saved = errno;
  failed = ferror (file);
  fclose (file);
  if (failed)
    {
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), "%s: %s", display,
                   g_strerror (saved));
      return NULL;
    }
  if (too_large || data->len > ADM_OOB_MAX_SIZE)
    {
      g_set_error (error, ADM_OOB_ERROR, ADM_OOB_ERROR_REFUSED,
                   _("%s: the file is larger than %d MiB, more than an order of battle of "
                     "%d ships is"), display, ADM_OOB_MAX_SIZE / (1024 * 1024),
                   ADM_OOB_MAX_ROWS);
      return NULL;
    }
  *length = data->len;
  return g_string_free (g_steal_pointer (&data), FALSE);
}

/* ---- Export ---- */

/* @value as a CSV cell: quoted when it holds a comma, a quote, a line break, or white space
 * at either end (which reading trims from an unquoted cell), its quotes doubled. */
static void
append_cell (GString    *out,
             const char *value)
{
  gsize n = strlen (value);

  if (strpbrk (value, ",\"\r\n;") == NULL &&
      (n == 0 || (!g_ascii_isspace (value[0]) && !g_ascii_isspace (value[n - 1]))))
    {
      g_string_append (out, value);
      return;
    }
  g_string_append_c (out, '"');
  for (const char *p = value; *p != '\0'; p++)
    {
      if (*p == '"')
        g_string_append_c (out, '"');
      g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

/* Whether a ship of the scenario @root carries what an earlier war left (F-CRIT-5,
 * F-CRIT-20): then its order of battle has the columns damage and criticals, else it is the
 * nine columns a scenario's always had. */
static gboolean
has_wear (xmlNode *root)
{
  for (xmlNode *node = adm_xml_first_element (root, NULL); node != NULL;
       node = adm_xml_next_element (node, NULL))
    {
      if (!adm_xml_is (node, "formation") && !adm_xml_is (node, "pool"))
        continue;
      for (xmlNode *child = adm_xml_first_element (node, "ship"); child != NULL;
           child = adm_xml_next_element (child, "ship"))
        if (xmlHasProp (child, BAD_CAST "damage") || xmlHasProp (child, BAD_CAST "criticals"))
          return TRUE;
    }
  return FALSE;
}

char *
adm_oob_export (AdmScenario *scenario,
                gsize       *length)
{
  xmlNode *root;
  g_autoptr(GHashTable) admiral_names = g_hash_table_new_full (g_str_hash, g_str_equal,
                                                               g_free, g_free);
  g_autoptr(GHashTable) admiral_factions = g_hash_table_new_full (g_str_hash, g_str_equal,
                                                                  g_free, g_free);
  GString *out = g_string_new (NULL);
  gboolean worn;

  g_return_val_if_fail (ADM_IS_SCENARIO (scenario), NULL);

  root = adm_scenario_get_node (scenario);
  for (xmlNode *node = adm_xml_first_element (root, "admiral"); node != NULL;
       node = adm_xml_next_element (node, "admiral"))
    {
      g_hash_table_insert (admiral_names, adm_xml_get_string (node, "id"),
                           adm_xml_get_string (node, "name"));
      g_hash_table_insert (admiral_factions, adm_xml_get_string (node, "id"),
                           adm_xml_get_string (node, "faction"));
    }

  worn = has_wear (root);
  for (guint c = 0; c < (worn ? N_COLUMNS : FIRST_OPTIONAL); c++)
    g_string_append_printf (out, "%s%s", c > 0 ? "," : "", adm_oob_columns[c]);
  g_string_append_c (out, '\n');
  /* The formations, then the pools (F-GEN-5): a pool's ships have no formation, command or
   * hidden, and its admiral's faction. */
  for (xmlNode *node = adm_xml_first_element (root, NULL); node != NULL;
       node = adm_xml_next_element (node, NULL))
    {
      Formation *formation;
      const char *admiral;

      if (!adm_xml_is (node, "formation") && !adm_xml_is (node, "pool"))
        continue;
      formation = formation_from_node (node);
      admiral = formation->admiral != NULL
                ? g_hash_table_lookup (admiral_names, formation->admiral) : NULL;
      if (formation->pool)
        formation->faction = g_strdup (g_hash_table_lookup (admiral_factions,
                                                            formation->admiral));

      for (guint i = 0; i < formation->ships->len; i++)
        {
          Ship *ship = g_ptr_array_index (formation->ships, i);
          g_autofree char *command = NULL;
          guint position;

          if (g_strcmp0 (ship->id, formation->flagship) == 0)
            command = g_strdup ("1");
          else if (g_ptr_array_find_with_equal_func (formation->succession, ship->id,
                                                     g_str_equal, &position))
            command = g_strdup_printf ("%u", position + 2);
          append_cell (out, admiral != NULL ? admiral : "");
          g_string_append_c (out, ',');
          append_cell (out, formation->faction != NULL ? formation->faction : "");
          g_string_append_c (out, ',');
          append_cell (out, formation->name != NULL ? formation->name : "");
          g_string_append_c (out, ',');
          append_cell (out, ship->name);
          g_string_append_c (out, ',');
          append_cell (out, ship->klass);
          g_string_append_printf (out, ",%d,%s,", ship->readiness,
                                  command != NULL ? command : "");
          append_cell (out, formation->sector);
          g_string_append_printf (out, ",%s", formation->hidden ? "yes" : "");
          /* F-CRIT-5, F-CRIT-20: what an earlier war left of it, empty for a ship as new. */
          if (worn)
            {
              g_string_append_c (out, ',');
              if (ship->damage > 0)
                g_string_append_printf (out, "%d", ship->damage);
              g_string_append_c (out, ',');
              append_cell (out, ship->criticals != NULL ? ship->criticals : "");
            }
          g_string_append_c (out, '\n');
        }
      formation_free (formation);
    }
  if (length != NULL)
    *length = out->len;
  return g_string_free (out, FALSE);
}
