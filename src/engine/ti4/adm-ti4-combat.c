/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-ti4-combat.c: one Twilight Imperium 4 combat resolved step by step — space combat (LRR
 * 39) or ground combat (LRR 48) — as a pure function of its set-up and its journal of
 * AdmEvents:
 *
 *   ti4-dice     round, side, barrage, hit-on, values   one group of dice (39.3, 39.5, 48.1)
 *   ti4-retreat  round, side, retreat                   an answer in Announce Retreats (39.4)
 *   ti4-hits     round, side, barrage, sustain, destroy, destroy-damaged
 *                                                       a side's assignment of hits (39.6)
 *
 * Everything else — the steps with nothing to decide, the log, the rolls, the outcome — is
 * derived by replaying the journal from the set-up; undo drops the last event and replays. */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "adm-clock.h"
#include "adm-file.h"
#include "adm-roll-check.h"
#include "adm-ti4-combat.h"
#include "adm-xml.h"

/* Version 2 journals actions, undo and redo entries (adm-journal.h); version 1 files, bare
 * events, still open (each event an action) and are saved as version 2. */
#define COMBAT_VERSION "2"
#define COMBAT_VERSION_EVENTS "1"

typedef enum {
  PHASE_AFB_DICE,   /* LRR 39.3: round 1's Anti-Fighter Barrage dice */
  PHASE_AFB_HITS,   /* LRR 39.3: barrage hits on fighters */
  PHASE_ANNOUNCE,   /* LRR 39.4 */
  PHASE_DICE,       /* LRR 39.5, 48.1 */
  PHASE_HITS,       /* LRR 39.6, 48.2 */
  PHASE_OVER,       /* LRR 39.9-39.10, 48.4 */
} Phase;

struct _AdmTi4Combat
{
  GObject        parent_instance;

  AdmTi4Catalog *catalog;
  AdmTi4Setup    setup;
  AdmJournal    *journal;  /* every step decided, undone and redone (adm-journal.h) */
  GPtrArray     *events;   /* AdmEvent*: the events of the actions in effect */

  /* Derived by replaying the journal. */
  AdmTi4Fleet    fleet[2];
  guint          round;
  Phase          phase;
  AdmTi4Side     cursor_side;   /* dice: the side rolling; hits: the side taking them */
  guint          cursor_value;  /* dice: the next combat value to look at */
  guint          hits[2];       /* hits produced by each side in this step */
  gboolean       announced[2];
  gboolean       retreated[2];
  AdmTi4Outcome  outcome;
  AdmTi4Need     need;
  char          *need_purpose;
  GPtrArray     *log;     /* AdmTi4LogLine* */
  GPtrArray     *rolls;   /* AdmTi4Roll* */
};

G_DEFINE_FINAL_TYPE (AdmTi4Combat, adm_ti4_combat, G_TYPE_OBJECT)

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static AdmTi4Side
other_side (AdmTi4Side side)
{
  return side == ADM_TI4_ATTACKER ? ADM_TI4_DEFENDER : ADM_TI4_ATTACKER;
}

static void
log_line_free (gpointer data)
{
  AdmTi4LogLine *line = data;

  g_free (line->text);
  g_free (line);
}

static void
roll_free (gpointer data)
{
  AdmTi4Roll *roll = data;

  g_array_unref (roll->values);
  g_free (roll->purpose);
  g_free (roll);
}

static void
adm_ti4_combat_finalize (GObject *object)
{
  AdmTi4Combat *self = ADM_TI4_COMBAT (object);

  g_clear_object (&self->catalog);
  g_free (self->setup.attacker_name);
  g_free (self->setup.defender_name);
  g_clear_object (&self->journal);
  g_ptr_array_unref (self->events);
  g_ptr_array_unref (self->log);
  g_ptr_array_unref (self->rolls);
  g_free (self->need_purpose);

  G_OBJECT_CLASS (adm_ti4_combat_parent_class)->finalize (object);
}

static void
adm_ti4_combat_class_init (AdmTi4CombatClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = adm_ti4_combat_finalize;

  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void journal_reset (gpointer owner);
static gboolean journal_apply (gpointer owner, const AdmJournalAction *action,
                               gpointer recording, gpointer snapshot, GError **error);
static char *journal_describe (gpointer owner, const AdmJournalAction *action);

static void
adm_ti4_combat_init (AdmTi4Combat *self)
{
  self->journal = adm_journal_new (self, journal_reset, journal_apply, journal_describe);
  self->events = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_event_unref);
  self->log = g_ptr_array_new_with_free_func (log_line_free);
  self->rolls = g_ptr_array_new_with_free_func (roll_free);
}

/* ---- Small helpers ------------------------------------------------------------------- */

const char *
adm_ti4_combat_get_side_name (AdmTi4Combat *self,
                              AdmTi4Side    side)
{
  const char *name;

  g_return_val_if_fail (ADM_IS_TI4_COMBAT (self), NULL);

  name = side == ADM_TI4_ATTACKER ? self->setup.attacker_name : self->setup.defender_name;
  return name != NULL && *name != '\0' ? name : adm_ti4_side_name (side);
}

static void add_log (AdmTi4Combat *self,
                     const char   *clause,
                     const char   *format,
                     ...) G_GNUC_PRINTF (3, 4);

static void
add_log (AdmTi4Combat *self,
         const char   *clause,
         const char   *format,
         ...)
{
  AdmTi4LogLine *line = g_new0 (AdmTi4LogLine, 1);
  va_list args;

  va_start (args, format);
  line->round = self->round;
  line->clause = clause;
  line->text = g_strdup_vprintf (format, args);
  va_end (args);
  g_ptr_array_add (self->log, line);
}

/* Ships in the space area (LRR 39.9) or ground forces on the planet (48.4); a side that
 * retreated has none left there. */
static guint
present (AdmTi4Combat *self,
         AdmTi4Side    side)
{
  if (self->retreated[side])
    return 0;
  return adm_ti4_fleet_fighting (self->catalog, &self->fleet[side], self->setup.arena);
}

static guint
fighters (AdmTi4Combat      *self,
          const AdmTi4Fleet *fleet,
          guint             *kinds)
{
  guint total = 0, n_kinds = 0;

  for (guint i = 0; i < adm_ti4_catalog_get_n_units (self->catalog); i++)
    if (adm_ti4_catalog_get_unit (self->catalog, i)->fighter &&
        adm_ti4_fleet_count (fleet, i) > 0)
      {
        total += adm_ti4_fleet_count (fleet, i);
        n_kinds++;
      }
  if (kinds != NULL)
    *kinds = n_kinds;
  return total;
}

static gboolean
fleet_is_empty (const AdmTi4Fleet *fleet)
{
  for (guint i = 0; i < ADM_TI4_MAX_UNITS; i++)
    if (fleet->intact[i] > 0 || fleet->damaged[i] > 0)
      return FALSE;
  return TRUE;
}

/* The dice @side rolls in this step (LRR 39.5.a-c, 48.1). Ruling: Anti-Fighter Barrage
 * dice are rolled only when the opponent has fighters (LRR 39.3). */
static void
side_dice (AdmTi4Combat *self,
           AdmTi4Side    side,
           gboolean      barrage,
           AdmTi4Dice   *dice)
{
  memset (dice, 0, sizeof *dice);
  if (barrage)
    {
      if (fighters (self, &self->fleet[other_side (side)], NULL) > 0)
        adm_ti4_fleet_afb_dice (self->catalog, &self->fleet[side], dice);
    }
  else
    adm_ti4_fleet_combat_dice (self->catalog, &self->fleet[side], self->setup.arena, dice);
}

/* "2 Dreadnought, 1 War Sun": the units of @side rolling at @value. */
static char *
group_units (AdmTi4Combat *self,
             AdmTi4Side    side,
             gboolean      barrage,
             guint         value)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < adm_ti4_catalog_get_n_units (self->catalog); i++)
    {
      const AdmTi4Unit *unit = adm_ti4_catalog_get_unit (self->catalog, i);
      guint count = adm_ti4_fleet_count (&self->fleet[side], i);
      gboolean fights = self->setup.arena == ADM_TI4_GROUND ? unit->kind == ADM_TI4_KIND_GROUND
                                                            : unit->kind == ADM_TI4_KIND_SHIP;

      if (count == 0 || (barrage ? unit->afb != value || unit->afb_dice == 0
                                 : !fights || unit->combat != value))
        continue;
      if (text->len > 0)
        g_string_append (text, ", ");
      /* Translators: units of one kind: "3 Fighter" */
      g_string_append_printf (text, _("%u %s"), count, unit->name);
    }
  return g_string_free (text, FALSE);
}

