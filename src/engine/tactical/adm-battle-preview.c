/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-battle-preview.c: previews of the declarations of a turn (adm-battle-preview.h). The
 * rules stay in the phases: the movement preview asks the movement phase's own checks
 * (adm-battle-movement.c), the fire preview and the list of targets the fire phase's
 * (adm-battle-fire.c), the boarding preview and its targets the boarding declaration's check
 * and the end stage's potentials and modifiers (adm-battle-boarding.c), and the dry run
 * resolves the phases themselves. Each works on a
 * snapshot of the battle and gives it back exactly as it was. Only the odds are worked out
 * here, from the numbers the fire phase would look up (adm-odds.h). */

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "adm-battle-private.h"
#include "adm-dice-prng.h"
#include "adm-odds.h"

/* The dice of the fire-phase combat orders in a preview (a F-FORD-6 check), which decide
 * nothing the preview shows: any fixed seed does. */
#define PREVIEW_SEED 0x50726576696577

void
adm_move_preview_clear (AdmMovePreview *preview)
{
  g_return_if_fail (preview != NULL);

  g_free (preview->reason);
  g_clear_pointer (&preview->path, g_array_unref);
  g_clear_pointer (&preview->ships, g_array_unref);
  g_clear_pointer (&preview->ends, g_array_unref);
  memset (preview, 0, sizeof *preview);
}

/* @share as a master writes it: "1/2", "3/5"; a share no small fraction gives, in per cent. */
static char *
share_words (double share)
{
  for (int q = 2; q <= 12; q++)
    {
      double p = round (share * q);

      if (p >= 1 && fabs (p / q - share) < 1e-9)
        return g_strdup_printf ("%.0f/%d", p, q);
    }
  /* Translators: a share of a ship's move, "62 %" */
  return g_strdup_printf (_("%.0f %%"), share * 100);
}

static char *
length_words (double          cm,
              AdmLengthFormat format,
              gpointer        data)
{
  /* Translators: a length on the table, "10 cm" */
  return format != NULL ? format (cm, data) : g_strdup_printf (_("%g cm"), cm);
}

char *
adm_turn_after_words (double          share,
                      gboolean        of_speed,
                      double          of_cm,
                      AdmLengthFormat format,
                      gpointer        data)
{
  g_autofree char *needed = NULL;
  g_autofree char *of = NULL;
  g_autofree char *fraction = NULL;

  if (share <= 0)
    return NULL;
  needed = length_words (share * of_cm, format, data);
  if (of_speed && share >= 1)
    /* Translators: where a monitor's first turn may come (F-MOVE-12), after "first turn
     * after"; %s is a length */
    return g_strdup_printf (_("its full speed (%s)"), needed);
  if (share >= 1)
    /* Translators: after "first turn after"; %s is a length */
    return g_strdup_printf (_("all of the move (%s)"), needed);
  fraction = share_words (share);
  of = length_words (of_cm, format, data);
  if (of_speed)
    /* Translators: after "first turn after": "1/2 of its speed (5 cm of 10 cm)" */
    return g_strdup_printf (_("%s of its speed (%s of %s)"), fraction, needed, of);
  /* Translators: after "first turn after": "1/2 of the move (5 cm of 10 cm)"; the share is of
   * the whole move declared, so it grows as the course does (F-MOVE-8) */
  return g_strdup_printf (_("%s of the move (%s of %s)"), fraction, needed, of);
}

char *
adm_move_preview_turn_after_words (const AdmMovePreview *preview,
                                   AdmLengthFormat       format,
                                   gpointer              data)
{
  g_return_val_if_fail (preview != NULL, NULL);

  return adm_turn_after_words (preview->turn_share, preview->turn_of_speed, preview->turn_of,
                               format, data);
}

void
adm_fire_preview_clear (AdmFirePreview *preview)
{
  g_return_if_fail (preview != NULL);

  g_free (preview->reason);
  g_free (preview->aspect);
  g_free (preview->shields_from);
  g_free (preview->no_damage_reason);
  g_clear_pointer (&preview->artillery, adm_fire_odds_free);
  g_clear_pointer (&preview->destructors, adm_fire_odds_free);
  memset (preview, 0, sizeof *preview);
}

/* Movement */

