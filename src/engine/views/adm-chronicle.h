/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-chronicle.h: the war chronicle — the campaign told in order for one audience (the master,
 * the public, a side or one admiral), cycle by cycle: each cycle's paper as that audience was
 * handed it (the master's turn report, the public bulletin, the admiral's report: his moves
 * and contacts, the engagements with their places, sides, losses and outcome, the corrections
 * he was told of, F-STRAT-2, F-STRAT-3, F-STRAT-4), the sector map at the cycle's end as the
 * audience saw it (adm_campaign_state_at ()), and the luck ledger of the battles it saw
 * (adm_luck_add_to_doc ()). What a side is told is decided by the one audience filter
 * (adm-audience.h); once the master has published the whole truth of the ended campaign
 * (adm_audience_of_campaign ()), every chronicle is the master's. */
#pragma once

#include <glib.h>

#include "adm-campaign.h"
#include "adm-doc.h"

G_BEGIN_DECLS

/* The chronicle of @campaign for @as: NULL or "master" the master's, "public" the public's, a
 * faction's id or name (each of its admirals' reports in turn, then the map and ledger of the
 * side), or an admiral's id or name (his own). @battles_dir as adm_report_build ()'s. Errors
 * (ADM_REPORT_ERROR): an audience the campaign does not have (the message lists those it
 * has), a faction with no admiral, a campaign with no cycle resolved yet. A battle not ended
 * is told as it stands, in progress. */
AdmDoc *adm_chronicle_build (AdmCampaign  *campaign,
                             const char   *as,
                             const char   *battles_dir,
                             GError      **error) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
