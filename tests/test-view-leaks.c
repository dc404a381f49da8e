/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-view-leaks.c: what the players' views say in words. Every picture is drawn
 * into a Cairo PDF surface and read back with poppler-utils' pdftotext, and every widget's
 * labels and tooltips are collected, so that a name drawn or written anywhere is caught, not
 * only a marker's colour:
 *  - the strategic map (F-STRAT-2, F-STRAT-3): the Komarr campaign hides Autumn Screen and the
 *    Komarran Cruiser Division. The renderer's public and enemy-side pictures, the sector
 *    tooltips, the sector card beside the map under each "Show" choice, the map widget as
 *    drawn on screen, and the projector window (F5) give none of their names, ship names,
 *    classes or strength; the master's tooltips and sector card do name them;
 *  - the tactical table's "View as" (F-ECM-2, F-ECM-4, F-ECM-6) with the battle of
 *    tests/data/reports/cycle-2-pol-orbit.xml, where the Cetagandans have not detected two
 *    Polian formations and see the First Squadron only face down: the table renderer's
 *    picture, the table widget as drawn, the Ships list and the selected-ship card give no
 *    undetected ship's name or class and no unidentified ship's name or class, even when the
 *    face-down token is clicked; the master's picture and list do name them.
 *  - the luck ledger's window (F-ECM-2, F-STRAT-3): each side's rows count exactly the judged
 *    rolls the one audience filter shows it, and its words name no ship it is not shown, no
 *    engagement id and nothing of a hidden formation; so does its Every Roll for a side that
 *    did not see every roll, each row drawn or not;
 *  - the muster (F-GEN-6): with one muster returned with the master's reason and another
 *    accepted, the Cetagandans' screen and the master's map showing their side give no ship,
 *    formation or reason of either.
 * The PDFs go to a temporary folder, removed when every test has passed. Runs under Xvfb. */

#include "config.h"

#include <string.h>
#include <cairo-pdf.h>
#include <glib/gstdio.h>

#include "admiralty-battle-page-private.h"
#include "admiralty-luck-window.h"
#include "admiralty-map-page-private.h"
#include "admiralty-orders-panel.h"
#include "admiralty-player-window.h"
#include "admiralty-projector-window.h"
#include "admiralty-replay-window.h"
#include "admiralty-sector-renderer.h"
#include "admiralty-table-renderer.h"
#include "admiralty-table-widget.h"
#include "picture-helpers.h"
#include "text-helpers.h"
#include "admiralty-window-private.h"
#include "battle-helpers.h"
#include "adm-doc-render.h"
#include "komarr-helpers.h"
#include "shipped-helpers.h"
#include "ui-helpers.h"
#include "adm-campaign-battles.h"
#include "adm-campaign-file.h"
#include "adm-campaign-journal.h"
#include "adm-chronicle.h"
#include "adm-log-entry.h"
#include "adm-luck.h"
#include "adm-report-kit.h"

#define T0 1795000000  /* journal times, seconds */

static const char *hidden_ids[] = { "autumn-screen", "komarran-cruiser-division" };

static char *pdf_dir;

/* Text */

/* The path of @name in the test's PDF folder. */
static char *
pdf_path (const char *name)
{
  g_autofree char *file = g_strdup_printf ("%s.pdf", name);

  return g_build_filename (pdf_dir, file, NULL);
}

/* Draws @node into a @width × @height PDF named @name and returns its text. */
static char *
node_text (GskRenderNode *node,
           int            width,
           int            height,
           const char    *name)
{
  g_autofree char *path = pdf_path (name);
  cairo_surface_t *surface = cairo_pdf_surface_create (path, width, height);
  cairo_t *cr = cairo_create (surface);

  gsk_render_node_draw (node, cr);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (surface);
  g_test_message ("picture saved to %s", path);
  return pdf_text (path);
}

static gboolean
count_frame (GtkWidget     *widget,
             GdkFrameClock *clock,
             gpointer       data)
{
  guint *frames = data;

  return ++*frames < 3 ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
}

static gboolean
frames_done (gpointer data)
{
  return *(guint *) data >= 3;
}

/* Runs the main context until @widget's window has drawn a few frames: what was changed is
 * on screen. */
static void
wait_drawn (GtkWidget *widget)
{
  guint frames = 0;

  gtk_widget_queue_draw (widget);
  gtk_widget_add_tick_callback (widget, count_frame, &frames, NULL);
  iterate_until (frames_done, &frames, 5000);
  g_assert_cmpuint (frames, >=, 3);
}

/* @widget as it draws itself on screen, its children included, in a PDF named @name: the
 * text of that picture. A picture whose words cannot be read back (drawn as pixels: the
 * sector map's tiles, the table's kept layers) would check nothing, so it has some. */
static char *
widget_pdf_text (GtkWidget  *widget,
                 const char *name)
{
  g_autoptr(GskRenderNode) node = NULL;
  g_autofree char *words = NULL;
  char *text;
  int width, height;

  wait_drawn (widget);
  node = widget_drawn_node (widget);
  width = gtk_widget_get_width (widget);
  height = gtk_widget_get_height (widget);
  text = node_text (node, width, height, name);
  words = g_strstrip (g_strdup (text));
  if (words[0] == '\0')
    g_error ("%s: the picture has no words to read back (drawn as pixels?)", name);
  return text;
}

/* Every label's text and every tooltip under @widget, itself included, one per line. */
static void
collect_text (GtkWidget *widget,
              GString   *out)
{
  const char *tooltip = gtk_widget_get_tooltip_text (widget);

  if (GTK_IS_LABEL (widget))
    g_string_append_printf (out, "%s\n", gtk_label_get_text (GTK_LABEL (widget)));
  if (tooltip != NULL)
    g_string_append_printf (out, "%s\n", tooltip);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_text (child, out);
}

static char *
widget_text (GtkWidget *widget)
{
  GString *out = g_string_new (NULL);

  collect_text (widget, out);
  return g_string_free (out, FALSE);
}

/* Pango markup as the text it shows. */
static char *
markup_text (const char *markup)
{
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_assert_true (pango_parse_markup (markup, -1, 0, NULL, &text, NULL, &error));
  g_assert_no_error (error);
  return text;
}

/* The strategic map (F-STRAT-2, F-STRAT-3) */

static const AdmFormation *
hidden_formation (AdmCampaign *campaign,
                  guint        h)
{
  const AdmFormation *formation = adm_strategy_lookup_formation (strategy_of (campaign),
                                                                 hidden_ids[h]);

  g_assert_nonnull (formation);
  g_assert_true (formation->hidden);
  return formation;
}

/* Nothing of the hidden @formation in @text: its name and id, its line in a tooltip or a
 * sector card ("NAME · …", which carries its strength), its ships' names, and their classes
 * unless a ship the audience is shown is of that class (@shown_classes, may be NULL). */
static void
assert_formation_absent (const char         *text,
                         const AdmFormation *formation,
                         GHashTable         *shown_classes,
                         const char         *where)
{
  g_autofree char *named = g_strdup_printf ("%s ·", formation->name);

  assert_lacks (text, formation->name, where);
  assert_lacks (text, formation->id, where);
  assert_lacks (text, named, where);
  for (guint s = 0; s < formation->ships->len; s++)
    {
      const AdmShip *ship = g_ptr_array_index (formation->ships, s);

      assert_lacks (text, ship->name, where);
      if (shown_classes == NULL || !g_hash_table_contains (shown_classes, ship->klass->name))
        assert_lacks (text, ship->klass->name, where);
    }
}

/* The classes of the ships @options shows anywhere on the map: the hidden formation's classes
 * may be named by those (they never are by the renderer, which draws no class). */
static GHashTable *
classes_shown (AdmScenario                  *scenario,
               const AdmiraltySectorOptions *options)
{
  GHashTable *classes = g_hash_table_new (g_str_hash, g_str_equal);
  GPtrArray *formations = adm_strategy_get_formations (options->strategy);

  for (guint i = 0; i < formations->len; i++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, i);

      if (!admiralty_sector_formation_shown (scenario, options, formation))
        continue;
      for (guint s = 0; s < formation->ships->len; s++)
        g_hash_table_add (classes,
                          ((AdmShip *) g_ptr_array_index (formation->ships, s))->klass->name);
    }
  return classes;
}

static char *
sector_pdf_text (AdmCampaign                  *campaign,
                 const AdmiraltySectorView    *view,
                 const AdmiraltySectorOptions *options,
                 const char                   *name)
{
  g_autofree char *path = pdf_path (name);
  cairo_surface_t *surface = cairo_pdf_surface_create (path, view->width, view->height);
  cairo_t *cr = cairo_create (surface);

  admiralty_sector_render (cr, view, adm_campaign_get_scenario (campaign), options);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (surface);
  g_test_message ("picture saved to %s", path);
  return pdf_text (path);
}

/* The audiences to check against hidden formation @formation: the public, and every side
 * that has not met it. */
static GPtrArray *
blind_audiences (AdmCampaign        *campaign,
                 const AdmFormation *formation)
{
  AdmScenario *scenario = adm_campaign_get_scenario (campaign);
  GPtrArray *factions = adm_scenario_get_factions (scenario);
  GPtrArray *audiences = g_ptr_array_new_with_free_func (g_free);
  AdmiraltySectorOptions *options = g_new (AdmiraltySectorOptions, 1);

  admiralty_sector_options_init (options);
  options->strategy = strategy_of (campaign);
  options->audience = ADMIRALTY_SECTOR_AUDIENCE_PUBLIC;
  g_ptr_array_add (audiences, options);
  for (guint i = 0; i < factions->len; i++)
    {
      const AdmFaction *faction = g_ptr_array_index (factions, i);

      /* A side that sees it, or knows it by a last sighting, is not blind to it. */
      if (adm_strategy_formation_visible (strategy_of (campaign), formation, faction) ||
          adm_strategy_last_sighting (strategy_of (campaign), formation, faction, NULL))
        continue;
      options = g_new (AdmiraltySectorOptions, 1);
      admiralty_sector_options_init (options);
      options->strategy = strategy_of (campaign);
      options->audience = ADMIRALTY_SECTOR_AUDIENCE_SIDE;
      options->viewer = faction;
      g_ptr_array_add (audiences, options);
    }
  return audiences;
}

static const char *
audience_name (const AdmiraltySectorOptions *options)
{
  switch (options->audience)
    {
    case ADMIRALTY_SECTOR_AUDIENCE_MASTER:
      return "master";
    case ADMIRALTY_SECTOR_AUDIENCE_PUBLIC:
      return "public";
    case ADMIRALTY_SECTOR_AUDIENCE_SIDE:
    default:
      return options->viewer->id;
    }
}

/* F-STRAT-2, F-STRAT-3: the renderer's pictures, as PDF text. The renderer writes sector
 * names and "+N" counts only: the master's picture shows that the text comes through (every
 * sector of a hidden formation is named in every picture), and no audience that has not met a
 * hidden formation gets a word of it. */
static void
test_sector_pdf (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  AdmScenario *scenario = adm_campaign_get_scenario (campaign);
  AdmiraltySectorView view;
  AdmiraltySectorOptions master;
  g_autofree char *master_text = NULL;
  guint checked = 0;

  admiralty_sector_view_init (&view, 1600, 1000);
  admiralty_sector_view_fit (&view, scenario);
  g_assert_false (admiralty_sector_view_cards_overlap (&view, scenario));
  admiralty_sector_options_init (&master);
  master.strategy = strategy_of (campaign);
  master_text = sector_pdf_text (campaign, &view, &master, "sector-master");

  for (guint h = 0; h < G_N_ELEMENTS (hidden_ids); h++)
    {
      const AdmFormation *formation = hidden_formation (campaign, h);
      g_autoptr(GPtrArray) audiences = blind_audiences (campaign, formation);

      g_assert_true (admiralty_sector_formation_shown (scenario, &master, formation));
      assert_contains (master_text, formation->sector->name, "master's map");
      for (guint a = 0; a < audiences->len; a++)
        {
          const AdmiraltySectorOptions *options = g_ptr_array_index (audiences, a);
          g_autofree char *name = g_strdup_printf ("sector-%s-%s", audience_name (options),
                                                   formation->id);
          g_autofree char *text = sector_pdf_text (campaign, &view, options, name);
          g_autoptr(GHashTable) classes = classes_shown (scenario, options);

          g_assert_false (admiralty_sector_formation_shown (scenario, options, formation));
          /* The picture has its text: the card of the sector is there, named. */
          assert_contains (text, formation->sector->name, name);
          assert_formation_absent (text, formation, classes, name);
          checked++;
        }
    }
  /* The public and at least one enemy side for each. */
  g_assert_cmpuint (checked, >=, 2 * G_N_ELEMENTS (hidden_ids));
}

/* F-STRAT-3: the war chronicle (adm-chronicle.h) of each audience blind to a hidden formation
 * after cycle 1 — its reports and its sector map, as the PDF's text — names neither the
 * formation nor its ships; the master's names it. */
