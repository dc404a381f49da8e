/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-placement-step.h: the placements step of an engagement before its battle is set up
 * (F-STRAT-4, F-STRAT-15, F-TAC-1), as plain values: each engaged formation with its side,
 * the placement its orders give (or the master chose) and why, the ruleset's placements to
 * choose from, and what the admirals wrote for the engaged formations. The chief's placements
 * dialog is built from it, and so is a table master's, from the table's listing, which carries
 * it (docs/formats.md, "Battles fought at other tables"). Only a master is told it. */
#pragma once

#include <glib.h>

#include "adm-audience.h"
#include "adm-engagement.h"

G_BEGIN_DECLS

/* One of the ruleset's placements. */
typedef struct {
  char *id;     /* "marching-order" */
  char *name;   /* "Marching order", as the chief's ruleset names it */
} AdmPlacementOffer;

/* An engaged formation and where it goes. */
typedef struct {
  char *formation;  /* its id */
  char *name;       /* "Pol Escort Group" */
  char *side;       /* "Barrayaran Imperium", or "…, allied with …" */
  char *placement;  /* the id of the placement in force */
  char *reason;     /* why, translated: "ordered to attack", "chosen by the master" */
} AdmPlacementChoice;

/* An admiral's own words on his order sheet for an engaged formation. */
typedef struct {
  char *formation;  /* the formation's name */
  char *admiral;    /* "Adm. Aral Vorkosigan" */
  char *text;
} AdmPlacementWords;

typedef struct {
  char      *place;     /* "Pol orbit" */
  guint      cycle;
  double     minute;
  GPtrArray *offered;   /* AdmPlacementOffer*, the ruleset's, in its order */
  GPtrArray *choices;   /* AdmPlacementChoice*, in the engagement's order */
  GPtrArray *words;     /* AdmPlacementWords* */
} AdmPlacementStep;

/* An empty step (no formation, nothing offered), for a reader to fill. */
AdmPlacementStep *adm_placement_step_new       (void) G_GNUC_WARN_UNUSED_RESULT;
/* The placements step of @engagement in @state as @audience is told it: a master, all of it
 * (adm_engagement_placements (), the orders in force); anyone else, nothing (NULL). */
AdmPlacementStep *adm_placement_step_of        (AdmState            *state,
                                                const AdmEngagement *engagement,
                                                AdmAudience          audience) G_GNUC_WARN_UNUSED_RESULT;
void              adm_placement_step_free      (AdmPlacementStep    *step);
/* The offered placement @id, or NULL. */
const AdmPlacementOffer *adm_placement_step_find_offer (const AdmPlacementStep *step,
                                                        const char             *id);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdmPlacementStep, adm_placement_step_free)

G_END_DECLS
