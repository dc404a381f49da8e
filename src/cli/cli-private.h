/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-private.h: what the files of admiralty-cli share; for src/cli/ only. */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "adm-audience.h"
#include "adm-battle-orders.h"
#include "adm-battle.h"
#include "adm-campaign.h"
#include "adm-dice-queue.h"
#include "adm-journal.h"
#include "adm-odds.h"
#include "adm-ruleset.h"
#include "adm-scenario.h"
#include "adm-state.h"
#include "adm-strategy.h"
#include "adm-ti4-catalog.h"
#include "adm-ti4-combat.h"
#include "adm-ti4-fleet.h"
#include "adm-ti4-odds.h"

G_BEGIN_DECLS

/* Exit statuses: the issue fixes them, scripts rely on them. */
typedef enum {
  CLI_EXIT_OK      = 0, /* the command did what was asked */
  CLI_EXIT_INVALID = 1, /* a file or a value is wrong */
  CLI_EXIT_USAGE   = 2, /* unknown command or option, missing option or value */
} CliExit;

/* A GOptionContext for @command ("table artillery"), with the program's translation domain
 * and a --help that names the command. @summary is translated. */
GOptionContext *_cli_context_new          (const char     *command,
                                           const char     *parameter_string,
                                           const char     *summary) G_GNUC_WARN_UNUSED_RESULT;
/* Parses @argv for @command; a parse error (unknown option, missing value) is reported as
 * bad usage and gives FALSE. */
gboolean        _cli_parse                (GOptionContext *context,
                                           const char     *command,
                                           int            *argc,
                                           char         ***argv);

/* Reports bad usage of @command on stderr with a pointer to its --help; returns
 * CLI_EXIT_USAGE. */
CliExit         _cli_usage_error          (const char     *command,
                                           const char     *format,
                                           ...) G_GNUC_PRINTF (2, 3);
/* Reports a wrong value or file on stderr and, with @json, as {"error": …} on stdout;
 * returns CLI_EXIT_INVALID. */
CliExit         _cli_invalid              (gboolean        json,
                                           const char     *format,
                                           ...) G_GNUC_PRINTF (2, 3);

/* Checks that @option got a value, and got one when @required; GOption takes the next
 * argument as the value even when it is another option ("--roll --json"). Reports bad usage
 * and gives FALSE otherwise. */
gboolean        _cli_check_value          (const char     *command,
                                           const char     *option,
                                           const char     *value,
                                           gboolean        required);
/* Checks that nothing is left of @argv after its options (a command's name in argv[0]);
 * reports bad usage and gives FALSE otherwise. */
gboolean        _cli_check_no_arguments   (const char     *command,
                                           int             argc,
                                           char          **argv);

/* Checks the arguments left of @argv after its options, @args (NULL for none): one for each
 * sentence given after @too_many, which says what is missing when that argument is not there
 * ("no campaign file given"), and no more; @too_many, with a %s for the first argument too
 * many, says what to give instead. Reports bad usage with the first sentence that applies and
 * gives FALSE otherwise. */
gboolean        _cli_check_arguments      (const char     *command,
                                           char          **args,
                                           const char     *too_many,
                                           ...) G_GNUC_PRINTF (3, 0) G_GNUC_NULL_TERMINATED;

/* Prints @builder's root as one line of JSON on stdout, in UTF-8 whatever the locale. */
void            _cli_print_json           (JsonBuilder    *builder);
/* The member @name of the object @builder is building, and its value. */
void            _cli_add_string           (JsonBuilder    *builder,
                                           const char     *name,
                                           const char     *value);
/* The same, with null for a NULL @value. */
void            _cli_add_string_or_null   (JsonBuilder    *builder,
                                           const char     *name,
                                           const char     *value);
void            _cli_add_int              (JsonBuilder    *builder,
                                           const char     *name,
                                           gint64          value);
void            _cli_add_double           (JsonBuilder    *builder,
                                           const char     *name,
                                           double          value);
/* Prints {"error": @message} so. */
void            _cli_print_json_error     (const char     *message);

/* Reads @text as a whole number from @min to @max (within int) into @out: FALSE, @out
 * untouched, when it is not one — the caller gives its own refusal. A NULL @text is an
 * option not given: TRUE, @out untouched. */
