/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-table-widget.c: the table renderer in a widget, with the view kept here and
 * changed by the pointer, touch and keys. */

#include "config.h"

#include <math.h>

#include "admiralty-table-widget.h"
#include "admiralty-table-keys.h"
#include "admiralty-table-cache.h"
#include "admiralty-table-tiles.h"
#include "admiralty-zoom-pan.h"

#define WHEEL_ZOOM_STEP 1.15  /* scale factor per wheel notch, or touchpad's worth of one */
#define KEY_ZOOM_STEP   1.25
#define CLICK_SLOP      4.0   /* px a press may move and still be a click */

typedef enum {
  DRAG_NONE,
  DRAG_PAN,      /* the empty table: the zoom-and-pan helper pans it */
  DRAG_PLOT,
  DRAG_RULER,
  DRAG_SHIP,     /* pressed on a ship not selected: a plot once it moves (drag_update_cb ()) */
} DragMode;

struct _AdmiraltyTableWidget
{
  GtkWidget              parent_instance;

  AdmBattle             *battle;
  GSignalGroup          *battle_signals;  /* on the battle shown */
  AdmiraltyTableView     view;
  AdmiraltyTableOptions  options;
  AdmAudience            audience;  /* options.audience's, while one is set */
  gboolean               needs_fit;
  /* The view is as the last fit left it: a resize fits again rather than keep the scale. */
  gboolean               fitted;

  /* The wheel, touchpad, pinch and a drag of the empty table zoom and pan the view. */
  AdmiraltyZoomPan      *zoom_pan;

  /* Dragging: what the drag does — plot the selected ship's course or measure with the
   * ruler (the empty table pans: zoom_pan) — and how far it has gone. */
  DragMode               drag_mode;
  double                 drag_start_x;
  double                 drag_start_y;
  gboolean               ruler_mode;
  gboolean               plotting;
  double                 drag_x;
  double                 drag_y;
  int                    drag_ship;     /* DRAG_SHIP: the ship pressed on */

  /* The table's layers under the overlays, kept while the battle and the view stay. */
  AdmiraltyTableCache   *cache;
  gboolean               uncached;   /* draw every layer every frame */
  AdmiraltyTableTiles   *tiles;      /* the frames' tiles (cached only) */

  /* Controls floating over the table (weak), whose place the figures keep clear of. */
  GtkWidget             *floating;
};

G_DEFINE_FINAL_TYPE (AdmiraltyTableWidget, admiralty_table_widget, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_BATTLE,
  PROP_VIEW_SIDE,
  PROP_SELECTED_SHIP,
  PROP_TARGET_SHIP,
  PROP_RULER,
  PROP_PLOTTING,
  N_PROPS
};

