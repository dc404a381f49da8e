/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-table-renderer.c: the tactical table's Cairo renderer, drawn into image surfaces with
 * no display, asserted on pixels: colours, fog of war (F-ECM), destroyed ships, the selected
 * ship's arcs and ranges, fitting and the view's conversions, the declaration overlays (move
 * previews, possible targets, lines of fire, the ruler) and the legend's samples. A failing check saves its
 * picture to the build directory; the mid-battle snapshot is always saved there. */

#include "config.h"

#include <math.h>
#include <string.h>

#include "admiralty-table-cache.h"
#include "admiralty-table-legend.h"
#include "admiralty-table-renderer.h"
#include "admiralty-table-tiles.h"
#include "admiralty-units.h"
#include "battle-helpers.h"
#include "picture-helpers.h"
#include "adm-battle-layout.h"
#include "adm-dice-queue.h"
#include "adm-sector-battle.h"

#define BARRAYAR_RGB  0x7a0e0b  /* data/rules/forcon-2010-classes.xml */
#define KOMARR_RGB    0x1565c0
#define CETAGANDA_RGB 0x398740
#define SECOND_SIDE_RGB 0x1e88e5  /* the renderer's fixed colour for side 1 */
#define ARTILLERY_RGB 0xffca28  /* the renderer's artillery ranges and weapon figures */

static cairo_surface_t *
render (AdmBattle                   *battle,
        const AdmiraltyTableView    *view,
        const AdmiraltyTableOptions *options)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, view->width,
                                                         view->height);
  cairo_t *cr = cairo_create (surface);

  admiralty_table_render (cr, view, battle, options);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static gboolean
colours_near (guint32 a,
              guint32 b)
{
  for (int shift = 0; shift < 24; shift += 8)
    if (ABS ((int) ((a >> shift) & 0xff) - (int) ((b >> shift) & 0xff)) > 3)
      return FALSE;
  return TRUE;
}

/* Checks the pixel at table point @point is (@equal) or is not @colour; on failure saves the
 * picture as table-renderer-@name.png before failing. */
static void
check_point (cairo_surface_t          *surface,
             const AdmiraltyTableView *view,
             const char               *name,
             AdmPoint                  point,
             guint32                   colour,
             gboolean                  equal)
{
  double x, y;
  guint32 got;

  admiralty_table_view_to_pixels (view, point, &x, &y);
  got = pixel_at (surface, x, y);
  if (colours_near (got, colour) == equal)
    return;
  save_png (surface, name);
  g_test_message ("%s: pixel (%.1f, %.1f) for (%g, %g) cm is %06x", name, x, y, point.x,
                  point.y, got);
  if (equal)
    g_assert_cmphex (got, ==, colour);
  else
    g_assert_cmphex (got, !=, colour);
}

static AdmBattle *
load_scenario (const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "scenarios",
                                            "battles", name, NULL);
  AdmBattle *battle = adm_battle_load_file (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (battle);
  return battle;
}

static AdmPoint
ship_position (AdmBattle  *battle,
               const char *id)
{
  const AdmBattleShip *ship = adm_battle_lookup_ship (battle, id);

  g_assert_nonnull (ship);
  return ship->position;
}

/* Where a ship's token shows its colour: 0.6 of its radius astern of its centre, clear of
 * the faction's symbol in the middle (0.42 of the radius, admiralty-table-renderer.c), of the
 * rim and of the heading's arrow ahead. */
static AdmPoint
face_of (const AdmBattleShip *ship)
{
  return adm_point_advance (ship->position, ship->heading + 180,
                            0.3 * ship->klass->type->base_size);
}

/* Whether the base of @ship shows @colour somewhere round its symbol, 0.6 of its radius out:
 * a hulk's hatching leaves gaps, not one place known beforehand. */
static gboolean
face_shows (cairo_surface_t          *surface,
            const AdmiraltyTableView *view,
            const AdmBattleShip      *ship,
            guint32                   colour)
{
  for (int bearing = 0; bearing < 360; bearing += 15)
    {
      AdmPoint point = adm_point_advance (ship->position, bearing,
                                          0.3 * ship->klass->type->base_size);
      double x, y;

      admiralty_table_view_to_pixels (view, point, &x, &y);
      if (colours_near (pixel_at (surface, x, y), colour))
        return TRUE;
    }
  save_png (surface, "face-shows");
  return FALSE;
}

static AdmPoint
ship_face (AdmBattle  *battle,
           const char *id)
{
  const AdmBattleShip *ship = adm_battle_lookup_ship (battle, id);

  g_assert_nonnull (ship);
  return face_of (ship);
}

/* The fog fixture, 100 × 75 cm at 8 px per cm, without the grid (whose lines cross the
 * ships' whole-cm centres). */
static void
fog_view (AdmiraltyTableView    *view,
          AdmiraltyTableOptions *options)
{
  admiralty_table_view_init (view, 800, 600);
  view->centre_x = 50;
  view->centre_y = 35;
  view->scale = 8;
  admiralty_table_options_init (options);
  options->show_grid = FALSE;
}

static void
test_view_round_trip (void)
{
  AdmiraltyTableView view;
  static const AdmPoint points[] = { { 0, 0 }, { 12.5, -3.25 }, { -400, 250 }, { 1e-3, 77.7 } };

  admiralty_table_view_init (&view, 1000, 700);
  view.centre_x = 31.4;
  view.centre_y = -2.7;
  view.scale = 13.3;
  for (guint i = 0; i < G_N_ELEMENTS (points); i++)
    {
      double x, y;
      AdmPoint back;

      admiralty_table_view_to_pixels (&view, points[i], &x, &y);
      back = admiralty_table_view_to_table (&view, x, y);
      g_assert_cmpfloat_with_epsilon (back.x, points[i].x, 1e-9);
      g_assert_cmpfloat_with_epsilon (back.y, points[i].y, 1e-9);
    }
  /* The centre is the middle of the view; x right, y down. */
  {
    double x, y;

    admiralty_table_view_to_pixels (&view, (AdmPoint) { 31.4, -2.7 }, &x, &y);
    g_assert_cmpfloat_with_epsilon (x, 500, 1e-9);
    g_assert_cmpfloat_with_epsilon (y, 350, 1e-9);
    admiralty_table_view_to_pixels (&view, (AdmPoint) { 32.4, -1.7 }, &x, &y);
    g_assert_cmpfloat_with_epsilon (x, 513.3, 1e-9);
    g_assert_cmpfloat_with_epsilon (y, 363.3, 1e-9);
  }
}

static void
test_view_zoom_pan (void)
{
  AdmiraltyTableView view;
  AdmPoint anchor, after;
  double x, y;

  admiralty_table_view_init (&view, 800, 600);
  anchor = admiralty_table_view_to_table (&view, 123, 456);
  admiralty_table_view_zoom (&view, 2.5, 123, 456);
  g_assert_cmpfloat_with_epsilon (view.scale, 25, 1e-9);
  after = admiralty_table_view_to_table (&view, 123, 456);
  g_assert_cmpfloat_with_epsilon (after.x, anchor.x, 1e-9);
  g_assert_cmpfloat_with_epsilon (after.y, anchor.y, 1e-9);

  /* Clamped at both ends, still about the anchor. */
  admiralty_table_view_zoom (&view, 1e6, 700, 20);
  g_assert_cmpfloat (view.scale, ==, ADMIRALTY_TABLE_MAX_SCALE);
  admiralty_table_view_zoom (&view, 1e-9, 700, 20);
  g_assert_cmpfloat (view.scale, ==, ADMIRALTY_TABLE_MIN_SCALE);
  after = admiralty_table_view_to_table (&view, 123, 456);
  admiralty_table_view_to_pixels (&view, after, &x, &y);
  g_assert_cmpfloat_with_epsilon (x, 123, 1e-6);

  /* A drag moves the table with the pointer. */
  view.scale = 10;
  admiralty_table_view_to_pixels (&view, (AdmPoint) { 5, 5 }, &x, &y);
  admiralty_table_view_pan (&view, 30, -20);
  {
    double x2, y2;

    admiralty_table_view_to_pixels (&view, (AdmPoint) { 5, 5 }, &x2, &y2);
    g_assert_cmpfloat_with_epsilon (x2 - x, 30, 1e-9);
    g_assert_cmpfloat_with_epsilon (y2 - y, -20, 1e-9);
  }
}

/* Fitted to corridor-skirmish, every ship lies wholly inside the picture, in its faction's
 * colour at its centre. */
static void
test_fit (void)
{
  static const struct { int width, height; } sizes[] = {
    { 640, 480 }, { 300, 900 }, { 1920, 200 },
  };
  g_autoptr(AdmBattle) battle = load_scenario ("corridor-skirmish.xml");
  AdmiraltyTableOptions options;

  admiralty_table_options_init (&options);
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      AdmiraltyTableView view;
      g_autoptr(cairo_surface_t) surface = NULL;
      g_autofree char *name = g_strdup_printf ("fit-%dx%d", sizes[s].width, sizes[s].height);

      admiralty_table_view_init (&view, sizes[s].width, sizes[s].height);
      admiralty_table_view_fit (&view, battle, &options);
      surface = render (battle, &view, &options);
      for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
        {
          const AdmBattleShip *ship = adm_battle_get_ship (battle, i);
          double x, y, r = MAX (ship->klass->type->base_size / 2 * view.scale, 4.0);

          admiralty_table_view_to_pixels (&view, ship->position, &x, &y);
          if (x - r < 0 || y - r < 0 || x + r > view.width || y + r > view.height)
            save_png (surface, name);
          g_assert_cmpfloat (x - r, >=, 0);
          g_assert_cmpfloat (y - r, >=, 0);
          g_assert_cmpfloat (x + r, <=, view.width);
          g_assert_cmpfloat (y + r, <=, view.height);
          /* A token too small for its symbol (7 px) is its colour to the middle. */
          check_point (surface, &view, name, r < 7 ? ship->position : face_of (ship),
                       ship->side == 0 ? BARRAYAR_RGB : KOMARR_RGB, TRUE);
        }
    }
}

/* Pixels near @rgb in the square of half side @half about pixel (@cx, @cy). */
static guint
pixels_near (cairo_surface_t *surface,
             double           cx,
             double           cy,
             double           half,
             guint32          rgb)
{
  guint count = 0;

  for (int y = (int) floor (cy - half); y <= (int) ceil (cy + half); y++)
    for (int x = (int) floor (cx - half); x <= (int) ceil (cx + half); x++)
      if (colours_near (pixel_at (surface, x + 0.5, y + 0.5), rgb))
        count++;
  return count;
}

/* Zoomed far out, a token too small for its symbol inside (under 7 px) is the symbol's
 * silhouette: no disc of the faction's colour, and Barrayar's star and Komarr's square
 * cover the table differently, so that sides are told by shape at any size. */
static void
test_tiny_silhouettes (void)
{
  g_autoptr(AdmBattle) battle = load_scenario ("corridor-skirmish.xml");
  g_autoptr(cairo_surface_t) surface = NULL;
  AdmiraltyTableOptions options;
  AdmiraltyTableView view;
  double star = 0, square = 0, disc;

  admiralty_table_options_init (&options);
  admiralty_table_view_init (&view, 1600, 1000);
  admiralty_table_view_fit (&view, battle, &options);
  /* Every token 6 px across its radius: one of each faction's class alike. */
  admiralty_table_view_zoom (&view, 12.0 / (adm_battle_get_ship (battle, 0)->klass->type->base_size
                                            * view.scale), 800, 500);
  surface = render (battle, &view, &options);
  save_png (surface, "tiny-silhouettes");
  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    {
      const AdmBattleShip *ship = adm_battle_get_ship (battle, i);
      double r = ship->klass->type->base_size / 2 * view.scale, x, y;
      guint count;

      if (r < 4.5 || r >= 7)
        continue;
      admiralty_table_view_to_pixels (&view, ship->position, &x, &y);
      count = pixels_near (surface, x, y, r + 1, ship->side == 0 ? BARRAYAR_RGB : KOMARR_RGB);
      /* A round base would fill the disc inside its rim. */
      disc = G_PI * (r - 1.25) * (r - 1.25);
      g_test_message ("%s: r %.1f px, %u pixels of its colour, a disc %.0f", ship->name, r,
                      count, disc);
      g_assert_cmpfloat (count, <, 0.8 * disc);
      g_assert_cmpuint (count, >, 0);
      /* Each shape's share of a disc of its size: tokens of the two sides differ in size. */
      if (ship->side == 0)
        star = MAX (star, count / disc);
      else
        square = MAX (square, count / disc);
    }
  g_assert_cmpfloat (star, >, 0);
  g_assert_cmpfloat (square, >, 0);
  g_assert_cmpfloat (star, <, 0.85 * square);
}

/* Faction colours, and a side's fixed colour for a ship without a faction. */
static void
test_colours (void)
{
  g_autoptr(AdmBattle) battle = battle_helper_load ("render-fog.xml");
  g_autoptr(cairo_surface_t) surface = NULL;
  AdmiraltyTableView view;
  AdmiraltyTableOptions options;

  fog_view (&view, &options);
  surface = render (battle, &view, &options);
  check_point (surface, &view, "colours", ship_face (battle, "open"), BARRAYAR_RGB, TRUE);
  check_point (surface, &view, "colours", ship_position (battle, "lookout"), SECOND_SIDE_RGB,
               TRUE);
  /* Empty table is the background colour. */
  check_point (surface, &view, "colours", (AdmPoint) { 60, 45 }, ADMIRALTY_TABLE_BACKGROUND_RGB,
               TRUE);
}

