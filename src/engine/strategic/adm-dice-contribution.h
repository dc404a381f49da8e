/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-dice-contribution.h: the sides' contributions to a phase's program dice (docs/dice.md,
 * "What the sides add"). A secret committed to before the battle is known to its keeper, who
 * could foresee every roll from it; so once a phase's declarations are locked and before its
 * first roll, each side gives a fresh contribution — 2d6 thrown in front of every side and
 * typed in, or a tap on an admiral's phone, committed to before any contribution of the phase
 * is shown — and the phase's rolls mix them all in (adm_dice_derive_mixed ()). Each is a
 * journal entry through the one check ("dice-contribution", "dice-contribution-reveal",
 * adm-state.c); like a dice commitment, campaign Undo passes it by, and once journaled it
 * counts, undone or not: a phase undone and rolled again mixes the same contributions. */
#pragma once

#include <glib.h>

#include "adm-campaign.h"
#include "adm-battle.h"
#include "adm-dice-commit.h"

G_BEGIN_DECLS

/* The dice a side throws for its contribution: 2d6. */
#define ADM_DICE_CONTRIBUTION_COUNT 2
#define ADM_DICE_CONTRIBUTION_SIDES 6

/* One side's contribution to a phase. */
typedef struct {
  char *side;    /* its faction id */
  char *by;      /* "side", or "master" when he threw for a side that gave none */
  char *dice;    /* the 2d6 typed, "3 5", or NULL */
  char *commit;  /* a phone's commitment, SHA-256 of its tap (hex), or NULL */
  char *nonce;   /* the tap once shown (hex), or NULL */
} AdmDiceContribution;

/* The contributions to one phase, and what they mix into its rolls. */
typedef struct {
  guint      from;   /* the phase's first roll */
  int        turn;
  char      *phase;  /* its id, "fire" */
  GPtrArray *given;  /* AdmDiceContribution*, by side id */
  char      *mix;    /* SHA-256 of them (adm_dice_mix_compute ()), or NULL while a phone's
                      * tap is not shown */
  guint      order;  /* its place among the phases, first contributed to first */
  char      *declarations; /* adm_declarations_digest () of the declarations locked when
                            * the first side gave its contribution, or NULL (an older file) */
} AdmDicePhaseMix;

void adm_dice_phase_mix_free (AdmDicePhaseMix *mix);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdmDicePhaseMix, adm_dice_phase_mix_free)

/* Whether the phase @battle is about to resolve rolls any dice with @orders (its turn's
 * declarations; NULL: none): the phase tried on the battle's snapshot with no dice to give
 * (adm_battle_phase_requests ()), as the rules would ask them. A phase that rolls none asks no
 * contributions — no dialog in the app or at a table, no tap on a phone, no `dice-give` — so
 * that no throw is carried into the next phase that rolls (docs/dice.md). A phase that refuses
 * its orders before its first roll rolls none: its refusal is said when it is resolved. */
gboolean       adm_dice_phase_rolls           (AdmBattle           *battle,
                                               const AdmTurnOrders *orders);

/* The phase of @engagement_id's battle about to be rolled (as the campaign keeps it) asks its
 * sides' contributions now, its declarations locked as @declarations (adm_declarations_digest
 * ()): the master's app says so when Resolve asks each side's dice for a phase that rolls some
 * (adm_dice_phase_rolls ()), and the admirals' phones then offer their tap for that phase,
 * bound to those declarations. Journaled through the one check ("dice-ask", an action Undo
 * passes by), so that the phones' tap survives a restart of the chief's computer; asked again
 * with the same declarations, nothing more is journaled. FALSE with @error when the battle has
 * not begun, or the one check refuses it (other declarations than those its sides' dice were
 * given for). */
gboolean       adm_campaign_ask_dice          (AdmCampaign  *campaign,
                                               const char   *engagement_id,
                                               const char   *declarations,
                                               gint64        time,
                                               GError      **error);
