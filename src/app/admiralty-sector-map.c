/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-sector-map.c: the strategic sector map widget. The drawing is the sector
 * renderer's; this file keeps the view in step with the allocation and turns pointer, touch
 * and keyboard input into view changes, hover, selection and activation. */

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "admiralty-sector-map.h"

#define PAN_STEP               64.0  /* px an arrow key moves the map */
#define SCROLL_PIXELS_PER_STEP 20.0  /* px of touchpad scrolling worth one wheel notch */
#define MIN_WIDTH             120
#define MIN_HEIGHT             90
#define NATURAL_WIDTH         640
#define NATURAL_HEIGHT        400

struct _AdmiraltySectorMap
{
  GtkWidget            parent_instance;

  AdmScenario         *scenario;
  char                *selected_sector;
  char                *hovered_sector;
  AdmiraltySectorView  view;

  /* Fit again on the next allocation: set until the map has had a size to fit into, and
   * kept while the user has not zoomed or panned, so that a fitted map follows resizes. */
  gboolean             fitted;

  gboolean             pointer_inside;
  double               pointer_x;
  double               pointer_y;

  GtkGesture          *zoom_gesture;
  double               pinch_start_scale;
  gboolean             dragging;       /* a drag past the threshold is panning */
  gboolean             drag_moved;     /* the last press became a pan, not a click */
  double               drag_last_x;    /* the drag's offset already applied */
  double               drag_last_y;
};

G_DEFINE_FINAL_TYPE (AdmiraltySectorMap, admiralty_sector_map, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_SCENARIO,
  PROP_SELECTED_SECTOR,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SECTOR_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* State shared by every input */

static void
update_actions (AdmiraltySectorMap *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  gboolean ready = self->scenario != NULL;

  gtk_widget_action_set_enabled (widget, "map.zoom-in",
                                 ready && self->view.scale < ADMIRALTY_SECTOR_MAX_SCALE);
  gtk_widget_action_set_enabled (widget, "map.zoom-out",
                                 ready && self->view.scale > ADMIRALTY_SECTOR_MIN_SCALE);
  gtk_widget_action_set_enabled (widget, "map.fit", ready);
  gtk_widget_action_set_enabled (widget, "map.pan", ready);
  gtk_widget_action_set_enabled (widget, "map.activate", self->selected_sector != NULL);
}

static void
update_cursor (AdmiraltySectorMap *self)
{
  const char *name = NULL;

  if (self->dragging)
    name = "grabbing";
  else if (self->hovered_sector != NULL)
    name = "pointer";
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), name);
}

