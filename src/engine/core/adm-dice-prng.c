/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-dice-prng.c: the program rolls.
 *
 * The generator is xoshiro256** 1.0 (Blackman and Vigna, 2018), seeded by expanding the 64-bit
 * seed with splitmix64 as its authors recommend. It is small, fast, passes BigCrush, and is
 * fully determined by (seed, number of outputs drawn) — which is what a campaign saves. Dice
 * are drawn without modulo bias by rejecting the top partial range. */

#include "config.h"

#include "adm-dice-prng.h"

struct _AdmDicePrng
{
  GObject parent_instance;

  guint64 seed;
  guint64 draws;
  guint64 s[4];
};

static void adm_dice_prng_source_init (AdmDiceSourceInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (AdmDicePrng, adm_dice_prng, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (ADM_TYPE_DICE_SOURCE,
                                                      adm_dice_prng_source_init))

static inline guint64
rotl (guint64 x,
      int     k)
{
  return (x << k) | (x >> (64 - k));
}

static guint64
splitmix64 (guint64 *state)
{
  guint64 z = (*state += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

static void
reseed (AdmDicePrng *self,
        guint64      seed)
{
  guint64 state = seed;

  self->seed = seed;
  self->draws = 0;
  for (guint i = 0; i < 4; i++)
    self->s[i] = splitmix64 (&state);
}

/* One output of xoshiro256**; inline for the rolls of a phase. */
static inline guint64
next_value (AdmDicePrng *self)
{
  guint64 *s = self->s;
  guint64 result = rotl (s[1] * 5, 7) * 9;
  guint64 t = s[1] << 17;

  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl (s[3], 45);

  self->draws++;
  return result;
}

guint64
adm_dice_prng_next (AdmDicePrng *self)
{
  return next_value (self);
}

/* A face of a die of @sides, @limit the largest multiple of @sides that fits in 64 bits:
 * outputs at or above it would favour low faces, and are drawn again. */
static inline guint
draw_die (AdmDicePrng *self,
          guint        sides,
          guint64      limit)
{
  guint64 value;

  do
    value = next_value (self);
  while (value >= limit);
  return (guint) (value % sides) + 1;
}

guint
adm_dice_prng_die (AdmDicePrng *self,
                   guint        sides)
{
  /* The largest multiple of @sides that fits; outputs at or above it would favour low faces. */
  g_return_val_if_fail (ADM_IS_DICE_PRNG (self), 1);
  g_return_val_if_fail (sides >= 1, 1);

  return draw_die (self, sides, G_MAXUINT64 - (G_MAXUINT64 % sides));
}

void
adm_dice_prng_roll_dice (AdmDicePrng *self,
                         guint        count,
                         guint        sides,
                         guint       *values)
{
  /* The same draws as adm_dice_prng_die () for each die, its bound worked out once a roll. */
  guint64 limit;

  g_return_if_fail (ADM_IS_DICE_PRNG (self));
  g_return_if_fail (sides >= 1);

  limit = G_MAXUINT64 - (G_MAXUINT64 % sides);
  for (guint i = 0; i < count; i++)
    values[i] = draw_die (self, sides, limit);
}

static gboolean
adm_dice_prng_roll (AdmDiceSource        *source,
                    const AdmDiceRequest *request,
                    guint                *values,
                    GError              **error)
{
  adm_dice_prng_roll_dice (ADM_DICE_PRNG (source), request->count, request->sides, values);
  return TRUE;
}

static gboolean
adm_dice_prng_is_program (AdmDiceSource *source)
{
  return TRUE;
}

static void
adm_dice_prng_source_init (AdmDiceSourceInterface *iface)
{
  iface->roll = adm_dice_prng_roll;
  iface->is_program = adm_dice_prng_is_program;
}

static void
adm_dice_prng_class_init (AdmDicePrngClass *klass)
{
}

static void
adm_dice_prng_init (AdmDicePrng *self)
{
  reseed (self, 0);
}

AdmDicePrng *
adm_dice_prng_new (guint64 seed)
{
  AdmDicePrng *self = g_object_new (ADM_TYPE_DICE_PRNG, NULL);

  reseed (self, seed);
  return self;
}

guint64
adm_dice_prng_get_seed (AdmDicePrng *self)
{
  g_return_val_if_fail (ADM_IS_DICE_PRNG (self), 0);
  return self->seed;
}

guint64
adm_dice_prng_get_draws (AdmDicePrng *self)
{
  g_return_val_if_fail (ADM_IS_DICE_PRNG (self), 0);
  return self->draws;
}

void
adm_dice_prng_restore (AdmDicePrng *self,
                       guint64      seed,
                       guint64      draws)
{
  g_return_if_fail (ADM_IS_DICE_PRNG (self));

  reseed (self, seed);
  while (self->draws < draws)
    adm_dice_prng_next (self);
}