static const char *
dice_clause (AdmTi4Combat *self,
             gboolean      barrage)
{
  if (barrage)
    return "LRR 39.3";
  return self->setup.arena == ADM_TI4_GROUND ? "LRR 48.1" : "LRR 39.5";
}

static const char *
hits_clause (AdmTi4Combat *self,
             gboolean      barrage)
{
  if (barrage)
    return "LRR 39.3";
  return self->setup.arena == ADM_TI4_GROUND ? "LRR 48.2" : "LRR 39.6";
}

static void
set_need (AdmTi4Combat   *self,
          AdmTi4NeedKind  kind,
          AdmTi4Side      side,
          gboolean        barrage,
          guint           hit_on,
          guint           count,
          char           *purpose,   /* taken */
          const char     *clause)
{
  g_free (self->need_purpose);
  self->need_purpose = purpose;
  self->need.kind = kind;
  self->need.side = side;
  self->need.round = self->round;
  self->need.barrage = barrage;
  self->need.hit_on = hit_on;
  self->need.count = count;
  self->need.purpose = purpose;
  self->need.clause = clause;
}

/* "1 Dreadnought sustains damage, 2 Fighter destroyed" */
static char *
describe_assignment (AdmTi4Combat           *self,
                     const AdmTi4Assignment *assignment)
{
  GString *text = g_string_new (NULL);
  guint n = adm_ti4_catalog_get_n_units (self->catalog);

  for (guint i = 0; i < n; i++)
    if (assignment->sustain[i] > 0)
      {
        if (text->len > 0)
          g_string_append (text, ", ");
        g_string_append_printf (text,
                                ngettext ("%u %s sustains damage", "%u %s sustain damage",
                                          assignment->sustain[i]),
                                assignment->sustain[i],
                                adm_ti4_catalog_get_unit (self->catalog, i)->name);
      }
  for (guint i = 0; i < n; i++)
    {
      guint destroyed = assignment->destroy_intact[i] + assignment->destroy_damaged[i];

      if (destroyed == 0)
        continue;
      if (text->len > 0)
        g_string_append (text, ", ");
      g_string_append_printf (text, ngettext ("%u %s destroyed", "%u %s destroyed", destroyed),
                              destroyed, adm_ti4_catalog_get_unit (self->catalog, i)->name);
    }
  if (text->len == 0)
    g_string_append (text, _("nothing"));
  return g_string_free (text, FALSE);
}

/* Whether @side has a real choice for @hits (LRR 39.6, 48.2; barrage: 39.3): not when the
 * hits destroy everything that can take them, nor when only one kind of unit in one state
 * can take them and no Sustain Damage could be used instead. */
static gboolean
has_choice (AdmTi4Combat *self,
            AdmTi4Side    side,
            gboolean      barrage,
            guint         hits)
{
  const AdmTi4Fleet *fleet = &self->fleet[side];
  guint slots = 0;

  if (barrage)
    {
      guint kinds;

      return hits < fighters (self, fleet, &kinds) && kinds > 1;
    }
  if (hits >= adm_ti4_fleet_hit_capacity (self->catalog, fleet, self->setup.arena))
    return FALSE;
  for (guint i = 0; i < adm_ti4_catalog_get_n_units (self->catalog); i++)
    {
      const AdmTi4Unit *unit = adm_ti4_catalog_get_unit (self->catalog, i);
      gboolean fights = self->setup.arena == ADM_TI4_GROUND ? unit->kind == ADM_TI4_KIND_GROUND
                                                            : unit->kind == ADM_TI4_KIND_SHIP;

      if (!fights)
        continue;
      if (fleet->intact[i] > 0)
        slots += unit->sustain ? 2 : 1;  /* sustain or be destroyed */
      if (fleet->damaged[i] > 0)
        slots++;
    }
  return slots > 1;
}

/* The assignment when nobody chooses: @policy, or fighters only for a barrage. */
static void
policy_assignment (AdmTi4Combat     *self,
                   AdmTi4Side        side,
                   gboolean          barrage,
                   guint             hits,
                   AdmTi4Policy      policy,
                   AdmTi4Assignment *assignment)
{
  if (barrage)
    {
      AdmTi4Fleet after = self->fleet[side];

      memset (assignment, 0, sizeof *assignment);
      adm_ti4_fleet_assign_afb_hits (self->catalog, &after, hits);
      for (guint i = 0; i < ADM_TI4_MAX_UNITS; i++)
        {
          assignment->destroy_intact[i] = self->fleet[side].intact[i] - after.intact[i];
          assignment->destroy_damaged[i] = self->fleet[side].damaged[i] - after.damaged[i];
        }
    }
  else
    adm_ti4_fleet_suggest (self->catalog, &self->fleet[side], self->setup.arena, hits, policy,
                           assignment);
}

/* ---- The steps ------------------------------------------------------------------------ */

/* LRR 39.10.a and the notes: at the end of a space combat, fighters and ground forces beyond
 * the capacity of the ships left in the system are removed. */
static void
capacity_check (AdmTi4Combat *self,
                AdmTi4Side    side)
{
  AdmTi4Fleet removed;

  adm_ti4_fleet_clear (&removed);
  if (adm_ti4_fleet_capacity_check (self->catalog, &self->fleet[side], &removed) > 0)
    {
      g_autofree char *what = adm_ti4_fleet_describe (self->catalog, &removed);

      add_log (self, "LRR 39.10.a",
               _("%s: fighters and ground forces beyond the capacity of the ships left are "
                 "removed: %s"),
               adm_ti4_combat_get_side_name (self, side), what);
    }
}

/* LRR 39.9-39.10, 48.4: the end of the combat, its winner or a draw. */
static void
finish (AdmTi4Combat *self)
{
  guint attacker = present (self, ADM_TI4_ATTACKER);
  guint defender = present (self, ADM_TI4_DEFENDER);
  gboolean space = self->setup.arena == ADM_TI4_SPACE;
  const char *attacker_name = adm_ti4_combat_get_side_name (self, ADM_TI4_ATTACKER);
  const char *defender_name = adm_ti4_combat_get_side_name (self, ADM_TI4_DEFENDER);
  const char *clause = space ? "LRR 39.10" : "LRR 48.4";

  if (self->retreated[ADM_TI4_ATTACKER])
    {
      self->outcome = ADM_TI4_OUTCOME_ATTACKER_RETREATED;
      add_log (self, clause, _("The combat is over: %s retreated; %s holds the system and wins"),
               attacker_name, defender_name);
    }
  else if (self->retreated[ADM_TI4_DEFENDER])
    {
      self->outcome = ADM_TI4_OUTCOME_DEFENDER_RETREATED;
      add_log (self, clause, _("The combat is over: %s retreated; %s holds the system and wins"),
               defender_name, attacker_name);
    }
  else if (attacker > 0 && defender == 0)
    {
      self->outcome = ADM_TI4_OUTCOME_ATTACKER_WINS;
      add_log (self, clause,
               space ? _("The combat is over: only %s has ships left and wins")
                     : _("The combat is over: only %s has ground forces left and wins"),
               attacker_name);
    }
  else if (defender > 0 && attacker == 0)
    {
      self->outcome = ADM_TI4_OUTCOME_DEFENDER_WINS;
      add_log (self, clause,
               space ? _("The combat is over: only %s has ships left and wins")
                     : _("The combat is over: only %s has ground forces left and wins"),
               defender_name);
    }
  else
    {
      self->outcome = ADM_TI4_OUTCOME_DRAW;
      add_log (self, clause,
               space ? _("The combat is over: neither side has ships left — a draw")
                     : _("The combat is over: neither side has ground forces left — a draw"));
    }

  /* LRR 39.10.a: the capacity check on the winner, the side that holds the system (as the
   * odds do, adm-ti4-odds.c). */
  if (space && self->outcome != ADM_TI4_OUTCOME_DRAW)
    capacity_check (self, self->outcome == ADM_TI4_OUTCOME_ATTACKER_WINS ||
                          self->outcome == ADM_TI4_OUTCOME_DEFENDER_RETREATED
                            ? ADM_TI4_ATTACKER : ADM_TI4_DEFENDER);

  self->phase = PHASE_OVER;
}

