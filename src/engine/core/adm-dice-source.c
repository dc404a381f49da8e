/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-dice-source.c: the dice source interface */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "adm-dice-source.h"

G_DEFINE_QUARK (adm-dice-error-quark, adm_dice_error)

G_DEFINE_INTERFACE (AdmDiceSource, adm_dice_source, G_TYPE_OBJECT)

static void
adm_dice_source_default_init (AdmDiceSourceInterface *iface)
{
}

gboolean
adm_dice_source_roll (AdmDiceSource        *self,
                      const AdmDiceRequest *request,
                      guint                *values,
                      GError              **error)
{
  AdmDiceSourceInterface *iface;

  g_return_val_if_fail (ADM_IS_DICE_SOURCE (self), FALSE);
  g_return_val_if_fail (request != NULL, FALSE);
  g_return_val_if_fail (request->count >= 1 && request->count <= ADM_DICE_MAX_COUNT, FALSE);
  g_return_val_if_fail (request->sides >= 2 && request->sides <= ADM_DICE_MAX_SIDES, FALSE);
  g_return_val_if_fail (values != NULL, FALSE);

  iface = ADM_DICE_SOURCE_GET_IFACE (self);
  g_return_val_if_fail (iface->roll != NULL, FALSE);

  if (!iface->roll (self, request, values, error))
    return FALSE;

  for (guint i = 0; i < request->count; i++)
    g_assert (values[i] >= 1 && values[i] <= request->sides);
  return TRUE;
}

gboolean
adm_dice_source_is_program (AdmDiceSource *self)
{
  AdmDiceSourceInterface *iface;

  g_return_val_if_fail (ADM_IS_DICE_SOURCE (self), FALSE);

  iface = ADM_DICE_SOURCE_GET_IFACE (self);
  return iface->is_program != NULL && iface->is_program (self);
}

char *
adm_dice_describe (guint count,
                   guint sides)
{
  /* The notation of the reader's rules: "2d6" in English, "2д6" in Russian. */
  if (count == 1)
    /* Translators: one die of so many sides, "d6"; the Russian rules write "д6" */
    return g_strdup_printf (_("d%u"), sides);
  /* Translators: so many dice of so many sides, "2d6"; the Russian rules write "2д6" */
  return g_strdup_printf (_("%ud%u"), count, sides);
}
