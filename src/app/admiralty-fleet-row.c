/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-fleet-row.c: shows a node's name and, for ships, hull and readiness. */

#include "config.h"

#include <glib/gi18n.h>

#include "admiralty-fleet-row.h"

struct _AdmiraltyFleetRow
{
  GtkWidget           parent_instance;

  AdmiraltyFleetNode *node;
  gulong              notify_id;
  char               *faction_class;

  GtkLabel           *title_label;
  GtkLabel           *subtitle_label;

  /* Made when first shown (admiralty_fleet_row_update ()); owned by the row as its children. */
  GtkWidget          *dot;
  GtkWidget          *flagship_icon;
  GtkLevelBar        *hull_bar;
  GtkLabel           *hull_label;
  GtkLabel           *readiness_label;
};

G_DEFINE_FINAL_TYPE (AdmiraltyFleetRow, admiralty_fleet_row, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_NODE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* A row's optional children, made the first time the row shows one, as the template made
 * them before; the row keeps them, hidden, when it is bound to another node. */
static GtkWidget *
ensure_dot (AdmiraltyFleetRow *self)
{
  if (self->dot == NULL)
    {
      self->dot = g_object_new (GTK_TYPE_BOX,
                                "valign", GTK_ALIGN_CENTER,
                                "halign", GTK_ALIGN_CENTER,
                                NULL);
      gtk_widget_add_css_class (self->dot, "faction-dot");
      if (self->faction_class != NULL)
        gtk_widget_add_css_class (self->dot, self->faction_class);
      gtk_widget_insert_after (self->dot, GTK_WIDGET (self), NULL);
    }
  return self->dot;
}

/* Adwaita's star, pre-rendered for 12 pixels (resources/admiralty.gresource.xml): no SVG to
 * load for a campaign's first frame. */
static GtkWidget *
ensure_flagship_icon (AdmiraltyFleetRow *self)
{
  if (self->flagship_icon == NULL)
    {
      self->flagship_icon = g_object_new (GTK_TYPE_IMAGE,
                                          "icon-name", "admiralty-flagship-symbolic",
                                          "pixel-size", 12,
                                          "tooltip-text", _("Flagship"),
                                          NULL);
      gtk_widget_add_css_class (self->flagship_icon, "flagship-icon");
      gtk_widget_insert_after (self->flagship_icon, GTK_WIDGET (self),
                               GTK_WIDGET (self->title_label));
    }
  return self->flagship_icon;
}

/* The hull bar (green when whole, amber when damaged, red below a third: the style sheet's
 * `.hull-bar`), the hull figure and the readiness, after the other children. */
static void
ensure_ship (AdmiraltyFleetRow *self)
{
  if (self->hull_bar != NULL)
    return;

  self->hull_bar = g_object_new (GTK_TYPE_LEVEL_BAR,
                                 "width-request", 48,
                                 "valign", GTK_ALIGN_CENTER,
                                 "max-value", 1.0,
                                 NULL);
  gtk_widget_add_css_class (GTK_WIDGET (self->hull_bar), "hull-bar");
  gtk_level_bar_add_offset_value (self->hull_bar, GTK_LEVEL_BAR_OFFSET_LOW, 0.34);
  gtk_level_bar_add_offset_value (self->hull_bar, GTK_LEVEL_BAR_OFFSET_HIGH, 0.99);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->hull_bar),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Hull left"),
                                  -1);
  gtk_widget_insert_before (GTK_WIDGET (self->hull_bar), GTK_WIDGET (self), NULL);

  self->hull_label = g_object_new (GTK_TYPE_LABEL,
                                   "xalign", 1.0f,
                                   "width-chars", 10,
                                   NULL);
  gtk_widget_add_css_class (GTK_WIDGET (self->hull_label), "caption");
  gtk_widget_add_css_class (GTK_WIDGET (self->hull_label), "numeric");
  gtk_widget_insert_before (GTK_WIDGET (self->hull_label), GTK_WIDGET (self), NULL);

  self->readiness_label = g_object_new (GTK_TYPE_LABEL,
                                        "xalign", 1.0f,
                                        NULL);
  gtk_widget_add_css_class (GTK_WIDGET (self->readiness_label), "caption");
  gtk_widget_add_css_class (GTK_WIDGET (self->readiness_label), "dim-label");
  gtk_widget_insert_before (GTK_WIDGET (self->readiness_label), GTK_WIDGET (self), NULL);
}

