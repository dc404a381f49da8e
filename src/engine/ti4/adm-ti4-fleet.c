/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-ti4-fleet.c: the rules of Twilight Imperium 4 combat that act on one side's units (LRR
 * 39 space combat, LRR 48 ground combat), as pure functions on plain fleets. */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "adm-ti4-fleet.h"

G_DEFINE_QUARK (adm-ti4-error-quark, adm_ti4_error)

const char *
adm_ti4_side_to_string (AdmTi4Side side)
{
  return side == ADM_TI4_ATTACKER ? "attacker" : "defender";
}

const char *
adm_ti4_side_name (AdmTi4Side side)
{
  return side == ADM_TI4_ATTACKER ? _("Attacker") : _("Defender");
}

const char *
adm_ti4_arena_to_string (AdmTi4Arena arena)
{
  return arena == ADM_TI4_GROUND ? "ground" : "space";
}

static const char * const policy_ids[ADM_TI4_N_POLICIES] = {
  "sustain-first",
  "cheapest-first",
};

const char *
adm_ti4_policy_to_string (AdmTi4Policy policy)
{
  g_return_val_if_fail (policy < ADM_TI4_N_POLICIES, NULL);
  return policy_ids[policy];
}

gboolean
adm_ti4_policy_from_string (const char   *text,
                            AdmTi4Policy *out)
{
  for (guint i = 0; text != NULL && i < ADM_TI4_N_POLICIES; i++)
    if (g_str_equal (text, policy_ids[i]))
      {
        *out = i;
        return TRUE;
      }
  return FALSE;
}

const char *
adm_ti4_policy_describe (AdmTi4Policy policy)
{
  switch (policy)
    {
    case ADM_TI4_POLICY_SUSTAIN_FIRST:
      return _("Sustain damage on every undamaged unit that can, then destroy the cheapest unit");
    case ADM_TI4_POLICY_CHEAPEST_FIRST:
      return _("Each hit goes to the cheapest unit, which sustains it if it can");
    default:
      g_return_val_if_reached (NULL);
    }
}

void
adm_ti4_fleet_clear (AdmTi4Fleet *fleet)
{
  memset (fleet, 0, sizeof *fleet);
}

static gboolean
parse_count (const char *text,
             guint      *out)
{
  guint64 value;

  if (text[0] == '\0' || !g_ascii_isdigit (text[0]))
    return FALSE;
  if (!g_ascii_string_to_unsigned (text, 10, 0, ADM_TI4_MAX_COUNT, &value, NULL))
    return FALSE;
  *out = (guint) value;
  return TRUE;
}

gboolean
adm_ti4_fleet_parse (AdmTi4Catalog *catalog,
                     const char    *text,
                     AdmTi4Fleet   *fleet,
                     GError       **error)
{
  g_auto(GStrv) items = NULL;
  AdmTi4Fleet result;
  gboolean seen[ADM_TI4_MAX_UNITS] = { FALSE, };
  guint total = 0;

  g_return_val_if_fail (ADM_IS_TI4_CATALOG (catalog), FALSE);
  g_return_val_if_fail (text != NULL && fleet != NULL, FALSE);

  adm_ti4_fleet_clear (&result);
  items = g_strsplit (text, ",", -1);
  for (guint i = 0; items[i] != NULL; i++)
    {
      g_autofree char *item = g_strstrip (g_strdup (items[i]));
      g_autofree char *id = NULL;
      const char *equals;
      const char *count_text;
      guint count;
      int unit;

      if (item[0] == '\0')
        {
          /* "" is an empty fleet; an empty item between commas is a typo. */
          if (items[1] == NULL)
            break;
          g_set_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_PARSE,
                       _("“%s”: item %u is empty; write units as unit=count separated by "
                         "commas, such as dreadnought=2,fighter=3"), text, i + 1);
          return FALSE;
        }
      equals = strchr (item, '=');
      if (equals == NULL)
        {
          g_set_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_PARSE,
                       _("“%s” has no count: write unit=count, such as dreadnought=2"), item);
          return FALSE;
        }
      id = g_strstrip (g_strndup (item, equals - item));
      count_text = equals + 1;
      while (g_ascii_isspace (*count_text))
        count_text++;
      unit = adm_ti4_catalog_find (catalog, id);
      if (unit < 0)
        {
          g_autofree char *known = adm_ti4_catalog_list_ids (catalog);

          g_set_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_UNKNOWN,
                       _("Unknown unit “%s”; the units are %s"), id, known);
          return FALSE;
        }
      if (count_text[0] == '-')
        {
          g_set_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID,
                       _("“%s”: a count cannot be negative"), item);
          return FALSE;
        }
      if (!parse_count (count_text, &count))
        {
          g_set_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID,
                       _("“%s”: the count must be a whole number from 0 to %d"), item,
                       ADM_TI4_MAX_COUNT);
          return FALSE;
        }
      if (seen[unit])
        {
          g_set_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID,
                       _("“%s” is listed twice"), id);
          return FALSE;
        }
      seen[unit] = TRUE;
      result.intact[unit] = count;
      total += count;
    }
  if (total > ADM_TI4_MAX_TOTAL)
    {
      g_set_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID,
                   _("%u units in all: a side may have at most %d"), total, ADM_TI4_MAX_TOTAL);
      return FALSE;
    }
  *fleet = result;
  return TRUE;
}

