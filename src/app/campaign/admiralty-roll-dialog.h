/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-roll-dialog.h: asks for a roll — how many dice, which die, what for — and
 * records it in the campaign, rolled by the program or typed in from real dice. */
#pragma once

#include <adwaita.h>

#include "adm-campaign.h"

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_ROLL_DIALOG (admiralty_roll_dialog_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyRollDialog, admiralty_roll_dialog, ADMIRALTY, ROLL_DIALOG, AdwWindow)

/* The dialog emits "rolled" (a short text of the result) once the roll is journalled, then
 * closes. */
AdmiraltyRollDialog *admiralty_roll_dialog_new         (GtkWindow           *parent,
                                                        AdmCampaign         *campaign)
    G_GNUC_WARN_UNUSED_RESULT;
/* Fills the form; @sides must be one the dialog offers (3, 6, 10, 20 or 100). */
void                 admiralty_roll_dialog_set_request (AdmiraltyRollDialog *self,
                                                        guint                count,
                                                        guint                sides,
                                                        const char          *purpose,
                                                        const char          *clause);

G_END_DECLS
