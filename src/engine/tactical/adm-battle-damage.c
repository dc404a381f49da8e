/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-battle-damage.c: damage to ships — hull points, critical damage (F-CRIT) and
 * catastrophic damage (F-CAT), with the explosions' area damage. */

#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "adm-battle-private.h"

static gboolean catastrophic (AdmBattle  *self,
                              guint       ship,
                              GError    **error);

void
_adm_battle_place_marker (AdmBattle *self,
                          AdmPoint   position,
                          double     diameter)
{
  AdmBattleMarker marker = { ADM_MARKER_EXPLOSION, position, diameter, self->state->turn };

  g_array_append_val (self->state->markers, marker);
}

void
_adm_battle_ship_lost (AdmBattle *self,
                       guint      ship)
{
  AdmBattleShip *s = _adm_battle_ship (self, ship);
  AdmBattleFormation *formation = _adm_battle_formation (self, s->formation);

  /* F-FORM-14: a formation that lost its flagship waits for the next in succession to take
   * over command in the end phase. */
  if (formation->flagship == (int) ship)
    {
      formation->flagship = -1;
      _adm_battle_report (self, ADM_ABOUT (ADM_SUBJECT_FORMATION_OF (s->formation),
                                           ADM_SUBJECT_SHIP_OF (ship)),
                          _("%s has lost its flagship %s."), formation->name, s->name);
    }
}

int
_adm_battle_main_guns (AdmBattle *self,
                       guint      ship)
{
  const AdmShipClass *klass = _adm_battle_ship (self, ship)->klass;
  int best = -1;

  /* F-CRIT-9 ("main-guns"): the strongest artillery battery, the first on a tie. */
  for (guint w = 0; w < klass->weapons->len; w++)
    {
      const AdmWeapon *weapon = g_ptr_array_index (klass->weapons, w);

      if (weapon->type == ADM_WEAPON_ARTILLERY &&
          (best < 0 ||
           weapon->firepower > ((AdmWeapon *) g_ptr_array_index (klass->weapons, best))->firepower))
        best = w;
    }
  return best;
}

static gboolean
has_weapon_in_arc (const AdmShipClass *klass,
                   AdmArcs             arc)
{
  for (guint w = 0; w < klass->weapons->len; w++)
    if (((AdmWeapon *) g_ptr_array_index (klass->weapons, w))->arcs & arc)
      return TRUE;
  return FALSE;
}

static gboolean
has_weapon_type (const AdmShipClass *klass,
                 AdmWeaponType       type)
{
  for (guint w = 0; w < klass->weapons->len; w++)
    if (((AdmWeapon *) g_ptr_array_index (klass->weapons, w))->type == type)
      return TRUE;
  return FALSE;
}

/* F-STN-17: a station result for a system the station lacks does not apply; the next one
 * does. Results are kept under their row's first value (2 for 2–3, 7 for 7–8). */
static gboolean
station_critical_applies (AdmBattle *self,
                          guint      ship,
                          int        result)
{
  const AdmBattleShip *s = _adm_battle_ship (self, ship);

  switch (result)
    {
    case ADM_STN_CRIT_DESTRUCTORS:
    case ADM_STN_CRIT_DESTRUCTORS + 1: /* F-STN-8: the destructors, 2 and 3 */
      return has_weapon_type (s->klass, ADM_WEAPON_DESTRUCTOR);
    case ADM_STN_CRIT_MAIN_ARMAMENT: /* F-STN-9: the main armament, read as "main-guns" reads F-CRIT-9 */
      return _adm_battle_main_guns (self, ship) >= 0;
    case ADM_STN_CRIT_TORPEDOES: /* F-STN-10 */
      return has_weapon_type (s->klass, ADM_WEAPON_TORPEDO);
    case ADM_STN_CRIT_REACTOR: /* F-STN-11: the reactor feeds the turrets and the shields */
      return s->klass->shields > 0 || s->klass->turrets > 0;
    case ADM_STN_CRIT_OUT_OF_ORBIT: /* F-STN-13; F-STN-5 ("station-orbit"): planetary defence objects stay */
      return !_adm_battle_station_stays_in_orbit (self, ship);
    case ADM_STN_CRIT_SHIELDS: /* F-STN-14 */
      return s->klass->shields > 0 && s->criticals[ADM_STN_CRIT_SHIELDS] == 0;
    default:
      return TRUE;
    }
}

