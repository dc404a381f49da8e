/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-battle-movement.c: the movement phase (F-MOVE), formations moving as one (F-FORM-9,
 * F-FORM-10), hulks drifting (F-CAT-10, F-CAT-11) and ramming (F-RAM). */

#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>

#include "adm-battle-private.h"
#include "adm-odds.h"

#define EPSILON 1e-6

/* The formation's worst values of each parameter (F-FORM-10). */
typedef struct {
  int          speed;
  int          turn;
  double       turn_after;  /* share of the declared move before a turn */
  gboolean     by_speed;    /* F-MOVE-12: turn_after is a share of the speed */
  const char  *turn_clause;
  const char  *type_name;   /* the ship type that sets turn_after, for messages */
  int          limiting;    /* the ship that sets turn_after */
  gboolean     engines_out; /* F-CRIT-13 */
  gboolean     no_turn;     /* F-FORD-4 */
  gboolean     no_orders;   /* F-FORD-9 */
  gboolean     must_move;   /* F-MOVE-5 */
  gboolean     in_wormhole_exit; /* F-MOVE-5: a ship in a wormhole's exit zone */
  double       last_move;
  GArray      *ships;       /* guint, active ships */
} Movers;

static void
gather (AdmBattle *self,
        guint      formation,
        Movers    *m)
{
  int turn = adm_battle_get_turn (self);

  m->speed = G_MAXINT;
  m->turn = G_MAXINT;
  m->turn_after = 0;
  m->by_speed = FALSE;
  m->limiting = -1;
  m->ships = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; i < _adm_battle_n_ships (self); i++)
    {
      const AdmBattleShip *s = _adm_battle_ship (self, i);
      /* F-MOVE-11: some classes (the Ariel) may turn at any point of their move. */
      double share = s->klass->turn_anywhere ? 0 : s->klass->type->turn_after;
      gboolean by_speed = s->klass->type->turn_after_speed && share > 0;

      if (s->formation != formation || !_adm_battle_ship_active (self, i))
        continue;
      g_array_append_val (m->ships, i);
      /* F-FORM-10: the worst value of each parameter. */
      m->speed = MIN (m->speed, adm_battle_ship_speed (self, i));
      m->turn = MIN (m->turn, s->klass->turn);
      /* F-MOVE-12: a monitor's full game speed is at least any share of the declared move
       * (which the speed bounds), so a monitor sets the distance. */
      if (m->limiting < 0 || (by_speed && !m->by_speed) ||
          (by_speed == m->by_speed && share > m->turn_after))
        {
          m->by_speed = by_speed;
          m->turn_after = share;
          m->turn_clause = s->klass->type->turn_clause;
          m->type_name = s->klass->type->name;
          m->limiting = i;
        }
      m->engines_out |= s->criticals[ADM_CRIT_ENGINES] > 0;
      m->no_turn |= s->no_turn_turn == turn;
      m->no_orders |= s->no_orders_turn == turn;
      m->in_wormhole_exit |= adm_battle_ship_in_wormhole_exit (self, i);
      /* F-MOVE-5 ("keep-moving"): a ship that moved last turn must move this turn. */
      if (s->moved_last_turn && _adm_battle_ruling_is (self, "keep-moving", "moved-last-turn"))
        {
          m->must_move = TRUE;
          m->last_move = MAX (m->last_move, s->last_move);
        }
    }
}

static const AdmMoveDecl *
find_decl (AdmBattle  *self,
           guint       formation,
           GError    **error)
{
  const AdmMoveDecl *found = NULL;

  if (self->orders == NULL)
    return NULL;
  for (guint i = 0; i < self->orders->moves->len; i++)
    {
      const AdmMoveDecl *decl = g_ptr_array_index (self->orders->moves, i);

      if (g_strcmp0 (decl->formation, _adm_battle_formation (self, formation)->id) != 0)
        continue;
      if (found != NULL)
        {
          /* F-MOVE-14: one movement order per phase. */
          _adm_battle_illegal (self, error, decl->line,
                               _("%s has two movement orders this turn; give one"),
                               _adm_battle_formation (self, formation)->name);
          return GINT_TO_POINTER (-1);
        }
      found = decl;
    }
  return found;
}

static gboolean
check_known_formations (AdmBattle  *self,
                        GError    **error)
{
  if (self->orders == NULL)
    return TRUE;
  for (guint i = 0; i < self->orders->moves->len; i++)
    {
      const AdmMoveDecl *decl = g_ptr_array_index (self->orders->moves, i);

      if (adm_battle_formation_index (self, decl->formation) < 0)
        {
          _adm_battle_illegal (self, error, decl->line,
                               _("there is no formation “%s” in this battle"), decl->formation);
          return FALSE;
        }
    }
  return TRUE;
}

/* F-MOVE-17, F-CRIT-13, F-FORD-4: whether the formation may turn at all in this phase under
 * @order; the refusal names it @name. */
