/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-projector.c: the main map for the players (F-STRAT-2) — the sector renderer's
 * audiences (master, one side, the public) on the Komarr campaign with its hidden formations,
 * formations in transit drawn on their links, and the projector window opened from the real
 * window with win.projector: public audience, large type, its picture rendered to PNG with no
 * hidden formation in it, and following the campaign as the master reveals a formation and
 * resolves a cycle. Runs under Xvfb. */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gstdio.h>

#include "admiralty-application.h"
#include "admiralty-fleet-node.h"
#include "admiralty-player-window.h"
#include "admiralty-projector-window.h"
#include "admiralty-sector-renderer.h"
#include "admiralty-sector-wall.h"
#include "admiralty-window-private.h"
#include "komarr-helpers.h"
#include "picture-helpers.h"
#include "pointer-helpers.h"
#include "adm-battle-result.h"
#include "adm-campaign-file.h"
#include "adm-campaign-journal.h"
#include "adm-dice-ledger.h"

#define T0 1795000000  /* journal times, seconds */

/* The scenario's first hidden formation: the Komarr campaign must have one. */
static AdmFormation *
hidden_formation (AdmCampaign *campaign)
{
  GPtrArray *formations = adm_scenario_get_formations (adm_campaign_get_scenario (campaign));

  for (guint i = 0; i < formations->len; i++)
    {
      AdmFormation *formation = g_ptr_array_index (formations, i);

      if (formation->hidden)
        return formation;
    }
  g_assert_not_reached ();
  return NULL;
}

static guint32
faction_rgb (const AdmFormation *formation)
{
  return (guint32) g_ascii_strtoull (formation->faction->colour + 1, NULL, 16);
}

/* Pixels of exactly @rgb inside @rect of @surface. */
static guint
count_colour (cairo_surface_t         *surface,
              const cairo_rectangle_t *rect,
              guint32                  rgb)
{
  const guchar *data;
  int stride, width, height;
  guint count = 0;

  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  width = cairo_image_surface_get_width (surface);
  height = cairo_image_surface_get_height (surface);
  for (int y = MAX ((int) rect->y, 0); y < MIN ((int) (rect->y + rect->height), height); y++)
    for (int x = MAX ((int) rect->x, 0); x < MIN ((int) (rect->x + rect->width), width); x++)
      {
        guint32 pixel = *(const guint32 *) (data + y * stride + x * 4);

        if ((pixel & 0xffffff) == rgb)
          count++;
      }
  return count;
}

static cairo_surface_t *
render (AdmCampaign                  *campaign,
        const AdmiraltySectorView    *view,
        const AdmiraltySectorOptions *options)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, view->width,
                                                         view->height);
  cairo_t *cr = cairo_create (surface);

  admiralty_sector_render (cr, view, adm_campaign_get_scenario (campaign), options);
  cairo_destroy (cr);
  return surface;
}

/* A marker's inside is MARKER_SIZE (12 px) square of the plain faction colour, its faction's
 * symbol in the middle: more than half of it the colour, less than all. */
#define MARKER_PIXELS (12 * 12)

/* Formations of @faction's colour that @options shows in @sector. */
static guint
shown_of_colour (AdmCampaign                  *campaign,
                 const AdmiraltySectorOptions *options,
                 const AdmSector              *sector,
                 guint32                       rgb)
{
  g_autoptr(GPtrArray) here = admiralty_sector_formations_in (adm_campaign_get_scenario (campaign),
                                                              options, sector);
  guint count = 0;

  for (guint i = 0; i < here->len; i++)
    if (faction_rgb (g_ptr_array_index (here, i)) == rgb)
      count++;
  return count;
}

static void
test_hidden_not_drawn (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  AdmScenario *scenario = adm_campaign_get_scenario (campaign);
  AdmFormation *hidden = hidden_formation (campaign);
  guint32 rgb = faction_rgb (hidden);
  AdmiraltySectorView view;
  AdmiraltySectorOptions master, public, own_side, enemy_side;
  cairo_surface_t *surface;
  cairo_rectangle_t card;
  const AdmFaction *enemy = NULL;
  double x, y;
  guint master_pixels, public_pixels, marker_pixels;

  admiralty_sector_view_init (&view, 1600, 1000);
  admiralty_sector_view_fit (&view, scenario);
  admiralty_sector_node_rect (&view, hidden->sector, &card);

  admiralty_sector_options_init (&master);
  master.strategy = strategy_of (campaign);
  public = master;
  public.audience = ADMIRALTY_SECTOR_AUDIENCE_PUBLIC;
  own_side = master;
  own_side.audience = ADMIRALTY_SECTOR_AUDIENCE_SIDE;
  own_side.viewer = hidden->faction;
  for (guint i = 0; i < adm_scenario_get_factions (scenario)->len && enemy == NULL; i++)
    {
      const AdmFaction *faction = g_ptr_array_index (adm_scenario_get_factions (scenario), i);

      if (!adm_scenario_factions_allied (scenario, faction, hidden->faction))
        enemy = faction;
    }
  g_assert_nonnull (enemy);
  enemy_side = own_side;
  enemy_side.viewer = enemy;

  /* The master sees it; its own side sees it; the public and an enemy do not. */
  g_assert_true (admiralty_sector_formation_shown (scenario, &master, hidden));
  g_assert_true (admiralty_sector_formation_shown (scenario, &own_side, hidden));
  g_assert_false (admiralty_sector_formation_shown (scenario, &public, hidden));
  g_assert_false (admiralty_sector_formation_shown (scenario, &enemy_side, hidden));
  g_assert_true (admiralty_sector_formation_position (&view, scenario, &master, hidden, &x, &y));
  g_assert_false (admiralty_sector_formation_position (&view, scenario, &public, hidden, &x, &y));
  g_assert_false (admiralty_sector_formation_position (&view, scenario, &enemy_side, hidden,
                                                       &x, &y));

  /* In the pictures: the card holds one marker of its colour more for the master, and as
   * many as the other formations of that colour the public may see. */
  surface = render (campaign, &view, &master);
  save_png (surface, "projector-master");
  master_pixels = count_colour (surface, &card, rgb);
  cairo_surface_destroy (surface);
  surface = render (campaign, &view, &public);
  save_png (surface, "projector-public");
  public_pixels = count_colour (surface, &card, rgb);
  cairo_surface_destroy (surface);
  /* The hidden formation's marker is what the public picture lacks; every marker of the
   * colour is as many pixels of it. */
  marker_pixels = master_pixels - public_pixels;
  g_assert_cmpuint (marker_pixels, >, MARKER_PIXELS / 2);
  g_assert_cmpuint (marker_pixels, <, MARKER_PIXELS);
  g_assert_cmpuint (master_pixels, ==,
                    marker_pixels * shown_of_colour (campaign, &master, hidden->sector, rgb));
  g_assert_cmpuint (public_pixels, ==,
                    marker_pixels * shown_of_colour (campaign, &public, hidden->sector, rgb));
  /* The public picture is the same as the master's with the hidden formation taken out:
   * nothing else is left out. */
  g_assert_cmpuint (shown_of_colour (campaign, &public, hidden->sector, rgb) + 1, ==,
                    shown_of_colour (campaign, &master, hidden->sector, rgb));
}

/* An admiral's order for cycle 1, journalled. */
static void
order_ok (AdmCampaign *campaign,
          const char  *admiral,
          const char  *formation,
          const char  *kind,
          const char  *route)
{
  guint cycle = adm_strategy_get_cycle (strategy_of (campaign));
  g_autoptr(GError) error = NULL;

  g_assert_true (campaign_order (campaign, T0 + 60, cycle, admiral, formation, kind,
                                 route != NULL ? "route" : NULL, route, &error));
  g_assert_no_error (error);
}