static void
test_chronicle_pdf (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  AdmScenario *scenario = adm_campaign_get_scenario (campaign);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmDoc) master = NULL;
  g_autofree char *master_path = pdf_path ("chronicle-master");
  g_autofree char *master_text = NULL;
  guint checked = 0;

  komarr_play_cycle (campaign, 1, T0);
  master = adm_chronicle_build (campaign, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (adm_doc_write_pdf (master, NULL, master_path, &error));
  g_assert_no_error (error);
  master_text = pdf_text (master_path);
  for (guint h = 0; h < G_N_ELEMENTS (hidden_ids); h++)
    {
      const AdmFormation *formation = hidden_formation (campaign, h);
      g_autoptr(GPtrArray) audiences = blind_audiences (campaign, formation);

      assert_contains (master_text, formation->name, "master's chronicle");
      for (guint a = 0; a < audiences->len; a++)
        {
          const AdmiraltySectorOptions *options = g_ptr_array_index (audiences, a);
          const char *as = audience_name (options);
          g_autofree char *name = g_strdup_printf ("chronicle-%s-%s", as, formation->id);
          g_autofree char *path = pdf_path (name);
          g_autoptr(AdmDoc) doc = adm_chronicle_build (campaign, as, NULL, &error);
          g_autoptr(GHashTable) classes = classes_shown (scenario, options);
          g_autofree char *text = NULL;

          /* A side with no admiral was told nothing: it has no chronicle. */
          if (doc == NULL)
            {
              g_assert_error (error, ADM_REPORT_ERROR, ADM_REPORT_ERROR_UNKNOWN_ADMIRAL);
              g_clear_error (&error);
              continue;
            }
          g_assert_true (adm_doc_write_pdf (doc, NULL, path, &error));
          g_assert_no_error (error);
          text = pdf_text (path);
          assert_contains (text, formation->sector->name, name);
          assert_formation_absent (text, formation, classes, name);
          checked++;
        }
    }
  /* The public and at least one enemy side for each. */
  g_assert_cmpuint (checked, >=, 2 * G_N_ELEMENTS (hidden_ids));
}

/* The formation lines of a sector's tooltip: every line after the sector's name that is not
 * one of its objects. */
static guint
tooltip_formation_lines (const char      *text,
                         const AdmSector *sector)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  guint n = 0;

  g_assert_cmpstr (lines[0], ==, sector->name);
  for (guint i = 1; lines[i] != NULL; i++)
    n++;
  return n - sector->objects->len;
}

/* F-STRAT-2, F-STRAT-3: the map widget's tooltip of every sector in each audience names only
 * the formations that audience is shown, with their own strength; the master's names the
 * hidden ones. */
static void
test_sector_tooltips (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  AdmScenario *scenario = adm_campaign_get_scenario (campaign);
  GPtrArray *sectors = adm_scenario_get_sectors (scenario);
  GtkWidget *map = g_object_ref_sink (admiralty_sector_map_new ());
  AdmiraltySectorMap *self = ADMIRALTY_SECTOR_MAP (map);

  admiralty_sector_map_set_campaign (self, campaign);

  for (guint h = 0; h < G_N_ELEMENTS (hidden_ids); h++)
    {
      const AdmFormation *formation = hidden_formation (campaign, h);
      g_autoptr(GPtrArray) audiences = blind_audiences (campaign, formation);
      g_autofree char *line = g_strdup_printf (
        "%s · %s · %u ships", formation->name, formation->faction->name,
        formation->ships->len);

      /* The master is told, in full. */
      admiralty_sector_map_set_audience (self, ADMIRALTY_SECTOR_AUDIENCE_MASTER, NULL);
      {
        g_autofree char *markup = admiralty_sector_map_dup_tooltip_markup (self,
                                                                           formation->sector->id);
        g_autofree char *text = markup_text (markup);

        assert_contains (text, line, "master's tooltip");
      }

      for (guint a = 0; a < audiences->len; a++)
        {
          const AdmiraltySectorOptions *options = g_ptr_array_index (audiences, a);
          g_autoptr(GHashTable) classes = classes_shown (scenario, options);

          admiralty_sector_map_set_audience (self, options->audience,
                                             options->viewer != NULL ? options->viewer->id
                                                                     : NULL);
          for (guint s = 0; s < sectors->len; s++)
            {
              const AdmSector *sector = g_ptr_array_index (sectors, s);
              g_autofree char *markup = admiralty_sector_map_dup_tooltip_markup (self,
                                                                                 sector->id);
              g_autofree char *text = markup_text (markup);
              g_autofree char *where = g_strdup_printf ("%s tooltip of %s",
                                                        audience_name (options), sector->id);
              g_autoptr(GPtrArray) shown = admiralty_sector_map_list_formations (self,
                                                                                 sector->id);

              assert_formation_absent (text, formation, classes, where);
              /* One line per formation shown, each with its own strength: no line left for
               * the hidden one. */
              g_assert_false (g_ptr_array_find (shown, formation, NULL));
              g_assert_cmpuint (tooltip_formation_lines (text, sector), ==, shown->len);
              for (guint f = 0; f < shown->len; f++)
                {
                  const AdmFormation *other = g_ptr_array_index (shown, f);
                  g_autofree char *other_line = g_strdup_printf (
                    "%s · %s · %u ship%s", other->name, other->faction->name,
                    other->ships->len, other->ships->len == 1 ? "" : "s");
                  g_autofree char *public_line = g_strdup_printf (
                    "%s · %s\n", other->name, other->faction->name);
                  g_autofree char *text_end = g_strconcat (text, "\n", NULL);
                  gboolean own = options->viewer != NULL &&
                                 (adm_scenario_factions_allied (scenario, options->viewer,
                                                                other->faction) ||
                                  adm_strategy_in_contact (strategy_of (campaign), other,
                                                           options->viewer));

                  /* The public sees formations with their faction, not their composition; a
                   * side, its own side's ships and those of the enemies it is in contact with
                   * (F-STRAT-3): nothing has been met yet, so only an enemy sharing a sector
                   * with it. */
                  g_assert_cmpint (admiralty_sector_map_ship_count (self, other, NULL, NULL), ==,
                                   own);
                  if (own)
                    assert_contains (text, other_line, where);
                  else
                    assert_contains (text_end, public_line, where);
                }
              if (options->audience == ADMIRALTY_SECTOR_AUDIENCE_PUBLIC)
                {
                  assert_lacks (text, " ship", where);
                  assert_lacks (text, " ships", where);
                }
            }
        }
    }
  g_object_unref (map);
}

/* The same in the real window: the map tab's "Show" drop-down, the sector card beside the
 * map, the map as drawn on screen, and the projector (F5). */

static gboolean
map_allocated (gpointer data)
{
  return gtk_widget_get_mapped (data) && gtk_widget_get_width (data) > 0;
}

/* @window's map tab, selected and its sector map laid out. */
static AdmiraltyMapPage *
map_page_shown (AdmiraltyWindow *window)
{
  AdmiraltyMapPage *map_page;

  adw_tab_view_set_selected_page (window->tab_view, window->map_tab);
  map_page = _admiralty_window_get_map_page (window);
  iterate_until (map_allocated, map_page->sector_map, 5000);
  return map_page;
}

/* The "Show" entry of @map_page for @options: master, public, then the factions. */
static guint
show_entry (AdmiraltyMapPage             *map_page,
            const AdmiraltySectorOptions *options)
{
  if (options->audience == ADMIRALTY_SECTOR_AUDIENCE_MASTER)
    return 0;
  if (options->audience == ADMIRALTY_SECTOR_AUDIENCE_PUBLIC)
    return 1;
  for (guint i = 0; i < map_page->map_view_factions->len; i++)
    if (g_str_equal (g_ptr_array_index (map_page->map_view_factions, i), options->viewer->id))
      return 2 + i;
  g_assert_not_reached ();
  return 0;
}

/* The sector card's strength, "N formations · M ships", for the formations @map shows in
 * @sector, when two factions or more are there. */
static char *
expected_hint (AdmiraltySectorMap *map,
               const AdmSector    *sector,
               gboolean            composition)
{
  g_autoptr(GPtrArray) shown = admiralty_sector_map_list_formations (map, sector->id);
  g_autoptr(GPtrArray) factions = g_ptr_array_new ();
  guint ships = 0;

  for (guint i = 0; i < shown->len; i++)
    {
      const AdmFormation *formation = g_ptr_array_index (shown, i);
      guint n = 0, cycle = 0;

      /* The ships only when the audience knows every formation's as it is now (F-STRAT-3). */
      if (admiralty_sector_map_ship_count (map, formation, &n, &cycle) && cycle == 0)
        ships += n;
      else
        composition = FALSE;
      if (!g_ptr_array_find (factions, formation->faction, NULL))
        g_ptr_array_add (factions, (gpointer) formation->faction);
    }
  if (factions->len == 0)
    return g_strdup ("No formations are here.");
  if (factions->len == 1)
    return g_strdup ("No enemies meet here.");
  if (!composition)
    return g_strdup_printf ("%u formation%s", shown->len, shown->len == 1 ? "" : "s");
  return g_strdup_printf ("%u formation%s · %u ship%s", shown->len,
                          shown->len == 1 ? "" : "s", ships, ships == 1 ? "" : "s");
}

static void
test_window_map (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) source = komarr_new (NULL, NULL);
  g_autofree char *dir = g_dir_make_tmp ("admiralty-view-leaks-XXXXXX", &error);
  g_autofree char *path = NULL;
  AdmiraltyWindow *window;
  AdmiraltyMapPage *map_page;
  AdmiraltyProjectorWindow *projector;
  AdmCampaign *campaign;
  AdmScenario *scenario;
  guint checked = 0;

  g_assert_no_error (error);
  path = g_build_filename (dir, "komarr.admiralty", NULL);
  window = campaign_window_new (source, path, 0, 0);
  campaign = window->campaign;
  scenario = adm_campaign_get_scenario (campaign);
  map_page = map_page_shown (window);
  /* Drawn as vectors, so that its text can be read back (its tiles are pixels). */
  admiralty_sector_map_set_tiled (map_page->sector_map, FALSE);
  wait_frame (GTK_WIDGET (window));

  for (guint h = 0; h < G_N_ELEMENTS (hidden_ids); h++)
    {
      const AdmFormation *formation = hidden_formation (campaign, h);
      g_autoptr(GPtrArray) audiences = blind_audiences (campaign, formation);
      g_autofree char *line = g_strdup_printf ("%s · %u ships", formation->name,
                                               formation->ships->len);
      AdmiraltySectorOptions master;

      admiralty_sector_options_init (&master);
      admiralty_sector_map_set_selected_sector (map_page->sector_map, formation->sector->id);
      iterate ();

      /* The master's card names it with its strength. */
      gtk_drop_down_set_selected (map_page->map_view_dropdown, show_entry (map_page, &master));
      iterate ();
      {
        g_autofree char *card = widget_text (map_page->sector_info);

        assert_contains (card, formation->sector->name, "master's sector card");
        assert_contains (card, line, "master's sector card");
      }

      for (guint a = 0; a < audiences->len; a++)
        {
          const AdmiraltySectorOptions *options = g_ptr_array_index (audiences, a);
          g_autofree char *where = g_strdup_printf ("window-%s-%s", audience_name (options),
                                                    formation->id);
          g_autofree char *card = NULL, *picture = NULL, *hint = NULL;
          g_autoptr(GHashTable) classes = classes_shown (scenario, options);

          gtk_drop_down_set_selected (map_page->map_view_dropdown, show_entry (map_page, options));
          iterate ();
          g_assert_cmpint (admiralty_sector_map_get_audience (map_page->sector_map), ==,
                           options->audience);
          card = widget_text (map_page->sector_info);
          assert_contains (card, formation->sector->name, where);
          assert_formation_absent (card, formation, classes, where);
          /* The strength is that of the formations shown. */
          hint = expected_hint (map_page->sector_map, formation->sector,
                                options->audience != ADMIRALTY_SECTOR_AUDIENCE_PUBLIC);
          assert_contains (card, hint, where);
          /* The public card: formations with their faction, never their ships. */
          if (options->audience == ADMIRALTY_SECTOR_AUDIENCE_PUBLIC)
            assert_lacks (card, " ship", where);

          picture = widget_pdf_text (GTK_WIDGET (map_page->sector_map), where);
          assert_contains (picture, formation->sector->name, where);
          assert_formation_absent (picture, formation, classes, where);
          checked++;
        }
    }
  g_assert_cmpuint (checked, >=, 2 * G_N_ELEMENTS (hidden_ids));

  /* The projector: the public map, its heading, as drawn and as labelled. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.projector", NULL));
  iterate_until (projector_mapped, NULL, 5000);
  projector = find_projector ();
  g_assert_nonnull (projector);
  wait_frame (GTK_WIDGET (projector));
  g_assert_cmpint (admiralty_sector_map_get_audience (admiralty_projector_window_get_map (projector)),
                   ==, ADMIRALTY_SECTOR_AUDIENCE_PUBLIC);
  {
    g_autofree char *picture = widget_pdf_text (GTK_WIDGET (projector), "projector");
    g_autofree char *labels = widget_text (GTK_WIDGET (projector));
    AdmiraltySectorMap *map = admiralty_projector_window_get_map (projector);
    AdmiraltySectorOptions options;
    g_autoptr(GHashTable) classes = NULL;

    admiralty_sector_map_get_options (map, &options);
    classes = classes_shown (scenario, &options);
    /* Its words come through: the heading and the sectors. */
    assert_contains (picture, "Cycle 1", "projector");
    assert_contains (labels, "Cycle 1", "projector's labels");
    for (guint h = 0; h < G_N_ELEMENTS (hidden_ids); h++)
      {
        const AdmFormation *formation = hidden_formation (campaign, h);
        GPtrArray *sectors = adm_scenario_get_sectors (scenario);

        assert_contains (picture, formation->sector->name, "projector");
        assert_formation_absent (picture, formation, classes, "projector");
        assert_formation_absent (labels, formation, classes, "projector's labels");
        for (guint s = 0; s < sectors->len; s++)
          {
            const AdmSector *sector = g_ptr_array_index (sectors, s);
            g_autofree char *markup = admiralty_sector_map_dup_tooltip_markup (map, sector->id);
            g_autofree char *text = markup_text (markup);

            assert_formation_absent (text, formation, classes, "projector's tooltip");
          }
      }
  }

  close_window (window);
  iterate ();
  g_assert_null (find_projector ());
  remove_tree (dir);
}

