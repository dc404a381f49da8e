/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-table.c: offscreen redraws of the tactical table by the app's Cairo renderer — a
 * 1920 x 1080 view of 300 ships, 100 explosion markers and a selected battleship's arcs and
 * ranges — against a bare fill of the same surface: all as vectors, and the table widget's
 * way through its cache (after the battle changed, panning, the ruler moving). Prints each
 * figure with its target and the growth at 50 / 300 / 1,000 ships; asserts
 * nothing.
 * `bench-table FILE.png` also saves the frame it measures. */

#include "config.h"

#include <locale.h>

#include <stdlib.h>
#include <time.h>
#include <string.h>

#include "admiralty-table-cache.h"
#include "bench-common.h"

/* CPU time of this process in µs: the figures are the program's own work, whatever else the
 * machine is doing (the development machine is shared). */
static gint64
cpu_time_us (void)
{
  struct timespec now;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &now);
  return (gint64) now.tv_sec * G_USEC_PER_SEC + now.tv_nsec / 1000;
}

/* Ships of the battle being measured: two sides, formations of 6. */
static int n_ships = 300;
#define SHIPS_PER_FORMATION  6
#define N_MARKERS          100
#define WIDTH             1920
#define HEIGHT            1080
#define N_FRAMES            60
#define N_WARM_UP            3

/* Each side's formations in a 5 x 5 block, ships two abreast and three deep, 4 cm apart;
 * Barrayar on the left heading roughly east, Komarr on the right heading roughly west; some
 * ships damaged. The explosion markers are strewn over the middle of the table. */
static double komarr_x = 140;  /* cm: where the Komarran blocks begin */

