/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-battle-mines.c: mines and minesweeping (F-WPN-18, F-WPN-19, F-WPN-20, F-MINE, F-SWEEP).
 *
 * F-WPN-18, F-MINE-1: a mine is a small automatic single-use combat station: a card (charge,
 * range/speed, firepower/strength; F-MINE-5, F-MINE-6, F-MINE-8) at a point of the table,
 * belonging to the side that laid it. F-MINE-3: a torpedo mine fires its torpedoes once at
 * a detected enemy ship, as the plasma mine fires its beam once. F-MINE-2: mines emit
 * nothing and the ECM detection phase never finds them: they are hidden from the other sides
 * (AdmMine.revealed) until a sweeper finds them (F-SWEEP-3) or they go off (F-MINE-15).
 *
 * The turn: mines laid before the battle come with the battle file (F-WPN-19); at the end of
 * the movement phase, sweepers that announced sweeping search (F-SWEEP-1, F-SWEEP-2, F-SWEEP-3,
 * F-SWEEP-4) and ships that moved into a mine's reach set it off (F-MINE-4, F-MINE-14), undeclared
 * minesweepers rolling to spot the mine first (F-SWEEP-5); in the fire phase, ships with mine racks
 * lay mines (F-MINE-10, F-MINE-11, F-MINE-12, F-MINE-13); in the torpedo phase, the mines set off
 * are announced and strike (F-MINE-15, F-MINE-7, F-MINE-9). */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "adm-battle-private.h"
#include "adm-odds.h"
#include "adm-xml.h"

#define EPSILON 1e-9

static AdmMine *
mine_at (AdmBattle *self,
         guint      index)
{
  return &g_array_index (self->state->mines, AdmMine, index);
}

static int
side_index (AdmBattle  *self,
            const char *id)
{
  for (guint i = 0; i < self->sides->len; i++)
    if (g_strcmp0 (((AdmBattleSide *) g_ptr_array_index (self->sides, i))->id, id) == 0)
      return i;
  return -1;
}

static int
mine_index (AdmBattle  *self,
            const char *id)
{
  for (guint i = 0; i < self->state->mines->len; i++)
    if (g_strcmp0 (mine_at (self, i)->id, id) == 0)
      return i;
  return -1;
}

static const char *
charge_name (AdmMineCharge charge)
{
  return charge == ADM_MINE_PLASMA ? _("plasma") : _("torpedo");
}

static gboolean
charge_from_string (const char    *text,
                    AdmMineCharge *charge)
{
  if (g_strcmp0 (text, "plasma") == 0)
    *charge = ADM_MINE_PLASMA;
  else if (g_strcmp0 (text, "torpedo") == 0)
    *charge = ADM_MINE_TORPEDO;
  else
    return FALSE;
  return TRUE;
}

static const char *
side_name (AdmBattle *self,
           guint      side)
{
  return adm_battle_get_side (self, side)->name;
}

static gboolean
parse_positive (const char *text,
                int        *out)
{
  gint64 value;

  if (text == NULL ||
      !g_ascii_string_to_signed (text, 10, 1, G_MAXINT, &value, NULL))
    return FALSE;
  *out = value;
  return TRUE;
}

/* Loading */

static gboolean
load_mine (AdmBattle   *self,
           xmlNode     *node,
           GError     **error)
{
  AdmMine mine = { 0 };
  g_autofree char *id = adm_xml_get_string (node, "id");
  g_autofree char *side = adm_xml_get_string (node, "side");
  g_autofree char *charge = adm_xml_get_string (node, "charge");
  int s = side_index (self, side);

  if (id == NULL || mine_index (self, id) >= 0)
    {
      adm_xml_set_error (error, self->file, node, _("two mines have the id “%s”"),
                         id != NULL ? id : "");
      return FALSE;
    }
  if (s < 0)
    {
      adm_xml_set_error (error, self->file, node,
                         _("mine “%s” belongs to side “%s”, which is not in this battle"), id,
                         side != NULL ? side : "");
      return FALSE;
    }
  if (!charge_from_string (charge, &mine.charge))
    {
      adm_xml_set_error (error, self->file, node,
                         _("mine “%s” has the charge “%s”; a mine's charge is plasma or "
                           "torpedo (F-MINE-6, F-MINE-8)"), id, charge != NULL ? charge : "");
      return FALSE;
    }
  if (!adm_xml_get_double (node, "x", TRUE, 0, &mine.position.x, self->file, error) ||
      !adm_xml_get_double (node, "y", TRUE, 0, &mine.position.y, self->file, error) ||
      !adm_xml_get_int (node, "range", TRUE, 0, &mine.range, self->file, error) ||
      !adm_xml_get_int (node, "strength", TRUE, 0, &mine.strength, self->file, error))
    return FALSE;
  if (mine.range <= 0 || mine.strength <= 0)
    {
      adm_xml_set_error (error, self->file, node,
                         _("mine “%s” needs a range and a strength above 0 (F-MINE-6, "
                           "F-MINE-8)"), id);
      return FALSE;
    }
  mine.id = g_string_chunk_insert_const (self->strings, id);
  mine.side = s;
  mine.revealed = adm_xml_get_boolean (node, "revealed", FALSE);
  mine.triggered = -1;
  g_array_append_val (self->state->mines, mine);
  return TRUE;
}