static gboolean
check_may_turn (AdmBattle     *self,
                AdmMoveOrder   order,
                const Movers  *m,
                const char    *name,
                int            line,
                GError       **error)
{
  /* F-MOVE-17: "All ahead full" allows no turn. */
  if (order == ADM_MOVE_ORDER_ALL_AHEAD_FULL)
    {
      _adm_battle_illegal (self, error, line,
                           _("%s is going all ahead full and cannot turn (F-MOVE-17)"), name);
      return FALSE;
    }
  /* F-CRIT-13: engines damaged, no turning until repaired. */
  if (m->engines_out)
    {
      _adm_battle_illegal (self, error, line,
                           _("%s has damaged engines and cannot turn until they are repaired "
                             "(F-CRIT-13)"), name);
      return FALSE;
    }
  /* F-FORD-3, F-FORD-4: «Корабль, выполняющий этот приказ, не может поворачивать во время
   * стадии движения. Если корабль поворачивал в стадию движения, он не может поворачивать
   * в следующий ход». Target lock is declared in the fire phase, after this turn's
   * movement: a ship that turned may still take it, and pays in the next turn's movement
   * stage (set in the end stage, adm-battle-end.c). A lock declared for this turn's fire
   * phase therefore does not stop the turn now. */
  if (m->no_turn)
    {
      _adm_battle_illegal (self, error, line,
                           _("%s turned last turn under target lock and cannot turn this turn "
                             "(F-FORD-4)"), name);
      return FALSE;
    }
  return TRUE;
}

/* F-MOVE-7 ("turn-limit"): the class angle is the total for the phase; F-MOVE-15: course
 * correction doubles it. */
static double
turn_limit (const Movers *m,
            AdmMoveOrder  order)
{
  return m->turn * (order == ADM_MOVE_ORDER_COURSE_CORRECTION ? 2 : 1);
}

/* F-MOVE-8: the cm the formation must cover before its first turn, of a move of @total cm.
 * F-MOVE-12: «Монитор проходит полностью расстояние, определяемое его игровой скоростью, и
 * только тогда может повернуть» — a monitor, its current game speed (F-FORM-10: the
 * formation's), however little it declared. F-MOVE-16: an emergency stop may turn anywhere,
 * even in place. */
static double
turn_share (const Movers *m,
            AdmMoveOrder  order)
{
  return order == ADM_MOVE_ORDER_EMERGENCY_STOP ? 0 : m->turn_after;
}

/* The cm turn_share () is of, for a move of @total cm. */
static double
turn_of (const Movers *m,
         double        total)
{
  return m->by_speed ? m->speed : total;
}

static double
turn_after (const Movers *m,
            AdmMoveOrder  order,
            double        total)
{
  return turn_share (m, order) * turn_of (m, total);
}

/* The cm of @decl's forward steps, and the degrees of its turns. */
static void
measure_steps (const AdmMoveDecl *decl,
               double            *total,
               double            *turned)
{
  *total = 0;
  *turned = 0;
  for (guint i = 0; i < decl->steps->len; i++)
    {
      const AdmMoveStep *step = &g_array_index (decl->steps, AdmMoveStep, i);

      if (!step->is_turn)
        *total += step->value;
      else
        *turned += fabs (step->value);
    }
}

/* Checks the declared path against the turning rules; @total gets its length. */
static gboolean
check_path (AdmBattle          *self,
            const AdmMoveDecl  *decl,
            const Movers       *m,
            const char         *name,
            double             *total,
            GError            **error)
{
  double turned, before = 0, limit, needed;

  measure_steps (decl, total, &turned);
  if (turned < EPSILON)
    return TRUE;
  if (!check_may_turn (self, decl->order, m, name, decl->line, error))
    return FALSE;
  limit = turn_limit (m, decl->order);
  if (turned > limit + EPSILON)
    {
      _adm_battle_illegal (self, error, decl->line,
                           _("%s may turn at most %.0f° this turn, not %g° (F-MOVE-7)"), name,
                           limit, turned);
      return FALSE;
    }
  /* F-MOVE-6: a ship may turn in the movement phase; F-MOVE-8: large ships only after a
   * share of their declared move, from the ship type's turn-after value: battleship 3/4
   * (F-MOVE-9), battlecruiser 3/5 (F-MOVE-10), cruiser 1/2 (F-MOVE-11), monitor all of it
   * (F-MOVE-12), escorts and the unlisted small types any time (F-MOVE-13). */
  needed = turn_after (m, decl->order, *total);
  for (guint i = 0; i < decl->steps->len; i++)
    {
      const AdmMoveStep *step = &g_array_index (decl->steps, AdmMoveStep, i);

      if (!step->is_turn)
        {
          before += step->value;
          continue;
        }
      if (fabs (step->value) > EPSILON && before + EPSILON < needed)
        {
          g_autofree char *type = g_utf8_strdown (m->type_name, -1);
          g_autofree char *words = adm_turn_after_words (turn_share (m, decl->order),
                                                         m->by_speed, turn_of (m, *total),
                                                         NULL, NULL);

          /* Translators: "Vorkalloner is a heavy cruiser: its first turn comes after 1/2 of
           * the move (14 cm of 28 cm), not after 10 cm (F-MOVE-13)" */
          _adm_battle_illegal (self, error, decl->line,
                               _("%s is a %s: its first turn comes after %s, not after %g cm "
                                 "(%s)"),
                               _adm_battle_ship_name (self, m->limiting), type, words, before,
                               m->turn_clause);
          return FALSE;
        }
    }
  return TRUE;
}

