/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-readable-ui.c: every word the master reads is whole at 1280×800, in English and in
 * Russian (whose words run a third longer). The Komarr campaign after cycle 1 in a window of
 * the screen's size, and the windows opened from it — the report dialog with each document
 * chosen, Tables… with two tables, an admiral's order sheet, Roll Dice…, each correction,
 * Share with Admirals…, the luck ledger's totals and every roll — and a battle's Orders pane
 * are walked: no label shown is ellipsized (pango_layout_is_ellipsized ()), given less room
 * than it needs (gtk_widget_measure () against its allocation, in width and in height for the
 * lines it wraps to) nor clipped by a row or box around it. The scenario editor's Fleets page
 * too, with komarr-muster's pools of ships named after their admirals in its list, and its
 * Sides page, where each admiral's name and id are typed in entries that show them whole.
 * Each is shot in both languages into the build's tests folder (readable-LANG-WHAT.png). */

#include "config.h"

#include <locale.h>
#include <libintl.h>
#include <string.h>

#include "admiralty-battle-page-private.h"
#include "admiralty-campaign-orders.h"
#include "admiralty-correction-dialog.h"
#include "admiralty-editor-season.h"
#include "admiralty-luck-window.h"
#include "admiralty-map-page-private.h"
#include "admiralty-orders-odds.h"
#include "admiralty-orders-panel.h"
#include "admiralty-report-dialog.h"
#include "admiralty-roll-dialog.h"
#include "admiralty-share-dialog.h"
#include "admiralty-sheet-form.h"
#include "admiralty-tables-dialog.h"
#include "admiralty-sector-wall.h"
#include "admiralty-window-private.h"
#include "editor-helpers.h"
#include "komarr-helpers.h"
#include "picture-helpers.h"
#include "ui-helpers.h"

#define T0 G_GINT64_CONSTANT (1795370400) /* 2026-11-22T18:00:00Z */
/* Formations a card or the projector names before a "+N" for the rest. */
#define NAMED_ROWS 8

typedef struct {
  CampaignFixture base;
  const char     *language;
} Fixture;

/* Sets the language the strings are looked up in: "en" (the sources' own) or "ru". */
static gboolean
use_language (const char *language)
{
  g_autofree char *catalogues = g_build_filename (g_getenv ("ADMIRALTY_BUILD_DIR"), "po", NULL);

  g_setenv ("LANGUAGE", language, TRUE);
  if (setlocale (LC_ALL, "C.UTF-8") == NULL)
    return FALSE;
  bindtextdomain (GETTEXT_PACKAGE, catalogues);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  return TRUE;
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  fixture->language = data;
  g_assert_true (use_language (fixture->language));
  komarr_fixture_set_up (&fixture->base, "readable", 1, T0, 1280, 800);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  campaign_fixture_tear_down (&fixture->base);
  use_language ("en");
}

/* Whether the whole of @widget is inside each ancestor that clips its children, up to a
 * scrolled window's child (whose clipping is scrolling, not cutting) or the window. */
static gboolean
visible_in_ancestors (GtkWidget *widget)
{
  for (GtkWidget *ancestor = gtk_widget_get_parent (widget);
       ancestor != NULL && !GTK_IS_SCROLLED_WINDOW (gtk_widget_get_parent (ancestor)) &&
       !GTK_IS_ROOT (ancestor);
       ancestor = gtk_widget_get_parent (ancestor))
    {
      graphene_rect_t bounds;

      if (gtk_widget_get_overflow (ancestor) != GTK_OVERFLOW_HIDDEN)
        continue;
      g_assert_true (gtk_widget_compute_bounds (widget, ancestor, &bounds));
      if (bounds.origin.x < -0.5 || bounds.origin.y < -0.5 ||
          bounds.origin.x + bounds.size.width > gtk_widget_get_width (ancestor) + 0.5 ||
          bounds.origin.y + bounds.size.height > gtk_widget_get_height (ancestor) + 0.5)
        return FALSE;
    }
  return TRUE;
}

/* Every label drawn under @widget that is cut: ellipsized, allocated narrower than its
 * minimum width, or shorter than its lines need at the width it has, a line each ("“Public
 * Bulletin: What Everyone May …” ellipsized", "“Second Squadron, …” 40 px high of 60"). */
