/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-zoom-pan.c: the scroll, pinch and drag maths of a zoomable view, shared by the
 * tactical table and the sector map so that they behave alike. */

#include "config.h"

#include <math.h>

#include "admiralty-zoom-pan.h"

struct _AdmiraltyZoomPan
{
  GObject      parent_instance;

  GtkWidget   *widget;          /* not owned: it owns this helper */
  double       wheel_step;
  gboolean     enabled;

  /* The pointer's last position over the widget: a scroll zooms about it. */
  gboolean     pointer_inside;
  double       pointer_x;
  double       pointer_y;

  GtkGesture  *pinch;           /* owned by the widget */
  double       pinch_scale;     /* the gesture's scale at its last update */

  gboolean     dragging;        /* this press may pan: not refused, and enabled */
  gboolean     panning;         /* past the drag threshold, panning */
  gboolean     panned;          /* the last press became a pan */
  double       drag_last_x;     /* the drag's offset already applied */
  double       drag_last_y;
};

G_DEFINE_FINAL_TYPE (AdmiraltyZoomPan, admiralty_zoom_pan, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ENABLED,
  PROP_PANNING,
  N_PROPS
};

enum {
  SIGNAL_ZOOM,
  SIGNAL_PAN,
  SIGNAL_DENY_PAN,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

double
admiralty_zoom_pan_scroll_factor (double        wheel_step,
                                  double        dy,
                                  GdkScrollUnit unit)
{
  /* A touchpad scrolls by pixels, a wheel by notches. */
  if (unit == GDK_SCROLL_UNIT_SURFACE)
    dy /= ADMIRALTY_ZOOM_PAN_SCROLL_PIXELS_PER_STEP;
  return pow (wheel_step, -dy);
}

static void
zoom (AdmiraltyZoomPan *self,
      double            factor,
      double            x,
      double            y)
{
  if (factor <= 0.0 || !isfinite (factor) || factor == 1.0)
    return;
  g_signal_emit (self, signals[SIGNAL_ZOOM], 0, factor, x, y);
}

static void
set_panning (AdmiraltyZoomPan *self,
             gboolean          panning)
{
  if (self->panning == panning)
    return;
  self->panning = panning;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PANNING]);
}

static void
motion_cb (AdmiraltyZoomPan         *self,
           double                    x,
           double                    y,
           GtkEventControllerMotion *controller)
{
  self->pointer_inside = TRUE;
  self->pointer_x = x;
  self->pointer_y = y;
}

static void
leave_cb (AdmiraltyZoomPan         *self,
          GtkEventControllerMotion *controller)
{
  self->pointer_inside = FALSE;
}

static gboolean
scroll_cb (AdmiraltyZoomPan         *self,
           double                    dx,
           double                    dy,
           GtkEventControllerScroll *controller)
{
  double x, y;

  if (!self->enabled || dy == 0.0)
    return FALSE;
  admiralty_zoom_pan_get_anchor (self, &x, &y);
  zoom (self, admiralty_zoom_pan_scroll_factor (self->wheel_step, dy,
                                                gtk_event_controller_scroll_get_unit (controller)),
        x, y);
  return TRUE;
}

static void
pinch_begin_cb (AdmiraltyZoomPan *self,
                GdkEventSequence *sequence,
                GtkGesture       *gesture)
{
  self->pinch_scale = 1.0;
}

/* Each update zooms by what the fingers' spread changed since the last one. */
static void
pinch_scale_changed_cb (AdmiraltyZoomPan *self,
                        double            scale,
                        GtkGestureZoom   *gesture)
{
  double x, y;

  if (!self->enabled || scale <= 0.0 || self->pinch_scale <= 0.0)
    return;
  if (!gtk_gesture_get_bounding_box_center (GTK_GESTURE (gesture), &x, &y))
    {
      x = gtk_widget_get_width (self->widget) / 2.0;
      y = gtk_widget_get_height (self->widget) / 2.0;
    }
  zoom (self, scale / self->pinch_scale, x, y);
  self->pinch_scale = scale;
}

static void
drag_begin_cb (AdmiraltyZoomPan *self,
               double            x,
               double            y,
               GtkGestureDrag   *gesture)
{
  gboolean denied = FALSE;

  self->panned = FALSE;
  self->drag_last_x = self->drag_last_y = 0.0;
  set_panning (self, FALSE);
  if (self->enabled)
    g_signal_emit (self, signals[SIGNAL_DENY_PAN], 0, x, y, &denied);
  self->dragging = self->enabled && !denied;
}

static void
drag_update_cb (AdmiraltyZoomPan *self,
                double            offset_x,
                double            offset_y,
                GtkGestureDrag   *gesture)
{
  int threshold = 8;
  double dx, dy;

  if (!self->dragging || !self->enabled)
    return;
  /* A pinch moves the fingers too: the zoom follows them, so they must not also pan. The
   * zoom gesture is active from the first finger, recognized only with the second. */
  if (gtk_gesture_is_recognized (self->pinch))
    {
      self->drag_last_x = offset_x;
      self->drag_last_y = offset_y;
      return;
    }
  if (!self->panning)
    {
      g_object_get (gtk_widget_get_settings (self->widget),
                    "gtk-dnd-drag-threshold", &threshold, NULL);
      if (hypot (offset_x, offset_y) < threshold)
        return;
      self->panned = TRUE;
      set_panning (self, TRUE);
    }
  dx = offset_x - self->drag_last_x;
  dy = offset_y - self->drag_last_y;
  self->drag_last_x = offset_x;
  self->drag_last_y = offset_y;
  g_signal_emit (self, signals[SIGNAL_PAN], 0, dx, dy);
}

