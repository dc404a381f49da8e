/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-battle-torpedo.c: torpedoes (F-WPN-10, F-WPN-11, F-WPN-12, F-WPN-13, F-WPN-14, F-WPN-15,
 * F-WPN-16, F-WPN-17, F-TORP) — launches, "Prepare to launch" and fire at salvoes in the fire phase
 * (F-FIRE-3); in the torpedo phase the salvoes run, detonate early, meet turrets and the guns of
 * covering escorts, and strike.
 *
 * A salvo's run in the torpedo phase is played in TICKS equal slices of time, every salvo
 * moving one slice of its speed in each: what a salvo's marker touches within a slice —
 * explosion markers, ship bases — is found exactly along its path, in order of distance;
 * oncoming salvoes meet when their markers touch within a slice (F-TORP-12). */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "adm-battle-private.h"

#define EPSILON 1e-6
/* Slices of the torpedo phase: under half a centimetre of run for every torpedo profile. */
#define TICKS 60

/* One ship:weapon pair of a declaration. */
typedef struct {
  guint ship;
  guint weapon;
} Tube;

/* F-TORP-14: an escort's gun lent to a ship for this torpedo phase. */
typedef struct {
  guint    escort;
  guint    weapon;
  guint    covered;
  int      dice;
  int      full;           /* the dice before halving (F-FORD-10) */
  gboolean used;
} Cover;

/* A salvo running in this torpedo phase. */
typedef struct {
  guint    index;          /* into the salvos */
  AdmPoint last;           /* where it was at the end of the last slice */
  double   run;            /* cm run in this phase */
  gboolean steer;          /* a steer is declared for this phase and not yet made */
  double   steer_degrees;
  double   steer_after;
  GArray  *touching;       /* guint ships its marker touches */
  GArray  *markers_met;    /* guint explosion markers its path met in this phase */
} Runner;

typedef struct {
  double distance;         /* along the slice */
  gboolean marker;
  guint  index;            /* marker or ship */
} Event;

/* Helpers */

static AdmTorpedoSalvo *
salvo_at (AdmBattle *self,
          guint      index)
{
  return &g_array_index (self->state->salvos, AdmTorpedoSalvo, index);
}

static const AdmWeapon *
tube_weapon (AdmBattle  *self,
             const Tube *tube)
{
  return g_ptr_array_index (_adm_battle_ship (self, tube->ship)->klass->weapons, tube->weapon);
}

static gboolean
in_arcs (const AdmWeapon *weapon,
         AdmArcSector     sector)
{
  AdmArcs arc = sector == ADM_SECTOR_BOW ? ADM_ARC_BOW :
                sector == ADM_SECTOR_STERN ? ADM_ARC_STERN :
                sector == ADM_SECTOR_PORT ? ADM_ARC_PORT : ADM_ARC_STARBOARD;

  return (weapon->arcs & arc) != 0;
}

static gboolean
garray_has (GArray *array,
            guint   value)
{
  for (guint i = 0; i < array->len; i++)
    if (g_array_index (array, guint, i) == value)
      return TRUE;
  return FALSE;
}

/* The firepower a gun brings now: halved by an order (F-MOVE-15, F-MOVE-16, F-MOVE-17, F-FORD-10).
 * */
static int
gun_firepower (AdmBattle       *self,
               guint            ship,
               const AdmWeapon *weapon)
{
  return _adm_battle_fire_halved (self, ship)
           ? adm_ruleset_halve_firepower (self->ruleset, weapon->firepower)
           : weapon->firepower;
}

/* The "weapons" attribute of @decl as ship:weapon pairs, each named once. */
static gboolean
parse_tubes (AdmBattle           *self,
             const AdmOrderDecl  *decl,
             GArray              *tubes,
             GError             **error)
{
  const char *text = adm_order_decl_get (decl, "weapons");
  g_auto(GStrv) items = g_strsplit_set (text != NULL ? text : "", " \t\n", -1);

  for (guint i = 0; items[i] != NULL; i++)
    {
      const char *colon = strchr (items[i], ':');
      g_autofree char *ship_id = NULL;
      const AdmBattleShip *s;
      Tube tube = { 0, G_MAXUINT };
      int ship;

      if (items[i][0] == '\0')
        continue;
      if (colon == NULL)
        {
          _adm_battle_illegal (self, error, decl->line,
                               _("“%s” is not a SHIP:WEAPON pair"), items[i]);
          return FALSE;
        }
      ship_id = g_strndup (items[i], colon - items[i]);
      ship = adm_battle_ship_index (self, ship_id);
      if (ship < 0)
        {
          _adm_battle_illegal (self, error, decl->line,
                               _("there is no ship “%s” in this battle"), ship_id);
          return FALSE;
        }
      s = _adm_battle_ship (self, ship);
      tube.ship = ship;
      for (guint w = 0; w < s->klass->weapons->len; w++)
        if (g_strcmp0 (((AdmWeapon *) g_ptr_array_index (s->klass->weapons, w))->id,
                       colon + 1) == 0)
          tube.weapon = w;
      if (tube.weapon == G_MAXUINT)
        {
          _adm_battle_illegal (self, error, decl->line, _("%s (%s) has no weapon “%s”"),
                               s->name, s->klass->name, colon + 1);
          return FALSE;
        }
      for (guint t = 0; t < tubes->len; t++)
        if (g_array_index (tubes, Tube, t).ship == tube.ship &&
            g_array_index (tubes, Tube, t).weapon == tube.weapon)
          {
            _adm_battle_illegal (self, error, decl->line, _("%s's %s is named twice"),
                                 s->name, tube_weapon (self, &tube)->name);
            return FALSE;
          }
      g_array_append_val (tubes, tube);
    }
  if (tubes->len == 0)
    {
      _adm_battle_illegal (self, error, decl->line, _("the declaration names no weapons"));
      return FALSE;
    }
  return TRUE;
}

/* The salvo numbered @text on the table, or -1; @gone (may be NULL) is TRUE for one spent
 * earlier in this turn, still on the table until the end stage (F-END-2). */
static int
find_salvo (AdmBattle  *self,
            const char *text,
            gboolean   *gone)
{
  gint64 id;

  if (gone != NULL)
    *gone = FALSE;
  if (text == NULL || !g_ascii_string_to_signed (text, 10, 1, G_MAXINT, &id, NULL))
    return -1;
  for (guint i = 0; i < self->state->salvos->len; i++)
    if (salvo_at (self, i)->id == id)
      {
        if (salvo_at (self, i)->spent || salvo_at (self, i)->torpedoes <= 0)
          {
            if (gone == NULL)
              return -1;
            *gone = TRUE;
          }
        return i;
      }
  return -1;
}

/* F-ECM-3 ("fire-reveals"): torpedo fire, like any fire, detects the firing formation. */
static void
reveal (AdmBattle *self,
        guint      formation)
{
  AdmDetection level = _adm_battle_ruling_is (self, "fire-reveals", "presence")
                         ? ADM_DETECTION_PRESENCE : ADM_DETECTION_FULL;

  for (guint side = 0; side < adm_battle_get_n_sides (self); side++)
    if (side != _adm_battle_formation (self, formation)->side &&
        adm_battle_get_detection (self, side, formation) < level)
      _adm_battle_set_detection (self, side, formation, level);
}

int
_adm_battle_turret_hit (AdmBattle *self)
{
  return adm_ruleset_get_turret_hit (self->ruleset);
}

int
_adm_battle_turret_dice (AdmBattle   *self,
                         AdmAbout     about,
                         int          n,
                         const char  *clause,
                         const char  *purpose,
                         GString     *shown,
                         GError     **error)
{
  g_autofree guint *values = g_new0 (guint, MAX (n, 1));
  int hit = _adm_battle_turret_hit (self);

  if (!_adm_battle_roll (self, about, n, 6, clause, values, error, "%s", purpose))
    return -1;
  _adm_battle_judge_roll (self, 0, ADM_ROLL_CHECK_EACH_AT_LEAST, hit, NULL);
  return (int) adm_roll_check_count_at_least (values, n, hit, shown);
}

/* _adm_battle_turret_dice () of guns whose @full dice are halved to @n (F-FORD-10): the
 * master's prompt says why it asks for fewer. */
static int
turret_dice_halved (AdmBattle   *self,
                    AdmAbout     about,
                    int          n,
                    int          full,
                    const char  *clause,
                    const char  *purpose,
                    GString     *shown,
                    GError     **error)
{
  g_autoptr(GString) note = NULL;
  int successes;

  if (n < full)
    {
      g_autofree char *reason = _adm_battle_halved_reason (full, n);

      note = g_string_new (reason);
      g_string_append_printf (note, _(": roll %d"), n);
    }
  self->dice_note = note != NULL ? note->str : NULL;
  successes = _adm_battle_turret_dice (self, about, n, clause, purpose, shown, error);
  self->dice_note = NULL;
  return successes;
}

/* Takes @n torpedoes out of salvo @index; an empty salvo is spent. */
static void
remove_torpedoes (AdmBattle *self,
                  guint      index,
                  int        n)
{
  AdmTorpedoSalvo *v = salvo_at (self, index);

  v->torpedoes = MAX (0, v->torpedoes - n);
  if (v->torpedoes == 0 && !v->spent)
    {
      v->spent = TRUE;
      _adm_battle_report (self, ADM_ABOUT_NOTHING, _("Salvo %d is spent."), v->id);
    }
}