static void
find_cut (GtkWidget *widget,
          GString   *cut)
{
  if (!gtk_widget_is_drawable (widget))
    return;
  if (GTK_IS_LABEL (widget) && gtk_label_get_text (GTK_LABEL (widget))[0] != '\0')
    {
      GtkLabel *label = GTK_LABEL (widget);
      graphene_rect_t bounds;
      int minimum = 0, minimum_height = 0, width, height;

      /* The minimum counts the margins; the bounds are the border box, without them. */
      gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
      g_assert_true (gtk_widget_compute_bounds (widget, widget, &bounds));
      width = (int) bounds.size.width + gtk_widget_get_margin_start (widget) +
              gtk_widget_get_margin_end (widget);
      height = (int) bounds.size.height + gtk_widget_get_margin_top (widget) +
               gtk_widget_get_margin_bottom (widget);
      gtk_widget_measure (widget, GTK_ORIENTATION_VERTICAL, MAX (width, minimum),
                          &minimum_height, NULL, NULL, NULL);
      if (pango_layout_is_ellipsized (gtk_label_get_layout (label)))
        g_string_append_printf (cut, "“%s” ellipsized\n", gtk_label_get_text (label));
      else if (width < minimum)
        g_string_append_printf (cut, "“%s” %d px of %d\n", gtk_label_get_text (label), width,
                                minimum);
      else if (height < minimum_height)
        g_string_append_printf (cut, "“%s” %d px high of %d\n", gtk_label_get_text (label),
                                height, minimum_height);
      else if (!visible_in_ancestors (widget))
        g_string_append_printf (cut, "“%s” clipped by its row or box\n",
                                gtk_label_get_text (label));
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    find_cut (child, cut);
}

/* @widget's window is shot as "readable-LANG-@what.png" and no label of it is cut. */
static void
assert_readable (Fixture    *fixture,
                 GtkWidget  *widget,
                 const char *what)
{
  g_autoptr(GString) cut = g_string_new (NULL);
  g_autofree char *name = g_strdup_printf ("readable-%s-%s.png", fixture->language, what);

  wait_frame (widget);
  save_screenshot (widget, name);
  find_cut (widget, cut);
  if (cut->len > 0)
    g_test_message ("%s in %s, cut:\n%s", what, fixture->language, cut->str);
  g_assert_cmpstr (cut->str, ==, "");
}

/* The report dialog with each of its documents chosen in turn. */
static void
test_report_dialog (Fixture       *fixture,
                    gconstpointer  data)
{
  GtkWidget *dialog, *kind;
  GListModel *kinds;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->base.window), "win.export-report",
                                             NULL));
  iterate_until (toplevel_shown, GSIZE_TO_POINTER (ADMIRALTY_TYPE_REPORT_DIALOG), 5000);
  dialog = shown_toplevel (ADMIRALTY_TYPE_REPORT_DIALOG);
  g_assert_nonnull (dialog);
  kind = find_widget (dialog, is_combo_row_titled, dgettext (GETTEXT_PACKAGE, "_Document"));
  g_assert_nonnull (kind);
  kinds = adw_combo_row_get_model (ADW_COMBO_ROW (kind));
  for (guint i = 0; i < g_list_model_get_n_items (kinds); i++)
    {
      g_autofree char *what = g_strdup_printf ("report-%u", i);

      adw_combo_row_set_selected (ADW_COMBO_ROW (kind), i);
      iterate ();
      assert_readable (fixture, dialog, what);
    }
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* The Orders tab of the campaign, and Tables… with two tables. */
static void
test_orders_and_tables (Fixture       *fixture,
                        gconstpointer  data)
{
  AdmiraltyTablesDialog *tables;
  AdmPortal *portal;

  adw_tab_view_set_selected_page (fixture->base.window->tab_view, fixture->base.window->orders_tab);
  wait_frames ();
  assert_readable (fixture, GTK_WIDGET (fixture->base.window), "orders");

  tables = campaign_fixture_tables (&fixture->base, TRUE, 2, &portal);
  gtk_window_present (GTK_WINDOW (tables));
  iterate_until (widget_mapped, tables, 5000);
  wait_frames ();
  assert_readable (fixture, GTK_WIDGET (tables), "tables");
  gtk_window_destroy (GTK_WINDOW (tables));
  adm_portal_stop (portal);
}

/* Whether @a and @b overlap by more than rounding. */
static gboolean
boxes_overlap (const cairo_rectangle_t *a,
               const cairo_rectangle_t *b)
{
  return a->x + 0.5 < b->x + b->width && b->x + 0.5 < a->x + a->width &&
         a->y + 0.5 < b->y + b->height && b->y + 0.5 < a->y + a->height;
}

/* Every text @map draws, as its renderer records them, whole: none ellipsized nor wider than
 * its line by Pango, each sector's name and each formation's on its card reading back as
 * themselves, in lines broken between words, with the ships the master is told; every line
 * inside the map and its card, over no other text. */
static void
assert_map_whole (AdmiraltySectorMap *map)
{
  g_autoptr(GArray) labels = admiralty_sector_map_dup_labels (map);
  g_autoptr(GString) cut = g_string_new (NULL);
  AdmScenario *scenario = admiralty_sector_map_get_scenario (map);
  const AdmiraltySectorView *view = admiralty_sector_map_get_view (map);
  GPtrArray *sectors = adm_scenario_get_sectors (scenario);
  AdmiraltySectorOptions options;
  int width = gtk_widget_get_width (GTK_WIDGET (map));
  int height = gtk_widget_get_height (GTK_WIDGET (map));

  admiralty_sector_map_get_options (map, &options);
  for (guint i = 0; i < labels->len; i++)
    {
      const AdmiraltySectorLabel *label = &g_array_index (labels, AdmiraltySectorLabel, i);
      cairo_rectangle_t card;

      if (label->cut)
        g_string_append_printf (cut, "“%s” cut by Pango\n", label->text);
      if (label->rect.x < -0.5 || label->rect.y < -0.5 ||
          label->rect.x + label->rect.width > width + 0.5 ||
          label->rect.y + label->rect.height > height + 0.5)
        g_string_append_printf (cut, "“%s” past the map's edge\n", label->text);
      if (label->sector != NULL && label->kind != ADMIRALTY_SECTOR_LABEL_ENGAGEMENT)
        {
          admiralty_sector_node_rect (view, label->sector, &card);
          if (label->rect.x < card.x || label->rect.y < card.y ||
              label->rect.x + label->rect.width > card.x + card.width ||
              label->rect.y + label->rect.height > card.y + card.height)
            g_string_append_printf (cut, "“%s” past its card's edge\n", label->text);
        }
      for (guint j = 0; j < i; j++)
        if (boxes_overlap (&label->rect, &g_array_index (labels, AdmiraltySectorLabel, j).rect))
          g_string_append_printf (cut, "“%s” over “%s”\n", label->text,
                                  g_array_index (labels, AdmiraltySectorLabel, j).text);
    }
  for (guint i = 0; i < sectors->len; i++)
    {
      const AdmSector *sector = g_ptr_array_index (sectors, i);
      g_autoptr(GPtrArray) here = admiralty_sector_formations_in (scenario, &options, sector);
      g_autofree char *name = sector_name_lines (labels, sector, NULL, NULL);

      if (g_strcmp0 (name, sector->name) != 0)
        g_string_append_printf (cut, "“%s” drawn as “%s”\n", sector->name, name);
      for (guint f = 0; f < here->len; f++)
        {
          const AdmFormation *formation = g_ptr_array_index (here, f);
          g_autofree char *drawn = sector_name_lines (labels, sector, formation, NULL);
          g_autofree char *told = admiralty_sector_formation_label (scenario, &options,
                                                                    formation);
          g_autoptr(GString) read = g_string_new (drawn);

          for (guint l = 0; l < labels->len; l++)
            {
              const AdmiraltySectorLabel *label = &g_array_index (labels, AdmiraltySectorLabel, l);

              if (label->formation == formation && label->kind == ADMIRALTY_SECTOR_LABEL_SHIPS)
                g_string_append_printf (read, " · %s", label->text);
            }
          if (g_strcmp0 (read->str, told) != 0)
            g_string_append_printf (cut, "“%s” drawn as “%s”\n", told, read->str);
        }
    }
  if (cut->len > 0)
    g_test_message ("the map's texts, cut:\n%s", cut->str);
  g_assert_cmpstr (cut->str, ==, "");
}

