/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-campaign-journal.h: the campaign's journal — recording an action through the one check
 * (all its events or none), Undo and Redo, and how each is named to the master. Every entry
 * is saved at once when the campaign has a file (adm-campaign-file.h). */
#pragma once

#include "adm-campaign.h"
#include "adm-journal.h"

G_BEGIN_DECLS

/* The journal entries kept free for the battles under way: a new cycle is not begun once the
 * journal holds more than ADM_JOURNAL_MAX_ENTRIES less these, so no battle ever stops for want
 * of room (a cycle's battles take hundreds of entries: ten engagements of twelve turns). */
#define ADM_CAMPAIGN_BATTLE_ROOM 5000

/* Records @event as an action of its own (adm_campaign_append_all ()). */
gboolean       adm_campaign_append        (AdmCampaign  *self,
                                           AdmEvent     *event,
                                           GError      **error);
/* Appends @events (AdmEvent*) as one action: all apply and are saved, with one "changed", or
 * none is kept — an order sheet is handed in whole or not at all, and one Undo takes it back
 * whole. The action is named by what it holds: a "sheet" event makes it that admiral's sheet
 * for that cycle. */
gboolean       adm_campaign_append_all    (AdmCampaign  *self,
                                           GPtrArray    *events,
                                           GError      **error);
/* adm_campaign_append_all () for a phone's post that the admirals' portal journals itself (a
 * sheet taken on arrival, a muster, a sheet handed in to wait for the master, a final mark):
 * an action by="phone", no action of the master's — his Undo and Redo pass it by and leave
 * it in effect (adm_journal_action_is_aside ()). */
gboolean       adm_campaign_append_phone  (AdmCampaign  *self,
                                           GPtrArray    *events,
                                           GError      **error);
/* The revelation (adm_strategy_get_ending ()): adm_campaign_end () journals "end-campaign"
 * with the master's @reason — refused without one, with one longer than
 * ADM_STATE_REASON_MAX, while a battle is under way (naming its engagement), or when ended
 * already; after it the one check takes no other entry. adm_campaign_publish () journals
 * "publish", refused before the end or once published: from then on every side is shown what
 * the master is (adm-audience.h). Each is one action, taken back by adm_campaign_undo (). */
gboolean       adm_campaign_end           (AdmCampaign  *self,
                                           const char   *reason,
                                           gint64        time,
                                           GError      **error);
gboolean       adm_campaign_publish       (AdmCampaign  *self,
                                           gint64        time,
                                           GError      **error);

/* Asks @source (the campaign's own generator when NULL) for the dice of @request and
 * journals the result as a "roll" event at @time; @values_out gets request->count values. */
gboolean       adm_campaign_roll          (AdmCampaign          *self,
                                           AdmDiceSource        *source,
                                           const AdmDiceRequest *request,
                                           gint64                time,
                                           guint                *values_out,
                                           GError              **error);

/* Records @action (its events applied in order, all or nothing) and saves when there is a
 * file. If it does not apply, or the save fails, nothing changes. */
gboolean       adm_campaign_record        (AdmCampaign       *self,
                                           AdmJournalAction  *action,
                                           GError           **error);
/* The journal: every action, undo and redo ever recorded (adm-journal.h). */
AdmJournal    *adm_campaign_get_journal   (AdmCampaign  *self);
/* What Undo would take back and Redo bring back, as the master reads it ("Adm. Aral
 * Vorkosigan's order sheet, cycle 2"), or NULL when there is none. */
char          *adm_campaign_describe_undo (AdmCampaign  *self) G_GNUC_WARN_UNUSED_RESULT;
char          *adm_campaign_describe_redo (AdmCampaign  *self) G_GNUC_WARN_UNUSED_RESULT;

gboolean       adm_campaign_can_undo      (AdmCampaign  *self);
gboolean       adm_campaign_can_redo      (AdmCampaign  *self);
gboolean       adm_campaign_undo          (AdmCampaign  *self,
                                           GError      **error);
gboolean       adm_campaign_redo          (AdmCampaign  *self,
                                           GError      **error);
G_END_DECLS
