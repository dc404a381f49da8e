/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-battle-boarding.c: boarding (F-BOARD). A ship whose base touches an enemy's after the
 * movement phase may board it; the boarding is declared in the torpedo and boarding phase
 * (F-SEQ-1) and fought in rounds in the end stage (F-END-2, step 1): each side rolls a d6
 * with its modifiers, the loser's boarding potential falls by the difference, and a ship at 0
 * is captured. In a later turn its captors abandon it, blow it up or take it over.
 *
 * F-STN-6: planetary defence objects may be captured and taken over by boarding. Stations
 * and planetary defences are ships of the battle like any other (their own category), so
 * everything here applies to them unchanged. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "adm-battle-private.h"
#include "adm-odds.h"

static AdmBoarding *
boarding_at (AdmBattle *self,
             guint      index)
{
  return &g_array_index (self->state->boardings, AdmBoarding, index);
}

/* The open boarding @ship fights in, as attacker or defender, or -1. */
static int
open_boarding_of (AdmBattle *self,
                  guint      ship)
{
  for (guint i = 0; i < self->state->boardings->len; i++)
    {
      const AdmBoarding *b = boarding_at (self, i);

      if (!b->over && (b->attacker == ship || b->defender == ship))
        return i;
    }
  return -1;
}

static gboolean
bases_touch (AdmBattle *self,
             guint      a,
             guint      b)
{
  return adm_bases_touch (_adm_battle_ship (self, a)->position, _adm_battle_base_size (self, a),
                          _adm_battle_ship (self, b)->position, _adm_battle_base_size (self, b));
}

/* Declarations */