static void
move_ships (AdmBattle    *self,
            const Movers *m,
            gboolean      is_turn,
            double        value)
{
  double heading = _adm_battle_ship (self, g_array_index (m->ships, guint, 0))->heading;

  /* F-FORM-9: the formation moves as one, keeping its shape: every ship takes the same
   * displacement along the leading ship's heading and the same turns (F-FORM-11: on the
   * table, stands may carry the tokens together). */
  for (guint i = 0; i < m->ships->len; i++)
    {
      AdmBattleShip *s = _adm_battle_ship (self, g_array_index (m->ships, guint, i));

      if (is_turn)
        {
          s->heading = adm_heading_normalise (s->heading + value);
          s->turned = TRUE;
        }
      else
        s->position = adm_point_advance (s->position, heading, value);
    }
}

static gboolean ram (AdmBattle          *self,
                     const AdmMoveDecl  *decl,
                     const Movers       *m,
                     double              distance,
                     GError            **error);

/* A formation's movement order as checked before any die, by the phase and by the preview
 * alike (adm_battle_preview_move ()). */
typedef struct {
  Movers             m;
  const AdmMoveDecl *decl;           /* what the formation does; NULL: it stands still */
  AdmMoveDecl        fallback;       /* F-MOVE-5: straight on, with no orders */
  GArray            *fallback_steps;
  double             steps_total;    /* cm of the declared steps */
  double             total;          /* with the way between orbits (F-ORB-1) */
} MoveCheck;

static void
move_check_clear (MoveCheck *c)
{
  g_clear_pointer (&c->m.ships, g_array_unref);
  g_clear_pointer (&c->fallback_steps, g_array_unref);
}

/* Checks formation @formation's movement order in self->orders by every rule that needs no
 * die; @c gets what the phase carries out. A formation that has no order and need not move,
 * or has no ship that can move and no order, passes with @c->decl NULL. */
static gboolean
check_move (AdmBattle  *self,
            guint       formation,
            MoveCheck  *c,
            GError    **error)
{
  AdmBattleFormation *f = _adm_battle_formation (self, formation);
  const AdmMoveDecl *decl;
  double radial = 0;

  gather (self, formation, &c->m);
  decl = find_decl (self, formation, error);
  if (decl == GINT_TO_POINTER (-1))
    return FALSE;
  if (c->m.ships->len == 0)
    {
      if (decl != NULL)
        _adm_battle_illegal (self, error, decl->line,
                             _("%s has no ship left that can move"), f->name);
      return decl == NULL;
    }

  if (decl == NULL)
    {
      AdmMoveStep step = { FALSE, MIN (c->m.last_move, c->m.speed) };

      /* F-MOVE-1, F-MOVE-5: with no orders, a formation that must keep moving goes straight
       * ahead as far as last turn; any other stays where it is — but not in the exit zone of
       * a wormhole: «обязательно перемещаются все корабли… находящиеся в зоне выхода из
       * ПВ-тоннеля», and there is no last move to repeat. */
      if ((!c->m.must_move || c->m.last_move <= 0) && c->m.in_wormhole_exit)
        {
          _adm_battle_illegal (self, error, 0,
                               _("%s is in the exit zone of a wormhole and must move: give it a "
                                 "movement order, or an emergency stop to stay (F-MOVE-5)"),
                               f->name);
          return FALSE;
        }
      if (!c->m.must_move || c->m.last_move <= 0)
        return TRUE;
      c->fallback_steps = g_array_new (FALSE, FALSE, sizeof (AdmMoveStep));
      g_array_append_val (c->fallback_steps, step);
      c->fallback.steps = c->fallback_steps;
      decl = &c->fallback;
    }
  c->decl = decl;

  if (decl->order != ADM_MOVE_ORDER_NONE && c->m.no_orders)
    {
      /* F-FORD-9: after "Reinforce shields", no other combat order in the next turn. */
      _adm_battle_illegal (self, error, decl->line,
                           _("%s reinforced its shields last turn and may not take another "
                             "combat order this turn (F-FORD-9)"), f->name);
      return FALSE;
    }
  if (decl->ram != NULL && decl->order != ADM_MOVE_ORDER_ALL_AHEAD_FULL)
    {
      /* F-RAM-1, F-MOVE-18 ("ramming-order"): a ram is made going all ahead full. */
      _adm_battle_illegal (self, error, decl->line,
                           _("%s may ram only while going all ahead full (F-RAM-1)"), f->name);
      return FALSE;
    }
  /* F-STN-5: stations take no movement orders; F-ORB-1: ships in low orbit follow their
   * orbits, and the way to another orbit counts against the move. */
  if (!_adm_battle_orbit_check_move (self, decl, c->m.ships, f->name, &radial, error) ||
      !check_path (self, decl, &c->m, f->name, &c->steps_total, error))
    return FALSE;
  c->total = c->steps_total + radial;

  /* F-MOVE-3: no further than the ship card allows; F-MOVE-17: all ahead full goes up to
   * 2d6 cm further, rolled when the phase carries it out. */
  if (decl->order != ADM_MOVE_ORDER_ALL_AHEAD_FULL && c->total > c->m.speed + EPSILON)
    {
      _adm_battle_illegal (self, error, decl->line,
                           _("%s can move at most %d cm this turn, not %g cm (F-MOVE-3)"),
                           f->name, c->m.speed, c->total);
      return FALSE;
    }
  /* F-MOVE-5: a ship that moved must keep moving unless it makes an emergency stop
   * (F-MOVE-16); F-MOVE-4 ("braking-run"): the braking run is zero. All ahead full cuts
   * a move only to its speed and 2d6, never to nothing. */
  if (c->m.in_wormhole_exit && c->total < EPSILON &&
      decl->order != ADM_MOVE_ORDER_EMERGENCY_STOP)
    {
      /* F-MOVE-5: ships in the exit zone of a wormhole must move, as those that moved. */
      _adm_battle_illegal (self, error, decl->line,
                           _("%s is in the exit zone of a wormhole and must move unless it "
                             "makes an emergency stop (F-MOVE-5)"), f->name);
      return FALSE;
    }
  if (c->m.must_move && c->total < EPSILON && decl->order != ADM_MOVE_ORDER_EMERGENCY_STOP)
    {
      _adm_battle_illegal (self, error, decl->line,
                           _("%s moved last turn and must keep moving unless it makes an "
                             "emergency stop (F-MOVE-5)"), f->name);
      return FALSE;
    }
  return TRUE;
}