char *
adm_ti4_fleet_to_string (AdmTi4Catalog     *catalog,
                         const AdmTi4Fleet *fleet)
{
  g_autoptr(GString) text = g_string_new (NULL);

  g_return_val_if_fail (ADM_IS_TI4_CATALOG (catalog), NULL);

  for (guint i = 0; i < adm_ti4_catalog_get_n_units (catalog); i++)
    {
      guint count = adm_ti4_fleet_count (fleet, i);

      if (count == 0)
        continue;
      if (text->len > 0)
        g_string_append_c (text, ',');
      g_string_append_printf (text, "%s=%u", adm_ti4_catalog_get_unit (catalog, i)->id, count);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

char *
adm_ti4_fleet_describe (AdmTi4Catalog     *catalog,
                        const AdmTi4Fleet *fleet)
{
  g_autoptr(GString) text = g_string_new (NULL);

  g_return_val_if_fail (ADM_IS_TI4_CATALOG (catalog), NULL);

  for (guint i = 0; i < adm_ti4_catalog_get_n_units (catalog); i++)
    {
      const AdmTi4Unit *unit = adm_ti4_catalog_get_unit (catalog, i);
      guint count = adm_ti4_fleet_count (fleet, i);

      if (count == 0)
        continue;
      if (text->len > 0)
        g_string_append (text, ", ");
      if (fleet->damaged[i] > 0)
        /* Translators: units of one kind, some damaged: "2 Dreadnought (1 damaged)" */
        g_string_append_printf (text, _("%u %s (%u damaged)"), count, unit->name,
                                fleet->damaged[i]);
      else
        /* Translators: units of one kind: "3 Fighter" */
        g_string_append_printf (text, _("%u %s"), count, unit->name);
    }
  if (text->len == 0)
    g_string_append (text, _("no units"));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* adm_ti4_fleet_count without the argument check, for the loops the odds run most. */
static inline guint
count_of (const AdmTi4Fleet *fleet,
          guint              unit)
{
  return fleet->intact[unit] + fleet->damaged[unit];
}

static gboolean
fights_in (const AdmTi4Unit *unit,
           AdmTi4Arena       arena)
{
  return arena == ADM_TI4_GROUND ? unit->kind == ADM_TI4_KIND_GROUND
                                 : unit->kind == ADM_TI4_KIND_SHIP;
}

gboolean
adm_ti4_fleet_check_arena (AdmTi4Catalog     *catalog,
                           const AdmTi4Fleet *fleet,
                           AdmTi4Arena        arena,
                           AdmTi4Side         side,
                           GError           **error)
{
  const AdmTi4Unit * const *units;
  guint n_units, fighting = 0, total = 0;

  g_return_val_if_fail (ADM_IS_TI4_CATALOG (catalog), FALSE);

  /* One pass over the cards: the odds check both fleets of every battle they compute. */
  units = adm_ti4_catalog_get_units (catalog, &n_units);
  for (guint i = 0; i < MIN (n_units, ADM_TI4_MAX_UNITS); i++)
    {
      guint count = count_of (fleet, i);

      if (count == 0)
        continue;
      total += count;
      /* LRR 48.1: only ground forces fight on a planet. */
      if (arena == ADM_TI4_GROUND && units[i]->kind != ADM_TI4_KIND_GROUND)
        {
          g_set_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID,
                       side == ADM_TI4_ATTACKER
                         ? _("The attacker has a %s: only ground forces fight in a ground combat")
                         : _("The defender has a %s: only ground forces fight in a ground combat"),
                       units[i]->name);
          return FALSE;
        }
      if (fights_in (units[i], arena))
        fighting += count;
    }
  /* As adm_ti4_fleet_parse () allows: the odds of a larger side are no longer exact in
   * bounded time. */
  if (total > ADM_TI4_MAX_TOTAL)
    {
      g_set_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID,
                   side == ADM_TI4_ATTACKER
                     ? _("The attacker has %u units: a side may have at most %d")
                     : _("The defender has %u units: a side may have at most %d"),
                   total, ADM_TI4_MAX_TOTAL);
      return FALSE;
    }
  if (fighting == 0)
    {
      g_set_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID,
                   arena == ADM_TI4_GROUND
                     ? (side == ADM_TI4_ATTACKER ? _("The attacker has no ground forces")
                                                : _("The defender has no ground forces"))
                     : (side == ADM_TI4_ATTACKER ? _("The attacker has no ships")
                                                : _("The defender has no ships")));
      return FALSE;
    }
  return TRUE;
}

