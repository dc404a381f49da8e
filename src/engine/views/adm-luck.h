/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-luck.h: the luck ledger (beyond the rulebook) — for every judged roll of a battle, the
 * exact odds it had before the dice (adm_odds_roll_passes (), and for an attack the damage the
 * engine's fire odds gave it, adm_fire_odds_compute ()) beside what came; per side (and its
 * admiral) the expected and actual hits (F-ART-11, F-DES-1, F-FORD-2, F-RAM-7), damage
 * (F-SHLD-1, F-FORD-8, F-RAM-9), criticals (F-CRIT-1), torpedo and mine hits and damage
 * taken (F-TORP-7, F-MINE-7) and other checks passed; and the luckiest and unluckiest
 * rolls. A ledger is built for an audience from the rolls the audience filter shows it
 * (adm_audience_filter_rolls ()): a side's counts only the rolls that side saw.
 *
 * A Twilight Imperium combat has a ledger too: each group of d10s (LRR 39.5, 48.1) beside
 * the hits the engine's distribution gave it before the dice (adm_ti4_hits_distribution ()),
 * per side, through the same audience filter (adm_audience_filter_ti4_rolls ()). */
#pragma once

#include <glib.h>

#include "adm-audience.h"
#include "adm-battle.h"
#include "adm-campaign.h"
#include "adm-doc.h"
#include "adm-ti4-combat.h"

G_BEGIN_DECLS

typedef enum {
  ADM_LUCK_HITS,       /* dice of an attack that hit (F-ART-11, F-DES-1, F-FORD-2) */
  ADM_LUCK_DAMAGE,     /* damage points an attack did, after shields and saves (F-SHLD-1,
                        * F-WPN-7, F-FORD-8) */
  ADM_LUCK_CRITICALS,  /* critical checks that succeeded on the side's own ships (F-CRIT-1):
                        * fewer is luckier */
  ADM_LUCK_STRUCK,     /* torpedo and plasma mine dice that damaged the side's own ships
                        * against their armour (F-TORP-7, F-MINE-7), and an explosion's
                        * (F-CAT-12, ruling "explosion-luck"): fewer is luckier */
  ADM_LUCK_CHECKS,     /* every other judged roll's dice that passed: readiness, detection,
                        * saves, turrets, damage control */
  ADM_LUCK_TAKEN,      /* damage points torpedoes and mines did to the side's own ships
                        * against the rules' own torpedo and fire odds, after saves and
                        * shields (F-TORP-7, F-WPN-16, F-FORD-8, F-MINE-7): fewer is luckier */
  ADM_LUCK_N_MEASURES
} AdmLuckMeasure;

/* "hits", "damage", "criticals", "struck", "checks", "taken": the --json names. */
const char *adm_luck_measure_to_string (AdmLuckMeasure measure);

/* "Hits", "Damage", "Criticals taken"…: the paper's column headings, translated. */
const char *adm_luck_measure_label (AdmLuckMeasure measure);

/* Expected against actual over some rolls. */
typedef struct {
  guint  rolls;     /* the rolls (for damage: the attacks) counted */
  double expected;  /* the sum of their expectations before the dice */
  gint64 actual;    /* what the dice gave */
} AdmLuckTally;

/* One judged roll of the ledger. */
typedef struct {
  const AdmBattleRoll *roll;     /* as the audience is shown it (borrowed from the battle);
                                  * NULL in a TI4 combat's ledger */
  const AdmTi4Roll    *ti4_roll; /* a TI4 combat's group of dice (borrowed), else NULL */
  guint                side;     /* the side whose luck it is: that of the first ship,
                                  * formation or side it is about (the firer of an attack, the
                                  * ship a critical check or a save is for); in a TI4 combat
                                  * the side that rolled (AdmTi4Side) */
  guint                subject;  /* which of the roll's subjects names @side: 0, or 1 for an
                                  * explosion's strike that is the struck side's luck (the
                                  * ruling "explosion-luck", F-CAT-12) */
  AdmLuckMeasure       measure;  /* ADM_LUCK_HITS, _CRITICALS, _STRUCK or _CHECKS */
  double               expected; /* dice (pairs; for a sum 1) expected to pass */
  guint                passed;   /* those that passed */
  double               p_as_good; /* P(an outcome as good as this one or better, for @side) */
  double               p_as_bad;  /* P(as bad as this one or worse) */
  gboolean             damage_counted; /* the roll's attack damage (AdmBattleRoll
                                        * has_damage) counts in the ledger: as
                                        * ADM_LUCK_DAMAGE of the attacker's side, or for a
                                        * torpedo or mine (ADM_LUCK_STRUCK) as
                                        * ADM_LUCK_TAKEN of the struck ship's */
} AdmLuckRoll;