gboolean        _cli_parse_int            (const char     *text,
                                           gint64          min,
                                           gint64          max,
                                           int            *out);

/* Reads @text as a cycle number, 1 or more, into @out: FALSE, @out untouched, when it is not
 * one — the caller gives its own refusal. A NULL @text is an option not given: TRUE, @out
 * untouched. */
gboolean        _cli_parse_cycle          (const char     *text,
                                           guint          *out);

/* Seeds are 64-bit: --seed takes a whole number 0–18446744073709551615 and refuses anything
 * beyond (never clamps). NULL on success, else the message (for --@option). */
char           *_cli_parse_seed           (const char     *option,
                                           const char     *text,
                                           guint64        *seed) G_GNUC_WARN_UNUSED_RESULT;
/* A seed in JSON, losslessly: a number below 2^53 (every JSON reader keeps it exactly), a
 * decimal string from 2^53 on. */
#define CLI_JSON_MAX_EXACT_INT (G_GUINT64_CONSTANT (1) << 53)
void            _cli_add_seed_json        (JsonBuilder    *builder,
                                           guint64         seed);

/* The ruleset @id, or "forcon-2010" when @id is NULL; reports a failure with _cli_invalid. */
AdmRuleset     *_cli_load_ruleset         (const char     *id,
                                           gboolean        json) G_GNUC_WARN_UNUSED_RESULT;

/* `journal`, `undo`, `redo` (cli-journal.c): a journaled file's actions; undo and redo. */
CliExit         _cli_journal_run          (int             argc,
                                           char          **argv);
CliExit         _cli_battle_run           (int             argc,
                                           char          **argv);
/* What `battle` and `join` (cli-join.c) share of playing a battle and printing it
 * (cli-battle.c). Where the dice come from, for the heading of the output and the JSON. */
typedef struct {
  AdmDiceSource *source;
  AdmDiceQueue  *queue;      /* --dice; NULL with a seed */
  guint64        seed;
  gboolean       seeded;     /* a seed was given, or the battle has one */
  char          *commitment; /* a campaign battle's program dice: their commitment */
} CliBattleDice;

void            _cli_battle_dice_clear    (CliBattleDice  *dice);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CliBattleDice, _cli_battle_dice_clear)
/* --turns: a whole number of turns (1 when @text is NULL) into @turns. */
CliExit         _cli_battle_parse_turns   (const char     *text,
                                           gboolean        json,
                                           int            *turns);
/* --seed N or the battle's own seed (1 when it has none) for a PRNG; --dice for a queue. */
CliExit         _cli_battle_make_dice     (AdmBattle      *battle,
                                           const char     *seed_text,
                                           const char     *dice_text,
                                           gboolean        json,
                                           CliBattleDice  *dice);
/* Plays @turns turns with @orders and @dice; a refused turn is reported naming
 * @battle_file and changes nothing of that turn. */
CliExit         _cli_battle_play          (AdmBattle             *battle,
                                           const AdmBattleOrders *orders,
                                           AdmDiceSource         *dice,
                                           int                    turns,
                                           const char            *battle_file,
                                           gboolean               json);
/* Before each phase _cli_battle_play_phases () resolves: the dice to roll it with, or NULL
 * with @error saying why it is not rolled (and the play stops there). */
typedef AdmDiceSource *(*CliPhaseDice) (AdmBattle           *battle,
                                        const AdmTurnOrders *orders,
                                        gpointer             data,
                                        GError             **error);
/* Plays @turns turns with @orders phase by phase, each phase with the dice @phase_dice gives
 * it; a refused phase is reported naming @battle_file, the phases before it standing. */
CliExit         _cli_battle_play_phases   (AdmBattle             *battle,
                                           const AdmBattleOrders *orders,
                                           int                    turns,
                                           const char            *battle_file,
                                           gboolean               json,
                                           CliPhaseDice           phase_dice,
                                           gpointer               data);
/* The battle as @audience sees it after @turns turns: report, ships, markers, dice; with
 * @json as one JSON object, with @table (may be NULL) as its member "table". */
void            _cli_battle_print         (AdmBattle             *battle,
                                           AdmAudience            audience,
                                           const char            *audience_text,
                                           const AdmBattleOrders *orders,
                                           int                    turns,
                                           CliBattleDice         *dice,
                                           JsonNode              *table,
                                           gboolean               json);