gboolean
adm_ti4_fleet_equal (const AdmTi4Fleet *a,
                     const AdmTi4Fleet *b)
{
  return memcmp (a, b, sizeof *a) == 0;
}

/* One round of the hashes below: the value mixed in by a multiply. */
static inline guint64
hash_mix (guint64 hash,
          guint64 word)
{
  hash = (hash ^ word) * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
  return hash ^ (hash >> 29);
}

guint
adm_ti4_fleet_hash_in (const AdmTi4Cards *cards,
                       const AdmTi4Fleet *fleet)
{
  guint64 hash = 0;

  /* A card's intact and damaged counts in one word: the odds hash every fleet they meet. */
  for (guint c = 0; c < cards->n; c++)
    {
      guint i = cards->index[c];

      hash = hash_mix (hash, (guint64) fleet->intact[i] << 16 | fleet->damaged[i]);
    }
  return (guint) (hash ^ (hash >> 32));
}

guint
adm_ti4_fleet_hash (const AdmTi4Fleet *fleet)
{
  const guint8 *bytes = (const guint8 *) fleet;
  guint64 hash = 0;

  /* Eight bytes at a time, each mixed by a multiply: the odds hash every fleet they meet. */
  G_STATIC_ASSERT (sizeof *fleet % sizeof (guint64) == 0);
  for (gsize i = 0; i < sizeof *fleet; i += sizeof (guint64))
    {
      guint64 word;

      memcpy (&word, bytes + i, sizeof word);
      hash = hash_mix (hash, word);
    }
  return (guint) (hash ^ (hash >> 32));
}

guint
adm_ti4_fleet_count (const AdmTi4Fleet *fleet,
                     guint              unit)
{
  g_return_val_if_fail (unit < ADM_TI4_MAX_UNITS, 0);
  return fleet->intact[unit] + fleet->damaged[unit];
}

void
adm_ti4_cards_all (AdmTi4Catalog *catalog,
                   AdmTi4Cards   *cards)
{
  adm_ti4_cards_of (catalog, NULL, NULL, cards);
}

void
adm_ti4_cards_of (AdmTi4Catalog     *catalog,
                  const AdmTi4Fleet *fleet,
                  const AdmTi4Fleet *other,
                  AdmTi4Cards       *cards)
{
  guint n_units;
  const AdmTi4Unit * const *units = adm_ti4_catalog_get_units (catalog, &n_units);

  cards->n = 0;
  for (guint i = 0; i < MIN (n_units, ADM_TI4_MAX_UNITS); i++)
    if (fleet == NULL || count_of (fleet, i) > 0 || (other != NULL && count_of (other, i) > 0))
      {
        cards->index[cards->n] = i;
        cards->unit[cards->n] = units[i];
        cards->n++;
      }
}