gboolean
_adm_battle_load_mines (AdmBattle  *self,
                        xmlNode    *root,
                        GError    **error)
{
  /* F-WPN-19 ("minelaying"): mines laid in the strategic turn are on the table when the
   * battle begins. */
  for (xmlNode *node = adm_xml_first_element (root, "mine"); node != NULL;
       node = adm_xml_next_element (node, "mine"))
    if (!load_mine (self, node, error))
      return FALSE;
  return TRUE;
}

/* Minelaying */

static gboolean
has_mine_racks (const AdmShipClass *klass)
{
  /* F-MINE-10: cruisers, escorts and minelayers, F-MINE-11: transports fitted for secret
   * laying; F-MINE-12: they carry the mark on their card: here, a weapon of type mine. */
  for (guint w = 0; w < klass->weapons->len; w++)
    if (((const AdmWeapon *) g_ptr_array_index (klass->weapons, w))->type == ADM_WEAPON_MINE)
      return TRUE;
  return FALSE;
}

gboolean
adm_battle_ship_can_lay_mines (AdmBattle *self,
                               guint      ship)
{
  g_return_val_if_fail (ADM_IS_BATTLE (self), FALSE);
  g_return_val_if_fail (ship < _adm_battle_n_ships (self), FALSE);

  return !_adm_battle_ruling_is (self, "minelaying", "strategic-only") &&
         _adm_battle_ship_active (self, ship) &&
         has_mine_racks (_adm_battle_ship (self, ship)->klass);
}

/* F-MINE-13 ("minelaying-contact"): whether @ship is in contact with the enemy; names what
 * it is in contact with in @what. */
static gboolean
in_contact (AdmBattle  *self,
            guint       ship,
            char      **what)
{
  const AdmBattleShip *s = _adm_battle_ship (self, ship);

  if (_adm_battle_ruling_is (self, "minelaying-contact", "detected"))
    {
      for (guint f = 0; f < _adm_battle_n_formations (self); f++)
        {
          const AdmBattleFormation *formation = _adm_battle_formation (self, f);
          gboolean present = FALSE;

          for (guint i = 0; i < formation->ships->len; i++)
            present |= _adm_battle_ship_on_table (self, g_array_index (formation->ships,
                                                                       guint, i));
          if (formation->side != s->side && present &&
              adm_battle_get_detection (self, s->side, f) != ADM_DETECTION_NONE)
            {
              *what = g_strdup_printf (_("%s has detected %s"), side_name (self, s->side),
                                       formation->name);
              return TRUE;
            }
        }
      return FALSE;
    }
  for (guint i = 0; i < _adm_battle_n_ships (self); i++)
    {
      const AdmBattleShip *other = _adm_battle_ship (self, i);

      if (other->side != s->side && _adm_battle_ship_active (self, i) &&
          adm_bases_touch (s->position, _adm_battle_base_size (self, ship), other->position,
                           _adm_battle_base_size (self, i)))
        {
          *what = g_strdup_printf (_("its base touches %s"), other->name);
          return TRUE;
        }
    }
  return FALSE;
}