gboolean
_adm_battle_critical_applies (AdmBattle *self,
                              guint      ship,
                              int        result)
{
  const AdmBattleShip *s = _adm_battle_ship (self, ship);

  if (_adm_battle_is_station (self, ship))
    return station_critical_applies (self, ship, result);
  /* F-CRIT-20: a result for a gun or installation the ship lacks does not apply. */
  switch (result)
    {
    case ADM_CRIT_MAIN_GUNS: /* F-CRIT-9 */
      return _adm_battle_main_guns (self, ship) >= 0;
    case ADM_CRIT_STARBOARD: /* F-CRIT-10 */
      return has_weapon_in_arc (s->klass, ADM_ARC_STARBOARD);
    case ADM_CRIT_PORT: /* F-CRIT-11 */
      return has_weapon_in_arc (s->klass, ADM_ARC_PORT);
    case ADM_CRIT_BOW: /* F-CRIT-12 */
      return has_weapon_in_arc (s->klass, ADM_ARC_BOW);
    case ADM_CRIT_SHIELDS: /* F-CRIT-17: generators already gone or never there */
      return s->klass->shields > 0 && s->criticals[ADM_CRIT_SHIELDS] == 0;
    default:
      return TRUE;
    }
}

/* _adm_battle_weapon_works () of a ship with one of the criticals it reads: a call of its
 * own, so that the answer for the others saves and restores no registers. */
G_GNUC_NO_INLINE static gboolean
damaged_weapon_works (AdmBattle    *self,
                      guint         ship,
                      guint         weapon,
                      AdmArcSector  sector)
{
  const AdmBattleShip *s = _adm_battle_ship (self, ship);

  if (_adm_battle_is_station (self, ship))
    {
      AdmWeaponType type = ((AdmWeapon *) g_ptr_array_index (s->klass->weapons, weapon))->type;

      /* F-STN-8: destructors, F-STN-9: the main armament, F-STN-10: torpedoes, until
       * repaired; a station has no sides to lose (F-STN-7). */
      return !((type == ADM_WEAPON_DESTRUCTOR && s->criticals[ADM_STN_CRIT_DESTRUCTORS] > 0) ||
               ((int) weapon == _adm_battle_main_guns (self, ship) &&
                s->criticals[ADM_STN_CRIT_MAIN_ARMAMENT] > 0) ||
               (type == ADM_WEAPON_TORPEDO && s->criticals[ADM_STN_CRIT_TORPEDOES] > 0));
    }
  /* F-CRIT-9: the main guns cannot fire until repaired. */
  if (s->criticals[ADM_CRIT_MAIN_GUNS] > 0 && (int) weapon == _adm_battle_main_guns (self, ship))
    return FALSE;
  /* F-CRIT-10, F-CRIT-11, F-CRIT-12: the armament of a side cannot be used into that side until
   * repaired. */
  if ((sector == ADM_SECTOR_STARBOARD && s->criticals[ADM_CRIT_STARBOARD] > 0) ||
      (sector == ADM_SECTOR_PORT && s->criticals[ADM_CRIT_PORT] > 0) ||
      (sector == ADM_SECTOR_BOW && s->criticals[ADM_CRIT_BOW] > 0))
    return FALSE;
  return TRUE;
}

gboolean
_adm_battle_weapon_works (AdmBattle    *self,
                          guint         ship,
                          guint         weapon,
                          AdmArcSector  sector)
{
  const AdmBattleShip *s = _adm_battle_ship (self, ship);

  /* Most ships have none of the criticals that stop a weapon, station or not: asked for
   * every battery that fires. */
  /* The same indexes on both tables (2: main guns or destructors; 3: starboard; 4: port or
   * main armament; 5: bow or torpedoes). */
  if (s->criticals[ADM_CRIT_MAIN_GUNS] == 0 && s->criticals[ADM_CRIT_STARBOARD] == 0 &&
      s->criticals[ADM_CRIT_PORT] == 0 && s->criticals[ADM_CRIT_BOW] == 0)
    return TRUE;
  return damaged_weapon_works (self, ship, weapon, sector);
}

/* Adds damage without critical checks; a ship brought to 0 rolls on the catastrophic table
 * (F-CRIT-7) at once when @wreck says so — the extra damage of a critical result, which makes
 * no checks of its own (F-CRIT-1 as ruled) — else its caller rolls it after the damage's
 * critical checks. */