gboolean
adm_battle_preview_move (AdmBattle            *self,
                         const AdmTurnOrders  *orders,
                         const char           *formation,
                         AdmMovePreview       *preview,
                         GError              **error)
{
  AdmBattleSnapshot snapshot;
  int index;
  gboolean ok;

  g_return_val_if_fail (ADM_IS_BATTLE (self), FALSE);
  g_return_val_if_fail (formation != NULL, FALSE);
  g_return_val_if_fail (preview != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  memset (preview, 0, sizeof *preview);
  index = adm_battle_formation_index (self, formation);
  if (index < 0)
    {
      g_set_error (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_INVALID,
                   _("there is no formation “%s” in this battle"), formation);
      return FALSE;
    }
  /* The movement code reads the declarations from
   * self->orders; on a low-orbit map the preview carries the move out on the snapshot. */
  _adm_battle_snapshot_take (self, &snapshot);
  self->orders = orders;
  self->dice = NULL;
  ok = _adm_battle_preview_move (self, index, preview, error);
  _adm_battle_snapshot_restore (self, &snapshot);
  if (!ok)
    adm_move_preview_clear (preview);
  return ok;
}

/* Fire */

/* The shield blocks an artillery attack of @input uses up on average: every hit up to the
 * pool after the armour roll, or every die up to it before (F-WPN-7, F-SHLD-1). */
static double
expected_absorbed (const AdmFireOddsInput *input)
{
  AdmFireOddsInput raw = *input;
  g_autoptr(AdmFireOdds) hits = NULL;
  double absorbed = 0;

  if (input->order == ADM_SHIELDS_BEFORE_ARMOUR)
    return MIN (input->shields, input->dice);
  /* With no shields and no save, the damage points are the hits. */
  raw.shields = 0;
  raw.save_on = 0;
  hits = adm_fire_odds_compute (&raw);
  for (int k = 0; k <= hits->max_damage; k++)
    absorbed += hits->damage[k] * MIN (k, input->shields);
  return absorbed;
}

/* The odds of the fire the phase would look up with @numbers. The destructors come second in
 * the phase and meet the shields the artillery left: here the pool less the blocks the
 * artillery uses up on average, rounded. */
static gboolean
fire_odds (AdmBattle             *self,
           AdmFirePreview        *preview,
           const AdmFireNumbers  *numbers,
           double                *absorbed,
           GError               **error)
{
  double no_damage = 1, no_critical = 1;

  /* @absorbed: the blocks earlier attacks of the declaration use up on average (F-ART-3). */
  if (preview->artillery_firepower > 0)
    {
      if (!adm_ruleset_fire_odds_input (self->ruleset, ADM_WEAPON_ARTILLERY,
                                        preview->artillery_firepower, numbers->target_type,
                                        numbers->shift, numbers->armour,
                                        MAX (0, numbers->shields - (int) round (*absorbed)),
                                        FALSE, numbers->lock, numbers->save_on > 0,
                                        &preview->artillery_input, &preview->column, error))
        return FALSE;
      preview->artillery = adm_fire_odds_compute (&preview->artillery_input);
      *absorbed += expected_absorbed (&preview->artillery_input);
    }
  if (preview->destructor_firepower > 0)
    {
      int shields = MAX (0, numbers->shields - (int) round (*absorbed));

      if (!adm_ruleset_fire_odds_input (self->ruleset, ADM_WEAPON_DESTRUCTOR,
                                        preview->destructor_firepower, NULL, 0,
                                        numbers->armour, shields, FALSE, numbers->lock,
                                        numbers->save_on > 0, &preview->destructor_input,
                                        NULL, error))
        return FALSE;
      preview->destructors = adm_fire_odds_compute (&preview->destructor_input);
      *absorbed += expected_absorbed (&preview->destructor_input);
    }
  for (guint i = 0; i < 2; i++)
    {
      const AdmFireOdds *odds = i == 0 ? preview->artillery : preview->destructors;

      if (odds == NULL)
        continue;
      preview->expected_damage += odds->expected_damage;
      no_damage *= odds->damage[0];
      no_critical *= 1 - odds->p_critical;
    }
  preview->p_damage = 1 - no_damage;
  preview->p_critical = 1 - no_critical;
  return TRUE;
}

/* The exact outcome */

/* Binomial(@n, @p) in @n + 1 slots, one trial at a time (as adm-odds.c builds them). */
static double *
binomial (int    n,
          double p)
{
  double *dist = g_new0 (double, n + 1);

  dist[0] = 1.0;
  for (int t = 0; t < n; t++)
    {
      dist[t + 1] = dist[t] * p;
      for (int k = t; k >= 1; k--)
        dist[k] = dist[k] * (1.0 - p) + dist[k - 1] * p;
      dist[0] *= 1.0 - p;
    }
  return dist;
}

/* The distribution of a critical table's additional damage, "0" "1" "d3" "2d6", into
 * @dist[0..6 * 6] (F-CRIT-8). */
static void
add_expression (const char *expression,
                double      weight,
                double     *dist,
                int         size)
{
  const char *d = expression != NULL ? strchr (expression, 'd') : NULL;
  int count, sides;
  g_autofree double *sum = NULL;

  if (expression == NULL || d == NULL)
    {
      dist[CLAMP (expression != NULL ? atoi (expression) : 0, 0, size - 1)] += weight;
      return;
    }
  count = d == expression ? 1 : atoi (expression);
  sides = MAX (1, atoi (d + 1));
  sum = g_new (double, count * sides + 1);
  adm_odds_dice_sums (count, sides, sum);
  for (int k = 0; k < size && k <= count * sides; k++)
    dist[k] += weight * sum[k];
}

#define EXTRA_MAX 37

/* The additional damage of one critical on @ship as things stand (F-CRIT-2: each sum of the
 * ruleset's dice, 2d6, by its exact chance; F-CRIT-20: the next result when one does not apply,
 * as apply_critical () walks them). */
static void
critical_extra (AdmBattle *self,
                guint      ship,
                double    *extra)
{
  int dice = adm_ruleset_get_dice (self->ruleset, ADM_DICE_CRITICAL_TABLE);
  g_autofree double *sums = g_new (double, 6 * dice + 1);

  adm_odds_dice_sums (dice, 6, sums);
  for (int roll = dice; roll <= 6 * dice; roll++)
    {
      const AdmTableRow *row = _adm_battle_critical_row (self, ship, roll);

      add_expression (row != NULL ? row->extra_damage : NULL, sums[roll], extra, EXTRA_MAX);
    }
}

/* The hull points lost so far in the phase, 0..@left (@left: out of action), with what the
 * previewed fire did (FLAG_*), and the shield blocks still up: one slot per state. */
typedef struct {
  int     shields;
  int     left;
  double  extra[EXTRA_MAX];     /* one critical's additional damage */
  gboolean critical_destroys;
  double *p;                    /* [s][d][flags] */
  double  expected;             /* damage points the previewed fire's dice inflict, so far */
} Outcome;

/* What the previewed fire did, in a state: a critical check succeeded, a hull point lost. */
#define FLAG_CRITICAL 1
#define FLAG_DAMAGED  2
#define N_FLAGS       4

#define SLOT(o, s, d, c) ((o)->p[((s) * ((o)->left + 1) + (d)) * N_FLAGS + (c)])

/* Whose fire an attack of the outcome is: the previewed declaration's, one before it in the
 * phase's order at the target itself, or one before it at another ship of the target's very
 * pool, which uses the pool's blocks up and does the target no damage (F-SHLD-5, F-FORM-19). */
typedef enum {
  SHOT_PREVIEWED,
  SHOT_EARLIER_AT_TARGET,
  SHOT_EARLIER_AT_POOL,
} ShotKind;

/* @m damage points reach the ship at hull points lost @d (F-CRIT-1, F-CRIT-4, F-CRIT-7,
 * F-CRIT-8): into @next at shields @s. */
static void
inflict (const Outcome *o,
         Outcome       *next,
         int            s,
         int            d,
         int            c,
         int            m,
         int            critical_on,
         guint          flags,
         double         weight)
{
  int applied = MIN (m, o->left - d);
  int hit = c | (applied > 0 ? (int) (flags & FLAG_DAMAGED) : 0);
  int critical = hit | (int) (flags & FLAG_CRITICAL);
  g_autofree double *checks = NULL;
  g_autofree double *sum = NULL;

  /* F-CRIT-7: no hull point left: the catastrophic table, no critical check. */
  if (d + applied >= o->left || applied == 0 || critical_on <= 0)
    {
      SLOT (next, s, d + applied, hit) += weight;
      return;
    }
  checks = binomial (applied, adm_odds_d6_at_least (critical_on));
  SLOT (next, s, d + applied, hit) += weight * checks[0];
  /* F-CRIT-4: an escort other than a frigate is destroyed by any critical. */
  if (o->critical_destroys)
    {
      SLOT (next, s, o->left, critical) += weight * (1 - checks[0]);
      return;
    }
  /* F-CRIT-8: each critical's additional damage, summed; all of the hull: out of action. */
  sum = g_new0 (double, o->left + 1);
  sum[d + applied] = 1.0;
  for (int n = 1; n <= applied; n++)
    {
      g_autofree double *more = g_new0 (double, o->left + 1);

      more[o->left] = sum[o->left];
      for (int from = 0; from < o->left; from++)
        for (int e = 0; e < EXTRA_MAX && sum[from] > 0; e++)
          more[MIN (o->left, from + e)] += sum[from] * o->extra[e];
      memcpy (sum, more, sizeof (double) * (o->left + 1));
      for (int k = 0; k <= o->left; k++)
        SLOT (next, s, k, critical) += weight * checks[n] * sum[k];
    }
}

/* Fire at another ship of the target's pool (SHOT_EARLIER_AT_POOL): the blocks it uses up,
 * as resolve_hits () takes them, into @next; the target's hull is not touched. */
static void
pool_shot_add (const Outcome          *o,
               Outcome                *next,
               const AdmFireOddsInput *input,
               double                  p_hit,
               int                     s,
               int                     d,
               int                     c,
               double                  w)
{
  g_autofree double *hits = NULL;

  /* F-CAT-7: a hulk's shields no longer matter to it; F-WPN-7 as ruled: the pool cancels
   * dice before the armour roll, as many as there are. */
  if (d == o->left || input->order == ADM_SHIELDS_BEFORE_ARMOUR)
    {
      SLOT (next, d == o->left ? s : s - MIN (s, input->dice), d, c) += w;
      return;
    }
  /* F-SHLD-1, F-DES-2: each block stops one hit. */
  hits = binomial (input->dice, p_hit);
  for (int h = 0; h <= input->dice; h++)
    SLOT (next, s - MIN (s, h), d, c) += w * hits[h];
}

/* One weapon kind's share of one attack (@input with no shields: the outcome holds them):
 * shields, the armour roll, the special shield's save, then the damage (resolve_hits ()).
 * Only the previewed fire's damage and criticals are counted as its own (FLAG_*). */
static void
outcome_add (Outcome                *o,
             const AdmFireOddsInput *input,
             ShotKind                kind)
{
  g_autofree double *next = g_new0 (double, (o->shields + 1) * (o->left + 1) * N_FLAGS);
  double p_hit = adm_odds_d6_at_least (input->hit_on);
  double keep = input->save_on > 0 ? 1 - adm_odds_d6_at_least (input->save_on) : 1;
  guint flags = kind == SHOT_PREVIEWED ? FLAG_CRITICAL | FLAG_DAMAGED : 0;
  Outcome after = *o;

  /* F-FORD-2: a missed die is rolled once more. */
  if (input->reroll)
    p_hit = 1 - (1 - p_hit) * (1 - p_hit);
  after.p = next;
  for (int s = 0; s <= o->shields; s++)
    for (int d = 0; d <= o->left; d++)
      for (int c = 0; c < N_FLAGS; c++)
        {
          double w = SLOT (o, s, d, c);
          /* F-CAT-7: a hulk has no shields. */
          int up = d == o->left ? 0 : s;
          /* F-WPN-7 as ruled: shields cancel dice before the armour roll. */
          int blocked = input->order == ADM_SHIELDS_BEFORE_ARMOUR ? MIN (up, input->dice) : 0;
          g_autofree double *hits = NULL;

          if (w == 0)
            continue;
          if (kind == SHOT_EARLIER_AT_POOL)
            {
              pool_shot_add (o, &after, input, p_hit, s, d, c, w);
              continue;
            }
          hits = binomial (input->dice - blocked, p_hit);
          for (int h = 0; h <= input->dice - blocked; h++)
            {
              /* F-SHLD-1, F-DES-2: otherwise each block stops one hit. */
              int stop = input->order == ADM_SHIELDS_BEFORE_ARMOUR ? 0 : MIN (up - blocked, h);
              int through = h - stop;
              g_autofree double *kept = binomial (through, keep);

              for (int m = 0; m <= through; m++)
                {
                  double weight = w * hits[h] * kept[m];

                  if (weight == 0)
                    continue;
                  if (kind == SHOT_PREVIEWED)
                    after.expected += weight * m;
                  /* F-CAT-6: hits on a hulk roll the catastrophic table again; it stays
                   * out, with no shields (F-CAT-7). */
                  if (d == o->left)
                    SLOT (&after, s, d, c) += weight;
                  else
                    inflict (o, &after, s - blocked - stop, d, c, m, input->critical_on, flags,
                             weight);
                }
            }
        }
  memcpy (o->p, next, sizeof (double) * (o->shields + 1) * (o->left + 1) * N_FLAGS);
  o->expected = after.expected;
}

/* Why the fire cannot do any damage, for the master. */
static char *
no_damage_reason (const AdmFirePreview *preview,
                  GArray               *inputs)
{
  int dice = 0, sure_miss = TRUE;

  for (guint i = 0; i < inputs->len; i++)
    {
      const AdmFireOddsInput *input = &g_array_index (inputs, AdmFireOddsInput, i);

      dice += input->dice;
      sure_miss &= input->dice == 0 || input->hit_on >= 7;
    }
  if (dice == 0)
    return g_strdup (preview->column == 0 && preview->artillery_firepower > 0
                       ? _("no dice: the shifts leave no column of the artillery table "
                           "(F-ART-10)")
                       : _("no dice to roll"));
  if (sure_miss)
    /* Translators: %d is the target's armour */
    return g_strdup_printf (_("no die can reach armour %d (F-ART-12)"), preview->armour);
  if (preview->shields >= dice)
    return g_strdup_printf (ngettext ("the shields absorb up to %d, and only %d die is rolled "
                                      "(F-SHLD-1)",
                                      "the shields absorb up to %d, and only %d dice are "
                                      "rolled (F-SHLD-1)", dice),
                            preview->shields, dice);
  return g_strdup (_("no hit can get through (F-SHLD-1, F-FORD-8)"));
}

/* An attack of a declaration before the previewed one that meets the target's pool. */
typedef struct {
  AdmFireOddsInput input;       /* shields left out: the outcome holds them */
  ShotKind         kind;
} EarlierShot;

/* Starts the outcome of the fire at @target, whose pool has @shields blocks now, from the
 * phase as @earlier (EarlierShot, in the phase's order) leaves it: the blocks they use up
 * and, when they fire at the target itself, the hull points they take (F-FIRE-4, F-SHLD-1,
 * F-SHLD-2). Fills the target's numbers and @preview's earlier_blocks and p_shields_down.
 * FALSE, @o left empty, when the target is out of action already. */
static gboolean
outcome_begin (AdmBattle      *self,
               guint           target,
               int             shields,
               GArray         *earlier,
               Outcome        *o,
               AdmFirePreview *preview)
{
  const AdmBattleShip *t = _adm_battle_ship (self, target);

  memset (o, 0, sizeof *o);
  preview->hull = t->klass->hull;
  preview->hull_left = MAX (0, t->klass->hull - t->damage);
  preview->damaged_at = adm_battle_ship_damaged_at (self, target);
  preview->damaged = adm_battle_ship_is_damaged (self, target);
  /* F-CRIT-4 ("frigate-critical"): escorts other than frigates, as escort_destroyed_by_critical
   * () in adm-battle-damage.c tells them. */
  preview->critical_destroys = t->klass->category == ADM_CATEGORY_ESCORT &&
                               g_strcmp0 (t->klass->type->id, "frigate") != 0;
  if (t->status != ADM_SHIP_ACTIVE || preview->hull_left == 0)
    return FALSE;
  o->shields = MAX (0, shields);
  o->left = preview->hull_left;
  o->critical_destroys = preview->critical_destroys;
  critical_extra (self, target, o->extra);
  o->p = g_new0 (double, (o->shields + 1) * (o->left + 1) * N_FLAGS);
  SLOT (o, o->shields, 0, 0) = 1.0;
  for (guint i = 0; i < earlier->len; i++)
    {
      const EarlierShot *shot = &g_array_index (earlier, EarlierShot, i);

      outcome_add (o, &shot->input, shot->kind);
    }
  for (int s = 0; s <= o->shields; s++)
    for (int d = 0; d <= o->left; d++)
      {
        double w = SLOT (o, s, d, 0);

        preview->earlier_blocks += w * (o->shields - s);
        if (s == 0)
          preview->p_shields_down += w;
      }
  return TRUE;
}

/* Adds @inputs (every weapon kind of every attack of the previewed declaration in the phase's
 * order, shields left out) to @o and fills @preview's exact outcome. */
static void
outcome_finish (AdmBattle      *self,
                guint           target,
                Outcome        *o,
                GArray         *inputs,
                AdmFirePreview *preview)
{
  const AdmBattleShip *t = _adm_battle_ship (self, target);
  double none = 0;

  for (guint i = 0; i < inputs->len; i++)
    outcome_add (o, &g_array_index (inputs, AdmFireOddsInput, i), SHOT_PREVIEWED);

  preview->exact_expected_damage = o->expected;
  for (int s = 0; s <= o->shields; s++)
    for (int d = 0; d <= o->left; d++)
      for (int c = 0; c < N_FLAGS; c++)
        {
          double w = SLOT (o, s, d, c);

          if (!(c & FLAG_DAMAGED))
            none += w;
          if (c & FLAG_CRITICAL)
            preview->exact_p_critical += w;
          if (d == o->left)
            preview->p_destroyed += w;
          /* F-CRIT-6 under "damaged-threshold": the ruleset's share of the hull lost. */
          if (t->damage + d >= preview->damaged_at)
            preview->p_crippled += w;
        }
  preview->exact_p_damage = MAX (0, 1 - none);
  if (preview->exact_p_damage < 1e-12)
    {
      preview->exact_p_damage = 0;
      preview->no_damage_reason = no_damage_reason (preview, inputs);
    }
}

const char *
_adm_battle_aspect_word (AdmAspect aspect)
{
  switch (aspect)
    {
    case ADM_ASPECT_APPROACHING:
      return C_("aspect", "approaching");
    case ADM_ASPECT_RECEDING:
      return C_("aspect", "receding");
    case ADM_ASPECT_CROSSING:
      return C_("aspect", "crossing");
    default:
      g_return_val_if_reached (NULL);
    }
}

char *
_adm_battle_target_words (AdmAspect aspect,
                          gboolean  capital)
{
  /* Translators: the artillery table's target: an aspect, then "capital ship" or "escort" */
  return g_strdup_printf (_("%s %s"), _adm_battle_aspect_word (aspect),
                          capital ? _("capital ship") : _("escort"));
}

/* The target's aspect as the artillery table reads it, for the master (F-ART-2, F-ART-6,
 * F-ART-15), from the table id the fire phase looked up; F-FORM-18 names the flagship. */
static char *
describe_target (AdmBattle  *self,
                 guint       target,
                 const char *type)
{
  const AdmBattleShip *t = _adm_battle_ship (self, target);
  const AdmBattleFormation *formation = _adm_battle_formation (self, t->formation);
  const char *dash = type != NULL ? strrchr (type, '-') : NULL;
  g_autofree char *aspect = dash != NULL ? g_strndup (type, dash - type) : NULL;
  char *text = NULL;

  if (type == NULL)
    return NULL;
  if (dash == NULL)
    return g_strdup (g_strcmp0 (type, "orbital") == 0 ? _("orbital target (F-ART-16)") : type);
  for (AdmAspect a = ADM_ASPECT_APPROACHING; a <= ADM_ASPECT_CROSSING; a++)
    if (g_strcmp0 (aspect, adm_aspect_to_string (a)) == 0)
      text = _adm_battle_target_words (a, g_strcmp0 (dash + 1, "capital") == 0);
  if (text == NULL)
    text = g_strdup_printf (_("%s %s"), aspect, g_strcmp0 (dash + 1, "capital") == 0
                                                  ? _("capital ship") : _("escort"));
  if (t->status == ADM_SHIP_ACTIVE && formation->flagship >= 0 &&
      (guint) formation->flagship != target &&
      _adm_battle_ship_active (self, formation->flagship))
    {
      char *with = g_strdup_printf (_("%s, as its formation's flagship %s (F-FORM-18)"), text,
                                    _adm_battle_ship (self, formation->flagship)->name);

      g_free (text);
      text = with;
    }
  return text;
}

/* The blocks of @ship's own generators left in this turn (F-SHLD-1, F-FORD-7), and where
 * the rest of the pool comes from (F-FORM-19, F-SHLD-5), as adm_battle_ship_shield_pool ()
 * adds them up. */
static void
describe_shields (AdmBattle      *self,
                  guint           target,
                  AdmFirePreview *preview)
{
  const AdmBattleShip *t = _adm_battle_ship (self, target);
  const AdmBattleFormation *formation = _adm_battle_formation (self, t->formation);
  g_autoptr(GString) pooled = g_string_new (NULL);
  g_autoptr(GString) touching = g_string_new (NULL);
  int own = adm_battle_ship_shields (self, target);

  if (t->status != ADM_SHIP_ACTIVE)
    return;
  if (t->reinforced_until >= adm_battle_get_turn (self) && !t->klass->special_shield)
    own *= 2;
  preview->own_shields = MIN (preview->shields, MAX (0, own - t->shields_used));
  for (guint i = 0; i < adm_battle_get_n_ships (self); i++)
    {
      const AdmBattleShip *other = _adm_battle_ship (self, i);
      GString *into;

      if (i == target || other->side != t->side || !_adm_battle_ship_active (self, i) ||
          adm_battle_ship_shields (self, i) == 0)
        continue;
      if (other->formation == t->formation && formation->command)
        into = pooled;
      else if (adm_bases_touch (other->position, _adm_battle_base_size (self, i),
                                t->position, _adm_battle_base_size (self, target)))
        into = touching;
      else
        continue;
      g_string_append_printf (into, "%s%s", into->len > 0 ? ", " : "", other->name);
    }
  if (pooled->len > 0 && touching->len > 0)
    preview->shields_from = g_strdup_printf (_("pooled by the formation “%s” (%s, F-FORM-19) "
                                               "and touching ships (%s, F-SHLD-5)"),
                                             formation->name, pooled->str, touching->str);
  else if (pooled->len > 0)
    preview->shields_from = g_strdup_printf (_("pooled by the formation “%s” (%s, "
                                               "F-FORM-19)"), formation->name, pooled->str);
  else if (touching->len > 0)
    preview->shields_from = g_strdup_printf (_("combined with touching ships (%s, F-SHLD-5)"),
                                             touching->str);
}

/* The inputs of the @preview attack's weapon kinds, shields left to the outcome, appended
 * to @inputs in the phase's order: artillery, then destructors. */
static gboolean
attack_inputs (AdmBattle             *self,
               const AdmFirePreview  *preview,
               const AdmFireNumbers  *numbers,
               GArray                *inputs,
               GError               **error)
{
  AdmFireOddsInput input;

  if (preview->artillery_firepower > 0)
    {
      if (!adm_ruleset_fire_odds_input (self->ruleset, ADM_WEAPON_ARTILLERY,
                                        preview->artillery_firepower, numbers->target_type,
                                        numbers->shift, numbers->armour, 0, FALSE,
                                        numbers->lock, numbers->save_on > 0, &input, NULL,
                                        error))
        return FALSE;
      g_array_append_val (inputs, input);
    }
  if (preview->destructor_firepower > 0)
    {
      if (!adm_ruleset_fire_odds_input (self->ruleset, ADM_WEAPON_DESTRUCTOR,
                                        preview->destructor_firepower, NULL, 0,
                                        numbers->armour, 0, FALSE, numbers->lock,
                                        numbers->save_on > 0, &input, NULL, error))
        return FALSE;
      g_array_append_val (inputs, input);
    }
  return TRUE;
}

/* The @nth attack of @decl on a snapshot, with @orders in force (_adm_battle_fire_preview ()). */
static gboolean
preview_attack (AdmBattle            *self,
                const AdmTurnOrders  *orders,
                const AdmFireDecl    *decl,
                guint                 nth,
                AdmFirePreview       *preview,
                AdmFireNumbers       *numbers,
                GError              **error)
{
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (PREVIEW_SEED);
  AdmBattleSnapshot snapshot;
  gboolean ok;

  _adm_battle_snapshot_take (self, &snapshot);
  self->orders = orders;
  self->dice = ADM_DICE_SOURCE (dice);
  ok = _adm_battle_fire_preview (self, decl, nth, preview, numbers, error);
  _adm_battle_snapshot_restore (self, &snapshot);
  return ok;
}

/* A fire the table cannot look up is one the phase refuses as well. */
static void
refuse_odds (AdmFirePreview *preview,
             GError         *odds_error)
{
  g_clear_pointer (&preview->artillery, adm_fire_odds_free);
  g_clear_pointer (&preview->destructors, adm_fire_odds_free);
  preview->legal = FALSE;
  preview->reason = g_strdup (odds_error->message);
}

/* The ships whose blocks @ship's pool counts, in index order, as
 * _adm_battle_ship_shield_pool () adds them up (F-SHLD-5, F-FORM-19, F-FORM-15; F-BOARD-15: a
 * captured ship lends none; F-CAT-7: a hulk has no pool). */
static GArray *
pool_members (AdmBattle *self,
              guint      ship)
{
  const AdmBattleShip *t = _adm_battle_ship (self, ship);
  const AdmBattleFormation *formation = _adm_battle_formation (self, t->formation);
  GArray *members = g_array_new (FALSE, FALSE, sizeof (guint));

  if (!_adm_battle_ship_active (self, ship))
    return members;
  for (guint i = 0; i < adm_battle_get_n_ships (self); i++)
    {
      const AdmBattleShip *other = _adm_battle_ship (self, i);

      if (other->side != t->side || other->status != ADM_SHIP_ACTIVE ||
          (i != ship && other->captured_by >= 0) ||
          (_adm_battle_ship_shields (self, i) == 0 && other->shields_used == 0))
        continue;
      if (i == ship || (other->formation == t->formation && formation->command) ||
          adm_bases_touch (other->position, _adm_battle_base_size (self, i), t->position,
                           _adm_battle_base_size (self, ship)))
        g_array_append_val (members, i);
    }
  return members;
}

/* How fire at @other meets @target's pool @pool (pool_members ()): at the target, at a ship
 * of the very same pool, at one sharing only some of its ships (-1), or not at all (-2). */
static int
shot_kind (AdmBattle *self,
           guint      target,
           GArray    *pool,
           guint      other)
{
  g_autoptr(GArray) others = NULL;
  gboolean same, shared = FALSE;

  if (other == target)
    return SHOT_EARLIER_AT_TARGET;
  if (pool->len == 0)
    return -2;
  others = pool_members (self, other);
  same = others->len == pool->len &&
         memcmp (others->data, pool->data, sizeof (guint) * pool->len) == 0;
  for (guint i = 0; i < others->len && !shared; i++)
    for (guint j = 0; j < pool->len && !shared; j++)
      shared = g_array_index (others, guint, i) == g_array_index (pool, guint, j);
  return same ? SHOT_EARLIER_AT_POOL : shared ? -1 : -2;
}

/* The attacks of the declarations before @decl in @orders (the phase's order, F-FIRE-4,
 * F-SEQ-2) that meet @target's pool, into @earlier (EarlierShot), each as its own preview
 * sees it; their number, and that of those sharing only part of the pool, into @preview.
 * A declaration the phase would refuse fires nothing. */
static void
earlier_shots (AdmBattle            *self,
               const AdmTurnOrders  *orders,
               const AdmFireDecl    *decl,
               guint                 target,
               GArray               *earlier,
               AdmFirePreview       *preview)
{
  g_autoptr(GArray) pool = pool_members (self, target);

  for (guint i = 0; i < orders->fires->len; i++)
    {
      const AdmFireDecl *other = g_ptr_array_index (orders->fires, i);
      int at = adm_battle_ship_index (self, other->target);
      guint attacks = 1, before = earlier->len;
      int kind;

      if (other == decl)
        break;
      if (at < 0 || (kind = shot_kind (self, target, pool, at)) == -2)
        continue;
      if (kind == -1)
        {
          preview->uncounted_fires++;
          continue;
        }
      for (guint nth = 0; nth < attacks; nth++)
        {
          AdmFirePreview one = { 0 };
          AdmFireNumbers numbers = { 0 };
          g_autoptr(GArray) inputs = g_array_new (FALSE, FALSE, sizeof (AdmFireOddsInput));
          gboolean ok;

          ok = preview_attack (self, orders, other, nth, &one, &numbers, NULL) && one.legal &&
               attack_inputs (self, &one, &numbers, inputs, NULL);
          attacks = one.attacks;
          preview->earlier_readiness |= ok && one.readiness_check;
          for (guint k = 0; ok && k < inputs->len; k++)
            {
              EarlierShot shot = { g_array_index (inputs, AdmFireOddsInput, k), kind };

              g_array_append_val (earlier, shot);
            }
          g_free (numbers.target_type);
          adm_fire_preview_clear (&one);
          if (!ok)
            break;
        }
      if (earlier->len > before)
        {
          preview->earlier_fires++;
          preview->earlier_at_target += kind == SHOT_EARLIER_AT_TARGET;
        }
    }
}

gboolean
adm_battle_preview_fire (AdmBattle            *self,
                         const AdmTurnOrders  *orders,
                         const AdmFireDecl    *decl,
                         AdmFirePreview       *preview,
                         GError              **error)
{
  g_autoptr(AdmTurnOrders) none = NULL;
  g_autoptr(GPtrArray) fires = g_ptr_array_new ();
  g_autoptr(GError) odds_error = NULL;
  AdmFireNumbers numbers = { 0 };
  g_autoptr(GArray) inputs = g_array_new (FALSE, FALSE, sizeof (AdmFireOddsInput));
  g_autoptr(GArray) earlier = g_array_new (FALSE, FALSE, sizeof (EarlierShot));
  AdmTurnOrders in_force;
  Outcome outcome = { 0 };
  gboolean have_outcome = FALSE;
  double absorbed = 0;
  int target = -1;
  gboolean ok;

  g_return_val_if_fail (ADM_IS_BATTLE (self), FALSE);
  g_return_val_if_fail (decl != NULL, FALSE);
  g_return_val_if_fail (preview != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  memset (preview, 0, sizeof *preview);
  /* @orders with @decl among its fires (last, when it is not there yet), for the F-FIRE-9
   * split-fire test and the attacks return fire answers; the declarations stay @orders'. */
  if (orders == NULL)
    orders = none = adm_turn_orders_new (adm_battle_get_turn (self));
  in_force = *orders;
  for (guint i = 0; i < orders->fires->len; i++)
    g_ptr_array_add (fires, g_ptr_array_index (orders->fires, i));
  if (!g_ptr_array_find (fires, decl, NULL))
    g_ptr_array_add (fires, (gpointer) decl);
  in_force.fires = fires;

  ok = preview_attack (self, &in_force, decl, 0, preview, &numbers, error);
  /* F-FIRE-4, F-SEQ-2: the fire declared before it is resolved first and meets the pool
   * first (F-SHLD-1, F-SHLD-5, F-FORM-19): the odds start from the phase as it leaves it. */
  if (ok && preview->legal)
    {
      target = adm_battle_ship_index (self, decl->target);
      earlier_shots (self, &in_force, decl, target, earlier, preview);
      have_outcome = outcome_begin (self, target, numbers.shields, earlier, &outcome, preview);
      absorbed = preview->earlier_blocks;
    }
  if (ok && preview->legal && !fire_odds (self, preview, &numbers, &absorbed, &odds_error))
    refuse_odds (preview, odds_error);
  if (ok && preview->legal)
    {
      preview->armour = numbers.armour;
      preview->shields = numbers.shields;
      preview->special_save_on = numbers.save_on;
      if (preview->artillery_firepower > 0)
        preview->aspect = describe_target (self, target, numbers.target_type);
      describe_shields (self, target, preview);
      if (!attack_inputs (self, preview, &numbers, inputs, &odds_error))
        refuse_odds (preview, odds_error);
    }
  g_free (numbers.target_type);
  /* F-ART-3: each further ship's batteries are an attack of their own, at the shields the
   * earlier attacks leave on average. */
  for (guint nth = 1; ok && preview->legal && nth < preview->attacks; nth++)
    {
      AdmFirePreview next = { 0 };
      AdmFireNumbers more = { 0 };

      ok = preview_attack (self, &in_force, decl, nth, &next, &more, error);
      if (ok && next.legal && (!fire_odds (self, &next, &more, &absorbed, &odds_error) ||
                               !attack_inputs (self, &next, &more, inputs, &odds_error)))
        refuse_odds (preview, odds_error);
      else if (ok && next.legal)
        {
          preview->expected_damage += next.expected_damage;
          preview->p_damage = 1 - (1 - preview->p_damage) * (1 - next.p_damage);
          preview->p_critical = 1 - (1 - preview->p_critical) * (1 - next.p_critical);
        }
      g_free (more.target_type);
      adm_fire_preview_clear (&next);
    }
  if (ok && preview->legal && have_outcome)
    outcome_finish (self, target, &outcome, inputs, preview);
  g_free (outcome.p);
  if (!ok)
    adm_fire_preview_clear (preview);
  return ok;
}

GArray *
adm_battle_fire_targets (AdmBattle *self,
                         guint      ship,
                         guint      weapon)
{
  AdmBattleSnapshot snapshot;
  GArray *targets;

  g_return_val_if_fail (ADM_IS_BATTLE (self), NULL);
  g_return_val_if_fail (ship < adm_battle_get_n_ships (self), NULL);
  g_return_val_if_fail (weapon < adm_battle_get_ship (self, ship)->klass->weapons->len, NULL);

  _adm_battle_snapshot_take (self, &snapshot);
  self->orders = NULL;
  self->dice = NULL;
  targets = _adm_battle_fire_targets (self, ship, weapon);
  _adm_battle_snapshot_restore (self, &snapshot);
  return targets;
}

GArray *
adm_battle_launch_targets (AdmBattle *self,
                           guint      ship,
                           guint      weapon)
{
  g_return_val_if_fail (ADM_IS_BATTLE (self), NULL);
  g_return_val_if_fail (ship < adm_battle_get_n_ships (self), NULL);
  g_return_val_if_fail (weapon < adm_battle_get_ship (self, ship)->klass->weapons->len, NULL);

  /* Reads the battle only: no snapshot is needed. */
  return _adm_battle_launch_targets (self, ship, weapon);
}

/* Boarding */

void
adm_boarding_preview_clear (AdmBoardingPreview *preview)
{
  g_return_if_fail (preview != NULL);

  g_free (preview->reason);
  g_clear_pointer (&preview->odds, adm_boarding_odds_free);
  memset (preview, 0, sizeof *preview);
}

/* The boarding checks and numbers only read the battle: no snapshot is needed. The check is
 * asked with no orders line, so that its refusal has no "FILE:LINE: " before it. */

GArray *
adm_battle_boarding_targets (AdmBattle *self,
                             guint      ship)
{
  GArray *targets;

  g_return_val_if_fail (ADM_IS_BATTLE (self), NULL);
  g_return_val_if_fail (ship < adm_battle_get_n_ships (self), NULL);

  targets = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; i < adm_battle_get_n_ships (self); i++)
    if (_adm_battle_boarding_check (self, 0, ship, i, NULL))
      g_array_append_val (targets, i);
  return targets;
}

gboolean
adm_battle_preview_boarding (AdmBattle           *self,
                             guint                ship,
                             guint                target,
                             AdmBoardingPreview  *preview,
                             GError             **error)
{
  g_autoptr(GString) attacker_why = g_string_new (NULL);
  g_autoptr(GString) defender_why = g_string_new (NULL);
  g_autoptr(GError) refusal = NULL;

  g_return_val_if_fail (ADM_IS_BATTLE (self), FALSE);
  g_return_val_if_fail (ship < adm_battle_get_n_ships (self), FALSE);
  g_return_val_if_fail (target < adm_battle_get_n_ships (self), FALSE);
  g_return_val_if_fail (preview != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  memset (preview, 0, sizeof *preview);
  if (!_adm_battle_boarding_check (self, 0, ship, target, &refusal))
    {
      preview->reason = g_strdup (refusal->message);
      return TRUE;
    }
  /* F-BOARD-2 as the declaration takes them; the round's modifiers as the end stage adds
   * them to the rolls. */
  preview->attacker_bp = _adm_battle_boarding_potential (self, ship);
  preview->defender_bp = _adm_battle_boarding_potential (self, target);
  _adm_battle_boarding_modifiers (self, ship, target, preview->attacker_bp,
                                  preview->defender_bp, &preview->attacker_modifier,
                                  &preview->defender_modifier, attacker_why, defender_why);
  preview->odds = adm_boarding_odds_compute (preview->attacker_bp, preview->defender_bp,
                                             preview->attacker_modifier,
                                             preview->defender_modifier,
                                             adm_ruleset_get_dice (self->ruleset,
                                                                   ADM_DICE_BOARDING),
                                             _adm_battle_boarding_reroll_ties (self), error);
  if (preview->odds == NULL)
    {
      adm_boarding_preview_clear (preview);
      return FALSE;
    }
  preview->legal = TRUE;
  return TRUE;
}

/* The dry run */

gboolean
adm_battle_check_orders (AdmBattle            *self,
                         const AdmTurnOrders  *orders,
                         AdmPhase              through,
                         GError              **error)
{
  g_return_val_if_fail (ADM_IS_BATTLE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return _adm_battle_dry_run (self, orders, through, error);
}
