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
/* The phases a battle is carried on by at most, in one call of adm_replay_timeline_prepare ()
 * or adm_replay_timeline_prepare_near (): so that none takes longer than a frame. */
#define ADM_REPLAY_PREPARE_PHASES 8
/* Makes the battles of the timeline's latest battle steps ready, a part at a time, to be called
 * off the frame (when the timeline is built, or in an idle after) until it returns FALSE: each
 * of the last ADM_CAMPAIGN_PAST_BATTLES battles stepped through is opened and carried on to
 * its last step, ADM_REPLAY_PREPARE_PHASES phases a call, and let go, so that
 * the campaign keeps it with the states before each of its phases
 * (adm_campaign_battle_at_entry ()). A first jump to any phase of it then takes that battle
 * back rather than opening it from its set-up and playing every phase before. The battle of
 * the latest steps is made ready last, and so is kept longest. TRUE while there is more to
 * do. */
gboolean           adm_replay_timeline_prepare      (AdmReplayTimeline *self);
/* Makes the battle nearest the step at @position ready, a part at a time as
 * adm_replay_timeline_prepare () does, to be called off the frame each time the replay moves
 * (in an idle after the step is shown) until it returns FALSE; a call for another @position
 * or way begins anew. The battle made ready is that of the step next to @position the other
 * way (against @forward, the way Page Down goes) when that step is of another battle and the
 * next step the way the replay goes is of the step's own (its first phase, come to with Page
 * Down, then Page Up); otherwise that of the first step after @position the way the replay
 * goes (Page Up when not @forward) that is of another battle than the step's own — and, when
 * the step is of no battle, the battle the other way too; each brought to that step. A Page
 * Down or Page Up out of the step's battle (or from a step of the campaign's own) into the
 * next battle, however old, then takes that battle back or plays one phase on it rather than
 * opening it from its set-up. The campaign keeps these apart from the latest battles
 * adm_replay_timeline_prepare () makes ready and from the battles of the steps shown
 * (ADM_CAMPAIGN_PAST_BATTLES each), so that neither idle lets the other's go; a jump far away
 * (the slider) still opens its battle from its set-up. TRUE while there is more to do. */
gboolean           adm_replay_timeline_prepare_near (AdmReplayTimeline *self,
                                                     guint              position,
                                                     gboolean           forward);
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