/* Premature detonation (F-TORP-11, F-TORP-12), as ruled by "premature-detonation": per
 * torpedo, each torpedo rolls (d6, 6; or 2d6, a double) and detonates on its own; per salvo,
 * one roll detonates the whole salvo. Nothing nearby is harmed. */
static gboolean
premature (AdmBattle   *self,
           guint        index,
           gboolean     meeting,
           int          other_id,
           GError     **error)
{
  AdmTorpedoSalvo *v = salvo_at (self, index);
  gboolean per_torpedo = !_adm_battle_ruling_is (self, "premature-detonation", "whole-salvo");
  int rolls = per_torpedo ? v->torpedoes : 1;
  int per_roll = meeting ? 2 : 1;
  g_autofree guint *values = g_new0 (guint, MAX (rolls * per_roll, 1));
  g_autoptr(GString) shown = g_string_new (NULL);
  int detonated = 0, id = v->id;
  gboolean ok;

  if (meeting)
    ok = _adm_battle_roll (self, ADM_ABOUT_NOTHING, rolls * per_roll, 6, "F-TORP-12", values, error,
                           per_torpedo ? _("salvo %d meets salvo %d: 2d6 per torpedo, a double "
                                           "detonates it")
                                       : _("salvo %d meets salvo %d: 2d6, a double detonates "
                                           "the salvo"), id, other_id);
  else
    ok = _adm_battle_roll (self, ADM_ABOUT_NOTHING, rolls, 6, "F-TORP-11", values, error,
                           per_torpedo ? _("salvo %d through an explosion marker: d6 per "
                                           "torpedo, 6 detonates it")
                                       : _("salvo %d through an explosion marker: d6, 6 "
                                           "detonates the salvo"), id);
  if (!ok)
    return FALSE;
  /* A pair passes on a double (F-TORP-12), a die on a 6 (F-TORP-11): it detonates. */
  _adm_battle_judge_roll (self, 0, meeting ? ADM_ROLL_CHECK_DOUBLES : ADM_ROLL_CHECK_EACH_AT_LEAST,
                          6, NULL);
  if (!meeting)
    detonated = (int) adm_roll_check_count_at_least (values, rolls, 6, shown);
  for (int r = 0; meeting && r < rolls; r++)
    {
      g_string_append_printf (shown, "%s%u+%u", r > 0 ? " " : "", values[2 * r],
                              values[2 * r + 1]);
      detonated += values[2 * r] == values[2 * r + 1];
    }
  if (!per_torpedo && detonated > 0)
    detonated = salvo_at (self, index)->torpedoes;
  if (meeting)
    _adm_battle_report (self, ADM_ABOUT_NOTHING,
                        ngettext ("Salvo %d meets the oncoming salvo %d (F-TORP-12): %s "
                                  "— %d torpedo detonates.",
                                  "Salvo %d meets the oncoming salvo %d (F-TORP-12): %s "
                                  "— %d torpedoes detonate.", detonated),
                        id, other_id, shown->str, detonated);
  else
    _adm_battle_report (self, ADM_ABOUT_NOTHING,
                        ngettext ("Salvo %d runs through an explosion marker (F-TORP-11): "
                                  "%s — %d torpedo detonates.",
                                  "Salvo %d runs through an explosion marker (F-TORP-11): "
                                  "%s — %d torpedoes detonate.", detonated),
                        id, shown->str, detonated);
  remove_torpedoes (self, index, detonated);
  return TRUE;
}

/* Fire phase: fire at a salvo (F-WPN-14, F-TORP-18, F-TORP-19) */

/* F-ART-10, F-CAT-4 for a shot at a salvo: @behind when the line crosses an explosion marker
 * (or a hulk under "both-shift"); a hulk index in @blocked otherwise. */
static void
line_to_salvo (AdmBattle *self,
               guint      firer,
               AdmPoint   b,
               int       *blocked,
               gboolean  *behind)
{
  AdmPoint a = _adm_battle_ship (self, firer)->position;
  gboolean hulks_block = _adm_battle_ruling_is (self, "explosions-and-hulks",
                                                "markers-shift-hulks-block");

  *blocked = -1;
  *behind = FALSE;
  for (guint i = 0; i < adm_battle_get_n_markers (self); i++)
    {
      const AdmBattleMarker *m = adm_battle_get_marker (self, i);

      if (adm_distance (m->position, a) <= m->diameter / 2 ||
          adm_distance (m->position, b) <= m->diameter / 2)
        continue;
      if (adm_segment_meets_circle (a, b, m->position, m->diameter / 2))
        *behind = TRUE;
    }
  for (guint i = 0; i < _adm_battle_n_ships (self); i++)
    {
      const AdmBattleShip *s = _adm_battle_ship (self, i);

      if (i == firer ||
          (s->status != ADM_SHIP_DRIFTING_HULK && s->status != ADM_SHIP_BURNING_HULK) ||
          !adm_segment_meets_circle (a, b, s->position, _adm_battle_base_size (self, i) / 2))
        continue;
      if (hulks_block)
        *blocked = i;
      else
        *behind = TRUE;
    }
}

/* Checks one gun firing at salvo @v; @fires is FALSE when it holds its fire. */
static gboolean
check_gun_at_salvo (AdmBattle              *self,
                    const AdmOrderDecl     *decl,
                    const Tube             *gun,
                    const AdmTorpedoSalvo  *v,
                    int                     formation,
                    gboolean               *fires,
                    GError                **error)
{
  const AdmBattleShip *s = _adm_battle_ship (self, gun->ship);
  const AdmWeapon *weapon = tube_weapon (self, gun);
  gboolean escort = s->klass->category == ADM_CATEGORY_ESCORT;
  double distance = adm_distance (s->position, v->position);
  AdmArcSector sector = adm_sector_of (s->position, s->heading, v->position);

  *fires = FALSE;
  if (formation >= 0 && s->formation != (guint) formation)
    _adm_battle_illegal (self, error, decl->line,
                         _("only ships of one formation fire together; %s is not in %s"),
                         s->name, _adm_battle_formation (self, formation)->name);
  else if (s->side == v->side)
    _adm_battle_illegal (self, error, decl->line,
                         _("salvo %d is %s's own; a side does not fire at its own torpedoes"),
                         v->id, adm_battle_get_side (self, s->side)->name);
  else if (weapon->type != ADM_WEAPON_ARTILLERY &&
           !(escort && weapon->type == ADM_WEAPON_DESTRUCTOR))
    _adm_battle_illegal (self, error, decl->line,
                         _("%s's %s cannot fire at torpedoes: capital ships use their artillery "
                           "(F-TORP-18), escorts any of their guns (F-TORP-19)"),
                         s->name, weapon->name);
  else if (s->fired & (1u << gun->weapon))
    _adm_battle_illegal (self, error, decl->line,
                         _("%s's %s has already fired in this fire phase (F-FIRE-12)"), s->name,
                         weapon->name);
  else if (s->covering_turn == adm_battle_get_turn (self) &&
           (s->covering_weapons & (1u << gun->weapon)))
    _adm_battle_illegal (self, error, decl->line,
                         _("%s's %s covered a ship against torpedoes last turn and cannot fire "
                           "in this turn's fire phase (F-TORP-15)"), s->name, weapon->name);
  else if (distance > weapon->range + EPSILON)
    _adm_battle_illegal (self, error, decl->line,
                         _("salvo %d is %.1f cm from %s, beyond the %d cm range of its %s "
                           "(F-FIRE-5)"), v->id, distance, s->name, weapon->range,
                         weapon->name);
  else if (!in_arcs (weapon, sector))
    {
      g_autofree char *arcs = adm_arcs_to_string (weapon->arcs);

      _adm_battle_illegal (self, error, decl->line,
                           _("salvo %d is in the %s arc of %s, and its %s can fire only %s "
                             "(F-FIRE-6)"), v->id, adm_sector_to_string (sector), s->name,
                           weapon->name, arcs);
    }
  else
    {
      /* F-CAT-1: a ship wrecked earlier in this phase fires no more; F-CRIT-9, F-CRIT-10,
       * F-CRIT-11, F-CRIT-12: nor does a battery knocked out. */
      if (!_adm_battle_ship_active (self, gun->ship))
        _adm_battle_report (self, ADM_ABOUT_SHIP (gun->ship),
                            _("%s is out of action and does not fire."), s->name);
      else if (!_adm_battle_weapon_works (self, gun->ship, gun->weapon, sector))
        _adm_battle_report (self, ADM_ABOUT_SHIP (gun->ship),
                            _("%s's %s cannot fire into its %s arc: critical damage there "
                              "is not repaired (F-CRIT-9, F-CRIT-10, F-CRIT-11, "
                              "F-CRIT-12)."), s->name, weapon->name,
                            adm_sector_to_string (sector));
      else
        *fires = TRUE;
      return TRUE;
    }
  return FALSE;
}

/* F-TORP-18 with "salvo-target-column": the artillery table's torpedo column (F-ART-16: no
 * orientation), or an escort column by the aspect of the salvo's heading; armour 1, so every
 * die of the table hits. @hits gets the dice. */