static void
test_transit (void)
{
  /* F-STRAT-6 "hour": a link takes 60 minutes, so a cycle of 40 leaves the squadron two
   * thirds of the way along it. */
  g_autoptr(AdmCampaign) campaign = komarr_new ("strategic-phase", "hour");
  AdmScenario *scenario = adm_campaign_get_scenario (campaign);
  AdmFormation *squadron = adm_scenario_lookup_formation (scenario, "first-squadron-home-fleet");
  AdmSector *from = adm_scenario_lookup_sector (scenario, "komarr-terminus");
  AdmSector *to = adm_scenario_lookup_sector (scenario, "pol-jump-point");
  g_autoptr(GPtrArray) at_from = NULL;
  g_autoptr(GHashTable) cards = NULL;
  AdmiraltySectorView view;
  AdmiraltySectorOptions options;
  cairo_rectangle_t from_card, to_card;
  cairo_surface_t *surface;
  double x, y, fx, fy, tx, ty, along, across;
  const guchar *data;
  guint32 pixel;

  order_ok (campaign, "vorkosigan", "first-squadron-home-fleet", "move", "pol-jump-point");
  komarr_end_cycle (campaign, T0);
  g_assert_nonnull (adm_strategy_get_position (strategy_of (campaign), squadron->id)->towards);

  admiralty_sector_options_init (&options);
  options.strategy = strategy_of (campaign);
  admiralty_sector_view_init (&view, 1600, 1000);
  cards = admiralty_sector_cards_measure (scenario, &options);
  view.cards = cards;
  admiralty_sector_view_fit (&view, scenario);

  /* Not on its card any more, but on the link, past the middle, outside both cards. */
  at_from = admiralty_sector_formations_in (scenario, &options, from);
  g_assert_false (g_ptr_array_find (at_from, squadron, NULL));
  g_assert_true (admiralty_sector_formation_position (&view, scenario, &options, squadron,
                                                      &x, &y));
  admiralty_sector_view_to_pixels (&view, from->x, from->y, &fx, &fy);
  admiralty_sector_view_to_pixels (&view, to->x, to->y, &tx, &ty);
  along = ((x - fx) * (tx - fx) + (y - fy) * (ty - fy)) / ((tx - fx) * (tx - fx) +
                                                           (ty - fy) * (ty - fy));
  across = fabs ((x - fx) * (ty - fy) - (y - fy) * (tx - fx)) / hypot (tx - fx, ty - fy);
  g_assert_cmpfloat (along, >, 0.5);
  g_assert_cmpfloat (along, <, 1.0);
  g_assert_cmpfloat (across, <, 1.0);
  admiralty_sector_node_rect (&view, from, &from_card);
  admiralty_sector_node_rect (&view, to, &to_card);
  g_assert_false (x >= to_card.x && x < to_card.x + to_card.width &&
                  y >= to_card.y && y < to_card.y + to_card.height);
  g_assert_true (admiralty_sector_formation_at (&view, scenario, &options, x, y) == squadron);

  /* Drawn there in its faction's colour. */
  surface = render (campaign, &view, &options);
  save_png (surface, "projector-transit");
  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  pixel = *(const guint32 *) (data + (int) y * cairo_image_surface_get_stride (surface) +
                              (int) x * 4);
  g_assert_cmphex (pixel & 0xffffff, ==, faction_rgb (squadron));
  cairo_surface_destroy (surface);

  /* Named beside its arrowhead with where it goes, clear of every card; the
   * master is told its ships, the public its name alone. */
  {
    g_autoptr(GArray) labels = admiralty_sector_transit_labels (&view, scenario, &options);
    const AdmiraltySectorLabel *label;
    GPtrArray *sectors = adm_scenario_get_sectors (scenario);
    AdmiraltySectorOptions public = options;
    g_autofree char *public_text = NULL;

    g_assert_cmpuint (labels->len, ==, 1);
    label = &g_array_index (labels, AdmiraltySectorLabel, 0);
    g_assert_true (label->formation == squadron);
    g_assert_cmpstr (label->text, ==, "First Squadron, Home Fleet · 5 → Pol jump point");
    g_assert_cmpfloat (label->font_size, >=, 10.0);
    /* Beside the marker: its box within a marker's size of it. */
    g_assert_cmpfloat (hypot (MAX (MAX (label->rect.x - x, x - label->rect.x - label->rect.width), 0),
                              MAX (MAX (label->rect.y - y, y - label->rect.y - label->rect.height), 0)),
                       <, 16.0);
    for (guint i = 0; i < sectors->len; i++)
      {
        cairo_rectangle_t card;

        admiralty_sector_node_rect (&view, g_ptr_array_index (sectors, i), &card);
        g_assert_false (label->rect.x < card.x + card.width && card.x < label->rect.x +
                        label->rect.width && label->rect.y < card.y + card.height &&
                        card.y < label->rect.y + label->rect.height);
      }
    public.audience = ADMIRALTY_SECTOR_AUDIENCE_PUBLIC;
    public_text = admiralty_sector_transit_text (scenario, &public, squadron);
    g_assert_cmpstr (public_text, ==, "First Squadron, Home Fleet → Pol jump point");
    /* Zoomed, the label grows with the drawing. */
    admiralty_sector_view_zoom (&view, 2.0, view.width / 2.0, view.height / 2.0);
    g_clear_pointer (&labels, g_array_unref);
    labels = admiralty_sector_transit_labels (&view, scenario, &options);
    g_assert_cmpfloat (g_array_index (labels, AdmiraltySectorLabel, 0).font_size, ==, 20.0);
  }
}

static void
string_free (gpointer data)
{
  g_string_free (data, TRUE);
}

/* The projector's wall layout at 1920 × 1080, the map under the heading and over
 * the key: every sector name in 32 px type or more and every formation label in 26 px or
 * more, no two texts over one another, and only what the public may know — no hidden
 * formation, no ship counts or ship names. A formation crossing a link is named with where it
 * goes, clear of the sectors' text. */
static void
test_wall (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new ("strategic-phase", "hour");
  AdmScenario *scenario = adm_campaign_get_scenario (campaign);
  AdmFormation *hidden = hidden_formation (campaign);
  AdmFormation *squadron = adm_scenario_lookup_formation (scenario, "first-squadron-home-fleet");
  g_autoptr(GArray) labels = g_array_new (FALSE, TRUE, sizeof (AdmiraltySectorLabel));
  g_autoptr(GHashTable) named = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) lines = g_hash_table_new_full (NULL, NULL, NULL, string_free);
  g_autoptr(GHashTable) line_counts = g_hash_table_new (NULL, NULL);
  AdmiraltySectorOptions options;
  cairo_surface_t *surface;
  cairo_t *cr;
  double name_size, label_size;
  guint names = 0, formations = 0, transit = 0, markers = 0;
  const int width = 1920, height = 1080 - 96 - 120;

  order_ok (campaign, "vorkosigan", "first-squadron-home-fleet", "move", "pol-jump-point");
  komarr_end_cycle (campaign, T0);
  admiralty_sector_options_init (&options);
  options.strategy = strategy_of (campaign);
  options.audience = ADMIRALTY_SECTOR_AUDIENCE_PUBLIC;

  admiralty_sector_wall_type (1920, 1080, &name_size, &label_size);
  g_assert_cmpfloat (name_size, >=, 32.0);
  g_assert_cmpfloat (label_size, >=, 26.0);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, height);
  cr = cairo_create (surface);
  admiralty_sector_render_wall (cr, width, height, name_size, label_size, scenario, &options,
                                labels);
  cairo_destroy (cr);
  save_png (surface, "projector-wall");
  cairo_surface_destroy (surface);

  for (guint i = 0; i < labels->len; i++)
    {
      const AdmiraltySectorLabel *label = &g_array_index (labels, AdmiraltySectorLabel, i);

      g_test_message ("%.0f px at (%.0f, %.0f) %.0f × %.0f: %s", label->font_size, label->rect.x,
                      label->rect.y, label->rect.width, label->rect.height, label->text);
      /* Inside the picture, and over no other text. */
      g_assert_cmpfloat (label->rect.x, >=, 0);
      g_assert_cmpfloat (label->rect.y, >=, 0);
      g_assert_cmpfloat (label->rect.x + label->rect.width, <=, width);
      g_assert_cmpfloat (label->rect.y + label->rect.height, <=, height);
      for (guint j = 0; j < i; j++)
        {
          const cairo_rectangle_t *a = &label->rect;
          const cairo_rectangle_t *b = &g_array_index (labels, AdmiraltySectorLabel, j).rect;

          g_assert_false (a->x < b->x + b->width && b->x < a->x + a->width &&
                          a->y < b->y + b->height && b->y < a->y + a->height);
        }
      /* The arrowhead of the squadron under way: over no text (above), on its link. */
      if (label->kind == ADMIRALTY_SECTOR_LABEL_MARKER)
        {
          g_assert_true (label->formation == squadron);
          markers++;
          continue;
        }
      if (label->sector != NULL && label->formation == NULL &&
          !g_str_has_prefix (label->text, "+"))
        {
          g_assert_cmpfloat (label->font_size, >=, 32.0);
          g_hash_table_add (named, (gpointer) label->sector);
          names++;
        }
      else
        g_assert_cmpfloat (label->font_size, >=, 26.0);
      if (label->formation != NULL)
        {
          g_autofree char *public = admiralty_sector_formation_label (scenario, &options,
                                                                      label->formation);

          /* The public name only: a shown formation, no number of ships. */
          g_assert_true (label->formation != hidden);
          g_assert_true (admiralty_sector_formation_shown (scenario, &options,
                                                           label->formation));
          g_assert_cmpstr (public, ==, label->formation->name);
          if (label->sector == NULL)
            {
              g_autofree char *text = admiralty_sector_transit_text (scenario, &options,
                                                                     label->formation);

              g_assert_cmpstr (label->text, ==, text);
              transit++;
            }
          else
            {
              /* In one line or two; cut with "…" only where the room ends, never otherwise
               * changed. */
              GString *whole = g_hash_table_lookup (lines, label->formation);

              if (whole == NULL)
                {
                  g_hash_table_insert (lines, (gpointer) label->formation,
                                       g_string_new (label->text));
                  formations++;
                }
              else
                g_string_append_printf (whole, " %s", label->text);
              /* A name in one line or two, never one word a line while the wall has room
               * for wider lists ("Second / Squadron, / Home / Fleet"). */
              g_hash_table_insert (line_counts, (gpointer) label->formation,
                                   GUINT_TO_POINTER (GPOINTER_TO_UINT (
                                     g_hash_table_lookup (line_counts, label->formation)) + 1));
              g_assert_cmpuint (GPOINTER_TO_UINT (g_hash_table_lookup (line_counts,
                                                                       label->formation)),
                                <=, 2);
            }
        }
    }
  {
    GHashTableIter iter;
    gpointer key, value;

    g_hash_table_iter_init (&iter, lines);
    while (g_hash_table_iter_next (&iter, &key, &value))
      {
        const char *text = ((GString *) value)->str;
        const char *name = ((AdmFormation *) key)->name;
        g_auto(GStrv) shown = NULL;
        g_auto(GStrv) words = g_strsplit (name, " ", -1);
        guint w = 0;

        if (strstr (text, "…") == NULL)
          {
            g_assert_cmpstr (text, ==, name);
            continue;
          }
        /* Cut short: what is left of each word, in order, each word begun where it was. */
        {
          g_autoptr(GString) spaced = g_string_new (text);

          g_string_replace (spaced, "…", " ", 0);
          shown = g_strsplit (spaced->str, " ", -1);
        }
        for (guint k = 0; shown[k] != NULL; k++)
          {
            if (shown[k][0] == '\0')
              continue;
            while (words[w] != NULL && !g_str_has_prefix (words[w], shown[k]))
              w++;
            g_assert_nonnull (words[w]);
            w++;
          }
      }
  }
  /* Every sector named; formations shown; the squadron under way named on its link. */
  g_assert_cmpuint (g_hash_table_size (named), ==, adm_scenario_get_sectors (scenario)->len);
  g_assert_cmpuint (names, >=, adm_scenario_get_sectors (scenario)->len);
  g_assert_cmpuint (formations, >, 5);
  g_assert_cmpuint (transit, ==, 1);
  g_assert_cmpuint (markers, ==, 1);
  {
    g_autofree char *text = admiralty_sector_transit_text (scenario, &options, squadron);

    g_assert_cmpstr (text, ==, "First Squadron, Home Fleet → Pol jump point");
  }
}

