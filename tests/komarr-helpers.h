/* SPDX-License-Identifier: GPL-3.0-or-later */
/* komarr-helpers.h: the bundled Komarr campaign, new or played headless from its order sheets
 * for the tests that need it after some cycles (test-report.c, test-campaign-loop.c,
 * test-portal.c, test-table-server.c), and orders handed in by hand. */
#pragma once

#include <string.h>
#include <glib.h>

#include "admiralty-engine.h"

/* The bundled Komarr campaign (scenarios/komarr-campaign.admiralty), new with seed 1, with the
 * ruling @ruling set to @value when @ruling is given. */
AdmCampaign *
komarr_new (const char *ruling,
            const char *value);

/* The strategic side of @campaign's state: positions, engagements, cycle. */
AdmStrategy *
strategy_of (AdmCampaign *campaign);

int
komarr_compare_names (gconstpointer a,
                      gconstpointer b);

/* Cycle @cycle (F-STRAT-1, F-STRAT-2, F-STRAT-3, F-STRAT-4, F-STRAT-5): the sheets
 * scenarios/komarr-campaign.sheets/komarr-cycle-N-*.xml in name order (a correction is named
 * after the sheet it corrects), each handed in whole a minute before the session at
 * @t0 + N × 40 min, then the cycle resolved with its F-STRAT-5 checks rolled from a generator
 * seeded with N. */
void
komarr_play_cycle (AdmCampaign *campaign,
                   guint        cycle,
                   gint64       t0);
/* Cycle @cycle played as komarr_play_cycle () plays Komarr's, from the sample sheets
 * scenarios/@scenario.sheets/@scenario-cycle-N-*.xml of another shipped scenario. */
void
sample_play_cycle (AdmCampaign *campaign,
                   const char  *scenario,
                   guint        cycle,
                   gint64       t0);

/* @admiral's order of @kind for @formation in cycle @cycle, handed in at @time; @key and @value
 * its one detail (route, target, flagship) or NULL. Whether the campaign takes it, its refusal
 * in @error. */
gboolean
campaign_order (AdmCampaign  *campaign,
                gint64        time,
                guint         cycle,
                const char   *admiral,
                const char   *formation,
                const char   *kind,
                const char   *key,
                const char   *value,
                GError      **error);

/* @admiral's order of @kind for @formation in cycle @cycle, handed in a minute before the
 * cycle's session at @t0 + N × 40 min as komarr_play_cycle () hands in the sheets; @key and
 * @value its one detail (route, target, flagship) or NULL. Asserts the campaign takes it. */
void
komarr_order (AdmCampaign *campaign,
              gint64       t0,
              guint        cycle,
              const char  *admiral,
              const char  *formation,
              const char  *kind,
              const char  *key,
              const char  *value);

/* The cycle event that ends @campaign's current cycle N at its session, @t0 + N × 40 min,
 * appended as is: no checks rolled. */
void
komarr_end_cycle (AdmCampaign *campaign,
                  gint64       t0);

/* @campaign's engagement @id, which it holds. */
AdmQueuedEngagement *
queued_engagement (AdmCampaign *campaign,
                   const char  *id);

/* The battle @campaign sets up for its engagement @id (F-STRAT-15, F-TAC-1), loaded. */
AdmBattle *
engagement_battle (AdmCampaign *campaign,
                   const char  *id);

/* The bundled Komarr campaign opened as it ships (scenarios/komarr-campaign.admiralty) and
 * saved as @path, then its cycles 1 to @cycles played onto that file as komarr_play_cycle ()
 * plays each from @t0: each cycle is journaled to @path as it is played. */
AdmCampaign *
komarr_saved_and_played (const char *path,
                         guint       cycles,
                         gint64      t0);

/* A new campaign (seed 1) of the scenario at @scenario_path (NULL: the bundled Komarr
 * campaign) played for cycles 1 to @cycles as komarr_play_cycle () plays each, and saved as
 * @save_path after each. */
AdmCampaign *
komarr_play_saved (const char *scenario_path,
                   guint       cycles,
                   gint64      t0,
                   const char *save_path);

/* The program dice of @engagement_id handed to @table fixed for a test (docs/dice.md): the
 * secret of @seed (adm_dice_secret_from_seed ()) kept in the private folder and committed to
 * at @time naming the hand-off, as the chief commits to a new one when the table downloads
 * its set-up — every set-up of that hand-off then carries it, and no roll of the test depends
 * on chance. Into @secret (may be NULL). */
void
table_dice_fixed (AdmCampaign *campaign,
                  const char  *table,
                  const char  *engagement_id,
                  gint64       time,
                  guint64      seed,
                  guint8      *secret);

/* The battle of c1-1 (Pol jump point) of the Komarr campaign after cycle 1 played from its
 * sheets, as the campaign sets it up, with Pol Defiant moved into base contact with Kestrel
 * (F-BOARD-1); Kestrel (First Destroyer Flotilla, Admiral Vorkosigan's) boards it in turn 1
 * and captures it in the end stage (F-BOARD-15). Not ended yet. */
AdmBattle *
komarr_capture_pol_defiant (AdmCampaign *campaign);

/* The battle kept of @engagement ended as it stands ("Pol withdrew"), then every other
 * engagement of the cycle ended unfought ("Broke off"), the entries stamped from @time on:
 * a campaign at rest (F-STRAT-4). */
void
komarr_end_battles (AdmCampaign *campaign,
                    const char  *engagement,
                    gint64       time);

/* F-STRAT-3: a Komarr war for the public's battles, at rest. Cycle 1; the battle of c1-2
 * (Autumn Screen, hidden, against the Aslund Minelayer), which the public is not told of: a
 * phase, Autumn Screen revealed (the public is told of the fight from then), two phases, the
 * reveal undone (not told any more), a phase; ended, cycle 1's other engagements dropped.
 * Cycle 2; c2-3 (the same two) broken off unfought; the battle of c2-5, which the public is
 * told of with Autumn Screen hidden in it: four phases; ended, the others dropped. Each battle's phases rolled from a generator of its
 * own. The journal's entries after each phase the public was told of then, in order, into
 * @told (may be NULL). */
void
komarr_public_battles (AdmCampaign *campaign,
                       gint64       t0,
                       GArray      *told);

/* Cycle 1 of the Komarr campaign saved as @folder/komarr.admiralty (komarr_saved_and_played ()
 * from @t0), and the battle of c1-3 (Pol orbit) set up and kept, so that the campaign knows the
 * phase about to be rolled; the battle, two-sided, into @battle. */
AdmCampaign *
komarr_c1_3_kept (const char  *folder,
                  gint64       t0,
                  AdmBattle  **battle);
/* c1-3's orders (tests/data/campaign-battles/komarr-c1-3.orders.xml). */
AdmBattleOrders *
komarr_c1_3_orders (void);
/* @battle (c1-3's, kept in @campaign) resolved with c1-3's orders up to the first phase that
 * rolls dice with them (adm_dice_phase_rolls ()), and kept: the phases before roll none, so
 * no dice are given to them. The digest of that phase's declarations, as the master's app
 * locks them when it asks the sides' dice (adm_battle_declarations_digest ()). */
char *
komarr_c1_3_to_rolling_phase (AdmCampaign *campaign,
                              AdmBattle   *battle);
