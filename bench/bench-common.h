/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-common.h: what several benchmarks share — the verdict printed beside each target,
 * the process's and a thread's CPU time, a thread's waits for a CPU, the median of runs, the firing arc a ship's arc sector stands
 * for, the removal of a benchmark's own temporary folder, a battle's phase played as a
 * master plays it (towards the enemy, every gun that bears firing), a context run for a while,
 * the clock of a table's entries on their way to the chief, a generated scenario's admirals in
 * two alliances, and for the benchmarks of a window (those that include GTK first) the wait
 * for its painted frame. */
#pragma once

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "admiralty-engine.h"

/* "met" or "NOT met": @figure against its @target (the same unit; less is better). */
static inline const char *
bench_verdict (double figure,
               double target)
{
  return figure <= target ? "met" : "NOT met";
}

/* The CPU time the calling thread has used, µs: what a main loop itself worked, whatever else
 * the machine was running meanwhile. */
static inline gint64
bench_thread_cpu (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

/* The time (µs) a thread has waited for a CPU, runnable while others ran: the scheduler's
 * run_delay in its /proc/thread-self/schedstat, opened as @fd (nanoseconds), or 0 without it.
 * What is left of a main loop's stall without it is the loop's own: its work and what it
 * blocked on (a disk's flush, a lock), as on a machine with a CPU free for it. */
static inline gint64
bench_thread_queued (int fd)
{
  char text[96];
  ssize_t n;
  const char *space;

  if (fd < 0 || (n = pread (fd, text, sizeof text - 1, 0)) <= 0)
    return 0;
  text[n] = '\0';
  space = strchr (text, ' ');
  return space != NULL ? g_ascii_strtoll (space + 1, NULL, 10) / 1000 : 0;
}

/* Removes @dir, a temporary folder the benchmark made, with everything written into it —
 * files, backups, checkpoint folders (`rm -rf`: GLib removes only empty folders). */
static inline void
bench_remove_tree (const char *dir)
{
  const char *argv[] = { "rm", "-rf", "--", dir, NULL };
  g_autoptr(GError) error = NULL;

  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL,
                     NULL, &error))
    g_printerr ("could not remove %s: %s\n", dir, error->message);
}

/* The firing arc (AdmArcs) a ship's arc sector stands for (F-FIRE-7), for the benchmarks that
 * declare fire as a master would: only the guns that bear. */
static inline AdmArcs
bench_arc_of (AdmArcSector sector)
{
  switch (sector)
    {
    case ADM_SECTOR_BOW: return ADM_ARC_BOW;
    case ADM_SECTOR_STERN: return ADM_ARC_STERN;
    case ADM_SECTOR_PORT: return ADM_ARC_PORT;
    case ADM_SECTOR_STARBOARD:
    default:
      return ADM_ARC_STARBOARD;
    }
}