static gboolean
big_guns_at_salvo (AdmBattle              *self,
                   const AdmOrderDecl     *decl,
                   const AdmTorpedoSalvo  *v,
                   guint                   firer,
                   int                     firepower,
                   int                     shortest,
                   double                  farthest,
                   gboolean                behind,
                   const char             *names,
                   int                    *hits,
                   GError                **error)
{
  g_autofree char *target = NULL;
  g_autofree char *target_words = NULL;
  g_autoptr(GError) table_error = NULL;
  int shift, column = 0;

  /* The table's column by its id, and in the reader's words for the report. */
  if (_adm_battle_ruling_is (self, "salvo-target-column", "escort-aspect"))
    {
      AdmAspect aspect = adm_aspect_of (v->position, v->heading,
                                        _adm_battle_ship (self, firer)->position);

      target = g_strdup_printf ("%s-escort", adm_aspect_to_string (aspect));
      target_words = _adm_battle_target_words (aspect, FALSE);
    }
  else
    {
      target = g_strdup ("torpedo");
      /* Translators: the artillery table's column a salvo of torpedoes is fired at (F-TORP-18) */
      target_words = g_strdup (C_("artillery column", "torpedo"));
    }
  /* F-ART-8, F-ART-9, F-ART-10: the range shifts and the explosion marker shift, as for any
   * target. */
  shift = adm_art_8_range_shift (farthest, shortest,
                                 adm_ruleset_get_range_bands (self->ruleset),
                                 _adm_battle_ruling_is (self, "half-range-boundary",
                                                        "less-than-half"),
                                 behind, NULL, NULL);
  if (!adm_ruleset_artillery_dice (self->ruleset, firepower, target, shift, hits, &column,
                                   &table_error))
    {
      _adm_battle_illegal (self, error, decl->line, "%s", table_error->message);
      return FALSE;
    }
  _adm_battle_report (self, ADM_ABOUT_SHIP (firer),
                      ngettext ("%s, firepower %d at salvo %d (%s), %.1f cm, column %d: "
                                "%d die against armour 1, every die hits (F-TORP-18).",
                                "%s, firepower %d at salvo %d (%s), %.1f cm, column %d: "
                                "%d dice against armour 1, every die hits (F-TORP-18).",
                                *hits),
                      names, firepower, v->id, target_words, farthest, column, *hits);
  return TRUE;
}

/* A big gun firing at a salvo (F-TORP-18), before the guns are grouped by ship. */
typedef struct {
  guint     ship;
  const AdmWeapon *weapon;
  int       firepower;
  int       range;
  double    distance;
  gboolean  behind;
} SalvoGun;

/* F-ART-3, F-FIRE-4: the big guns of @big fire at @v ship by ship, each ship's batteries
 * added up and looked up on their own (as at a ship, adm-battle-fire.c); @hits gets the dice
 * of them all. */
static gboolean
big_guns_each_ship (AdmBattle              *self,
                    const AdmOrderDecl     *decl,
                    const AdmTorpedoSalvo  *v,
                    GArray                 *big,
                    int                    *hits,
                    GError                **error)
{
  *hits = 0;
  for (guint i = 0; i < big->len; i++)
    {
      const SalvoGun *first = &g_array_index (big, SalvoGun, i);
      g_autoptr(GString) names = g_string_new (NULL);
      int firepower = 0, shortest = G_MAXINT, ship_hits = 0;
      double farthest = 0;
      gboolean behind = FALSE, seen = FALSE;

      for (guint j = 0; j < i; j++)
        seen |= g_array_index (big, SalvoGun, j).ship == first->ship;
      if (seen)
        continue;
      for (guint j = i; j < big->len; j++)
        {
          const SalvoGun *gun = &g_array_index (big, SalvoGun, j);

          if (gun->ship != first->ship)
            continue;
          firepower += gun->firepower;
          shortest = MIN (shortest, gun->range);
          farthest = MAX (farthest, gun->distance);
          behind |= gun->behind;
          g_string_append (names, names->len > 0 ? ", " : "");
          /* Translators: a ship's weapon, "Vorberg's Main battery" */
          g_string_append_printf (names, _("%s's %s"), _adm_battle_ship_name (self, gun->ship),
                                  gun->weapon->name);
        }
      if (!big_guns_at_salvo (self, decl, v, first->ship, firepower, shortest, farthest, behind,
                              names->str, &ship_hits, error))
        return FALSE;
      *hits += ship_hits;
    }
  return TRUE;
}

static gboolean
fire_at_salvo (AdmBattle           *self,
               const AdmOrderDecl  *decl,
               GError             **error)
{
  g_autoptr(GArray) guns = g_array_new (FALSE, FALSE, sizeof (Tube));
  g_autoptr(GArray) big = g_array_new (FALSE, FALSE, sizeof (SalvoGun));
  g_autoptr(GString) escort_names = g_string_new (NULL);
  g_autoptr(GArray) escort_about = g_array_new (FALSE, FALSE, sizeof (guint32));
  gboolean gone;
  int index = find_salvo (self, adm_order_decl_get (decl, "salvo"), &gone);
  int formation = -1, escort_dice = 0, escort_full = 0;
  int destroyed = 0, hits = 0;
  AdmTorpedoSalvo v;

  if (index < 0)
    {
      _adm_battle_illegal (self, error, decl->line,
                           _("there is no torpedo salvo %s on the table"),
                           adm_order_decl_get (decl, "salvo"));
      return FALSE;
    }
  v = *salvo_at (self, index);
  if (!parse_tubes (self, decl, guns, error))
    return FALSE;
  /* Orders are written before the phase: a salvo destroyed earlier in it is no target. */
  if (gone)
    {
      _adm_battle_report (self, ADM_ABOUT_NOTHING,
                          _("Salvo %d is gone: the fire declared at it is held."), v.id);
      return TRUE;
    }
  for (guint i = 0; i < guns->len; i++)
    {
      const Tube *gun = &g_array_index (guns, Tube, i);
      AdmBattleShip *s = _adm_battle_ship (self, gun->ship);
      const AdmWeapon *weapon = tube_weapon (self, gun);
      gboolean fires, battery_behind;
      int blocked;

      if (!check_gun_at_salvo (self, decl, gun, &v, formation, &fires, error))
        return FALSE;
      formation = s->formation;
      if (!fires)
        continue;
      /* F-TORP-19: an escort's guns roll as turrets, one d6 per firepower point. */
      if (s->klass->category == ADM_CATEGORY_ESCORT)
        {
          s->fired |= 1u << gun->weapon;
          escort_dice += gun_firepower (self, gun->ship, weapon);
          escort_full += weapon->firepower;
          g_string_append (escort_names, escort_names->len > 0 ? ", " : "");
          /* Translators: a ship's weapon, "Vorberg's Main battery" */
          g_string_append_printf (escort_names, _("%s's %s"), s->name,
                                  weapon->name);
          g_array_append_val (escort_about, (guint32) { ADM_SUBJECT_SHIP_OF (gun->ship) });
          continue;
        }
      line_to_salvo (self, gun->ship, v.position, &blocked, &battery_behind);
      if (blocked >= 0)
        {
          _adm_battle_report (self, ADM_ABOUT_SHIPS (blocked, gun->ship),
                              _("The hulk of %s blocks the line of fire from %s to salvo "
                                "%d (F-CAT-4): %s's %s holds its fire."),
                              _adm_battle_ship_name (self, blocked), s->name, v.id, s->name,
                              weapon->name);
          continue;
        }
      s->fired |= 1u << gun->weapon;
      /* F-ART-3: a ship's batteries together add their firepower and use their shortest
       * range; each ship's are an attack of their own (big_guns_each_ship ()). */
      {
        SalvoGun one = { gun->ship, weapon, gun_firepower (self, gun->ship, weapon),
                         weapon->range, adm_distance (s->position, v.position),
                         battery_behind };

        g_array_append_val (big, one);
      }
    }
  if (escort_names->len == 0 && big->len == 0)
    return TRUE;
  reveal (self, formation);

  if (escort_names->len > 0)
    {
      g_autoptr(GString) shown = g_string_new (NULL);
      int hit = _adm_battle_turret_hit (self);
      g_autofree char *purpose = g_strdup_printf (_("%s at salvo %d, %d+ destroys a torpedo"),
                                                  escort_names->str, v.id, hit);
      int successes = turret_dice_halved (self, ADM_ABOUT_ARRAY (escort_about),
                                          escort_dice, escort_full, "F-TORP-19", purpose,
                                          shown, error);

      if (successes < 0)
        return FALSE;
      g_autofree char *dice_text =
        g_strdup_printf (ngettext ("%d die (%s)", "%d dice (%s)", escort_dice), escort_dice,
                         shown->len > 0 ? shown->str : "-");

      _adm_battle_report (self, ADM_ABOUT_ARRAY (escort_about),
                          ngettext ("%s at salvo %d as turrets (F-TORP-19): %s at %d+ — "
                                    "%d torpedo destroyed.",
                                    "%s at salvo %d as turrets (F-TORP-19): %s at %d+ — "
                                    "%d torpedoes destroyed.", successes),
                          escort_names->str, v.id, dice_text, hit, successes);
      destroyed += successes;
    }
  if (big->len > 0 && !big_guns_each_ship (self, decl, &v, big, &hits, error))
    return FALSE;
  /* F-TORP-18: a hit is a premature detonation "according to the general rules": of one
   * torpedo, or of the whole salvo, as "premature-detonation" rules. */
  if (hits > 0)
    destroyed += _adm_battle_ruling_is (self, "premature-detonation", "whole-salvo")
                   ? v.torpedoes : hits;
  destroyed = MIN (destroyed, v.torpedoes);
  if (destroyed > 0)
    _adm_battle_report (self, ADM_ABOUT_NOTHING, ngettext ("Salvo %d loses %d torpedo.",
                                        "Salvo %d loses %d torpedoes.", destroyed),
                        v.id, destroyed);
  remove_torpedoes (self, index, destroyed);
  return TRUE;
}

