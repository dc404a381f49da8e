/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-report.c: the printed documents of a cycle as AdmDoc blocks — the master's turn report
 * (everything), an admiral's report (what his side knows: F-STRAT-3 on the map, F-ECM at the
 * table), fleet cards and blank order sheets (F-STRAT-13, F-STRAT-18).
 *
 * Leaks are avoided by construction: an admiral's report is built only from structured data
 * filtered by adm_strategy_formation_visible () and adm_battle_get_detection (), never from
 * the battle's free-text report lines, which name every ship. */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "adm-audience.h"
#include "adm-battle.h"
#include "adm-campaign-battles.h"
#include "adm-campaign-file.h"
#include "adm-chronicle.h"
#include "adm-dice-ledger.h"
#include "adm-engagement.h"
#include "adm-luck.h"
#include "adm-report.h"
#include "adm-engagement-queue.h"

G_DEFINE_QUARK (adm-report-error-quark, adm_report_error)

gboolean
adm_report_kind_from_string (const char    *text,
                             AdmReportKind *kind)
{
  static const char *names[] = { "master", "admiral", "cards", "sheets", "public", "oob",
                                 "muster", "luck", "chronicle" };

  for (guint i = 0; text != NULL && i < G_N_ELEMENTS (names); i++)
    if (g_str_equal (text, names[i]))
      {
        *kind = (AdmReportKind) i;
        return TRUE;
      }
  return FALSE;
}

const char *
adm_report_kind_to_string (AdmReportKind kind)
{
  switch (kind)
    {
    case ADM_REPORT_MASTER: return "master";
    case ADM_REPORT_ADMIRAL: return "admiral";
    case ADM_REPORT_CARDS: return "cards";
    case ADM_REPORT_PUBLIC: return "public";
    case ADM_REPORT_OOB: return "oob";
    case ADM_REPORT_MUSTER: return "muster";
    case ADM_REPORT_LUCK: return "luck";
    case ADM_REPORT_CHRONICLE: return "chronicle";
    case ADM_REPORT_SHEETS:
    default:
      return "sheets";
    }
}

/* The context of one report */

typedef struct {
  const AdmEngagement *engagement;
  char                *stem;
  char                *path;     /* the file opened, or NULL */
  AdmBattle           *battle;   /* NULL when none was set up or it did not open */
  char                *problem;  /* why it did not open, or NULL */
  AdmQueuedEngagement *queued;   /* a campaign fighting its battles inside its file: the
                                  * engagement of its queue (owned), else NULL */
} CycleBattle;

static void
cycle_battle_free (gpointer data)
{
  CycleBattle *entry = data;

  g_free (entry->stem);
  g_free (entry->path);
  g_clear_object (&entry->battle);
  g_free (entry->problem);
  g_clear_pointer (&entry->queued, adm_queued_engagement_free);
  g_free (entry);
}

typedef struct {
  AdmCampaign *campaign;
  AdmState    *state;
  AdmStrategy *strategy;
  AdmScenario *scenario;
  AdmRuleset  *ruleset;
  const char  *battles_dir;
  gboolean     revealed;  /* the campaign as it is now, not a cycle's past, has its whole truth
                           * published: every side and the public read the master's answer
                           * (adm_audience_of_campaign ()) */
} Report;

static void
report_init (Report      *report,
             AdmCampaign *campaign,
             const char  *battles_dir)
{
  report->campaign = campaign;
  report->state = adm_campaign_get_state (campaign);
  report->strategy = adm_state_get_strategy (report->state);
  report->scenario = adm_campaign_get_scenario (campaign);
  report->ruleset = adm_campaign_get_ruleset (campaign);
  report->battles_dir = battles_dir;
  report->revealed = adm_audience_is_master (adm_audience_of_campaign (report->strategy,
                                                                       adm_audience_public ()));
}

/* An admiral by id, or by name as the master writes it. */
static AdmAdmiral *
find_admiral (Report      *report,
              const char  *admiral_id,
              GError     **error)
{
  GPtrArray *admirals = adm_strategy_get_admirals (report->strategy);
  AdmAdmiral *admiral;

  if (admiral_id == NULL || *admiral_id == '\0')
    {
      g_set_error (error, ADM_REPORT_ERROR, ADM_REPORT_ERROR_UNKNOWN_ADMIRAL,
                   _("An admiral’s report needs the admiral it is for"));
      return NULL;
    }
  admiral = adm_strategy_lookup_admiral (report->strategy, admiral_id);
  for (guint i = 0; admiral == NULL && i < admirals->len; i++)
    {
      AdmAdmiral *candidate = g_ptr_array_index (admirals, i);

      if (g_utf8_collate (candidate->name, admiral_id) == 0)
        admiral = candidate;
    }
  if (admiral == NULL)
    {
      g_autoptr(GString) known = g_string_new (NULL);

      for (guint i = 0; i < admirals->len; i++)
        g_string_append_printf (known, "%s%s", i > 0 ? ", " : "",
                                ((AdmAdmiral *) g_ptr_array_index (admirals, i))->id);
      g_set_error (error, ADM_REPORT_ERROR, ADM_REPORT_ERROR_UNKNOWN_ADMIRAL,
                   _("The campaign has no admiral “%s” (its admirals: %s)"), admiral_id,
                   known->str);
    }
  return admiral;
}

/* F-STRAT-1: the comms session that resolved @cycle is its "cycle" event; 0 when not held. */
static gint64
session_time (Report *report,
              guint   cycle)
{
  GPtrArray *events = adm_campaign_get_events (report->campaign);

  for (guint i = 0; i < events->len; i++)
    {
      const AdmEvent *event = g_ptr_array_index (events, i);
      gint64 n;

      if (g_str_equal (adm_event_get_kind (event), "cycle") &&
          adm_event_get_int (event, "cycle", &n) && n == (gint64) cycle)
        return adm_event_get_time (event);
    }
  return 0;
}

static char *
format_time (gint64 time)
{
  g_autoptr(GDateTime) when = g_date_time_new_from_unix_local (time);

  /* Translators: a date and time in reports, g_date_time_format () */
  return when != NULL ? g_date_time_format (when, _("%x %H:%M")) : g_strdup ("?");
}

/* "Cycle 3 · 22/11/26 19:00": the game time of a cycle is the time of the comms session that
 * resolves it; for a cycle not resolved yet, the one after the last session, a cycle's minutes
 * on (F-STRAT-1, the ruleset's). */
static char *
cycle_header (Report *report,
              guint   cycle)
{
  gint64 time = session_time (report, cycle);
  g_autofree char *when = NULL;

  if (time == 0 && cycle > 1 && session_time (report, cycle - 1) != 0)
    time = session_time (report, cycle - 1) +
           (gint64) (adm_strategy_cycle_minutes (report->scenario) * 60);
  if (time == 0)
    return g_strdup_printf (_("Cycle %u"), cycle);
  when = format_time (time);
  return g_strdup_printf (_("Cycle %u · %s"), cycle, when);
}

static AdmDoc *
new_doc (Report     *report,
         const char *title,
         guint       cycle)
{
  g_autofree char *right = cycle_header (report, cycle);
  AdmDoc *doc = adm_doc_new (title, adm_scenario_get_name (report->scenario), right);

  adm_doc_add_heading (doc, 1, title);
  return doc;
}

/* A document of several admirals' parts (adm_doc_append_part ()): its title in its headers
 * alone. A heading of its own would take a page before the first part, and the back of that
 * sheet another, each part starting on a new sheet: the parts head their pages themselves. */
static AdmDoc *
parts_doc (Report     *report,
           const char *title,
           guint       cycle)
{
  g_autofree char *right = cycle_header (report, cycle);

  return adm_doc_new (title, adm_scenario_get_name (report->scenario), right);
}

/* The cycle a report is about: the last resolved one for 0; an error for one not resolved. */
static gboolean
resolved_cycle (Report  *report,
                guint    asked,
                guint   *cycle,
                GError **error)
{
  guint last = adm_strategy_get_cycle (report->strategy) - 1;

  if (last == 0)
    {
      g_set_error (error, ADM_REPORT_ERROR, ADM_REPORT_ERROR_CYCLE,
                   _("No cycle has been resolved yet: there is nothing to report"));
      return FALSE;
    }
  if (asked > last)
    {
      g_set_error (error, ADM_REPORT_ERROR, ADM_REPORT_ERROR_CYCLE,
                   _("Cycle %u has not been resolved yet (the last resolved cycle is %u)"),
                   asked, last);
      return FALSE;
    }
  *cycle = asked == 0 ? last : asked;
  return TRUE;
}

/* Battles */

/* @message without the file it names: a loader's "FOLDER/FILE.xml:12: problem" becomes
 * "line 12: problem", "FOLDER/FILE.xml: problem" just "problem" — a master's report names no
 * file of the program's. */
static char *
without_file_name (const char *message)
{
  const char *xml = strstr (message, ".xml");
  const char *rest;
  char *end = NULL;
  guint64 line;

  if (xml == NULL)
    return g_strdup (message);
  rest = xml + strlen (".xml");
  if (g_str_has_prefix (rest, ".game.xml"))
    rest += strlen (".game.xml");
  while (*rest == '~' || g_ascii_isdigit (*rest) || *rest == '.')
    rest++;
  if (*rest != ':')
    return g_strdup (message);
  rest++;
  line = g_ascii_strtoull (rest, &end, 10);
  if (end != rest && *end == ':')
    {
      for (end++; *end == ' '; end++)
        ;
      /* Translators: where in a damaged battle file a problem is, then the problem */
      return g_strdup_printf (_("line %u: %s"), (guint) line, end);
    }
  return g_strstrip (g_strdup (rest));
}

/* The battle an engagement opened, as the app keeps it: "STEM.game.xml" (the game played,
 * or its newest backup that opens) or "STEM.xml" (set up, not played yet). */
static CycleBattle *
open_battle (Report              *report,
             const AdmEngagement *engagement)
{
  CycleBattle *entry = g_new0 (CycleBattle, 1);
  g_autofree char *game = NULL;
  g_autofree char *setup = NULL;
  g_autoptr(GError) error = NULL;

  entry->engagement = engagement;
  entry->stem = adm_engagement_file_stem (engagement);
  if (report->battles_dir == NULL)
    return entry;
  game = g_strdup_printf ("%s/%s.game.xml", report->battles_dir, entry->stem);
  setup = g_strdup_printf ("%s/%s.xml", report->battles_dir, entry->stem);
  if (g_file_test (game, G_FILE_TEST_EXISTS))
    {
      entry->battle = adm_battle_load_game (game, &error);
      if (entry->battle == NULL)
        {
          g_autofree char *backup = adm_battle_find_backup (game);

          if (backup != NULL)
            {
              g_clear_error (&error);
              entry->battle = adm_battle_load_game (backup, &error);
              entry->path = g_steal_pointer (&backup);
            }
        }
      else
        entry->path = g_steal_pointer (&game);
    }
  else if (g_file_test (setup, G_FILE_TEST_EXISTS))
    {
      entry->battle = adm_battle_load_file (setup, &error);
      entry->path = g_steal_pointer (&setup);
    }
  if (entry->battle == NULL && error != NULL)
    entry->problem = without_file_name (error->message);
  return entry;
}

/* Whether the campaign fights its battles inside its own file (any kept, or any ended). */
static gboolean
campaign_keeps_battles (Report *report)
{
  return adm_campaign_list_battles (report->campaign)->len > 0 ||
         adm_state_get_battle_endings (report->state)->len > 0;
}

/* F-STRAT-4: the engagement queue of @cycle with each engagement's real state — a battle the
 * campaign keeps and has not ended is in progress, at its turn and phase. */
static GPtrArray *
report_queue (Report *report,
              guint   cycle)
{
  GPtrArray *queue = adm_engagement_queue_new (report->state, cycle);

  for (guint i = 0; i < queue->len; i++)
    adm_queued_engagement_add_progress (report->campaign, g_ptr_array_index (queue, i));
  return queue;
}

/* An engagement's battle as the reports tell it: ended (turn, the master's reason), in
 * progress (turn, phase), or its status in the queue (not fought, waiting, dropped). */
static char *
battle_state_text (const AdmQueuedEngagement *queued)
{
  if (queued->status == ADM_ENGAGEMENT_FINISHED && queued->ending != NULL &&
      queued->ending->turn > 0)
    /* Translators: a battle's state in a report: "Ended in turn 3: Pol Six withdrew" */
    return g_strdup_printf (_("Ended in turn %d: %s"), queued->ending->turn,
                            queued->ending->reason != NULL ? queued->ending->reason
                                                           : _("no reason given"));
  if (queued->status == ADM_ENGAGEMENT_IN_PROGRESS)
    /* Translators: a battle's state in a report: "In progress: turn 2, Movement" */
    return g_strdup_printf (_("In progress: turn %d, %s"), queued->turn,
                            queued->phase != NULL ? queued->phase : "");
  return adm_queued_engagement_describe_status (queued);
}

