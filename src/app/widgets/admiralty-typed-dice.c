/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-typed-dice.c: the values of real dice typed so far, what they were typed for, and
 * the prompt asking for more. */

#include "config.h"

#include <glib/gi18n.h>

#include "admiralty-dice-prompt.h"
#include "admiralty-typed-dice.h"

struct _AdmiraltyTypedDice
{
  GObject    parent_instance;

  GArray    *values;      /* guint */
  char      *key;
  char      *unresolved;  /* the toast's first words after a Cancel */
  GtkWidget *built;       /* weak: the prompt, built at the first ask and hidden between */
  GtkWidget *prompt;      /* the prompt while it asks, else NULL */
};

G_DEFINE_FINAL_TYPE (AdmiraltyTypedDice, admiralty_typed_dice, G_TYPE_OBJECT)

enum {
  SIGNAL_ENTERED,
  SIGNAL_CANCELLED,
  SIGNAL_TOAST,
  SIGNAL_ERROR,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

AdmiraltyTypedDice *
admiralty_typed_dice_new (const char *unresolved)
{
  AdmiraltyTypedDice *self;

  g_return_val_if_fail (unresolved != NULL, NULL);

  self = g_object_new (ADMIRALTY_TYPE_TYPED_DICE, NULL);
  self->unresolved = g_strdup (unresolved);
  return self;
}

static void
forward_toast_cb (AdmiraltyTypedDice *self,
                  const char         *text,
                  GObject            *page)
{
  g_signal_emit_by_name (page, "toast", text);
}

static void
forward_error_cb (AdmiraltyTypedDice *self,
                  const char         *heading,
                  const char         *message,
                  GObject            *page)
{
  g_signal_emit_by_name (page, "error", heading, message);
}

void
admiralty_typed_dice_forward (AdmiraltyTypedDice *self,
                              gpointer            page)
{
  g_return_if_fail (ADMIRALTY_IS_TYPED_DICE (self));
  g_return_if_fail (G_IS_OBJECT (page));
  g_return_if_fail (g_signal_lookup ("toast", G_OBJECT_TYPE (page)) != 0);
  g_return_if_fail (g_signal_lookup ("error", G_OBJECT_TYPE (page)) != 0);

  g_signal_connect_object (self, "toast", G_CALLBACK (forward_toast_cb), page,
                           G_CONNECT_DEFAULT);
  g_signal_connect_object (self, "error", G_CALLBACK (forward_error_cb), page,
                           G_CONNECT_DEFAULT);
}

gboolean
admiralty_typed_dice_resume (AdmiraltyTypedDice *self,
                             const char         *key)
{
  g_return_val_if_fail (ADMIRALTY_IS_TYPED_DICE (self), FALSE);

  if (g_strcmp0 (key, self->key) == 0)
    return TRUE;
  admiralty_typed_dice_forget (self);
  g_free (self->key);
  self->key = g_strdup (key);
  return FALSE;
}

const char *
admiralty_typed_dice_get_key (AdmiraltyTypedDice *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_TYPED_DICE (self), NULL);

  return self->key;
}

GArray *
admiralty_typed_dice_get_values (AdmiraltyTypedDice *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_TYPED_DICE (self), NULL);

  return self->values;
}

void
admiralty_typed_dice_append (AdmiraltyTypedDice *self,
                             const guint        *values,
                             guint               n_values)
{
  g_return_if_fail (ADMIRALTY_IS_TYPED_DICE (self));
  g_return_if_fail (values != NULL || n_values == 0);

  g_array_append_vals (self->values, values, n_values);
}

AdmDiceQueue *
admiralty_typed_dice_new_queue (AdmiraltyTypedDice *self)
{
  AdmDiceQueue *queue;

  g_return_val_if_fail (ADMIRALTY_IS_TYPED_DICE (self), NULL);

  queue = adm_dice_queue_new ();
  for (guint i = 0; i < self->values->len; i++)
    adm_dice_queue_push (queue, g_array_index (self->values, guint, i));
  return queue;
}

void
admiralty_typed_dice_forget (AdmiraltyTypedDice *self)
{
  g_return_if_fail (ADMIRALTY_IS_TYPED_DICE (self));

  g_array_set_size (self->values, 0);
}

/* The prompt destroyed with its window: it asks no more. */
static void
prompt_destroyed_cb (AdmiraltyTypedDice *self)
{
  self->prompt = NULL;
}

