/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-muster.h: the muster before cycle 1 (F-GEN-5, F-GEN-6, F-GEN-7). A campaign whose scenario
 * gives admirals pools of ships (AdmPool) opens in a muster: each admiral forms his formations —
 * at most 6 of one category (F-FORM-8, with the season's ruling), a flagship (F-FORM-4), a
 * succession (F-FORM-5), hidden or not (F-STRAT-3) — and hands them in; the master accepts
 * each muster or returns it with his reason, sets the starting positions (F-GEN-7) and starts
 * cycle 1. An admiral who never mustered gets the default formations of the ruling
 * "muster-default". Until the start no formation of a pool is in being on the strategic map,
 * so no view can show one admiral another's muster; adm_muster_admiral_sees () is the one
 * filter for the muster itself.
 *
 * The journal's events, checked here for AdmState's one check (adm_state_apply ()):
 *   "muster"            admiral, formations=N: the admiral hands in a muster of the N
 *                       "muster-formation" events that follow it in the same action;
 *   "muster-formation"  admiral, name, flagship, ships="ID …", succession="ID …" (optional),
 *                       hidden="true|false";
 *   "muster-accept"     admiral;
 *   "muster-return"     admiral, reason;
 *   "muster-position"   admiral, formation (its number in the muster, from 1, or the id it
 *                       is made with, adm_muster_formation_id ()), sector: kept by that id,
 *                       so that a formation keeps its position through a muster returned and
 *                       handed in again under the same name;
 *   "muster-start"      (none): the formations come into being and cycle 1 begins. */
#pragma once

#include <glib.h>

#include "adm-event.h"
#include "adm-scenario.h"
#include "adm-strategy.h"

G_BEGIN_DECLS

/* The longest name of a formation in a muster, in characters, as an order's. */
#define ADM_MUSTER_NAME_MAX 80
/* The most formations one muster may hand in: a bound on the input (a pool of 100 ships makes
 * 100 formations of one ship at most). */
#define ADM_MUSTER_FORMATIONS_MAX 100

typedef enum {
  ADM_MUSTER_NOT_HANDED_IN,  /* nothing handed in yet */
  ADM_MUSTER_HANDED_IN,      /* waiting for the master */
  ADM_MUSTER_ACCEPTED,
  ADM_MUSTER_RETURNED,       /* returned with the master's reason: to be handed in again */
} AdmMusterStatus;

typedef struct {
  char            *name;
  GPtrArray       *ships;       /* const AdmShip* of the pool, as listed */
  const AdmShip   *flagship;    /* F-FORM-4 */
  GPtrArray       *succession;  /* const AdmShip*, F-FORM-5, may be empty */
  gboolean         hidden;      /* F-STRAT-3 */
  const AdmSector *sector;      /* the starting position the master set (F-GEN-7), or NULL:
                                 * the pool's sector */
} AdmMusterFormation;

typedef struct {
  const AdmPool   *pool;
  AdmMusterStatus  status;
  GPtrArray       *formations;  /* AdmMusterFormation*: the muster handed in or accepted;
                                 * empty while none is */
  GPtrArray       *defaults;    /* AdmMusterFormation*: the ruling's default formations */
  char            *reason;      /* returned: the master's reason, else NULL */
  gint64           received;    /* the last muster handed in, unix seconds; 0 for none */
  guint            count;       /* how many musters he handed in */
  gboolean         defaulted;   /* started: he was given the default formations */
  GPtrArray       *formation_ids; /* started: the ids of the formations made (char*) */
  GPtrArray       *returned;    /* AdmMusterFormation*: returned, the muster the master gave
                                 * back, for the admiral to change; else empty */
  GHashTable      *positions;   /* the starting positions the master set (F-GEN-7): the id a
                                 * formation is made with (adm_muster_formation_id ()) →
                                 * const AdmSector*; each planned formation's sector is its
                                 * own from here */
} AdmMusterEntry;

typedef struct _AdmMuster AdmMuster;

AdmMuster        *adm_muster_new             (AdmScenario *scenario) G_GNUC_WARN_UNUSED_RESULT;
void              adm_muster_free            (AdmMuster   *self);

/* Whether the scenario has pools: the campaign began with a muster. */
gboolean          adm_muster_has_pools       (AdmMuster   *self);
/* Whether the muster is under way: pools, and cycle 1 not started. */
gboolean          adm_muster_in_progress     (AdmMuster   *self);
/* AdmMusterEntry*, one an admiral with a pool, in the order of the pools. */
GPtrArray        *adm_muster_get_entries     (AdmMuster   *self);
const AdmMusterEntry *adm_muster_get_entry   (AdmMuster   *self,
                                              const char  *admiral_id);
/* The formations @entry would start with now: his accepted muster's, else the defaults. */
GPtrArray        *adm_muster_entry_planned   (const AdmMusterEntry *entry);
/* The id formation @number (from 1) of adm_muster_entry_planned () is made with at the start:
 * the admiral's id and its name ("vorkosigan-home-squadron"), a default one's its number
 * ("vorlakial-formation-2", the same in every language); "-2", "-3" … follow at the start
 * only when the id is taken already. */
char             *adm_muster_formation_id    (const AdmMusterEntry *entry,
                                              guint                 number) G_GNUC_WARN_UNUSED_RESULT;
/* The audience filter of the muster: whether @viewer_id (an admiral's id, NULL for the master)
 * may be told anything of @admiral_id's muster — his own, or the master all. No admiral is
 * told of another's, nor how many have mustered, before the master publishes the positions
 * (the start); after it, the formations are on the strategic map and its filter decides. */
gboolean          adm_muster_admiral_sees    (AdmMuster   *self,
                                              const char  *viewer_id,
                                              const char  *admiral_id);
/* F-FORM-8 as this season says it, for the one who musters: "A formation has at most 6
 * ships, all of one category (F-FORM-8)." (adm_formation_composition_rule ()). */
char             *adm_muster_composition_rule (AdmMuster  *self) G_GNUC_WARN_UNUSED_RESULT;
/* The status as said to the master or the admiral, translated: "handed in". */
const char       *adm_muster_status_describe (AdmMusterStatus status);
const char       *adm_muster_status_to_string (AdmMusterStatus status);

/* The one check's halves for the muster's events (the kinds above): check refuses with the
 * reason (ADM_STATE_ERROR) and changes nothing; apply cannot fail. */
gboolean          adm_muster_is_event_kind   (const char  *kind);
/* Those kinds: a NULL-terminated list owned by the engine. */
const char * const *adm_muster_get_event_kinds (void);
gboolean          adm_muster_check           (AdmMuster       *self,
                                              AdmStrategy     *strategy,
                                              const AdmEvent  *event,
                                              GError         **error);
void              adm_muster_apply           (AdmMuster       *self,
                                              AdmStrategy     *strategy,
                                              const AdmEvent  *event);
/* Whether an event of @kind may come now: none but "muster-formation" while a muster's
 * formations are still to come in its action, and no order, sheet or cycle during the muster
 * (F-GEN-6: formations are made up before the game). */
gboolean          adm_muster_allows          (AdmMuster       *self,
                                              const char      *kind,
                                              GError         **error);

/* A muster as the admiral gives it (a sheet, the portal's form): formations by name with the
 * ids of their ships. */
typedef struct {
  char      *name;
  char      *flagship;    /* a ship id */
  GPtrArray *ships;       /* char*, ship ids */
  GPtrArray *succession;  /* char*, ship ids */
  gboolean   hidden;
  int        line;        /* of its <formation> in the sheet read, or 0 */
} AdmMusterDraftFormation;

typedef struct {
  char      *admiral;     /* an admiral id */
  GPtrArray *formations;  /* AdmMusterDraftFormation* */
  char      *source;      /* the sheet it was read from, as named in messages, or NULL */
  int        line;        /* of its <muster-sheet>, or 0 */
} AdmMusterDraft;

AdmMusterDraft   *adm_muster_draft_new       (const char *admiral_id) G_GNUC_WARN_UNUSED_RESULT;
void              adm_muster_draft_free      (AdmMusterDraft *draft);
/* A new formation of @draft, named @name with flagship @flagship: its ships are added to it. */
AdmMusterDraftFormation *adm_muster_draft_add (AdmMusterDraft *draft,
                                              const char     *name,
                                              const char     *flagship,
                                              gboolean        hidden);
/* Whether @draft would be taken now as its admiral's muster: the one check of its events
 * (adm_muster_draft_events ()), as adm_state_apply () makes it, with nothing handed in —
 * a read-back before the hand-in. FALSE with the refusal in @error; for a draft read from a
 * sheet, "SHEET:LINE: refusal", the line of the formation refused (of <muster-sheet> for the
 * muster as a whole). */
gboolean          adm_muster_check_draft     (AdmMuster            *self,
                                              const AdmMusterDraft *draft,
                                              GError              **error);
/* Every refusal of @draft at once, for a read-back that lists them all: the checks of
 * adm_muster_check_draft (), each formation checked against the pool and the formations before
 * it that pass. @formations gets one entry a formation of @draft, its refusal (char*) or
 * NULL; @whole (char*) the refusals of the muster as a whole — one for each ship of the pool
 * in none of its formations (F-GEN-6). TRUE when there is none. */
gboolean          adm_muster_check_draft_all (AdmMuster            *self,
                                              const AdmMusterDraft *draft,
                                              GPtrArray            *formations,
                                              GPtrArray            *whole);
/* A muster sheet (docs/formats.md, <muster-sheet>) read into a draft, @display_name its
 * source and each formation with its line; NULL with @error ("DISPLAY_NAME:LINE: problem")
 * when it is not one. */
AdmMusterDraft   *adm_muster_draft_load      (const char  *data,
                                              gsize        length,
                                              const char  *display_name,
                                              GError     **error) G_GNUC_WARN_UNUSED_RESULT;
/* @draft as a muster sheet's text, read back by adm_muster_draft_load (). */
char             *adm_muster_draft_to_xml    (const AdmMusterDraft *draft) G_GNUC_WARN_UNUSED_RESULT;
/* The events (AdmEvent*) @draft is journaled as at @time: "muster" and its formations. */
GPtrArray        *adm_muster_draft_events    (const AdmMusterDraft *draft,
                                              gint64                time) G_GNUC_WARN_UNUSED_RESULT;

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdmMusterDraft, adm_muster_draft_free)

G_END_DECLS