/* The master's "Reveal to Everyone…" (F-STRAT-3) and its undo */

/* Whether the public sees @formation on @map: its line in the tooltip of its sector. */
static gboolean
map_names (AdmiraltySectorMap *map,
           const AdmFormation *formation)
{
  g_autofree char *markup = admiralty_sector_map_dup_tooltip_markup (map, formation->sector->id);
  g_autofree char *text = markup_text (markup);
  g_autoptr(GPtrArray) shown = admiralty_sector_map_list_formations (map, formation->sector->id);
  gboolean listed = FALSE;

  for (guint i = 0; i < shown->len; i++)
    listed |= g_strcmp0 (((const AdmFormation *) g_ptr_array_index (shown, i))->id,
                         formation->id) == 0;
  /* The tooltip and the list agree. */
  g_assert_cmpint (strstr (text, formation->name) != NULL, ==, listed);
  return listed;
}

/* F-STRAT-3, F-STRAT-9: Autumn Screen meets the Aslund minelayer in cycle 1 and holds the Hub
 * unseen after the minelayer goes home. Aslund's map no longer tracks it: it draws a dashed,
 * hollow mark where it was last seen, and the Hub's tooltip says "last seen at Hegen Hub,
 * cycle 1 (4 ships)"; it is not among the formations shown. The master's map shows it live; Pol,
 * which never met it, has no mark and no word of it. */
static void
test_last_seen_map (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  AdmScenario *scenario = adm_campaign_get_scenario (campaign);
  const AdmSector *hub = adm_scenario_lookup_sector (scenario, "hegen-hub");
  const AdmFaction *aslund = adm_scenario_lookup_admiral (scenario, "sundquist")->faction;
  const AdmFaction *pol = adm_scenario_lookup_admiral (scenario, "radovan")->faction;
  const AdmFormation *screen;
  GtkWidget *map = g_object_ref_sink (admiralty_sector_map_new ());
  AdmiraltySectorMap *self = ADMIRALTY_SECTOR_MAP (map);
  AdmiraltySectorOptions options;
  AdmiraltySectorView view;
  g_autoptr(GPtrArray) marks = NULL;
  g_autoptr(GPtrArray) shown = NULL;
  g_autofree char *line = NULL, *live = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;
  double x, y;

  komarr_order (campaign, T0, 1, "ghem-sarlat", "autumn-screen", "patrol", NULL, NULL);
  komarr_end_cycle (campaign, T0);
  komarr_order (campaign, T0, 2, "ghem-sarlat", "autumn-screen", "defend", NULL, NULL);
  komarr_order (campaign, T0, 2, "sundquist", "aslund-minelayer", "move", "route",
                "aslund-station");
  komarr_end_cycle (campaign, T0);
  screen = adm_strategy_lookup_formation (strategy_of (campaign), "autumn-screen");
  line = g_strdup_printf ("Autumn Screen · Cetagandan Empire · last seen at Hegen Hub, cycle 1 "
                          "(%u ships)", screen->ships->len);
  live = g_strdup_printf ("Autumn Screen · Cetagandan Empire · %u ships", screen->ships->len);

  /* The renderer: a mark at the Hub for Aslund, none for Pol or the master. */
  admiralty_sector_options_init (&options);
  options.strategy = strategy_of (campaign);
  options.audience = ADMIRALTY_SECTOR_AUDIENCE_SIDE;
  options.viewer = aslund;
  g_assert_false (admiralty_sector_formation_shown (scenario, &options, screen));
  marks = admiralty_sector_last_seen_in (scenario, &options, hub);
  g_assert_cmpuint (marks->len, ==, 1);
  g_assert_true (((AdmSighting *) g_ptr_array_index (marks, 0))->formation == screen);
  admiralty_sector_view_init (&view, 1600, 1000);
  admiralty_sector_view_fit (&view, scenario);
  g_assert_true (admiralty_sector_last_seen_position (&view, scenario, &options, screen, &x, &y));
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, view.width, view.height);
  cr = cairo_create (surface);
  admiralty_sector_render (cr, &view, scenario, &options);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  /* Hollow: the card shows through its middle; its dashed edge is drawn. */
  g_assert_cmphex (pixel_at (surface, x, y), ==, ADMIRALTY_SECTOR_NODE_RGB);
  g_assert_cmphex (pixel_at (surface, x - 5, y - 5), !=, ADMIRALTY_SECTOR_NODE_RGB);
  cairo_surface_destroy (surface);
  options.viewer = pol;
  g_assert_false (admiralty_sector_last_seen_position (&view, scenario, &options, screen, &x, &y));
  options.audience = ADMIRALTY_SECTOR_AUDIENCE_MASTER;
  options.viewer = NULL;
  g_assert_false (admiralty_sector_last_seen_position (&view, scenario, &options, screen, &x, &y));
  g_assert_true (admiralty_sector_formation_shown (scenario, &options, screen));

  /* The map widget's tooltip: the mark's words for Aslund, the live line for the master. */
  admiralty_sector_map_set_campaign (self, campaign);
  admiralty_sector_map_set_audience (self, ADMIRALTY_SECTOR_AUDIENCE_SIDE, aslund->id);
  {
    g_autofree char *markup = admiralty_sector_map_dup_tooltip_markup (self, "hegen-hub");
    g_autofree char *text = markup_text (markup);

    assert_contains (text, line, "Aslund's tooltip of the Hub");
    assert_lacks (text, live, "Aslund's tooltip of the Hub");
    shown = admiralty_sector_map_list_formations (self, "hegen-hub");
    g_assert_false (g_ptr_array_find (shown, screen, NULL));
  }
  admiralty_sector_map_set_audience (self, ADMIRALTY_SECTOR_AUDIENCE_SIDE, pol->id);
  {
    g_autofree char *markup = admiralty_sector_map_dup_tooltip_markup (self, "hegen-hub");
    g_autofree char *text = markup_text (markup);

    assert_formation_absent (text, screen, NULL, "Pol's tooltip of the Hub");
    /* F-STRAT-3: Pol has met no one; no enemy's strength is on its map. */
    assert_lacks (text, "Jade Squadron · Cetagandan Empire · ", "Pol's tooltip of the Hub");
  }
  admiralty_sector_map_set_audience (self, ADMIRALTY_SECTOR_AUDIENCE_MASTER, NULL);
  {
    g_autofree char *markup = admiralty_sector_map_dup_tooltip_markup (self, "hegen-hub");
    g_autofree char *text = markup_text (markup);

    assert_contains (text, live, "the master's tooltip of the Hub");
    assert_lacks (text, "last seen", "the master's tooltip of the Hub");
  }
  g_object_unref (map);

  /* The sector card beside the map in the window: the mark's words on Aslund's, the screen
   * live on the master's. */
  {
    g_autoptr(GError) error = NULL;
    g_autofree char *dir = g_dir_make_tmp ("admiralty-view-leaks-XXXXXX", &error);
    g_autofree char *path = NULL, *card = NULL, *master_line = NULL;
    AdmiraltySectorOptions side;
    AdmiraltyWindow *window;
    AdmiraltyMapPage *map_page;

    g_assert_no_error (error);
    path = g_build_filename (dir, "komarr.admiralty", NULL);
    window = campaign_window_new (campaign, path, 0, 0);
    map_page = map_page_shown (window);
    admiralty_sector_map_set_selected_sector (map_page->sector_map, "hegen-hub");
    admiralty_sector_options_init (&side);
    side.audience = ADMIRALTY_SECTOR_AUDIENCE_SIDE;
    side.viewer = aslund;
    gtk_drop_down_set_selected (map_page->map_view_dropdown, show_entry (map_page, &side));
    iterate ();
    card = widget_text (map_page->sector_info);
    assert_contains (card, line, "Aslund's sector card");
    assert_lacks (card, " ships\n", "Aslund's sector card: no enemy strength it has not seen");
    g_clear_pointer (&card, g_free);
    gtk_drop_down_set_selected (map_page->map_view_dropdown, 0);
    iterate ();
    card = widget_text (map_page->sector_info);
    master_line = g_strdup_printf ("Autumn Screen · %u ships", screen->ships->len);
    assert_contains (card, master_line, "the master's sector card");
    assert_lacks (card, "last seen", "the master's sector card");
    gtk_window_destroy (GTK_WINDOW (window));
    iterate ();
    g_remove (path);
    g_rmdir (dir);
  }
}

/* The sector card's button in the master's view asks which hidden formation of the sector to
 * reveal; once revealed, the public map, the projector and every side know of it, and undo
 * takes the knowledge back everywhere. The button is not offered in a player's view. */
static void
test_reveal_and_undo (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) source = komarr_new (NULL, NULL);
  g_autofree char *dir = g_dir_make_tmp ("admiralty-view-leaks-XXXXXX", &error);
  g_autofree char *path = NULL;
  AdmiraltyWindow *window;
  AdmiraltyMapPage *map_page;
  AdmiraltyProjectorWindow *projector;
  AdmiraltySectorMap *public_map;
  AdmCampaign *campaign;
  const AdmFormation *formation;
  const AdmFaction *pol;
  AdmStrategy *strategy;
  AdwMessageDialog *dialog;

  g_assert_no_error (error);
  path = g_build_filename (dir, "komarr.admiralty", NULL);
  window = campaign_window_new (source, path, 0, 0);
  campaign = window->campaign;
  strategy = strategy_of (campaign);
  formation = hidden_formation (campaign, 0);
  pol = adm_scenario_lookup_admiral (adm_campaign_get_scenario (campaign), "radovan")->faction;
  map_page = map_page_shown (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.projector", NULL));
  iterate_until (projector_mapped, NULL, 5000);
  projector = find_projector ();
  public_map = admiralty_projector_window_get_map (projector);

  g_assert_false (map_names (public_map, formation));
  g_assert_false (adm_strategy_formation_visible (strategy, formation, pol));

  /* A player's view offers no reveal; the master's does, for this sector's hidden one. */
  admiralty_sector_map_set_selected_sector (map_page->sector_map, formation->sector->id);
  gtk_drop_down_set_selected (map_page->map_view_dropdown, 1);
  iterate ();
  g_assert_false (gtk_widget_get_visible (map_page->sector_reveal_button));
  gtk_drop_down_set_selected (map_page->map_view_dropdown, 0);
  iterate ();
  g_assert_true (gtk_widget_get_visible (map_page->sector_reveal_button));
  g_signal_emit_by_name (map_page->sector_reveal_button, "clicked");
  iterate_until (message_dialog_shown, NULL, 5000);
  dialog = message_dialog ();
  g_assert_true (adw_message_dialog_has_response (dialog, formation->id));
  adw_message_dialog_response (dialog, formation->id);
  iterate ();

  /* Known everywhere: the public map, the projector, every side. */
  strategy = strategy_of (window->campaign);
  g_assert_true (adm_strategy_formation_visible (strategy, formation, NULL));
  g_assert_true (adm_strategy_formation_visible (strategy, formation, pol));
  g_assert_true (map_names (public_map, formation));
  g_assert_cmpstr (adm_event_get_kind (g_ptr_array_index (adm_campaign_get_events (campaign),
                     adm_campaign_get_events (campaign)->len - 1)), ==, "reveal");
  /* Nothing left to reveal in that sector: the button goes. */
  g_assert_false (gtk_widget_get_visible (map_page->sector_reveal_button));

  /* Undo takes it back everywhere. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  iterate ();
  strategy = strategy_of (window->campaign);
  g_assert_false (adm_strategy_formation_visible (strategy, formation, NULL));
  g_assert_false (adm_strategy_formation_visible (strategy, formation, pol));
  g_assert_false (map_names (public_map, formation));
  g_assert_true (gtk_widget_get_visible (map_page->sector_reveal_button));

  /* F-BOARD-17, ruling "prize-admiral": the master gives a formation to another admiral of its
   * faction from the sector's card; the assign_dialog offers only those; undo takes it back. */
  {
    const char *pair = "first-destroyer-flotilla vorlakial";
    AdmScenario *scenario = adm_campaign_get_scenario (window->campaign);
    const AdmFormation *flotilla;
    AdwMessageDialog *assign_dialog = NULL;
    GListModel *toplevels = gtk_window_get_toplevels ();

    admiralty_sector_map_set_selected_sector (map_page->sector_map, "pol-jump-point");
    iterate ();
    g_assert_true (gtk_widget_get_visible (map_page->sector_assign_button));
    g_signal_emit_by_name (map_page->sector_assign_button, "clicked");
    iterate ();
    for (guint i = 0; i < g_list_model_get_n_items (toplevels) && assign_dialog == NULL; i++)
      {
        g_autoptr(GtkWindow) other = g_list_model_get_item (toplevels, i);

        if (ADW_IS_MESSAGE_DIALOG (other) &&
            g_strcmp0 (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (other)),
                       "Give to Another Admiral?") == 0)
          assign_dialog = ADW_MESSAGE_DIALOG (other);
      }
    g_assert_nonnull (assign_dialog);
    g_assert_true (adw_message_dialog_has_response (assign_dialog, pair));
    /* Never an admiral of another faction, nor the one who commands it. */
    g_assert_false (adw_message_dialog_has_response (assign_dialog, "first-destroyer-flotilla radovan"));
    g_assert_false (adw_message_dialog_has_response (assign_dialog,
                                                     "first-destroyer-flotilla vorkosigan"));
    adw_message_dialog_response (assign_dialog, pair);
    iterate ();
    flotilla = adm_strategy_lookup_formation (strategy_of (window->campaign),
                                              "first-destroyer-flotilla");
    g_assert_true (flotilla->admiral == adm_scenario_lookup_admiral (scenario, "vorlakial"));
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
    iterate ();
    flotilla = adm_strategy_lookup_formation (strategy_of (window->campaign),
                                              "first-destroyer-flotilla");
    g_assert_true (flotilla->admiral == adm_scenario_lookup_admiral (scenario, "vorkosigan"));
  }

  close_window (window);
  iterate ();
  remove_tree (dir);
}