/* CycleBattle* for every engagement of @cycle, in order. */
static GPtrArray *
cycle_battles (Report *report,
               guint   cycle)
{
  g_autoptr(GPtrArray) engagements = NULL;
  GPtrArray *out = g_ptr_array_new_with_free_func (cycle_battle_free);

  /* A campaign whose battles are kept in its file: its engagement queue, in time order, each
   * with the battle the campaign keeps for it (adm-engagement-queue.h). */
  if (campaign_keeps_battles (report))
    {
      g_autoptr(GPtrArray) queue = report_queue (report, cycle);

      while (queue->len > 0)
        {
          CycleBattle *entry = g_new0 (CycleBattle, 1);

          entry->queued = g_ptr_array_steal_index (queue, 0);
          entry->engagement = &entry->queued->engagement;
          entry->stem = g_strdup (entry->queued->id);
          if (adm_campaign_has_battle (report->campaign, entry->queued->id, NULL, NULL))
            {
              g_autoptr(GError) error = NULL;
              /* Played once for every reader of the campaign as it stands. */
              AdmBattle *played = adm_campaign_get_battle_played (report->campaign,
                                                                  entry->queued->id, &error);

              if (played != NULL)
                entry->battle = g_object_ref (played);
              else
                entry->problem = g_strdup (error->message);
            }
          g_ptr_array_add (out, entry);
        }
      return out;
    }
  engagements = adm_strategy_get_engagements (report->strategy, cycle);
  for (guint i = 0; i < engagements->len; i++)
    g_ptr_array_add (out, open_battle (report, g_ptr_array_index (engagements, i)));
  return out;
}

static const char *
phase_name (AdmPhase phase)
{
  switch (phase)
    {
    case ADM_PHASE_DETECTION: return _("ECM detection phase");
    case ADM_PHASE_MOVEMENT: return _("Movement phase");
    case ADM_PHASE_FIRE: return _("Fire phase");
    case ADM_PHASE_TORPEDO: return _("Torpedo and boarding phase");
    case ADM_PHASE_END:
    default:
      return _("End phase");
    }
}

static const char *
status_name (const AdmBattleShip *ship)
{
  if (ship->captured_by >= 0)
    return _("captured");
  switch (ship->status)
    {
    case ADM_SHIP_ACTIVE: return _("in action");
    case ADM_SHIP_DRIFTING_HULK: return _("drifting hulk");
    case ADM_SHIP_BURNING_HULK: return _("burning hulk");
    case ADM_SHIP_DESTROYED:
    default:
      return _("destroyed");
    }
}

/* "6 Engine compartment damaged, 7 Fire!" (F-CRIT-20: each outstanding result as often as it
 * was taken), or NULL when none is outstanding. */
static char *
criticals_list_text (AdmRuleset         *ruleset,
                     const AdmShipClass *klass,
                     const int          *criticals)
{
  GString *out = g_string_new (NULL);
  /* F-STN-7: stations take their results from their own table. */
  const char *kind = klass->category == ADM_CATEGORY_STATION ? "station" : "ship";

  for (int r = 2; r < ADM_CRITICAL_RESULTS; r++)
    for (int n = 0; n < criticals[r]; n++)
      {
        const AdmTableRow *row = adm_ruleset_critical (ruleset, kind, r);

        if (out->len > 0)
          g_string_append (out, ", ");
        g_string_append_printf (out, "%d", r);
        if (row != NULL)
          g_string_append_printf (out, " %s", _(row->name));
      }
  if (out->len == 0)
    {
      g_string_free (out, TRUE);
      return NULL;
    }
  return g_string_free (out, FALSE);
}

/* The dice as dice, "4 + 6": never run together ("46") on paper. */
static char *
criticals_text (AdmBattle           *battle,
                const AdmBattleShip *ship)
{
  return criticals_list_text (adm_battle_get_ruleset (battle), ship->klass, ship->criticals);
}

char *
adm_report_hull_text (int hull,
                      int damage)
{
  if (damage <= 0)
    return g_strdup_printf ("%d/%d", hull, hull);
  /* Translators: hull points left of the class's, and how many were lost */
  return g_strdup_printf (_("%d/%d (%d lost)"), MAX (hull - damage, 0), hull, damage);
}

/* Losses per side of one battle (F-CAT, F-BOARD-15): counted by the side a ship began with. */
typedef struct {
  guint destroyed;   /* removed from the table */
  guint hulks;       /* drifting or burning hulks (F-CAT-10, F-CAT-11) */
  guint captured;    /* taken by boarding (F-BOARD-15) */
  guint damaged;     /* still in action with hull points lost */
} Losses;

static void
count_losses (AdmBattle *battle,
              guint      side,
              Losses    *losses)
{
  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    {
      const AdmBattleShip *ship = adm_battle_get_ship (battle, i);

      if (ship->original_side != side)
        continue;
      if (ship->captured_by >= 0)
        losses->captured++;
      else if (ship->status == ADM_SHIP_DESTROYED)
        losses->destroyed++;
      else if (ship->status != ADM_SHIP_ACTIVE)
        losses->hulks++;
      else if (ship->damage > 0)
        losses->damaged++;
    }
}

static void
add_losses_row (AdmDocBlock  *table,
                const char   *battle,
                const char   *side,
                const Losses *losses)
{
  g_autofree char *destroyed = g_strdup_printf ("%u", losses->destroyed);
  g_autofree char *hulks = g_strdup_printf ("%u", losses->hulks);
  g_autofree char *captured = g_strdup_printf ("%u", losses->captured);
  g_autofree char *damaged = g_strdup_printf ("%u", losses->damaged);
  const char *cells[] = { battle, side, destroyed, hulks, captured, damaged, NULL };

  adm_doc_table_add_row (table, cells);
}

/* "Prince Serg, Emperor Dorca": the names of @ships (const AdmShip*). */
static char *
ship_list (const GPtrArray *ships)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; ships != NULL && i < ships->len; i++)
    g_string_append_printf (out, "%s%s", i > 0 ? ", " : "",
                            ((const AdmShip *) g_ptr_array_index (ships, i))->name);
  return g_string_free (out, FALSE);
}

/* Text of a strategic order in the reader's language: "move by Pol jump point, Pol orbit",
 * "attack on Jade Squadron in Pol orbit", "patrol in Pol orbit". Names stay in the nominative
 * after a noun that takes the case ("в секторе «Орбита Пола»"), never the file's keyword. */
static char *
order_text (const AdmStratOrder *order)
{
  GString *out = g_string_new (NULL);

  switch (order->kind)
    {
    case ADM_STRAT_ORDER_FLAGSHIP:
      /* Translators: "flagship: Prince Xav" */
      g_string_append_printf (out, _("flagship: %s"),
                              order->flagship != NULL ? order->flagship->name : "");
      break;
    case ADM_STRAT_ORDER_FORM:
    case ADM_STRAT_ORDER_DETACH:
      {
        g_autofree char *ships = ship_list (order->ships);

        if (order->kind == ADM_STRAT_ORDER_DETACH)
          /* Translators: "detach Prince Serg, Emperor Dorca as Serg Division" */
          g_string_append_printf (out, _("detach %s as %s"), ships,
                                  order->new_name != NULL ? order->new_name : "");
        else
          /* Translators: "form Kestrel Pair of Kestrel, Lord Vorbohn" */
          g_string_append_printf (out, _("form %s of %s"),
                                  order->new_name != NULL ? order->new_name : "", ships);
      }
      break;
    case ADM_STRAT_ORDER_JOIN:
      if (order->target_join != NULL)
        /* Translators: "join First Squadron, Home Fleet" */
        g_string_append_printf (out, _("join %s"), order->target_join->name);
      else
        g_string_append (out, adm_strat_order_kind_describe (order->kind));
      break;
    default:
      g_string_append (out, adm_strat_order_kind_describe (order->kind));
      if (order->target_formation != NULL)
        /* Translators: the enemy formation an attack is ordered on: "attack on Jade Squadron" */
        g_string_append_printf (out, _(" on %s"), order->target_formation->name);
      if (order->target_sector != NULL)
        /* Translators: where an order is carried out: "patrol in Pol orbit" */
        g_string_append_printf (out, _(" in %s"), order->target_sector->name);
      if (order->route != NULL && order->route->len > 0)
        {
          g_autoptr(GString) route = g_string_new (NULL);

          for (guint i = 0; i < order->route->len; i++)
            g_string_append_printf (route, "%s%s", i > 0 ? ", " : "",
                                    ((AdmSector *) g_ptr_array_index (order->route, i))->name);
          /* Translators: the sectors of a move's route, in order: "move by Pol jump point,
           * Pol orbit" */
          g_string_append_printf (out, _(" by %s"), route->str);
        }
      break;
    }
  /* The admiral's own words, as he wrote them (F-STRAT-18). */
  if (order->text != NULL)
    /* Translators: the admiral's own words after his order, in the reader's quotation marks */
    g_string_append_printf (out, _(" — “%s”"), order->text);
  return g_string_free (out, FALSE);
}

/* The timed order a formation carried out in a cycle (adm_state_get_cycle_order () gives its
 * file keyword, "patrol"), in the reader's words. */
static const char *
order_kind_words (const char *keyword)
{
  for (AdmStratOrderKind kind = ADM_STRAT_ORDER_MOVE; kind <= ADM_STRAT_ORDER_DISBAND; kind++)
    if (g_strcmp0 (keyword, adm_strat_order_kind_to_string (kind)) == 0)
      return adm_strat_order_kind_describe (kind);
  return keyword;
}

static char *
position_text (const AdmFormationPosition *pos)
{
  if (pos == NULL || pos->sector == NULL)
    return g_strdup (_("unknown"));
  if (pos->towards != NULL)
    /* Translators: a formation on a link: from, to, minutes spent, minutes in all */
    return g_strdup_printf (_("in transit from %s to %s (%.0f of %.0f minutes)"),
                            pos->sector->name, pos->towards->name, pos->spent, pos->leg);
  return g_strdup (pos->sector->name);
}

/* The strategic summary (adm_strategy_summary ()) as one paragraph per formation: its name,
 * then what it did, line by line. The first line (the summary's own heading) is dropped. A
 * paragraph already in @told (may be NULL) is left out, and each one added goes in it: a
 * side's admirals' summaries tell a formation they share once. */
static void
add_summary_once (AdmDoc     *doc,
                  const char *summary,
                  GHashTable *told)
{
  g_auto(GStrv) lines = g_strsplit (summary, "\n", -1);
  g_autoptr(GString) para = g_string_new (NULL);

  for (guint i = 1; lines[i] != NULL || para->len > 0; i++)
    {
      const char *line = lines[i];

      if (line != NULL && *line == '\0')
        continue;
      if (line != NULL && g_str_has_prefix (line, "  "))
        {
          g_string_append_printf (para, "\n– %s", line + 2);
          continue;
        }
      if (para->len > 0 && (told == NULL || !g_hash_table_contains (told, para->str)))
        {
          adm_doc_add_paragraph (doc, para->str);
          if (told != NULL)
            g_hash_table_add (told, g_strdup (para->str));
        }
      if (line == NULL)
        break;
      g_string_assign (para, line);
    }
}

static void
add_summary (AdmDoc     *doc,
             const char *summary)
{
  add_summary_once (doc, summary, NULL);
}

/* Master's turn report */

static void
master_sheets (Report *report,
               AdmDoc *doc,
               guint   cycle)
{
  GPtrArray *admirals = adm_strategy_get_admirals (report->strategy);
  const char *columns[] = { _("Admiral"), _("Faction"), _("Sheet"), _("Received"),
                            _("Corrections"), NULL };
  AdmDocBlock *table;
  g_autoptr(GString) absent = g_string_new (NULL);

  /* F-STRAT-1, F-STRAT-5 */
  adm_doc_add_heading (doc, 2, _("Order sheets"));
  table = adm_doc_add_table (doc, columns);
  for (guint i = 0; i < admirals->len; i++)
    {
      const AdmAdmiral *admiral = g_ptr_array_index (admirals, i);
      const AdmStratSheet *sheet = adm_strategy_get_sheet (report->strategy, cycle, admiral->id);
      g_autofree char *received = NULL, *corrections = NULL;
      const char *cells[6] = { admiral->name, admiral->faction->name, NULL, NULL, NULL, NULL };

      if (sheet == NULL)
        {
          cells[2] = _("none: standing orders (F-STRAT-5)");
          cells[3] = "—";
          cells[4] = "—";
          g_string_append_printf (absent, "%s%s", absent->len > 0 ? ", " : "", admiral->name);
        }
      else
        {
          received = format_time (sheet->received);
          corrections = g_strdup_printf ("%u", sheet->count > 0 ? sheet->count - 1 : 0);
          cells[2] = sheet->late ? _("late") : _("on time");
          cells[3] = received;
          cells[4] = corrections;
        }
      adm_doc_table_add_row (table, cells);
    }
  if (absent->len > 0)
    adm_doc_add_printf (doc, _("No sheet from: %s."), absent->str);
  else
    adm_doc_add_paragraph (doc, _("Every admiral handed in a sheet."));
}

char *
adm_report_placement_side (const AdmEngagementPlacement *entry)
{
  g_return_val_if_fail (entry != NULL && entry->formation != NULL, NULL);

  const AdmFaction *own = entry->formation->faction;

  if (entry->side == NULL || entry->side == own)
    return g_strdup (own->name);
  /* Translators: a formation's side in an engagement: its faction, the ally leading the side */
  return g_strdup_printf (_("%s, allied with %s"), own->name, entry->side->name);
}