static void
set_shown (GtkWidget *widget,
           gboolean   shown)
{
  if (widget != NULL)
    gtk_widget_set_visible (widget, shown);
}

static void
admiralty_fleet_row_update_ship (AdmiraltyFleetRow  *self,
                                 AdmiraltyFleetNode *node)
{
  int hull = admiralty_fleet_node_get_hull (node);
  int total = admiralty_fleet_node_get_hull_total (node);
  const char *grade = admiralty_fleet_node_get_grade (node);
  g_autofree char *hull_text = NULL;
  g_autofree char *readiness_text = NULL;

  ensure_ship (self);
  /* Translators: hull points left of the class's total, "Hull 10/12" */
  hull_text = g_strdup_printf (_("Hull %d/%d"), hull, total);
  gtk_label_set_label (self->hull_label, hull_text);
  gtk_level_bar_set_value (self->hull_bar, total > 0 ? (double)hull / total : 0.0);

  if (grade != NULL)
    /* Translators: readiness and its grade, "Readiness 8 · Veterans" */
    readiness_text = g_strdup_printf (_("Readiness %d · %s"),
                                      admiralty_fleet_node_get_readiness (node), grade);
  else
    readiness_text = g_strdup_printf (_("Readiness %d"),
                                      admiralty_fleet_node_get_readiness (node));
  gtk_label_set_label (self->readiness_label, readiness_text);
}

static void
admiralty_fleet_row_update (AdmiraltyFleetRow *self)
{
  AdmiraltyFleetNode *node = self->node;
  AdmiraltyFleetNodeKind kind;
  const char *subtitle;
  gboolean flagship, ship;

  if (node == NULL)
    return;

  kind = admiralty_fleet_node_get_kind (node);
  subtitle = admiralty_fleet_node_get_subtitle (node);
  flagship = admiralty_fleet_node_get_flagship (node);
  ship = kind == ADMIRALTY_FLEET_NODE_SHIP;

  gtk_label_set_label (self->title_label, admiralty_fleet_node_get_title (node));
  gtk_label_set_label (self->subtitle_label, subtitle != NULL ? subtitle : "");
  gtk_widget_set_visible (GTK_WIDGET (self->subtitle_label), subtitle != NULL);
  if (kind == ADMIRALTY_FLEET_NODE_FACTION)
    ensure_dot (self);
  set_shown (self->dot, kind == ADMIRALTY_FLEET_NODE_FACTION);
  if (flagship)
    ensure_flagship_icon (self);
  set_shown (self->flagship_icon, flagship);

  if (kind == ADMIRALTY_FLEET_NODE_FACTION)
    gtk_widget_add_css_class (GTK_WIDGET (self->title_label), "heading");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->title_label), "heading");

  if (ship)
    admiralty_fleet_row_update_ship (self, node);
  set_shown (GTK_WIDGET (self->hull_bar), ship);
  set_shown (GTK_WIDGET (self->hull_label), ship);
  set_shown (GTK_WIDGET (self->readiness_label), ship);
}

