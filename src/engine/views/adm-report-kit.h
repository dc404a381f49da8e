/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-report-kit.h: the table kit on paper — an engagement's ship tokens at 1:1 scale (the base
 * sizes of F-SHIP-1, F-SHIP-2, F-SHIP-3, the firing arcs of F-FIRE-7 and the facing of
 * F-ART-6), face-down backs (F-ECM-4), explosion markers (F-CAT-2, F-CAT-9) and the table's
 * mines (F-MINE) as an AdmDoc of figures, for a master who plays on a physical table. What a
 * side's kit holds of the other sides is what the audience filter shows it (adm-audience.h). */
#pragma once

#include <glib.h>

#include "adm-audience.h"
#include "adm-battle.h"
#include "adm-campaign.h"
#include "adm-doc.h"

G_BEGIN_DECLS

/* The kit of @battle for @audience: per side it sees, a token for each ship, face up where the
 * audience is shown the ship, a face-down back where it is shown the base only, nothing where
 * it is shown nothing; its own ships (every ship for the master) with a back beside the front
 * to lay them face down; spare explosion markers, one per token printed, the size of its
 * base; the mines it sees, each with its reach; the map of the table as it sees it (none for
 * the public). @title and the headers as adm_doc_new ()'s. */
AdmDoc *adm_report_kit_of_battle (AdmBattle   *battle,
                                  AdmAudience  audience,
                                  const char  *title,
                                  const char  *header_left,
                                  const char  *header_right) G_GNUC_WARN_UNUSED_RESULT;

/* The kit of the campaign's engagement @engagement_id (its battle as the campaign keeps it, or
 * as it would be set up now), with the fleet cards of the ships the audience is shown in full
 * and the map of the table (adm_doc_add_map ()), for @as: NULL or "master" the master's, a side's id or name (or
 * "public") that audience's. Errors: an engagement the campaign does not have, one dropped
 * unfought, an audience not of its battle (ADM_REPORT_ERROR_*). A side is told the engagement
 * by its place and time, never its id. */
AdmDoc *adm_report_kit_build     (AdmCampaign  *campaign,
                                  const char   *engagement_id,
                                  const char   *as,
                                  GError      **error) G_GNUC_WARN_UNUSED_RESULT;

/* The battle of the campaign's engagement @engagement_id as its kit prints it (a new
 * reference), for choosing whose kit to print; errors as adm_report_kit_build ()'s. */
AdmBattle *adm_report_kit_battle (AdmCampaign  *campaign,
                                  const char   *engagement_id,
                                  GError      **error) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
