/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-correction-dialog.h: one of the master's corrections (adm-correction.h) typed in a
 * small dialog — reinforcements at a sector, a ship repaired, damaged or given a readiness, a
 * formation moved, a ship removed or handed over, an admiral joining or leaving, a station's
 * owner and damage, a sector's mines cleared. The dialog fills an AdmCorrection and records
 * it with adm_correction_record (), as `admiralty-cli correct` does: one journaled action,
 * taken back by Undo. A refusal is shown in the dialog, which stays open, and changes
 * nothing. Its command is the action "correction.record". */
#pragma once

#include <adwaita.h>

#include "adm-campaign.h"
#include "adm-correction.h"

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_CORRECTION_DIALOG (admiralty_correction_dialog_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyCorrectionDialog, admiralty_correction_dialog, ADMIRALTY,
                      CORRECTION_DIALOG, AdwWindow)

/* A dialog for a correction of @kind in @campaign. @subject is what it was opened on, or NULL:
 * a sector's id (reinforcements, station, minefield), a formation's (repair, damage,
 * readiness, move, remove-ship, hand-over, add-ship), an admiral's (retire-admiral).
 * Signal "recorded" (const char *action): the correction was journaled, as @action says
 * (adm_campaign_describe_undo ()); the dialog closes. */
AdmiraltyCorrectionDialog *admiralty_correction_dialog_new        (GtkWindow         *parent,
                                                                   AdmCampaign       *campaign,
                                                                   AdmCorrectionKind  kind,
                                                                   const char        *subject);
AdmCorrectionKind          admiralty_correction_dialog_get_kind   (AdmiraltyCorrectionDialog *self);
/* The refusal shown, or NULL when none is. */
const char                *admiralty_correction_dialog_get_problem (AdmiraltyCorrectionDialog *self);

/* The action "win.correct-KIND" (s: the subject, "" for none) that opens the dialog for the
 * correction @kind, for the window to install and the menus to name. */
const char                *admiralty_correction_action_name       (AdmCorrectionKind  kind);

/* The corrections of @formation, each an item of its action (above) on it: repair, damage,
 * readiness, move, remove ship, hand over and, when it has an admiral, retire him. For the
 * menus of the sector card, its fleets and the order of battle. With @ship_id (one of its
 * ships, or NULL), the corrections of one ship are opened on that ship. */
GMenuModel                *admiralty_correction_formation_menu    (const AdmFormation *formation,
                                                                   const char         *ship_id)
    G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