/* The window's style sheet colours `.faction-dot.faction-<id>` with the faction's colour. */
static void
admiralty_fleet_row_set_faction_class (AdmiraltyFleetRow *self,
                                       const char        *faction_id)
{
  if (self->faction_class != NULL && self->dot != NULL)
    gtk_widget_remove_css_class (self->dot, self->faction_class);
  g_clear_pointer (&self->faction_class, g_free);

  if (faction_id != NULL)
    {
      self->faction_class = g_strconcat ("faction-", faction_id, NULL);
      if (self->dot != NULL)
        gtk_widget_add_css_class (self->dot, self->faction_class);
    }
}

static void
node_notify_cb (AdmiraltyFleetRow *self,
                GParamSpec        *pspec,
                AdmiraltyFleetNode *node)
{
  admiralty_fleet_row_update (self);
}

/* The row lays its children out itself, where the boxes it was made of put them: the faction's
 * dot, then the text column (the title, and the flagship's star 6 pixels after it, over the
 * subtitle), then for ships the ship column (the hull bar and its figure 6 pixels apart, at
 * the column's end, 2 pixels over the readiness); the columns 8 pixels apart, the text column
 * taking the room left, each column centred vertically. Four boxes a row fewer to make, style,
 * measure and draw for a campaign's first frame. */
#define COLUMN_SPACING 8
#define TITLE_SPACING  6
#define HULL_SPACING   6
#define SHIP_SPACING   2

typedef enum {
  COLUMN_DOT,
  COLUMN_TEXT,
  COLUMN_SHIP,
  N_COLUMNS
} Column;

typedef struct {
  int minimum;
  int natural;
} Extent;

/* Whether @child, a child the row may not have made yet, takes part in its layout. */
static gboolean
shown (GtkWidget *child)
{
  return child != NULL && gtk_widget_should_layout (child);
}

static Extent
measure_child (GtkWidget      *child,
               GtkOrientation  orientation)
{
  Extent extent = { 0, 0 };

  if (shown (child))
    gtk_widget_measure (child, orientation, -1, &extent.minimum, &extent.natural, NULL, NULL);
  return extent;
}

/* Two extents one after the other, @spacing apart when both are there, or side by side. */
static Extent
extent_add (Extent      a,
            Extent      b,
            int         spacing,
            GtkWidget  *second)
{
  if (!shown (second))
    return a;
  return (Extent) { a.minimum + spacing + b.minimum, a.natural + spacing + b.natural };
}

static Extent
extent_max (Extent a,
            Extent b)
{
  return (Extent) { MAX (a.minimum, b.minimum), MAX (a.natural, b.natural) };
}

static gboolean
column_shown (AdmiraltyFleetRow *self,
              Column             column)
{
  switch (column)
    {
    case COLUMN_DOT:
      return shown (self->dot);
    case COLUMN_TEXT:
      return TRUE;
    case COLUMN_SHIP:
      return shown (GTK_WIDGET (self->hull_bar));
    case N_COLUMNS:
    default:
      g_assert_not_reached ();
    }
}

/* The title's line: the title and the star across, the taller of them down. */
static Extent
title_line_measure (AdmiraltyFleetRow *self,
                    GtkOrientation     orientation)
{
  Extent title = measure_child (GTK_WIDGET (self->title_label), orientation);
  Extent star = measure_child (self->flagship_icon, orientation);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    return extent_add (title, star, TITLE_SPACING, self->flagship_icon);
  return extent_max (title, star);
}

/* The hull's line: the bar and the figure across, the taller of them down. */
static Extent
hull_line_measure (AdmiraltyFleetRow *self,
                   GtkOrientation     orientation)
{
  Extent bar = measure_child (GTK_WIDGET (self->hull_bar), orientation);
  Extent figure = measure_child (GTK_WIDGET (self->hull_label), orientation);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    return extent_add (bar, figure, HULL_SPACING, GTK_WIDGET (self->hull_label));
  return extent_max (bar, figure);
}

