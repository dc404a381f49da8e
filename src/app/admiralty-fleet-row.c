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

  GtkWidget          *dot;
  GtkWidget          *flagship_icon;
  GtkLabel           *title_label;
  GtkLabel           *subtitle_label;
  GtkWidget          *ship_box;
  GtkLabel           *hull_label;
  GtkLevelBar        *hull_bar;
  GtkLabel           *readiness_label;
};

G_DEFINE_FINAL_TYPE (AdmiraltyFleetRow, admiralty_fleet_row, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_NODE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
admiralty_fleet_row_update_ship (AdmiraltyFleetRow  *self,
                                 AdmiraltyFleetNode *node)
{
  int hull = admiralty_fleet_node_get_hull (node);
  int total = admiralty_fleet_node_get_hull_total (node);
  const char *grade = admiralty_fleet_node_get_grade (node);
  g_autofree char *hull_text = NULL;
  g_autofree char *readiness_text = NULL;

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

  if (node == NULL)
    return;

  kind = admiralty_fleet_node_get_kind (node);
  subtitle = admiralty_fleet_node_get_subtitle (node);

  gtk_label_set_label (self->title_label, admiralty_fleet_node_get_title (node));
  gtk_label_set_label (self->subtitle_label, subtitle != NULL ? subtitle : "");
  gtk_widget_set_visible (GTK_WIDGET (self->subtitle_label), subtitle != NULL);
  gtk_widget_set_visible (self->dot, kind == ADMIRALTY_FLEET_NODE_FACTION);
  gtk_widget_set_visible (self->flagship_icon, admiralty_fleet_node_get_flagship (node));
  gtk_widget_set_visible (self->ship_box, kind == ADMIRALTY_FLEET_NODE_SHIP);

  if (kind == ADMIRALTY_FLEET_NODE_FACTION)
    gtk_widget_add_css_class (GTK_WIDGET (self->title_label), "heading");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->title_label), "heading");

  if (kind == ADMIRALTY_FLEET_NODE_SHIP)
    admiralty_fleet_row_update_ship (self, node);
}

/* The window's style sheet colours `.faction-dot.faction-<id>` with the faction's colour. */
static void
admiralty_fleet_row_set_faction_class (AdmiraltyFleetRow *self,
                                       const char        *faction_id)
{
  if (self->faction_class != NULL)
    gtk_widget_remove_css_class (self->dot, self->faction_class);
  g_clear_pointer (&self->faction_class, g_free);

  if (faction_id != NULL)
    {
      self->faction_class = g_strconcat ("faction-", faction_id, NULL);
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
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

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

  properties[PROP_NODE] =
    g_param_spec_object ("node", NULL, NULL, ADMIRALTY_TYPE_FLEET_NODE,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "fleetrow");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
}

/* Adds the style classes @classes (NULL-terminated) to those @widget has. */
static void
fleet_row_add_classes (GtkWidget          *widget,
                       const char * const *classes)
{
  for (guint i = 0; classes[i] != NULL; i++)
    gtk_widget_add_css_class (widget, classes[i]);
}

/* A label aligned to @xalign with the style classes @classes (NULL-terminated). */
static GtkLabel *
fleet_row_label (float               xalign,
                 const char * const *classes)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  if (classes != NULL)
    fleet_row_add_classes (label, classes);
  return GTK_LABEL (label);
}

/* Built in code rather than from a template: the order of battle makes one row per node
 * before its first frame (GTK 4.8's list view makes every row of a list under 200), and
 * a template's row cost three times as much (issue 20). */
static void
admiralty_fleet_row_init (AdmiraltyFleetRow *self)
{
  static const char * const caption_dim[] = { "caption", "dim-label", NULL };
  static const char * const caption_numeric[] = { "caption", "numeric", NULL };
  static const char * const faction_dot[] = { "faction-dot", NULL };
  static const char * const flagship[] = { "flagship-icon", NULL };
  static const char * const hull_bar[] = { "hull-bar", NULL };
  GtkWidget *names, *title_box, *hull_box;

  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                              8);

  self->dot = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_widget_set_valign (self->dot, GTK_ALIGN_CENTER);
  gtk_widget_set_halign (self->dot, GTK_ALIGN_CENTER);
  fleet_row_add_classes (self->dot, faction_dot);
  gtk_widget_set_parent (self->dot, GTK_WIDGET (self));

  names = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_set_valign (names, GTK_ALIGN_CENTER);
  gtk_widget_set_hexpand (names, TRUE);
  gtk_widget_set_parent (names, GTK_WIDGET (self));

  title_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_append (GTK_BOX (names), title_box);
  self->title_label = fleet_row_label (0, NULL);
  gtk_label_set_ellipsize (self->title_label, PANGO_ELLIPSIZE_END);
  gtk_box_append (GTK_BOX (title_box), GTK_WIDGET (self->title_label));
  self->flagship_icon = gtk_image_new_from_icon_name ("starred-symbolic");
  gtk_image_set_pixel_size (GTK_IMAGE (self->flagship_icon), 12);
  gtk_widget_set_tooltip_text (self->flagship_icon, _("Flagship"));
  fleet_row_add_classes (self->flagship_icon, flagship);
  gtk_box_append (GTK_BOX (title_box), self->flagship_icon);

  self->subtitle_label = fleet_row_label (0, caption_dim);
  gtk_label_set_ellipsize (self->subtitle_label, PANGO_ELLIPSIZE_END);
  gtk_box_append (GTK_BOX (names), GTK_WIDGET (self->subtitle_label));

  self->ship_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  gtk_widget_set_valign (self->ship_box, GTK_ALIGN_CENTER);
  gtk_widget_set_parent (self->ship_box, GTK_WIDGET (self));

  hull_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_halign (hull_box, GTK_ALIGN_END);
  gtk_box_append (GTK_BOX (self->ship_box), hull_box);
  self->hull_bar = GTK_LEVEL_BAR (gtk_level_bar_new_for_interval (0, 1));
  gtk_widget_set_size_request (GTK_WIDGET (self->hull_bar), 48, -1);
  gtk_widget_set_valign (GTK_WIDGET (self->hull_bar), GTK_ALIGN_CENTER);
  gtk_level_bar_add_offset_value (self->hull_bar, GTK_LEVEL_BAR_OFFSET_LOW, 0.34);
  gtk_level_bar_add_offset_value (self->hull_bar, GTK_LEVEL_BAR_OFFSET_HIGH, 0.99);
  fleet_row_add_classes (GTK_WIDGET (self->hull_bar), hull_bar);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->hull_bar),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Hull left"), -1);
  gtk_box_append (GTK_BOX (hull_box), GTK_WIDGET (self->hull_bar));
  self->hull_label = fleet_row_label (1, caption_numeric);
  gtk_label_set_width_chars (self->hull_label, 10);
  gtk_box_append (GTK_BOX (hull_box), GTK_WIDGET (self->hull_label));

  self->readiness_label = fleet_row_label (1, caption_dim);
  gtk_box_append (GTK_BOX (self->ship_box), GTK_WIDGET (self->readiness_label));
}