static void
master_engagements (Report *report,
                    AdmDoc *doc,
                    guint   cycle)
{
  /* F-STRAT-4: the cycle's engagement queue, in time order, each with its status. */
  g_autoptr(GPtrArray) engagements = report_queue (report, cycle);

  /* F-STRAT-4, F-STRAT-15 */
  adm_doc_add_heading (doc, 2, _("Engagements"));
  if (engagements->len == 0)
    adm_doc_add_paragraph (doc, _("No enemies met in this cycle."));
  for (guint i = 0; i < engagements->len; i++)
    {
      const AdmQueuedEngagement *queued = g_ptr_array_index (engagements, i);
      const AdmEngagement *engagement = &queued->engagement;
      g_autofree char *place = adm_engagement_place_name (engagement);
      g_autofree char *status = battle_state_text (queued);
      /* Translators: an engagement's heading in the master's report: "c1-3 · Pol orbit,
       * minute 20 — Not fought" */
      g_autofree char *heading = g_strdup_printf (_("%s · %s, minute %.0f — %s"), queued->id,
                                                  place, engagement->minute, status);
      g_autoptr(GPtrArray) placements = adm_engagement_placements (report->state, engagement);
      const char *columns[] = { _("Formation"), _("Side"), _("Order"), _("Placement"),
                                _("Reason"), _("Readiness check (F-STRAT-5)"), NULL };
      AdmDocBlock *table;

      adm_doc_add_heading (doc, 3, heading);
      table = adm_doc_add_table (doc, columns);
      for (guint p = 0; p < placements->len; p++)
        {
          const AdmEngagementPlacement *entry = g_ptr_array_index (placements, p);
          const char *order = adm_state_get_cycle_order (report->state, cycle,
                                                         entry->formation->id);
          g_autofree char *check = NULL, *side = NULL;
          const char *cells[7];

          if (entry->check != NULL)
            /* Translators: 2d6 dice, the readiness they were rolled against, the outcome */
            check = g_strdup_printf (_("%u + %u against %d: %s"), entry->check->dice[0],
                                     entry->check->dice[1], entry->check->readiness,
                                     entry->check->passed ? _("passed") : _("failed"));
          side = adm_report_placement_side (entry);
          cells[0] = entry->formation->name;
          cells[1] = side;
          cells[2] = order != NULL ? order_kind_words (order) : "—";
          cells[3] = entry->placement->name;
          cells[4] = entry->reason != NULL ? entry->reason : "";
          cells[5] = check != NULL ? check : "—";
          cells[6] = NULL;
          adm_doc_table_add_row (table, cells);
        }
    }
}

/* One battle as the master reads it: every turn and phase with its report lines and its rolls
 * (purpose, clause, values), then every ship as it ended. */
static void
master_battle (Report      *report,
               AdmDoc      *doc,
               CycleBattle *entry)
{
  AdmBattle *battle = entry->battle;
  GPtrArray *lines = adm_battle_get_report (battle);
  GPtrArray *rolls = adm_battle_get_rolls (battle);
  g_autofree char *place = adm_engagement_place_name (entry->engagement);
  g_autofree char *heading = g_strdup_printf (_("Battle: %s"), place);
  const char *ship_columns[] = { _("Ship"), _("Side"), _("Formation"), _("Class"), _("Hull"),
                                 _("Criticals"), _("State"), NULL };
  AdmDocBlock *table;
  guint l = 0, r = 0;
  g_autoptr(GPtrArray) commitments = NULL;
  g_autoptr(GPtrArray) checks = NULL;

  /* A battle of the campaign's: each roll with its verdict, so that one typed in at another
   * table says which (docs/dice.md). */
  if (entry->queued != NULL)
    {
      commitments = adm_campaign_get_dice_commitments (report->campaign, entry->queued->id);
      checks = adm_dice_verify (commitments, entry->queued->id, battle, adm_audience_master ());
    }

  adm_doc_add_heading (doc, 3, heading);
  if (entry->queued != NULL && entry->queued->ending != NULL)
    {
      g_autofree char *state = battle_state_text (entry->queued);

      adm_doc_add_printf (doc, _("%s — %s."), adm_battle_get_name (battle), state);
    }
  else
    adm_doc_add_printf (doc, _("%s — turn %d, %s."), adm_battle_get_name (battle),
                        adm_battle_get_turn (battle), phase_name (adm_battle_get_phase (battle)));
  /* F-STRAT-4: a battle handed to another table was fought by that table's master. The
   * battle is the one the campaign keeps now, and so is its table (the hand-off comes after
   * the cycle reported). */
  if (entry->queued != NULL)
    {
      const AdmTableAssignment *at = adm_state_get_table (adm_campaign_get_state (
                                                            report->campaign),
                                                          entry->queued->id);

      if (at != NULL)
        /* Translators: in the master's report, under a battle's heading: "Fought at the table
         * “Table 2”." */
        adm_doc_add_printf (doc, _("Fought at the table “%s”."), at->table);
    }
  if (lines->len == 0 && rolls->len == 0)
    adm_doc_add_paragraph (doc, _("Set up; no phase has been resolved yet."));

  /* Lines and rolls are both oldest first: walk them together, one phase at a time. */
  while (l < lines->len || r < rolls->len)
    {
      const AdmReportLine *line = l < lines->len ? g_ptr_array_index (lines, l) : NULL;
      const AdmBattleRoll *roll = r < rolls->len ? g_ptr_array_index (rolls, r) : NULL;
      int turn;
      AdmPhase phase;
      g_autofree char *title = NULL;
      g_autoptr(GString) text = g_string_new (NULL);

      if (line != NULL && (roll == NULL || line->turn < roll->turn ||
                           (line->turn == roll->turn && line->phase <= roll->phase)))
        turn = line->turn, phase = line->phase;
      else
        turn = roll->turn, phase = roll->phase;
      /* Translators: "Turn 2 — Fire phase" */
      title = g_strdup_printf (_("Turn %d — %s"), turn, phase_name (phase));
      adm_doc_add_paragraph (doc, title);
      for (; l < lines->len; l++)
        {
          line = g_ptr_array_index (lines, l);
          if (line->turn != turn || line->phase != phase)
            break;
          g_string_append_printf (text, "%s%s", text->len > 0 ? "\n" : "",
                                  adm_report_line_get_text (line));
        }
      if (text->len > 0)
        adm_doc_add_paragraph (doc, text->str);
      if (r < rolls->len && ((roll = g_ptr_array_index (rolls, r))->turn == turn &&
                             roll->phase == phase))
        {
          const char *columns[] = { _("Roll"), _("Clause"), _("Dice"), _("Values"),
                                    _("Outcome"), NULL };

          table = adm_doc_add_table (doc, columns);
          for (; r < rolls->len; r++)
            {
              g_autofree char *dice = NULL, *values = NULL, *outcome = NULL;
              const char *cells[6];

              roll = g_ptr_array_index (rolls, r);
              if (roll->turn != turn || roll->phase != phase)
                break;
              /* Translators: so many dice of so many sides, "2d6"; the Russian rules write "2д6" */
              dice = g_strdup_printf (_("%ud%u"), roll->n_values, roll->sides);
              values = adm_roll_check_values_text (roll->values, roll->n_values, " + ");
              if (checks != NULL && r < checks->len)
                {
                  const AdmDiceCheck *check = g_ptr_array_index (checks, r);

                  if (check->verdict == ADM_DICE_VERDICT_TYPED && check->commitment != NULL &&
                      check->commitment->table != NULL)
                    {
                      char *typed = g_strdup_printf (_("%s (typed in at the table “%s”)"),
                                                     values, check->commitment->table);

                      g_free (values);
                      values = typed;
                    }
                }
              cells[0] = adm_battle_roll_get_purpose (roll);
              cells[1] = roll->clause != NULL ? roll->clause : "";
              cells[2] = dice;
              cells[3] = values;
              outcome = adm_battle_roll_describe_outcome (roll);
              cells[4] = outcome != NULL ? outcome : "";
              cells[5] = NULL;
              adm_doc_table_add_row (table, cells);
            }
        }
    }

  adm_doc_add_paragraph (doc, lines->len > 0 ? _("Ships at the end:") : _("Ships:"));
  table = adm_doc_add_table (doc, ship_columns);
  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    {
      const AdmBattleShip *ship = adm_battle_get_ship (battle, i);
      const AdmBattleFormation *formation = adm_battle_get_formation (battle, ship->formation);
      g_autofree char *hull = adm_report_hull_text (ship->klass->hull, ship->damage);
      g_autofree char *criticals = criticals_text (battle, ship);
      const char *cells[] = { ship->name, adm_battle_get_side (battle, ship->original_side)->name,
                              formation->name, ship->klass->name, hull,
                              criticals != NULL ? criticals : "—", status_name (ship), NULL };

      adm_doc_table_add_row (table, cells);
    }
}

static void
master_battles (Report    *report,
                AdmDoc    *doc,
                GPtrArray *battles)
{
  const char *columns[] = { _("Battle"), _("Side"), _("Destroyed"), _("Hulks"), _("Captured"),
                            _("Damaged"), NULL };
  g_autoptr(GHashTable) totals = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GPtrArray) order = g_ptr_array_new ();   /* side ids, as first met */
  g_autoptr(GPtrArray) names = g_ptr_array_new ();   /* their names */
  AdmDocBlock *table;
  guint fought = 0;

  /* With no battles to read, the report covers the strategic layer only, and says nothing of
   * where battles are kept. */
  if (report->battles_dir == NULL && !campaign_keeps_battles (report))
    return;
  adm_doc_add_heading (doc, 2, _("Battles"));
  for (guint i = 0; i < battles->len; i++)
    {
      CycleBattle *entry = g_ptr_array_index (battles, i);
      g_autofree char *place = adm_engagement_place_name (entry->engagement);

      if (entry->battle != NULL)
        {
          master_battle (report, doc, entry);
          fought++;
          if (entry->queued != NULL && entry->queued->ending != NULL)
            /* Translators: "Engagement c1-3 ended in turn 3, its results carried into the
             * campaign: Pol Six withdrew." */
            adm_doc_add_printf (doc, _("Engagement %s ended in turn %d, its results carried "
                                       "into the campaign: %s."), entry->queued->id,
                                entry->queued->ending->turn,
                                entry->queued->ending->reason != NULL
                                ? entry->queued->ending->reason : _("no reason given"));
        }
      else if (entry->problem != NULL)
        adm_doc_add_printf (doc, _("The battle at %s could not be opened: %s"), place,
                            entry->problem);
      else if (entry->queued != NULL)
        {
          g_autofree char *status = adm_queued_engagement_describe_status (entry->queued);

          /* Translators: an engagement with no battle in the master's report: "Engagement
           * c1-4, Pol jump point, minute 40: Dropped: nothing is left of Pol Cruiser
           * Squadron" */
          adm_doc_add_printf (doc, _("Engagement %s, %s, minute %.0f: %s."), entry->queued->id,
                              place, entry->engagement->minute, status);
        }
      else
        adm_doc_add_printf (doc, _("No battle was set up for the engagement at %s."), place);
    }
  if (fought == 0)
    return;

  /* F-CAT, F-BOARD-15: losses by the side each ship began the battle with. */
  adm_doc_add_heading (doc, 2, _("Losses"));
  table = adm_doc_add_table (doc, columns);
  for (guint i = 0; i < battles->len; i++)
    {
      CycleBattle *entry = g_ptr_array_index (battles, i);
      g_autofree char *place = adm_engagement_place_name (entry->engagement);

      if (entry->battle == NULL)
        continue;
      for (guint s = 0; s < adm_battle_get_n_sides (entry->battle); s++)
        {
          const AdmBattleSide *side = adm_battle_get_side (entry->battle, s);
          Losses losses = { 0, };
          Losses *total = g_hash_table_lookup (totals, side->id);

          count_losses (entry->battle, s, &losses);
          add_losses_row (table, place, side->name, &losses);
          /* The totals go by side id (its first faction), named as first met. */
          if (total == NULL)
            {
              total = g_new0 (Losses, 1);
              g_hash_table_insert (totals, g_strdup (side->id), total);
              g_ptr_array_add (order, (gpointer) side->id);
              g_ptr_array_add (names, (gpointer) side->name);
            }
          total->destroyed += losses.destroyed;
          total->hulks += losses.hulks;
          total->captured += losses.captured;
          total->damaged += losses.damaged;
        }
    }
  for (guint i = 0; i < order->len; i++)
    add_losses_row (table, _("All battles"), g_ptr_array_index (names, i),
                    g_hash_table_lookup (totals, g_ptr_array_index (order, i)));
}

/* The strategic dice of the cycle: every roll journaled after the previous session, up to and
 * with this one's (the F-STRAT-5 checks go with the session) — by the journal's order, which
 * each roll's cycle records, never by a window of clock time: two sessions within one second
 * keep their own dice. */
