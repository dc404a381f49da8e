/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-battle-repair.c: damage control (F-DC) and the end stage's clearing (F-END).
 *
 * F-END-1, F-END-2: in the end stage the crews repair what they can (step 2: hull points and
 * critical damage, fires put out, F-CRIT-14, F-STN-12) and the table is cleared of explosion
 * markers and spent torpedoes (step 3). F-OTHER-1: rules needed for play that the Forcon 2010
 * summary does not give come from the Forcon 2007 staff-game rules, which Admiralty does not
 * implement (they are out of scope: the master applies them by hand); F-OTHER-2: where the
 * two disagree the 2010 summary, and so this engine, wins. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "adm-battle-private.h"

typedef enum {
  REPAIR_NONE,
  REPAIR_FIRE,
  REPAIR_CRITICAL,
  REPAIR_HULL,
  REPAIR_OUT_OF_ACTION,  /* declared for a ship no longer in action */
} RepairKind;

typedef struct {
  RepairKind kind;
  int        critical;  /* the 2d6 result, for REPAIR_CRITICAL */
} Repair;

/* Ruling "repair-priority" (F-DC-1): critical effects, most harmful first. A falling station or
 * a ship that cannot turn is lost or helpless (F-STN-13, F-ORB-3, F-CRIT-13); then speed,
 * power and the weapons, heaviest first; the hull results last, for their crew losses stay
 * under the default "crew-losses" and only their extra hull points come back. */
static const char * const repair_order[] = {
  "orbit-decay",        /* F-STN-13 */
  "engines",            /* F-CRIT-13 */
  "central-deck",       /* F-CRIT-15 */
  "reactor",            /* F-STN-11 */
  "main-guns",          /* F-CRIT-9 */
  "main-weapons",       /* F-STN-9 */
  "destructors",        /* F-STN-8 */
  "bow-weapons",        /* F-CRIT-12 */
  "starboard-weapons",  /* F-CRIT-10 */
  "port-weapons",       /* F-CRIT-11 */
  "torpedoes",          /* F-STN-10 */
  "superstructure",     /* F-CRIT-19 */
  "central-post",       /* F-STN-16 */
  "hull",               /* F-CRIT-18, F-STN-15 */
};

static const AdmTableRow *
critical_row (AdmBattle *self,
              guint      ship,
              int        result)
{
  if (result < 2 || result >= ADM_CRITICAL_RESULTS)
    return NULL;
  /* F-CRIT-8 for ships, F-STN-7 for stations (F-STN-3: their results stack and are repaired
   * the same way, F-STN-17; their fires, F-STN-12, are fought as ships' are). */
  return adm_ruleset_critical (self->ruleset, _adm_battle_critical_kind (self, ship), result);
}

static gboolean
is_fire (const AdmTableRow *row)
{
  return row != NULL && g_strcmp0 (row->effect, "fire") == 0;
}

/* F-CRIT-16, F-CRIT-17 (F-STN-14): rows marked not repairable never are; fires are put out,
 * not repaired. */
static gboolean
critical_repairable (AdmBattle *self,
                     guint      ship,
                     int        result)
{
  const AdmTableRow *row = critical_row (self, ship, result);

  return _adm_battle_ship (self, ship)->criticals[result] > 0 && row != NULL &&
         row->repairable && !is_fire (row);
}

/* The most harmful outstanding critical that can be repaired, or 0. */
static int
worst_critical (AdmBattle *self,
                guint      ship)
{
  for (gsize k = 0; k < G_N_ELEMENTS (repair_order); k++)
    for (int r = 2; r < ADM_CRITICAL_RESULTS; r++)
      if (critical_repairable (self, ship, r) &&
          g_strcmp0 (critical_row (self, ship, r)->effect, repair_order[k]) == 0)
        return r;
  /* Effects a ruleset adds that the order does not know come after those it knows. */
  for (int r = 2; r < ADM_CRITICAL_RESULTS; r++)
    if (critical_repairable (self, ship, r))
      return r;
  return 0;
}

/* Ruling "repair-priority": fires first, for they do damage every turn (F-CRIT-14); then the
 * most harmful critical; then a hull point (F-DC-3). */
static Repair
next_repair (AdmBattle *self,
             guint      ship)
{
  const AdmBattleShip *s = _adm_battle_ship (self, ship);
  Repair repair = { REPAIR_NONE, 0 };

  if (s->on_fire > 0)
    repair.kind = REPAIR_FIRE;
  else if ((repair.critical = worst_critical (self, ship)) > 0)
    repair.kind = REPAIR_CRITICAL;
  else if (s->damage > 0)
    repair.kind = REPAIR_HULL;
  return repair;
}

