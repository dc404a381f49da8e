/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-fire.c: one fire phase of a 100-against-100 battle — every ship fires its artillery,
 * and its gravi-destructor where the target is in reach — resolved and then shown as the
 * battle page shows it: every report line and every roll the master sees read through the
 * audience filter, with each roll's purpose and dice described. Its target is one 16 ms
 * frame; 300 and 1,000 a side are growth figures. Prints figures; asserts nothing. */

#include "config.h"

#include <locale.h>

#include <stdlib.h>
#include <time.h>
#include <string.h>

#include "admiralty-engine.h"
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

/* Ships a side of the battle being measured; formations of SHIPS_PER_FORMATION, the last
 * one holding what is left. */
static int n_per_side = 100;
#define SHIPS_PER_FORMATION 6
#define SPACING 3.0  /* cm between neighbours in a line */
#define GAP 11.0     /* cm between the two lines: the destructors (12 cm) reach some targets */
#define N_RUNS 9
#define SEED 2010

/* Two facing lines of cruisers: Barrayaran Vorbergs at x = 0 heading 90 (towards +x) and
 * Komarran cruisers at x = GAP heading 270. No <detection> elements: all fully detected. */
static char *
generate_battle (void)
{
  GString *xml = g_string_new (NULL);
  const struct { const char *id, *name, *prefix, *klass; double x, heading; } sides[] = {
    { "barrayar", "Barrayar", "b", "vorberg", 0, 90 },
    { "komarr", "Komarr", "k", "komarran-cruiser", GAP, 270 },
  };

  g_string_append (xml, "<battle ruleset=\"forcon-2010\" name=\"Fire benchmark\">\n");
  for (guint s = 0; s < G_N_ELEMENTS (sides); s++)
    {
      g_string_append_printf (xml, "  <side id=\"%s\" name=\"%s\">\n", sides[s].id,
                              sides[s].name);
      for (int f = 0; f * SHIPS_PER_FORMATION < n_per_side; f++)
        {
          int first = f * SHIPS_PER_FORMATION;

          g_string_append_printf (xml, "    <formation id=\"%sf%d\" name=\"%s %d\" "
                                       "flagship=\"%s%03d\">\n", sides[s].prefix, f,
                                  sides[s].name, f, sides[s].prefix, first);
          for (int n = first; n < MIN (first + SHIPS_PER_FORMATION, n_per_side); n++)
            {
              char y[G_ASCII_DTOSTR_BUF_SIZE];

              g_ascii_formatd (y, sizeof y, "%.1f", n * SPACING);
              g_string_append_printf (xml, "      <ship id=\"%s%03d\" name=\"%s %d\" "
                                           "class=\"%s\" x=\"%g\" y=\"%s\" heading=\"%g\" "
                                           "readiness=\"%d\"/>\n", sides[s].prefix, n,
                                      sides[s].name, n, sides[s].klass, sides[s].x, y,
                                      sides[s].heading, 5 + n % 5);
            }
          g_string_append (xml, "    </formation>\n");
        }
      g_string_append (xml, "  </side>\n");
    }
  g_string_append (xml, "</battle>\n");
  return g_string_free (xml, FALSE);
}

/* Targets spread along the enemy line: straight across, one or two places up or down. */
static int
target_of (int ship)
{
  static const int offsets[] = { 0, 1, -1, 2, -2 };
  int target = ship + offsets[ship % G_N_ELEMENTS (offsets)];

  return target >= 0 && target < n_per_side ? target : ship;
}

/* One declaration: every direct-fire weapon of @firer that reaches @target (F-FIRE-5,
 * F-FIRE-6). Returns the number of batteries. */