/* `join` (cli-join.c): a table master fights an engagement assigned to his table. */
CliExit         _cli_join_run             (int             argc,
                                           char          **argv);
/* adm_campaign_open (), and when the file's end was cut mid-save the note saying it
 * opened at the last complete action, FILE:LINE, printed on stderr — never silently. */
AdmCampaign    *_cli_open_campaign        (const char      *path,
                                           GError         **error);
/* A checkpoint the campaign's save could not keep ("checkpoint-failed") said on stderr: the
 * campaign itself is saved. _cli_open_campaign () watches the campaigns it opens. */
void            _cli_watch_checkpoints    (AdmCampaign     *campaign);
/* _cli_open_campaign () of a campaign the command writes: its file locked first and held until
 * the campaign goes (adm_campaign_open_for_writing ()), so that a second writer — the app,
 * another command, `serve` — is refused with a message naming the one writing it. */
AdmCampaign    *_cli_open_campaign_for_writing (const char *path,
                                                GError    **error);
/* Which backup the refusal of a campaign file that did not open names beside the engine's
 * message: none, a damaged file's newest backup that opens, or that of a damaged file or of
 * one that is gone (a failed copy, a slip of the hand). */
typedef enum {
  CLI_BACKUP_NONE,
  CLI_BACKUP_IF_DAMAGED,
  CLI_BACKUP_IF_DAMAGED_OR_GONE,
} CliBackup;
/* The refusal of a campaign file that did not open (@error): its message, and the newest
 * backup that opens as @backup says. */
CliExit         _cli_campaign_refused     (const char      *path,
                                           gboolean         json,
                                           CliBackup        backup,
                                           const GError    *error);
/* A saved campaign a command journals in, into @campaign: _cli_open_campaign_for_writing ()
 * of @path (locked, held until the campaign goes). A file that does not open is refused as
 * _cli_campaign_refused () says with @backup; a scenario, which adm_campaign_open () gives no
 * file and so no journal to write to, with @scenario_refusal (naming @path). Returns
 * CLI_EXIT_OK, or the refusal's status with @campaign NULL; the command's append saves the
 * file. */
CliExit         _cli_open_saved_campaign  (const char      *path,
                                           gboolean         json,
                                           CliBackup        backup,
                                           AdmCampaign    **campaign,
                                           const char      *scenario_refusal,
                                           ...) G_GNUC_PRINTF (5, 6);
/* The same note for a journal read from a cut file (a battle's, a TI4 combat's). */
void            _cli_warn_recovered       (AdmJournal      *journal);
/* Who a --json picture of a campaign is for (--as, cli-viewer.c): the master
 * (everything), the public, or one side — a faction, or an admiral, who sees his faction's
 * picture and reads his own summary. */
typedef struct {
  gboolean          master;
  const AdmFaction *faction;   /* NULL for the master and the public */
  const char       *admiral;   /* an admiral's summary, or NULL */
} CliViewer;
/* "master", "public", an admiral's id or a faction's id; FALSE with @message otherwise. */
gboolean        _cli_parse_viewer         (AdmScenario        *scenario,
                                           const char         *text,
                                           CliViewer          *viewer,
                                           char              **message);
/* The viewer's own side: its faction and the faction's allies (the master's: all). */
gboolean        _cli_viewer_owns          (AdmScenario        *scenario,
                                           const CliViewer    *viewer,
                                           const AdmFormation *formation);
/* What the viewer knows of (adm_strategy_formation_visible ()). */
gboolean        _cli_viewer_sees          (AdmStrategy        *strategy,
                                           const CliViewer    *viewer,
                                           const AdmFormation *formation);
/* Whether the viewer knows of @engagement (adm_audience_knows_engagement ()). */
gboolean        _cli_viewer_knows_engagement (AdmState            *state,
                                           const CliViewer     *viewer,
                                           const AdmEngagement *engagement);
/* `engagements` (cli-engagements.c): a campaign's engagement queue, F-STRAT-4. */
CliExit         _cli_engagements_run      (int             argc,
                                           char          **argv);