static gboolean
is_shown_label (GtkWidget     *widget,
                gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget);
}

/* When all of @flow_box's children fit side by side at their natural widths, none of its
 * labels is wrapped: each reads in as many lines as its text has. */
static void
assert_unwrapped_with_room (GtkWidget *flow_box)
{
  g_autoptr(GPtrArray) labels = find_widgets (flow_box, is_shown_label, NULL);
  int needed = 0, children = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (flow_box); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      int natural = 0;

      gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
      needed += natural;
      children++;
    }
  needed += MAX (children - 1, 0) * (int) gtk_flow_box_get_column_spacing (GTK_FLOW_BOX (flow_box));
  g_test_message ("the bar's %d children need %d px side by side, %d px given", children,
                  needed, gtk_widget_get_width (flow_box));
  if (needed > gtk_widget_get_width (flow_box))
    return;
  for (guint i = 0; i < labels->len; i++)
    {
      GtkLabel *label = g_ptr_array_index (labels, i);
      const char *text = gtk_label_get_text (label);
      int lines = 1;

      for (const char *c = text; *c != '\0'; c++)
        lines += *c == '\n';
      g_test_message ("“%s”: %d lines, %d px wide", text,
                      pango_layout_get_line_count (gtk_label_get_layout (label)),
                      gtk_widget_get_width (GTK_WIDGET (label)));
      g_assert_cmpint (pango_layout_get_line_count (gtk_label_get_layout (label)), ==, lines);
    }
}

/* Every card's rectangle on @map, in the scenario's order of sectors. */
static cairo_rectangle_t *
map_card_rects (AdmiraltySectorMap *map)
{
  return admiralty_sector_node_rects (admiralty_sector_map_get_view (map),
                                      admiralty_sector_map_get_scenario (map));
}

/* The sector map with Pol orbit's card below it, as the manual shows it: no two sectors'
 * cards over each other (F-STRAT-3), nor any label of the card below cut, and every name on
 * the map whole. Selecting the sector moves no card, and the card below shows all of what is
 * in the sector without a scroll. */
static void
test_sector_map (Fixture       *fixture,
                 gconstpointer  data)
{
  AdmiraltyMapPage *map_page;
  const AdmiraltySectorView *view;
  g_autofree cairo_rectangle_t *before = NULL, *after = NULL;
  GtkWidget *factions, *scrolled;
  GPtrArray *sectors;

  adw_tab_view_set_selected_page (fixture->base.window->tab_view, fixture->base.window->map_tab);
  map_page = _admiralty_window_get_map_page (fixture->base.window);
  wait_frames ();
  wait_frame (GTK_WIDGET (map_page->sector_map));
  before = map_card_rects (map_page->sector_map);
  admiralty_sector_map_set_selected_sector (map_page->sector_map, "pol-orbit");
  g_assert_true (gtk_widget_get_visible (map_page->sector_info));
  assert_readable (fixture, GTK_WIDGET (fixture->base.window), "sector-map");
  after = map_card_rects (map_page->sector_map);
  sectors = adm_scenario_get_sectors (admiralty_sector_map_get_scenario (map_page->sector_map));
  for (guint i = 0; i < sectors->len; i++)
    {
      g_test_message ("%s: %g,%g %g×%g, then %g,%g %g×%g",
                      ((AdmSector *) g_ptr_array_index (sectors, i))->id, before[i].x,
                      before[i].y, before[i].width, before[i].height, after[i].x, after[i].y,
                      after[i].width, after[i].height);
      g_assert_cmpfloat (before[i].x, ==, after[i].x);
      g_assert_cmpfloat (before[i].y, ==, after[i].y);
      g_assert_cmpfloat (before[i].width, ==, after[i].width);
      g_assert_cmpfloat (before[i].height, ==, after[i].height);
    }
  factions = GTK_WIDGET (map_page->sector_info_factions);
  scrolled = gtk_widget_get_ancestor (factions, GTK_TYPE_SCROLLED_WINDOW);
  g_assert_nonnull (scrolled);
  g_test_message ("the sector's factions %d px high in %d", gtk_widget_get_height (factions),
                  gtk_widget_get_height (scrolled));
  g_assert_cmpint (gtk_widget_get_height (factions), <=, gtk_widget_get_height (scrolled));
  assert_unwrapped_with_room (factions);
  view = admiralty_sector_map_get_view (map_page->sector_map);
  g_test_message ("the map %d × %d px, cards at %g times their size", view->width,
                  view->height, admiralty_sector_view_get_zoom (view));
  assert_map_whole (map_page->sector_map);
  g_assert_false (admiralty_sector_view_cards_overlap (
      view, admiralty_sector_map_get_scenario (map_page->sector_map)));
}