/* One side's tallies. */
typedef struct {
  guint        side;     /* index in the battle */
  const char  *name;     /* the side's name and admiral (borrowed from the battle) */
  const char  *admiral;
  AdmLuckTally tally[ADM_LUCK_N_MEASURES];
} AdmLuckSide;

/* @side's tallies in a line, each measure with a roll: "Hits 4.67 → 6 · Damage 3.50 → 2". */
char              *adm_luck_side_summary    (const AdmLuckSide *side) G_GNUC_WARN_UNUSED_RESULT;
/* The judged rolls @side's tallies count (damage counts again rolls of hits). */
guint              adm_luck_side_rolls      (const AdmLuckSide *side);

typedef struct _AdmLuckLedger AdmLuckLedger;

/* One roll of @ledger (one of adm_luck_ledger_get_rolls ()) for a list, as @ledger's audience
 * may read it: its title, "Turn 2 · Barrayar — Vorberg's bow battery at Triumph, 4+ to hit"
 * (a TI4 group: "Round 1 · Attacker — 2 Dreadnought, combat roll, hit on 5+"), and what came
 * beside the odds it had before the dice, "Dice 6 2 5: ≥ 4 per die: 2 passed ✓, 1 failed ✗ ·
 * Hits 1.50 → 2 · Damage 2.10 → 3 · as good or better: 50.0 %, as bad or worse: 87.5 %". */
char              *adm_luck_roll_title      (AdmLuckLedger     *ledger,
                                             const AdmLuckRoll *entry) G_GNUC_WARN_UNUSED_RESULT;
char              *adm_luck_roll_summary    (AdmLuckLedger     *ledger,
                                             const AdmLuckRoll *entry) G_GNUC_WARN_UNUSED_RESULT;
/* Which way @entry's luck went: 1 when an outcome as good or better was the less likely
 * (P(as good or better) below P(as bad or worse)), -1 when one as bad or worse was, 0 when
 * both were as likely or the roll could have gone no other way. */
int                adm_luck_roll_leaning    (const AdmLuckRoll *entry);

/* The ledger of @battle for @audience: every roll adm_audience_filter_rolls () shows it with a
 * check; the damage of an attack only when the audience is shown the target's shields
 * (adm_audience_ship_shows (), ADM_SHIP_FACT_SHIELDS: the expected damage counts them); a
 * side only when the audience sees it. @title names the battle for the audience (copied). */
AdmLuckLedger     *adm_luck_ledger_new      (AdmBattle     *battle,
                                             AdmAudience    audience,
                                             const char    *title) G_GNUC_WARN_UNUSED_RESULT;
void               adm_luck_ledger_free     (AdmLuckLedger *self);
/* The ledger of a TI4 combat for @audience: every group of dice the audience filter shows it
 * (adm_audience_filter_ti4_rolls ()), as ADM_LUCK_HITS of the side that rolled; @title NULL:
 * "Space combat: A against B". */
AdmLuckLedger     *adm_luck_ledger_new_ti4  (AdmTi4Combat  *combat,
                                             AdmAudience    audience,
                                             const char    *title) G_GNUC_WARN_UNUSED_RESULT;
/* The battle, or NULL for a TI4 combat's ledger; the TI4 combat, or NULL. */
AdmBattle         *adm_luck_ledger_get_battle (AdmLuckLedger *self);
AdmTi4Combat      *adm_luck_ledger_get_combat (AdmLuckLedger *self);
AdmAudience        adm_luck_ledger_get_audience (AdmLuckLedger *self);
/* @side's id ("north", "attacker") and name, in the ledger's battle or combat. */
const char        *adm_luck_ledger_get_side_id   (AdmLuckLedger *self,
                                                  guint          side);
const char        *adm_luck_ledger_get_side_name (AdmLuckLedger *self,
                                                  guint          side);
const char        *adm_luck_ledger_get_title  (AdmLuckLedger *self);
/* The engagement id of a campaign's battle in the master's ledger, else NULL (F-STRAT-3). */
const char        *adm_luck_ledger_get_engagement (AdmLuckLedger *self);
/* AdmLuckRoll, in the order rolled. */
GArray            *adm_luck_ledger_get_rolls  (AdmLuckLedger *self);
/* AdmLuckSide*, in side order, only the sides that have a roll counted. */
GPtrArray         *adm_luck_ledger_get_sides  (AdmLuckLedger *self);

/* Of the rolls of the ledgers @ledgers (AdmLuckLedger*), the luckiest (@lucky: the smallest
 * P(as good or better)) or the unluckiest (the smallest P(as bad or worse)), the first of equals;
 * NULL when no roll had a chance of going otherwise. @ledger_out (may be NULL) gets its ledger. */
