/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-sector-battle.h: a tactical battle set up from a sector of the strategic map (F-TAC-1):
 * the formations there, one side per alliance, placed on the table in facing lines, each
 * formation laid out by a placement of the ruleset (F-STRAT-15). adm-engagement.h builds on it
 * for the engagements of a campaign. */
#pragma once

#include <glib.h>

#include "adm-scenario.h"
#include "adm-state.h"

G_BEGIN_DECLS

#define ADM_SECTOR_BATTLE_ERROR (adm_sector_battle_error_quark ())

typedef enum {
  ADM_SECTOR_BATTLE_ERROR_UNKNOWN_SECTOR, /* the scenario has no such sector */
  ADM_SECTOR_BATTLE_ERROR_NO_ENEMIES,     /* fewer than two factions are in the sector */
  ADM_SECTOR_BATTLE_ERROR_TOO_MANY_SIDES, /* more sides than the table has edges */
  ADM_SECTOR_BATTLE_ERROR_UNKNOWN_PLACEMENT, /* an override names no placement of the ruleset */
  ADM_SECTOR_BATTLE_ERROR_UNKNOWN_FORMATION, /* an override names a formation not engaged */
  ADM_SECTOR_BATTLE_ERROR_BATTLE_BEGUN,      /* a table re-rolled after the first turn */
} AdmSectorBattleError;

GQuark adm_sector_battle_error_quark (void);

/* The most sides the facing-lines placement sets up: one per table edge. */
#define ADM_SECTOR_BATTLE_MAX_SIDES 4

/* The facing-lines frame, cm (F-TAC-1 leaves the table to the master). */
#define ADM_SECTOR_BATTLE_LINE_GAP      60.0 /* between facing front lines */
#define ADM_SECTOR_BATTLE_EDGE_MARGIN   10.0 /* between a side's rearmost ship and its edge */
#define ADM_SECTOR_BATTLE_FLANK_GAP     20.0 /* at least, between a flank line and the others */
/* The shipped default placement, "attack-formation" (data/rules/forcon-2010.xml). */
#define ADM_SECTOR_BATTLE_BASE_GAP       3.0 /* clear space between bases in line abreast */
#define ADM_SECTOR_BATTLE_FORMATION_GAP  8.0 /* clear space between formations of a line */
#define ADM_SECTOR_BATTLE_WORMHOLE_EXIT 20.0 /* across, the exit zone of a sector's wormhole,
                                              * midway between the west and east lines */

/* A formation to put on the table and the placement to lay it out in. */
typedef struct {
  const AdmFormation *formation;
  const AdmPlacement *placement;
} AdmPlacedFormation;

/* F-MINE-10, F-MINE-11, F-MINE-12, F-MINE-13: a mine laid on the strategic map in the sector of a
 * battle, by a ship of @faction; @id is the mine's id on the table. */
typedef struct {
  const AdmFaction *faction;
  char             *id;
  guint             cycle;    /* the cycle it was laid in */
} AdmLaidMine;

/* The station units of @sector (every sector for NULL) as they are held now (AdmHeldStation*,
 * owned): each station with an owner and a class (F-STN-1, ruling "station-unit"), held by the
 * faction @state's corrections last gave it (adm_state_get_station (); @state NULL: the
 * scenario's start), left out once recorded as destroyed. */
GPtrArray *adm_sector_held_stations    (AdmScenario     *scenario,
                                        AdmState        *state,
                                        const AdmSector *sector) G_GNUC_WARN_UNUSED_RESULT;
/* Ruling "station-engagement" (F-STRAT-16, F-STN-6): the stations of @sector held now by a
 * faction allied with none of @factions (AdmFaction*, the sides there), which meet them as an
 * enemy under "engages" (adm_sector_stations_engage ()). AdmHeldStation*, owned. */
GPtrArray *adm_sector_hostile_stations (AdmScenario     *scenario,
                                        AdmState        *state,
                                        const AdmSector *sector,
                                        GPtrArray       *factions) G_GNUC_WARN_UNUSED_RESULT;
/* Whether @scenario's ruling "station-engagement" is "engages". */
gboolean   adm_sector_stations_engage  (AdmScenario     *scenario);

void adm_laid_mine_free (AdmLaidMine *mine);
/* The mines of @sector's minefields in the scenario (AdmMinefield), laid before it starts:
 * appended to @mines (AdmLaidMine*) as if laid before cycle 1 (cycle 0), one a mine, each
 * with the id "mine-start-FACTION-N". */
void adm_laid_mines_add_start (GPtrArray       *mines,
                               const AdmSector *sector);