static guint
add_fire (AdmTurnOrders *orders,
          AdmBattle     *battle,
          const char    *firer,
          const char    *target)
{
  const AdmBattleShip *s = adm_battle_lookup_ship (battle, firer);
  const AdmBattleShip *t = adm_battle_lookup_ship (battle, target);
  double distance = adm_distance (s->position, t->position);
  AdmArcs arc = bench_arc_of (adm_sector_of (s->position, s->heading, t->position));
  AdmFireDecl *decl = g_new0 (AdmFireDecl, 1);

  decl->ships = g_ptr_array_new_with_free_func (g_free);
  decl->weapons = g_ptr_array_new_with_free_func (g_free);
  decl->target = g_strdup (target);
  for (guint w = 0; w < s->klass->weapons->len; w++)
    {
      const AdmWeapon *weapon = g_ptr_array_index (s->klass->weapons, w);

      if ((weapon->type == ADM_WEAPON_ARTILLERY || weapon->type == ADM_WEAPON_DESTRUCTOR) &&
          distance <= weapon->range && (weapon->arcs & arc) != 0)
        {
          g_ptr_array_add (decl->ships, g_strdup (firer));
          g_ptr_array_add (decl->weapons, g_strdup (weapon->id));
        }
    }
  g_assert (decl->ships->len > 0);
  g_ptr_array_add (orders->fires, decl);
  return decl->ships->len;
}

/* Both sides together, in the declared order (F-SEQ-2): each ship of one line, then its
 * opposite number. */
static AdmTurnOrders *
build_orders (AdmBattle *battle,
              guint     *batteries)
{
  AdmTurnOrders *orders = adm_turn_orders_new (adm_battle_get_turn (battle));

  *batteries = 0;
  for (int n = 0; n < n_per_side; n++)
    {
      char firer[16], target[16];

      g_snprintf (firer, sizeof firer, "b%03d", n);
      g_snprintf (target, sizeof target, "k%03d", target_of (n));
      *batteries += add_fire (orders, battle, firer, target);
      g_snprintf (firer, sizeof firer, "k%03d", n);
      g_snprintf (target, sizeof target, "b%03d", target_of (n));
      *batteries += add_fire (orders, battle, firer, target);
    }
  return orders;
}

static guint
count_dice (GPtrArray *rolls,
            guint      from)
{
  guint dice = 0;

  for (guint i = from; i < rolls->len; i++)
    dice += ((AdmBattleRoll *) g_ptr_array_index (rolls, i))->n_values;
  return dice;
}

static double
ms_since (gint64 start)
{
  return (cpu_time_us () - start) / 1000.0;
}

/* VmHWM from /proc/self/status, in KiB; 0 where there is no such file. */
static long
peak_memory_kib (void)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    return 0;
  line = strstr (status, "VmHWM:");
  return line != NULL ? strtol (line + strlen ("VmHWM:"), NULL, 10) : 0;
}

/* The time to draw the phase's dice without the engine: @dice bare d6 from the generator,
 * and the phase's own requests (same counts and sides) through the dice-source interface.
 * Each is the mean over enough repetitions to measure. */
static void
time_drawing (GPtrArray *rolls,
              guint      from,
              guint      dice,
              double    *bare_ms,
              double    *source_ms)
{
  g_autoptr(AdmDicePrng) prng = adm_dice_prng_new (SEED);
  g_autofree guint *values = g_new0 (guint, ADM_DICE_MAX_COUNT);
  guint reps = MAX (1u, 20000000u / MAX (dice, 1u));
  guint64 sum = 0;
  gint64 start;

  start = cpu_time_us ();
  for (guint r = 0; r < reps; r++)
    for (guint i = 0; i < dice; i++)
      sum += adm_dice_prng_die (prng, 6);
  *bare_ms = ms_since (start) / reps;

  reps = MAX (1u, reps / 10);
  start = cpu_time_us ();
  for (guint r = 0; r < reps; r++)
    for (guint i = from; i < rolls->len; i++)
      {
        const AdmBattleRoll *roll = g_ptr_array_index (rolls, i);
        AdmDiceRequest request = { roll->n_values, roll->sides,
                                   adm_battle_roll_get_purpose (roll), roll->clause };

        adm_dice_source_roll (ADM_DICE_SOURCE (prng), &request, values, NULL);
        sum += values[0];
      }
  *source_ms = ms_since (start) / reps;
  /* Keeps the loops from being optimised away. */
  if (sum == 0)
    g_print ("no dice drawn\n");
}