/* The same asked by the table of the hand-off @assignment that @engagement_id is at, for the
 * phase its battle is about to roll there: from roll @from, turn @turn, phase @phase, its
 * declarations locked as @declarations. The one check takes it only while the battle the chief
 * keeps stands at that very phase (the table sends every entry before it asks), and says a
 * refusal in words of its own: another phase, another hand-off. The phones of the battle's
 * sides then offer their tap for that phase, as for the chief's own battle; their commit and
 * tap name the hand-off. Asked again alike, nothing more is journaled. */
gboolean       adm_campaign_ask_dice_at_table (AdmCampaign  *campaign,
                                               const char   *engagement_id,
                                               const char   *assignment,
                                               guint         from,
                                               int           turn,
                                               const char   *phase,
                                               const char   *declarations,
                                               gint64        time,
                                               GError      **error);
/* The declarations digest the phase of @engagement_id about to be rolled was asked its dice
 * with (adm_campaign_ask_dice ()), or NULL: a phase not asked — it rolls no dice, or its
 * declarations are not locked yet, or the battle has moved on — takes no phone's tap. */
const char    *adm_campaign_get_dice_asked    (AdmCampaign  *campaign,
                                               const char   *engagement_id);

/* Whether @id is a phase's id ("fire", adm_phase_to_string ()). */
gboolean       adm_dice_phase_id_is_valid     (const char   *id);

/* Checks the 2d6 of a contribution as typed ("3 5", "3,5" or "35"): TRUE with them as the
 * journal keeps them ("3 5") in *@normal when not NULL; else FALSE with @error saying what is
 * wrong (ADM_DICE_ERROR_PARSE or ADM_DICE_ERROR_OUT_OF_RANGE). */
gboolean       adm_dice_contribution_parse    (const char   *text,
                                               char        **normal,
                                               GError      **error);

/* The mix of @given (AdmDiceContribution*, every one shown) to the phase of @engagement_id
 * from roll @from: SHA-256, lowercase hex, of the text "E:F:" followed by "SIDE=VALUE" for
 * each side in the order of their ids, joined by ";", VALUE the dice typed ("3 5") or the
 * tap (hex); NULL when one is not shown yet. */
char          *adm_dice_mix_compute           (const char   *engagement_id,
                                               guint         from,
                                               GPtrArray    *given) G_GNUC_WARN_UNUSED_RESULT;

/* The phases of @engagement_id's battle contributed to, by their first rolls (AdmDicePhaseMix*,
 * owned), from every action journaled, undone ones too; each side's first contribution to a
 * phase counts (the master's throw replaces a phone's tap never shown). Empty for a battle
 * without any: its rolls derive from the secret alone, as before. */
GPtrArray     *adm_campaign_get_dice_mixes    (AdmCampaign  *campaign,
                                               const char   *engagement_id)
                                               G_GNUC_WARN_UNUSED_RESULT;
/* The phase of @mixes that roll @number mixes in: the last whose first roll is not after it
 * (of phases with the same first roll, the last contributed to: the others rolled no dice);
 * NULL for none. */
const AdmDicePhaseMix *adm_dice_mix_of_roll   (GPtrArray    *mixes,
                                               guint         number);

/* The sides of @battle (the battle of @engagement_id as the campaign keeps it) that have not
 * given their contribution to the phase about to be rolled (AdmBattleSide*, borrowed from
 * @battle): all of them when none has. A phone committed to and not shown counts as not
 * given: the master may throw for it. */
/* The same of @mixes (AdmDicePhaseMix*, a table's own, adm_table_client_get_dice_given ()). */
GPtrArray     *adm_dice_mixes_sides_to_give    (GPtrArray    *mixes,
                                                AdmBattle    *battle) G_GNUC_WARN_UNUSED_RESULT;
GPtrArray     *adm_campaign_dice_sides_to_give (AdmCampaign  *campaign,
                                                const char   *engagement_id,
                                                AdmBattle    *battle) G_GNUC_WARN_UNUSED_RESULT;