static gboolean
add_damage_then (AdmBattle  *self,
                 guint       ship,
                 int         points,
                 gboolean    wreck,
                 int        *applied,
                 GError    **error)
{
  AdmBattleShip *s = _adm_battle_ship (self, ship);
  int left = s->klass->hull - s->damage;

  *applied = MIN (points, left);
  if (*applied <= 0)
    return TRUE;
  s->damage += *applied;
  /* F-BOARD-3: hull points lost in the fire phase count against its boarders. */
  if (self->state->phase == ADM_PHASE_FIRE)
    s->fire_damage += *applied;
  /* F-RDY-3 ("readiness-penalty"): the penalty runs from this turn (adm_rdy_3_readiness ()). */
  s->damage_turn = self->state->turn;
  _adm_battle_report (self, ADM_ABOUT_SHIP (ship),
                      _("%s takes %d damage: %d of %d hull points left%s."),
                      s->name, *applied, s->klass->hull - s->damage, s->klass->hull,
                      /* F-CRIT-6; F-STN-3: stations alike */
                      (adm_battle_ship_is_damaged (self, ship) && s->damage < s->klass->hull)
                        ? _(", damaged") : "");
  _adm_battle_report_fact (self, ship, ADM_SHIP_FACT_HULL);
  if (wreck && s->damage >= s->klass->hull)
    return catastrophic (self, ship, error);
  return TRUE;
}

static gboolean
add_damage (AdmBattle  *self,
            guint       ship,
            int         points,
            int        *applied,
            GError    **error)
{
  return add_damage_then (self, ship, points, TRUE, applied, error);
}

/* F-STN-8 ("station-catastrophic-check"): a d6 and, at or above the ruleset's number (6), the
 * catastrophic damage table whatever hull points are left; with "when-damaged", only for a
 * damaged station (F-STN-3). */
static gboolean
station_catastrophic_check (AdmBattle          *self,
                            guint               ship,
                            const AdmTableRow  *row,
                            GError            **error)
{
  int on = adm_ruleset_get_station_catastrophic_on (self->ruleset);
  int die;

  if (_adm_battle_ruling_is (self, "station-catastrophic-check", "when-damaged") &&
      !adm_battle_ship_is_damaged (self, ship))
    {
      _adm_battle_report (self, ADM_ABOUT_SHIP (ship),
                          _("%s is not yet damaged: no check for catastrophic damage "
                            "(%s, F-STN-3)."), _adm_battle_ship_name (self, ship),
                          row->clause);
      return TRUE;
    }
  if (!_adm_battle_roll_sum (self, ADM_ABOUT_SHIP (ship), 1, 6, row->clause, &die, error,
                             _("%s: check for catastrophic damage, %d+"),
                             _adm_battle_ship_name (self, ship), on))
    return FALSE;
  _adm_battle_judge_roll (self, 0, ADM_ROLL_CHECK_SUM_AT_LEAST, on, NULL);
  _adm_battle_report (self, ADM_ABOUT_SHIP (ship),
                      _("%s checks for catastrophic damage (%s): %d%s"),
                      _adm_battle_ship_name (self, ship), row->clause, die,
                      die >= on ? _(", the catastrophic damage table.") : _(", nothing more."));
  if (die >= on)
    return catastrophic (self, ship, error);
  return TRUE;
}

/* F-CRIT-8, F-CRIT-16, F-CRIT-18, F-CRIT-19, F-STN-15, F-STN-16: a loss of critical result
 * @row, its @expression "0", "1", "d3" or "d6", as _adm_battle_roll_expression () reads it:
 * none (most results lose nothing) at once, and the purpose, @purpose_msgid, translated only
 * when dice are rolled. */
static gboolean
critical_loss (AdmBattle          *self,
               guint               ship,
               const AdmTableRow  *row,
               const char         *expression,
               const char         *purpose_msgid,
               AdmShipFact         fact,
               int                *result,
               GError            **error)
{
  if (expression == NULL || (expression[0] == '0' && expression[1] == '\0'))
    {
      *result = 0;
      return TRUE;
    }
  if (expression[0] != 'd')
    return _adm_battle_roll_expression (self, ADM_ABOUT_SHIP (ship),
                                        expression, row->clause, NULL, result, error);
  if (!_adm_battle_roll_expression (self, ADM_ABOUT_SHIP (ship), expression, row->clause,
                                    _(purpose_msgid), result, error))
    return FALSE;
  /* Its dice tell what the report line of the loss tells: the same sides read them. */
  _adm_battle_roll_fact (self, ship, fact);
  return TRUE;
}

