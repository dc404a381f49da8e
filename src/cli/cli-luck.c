/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-luck.c: `admiralty-cli luck CAMPAIGN [--engagement ID] [--as SIDE] [--json]` — the luck
 * ledger of a campaign's battles (adm-luck.h): per battle and per side the hits, damage,
 * criticals and other checks expected before the dice against what came, and the luckiest
 * and unluckiest rolls; a side's counts only the rolls it saw. A saved Twilight Imperium
 * combat in place of the campaign gives that combat's ledger. */

#include "config.h"

#include <glib/gi18n.h>

#include "adm-luck-admirals.h"
#include "cli-private.h"

#define COMMAND "luck"

static void
add_tallies_json (JsonBuilder       *builder,
                  const AdmLuckSide *side)
{
  for (guint m = 0; m < ADM_LUCK_N_MEASURES; m++)
    {
      json_builder_set_member_name (builder, adm_luck_measure_to_string (m));
      json_builder_begin_object (builder);
      _cli_add_int (builder, "rolls", side->tally[m].rolls);
      _cli_add_double (builder, "expected", side->tally[m].expected);
      _cli_add_int (builder, "actual", side->tally[m].actual);
      json_builder_end_object (builder);
    }
}

static void
add_sides_json (JsonBuilder   *builder,
                const char    *member,
                GPtrArray     *sides,
                AdmLuckLedger *ledger)
{
  json_builder_set_member_name (builder, member);
  json_builder_begin_array (builder);
  for (guint s = 0; s < sides->len; s++)
    {
      const AdmLuckSide *side = g_ptr_array_index (sides, s);

      json_builder_begin_object (builder);
      if (ledger != NULL)
        _cli_add_string (builder, "side", adm_luck_ledger_get_side_id (ledger, side->side));
      _cli_add_string (builder, "name", side->name);
      _cli_add_string_or_null (builder, "admiral", side->admiral);
      add_tallies_json (builder, side);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

static void
add_roll_json (JsonBuilder       *builder,
               AdmLuckLedger     *ledger,
               const AdmLuckRoll *entry)
{
  const AdmBattleRoll *roll = entry->roll;

  json_builder_begin_object (builder);
  if (entry->ti4_roll != NULL)
    /* Its "side" is the side that rolled, the side whose luck it is. */
    _cli_ti4_add_roll_members (builder, entry->ti4_roll);
  else
    {
      _cli_add_roll_members (builder, roll);
      _cli_add_string (builder, "side", adm_luck_ledger_get_side_id (ledger, entry->side));
    }
  _cli_add_string (builder, "measure", adm_luck_measure_to_string (entry->measure));
  _cli_add_double (builder, "expected", entry->expected);
  _cli_add_double (builder, "p_as_good", entry->p_as_good);
  _cli_add_double (builder, "p_as_bad", entry->p_as_bad);
  if (entry->damage_counted)
    {
      json_builder_set_member_name (builder, "damage");
      json_builder_begin_object (builder);
      _cli_add_double (builder, "expected", roll->expected_damage);
      _cli_add_int (builder, "actual", roll->damage);
      json_builder_end_object (builder);
    }
  json_builder_end_object (builder);
}

static void
add_extreme_json (JsonBuilder *builder,
                  GPtrArray   *ledgers,
                  gboolean     lucky)
{
  AdmLuckLedger *ledger = NULL;
  const AdmLuckRoll *entry = adm_luck_ledgers_extreme (ledgers, lucky, &ledger);

  json_builder_set_member_name (builder, lucky ? "luckiest" : "unluckiest");
  if (entry == NULL)
    {
      json_builder_add_null_value (builder);
      return;
    }
  json_builder_begin_object (builder);
  _cli_add_string (builder, "battle", adm_luck_ledger_get_title (ledger));
  json_builder_set_member_name (builder, "roll");
  add_roll_json (builder, ledger, entry);
  json_builder_end_object (builder);
}

static void
print_json (GPtrArray *ledgers)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(GPtrArray) totals = adm_luck_ledgers_totals (ledgers);
  g_autoptr(GPtrArray) admiral_totals = adm_luck_ledgers_admiral_totals (ledgers);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "battles");
  json_builder_begin_array (builder);
  for (guint l = 0; l < ledgers->len; l++)
    {
      AdmLuckLedger *ledger = g_ptr_array_index (ledgers, l);
      GArray *rolls = adm_luck_ledger_get_rolls (ledger);

      json_builder_begin_object (builder);
      /* F-STRAT-3: the id in the master's ledger only. */
      if (adm_luck_ledger_get_engagement (ledger) != NULL)
        _cli_add_string (builder, "engagement", adm_luck_ledger_get_engagement (ledger));
      _cli_add_string (builder, "title", adm_luck_ledger_get_title (ledger));
      add_sides_json (builder, "sides", adm_luck_ledger_get_sides (ledger), ledger);
      add_sides_json (builder, "admirals", adm_luck_ledger_get_admirals (ledger), ledger);
      json_builder_set_member_name (builder, "rolls");
      json_builder_begin_array (builder);
      for (guint i = 0; i < rolls->len; i++)
        add_roll_json (builder, ledger, &g_array_index (rolls, AdmLuckRoll, i));
      json_builder_end_array (builder);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "totals");
  json_builder_begin_object (builder);
  add_sides_json (builder, "sides", totals, NULL);
  add_sides_json (builder, "admirals", admiral_totals, NULL);
  json_builder_end_object (builder);
  add_extreme_json (builder, ledgers, TRUE);
  add_extreme_json (builder, ledgers, FALSE);
  json_builder_end_object (builder);
  _cli_print_json (builder);
}

