/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-orders-odds.c: the engine's preview of a fire (adm_battle_preview_fire ()) in
 * the words a master reads out before the dice, and its damage distribution drawn as bars.
 * The numbers are the engine's; this only says and draws them. */

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "admiralty-orders-odds.h"
#include "admiralty-units.h"

struct _AdmiraltyOrdersOdds
{
  GtkWidget       parent_instance;

  AdmFirePreview  fire_preview;
  gboolean        have_fire_preview;
  char           *odds_text;

  /* Template children */
  GtkLabel       *odds_label;
  GtkDrawingArea *odds_area;
};

G_DEFINE_FINAL_TYPE (AdmiraltyOrdersOdds, admiralty_orders_odds, GTK_TYPE_WIDGET)

/* What the fire declared before this one does to the shields it meets, first (F-FIRE-4,
 * F-SHLD-1): the odds count it, and say so; with none, they say the shields meet it whole. */
static void
append_earlier_fire (GString              *text,
                     const AdmFirePreview *preview)
{
  if (preview->earlier_fires > 0)
    {
      /* Translators: the fire declared before this one in the phase's order; %u its number
       * of declarations, then the shield blocks it uses on average and how often all */
      g_string_append_printf (text, ngettext ("\nCounted first: %u declaration before it in "
                                              "the phase's order (F-FIRE-4) uses %.1f of these "
                                              "blocks on average, all of them %.1f%% of the "
                                              "time (F-SHLD-2)",
                                              "\nCounted first: %u declarations before it in "
                                              "the phase's order (F-FIRE-4) use %.1f of these "
                                              "blocks on average, all of them %.1f%% of the "
                                              "time (F-SHLD-2)", preview->earlier_fires),
                              preview->earlier_fires, preview->earlier_blocks,
                              100 * preview->p_shields_down);
      if (preview->earlier_at_target > 0)
        g_string_append (text, _(", with the damage they do to the target"));
      if (preview->earlier_readiness)
        g_string_append (text, _(", their readiness checks passed (F-FIRE-9)"));
    }
  else if (preview->shields > 0)
    g_string_append (text, _("\nNo fire declared before it in the phase's order uses these "
                             "shields: all of them meet it (F-FIRE-4)"));
  if (preview->uncounted_fires > 0)
    g_string_append_printf (text, ngettext ("\nNot counted: %u declaration before it fires at "
                                            "a ship sharing part of this pool (F-SHLD-5) and "
                                            "may use some of these blocks",
                                            "\nNot counted: %u declarations before it fire at "
                                            "ships sharing part of this pool (F-SHLD-5) and "
                                            "may use some of these blocks",
                                            preview->uncounted_fires),
                            preview->uncounted_fires);
}

/* The dice, the number to hit and why, the shields and hull in play, and the exact outcome
 * of the declared fire, lines a master reads out before the dice. */