const AdmTableRow *
_adm_battle_critical_row (AdmBattle *self,
                          guint      ship,
                          int        roll)
{
  int dice = adm_ruleset_get_dice (self->ruleset, ADM_DICE_CRITICAL_TABLE);
  const char *kind = _adm_battle_critical_kind (self, ship);

  /* Each roll of the table once: 6 × dice − dice + 1 of them. */
  for (int tries = 0; tries <= 5 * dice; tries++, roll = adm_crit_20_next_roll (roll, dice))
    {
      const AdmTableRow *row = adm_ruleset_critical_roll (self->ruleset, kind, roll, NULL);

      if (row != NULL && _adm_battle_critical_applies (self, ship, row->result))
        return row;
    }
  return NULL;
}

int
adm_crit_20_next_roll (int roll,
                       int dice)
{
  return roll >= 6 * dice ? dice : roll + 1;
}

static gboolean
apply_critical (AdmBattle  *self,
                guint       ship,
                int         roll,
                GError    **error)
{
  AdmBattleShip *s = _adm_battle_ship (self, ship);
  const AdmTableRow *row, *rolled;
  const char *name;
  int result, extra = 0, readiness = 0, ecm = 0, applied;
  gboolean moved;
  /* F-STN-7: a station rolls on the station table; F-CRIT-8: a ship on the ship table. */
  const char *kind = _adm_battle_critical_kind (self, ship);

  rolled = adm_ruleset_critical_roll (self->ruleset, kind, roll, error);
  if (rolled == NULL)
    return FALSE;
  /* F-CRIT-20 ("critical-next-entry"): the next higher result, the highest wrapping to the
   * lowest; F-STN-17 reads the same for stations. */
  row = _adm_battle_critical_row (self, ship, roll);
  if (row == NULL)
    {
      _adm_battle_report (self, ADM_ABOUT_SHIP (ship),
                          _("Critical %d on %s: nothing it could hit is left."), roll,
                          s->name);
      _adm_battle_report_fact (self, ship, ADM_SHIP_FACT_CRITICALS);
      _adm_battle_roll_fact (self, ship, ADM_SHIP_FACT_CRITICALS);
      return TRUE;
    }
  moved = row != rolled;
  /* Translated once, for the dice log and the line. */
  name = _(row->name);
  /* The dice log names the result, as the table does (the F-CRIT-2 roll is the last
   * one made: critical_checks () rolled it just before); the result is a critical of the
   * ship's, told as its report line is (F-ECM-6, "enemy-ship-card"). */
  _adm_battle_roll_result (self, name);
  _adm_battle_roll_fact (self, ship, ADM_SHIP_FACT_CRITICALS);
  /* F-CRIT-8, F-STN-7: kept under its effect's result (the station rows 2–3 and 7–8 under
   * their first value; for ships every row of the rulebook's table is one result). */
  result = row->result;

  /* F-CRIT-20, F-STN-17: several criticals on one location stack until all are repaired. */
  s->criticals[result]++;
  if (moved)
    _adm_battle_report (self, ADM_ABOUT_SHIP (ship),
                        _("Critical %d does not apply to %s; the next entry, %d, does "
                          "(%s)."), roll, s->name, row->from,
                        _adm_battle_is_station (self, ship) ? "F-STN-17" : "F-CRIT-20");
  if (moved)
    _adm_battle_report_fact (self, ship, ADM_SHIP_FACT_CRITICALS);
  _adm_battle_report (self, ADM_ABOUT_SHIP (ship),
                      _("Critical damage on %s (%s): %s — %s"), s->name, row->clause,
                      name, _(row->description));
  _adm_battle_report_fact (self, ship, ADM_SHIP_FACT_CRITICALS);
  /* F-CRIT-14, F-STN-12: a fire burns until put out in the end phase. */
  if (g_strcmp0 (row->effect, "fire") == 0)
    s->on_fire++;
  /* F-CRIT-16, F-CRIT-18, F-CRIT-19, F-STN-15, F-STN-16: crew and ECM losses. */
  if (!critical_loss (self, ship, row, row->readiness_loss, N_("readiness lost to critical damage"),
                      ADM_SHIP_FACT_READINESS, &readiness, error) ||
      !critical_loss (self, ship, row, row->ecm_attack_loss, N_("ECM attack lost to critical damage"),
                      ADM_SHIP_FACT_CRITICALS, &ecm, error) ||
      !critical_loss (self, ship, row, row->extra_damage, N_("additional damage of a critical"),
                      ADM_SHIP_FACT_CRITICALS, &extra, error))
    return FALSE;
  s->readiness_loss += readiness;
  s->ecm_attack_loss += ecm;
  /* F-DC-4, "crew-losses": remembered so that the repair of this result gives them back. */
  s->critical_readiness[result] += readiness;
  s->critical_ecm[result] += ecm;
  if (readiness > 0)
    {
      _adm_battle_report (self, ADM_ABOUT_SHIP (ship),
                          _("%s loses %d readiness."), s->name, readiness);
      _adm_battle_report_fact (self, ship, ADM_SHIP_FACT_READINESS);
    }
  if (ecm > 0)
    {
      _adm_battle_report (self, ADM_ABOUT_SHIP (ship), _("%s loses %d ECM attack."), s->name, ecm);
      _adm_battle_report_fact (self, ship, ADM_SHIP_FACT_CRITICALS);
    }
  /* F-STN-8, F-STN-9, F-STN-11: a d6, on 6 a check for catastrophic damage. */
  if (row->catastrophic_check && !station_catastrophic_check (self, ship, row, error))
    return FALSE;
  /* F-CRIT-8: the additional damage column; F-CRIT-1 as ruled: no further critical checks. */
  if (!add_damage (self, ship, extra, &applied, error))
    return FALSE;
  /* F-DC-4: the extra hull points actually lost come back when the result is repaired. */
  _adm_battle_ship (self, ship)->critical_extra[result] += MAX (0, applied);
  /* F-ORB-3, F-CRIT-21: a fall in low orbit; F-STN-13: a station out of its orbit. */
  return _adm_battle_orbit_critical (self, ship, result, error);
}

