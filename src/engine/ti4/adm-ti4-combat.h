/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-ti4-combat.h: one Twilight Imperium 4 combat resolved step by step — space combat
 * (LRR 39) or ground combat (LRR 48). As for Forcon, the combat is a pure function of its
 * set-up and its journal of AdmEvents (dice results, retreat announcements, hit
 * assignments): undo drops the last event and replays; dice come from an AdmDiceSource (a
 * seeded PRNG, or a queue of values typed from real d10s), every roll logged. */
#pragma once

#include "adm-dice-source.h"
#include "adm-doc.h"
#include "adm-event.h"
#include "adm-journal.h"
#include "adm-ti4-odds.h"

G_BEGIN_DECLS

typedef struct {
  AdmTi4Arena arena;
  AdmTi4Fleet attacker;
  AdmTi4Fleet defender;
  char       *attacker_name;        /* "Attacker" when NULL, e.g. "The Barony of Letnev" */
  char       *defender_name;
  /* LRR 39.4.c: whether each side has an eligible system to retreat to (space only). */
  gboolean    attacker_can_retreat;
  gboolean    defender_can_retreat;
} AdmTi4Setup;

typedef enum {
  ADM_TI4_NEED_DICE,     /* a group of dice to roll or type in */
  ADM_TI4_NEED_RETREAT,  /* a side may announce a retreat (LRR 39.4) */
  ADM_TI4_NEED_HITS,     /* a side chooses which of its units take the hits (39.6, 48.2) */
  ADM_TI4_NEED_NOTHING,  /* the combat is over */
} AdmTi4NeedKind;

/* What the combat waits for. Steps with nothing to decide (no dice, no hits, a hit count
 * that destroys everything, a side with no eligible system) pass by themselves. */
typedef struct {
  AdmTi4NeedKind kind;
  AdmTi4Side     side;
  guint          round;    /* 1-based */
  gboolean       barrage;  /* the first round's Anti-Fighter Barrage (LRR 39.3) */
  guint          hit_on;   /* NEED_DICE: each die hits on this or more */
  guint          count;    /* NEED_DICE: dice to roll; NEED_HITS: hits to assign */
  const char    *purpose;  /* "Attacker: 2 Dreadnought, combat roll, hit on 5+" (translated) */
  const char    *clause;   /* "LRR 39.5" */
} AdmTi4Need;

/* One line of the combat's report. */
typedef struct {
  guint       round;
  const char *clause;  /* "LRR 39.6.a" */
  char       *text;    /* in the reader's language */
} AdmTi4LogLine;

/* One group of dice rolled (the dice log). */
typedef struct {
  guint       round;
  AdmTi4Side  side;
  gboolean    barrage;
  guint       hit_on;
  GArray     *values;   /* guint, 1..10 ("0" on the die is 10) */
  guint       hits;
  char       *purpose;
  const char *clause;
} AdmTi4Roll;

#define ADM_TYPE_TI4_COMBAT (adm_ti4_combat_get_type ())
/* Emits "changed" after each step journaled, undone or redone, so that a view of the combat
 * (adm-luck-model.h) reads it anew. */
G_DECLARE_FINAL_TYPE (AdmTi4Combat, adm_ti4_combat, ADM, TI4_COMBAT, GObject)

/* Checks both sides (adm_ti4_fleet_check_arena) and starts at round 1. */
AdmTi4Combat       *adm_ti4_combat_new         (AdmTi4Catalog     *catalog,
                                                const AdmTi4Setup *setup,
                                                GError           **error) G_GNUC_WARN_UNUSED_RESULT;
/* A saved combat (set-up and journal), replayed; a bad file or an event the rules refuse
 * gives "FILE:LINE: problem". */
AdmTi4Combat       *adm_ti4_combat_load_file   (AdmTi4Catalog     *catalog,
                                                const char        *path,
                                                GError           **error) G_GNUC_WARN_UNUSED_RESULT;
