/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-table.c: `admiralty-cli table …` — the Forcon tables looked up with the ruleset's data
 * and rulings: artillery (F-ART-14), critical damage (F-CRIT-8, F-STN-7), catastrophic damage
 * (F-CAT-9) and readiness grades (F-RDY-5, F-FIRE-10). */

#include "config.h"

#include <glib/gi18n.h>

#include "cli-private.h"

/* No fleet comes near this; the bound keeps the F-ART-11 split of big totals far from
 * integer overflow. `odds fire` takes the same bound (_cli_parse_artillery ()). */
#define MAX_FIREPOWER 999
/* F-ART-8, F-ART-9, F-ART-10 shift by single columns; a few of them may add up. */
#define MAX_SHIFT 20

typedef CliExit (*TableFunc) (int argc, char **argv);

/* F-CRIT-2, F-STN-7, F-CAT-3: a number; the ruleset's look-up refuses a sum its table's dice
 * cannot roll. */
static CliExit
parse_roll (const char *text,
            gboolean    json,
            int        *roll)
{
  if (!_cli_parse_int (text, G_MININT, G_MAXINT, roll))
    return _cli_invalid (json, _("--roll “%s” is not a number; give the table's roll"), text);
  return CLI_EXIT_OK;
}

static char *
squeeze_spaces (const char *text)
{
  g_auto(GStrv) words = g_strsplit_set (text != NULL ? text : "", " \t\r\n", -1);
  GString *out = g_string_new (NULL);

  for (guint i = 0; words[i] != NULL; i++)
    {
      if (*words[i] == '\0')
        continue;
      if (out->len > 0)
        g_string_append_c (out, ' ');
      g_string_append (out, words[i]);
    }
  return g_string_free (out, FALSE);
}

/* "Name. Description", as the rulebook prints a table row. */
static char *
describe_row (const AdmTableRow *row)
{
  const char *name = row->name != NULL ? _(row->name) : row->effect;
  g_autofree char *description = squeeze_spaces (row->description);

  if (*description == '\0')
    return g_strdup (name);
  if (g_str_has_suffix (name, ".") || g_str_has_suffix (name, "!")
      || g_str_has_suffix (name, "?") || g_str_has_suffix (name, "…"))
    return g_strdup_printf ("%s %s", name, description);
  return g_strdup_printf ("%s. %s", name, description);
}

static char *
format_modifier (int modifier)
{
  return modifier == 0 ? g_strdup ("0") : g_strdup_printf ("%+d", modifier);
}

CliExit
_cli_parse_artillery (gboolean    json,
                      const char *firepower_text,
                      const char *shift_text,
                      int        *firepower,
                      int        *shift)
{
  if (!_cli_parse_int (firepower_text, 0, MAX_FIREPOWER, firepower))
    return _cli_invalid (json, _("--firepower “%s” is not a firepower; give a whole number "
                                 "from 0 to %d"), firepower_text, MAX_FIREPOWER);
  if (!_cli_parse_int (shift_text, -MAX_SHIFT, MAX_SHIFT, shift))
    return _cli_invalid (json, _("--shift “%s” is not a column shift; give a whole number "
                                 "from %d to %d, negative toward the easier column"),
                         shift_text, -MAX_SHIFT, MAX_SHIFT);
  return CLI_EXIT_OK;
}

CliExit
_cli_check_target (AdmRuleset *ruleset,
                   const char *target,
                   gboolean    json)
{
  const AdmArtilleryTable *table = adm_ruleset_get_artillery (ruleset);
  g_autoptr(GString) targets = NULL;

  if (adm_artillery_target_column (table, target) != 0)
    return CLI_EXIT_OK;
  targets = g_string_new (NULL);
  for (int i = 0; i < table->n_targets; i++)
    g_string_append_printf (targets, "%s%s", i > 0 ? ", " : "", table->target_ids[i]);
  return _cli_invalid (json, _("unknown target “%s”; the targets are %s"), target,
                       targets->str);
}

static void
print_artillery (gboolean    json,
                 int         firepower,
                 const char *target,
                 int         shift,
                 int         dice,
                 int         column)
{
  g_autoptr(JsonBuilder) builder = NULL;

  if (!json)
    {
      if (column == 0)
        /* Translators: the ruling's id is data, keep it as it is. */
        g_print (_("0d6: no shot — a shift of %+d moves past the edge of the table "
                   "(ruling artillery-shift-past-edge, F-ART-10)\n"), shift);
      else if (shift == 0)
        g_print (_("%dd6 (firepower %d against %s: column %d, F-ART-14)\n"),
                 dice, firepower, target, column);
      else
        g_print (_("%dd6 (firepower %d against %s, shift %+d: column %d, F-ART-14)\n"),
                 dice, firepower, target, shift, column);
      return;
    }
  builder = json_builder_new ();
  json_builder_begin_object (builder);
  _cli_add_int (builder, "dice", dice);
  _cli_add_int (builder, "column", column);
  json_builder_end_object (builder);
  _cli_print_json (builder);
}