/* LRR 39.7: @side announced a retreat and must retreat. */
static void
retreat (AdmTi4Combat *self,
         AdmTi4Side    side)
{
  const char *name = adm_ti4_combat_get_side_name (self, side);
  AdmTi4Fleet removed;

  /* LRR 39.7.a: with no enemy ships left the combat ends and the retreat does not occur. */
  if (present (self, other_side (side)) == 0)
    {
      add_log (self, "LRR 39.7.a",
               _("%s announced a retreat, but %s has no ships left: the retreat does not "
                 "occur"), name, adm_ti4_combat_get_side_name (self, other_side (side)));
      return;
    }
  if (present (self, side) == 0)
    return;

  /* LRR 39.7.b: ships with a move value leave; what cannot move rides in them up to their
   * capacity, the rest is removed. */
  adm_ti4_fleet_clear (&removed);
  adm_ti4_fleet_retreat (self->catalog, &self->fleet[side], &removed);
  self->retreated[side] = TRUE;
  if (!fleet_is_empty (&removed))
    {
      g_autofree char *what = adm_ti4_fleet_describe (self->catalog, &removed);

      add_log (self, "LRR 39.7.b",
               _("%s: fighters and ground forces that cannot be carried are removed: %s"),
               name, what);
    }
  if (fleet_is_empty (&self->fleet[side]))
    {
      /* LRR 39 notes: only fighters without a move value: removed, no command token. */
      add_log (self, "LRR 39.7.b",
               _("%s had only units that cannot move: they are removed and no command token "
                 "is placed"), name);
    }
  else
    {
      g_autofree char *what = adm_ti4_fleet_describe (self->catalog, &self->fleet[side]);

      add_log (self, "LRR 39.7.b", _("%s retreats to an adjacent system with %s"), name, what);
      /* LRR 39.7.d */
      add_log (self, "LRR 39.7.d",
               _("%s places a command token in the system it retreated to"), name);
    }
}

/* After the hits of a step are assigned. */
static void
after_hits (AdmTi4Combat *self)
{
  gboolean barrage = self->phase == PHASE_AFB_HITS;

  self->hits[ADM_TI4_ATTACKER] = self->hits[ADM_TI4_DEFENDER] = 0;

  if (self->setup.arena == ADM_TI4_GROUND)
    {
      /* LRR 48.3-48.4 */
      if (present (self, ADM_TI4_ATTACKER) > 0 && present (self, ADM_TI4_DEFENDER) > 0)
        {
          self->round++;
          add_log (self, "LRR 48.3",
                   _("Both sides have ground forces left: round %u begins"), self->round);
          self->phase = PHASE_DICE;
          self->cursor_side = ADM_TI4_ATTACKER;
          self->cursor_value = 1;
        }
      else
        finish (self);
      return;
    }

  if (barrage)
    {
      /* LRR 39.3.a */
      if (present (self, ADM_TI4_ATTACKER) == 0 || present (self, ADM_TI4_DEFENDER) == 0)
        {
          add_log (self, "LRR 39.3.a",
                   _("A side has no ships left after the Anti-Fighter Barrage: the combat "
                     "ends at once"));
          finish (self);
          return;
        }
      self->phase = PHASE_ANNOUNCE;
      self->cursor_side = ADM_TI4_DEFENDER;
      return;
    }

  /* LRR 39.7: step 5, Retreat. */
  for (AdmTi4Side side = ADM_TI4_ATTACKER; side <= ADM_TI4_DEFENDER; side++)
    if (self->announced[side])
      retreat (self, side);

  /* LRR 39.8-39.9 */
  if (present (self, ADM_TI4_ATTACKER) > 0 && present (self, ADM_TI4_DEFENDER) > 0)
    {
      self->round++;
      add_log (self, "LRR 39.8",
               _("Both sides have ships left: round %u begins with Announce Retreats"),
               self->round);
      self->announced[ADM_TI4_ATTACKER] = self->announced[ADM_TI4_DEFENDER] = FALSE;
      self->phase = PHASE_ANNOUNCE;
      self->cursor_side = ADM_TI4_DEFENDER;
    }
  else
    finish (self);
}

static void
apply_assignment (AdmTi4Combat           *self,
                  AdmTi4Side              side,
                  gboolean                barrage,
                  guint                   hits,
                  const AdmTi4Assignment *assignment,
                  const char             *how)
{
  g_autofree char *what = describe_assignment (self, assignment);

  for (guint i = 0; i < ADM_TI4_MAX_UNITS; i++)
    {
      self->fleet[side].intact[i] -= assignment->sustain[i] + assignment->destroy_intact[i];
      self->fleet[side].damaged[i] += assignment->sustain[i];
      self->fleet[side].damaged[i] -= assignment->destroy_damaged[i];
    }
  /* TRANSLATORS: "Defender takes 3 hits (everything is destroyed): 2 Fighter destroyed" */
  add_log (self, hits_clause (self, barrage),
           ngettext ("%s takes %u hit (%s): %s", "%s takes %u hits (%s): %s", hits),
           adm_ti4_combat_get_side_name (self, side), hits, how, what);
}

/* Passes every step that has nothing to decide, up to the next need. */
static void
settle (AdmTi4Combat *self)
{
  for (;;)
    {
      switch (self->phase)
        {
        case PHASE_AFB_DICE:
        case PHASE_DICE:
          {
            gboolean barrage = self->phase == PHASE_AFB_DICE;
            AdmTi4Dice dice;

            /* LRR 39.5.c, 39.5.f: each side's groups by combat value ascending, the
             * attacker's before the defender's. */
            for (;;)
              {
                side_dice (self, self->cursor_side, barrage, &dice);
                while (self->cursor_value <= 10 && dice.dice[self->cursor_value] == 0)
                  self->cursor_value++;
                if (self->cursor_value <= 10 || self->cursor_side == ADM_TI4_DEFENDER)
                  break;
                self->cursor_side = ADM_TI4_DEFENDER;
                self->cursor_value = 1;
              }
            if (self->cursor_value <= 10)
              {
                g_autofree char *units = group_units (self, self->cursor_side, barrage,
                                                      self->cursor_value);
                /* TRANSLATORS: "Attacker: 2 Dreadnought, combat roll, hit on 5+" */
                char *purpose = g_strdup_printf (barrage ? _("%s: %s, Anti-Fighter Barrage, "
                                                             "hit on %u+")
                                                         : _("%s: %s, combat roll, hit on %u+"),
                                                 adm_ti4_combat_get_side_name (self,
                                                                               self->cursor_side),
                                                 units, self->cursor_value);

                set_need (self, ADM_TI4_NEED_DICE, self->cursor_side, barrage,
                          self->cursor_value, dice.dice[self->cursor_value], purpose,
                          dice_clause (self, barrage));
                return;
              }
            self->phase = barrage ? PHASE_AFB_HITS : PHASE_HITS;
            /* Ruling: the attacker assigns first, then the defender (LRR 39.6). */
            self->cursor_side = ADM_TI4_ATTACKER;
          }
          break;

        case PHASE_AFB_HITS:
        case PHASE_HITS:
          {
            gboolean barrage = self->phase == PHASE_AFB_HITS;
            AdmTi4Side side = self->cursor_side;
            guint hits = self->hits[other_side (side)];

            if (hits > 0)
              {
                AdmTi4Assignment assignment;

                if (has_choice (self, side, barrage, hits))
                  {
                    /* TRANSLATORS: "Defender: assign 2 hits" */
                    set_need (self, ADM_TI4_NEED_HITS, side, barrage, 0, hits,
                              g_strdup_printf (ngettext ("%s: assign %u hit",
                                                         "%s: assign %u hits", hits),
                                               adm_ti4_combat_get_side_name (self, side), hits),
                              hits_clause (self, barrage));
                    return;
                  }
                /* No real choice: everything is destroyed, or only one way to take them. */
                policy_assignment (self, side, barrage, hits, ADM_TI4_POLICY_SUSTAIN_FIRST,
                                   &assignment);
                apply_assignment (self, side, barrage, hits, &assignment,
                                  (barrage ? hits >= fighters (self, &self->fleet[side], NULL)
                                           : hits >= adm_ti4_fleet_hit_capacity (
                                               self->catalog, &self->fleet[side],
                                               self->setup.arena))
                                    ? _("everything that can take them is destroyed")
                                    : _("no choice to make"));
              }
            if (side == ADM_TI4_ATTACKER)
              self->cursor_side = ADM_TI4_DEFENDER;
            else
              after_hits (self);
          }
          break;

        case PHASE_ANNOUNCE:
          if (self->cursor_side == ADM_TI4_DEFENDER)
            {
              /* LRR 39.4: the defender first; 39.4.c: only with an eligible system. */
              if (self->setup.defender_can_retreat)
                {
                  set_need (self, ADM_TI4_NEED_RETREAT, ADM_TI4_DEFENDER, FALSE, 0, 0,
                            g_strdup_printf (_("%s: announce a retreat?"),
                                             adm_ti4_combat_get_side_name (self,
                                                                           ADM_TI4_DEFENDER)),
                            "LRR 39.4");
                  return;
                }
              self->cursor_side = ADM_TI4_ATTACKER;
            }
          else
            {
              if (self->announced[ADM_TI4_DEFENDER])
                {
                  /* LRR 39.4.b */
                  if (self->setup.attacker_can_retreat)
                    add_log (self, "LRR 39.4.b",
                             _("%s cannot announce a retreat this round: %s announced one"),
                             adm_ti4_combat_get_side_name (self, ADM_TI4_ATTACKER),
                             adm_ti4_combat_get_side_name (self, ADM_TI4_DEFENDER));
                }
              else if (self->setup.attacker_can_retreat)
                {
                  set_need (self, ADM_TI4_NEED_RETREAT, ADM_TI4_ATTACKER, FALSE, 0, 0,
                            g_strdup_printf (_("%s: announce a retreat?"),
                                             adm_ti4_combat_get_side_name (self,
                                                                           ADM_TI4_ATTACKER)),
                            "LRR 39.4");
                  return;
                }
              self->phase = PHASE_DICE;
              self->cursor_side = ADM_TI4_ATTACKER;
              self->cursor_value = 1;
            }
          break;

        case PHASE_OVER:
        default:
          set_need (self, ADM_TI4_NEED_NOTHING, ADM_TI4_ATTACKER, FALSE, 0, 0, NULL, NULL);
          return;
        }
    }
}