/* F-ECM-2: a formation side 1 has not detected is on the master's table, not on side 1's;
 * side 0 sees its own. */
static void
test_fog_undetected (void)
{
  g_autoptr(AdmBattle) battle = battle_helper_load ("render-fog.xml");
  g_autoptr(cairo_surface_t) master = NULL;
  g_autoptr(cairo_surface_t) komarr = NULL;
  g_autoptr(cairo_surface_t) barrayar = NULL;
  AdmiraltyTableView view;
  AdmiraltyTableOptions options;
  AdmPoint hidden = ship_face (battle, "hidden");

  fog_view (&view, &options);
  master = render (battle, &view, &options);
  check_point (master, &view, "fog-master", hidden, BARRAYAR_RGB, TRUE);
  options.view_side = 1;
  komarr = render (battle, &view, &options);
  check_point (komarr, &view, "fog-komarr", hidden, ADMIRALTY_TABLE_BACKGROUND_RGB, TRUE);
  /* Its own ship and a detected one are there. */
  check_point (komarr, &view, "fog-komarr", ship_position (battle, "lookout"), SECOND_SIDE_RGB,
               TRUE);
  check_point (komarr, &view, "fog-komarr", ship_face (battle, "open"), BARRAYAR_RGB, TRUE);
  options.view_side = 0;
  barrayar = render (battle, &view, &options);
  check_point (barrayar, &view, "fog-barrayar", hidden, BARRAYAR_RGB, TRUE);
  g_assert_cmpint (admiralty_table_ship_face (battle, adm_battle_ship_index (battle, "hidden"), 1),
                   ==, ADMIRALTY_TOKEN_HIDDEN);
}

/* F-ECM-4: a formation known only to be there is a face-down token: neutral, not the
 * faction's colour, and without a name. */
static void
test_fog_presence (void)
{
  g_autoptr(AdmBattle) battle = battle_helper_load ("render-fog.xml");
  g_autoptr(cairo_surface_t) master = NULL;
  g_autoptr(cairo_surface_t) komarr = NULL;
  g_autoptr(cairo_surface_t) no_labels = NULL;
  AdmiraltyTableView view;
  AdmiraltyTableOptions options;
  AdmPoint glimpse = ship_position (battle, "glimpse");
  AdmPoint below = { glimpse.x, glimpse.y + 2.5 };  /* where a name would go */
  double x, y;

  fog_view (&view, &options);
  master = render (battle, &view, &options);
  check_point (master, &view, "presence-master", ship_face (battle, "glimpse"), BARRAYAR_RGB,
               TRUE);
  options.view_side = 1;
  komarr = render (battle, &view, &options);
  check_point (komarr, &view, "presence-komarr", glimpse, BARRAYAR_RGB, FALSE);
  check_point (komarr, &view, "presence-komarr", glimpse, ADMIRALTY_TABLE_FACE_DOWN_RGB, TRUE);

  /* No name under it: that strip of the picture is the same with labels off. */
  options.show_labels = FALSE;
  no_labels = render (battle, &view, &options);
  admiralty_table_view_to_pixels (&view, below, &x, &y);
  for (int dx = -30; dx <= 30; dx++)
    for (int dy = -4; dy <= 10; dy++)
      g_assert_cmphex (pixel_at (komarr, x + dx, y + dy), ==,
                       pixel_at (no_labels, x + dx, y + dy));
  /* …while the master's picture has the name there. */
  {
    gboolean differs = FALSE;

    options.view_side = -1;
    g_clear_pointer (&no_labels, cairo_surface_destroy);
    no_labels = render (battle, &view, &options);
    for (int dx = -30; dx <= 30 && !differs; dx++)
      for (int dy = -4; dy <= 10 && !differs; dy++)
        differs = pixel_at (master, x + dx, y + dy) != pixel_at (no_labels, x + dx, y + dy);
    if (!differs)
      save_png (master, "presence-master");
    g_assert_true (differs);
  }
}

/* F-MINE-2: a mine shows to its own side and the master, not to the enemy until revealed. */
static void
test_fog_mines (void)
{
  g_autoptr(AdmBattle) battle = battle_helper_load ("render-fog.xml");
  g_autoptr(cairo_surface_t) master = NULL;
  g_autoptr(cairo_surface_t) komarr = NULL;
  AdmiraltyTableView view;
  AdmiraltyTableOptions options;
  const AdmMine *mine = adm_battle_get_mine (battle, 0);

  fog_view (&view, &options);
  master = render (battle, &view, &options);
  check_point (master, &view, "mines-master", mine->position, ADMIRALTY_TABLE_BACKGROUND_RGB,
               FALSE);
  options.view_side = 1;
  komarr = render (battle, &view, &options);
  check_point (komarr, &view, "mines-komarr", mine->position, ADMIRALTY_TABLE_BACKGROUND_RGB,
               TRUE);
}

/* Plays hulk-and-fire's first turn with its seed: Silver Lantern explodes (F-CAT-12) and
 * Pale Moth is left a blazing hulk (F-CAT-11). */
static AdmBattle *
hulk_and_fire_after_turn_1 (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "scenarios",
                                            "battles", "hulk-and-fire.orders.xml", NULL);
  g_autoptr(AdmBattleOrders) orders = adm_battle_orders_load_file (path, &error);
  AdmBattle *battle = load_scenario ("hulk-and-fire.xml");
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (adm_battle_get_seed (battle));

  g_assert_no_error (error);
  g_assert_true (adm_battle_resolve_turn (battle, adm_battle_orders_get_turn (orders, 1),
                                          ADM_DICE_SOURCE (dice), &error));
  g_assert_no_error (error);
  return battle;
}

static void
test_destroyed (void)
{
  g_autoptr(AdmBattle) battle = hulk_and_fire_after_turn_1 ();
  g_autoptr(cairo_surface_t) surface = NULL;
  const AdmBattleShip *lantern = adm_battle_lookup_ship (battle, "silver-lantern");
  const AdmBattleShip *moth = adm_battle_lookup_ship (battle, "pale-moth");
  AdmiraltyTableView view;
  AdmiraltyTableOptions options;

  g_assert_cmpint (lantern->status, ==, ADM_SHIP_DESTROYED);
  g_assert_cmpint (moth->status, ==, ADM_SHIP_BURNING_HULK);
  admiralty_table_options_init (&options);
  options.show_grid = FALSE;
  admiralty_table_view_init (&view, 800, 600);
  admiralty_table_view_fit (&view, battle, &options);
  surface = render (battle, &view, &options);
  /* Nothing but the explosion markers it left where it was. */
  check_point (surface, &view, "destroyed", lantern->position, CETAGANDA_RGB, FALSE);
  check_point (surface, &view, "destroyed", lantern->position, ADMIRALTY_TABLE_FACE_DOWN_RGB,
               FALSE);
  g_assert_cmpint (admiralty_table_ship_face (battle, adm_battle_ship_index (battle,
                                                                             "silver-lantern"),
                                              -1), ==, ADMIRALTY_TOKEN_HIDDEN);
  g_assert_cmpint (admiralty_table_ship_at (&view, battle, &options, view.width / 2.0 +
                                            (lantern->position.x - view.centre_x) * view.scale,
                                            view.height / 2.0 +
                                            (lantern->position.y - view.centre_y) * view.scale),
                   !=, adm_battle_ship_index (battle, "silver-lantern"));
  /* The hulk: charred, not in its faction's colour. */
  g_assert_true (face_shows (surface, &view, moth, ADMIRALTY_TABLE_BURNING_HULK_RGB));
}

/* F-MOVE-5: a wormhole's exit zone is drawn where the battle file sets it up: its inside is
 * tinted, the table beyond it is not. */
static void
test_wormhole_exit (void)
{
  g_autoptr(AdmBattle) battle = battle_helper_load ("move-wormhole.xml");
  g_autoptr(cairo_surface_t) surface = NULL;
  AdmiraltyTableView view;
  AdmiraltyTableOptions options;

  admiralty_table_options_init (&options);
  options.show_grid = FALSE;
  options.show_labels = FALSE;
  admiralty_table_view_init (&view, 800, 600);
  /* 80 by 60 cm round (30, 10): the zone and both ships. */
  view.centre_x = 30;
  view.centre_y = 10;
  view.scale = 10;
  surface = render (battle, &view, &options);
  /* 3 cm west of the zone's centre, inside its 5 cm radius and clear of Jumper. */
  check_point (surface, &view, "wormhole-exit", (AdmPoint) { 7, 10 },
               ADMIRALTY_TABLE_BACKGROUND_RGB, FALSE);
  /* Halfway to Triumph, outside the zone. */
  check_point (surface, &view, "wormhole-exit", (AdmPoint) { 30, 20 },
               ADMIRALTY_TABLE_BACKGROUND_RGB, TRUE);
}

/* The selected ship's arcs and ranges change what is within its longest range and leave
 * what is beyond it alone. */
static void
test_selection (void)
{
  g_autoptr(AdmBattle) battle = battle_helper_load ("render-fog.xml");
  g_autoptr(cairo_surface_t) plain = NULL;
  g_autoptr(cairo_surface_t) selected = NULL;
  g_autoptr(cairo_surface_t) hidden = NULL;
  AdmiraltyTableView view;
  AdmiraltyTableOptions options;
  AdmPoint open = ship_position (battle, "open");
  AdmPoint within = { 20, 35 };  /* 26.9 cm off Open's starboard: main battery 45 cm */
  AdmPoint beyond = { 80, 35 };  /* 74 cm off */
  double x, y;

  g_assert_cmpfloat (adm_distance (open, within), <, 45);
  g_assert_cmpfloat (adm_distance (open, beyond), >, 45);
  fog_view (&view, &options);
  plain = render (battle, &view, &options);
  options.selected_ship = adm_battle_ship_index (battle, "open");
  selected = render (battle, &view, &options);
  admiralty_table_view_to_pixels (&view, within, &x, &y);
  if (pixel_at (selected, x, y) == pixel_at (plain, x, y))
    save_png (selected, "selection");
  g_assert_cmphex (pixel_at (selected, x, y), !=, pixel_at (plain, x, y));
  check_point (selected, &view, "selection", beyond, ADMIRALTY_TABLE_BACKGROUND_RGB, TRUE);
  check_point (plain, &view, "selection-plain", within, ADMIRALTY_TABLE_BACKGROUND_RGB, TRUE);
  /* The token itself keeps its colour under the overlay. */
  check_point (selected, &view, "selection", ship_face (battle, "open"), BARRAYAR_RGB, TRUE);

  /* A ship the viewer has not detected shows no ranges either. */
  options.selected_ship = adm_battle_ship_index (battle, "hidden");
  options.view_side = 1;
  hidden = render (battle, &view, &options);
  check_point (hidden, &view, "selection-hidden", (AdmPoint) { 70, 30 },
               ADMIRALTY_TABLE_BACKGROUND_RGB, TRUE);
}

static void
test_ship_at (void)
{
  g_autoptr(AdmBattle) battle = battle_helper_load ("render-fog.xml");
  AdmiraltyTableView view;
  AdmiraltyTableOptions options;
  double x, y;

  fog_view (&view, &options);
  admiralty_table_view_to_pixels (&view, ship_position (battle, "open"), &x, &y);
  g_assert_cmpint (admiralty_table_ship_at (&view, battle, &options, x + 3, y - 3), ==,
                   adm_battle_ship_index (battle, "open"));
  g_assert_cmpint (admiralty_table_ship_at (&view, battle, &options, x + 40, y), ==, -1);
  admiralty_table_view_to_pixels (&view, ship_position (battle, "hidden"), &x, &y);
  g_assert_cmpint (admiralty_table_ship_at (&view, battle, &options, x, y), ==,
                   adm_battle_ship_index (battle, "hidden"));
  options.view_side = 1;
  g_assert_cmpint (admiralty_table_ship_at (&view, battle, &options, x, y), ==, -1);
}

/* A fitted view for side 1 frames only what side 1 sees: the undetected ship at the far
 * right does not widen it. */
static void
test_fit_side (void)
{
  g_autoptr(AdmBattle) battle = battle_helper_load ("render-fog.xml");
  AdmiraltyTableView master, komarr;
  AdmiraltyTableOptions options;

  admiralty_table_options_init (&options);
  admiralty_table_view_init (&master, 800, 600);
  admiralty_table_view_fit (&master, battle, &options);
  options.view_side = 1;
  admiralty_table_view_init (&komarr, 800, 600);
  admiralty_table_view_fit (&komarr, battle, &options);
  /* Hidden at x 70 and the (hidden) mine at x 90 are out of Komarr's bounds. */
  g_assert_cmpfloat (komarr.centre_x, <, master.centre_x);
}