static Extent
column_measure (AdmiraltyFleetRow *self,
                Column             column,
                GtkOrientation     orientation)
{
  gboolean across = orientation == GTK_ORIENTATION_HORIZONTAL;
  GtkWidget *subtitle = GTK_WIDGET (self->subtitle_label);
  GtkWidget *readiness = GTK_WIDGET (self->readiness_label);

  switch (column)
    {
    case COLUMN_DOT:
      return measure_child (self->dot, orientation);
    case COLUMN_TEXT:
      if (across)
        return extent_max (title_line_measure (self, orientation),
                           measure_child (subtitle, orientation));
      return extent_add (title_line_measure (self, orientation),
                         measure_child (subtitle, orientation), 0, subtitle);
    case COLUMN_SHIP:
      if (across)
        return extent_max (hull_line_measure (self, orientation),
                           measure_child (readiness, orientation));
      return extent_add (hull_line_measure (self, orientation),
                         measure_child (readiness, orientation), SHIP_SPACING, readiness);
    case N_COLUMNS:
    default:
      g_assert_not_reached ();
    }
}

static void
admiralty_fleet_row_measure (GtkWidget      *widget,
                             GtkOrientation  orientation,
                             int             for_size,
                             int            *minimum,
                             int            *natural,
                             int            *minimum_baseline,
                             int            *natural_baseline)
{
  AdmiraltyFleetRow *self = ADMIRALTY_FLEET_ROW (widget);
  Extent total = { 0, 0 };
  int n_shown = 0;

  for (Column column = 0; column < N_COLUMNS; column++)
    {
      Extent extent;

      if (!column_shown (self, column))
        continue;
      extent = column_measure (self, column, orientation);
      if (orientation == GTK_ORIENTATION_HORIZONTAL)
        total = (Extent) { total.minimum + extent.minimum, total.natural + extent.natural };
      else
        total = extent_max (total, extent);
      n_shown++;
    }
  if (orientation == GTK_ORIENTATION_HORIZONTAL && n_shown > 1)
    {
      total.minimum += (n_shown - 1) * COLUMN_SPACING;
      total.natural += (n_shown - 1) * COLUMN_SPACING;
    }
  *minimum = total.minimum;
  *natural = total.natural;
}

/* Shares @size among @n slots as a box with no expanding child does: each its minimum, then
 * towards its natural size as far as the room goes. Returns the room left over. */
static int
distribute (GtkRequestedSize *sizes,
            int               n,
            int               size,
            int               spacing)
{
  int extra = size - (n - 1) * spacing;

  for (int i = 0; i < n; i++)
    extra -= sizes[i].minimum_size;
  return gtk_distribute_natural_allocation (MAX (extra, 0), n, sizes);
}

/* Lays @first and @second (if shown) out across @area, from its start: the title's and the
 * hull's lines. Each is as high as the line. */
static void
allocate_line (GtkWidget           *first,
               GtkWidget           *second,
               int                  spacing,
               const GtkAllocation *area,
               gboolean             rtl)
{
  GtkRequestedSize sizes[2] = { { 0, } };
  GtkWidget *children[2] = { first, second };
  int n = shown (second) ? 2 : 1;
  int x = 0;

  for (int i = 0; i < n; i++)
    {
      Extent extent = measure_child (children[i], GTK_ORIENTATION_HORIZONTAL);

      sizes[i].minimum_size = extent.minimum;
      sizes[i].natural_size = extent.natural;
    }
  distribute (sizes, n, area->width, spacing);
  for (int i = 0; i < n; i++)
    {
      int width = sizes[i].minimum_size;
      GtkAllocation child = { rtl ? area->x + area->width - x - width : area->x + x, area->y,
                              width, area->height };

      gtk_widget_size_allocate (children[i], &child, -1);
      x += width + spacing;
    }
}

/* Where a column of natural height @height starts down a row @area_height high: centred, as
 * its box was, and no higher than its natural height (@area_height is set to its height). */
static int
column_top (Extent  height,
            int    *area_height)
{
  int top = 0;

  if (*area_height > height.natural)
    {
      top = (*area_height - height.natural) / 2;
      *area_height = height.natural;
    }
  return top;
}