/* Reads and checks one <lay-mine>; fills @mine (not yet placed). */
static gboolean
check_lay_mine (AdmBattle     *self,
                AdmOrderDecl  *decl,
                GPtrArray     *decls,
                guint          index,
                int           *ship_out,
                AdmMine       *mine,
                GError       **error)
{
  const char *ship_id = adm_order_decl_get (decl, "ship");
  const char *id = adm_order_decl_get (decl, "id");
  const char *range = adm_order_decl_get (decl, "range");
  const char *strength = adm_order_decl_get (decl, "strength");
  int ship = adm_battle_ship_index (self, ship_id);
  g_autofree char *contact = NULL;
  const AdmBattleShip *s;

  if (ship < 0)
    {
      _adm_battle_illegal (self, error, decl->line, _("there is no ship “%s” in this battle"),
                           ship_id != NULL ? ship_id : "");
      return FALSE;
    }
  s = _adm_battle_ship (self, ship);
  /* F-WPN-19, F-MINE-13 ("minelaying"). */
  if (_adm_battle_ruling_is (self, "minelaying", "strategic-only"))
    {
      _adm_battle_illegal (self, error, decl->line,
                           _("%s cannot lay mines in battle: mines are laid only in the "
                             "strategic turn (F-WPN-19)"), s->name);
      return FALSE;
    }
  if (!has_mine_racks (s->klass))
    {
      _adm_battle_illegal (self, error, decl->line,
                           _("%s (%s) has no mine racks on its card and cannot lay mines "
                             "(F-MINE-10, F-MINE-11, F-MINE-12)"), s->name, s->klass->name);
      return FALSE;
    }
  *mine = (AdmMine) { 0 };
  mine->triggered = -1;
  mine->side = s->side;
  mine->position = s->position;
  if (!charge_from_string (adm_order_decl_get (decl, "charge"), &mine->charge) ||
      !parse_positive (range, &mine->range) || !parse_positive (strength, &mine->strength) ||
      id == NULL || id[0] == '\0')
    {
      _adm_battle_illegal (self, error, decl->line,
                           _("a mine is laid with an id, a charge (plasma or torpedo), a range "
                             "and a strength above 0 (F-MINE-5, F-MINE-6, F-MINE-7, F-MINE-8)"));
      return FALSE;
    }
  if (mine_index (self, id) >= 0)
    {
      _adm_battle_illegal (self, error, decl->line, _("there is already a mine “%s”"), id);
      return FALSE;
    }
  for (guint i = 0; i < index; i++)
    {
      AdmOrderDecl *earlier = g_ptr_array_index (decls, i);

      if (g_strcmp0 (adm_order_decl_get (earlier, "id"), id) == 0)
        {
          _adm_battle_illegal (self, error, decl->line, _("there is already a mine “%s”"), id);
          return FALSE;
        }
      if (g_strcmp0 (adm_order_decl_get (earlier, "ship"), ship_id) == 0)
        {
          /* Like a torpedo launch (F-MINE-13), once per turn. */
          _adm_battle_illegal (self, error, decl->line,
                               _("%s lays one mine per turn"), s->name);
          return FALSE;
        }
    }
  /* F-MINE-13 ("minelaying-contact"): out of contact with the enemy. */
  if (in_contact (self, ship, &contact))
    {
      _adm_battle_illegal (self, error, decl->line,
                           _("%s is in contact with the enemy (%s) and cannot lay mines "
                             "(F-MINE-13)"), s->name, contact);
      return FALSE;
    }
  *ship_out = ship;
  return TRUE;
}

/* Checks this turn's <lay-mine> orders and lowers the layers' shields (F-MINE-13); with
 * @place, lays the mines. */
static gboolean
lay_mines (AdmBattle  *self,
           gboolean    place,
           GError    **error)
{
  g_autoptr(GPtrArray) decls = _adm_battle_decls (self, "lay-mine");

  for (guint i = 0; i < decls->len; i++)
    {
      AdmOrderDecl *decl = g_ptr_array_index (decls, i);
      AdmMine mine;
      AdmBattleShip *s;
      int ship = -1;
      guint report_from;

      if (!check_lay_mine (self, decl, decls, i, &ship, &mine, error))
        return FALSE;
      s = _adm_battle_ship (self, ship);
      if (!_adm_battle_ship_active (self, ship))
        {
          /* F-CAT-1: knocked out before it could lay. */
          if (place)
            _adm_battle_report (self, ADM_ABOUT_SHIP (ship),
                                _("%s is out of action and lays no mine."), s->name);
          continue;
        }
      /* F-MINE-13: a ship laying mines cannot use its force shields this turn
       * (adm_battle_ship_shields ()). */
      s->laying_mines = TRUE;
      if (!place)
        continue;
      mine.id = g_string_chunk_insert_const (self->strings, adm_order_decl_get (decl, "id"));
      g_array_append_val (self->state->mines, mine);
      /* F-MINE-2: the enemy does not see it — not even an enemy that has identified the
       * layer: the line is its own side's (and the master's). */
      report_from = self->report->len;
      _adm_battle_report (self, ADM_ABOUT_SHIP (ship),
                          _("%s lays the %s mine %s (range %d cm, strength %d) at "
                            "(%.1f, %.1f), hidden from the enemy; its shields are down "
                            "this turn (F-MINE-13)."), s->name,
                          charge_name (mine.charge), mine.id, mine.range, mine.strength,
                          mine.position.x, mine.position.y);
      if (s->side < 32)
        _adm_battle_audience_since (self, report_from, self->rolls->len, 1u << s->side, 0);
    }
  return TRUE;
}

