/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-dice-queue.c: we roll real dice — the master types the values, the engine takes them in
 * order. A request is all-or-nothing: if any value is missing or not on the die, the queue
 * is left exactly as it was and the error says which value and which roll. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "adm-dice-queue.h"

struct _AdmDiceQueue
{
  GObject  parent_instance;

  GQueue   values;   /* GUINT_TO_POINTER */
};

static void adm_dice_queue_source_init (AdmDiceSourceInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (AdmDiceQueue, adm_dice_queue, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (ADM_TYPE_DICE_SOURCE,
                                                      adm_dice_queue_source_init))

static gboolean
adm_dice_queue_roll (AdmDiceSource        *source,
                     const AdmDiceRequest *request,
                     guint                *values,
                     GError              **error)
{
  AdmDiceQueue *self = ADM_DICE_QUEUE (source);
  g_autofree char *dice = adm_dice_describe (request->count, request->sides);
  const char *purpose = request->purpose != NULL ? request->purpose : _("a roll");
  GList *link;
  guint i;

  if (self->values.length < request->count)
    {
      g_set_error (error, ADM_DICE_ERROR, ADM_DICE_ERROR_EMPTY,
                   g_dngettext (GETTEXT_PACKAGE,
                                "%s needs %s but only %u value was entered",
                                "%s needs %s but only %u values were entered",
                                self->values.length),
                   purpose, dice, self->values.length);
      return FALSE;
    }

  for (i = 0, link = self->values.head; i < request->count; i++, link = link->next)
    {
      guint value = GPOINTER_TO_UINT (link->data);

      if (value < 1 || value > request->sides)
        {
          g_set_error (error, ADM_DICE_ERROR, ADM_DICE_ERROR_OUT_OF_RANGE,
                       _("%u is not on a d%u (1–%u): check the value entered for %s"),
                       value, request->sides, request->sides, purpose);
          return FALSE;
        }
    }

  for (i = 0; i < request->count; i++)
    values[i] = GPOINTER_TO_UINT (g_queue_pop_head (&self->values));
  return TRUE;
}

static void
adm_dice_queue_source_init (AdmDiceSourceInterface *iface)
{
  iface->roll = adm_dice_queue_roll;
}

static void
adm_dice_queue_finalize (GObject *object)
{
  AdmDiceQueue *self = ADM_DICE_QUEUE (object);

  g_queue_clear (&self->values);
  G_OBJECT_CLASS (adm_dice_queue_parent_class)->finalize (object);
}

static void
adm_dice_queue_class_init (AdmDiceQueueClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = adm_dice_queue_finalize;
}

static void
adm_dice_queue_init (AdmDiceQueue *self)
{
  g_queue_init (&self->values);
}

AdmDiceQueue *
adm_dice_queue_new (void)
{
  return g_object_new (ADM_TYPE_DICE_QUEUE, NULL);
}

void
adm_dice_queue_push (AdmDiceQueue *self,
                     guint         value)
{
  g_return_if_fail (ADM_IS_DICE_QUEUE (self));
  g_queue_push_tail (&self->values, GUINT_TO_POINTER (value));
}

gboolean
adm_dice_queue_push_text (AdmDiceQueue  *self,
                          const char    *text,
                          GError       **error)
{
  g_auto(GStrv) words = NULL;
  g_autoptr(GArray) parsed = g_array_new (FALSE, FALSE, sizeof (guint));

  g_return_val_if_fail (ADM_IS_DICE_QUEUE (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  words = g_strsplit_set (text, " \t\n,;", -1);
  for (guint i = 0; words[i] != NULL; i++)
    {
      guint64 value;

      if (words[i][0] == '\0')
        continue;
      if (!g_ascii_string_to_unsigned (words[i], 10, 1, ADM_DICE_MAX_SIDES, &value, NULL))
        {
          g_set_error (error, ADM_DICE_ERROR, ADM_DICE_ERROR_PARSE,
                       _("“%s” is not a die value: type the numbers the dice show, "
                         "separated by spaces"), words[i]);
          return FALSE;
        }
      guint die = (guint) value;

      g_array_append_val (parsed, die);
    }

  if (parsed->len == 0)
    {
      g_set_error (error, ADM_DICE_ERROR, ADM_DICE_ERROR_PARSE,
                   _("No die values were entered"));
      return FALSE;
    }

  for (guint i = 0; i < parsed->len; i++)
    adm_dice_queue_push (self, g_array_index (parsed, guint, i));
  return TRUE;
}

guint
adm_dice_queue_get_length (AdmDiceQueue *self)
{
  g_return_val_if_fail (ADM_IS_DICE_QUEUE (self), 0);
  return self->values.length;
}

void
adm_dice_queue_clear (AdmDiceQueue *self)
{
  g_return_if_fail (ADM_IS_DICE_QUEUE (self));
  g_queue_clear (&self->values);
}