static char *
generate_battle (void)
{
  /* F-FORM-8: a formation is all capital ships or all escorts; every third is escorts. */
  static const char * const barrayar_capitals[] = { "vorhartung", "general-vorkraft",
                                                    "vorberg", "vorberg", "vorberg",
                                                    "vorberg" };
  static const char * const barrayar_escorts[] = { "vorpatril", "vorpatril", "vorpatril",
                                                   "vorpatril", "frigate", "frigate" };
  static const char * const komarr_capitals[] = { "komarran-cruiser", "komarran-cruiser",
                                                  "komarran-cruiser", "komarran-cruiser",
                                                  "komarran-cruiser", "komarran-cruiser" };
  static const char * const komarr_escorts[] = { "vervani-destroyer", "vervani-destroyer",
                                                 "vervani-destroyer", "vervani-destroyer",
                                                 "frigate", "frigate" };
  const struct {
    const char *id, *name, *prefix;
    const char * const *capitals, * const *escorts;
    double x0, heading;
  } sides[] = {
    { "barrayar", "Barrayar", "b", barrayar_capitals, barrayar_escorts, 10, 90 },
    { "komarr", "Komarr", "k", komarr_capitals, komarr_escorts, komarr_x, 270 },
  };
  int per_side = n_ships / 2;
  int formations = (per_side + SHIPS_PER_FORMATION - 1) / SHIPS_PER_FORMATION;
  GString *xml = g_string_new (NULL);
  guint32 seed = 2010;

  g_string_append (xml, "<battle ruleset=\"forcon-2010\" name=\"Table benchmark\">\n");
  for (guint s = 0; s < G_N_ELEMENTS (sides); s++)
    {
      g_string_append_printf (xml, "  <side id=\"%s\" name=\"%s\">\n", sides[s].id,
                              sides[s].name);
      for (int f = 0; f < formations; f++)
        {
          double bx = sides[s].x0 + (f % 5) * 18, by = 10 + (f / 5) * 24;
          double heading = sides[s].heading + (f % 3 - 1) * 45;
          const char * const *classes = f % 3 == 2 ? sides[s].escorts : sides[s].capitals;

          g_string_append_printf (xml, "    <formation id=\"%sf%d\" name=\"%s %d\" "
                                       "flagship=\"%s%03d\">\n", sides[s].prefix, f,
                                  sides[s].name, f, sides[s].prefix, f * SHIPS_PER_FORMATION);
          /* The last formation takes what is left: exactly n_ships in all. */
          for (int i = 0; i < SHIPS_PER_FORMATION && f * SHIPS_PER_FORMATION + i < per_side;
               i++)
            {
              int n = f * SHIPS_PER_FORMATION + i;

              /* Every fifth ship has lost 2 hull points: damaged for the smallest classes. */
              g_string_append_printf (xml, "      <ship id=\"%s%03d\" name=\"%s %d\" "
                                           "class=\"%s\" faction=\"%s\" x=\"%g\" y=\"%g\" "
                                           "heading=\"%g\" readiness=\"7\" damage=\"%d\"/>\n",
                                      sides[s].prefix, n, sides[s].name, n,
                                      classes[i], sides[s].id, bx + (i % 2) * 4,
                                      by + (i / 2) * 4, heading, n % 5 == 0 ? 2 : 0);
            }
          g_string_append (xml, "    </formation>\n");
        }
      g_string_append (xml, "  </side>\n");
    }
  for (int m = 0; m < N_MARKERS; m++)
    {
      /* A small linear congruential generator: the same table every run. */
      seed = seed * 1103515245u + 12345u;
      g_string_append_printf (xml, "  <marker kind=\"explosion\" x=\"%u\" y=\"%u\" "
                                   "diameter=\"%u\"/>\n", 95 + (seed >> 8) % 45,
                              5 + (seed >> 16) % 125, 2 + (seed >> 4) % 3);
    }
  g_string_append (xml, "</battle>\n");
  return g_string_free (xml, FALSE);
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median (double *times,
        int     n)
{
  qsort (times, n, sizeof times[0], compare_doubles);
  return times[n / 2];
}

/* Targets; a course drag and an odds preview at 300 ships within one frame. */
#define TARGET_FULL_MS  4.0
#define TARGET_PAN_MS   1.5
#define TARGET_FRAME_MS 16.0

static void
draw (cairo_t               *cr,
      AdmiraltyTableView    *view,
      AdmBattle             *battle,
      AdmiraltyTableOptions *options,
      AdmiraltyTableCache   *cache)
{
  if (cache != NULL)
    admiralty_table_render_cached (cr, view, battle, options, cache);
  else
    admiralty_table_render (cr, view, battle, options);
}

/* The median ms of N_FRAMES redraws of @view; with @pan_dx, @pan_dy the view moves by that
 * many pixels before each one, as in a drag; with @ruler the ruler's end moves instead, as
 * when measuring. Through @cache when not NULL (the table widget's way). */
static double worst_ms;  /* the slowest frame of the last time_frames () */
static double mean_ms;   /* and the mean */

static double
time_frames (cairo_t               *cr,
             AdmiraltyTableView     view,
             AdmBattle             *battle,
             AdmiraltyTableOptions *options,
             double                 pan_dx,
             double                 pan_dy,
             gboolean               ruler,
             AdmiraltyTableCache   *cache)
{
  cairo_surface_t *surface = cairo_get_target (cr);
  AdmiraltyTableOptions moving = *options;
  double times[N_FRAMES];

  moving.ruler = ruler;
  moving.ruler_from = admiralty_table_view_to_table (&view, 100, 100);
  for (int i = 0; i < N_WARM_UP; i++)
    draw (cr, &view, battle, &moving, cache);
  for (int i = 0; i < N_FRAMES; i++)
    {
      gint64 start;

      /* Back and forth, so that a long run does not drift off the battle. */
      admiralty_table_view_pan (&view, i % 40 < 20 ? pan_dx : -pan_dx,
                                i % 40 < 20 ? pan_dy : -pan_dy);
      moving.ruler_to = admiralty_table_view_to_table (&view, 300 + 7 * i, 200 + 3 * i);
      start = cpu_time_us ();
      draw (cr, &view, battle, &moving, cache);
      cairo_surface_flush (surface);
      times[i] = (cpu_time_us () - start) / 1000.0;
    }
  worst_ms = mean_ms = 0.0;
  for (int i = 0; i < N_FRAMES; i++)
    {
      worst_ms = MAX (worst_ms, times[i]);
      mean_ms += times[i] / N_FRAMES;
    }
  return median (times, N_FRAMES);
}

/* The widget's full redraw after the battle changed (a phase resolved, an undo): the kept
 * layers dropped and drawn again, median ms of N_FRAMES. */
static double
time_changed_frames (cairo_t               *cr,
                     AdmiraltyTableView    *view,
                     AdmBattle             *battle,
                     AdmiraltyTableOptions *options,
                     AdmiraltyTableCache   *cache)
{
  cairo_surface_t *surface = cairo_get_target (cr);
  double times[N_FRAMES];

  for (int i = 0; i < N_WARM_UP + N_FRAMES; i++)
    {
      gint64 start = cpu_time_us ();

      admiralty_table_cache_invalidate (cache);
      admiralty_table_render_cached (cr, view, battle, options, cache);
      cairo_surface_flush (surface);
      if (i >= N_WARM_UP)
        times[i - N_WARM_UP] = (cpu_time_us () - start) / 1000.0;
    }
  return median (times, N_FRAMES);
}

/* Dragging a course in the widget: each frame the declaration grows by a centimetre, its
 * formation's move preview is worked out again by the engine (adm_battle_preview_move) and
 * drawn over the kept table, ships and names, as while the master drags. */
static double
time_course_drag (cairo_t               *cr,
                  AdmiraltyTableView     view,
                  AdmBattle             *battle,
                  AdmiraltyTableOptions *options,
                  AdmiraltyTableCache   *cache)
{
  cairo_surface_t *surface = cairo_get_target (cr);
  g_autoptr(GPtrArray) previews = g_ptr_array_new ();
  AdmiraltyTableOptions plotting = *options;
  double times[N_FRAMES];

  plotting.move_previews = previews;
  plotting.editing_move = 0;
  for (int i = 0; i < N_WARM_UP + N_FRAMES; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AdmTurnOrders) orders = NULL;
      g_autofree char *text = NULL;
      AdmMovePreview preview = { 0 };
      gint64 start = cpu_time_us ();

      text = g_strdup_printf ("<orders><turn n=\"1\"><move formation=\"bf12\"><forward "
                              "cm=\"%d\"/><turn degrees=\"45\"/><forward cm=\"%d\"/></move>"
                              "</turn></orders>", 4 + i % 8, 1 + i % 10);
      orders = adm_turn_orders_parse (text, "bench-orders.xml", &error);
      if (orders == NULL || !adm_battle_preview_move (battle, orders, "bf12", &preview, &error))
        g_error ("%s", error->message);
      g_ptr_array_set_size (previews, 0);
      g_ptr_array_add (previews, &preview);
      draw (cr, &view, battle, &plotting, cache);
      cairo_surface_flush (surface);
      if (i >= N_WARM_UP)
        times[i - N_WARM_UP] = (cpu_time_us () - start) / 1000.0;
      adm_move_preview_clear (&preview);
    }
  return median (times, N_FRAMES);
}

