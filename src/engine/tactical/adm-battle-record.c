/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-battle-record.c: playing the phases and recording them — the phase driver, snapshots
 * and dry runs, adm_battle_resolve_phase () and _turn () recording each phase as a journal
 * action with its rolls, the journal's one check (journal_apply (), which plays the phase)
 * and its replay, and undo and redo, which are journal entries too. */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "adm-battle-private.h"
#include "adm-dice-prng.h"
#include "adm-dice-queue.h"
#include "adm-clock.h"

static void journal_reset (gpointer owner);
static gboolean journal_apply (gpointer owner, const AdmJournalAction *action,
                               gpointer recording, gpointer snapshot, GError **error);
static char *journal_describe (gpointer owner, const AdmJournalAction *action);
static gpointer journal_snapshot (gpointer owner);
static void journal_restore (gpointer owner, gpointer snapshot);
static void journal_snapshot_free (gpointer snapshot);

/* The phase driver */

static gboolean
run_phase (AdmBattle  *self,
           GError    **error)
{
  switch (self->state->phase)
    {
    case ADM_PHASE_DETECTION:
      return _adm_battle_detection_phase (self, error);
    case ADM_PHASE_MOVEMENT:
      return _adm_battle_movement_phase (self, error);
    case ADM_PHASE_FIRE:
      return _adm_battle_fire_phase (self, error);
    case ADM_PHASE_TORPEDO:
      return _adm_battle_torpedo_phase (self, error);
    case ADM_PHASE_END:
    default:
      return _adm_battle_end_phase (self, error);
    }
}

static void
advance_phase (AdmBattleState *state)
{
  /* F-SEQ-1: detection, movement, fire, (torpedoes and boarding,) end. */
  if (state->phase == ADM_PHASE_END)
    {
      state->turn++;
      state->phase = ADM_PHASE_DETECTION;
    }
  else
    state->phase++;
}

/* Plays the current phase. Its callers play on a scratch copy of the state
 * (_adm_battle_snapshot_take ()) and put the battle back if it fails, so that nothing of a
 * failed phase stays: no half-applied turn. */
static gboolean
resolve_one (AdmBattle            *self,
             const AdmTurnOrders  *orders,
             AdmDiceSource        *dice,
             GError              **error)
{
  gboolean ok;

  self->dice = dice;
  self->orders = orders;
  ok = run_phase (self, error);
  self->dice = NULL;
  self->orders = NULL;
  if (ok)
    advance_phase (self->state);
  return ok;
}

static gboolean
check_orders_turn (AdmBattle            *self,
                   const AdmTurnOrders  *orders,
                   GError              **error)
{
  if (orders != NULL && orders->turn != self->state->turn)
    {
      g_set_error (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_ILLEGAL,
                   _("%s: these are the orders for turn %d, but the battle is in turn %d"),
                   orders->file != NULL ? orders->file : _("orders"), orders->turn,
                   self->state->turn);
      return FALSE;
    }
  return TRUE;
}

/* Snapshots and dry runs */

void
_adm_battle_snapshot_take (AdmBattle         *self,
                           AdmBattleSnapshot *snapshot)
{
  /* The battle goes on with a scratch copy and the state itself is put aside untouched, so
   * that pointers callers hold into it (adm_battle_get_ship ()) stay valid. */
  snapshot->state = self->state;
  self->state = _adm_battle_state_copy (self, snapshot->state);
  snapshot->report_len = self->report->len;
  snapshot->rolls_len = self->rolls->len;
  snapshot->journal_len = self->journal->len;
  snapshot->orders = self->orders;
  snapshot->dice = self->dice;
}

