/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-battle-log.c: the battle's report lines and dice log — rolls asked of the dice source
 * and judged (_adm_battle_roll (), _adm_battle_judge_roll ()), report lines written with the
 * subjects they are about (_adm_battle_report ()), their audience narrowed afterwards, and
 * the refusal of an illegal order (_adm_battle_illegal ()). */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "adm-battle-private.h"
#include "adm-dice-prng.h"
#include "adm-odds.h"

/* Rolls and reports */

/* A report line or a roll's purpose is written when it is made, into the battle's scratch
 * string and from there into the block of its line or roll, with the subjects its caller says
 * it is about: the audience filter decides from them, as the battle stands then, who may see
 * it (adm_audience_subjects_seen_by ()). */

/* A roll, its values, the subjects @about and its purpose, the scratch string, in one block
 * that the dice log owns. Its @clause is kept by its address: a string literal of the rule or
 * the ruleset's (_adm_battle_roll ()). */
static AdmBattleRoll *
roll_new (AdmBattle  *self,
          AdmAbout    about,
          guint       count,
          const char *clause)
{
  gsize values_size = count * sizeof (guint);
  gsize subjects_size = about.n_subjects * sizeof (guint32);
  AdmBattleRoll *roll = g_malloc0 (sizeof (AdmBattleRoll) + values_size + subjects_size +
                                   self->scratch->len + 1);
  guint32 *subjects = (guint32 *) (void *) ((char *) (roll + 1) + values_size);
  char *purpose = (char *) subjects + subjects_size;

  if (subjects_size > 0)
    memcpy (subjects, about.subjects, subjects_size);
  roll->subjects = subjects;
  roll->n_subjects = about.n_subjects;
  memcpy (purpose, self->scratch->str, self->scratch->len + 1);
  roll->purpose = purpose;
  roll->clause = clause;
  roll->n_values = count;
  roll->values = (const guint *) (void *) (roll + 1);
  return roll;
}

/* Asks the dice source for @roll's dice. */
static gboolean
roll_draw (AdmBattle      *self,
           AdmBattleRoll  *roll,
           gboolean        prng,
           guint           count,
           guint           sides,
           guint          *values,
           GError        **error)
{
  AdmDiceRequest request = { count, sides, roll->purpose, roll->clause, self->dice_note };

  /* The generator's dice (@prng: the source is one) drawn straight, as its source would
   * draw them; the source's own checks of the request are asked here. */
  if (prng && count <= ADM_DICE_MAX_COUNT && sides >= 2 && sides <= ADM_DICE_MAX_SIDES)
    {
      adm_dice_prng_roll_dice ((AdmDicePrng *) self->dice, count, sides, values);
      return TRUE;
    }
  return adm_dice_source_roll (self->dice, &request, values, error);
}

/* _adm_battle_roll () of the purpose's arguments in @args. */
static gboolean
roll_va (AdmBattle   *self,
         AdmAbout     about,
         guint        count,
         guint        sides,
         const char  *clause,
         guint       *values,
         GError     **error,
         const char  *purpose_format,
         va_list      args)
{
  g_autofree AdmBattleRoll *roll = NULL;
  gboolean prng;

  g_assert (self->dice != NULL);
  self->last_roll = G_MAXUINT;
  if (count == 0)
    return TRUE;
  g_string_truncate (self->scratch, 0);
  g_string_append_vprintf (self->scratch, purpose_format, args);
  roll = roll_new (self, about, count, clause);
  prng = ADM_IS_DICE_PRNG (self->dice);
  if (!roll_draw (self, roll, prng, count, sides, values, error))
    {
      g_autofree char *dice = adm_dice_describe (count, sides);

      g_prefix_error (error, _("Rolling %s for “%s”: "), dice, roll->purpose);
      return FALSE;
    }
  roll->turn = self->state->turn;
  roll->phase = self->state->phase;
  roll->sides = sides;
  memcpy ((guint *) roll->values, values, count * sizeof (guint));
  /* The program's generator, or values the master typed in; a replay reads it back from the
   * journal (journal_apply ()). */
  roll->origin = prng || adm_dice_source_is_program (self->dice) ? ADM_ROLL_ORIGIN_PROGRAM
                                                                  : ADM_ROLL_ORIGIN_TYPED;
  /* F-ECM-2: the sides told of the roll are those that know everything it is about. */
  roll->seen_by = adm_audience_subjects_seen_by (self, roll->subjects, roll->n_subjects);
  self->last_roll = self->rolls->len;
  g_ptr_array_add (self->rolls, g_steal_pointer (&roll));
  return TRUE;
}
const char *
adm_report_line_get_text (const AdmReportLine *line)
{
  g_return_val_if_fail (line != NULL, NULL);
  return line->text;
}