/* The tactical table's "View as" (F-ECM-2, F-ECM-4, F-ECM-6) */

#define LEAK_FIXTURE "cycle-2-pol-orbit"
#define VIEWER_FORMATION "jade-squadron"

static char *
fixture_path (void)
{
  return g_test_build_filename (G_TEST_DIST, "data", "reports",
                                LEAK_FIXTURE ".xml", NULL);
}

static int
viewer_side (AdmBattle *battle)
{
  return adm_battle_get_formation (battle,
                                   adm_battle_formation_index (battle, VIEWER_FORMATION))->side;
}

/* The classes of the ships @side sees face up: they may be named. */
static GHashTable *
face_up_classes (AdmBattle *battle,
                 int        side)
{
  GHashTable *classes = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    if (admiralty_table_ship_face (battle, i, side) == ADMIRALTY_TOKEN_FACE_UP)
      g_hash_table_add (classes, adm_battle_get_ship (battle, i)->klass->name);
  return classes;
}

/* Nothing in @text of a ship @side does not see face up: its name, id and class (unless a
 * ship it does see is of that class). Returns how many ships were checked; counts the
 * undetected and the unidentified. */
static guint
assert_fog_holds (AdmBattle  *battle,
                  int         side,
                  const char *text,
                  const char *where,
                  guint      *undetected,
                  guint      *unidentified)
{
  g_autoptr(GHashTable) classes = face_up_classes (battle, side);
  guint checked = 0;

  *undetected = *unidentified = 0;
  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    {
      const AdmBattleShip *ship = adm_battle_get_ship (battle, i);
      AdmiraltyTokenFace face = admiralty_table_ship_face (battle, i, side);

      if (face == ADMIRALTY_TOKEN_FACE_UP)
        continue;
      *undetected += face == ADMIRALTY_TOKEN_HIDDEN;
      *unidentified += face == ADMIRALTY_TOKEN_FACE_DOWN;
      assert_lacks (text, ship->name, where);
      assert_lacks (text, ship->id, where);
      if (!g_hash_table_contains (classes, ship->klass->name))
        assert_lacks (text, ship->klass->name, where);
      checked++;
    }
  return checked;
}

static char *
table_pdf_text (AdmBattle                   *battle,
                const AdmiraltyTableOptions *options,
                const char                  *name)
{
  g_autofree char *path = pdf_path (name);
  AdmiraltyTableView view;
  cairo_surface_t *surface;
  cairo_t *cr;

  /* The whole table, whatever the side sees, so that nothing is left out by the framing. */
  admiralty_table_view_init (&view, 1600, 1200);
  admiralty_table_view_fit (&view, battle, NULL);
  surface = cairo_pdf_surface_create (path, view.width, view.height);
  cr = cairo_create (surface);
  admiralty_table_render (cr, &view, battle, options);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (surface);
  g_test_message ("picture saved to %s", path);
  return pdf_text (path);
}

/* F-ECM-2, F-ECM-4, F-ECM-6: the table renderer's picture for the Cetagandans, with labels
 * on, names none of the ships they have not detected or identified — not even with a
 * face-down token selected — while the master's names them all. */
static void
test_table_pdf (void)
{
  g_autofree char *path = fixture_path ();
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmBattle) battle = adm_battle_load_file (path, &error);
  AdmiraltyTableOptions master, side;
  g_autofree char *master_text = NULL, *side_text = NULL, *selected_text = NULL;
  guint undetected, unidentified, named_undetected = 0, named_unidentified = 0;
  int face_down = -1;

  g_assert_no_error (error);
  admiralty_table_options_init (&master);
  g_assert_true (master.show_labels);
  side = master;
  side.view_side = viewer_side (battle);

  master_text = table_pdf_text (battle, &master, "table-master");
  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    {
      const AdmBattleShip *ship = adm_battle_get_ship (battle, i);
      AdmiraltyTokenFace face = admiralty_table_ship_face (battle, i, side.view_side);

      /* The text comes through: the master's table names the ships the side does not see
       * (where the labels find room: a crowded line of tokens leaves some unlabelled). */
      if (strstr (master_text, ship->name) != NULL)
        {
          named_undetected += face == ADMIRALTY_TOKEN_HIDDEN;
          named_unidentified += face == ADMIRALTY_TOKEN_FACE_DOWN;
        }
      if (face_down < 0 && face == ADMIRALTY_TOKEN_FACE_DOWN)
        face_down = (int) i;
    }
  g_test_message ("the master's table names %u undetected and %u unidentified ships",
                  named_undetected, named_unidentified);
  g_assert_cmpuint (named_undetected, >=, 2);
  g_assert_cmpuint (named_unidentified, >=, 3);

  side_text = table_pdf_text (battle, &side, "table-side");
  g_assert_cmpuint (assert_fog_holds (battle, side.view_side, side_text, "side's table",
                                      &undetected, &unidentified), ==, 9);
  /* The fixture's fog: two Polian formations undetected, the First Squadron face down. */
  g_assert_cmpuint (undetected, ==, 4);
  g_assert_cmpuint (unidentified, ==, 5);
  /* Its own ships and the detected enemy are named. */
  assert_contains (side_text, "Jade Pavilion", "side's table");
  assert_contains (side_text, "Pol Sentinel", "side's table");

  /* A face-down token selected (a click on it picks it): still nothing of it. */
  g_assert_cmpint (face_down, >=, 0);
  side.selected_ship = face_down;
  selected_text = table_pdf_text (battle, &side, "table-side-selected-face-down");
  assert_fog_holds (battle, side.view_side, selected_text, "side's table, face down selected",
                    &undetected, &unidentified);
}

/* F-ECM-2, F-ECM-4, F-ECM-6: the table kit on paper for the Cetagandans (adm-report-kit.h),
 * written as a PDF and read back, holds a token for each ship they see face up and a blank
 * back ("?") for each they see face down, and names none of those; the undetected are not in
 * it at all. The master's kit names them all. */
static void
test_table_kit (void)
{
  g_autofree char *path = fixture_path ();
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmBattle) battle = adm_battle_load_file (path, &error);
  g_autoptr(AdmDoc) master = NULL, side_kit = NULL;
  g_autofree char *master_pdf = pdf_path ("kit-master");
  g_autofree char *side_pdf = pdf_path ("kit-side");
  g_autofree char *master_text = NULL, *side_text = NULL, *side_words = NULL;
  g_auto(GStrv) lines = NULL;
  guint undetected, unidentified, backs = 0, own = 0;
  int side;

  g_assert_no_error (error);
  side = viewer_side (battle);
  master = adm_report_kit_of_battle (battle, adm_audience_master (), "Table kit", "Leaks", "");
  side_kit = adm_report_kit_of_battle (battle, adm_audience_side ((guint) side), "Table kit",
                                       "Leaks", "");
  g_assert_true (adm_doc_write_pdf (master, NULL, master_pdf, &error));
  g_assert_no_error (error);
  g_assert_true (adm_doc_write_pdf (side_kit, NULL, side_pdf, &error));
  g_assert_no_error (error);
  master_text = pdf_text (master_pdf);
  side_text = pdf_text (side_pdf);
  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    {
      assert_contains (master_text, adm_battle_get_ship (battle, i)->name, "master's kit");
      own += adm_battle_get_ship (battle, i)->side == (guint) side;
    }
  g_assert_cmpuint (assert_fog_holds (battle, side, side_text, "side's kit", &undetected,
                                      &unidentified), ==, 9);
  g_assert_cmpuint (undetected, ==, 4);
  g_assert_cmpuint (unidentified, ==, 5);
  assert_contains (side_text, "Jade Pavilion", "side's kit");
  assert_contains (side_text, "Pol Sentinel", "side's kit");
  /* A back for each of its own ships and each face-down enemy; none for the undetected. */
  side_words = adm_doc_to_text (side_kit);
  lines = g_strsplit (side_words, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    backs += g_str_equal (lines[i], "?");
  g_assert_cmpuint (backs, ==, own + unidentified);
}

/* @file opened in a new window, its battle page shown. */
static AdmiraltyBattlePage *
open_battle (GFile            *file,
             AdmiraltyWindow **window_out)
{
  AdmiraltyWindow *window = shown_window_new (1400, 900);
  AdmiraltyBattlePage *page;

  g_assert_true (admiralty_window_open_file (window, file));
  iterate ();
  page = _admiralty_window_get_battle_page (window);
  g_assert_nonnull (page);
  *window_out = window;
  return page;
}

/* The part of the battle page a player looking at the screen reads beside the table: the
 * side panel's Ships page, and the selected ship's card under it. */
static char *
page_side_text (AdmiraltyBattlePage *page)
{
  GString *out = g_string_new (NULL);
  GtkWidget *stack = NULL;
  GPtrArray *todo = g_ptr_array_new ();

  /* The stack whose pages are "orders", "fleet", "report" and "dice". */
  g_ptr_array_add (todo, page);
  while (todo->len > 0 && stack == NULL)
    {
      GtkWidget *widget = g_ptr_array_steal_index (todo, 0);

      if (GTK_IS_STACK (widget) && gtk_stack_get_child_by_name (GTK_STACK (widget), "fleet"))
        stack = widget;
      for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
           child = gtk_widget_get_next_sibling (child))
        g_ptr_array_add (todo, child);
    }
  g_ptr_array_unref (todo);
  g_assert_nonnull (stack);
  collect_text (gtk_stack_get_child_by_name (GTK_STACK (stack), "fleet"), out);
  /* The selected ship's card follows the stack. */
  g_assert_nonnull (gtk_widget_get_next_sibling (stack));
  collect_text (gtk_widget_get_next_sibling (stack), out);
  return g_string_free (out, FALSE);
}

static gboolean
table_allocated (gpointer data)
{
  return gtk_widget_get_mapped (data) && gtk_widget_get_width (data) > 0;
}

/* F-ECM-2, F-ECM-4, F-ECM-6: the battle page in the real window, "View as" the Cetagandans:
 * the Ships list shows the First Squadron only as an unidentified formation of unidentified
 * ships and nothing of the undetected Polians; the table as drawn names none of them;
 * clicking a face-down token tells neither its name nor its class. The master's list names
 * every ship with its class. */
