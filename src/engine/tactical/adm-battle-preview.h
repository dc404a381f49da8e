/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-battle-preview.h: what the app shows while the master enters a turn's declarations,
 * before anything is rolled — by the same rules the phases apply, never a copy of them:
 * the path a movement order would take and why it is refused (F-MOVE, F-FORM-10), the
 * targets a battery can reach (F-FIRE-5, F-FIRE-6, F-ECM-2, F-CAT-4), the exact odds of a
 * fire declaration (F-ART, F-DES, F-SHLD, F-FORD), the enemies a ship can board (F-BOARD-1,
 * F-ECM-2) and the exact odds of the first boarding round (F-BOARD-2, F-BOARD-3, F-BOARD-4,
 * F-BOARD-5, F-BOARD-6, F-BOARD-7, F-BOARD-8, F-BOARD-9, F-BOARD-10, F-BOARD-11, F-BOARD-12,
 * F-BOARD-13, F-BOARD-14), and a dry run of the declarations against the phases still to come in
 * the turn. Nothing here changes the battle. */
#pragma once

#include "adm-battle.h"
#include "adm-odds.h"

G_BEGIN_DECLS

/* A movement order as it would be carried out now. */
typedef struct {
  gboolean  legal;
  char     *reason;      /* when not legal: the refusal the movement phase would give */
  guint     leader;      /* the ship index the path follows (the formation's first active) */
  GArray   *path;        /* AdmPoint: the leader's centre at the start, at every turn point
                          * and at the end of the declared steps, a point equal to the one
                          * before left out (so one point when it does not move); on a
                          * low-orbit map the start, and the end of a legal order, only */
  double    end_heading; /* the leader's heading at the end, degrees */
  GArray   *ships;       /* guint: the formation's ships that move (F-FORM-9) */
  GArray   *ends;        /* AdmPoint, parallel to @ships: where each ends */
  int       speed;       /* cm the formation may move (F-MOVE-3, F-FORM-10) */
  int       extra_dice;  /* all ahead full: up to @speed + this many d6 cm (the ruleset's
                          * <dice-counts>), rolled in the phase (F-MOVE-17); else 0 */
  double    total;       /* cm declared */
  double    turn_limit;  /* degrees it may turn in all this phase (F-MOVE-7, doubled by course
                          * correction F-MOVE-15); 0 when it may not turn at all now
                          * (F-MOVE-17, F-CRIT-13, F-FORD-4, F-ORB-1, F-STN-5) */
  double    turned;      /* degrees declared, summed */
  double    turn_after;  /* cm it must move before its first turn, given @total (F-MOVE-8);
                          * a monitor's share of its speed, whatever @total (F-MOVE-12) */
  double    turn_share;  /* @turn_after as a share of @turn_of; 0 when it may turn anywhere
                          * (F-MOVE-13, F-MOVE-16) */
  double    turn_of;     /* cm @turn_share is of: the declared steps, or the speed */
  gboolean  turn_of_speed; /* @turn_of is the speed (F-MOVE-12) */
  gboolean  must_move;   /* F-MOVE-5: it moved last turn, or a ship of it is in a wormhole's
                          * exit zone */
  double    last_move;   /* cm moved last turn */
} AdmMovePreview;

void      adm_move_preview_clear    (AdmMovePreview       *preview);

/* Fills @preview for formation @formation's movement declaration in @orders (none: standing
 * still, or straight on per F-MOVE-5) as if the movement phase were resolved now with
 * @orders' other declarations in force. Returns FALSE only for an
 * unknown formation (ADM_BATTLE_ERROR_INVALID) or one with no ship that can move (@error
 * set); an illegal declaration returns TRUE with @preview->legal FALSE and the reason, the
 * path and ends then following the declared steps. The battle need not be in its movement
 * phase. @preview is overwritten: give it zeroed or cleared, and clear it after use. */
gboolean  adm_battle_preview_move   (AdmBattle            *self,
                                     const AdmTurnOrders  *orders,
                                     const char           *formation,
                                     AdmMovePreview       *preview,
                                     GError              **error);

/* Gives length @cm in the reader's unit, newly allocated. */
typedef char *(*AdmLengthFormat) (double   cm,
                                  gpointer data);

