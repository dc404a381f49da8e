/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-muster-page.h: the master's view of the muster before cycle 1 (adm-muster.h,
 * F-GEN-5, F-GEN-6, F-GEN-7), shown in the Campaign tab while a campaign is at its muster: every
 * admiral with a pool, whether he has mustered, and the formations he would start with (ships,
 * flagship, succession, hidden); the master accepts a muster handed in or returns it with his
 * reason, types a printed muster sheet in for an admiral without a phone, sets where each formation
 * starts (F-GEN-7) and starts the campaign. Each is a GAction journaling one action through
 * the engine's one check, taken back by one Undo; a refusal shows on the page and changes
 * nothing.
 *
 * Actions: "muster.accept" (s: the admiral), "muster.return" ((ss): the admiral and the
 * reason), "muster.position" ((sus): the admiral, the formation's number from 1, the sector),
 * "muster.type-sheet" (s: the admiral; opens the muster sheet dialog), "muster.import-sheets"
 * (opens a file chooser for muster sheet files), "muster.start" (asks, saying who starts with
 * the default formations, then starts cycle 1).
 * Signal "toast" (const char *title): a journaled action, for the window to say. */
#pragma once

#include <adwaita.h>

#include "adm-campaign.h"

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_MUSTER_PAGE (admiralty_muster_page_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyMusterPage, admiralty_muster_page, ADMIRALTY, MUSTER_PAGE,
                      AdwBin)

void         admiralty_muster_page_set_campaign       (AdmiraltyMusterPage *self,
                                                       AdmCampaign         *campaign);
/* The admiral whose muster is shown, or NULL. */
const char  *admiralty_muster_page_get_selected_admiral (AdmiraltyMusterPage *self);
/* Each muster sheet file of @files (GFile) handed in as its admiral's muster, one action each
 * as `admiralty-cli muster … submit` makes it; a refused one changes nothing and is named on
 * the page with its line. The number handed in. */
guint        admiralty_muster_page_import_files       (AdmiraltyMusterPage *self,
                                                       GListModel          *files);
/* The refusal shown, or NULL when none is. */
const char  *admiralty_muster_page_get_problem        (AdmiraltyMusterPage *self);

G_END_DECLS