static void
report_move (AdmBattle          *self,
             guint               formation,
             const AdmMoveDecl  *decl,
             double              total)
{
  const AdmBattleFormation *f = _adm_battle_formation (self, formation);

  _adm_battle_report (self, ADM_ABOUT (ADM_SUBJECT_FORMATION_OF (formation)),
                      _("%s moves %g cm%s%s."), f->name, total,
                      decl->order != ADM_MOVE_ORDER_NONE ? ", " : "",
                      decl->order == ADM_MOVE_ORDER_COURSE_CORRECTION ? _("course correction") :
                      decl->order == ADM_MOVE_ORDER_EMERGENCY_STOP ? _("emergency stop") :
                      decl->order == ADM_MOVE_ORDER_ALL_AHEAD_FULL ? _("all ahead full") : "");
}

static gboolean
move_formation (AdmBattle  *self,
                guint       formation,
                GError    **error)
{
  AdmBattleFormation *f = _adm_battle_formation (self, formation);
  MoveCheck c = { 0 };
  const AdmMoveDecl *decl;
  const Movers *m = &c.m;
  double total;
  gboolean ok = FALSE;

  if (!check_move (self, formation, &c, error))
    goto out;
  decl = c.decl;
  total = c.total;
  if (decl == NULL)
    {
      /* Standing still (F-MOVE-1, F-MOVE-4). */
      for (guint i = 0; i < m->ships->len; i++)
        {
          AdmBattleShip *s = _adm_battle_ship (self, g_array_index (m->ships, guint, i));

          s->last_move = 0;
          s->moved_last_turn = FALSE;
        }
      ok = TRUE;
      goto out;
    }
  if (decl == &c.fallback)
    _adm_battle_report (self, ADM_ABOUT (ADM_SUBJECT_FORMATION_OF (formation)),
                        _("%s has no movement orders and keeps moving straight ahead "
                          "(F-MOVE-5)."), f->name);

  if (decl->order == ADM_MOVE_ORDER_ALL_AHEAD_FULL)
    {
      int extra, allowed;

      /* F-MOVE-17 ("all-ahead-full-extra"): up to 2d6 cm further. */
      if (!_adm_battle_roll_sum (self, ADM_ABOUT (ADM_SUBJECT_FORMATION_OF (formation)),
                                 adm_ruleset_get_dice (self->ruleset, ADM_DICE_ALL_AHEAD_FULL),
                                 6, "F-MOVE-17", &extra, error,
                                 _("%s all ahead full, extra cm"), f->name))
        goto out;
      allowed = m->speed + extra;
      _adm_battle_report (self, ADM_ABOUT (ADM_SUBJECT_FORMATION_OF (formation)),
                          _("%s goes all ahead full: up to %d + %d cm."), f->name,
                          m->speed, extra);
      if (total > allowed)
        total = allowed;
    }

  if (decl->ram != NULL)
    {
      if (!ram (self, decl, m, total, error))
        goto out;
    }
  else if (self->low_orbit.present)
    {
      double moved;

      /* F-ORB-1, F-ORB-2, F-ORB-4, F-ORB-5: on a low-orbit map; a move that ended at the
       * planet or the map's edge counts what was covered (F-MOVE-5). */
      if (!_adm_battle_orbit_move (self, decl, m->ships, total, &moved, error))
        goto out;
      total = moved;
      report_move (self, formation, decl, total);
    }
  else
    {
      double left = total;

      for (guint i = 0; i < decl->steps->len; i++)
        {
          const AdmMoveStep *step = &g_array_index (decl->steps, AdmMoveStep, i);

          if (step->is_turn)
            move_ships (self, m, TRUE, step->value);
          else
            {
              move_ships (self, m, FALSE, MIN (step->value, left));
              left -= MIN (step->value, left);
            }
        }
      report_move (self, formation, decl, total);
    }

  for (guint i = 0; i < m->ships->len; i++)
    {
      AdmBattleShip *s = _adm_battle_ship (self, g_array_index (m->ships, guint, i));

      s->move_order = decl->order;
      s->last_move = total;
      s->moved_last_turn = total > EPSILON;
      /* F-MOVE-15, F-MOVE-16, F-MOVE-17 ("halved-fire-scope"): fire effectiveness halved for the
       * turn. */
      if (decl->order != ADM_MOVE_ORDER_NONE)
        s->halved_until = MAX (s->halved_until, adm_battle_get_turn (self));
    }
  ok = TRUE;
out:
  move_check_clear (&c);
  return ok;
}

