/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-strategy.h: the strategic phase (F-STRAT) — formations on the sector map, in a sector or
 * in transit on a link, the admirals' order sheets and orders for the current communication
 * cycle, and the resolution of a cycle into moves and engagements. AdmState owns one and feeds
 * it the "sheet", "order" and "cycle" events; the timing rules are pure functions on plain
 * numbers with wrappers on the model (style.md). */
#pragma once

#include <glib.h>

#include "adm-event.h"
#include "adm-scenario.h"

G_BEGIN_DECLS

typedef enum {
  ADM_STRAT_ORDER_MOVE,          /* F-STRAT-16 */
  ADM_STRAT_ORDER_ATTACK,
  ADM_STRAT_ORDER_DEFEND,
  ADM_STRAT_ORDER_PATROL,
  ADM_STRAT_ORDER_LAY_MINES,
  ADM_STRAT_ORDER_SWEEP_MINES,
  ADM_STRAT_ORDER_FLAGSHIP,      /* F-STRAT-17, administrative */
  ADM_STRAT_ORDER_INSTRUCTIONS,  /* F-STRAT-13, F-STRAT-18: free text the master reads */
  /* F-STRAT-12, F-FORM-6, F-FORM-7, F-FORM-8, administrative: a new formation */
  ADM_STRAT_ORDER_FORM,
  ADM_STRAT_ORDER_DETACH,        /* F-STRAT-17: ships leave as a new formation */
  ADM_STRAT_ORDER_JOIN,          /* F-STRAT-17: the formation joins another and ceases */
  ADM_STRAT_ORDER_DISBAND,       /* F-STRAT-12: each ship a formation of its own */
} AdmStratOrderKind;

typedef struct {
  AdmStratOrderKind   kind;
  guint               cycle;
  const AdmAdmiral   *admiral;
  const AdmFormation *formation;
  GPtrArray          *route;             /* AdmSector*, the links still to cross */
  const AdmSector    *target_sector;     /* where the activity takes place, or NULL */
  const AdmFormation *target_formation;  /* attack: the enemy formation, or NULL */
  const AdmShip      *flagship;          /* flagship order */
  char               *text;              /* F-STRAT-18 comments, or NULL */
  int                 line;              /* journal line, 0 when none */
  /* Administrative orders (form, detach, join, disband). */
  GPtrArray          *ships;             /* form, detach: const AdmShip*, as listed */
  char               *new_formation;     /* form, detach: the new formation's id */
  char               *new_name;          /* form, detach: its name */
  const AdmShip      *new_flagship;      /* form, detach: its flagship */
  const AdmFormation *target_join;       /* join: the formation joined */
} AdmStratOrder;

typedef struct {
  const AdmFormation *formation;
  const AdmSector    *sector;    /* where it is; the sector it left when in transit */
  const AdmSector    *towards;   /* NULL unless in transit */
  double              spent;     /* minutes already spent on the link */
  double              leg;       /* minutes the link takes in all */
  const AdmShip      *flagship;  /* F-FORM-4, changed by flagship orders */
} AdmFormationPosition;

/* A station unit of a sector (an owner and a class, F-STN-1, ruling "station-unit") as it is
 * held now: by the faction the master's corrections last gave it, else its scenario owner. */
typedef struct {
  const AdmSector       *sector;
  const AdmSectorObject *object;
  const AdmFaction      *owner;
} AdmHeldStation;

typedef struct {
  guint               cycle;
  double              minute;    /* minutes into the cycle */
  const AdmSector    *sector;    /* where they met, or NULL when on a link */
  const AdmSector    *from;      /* the link, when sector is NULL */
  const AdmSector    *to;
  GPtrArray          *formations; /* const AdmFormation*, scenario order */
  GHashTable         *joined;     /* formation id → the minute (double*) it first met an enemy
                                   * there; NULL in an engagement made up outside a cycle */
  GPtrArray          *stations;   /* AdmHeldStation*, the enemy stations met there (ruling
                                   * "station-engagement"), or NULL */
} AdmEngagement;

typedef struct _AdmStrategy AdmStrategy;

/* Pure timing rules. */
double   adm_strat_6_phase_minutes    (gboolean       phase_is_hour,
                                       double         cycle_minutes,
                                       double         hour_minutes);