/* The heights of a column's two lines, @spacing apart, in @height: as a vertical box gives
 * them (the second line only when @n is 2). */
static void
stack_lines (Extent  first,
             Extent  second,
             int     n,
             int     height,
             int     spacing,
             int    *heights)
{
  GtkRequestedSize sizes[2] = {
    { .minimum_size = first.minimum, .natural_size = first.natural },
    { .minimum_size = second.minimum, .natural_size = second.natural },
  };

  distribute (sizes, n, height, spacing);
  heights[0] = sizes[0].minimum_size;
  heights[1] = sizes[1].minimum_size;
}

static void
allocate_text (AdmiraltyFleetRow   *self,
               const GtkAllocation *area,
               gboolean             rtl)
{
  GtkWidget *subtitle = GTK_WIDGET (self->subtitle_label);
  Extent line = title_line_measure (self, GTK_ORIENTATION_VERTICAL);
  Extent below = measure_child (subtitle, GTK_ORIENTATION_VERTICAL);
  int height = area->height, heights[2];
  int top = area->y + column_top (column_measure (self, COLUMN_TEXT, GTK_ORIENTATION_VERTICAL),
                                  &height);
  int n = shown (subtitle) ? 2 : 1;

  stack_lines (line, below, n, height, 0, heights);
  allocate_line (GTK_WIDGET (self->title_label), self->flagship_icon, TITLE_SPACING,
                 &(GtkAllocation) { area->x, top, area->width, heights[0] }, rtl);
  if (n == 2)
    gtk_widget_size_allocate (subtitle,
                              &(GtkAllocation) { area->x, top + heights[0], area->width,
                                                 heights[1] }, -1);
}

static void
allocate_ship (AdmiraltyFleetRow   *self,
               const GtkAllocation *area,
               gboolean             rtl)
{
  GtkWidget *readiness = GTK_WIDGET (self->readiness_label);
  Extent line = hull_line_measure (self, GTK_ORIENTATION_VERTICAL);
  Extent below = measure_child (readiness, GTK_ORIENTATION_VERTICAL);
  Extent line_width = hull_line_measure (self, GTK_ORIENTATION_HORIZONTAL);
  int height = area->height, heights[2];
  int top = area->y + column_top (column_measure (self, COLUMN_SHIP, GTK_ORIENTATION_VERTICAL),
                                  &height);
  int n = shown (readiness) ? 2 : 1;
  GtkAllocation hull = { area->x, top, area->width, 0 };

  stack_lines (line, below, n, height, SHIP_SPACING, heights);
  hull.height = heights[0];
  /* The hull's line sits at the column's end: its right in left-to-right text. */
  if (hull.width > line_width.natural)
    {
      if (!rtl)
        hull.x += hull.width - line_width.natural;
      hull.width = line_width.natural;
    }
  allocate_line (GTK_WIDGET (self->hull_bar), GTK_WIDGET (self->hull_label), HULL_SPACING,
                 &hull, rtl);
  if (n == 2)
    gtk_widget_size_allocate (readiness,
                              &(GtkAllocation) { area->x, top + heights[0] + SHIP_SPACING,
                                                 area->width, heights[1] }, -1);
}