void
_adm_battle_snapshot_restore (AdmBattle         *self,
                              AdmBattleSnapshot *snapshot)
{
  _adm_battle_state_put_aside (self, self->state);
  self->state = g_steal_pointer (&snapshot->state);
  g_assert (self->report->len >= snapshot->report_len);
  g_assert (self->rolls->len >= snapshot->rolls_len);
  g_assert (self->journal->len >= snapshot->journal_len);
  g_ptr_array_set_size (self->report, snapshot->report_len);
  g_ptr_array_set_size (self->rolls, snapshot->rolls_len);
  g_ptr_array_set_size (self->journal, snapshot->journal_len);
  self->orders = snapshot->orders;
  self->dice = snapshot->dice;
}

/* The dry run's dice: any fixed seed does, so that a check gives the same answer twice. */
#define DRY_RUN_SEED 0x41646d6972616c74

/* Resolves the phases from the current one through @through in this turn with @orders and
 * @dice on the snapshot, then gives the battle back whole. */
static gboolean
dry_run_with (AdmBattle            *self,
              const AdmTurnOrders  *orders,
              AdmPhase              through,
              AdmDiceSource        *dice,
              GError              **error)
{
  AdmBattleSnapshot snapshot;
  int turn = self->state->turn;
  gboolean ok = TRUE;

  if (!check_orders_turn (self, orders, error))
    return FALSE;
  _adm_battle_snapshot_take (self, &snapshot);
  /* Not journalled, not autosaved, no "changed": the battle is given back whole below. */
  while (ok && self->state->turn == turn && self->state->phase <= through)
    ok = resolve_one (self, orders, dice, error);
  _adm_battle_snapshot_restore (self, &snapshot);
  return ok;
}

gboolean
_adm_battle_dry_run (AdmBattle            *self,
                     const AdmTurnOrders  *orders,
                     AdmPhase              through,
                     GError              **error)
{
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (DRY_RUN_SEED);

  return dry_run_with (self, orders, through, ADM_DICE_SOURCE (dice), error);
}