/* The wall layout at @width × @height for the public, into a new surface, its texts into
 * @labels (cleared first) when not NULL: in the layout @kept keeps when it is not NULL, else
 * laid out afresh (admiralty_sector_render_wall ()). */
static cairo_surface_t *
render_wall_of (AdmiraltySectorWall          *kept,
                AdmScenario                  *scenario,
                const AdmiraltySectorOptions *options,
                int                           width,
                int                           height,
                GArray                       *labels)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, MAX (width, 1),
                                                         MAX (height, 1));
  cairo_t *cr = cairo_create (surface);
  double name_size, label_size;

  /* A colour no wall draws: a frame that draws nothing leaves it. */
  cairo_set_source_rgb (cr, 1, 0, 1);
  cairo_paint (cr);
  if (labels != NULL)
    g_array_set_size (labels, 0);
  admiralty_sector_wall_type (1920, 1080, &name_size, &label_size);
  if (kept != NULL)
    admiralty_sector_wall_render (kept, cr, width, height, name_size, label_size, scenario,
                                  options, labels);
  else
    admiralty_sector_render_wall (cr, width, height, name_size, label_size, scenario, options,
                                  labels);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* The same texts, in the same boxes and type, of the same sectors and formations. */
static void
assert_same_labels (GArray *a,
                    GArray *b)
{
  g_assert_cmpuint (a->len, ==, b->len);
  for (guint i = 0; i < a->len; i++)
    {
      const AdmiraltySectorLabel *la = &g_array_index (a, AdmiraltySectorLabel, i);
      const AdmiraltySectorLabel *lb = &g_array_index (b, AdmiraltySectorLabel, i);

      g_assert_cmpstr (la->text, ==, lb->text);
      g_assert_true (la->sector == lb->sector);
      g_assert_true (la->formation == lb->formation);
      g_assert_cmpint (la->kind, ==, lb->kind);
      g_assert_cmpfloat (la->font_size, ==, lb->font_size);
      g_assert_true (memcmp (&la->rect, &lb->rect, sizeof la->rect) == 0);
    }
}

/* @kept's frame of @scenario for @options at @width × @height is the picture and the texts a
 * layout made afresh gives, and it has laid the map out @layouts times in all. */
static void
assert_kept_as_fresh (AdmiraltySectorWall          *kept,
                      AdmScenario                  *scenario,
                      const AdmiraltySectorOptions *options,
                      int                           width,
                      int                           height,
                      guint                         layouts)
{
  g_autoptr(GArray) fresh_labels = g_array_new (FALSE, TRUE, sizeof (AdmiraltySectorLabel));
  g_autoptr(GArray) kept_labels = g_array_new (FALSE, TRUE, sizeof (AdmiraltySectorLabel));
  cairo_surface_t *fresh = render_wall_of (NULL, scenario, options, width, height,
                                           fresh_labels);
  cairo_surface_t *again = render_wall_of (kept, scenario, options, width, height,
                                           kept_labels);

  g_assert_cmpuint (admiralty_sector_wall_get_layouts (kept), ==, layouts);
  g_assert_true (surfaces_equal (fresh, again));
  assert_same_labels (fresh_labels, kept_labels);
  cairo_surface_destroy (fresh);
  cairo_surface_destroy (again);
}

/* The projector's wall layout kept from frame to frame: a frame showing what the last showed
 * is drawn in its layout, a frame showing anything else is laid out again, and either is the
 * picture a layout made afresh draws, pixel for pixel. What only colours the picture (the
 * sides palette, F-STRAT-3) is taken from each frame without a layout. */
static void
test_wall_kept (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new ("strategic-phase", "hour");
  AdmScenario *scenario = adm_campaign_get_scenario (campaign);
  AdmFormation *squadron = adm_scenario_lookup_formation (scenario, "first-squadron-home-fleet");
  g_autoptr(AdmiraltySectorWall) kept = admiralty_sector_wall_new ();
  g_autoptr(GArray) labels = g_array_new (FALSE, TRUE, sizeof (AdmiraltySectorLabel));
  g_autoptr(GHashTable) palette = g_hash_table_new (NULL, NULL);
  AdmiraltySectorOptions options;
  AdmFormation *listed = NULL;
  AdmSector *moved;
  cairo_surface_t *before, *after;
  const int width = 1920, height = 1080 - 96 - 120;

  order_ok (campaign, "vorkosigan", "first-squadron-home-fleet", "move", "pol-jump-point");
  komarr_end_cycle (campaign, T0);
  admiralty_sector_options_init (&options);
  options.strategy = strategy_of (campaign);
  options.audience = ADMIRALTY_SECTOR_AUDIENCE_PUBLIC;
  g_assert_cmpuint (admiralty_sector_wall_get_layouts (kept), ==, 0);

  /* The first frame lays it out; the next ones, showing the same, do not. */
  assert_kept_as_fresh (kept, scenario, &options, width, height, 1);
  assert_kept_as_fresh (kept, scenario, &options, width, height, 1);
  before = render_wall_of (kept, scenario, &options, width, height, labels);
  g_assert_cmpuint (admiralty_sector_wall_get_layouts (kept), ==, 1);

  /* The sides palette: other colours in the same layout. */
  g_hash_table_insert (palette, (gpointer) squadron->faction, (gpointer) "#20c040");
  options.faction_colours = palette;
  after = render_wall_of (kept, scenario, &options, width, height, NULL);
  g_assert_false (surfaces_equal (before, after));
  cairo_surface_destroy (after);
  assert_kept_as_fresh (kept, scenario, &options, width, height, 1);
  options.faction_colours = NULL;

  /* One line of one sector's list changed: laid out again. */
  for (guint i = 0; i < labels->len && listed == NULL; i++)
    {
      const AdmiraltySectorLabel *label = &g_array_index (labels, AdmiraltySectorLabel, i);

      if (label->sector != NULL && label->formation != NULL)
        listed = (AdmFormation *) label->formation;
    }
  g_assert_nonnull (listed);
  g_free (listed->name);
  listed->name = g_strdup ("Relief Squadron of the Outer Marches");
  after = render_wall_of (kept, scenario, &options, width, height, NULL);
  g_assert_cmpuint (admiralty_sector_wall_get_layouts (kept), ==, 2);
  g_assert_false (surfaces_equal (before, after));
  cairo_surface_destroy (after);
  assert_kept_as_fresh (kept, scenario, &options, width, height, 2);

  /* One sector moved on the map: laid out again. */
  moved = g_ptr_array_index (adm_scenario_get_sectors (scenario), 0);
  moved->x += 37;
  assert_kept_as_fresh (kept, scenario, &options, width, height, 3);

  /* A sector renamed: laid out again. */
  g_free (moved->name);
  moved->name = g_strdup ("Komarr Terminus of the Western Wormholes");
  assert_kept_as_fresh (kept, scenario, &options, width, height, 4);

  /* Another size: laid out again; back to the first, again. */
  assert_kept_as_fresh (kept, scenario, &options, 1280, 720, 5);
  assert_kept_as_fresh (kept, scenario, &options, width, height, 6);

  /* Another audience (the master's, told the ships in each formation): laid out again for
   * it, and again for the public's. */
  options.audience = ADMIRALTY_SECTOR_AUDIENCE_MASTER;
  assert_kept_as_fresh (kept, scenario, &options, width, height, 7);
  options.audience = ADMIRALTY_SECTOR_AUDIENCE_PUBLIC;
  assert_kept_as_fresh (kept, scenario, &options, width, height, 8);
  cairo_surface_destroy (before);
}

