/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-map-page.h: the Sector Map tab — the strategic map of the campaign (F-STRAT-8),
 * whose picture it shows ("Show": the master's, the public's or one side's, F-STRAT-3), the
 * player screen of the side shown and the projector (F-STRAT-2), the legend, and a card for
 * the selected sector: its formations by faction, a hidden one revealed to everyone, and the
 * way into its battle (F-TAC-1). Its buttons and the sector's activation use the window's
 * actions (win.open-sector-battle, win.reveal-formation, win.player-screen, win.projector).
 * The window makes it when it is first needed, not for the first frame of a campaign, which
 * shows the Campaign tab. */
#pragma once

#include <adwaita.h>

#include "adm-campaign.h"
#include "admiralty-sector-map.h"

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_MAP_PAGE (admiralty_map_page_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyMapPage, admiralty_map_page, ADMIRALTY, MAP_PAGE, AdwBin)

/* The campaign whose sectors and formations the page shows, or NULL. */
void                admiralty_map_page_set_campaign   (AdmiraltyMapPage *self,
                                                       AdmCampaign      *campaign);
AdmiraltySectorMap *admiralty_map_page_get_sector_map (AdmiraltyMapPage *self);

G_END_DECLS
