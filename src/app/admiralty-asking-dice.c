/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-asking-dice.c: a queue of entered dice that notes the request it ran dry on. */

#include "config.h"

#include "admiralty-asking-dice.h"

struct _AdmiraltyAskingDice
{
  GObject         parent_instance;

  AdmDiceQueue   *queue;
  gboolean        has_unmet;
  AdmDiceRequest  unmet;
  char           *unmet_purpose;
  char           *unmet_clause;
};

static void admiralty_asking_dice_source_init (AdmDiceSourceInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (AdmiraltyAskingDice, admiralty_asking_dice, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (ADM_TYPE_DICE_SOURCE,
                                                      admiralty_asking_dice_source_init))

static gboolean
admiralty_asking_dice_roll (AdmDiceSource        *source,
                            const AdmDiceRequest *request,
                            guint                *values,
                            GError              **error)
{
  AdmiraltyAskingDice *self = ADMIRALTY_ASKING_DICE (source);
  g_autoptr(GError) local_error = NULL;

  if (adm_dice_source_roll (ADM_DICE_SOURCE (self->queue), request, values, &local_error))
    return TRUE;

  /* Only the first request that ran dry matters: the phase stops there. */
  if (g_error_matches (local_error, ADM_DICE_ERROR, ADM_DICE_ERROR_EMPTY) && !self->has_unmet)
    {
      self->has_unmet = TRUE;
      self->unmet = *request;
      self->unmet_purpose = g_strdup (request->purpose);
      self->unmet_clause = g_strdup (request->clause);
      self->unmet.purpose = self->unmet_purpose;
      self->unmet.clause = self->unmet_clause;
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

  admiralty_asking_dice_reset (self);
  g_clear_object (&self->queue);

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

AdmDiceQueue *
admiralty_asking_dice_get_queue (AdmiraltyAskingDice *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_ASKING_DICE (self), NULL);

  return self->queue;
}

const AdmDiceRequest *
admiralty_asking_dice_get_unmet (AdmiraltyAskingDice *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_ASKING_DICE (self), NULL);

  return self->has_unmet ? &self->unmet : NULL;
}

void
admiralty_asking_dice_reset (AdmiraltyAskingDice *self)
{
  g_return_if_fail (ADMIRALTY_IS_ASKING_DICE (self));

  self->has_unmet = FALSE;
  g_clear_pointer (&self->unmet_purpose, g_free);
  g_clear_pointer (&self->unmet_clause, g_free);
  self->unmet = (AdmDiceRequest) { 0 };
}