static gboolean
still_outstanding (AdmBattle    *self,
                   guint         ship,
                   const Repair *repair)
{
  const AdmBattleShip *s = _adm_battle_ship (self, ship);

  switch (repair->kind)
    {
    case REPAIR_FIRE:
      return s->on_fire > 0;
    case REPAIR_CRITICAL:
      return critical_repairable (self, ship, repair->critical);
    case REPAIR_HULL:
      return s->damage > 0;
    case REPAIR_NONE:
    case REPAIR_OUT_OF_ACTION:
    default:
      return FALSE;
    }
}

/* Checks one <damage-control ship="…" repair="fire|critical|hull" critical="N"/> and fills
 * @repair; refuses what the ship does not have to repair. */
static gboolean
read_declaration (AdmBattle          *self,
                  const AdmOrderDecl *decl,
                  int                *ship_out,
                  Repair             *repair,
                  GError            **error)
{
  const char *id = adm_order_decl_get (decl, "ship");
  const char *what = adm_order_decl_get (decl, "repair");
  const char *critical = adm_order_decl_get (decl, "critical");
  int ship = id != NULL ? adm_battle_ship_index (self, id) : -1;
  const AdmBattleShip *s;
  const AdmTableRow *row;
  gint64 result = 0;

  if (ship < 0)
    {
      _adm_battle_illegal (self, error, decl->line, _("“%s” is not a ship of this battle"),
                           id != NULL ? id : "");
      return FALSE;
    }
  s = _adm_battle_ship (self, ship);
  *ship_out = ship;
  /* Orders are written before the turn: a ship put out of action during it (F-CAT-1,
   * F-BOARD-15) makes no attempt, and the turn stands (see damage_control_ship ()). */
  if (!_adm_battle_ship_active (self, ship))
    {
      repair->kind = REPAIR_OUT_OF_ACTION;
      return TRUE;
    }
  if (critical != NULL && g_strcmp0 (what, "critical") != 0)
    {
      _adm_battle_illegal (self, error, decl->line,
                           _("the critical to repair goes with repair=\"critical\" only"));
      return FALSE;
    }
  if (g_strcmp0 (what, "fire") == 0)
    {
      if (s->on_fire == 0)
        {
          _adm_battle_illegal (self, error, decl->line, _("%s has no fire to put out"),
                               s->name);
          return FALSE;
        }
      repair->kind = REPAIR_FIRE;
      return TRUE;
    }
  if (g_strcmp0 (what, "hull") == 0)
    {
      if (s->damage == 0)
        {
          _adm_battle_illegal (self, error, decl->line, _("%s has lost no hull points"),
                               s->name);
          return FALSE;
        }
      repair->kind = REPAIR_HULL;
      return TRUE;
    }
  if (g_strcmp0 (what, "critical") != 0)
    {
      _adm_battle_illegal (self, error, decl->line,
                           _("unknown repair “%s”: fire, critical or hull"),
                           what != NULL ? what : "");
      return FALSE;
    }

  repair->kind = REPAIR_CRITICAL;
  if (critical == NULL)
    {
      repair->critical = worst_critical (self, ship);
      if (repair->critical == 0)
        {
          _adm_battle_illegal (self, error, decl->line,
                               _("%s has no critical damage that can be repaired"), s->name);
          return FALSE;
        }
      return TRUE;
    }
  if (!g_ascii_string_to_signed (critical, 10, 2, ADM_CRITICAL_RESULTS - 1, &result, NULL))
    {
      _adm_battle_illegal (self, error, decl->line,
                           _("critical “%s” is not a result of the critical damage table "
                             "(2 to 12)"), critical);
      return FALSE;
    }
  repair->critical = (int) result;
  row = critical_row (self, ship, repair->critical);
  if (s->criticals[repair->critical] == 0 || row == NULL)
    {
      _adm_battle_illegal (self, error, decl->line, _("%s has no critical %d to repair"),
                           s->name, repair->critical);
      return FALSE;
    }
  if (is_fire (row))
    {
      _adm_battle_illegal (self, error, decl->line,
                           _("critical %d of %s is a fire: declare repair=\"fire\""),
                           repair->critical, s->name);
      return FALSE;
    }
  if (!row->repairable)
    {
      /* F-CRIT-16, F-CRIT-17: "This damage is not repaired." */
      _adm_battle_illegal (self, error, decl->line,
                           _("critical %d of %s (%s) cannot be repaired (%s)"), repair->critical,
                           s->name, _(row->name), row->clause);
      return FALSE;
    }
  return TRUE;
}