/* F-MOVE-8, F-MOVE-9, F-MOVE-10, F-MOVE-11 and F-MOVE-12 in words: where the first turn of a
 * formation may come, a @share of @of_cm, the cm of its move (or of its speed, @of_speed:
 * F-MOVE-12): "1/2 of the move (5 cm of 10 cm)", "its full speed (10 cm)". The movement phase
 * refuses a turn made too soon in these very words, so what the app shows of a course cannot
 * disagree with the refusal.
 * @format gives the lengths in the reader's unit; NULL: "10 cm". NULL when @share is 0: the
 * formation may turn anywhere. */
char     *adm_turn_after_words      (double                share,
                                     gboolean              of_speed,
                                     double                of_cm,
                                     AdmLengthFormat       format,
                                     gpointer              data);

/* adm_turn_after_words () for @preview's course. */
char     *adm_move_preview_turn_after_words (const AdmMovePreview *preview,
                                             AdmLengthFormat       format,
                                             gpointer              data);

/* A fire declaration as it would be resolved now, before the dice. */
typedef struct {
  gboolean     legal;
  char        *reason;              /* when not legal: the refusal the fire phase would give */
  double       distance;            /* cm, farthest battery to the target, centre to centre */
  guint        attacks;             /* F-ART-3: one attack per firing ship, each looked up on
                                     * its own; the firepower, column, shifts and odds below
                                     * are the first one's, the three totals at the end count
                                     * them all */
  int          artillery_firepower; /* the first ship's batteries summed and halved as the
                                     * phase does (F-ART-3) */
  int          destructor_firepower;
  int          column;              /* artillery table column after shifts, 0 none (F-ART-10) */
  gboolean     half_range;          /* F-ART-8 */
  gboolean     long_range;          /* F-ART-9 */
  gboolean     behind_marker;       /* F-ART-10 */
  gboolean     readiness_check;     /* F-FIRE-9: a damaged ship tests before choosing this
                                     * target; the odds assume it passes */
  AdmFireOddsInput artillery_input;
  AdmFireOdds *artillery;           /* NULL when no artillery fires */
  AdmFireOddsInput destructor_input;
  AdmFireOdds *destructors;         /* NULL when no destructor fires; computed with the
                                     * shields the earlier fire of the phase and the artillery
                                     * leave on average: the pool less the blocks they use up
                                     * on average, rounded (the artillery's likewise with the
                                     * earlier fire's) */
  double       expected_damage;     /* both together, over every attack; each later attack
                                     * meets the shields the earlier ones leave on average */
  double       p_damage;            /* P(at least one damage point): 1 − P(none from the
                                     * artillery) · P(none from the destructors), and so on
                                     * over the attacks */
  double       p_critical;          /* P(at least one critical check succeeds), the weapon
                                     * kinds and attacks taken as independent */
  /* What the master reads out before the dice: the target as the table looks it
   * up and the exact outcome of the whole declaration, every attack and weapon kind in the
   * phase's order, the shields each leaves to the next exactly (not on average), by
   * convolution over the dice, never sampled. */
  char        *aspect;              /* the artillery column's target: "approaching capital
                                     * ship" (F-ART-2, F-ART-6, F-ART-15), "as its flagship
                                     * Name" added when F-FORM-18 sets it; NULL when no
                                     * artillery fires */
  int          armour;              /* F-ART-12: an artillery die at or above it hits */
  int          shields;             /* shield blocks of the pool now, before the fire of the
                                     * phase (F-SHLD-1) */
  int          own_shields;         /* how many of them the target's own generators give */
  char        *shields_from;        /* where the others come from, for the master: the
                                     * formation's pool (F-FORM-19) or touching ships
                                     * (F-SHLD-5) with their names; NULL when none */
  int          special_save_on;     /* F-FORD-8: a reinforced special shield saves each damage
                                     * point on a d6 at or above it (the ruleset's number);
                                     * 0 when it does not */
  int          hull;                /* the target's class hull points (F-CRIT-5) */
  int          hull_left;           /* left before the fire */
  int          damaged_at;          /* hull points lost when it is damaged (F-CRIT-6) */
  gboolean     damaged;             /* already damaged before the fire (F-CRIT-6) */
  gboolean     critical_destroys;   /* an escort any critical destroys (F-CRIT-4) */
  double       exact_expected_damage; /* damage points the dice inflict, on average */
  double       exact_p_damage;      /* P(at least one damage point) */
  double       exact_p_critical;    /* P(at least one critical check succeeds) */
  double       p_crippled;          /* P(damaged or worse afterwards: half its hull points
                                     * lost, F-CRIT-6, counting the additional damage of
                                     * criticals, F-CRIT-8) */
  double       p_destroyed;         /* P(out of action: no hull point left, F-CRIT-7, or an
                                     * escort's critical, F-CRIT-4) */
  char        *no_damage_reason;    /* when @exact_p_damage is 0, why, for the master
                                     * ("the shields absorb up to 4", "no dice in column 0");
                                     * NULL otherwise */
  /* The fire declared before it in @orders, which the phase resolves first (F-FIRE-4,
   * F-SEQ-2) and which meets the pool first (F-SHLD-1, F-SHLD-2): the exact numbers above
   * start from the phase as that fire leaves it, by convolution over its dice — the blocks
   * it uses up and, fired at the target itself, the hull points it takes (so @p_crippled and
   * @p_destroyed count them too). A ship of the pool that this fire puts out of action takes
   * its blocks left out of the pool (F-CAT-7); that is not counted. */
  guint        earlier_fires;       /* declarations before it at the target, or at another
                                     * ship of the very same pool (F-SHLD-5, F-FORM-19) */
  guint        earlier_at_target;   /* how many of them fire at the target itself */
  double       earlier_blocks;      /* the blocks they use up, on average */
  double       p_shields_down;      /* P(they leave no block for this fire) */
  gboolean     earlier_readiness;   /* one of them tests readiness first (F-FIRE-9): counted
                                     * as passing */
  guint        uncounted_fires;     /* declarations before it at ships whose pool shares only
                                     * some of the target's: the blocks they may use are not
                                     * counted */
} AdmFirePreview;