/* The members of one roll of a dice log in a JSON object (cli-battle.c): "turn", "phase",
 * "purpose", "clause", "sides", "values", "dice", the rule's "check" and a table's "result". */
void            _cli_add_roll_members     (JsonBuilder         *builder,
                                           const AdmBattleRoll *roll);
/* `luck` (cli-luck.c): the luck ledger of a campaign's battles (adm-luck.h). */
CliExit         _cli_luck_run             (int             argc,
                                           char          **argv);
/* `archive` (cli-archive.c): a campaign's archive for the master or a side (adm-archive.h). */
CliExit         _cli_archive_run          (int             argc,
                                           char          **argv);
/* `cycle` (cli-cycle.c): one strategic cycle of a campaign from order sheets, F-STRAT-1, F-STRAT-2,
 * F-STRAT-3, F-STRAT-4, F-STRAT-5. */
CliExit         _cli_cycle_run            (int             argc,
                                           char          **argv);
CliExit         _cli_odds_run             (int             argc,
                                           char          **argv);
/* What `odds fire` and `odds torpedo` print of the damage of @odds (cli-odds.c): the chance
 * of each number of damage points and of at least that many, and the expected damage; as
 * lines of text, or as the members "damage", "at_least" and "expected" of a JSON object. */
void            _cli_print_damage_odds    (const AdmFireOdds *odds);
void            _cli_add_damage_odds_json (JsonBuilder       *builder,
                                           const AdmFireOdds *odds);
/* `odds torpedo` (cli-odds-torpedo.c): a salvo against a ship, F-TORP-7, F-TORP-13. */
CliExit         _cli_odds_torpedo_run     (int             argc,
                                           char          **argv);
/* `odds boarding` (cli-odds-boarding.c): one boarding round, F-BOARD-13, F-BOARD-14, F-BOARD-15. */
CliExit         _cli_odds_boarding_run    (int             argc,
                                           char          **argv);
/* `report` (cli-report.c): a campaign's reports, cards and sheets as a PDF or text. */
/* `scenario from-campaign` (cli-next-night.c). */
CliExit         _cli_scenario_from_campaign_run (int     argc,
                                                 char  **argv);
CliExit         _cli_report_run           (int             argc,
                                           char          **argv);
/* `assign` (cli-assign.c): the master gives a formation to another admiral of its side. */
CliExit         _cli_assign_run           (int             argc,
                                           char          **argv);
/* `correct` (cli-correct.c): the master's corrections, each a journaled action. */
CliExit         _cli_correct_run          (int             argc,
                                           char          **argv);
/* `muster` (cli-muster.c): the muster before cycle 1, F-GEN-5, F-GEN-6, F-GEN-7. */
CliExit         _cli_muster_run           (int             argc,
                                           char          **argv);
/* `end-campaign` (cli-end-campaign.c): the master ends the campaign, and publishes the truth. */
CliExit         _cli_end_campaign_run     (int             argc,
                                           char          **argv);
/* `reveal` (cli-reveal.c): the master reveals a hidden formation to everyone, F-STRAT-3. */
CliExit         _cli_reveal_run           (int             argc,
                                           char          **argv);
/* `table-assign`, `table-take-back` (cli-tables.c): the chief master hands an engagement to
 * another table, or takes it back. */
CliExit         _cli_table_assign_run     (int             argc,
                                           char          **argv);
CliExit         _cli_import_run           (int             argc,
                                           char          **argv);
CliExit         _cli_table_take_back_run  (int             argc,
                                           char          **argv);
/* `dice-give` (cli-dice-give.c): a side's contribution to a battle phase's program dice. */
CliExit         _cli_dice_give_run        (int             argc,
                                           char          **argv);
/* `verify-dice` (cli-verify-dice.c): a campaign battle's program dice checked against their
 * commitment (docs/dice.md). */
CliExit         _cli_verify_dice_run      (int             argc,
                                           char          **argv);
/* `serve` (cli-serve.c): the admirals' portal, headless. */
CliExit         _cli_serve_run            (int             argc,
                                           char          **argv);
CliExit         _cli_table_run            (int             argc,
                                           char          **argv);
/* `table artillery` and `odds fire` (cli-odds.c): --firepower and --shift (F-ART-8, F-ART-9,
 * F-ART-10, F-ART-11), and the target of the ruleset's artillery table; a wrong one is refused with
 * _cli_invalid (). */