/* A picture of a table in mid-battle for a human to look at, saved every run. */
static void
test_snapshot (void)
{
  g_autoptr(AdmBattle) battle = hulk_and_fire_after_turn_1 ();
  g_autoptr(cairo_surface_t) surface = NULL;
  AdmiraltyTableView view;
  AdmiraltyTableOptions options;

  admiralty_table_options_init (&options);
  options.selected_ship = adm_battle_ship_index (battle, "emperor-ezar");
  admiralty_table_view_init (&view, 1280, 800);
  admiralty_table_view_fit (&view, battle, &options);
  surface = render (battle, &view, &options);
  save_png (surface, "hulk-and-fire");
  check_point (surface, &view, "hulk-and-fire", ship_face (battle, "emperor-ezar"),
               BARRAYAR_RGB, TRUE);
}

/* F-TAC-1: a table generated from a sector, in the master's view fitted to it: the planet
 * and its orbits, the stations on theirs (a brass hub at each centre), the wormhole's exit
 * zone, each named. Saved as table-renderer-generated-SECTOR.png. */
static void
render_generated (const char *file,
                  const char *sector_id,
                  guint       n_stations)
{
  g_autofree char *path = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "tests", "data",
                                            "scenarios", file, NULL);
  g_autofree char *name = g_strdup_printf ("generated-%s", sector_id);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmScenario) scenario = adm_scenario_load_file (path, &error);
  g_autofree char *text = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(GPtrArray) features = NULL;
  g_autoptr(cairo_surface_t) surface = NULL;
  AdmiraltyTableView view;
  AdmiraltyTableOptions options;
  guint stations = 0;

  g_assert_no_error (error);
  text = adm_scenario_battle_setup (scenario, sector_id, &error);
  g_assert_no_error (error);
  battle = adm_battle_load_memory (text, strlen (text), sector_id, &error);
  g_assert_no_error (error);
  admiralty_table_options_init (&options);
  admiralty_table_view_init (&view, 1000, 800);
  admiralty_table_view_fit (&view, battle, &options);
  surface = render (battle, &view, &options);
  save_png (surface, name);
  features = adm_battle_list_features (battle);
  for (guint i = 0; i < features->len; i++)
    {
      const AdmTableFeature *feature = g_ptr_array_index (features, i);
      AdmPoint at = { feature->x, feature->y };

      /* Ruling "station-unit": a station with an owner is its side's unit, drawn as one. */
      if (g_str_equal (feature->kind, "station") && feature->owner != NULL)
        check_point (surface, &view, name, at, ADMIRALTY_TABLE_BACKGROUND_RGB, FALSE);
      else if (g_str_equal (feature->kind, "station"))
        {
          check_point (surface, &view, name, at, 0xd9b55a, TRUE);
          stations++;
        }
      else if (!g_str_equal (feature->kind, "low-orbit"))
        check_point (surface, &view, name, at, ADMIRALTY_TABLE_BACKGROUND_RGB, FALSE);
    }
  g_assert_cmpuint (stations, ==, n_stations);
}

static void
test_generated_table (void)
{
  render_generated ("layout.admiralty", "asterope", 2);
  render_generated ("layout.admiralty", "sergyar-gate", 1);
  /* Tau Verde: Barrayar's fortress a unit on orbit 2, and Vervain's relay the unit of a side
   * of its own (ruling "station-engagement" "engages"); the ownerless yard a mark. */
  render_generated ("stations.admiralty", "tau-verde", 1);
}

/* Declaration overlays */

/* Checks two pictures are the same, saving the first as table-renderer-@name.png if not. */
static void
check_same (cairo_surface_t *got,
            cairo_surface_t *expected,
            const char      *name)
{
  if (!surfaces_equal (got, expected))
    save_png (got, name);
  g_assert_true (surfaces_equal (got, expected));
}

static gboolean
greenish (guint32 c)
{
  int r = (c >> 16) & 0xff, g = (c >> 8) & 0xff, b = c & 0xff;

  return g > 120 && g > r + 40 && g > b + 30;
}

static gboolean
reddish (guint32 c)
{
  int r = (c >> 16) & 0xff, g = (c >> 8) & 0xff, b = c & 0xff;

  return r > 150 && r > g + 80 && r > b + 60;
}

static gboolean
highlight_pink (guint32 c)
{
  for (int shift = 0; shift < 24; shift += 8)
    if (ABS ((int) ((c >> shift) & 0xff) - (int) ((ADMIRALTY_TABLE_HIGHLIGHT_RGB >> shift) & 0xff))
        > 40)
      return FALSE;
  return TRUE;
}

static gboolean
fire_line (guint32 c)
{
  return colours_near (c, ADMIRALTY_TABLE_FIRE_LINE_RGB);
}

static gboolean
is_background (guint32 c)
{
  return colours_near (c, ADMIRALTY_TABLE_BACKGROUND_RGB);
}

static gboolean
not_background (guint32 c)
{
  return !is_background (c);
}

/* How many pixels within @radius px (a square) of table point @point satisfy @test. */
static guint
count_near (cairo_surface_t          *surface,
            const AdmiraltyTableView *view,
            AdmPoint                  point,
            int                       radius,
            gboolean                (*test) (guint32))
{
  double x, y;
  guint n = 0;

  admiralty_table_view_to_pixels (view, point, &x, &y);
  for (int dx = -radius; dx <= radius; dx++)
    for (int dy = -radius; dy <= radius; dy++)
      n += test (pixel_at (surface, x + dx, y + dy));
  return n;
}

/* Checks some pixel within @radius px of @point satisfies @test (or none, without @any). */
static void
check_near (cairo_surface_t          *surface,
            const AdmiraltyTableView *view,
            const char               *name,
            AdmPoint                  point,
            int                       radius,
            gboolean                (*test) (guint32),
            gboolean                  any)
{
  guint n = count_near (surface, view, point, radius, test);

  if ((n > 0) != any)
    {
      save_png (surface, name);
      g_test_message ("%s: %u pixels within %d px of (%g, %g) cm", name, n, radius, point.x,
                      point.y);
    }
  if (any)
    g_assert_cmpuint (n, >, 0);
  else
    g_assert_cmpuint (n, ==, 0);
}

/* How many pixels in the ring from @inner to @outer px about ship @id satisfy @test. */
static guint
count_around (cairo_surface_t          *surface,
              const AdmiraltyTableView *view,
              AdmBattle                *battle,
              const char               *id,
              double                    inner,
              double                    outer,
              gboolean                (*test) (guint32))
{
  double x, y;
  guint n = 0;

  admiralty_table_view_to_pixels (view, ship_position (battle, id), &x, &y);
  for (int dx = (int) -outer; dx <= outer; dx++)
    for (int dy = (int) -outer; dy <= outer; dy++)
      if (hypot (dx, dy) >= inner && hypot (dx, dy) <= outer)
        n += test (pixel_at (surface, x + dx, y + dy));
  return n;
}

/* A preview as the engine would fill it, by hand: the renderer only reads it. */
static AdmMovePreview *
preview_new (AdmBattle      *battle,
             const char     *leader,
             gboolean        legal,
             const AdmPoint *path,
             guint           n,
             double          end_heading)
{
  AdmMovePreview *preview = g_new0 (AdmMovePreview, 1);
  guint index = adm_battle_ship_index (battle, leader);

  preview->legal = legal;
  preview->reason = legal ? NULL : g_strdup ("orders.xml:3: too far");
  preview->leader = index;
  preview->path = g_array_new (FALSE, FALSE, sizeof (AdmPoint));
  g_array_append_vals (preview->path, path, n);
  preview->end_heading = end_heading;
  preview->ships = g_array_new (FALSE, FALSE, sizeof (guint));
  g_array_append_val (preview->ships, index);
  preview->ends = g_array_new (FALSE, FALSE, sizeof (AdmPoint));
  g_array_append_val (preview->ends, path[n - 1]);
  preview->speed = 30;
  preview->turn_limit = 45;
  preview->turn_after = 5;
  return preview;
}

static void
preview_free (AdmMovePreview *preview)
{
  g_array_unref (preview->path);
  g_array_unref (preview->ships);
  g_array_unref (preview->ends);
  g_free (preview->reason);
  g_free (preview);
}

/* Open (r 10 px) goes 12 cm east, turns south and goes 14 cm. */
static const AdmPoint move_path[] = { { 10, 10 }, { 22, 10 }, { 22, 24 } };

static void
test_overlays_off (void)
{
  AdmiraltyTableOptions options;

  admiralty_table_options_init (&options);
  g_assert_null (options.move_previews);
  g_assert_cmpint (options.editing_move, ==, -1);
  g_assert_null (options.highlight_ships);
  g_assert_cmpint (options.target_ship, ==, -1);
  g_assert_null (options.orders);
  g_assert_false (options.ruler);
  g_assert_false (options.inches);
}

/* The path in green (legal) or red (refused), a ghost outline where it ends, the tick where
 * it may first turn and the rays of its turn limit. */
static void
test_move_preview (void)
{
  g_autoptr(AdmBattle) battle = battle_helper_load ("render-fog.xml");
  g_autoptr(GPtrArray) previews = g_ptr_array_new_with_free_func ((GDestroyNotify) preview_free);
  g_autoptr(cairo_surface_t) legal = NULL;
  g_autoptr(cairo_surface_t) refused = NULL;
  g_autoptr(cairo_surface_t) editing = NULL;
  AdmiraltyTableView view;
  AdmiraltyTableOptions options;
  AdmPoint mid = { 22, 17 }, tick = { 15, 10 };
  double x, y;

  fog_view (&view, &options);
  g_ptr_array_add (previews, preview_new (battle, "open", TRUE, move_path,
                                          G_N_ELEMENTS (move_path), 180));
  options.move_previews = previews;
  legal = render (battle, &view, &options);
  check_near (legal, &view, "move-legal", mid, 1, greenish, TRUE);
  check_near (legal, &view, "move-legal", mid, 1, reddish, FALSE);
  /* The ghost: its rim west of the end (10 px = 1.25 cm out), empty inside. */
  check_near (legal, &view, "move-legal", (AdmPoint) { 22 - 1.25, 24 }, 1, greenish, TRUE);
  check_near (legal, &view, "move-legal", (AdmPoint) { 22 - 0.6, 24 }, 1, not_background,
              FALSE);
  /* The tick across the path 5 cm on, and the starboard ray from there (the label covers
   * the port one). */
  check_near (legal, &view, "move-legal", (AdmPoint) { tick.x, tick.y + 0.6 }, 0, greenish,
              TRUE);
  admiralty_table_view_to_pixels (&view, tick, &x, &y);
  {
    guint n = 0;

    for (int d = 10; d <= 36; d++)
      n += not_background (pixel_at (legal, x + d / G_SQRT2, y + d / G_SQRT2));
    if (n == 0)
      save_png (legal, "move-legal");
    g_assert_cmpuint (n, >, 0);
  }

  ((AdmMovePreview *) g_ptr_array_index (previews, 0))->legal = FALSE;
  refused = render (battle, &view, &options);
  check_near (refused, &view, "move-refused", mid, 1, reddish, TRUE);
  check_near (refused, &view, "move-refused", mid, 1, greenish, FALSE);
  check_near (refused, &view, "move-refused", (AdmPoint) { 22 - 1.25, 24 }, 1, reddish, TRUE);

  /* Bolder while edited: wider. */
  options.editing_move = 0;
  editing = render (battle, &view, &options);
  admiralty_table_view_to_pixels (&view, mid, &x, &y);
  g_assert_cmpuint (count_near (editing, &view, mid, 3, reddish), >,
                    count_near (refused, &view, mid, 3, reddish));
}

/* A formation the viewer has not detected shows no path, ghost or turn marks. */
static void
test_move_preview_hidden (void)
{
  g_autoptr(AdmBattle) battle = battle_helper_load ("render-fog.xml");
  g_autoptr(GPtrArray) previews = g_ptr_array_new_with_free_func ((GDestroyNotify) preview_free);
  g_autoptr(cairo_surface_t) plain = NULL;
  g_autoptr(cairo_surface_t) with = NULL;
  g_autoptr(cairo_surface_t) master = NULL;
  AdmiraltyTableView view;
  AdmiraltyTableOptions options;
  static const AdmPoint path[] = { { 70, 10 }, { 70, 30 } };

  fog_view (&view, &options);
  options.view_side = 1;
  plain = render (battle, &view, &options);
  g_ptr_array_add (previews, preview_new (battle, "hidden", TRUE, path, G_N_ELEMENTS (path),
                                          180));
  options.move_previews = previews;
  options.editing_move = 0;
  with = render (battle, &view, &options);
  check_same (with, plain, "move-hidden");
  options.view_side = -1;
  master = render (battle, &view, &options);
  check_near (master, &view, "move-hidden-master", (AdmPoint) { 70, 20 }, 1, greenish, TRUE);
}

/* Possible targets are ringed; others are not; one hidden from the viewer is not ringed
 * (nothing at all changes). */