/* Fire phase: launches (F-WPN-10, F-FIRE-3, F-FORM-12, F-FORM-13) */

/* Checks the tubes of a launch and keeps in @firing those that fire; @heading_known says
 * whether @heading is given, else the tubes aim at @target. */
static gboolean
check_tubes (AdmBattle           *self,
             const AdmOrderDecl  *decl,
             GArray              *tubes,
             int                  target,
             double               heading,
             GArray              *firing,
             int                 *formation,
             GError             **error)
{
  int turn = adm_battle_get_turn (self);
  guint ships = 0;

  *formation = -1;
  for (guint i = 0; i < tubes->len; i++)
    {
      const Tube *tube = &g_array_index (tubes, Tube, i);
      const AdmBattleShip *s = _adm_battle_ship (self, tube->ship);
      const AdmWeapon *weapon = tube_weapon (self, tube);
      AdmPoint aim = target >= 0 ? _adm_battle_ship (self, target)->position
                                 : adm_point_advance (s->position, heading, 10);
      AdmArcSector sector = adm_sector_of (s->position, s->heading, aim);
      gboolean new_ship = TRUE;

      for (guint t = 0; t < i; t++)
        new_ship &= g_array_index (tubes, Tube, t).ship != tube->ship;
      ships += new_ship;
      if (weapon->type != ADM_WEAPON_TORPEDO)
        {
          _adm_battle_illegal (self, error, decl->line,
                               _("%s's %s is not a torpedo tube; direct fire is declared with "
                                 "<fire> (F-FIRE-3)"), s->name, weapon->name);
          return FALSE;
        }
      if (*formation >= 0 && s->formation != (guint) *formation)
        {
          /* F-FORM-12: a formation's ships launch singly or as one salvo of that formation. */
          _adm_battle_illegal (self, error, decl->line,
                               _("a salvo is launched by ships of one formation (F-FORM-12); "
                                 "%s is not in %s"), s->name,
                               _adm_battle_formation (self, *formation)->name);
          return FALSE;
        }
      *formation = s->formation;
      /* F-TORP-1 ("torpedo-reload"): a full turn passes before the tubes launch again. */
      if (s->tubes_ready > turn)
        {
          _adm_battle_illegal (self, error, decl->line,
                               _("%s's torpedo tubes are reloading and launch again in turn %d "
                                 "(F-TORP-1)"), s->name, s->tubes_ready);
          return FALSE;
        }
      if (!in_arcs (weapon, sector))
        {
          g_autofree char *arcs = adm_arcs_to_string (weapon->arcs);

          _adm_battle_illegal (self, error, decl->line,
                               _("the launch lies in the %s arc of %s, and its %s can fire only %s "
                                 "(F-FIRE-6)"), adm_sector_to_string (sector), s->name,
                               weapon->name, arcs);
          return FALSE;
        }
      if (!_adm_battle_ship_active (self, tube->ship))
        _adm_battle_report (self, ADM_ABOUT_SHIP (tube->ship),
                            _("%s is out of action and launches nothing."), s->name);
      else if (!_adm_battle_weapon_works (self, tube->ship, tube->weapon, sector))
        _adm_battle_report (self, ADM_ABOUT_SHIP (tube->ship),
                            _("%s's %s cannot launch into its %s arc: critical damage "
                              "there is not repaired (F-CRIT-9, F-CRIT-10, F-CRIT-11, "
                              "F-CRIT-12)."), s->name, weapon->name,
                            adm_sector_to_string (sector));
      else
        g_array_append_val (firing, *tube);
    }
  /* F-FORM-15: a formation without command combines no salvoes. */
  if (ships > 1 && !_adm_battle_formation (self, *formation)->command)
    {
      _adm_battle_illegal (self, error, decl->line,
                           _("%s has no command and cannot combine its torpedoes into one salvo "
                             "(F-FORM-15); launch from each ship on its own"),
                           _adm_battle_formation (self, *formation)->name);
      return FALSE;
    }
  return TRUE;
}

/* The checks check_tubes () and launch () make of one tube launching at one target, without
 * the orders: for the table to ring the ships a launch may go at. */
GArray *
_adm_battle_launch_targets (AdmBattle *self,
                            guint      ship,
                            guint      weapon)
{
  GArray *targets = g_array_new (FALSE, FALSE, sizeof (guint));
  const AdmBattleShip *s = _adm_battle_ship (self, ship);
  const AdmWeapon *tube = g_ptr_array_index (s->klass->weapons, weapon);

  if (tube->type != ADM_WEAPON_TORPEDO || !_adm_battle_ship_active (self, ship) ||
      s->tubes_ready > adm_battle_get_turn (self))
    return targets;
  for (guint i = 0; i < _adm_battle_n_ships (self); i++)
    {
      const AdmBattleShip *t = _adm_battle_ship (self, i);
      AdmArcSector sector = adm_sector_of (s->position, s->heading, t->position);

      if (t->side == s->side || !_adm_battle_ship_on_table (self, i) ||
          adm_battle_get_detection (self, s->side, t->formation) == ADM_DETECTION_NONE ||
          !in_arcs (tube, sector) || !_adm_battle_weapon_works (self, ship, weapon, sector) ||
          adm_distance (s->position, t->position) > tube->range + EPSILON)
        continue;
      g_array_append_val (targets, i);
    }
  return targets;
}

/* F-FORM-13: the launching ship farthest from the target — or, on a heading, the one
 * farthest back along it. */
static guint
farthest_ship (AdmBattle *self,
               GArray    *firing,
               int        target,
               double     heading)
{
  AdmPoint ahead = adm_point_advance ((AdmPoint) { 0, 0 }, heading, 1);
  guint best = g_array_index (firing, Tube, 0).ship;
  double best_value = -G_MAXDOUBLE;

  for (guint i = 0; i < firing->len; i++)
    {
      guint ship = g_array_index (firing, Tube, i).ship;
      AdmPoint p = _adm_battle_ship (self, ship)->position;
      double value = target >= 0 ? adm_distance (p, _adm_battle_ship (self, target)->position)
                                 : -(p.x * ahead.x + p.y * ahead.y);

      if (value > best_value + EPSILON)
        {
          best_value = value;
          best = ship;
        }
    }
  return best;
}

/* The torpedoes @tube launches now. F-FORD-10: «Огневая мощь и сила делится на 2» — a ship
 * reinforcing its shields halves its firepower and its «сила», the torpedo strength of its
 * card, rounded as "halved-firepower" rounds; the order of a movement phase (F-MOVE-15, F-MOVE-16,
 * F-MOVE-17, ruling "halved-fire-scope") halves direct fire only. */
static int
tube_torpedoes (AdmBattle  *self,
                const Tube *tube)
{
  const AdmBattleShip *s = _adm_battle_ship (self, tube->ship);
  const AdmWeapon *weapon = tube_weapon (self, tube);
  int halved;

  if (s->reinforced_until < adm_battle_get_turn (self))
    return weapon->firepower;
  halved = adm_ruleset_halve_firepower (self->ruleset, weapon->firepower);
  _adm_battle_report (self, ADM_ABOUT_SHIP (tube->ship),
                      _("%s reinforces its shields: its %s launch %d torpedoes instead "
                        "of %d (F-FORD-10)."), s->name, weapon->name, halved,
                      weapon->firepower);
  return halved;
}

/* Places one salvo of @firing's tubes from ship @ship (all of them with -1) at @at. */
static void
place_salvo (AdmBattle *self,
             GArray    *firing,
             int        ship,
             guint      at,
             double     heading,
             GString   *line)
{
  AdmTorpedoSalvo v = { 0 };

  v.id = self->state->next_salvo++;
  v.side = _adm_battle_ship (self, at)->side;
  v.ship = at;
  v.position = _adm_battle_ship (self, at)->position;
  v.heading = adm_heading_normalise (heading);
  v.speed = G_MAXINT;
  v.turns_left = G_MAXINT;
  v.launched = adm_battle_get_turn (self);
  for (guint i = 0; i < firing->len; i++)
    {
      const Tube *tube = &g_array_index (firing, Tube, i);
      const AdmWeapon *weapon = tube_weapon (self, tube);

      if (ship >= 0 && tube->ship != (guint) ship)
        continue;
      /* F-TORP-7 ("torpedo-units"): the tubes' firepower is the number of torpedoes, added
       * up in a combined salvo (F-FORM-12). F-WPN-11, F-WPN-12 ("torpedo-turns"): the speed
       * and turns of the profile; a combined salvo keeps together at the slowest and
       * shortest of them. */
      v.torpedoes += tube_torpedoes (self, tube);
      v.speed = MIN (v.speed, weapon->torpedo_speed);
      v.turns_left = MIN (v.turns_left, weapon->torpedo_turns);
    }
  g_array_append_val (self->state->salvos, v);
  g_string_append_printf (line, ngettext ("%s salvo %d of %d torpedo from %s",
                                          "%s salvo %d of %d torpedoes from %s", v.torpedoes),
                          line->len > 0 ? ";" : "", v.id, v.torpedoes,
                          _adm_battle_ship_name (self, at));
}