gboolean
_adm_battle_mines_fire_orders (AdmBattle  *self,
                               GError    **error)
{
  /* F-MINE-13: mines are laid as torpedoes are launched, in the fire phase (F-WPN-10). */
  return lay_mines (self, TRUE, error);
}

/* Sweeping */

double
adm_sweep_3_reach (int devices,
                   int cm_per_device)
{
  /* F-SWEEP-3 ("sweep-reach"): the anti-mine devices on the card times 5 cm (the ruleset's
   * number). */
  return (double) devices * cm_per_device;
}

gboolean
adm_sweep_4_still (double moved,
                   int    still_cm)
{
  /* F-SWEEP-4: no more than 5 cm (the ruleset's number) moved in the movement phase. */
  return moved <= still_cm + EPSILON;
}

int
adm_sweep_5_dice (gboolean readiness_check,
                  int      blunder_dice,
                  int      readiness_dice)
{
  /* F-SWEEP-5 ("sweep-blunder"): the clause's d6 (the ruleset's number), or with "2d6" the
   * standard readiness check's dice (F-RDY-2). */
  return readiness_check ? readiness_dice : blunder_dice;
}

static double
sweep_reach (AdmBattle           *self,
             const AdmBattleShip *ship)
{
  return adm_sweep_3_reach (ship->klass->sweep_devices,
                            adm_ruleset_get_minesweeping (self->ruleset)->cm_per_device);
}

/* F-SWEEP-1, F-SWEEP-2: sweeping announced for this turn: the devices are out. */
static gboolean
sweep_orders (AdmBattle  *self,
              GError    **error)
{
  g_autoptr(GPtrArray) decls = _adm_battle_decls (self, "sweep");

  for (guint i = 0; i < decls->len; i++)
    {
      AdmOrderDecl *decl = g_ptr_array_index (decls, i);
      const char *id = adm_order_decl_get (decl, "ship");
      int ship = adm_battle_ship_index (self, id);
      AdmBattleShip *s;

      if (ship < 0)
        {
          _adm_battle_illegal (self, error, decl->line,
                               _("there is no ship “%s” in this battle"), id != NULL ? id : "");
          return FALSE;
        }
      s = _adm_battle_ship (self, ship);
      /* F-MINE-16: only a minesweeper removes mines; F-WPN-20: any minesweeper, also in the
       * tactical phase. F-MINE-17: a minesweeper may be in a formation like any other ship;
       * it sweeps by itself. */
      if (s->klass->sweep_devices <= 0)
        {
          _adm_battle_illegal (self, error, decl->line,
                               _("%s (%s) is not a minesweeper and has no anti-mine devices "
                                 "(F-MINE-16)"), s->name, s->klass->name);
          return FALSE;
        }
      if (!_adm_battle_ship_active (self, ship))
        {
          _adm_battle_report (self, ADM_ABOUT_SHIP (ship),
                              _("%s is out of action and cannot sweep."), s->name);
          continue;
        }
      s->sweeping = TRUE;
    }
  return TRUE;
}