/* Written atomically (adm_file_write_atomically). */
gboolean            adm_ti4_combat_save        (AdmTi4Combat      *self,
                                                const char        *path,
                                                GError           **error);

AdmTi4Catalog      *adm_ti4_combat_get_catalog (AdmTi4Combat *self);
const AdmTi4Setup  *adm_ti4_combat_get_setup   (AdmTi4Combat *self);
const AdmTi4Fleet  *adm_ti4_combat_get_fleet   (AdmTi4Combat *self,
                                                AdmTi4Side    side);
const char         *adm_ti4_combat_get_side_name (AdmTi4Combat *self,
                                                AdmTi4Side    side);
guint               adm_ti4_combat_get_round   (AdmTi4Combat *self);
const AdmTi4Need   *adm_ti4_combat_get_need    (AdmTi4Combat *self);
gboolean            adm_ti4_combat_is_over     (AdmTi4Combat *self);
/* Only when over (LRR 39.10, 48.4): ATTACKER_WINS, DEFENDER_WINS, DRAW or *_RETREATED. */
AdmTi4Outcome       adm_ti4_combat_get_outcome (AdmTi4Combat *self);
/* AdmTi4LogLine*, AdmTi4Roll*, AdmEvent*: owned by the combat. */
GPtrArray          *adm_ti4_combat_get_log     (AdmTi4Combat *self);
GPtrArray          *adm_ti4_combat_get_rolls   (AdmTi4Combat *self);
GPtrArray          *adm_ti4_combat_get_events  (AdmTi4Combat *self);

/* NEED_DICE: asks @dice for the pending group (d10s, with its purpose and clause) and
 * journals the values. On error (a typed value out of range, the queue empty) nothing
 * changes. */
gboolean            adm_ti4_combat_roll        (AdmTi4Combat  *self,
                                                AdmDiceSource *dice,
                                                GError       **error);
/* NEED_RETREAT for @side: LRR 39.4 — refused without an eligible system (39.4.c). */
gboolean            adm_ti4_combat_announce    (AdmTi4Combat  *self,
                                                AdmTi4Side     side,
                                                gboolean       retreat,
                                                GError       **error);
/* NEED_HITS for @side: the player's choice, checked by adm_ti4_fleet_apply. */
gboolean            adm_ti4_combat_assign      (AdmTi4Combat  *self,
                                                AdmTi4Side     side,
                                                const AdmTi4Assignment *assignment,
                                                GError       **error);
/* Satisfies the current need by itself: dice from @dice, retreats and hits as @options say
 * (the odds' options: policies and retreat-after). */
gboolean            adm_ti4_combat_advance     (AdmTi4Combat  *self,
                                                AdmDiceSource *dice,
                                                const AdmTi4OddsOptions *options,
                                                GError       **error);
/* advance () until the combat is over. On error the combat stays where it stopped (every
 * completed step journaled). */
gboolean            adm_ti4_combat_run         (AdmTi4Combat  *self,
                                                AdmDiceSource *dice,
                                                const AdmTi4OddsOptions *options,
                                                GError       **error);
/* Takes back the last step in effect (an undo entry is journaled; nothing is removed) and
 * replays; FALSE when there is none. */
gboolean            adm_ti4_combat_undo        (AdmTi4Combat  *self);
/* Brings back the step last undone, while no other step came after it. */
gboolean            adm_ti4_combat_can_redo    (AdmTi4Combat  *self);
gboolean            adm_ti4_combat_redo        (AdmTi4Combat  *self);
/* Every step decided, undone and redone (adm-journal.h). */
AdmJournal         *adm_ti4_combat_get_journal (AdmTi4Combat  *self);

/* The report: set-up, every round and step with its clause, every roll, the outcome and
 * what is left — for the CLI's text, printing and PDF. */
AdmDoc             *adm_ti4_combat_report      (AdmTi4Combat  *self) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