static void
test_highlight (void)
{
  g_autoptr(AdmBattle) battle = battle_helper_load ("render-fog.xml");
  g_autoptr(GArray) ships = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(cairo_surface_t) surface = NULL;
  g_autoptr(cairo_surface_t) komarr_plain = NULL;
  g_autoptr(cairo_surface_t) komarr = NULL;
  AdmiraltyTableView view;
  AdmiraltyTableOptions options;
  guint open = adm_battle_ship_index (battle, "open");
  guint hidden = adm_battle_ship_index (battle, "hidden");
  guint glimpse = adm_battle_ship_index (battle, "glimpse");

  fog_view (&view, &options);
  g_array_append_val (ships, open);
  g_array_append_val (ships, hidden);
  options.highlight_ships = ships;
  surface = render (battle, &view, &options);
  if (count_around (surface, &view, battle, "open", 14, 30, highlight_pink) < 20 ||
      count_around (surface, &view, battle, "glimpse", 0, 30, highlight_pink) > 0)
    save_png (surface, "highlight");
  g_assert_cmpuint (count_around (surface, &view, battle, "open", 14, 30, highlight_pink), >=,
                    20);
  g_assert_cmpuint (count_around (surface, &view, battle, "hidden", 10, 30, highlight_pink),
                    >=, 20);
  g_assert_cmpuint (count_around (surface, &view, battle, "glimpse", 0, 30, highlight_pink),
                    ==, 0);
  g_assert_cmpuint (count_around (surface, &view, battle, "lookout", 0, 30, highlight_pink),
                    ==, 0);

  /* Komarr has not detected Hidden: no ring gives it away. The face-down Glimpse may be
   * ringed: its token is already there. */
  options.view_side = 1;
  options.highlight_ships = NULL;
  komarr_plain = render (battle, &view, &options);
  g_array_set_size (ships, 0);
  g_array_append_val (ships, hidden);
  options.highlight_ships = ships;
  komarr = render (battle, &view, &options);
  check_same (komarr, komarr_plain, "highlight-hidden");
  g_array_append_val (ships, glimpse);
  g_clear_pointer (&komarr, cairo_surface_destroy);
  komarr = render (battle, &view, &options);
  g_assert_cmpuint (count_around (komarr, &view, battle, "glimpse", 10, 30, highlight_pink),
                    >=, 20);
}

/* The line of fire from the selected ship to its target, and only to a target the viewer
 * sees. */
static void
test_target_line (void)
{
  g_autoptr(AdmBattle) battle = battle_helper_load ("render-fog.xml");
  g_autoptr(cairo_surface_t) plain = NULL;
  g_autoptr(cairo_surface_t) target = NULL;
  g_autoptr(cairo_surface_t) komarr_plain = NULL;
  g_autoptr(cairo_surface_t) komarr = NULL;
  AdmiraltyTableView view;
  AdmiraltyTableOptions options;
  AdmPoint open = ship_position (battle, "open"), lookout = ship_position (battle, "lookout");
  AdmPoint mid = { (open.x + lookout.x) / 2, (open.y + lookout.y) / 2 };

  fog_view (&view, &options);
  options.selected_ship = adm_battle_ship_index (battle, "open");
  plain = render (battle, &view, &options);
  options.target_ship = adm_battle_ship_index (battle, "lookout");
  target = render (battle, &view, &options);
  /* Open's arcs tint the midpoint in both; only the target's picture has the line. */
  check_near (plain, &view, "target-plain", mid, 1, fire_line, FALSE);
  check_near (target, &view, "target", mid, 1, fire_line, TRUE);

  /* Lookout aiming at a ship Komarr has not found draws nothing. */
  options.view_side = 1;
  options.selected_ship = adm_battle_ship_index (battle, "lookout");
  options.target_ship = -1;
  komarr_plain = render (battle, &view, &options);
  options.target_ship = adm_battle_ship_index (battle, "hidden");
  komarr = render (battle, &view, &options);
  check_same (komarr, komarr_plain, "target-hidden");
}

/* Declared fires as arrows in the master's view and the firing side's; none in the enemy's
 * (adm_audience_sees_orders (): F-SEQ-2, orders are declared in secret), not even from a
 * firer it has identified. */
static void
test_declared_fires (void)
{
  g_autoptr(AdmBattle) battle = battle_helper_load ("render-fog.xml");
  g_autoptr(AdmTurnOrders) orders = battle_helper_orders (1,
    "<fire weapons=\"open:main\" target=\"lookout\"/>"
    "<fire weapons=\"hidden:main\" target=\"lookout\"/>");
  g_autoptr(cairo_surface_t) plain = NULL;
  g_autoptr(cairo_surface_t) fires = NULL;
  g_autoptr(cairo_surface_t) komarr_plain = NULL;
  g_autoptr(cairo_surface_t) komarr = NULL;
  AdmiraltyTableView view;
  AdmiraltyTableOptions options;
  AdmPoint open = ship_position (battle, "open"), lookout = ship_position (battle, "lookout");
  AdmPoint hidden = ship_face (battle, "hidden");
  AdmPoint mid = { (open.x + lookout.x) / 2, (open.y + lookout.y) / 2 };
  AdmPoint hidden_mid = { (hidden.x + lookout.x) / 2, (hidden.y + lookout.y) / 2 };

  fog_view (&view, &options);
  plain = render (battle, &view, &options);
  options.orders = orders;
  fires = render (battle, &view, &options);
  check_near (plain, &view, "fires-plain", mid, 1, not_background, FALSE);
  check_near (fires, &view, "fires", mid, 1, not_background, TRUE);
  check_near (fires, &view, "fires", hidden_mid, 1, not_background, TRUE);

  options.view_side = 1;
  options.orders = NULL;
  komarr_plain = render (battle, &view, &options);
  options.orders = orders;
  komarr = render (battle, &view, &options);
  check_near (komarr, &view, "fires-komarr", mid, 1, not_background, FALSE);
  check_near (komarr, &view, "fires-komarr", hidden_mid, 1, not_background, FALSE);
  /* Nothing of the enemy's declarations changed the picture. */
  for (int dx = -30; dx <= 30; dx++)
    for (int dy = -30; dy <= 30; dy++)
      {
        double x, y;

        admiralty_table_view_to_pixels (&view, hidden_mid, &x, &y);
        g_assert_cmphex (pixel_at (komarr, x + dx, y + dy), ==,
                         pixel_at (komarr_plain, x + dx, y + dy));
        admiralty_table_view_to_pixels (&view, mid, &x, &y);
        g_assert_cmphex (pixel_at (komarr, x + dx, y + dy), ==,
                         pixel_at (komarr_plain, x + dx, y + dy));
      }

  /* The firing side sees its own. */
  options.view_side = 0;
  g_clear_pointer (&komarr, cairo_surface_destroy);
  komarr = render (battle, &view, &options);
  check_near (komarr, &view, "fires-barrayar", mid, 1, not_background, TRUE);
}

/* The ruler's line and its label. */
static void
test_ruler (void)
{
  g_autoptr(AdmBattle) battle = battle_helper_load ("render-fog.xml");
  g_autoptr(cairo_surface_t) plain = NULL;
  g_autoptr(cairo_surface_t) ruler = NULL;
  AdmiraltyTableView view;
  AdmiraltyTableOptions options;
  AdmPoint mid = { 70, 50 };
  double x, y;
  gboolean differs = FALSE;

  fog_view (&view, &options);
  plain = render (battle, &view, &options);
  options.ruler = TRUE;
  options.ruler_from = (AdmPoint) { 55, 50 };
  options.ruler_to = (AdmPoint) { 85, 50 };
  ruler = render (battle, &view, &options);
  check_point (ruler, &view, "ruler", mid, ADMIRALTY_TABLE_RULER_RGB, TRUE);
  check_point (plain, &view, "ruler-plain", mid, ADMIRALTY_TABLE_BACKGROUND_RGB, TRUE);
  /* The label above the line. */
  admiralty_table_view_to_pixels (&view, mid, &x, &y);
  for (int dy = -25; dy <= -5 && !differs; dy++)
    for (int dx = -20; dx <= 20 && !differs; dx++)
      differs = pixel_at (ruler, x + dx, y + dy) != pixel_at (plain, x + dx, y + dy);
  if (!differs)
    save_png (ruler, "ruler");
  g_assert_true (differs);
}

/* The width in pixels of @text in the overlay labels' font, as the renderer lays it out. */
static double
label_text_width (const char *text)
{
  g_autoptr(cairo_surface_t) surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 8, 8);
  cairo_t *cr = cairo_create (surface);
  cairo_text_extents_t extents;

  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, 11.0);
  cairo_text_extents (cr, text, &extents);
  cairo_destroy (cr);
  return extents.x_advance;
}

/* The width of what @with draws and @without does not in the band from 3 to 50 px above
 * table point @mid, within 80 px either side (short of the end ticks of a ruler 200 px
 * long): a horizontal ruler's label plate. */
static int
plate_width (cairo_surface_t          *with,
             cairo_surface_t          *without,
             const AdmiraltyTableView *view,
             AdmPoint                  mid)
{
  double x, y;
  int left = G_MAXINT, right = G_MININT;

  admiralty_table_view_to_pixels (view, mid, &x, &y);
  for (int dy = -50; dy <= -3; dy++)
    for (int dx = -80; dx <= 80; dx++)
      if (pixel_at (with, x + dx, y + dy) != pixel_at (without, x + dx, y + dy))
        {
          left = MIN (left, dx);
          right = MAX (right, dx);
        }
  return left <= right ? right - left + 1 : 0;
}

/* In inches the ruler's label reads "10 in" over 25.4 cm; in cm, "25.4 cm". The label's
 * plate is as wide as its text and 3 px of padding each side. */
static void
test_ruler_inches (void)
{
  g_autoptr(AdmBattle) battle = battle_helper_load ("render-fog.xml");
  g_autoptr(cairo_surface_t) plain = NULL;
  g_autoptr(cairo_surface_t) cm = NULL;
  g_autoptr(cairo_surface_t) inches = NULL;
  AdmiraltyTableView view;
  AdmiraltyTableOptions options;
  AdmPoint mid = { 55 + 25.4 / 2, 50 };
  double in_width = label_text_width ("10 in") + 6;
  double cm_width = label_text_width ("25.4 cm") + 6;
  int width;

  /* The check tells the right text from near misses. */
  g_assert_cmpfloat (fabs (label_text_width ("10.0 in") + 6 - in_width), >, 4);
  g_assert_cmpfloat (fabs (cm_width - in_width), >, 4);

  fog_view (&view, &options);
  plain = render (battle, &view, &options);
  options.ruler = TRUE;
  options.ruler_from = (AdmPoint) { 55, 50 };
  options.ruler_to = (AdmPoint) { 55 + 25.4, 50 };
  cm = render (battle, &view, &options);
  options.inches = TRUE;
  inches = render (battle, &view, &options);

  width = plate_width (cm, plain, &view, mid);
  g_test_message ("cm plate %d px, text + padding %.1f px", width, cm_width);
  if (fabs (width - cm_width) > 2)
    save_png (cm, "ruler-cm");
  g_assert_cmpfloat (fabs (width - cm_width), <=, 2);

  width = plate_width (inches, plain, &view, mid);
  g_test_message ("inch plate %d px, text + padding %.1f px", width, in_width);
  if (fabs (width - in_width) > 2)
    save_png (inches, "ruler-inches");
  g_assert_cmpfloat (fabs (width - in_width), <=, 2);
}

/* The inch grid has a line one inch from the origin, where the cm grid (lines every 5 cm at
 * this scale) has none; with the field FALSE the picture is the cm one, pixel for pixel. */
static void
test_grid_inches (void)
{
  g_autoptr(AdmBattle) battle = battle_helper_load ("render-fog.xml");
  g_autoptr(GArray) ships = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(cairo_surface_t) cm = NULL;
  g_autoptr(cairo_surface_t) inches = NULL;
  g_autoptr(cairo_surface_t) back = NULL;
  AdmiraltyTableView view;
  AdmiraltyTableOptions options;
  guint lookout = adm_battle_ship_index (battle, "lookout");
  AdmPoint inch = { ADMIRALTY_CM_PER_INCH, 4 };
  const guchar *a, *b;
  int stride;

  admiralty_table_view_init (&view, 400, 300);
  admiralty_table_options_init (&options);
  g_assert_cmpfloat (view.scale, ==, 10.0);
  cm = render (battle, &view, &options);
  options.inches = TRUE;
  inches = render (battle, &view, &options);
  check_point (cm, &view, "grid-cm", inch, ADMIRALTY_TABLE_BACKGROUND_RGB, TRUE);
  check_point (inches, &view, "grid-inches", inch, ADMIRALTY_TABLE_BACKGROUND_RGB, FALSE);
  /* Not at one cm, where neither grid has a line. */
  check_point (inches, &view, "grid-inches", (AdmPoint) { 1, 4 },
               ADMIRALTY_TABLE_BACKGROUND_RGB, TRUE);

  /* Every overlay with lengths, in cm: the new field changes nothing while FALSE. The picture
   * in inches is saved every run, for a human to look at. */
  fog_view (&view, &options);
  options.show_grid = TRUE;
  options.selected_ship = adm_battle_ship_index (battle, "open");
  g_array_append_val (ships, lookout);
  options.highlight_ships = ships;
  options.target_ship = lookout;
  options.ruler = TRUE;
  options.ruler_from = (AdmPoint) { 60, 55 };
  options.ruler_to = (AdmPoint) { 88, 45 };
  g_clear_pointer (&cm, cairo_surface_destroy);
  g_clear_pointer (&inches, cairo_surface_destroy);
  cm = render (battle, &view, &options);
  options.inches = TRUE;
  inches = render (battle, &view, &options);
  save_png (inches, "overlays-inches");
  options.inches = FALSE;
  back = render (battle, &view, &options);
  a = cairo_image_surface_get_data (cm);
  b = cairo_image_surface_get_data (back);
  stride = cairo_image_surface_get_stride (cm);
  g_assert_cmpint (memcmp (a, b, (gsize) stride * view.height), ==, 0);
  g_assert_cmpint (memcmp (a, cairo_image_surface_get_data (inches),
                           (gsize) stride * view.height), !=, 0);
}

