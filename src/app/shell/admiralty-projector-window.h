/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-projector-window.h: the main map for a projector or a second screen (F-STRAT-2:
 * the results of the movements are shown on the main map). Fullscreen, large type, and the
 * public picture only: the sector map drawn for ADMIRALTY_SECTOR_AUDIENCE_PUBLIC, so no
 * hidden or undetected formation is ever drawn; it follows the campaign as the master
 * resolves, with the cycle and the time to the next communication session in large type.
 *
 * Keys: F11 toggles fullscreen, Escape leaves it, Ctrl+W closes. */
#pragma once

#include <adwaita.h>

#include "admiralty-cycle-clock.h"
#include "adm-campaign.h"
#include "admiralty-sector-map.h"
#include "admiralty-table-widget.h"
#include "adm-portal.h"

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_PROJECTOR_WINDOW (admiralty_projector_window_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyProjectorWindow, admiralty_projector_window, ADMIRALTY,
                      PROJECTOR_WINDOW, AdwWindow)

/* @clock may be NULL: no countdown is shown then. */
AdmiraltyProjectorWindow *admiralty_projector_window_new          (GtkApplication      *application,
                                                                   AdmCampaign         *campaign,
                                                                   AdmiraltyCycleClock *clock)
                                                                   G_GNUC_WARN_UNUSED_RESULT;
AdmCampaign              *admiralty_projector_window_get_campaign (AdmiraltyProjectorWindow *self);
void                      admiralty_projector_window_set_campaign (AdmiraltyProjectorWindow *self,
                                                                   AdmCampaign              *campaign);
AdmiraltySectorMap       *admiralty_projector_window_get_map      (AdmiraltyProjectorWindow *self);
/* The tactical table the wall shows in place of the map while it holds a battle: the replay's
 * battle phase, as the public saw it (admiralty_replay_window_set_projector ()). */
AdmiraltyTableWidget     *admiralty_projector_window_get_table    (AdmiraltyProjectorWindow *self);
/* What the heading names while the table holds the replay's battle phase: the battle and the
 * phase as the public is told of them (adm_replay_battle_heading ()), or NULL. The replay
 * sets it with the phase (admiralty_replay_window_set_projector ()). */
void                      admiralty_projector_window_set_battle_heading (AdmiraltyProjectorWindow *self,
                                                                         const char               *heading);
/* Whether the wall shows the table now rather than the map. */
gboolean                  admiralty_projector_window_shows_table  (AdmiraltyProjectorWindow *self);
/* Fullscreen on a monitor other than @avoid's when there is one, else on @avoid's. */
void                      admiralty_projector_window_show_on      (AdmiraltyProjectorWindow *self,
                                                                   GtkWidget                *avoid);
/* The admirals' portal whose final marks the strip under the heading shows ("Final (2 of 4):
 * Adm. Aral Vorkosigan · …", the admirals at the table of the factions the key shows), or
 * NULL. */
void                      admiralty_projector_window_set_portal   (AdmiraltyProjectorWindow *self,
                                                                   AdmPortal                *portal);
/* That strip's text, NULL when hidden (no portal, or no admiral at the table). */
const char               *admiralty_projector_window_get_finals_text (AdmiraltyProjectorWindow *self);
/* The heading's texts, for tests: "Cycle 3", "Next session in 12:40". */
const char               *admiralty_projector_window_get_cycle_text (AdmiraltyProjectorWindow *self);
const char               *admiralty_projector_window_get_clock_text (AdmiraltyProjectorWindow *self);
/* The commitments of the battles being fought that the room may know of (docs/dice.md), or
 * NULL when there are none. */
const char               *admiralty_projector_window_get_dice_text  (AdmiraltyProjectorWindow *self);
/* The faction key's entries as shown, "(star) Barrayaran Imperium" each: the symbol drawn
 * beside the name, and the name. */
GStrv                     admiralty_projector_window_get_key_texts  (AdmiraltyProjectorWindow *self)
    G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