enum {
  SIGNAL_PLOT,
  SIGNAL_SHIP_MENU,
  SIGNAL_DECLARE,
  SIGNAL_NEXT_FIRER,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
admiralty_table_widget_zoom_at (AdmiraltyTableWidget *self,
                                double                factor,
                                double                x,
                                double                y)
{
  if (self->battle == NULL || factor <= 0.0 || !isfinite (factor))
    return;

  admiralty_table_view_zoom (&self->view, factor, x, y);
  self->fitted = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
admiralty_table_widget_pan (AdmiraltyTableWidget *self,
                            double                dx,
                            double                dy)
{
  if (self->battle == NULL)
    return;

  admiralty_table_view_pan (&self->view, dx, dy);
  self->fitted = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
admiralty_table_widget_fit (AdmiraltyTableWidget *self)
{
  g_return_if_fail (ADMIRALTY_IS_TABLE_WIDGET (self));

  if (self->battle == NULL)
    return;

  /* Before the first allocation the view has no size: fit then. */
  if (self->view.width <= 0 || self->view.height <= 0)
    {
      self->needs_fit = TRUE;
      return;
    }

  admiralty_table_view_fit (&self->view, self->battle, &self->options);
  self->needs_fit = FALSE;
  self->fitted = TRUE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
admiralty_table_widget_set_floating (AdmiraltyTableWidget *self,
                                     GtkWidget            *controls)
{
  g_return_if_fail (ADMIRALTY_IS_TABLE_WIDGET (self));
  g_return_if_fail (controls == NULL || GTK_IS_WIDGET (controls));

  if (g_set_weak_pointer (&self->floating, controls))
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The view at @width × @height view pixels, the controls floating over the table kept clear
 * of. */
static void
view_at (AdmiraltyTableWidget *self,
         int                   width,
         int                   height)
{
  graphene_rect_t bounds;

  self->view.width = width;
  self->view.height = height;
  self->options.covered = (cairo_rectangle_t) { 0, 0, 0, 0 };
  if (self->floating != NULL && gtk_widget_get_mapped (self->floating) &&
      gtk_widget_compute_bounds (self->floating, GTK_WIDGET (self), &bounds))
    self->options.covered = (cairo_rectangle_t) { bounds.origin.x, bounds.origin.y,
                                                  bounds.size.width, bounds.size.height };
}

/* The battle's frame at @width × @height drawn into the kept layers and the tiles. */
static void
draw_tiles (AdmiraltyTableWidget *self,
            int                   width,
            int                   height)
{
  int scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));
  cairo_t *cr;

  view_at (self, width, height);
  /* The kept layers are pixels at the display's scale; the frame goes out as tiles, those
   * that did not change as the nodes they were, which GTK does not paint again. */
  admiralty_table_cache_set_device_scale (self->cache, scale);
  cr = admiralty_table_tiles_begin (self->tiles, width, height, scale);
  admiralty_table_render_cached (cr, &self->view, self->battle, &self->options, self->cache);
  admiralty_table_tiles_end (self->tiles, cr);
}

static void
admiralty_table_widget_snapshot (GtkWidget   *widget,
                                 GtkSnapshot *snapshot)
{
  AdmiraltyTableWidget *self = ADMIRALTY_TABLE_WIDGET (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;

  if (self->battle != NULL)
    {
      if (!self->uncached)
        {
          draw_tiles (self, width, height);
          admiralty_table_tiles_append (self->tiles, snapshot);
          return;
        }
      view_at (self, width, height);
      cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
      admiralty_table_render (cr, &self->view, self->battle, &self->options);
    }
  else
    {
      admiralty_table_tiles_clear (self->tiles);
      cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
      cairo_set_source_rgb (cr, ((ADMIRALTY_TABLE_BACKGROUND_RGB >> 16) & 0xff) / 255.0,
                            ((ADMIRALTY_TABLE_BACKGROUND_RGB >> 8) & 0xff) / 255.0,
                            (ADMIRALTY_TABLE_BACKGROUND_RGB & 0xff) / 255.0);
      cairo_paint (cr);
    }
  cairo_destroy (cr);
}

/* Hidden, the table gives back the memory of its frames' tiles. */
static void
admiralty_table_widget_unmap (GtkWidget *widget)
{
  AdmiraltyTableWidget *self = ADMIRALTY_TABLE_WIDGET (widget);

  if (self->tiles != NULL)
    admiralty_table_tiles_clear (self->tiles);
  GTK_WIDGET_CLASS (admiralty_table_widget_parent_class)->unmap (widget);
}

/* The first allocation frames the battle, and so does a resize while the master has not
 * zoomed or panned since; otherwise resizing keeps the table point at the centre where it
 * is. */
static void
admiralty_table_widget_size_allocate (GtkWidget *widget,
                                      int        width,
                                      int        height,
                                      int        baseline)
{
  AdmiraltyTableWidget *self = ADMIRALTY_TABLE_WIDGET (widget);

  gboolean resized = self->view.width != width || self->view.height != height;

  self->view.width = width;
  self->view.height = height;
  if ((self->needs_fit || (self->fitted && resized)) && self->battle != NULL
      && width > 0 && height > 0)
    admiralty_table_widget_fit (self);
}

static void
admiralty_table_widget_measure (GtkWidget      *widget,
                                GtkOrientation  orientation,
                                int             for_size,
                                int            *minimum,
                                int            *natural,
                                int            *minimum_baseline,
                                int            *natural_baseline)
{
  *minimum = 160;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 800 : 600;
}

static void
battle_changed_cb (AdmiraltyTableWidget *self,
                   AdmBattle            *battle)
{
  /* An undo may take a ship back off the table; a selection then points at nothing seen. */
  if (self->options.selected_ship >= (int) adm_battle_get_n_ships (battle))
    admiralty_table_widget_set_selected_ship (self, -1);
  admiralty_table_cache_invalidate (self->cache);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
zoom_cb (AdmiraltyTableWidget *self,
         double                factor,
         double                x,
         double                y,
         AdmiraltyZoomPan     *zoom_pan)
{
  admiralty_table_widget_zoom_at (self, factor, x, y);
}

static void
pan_cb (AdmiraltyTableWidget *self,
        double                dx,
        double                dy,
        AdmiraltyZoomPan     *zoom_pan)
{
  admiralty_table_widget_pan (self, dx, dy);
}

/* The centre of the visible ship under pixel (@x, @y), or the table point there: the ruler
 * measures centre to centre (F-FIRE-13 as ruled). */
static AdmPoint
snap_point (AdmiraltyTableWidget *self,
            double                x,
            double                y)
{
  int ship = admiralty_table_ship_at (&self->view, self->battle, &self->options, x, y);

  if (ship >= 0)
    return adm_battle_get_ship (self->battle, ship)->position;
  return admiralty_table_view_to_table (&self->view, x, y);
}

/* Whether (@x, @y) is on the end of the course being plotted: a drag from there adds a leg,
 * as one from the ship does. */
static gboolean
at_course_end (AdmiraltyTableWidget *self,
               double                x,
               double                y)
{
  const AdmMovePreview *preview;
  AdmPoint end;
  double ex, ey, reach;

  if (self->options.move_previews == NULL || self->options.editing_move < 0 ||
      (guint) self->options.editing_move >= self->options.move_previews->len)
    return FALSE;
  preview = g_ptr_array_index (self->options.move_previews, self->options.editing_move);
  if (preview->path == NULL || preview->path->len < 2)
    return FALSE;
  end = g_array_index (preview->path, AdmPoint, preview->path->len - 1);
  admiralty_table_view_to_pixels (&self->view, end, &ex, &ey);
  reach = MAX (12.0, 1.25 * self->view.scale);
  return hypot (x - ex, y - ey) <= reach;
}

/* What a drag from pixel (@x, @y) does, and the ship pressed on (or -1) in @ship. */
static DragMode
press_mode (AdmiraltyTableWidget *self,
            double                x,
            double                y,
            int                  *ship)
{
  *ship = -1;
  if (self->battle == NULL)
    return DRAG_NONE;

  *ship = admiralty_table_ship_at (&self->view, self->battle, &self->options, x, y);
  if (self->ruler_mode)
    return DRAG_RULER;
  if (self->plotting && self->options.selected_ship >= 0 &&
      (*ship == self->options.selected_ship || at_course_end (self, x, y)))
    return DRAG_PLOT;
  /* A ship dragged without a click first: selected as the drag goes, and its course
   * plotted; a press that does not move stays a click (a target, a selection). */
  if (self->plotting && *ship >= 0)
    return DRAG_SHIP;
  if (*ship < 0)
    return DRAG_PAN;
  return DRAG_NONE;
}

/* Only a drag of the empty table pans. */
static gboolean
deny_pan_cb (AdmiraltyTableWidget *self,
             double                x,
             double                y,
             AdmiraltyZoomPan     *zoom_pan)
{
  int ship;

  return press_mode (self, x, y, &ship) != DRAG_PAN;
}

static void
drag_begin_cb (AdmiraltyTableWidget *self,
               double                x,
               double                y,
               GtkGestureDrag       *gesture)
{
  int ship;

  self->drag_x = 0.0;
  self->drag_y = 0.0;
  self->drag_start_x = x;
  self->drag_start_y = y;
  self->drag_mode = press_mode (self, x, y, &ship);
  switch (self->drag_mode)
    {
    case DRAG_RULER:
      self->options.ruler = TRUE;
      self->options.ruler_from = snap_point (self, x, y);
      self->options.ruler_to = self->options.ruler_from;
      gtk_widget_queue_draw (GTK_WIDGET (self));
      break;
    case DRAG_SHIP:
      self->drag_ship = ship;
      break;
    case DRAG_PAN:
    case DRAG_PLOT:
    case DRAG_NONE:
    default:
      break;
    }
}

static void
drag_update_cb (AdmiraltyTableWidget *self,
                double                offset_x,
                double                offset_y,
                GtkGestureDrag       *gesture)
{
  double x = self->drag_start_x + offset_x, y = self->drag_start_y + offset_y;

  if (self->drag_mode == DRAG_SHIP && hypot (offset_x, offset_y) > CLICK_SLOP)
    {
      admiralty_table_widget_set_selected_ship (self, self->drag_ship);
      self->drag_mode = self->options.selected_ship == self->drag_ship ? DRAG_PLOT : DRAG_NONE;
    }
  switch (self->drag_mode)
    {
    case DRAG_SHIP:
    case DRAG_PAN:
      break;
    case DRAG_PLOT:
      {
        AdmPoint point = admiralty_table_view_to_table (&self->view, x, y);

        g_signal_emit (self, signals[SIGNAL_PLOT], 0, point.x, point.y, FALSE);
      }
      break;
    case DRAG_RULER:
      self->options.ruler_to = snap_point (self, x, y);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      break;
    case DRAG_NONE:
    default:
      break;
    }
  self->drag_x = offset_x;
  self->drag_y = offset_y;
}

static void
drag_end_cb (AdmiraltyTableWidget *self,
             double                offset_x,
             double                offset_y,
             GtkGestureDrag       *gesture)
{
  double x = self->drag_start_x + offset_x, y = self->drag_start_y + offset_y;

  if (self->drag_mode == DRAG_PLOT)
    {
      AdmPoint point = admiralty_table_view_to_table (&self->view, x, y);

      g_signal_emit (self, signals[SIGNAL_PLOT], 0, point.x, point.y, TRUE);
    }
  self->drag_mode = DRAG_NONE;
}

static gboolean
is_highlighted (AdmiraltyTableWidget *self,
                int                   ship)
{
  if (self->options.highlight_ships == NULL || ship < 0)
    return FALSE;
  for (guint i = 0; i < self->options.highlight_ships->len; i++)
    if (g_array_index (self->options.highlight_ships, guint, i) == (guint) ship)
      return TRUE;
  return FALSE;
}

/* A click (the pointer did not move far: GtkGestureClick gives up then) selects the ship
 * under it, or clears the selection on the empty table. A click soon after another on the
 * same spot is one too: a master aiming two shooters at one target in quick succession
 * clicks it twice within the double-click time, and a double-click means nothing else here. */
static void
click_released_cb (AdmiraltyTableWidget *self,
                   int                   n_press,
                   double                x,
                   double                y,
                   GtkGestureClick      *gesture)
{
  int ship;

  if (self->battle == NULL || self->ruler_mode)
    return;
  /* The end of a drag that went somewhere is not a click. */
  if (hypot (self->drag_x, self->drag_y) > CLICK_SLOP)
    return;

  gtk_widget_grab_focus (GTK_WIDGET (self));
  ship = admiralty_table_ship_at (&self->view, self->battle, &self->options, x, y);
  /* With a shooter selected, a click on one of its possible targets aims at it; any other
   * click selects, and so does a Ctrl+click on any ship: the next firer chosen by hand is
   * never mistaken for a target. */
  if (self->options.selected_ship >= 0 && is_highlighted (self, ship) &&
      (gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture)) &
       GDK_CONTROL_MASK) == 0)
    admiralty_table_widget_set_target_ship (self, ship);
  else
    admiralty_table_widget_set_selected_ship (self, ship);
}

/* A secondary click (or a long press) on a ship selects it and asks for its menu. */
static void
menu_pressed_cb (AdmiraltyTableWidget *self,
                 int                   n_press,
                 double                x,
                 double                y,
                 GtkGestureClick      *gesture)
{
  int ship;

  if (self->battle == NULL)
    return;
  ship = admiralty_table_ship_at (&self->view, self->battle, &self->options, x, y);
  if (ship < 0)
    return;
  gtk_widget_grab_focus (GTK_WIDGET (self));
  admiralty_table_widget_set_selected_ship (self, ship);
  g_signal_emit (self, signals[SIGNAL_SHIP_MENU], 0, ship, x, y);
}

static void
long_pressed_cb (AdmiraltyTableWidget *self,
                 double                x,
                 double                y,
                 GtkGestureLongPress  *gesture)
{
  menu_pressed_cb (self, 1, x, y, NULL);
}

static void
clear_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  AdmiraltyTableWidget *self = ADMIRALTY_TABLE_WIDGET (widget);

  /* Escape: first the target, then the ruler, then the selection. */
  if (self->options.target_ship >= 0)
    admiralty_table_widget_set_target_ship (self, -1);
  else if (self->ruler_mode || self->options.ruler)
    admiralty_table_widget_set_ruler (self, FALSE);
  else
    admiralty_table_widget_set_selected_ship (self, -1);
}

/* Tab: the next ship with fire to declare selected ("next-firer"); when there is none, Tab
 * moves the focus on as anywhere else. */
static gboolean
next_firer_binding (GtkWidget *widget,
                    GVariant  *args,
                    gpointer   user_data)
{
  gboolean handled = FALSE;

  g_signal_emit (widget, signals[SIGNAL_NEXT_FIRER], 0, &handled);
  return handled;
}

/* Return: the aimed fire declared ("declare"), when a target is chosen. */
static void
declare_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  AdmiraltyTableWidget *self = ADMIRALTY_TABLE_WIDGET (widget);

  if (self->options.selected_ship >= 0 && self->options.target_ship >= 0)
    g_signal_emit (self, signals[SIGNAL_DECLARE], 0);
}

static void
zoom_in_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  AdmiraltyTableWidget *self = ADMIRALTY_TABLE_WIDGET (widget);

