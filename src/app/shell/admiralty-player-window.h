/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-player-window.h: a player screen — a second window, like the projector, that
 * follows one side's picture of the current battle (the table and the report as that side
 * sees them, F-ECM) or, with no battle, of the sector map (what the side knows, F-STRAT-3),
 * for an admiral at the table. It has no master controls; what it shows is decided by the
 * engine's audience filter (adm-audience.h). */
#pragma once

#include <adwaita.h>

#include "adm-battle.h"
#include "adm-campaign.h"
#include "admiralty-sector-map.h"
#include "admiralty-table-widget.h"

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_PLAYER_WINDOW (admiralty_player_window_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyPlayerWindow, admiralty_player_window, ADMIRALTY, PLAYER_WINDOW,
                      AdwWindow)

/* A player screen for side @side_id: a faction on the map, the side of that id in a battle. */
AdmiraltyPlayerWindow *admiralty_player_window_new          (GtkApplication *application,
                                                             const char     *side_id);
const char            *admiralty_player_window_get_side     (AdmiraltyPlayerWindow *self);
void                   admiralty_player_window_set_campaign (AdmiraltyPlayerWindow *self,
                                                             AdmCampaign           *campaign);
/* The battle to follow, or NULL for the map. A battle the side is not in shows nothing of it:
 * the map stays. */
void                   admiralty_player_window_set_battle   (AdmiraltyPlayerWindow *self,
                                                             AdmBattle             *battle);
/* "battle" or "map": what the screen shows. */
const char            *admiralty_player_window_get_showing  (AdmiraltyPlayerWindow *self);
AdmiraltyTableWidget  *admiralty_player_window_get_table    (AdmiraltyPlayerWindow *self);
AdmiraltySectorMap    *admiralty_player_window_get_map      (AdmiraltyPlayerWindow *self);
/* The report lines shown beside the table, one a line. */
const char            *admiralty_player_window_get_report_text (AdmiraltyPlayerWindow *self);

G_END_DECLS