const char *
adm_battle_roll_get_purpose (const AdmBattleRoll *roll)
{
  g_return_val_if_fail (roll != NULL, NULL);
  return roll->purpose;
}

/* The roll made @back rolls before the last one, or NULL when the last had no dice. */
static AdmBattleRoll *
recent_roll (AdmBattle *self,
             guint      back)
{
  if (self->last_roll == G_MAXUINT || self->last_roll >= self->rolls->len ||
      back > self->last_roll)
    return NULL;
  return g_ptr_array_index (self->rolls, self->last_roll - back);
}

void
_adm_battle_judge_roll (AdmBattle    *self,
                        guint         back,
                        AdmRollCheck  check,
                        int           target,
                        const char   *against)
{
  AdmBattleRoll *roll = recent_roll (self, back);

  if (roll == NULL)
    return;
  roll->check = check;
  roll->target = target;
  roll->against = against != NULL ? g_string_chunk_insert_const (self->strings, against) : NULL;
  adm_roll_check_judge (check, target, roll->values, roll->n_values, &roll->passed,
                        &roll->failed);
}

void
_adm_battle_roll_opposed (AdmBattle *self,
                          guint      back,
                          int        modifier,
                          int        opposing_modifier)
{
  AdmBattleRoll *roll = recent_roll (self, back);

  if (roll == NULL)
    return;
  roll->opposed = TRUE;
  roll->modifier = modifier;
  roll->opposing_modifier = opposing_modifier;
}

void
_adm_battle_roll_result (AdmBattle  *self,
                         const char *result)
{
  AdmBattleRoll *roll = recent_roll (self, 0);

  if (roll == NULL)
    return;
  roll->result = result;
}

void
_adm_battle_roll_kind (AdmBattle   *self,
                       AdmRollKind  kind)
{
  AdmBattleRoll *roll = recent_roll (self, 0);

  if (roll == NULL)
    return;
  roll->kind = kind;
}

void
_adm_battle_roll_damage (AdmBattle *self,
                         guint      index,
                         guint      target,
                         int        damage,
                         double     expected_damage)
{
  AdmBattleRoll *roll;

  if (index >= self->rolls->len)
    return;
  roll = g_ptr_array_index (self->rolls, index);
  roll->has_damage = TRUE;
  roll->damage_target = target;
  roll->damage = damage;
  roll->expected_damage = expected_damage;
}

void
_adm_battle_roll_torpedo_damage (AdmBattle *self,
                                 guint      index,
                                 guint      target,
                                 int        torpedoes,
                                 int        save_on,
                                 int        damage)
{
  const AdmBattleShip *ship = _adm_battle_ship (self, target);
  /* The torpedoes' turrets are rolled already: none is left to shoot them down. */
  AdmTorpedoOddsInput input = {
    .torpedoes = torpedoes, .turrets = 0, .armour = ship->klass->armour,
    .turret_hit = _adm_battle_turret_hit (self),
    .critical_on = adm_ruleset_get_critical_on (self->ruleset, ADM_CRITICAL_SOURCE_TORPEDO),
    .save_on = save_on,
  };
  g_autoptr(AdmFireOdds) odds = adm_torpedo_odds_compute (&input, NULL);

  if (odds != NULL)
    _adm_battle_roll_damage (self, index, target, damage, odds->expected_damage);
}

/* An opposed roll's outcome (F-BOARD-13): its total against the other side's, which its
 * target gives (what it needed to win: the other's total less its own modifier, + 1). */
static char *
describe_opposed (const AdmBattleRoll *roll)
{
  int sum = 0, total, other;

  for (guint i = 0; i < roll->n_values; i++)
    sum += (int) roll->values[i];
  total = sum + roll->modifier;
  other = roll->target + roll->modifier - 1;
  if (total > other)
    /* Translators: an opposed roll's outcome (a boarding round): its dice, its modifier, its
     * total against the other side's total: "3 +4 = 7 against 5: won ✓" */
    return g_strdup_printf (_("%d %+d = %d against %d: won ✓"), sum, roll->modifier, total,
                            other);
  if (total == other)
    /* Translators: an opposed roll's outcome when both totals are equal */
    return g_strdup_printf (_("%d %+d = %d against %d: tied"), sum, roll->modifier, total,
                            other);
  /* Translators: an opposed roll's outcome when the other side's total is higher */
  return g_strdup_printf (_("%d %+d = %d against %d: lost ✗"), sum, roll->modifier, total,
                          other);
}

char *
adm_battle_roll_describe_outcome (const AdmBattleRoll *roll)
{
  g_return_val_if_fail (roll != NULL, NULL);

  if (roll->opposed && roll->check == ADM_ROLL_CHECK_SUM_AT_LEAST)
    return describe_opposed (roll);
  return adm_roll_check_describe (roll->check, roll->target, roll->against, roll->n_values,
                                  roll->passed, roll->failed, roll->result);
}