static void
set_hovered (AdmiraltySectorMap *self,
             const char         *id)
{
  if (g_strcmp0 (id, self->hovered_sector) == 0)
    return;
  g_free (self->hovered_sector);
  self->hovered_sector = g_strdup (id);
  update_cursor (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The sector under the pointer changes when the map moves under a still pointer too. */
static void
update_hover (AdmiraltySectorMap *self)
{
  AdmSector *sector = NULL;

  if (self->pointer_inside && self->scenario != NULL)
    sector = admiralty_sector_at (&self->view, self->scenario, self->pointer_x, self->pointer_y);
  set_hovered (self, sector != NULL ? sector->id : NULL);
}

static void
view_changed (AdmiraltySectorMap *self)
{
  update_hover (self);
  update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Where keyboard and button zooms keep still: the pointer when it is over the map, else the
 * middle. */
static void
zoom_anchor (AdmiraltySectorMap *self,
             double             *x,
             double             *y)
{
  if (self->pointer_inside)
    {
      *x = self->pointer_x;
      *y = self->pointer_y;
    }
  else
    {
      *x = self->view.width / 2.0;
      *y = self->view.height / 2.0;
    }
}

/* Tooltip */

static const char *
object_kind_label (const char *kind)
{
  if (g_strcmp0 (kind, "planet") == 0)
    return _("Planet");
  if (g_strcmp0 (kind, "station") == 0)
    return _("Station");
  if (g_strcmp0 (kind, "wormhole-exit") == 0)
    return _("Wormhole exit");
  return kind;
}

static void
append_formation (GString            *markup,
                  const AdmFormation *formation)
{
  const char *faction = formation->faction != NULL ? formation->faction->name : "";
  guint ships = formation->ships->len;
  g_autofree char *line = NULL;

  /* Translators: a formation in a sector's tooltip: its name, its faction and its number of
   * ships, "Jade Squadron · Cetaganda · 4 ships" */
  line = g_markup_printf_escaped (ngettext ("%s · %s · %u ship", "%s · %s · %u ships", ships),
                                  formation->name, faction, ships);
  g_string_append_printf (markup, "\n%s", line);
}

char *
admiralty_sector_map_dup_tooltip_markup (AdmiraltySectorMap *self,
                                         const char         *id)
{
  AdmSector *sector;
  GPtrArray *formations;
  GString *markup;
  g_autofree char *name = NULL;

  g_return_val_if_fail (ADMIRALTY_IS_SECTOR_MAP (self), NULL);
  g_return_val_if_fail (id != NULL && self->scenario != NULL, NULL);
  sector = adm_scenario_lookup_sector (self->scenario, id);
  g_return_val_if_fail (sector != NULL, NULL);

  /* The full name: the card may have shrunk or cut it. */
  name = g_markup_printf_escaped ("<b>%s</b>", sector->name);
  markup = g_string_new (name);
  for (guint i = 0; i < sector->objects->len; i++)
    {
      const AdmSectorObject *object = g_ptr_array_index (sector->objects, i);
      /* Translators: an object in a sector's tooltip, "Station: Pol Six" */
      g_autofree char *line = g_markup_printf_escaped (_("%s: %s"),
                                                       object_kind_label (object->kind),
                                                       object->name);

      g_string_append_printf (markup, "\n%s", line);
    }
  formations = adm_scenario_get_formations (self->scenario);
  for (guint i = 0; i < formations->len; i++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, i);

      if (formation->sector == sector)
        append_formation (markup, formation);
    }
  return g_string_free (markup, FALSE);
}

static gboolean
admiralty_sector_map_query_tooltip (GtkWidget  *widget,
                                    int         x,
                                    int         y,
                                    gboolean    keyboard_mode,
                                    GtkTooltip *tooltip)
{
  AdmiraltySectorMap *self = ADMIRALTY_SECTOR_MAP (widget);
  AdmSector *sector = NULL;
  g_autofree char *markup = NULL;
  cairo_rectangle_t rect;

  if (self->scenario == NULL)
    return FALSE;
  if (keyboard_mode)
    sector = self->selected_sector != NULL
             ? adm_scenario_lookup_sector (self->scenario, self->selected_sector) : NULL;
  else
    sector = admiralty_sector_at (&self->view, self->scenario, x, y);
  if (sector == NULL)
    return FALSE;

  markup = admiralty_sector_map_dup_tooltip_markup (self, sector->id);
  gtk_tooltip_set_markup (tooltip, markup);
  /* The tooltip belongs to the card: moving onto the next card asks again. */
  admiralty_sector_node_rect (&self->view, sector, &rect);
  gtk_tooltip_set_tip_area (tooltip, &(GdkRectangle) { (int) rect.x, (int) rect.y,
                                                       (int) rect.width, (int) rect.height });
  return TRUE;
}

/* Pointer and touch */

static gboolean
scroll_cb (AdmiraltySectorMap       *self,
           double                    dx,
           double                    dy,
           GtkEventControllerScroll *controller)
{
  double x, y;

  if (self->scenario == NULL)
    return FALSE;
  /* A touchpad scrolls by pixels, a wheel by notches. */
  if (gtk_event_controller_scroll_get_unit (controller) == GDK_SCROLL_UNIT_SURFACE)
    dy /= SCROLL_PIXELS_PER_STEP;
  zoom_anchor (self, &x, &y);
  admiralty_sector_map_zoom_at (self, pow (ADMIRALTY_SECTOR_MAP_ZOOM_STEP, -dy), x, y);
  return TRUE;
}

static void
pinch_begin_cb (AdmiraltySectorMap *self,
                GdkEventSequence   *sequence,
                GtkGesture         *gesture)
{
  self->pinch_start_scale = self->view.scale;
}

static void
pinch_scale_changed_cb (AdmiraltySectorMap *self,
                        double              scale,
                        GtkGesture         *gesture)
{
  double x, y;

  if (self->scenario == NULL || !gtk_gesture_get_bounding_box_center (gesture, &x, &y))
    return;
  admiralty_sector_map_zoom_at (self, self->pinch_start_scale * scale / self->view.scale, x, y);
}

static void
drag_begin_cb (AdmiraltySectorMap *self,
               double              x,
               double              y,
               GtkGestureDrag     *gesture)
{
  self->dragging = self->drag_moved = FALSE;
  self->drag_last_x = self->drag_last_y = 0.0;
}

static void
drag_update_cb (AdmiraltySectorMap *self,
                double              offset_x,
                double              offset_y,
                GtkGestureDrag     *gesture)
{
  int threshold = 8;

  if (self->scenario == NULL)
    return;
  /* A pinch moves the fingers too: the zoom follows them, so they must not also pan. The
   * zoom gesture is active from the first finger, recognized only with the second. */
  if (gtk_gesture_is_recognized (self->zoom_gesture))
    {
      self->drag_last_x = offset_x;
      self->drag_last_y = offset_y;
      return;
    }
  if (!self->dragging)
    {
      g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)),
                    "gtk-dnd-drag-threshold", &threshold, NULL);
      if (hypot (offset_x, offset_y) < threshold)
        return;
      self->dragging = self->drag_moved = TRUE;
      update_cursor (self);
    }
  admiralty_sector_view_pan (&self->view, offset_x - self->drag_last_x,
                             offset_y - self->drag_last_y);
  self->drag_last_x = offset_x;
  self->drag_last_y = offset_y;
  self->fitted = FALSE;
  view_changed (self);
}