static const AdmWeapon *
find_weapon (const AdmBattleShip *ship,
             const char          *id)
{
  for (guint w = 0; w < ship->klass->weapons->len; w++)
    {
      const AdmWeapon *weapon = g_ptr_array_index (ship->klass->weapons, w);

      if (g_str_equal (weapon->id, id))
        return weapon;
    }
  g_error ("%s has no weapon “%s”", ship->name, id);
}

/* F-CRIT-9, F-CRIT-10, F-CRIT-11, F-CRIT-12: a battery whose arc is knocked out earlier in
 * the same phase makes its declaration illegal, and the engine refuses the whole phase. As a master would, strike
 * that battery from the orders and resolve again with the same dice, until the phase goes
 * through. Returns the batteries struck. */
static guint
strike_disabled_batteries (AdmBattle     *battle,
                           AdmTurnOrders *orders)
{
  guint struck = 0;

  for (;;)
    {
      g_autoptr(AdmDicePrng) prng = adm_dice_prng_new (SEED);
      g_autoptr(GError) error = NULL;
      gboolean found = FALSE;

      if (adm_battle_resolve_phase (battle, orders, ADM_DICE_SOURCE (prng), &error))
        break;
      if (!g_error_matches (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_ILLEGAL) ||
          strstr (error->message, "(F-CRIT-9, F-CRIT-10, F-CRIT-11, F-CRIT-12)") == NULL)
        g_error ("%s", error->message);
      for (guint d = 0; d < orders->fires->len && !found; d++)
        {
          AdmFireDecl *decl = g_ptr_array_index (orders->fires, d);

          for (guint b = 0; b < decl->ships->len && !found; b++)
            {
              const AdmBattleShip *s = adm_battle_lookup_ship (battle,
                                                               g_ptr_array_index (decl->ships, b));
              const AdmWeapon *weapon = find_weapon (s, g_ptr_array_index (decl->weapons, b));
              g_autofree char *expected = g_strdup_printf ("%s's %s cannot fire", s->name,
                                                           weapon->name);

              if (strstr (error->message, expected) == NULL)
                continue;
              g_ptr_array_remove_index (decl->ships, b);
              g_ptr_array_remove_index (decl->weapons, b);
              if (decl->ships->len == 0)
                g_ptr_array_remove_index (orders->fires, d);
              found = TRUE;
            }
        }
      if (!found)
        g_error ("no battery matches: %s", error->message);
      struck++;
    }
  if (!adm_battle_undo (battle, NULL))
    g_error ("cannot undo the trial fire phase");
  return struck;
}

/* Reads the battle's report and dice log as the battle page fills its two lists after a
 * phase: the whole of each as the master sees it (the audience filter), every line's text,
 * every roll's purpose and a description of its dice and outcome. Returns the bytes
 * read, so that nothing of it is left unused. */
static gsize
show_report (AdmBattle *battle)
{
  AdmAudience master = adm_audience_master ();
  g_autoptr(GPtrArray) report = adm_audience_filter_report (master, battle);
  g_autoptr(GPtrArray) rolls = adm_audience_filter_rolls (master, battle);
  gsize bytes = 0;

  for (guint i = 0; i < report->len; i++)
    bytes += strlen (adm_report_line_get_text (g_ptr_array_index (report, i)));
  for (guint i = 0; i < rolls->len; i++)
    {
      const AdmBattleRoll *roll = g_ptr_array_index (rolls, i);
      g_autofree char *dice = adm_dice_describe (roll->n_values, roll->sides);
      g_autofree char *outcome = adm_battle_roll_describe_outcome (roll);
      g_autoptr(GString) detail = g_string_new (dice);

      for (guint v = 0; v < roll->n_values; v++)
        g_string_append_printf (detail, " %u", roll->values[v]);
      if (outcome != NULL)
        g_string_append_printf (detail, " · %s", outcome);
      bytes += strlen (adm_battle_roll_get_purpose (roll)) + detail->len;
    }
  return bytes;
}