static void
test_battle_page (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("admiralty-view-leaks-XXXXXX", &error);
  g_autofree char *from = fixture_path ();
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  AdmiraltyWindow *window;
  AdmiraltyBattlePage *page;
  AdmiraltyTableWidget *table;
  GtkDropDown *dropdown;
  AdmBattle *battle;
  int side;
  guint undetected, unidentified;

  g_assert_no_error (error);
  path = g_build_filename (dir, LEAK_FIXTURE ".xml", NULL);
  copy_file (from, path);
  file = g_file_new_for_path (path);

  page = open_battle (file, &window);
  battle = admiralty_battle_page_get_battle (page);
  table = _admiralty_battle_page_get_table (page);
  dropdown = _admiralty_battle_page_get_view_dropdown (page);
  side = viewer_side (battle);
  /* Every layer drawn as vectors, so that its text can be read back (the kept layers are
   * pixels; /ui/table-renderer/cached shows both drawings are the same). */
  admiralty_table_widget_set_cached (table, FALSE);
  iterate_until (table_allocated, table, 5000);
  wait_frame (GTK_WIDGET (table));

  /* The master: every ship named with its class in the list, and the table as drawn names
   * ships the Cetagandans do not see (those its labels find room for). */
  g_assert_cmpint (admiralty_table_widget_get_view_side (table), ==, -1);
  {
    g_autofree char *text = page_side_text (page);
    g_autofree char *picture = widget_pdf_text (GTK_WIDGET (table), "page-table-master");
    guint named = 0;

    for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
      {
        const AdmBattleShip *ship = adm_battle_get_ship (battle, i);
        g_autofree char *row = g_strdup_printf ("%s · %s · hull", ship->name, ship->klass->name);

        assert_contains (text, row, "master's Ships list");
        if (admiralty_table_ship_face (battle, i, side) != ADMIRALTY_TOKEN_FACE_UP &&
            strstr (picture, ship->name) != NULL)
          named++;
      }
    g_test_message ("the master's table on screen names %u ships the side does not see", named);
    g_assert_cmpuint (named, >=, 1);
  }

  /* View as the Cetagandans. */
  gtk_drop_down_set_selected (dropdown, side + 1);
  iterate ();
  g_assert_cmpint (admiralty_table_widget_get_view_side (table), ==, side);
  {
    g_autofree char *text = page_side_text (page);
    g_autofree char *picture = widget_pdf_text (GTK_WIDGET (table), "page-table-side");
    g_auto(GStrv) rows = _admiralty_battle_page_get_fleet_rows (page);
    guint face_down_rows = 0, unidentified_formations = 0;

    assert_fog_holds (battle, side, text, "side's Ships list", &undetected, &unidentified);
    g_assert_cmpuint (undetected, ==, 4);
    g_assert_cmpuint (unidentified, ==, 5);
    assert_fog_holds (battle, side, picture, "side's table on screen", &undetected,
                      &unidentified);
    /* F-ECM-4: one anonymous row per face-down token, under an anonymous heading. */
    for (guint i = 0; rows[i] != NULL; i++)
      {
        face_down_rows += g_str_equal (rows[i], "Unidentified ship");
        unidentified_formations += g_str_equal (rows[i], "Unidentified formation");
      }
    g_assert_cmpuint (face_down_rows, ==, unidentified);
    g_assert_cmpuint (unidentified_formations, ==, 1);
    assert_contains (text, "Jade Pavilion", "side's Ships list");
    assert_contains (text, "Pol Sentinel", "side's Ships list");
    assert_contains (picture, "Jade Pavilion", "side's table on screen");
  }

  /* A click on a face-down token picks it, as the table's click does (ship under the
   * pointer, then selected): its card tells nothing of it. */
  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    {
      const AdmBattleShip *ship = adm_battle_get_ship (battle, i);
      double x, y;
      int picked;

      if (admiralty_table_ship_face (battle, i, side) != ADMIRALTY_TOKEN_FACE_DOWN)
        continue;
      admiralty_table_view_to_pixels (admiralty_table_widget_get_view (table), ship->position,
                                      &x, &y);
      picked = admiralty_table_ship_at (admiralty_table_widget_get_view (table), battle,
                                        admiralty_table_widget_get_options (table), x, y);
      g_assert_cmpint (picked, ==, (int) i);
      admiralty_table_widget_set_selected_ship (table, picked);
      iterate ();
      /* Not selectable in this view, as a ship the view loses is unselected. */
      g_assert_cmpint (admiralty_table_widget_get_selected_ship (table), ==, -1);
      g_assert_cmpstr (_admiralty_battle_page_get_ship_details (page), ==, "");
      {
        g_autofree char *text = page_side_text (page);
        g_autofree char *name = g_strdup_printf ("page-side-selected-%s", ship->id);
        g_autofree char *picture = widget_pdf_text (GTK_WIDGET (table), name);

        assert_fog_holds (battle, side, text, name, &undetected, &unidentified);
        assert_fog_holds (battle, side, _admiralty_battle_page_get_ship_details (page), name,
                          &undetected, &unidentified);
        assert_fog_holds (battle, side, picture, name, &undetected, &unidentified);
      }
    }

  close_window (window);
  remove_tree (dir);
}

/* Every side-facing surface of the battle page, at every phase of three turns */

/* The words of the report and dice panes as the page's models hold them, every row, shown
 * on screen or not. */
static void
collect_log (GListModel *model,
             GString    *out)
{
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(AdmLogEntry) line = g_list_model_get_item (model, i);

      g_string_append_printf (out, "%s\n%s\n", adm_log_entry_get_text (line),
                              adm_log_entry_get_detail (line) != NULL
                                ? adm_log_entry_get_detail (line) : "");
    }
}

/* Everything a player looking at the page in "View as" reads: every label and tooltip of
 * the widget tree (the Ships list, the ship card, the Orders pane, the headings), every row
 * of the report and dice logs, and, with @pdf, the table as the renderer draws it for the
 * view. */
static char *
page_all_text (AdmiraltyBattlePage *page,
               const char          *pdf)
{
  GString *out = g_string_new (NULL);

  collect_text (GTK_WIDGET (page), out);
  collect_log (_admiralty_battle_page_get_report_model (page), out);
  collect_log (_admiralty_battle_page_get_dice_model (page), out);
  if (pdf != NULL)
    {
      AdmiraltyTableWidget *table = _admiralty_battle_page_get_table (page);
      g_autofree char *picture = table_pdf_text (admiralty_battle_page_get_battle (page),
                                                 admiralty_table_widget_get_options (table), pdf);

      g_string_append (out, picture);
    }
  return g_string_free (out, FALSE);
}

/* The popover menu @table holds, or NULL. */
static GtkWidget *
table_popover (AdmiraltyTableWidget *table)
{
  GtkWidget *popover = NULL;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (table)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_POPOVER_MENU (child))
      popover = child;
  return popover;
}

/* The ship menu (a secondary click) @table shows for ship @ship: the actions of its items,
 * one a line, and the popover closed again. The menu is built, shown and closed as the
 * signal and gtk_popover_popdown () run: it is read without a frame drawn between. */
static char *
ship_menu_actions (AdmiraltyTableWidget *table,
                   guint                 ship)
{
  GString *out = g_string_new (NULL);
  GtkWidget *popover = NULL;
  GMenuModel *model;

  g_assert_null (table_popover (table));
  g_signal_emit_by_name (table, "ship-menu", (int) ship, 10.0, 10.0);
  popover = table_popover (table);
  g_assert_nonnull (popover);
  model = gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (popover));
  for (int section = 0; section < g_menu_model_get_n_items (model); section++)
    {
      g_autoptr(GMenuModel) items = g_menu_model_get_item_link (model, section,
                                                                G_MENU_LINK_SECTION);

      for (int i = 0; items != NULL && i < g_menu_model_get_n_items (items); i++)
        {
          g_autofree char *action = NULL;

          if (g_menu_model_get_item_attribute (items, i, G_MENU_ATTRIBUTE_ACTION, "s", &action))
            g_string_append_printf (out, "%s\n", action);
        }
    }
  gtk_popover_popdown (GTK_POPOVER (popover));
  g_assert_null (table_popover (table));
  return g_string_free (out, FALSE);
}

/* F-ECM-6 under "enemy-ship-card" (default): each enemy ship @side has identified, selected,
 * shows its class card and state — no readiness, shields or hull left — and the Orders pane
 * shows none of its orders. Returns how many were checked. */
static guint
check_identified_cards (AdmiraltyBattlePage *page,
                        int                  side,
                        const char          *where)
{
  AdmBattle *battle = admiralty_battle_page_get_battle (page);
  AdmiraltyTableWidget *table = _admiralty_battle_page_get_table (page);
  AdmAudience audience = adm_audience_side (side);
  guint checked = 0;

  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    {
      const AdmBattleShip *ship = adm_battle_get_ship (battle, i);
      const char *details;
      g_autofree char *hull = NULL;

      if (adm_audience_ship_view (audience, battle, i) != ADM_SHIP_VIEW_IDENTIFIED)
        continue;
      /* The card and the Orders pane follow the selection as it changes (notify::selected-
       * ship); the page is drawn after the last ship, not at each. */
      admiralty_table_widget_set_selected_ship (table, i);
      g_assert_cmpint (admiralty_table_widget_get_selected_ship (table), ==, (int) i);
      details = _admiralty_battle_page_get_ship_details (page);
      hull = g_strdup_printf ("Class hull %d", ship->klass->hull);
      assert_contains (details, ship->klass->name, where);
      assert_contains (details, hull, where);
      assert_lacks (details, "Readiness", where);
      assert_lacks (details, "Shields", where);
      assert_lacks (details, "\nHull ", where);
      /* Its menu offers no orders for it in this view: measuring only. */
      {
        g_autofree char *actions = ship_menu_actions (table, i);

        assert_contains (actions, "battle.measure", where);
        assert_lacks (actions, "battle.move-order", where);
        assert_lacks (actions, "battle.target-lock", where);
        assert_lacks (actions, "battle.reinforce", where);
      }
      {
        g_auto(GStrv) rows = _admiralty_orders_panel_get_rows (
          admiralty_battle_page_get_orders_panel (page));
        const AdmBattleFormation *formation = adm_battle_get_formation (battle, ship->formation);

        for (guint r = 0; rows[r] != NULL; r++)
          assert_lacks (rows[r], formation->name, where);
      }
      checked++;
    }
  admiralty_table_widget_set_selected_ship (table, -1);
  iterate ();
  return checked;
}

typedef struct {
  guint phases;      /* phases resolved */
  guint checks;      /* side views checked */
  guint fogged;      /* ships a side did not see face up, over every check */
  guint identified;  /* identified enemy cards checked */
} LeakCount;

/* For each side of @page's battle, at the start and after every phase of three turns, checks
 * the whole page in "View as" that side. @base names the battle in messages. */
static void
walk_page (AdmiraltyBattlePage *page,
           const char          *base,
           LeakCount           *count)
{
  AdmBattle *battle = admiralty_battle_page_get_battle (page);
  GtkDropDown *dropdown = _admiralty_battle_page_get_view_dropdown (page);

  for (guint step = 0; step <= 15; step++)
    {
      int turn = adm_battle_get_turn (battle);
      AdmPhase phase = adm_battle_get_phase (battle);

      for (guint side = 0; side < adm_battle_get_n_sides (battle); side++)
        {
          g_autofree char *where = g_strdup_printf ("%s, turn %d, %s, as %s", base, turn,
                                                    adm_phase_to_string (phase),
                                                    adm_battle_get_side (battle, side)->id);
          g_autofree char *pdf = g_strdup_printf ("walk-%s-%u-%s", base, step,
                                                  adm_battle_get_side (battle, side)->id);
          g_autofree char *text = NULL;
          guint undetected, unidentified;

          gtk_drop_down_set_selected (dropdown, side + 1);
          iterate ();
          g_assert_cmpint (admiralty_table_widget_get_view_side (
                             _admiralty_battle_page_get_table (page)), ==, (int) side);
          /* The table's picture at the start of each turn (the labels and the logs at every
           * phase). */
          text = page_all_text (page, phase == ADM_PHASE_DETECTION ? pdf : NULL);
          count->fogged += assert_fog_holds (battle, side, text, where, &undetected,
                                             &unidentified);
          count->checks++;
          if (step % 5 == 4)
            count->identified += check_identified_cards (page, side, where);
        }
      if (step == 15)
        break;
      /* The master resolves the next phase, with the program's dice and the battle's orders
       * as the Orders pane holds them. */
      gtk_drop_down_set_selected (dropdown, 0);
      iterate ();
      admiralty_battle_page_resolve_phase (page, FALSE);
      iterate ();
      if (adm_battle_get_turn (battle) == turn && adm_battle_get_phase (battle) == phase)
        {
          g_test_message ("%s: the phase after turn %d, %s was not resolved", base, turn,
                          adm_phase_to_string (phase));
          break;
        }
      count->phases++;
    }
}

/* Opens @path in a window and walks its battle page (walk_page ()). */
static void
walk_battle (const char *path,
             LeakCount  *count)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("admiralty-view-leaks-XXXXXX", &error);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *copy = NULL;
  g_autoptr(GFile) file = NULL;
  AdmiraltyWindow *window;
  AdmiraltyBattlePage *page;

  g_assert_no_error (error);
  copy = g_build_filename (dir, base, NULL);
  copy_file (path, copy);
  file = g_file_new_for_path (copy);
  page = open_battle (file, &window);
  walk_page (page, base, count);

  close_window (window);
  iterate ();
  remove_tree (dir);
}

/* F-ECM-2, F-ECM-4, F-ECM-6: the battle page in "View as" for each side of each shipped
 * battle and of the Komarr campaign's Pol orbit engagement, before and after every phase of
 * three turns: no name, id or class of a ship that side has not identified appears in any
 * label, tooltip, report or dice line of the page, nor on the table as drawn; each identified
 * enemy's card shows no more than "enemy-ship-card" allows. */
static void
test_battle_page_walk (void)
{
  g_autofree char *battles = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "scenarios",
                                               "battles", NULL);
  g_autoptr(GDir) listing = g_dir_open (battles, 0, NULL);
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  LeakCount count = { 0, };
  const char *name;

  g_assert_nonnull (listing);
  g_ptr_array_add (paths, fixture_path ());
  while ((name = g_dir_read_name (listing)) != NULL)
    if (g_str_has_suffix (name, ".xml") && !g_str_has_suffix (name, ".orders.xml"))
      g_ptr_array_add (paths, g_build_filename (battles, name, NULL));
  g_assert_cmpuint (paths->len, >=, 9);
  for (guint i = 0; i < paths->len; i++)
    walk_battle (g_ptr_array_index (paths, i), &count);
  g_test_message ("%u phases resolved, %u side views checked, %u fogged ships, "
                  "%u identified enemy cards", count.phases, count.checks, count.fogged,
                  count.identified);
  /* Every battle was played on, the fog of the Pol orbit battle was checked, and enemy
   * cards were read. */
  g_assert_cmpuint (count.phases, >=, 5 * paths->len);
  g_assert_cmpuint (count.fogged, >, 0);
  g_assert_cmpuint (count.identified, >, 0);
}

