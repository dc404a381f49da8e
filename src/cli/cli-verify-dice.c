/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-verify-dice.c: `admiralty-cli verify-dice CAMPAIGN ENGAGEMENT` — every program roll of a
 * campaign battle derived again from the secret its ending revealed, and compared with the
 * journal (adm-dice-ledger.h, docs/dice.md). ENGAGEMENT is the engagement's id or the first 16
 * digits of its battle's dice commitment, which the admirals' portal pages print: they are not
 * told engagement ids. Typed-in dice are listed as typed, not checked.
 * --as SIDE lists only the rolls that side may see (the audience filter). Reads the campaign,
 * changes no file; exit 1 names the first roll that does not match. */

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "adm-dice-page.h"
#include "cli-private.h"
#include "adm-campaign-battles.h"
#include "adm-dice-contribution.h"
#include "adm-dice-ledger.h"

/* The digits of a dice commitment that name its battle: as many as the portal prints. */
#define COMMITMENT_PREFIX_LENGTH 16

typedef struct {
  guint         matched;
  guint         typed;
  guint         unchecked;   /* not revealed yet, no commitment, origin not recorded */
  AdmDiceCheck *mismatch;    /* the first, borrowed */
} Tally;

static Tally
tally_of (GPtrArray *checks)
{
  Tally tally = { 0, };

  for (guint i = 0; i < checks->len; i++)
    {
      AdmDiceCheck *check = g_ptr_array_index (checks, i);

      if (check->verdict == ADM_DICE_VERDICT_MATCH)
        tally.matched++;
      else if (check->verdict == ADM_DICE_VERDICT_TYPED)
        tally.typed++;
      else if (check->verdict == ADM_DICE_VERDICT_MISMATCH && tally.mismatch == NULL)
        tally.mismatch = check;
      else if (check->verdict != ADM_DICE_VERDICT_MISMATCH)
        tally.unchecked++;
    }
  return tally;
}

static void
print_commitments (GPtrArray *commitments)
{
  if (commitments->len == 0)
    g_print (_("No commitment: this battle's dice were not committed to (a battle fought "
               "before dice were, or with typed dice only).\n"));
  for (guint c = 0; c < commitments->len; c++)
    {
      const AdmDiceCommitment *commitment = g_ptr_array_index (commitments, c);

      /* Translators: "Commitment from roll 1: SHA-256 3fa9…" */
      g_print (_("Commitment from roll %u: %s\n"), commitment->from_roll, commitment->commitment);
      if (commitment->secret != NULL)
        g_print (_("  secret, revealed at the battle’s end: %s\n"), commitment->secret);
      else
        g_print (_("  secret not revealed: the battle is not over\n"));
    }
}

/* The sides' contributions to the battle's phases (adm-dice-contribution.h), shared by its
 * commitments. */
static GPtrArray *
mixes_of (GPtrArray *commitments)
{
  return commitments->len > 0
         ? ((const AdmDiceCommitment *) g_ptr_array_index (commitments, 0))->mixes : NULL;
}

/* The first phase of @commitments' contributions resolved with other declarations than those
 * its sides' dice were given for, or NULL. */
static const AdmDicePhaseMix *
declarations_mismatch (GPtrArray *commitments,
                       AdmBattle *battle)
{
  GPtrArray *mixes = mixes_of (commitments);

  for (guint m = 0; mixes != NULL && m < mixes->len; m++)
    if (adm_dice_mix_check_battle (g_ptr_array_index (mixes, m), battle) ==
        ADM_DECLARATIONS_MISMATCH)
      return g_ptr_array_index (mixes, m);
  return NULL;
}

static const char *const declarations_verdicts[] = {
  [ADM_DECLARATIONS_UNBOUND] = "unbound",
  [ADM_DECLARATIONS_MATCH] = "match",
  [ADM_DECLARATIONS_MISMATCH] = "mismatch",
  [ADM_DECLARATIONS_NOT_RESOLVED] = "not-resolved",
};