void      adm_fire_preview_clear    (AdmFirePreview       *preview);

/* Fills @preview for @decl after the fire @orders declares before it (all of it when @decl
 * is not among them), with @orders' target locks and
 * reinforced shields in force (@orders may be NULL): their effects, the F-FORD-10 halving
 * among them, are those of the fire phase, and a refusal of them refuses the preview too.
 * @decl counts among @orders' fires (after them when it is not one of them) for the F-FIRE-9
 * split-fire test. Return fire (F-FIRE-11) is legal when a declaration before @decl in
 * @orders has the target's formation fire on the firer's. Batteries knocked out (F-CRIT-9,
 * F-CRIT-10, F-CRIT-11, F-CRIT-12) or blocked by a hulk (F-CAT-4) are left out, as the phase leaves
 * them; when none is left the fire is legal with no odds. Returns FALSE with @error only when @decl
 * names no ship, weapon or target of this battle; a declaration the rules refuse returns TRUE with
 * @preview->legal FALSE and the reason. @preview is overwritten: give it zeroed or cleared,
 * and clear it after use. */
gboolean  adm_battle_preview_fire   (AdmBattle            *self,
                                     const AdmTurnOrders  *orders,
                                     const AdmFireDecl    *decl,
                                     AdmFirePreview       *preview,
                                     GError              **error);

/* The enemy ships (guint indices) that ship @ship's direct-fire weapon @weapon (an index into
 * its class's weapons) could fire at now: detected by its side (F-ECM-2), within range
 * (F-FIRE-5) and arc (F-FIRE-6), the battery working (F-CRIT-9, F-CRIT-10, F-CRIT-11, F-CRIT-12)
 * and free to fire in the coming fire phase (F-TORP-15), the line not blocked by a hulk (F-CAT-4).
 * Empty for torpedoes, mines and wrecks. */
GArray   *adm_battle_fire_targets   (AdmBattle            *self,
                                     guint                 ship,
                                     guint                 weapon) G_GNUC_WARN_UNUSED_RESULT;

/* The enemy ships (guint indices) ship @ship's torpedo tubes @weapon could launch at now by
 * the checks of the fire phase's launch (F-WPN-10): detected by its side (F-ECM-2), in the
 * tubes' arcs (F-FIRE-6) and range, the tubes loaded (F-TORP-1) and working (F-CRIT-9, F-CRIT-10,
 * F-CRIT-11, F-CRIT-12). Empty for other weapons and for ships out of action. */