/* The projector's wall layout of the public map at @width × @height (the window less its
 * heading and key, as at 1920 × 1080 they take 96 and 120 px), shot as
 * "readable-LANG-wall-WxH.png": every sector's name whole, in lines broken between words; every
 * formation shown whole, "+N" only past NAMED_ROWS formations; no text over another nor past
 * the picture, formations in 26 px type at 1920 × 1080. */
static void
assert_wall_whole (Fixture     *fixture,
                   AdmCampaign *campaign,
                   int          window_width,
                   int          window_height)
{
  AdmScenario *scenario = adm_campaign_get_scenario (campaign);
  GPtrArray *sectors = adm_scenario_get_sectors (scenario);
  g_autoptr(GArray) labels = g_array_new (FALSE, TRUE, sizeof (AdmiraltySectorLabel));
  g_autoptr(GString) cut = g_string_new (NULL);
  g_autofree char *name = g_strdup_printf ("readable-%s-wall-%dx%d.png", fixture->language,
                                           window_width, window_height);
  g_autofree char *path = g_build_filename (g_getenv ("ADMIRALTY_BUILD_DIR"), "tests", name,
                                            NULL);
  double k = MIN (window_width / 1920.0, window_height / 1080.0), name_size, label_size;
  int width = window_width, height = window_height - (int) round ((96 + 120) * k);
  AdmiraltySectorOptions options;
  cairo_surface_t *surface;
  cairo_t *cr;

  admiralty_sector_options_init (&options);
  options.state = adm_campaign_get_state (campaign);
  options.strategy = adm_state_get_strategy (options.state);
  options.audience = ADMIRALTY_SECTOR_AUDIENCE_PUBLIC;
  admiralty_sector_wall_type (window_width, window_height, &name_size, &label_size);
  if (window_width == 1920 && window_height == 1080)
    g_assert_cmpfloat (label_size, >=, 26.0);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, height);
  cr = cairo_create (surface);
  admiralty_sector_render_wall (cr, width, height, name_size, label_size, scenario, &options,
                                labels);
  cairo_destroy (cr);
  g_assert_cmpint (cairo_surface_write_to_png (surface, path), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (surface);
  g_test_message ("screenshot: %s", path);
  for (guint i = 0; i < labels->len; i++)
    {
      const AdmiraltySectorLabel *label = &g_array_index (labels, AdmiraltySectorLabel, i);

      if (label->rect.x < -0.5 || label->rect.y < -0.5 ||
          label->rect.x + label->rect.width > width + 0.5 ||
          label->rect.y + label->rect.height > height + 0.5)
        g_string_append_printf (cut, "“%s” past the picture's edge\n", label->text);
      for (guint j = 0; j < i; j++)
        if (boxes_overlap (&label->rect, &g_array_index (labels, AdmiraltySectorLabel, j).rect))
          g_string_append_printf (cut, "“%s” over “%s”\n", label->text,
                                  g_array_index (labels, AdmiraltySectorLabel, j).text);
      if (label->font_size < label_size - 0.01)
        g_string_append_printf (cut, "“%s” in %g px type, not %g\n", label->text,
                                label->font_size, label_size);
    }
  for (guint i = 0; i < sectors->len; i++)
    {
      const AdmSector *sector = g_ptr_array_index (sectors, i);
      g_autoptr(GPtrArray) here = admiralty_sector_formations_in (scenario, &options, sector);
      g_autofree char *drawn = sector_name_lines (labels, sector, NULL, NULL);

      if (g_strcmp0 (drawn, sector->name) != 0)
        g_string_append_printf (cut, "“%s” drawn as “%s”\n", sector->name, drawn);
      for (guint f = 0; f < here->len && (here->len <= NAMED_ROWS || f + 1 < NAMED_ROWS); f++)
        {
          const AdmFormation *formation = g_ptr_array_index (here, f);
          g_autofree char *lines = sector_name_lines (labels, sector, formation, NULL);
          g_autofree char *told = admiralty_sector_formation_label (scenario, &options,
                                                                    formation);

          if (g_strcmp0 (lines, told) != 0)
            g_string_append_printf (cut, "“%s” drawn as “%s”\n", told, lines);
        }
    }
  if (cut->len > 0)
    g_test_message ("the wall at %d × %d in %s, cut:\n%s", window_width, window_height,
                    fixture->language, cut->str);
  g_assert_cmpstr (cut->str, ==, "");
}

/* The projector's picture of the campaign at 1920 × 1080 and at 1280 × 800. */
static void
test_projector_wall (Fixture       *fixture,
                     gconstpointer  data)
{
  AdmiraltyMapPage *map_page;
  AdmCampaign *campaign;

  adw_tab_view_set_selected_page (fixture->base.window->tab_view, fixture->base.window->map_tab);
  map_page = _admiralty_window_get_map_page (fixture->base.window);
  campaign = admiralty_sector_map_get_campaign (map_page->sector_map);
  g_assert_nonnull (campaign);
  assert_wall_whole (fixture, campaign, 1920, 1080);
  assert_wall_whole (fixture, campaign, 1280, 800);
}