static void
sweep_one (AdmBattle      *self,
           guint           ship,
           const AdmPoint *start)
{
  const AdmBattleShip *s = _adm_battle_ship (self, ship);
  double reach = sweep_reach (self, s);
  double moved = adm_distance (start[ship], s->position);
  int still_cm = adm_ruleset_get_minesweeping (self->ruleset)->still_cm;
  gboolean still = adm_sweep_4_still (moved, still_cm);
  guint found = 0;

  _adm_battle_report (self, ADM_ABOUT_SHIP (ship),
                      _("%s sweeps for mines %d cm around it (F-SWEEP-1, F-SWEEP-2, "
                        "F-SWEEP-3)."), s->name, (int) reach);
  for (guint i = 0; i < self->state->mines->len; i++)
    {
      AdmMine *mine = mine_at (self, i);

      /* F-SWEEP-3: enemy mines within the devices' reach. */
      if (mine->spent || mine->side == s->side ||
          adm_distance (mine->position, s->position) > reach + EPSILON)
        continue;
      found++;
      if (!mine->revealed)
        {
          /* F-SWEEP-3: the side that laid it must show where it is. */
          mine->revealed = TRUE;
          _adm_battle_report (self, ADM_ABOUT (ADM_SUBJECT_SHIP_OF (ship),
                                               ADM_SUBJECT_SIDE_OF (mine->side)),
                              _("%s finds the %s mine %s of %s at (%.1f, %.1f) "
                                "(F-SWEEP-3)."), s->name, charge_name (mine->charge),
                              mine->id, side_name (self, mine->side), mine->position.x,
                              mine->position.y);
        }
      if (still)
        {
          /* F-SWEEP-4, F-MINE-16: the sweeper destroys the mines it has found. */
          mine->spent = TRUE;
          _adm_battle_report (self, ADM_ABOUT_SHIP (ship),
                              _("%s destroys the mine %s (F-SWEEP-4)."), s->name,
                              mine->id);
        }
    }
  if (found == 0)
    _adm_battle_report (self, ADM_ABOUT_SHIP (ship), _("%s finds no mines."), s->name);
  else if (!still)
    _adm_battle_report (self, ADM_ABOUT_SHIP (ship),
                        _("%s moved %.1f cm, more than %d cm: the mines it found stay "
                          "where they are (F-SWEEP-4)."), s->name, moved, still_cm);
}

/* Ships entering a mine's reach */

/* F-SWEEP-5 ("sweep-blunder"): an undeclared minesweeper rolls to spot the mine; whether it
 * did is in @spotted. */
static gboolean
sweeper_blunders_in (AdmBattle  *self,
                     guint       ship,
                     guint       index,
                     gboolean   *spotted,
                     GError    **error)
{
  guint dice = adm_sweep_5_dice (_adm_battle_ruling_is (self, "sweep-blunder", "2d6"),
                                 adm_ruleset_get_minesweeping (self->ruleset)->blunder_dice,
                                 adm_ruleset_get_dice (self->ruleset, ADM_DICE_READINESS));
  AdmBattleShip *s;
  AdmMine *mine;

  if (!_adm_battle_readiness_check (self, ship, dice, adm_battle_ship_readiness (self, ship),
                                    "F-SWEEP-5", _("spotting a mine without sweeping"),
                                    spotted, error))
    return FALSE;
  s = _adm_battle_ship (self, ship);
  mine = mine_at (self, index);
  if (*spotted)
    {
      /* The mine is found: shown, and it does not go off under the sweeper. */
      mine->revealed = TRUE;
      _adm_battle_report (self, ADM_ABOUT (ADM_SUBJECT_SHIP_OF (ship),
                                           ADM_SUBJECT_SIDE_OF (mine->side)),
                          _("%s spots the %s mine %s of %s at (%.1f, %.1f) and steers "
                            "clear (F-SWEEP-5)."), s->name, charge_name (mine->charge),
                          mine->id, side_name (self, mine->side), mine->position.x,
                          mine->position.y);
      return TRUE;
    }
  /* The minesweeper is completely destroyed; the other mines stay hidden. */
  mine->spent = TRUE;
  s->status = ADM_SHIP_DESTROYED;
  s->damage = s->klass->hull;
  _adm_battle_report (self, ADM_ABOUT_SHIP (ship),
                      _("%s runs onto the mine %s and is destroyed; the other mines "
                        "stay hidden (F-SWEEP-5)."), s->name, mine->id);
  _adm_battle_ship_lost (self, ship);
  return TRUE;
}

static gboolean
enters_reach (AdmBattle      *self,
              guint           ship,
              const AdmMine  *mine,
              const AdmPoint *start)
{
  const AdmBattleShip *s = _adm_battle_ship (self, ship);

  /* F-MINE-4: an enemy ship moving past; F-MINE-14, F-MINE-15 ("mine-reach"): its path
   * through this movement phase comes within the card's range of the mine. A ship that did
   * not move sets nothing off. */
  if (s->status == ADM_SHIP_DESTROYED || s->side == mine->side ||
      adm_distance (start[ship], s->position) < EPSILON)
    return FALSE;
  if (!adm_segment_meets_circle (start[ship], s->position, mine->position, mine->range))
    return FALSE;
  /* F-SWEEP-3 ("sweep-reach"): a sweeper's devices found the mines within its reach. */
  if (s->sweeping && adm_distance (mine->position, s->position) <= sweep_reach (self, s) + EPSILON)
    return FALSE;
  return TRUE;
}