/* The CPU time the process has used, in milliseconds. */
static inline double
bench_cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* How long the calling thread has waited for a CPU while it could run, in milliseconds
 * (/proc/thread-self/schedstat's second figure; 0 where the kernel does not keep it). A wall
 * time less this is what the thread would have taken with a CPU free: on a machine shared
 * with other builds the wall clock is mostly that wait. */
static inline double
bench_cpu_wait_ms (void)
{
  unsigned long long run = 0, wait = 0;
  FILE *file = fopen ("/proc/thread-self/schedstat", "r");

  if (file == NULL)
    return 0;
  if (fscanf (file, "%llu %llu", &run, &wait) != 2)
    wait = 0;
  fclose (file);
  return wait / 1e6;
}

/* A qsort () comparison of doubles, smallest first. */
static inline int
bench_compare_doubles (const void *a,
                       const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* The median of @n figures; @values is left sorted, its last the slowest. */
static inline double
bench_median (double *values,
              guint   n)
{
  qsort (values, n, sizeof (double), bench_compare_doubles);
  return values[n / 2];
}

/* A campaign's scenario: 20 sectors in a line; in the first, formations of 5 Barrayaran
 * cruisers and as many of 5 Komarran ones, @n_per_side ships a side, not allied and so
 * hostile (adm-strategy.c): bench_two_fleets_meet () gives the engagement "c1-1" of
 * @n_per_side ships a side. */
static inline char *
bench_two_fleets_scenario (int n_per_side)
{
  GString *xml = g_string_new ("<scenario id=\"bench\" name=\"Benchmark\" "
                               "ruleset=\"forcon-2010\">\n");
  const struct { const char *faction, *klass, *admiral; } sides[] = {
    { "barrayar", "vorberg", "vorkosigan" },
    { "komarr", "komarran-cruiser", "arozzi" },
  };

  for (guint s = 0; s < G_N_ELEMENTS (sides); s++)
    g_string_append_printf (xml, "  <admiral id=\"%s\" name=\"Adm. %s\" faction=\"%s\"/>\n",
                            sides[s].admiral, sides[s].admiral, sides[s].faction);
  g_string_append (xml, "  <map>\n");
  for (int s = 0; s < 20; s++)
    g_string_append_printf (xml, "    <sector id=\"s%d\" name=\"Sector %d\" x=\"%d\" y=\"0\"/>\n",
                            s, s, s);
  for (int s = 1; s < 20; s++)
    g_string_append_printf (xml, "    <link from=\"s%d\" to=\"s%d\"/>\n", s - 1, s);
  g_string_append (xml, "  </map>\n");
  for (int f = 0; f < 2 * n_per_side / 5; f++)
    {
      int first = f * 5;

      g_string_append_printf (xml, "  <formation id=\"f%d\" name=\"Formation %d\" "
                                   "faction=\"%s\" sector=\"s0\" flagship=\"ship%d\" "
                                   "admiral=\"%s\">\n",
                              f, f, sides[f % 2].faction, first, sides[f % 2].admiral);
      for (int n = first; n < first + 5; n++)
        g_string_append_printf (xml, "    <ship id=\"ship%d\" name=\"Ship %d\" class=\"%s\" "
                                     "readiness=\"%d\"/>\n", n, n, sides[f % 2].klass,
                                5 + n % 5);
      g_string_append (xml, "  </formation>\n");
    }
  g_string_append (xml, "</scenario>\n");
  return g_string_free (xml, FALSE);
}

/* Cycle 1 of a campaign of bench_two_fleets_scenario (@n_per_side) resolved at @time, every
 * Barrayaran formation ordered to patrol s0 (one action, as a sheet is handed in): a
 * searching order stirs the sector, and the two fleets there meet in "c1-1" (F-STRAT-4,
 * F-STRAT-16). */
static inline void
bench_two_fleets_meet (AdmCampaign *campaign,
                       int          n_per_side,
                       gint64       time)
{
  g_autoptr(GPtrArray) orders = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_event_unref);
  g_autoptr(GError) error = NULL;

  for (int f = 0; f < 2 * n_per_side / 5; f += 2)
    {
      AdmEvent *order = adm_event_new ("order", time);
      g_autofree char *id = g_strdup_printf ("f%d", f);

      adm_event_set (order, "cycle", "1");
      adm_event_set (order, "admiral", "vorkosigan");
      adm_event_set (order, "formation", id);
      adm_event_set (order, "order", "patrol");
      g_ptr_array_add (orders, order);
    }
  if (!adm_campaign_append_all (campaign, orders, &error) ||
      !adm_campaign_resolve_cycle (campaign, NULL, time, &error))
    g_error ("%s", error->message);
}

/* This fire phase's declarations: every ship afloat fires every gun and destructor that
 * reaches the nearest enemy ship in its arcs (F-FIRE-5, F-FIRE-6), if one does. */
static inline AdmTurnOrders *
bench_fire_orders (AdmBattle *battle)
{
  AdmTurnOrders *orders = adm_turn_orders_new (adm_battle_get_turn (battle));
  guint n = adm_battle_get_n_ships (battle);

  for (guint i = 0; i < n; i++)
    {
      const AdmBattleShip *s = adm_battle_get_ship (battle, i);
      const AdmBattleShip *target = NULL;
      double nearest = G_MAXDOUBLE;
      AdmFireDecl *decl;

      if (s->status != ADM_SHIP_ACTIVE)
        continue;
      for (guint t = 0; t < n; t++)
        {
          const AdmBattleShip *other = adm_battle_get_ship (battle, t);
          double distance = adm_distance (s->position, other->position);

          if (other->side != s->side && other->status == ADM_SHIP_ACTIVE && distance < nearest)
            {
              nearest = distance;
              target = other;
            }
        }
      if (target == NULL)
        continue;
      decl = NULL;
      for (guint w = 0; w < s->klass->weapons->len; w++)
        {
          const AdmWeapon *weapon = g_ptr_array_index (s->klass->weapons, w);
          AdmArcs arc = bench_arc_of (adm_sector_of (s->position, s->heading,
                                                     target->position));

          if ((weapon->type != ADM_WEAPON_ARTILLERY && weapon->type != ADM_WEAPON_DESTRUCTOR) ||
              nearest > weapon->range || (weapon->arcs & arc) == 0)
            continue;
          if (decl == NULL)
            {
              decl = g_new0 (AdmFireDecl, 1);
              decl->ships = g_ptr_array_new_with_free_func (g_free);
              decl->weapons = g_ptr_array_new_with_free_func (g_free);
              decl->target = g_strdup (target->id);
              g_ptr_array_add (orders->fires, decl);
            }
          g_ptr_array_add (decl->ships, g_strdup (s->id));
          g_ptr_array_add (decl->weapons, g_strdup (weapon->id));
        }
    }
  return orders;
}

/* The orders file begun in @body ("<orders><turn n=…>" and its moves), closed and read. */
static inline AdmTurnOrders *
bench_orders_end (GString *body)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  AdmTurnOrders *orders;

  g_string_append (body, "</turn></orders>");
  text = g_string_free (body, FALSE);
  orders = adm_turn_orders_parse (text, "bench-orders.xml", &error);
  if (orders == NULL)
    g_error ("%s", error->message);
  return orders;
}