/* F-ECM-2, F-ECM-6, F-STRAT-4: the Komarr campaign played from its order sheets for six
 * cycles; after each, every engagement of the cycle is opened from the campaign as the master
 * opens it (its set-up from the campaign as it stands, hidden formations face down or
 * undetected) and walked as walk_page () does — every side, every phase of three turns — then
 * ended, so that the next engagement and cycle start from what the battle left. */
static void
test_komarr_engagements_walk (void)
{
  g_autofree char *scenario = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "scenarios",
                                                "komarr-campaign.admiralty", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("admiralty-view-leaks-komarr-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autoptr(AdmCampaign) campaign = NULL;
  LeakCount count = { 0, };
  guint walked = 0;

  g_assert_no_error (error);
  campaign = adm_campaign_open (scenario, &error);
  g_assert_no_error (error);
  path = g_build_filename (dir, "komarr.admiralty", NULL);
  g_assert_true (adm_campaign_save (campaign, path, &error));
  g_assert_no_error (error);

  for (guint cycle = 1; cycle <= 6; cycle++)
    {
      g_autoptr(GPtrArray) queue = NULL;

      komarr_play_cycle (campaign, cycle, G_GINT64_CONSTANT (1795370400));
      queue = adm_campaign_get_engagements (campaign, cycle);
      for (guint i = 0; i < queue->len; i++)
        {
          g_autoptr(AdmQueuedEngagement) engagement = NULL;
          g_autoptr(AdmiraltyBattlePage) page = NULL;
          g_autofree char *id = g_strdup_printf ("c%u-%u", cycle, i + 1);
          GtkWidget *window;

          /* In time order: an earlier one's end is what a later wave waits for. */
          engagement = adm_campaign_find_engagement (campaign, id, &error);
          g_assert_no_error (error);
          if (engagement->status != ADM_ENGAGEMENT_NOT_FOUGHT)
            continue;
          page = admiralty_battle_page_open_engagement (campaign, id, NULL, &error);
          g_assert_no_error (error);
          window = gtk_window_new ();
          /* Room for every pane of the page: the text read is the same as in a larger
           * window, whose frames only cost more to draw. */
          gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
          gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (page));
          gtk_window_present (GTK_WINDOW (window));
          iterate_until (widget_mapped, window, 5000);
          walk_page (page, id, &count);
          g_assert_true (admiralty_battle_page_end_battle (page, "Walked by the leak test",
                                                           &error));
          g_assert_no_error (error);
          gtk_window_destroy (GTK_WINDOW (window));
          iterate ();
          walked++;
        }
    }
  g_test_message ("%u Komarr engagements walked: %u phases resolved, %u side views checked, "
                  "%u fogged ships, %u identified enemy cards", walked, count.phases,
                  count.checks, count.fogged, count.identified);
  g_assert_cmpuint (walked, >=, 6);
  g_assert_cmpuint (count.phases, >=, 5 * walked);
  /* The campaign's hidden formations were met face down or undetected, and enemy cards read. */
  g_assert_cmpuint (count.fogged, >, 0);
  g_assert_cmpuint (count.identified, >, 0);
  remove_tree (dir);
}

/* F-SEQ-2: orders are declared in secret. In the movement phase of the Pol orbit battle, with
 * a course declared for the Barrayaran First Squadron and one for the Pol Escort Group, the
 * Orders pane in "View as" Pol lists the Pol course only, and the table draws only its
 * preview; the master sees both. */
static void
test_orders_secret (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("admiralty-view-leaks-XXXXXX", &error);
  g_autofree char *from = fixture_path ();
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(AdmTurnOrders) orders = NULL;
  AdmiraltyWindow *window;
  AdmiraltyBattlePage *page;
  AdmiraltyOrdersPanel *panel;
  AdmiraltyTableWidget *table;
  AdmBattle *battle;
  GtkDropDown *dropdown;
  AdmiraltyTableOptions options;
  int pol;

  g_assert_no_error (error);
  path = g_build_filename (dir, LEAK_FIXTURE ".xml", NULL);
  copy_file (from, path);
  file = g_file_new_for_path (path);
  page = open_battle (file, &window);
  battle = admiralty_battle_page_get_battle (page);
  panel = admiralty_battle_page_get_orders_panel (page);
  table = _admiralty_battle_page_get_table (page);
  dropdown = _admiralty_battle_page_get_view_dropdown (page);
  pol = adm_battle_get_formation (battle,
                                  adm_battle_formation_index (battle, "pol-escort-group"))->side;

  /* The detection phase, then the courses for the movement phase. */
  admiralty_battle_page_resolve_phase (page, FALSE);
  iterate ();
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_MOVEMENT);
  orders = adm_turn_orders_parse ("<orders><turn n=\"1\">"
                                  "<move formation=\"first-squadron-home-fleet\">"
                                  "<forward cm=\"15\"/></move>"
                                  "<move formation=\"pol-escort-group\">"
                                  "<forward cm=\"5\"/></move>"
                                  "</turn></orders>", "orders.xml", &error);
  g_assert_no_error (error);
  admiralty_orders_panel_set_orders (panel, orders);
  iterate ();

  {
    g_auto(GStrv) rows = _admiralty_orders_panel_get_rows (panel);
    g_autofree char *all = g_strjoinv ("\n", rows);

    assert_contains (all, "First Squadron, Home Fleet", "master's Orders pane");
    assert_contains (all, "Pol Escort Group", "master's Orders pane");
  }
  options = *admiralty_table_widget_get_options (table);
  g_assert_nonnull (options.move_previews);
  g_assert_cmpuint (options.move_previews->len, ==, 2);

  gtk_drop_down_set_selected (dropdown, pol + 1);
  iterate ();
  {
    g_auto(GStrv) rows = _admiralty_orders_panel_get_rows (panel);
    g_autofree char *all = g_strjoinv ("\n", rows);
    g_autofree char *text = widget_text (GTK_WIDGET (page));
    g_autoptr(GPtrArray) own = g_ptr_array_new ();
    AdmiraltyTableOptions only_own;

    assert_lacks (all, "First Squadron", "Pol's Orders pane");
    assert_lacks (all, "15 cm", "Pol's Orders pane");
    assert_contains (all, "Pol Escort Group", "Pol's Orders pane");
    assert_lacks (text, "15 cm", "Pol's page");
    /* The table for Pol draws its own course and not the Barrayaran one: pixel for pixel
     * the picture with the Pol course alone. */
    options = *admiralty_table_widget_get_options (table);
    g_assert_cmpint (options.view_side, ==, pol);
    g_assert_cmpuint (options.move_previews->len, ==, 2);
    for (guint i = 0; i < options.move_previews->len; i++)
      {
        AdmMovePreview *preview = g_ptr_array_index (options.move_previews, i);

        if (adm_battle_get_ship (battle, preview->leader)->side == (guint) pol)
          g_ptr_array_add (own, preview);
      }
    g_assert_cmpuint (own->len, ==, 1);
    only_own = options;
    only_own.move_previews = own;
    only_own.editing_move = -1;
    options.editing_move = -1;
    {
      AdmiraltyTableView view;
      cairo_surface_t *both_surface, *own_surface;
      cairo_t *cr;

      admiralty_table_view_init (&view, 800, 600);
      admiralty_table_view_fit (&view, battle, NULL);
      both_surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 800, 600);
      own_surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 800, 600);
      cr = cairo_create (both_surface);
      admiralty_table_render (cr, &view, battle, &options);
      cairo_destroy (cr);
      cr = cairo_create (own_surface);
      admiralty_table_render (cr, &view, battle, &only_own);
      cairo_destroy (cr);
      cairo_surface_flush (both_surface);
      cairo_surface_flush (own_surface);
      g_assert_cmpint (memcmp (cairo_image_surface_get_data (both_surface),
                               cairo_image_surface_get_data (own_surface),
                               (gsize) cairo_image_surface_get_stride (both_surface) * 600),
                       ==, 0);
      /* The master's picture does draw the Barrayaran course: the comparison means
       * something. */
      options.view_side = only_own.view_side = -1;
      cr = cairo_create (both_surface);
      admiralty_table_render (cr, &view, battle, &options);
      cairo_destroy (cr);
      cr = cairo_create (own_surface);
      admiralty_table_render (cr, &view, battle, &only_own);
      cairo_destroy (cr);
      cairo_surface_flush (both_surface);
      cairo_surface_flush (own_surface);
      g_assert_cmpint (memcmp (cairo_image_surface_get_data (both_surface),
                               cairo_image_surface_get_data (own_surface),
                               (gsize) cairo_image_surface_get_stride (both_surface) * 600),
                       !=, 0);
      cairo_surface_destroy (both_surface);
      cairo_surface_destroy (own_surface);
    }
  }

  close_window (window);
  remove_tree (dir);
}

/* The player screen */

static AdmiraltyPlayerWindow *
find_player (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();  /* borrowed */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

      if (ADMIRALTY_IS_PLAYER_WINDOW (window))
        return ADMIRALTY_PLAYER_WINDOW (window);
    }
  return NULL;
}

static gboolean
player_shown (gpointer data)
{
  return find_player () != NULL && gtk_widget_get_mapped (GTK_WIDGET (find_player ()));
}

/* The master's controls under @widget: buttons, drop-downs, entries, switches — but the sides
 * palette's toggle, a way of drawing the side's own map that any admiral may switch
 * (F-STRAT-3: it shows nothing the side does not know). */
static guint
count_controls (GtkWidget *widget)
{
  guint n = (GTK_IS_BUTTON (widget) || GTK_IS_DROP_DOWN (widget) || GTK_IS_EDITABLE (widget) ||
             GTK_IS_SWITCH (widget) || GTK_IS_CHECK_BUTTON (widget)) &&
            !gtk_widget_has_css_class (widget, "projector-palette");

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += count_controls (child);
  return n;
}

/* A player screen for the Cetagandans, opened from the map's "Show": no master controls; on
 * the map, nothing of the formations its side does not know of (F-STRAT-3); following the
 * Pol orbit battle opened in the master's window, its table, its words and its report name
 * none of the ships the side has not identified (F-ECM-2, F-ECM-4), before and after a turn,
 * and it goes back to the map when the master leaves the battle; it closes with the master's
 * window. */
