/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-asking-dice.c: a queue of entered dice that notes the requests it ran dry on, and
 * values typed ahead for the requests a volley makes. */

#include "config.h"

#include <string.h>

#include "admiralty-asking-dice.h"

/* A request with its own strings, and the values typed for it (NULL while not met). */
typedef struct {
  AdmDiceRequest  request;
  guint          *values;
  gboolean        used;      /* in this run */
  gboolean        tried;     /* in a trial since the last admiralty_asking_dice_drop_untried () */
} Roll;

static void
roll_free (Roll *roll)
{
  g_free ((char *) roll->request.purpose);
  g_free ((char *) roll->request.clause);
  g_free ((char *) roll->request.note);
  g_free (roll->values);
  g_free (roll);
}

static Roll *
roll_new (const AdmDiceRequest *request,
          const guint          *values)
{
  Roll *roll = g_new0 (Roll, 1);

  roll->request = *request;
  roll->request.purpose = g_strdup (request->purpose);
  roll->request.clause = g_strdup (request->clause);
  roll->request.note = g_strdup (request->note);
  if (values != NULL)
    roll->values = g_memdup2 (values, request->count * sizeof (guint));
  return roll;
}

static gboolean
same_request (const AdmDiceRequest *a,
              const AdmDiceRequest *b)
{
  return a->count == b->count && a->sides == b->sides &&
         g_strcmp0 (a->purpose, b->purpose) == 0 && g_strcmp0 (a->clause, b->clause) == 0;
}

struct _AdmiraltyAskingDice
{
  GObject         parent_instance;

  AdmDiceQueue   *queue;
  gboolean        speculating;
  gboolean        highest;    /* speculating, each die not typed is its highest face */
  GPtrArray      *highest_only; /* AdmDiceRequest*, borrowed: those rolls' dice only */
  GPtrArray      *typed;      /* Roll*, with values, in the order typed */
  GArray         *taken;      /* guint */
  GPtrArray      *unmet;      /* Roll*, without values */
  GPtrArray      *unmet_requests; /* AdmDiceRequest*, pointing into @unmet */
};

static void admiralty_asking_dice_source_init (AdmDiceSourceInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (AdmiraltyAskingDice, admiralty_asking_dice, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (ADM_TYPE_DICE_SOURCE,
                                                      admiralty_asking_dice_source_init))

/* Values typed ahead for @request and not used in this run, or NULL. */
static Roll *
find_typed (AdmiraltyAskingDice  *self,
            const AdmDiceRequest *request)
{
  for (guint i = 0; i < self->typed->len; i++)
    {
      Roll *roll = g_ptr_array_index (self->typed, i);

      if (!roll->used && same_request (&roll->request, request))
        return roll;
    }
  return NULL;
}

static gboolean
admiralty_asking_dice_roll (AdmDiceSource        *source,
                            const AdmDiceRequest *request,
                            guint                *values,
                            GError              **error)
{
  AdmiraltyAskingDice *self = ADMIRALTY_ASKING_DICE (source);
  g_autoptr(GError) local_error = NULL;
  Roll *typed;

  if (adm_dice_source_roll (ADM_DICE_SOURCE (self->queue), request, values, &local_error))
    return TRUE;
  if (!g_error_matches (local_error, ADM_DICE_ERROR, ADM_DICE_ERROR_EMPTY))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }

  /* The values typed for this very roll; not speculating, only before the first roll
   * missed, since the phase stops there. */
  typed = self->unmet->len == 0 || self->speculating ? find_typed (self, request) : NULL;
  if (typed != NULL)
    {
      typed->used = TRUE;
      typed->tried |= self->speculating;
      memcpy (values, typed->values, request->count * sizeof (guint));
      if (!self->speculating)
        g_array_append_vals (self->taken, values, request->count);
      return TRUE;
    }

  /* A roll not typed yet: the phase stops there, unless speculating, when it is given ones
   * (misses, mostly), or the highest faces (hits, mostly), and noted. */
  if (self->speculating || self->unmet->len == 0)
    {
      Roll *missed = roll_new (request, NULL);

      g_ptr_array_add (self->unmet, missed);
      g_ptr_array_add (self->unmet_requests, &missed->request);
    }
  if (self->speculating)
    {
      gboolean highest = self->highest;

      for (guint i = 0; highest && self->highest_only != NULL; i++)
        {
          if (i == self->highest_only->len)
            {
              highest = FALSE;
              break;
            }
          if (same_request (g_ptr_array_index (self->highest_only, i), request))
            break;
        }
      for (guint i = 0; i < request->count; i++)
        values[i] = highest ? request->sides : 1;
      return TRUE;
    }
  g_propagate_error (error, g_steal_pointer (&local_error));
  return FALSE;
}