/* Reads every <damage-control> of the turn into @declared (one per ship, F-DC-1) before any
 * die is rolled. */
static gboolean
read_declarations (AdmBattle  *self,
                   Repair     *declared,
                   GError    **error)
{
  g_autoptr(GPtrArray) decls = _adm_battle_decls (self, "damage-control");

  for (guint i = 0; i < decls->len; i++)
    {
      const AdmOrderDecl *decl = g_ptr_array_index (decls, i);
      Repair repair = { REPAIR_NONE, 0 };
      int ship = -1;

      if (!read_declaration (self, decl, &ship, &repair, error))
        return FALSE;
      if (declared[ship].kind != REPAIR_NONE)
        {
          _adm_battle_illegal (self, error, decl->line,
                               _("%s already has its damage control declared this turn "
                                 "(F-DC-1: one attempt per turn)"),
                               _adm_battle_ship_name (self, ship));
          return FALSE;
        }
      declared[ship] = repair;
    }
  return TRUE;
}

/* What comes back with one of @count stacked results: an even share, the first repairs taking
 * the odd points, so that the last repair gives back exactly what is left. */
static int
take_share (int *total,
            int  count)
{
  int share = count > 0 ? (*total + count - 1) / count : *total;

  *total -= share;
  return share;
}

static void
repair_critical (AdmBattle *self,
                 guint      ship,
                 int        result)
{
  AdmBattleShip *s = _adm_battle_ship (self, ship);
  const AdmTableRow *row = critical_row (self, ship, result);
  int count = s->criticals[result];
  int hull = take_share (&s->critical_extra[result], count);
  int readiness = take_share (&s->critical_readiness[result], count);
  int ecm = take_share (&s->critical_ecm[result], count);

  /* F-CRIT-20: one of the stacked results is repaired; the location works again only when
   * none is left. */
  s->criticals[result]--;
  /* F-DC-4: the extra hull points the result cost come back with it. */
  s->damage = MAX (0, s->damage - hull);
  _adm_battle_report (self, ADM_ABOUT_SHIP (ship),
                      _("%s repairs critical %d (%s): %s."), s->name, result, row->clause,
                      _(row->name));
  if (hull > 0)
    _adm_battle_report (self, ADM_ABOUT_SHIP (ship),
                        ngettext ("%s gets back the %d hull point the critical cost "
                                  "(F-DC-4): %d of %d left.",
                                  "%s gets back the %d hull points the critical cost "
                                  "(F-DC-4): %d of %d left.", hull),
                        s->name, hull, s->klass->hull - s->damage, s->klass->hull);
  /* F-CRIT-18, F-CRIT-19 ("crew-losses"): the crew lost stays lost ("permanent": its share is
   * dropped) unless the ruling gives it back with the repair. */
  if (_adm_battle_ruling_is (self, "crew-losses", "restored"))
    {
      s->readiness_loss = MAX (0, s->readiness_loss - readiness);
      s->ecm_attack_loss = MAX (0, s->ecm_attack_loss - ecm);
      if (readiness > 0)
        _adm_battle_report (self, ADM_ABOUT_SHIP (ship),
                            _("%s gets back %d readiness."), s->name, readiness);
      if (ecm > 0)
        _adm_battle_report (self, ADM_ABOUT_SHIP (ship),
                            _("%s gets back %d ECM attack."), s->name, ecm);
    }
  if (s->criticals[result] > 0)
    _adm_battle_report (self, ADM_ABOUT_SHIP (ship),
                        ngettext ("%s still has %d more critical %d to repair "
                                  "(F-CRIT-20).",
                                  "%s still has %d more criticals %d to repair "
                                  "(F-CRIT-20).", s->criticals[result]),
                        s->name, s->criticals[result], result);
}

static void
put_out_fire (AdmBattle *self,
              guint      ship)
{
  AdmBattleShip *s = _adm_battle_ship (self, ship);

  /* F-CRIT-14, F-STN-12: a fire put out does no damage; its critical result goes with it. */
  s->on_fire--;
  for (int r = 2; r < ADM_CRITICAL_RESULTS; r++)
    if (s->criticals[r] > 0 && is_fire (critical_row (self, ship, r)))
      {
        s->criticals[r]--;
        break;
      }
  _adm_battle_report (self, ADM_ABOUT_SHIP (ship), _("Fire aboard %s is put out."), s->name);
}