static void
drag_end_cb (AdmiraltySectorMap *self,
             double              offset_x,
             double              offset_y,
             GtkGestureDrag     *gesture)
{
  self->dragging = FALSE;
  update_cursor (self);
}

static void
click_pressed_cb (AdmiraltySectorMap *self,
                  int                 n_press,
                  double              x,
                  double              y,
                  GtkGestureClick    *gesture)
{
  gtk_widget_grab_focus (GTK_WIDGET (self));
  if (n_press == 2)
    admiralty_sector_map_activate_at (self, x, y);
}

/* Selection waits for the release, so that a drag to pan does not select where it began. */
static void
click_released_cb (AdmiraltySectorMap *self,
                   int                 n_press,
                   double              x,
                   double              y,
                   GtkGestureClick    *gesture)
{
  if (n_press == 1 && !self->drag_moved)
    admiralty_sector_map_select_at (self, x, y);
}

static void
motion_cb (AdmiraltySectorMap       *self,
           double                    x,
           double                    y,
           GtkEventControllerMotion *controller)
{
  admiralty_sector_map_hover_at (self, x, y);
}

static void
leave_cb (AdmiraltySectorMap       *self,
          GtkEventControllerMotion *controller)
{
  admiralty_sector_map_hover_leave (self);
}

/* Actions */

static void
zoom_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  AdmiraltySectorMap *self = ADMIRALTY_SECTOR_MAP (widget);
  double factor = g_str_equal (action_name, "map.zoom-in") ? ADMIRALTY_SECTOR_MAP_ZOOM_STEP
                                                            : 1 / ADMIRALTY_SECTOR_MAP_ZOOM_STEP;
  double x, y;

  zoom_anchor (self, &x, &y);
  admiralty_sector_map_zoom_at (self, factor, x, y);
}

static void
fit_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  admiralty_sector_map_fit (ADMIRALTY_SECTOR_MAP (widget));
}

static void
pan_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  AdmiraltySectorMap *self = ADMIRALTY_SECTOR_MAP (widget);
  double dx, dy;

  if (self->scenario == NULL)
    return;
  g_variant_get (parameter, "(dd)", &dx, &dy);
  admiralty_sector_view_pan (&self->view, dx, dy);
  self->fitted = FALSE;
  view_changed (self);
}

static void
activate_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  AdmiraltySectorMap *self = ADMIRALTY_SECTOR_MAP (widget);
  g_autofree char *id = g_strdup (self->selected_sector);

  /* A copy: a handler may well change the selection. */
  if (id != NULL)
    g_signal_emit (self, signals[SECTOR_ACTIVATED], 0, id);
}

/* GtkWidget */

static void
admiralty_sector_map_measure (GtkWidget      *widget,
                              GtkOrientation  orientation,
                              int             for_size,
                              int            *minimum,
                              int            *natural,
                              int            *minimum_baseline,
                              int            *natural_baseline)
{
  gboolean horizontal = orientation == GTK_ORIENTATION_HORIZONTAL;

  *minimum = horizontal ? MIN_WIDTH : MIN_HEIGHT;
  *natural = horizontal ? NATURAL_WIDTH : NATURAL_HEIGHT;
}