/* Every legend sample draws something in its square, and has a label. */
static void
test_legend (void)
{
  for (int item = 0; item < ADMIRALTY_LEGEND_N_ITEMS; item++)
    {
      g_autoptr(cairo_surface_t) surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 64,
                                                                       64);
      cairo_t *cr = cairo_create (surface);
      const char *label = admiralty_legend_item_label (item);
      guint painted = 0;

      cairo_set_source_rgb (cr, ((ADMIRALTY_TABLE_BACKGROUND_RGB >> 16) & 0xff) / 255.0,
                            ((ADMIRALTY_TABLE_BACKGROUND_RGB >> 8) & 0xff) / 255.0,
                            (ADMIRALTY_TABLE_BACKGROUND_RGB & 0xff) / 255.0);
      cairo_paint (cr);
      /* A 32-pixel square in the middle: nothing may spill out of it. */
      cairo_translate (cr, 16, 16);
      admiralty_table_render_legend_sample (cr, item, 32);
      g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
      cairo_destroy (cr);
      cairo_surface_flush (surface);
      for (int y = 0; y < 64; y++)
        for (int x = 0; x < 64; x++)
          {
            gboolean inside = x >= 16 && x < 48 && y >= 16 && y < 48;

            if (!inside)
              g_assert_cmphex (pixel_at (surface, x, y), ==, ADMIRALTY_TABLE_BACKGROUND_RGB);
            else
              painted += not_background (pixel_at (surface, x, y));
          }
      g_assert_nonnull (label);
      g_assert_cmpuint (strlen (label), >, 0);
      if (painted < 10)
        {
          g_autofree char *name = g_strdup_printf ("legend-%d", item);

          save_png (surface, name);
        }
      g_assert_cmpuint (painted, >=, 10);
    }
}

/* A picture of every overlay at once and of the legend's samples, for a human to look at,
 * saved every run. */
static void
test_snapshot_overlays (void)
{
  g_autoptr(AdmBattle) battle = battle_helper_load ("render-fog.xml");
  g_autoptr(GPtrArray) previews = g_ptr_array_new_with_free_func ((GDestroyNotify) preview_free);
  g_autoptr(GArray) ships = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(AdmTurnOrders) orders = battle_helper_orders (1,
    "<fire weapons=\"glimpse:main\" target=\"lookout\"/>");
  g_autoptr(cairo_surface_t) surface = NULL;
  g_autoptr(cairo_surface_t) legend = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                                                  ADMIRALTY_LEGEND_N_ITEMS * 40,
                                                                  40);
  static const AdmPoint refused[] = { { 40, 60 }, { 40, 45 }, { 55, 30 } };
  AdmiraltyTableView view;
  AdmiraltyTableOptions options;
  guint lookout = adm_battle_ship_index (battle, "lookout");
  cairo_t *cr;

  fog_view (&view, &options);
  options.show_grid = TRUE;
  g_ptr_array_add (previews, preview_new (battle, "open", TRUE, move_path,
                                          G_N_ELEMENTS (move_path), 180));
  g_ptr_array_add (previews, preview_new (battle, "lookout", FALSE, refused,
                                          G_N_ELEMENTS (refused), 45));
  ((AdmMovePreview *) g_ptr_array_index (previews, 1))->turn_after = 0;
  options.move_previews = previews;
  options.editing_move = 0;
  g_array_append_val (ships, lookout);
  options.highlight_ships = ships;
  options.selected_ship = adm_battle_ship_index (battle, "open");
  options.target_ship = lookout;
  options.orders = orders;
  options.ruler = TRUE;
  options.ruler_from = (AdmPoint) { 60, 55 };
  options.ruler_to = (AdmPoint) { 88, 45 };
  surface = render (battle, &view, &options);
  save_png (surface, "overlays");

  cr = cairo_create (legend);
  cairo_set_source_rgb (cr, ((ADMIRALTY_TABLE_BACKGROUND_RGB >> 16) & 0xff) / 255.0,
                        ((ADMIRALTY_TABLE_BACKGROUND_RGB >> 8) & 0xff) / 255.0,
                        (ADMIRALTY_TABLE_BACKGROUND_RGB & 0xff) / 255.0);
  cairo_paint (cr);
  for (int item = 0; item < ADMIRALTY_LEGEND_N_ITEMS; item++)
    {
      cairo_save (cr);
      cairo_translate (cr, item * 40 + 4, 4);
      admiralty_table_render_legend_sample (cr, item, 32);
      cairo_restore (cr);
    }
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  save_png (legend, "legend");
}

/* The cached table (admiralty_table_render_cached) */

/* How far a pixel drawn through the cache may be from the plain drawing's, in a channel. */
#define TOKEN_TOLERANCE 24

static guint count_differences (cairo_surface_t *got, cairo_surface_t *expected,
                                int tolerance, const char *name);

static cairo_surface_t *
render_cached (AdmBattle                   *battle,
               const AdmiraltyTableView    *view,
               const AdmiraltyTableOptions *options,
               AdmiraltyTableCache         *cache)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, view->width,
                                                         view->height);
  cairo_t *cr = cairo_create (surface);

  admiralty_table_render_cached (cr, view, battle, options, cache);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* Draws @battle with @options plainly, then through @cache twice (filling it, then from
 * it): the three pictures must be the same, pixel for pixel. */
static void
check_cached (AdmBattle                   *battle,
              const AdmiraltyTableView    *view,
              const AdmiraltyTableOptions *options,
              AdmiraltyTableCache         *cache,
              const char                  *name)
{
  g_autoptr(cairo_surface_t) plain = render (battle, view, options);
  g_autoptr(cairo_surface_t) first = render_cached (battle, view, options, cache);
  g_autoptr(cairo_surface_t) again = render_cached (battle, view, options, cache);

  g_test_message ("%s", name);
  /* Tokens come from their images, drawn at an eighth of a pixel from where the plain
   * drawing puts them: their edges may round the other way. */
  g_assert_cmpuint (count_differences (first, plain, TOKEN_TOLERANCE, name), ==, 0);
  check_same (again, first, name);
}

/* Every overlay on and off, the ruler moving, a pan, a zoom, the side's view, the units,
 * the battle changing: the cache gives what the plain drawing gives, and drops what it kept
 * when the view, the options or (once told) the battle change. */
static void
test_cached (void)
{
  g_autoptr(AdmBattle) battle = battle_helper_load ("render-fog.xml");
  g_autoptr(AdmBattle) played = hulk_and_fire_after_turn_1 ();
  g_autoptr(AdmiraltyTableCache) cache = admiralty_table_cache_new ();
  g_autoptr(GPtrArray) previews = g_ptr_array_new_with_free_func ((GDestroyNotify) preview_free);
  g_autoptr(GArray) ships = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(AdmTurnOrders) orders = battle_helper_orders (1,
    "<fire weapons=\"glimpse:main\" target=\"lookout\"/>");
  guint lookout = adm_battle_ship_index (battle, "lookout");
  AdmiraltyTableView view;
  AdmiraltyTableOptions options;

  fog_view (&view, &options);
  options.show_grid = TRUE;
  check_cached (battle, &view, &options, cache, "cached-plain");
  options.ruler = TRUE;
  options.ruler_from = (AdmPoint) { 60, 55 };
  options.ruler_to = (AdmPoint) { 88, 45 };
  check_cached (battle, &view, &options, cache, "cached-ruler");
  options.ruler_to = (AdmPoint) { 30, 20 };
  check_cached (battle, &view, &options, cache, "cached-ruler-moved");
  options.selected_ship = adm_battle_ship_index (battle, "open");
  options.target_ship = lookout;
  check_cached (battle, &view, &options, cache, "cached-selection");
  g_ptr_array_add (previews, preview_new (battle, "open", TRUE, move_path,
                                          G_N_ELEMENTS (move_path), 180));
  options.move_previews = previews;
  options.editing_move = 0;
  g_array_append_val (ships, lookout);
  options.highlight_ships = ships;
  options.orders = orders;
  check_cached (battle, &view, &options, cache, "cached-overlays");
  admiralty_table_view_pan (&view, 17, -9);
  check_cached (battle, &view, &options, cache, "cached-pan");
  admiralty_table_view_zoom (&view, 1.7, 100, 80);
  check_cached (battle, &view, &options, cache, "cached-zoom");
  options.inches = TRUE;
  check_cached (battle, &view, &options, cache, "cached-inches");
  admiralty_table_options_init (&options);
  options.view_side = 1;
  check_cached (battle, &view, &options, cache, "cached-side");

  /* Another battle, and the same one after a turn: told, the cache draws it afresh. */
  admiralty_table_options_init (&options);
  admiralty_table_view_fit (&view, played, &options);
  check_cached (played, &view, &options, cache, "cached-other-battle");
  {
    g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (7);
    g_autoptr(GError) error = NULL;
    g_autoptr(cairo_surface_t) before = render (played, &view, &options);
    g_autoptr(cairo_surface_t) after = NULL;

    while (adm_battle_get_phase (played) != ADM_PHASE_MOVEMENT)
      {
        g_assert_true (adm_battle_resolve_phase (played, NULL, ADM_DICE_SOURCE (dice),
                                                 &error));
        g_assert_no_error (error);
      }
    g_assert_true (adm_battle_resolve_phase (played, NULL, ADM_DICE_SOURCE (dice), &error));
    g_assert_no_error (error);
    after = render (played, &view, &options);
    /* The hulks drifted: the picture changed, and the invalidated cache follows. */
    g_assert_false (surfaces_equal (before, after));
    admiralty_table_cache_invalidate (cache);
    check_cached (played, &view, &options, cache, "cached-after-a-phase");
  }
}

/* How many pixels of @got differ from @expected by more than @tolerance in a channel: the
 * kept layers are the same drawing, but antialiasing may round an edge the other way. Saves
 * @got as table-renderer-@name.png when any does. */
static guint
count_differences (cairo_surface_t *got,
                   cairo_surface_t *expected,
                   int              tolerance,
                   const char      *name)
{
  int width = cairo_image_surface_get_width (got), height = cairo_image_surface_get_height (got);
  guint differ = 0;

  g_assert_cmpint (width, ==, cairo_image_surface_get_width (expected));
  g_assert_cmpint (height, ==, cairo_image_surface_get_height (expected));
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      {
        guint32 a = pixel_at (got, x, y), b = pixel_at (expected, x, y);

        for (int shift = 0; shift < 24; shift += 8)
          if (ABS ((int) ((a >> shift) & 0xff) - (int) ((b >> shift) & 0xff)) > tolerance)
            {
              differ++;
              break;
            }
      }
  if (differ > 0)
    {
      g_autofree char *expected_name = g_strdup_printf ("%s-expected", name);

      save_png (got, name);
      save_png (expected, expected_name);
      g_test_message ("%s: %u pixels differ by more than %d", name, differ, tolerance);
    }
  return differ;
}

/* Two sides of 30 named ships in formations of 6, close enough for their names to compete
 * for room, with a few explosion markers between them. */
static AdmBattle *
crowded_battle (void)
{
  g_autoptr(GString) xml = g_string_new ("<battle ruleset=\"forcon-2010\" name=\"Crowd\">\n");
  g_autoptr(GError) error = NULL;
  AdmBattle *battle;

  for (int side = 0; side < 2; side++)
    {
      const char *id = side == 0 ? "barrayar" : "komarr";

      g_string_append_printf (xml, "<side id=\"%s\" name=\"%s\">\n", id, id);
      for (int f = 0; f < 5; f++)
        {
          g_string_append_printf (xml, "<formation id=\"%s-f%d\" name=\"%s %d\" "
                                       "flagship=\"%s-%d\">\n", id, f, id, f, id, f * 6);
          for (int i = 0; i < 6; i++)
            g_string_append_printf (xml, "<ship id=\"%s-%d\" name=\"%s ship %d\" "
                                         "class=\"%s\" faction=\"%s\" x=\"%g\" y=\"%g\" "
                                         "heading=\"%d\" readiness=\"7\" damage=\"%d\"/>\n",
                                    id, f * 6 + i, side == 0 ? "Barrayaran" : "Komarran",
                                    f * 6 + i, side == 0 ? "vorpatril" : "vervani-destroyer",
                                    id, side * 40 + (f % 3) * 12 + (i % 2) * 3.5,
                                    (f / 3) * 14 + (i / 2) * 3.5, side == 0 ? 90 : 270,
                                    i == 3 ? 2 : 0);
          g_string_append (xml, "</formation>\n");
        }
      g_string_append (xml, "</side>\n");
    }
  for (int m = 0; m < 8; m++)
    g_string_append_printf (xml, "<marker kind=\"explosion\" x=\"%d\" y=\"%d\" "
                                 "diameter=\"3\"/>\n", 34 + m % 3 * 2, 2 + m * 3);
  g_string_append (xml, "</battle>\n");
  battle = adm_battle_load_memory (xml->str, xml->len, "crowd.xml", &error);
  g_assert_no_error (error);
  g_assert_nonnull (battle);
  return battle;
}

