/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-odds.c: `admiralty-cli odds …` — the exact odds of a declared fire before it is rolled:
 * the chance of each number of damage points and of at least one critical, computed from
 * the ruleset's artillery table and rulings (F-ART-11, F-ART-12, F-ART-13, F-DES-1, F-DES-2,
 * F-DES-3, F-WPN-7, F-FORD-2, F-FORD-8), never sampled. */

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "cli-private.h"

typedef CliExit (*OddsFunc) (int argc, char **argv);

/* Torpedoes and mines are named so that the engine can say why they have no fire odds. */
static CliExit
parse_weapon (const char    *text,
              gboolean       json,
              AdmWeaponType *weapon)
{
  if (text == NULL || g_str_equal (text, "artillery"))
    *weapon = ADM_WEAPON_ARTILLERY;
  else if (g_str_equal (text, "destructor"))
    *weapon = ADM_WEAPON_DESTRUCTOR;
  else if (g_str_equal (text, "torpedo"))
    *weapon = ADM_WEAPON_TORPEDO;
  else if (g_str_equal (text, "mine"))
    *weapon = ADM_WEAPON_MINE;
  else
    return _cli_invalid (json, _("--weapon “%s” is not a weapon; give artillery or destructor"),
                         text);
  return CLI_EXIT_OK;
}

/* What is firing at what: "Firepower 7 artillery at approaching capital, shift -1". */
static void
append_firer (GString       *out,
              AdmWeaponType  weapon,
              int            firepower,
              int            halved_to,
              const char    *target,
              int            shift)
{
  g_autofree char *aspect = NULL;

  if (weapon == ADM_WEAPON_DESTRUCTOR)
    {
      if (halved_to < 0)
        g_string_append_printf (out, _("Firepower %d gravi-destructors"), firepower);
      else
        g_string_append_printf (out, _("Firepower %d halved to %d, gravi-destructors"),
                                firepower, halved_to);
      return;
    }

  /* "approaching-capital" reads as "approaching capital". */
  aspect = g_strdelimit (g_strdup (target), "-", ' ');
  if (halved_to < 0)
    g_string_append_printf (out, _("Firepower %d artillery at %s"), firepower, aspect);
  else
    g_string_append_printf (out, _("Firepower %d halved to %d, artillery at %s"),
                            firepower, halved_to, aspect);
  if (shift != 0)
    g_string_append_printf (out, _(", shift %+d"), shift);
}

/* What is rolled and what stands in its way: "6 dice hitting on 4+, 2 shields after armour". */
static void
append_roll (GString                *out,
             AdmWeaponType           weapon,
             const AdmFireOddsInput *input)
{
  g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%d die", "%d dice", input->dice),
                          input->dice);
  if (input->hit_on <= 1)
    g_string_append (out, _(" hitting on any roll"));
  else if (input->hit_on >= 7)
    g_string_append (out, _(" that cannot hit"));
  else
    g_string_append_printf (out, _(" hitting on %d+"), input->hit_on);

  if (input->shields == 0)
    g_string_append (out, _(", no shields"));
  else if (weapon == ADM_WEAPON_DESTRUCTOR)
    /* Translators: F-DES-2, shields block destructor hits. */
    g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, ", %d shield against the hits",
                                              ", %d shields against the hits", input->shields),
                            input->shields);
  else if (input->order == ADM_SHIELDS_BEFORE_ARMOUR)
    /* Translators: ruling shields-against-artillery, F-WPN-7. */
    g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, ", %d shield before armour",
                                              ", %d shields before armour", input->shields),
                            input->shields);
  else
    g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, ", %d shield after armour",
                                              ", %d shields after armour", input->shields),
                            input->shields);

  if (input->reroll)
    g_string_append (out, _(", target lock re-rolls misses once (F-FORD-2)"));
  if (input->save_on > 0)
    g_string_append_printf (out, _(", special shield saves each damage on %d+ (F-FORD-8)"),
                            input->save_on);
}