static void
print_declarations (const AdmDicePhaseMix *mix,
                    AdmBattle             *battle)
{
  switch (adm_dice_mix_check_battle (mix, battle))
    {
    case ADM_DECLARATIONS_UNBOUND:
      break;
    case ADM_DECLARATIONS_MATCH:
      /* Translators: the digest of a phase's declarations, then what became of them */
      g_print (_("  declarations locked: %s — the phase was resolved with them\n"),
               mix->declarations);
      break;
    case ADM_DECLARATIONS_MISMATCH:
      g_print (_("  declarations locked: %s — DO NOT MATCH the declarations the phase was "
                 "resolved with: they were changed after the dice were thrown\n"),
               mix->declarations);
      break;
    case ADM_DECLARATIONS_NOT_RESOLVED:
      g_print (_("  declarations locked: %s — the phase is not resolved yet\n"),
               mix->declarations);
      break;
    }
}

static void
print_contributions (GPtrArray *commitments,
                     AdmBattle *battle)
{
  GPtrArray *mixes = mixes_of (commitments);

  for (guint m = 0; mixes != NULL && m < mixes->len; m++)
    {
      const AdmDicePhaseMix *mix = g_ptr_array_index (mixes, m);

      /* Translators: "Contributions from roll 4 (turn 1, fire):" */
      g_print (_("Contributions from roll %u (turn %d, %s):"), mix->from, mix->turn, mix->phase);
      for (guint g = 0; g < mix->given->len; g++)
        {
          const AdmDiceContribution *given = g_ptr_array_index (mix->given, g);

          if (given->dice != NULL)
            /* Translators: a side's contribution: "barrayar 3 5", "(thrown by the master)" */
            g_print (" %s %s%s", given->side, given->dice,
                     g_str_equal (given->by, "master") ? _(" (thrown by the master)") : "");
          else
            g_print (" %s %s", given->side,
                     given->nonce != NULL ? given->nonce : _("(tap not shown)"));
          g_print (g + 1 < mix->given->len ? ";" : "");
        }
      g_print ("\n");
      print_declarations (mix, battle);
    }
}

/* How a checked roll was drawn: with its phase's contributions, or foreseeably. */
static const char *
describe_mix (const AdmDiceCheck *check)
{
  if (check->verdict != ADM_DICE_VERDICT_MATCH && check->verdict != ADM_DICE_VERDICT_MISMATCH)
    return "";
  if (check->fresh)
    return _(", mixed with its phase's contributions");
  if (check->mix != NULL)
    return _(", mixed with an earlier phase's contributions: foreseeable by the secret's keeper");
  return _(", from the secret alone: foreseeable by the secret's keeper");
}

static void
print_text (const char *engagement_id,
            AdmBattle  *battle,
            GPtrArray  *commitments,
            GPtrArray  *checks)
{
  Tally tally = tally_of (checks);
  const AdmDicePhaseMix *mix;

  /* Translators: "Dice of engagement c1-3, Battle at Pol orbit" */
  g_print (_("Dice of engagement %s, %s\n"), engagement_id, adm_battle_get_name (battle));
  print_commitments (commitments);
  print_contributions (commitments, battle);
  g_print ("\n");
  for (guint i = 0; i < checks->len; i++)
    {
      const AdmDiceCheck *check = g_ptr_array_index (checks, i);
      const AdmBattleRoll *roll = check->roll;
      g_autofree char *dice = adm_dice_describe (roll->n_values, roll->sides);
      g_autofree char *values = adm_roll_check_values_text (roll->values, roll->n_values, " ");
      g_autofree char *verdict = adm_dice_check_describe (check);

      /* Translators: roll number, turn, phase, dice ("2d6"), values, clause, purpose,
       * verdict: "Roll 4, turn 1, fire: 2d6 3 5 (F-ART-11 Vorberg's bow battery…) — matches" */
      g_print (_("Roll %u, turn %d, %s: %s %s (%s %s) — %s%s\n"), check->number, roll->turn,
               adm_phase_to_string (roll->phase), dice, values,
               roll->clause != NULL ? roll->clause : "", adm_battle_roll_get_purpose (roll),
               verdict, describe_mix (check));
      if (check->verdict == ADM_DICE_VERDICT_MISMATCH)
        {
          g_autofree char *derived = adm_roll_check_values_text (check->derived,
                                                                 roll->n_values, " ");

          g_print (_("  the secret gives %s\n"), derived);
        }
    }
  g_print ("\n");
  if (tally.mismatch != NULL)
    {
      g_autofree char *journal = adm_roll_check_values_text (tally.mismatch->roll->values,
                                                             tally.mismatch->roll->n_values,
                                                             " ");
      g_autofree char *derived = adm_roll_check_values_text (tally.mismatch->derived,
                                                             tally.mismatch->roll->n_values,
                                                             " ");

      g_print (_("Roll %u does not match its commitment: the journal has %s, the secret gives "
                 "%s.\n"), tally.mismatch->number, journal, derived);
    }
  else
    g_print (g_dngettext (GETTEXT_PACKAGE, "%u program roll matches its commitment",
                          "%u program rolls match their commitment", tally.matched),
             tally.matched);
  if (tally.mismatch == NULL)
    g_print (g_dngettext (GETTEXT_PACKAGE, "; %u typed in, not checked",
                          "; %u typed in, not checked", tally.typed), tally.typed);
  if (tally.mismatch == NULL)
    g_print (g_dngettext (GETTEXT_PACKAGE, "; %u not checked (yet).\n",
                          "; %u not checked (yet).\n", tally.unchecked), tally.unchecked);
  if ((mix = declarations_mismatch (commitments, battle)) != NULL)
    /* Translators: "Turn 2, phase “fire” was resolved with …" */
    g_print (_("Turn %d, phase “%s” was resolved with other declarations than those its sides' "
               "dice were thrown for.\n"), mix->turn, mix->phase);
}