/* The fire phase, timed, from the state after movement, resolved and shown; @dice gets the
 * dice it drew, @shown_ms the part of the time spent reading the report. */
static double
time_fire_phase (AdmBattle           *battle,
                 const AdmTurnOrders *orders,
                 guint               *dice,
                 double              *shown_ms)
{
  g_autoptr(AdmDicePrng) prng = adm_dice_prng_new (SEED);
  g_autoptr(GError) error = NULL;
  guint before = adm_battle_get_rolls (battle)->len;
  gint64 start = cpu_time_us ();
  gint64 resolved;
  double ms;

  if (!adm_battle_resolve_phase (battle, orders, ADM_DICE_SOURCE (prng), &error))
    g_error ("%s", error->message);
  resolved = cpu_time_us ();
  if (show_report (battle) == 0)
    g_error ("the report is empty after the fire phase");
  ms = ms_since (start);
  *shown_ms = (cpu_time_us () - resolved) / 1000.0;
  *dice = count_dice (adm_battle_get_rolls (battle), before);
  return ms;
}

/* The engine's fire phase alone, as adm_battle_check_orders () plays it: once, on a copy of
 * the state, with its own dice, no journal (adm_battle_resolve_phase () plays the phase twice —
 * with the declarations as given, then as the journal reads them back — and writes the
 * declarations out and parses them again). Median of N_RUNS, in ms. */
static double
time_phase_alone (AdmBattle           *battle,
                  const AdmTurnOrders *orders)
{
  double times[N_RUNS];

  for (int run = 0; run < N_RUNS; run++)
    {
      g_autoptr(GError) error = NULL;
      gint64 start = cpu_time_us ();

      if (!adm_battle_check_orders (battle, orders, ADM_PHASE_FIRE, &error))
        g_error ("%s", error->message);
      times[run] = ms_since (start);
    }
  qsort (times, N_RUNS, sizeof times[0], bench_compare_doubles);
  return times[N_RUNS / 2];
}

/* Target: a fire phase of 100 ships a side resolved and shown within one 16 ms frame. */
#define TARGET_FRAME_MS 16.0

