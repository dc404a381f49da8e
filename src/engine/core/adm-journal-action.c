/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-journal-action.c: an action of the journal, built by its owner and recorded
 * (adm-journal-action.h). */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "adm-journal-private.h"

AdmJournalAction *
adm_journal_action_new (const char *what,
                        gint64      time)
{
  AdmJournalAction *self;

  g_return_val_if_fail (what != NULL && *what != '\0', NULL);

  self = g_new0 (AdmJournalAction, 1);
  g_atomic_ref_count_init (&self->ref_count);
  self->head = adm_event_new (what, time);
  self->events = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_event_unref);
  return self;
}

AdmJournalAction *
adm_journal_action_ref (AdmJournalAction *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
adm_journal_action_unref (AdmJournalAction *self)
{
  g_return_if_fail (self != NULL);
  if (!g_atomic_ref_count_dec (&self->ref_count))
    return;
  adm_event_unref (self->head);
  g_ptr_array_unref (self->events);
  g_free (self);
}

AdmEvent *
adm_journal_action_get_head (const AdmJournalAction *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->head;
}

const char *
adm_journal_action_get_what (const AdmJournalAction *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return adm_event_get_kind (self->head);
}

gboolean
adm_journal_action_is_aside (const AdmJournalAction *self)
{
  return self != NULL && g_strcmp0 (adm_event_get (self->head, "by"), ADM_JOURNAL_BY_PHONE) == 0;
}

gint64
adm_journal_action_get_time (const AdmJournalAction *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return adm_event_get_time (self->head);
}

guint
adm_journal_action_get_id (const AdmJournalAction *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->id;
}

gboolean
adm_journal_action_is_done (const AdmJournalAction *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->done;
}

GPtrArray *
adm_journal_action_get_events (const AdmJournalAction *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->events;
}

void
adm_journal_action_add_event (AdmJournalAction *self,
                              AdmEvent         *event)
{
  g_return_if_fail (self != NULL && event != NULL);
  g_return_if_fail (self->id == 0);
  g_ptr_array_add (self->events, adm_event_ref (event));
}

void
adm_journal_action_take_event (AdmJournalAction *self,
                               AdmEvent         *event)
{
  g_return_if_fail (self != NULL && event != NULL);
  g_return_if_fail (self->id == 0);
  g_ptr_array_add (self->events, event);
}

int
adm_journal_action_get_line (const AdmJournalAction *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->line;
}
