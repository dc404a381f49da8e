/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-map-page-private.h: the page's parts, for admiralty-map-page.c and tests. */
#pragma once

#include "admiralty-map-page.h"

G_BEGIN_DECLS

struct _AdmiraltyMapPage
{
  AdwBin              parent_instance;

  AdmCampaign        *campaign;
  GPtrArray          *map_view_factions; /* faction ids of the "Show" drop-down's side entries */

  /* Template children */
  AdmiraltySectorMap *sector_map;
  GtkDropDown        *map_view_dropdown;
  GtkWidget          *player_screen_button;
  GtkWidget          *sector_info;
  GtkWidget          *sector_info_empty;  /* in sector_info's place while none is selected */
  GtkLabel           *sector_info_title;
  GtkFlowBox         *sector_info_factions;
  GtkLabel           *sector_info_hint;
  GtkWidget          *sector_battle_button;
  GtkWidget          *sector_reveal_button;
  GtkWidget          *sector_assign_button;
  GtkWidget          *sector_correct_button;
};

G_END_DECLS
