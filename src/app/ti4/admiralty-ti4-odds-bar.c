/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-ti4-odds-bar.c: the three-part odds bar of the TI4 combat page. */

#include "config.h"

#include <glib/gi18n.h>

#include "admiralty-ti4-odds-bar.h"
#include "admiralty-tooltip.h"

struct _AdmiraltyTi4OddsBar
{
  GtkWidget parent_instance;

  double    values[3];  /* attacker, draw, defender */
};

G_DEFINE_FINAL_TYPE (AdmiraltyTi4OddsBar, admiralty_ti4_odds_bar, GTK_TYPE_WIDGET)

#define BAR_HEIGHT 28

/* Each part has its own fill and pattern: the attacker solid and dark, the draw hatched on
 * white, the defender light with dots. The patterns keep them apart in black and white. */
static void
draw_part (cairo_t *cr,
           guint    part,
           double   x,
           double   width,
           double   height)
{
  static const double fill[3][3] = {
    { 0.11, 0.38, 0.71 },  /* a dark blue */
    { 1.00, 1.00, 1.00 },
    { 0.96, 0.76, 0.17 },  /* a light yellow */
  };

  if (width <= 0)
    return;

  cairo_save (cr);
  cairo_rectangle (cr, x, 0, width, height);
  cairo_clip (cr);
  cairo_set_source_rgb (cr, fill[part][0], fill[part][1], fill[part][2]);
  cairo_paint (cr);

  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  cairo_set_line_width (cr, 1.0);
  if (part == 1)
    {
      for (double d = x - height; d < x + width; d += 6)
        {
          cairo_move_to (cr, d, height);
          cairo_line_to (cr, d + height, 0);
        }
      cairo_stroke (cr);
    }
  else if (part == 2)
    {
      for (double dy = 4; dy < height; dy += 6)
        for (double dx = x + 3 + ((int)dy % 12 == 4 ? 0 : 3); dx < x + width; dx += 6)
          {
            cairo_new_sub_path (cr);
            cairo_arc (cr, dx, dy, 1.0, 0, 2 * G_PI);
          }
      cairo_fill (cr);
    }
  cairo_restore (cr);
}

static void
admiralty_ti4_odds_bar_snapshot (GtkWidget   *widget,
                                 GtkSnapshot *snapshot)
{
  AdmiraltyTi4OddsBar *self = ADMIRALTY_TI4_ODDS_BAR (widget);
  double width = gtk_widget_get_width (widget);
  double height = gtk_widget_get_height (widget);
  double total = self->values[0] + self->values[1] + self->values[2];
  cairo_t *cr;
  double x = 0;

  if (width <= 0 || height <= 0)
    return;

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  for (guint part = 0; part < 3 && total > 0; part++)
    {
      double part_width = width * self->values[part] / total;

      draw_part (cr, part, x, part_width, height);
      x += part_width;
      /* A dividing line, so that two parts never run into each other. */
      if (part < 2 && part_width > 0)
        {
          cairo_set_source_rgb (cr, 0, 0, 0);
          cairo_rectangle (cr, x - 1, 0, 2, height);
          cairo_fill (cr);
        }
    }

  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_set_line_width (cr, 1.0);
  cairo_rectangle (cr, 0.5, 0.5, width - 1, height - 1);
  cairo_stroke (cr);
  cairo_destroy (cr);
}

static void
admiralty_ti4_odds_bar_measure (GtkWidget      *widget,
                                GtkOrientation  orientation,
                                int             for_size,
                                int            *minimum,
                                int            *natural,
                                int            *minimum_baseline,
                                int            *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 120;
      *natural = 480;
    }
  else
    *minimum = *natural = BAR_HEIGHT;
}

static void
admiralty_ti4_odds_bar_class_init (AdmiraltyTi4OddsBarClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->snapshot = admiralty_ti4_odds_bar_snapshot;
  widget_class->measure = admiralty_ti4_odds_bar_measure;
  gtk_widget_class_set_css_name (widget_class, "ti4-odds-bar");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
admiralty_ti4_odds_bar_init (AdmiraltyTi4OddsBar *self)
{
}

void
admiralty_ti4_odds_bar_set_values (AdmiraltyTi4OddsBar *self,
                                   double               attacker,
                                   double               draw,
                                   double               defender)
{
  g_autofree char *description = NULL;

  g_return_if_fail (ADMIRALTY_IS_TI4_ODDS_BAR (self));

  self->values[0] = MAX (attacker, 0);
  self->values[1] = MAX (draw, 0);
  self->values[2] = MAX (defender, 0);

  /* Translators: the odds bar read aloud: attacker, draw and defender percentages */
  description = g_strdup_printf (_("Attacker %.1f %%, draw %.1f %%, defender %.1f %%"),
                                 100 * self->values[0], 100 * self->values[1],
                                 100 * self->values[2]);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  description, -1);
  admiralty_tooltip_set (GTK_WIDGET (self), description);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

double
admiralty_ti4_odds_bar_get_value (AdmiraltyTi4OddsBar *self,
                                  guint                part)
{
  g_return_val_if_fail (ADMIRALTY_IS_TI4_ODDS_BAR (self), 0);
  g_return_val_if_fail (part < 3, 0);

  return self->values[part];
}
