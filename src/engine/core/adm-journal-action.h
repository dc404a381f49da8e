/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-journal-action.h: an action of the journal (adm-journal.h): what the master did, as one
 * group — a head naming it and the events it journaled. */
#pragma once

#include <glib.h>

#include "adm-event.h"

G_BEGIN_DECLS

/* An action being built, or one in the journal. The head's kind is what the action is
 * ("sheet", "resolve-phase", …); its attributes are the parameters that name it. */
typedef struct _AdmJournalAction AdmJournalAction;

AdmJournalAction *adm_journal_action_new        (const char       *what,
                                                 gint64            time) G_GNUC_WARN_UNUSED_RESULT;
AdmJournalAction *adm_journal_action_ref        (AdmJournalAction *self);
void              adm_journal_action_unref      (AdmJournalAction *self);
/* The head: what the action is (adm_event_get_kind ()), its time and its parameters. */
AdmEvent         *adm_journal_action_get_head   (const AdmJournalAction *self);
const char       *adm_journal_action_get_what   (const AdmJournalAction *self);
gint64            adm_journal_action_get_time   (const AdmJournalAction *self);
/* Its number in the journal, from 1; 0 until it is recorded. */
guint             adm_journal_action_get_id     (const AdmJournalAction *self);
/* Whether the action is in effect now (recorded, and not undone). */
gboolean          adm_journal_action_is_done    (const AdmJournalAction *self);
/* The action's events (AdmEvent*), in order. Add them before recording it. */
GPtrArray        *adm_journal_action_get_events (const AdmJournalAction *self);
void              adm_journal_action_add_event  (AdmJournalAction *self,
                                                 AdmEvent         *event);
/* adm_journal_action_add_event () taking the caller's reference to @event: for an event made
 * to be added (a battle's rolls, a thousand a phase). */
void              adm_journal_action_take_event (AdmJournalAction *self,
                                                 AdmEvent         *event);
/* Whether the action is a phone's, not the master's: its head says by="phone" (a post the
 * admirals' portal journaled — a sheet or muster handed in, a final mark). Undo and redo pass
 * it by, leaving it in effect, and it makes nothing undone final (adm-journal.h). */
#define ADM_JOURNAL_BY_PHONE "phone"
gboolean          adm_journal_action_is_aside   (const AdmJournalAction *self);
/* Source line of the action when loaded from a file, 0 otherwise. */
int               adm_journal_action_get_line   (const AdmJournalAction *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdmJournalAction, adm_journal_action_unref)

G_END_DECLS