gboolean
adm_battle_phase_requests (AdmBattle            *self,
                           const AdmTurnOrders  *orders,
                           AdmDiceSource        *dice,
                           GError              **error)
{
  g_return_val_if_fail (ADM_IS_BATTLE (self), FALSE);
  g_return_val_if_fail (ADM_IS_DICE_SOURCE (dice), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return dry_run_with (self, orders, self->state->phase, dice, error);
}

/* The action that journals the phase about to be resolved: its head, and a "phase" event
 * holding the declarations @text (@length bytes; taken) as the journal will read them back.
 * Its "roll" events are added when it applies (journal_apply ()). */
static AdmJournalAction *
phase_action (AdmBattle   *self,
              char        *text,
              gsize        length)
{
  AdmJournalAction *action = adm_journal_action_new ("resolve-phase", adm_clock_now ());
  const char *phase_id = adm_phase_to_string (self->state->phase);
  AdmEvent *event = adm_event_new ("phase", adm_journal_action_get_time (action));
  g_autofree char *declarations = text;

  adm_event_set_int (adm_journal_action_get_head (action), "turn", self->state->turn);
  adm_event_set (adm_journal_action_get_head (action), "phase", phase_id);
  adm_event_set_int (event, "turn", self->state->turn);
  adm_event_set (event, "phase", phase_id);
  adm_event_set_text (event, declarations);
  adm_journal_action_take_event (action, event);
  return action;
}

/* The "roll" events of the rolls made since @from, added to @action: the values, the sides,
 * the clause and where the dice came from, not the purpose — the file reads the same in every
 * language; the purpose comes back with the replay. */
static void
add_roll_events (AdmBattle        *self,
                 AdmJournalAction *action,
                 guint             from)
{
  gint64 time = adm_journal_action_get_time (action);
  g_autoptr(GString) values = g_string_new (NULL);

  for (guint i = from; i < self->rolls->len; i++)
    {
      AdmBattleRoll *roll = g_ptr_array_index (self->rolls, i);
      AdmEvent *event = adm_event_new ("roll", time);

      g_string_truncate (values, 0);
      adm_roll_check_append_values (values, roll->values, roll->n_values, " ");
      if (roll->clause != NULL)
        adm_event_set (event, "clause", roll->clause);
      adm_event_set_int (event, "sides", roll->sides);
      adm_event_set (event, "values", values->str);
      adm_event_set (event, "dice", roll->origin == ADM_ROLL_ORIGIN_PROGRAM ? "program" : "typed");
      adm_journal_action_take_event (action, event);
    }
}

/* A reference to the event @src (GCopyFunc): a battle's list shares the journal's events. */
static gpointer
event_copy (gconstpointer src,
            gpointer      user_data)
{
  return adm_event_ref ((AdmEvent *) src);
}

/* What record_phase () hands the journal with the phase action it records, for
 * journal_apply (): the declarations as given and the dice the master gave, which the action's
 * events do not hold until the phase is played, and the action itself, which takes the rolls
 * made. */
typedef struct {
  AdmJournalAction    *action;
  const AdmTurnOrders *orders;
  AdmDiceSource       *dice;
} PhaseInputs;

/* Records the phase about to be resolved. The phase is played once, by journal_apply () — the
 * one check that replays use too — with the declarations as given, so that a refusal names
 * their file and line, and the dice @dice gives; the action takes those dice as it applies.
 * Declarations that might not read back from the journal's text as the same declarations
 * (adm_turn_orders_reads_back ()) are read back first and played as read, so that nothing is
 * journaled that would not replay the same. */
/* The declarations @given as the phase's "phase" event journals them, in *@length bytes, and
 * in *@reads_back adm_turn_orders_reads_back (): stripped, as g_strstrip () leaves a loaded
 * event's text, by the length known (the text's end is a newline, its start none). */
static char *
declarations_text (const AdmTurnOrders *given,
                   gboolean            *reads_back,
                   gsize               *length)
{
  char *text = _adm_turn_orders_to_string_full (given, reads_back, length);
  gsize start = 0;

  while (*length > 0 && g_ascii_isspace (text[*length - 1]))
    (*length)--;
  text[*length] = '\0';
  while (start < *length && g_ascii_isspace (text[start]))
    start++;
  if (start > 0)
    {
      *length -= start;
      memmove (text, text + start, *length + 1);
    }
  return text;
}

char *
adm_declarations_digest (const char *text)
{
  return g_compute_checksum_for_string (G_CHECKSUM_SHA256, text != NULL ? text : "", -1);
}

char *
adm_battle_declarations_digest (AdmBattle           *self,
                                const AdmTurnOrders *orders)
{
  g_autoptr(AdmTurnOrders) empty = NULL;
  g_autofree char *text = NULL;
  gboolean reads_back;
  gsize length;

  g_return_val_if_fail (ADM_IS_BATTLE (self), NULL);

  if (orders == NULL)
    orders = empty = adm_turn_orders_new (self->state->turn);
  text = declarations_text (orders, &reads_back, &length);
  return adm_declarations_digest (text);
}

static gboolean
record_phase (AdmBattle            *self,
              const AdmTurnOrders  *orders,
              AdmDiceSource        *dice,
              GError              **error)
{
  g_autoptr(AdmTurnOrders) empty = orders == NULL ? adm_turn_orders_new (self->state->turn) : NULL;
  const AdmTurnOrders *given = orders != NULL ? orders : empty;
  gboolean reads_back;
  gsize length;
  g_autofree char *text = declarations_text (given, &reads_back, &length);
  g_autoptr(AdmTurnOrders) declared = NULL;
  g_autoptr(AdmJournalAction) action = NULL;
  g_autoptr(GError) local_error = NULL;
  PhaseInputs inputs;
  gboolean ok;

  if (!reads_back)
    {
      declared = adm_turn_orders_parse (text, _("journal"), &local_error);
      if (declared == NULL)
        {
          g_set_error (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_ILLEGAL,
                       _("The declarations of this turn cannot be journaled: %s"),
                       local_error->message);
          return FALSE;
        }
    }
  action = phase_action (self, g_steal_pointer (&text), length);
  inputs.action = action;
  inputs.orders = declared != NULL ? declared : given;
  inputs.dice = dice;
  ok = adm_journal_record_full (self->log, action, &inputs, &local_error);
  if (ok)
    return TRUE;
  /* Declarations played as read back: the refusal as the declarations given would have it,
   * naming their own file and line, where they have one. */
  if (declared != NULL && g_error_matches (local_error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_ILLEGAL))
    {
      g_autoptr(GError) given_error = NULL;

      if (!_adm_battle_dry_run (self, given, self->state->phase, &given_error) &&
          g_error_matches (given_error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_ILLEGAL))
        {
          g_clear_error (&local_error);
          local_error = g_steal_pointer (&given_error);
        }
    }
  g_propagate_error (error, g_steal_pointer (&local_error));
  return FALSE;
}

gboolean
adm_battle_resolve_phase (AdmBattle            *self,
                          const AdmTurnOrders  *orders,
                          AdmDiceSource        *dice,
                          GError              **error)
{
  g_return_val_if_fail (ADM_IS_BATTLE (self), FALSE);
  g_return_val_if_fail (ADM_IS_DICE_SOURCE (dice), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!check_orders_turn (self, orders, error))
    return FALSE;
  if (!record_phase (self, orders, dice, error))
    return FALSE;
  _adm_battle_autosave (self);
  /* A turn played through is a milestone: kept as the checkpoint "turn-N", which ordinary
   * saves never rotate away. */
  if (self->state->phase == ADM_PHASE_DETECTION && self->autosave_path != NULL &&
      self->autosave_error == NULL)
    {
      g_autofree char *label = g_strdup_printf ("turn-%d", self->state->turn - 1);
      gsize length;
      char *data = adm_battle_serialize (self, &length);

      _adm_battle_autosave_checkpoint (self, label, data, length);
    }
  _adm_battle_emit_changed (self);
  return TRUE;
}

gboolean
adm_battle_resolve_turn (AdmBattle            *self,
                         const AdmTurnOrders  *orders,
                         AdmDiceSource        *dice,
                         GError              **error)
{
  guint resolved = 0;
  int turn;

  g_return_val_if_fail (ADM_IS_BATTLE (self), FALSE);
  g_return_val_if_fail (ADM_IS_DICE_SOURCE (dice), FALSE);

  turn = self->state->turn;
  while (self->state->turn == turn)
    {
      g_autoptr(GError) local_error = NULL;

      if (!adm_battle_resolve_phase (self, orders, dice, &local_error))
        {
          /* All or nothing: the phases of this turn already resolved are undone — journaled
           * as undone, never removed. */
          for (; resolved > 0; resolved--)
            if (!adm_journal_undo (self->log, adm_clock_now (), NULL))
              g_critical ("A journal that just played no longer replays");
          if (self->journal->len > 0 || adm_journal_get_n_entries (self->log) > 0)
            {
              _adm_battle_autosave (self);
              _adm_battle_emit_changed (self);
            }
          g_propagate_error (error, g_steal_pointer (&local_error));
          return FALSE;
        }
      resolved++;
    }
  return TRUE;
}

/* Journal */

GPtrArray *
adm_battle_get_report (AdmBattle *self)
{
  g_return_val_if_fail (ADM_IS_BATTLE (self), NULL);
  return self->report;
}

GPtrArray *
adm_battle_get_rolls (AdmBattle *self)
{
  g_return_val_if_fail (ADM_IS_BATTLE (self), NULL);
  return self->rolls;
}

GPtrArray *
adm_battle_get_journal (AdmBattle *self)
{
  g_return_val_if_fail (ADM_IS_BATTLE (self), NULL);
  return self->journal;
}

gboolean
adm_battle_can_undo (AdmBattle *self)
{
  g_return_val_if_fail (ADM_IS_BATTLE (self), FALSE);
  return adm_journal_can_undo (self->log);
}

static void
journal_reset (gpointer owner)
{
  AdmBattle *self = owner;

  _adm_battle_state_put_aside (self, self->state);
  self->state = _adm_battle_state_copy (self, self->initial);
  g_ptr_array_set_size (self->report, 0);
  g_ptr_array_set_size (self->rolls, 0);
  g_ptr_array_set_size (self->journal, 0);
}

/* Undo in a long battle puts back the state from before the phase (adm-journal.h) rather
 * than replaying every phase from the start: the state, and how long the report, the dice
 * log and the journal's events were then (all three only grow while phases are applied). */
typedef struct {
  AdmBattleState *state;
  guint           report_len;
  guint           rolls_len;
  guint           journal_len;
} JournalSnapshot;

/* The one check (adm-journal.h): a phase action is a "phase" event — the turn and phase it
 * resolves, the declarations of its turn — and the "roll" events of exactly the dice it used.
 * It applies when the battle is in that turn and phase, the declarations are legal, and the
 * dice are all used; else nothing changes. The action record_phase () is recording (its
 * PhaseInputs in @recording_data) has no rolls yet: it is played with the declarations and the
 * dice the master gave, and takes the rolls it made. */
static gboolean
journal_apply (gpointer                owner,
               const AdmJournalAction *action,
               gpointer                recording_data,
               gpointer                snapshot_data,
               GError                **error)
{
  AdmBattle *self = owner;
  GPtrArray *events = adm_journal_action_get_events (action);
  const PhaseInputs *inputs = recording_data;
  gboolean recording = inputs != NULL;
  g_autoptr(AdmDiceQueue) queue = NULL;
  g_autoptr(AdmTurnOrders) read = NULL;
  const AdmTurnOrders *orders;
  AdmDiceSource *dice;
  AdmEvent *phase = events->len > 0 ? g_ptr_array_index (events, 0) : NULL;
  const char *turn_text, *phase_text;
  g_autofree char *now = NULL;
  AdmBattleSnapshot snapshot;
  /* journal_snapshot () made it just before, for this action. */
  JournalSnapshot *before = snapshot_data;

  if (phase == NULL || g_strcmp0 (adm_event_get_kind (phase), "phase") != 0)
    {
      g_set_error (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_REPLAY,
                   _("the journal has a roll that belongs to no phase"));
      return FALSE;
    }
  /* The action's head names the phase too (for Undo's label): both must be this one. */
  now = g_strdup_printf ("%d", self->state->turn);
  for (guint i = 0; i < 2; i++)
    {
      AdmEvent *said = i == 0 ? adm_journal_action_get_head (action) : phase;

      turn_text = adm_event_get (said, "turn");
      phase_text = adm_event_get (said, "phase");
      if ((i == 0 && turn_text == NULL && phase_text == NULL) ||
          (g_strcmp0 (turn_text, now) == 0 &&
           g_strcmp0 (phase_text, adm_phase_to_string (self->state->phase)) == 0))
        continue;
      g_set_error (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_REPLAY,
                   _("the journal does not replay: it says turn %s, %s phase, but the battle "
                     "is in turn %d, %s phase there"), turn_text != NULL ? turn_text : "?",
                   phase_text != NULL ? phase_text : "?", self->state->turn,
                   adm_phase_to_string (self->state->phase));
      return FALSE;
    }
  if (recording)
    {
      orders = inputs->orders;
      dice = inputs->dice;
    }
  else
    {
      read = adm_turn_orders_parse (adm_event_get_text (phase), _("journal"), error);
      if (read == NULL)
        return FALSE;
      orders = read;
      queue = adm_dice_queue_new ();
      dice = ADM_DICE_SOURCE (queue);
    }
  for (guint i = 1; !recording && i < events->len; i++)
    {
      AdmEvent *roll = g_ptr_array_index (events, i);

      if (g_strcmp0 (adm_event_get_kind (roll), "roll") != 0)
        {
          g_set_error (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_REPLAY,
                       _("a phase holds a “%s” event; it holds rolls only"),
                       adm_event_get_kind (roll));
          return FALSE;
        }
      if (!adm_dice_queue_push_text (queue, adm_event_get (roll, "values"), error))
        return FALSE;
    }

  _adm_battle_snapshot_take (self, &snapshot);
  if (!resolve_one (self, orders, dice, error))
    {
      _adm_battle_snapshot_restore (self, &snapshot);
      if (!recording)
        g_prefix_error (error, _("the journal does not replay at turn %s, %s phase: "),
                        turn_text, phase_text);
      return FALSE;
    }
  if (recording)
    add_roll_events (self, inputs->action, snapshot.rolls_len);
  else if (adm_dice_queue_get_length (queue) != 0)
    {
      _adm_battle_snapshot_restore (self, &snapshot);
      g_set_error (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_REPLAY,
                   _("the journal does not replay at turn %s, %s phase: %u dice were left "
                     "over"), turn_text, phase_text, adm_dice_queue_get_length (queue));
      return FALSE;
    }
  /* Each roll as the journal says its dice came (the replay drew them all from a queue). */
  for (guint i = snapshot.rolls_len, e = 1; !recording && i < self->rolls->len; i++, e++)
    {
      AdmBattleRoll *made = g_ptr_array_index (self->rolls, i);
      const char *origin = e < events->len ? adm_event_get (g_ptr_array_index (events, e), "dice")
                                           : NULL;

      made->origin = g_strcmp0 (origin, "program") == 0 ? ADM_ROLL_ORIGIN_PROGRAM
                     : g_strcmp0 (origin, "typed") == 0 ? ADM_ROLL_ORIGIN_TYPED
                                                        : ADM_ROLL_ORIGIN_UNKNOWN;
    }
  /* The state from before the action, put aside untouched while the phase was played on a
   * copy: the journal's snapshot for Undo, rather than a second copy of it. */
  if (before != NULL)
    before->state = g_steal_pointer (&snapshot.state);
  else
    _adm_battle_state_put_aside (self, snapshot.state);
  g_ptr_array_extend (self->journal, events, event_copy, NULL);
  return TRUE;
}


static gpointer
journal_snapshot (gpointer owner)
{
  AdmBattle *self = owner;
  JournalSnapshot *snapshot = g_new (JournalSnapshot, 1);

  /* The journal asks just before it applies an action (journal_apply ()), which plays it on a
   * copy of the state and, when it applies, hands the state from before over to @state: the
   * same state as a copy made here, without copying it. An action refused leaves @state NULL,
   * and the journal drops the snapshot. */
  snapshot->state = NULL;
  snapshot->report_len = self->report->len;
  snapshot->rolls_len = self->rolls->len;
  snapshot->journal_len = self->journal->len;
  return snapshot;
}

static void
journal_snapshot_free (gpointer data)
{
  JournalSnapshot *snapshot = data;

  /* NULL: an action the journal kept no snapshot before (adm_journal_set_snapshot_every ()). */
  if (snapshot == NULL)
    return;
  _adm_battle_state_free (snapshot->state);
  g_free (snapshot);
}

static void
journal_restore (gpointer owner,
                 gpointer data)
{
  AdmBattle *self = owner;
  JournalSnapshot *snapshot = data;

  /* Only an action that applied is taken back, and its snapshot has its state. */
  g_assert (snapshot->state != NULL);
  _adm_battle_state_put_aside (self, self->state);
  self->state = g_steal_pointer (&snapshot->state);
  g_ptr_array_set_size (self->report, snapshot->report_len);
  g_ptr_array_set_size (self->rolls, snapshot->rolls_len);
  g_ptr_array_set_size (self->journal, snapshot->journal_len);
  g_free (snapshot);
}

static char *
journal_describe (gpointer                owner,
                  const AdmJournalAction *action)
{
  return adm_battle_describe_action (action);
}

char *
adm_battle_describe_action (const AdmJournalAction *action)
{
  AdmEvent *head;

  g_return_val_if_fail (action != NULL, NULL);

  head = adm_journal_action_get_head (action);
  gint64 turn = 0;

  if (!g_str_equal (adm_journal_action_get_what (action), "resolve-phase") &&
      !g_str_equal (adm_journal_action_get_what (action), "phase"))
    return NULL;
  if (!adm_event_get_int (head, "turn", &turn))
    return NULL;
  /* Translators: an action to undo: "Resolve Fire, Turn 3". */
  return g_strdup_printf (_("Resolve %s, Turn %d"),
                          adm_phase_display_name (adm_event_get (head, "phase")), (int) turn);
}

static gboolean
undo_or_redo (AdmBattle  *self,
              gboolean    redo,
              GError    **error)
{
  g_autoptr(GError) local_error = NULL;
  gboolean ok = redo ? adm_journal_redo (self->log, adm_clock_now (), &local_error)
                     : adm_journal_undo (self->log, adm_clock_now (), &local_error);

  if (!ok)
    {
      g_set_error_literal (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_REPLAY,
                           local_error->message);
      return FALSE;
    }
  _adm_battle_autosave (self);
  _adm_battle_emit_changed (self);
  return TRUE;
}

gboolean
adm_battle_undo (AdmBattle  *self,
                 GError    **error)
{
  g_return_val_if_fail (ADM_IS_BATTLE (self), FALSE);
  return undo_or_redo (self, FALSE, error);
}

gboolean
adm_battle_can_redo (AdmBattle *self)
{
  g_return_val_if_fail (ADM_IS_BATTLE (self), FALSE);
  return adm_journal_can_redo (self->log);
}

gboolean
adm_battle_redo (AdmBattle  *self,
                 GError    **error)
{
  g_return_val_if_fail (ADM_IS_BATTLE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);
  return undo_or_redo (self, TRUE, error);
}

gboolean
adm_battle_take_back_to (AdmBattle  *self,
                         guint       n_entries,
                         GError    **error)
{
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (ADM_IS_BATTLE (self), FALSE);
  g_return_val_if_fail (n_entries <= adm_journal_get_n_entries (self->log), FALSE);

  if (!adm_journal_take_back_to (self->log, n_entries, &local_error))
    {
      g_set_error_literal (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_REPLAY,
                           local_error->message);
      return FALSE;
    }
  _adm_battle_emit_changed (self);
  return TRUE;
}

AdmJournal *
adm_battle_get_log (AdmBattle *self)
{
  g_return_val_if_fail (ADM_IS_BATTLE (self), NULL);
  return self->log;
}

char *
adm_battle_describe_undo (AdmBattle *self)
{
  AdmJournalAction *action;

  g_return_val_if_fail (ADM_IS_BATTLE (self), NULL);
  action = adm_journal_get_undo_action (self->log);
  return action != NULL ? adm_journal_describe (self->log, action) : NULL;
}

char *
adm_battle_describe_redo (AdmBattle *self)
{
  AdmJournalAction *action;

  g_return_val_if_fail (ADM_IS_BATTLE (self), NULL);
  action = adm_journal_get_redo_action (self->log);
  return action != NULL ? adm_journal_describe (self->log, action) : NULL;
}

AdmJournal *
_adm_battle_journal_new (AdmBattle *self)
{
  AdmJournal *log = adm_journal_new (self, journal_reset, journal_apply, journal_describe);

  adm_journal_set_snapshots (log, journal_snapshot, journal_restore, journal_snapshot_free);
  return log;
}