static void
master_dice (Report *report,
             AdmDoc *doc,
             guint   cycle)
{
  GPtrArray *rolls = adm_state_get_rolls (report->state);
  const char *columns[] = { _("Time"), _("Roll"), _("Clause"), _("Dice"), _("Values"),
                            _("Outcome"), NULL };
  AdmDocBlock *table = NULL;

  adm_doc_add_heading (doc, 2, _("Strategic dice"));
  for (guint i = 0; i < rolls->len; i++)
    {
      const AdmRollRecord *roll = g_ptr_array_index (rolls, i);
      g_autofree char *when = NULL, *dice = NULL, *values = NULL, *outcome = NULL;
      const char *cells[7];

      if (roll->cycle != cycle)
        continue;
      if (table == NULL)
        table = adm_doc_add_table (doc, columns);
      when = format_time (roll->time);
      /* Translators: so many dice of so many sides, "2d6"; the Russian rules write "2д6" */
      dice = g_strdup_printf (_("%ud%u"), roll->values->len, roll->sides);
      values = adm_roll_check_values_text ((const guint *) (void *) roll->values->data,
                                           roll->values->len, " + ");
      cells[0] = when;
      cells[1] = roll->purpose != NULL ? roll->purpose : "";
      cells[2] = roll->clause != NULL ? roll->clause : "";
      cells[3] = dice;
      cells[4] = values;
      /* Judged as the battle's rolls are (adm-roll-check.h). */
      outcome = adm_roll_record_describe_outcome (roll);
      cells[5] = outcome != NULL ? outcome : "";
      cells[6] = NULL;
      adm_doc_table_add_row (table, cells);
    }
  if (table == NULL)
    adm_doc_add_paragraph (doc, _("No dice were rolled on the map in this cycle."));
}

/* The master's correction of a place, in words: what became of a station, or its mines
 * cleared. The master's reason is the journal's: no report prints it. The master is told it
 * was his correction; an admiral (@told) reads the news as the story brings it. */
static char *
place_line (const AdmPlaceRecord *record,
            gboolean              told)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *joined = NULL;

  if (record->station == NULL && told)
    /* Translators: a report line in an admiral's papers: "The mines of Hegen Hub are
     * cleared: from cycle 3 on …" */
    return g_strdup_printf (_("The mines of %s are cleared: from cycle %u on, none laid there "
                              "before is on the table of a battle there."),
                            record->sector->name, record->cycle);
  if (record->station == NULL)
    /* Translators: a report line: "… the mines of Hegen Hub: from cycle 3 on …" */
    return g_strdup_printf (_("By the master’s correction, the mines of %s are cleared: from "
                              "cycle %u on, none laid there before is on the table of a battle "
                              "there."), record->sector->name, record->cycle);
  if (record->owner != NULL && record->owner != record->owner_before)
    /* Translators: what became of a station: "now held by the Barrayaran Imperium" */
    g_ptr_array_add (parts, g_strdup_printf (_("now held by %s"), record->owner->name));
  if (record->damage > 0)
    /* Translators: what became of a station: "3 hull points lost" */
    g_ptr_array_add (parts, g_strdup_printf (ngettext ("%d hull point lost",
                                                       "%d hull points lost", record->damage),
                                             record->damage));
  else if (record->damage == 0)
    /* Translators: what became of a station */
    g_ptr_array_add (parts, g_strdup (_("its hull whole")));
  if (record->destroyed == 1)
    /* Translators: what became of a station */
    g_ptr_array_add (parts, g_strdup (C_("station", "destroyed")));
  else if (record->destroyed == 0)
    /* Translators: what became of a station */
    g_ptr_array_add (parts, g_strdup (_("standing again")));
  if (parts->len == 0)
    /* Translators: what became of a station: its owner set to the one it had */
    g_ptr_array_add (parts, g_strdup_printf (_("held by %s"), record->owner != NULL
                                                             ? record->owner->name : "—"));
  g_ptr_array_add (parts, NULL);
  /* Translators: between the changes of a station: "now held by X, 3 hull points lost" */
  joined = g_strjoinv (_(", "), (char **) parts->pdata);
  if (told)
    /* Translators: a report line in an admiral's papers: "The station Komarr Orbital
     * Transfer Station at Komarr orbit: now held by the Barrayaran Imperium, 3 hull points
     * lost." */
    return g_strdup_printf (_("The station %s at %s: %s."), record->station,
                            record->sector->name, joined);
  /* Translators: a report line: "By the master’s correction, the station Komarr Orbital
   * Transfer Station at Komarr orbit: now held by the Barrayaran Imperium, 3 hull points
   * lost." */
  return g_strdup_printf (_("By the master’s correction, the station %s at %s: %s."),
                          record->station, record->sector->name, joined);
}

/* F-STRAT-3: the master's corrections of places in @cycle that @viewer's side is told of
 * (adm_audience_told_of_place (); NULL: the master, all of them), under a heading of their
 * own; nothing when there are none. */
static void
place_corrections (Report           *report,
                   AdmDoc           *doc,
                   const AdmFaction *viewer,
                   guint             cycle)
{
  GPtrArray *places = adm_state_get_places (report->state);
  gboolean any = FALSE;

  for (guint i = 0; i < places->len; i++)
    {
      const AdmPlaceRecord *record = g_ptr_array_index (places, i);
      g_autofree char *line = NULL;

      if (record->cycle != cycle || !adm_audience_told_of_place (report->state, record, viewer))
        continue;
      if (!any)
        adm_doc_add_heading (doc, 2, _("Stations and minefields"));
      any = TRUE;
      line = place_line (record, viewer != NULL);
      adm_doc_add_paragraph (doc, line);
    }
}

/* The master's report of @asked; once the truth is published, also what an admiral
 * (@revealed_to) or the public (@revealed with no admiral) reads under its own title. */
static AdmDoc *
build_master (Report           *report,
              guint             asked,
              gboolean          revealed,
              const AdmAdmiral *revealed_to,
              GError          **error)
{
  guint cycle;
  g_autofree char *title = NULL;
  g_autofree char *summary = NULL;
  g_autoptr(GPtrArray) battles = NULL;
  AdmDoc *doc;

  if (!resolved_cycle (report, asked, &cycle, error))
    return NULL;
  if (revealed_to != NULL)
    title = g_strdup_printf (_("Report to %s — cycle %u"), revealed_to->name, cycle);
  else if (revealed)
    title = g_strdup_printf (_("Public bulletin — cycle %u"), cycle);
  else
    title = g_strdup_printf (_("Turn report — cycle %u"), cycle);
  doc = new_doc (report, title, cycle);
  if (revealed)
    adm_doc_add_printf (doc, _("Campaign: %s. The campaign is over and the master has "
                               "published the whole truth: this is his copy, everything that "
                               "happened."), adm_scenario_get_name (report->scenario));
  else
    adm_doc_add_printf (doc, _("Campaign: %s. Master’s copy: everything that happened."),
                        adm_scenario_get_name (report->scenario));
  master_sheets (report, doc, cycle);

  /* F-STRAT-2, F-STRAT-16 */
  adm_doc_add_heading (doc, 2, _("Moves"));
  summary = adm_strategy_summary (report->strategy, cycle, NULL);
  add_summary (doc, summary);
  place_corrections (report, doc, NULL, cycle);

  master_engagements (report, doc, cycle);
  battles = cycle_battles (report, cycle);
  master_battles (report, doc, battles);
  master_dice (report, doc, cycle);
  return doc;
}

/* Admiral's report */

/* F-FORM-6: the formations reported to an admiral — on his report, his fleet cards and his
 * sheet, and in his engagements — are those he commands and those of his faction with no
 * admiral, which take orders from any admiral of the faction. */
static gboolean
is_his (const AdmFormation *formation,
        const AdmAdmiral   *admiral)
{
  if (formation->admiral != NULL)
    return g_str_equal (formation->admiral->id, admiral->id);
  return formation->faction == admiral->faction;
}

/* Whether @formation is one of @admirals' (AdmAdmiral*, of one side): is_his () for one. */
static gboolean
is_ours (const AdmFormation *formation,
         GPtrArray          *admirals)
{
  for (guint a = 0; a < admirals->len; a++)
    if (is_his (formation, g_ptr_array_index (admirals, a)))
      return TRUE;
  return FALSE;
}

/* "Hegen Hub", or "the link Pol orbit – Hegen Hub" for one seen crossing it. */
static char *
sighting_place (const AdmSighting *sighting)
{
  if (sighting->towards == NULL)
    return g_strdup (sighting->sector->name);
  /* Translators: where a formation was last seen: crossing the link between two sectors */
  return g_strdup_printf (_("the link %s – %s"), sighting->sector->name,
                          sighting->towards->name);
}

/* F-STRAT-3: the hidden enemies his side has seen but is no longer in contact with, as it last
 * saw them — never where they are now. */
static void
admiral_last_seen (Report           *report,
                   AdmDoc           *doc,
                   const AdmAdmiral *admiral)
{
  g_autoptr(GPtrArray) seen = adm_strategy_last_seen (report->strategy, admiral->faction);

  if (seen->len == 0)
    return;
  adm_doc_add_heading (doc, 2, _("Enemies out of contact"));
  for (guint i = 0; i < seen->len; i++)
    {
      const AdmSighting *sighting = g_ptr_array_index (seen, i);
      g_autofree char *place = sighting_place (sighting);
      g_autofree char *ships = g_strdup_printf (ngettext ("%u ship", "%u ships",
                                                          sighting->ships), sighting->ships);

      /* Translators: "Autumn Screen (Cetagandan Empire): last seen at Hegen Hub, cycle 1
       * (4 ships)." */
      adm_doc_add_printf (doc, _("%s (%s): last seen at %s, cycle %u (%s)."),
                          sighting->formation->name, sighting->formation->faction->name, place,
                          sighting->cycle, ships);
    }
}

static void
admiral_formations (Report           *report,
                    AdmDoc           *doc,
                    GPtrArray        *admirals,
                    guint             cycle)
{
  GPtrArray *formations = adm_strategy_get_formations (report->strategy);
  g_autoptr(GPtrArray) orders = g_ptr_array_new ();
  const char *columns[] = { _("Ship"), _("Class"), _("Hull"), _("Readiness"), NULL };
  gboolean any = FALSE;

  g_autofree char *heading = g_strdup_printf (_("Your formations after cycle %u"), cycle);

  /* report->state is the journal replayed to the end of @cycle (state_as_of ()): positions,
   * standing orders and ships as they were then. */
  for (guint a = 0; a < admirals->len; a++)
    {
      g_autoptr(GPtrArray) given = adm_strategy_get_orders (
        report->strategy, cycle, ((const AdmAdmiral *) g_ptr_array_index (admirals, a))->id);

      g_ptr_array_extend (orders, given, NULL, NULL);
    }
  adm_doc_add_heading (doc, 2, heading);
  for (guint i = 0; i < formations->len; i++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, i);
      const AdmFormationPosition *pos = adm_strategy_get_position (report->strategy,
                                                                   formation->id);
      const AdmStratOrder *standing = adm_strategy_get_standing (report->strategy, formation->id);
      g_autofree char *where = position_text (pos);
      g_autofree char *standing_text = standing != NULL ? order_text (standing) : NULL;
      g_autoptr(GString) given = g_string_new (NULL);
      AdmDocBlock *table;

      if (!is_ours (formation, admirals))
        continue;
      any = TRUE;
      adm_doc_add_heading (doc, 3, formation->name);
      for (guint o = 0; o < orders->len; o++)
        {
          const AdmStratOrder *order = g_ptr_array_index (orders, o);
          g_autofree char *text = NULL;

          /* By id: a formation that fought is a new record after its battle. */
          if (!g_str_equal (order->formation->id, formation->id))
            continue;
          text = order_text (order);
          g_string_append_printf (given, "\n– %s%s", text,
                                  adm_strategy_order_in_force (report->strategy, order)
                                    ? "" : _(" (superseded by a correction)"));
        }
      adm_doc_add_printf (doc, _("Position: %s\nFlagship: %s\nStanding order (F-STRAT-5): %s\n"
                                 "Orders for cycle %u:%s"),
                          where, pos != NULL && pos->flagship != NULL ? pos->flagship->name
                                                                      : _("none"),
                          standing_text != NULL ? standing_text : _("none"), cycle,
                          given->len > 0 ? given->str : _(" none"));
      table = adm_doc_add_table (doc, columns);
      for (guint s = 0; s < formation->ships->len; s++)
        {
          const AdmShip *ship = g_ptr_array_index (formation->ships, s);
          AdmShipState *state = adm_state_get_ship (report->state, ship->id);
          g_autofree char *hull = adm_report_hull_text (ship->klass->hull,
                                                        state != NULL ? state->damage : 0);
          g_autofree char *readiness = g_strdup_printf ("%d", state != NULL ? state->readiness
                                                                            : ship->readiness);
          const char *cells[] = { ship->name, ship->klass->name, hull, readiness, NULL };

          adm_doc_table_add_row (table, cells);
        }
    }
  if (!any)
    adm_doc_add_paragraph (doc, _("You command no formation now."));
}

/* An engagement as his side knows it: his formations' placements, the enemies he can see
 * (F-STRAT-3: hidden ones only once his side has met them). */
