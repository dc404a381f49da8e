/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-replay-window.h: the war replayed (adm-replay-timeline.h) — a window that steps
 * through the campaign's journal, showing each step on the sector map or, for a battle's
 * phase, on the tactical table, as the master, a side or the public is shown it. Page Up and
 * Page Down step, the slider jumps; the projector shows the step when the master asks. It
 * only reads the campaign: the live night goes on in the main window. */
#pragma once

#include <adwaita.h>

#include "adm-campaign.h"
#include "adm-replay-timeline.h"
#include "admiralty-sector-map.h"
#include "admiralty-table-widget.h"

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_REPLAY_WINDOW (admiralty_replay_window_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyReplayWindow, admiralty_replay_window, ADMIRALTY, REPLAY_WINDOW,
                      AdwWindow)

/* At the campaign's last step, as the master sees it. */
AdmiraltyReplayWindow *admiralty_replay_window_new           (GtkApplication        *application,
                                                              AdmCampaign           *campaign)
                                                              G_GNUC_WARN_UNUSED_RESULT;
AdmCampaign           *admiralty_replay_window_get_campaign  (AdmiraltyReplayWindow *self);
/* "master", "public" or a faction's id (adm_replay_timeline_new ()); FALSE with @error for
 * one the campaign does not have, nothing changed. */
gboolean               admiralty_replay_window_set_audience  (AdmiraltyReplayWindow *self,
                                                              const char            *audience,
                                                              GError               **error);
AdmReplayTimeline     *admiralty_replay_window_get_timeline  (AdmiraltyReplayWindow *self);
/* The step shown, an index of the timeline. */
guint                  admiralty_replay_window_get_position  (AdmiraltyReplayWindow *self);
void                   admiralty_replay_window_set_position  (AdmiraltyReplayWindow *self,
                                                              guint                  position);
/* The step's label, "Cycle 2 · Battle at Komarr orbit · turn 3, Fire". */
const char            *admiralty_replay_window_get_label     (AdmiraltyReplayWindow *self);
/* The map, or NULL while a battle's phase is shown; the table, or NULL while the map is. */
AdmiraltySectorMap    *admiralty_replay_window_get_map       (AdmiraltyReplayWindow *self);
AdmiraltyTableWidget  *admiralty_replay_window_get_table     (AdmiraltyReplayWindow *self);
/* The projector's map and table (the main window's projector, while it is open; NULL when
 * closed): while the master shows the replay there ("replay.project"), the map shows each
 * step's moment as the public saw it then, and the table a battle's phase the public was told
 * of, drawn for the public (adm_audience_public_of_campaign ()) as it stood then. */
void                   admiralty_replay_window_set_projector (AdmiraltyReplayWindow *self,
                                                              AdmiraltySectorMap    *map,
                                                              AdmiraltyTableWidget  *table);
/* Property "projector-heading" (string, notified; NULL while the projector shows the map or
 * nothing of the replay): the heading for the battle's phase on the projector's table, naming
 * the battle and the phase as the public is told of them (adm_replay_battle_heading ()). The
 * window that owns the projector puts it there. */
const char            *admiralty_replay_window_get_projector_heading (AdmiraltyReplayWindow *self);

G_END_DECLS