static gboolean
launch (AdmBattle           *self,
        const AdmOrderDecl  *decl,
        GError             **error)
{
  g_autoptr(GArray) tubes = g_array_new (FALSE, FALSE, sizeof (Tube));
  g_autoptr(GArray) firing = g_array_new (FALSE, FALSE, sizeof (Tube));
  g_autoptr(GString) names = g_string_new (NULL);
  g_autoptr(GString) placed = g_string_new (NULL);
  /* The ships the line names: those launching, and the target. */
  g_autoptr(GArray) about = g_array_new (FALSE, FALSE, sizeof (guint32));
  const char *target_id = adm_order_decl_get (decl, "target");
  const char *heading_text = adm_order_decl_get (decl, "heading");
  int target = -1, formation, shortest = G_MAXINT, turn = adm_battle_get_turn (self);
  double heading = heading_text != NULL ? g_ascii_strtod (heading_text, NULL) : 0;
  guint far;

  if (!parse_tubes (self, decl, tubes, error))
    return FALSE;
  if ((target_id == NULL) == (heading_text == NULL))
    {
      _adm_battle_illegal (self, error, decl->line,
                           _("a launch gives either a target or a heading"));
      return FALSE;
    }
  if (target_id != NULL)
    {
      const AdmBattleShip *first = _adm_battle_ship (self, g_array_index (tubes, Tube, 0).ship);
      const AdmBattleShip *t;

      target = adm_battle_ship_index (self, target_id);
      if (target < 0)
        {
          _adm_battle_illegal (self, error, decl->line,
                               _("there is no ship “%s” in this battle"), target_id);
          return FALSE;
        }
      t = _adm_battle_ship (self, target);
      /* Destroyed earlier in this phase (F-SEQ-2), after the orders were written. */
      if (!_adm_battle_ship_on_table (self, target))
        {
          _adm_battle_report (self, ADM_ABOUT_SHIPS (target, g_array_index (tubes, Tube, 0).ship),
                              _("%s is already destroyed; %s holds its torpedoes."),
                              t->name, first->name);
          return TRUE;
        }
      if (t->side == first->side)
        {
          _adm_battle_illegal (self, error, decl->line, _("%s and %s are on the same side"),
                               first->name, t->name);
          return FALSE;
        }
      /* F-ECM-2: an undetected formation is not on this side's table. */
      if (adm_battle_get_detection (self, first->side, t->formation) == ADM_DETECTION_NONE)
        {
          _adm_battle_illegal (self, error, decl->line,
                               _("%s has not detected %s and cannot launch at it (F-ECM-2)"),
                               adm_battle_get_side (self, first->side)->name, t->name);
          return FALSE;
        }
    }
  if (!check_tubes (self, decl, tubes, target, heading, firing, &formation, error))
    return FALSE;
  if (firing->len == 0)
    return TRUE;

  /* F-FORM-13 ("salvo-marker"): the range is measured from the ship farthest from the
   * target, and the salvo's marker is placed there. */
  far = farthest_ship (self, firing, target, heading);
  for (guint i = 0; i < firing->len; i++)
    {
      const Tube *tube = &g_array_index (firing, Tube, i);
      AdmBattleShip *s = _adm_battle_ship (self, tube->ship);

      shortest = MIN (shortest, tube_weapon (self, tube)->range);
      g_string_append (names, names->len > 0 ? ", " : "");
      /* Translators: a ship's weapon, "Vorberg's Main battery" */
      g_string_append_printf (names, _("%s's %s"), s->name, tube_weapon (self,
                              tube)->name);
      g_array_append_val (about, (guint32) { ADM_SUBJECT_SHIP_OF (tube->ship) });
    }
  if (target >= 0)
    g_array_append_val (about, (guint32) { ADM_SUBJECT_SHIP_OF (target) });
  if (target >= 0)
    {
      double distance = adm_distance (_adm_battle_ship (self, far)->position,
                                      _adm_battle_ship (self, target)->position);

      if (distance > shortest + EPSILON)
        {
          _adm_battle_illegal (self, error, decl->line,
                               _("%s is %.1f cm from %s, the launching ship farthest from it, "
                                 "beyond the %d cm range of the tubes (F-FORM-13)"),
                               _adm_battle_ship_name (self, target), distance,
                               _adm_battle_ship_name (self, far), shortest);
          return FALSE;
        }
      heading = adm_bearing (_adm_battle_ship (self, far)->position,
                             _adm_battle_ship (self, target)->position);
    }

  if (_adm_battle_ruling_is (self, "salvo-marker", "one-per-ship"))
    {
      for (guint i = 0; i < firing->len; i++)
        {
          guint ship = g_array_index (firing, Tube, i).ship;
          gboolean first = TRUE;

          for (guint t = 0; t < i; t++)
            first &= g_array_index (firing, Tube, t).ship != ship;
          /* Each marker aimed at the target from its own ship, or on the heading. */
          if (first)
            place_salvo (self, firing, ship, ship,
                         target >= 0 ? adm_bearing (_adm_battle_ship (self, ship)->position,
                                                    _adm_battle_ship (self, target)->position)
                                     : heading, placed);
        }
    }
  else
    place_salvo (self, firing, -1, far, heading, placed);

  for (guint i = 0; i < firing->len; i++)
    {
      const Tube *tube = &g_array_index (firing, Tube, i);
      AdmBattleShip *s = _adm_battle_ship (self, tube->ship);

      s->fired |= 1u << tube->weapon;
      /* F-TORP-1 ("torpedo-reload"): launched in turn N, ready again in turn N + 2. */
      s->tubes_ready = turn + 2;
    }
  reveal (self, formation);
  /* F-WPN-10, F-FIRE-3: declared now, the marker placed; it runs in the torpedo phase. */
  _adm_battle_report (self, ADM_ABOUT_ARRAY (about),
                      _("%s launch on heading %.0f°%s%s:%s (F-WPN-10)."), names->str,
                      adm_heading_normalise (heading), target >= 0 ? _(" at ") : "",
                      target >= 0 ? _adm_battle_ship_name (self, target) : "", placed->str);
  return TRUE;
}

/* Fire phase: "Prepare to launch" (F-TORP-2) */

static gboolean
has_tubes (const AdmShipClass *klass)
{
  for (guint w = 0; w < klass->weapons->len; w++)
    if (((AdmWeapon *) g_ptr_array_index (klass->weapons, w))->type == ADM_WEAPON_TORPEDO)
      return TRUE;
  return FALSE;
}

static gboolean
prepare_to_launch (AdmBattle           *self,
                   const AdmOrderDecl  *decl,
                   GError             **error)
{
  const char *id = adm_order_decl_get (decl, "ship");
  int ship = adm_battle_ship_index (self, id);
  int turn = adm_battle_get_turn (self);
  AdmBattleShip *s;
  gboolean passed;

  if (ship < 0)
    {
      _adm_battle_illegal (self, error, decl->line, _("there is no ship “%s” in this battle"),
                           id);
      return FALSE;
    }
  s = _adm_battle_ship (self, ship);
  if (!has_tubes (s->klass))
    {
      _adm_battle_illegal (self, error, decl->line,
                           _("%s (%s) has no torpedo tubes to prepare (F-TORP-2)"), s->name,
                           s->klass->name);
      return FALSE;
    }
  if (s->no_orders_turn == turn)
    {
      _adm_battle_illegal (self, error, decl->line,
                           _("%s reinforced its shields last turn and may not take another "
                             "combat order this turn (F-FORD-9)"), s->name);
      return FALSE;
    }
  if (s->tubes_ready <= turn + 1)
    {
      _adm_battle_illegal (self, error, decl->line,
                           _("%s's tubes are ready by next turn without the order: it prepares "
                             "tubes that are reloading after a launch (F-TORP-1, F-TORP-2)"),
                           s->name);
      return FALSE;
    }
  if (!_adm_battle_ship_active (self, ship))
    {
      _adm_battle_report (self, ADM_ABOUT_SHIP (ship),
                          _("%s is out of action and prepares nothing."), s->name);
      return TRUE;
    }
  /* F-TORP-2 ("prepare-to-launch"): a readiness check against 2d6 in this fire phase; passed,
   * the tubes launch again next turn, in its fire phase (F-FIRE-3). */
  if (!_adm_battle_readiness_check (self, ship,
                                    adm_ruleset_get_dice (self->ruleset, ADM_DICE_READINESS),
                                    adm_battle_ship_readiness (self, ship),
                                    "F-TORP-2", _("preparing to launch"), &passed, error))
    return FALSE;
  s = _adm_battle_ship (self, ship);
  if (passed)
    {
      s->tubes_ready = turn + 1;
      _adm_battle_report (self, ADM_ABOUT_SHIP (ship),
                          _("%s's tubes will be ready to launch in turn %d (F-TORP-2)."),
                          s->name, turn + 1);
    }
  else
    {
      /* F-BOARD-6: a ship that failed to execute an order. */
      s->failed_order_turn = turn;
      _adm_battle_report (self, ADM_ABOUT_SHIP (ship),
                          _("%s's tubes reload in the usual time, ready in turn %d "
                            "(F-TORP-1)."), s->name, s->tubes_ready);
    }
  return TRUE;
}

