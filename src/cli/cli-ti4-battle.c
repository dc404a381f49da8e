/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-ti4-battle.c: `admiralty-cli ti4 battle …` — one Twilight Imperium 4 combat resolved
 * round by round (adm-ti4-combat.h): every step with its clause and every roll, from seeded
 * dice or from values typed from real d10s; hits assigned by a named policy and retreats
 * announced after N rounds. Bad unit lists and options are bad usage (exit 2, as for `ti4
 * odds`); dice that run out or are not on a d10 exit 1. */

#include "config.h"

#include <glib/gi18n.h>

#include "cli-private.h"

#define COMMAND "ti4 battle"

static void
print_json (AdmTi4Combat *combat,
            guint64       seed,
            gboolean      seeded)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  AdmTi4Catalog *catalog = adm_ti4_combat_get_catalog (combat);
  GPtrArray *log = adm_ti4_combat_get_log (combat);
  GPtrArray *rolls = adm_ti4_combat_get_rolls (combat);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "arena");
  json_builder_add_string_value (builder,
                                 adm_ti4_arena_to_string (adm_ti4_combat_get_setup (combat)->arena));
  json_builder_set_member_name (builder, "outcome");
  json_builder_add_string_value (builder,
                                 adm_ti4_outcome_to_string (adm_ti4_combat_get_outcome (combat)));
  _cli_add_int (builder, "rounds", adm_ti4_combat_get_round (combat));
  if (seeded)
    {
      json_builder_set_member_name (builder, "seed");
      _cli_add_seed_json (builder, seed);
    }
  _cli_ti4_add_fleets_json (builder, catalog, adm_ti4_combat_get_fleet (combat, ADM_TI4_ATTACKER),
                            adm_ti4_combat_get_fleet (combat, ADM_TI4_DEFENDER));

  json_builder_set_member_name (builder, "log");
  json_builder_begin_array (builder);
  for (guint i = 0; i < log->len; i++)
    {
      AdmTi4LogLine *line = g_ptr_array_index (log, i);

      json_builder_begin_object (builder);
      _cli_add_int (builder, "round", line->round);
      _cli_add_string (builder, "clause", line->clause);
      _cli_add_string (builder, "text", line->text);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "rolls");
  json_builder_begin_array (builder);
  for (guint i = 0; i < rolls->len; i++)
    {
      json_builder_begin_object (builder);
      _cli_ti4_add_roll_members (builder, g_ptr_array_index (rolls, i));
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  _cli_print_json (builder);
}

static gboolean
save (AdmTi4Combat *combat,
      const char   *path,
      gboolean      json)
{
  g_autoptr(GError) error = NULL;

  if (path == NULL || adm_ti4_combat_save (combat, path, &error))
    return TRUE;
  _cli_invalid (json, "%s", error->message);
  return FALSE;
}