/* Back to the set-up, before any event. */
static void
reset (AdmTi4Combat *self)
{
  g_autofree char *attacker = NULL;
  g_autofree char *defender = NULL;

  self->fleet[ADM_TI4_ATTACKER] = self->setup.attacker;
  self->fleet[ADM_TI4_DEFENDER] = self->setup.defender;
  self->round = 1;
  self->cursor_side = ADM_TI4_ATTACKER;
  self->cursor_value = 1;
  self->hits[0] = self->hits[1] = 0;
  self->announced[0] = self->announced[1] = FALSE;
  self->retreated[0] = self->retreated[1] = FALSE;
  self->outcome = ADM_TI4_OUTCOME_DRAW;
  g_ptr_array_set_size (self->log, 0);
  g_ptr_array_set_size (self->rolls, 0);

  attacker = adm_ti4_fleet_describe (self->catalog, &self->fleet[ADM_TI4_ATTACKER]);
  defender = adm_ti4_fleet_describe (self->catalog, &self->fleet[ADM_TI4_DEFENDER]);
  if (self->setup.arena == ADM_TI4_GROUND)
    {
      add_log (self, "LRR 48",
               _("Ground combat: %s (%s) attacks %s (%s)"),
               adm_ti4_combat_get_side_name (self, ADM_TI4_ATTACKER), attacker,
               adm_ti4_combat_get_side_name (self, ADM_TI4_DEFENDER), defender);
      self->phase = PHASE_DICE;
    }
  else
    {
      AdmTi4Dice a, d;

      add_log (self, "LRR 39",
               _("Space combat: %s (%s) attacks %s (%s)"),
               adm_ti4_combat_get_side_name (self, ADM_TI4_ATTACKER), attacker,
               adm_ti4_combat_get_side_name (self, ADM_TI4_DEFENDER), defender);
      self->phase = PHASE_AFB_DICE;
      side_dice (self, ADM_TI4_ATTACKER, TRUE, &a);
      side_dice (self, ADM_TI4_DEFENDER, TRUE, &d);
      if (adm_ti4_dice_total (&a) + adm_ti4_dice_total (&d) == 0)
        add_log (self, "LRR 39.3.c",
                 _("Anti-Fighter Barrage: no unit with it faces fighters, no dice are rolled"));
    }
  settle (self);
}

/* ---- Events ------------------------------------------------------------------------------ */

static gboolean
event_side (const AdmEvent *event,
            AdmTi4Side     *side)
{
  const char *text = adm_event_get (event, "side");

  if (g_strcmp0 (text, "attacker") == 0)
    *side = ADM_TI4_ATTACKER;
  else if (g_strcmp0 (text, "defender") == 0)
    *side = ADM_TI4_DEFENDER;
  else
    return FALSE;
  return TRUE;
}

static gboolean
event_bool (const AdmEvent *event,
            const char     *key,
            gboolean       *out)
{
  const char *text = adm_event_get (event, key);

  if (g_strcmp0 (text, "true") == 0 || g_strcmp0 (text, "1") == 0)
    *out = TRUE;
  else if (g_strcmp0 (text, "false") == 0 || g_strcmp0 (text, "0") == 0)
    *out = FALSE;
  else
    return FALSE;
  return TRUE;
}

/* The event's round and side are the need's: else it does not belong here. */
static gboolean
check_need (AdmTi4Combat   *self,
            const AdmEvent *event,
            AdmTi4NeedKind  kind,
            AdmTi4Side     *side,
            GError        **error)
{
  gint64 round;

  if (!event_side (event, side) || !adm_event_get_int (event, "round", &round) || round < 1)
    {
      g_set_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID,
                   _("The event has no valid side or round"));
      return FALSE;
    }
  if (self->need.kind == ADM_TI4_NEED_NOTHING)
    {
      g_set_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_STATE, _("The combat is already over"));
      return FALSE;
    }
  if (self->need.kind != kind || self->need.side != *side || (guint64) round != self->round)
    {
      g_set_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_STATE,
                   _("The combat does not wait for this now (round %u): it waits for “%s” "
                     "(%s)"),
                   self->round, self->need.purpose, self->need.clause);
      return FALSE;
    }
  return TRUE;
}

static gboolean
apply_dice (AdmTi4Combat   *self,
            const AdmEvent *event,
            GError        **error)
{
  g_auto(GStrv) parts = NULL;
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (guint));
  AdmTi4Side side;
  gboolean barrage;
  gint64 hit_on;
  guint hits = 0;
  AdmTi4Roll *roll;
  g_autoptr(GString) shown = g_string_new (NULL);

  if (!check_need (self, event, ADM_TI4_NEED_DICE, &side, error))
    return FALSE;
  if (!event_bool (event, "barrage", &barrage) || !adm_event_get_int (event, "hit-on", &hit_on) ||
      adm_event_get (event, "values") == NULL)
    {
      g_set_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID,
                   _("A dice event needs barrage, hit-on and values"));
      return FALSE;
    }
  if (barrage != self->need.barrage || (guint64) hit_on != self->need.hit_on)
    {
      g_set_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_STATE,
                   _("These dice are not the ones the combat waits for: “%s” (%s)"),
                   self->need.purpose, self->need.clause);
      return FALSE;
    }
  parts = g_strsplit (adm_event_get (event, "values"), ",", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      guint64 value;

      if (!g_ascii_string_to_unsigned (g_strstrip (parts[i]), 10, 1, 10, &value, NULL))
        {
          g_set_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID,
                       _("“%s” is not a d10 result: a d10 shows 1 to 10 (“0” is 10, LRR 39)"),
                       parts[i]);
          return FALSE;
        }
      g_array_append_val (values, (guint) { value });
    }
  if (values->len != self->need.count)
    {
      g_set_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID,
                   ngettext ("“%s” needs %u die, but %u were given",
                             "“%s” needs %u dice, but %u were given", self->need.count),
                   self->need.purpose, self->need.count, values->len);
      return FALSE;
    }

  /* LRR 39.5: a hit on the combat value or more; "0" is 10. */
  hits = adm_roll_check_count_at_least ((const guint *) (void *) values->data, values->len,
                                        self->need.hit_on, NULL);
  adm_roll_check_append_values (shown, (const guint *) (void *) values->data, values->len, ", ");
  self->hits[side] += hits;

  roll = g_new0 (AdmTi4Roll, 1);
  roll->round = self->round;
  roll->side = side;
  roll->barrage = barrage;
  roll->hit_on = self->need.hit_on;
  roll->values = g_steal_pointer (&values);
  roll->hits = hits;
  roll->purpose = g_strdup (self->need.purpose);
  roll->clause = self->need.clause;
  g_ptr_array_add (self->rolls, roll);

  /* TRANSLATORS: "Attacker: 2 Dreadnought, combat roll, hit on 5+: 3, 7 — 1 hit" */
  add_log (self, self->need.clause,
           ngettext ("%s: %s — %u hit", "%s: %s — %u hits", hits),
           self->need.purpose, shown->str, hits);

  self->cursor_value++;
  settle (self);
  return TRUE;
}