static void
test_player_screen (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) source = komarr_new (NULL, NULL);
  g_autofree char *dir = g_dir_make_tmp ("admiralty-view-leaks-XXXXXX", &error);
  g_autofree char *path = NULL, *battle_path = NULL, *from = fixture_path ();
  g_autoptr(GFile) file = NULL;
  AdmiraltyWindow *window;
  AdmiraltyMapPage *map_page;
  AdmiraltyPlayerWindow *player;
  AdmiraltyBattlePage *page;
  AdmBattle *battle;
  guint entry = 0, undetected, unidentified;
  int side;

  g_assert_no_error (error);
  path = g_build_filename (dir, "komarr.admiralty", NULL);
  battle_path = g_build_filename (dir, LEAK_FIXTURE ".xml", NULL);
  copy_file (from, battle_path);

  window = campaign_window_new (source, path, 1400, 900);
  adw_tab_view_set_selected_page (window->tab_view, window->map_tab);
  iterate ();
  map_page = _admiralty_window_get_map_page (window);

  /* "Show" the Cetagandans: the button opens their screen. */
  g_assert_false (gtk_widget_get_sensitive (map_page->player_screen_button));
  for (guint i = 0; i < map_page->map_view_factions->len; i++)
    if (g_str_equal (g_ptr_array_index (map_page->map_view_factions, i), "cetaganda"))
      entry = 2 + i;
  g_assert_cmpuint (entry, >=, 2);
  gtk_drop_down_set_selected (map_page->map_view_dropdown, entry);
  iterate ();
  g_assert_true (gtk_widget_get_sensitive (map_page->player_screen_button));
  g_signal_emit_by_name (map_page->player_screen_button, "clicked");
  iterate_until (player_shown, NULL, 5000);
  player = find_player ();
  g_assert_nonnull (player);
  g_assert_cmpstr (admiralty_player_window_get_side (player), ==, "cetaganda");
  g_assert_cmpuint (count_controls (GTK_WIDGET (player)), ==, 0);

  /* The map: the side's knowledge. */
  g_assert_cmpstr (admiralty_player_window_get_showing (player), ==, "map");
  g_assert_cmpint (admiralty_sector_map_get_audience (admiralty_player_window_get_map (player)),
                   ==, ADMIRALTY_SECTOR_AUDIENCE_SIDE);
  {
    AdmiraltySectorMap *map = admiralty_player_window_get_map (player);
    AdmiraltySectorOptions options;
    g_autoptr(GHashTable) classes = NULL;
    g_autofree char *picture = NULL;
    guint hidden_checked = 0;

    iterate_until (map_allocated, map, 5000);
    admiralty_sector_map_set_tiled (map, FALSE);
    picture = widget_pdf_text (GTK_WIDGET (map), "player-map");
    admiralty_sector_map_get_options (map, &options);
    classes = classes_shown (adm_campaign_get_scenario (window->campaign), &options);
    for (guint h = 0; h < G_N_ELEMENTS (hidden_ids); h++)
      {
        const AdmFormation *formation = hidden_formation (window->campaign, h);
        GPtrArray *sectors = adm_scenario_get_sectors (adm_campaign_get_scenario (window->campaign));

        if (admiralty_sector_formation_shown (adm_campaign_get_scenario (window->campaign),
                                              &options, formation))
          continue;
        hidden_checked++;
        assert_formation_absent (picture, formation, classes, "player's map");
        for (guint s = 0; s < sectors->len; s++)
          {
            const AdmSector *sector = g_ptr_array_index (sectors, s);
            g_autofree char *markup = admiralty_sector_map_dup_tooltip_markup (map, sector->id);
            g_autofree char *text = markup_text (markup);

            assert_formation_absent (text, formation, classes, "player's map tooltip");
          }
      }
    g_assert_cmpuint (hidden_checked, >=, 1);
  }

  /* The master opens the Pol orbit battle: the screen follows, as the Cetagandans see it. */
  file = g_file_new_for_path (battle_path);
  g_assert_true (admiralty_window_open_file (window, file));
  iterate ();
  page = _admiralty_window_get_battle_page (window);
  g_assert_nonnull (page);
  battle = admiralty_battle_page_get_battle (page);
  side = viewer_side (battle);
  g_assert_cmpstr (admiralty_player_window_get_showing (player), ==, "battle");
  g_assert_cmpint (admiralty_table_widget_get_view_side (admiralty_player_window_get_table (player)),
                   ==, side);
  /* Vectors, so that the drawing's text can be read back (see test_battle_page ()). */
  admiralty_table_widget_set_cached (admiralty_player_window_get_table (player), FALSE);
  /* F-STRAT-3, the revelation: ending the campaign changes nothing the screen shows; once the
   * master publishes the whole truth it shows what he sees; undo hides it again. */
  {
    AdmiraltyTableWidget *table = admiralty_player_window_get_table (player);
    g_autofree char *own = g_strdup (admiralty_player_window_get_report_text (player));
    g_autofree char *own_picture = widget_pdf_text (GTK_WIDGET (table), "player-table-own");
    g_autoptr(GPtrArray) lines = adm_audience_filter_report (adm_audience_master (), battle);
    g_autoptr(GString) master = g_string_new (NULL);

    for (guint i = 0; i < lines->len; i++)
      g_string_append_printf (master, "%s%s", i > 0 ? "\n" : "",
                              adm_report_line_get_text (g_ptr_array_index (lines, i)));
    g_assert_true (adm_campaign_end (window->campaign, "The Cetagandans sued for peace",
                                     T0 + 600, &error));
    g_assert_no_error (error);
    iterate ();
    g_assert_cmpint (admiralty_table_widget_get_view_side (table), ==, side);
    g_assert_cmpstr (admiralty_player_window_get_report_text (player), ==, own);
    {
      g_autofree char *ended = widget_pdf_text (GTK_WIDGET (table), "player-table-ended");

      g_assert_cmpstr (ended, ==, own_picture);
    }
    g_assert_true (adm_campaign_publish (window->campaign, T0 + 700, &error));
    g_assert_no_error (error);
    iterate ();
    g_assert_cmpint (admiralty_table_widget_get_view_side (table), ==, -1);
    g_assert_cmpstr (admiralty_player_window_get_report_text (player), ==, master->str);
    {
      g_autofree char *published = widget_pdf_text (GTK_WIDGET (table), "player-table-published");

      guint told = 0;

      g_assert_cmpstr (published, !=, own_picture);
      /* Ships the side had not identified are drawn by their names (those in the view), as
       * the master sees them. */
      for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
        if (!adm_audience_ship_shows (adm_audience_side ((guint) side), battle, i,
                                      ADM_SHIP_FACT_NAME) &&
            strstr (published, adm_battle_get_ship (battle, i)->name) != NULL)
          {
            assert_lacks (own_picture, adm_battle_get_ship (battle, i)->name,
                          "player's table, own");
            told++;
          }
      g_assert_cmpuint (told, >=, 1);
    }
    g_assert_true (adm_campaign_undo (window->campaign, &error));
    g_assert_no_error (error);
    iterate ();
    g_assert_cmpint (admiralty_table_widget_get_view_side (table), ==, side);
    g_assert_cmpstr (admiralty_player_window_get_report_text (player), ==, own);
    {
      g_autofree char *undone = widget_pdf_text (GTK_WIDGET (table), "player-table-undone");

      g_assert_cmpstr (undone, ==, own_picture);
    }
    g_assert_true (adm_campaign_undo (window->campaign, &error));
    g_assert_no_error (error);
    iterate ();
  }

  for (guint step = 0; step < 2; step++)
    {
      g_autofree char *name = g_strdup_printf ("player-table-%u", step);
      g_autofree char *labels = widget_text (GTK_WIDGET (player));
      g_autofree char *picture = widget_pdf_text (
        GTK_WIDGET (admiralty_player_window_get_table (player)), name);

      assert_fog_holds (battle, side, labels, name, &undetected, &unidentified);
      assert_fog_holds (battle, side, admiralty_player_window_get_report_text (player), name,
                        &undetected, &unidentified);
      assert_fog_holds (battle, side, picture, name, &undetected, &unidentified);
      assert_lacks (admiralty_player_window_get_report_text (player), "not detected", name);
      if (step == 0)
        {
          g_assert_cmpuint (undetected, ==, 4);
          assert_contains (picture, "Jade Pavilion", name);
        }
      /* The master plays a turn in his window (the detection phase with seed 7's dice from
       * the page's own generator). */
      for (guint p = 0; p < 5 && step == 0; p++)
        {
          admiralty_battle_page_resolve_phase (page, FALSE);
          iterate ();
        }
    }

  /* Back to the map tab: the screen shows the map again. */
  adw_tab_view_set_selected_page (window->tab_view, window->map_tab);
  iterate ();
  g_assert_cmpstr (admiralty_player_window_get_showing (player), ==, "map");

  close_window (window);
  iterate ();
  g_assert_null (find_player ());
  remove_tree (dir);
}

/* F-GEN-6, F-STRAT-3: during the muster (scenarios/komarr-muster.admiralty) no formation of a
 * pool is in being. With Adm. Vorkosigan's muster returned with the master's reason and Adm.
 * Vorlakial's accepted, the Cetagandans' screen — its labels, its map as drawn and each
 * sector's tooltip — gives no ship of either pool, no formation of either muster and not the
 * reason; nor does the master's own map while it shows the Cetagandans' side. */
static void
test_muster_screen (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmScenario) scenario = shipped_scenario ("komarr-muster.admiralty");
  g_autoptr(AdmCampaign) source = adm_campaign_new (scenario, 1);
  g_autofree char *dir = g_dir_make_tmp ("admiralty-view-leaks-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autoptr(GPtrArray) secrets = g_ptr_array_new_with_free_func (g_free);
  static const char *const admirals[] = { "vorkosigan", "vorlakial" };
  AdmiraltyWindow *window;
  AdmiraltyMapPage *map_page;
  AdmiraltyPlayerWindow *player;
  guint entry = 0;

  g_assert_no_error (error);
  for (guint a = 0; a < G_N_ELEMENTS (admirals); a++)
    {
      const AdmPool *pool = adm_scenario_lookup_pool (scenario, admirals[a]);
      g_autoptr(AdmMusterDraft) draft = adm_muster_draft_new (admirals[a]);
      g_autofree char *name = g_strdup_printf ("Secret Muster of %s", admirals[a]);
      AdmMusterDraftFormation *formation = NULL;
      g_autoptr(GPtrArray) events = NULL;
      g_autoptr(AdmEvent) decision = NULL;

      g_ptr_array_add (secrets, g_strdup (name));
      /* A formation a run of one category, six at most (F-FORM-8). */
      for (guint s = 0; s < pool->ships->len; s++)
        {
          const AdmShip *ship = g_ptr_array_index (pool->ships, s);

          if (formation == NULL || formation->ships->len == 6 ||
              ((const AdmShip *) g_ptr_array_index (pool->ships, s - 1))->klass->category !=
              ship->klass->category)
            {
              g_autofree char *numbered = g_strdup_printf ("%s %u", name, s + 1);

              formation = adm_muster_draft_add (draft, numbered, ship->id, TRUE);
            }
          g_ptr_array_add (formation->ships, g_strdup (ship->id));
          g_ptr_array_add (secrets, g_strdup (ship->name));
        }
      events = adm_muster_draft_events (draft, T0);
      g_assert_true (adm_campaign_append_all (source, events, &error));
      g_assert_no_error (error);
      decision = adm_event_new (a == 0 ? "muster-return" : "muster-accept", T0 + 60);
      adm_event_set (decision, "admiral", admirals[a]);
      if (a == 0)
        adm_event_set (decision, "reason", "SECRET-REASON the tug goes with the train");
      g_assert_true (adm_campaign_append (source, decision, &error));
      g_assert_no_error (error);
    }
  g_ptr_array_add (secrets, g_strdup ("SECRET-REASON"));

  path = g_build_filename (dir, "komarr-muster.admiralty", NULL);
  window = campaign_window_new (source, path, 1400, 900);
  adw_tab_view_set_selected_page (window->tab_view, window->map_tab);
  iterate ();
  map_page = _admiralty_window_get_map_page (window);
  for (guint i = 0; i < map_page->map_view_factions->len; i++)
    if (g_str_equal (g_ptr_array_index (map_page->map_view_factions, i), "cetaganda"))
      entry = 2 + i;
  g_assert_cmpuint (entry, >=, 2);
  gtk_drop_down_set_selected (map_page->map_view_dropdown, entry);
  iterate ();
  g_signal_emit_by_name (map_page->player_screen_button, "clicked");
  iterate_until (player_shown, NULL, 5000);
  player = find_player ();
  g_assert_nonnull (player);
  {
    AdmiraltySectorMap *map = admiralty_player_window_get_map (player);
    GPtrArray *sectors = adm_scenario_get_sectors (scenario);
    g_autoptr(GString) seen = g_string_new (NULL);
    g_autofree char *labels = widget_text (GTK_WIDGET (player));
    g_autofree char *picture = NULL;
    g_autofree char *master = widget_text (GTK_WIDGET (map_page));

    iterate_until (map_allocated, map, 5000);
    admiralty_sector_map_set_tiled (map, FALSE);
    picture = widget_pdf_text (GTK_WIDGET (map), "muster-player-map");
    g_string_append_printf (seen, "%s\n%s\n%s\n", labels, picture, master);
    for (guint s = 0; s < sectors->len; s++)
      {
        const AdmSector *sector = g_ptr_array_index (sectors, s);
        g_autofree char *markup = admiralty_sector_map_dup_tooltip_markup (map, sector->id);
        g_autofree char *text = markup_text (markup);

        g_string_append_printf (seen, "%s\n", text);
      }
    assert_contains (seen->str, "Komarr", "the Cetagandans' screen");
    for (guint i = 0; i < secrets->len; i++)
      assert_lacks (seen->str, g_ptr_array_index (secrets, i), "the Cetagandans' screen");
  }
  close_window (window);
  iterate ();
  remove_tree (dir);
}

/* The war replayed (F-STRAT-3, F-ECM-2) */

/* Every class of @scenario's ships: a battle's table shows a side the classes of the ships it
 * identifies, which a hidden formation may share, so a table's picture is checked for names. */
static GHashTable *
every_class (AdmScenario *scenario)
{
  GHashTable *classes = g_hash_table_new (g_str_hash, g_str_equal);
  GPtrArray *ships = adm_scenario_get_ships (scenario);

  for (guint i = 0; i < ships->len; i++)
    g_hash_table_add (classes, ((const AdmShip *) g_ptr_array_index (ships, i))->klass->name);
  return classes;
}

/* F-STRAT-3, F-ECM-2: the war replayed (admiralty-replay-window.h) — Komarr through two cycles
 * and five phases of the battle of c1-3 — as each audience blind to a hidden formation steps
 * through it shows nothing of it at any step: neither the window as drawn (the map or the
 * table, read back from PDF) nor any label or tooltip in it. */
