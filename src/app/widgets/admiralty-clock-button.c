/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-clock-button.c: the header's cycle clock. It shows its clock and holds the win.clock-*
 * commands in a popover; the window owns the clock and the actions. */

#include "config.h"

#include <glib/gi18n.h>

#include "admiralty-clock-button.h"

struct _AdmiraltyClockButton
{
  GtkWidget            parent_instance;

  AdmiraltyCycleClock *clock;
  GSignalGroup        *clock_signals;  /* on the clock shown */

  /* Template children */
  GtkMenuButton       *button;
  GtkImage            *icon;
  GtkLabel            *label;
  GtkLabel            *status_label;
  GtkToggleButton     *pause_button;
};

G_DEFINE_FINAL_TYPE (AdmiraltyClockButton, admiralty_clock_button, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_CLOCK,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The popover's line: when the session is, or why there is no countdown. */
static char *
admiralty_clock_button_status (AdmiraltyClockButton *self)
{
  int remaining = admiralty_cycle_clock_get_remaining_seconds (self->clock);
  int minutes = admiralty_cycle_clock_get_cycle_minutes (self->clock);
  g_autoptr(GDateTime) now = NULL;
  g_autoptr(GDateTime) at = NULL;
  g_autofree char *time = NULL;

  if (admiralty_cycle_clock_get_due (self->clock))
    return g_strdup (_("Collect the admirals’ orders, then start the next cycle."));
  if (!admiralty_cycle_clock_get_running (self->clock))
    /* Translators: the clock is paused; %d is the cycle's length in minutes */
    return g_strdup_printf (ngettext ("Paused. Cycles of %d minute.",
                                      "Paused. Cycles of %d minutes.", minutes), minutes);

  now = g_date_time_new_now_local ();
  at = g_date_time_add_seconds (now, remaining);
  time = g_date_time_format (at, "%H:%M");
  /* Translators: %s is a time of day, "14:32"; %d the cycle's length in minutes */
  return g_strdup_printf (ngettext ("Session at %s. Cycles of %d minute.",
                                    "Session at %s. Cycles of %d minutes.", minutes),
                          time, minutes);
}

static void
admiralty_clock_button_update (AdmiraltyClockButton *self)
{
  gboolean due, running;
  g_autofree char *text = NULL;
  g_autofree char *status = NULL;

  if (self->clock == NULL)
    return;

  due = admiralty_cycle_clock_get_due (self->clock);
  running = admiralty_cycle_clock_get_running (self->clock);
  if (due)
    text = g_strdup (_("Session due"));
  else
    text = admiralty_cycle_clock_format (admiralty_cycle_clock_get_remaining_seconds (self->clock));
  status = admiralty_clock_button_status (self);

  gtk_label_set_label (self->label, text);
  gtk_label_set_label (self->status_label, status);
  gtk_image_set_from_icon_name (self->icon, running || due ? "alarm-symbolic"
                                : "media-playback-pause-symbolic");
  gtk_button_set_icon_name (GTK_BUTTON (self->pause_button),
                            running ? "media-playback-pause-symbolic"
                            : "media-playback-start-symbolic");

  /* F-STRAT-1: the session is the master's cue, so it stands out in the warning colours. */
  if (due)
    gtk_widget_add_css_class (GTK_WIDGET (self->button), "session-due");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->button), "session-due");
  if (running || due)
    gtk_widget_remove_css_class (GTK_WIDGET (self->label), "dim-label");
  else
    gtk_widget_add_css_class (GTK_WIDGET (self->label), "dim-label");
}

static void
clock_notify_cb (AdmiraltyClockButton *self,
                 GParamSpec           *pspec,
                 AdmiraltyCycleClock  *clock)
{
  admiralty_clock_button_update (self);
}

void
admiralty_clock_button_set_clock (AdmiraltyClockButton *self,
                                  AdmiraltyCycleClock  *clock)
{
  g_return_if_fail (ADMIRALTY_IS_CLOCK_BUTTON (self));
  g_return_if_fail (clock == NULL || ADMIRALTY_IS_CYCLE_CLOCK (clock));

  if (self->clock == clock)
    return;

  g_signal_group_set_target (self->clock_signals, clock);
  g_set_object (&self->clock, clock);

  admiralty_clock_button_update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CLOCK]);
}

const char *
admiralty_clock_button_get_text (AdmiraltyClockButton *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_CLOCK_BUTTON (self), NULL);

  return gtk_label_get_label (self->label);
}

static void
admiralty_clock_button_dispose (GObject *object)
{
  AdmiraltyClockButton *self = (AdmiraltyClockButton *)object;

  g_signal_group_set_target (self->clock_signals, NULL);
  g_clear_object (&self->clock);

  gtk_widget_dispose_template (GTK_WIDGET (self), ADMIRALTY_TYPE_CLOCK_BUTTON);

  G_OBJECT_CLASS (admiralty_clock_button_parent_class)->dispose (object);
}

static void
admiralty_clock_button_finalize (GObject *object)
{
  AdmiraltyClockButton *self = (AdmiraltyClockButton *)object;

  g_clear_object (&self->clock_signals);

  G_OBJECT_CLASS (admiralty_clock_button_parent_class)->finalize (object);
}

static void
admiralty_clock_button_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  AdmiraltyClockButton *self = ADMIRALTY_CLOCK_BUTTON (object);

  switch (prop_id)
    {
    case PROP_CLOCK:
      g_value_set_object (value, self->clock);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
admiralty_clock_button_set_property (GObject      *object,
                                     guint         prop_id,
                                     const GValue *value,
                                     GParamSpec   *pspec)
{
  AdmiraltyClockButton *self = ADMIRALTY_CLOCK_BUTTON (object);

  switch (prop_id)
    {
    case PROP_CLOCK:
      admiralty_clock_button_set_clock (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
admiralty_clock_button_class_init (AdmiraltyClockButtonClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = admiralty_clock_button_dispose;
  object_class->finalize = admiralty_clock_button_finalize;
  object_class->get_property = admiralty_clock_button_get_property;
  object_class->set_property = admiralty_clock_button_set_property;

  properties[PROP_CLOCK] =
    g_param_spec_object ("clock", NULL, NULL, ADMIRALTY_TYPE_CYCLE_CLOCK,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/admiralty/Admiralty/admiralty-clock-button.ui");
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyClockButton, button);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyClockButton, icon);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyClockButton, label);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyClockButton, status_label);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyClockButton, pause_button);
}

static void
admiralty_clock_button_init (AdmiraltyClockButton *self)
{
  self->clock_signals = g_signal_group_new (ADMIRALTY_TYPE_CYCLE_CLOCK);
  g_signal_group_connect_object (self->clock_signals, "notify", G_CALLBACK (clock_notify_cb), self,
                                 G_CONNECT_SWAPPED);
  gtk_widget_init_template (GTK_WIDGET (self));
}