static gboolean
apply_retreat (AdmTi4Combat   *self,
               const AdmEvent *event,
               GError        **error)
{
  AdmTi4Side side;
  gboolean announce;
  gboolean can_retreat;

  if (!event_side (event, &side) || !event_bool (event, "retreat", &announce))
    {
      g_set_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID,
                   _("A retreat event needs a side and retreat true or false"));
      return FALSE;
    }
  can_retreat = side == ADM_TI4_ATTACKER ? self->setup.attacker_can_retreat
                                         : self->setup.defender_can_retreat;
  if (self->setup.arena == ADM_TI4_GROUND)
    {
      g_set_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID,
                   _("There is no retreat from a ground combat (LRR 48)"));
      return FALSE;
    }
  if (announce && !can_retreat)
    {
      g_set_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID,
                   _("%s has no eligible system to retreat to and cannot announce a retreat "
                     "(LRR 39.4.c)"), adm_ti4_combat_get_side_name (self, side));
      return FALSE;
    }
  if (announce && side == ADM_TI4_ATTACKER && self->announced[ADM_TI4_DEFENDER])
    {
      g_set_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID,
                   _("%s cannot announce a retreat: %s already announced one this round "
                     "(LRR 39.4.b)"),
                   adm_ti4_combat_get_side_name (self, ADM_TI4_ATTACKER),
                   adm_ti4_combat_get_side_name (self, ADM_TI4_DEFENDER));
      return FALSE;
    }
  if (!check_need (self, event, ADM_TI4_NEED_RETREAT, &side, error))
    return FALSE;

  self->announced[side] = announce;
  if (announce)
    add_log (self, "LRR 39.4", _("%s announces a retreat; it will retreat in step 5 (LRR 39.4.a)"),
             adm_ti4_combat_get_side_name (self, side));
  else
    add_log (self, "LRR 39.4", _("%s does not announce a retreat"),
             adm_ti4_combat_get_side_name (self, side));

  if (side == ADM_TI4_DEFENDER)
    self->cursor_side = ADM_TI4_ATTACKER;
  else
    {
      self->phase = PHASE_DICE;
      self->cursor_side = ADM_TI4_ATTACKER;
      self->cursor_value = 1;
    }
  settle (self);
  return TRUE;
}

/* One column of an assignment in the unit list form of a fleet ("dreadnought=2,fighter=1",
 * adm_ti4_fleet_to_string ()). */
static char *
units_to_list (AdmTi4Combat  *self,
               const guint16 *counts)
{
  AdmTi4Fleet fleet;

  adm_ti4_fleet_clear (&fleet);
  memcpy (fleet.intact, counts, sizeof fleet.intact);
  return adm_ti4_fleet_to_string (self->catalog, &fleet);
}

/* The reverse, read as a fleet is (adm_ti4_fleet_parse ()): a unit listed twice, an unknown
 * unit or a count out of range is refused. No list is no units. */
static gboolean
list_to_units (AdmTi4Combat *self,
               const char   *text,
               guint16      *counts,
               GError      **error)
{
  AdmTi4Fleet fleet;

  G_STATIC_ASSERT (sizeof fleet.intact == sizeof (((AdmTi4Assignment *) NULL)->sustain));

  if (text == NULL)
    return TRUE;
  if (!adm_ti4_fleet_parse (self->catalog, text, &fleet, error))
    return FALSE;
  memcpy (counts, fleet.intact, sizeof fleet.intact);
  return TRUE;
}

static gboolean
apply_hits (AdmTi4Combat   *self,
            const AdmEvent *event,
            GError        **error)
{
  AdmTi4Assignment assignment;
  AdmTi4Fleet after;
  AdmTi4Side side;
  AdmTi4Policy policy;
  gboolean barrage;
  const char *by;
  g_autofree char *how = NULL;

  if (!check_need (self, event, ADM_TI4_NEED_HITS, &side, error))
    return FALSE;
  if (!event_bool (event, "barrage", &barrage) || barrage != self->need.barrage)
    {
      g_set_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_STATE,
                   _("These hits are not the ones the combat waits for: “%s” (%s)"),
                   self->need.purpose, self->need.clause);
      return FALSE;
    }
  memset (&assignment, 0, sizeof assignment);
  if (!list_to_units (self, adm_event_get (event, "sustain"), assignment.sustain, error) ||
      !list_to_units (self, adm_event_get (event, "destroy"), assignment.destroy_intact, error) ||
      !list_to_units (self, adm_event_get (event, "destroy-damaged"), assignment.destroy_damaged,
                      error))
    return FALSE;

  /* LRR 39.6, 48.2 (barrage: 39.3), checked on a copy: a refused assignment changes nothing. */
  after = self->fleet[side];
  if (!adm_ti4_fleet_apply (self->catalog, &after, self->setup.arena, self->need.count, barrage,
                            &assignment, error))
    return FALSE;

  by = adm_event_get (event, "chosen-by");
  if (by != NULL && !adm_ti4_policy_from_string (by, &policy))
    {
      g_set_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID,
                   _("“%s” is not a hit assignment policy"), by);
      return FALSE;
    }
  if (by != NULL)
    how = g_strdup_printf (_("by the %s policy"), by);
  apply_assignment (self, side, barrage, self->need.count, &assignment,
                    how != NULL ? how : _("the player's choice"));
  g_assert (adm_ti4_fleet_equal (&after, &self->fleet[side]));
  if (side == ADM_TI4_ATTACKER)
    self->cursor_side = ADM_TI4_DEFENDER;
  else
    after_hits (self);
  settle (self);
  return TRUE;
}

static gboolean
apply_event (AdmTi4Combat   *self,
             const AdmEvent *event,
             GError        **error)
{
  const char *kind = adm_event_get_kind (event);

  if (g_str_equal (kind, "ti4-dice"))
    return apply_dice (self, event, error);
  if (g_str_equal (kind, "ti4-retreat"))
    return apply_retreat (self, event, error);
  if (g_str_equal (kind, "ti4-hits"))
    return apply_hits (self, event, error);
  g_set_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID,
               _("“%s” is not an event of a TI4 combat"), kind);
  return FALSE;
}

static void
journal_reset (gpointer owner)
{
  AdmTi4Combat *self = owner;

  reset (self);
  g_ptr_array_set_size (self->events, 0);
}

/* The one check (adm-journal.h): every event of the action applies, in order, or nothing
 * changes; recording and replaying both come through here. */
static gboolean
journal_apply (gpointer                owner,
               const AdmJournalAction *action,
               gpointer                recording,
               gpointer                snapshot,
               GError                **error)
{
  AdmTi4Combat *self = owner;
  GPtrArray *events = adm_journal_action_get_events (action);

  if (events->len != 1)
    {
      g_set_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID,
                   _("a step of a TI4 combat is one event, not %u"), events->len);
      return FALSE;
    }
  if (!apply_event (self, g_ptr_array_index (events, 0), error))
    return FALSE;
  g_ptr_array_add (self->events, adm_event_ref (g_ptr_array_index (events, 0)));
  return TRUE;
}

static char *
journal_describe (gpointer                owner,
                  const AdmJournalAction *action)
{
  AdmTi4Combat *self = owner;
  AdmEvent *head = adm_journal_action_get_head (action);
  const char *what = adm_journal_action_get_what (action);
  const char *side_id = adm_event_get (head, "side");
  const char *side = g_strcmp0 (side_id, "defender") == 0
                       ? adm_ti4_combat_get_side_name (self, ADM_TI4_DEFENDER)
                       : adm_ti4_combat_get_side_name (self, ADM_TI4_ATTACKER);
  const char *round = adm_event_get (head, "round");

  if (round == NULL)
    return NULL;
  if (g_str_equal (what, "ti4-dice"))
    /* Translators: an action to undo: "Roll of Barrayar, round 2". */
    return g_strdup_printf (_("Roll of %s, round %s"), side, round);
  if (g_str_equal (what, "ti4-retreat"))
    return g_strdup_printf (_("Retreat announcement of %s, round %s"), side, round);
  if (g_str_equal (what, "ti4-hits"))
    return g_strdup_printf (_("Hits assigned by %s, round %s"), side, round);
  return NULL;
}