void
adm_ti4_fleet_tally (AdmTi4Catalog     *catalog,
                     const AdmTi4Fleet *fleet,
                     AdmTi4Arena        arena,
                     AdmTi4Tally       *tally)
{
  AdmTi4Cards cards;

  adm_ti4_cards_all (catalog, &cards);
  adm_ti4_fleet_tally_in (&cards, fleet, arena, tally);
}

void
adm_ti4_fleet_tally_in (const AdmTi4Cards *cards,
                        const AdmTi4Fleet *fleet,
                        AdmTi4Arena        arena,
                        AdmTi4Tally       *tally)
{
  memset (tally, 0, sizeof *tally);
  for (guint c = 0; c < cards->n; c++)
    {
      const AdmTi4Unit *unit = cards->unit[c];
      guint i = cards->index[c], count;

      /* LRR 39.9, 48.4: ships fight in space, ground forces on a planet. */
      if (!fights_in (unit, arena))
        continue;
      count = count_of (fleet, i);
      tally->fighting += count;
      /* One hit per unit, one more per undamaged unit with Sustain Damage (LRR 39.6.a). */
      tally->capacity += count + (unit->sustain ? fleet->intact[i] : 0);
      /* LRR 39.5.a: one die per burst icon; 39.5.b-c: grouped by combat value. */
      tally->dice.dice[unit->combat] += count * unit->dice;
      tally->n_dice += count * unit->dice;
    }
}

guint
adm_ti4_fleet_fighting (AdmTi4Catalog     *catalog,
                        const AdmTi4Fleet *fleet,
                        AdmTi4Arena        arena)
{
  AdmTi4Tally tally;

  adm_ti4_fleet_tally (catalog, fleet, arena, &tally);
  return tally.fighting;
}

guint
adm_ti4_fleet_hit_capacity (AdmTi4Catalog     *catalog,
                            const AdmTi4Fleet *fleet,
                            AdmTi4Arena        arena)
{
  AdmTi4Tally tally;

  adm_ti4_fleet_tally (catalog, fleet, arena, &tally);
  return tally.capacity;
}

void
adm_ti4_fleet_combat_dice (AdmTi4Catalog     *catalog,
                           const AdmTi4Fleet *fleet,
                           AdmTi4Arena        arena,
                           AdmTi4Dice        *dice)
{
  AdmTi4Tally tally;

  adm_ti4_fleet_tally (catalog, fleet, arena, &tally);
  *dice = tally.dice;
}

void
adm_ti4_fleet_afb_dice (AdmTi4Catalog     *catalog,
                        const AdmTi4Fleet *fleet,
                        AdmTi4Dice        *dice)
{
  AdmTi4Cards cards;

  adm_ti4_cards_all (catalog, &cards);
  adm_ti4_fleet_afb_dice_in (&cards, fleet, dice);
}

void
adm_ti4_fleet_afb_dice_in (const AdmTi4Cards *cards,
                           const AdmTi4Fleet *fleet,
                           AdmTi4Dice        *dice)
{
  memset (dice, 0, sizeof *dice);
  for (guint c = 0; c < cards->n; c++)
    {
      const AdmTi4Unit *unit = cards->unit[c];

      if (unit->afb != 0)
        dice->dice[unit->afb] += count_of (fleet, cards->index[c]) * unit->afb_dice;
    }
}

guint
adm_ti4_dice_total (const AdmTi4Dice *dice)
{
  guint total = 0;

  for (guint v = 1; v <= 10; v++)
    total += dice->dice[v];
  return total;
}

/* The unit to lose next among those that fight (fighters only for a barrage): the cheapest,
 * then the weakest (highest combat value), then the first in the catalogue; damaged before
 * intact of the same card, as a damaged one cannot sustain again. Its place in @cards, -1
 * when none is left. */