gboolean adm_strat_10_is_fast         (int            slowest_speed,
                                       int            speed_over);
double   adm_strat_10_move_phases     (gboolean       fast,
                                       double         main_phases,
                                       double         fast_phases);
double   adm_strat_11_order_phases    (AdmStratOrderKind kind,
                                       double         action_phases);
double   adm_strategy_next_start      (double         end_minute,
                                       double         phase_minutes,
                                       gboolean       two_per_phase);

/* Wrappers on the model, under the scenario's rulings and its ruleset's numbers. */
/* F-STRAT-1: the minutes of a communication cycle, the ruleset's <strategic-time>. Every time in
 * a cycle is a minute from 0 (the session that opens it) to this (the next). */
double   adm_strategy_cycle_minutes     (AdmScenario        *scenario);
/* F-STRAT-6: the minutes of a strategic phase under the ruling "strategic-phase". */
double   adm_strategy_phase_minutes     (AdmScenario        *scenario);
/* F-STRAT-11, F-STRAT-12: the strategic phases an order of @kind takes. */
double   adm_strategy_order_phases      (AdmScenario        *scenario,
                                         AdmStratOrderKind   kind);
gboolean adm_strategy_formation_is_fast (AdmScenario        *scenario,
                                         const AdmFormation *formation);
double   adm_strategy_leg_minutes       (AdmScenario        *scenario,
                                         const AdmFormation *formation);

AdmStrategy          *adm_strategy_new            (AdmScenario *scenario);
void                  adm_strategy_free           (AdmStrategy *self);
/* A scratch copy with the formations, positions and visibility of now and no history, to check
 * a batch of orders in sequence by applying them to it; @self must outlive it. */
AdmStrategy          *adm_strategy_new_trial      (AdmStrategy *self) G_GNUC_WARN_UNUSED_RESULT;

/* The id a phone gives the sheet it hands in, the same on every try (the "sheet" event's
 * optional "client"): 16 to 64 ASCII letters, digits, "-" or "_". */
#define ADM_STRATEGY_CLIENT_MIN 16
#define ADM_STRATEGY_CLIENT_MAX 64
gboolean              adm_strategy_client_is_valid (const char     *client);

/* check_*() read the event and refuse it with the reason; apply_*() cannot fail. */
gboolean              adm_strategy_check_sheet    (AdmStrategy     *self,
                                                   const AdmEvent  *event,
                                                   GError         **error);
void                  adm_strategy_apply_sheet    (AdmStrategy     *self,
                                                   const AdmEvent  *event);
AdmStratOrder        *adm_strategy_check_order    (AdmStrategy     *self,
                                                   const AdmEvent  *event,
                                                   GError         **error);
void                  adm_strategy_apply_order    (AdmStrategy     *self,
                                                   AdmStratOrder   *order);
void                  adm_strat_order_free        (AdmStratOrder   *order);
gboolean              adm_strategy_check_cycle    (AdmStrategy     *self,
                                                   const AdmEvent  *event,
                                                   GError         **error);
/* @held: the stations of the campaign as they are held now (AdmHeldStation*), which meet the
 * formations of their holders' enemies under the ruling "station-engagement". */
void                  adm_strategy_apply_cycle    (AdmStrategy     *self,
                                                   const AdmEvent  *event,
                                                   GPtrArray       *held);

/* When @order (checked, of @self's cycle) would, from its formation's position now and if
 * nothing stops it (F-STRAT-10, F-STRAT-11), bring it to the last sector of its route
 * (*@arrival, minutes into the cycle; 0 with no route, -1 when still on the way at the
 * session) and start its own action (*@start; -1 for a move or when not within the cycle). */
void                  adm_strategy_forecast_order (AdmStrategy         *self,
                                                   const AdmStratOrder *order,
                                                   double              *arrival,
                                                   double              *start);

/* The cycle orders are being given for (1 until the first "cycle" event). */
guint                 adm_strategy_get_cycle      (AdmStrategy *self);
const AdmFormationPosition *
                      adm_strategy_get_position   (AdmStrategy *self,
                                                   const char  *formation_id);
/* Whether an id is taken by what the caller makes besides (earlier orders of one sheet). */
typedef gboolean (*AdmIdTakenFunc) (const char *id,
                                    gpointer    user_data);