/* The wall layout's bad and edge input: a frame of no size draws nothing and lays nothing
 * out; a map of no sectors is the plain ground; one sector holding every formation lists the
 * first seven and "+N more", one a name of 40 words and one a word wider than the list, all
 * inside the picture; and each is what a layout made afresh draws. */
static void
test_wall_edges (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  AdmScenario *scenario = adm_campaign_get_scenario (campaign);
  GPtrArray *sectors = adm_scenario_get_sectors (scenario);
  GPtrArray *formations = adm_scenario_get_formations (scenario);
  g_autoptr(AdmiraltySectorWall) kept = admiralty_sector_wall_new ();
  g_autoptr(GArray) labels = g_array_new (FALSE, TRUE, sizeof (AdmiraltySectorLabel));
  g_autoptr(GPtrArray) here = NULL;
  g_autoptr(GString) long_name = g_string_new ("The");
  g_autofree gpointer *taken = NULL;
  g_autofree char *more = NULL;
  AdmiraltySectorOptions options;
  AdmSector *crowded = g_ptr_array_index (sectors, 0);
  cairo_surface_t *surface;
  gsize n_taken = 0;
  guint found_more = 0;
  const int width = 1920, height = 864;

  admiralty_sector_options_init (&options);
  options.audience = ADMIRALTY_SECTOR_AUDIENCE_PUBLIC;

  /* No size: nothing drawn, nothing laid out, no text. */
  for (guint i = 0; i < 3; i++)
    {
      int w = i == 1 ? width : 0, h = i == 2 ? height : 0;

      surface = render_wall_of (kept, scenario, &options, w, h, labels);
      g_assert_cmphex (*(const guint32 *) cairo_image_surface_get_data (surface) & 0xffffff, ==,
                       0xff00ff);
      g_assert_cmpuint (labels->len, ==, 0);
      cairo_surface_destroy (surface);
    }
  surface = render_wall_of (kept, scenario, &options, -5, height, labels);
  cairo_surface_destroy (surface);
  g_assert_cmpuint (admiralty_sector_wall_get_layouts (kept), ==, 0);

  /* No sectors (taken from the scenario for the case and given back): the ground alone. */
  taken = g_ptr_array_steal (sectors, &n_taken);
  g_assert_cmpuint (n_taken, >, 0);
  surface = render_wall_of (kept, scenario, &options, 640, 360, labels);
  g_assert_cmpuint (labels->len, ==, 0);
  g_assert_cmpuint (admiralty_sector_wall_get_layouts (kept), ==, 1);
  for (int y = 0; y < 360; y++)
    for (int x = 0; x < 640; x++)
      g_assert_cmphex (*(const guint32 *) (cairo_image_surface_get_data (surface) +
                                           y * cairo_image_surface_get_stride (surface) +
                                           x * 4) & 0xffffff,
                       ==, ADMIRALTY_SECTOR_BACKGROUND_RGB);
  cairo_surface_destroy (surface);
  assert_kept_as_fresh (kept, scenario, &options, 640, 360, 1);
  for (gsize i = 0; i < n_taken; i++)
    g_ptr_array_add (sectors, taken[i]);
  assert_kept_as_fresh (kept, scenario, &options, 640, 360, 2);

  /* Every formation in one sector, one named in 40 words and one in a word wider than any
   * list. */
  for (guint i = 1; i < 40; i++)
    g_string_append (long_name, i % 2 == 0 ? " Squadron" : " Reserve");
  for (guint i = 0; i < formations->len; i++)
    ((AdmFormation *) g_ptr_array_index (formations, i))->sector = crowded;
  here = admiralty_sector_formations_in (scenario, &options, crowded);
  /* More than a card's eight rows (CARD_ROWS). */
  g_assert_cmpuint (here->len, >, 8);
  g_free (((AdmFormation *) g_ptr_array_index (here, 0))->name);
  ((AdmFormation *) g_ptr_array_index (here, 0))->name = g_string_free (g_steal_pointer (&long_name),
                                                                        FALSE);
  g_free (((AdmFormation *) g_ptr_array_index (here, 1))->name);
  ((AdmFormation *) g_ptr_array_index (here, 1))->name =
    g_strdup ("Supercalifragilisticexpialidocious-Interstellar-Expeditionary-Force");
  assert_kept_as_fresh (kept, scenario, &options, width, height, 3);
  more = g_strdup_printf ("+%u more", here->len - 7);
  surface = render_wall_of (kept, scenario, &options, width, height, labels);
  cairo_surface_destroy (surface);
  g_assert_cmpuint (admiralty_sector_wall_get_layouts (kept), ==, 3);
  for (guint i = 0; i < labels->len; i++)
    {
      const AdmiraltySectorLabel *label = &g_array_index (labels, AdmiraltySectorLabel, i);

      /* Inside the picture. */
      g_assert_cmpfloat (label->rect.x, >=, 0);
      g_assert_cmpfloat (label->rect.y, >=, 0);
      g_assert_cmpfloat (label->rect.x + label->rect.width, <=, width);
      g_assert_cmpfloat (label->rect.y + label->rect.height, <=, height);
      if (g_strcmp0 (label->text, more) == 0)
        found_more++;
    }
  g_assert_cmpuint (found_more, ==, 1);
}

/* The child of @list with id @id. */
static AdmiraltyFleetNode *
find_node (GListModel *list,
           const char *id)
{
  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr(AdmiraltyFleetNode) node = g_list_model_get_item (list, i);

      if (g_strcmp0 (admiralty_fleet_node_get_id (node), id) == 0)
        return node;  /* the list keeps it */
    }
  return NULL;
}

/* The order of battle tells where each formation is now, as the map does. */
static void
test_order_of_battle (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new ("strategic-phase", "hour");
  g_autoptr(GListModel) roots = admiralty_fleet_model_new (campaign);
  AdmiraltyFleetNode *barrayar = find_node (roots, "barrayar"), *squadron;

  g_assert_nonnull (barrayar);
  squadron = find_node (admiralty_fleet_node_get_children (barrayar),
                        "first-squadron-home-fleet");
  g_assert_nonnull (squadron);
  g_assert_cmpstr (admiralty_fleet_node_get_subtitle (squadron), ==,
                   "Komarr wormhole terminus · flagship Prince Serg");

  order_ok (campaign, "vorkosigan", "first-squadron-home-fleet", "move", "pol-jump-point");
  komarr_end_cycle (campaign, T0);
  admiralty_fleet_model_refresh (roots, campaign);
  /* The same row, now on its way (F-STRAT-10). */
  g_assert_true (find_node (admiralty_fleet_node_get_children (barrayar),
                            "first-squadron-home-fleet") == squadron);
  g_assert_cmpstr (admiralty_fleet_node_get_subtitle (squadron), ==,
                   "Komarr wormhole terminus → Pol jump point · flagship Prince Serg");
  komarr_end_cycle (campaign, T0);
  admiralty_fleet_model_refresh (roots, campaign);
  g_assert_cmpstr (admiralty_fleet_node_get_subtitle (squadron), ==,
                   "Pol jump point · flagship Prince Serg");
}

/* The projector window, opened from a real window */

/* Whether the projector's wall layout names @formation, and that its texts are in the type
 * its window's size calls for. */