static void
admiralty_fleet_row_size_allocate (GtkWidget *widget,
                                   int        width,
                                   int        height,
                                   int        baseline)
{
  AdmiraltyFleetRow *self = ADMIRALTY_FLEET_ROW (widget);
  gboolean rtl = gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL;
  GtkRequestedSize sizes[N_COLUMNS] = { { 0, } };
  Column columns[N_COLUMNS];
  int n = 0, extra, x = 0;

  for (Column column = 0; column < N_COLUMNS; column++)
    if (column_shown (self, column))
      {
        Extent extent = column_measure (self, column, GTK_ORIENTATION_HORIZONTAL);

        columns[n] = column;
        sizes[n].minimum_size = extent.minimum;
        sizes[n].natural_size = extent.natural;
        n++;
      }
  /* The text column alone expands into the room the others leave. */
  extra = distribute (sizes, n, width, COLUMN_SPACING);
  for (int i = 0; i < n; i++)
    {
      int column_width = sizes[i].minimum_size + (columns[i] == COLUMN_TEXT ? extra : 0);
      GtkAllocation area = { rtl ? width - x - column_width : x, 0, column_width, height };

      if (columns[i] == COLUMN_DOT)
        gtk_widget_size_allocate (self->dot, &area, -1);
      else if (columns[i] == COLUMN_TEXT)
        allocate_text (self, &area, rtl);
      else
        allocate_ship (self, &area, rtl);
      x += column_width + COLUMN_SPACING;
    }
}

AdmiraltyFleetNode *
admiralty_fleet_row_get_node (AdmiraltyFleetRow *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_FLEET_ROW (self), NULL);

  return self->node;
}

void
admiralty_fleet_row_set_node (AdmiraltyFleetRow  *self,
                              AdmiraltyFleetNode *node)
{
  g_return_if_fail (ADMIRALTY_IS_FLEET_ROW (self));
  g_return_if_fail (node == NULL || ADMIRALTY_IS_FLEET_NODE (node));

  if (self->node == node)
    return;

  if (self->node != NULL)
    g_clear_signal_handler (&self->notify_id, self->node);
  g_set_object (&self->node, node);

  if (node != NULL)
    {
      self->notify_id = g_signal_connect_object (node, "notify", G_CALLBACK (node_notify_cb),
                                                 self, G_CONNECT_SWAPPED);
      admiralty_fleet_row_set_faction_class (self, admiralty_fleet_node_get_faction_id (node));
      admiralty_fleet_row_update (self);
    }
  else
    admiralty_fleet_row_set_faction_class (self, NULL);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NODE]);
}

static void
admiralty_fleet_row_dispose (GObject *object)
{
  AdmiraltyFleetRow *self = (AdmiraltyFleetRow *)object;

  GtkWidget *child;

  admiralty_fleet_row_set_node (self, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), ADMIRALTY_TYPE_FLEET_ROW);
  /* GTK 4.8 only disposes the template children bound to fields. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  self->dot = self->flagship_icon = NULL;
  self->hull_bar = NULL;
  self->hull_label = self->readiness_label = NULL;

  G_OBJECT_CLASS (admiralty_fleet_row_parent_class)->dispose (object);
}

static void
admiralty_fleet_row_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  AdmiraltyFleetRow *self = ADMIRALTY_FLEET_ROW (object);

  switch (prop_id)
    {
    case PROP_NODE:
      g_value_set_object (value, self->node);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
admiralty_fleet_row_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  AdmiraltyFleetRow *self = ADMIRALTY_FLEET_ROW (object);

  switch (prop_id)
    {
    case PROP_NODE:
      admiralty_fleet_row_set_node (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
admiralty_fleet_row_class_init (AdmiraltyFleetRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = admiralty_fleet_row_dispose;
  object_class->get_property = admiralty_fleet_row_get_property;
  object_class->set_property = admiralty_fleet_row_set_property;
  widget_class->measure = admiralty_fleet_row_measure;
  widget_class->size_allocate = admiralty_fleet_row_size_allocate;

  properties[PROP_NODE] =
    g_param_spec_object ("node", NULL, NULL, ADMIRALTY_TYPE_FLEET_NODE,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/admiralty/Admiralty/admiralty-fleet-row.ui");
  gtk_widget_class_set_css_name (widget_class, "fleetrow");
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyFleetRow, title_label);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyFleetRow, subtitle_label);
}

static void
admiralty_fleet_row_init (AdmiraltyFleetRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
