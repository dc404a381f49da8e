/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-report.h: the documents the master prints at every cycle, built as an AdmDoc from the
 * campaign (and the battles fought in the cycle): the master's turn report, an admiral's
 * report that says only what his side knows (F-STRAT-3, F-ECM), fleet cards and blank order
 * sheets (F-STRAT-13, F-STRAT-18). How they are laid out on paper is src/report/'s business. */
#pragma once

#include <glib.h>

#include "adm-campaign.h"
#include "adm-doc.h"
#include "adm-engagement.h"

G_BEGIN_DECLS

#define ADM_REPORT_ERROR (adm_report_error_quark ())

typedef enum {
  ADM_REPORT_ERROR_UNKNOWN_ADMIRAL,  /* no admiral has that id or name, or none was given */
  ADM_REPORT_ERROR_CYCLE,            /* the cycle is not resolved yet (or not open) */
  ADM_REPORT_ERROR_BATTLE,           /* a battle of the cycle could not be opened */
  ADM_REPORT_ERROR_ENGAGEMENT,       /* no such engagement, or it cannot be set up */
  ADM_REPORT_ERROR_AUDIENCE,         /* not an audience of the engagement's battle */
} AdmReportError;

GQuark adm_report_error_quark (void);

typedef enum {
  ADM_REPORT_MASTER,
  ADM_REPORT_ADMIRAL,
  ADM_REPORT_CARDS,
  ADM_REPORT_SHEETS,
  ADM_REPORT_PUBLIC,  /* the public bulletin: what everyone may know (F-STRAT-3) */
  ADM_REPORT_OOB,     /* blank order-of-battle sheets an admiral forms his fleet on (F-GEN-5) */
  ADM_REPORT_MUSTER,  /* muster sheets: an admiral's pool of ships, to form into formations
                       * on paper in the muster before cycle 1 (F-GEN-5, F-GEN-6,
                       * F-GEN-7, adm-muster.h) */
  ADM_REPORT_LUCK,    /* the master's luck ledger of the battles the campaign keeps
                       * (adm-luck.h) */
  ADM_REPORT_CHRONICLE, /* the war chronicle, the campaign told in order for one audience
                         * (adm-chronicle.h) */
} AdmReportKind;

/* "master" | "admiral" | "cards" | "sheets" | "public" | "oob" | "muster" | "luck" |
 * "chronicle" */
gboolean    adm_report_kind_from_string (const char    *text,
                                         AdmReportKind *kind);
const char *adm_report_kind_to_string   (AdmReportKind  kind);

/* The document of @kind for @campaign.
 * @admiral_id: required for ADM_REPORT_ADMIRAL; for CARDS, SHEETS and OOB, NULL means every
 * admiral in turn (a page break between); ignored for MASTER. An admiral's name is accepted
 * as well as his id. PUBLIC is the bulletin anyone in the room may read: the formations the
 * public knows of (every one not hidden, and hidden ones revealed to everyone), by faction and
 * place, never their ships; the engagements one of those fought, naming only those.
 * @cycle: the cycle reported (0 = the last resolved one) for MASTER/ADMIRAL/PUBLIC; for SHEETS the
 * cycle the sheet is for (0 = the current one); ignored for CARDS (they show the state now).
 * @battles_dir: the folder holding the campaign's battle set-ups and games
 * (cycle-N-*.xml and their .game.xml autosaves), or NULL for none (then the reports cover
 * the strategic layer only).
 * LUCK is adm_luck_build () of every battle for the master (@admiral_id, @cycle and
 * @battles_dir ignored). CHRONICLE is adm_chronicle_build () for @admiral_id (NULL: the
 * master; "public", a faction or an admiral; @cycle ignored).
 * Errors (ADM_REPORT_ERROR) say what is wrong in words a master understands: an unknown
 * admiral, a cycle not resolved yet, no admiral given for an admiral's report. */
AdmDoc     *adm_report_build            (AdmCampaign   *campaign,
                                         AdmReportKind  kind,
                                         const char    *admiral_id,
                                         guint          cycle,
                                         const char    *battles_dir,
                                         GError       **error) G_GNUC_WARN_UNUSED_RESULT;

/* The campaign's events a report of @cycle (a resolved one, not 0) is made from (F-STRAT-3,
 * F-STRAT-4): those in effect up to and including the session that resolved it, and the
 * results of its battles journaled before the next session — every event in effect while
 * that session is the last one. Each referenced: a reader that keeps a report knows it is
 * made of the same events as long as these are the same (the same objects, in the same order).
 * Empty for a cycle never resolved. */
GPtrArray  *adm_report_cycle_events     (AdmCampaign   *campaign,
                                         guint          cycle) G_GNUC_WARN_UNUSED_RESULT;

/* The report of @cycle (0 = the last resolved one) to several admirals of one side at once
 * (@admirals: AdmAdmiral*, at least one, all of one faction; one is his ADM_REPORT_ADMIRAL
 * report): what each of them was told, each thing once — a formation, an engagement, a
 * battle, a correction, the enemies out of contact, a formation's moves — where their reports
 * share it (F-STRAT-3). Errors as adm_report_build ()'s. */
AdmDoc     *adm_report_build_admirals   (AdmCampaign   *campaign,
                                         GPtrArray     *admirals,
                                         guint          cycle,
                                         const char    *battles_dir,
                                         GError       **error) G_GNUC_WARN_UNUSED_RESULT;

/* An engaged formation's side named by its own faction: "Vervain", or, when an ally leads its
 * side in the engagement, "Vervain, allied with Cetagandan Empire". */
char       *adm_report_placement_side   (const AdmEngagementPlacement *entry) G_GNUC_WARN_UNUSED_RESULT;

/* An admiral's packet, the paper to hand him: his report of @cycle (0: the last resolved; none
 * before the first cycle is resolved), his fleet cards and his order sheet for the current
 * cycle, each on pages of its own. Errors as adm_report_build (). */
AdmDoc     *adm_report_build_packet     (AdmCampaign   *campaign,
                                         const char    *admiral_id,
                                         guint          cycle,
                                         const char    *battles_dir,
                                         GError       **error) G_GNUC_WARN_UNUSED_RESULT;

/* Every admiral's packet (adm_report_build_packet ()) in one document, for one print job: each
 * a part of its own (AdmDocPart) — his report's title over his pages, his own page numbers
 * ("Radovan — page 2 of 6"), starting on a new sheet with a line saying whose paper it is. */
AdmDoc     *adm_report_build_every_packet (AdmCampaign  *campaign,
                                           guint         cycle,
                                           const char   *battles_dir,
                                           GError      **error) G_GNUC_WARN_UNUSED_RESULT;

/* The fleet cards, as ADM_REPORT_CARDS prints them, of the campaign's ships whose ids are in
 * @ship_ids (a set of char*), in the order of their formations: a table kit's cards of the
 * ships at one table. @battles_dir as adm_report_build ()'s. */
void          adm_report_add_ship_cards     (AdmCampaign   *campaign,
                                             AdmDoc        *doc,
                                             GHashTable    *ship_ids,
                                             const char    *battles_dir);

/* A ship's hull as its fleet card gives it: "3/3" whole, "1/3 (2 lost)" with @damage hull
 * points lost of the class's @hull (F-CRIT-5), never fewer than 0 left. */
char         *adm_report_hull_text          (int            hull,
                                             int            damage) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