/* An admiral's order sheet, its "Order for another formation" row showing a formation and
 * its admiral, the longest choice of the sheet (F-STRAT-16). */
static void
test_sheet (Fixture       *fixture,
            gconstpointer  data)
{
  AdmiraltySheetForm *form;

  adw_tab_view_set_selected_page (fixture->base.window->tab_view, fixture->base.window->orders_tab);
  wait_frames ();
  form = admiralty_campaign_orders_open_sheet (
      _admiralty_window_get_campaign_orders (fixture->base.window), "vorkosigan");
  g_assert_nonnull (form);
  iterate_until (widget_mapped, form, 5000);
  wait_frames ();
  assert_readable (fixture, GTK_WIDGET (form), "sheet");
  gtk_window_destroy (GTK_WINDOW (form));
}

/* The toplevel of @type shown after @action (with @parameter) is activated on the window,
 * checked as "@what" and closed. */
static void
assert_dialog_readable (Fixture    *fixture,
                        const char *action,
                        GVariant   *parameter,
                        GType       type,
                        const char *what)
{
  GtkWidget *dialog;

  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (fixture->base.window), action,
                                                     parameter));
  iterate_until (toplevel_shown, GSIZE_TO_POINTER (type), 5000);
  wait_frames ();
  dialog = shown_toplevel (type);
  g_assert_nonnull (dialog);
  assert_readable (fixture, dialog, what);
  gtk_window_destroy (GTK_WINDOW (dialog));
  iterate ();
}

/* The dialogs whose rows offer a choice: Roll Dice…, each correction, Share with Admirals…
 * sharing. */
static void
test_dialogs (Fixture       *fixture,
              gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  AdmiraltyShareDialog *share;

  assert_dialog_readable (fixture, "win.roll", NULL, ADMIRALTY_TYPE_ROLL_DIALOG, "roll");
  for (guint kind = 0; kind < ADM_CORRECTION_N_KINDS; kind++)
    {
      g_autofree char *what = g_strdup_printf ("correction-%u", kind);

      assert_dialog_readable (fixture, admiralty_correction_action_name (kind),
                              g_variant_new_string (""), ADMIRALTY_TYPE_CORRECTION_DIALOG,
                              what);
    }

  admiralty_share_dialog_portal_for (admiralty_window_get_room (fixture->base.window),
                                     fixture->base.window->campaign, &error);
  g_assert_no_error (error);
  share = admiralty_share_dialog_new (admiralty_window_get_room (fixture->base.window));
  gtk_window_present (GTK_WINDOW (share));
  iterate_until (widget_mapped, share, 5000);
  g_assert_true (admiralty_share_dialog_set_running (share, "127.0.0.1", 0, TRUE));
  wait_frames ();
  assert_readable (fixture, GTK_WIDGET (share), "share");
  g_assert_true (admiralty_share_dialog_set_running (share, "127.0.0.1", 0, FALSE));
  gtk_window_destroy (GTK_WINDOW (share));
}

/* @widget's bounds in @ancestor's coordinates. */
static graphene_rect_t
bounds_in (GtkWidget *widget,
           GtkWidget *ancestor)
{
  graphene_rect_t bounds;

  g_assert_true (gtk_widget_compute_bounds (widget, ancestor, &bounds));
  return bounds;
}

/* The odds, text and damage distribution, within the part of the Orders pane in sight with
 * the pane scrolled to its top, as it is when a ship is chosen on the table. */
static void
assert_odds_in_sight (GtkWidget *odds)
{
  GtkWidget *scrolled = gtk_widget_get_ancestor (odds, GTK_TYPE_SCROLLED_WINDOW);
  graphene_rect_t bounds;

  g_assert_nonnull (scrolled);
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled)),
                            0);
  wait_frame (scrolled);
  bounds = bounds_in (odds, scrolled);
  g_test_message ("the odds from %g to %g px of the pane's %d px in sight", bounds.origin.y,
                  bounds.origin.y + bounds.size.height, gtk_widget_get_height (scrolled));
  g_assert_cmpfloat (bounds.origin.y, >=, 0);
  g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, gtk_widget_get_height (scrolled));
}

static gboolean
is_odds (GtkWidget     *widget,
         gconstpointer  data)
{
  return ADMIRALTY_IS_ORDERS_ODDS (widget);
}

/* The weapons' names are the ruleset's, shown in the master's language. */
static gboolean
offers_main_battery (gpointer data)
{
  return _admiralty_orders_panel_get_weapon_check (data,
                                                   dgettext (GETTEXT_PACKAGE, "Main battery"))
         != NULL;
}

/* Whether the Orders pane @data says the odds of the fire aimed, and whether it says the
 * refusal of a battery fired twice at one target (F-FIRE-12). */
static gboolean
odds_said (gpointer data)
{
  return g_strcmp0 (_admiralty_orders_panel_get_odds_text (data), "") != 0 &&
         _admiralty_orders_panel_get_odds_text (data) != NULL;
}

static gboolean
refusal_said (gpointer data)
{
  return strstr (_admiralty_orders_panel_get_message (data), "F-FIRE-12") != NULL;
}

typedef struct {
  AdmBattle *battle;
  AdmPhase   phase;
} PhaseLeft;

static gboolean
phase_left (gpointer data)
{
  PhaseLeft *left = data;

  return adm_battle_get_phase (left->battle) != left->phase;
}

/* A battle at 1280×800, torpedo-duel in its fire phase with Prince Xav's main battery aimed
 * at Pale Jade: every label of the page whole; and again with a refusal (F-FIRE-12, the
 * battery's second fire) at the foot of the Orders pane, which covers none of the orders,
 * the odds among them, and leaves the pane tall enough to show the odds whole. */