static gboolean
check_mine (AdmBattle      *self,
            guint           index,
            const AdmPoint *start,
            GError        **error)
{
  for (guint i = 0; i < _adm_battle_n_ships (self); i++)
    {
      const AdmMine *mine = mine_at (self, index);
      const AdmBattleShip *s = _adm_battle_ship (self, i);
      gboolean spotted;

      if (!enters_reach (self, i, mine, start))
        continue;
      if (_adm_battle_ship_active (self, i) && s->klass->sweep_devices > 0 && !s->sweeping)
        {
          if (!sweeper_blunders_in (self, i, index, &spotted, error))
            return FALSE;
          if (spotted)
            continue;
          return TRUE;
        }
      /* F-MINE-14: the first ship to enter, in the order the formations moved, sets it off;
       * F-MINE-15: announced in the torpedo phase. */
      mine_at (self, index)->triggered = i;
      return TRUE;
    }
  return TRUE;
}

gboolean
_adm_battle_mines_movement (AdmBattle       *self,
                            const AdmPoint  *start,
                            GError         **error)
{
  for (guint i = 0; i < _adm_battle_n_ships (self); i++)
    {
      AdmBattleShip *s = _adm_battle_ship (self, i);

      s->laying_mines = FALSE;
      s->sweeping = FALSE;
    }
  /* F-MINE-13: the layers' shields go down for the turn, so before the fire phase. */
  if (!lay_mines (self, FALSE, error) || !sweep_orders (self, error))
    return FALSE;
  for (guint i = 0; i < _adm_battle_n_ships (self); i++)
    if (_adm_battle_ship (self, i)->sweeping)
      sweep_one (self, i, start);
  for (guint m = 0; m < self->state->mines->len; m++)
    {
      const AdmMine *mine = mine_at (self, m);

      if (mine->spent || mine->triggered >= 0)
        continue;
      if (!check_mine (self, m, start, error))
        return FALSE;
    }
  return TRUE;
}

/* Detonations */

/* F-MINE-5, F-MINE-6, F-MINE-7: the plasma beam on the artillery table with the maximum positive
 * modifier. */
