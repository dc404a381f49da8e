/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-replays.c: states of a journal's past, replayed once and carried on (adm-replays.h). */

#include "config.h"

#include <string.h>

#include "adm-replays.h"

/* One state and the events applied to make it. */
typedef struct {
  AdmState  *state;
  GPtrArray *events;       /* AdmEvent*, referenced: those applied or passed by, in order */
  guint      first_passed; /* the first of them passed by (it did not apply), or G_MAXUINT */
  guint64    used;         /* when it was last asked for (AdmReplays's clock) */
} Replay;

struct _AdmReplays {
  AdmScenario *scenario;
  GPtrArray   *replays;    /* Replay* */
  guint        max;
  guint64      clock;
  guint64      n_applied;
};

static void
replay_free (gpointer data)
{
  Replay *replay = data;

  g_clear_object (&replay->state);
  g_ptr_array_unref (replay->events);
  g_free (replay);
}

AdmReplays *
adm_replays_new (AdmScenario *scenario,
                 guint        max)
{
  AdmReplays *self;

  g_return_val_if_fail (ADM_IS_SCENARIO (scenario), NULL);
  g_return_val_if_fail (max > 0, NULL);

  self = g_new0 (AdmReplays, 1);
  self->scenario = g_object_ref (scenario);
  self->replays = g_ptr_array_new_with_free_func (replay_free);
  self->max = max;
  return self;
}

void
adm_replays_free (AdmReplays *self)
{
  if (self == NULL)
    return;
  g_ptr_array_unref (self->replays);
  g_object_unref (self->scenario);
  g_free (self);
}

guint64
adm_replays_get_n_applied (AdmReplays *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_applied;
}

/* Whether @replay's events are the first of @events, and each of them that must apply for
 * @events (the first @n_strict) did. */
static gboolean
serves (const Replay *replay,
        GPtrArray    *events,
        guint         n_strict)
{
  /* An empty array may have no storage at all: memcmp () is given none then. */
  return replay->events->len <= events->len &&
         (replay->first_passed == G_MAXUINT || n_strict <= replay->first_passed) &&
         (replay->events->len == 0 ||
          memcmp (replay->events->pdata, events->pdata,
                  replay->events->len * sizeof (gpointer)) == 0);
}

/* A new replay of no events, in place of the one asked for least recently when @self keeps
 * as many as it may. */
static Replay *
fresh (AdmReplays *self)
{
  Replay *replay;

  if (self->replays->len >= self->max)
    {
      guint oldest = 0;

      for (guint i = 1; i < self->replays->len; i++)
        if (((Replay *) g_ptr_array_index (self->replays, i))->used <
            ((Replay *) g_ptr_array_index (self->replays, oldest))->used)
          oldest = i;
      g_ptr_array_remove_index_fast (self->replays, oldest);
    }
  replay = g_new0 (Replay, 1);
  replay->state = adm_state_new (self->scenario);
  /* Events of a journal, each accepted once: they replay as they were recorded, as a
   * campaign's own replay replays them (adm_state_set_replaying ()). */
  adm_state_set_replaying (replay->state, TRUE);
  replay->events = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_event_unref);
  replay->first_passed = G_MAXUINT;
  g_ptr_array_add (self->replays, replay);
  return replay;
}

AdmState *
adm_replays_get (AdmReplays  *self,
                 GPtrArray   *events,
                 guint        n_strict,
                 GError     **error)
{
  Replay *best = NULL;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (events != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  for (guint i = 0; i < self->replays->len; i++)
    {
      Replay *replay = g_ptr_array_index (self->replays, i);

      if (serves (replay, events, n_strict) &&
          (best == NULL || replay->events->len > best->events->len))
        best = replay;
    }
  /* A state someone still reads is never changed under him: carried on only when the
   * replays alone hold it. */
  if (best == NULL || (best->events->len < events->len &&
                       g_atomic_int_get (&G_OBJECT (best->state)->ref_count) > 1))
    best = fresh (self);
  best->used = ++self->clock;
  for (guint i = best->events->len; i < events->len; i++)
    {
      AdmEvent *event = g_ptr_array_index (events, i);

      /* Refused, it changes nothing: the replay stays that of the events before it. */
      if (!adm_state_apply (best->state, event, i < n_strict ? error : NULL))
        {
          if (i < n_strict)
            return NULL;
          best->first_passed = MIN (best->first_passed, i);
        }
      self->n_applied++;
      g_ptr_array_add (best->events, adm_event_ref (event));
    }
  return g_object_ref (best->state);
}
