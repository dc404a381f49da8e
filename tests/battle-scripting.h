/* SPDX-License-Identifier: GPL-3.0-or-later */
/* battle-scripting.h: the scripted-dice helpers the battle rule tests share — load a fixture
 * at a phase, resolve or refuse a phase with scripted dice (asserting every die was used, or
 * that a refusal changed nothing), and check the rolls and report lines. */
#pragma once

#include <string.h>

#include "battle-helpers.h"
#include "adm-battle-orders.h"
#include "adm-battle.h"
#include "adm-dice-queue.h"

AdmBattle *
load_at (const char *fixture,
         AdmPhase    phase);

/* Loads @fixture with the text @from replaced by @to, at @phase. */
AdmBattle *
load_variant_at (const char *fixture,
                 const char *from,
                 const char *to,
                 AdmPhase    phase);

/* The numbers-from-ruleset set-up: a copy of the shipped rules in which @file ("ruleset" or
 * "classes") has every @from replaced by @to (changed_rules_new ()); ADMIRALTY_RULES_PATH names
 * it until changed_rules_end (@dir), which sets it back and removes the copy. */
char *
changed_rules_begin (const char *file,
                     const char *from,
                     const char *to);
void
changed_rules_end (char *dir);

/* @fixture at the fire phase, loaded with such a copy of the rules, removed once loaded. */
AdmBattle *
load_with_changed_rules (const char *fixture,
                         const char *file,
                         const char *from,
                         const char *to);

guint
ship_index (AdmBattle  *battle,
            const char *id);

const AdmBattleShip *
ship (AdmBattle  *battle,
      const char *id);

/* The mine @id, which the battle holds. */
const AdmMine *
mine (AdmBattle  *battle,
      const char *id);

int
hull_left (AdmBattle  *battle,
           const char *id);

void
set_ruling (AdmBattle  *battle,
            const char *id,
            const char *value);

AdmDiceQueue *
dice_queue (const char *dice);

AdmTurnOrders *
orders_for (AdmBattle  *battle,
            const char *body);

/* Resolves the current phase with @body as this turn's orders (NULL: none) and @dice, all of
 * which must be used. Returns the index of the phase's first roll. */
/* Like resolve (), with dice that keep each request's note (what the master's dice prompt
 * shows): the first roll's, "" when it has none. */
char *
first_note (AdmBattle  *battle,
            const char *body,
            const char *dice);

guint
resolve (AdmBattle  *battle,
         const char *body,
         const char *dice);

/* Resolves the current phase expecting it refused with a message containing @message (one
 * that names orders.xml and a line, when @body gives orders), and the battle exactly as it
 * was. */
void
refuse (AdmBattle  *battle,
        const char *body,
        const char *dice,
        const char *message);

/* The rolls from @first on as "CLAUSE NdS=v v v", joined with "; ". */
char *
rolls_since (AdmBattle *battle,
             guint      first);

void
assert_rolls (AdmBattle  *battle,
              guint       first,
              const char *expected);

const char *
roll_purpose (AdmBattle *battle,
              guint      index);

/* Asserts the dice log's outcome of roll @index, as the rule judged it ("≥ 3: passed ✓"). */
void
assert_outcome (AdmBattle  *battle,
                guint       index,
                const char *expected);

void
assert_reported (AdmBattle  *battle,
                 const char *text);

void
assert_not_reported (AdmBattle  *battle,
                     const char *text);
