/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-roll-item.h: one line of the dice log, as text the log's columns bind to. */
#pragma once

#include <gio/gio.h>

#include "admiralty-engine.h"

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_ROLL_ITEM (admiralty_roll_item_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyRollItem, admiralty_roll_item, ADMIRALTY, ROLL_ITEM, GObject)

AdmiraltyRollItem *admiralty_roll_item_new          (const AdmRollRecord *record)
    G_GNUC_WARN_UNUSED_RESULT;
/* Whether the item shows @record (same time, purpose, clause and dice). */
gboolean           admiralty_roll_item_shows        (AdmiraltyRollItem   *self,
                                                     const AdmRollRecord *record);

const char        *admiralty_roll_item_get_purpose  (AdmiraltyRollItem   *self);
const char        *admiralty_roll_item_get_clause   (AdmiraltyRollItem   *self);
const char        *admiralty_roll_item_get_dice     (AdmiraltyRollItem   *self);
const char        *admiralty_roll_item_get_values   (AdmiraltyRollItem   *self);
guint              admiralty_roll_item_get_total    (AdmiraltyRollItem   *self);
/* How its rule judged it, "sum ≤ 7 (readiness): failed ✗"; "" when nothing was judged. */
const char        *admiralty_roll_item_get_outcome  (AdmiraltyRollItem   *self);

/* Syncs @store (AdmiraltyRollItem) with @rolls (AdmRollRecord*): keeps the common beginning
 * and replaces the rest, so that appending a roll adds one row. */
void               admiralty_roll_store_sync        (GListStore          *store,
                                                     GPtrArray           *rolls);

G_END_DECLS