static void
prompt_response_cb (AdmiraltyTypedDice *self,
                    const char         *response,
                    GtkWidget          *prompt)
{
  g_autoptr(GArray) typed = NULL;
  g_autoptr(GError) error = NULL;

  if (prompt != self->prompt)
    return;
  self->prompt = NULL;

  /* Cancel, Escape or the window closed: what was typed before stays for the same key. */
  if (g_strcmp0 (response, "enter") != 0)
    {
      guint kept = self->values->len;
      g_autofree char *toast = NULL;

      g_signal_emit (self, signals[SIGNAL_CANCELLED], 0, kept);
      if (kept == 0)
        toast = g_strdup (self->unresolved);
      else
        /* Translators: a toast after Cancel on a dice prompt in the middle of a phase or a
         * cycle; %s says what was not resolved, "The phase was not resolved" */
        toast = g_strdup_printf (ngettext ("%s. The %u value typed is kept: resolve again to "
                                           "go on from the next roll.",
                                           "%s. The %u values typed are kept: resolve again "
                                           "to go on from the next roll.", kept),
                                 self->unresolved, kept);
      g_signal_emit (self, signals[SIGNAL_TOAST], 0, toast);
      return;
    }
  typed = g_array_new (FALSE, FALSE, sizeof (guint));
  if (!admiralty_dice_prompt_get_values (prompt, typed, &error))
    {
      g_signal_emit (self, signals[SIGNAL_ERROR], 0, _("Not a Roll of These Dice"),
                     error->message);
      return;
    }
  g_signal_emit (self, signals[SIGNAL_ENTERED], 0, typed);
}

void
admiralty_typed_dice_ask (AdmiraltyTypedDice           *self,
                          GtkWidget                    *widget,
                          const AdmDiceRequest * const *requests,
                          guint                         n_requests,
                          gboolean                      more_follow)
{
  GtkRoot *root;
  GtkWindow *parent;

  g_return_if_fail (ADMIRALTY_IS_TYPED_DICE (self));
  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (requests != NULL && n_requests > 0);

  admiralty_typed_dice_close (self);
  root = gtk_widget_get_root (widget);
  parent = GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL;
  /* One prompt, built once and asked again: only the rolls it names change. */
  if (self->built == NULL)
    {
      GtkWidget *built = admiralty_dice_prompt_new (parent);

      g_set_weak_pointer (&self->built, built);
      g_signal_connect_object (built, "response", G_CALLBACK (prompt_response_cb), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (built, "destroy", G_CALLBACK (prompt_destroyed_cb), self,
                               G_CONNECT_SWAPPED);
    }
  else if (gtk_window_get_transient_for (GTK_WINDOW (self->built)) != parent)
    gtk_window_set_transient_for (GTK_WINDOW (self->built), parent);
  admiralty_dice_prompt_set_rolls (self->built, requests, n_requests, more_follow);
  self->prompt = self->built;
  gtk_window_present (GTK_WINDOW (self->prompt));
}

GtkWidget *
admiralty_typed_dice_get_prompt (AdmiraltyTypedDice *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_TYPED_DICE (self), NULL);

  return self->prompt;
}

gboolean
admiralty_typed_dice_present (AdmiraltyTypedDice *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_TYPED_DICE (self), FALSE);

  if (self->prompt == NULL)
    return FALSE;
  gtk_window_present (GTK_WINDOW (self->prompt));
  return TRUE;
}

void
admiralty_typed_dice_close (AdmiraltyTypedDice *self)
{
  g_return_if_fail (ADMIRALTY_IS_TYPED_DICE (self));

  if (self->prompt == NULL)
    return;
  self->prompt = NULL;
  gtk_widget_set_visible (self->built, FALSE);
}

static void
admiralty_typed_dice_dispose (GObject *object)
{
  AdmiraltyTypedDice *self = ADMIRALTY_TYPED_DICE (object);

  self->prompt = NULL;
  if (self->built != NULL)
    {
      GtkWidget *built = self->built;

      g_clear_weak_pointer (&self->built);
      gtk_window_destroy (GTK_WINDOW (built));
    }

  G_OBJECT_CLASS (admiralty_typed_dice_parent_class)->dispose (object);
}

static void
admiralty_typed_dice_finalize (GObject *object)
{
  AdmiraltyTypedDice *self = ADMIRALTY_TYPED_DICE (object);

  g_array_unref (self->values);
  g_free (self->key);
  g_free (self->unresolved);

  G_OBJECT_CLASS (admiralty_typed_dice_parent_class)->finalize (object);
}

static void
admiralty_typed_dice_class_init (AdmiraltyTypedDiceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = admiralty_typed_dice_dispose;
  object_class->finalize = admiralty_typed_dice_finalize;

  signals[SIGNAL_ENTERED] =
    g_signal_new ("entered", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_ARRAY);
  signals[SIGNAL_CANCELLED] =
    g_signal_new ("cancelled", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  signals[SIGNAL_TOAST] =
    g_signal_new ("toast", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[SIGNAL_ERROR] =
    g_signal_new ("error", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);
}

static void
admiralty_typed_dice_init (AdmiraltyTypedDice *self)
{
  self->values = g_array_new (FALSE, FALSE, sizeof (guint));
}