/* This movement phase's declarations: every formation straight ahead at the speed of its
 * slowest ship and, with @turning, then turned towards the nearest enemy ship as far as its
 * classes allow (a turn after the whole move: F-MOVE-9, F-MOVE-10, F-MOVE-12). A formation
 * within 20 cm of the enemy holds its place. */
static inline AdmTurnOrders *
bench_move_orders (AdmBattle *battle,
                   gboolean   turning)
{
  GString *body = g_string_new (NULL);

  g_string_append_printf (body, "<orders><turn n=\"%d\">", adm_battle_get_turn (battle));
  for (guint f = 0; f < adm_battle_get_n_formations (battle); f++)
    {
      const AdmBattleFormation *formation = adm_battle_get_formation (battle, f);
      const AdmBattleShip *lead = NULL, *enemy = NULL;
      int speed = G_MAXINT, max_turn = G_MAXINT, turn;
      double nearest = G_MAXDOUBLE;

      for (guint i = 0; i < formation->ships->len; i++)
        {
          guint index = g_array_index (formation->ships, guint, i);
          const AdmBattleShip *s = adm_battle_get_ship (battle, index);

          if (s->status != ADM_SHIP_ACTIVE)
            continue;
          lead = lead != NULL ? lead : s;
          speed = MIN (speed, adm_battle_ship_speed (battle, index));
          max_turn = MIN (max_turn, s->klass->turn);
        }
      if (lead == NULL || speed <= 0)
        continue;
      for (guint t = 0; t < adm_battle_get_n_ships (battle); t++)
        {
          const AdmBattleShip *other = adm_battle_get_ship (battle, t);
          double distance = adm_distance (lead->position, other->position);

          if (other->side != lead->side && other->status == ADM_SHIP_ACTIVE &&
              distance < nearest)
            {
              nearest = distance;
              enemy = other;
            }
        }
      if (enemy == NULL || nearest < 20)
        continue;
      turn = (int) CLAMP (adm_heading_difference (lead->heading,
                                                  adm_bearing (lead->position,
                                                               enemy->position)),
                          -max_turn, max_turn);
      if (turning && turn != 0)
        g_string_append_printf (body, "<move formation=\"%s\"><forward cm=\"%d\"/>"
                                      "<turn degrees=\"%d\"/></move>", formation->id, speed,
                                turn);
      else
        g_string_append_printf (body, "<move formation=\"%s\"><forward cm=\"%d\"/></move>",
                                formation->id, speed);
    }
  return bench_orders_end (body);
}

