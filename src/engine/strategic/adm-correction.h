/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-correction.h: the master's corrections — what the story changes outside the rules (a
 * ship refitted, sold or handed over, a formation moved, damage or readiness by fiat), each
 * one journaled action carrying his reason. A correction is made into the journal's events
 * here; the state's one check (adm_state_apply ()) accepts or refuses them as it does every
 * event, and undo and redo take the action back and forth like any other. */
#pragma once

#include <glib.h>

#include "adm-campaign.h"
#include "adm-state.h"

G_BEGIN_DECLS

typedef enum {
  ADM_CORRECTION_REMOVE_SHIP,  /* "remove-ship": a ship sold, scuttled, lost to the story */
  ADM_CORRECTION_HAND_OVER,    /* "hand-over": a ship to another formation ("hand-over"), or a
                                * formation to another admiral ("assign") */
  ADM_CORRECTION_REPAIR,       /* "repair": hull, criticals, readiness at a station or by fiat */
  ADM_CORRECTION_DAMAGE,       /* "damage": hull points lost by fiat */
  ADM_CORRECTION_READINESS,    /* "readiness": a ship's readiness set by fiat */
  ADM_CORRECTION_MOVE,         /* "relocate": a formation put in another sector */
  ADM_CORRECTION_ADD_SHIP,     /* "new-ship": reinforcements joining a formation in being */
  ADM_CORRECTION_ADD_FORMATION,/* "new-ship"s and a "new-formation": a formation of
                                * reinforcements, now or arriving at a minute of the cycle */
  ADM_CORRECTION_RETIRE_ADMIRAL, /* "retire-admiral": an admiral leaves the game */
  ADM_CORRECTION_STATION,      /* "station": a station captured, damaged or destroyed */
  ADM_CORRECTION_MINEFIELD,    /* "minefield": the mines of a sector cleared */
  ADM_CORRECTION_ADD_ADMIRAL,  /* "new-admiral": an admiral joins the game, with a formation
                                * of his ("new-ship"s and a "new-formation") when ships are
                                * given */
} AdmCorrectionKind;

#define ADM_CORRECTION_N_KINDS (ADM_CORRECTION_ADD_ADMIRAL + 1)

/* A correction as the master gives it: what he typed, unread. Numbers stay text, so that a
 * refusal quotes them as typed; NULL is "not given". */
typedef struct {
  AdmCorrectionKind  kind;
  const char        *ship;       /* a ship id */
  const char *const *new_ships;  /* add-ship, add-formation: "NAME:CLASS:READINESS", the class
                                  * by id or name; the first of a new formation its flagship
                                  * (F-FORM-4); NULL-terminated */
  const char        *name;       /* add-formation: the new formation's name; add-admiral: the
                                  * admiral's, as his papers print it */
  const char        *faction;    /* add-admiral: his faction's id */
  const char        *formation_name; /* add-admiral: the name of his formation, when ships
                                      * are given */
  gboolean           hidden;     /* add-formation, add-admiral: hidden from the other sides (F-STRAT-3) */
  gboolean           revealed;   /* add-formation: known to everyone (refused with hidden) */
  const char        *cycle;      /* add-formation: the cycle it arrives in, with */
  const char        *minute;     /* the minute of it */
  const char        *formation;  /* a formation id */
  const char        *admiral;    /* an admiral id */
  const char        *successor;  /* retire-admiral: the admiral his formations go to, or NULL
                                  * for standing orders (F-STRAT-5) */
  const char        *sector;     /* a sector id */
  const char        *hull;       /* repair: the hull points the ship has after it */
  const char        *criticals;  /* repair: "none" (every one repaired) or results "5 7" */
  const char        *readiness;  /* repair, readiness: the readiness set */
  const char        *points;     /* damage: hull points lost */
  const char        *station;    /* station: its name, as the sector names it */
  const char        *owner;      /* station: the faction that holds it now */
  const char        *damage;     /* station: the hull points it has lost */
  gboolean           destroyed;  /* station: no longer on the table */
  const char        *reason;     /* the master's reason (at most ADM_STATE_REASON_MAX) */
} AdmCorrection;

/* The kind named @name ("repair", "hand-over"), FALSE for none. */
gboolean    adm_correction_kind_from_string (const char        *name,
                                             AdmCorrectionKind *kind);
const char *adm_correction_kind_to_string   (AdmCorrectionKind  kind);
/* The names of every kind, space-separated: what a refusal offers. */
char       *adm_correction_kind_names       (void) G_GNUC_WARN_UNUSED_RESULT;

/* The events (AdmEvent*) @correction is journaled as at @time, made against @state as it is
 * now; NULL with @error (ADM_STATE_ERROR) when what was typed cannot make them: a missing
 * option, a number that is none. Whether they apply is the one check's to say. */
GPtrArray  *adm_correction_events           (const AdmCorrection *correction,
                                             AdmState            *state,
                                             gint64               time,
                                             GError             **error) G_GNUC_WARN_UNUSED_RESULT;
/* Whether @correction, as typed so far, would be refused, without recording anything: its
 * events made (adm_correction_events ()) and those that stand alone put to the one check
 * (adm_state_check ()) — what a dialog shows as the master types. Recording checks the whole
 * action again. */
gboolean    adm_correction_check            (AdmState            *state,
                                             const AdmCorrection *correction,
                                             gint64               time,
                                             GError             **error);
/* @correction journaled in @campaign as one action (adm_campaign_append_all ()), saved when
 * the campaign has a file; refused whole, nothing changed, with @error naming the problem. */
gboolean    adm_correction_record           (AdmCampaign         *campaign,
                                             const AdmCorrection *correction,
                                             gint64               time,
                                             GError             **error);

G_END_DECLS
