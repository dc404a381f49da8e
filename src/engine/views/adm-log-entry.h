/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-log-entry.h: one item of a log as an audience reads it (adm-log-model.h) — a heading
 * ("Turn 2 · Fire"), a report line, or a roll with its dice under it; a roll of the
 * campaign's dice log also by its parts, as the log's columns show them (the properties
 * "time", "purpose", "clause", "dice", "values", "total" and "outcome"). Immutable. */
#pragma once

#include <glib-object.h>

#include "adm-battle.h"
#include "adm-state.h"

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
/* A roll of the campaign's dice log: its purpose is the text. */
AdmLogEntry *adm_log_entry_new_roll    (const AdmRollRecord *record) G_GNUC_WARN_UNUSED_RESULT;
const char  *adm_log_entry_get_text    (AdmLogEntry *self);
/* NULL when the entry has no second line. */
const char  *adm_log_entry_get_detail  (AdmLogEntry *self);
gboolean     adm_log_entry_get_heading (AdmLogEntry *self);
int          adm_log_entry_get_turn    (AdmLogEntry *self);
AdmPhase     adm_log_entry_get_phase   (AdmLogEntry *self);
/* A campaign's roll's parts; "" (0 for the total) for other entries. The time is the local
 * clock's "HH:MM:SS"; the outcome how its rule judged it ("sum ≤ 7 (readiness): failed ✗"),
 * "" when nothing was judged. */
const char  *adm_log_entry_get_time    (AdmLogEntry *self);
const char  *adm_log_entry_get_clause  (AdmLogEntry *self);
const char  *adm_log_entry_get_dice    (AdmLogEntry *self);
const char  *adm_log_entry_get_values  (AdmLogEntry *self);
guint        adm_log_entry_get_total   (AdmLogEntry *self);
const char  *adm_log_entry_get_outcome (AdmLogEntry *self);

G_END_DECLS