/* The battle set-up text (battle.rng) for @placed (AdmPlacedFormation*), the core of
 * adm_scenario_battle_setup () and adm_engagement_battle_setup ().
 *
 * Sides are alliances (adm_scenario_allies_of ()): the formations of allied factions form one
 * side, in the order their first formation comes in @placed; its id is that first faction's,
 * its name lists the factions, its admiral attribute the formations' admirals. Each ship is
 * written with its formation's current ships and flagship, and, when @state is given, the
 * ship's current readiness and damage (otherwise the scenario's readiness).
 *
 * Placement, "facing lines": each side has a front line; the first side's runs north to south
 * near the west edge heading 90 (east), the second's ADM_SECTOR_BATTLE_LINE_GAP east of it
 * heading 270, a third's along the north edge heading 180 and a fourth's along the south
 * edge heading 0. A side's formations follow each other along its front line, each laid out by
 * its placement: line abreast, column (line ahead) or block, @spacing apart, @setback behind
 * the front line (towards the side's own edge), heading at the enemy or along the line. The
 * table is sized to hold every side with ADM_SECTOR_BATTLE_EDGE_MARGIN to spare. On a link
 * (@sector NULL) with the ruleset's <table-layout>, the sides are passing each other (F-TAC-1,
 * F-STRAT-4): the second side's line runs south to north, so a column along it heads north.
 *
 * F-TAC-1: when the ruleset has a <table-layout>, @sector's features (NULL: the clash is on a
 * link, with none) are generated from @layout_seed (adm_battle_layout_generate ()) between
 * the first two sides' front lines, the table made longer along them to hold them: the
 * planet as the <low-orbit> map, the stations as <feature kind="station">, the wormhole's
 * <wormhole-exit> zone, each with its name, and the seed as the battle's layout-seed.
 * @mines (AdmLaidMine*, or NULL) go on the table as <mine> elements with the layout's card,
 * placed by adm_battle_layout_place_mines () from @mine_seed (F-MINE-2: not the layout seed,
 * which a side could work out), each on the side of its faction's alliance; a mine of a
 * faction with no side in the battle is left off.
 * Without one, a sector with a wormhole exit gets its exit zone (F-MOVE-5):
 * ADM_SECTOR_BATTLE_WORMHOLE_EXIT cm across, midway between the first two sides' front
 * lines, one zone however many exits.
 *
 * @where ("in Hegen Hub", "on the link Pol orbit – Hegen Hub") goes into the error messages:
 * fewer than two sides (ADM_SECTOR_BATTLE_ERROR_NO_ENEMIES), more than
 * ADM_SECTOR_BATTLE_MAX_SIDES (ADM_SECTOR_BATTLE_ERROR_TOO_MANY_SIDES). */
char *adm_battle_setup_write (AdmScenario  *scenario,
                              AdmState     *state,
                              const AdmSector *sector,
                              GPtrArray    *placed,
                              const char   *name,
                              const char   *description,
                              const char   *where,
                              guint32       layout_seed,
                              GPtrArray    *mines,
                              guint32       mine_seed,
                              GError      **error) G_GNUC_WARN_UNUSED_RESULT;

/* A battle's title as its set-up keeps it, in English whatever the language of the moment:
 * "Battle at PLACE", or with @link "Battle on the link PLACE", @place English too. */
char *adm_battle_title_write     (const char  *place,
                                  gboolean     link) G_GNUC_WARN_UNUSED_RESULT;
/* Such a title in the language of the moment, its place's names translated; NULL for any
 * other title (one a master wrote, or one kept in another language by an older file). */
char *adm_battle_title_translate (const char  *english) G_GNUC_WARN_UNUSED_RESULT;

/* The text of a battle set-up (battle.rng) for the clash in sector @sector_id as the scenario
 * places the formations (the sector map's "Open Battle Here"): root <battle ruleset=…
 * name="Battle at SECTOR NAME" width=… height=…>, the scenario's ruling overrides, one <side>
 * per alliance present in the order the scenario first lists its formations there, and every
 * formation there, in scenario order, in the ruleset's default placement (for the shipped
 * ruleset "attack-formation": line abreast at the front, bases ADM_SECTOR_BATTLE_BASE_GAP and
 * formations ADM_SECTOR_BATTLE_FORMATION_GAP apart), as adm_battle_setup_write () lays out,
 * the sector's features from the seed adm_battle_layout_default_seed (@sector_id).
 * For a campaign's engagements, adm_engagement_battle_setup () places by the orders.
 *
 * Errors (ADM_SECTOR_BATTLE_ERROR) name the sector: no such sector, fewer than two sides
 * there ("No enemies meet in Pol jump point…"), more than ADM_SECTOR_BATTLE_MAX_SIDES. */
char *adm_scenario_battle_setup (AdmScenario  *scenario,
                                 const char   *sector_id,
                                 GError      **error) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