/* Journals @event as an action of its own; on error nothing changes. */
static gboolean
record (AdmTi4Combat *self,
        AdmEvent     *event,
        GError      **error)
{
  g_autoptr(AdmJournalAction) action =
    adm_journal_action_new (adm_event_get_kind (event), adm_event_get_time (event));
  static const char *const keys[] = { "round", "side" };

  for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
    if (adm_event_get (event, keys[k]) != NULL)
      adm_event_set (adm_journal_action_get_head (action), keys[k], adm_event_get (event, keys[k]));
  adm_journal_action_add_event (action, event);
  if (!adm_journal_record (self->journal, action, error))
    return FALSE;
  g_signal_emit (self, signals[CHANGED], 0);
  return TRUE;
}

static AdmEvent *
new_event (AdmTi4Combat *self,
           const char   *kind,
           AdmTi4Side    side)
{
  AdmEvent *event = adm_event_new (kind, adm_clock_now ());

  adm_event_set_int (event, "round", self->round);
  adm_event_set (event, "side", adm_ti4_side_to_string (side));
  return event;
}

/* ---- Public API ------------------------------------------------------------------------ */

AdmTi4Combat *
adm_ti4_combat_new (AdmTi4Catalog     *catalog,
                    const AdmTi4Setup *setup,
                    GError           **error)
{
  g_autoptr(AdmTi4Combat) self = NULL;

  g_return_val_if_fail (ADM_IS_TI4_CATALOG (catalog), NULL);
  g_return_val_if_fail (setup != NULL, NULL);

  if (!adm_ti4_fleet_check_arena (catalog, &setup->attacker, setup->arena, ADM_TI4_ATTACKER,
                                  error) ||
      !adm_ti4_fleet_check_arena (catalog, &setup->defender, setup->arena, ADM_TI4_DEFENDER,
                                  error))
    return NULL;

  self = g_object_new (ADM_TYPE_TI4_COMBAT, NULL);
  self->catalog = g_object_ref (catalog);
  self->setup = *setup;
  self->setup.attacker_name = g_strdup (setup->attacker_name);
  self->setup.defender_name = g_strdup (setup->defender_name);
  /* A combat starts with no damage (LRR 39.6.a: damage is sustained during combat). */
  for (guint i = 0; i < ADM_TI4_MAX_UNITS; i++)
    {
      self->setup.attacker.intact[i] += self->setup.attacker.damaged[i];
      self->setup.attacker.damaged[i] = 0;
      self->setup.defender.intact[i] += self->setup.defender.damaged[i];
      self->setup.defender.damaged[i] = 0;
    }
  if (self->setup.arena == ADM_TI4_GROUND)
    self->setup.attacker_can_retreat = self->setup.defender_can_retreat = FALSE;
  reset (self);
  return g_steal_pointer (&self);
}

AdmTi4Catalog *
adm_ti4_combat_get_catalog (AdmTi4Combat *self)
{
  g_return_val_if_fail (ADM_IS_TI4_COMBAT (self), NULL);
  return self->catalog;
}

const AdmTi4Setup *
adm_ti4_combat_get_setup (AdmTi4Combat *self)
{
  g_return_val_if_fail (ADM_IS_TI4_COMBAT (self), NULL);
  return &self->setup;
}

const AdmTi4Fleet *
adm_ti4_combat_get_fleet (AdmTi4Combat *self,
                          AdmTi4Side    side)
{
  g_return_val_if_fail (ADM_IS_TI4_COMBAT (self), NULL);
  return &self->fleet[side];
}

guint
adm_ti4_combat_get_round (AdmTi4Combat *self)
{
  g_return_val_if_fail (ADM_IS_TI4_COMBAT (self), 0);
  return self->round;
}

const AdmTi4Need *
adm_ti4_combat_get_need (AdmTi4Combat *self)
{
  g_return_val_if_fail (ADM_IS_TI4_COMBAT (self), NULL);
  return &self->need;
}

gboolean
adm_ti4_combat_is_over (AdmTi4Combat *self)
{
  g_return_val_if_fail (ADM_IS_TI4_COMBAT (self), FALSE);
  return self->phase == PHASE_OVER;
}

AdmTi4Outcome
adm_ti4_combat_get_outcome (AdmTi4Combat *self)
{
  g_return_val_if_fail (ADM_IS_TI4_COMBAT (self), ADM_TI4_OUTCOME_DRAW);
  g_return_val_if_fail (self->phase == PHASE_OVER, ADM_TI4_OUTCOME_DRAW);
  return self->outcome;
}

GPtrArray *
adm_ti4_combat_get_log (AdmTi4Combat *self)
{
  g_return_val_if_fail (ADM_IS_TI4_COMBAT (self), NULL);
  return self->log;
}

GPtrArray *
adm_ti4_combat_get_rolls (AdmTi4Combat *self)
{
  g_return_val_if_fail (ADM_IS_TI4_COMBAT (self), NULL);
  return self->rolls;
}

GPtrArray *
adm_ti4_combat_get_events (AdmTi4Combat *self)
{
  g_return_val_if_fail (ADM_IS_TI4_COMBAT (self), NULL);
  return self->events;
}

gboolean
adm_ti4_combat_roll (AdmTi4Combat  *self,
                     AdmDiceSource *dice,
                     GError       **error)
{
  g_autoptr(AdmEvent) event = NULL;
  g_autofree guint *values = NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  AdmDiceRequest request;

  g_return_val_if_fail (ADM_IS_TI4_COMBAT (self), FALSE);
  g_return_val_if_fail (ADM_IS_DICE_SOURCE (dice), FALSE);

  if (self->need.kind != ADM_TI4_NEED_DICE)
    {
      g_set_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_STATE,
                   _("The combat does not wait for dice now"));
      return FALSE;
    }
  request.count = self->need.count;
  request.sides = 10;  /* LRR 39.5: a d10, "0" = 10 */
  request.purpose = self->need.purpose;
  request.clause = self->need.clause;
  values = g_new0 (guint, request.count);
  if (!adm_dice_source_roll (dice, &request, values, error))
    return FALSE;
  adm_roll_check_append_values (text, values, request.count, ",");

  event = new_event (self, "ti4-dice", self->need.side);
  adm_event_set (event, "barrage", self->need.barrage ? "true" : "false");
  adm_event_set_int (event, "hit-on", self->need.hit_on);
  adm_event_set (event, "values", text->str);
  return record (self, event, error);
}

gboolean
adm_ti4_combat_announce (AdmTi4Combat *self,
                         AdmTi4Side    side,
                         gboolean      retreat,
                         GError      **error)
{
  g_autoptr(AdmEvent) event = NULL;

  g_return_val_if_fail (ADM_IS_TI4_COMBAT (self), FALSE);

  event = new_event (self, "ti4-retreat", side);
  adm_event_set (event, "retreat", retreat ? "true" : "false");
  return record (self, event, error);
}

/* @by: the policy that chose, or NULL for a player's choice. */
static gboolean
assign_by (AdmTi4Combat           *self,
           AdmTi4Side              side,
           const AdmTi4Assignment *assignment,
           const char             *by,
           GError                **error);

gboolean
adm_ti4_combat_assign (AdmTi4Combat           *self,
                       AdmTi4Side              side,
                       const AdmTi4Assignment *assignment,
                       GError                **error)
{
  return assign_by (self, side, assignment, NULL, error);
}

static gboolean
assign_by (AdmTi4Combat           *self,
           AdmTi4Side              side,
           const AdmTi4Assignment *assignment,
           const char             *by,
           GError                **error)
{
  g_autoptr(AdmEvent) event = NULL;
  g_autofree char *sustain = NULL;
  g_autofree char *destroy = NULL;
  g_autofree char *destroy_damaged = NULL;

  g_return_val_if_fail (ADM_IS_TI4_COMBAT (self), FALSE);
  g_return_val_if_fail (assignment != NULL, FALSE);

  for (guint i = adm_ti4_catalog_get_n_units (self->catalog); i < ADM_TI4_MAX_UNITS; i++)
    if (assignment->sustain[i] + assignment->destroy_intact[i] + assignment->destroy_damaged[i])
      {
        g_set_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID,
                     _("The assignment names a unit the catalogue does not have"));
        return FALSE;
      }
  sustain = units_to_list (self, assignment->sustain);
  destroy = units_to_list (self, assignment->destroy_intact);
  destroy_damaged = units_to_list (self, assignment->destroy_damaged);

  event = new_event (self, "ti4-hits", side);
  adm_event_set (event, "barrage",
                 self->need.kind == ADM_TI4_NEED_HITS && self->need.barrage ? "true" : "false");
  if (*sustain != '\0')
    adm_event_set (event, "sustain", sustain);
  if (*destroy != '\0')
    adm_event_set (event, "destroy", destroy);
  if (*destroy_damaged != '\0')
    adm_event_set (event, "destroy-damaged", destroy_damaged);
  if (by != NULL)
    adm_event_set (event, "chosen-by", by);
  return record (self, event, error);
}