/* F-STRAT-17, F-STRAT-3: the id of a new formation named @name that an order of @admiral_id
 * makes — the journal's "new-formation": @admiral_id, then adm_id_from_name (@name), at most
 * 64 characters, with -2, -3 … when a formation of @scenario or of the campaign has had it or
 * @taken says so. It begins with the admiral's own id so that the ids it can collide with are
 * those of formations his own orders made, which he knows: a "-2" never tells him of a hidden
 * formation of another side. The one maker of these ids, wherever a sheet is typed. */
char                 *adm_strategy_new_formation_id (AdmStrategy    *self,
                                                     AdmScenario    *scenario,
                                                     const char     *admiral_id,
                                                     const char     *name,
                                                     AdmIdTakenFunc  taken,
                                                     gpointer        user_data)
                                                     G_GNUC_WARN_UNUSED_RESULT;
/* The order the formation keeps carrying out (F-STRAT-5), or NULL. */
const AdmStratOrder  *adm_strategy_get_standing   (AdmStrategy *self,
                                                   const char  *formation_id);
/* AdmEngagement* (borrowed) of a resolved cycle, in the order found. */
GPtrArray            *adm_strategy_get_engagements (AdmStrategy *self,
                                                    guint        cycle) G_GNUC_WARN_UNUSED_RESULT;
/* Admiral ids (borrowed) that handed in a sheet for @cycle, scenario order. */
GPtrArray            *adm_strategy_get_sheets     (AdmStrategy *self,
                                                   guint        cycle) G_GNUC_WARN_UNUSED_RESULT;
/* What the formations did and saw in resolved @cycle: for @admiral_id only his formations and
 * the enemies they met (F-STRAT-3); for NULL, the master's summary of everything. */
char                 *adm_strategy_summary        (AdmStrategy *self,
                                                   guint        cycle,
                                                   const char  *admiral_id) G_GNUC_WARN_UNUSED_RESULT;
/* The formations in being now (F-STRAT-17): the scenario's that have not been disbanded or
 * merged away, in scenario order, then those formed by orders in the order formed. Borrowed;
 * each one's ->ships, ->flagship, ->admiral, ->faction are its current ones. */
GPtrArray          *adm_strategy_get_formations   (AdmStrategy *self);
AdmFormation       *adm_strategy_lookup_formation (AdmStrategy *self, const char *formation_id);
/* The faction of formation @formation_id, in being or gone (disbanded, merged away, or left
 * with nothing by a battle), as adm_strategy_formation_name () names one; NULL for an id the
 * campaign never had. */
const AdmFaction   *adm_strategy_formation_faction (AdmStrategy *self, const char *formation_id);
/* Whether @formation is known to @viewer's side where it is now (its own faction, its allies,
 * any enemy formation not hidden or revealed to everyone, and a hidden one while the side is in
 * contact with it: adm_strategy_in_contact ()), or, for @viewer NULL, to the public (the
 * projector map): formations not hidden, or hidden ones revealed publicly. A hidden enemy out
 * of contact is known only by its last sighting (adm_strategy_last_seen ()). The per-side view
 * and the projector use this one filter. */
gboolean            adm_strategy_formation_visible (AdmStrategy *self, const AdmFormation *formation, const AdmFaction *viewer);
/* A side's last sighting of an enemy formation (F-STRAT-3, F-STRAT-9): where the formation was
 * when the comms session of @cycle closed the last cycle in which a formation of the side met
 * it or shared its sector, and how many ships it had then. */
typedef struct {
  const AdmFormation *formation;  /* borrowed: as it is now (gone ones included) */
  guint               cycle;      /* the cycle it was last seen in */
  const AdmSector    *sector;     /* where it was; on a link, the sector it had left */
  const AdmSector    *towards;    /* NULL unless it was crossing a link */
  double              progress;   /* the share of that link behind it, 0..1 */
  guint               ships;      /* how many ships it had then */
} AdmSighting;

/* Whether @viewer's side is in contact with enemy @formation now: a formation of the side met
 * it in the last resolved cycle, or, knowing of it, shares its sector (not in transit). A side
 * sees a hidden enemy live only while in contact; its own and its allies' always. */
