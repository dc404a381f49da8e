/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-zoom-pan.h: how the pointer and touch zoom and pan a drawn view — the tactical
 * table and the sector map alike. It adds its controllers to a widget (the scroll wheel and
 * touchpad, a two-finger pinch, a drag of the primary button or one finger) and tells what
 * they mean in the widget's pixels: "zoom" (factor, x, y) keeps the point under (x, y) still,
 * "pan" (dx, dy) moves the drawing; the widget applies them to its own view.
 *
 * One behaviour for every view: a wheel notch zooms by the step given; a touchpad, which
 * scrolls by pixels, zooms by one step for every ADMIRALTY_ZOOM_PAN_SCROLL_PIXELS_PER_STEP
 * pixels; a pinch zooms about the middle of the fingers; a drag pans once it has gone past
 * GTK's drag threshold, and never while a pinch is under way (the fingers move then too).
 * A widget that gives a press on something of its own another meaning (a ship to plot, the
 * ruler) refuses the pan with "deny-pan". The scroll zooms about the pointer, or about the
 * middle when the pointer is elsewhere (admiralty_zoom_pan_get_anchor ()). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Pixels of touchpad scrolling worth one wheel notch. */
#define ADMIRALTY_ZOOM_PAN_SCROLL_PIXELS_PER_STEP 20.0

#define ADMIRALTY_TYPE_ZOOM_PAN (admiralty_zoom_pan_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyZoomPan, admiralty_zoom_pan, ADMIRALTY, ZOOM_PAN, GObject)

/* The zoom and pan of @widget, a wheel notch zooming by @wheel_step (> 1). @widget keeps the
 * returned reference; the helper does not keep one on @widget. */
AdmiraltyZoomPan *admiralty_zoom_pan_new          (GtkWidget        *widget,
                                                   double            wheel_step)
    G_GNUC_WARN_UNUSED_RESULT;
/* Whether the input zooms and pans (the widget has something to show): when not, a scroll
 * goes on to the widgets around. */
void              admiralty_zoom_pan_set_enabled  (AdmiraltyZoomPan *self,
                                                   gboolean          enabled);
/* Whether a drag is panning now ("panning" notifies). */
gboolean          admiralty_zoom_pan_get_panning  (AdmiraltyZoomPan *self);
/* Whether the last press of the button or finger became a pan: its release is no click. */
gboolean          admiralty_zoom_pan_get_panned   (AdmiraltyZoomPan *self);
/* Where a zoom by scroll keeps still, in widget pixels: the pointer when it is over the
 * widget, else the middle. */
void              admiralty_zoom_pan_get_anchor   (AdmiraltyZoomPan *self,
                                                   double           *x,
                                                   double           *y);
/* The factor a scroll of @dy in @unit zooms by with @wheel_step a notch: away from the
 * master (dy < 0) zooms in; smooth wheels give fractions of a notch. */
double            admiralty_zoom_pan_scroll_factor (double           wheel_step,
                                                   double           dy,
                                                   GdkScrollUnit    unit);

G_END_DECLS
