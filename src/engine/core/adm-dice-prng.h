/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-dice-prng.h: the program rolls — a seeded xoshiro256** generator. */
#pragma once

#include "adm-dice-source.h"

G_BEGIN_DECLS

#define ADM_TYPE_DICE_PRNG (adm_dice_prng_get_type ())
G_DECLARE_FINAL_TYPE (AdmDicePrng, adm_dice_prng, ADM, DICE_PRNG, GObject)

AdmDicePrng *adm_dice_prng_new        (guint64      seed) G_GNUC_WARN_UNUSED_RESULT;
guint64      adm_dice_prng_get_seed   (AdmDicePrng *self);
/* How many 64-bit outputs have been drawn since seeding: with the seed, the whole state. */
guint64      adm_dice_prng_get_draws  (AdmDicePrng *self);
/* Re-seeds and advances to @draws outputs, restoring a saved generator. */
void         adm_dice_prng_restore    (AdmDicePrng *self,
                                       guint64      seed,
                                       guint64      draws);
guint64      adm_dice_prng_next       (AdmDicePrng *self);
/* An unbiased value in 1..@sides. */
guint        adm_dice_prng_die        (AdmDicePrng *self,
                                       guint        sides);
/* @count dice of @sides into @values: what adm_dice_source_roll () gives of this generator,
 * the same draws, without the source's dispatch and checks (a fire phase rolls some thirty
 * thousand times). */
void         adm_dice_prng_roll_dice  (AdmDicePrng *self,
                                       guint        count,
                                       guint        sides,
                                       guint       *values);

G_END_DECLS