  admiralty_table_widget_zoom_at (self, KEY_ZOOM_STEP, self->view.width / 2.0,
                                  self->view.height / 2.0);
}

static void
zoom_out_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  AdmiraltyTableWidget *self = ADMIRALTY_TABLE_WIDGET (widget);

  admiralty_table_widget_zoom_at (self, 1.0 / KEY_ZOOM_STEP, self->view.width / 2.0,
                                  self->view.height / 2.0);
}

static void
fit_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  admiralty_table_widget_fit (ADMIRALTY_TABLE_WIDGET (widget));
}

static void
pan_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  double dx, dy;

  g_variant_get (parameter, "(dd)", &dx, &dy);
  admiralty_table_widget_pan (ADMIRALTY_TABLE_WIDGET (widget), dx, dy);
}

static void
admiralty_table_widget_update_actions (AdmiraltyTableWidget *self)
{
  gboolean has_battle = self->battle != NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "table.zoom-in", has_battle);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "table.zoom-out", has_battle);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "table.fit", has_battle);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "table.pan", has_battle);
}

static void
admiralty_table_widget_dispose (GObject *object)
{
  AdmiraltyTableWidget *self = ADMIRALTY_TABLE_WIDGET (object);

  g_signal_group_set_target (self->battle_signals, NULL);
  g_clear_object (&self->battle);
  g_clear_pointer (&self->cache, admiralty_table_cache_free);
  g_clear_pointer (&self->tiles, admiralty_table_tiles_free);
  g_clear_weak_pointer (&self->floating);

  G_OBJECT_CLASS (admiralty_table_widget_parent_class)->dispose (object);
}