gboolean            adm_strategy_in_contact       (AdmStrategy        *self,
                                                   const AdmFormation *formation,
                                                   const AdmFaction   *viewer);
/* @viewer's side's latest sighting of @formation (by the viewer's faction or an ally) into
 * @sighting; FALSE when the side never saw it. */
gboolean            adm_strategy_last_sighting    (AdmStrategy        *self,
                                                   const AdmFormation *formation,
                                                   const AdmFaction   *viewer,
                                                   AdmSighting        *sighting);
/* The hidden enemy formations @viewer's side knows only by their last sighting — not in
 * contact now, whether or not still in being — as AdmSighting* (owned, g_free), in formation
 * order. The master's and the public's picture has none. */
GPtrArray          *adm_strategy_last_seen        (AdmStrategy        *self,
                                                   const AdmFaction   *viewer) G_GNUC_WARN_UNUSED_RESULT;
/* How many ships of @formation @viewer's side has observed (F-STRAT-3: details go to the
 * admirals whose formations saw them): its own and its allies' as they are, an enemy's as its
 * side last saw them — while in contact, the last session's sighting or a battle's since,
 * *@cycle 0; else *@cycle the cycle of that sighting.
 * FALSE when the side never saw it; for @viewer NULL (the master), always as they are. */
gboolean            adm_strategy_observed_ships   (AdmStrategy        *self,
                                                   const AdmFormation *formation,
                                                   const AdmFaction   *viewer,
                                                   guint              *ships,
                                                   guint              *cycle);
/* The admiral's latest sheet for @cycle, or NULL: received (unix seconds), late, and how many sheets/corrections he handed in for that cycle. */
typedef struct { guint cycle; const AdmAdmiral *admiral; gint64 received; gboolean late; guint count; } AdmStratSheet;
const AdmStratSheet *adm_strategy_get_sheet       (AdmStrategy *self, guint cycle, const char *admiral_id);
/* F-MINE-13, F-WPN-19: whether @formation_id, ordered to lay mines in @sector in @cycle,
 * finished laying them there within that cycle, and the minute it did in *@end. */
gboolean            adm_strategy_mines_laid       (AdmStrategy *self, guint cycle, const char *formation_id, const AdmSector *sector, double *end);
/* The orders @admiral_id gave for @cycle in journal order, superseded corrections included (AdmStratOrder*, borrowed); and whether one is still in force. */
GPtrArray          *adm_strategy_get_orders       (AdmStrategy *self, guint cycle, const char *admiral_id) G_GNUC_WARN_UNUSED_RESULT;
gboolean            adm_strategy_order_in_force   (AdmStrategy *self, const AdmStratOrder *order);

/* The end of the campaign: the master declares the game over ("end-campaign", with his
 * reason); only then may he publish the whole truth ("publish"), after which every side is
 * shown what the master is (adm-audience.h). Until then nothing of the other side reaches a
 * side (F-STRAT-3). The state's one check refuses every other entry once it is ended. */
typedef struct {
  char     *reason;
  gint64    time;
  guint     cycle;       /* the cycle being ordered when it ended */
  gboolean  published;   /* "publish": every side's archive is the master's */
} AdmCampaignEnding;

/* The ending, or NULL while the campaign goes on. */
const AdmCampaignEnding *adm_strategy_get_ending (AdmStrategy     *self);
void                  adm_strategy_apply_end_campaign (AdmStrategy    *self,
                                                       const AdmEvent *event);
void                  adm_strategy_apply_publish  (AdmStrategy     *self);

/* "reveal": the master shows a hidden formation to the public (the projector map). */
gboolean              adm_strategy_check_reveal   (AdmStrategy     *self,
                                                   const AdmEvent  *event,
                                                   GError         **error);
void                  adm_strategy_apply_reveal   (AdmStrategy     *self,
                                                   const AdmEvent  *event);

/* "assign": the master gives a formation to another admiral of its faction (F-FORM-6,
 * F-BOARD-17 prizes). */
gboolean              adm_strategy_check_assign   (AdmStrategy     *self,
                                                   const AdmEvent  *event,
                                                   GError         **error);
void                  adm_strategy_apply_assign   (AdmStrategy     *self,
                                                   const AdmEvent  *event);