static int
cheapest (const AdmTi4Cards *cards,
          const AdmTi4Fleet *fleet,
          AdmTi4Arena        arena,
          gboolean           fighters_only)
{
  const AdmTi4Unit *other = NULL;
  int best = -1;

  for (guint c = 0; c < cards->n; c++)
    {
      const AdmTi4Unit *unit = cards->unit[c];
      guint i = cards->index[c];

      if (!fights_in (unit, arena) || count_of (fleet, i) == 0 ||
          (fighters_only && !unit->fighter))
        continue;
      if (best < 0)
        {
          best = c;
          other = unit;
          continue;
        }
      /* cost/per compared without rounding */
      if ((guint64) unit->cost * other->per < (guint64) other->cost * unit->per ||
          ((guint64) unit->cost * other->per == (guint64) other->cost * unit->per &&
           unit->combat > other->combat))
        {
          best = c;
          other = unit;
        }
    }
  return best;
}

/* One hit on @left by @policy (LRR 39.6, 48.2), noted in @assignment when not NULL; FALSE
 * when nothing in @left can take it. Hits are taken one at a time, each by what is left
 * after the ones before, so that a number of hits and that number one by one (the odds'
 * solver, adm-ti4-odds.c) come to the same fleet. */
static gboolean
take_hit (const AdmTi4Cards  *cards,
          AdmTi4Fleet        *left,
          AdmTi4Arena         arena,
          AdmTi4Policy        policy,
          AdmTi4Assignment   *assignment)
{
  int c;
  guint i;

  /* LRR 39.6.a: sustain damage cancels a hit, once per undamaged unit that has it, in the
   * catalogue's order. */
  if (policy == ADM_TI4_POLICY_SUSTAIN_FIRST)
    for (guint k = 0; k < cards->n; k++)
      {
        guint u = cards->index[k];

        if (cards->unit[k]->sustain && left->intact[u] > 0 && fights_in (cards->unit[k], arena))
          {
            if (assignment != NULL)
              assignment->sustain[u]++;
            left->intact[u]--;
            left->damaged[u]++;
            return TRUE;
          }
      }

  /* LRR 39.6, 48.2: then one unit destroyed per hit. */
  c = cheapest (cards, left, arena, FALSE);
  if (c < 0)
    return FALSE;
  i = cards->index[c];
  if (policy == ADM_TI4_POLICY_CHEAPEST_FIRST && left->intact[i] > 0 && cards->unit[c]->sustain)
    {
      if (assignment != NULL)
        assignment->sustain[i]++;
      left->intact[i]--;
      left->damaged[i]++;
    }
  else if (left->damaged[i] > 0)
    {
      if (assignment != NULL)
        assignment->destroy_damaged[i]++;
      left->damaged[i]--;
    }
  else
    {
      if (assignment != NULL)
        assignment->destroy_intact[i]++;
      left->intact[i]--;
    }
  return TRUE;
}

void
adm_ti4_fleet_suggest (AdmTi4Catalog     *catalog,
                       const AdmTi4Fleet *fleet,
                       AdmTi4Arena        arena,
                       guint              hits,
                       AdmTi4Policy       policy,
                       AdmTi4Assignment  *assignment)
{
  AdmTi4Fleet left = *fleet;
  AdmTi4Cards cards;

  adm_ti4_cards_all (catalog, &cards);
  memset (assignment, 0, sizeof *assignment);
  while (hits > 0 && take_hit (&cards, &left, arena, policy, assignment))
    hits--;
}

static void
apply_unchecked (AdmTi4Fleet            *fleet,
                 const AdmTi4Assignment *assignment)
{
  for (guint i = 0; i < ADM_TI4_MAX_UNITS; i++)
    {
      fleet->intact[i] -= assignment->sustain[i] + assignment->destroy_intact[i];
      fleet->damaged[i] += assignment->sustain[i];
      fleet->damaged[i] -= assignment->destroy_damaged[i];
    }
}

guint
adm_ti4_fleet_assign_hits (AdmTi4Catalog *catalog,
                           AdmTi4Fleet   *fleet,
                           AdmTi4Arena    arena,
                           guint          hits,
                           AdmTi4Policy   policy)
{
  AdmTi4Cards cards;

  adm_ti4_cards_all (catalog, &cards);
  return adm_ti4_fleet_assign_hits_in (&cards, fleet, arena, hits, policy);
}