/* Journals @side's contribution to the phase of @engagement_id's battle about to be rolled (as
 * the campaign keeps it): the 2d6 @dice typed ("3 5"), @by_master when the master threw them
 * for a side that gave none, or a phone's @commit. Refused, nothing journaled, when the
 * phase is rolled already, the side gave one to it before (undone or not), or the one check
 * refuses it. */
gboolean       adm_campaign_give_dice         (AdmCampaign  *campaign,
                                               const char   *engagement_id,
                                               const char   *side,
                                               const char   *dice,
                                               gboolean      by_master,
                                               const char   *commit,
                                               gint64        time,
                                               GError      **error);
/* adm_campaign_give_dice () bound to the phase's locked declarations: @declarations is their
 * adm_declarations_digest () (adm_battle_declarations_digest ()), journaled with the
 * contribution; the phase is then kept only with those declarations
 * (adm_campaign_check_declarations ()). Every side's contribution to a phase names the same
 * declarations, or is refused. NULL binds nothing, as adm_campaign_give_dice (). */
gboolean       adm_campaign_give_declared_dice (AdmCampaign  *campaign,
                                                const char   *engagement_id,
                                                const char   *side,
                                                const char   *dice,
                                                gboolean      by_master,
                                                const char   *commit,
                                                const char   *declarations,
                                                gint64        time,
                                                GError      **error);
/* The phase of @mixes that the sides contributed to at @turn, phase @phase, from roll @from,
 * or NULL. */
const AdmDicePhaseMix *adm_dice_mix_of_phase  (GPtrArray    *mixes,
                                               int           turn,
                                               const char   *phase,
                                               guint         from);
/* Whether declarations of digest @digest (adm_declarations_digest ()) may resolve the phase of
 * @engagement_id at @turn, phase @phase, from roll @from: FALSE with @error when its sides
 * gave their dice for other declarations. */
gboolean       adm_dice_mixes_check_declarations (GPtrArray   *mixes,
                                                  const char  *engagement_id,
                                                  int          turn,
                                                  const char  *phase,
                                                  guint        from,
                                                  const char  *digest,
                                                  GError     **error);
/* What the declarations a phase was resolved with say of the declarations its sides' dice
 * were given for (verify-dice). */
typedef enum {
  ADM_DECLARATIONS_UNBOUND,      /* none were named (an older file, or a phone's tap alone) */
  ADM_DECLARATIONS_MATCH,        /* the phase was resolved with those */
  ADM_DECLARATIONS_MISMATCH,     /* it was resolved with others */
  ADM_DECLARATIONS_NOT_RESOLVED, /* the phase is not resolved (yet) */
} AdmDeclarationsVerdict;

/* The adm_declarations_digest () of the declarations @mix's phase was resolved with in
 * @battle's journal (its phases in effect), or NULL while it is not resolved. */
char          *adm_dice_mix_resolved_declarations (const AdmDicePhaseMix *mix,
                                                   AdmBattle             *battle)
                                                   G_GNUC_WARN_UNUSED_RESULT;
/* The verdict on @mix's declarations against @battle's journal (its phases in effect). */
AdmDeclarationsVerdict adm_dice_mix_check_battle (const AdmDicePhaseMix *mix,
                                                  AdmBattle             *battle);
/* Whether the phases of @battle (the battle of @engagement_id) journaled in @log's entries
 * from @first on are resolved with the declarations their sides' contributions were given
 * for: FALSE with @error naming the first that is not. Phases contributed to without a digest
 * (an older file) are bound to nothing. */
gboolean       adm_campaign_check_declarations (AdmCampaign  *campaign,
                                                const char   *engagement_id,
                                                AdmBattle    *battle,
                                                AdmJournal   *log,
                                                guint         first,
                                                GError      **error);
/* Journals the tap @nonce (hex) a phone of @side committed to for that phase. */
gboolean       adm_campaign_show_dice         (AdmCampaign  *campaign,
                                               const char   *engagement_id,
                                               const char   *side,
                                               const char   *nonce,
                                               gint64        time,
                                               GError      **error);