/* Adds to @decl every battery of ship @ship that reaches ship @target; returns how many. */
static guint
add_reaching (AdmBattle   *battle,
              AdmFireDecl *decl,
              guint        ship,
              guint        target)
{
  const AdmBattleShip *s = adm_battle_get_ship (battle, ship);
  guint added = 0;

  for (guint w = 0; w < s->klass->weapons->len; w++)
    {
      g_autoptr(GArray) targets = adm_battle_fire_targets (battle, ship, w);

      for (guint t = 0; t < targets->len; t++)
        if (g_array_index (targets, guint, t) == target)
          {
            adm_fire_decl_add_battery (decl, s->id,
                                       ((const AdmWeapon *)
                                        g_ptr_array_index (s->klass->weapons, w))->id);
            added++;
            break;
          }
    }
  return added;
}

/* The fire of ship @ship's whole formation at the first enemy @ship reaches: every battery
 * of its ships that reaches that enemy. NULL when @ship reaches none. */
static AdmFireDecl *
reaching_fire (AdmBattle *battle,
               guint      ship)
{
  const AdmBattleShip *s = adm_battle_get_ship (battle, ship);
  AdmFireDecl *decl;
  guint target = G_MAXUINT;

  for (guint w = 0; w < s->klass->weapons->len && target == G_MAXUINT; w++)
    {
      g_autoptr(GArray) targets = adm_battle_fire_targets (battle, ship, w);

      if (targets->len > 0)
        target = g_array_index (targets, guint, 0);
    }
  if (target == G_MAXUINT)
    return NULL;
  decl = adm_fire_decl_new (adm_battle_get_ship (battle, target)->id);
  for (guint other = 0; other < adm_battle_get_n_ships (battle); other++)
    if (adm_battle_get_ship (battle, other)->formation == s->formation)
      add_reaching (battle, decl, other, target);
  return decl;
}