static gboolean
wall_names (AdmiraltyProjectorWindow *projector,
            const AdmFormation       *formation)
{
  g_autoptr(GArray) labels = admiralty_sector_map_dup_wall_labels (
    admiralty_projector_window_get_map (projector));
  double name_size, label_size;
  gboolean named = FALSE;

  admiralty_sector_wall_type (gtk_widget_get_width (GTK_WIDGET (projector)),
                              gtk_widget_get_height (GTK_WIDGET (projector)),
                              &name_size, &label_size);
  g_assert_cmpuint (labels->len, >, 0);
  for (guint i = 0; i < labels->len; i++)
    {
      const AdmiraltySectorLabel *label = &g_array_index (labels, AdmiraltySectorLabel, i);

      g_assert_cmpfloat (label->font_size, >=, label_size);
      named |= label->formation == formation;
    }
  return named;
}

static void
test_window (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) source = komarr_new (NULL, NULL);
  g_autofree char *dir = g_dir_make_tmp ("admiralty-projector-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autoptr(AdmEvent) reveal = NULL;
  AdmiraltyWindow *window;
  AdmiraltyProjectorWindow *projector;
  AdmiraltySectorMap *map;
  AdmiraltySectorOptions options;
  AdmCampaign *campaign;
  AdmFormation *hidden;
  guint32 rgb;
  guint expected;
  double scale;

  g_assert_no_error (error);
  path = g_build_filename (dir, "komarr.admiralty", NULL);
  window = campaign_window_new (source, path, 0, 0);
  campaign = window->campaign;
  hidden = hidden_formation (campaign);
  rgb = faction_rgb (hidden);

  /* F5 / win.projector opens it, fullscreen, on the campaign. */
  g_assert_null (find_projector ());
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.projector", NULL));
  iterate_until (projector_mapped, NULL, 5000);
  projector = find_projector ();
  g_assert_nonnull (projector);
  g_assert_true (admiralty_projector_window_get_campaign (projector) == campaign);
  g_assert_cmpstr (admiralty_projector_window_get_cycle_text (projector), ==, "Cycle 1");
  g_assert_true (g_str_has_prefix (admiralty_projector_window_get_clock_text (projector),
                                   "Next session in ") ||
                 g_str_has_prefix (admiralty_projector_window_get_clock_text (projector),
                                   "Paused"));
  map = admiralty_projector_window_get_map (projector);
  g_assert_cmpint (admiralty_sector_map_get_audience (map), ==,
                   ADMIRALTY_SECTOR_AUDIENCE_PUBLIC);
  scale = admiralty_sector_map_get_ui_scale (map);
  g_assert_cmpfloat (scale, >=, 1.0);
  g_assert_false (admiralty_sector_view_cards_overlap (admiralty_sector_map_get_view (map),
                                                       adm_campaign_get_scenario (campaign)));

  /* A second activation brings the same window forward. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.projector", NULL));
  iterate ();
  g_assert_true (find_projector () == projector);

  /* Its picture, the wall layout: type sized for the window, the hidden
   * formation not named. */
  admiralty_sector_map_get_options (map, &options);
  expected = shown_of_colour (campaign, &options, hidden->sector, rgb);
  g_assert_false (wall_names (projector, hidden));
  {
    cairo_surface_t *surface = render_widget (GTK_WIDGET (map));
    cairo_surface_t *again;
    guint layouts = admiralty_sector_map_get_wall_layouts (map);

    save_png (surface, "projector-window");
    /* Drawn again showing the same: in the layout the map keeps, the same picture. */
    g_assert_cmpuint (layouts, >, 0);
    again = render_widget (GTK_WIDGET (map));
    g_assert_cmpuint (admiralty_sector_map_get_wall_layouts (map), ==, layouts);
    g_assert_true (surfaces_equal (surface, again));
    cairo_surface_destroy (again);
    cairo_surface_destroy (surface);
  }

  /* The master reveals it: the projector shows it at once, laid out again. */
  {
    guint layouts = admiralty_sector_map_get_wall_layouts (map);

    reveal = adm_event_new ("reveal", T0 + 100);
    adm_event_set (reveal, "formation", hidden->id);
    g_assert_true (adm_campaign_append (campaign, reveal, &error));
    g_assert_no_error (error);
    iterate ();
    cairo_surface_destroy (render_widget (GTK_WIDGET (map)));
    g_assert_cmpuint (admiralty_sector_map_get_wall_layouts (map), >, layouts);
  }
  g_assert_true (wall_names (projector, hidden));
  admiralty_sector_map_get_options (map, &options);
  g_assert_cmpuint (shown_of_colour (campaign, &options, hidden->sector, rgb), ==, expected + 1);

  /* Resolving a cycle moves the heading on. */
  komarr_end_cycle (campaign, T0);
  iterate ();
  g_assert_cmpstr (admiralty_projector_window_get_cycle_text (projector), ==, "Cycle 2");

  /* F5 on the master's window toggles it: off, then on again. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.projector-toggle", NULL));
  iterate ();
  g_assert_null (find_projector ());
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.projector-toggle", NULL));
  iterate ();
  g_assert_nonnull (find_projector ());

  /* The players' map goes with the master's window. */
  close_window (window);
  iterate ();
  g_assert_null (find_projector ());
  remove_tree (dir);
}

/* Whether the projector's map has its wall layout found: no worker laying it out. */
static gboolean
wall_found (gpointer data)
{
  return !admiralty_sector_map_get_wall_pending (ADMIRALTY_SECTOR_MAP (data));
}

/* Whether every wall layout started on a worker has been handed back. */
static gboolean
workers_done (gpointer data)
{
  return admiralty_sector_wall_get_working () == 0;
}

/* The projector's frames never run the layout search on the main loop: a change the public
 * sees is laid out on a worker while the frames draw the last layout found, and drawn once
 * found. A change arriving while a layout is held on its worker supersedes it. The window
 * closed while a worker lays its map out drops the worker's end (run under AddressSanitizer
 * too). */
static void
test_frames_off_loop (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) source = komarr_new (NULL, NULL);
  g_autofree char *dir = g_dir_make_tmp ("admiralty-projector-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autoptr(AdmEvent) reveal = NULL;
  AdmiraltyWindow *window;
  AdmiraltyProjectorWindow *projector;
  AdmiraltySectorMap *map;
  AdmCampaign *campaign;
  AdmFormation *hidden;
  guint foreground, layouts;

  g_assert_no_error (error);
  path = g_build_filename (dir, "komarr.admiralty", NULL);
  window = campaign_window_new (source, path, 0, 0);
  campaign = window->campaign;
  hidden = hidden_formation (campaign);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.projector", NULL));
  iterate_until (projector_mapped, NULL, 5000);
  projector = find_projector ();
  g_assert_nonnull (projector);
  map = admiralty_projector_window_get_map (projector);
  wait_frame (GTK_WIDGET (projector));
  iterate_until (wall_found, map, 120000);
  g_assert_true (wall_found (map));
  wait_frame (GTK_WIDGET (projector));
  /* Its first layout found on a worker, none while drawing. */
  foreground = admiralty_sector_map_get_wall_foreground_layouts (map);
  g_assert_cmpuint (foreground, ==, 0);
  layouts = admiralty_sector_map_get_wall_layouts (map);
  g_assert_cmpuint (layouts, >=, 1);

  /* A change while its layout is held on the worker, then another: the first dropped. */
  admiralty_sector_wall_hold_workers (TRUE);
  reveal = adm_event_new ("reveal", T0 + 100);
  adm_event_set (reveal, "formation", hidden->id);
  g_assert_true (adm_campaign_append (campaign, reveal, &error));
  g_assert_no_error (error);
  wait_frame (GTK_WIDGET (projector));
  g_assert_true (admiralty_sector_map_get_wall_pending (map));
  /* F-STRAT-10: the squadron under way, on its link. */
  order_ok (campaign, "vorkosigan", "first-squadron-home-fleet", "move", "pol-jump-point");
  komarr_end_cycle (campaign, T0);
  wait_frame (GTK_WIDGET (projector));
  g_assert_true (admiralty_sector_map_get_wall_pending (map));
  g_assert_cmpuint (admiralty_sector_wall_get_working (), ==, 2);
  admiralty_sector_wall_hold_workers (FALSE);
  iterate_until (workers_done, NULL, 120000);
  g_assert_cmpuint (admiralty_sector_wall_get_working (), ==, 0);
  wait_frame (GTK_WIDGET (projector));
  g_assert_false (admiralty_sector_map_get_wall_pending (map));
  g_assert_cmpuint (admiralty_sector_map_get_wall_layouts (map), ==, layouts + 1);
  g_assert_cmpuint (admiralty_sector_map_get_wall_foreground_layouts (map), ==, 0);

  /* The window closed while its next layout is on the worker: the cycle undone, the
   * squadron back where it set out from. */
  admiralty_sector_wall_hold_workers (TRUE);
  g_assert_true (adm_campaign_undo (campaign, &error));
  g_assert_no_error (error);
  wait_frame (GTK_WIDGET (projector));
  g_assert_true (admiralty_sector_map_get_wall_pending (map));
  close_window (window);
  iterate ();
  g_assert_null (find_projector ());
  admiralty_sector_wall_hold_workers (FALSE);
  iterate_until (workers_done, NULL, 120000);
  g_assert_cmpuint (admiralty_sector_wall_get_working (), ==, 0);
  remove_tree (dir);
}