static CliExit
table_artillery (int    argc,
                 char **argv)
{
  const char *command = "table artillery";
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(AdmRuleset) ruleset = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *firepower_text = NULL, *target = NULL, *shift_text = NULL, *ruleset_id = NULL;
  gboolean json = FALSE;
  CliExit status;
  int firepower, shift = 0, dice, column;
  const GOptionEntry entries[] = {
    { "firepower", 0, 0, G_OPTION_ARG_STRING, &firepower_text,
      N_("Total firepower of the firing batteries, 0 or more"), N_("N") },
    { "target", 0, 0, G_OPTION_ARG_STRING, &target,
      N_("Target and aspect: approaching-capital, approaching-escort, receding-capital, "
         "receding-escort, crossing-capital, crossing-escort, orbital, torpedo"), N_("TARGET") },
    { "shift", 0, 0, G_OPTION_ARG_STRING, &shift_text,
      N_("Column shift: -1 within half range (F-ART-8), +1 beyond 3/4 range (F-ART-9) or "
         "behind an explosion marker (F-ART-10); default 0"), N_("S") },
    { "ruleset", 0, 0, G_OPTION_ARG_STRING, &ruleset_id,
      N_("Rules to use (default forcon-2010)"), N_("ID") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print {\"dice\", \"column\"} as JSON"), NULL },
    { NULL }
  };

  context = _cli_context_new (command, NULL,
                              _("Prints the number of d6 to roll for artillery fire "
                                "(F-ART-11, F-ART-14). Firepower above the table follows the "
                                "ruling firepower-above-table; shifts past the table's edge "
                                "follow artillery-shift-past-edge."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!_cli_parse (context, command, &argc, &argv)
      || !_cli_check_value (command, "--firepower", firepower_text, TRUE)
      || !_cli_check_value (command, "--target", target, TRUE)
      || !_cli_check_value (command, "--shift", shift_text, FALSE)
      || !_cli_check_value (command, "--ruleset", ruleset_id, FALSE)
      || !_cli_check_no_arguments (command, argc, argv))
    return CLI_EXIT_USAGE;

  status = _cli_parse_artillery (json, firepower_text, shift_text, &firepower, &shift);
  if (status != CLI_EXIT_OK)
    return status;

  ruleset = _cli_load_ruleset (ruleset_id, json);
  if (ruleset == NULL)
    return CLI_EXIT_INVALID;
  status = _cli_check_target (ruleset, target, json);
  if (status != CLI_EXIT_OK)
    return status;
  if (!adm_ruleset_artillery_dice (ruleset, firepower, target, shift, &dice, &column, &error))
    return _cli_invalid (json, "%s", error->message);

  print_artillery (json, firepower, target, shift, dice, column);
  return CLI_EXIT_OK;
}

static void
print_critical (gboolean           json,
                int                roll,
                const AdmTableRow *row)
{
  const char *extra = row->extra_damage != NULL ? row->extra_damage : "0";
  g_autoptr(JsonBuilder) builder = NULL;

  if (!json)
    {
      g_autofree char *text = describe_row (row);

      if (row->catastrophic_check)
        g_print (_("%d: %s — %s (extra damage %s, catastrophic check on a 6, clause %s)\n"),
                 roll, row->effect, text, extra, row->clause);
      else
        g_print (_("%d: %s — %s (extra damage %s, clause %s)\n"),
                 roll, row->effect, text, extra, row->clause);
      return;
    }
  builder = json_builder_new ();
  json_builder_begin_object (builder);
  _cli_add_int (builder, "roll", roll);
  _cli_add_string (builder, "effect", row->effect);
  _cli_add_string (builder, "extra_damage", extra);
  if (row->catastrophic_check)
    {
      json_builder_set_member_name (builder, "catastrophic_check");
      json_builder_add_boolean_value (builder, TRUE);
    }
  json_builder_end_object (builder);
  _cli_print_json (builder);
}

static void
print_catastrophic (gboolean           json,
                    int                roll,
                    const AdmTableRow *row)
{
  g_autoptr(JsonBuilder) builder = NULL;

  if (!json)
    {
      g_autofree char *text = describe_row (row);

      /* Translators: the fourth %s is "1" or "special", as F-CAT-9 prints it. */
      g_print (_("%d: %s — %s (additional explosion markers: %s, clause %s)\n"),
               roll, row->effect, text,
               row->explosion_markers != NULL ? row->explosion_markers : "0", row->clause);
      return;
    }
  builder = json_builder_new ();
  json_builder_begin_object (builder);
  _cli_add_int (builder, "roll", roll);
  _cli_add_string (builder, "effect", row->effect);
  json_builder_end_object (builder);
  _cli_print_json (builder);
}

/* `table critical` (with --kind) and `table catastrophic`: a 2d6 roll looked up in a table of
 * rows (F-CRIT-2, F-STN-7, F-CAT-3). */
static CliExit
table_roll (int          argc,
            char       **argv,
            const char  *command,
            const char  *summary,
            const char  *json_help,
            gboolean     critical)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(AdmRuleset) ruleset = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *roll_text = NULL, *kind = NULL, *ruleset_id = NULL;
  gboolean json = FALSE;
  const AdmTableRow *row;
  CliExit status;
  int roll;
  const GOptionEntry roll_entries[] = {
    { "roll", 0, 0, G_OPTION_ARG_STRING, &roll_text, N_("The table's roll, 2 to 12 with the rulebook's 2d6"), N_("R") },
    { NULL }
  };
  const GOptionEntry kind_entries[] = {
    { "kind", 0, 0, G_OPTION_ARG_STRING, &kind,
      N_("ship (F-CRIT-8, the default) or station (F-STN-7)"), N_("KIND") },
    { NULL }
  };
  const GOptionEntry entries[] = {
    { "ruleset", 0, 0, G_OPTION_ARG_STRING, &ruleset_id,
      N_("Rules to use (default forcon-2010)"), N_("ID") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, json_help, NULL },
    { NULL }
  };

  context = _cli_context_new (command, NULL, summary);
  g_option_context_add_main_entries (context, roll_entries, GETTEXT_PACKAGE);
  if (critical)
    g_option_context_add_main_entries (context, kind_entries, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!_cli_parse (context, command, &argc, &argv)
      || !_cli_check_value (command, "--roll", roll_text, TRUE)
      || !_cli_check_value (command, "--kind", kind, FALSE)
      || !_cli_check_value (command, "--ruleset", ruleset_id, FALSE)
      || !_cli_check_no_arguments (command, argc, argv))
    return CLI_EXIT_USAGE;

  status = parse_roll (roll_text, json, &roll);
  if (status != CLI_EXIT_OK)
    return status;
  if (kind != NULL && g_strcmp0 (kind, "ship") != 0 && g_strcmp0 (kind, "station") != 0)
    return _cli_invalid (json, _("--kind “%s” is not a kind of table; give ship or station"),
                         kind);

  ruleset = _cli_load_ruleset (ruleset_id, json);
  if (ruleset == NULL)
    return CLI_EXIT_INVALID;
  if (critical)
    row = adm_ruleset_critical_roll (ruleset, kind != NULL ? kind : "ship", roll, &error);
  else
    row = adm_ruleset_catastrophic (ruleset, roll, &error);
  if (row == NULL)
    return _cli_invalid (json, "%s", error->message);

  if (critical)
    print_critical (json, roll, row);
  else
    print_catastrophic (json, roll, row);
  return CLI_EXIT_OK;
}

