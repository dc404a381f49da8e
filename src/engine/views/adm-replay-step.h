/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-replay-step.h: one step of the war's replay (adm-replay-timeline.h) — a moment of the
 * campaign's journal, its cycle, the engagement whose battle it shows (or none: the sector
 * map) and its label, "Cycle 2 · Battle at Komarr orbit · turn 3, Fire". Immutable. */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define ADM_TYPE_REPLAY_STEP (adm_replay_step_get_type ())
G_DECLARE_FINAL_TYPE (AdmReplayStep, adm_replay_step, ADM, REPLAY_STEP, GObject)

/* The moment after the journal's first @moment entries; @engagement NULL for the map. */
AdmReplayStep *adm_replay_step_new            (guint          moment,
                                               guint          cycle,
                                               const char    *engagement,
                                               const char    *label) G_GNUC_WARN_UNUSED_RESULT;
guint          adm_replay_step_get_moment     (AdmReplayStep *self);
/* The cycle the campaign was in then: 0 during the muster. */
guint          adm_replay_step_get_cycle      (AdmReplayStep *self);
/* The engagement whose battle the step shows, or NULL. */
const char    *adm_replay_step_get_engagement (AdmReplayStep *self);
const char    *adm_replay_step_get_label      (AdmReplayStep *self);

G_END_DECLS