CliExit
_cli_ti4_battle_run (int    argc,
                     char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(AdmTi4Catalog) catalog = NULL;
  g_autoptr(AdmTi4Combat) combat = NULL;
  g_autoptr(AdmDiceSource) dice = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;
  g_autofree char *seed_text = NULL, *dice_text = NULL, *save_path = NULL;
  g_auto(CliTi4Args) args = { 0 };
  gboolean json = FALSE;
  guint64 seed = 0;
  guint typed = 0;
  AdmTi4Setup setup = { 0 };
  AdmTi4OddsOptions options;
  const GOptionEntry entries[] = {
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_text,
      N_("Roll the dice from this seed, to repeat a battle; default a random seed"),
      N_("N") },
    { "dice", 0, 0, G_OPTION_ARG_STRING, &dice_text,
      N_("The values of real d10s, in the order the battle rolls them (\"0\" is 10), such "
         "as \"3,7,10\""), N_("VALUES") },
    { "save", 0, 0, G_OPTION_ARG_FILENAME, &save_path,
      N_("Save the combat (set-up and journal) to FILE"), N_("FILE") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Print {\"outcome\", \"rounds\", \"attacker\", \"defender\", \"log\", \"rolls\"} as "
         "JSON"), NULL },
    { NULL }
  };

  context = _cli_context_new (COMMAND, NULL,
                              _("Resolves one Twilight Imperium 4 combat round by round and "
                                "prints every step with its clause and every roll: the "
                                "Anti-Fighter Barrage (LRR 39.3), retreats (39.4, 39.7), "
                                "combat rolls (39.5), hits (39.6), the end and the capacity "
                                "check (39.9-39.10.a); or a ground combat (LRR 48)."));
  _cli_ti4_add_entries (context, &args);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!_cli_parse (context, COMMAND, &argc, &argv))
    return CLI_EXIT_USAGE;
  if (!_cli_ti4_check_values (COMMAND, &args)
      || !_cli_check_value (COMMAND, "--seed", seed_text, FALSE)
      || !_cli_check_value (COMMAND, "--dice", dice_text, FALSE))
    return CLI_EXIT_USAGE;
  if (!_cli_check_no_arguments (COMMAND, argc, argv))
    return CLI_EXIT_USAGE;
  if (seed_text != NULL && dice_text != NULL)
    return _cli_ti4_bad_input (COMMAND, json, _("give --seed or --dice, not both"));

  catalog = adm_ti4_catalog_load (&error);
  if (catalog == NULL)
    return _cli_invalid (json, "%s", error->message);

  if (!_cli_ti4_read_setup (&args, catalog, &setup.attacker, &setup.defender, &options,
                            &message))
    return _cli_ti4_bad_input (COMMAND, json, message);

  if (dice_text != NULL)
    {
      g_autoptr(AdmDiceQueue) queue = adm_dice_queue_new ();
      g_auto(GStrv) items = g_strsplit_set (dice_text, ", \t", -1);
      g_autoptr(GString) values = g_string_new (NULL);

      /* LRR 39 notes: the "0" side of a d10 is 10. */
      for (guint i = 0; items[i] != NULL; i++)
        if (*items[i] != '\0')
          g_string_append_printf (values, "%s ", g_str_equal (items[i], "0") ? "10" : items[i]);
      if (!adm_dice_queue_push_text (queue, values->str, &error))
        return _cli_ti4_bad_input (COMMAND, json, error->message);
      typed = adm_dice_queue_get_length (queue);
      dice = ADM_DICE_SOURCE (g_steal_pointer (&queue));
    }
  else
    {
      if (seed_text == NULL)
        seed = ((guint64) g_random_int () << 32) | g_random_int ();
      else
        {
          g_autofree char *text = _cli_parse_seed ("--seed", seed_text, &seed);

          if (text != NULL)
            return _cli_ti4_bad_input (COMMAND, json, text);
        }
      dice = ADM_DICE_SOURCE (adm_dice_prng_new (seed));
    }

  /* An eligible system to retreat to (LRR 39.4.c) for a side told to retreat. */
  setup.arena = options.arena;
  setup.attacker_can_retreat = options.attacker_retreat_after >= 0;
  setup.defender_can_retreat = options.defender_retreat_after >= 0;
  combat = adm_ti4_combat_new (catalog, &setup, &error);
  if (combat == NULL)
    return _cli_ti4_bad_input (COMMAND, json, error->message);

  if (!adm_ti4_combat_run (combat, dice, &options, &error))
    {
      const AdmTi4Need *need = adm_ti4_combat_get_need (combat);

      if (!save (combat, save_path, json))
        return CLI_EXIT_INVALID;
      if (g_error_matches (error, ADM_DICE_ERROR, ADM_DICE_ERROR_EMPTY))
        {
          g_autofree char *needed = adm_dice_describe (need->count, 10);

          /* Translators: "--dice ran out after 3 values: round 2, “Defender: 1 Cruiser,
           * combat roll, hit on 7+” (LRR 39.5) needs 2d10 but only 1 is left" */
          return _cli_invalid (json,
                               ngettext ("--dice ran out after %u value: round %u, “%s” (%s) "
                                         "needs %s but only %u is left",
                                         "--dice ran out after %u values: round %u, “%s” (%s) "
                                         "needs %s but only %u are left", typed),
                               typed, need->round, need->purpose, need->clause, needed,
                               adm_dice_queue_get_length (ADM_DICE_QUEUE (dice)));
        }
      return _cli_invalid (json, "%s", error->message);
    }
  if (!save (combat, save_path, json))
    return CLI_EXIT_INVALID;

  if (json)
    print_json (combat, seed, dice_text == NULL);
  else
    {
      g_autoptr(AdmDoc) doc = adm_ti4_combat_report (combat);
      g_autofree char *text = adm_doc_to_text (doc);

      if (dice_text == NULL)
        {
          g_autofree char *seed_shown = g_strdup_printf ("%" G_GUINT64_FORMAT, seed);

          /* Translators: the seed that repeats this battle with --seed */
          g_print (_("Dice rolled from seed %s\n"), seed_shown);
        }
      g_print ("%s", text);
      if (!g_str_has_suffix (text, "\n"))
        g_print ("\n");
    }
  return CLI_EXIT_OK;
}
