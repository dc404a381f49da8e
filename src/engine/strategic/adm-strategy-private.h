/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-strategy-private.h: what the files of AdmStrategy share — the model (adm-strategy.c), the
 * orders (adm-strategy-orders.c), the formations they change (adm-strategy-formations.c), the
 * cycle (adm-strategy-cycle.c) and the sightings (adm-strategy-sightings.c). For
 * src/engine/strategic/adm-strategy*.c only. */
#pragma once

#include "adm-strategy.h"

G_BEGIN_DECLS

/* A line of a formation's log. The master's summary reads @text; the admirals' papers read
 * @told when it is set: the same news in the story's own words, where @text says it was the
 * master's correction (F-STRAT-3: the papers keep the fiction). */
typedef struct {
  guint  cycle;
  char  *text;
  char  *told;
} LogLine;

typedef struct {
  AdmFormationPosition  pos;
  guint                 index;      /* scenario order, then order formed */
  gboolean              gone;       /* disbanded or merged away (F-STRAT-17) */
  guint                 gone_cycle; /* the cycle it ceased in */
  AdmStratOrder        *standing;   /* the timed order being carried out (F-STRAT-5), a copy */
  AdmStratOrder        *pending[3]; /* given for the current cycle: timed, flagship, instructions
                                     * (borrowed from AdmStrategy.orders) */
  GPtrArray            *log;        /* LogLine* */
  gboolean              revealed;   /* hidden, but shown to the public ("reveal") */
  GPtrArray            *known_to;   /* const AdmFaction*: hidden, but revealed to these */
  GArray               *sightings;  /* Seen, one per enemy faction that saw it (F-STRAT-3) */
  guint                 arrival_cycle;  /* reinforcements: the cycle they arrive in, or 0 */
  double                arrival_minute; /* and the minute of it */
} Tracker;

/* A faction's last sighting of a formation: AdmSighting without the formation. */
typedef struct {
  const AdmFaction *faction;
  guint             cycle;
  const AdmSector  *sector;
  const AdmSector  *towards;
  double            progress;
  guint             ships;
} Seen;

struct _AdmStrategy
{
  AdmScenario *scenario;      /* borrowed: the state owns both */
  guint        cycle;
  GHashTable  *trackers;      /* formation id → Tracker*, gone ones included */
  GPtrArray   *all;           /* Tracker*, by index */
  GPtrArray   *formations;    /* AdmFormation*, in being, by index */
  GPtrArray   *owned;         /* AdmFormation* made here */
  GHashTable  *ship_formation; /* AdmShip* → Tracker* of its formation now */
  GPtrArray   *engagements;   /* AdmEngagement* */
  GPtrArray   *sheets;        /* AdmStratSheet*, one per admiral and cycle */
  guint        n_sheets;      /* sheet events, corrections included */
  GPtrArray   *orders;        /* AdmStratOrder*, every one applied, journal order */
  GArray      *mines_laid;    /* MinesLaid: the lay-mines actions carried out in a cycle */
  GPtrArray   *added_ships;   /* AdmShip* the master's corrections added ("new-ship"), owned;
                               * NULL in a trial, which borrows them */
  GHashTable  *added_by_id;   /* their ids → AdmShip*, shared with the trials */
  GHashTable  *retired;       /* ids of the admirals who left the game ("retire-admiral"),
                               * shared with the trials */
  GPtrArray   *admirals;      /* AdmAdmiral*: the scenario's, then those who joined the game
                               * ("new-admiral"), shared with the trials */
  GHashTable  *joined_by_id;  /* ids of those who joined → AdmAdmiral* (the scenario's
                               * adm_scenario_intern_admiral ()), shared with the trials */
  AdmCampaignEnding *ending; /* the master ended the campaign ("end-campaign"), or NULL */
};

/* A formation's lay-mines action finished within the cycle it was ordered in (F-MINE-13). */
typedef struct {
  guint            cycle;
  char            *formation_id;
  const AdmSector *sector;
  double           end;           /* the minute its half phase of laying ended */
} MinesLaid;

/* adm-strategy.c: the model and the events it reads. */
const char       *_adm_strategy_ruling        (AdmScenario         *scenario,
                                               const char          *id);
/* F-FORM-8 with the season's ruling and number: whether the last of @ships (AdmShip*) may
 * join the ones before it in formation @name; NULL when it may, else the problem. */
char             *_adm_strategy_composition_problem (AdmScenario *scenario,
                                                     const char  *name,
                                                     GPtrArray   *ships);
/* F-FORM-8 (with F-FORM-3) on the ships of a formation @name to be, checked ship by ship so
 * that the refusal names the one that breaks it. */
gboolean          _adm_strategy_check_composition (AdmStrategy  *self,
                                                   const char   *name,
                                                   GPtrArray    *ships,
                                                   GError      **error);
AdmStratOrder    *_adm_strat_order_copy       (const AdmStratOrder *order);
Tracker          *_adm_strategy_add_tracker   (AdmStrategy         *self,
                                               const AdmFormation  *formation,
                                               const AdmSector     *sector);
/* A line of @tracker's log for @cycle: what the summary tells of it. */
void              _adm_strategy_log           (Tracker             *tracker,
                                               guint                cycle,
                                               const char          *format,
                                               ...) G_GNUC_PRINTF (3, 4);
/* _adm_strategy_log () of @text, told to the admirals as @told (LogLine). */
void              _adm_strategy_log_told      (Tracker             *tracker,
                                               guint                cycle,
                                               const char          *text,
                                               const char          *told);
/* Refuses an event the rules forbid (ADM_STATE_ERROR_ILLEGAL); returns FALSE. */
gboolean          _adm_strategy_refuse        (GError             **error,
                                               const char          *format,
                                               ...) G_GNUC_PRINTF (2, 3);
/* The event's "cycle", which must be the current one (F-STRAT-1). */
gboolean          _adm_strategy_need_cycle    (AdmStrategy         *self,
                                               const AdmEvent      *event,
                                               guint               *out,
                                               GError             **error);
/* The event's "admiral", one of the scenario's, or NULL. */
const AdmAdmiral *_adm_strategy_need_admiral  (AdmStrategy         *self,
                                               const AdmEvent      *event,
                                               GError             **error);

/* adm-strategy-orders.c: whether @admiral commands @formation (F-FORM-6). */
gboolean          _adm_strategy_commands      (const AdmAdmiral    *admiral,
                                               const AdmFormation  *formation);

/* adm-strategy-formations.c */
/* The formation of @tracker as the strategy's own copy, to be changed (copy on write). */
AdmFormation     *_adm_strategy_writable      (AdmStrategy         *self,
                                               Tracker             *tracker);
/* @ships leave @tracker's formation (F-FORM-5 succession; a formation left empty is no more). */
void              _adm_strategy_remove_ships  (AdmStrategy         *self,
                                               Tracker             *tracker,
                                               GPtrArray           *ships);
void              _adm_strategy_set_flagship  (AdmStrategy         *self,
                                               Tracker             *tracker,
                                               const AdmShip       *ship);
void              _adm_strategy_apply_admin_order (AdmStrategy     *self,
                                               Tracker             *tracker,
                                               AdmStratOrder       *order);

/* adm-strategy-corrections.c: frees a ship the master's corrections added. */
void              _adm_strategy_added_ship_free (gpointer           data);

/* adm-strategy-sightings.c: as the session closes the cycle (F-STRAT-3). */
void              _adm_strategy_record_sightings (AdmStrategy      *self);

G_END_DECLS