static gboolean
plasma_strike (AdmBattle     *self,
               const AdmMine *mine,
               guint          target,
               GError       **error)
{
  const AdmBattleShip *t = _adm_battle_ship (self, target);
  AdmAspect aspect = adm_aspect_of (t->position, t->heading, mine->position);
  gboolean capital = t->klass->category == ADM_CATEGORY_CAPITAL;
  /* F-ART-6: the aspect from the target's own arcs; F-ART-15 ("auxiliary-target"):
   * auxiliaries as escorts. */
  g_autofree char *type = g_strdup_printf ("%s-%s", adm_aspect_to_string (aspect),
                                           capital ? "capital" : "escort");
  g_autoptr(GError) table_error = NULL;
  g_autofree guint *values = NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  int dice = 0, column = 0, shift, shields, blocked = 0;
  int armour = t->klass->armour;
  gboolean before_armour;
  guint hits, roll;

  if (!adm_ruleset_artillery_dice (self->ruleset, mine->strength, type, 0, NULL, &column,
                                   &table_error))
    {
      g_propagate_error (error, g_steal_pointer (&table_error));
      return FALSE;
    }
  /* F-MINE-7 ("mine-plasma-shift"): one column left, never past the edge, or the leftmost. */
  if (_adm_battle_ruling_is (self, "mine-plasma-shift", "leftmost-column"))
    shift = 1 - column;
  else
    shift = column > 1 ? -1 : 0;
  if (!adm_ruleset_artillery_dice (self->ruleset, mine->strength, type, shift, &dice, &column,
                                   &table_error))
    {
      g_propagate_error (error, g_steal_pointer (&table_error));
      return FALSE;
    }
  /* F-MINE-7 ("mine-plasma-shields" as-artillery): the beam is resolved «по артиллерийской
   * таблице», so the target's shields meet it as they meet artillery (F-WPN-7, by
   * "shields-against-artillery"): before the armour roll they cancel dice. */
  shields = _adm_battle_ruling_is (self, "mine-plasma-shields", "as-artillery") &&
            _adm_battle_ship_active (self, target)
              ? adm_battle_ship_shield_pool (self, target) : 0;
  before_armour = _adm_battle_ruling_is (self, "shields-against-artillery", "before-armour");
  if (before_armour && shields > 0)
    {
      blocked = MIN (shields, dice);
      dice -= blocked;
    }
  values = g_new0 (guint, MAX (dice, 1));
  roll = self->rolls->len;
  if (!_adm_battle_roll (self, ADM_ABOUT_SHIP (target), dice, 6, "F-MINE-7", values, error,
                         _("plasma mine %s against %s"), mine->id, t->name))
    return FALSE;
  _adm_battle_judge_roll (self, 0, ADM_ROLL_CHECK_EACH_AT_LEAST, armour, _("armour"));
  _adm_battle_roll_kind (self, ADM_ROLL_KIND_STRUCK);
  if (blocked > 0)
    {
      _adm_battle_use_shields (self, target, blocked);
      _adm_battle_report (self, ADM_ABOUT_SHIP (target),
                          _("The shields of %s cancel dice of plasma mine %s before the "
                            "armour roll: %d (F-MINE-7, F-WPN-7)."), t->name, mine->id,
                          blocked);
    }
  if (dice == 0)
    {
      _adm_battle_report (self, ADM_ABOUT_SHIP (target),
                          _("Plasma mine %s, strength %d at %s %s, column %d: no dice."),
                          mine->id, mine->strength, _adm_battle_aspect_word (aspect), t->name,
                          column);
      return TRUE;
    }
  /* F-ART-12: each die at or above the armour is a damage, less the shields' share as
   * ruled ("mine-plasma-shields"). */
  hits = adm_roll_check_count_at_least (values, dice, armour, text);
  if (!before_armour && shields > 0 && hits > 0)
    {
      blocked = MIN (shields, (int) hits);
      hits -= blocked;
      _adm_battle_use_shields (self, target, blocked);
      _adm_battle_report (self, ADM_ABOUT_SHIP (target),
                          _("The shields of %s absorb hits of plasma mine %s after the "
                            "armour roll: %d (F-MINE-7, F-WPN-7)."), t->name, mine->id,
                          blocked);
    }
  _adm_battle_report (self, ADM_ABOUT_SHIP (target),
                      ngettext ("Plasma mine %s, strength %d at %s %s, column %d: %d die "
                                "(%s) at %d+ — %u damage.",
                                "Plasma mine %s, strength %d at %s %s, column %d: %d dice "
                                "(%s) at %d+ — %u damage.", dice),
                      mine->id, mine->strength, _adm_battle_aspect_word (aspect), t->name, column,
                      dice, text->str, armour, hits);
  /* The luck ledger's expectation: the rules' own odds of the table dice against the armour
   * and the shields where they act (adm_fire_odds_compute (), F-ART-12, F-WPN-7). */
  {
    AdmFireOddsInput input = {
      .dice = dice + (before_armour ? blocked : 0), .hit_on = armour, .shields = shields,
      .order = before_armour ? ADM_SHIELDS_BEFORE_ARMOUR : ADM_SHIELDS_AFTER_ARMOUR,
      .critical_on = 6,
    };
    g_autoptr(AdmFireOdds) odds = adm_fire_odds_compute (&input);

    _adm_battle_roll_damage (self, roll, target, (int) hits, odds->expected_damage);
  }
  /* F-CRIT-1 ("critical-threshold-other"): criticals on the ruleset's number. */
  return _adm_battle_inflict_from (self, target, hits, ADM_CRITICAL_SOURCE_PLASMA_MINE, error);
}

/* F-MINE-9: the mine makes a torpedo attack under the standard rules: turrets (F-TORP-13,
 * F-TORP-16), then a d6 per torpedo against the armour (F-TORP-7, F-WPN-16), shields
 * ignored (F-TORP-9, F-WPN-15). The mine's torpedoes start at the target: those that miss
 * have no line to run on and are lost. */
