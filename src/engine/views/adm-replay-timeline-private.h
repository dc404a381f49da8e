/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-replay-timeline-private.h: what the replay window and the tests ask of a replay's
 * timeline beside adm-replay-timeline.h — the battles nearest the step shown made ready. */
#pragma once

#include "adm-replay-timeline.h"

G_BEGIN_DECLS

/* Makes the battle nearest the step at @position ready, to be called off the frame each time
 * the replay moves (in an idle after the step is shown): the battle of the first step after
 * @position (@forward: the way Page Down goes) or before it (Page Up) that is of another
 * battle than the step's own, opened at that step — and, when the step is of no battle, the
 * battle the other way too. A Page Down or Page Up out of the step's battle (or from a step
 * of the campaign's own) into the next battle, however old, then takes that battle back or
 * plays one phase on it rather than opening it from its set-up. With the battle the step
 * shows, that is the ADM_CAMPAIGN_PAST_BATTLES the campaign keeps; a jump far away (the
 * slider), or the first step the other way out of a battle, still opens its battle from its
 * set-up. */
void adm_replay_timeline_prepare_near (AdmReplayTimeline *self,
                                       guint              position,
                                       gboolean           forward);

G_END_DECLS