static void
append_fire_details (GString              *text,
                     const AdmFirePreview *preview)
{
  if (preview->attacks > 1)
    /* Translators: F-ART-3, each firing ship is an attack of its own */
    g_string_append_printf (text, ngettext ("\n%u attack, one per firing ship (F-ART-3); "
                                            "the first:",
                                            "\n%u attacks, one per firing ship (F-ART-3); "
                                            "the first:", preview->attacks),
                            preview->attacks);
  if (preview->artillery != NULL)
    {
      /* Translators: artillery dice: count, firepower, table column, target type, to-hit */
      g_string_append_printf (text, ngettext ("\nArtillery: %d die (firepower %d, column %d "
                                              "against %s), hits on %d+ (armour, F-ART-12)",
                                              "\nArtillery: %d dice (firepower %d, column %d "
                                              "against %s), hits on %d+ (armour, F-ART-12)",
                                              preview->artillery_input.dice),
                              preview->artillery_input.dice, preview->artillery_firepower,
                              preview->column, preview->aspect != NULL ? preview->aspect : "",
                              preview->artillery_input.hit_on);
      if (preview->artillery_input.reroll)
        g_string_append (text, _(", misses rolled again (F-FORD-2)"));
    }
  if (preview->destructors != NULL)
    {
      g_string_append_printf (text, ngettext ("\nDestructors: %d die, hits on %d+ (F-DES-2)",
                                              "\nDestructors: %d dice, hits on %d+ (F-DES-2)",
                                              preview->destructor_input.dice),
                              preview->destructor_input.dice, preview->destructor_input.hit_on);
      if (preview->destructor_input.reroll)
        g_string_append (text, _(", misses rolled again (F-FORD-2)"));
    }
  if (preview->shields == 0)
    g_string_append (text, _("\nShields: none up (F-SHLD-1)"));
  else if (preview->shields_from != NULL)
    /* Translators: shield blocks in play, the target's own, and where the rest come from */
    g_string_append_printf (text, _("\nShields: %d blocks, %d its own, %s"), preview->shields,
                            preview->own_shields, preview->shields_from);
  else
    g_string_append_printf (text, ngettext ("\nShields: %d block, its own (F-SHLD-1)",
                                            "\nShields: %d blocks, its own (F-SHLD-1)",
                                            preview->shields), preview->shields);
  if (preview->artillery != NULL && preview->artillery_input.order == ADM_SHIELDS_BEFORE_ARMOUR)
    g_string_append (text, _(", cancelling dice before the armour roll (F-WPN-7)"));
  if (preview->special_save_on > 0)
    /* Translators: F-FORD-8, the d6 result at or above which each damage point is saved */
    g_string_append_printf (text, _("; a reinforced special shield saves each damage on %d+ "
                                    "(F-FORD-8)"), preview->special_save_on);
  append_earlier_fire (text, preview);
  /* Translators: the target's hull points left, of its class's */
  g_string_append_printf (text, _("\nHull: %d of %d left"), preview->hull_left, preview->hull);
  if (preview->damaged)
    g_string_append (text, _(", already damaged (F-CRIT-6)"));
  else if (preview->hull_left > 0)
    /* Translators: F-CRIT-6, the hull points still to lose before the ship is damaged */
    g_string_append_printf (text, ngettext (", damaged after %d more lost (F-CRIT-6)",
                                            ", damaged after %d more lost (F-CRIT-6)",
                                            preview->damaged_at -
                                              (preview->hull - preview->hull_left)),
                            preview->damaged_at - (preview->hull - preview->hull_left));
  if (preview->critical_destroys)
    g_string_append (text, _("; an escort: any critical destroys it (F-CRIT-4)"));
  if (preview->hull_left == 0)
    {
      g_string_append (text, _("\nA hulk: any hit rolls the catastrophic damage table again "
                               "(F-CAT-6)."));
      return;
    }
  /* Translators: the exact odds of the declared fire before the dice */
  g_string_append_printf (text, _("\nOdds: expected damage %.2f · at least one damage %.1f%% · "
                                  "a critical %.1f%% · damaged or worse %.1f%% · "
                                  "out of action %.1f%%"),
                          preview->exact_expected_damage, 100 * preview->exact_p_damage,
                          100 * preview->exact_p_critical, 100 * preview->p_crippled,
                          100 * preview->p_destroyed);
  if (preview->no_damage_reason != NULL)
    g_string_append_printf (text, _("\nNo damage possible: %s."), preview->no_damage_reason);
}

void
admiralty_orders_odds_describe (GString              *text,
                                const AdmFirePreview *preview,
                                gboolean              inches)
{
  g_autofree char *distance = NULL;

  if (!preview->legal)
    {
      g_string_append_printf (text, "⚠ %s", preview->reason);
      return;
    }
  distance = admiralty_format_length (preview->distance, inches);
  g_string_append (text, distance);
  if (preview->column > 0)
    g_string_append_printf (text, _(" · column %d"), preview->column);
  if (preview->half_range)
    g_string_append (text, _(" · half range"));
  if (preview->long_range)
    g_string_append (text, _(" · long range"));
  if (preview->behind_marker)
    g_string_append (text, _(" · behind a marker"));
  if (preview->readiness_check)
    g_string_append (text, _(" · a readiness check first (F-FIRE-9)"));
  append_fire_details (text, preview);
}

/* The damage distribution: a bar per number of damage points, artillery and destructors
 * convolved. */
