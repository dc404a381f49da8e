/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-replay-timeline.h: the war replayed — the steps of a campaign's journal one audience may
 * step through, as a GListModel of AdmReplayStep: the campaign's start, then each entry after
 * which it stood otherwise (cycles, orders, corrections, the muster, undos and redos) and
 * each phase of each battle kept in the journal, in the order the master recorded them.
 *
 * The master steps through every entry. A side (or the public) is told what the one audience
 * filter tells it (adm-audience.h, F-STRAT-3): the cycles resolved, the muster's end and the
 * war's, and the phases of the battles it is told of; the master's other work is no step of
 * its own, and the map it sees at each step is the map of that side. The timeline only reads
 * the journal: what a step shows is made by adm_campaign_state_at () and
 * adm_campaign_battle_at_entry (), which journal nothing. It follows the campaign: entries
 * recorded while the replay is open (the live night goes on) are added at its end. */
#pragma once

#include <gio/gio.h>

#include "adm-campaign.h"
#include "adm-replay-step.h"

G_BEGIN_DECLS

#define ADM_TYPE_REPLAY_TIMELINE (adm_replay_timeline_get_type ())
G_DECLARE_FINAL_TYPE (AdmReplayTimeline, adm_replay_timeline, ADM, REPLAY_TIMELINE, GObject)

/* @audience: "master", "public" or a faction's id. An unknown one gives
 * G_OPTION_ERROR_BAD_VALUE naming the audiences there are. */
AdmReplayTimeline *adm_replay_timeline_new          (AdmCampaign       *campaign,
                                                     const char        *audience,
                                                     GError           **error) G_GNUC_WARN_UNUSED_RESULT;
AdmCampaign       *adm_replay_timeline_get_campaign (AdmReplayTimeline *self);
/* "master", "public" or the faction's id. */
const char        *adm_replay_timeline_get_audience (AdmReplayTimeline *self);
/* The faction a side's timeline is for; NULL for the master and the public. */
const AdmFaction  *adm_replay_timeline_get_viewer   (AdmReplayTimeline *self);
/* The step a moment of the journal falls in: the last step at or before it. */
guint              adm_replay_timeline_find         (AdmReplayTimeline *self,
                                                     guint              moment);
/* Makes the battles of the timeline's latest battle steps ready, to be called off the frame
 * (when the timeline is built, or in an idle after): each of the last
 * ADM_CAMPAIGN_PAST_BATTLES battles stepped through is opened at its last step and let go, so
 * that the campaign keeps it with the states before each of its phases
 * (adm_campaign_battle_at_entry ()). A first jump to any phase of it then takes that battle
 * back rather than opening it from its set-up and playing every phase before. The battle of
 * the latest steps is made ready last, and so is kept longest. */
void               adm_replay_timeline_prepare      (AdmReplayTimeline *self);
/* The battles of engagements this audience is told of that are fought at another table
 * (table-assign) and not brought back: their phases come into the journal, and so into the
 * replay, when their table sends them back. A sentence naming them and saying so, or NULL. */
char              *adm_replay_timeline_describe_out (AdmReplayTimeline *self) G_GNUC_WARN_UNUSED_RESULT;

/* The phase of the battle of @engagement at @moment (a step of a timeline: the campaign's journal
 * holds that battle's entry as its @moment-th) as a heading names it to a side or the public
 * (F-STRAT-3), "Battle at Pol orbit, cycle 1, minute 20 · turn 3, Fire": the engagement as
 * their reports name it (adm_audience_engagement_name ()), by its place and time, never its
 * id; "turn 3, Fire taken back" or "… again" for an undo or a redo of it. NULL when @moment is
 * no entry of that battle. Only for a battle the audience is told of at @moment (a step of
 * its timeline): it does not judge that. */
char              *adm_replay_battle_heading         (AdmCampaign       *campaign,
                                                      const char        *engagement,
                                                      guint              moment) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
