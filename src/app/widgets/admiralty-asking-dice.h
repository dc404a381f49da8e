/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-asking-dice.h: real dice for a battle phase. A dice source that takes the values
 * the master entered from a queue and, when the queue runs dry, remembers the request it
 * could not meet, so that the app can ask for exactly those dice and try the phase again
 * (the engine is all-or-nothing and deterministic: the retry takes the same path).
 *
 * Dice for a volley: values may also be typed ahead for requests the engine has not reached
 * yet (admiralty_asking_dice_add_typed ()). A request is met by such values only when it is
 * the very request they were typed for (purpose, clause, count and sides), so each roll the
 * journal keeps has the values the master typed for it, whatever order the engine asks in.
 * Speculating, the source does not fail on a request it cannot meet: it gives it ones (or the
 * highest faces), notes it and goes on, so that a trial run of the phase (on a copy of the
 * battle) lists every roll still to be asked, in the order the rules roll them; the rolls two
 * trials, with ones and with the highest faces, ask for alike are those no result before them
 * changes. */
#pragma once

#include "adm-battle-orders.h"
#include "adm-battle.h"
#include "adm-dice-queue.h"
#include "adm-dice-source.h"

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_ASKING_DICE (admiralty_asking_dice_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyAskingDice, admiralty_asking_dice, ADMIRALTY, ASKING_DICE,
                      GObject)

AdmiraltyAskingDice  *admiralty_asking_dice_new         (AdmDiceQueue        *queue)
    G_GNUC_WARN_UNUSED_RESULT;
/* The first request the values could not meet (ADM_DICE_ERROR_EMPTY) since the last reset,
 * or NULL. Its strings belong to @self. */
const AdmDiceRequest *admiralty_asking_dice_get_unmet   (AdmiraltyAskingDice *self);
/* Every request not met since the last reset, in the engine's order (one unless
 * speculating): AdmDiceRequest*, owned by @self. */
GPtrArray            *admiralty_asking_dice_get_unmets  (AdmiraltyAskingDice *self);
/* Forgets the requests not met and which typed values were used, and reads @queue from now
 * on (NULL: the same queue); values used from the typed ones while not speculating are
 * dropped from them (admiralty_asking_dice_get_taken () keeps them). */
void                  admiralty_asking_dice_restart     (AdmiraltyAskingDice *self,
                                                         AdmDiceQueue        *queue,
                                                         gboolean             speculating);
void                  admiralty_asking_dice_reset       (AdmiraltyAskingDice *self);
/* Speculating, each die the values do not give is its highest face rather than a one, until
 * the next restart: a trial of the phase with every roll a success where ones miss. With
 * @only (AdmDiceRequest*, kept by the caller until then), only the dice of those rolls are:
 * the others, those the successes bring (a critical, a catastrophe), stay ones. */
void                  admiralty_asking_dice_set_highest (AdmiraltyAskingDice *self,
                                                         gboolean             highest,
                                                         GPtrArray           *only);
/* Keeps only the first @n requests not met. */
void                  admiralty_asking_dice_truncate_unmets (AdmiraltyAskingDice *self,
                                                             guint                n);
/* Forgets the values typed ahead that the last run did not use, and says how many values
 * they were; each roll's purpose is added to @purposes (char*, owned; may be NULL), in the
 * order typed. Called after a real run that resolved the phase: a roll typed for and not
 * reached is one an earlier roll's result changed. */
guint                 admiralty_asking_dice_drop_unused (AdmiraltyAskingDice *self,
                                                         GPtrArray           *purposes);
/* The same for the values no trial used since the last call: after the trials that work out
 * the next prompt, a roll typed for that neither trial comes to will not come again. */
guint                 admiralty_asking_dice_drop_untried (AdmiraltyAskingDice *self,
                                                          GPtrArray           *purposes);
/* The rolls @battle's current phase asks for next with @orders, in the order the rules roll
 * them, up to the first whose form depends on the results before it, left as the requests
 * not met: the phase is tried on the battle's snapshot (adm_battle_phase_requests ()) with
 * @values (guint, typed so far) and ones for the dice not typed, then with the highest faces
 * for those rolls (the rolls their successes bring, a critical or a catastrophe, rolled
 * ones); the rolls the second trial asks for too, in the same order, make the volley. The
 * critical checks of hits come in a later prompt; the volley stops before a roll that changes
 * with the damage done (a battery's column once its target is a hulk). Returns whether rolls
 * beyond the volley remain; none are left unmet when the phase asks for no dice it lacks. */
gboolean              admiralty_asking_dice_ask_volley  (AdmiraltyAskingDice *self,
                                                         AdmBattle           *battle,
                                                         const AdmTurnOrders *orders,
                                                         GArray              *values);
/* Values typed for @request (request->count of them), kept until a request like it comes. */
void                  admiralty_asking_dice_add_typed   (AdmiraltyAskingDice  *self,
                                                         const AdmDiceRequest *request,
                                                         const guint          *values);
void                  admiralty_asking_dice_clear_typed (AdmiraltyAskingDice *self);
/* The typed values the engine took since the last restart, not speculating, in the order it
 * asked for them: to be given again from the queue in the next run. */
GArray               *admiralty_asking_dice_get_taken   (AdmiraltyAskingDice *self);

G_END_DECLS