/* A window's surface and the size it is to have: whether the X server's new size reached it,
 * a condition for iterate_until (). */
typedef struct {
  GtkWidget *window;
  int        width, height;
} SurfaceSize;

static gboolean
surface_sized (gpointer data)
{
  const SurfaceSize *size = data;
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (size->window));

  return gdk_surface_get_width (surface) == size->width &&
         gdk_surface_get_height (surface) == size->height;
}

/* The projector as the room sees it, opened by F5 on a 1920 × 1080 screen with a
 * squadron under way: the whole X screen into the build's tests folder as projector.png (the
 * picture in docs/screenshots). With no window manager to make it fullscreen, the window is
 * given the screen's size. Its texts are in the type of a 1920 × 1080 wall. */
static void
test_screenshot (void)
{
  g_autoptr(AdmCampaign) source = komarr_new (NULL, NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("admiralty-projector-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autoptr(GArray) labels = NULL;
  g_autoptr(GdkMonitor) monitor = NULL;
  AdmiraltyWindow *window;
  AdmiraltyProjectorWindow *projector;
  GdkRectangle area;
  double name_size, label_size;
  guint transit = 0, markers = 0;

  if (!pointer_available ())
    {
      g_test_skip ("needs an X11 display and xdotool");
      return;
    }
  g_assert_no_error (error);
  path = g_build_filename (dir, "komarr.admiralty", NULL);
  window = campaign_window_new (source, path, 0, 0);
  /* F-STRAT-6 "hour": the squadron is two thirds along its link after a cycle. */
  g_assert_true (adm_ruleset_set_ruling (adm_scenario_get_ruleset (
                   adm_campaign_get_scenario (window->campaign)), "strategic-phase", "hour",
                 &error));
  g_assert_no_error (error);
  order_ok (window->campaign, "vorkosigan", "first-squadron-home-fleet", "move",
            "pol-jump-point");
  komarr_end_cycle (window->campaign, T0);
  wait_frames ();
  /* The master's sector map with the squadron named on its link. */
  adw_tab_view_set_selected_page (window->tab_view, window->map_tab);
  wait_frames ();
  root_screenshot ("sector-map-transit.png", gtk_widget_get_width (GTK_WIDGET (window)),
                   gtk_widget_get_height (GTK_WIDGET (window)));

  keys_to (GTK_WIDGET (window), "F5");
  iterate_until (projector_mapped, NULL, 5000);
  projector = find_projector ();
  g_assert_nonnull (projector);
  monitor = g_list_model_get_item (gdk_display_get_monitors (gdk_display_get_default ()), 0);
  gdk_monitor_get_geometry (monitor, &area);
  if (gtk_widget_get_width (GTK_WIDGET (projector)) != area.width)
    {
      int wx, wy, dw, dh;
      gulong xid = pointer_window_point (GTK_WIDGET (projector), 0, 0, &wx, &wy);
      SurfaceSize size = { GTK_WIDGET (projector), area.width, area.height };

      /* What fullscreen would do, by hand: the window's contents over the whole screen, its
       * shadow (which fullscreen takes away) off the screen. */
      xdo ("windowsize %lu %d %d", xid, area.width, area.height);
      iterate_until (surface_sized, &size, 5000);
      g_assert_true (surface_sized (&size));
      wait_frames ();
      dw = area.width - gtk_widget_get_width (GTK_WIDGET (projector));
      dh = area.height - gtk_widget_get_height (GTK_WIDGET (projector));
      xdo ("windowsize %lu %d %d", xid, area.width + dw, area.height + dh);
      xdo ("windowmove %lu %d %d", xid, -dw / 2, -dh / 2);
      size.width = area.width + dw;
      size.height = area.height + dh;
      iterate_until (surface_sized, &size, 5000);
      g_assert_true (surface_sized (&size));
    }
  wait_frames ();
  /* Its wall layout found on its worker and drawn. */
  iterate_until (wall_found, admiralty_projector_window_get_map (projector), 120000);
  wait_frames ();
  root_screenshot ("projector.png", 0, 0);

  admiralty_sector_wall_type (gtk_widget_get_width (GTK_WIDGET (projector)),
                              gtk_widget_get_height (GTK_WIDGET (projector)),
                              &name_size, &label_size);
  g_test_message ("projector %d × %d: names %.1f px, labels %.1f px",
                  gtk_widget_get_width (GTK_WIDGET (projector)),
                  gtk_widget_get_height (GTK_WIDGET (projector)), name_size, label_size);
  if (area.width >= 1920 && area.height >= 1080 &&
      gtk_widget_get_width (GTK_WIDGET (projector)) >= 1920)
    {
      g_assert_cmpfloat (name_size, >=, 32.0);
      g_assert_cmpfloat (label_size, >=, 26.0);
    }
  labels = admiralty_sector_map_dup_wall_labels (admiralty_projector_window_get_map (projector));
  for (guint i = 0; i < labels->len; i++)
    {
      const AdmiraltySectorLabel *label = &g_array_index (labels, AdmiraltySectorLabel, i);

      g_assert_cmpfloat (label->font_size, >=, label->sector != NULL && label->formation == NULL
                                                 && !g_str_has_prefix (label->text, "+")
                                                 ? name_size : label_size);
      transit += label->sector == NULL && label->kind == ADMIRALTY_SECTOR_LABEL_NAME;
      markers += label->kind == ADMIRALTY_SECTOR_LABEL_MARKER;
      /* The arrowhead is over no text of the wall as the room sees it. */
      for (guint j = 0; label->kind == ADMIRALTY_SECTOR_LABEL_MARKER && j < labels->len; j++)
        {
          const cairo_rectangle_t *a = &label->rect;
          const cairo_rectangle_t *b = &g_array_index (labels, AdmiraltySectorLabel, j).rect;

          if (j != i)
            g_assert_false (a->x < b->x + b->width && b->x < a->x + a->width &&
                            a->y < b->y + b->height && b->y < a->y + a->height);
        }
    }
  g_assert_cmpuint (transit, ==, 1);
  g_assert_cmpuint (markers, ==, 1);

  close_window (window);
  iterate ();
  remove_tree (dir);
}

static gboolean
projector_gone (gpointer data)
{
  return find_projector () == NULL;
}

/* The room's keys, as real key presses through the X server: F5 on the master's window shows
 * the projector's map, F5 and Escape on the projector close it; F11 takes it in and out of
 * fullscreen. Its map names the formations as the public knows them — names only, no ship
 * counts or ship names — and never a hidden one. */
static void
test_keys (void)
{
  g_autoptr(AdmCampaign) source = komarr_new (NULL, NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("admiralty-projector-XXXXXX", &error);
  g_autofree char *path = NULL;
  AdmiraltyWindow *window;
  AdmiraltyProjectorWindow *projector;
  AdmiraltySectorOptions options;
  AdmScenario *scenario;
  GPtrArray *formations;

  if (!pointer_available ())
    {
      g_test_skip ("needs an X11 display and xdotool");
      return;
    }
  g_assert_no_error (error);
  path = g_build_filename (dir, "komarr.admiralty", NULL);
  window = campaign_window_new (source, path, 0, 0);

  keys_to (GTK_WIDGET (window), "F5");
  iterate_until (projector_mapped, NULL, 5000);
  projector = find_projector ();
  g_assert_nonnull (projector);

  /* The public's names: each formation the public sees by its name alone. */
  admiralty_sector_map_get_options (admiralty_projector_window_get_map (projector), &options);
  g_assert_cmpint (options.audience, ==, ADMIRALTY_SECTOR_AUDIENCE_PUBLIC);
  scenario = adm_campaign_get_scenario (window->campaign);
  formations = adm_strategy_get_formations (options.strategy);
  for (guint i = 0; i < formations->len; i++)
    {
      AdmFormation *formation = g_ptr_array_index (formations, i);
      g_autofree char *label = admiralty_sector_formation_label (scenario, &options, formation);

      if (!admiralty_sector_formation_shown (scenario, &options, formation))
        {
          g_assert_null (label);
          continue;
        }
      g_assert_cmpstr (label, ==, formation->name);
      for (guint j = 0; j < formation->ships->len; j++)
        g_assert_null (strstr (label, ((AdmShip *) g_ptr_array_index (formation->ships, j))->name));
    }

  /* F11: in and out of fullscreen, as far as the display reports it (a display with no
   * window manager keeps the window as it is and reports nothing). */
  {
    gboolean before = gtk_window_is_fullscreen (GTK_WINDOW (projector));

    keys_to (GTK_WIDGET (projector), "F11");
    iterate_until (NULL, NULL, 300);
    if (gtk_window_is_fullscreen (GTK_WINDOW (projector)) != before)
      {
        keys_to (GTK_WIDGET (projector), "F11");
        iterate_until (NULL, NULL, 300);
        g_assert_true (gtk_window_is_fullscreen (GTK_WINDOW (projector)) == before);
      }
    else
      g_test_message ("no window manager: fullscreen changes are not reported");
  }
  g_assert_true (find_projector () == projector);
  /* Escape closes the map, fullscreen or not, as it ends a slide show. */
  keys_to (GTK_WIDGET (projector), "Escape");
  iterate_until (projector_gone, NULL, 5000);
  g_assert_null (find_projector ());

  /* F5 on the master's window opens it again; F5 on the projector closes it. */
  keys_to (GTK_WIDGET (window), "F5");
  iterate_until (projector_mapped, NULL, 5000);
  projector = find_projector ();
  g_assert_nonnull (projector);
  keys_to (GTK_WIDGET (projector), "F5");
  iterate_until (projector_gone, NULL, 5000);
  g_assert_null (find_projector ());
  keys_to (GTK_WIDGET (window), "F5");
  iterate_until (projector_mapped, NULL, 5000);
  g_assert_nonnull (find_projector ());

  close_window (window);
  iterate ();
  g_assert_null (find_projector ());
  remove_tree (dir);
}

/* The projector's keys, read from the window class's own shortcuts, each listed under "Main
 * Map on a Projector" in the Shortcuts window. */
static void
test_shortcuts_listed (void)
{
  g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource (
    "/io/github/admiralty/Admiralty/help-overlay.ui");
  AdmiraltyProjectorWindow *projector = admiralty_projector_window_new (GTK_APPLICATION (app), NULL, NULL);
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (projector));
  g_autoptr(GSList) objects = gtk_builder_get_objects (builder);
  g_autoptr(GArray) listed = g_array_new (FALSE, FALSE, sizeof (guint) * 2);
  guint checked = 0;

  for (GSList *l = objects; l != NULL; l = l->next)
    {
      g_autofree char *accelerator = NULL;
      g_autofree char *title = NULL;
      g_auto(GStrv) keys = NULL;
      GtkWidget *group;

      if (!GTK_IS_SHORTCUTS_SHORTCUT (l->data))
        continue;
      group = gtk_widget_get_ancestor (l->data, GTK_TYPE_SHORTCUTS_GROUP);
      g_assert_nonnull (group);
      g_object_get (group, "title", &title, NULL);
      g_object_get (l->data, "accelerator", &accelerator, NULL);
      if (g_strcmp0 (title, "Main Map on a Projector") != 0 || accelerator == NULL)
        continue;
      keys = g_strsplit (accelerator, " ", -1);
      for (guint i = 0; keys[i] != NULL; i++)
        {
          guint pair[2] = { 0, 0 };

          g_assert_true (gtk_accelerator_parse (keys[i], &pair[0], (GdkModifierType *) &pair[1]));
          g_array_append_val (listed, pair);
        }
    }
  g_assert_cmpuint (listed->len, >, 0);

  for (guint c = 0; c < g_list_model_get_n_items (controllers); c++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, c);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (controller)); i++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), i);
          GtkShortcutAction *action = gtk_shortcut_get_action (shortcut);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);
          const char *name;
          gboolean found = FALSE;
          guint keyval;
          GdkModifierType mods;

          if (!GTK_IS_NAMED_ACTION (action) || !GTK_IS_KEYVAL_TRIGGER (trigger))
            continue;
          name = gtk_named_action_get_action_name (GTK_NAMED_ACTION (action));
          /* The projector's own actions, and closing it; not GTK's inspector keys. */
          if (!g_str_has_prefix (name, "projector.") && g_strcmp0 (name, "window.close") != 0)
            continue;
          keyval = gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger));
          mods = gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger));
          for (guint k = 0; k < listed->len && !found; k++)
            {
              guint *pair = &g_array_index (listed, guint, 2 * k);

              found = pair[0] == keyval && pair[1] == mods;
            }
          if (!found)
            g_test_message ("%s on %s is not in the Shortcuts window", name,
                            gtk_accelerator_name (keyval, mods));
          g_assert_true (found);
          checked++;
        }
    }
  /* F11, Escape, Ctrl+W and F5 at least. */
  g_assert_cmpuint (checked, >=, 4);
  gtk_window_destroy (GTK_WINDOW (projector));
}