static void
odds_draw (GtkDrawingArea *area,
           cairo_t        *cr,
           int             width,
           int             height,
           gpointer        user_data)
{
  AdmiraltyOrdersOdds *self = user_data;
  const AdmFireOdds *a = self->fire_preview.artillery, *d = self->fire_preview.destructors;
  int na = a != NULL ? a->max_damage : 0, nd = d != NULL ? d->max_damage : 0;
  int n = na + nd + 1;
  g_autofree double *p = NULL;
  double top = 0, bar;
  GdkRGBA colour;

  if (!self->have_fire_preview || !self->fire_preview.legal)
    return;
  p = g_new0 (double, n);
  for (int i = 0; i <= na; i++)
    for (int j = 0; j <= nd; j++)
      p[i + j] += (a != NULL ? a->damage[i] : (i == 0)) * (d != NULL ? d->damage[j] : (j == 0));
  for (int k = 0; k < n; k++)
    top = MAX (top, p[k]);
  if (top <= 0)
    return;

  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (area)), &colour);
  bar = (double) width / n;
  for (int k = 0; k < n; k++)
    {
      double h = (height - 14) * p[k] / top;

      cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 1.0);
      cairo_rectangle (cr, k * bar + 1, height - 14 - h, MAX (bar - 2, 1), h);
      cairo_fill (cr);
      if (bar >= 12 || k % 5 == 0)
        {
          char label[16];

          g_snprintf (label, sizeof label, "%d", k);
          gdk_cairo_set_source_rgba (cr, &colour);
          cairo_set_font_size (cr, 10);
          cairo_move_to (cr, k * bar + bar / 2 - 3, height - 2);
          cairo_show_text (cr, label);
        }
    }
}

void
admiralty_orders_odds_show (AdmiraltyOrdersOdds *self,
                            const char          *text,
                            AdmFirePreview      *preview)
{
  g_return_if_fail (ADMIRALTY_IS_ORDERS_ODDS (self));
  g_return_if_fail (text != NULL);

  if (self->have_fire_preview)
    adm_fire_preview_clear (&self->fire_preview);
  self->have_fire_preview = preview != NULL;
  if (preview != NULL)
    {
      /* Taken whole: @preview is left empty. */
      self->fire_preview = *preview;
      memset (preview, 0, sizeof *preview);
    }
  g_free (self->odds_text);
  self->odds_text = g_strdup (text);
  gtk_label_set_label (self->odds_label, self->odds_text);
  gtk_widget_set_visible (GTK_WIDGET (self->odds_area),
                          self->have_fire_preview && self->fire_preview.legal);
  gtk_widget_queue_draw (GTK_WIDGET (self->odds_area));
}

const char *
admiralty_orders_odds_get_text (AdmiraltyOrdersOdds *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_ORDERS_ODDS (self), NULL);

  return self->odds_text != NULL ? self->odds_text : "";
}

/* GObject */

static void
admiralty_orders_odds_dispose (GObject *object)
{
  AdmiraltyOrdersOdds *self = ADMIRALTY_ORDERS_ODDS (object);
  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (self), ADMIRALTY_TYPE_ORDERS_ODDS);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (admiralty_orders_odds_parent_class)->dispose (object);
}

static void
admiralty_orders_odds_finalize (GObject *object)
{
  AdmiraltyOrdersOdds *self = ADMIRALTY_ORDERS_ODDS (object);

  if (self->have_fire_preview)
    adm_fire_preview_clear (&self->fire_preview);
  g_free (self->odds_text);
  G_OBJECT_CLASS (admiralty_orders_odds_parent_class)->finalize (object);
}

static void
admiralty_orders_odds_class_init (AdmiraltyOrdersOddsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = admiralty_orders_odds_dispose;
  object_class->finalize = admiralty_orders_odds_finalize;

  gtk_widget_class_set_css_name (widget_class, "ordersodds");
  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/admiralty/Admiralty/admiralty-orders-odds.ui");
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersOdds, odds_label);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersOdds, odds_area);
}

static void
admiralty_orders_odds_init (AdmiraltyOrdersOdds *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_drawing_area_set_draw_func (self->odds_area, odds_draw, self, NULL);
}