void
_cli_print_damage_odds (const AdmFireOdds *odds)
{
  g_autofree char *digits = g_strdup_printf ("%d", odds->max_damage);
  int width = (int) strlen (digits);

  for (int k = 0; k <= odds->max_damage; k++)
    g_print (_("  %*d damage: %.2f %%  (at least %d: %.2f %%)\n"),
             width, k, 100.0 * odds->damage[k], k, 100.0 * adm_fire_odds_at_least (odds, k));
  g_print (_("Expected damage: %.2f\n"), odds->expected_damage);
}

void
_cli_add_damage_odds_json (JsonBuilder       *builder,
                           const AdmFireOdds *odds)
{
  json_builder_set_member_name (builder, "damage");
  json_builder_begin_array (builder);
  for (int k = 0; k <= odds->max_damage; k++)
    json_builder_add_double_value (builder, odds->damage[k]);
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "at_least");
  json_builder_begin_array (builder);
  for (int k = 0; k <= odds->max_damage; k++)
    json_builder_add_double_value (builder, adm_fire_odds_at_least (odds, k));
  json_builder_end_array (builder);
  _cli_add_double (builder, "expected", odds->expected_damage);
}

static void
print_text (AdmWeaponType           weapon,
            int                     firepower,
            int                     halved_to,
            const char             *target,
            int                     shift,
            int                     column,
            const AdmFireOddsInput *input,
            const AdmFireOdds      *odds)
{
  g_autoptr(GString) header = g_string_new (NULL);

  append_firer (header, weapon, firepower, halved_to, target, shift);
  g_string_append (header, ": ");
  if (weapon == ADM_WEAPON_ARTILLERY && column == 0)
    /* Translators: the ruling's id is data, keep it as it is. */
    g_string_append (header, _("no shot — the shift moves past the edge of the table "
                               "(ruling artillery-shift-past-edge, F-ART-10)"));
  else
    append_roll (header, weapon, input);
  g_print ("%s\n", header->str);
  _cli_print_damage_odds (odds);
  g_print (_("At least one critical: %.2f %%\n"), 100.0 * odds->p_critical);
  /* The odds of a shot alone: in a battle the fire declared before it in the phase meets the
   * pool first (F-FIRE-4, F-SHLD-1); the Orders pane counts it, this command cannot. */
  if (input->shields > 0)
    g_print (ngettext ("This fire alone against %d shield block: fire declared before it in "
                       "the phase at the same pool leaves fewer (F-FIRE-4, F-SHLD-1).\n",
                       "This fire alone against %d shield blocks: fire declared before it in "
                       "the phase at the same pool leaves fewer (F-FIRE-4, F-SHLD-1).\n",
                       input->shields), input->shields);
}

static void
print_json (const AdmFireOddsInput *input,
            const AdmFireOdds      *odds)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  _cli_add_int (builder, "dice", input->dice);
  _cli_add_int (builder, "hit_on", input->hit_on);
  _cli_add_int (builder, "shields", input->shields);
  _cli_add_damage_odds_json (builder, odds);
  _cli_add_double (builder, "p_critical", odds->p_critical);
  json_builder_end_object (builder);
  _cli_print_json (builder);
}

/* The whole numbers of `odds fire`; armour and shields are only checked for being numbers
 * here, the engine says what is wrong with a negative one. */
static CliExit
parse_numbers (gboolean    json,
               const char *firepower_text,
               const char *shift_text,
               const char *armour_text,
               const char *shields_text,
               int        *firepower,
               int        *shift,
               int        *armour,
               int        *shields)
{
  CliExit status = _cli_parse_artillery (json, firepower_text, shift_text, firepower, shift);

  if (status != CLI_EXIT_OK)
    return status;
  if (!_cli_parse_int (armour_text, G_MININT, G_MAXINT, armour))
    return _cli_invalid (json, _("--armour “%s” is not an armour rating; give a whole number "
                                 "such as 4"), armour_text);
  if (!_cli_parse_int (shields_text, G_MININT, G_MAXINT, shields))
    return _cli_invalid (json, _("--shields “%s” is not a number of shields; give a whole "
                                 "number, 0 or more"), shields_text);
  return CLI_EXIT_OK;
}