static void
admiral_engagement (Report              *report,
                    AdmDoc              *doc,
                    GPtrArray           *admirals,
                    const AdmEngagement *engagement)
{
  g_autofree char *place = adm_engagement_place_name (engagement);
  g_autofree char *heading = g_strdup_printf (_("%s, minute %.0f"), place, engagement->minute);
  g_autoptr(GPtrArray) placements = adm_engagement_placements (report->state, engagement);
  g_autoptr(GString) enemies = g_string_new (NULL);
  const AdmAdmiral *admiral = g_ptr_array_index (admirals, 0);

  adm_doc_add_heading (doc, 3, heading);
  for (guint p = 0; p < placements->len; p++)
    {
      const AdmEngagementPlacement *entry = g_ptr_array_index (placements, p);

      if (is_ours (entry->formation, admirals))
        adm_doc_add_printf (doc, _("%s: %s (%s)."), entry->formation->name,
                            entry->placement->name, entry->reason != NULL ? entry->reason : "");
    }
  for (guint f = 0; f < engagement->formations->len; f++)
    {
      const AdmFormation *other = g_ptr_array_index (engagement->formations, f);

      if (adm_scenario_factions_allied (report->scenario, other->faction, admiral->faction) ||
          !adm_strategy_formation_visible (report->strategy, other, admiral->faction))
        continue;
      g_string_append_printf (enemies, "%s%s (%s)", enemies->len > 0 ? ", " : "", other->name,
                              other->faction->name);
    }
  if (enemies->len > 0)
    adm_doc_add_printf (doc, _("Enemies seen: %s."), enemies->str);
}

/* The engagements of @cycle with his formations that the master dropped unfought, one line
 * each with the master's reason ("drop-engagement"). */
static void
admiral_dropped (Report           *report,
                 AdmDoc           *doc,
                 GPtrArray        *admirals,
                 guint             cycle)
{
  g_autoptr(GPtrArray) queue = adm_engagement_queue_new (report->state, cycle);

  for (guint i = 0; i < queue->len; i++)
    {
      const AdmQueuedEngagement *queued = g_ptr_array_index (queue, i);
      gboolean his = FALSE;

      if (!queued->by_master)
        continue;
      for (guint f = 0; f < queued->formation_ids->len && !his; f++)
        {
          const AdmFormation *formation = adm_strategy_lookup_formation (
            report->strategy, g_ptr_array_index (queued->formation_ids, f));

          his = formation != NULL && is_ours (formation, admirals);
        }
      if (his)
        {
          g_autofree char *place = adm_engagement_place_name (&queued->engagement);

          /* Translators: "The engagement at Pol orbit, minute 20, was not fought: played at
           * the club." (the master's reason) */
          adm_doc_add_printf (doc, _("The engagement at %s, minute %.0f, was not fought: %s."),
                              place, queued->engagement.minute, queued->dropped);
        }
    }
}

/* A battle as his side saw it (F-ECM): his side's ships in full, enemies only as detected —
 * an undetected formation not at all, a presence-only one as unidentified ships, never named.
 * Built from the battle's state, never from its report lines. */
static void
admiral_battle (AdmDoc      *doc,
                CycleBattle *entry,
                guint        side)
{
  AdmBattle *battle = entry->battle;
  g_autofree char *place = adm_engagement_place_name (entry->engagement);
  g_autofree char *heading = g_strdup_printf (_("Battle: %s"), place);
  const char *own_columns[] = { _("Ship"), _("Formation"), _("Class"), _("Hull"), _("Criticals"),
                                _("State"), NULL };
  const char *enemy_columns[] = { _("Formation"), _("Ship"), _("Class"), _("Hull"), _("State"),
                                  NULL };
  AdmDocBlock *table;
  AdmDocBlock *enemy_table = NULL;
  guint unidentified_formations = 0;
  Losses losses = { 0, };

  adm_doc_add_heading (doc, 3, heading);
  /* F-STRAT-4: ended (turn, reason) or in progress (turn, phase). */
  if (entry->queued != NULL && entry->queued->ending != NULL)
    {
      g_autofree char *state = battle_state_text (entry->queued);

      adm_doc_add_printf (doc, "%s.", state);
    }
  else
    adm_doc_add_printf (doc, _("In progress: turn %d, %s."), adm_battle_get_turn (battle),
                        phase_name (adm_battle_get_phase (battle)));
  adm_doc_add_paragraph (doc, _("Your side:"));
  table = adm_doc_add_table (doc, own_columns);
  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    {
      const AdmBattleShip *ship = adm_battle_get_ship (battle, i);
      const AdmBattleFormation *formation = adm_battle_get_formation (battle, ship->formation);
      g_autofree char *hull = NULL, *criticals = NULL;
      const char *cells[7];

      if (ship->original_side != side)
        continue;
      hull = adm_report_hull_text (ship->klass->hull, ship->damage);
      criticals = criticals_text (battle, ship);
      cells[0] = ship->name;
      cells[1] = formation->name;
      cells[2] = ship->klass->name;
      cells[3] = hull;
      cells[4] = criticals != NULL ? criticals : "—";
      cells[5] = status_name (ship);
      cells[6] = NULL;
      adm_doc_table_add_row (table, cells);
    }
  count_losses (battle, side, &losses);
  adm_doc_add_printf (doc, _("Your side’s losses: %u destroyed, %u hulks, %u captured, "
                             "%u damaged."),
                      losses.destroyed, losses.hulks, losses.captured, losses.damaged);

  adm_doc_add_paragraph (doc, _("The enemy, as your side detected it (F-ECM):"));
  for (guint f = 0; f < adm_battle_get_n_formations (battle); f++)
    {
      const AdmBattleFormation *formation = adm_battle_get_formation (battle, f);
      AdmDetection detection;

      if (formation->side == side)
        continue;
      detection = adm_battle_get_detection (battle, side, f);
      if (detection == ADM_DETECTION_NONE)
        continue;  /* F-ECM-2: not on his table at all */
      if (enemy_table == NULL)
        enemy_table = adm_doc_add_table (doc, enemy_columns);
      if (detection == ADM_DETECTION_PRESENCE)
        unidentified_formations++;
      for (guint s = 0; s < formation->ships->len; s++)
        {
          guint index = g_array_index (formation->ships, guint, s);
          const AdmBattleShip *ship = adm_battle_get_ship (battle, index);
          g_autofree char *hull = NULL;
          g_autofree char *label = NULL;
          const char *cells[6];

          if (ship->original_side == side)
            continue;  /* one of his, captured back: listed with his side */
          if (detection == ADM_DETECTION_PRESENCE)
            {
              /* F-ECM-4: a face-down token, all alike; one gone from the table leaves no trace. */
              if (ship->status == ADM_SHIP_DESTROYED)
                continue;
              label = g_strdup_printf (_("Unidentified formation %u"), unidentified_formations);
              cells[0] = label;
              cells[1] = _("Unidentified ship");
              cells[2] = _("unknown");
              cells[3] = _("unknown");
              cells[4] = _("unknown");
            }
          else
            {
              /* F-ECM-6: the card is out; its hull left only as "enemy-ship-card" says
               * (adm-audience.h), else what the table shows. */
              if (adm_audience_ship_shows (adm_audience_side (side), battle, index,
                                           ADM_SHIP_FACT_HULL))
                hull = adm_report_hull_text (ship->klass->hull, ship->damage);
              else
                hull = g_strdup (ship->status == ADM_SHIP_ACTIVE &&
                                 adm_battle_ship_is_damaged (battle, index) ? _("damaged") : "—");
              cells[0] = formation->name;
              cells[1] = ship->name;
              cells[2] = ship->klass->name;
              cells[3] = hull;
              cells[4] = status_name (ship);
            }
          cells[5] = NULL;
          adm_doc_table_add_row (enemy_table, cells);
        }
    }
  if (enemy_table == NULL)
    adm_doc_add_paragraph (doc, _("No enemy ship was detected."));
}

/* The report of @cycle to @admirals (AdmAdmiral*, at least one, all of one faction): for one
 * his report; for several their side's, telling each thing once — a formation, an
 * engagement, a battle, a correction, the enemies out of contact and each formation's moves —
 * where each admiral's reports would repeat what they share. */
static AdmDoc *
build_admirals (Report     *report,
                GPtrArray  *admirals,
                guint       asked,
                GError    **error)
{
  const AdmAdmiral *admiral = g_ptr_array_index (admirals, 0);
  guint cycle;
  g_autofree char *title = NULL;
  g_autoptr(GPtrArray) engagements = NULL;
  g_autoptr(GPtrArray) battles = NULL;
  g_autoptr(GHashTable) told = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  gboolean any = FALSE;
  AdmDoc *doc;

  if (!resolved_cycle (report, asked, &cycle, error))
    return NULL;
  /* The revelation: once the master has published the whole truth of the ended campaign (the
   * campaign as it is now, not the cycle's past, says so), the audience filter gives every
   * side the master's view, and his archive is the master's. */
  if (report->revealed)
    return build_master (report, cycle, TRUE, admiral, error);
  if (admirals->len == 1)
    {
      /* Translators: the title of an admiral's report: his name, the cycle */
      title = g_strdup_printf (_("Report to %s — cycle %u"), admiral->name, cycle);
      doc = new_doc (report, title, cycle);
      adm_doc_add_printf (doc, _("For %s (%s) only."), admiral->name, admiral->faction->name);
    }
  else
    {
      g_autoptr(GString) names = g_string_new (NULL);

      for (guint a = 0; a < admirals->len; a++)
        g_string_append_printf (names, "%s%s", a > 0 ? ", " : "",
                                ((const AdmAdmiral *) g_ptr_array_index (admirals, a))->name);
      /* Translators: the title of a side's report to its admirals: the side, the cycle */
      title = g_strdup_printf (_("Report to %s — cycle %u"), admiral->faction->name, cycle);
      doc = new_doc (report, title, cycle);
      /* Translators: "For Barrayar only: Adm. Aral Vorkosigan, Adm. Lord Vorlakial." */
      adm_doc_add_printf (doc, _("For %s only: %s."), admiral->faction->name, names->str);
    }

  admiral_formations (report, doc, admirals, cycle);

  /* F-STRAT-3: their formations and the enemies they met. */
  adm_doc_add_heading (doc, 2, _("Movements and contacts"));
  for (guint a = 0; a < admirals->len; a++)
    {
      g_autofree char *summary = adm_strategy_summary (
        report->strategy, cycle, ((const AdmAdmiral *) g_ptr_array_index (admirals, a))->id);

      add_summary_once (doc, summary, told);
    }
  admiral_last_seen (report, doc, admiral);
  place_corrections (report, doc, admiral->faction, cycle);

  adm_doc_add_heading (doc, 2, _("Engagements"));
  /* F-STRAT-4: engagement by engagement of the queue, each with only the formations there at
   * its minute — not one that arrived for a later one. */
  engagements = report_queue (report, cycle);
  for (guint i = 0; i < engagements->len; i++)
    {
      const AdmQueuedEngagement *queued = g_ptr_array_index (engagements, i);
      const AdmEngagement *engagement = &queued->engagement;

      for (guint f = 0; f < engagement->formations->len; f++)
        if (is_ours (g_ptr_array_index (engagement->formations, f), admirals))
          {
            admiral_engagement (report, doc, admirals, engagement);
            any = TRUE;
            break;
          }
    }
  if (!any)
    adm_doc_add_paragraph (doc, _("Your formations met no enemy in this cycle."));
  admiral_dropped (report, doc, admirals, cycle);

  battles = cycle_battles (report, cycle);
  any = FALSE;
  for (guint i = 0; i < battles->len; i++)
    {
      CycleBattle *entry = g_ptr_array_index (battles, i);
      int side = -1;

      if (entry->battle == NULL)
        continue;
      for (guint f = 0; side < 0 && f < entry->engagement->formations->len; f++)
        {
          const AdmFormation *formation = g_ptr_array_index (entry->engagement->formations, f);
          int index;

          if (!is_ours (formation, admirals))
            continue;
          index = adm_battle_formation_index (entry->battle, formation->id);
          if (index >= 0)
            side = adm_battle_get_formation (entry->battle, index)->side;
        }
      if (side < 0)
        continue;
      if (!any)
        adm_doc_add_heading (doc, 2, _("Battles"));
      any = TRUE;
      admiral_battle (doc, entry, side);
    }
  return doc;
}

static AdmDoc *
build_admiral (Report     *report,
               const char *admiral_id,
               guint       asked,
               GError    **error)
{
  AdmAdmiral *admiral = find_admiral (report, admiral_id, error);
  g_autoptr(GPtrArray) admirals = NULL;

  if (admiral == NULL)
    return NULL;
  admirals = g_ptr_array_new ();
  g_ptr_array_add (admirals, admiral);
  return build_admirals (report, admirals, asked, error);
}

/* The public bulletin */

/* F-STRAT-3: what everyone may know of @cycle, through the one filter of the public map
 * (adm_audience_known_formations () with no viewer): the formations not hidden or revealed to
 * everyone, by faction and place — never their ships or strength, which the public map shows
 * none of — and the engagements one of them fought, naming only those. A hidden formation is
 * not named, nor counted, nor hinted at. */
