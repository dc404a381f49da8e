/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-luck-model.h: a campaign's luck ledger (adm-luck.h) as one audience may read it, as a
 * GListModel of AdmLuckRow: each battle's heading, its sides' and admirals' expected against
 * actual, then over every battle the sides' and admirals' totals, and the luckiest and
 * unluckiest rolls; or, with "every-roll", every roll the audience's ledgers count beside the
 * odds it had, from the luckiest to the unluckiest under a heading of the lucky, of those
 * neither and of the unlucky. The ledgers are adm_luck_ledgers_of_campaign ()'s, through the
 * one audience filter: a side's rows count and list only the rolls that side saw. It follows
 * the campaign's journal: after each change ("changed": a battle played, an undo, a
 * correction, the revelation) it says which rows changed, and keeps the rest. */
#pragma once

#include <gio/gio.h>

#include "adm-campaign.h"
#include "adm-luck-row.h"
#include "adm-ti4-combat.h"

G_BEGIN_DECLS

#define ADM_TYPE_LUCK_MODEL (adm_luck_model_get_type ())
G_DECLARE_FINAL_TYPE (AdmLuckModel, adm_luck_model, ADM, LUCK_MODEL, GObject)

/* @as as adm_luck_ledgers_of_campaign () reads it: NULL or "master", "public", a faction's or
 * a battle side's id or name. */
AdmLuckModel *adm_luck_model_new          (AdmCampaign  *campaign,
                                           const char   *as) G_GNUC_WARN_UNUSED_RESULT;
/* The ledger of the TI4 combat @combat as a list, for @as as adm_luck_ledgers_of_ti4_combat ()
 * reads it (NULL or "master", "public", "attacker", "defender" or a side's name): one heading,
 * the sides' hits expected against actual and the luckiest and unluckiest rolls, or with
 * "every-roll" each group of dice beside the odds it had. It follows the combat ("changed":
 * a step resolved, undone or redone). */
AdmLuckModel *adm_luck_model_new_ti4      (AdmTi4Combat *combat,
                                           const char   *as) G_GNUC_WARN_UNUSED_RESULT;
/* Another audience: the rows are read anew (only those that differ are said changed). */
void          adm_luck_model_set_audience (AdmLuckModel *self,
                                           const char   *as);
/* Whether the rows are every roll instead of the tallies (ADM_LUCK_ROW_ROLL, each naming its
 * battle when there are several, under ADM_LUCK_ROW_HEADING rows: the lucky, the luckiest
 * first; those neither lucky nor unlucky, in the order rolled; the unlucky, the unluckiest
 * last, adm_luck_roll_leaning ()): the property "every-roll", FALSE at first. */
void          adm_luck_model_set_every_roll (AdmLuckModel *self,
                                             gboolean      every_roll);
gboolean      adm_luck_model_get_every_roll (AdmLuckModel *self);
/* "master", or the audience as given. */
const char   *adm_luck_model_get_audience (AdmLuckModel *self);
/* Why the model has no row — no battle fought yet, the audience in none — or NULL. */
const char   *adm_luck_model_get_empty_reason (AdmLuckModel *self);

G_END_DECLS