/* This movement phase's emergency stop (F-MOVE-16) for every formation with a ship in action:
 * the way to stay in place for one that moved last turn (F-MOVE-5). */
static inline AdmTurnOrders *
bench_stop_orders (AdmBattle *battle)
{
  GString *body = g_string_new (NULL);

  g_string_append_printf (body, "<orders><turn n=\"%d\">", adm_battle_get_turn (battle));
  for (guint f = 0; f < adm_battle_get_n_formations (battle); f++)
    {
      const AdmBattleFormation *formation = adm_battle_get_formation (battle, f);
      gboolean active = FALSE;

      for (guint i = 0; i < formation->ships->len && !active; i++)
        active = adm_battle_get_ship (battle, g_array_index (formation->ships, guint, i))->status ==
                 ADM_SHIP_ACTIVE;
      if (active)
        g_string_append_printf (body, "<move formation=\"%s\" order=\"emergency-stop\">"
                                      "<forward cm=\"0\"/></move>", formation->id);
    }
  return bench_orders_end (body);
}

/* The battle's current phase played as a master plays it: a movement phase with every
 * formation turned towards the enemy (bench_move_orders ()), else straight ahead, else as the
 * rules move it with no declarations, else with every formation stopping (bench_stop_orders ());
 * a fire phase with every gun that bears at the nearest enemy (bench_fire_orders ()),
 * declarations the one check refuses (a ship not detected, say) dropped and the phase played
 * without any; the other phases with none. Each roll asked of @dice. FALSE with @error when
 * the last try is refused too. */
static inline gboolean
bench_play_phase (AdmBattle      *battle,
                  AdmDiceSource  *dice,
                  GError        **error)
{
  AdmTurnOrders *tries[4] = { NULL, NULL, NULL, NULL };
  guint n = 0;
  gboolean played = FALSE;

  if (adm_battle_get_phase (battle) == ADM_PHASE_MOVEMENT)
    {
      tries[n++] = bench_move_orders (battle, TRUE);
      tries[n++] = bench_move_orders (battle, FALSE);
      n++;
      tries[n++] = bench_stop_orders (battle);
    }
  else if (adm_battle_get_phase (battle) == ADM_PHASE_FIRE)
    {
      tries[n++] = bench_fire_orders (battle);
      n++;
    }
  else
    n++;
  for (guint t = 0; t < n && !played; t++)
    {
      g_autoptr(GError) refused = NULL;

      played = adm_battle_resolve_phase (battle, tries[t], dice, &refused);
      if (!played && t + 1 == n)
        g_propagate_error (error, g_steal_pointer (&refused));
    }
  for (guint t = 0; t < G_N_ELEMENTS (tries); t++)
    g_clear_pointer (&tries[t], adm_turn_orders_free);
  return played;
}

static inline gboolean
bench_woken_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Runs @context for @ms: a table's client works meanwhile (sends, reads the chief's answers). */
static inline void
bench_wait (GMainContext *context,
            guint         ms)
{
  gboolean woken = FALSE;
  GSource *source = g_timeout_source_new (ms);

  g_source_set_callback (source, bench_woken_cb, &woken, NULL);
  g_source_attach (source, context);
  while (!woken)
    g_main_context_iteration (context, TRUE);
  g_source_destroy (source);
  g_source_unref (source);
}

