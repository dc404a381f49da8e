/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-faction-dot.c: a faction's colour and symbol, small (see the header). */

#include "config.h"

#include "admiralty-faction-dot.h"
#include "admiralty-faction-symbol.h"

struct _AdmiraltyFactionDot
{
  GtkWidget  parent_instance;

  char      *faction_class;  /* "faction-<id>", or NULL */
  int        symbol;         /* AdmFactionSymbol, or -1 */
};

G_DEFINE_FINAL_TYPE (AdmiraltyFactionDot, admiralty_faction_dot, GTK_TYPE_WIDGET)

/* The symbol in the style's colour (the window's style sheet gives the faction's ink), inside
 * the disc the style's background draws. */
static void
admiralty_faction_dot_snapshot (GtkWidget   *widget,
                                GtkSnapshot *snapshot)
{
  AdmiraltyFactionDot *self = ADMIRALTY_FACTION_DOT (widget);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  cairo_t *cr;
  GdkRGBA ink;

  if (self->symbol < 0 || width <= 0 || height <= 0)
    return;
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &ink);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  gdk_cairo_set_source_rgba (cr, &ink);
  admiralty_faction_symbol_path (cr, self->symbol, width / 2.0, height / 2.0,
                                 0.7 * MIN (width, height) / 2.0);
  cairo_fill (cr);
  cairo_destroy (cr);
}

static void
admiralty_faction_dot_finalize (GObject *object)
{
  AdmiraltyFactionDot *self = ADMIRALTY_FACTION_DOT (object);

  g_free (self->faction_class);

  G_OBJECT_CLASS (admiralty_faction_dot_parent_class)->finalize (object);
}

static void
admiralty_faction_dot_class_init (AdmiraltyFactionDotClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = admiralty_faction_dot_finalize;
  widget_class->snapshot = admiralty_faction_dot_snapshot;
  gtk_widget_class_set_css_name (widget_class, "factiondot");
  /* The faction's name is beside it wherever it is shown (or its tooltip): a picture a
   * screen reader need not read. */
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_PRESENTATION);
}

static void
admiralty_faction_dot_init (AdmiraltyFactionDot *self)
{
  self->symbol = -1;
  gtk_widget_add_css_class (GTK_WIDGET (self), "faction-dot");
  gtk_widget_set_halign (GTK_WIDGET (self), GTK_ALIGN_CENTER);
  gtk_widget_set_valign (GTK_WIDGET (self), GTK_ALIGN_CENTER);
}

GtkWidget *
admiralty_faction_dot_new (const AdmFaction *faction)
{
  GtkWidget *dot = g_object_new (ADMIRALTY_TYPE_FACTION_DOT, NULL);

  if (faction != NULL)
    admiralty_faction_dot_set (ADMIRALTY_FACTION_DOT (dot), faction->id, faction->symbol);
  return dot;
}

void
admiralty_faction_dot_set (AdmiraltyFactionDot *self,
                           const char          *faction_id,
                           int                  symbol)
{
  g_return_if_fail (ADMIRALTY_IS_FACTION_DOT (self));
  g_return_if_fail (symbol < ADM_N_FACTION_SYMBOLS);

  if (self->faction_class != NULL)
    gtk_widget_remove_css_class (GTK_WIDGET (self), self->faction_class);
  g_clear_pointer (&self->faction_class, g_free);
  self->symbol = symbol;
  if (faction_id != NULL)
    {
      self->faction_class = g_strconcat ("faction-", faction_id, NULL);
      gtk_widget_add_css_class (GTK_WIDGET (self), self->faction_class);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

int
admiralty_faction_dot_get_symbol (AdmiraltyFactionDot *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_FACTION_DOT (self), -1);

  return self->symbol;
}

char *
admiralty_faction_dot_css (const char       *scope,
                           const AdmFaction *faction)
{
  g_autofree char *colour = NULL;
  GdkRGBA rgba;
  guint32 ground, ink;

  g_return_val_if_fail (scope != NULL && faction != NULL, NULL);

  if (faction->colour == NULL || !gdk_rgba_parse (&rgba, faction->colour))
    return NULL;
  colour = gdk_rgba_to_string (&rgba);
  ground = (guint32) (rgba.red * 255 + 0.5) << 16 | (guint32) (rgba.green * 255 + 0.5) << 8 |
           (guint32) (rgba.blue * 255 + 0.5);
  ink = admiralty_faction_symbol_colour (ground);
  return g_strdup_printf (".%s .faction-dot.faction-%s { background-color: %s; color: #%06x; }\n",
                          scope, faction->id, colour, ink);
}