static void
add_values (JsonBuilder *builder,
            const char  *name,
            const guint *values,
            guint        n_values)
{
  json_builder_set_member_name (builder, name);
  json_builder_begin_array (builder);
  for (guint v = 0; v < n_values; v++)
    json_builder_add_int_value (builder, values[v]);
  json_builder_end_array (builder);
}

static void
add_commitments_json (JsonBuilder *builder,
                      GPtrArray   *commitments)
{
  json_builder_set_member_name (builder, "commitments");
  json_builder_begin_array (builder);
  for (guint c = 0; c < commitments->len; c++)
    {
      const AdmDiceCommitment *commitment = g_ptr_array_index (commitments, c);

      json_builder_begin_object (builder);
      _cli_add_string (builder, "commitment", commitment->commitment);
      _cli_add_int (builder, "from_roll", commitment->from_roll);
      _cli_add_string_or_null (builder, "secret", commitment->secret);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

static void
add_contributions_json (JsonBuilder *builder,
                        GPtrArray   *commitments,
                        AdmBattle   *battle)
{
  GPtrArray *mixes = mixes_of (commitments);

  json_builder_set_member_name (builder, "contributions");
  json_builder_begin_array (builder);
  for (guint m = 0; mixes != NULL && m < mixes->len; m++)
    {
      const AdmDicePhaseMix *mix = g_ptr_array_index (mixes, m);

      json_builder_begin_object (builder);
      _cli_add_int (builder, "from", mix->from);
      _cli_add_int (builder, "turn", mix->turn);
      _cli_add_string (builder, "phase", mix->phase);
      _cli_add_string_or_null (builder, "mix", mix->mix);
      _cli_add_string_or_null (builder, "declarations", mix->declarations);
      _cli_add_string (builder, "declarations_verdict",
                       declarations_verdicts[adm_dice_mix_check_battle (mix, battle)]);
      json_builder_set_member_name (builder, "given");
      json_builder_begin_array (builder);
      for (guint g = 0; g < mix->given->len; g++)
        {
          const AdmDiceContribution *given = g_ptr_array_index (mix->given, g);

          json_builder_begin_object (builder);
          _cli_add_string (builder, "side", given->side);
          _cli_add_string (builder, "by", given->by);
          _cli_add_string_or_null (builder, "dice", given->dice);
          _cli_add_string_or_null (builder, "commit", given->commit);
          _cli_add_string_or_null (builder, "nonce", given->nonce);
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

static void
add_check_json (JsonBuilder        *builder,
                const AdmDiceCheck *check)
{
  const AdmBattleRoll *roll = check->roll;

  json_builder_begin_object (builder);
  _cli_add_int (builder, "roll", check->number);
  _cli_add_int (builder, "turn", roll->turn);
  _cli_add_string (builder, "phase", adm_phase_to_string (roll->phase));
  _cli_add_string (builder, "clause", roll->clause);
  _cli_add_string (builder, "purpose", adm_battle_roll_get_purpose (roll));
  _cli_add_int (builder, "sides", roll->sides);
  add_values (builder, "values", roll->values, roll->n_values);
  _cli_add_string (builder, "verdict", adm_dice_verdict_to_string (check->verdict));
  if (check->verdict == ADM_DICE_VERDICT_TYPED && check->commitment != NULL &&
      check->commitment->table != NULL)
    _cli_add_string (builder, "typed_at", check->commitment->table);
  if (check->derived != NULL)
    add_values (builder, "derived", check->derived, roll->n_values);
  if (check->mix != NULL)
    _cli_add_int (builder, "mixed_from", check->mix->from);
  json_builder_set_member_name (builder, "fresh");
  json_builder_add_boolean_value (builder, check->fresh);
  json_builder_end_object (builder);
}

static void
print_json (const char *engagement_id,
            AdmBattle  *battle,
            GPtrArray  *commitments,
            GPtrArray  *checks)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  Tally tally = tally_of (checks);

  json_builder_begin_object (builder);
  _cli_add_string (builder, "engagement", engagement_id);
  _cli_add_string (builder, "battle", adm_battle_get_name (battle));
  add_commitments_json (builder, commitments);
  add_contributions_json (builder, commitments, battle);
  json_builder_set_member_name (builder, "rolls");
  json_builder_begin_array (builder);
  for (guint i = 0; i < checks->len; i++)
    add_check_json (builder, g_ptr_array_index (checks, i));
  json_builder_end_array (builder);
  _cli_add_int (builder, "matched", tally.matched);
  _cli_add_int (builder, "typed", tally.typed);
  _cli_add_int (builder, "unchecked", tally.unchecked);
  json_builder_set_member_name (builder, "first_mismatch");
  if (tally.mismatch != NULL)
    json_builder_add_int_value (builder, tally.mismatch->number);
  else
    json_builder_add_null_value (builder);
  json_builder_end_object (builder);
  _cli_print_json (builder);
}

/* Whether @text is hexadecimal digits, in either case, and nothing else. */
static gboolean
is_hex (const char *text)
{
  for (const char *c = text; *c != '\0'; c++)
    if (!g_ascii_isxdigit (*c))
      return FALSE;
  return *text != '\0';
}

/* The engagements of @campaign, of every cycle, whose battle has a dice commitment beginning
 * with @digits (lowercase), in queue order (AdmQueuedEngagement*, owned). */
static GPtrArray *
find_by_commitment (AdmCampaign *campaign,
                    const char  *digits)
{
  GPtrArray *engagements = adm_campaign_get_engagements (campaign, 0);

  for (guint e = engagements->len; e > 0; e--)
    {
      AdmQueuedEngagement *engagement = g_ptr_array_index (engagements, e - 1);
      g_autoptr(GPtrArray) commitments = adm_campaign_get_dice_commitments (campaign,
                                                                            engagement->id);
      gboolean begins = FALSE;

      for (guint c = 0; !begins && c < commitments->len; c++)
        begins = g_str_has_prefix (((const AdmDiceCommitment *)
                                    g_ptr_array_index (commitments, c))->commitment, digits);
      if (!begins)
        g_ptr_array_remove_index (engagements, e - 1);
    }
  return engagements;
}

/* The engagement @name names: the one of that id, as adm_campaign_find_engagement () finds it;
 * else, for COMMITMENT_PREFIX_LENGTH hexadecimal digits or more in either case, the one whose
 * battle has a dice commitment beginning with them. NULL with @error otherwise: the message
 * of an unknown id, which lists the campaign's engagement ids and no commitment, with how an
 * engagement is named; or, when more than one battle's commitment begins so, their
 * engagements. */
static AdmQueuedEngagement *
find_engagement (AdmCampaign  *campaign,
                 const char   *name,
                 GError      **error)
{
  g_autoptr(GError) unknown = NULL;
  AdmQueuedEngagement *engagement = adm_campaign_find_engagement (campaign, name, &unknown);
  g_autoptr(GPtrArray) found = NULL;
  g_autofree char *digits = NULL;
  gsize length = strlen (name);

  if (engagement != NULL)
    return engagement;
  if (!is_hex (name))
    {
      g_set_error (error, unknown->domain, unknown->code,
                   /* Translators: %s is the message of an unknown engagement id: "There is no
                    * engagement “c9-1”; the campaign has: c1-1, c1-2; an engagement is named
                    * by its id or by the first 16 digits of its dice commitment" */
                   _("%s; an engagement is named by its id or by the first 16 digits of its "
                     "dice commitment"), unknown->message);
      return NULL;
    }
  if (length < COMMITMENT_PREFIX_LENGTH)
    {
      g_set_error (error, unknown->domain, unknown->code,
                   /* Translators: %s is the message of an unknown engagement id, %u how many
                    * digits were given: "…; an engagement is named by its id or by the first
                    * 16 digits of its dice commitment: 15 digits are too few" */
                   g_dngettext (GETTEXT_PACKAGE,
                                "%s; an engagement is named by its id or by the first 16 "
                                "digits of its dice commitment: %u digit is too few",
                                "%s; an engagement is named by its id or by the first 16 "
                                "digits of its dice commitment: %u digits are too few", length),
                   unknown->message, (guint) length);
      return NULL;
    }
  digits = g_ascii_strdown (name, -1);
  found = find_by_commitment (campaign, digits);
  if (found->len == 1)
    return g_ptr_array_steal_index (found, 0);
  if (found->len > 1)
    {
      g_autofree char *ids = adm_engagements_list_ids (found);

      g_set_error (error, unknown->domain, unknown->code,
                   /* Translators: "“914c114da6ab82d4” is ambiguous: the dice commitments of
                    * engagements c1-2, c2-1 begin with it" */
                   _("“%s” is ambiguous: the dice commitments of engagements %s begin with it"),
                   name, ids);
      return NULL;
    }
  g_set_error (error, unknown->domain, unknown->code,
               /* Translators: the first %s is the message of an unknown engagement id, the
                * second the digits given: "…; an engagement is named by its id or by the
                * first 16 digits of its dice commitment, and no battle's dice commitment
                * begins with “0123456789abcdef”" */
               _("%s; an engagement is named by its id or by the first 16 digits of its dice "
                 "commitment, and no battle's dice commitment begins with “%s”"),
               unknown->message, name);
  return NULL;
}

/* The offline verifier page (adm-dice-page.h) into @page_path. */
static CliExit
write_page (const char *page_path,
            const char *engagement_id,
            AdmBattle  *battle,
            GPtrArray  *commitments,
            GPtrArray  *checks,
            gboolean    json)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *data = adm_dice_page_data (engagement_id, battle, commitments, checks);
  g_autofree char *page = adm_dice_page_new (data);
  g_autofree char *display = g_filename_display_name (page_path);

  if (!g_file_set_contents_full (page_path, page, -1, G_FILE_SET_CONTENTS_CONSISTENT, 0644,
                                 &error))
    return _cli_invalid (json, _("The dice verifier page cannot be written to %s: %s"), display,
                         error->message);
  return CLI_EXIT_OK;
}

static CliExit
verify (const char *path,
        const char *engagement_name,
        const char *as_text,
        const char *page_path,
        gboolean    json)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = _cli_open_campaign (path, &error);
  g_autoptr(AdmQueuedEngagement) engagement = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(GPtrArray) commitments = NULL;
  g_autoptr(GPtrArray) checks = NULL;
  g_autofree char *display = g_filename_display_basename (path);
  g_autofree char *name = NULL;
  AdmAudience audience = adm_audience_master ();
  const char *engagement_id;
  const char *saved;

  if (campaign == NULL)
    return _cli_campaign_refused (path, json, CLI_BACKUP_IF_DAMAGED, error);
  engagement = find_engagement (campaign, engagement_name, &error);
  if (engagement == NULL)
    return _cli_invalid (json, "%s: %s", display, error->message);
  /* Named by its commitment or by its id, the engagement is shown by its id, as before. */
  engagement_id = engagement->id;
  saved = adm_campaign_get_battle (campaign, engagement_id, NULL, NULL);
  if (saved == NULL)
    return _cli_invalid (json, _("%s: engagement %s has no battle: no dice were rolled"),
                         display, engagement_id);
  name = g_strdup_printf (_("%s, engagement %s"), display, engagement_id);
  battle = adm_battle_load_game_memory (saved, strlen (saved), name, &error);
  if (battle == NULL)
    return _cli_invalid (json, "%s", error->message);
  if (as_text != NULL && !adm_audience_parse (battle, as_text, &audience, &error))
    return _cli_usage_error ("verify-dice", "%s", error->message);
  /* F-STRAT-3: the public of a campaign's battle is the public of its map, which is told
   * nothing of a formation it does not show, nor of a fight it was not told of. */
  if (audience.kind == ADM_AUDIENCE_PUBLIC)
    audience = adm_audience_public_of_campaign (
      adm_state_get_strategy (adm_campaign_get_state (campaign)),
      adm_campaign_get_scenario (campaign), &engagement->engagement);
  /* The revelation: once the truth is published, every side sees what the master does. */
  audience = adm_audience_of_campaign (adm_state_get_strategy (adm_campaign_get_state (campaign)),
                                       audience);

  commitments = adm_campaign_get_dice_commitments (campaign, engagement_id);
  checks = adm_dice_verify (commitments, engagement_id, battle, audience);
  if (page_path != NULL)
    {
      CliExit written = write_page (page_path, engagement_id, battle, commitments, checks, json);

      if (written != CLI_EXIT_OK)
        return written;
    }
  if (json)
    print_json (engagement_id, battle, commitments, checks);
  else
    print_text (engagement_id, battle, commitments, checks);
  return tally_of (checks).mismatch != NULL || declarations_mismatch (commitments, battle) != NULL
         ? CLI_EXIT_INVALID : CLI_EXIT_OK;
}

CliExit
_cli_verify_dice_run (int    argc,
                      char **argv)
{
  const char *command = "verify-dice";
  g_autoptr(GOptionContext) context = NULL;
  g_auto(GStrv) args = NULL;
  g_autofree char *as_text = NULL;
  g_autofree char *page_path = NULL;
  gboolean json = FALSE;
  const GOptionEntry entries[] = {
    { "as", 0, 0, G_OPTION_ARG_STRING, &as_text,
      N_("Only the rolls SIDE (a side's id or name, or “public”) may see; default the "
         "master's: all"), N_("SIDE") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Print {\"engagement\", \"battle\", \"commitments\", \"contributions\", \"rolls\", "
         "\"matched\", \"typed\", \"unchecked\", \"first_mismatch\"} as JSON"), NULL },
    { "page", 0, 0, G_OPTION_ARG_FILENAME, &page_path,
      N_("Also write FILE, a page that checks every roll again in a browser, offline (for a "
         "USB stick)"), N_("FILE") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &args, NULL, NULL },
    { NULL }
  };

  context = _cli_context_new (command, _("CAMPAIGN.admiralty ENGAGEMENT"),
                              _("Checks a campaign battle's program dice: each roll derived "
                                "again from the secret revealed when the battle ended, "
                                "compared with the journal (docs/dice.md). ENGAGEMENT is the "
                                "engagement's id (admiralty-cli engagements) or the first 16 "
                                "digits of its battle's dice commitment, as the admirals' "
                                "portal pages print it. Typed-in dice are listed as typed. "
                                "Exit status 1 names the first roll that does not match."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!_cli_parse (context, command, &argc, &argv))
    return CLI_EXIT_USAGE;
  if (!_cli_check_value (command, "--as", as_text, FALSE))
    return CLI_EXIT_USAGE;
  if (!_cli_check_arguments (command, args,
                             _("unexpected argument “%s”; give one campaign file and one "
                               "engagement"),
                             _("no campaign file given"),
                             _("no engagement given; name it by its id (admiralty-cli "
                               "engagements) or by the first 16 digits of its dice "
                               "commitment"), NULL))
    return CLI_EXIT_USAGE;
  return verify (args[0], args[1], as_text, page_path, json);
}