GArray   *adm_battle_launch_targets (AdmBattle            *self,
                                     guint                 ship,
                                     guint                 weapon) G_GNUC_WARN_UNUSED_RESULT;

/* The enemy ships (guint indices, in ship order) ship @ship could declare a boarding against
 * now, by the very check the torpedo and boarding phase makes of a declaration: both in
 * action, not captured (F-BOARD-1), on another side, detected by @ship's side (F-ECM-2,
 * presence is enough), bases touching (F-BOARD-1: nothing moves between the movement phase
 * and the declarations), and neither already in an open boarding ("boarding-contact"). Empty
 * for a ship that cannot board at all. Declarations of this turn not yet resolved are not
 * taken into account (a ship the orders already send to board another is still listed). */
GArray   *adm_battle_boarding_targets (AdmBattle          *self,
                                       guint               ship) G_GNUC_WARN_UNUSED_RESULT;

/* A boarding declaration and the first round it would lead to, as things stand now. */
typedef struct {
  gboolean          legal;
  char             *reason;            /* when not legal: the refusal the torpedo and
                                        * boarding phase would give, without the orders
                                        * file and line it puts before it */
  int               attacker_bp;       /* F-BOARD-2: the hull points left now, which the
                                        * declaration takes as the potentials */
  int               defender_bp;
  int               attacker_modifier; /* the round's total roll modifiers: F-BOARD-3,
                                        * F-BOARD-4, F-BOARD-5, F-BOARD-6, F-BOARD-7,
                                        * F-BOARD-8 for each ship's own state, F-BOARD-7, F-BOARD-8
                                        * faction bonus and F-BOARD-9, F-BOARD-10,
                                        * F-BOARD-11, F-BOARD-12 ratio bonus for the attacker
                                        * (ruling "boarding-ratio"), F-RDY-5 readiness
                                        * ("boarding-roll") */
  int               defender_modifier;
  AdmBoardingOdds  *odds;              /* one round (adm_boarding_odds_compute () with these
                                        * numbers and the "boarding-roll" tie ruling); NULL
                                        * when not legal */
} AdmBoardingPreview;

void      adm_boarding_preview_clear  (AdmBoardingPreview *preview);

/* Fills @preview for ship @ship declaring a boarding of ship @target now, the check and the
 * numbers being the phase's and the end stage's own (adm-battle-boarding.c). The numbers are
 * those of the ships as they stand: the first round is fought in this turn's end stage, and
 * what happens before it — torpedoes and mines striking in the torpedo and boarding phase
 * (which may lower the hull points the declaration takes as potentials), critical hits,
 * readiness lost — is not foreseen. F-BOARD-3 counts the hull points lost in this turn's
 * fire phase: none before that phase is resolved (the count of an earlier turn's is not the
 * one the round will see). F-BOARD-5 and F-BOARD-6 count the combat orders carried out and
 * failed so far this turn, so a preview before the movement or fire phase does not know the
 * orders still to come. A legal preview has @odds; an illegal one has @reason and zero
 * numbers. Returns FALSE with @error only when the odds cannot be computed. @preview is
 * overwritten: give it zeroed or cleared, and clear it after use. */
gboolean  adm_battle_preview_boarding (AdmBattle          *self,
                                       guint               ship,
                                       guint               target,
                                       AdmBoardingPreview *preview,
                                       GError            **error);

/* A dry run: resolves the phases from the current one through @through (within this turn)
 * with @orders on a throwaway copy of the state, with dice from a fixed private generator,
 * and reports the first refusal, "FILE:LINE: reason" as the phase gives it (orders for
 * another turn are refused as adm_battle_resolve_phase () refuses them). TRUE at once when
 * @through is before the current phase. The battle, its report, dice log, journal and
 * autosave are untouched, and no signal is emitted. A refusal that depends on the dice (a
 * ship the dry run happened to destroy) cannot be told apart from one that does not; the
 * real resolution is still checked in full. */
gboolean  adm_battle_check_orders   (AdmBattle            *self,
                                     const AdmTurnOrders  *orders,
                                     AdmPhase              through,
                                     GError              **error);

G_END_DECLS