static void
test_replay_walk (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (5);
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) all_classes = NULL;
  AdmScenario *scenario = adm_campaign_get_scenario (campaign);
  AdmiraltyReplayWindow *replay;
  guint checked = 0, battle_steps = 0;

  komarr_play_cycle (campaign, 1, T0);
  battle = engagement_battle (campaign, "c1-3");
  g_assert_true (adm_campaign_keep_battle (campaign, "c1-3", battle, &error));
  for (guint p = 0; p < 5; p++)
    {
      g_assert_true (adm_battle_resolve_phase (battle, NULL, ADM_DICE_SOURCE (dice), &error));
      g_assert_true (adm_campaign_keep_battle (campaign, "c1-3", battle, &error));
    }
  g_assert_no_error (error);
  komarr_play_cycle (campaign, 2, T0);
  all_classes = every_class (scenario);

  replay = admiralty_replay_window_new (NULL, campaign);
  gtk_window_set_default_size (GTK_WINDOW (replay), 1280, 800);
  gtk_window_present (GTK_WINDOW (replay));
  iterate_until (widget_mapped, replay, 5000);
  for (guint h = 0; h < G_N_ELEMENTS (hidden_ids); h++)
    {
      const AdmFormation *formation = hidden_formation (campaign, h);
      g_autoptr(GPtrArray) audiences = blind_audiences (campaign, formation);

      for (guint a = 0; a < audiences->len; a++)
        {
          const AdmiraltySectorOptions *options = g_ptr_array_index (audiences, a);
          const char *who = audience_name (options);
          guint n;

          g_assert_true (admiralty_replay_window_set_audience (replay, who, &error));
          g_assert_no_error (error);
          n = g_list_model_get_n_items (G_LIST_MODEL (admiralty_replay_window_get_timeline (
                                          replay)));
          for (guint i = 0; i < n; i++)
            {
              g_autofree char *name = g_strdup_printf ("replay-%s-%s-%u", formation->id, who, i);
              g_autofree char *picture = NULL, *text = NULL;
              g_autoptr(GHashTable) classes = NULL;
              AdmiraltySectorOptions shown;

              admiralty_replay_window_set_position (replay, i);
              /* As vectors, so that the step's text can be read back. */
              if (admiralty_replay_window_get_map (replay) != NULL)
                admiralty_sector_map_set_tiled (admiralty_replay_window_get_map (replay), FALSE);
              if (admiralty_replay_window_get_table (replay) != NULL)
                admiralty_table_widget_set_cached (admiralty_replay_window_get_table (replay),
                                                   FALSE);
              picture = widget_pdf_text (GTK_WIDGET (replay), name);
              text = widget_text (GTK_WIDGET (replay));
              if (admiralty_replay_window_get_table (replay) != NULL)
                battle_steps++;
              else
                {
                  admiralty_sector_map_get_options (admiralty_replay_window_get_map (replay),
                                                    &shown);
                  classes = classes_shown (scenario, &shown);
                }
              assert_formation_absent (picture, formation, classes != NULL ? classes
                                                                           : all_classes, name);
              assert_formation_absent (text, formation, classes != NULL ? classes : all_classes,
                                       name);
              checked++;
            }
        }
    }
  g_assert_cmpuint (checked, >, 0);
  g_assert_cmpuint (battle_steps, >, 0);
  gtk_window_destroy (GTK_WINDOW (replay));
}

/* F-ECM-2, F-STRAT-3: the luck ledger's window with c1-1's battle kept (Pol Defiant boarded in
 * turn 1). For each faction it offers that fought there, the side rows of the battle count
 * exactly the judged rolls the one audience filter shows that side — no roll it did not
 * see — and the window's words name no ship the side is not shown, not the other side's
 * admiral and not the engagement's id; for the public and each side blind to a hidden formation, nothing of that formation. */
static void
test_luck_window (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(GError) error = NULL;
  AdmiraltyLuckWindow *window;
  GPtrArray *factions;
  AdmBattle *kept;
  guint checked = 0;

  komarr_play_cycle (campaign, 1, T0);
  battle = komarr_capture_pol_defiant (campaign);
  g_assert_true (adm_campaign_keep_battle (campaign, "c1-1", battle, &error));
  g_assert_no_error (error);
  kept = adm_campaign_get_battle_played (campaign, "c1-1", &error);
  g_assert_no_error (error);
  window = admiralty_luck_window_new (NULL, campaign);
  gtk_window_present (GTK_WINDOW (window));
  wait_drawn (GTK_WIDGET (window));

  factions = adm_scenario_get_factions (adm_campaign_get_scenario (campaign));
  for (guint f = 0; f < factions->len; f++)
    {
      const AdmFaction *faction = g_ptr_array_index (factions, f);
      g_autoptr(GPtrArray) ledgers = adm_luck_ledgers_of_campaign (campaign, "c1-1",
                                                                   faction->id, NULL);
      GListModel *model = G_LIST_MODEL (admiralty_luck_window_get_model (window));
      AdmAudience audience;
      g_autofree char *text = NULL;
      guint rolls = 0, headings = 0;

      if (ledgers == NULL)
        continue;
      audience = adm_luck_ledger_get_audience (g_ptr_array_index (ledgers, 0));
      g_assert_true (admiralty_luck_window_set_audience (window, faction->id));
      wait_drawn (GTK_WIDGET (window));
      for (guint i = 0; i < g_list_model_get_n_items (model); i++)
        {
          g_autoptr(AdmLuckRow) row = g_list_model_get_item (model, i);

          headings += adm_luck_row_get_kind (row) == ADM_LUCK_ROW_HEADING;
          if (headings == 1 && adm_luck_row_get_kind (row) == ADM_LUCK_ROW_SIDE)
            rolls += adm_luck_row_get_rolls (row);
        }
      g_test_message ("%s: %u rolls counted", faction->id, rolls);
      g_assert_cmpuint (rolls, ==, battle_helper_judged_seen (kept, audience));
      g_assert_cmpuint (rolls, >, 0);
      text = widget_text (GTK_WIDGET (window));
      assert_lacks (text, "c1-1", faction->id);
      for (guint i = 0; i < adm_battle_get_n_ships (kept); i++)
        if (!adm_audience_ship_shows (audience, kept, i, ADM_SHIP_FACT_NAME))
          assert_lacks (text, adm_battle_get_ship (kept, i)->name, faction->id);
      /* F-STRAT-3: who commands the other side is not this side's to know. */
      for (guint s = 0; s < adm_battle_get_n_sides (kept); s++)
        if (s != audience.side && adm_battle_get_side (kept, s)->admiral != NULL)
          assert_lacks (text, adm_battle_get_side (kept, s)->admiral, faction->id);
      checked++;
    }
  /* Both sides of the battle. */
  g_assert_cmpuint (checked, >=, 2);

  for (guint h = 0; h < G_N_ELEMENTS (hidden_ids); h++)
    {
      const AdmFormation *formation = hidden_formation (campaign, h);
      g_autoptr(GPtrArray) audiences = blind_audiences (campaign, formation);

      for (guint a = 0; a < audiences->len; a++)
        {
          const AdmiraltySectorOptions *options = g_ptr_array_index (audiences, a);
          const char *as = audience_name (options);
          g_autoptr(GHashTable) classes = classes_shown (adm_campaign_get_scenario (campaign),
                                                         options);
          g_autofree char *text = NULL;

          g_assert_true (admiralty_luck_window_set_audience (window, as));
          wait_drawn (GTK_WIDGET (window));
          text = widget_text (GTK_WIDGET (window));
          assert_formation_absent (text, formation, classes, as);
        }
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* F-ECM-2, F-STRAT-3: the luck ledger's Every Roll for one side, with c1-2's battle fought two
 * turns with seed 3 (Autumn Screen, hidden, against the Aslund Minelayer): the side that did
 * not see every roll of it lists exactly the judged rolls the one audience filter shows it —
 * fewer than the master's — and neither its rows, drawn or not, nor the window's words name a
 * ship it is not shown, the engagement's id, or anything of a hidden formation it is blind
 * to. */
static void
test_luck_every_roll (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (3);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) master = NULL;
  AdmiraltyLuckWindow *window;
  GListModel *model;
  GPtrArray *factions;
  AdmBattle *kept;
  const AdmFaction *side = NULL;
  AdmAudience audience = adm_audience_master ();
  g_autofree char *rows = NULL, *drawn = NULL;
  guint master_rolls, listed = 0;

  komarr_play_cycle (campaign, 1, T0);
  battle = engagement_battle (campaign, "c1-2");
  for (int turn = 1; turn <= 2; turn++)
    {
      g_assert_true (adm_battle_resolve_turn (battle, NULL, ADM_DICE_SOURCE (dice), &error));
      g_assert_no_error (error);
    }
  g_assert_true (adm_campaign_keep_battle (campaign, "c1-2", battle, &error));
  g_assert_no_error (error);
  kept = adm_campaign_get_battle_played (campaign, "c1-2", &error);
  g_assert_no_error (error);
  master = adm_luck_ledgers_of_campaign (campaign, NULL, NULL, &error);
  g_assert_no_error (error);
  master_rolls = adm_luck_ledger_get_rolls (g_ptr_array_index (master, 0))->len;

  /* The side that did not see every roll. */
  factions = adm_scenario_get_factions (adm_campaign_get_scenario (campaign));
  for (guint f = 0; f < factions->len && side == NULL; f++)
    {
      const AdmFaction *faction = g_ptr_array_index (factions, f);
      g_autoptr(GPtrArray) ledgers = adm_luck_ledgers_of_campaign (campaign, NULL, faction->id,
                                                                   NULL);

      if (ledgers != NULL &&
          adm_luck_ledger_get_rolls (g_ptr_array_index (ledgers, 0))->len < master_rolls)
        {
          side = faction;
          audience = adm_luck_ledger_get_audience (g_ptr_array_index (ledgers, 0));
        }
    }
  g_assert_nonnull (side);

  window = admiralty_luck_window_new (NULL, campaign);
  model = G_LIST_MODEL (admiralty_luck_window_get_model (window));
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (admiralty_luck_window_set_audience (window, side->id));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "luck.rows", "s",
                                             "every-roll"));
  wait_drawn (GTK_WIDGET (window));
  g_assert_true (adm_luck_model_get_every_roll (ADM_LUCK_MODEL (model)));
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(AdmLuckRow) row = g_list_model_get_item (model, i);

      listed += adm_luck_row_get_kind (row) == ADM_LUCK_ROW_ROLL;
    }
  g_test_message ("%s: %u rolls listed of the master's %u", side->id, listed, master_rolls);
  g_assert_cmpuint (listed, ==, battle_helper_judged_seen (kept, audience));
  g_assert_cmpuint (listed, >, 0);
  g_assert_cmpuint (listed, <, master_rolls);

  rows = battle_helper_luck_rows_text (model);
  drawn = widget_text (GTK_WIDGET (window));
  assert_contains (drawn, "as good or better", "the drawn rows");
  for (guint t = 0; t < 2; t++)
    {
      const char *text = t == 0 ? rows : drawn;

      assert_lacks (text, "c1-2", side->id);
      for (guint i = 0; i < adm_battle_get_n_ships (kept); i++)
        if (!adm_audience_ship_shows (audience, kept, i, ADM_SHIP_FACT_NAME))
          {
            assert_lacks (text, adm_battle_get_ship (kept, i)->name, side->id);
            assert_lacks (text, adm_battle_get_ship (kept, i)->id, side->id);
          }
    }
  for (guint h = 0; h < G_N_ELEMENTS (hidden_ids); h++)
    {
      const AdmFormation *formation = hidden_formation (campaign, h);
      g_autoptr(GPtrArray) audiences = blind_audiences (campaign, formation);

      for (guint a = 0; a < audiences->len; a++)
        {
          const AdmiraltySectorOptions *options = g_ptr_array_index (audiences, a);
          g_autoptr(GHashTable) classes = NULL;

          if (g_strcmp0 (audience_name (options), side->id) != 0)
            continue;
          classes = classes_shown (adm_campaign_get_scenario (campaign), options);
          assert_formation_absent (rows, formation, classes, side->id);
          assert_formation_absent (drawn, formation, classes, side->id);
        }
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  ui_test_init (&argc, &argv, "view-leaks");
  pdf_dir = g_dir_make_tmp ("admiralty-view-leaks-pdf-XXXXXX", &error);
  g_assert_no_error (error);

  g_test_add_func ("/ui/view-leaks/F-STRAT-2/F-STRAT-3/sector-map-pdf", test_sector_pdf);
  g_test_add_func ("/ui/view-leaks/F-STRAT-2/F-STRAT-3/sector-tooltips", test_sector_tooltips);
  g_test_add_func ("/ui/view-leaks/F-STRAT-3/chronicle-pdf", test_chronicle_pdf);
  g_test_add_func ("/ui/view-leaks/F-STRAT-2/F-STRAT-3/window-map-and-projector",
                   test_window_map);
  g_test_add_func ("/ui/view-leaks/F-STRAT-3/reveal-and-undo", test_reveal_and_undo);
  g_test_add_func ("/ui/view-leaks/F-STRAT-3/last-seen-map", test_last_seen_map);
  g_test_add_func ("/ui/view-leaks/F-ECM-2/F-ECM-6/table-pdf", test_table_pdf);
  g_test_add_func ("/ui/view-leaks/F-ECM-4/table-kit", test_table_kit);
  g_test_add_func ("/ui/view-leaks/F-ECM-2/F-ECM-6/battle-page-view-as", test_battle_page);
  g_test_add_func ("/ui/view-leaks/F-ECM-2/F-ECM-6/battle-page-walk", test_battle_page_walk);
  g_test_add_func ("/ui/view-leaks/F-ECM-2/F-STRAT-4/komarr-engagements-walk",
                   test_komarr_engagements_walk);
  g_test_add_func ("/ui/view-leaks/F-ECM-2/F-STRAT-3/player-screen", test_player_screen);
  g_test_add_func ("/ui/view-leaks/F-SEQ-2/orders-secret", test_orders_secret);
  g_test_add_func ("/ui/view-leaks/F-GEN-6/F-STRAT-3/muster-screen", test_muster_screen);
  g_test_add_func ("/ui/view-leaks/F-STRAT-3/F-ECM-2/replay-walk", test_replay_walk);
  g_test_add_func ("/ui/view-leaks/F-ECM-2/F-STRAT-3/luck-window", test_luck_window);
  g_test_add_func ("/ui/view-leaks/F-ECM-2/F-STRAT-3/luck-every-roll", test_luck_every_roll);

  status = g_test_run ();
  /* The pictures stay for a look when a test failed (it aborts before this). */
  remove_tree (pdf_dir);
  g_clear_pointer (&pdf_dir, g_free);
  return ui_test_finish (status);
}
