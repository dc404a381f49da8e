/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-orders-kinds.h: the declarations with no editor of their own (torpedoes,
 * boarding, mines, damage control, the flag's transfer…) as data: each kind's element
 * (data/schema/orders.rng), its label, its fields, the phase it is offered in and whether
 * it has anything to act on. The "other orders" form builds itself from them, and the
 * declarations list names their fields with them. */
#pragma once

#include <gtk/gtk.h>

#include "adm-battle.h"

G_BEGIN_DECLS

typedef enum {
  ORDERS_FIELD_NONE,
  ORDERS_FIELD_SHIP,      /* a ship, by name; the selected ship by default */
  ORDERS_FIELD_TARGET,    /* a ship, by name; the table's target by default */
  ORDERS_FIELD_FORMATION, /* a formation, by name; the selected ship's by default */
  ORDERS_FIELD_TORPEDOES, /* checks of the formation's tubes; the selected ship's by default */
  ORDERS_FIELD_GUNS,      /* checks of the formation's guns; the selected ship's checked ones */
  ORDERS_FIELD_CRITICAL,  /* one of the ship's outstanding criticals, by its table's name */
  ORDERS_FIELD_SALVO,     /* one of the salvoes on the table, by its number and torpedoes */
  ORDERS_FIELD_NUMBER,
  ORDERS_FIELD_OPTIONAL_NUMBER,
  ORDERS_FIELD_OPTIONAL_LENGTH, /* typed in the shown unit, written in cm */
  ORDERS_FIELD_TEXT,
  ORDERS_FIELD_CHOICE,    /* one of @choices, "|"-separated */
} AdmiraltyOrdersFieldKind;

typedef struct {
  const char               *key;
  const char               *label;   /* translatable, marked in the table */
  AdmiraltyOrdersFieldKind  kind;
  const char               *choices;
} AdmiraltyOrdersField;

typedef struct {
  const char           *element;
  const char           *label;       /* translatable, marked in the table */
  AdmiraltyOrdersField  fields[5];   /* ended by a NULL key */
} AdmiraltyOrdersKind;

/* Every kind, in the order the form offers them. */
const AdmiraltyOrdersKind *admiralty_orders_kinds          (guint                *n_kinds);
const AdmiraltyOrdersKind *admiralty_orders_kind_lookup    (const char           *element);
/* The phase in which an order of @element takes effect and is offered. */
AdmPhase                   admiralty_orders_kind_phase     (const char           *element);
/* Whether an order of @element has anything to act on now, for @ship (-1: none selected). */
gboolean                   admiralty_orders_kind_applies   (AdmBattle            *battle,
                                                            int                   ship,
                                                            const char           *element);
/* The words shown for a choice of a field; the orders keep the value. */
const char                *admiralty_orders_choice_label   (const char           *value);
/* Whether damage control of @ship (NULL: any) may choose @repair (F-DC). */
gboolean                   admiralty_orders_repair_applies (const AdmBattleShip  *ship,
                                                            const char           *repair);
/* The name of critical result @value (its 2d6 roll) in @ship_id's table ("Fire!"). */
char                      *admiralty_orders_critical_label (AdmBattle            *battle,
                                                            const char           *ship_id,
                                                            const char           *value)
    G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