/* Several masters: when each entry of a table's battle was recorded at the table, and how long
 * it took to reach the chief's campaign; the tables' threads say what they record, the chief's
 * main loop what arrived (its table server's "battle-changed"). Each entry's time is also
 * split where the chief's server has read the message that carried it whole
 * (AdmTableArrival.arrived): before, the table's side and the way (the table waiting for the
 * answer to its previous message, the connection, its TLS handshake, the body sent); after,
 * the chief's (the message read and its battle played on a worker, the keeping on the main
 * loop). */
typedef struct {
  GMutex      lock;
  GHashTable *recorded;   /* "ENGAGEMENT/N" → gint64[2], monotonic and real µs when recorded */
  GHashTable *arrived;    /* "ENGAGEMENT/N" → how often the chief was told of it */
  GArray     *ms;         /* double: an entry recorded at a table to the chief */
  GArray     *to_server;  /* double: of it, recorded to the chief's server having read it */
  GArray     *at_chief;   /* double: the rest, read to kept */
} BenchEntryClock;

static inline void
bench_entry_clock_init (BenchEntryClock *clock)
{
  g_mutex_init (&clock->lock);
  clock->recorded = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  clock->arrived = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  clock->ms = g_array_new (FALSE, FALSE, sizeof (double));
  clock->to_server = g_array_new (FALSE, FALSE, sizeof (double));
  clock->at_chief = g_array_new (FALSE, FALSE, sizeof (double));
}

static inline void
bench_entry_clock_clear (BenchEntryClock *clock)
{
  g_clear_pointer (&clock->recorded, g_hash_table_unref);
  g_clear_pointer (&clock->arrived, g_hash_table_unref);
  g_clear_pointer (&clock->ms, g_array_unref);
  g_clear_pointer (&clock->to_server, g_array_unref);
  g_clear_pointer (&clock->at_chief, g_array_unref);
  g_mutex_clear (&clock->lock);
}

/* Any thread: entries @from to @to of @engagement's battle recorded at its table now. */
static inline void
bench_entry_clock_recorded (BenchEntryClock *clock,
                            const char      *engagement,
                            guint            from,
                            guint            to)
{
  gint64 now[2] = { g_get_monotonic_time (), g_get_real_time () };

  g_mutex_lock (&clock->lock);
  for (guint n = from; n <= to; n++)
    g_hash_table_replace (clock->recorded, g_strdup_printf ("%s/%u", engagement, n),
                          g_memdup2 (now, sizeof now));
  g_mutex_unlock (&clock->lock);
}

/* The chief's thread: entries @from to @to of @engagement's battle kept by the chief now, from
 * a message his server read whole at @read (g_get_real_time (), AdmTableArrival.arrived). */
static inline void
bench_entry_clock_arrived (BenchEntryClock *clock,
                           const char      *engagement,
                           guint            from,
                           guint            to,
                           gint64           read)
{
  gint64 now = g_get_monotonic_time ();

  g_mutex_lock (&clock->lock);
  for (guint n = from; n <= to; n++)
    {
      g_autofree char *key = g_strdup_printf ("%s/%u", engagement, n);
      gint64 *at = g_hash_table_lookup (clock->recorded, key);
      guint times = GPOINTER_TO_UINT (g_hash_table_lookup (clock->arrived, key));

      g_hash_table_replace (clock->arrived, g_strdup (key), GUINT_TO_POINTER (times + 1));
      if (at != NULL)
        {
          double ms = (now - at[0]) / 1000.0;
          double before = CLAMP ((read - at[1]) / 1000.0, 0, ms);
          double after = ms - before;

          g_array_append_val (clock->ms, ms);
          g_array_append_val (clock->to_server, before);
          g_array_append_val (clock->at_chief, after);
        }
    }
  g_mutex_unlock (&clock->lock);
}

/* Admirals adm-00 … of @n_admirals in pairs, the first of each pair in one alliance and the
 * second in the other (the ruleset's first factions, at most 8, taken in turn), written into
 * @xml: their <admiral> and <alliance> elements. The faction of admiral @k is
 * bench_pair_faction (). */
