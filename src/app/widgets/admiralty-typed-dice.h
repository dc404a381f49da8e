/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-typed-dice.h: real dice typed in by the master, one controller for every page that
 * asks for them (a battle phase, the strategic cycle, a Twilight Imperium step). It keeps the
 * values typed so far with what they were typed for (a key the page makes: the phase and its
 * orders, the cycle and its journal), asks for more with the dice prompt
 * (admiralty-dice-prompt.h), and says what the master answered:
 *
 * - "entered" (GArray *values): the values typed in the prompt, in the order typed; the page
 *   adds them where they belong (admiralty_typed_dice_append (), or values typed ahead for a
 *   volley) and tries again;
 * - "cancelled" (guint kept): Cancel or Escape. The values typed before stay kept for the same
 *   key, so that resolving again goes on from the roll the master stopped at; @kept is how
 *   many. "toast" follows;
 * - "toast" (const char *text): what to tell the master after a Cancel: what was not resolved
 *   and how many values are kept;
 * - "error" (const char *heading, const char *message): the values are not a roll of these
 *   dice (the prompt enables Enter only for a valid roll, so this is rare); the values typed
 *   before stay.
 *
 * A page with "toast" and "error" signals of its own, of the same arguments, has them
 * emitted for it (admiralty_typed_dice_forward ()). */
#pragma once

#include <gtk/gtk.h>

#include "adm-dice-queue.h"
#include "adm-dice-source.h"

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_TYPED_DICE (admiralty_typed_dice_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyTypedDice, admiralty_typed_dice, ADMIRALTY, TYPED_DICE, GObject)

/* @unresolved: what the toast after a Cancel begins with ("The phase was not resolved"). */
AdmiraltyTypedDice *admiralty_typed_dice_new        (const char           *unresolved)
    G_GNUC_WARN_UNUSED_RESULT;
/* Emits @page's "toast" (a string) and "error" (two strings) signals for @self's: @page is
 * what the master sees asked for dice. */
void                admiralty_typed_dice_forward    (AdmiraltyTypedDice   *self,
                                                     gpointer              page);
/* Keeps the values typed so far when they were typed for @key and returns TRUE; else forgets
 * them, keeps @key for the next ones and returns FALSE. */
gboolean            admiralty_typed_dice_resume     (AdmiraltyTypedDice   *self,
                                                     const char           *key);
/* What the values were typed for, or NULL. */
const char         *admiralty_typed_dice_get_key    (AdmiraltyTypedDice   *self);
/* The values typed so far (guint), in the order the engine takes them. */
GArray             *admiralty_typed_dice_get_values (AdmiraltyTypedDice   *self);
void                admiralty_typed_dice_append     (AdmiraltyTypedDice   *self,
                                                     const guint          *values,
                                                     guint                 n_values);
/* A queue of the values typed so far, for the engine to take from the start. */
AdmDiceQueue       *admiralty_typed_dice_new_queue  (AdmiraltyTypedDice   *self)
    G_GNUC_WARN_UNUSED_RESULT;
/* Drops the values typed so far; the key stays. */
void                admiralty_typed_dice_forget     (AdmiraltyTypedDice   *self);

/* Asks for the dice of @requests (copied by the prompt) in one prompt over @widget's window;
 * with @more_follow, the prompt says that the rolls after these are asked once their results
 * are known. A prompt still open is closed first. */
void                admiralty_typed_dice_ask        (AdmiraltyTypedDice           *self,
                                                     GtkWidget                    *widget,
                                                     const AdmDiceRequest * const *requests,
                                                     guint                         n_requests,
                                                     gboolean                      more_follow);
/* The prompt asking now, or NULL. */
GtkWidget          *admiralty_typed_dice_get_prompt (AdmiraltyTypedDice   *self);
/* Brings the prompt asking now to the front; FALSE when none is open. */
gboolean            admiralty_typed_dice_present    (AdmiraltyTypedDice   *self);
/* Closes the prompt asking now, if any, without an answer: no signal. */
void                admiralty_typed_dice_close      (AdmiraltyTypedDice   *self);

G_END_DECLS