guint
adm_ti4_fleet_assign_hits_in (const AdmTi4Cards *cards,
                              AdmTi4Fleet       *fleet,
                              AdmTi4Arena        arena,
                              guint              hits,
                              AdmTi4Policy       policy)
{
  /* What adm_ti4_fleet_suggest () would assign, taken straight off @fleet; a hit nothing
   * can take is left over (more hits than the hit capacity). */
  while (hits > 0 && take_hit (cards, fleet, arena, policy, NULL))
    hits--;
  return hits;
}

guint
adm_ti4_fleet_assign_afb_hits (AdmTi4Catalog *catalog,
                               AdmTi4Fleet   *fleet,
                               guint          hits)
{
  AdmTi4Cards cards;

  adm_ti4_cards_all (catalog, &cards);
  return adm_ti4_fleet_assign_afb_hits_in (&cards, fleet, hits);
}

guint
adm_ti4_fleet_assign_afb_hits_in (const AdmTi4Cards *cards,
                                  AdmTi4Fleet       *fleet,
                                  guint              hits)
{
  while (hits > 0)
    {
      int c = cheapest (cards, fleet, ADM_TI4_SPACE, TRUE);
      guint i;

      if (c < 0)
        break;
      i = cards->index[c];
      /* LRR 39.3: barrage hits destroy fighters, which have no Sustain Damage. */
      if (fleet->damaged[i] > 0)
        fleet->damaged[i]--;
      else
        fleet->intact[i]--;
      hits--;
    }
  return hits;
}

gboolean
adm_ti4_fleet_apply (AdmTi4Catalog          *catalog,
                     AdmTi4Fleet            *fleet,
                     AdmTi4Arena             arena,
                     guint                   hits,
                     gboolean                barrage,
                     const AdmTi4Assignment *assignment,
                     GError                **error)
{
  guint n = adm_ti4_catalog_get_n_units (catalog);
  guint assigned = 0, can_take = 0;

  g_return_val_if_fail (ADM_IS_TI4_CATALOG (catalog), FALSE);

  for (guint i = 0; i < ADM_TI4_MAX_UNITS; i++)
    {
      const AdmTi4Unit *unit = i < n ? adm_ti4_catalog_get_unit (catalog, i) : NULL;
      guint here = assignment->sustain[i] + assignment->destroy_intact[i] +
                   assignment->destroy_damaged[i];

      if (here == 0)
        continue;
      if (unit == NULL || !fights_in (unit, arena) || (barrage && !unit->fighter))
        {
          g_set_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID,
                       barrage ? _("Anti-Fighter Barrage hits can only destroy fighters "
                                   "(LRR 39.3)")
                               : _("A %s does not take part in this combat and cannot take "
                                   "hits"),
                       unit != NULL ? unit->name : "?");
          return FALSE;
        }
      if (assignment->sustain[i] > 0 && (!unit->sustain || barrage))
        {
          g_set_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID,
                       _("A %s has no Sustain Damage"), unit->name);
          return FALSE;
        }
      if (assignment->sustain[i] + assignment->destroy_intact[i] > fleet->intact[i])
        {
          g_set_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID,
                       ngettext ("There is only %u undamaged %s", "There are only %u undamaged %s",
                                 fleet->intact[i]),
                       fleet->intact[i], unit->name);
          return FALSE;
        }
      /* A unit may sustain a hit and be destroyed by another in the same assignment. */
      if (assignment->destroy_damaged[i] > fleet->damaged[i] + assignment->sustain[i])
        {
          g_set_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID,
                       ngettext ("There is only %u damaged %s", "There are only %u damaged %s",
                                 fleet->damaged[i]),
                       fleet->damaged[i], unit->name);
          return FALSE;
        }
      assigned += here;
    }

  /* LRR 39.6: one unit (or one sustained damage) per hit, and every hit assigned while
   * anything can take it. */
  for (guint i = 0; i < n; i++)
    {
      const AdmTi4Unit *unit = adm_ti4_catalog_get_unit (catalog, i);

      if (!fights_in (unit, arena) || (barrage && !unit->fighter))
        continue;
      can_take += adm_ti4_fleet_count (fleet, i);
      if (unit->sustain && !barrage)
        can_take += fleet->intact[i];
    }
  if (assigned != MIN (hits, can_take))
    {
      g_set_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID,
                   ngettext ("%u hit to assign, but %u assigned",
                             "%u hits to assign, but %u assigned", MIN (hits, can_take)),
                   MIN (hits, can_take), assigned);
      return FALSE;
    }
  apply_unchecked (fleet, assignment);
  return TRUE;
}