const AdmLuckRoll *adm_luck_ledgers_extreme (GPtrArray      *ledgers,
                                             gboolean        lucky,
                                             AdmLuckLedger **ledger_out);
/* A roll of some ledgers, as adm_luck_ledgers_by_luck () orders them. */
typedef struct {
  AdmLuckLedger     *ledger;  /* borrowed */
  const AdmLuckRoll *entry;   /* borrowed from @ledger */
  guint              order;   /* its place in the order rolled, over the ledgers in turn */
  int                leaning; /* adm_luck_roll_leaning () */
} AdmLuckRollRef;

/* Every roll of @ledgers (AdmLuckRollRef, borrowing from them) from the luckiest to the
 * unluckiest: the lucky first, the smallest P(as good or better) at the top; then those
 * neither lucky nor unlucky, in the order rolled; then the unlucky, the smallest P(as bad or
 * worse) at the bottom. The first is adm_luck_ledgers_extreme ()'s luckiest when that roll
 * is lucky, the last its unluckiest when that one is unlucky. */
GArray            *adm_luck_ledgers_by_luck (GPtrArray      *ledgers) G_GNUC_WARN_UNUSED_RESULT;
/* The luckiest (@lucky) or unluckiest roll of @ledgers in a sentence, as on paper: "Luckiest
 * roll: BATTLE, SIDE, turn 2 — …; as good or better: 4.2 %."; NULL when there is none. */
char              *adm_luck_ledgers_describe_extreme (GPtrArray *ledgers,
                                                      gboolean   lucky) G_GNUC_WARN_UNUSED_RESULT;
/* The sides of @ledgers summed by name and admiral, in the order first met (AdmLuckSide*,
 * owned: free with g_free; their names borrowed from the ledgers' battles). */
GPtrArray         *adm_luck_ledgers_totals  (GPtrArray      *ledgers) G_GNUC_WARN_UNUSED_RESULT;

/* The ledgers of @campaign's battles (AdmLuckLedger*, owned) for @as: NULL or "master" the
 * master's, "public" the campaign's public (a battle it is not told of left out), else a side's
 * id or name (the battles it fought: only the master names engagements by id, the others by
 * place and time, adm_audience_engagement_name ()). @engagement_id NULL: every battle the
 * campaign keeps, in the order first stored. Errors (ADM_REPORT_ERROR): an unknown
 * engagement or one with no battle, a campaign with no battle, a side of none of them. */
GPtrArray         *adm_luck_ledgers_of_campaign (AdmCampaign  *campaign,
                                                 const char   *engagement_id,
                                                 const char   *as,
                                                 GError      **error) G_GNUC_WARN_UNUSED_RESULT;

/* The ledger of the TI4 combat @combat for @as: NULL or "master" the master's, "public", or a
 * side as adm_audience_parse_ti4 () reads it; one ledger in the array. Errors
 * (ADM_REPORT_ERROR): an @engagement_id given (a TI4 combat file is one combat, of no
 * campaign), a combat with no roll yet, an unknown audience. */
GPtrArray         *adm_luck_ledgers_of_ti4_combat (AdmTi4Combat *combat,
                                                   const char   *engagement_id,
                                                   const char   *as,
                                                   GError      **error) G_GNUC_WARN_UNUSED_RESULT;

/* Adds the ledgers to @doc as a section under a heading of @level: the totals per side, each
 * battle's per side, the luckiest and unluckiest rolls — a section a longer document (the
 * chronicle) may include. */
void               adm_luck_add_to_doc      (GPtrArray      *ledgers,
                                             AdmDoc         *doc,
                                             guint           level);
/* The luck ledger on paper: the document of @ledgers (adm_luck_ledgers_of_campaign (), at
 * least one) of @campaign, headed with the campaign and whom it is for. */
AdmDoc            *adm_luck_doc_new         (AdmCampaign    *campaign,
                                             GPtrArray      *ledgers) G_GNUC_WARN_UNUSED_RESULT;
/* The same for the ledger of a TI4 combat (adm_luck_ledgers_of_ti4_combat ()). */
AdmDoc            *adm_luck_ti4_doc_new     (AdmTi4Combat   *combat,
                                             GPtrArray      *ledgers) G_GNUC_WARN_UNUSED_RESULT;
/* The luck ledger on paper, report kind "luck": adm_luck_ledgers_of_campaign () laid out by
 * adm_luck_add_to_doc (). Errors as adm_luck_ledgers_of_campaign (). */
AdmDoc            *adm_luck_build           (AdmCampaign   *campaign,
                                             const char    *engagement_id,
                                             const char    *as,
                                             GError       **error) G_GNUC_WARN_UNUSED_RESULT;

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdmLuckLedger, adm_luck_ledger_free)

G_END_DECLS