static gboolean
torpedo_strike (AdmBattle     *self,
                const AdmMine *mine,
                guint          target,
                GError       **error)
{
  const AdmBattleShip *t = _adm_battle_ship (self, target);
  g_autoptr(GArray) pool = g_array_new (FALSE, FALSE, sizeof (guint));
  /* F-FORM-19, F-TORP-17: the formation's and touching ships' turrets; F-TORP-16: those
   * that have not met a wave in this phase. */
  int turrets = _adm_battle_turret_pool_ships (self, target, pool);
  int torpedoes = mine->strength;
  int armour = t->klass->armour;
  g_autofree char *name = g_strdup (t->name);
  guint hits;

  if (turrets == 0 && t->klass->turrets > 0 && _adm_battle_ship_active (self, target))
    _adm_battle_report (self, ADM_ABOUT_SHIP (target),
                        _("The turrets of %s have already met a wave in this phase "
                          "(F-TORP-16)."), name);
  if (turrets > 0)
    {
      g_autoptr(GString) text = g_string_new (NULL);
      g_autofree char *purpose =
        g_strdup_printf (_("defensive turrets of %s against the torpedoes of mine %s"), name,
                         mine->id);
      int shot = _adm_battle_turret_dice (self, ADM_ABOUT_SHIP (target),
                                          turrets, "F-TORP-13", purpose, text, error);

      if (shot < 0)
        return FALSE;
      shot = MIN (shot, torpedoes);
      torpedoes -= shot;
      /* F-TORP-16: these turrets have met their wave for this phase. */
      for (guint i = 0; i < pool->len; i++)
        _adm_battle_ship (self, g_array_index (pool, guint, i))->turrets_used = TRUE;
      _adm_battle_report (self, ADM_ABOUT_SHIP (target),
                          ngettext ("Defensive turrets of %s: %d die (%s) at %d+ — %d of "
                                    "%d torpedoes shot down (F-TORP-13).",
                                    "Defensive turrets of %s: %d dice (%s) at %d+ — %d of "
                                    "%d torpedoes shot down (F-TORP-13).", turrets),
                          name, turrets, text->str, _adm_battle_turret_hit (self), shot,
                          mine->strength);
    }
  if (torpedoes <= 0)
    return TRUE;
  {
    g_autofree guint *values = g_new0 (guint, torpedoes);
    g_autoptr(GString) text = g_string_new (NULL);
    guint roll = self->rolls->len;

    if (!_adm_battle_roll (self, ADM_ABOUT_SHIP (target), torpedoes, 6, "F-TORP-7", values, error,
                           _("torpedoes of mine %s against %s"), mine->id, name))
      return FALSE;
    _adm_battle_judge_roll (self, 0, ADM_ROLL_CHECK_EACH_AT_LEAST, armour, _("armour"));
    _adm_battle_roll_kind (self, ADM_ROLL_KIND_STRUCK);
    hits = adm_roll_check_count_at_least (values, torpedoes, armour, text);
    _adm_battle_report (self, ADM_ABOUT_SHIP (target),
                        ngettext ("%d torpedo of mine %s strikes %s, shields ignored: %s "
                                  "at %d+ — %u damage.",
                                  "%d torpedoes of mine %s strike %s, shields ignored: %s "
                                  "at %d+ — %u damage.", torpedoes),
                        torpedoes, mine->id, name, text->str, armour, hits);
    /* No special-shield save is rolled against a mine's torpedoes. */
    _adm_battle_roll_torpedo_damage (self, roll, target, torpedoes, 0, (int) hits);
  }
  /* F-WPN-16: criticals on the ruleset's number for torpedoes. */
  return _adm_battle_inflict_from (self, target, hits, ADM_CRITICAL_SOURCE_TORPEDO, error);
}

gboolean
_adm_battle_mines_detonate (AdmBattle  *self,
                            GError    **error)
{
  /* F-MINE-13: the layers' shields were down through the fire phase; nothing later in the
   * turn uses shields (F-TORP-9: torpedoes ignore them), so they are up again for the next
   * turn as the state shows it. */
  for (guint i = 0; i < _adm_battle_n_ships (self); i++)
    _adm_battle_ship (self, i)->laying_mines = FALSE;
  for (guint i = 0; i < self->state->mines->len; i++)
    {
      AdmMine *m = mine_at (self, i);
      AdmMine mine;
      int target = m->triggered;

      if (m->spent || target < 0)
        continue;
      /* F-MINE-1, F-MINE-15 ("mine-reach"): single use: it goes off, is shown and is gone. */
      m->triggered = -1;
      m->spent = TRUE;
      m->revealed = TRUE;
      mine = *m;
      if (!_adm_battle_ship_on_table (self, target))
        {
          _adm_battle_report (self, ADM_ABOUT_SHIP (target),
                              _("The mine %s goes off, but %s is no longer there "
                                "(F-MINE-15)."), mine.id,
                              _adm_battle_ship_name (self, target));
          continue;
        }
      /* F-MINE-15: the detonation is announced in the torpedo phase. */
      _adm_battle_report (self, ADM_ABOUT (ADM_SUBJECT_SIDE_OF (mine.side),
                                           ADM_SUBJECT_SHIP_OF (target)),
                          _("The %s mine %s of %s goes off against %s (F-MINE-14, "
                            "F-MINE-15)."), charge_name (mine.charge), mine.id,
                          side_name (self, mine.side), _adm_battle_ship_name (self, target));
      if (mine.charge == ADM_MINE_PLASMA ? !plasma_strike (self, &mine, target, error)
                                         : !torpedo_strike (self, &mine, target, error))
        return FALSE;
    }
  return TRUE;
}