/* The master's corrections (adm-strategy-corrections.c). "relocate": a formation put in another
 * sector by fiat, its orders lapsing. "hand-over": @ship (in a formation now) handed to another
 * formation of its side, F-FORM-8 with the season's ruling. */
gboolean              adm_strategy_check_relocate (AdmStrategy     *self,
                                                   const AdmEvent  *event,
                                                   GError         **error);
void                  adm_strategy_apply_relocate (AdmStrategy     *self,
                                                   const AdmEvent  *event);
gboolean              adm_strategy_check_hand_over (AdmStrategy    *self,
                                                   const AdmShip   *ship,
                                                   const AdmEvent  *event,
                                                   GError         **error);
void                  adm_strategy_apply_hand_over (AdmStrategy    *self,
                                                   const AdmShip   *ship,
                                                   const AdmEvent  *event);
/* Reinforcements. "new-ship": a ship the master adds, of the season's classes, made here and
 * owned by the strategy; with @formation_id it joins that formation in being (F-FORM-8 with
 * the season's ruling), else it waits, within the same action, for the "new-formation" that
 * takes it. "new-formation": the waiting ships (their ids in "ships", the first the flagship,
 * F-FORM-4) form a formation of "admiral" in "sector", hidden or not (F-STRAT-3), in being at
 * once or arriving at minute "minute" of the cycle being ordered ("cycle"), when it takes part
 * in that cycle's movement and engagements from that minute. */
gboolean              adm_strategy_check_new_ship (AdmStrategy     *self,
                                                   const AdmShip   *ship,
                                                   const char      *formation_id,
                                                   GError         **error);
const AdmShip        *adm_strategy_add_ship       (AdmStrategy        *self,
                                                   const char         *id,
                                                   const char         *name,
                                                   const AdmShipClass *klass,
                                                   const AdmFaction   *faction,
                                                   int                 readiness,
                                                   const char         *formation_id);
gboolean              adm_strategy_check_new_formation (AdmStrategy     *self,
                                                   const AdmEvent  *event,
                                                   GError         **error);
void                  adm_strategy_apply_new_formation (AdmStrategy     *self,
                                                   const AdmEvent  *event);
/* "retire-admiral": "admiral" leaves the game (F-FORM-6): the formations he commands go to
 * "successor", an admiral of his faction still in the game, or, with none, keep carrying out
 * their standing orders (F-STRAT-5); he hands in no more sheets or orders. */
gboolean              adm_strategy_check_retire_admiral (AdmStrategy     *self,
                                                   const AdmEvent  *event,
                                                   GError         **error);
void                  adm_strategy_apply_retire_admiral (AdmStrategy     *self,
                                                   const AdmEvent  *event);
/* "new-admiral": an admiral joins the game — "admiral" (an id no admiral of the campaign has),
 * "name" (his name as his papers print it, no other admiral's) and "faction" (a faction of the
 * campaign). He hands in sheets and orders, and is given formations, as the scenario's do. */
gboolean              adm_strategy_check_new_admiral (AdmStrategy     *self,
                                                   const AdmEvent  *event,
                                                   GError         **error);
void                  adm_strategy_apply_new_admiral (AdmStrategy     *self,
                                                   const AdmEvent  *event);
/* The admiral @id: the scenario's, or one who joined the game; NULL for none. */
AdmAdmiral           *adm_strategy_lookup_admiral (AdmStrategy     *self,
                                                   const char      *id);
/* Every admiral (AdmAdmiral*, borrowed): the scenario's, then those who joined the game in
 * the order they joined; the ones who left included (adm_strategy_admiral_retired ()). */
GPtrArray            *adm_strategy_get_admirals   (AdmStrategy     *self);
/* Whether @admiral_id left the game ("retire-admiral"). */
gboolean              adm_strategy_admiral_retired (AdmStrategy    *self,
                                                   const char      *admiral_id);
/* The ship @id: the scenario's, or one the master added; NULL for none. */
AdmShip              *adm_strategy_lookup_ship    (AdmStrategy     *self,
                                                   const char      *id);
/* The ships the master added (AdmShip*, borrowed), in the order added. */
GPtrArray            *adm_strategy_get_added_ships (AdmStrategy    *self);
/* A line of @formation's log for the current cycle: what its admiral's summary tells of it
 * (and the master's), never another side's. The master's summary says @text; the admiral's
 * says @told, the same news in the story's words, when it is not NULL. */
