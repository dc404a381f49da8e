/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-scenario.h: a scenario — map, admirals, formations and ships — loaded from XML. */
#pragma once

#include <glib-object.h>
#include <libxml/tree.h>

#include "adm-ruleset.h"

G_BEGIN_DECLS

typedef struct _AdmFormation AdmFormation;

/* Critical results indexed by the 2d6 result, 2..12 (F-CRIT-20). */
#define ADM_SHIP_CRITICAL_RESULTS 13
/* The most critical results a list of them names: a bound on the input. */
#define ADM_SHIP_CRITICALS_MAX 100

typedef struct _AdmSector AdmSector;

typedef struct {
  char             *id;
  char             *name;
  const AdmFaction *faction;
} AdmAdmiral;

typedef struct {
  char               *kind;      /* "planet" | "station" | "wormhole-exit" */
  char               *name;
  /* A wormhole exit's far end when it is a sector of the map (leads-to="SECTOR"), borrowed:
   * the jump is the <link> between the two sectors, crossed as any link is (F-STRAT-8,
   * F-STRAT-10). NULL for an exit leading off the map, and for the other kinds. */
  AdmSector          *leads_to;
  /* A station with an owner is a unit of its owner's side in a battle set up here (F-STN-1,
   * ruling "station-unit"): its faction, its class (of category station) and the readiness
   * of its crew. NULL, NULL, 0 for a station that is a named mark only and for the rest. */
  const AdmFaction   *owner;
  const AdmShipClass *klass;
  int                 readiness;
  /* A station unit's hull points lost in an earlier war (F-CRIT-5, a scenario made from a
   * campaign), fewer than its class's hull; 0 for the rest. */
  int                 damage;
} AdmSectorObject;

/* The most mines a minefield of a scenario holds: a bound on the input, two formations of
 * six minelayers' worth (F-FORM-8, one mine a ship, F-MINE-10). */
#define ADM_MINEFIELD_MAX_MINES 12

/* F-MINE-10, F-MINE-11, F-MINE-12, F-MINE-13, F-WPN-19: mines a faction laid in the sector before
 * the scenario starts, on the table of a battle there as the mines a lay-mines order leaves are —
 * @mines of them, with the card the ruleset's <table-layout> gives a mine laid on the strategic map
 * — and hidden from the other sides as those are (F-MINE-2). */
typedef struct {
  const AdmFaction *faction;
  int               mines;
} AdmMinefield;

struct _AdmSector {
  char      *id;
  char      *name;
  double     x, y;
  GPtrArray *objects;    /* AdmSectorObject* */
  GPtrArray *adjacent;   /* AdmSector* (borrowed), in order of the links */
  GPtrArray *minefields; /* AdmMinefield*, in file order */
};

typedef struct {
  char               *id;
  char               *name;
  const AdmShipClass *klass;
  const AdmFaction   *faction;   /* the formation's */
  int                 readiness; /* at the start of the scenario */
  AdmFormation       *formation; /* NULL for a ship of a pool (AdmPool) */
  /* As an earlier war left it (a scenario made from a campaign, adm-next-night.h): the hull
   * points it has lost, fewer than its class's hull (F-CRIT-5), and its unrepaired critical
   * results counted by the 2d6 result, 2..12 (F-CRIT-20); 0 and none for a new ship. */
  int                 damage;
  int                 criticals[ADM_SHIP_CRITICAL_RESULTS];
} AdmShip;

struct _AdmFormation {
  char             *id;
  char             *name;
  const AdmFaction *faction;
  AdmSector        *sector;
  AdmAdmiral       *admiral;     /* may be NULL */
  AdmShip          *flagship;    /* F-FORM-4 */
  GPtrArray        *ships;       /* AdmShip* (borrowed from the scenario), in file order */
  GPtrArray        *succession;  /* AdmShip*, F-FORM-5, may be empty */
  gboolean          hidden;      /* hidden="true": the other factions do not know of it at the
                                  * start (F-STRAT-3); see adm_strategy_formation_visible() */
};

/* F-GEN-5, F-GEN-6: the ships an admiral is given with no formations yet (<pool>): he forms
 * them in the muster before cycle 1 (adm-muster.h). Its ships are the scenario's, each with
 * the admiral's faction and no formation (->formation NULL). */
typedef struct {
  AdmAdmiral *admiral;
  AdmSector  *sector;      /* where they start unless the master sets another (F-GEN-7) */
  GPtrArray  *ships;       /* AdmShip* (borrowed from the scenario), in file order */
} AdmPool;

#define ADM_TYPE_SCENARIO (adm_scenario_get_type ())
G_DECLARE_FINAL_TYPE (AdmScenario, adm_scenario, ADM, SCENARIO, GObject)

/* Loads and checks a scenario file (root <scenario>). Its ruleset is loaded by id. */
AdmScenario  *adm_scenario_load_file      (const char   *path,
                                           GError      **error) G_GNUC_WARN_UNUSED_RESULT;
/* The same from the bytes of a scenario file; @display_name names it in error messages. */
AdmScenario  *adm_scenario_load_data      (const char   *data,
                                           gsize         length,
                                           const char   *display_name,
                                           GError      **error) G_GNUC_WARN_UNUSED_RESULT;
/* Builds a scenario from an already validated <scenario> element (as found in a campaign).
 * @display_name is used in error messages. */
AdmScenario  *adm_scenario_new_from_node  (xmlNode      *node,
                                           const char   *display_name,
                                           AdmRuleset   *ruleset,
                                           GError      **error) G_GNUC_WARN_UNUSED_RESULT;