static void
test_battle_orders (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autofree char *path = copy_battle ("scenarios/battles", "torpedo-duel", FALSE);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  AdmiraltyBattlePage *page;
  AdmiraltyTableWidget *table;
  AdmiraltyOrdersPanel *panel;
  AdmBattle *battle;
  g_autofree char *shot = NULL;
  GtkWidget *odds, *guns, *declare, *message_box, *scrolled;
  GtkAdjustment *adjustment;
  graphene_rect_t odds_bounds, message_bounds, pane_bounds;

  g_assert_true (admiralty_window_open_file (fixture->base.window, file));
  wait_frames ();
  page = _admiralty_window_get_battle_page (fixture->base.window);
  g_assert_nonnull (page);
  battle = admiralty_battle_page_get_battle (page);
  table = _admiralty_battle_page_get_table (page);
  panel = admiralty_battle_page_get_orders_panel (page);
  while (adm_battle_get_phase (battle) != ADM_PHASE_FIRE)
    {
      PhaseLeft left = { battle, adm_battle_get_phase (battle) };

      gtk_widget_activate (fixture->base.window->resolve_button);
      iterate_until (phase_left, &left, 3000);
      g_assert_true (phase_left (&left));
    }
  wait_frames ();
  assert_readable (fixture, GTK_WIDGET (fixture->base.window), "battle-fire");
  admiralty_table_widget_set_selected_ship (table, adm_battle_ship_index (battle, "prince-xav"));
  iterate_until (offers_main_battery, panel, 2000);
  guns = _admiralty_orders_panel_get_weapon_check (panel,
                                                   dgettext (GETTEXT_PACKAGE, "Main battery"));
  g_assert_nonnull (guns);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (guns), TRUE);
  admiralty_table_widget_set_target_ship (table, adm_battle_ship_index (battle, "pale-jade"));
  iterate_until (odds_said, panel, 5000);
  wait_frames ();
  odds = find_widget (GTK_WIDGET (panel), is_odds, NULL);
  g_assert_nonnull (odds);
  g_assert_cmpstr (_admiralty_orders_panel_get_odds_text (panel), !=, "");
  assert_readable (fixture, GTK_WIDGET (fixture->base.window), "battle-odds");
  assert_odds_in_sight (odds);

  /* The battery declared, checked again and declared again: refused. */
  declare = _admiralty_orders_panel_get_declare_button (panel);
  g_signal_emit_by_name (declare, "clicked");
  iterate ();
  g_assert_cmpstr (_admiralty_orders_panel_get_message (panel), ==, "");
  admiralty_table_widget_set_selected_ship (table, adm_battle_ship_index (battle, "prince-xav"));
  iterate_until (offers_main_battery, panel, 2000);
  guns = _admiralty_orders_panel_get_weapon_check (panel,
                                                   dgettext (GETTEXT_PACKAGE, "Main battery"));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (guns), TRUE);
  admiralty_table_widget_set_target_ship (table, -1);
  admiralty_table_widget_set_target_ship (table, adm_battle_ship_index (battle, "pale-jade"));
  iterate ();
  g_signal_emit_by_name (declare, "clicked");
  iterate_until (refusal_said, panel, 5000);
  wait_frames ();
  g_assert_nonnull (strstr (_admiralty_orders_panel_get_message (panel), "F-FIRE-12"));
  message_box = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (panel),
                                                           ADMIRALTY_TYPE_ORDERS_PANEL,
                                                           "message_box"));
  g_assert_true (gtk_widget_get_mapped (message_box));
  assert_readable (fixture, GTK_WIDGET (fixture->base.window), "battle-refusal");
  scrolled = gtk_widget_get_ancestor (odds, GTK_TYPE_SCROLLED_WINDOW);
  g_assert_nonnull (scrolled);
  /* Scrolled down to the odds, as the master does. */
  adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_value (adjustment) +
                                        bounds_in (odds, scrolled).origin.y);
  wait_frame (scrolled);
  shot = g_strdup_printf ("readable-%s-battle-refusal-odds.png", fixture->language);
  save_screenshot (GTK_WIDGET (fixture->base.window), shot);
  odds_bounds = bounds_in (odds, GTK_WIDGET (fixture->base.window));
  message_bounds = bounds_in (message_box, GTK_WIDGET (fixture->base.window));
  pane_bounds = bounds_in (scrolled, GTK_WIDGET (fixture->base.window));
  g_test_message ("odds %g px tall, the pane %g px, the refusal %g to %g px, the pane to %g px",
                  odds_bounds.size.height, pane_bounds.size.height, message_bounds.origin.y,
                  message_bounds.origin.y + message_bounds.size.height,
                  pane_bounds.origin.y + pane_bounds.size.height);
  /* The odds as far as the pane shows them. */
  g_assert_true (graphene_rect_intersection (&odds_bounds, &pane_bounds, &odds_bounds));
  g_assert_false (graphene_rect_intersection (&odds_bounds, &message_bounds, NULL));
  g_assert_false (graphene_rect_intersection (&pane_bounds, &message_bounds, NULL));
  g_assert_cmpfloat (gtk_widget_get_height (odds), <=, pane_bounds.size.height);
  remove_battle_copy (path);
}

/* Only the language: the editor opens a scenario of its own. */
static void
language_set_up (Fixture       *fixture,
                 gconstpointer  data)
{
  fixture->language = data;
  g_assert_true (use_language (fixture->language));
}

static void
language_tear_down (Fixture       *fixture,
                    gconstpointer  data)
{
  use_language ("en");
}