CliExit
_cli_luck_run (int    argc,
               char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autoptr(AdmTi4Combat) combat = NULL;
  g_autofree char *root = NULL;
  g_autoptr(GPtrArray) ledgers = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) files = NULL;
  g_autofree char *engagement = NULL, *as = NULL;
  gboolean json = FALSE;
  const GOptionEntry entries[] = {
    { "engagement", 0, 0, G_OPTION_ARG_STRING, &engagement,
      N_("Only the battle of this engagement (an id of “admiralty-cli engagements”)"),
      N_("ID") },
    { "as", 0, 0, G_OPTION_ARG_STRING, &as,
      N_("The ledger a side may see: only the rolls it saw, in the battles it fought (a "
         "side's id or name, or “public”); default the master's"), N_("SIDE") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Print {\"battles\": [{\"title\", \"sides\", \"admirals\", \"rolls\"}], "
         "\"totals\", \"luckiest\", \"unluckiest\"} as JSON"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, NULL },
    { NULL }
  };

  context = _cli_context_new (COMMAND, _("CAMPAIGN.admiralty | COMBAT.xml"),
                              _("The luck ledger of a campaign's battles: for every judged "
                                "roll the exact odds it had before the dice beside what came; "
                                "per battle and per side the hits, damage, criticals and other "
                                "checks expected and actual; the luckiest and unluckiest rolls. "
                                "With --as a side's ledger counts only the rolls it saw. A saved Twilight Imperium "
                                "combat gives each group of dice's expected hits beside those "
                                "that came."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!_cli_parse (context, COMMAND, &argc, &argv))
    return CLI_EXIT_USAGE;
  if (!_cli_check_value (COMMAND, "--engagement", engagement, FALSE) ||
      !_cli_check_value (COMMAND, "--as", as, FALSE))
    return CLI_EXIT_USAGE;
  if (!_cli_check_arguments (COMMAND, files, _("unexpected argument “%s”; give one campaign file"),
                             _("no campaign file given"), NULL))
    return CLI_EXIT_USAGE;

  root = adm_xml_peek_root (files[0]);
  if (g_strcmp0 (root, "ti4-combat") == 0)
    {
      g_autoptr(AdmTi4Catalog) catalog = adm_ti4_catalog_load (&error);

      if (catalog != NULL)
        combat = adm_ti4_combat_load_file (catalog, files[0], &error);
      if (combat == NULL)
        return _cli_invalid (json, "%s", error->message);
      ledgers = adm_luck_ledgers_of_ti4_combat (combat, engagement, as, &error);
    }
  else
    {
      campaign = _cli_open_campaign (files[0], &error);
      if (campaign == NULL)
        return _cli_invalid (json, "%s", error->message);
      ledgers = adm_luck_ledgers_of_campaign (campaign, engagement, as, &error);
    }
  if (ledgers == NULL)
    return _cli_invalid (json, "%s: %s", files[0], error->message);
  if (json)
    print_json (ledgers);
  else
    {
      g_autoptr(AdmDoc) doc = combat != NULL ? adm_luck_ti4_doc_new (combat, ledgers)
                                             : adm_luck_doc_new (campaign, ledgers);
      g_autofree char *text = adm_doc_to_text (doc);

      g_print ("%s", text);
    }
  return CLI_EXIT_OK;
}