gboolean
_adm_battle_roll (AdmBattle   *self,
                  AdmAbout     about,
                  guint        count,
                  guint        sides,
                  const char  *clause,
                  guint       *values,
                  GError     **error,
                  const char  *purpose_format,
                  ...)
{
  va_list args;
  gboolean ok;

  va_start (args, purpose_format);
  ok = roll_va (self, about, count, sides, clause, values, error, purpose_format, args);
  va_end (args);
  return ok;
}

gboolean
_adm_battle_roll_sum (AdmBattle   *self,
                      AdmAbout     about,
                      guint        count,
                      guint        sides,
                      const char  *clause,
                      int         *sum,
                      GError     **error,
                      const char  *purpose_format,
                      ...)
{
  /* No allocation for the dice but of the largest sums. */
  guint buffer[16];
  g_autofree guint *allocated = count > G_N_ELEMENTS (buffer) ? g_new0 (guint, count) : NULL;
  guint *values = allocated != NULL ? allocated : buffer;
  va_list args;
  gboolean ok;

  va_start (args, purpose_format);
  ok = roll_va (self, about, count, sides, clause, values, error, purpose_format, args);
  va_end (args);
  *sum = 0;
  for (guint i = 0; ok && i < count; i++)
    *sum += values[i];
  return ok;
}

gboolean
_adm_battle_roll_expression (AdmBattle   *self,
                             AdmAbout     about,
                             const char  *expression,
                             const char  *clause,
                             const char  *purpose,
                             int         *result,
                             GError     **error)
{
  *result = 0;
  if (expression == NULL || expression[0] == '\0')
    return TRUE;
  if (expression[0] == 'd')
    return _adm_battle_roll_sum (self, about, 1, atoi (expression + 1), clause, result, error, "%s",
                                 purpose);
  *result = atoi (expression);
  return TRUE;
}

void
_adm_battle_report (AdmBattle  *self,
                    AdmAbout    about,
                    const char *format,
                    ...)
{
  AdmReportLine *line;
  gsize subjects_size = about.n_subjects * sizeof (guint32);
  va_list args;

  g_string_truncate (self->scratch, 0);
  va_start (args, format);
  g_string_append_vprintf (self->scratch, format, args);
  va_end (args);
  /* The line, its subjects and its text in one block, which the report owns. */
  line = g_malloc (sizeof (AdmReportLine) + subjects_size + self->scratch->len + 1);
  if (subjects_size > 0)
    memcpy (line + 1, about.subjects, subjects_size);
  line->subjects = (const guint32 *) (void *) (line + 1);
  line->n_subjects = about.n_subjects;
  line->text = (const char *) (line + 1) + subjects_size;
  memcpy ((char *) line->text, self->scratch->str, self->scratch->len + 1);
  line->turn = self->state->turn;
  line->phase = self->state->phase;
  line->fogged = NULL;
  line->withheld = FALSE;
  /* F-ECM-2: the sides told of the line are those that know everything it is about. */
  line->seen_by = adm_audience_subjects_seen_by (self, line->subjects, line->n_subjects);
  g_ptr_array_add (self->report, line);
}
/* @seen_by narrowed to the sides that may be told @fact of @ship: of those that may read the
 * line or roll so far (a phase reports thousands of facts), its own side, which sees
 * everything of a ship, and those the audience filter shows the fact
 * (adm_audience_ship_shows ()). */
static guint32
fact_seen_by (AdmBattle   *self,
              guint32      seen_by,
              guint        ship,
              AdmShipFact  fact)
{
  guint owner = _adm_battle_ship (self, ship)->side;
  guint32 may = 0;

  for (guint s = 0; s < MIN (self->sides->len, 32u); s++)
    if ((seen_by & (1u << s)) != 0 &&
        (s == owner || adm_audience_ship_shows (adm_audience_side (s), self, ship, fact)))
      may |= 1u << s;
  return may;
}

void
_adm_battle_report_fact (AdmBattle   *self,
                         guint        ship,
                         AdmShipFact  fact)
{
  AdmReportLine *line;

  if (self->report->len == 0)
    return;
  line = g_ptr_array_index (self->report, self->report->len - 1);
  line->seen_by = fact_seen_by (self, line->seen_by, ship, fact);
  line->withheld = TRUE;
}

void
_adm_battle_roll_fact (AdmBattle   *self,
                       guint        ship,
                       AdmShipFact  fact)
{
  AdmBattleRoll *roll = recent_roll (self, 0);

  if (roll == NULL)
    return;
  roll->seen_by = fact_seen_by (self, roll->seen_by, ship, fact);
  roll->withheld = TRUE;
}