static void
admiralty_asking_dice_source_init (AdmDiceSourceInterface *iface)
{
  iface->roll = admiralty_asking_dice_roll;
}

static void
admiralty_asking_dice_finalize (GObject *object)
{
  AdmiraltyAskingDice *self = ADMIRALTY_ASKING_DICE (object);

  g_clear_object (&self->queue);
  g_ptr_array_unref (self->typed);
  g_array_unref (self->taken);
  g_ptr_array_unref (self->unmet_requests);
  g_ptr_array_unref (self->unmet);

  G_OBJECT_CLASS (admiralty_asking_dice_parent_class)->finalize (object);
}

static void
admiralty_asking_dice_class_init (AdmiraltyAskingDiceClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = admiralty_asking_dice_finalize;
}

static void
admiralty_asking_dice_init (AdmiraltyAskingDice *self)
{
  self->typed = g_ptr_array_new_with_free_func ((GDestroyNotify) roll_free);
  self->taken = g_array_new (FALSE, FALSE, sizeof (guint));
  self->unmet = g_ptr_array_new_with_free_func ((GDestroyNotify) roll_free);
  self->unmet_requests = g_ptr_array_new ();
}

AdmiraltyAskingDice *
admiralty_asking_dice_new (AdmDiceQueue *queue)
{
  AdmiraltyAskingDice *self;

  g_return_val_if_fail (ADM_IS_DICE_QUEUE (queue), NULL);

  self = g_object_new (ADMIRALTY_TYPE_ASKING_DICE, NULL);
  self->queue = g_object_ref (queue);
  return self;
}

const AdmDiceRequest *
admiralty_asking_dice_get_unmet (AdmiraltyAskingDice *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_ASKING_DICE (self), NULL);

  return self->unmet_requests->len > 0 ? g_ptr_array_index (self->unmet_requests, 0) : NULL;
}

GPtrArray *
admiralty_asking_dice_get_unmets (AdmiraltyAskingDice *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_ASKING_DICE (self), NULL);

  return self->unmet_requests;
}

void
admiralty_asking_dice_restart (AdmiraltyAskingDice *self,
                               AdmDiceQueue        *queue,
                               gboolean             speculating)
{
  g_return_if_fail (ADMIRALTY_IS_ASKING_DICE (self));
  g_return_if_fail (queue == NULL || ADM_IS_DICE_QUEUE (queue));

  /* Typed values the engine took for real are in the taken list now, and in the queue of the
   * next run. */
  for (guint i = self->typed->len; i > 0; i--)
    {
      Roll *roll = g_ptr_array_index (self->typed, i - 1);

      if (roll->used && !self->speculating)
        g_ptr_array_remove_index (self->typed, i - 1);
      else
        roll->used = FALSE;
    }
  admiralty_asking_dice_reset (self);
  if (queue != NULL)
    g_set_object (&self->queue, queue);
  self->speculating = speculating;
  self->highest = FALSE;
  self->highest_only = NULL;
}

void
admiralty_asking_dice_set_highest (AdmiraltyAskingDice *self,
                                   gboolean             highest,
                                   GPtrArray           *only)
{
  g_return_if_fail (ADMIRALTY_IS_ASKING_DICE (self));

  self->highest = highest;
  self->highest_only = only;
}

void
admiralty_asking_dice_truncate_unmets (AdmiraltyAskingDice *self,
                                       guint                n)
{
  g_return_if_fail (ADMIRALTY_IS_ASKING_DICE (self));

  if (n < self->unmet_requests->len)
    {
      g_ptr_array_set_size (self->unmet_requests, n);
      g_ptr_array_set_size (self->unmet, n);
    }
}


static guint
drop_typed (AdmiraltyAskingDice *self,
            gboolean             tried,
            GPtrArray           *purposes)
{
  guint dropped = 0;

  for (guint i = self->typed->len; i > 0; i--)
    {
      Roll *roll = g_ptr_array_index (self->typed, i - 1);

      if (tried ? roll->tried : roll->used)
        {
          roll->tried = FALSE;
          continue;
        }
      dropped += roll->request.count;
      if (purposes != NULL)
        g_ptr_array_insert (purposes, 0, g_strdup (roll->request.purpose));
      g_ptr_array_remove_index (self->typed, i - 1);
    }
  return dropped;
}

guint
admiralty_asking_dice_drop_unused (AdmiraltyAskingDice *self,
                                   GPtrArray           *purposes)
{
  g_return_val_if_fail (ADMIRALTY_IS_ASKING_DICE (self), 0);

  return drop_typed (self, FALSE, purposes);
}

