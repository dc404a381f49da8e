/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-engagement.h: the tactical battle an engagement of the strategic map opens (F-STRAT-4,
 * F-TAC-1): each engaged formation placed by its orders through the ruleset's named placements
 * (F-STRAT-15), absent admirals' formations by the master's readiness check (F-STRAT-5), and
 * the resolution of a cycle that rolls those checks and journals them with it. */
#pragma once

#include <glib.h>

#include "adm-campaign.h"
#include "adm-dice-source.h"
#include "adm-sector-battle.h"
#include "adm-state.h"
#include "adm-strategy.h"

G_BEGIN_DECLS

/* Where an engaged formation goes on the table, and why. */
typedef struct {
  const AdmFormation  *formation;  /* the formation in being, borrowed */
  const AdmFaction    *side;       /* its side: the first faction of its alliance there */
  const AdmPlacement  *placement;  /* borrowed from the ruleset */
  const AdmCycleCheck *check;      /* the F-STRAT-5 check rolled for it, or NULL */
  const char          *reason_id;  /* why, the same in every language: "ordered-to-attack",
                                    * "no-timed-order", "readiness-check-failed",
                                    * "chosen-by-master"; "ordered" for an order the
                                    * schema does not name (static) */
  char                *reason;     /* translated: "ordered to attack", "admiral absent, …" */
} AdmEngagementPlacement;

void adm_engagement_placement_free (AdmEngagementPlacement *placement);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdmEngagementPlacement, adm_engagement_placement_free)

/* Per engaged formation, in the engagement's order: its side, the placement its orders give
 * (adm_ruleset_placement_for_order () of the timed order it was carrying out in the cycle,
 * adm_state_get_cycle_order ()) and why; a formation whose absent admiral's readiness check
 * failed is in the ruleset's check-failed placement, marching order (F-STRAT-5).
 * AdmEngagementPlacement*, owned. */
GPtrArray *adm_engagement_placements   (AdmState            *state,
                                        const AdmEngagement *engagement) G_GNUC_WARN_UNUSED_RESULT;

/* The battle set-up text (battle.rng) for @engagement, laid out by adm_battle_setup_write ()
 * from adm_engagement_layout_seed () with each formation in its placement, or, where @overrides (formation id → placement id, or
 * NULL) says so, in the placement the master chose before the first turn. Errors
 * (ADM_SECTOR_BATTLE_ERROR) name the problem: a placement the ruleset does not have, a
 * formation not in the engagement, fewer than two sides, more than four. */
char      *adm_engagement_battle_setup (AdmState            *state,
                                        const AdmEngagement *engagement,
                                        GHashTable          *overrides,
                                        GError             **error) G_GNUC_WARN_UNUSED_RESULT;

/* F-TAC-1: the engagement's own words, "cycle-1-hegen-hub@0.0" (its file stem and minute):
 * the master's re-roll of its table is kept under it, as two engagements of a cycle may meet
 * at one minute in different places. */
char      *adm_engagement_layout_key   (const AdmEngagement *engagement) G_GNUC_WARN_UNUSED_RESULT;

/* F-TAC-1: the seed @engagement's table is generated from: the one the master last rolled
 * (adm_campaign_reroll_layout ()), else adm_battle_layout_default_seed () of
 * adm_engagement_layout_key (), the same on every replay. */
guint32    adm_engagement_layout_seed  (AdmState            *state,
                                        const AdmEngagement *engagement);
/* F-MINE-2: the seed the campaign's minefields are placed on @engagement's table from: a hash
 * of its cycle's secret salt (adm_state_get_mine_salt (); for a cycle not resolved yet, the
 * last cycle's), its layout key and its layout seed, so that a side, which sees the table
 * and knows where and when it fights, cannot work out where hidden mines lie; with no salt
 * (older files), the layout seed. */
guint32    adm_engagement_mine_seed    (AdmState            *state,
                                        const AdmEngagement *engagement);

/* F-MINE-10, F-MINE-11, F-MINE-12, F-MINE-13: the mines lying in @sector once the cycles
 * resolved so far are over — the scenario's and those laid since, less what a sweep or the
 * master's clearing took — counted by the faction that laid them into @counts (AdmFaction* →
 * guint, as GUINT_TO_POINTER); a battle set up there in the cycle being ordered meets these
 * and any laid in that cycle before it. */
void       adm_engagement_sector_mines (AdmState            *state,
                                        const AdmSector     *sector,
                                        GHashTable          *counts);

/* A file name stem: "cycle-3-hegen-hub", "cycle-2-link-pol-orbit-hegen-hub". */
char      *adm_engagement_file_stem    (const AdmEngagement *engagement) G_GNUC_WARN_UNUSED_RESULT;

/* "Hegen Hub", "Pol orbit – Hegen Hub". */
char      *adm_engagement_place_name   (const AdmEngagement *engagement) G_GNUC_WARN_UNUSED_RESULT;

/* Resolves the campaign's current cycle (F-STRAT-1, F-STRAT-2, F-STRAT-3, F-STRAT-4, F-STRAT-5):
 * works the engagements out on a scratch replay of the journal, asks @source (NULL: the campaign's
 * own generator) for the readiness check (2d6, F-RDY-2) of every engaged formation whose admiral
 * handed in no sheet for the cycle, under the ruling "absent-admiral" (F-STRAT-5), then appends one
 * "cycle" event at @time carrying the checks ("checks" attribute, docs/formats.md). A cycle is
 * resolved with all its rolls or not at all: when a die cannot be had (a typed-in queue runs out)
 * or the cycle does not apply, nothing is journaled and @error says why. */
gboolean   adm_campaign_resolve_cycle  (AdmCampaign   *campaign,
                                        AdmDiceSource *source,
                                        gint64         time,
                                        GError       **error);
/* The readiness checks (F-STRAT-5: 2d6 each, F-RDY-2) that resolving the current cycle at @time
 * would ask its dice source for, in the order it would ask: AdmDiceRequest* owned by the array,
 * each purpose naming its formation, so that a master with real dice types them all in one go.
 * Empty under another "absent-admiral" ruling or with no absent admiral engaged; NULL, with
 * @error, when the cycle cannot be worked out. */
GPtrArray *adm_campaign_cycle_checks   (AdmCampaign   *campaign,
                                        gint64         time,
                                        GError       **error) G_GNUC_WARN_UNUSED_RESULT;
/* adm_campaign_resolve_cycle () for a master asked about the engagements not fought yet
 * (adm_campaign_get_unfought ()): every one must be in @drops (engagement id → the master's
 * reason, not empty), else nothing is journaled and @error names them. Each is dropped by a
 * "drop-engagement" event in the cycle's own action, so one Undo takes back both; the queue
 * then says "Dropped: REASON", and the reports say it too. */
gboolean   adm_campaign_resolve_cycle_dropping (AdmCampaign   *campaign,
                                                AdmDiceSource *source,
                                                gint64         time,
                                                GHashTable    *drops,
                                                GError       **error);

G_END_DECLS