gboolean
_adm_battle_torpedo_fire_orders (AdmBattle  *self,
                                 GError    **error)
{
  g_autoptr(GPtrArray) shots = _adm_battle_decls (self, "fire-at-salvo");
  g_autoptr(GPtrArray) launches = _adm_battle_decls (self, "launch");
  g_autoptr(GPtrArray) prepares = _adm_battle_decls (self, "prepare-to-launch");

  /* F-WPN-14: fire at the salvoes already on the table, then new launches (F-WPN-10), then
   * "Prepare to launch" for the tubes just emptied (F-TORP-2); each in document order. */
  for (guint i = 0; i < shots->len; i++)
    if (!fire_at_salvo (self, g_ptr_array_index (shots, i), error))
      return FALSE;
  for (guint i = 0; i < launches->len; i++)
    if (!launch (self, g_ptr_array_index (launches, i), error))
      return FALSE;
  for (guint i = 0; i < prepares->len; i++)
    if (!prepare_to_launch (self, g_ptr_array_index (prepares, i), error))
      return FALSE;
  return TRUE;
}

/* Torpedo phase: covers and steering declared for it */

static gboolean
read_covers (AdmBattle  *self,
             GArray     *covers,
             GError    **error)
{
  g_autoptr(GPtrArray) decls = _adm_battle_decls (self, "cover");

  for (guint d = 0; d < decls->len; d++)
    {
      const AdmOrderDecl *decl = g_ptr_array_index (decls, d);
      const char *covered_id = adm_order_decl_get (decl, "ship");
      int covered = adm_battle_ship_index (self, covered_id);
      g_autoptr(GArray) guns = g_array_new (FALSE, FALSE, sizeof (Tube));

      if (covered < 0)
        {
          _adm_battle_illegal (self, error, decl->line,
                               _("there is no ship “%s” in this battle"), covered_id);
          return FALSE;
        }
      if (!_adm_battle_ship_on_table (self, covered))
        {
          _adm_battle_report (self, ADM_ABOUT_SHIP (covered),
                              _("%s is destroyed: there is nothing left to cover."),
                              _adm_battle_ship_name (self, covered));
          continue;
        }
      if (!parse_tubes (self, decl, guns, error))
        return FALSE;
      for (guint i = 0; i < guns->len; i++)
        {
          const Tube *gun = &g_array_index (guns, Tube, i);
          const AdmBattleShip *s = _adm_battle_ship (self, gun->ship);
          const AdmWeapon *weapon = tube_weapon (self, gun);
          double distance = adm_distance (s->position, _adm_battle_ship (self, covered)->position);
          Cover cover = { gun->ship, gun->weapon, covered, 0, 0, FALSE };

          for (guint c = 0; c < covers->len; c++)
            if (g_array_index (covers, Cover, c).escort == gun->ship &&
                g_array_index (covers, Cover, c).weapon == gun->weapon)
              {
                _adm_battle_illegal (self, error, decl->line,
                                     _("%s's %s already covers a ship in this phase"), s->name,
                                     weapon->name);
                return FALSE;
              }
          /* F-TORP-14 ("escort-cover"): all the guns of escorts, within their range of the
           * covered ship, and not fired in this turn's fire phase. */
          if (s->klass->category != ADM_CATEGORY_ESCORT ||
              (weapon->type != ADM_WEAPON_ARTILLERY && weapon->type != ADM_WEAPON_DESTRUCTOR))
            _adm_battle_illegal (self, error, decl->line,
                                 _("%s's %s cannot cover: only the guns of escorts cover ships "
                                   "against torpedoes (F-TORP-14)"), s->name, weapon->name);
          else if (s->side != _adm_battle_ship (self, covered)->side)
            _adm_battle_illegal (self, error, decl->line, _("%s and %s are not on the same side"),
                                 s->name, _adm_battle_ship_name (self, covered));
          else if (s->fired & (1u << gun->weapon))
            _adm_battle_illegal (self, error, decl->line,
                                 _("%s's %s fired in this turn's fire phase and cannot cover "
                                   "(F-TORP-14)"), s->name, weapon->name);
          else if (distance > weapon->range + EPSILON)
            _adm_battle_illegal (self, error, decl->line,
                                 _("%s is %.1f cm from %s, beyond the %d cm range of its %s "
                                   "(F-TORP-14)"), _adm_battle_ship_name (self, covered),
                                 distance, s->name, weapon->range, weapon->name);
          else
            {
              if (!_adm_battle_ship_active (self, gun->ship))
                _adm_battle_report (self, ADM_ABOUT_SHIP (gun->ship),
                                    _("%s is out of action and covers nothing."),
                                    s->name);
              else
                {
                  cover.dice = gun_firepower (self, gun->ship, weapon);
                  cover.full = weapon->firepower;
                  g_array_append_val (covers, cover);
                }
              continue;
            }
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
read_steers (AdmBattle  *self,
             GArray     *runners,
             GError    **error)
{
  g_autoptr(GPtrArray) decls = _adm_battle_decls (self, "steer");
  gboolean per_turn = _adm_battle_ruling_is (self, "torpedo-steer", "once-per-turn");

  for (guint d = 0; d < decls->len; d++)
    {
      const AdmOrderDecl *decl = g_ptr_array_index (decls, d);
      const char *after_text = adm_order_decl_get (decl, "after");
      gboolean gone;
      int index = find_salvo (self, adm_order_decl_get (decl, "salvo"), &gone);
      const char *degrees_text = adm_order_decl_get (decl, "degrees");
      double degrees = degrees_text != NULL ? g_ascii_strtod (degrees_text, NULL) : 0;
      double after = after_text != NULL ? g_ascii_strtod (after_text, NULL) : 0;
      Runner *runner = NULL;
      const AdmTorpedoSalvo *v;

      if (index >= 0 && gone)
        {
          _adm_battle_report (self, ADM_ABOUT_NOTHING, _("Salvo %d is gone and does not turn."),
                              salvo_at (self, index)->id);
          continue;
        }
      for (guint r = 0; r < runners->len && index >= 0; r++)
        if (g_array_index (runners, Runner, r).index == (guint) index)
          runner = &g_array_index (runners, Runner, r);
      if (degrees_text == NULL)
        {
          _adm_battle_illegal (self, error, decl->line, _("a steer names no degrees"));
          return FALSE;
        }
      if (runner == NULL)
        {
          _adm_battle_illegal (self, error, decl->line,
                               _("there is no torpedo salvo %s on the table to steer"),
                               adm_order_decl_get (decl, "salvo"));
          return FALSE;
        }
      v = salvo_at (self, index);
      /* F-TORP-5 ("torpedo-steer"): from the second turn of its run, once, by at most 45°,
       * at any point of that turn's run. */
      if (v->launched >= adm_battle_get_turn (self))
        _adm_battle_illegal (self, error, decl->line,
                             _("salvo %d runs straight in its first turn; it may turn from its "
                               "second (F-TORP-5)"), v->id);
      else if (fabs (degrees) > 45 + EPSILON)
        _adm_battle_illegal (self, error, decl->line,
                             _("salvo %d may turn by at most 45°, not %g° (F-TORP-5)"), v->id,
                             degrees);
      else if (runner->steer || (!per_turn && v->steered))
        _adm_battle_illegal (self, error, decl->line,
                             per_turn ? _("salvo %d may turn once in a turn (F-TORP-5)")
                                      : _("salvo %d has already made its one turn (F-TORP-5)"),
                             v->id);
      else if (after < 0 || after > v->speed + EPSILON)
        _adm_battle_illegal (self, error, decl->line,
                             _("salvo %d runs %d cm in a turn: it cannot turn after %g cm "
                               "(F-TORP-5)"), v->id, v->speed, after);
      else
        {
          runner->steer = TRUE;
          runner->steer_degrees = degrees;
          runner->steer_after = after;
          continue;
        }
      return FALSE;
    }
  return TRUE;
}

/* Torpedo phase: a salvo strikes a ship (F-TORP-6, F-TORP-7, F-TORP-8, F-TORP-9, F-TORP-13,
 * F-TORP-14, F-TORP-15, F-TORP-16, F-TORP-17, F-WPN-13, F-WPN-14, F-WPN-15, F-WPN-16, F-WPN-17) */

/* F-TORP-13, F-TORP-14, F-TORP-16, F-TORP-17: the anti-torpedo fire that meets salvo @index
 * at @ship; @destroyed gets the torpedoes shot down. */
static gboolean
anti_torpedo_fire (AdmBattle  *self,
                   guint       index,
                   guint       ship,
                   GArray     *covers,
                   int        *destroyed,
                   GError    **error)
{
  g_autoptr(GArray) pool = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GString) line = g_string_new (NULL);
  AdmBattleShip *t = _adm_battle_ship (self, ship);
  int id = salvo_at (self, index)->id, turrets, cover_dice = 0, cover_full = 0, successes = 0;
  int turn = adm_battle_get_turn (self);
  int hit = _adm_battle_turret_hit (self);

  *destroyed = 0;
  /* F-CAT-7: a hulk has no anti-torpedo defence, and nobody covers it. */
  if (!_adm_battle_ship_active (self, ship))
    return TRUE;
  turrets = _adm_battle_turret_pool_ships (self, ship, pool);
  for (guint c = 0; c < covers->len; c++)
    {
      Cover *cover = &g_array_index (covers, Cover, c);

      if (cover->covered == ship && !cover->used && _adm_battle_ship_active (self, cover->escort))
        {
          cover_dice += cover->dice;
          cover_full += cover->full;
        }
    }
  if (turrets == 0 && t->klass->turrets > 0)
    _adm_battle_report (self, ADM_ABOUT_SHIP (ship),
                        _("The turrets of %s have already met a wave in this phase "
                          "(F-TORP-16)."), t->name);
  if (turrets + cover_dice == 0)
    return TRUE;

  if (turrets > 0)
    {
      g_autoptr(GString) shown = g_string_new (NULL);
      g_autofree char *purpose =
        g_strdup_printf (_("anti-torpedo turrets defending %s against salvo %d, %d+ destroys a "
                           "torpedo"), t->name, id, hit);
      int hits = _adm_battle_turret_dice (self, ADM_ABOUT_SHIP (ship),
                                          turrets, "F-TORP-13", purpose, shown, error);

      if (hits < 0)
        return FALSE;
      successes += hits;
      g_string_append_printf (line, ngettext ("Anti-torpedo turrets defending %s: %d die (%s) at "
                                              "%d+",
                                              "Anti-torpedo turrets defending %s: %d dice (%s) "
                                              "at %d+", turrets),
                              t->name, turrets, shown->str, hit);
      g_string_append_printf (line, ngettext (" — %d hit", " — %d hits", hits), hits);
      /* F-TORP-16: these turrets have met their wave for this phase. */
      for (guint i = 0; i < pool->len; i++)
        _adm_battle_ship (self, g_array_index (pool, guint, i))->turrets_used = TRUE;
    }
  if (cover_dice > 0)
    {
      g_autoptr(GString) shown = g_string_new (NULL);
      g_autofree char *purpose =
        g_strdup_printf (_("escort guns covering %s against salvo %d, %d+ destroys a torpedo"),
                         t->name, id, hit);
      int hits = turret_dice_halved (self, ADM_ABOUT_SHIP (ship),
                                     cover_dice, cover_full, "F-TORP-14", purpose, shown,
                                     error);

      if (hits < 0)
        return FALSE;
      successes += hits;
      g_string_append_printf (line, ngettext ("%sescort guns covering %s: %d die (%s) at %d+",
                                              "%sescort guns covering %s: %d dice (%s) at %d+",
                                              cover_dice),
                              line->len > 0 ? "; " : "", t->name, cover_dice, shown->str, hit);
      g_string_append_printf (line, ngettext (" — %d hit", " — %d hits", hits), hits);
      for (guint c = 0; c < covers->len; c++)
        {
          Cover *cover = &g_array_index (covers, Cover, c);
          AdmBattleShip *escort = _adm_battle_ship (self, cover->escort);

          if (cover->covered != ship || cover->used || !_adm_battle_ship_active (self, cover->escort))
            continue;
          /* F-TORP-15: the guns used cannot fire in the next turn's fire phase; the ship
           * card — the state — remembers it. */
          cover->used = TRUE;
          if (escort->covering_turn != turn + 1)
            escort->covering_weapons = 0;
          escort->covering_turn = turn + 1;
          escort->covering_weapons |= 1u << cover->weapon;
        }
    }
  *destroyed = MIN (successes, salvo_at (self, index)->torpedoes);
  _adm_battle_report (self, ADM_ABOUT_SHIP (ship),
                      ngettext ("%s: %d torpedo of salvo %d destroyed.",
                                "%s: %d torpedoes of salvo %d destroyed.", *destroyed),
                      line->str, *destroyed, id);
  return TRUE;
}

static gboolean
strike (AdmBattle  *self,
        guint       index,
        guint       ship,
        GArray     *covers,
        GError    **error)
{
  const AdmBattleShip *t = _adm_battle_ship (self, ship);
  g_autoptr(GString) line = g_string_new (NULL);
  g_autoptr(GString) shown = g_string_new (NULL);
  g_autofree guint *values = NULL;
  int id = salvo_at (self, index)->id, armour = t->klass->armour, destroyed, n, hits, damage;
  guint roll;

  /* F-WPN-13, F-TORP-6: the marker touches the ship's token: the torpedoes acquire it.
   * F-CAT-5: a wreck's hull is struck like any ship. */
  _adm_battle_report (self, ADM_ABOUT_SHIP (ship),
                      ngettext ("Salvo %d, %d torpedo, reaches %s (F-TORP-6).",
                                "Salvo %d, %d torpedoes, reaches %s (F-TORP-6).",
                                salvo_at (self, index)->torpedoes),
                      id, salvo_at (self, index)->torpedoes, t->name);
  salvo_at (self, index)->struck = ship + 1;
  if (!anti_torpedo_fire (self, index, ship, covers, &destroyed, error))
    return FALSE;
  remove_torpedoes (self, index, destroyed);
  n = salvo_at (self, index)->torpedoes;
  if (n == 0)
    return TRUE;

  /* F-TORP-7, F-WPN-16: a d6 per torpedo; at or above the armour, a damage (F-CAT-8: a hulk
   * keeps its armour). F-TORP-9, F-WPN-15, F-SHLD-4: shields neither stop torpedoes nor are
   * used up by them. */
  values = g_new0 (guint, n);
  roll = self->rolls->len;
  if (!_adm_battle_roll (self, ADM_ABOUT_SHIP (ship), n, 6, "F-TORP-7", values, error,
                         _("salvo %d against %s, %d+ damages"), id, t->name, armour))
    return FALSE;
  _adm_battle_judge_roll (self, 0, ADM_ROLL_CHECK_EACH_AT_LEAST, armour, _("armour"));
  _adm_battle_roll_kind (self, ADM_ROLL_KIND_STRUCK);
  hits = (int) adm_roll_check_count_at_least (values, n, armour, shown);
  damage = hits;
  g_string_append_printf (line, ngettext ("Salvo %d strikes %s: %d die (%s) at %d+",
                                          "Salvo %d strikes %s: %d dice (%s) at %d+", n),
                          id, _adm_battle_ship_name (self, ship), n, shown->str, armour);
  g_string_append_printf (line, ngettext (" — %d hit, shields do not stop torpedoes",
                                          " — %d hits, shields do not stop torpedoes", hits),
                          hits);
  if (!_adm_battle_special_save (self, ship, &damage, line, error))
    return FALSE;
  g_string_append_printf (line, _(", %d damage."), damage);
  _adm_battle_report (self, ADM_ABOUT_SHIP (ship), "%s", line->str);
  _adm_battle_roll_torpedo_damage (self, roll, ship, n, adm_battle_ship_shield_save_on (self, ship),
                                   damage);
  /* F-TORP-8, F-WPN-17: the torpedoes that missed fly on along the line. */
  if (n > hits)
    _adm_battle_report (self, ADM_ABOUT_NOTHING,
                        ngettext ("%d torpedo of salvo %d misses and flies on (F-TORP-8).",
                                  "%d torpedoes of salvo %d miss and fly on (F-TORP-8).",
                                  n - hits), n - hits, id);
  remove_torpedoes (self, index, hits);
  /* F-WPN-16: criticals on the ruleset's number; F-CAT-6: a hulk hit rolls the catastrophic
   * table again. */
  return _adm_battle_inflict_from (self, ship, damage, ADM_CRITICAL_SOURCE_TORPEDO, error);
}

/* Torpedo phase: the run (F-TORP-3, F-TORP-4, F-TORP-5, F-TORP-10, F-TORP-11, F-TORP-12, F-WPN-11,
 * F-WPN-12) */

/* F-TORP-10 ("torpedo-friendly"): which ships the salvo's torpedoes pass by. */
static gboolean
passes_by (AdmBattle             *self,
           const AdmTorpedoSalvo *v,
           guint                  ship)
{
  const AdmBattleShip *s = _adm_battle_ship (self, ship);

  if (_adm_battle_ruling_is (self, "torpedo-friendly", "launching-formation"))
    return v->ship >= 0 && s->formation == _adm_battle_ship (self, v->ship)->formation;
  return s->side == v->side;
}

/* F-TORP-3, F-TORP-6: the torpedoes run along their line from @a to @b and reach only what
 * lies on it. A ship whose base the marker already touches at @a (an enemy in base contact
 * with the launcher, whose centre the marker starts on) is reached only when the line runs
 * on into it, not when it lies behind or square beside the start. */
static gboolean
runs_into (AdmPoint a,
           AdmPoint b,
           AdmPoint t)
{
  return (t.x - a.x) * (b.x - a.x) + (t.y - a.y) * (b.y - a.y) > 0.0;
}

static int
compare_events (gconstpointer a,
                gconstpointer b)
{
  const Event *x = a, *y = b;

  if (x->distance < y->distance - EPSILON)
    return -1;
  if (x->distance > y->distance + EPSILON)
    return 1;
  if (x->marker != y->marker)
    return x->marker ? -1 : 1;
  return x->index < y->index ? -1 : x->index > y->index;
}

/* Runs salvo @r from @a to @b, meeting what lies on the way in order of distance. */
static gboolean
run_leg (AdmBattle  *self,
         Runner     *r,
         AdmPoint    a,
         AdmPoint    b,
         GArray     *covers,
         GError    **error)
{
  g_autoptr(GArray) events = g_array_new (FALSE, FALSE, sizeof (Event));
  AdmTorpedoSalvo *v = salvo_at (self, r->index);

  v->position = b;
  for (guint m = 0; m < adm_battle_get_n_markers (self); m++)
    {
      const AdmBattleMarker *marker = adm_battle_get_marker (self, m);
      Event event = { 0, TRUE, m };

      if (marker->kind != ADM_MARKER_EXPLOSION || garray_has (r->markers_met, m))
        continue;
      event.distance = adm_contact_distance (a, b, 0, marker->position, marker->diameter);
      if (event.distance >= 0)
        g_array_append_val (events, event);
    }
  for (guint i = 0; i < _adm_battle_n_ships (self); i++)
    {
      const AdmBattleShip *s = _adm_battle_ship (self, i);
      Event event = { 0, FALSE, i };

      if (!_adm_battle_ship_on_table (self, i) || garray_has (r->touching, i) ||
          v->struck == (int) i + 1 || passes_by (self, v, i))
        continue;
      event.distance = adm_contact_distance (a, b, ADM_SALVO_DIAMETER, s->position,
                                             _adm_battle_base_size (self, i));
      if (event.distance >= 0 && (event.distance > 0 || runs_into (a, b, s->position)))
        g_array_append_val (events, event);
    }
  g_array_sort (events, compare_events);

  for (guint e = 0; e < events->len; e++)
    {
      const Event *event = &g_array_index (events, Event, e);

      if (salvo_at (self, r->index)->spent)
        break;
      if (event->marker)
        {
          g_array_append_val (r->markers_met, event->index);
          if (!premature (self, r->index, FALSE, 0, error))
            return FALSE;
        }
      else
        {
          /* The ship may have been destroyed by this salvo's earlier hits' explosions. */
          if (!_adm_battle_ship_on_table (self, event->index))
            continue;
          g_array_append_val (r->touching, event->index);
          if (!strike (self, r->index, event->index, covers, error))
            return FALSE;
        }
      if (salvo_at (self, r->index)->spent)
        salvo_at (self, r->index)->position =
          adm_point_advance (a, adm_bearing (a, b), event->distance);
    }
  return TRUE;
}

/* One slice of the run of @r. */
static gboolean
run_slice (AdmBattle  *self,
           Runner     *r,
           GArray     *covers,
           GError    **error)
{
  AdmTorpedoSalvo *v = salvo_at (self, r->index);
  double step = v->speed / (double) TICKS;
  AdmPoint from = v->position;

  r->last = from;
  /* F-TORP-5: the one turn, at the declared point of this turn's run. */
  if (r->steer && r->run + step >= r->steer_after - EPSILON)
    {
      double first = MAX (0, r->steer_after - r->run);
      AdmPoint mid = adm_point_advance (from, v->heading, first);

      if (!run_leg (self, r, from, mid, covers, error))
        return FALSE;
      r->run += first;
      step -= first;
      from = mid;
      v = salvo_at (self, r->index);
      r->steer = FALSE;
      if (v->spent)
        return TRUE;
      v->steered = TRUE;
      v->heading = adm_heading_normalise (v->heading + r->steer_degrees);
      _adm_battle_report (self, ADM_ABOUT_NOTHING,
                          _("Salvo %d turns %+g° onto heading %.0f° after %g cm "
                            "(F-TORP-5)."), v->id, r->steer_degrees, v->heading,
                          r->steer_after);
    }
  /* F-TORP-3, F-WPN-11: straight on along its line. */
  if (!run_leg (self, r, from, adm_point_advance (from, v->heading, step), covers, error))
    return FALSE;
  r->run += step;
  return TRUE;
}

/* F-TORP-12: oncoming salvoes of different sides whose markers touch in this slice. */
static gboolean
meetings (AdmBattle  *self,
          GArray     *runners,
          GHashTable *met,
          GError    **error)
{
  for (guint i = 0; i < runners->len; i++)
    for (guint j = i + 1; j < runners->len; j++)
      {
        Runner *a = &g_array_index (runners, Runner, i);
        Runner *b = &g_array_index (runners, Runner, j);
        AdmTorpedoSalvo *va = salvo_at (self, a->index), *vb = salvo_at (self, b->index);
        gpointer key = GUINT_TO_POINTER (i * runners->len + j + 1);
        AdmPoint before = { a->last.x - b->last.x, a->last.y - b->last.y };
        AdmPoint now = { va->position.x - vb->position.x, va->position.y - vb->position.y };
        int id_a = va->id, id_b = vb->id;

        if (va->spent || vb->spent || va->side == vb->side || g_hash_table_contains (met, key) ||
            !adm_segment_meets_circle (before, now, (AdmPoint) { 0, 0 }, ADM_SALVO_DIAMETER))
          continue;
        g_hash_table_add (met, key);
        /* Both salvoes' scanners react, so both roll. */
        if (!premature (self, a->index, TRUE, id_b, error) ||
            !premature (self, b->index, TRUE, id_a, error))
          return FALSE;
      }
  return TRUE;
}

/* What each salvo's marker touches at the end of a slice; a salvo clear of the ship it
 * struck may strike it again after turning back. */
static void
update_touching (AdmBattle *self,
                 Runner    *r)
{
  AdmTorpedoSalvo *v = salvo_at (self, r->index);

  g_array_set_size (r->touching, 0);
  for (guint i = 0; i < _adm_battle_n_ships (self); i++)
    if (_adm_battle_ship_on_table (self, i) &&
        adm_bases_touch (v->position, ADM_SALVO_DIAMETER, _adm_battle_ship (self, i)->position,
                         _adm_battle_base_size (self, i)))
      g_array_append_val (r->touching, i);
  if (v->struck > 0 && !garray_has (r->touching, v->struck - 1))
    v->struck = 0;
}

static void
runner_clear (Runner *r)
{
  g_clear_pointer (&r->touching, g_array_unref);
  g_clear_pointer (&r->markers_met, g_array_unref);
}

static gboolean
run_all (AdmBattle  *self,
         GArray     *runners,
         GArray     *covers,
         GError    **error)
{
  g_autoptr(GHashTable) met = g_hash_table_new (NULL, NULL);

  for (int tick = 0; tick < TICKS; tick++)
    {
      for (guint i = 0; i < runners->len; i++)
        {
          Runner *r = &g_array_index (runners, Runner, i);

          r->last = salvo_at (self, r->index)->position;
          if (!salvo_at (self, r->index)->spent && !run_slice (self, r, covers, error))
            return FALSE;
        }
      if (!meetings (self, runners, met, error))
        return FALSE;
      for (guint i = 0; i < runners->len; i++)
        update_touching (self, &g_array_index (runners, Runner, i));
    }
  /* F-TORP-4, F-WPN-12 ("torpedo-turns"): its turns used up, the salvo detonates. */
  for (guint i = 0; i < runners->len; i++)
    {
      AdmTorpedoSalvo *v = salvo_at (self, g_array_index (runners, Runner, i).index);

      if (v->spent)
        continue;
      v->turns_left--;
      if (v->turns_left <= 0)
        {
          v->spent = TRUE;
          _adm_battle_report (self, ADM_ABOUT_NOTHING,
                              ngettext ("Salvo %d has run its course and its %d torpedo "
                                        "detonates (F-TORP-4).",
                                        "Salvo %d has run its course and its %d torpedoes "
                                        "detonate (F-TORP-4).", v->torpedoes),
                              v->id, v->torpedoes);
        }
      else
        {
          g_autofree char *left = g_strdup_printf (ngettext ("%d turn left", "%d turns left",
                                                             v->turns_left), v->turns_left);

          _adm_battle_report (self, ADM_ABOUT_NOTHING,
                              ngettext ("Salvo %d, %d torpedo, runs on to (%.1f, %.1f); "
                                        "%s.",
                                        "Salvo %d, %d torpedoes, runs on to (%.1f, %.1f); "
                                        "%s.", v->torpedoes),
                              v->id, v->torpedoes, v->position.x, v->position.y, left);
        }
    }
  return TRUE;
}

gboolean
_adm_battle_torpedoes_run (AdmBattle  *self,
                           GError    **error)
{
  g_autoptr(GArray) covers = g_array_new (FALSE, FALSE, sizeof (Cover));
  g_autoptr(GArray) runners = g_array_new (FALSE, TRUE, sizeof (Runner));
  gboolean ok;

  g_array_set_clear_func (runners, (GDestroyNotify) runner_clear);
  for (guint i = 0; i < self->state->salvos->len; i++)
    {
      const AdmTorpedoSalvo *v = salvo_at (self, i);
      Runner r = { 0 };

      if (v->spent || v->torpedoes <= 0)
        continue;
      r.index = i;
      r.last = v->position;
      r.touching = g_array_new (FALSE, FALSE, sizeof (guint));
      r.markers_met = g_array_new (FALSE, FALSE, sizeof (guint));
      g_array_append_val (runners, r);
    }
  ok = read_covers (self, covers, error) && read_steers (self, runners, error) &&
       run_all (self, runners, covers, error);
  /* Every unused cover simply lapses: the guns were not needed (F-TORP-15 binds only guns
   * used). The turrets are whole again for anyone who looks before the next phase. */
  for (guint i = 0; i < _adm_battle_n_ships (self); i++)
    _adm_battle_ship (self, i)->turrets_used = FALSE;
  return ok;
}