/* Whether the phase of @engagement_id's battle beginning at roll @next_roll may be rolled:
 * FALSE with @error while a phone committed to its side's contribution and has not shown it. */
gboolean       adm_dice_mixes_ready           (GPtrArray     *mixes,
                                               const char    *engagement_id,
                                               guint          next_roll,
                                               GError       **error);
/* Mixes into @dice the phases of @mixes whose contributions are all shown. */
void           adm_dice_commit_add_mixes      (AdmDiceCommit *dice,
                                               GPtrArray     *mixes);

/* Battles fought at another table (adm-table-battle.h): the table master types each side's
 * 2d6 for a phase as the chief's app does, keeps them beside the battle, mixes them into the
 * rolls he draws from the set-up's secret, and sends them with the battle; the chief journals
 * them as contributions naming the hand-off (`assignment`) before he checks the rolls. A phone's
 * tap is not taken at a table. The rolls of a hand-off's commitment mix only the phases
 * contributed to from its first roll on (adm_dice_mix_of_table_roll ()).
 *
 * @mixes' typed contributions as the text a <table-battle> message carries in its `dice`
 * attribute: "FROM:TURN:PHASE:SIDE:BY:DICE" for each, DICE its two digits ("35"), joined by
 * spaces; NULL for none. */
char          *adm_dice_mixes_to_text         (GPtrArray    *mixes) G_GNUC_WARN_UNUSED_RESULT;
/* A phone's tap shown is carried the same way, DICE its 64 hex digits (BY "side"): the table
 * took it from the chief (adm_dice_mixes_merge ()), who refuses a message carrying a tap he
 * does not hold.
 *
 * The phases and contributions of that text, each phase's mix computed for @engagement_id;
 * NULL with @error (ADM_DICE_ERROR_PARSE) naming what is wrong. A side's second contribution
 * to a phase is refused. */
GPtrArray     *adm_dice_mixes_from_text       (const char   *engagement_id,
                                               const char   *text,
                                               GError      **error) G_GNUC_WARN_UNUSED_RESULT;
/* At a table: @side's 2d6 @dice ("3 5") for the phase @battle (of @engagement_id) is about to
 * roll, added to @mixes (AdmDicePhaseMix*) and its phase's mix computed again; refused when
 * the dice are not 2d6, @side is no side of @battle or gave to that phase already. */
gboolean       adm_dice_mixes_give            (GPtrArray    *mixes,
                                               const char   *engagement_id,
                                               AdmBattle    *battle,
                                               const char   *side,
                                               const char   *dice,
                                               gboolean      by_master,
                                               GError      **error);
/* At a table: adds to @mixes the contributions of @held (the chief's, of the phase the table
 * asked: typed dice and phones' taps shown) that @mixes does not hold, each phase's mix
 * computed again; one @mixes holds with another value is refused, and nothing is added. */
gboolean       adm_dice_mixes_merge           (GPtrArray    *mixes,
                                               const char   *engagement_id,
                                               GPtrArray    *held,
                                               GError      **error);
/* The chief: journals the contributions of @mixes, given at the table of the hand-off
 * @assignment of @engagement_id, that the campaign does not hold yet, each through the one
 * check; one it holds with other dice is refused. */
gboolean       adm_campaign_take_table_dice   (AdmCampaign  *campaign,
                                               const char   *engagement_id,
                                               const char   *assignment,
                                               GPtrArray    *mixes,
                                               gint64        time,
                                               GError      **error);
/* The phase whose contributions roll @number of a hand-off's commitment from roll @first
 * mixes in: as adm_dice_mix_of_roll (), of the phases from @first on alone. */
const AdmDicePhaseMix *adm_dice_mix_of_table_roll (GPtrArray *mixes,
                                                   guint      first,
                                                   guint      number);

G_END_DECLS