guint
admiralty_asking_dice_drop_untried (AdmiraltyAskingDice *self,
                                    GPtrArray           *purposes)
{
  g_return_val_if_fail (ADMIRALTY_IS_ASKING_DICE (self), 0);

  return drop_typed (self, TRUE, purposes);
}

void
admiralty_asking_dice_reset (AdmiraltyAskingDice *self)
{
  g_return_if_fail (ADMIRALTY_IS_ASKING_DICE (self));

  g_ptr_array_set_size (self->unmet_requests, 0);
  g_ptr_array_set_size (self->unmet, 0);
  g_array_set_size (self->taken, 0);
}

void
admiralty_asking_dice_add_typed (AdmiraltyAskingDice  *self,
                                 const AdmDiceRequest *request,
                                 const guint          *values)
{
  g_return_if_fail (ADMIRALTY_IS_ASKING_DICE (self));
  g_return_if_fail (request != NULL && values != NULL);

  g_ptr_array_add (self->typed, roll_new (request, values));
}

void
admiralty_asking_dice_clear_typed (AdmiraltyAskingDice *self)
{
  g_return_if_fail (ADMIRALTY_IS_ASKING_DICE (self));

  g_ptr_array_set_size (self->typed, 0);
}

GArray *
admiralty_asking_dice_get_taken (AdmiraltyAskingDice *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_ASKING_DICE (self), NULL);

  return self->taken;
}

/* A trial of @battle's current phase with @orders (adm_battle_phase_requests ()), with the
 * @values typed so far and for each die not typed a one, or with @highest the highest face
 * for the dice of those rolls: the rolls it asks for and does not have are left unmet. */
static void
trial (AdmiraltyAskingDice *self,
       AdmBattle           *battle,
       const AdmTurnOrders *orders,
       GArray              *values,
       GPtrArray           *highest)
{
  g_autoptr(AdmDiceQueue) queue = adm_dice_queue_new ();

  for (guint i = 0; i < values->len; i++)
    adm_dice_queue_push (queue, g_array_index (values, guint, i));
  admiralty_asking_dice_restart (self, queue, TRUE);
  admiralty_asking_dice_set_highest (self, highest != NULL, highest);
  /* A phase that refuses its orders stops at the refusal: the rolls before it are asked. */
  adm_battle_phase_requests (battle, orders, ADM_DICE_SOURCE (self), NULL);
}

/* A copy of the requests the last trial did not meet, its strings in @strings. */
static GPtrArray *
copy_unmets (AdmiraltyAskingDice *self,
             GStringChunk        *strings)
{
  GPtrArray *copies = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < self->unmet_requests->len; i++)
    {
      const AdmDiceRequest *request = g_ptr_array_index (self->unmet_requests, i);
      AdmDiceRequest *copy = g_memdup2 (request, sizeof *copy);

      copy->purpose = g_string_chunk_insert_const (strings, request->purpose);
      copy->clause = request->clause != NULL
                       ? g_string_chunk_insert_const (strings, request->clause) : NULL;
      copy->note = NULL;
      g_ptr_array_add (copies, copy);
    }
  return copies;
}

gboolean
admiralty_asking_dice_ask_volley (AdmiraltyAskingDice *self,
                                  AdmBattle           *battle,
                                  const AdmTurnOrders *orders,
                                  GArray              *values)
{
  g_autoptr(GStringChunk) strings = g_string_chunk_new (256);
  g_autoptr(GPtrArray) low = NULL;
  g_autoptr(GPtrArray) high = NULL;
  guint alike = 0;

  g_return_val_if_fail (ADMIRALTY_IS_ASKING_DICE (self), FALSE);
  g_return_val_if_fail (ADM_IS_BATTLE (battle), FALSE);
  g_return_val_if_fail (values != NULL, FALSE);

  trial (self, battle, orders, values, NULL);
  if (self->unmet_requests->len == 0)
    return FALSE;
  low = copy_unmets (self, strings);
  trial (self, battle, orders, values, low);
  high = copy_unmets (self, strings);
  /* The rolls with ones, as long as the trial with the highest faces asks for them too, in
   * the same order: it may ask for more between them, but not for other ones instead. */
  for (guint h = 0; alike < low->len; alike++, h++)
    {
      while (h < high->len &&
             !same_request (g_ptr_array_index (low, alike), g_ptr_array_index (high, h)))
        h++;
      if (h == high->len)
        break;
    }
  /* The trial the prompt is worked out from, again. */
  trial (self, battle, orders, values, NULL);
  admiralty_asking_dice_truncate_unmets (self, MAX (alike, 1u));
  return MAX (alike, 1u) < low->len;
}