gboolean
_adm_battle_boarding_check (AdmBattle  *self,
                            int         line,
                            guint       attacker,
                            guint       defender,
                            GError    **error)
{
  const AdmBattleShip *a = _adm_battle_ship (self, attacker);
  const AdmBattleShip *d = _adm_battle_ship (self, defender);

  /* F-BOARD-1 ("boarding-contact"): both ships in action — not wrecks, not captured. */
  if (!_adm_battle_ship_active (self, attacker))
    {
      _adm_battle_illegal (self, error, line,
                           _("%s is out of action or captured and cannot board (F-BOARD-1)"),
                           _adm_battle_ship_name (self, attacker));
      return FALSE;
    }
  if (!_adm_battle_ship_active (self, defender))
    {
      _adm_battle_illegal (self, error, line,
                           _("%s is out of action or captured and cannot be boarded "
                             "(F-BOARD-1)"), _adm_battle_ship_name (self, defender));
      return FALSE;
    }
  if (a->side == d->side)
    {
      _adm_battle_illegal (self, error, line,
                           _("%s and %s are on the same side; only an enemy ship can be "
                             "boarded (F-BOARD-1)"), _adm_battle_ship_name (self, attacker),
                           _adm_battle_ship_name (self, defender));
      return FALSE;
    }
  /* F-ECM-2: an undetected formation is not on this side's table, as for fire and
   * torpedoes; presence (F-ECM-4) is enough. */
  if (adm_battle_get_detection (self, a->side, d->formation) == ADM_DETECTION_NONE)
    {
      _adm_battle_illegal (self, error, line,
                           _("%s has not detected %s and cannot board it (F-ECM-2)"),
                           adm_battle_get_side (self, a->side)->name,
                           _adm_battle_ship_name (self, defender));
      return FALSE;
    }
  /* F-BOARD-1: the tokens touch at the end of the movement phase; nothing moves between
   * then and this phase. */
  if (!bases_touch (self, attacker, defender))
    {
      _adm_battle_illegal (self, error, line,
                           _("%s does not touch %s (%.1f cm centre to centre): boarding needs "
                             "base contact at the end of the movement phase (F-BOARD-1)"),
                           _adm_battle_ship_name (self, attacker),
                           _adm_battle_ship_name (self, defender),
                           adm_distance (a->position, d->position));
      return FALSE;
    }
  /* "boarding-contact": one boarding at a time for each ship, attacking or defending. */
  if (open_boarding_of (self, attacker) >= 0 || open_boarding_of (self, defender) >= 0)
    {
      _adm_battle_illegal (self, error, line,
                           _("%s is already in a boarding action; a ship fights one boarding "
                             "at a time (F-BOARD-1)"),
                           _adm_battle_ship_name (self, open_boarding_of (self, attacker) >= 0
                                                          ? attacker : defender));
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_board (AdmBattle          *self,
             const AdmOrderDecl *decl,
             int                 attacker,
             int                 defender,
             GError            **error)
{
  if (attacker < 0 || defender < 0)
    {
      _adm_battle_illegal (self, error, decl->line, _("“%s” is not a ship in this battle"),
                           adm_order_decl_get (decl, attacker < 0 ? "ship" : "target"));
      return FALSE;
    }
  return _adm_battle_boarding_check (self, decl->line, attacker, defender, error);
}

int
_adm_battle_boarding_potential (AdmBattle *self,
                                guint      ship)
{
  /* F-BOARD-2: a ship's boarding potential is its hull points at the moment of boarding. */
  return adm_battle_ship_hull_left (self, ship);
}

gboolean
_adm_battle_boarding_declare (AdmBattle  *self,
                              GError    **error)
{
  g_autoptr(GPtrArray) decls = _adm_battle_decls (self, "board");

  for (guint i = 0; i < decls->len; i++)
    {
      const AdmOrderDecl *decl = g_ptr_array_index (decls, i);
      int attacker = adm_battle_ship_index (self, adm_order_decl_get (decl, "ship"));
      int defender = adm_battle_ship_index (self, adm_order_decl_get (decl, "target"));
      AdmBoarding b = { 0 };

      if (!check_board (self, decl, attacker, defender, error))
        return FALSE;
      /* F-BOARD-2: each side's boarding potential is its hull points now. */
      b.attacker = attacker;
      b.defender = defender;
      b.attacker_bp = _adm_battle_boarding_potential (self, attacker);
      b.defender_bp = _adm_battle_boarding_potential (self, defender);
      b.declared = adm_battle_get_turn (self);
      g_array_append_val (self->state->boardings, b);
      _adm_battle_report (self, ADM_ABOUT_SHIPS (attacker, defender),
                          _("%s boards %s: boarding potential %d against %d (F-BOARD-1, "
                            "F-BOARD-2)."), _adm_battle_ship_name (self, attacker),
                          _adm_battle_ship_name (self, defender), b.attacker_bp, b.defender_bp);
    }
  return TRUE;
}

/* Modifiers */

static void
explain (GString    *why,
         const char *what,
         int         value)
{
  if (why->len > 0)
    g_string_append (why, ", ");
  /* "damaged (F-BOARD-4) -2": the words are translated where they are written. */
  g_string_append_printf (why, "%s %+d", what, value);
}

/* F-BOARD-3, F-BOARD-4, F-BOARD-5, F-BOARD-6, F-BOARD-7, F-BOARD-8 as ruled ("boarding-ratio"):
 * each ship's own state counts against its own roll, whichever side of the boarding it is on; the
 * faction bonus counts for the attacker. */
static int
own_modifiers (AdmBattle *self,
               guint      ship,
               gboolean   attacking,
               GString   *why)
{
  const AdmBattleShip *s = _adm_battle_ship (self, ship);
  int turn = adm_battle_get_turn (self);
  const char *what[ADM_N_BOARDING_MODIFIERS] = {
    [ADM_BOARDING_MODIFIER_HIT] = _("hit in the fire phase (F-BOARD-3)"),
    [ADM_BOARDING_MODIFIER_DAMAGED] = _("damaged (F-BOARD-4)"),
    [ADM_BOARDING_MODIFIER_COMBAT_ORDER] = _("executing a combat order (F-BOARD-5)"),
    [ADM_BOARDING_MODIFIER_FAILED_ORDER] = _("failed an order (F-BOARD-6)"),
  };
  /* F-BOARD-3: each fire phase starts the count of hull points lost afresh, so before this
   * turn's the count is last turn's, which this turn's rounds, fought in the end stage, will
   * not see. */
  int fire_damage = adm_battle_get_phase (self) > ADM_PHASE_FIRE ? s->fire_damage : 0;
  int applied[ADM_N_BOARDING_MODIFIERS];
  int total;

  /* F-BOARD-4: damaged, half its hull points lost (F-CRIT-6). F-BOARD-6: an order
   * failed this turn (ramming, F-RAM-3; extended reinforcement, F-FORD-6; prepare to launch,
   * F-TORP-2). F-BOARD-5: a combat order of the movement phase (F-MOVE-14, F-MOVE-15,
   * F-MOVE-16, F-MOVE-17, F-MOVE-18) or the fire phase (F-FORD-1). */
  total = adm_board_3_modifiers (fire_damage, adm_battle_ship_is_damaged (self, ship),
                                 s->failed_order_turn == turn,
                                 s->move_order != ADM_MOVE_ORDER_NONE || s->target_lock ||
                                 s->reinforced_until >= turn,
                                 adm_ruleset_get_boarding_hit_hull (self->ruleset),
                                 adm_ruleset_get_boarding_penalties (self->ruleset), applied);
  for (guint i = 0; i < ADM_N_BOARDING_MODIFIERS; i++)
    if (applied[i] != 0)
      explain (why, what[i], applied[i]);
  /* F-BOARD-7 (Dendarii, Cetagandans +1), F-BOARD-8 (Barrayarans +2): the class file's
   * faction bonus, for the attackers. */
  if (attacking && s->faction != NULL && s->faction->boarding_bonus != 0)
    {
      g_autofree char *crew = g_strdup_printf (_("%s crew (F-BOARD-7, F-BOARD-8)"),
                                               s->faction->name);

      total += s->faction->boarding_bonus;
      explain (why, crew, s->faction->boarding_bonus);
    }
  return total;
}

int
adm_board_3_modifiers (int         fire_damage,
                       gboolean    damaged,
                       gboolean    failed_order,
                       gboolean    combat_order,
                       int         hit_hull,
                       const int  *penalties,
                       int        *applied)
{
  int total = 0;

  applied[ADM_BOARDING_MODIFIER_HIT] =
    fire_damage >= hit_hull ? -penalties[ADM_BOARDING_MODIFIER_HIT] : 0;
  applied[ADM_BOARDING_MODIFIER_DAMAGED] =
    damaged ? -penalties[ADM_BOARDING_MODIFIER_DAMAGED] : 0;
  /* F-BOARD-6 counts instead of F-BOARD-5. */
  applied[ADM_BOARDING_MODIFIER_FAILED_ORDER] =
    failed_order ? -penalties[ADM_BOARDING_MODIFIER_FAILED_ORDER] : 0;
  applied[ADM_BOARDING_MODIFIER_COMBAT_ORDER] =
    combat_order && !failed_order ? -penalties[ADM_BOARDING_MODIFIER_COMBAT_ORDER] : 0;
  for (guint i = 0; i < ADM_N_BOARDING_MODIFIERS; i++)
    total += applied[i];
  return total;
}

/* F-BOARD-3, F-BOARD-4, F-BOARD-5, F-BOARD-6, F-BOARD-7, F-BOARD-8, F-BOARD-9, F-BOARD-10,
 * F-BOARD-11, F-BOARD-12, F-BOARD-13 ("boarding-ratio", "boarding-roll"): each side's total roll
 * modifier in a round between potentials @attacker_bp and @defender_bp, explained into
 * @attacker_why and @defender_why. */
void
_adm_battle_boarding_modifiers (AdmBattle *self,
                                guint      attacker,
                                guint      defender,
                                int        attacker_bp,
                                int        defender_bp,
                                int       *attacker_mod,
                                int       *defender_mod,
                                GString   *attacker_why,
                                GString   *defender_why)
{
  const char *clause;
  int ratio, readiness;

  *attacker_mod = own_modifiers (self, attacker, TRUE, attacker_why);
  *defender_mod = own_modifiers (self, defender, FALSE, defender_why);
  /* F-BOARD-9, F-BOARD-10, F-BOARD-11, F-BOARD-12 ("boarding-ratio"): the highest ratio bonus only,
   * to the attacker, on the potentials as they stand or, with "modified-pools", after F-BOARD-3,
   * F-BOARD-4, F-BOARD-5, F-BOARD-6, F-BOARD-7, F-BOARD-8. */
  if (_adm_battle_ruling_is (self, "boarding-ratio", "modified-pools"))
    ratio = adm_ruleset_boarding_ratio_bonus (self->ruleset, attacker_bp + *attacker_mod,
                                              defender_bp + *defender_mod, &clause);
  else
    ratio = adm_ruleset_boarding_ratio_bonus (self->ruleset, attacker_bp, defender_bp, &clause);
  if (ratio > 0)
    {
      g_autofree char *what = g_strdup_printf (_("boarding potential ratio (%s)"), clause);

      *attacker_mod += ratio;
      explain (attacker_why, what, ratio);
    }
  /* F-BOARD-13 ("boarding-roll"): readiness is the F-RDY-5 readiness modifier. */
  if ((readiness = _adm_battle_readiness_modifier (self, attacker)) != 0)
    explain (attacker_why, _("readiness (F-RDY-5)"), readiness);
  *attacker_mod += readiness;
  if ((readiness = _adm_battle_readiness_modifier (self, defender)) != 0)
    explain (defender_why, _("readiness (F-RDY-5)"), readiness);
  *defender_mod += readiness;
}

gboolean
_adm_battle_boarding_reroll_ties (AdmBattle *self)
{
  /* F-BOARD-13 ("boarding-roll"): a tie has no effect, or is rolled again. */
  return _adm_battle_ruling_is (self, "boarding-roll", "tie-reroll");
}

/* Rounds */

/* F-BOARD-15: the ship whose boarding potential reached 0 is captured. */
static void
capture (AdmBattle *self,
         guint      ship,
         guint      captor)
{
  AdmBattleShip *s = _adm_battle_ship (self, ship);

  s->captured_by = captor;
  s->capture_turn = adm_battle_get_turn (self);
  _adm_battle_report (self, ADM_ABOUT_SHIPS (ship, captor),
                      _("%s is captured by %s (F-BOARD-15): it is out of action until "
                        "its captors abandon, scuttle or take it over (F-BOARD-16)."),
                      s->name, _adm_battle_ship_name (self, captor));
  /* F-FORM-14: a captured flagship no longer commands its formation. */
  _adm_battle_ship_lost (self, ship);
}

/* One side's roll for the report: "Vorberg 4 +3 = 7 (damaged (F-BOARD-4) −2, …)", @die the
 * total of its dice. */
static char *
describe_roll (AdmBattle  *self,
               guint       ship,
               int         die,
               int         modifier,
               GString    *why)
{
  if (why->len == 0)
    return g_strdup_printf ("%s %d = %d", _adm_battle_ship_name (self, ship), die,
                            die + modifier);
  return g_strdup_printf ("%s %d %+d = %d (%s)", _adm_battle_ship_name (self, ship), die,
                          modifier, die + modifier, why->str);
}

/* One boarding round (F-BOARD-13, F-BOARD-14). */
static gboolean
fight_round (AdmBattle  *self,
             guint       index,
             GError    **error)
{
  AdmBoarding *b = boarding_at (self, index);
  guint attacker = b->attacker, defender = b->defender;
  g_autoptr(GString) attacker_why = g_string_new (NULL);
  g_autoptr(GString) defender_why = g_string_new (NULL);
  gboolean reroll = _adm_battle_boarding_reroll_ties (self);
  int attacker_mod, defender_mod, attacker_total, defender_total, loss;
  guint loser, winner;
  int *loser_bp;

  _adm_battle_boarding_modifiers (self, attacker, defender, b->attacker_bp, b->defender_bp,
                                  &attacker_mod, &defender_mod, attacker_why, defender_why);

  for (;;)
    {
      int attacker_die, defender_die;
      g_autofree char *attacker_text = NULL, *defender_text = NULL;

      /* F-BOARD-13: each side's total of the ruleset's dice; each roll names first the ship
       * that rolls it, whose side's luck it is (adm-luck.c), then the other: its outcome and
       * its odds hold the other side's total and modifiers, so it is told only to the sides
       * that know both ships, as the round's report line is (F-ECM-2). */
      if (!_adm_battle_roll_sum (self, ADM_ABOUT_SHIPS (attacker, defender),
                                 adm_ruleset_get_dice (self->ruleset, ADM_DICE_BOARDING), 6,
                                 "F-BOARD-13", &attacker_die, error,
                                 _("boarding of %s: %s's roll"),
                                 _adm_battle_ship_name (self, defender),
                                 _adm_battle_ship_name (self, attacker)) ||
          !_adm_battle_roll_sum (self, ADM_ABOUT_SHIPS (defender, attacker),
                                 adm_ruleset_get_dice (self->ruleset, ADM_DICE_BOARDING), 6,
                                 "F-BOARD-13", &defender_die, error,
                                 _("boarding of %s: %s's roll"),
                                 _adm_battle_ship_name (self, defender),
                                 _adm_battle_ship_name (self, defender)))
        return FALSE;
      attacker_total = attacker_die + attacker_mod;
      defender_total = defender_die + defender_mod;
      /* Each die passes when it wins the round: above the other side's total. */
      _adm_battle_judge_roll (self, 1, ADM_ROLL_CHECK_SUM_AT_LEAST,
                              defender_total - attacker_mod + 1, NULL);
      _adm_battle_judge_roll (self, 0, ADM_ROLL_CHECK_SUM_AT_LEAST,
                              attacker_total - defender_mod + 1, NULL);
      /* The round's modifiers, kept with each roll: its odds before either side's dice. */
      _adm_battle_roll_opposed (self, 1, attacker_mod, defender_mod);
      _adm_battle_roll_opposed (self, 0, defender_mod, attacker_mod);
      attacker_text = describe_roll (self, attacker, attacker_die, attacker_mod, attacker_why);
      defender_text = describe_roll (self, defender, defender_die, defender_mod, defender_why);
      _adm_battle_report (self, ADM_ABOUT_SHIPS (defender, attacker),
                          _("Boarding round aboard %s: %s against %s (F-BOARD-13)."),
                          _adm_battle_ship_name (self, defender), attacker_text,
                          defender_text);
      if (attacker_total != defender_total)
        break;
      /* F-BOARD-13 ("boarding-roll"): a tie has no effect, or is rolled again. */
      if (!reroll)
        {
          _adm_battle_report (self, ADM_ABOUT_SHIPS (defender, attacker),
                              _("A tie: neither side gains ground this round."));
          return TRUE;
        }
      _adm_battle_report (self, ADM_ABOUT_SHIPS (defender, attacker),
                          _("A tie: the round is rolled again."));
    }

  /* F-BOARD-14: the loser's potential falls by the difference. */
  b = boarding_at (self, index);
  winner = attacker_total > defender_total ? attacker : defender;
  loser = winner == attacker ? defender : attacker;
  loser_bp = loser == attacker ? &b->attacker_bp : &b->defender_bp;
  loss = ABS (attacker_total - defender_total);
  *loser_bp = MAX (0, *loser_bp - loss);
  _adm_battle_report (self, ADM_ABOUT_SHIP (loser),
                      _("%s loses %d boarding potential: %d left (F-BOARD-14)."),
                      _adm_battle_ship_name (self, loser), loss, *loser_bp);
  /* "boarding-rounds": whichever ship reaches 0 is captured, the attacker too. */
  if (*loser_bp == 0)
    {
      b->over = TRUE;
      capture (self, loser, winner);
    }
  return TRUE;
}

/* A boarding goes on while both ships are in action and their bases touch. */
static gboolean
still_fighting (AdmBattle *self,
                guint      index)
{
  AdmBoarding *b = boarding_at (self, index);
  guint attacker = b->attacker, defender = b->defender;

  if (!_adm_battle_ship_active (self, attacker) || !_adm_battle_ship_active (self, defender))
    {
      b->over = TRUE;
      _adm_battle_report (self, ADM_ABOUT_SHIPS (defender, attacker),
                          _("The boarding of %s by %s ends: %s is out of action."),
                          _adm_battle_ship_name (self, defender),
                          _adm_battle_ship_name (self, attacker),
                          _adm_battle_ship_name (self, _adm_battle_ship_active (self, attacker)
                                                         ? defender : attacker));
      return FALSE;
    }
  if (!bases_touch (self, attacker, defender))
    {
      b->over = TRUE;
      _adm_battle_report (self, ADM_ABOUT_SHIPS (defender, attacker),
                          _("The boarding of %s by %s is broken off: the ships no "
                            "longer touch."), _adm_battle_ship_name (self, defender),
                          _adm_battle_ship_name (self, attacker));
      return FALSE;
    }
  return TRUE;
}

static gboolean
fight (AdmBattle  *self,
       GError    **error)
{
  /* F-BOARD-15 ("boarding-rounds"): one round in each end stage, the boarding going on in
   * later turns while the ships touch; or rounds until a ship is captured. */
  gboolean decision = _adm_battle_ruling_is (self, "boarding-rounds", "to-a-decision");

  for (guint i = 0; i < self->state->boardings->len; i++)
    {
      if (boarding_at (self, i)->over || !still_fighting (self, i))
        continue;
      do
        {
          if (!fight_round (self, i, error))
            return FALSE;
        }
      while (decision && !boarding_at (self, i)->over);
    }
  return TRUE;
}

/* Captured ships (F-BOARD-16, F-BOARD-17, F-BOARD-18) */

static void
abandon (AdmBattle *self,
         guint      ship)
{
  AdmBattleShip *s = _adm_battle_ship (self, ship);

  /* F-BOARD-16 ("captured-fate"): an abandoned ship is an empty drifting hulk: it drifts
   * (F-CAT-10), has no shields (F-CAT-7) and keeps the hull points it had. */
  _adm_battle_make_hulk (self, ship, ADM_SHIP_DRIFTING_HULK);
  _adm_battle_report (self, ADM_ABOUT_SHIP (ship),
                      _("%s is abandoned by its captors and drifts out of action as a "
                        "hulk (F-BOARD-16)."), s->name);
}

static gboolean
scuttle (AdmBattle  *self,
         guint       ship,
         GError    **error)
{
  AdmBattleShip *s = _adm_battle_ship (self, ship);

  /* F-BOARD-16 ("captured-fate"): blown up by its captors — destroyed with an explosion
   * marker and no blast, or a roll on the catastrophic damage table (F-CAT-3). */
  if (_adm_battle_ruling_is (self, "captured-fate", "scuttle-catastrophic"))
    {
      _adm_battle_report (self, ADM_ABOUT_SHIP (ship),
                          _("%s's captors set scuttling charges: it rolls on the "
                            "catastrophic damage table (F-BOARD-16)."), s->name);
      return _adm_battle_catastrophic (self, ship, error);
    }
  _adm_battle_place_marker (self, s->position, _adm_battle_base_size (self, ship));
  s = _adm_battle_ship (self, ship);
  s->status = ADM_SHIP_DESTROYED;
  s->damage = s->klass->hull;
  _adm_battle_report (self, ADM_ABOUT_SHIP (ship),
                      _("%s is blown up by its captors (F-BOARD-16) and leaves an "
                        "explosion marker."), s->name);
  return TRUE;
}

/* F-BOARD-17 ("takeover-readiness"): the prize, under its captors' command, becomes a
 * formation of its own on their side, "prize-SHIP", with itself as flagship. What each side
 * knew of its old formation it knows of the new one (F-ECM). Returns the formation's index. */
static guint
prize_formation (AdmBattle *self,
                 guint      ship)
{
  const AdmBattleShip *s = _adm_battle_ship (self, ship);
  guint old = s->formation, n = _adm_battle_n_formations (self), n_sides = self->sides->len;
  AdmBattleFormation formation = { 0 };
  GArray *ships = g_array_new (FALSE, FALSE, sizeof (guint));
  GArray *succession = g_array_new (FALSE, FALSE, sizeof (guint));
  GArray *detection = g_array_sized_new (FALSE, TRUE, sizeof (guint8), n_sides * (n + 1));
  g_autofree char *id = g_strdup_printf ("prize-%s", s->id);
  g_autofree char *name = g_strdup_printf (_("Prize %s"), s->name);

  /* A ship taken twice gets a second formation id. */
  for (int copy = 2; adm_battle_formation_index (self, id) >= 0; copy++)
    {
      g_free (id);
      id = g_strdup_printf ("prize-%s-%d", s->id, copy);
    }
  /* The formations' ship lists belong to the battle and never change (adm-battle-private.h). */
  g_array_append_val (ships, ship);
  g_ptr_array_add (self->formation_lists, ships);
  g_ptr_array_add (self->formation_lists, succession);
  formation.id = g_string_chunk_insert_const (self->strings, id);
  formation.name = g_string_chunk_insert_const (self->strings, name);
  formation.side = s->side;
  formation.ships = ships;
  formation.succession = succession;
  formation.flagship = ship;
  formation.command = TRUE;
  g_array_append_val (self->state->formations, formation);

  /* The detection table is indexed [side * formations + formation]: lay it out again. */
  for (guint side = 0; side < n_sides; side++)
    for (guint f = 0; f <= n; f++)
      g_array_append_val (detection, g_array_index (self->state->detection, guint8,
                                                    side * n + (f < n ? f : old)));
  g_array_unref (self->state->detection);
  self->state->detection = detection;
  return n;
}

int
adm_board_17_readiness (int  crew,
                        int  prize_divisor,
                        int  captor_divisor,
                        int *captor_loss)
{
  *captor_loss = crew / MAX (captor_divisor, 1);
  return crew / MAX (prize_divisor, 1);
}

static gboolean
take_over (AdmBattle           *self,
           const AdmOrderDecl  *decl,
           guint                ship,
           GError             **error)
{
  AdmBattleShip *s = _adm_battle_ship (self, ship), *c;
  guint captor = s->captured_by;
  g_autofree char *what = NULL;
  int loss;
  gboolean passed;

  if (!_adm_battle_ship_active (self, captor))
    {
      _adm_battle_illegal (self, error, decl->line,
                           _("%s cannot be taken over: its captor %s is out of action "
                             "(F-BOARD-17); abandon or scuttle it"), s->name,
                           _adm_battle_ship_name (self, captor));
      return FALSE;
    }
  /* F-BOARD-17 ("takeover-retry"): 2d6 ≤ the capturing ship's readiness (F-RDY-2, with its
   * F-RDY-3 penalty). */
  what = g_strdup_printf (_("taking over %s"), s->name);
  if (!_adm_battle_readiness_check (self, captor,
                                    adm_ruleset_get_dice (self->ruleset, ADM_DICE_READINESS),
                                    adm_battle_ship_readiness (self, captor),
                                    "F-BOARD-17", what, &passed, error))
    return FALSE;
  if (!passed)
    {
      if (_adm_battle_ruling_is (self, "takeover-retry", "one-attempt"))
        {
          _adm_battle_report (self, ADM_ABOUT_SHIP (ship), _("The take-over of %s fails for good."),
                              _adm_battle_ship_name (self, ship));
          abandon (self, ship);
        }
      else
        _adm_battle_report (self, ADM_ABOUT_SHIP (ship),
                            _("The take-over of %s fails; its captors may try again in "
                              "a later end stage."), _adm_battle_ship_name (self, ship));
      return TRUE;
    }
  /* F-BOARD-17, F-BOARD-18 ("takeover-readiness"): the prize gets the ruleset's share of the
   * capturing ship's crew readiness and the capturing ship loses its share of it
   * (<takeover-readiness>), for good. The prize changes side, as a formation of its own. */
  s = _adm_battle_ship (self, ship);
  c = _adm_battle_ship (self, captor);
  s->base_readiness =
    adm_board_17_readiness (MAX (0, c->base_readiness - c->readiness_loss),
                            adm_ruleset_get_takeover_divisor (self->ruleset, ADM_TAKEOVER_PRIZE),
                            adm_ruleset_get_takeover_divisor (self->ruleset, ADM_TAKEOVER_CAPTOR),
                            &loss);
  s->readiness_loss = 0;
  c->base_readiness -= loss;
  s->side = c->side;
  s->captured_by = -1;
  /* It lay still while it was held (F-MOVE-5 does not make it move on). */
  s->moved_last_turn = FALSE;
  s->last_move = 0;
  s->formation = prize_formation (self, ship);
  s = _adm_battle_ship (self, ship);
  c = _adm_battle_ship (self, captor);
  _adm_battle_report (self, ADM_ABOUT (ADM_SUBJECT_SHIP_OF (ship), ADM_SUBJECT_SHIP_OF (captor),
                                       ADM_SUBJECT_SIDE_OF (c->side),
                                       ADM_SUBJECT_FORMATION_OF (s->formation)),
                      _("%s is taken over by %s and fights on for %s as the formation "
                        "%s (%s), readiness %d (F-BOARD-17); %s's readiness falls by %d "
                        "to %d (F-BOARD-18)."),
                      s->name, c->name, adm_battle_get_side (self, c->side)->name,
                      _adm_battle_formation (self, s->formation)->name,
                      _adm_battle_formation (self, s->formation)->id, s->base_readiness,
                      c->name, loss, MAX (0, c->base_readiness - c->readiness_loss));
  return TRUE;
}

static gboolean
check_captured (AdmBattle           *self,
                GPtrArray           *decls,
                guint                i,
                int                  ship,
                GError             **error)
{
  const AdmOrderDecl *decl = g_ptr_array_index (decls, i);
  const char *id = adm_order_decl_get (decl, "ship");
  const AdmBattleShip *s;

  if (ship < 0)
    {
      _adm_battle_illegal (self, error, decl->line, _("“%s” is not a ship in this battle"), id);
      return FALSE;
    }
  s = _adm_battle_ship (self, ship);
  /* F-BOARD-16, F-BOARD-17: a captured ship's fate is declared in a turn after its capture,
   * once. */
  if (s->captured_by < 0 || s->status != ADM_SHIP_ACTIVE)
    {
      _adm_battle_illegal (self, error, decl->line,
                           _("%s is not a captured ship held by its captors; a captured "
                             "ship's fate is declared in a turn after its capture "
                             "(F-BOARD-16)"), s->name);
      return FALSE;
    }
  for (guint j = 0; j < i; j++)
    if (g_strcmp0 (adm_order_decl_get (g_ptr_array_index (decls, j), "ship"), id) == 0)
      {
        _adm_battle_illegal (self, error, decl->line,
                             _("%s has two fates declared this turn; give one"), s->name);
        return FALSE;
      }
  return TRUE;
}

static gboolean
fates (AdmBattle  *self,
       GError    **error)
{
  g_autoptr(GPtrArray) decls = _adm_battle_decls (self, "captured");

  for (guint i = 0; i < decls->len; i++)
    if (!check_captured (self, decls, i,
                         adm_battle_ship_index (self, adm_order_decl_get (g_ptr_array_index
                                                                            (decls, i),
                                                                          "ship")),
                         error))
      return FALSE;
  for (guint i = 0; i < decls->len; i++)
    {
      const AdmOrderDecl *decl = g_ptr_array_index (decls, i);
      const char *fate = adm_order_decl_get (decl, "fate");
      int ship = adm_battle_ship_index (self, adm_order_decl_get (decl, "ship"));

      /* A blast of a ship scuttled just before may have wrecked it (F-CAT-12). */
      if (_adm_battle_ship (self, ship)->status != ADM_SHIP_ACTIVE)
        continue;
      /* F-BOARD-16: abandoned, blown up or taken over. */
      if (g_strcmp0 (fate, "abandon") == 0)
        abandon (self, ship);
      else if (g_strcmp0 (fate, "scuttle") == 0)
        {
          if (!scuttle (self, ship, error))
            return FALSE;
        }
      else if (!take_over (self, decl, ship, error))
        return FALSE;
    }
  return TRUE;
}

gboolean
_adm_battle_boarding_resolve (AdmBattle  *self,
                              GError    **error)
{
  /* F-END-2 (1): boarding resolution. The fates of ships captured in earlier turns first
   * (F-BOARD-17: "in the end phase of the next turn"), then this turn's rounds. */
  return fates (self, error) && fight (self, error);
}