/* Fighters and ground forces without a move value need a place in a ship. */
static gboolean
needs_transport (const AdmTi4Unit *unit)
{
  return (unit->kind == ADM_TI4_KIND_GROUND || unit->fighter) && unit->move == 0;
}

gboolean
adm_ti4_cards_need_transport (const AdmTi4Cards *cards)
{
  for (guint c = 0; c < cards->n; c++)
    if (needs_transport (cards->unit[c]))
      return TRUE;
  return FALSE;
}

/* Removes transported units beyond @capacity, the cheapest first. */
static guint
remove_excess (const AdmTi4Cards *cards,
               AdmTi4Fleet       *fleet,
               guint              capacity,
               AdmTi4Fleet       *removed)
{
  guint carried = 0, count = 0;

  for (guint c = 0; c < cards->n; c++)
    if (needs_transport (cards->unit[c]))
      carried += count_of (fleet, cards->index[c]);

  while (carried > capacity)
    {
      const AdmTi4Unit *other = NULL;
      int pick = -1;

      for (guint c = 0; c < cards->n; c++)
        {
          const AdmTi4Unit *unit = cards->unit[c];
          guint i = cards->index[c];

          if (!needs_transport (unit) || count_of (fleet, i) == 0)
            continue;
          if (pick < 0 || (guint64) unit->cost * other->per < (guint64) other->cost * unit->per)
            {
              pick = i;
              other = unit;
            }
        }
      g_assert (pick >= 0);
      if (fleet->damaged[pick] > 0)
        {
          fleet->damaged[pick]--;
          if (removed != NULL)
            removed->damaged[pick]++;
        }
      else
        {
          fleet->intact[pick]--;
          if (removed != NULL)
            removed->intact[pick]++;
        }
      carried--;
      count++;
    }
  return count;
}

static guint
ship_capacity (const AdmTi4Cards *cards,
               const AdmTi4Fleet *fleet,
               gboolean           moving_only)
{
  guint capacity = 0;

  for (guint c = 0; c < cards->n; c++)
    {
      const AdmTi4Unit *unit = cards->unit[c];

      if (unit->kind == ADM_TI4_KIND_SHIP && (!moving_only || unit->move > 0))
        capacity += count_of (fleet, cards->index[c]) * unit->capacity;
    }
  return capacity;
}

void
adm_ti4_fleet_retreat (AdmTi4Catalog *catalog,
                       AdmTi4Fleet   *fleet,
                       AdmTi4Fleet   *removed)
{
  AdmTi4Cards cards;

  g_return_if_fail (ADM_IS_TI4_CATALOG (catalog));

  adm_ti4_cards_all (catalog, &cards);
  adm_ti4_fleet_retreat_in (&cards, fleet, removed);
}

void
adm_ti4_fleet_retreat_in (const AdmTi4Cards *cards,
                          AdmTi4Fleet       *fleet,
                          AdmTi4Fleet       *removed)
{
  /* LRR 39.7.b: ships with a move value retreat; what cannot move rides in them, up to
   * their capacity, and the rest is removed. */
  remove_excess (cards, fleet, ship_capacity (cards, fleet, TRUE), removed);
}

guint
adm_ti4_fleet_capacity_check (AdmTi4Catalog *catalog,
                              AdmTi4Fleet   *fleet,
                              AdmTi4Fleet   *removed)
{
  AdmTi4Cards cards;

  g_return_val_if_fail (ADM_IS_TI4_CATALOG (catalog), 0);

  adm_ti4_cards_all (catalog, &cards);
  return adm_ti4_fleet_capacity_check_in (&cards, fleet, removed);
}

guint
adm_ti4_fleet_capacity_check_in (const AdmTi4Cards *cards,
                                 AdmTi4Fleet       *fleet,
                                 AdmTi4Fleet       *removed)
{
  /* LRR 39.10.a: fighters and ground forces beyond the ships' capacity are removed. */
  return remove_excess (cards, fleet, ship_capacity (cards, fleet, FALSE), removed);
}