static void
apply_repair (AdmBattle    *self,
              guint         ship,
              const Repair *repair)
{
  AdmBattleShip *s = _adm_battle_ship (self, ship);

  switch (repair->kind)
    {
    case REPAIR_FIRE:
      put_out_fire (self, ship);
      break;
    case REPAIR_CRITICAL:
      repair_critical (self, ship, repair->critical);
      break;
    case REPAIR_HULL:
      /* F-DC-3: one hull point, never above the class's hull points. */
      s->damage--;
      _adm_battle_report (self, ADM_ABOUT_SHIP (ship),
                          _("%s restores a hull point: %d of %d left."), s->name,
                          s->klass->hull - s->damage, s->klass->hull);
      break;
    case REPAIR_NONE:
    case REPAIR_OUT_OF_ACTION:
    default:
      g_assert_not_reached ();
    }
}

static char *
describe_repair (AdmBattle    *self,
                 guint         ship,
                 const Repair *repair)
{
  switch (repair->kind)
    {
    case REPAIR_FIRE:
      return g_strdup (_("the fire"));
    case REPAIR_CRITICAL:
      return g_strdup_printf (_("critical %d (%s)"), repair->critical,
                              critical_row (self, ship, repair->critical)->clause);
    case REPAIR_HULL:
      return g_strdup (_("a hull point"));
    case REPAIR_NONE:
    case REPAIR_OUT_OF_ACTION:
    default:
      g_assert_not_reached ();
    }
  return NULL;
}

/* F-DC-2: «Если выпадет (с учетом модификаторов) меньше, чем составляет значение показателя
 * боеготовности»: 2d6 (the ruleset's <dice-counts>) strictly less than the readiness, unlike the general check's «меньше
 * либо равно» (F-RDY-2), with the F-RDY-3 penalty counted and the F-DC-5 modifier as ruled
 * ("damage-control-modifier"). */
static gboolean
attempt (AdmBattle    *self,
         guint         ship,
         const Repair *repair,
         gboolean     *passed,
         GError      **error)
{
  g_autofree char *what = describe_repair (self, ship, repair);
  g_autofree char *expression = NULL;
  /* The ruleset's number of dice (2). */
  int dice = adm_ruleset_get_dice (self->ruleset, ADM_DICE_DAMAGE_CONTROL);
  int target = adm_battle_ship_readiness (self, ship);
  int sum;

  if (_adm_battle_ruling_is (self, "damage-control-modifier", "readiness-grade"))
    target += _adm_battle_readiness_modifier (self, ship);
  if (!_adm_battle_roll_sum (self, ADM_ABOUT_SHIP (ship), dice, 6, "F-DC-2", &sum, error,
                             _("%s: damage control on %s"), _adm_battle_ship_name (self, ship),
                             what))
    return FALSE;
  *passed = sum < target;
  _adm_battle_judge_roll (self, 0, ADM_ROLL_CHECK_SUM_BELOW, target, _("readiness"));
  expression = adm_dice_describe (dice, 6);
  _adm_battle_report (self, ADM_ABOUT_SHIP (ship),
                      _("%s: damage control on %s, %s = %d, needs less than %d: %s."),
                      _adm_battle_ship_name (self, ship), what, expression, sum, target,
                      *passed ? _("success") : _("failure"));
  return TRUE;
}

int
adm_dc_1_attempts (const char         *grade,
                   const char * const *extra_grades,
                   int                 attempts,
                   int                 extra_attempts)
{
  gboolean extra = grade != NULL && extra_grades != NULL &&
                   g_strv_contains (extra_grades, grade);

  return attempts + (extra ? extra_attempts : 0);
}

static gboolean
damage_control_ship (AdmBattle    *self,
                     guint         ship,
                     const Repair *declared,
                     GError      **error)
{
  gboolean second_repair = _adm_battle_ruling_is (self, "damage-control-extra-die",
                                                  "second-repair");
  const AdmBattleShip *s = _adm_battle_ship (self, ship);
  const AdmReadinessGrade *grade =
    adm_ruleset_readiness_grade (self->ruleset, MAX (0, s->base_readiness - s->readiness_loss));
  /* F-DC-1 «За один ход можно восстановить всего одно повреждение или очко живучести»: the
   * ruleset's attempts are the repairs a turn, each its own roll, so a season's "два" gives
   * two repairs; the extra die of the grades <damage-control-attempts> names (veterans and
   * elite, by the current crew readiness, F-RDY-5) is a second chance after a failure within
   * those repairs ("second-chance") or a repair more ("second-repair"). */
  int base = adm_ruleset_get_damage_control_attempts (self->ruleset);
  int attempts =
    adm_dc_1_attempts (grade != NULL ? grade->id : NULL,
                       adm_ruleset_get_damage_control_extra_grades (self->ruleset), base,
                       adm_ruleset_get_damage_control_extra_attempts (self->ruleset));
  int most = second_repair ? attempts : base;
  int repairs = 0;

  for (int a = 0; a < attempts && repairs < most; a++)
    {
      Repair repair = still_outstanding (self, ship, declared) ? *declared
                                                               : next_repair (self, ship);
      gboolean passed;

      if (repair.kind == REPAIR_NONE)
        break;
      /* Named by the season's grade, not the rulebook's. */
      if (a == base)
        _adm_battle_report (self, ADM_ABOUT_SHIP (ship),
                            _("%s rolls the extra die of its crew’s grade, %s (F-DC-1)."),
                            _adm_battle_ship_name (self, ship), grade->name);
      if (!attempt (self, ship, &repair, &passed, error))
        return FALSE;
      if (passed)
        {
          apply_repair (self, ship, &repair);
          repairs++;
        }
    }
  return TRUE;
}