static gboolean
escort_destroyed_by_critical (AdmBattle *self,
                              guint      ship)
{
  const AdmShipClass *klass = _adm_battle_ship (self, ship)->klass;

  /* F-CRIT-4: escorts other than frigates are destroyed by a critical hit ("frigate-critical"
   * ruling for F-CAT-2: frigates roll on the table). F-STN-2: stations take damage as
   * capital ships, so not this way. */
  return klass->category == ADM_CATEGORY_ESCORT && g_strcmp0 (klass->type->id, "frigate") != 0;
}

static void
destroy_ship (AdmBattle *self,
              guint      ship)
{
  AdmBattleShip *s = _adm_battle_ship (self, ship);

  s->status = ADM_SHIP_DESTROYED;
  s->damage = s->klass->hull;
  _adm_battle_ship_lost (self, ship);
}

static gboolean
critical_checks (AdmBattle   *self,
                 guint        ship,
                 int          points,
                 int          critical_on,
                 const char  *clause,
                 GError     **error)
{
  AdmBattleShip *s = _adm_battle_ship (self, ship);
  /* No allocation for the dice but of the largest hits. */
  guint buffer[64];
  g_autofree guint *allocated = (gsize) points > G_N_ELEMENTS (buffer) ? g_new0 (guint, points)
                                                                        : NULL;
  guint *checks = allocated != NULL ? allocated : buffer;
  g_autoptr(GString) shown = g_string_sized_new (2 * (gsize) points);
  int successes;

  /* F-CRIT-1: a d6 for every damage point; the threshold comes with the weapon. */
  if (!_adm_battle_roll (self, ADM_ABOUT_SHIP (ship), points, 6, clause, checks, error,
                         _("critical checks on %s, %d+"), s->name, critical_on))
    return FALSE;
  _adm_battle_judge_roll (self, 0, ADM_ROLL_CHECK_EACH_AT_LEAST, critical_on, NULL);
  _adm_battle_roll_kind (self, ADM_ROLL_KIND_CRITICAL);
  successes = (int) adm_roll_check_count_at_least (checks, points, MAX (critical_on, 0), shown);
  _adm_battle_report (self, ADM_ABOUT_SHIP (ship),
                      ngettext ("Critical checks on %s (%d+): %s — %d critical.",
                                "Critical checks on %s (%d+): %s — %d criticals.",
                                successes),
                      s->name, critical_on, shown->str, successes);

  for (int i = 0; i < successes && s->status == ADM_SHIP_ACTIVE; i++)
    {
      int roll;

      if (escort_destroyed_by_critical (self, ship))
        {
          /* F-CRIT-4, F-CAT-2: destroyed, removed, an explosion marker in its place. */
          _adm_battle_report (self, ADM_ABOUT_SHIP (ship),
                              _("%s, an escort, is destroyed by the critical hit and "
                                "replaced by an explosion marker."), s->name);
          _adm_battle_place_marker (self, s->position, _adm_battle_base_size (self, ship));
          destroy_ship (self, ship);
          return TRUE;
        }
      /* F-CRIT-2: the critical damage table with the ruleset's dice (2d6). */
      if (!_adm_battle_roll_sum (self, ADM_ABOUT_SHIP (ship),
                                 adm_ruleset_get_dice (self->ruleset, ADM_DICE_CRITICAL_TABLE),
                                 6, "F-CRIT-2", &roll, error,
                                 _("critical damage table for %s"), s->name) ||
          !apply_critical (self, ship, roll, error))
        return FALSE;
      s = _adm_battle_ship (self, ship);
    }
  return TRUE;
}