static gboolean
ram_damage (AdmBattle  *self,
            guint       from,
            guint       to,
            int         dice,
            int         modifier,
            GError    **error)
{
  g_autofree guint *values = g_new0 (guint, MAX (dice, 1));
  g_autofree char *stronger = NULL;
  const AdmBattleShip *target = _adm_battle_ship (self, to);
  int armour = target->klass->armour, damage = 0;
  guint roll = self->rolls->len;

  if (dice <= 0)
    return TRUE;
  /* F-RAM-7, F-RAM-9: each d6 equal to or above the armour is one damage; F-RAM-13: the
   * stronger-shielded ship adds @modifier to its dice. */
  if (modifier != 0)
    stronger = g_strdup_printf (_(", %+d for stronger shields"), modifier);
  if (!_adm_battle_roll (self, ADM_ABOUT_SHIPS (from, to), dice, 6, "F-RAM-11", values, error,
                         _("ramming damage from %s to %s, %d+"),
                         _adm_battle_ship_name (self, from), target->name,
                         MAX (1, armour - modifier)))
    return FALSE;
  _adm_battle_judge_roll (self, 0, ADM_ROLL_CHECK_EACH_AT_LEAST, armour - modifier, _("armour"));
  /* The ramming ship's dice are its attack's: each that scores is a damage (F-RAM-7). */
  _adm_battle_roll_kind (self, ADM_ROLL_KIND_HIT);
  for (int i = 0; i < dice; i++)
    damage += (int) values[i] + modifier >= armour;
  /* The luck ledger's expectation: the rules' own odds of @dice d6 scoring at the armour less
   * the modifier, shields no part of a ram (adm_fire_odds_compute (), F-RAM-9, F-RAM-13). */
  {
    AdmFireOddsInput input = {
      .dice = dice, .hit_on = CLAMP (armour - modifier, 1, 7), .critical_on = 6,
    };
    g_autoptr(AdmFireOdds) odds = adm_fire_odds_compute (&input);

    _adm_battle_roll_damage (self, roll, to, damage, odds->expected_damage);
  }
  _adm_battle_report (self, ADM_ABOUT_SHIPS (from, to),
                      _("%s deals %d damage to %s (%d dice against armour %d%s)."),
                      _adm_battle_ship_name (self, from), damage, target->name, dice, armour,
                      stronger != NULL ? stronger : "");
  /* F-CRIT-1 ("critical-threshold-other"): the ruleset's number for ramming damage. */
  return _adm_battle_inflict_from (self, to, damage, ADM_CRITICAL_SOURCE_RAMMING, error);
}