/* The odds preview of a fire declaration (adm_battle_preview_fire), as the orders panel
 * shows it when the master picks a target: the batteries of the first ship from @first on
 * that can damage the enemy they reach. Median ms of N_FRAMES. */
static double
time_odds_preview (AdmBattle   *battle,
                   const char  *first,
                   double      *p_damage,
                   const char **firer)
{
  g_autoptr(AdmTurnOrders) orders = adm_turn_orders_new (adm_battle_get_turn (battle));
  AdmFireDecl *decl = NULL;
  double times[N_FRAMES];

  for (guint ship = adm_battle_ship_index (battle, first);
       ship < adm_battle_get_n_ships (battle) && orders->fires->len == 0; ship++)
    if ((decl = reaching_fire (battle, ship)) != NULL)
      {
        AdmFirePreview preview = { 0 };

        g_ptr_array_add (orders->fires, decl);
        if (!adm_battle_preview_fire (battle, orders, decl, &preview, NULL) ||
            !preview.legal || preview.exact_p_damage <= 0.0)
          g_ptr_array_set_size (orders->fires, 0);
        else
          *firer = adm_battle_get_ship (battle, ship)->id;
        adm_fire_preview_clear (&preview);
      }
  if (orders->fires->len == 0)
    g_error ("no ship from %s on can damage an enemy", first);
  decl = g_ptr_array_index (orders->fires, 0);
  for (int i = 0; i < N_WARM_UP + N_FRAMES; i++)
    {
      g_autoptr(GError) error = NULL;
      AdmFirePreview preview = { 0 };
      gint64 start = cpu_time_us ();

      if (!adm_battle_preview_fire (battle, orders, decl, &preview, &error))
        g_error ("%s", error->message);
      if (i >= N_WARM_UP)
        times[i - N_WARM_UP] = (cpu_time_us () - start) / 1000.0;
      *p_damage = preview.exact_p_damage;
      adm_fire_preview_clear (&preview);
    }
  return median (times, N_FRAMES);
}

static double
time_bare_fill (cairo_t *cr)
{
  cairo_surface_t *surface = cairo_get_target (cr);
  double times[N_FRAMES];

  for (int i = 0; i < N_WARM_UP + N_FRAMES; i++)
    {
      gint64 start = cpu_time_us ();

      cairo_set_source_rgb (cr, 0.11, 0.14, 0.17 + (i % 2) * 0.01);
      cairo_paint (cr);
      cairo_surface_flush (surface);
      if (i >= N_WARM_UP)
        times[i - N_WARM_UP] = (cpu_time_us () - start) / 1000.0;
    }
  return median (times, N_FRAMES);
}

static AdmBattle *
load_battle (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *xml = generate_battle ();
  AdmBattle *battle = adm_battle_load_memory (xml, strlen (xml), "bench-table.xml", &error);

  if (battle == NULL)
    g_error ("%s", error->message);
  return battle;
}