gboolean
_adm_battle_inflict (AdmBattle   *self,
                     guint        ship,
                     int          points,
                     int          critical_on,
                     const char  *critical_clause,
                     GError     **error)
{
  AdmBattleShip *s = _adm_battle_ship (self, ship);
  int applied;

  if (points <= 0 || s->status == ADM_SHIP_DESTROYED)
    return TRUE;
  /* F-CAT-6: hits on a hulk roll the catastrophic table again (F-CAT-5: so do torpedoes
   * striking it, in the torpedo phase). */
  if (s->status != ADM_SHIP_ACTIVE)
    return _adm_battle_hulk_hit (self, ship, error);
  if (!add_damage_then (self, ship, points, FALSE, &applied, error))
    return FALSE;
  /* F-CRIT-1 «Проверка на критическое повреждение делается для каждого повреждения корабля,
   * независимо от того, каков его источник»: every point of damage has its check, the last
   * points that take the ship to 0 as well, so the dice follow the book's order. F-CRIT-21:
   * in low orbit results 6, 8, 11 and 12 also start a fall (apply_critical () calls
   * _adm_battle_orbit_critical ()). F-STN-2: stations take damage this same way. */
  if (critical_on > 0 && applied > 0 &&
      !critical_checks (self, ship, applied, critical_on, critical_clause, error))
    return FALSE;
  s = _adm_battle_ship (self, ship);
  /* F-CRIT-7: then a ship with no hull points left is inactive and rolls on the catastrophic
   * table — unless a critical already ended it (an escort destroyed, F-CRIT-4; a station's
   * own check for catastrophic damage, F-STN-8). F-CRIT-3 ("catastrophic-trigger"): the
   * extra damage of a critical leads there only by taking the ship to 0. */
  if (s->status == ADM_SHIP_ACTIVE && s->damage >= s->klass->hull)
    return catastrophic (self, ship, error);
  return TRUE;
}

gboolean
_adm_battle_inflict_from (AdmBattle         *self,
                          guint              ship,
                          int                points,
                          AdmCriticalSource  source,
                          GError           **error)
{
  return _adm_battle_inflict (self, ship, points,
                              adm_ruleset_get_critical_on (self->ruleset, source),
                              adm_ruleset_get_critical_clause (self->ruleset, source), error);
}

static int
compare_indices (gconstpointer a,
                 gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;

  return (x > y) - (x < y);
}