static gboolean
ram (AdmBattle          *self,
     const AdmMoveDecl  *decl,
     const Movers       *m,
     double              distance,
     GError            **error)
{
  guint rammer = g_array_index (m->ships, guint, 0);
  int target = adm_battle_ship_index (self, decl->ram);
  AdmBattleShip *r = _adm_battle_ship (self, rammer);
  AdmBattleShip *t;
  AdmPoint end;
  double contact, rs, ts;
  int dice, readiness, rammer_shields, target_shields;
  gboolean passed, head_on, burn_up_applies;
  const char *shield_ruling = adm_ruleset_get_ruling_value (self->ruleset,
                                                            "ram-shield-modifier");

  if (m->ships->len != 1)
    {
      _adm_battle_illegal (self, error, decl->line,
                           _("only a single ship can ram; %s has %u ships"),
                           _adm_battle_formation (self, r->formation)->name, m->ships->len);
      return FALSE;
    }
  if (target < 0 || !_adm_battle_ship_on_table (self, target) ||
      _adm_battle_ship (self, target)->side == r->side)
    {
      _adm_battle_illegal (self, error, decl->line,
                           _("%s cannot ram “%s”: it is not an enemy ship on the table"),
                           r->name, decl->ram);
      return FALSE;
    }
  t = _adm_battle_ship (self, target);
  rs = _adm_battle_base_size (self, rammer);
  ts = _adm_battle_base_size (self, target);
  end = adm_point_advance (r->position, r->heading, distance);
  /* F-RAM-2: the rammer must reach base contact in the movement phase. */
  contact = adm_contact_distance (r->position, end, rs, t->position, ts);
  if (contact < 0)
    {
      _adm_battle_report (self, ADM_ABOUT_SHIPS (rammer, target),
                          _("%s goes all ahead full %g cm but does not reach %s."),
                          r->name, distance, t->name);
      r->position = end;
      return TRUE;
    }
  /* F-RAM-3, F-RAM-4 ("ram-size"): a readiness test, its dice by the target's size. */
  dice = adm_ram_4_dice (rs, ts, adm_ruleset_get_dice (self->ruleset, ADM_DICE_READINESS),
                         adm_ruleset_get_ram_smaller_target_dice (self->ruleset),
                         adm_ruleset_get_ram_larger_target_dice (self->ruleset));
  readiness = adm_battle_ship_readiness (self, rammer);
  if (!_adm_battle_readiness_check (self, rammer, dice, readiness, "F-RAM-3", _("ramming"),
                                    &passed, error))
    return FALSE;
  r = _adm_battle_ship (self, rammer);
  t = _adm_battle_ship (self, target);
  if (!passed)
    {
      /* F-RAM-3: the move goes on in the ordinary way, for the full distance. */
      r->failed_order_turn = adm_battle_get_turn (self);  /* F-BOARD-6 */
      r->position = end;
      _adm_battle_report (self, ADM_ABOUT_SHIP (rammer),
                          _("%s misses the ram and moves on %g cm."), r->name, distance);
      return TRUE;
    }
  r->position = adm_point_advance (r->position, r->heading, contact);
  _adm_battle_report (self, ADM_ABOUT_SHIPS (rammer, target),
                      _("%s rams %s after %g cm."), r->name, t->name, contact);

  /* F-RAM-5 ("ram-burn-up"): «Легкие эскортные корабли не могут таранить Capital ships без
   * самоуничтожения, если число действующих силовых щитов равно или превышает число очков
   * живучести корабля»: the target's working shields against the rammer's hull left, when an
   * escort rams a capital ship (as ruled otherwise, every ram). */
  target_shields = adm_battle_ship_shield_pool (self, target);
  rammer_shields = adm_battle_ship_shield_pool (self, rammer);
  burn_up_applies = _adm_battle_ruling_is (self, "ram-burn-up", "target-shields-vs-rammer-hull") ||
                    (r->klass->category == ADM_CATEGORY_ESCORT &&
                     t->klass->category == ADM_CATEGORY_CAPITAL);
  if (burn_up_applies && target_shields >= adm_battle_ship_hull_left (self, rammer))
    {
      _adm_battle_report (self, ADM_ABOUT_SHIPS (rammer, target),
                          _("%s burns up on the %d shields of %s (F-RAM-5)."), r->name,
                          target_shields, t->name);
      _adm_battle_place_marker (self, r->position, rs);
      r->status = ADM_SHIP_DESTROYED;
      r->damage = r->klass->hull;
      _adm_battle_ship_lost (self, rammer);
      return TRUE;
    }
  /* F-RAM-10: head-on when each ship lies in the other's bow arc. */
  head_on = adm_sector_of (r->position, r->heading, t->position) == ADM_SECTOR_BOW &&
            adm_sector_of (t->position, t->heading, r->position) == ADM_SECTOR_BOW;
  if (head_on)
    _adm_battle_report (self, ADM_ABOUT_SHIPS (rammer, target),
                        _("The ram is head-on (F-RAM-10)."));
  /* F-RAM-6, F-RAM-11: the rammer rolls its starting hull points; F-RAM-8, F-RAM-12
   * ("ram-damage"): the target rolls a share of the rammer's (<ram-return>), or its own full
   * hull head-on. */
  if (!ram_damage (self, rammer, target, r->klass->hull,
                   adm_ram_13_modifier (rammer_shields, target_shields,
                                        adm_ruleset_get_ram_shield_bonus (self->ruleset),
                                        shield_ruling),
                   error) ||
      !ram_damage (self, target, rammer,
                   adm_ram_8_dice (r->klass->hull, t->klass->hull, head_on,
                                   adm_ruleset_get_ram_hull_divisor (self->ruleset)),
                   adm_ram_13_modifier (target_shields, rammer_shields,
                                        adm_ruleset_get_ram_shield_bonus (self->ruleset),
                                        shield_ruling),
                   error))
    return FALSE;
  return TRUE;
}

int
adm_ram_8_dice (int      rammer_hull,
                int      target_hull,
                gboolean head_on,
                int      hull_divisor)
{
  if (head_on)
    return target_hull;
  return rammer_hull / MAX (hull_divisor, 1);
}

int
adm_ram_13_modifier (int         own_shields,
                     int         other_shields,
                     int         bonus,
                     const char *ruling)
{
  if (own_shields <= other_shields)
    return 0;
  /* «Модификаторы получаются из разницы в силовой защите кораблей»: the difference itself,
   * or the one step of the default. */
  return g_strcmp0 (ruling, "difference") == 0 ? bonus * (own_shields - other_shields) : bonus;
}

int
adm_ram_4_dice (double rammer_size,
                double target_size,
                int    readiness_dice,
                int    smaller_dice,
                int    larger_dice)
{
  if (target_size < rammer_size - EPSILON)
    return smaller_dice;
  if (target_size > rammer_size + EPSILON)
    return larger_dice;
  return readiness_dice;
}