/* The same, keeping @doc (transfer full: freed on failure too), the document @node was read
 * in, instead of a copy of @node. */
AdmScenario  *adm_scenario_new_from_doc   (xmlDoc       *doc,
                                           xmlNode      *node,
                                           const char   *display_name,
                                           AdmRuleset   *ruleset,
                                           GError      **error) G_GNUC_WARN_UNUSED_RESULT;

/* The <scenario> element as loaded, written verbatim into campaigns. */
xmlNode      *adm_scenario_get_node       (AdmScenario  *self);
/* Puts the season of the scenario's ruleset (adm_ruleset_get_season ()) in its element when
 * it carries none, so that a campaign carries the rules it was started with: TRUE when it
 * had to (the scenario named an installed ruleset). */
gboolean      adm_scenario_carry_season   (AdmScenario  *self);

const char   *adm_scenario_get_id          (AdmScenario *self);
const char   *adm_scenario_get_name        (AdmScenario *self);
const char   *adm_scenario_get_description (AdmScenario *self);
AdmRuleset   *adm_scenario_get_ruleset     (AdmScenario *self);

GPtrArray    *adm_scenario_get_factions    (AdmScenario *self); /* const AdmFaction*, in use */
GPtrArray    *adm_scenario_get_admirals    (AdmScenario *self); /* AdmAdmiral* */
GPtrArray    *adm_scenario_get_sectors     (AdmScenario *self); /* AdmSector* */
GPtrArray    *adm_scenario_get_formations  (AdmScenario *self); /* AdmFormation* */
GPtrArray    *adm_scenario_get_ships       (AdmScenario *self); /* AdmShip*, pools' too */
GPtrArray    *adm_scenario_get_pools       (AdmScenario *self); /* AdmPool*, file order */
/* The pool of admiral @admiral_id, or NULL. */
const AdmPool *adm_scenario_lookup_pool    (AdmScenario *self, const char *admiral_id);

AdmShip      *adm_scenario_lookup_ship      (AdmScenario *self, const char *id);
AdmFormation *adm_scenario_lookup_formation (AdmScenario *self, const char *id);
AdmSector    *adm_scenario_lookup_sector    (AdmScenario *self, const char *id);
AdmAdmiral   *adm_scenario_lookup_admiral   (AdmScenario *self, const char *id);
/* An admiral who is not the scenario's, brought into the game by a campaign of it (its
 * "new-admiral" correction): the same pointer for the same id, name and faction for as long
 * as the scenario lives, so that what holds him outlives the campaign's replays. Neither
 * adm_scenario_get_admirals () nor adm_scenario_lookup_admiral () has him. */
AdmAdmiral   *adm_scenario_intern_admiral   (AdmScenario      *self,
                                             const char       *id,
                                             const char       *name,
                                             const AdmFaction *faction);

/* Formations of @faction, in scenario order (borrowed pointers). */
GPtrArray    *adm_scenario_formations_of   (AdmScenario      *self,
                                            const AdmFaction *faction) G_GNUC_WARN_UNUSED_RESULT;

/* What F-FORM-8 finds of a formation: it fits, has too many ships, or mixes categories. */
typedef enum
{
  ADM_FORMATION_FITS,
  ADM_FORMATION_TOO_MANY,
  ADM_FORMATION_MIXED,
} AdmFormationFit;

/* F-FORM-8 as a pure rule on plain numbers: a formation of @n_ships ships, @most_of_one of them
 * of its most numerous category, of @n_categories categories, against the ruleset's
 * @max_ships: with @one_category ("formation-composition" "six-of-one-category") at most
 * @max_ships, all of one category; else at most @max_ships of each category. */
AdmFormationFit adm_form_8_composition (gboolean one_category,
                                        guint    max_ships,
                                        guint    n_ships,
                                        guint    most_of_one,
                                        guint    n_categories);

/* Wrapper on adm_form_8_composition () under the ruling "formation-composition" and the
 * ruleset's @max_ships: whether the last of @ships (AdmShip*, at least one) may join the ones
 * before it; a ship of NULL class counts as a ship of no category. NULL when it may, else the
 * problem. */
char      *adm_formation_composition_problem (const char *ruling,
                                              guint       max_ships,
                                              const char *formation_name,
                                              GPtrArray  *ships) G_GNUC_WARN_UNUSED_RESULT;

/* F-FORM-8 under the ruling "formation-composition" @ruling and the ruleset's @max_ships, as
 * a sentence for the one who forms formations: "A formation has at most 6 ships, all of one
 * category (F-FORM-8)." */
char      *adm_formation_composition_rule (const char *ruling,
                                           guint       max_ships) G_GNUC_WARN_UNUSED_RESULT;

/* Scenario data: alliances. TRUE when @a and @b are the same faction or in one alliance. */
gboolean   adm_scenario_factions_allied (AdmScenario *self, const AdmFaction *a, const AdmFaction *b);
/* The factions allied with @faction, itself first, then scenario order (borrowed). */
GPtrArray *adm_scenario_allies_of       (AdmScenario *self, const AdmFaction *faction) G_GNUC_WARN_UNUSED_RESULT;

/* F-CRIT-20: "5 7 7", critical results 2 to 12 separated by white space (at most
 * ADM_SHIP_CRITICALS_MAX; "" none), added to @counts (indexed by result,
 * ADM_SHIP_CRITICAL_RESULTS of them) — a scenario's ship and a journal's event write them so.
 * FALSE, @counts unchanged, with the first word that is not one in *@bad (or the one past the
 * most). */
gboolean adm_criticals_parse (const char  *text,
                              int         *counts,
                              char       **bad);

G_END_DECLS