void                  adm_strategy_log_formation  (AdmStrategy        *self,
                                                   const AdmFormation *formation,
                                                   const char         *text,
                                                   const char         *told);

/* The muster's start (adm-muster.h, adm-strategy-muster.c): a formation @id of @admiral's
 * pool ships @ships (const AdmShip*, in no formation yet), @flagship among them (F-FORM-4),
 * @succession (const AdmShip*, F-FORM-5, or NULL), hidden or not (F-STRAT-3), comes into
 * being in @sector (F-GEN-7), with @log, when not NULL, the first line of its log. */
void                  adm_strategy_add_mustered   (AdmStrategy      *self,
                                                   const char       *id,
                                                   const char       *name,
                                                   const AdmAdmiral *admiral,
                                                   const AdmSector  *sector,
                                                   GPtrArray        *ships,
                                                   const AdmShip    *flagship,
                                                   GPtrArray        *succession,
                                                   gboolean          hidden,
                                                   const char       *log);

/* Whether any formation, in being or gone, has had @formation_id. */
gboolean              adm_strategy_formation_id_used (AdmStrategy *self,
                                                   const char  *formation_id);
/* The name of formation @formation_id, in being or gone; the id itself when there was none. */
const char           *adm_strategy_formation_name (AdmStrategy *self,
                                                   const char  *formation_id);
/* Battle results carried into the campaign (adm-battle-result.h). A ship lost in battle leaves
 * its formation (F-FORM-5 succession; a formation with no ship left is no more), @why logged,
 * told to its admiral as @told when not NULL (adm_strategy_log_formation ()). */
void                  adm_strategy_remove_ship    (AdmStrategy     *self,
                                                   const AdmShip   *ship,
                                                   const char      *why,
                                                   const char      *told);
/* The formation @ship is in now, or NULL (lost, or its formation gone). */
const AdmFormation   *adm_strategy_formation_of_ship (AdmStrategy   *self,
                                                   const AdmShip   *ship);
/* Ships captured in battle form a formation @id of the captor's @faction in @sector. */
void                  adm_strategy_form_prize     (AdmStrategy      *self,
                                                   const char       *id,
                                                   const char       *name,
                                                   const AdmFaction *faction,
                                                   const AdmSector  *sector,
                                                   const AdmAdmiral *admiral,
                                                   GPtrArray        *ships);
/* @ship becomes its formation's flagship (the succession of a battle, F-FORM-5). */
void                  adm_strategy_set_formation_flagship (AdmStrategy   *self,
                                                   const AdmShip   *ship);
/* What a side detected in a battle of the last resolved cycle becomes what it knows (F-ECM-2,
 * issue "campaign loop"): @detected, it has seen the hidden @formation with @ships left after
 * the battle; not detected, the meeting taught it nothing of it. */
void                  adm_strategy_battle_sighting (AdmStrategy        *self,
                                                   const AdmFormation *formation,
                                                   const AdmFaction   *viewer,
                                                   gboolean            detected,
                                                   guint               ships);
/* A battle of @engagement ended (its ships' fates applied): the sides at its table see what
 * it left of the enemy formations not hidden there (F-STRAT-3; hidden ones by
 * adm_strategy_battle_sighting ()). The sides not at the table keep what they saw before. */
void                  adm_strategy_battle_ended   (AdmStrategy         *self,
                                                   const AdmEngagement *engagement);
/* Where @formation is, or, in transit, the sector it is heading to; NULL when unknown. */
const AdmSector      *adm_strategy_formation_place (AdmStrategy        *self,
                                                   const AdmFormation *formation);

void                  adm_strategy_dump           (AdmStrategy *self,
                                                   GString     *out);

/* The minute @formation first met an enemy in @engagement: a formation arriving later joins a
 * fight already under way (F-STRAT-4). The engagement's own minute when not recorded. */
double                adm_engagement_joined_minute (const AdmEngagement *engagement,
                                                    const AdmFormation  *formation);

const char           *adm_strat_order_kind_to_string (AdmStratOrderKind kind);
/* The kind as reports name it, translated: "patrol", "minelaying". */
const char           *adm_strat_order_kind_describe  (AdmStratOrderKind kind);

G_END_DECLS