static gboolean
drift (AdmBattle  *self,
       GError    **error)
{
  for (guint i = 0; i < _adm_battle_n_ships (self); i++)
    {
      AdmBattleShip *s = _adm_battle_ship (self, i);
      gboolean burning = s->status == ADM_SHIP_BURNING_HULK;
      int distance;

      if (s->status != ADM_SHIP_DRIFTING_HULK && !burning)
        continue;
      /* F-STN-5 ("station-orbit"): a wrecked station stays in its orbit; a blazing one still
       * rolls the table again (F-CAT-11). */
      if (_adm_battle_is_station (self, i))
        {
          if (burning && !_adm_battle_catastrophic (self, i, error))
            return FALSE;
          continue;
        }
      /* F-CAT-10, F-CAT-11 ("hulk-drift"): 4d6 cm along its last heading, each phase. */
      if (!_adm_battle_roll_sum (self, ADM_ABOUT_SHIP (i),
                                 adm_ruleset_get_dice (self->ruleset,
                                                       burning ? ADM_DICE_BURNING_HULK_DRIFT
                                                               : ADM_DICE_HULK_DRIFT),
                                 6, burning ? "F-CAT-11" : "F-CAT-10", &distance,
                                 error, _("drift of the hulk of %s, cm"), s->name))
        return FALSE;
      s = _adm_battle_ship (self, i);
      s->position = adm_point_advance (s->position, s->heading, distance);
      _adm_battle_report (self, ADM_ABOUT_SHIP (i),
                          _("The hulk of %s drifts %d cm."), s->name, distance);
      /* F-CAT-11: a blazing hulk rolls the table again after moving. */
      if (burning && !_adm_battle_catastrophic (self, i, error))
        return FALSE;
    }
  return TRUE;
}

/* Tokens may touch but not overlap (F-RAM-2: a ram stops at contact; F-BOARD-1: ships meet
 * by touching): a move, a drift or a wormhole exit that leaves one base partly on another is
 * named for the master to set right, both ships in one line, which the audience filter shows
 * only to the sides that have identified both. */
static void
report_overlaps (AdmBattle *self)
{
  guint n = _adm_battle_n_ships (self);
  g_autofree AdmPoint *centres = g_new (AdmPoint, MAX (n, 1));
  g_autofree double *diameters = g_new (double, MAX (n, 1));
  g_autoptr(GArray) pairs = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; i < n; i++)
    {
      const AdmBattleShip *s = _adm_battle_ship (self, i);

      centres[i] = s->position;
      /* An exploded ship has left the table (F-CAT-12). */
      diameters[i] = s->status == ADM_SHIP_DESTROYED ? 0.0 : s->klass->type->base_size;
    }
  adm_bases_overlapping (centres, diameters, n, pairs);
  for (guint p = 0; p + 1 < pairs->len; p += 2)
    _adm_battle_report (self, ADM_ABOUT_SHIPS (g_array_index (pairs, guint, p),
                                               g_array_index (pairs, guint, p + 1)),
                        _("The tokens of %s and %s overlap: tokens may touch, not lie "
                          "on each other (F-RAM-2, F-BOARD-1); set them in contact."),
                        _adm_battle_ship (self, g_array_index (pairs, guint, p))->name,
                        _adm_battle_ship (self, g_array_index (pairs, guint, p + 1))->name);
}

gboolean
_adm_battle_movement_phase (AdmBattle  *self,
                            GError    **error)
{
  g_autofree AdmPoint *start = g_new0 (AdmPoint, MAX (_adm_battle_n_ships (self), 1));

  for (guint i = 0; i < _adm_battle_n_ships (self); i++)
    start[i] = _adm_battle_ship (self, i)->position;
  if (!check_known_formations (self, error))
    return FALSE;
  /* F-MOVE-1, F-MOVE-2: every formation that must move is moved, in any order: here in
   * the order of the battle's formations. */
  for (guint f = 0; f < _adm_battle_n_formations (self); f++)
    if (!move_formation (self, f, error))
      return FALSE;
  /* F-STN-13: stations out of their orbit sink before the hulks drift. */
  if (!_adm_battle_orbit_decay (self, error) || !drift (self, error) ||
      !_adm_battle_mines_movement (self, start, error))
    return FALSE;
  report_overlaps (self);
  return TRUE;
}

/* The preview (adm-battle-preview.c) */

/* Where the leader's centre goes along @decl's steps, as move_ships () carries them out:
 * every ship takes the same displacement (F-FORM-9). */
static void
preview_path (AdmBattle          *self,
              const AdmMoveDecl  *decl,
              AdmMovePreview     *preview)
{
  const AdmBattleShip *leader = _adm_battle_ship (self, preview->leader);
  AdmPoint at = leader->position;
  double heading = leader->heading;

  g_array_append_val (preview->path, at);
  for (guint i = 0; decl != NULL && i < decl->steps->len; i++)
    {
      const AdmMoveStep *step = &g_array_index (decl->steps, AdmMoveStep, i);
      AdmPoint *last = &g_array_index (preview->path, AdmPoint, preview->path->len - 1);

      if (!step->is_turn)
        {
          at = adm_point_advance (at, heading, step->value);
          continue;
        }
      heading = adm_heading_normalise (heading + step->value);
      if (adm_distance (*last, at) > EPSILON)
        g_array_append_val (preview->path, at);
    }
  if (adm_distance (g_array_index (preview->path, AdmPoint, preview->path->len - 1), at) >
      EPSILON)
    g_array_append_val (preview->path, at);
  preview->end_heading = heading;
  for (guint i = 0; i < preview->ships->len; i++)
    {
      AdmPoint end = _adm_battle_ship (self, g_array_index (preview->ships, guint, i))->position;

      end.x += at.x - leader->position.x;
      end.y += at.y - leader->position.y;
      g_array_append_val (preview->ends, end);
    }
}