/* A pan through the cache copies the kept layer shifted (drawn once wider) and
 * draws only the grid's figures and the ruler: the picture is the plain drawing's of the
 * panned view — names placed the same, grid figures on the edges — bar antialiasing. A pan
 * by a fraction of a pixel, a zoom or the battle changing draws the layer again. */
static void
test_cached_pan (void)
{
  g_autoptr(AdmBattle) battle = crowded_battle ();
  g_autoptr(AdmiraltyTableCache) cache = admiralty_table_cache_new ();
  static const double pans[][2] = {
    { 7, 3 }, { 7, 3 }, { -40, 25 }, { 120, -60 }, { -150, -80 }, { 2.5, 0 }, { 0, -1 },
    { 400, 0 },
  };
  AdmiraltyTableView view;
  AdmiraltyTableOptions options;

  admiralty_table_options_init (&options);
  options.selected_ship = adm_battle_ship_index (battle, "barrayar-8");
  admiralty_table_view_init (&view, 640, 400);
  admiralty_table_view_fit (&view, battle, &options);
  /* Zoomed in, so that ships and names lie across the window's edges. */
  admiralty_table_view_zoom (&view, 2.0, 320, 200);
  for (guint i = 0; i <= G_N_ELEMENTS (pans); i++)
    {
      g_autofree char *name = g_strdup_printf ("cached-pan-%u", i);
      g_autoptr(cairo_surface_t) plain = NULL;
      g_autoptr(cairo_surface_t) cached = NULL;

      if (i > 0)
        admiralty_table_view_pan (&view, pans[i - 1][0], pans[i - 1][1]);
      options.ruler = i % 2 == 1;
      options.ruler_from = admiralty_table_view_to_table (&view, 50, 60);
      options.ruler_to = admiralty_table_view_to_table (&view, 300, 200);
      plain = render (battle, &view, &options);
      cached = render_cached (battle, &view, &options, cache);
      g_assert_cmpuint (count_differences (cached, plain, TOKEN_TOLERANCE, name), ==, 0);
    }
}

/* @battle drawn into an image of twice the view's pixels (a display at scale 2), plainly or
 * through @cache. */
static cairo_surface_t *
render_scaled (AdmBattle                   *battle,
               const AdmiraltyTableView    *view,
               const AdmiraltyTableOptions *options,
               AdmiraltyTableCache         *cache)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 2 * view->width,
                                                         2 * view->height);
  cairo_t *cr;

  cairo_surface_set_device_scale (surface, 2, 2);
  cr = cairo_create (surface);
  if (cache != NULL)
    admiralty_table_render_cached (cr, view, battle, options, cache);
  else
    admiralty_table_render (cr, view, battle, options);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* On a display at scale 2 the kept images are drawn at its pixels: the cached picture, also
 * after pans (by half a view pixel: drawn again), is the plain one's, as sharp. */
static void
test_cached_device_scale (void)
{
  g_autoptr(AdmBattle) battle = crowded_battle ();
  g_autoptr(AdmiraltyTableCache) cache = admiralty_table_cache_new ();
  static const double pans[][2] = { { 0, 0 }, { 9, -4 }, { 0.5, 1.5 }, { -30, 12 } };
  AdmiraltyTableView view;
  AdmiraltyTableOptions options;

  admiralty_table_options_init (&options);
  options.selected_ship = adm_battle_ship_index (battle, "komarr-20");
  admiralty_table_view_init (&view, 320, 200);
  admiralty_table_view_fit (&view, battle, &options);
  admiralty_table_cache_set_device_scale (cache, 2);
  for (guint i = 0; i < G_N_ELEMENTS (pans); i++)
    {
      g_autofree char *name = g_strdup_printf ("cached-scale-2-%u", i);
      g_autoptr(cairo_surface_t) plain = NULL;
      g_autoptr(cairo_surface_t) cached = NULL;

      admiralty_table_view_pan (&view, pans[i][0], pans[i][1]);
      plain = render_scaled (battle, &view, &options, NULL);
      cached = render_scaled (battle, &view, &options, cache);
      g_assert_cmpuint (count_differences (cached, plain, TOKEN_TOLERANCE, name), ==, 0);
    }
}

/* A declared launch is drawn as an arrow over the kept table, not kept with the ships: the
 * launch declared after the table was kept shows at once. */
static void
test_cached_launch (void)
{
  g_autoptr(AdmBattle) battle = load_scenario ("torpedo-duel.xml");
  g_autoptr(AdmiraltyTableCache) cache = admiralty_table_cache_new ();
  g_autoptr(AdmTurnOrders) orders = battle_helper_orders (1,
    "<launch weapons=\"prince-xav:torpedoes\" target=\"pale-jade\"/>");
  g_autoptr(cairo_surface_t) before = NULL;
  g_autoptr(cairo_surface_t) plain = NULL;
  g_autoptr(cairo_surface_t) cached = NULL;
  AdmiraltyTableView view;
  AdmiraltyTableOptions options;

  admiralty_table_options_init (&options);
  admiralty_table_view_init (&view, 480, 360);
  admiralty_table_view_fit (&view, battle, &options);
  before = render_cached (battle, &view, &options, cache);
  options.orders = orders;
  plain = render (battle, &view, &options);
  cached = render_cached (battle, &view, &options, cache);
  g_assert_false (surfaces_equal (plain, before));
  g_assert_cmpuint (count_differences (cached, plain, TOKEN_TOLERANCE, "cached-launch"), ==, 0);
}

/* A frame of @battle drawn through @cache into @tiles; returns how many tiles got new nodes. */
static guint
tiles_frame (AdmiraltyTableTiles         *tiles,
             AdmBattle                   *battle,
             const AdmiraltyTableView    *view,
             const AdmiraltyTableOptions *options,
             AdmiraltyTableCache         *cache)
{
  cairo_t *cr = admiralty_table_tiles_begin (tiles, view->width, view->height, 1);

  admiralty_table_render_cached (cr, view, battle, options, cache);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  return admiralty_table_tiles_end (tiles, cr);
}

/* The tiles' nodes drawn into one image, as GTK's Cairo renderer draws them. */
static cairo_surface_t *
render_tiles (AdmiraltyTableTiles      *tiles,
              const AdmiraltyTableView *view)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, view->width,
                                                         view->height);
  cairo_t *cr = cairo_create (surface);

  for (int y = 0; y < view->height; y += ADMIRALTY_TABLE_TILE_SIZE)
    for (int x = 0; x < view->width; x += ADMIRALTY_TABLE_TILE_SIZE)
      {
        GskRenderNode *node = admiralty_table_tiles_get_node (tiles, x, y);

        g_assert_nonnull (node);
        gsk_render_node_draw (node, cr);
      }
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* The table widget's frame as tiles: their nodes show the plain drawing; a frame drawn again
 * unchanged keeps every node, a ruler drawn in a corner renews only the tiles it crosses,
 * another size every tile. */
static void
test_tiles (void)
{
  g_autoptr(AdmBattle) battle = crowded_battle ();
  g_autoptr(AdmiraltyTableCache) cache = admiralty_table_cache_new ();
  g_autoptr(AdmiraltyTableTiles) tiles = admiralty_table_tiles_new ();
  g_autoptr(cairo_surface_t) plain = NULL;
  g_autoptr(cairo_surface_t) tiled = NULL;
  g_autoptr(cairo_surface_t) ruled = NULL;
  AdmiraltyTableView view;
  AdmiraltyTableOptions options;
  GskRenderNode *corner, *ruler_tile;
  guint n_tiles;

  /* GSK's node types, which gtk_init () would register. */
  g_type_ensure (GSK_TYPE_CAIRO_NODE);
  admiralty_table_options_init (&options);
  admiralty_table_view_init (&view, 640, 400);
  admiralty_table_view_fit (&view, battle, &options);
  /* 5 × 4 tiles, the last row cut short. */
  n_tiles = ((640 + ADMIRALTY_TABLE_TILE_SIZE - 1) / ADMIRALTY_TABLE_TILE_SIZE) *
            ((400 + ADMIRALTY_TABLE_TILE_SIZE - 1) / ADMIRALTY_TABLE_TILE_SIZE);
  g_assert_cmpuint (tiles_frame (tiles, battle, &view, &options, cache), ==, n_tiles);
  plain = render (battle, &view, &options);
  tiled = render_tiles (tiles, &view);
  g_assert_cmpuint (count_differences (tiled, plain, TOKEN_TOLERANCE, "tiles"), ==, 0);

  /* Drawn again the same: the same nodes, which GTK does not paint again. */
  corner = admiralty_table_tiles_get_node (tiles, 639, 399);
  ruler_tile = admiralty_table_tiles_get_node (tiles, 20, 20);
  g_assert_cmpuint (tiles_frame (tiles, battle, &view, &options, cache), ==, 0);
  g_assert_true (admiralty_table_tiles_get_node (tiles, 639, 399) == corner);
  g_assert_true (admiralty_table_tiles_get_node (tiles, 20, 20) == ruler_tile);

  /* A ruler across the two tiles of the top left corner. */
  options.ruler = TRUE;
  options.ruler_from = admiralty_table_view_to_table (&view, 20, 20);
  options.ruler_to = admiralty_table_view_to_table (&view, 200, 40);
  {
    guint renewed = tiles_frame (tiles, battle, &view, &options, cache);

    g_assert_cmpuint (renewed, >=, 2);
    g_assert_cmpuint (renewed, <=, 4);
  }
  g_assert_true (admiralty_table_tiles_get_node (tiles, 639, 399) == corner);
  g_assert_true (admiralty_table_tiles_get_node (tiles, 20, 20) != ruler_tile);
  g_clear_pointer (&plain, cairo_surface_destroy);
  plain = render (battle, &view, &options);
  ruled = render_tiles (tiles, &view);
  g_assert_false (surfaces_equal (tiled, ruled));
  g_assert_cmpuint (count_differences (ruled, plain, TOKEN_TOLERANCE, "tiles-ruler"), ==, 0);

  /* Another size: every tile anew. */
  admiralty_table_view_init (&view, 600, 400);
  admiralty_table_view_fit (&view, battle, &options);
  g_assert_cmpuint (tiles_frame (tiles, battle, &view, &options, cache), ==, n_tiles);
}

/* Whether @a and @b differ anywhere within @radius pixels of (@x, @y). */
static gboolean
differs_near (cairo_surface_t *a,
              cairo_surface_t *b,
              double           x,
              double           y,
              int              radius)
{
  for (int dy = -radius; dy <= radius; dy++)
    for (int dx = -radius; dx <= radius; dx++)
      {
        double px = x + dx, py = y + dy;

        if (px < 0 || py < 0 || px >= cairo_image_surface_get_width (a) ||
            py >= cairo_image_surface_get_height (a))
          continue;
        if (!colours_near (pixel_at (a, px, py), pixel_at (b, px, py)))
          return TRUE;
      }
  return FALSE;
}

/* F-TORP-3, F-WPN-11, F-WPN-12: a launch at a point of the table (on a heading) is
 * drawn as its run from the launching ship — the first turn's run to an arrowhead, the turns
 * after it dotted on to where the torpedoes stop — and not the other way; a side that may not
 * read the launching formation's orders sees nothing of it. */
static void
test_launch_on_heading (void)
{
  g_autoptr(AdmBattle) battle = load_scenario ("torpedo-duel.xml");
  g_autoptr(AdmTurnOrders) orders = battle_helper_orders (1,
    "<launch weapons=\"prince-xav:torpedoes\" heading=\"90\"/>");
  g_autoptr(cairo_surface_t) before = NULL;
  g_autoptr(cairo_surface_t) after = NULL;
  g_autoptr(cairo_surface_t) enemy_before = NULL;
  g_autoptr(cairo_surface_t) enemy_after = NULL;
  int xav = adm_battle_ship_index (battle, "prince-xav");
  const AdmBattleShip *ship = adm_battle_get_ship (battle, xav);
  const AdmWeapon *tubes = NULL;
  AdmiraltyTableView view;
  AdmiraltyTableOptions options;
  double x, y;

  for (guint w = 0; w < ship->klass->weapons->len; w++)
    if (g_strcmp0 (((AdmWeapon *) g_ptr_array_index (ship->klass->weapons, w))->id,
                   "torpedoes") == 0)
      tubes = g_ptr_array_index (ship->klass->weapons, w);
  g_assert_nonnull (tubes);
  g_assert_cmpint (tubes->torpedo_speed, >, 0);
  g_assert_cmpint (tubes->torpedo_turns, >, 1);

  admiralty_table_options_init (&options);
  options.show_labels = FALSE;
  admiralty_table_view_init (&view, 900, 600);
  view.scale = 600.0 / (tubes->torpedo_speed * tubes->torpedo_turns + 20.0);
  {
    AdmPoint centre = adm_point_advance (ship->position, 90,
                                         tubes->torpedo_speed * tubes->torpedo_turns / 2.0);

    view.centre_x = centre.x;
    view.centre_y = centre.y;
  }
  before = render (battle, &view, &options);
  options.orders = orders;
  after = render (battle, &view, &options);

  /* Half the first turn's run: the dashed arrow; the middle of the turns after it: dots. */
  admiralty_table_view_to_pixels (&view, adm_point_advance (ship->position, 90,
                                                            tubes->torpedo_speed * 0.6),
                                  &x, &y);
  if (!differs_near (after, before, x, y, 4))
    save_png (after, "launch-heading");
  g_assert_true (differs_near (after, before, x, y, 4));
  admiralty_table_view_to_pixels (&view, adm_point_advance (ship->position, 90,
                                                            tubes->torpedo_speed *
                                                            (tubes->torpedo_turns - 0.5)),
                                  &x, &y);
  g_assert_true (differs_near (after, before, x, y, 4));
  /* Not behind the ship, nor past the end of the run. */
  admiralty_table_view_to_pixels (&view, adm_point_advance (ship->position, 270,
                                                            tubes->torpedo_speed * 0.6),
                                  &x, &y);
  g_assert_false (differs_near (after, before, x, y, 4));
  admiralty_table_view_to_pixels (&view, adm_point_advance (ship->position, 90,
                                                            tubes->torpedo_speed *
                                                            (tubes->torpedo_turns + 0.5)),
                                  &x, &y);
  g_assert_false (differs_near (after, before, x, y, 4));

  /* The other side does not read Barrayar's orders (F-ECM-2 and the audience filter). */
  options.view_side = 1;
  options.orders = NULL;
  enemy_before = render (battle, &view, &options);
  options.orders = orders;
  enemy_after = render (battle, &view, &options);
  g_assert_true (surfaces_equal (enemy_before, enemy_after));
}