/* Growth with the number of ships: a full redraw of the fitted view, one ship selected. */
static void
scaling (cairo_t *cr)
{
  static const int sizes[] = { 50, 300, 1000 };

  g_print ("scaling (full redraw, fitted view, one ship selected):\n");
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autoptr(AdmBattle) battle = NULL;
      g_autoptr(AdmiraltyTableCache) cache = admiralty_table_cache_new ();
      AdmiraltyTableView view;
      AdmiraltyTableOptions options;
      double ms, changed_ms;

      n_ships = sizes[i];
      battle = load_battle ();
      admiralty_table_options_init (&options);
      options.selected_ship = 0;
      admiralty_table_view_init (&view, WIDTH, HEIGHT);
      admiralty_table_view_fit (&view, battle, &options);
      ms = time_frames (cr, view, battle, &options, 0, 0, FALSE, NULL);
      changed_ms = time_changed_frames (cr, &view, battle, &options, cache);
      g_print ("  %4u ships: in the widget after a change %6.2f ms, %.2f us a ship (target "
               "<= %.1f ms: %s); all as vectors %6.2f ms, %.2f us a ship; medians of %d\n",
               adm_battle_get_n_ships (battle), changed_ms, 1000.0 * changed_ms / n_ships,
               TARGET_FULL_MS, bench_verdict (changed_ms, TARGET_FULL_MS), ms,
               1000.0 * ms / n_ships, N_FRAMES);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(AdmBattle) battle = NULL;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  cairo_t *cr = cairo_create (surface);
  AdmiraltyTableView view, zoomed;
  AdmiraltyTableOptions options, plain;
  double fill_ms, frame_ms, pan_ms, pan_worst_ms, changed_ms, zoom_ms, side_ms, plain_ms;
  double drag_ms, drag_worst_ms, drag_mean_ms, course_ms, odds_ms, p_damage = 0.0;
  const char *odds_firer = NULL;

  /* The figures' "≤" in the terminal's charset. */
  setlocale (LC_ALL, "");
  g_autoptr(AdmiraltyTableCache) cache = admiralty_table_cache_new ();
  double ruler_ms, ruler_plain_ms;

  battle = load_battle ();
  g_assert (adm_battle_get_n_ships (battle) == (guint) n_ships);
  g_assert (adm_battle_get_n_markers (battle) == N_MARKERS);

  admiralty_table_options_init (&options);
  /* A battleship in the middle of the Barrayaran block: its 45 cm main battery reaches well
   * across the table. */
  options.selected_ship = adm_battle_ship_index (battle, "b072");
  admiralty_table_view_init (&view, WIDTH, HEIGHT);
  admiralty_table_view_fit (&view, battle, &options);

  fill_ms = time_bare_fill (cr);
  frame_ms = time_frames (cr, view, battle, &options, 0, 0, FALSE, NULL);
  if (argc > 1)
    {
      admiralty_table_render (cr, &view, battle, &options);
      if (cairo_surface_write_to_png (surface, argv[1]) != CAIRO_STATUS_SUCCESS)
        g_error ("cannot write %s", argv[1]);
    }
  /* The widget's way: the table under the overlays kept, the ruler moving over it. */
  ruler_ms = time_frames (cr, view, battle, &options, 0, 0, TRUE, cache);
  plain = options;
  plain.selected_ship = -1;
  ruler_plain_ms = time_frames (cr, view, battle, &plain, 0, 0, TRUE, cache);
  /* The widget's pan: the kept layer drawn once a quarter of the window wider, then copied
   * shifted; drawn again when the drag leaves it. */
  admiralty_table_cache_invalidate (cache);
  pan_ms = time_frames (cr, view, battle, &options, 7, 3, FALSE, cache);
  pan_worst_ms = worst_ms;
  /* A long drag, 40 px a frame: the layer is drawn again each time the drag leaves it. */
  drag_ms = time_frames (cr, view, battle, &options, 40, 0, FALSE, cache);
  drag_worst_ms = worst_ms;
  drag_mean_ms = mean_ms;
  changed_ms = time_changed_frames (cr, &view, battle, &options, cache);
  course_ms = time_course_drag (cr, view, battle, &options, cache);
  {
    /* The same 300 ships, the Komarran blocks brought 14 cm from the Barrayaran ones, so
     * that the battleship's batteries reach them. */
    g_autoptr(AdmBattle) closer = NULL;

    komarr_x = 100;
    closer = load_battle ();
    komarr_x = 140;
    odds_ms = time_odds_preview (closer, "b072", &p_damage, &odds_firer);
  }
  zoomed = view;
  admiralty_table_view_zoom (&zoomed, 4, WIDTH / 4.0, HEIGHT / 2.0);
  zoom_ms = time_frames (cr, zoomed, battle, &options, 0, 0, FALSE, NULL);
  options.view_side = 0;
  side_ms = time_frames (cr, view, battle, &options, 0, 0, FALSE, NULL);
  plain = options;
  plain.view_side = -1;
  plain.selected_ship = -1;
  plain.show_grid = FALSE;
  plain.show_labels = FALSE;
  plain_ms = time_frames (cr, view, battle, &plain, 0, 0, FALSE, NULL);

  g_print ("table: %u ships, %u explosion markers, %d x %d px at %.1f px/cm, one ship "
           "selected\n", adm_battle_get_n_ships (battle), adm_battle_get_n_markers (battle),
           WIDTH, HEIGHT, view.scale);
  g_print ("bare fill of the surface: %.3f ms median of %d\n", fill_ms, N_FRAMES);
  g_print ("full redraw, everything as vectors (a PDF's way, no kept images): %.2f ms median "
           "of %d (%.0fx the bare fill, %.0f frames/s; target <= %.1f ms: %s)\n", frame_ms,
           N_FRAMES, frame_ms / fill_ms, 1000.0 / frame_ms, TARGET_FULL_MS,
           bench_verdict (frame_ms, TARGET_FULL_MS));
  g_print ("full redraw in the widget after the battle changed (kept layers dropped; token, "
           "selection and unchanged table images reused): %.2f ms median of %d (target <= "
           "%.1f ms: %s)\n", changed_ms, N_FRAMES, TARGET_FULL_MS,
           bench_verdict (changed_ms, TARGET_FULL_MS));
  g_print ("pan in the widget (centre shifted 7, 3 px a frame, the kept layer copied "
           "shifted): %.2f ms median of %d, slowest %.2f ms (target <= %.1f ms: %s)\n", pan_ms,
           N_FRAMES, pan_worst_ms, TARGET_PAN_MS, bench_verdict (pan_ms, TARGET_PAN_MS));
  g_print ("a long drag (40 px a frame, the layer drawn again each time the drag leaves it): "
           "%.2f ms median, %.2f ms mean, slowest %.2f ms (target <= %.1f ms: %s)\n", drag_ms,
           drag_mean_ms, drag_worst_ms, TARGET_PAN_MS, bench_verdict (drag_ms, TARGET_PAN_MS));
  g_print ("a course dragged in the widget (each frame the engine's move preview worked out "
           "again and drawn over the kept table, ships and names): %.2f ms median of %d "
           "(target <= %.0f ms, one frame: %s)\n", course_ms, N_FRAMES, TARGET_FRAME_MS,
           bench_verdict (course_ms, TARGET_FRAME_MS));
  g_print ("the odds preview of the fire of %s's formation at the enemy it reaches (exact, "
           "by convolution over the dice; P(damage) %.3f): %.3f ms median of %d (target <= "
           "%.0f ms, one frame: %s)\n", odds_firer, p_damage, odds_ms, N_FRAMES,
           TARGET_FRAME_MS, bench_verdict (odds_ms, TARGET_FRAME_MS));
  g_print ("the ruler moving over the kept table (widget's cache): %.2f ms with a ship "
           "selected (its arcs kept with the ships), %.2f ms with nothing selected\n", ruler_ms,
           ruler_plain_ms);
  g_print ("zoomed in 4x (most of the table culled): %.2f ms; side 0's view: %.2f ms; "
           "no grid, labels or selection: %.2f ms\n", zoom_ms, side_ms, plain_ms);

  scaling (cr);

  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return 0;
}
