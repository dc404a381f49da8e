/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-battle-orders.h: both sides' declarations for tactical turns, as read from an orders
 * file (orders.rng) or built by the app: movement by formation (F-FORM-6, F-MOVE), fire by
 * ship and battery (F-FIRE-4, F-ART-3), fire-phase combat orders (F-FORD) and flagship
 * transfers (F-FORM-17). Parsing checks the form; the battle checks the rules. */
#pragma once

#include <glib.h>
#include <libxml/tree.h>

G_BEGIN_DECLS

/* Movement-phase combat orders (F-MOVE-14, F-MOVE-15, F-MOVE-16, F-MOVE-17, F-MOVE-18). */
typedef enum {
  ADM_MOVE_ORDER_NONE,
  ADM_MOVE_ORDER_COURSE_CORRECTION,
  ADM_MOVE_ORDER_EMERGENCY_STOP,
  ADM_MOVE_ORDER_ALL_AHEAD_FULL,
} AdmMoveOrder;

typedef struct {
  gboolean is_turn;   /* a turn of @value degrees (positive to starboard), else @value cm */
  double   value;
  int      orbit;     /* F-ORB-1: a change to orbit @orbit (1-based) when > 0 */
  int      halve;     /* F-ORB-2: what the change halves: 1 firepower, 2 shields */
} AdmMoveStep;

typedef struct {
  char         *formation;
  AdmMoveOrder  order;
  char         *ram;         /* F-RAM: target ship, with all-ahead-full */
  GArray       *steps;       /* AdmMoveStep */
  int           line;
} AdmMoveDecl;

typedef struct {
  GPtrArray *ships;          /* char*, parallel to weapons */
  GPtrArray *weapons;        /* char* */
  char      *target;         /* ship id */
  gboolean   is_return;      /* F-FIRE-11 */
  int        line;
} AdmFireDecl;

typedef struct {
  char     *ship;
  char     *formation;       /* transfers */
  gboolean  extended;        /* F-FORD-6 */
  int       line;
} AdmShipOrderDecl;

/* Any other declaration: the element's name and attributes, read by the rule that owns it
 * (torpedo launches, boarding, minelaying, sweeping, …; see data/schema/orders.rng). */
typedef struct {
  char      *element;
  GPtrArray *keys;           /* char* */
  GPtrArray *values;         /* char*, parallel to keys */
  int        line;
} AdmOrderDecl;

/* The value of attribute @key, or NULL. */
const char      *adm_order_decl_get          (const AdmOrderDecl *decl,
                                              const char         *key);

typedef struct {
  int        turn;
  char      *file;           /* for messages: "orders.xml" */
  GPtrArray *moves;          /* AdmMoveDecl* in document order */
  GPtrArray *fires;          /* AdmFireDecl* in document order: the resolution order */
  GPtrArray *target_locks;   /* AdmShipOrderDecl* (F-FORD-2) */
  GPtrArray *reinforce;      /* AdmShipOrderDecl* (F-FORD-5) */
  GPtrArray *transfers;      /* AdmShipOrderDecl*: ship = the new flagship (F-FORM-17) */
  GPtrArray *other;          /* AdmOrderDecl*: every other declaration, in document order */
} AdmTurnOrders;

typedef struct {
  char      *file;
  GPtrArray *turns;          /* AdmTurnOrders* */
} AdmBattleOrders;

/* Declarations built in code (the app's order entry); the turn's arrays take ownership. */
AdmMoveDecl     *adm_move_decl_new           (const char       *formation) G_GNUC_WARN_UNUSED_RESULT;
AdmFireDecl     *adm_fire_decl_new           (const char       *target) G_GNUC_WARN_UNUSED_RESULT;
void             adm_fire_decl_add_battery   (AdmFireDecl      *decl,
                                              const char       *ship,
                                              const char       *weapon);