static CliExit
table_critical (int    argc,
                char **argv)
{
  return table_roll (argc, argv, "table critical",
                     _("Prints the critical damage of a 2d6 roll for a ship (F-CRIT-8) or an "
                       "orbital station (F-STN-7)."),
                     N_("Print {\"roll\", \"effect\", \"extra_damage\"} as JSON"), TRUE);
}

static CliExit
table_catastrophic (int    argc,
                    char **argv)
{
  return table_roll (argc, argv, "table catastrophic",
                     _("Prints the catastrophic damage of a 2d6 roll (F-CAT-9): what becomes "
                       "of a ship that has lost all its hull points."),
                     N_("Print {\"roll\", \"effect\"} as JSON"), FALSE);
}

static void
print_readiness (gboolean                 json,
                 int                      readiness,
                 const AdmReadinessGrade *grade)
{
  g_autoptr(JsonBuilder) builder = NULL;

  if (!json)
    {
      g_autofree char *modifier = format_modifier (grade->modifier);
      g_autofree char *fire = format_modifier (grade->fire_distribution_modifier);

      g_print (_("%d: %s (%s) — readiness modifier %s (F-RDY-5), "
                 "fire-distribution modifier %s (F-FIRE-10)\n"),
               readiness, grade->id, _(grade->name), modifier, fire);
      return;
    }
  builder = json_builder_new ();
  json_builder_begin_object (builder);
  _cli_add_int (builder, "readiness", readiness);
  _cli_add_string (builder, "grade", grade->id);
  _cli_add_int (builder, "modifier", grade->modifier);
  _cli_add_int (builder, "fire_distribution_modifier", grade->fire_distribution_modifier);
  json_builder_end_object (builder);
  _cli_print_json (builder);
}