static AdmDoc *
build_public (Report  *report,
              guint    asked,
              GError **error)
{
  guint cycle;
  g_autofree char *title = NULL;
  g_autoptr(GPtrArray) known = NULL;
  g_autoptr(GPtrArray) engagements = NULL;
  gboolean any = FALSE;
  AdmDoc *doc;

  if (!resolved_cycle (report, asked, &cycle, error))
    return NULL;
  /* The revelation: the public reads the master's report, as every side does. */
  if (report->revealed)
    return build_master (report, cycle, TRUE, NULL, error);
  /* Translators: the title of the report anyone may read, e.g. on the projector */
  title = g_strdup_printf (_("Public bulletin — cycle %u"), cycle);
  doc = new_doc (report, title, cycle);
  adm_doc_add_paragraph (doc, _("What everyone may know: the formations in being by faction and "
                                "place, and where they fought. No ship or strength is told."));

  adm_doc_add_heading (doc, 2, _("Formations"));
  known = adm_audience_known_formations (report->strategy, NULL);
  for (guint i = 0; i < known->len; i++)
    {
      const AdmFormation *formation = g_ptr_array_index (known, i);
      const AdmFormationPosition *pos = adm_strategy_get_position (report->strategy,
                                                                   formation->id);
      g_autofree char *where = position_text (pos);

      /* Translators: "First Squadron (Barrayar): Pol orbit." */
      adm_doc_add_printf (doc, _("%s (%s): %s."), formation->name, formation->faction->name,
                          where);
    }
  if (known->len == 0)
    adm_doc_add_paragraph (doc, _("No formation is publicly known."));

  adm_doc_add_heading (doc, 2, _("Engagements"));
  /* F-STRAT-4: engagement by engagement of the queue, as the admirals' reports tell them: each
   * at its minute with the formations there then, not one that arrived for a later one. */
  engagements = report_queue (report, cycle);
  for (guint i = 0; i < engagements->len; i++)
    {
      const AdmQueuedEngagement *queued = g_ptr_array_index (engagements, i);
      const AdmEngagement *engagement = &queued->engagement;
      g_autofree char *place = adm_engagement_place_name (engagement);
      g_autoptr(GString) named = g_string_new (NULL);

      if (!adm_audience_public_knows_engagement (report->strategy, report->scenario,
                                                 engagement))
        continue;
      for (guint f = 0; f < engagement->formations->len; f++)
        {
          const AdmFormation *formation = g_ptr_array_index (engagement->formations, f);

          if (adm_strategy_formation_visible (report->strategy, formation, NULL))
            g_string_append_printf (named, "%s%s (%s)", named->len > 0 ? ", " : "",
                                    formation->name, formation->faction->name);
        }
      any = TRUE;
      /* Translators: "Pol orbit, minute 0: First Squadron (Barrayar), Pol Six (Pol)." */
      adm_doc_add_printf (doc, _("%s, minute %.0f: %s."), place, engagement->minute, named->str);
    }
  if (!any)
    adm_doc_add_paragraph (doc, _("No engagement is publicly known in this cycle."));
  return doc;
}

/* Fleet cards */

static const char *
category_name (AdmCategory category)
{
  switch (category)
    {
    case ADM_CATEGORY_CAPITAL: return _("capital ship");
    case ADM_CATEGORY_ESCORT: return _("escort");
    case ADM_CATEGORY_AUXILIARY: return _("auxiliary");
    case ADM_CATEGORY_STATION:
    default:
      return _("station");
    }
}

/* The latest battle game in @battles_dir that has @ship_id, with the ship's index; NULL when
 * none. Battles of later cycles win. */
static AdmBattle *
latest_battle_of (GPtrArray  *battles,
                  const char *ship_id,
                  guint      *index)
{
  for (guint i = battles->len; i > 0; i--)
    {
      CycleBattle *entry = g_ptr_array_index (battles, i - 1);
      int found;

      if (entry->battle == NULL)
        continue;
      found = adm_battle_ship_index (entry->battle, ship_id);
      if (found >= 0)
        {
          *index = (guint) found;
          return entry->battle;
        }
    }
  return NULL;
}

static void
add_card (Report             *report,
          AdmDoc             *doc,
          const AdmFormation *formation,
          const AdmShip      *ship,
          gboolean            flagship,
          GPtrArray          *battles)
{
  const AdmShipClass *klass = ship->klass;
  AdmShipState *state = adm_state_get_ship (report->state, ship->id);
  int damage = state != NULL ? state->damage : 0;
  int readiness = state != NULL ? state->readiness : ship->readiness;
  guint index = 0;
  AdmBattle *battle = latest_battle_of (battles, ship->id, &index);
  const AdmBattleShip *fought = battle != NULL ? adm_battle_get_ship (battle, index) : NULL;
  const AdmReadinessGrade *grade;
  g_autofree char *subtitle = NULL, *base = NULL, *speed = NULL, *hull = NULL;
  g_autofree char *armour = NULL, *shields = NULL, *turrets = NULL, *ecm = NULL;
  g_autofree char *ready = NULL, *criticals = NULL;
  AdmDocBlock *card;

  /* The state carries the criticals of the campaign's own battles (adm-battle-result.h) and
   * those the scenario gave the ship (a next night's, adm-next-night.h). */
  if (state != NULL)
    criticals = criticals_list_text (report->ruleset, klass, state->criticals);
  /* A campaign whose battles are fought inside it carries their results in its state: the
   * card is the campaign's ship. */
  if (campaign_keeps_battles (report))
    fought = NULL;
  /* After a battle of the battles folder the ship is as the battle left it (damage, crew
   * losses, criticals). */
  if (fought != NULL)
    {
      damage = MAX (damage, fought->damage);
      readiness = adm_battle_ship_readiness (battle, index);
      g_free (criticals);
      criticals = criticals_text (battle, fought);
    }
  grade = adm_ruleset_readiness_grade (report->ruleset, readiness);

  /* Translators: a card's subtitle: class, ship type (when the class is not named after it),
   * category */
  if (g_strcmp0 (klass->name, klass->type->name) == 0)
    subtitle = g_strdup_printf (_("%s · %s%s"), klass->name, category_name (klass->category),
                                flagship ? _(" · ★ Flagship") : "");
  else
    subtitle = g_strdup_printf (_("%s · %s · %s%s"), klass->name, klass->type->name,
                                category_name (klass->category),
                                flagship ? _(" · ★ Flagship") : "");
  card = adm_doc_add_card (doc, ship->name, subtitle);
  /* F-SHIP-1, F-SHIP-2, F-SHIP-3 */
  base = g_strdup_printf (_("%.1f cm"), klass->type->base_size);
  adm_doc_card_add_field (card, _("Base"), base);
  /* F-MOVE: speed and the turn it may make */
  speed = g_strdup_printf (_("%d cm, turn %d°%s"), klass->speed, klass->turn,
                           klass->turn_anywhere ? _(" anywhere in the move") : "");
  adm_doc_card_add_field (card, _("Speed"), speed);
  hull = adm_report_hull_text (klass->hull, damage);
  adm_doc_card_add_field (card, _("Hull"), hull);
  armour = g_strdup_printf ("%d", klass->armour);
  adm_doc_card_add_field (card, _("Armour"), armour);
  shields = g_strdup_printf ("%d%s", klass->shields,
                             klass->special_shield ? _(" (special force shield)") : "");
  adm_doc_card_add_field (card, _("Shields"), shields);
  turrets = g_strdup_printf ("%d", klass->turrets);
  adm_doc_card_add_field (card, _("Turrets"), turrets);
  /* F-ECM-5 */
  ecm = g_strdup_printf (_("attack %d, defence %d"), klass->ecm_attack, klass->ecm_defence);
  adm_doc_card_add_field (card, _("ECM"), ecm);
  for (guint w = 0; w < klass->weapons->len; w++)
    {
      const AdmWeapon *weapon = g_ptr_array_index (klass->weapons, w);
      g_autofree char *arcs = adm_arcs_to_string (weapon->arcs);
      g_autofree char *value = NULL;

      if (weapon->type == ADM_WEAPON_TORPEDO)
        /* Translators: a torpedo weapon: firepower, range, arcs, speed, turns */
        value = g_strdup_printf (_("firepower %d, range %d cm, arcs %s, %d cm/turn for %d turns"),
                                 weapon->firepower, weapon->range, arcs, weapon->torpedo_speed,
                                 weapon->torpedo_turns);
      else
        value = g_strdup_printf (_("firepower %d, range %d cm, arcs %s"), weapon->firepower,
                                 weapon->range, arcs);
      adm_doc_card_add_field (card, weapon->name, value);
    }
  if (klass->sweep_devices > 0)
    {
      g_autofree char *sweep = g_strdup_printf ("%d", klass->sweep_devices);

      adm_doc_card_add_field (card, _("Sweep devices"), sweep);
    }
  /* F-RDY-5 */
  ready = g_strdup_printf ("%d (%s)", readiness, grade != NULL ? grade->name : "?");
  adm_doc_card_add_field (card, _("Readiness"), ready);
  /* F-CRIT-20, F-DC */
  adm_doc_card_add_field (card, _("Criticals"), criticals != NULL ? criticals : _("none"));
  adm_doc_card_add_field (card, _("Formation"), formation->name);
  /* The formation's faction by its name and its symbol, on paper and on a phone: never by
   * colour alone. */
  adm_doc_card_add_faction (card, _("Faction"), formation->faction->name,
                            formation->faction->symbol, formation->faction->colour);
  adm_doc_card_add_field (card, _("Flagship"), flagship ? _("yes ★") : _("no"));
  if (fought != NULL && (fought->status != ADM_SHIP_ACTIVE || fought->captured_by >= 0))
    {
      g_autofree char *note = g_strdup_printf (_("After the last battle: %s."),
                                               status_name (fought));

      adm_doc_card_add_note (card, note);
    }
}

/* Every battle of every resolved cycle, oldest first. */
static GPtrArray *
all_battles (Report *report)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (cycle_battle_free);
  guint last = adm_strategy_get_cycle (report->strategy);

  for (guint cycle = 1; report->battles_dir != NULL && cycle < last; cycle++)
    {
      g_autoptr(GPtrArray) some = cycle_battles (report, cycle);

      g_ptr_array_extend_and_steal (out, g_steal_pointer (&some));
    }
  return out;
}

static void
cards_of (Report           *report,
          AdmDoc           *doc,
          const AdmAdmiral *admiral,
          GPtrArray        *battles)
{
  GPtrArray *formations = adm_strategy_get_formations (report->strategy);
  g_autofree char *heading = g_strdup_printf (_("Fleet cards — %s (%s)"), admiral->name,
                                              admiral->faction->name);
  gboolean any = FALSE;

  adm_doc_add_heading (doc, 2, heading);
  for (guint i = 0; i < formations->len; i++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, i);
      const AdmFormationPosition *pos = adm_strategy_get_position (report->strategy,
                                                                   formation->id);
      const AdmShip *flagship = pos != NULL && pos->flagship != NULL ? pos->flagship
                                                                     : formation->flagship;

      if (!is_his (formation, admiral))
        continue;
      any = TRUE;
      for (guint s = 0; s < formation->ships->len; s++)
        {
          const AdmShip *ship = g_ptr_array_index (formation->ships, s);

          add_card (report, doc, formation, ship, ship == flagship, battles);
        }
    }
  if (!any)
    adm_doc_add_paragraph (doc, _("No formation under his command now."));
}

void
adm_report_add_ship_cards (AdmCampaign *campaign,
                           AdmDoc      *doc,
                           GHashTable  *ship_ids,
                           const char  *battles_dir)
{
  Report report;
  g_autoptr(GPtrArray) battles = NULL;
  GPtrArray *formations;

  g_return_if_fail (ADM_IS_CAMPAIGN (campaign));
  g_return_if_fail (doc != NULL && ship_ids != NULL);

  report_init (&report, campaign, battles_dir);
  battles = all_battles (&report);
  formations = adm_strategy_get_formations (report.strategy);
  for (guint i = 0; i < formations->len; i++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, i);
      const AdmFormationPosition *pos = adm_strategy_get_position (report.strategy,
                                                                   formation->id);
      const AdmShip *flagship = pos != NULL && pos->flagship != NULL ? pos->flagship
                                                                     : formation->flagship;

      for (guint s = 0; s < formation->ships->len; s++)
        {
          const AdmShip *ship = g_ptr_array_index (formation->ships, s);

          if (g_hash_table_contains (ship_ids, ship->id))
            add_card (&report, doc, formation, ship, ship == flagship, battles);
        }
    }
}

/* Blank order sheets */