/* F-GEN-5: the scenario editor's Fleets page at 1280×800 with komarr-muster's pools, the
 * first shown: each pool's line in the list names its admiral and its ships whole ("Pool of
 * Adm. Aral Vorkosigan (11 ships)"), as does every other label of the page. */
static void
test_editor_pools (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autofree char *folder = NULL;
  g_autofree char *path = scenario_copy ("komarr-muster.admiralty", &folder);
  AdmiraltyScenarioEditor *editor;
  GtkWidget *list;
  GtkListBoxRow *first;

  editor = editor_of (path);
  admiralty_scenario_editor_set_visible_page (editor, "fleets");
  wait_frame (GTK_WIDGET (editor));
  list = find_widget (admiralty_scenario_editor_get_page (editor, "fleets"), is_sidebar, NULL);
  g_assert_nonnull (list);
  first = gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 0);
  g_assert_nonnull (first);
  gtk_list_box_select_row (GTK_LIST_BOX (list), first);
  iterate ();
  assert_readable (fixture, GTK_WIDGET (editor), "editor-pools");
  close_editor (editor);
  remove_tree (folder);
}

/* Every entry under @widget whose text is wider than the entry shows, a line each ("“Adm.
 * Aral Vorkosigan” 108 px of 152"). */
static void
find_cut_entries (GtkWidget *widget,
                  GString   *cut)
{
  if (!gtk_widget_is_drawable (widget))
    return;
  if (GTK_IS_TEXT (widget))
    {
      const char *text = gtk_editable_get_text (GTK_EDITABLE (widget));
      g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (widget, text);
      int width = 0;

      pango_layout_get_pixel_size (layout, &width, NULL);
      if (width > gtk_widget_get_width (widget))
        g_string_append_printf (cut, "“%s” %d px of %d\n", text, gtk_widget_get_width (widget),
                                width);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    find_cut_entries (child, cut);
}

/* The scenario editor's Sides page at 1280×800 with the Komarr campaign's eleven admirals:
 * each admiral's row shows his name as the file has it and his id whole beside his faction
 * ("ghem-Adm. Ilsum Estif", "ghem-estif", "Cetagandan Empire"), and every label of the page
 * is whole. */
static void
test_editor_sides (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autofree char *folder = NULL;
  g_autofree char *path = scenario_copy ("komarr-campaign.admiralty", &folder);
  g_autoptr(GString) cut = g_string_new (NULL);
  AdmiraltyScenarioEditor *editor;
  GtkWidget *admirals, *scrolled;
  GtkAdjustment *adjustment;

  editor = editor_of (path);
  admiralty_scenario_editor_set_visible_page (editor, "sides");
  wait_frame (GTK_WIDGET (editor));
  admirals = find_widget (admiralty_scenario_editor_get_page (editor, "sides"),
                          is_group_titled, dgettext (GETTEXT_PACKAGE, "Admirals"));
  g_assert_nonnull (admirals);
  g_assert_nonnull (find_widget (admirals, is_entry_row_text, "ghem-Adm. Ilsum Estif"));
  /* Scrolled down to the admirals, for the picture. */
  scrolled = gtk_widget_get_ancestor (admirals, GTK_TYPE_SCROLLED_WINDOW);
  g_assert_nonnull (scrolled);
  adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_value (adjustment) +
                                        bounds_in (admirals, scrolled).origin.y);
  assert_readable (fixture, GTK_WIDGET (editor), "editor-sides");
  find_cut_entries (admirals, cut);
  if (cut->len > 0)
    g_test_message ("the admirals' entries in %s, cut:\n%s", fixture->language, cut->str);
  g_assert_cmpstr (cut->str, ==, "");
  close_editor (editor);
  remove_tree (folder);
}

/* F-FORM-8: the Season page's rulings at 1280×800 — each row's name, its clause and the
 * option chosen are whole ("Up to 6 escorts plus up to 6 capital ships" once chosen, and in
 * Russian), and so is every option of F-FORM-8's list, opened with a click. */
static void
test_editor_rulings (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autofree char *folder = NULL;
  g_autofree char *path = scenario_copy ("skirmish.admiralty", &folder);
  g_autoptr(GString) cut = g_string_new (NULL);
  g_autofree char *shot = NULL;
  AdmiraltyScenarioEditor *editor;
  AdmiraltyEditorSeason *season;
  GtkWidget *rulings, *composition, *popover;

  editor = editor_of (path);
  season = ADMIRALTY_EDITOR_SEASON (admiralty_scenario_editor_get_page (editor, "season"));
  admiralty_scenario_editor_set_visible_page (editor, "season");
  wait_frame (GTK_WIDGET (editor));
  focus_window (GTK_WIDGET (editor));
  composition = admiralty_editor_season_get_control (season, NULL, NULL, NULL,
                                                     "formation-composition", "value");
  g_assert_true (ADW_IS_COMBO_ROW (composition));
  /* The longer option chosen, as a master who mixes escorts and capital ships has it. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (composition), 1);
  wait_frames ();
  composition = admiralty_editor_season_get_control (season, NULL, NULL, NULL,
                                                     "formation-composition", "value");
  rulings = gtk_widget_get_ancestor (composition, ADW_TYPE_PREFERENCES_GROUP);
  g_assert_nonnull (rulings);
  scroll_into_view (composition);
  wait_frame (GTK_WIDGET (editor));
  shot = g_strdup_printf ("readable-%s-editor-rulings.png", fixture->language);
  save_screenshot (GTK_WIDGET (editor), shot);
  find_cut (rulings, cut);
  if (cut->len > 0)
    g_test_message ("the rulings in %s, cut:\n%s", fixture->language, cut->str);
  g_assert_cmpstr (cut->str, ==, "");

  /* Its list, opened: every option whole. */
  pointer_click_widget (composition);
  iterate_until (popover_open, composition, 2000);
  popover = find_widget (composition, is_popover, NULL);
  g_assert_nonnull (popover);
  wait_frame (popover);
  g_clear_pointer (&shot, g_free);
  shot = g_strdup_printf ("readable-%s-editor-ruling-options.png", fixture->language);
  save_screenshot (GTK_WIDGET (editor), shot);
  find_cut (popover, cut);
  if (cut->len > 0)
    g_test_message ("F-FORM-8's options in %s, cut:\n%s", fixture->language, cut->str);
  g_assert_cmpstr (cut->str, ==, "");
  keys_to (GTK_WIDGET (editor), "Escape");
  close_editor (editor);
  remove_tree (folder);
}

