/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-dice-queue.h: we roll real dice — values the master typed in, used in order. */
#pragma once

#include "adm-dice-source.h"

G_BEGIN_DECLS

#define ADM_TYPE_DICE_QUEUE (adm_dice_queue_get_type ())
G_DECLARE_FINAL_TYPE (AdmDiceQueue, adm_dice_queue, ADM, DICE_QUEUE, GObject)

AdmDiceQueue *adm_dice_queue_new        (void) G_GNUC_WARN_UNUSED_RESULT;
void          adm_dice_queue_push       (AdmDiceQueue *self,
                                         guint         value);
/* Appends the numbers in @text ("3 5, 6"); nothing is appended when any is not a number. */
gboolean      adm_dice_queue_push_text  (AdmDiceQueue *self,
                                         const char   *text,
                                         GError      **error);
guint         adm_dice_queue_get_length (AdmDiceQueue *self);
void          adm_dice_queue_clear      (AdmDiceQueue *self);

G_END_DECLS