static void
drag_end_cb (AdmiraltyZoomPan *self,
             double            offset_x,
             double            offset_y,
             GtkGestureDrag   *gesture)
{
  self->dragging = FALSE;
  set_panning (self, FALSE);
}

static void
admiralty_zoom_pan_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  AdmiraltyZoomPan *self = ADMIRALTY_ZOOM_PAN (object);

  switch (prop_id)
    {
    case PROP_ENABLED:
      g_value_set_boolean (value, self->enabled);
      break;
    case PROP_PANNING:
      g_value_set_boolean (value, self->panning);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
admiralty_zoom_pan_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  AdmiraltyZoomPan *self = ADMIRALTY_ZOOM_PAN (object);

  switch (prop_id)
    {
    case PROP_ENABLED:
      admiralty_zoom_pan_set_enabled (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
admiralty_zoom_pan_class_init (AdmiraltyZoomPanClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = admiralty_zoom_pan_get_property;
  object_class->set_property = admiralty_zoom_pan_set_property;

  properties[PROP_ENABLED] =
    g_param_spec_boolean ("enabled", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_PANNING] =
    g_param_spec_boolean ("panning", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* void handler (AdmiraltyZoomPan *zoom_pan, double factor, double x, double y): zoom by
   * @factor keeping the point under widget pixel (@x, @y) still. */
  signals[SIGNAL_ZOOM] =
    g_signal_new ("zoom", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 3, G_TYPE_DOUBLE, G_TYPE_DOUBLE, G_TYPE_DOUBLE);
  /* void handler (AdmiraltyZoomPan *zoom_pan, double dx, double dy): move the drawing by
   * (@dx, @dy) widget pixels. */
  signals[SIGNAL_PAN] =
    g_signal_new ("pan", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_DOUBLE, G_TYPE_DOUBLE);
  /* gboolean handler (AdmiraltyZoomPan *zoom_pan, double x, double y): TRUE when a press at
   * widget pixel (@x, @y) means something else to the widget and must not pan. */
  signals[SIGNAL_DENY_PAN] =
    g_signal_new ("deny-pan", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  g_signal_accumulator_true_handled, NULL, NULL,
                  G_TYPE_BOOLEAN, 2, G_TYPE_DOUBLE, G_TYPE_DOUBLE);
}

static void
admiralty_zoom_pan_init (AdmiraltyZoomPan *self)
{
  self->enabled = TRUE;
  self->wheel_step = 1.25;
  self->pinch_scale = 1.0;
}

/* The handlers go with the helper: the widget may outlive it by a few events. */
static void
add_controllers (AdmiraltyZoomPan *self)
{
  GtkEventController *controller;
  GtkGesture *gesture;

  controller = gtk_event_controller_motion_new ();
  g_signal_connect_object (controller, "enter", G_CALLBACK (motion_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (controller, "motion", G_CALLBACK (motion_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (controller, "leave", G_CALLBACK (leave_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (self->widget, controller);

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  g_signal_connect_object (controller, "scroll", G_CALLBACK (scroll_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_widget_add_controller (self->widget, controller);

  self->pinch = gtk_gesture_zoom_new ();
  g_signal_connect_object (self->pinch, "begin", G_CALLBACK (pinch_begin_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->pinch, "scale-changed", G_CALLBACK (pinch_scale_changed_cb),
                           self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (self->widget, GTK_EVENT_CONTROLLER (self->pinch));

  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_PRIMARY);
  g_signal_connect_object (gesture, "drag-begin", G_CALLBACK (drag_begin_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (gesture, "drag-update", G_CALLBACK (drag_update_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (gesture, "drag-end", G_CALLBACK (drag_end_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_widget_add_controller (self->widget, GTK_EVENT_CONTROLLER (gesture));
}

AdmiraltyZoomPan *
admiralty_zoom_pan_new (GtkWidget *widget,
                        double     wheel_step)
{
  AdmiraltyZoomPan *self;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), NULL);
  g_return_val_if_fail (wheel_step > 1.0, NULL);

  self = g_object_new (ADMIRALTY_TYPE_ZOOM_PAN, NULL);
  self->widget = widget;
  self->wheel_step = wheel_step;
  add_controllers (self);
  return self;
}

void
admiralty_zoom_pan_set_enabled (AdmiraltyZoomPan *self,
                                gboolean          enabled)
{
  g_return_if_fail (ADMIRALTY_IS_ZOOM_PAN (self));

  enabled = !!enabled;
  if (self->enabled == enabled)
    return;
  self->enabled = enabled;
  if (!enabled)
    {
      self->dragging = FALSE;
      set_panning (self, FALSE);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENABLED]);
}

gboolean
admiralty_zoom_pan_get_panning (AdmiraltyZoomPan *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_ZOOM_PAN (self), FALSE);

  return self->panning;
}

gboolean
admiralty_zoom_pan_get_panned (AdmiraltyZoomPan *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_ZOOM_PAN (self), FALSE);

  return self->panned;
}

void
admiralty_zoom_pan_get_anchor (AdmiraltyZoomPan *self,
                               double           *x,
                               double           *y)
{
  g_return_if_fail (ADMIRALTY_IS_ZOOM_PAN (self));

  if (self->pointer_inside)
    {
      *x = self->pointer_x;
      *y = self->pointer_y;
    }
  else
    {
      *x = gtk_widget_get_width (self->widget) / 2.0;
      *y = gtk_widget_get_height (self->widget) / 2.0;
    }
}