static CliExit
odds_fire (int    argc,
           char **argv)
{
  const char *command = "odds fire";
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(AdmRuleset) ruleset = NULL;
  g_autoptr(AdmFireOdds) odds = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *weapon_text = NULL, *firepower_text = NULL, *target = NULL;
  g_autofree char *shift_text = NULL, *armour_text = NULL, *shields_text = NULL;
  g_autofree char *ruleset_id = NULL;
  gboolean halved = FALSE, target_lock = FALSE, special_shield = FALSE, json = FALSE;
  gboolean artillery;
  AdmWeaponType weapon = ADM_WEAPON_ARTILLERY;
  AdmFireOddsInput input;
  CliExit status;
  int firepower = 0, shift = 0, armour = 0, shields = 0, column = 0, halved_to = -1;
  const GOptionEntry entries[] = {
    { "weapon", 0, 0, G_OPTION_ARG_STRING, &weapon_text,
      N_("Weapon: artillery (default) or destructor (gravi-destructors)"), N_("WEAPON") },
    { "firepower", 0, 0, G_OPTION_ARG_STRING, &firepower_text,
      N_("Total firepower of the firing batteries, 0 or more"), N_("N") },
    { "target", 0, 0, G_OPTION_ARG_STRING, &target,
      N_("Artillery only: target and aspect, such as approaching-capital, receding-escort, "
         "orbital or torpedo"), N_("TARGET") },
    { "shift", 0, 0, G_OPTION_ARG_STRING, &shift_text,
      N_("Artillery only: column shift, -1 within half range (F-ART-8), +1 beyond 3/4 range "
         "(F-ART-9) or behind an explosion marker (F-ART-10); default 0"), N_("S") },
    { "armour", 0, 0, G_OPTION_ARG_STRING, &armour_text,
      N_("Artillery only: the target's armour rating; a die at or above it hits (F-ART-12)"),
      N_("N") },
    { "shields", 0, 0, G_OPTION_ARG_STRING, &shields_text,
      N_("The target's shields still up this fire phase (F-SHLD-1); default 0"), N_("N") },
    { "halved", 0, 0, G_OPTION_ARG_NONE, &halved,
      N_("Firepower halved by an order (F-MOVE-15, F-FORD-10)"), NULL },
    { "target-lock", 0, 0, G_OPTION_ARG_NONE, &target_lock,
      N_("The firer holds the target lock order: missed dice are re-rolled once (F-FORD-2)"),
      NULL },
    { "special-shield", 0, 0, G_OPTION_ARG_NONE, &special_shield,
      N_("The target reinforces its special force shield: each damage is saved on a d6 at or "
         "above the ruleset's save number (F-FORD-8)"), NULL },
    { "ruleset", 0, 0, G_OPTION_ARG_STRING, &ruleset_id,
      N_("Rules to use (default forcon-2010)"), N_("ID") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Print {\"dice\", \"hit_on\", \"shields\", \"damage\", \"at_least\", \"expected\", "
         "\"p_critical\"} as JSON"), NULL },
    { NULL }
  };

  context = _cli_context_new (command, NULL,
                              _("Prints the exact chance of each number of damage points and "
                                "of at least one critical (F-ART-13, F-DES-3) for a declared "
                                "fire, before it is rolled. Shields against artillery follow "
                                "the ruling shields-against-artillery (F-WPN-7)."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!_cli_parse (context, command, &argc, &argv))
    return CLI_EXIT_USAGE;
  /* Torpedoes and mines need no target: the engine refuses them for what they are. */
  artillery = weapon_text == NULL || g_strcmp0 (weapon_text, "artillery") == 0;
  if (!_cli_check_value (command, "--weapon", weapon_text, FALSE)
      || !_cli_check_value (command, "--firepower", firepower_text, TRUE)
      || !_cli_check_value (command, "--target", target, artillery)
      || !_cli_check_value (command, "--shift", shift_text, FALSE)
      || !_cli_check_value (command, "--armour", armour_text, artillery)
      || !_cli_check_value (command, "--shields", shields_text, FALSE)
      || !_cli_check_value (command, "--ruleset", ruleset_id, FALSE)
      || !_cli_check_no_arguments (command, argc, argv))
    return CLI_EXIT_USAGE;

  status = parse_weapon (weapon_text, json, &weapon);
  if (status == CLI_EXIT_OK)
    status = parse_numbers (json, firepower_text, shift_text, armour_text, shields_text,
                            &firepower, &shift, &armour, &shields);
  if (status != CLI_EXIT_OK)
    return status;

  ruleset = _cli_load_ruleset (ruleset_id, json);
  if (ruleset == NULL)
    return CLI_EXIT_INVALID;
  status = artillery ? _cli_check_target (ruleset, target, json) : CLI_EXIT_OK;
  if (status != CLI_EXIT_OK)
    return status;
  if (!adm_ruleset_fire_odds_input (ruleset, weapon, firepower, target, shift, armour, shields,
                                    halved, target_lock, special_shield, &input, &column,
                                    &error))
    return _cli_invalid (json, "%s", error->message);
  odds = adm_fire_odds_compute (&input);

  if (json)
    print_json (&input, odds);
  else
    {
      if (halved)
        halved_to = adm_ruleset_halve_firepower (ruleset, firepower);
      print_text (weapon, firepower, halved_to, target, shift, column, &input, odds);
    }
  return CLI_EXIT_OK;
}

CliExit
_cli_odds_run (int    argc,
               char **argv)
{
  static const struct {
    const char *name;
    OddsFunc    func;
  } kinds[] = {
    { "fire", odds_fire },
    { "boarding", _cli_odds_boarding_run },
    { "torpedo", _cli_odds_torpedo_run },
  };
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GString) names = g_string_new (NULL);

  context = _cli_context_new ("odds", _("KIND …"),
                              _("Computes exact odds with the rules' data and rulings, before "
                                "the dice are rolled.\n"
                                "\n"
                                "Kinds:\n"
                                "  fire      damage and criticals of artillery or "
                                "gravi-destructor fire (F-ART-11, F-ART-12, F-ART-13, "
                                "F-DES-1, F-DES-2, F-DES-3)\n"
                                "  boarding  one boarding round: who wins, what the loser "
                                "loses, captures (F-BOARD-13, F-BOARD-14, F-BOARD-15)\n"
                                "  torpedo   damage and criticals of a torpedo salvo after "
                                "anti-torpedo fire and armour (F-TORP-7, F-TORP-13)\n"
                                "\n"
                                "“admiralty-cli odds KIND --help” shows a kind's options."));
  /* Options after the kind belong to the kind. */
  g_option_context_set_strict_posix (context, TRUE);
  if (!_cli_parse (context, "odds", &argc, &argv))
    return CLI_EXIT_USAGE;
  for (gsize i = 0; i < G_N_ELEMENTS (kinds); i++)
    g_string_append_printf (names, "%s%s", i > 0 ? ", " : "", kinds[i].name);
  if (argc < 2)
    return _cli_usage_error ("odds", _("no kind of odds given; the kinds are %s"), names->str);

  for (gsize i = 0; i < G_N_ELEMENTS (kinds); i++)
    if (g_strcmp0 (argv[1], kinds[i].name) == 0)
      return kinds[i].func (argc - 1, argv + 1);

  return _cli_usage_error ("odds", _("unknown kind of odds “%s”; the kinds are %s"),
                           argv[1], names->str);
}