static void
sheet_of (Report           *report,
          AdmDoc           *doc,
          const AdmAdmiral *admiral,
          guint             cycle)
{
  GPtrArray *formations = adm_strategy_get_formations (report->strategy);
  g_autofree char *heading = g_strdup_printf (_("Order sheet — %s, cycle %u"), admiral->name,
                                              cycle);
  g_autofree char *when = cycle_header (report, cycle);

  /* F-STRAT-13, F-STRAT-18 */
  adm_doc_add_heading (doc, 2, heading);
  adm_doc_add_printf (doc, _("Admiral: %s (%s)\n%s\nHanded in at: ______"), admiral->name,
                      admiral->faction->name, when);
  for (guint i = 0; i < formations->len; i++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, i);
      const AdmFormationPosition *pos = adm_strategy_get_position (report->strategy,
                                                                   formation->id);
      const AdmStratOrder *standing = adm_strategy_get_standing (report->strategy, formation->id);
      g_autofree char *where = NULL, *standing_text = NULL;
      g_autoptr(GString) ships = g_string_new (NULL);

      if (!is_his (formation, admiral))
        continue;
      where = position_text (pos);
      standing_text = standing != NULL ? order_text (standing) : NULL;
      for (guint s = 0; s < formation->ships->len; s++)
        g_string_append_printf (ships, "%s%s", s > 0 ? ", " : "",
                                ((const AdmShip *) g_ptr_array_index (formation->ships, s))->name);
      adm_doc_add_heading (doc, 3, formation->name);
      adm_doc_add_printf (doc, _("Where: %s\nFlagship: %s\nShips: %s\n"
                                 "Standing order (F-STRAT-5): %s"),
                          where, pos != NULL && pos->flagship != NULL ? pos->flagship->name
                                                                      : _("none"),
                          ships->str, standing_text != NULL ? standing_text : _("none"));
      adm_doc_add_lines (doc, _("Orders (move, attack, defend, patrol, lay or sweep mines; "
                                "route and target):"), 4);
    }
  adm_doc_add_lines (doc, _("General comments and instructions to the master (F-STRAT-18):"),
                     6);
}

/* Blank order-of-battle sheets */

/* The rows an admiral fills in: a page of them. */
#define OOB_ROWS 30

/* A cell to write in by hand: @n no-break spaces, as wide as that much text. */
static char *
blank_cell (guint n)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    g_string_append_unichar (out, 0x00a0);
  return g_string_free (out, FALSE);
}

/* F-GEN-5, F-GEN-6: the paper an admiral forms his fleet on before play, as the columns of the
 * order of battle a spreadsheet holds (docs/formats.md, "Order of battle (CSV)"), each ship a
 * row; then the season's classes he may name. */
static void
oob_of (Report           *report,
        AdmDoc           *doc,
        const AdmAdmiral *admiral)
{
  AdmRuleset *ruleset = adm_scenario_get_ruleset (report->scenario);
  GPtrArray *classes = adm_ruleset_get_classes (ruleset);
  g_autofree char *heading = g_strdup_printf (_("Order of battle — %s"), admiral->name);
  const char *columns[] = { _("Formation"), _("Ship"), _("Class"), _("Readiness"),
                            _("Command"), _("Sector"), _("Hidden"), NULL };
  g_autofree char *wide = blank_cell (26);
  g_autofree char *narrow = blank_cell (14);
  const char *blank[] = { wide, wide, narrow, " ", " ", narrow, " ", NULL };
  const char *class_columns[] = { _("Class"), _("Category"), _("Speed"), _("Hull"), NULL };
  int most = adm_ruleset_get_formation_ships (ruleset);
  AdmDocBlock *table;

  adm_doc_add_heading (doc, 2, heading);
  adm_doc_add_printf (doc, _("Admiral: %s (%s)\nHanded in at: ______"), admiral->name,
                      admiral->faction->name);
  adm_doc_add_printf (doc, ngettext ("One row a ship. Command: 1 for the formation’s "
                                     "flagship (F-FORM-4), 2, 3 … for the ships next in "
                                     "command (F-FORM-5), empty for the others. A formation "
                                     "has at most %d ship of one category (F-FORM-8). Hidden: "
                                     "yes for a formation the other sides do not know of at "
                                     "the start (F-STRAT-3).",
                                     "One row a ship. Command: 1 for the formation’s "
                                     "flagship (F-FORM-4), 2, 3 … for the ships next in "
                                     "command (F-FORM-5), empty for the others. A formation "
                                     "has at most %d ships of one category (F-FORM-8). Hidden: "
                                     "yes for a formation the other sides do not know of at "
                                     "the start (F-STRAT-3).", most), most);
  table = adm_doc_add_table (doc, columns);
  for (guint i = 0; i < OOB_ROWS; i++)
    adm_doc_table_add_row (table, blank);
  adm_doc_add_page_break (doc);
  adm_doc_add_heading (doc, 3, _("Classes of this game"));
  table = adm_doc_add_table (doc, class_columns);
  for (guint i = 0; i < classes->len; i++)
    {
      const AdmShipClass *klass = g_ptr_array_index (classes, i);
      g_autofree char *speed = g_strdup_printf ("%d", klass->speed);
      g_autofree char *hull = g_strdup_printf ("%d", klass->hull);
      const char *cells[] = { klass->name, category_name (klass->category), speed, hull, NULL };

      if (klass->category != ADM_CATEGORY_STATION)
        adm_doc_table_add_row (table, cells);
    }
}

/* Muster sheets */

/* The most formation rows a muster sheet prints: every ship a formation of its own, up to a
 * page of them. */
#define MUSTER_FORMATION_ROWS 16

/* F-GEN-5, F-GEN-6, F-GEN-7: the paper an admiral forms his pool into formations on, in the muster
 * before cycle 1: his ships, each with a formation number and a command to write in, then the
 * formations by number, named and hidden or not. The master types it back as a muster sheet
 * (`admiralty-cli muster CAMPAIGN submit`, docs/formats.md). Only his own pool: nothing of
 * another admiral's. */
static void
muster_of (Report           *report,
           AdmDoc           *doc,
           const AdmAdmiral *admiral)
{
  const AdmPool *pool = adm_scenario_lookup_pool (report->scenario, admiral->id);
  g_autofree char *heading = g_strdup_printf (_("Muster sheet — %s"), admiral->name);
  const char *columns[] = { _("Ship"), _("Id"), _("Class"), _("Category"), _("Formation"),
                            _("Command"), NULL };
  const char *formation_columns[] = { _("Formation"), _("Name"), _("Hidden"), NULL };
  g_autofree char *wide = blank_cell (30);
  g_autofree char *narrow = blank_cell (8);
  int most = adm_ruleset_get_formation_ships (adm_scenario_get_ruleset (report->scenario));
  AdmDocBlock *table;

  adm_doc_add_heading (doc, 2, heading);
  if (pool == NULL)
    {
      adm_doc_add_paragraph (doc, _("He is given no pool of ships to muster: his formations "
                                    "are the scenario’s."));
      return;
    }
  adm_doc_add_printf (doc, _("Admiral: %s (%s)\nShips in: %s\nHanded in at: ______"),
                      admiral->name, admiral->faction->name, pool->sector->name);
  adm_doc_add_printf (doc, ngettext ("Form every ship below into a formation (F-GEN-6). "
                                     "Formation: its number, 1, 2, 3 …; every ship in exactly "
                                     "one. Command: 1 for the formation’s flagship (F-FORM-4), "
                                     "2, 3 … for the ships next in command (F-FORM-5), empty "
                                     "for the others. A formation has at most %d ship of one "
                                     "category (F-FORM-8). The master announces where each "
                                     "formation starts (F-GEN-7).",
                                     "Form every ship below into a formation (F-GEN-6). "
                                     "Formation: its number, 1, 2, 3 …; every ship in exactly "
                                     "one. Command: 1 for the formation’s flagship (F-FORM-4), "
                                     "2, 3 … for the ships next in command (F-FORM-5), empty "
                                     "for the others. A formation has at most %d ships of one "
                                     "category (F-FORM-8). The master announces where each "
                                     "formation starts (F-GEN-7).", most), most);
  table = adm_doc_add_table (doc, columns);
  for (guint i = 0; i < pool->ships->len; i++)
    {
      const AdmShip *ship = g_ptr_array_index (pool->ships, i);
      const char *cells[] = { ship->name, ship->id, ship->klass->name,
                              category_name (ship->klass->category), narrow, narrow, NULL };

      adm_doc_table_add_row (table, cells);
    }
  adm_doc_add_heading (doc, 3, _("Formations"));
  adm_doc_add_paragraph (doc, _("Name each formation you formed, at most 80 characters. "
                                "Hidden: yes for one the other sides do not know of at the "
                                "start (F-STRAT-3)."));
  table = adm_doc_add_table (doc, formation_columns);
  for (guint i = 0; i < MIN (pool->ships->len, MUSTER_FORMATION_ROWS); i++)
    {
      g_autofree char *number = g_strdup_printf ("%u", i + 1);
      const char *cells[] = { number, wide, narrow, NULL };

      adm_doc_table_add_row (table, cells);
    }
}

/* Entry point */

/* The admirals a per-admiral document is for: the one asked, or every one. */
static GPtrArray *
admirals_for (Report      *report,
              const char  *admiral_id,
              GError     **error)
{
  GPtrArray *out = g_ptr_array_new ();

  if (admiral_id == NULL)
    {
      GPtrArray *admirals = adm_strategy_get_admirals (report->strategy);

      for (guint i = 0; i < admirals->len; i++)
        g_ptr_array_add (out, g_ptr_array_index (admirals, i));
    }
  else
    {
      AdmAdmiral *admiral = find_admiral (report, admiral_id, error);

      if (admiral == NULL)
        {
          g_ptr_array_unref (out);
          return NULL;
        }
      g_ptr_array_add (out, admiral);
    }
  return out;
}

/* The revelation: an admiral's own sheets are the master's, every admiral's, once the truth is
 * published; an unknown admiral is still refused. */
static gboolean
revealed_admirals (Report      *report,
                   const char **admiral_id,
                   GError     **error)
{
  if (report->revealed && *admiral_id != NULL)
    {
      if (find_admiral (report, *admiral_id, error) == NULL)
        return FALSE;
      *admiral_id = NULL;
    }
  return TRUE;
}

static AdmDoc *
build_cards (Report     *report,
             const char *admiral_id,
             GError    **error)
{
  g_autoptr(GPtrArray) admirals = revealed_admirals (report, &admiral_id, error)
                                  ? admirals_for (report, admiral_id, error) : NULL;
  g_autoptr(GPtrArray) battles = NULL;
  guint cycle = adm_strategy_get_cycle (report->strategy);
  AdmDoc *doc;

  if (admirals == NULL)
    return NULL;
  battles = all_battles (report);
  doc = admirals->len == 1 ? new_doc (report, _("Fleet cards"), cycle)
                           : parts_doc (report, _("Fleet cards"), cycle);
  if (admirals->len == 1)
    cards_of (report, doc, g_ptr_array_index (admirals, 0), battles);
  /* Every admiral's cards: each his own part, his name over his pages. */
  for (guint i = 0; admirals->len > 1 && i < admirals->len; i++)
    {
      const AdmAdmiral *admiral = g_ptr_array_index (admirals, i);
      g_autofree char *own_title = g_strdup_printf (_("Fleet cards of %s"), admiral->name);
      g_autoptr(AdmDoc) own = new_doc (report, own_title, cycle);

      cards_of (report, own, (AdmAdmiral *) admiral, battles);
      adm_doc_append_part (doc, own, admiral->name, NULL);
    }
  return doc;
}

static AdmDoc *
build_oob (Report     *report,
           const char *admiral_id,
           GError    **error)
{
  g_autoptr(GPtrArray) admirals = admirals_for (report, admiral_id, error);
  guint cycle = adm_strategy_get_cycle (report->strategy);
  AdmDoc *doc;

  if (admirals == NULL)
    return NULL;
  doc = admirals->len == 1 ? new_doc (report, _("Order of battle"), cycle)
                           : parts_doc (report, _("Order of battle"), cycle);
  if (admirals->len == 1)
    oob_of (report, doc, g_ptr_array_index (admirals, 0));
  /* Every admiral's sheet: each his own part, his name over his pages. */
  for (guint i = 0; admirals->len > 1 && i < admirals->len; i++)
    {
      const AdmAdmiral *admiral = g_ptr_array_index (admirals, i);
      g_autofree char *own_title = g_strdup_printf (_("Order of battle of %s"), admiral->name);
      g_autoptr(AdmDoc) own = new_doc (report, own_title, cycle);

      oob_of (report, own, admiral);
      adm_doc_append_part (doc, own, admiral->name, NULL);
    }
  return doc;
}

static AdmDoc *
build_muster (Report     *report,
              const char *admiral_id,
              GError    **error)
{
  g_autoptr(GPtrArray) admirals = admirals_for (report, admiral_id, error);
  guint cycle = adm_strategy_get_cycle (report->strategy);
  guint parts = 0;
  AdmDoc *doc;

  if (admirals == NULL)
    return NULL;
  if (admirals->len == 1)
    {
      doc = new_doc (report, _("Muster sheets"), cycle);
      muster_of (report, doc, g_ptr_array_index (admirals, 0));
      return doc;
    }
  doc = parts_doc (report, _("Muster sheets"), cycle);
  /* Every admiral with a pool: each his own part, his name over his pages. */
  for (guint i = 0; i < admirals->len; i++)
    {
      const AdmAdmiral *admiral = g_ptr_array_index (admirals, i);
      g_autofree char *own_title = NULL;
      g_autoptr(AdmDoc) own = NULL;

      if (adm_scenario_lookup_pool (report->scenario, admiral->id) == NULL)
        continue;
      own_title = g_strdup_printf (_("Muster sheet of %s"), admiral->name);
      own = new_doc (report, own_title, cycle);
      muster_of (report, own, admiral);
      adm_doc_append_part (doc, own, admiral->name, NULL);
      parts++;
    }
  if (parts == 0)
    {
      adm_doc_add_heading (doc, 1, _("Muster sheets"));
      adm_doc_add_paragraph (doc, _("This campaign has no muster: its scenario gives no admiral "
                                    "a pool of ships."));
    }
  return doc;
}