gboolean
adm_ti4_combat_advance (AdmTi4Combat            *self,
                        AdmDiceSource           *dice,
                        const AdmTi4OddsOptions *options,
                        GError                 **error)
{
  g_return_val_if_fail (ADM_IS_TI4_COMBAT (self), FALSE);
  g_return_val_if_fail (options != NULL, FALSE);

  switch (self->need.kind)
    {
    case ADM_TI4_NEED_DICE:
      return adm_ti4_combat_roll (self, dice, error);

    case ADM_TI4_NEED_RETREAT:
      {
        /* Ruling: "retreat after N rounds" announces at the start of round N + 1. */
        int after = self->need.side == ADM_TI4_ATTACKER ? options->attacker_retreat_after
                                                        : options->defender_retreat_after;

        return adm_ti4_combat_announce (self, self->need.side,
                                        after >= 0 && self->round > (guint) after, error);
      }

    case ADM_TI4_NEED_HITS:
      {
        AdmTi4Assignment assignment;
        AdmTi4Policy policy = self->need.side == ADM_TI4_ATTACKER ? options->attacker_policy
                                                                  : options->defender_policy;

        policy_assignment (self, self->need.side, self->need.barrage, self->need.count, policy,
                           &assignment);
        return assign_by (self, self->need.side, &assignment,
                          adm_ti4_policy_to_string (policy), error);
      }

    case ADM_TI4_NEED_NOTHING:
    default:
      return TRUE;
    }
}

gboolean
adm_ti4_combat_run (AdmTi4Combat            *self,
                    AdmDiceSource           *dice,
                    const AdmTi4OddsOptions *options,
                    GError                 **error)
{
  g_return_val_if_fail (ADM_IS_TI4_COMBAT (self), FALSE);

  while (self->phase != PHASE_OVER)
    if (!adm_ti4_combat_advance (self, dice, options, error))
      return FALSE;
  return TRUE;
}

gboolean
adm_ti4_combat_undo (AdmTi4Combat *self)
{
  g_return_val_if_fail (ADM_IS_TI4_COMBAT (self), FALSE);
  if (!adm_journal_undo (self->journal, adm_clock_now (), NULL))
    return FALSE;
  g_signal_emit (self, signals[CHANGED], 0);
  return TRUE;
}

gboolean
adm_ti4_combat_can_redo (AdmTi4Combat *self)
{
  g_return_val_if_fail (ADM_IS_TI4_COMBAT (self), FALSE);
  return adm_journal_can_redo (self->journal);
}

gboolean
adm_ti4_combat_redo (AdmTi4Combat *self)
{
  g_return_val_if_fail (ADM_IS_TI4_COMBAT (self), FALSE);
  if (!adm_journal_redo (self->journal, adm_clock_now (), NULL))
    return FALSE;
  g_signal_emit (self, signals[CHANGED], 0);
  return TRUE;
}

AdmJournal *
adm_ti4_combat_get_journal (AdmTi4Combat *self)
{
  g_return_val_if_fail (ADM_IS_TI4_COMBAT (self), NULL);
  return self->journal;
}

/* ---- Saving and loading ------------------------------------------------------------------ */

static void
side_to_xml (AdmTi4Combat *self,
             xmlNode      *root,
             AdmTi4Side    side)
{
  const char *name = side == ADM_TI4_ATTACKER ? self->setup.attacker_name
                                              : self->setup.defender_name;
  g_autofree char *units = adm_ti4_fleet_to_string (self->catalog,
                                                    side == ADM_TI4_ATTACKER
                                                      ? &self->setup.attacker
                                                      : &self->setup.defender);
  gboolean can_retreat = side == ADM_TI4_ATTACKER ? self->setup.attacker_can_retreat
                                                  : self->setup.defender_can_retreat;
  xmlNode *node = xmlNewChild (root, NULL, (const xmlChar *) adm_ti4_side_to_string (side), NULL);

  if (name != NULL)
    xmlNewProp (node, (const xmlChar *) "name", (const xmlChar *) name);
  xmlNewProp (node, (const xmlChar *) "units", (const xmlChar *) units);
  xmlNewProp (node, (const xmlChar *) "can-retreat",
              (const xmlChar *) (can_retreat ? "true" : "false"));
}