static gboolean
area_damage (AdmBattle  *self,
             guint       ship,
             int         strength,
             const char *clause,
             GError    **error)
{
  AdmBattleShip *s = _adm_battle_ship (self, ship);
  AdmPoint centre = s->position;
  g_autofree char *name = g_strdup (s->name);
  g_autofree guint *near = NULL;
  const guint *found;
  guint n_near = 0;
  gboolean every_ship;
  /* "explosion-strike", looked up for the first vessel struck (-1: not yet). */
  int one_die = -1;
  /* F-CAT-12, F-CAT-13: a die of the strike damages at or above the ruleset's number. */
  int on = adm_ruleset_get_explosion_damage_on (self->ruleset);
  int radius;

  /* F-CAT-12, F-CAT-13 ("explosion-strike"): the radius is rolled once; every vessel within
   * it, friend or foe, takes the strike; armour and shields do not help. */
  if (!_adm_battle_roll_sum (self, ADM_ABOUT_SHIP (ship),
                             adm_ruleset_get_dice (self->ruleset, ADM_DICE_EXPLOSION_RADIUS),
                             6, clause, &radius, error,
                             _("radius of the explosion of %s, cm"), name))
    return FALSE;
  _adm_battle_report (self, ADM_ABOUT_SHIP (ship),
                      _("The explosion of %s reaches %d cm (strength %d)."), name,
                      radius, strength);

  /* In a fire phase the cache's grid names the ships whose centres may lie within the radius
   * (nothing moves in the phase), walked in the ships' order as the walk over them all;
   * copied, as the explosions this one sets off ask the cache again. */
  found = _adm_battle_cache_ships_in_box (self, centre.x - radius - 0.1, centre.y - radius - 0.1,
                                          centre.x + radius + 0.1, centre.y + radius + 0.1,
                                          &every_ship, &n_near);
  if (found != NULL)
    {
      near = g_new (guint, MAX (n_near, 1));
      memcpy (near, found, n_near * sizeof *near);
      qsort (near, n_near, sizeof *near, compare_indices);
    }
  for (guint k = 0; k < (near != NULL ? n_near : _adm_battle_n_ships (self)); k++)
    {
      guint i = near != NULL ? near[k] : k;
      AdmBattleShip *other = _adm_battle_ship (self, i);
      guint buffer[64];
      g_autofree guint *allocated = NULL;
      guint *dice = buffer;
      int damage = 0;

      if (i == ship || other->status == ADM_SHIP_DESTROYED ||
          adm_distance (centre, other->position) > radius || strength <= 0)
        continue;
      if (one_die < 0)
        one_die = _adm_battle_ruling_is (self, "explosion-strike", "one-die-per-vessel");
      if (one_die)
        {
          guint die;

          if (!_adm_battle_roll (self, ADM_ABOUT_SHIPS (ship, i), 1, 6, clause, &die, error,
                                 _("explosion of %s against %s, %d+"), name, other->name, on))
            return FALSE;
          _adm_battle_judge_roll (self, 0, ADM_ROLL_CHECK_EACH_AT_LEAST, on, NULL);
          damage = (int) die >= on ? strength : 0;
        }
      else
        {
          /* No allocation for the dice but of the strongest explosions. */
          if ((gsize) strength > G_N_ELEMENTS (buffer))
            dice = allocated = g_new0 (guint, strength);
          if (!_adm_battle_roll (self, ADM_ABOUT_SHIPS (ship, i), strength, 6, clause, dice, error,
                                 _("explosion of %s against %s, %d+ each"), name, other->name,
                                 on))
            return FALSE;
          _adm_battle_judge_roll (self, 0, ADM_ROLL_CHECK_EACH_AT_LEAST, on, NULL);
          for (int d = 0; d < strength; d++)
            damage += (int) dice[d] >= on;
        }
      /* What the strike was, and the damage it did against the strength times the chance of
       * a die at or above the ruleset's number, which both readings expect: for the luck
       * ledger ("explosion-luck"). */
      _adm_battle_roll_kind (self, ADM_ROLL_KIND_EXPLOSION);
      _adm_battle_roll_damage (self, self->last_roll, i, damage,
                               strength * CLAMP (7 - on, 0, 6) / 6.0);
      _adm_battle_report (self, ADM_ABOUT_SHIP (i),
                          _("The explosion strikes %s: %d damage."), other->name, damage);
      /* F-CRIT-1 ("critical-threshold-other"): the ruleset's number for explosions. */
      if (!_adm_battle_inflict_from (self, i, damage, ADM_CRITICAL_SOURCE_EXPLOSION, error))
        return FALSE;
    }
  return TRUE;
}

/* Whether an explosion marker lies on the table centred at @position. */
static gboolean
marker_at (AdmBattle *self,
           AdmPoint   position)
{
  for (guint i = 0; i < adm_battle_get_n_markers (self); i++)
    {
      const AdmBattleMarker *marker = adm_battle_get_marker (self, i);

      if (marker->kind == ADM_MARKER_EXPLOSION && marker->position.x == position.x &&
          marker->position.y == position.y)
        return TRUE;
    }
  return FALSE;
}

