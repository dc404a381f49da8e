/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-sector-battle.h: a tactical battle set up from a sector of the strategic map (F-TAC-1):
 * every formation in the sector, one side per faction, placed on the table in facing lines. */
#pragma once

#include <glib.h>

#include "adm-scenario.h"

G_BEGIN_DECLS

#define ADM_SECTOR_BATTLE_ERROR (adm_sector_battle_error_quark ())

typedef enum {
  ADM_SECTOR_BATTLE_ERROR_UNKNOWN_SECTOR, /* the scenario has no such sector */
  ADM_SECTOR_BATTLE_ERROR_NO_ENEMIES,     /* fewer than two factions are in the sector */
  ADM_SECTOR_BATTLE_ERROR_TOO_MANY_SIDES, /* more factions than the table has edges */
} AdmSectorBattleError;

GQuark adm_sector_battle_error_quark (void);

/* The most sides the facing-lines placement sets up: one per table edge. */
#define ADM_SECTOR_BATTLE_MAX_SIDES 4

/* Default placement, cm (F-TAC-1 leaves the table to the master). */
#define ADM_SECTOR_BATTLE_LINE_GAP      60.0 /* between facing lines */
#define ADM_SECTOR_BATTLE_EDGE_MARGIN   10.0 /* between a line and its table edge */
#define ADM_SECTOR_BATTLE_BASE_GAP       3.0 /* clear space between bases in line abreast */
#define ADM_SECTOR_BATTLE_FORMATION_GAP  8.0 /* clear space between formations of a line */
#define ADM_SECTOR_BATTLE_FLANK_GAP     20.0 /* at least, between a flank line and the others */

/* The text of a battle set-up (battle.rng) for the clash in sector @sector_id: root
 * <battle ruleset=… name="Battle at SECTOR NAME" width=… height=…>, the scenario's ruling
 * overrides, one <side> per faction present in the order the scenario first lists its
 * formations there (id the faction's, name its display name, admiral the name of its
 * formations' admiral), and every formation there with its ships, classes, readiness,
 * flagship and succession as the scenario gives them.
 *
 * Placement, "facing lines": the first side along the west edge heading 90 (east), the second
 * along the east edge heading 270, the two lines ADM_SECTOR_BATTLE_LINE_GAP apart; a third
 * side along the north edge heading 180 and a fourth along the south edge heading 0, as far
 * from each other at least. A side's formations follow each other along its line in scenario
 * order, each formation's ships in line abreast, bases ADM_SECTOR_BATTLE_BASE_GAP apart; the
 * table is sized to hold them with ADM_SECTOR_BATTLE_EDGE_MARGIN to spare.
 *
 * Errors (ADM_SECTOR_BATTLE_ERROR) name the sector: no such sector, fewer than two factions
 * there ("No enemies meet in Pol jump point…"), more than ADM_SECTOR_BATTLE_MAX_SIDES. */
char *adm_scenario_battle_setup (AdmScenario  *scenario,
                                 const char   *sector_id,
                                 GError      **error) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
