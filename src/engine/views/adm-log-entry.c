/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-log-entry.c: an immutable item of a battle's log (adm-log-model.h). */

#include "config.h"

#include "adm-log-entry.h"

struct _AdmLogEntry
{
  GObject   parent_instance;

  int       turn;
  AdmPhase  phase;
  char     *text;
  char     *detail;
  gboolean  heading;
};

G_DEFINE_FINAL_TYPE (AdmLogEntry, adm_log_entry, G_TYPE_OBJECT)

static void
adm_log_entry_finalize (GObject *object)
{
  AdmLogEntry *self = ADM_LOG_ENTRY (object);

  g_free (self->text);
  g_free (self->detail);

  G_OBJECT_CLASS (adm_log_entry_parent_class)->finalize (object);
}

static void
adm_log_entry_class_init (AdmLogEntryClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = adm_log_entry_finalize;
}

static void
adm_log_entry_init (AdmLogEntry *self)
{
}

AdmLogEntry *
adm_log_entry_new (int          turn,
                   AdmPhase     phase,
                   const char  *text,
                   const char  *detail,
                   gboolean     heading)
{
  AdmLogEntry *self = g_object_new (ADM_TYPE_LOG_ENTRY, NULL);

  self->turn = turn;
  self->phase = phase;
  self->text = g_strdup (text != NULL ? text : "");
  self->detail = g_strdup (detail);
  self->heading = heading;
  return self;
}

const char *
adm_log_entry_get_text (AdmLogEntry *self)
{
  g_return_val_if_fail (ADM_IS_LOG_ENTRY (self), NULL);
  return self->text;
}

const char *
adm_log_entry_get_detail (AdmLogEntry *self)
{
  g_return_val_if_fail (ADM_IS_LOG_ENTRY (self), NULL);
  return self->detail;
}

gboolean
adm_log_entry_get_heading (AdmLogEntry *self)
{
  g_return_val_if_fail (ADM_IS_LOG_ENTRY (self), FALSE);
  return self->heading;
}

int
adm_log_entry_get_turn (AdmLogEntry *self)
{
  g_return_val_if_fail (ADM_IS_LOG_ENTRY (self), 0);
  return self->turn;
}

AdmPhase
adm_log_entry_get_phase (AdmLogEntry *self)
{
  g_return_val_if_fail (ADM_IS_LOG_ENTRY (self), ADM_PHASE_DETECTION);
  return self->phase;
}
