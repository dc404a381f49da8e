/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-dice-prompt.h: asking the master for the values of real dice — a message dialog
 * naming the dice, their purpose and clause, with a field for the values that says what is
 * wrong (not numbers, too many, off the die) and enables "Enter" only for a valid roll. The
 * caller listens to its "response" ("enter" or "cancel") and reads the values. Used wherever
 * the engine asks for dice the program does not roll: battle phases, the strategic cycle.
 * It hides on close, so that one prompt is built once and asked again for other rolls
 * (admiralty_dice_prompt_set_rolls ()). */
#pragma once

#include <adwaita.h>

#include "adm-dice-source.h"

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_DICE_PROMPT (admiralty_dice_prompt_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyDicePrompt, admiralty_dice_prompt, ADMIRALTY, DICE_PROMPT,
                      AdwMessageDialog)

/* A dialog over @parent asking for no dice yet: admiralty_dice_prompt_set_rolls () says which. */
GtkWidget *admiralty_dice_prompt_new        (GtkWindow                    *parent);
/* Asks for the dice of several rolls at once (a volley: every battery of a formation, every
 * critical check of a phase; copied), listed in the order their values are typed, in one
 * line, instead of those asked before: the heading, the body and a volley's list say them,
 * the field is emptied and "Enter" disabled until a valid roll. With @more_follow, the body
 * says that the rolls after these are asked once their results are known: the volley stops
 * at a roll whose result changes what follows. */
void       admiralty_dice_prompt_set_rolls  (GtkWidget                    *prompt,
                                             const AdmDiceRequest * const *requests,
                                             guint                         n_requests,
                                             gboolean                      more_follow);
/* Appends the typed values to @values, or says what is wrong with them. */
gboolean   admiralty_dice_prompt_get_values (GtkWidget            *prompt,
                                             GArray               *values,
                                             GError              **error);
/* What the field holds: "" after each admiralty_dice_prompt_set_rolls (). */
const char *admiralty_dice_prompt_get_text  (GtkWidget            *prompt);
/* Types @text into the field, as the master would. */
void       admiralty_dice_prompt_set_text   (GtkWidget            *prompt,
                                             const char           *text);
/* Checks @text against @request: numbers, as many as the dice, each on the die; appends them
 * to @values. */
gboolean   admiralty_dice_prompt_parse      (const AdmDiceRequest *request,
                                             const char           *text,
                                             GArray               *values,
                                             GError              **error);

/* The same for the rolls of a volley: their values one after the other in @values. */
gboolean   admiralty_dice_prompt_parse_rolls (const AdmDiceRequest * const *requests,
                                              guint                         n_requests,
                                              const char                   *text,
                                              GArray                       *values,
                                              GError                      **error);

G_END_DECLS