static void
admiralty_sector_map_size_allocate (GtkWidget *widget,
                                    int        width,
                                    int        height,
                                    int        baseline)
{
  AdmiraltySectorMap *self = ADMIRALTY_SECTOR_MAP (widget);

  /* The view's centre stays in the middle: a resize shows more or less around it. */
  self->view.width = width;
  self->view.height = height;
  if (self->fitted && self->scenario != NULL)
    admiralty_sector_view_fit (&self->view, self->scenario);
  view_changed (self);
}

static void
admiralty_sector_map_snapshot (GtkWidget   *widget,
                               GtkSnapshot *snapshot)
{
  AdmiraltySectorMap *self = ADMIRALTY_SECTOR_MAP (widget);
  AdmiraltySectorOptions options;
  graphene_rect_t bounds;
  cairo_t *cr;

  if (self->view.width <= 0 || self->view.height <= 0)
    return;
  graphene_rect_init (&bounds, 0, 0, self->view.width, self->view.height);
  if (self->scenario == NULL)
    {
      GdkRGBA background = {
        ((ADMIRALTY_SECTOR_BACKGROUND_RGB >> 16) & 0xff) / 255.0f,
        ((ADMIRALTY_SECTOR_BACKGROUND_RGB >> 8) & 0xff) / 255.0f,
        (ADMIRALTY_SECTOR_BACKGROUND_RGB & 0xff) / 255.0f,
        1.0f,
      };

      gtk_snapshot_append_color (snapshot, &background, &bounds);
      return;
    }
  admiralty_sector_options_init (&options);
  options.selected_sector = self->selected_sector;
  options.hovered_sector = self->hovered_sector;
  cr = gtk_snapshot_append_cairo (snapshot, &bounds);
  admiralty_sector_render (cr, &self->view, self->scenario, &options);
  cairo_destroy (cr);
}

/* GObject */

static void
admiralty_sector_map_dispose (GObject *object)
{
  AdmiraltySectorMap *self = ADMIRALTY_SECTOR_MAP (object);

  g_clear_object (&self->scenario);

  G_OBJECT_CLASS (admiralty_sector_map_parent_class)->dispose (object);
}

static void
admiralty_sector_map_finalize (GObject *object)
{
  AdmiraltySectorMap *self = ADMIRALTY_SECTOR_MAP (object);

  g_free (self->selected_sector);
  g_free (self->hovered_sector);

  G_OBJECT_CLASS (admiralty_sector_map_parent_class)->finalize (object);
}