/* F-ECM-2: the luck ledger with c1-2's battle fought two turns with seed 3 and c1-1's (Pol
 * Defiant boarded) kept, its totals and every roll, as the master: every row's words whole,
 * and the header's Totals, Every Roll and audience. */
static void
test_luck_ledger (Fixture       *fixture,
                  gconstpointer  data)
{
  AdmCampaign *campaign = fixture->base.window->campaign;
  g_autoptr(AdmBattle) autumn = engagement_battle (campaign, "c1-2");
  g_autoptr(AdmBattle) defiant = NULL;
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (3);
  g_autoptr(GError) error = NULL;
  AdmiraltyLuckWindow *luck;

  for (int turn = 1; turn <= 2; turn++)
    {
      g_assert_true (adm_battle_resolve_turn (autumn, NULL, ADM_DICE_SOURCE (dice), &error));
      g_assert_no_error (error);
    }
  g_assert_true (adm_campaign_keep_battle (campaign, "c1-2", autumn, &error));
  g_assert_no_error (error);
  defiant = komarr_capture_pol_defiant (campaign);
  g_assert_true (adm_campaign_keep_battle (campaign, "c1-1", defiant, &error));
  g_assert_no_error (error);
  luck = _admiralty_window_open_luck (fixture->base.window);
  g_assert_nonnull (luck);
  iterate_until (widget_mapped, luck, 5000);
  assert_readable (fixture, GTK_WIDGET (luck), "luck-totals");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (luck), "luck.rows", "s", "every-roll"));
  assert_readable (fixture, GTK_WIDGET (luck), "luck-every-roll");
  gtk_window_destroy (GTK_WINDOW (luck));
}

int
main (int   argc,
      char *argv[])
{
  static const char *languages[] = { "en", "ru" };

  ui_test_init (&argc, &argv, "readable-ui");
  for (guint i = 0; i < G_N_ELEMENTS (languages); i++)
    {
      g_autofree char *report = g_strdup_printf ("/ui/readable/%s/report-dialog", languages[i]);
      g_autofree char *orders = g_strdup_printf ("/ui/readable/%s/orders-and-tables",
                                                 languages[i]);

      g_test_add (report, Fixture, languages[i], fixture_set_up, test_report_dialog,
                  fixture_tear_down);
      g_autofree char *battle = g_strdup_printf ("/ui/readable/%s/F-FIRE-12/battle-orders",
                                                 languages[i]);

      g_test_add (orders, Fixture, languages[i], fixture_set_up, test_orders_and_tables,
                  fixture_tear_down);
      g_autofree char *sheet = g_strdup_printf ("/ui/readable/%s/F-STRAT-16/sheet", languages[i]);

      g_test_add (sheet, Fixture, languages[i], fixture_set_up, test_sheet, fixture_tear_down);
      g_autofree char *map = g_strdup_printf ("/ui/readable/%s/F-STRAT-3/sector-map",
                                              languages[i]);
      g_autofree char *wall = g_strdup_printf ("/ui/readable/%s/F-STRAT-8/projector-wall",
                                               languages[i]);

      g_test_add (wall, Fixture, languages[i], fixture_set_up, test_projector_wall,
                  fixture_tear_down);

      g_test_add (map, Fixture, languages[i], fixture_set_up, test_sector_map,
                  fixture_tear_down);
      g_autofree char *dialogs = g_strdup_printf ("/ui/readable/%s/dialogs", languages[i]);

      g_test_add (dialogs, Fixture, languages[i], fixture_set_up, test_dialogs,
                  fixture_tear_down);
      g_test_add (battle, Fixture, languages[i], fixture_set_up, test_battle_orders,
                  fixture_tear_down);
      g_autofree char *editor = g_strdup_printf ("/ui/readable/%s/F-GEN-5/editor-pools",
                                                 languages[i]);

      g_test_add (editor, Fixture, languages[i], language_set_up, test_editor_pools,
                  language_tear_down);
      g_autofree char *sides = g_strdup_printf ("/ui/readable/%s/editor-sides", languages[i]);

      g_test_add (sides, Fixture, languages[i], language_set_up, test_editor_sides,
                  language_tear_down);
      g_autofree char *rulings = g_strdup_printf ("/ui/readable/%s/F-FORM-8/editor-rulings",
                                                  languages[i]);

      g_test_add (rulings, Fixture, languages[i], language_set_up, test_editor_rulings,
                  language_tear_down);
      g_autofree char *luck = g_strdup_printf ("/ui/readable/%s/F-ECM-2/luck-ledger",
                                               languages[i]);

      g_test_add (luck, Fixture, languages[i], fixture_set_up, test_luck_ledger,
                  fixture_tear_down);
    }
  return ui_test_finish (g_test_run ());
}