gboolean
_adm_battle_damage_control (AdmBattle  *self,
                            GError    **error)
{
  guint n = _adm_battle_n_ships (self);
  g_autofree Repair *declared = g_new0 (Repair, MAX (n, 1));
  gboolean automatic = _adm_battle_ruling_is (self, "damage-control-attempts", "automatic");

  if (!read_declarations (self, declared, error))
    return FALSE;
  /* F-END-1, F-END-2 (2): the ships in action try to repair what they have outstanding,
   * whenever it was received (decided: F-CRIT-20 repairs may take several turns) — those whose
   * side declared damage control, or all of them ("damage-control-attempts") — then the fires
   * that are left burn. */
  for (guint i = 0; i < n; i++)
    {
      if (declared[i].kind == REPAIR_OUT_OF_ACTION)
        _adm_battle_report (self, ADM_ABOUT_SHIP (i),
                            _("%s is out of action and makes no damage-control attempt."),
                            _adm_battle_ship_name (self, i));
      else if (_adm_battle_ship_active (self, i) &&
               (declared[i].kind != REPAIR_NONE || automatic) &&
               !damage_control_ship (self, i, &declared[i], error))
        return FALSE;
    }

  for (guint i = 0; i < n; i++)
    {
      AdmBattleShip *s = _adm_battle_ship (self, i);

      if (!_adm_battle_ship_active (self, i) || s->on_fire == 0)
        continue;
      /* F-CRIT-14, F-STN-12: a fire not put out does one damage and keeps burning; F-CRIT-1
       * as ruled: its damage checks for criticals on the ruleset's number for fire. */
      _adm_battle_report (self, ADM_ABOUT_SHIP (i), _("Fire aboard %s is still burning."), s->name);
      if (!_adm_battle_inflict_from (self, i, s->on_fire, ADM_CRITICAL_SOURCE_FIRE, error))
        return FALSE;
    }
  return TRUE;
}

/* Ruling "explosion-markers" (F-END-2): whether a marker placed during play goes now. Markers
 * set up with the battle are the master's scenery and stay. */
static gboolean
marker_removed (AdmBattle             *self,
                const AdmBattleMarker *marker)
{
  int turn = adm_battle_get_turn (self);

  if (marker->turn <= 0 || _adm_battle_ruling_is (self, "explosion-markers", "kept"))
    return FALSE;
  if (_adm_battle_ruling_is (self, "explosion-markers", "end-of-turn"))
    return TRUE;
  /* "after-next-turn": through the turn after it was placed. */
  return marker->turn < turn;
}

gboolean
_adm_battle_clear_markers (AdmBattle  *self,
                           GError    **error)
{
  GArray *markers = self->state->markers;
  GArray *salvos = self->state->salvos;

  (void) error;
  /* F-END-2 (3): explosion markers and spent torpedoes leave the table. */
  for (guint i = 0; i < markers->len;)
    {
      const AdmBattleMarker *marker = &g_array_index (markers, AdmBattleMarker, i);

      if (!marker_removed (self, marker))
        {
          i++;
          continue;
        }
      _adm_battle_report (self, ADM_ABOUT_NOTHING,
                          _("The explosion marker placed at (%.1f, %.1f) in turn %d is "
                            "removed."), marker->position.x, marker->position.y,
                          marker->turn);
      g_array_remove_index (markers, i);
    }
  for (guint i = 0; i < salvos->len;)
    {
      const AdmTorpedoSalvo *salvo = &g_array_index (salvos, AdmTorpedoSalvo, i);

      if (!salvo->spent)
        {
          i++;
          continue;
        }
      _adm_battle_report (self, ADM_ABOUT_NOTHING,
                          _("Spent torpedo salvo %d is removed."), salvo->id);
      g_array_remove_index (salvos, i);
    }
  return TRUE;
}