/* F-TORP-3: the point clicked for the selected ship's tubes is drawn — a cross at
 * the point and a dashed line from the ship — before the launch is declared, for the master
 * and the ship's own side, never for the enemy. */
static void
test_aim (void)
{
  g_autoptr(AdmBattle) battle = load_scenario ("torpedo-duel.xml");
  g_autoptr(cairo_surface_t) before = NULL;
  g_autoptr(cairo_surface_t) after = NULL;
  g_autoptr(cairo_surface_t) enemy_before = NULL;
  g_autoptr(cairo_surface_t) enemy_after = NULL;
  int xav = adm_battle_ship_index (battle, "prince-xav");
  const AdmBattleShip *ship = adm_battle_get_ship (battle, xav);
  AdmPoint aim = adm_point_advance (ship->position, 100, 25);
  AdmiraltyTableView view;
  AdmiraltyTableOptions options;
  double x, y;

  admiralty_table_options_init (&options);
  options.show_labels = FALSE;
  options.selected_ship = xav;
  admiralty_table_view_init (&view, 600, 400);
  admiralty_table_view_fit (&view, battle, &options);
  before = render (battle, &view, &options);
  options.aiming = TRUE;
  options.aim = aim;
  after = render (battle, &view, &options);
  admiralty_table_view_to_pixels (&view, aim, &x, &y);
  if (!differs_near (after, before, x, y, 2))
    save_png (after, "aim");
  g_assert_true (differs_near (after, before, x, y, 2));
  admiralty_table_view_to_pixels (&view, adm_point_advance (ship->position, 100, 12), &x, &y);
  g_assert_true (differs_near (after, before, x, y, 3));

  options.view_side = 1;
  options.aiming = FALSE;
  enemy_before = render (battle, &view, &options);
  options.aiming = TRUE;
  enemy_after = render (battle, &view, &options);
  g_assert_true (surfaces_equal (enemy_before, enemy_after));
}

/* F-RAM-2, F-BOARD-1: a token lying on another after movement is ringed and
 * badged in red; a side sees the badge only between tokens it sees, so an overlap with a
 * ship hidden from it shows nothing. */
static guint
count_overlap_pixels (cairo_surface_t *surface)
{
  guint n = 0;

  for (int y = 0; y < cairo_image_surface_get_height (surface); y++)
    for (int x = 0; x < cairo_image_surface_get_width (surface); x++)
      n += colours_near (pixel_at (surface, x, y), ADMIRALTY_TABLE_OVERLAP_RGB);
  return n;
}

static void
resolve_phase (AdmBattle  *battle,
               const char *body,
               const char *dice)
{
  g_autoptr(AdmTurnOrders) orders = battle_helper_orders (adm_battle_get_turn (battle), body);
  g_autoptr(AdmDiceQueue) queue = battle_helper_dice (dice);
  g_autoptr(GError) error = NULL;

  g_assert_true (adm_battle_resolve_phase (battle, orders, ADM_DICE_SOURCE (queue), &error));
  g_assert_no_error (error);
}

static void
test_overlap_badge (void)
{
  g_autoptr(AdmBattle) battle = battle_helper_load ("overlap.xml");
  g_autoptr(AdmiraltyTableCache) cache = admiralty_table_cache_new ();
  g_autoptr(cairo_surface_t) before = NULL;
  g_autoptr(cairo_surface_t) master = NULL;
  g_autoptr(cairo_surface_t) barrayar = NULL;
  g_autoptr(cairo_surface_t) komarr = NULL;
  g_autoptr(cairo_surface_t) cached = NULL;
  AdmiraltyTableView view;
  AdmiraltyTableOptions options;

  admiralty_table_options_init (&options);
  options.show_grid = FALSE;
  admiralty_table_view_init (&view, 480, 360);
  admiralty_table_view_fit (&view, battle, &options);
  /* Detection keeps Shadow hidden from Barrayar (1 against 6), as in test-battle-move. */
  resolve_phase (battle, "", "1 6");
  before = render (battle, &view, &options);
  g_assert_cmpuint (count_overlap_pixels (before), ==, 0);

  /* Only the hidden Shadow moves, onto Triumph. */
  resolve_phase (battle, "<move formation=\"hidden\"><forward cm=\"19.2\"/></move>", "");
  master = render (battle, &view, &options);
  save_png (master, "overlap-master");
  g_assert_cmpuint (count_overlap_pixels (master), >, 50);
  options.view_side = 1;
  komarr = render (battle, &view, &options);
  g_assert_cmpuint (count_overlap_pixels (komarr), >, 50);
  options.view_side = 0;
  barrayar = render (battle, &view, &options);
  save_png (barrayar, "overlap-barrayar");
  g_assert_cmpuint (count_overlap_pixels (barrayar), ==, 0);
  /* The kept layers are kept per viewer. */
  options.view_side = 1;
  cached = render_cached (battle, &view, &options, cache);
  g_assert_cmpuint (count_differences (cached, komarr, TOKEN_TOLERANCE,
                                      "overlap-cached-komarr"), ==, 0);
  options.view_side = 0;
  g_clear_pointer (&cached, cairo_surface_destroy);
  cached = render_cached (battle, &view, &options, cache);
  g_assert_cmpuint (count_differences (cached, barrayar, TOKEN_TOLERANCE,
                                      "overlap-cached-barrayar"), ==, 0);
}

/* Rows of @with that differ from @without between columns @x0 and @x1, as bands of
 * consecutive rows: how many names stand one above the other there. */
static guint
label_bands (cairo_surface_t *with,
             cairo_surface_t *without,
             int              x0,
             int              x1,
             int              height)
{
  guint bands = 0;
  gboolean in_band = FALSE;

  for (int y = 0; y < height; y++)
    {
      gboolean differs = FALSE;

      for (int x = MAX (x0, 0); x < x1 && !differs; x++)
        differs = pixel_at (with, x, y) != pixel_at (without, x, y);
      if (differs && !in_band)
        bands++;
      in_band = differs;
    }
  return bands;
}

/* On a view as small as the engagement dialog's preview, a formation's column of tokens
 * 4.5 cm apart (18 px) has every name beside its token, and a lone ship its own: none is
 * dropped for a box that only the bitmap's rounding makes collide. */
static void
test_column_names (void)
{
  g_autoptr(AdmBattle) battle = battle_helper_load ("render-column.xml");
  g_autoptr(cairo_surface_t) named = NULL, bare = NULL;
  AdmiraltyTableView view;
  AdmiraltyTableOptions options;
  double bell_x, bell_y, sower_x, sower_y;
  guint bands;

  admiralty_table_options_init (&options);
  options.show_grid = FALSE;
  admiralty_table_view_init (&view, 502, 255);
  admiralty_table_view_fit (&view, battle, &options);
  named = render (battle, &view, &options);
  options.show_labels = FALSE;
  bare = render (battle, &view, &options);
  admiralty_table_view_to_pixels (&view, ship_position (battle, "bell"), &bell_x, &bell_y);
  admiralty_table_view_to_pixels (&view, ship_position (battle, "sower"), &sower_x, &sower_y);
  g_assert_cmpfloat (ship_position (battle, "leaf").y - ship_position (battle, "bell").y, ==,
                     4.5);
  /* The column's names, each a band of rows of its own, all left of the table's middle. */
  bands = label_bands (named, bare, 0, (int) ((bell_x + sower_x) / 2), view.height);
  if (bands != 4)
    save_png (named, "column-names");
  g_assert_cmpuint (bands, ==, 4);
  /* The minelayer's name, right of the middle. */
  bands = label_bands (named, bare, (int) ((bell_x + sower_x) / 2), view.width, view.height);
  if (bands != 1)
    save_png (named, "column-names");
  g_assert_cmpuint (bands, ==, 1);
}

/* Pixels where @named differs from @bare in columns @x0 to @x1 - 1. */
static guint
differences_in_columns (cairo_surface_t *named,
                        cairo_surface_t *bare,
                        int              x0,
                        int              x1)
{
  guint n = 0;

  for (int y = 0; y < cairo_image_surface_get_height (named); y++)
    for (int x = x0; x < x1; x++)
      n += pixel_at (named, x, y) != pixel_at (bare, x, y);
  return n;
}

/* A view that never pans (the engagement dialog's preview) has a ship's name wholly inside
 * it: the minelayer 20 px from the right edge, its token wholly inside, has its name beside
 * it, not centred below it and cut by the edge. The table widget, which pans, does the same
 * for this ship, the rightmost of the table: its name turns inward wherever the view is. */
static void
test_still_names (void)
{
  g_autoptr(AdmBattle) battle = battle_helper_load ("render-column.xml");
  g_autoptr(cairo_surface_t) panned = NULL, still = NULL, bare = NULL;
  AdmiraltyTableView view;
  AdmiraltyTableOptions options;
  double x, y;

  admiralty_table_options_init (&options);
  options.show_grid = FALSE;
  admiralty_table_view_init (&view, 502, 255);
  admiralty_table_view_fit (&view, battle, &options);
  view.centre_x = ship_position (battle, "sower").x - (view.width / 2.0 - 20) / view.scale;
  admiralty_table_view_to_pixels (&view, ship_position (battle, "sower"), &x, &y);
  g_assert_cmpfloat_with_epsilon (x, view.width - 20, 1e-6);

  panned = render (battle, &view, &options);
  options.still = TRUE;
  still = render (battle, &view, &options);
  options.show_labels = FALSE;
  bare = render (battle, &view, &options);
  if (differences_in_columns (still, bare, view.width - 2, view.width) != 0)
    save_png (still, "still-names");
  g_assert_cmpuint (differences_in_columns (panned, bare, view.width - 2, view.width), ==, 0);
  g_assert_cmpuint (differences_in_columns (still, bare, view.width - 2, view.width), ==, 0);
  /* Every name is drawn still: the column's four and the minelayer's. */
  g_assert_cmpuint (label_bands (still, bare, 0, view.width, view.height), ==,
                    label_bands (panned, bare, 0, view.width, view.height));
  g_assert_cmpuint (differences_in_columns (still, bare, (int) x - 150, (int) x - 10), >, 0);
}

/* Pixels where @named differs from @bare within @margin px of any edge. */
static guint
differences_at_edges (cairo_surface_t *named,
                      cairo_surface_t *bare,
                      int              margin)
{
  int width = cairo_image_surface_get_width (named);
  int height = cairo_image_surface_get_height (named);
  guint n = 0;

  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      if (x < margin || y < margin || x >= width - margin || y >= height - margin)
        n += pixel_at (named, x, y) != pixel_at (bare, x, y);
  return n;
}

/* A fitted view — the battle page's table as a battle opens, or after Fit — has every ship's
 * name wholly inside it: a name at the fleet's right edge ("Jade Pavilion") goes left of its
 * token or above it rather than centred below it and cut by the window's edge. The views are
 * the table's part of a 1280×800 battle page and others. */
static void
test_fitted_names (void)
{
  static const char *scenarios[] = {
    "corridor-skirmish.xml", "station-assault.xml", "low-orbit.xml", "hulk-and-fire.xml",
  };
  static const struct { int width, height; } sizes[] = {
    { 860, 690 }, { 640, 480 }, { 502, 255 }, { 1920, 200 }, { 300, 900 },
  };

  for (guint b = 0; b <= G_N_ELEMENTS (scenarios) + 1; b++)
    {
      g_autoptr(AdmBattle) battle = b < G_N_ELEMENTS (scenarios) ? load_scenario (scenarios[b])
                                    : b == G_N_ELEMENTS (scenarios) ? crowded_battle ()
                                    : battle_helper_load ("render-column.xml");

      for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
        {
          g_autoptr(cairo_surface_t) named = NULL, bare = NULL;
          g_autofree char *name = g_strdup_printf ("fitted-names-%u-%dx%d", b, sizes[s].width,
                                                   sizes[s].height);
          AdmiraltyTableOptions options;
          AdmiraltyTableView view;
          guint cut;

          admiralty_table_options_init (&options);
          options.show_grid = FALSE;
          admiralty_table_view_init (&view, sizes[s].width, sizes[s].height);
          admiralty_table_view_fit (&view, battle, &options);
          named = render (battle, &view, &options);
          options.show_labels = FALSE;
          bare = render (battle, &view, &options);
          cut = differences_at_edges (named, bare, 2);
          if (cut != 0)
            {
              save_png (named, name);
              g_test_message ("%s: %u pixels of names on the view's edges", name, cut);
            }
          g_assert_cmpuint (cut, ==, 0);
        }
    }
}

