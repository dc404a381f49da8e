/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-fleet-row.c: shows a node's name and, for ships, hull and readiness. */

#include "config.h"

#include <glib/gi18n.h>

#include "admiralty-faction-dot.h"
#include "admiralty-fleet-row.h"

struct _AdmiraltyFleetRow
{
  GtkWidget           parent_instance;

  AdmiraltyFleetNode *node;
  GSignalGroup       *node_signals;  /* on the node shown */
  char               *faction_id;
  int                 symbol;

  GtkWidget          *text_box;
  GtkBox             *title_box;
  GtkLabel           *title_label;
  GtkLabel           *subtitle_label;

  /* Made when first shown (admiralty_fleet_row_update ()): the dot, before the text column,
   * and the ship's column, after it, are the row's children; the star is the title box's. */
  GtkWidget          *dot;
  GtkWidget          *flagship_icon;
  GtkWidget          *ship_box;
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
      self->dot = admiralty_faction_dot_new (NULL);
      admiralty_faction_dot_set (ADMIRALTY_FACTION_DOT (self->dot), self->faction_id,
                                 self->symbol);
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
      gtk_box_append (self->title_box, self->flagship_icon);
    }
  return self->flagship_icon;
}

/* The ship's column after the text: the hull bar (green when whole, amber when damaged, red
 * below a third: the style sheet's `.hull-bar`) and the hull figure at its end, over the
 * readiness. */
static void
ensure_ship (AdmiraltyFleetRow *self)
{
  GtkWidget *hull_box;

  if (self->ship_box != NULL)
    return;

  self->ship_box = g_object_new (GTK_TYPE_BOX,
                                 "orientation", GTK_ORIENTATION_VERTICAL,
                                 "valign", GTK_ALIGN_CENTER,
                                 "spacing", 2,
                                 NULL);
  hull_box = g_object_new (GTK_TYPE_BOX,
                           "spacing", 6,
                           "halign", GTK_ALIGN_END,
                           NULL);
  gtk_box_append (GTK_BOX (self->ship_box), hull_box);

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
  gtk_box_append (GTK_BOX (hull_box), GTK_WIDGET (self->hull_bar));

  self->hull_label = g_object_new (GTK_TYPE_LABEL,
                                   "xalign", 1.0f,
                                   "width-chars", 10,
                                   NULL);
  gtk_widget_add_css_class (GTK_WIDGET (self->hull_label), "caption");
  gtk_widget_add_css_class (GTK_WIDGET (self->hull_label), "numeric");
  gtk_box_append (GTK_BOX (hull_box), GTK_WIDGET (self->hull_label));

  self->readiness_label = g_object_new (GTK_TYPE_LABEL,
                                        "xalign", 1.0f,
                                        NULL);
  gtk_widget_add_css_class (GTK_WIDGET (self->readiness_label), "caption");
  gtk_widget_add_css_class (GTK_WIDGET (self->readiness_label), "dim-label");
  gtk_box_append (GTK_BOX (self->ship_box), GTK_WIDGET (self->readiness_label));
  gtk_widget_insert_after (self->ship_box, GTK_WIDGET (self), self->text_box);
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
  set_shown (self->ship_box, ship);
}

/* The faction the dot shows: the window's style sheet colours `.faction-dot.faction-<id>`
 * with the faction's colour, and the dot draws @symbol (-1: none). */
static void
admiralty_fleet_row_set_faction (AdmiraltyFleetRow *self,
                                 const char        *faction_id,
                                 int                symbol)
{
  g_free (self->faction_id);
  self->faction_id = g_strdup (faction_id);
  self->symbol = symbol;
  if (self->dot != NULL)
    admiralty_faction_dot_set (ADMIRALTY_FACTION_DOT (self->dot), faction_id, symbol);
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

  g_set_object (&self->node, node);
  g_signal_group_set_target (self->node_signals, node);

  if (node != NULL)
    {
      admiralty_fleet_row_set_faction (self, admiralty_fleet_node_get_faction_id (node),
                                       admiralty_fleet_node_get_symbol (node));
      admiralty_fleet_row_update (self);
    }
  else
    admiralty_fleet_row_set_faction (self, NULL, -1);

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
  self->dot = self->flagship_icon = self->ship_box = NULL;
  self->hull_bar = NULL;
  self->hull_label = self->readiness_label = NULL;

  G_OBJECT_CLASS (admiralty_fleet_row_parent_class)->dispose (object);
}

static void
admiralty_fleet_row_finalize (GObject *object)
{
  AdmiraltyFleetRow *self = ADMIRALTY_FLEET_ROW (object);

  g_clear_object (&self->node_signals);
  g_free (self->faction_id);

  G_OBJECT_CLASS (admiralty_fleet_row_parent_class)->finalize (object);
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
  object_class->finalize = admiralty_fleet_row_finalize;
  object_class->get_property = admiralty_fleet_row_get_property;
  object_class->set_property = admiralty_fleet_row_set_property;

  properties[PROP_NODE] =
    g_param_spec_object ("node", NULL, NULL, ADMIRALTY_TYPE_FLEET_NODE,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/admiralty/Admiralty/admiralty-fleet-row.ui");
  gtk_widget_class_set_css_name (widget_class, "fleetrow");
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyFleetRow, text_box);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyFleetRow, title_box);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyFleetRow, title_label);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyFleetRow, subtitle_label);
}

static void
admiralty_fleet_row_init (AdmiraltyFleetRow *self)
{
  self->symbol = -1;
  self->node_signals = g_signal_group_new (ADMIRALTY_TYPE_FLEET_NODE);
  g_signal_group_connect_object (self->node_signals, "notify", G_CALLBACK (node_notify_cb), self,
                                 G_CONNECT_SWAPPED);
  gtk_widget_init_template (GTK_WIDGET (self));
}
