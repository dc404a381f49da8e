/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-roll-dialog-private.h: hooks for tests. */
#pragma once

#include "admiralty-roll-dialog.h"

G_BEGIN_DECLS

/* Types into the "values rolled" entry shown when we roll real dice. */
void        _admiralty_roll_dialog_set_values_text (AdmiraltyRollDialog *self,
                                                    const char          *text);
/* The problem shown under the form, or NULL when none is shown. */
GtkWidget  *_admiralty_roll_dialog_get_purpose_row (AdmiraltyRollDialog *self);
const char *_admiralty_roll_dialog_get_error       (AdmiraltyRollDialog *self);

G_END_DECLS