static void
admiralty_sector_map_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  AdmiraltySectorMap *self = ADMIRALTY_SECTOR_MAP (object);

  switch (prop_id)
    {
    case PROP_SCENARIO:
      g_value_set_object (value, self->scenario);
      break;

    case PROP_SELECTED_SECTOR:
      g_value_set_string (value, self->selected_sector);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
admiralty_sector_map_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  AdmiraltySectorMap *self = ADMIRALTY_SECTOR_MAP (object);

  switch (prop_id)
    {
    case PROP_SCENARIO:
      admiralty_sector_map_set_scenario (self, g_value_get_object (value));
      break;

    case PROP_SELECTED_SECTOR:
      admiralty_sector_map_set_selected_sector (self, g_value_get_string (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
add_key_bindings (GtkWidgetClass *widget_class)
{
  static const guint zoom_in_keys[] = { GDK_KEY_plus, GDK_KEY_equal, GDK_KEY_KP_Add };
  static const guint zoom_out_keys[] = { GDK_KEY_minus, GDK_KEY_KP_Subtract };
  static const guint fit_keys[] = { GDK_KEY_Home, GDK_KEY_KP_Home };
  static const guint activate_keys[] = { GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter };

  for (guint i = 0; i < G_N_ELEMENTS (zoom_in_keys); i++)
    gtk_widget_class_add_binding_action (widget_class, zoom_in_keys[i], 0, "map.zoom-in", NULL);
  for (guint i = 0; i < G_N_ELEMENTS (zoom_out_keys); i++)
    gtk_widget_class_add_binding_action (widget_class, zoom_out_keys[i], 0, "map.zoom-out",
                                         NULL);
  for (guint i = 0; i < G_N_ELEMENTS (fit_keys); i++)
    gtk_widget_class_add_binding_action (widget_class, fit_keys[i], 0, "map.fit", NULL);
  for (guint i = 0; i < G_N_ELEMENTS (activate_keys); i++)
    gtk_widget_class_add_binding_action (widget_class, activate_keys[i], 0, "map.activate",
                                         NULL);
  /* An arrow shows more of the map on its side: the map itself moves the other way. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, 0, "map.pan", "(dd)",
                                       PAN_STEP, 0.0);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, 0, "map.pan", "(dd)",
                                       -PAN_STEP, 0.0);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Up, 0, "map.pan", "(dd)",
                                       0.0, PAN_STEP);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Down, 0, "map.pan", "(dd)",
                                       0.0, -PAN_STEP);
}

static void
admiralty_sector_map_class_init (AdmiraltySectorMapClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = admiralty_sector_map_dispose;
  object_class->finalize = admiralty_sector_map_finalize;
  object_class->get_property = admiralty_sector_map_get_property;
  object_class->set_property = admiralty_sector_map_set_property;

  widget_class->measure = admiralty_sector_map_measure;
  widget_class->size_allocate = admiralty_sector_map_size_allocate;
  widget_class->snapshot = admiralty_sector_map_snapshot;
  widget_class->query_tooltip = admiralty_sector_map_query_tooltip;

  properties[PROP_SCENARIO] =
    g_param_spec_object ("scenario", NULL, NULL,
                         ADM_TYPE_SCENARIO,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SELECTED_SECTOR] =
    g_param_spec_string ("selected-sector", NULL, NULL,
                         NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The user asks for the sector's battle: a double-click on its card, or Enter on the
   * selected one. */
  signals[SECTOR_ACTIVATED] =
    g_signal_new ("sector-activated",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_install_action (widget_class, "map.zoom-in", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "map.zoom-out", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "map.fit", NULL, fit_action);
  gtk_widget_class_install_action (widget_class, "map.pan", "(dd)", pan_action);
  gtk_widget_class_install_action (widget_class, "map.activate", NULL, activate_action);
  add_key_bindings (widget_class);

  gtk_widget_class_set_css_name (widget_class, "sector-map");
}

static void
add_controllers (AdmiraltySectorMap *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkEventController *controller;
  GtkGesture *gesture;

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  g_signal_connect_swapped (controller, "scroll", G_CALLBACK (scroll_cb), self);
  gtk_widget_add_controller (widget, controller);

  self->zoom_gesture = gtk_gesture_zoom_new ();
  g_signal_connect_swapped (self->zoom_gesture, "begin", G_CALLBACK (pinch_begin_cb), self);
  g_signal_connect_swapped (self->zoom_gesture, "scale-changed",
                            G_CALLBACK (pinch_scale_changed_cb), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (self->zoom_gesture));

  gesture = gtk_gesture_drag_new ();
  g_signal_connect_swapped (gesture, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect_swapped (gesture, "drag-update", G_CALLBACK (drag_update_cb), self);
  g_signal_connect_swapped (gesture, "drag-end", G_CALLBACK (drag_end_cb), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_click_new ();
  g_signal_connect_swapped (gesture, "pressed", G_CALLBACK (click_pressed_cb), self);
  g_signal_connect_swapped (gesture, "released", G_CALLBACK (click_released_cb), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));

  controller = gtk_event_controller_motion_new ();
  g_signal_connect_swapped (controller, "enter", G_CALLBACK (motion_cb), self);
  g_signal_connect_swapped (controller, "motion", G_CALLBACK (motion_cb), self);
  g_signal_connect_swapped (controller, "leave", G_CALLBACK (leave_cb), self);
  gtk_widget_add_controller (widget, controller);
}

static void
admiralty_sector_map_init (AdmiraltySectorMap *self)
{
  admiralty_sector_view_init (&self->view, 0, 0);
  self->fitted = TRUE;

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Sector map"),
                                  -1);
  add_controllers (self);
  update_actions (self);
}

/* Public API */

GtkWidget *
admiralty_sector_map_new (void)
{
  return g_object_new (ADMIRALTY_TYPE_SECTOR_MAP, NULL);
}

AdmScenario *
admiralty_sector_map_get_scenario (AdmiraltySectorMap *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_SECTOR_MAP (self), NULL);

  return self->scenario;
}

void
admiralty_sector_map_set_scenario (AdmiraltySectorMap *self,
                                   AdmScenario        *scenario)
{
  g_return_if_fail (ADMIRALTY_IS_SECTOR_MAP (self));
  g_return_if_fail (scenario == NULL || ADM_IS_SCENARIO (scenario));

  if (!g_set_object (&self->scenario, scenario))
    return;

  /* A selection the new map lacks goes; one it has (the same scenario reloaded) stays. */
  if (self->selected_sector != NULL &&
      (scenario == NULL || adm_scenario_lookup_sector (scenario, self->selected_sector) == NULL))
    admiralty_sector_map_set_selected_sector (self, NULL);
  admiralty_sector_map_fit (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCENARIO]);
}

const char *
admiralty_sector_map_get_selected_sector (AdmiraltySectorMap *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_SECTOR_MAP (self), NULL);

  return self->selected_sector;
}

void
admiralty_sector_map_set_selected_sector (AdmiraltySectorMap *self,
                                          const char         *id)
{
  AdmSector *sector = NULL;

  g_return_if_fail (ADMIRALTY_IS_SECTOR_MAP (self));
  if (id != NULL)
    {
      g_return_if_fail (self->scenario != NULL);
      sector = adm_scenario_lookup_sector (self->scenario, id);
      g_return_if_fail (sector != NULL);
    }

  if (g_strcmp0 (id, self->selected_sector) == 0)
    return;
  g_free (self->selected_sector);
  self->selected_sector = g_strdup (id);
  if (sector != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, sector->name,
                                    -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_SECTOR]);
}

const char *
admiralty_sector_map_get_hovered_sector (AdmiraltySectorMap *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_SECTOR_MAP (self), NULL);

  return self->hovered_sector;
}

