/* SPDX-License-Identifier: GPL-3.0-or-later */
/* battle-scripting.c: see battle-scripting.h. */
#include "config.h"

#include "battle-scripting.h"
#include "shipped-helpers.h"
#include "adm-battle-orders.h"
#include "adm-battle.h"
#include "adm-dice-queue.h"
#include "adm-dice-source.h"
#include "adm-ruleset.h"

AdmBattle *
load_at (const char *fixture,
         AdmPhase    phase)
{
  AdmBattle *battle = battle_helper_load (fixture);

  battle_helper_skip_to (battle, phase);
  return battle;
}

AdmBattle *
load_variant_at (const char *fixture,
                 const char *from,
                 const char *to,
                 AdmPhase    phase)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data",
                                            "battles", fixture, NULL);
  g_autofree char *text = NULL;
  g_autoptr(GString) variant = NULL;
  g_autoptr(GError) error = NULL;
  AdmBattle *battle;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  variant = g_string_new (text);
  g_assert_cmpuint (g_string_replace (variant, from, to, 1), ==, 1);
  battle = adm_battle_load_memory (variant->str, variant->len, fixture, &error);
  g_assert_no_error (error);
  g_assert_nonnull (battle);
  battle_helper_skip_to (battle, phase);
  return battle;
}

static char *saved_rules_path;

char *
changed_rules_begin (const char *file,
                     const char *from,
                     const char *to)
{
  char *dir = changed_rules_new (NULL, file, NULL, from, to);

  g_assert_null (saved_rules_path);
  saved_rules_path = g_strdup (g_getenv ("ADMIRALTY_RULES_PATH"));
  g_setenv ("ADMIRALTY_RULES_PATH", dir, TRUE);
  return dir;
}

void
changed_rules_end (char *dir)
{
  g_setenv ("ADMIRALTY_RULES_PATH", saved_rules_path, TRUE);
  g_clear_pointer (&saved_rules_path, g_free);
  changed_rules_remove (dir);
}

AdmBattle *
load_with_changed_rules (const char *fixture,
                         const char *file,
                         const char *from,
                         const char *to)
{
  char *dir = changed_rules_begin (file, from, to);
  AdmBattle *battle = load_at (fixture, ADM_PHASE_FIRE);

  changed_rules_end (dir);
  return battle;
}

guint
ship_index (AdmBattle  *battle,
            const char *id)
{
  int index = adm_battle_ship_index (battle, id);

  g_assert_cmpint (index, >=, 0);
  return index;
}

const AdmBattleShip *
ship (AdmBattle  *battle,
      const char *id)
{
  return adm_battle_get_ship (battle, ship_index (battle, id));
}

const AdmMine *
mine (AdmBattle  *battle,
      const char *id)
{
  for (guint i = 0; i < adm_battle_get_n_mines (battle); i++)
    if (g_strcmp0 (adm_battle_get_mine (battle, i)->id, id) == 0)
      return adm_battle_get_mine (battle, i);
  g_error ("no mine “%s”", id);
  return NULL;
}

int
hull_left (AdmBattle  *battle,
           const char *id)
{
  return adm_battle_ship_hull_left (battle, ship_index (battle, id));
}

void
set_ruling (AdmBattle  *battle,
            const char *id,
            const char *value)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (adm_ruleset_set_ruling (adm_battle_get_ruleset (battle), id, value, &error));
  g_assert_no_error (error);
}

AdmDiceQueue *
dice_queue (const char *dice)
{
  if (dice == NULL || dice[0] == '\0')
    return adm_dice_queue_new ();
  return battle_helper_dice (dice);
}

AdmTurnOrders *
orders_for (AdmBattle  *battle,
            const char *body)
{
  return body != NULL ? battle_helper_orders (adm_battle_get_turn (battle), body) : NULL;
}

guint
resolve (AdmBattle  *battle,
         const char *body,
         const char *dice)
{
  g_autoptr(AdmTurnOrders) orders = orders_for (battle, body);
  g_autoptr(AdmDiceQueue) queue = dice_queue (dice);
  g_autoptr(GError) error = NULL;
  guint first = adm_battle_get_rolls (battle)->len;
  gboolean ok = adm_battle_resolve_phase (battle, orders, ADM_DICE_SOURCE (queue), &error);

  if (!ok || adm_dice_queue_get_length (queue) != 0)
    battle_helper_print_report (battle);
  g_assert_no_error (error);
  g_assert_true (ok);
  g_assert_cmpuint (adm_dice_queue_get_length (queue), ==, 0);
  return first;
}

void
refuse (AdmBattle  *battle,
        const char *body,
        const char *dice,
        const char *message)
{
  g_autoptr(AdmTurnOrders) orders = orders_for (battle, body);
  g_autoptr(AdmDiceQueue) queue = dice_queue (dice);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = adm_battle_dump (battle);
  g_autofree char *after = NULL;
  AdmPhase phase = adm_battle_get_phase (battle);
  int turn = adm_battle_get_turn (battle);
  guint report = adm_battle_get_report (battle)->len;
  guint rolls = adm_battle_get_rolls (battle)->len;
  guint journal = adm_battle_get_journal (battle)->len;

  g_assert_false (adm_battle_resolve_phase (battle, orders, ADM_DICE_SOURCE (queue), &error));
  g_assert_error (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_ILLEGAL);
  g_test_message ("refused: %s", error->message);
  g_assert_nonnull (strstr (error->message, message));
  /* A refused order's message names the orders file and the order's line. */
  if (body != NULL)
    g_assert_true (g_str_has_prefix (error->message, "orders.xml:"));
  after = adm_battle_dump (battle);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpint (adm_battle_get_phase (battle), ==, phase);
  g_assert_cmpint (adm_battle_get_turn (battle), ==, turn);
  g_assert_cmpuint (adm_battle_get_report (battle)->len, ==, report);
  g_assert_cmpuint (adm_battle_get_rolls (battle)->len, ==, rolls);
  g_assert_cmpuint (adm_battle_get_journal (battle)->len, ==, journal);
}

