/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-log-model.h: a battle's report or dice log as one audience reads it (adm-audience.h), as
 * a GListModel of AdmLogEntry: a heading before the entries of each turn's phase, then the
 * report's lines, or the rolls with their dice and outcome. It follows the battle: after each
 * phase resolved, undone or redone ("changed") it says what that phase added or took back,
 * and which earlier entries now name a token as the side knows it (F-ECM-4), without
 * rereading the rest.
 *
 * The campaign's dice log is one too (adm_log_model_new_for_campaign ()): the master's rolls
 * of the campaign's journal (adm_state_get_rolls ()), oldest first, with no headings. After
 * each change of the campaign it says the rolls added at the end; after an undo or a
 * correction, which replays the journal, those from the first that differs. */
#pragma once

#include <gio/gio.h>

#include "adm-audience.h"
#include "adm-battle.h"
#include "adm-campaign.h"
#include "adm-log-entry.h"

G_BEGIN_DECLS

typedef enum {
  ADM_LOG_REPORT,  /* the report's lines (adm_battle_get_report ()) */
  ADM_LOG_ROLLS,   /* the dice rolled (adm_battle_get_rolls ()) */
} AdmLogKind;

#define ADM_TYPE_LOG_MODEL (adm_log_model_get_type ())
G_DECLARE_FINAL_TYPE (AdmLogModel, adm_log_model, ADM, LOG_MODEL, GObject)

/* @battle may be NULL: the model is empty until it has one. */
AdmLogModel *adm_log_model_new          (AdmBattle   *battle,
                                         AdmLogKind   kind,
                                         AdmAudience  audience) G_GNUC_WARN_UNUSED_RESULT;
/* The campaign's dice log, for the master. */
AdmLogModel *adm_log_model_new_for_campaign (AdmCampaign *campaign) G_GNUC_WARN_UNUSED_RESULT;
AdmBattle   *adm_log_model_get_battle   (AdmLogModel *self);
/* Another battle, or another audience: the model is read anew; the same one changes
 * nothing. */
void         adm_log_model_set_battle   (AdmLogModel *self,
                                         AdmBattle   *battle);
void         adm_log_model_set_audience (AdmLogModel *self,
                                         AdmAudience  audience);

G_END_DECLS