const AdmiraltySectorView *
admiralty_sector_map_get_view (AdmiraltySectorMap *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_SECTOR_MAP (self), NULL);

  return &self->view;
}

void
admiralty_sector_map_fit (AdmiraltySectorMap *self)
{
  g_return_if_fail (ADMIRALTY_IS_SECTOR_MAP (self));

  /* Before the first allocation there is no size to fit into: size_allocate fits then. */
  self->fitted = TRUE;
  if (self->scenario != NULL && self->view.width > 0 && self->view.height > 0)
    admiralty_sector_view_fit (&self->view, self->scenario);
  view_changed (self);
}

void
admiralty_sector_map_zoom_at (AdmiraltySectorMap *self,
                              double              factor,
                              double              x,
                              double              y)
{
  g_return_if_fail (ADMIRALTY_IS_SECTOR_MAP (self));
  g_return_if_fail (factor > 0);

  if (self->scenario == NULL)
    return;
  admiralty_sector_view_zoom (&self->view, factor, x, y);
  self->fitted = FALSE;
  view_changed (self);
}

gboolean
admiralty_sector_map_select_at (AdmiraltySectorMap *self,
                                double              x,
                                double              y)
{
  AdmSector *sector = NULL;

  g_return_val_if_fail (ADMIRALTY_IS_SECTOR_MAP (self), FALSE);

  if (self->scenario != NULL)
    sector = admiralty_sector_at (&self->view, self->scenario, x, y);
  admiralty_sector_map_set_selected_sector (self, sector != NULL ? sector->id : NULL);
  return sector != NULL;
}

gboolean
admiralty_sector_map_activate_at (AdmiraltySectorMap *self,
                                  double              x,
                                  double              y)
{
  AdmSector *sector = NULL;

  g_return_val_if_fail (ADMIRALTY_IS_SECTOR_MAP (self), FALSE);

  if (self->scenario != NULL)
    sector = admiralty_sector_at (&self->view, self->scenario, x, y);
  if (sector == NULL)
    return FALSE;
  /* The sector activated is the selected one, as with Enter. */
  admiralty_sector_map_set_selected_sector (self, sector->id);
  gtk_widget_activate_action (GTK_WIDGET (self), "map.activate", NULL);
  return TRUE;
}

void
admiralty_sector_map_hover_at (AdmiraltySectorMap *self,
                               double              x,
                               double              y)
{
  g_return_if_fail (ADMIRALTY_IS_SECTOR_MAP (self));

  self->pointer_inside = TRUE;
  self->pointer_x = x;
  self->pointer_y = y;
  update_hover (self);
}

void
admiralty_sector_map_hover_leave (AdmiraltySectorMap *self)
{
  g_return_if_fail (ADMIRALTY_IS_SECTOR_MAP (self));

  self->pointer_inside = FALSE;
  update_hover (self);
}