gboolean
adm_ti4_combat_save (AdmTi4Combat *self,
                     const char   *path,
                     GError      **error)
{
  g_autoptr(xmlDoc) doc = NULL;
  g_autoptr(GError) local_error = NULL;
  xmlNode *root;
  xmlChar *buffer = NULL;
  int size = 0;
  g_autofree char *data = NULL;
  const char *journal;

  g_return_val_if_fail (ADM_IS_TI4_COMBAT (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  doc = xmlNewDoc ((const xmlChar *) "1.0");
  root = xmlNewNode (NULL, (const xmlChar *) "ti4-combat");
  xmlDocSetRootElement (doc, root);
  xmlNewProp (root, (const xmlChar *) "version", (const xmlChar *) COMBAT_VERSION);
  xmlNewProp (root, (const xmlChar *) "arena",
              (const xmlChar *) adm_ti4_arena_to_string (self->setup.arena));
  side_to_xml (self, root, ADM_TI4_ATTACKER);
  side_to_xml (self, root, ADM_TI4_DEFENDER);
  xmlNewChild (root, NULL, (const xmlChar *) "journal", NULL);

  xmlDocDumpFormatMemoryEnc (doc, &buffer, &size, "UTF-8", 1);
  if (buffer == NULL)
    g_error ("Out of memory writing a TI4 combat");
  data = g_strndup ((const char *) buffer, (gsize) size);
  xmlFree (buffer);
  /* The sides are the head and the journal ends the file: the steps taken since the last save
   * are added to it; the first save writes it whole, with its backups (adm_journal_save ()). */
  journal = strstr (data, "  <journal/>\n");
  if (journal == NULL)
    g_error ("A TI4 combat was written without its journal");
  if (!adm_journal_save (self->journal, path, NULL, ADM_JOURNAL_SAVE_BACKUPS, data,
                         (gsize) (journal - data), journal + strlen ("  <journal/>\n"),
                         strlen (journal + strlen ("  <journal/>\n")), &local_error))
    {
      g_autofree char *display = g_filename_display_name (path);

      g_set_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID,
                   _("Cannot save the combat to %s: %s"), display, local_error->message);
      return FALSE;
    }
  return TRUE;
}

static gboolean
side_from_xml (AdmTi4Catalog *catalog,
               xmlNode       *node,
               const char    *display_name,
               AdmTi4Fleet   *fleet,
               char         **name,
               gboolean      *can_retreat,
               GError       **error)
{
  g_autofree char *units = adm_xml_get_string (node, "units");
  g_autoptr(GError) local_error = NULL;

  if (!adm_ti4_fleet_parse (catalog, units != NULL ? units : "", fleet, &local_error))
    {
      adm_xml_set_error (error, display_name, node, "%s", local_error->message);
      return FALSE;
    }
  *name = adm_xml_get_string (node, "name");
  *can_retreat = adm_xml_get_boolean (node, "can-retreat", FALSE);
  return TRUE;
}

AdmTi4Combat *
adm_ti4_combat_load_file (AdmTi4Catalog *catalog,
                          const char    *path,
                          GError       **error)
{
  g_autofree char *display_name = NULL;
  g_autoptr(xmlDoc) doc = NULL;
  g_autoptr(AdmTi4Combat) self = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *version = NULL;
  g_autofree char *arena = NULL;
  AdmTi4Setup setup = { 0 };
  xmlNode *root, *attacker, *defender, *journal;
  g_autofree char *data = NULL;
  g_autoptr(GBytes) repaired = NULL;
  g_autoptr(GError) read_error = NULL;
  gsize length = 0;
  int cut_line = 0;

  g_return_val_if_fail (ADM_IS_TI4_CATALOG (catalog), NULL);
  g_return_val_if_fail (path != NULL, NULL);

  display_name = g_filename_display_basename (path);
  data = adm_xml_read_bytes (path, &length, error);
  if (data == NULL)
    return NULL;
  doc = adm_xml_read_memory (data, length, path, "ti4-combat", &read_error);
  if (doc == NULL)
    {
      /* A file whose end was cut while a step was being added to it opens at its last
       * complete step, and says so (adm_journal_get_recovery_note ()). */
      repaired = adm_journal_repair_cut (data, length, path, "ti4-combat", &cut_line);
      if (repaired != NULL)
        doc = adm_xml_read_memory (g_bytes_get_data (repaired, NULL),
                                   g_bytes_get_size (repaired), path, "ti4-combat", NULL);
      if (doc == NULL)
        {
          g_propagate_error (error, g_steal_pointer (&read_error));
          return NULL;
        }
    }
  root = xmlDocGetRootElement (doc);
  version = adm_xml_get_string (root, "version");
  if (g_strcmp0 (version, COMBAT_VERSION) != 0 && g_strcmp0 (version, COMBAT_VERSION_EVENTS) != 0)
    {
      adm_xml_set_error (error, display_name, root,
                         _("the combat was saved by a newer Admiralty (format %s); this one "
                           "reads format %s"), version, COMBAT_VERSION);
      return NULL;
    }
  arena = adm_xml_get_string (root, "arena");
  setup.arena = g_strcmp0 (arena, "ground") == 0 ? ADM_TI4_GROUND : ADM_TI4_SPACE;
  attacker = adm_xml_first_element (root, "attacker");
  defender = adm_xml_first_element (root, "defender");
  journal = adm_xml_first_element (root, "journal");
  if (!side_from_xml (catalog, attacker, display_name, &setup.attacker, &setup.attacker_name,
                      &setup.attacker_can_retreat, error) ||
      !side_from_xml (catalog, defender, display_name, &setup.defender, &setup.defender_name,
                      &setup.defender_can_retreat, error))
    {
      g_free (setup.attacker_name);
      g_free (setup.defender_name);
      return NULL;
    }

  self = adm_ti4_combat_new (catalog, &setup, &local_error);
  g_free (setup.attacker_name);
  g_free (setup.defender_name);
  if (self == NULL)
    {
      adm_xml_set_error (error, display_name, attacker, "%s", local_error->message);
      return NULL;
    }

  /* Every step replays through journal_apply (), the check that admitted it. */
  if (!adm_journal_load (self->journal, journal, display_name, NULL, &local_error))
    {
      g_set_error_literal (error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID, local_error->message);
      return NULL;
    }
  if (repaired != NULL)
    adm_journal_set_repaired (self->journal, path, cut_line);
  return g_steal_pointer (&self);
}

/* ---- The report ------------------------------------------------------------------------- */

static char *
outcome_text (AdmTi4Combat *self)
{
  switch (self->outcome)
    {
    case ADM_TI4_OUTCOME_ATTACKER_WINS:
      return g_strdup_printf (_("%s wins"),
                              adm_ti4_combat_get_side_name (self, ADM_TI4_ATTACKER));
    case ADM_TI4_OUTCOME_DEFENDER_WINS:
      return g_strdup_printf (_("%s wins"),
                              adm_ti4_combat_get_side_name (self, ADM_TI4_DEFENDER));
    case ADM_TI4_OUTCOME_ATTACKER_RETREATED:
      return g_strdup_printf (_("%s retreated and lost; %s wins"),
                              adm_ti4_combat_get_side_name (self, ADM_TI4_ATTACKER),
                              adm_ti4_combat_get_side_name (self, ADM_TI4_DEFENDER));
    case ADM_TI4_OUTCOME_DEFENDER_RETREATED:
      return g_strdup_printf (_("%s retreated and lost; %s wins"),
                              adm_ti4_combat_get_side_name (self, ADM_TI4_DEFENDER),
                              adm_ti4_combat_get_side_name (self, ADM_TI4_ATTACKER));
    case ADM_TI4_OUTCOME_DRAW:
    default:
      return g_strdup (_("A draw: neither side has units left"));
    }
}

AdmDoc *
adm_ti4_combat_report (AdmTi4Combat *self)
{
  g_autoptr(AdmDoc) doc = NULL;
  g_autofree char *title = NULL;
  gboolean space;
  guint current = 0;
  AdmDocBlock *table;
  const char *columns[] = { _("Round"), _("Side"), _("Purpose"), _("Clause"), _("Dice"),
                            _("Hits"), NULL };

  g_return_val_if_fail (ADM_IS_TI4_COMBAT (self), NULL);

  space = self->setup.arena == ADM_TI4_SPACE;
  title = g_strdup_printf (space ? _("Space combat: %s against %s")
                                 : _("Ground combat: %s against %s"),
                           adm_ti4_combat_get_side_name (self, ADM_TI4_ATTACKER),
                           adm_ti4_combat_get_side_name (self, ADM_TI4_DEFENDER));
  doc = adm_doc_new (title, _("Twilight Imperium 4"), space ? "LRR 39" : "LRR 48");

  adm_doc_add_heading (doc, 2, _("Set-up"));
  for (AdmTi4Side side = ADM_TI4_ATTACKER; side <= ADM_TI4_DEFENDER; side++)
    {
      g_autofree char *units = adm_ti4_fleet_describe (self->catalog,
                                                       side == ADM_TI4_ATTACKER
                                                         ? &self->setup.attacker
                                                         : &self->setup.defender);
      gboolean can_retreat = side == ADM_TI4_ATTACKER ? self->setup.attacker_can_retreat
                                                      : self->setup.defender_can_retreat;

      const char *name = adm_ti4_combat_get_side_name (self, side);
      g_autofree char *who = g_str_equal (name, adm_ti4_side_name (side))
                               ? g_strdup (name)
                               : g_strdup_printf ("%s (%s)", name, adm_ti4_side_name (side));

      adm_doc_add_printf (doc, "%s: %s%s", who, units,
                          !space ? ""
                                 : can_retreat ? _("; may retreat (LRR 39.4.c)")
                                               : _("; no eligible system to retreat to "
                                                   "(LRR 39.4.c)"));
    }

  for (guint i = 0; i < self->log->len; i++)
    {
      AdmTi4LogLine *line = g_ptr_array_index (self->log, i);
      g_autoptr(GString) text = g_string_new (NULL);
      guint j;

      if (line->round != current)
        {
          g_autofree char *heading = g_strdup_printf (_("Round %u"), line->round);

          current = line->round;
          adm_doc_add_heading (doc, 2, heading);
        }
      /* the lines of one round in one paragraph */
      for (j = i; j < self->log->len; j++)
        {
          AdmTi4LogLine *next = g_ptr_array_index (self->log, j);

          if (next->round != current)
            break;
          g_string_append_printf (text, "%s[%s] %s", j > i ? "\n" : "", next->clause,
                                  next->text);
        }
      adm_doc_add_paragraph (doc, text->str);
      i = j - 1;
    }

  adm_doc_add_heading (doc, 2, _("Dice"));
  table = adm_doc_add_table (doc, columns);
  for (guint i = 0; i < self->rolls->len; i++)
    {
      AdmTi4Roll *roll = g_ptr_array_index (self->rolls, i);
      g_autoptr(GString) values = g_string_new (NULL);
      g_autofree char *round = g_strdup_printf ("%u", roll->round);
      g_autofree char *hits = g_strdup_printf ("%u", roll->hits);
      const char *cells[7];

      adm_roll_check_append_values (values, (const guint *) (void *) roll->values->data,
                                    roll->values->len, " ");
      cells[0] = round;
      cells[1] = adm_ti4_combat_get_side_name (self, roll->side);
      cells[2] = roll->purpose;
      cells[3] = roll->clause;
      cells[4] = values->str;
      cells[5] = hits;
      cells[6] = NULL;
      adm_doc_table_add_row (table, cells);
    }

  adm_doc_add_heading (doc, 2, _("Outcome"));
  if (self->phase != PHASE_OVER)
    adm_doc_add_printf (doc, _("The combat is not over: round %u, waiting for “%s” (%s)"),
                        self->round, self->need.purpose, self->need.clause);
  else
    {
      g_autofree char *text = outcome_text (self);

      adm_doc_add_paragraph (doc, text);
    }
  for (AdmTi4Side side = ADM_TI4_ATTACKER; side <= ADM_TI4_DEFENDER; side++)
    {
      g_autofree char *left = adm_ti4_fleet_describe (self->catalog, &self->fleet[side]);

      adm_doc_add_printf (doc, self->retreated[side] ? _("%s: %s (retreated)") : _("%s: %s left"),
                          adm_ti4_combat_get_side_name (self, side), left);
    }
  return g_steal_pointer (&doc);
}