/* Two destroyers "Guardian" and "Clearway" side by side at 10 px per cm, @gap px between
 * their names were both centred below them; with @apart, the second is far off instead. */
static AdmBattle *
side_by_side_battle (double   gap,
                     gboolean apart)
{
  double between = (label_text_width ("Guardian") + label_text_width ("Clearway")) / 2 + gap;
  g_autofree char *xml = g_strdup_printf (
    "<battle ruleset=\"forcon-2010\" name=\"Side by side\">\n"
    "<side id=\"pol\" name=\"Pol\">\n"
    "<formation id=\"pickets\" name=\"Pickets\" flagship=\"guardian\">\n"
    "<ship id=\"guardian\" name=\"Guardian\" class=\"vorpatril\" faction=\"komarr\" x=\"20\" "
    "y=\"20\" heading=\"0\" readiness=\"7\"/>\n"
    "<ship id=\"clearway\" name=\"Clearway\" class=\"vorpatril\" faction=\"komarr\" x=\"%.3f\" "
    "y=\"20\" heading=\"0\" readiness=\"7\"/>\n"
    "</formation>\n</side>\n"
    "<side id=\"far\" name=\"Far\">\n"
    "<formation id=\"far\" name=\"Far\" flagship=\"far\">\n"
    "<ship id=\"far\" name=\"Far\" class=\"vorpatril\" faction=\"barrayar\" x=\"20\" "
    "y=\"60\" heading=\"180\" readiness=\"7\"/>\n"
    "</formation>\n</side>\n</battle>\n", apart ? 300 : 20 + between / 10.0);
  g_autoptr(GError) error = NULL;
  AdmBattle *battle = adm_battle_load_memory (xml, strlen (xml), "side-by-side.xml", &error);

  g_assert_no_error (error);
  return battle;
}

/* Two names side by side are drawn apart, not one's plate over the other's last letters
 * ("GuardiarClearway" in the engagement dialog's preview): the first name, drawn first, is
 * drawn the same with the second ship beside it as with that ship far off — the second
 * name, drawn after it, keeps clear of it. */
static void
test_names_apart (void)
{
  static const double gaps[] = { 2, 0, -1, -2, -3, -4, -5, -6 };

  for (guint g = 0; g < G_N_ELEMENTS (gaps); g++)
    {
      g_autoptr(AdmBattle) both = side_by_side_battle (gaps[g], FALSE);
      g_autoptr(AdmBattle) alone = side_by_side_battle (gaps[g], TRUE);
      g_autoptr(cairo_surface_t) named = NULL, first = NULL, bare = NULL;
      g_autofree char *name = g_strdup_printf ("names-apart-%g", gaps[g]);
      AdmiraltyTableOptions options;
      AdmiraltyTableView view;
      guint covered = 0;

      admiralty_table_options_init (&options);
      options.show_grid = FALSE;
      options.still = TRUE;
      admiralty_table_view_init (&view, 400, 300);
      view.centre_x = 30;
      view.centre_y = 30;
      view.scale = 10;
      named = render (both, &view, &options);
      first = render (alone, &view, &options);
      options.show_labels = FALSE;
      bare = render (alone, &view, &options);
      for (int y = 0; y < view.height; y++)
        for (int x = 0; x < view.width; x++)
          if (pixel_at (first, x, y) != pixel_at (bare, x, y))
            covered += pixel_at (named, x, y) != pixel_at (first, x, y);
      if (covered != 0)
        {
          save_png (named, name);
          g_test_message ("%s: %u pixels of the first name covered", name, covered);
        }
      g_assert_cmpuint (covered, ==, 0);
    }
}

/* The box of the pixels of the weapons' colour that the weapons' figures add to @bare in
 * @named, and how many there are within @within (NULL: anywhere). */
static guint
weapon_label_box (cairo_surface_t         *named,
                  cairo_surface_t         *bare,
                  const cairo_rectangle_t *within,
                  cairo_rectangle_t       *box)
{
  int x0 = G_MAXINT, y0 = G_MAXINT, x1 = -1, y1 = -1;
  guint n = 0;

  for (int y = 0; y < cairo_image_surface_get_height (named); y++)
    for (int x = 0; x < cairo_image_surface_get_width (named); x++)
      {
        guint32 got = pixel_at (named, x, y);

        if (got == pixel_at (bare, x, y) || !colours_near (got, ARTILLERY_RGB) ||
            (within != NULL && (x < within->x || y < within->y ||
                                x >= within->x + within->width ||
                                y >= within->y + within->height)))
          continue;
        n++;
        x0 = MIN (x0, x), y0 = MIN (y0, y), x1 = MAX (x1, x), y1 = MAX (y1, y);
      }
  if (box != NULL)
    *box = (cairo_rectangle_t) { x0, y0, x1 - x0 + 1, y1 - y0 + 1 };
  return n;
}

/* F-FIRE-7: the selected ship's weapon figure ("Gun battery 20") stays in the window when its
 * bow arc, where it would go first, runs off the window's edge: it goes beside another arc
 * it covers, drawn plainly and through the widget's kept layers after a pan. */
static void
test_weapon_label_in_window (void)
{
  g_autoptr(AdmBattle) battle = battle_helper_load ("render-column.xml");
  g_autoptr(AdmiraltyTableCache) cache = admiralty_table_cache_new ();
  AdmiraltyTableView view;
  AdmiraltyTableOptions options;
  double x, y;

  admiralty_table_options_init (&options);
  options.show_grid = FALSE;
  options.selected_ship = adm_battle_ship_index (battle, "bell");
  admiralty_table_view_init (&view, 640, 400);
  admiralty_table_view_fit (&view, battle, &options);
  admiralty_table_view_zoom (&view, 7.0 / view.scale, 320, 200);
  /* The column near the window's right edge, its bows (heading 90°) towards it: the gun's
   * 20 cm reach past the edge ahead, and not past the top or the bottom abeam. */
  admiralty_table_view_to_pixels (&view, ship_position (battle, "bell"), &x, &y);
  admiralty_table_view_pan (&view, 560 - x, 200 - y);
  admiralty_table_view_to_pixels (&view, ship_position (battle, "bell"), &x, &y);
  g_assert_cmpfloat (fabs (x - 560), <, 1);
  g_assert_cmpfloat (x + 20 * view.scale, >, view.width);
  g_assert_cmpfloat (20 * view.scale, <, 160);

  for (int cached = 0; cached <= 1; cached++)
    {
      g_autoptr(cairo_surface_t) named = NULL, bare = NULL;
      guint n;

      if (cached)
        {
          g_autoptr(cairo_surface_t) before = NULL;

          /* Drawn, then panned a little as a drag goes on: the kept layer, drawn again with
           * room past the window on every side, is copied shifted. */
          admiralty_table_view_pan (&view, 7, 3);
          before = render_cached (battle, &view, &options, cache);
          admiralty_table_view_pan (&view, -7, -3);
          named = render_cached (battle, &view, &options, cache);
        }
      else
        named = render (battle, &view, &options);
      options.show_labels = FALSE;
      bare = render (battle, &view, &options);
      options.show_labels = TRUE;
      n = weapon_label_box (named, bare, NULL, NULL);
      if (n < 20)
        save_png (named, cached ? "weapon-label-cached" : "weapon-label");
      g_assert_cmpuint (n, >=, 20);
    }
}

/* F-FIRE-7: the selected ship's weapon figure keeps clear of the controls floating over the
 * table (the battle page's buttons, AdmiraltyTableOptions.covered): put where the figure
 * stood, they send it to another of its places, whole. */
static void
test_weapon_label_clear_of_controls (void)
{
  g_autoptr(AdmBattle) battle = battle_helper_load ("render-column.xml");
  g_autoptr(cairo_surface_t) open = NULL, covered = NULL, bare = NULL;
  AdmiraltyTableView view;
  AdmiraltyTableOptions options;
  cairo_rectangle_t box;
  guint n;

  admiralty_table_options_init (&options);
  options.show_grid = FALSE;
  options.selected_ship = adm_battle_ship_index (battle, "bell");
  admiralty_table_view_init (&view, 640, 400);
  admiralty_table_view_fit (&view, battle, &options);
  admiralty_table_view_zoom (&view, 7.0 / view.scale, 320, 200);

  open = render (battle, &view, &options);
  options.show_labels = FALSE;
  bare = render (battle, &view, &options);
  options.show_labels = TRUE;
  n = weapon_label_box (open, bare, NULL, &box);
  g_assert_cmpuint (n, >=, 20);

  /* The controls where the figure was, a little larger. */
  options.covered = (cairo_rectangle_t) { box.x - 4, box.y - 4, box.width + 8, box.height + 8 };
  covered = render (battle, &view, &options);
  if (weapon_label_box (covered, bare, &options.covered, NULL) != 0)
    save_png (covered, "weapon-label-controls");
  g_assert_cmpuint (weapon_label_box (covered, bare, &options.covered, NULL), ==, 0);
  g_assert_cmpuint (weapon_label_box (covered, bare, NULL, NULL), >=, 20);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  picture_set_prefix ("table-renderer");

  g_test_add_func ("/ui/table-renderer/view/round-trip", test_view_round_trip);
  g_test_add_func ("/ui/table-renderer/view/zoom-pan", test_view_zoom_pan);
  g_test_add_func ("/ui/table-renderer/fit/all-ships-inside", test_fit);
  g_test_add_func ("/ui/table-renderer/fit/side-view", test_fit_side);
  g_test_add_func ("/ui/table-renderer/colours", test_colours);
  g_test_add_func ("/ui/table-renderer/tiny-silhouettes", test_tiny_silhouettes);
  g_test_add_func ("/ui/table-renderer/fog/undetected", test_fog_undetected);
  g_test_add_func ("/ui/table-renderer/fog/presence-face-down", test_fog_presence);
  g_test_add_func ("/ui/table-renderer/fog/mines", test_fog_mines);
  g_test_add_func ("/ui/table-renderer/destroyed", test_destroyed);
  g_test_add_func ("/ui/table-renderer/selection/arcs-and-ranges", test_selection);
  g_test_add_func ("/ui/table-renderer/ship-at", test_ship_at);
  g_test_add_func ("/ui/table-renderer/F-MOVE-5/wormhole-exit", test_wormhole_exit);
  g_test_add_func ("/ui/table-renderer/F-TAC-1/generated-table", test_generated_table);
  g_test_add_func ("/ui/table-renderer/snapshot/hulk-and-fire", test_snapshot);
  g_test_add_func ("/ui/table-renderer/overlays/off", test_overlays_off);
  g_test_add_func ("/ui/table-renderer/overlays/move-preview", test_move_preview);
  g_test_add_func ("/ui/table-renderer/overlays/move-preview-hidden", test_move_preview_hidden);
  g_test_add_func ("/ui/table-renderer/overlays/highlight", test_highlight);
  g_test_add_func ("/ui/table-renderer/overlays/target-line", test_target_line);
  g_test_add_func ("/ui/table-renderer/overlays/declared-fires", test_declared_fires);
  g_test_add_func ("/ui/table-renderer/overlays/ruler", test_ruler);
  g_test_add_func ("/ui/table-renderer/cached", test_cached);
  g_test_add_func ("/ui/table-renderer/cached/pan", test_cached_pan);
  g_test_add_func ("/ui/table-renderer/cached/device-scale", test_cached_device_scale);
  g_test_add_func ("/ui/table-renderer/cached/tiles", test_tiles);
  g_test_add_func ("/ui/table-renderer/cached/F-WPN-10/launch", test_cached_launch);
  g_test_add_func ("/ui/table-renderer/F-TORP-3/launch-on-heading", test_launch_on_heading);
  g_test_add_func ("/ui/table-renderer/F-TORP-3/aim", test_aim);
  g_test_add_func ("/ui/table-renderer/F-RAM-2/overlap-badge", test_overlap_badge);
  g_test_add_func ("/ui/table-renderer/units/ruler-inches", test_ruler_inches);
  g_test_add_func ("/ui/table-renderer/units/grid-inches", test_grid_inches);
  g_test_add_func ("/ui/table-renderer/legend", test_legend);
  g_test_add_func ("/ui/table-renderer/labels/column-names", test_column_names);
  g_test_add_func ("/ui/table-renderer/labels/still-names", test_still_names);
  g_test_add_func ("/ui/table-renderer/labels/fitted-names", test_fitted_names);
  g_test_add_func ("/ui/table-renderer/labels/names-apart", test_names_apart);
  g_test_add_func ("/ui/table-renderer/labels/weapon-in-window", test_weapon_label_in_window);
  g_test_add_func ("/ui/table-renderer/labels/weapon-clear-of-controls",
                   test_weapon_label_clear_of_controls);
  g_test_add_func ("/ui/table-renderer/snapshot/overlays", test_snapshot_overlays);

  return g_test_run ();
}