/* The dice commitment of each battle being fought that the room may know of, under the key
 * (docs/dice.md); gone from the wall once the battle has ended. */
static void
test_dice_commitment (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  g_autofree char *dir = g_dir_make_tmp ("admiralty-projector-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "komarr.admiralty", NULL);
  g_autoptr(AdmQueuedEngagement) engagement = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(AdmDiceSource) dice = NULL;
  g_autofree char *expected = NULL;
  AdmiraltyProjectorWindow *projector;

  g_assert_true (adm_campaign_save (campaign, path, &error));
  g_assert_no_error (error);
  komarr_play_cycle (campaign, 1, T0);
  projector = admiralty_projector_window_new (GTK_APPLICATION (app), campaign, NULL);
  g_assert_null (admiralty_projector_window_get_dice_text (projector));

  engagement = adm_campaign_find_engagement (campaign, "c1-3", &error);
  g_assert_no_error (error);
  g_assert_true (adm_audience_public_knows_engagement (strategy_of (campaign),
                                                       adm_campaign_get_scenario (campaign),
                                                       &engagement->engagement));
  battle = engagement_battle (campaign, "c1-3");
  dice = adm_campaign_dice_source (campaign, "c1-3", battle, NULL, T0 + 3000, &error);
  g_assert_no_error (error);
  /* F-STRAT-3: named by place, cycle and minute: the id's number would tell the room of the
   * fights before it that it is not told of. */
  expected = g_strdup_printf ("Battle dice at Pol orbit, cycle 1, minute 20: %.16s…",
                              adm_dice_commit_get_commitment (ADM_DICE_COMMIT (dice)));
  g_assert_cmpstr (admiralty_projector_window_get_dice_text (projector), ==, expected);

  g_assert_true (adm_campaign_end_battle (campaign, "c1-3", battle, NULL, T0 + 4000, &error));
  g_assert_no_error (error);
  g_assert_null (admiralty_projector_window_get_dice_text (projector));
  gtk_window_destroy (GTK_WINDOW (projector));
  remove_tree (dir);
}

/* Pixels of exactly @rgb in @map, of @window, as it is drawn now. */
static guint
widget_map_pixels_of (GtkWidget          *window,
                      AdmiraltySectorMap *map_widget,
                      guint32             rgb)
{
  GtkWidget *map = GTK_WIDGET (map_widget);
  cairo_surface_t *surface;
  cairo_rectangle_t all = { 0, 0, 0, 0 };
  guint count;

  wait_frame (window);
  surface = render_widget (map);
  all.width = cairo_image_surface_get_width (surface);
  all.height = cairo_image_surface_get_height (surface);
  count = count_colour (surface, &all, rgb);
  cairo_surface_destroy (surface);
  return count;
}

/* Pixels of exactly @rgb in the projector's map as it is drawn now. */
static guint
map_pixels_of (AdmiraltyProjectorWindow *projector,
               guint32                   rgb)
{
  return widget_map_pixels_of (GTK_WIDGET (projector),
                               admiralty_projector_window_get_map (projector), rgb);
}

/* The Sides Palette button clicked as the master clicks it: the wall's colours become own
 * (blue), allied (light blue) and enemy (orange), "own" the public's first faction the
 * audience filter names (adm_audience_palette_own (): Barrayar here), the key following; the
 * setting keeps it; clicked again, the factions' own colours are back. */
static void
test_sides_palette (void)
{
  g_autoptr(AdmCampaign) source = komarr_new (NULL, NULL);
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("admiralty-projector-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autofree char *palette = NULL;
  AdmiraltyWindow *window;
  AdmiraltyProjectorWindow *projector;
  AdmiraltySectorOptions options;
  AdmScenario *scenario;
  const AdmFaction *barrayar, *cetaganda;
  GtkWidget *toggle;
  guint32 own = 0x1f6fd1, enemy = 0xe8780c;
  guint32 barrayar_rgb;

  if (!pointer_available ())
    {
      g_test_skip ("needs an X11 display and xdotool");
      return;
    }
  g_assert_no_error (error);
  g_settings_set_string (settings, "projector-palette", "factions");
  path = g_build_filename (dir, "komarr.admiralty", NULL);
  window = campaign_window_new (source, path, 0, 0);
  scenario = adm_campaign_get_scenario (window->campaign);
  barrayar = adm_ruleset_lookup_faction (adm_scenario_get_ruleset (scenario), "barrayar");
  cetaganda = adm_ruleset_lookup_faction (adm_scenario_get_ruleset (scenario), "cetaganda");
  barrayar_rgb = (guint32) g_ascii_strtoull (barrayar->colour + 1, NULL, 16);

  keys_to (GTK_WIDGET (window), "F5");
  iterate_until (projector_mapped, NULL, 5000);
  projector = find_projector ();
  g_assert_nonnull (projector);
  admiralty_sector_map_get_options (admiralty_projector_window_get_map (projector), &options);
  g_assert_null (options.faction_colours);
  g_assert_cmpuint (map_pixels_of (projector, own), ==, 0);
  g_assert_cmpuint (map_pixels_of (projector, barrayar_rgb), >, 0);

  toggle = button (GTK_WIDGET (projector), "Sides Palette");
  pointer_click_widget (toggle);
  wait_frames ();
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (toggle)));
  palette = g_settings_get_string (settings, "projector-palette");
  g_assert_cmpstr (palette, ==, "sides");
  admiralty_sector_map_get_options (admiralty_projector_window_get_map (projector), &options);
  g_assert_nonnull (options.faction_colours);
  g_assert_cmpstr (g_hash_table_lookup (options.faction_colours, barrayar), ==, "#1f6fd1");
  g_assert_cmpstr (g_hash_table_lookup (options.faction_colours, cetaganda), ==, "#e8780c");
  g_assert_cmpuint (map_pixels_of (projector, own), >, 0);
  g_assert_cmpuint (map_pixels_of (projector, enemy), >, 0);
  g_assert_cmpuint (map_pixels_of (projector, barrayar_rgb), ==, 0);
  save_screenshot (GTK_WIDGET (projector), "projector-sides-palette");

  pointer_click_widget (toggle);
  wait_frames ();
  g_clear_pointer (&palette, g_free);
  palette = g_settings_get_string (settings, "projector-palette");
  g_assert_cmpstr (palette, ==, "factions");
  admiralty_sector_map_get_options (admiralty_projector_window_get_map (projector), &options);
  g_assert_null (options.faction_colours);
  g_assert_cmpuint (map_pixels_of (projector, own), ==, 0);
  g_assert_cmpuint (map_pixels_of (projector, barrayar_rgb), >, 0);

  gtk_window_destroy (GTK_WINDOW (projector));
  close_window (window);
  remove_tree (dir);
}