static void
admiralty_table_widget_finalize (GObject *object)
{
  AdmiraltyTableWidget *self = ADMIRALTY_TABLE_WIDGET (object);

  g_clear_object (&self->battle_signals);
  g_clear_object (&self->zoom_pan);

  G_OBJECT_CLASS (admiralty_table_widget_parent_class)->finalize (object);
}

static void
admiralty_table_widget_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  AdmiraltyTableWidget *self = ADMIRALTY_TABLE_WIDGET (object);

  switch (prop_id)
    {
    case PROP_BATTLE:
      g_value_set_object (value, self->battle);
      break;
    case PROP_VIEW_SIDE:
      g_value_set_int (value, self->options.view_side);
      break;
    case PROP_SELECTED_SHIP:
      g_value_set_int (value, self->options.selected_ship);
      break;
    case PROP_TARGET_SHIP:
      g_value_set_int (value, self->options.target_ship);
      break;
    case PROP_RULER:
      g_value_set_boolean (value, self->ruler_mode);
      break;
    case PROP_PLOTTING:
      g_value_set_boolean (value, self->plotting);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
admiralty_table_widget_set_property (GObject      *object,
                                     guint         prop_id,
                                     const GValue *value,
                                     GParamSpec   *pspec)
{
  AdmiraltyTableWidget *self = ADMIRALTY_TABLE_WIDGET (object);

  switch (prop_id)
    {
    case PROP_BATTLE:
      admiralty_table_widget_set_battle (self, g_value_get_object (value));
      break;
    case PROP_VIEW_SIDE:
      admiralty_table_widget_set_view_side (self, g_value_get_int (value));
      break;
    case PROP_SELECTED_SHIP:
      admiralty_table_widget_set_selected_ship (self, g_value_get_int (value));
      break;
    case PROP_TARGET_SHIP:
      admiralty_table_widget_set_target_ship (self, g_value_get_int (value));
      break;
    case PROP_RULER:
      admiralty_table_widget_set_ruler (self, g_value_get_boolean (value));
      break;
    case PROP_PLOTTING:
      self->plotting = g_value_get_boolean (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
admiralty_table_widget_class_install_keys (GtkWidgetClass *widget_class)
{
  static const guint zoom_in_keys[] = { GDK_KEY_plus, GDK_KEY_equal, GDK_KEY_KP_Add };
  static const guint zoom_out_keys[] = { GDK_KEY_minus, GDK_KEY_KP_Subtract };

  for (guint i = 0; i < G_N_ELEMENTS (zoom_in_keys); i++)
    {
      gtk_widget_class_add_binding_action (widget_class, zoom_in_keys[i], 0, "table.zoom-in",
                                           NULL);
      gtk_widget_class_add_binding_action (widget_class, zoom_in_keys[i], GDK_CONTROL_MASK,
                                           "table.zoom-in", NULL);
    }
  for (guint i = 0; i < G_N_ELEMENTS (zoom_out_keys); i++)
    {
      gtk_widget_class_add_binding_action (widget_class, zoom_out_keys[i], 0, "table.zoom-out",
                                           NULL);
      gtk_widget_class_add_binding_action (widget_class, zoom_out_keys[i], GDK_CONTROL_MASK,
                                           "table.zoom-out", NULL);
    }
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0, 0, "table.fit", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, 0, "table.declare", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Enter, 0, "table.declare", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0, GDK_CONTROL_MASK, "table.fit",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_0, 0, "table.fit", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, 0, "table.ruler", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "table.clear", NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Tab, 0, next_firer_binding, NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_KP_Tab, 0, next_firer_binding, NULL);
}

static void
admiralty_table_widget_class_init (AdmiraltyTableWidgetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = admiralty_table_widget_dispose;
  object_class->finalize = admiralty_table_widget_finalize;
  object_class->get_property = admiralty_table_widget_get_property;
  object_class->set_property = admiralty_table_widget_set_property;
  widget_class->snapshot = admiralty_table_widget_snapshot;
  widget_class->unmap = admiralty_table_widget_unmap;
  widget_class->size_allocate = admiralty_table_widget_size_allocate;
  widget_class->measure = admiralty_table_widget_measure;

  properties[PROP_BATTLE] =
    g_param_spec_object ("battle", NULL, NULL, ADM_TYPE_BATTLE,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_VIEW_SIDE] =
    g_param_spec_int ("view-side", NULL, NULL, -1, G_MAXINT, -1,
                      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_SELECTED_SHIP] =
    g_param_spec_int ("selected-ship", NULL, NULL, -1, G_MAXINT, -1,
                      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  /* The ship the selected one aims at: a click on a highlighted ship sets it. */
  properties[PROP_TARGET_SHIP] =
    g_param_spec_int ("target-ship", NULL, NULL, -1, G_MAXINT, -1,
                      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  /* Dragging measures, centre to centre, instead of panning or plotting. */
  properties[PROP_RULER] =
    g_param_spec_boolean ("ruler", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  /* Dragging the selected ship plots its course: "plot" is emitted. */
  properties[PROP_PLOTTING] =
    g_param_spec_boolean ("plotting", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* void handler (AdmiraltyTableWidget *table, double x, double y, gboolean done): the
   * selected ship is dragged to the table point (x, y) cm; @done on release. */
  signals[SIGNAL_PLOT] =
    g_signal_new ("plot", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 3, G_TYPE_DOUBLE, G_TYPE_DOUBLE, G_TYPE_BOOLEAN);
  /* void handler (AdmiraltyTableWidget *table, int ship, double x, double y): a secondary
   * click or long press on @ship, now selected, at widget pixel (x, y). */
  signals[SIGNAL_SHIP_MENU] =
    g_signal_new ("ship-menu", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 3, G_TYPE_INT, G_TYPE_DOUBLE, G_TYPE_DOUBLE);

  gtk_widget_class_install_property_action (widget_class, "table.ruler", "ruler");
  /* void handler (AdmiraltyTableWidget *table): Return with a shooter and a target chosen,
   * the fire between them to be declared. */
  signals[SIGNAL_DECLARE] =
    g_signal_new ("declare", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 0);

  /* gboolean handler (AdmiraltyTableWidget *table): Tab, the next ship with fire to declare
   * to be selected; TRUE when one was. */
  signals[SIGNAL_NEXT_FIRER] =
    g_signal_new ("next-firer", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  g_signal_accumulator_true_handled, NULL, NULL, G_TYPE_BOOLEAN, 0);

  gtk_widget_class_install_action (widget_class, "table.clear", NULL, clear_action);
  gtk_widget_class_install_action (widget_class, "table.declare", NULL, declare_action);
  gtk_widget_class_install_action (widget_class, "table.zoom-in", NULL, zoom_in_action);
  gtk_widget_class_install_action (widget_class, "table.zoom-out", NULL, zoom_out_action);
  gtk_widget_class_install_action (widget_class, "table.fit", NULL, fit_action);
  gtk_widget_class_install_action (widget_class, "table.pan", "(dd)", pan_action);
  admiralty_table_widget_class_install_keys (widget_class);
  /* The arrows, T and Ctrl with the arrows: admiralty-table-keys.c. */
  admiralty_table_keys_install (widget_class);

  gtk_widget_class_set_css_name (widget_class, "tacticaltable");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
admiralty_table_widget_init (AdmiraltyTableWidget *self)
{
  GtkGesture *gesture;

  self->cache = admiralty_table_cache_new ();
  self->tiles = admiralty_table_tiles_new ();
  self->battle_signals = g_signal_group_new (ADM_TYPE_BATTLE);
  g_signal_group_connect_object (self->battle_signals, "changed", G_CALLBACK (battle_changed_cb),
                                 self, G_CONNECT_SWAPPED);

  admiralty_table_view_init (&self->view, 0, 0);
  admiralty_table_options_init (&self->options);
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_focus_on_click (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);

  self->zoom_pan = admiralty_zoom_pan_new (GTK_WIDGET (self), WHEEL_ZOOM_STEP);
  admiralty_zoom_pan_set_enabled (self->zoom_pan, FALSE);
  g_signal_connect_object (self->zoom_pan, "zoom", G_CALLBACK (zoom_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->zoom_pan, "pan", G_CALLBACK (pan_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->zoom_pan, "deny-pan", G_CALLBACK (deny_pan_cb), self,
                           G_CONNECT_SWAPPED);

  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_PRIMARY);
  g_signal_connect_swapped (gesture, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect_swapped (gesture, "drag-update", G_CALLBACK (drag_update_cb), self);
  g_signal_connect_swapped (gesture, "drag-end", G_CALLBACK (drag_end_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_SECONDARY);
  g_signal_connect_swapped (gesture, "pressed", G_CALLBACK (menu_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_long_press_new ();
  gtk_gesture_single_set_touch_only (GTK_GESTURE_SINGLE (gesture), TRUE);
  g_signal_connect_swapped (gesture, "pressed", G_CALLBACK (long_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_PRIMARY);
  g_signal_connect_swapped (gesture, "released", G_CALLBACK (click_released_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  admiralty_table_widget_update_actions (self);
  admiralty_table_keys_attach (self);
}

GtkWidget *
admiralty_table_widget_new (void)
{
  return g_object_new (ADMIRALTY_TYPE_TABLE_WIDGET, NULL);
}

AdmBattle *
admiralty_table_widget_get_battle (AdmiraltyTableWidget *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_TABLE_WIDGET (self), NULL);

  return self->battle;
}

void
admiralty_table_widget_set_battle (AdmiraltyTableWidget *self,
                                   AdmBattle            *battle)
{
  g_return_if_fail (ADMIRALTY_IS_TABLE_WIDGET (self));
  g_return_if_fail (battle == NULL || ADM_IS_BATTLE (battle));

  if (self->battle == battle)
    return;

  g_set_object (&self->battle, battle);
  g_signal_group_set_target (self->battle_signals, battle);
  admiralty_table_cache_invalidate (self->cache);

  admiralty_table_widget_set_selected_ship (self, -1);
  admiralty_table_widget_set_view_side (self, -1);
  self->options.audience = NULL;
  admiralty_table_widget_fit (self);
  admiralty_table_widget_update_actions (self);
  admiralty_zoom_pan_set_enabled (self->zoom_pan, battle != NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BATTLE]);
}

void
admiralty_table_widget_prepare (AdmiraltyTableWidget *self,
                                int                   width,
                                int                   height)
{
  g_return_if_fail (ADMIRALTY_IS_TABLE_WIDGET (self));

  if (self->battle == NULL || self->uncached || width <= 0 || height <= 0 ||
      gtk_widget_get_mapped (GTK_WIDGET (self)))
    return;
  /* Framed as the allocation at that size frames it, then drawn as its snapshot draws. */
  admiralty_table_widget_size_allocate (GTK_WIDGET (self), width, height, -1);
  draw_tiles (self, width, height);
}

void
admiralty_table_widget_set_cached (AdmiraltyTableWidget *self,
                                   gboolean              cached)
{
  g_return_if_fail (ADMIRALTY_IS_TABLE_WIDGET (self));

  self->uncached = !cached;
  admiralty_table_cache_invalidate (self->cache);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

int
admiralty_table_widget_get_view_side (AdmiraltyTableWidget *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_TABLE_WIDGET (self), -1);

  return self->options.view_side;
}

void
admiralty_table_widget_set_view_side (AdmiraltyTableWidget *self,
                                      int                   side)
{
  g_return_if_fail (ADMIRALTY_IS_TABLE_WIDGET (self));
  g_return_if_fail (side >= -1);

  if (self->options.view_side == side)
    return;

  self->options.view_side = side;
  /* A ship the new viewer does not see face up cannot stay selected: its arcs would tell. */
  if (self->battle != NULL && self->options.selected_ship >= 0
      && admiralty_table_ship_face (self->battle, self->options.selected_ship, side)
         != ADMIRALTY_TOKEN_FACE_UP)
    admiralty_table_widget_set_selected_ship (self, -1);
  gtk_widget_queue_draw (GTK_WIDGET (self));

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VIEW_SIDE]);
}

void
admiralty_table_widget_set_audience (AdmiraltyTableWidget *self,
                                     const AdmAudience    *audience)
{
  g_return_if_fail (ADMIRALTY_IS_TABLE_WIDGET (self));

  if (audience != NULL)
    self->audience = *audience;
  self->options.audience = audience != NULL ? &self->audience : NULL;
  /* As for a new view side: no ship stays selected that this audience does not see face up. */
  if (self->battle != NULL && self->options.selected_ship >= 0 &&
      admiralty_table_ship_face_to (self->battle, self->options.selected_ship,
                                    admiralty_table_options_audience (self->battle,
                                                                      &self->options))
      != ADMIRALTY_TOKEN_FACE_UP)
    admiralty_table_widget_set_selected_ship (self, -1);
  self->needs_fit = TRUE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

int
admiralty_table_widget_get_selected_ship (AdmiraltyTableWidget *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_TABLE_WIDGET (self), -1);

  return self->options.selected_ship;
}

void
admiralty_table_widget_set_selected_ship (AdmiraltyTableWidget *self,
                                          int                   ship)
{
  g_return_if_fail (ADMIRALTY_IS_TABLE_WIDGET (self));
  g_return_if_fail (ship >= -1);

  if (self->options.selected_ship == ship)
    return;

  self->options.selected_ship = ship;
  gtk_widget_queue_draw (GTK_WIDGET (self));

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_SHIP]);
  /* A new shooter aims afresh. */
  admiralty_table_widget_set_target_ship (self, -1);
}

int
admiralty_table_widget_get_target_ship (AdmiraltyTableWidget *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_TABLE_WIDGET (self), -1);

  return self->options.target_ship;
}

void
admiralty_table_widget_set_target_ship (AdmiraltyTableWidget *self,
                                        int                   ship)
{
  g_return_if_fail (ADMIRALTY_IS_TABLE_WIDGET (self));
  g_return_if_fail (ship >= -1);

  if (self->options.target_ship == ship)
    return;

  self->options.target_ship = ship;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TARGET_SHIP]);
}

void
admiralty_table_widget_set_aim (AdmiraltyTableWidget *self,
                                const AdmPoint       *aim)
{
  g_return_if_fail (ADMIRALTY_IS_TABLE_WIDGET (self));

  if (aim == NULL ? !self->options.aiming
                  : self->options.aiming && self->options.aim.x == aim->x &&
                    self->options.aim.y == aim->y)
    return;
  self->options.aiming = aim != NULL;
  if (aim != NULL)
    self->options.aim = *aim;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
admiralty_table_widget_set_ruler (AdmiraltyTableWidget *self,
                                  gboolean              ruler)
{
  g_return_if_fail (ADMIRALTY_IS_TABLE_WIDGET (self));

  ruler = !!ruler;
  /* Leaving the ruler takes its line away. */
  if (!ruler && self->options.ruler)
    {
      self->options.ruler = FALSE;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
  if (self->ruler_mode == ruler)
    return;
  self->ruler_mode = ruler;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RULER]);
}

void
admiralty_table_widget_set_inches (AdmiraltyTableWidget *self,
                                   gboolean              inches)
{
  g_return_if_fail (ADMIRALTY_IS_TABLE_WIDGET (self));

  self->options.inches = !!inches;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
admiralty_table_widget_measure_between (AdmiraltyTableWidget *self,
                                        AdmPoint              from,
                                        AdmPoint              to)
{
  g_return_if_fail (ADMIRALTY_IS_TABLE_WIDGET (self));

  self->options.ruler = TRUE;
  self->options.ruler_from = from;
  self->options.ruler_to = to;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
admiralty_table_widget_set_overlays (AdmiraltyTableWidget *self,
                                     GPtrArray            *move_previews,
                                     int                   editing_move,
                                     GArray               *highlight_ships,
                                     const AdmTurnOrders  *orders)
{
  g_return_if_fail (ADMIRALTY_IS_TABLE_WIDGET (self));

  self->options.move_previews = move_previews;
  self->options.editing_move = editing_move;
  self->options.highlight_ships = highlight_ships;
  self->options.orders = orders;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
admiralty_table_widget_set_ghost_move (AdmiraltyTableWidget *self,
                                       gboolean              ghost)
{
  g_return_if_fail (ADMIRALTY_IS_TABLE_WIDGET (self));

  if (self->options.ghost_move == ghost)
    return;
  self->options.ghost_move = ghost;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const AdmiraltyTableView *
admiralty_table_widget_get_view (AdmiraltyTableWidget *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_TABLE_WIDGET (self), NULL);

  return &self->view;
}

const AdmiraltyTableOptions *
admiralty_table_widget_get_options (AdmiraltyTableWidget *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_TABLE_WIDGET (self), NULL);

  return &self->options;
}