AdmShipOrderDecl *adm_ship_order_decl_new    (const char       *ship) G_GNUC_WARN_UNUSED_RESULT;
AdmOrderDecl    *adm_order_decl_new          (const char       *element) G_GNUC_WARN_UNUSED_RESULT;
/* Sets attribute @key, replacing its value. */
void             adm_order_decl_set          (AdmOrderDecl     *decl,
                                              const char       *key,
                                              const char       *value);
/* A deep copy, numbered as adm_turn_orders_number_lines () does: the declarations written
 * and read back, so NULL with the parser's error when they do not read back. */
AdmTurnOrders   *adm_turn_orders_copy        (const AdmTurnOrders  *orders,
                                              GError              **error) G_GNUC_WARN_UNUSED_RESULT;
/* Numbers the declarations 1, 2, … in the order adm_turn_orders_to_string () writes them
 * (moves, fires, target locks, reinforcements, transfers, the rest), so that a refusal's
 * "FILE:LINE" names one of them; returns how many there are. */
guint            adm_turn_orders_number_lines (AdmTurnOrders   *orders);
/* Whether adm_turn_orders_to_string () of @orders certainly reads back (orders.rng) as the
 * very same declarations — every id an orders file can hold, every distance and angle a
 * number the text keeps exactly, every movement numbered, nothing but moves, fires and ship
 * orders — so that playing @orders is playing what the journal will replay. FALSE says only
 * "not certainly": the caller writes the text and reads it back to know. */
gboolean         adm_turn_orders_reads_back  (const AdmTurnOrders *orders);
/* For tests: adm_turn_orders_to_string () always through libxml2's writer, which it writes
 * straight out for declarations that read back. */
char            *_adm_turn_orders_to_string_tree (const AdmTurnOrders *orders) G_GNUC_WARN_UNUSED_RESULT;
/* For the battle's journal: adm_turn_orders_to_string () in *@length bytes, and in
 * *@reads_back_out adm_turn_orders_reads_back (), which it asks anyway, the fires' ids as it
 * writes them (so that the journal neither asks it a second time, over a fire phase's
 * thousands of ids, nor measures each again to copy it). */
char            *_adm_turn_orders_to_string_full (const AdmTurnOrders *orders,
                                                  gboolean            *reads_back_out,
                                                  gsize               *length) G_GNUC_WARN_UNUSED_RESULT;

/* An empty turn of declarations. */
AdmTurnOrders   *adm_turn_orders_new         (int               turn) G_GNUC_WARN_UNUSED_RESULT;
void             adm_turn_orders_free        (AdmTurnOrders    *orders);
/* Parses one <turn> element. */
AdmTurnOrders   *adm_turn_orders_from_xml    (xmlNode          *node,
                                              const char       *display_name,
                                              GError          **error) G_GNUC_WARN_UNUSED_RESULT;
/* The <turn> element as text, to journal it; adm_turn_orders_parse reads it back. */
char            *adm_turn_orders_to_string   (const AdmTurnOrders *orders) G_GNUC_WARN_UNUSED_RESULT;
AdmTurnOrders   *adm_turn_orders_parse       (const char       *text,
                                              const char       *display_name,
                                              GError          **error) G_GNUC_WARN_UNUSED_RESULT;

/* Reads and validates an orders file; two <turn> elements with one number are refused. */
AdmBattleOrders *adm_battle_orders_load_file (const char       *path,
                                              GError          **error) G_GNUC_WARN_UNUSED_RESULT;
AdmBattleOrders *adm_battle_orders_load_memory (const char     *data,
                                              gsize             length,
                                              const char       *display_name,
                                              GError          **error) G_GNUC_WARN_UNUSED_RESULT;
/* The declarations for @turn, or NULL when the file has none. */
const AdmTurnOrders *adm_battle_orders_get_turn (const AdmBattleOrders *orders,
                                              int               turn);
void             adm_battle_orders_free      (AdmBattleOrders  *orders);

const char      *adm_move_order_to_string    (AdmMoveOrder      order);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdmTurnOrders, adm_turn_orders_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdmBattleOrders, adm_battle_orders_free)

G_END_DECLS