static gboolean
catastrophic (AdmBattle  *self,
              guint       ship,
              GError    **error)
{
  AdmBattleShip *s = _adm_battle_ship (self, ship);
  gboolean was_active = s->status == ADM_SHIP_ACTIVE;
  const AdmTableRow *row;
  const char *name;
  AdmExplosion explosion;
  int roll;

  /* F-CRIT-7, F-CAT-3: the ruleset's dice (2d6) on the catastrophic damage table; F-STN-4
   * ("station-catastrophic-dice"): a station rolls the same, or d6 as written, a roll below
   * the table's lowest (a 1 on 2d6's table) reading as the lowest. */
  if (_adm_battle_is_station (self, ship) &&
      _adm_battle_ruling_is (self, "station-catastrophic-dice", "d6"))
    {
      if (!_adm_battle_roll_sum (self, ADM_ABOUT_SHIP (ship), 1, 6, "F-STN-4", &roll, error,
                                 _("catastrophic damage table for %s"), s->name))
        return FALSE;
      roll = MAX (roll, adm_ruleset_get_dice (self->ruleset, ADM_DICE_CATASTROPHIC_TABLE));
    }
  else if (!_adm_battle_roll_sum (self, ADM_ABOUT_SHIP (ship),
                                  adm_ruleset_get_dice (self->ruleset,
                                                        ADM_DICE_CATASTROPHIC_TABLE),
                                  6, "F-CAT-3", &roll, error,
                                  _("catastrophic damage table for %s"), s->name))
    return FALSE;
  row = adm_ruleset_catastrophic (self->ruleset, roll, error);
  if (row == NULL)
    return FALSE;
  /* Translated once, for the dice log and the line. */
  name = _(row->name);
  _adm_battle_roll_result (self, name);
  s = _adm_battle_ship (self, ship);
  _adm_battle_report (self, ADM_ABOUT_SHIP (ship),
                      _("Catastrophic damage to %s, %d (%s): %s — %s"), s->name, roll,
                      row->clause, name, _(row->description));
  if (was_active)
    _adm_battle_ship_lost (self, ship);

  if (g_strcmp0 (row->effect, "drifting-hulk") == 0 ||
      g_strcmp0 (row->effect, "burning-hulk") == 0)
    {
      /* F-CAT-10, F-CAT-11: a hulk, with one explosion marker where it was wrecked
       * ("hulk-drift"); a hulk that stays a hulk gets no more markers. */
      if (was_active)
        _adm_battle_place_marker (self, s->position, _adm_battle_base_size (self, ship));
      _adm_battle_make_hulk (self, ship, g_strcmp0 (row->effect, "drifting-hulk") == 0
                                           ? ADM_SHIP_DRIFTING_HULK : ADM_SHIP_BURNING_HULK);
      s->damage = s->klass->hull;
      return TRUE;
    }

  /* F-CAT-12, F-CAT-13 («На месте 5D-провала остается маркер взрыва»): the ship explodes;
   * one explosion marker ("explosion-strike") where it is, unless it was a hulk whose marker
   * still lies there — a hulk that has moved, or whose marker has been cleared (F-END-2),
   * gets a new one. */
  if (was_active || !marker_at (self, s->position))
    _adm_battle_place_marker (self, s->position, _adm_battle_base_size (self, ship));
  destroy_ship (self, ship);
  explosion = g_strcmp0 (row->effect, "necklin-rift") == 0 ? ADM_EXPLOSION_NECKLIN_RIFT
                                                           : ADM_EXPLOSION_PLASMA_OVERLOAD;
  return area_damage (self, ship,
                      adm_cat_12_strength (s->klass->hull,
                                           adm_ruleset_get_explosion_percent (self->ruleset,
                                                                              explosion)),
                      explosion == ADM_EXPLOSION_NECKLIN_RIFT ? "F-CAT-13" : "F-CAT-12", error);
}

int
adm_cat_12_strength (int starting_hull,
                     int hull_percent)
{
  return starting_hull * hull_percent / 100;
}

gboolean
_adm_battle_hulk_hit (AdmBattle  *self,
                      guint       ship,
                      GError    **error)
{
  _adm_battle_report (self, ADM_ABOUT_SHIP (ship),
                      _("The hulk of %s is hit and rolls again for catastrophic damage "
                        "(F-CAT-6)."), _adm_battle_ship_name (self, ship));
  return catastrophic (self, ship, error);
}

gboolean
_adm_battle_catastrophic (AdmBattle  *self,
                          guint       ship,
                          GError    **error)
{
  return catastrophic (self, ship, error);
}
