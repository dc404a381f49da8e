/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-asking-dice.h: real dice for a battle phase. A dice source that takes the values
 * the master entered from a queue and, when the queue runs dry, remembers the request it
 * could not meet, so that the app can ask for exactly those dice and try the phase again
 * (the engine is all-or-nothing and deterministic: the retry takes the same path). */
#pragma once

#include "admiralty-engine.h"

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_ASKING_DICE (admiralty_asking_dice_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyAskingDice, admiralty_asking_dice, ADMIRALTY, ASKING_DICE,
                      GObject)

AdmiraltyAskingDice  *admiralty_asking_dice_new       (AdmDiceQueue        *queue)
    G_GNUC_WARN_UNUSED_RESULT;
AdmDiceQueue         *admiralty_asking_dice_get_queue (AdmiraltyAskingDice *self);
/* The request the queue could not meet (ADM_DICE_ERROR_EMPTY) since the last reset, or
 * NULL. Its strings belong to @self. */
const AdmDiceRequest *admiralty_asking_dice_get_unmet (AdmiraltyAskingDice *self);
void                  admiralty_asking_dice_reset     (AdmiraltyAskingDice *self);

G_END_DECLS
