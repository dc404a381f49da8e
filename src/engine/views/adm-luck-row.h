/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-luck-row.h: one item of the luck ledger as a list (adm-luck-model.h) — a battle's
 * heading, a side's or an admiral's expected against actual (adm-luck.h), one roll beside the
 * odds it had, or the luckiest or unluckiest roll — in words an audience may read (the
 * properties "kind", "title", "summary", "has-summary", "is-heading" and "rolls"). Immutable. */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

typedef enum {
  ADM_LUCK_ROW_HEADING,     /* a battle, or "Every battle" / "Every admiral" */
  ADM_LUCK_ROW_SIDE,        /* a side's tallies */
  ADM_LUCK_ROW_ADMIRAL,     /* an admiral's tallies (F-GEN-5) */
  ADM_LUCK_ROW_LUCKIEST,    /* the luckiest roll */
  ADM_LUCK_ROW_UNLUCKIEST,  /* the unluckiest roll */
  ADM_LUCK_ROW_ROLL,        /* one roll of a battle, beside the odds it had */
} AdmLuckRowKind;

#define ADM_TYPE_LUCK_ROW (adm_luck_row_get_type ())
G_DECLARE_FINAL_TYPE (AdmLuckRow, adm_luck_row, ADM, LUCK_ROW, GObject)

/* @summary NULL for a heading; @rolls the judged rolls a side's or admiral's row counts (a
 * roll's row: 1). */
AdmLuckRow    *adm_luck_row_new         (AdmLuckRowKind  kind,
                                         const char     *title,
                                         const char     *summary,
                                         guint           rolls) G_GNUC_WARN_UNUSED_RESULT;
AdmLuckRowKind adm_luck_row_get_kind    (AdmLuckRow     *self);
const char    *adm_luck_row_get_title   (AdmLuckRow     *self);
/* "" for a heading. */
const char    *adm_luck_row_get_summary (AdmLuckRow     *self);
guint          adm_luck_row_get_rolls   (AdmLuckRow     *self);
/* Whether @a and @b say the same. */
gboolean       adm_luck_row_equal       (AdmLuckRow     *a,
                                         AdmLuckRow     *b);

G_END_DECLS
