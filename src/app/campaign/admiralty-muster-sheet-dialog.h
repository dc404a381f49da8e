/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-muster-sheet-dialog.h: an admiral's printed muster sheet (`admiralty-cli report
 * --kind muster`) typed in by the master for an admiral with no phone, row by row as the paper
 * has them: each ship of his pool with its formation's number and its command (1 the flagship,
 * F-FORM-4; 2, 3 … the ships next in command, F-FORM-5), then each formation's name and
 * whether it is hidden (F-STRAT-3). Hand In journals it as his muster ("muster" and its
 * "muster-formation" events, adm-muster.h), one action taken back by Undo; a refusal — the
 * dialog's own for what the paper's form allows, else the engine's one check — shows in the
 * dialog, which stays open, and changes nothing. Its command is the action
 * "muster-sheet.hand-in". */
#pragma once

#include <adwaita.h>

#include "adm-campaign.h"

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_MUSTER_SHEET_DIALOG (admiralty_muster_sheet_dialog_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyMusterSheetDialog, admiralty_muster_sheet_dialog, ADMIRALTY,
                      MUSTER_SHEET_DIALOG, AdwWindow)

/* The muster sheet of @admiral_id, one of @campaign's admirals with a pool, to type in.
 * Signal "handed-in" (const char *message): his muster was journaled, as @message says; the
 * dialog closes. */
AdmiraltyMusterSheetDialog *admiralty_muster_sheet_dialog_new         (GtkWindow   *parent,
                                                                       AdmCampaign *campaign,
                                                                       const char  *admiral_id);
/* The refusal shown, or NULL when none is. */
const char                 *admiralty_muster_sheet_dialog_get_problem (AdmiraltyMusterSheetDialog *self);

G_END_DECLS
