/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-log-entry.h: one item of a battle's log as an audience reads it (adm-log-model.h) — a
 * heading ("Turn 2 · Fire"), a report line, or a roll with its dice under it. Immutable. */
#pragma once

#include <glib-object.h>

#include "adm-battle.h"

G_BEGIN_DECLS

#define ADM_TYPE_LOG_ENTRY (adm_log_entry_get_type ())
G_DECLARE_FINAL_TYPE (AdmLogEntry, adm_log_entry, ADM, LOG_ENTRY, GObject)

/* A heading for the entries of @turn's @phase, or a line @text with @detail (NULL for none)
 * under it. */
AdmLogEntry *adm_log_entry_new         (int          turn,
                                        AdmPhase     phase,
                                        const char  *text,
                                        const char  *detail,
                                        gboolean     heading) G_GNUC_WARN_UNUSED_RESULT;
const char  *adm_log_entry_get_text    (AdmLogEntry *self);
/* NULL when the entry has no second line. */
const char  *adm_log_entry_get_detail  (AdmLogEntry *self);
gboolean     adm_log_entry_get_heading (AdmLogEntry *self);
int          adm_log_entry_get_turn    (AdmLogEntry *self);
AdmPhase     adm_log_entry_get_phase   (AdmLogEntry *self);

G_END_DECLS