char *
rolls_since (AdmBattle *battle,
             guint      first)
{
  GPtrArray *rolls = adm_battle_get_rolls (battle);
  GString *out = g_string_new (NULL);

  for (guint i = first; i < rolls->len; i++)
    {
      const AdmBattleRoll *roll = g_ptr_array_index (rolls, i);

      g_string_append_printf (out, "%s%s %ud%u=", out->len > 0 ? "; " : "", roll->clause,
                              roll->n_values, roll->sides);
      for (guint v = 0; v < roll->n_values; v++)
        g_string_append_printf (out, "%s%u", v > 0 ? " " : "", roll->values[v]);
    }
  return g_string_free (out, FALSE);
}

void
assert_rolls (AdmBattle  *battle,
              guint       first,
              const char *expected)
{
  g_autofree char *rolls = rolls_since (battle, first);

  g_assert_cmpstr (rolls, ==, expected);
}

const char *
roll_purpose (AdmBattle *battle,
              guint      index)
{
  GPtrArray *rolls = adm_battle_get_rolls (battle);

  g_assert_cmpuint (index, <, rolls->len);
  return adm_battle_roll_get_purpose (g_ptr_array_index (rolls, index));
}

void
assert_outcome (AdmBattle  *battle,
                guint       index,
                const char *expected)
{
  GPtrArray *rolls = adm_battle_get_rolls (battle);
  g_autofree char *outcome = NULL;

  g_assert_cmpuint (index, <, rolls->len);
  outcome = adm_battle_roll_describe_outcome (g_ptr_array_index (rolls, index));
  g_assert_cmpstr (outcome, ==, expected);
}

void
assert_reported (AdmBattle  *battle,
                 const char *text)
{
  if (!battle_helper_reported (battle, text))
    {
      battle_helper_print_report (battle);
      g_test_message ("not in the report: %s", text);
    }
  g_assert_true (battle_helper_reported (battle, text));
}

void
assert_not_reported (AdmBattle  *battle,
                     const char *text)
{
  g_assert_false (battle_helper_reported (battle, text));
}

/* A dice source that rolls from a queue and keeps each request's note (AdmDiceRequest),
 * "" for none: what the master's dice prompt shows. */
#define NOTE_TYPE_DICE (note_dice_get_type ())
G_DECLARE_FINAL_TYPE (NoteDice, note_dice, NOTE, DICE, GObject)

struct _NoteDice
{
  GObject       parent_instance;
  AdmDiceQueue *queue;
  GPtrArray    *notes;
};

static void note_dice_source_init (AdmDiceSourceInterface *iface);

G_DEFINE_TYPE_WITH_CODE (NoteDice, note_dice, G_TYPE_OBJECT,
                         G_IMPLEMENT_INTERFACE (ADM_TYPE_DICE_SOURCE, note_dice_source_init))

static gboolean
note_dice_roll (AdmDiceSource        *source,
                const AdmDiceRequest *request,
                guint                *values,
                GError              **error)
{
  NoteDice *self = NOTE_DICE (source);

  g_ptr_array_add (self->notes, g_strdup (request->note != NULL ? request->note : ""));
  return adm_dice_source_roll (ADM_DICE_SOURCE (self->queue), request, values, error);
}

static void
note_dice_source_init (AdmDiceSourceInterface *iface)
{
  iface->roll = note_dice_roll;
}

static void
note_dice_finalize (GObject *object)
{
  NoteDice *self = NOTE_DICE (object);

  g_clear_object (&self->queue);
  g_clear_pointer (&self->notes, g_ptr_array_unref);
  G_OBJECT_CLASS (note_dice_parent_class)->finalize (object);
}

static void
note_dice_class_init (NoteDiceClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = note_dice_finalize;
}

static void
note_dice_init (NoteDice *self)
{
  self->notes = g_ptr_array_new_with_free_func (g_free);
}

char *
first_note (AdmBattle  *battle,
            const char *body,
            const char *dice)
{
  g_autoptr(AdmTurnOrders) orders = orders_for (battle, body);
  g_autoptr(NoteDice) source = g_object_new (NOTE_TYPE_DICE, NULL);
  g_autoptr(GError) error = NULL;

  source->queue = battle_helper_dice (dice);
  g_assert_true (adm_battle_resolve_phase (battle, orders, ADM_DICE_SOURCE (source), &error));
  g_assert_no_error (error);
  g_assert_cmpuint (adm_dice_queue_get_length (source->queue), ==, 0);
  g_assert_cmpuint (source->notes->len, >, 0);
  g_test_message ("dice prompt: %s", (const char *) source->notes->pdata[0]);
  return g_strdup (source->notes->pdata[0]);
}