static AdmDoc *
build_sheets (Report     *report,
              const char *admiral_id,
              guint       asked,
              GError    **error)
{
  guint current = adm_strategy_get_cycle (report->strategy);
  g_autoptr(GPtrArray) admirals = NULL;
  g_autofree char *title = NULL;
  AdmDoc *doc;

  /* F-STRAT-1: orders are for the cycle the next session resolves, and the sheet shows where
   * the formations are now. */
  if (asked != 0 && asked != current)
    {
      g_set_error (error, ADM_REPORT_ERROR, ADM_REPORT_ERROR_CYCLE,
                   _("Order sheets can only be printed for the current cycle, %u, not cycle %u"),
                   current, asked);
      return NULL;
    }
  if (!revealed_admirals (report, &admiral_id, error))
    return NULL;
  admirals = admirals_for (report, admiral_id, error);
  if (admirals == NULL)
    return NULL;
  title = g_strdup_printf (_("Order sheets — cycle %u"), current);
  doc = admirals->len == 1 ? new_doc (report, title, current)
                           : parts_doc (report, title, current);
  if (admirals->len == 1)
    sheet_of (report, doc, g_ptr_array_index (admirals, 0), current);
  /* Every admiral's sheet: each his own part, his name over his pages. */
  for (guint i = 0; admirals->len > 1 && i < admirals->len; i++)
    {
      const AdmAdmiral *admiral = g_ptr_array_index (admirals, i);
      g_autofree char *own_title = g_strdup_printf (_("Order sheet of %s — cycle %u"),
                                                    admiral->name, current);
      g_autoptr(AdmDoc) own = new_doc (report, own_title, current);

      sheet_of (report, own, (AdmAdmiral *) admiral, current);
      adm_doc_append_part (doc, own, admiral->name, NULL);
    }
  return doc;
}

/* The events of adm_report_cycle_events (), borrowed from the campaign's, and in *@end the
 * number of them up to and including the session that resolved @cycle; NULL when that
 * session is the journal's last event (the campaign as it stands is the cycle's), or when
 * @cycle was never resolved (*@end is then 0). */
static GPtrArray *
cycle_events (AdmCampaign *campaign,
              guint        cycle,
              guint       *end)
{
  GPtrArray *events = adm_campaign_get_events (campaign);
  GPtrArray *applied;

  *end = 0;
  for (guint i = 0; i < events->len && *end == 0; i++)
    {
      const AdmEvent *event = g_ptr_array_index (events, i);
      gint64 n;

      if (g_str_equal (adm_event_get_kind (event), "cycle") &&
          adm_event_get_int (event, "cycle", &n) && n == (gint64) cycle)
        *end = i + 1;
    }
  if (*end == 0 || *end >= events->len)
    return NULL;

  applied = g_ptr_array_sized_new (events->len);
  for (guint i = 0; i < *end; i++)
    g_ptr_array_add (applied, g_ptr_array_index (events, i));
  /* F-STRAT-4: the battles of the cycle's engagements, fought after its session and before
   * the next one, belong to its report: their results (and the master's repairs) are in it;
   * the orders and sheets of the next cycle are not. */
  for (guint i = *end; i < events->len; i++)
    {
      AdmEvent *event = g_ptr_array_index (events, i);
      const char *kind = adm_event_get_kind (event);

      if (g_str_equal (kind, "cycle"))
        break;
      if (g_str_equal (kind, "ship-after-battle") || g_str_equal (kind, "prize") ||
          g_str_equal (kind, "battle-end") || g_str_equal (kind, "repair") ||
          g_str_equal (kind, "placement") || g_str_equal (kind, "sighting") ||
          g_str_equal (kind, "layout") ||
          g_str_equal (kind, "drop-engagement") || g_str_equal (kind, "assign"))
        g_ptr_array_add (applied, event);
    }
  return applied;
}

GPtrArray *
adm_report_cycle_events (AdmCampaign *campaign,
                         guint        cycle)
{
  g_autoptr(GPtrArray) applied = NULL;
  GPtrArray *from, *out;
  guint end;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), NULL);

  out = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_event_unref);
  applied = cycle_events (campaign, cycle, &end);
  from = applied != NULL ? applied : adm_campaign_get_events (campaign);
  /* Never resolved: no session, nothing of it to report. */
  if (applied == NULL && end == 0)
    return out;
  for (guint i = 0; i < from->len; i++)
    g_ptr_array_add (out, adm_event_ref (g_ptr_array_index (from, i)));
  return out;
}

/* The state at the end of the comms session that resolved @cycle: the journal replayed from
 * its events (cycle_events ()). NULL when that event is the journal's last event, or when
 * @cycle was never resolved (resolved_cycle () then says so). The campaign keeps the replay
 * (adm_campaign_replay ()): the reports made again after every entry apply only the new
 * events. */
static AdmState *
state_as_of (AdmCampaign *campaign,
             guint        cycle)
{
  g_autoptr(GPtrArray) applied = NULL;
  g_autoptr(GError) error = NULL;
  AdmState *state;
  guint end;

  applied = cycle_events (campaign, cycle, &end);
  if (applied == NULL)
    return NULL;
  /* The journal was accepted once already: a prefix of it replays the same way. An ending
   * that leant on an order of the next cycle does not apply here, and is left to that
   * cycle's report. */
  state = adm_campaign_replay (campaign, applied, end, &error);
  if (state == NULL)
    g_warning ("Replaying the journal to cycle %u: %s", cycle, error->message);
  return state;
}

AdmDoc *
adm_report_build (AdmCampaign   *campaign,
                  AdmReportKind  kind,
                  const char    *admiral_id,
                  guint          cycle,
                  const char    *battles_dir,
                  GError       **error)
{
  Report report;
  g_autoptr(AdmState) then = NULL;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (kind == ADM_REPORT_LUCK)
    return adm_luck_build (campaign, NULL, NULL, error);
  if (kind == ADM_REPORT_CHRONICLE)
    return adm_chronicle_build (campaign, admiral_id, battles_dir, error);
  report_init (&report, campaign, battles_dir);
  /* F-STRAT-3: a report on an earlier cycle shows the formations where they were when that
   * cycle was resolved, and only what had been revealed by then — not where they are now. */
  if (kind == ADM_REPORT_MASTER || kind == ADM_REPORT_ADMIRAL || kind == ADM_REPORT_PUBLIC)
    {
      guint last = adm_strategy_get_cycle (report.strategy) - 1;

      then = state_as_of (campaign, cycle != 0 ? cycle : last);
    }
  if (then != NULL)
    {
      report.state = then;
      report.strategy = adm_state_get_strategy (then);
    }
  switch (kind)
    {
    case ADM_REPORT_MASTER:
      return build_master (&report, cycle, FALSE, NULL, error);
    case ADM_REPORT_ADMIRAL:
      return build_admiral (&report, admiral_id, cycle, error);
    case ADM_REPORT_CARDS:
      return build_cards (&report, admiral_id, error);
    case ADM_REPORT_PUBLIC:
      return build_public (&report, cycle, error);
    case ADM_REPORT_OOB:
      return build_oob (&report, admiral_id, error);
    case ADM_REPORT_MUSTER:
      return build_muster (&report, admiral_id, error);
    case ADM_REPORT_SHEETS:
    default:
      return build_sheets (&report, admiral_id, cycle, error);
    }
}

AdmDoc *
adm_report_build_admirals (AdmCampaign  *campaign,
                           GPtrArray    *admirals,
                           guint         cycle,
                           const char   *battles_dir,
                           GError      **error)
{
  Report report;
  g_autoptr(AdmState) then = NULL;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), NULL);
  g_return_val_if_fail (admirals != NULL && admirals->len > 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  report_init (&report, campaign, battles_dir);
  /* F-STRAT-3: as adm_report_build () tells an admiral's report of an earlier cycle. */
  then = state_as_of (campaign, cycle != 0 ? cycle
                                           : adm_strategy_get_cycle (report.strategy) - 1);
  if (then != NULL)
    {
      report.state = then;
      report.strategy = adm_state_get_strategy (then);
    }
  return build_admirals (&report, admirals, cycle, error);
}

/* The admiral's own link to the admirals' portal and its QR code, on his fleet-card
 * sheet, when the portal keeps keys for this campaign in its side file (docs/formats.md) and
 * has been started (it writes there the address it listened on). Never another's link. */
static void
add_portal_link (AdmDoc      *doc,
                 AdmCampaign *campaign,
                 const char  *admiral_id)
{
  const char *path = adm_campaign_get_path (campaign);
  g_autofree char *dir = NULL, *base = NULL, *name = NULL, *side = NULL;
  g_autofree char *token = NULL, *address = NULL, *link = NULL;
  g_autoptr(GKeyFile) keys = g_key_file_new ();

  if (path == NULL)
    return;
  dir = g_path_get_dirname (path);
  base = g_path_get_basename (path);
  name = g_strdup_printf (".%s.portal-tokens", base);
  side = g_build_filename (dir, name, NULL);
  if (!g_key_file_load_from_file (keys, side, G_KEY_FILE_NONE, NULL))
    return;
  token = g_key_file_get_string (keys, "tokens", admiral_id, NULL);
  address = g_key_file_get_string (keys, "portal", "address", NULL);
  if (token == NULL || strlen (token) != 32 || address == NULL || *address == '\0')
    return;
  link = g_strdup_printf ("%s/a/%s/", address, token);
  adm_doc_add_heading (doc, 2, _("Your page on the admirals’ portal"));
  adm_doc_add_paragraph (doc, _("Scan the code with your phone on the game’s network, or type "
                                "the link; it is yours alone: keep it to yourself."));
  adm_doc_add_paragraph (doc, link);
  adm_doc_add_qr (doc, link);
}

AdmDoc *
adm_report_build_packet (AdmCampaign  *campaign,
                         const char   *admiral_id,
                         guint         cycle,
                         const char   *battles_dir,
                         GError      **error)
{
  AdmReportKind kinds[] = { ADM_REPORT_ADMIRAL, ADM_REPORT_CARDS, ADM_REPORT_SHEETS };
  g_autoptr(AdmDoc) packet = NULL;
  gboolean resolved;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), NULL);
  g_return_val_if_fail (admiral_id != NULL, NULL);

  resolved = adm_strategy_get_cycle (adm_state_get_strategy (adm_campaign_get_state (campaign))) > 1;
  for (guint k = resolved ? 0 : 1; k < G_N_ELEMENTS (kinds); k++)
    {
      g_autoptr(AdmDoc) doc = adm_report_build (campaign, kinds[k], admiral_id,
                                                kinds[k] == ADM_REPORT_SHEETS ? 0 : cycle,
                                                battles_dir, error);

      if (doc == NULL)
        return NULL;
      if (kinds[k] == ADM_REPORT_CARDS)
        add_portal_link (doc, campaign, admiral_id);
      if (packet == NULL)
        packet = g_steal_pointer (&doc);
      else
        adm_doc_append (packet, doc);
    }
  return g_steal_pointer (&packet);
}

AdmDoc *
adm_report_build_every_packet (AdmCampaign  *campaign,
                               guint         cycle,
                               const char   *battles_dir,
                               GError      **error)
{
  GPtrArray *admirals;
  guint current;
  g_autofree char *title = NULL;
  g_autoptr(AdmDoc) all = NULL;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  admirals = adm_campaign_get_admirals (campaign);
  current = adm_strategy_get_cycle (adm_state_get_strategy (adm_campaign_get_state (campaign)));
  title = g_strdup_printf (_("Every admiral’s paper — cycle %u"), current);
  all = adm_doc_new (title, adm_scenario_get_name (adm_campaign_get_scenario (campaign)), NULL);
  for (guint i = 0; i < admirals->len; i++)
    {
      const AdmAdmiral *admiral = g_ptr_array_index (admirals, i);
      g_autoptr(AdmDoc) packet = adm_report_build_packet (campaign, admiral->id, cycle,
                                                          battles_dir, error);
      g_autofree char *cover = NULL;

      if (packet == NULL)
        return NULL;
      /* Translators: the line opening one admiral's pages in the stack printed for every
       * admiral, "The paper of Adm. Radovan (Barrayar): his report, fleet cards and order
       * sheet". */
      cover = admiral->faction != NULL
              ? g_strdup_printf (_("The paper of %s (%s): his report, fleet cards and order "
                                   "sheet"), admiral->name, admiral->faction->name)
              : g_strdup_printf (_("The paper of %s: his report, fleet cards and order sheet"),
                                 admiral->name);
      adm_doc_append_part (all, packet, admiral->name, cover);
    }
  return g_steal_pointer (&all);
}