static CliExit
table_readiness (int    argc,
                 char **argv)
{
  const char *command = "table readiness";
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(AdmRuleset) ruleset = NULL;
  g_autofree char *readiness_text = NULL, *ruleset_id = NULL;
  gboolean json = FALSE;
  const AdmReadinessGrade *grade;
  int readiness;
  const GOptionEntry entries[] = {
    { "readiness", 0, 0, G_OPTION_ARG_STRING, &readiness_text,
      N_("The ship's readiness rating"), N_("R") },
    { "ruleset", 0, 0, G_OPTION_ARG_STRING, &ruleset_id,
      N_("Rules to use (default forcon-2010)"), N_("ID") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Print {\"readiness\", \"grade\", \"modifier\", \"fire_distribution_modifier\"} "
         "as JSON"), NULL },
    { NULL }
  };

  context = _cli_context_new (command, NULL,
                              _("Prints the crew grade of a readiness rating with its readiness "
                                "modifier (F-RDY-5) and its modifier for the readiness check "
                                "when distributing fire (F-FIRE-10)."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!_cli_parse (context, command, &argc, &argv)
      || !_cli_check_value (command, "--readiness", readiness_text, TRUE)
      || !_cli_check_value (command, "--ruleset", ruleset_id, FALSE)
      || !_cli_check_no_arguments (command, argc, argv))
    return CLI_EXIT_USAGE;

  if (!_cli_parse_int (readiness_text, G_MININT, G_MAXINT, &readiness))
    return _cli_invalid (json, _("--readiness “%s” is not a readiness rating; give a whole "
                                 "number such as 7"), readiness_text);
  /* F-RDY-1: the one range of a readiness rating, as files have it (scenario.rng,
   * battle.rng), so that the same number is refused everywhere. */
  if (readiness < ADM_READINESS_MIN || readiness > ADM_READINESS_MAX)
    return _cli_invalid (json, _("--readiness is %d; it must be a whole number %d–%d"),
                         readiness, ADM_READINESS_MIN, ADM_READINESS_MAX);

  ruleset = _cli_load_ruleset (ruleset_id, json);
  if (ruleset == NULL)
    return CLI_EXIT_INVALID;
  grade = adm_ruleset_readiness_grade (ruleset, readiness);
  if (grade == NULL)
    return _cli_invalid (json, _("no crew grade of the rules “%s” covers readiness %d"),
                         adm_ruleset_get_id (ruleset), readiness);

  print_readiness (json, readiness, grade);
  return CLI_EXIT_OK;
}

CliExit
_cli_table_run (int    argc,
                char **argv)
{
  static const struct {
    const char *name;
    TableFunc   func;
  } tables[] = {
    { "artillery", table_artillery },
    { "critical", table_critical },
    { "catastrophic", table_catastrophic },
    { "readiness", table_readiness },
  };
  g_autoptr(GOptionContext) context = NULL;

  context = _cli_context_new ("table", _("TABLE …"),
                              _("Looks up a Forcon table with the rules' data and rulings.\n"
                                "\n"
                                "Tables:\n"
                                "  artillery      d6 to roll for artillery fire "
                                "(F-ART-14)\n"
                                "  critical       critical damage of a ship or station "
                                "(F-CRIT-8, F-STN-7)\n"
                                "  catastrophic   catastrophic damage (F-CAT-9)\n"
                                "  readiness      crew grade and modifiers (F-RDY-5, "
                                "F-FIRE-10)\n"
                                "\n"
                                "“admiralty-cli table TABLE --help” shows a table's options."));
  /* Options after the table's name belong to the table. */
  g_option_context_set_strict_posix (context, TRUE);
  if (!_cli_parse (context, "table", &argc, &argv))
    return CLI_EXIT_USAGE;
  if (argc < 2)
    return _cli_usage_error ("table", _("no table given; the tables are artillery, critical, "
                                        "catastrophic and readiness"));

  for (gsize i = 0; i < G_N_ELEMENTS (tables); i++)
    if (g_strcmp0 (argv[1], tables[i].name) == 0)
      return tables[i].func (argc - 1, argv + 1);

  return _cli_usage_error ("table", _("unknown table “%s”; the tables are artillery, critical, "
                                      "catastrophic and readiness"), argv[1]);
}
