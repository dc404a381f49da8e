/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-table-renderer.c: the tactical table's Cairo renderer, drawn into image surfaces with
 * no display, asserted on pixels: colours, fog of war (F-ECM), destroyed ships, the selected
 * ship's arcs and ranges, fitting and the view's conversions. A failing check saves its
 * picture to the build directory; the mid-battle snapshot is always saved there. */

#include "config.h"

#include <math.h>
#include <string.h>

#include "admiralty-table-renderer.h"
#include "battle-helpers.h"

G_DEFINE_AUTOPTR_CLEANUP_FUNC (cairo_surface_t, cairo_surface_destroy)

#define BARRAYAR_RGB  0x8b1e1e  /* data/rules/forcon-2010-classes.xml */
#define KOMARR_RGB    0x1565c0
#define CETAGANDA_RGB 0x2e7d32
#define SECOND_SIDE_RGB 0x1e88e5  /* the renderer's fixed colour for side 1 */

static char *
output_path (const char *name)
{
  const char *dir = g_getenv ("ADMIRALTY_BUILD_DIR");
  g_autofree char *file = g_strdup_printf ("table-renderer-%s.png", name);

  return g_build_filename (dir != NULL ? dir : g_test_get_dir (G_TEST_BUILT), file, NULL);
}

static void
save_png (cairo_surface_t *surface,
          const char      *name)
{
  g_autofree char *path = output_path (name);

  g_assert_cmpint (cairo_surface_write_to_png (surface, path), ==, CAIRO_STATUS_SUCCESS);
  g_test_message ("picture saved to %s", path);
}

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

/* The 0xRRGGBB of the pixel that holds pixel position (@x, @y). */
static guint32
pixel_at (cairo_surface_t *surface,
          double           x,
          double           y)
{
  int ix = (int) floor (x), iy = (int) floor (y);
  const guchar *data = cairo_image_surface_get_data (surface);

  g_assert_cmpint (ix, >=, 0);
  g_assert_cmpint (iy, >=, 0);
  g_assert_cmpint (ix, <, cairo_image_surface_get_width (surface));
  g_assert_cmpint (iy, <, cairo_image_surface_get_height (surface));
  /* ARGB32 is native-endian; everything the renderer draws is opaque. */
  return *(const guint32 *) (data + iy * cairo_image_surface_get_stride (surface) + ix * 4) &
         0xffffff;
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
check_pixel (cairo_surface_t          *surface,
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
          check_pixel (surface, &view, name, ship->position,
                       ship->side == 0 ? BARRAYAR_RGB : KOMARR_RGB, TRUE);
        }
    }
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
  check_pixel (surface, &view, "colours", ship_position (battle, "open"), BARRAYAR_RGB, TRUE);
  check_pixel (surface, &view, "colours", ship_position (battle, "lookout"), SECOND_SIDE_RGB,
               TRUE);
  /* Empty table is the background colour. */
  check_pixel (surface, &view, "colours", (AdmPoint) { 60, 45 }, ADMIRALTY_TABLE_BACKGROUND_RGB,
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
  AdmPoint hidden = ship_position (battle, "hidden");

  fog_view (&view, &options);
  master = render (battle, &view, &options);
  check_pixel (master, &view, "fog-master", hidden, BARRAYAR_RGB, TRUE);
  options.view_side = 1;
  komarr = render (battle, &view, &options);
  check_pixel (komarr, &view, "fog-komarr", hidden, ADMIRALTY_TABLE_BACKGROUND_RGB, TRUE);
  /* Its own ship and a detected one are there. */
  check_pixel (komarr, &view, "fog-komarr", ship_position (battle, "lookout"), SECOND_SIDE_RGB,
               TRUE);
  check_pixel (komarr, &view, "fog-komarr", ship_position (battle, "open"), BARRAYAR_RGB, TRUE);
  options.view_side = 0;
  barrayar = render (battle, &view, &options);
  check_pixel (barrayar, &view, "fog-barrayar", hidden, BARRAYAR_RGB, TRUE);
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
  check_pixel (master, &view, "presence-master", glimpse, BARRAYAR_RGB, TRUE);
  options.view_side = 1;
  komarr = render (battle, &view, &options);
  check_pixel (komarr, &view, "presence-komarr", glimpse, BARRAYAR_RGB, FALSE);
  check_pixel (komarr, &view, "presence-komarr", glimpse, ADMIRALTY_TABLE_FACE_DOWN_RGB, TRUE);

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
  check_pixel (master, &view, "mines-master", mine->position, ADMIRALTY_TABLE_BACKGROUND_RGB,
               FALSE);
  options.view_side = 1;
  komarr = render (battle, &view, &options);
  check_pixel (komarr, &view, "mines-komarr", mine->position, ADMIRALTY_TABLE_BACKGROUND_RGB,
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
  check_pixel (surface, &view, "destroyed", lantern->position, CETAGANDA_RGB, FALSE);
  check_pixel (surface, &view, "destroyed", lantern->position, ADMIRALTY_TABLE_FACE_DOWN_RGB,
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
  check_pixel (surface, &view, "destroyed", moth->position, ADMIRALTY_TABLE_BURNING_HULK_RGB,
               TRUE);
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
  check_pixel (selected, &view, "selection", beyond, ADMIRALTY_TABLE_BACKGROUND_RGB, TRUE);
  check_pixel (plain, &view, "selection-plain", within, ADMIRALTY_TABLE_BACKGROUND_RGB, TRUE);
  /* The token itself keeps its colour under the overlay. */
  check_pixel (selected, &view, "selection", open, BARRAYAR_RGB, TRUE);

  /* A ship the viewer has not detected shows no ranges either. */
  options.selected_ship = adm_battle_ship_index (battle, "hidden");
  options.view_side = 1;
  hidden = render (battle, &view, &options);
  check_pixel (hidden, &view, "selection-hidden", (AdmPoint) { 70, 30 },
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
  check_pixel (surface, &view, "hulk-and-fire", ship_position (battle, "emperor-ezar"),
               BARRAYAR_RGB, TRUE);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ui/table-renderer/view/round-trip", test_view_round_trip);
  g_test_add_func ("/ui/table-renderer/view/zoom-pan", test_view_zoom_pan);
  g_test_add_func ("/ui/table-renderer/fit/all-ships-inside", test_fit);
  g_test_add_func ("/ui/table-renderer/fit/side-view", test_fit_side);
  g_test_add_func ("/ui/table-renderer/colours", test_colours);
  g_test_add_func ("/ui/table-renderer/fog/undetected", test_fog_undetected);
  g_test_add_func ("/ui/table-renderer/fog/presence-face-down", test_fog_presence);
  g_test_add_func ("/ui/table-renderer/fog/mines", test_fog_mines);
  g_test_add_func ("/ui/table-renderer/destroyed", test_destroyed);
  g_test_add_func ("/ui/table-renderer/selection/arcs-and-ranges", test_selection);
  g_test_add_func ("/ui/table-renderer/ship-at", test_ship_at);
  g_test_add_func ("/ui/table-renderer/snapshot/hulk-and-fire", test_snapshot);

  return g_test_run ();
}