CliExit         _cli_parse_artillery      (gboolean        json,
                                           const char     *firepower_text,
                                           const char     *shift_text,
                                           int            *firepower,
                                           int            *shift);
CliExit         _cli_check_target         (AdmRuleset     *ruleset,
                                           const char     *target,
                                           gboolean        json);
/* `ti4` (cli-ti4.c): Twilight Imperium 4 combat, LRR 39 and 48; dispatches the subcommands. */
/* Shared by the `ti4` subcommands (cli-ti4.c): bad input reported on stderr, and as
 * {"error": …} with @json, giving CLI_EXIT_USAGE (the issue fixes exit 2 for bad unit lists);
 * the parsers of --attacker/--defender, --retreat-after and --policy, which put a message
 * naming the option in @message on failure. */
/* The options both `ti4` subcommands take, as GOption fills them. */
typedef struct {
  char     *attacker;
  char     *defender;
  char     *retreat_after;
  char     *defender_retreat_after;
  char     *policy;
  char     *defender_policy;
  gboolean  ground;
} CliTi4Args;

void            _cli_ti4_args_clear       (CliTi4Args     *args);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CliTi4Args, _cli_ti4_args_clear)
/* --attacker, --defender, --ground, --retreat-after, --defender-retreat-after, --policy and
 * --defender-policy, into @args. */
void            _cli_ti4_add_entries      (GOptionContext *context,
                                           CliTi4Args     *args);
/* _cli_check_value () on each: FALSE after reporting bad usage. */
gboolean        _cli_ti4_check_values     (const char     *command,
                                           CliTi4Args     *args);
/* Both fleets and the odds' options (arena, retreats, policies) from @args; FALSE with
 * @message naming the option when one is wrong. */
gboolean        _cli_ti4_read_setup       (CliTi4Args     *args,
                                           AdmTi4Catalog  *catalog,
                                           AdmTi4Fleet    *attacker,
                                           AdmTi4Fleet    *defender,
                                           AdmTi4OddsOptions *options,
                                           char          **message);
/* Both fleets as the members "attacker", "attacker_damaged", "defender" and
 * "defender_damaged" of a JSON object, each {"dreadnought": 2, …}. */
void            _cli_ti4_add_fleets_json  (JsonBuilder       *builder,
                                           AdmTi4Catalog     *catalog,
                                           const AdmTi4Fleet *attacker,
                                           const AdmTi4Fleet *defender);
/* @roll's members as `ti4 battle --json` gives a roll: "round", "side", "barrage", "hit_on",
 * "values", "hits", "purpose", "clause". */
void            _cli_ti4_add_roll_members (JsonBuilder       *builder,
                                           const AdmTi4Roll  *roll);
CliExit         _cli_ti4_bad_input        (const char     *command,
                                           gboolean        json,
                                           const char     *message);
gboolean        _cli_ti4_parse_fleet      (AdmTi4Catalog  *catalog,
                                           const char     *option,
                                           const char     *text,
                                           AdmTi4Fleet    *fleet,
                                           char          **message);
gboolean        _cli_ti4_parse_retreat    (const char     *option,
                                           const char     *text,
                                           int            *out,
                                           char          **message);
gboolean        _cli_ti4_parse_policy     (const char     *option,
                                           const char     *text,
                                           AdmTi4Policy   *out,
                                           char          **message);
CliExit         _cli_ti4_run              (int             argc,
                                           char          **argv);
/* `ti4 battle` (cli-ti4-battle.c): one combat resolved round by round (adm-ti4-combat.h). */
CliExit         _cli_ti4_battle_run       (int             argc,
                                           char          **argv);
/* `ti4 odds` (cli-ti4-odds.c): the exact odds of a combat (adm-ti4-odds.h). */
CliExit         _cli_ti4_odds_run         (int             argc,
                                           char          **argv);
/* `scenario` (cli-scenario.c): a new scenario; its order of battle read from and written as
 * CSV (adm-oob.h). */
CliExit         _cli_scenario_run         (int             argc,
                                           char          **argv);
CliExit         _cli_validate_run         (int             argc,
                                           char          **argv);

G_END_DECLS