static inline const AdmFaction *
bench_pair_faction (AdmRuleset *ruleset,
                    guint       k)
{
  GPtrArray *factions = adm_ruleset_get_factions (ruleset);
  guint n_factions = MIN (8, factions->len) & ~1u;

  g_assert (n_factions >= 2);
  return g_ptr_array_index (factions, 2 * (k / 2 % (n_factions / 2)) + k % 2);
}

static inline void
bench_pair_sides (GString    *xml,
                  AdmRuleset *ruleset,
                  guint       n_admirals)
{
  GPtrArray *factions = adm_ruleset_get_factions (ruleset);
  guint n_factions = MIN (8, factions->len) & ~1u;

  for (guint k = 0; k < n_admirals; k++)
    g_string_append_printf (xml, "  <admiral id=\"adm-%02u\" name=\"Adm. %u\" "
                                 "faction=\"%s\"/>\n", k, k + 1,
                            bench_pair_faction (ruleset, k)->id);
  for (guint side = 0; side < 2; side++)
    {
      g_string_append_printf (xml, "  <alliance id=\"alliance-%c\" name=\"Alliance %c\">\n",
                              'a' + side, 'A' + side);
      for (guint f = side; f < n_factions; f += 2)
        g_string_append_printf (xml, "    <member faction=\"%s\"/>\n",
                                ((const AdmFaction *) g_ptr_array_index (factions, f))->id);
      g_string_append (xml, "  </alliance>\n");
    }
}

#ifdef GTK_MAJOR_VERSION

static inline void
bench_after_paint_cb (GdkFrameClock *clock,
                      gpointer       data)
{
  *(gboolean *) data = TRUE;
}

/* Runs the main loop until @window, mapped first if it is not yet, has painted its next
 * frame: the one that shows what was just changed, and only that drawn again. */
static inline void
bench_next_paint (GtkWidget *window)
{
  gboolean painted = FALSE;
  GdkFrameClock *clock;
  gulong handler;

  while (!gtk_widget_get_mapped (window))
    g_main_context_iteration (NULL, TRUE);
  clock = gtk_widget_get_frame_clock (window);
  handler = g_signal_connect (clock, "after-paint", G_CALLBACK (bench_after_paint_cb),
                              &painted);
  gdk_frame_clock_request_phase (clock, GDK_FRAME_CLOCK_PHASE_PAINT);
  while (!painted)
    g_main_context_iteration (NULL, TRUE);
  g_signal_handler_disconnect (clock, handler);
}

static inline void
bench_xdotool_exited_cb (GPid     pid,
                         int      status,
                         gpointer data)
{
  g_spawn_close_pid (pid);
}

/* Runs `xdotool @command` without waiting for it, as a master's keyboard or pointer acts: the
 * window hears it through its event loop. The child is spawned without a copy of the
 * benchmark's memory (GLib's posix_spawn path: its descriptors left open, the child reaped by
 * a watch, not by an intermediate fork): after a fork every page the benchmark writes takes a
 * copy-on-write fault, a cost inside the frames measured that no keyboard puts on the app. */
static inline void
bench_xdotool (const char *command)
{
  g_autofree char *line = g_strconcat ("xdotool ", command, NULL);
  g_auto(GStrv) argv = NULL;
  g_autoptr(GError) error = NULL;
  GPid pid;

  if (!g_shell_parse_argv (line, NULL, &argv, &error) ||
      !g_spawn_async (NULL, argv, NULL,
                      G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL |
                        G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_LEAVE_DESCRIPTORS_OPEN,
                      NULL, NULL, &pid, &error))
    g_error ("%s", error->message);
  g_child_watch_add (pid, bench_xdotool_exited_cb, NULL);
}

/* A frame of @window painted with all of it drawn again. */
static inline void
bench_wait_paint (GtkWidget *window)
{
  while (!gtk_widget_get_mapped (window))
    g_main_context_iteration (NULL, TRUE);
  gtk_widget_queue_draw (window);
  bench_next_paint (window);
}

#endif