void
_adm_battle_audience_since (AdmBattle *self,
                            guint      report_from,
                            guint      rolls_from,
                            guint32    keep,
                            guint32    add)
{
  for (guint i = report_from; i < self->report->len; i++)
    {
      AdmReportLine *line = g_ptr_array_index (self->report, i);

      line->seen_by = (line->seen_by & keep) | add;
      line->withheld |= keep != G_MAXUINT32;
    }
  for (guint i = rolls_from; i < self->rolls->len; i++)
    {
      AdmBattleRoll *roll = g_ptr_array_index (self->rolls, i);

      roll->seen_by = (roll->seen_by & keep) | add;
      roll->withheld |= keep != G_MAXUINT32;
    }
}

void
_adm_battle_report_line_free (gpointer data)
{
  AdmReportLine *line = data;

  if (line == NULL)
    return;
  g_free ((gpointer) line->fogged);
  g_free (line);
}

void
_adm_battle_roll_free (gpointer data)
{
  AdmBattleRoll *roll = data;

  if (roll == NULL)
    return;
  g_free ((gpointer) roll->fogged);
  g_free (roll);
}

/* Whether @subjects are side @side's fire at ship @target: they name the target and one of
 * the side's ships; or, written while that fire was resolved, the target alone (the damage
 * and the critical checks the fire caused). */
static gboolean
about_own_fire (AdmBattle     *self,
                const guint32 *subjects,
                guint          n_subjects,
                guint          side,
                guint          target)
{
  gboolean own = FALSE, at = FALSE, other = FALSE;

  for (guint i = 0; i < n_subjects; i++)
    {
      if (ADM_SUBJECT_KIND (subjects[i]) != ADM_SUBJECT_SHIP)
        other = TRUE;
      else if (ADM_SUBJECT_INDEX (subjects[i]) == target)
        at = TRUE;
      else if (_adm_battle_ship (self, ADM_SUBJECT_INDEX (subjects[i]))->side == side)
        own = TRUE;
      else
        other = TRUE;
    }
  return at && (own || !other);
}

/* @text with every @name in it written as @label. */
static char *
renamed (const char *text,
         const char *name,
         const char *label)
{
  g_auto(GStrv) parts = g_strsplit (text, name, -1);

  return g_strjoinv (label, parts);
}

void
_adm_battle_fog_own_fire (AdmBattle *self,
                          guint      report_from,
                          guint      rolls_from,
                          guint      side,
                          guint      target)
{
  const char *name = _adm_battle_ship (self, target)->name;
  /* Translators: the target of a side's own fire that it has not identified (F-ECM-4), in
   * its report and dice: "Kestrel's Main battery, firepower 5 at approaching capital ship a
   * face-down token, 22.0 cm" */
  const char *label = _("a face-down token");
  guint32 bit;

  if (side >= 32 || name == NULL || *name == '\0')
    return;
  bit = 1u << side;
  for (guint i = report_from; i < self->report->len; i++)
    {
      AdmReportLine *line = g_ptr_array_index (self->report, i);
      AdmReportLine *copy;
      g_autofree char *text = NULL;

      if ((line->seen_by & bit) != 0 || line->fogged != NULL || line->withheld ||
          !about_own_fire (self, line->subjects, line->n_subjects, side, target))
        continue;
      text = renamed (line->text, name, label);
      copy = g_malloc (sizeof (AdmReportLine) + strlen (text) + 1);
      *copy = *line;
      copy->text = memcpy ((char *) (copy + 1), text, strlen (text) + 1);
      copy->seen_by = bit;
      copy->fogged = NULL;
      line->fogged = copy;
    }
  for (guint i = rolls_from; i < self->rolls->len; i++)
    {
      AdmBattleRoll *roll = g_ptr_array_index (self->rolls, i);
      AdmBattleRoll *copy;
      g_autofree char *purpose = NULL;

      if ((roll->seen_by & bit) != 0 || roll->fogged != NULL || roll->withheld ||
          !about_own_fire (self, roll->subjects, roll->n_subjects, side, target))
        continue;
      purpose = renamed (roll->purpose, name, label);
      copy = g_malloc (sizeof (AdmBattleRoll) + strlen (purpose) + 1);
      *copy = *roll;
      copy->purpose = memcpy ((char *) (copy + 1), purpose, strlen (purpose) + 1);
      copy->seen_by = bit;
      copy->fogged = NULL;
      roll->fogged = copy;
    }
}

void
_adm_battle_illegal (AdmBattle   *self,
                     GError     **error,
                     int          line,
                     const char  *format,
                     ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  if (self->orders != NULL && self->orders->file != NULL && line > 0)
    g_set_error (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_ILLEGAL, "%s:%d: %s",
                 self->orders->file, line, message);
  else
    g_set_error_literal (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_ILLEGAL, message);
}