/* Measures one size; returns the median in ms. @detail prints everything. */
static double
run_size (gboolean detail)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *xml = generate_battle ();
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(AdmDicePrng) setup_dice = adm_dice_prng_new (SEED);
  g_autoptr(AdmTurnOrders) orders = NULL;
  g_autofree char *before_fire = NULL;
  g_autofree char *after_fire = NULL;
  double times[N_RUNS], shown[N_RUNS], undo_ms = 0, bare_ms, source_ms, alone_ms;
  guint batteries, struck, dice = 0, rolls_before, report_before, hulks = 0, destroyed = 0;

  battle = adm_battle_load_memory (xml, strlen (xml), "bench-fire.xml", &error);
  if (battle == NULL)
    g_error ("%s", error->message);

  /* Untimed: the detection and movement phases (no orders: nobody moves). */
  while (adm_battle_get_phase (battle) != ADM_PHASE_FIRE)
    if (!adm_battle_resolve_phase (battle, NULL, ADM_DICE_SOURCE (setup_dice), &error))
      g_error ("%s", error->message);
  orders = build_orders (battle, &batteries);
  struck = strike_disabled_batteries (battle, orders);
  before_fire = adm_battle_dump (battle);
  rolls_before = adm_battle_get_rolls (battle)->len;
  report_before = adm_battle_get_report (battle)->len;
  alone_ms = time_phase_alone (battle, orders);

  for (int run = 0; run < N_RUNS; run++)
    {
      guint run_dice;

      if (run > 0)
        {
          g_autofree char *state = NULL;
          gint64 start = cpu_time_us ();

          /* Undo replays the journal up to the fire phase; check it lands where we were. */
          if (!adm_battle_undo (battle, &error))
            g_error ("%s", error->message);
          undo_ms += ms_since (start);
          state = adm_battle_dump (battle);
          if (g_strcmp0 (state, before_fire) != 0 ||
              adm_battle_get_phase (battle) != ADM_PHASE_FIRE ||
              adm_battle_get_rolls (battle)->len != rolls_before)
            g_error ("undo did not restore the state before the fire phase");
        }
      times[run] = time_fire_phase (battle, orders, &run_dice, &shown[run]);
      {
        g_autofree char *state = adm_battle_dump (battle);

        /* The same seed from the same state must give the same phase every time. */
        if (run > 0 && (run_dice != dice || g_strcmp0 (state, after_fire) != 0))
          g_error ("run %d of the fire phase differs from the first", run);
        if (run == 0)
          after_fire = g_steal_pointer (&state);
      }
      dice = run_dice;
    }
  qsort (times, N_RUNS, sizeof times[0], bench_compare_doubles);
  qsort (shown, N_RUNS, sizeof shown[0], bench_compare_doubles);

  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    {
      AdmShipStatus status = adm_battle_get_ship (battle, i)->status;

      hulks += status == ADM_SHIP_DRIFTING_HULK || status == ADM_SHIP_BURNING_HULK;
      destroyed += status == ADM_SHIP_DESTROYED;
    }
  time_drawing (adm_battle_get_rolls (battle), rolls_before, dice, &bare_ms, &source_ms);

  if (!detail)
    {
      g_print ("  %4d ships a side: %7.2f ms median of %d (min %.2f), of which shown %.2f; "
               "%5u dice, %.2f us a ship; the phase alone %6.2f ms, %.2f us a ship\n",
               n_per_side, times[N_RUNS / 2], N_RUNS, times[0], shown[N_RUNS / 2], dice,
               1000.0 * times[N_RUNS / 2] / (2 * n_per_side), alone_ms,
               1000.0 * alone_ms / (2 * n_per_side));
      return times[N_RUNS / 2];
    }
  g_print ("battle: %d ships a side, %u batteries declared, %u struck as knocked out earlier "
           "in the phase (F-CRIT-9, F-CRIT-10, F-CRIT-11, F-CRIT-12); after the phase %u hulks, "
           "%u destroyed, %u rolls, %u report lines\n", n_per_side, batteries, struck, hulks, destroyed,
           adm_battle_get_rolls (battle)->len - rolls_before,
           adm_battle_get_report (battle)->len - report_before);
  g_print ("fire phase, %d ships a side, resolved and shown: %.2f ms median over %d runs "
           "(target <= %.0f ms, one frame: %s); of which reading the report and dice log as "
           "the battle page does %.2f ms\n", n_per_side, times[N_RUNS / 2], N_RUNS,
           TARGET_FRAME_MS, bench_verdict (times[N_RUNS / 2], TARGET_FRAME_MS),
           shown[N_RUNS / 2]);
  g_print ("the engine's fire phase alone (adm_battle_check_orders: played once, no journal, "
           "its own dice): %.2f ms median; drawing its %u dice alone: %.4f ms\n", alone_ms,
           dice, bare_ms);
  g_print ("fire phase min/max: %.1f / %.1f ms; the phase's rolls through the dice source "
           "alone: %.4f ms; undo back to the fire phase: %.1f ms mean\n", times[0],
           times[N_RUNS - 1], source_ms, undo_ms / (N_RUNS - 1));
  g_print ("peak memory (VmHWM): %.1f MiB\n", peak_memory_kib () / 1024.0);
  return times[N_RUNS / 2];
}

int
main (int   argc,
      char *argv[])
{
  /* Growth figures, without targets. */
  static const int sizes[] = { 50, 100, 300, 1000 };

  /* The figures' "≤" in the terminal's charset. */
  setlocale (LC_ALL, "");
  /* `bench-fire N`: one size alone, in detail (for a profiler). */
  if (argc > 1)
    {
      n_per_side = CLAMP (atoi (argv[1]), 1, 2000);
      run_size (TRUE);
      return 0;
    }
  run_size (TRUE);
  /* Growth: linear would keep the time a ship the same. */
  g_print ("scaling:\n");
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      n_per_side = sizes[i];
      run_size (FALSE);
    }
  return 0;
}