/* F-ORB-1, F-ORB-4, F-ORB-5: on a low-orbit map the ships follow their orbits, each its own
 * way: the move is carried out on the state, which the caller restores. */
static void
preview_orbit_path (AdmBattle         *self,
                    const MoveCheck   *c,
                    AdmMovePreview    *preview)
{
  const AdmBattleShip *leader = _adm_battle_ship (self, preview->leader);
  AdmPoint start = leader->position;
  double moved;

  g_array_append_val (preview->path, start);
  preview->end_heading = leader->heading;
  if (c != NULL && c->decl != NULL && c->decl->ram == NULL &&
      _adm_battle_orbit_move (self, c->decl, c->m.ships, c->total, &moved, NULL))
    {
      leader = _adm_battle_ship (self, preview->leader);
      if (adm_distance (start, leader->position) > EPSILON)
        g_array_append_val (preview->path, leader->position);
      preview->end_heading = leader->heading;
    }
  for (guint i = 0; i < preview->ships->len; i++)
    g_array_append_val (preview->ends,
                        _adm_battle_ship (self, g_array_index (preview->ships, guint, i))->position);
}

/* Whether the formation may turn at all under @order, asked of the phase's checks with a
 * declaration of one small turn: check_may_turn (), and the low-orbit and station rules
 * (F-ORB-1, F-STN-5). */
static gboolean
may_turn_now (AdmBattle     *self,
              AdmMoveOrder   order,
              const Movers  *m,
              const char    *name)
{
  g_autoptr(GArray) steps = g_array_new (FALSE, FALSE, sizeof (AdmMoveStep));
  AdmMoveStep turn = { TRUE, 1 };
  AdmMoveDecl probe = { .order = order, .steps = steps, .line = 1 };
  double radial;

  g_array_append_val (steps, turn);
  return check_may_turn (self, order, m, name, probe.line, NULL) &&
         _adm_battle_orbit_check_move (self, &probe, m->ships, name, &radial, NULL);
}

gboolean
_adm_battle_preview_move (AdmBattle       *self,
                          guint            formation,
                          AdmMovePreview  *preview,
                          GError         **error)
{
  AdmBattleFormation *f = _adm_battle_formation (self, formation);
  g_autoptr(GError) refusal = NULL;
  MoveCheck c = { 0 };
  AdmMoveOrder order;
  double steps = 0;

  preview->legal = check_move (self, formation, &c, &refusal);
  if (c.m.ships == NULL || c.m.ships->len == 0)
    {
      /* Not a formation that can move at all: no preview. */
      g_set_error (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_ILLEGAL,
                   _("%s has no ship left that can move"), f->name);
      move_check_clear (&c);
      return FALSE;
    }
  if (refusal != NULL)
    preview->reason = g_strdup (refusal->message);
  preview->leader = g_array_index (c.m.ships, guint, 0);
  preview->ships = g_array_copy (c.m.ships);
  preview->path = g_array_new (FALSE, FALSE, sizeof (AdmPoint));
  preview->ends = g_array_sized_new (FALSE, FALSE, sizeof (AdmPoint), c.m.ships->len);
  preview->speed = c.m.speed;
  preview->must_move = c.m.must_move || c.m.in_wormhole_exit;
  preview->last_move = c.m.last_move;

  /* The order as declared, even when the checks refused it part way (c.decl is then the
   * declaration or the F-MOVE-5 fallback, or NULL for two orders, F-MOVE-14). */
  order = c.decl != NULL ? c.decl->order : ADM_MOVE_ORDER_NONE;
  if (c.decl != NULL)
    measure_steps (c.decl, &steps, &preview->turned);
  preview->total = preview->legal ? c.total : steps;
  preview->extra_dice = order == ADM_MOVE_ORDER_ALL_AHEAD_FULL
                          ? adm_ruleset_get_dice (self->ruleset, ADM_DICE_ALL_AHEAD_FULL) : 0;
  preview->turn_limit = may_turn_now (self, order, &c.m, f->name) ? turn_limit (&c.m, order) : 0;
  preview->turn_after = turn_after (&c.m, order, steps);
  preview->turn_share = turn_share (&c.m, order);
  preview->turn_of = turn_of (&c.m, steps);
  preview->turn_of_speed = c.m.by_speed;

  if (self->low_orbit.present)
    preview_orbit_path (self, preview->legal ? &c : NULL, preview);
  else
    preview_path (self, c.decl, preview);
  move_check_clear (&c);
  return TRUE;
}