static AdmiraltyPlayerWindow *
find_player_screen (void)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    if (ADMIRALTY_IS_PLAYER_WINDOW (l->data))
      return l->data;
  return NULL;
}

static gboolean
player_screen_mapped (gpointer data)
{
  AdmiraltyPlayerWindow *player = find_player_screen ();

  return player != NULL &&
         gtk_widget_get_mapped (GTK_WIDGET (admiralty_player_window_get_map (player))) &&
         gtk_widget_get_width (GTK_WIDGET (admiralty_player_window_get_map (player))) > 0;
}

/* F-STRAT-3: the player screen's Sides Palette is the projector's — one setting, the map's
 * own mechanism (admiralty_sector_map_bind_sides_palette ()) — but "own" is the screen's side
 * (adm_audience_palette_own ()): on Cetaganda's screen Cetaganda is blue and Barrayar orange,
 * where the public's wall makes Barrayar blue. Clicked with the pointer, the setting follows;
 * clicked again, the factions' colours are back. */
static void
test_player_sides_palette (void)
{
  g_autoptr(AdmCampaign) source = komarr_new (NULL, NULL);
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("admiralty-projector-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autofree char *palette = NULL;
  AdmiraltyWindow *window;
  AdmiraltyPlayerWindow *player;
  AdmiraltySectorMap *map;
  AdmiraltySectorOptions options;
  AdmScenario *scenario;
  const AdmFaction *barrayar, *cetaganda;
  GtkWidget *toggle;
  guint32 own = 0x1f6fd1, enemy = 0xe8780c;
  guint32 cetaganda_rgb;

  if (!pointer_available ())
    {
      g_test_skip ("needs an X11 display and xdotool");
      return;
    }
  g_assert_no_error (error);
  g_settings_set_string (settings, "projector-palette", "factions");
  path = g_build_filename (dir, "komarr.admiralty", NULL);
  window = campaign_window_new (source, path, 0, 0);
  scenario = adm_campaign_get_scenario (window->campaign);
  barrayar = adm_ruleset_lookup_faction (adm_scenario_get_ruleset (scenario), "barrayar");
  cetaganda = adm_ruleset_lookup_faction (adm_scenario_get_ruleset (scenario), "cetaganda");
  cetaganda_rgb = (guint32) g_ascii_strtoull (cetaganda->colour + 1, NULL, 16);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.player-screen", "s",
                                             "cetaganda"));
  iterate_until (player_screen_mapped, NULL, 5000);
  player = find_player_screen ();
  g_assert_nonnull (player);
  map = admiralty_player_window_get_map (player);
  g_assert_cmpstr (admiralty_player_window_get_showing (player), ==, "map");
  admiralty_sector_map_get_options (map, &options);
  g_assert_null (options.faction_colours);
  g_assert_cmpuint (widget_map_pixels_of (GTK_WIDGET (player), map, own), ==, 0);
  g_assert_cmpuint (widget_map_pixels_of (GTK_WIDGET (player), map, cetaganda_rgb), >, 0);

  toggle = button (GTK_WIDGET (player), "Sides Palette");
  pointer_click_widget (toggle);
  wait_frames ();
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (toggle)));
  palette = g_settings_get_string (settings, "projector-palette");
  g_assert_cmpstr (palette, ==, "sides");
  admiralty_sector_map_get_options (map, &options);
  g_assert_nonnull (options.faction_colours);
  g_assert_cmpstr (g_hash_table_lookup (options.faction_colours, cetaganda), ==, "#1f6fd1");
  g_assert_cmpstr (g_hash_table_lookup (options.faction_colours, barrayar), ==, "#e8780c");
  g_assert_cmpuint (widget_map_pixels_of (GTK_WIDGET (player), map, own), >, 0);
  g_assert_cmpuint (widget_map_pixels_of (GTK_WIDGET (player), map, enemy), >, 0);
  g_assert_cmpuint (widget_map_pixels_of (GTK_WIDGET (player), map, cetaganda_rgb), ==, 0);
  save_screenshot (GTK_WIDGET (player), "player-sides-palette");

  pointer_click_widget (toggle);
  wait_frames ();
  g_clear_pointer (&palette, g_free);
  palette = g_settings_get_string (settings, "projector-palette");
  g_assert_cmpstr (palette, ==, "factions");
  admiralty_sector_map_get_options (map, &options);
  g_assert_null (options.faction_colours);
  g_assert_cmpuint (widget_map_pixels_of (GTK_WIDGET (player), map, own), ==, 0);
  g_assert_cmpuint (widget_map_pixels_of (GTK_WIDGET (player), map, cetaganda_rgb), >, 0);

  gtk_window_destroy (GTK_WINDOW (player));
  close_window (window);
  remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv, "projector");

  g_test_add_func ("/ui/projector/F-STRAT-2/hidden-not-drawn", test_hidden_not_drawn);
  g_test_add_func ("/ui/projector/F-STRAT-10/transit-on-link", test_transit);
  g_test_add_func ("/ui/projector/F-STRAT-2/wall-layout", test_wall);
  g_test_add_func ("/ui/projector/F-STRAT-2/wall-kept", test_wall_kept);
  g_test_add_func ("/ui/projector/F-STRAT-2/wall-edges", test_wall_edges);
  g_test_add_func ("/ui/projector/F-STRAT-10/order-of-battle", test_order_of_battle);
  g_test_add_func ("/ui/projector/F-STRAT-2/window", test_window);
  g_test_add_func ("/ui/projector/F-STRAT-2/keys", test_keys);
  g_test_add_func ("/ui/projector/F-STRAT-2/frames-off-loop", test_frames_off_loop);
  g_test_add_func ("/ui/projector/F-STRAT-2/screenshot", test_screenshot);
  g_test_add_func ("/ui/projector/F-STRAT-2/shortcuts-listed", test_shortcuts_listed);
  g_test_add_func ("/ui/projector/dice-commitment", test_dice_commitment);
  g_test_add_func ("/ui/projector/F-STRAT-3/sides-palette", test_sides_palette);
  g_test_add_func ("/ui/projector/F-STRAT-3/player-sides-palette", test_player_sides_palette);

  return ui_test_finish (g_test_run ());
}
