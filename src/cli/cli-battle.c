/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-battle.c: `admiralty-cli battle …` — a battle file played out with its orders file,
 * turn by turn (F-SEQ-1), with seeded or given dice: the report of each turn, the ships,
 * markers and detection as they stand after the last one, and every roll made. A turn the
 * engine refuses (an illegal order, dice that run out) changes nothing and prints nothing
 * but the reason. */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "cli-private.h"
#include "adm-battle-layout.h"
#include "adm-battle-result.h"
#include "adm-campaign-battles.h"
#include "adm-clock.h"
#include "adm-dice-commit.h"
#include "adm-dice-ledger.h"

/* A master plays a battle over an evening; no battle comes near this many turns. */
#define MAX_TURNS 1000

void
_cli_battle_dice_clear (CliBattleDice *dice)
{
  g_clear_object (&dice->source);
  g_clear_pointer (&dice->commitment, g_free);
  dice->queue = NULL;
}

/* Positions and headings are computed with sines; three decimals are more than any tape
 * measure gives and keep the JSON free of 19.999999999999996. */
static double
tidy (double value)
{
  double rounded = round (value * 1000.0) / 1000.0;

  return rounded == 0.0 ? 0.0 : rounded;
}

CliExit
_cli_battle_parse_turns (const char *text,
                         gboolean    json,
                         int        *turns)
{
  *turns = 1;
  if (!_cli_parse_int (text, 1, MAX_TURNS, turns))
    return _cli_invalid (json, _("--turns “%s” is not a number of turns; give a whole number "
                                 "from 1 to %d"), text, MAX_TURNS);
  return CLI_EXIT_OK;
}

/* A saved battle's seeded dice go on where they stopped: the generator draws again the dice
 * its journal used, so that playing on with the same seed gives what one run would have. */
static void
skip_rolls_played (AdmBattle   *battle,
                   AdmDicePrng *prng)
{
  GPtrArray *rolls = adm_battle_get_rolls (battle);

  for (guint i = 0; i < rolls->len; i++)
    {
      const AdmBattleRoll *roll = g_ptr_array_index (rolls, i);

      for (guint v = 0; v < roll->n_values; v++)
        adm_dice_prng_die (prng, roll->sides);
    }
}

/* A campaign battle's program dice, which the admirals can check (adm-dice-ledger.h): drawn
 * from a secret kept out of the campaign file, its commitment journaled before the first roll
 * (with --seed the secret is the seed's, docs/dice.md). */
static CliExit
commit_dice (AdmCampaign   *campaign,
             const char    *engagement_id,
             AdmBattle     *battle,
             const char    *seed_text,
             gboolean       json,
             CliBattleDice *dice)
{
  g_autoptr(GError) error = NULL;

  if (seed_text != NULL)
    {
      g_autofree char *message = _cli_parse_seed ("--seed", seed_text, &dice->seed);

      if (message != NULL)
        return _cli_invalid (json, "%s", message);
      dice->seeded = TRUE;
    }
  dice->source = adm_campaign_dice_source (campaign, engagement_id, battle,
                                           dice->seeded ? &dice->seed : NULL, adm_clock_now (),
                                           &error);
  if (dice->source == NULL)
    return _cli_invalid (json, "%s", error->message);
  dice->commitment = g_strdup (adm_dice_commit_get_commitment (ADM_DICE_COMMIT (dice->source)));
  return CLI_EXIT_OK;
}

/* --seed N or the battle's own seed (1 when it has none) for a PRNG; --dice for a queue. */
CliExit
_cli_battle_make_dice (AdmBattle     *battle,
                       const char    *seed_text,
                       const char    *dice_text,
                       gboolean       json,
                       CliBattleDice *dice)
{
  g_autoptr(GError) error = NULL;

  if (dice_text != NULL)
    {
      g_autoptr(AdmDiceQueue) queue = adm_dice_queue_new ();

      if (!adm_dice_queue_push_text (queue, dice_text, &error))
        return _cli_invalid (json, _("--dice “%s”: %s"), dice_text, error->message);
      dice->queue = queue;
      dice->source = ADM_DICE_SOURCE (g_steal_pointer (&queue));
      return CLI_EXIT_OK;
    }
  if (seed_text != NULL)
    {
      g_autofree char *message = _cli_parse_seed ("--seed", seed_text, &dice->seed);

      if (message != NULL)
        return _cli_invalid (json, "%s", message);
    }
  else
    dice->seed = adm_battle_get_seed (battle) != 0 ? adm_battle_get_seed (battle) : 1;
  dice->seeded = TRUE;
  dice->source = ADM_DICE_SOURCE (adm_dice_prng_new (dice->seed));
  skip_rolls_played (battle, ADM_DICE_PRNG (dice->source));
  return CLI_EXIT_OK;
}

/* The engine names the orders file and line of an illegal order; a refusal that comes from
 * the dice has no line, so it gets the battle file and the turn. */
static CliExit
refused (const AdmBattleOrders *orders,
         const char            *battle_file,
         int                    turn,
         const GError          *error,
         gboolean               json)
{
  g_autofree char *prefix = NULL;

  if (orders != NULL)
    prefix = g_strconcat (orders->file, ":", NULL);
  if (prefix != NULL && g_str_has_prefix (error->message, prefix))
    return _cli_invalid (json, "%s", error->message);
  return _cli_invalid (json, _("%s: turn %d was refused, nothing of it applied: %s"),
                       battle_file, turn, error->message);
}

CliExit
_cli_battle_play (AdmBattle             *battle,
                  const AdmBattleOrders *orders,
                  AdmDiceSource         *dice,
                  int                    turns,
                  const char            *battle_file,
                  gboolean               json)
{
  for (int i = 0; i < turns; i++)
    {
      int turn = adm_battle_get_turn (battle);
      const AdmTurnOrders *turn_orders = orders != NULL
                                           ? adm_battle_orders_get_turn (orders, turn) : NULL;
      g_autoptr(GError) error = NULL;

      if (!adm_battle_resolve_turn (battle, turn_orders, dice, &error))
        return refused (orders, battle_file, turn, error, json);
    }
  return CLI_EXIT_OK;
}

CliExit
_cli_battle_play_phases (AdmBattle             *battle,
                         const AdmBattleOrders *orders,
                         int                    turns,
                         const char            *battle_file,
                         gboolean               json,
                         CliPhaseDice           phase_dice,
                         gpointer               data)
{
  for (int i = 0; i < turns; i++)
    {
      int turn = adm_battle_get_turn (battle);
      const AdmTurnOrders *turn_orders = orders != NULL
                                           ? adm_battle_orders_get_turn (orders, turn) : NULL;

      while (adm_battle_get_turn (battle) == turn)
        {
          g_autoptr(GError) error = NULL;
          g_autoptr(AdmDiceSource) dice = phase_dice (battle, turn_orders, data, &error);
          const char *phase = adm_phase_to_string (adm_battle_get_phase (battle));

          if (dice == NULL)
            return _cli_invalid (json, "%s", error->message);
          if (!adm_battle_resolve_phase (battle, turn_orders, dice, &error))
            {
              g_autofree char *prefix = orders != NULL ? g_strconcat (orders->file, ":", NULL)
                                                       : NULL;

              if (prefix != NULL && g_str_has_prefix (error->message, prefix))
                return _cli_invalid (json, "%s", error->message);
              /* Translators: "c1-3.battle: turn 2, phase “Fire” was refused (the phases
               * before it stand): …" */
              return _cli_invalid (json, _("%s: turn %d, phase “%s” was refused (the phases "
                                           "before it stand): %s"), battle_file, turn,
                                   adm_phase_display_name (phase), error->message);
            }
        }
    }
  return CLI_EXIT_OK;
}

/* Text output */

/* "6 Engine compartment damaged, 7 Fire!": each outstanding 2d6 result as often as it was
 * taken (F-CRIT-20), or NULL when there is none. */
static char *
criticals_text (AdmBattle *battle,
                guint      ship)
{
  const AdmBattleShip *s = adm_battle_get_ship (battle, ship);
  GString *out = g_string_new (NULL);
  /* F-STN-7: stations take their results from their own table. */
  const char *kind = s->klass->category == ADM_CATEGORY_STATION ? "station" : "ship";

  for (int r = 2; r < ADM_CRITICAL_RESULTS; r++)
    for (int n = 0; n < s->criticals[r]; n++)
      {
        const AdmTableRow *row = adm_ruleset_critical (adm_battle_get_ruleset (battle), kind,
                                                       r);

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

/* Prints @rows (GStrv each, @n_columns cells) as columns padded to their widest cell. */
static void
print_table (GPtrArray *rows,
             guint      n_columns)
{
  g_autofree glong *widths = g_new0 (glong, n_columns);

  for (guint i = 0; i < rows->len; i++)
    for (guint c = 0; c < n_columns; c++)
      widths[c] = MAX (widths[c], g_utf8_strlen (((char **) g_ptr_array_index (rows, i))[c], -1));
  for (guint i = 0; i < rows->len; i++)
    {
      char **cells = g_ptr_array_index (rows, i);
      g_autoptr(GString) line = g_string_new ("  ");

      for (guint c = 0; c < n_columns; c++)
        {
          g_string_append (line, cells[c]);
          if (c + 1 < n_columns)
            for (glong pad = g_utf8_strlen (cells[c], -1); pad < widths[c] + 2; pad++)
              g_string_append_c (line, ' ');
        }
      g_print ("%s\n", line->str);
    }
}

static void
print_report (AdmBattle   *battle,
              AdmAudience  audience)
{
  /* --as: the lines that audience may read (adm-audience.h). */
  g_autoptr(GPtrArray) report = adm_audience_filter_report (audience, battle);
  int heading = 0;

  for (guint i = 0; i < report->len; i++)
    {
      const AdmReportLine *line = g_ptr_array_index (report, i);

      if (line->turn != heading)
        {
          heading = line->turn;
          g_print (_("\nTurn %d\n"), heading);
        }
      /* Translators: a report line after its phase: "  Fire: Vorberg takes 2 damage…" */
      g_print (_("  %s: %s\n"), adm_phase_display_name (adm_phase_to_string (line->phase)),
               adm_report_line_get_text (line));
    }
}

/* A ship's state in the ship table, in the reader's language (--json keeps the ids). */
static const char *
status_words (AdmShipStatus status)
{
  switch (status)
    {
    case ADM_SHIP_ACTIVE: return C_("ship state", "active");
    case ADM_SHIP_DRIFTING_HULK: return C_("ship state", "drifting-hulk");
    case ADM_SHIP_BURNING_HULK: return C_("ship state", "burning-hulk");
    case ADM_SHIP_DESTROYED:
    default:
      return C_("ship state", "destroyed");
    }
}

/* What a side knows of a formation (F-ECM), in the reader's language. */
static const char *
detection_words (AdmDetection level)
{
  switch (level)
    {
    case ADM_DETECTION_NONE: return C_("detection", "none");
    case ADM_DETECTION_PRESENCE: return C_("detection", "presence");
    case ADM_DETECTION_FULL:
    default:
      return C_("detection", "full");
    }
}

/* --as: a ship as @audience sees it (F-ECM-4, F-ECM-6, "enemy-ship-card"): a face-down
 * token's place only; an identified enemy's name, side, place, heading and what the table
 * shows, its hull only as the ruling says; "-" for the rest. */
static char **
ship_row_as (AdmBattle   *battle,
             AdmAudience  audience,
             guint        ship)
{
  const AdmBattleShip *s = adm_battle_get_ship (battle, ship);
  char **row = g_new0 (char *, 9);

  row[2] = g_strdup_printf ("(%.1f, %.1f)", tidy (s->position.x), tidy (s->position.y));
  if (!adm_audience_ship_shows (audience, battle, ship, ADM_SHIP_FACT_NAME))
    {
      row[0] = g_strdup (_("unidentified ship"));
      for (guint c = 1; c < 8; c++)
        if (row[c] == NULL)
          row[c] = g_strdup ("-");
      return row;
    }
  row[0] = g_strdup (s->name);
  row[1] = g_strdup (adm_battle_get_side (battle, s->side)->name);
  row[3] = g_strdup_printf ("%.0f°", tidy (s->heading));
  row[4] = adm_audience_ship_shows (audience, battle, ship, ADM_SHIP_FACT_HULL)
             ? g_strdup_printf ("%d/%d", adm_battle_ship_hull_left (battle, ship), s->klass->hull)
             : g_strdup (s->status == ADM_SHIP_ACTIVE && adm_battle_ship_is_damaged (battle, ship)
                           ? _("damaged") : "-");
  row[5] = g_strdup ("-");
  row[6] = g_strdup (status_words (s->status));
  row[7] = g_strdup ("-");
  return row;
}

static char **
ship_row (AdmBattle   *battle,
          AdmAudience  audience,
          guint        ship)
{
  const AdmBattleShip *s = adm_battle_get_ship (battle, ship);
  g_autofree char *criticals = NULL;
  char **row;

  if (adm_audience_ship_view (audience, battle, ship) != ADM_SHIP_VIEW_FULL)
    return ship_row_as (battle, audience, ship);
  criticals = criticals_text (battle, ship);
  row = g_new0 (char *, 9);

  row[0] = g_strdup (s->name);
  row[1] = g_strdup (adm_battle_get_side (battle, s->side)->name);
  row[2] = g_strdup_printf ("(%.1f, %.1f)", tidy (s->position.x), tidy (s->position.y));
  row[3] = g_strdup_printf ("%.0f°", tidy (s->heading));
  row[4] = g_strdup_printf ("%d/%d", adm_battle_ship_hull_left (battle, ship), s->klass->hull);
  row[5] = g_strdup_printf ("%d", adm_battle_ship_shield_pool (battle, ship));
  /* F-BOARD-15: a captured ship is out of action in its captors' hands. */
  if (s->captured_by >= 0 && s->status == ADM_SHIP_ACTIVE)
    row[6] = g_strdup_printf (_("captured by %s"),
                              adm_battle_get_ship (battle, s->captured_by)->name);
  else
    row[6] = g_strdup (status_words (s->status));
  row[7] = g_strdup (criticals != NULL ? criticals : "-");
  return row;
}

static void
print_ships (AdmBattle   *battle,
             AdmAudience  audience)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  char **header = g_new0 (char *, 9);

  header[0] = g_strdup (_("Ship"));
  header[1] = g_strdup (_("Side"));
  header[2] = g_strdup (_("Position (cm)"));
  header[3] = g_strdup (_("Heading"));
  header[4] = g_strdup (_("Hull"));
  header[5] = g_strdup (_("Shields"));
  header[6] = g_strdup (_("Status"));
  header[7] = g_strdup (_("Criticals"));
  g_ptr_array_add (rows, header);
  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    if (adm_audience_ship_view (audience, battle, i) != ADM_SHIP_VIEW_HIDDEN)
      g_ptr_array_add (rows, ship_row (battle, audience, i));
  print_table (rows, 8);
}

/* F-ORB: where each ship stands in low orbit, and the falls under way (F-ORB-3, F-STN-13);
 * nothing on a table without a low-orbit map and with nothing falling. */
static void
print_orbits (AdmBattle   *battle,
              AdmAudience  audience)
{
  gboolean any = adm_battle_get_low_orbit (battle)->present;

  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    any |= adm_battle_get_ship (battle, i)->falling_since > 0;
  if (!any)
    return;
  g_print (_("\nLow orbit\n"));
  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    {
      const AdmBattleShip *s = adm_battle_get_ship (battle, i);
      g_autofree char *where = NULL;

      if (s->status == ADM_SHIP_DESTROYED ||
          !adm_audience_ship_shows (audience, battle, i, ADM_SHIP_FACT_NAME))
        continue;
      if (s->orbit >= 1)
        where = g_strdup_printf (_("on orbit %d"), s->orbit);
      else
        where = g_strdup (s->orbit == 0 ? _("out of its orbit") : _("not in low orbit"));
      if (s->falling_since > 0)
        /* Translators: "  Solstice: on orbit 2, falling since turn 1" */
        g_print (_("  %s: %s, falling since turn %d\n"), s->name, where, s->falling_since);
      else
        g_print (_("  %s: %s\n"), s->name, where);
    }
}

/* The torpedo salvoes on the table (F-WPN-10, F-TORP): where they are and what is left. */
static void
print_salvos (AdmBattle   *battle,
              AdmAudience  audience)
{
  guint n = adm_battle_get_n_salvos (battle);

  if (n == 0)
    return;
  g_print (_("\nTorpedo salvoes\n"));
  for (guint i = 0; i < n; i++)
    {
      const AdmTorpedoSalvo *v = adm_battle_get_salvo (battle, i);
      const char *side = adm_battle_get_side (battle, v->side)->name;

      if (!adm_audience_sees_side (audience, battle, v->side))
        continue;
      if (v->spent)
        /* Translators: "  salvo 2 (Barrayar): spent at (21.0, 4.0) cm" */
        g_print (_("  salvo %d (%s): spent at (%.1f, %.1f) cm\n"), v->id, side,
                 tidy (v->position.x), tidy (v->position.y));
      else
        {
          g_print (g_dngettext (GETTEXT_PACKAGE,
                                "  salvo %d (%s): %d torpedo at (%.1f, %.1f) cm, heading %.0f°, "
                                "%d cm a turn",
                                "  salvo %d (%s): %d torpedoes at (%.1f, %.1f) cm, heading %.0f°, "
                                "%d cm a turn", v->torpedoes),
                   v->id, side, v->torpedoes, tidy (v->position.x), tidy (v->position.y),
                   tidy (v->heading), v->speed);
          g_print (g_dngettext (GETTEXT_PACKAGE, ", %d turn left\n", ", %d turns left\n",
                                v->turns_left), v->turns_left);
        }
    }
}

static void
print_markers (AdmBattle *battle)
{
  guint n = adm_battle_get_n_markers (battle);

  if (n == 0)
    {
      g_print (_("\nMarkers: none\n"));
      return;
    }
  g_print (_("\nMarkers\n"));
  for (guint i = 0; i < n; i++)
    {
      const AdmBattleMarker *marker = adm_battle_get_marker (battle, i);

      if (marker->turn == 0)
        g_print (_("  explosion at (%.1f, %.1f) cm, %.1f cm across, set up before the "
                   "battle\n"), tidy (marker->position.x), tidy (marker->position.y),
                 marker->diameter);
      else
        g_print (_("  explosion at (%.1f, %.1f) cm, %.1f cm across, placed in turn %d\n"),
                 tidy (marker->position.x), tidy (marker->position.y), marker->diameter,
                 marker->turn);
    }
}

/* The mines on the table (F-MINE): the master sees them all; the other side sees only the
 * revealed ones (F-MINE-2, F-SWEEP-3). */
static const char *
mine_state (const AdmMine *mine)
{
  if (mine->spent)
    return _("spent");
  return mine->revealed ? _("revealed") : _("hidden from the other side");
}

/* F-MINE-2, F-SWEEP-3: a mine is its own side's until revealed. */
static gboolean
mine_seen (AdmAudience    audience,
           const AdmMine *mine)
{
  return adm_audience_is_master (audience) || mine->revealed ||
         (audience.kind == ADM_AUDIENCE_SIDE && audience.side == mine->side);
}

static void
print_mines (AdmBattle   *battle,
             AdmAudience  audience)
{
  guint n = adm_battle_get_n_mines (battle);

  if (n == 0)
    return;
  g_print (_("\nMines\n"));
  for (guint i = 0; i < n; i++)
    {
      const AdmMine *mine = adm_battle_get_mine (battle, i);

      if (!mine_seen (audience, mine))
        continue;
      /* Translators: "m1 of Cetaganda: plasma, at (20.0, 0.0) cm, range 5 cm, strength 16,
       * hidden from the other side" */
      g_print (_("  %s of %s: %s, at (%.1f, %.1f) cm, range %d cm, strength %d, %s\n"),
               mine->id, adm_battle_get_side (battle, mine->side)->name,
               mine->charge == ADM_MINE_PLASMA ? _("plasma") : _("torpedo"),
               tidy (mine->position.x), tidy (mine->position.y), mine->range, mine->strength,
               mine_state (mine));
    }
}

/* --as: what @audience knows of the formations not its own, an unidentified one unnamed. */
static void
print_detection_as (AdmBattle   *battle,
                    AdmAudience  audience)
{
  for (guint f = 0; f < adm_battle_get_n_formations (battle); f++)
    {
      const AdmBattleFormation *formation = adm_battle_get_formation (battle, f);
      AdmDetection level = adm_audience_detection (audience, battle, f);

      if ((audience.kind == ADM_AUDIENCE_SIDE && formation->side == audience.side) ||
          level == ADM_DETECTION_NONE)
        continue;
      /* Translators: "  sees Triumph group: full" */
      g_print (_("  sees %s: %s\n"),
               level == ADM_DETECTION_FULL ? formation->name : _("an unidentified formation"),
               detection_words (level));
    }
}

/* What each side knows of the other sides' formations (F-ECM). */
static void
print_detection (AdmBattle   *battle,
                 AdmAudience  audience)
{
  g_print (_("\nDetection\n"));
  if (!adm_audience_is_master (audience))
    {
      print_detection_as (battle, audience);
      return;
    }
  for (guint side = 0; side < adm_battle_get_n_sides (battle); side++)
    for (guint f = 0; f < adm_battle_get_n_formations (battle); f++)
      {
        const AdmBattleFormation *formation = adm_battle_get_formation (battle, f);

        if (formation->side == side)
          continue;
        /* Translators: "Barrayar sees Triumph group: full" */
        g_print (_("  %s sees %s: %s\n"), adm_battle_get_side (battle, side)->name,
                 formation->name,
                 detection_words (adm_battle_get_detection (battle, side, f)));
      }
}

static void
print_rolls (AdmBattle     *battle,
             AdmAudience    audience,
             CliBattleDice *dice)
{
  g_autoptr(GPtrArray) rolls = adm_audience_filter_rolls (audience, battle);

  g_print (_("\nDice\n"));
  if (rolls->len == 0)
    g_print (_("  no dice were rolled\n"));
  for (guint i = 0; i < rolls->len; i++)
    {
      const AdmBattleRoll *roll = g_ptr_array_index (rolls, i);
      g_autofree char *expression = adm_dice_describe (roll->n_values, roll->sides);
      g_autofree char *outcome = adm_battle_roll_describe_outcome (roll);
      g_autoptr(GString) values = g_string_new (NULL);

      for (guint v = 0; v < roll->n_values; v++)
        g_string_append_printf (values, "%s%u", v > 0 ? " " : "", roll->values[v]);
      /* Pass or fail as the rule judged it, or the table's result. */
      if (outcome != NULL)
        g_string_append_printf (values, " · %s", outcome);
      /* Translators: turn, phase, clause, purpose, dice rolled ("2d6") and their values. */
      g_print (_("  turn %d, %s, %s — %s (%s): %s%s\n"), roll->turn,
               adm_phase_display_name (adm_phase_to_string (roll->phase)), roll->clause,
               adm_battle_roll_get_purpose (roll),
               expression, values->str,
               roll->origin == ADM_ROLL_ORIGIN_TYPED ? _(" (typed in)")
               : roll->origin == ADM_ROLL_ORIGIN_PROGRAM ? _(" (rolled by the program)") : "");
    }
  if (adm_audience_is_master (audience) &&
      dice->queue != NULL && adm_dice_queue_get_length (dice->queue) > 0)
    g_print (g_dngettext (GETTEXT_PACKAGE, "  %u die given was not needed\n",
                          "  %u dice given were not needed\n",
                          adm_dice_queue_get_length (dice->queue)),
             adm_dice_queue_get_length (dice->queue));
}

/* Boarding actions (F-BOARD), open and over. */
static void
print_boardings (AdmBattle   *battle,
                 AdmAudience  audience)
{
  guint n = adm_battle_get_n_boardings (battle);

  if (n == 0)
    return;
  g_print (_("\nBoardings\n"));
  for (guint i = 0; i < n; i++)
    {
      const AdmBoarding *b = adm_battle_get_boarding (battle, i);

      if (!adm_audience_ship_shows (audience, battle, b->attacker, ADM_SHIP_FACT_NAME) ||
          !adm_audience_ship_shows (audience, battle, b->defender, ADM_SHIP_FACT_NAME))
        continue;
      /* Translators: "Vorberg boards Triumph, declared in turn 1: boarding potential 8
       * against 5, going on" */
      g_print (_("  %s boards %s, declared in turn %d: boarding potential %d against %d, %s\n"),
               adm_battle_get_ship (battle, b->attacker)->name,
               adm_battle_get_ship (battle, b->defender)->name, b->declared, b->attacker_bp,
               b->defender_bp, b->over ? _("over") : _("going on"));
    }
}

/* The last turn @orders has declarations for. */
static int
orders_last_turn (const AdmBattleOrders *orders)
{
  int last = 0;

  for (guint i = 0; orders != NULL && i < orders->turns->len; i++)
    last = MAX (last, ((const AdmTurnOrders *) g_ptr_array_index (orders->turns, i))->turn);
  return last;
}

static void
print_text (AdmBattle             *battle,
            AdmAudience            audience,
            const AdmBattleOrders *orders,
            int                    turns,
            CliBattleDice         *dice)
{
  int last = orders_last_turn (orders);
  g_autofree char *source = NULL;
  g_autofree char *played = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d turn",
                                                          "%d turns", turns), turns);

  if (dice->queue != NULL)
    source = g_strdup (_("the dice given"));
  else if (dice->commitment != NULL)
    {
      g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, dice->seed);

      /* Translators: "dice committed to 3fa9c2d1e0b47a65 (from seed 5)": the commitment's
       * first sixteen hexadecimal digits. The seed is the master's: it gives every roll to
       * come. */
      source = dice->seeded && adm_audience_is_master (audience)
               ? g_strdup_printf (_("dice committed to %.16s (from seed %s)"), dice->commitment,
                                  seed)
               : g_strdup_printf (_("dice committed to %.16s"), dice->commitment);
    }
  else if (!adm_audience_is_master (audience))
    /* A side that knew the seed could work out every roll to come. */
    source = g_strdup (_("seeded dice"));
  else
    {
      g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, dice->seed);

      source = g_strdup_printf (_("dice from seed %s"), seed);
    }
  /* Translators: "Battle “Knife fight”: 2 turns, dice from seed 7" */
  g_print (_("Battle “%s”: %s, %s\n"), adm_battle_get_name (battle), played, source);
  /* A master who forgot --turns learns that the orders go on. */
  if (last >= adm_battle_get_turn (battle))
    g_print (_("The orders go on to turn %d: give --turns %d to play them all.\n"), last,
             last - adm_battle_get_turn (battle) + turns + 1);
  print_report (battle, audience);
  g_print (_("\nShips after turn %d\n"), adm_battle_get_turn (battle) - 1);
  print_ships (battle, audience);
  print_orbits (battle, audience);
  print_markers (battle);
  print_salvos (battle, audience);
  print_mines (battle, audience);
  print_boardings (battle, audience);
  print_detection (battle, audience);
  print_rolls (battle, audience, dice);
}

/* JSON output */

/* Lengths and angles tidied, as the text shows them. */
static void
add_double (JsonBuilder *builder,
            const char  *name,
            double       value)
{
  _cli_add_double (builder, name, tidy (value));
}

/* --as: a ship as @audience sees it: a face-down token's place and base; an identified
 * enemy's card and what the table shows, its hull left only as "enemy-ship-card" says. */
static void
add_ship_json_as (JsonBuilder *builder,
                  AdmBattle   *battle,
                  AdmAudience  audience,
                  guint        ship)
{
  const AdmBattleShip *s = adm_battle_get_ship (battle, ship);

  json_builder_begin_object (builder);
  if (!adm_audience_ship_shows (audience, battle, ship, ADM_SHIP_FACT_NAME))
    {
      json_builder_set_member_name (builder, "unidentified");
      json_builder_add_boolean_value (builder, TRUE);
      add_double (builder, "x", s->position.x);
      add_double (builder, "y", s->position.y);
      json_builder_end_object (builder);
      return;
    }
  _cli_add_string (builder, "id", s->id);
  _cli_add_string (builder, "name", s->name);
  _cli_add_string (builder, "class", s->klass->id);
  _cli_add_string (builder, "side", adm_battle_get_side (battle, s->side)->id);
  _cli_add_string (builder, "formation", adm_battle_get_formation (battle, s->formation)->id);
  add_double (builder, "x", s->position.x);
  add_double (builder, "y", s->position.y);
  add_double (builder, "heading", s->heading);
  _cli_add_int (builder, "hull", s->klass->hull);
  if (adm_audience_ship_shows (audience, battle, ship, ADM_SHIP_FACT_HULL))
    _cli_add_int (builder, "hull_left", adm_battle_ship_hull_left (battle, ship));
  json_builder_set_member_name (builder, "damaged");
  json_builder_add_boolean_value (builder, adm_battle_ship_is_damaged (battle, ship));
  json_builder_set_member_name (builder, "burning");
  json_builder_add_boolean_value (builder, s->on_fire > 0);
  _cli_add_string (builder, "status", adm_ship_status_to_string (s->status));
  _cli_add_int (builder, "orbit", s->orbit);
  json_builder_end_object (builder);
}

static void
add_ship_json (JsonBuilder *builder,
               AdmBattle   *battle,
               guint        ship)
{
  const AdmBattleShip *s = adm_battle_get_ship (battle, ship);

  json_builder_begin_object (builder);
  _cli_add_string (builder, "id", s->id);
  _cli_add_string (builder, "name", s->name);
  _cli_add_string (builder, "side", adm_battle_get_side (battle, s->side)->id);
  _cli_add_string (builder, "formation", adm_battle_get_formation (battle, s->formation)->id);
  add_double (builder, "x", s->position.x);
  add_double (builder, "y", s->position.y);
  add_double (builder, "heading", s->heading);
  _cli_add_int (builder, "hull", s->klass->hull);
  _cli_add_int (builder, "hull_left", adm_battle_ship_hull_left (battle, ship));
  json_builder_set_member_name (builder, "damaged");
  json_builder_add_boolean_value (builder, adm_battle_ship_is_damaged (battle, ship));
  _cli_add_int (builder, "shields", adm_battle_ship_shields (battle, ship));
  _cli_add_int (builder, "shield_pool", adm_battle_ship_shield_pool (battle, ship));
  _cli_add_int (builder, "readiness", adm_battle_ship_readiness (battle, ship));
  json_builder_set_member_name (builder, "criticals");
  json_builder_begin_array (builder);
  for (int r = 2; r < ADM_CRITICAL_RESULTS; r++)
    for (int n = 0; n < s->criticals[r]; n++)
      json_builder_add_int_value (builder, r);
  json_builder_end_array (builder);
  _cli_add_string (builder, "status", adm_ship_status_to_string (s->status));
  /* F-ORB-1: the orbit (from 1; -1 not in low orbit, 0 a station out of its orbit);
   * F-ORB-3, F-STN-13: the turn its fall began, 0 when it is not falling. */
  _cli_add_int (builder, "orbit", s->orbit);
  _cli_add_int (builder, "falling_since", s->falling_since);
  /* F-BOARD-15: the capturing ship's id, or null. */
  _cli_add_string_or_null (builder, "captured_by",
                           s->captured_by >= 0 ? adm_battle_get_ship (battle, s->captured_by)->id
                                               : NULL);
  json_builder_end_object (builder);
}

static void
add_boardings_json (JsonBuilder *builder,
                    AdmBattle   *battle,
                    AdmAudience  audience)
{
  json_builder_set_member_name (builder, "boardings");
  json_builder_begin_array (builder);
  for (guint i = 0; i < adm_battle_get_n_boardings (battle); i++)
    {
      const AdmBoarding *b = adm_battle_get_boarding (battle, i);

      if (!adm_audience_ship_shows (audience, battle, b->attacker, ADM_SHIP_FACT_NAME) ||
          !adm_audience_ship_shows (audience, battle, b->defender, ADM_SHIP_FACT_NAME))
        continue;
      json_builder_begin_object (builder);
      _cli_add_string (builder, "attacker", adm_battle_get_ship (battle, b->attacker)->id);
      _cli_add_string (builder, "defender", adm_battle_get_ship (battle, b->defender)->id);
      _cli_add_int (builder, "attacker_bp", b->attacker_bp);
      _cli_add_int (builder, "defender_bp", b->defender_bp);
      _cli_add_int (builder, "declared", b->declared);
      json_builder_set_member_name (builder, "over");
      json_builder_add_boolean_value (builder, b->over);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

static void
add_report_json (JsonBuilder *builder,
                 AdmBattle   *battle,
                 AdmAudience  audience)
{
  g_autoptr(GPtrArray) report = adm_audience_filter_report (audience, battle);

  json_builder_set_member_name (builder, "report");
  json_builder_begin_array (builder);
  for (guint i = 0; i < report->len; i++)
    {
      const AdmReportLine *line = g_ptr_array_index (report, i);

      json_builder_begin_object (builder);
      _cli_add_int (builder, "turn", line->turn);
      _cli_add_string (builder, "phase", adm_phase_to_string (line->phase));
      _cli_add_string (builder, "text", adm_report_line_get_text (line));
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

static void
add_salvos_json (JsonBuilder *builder,
                 AdmBattle   *battle,
                 AdmAudience  audience)
{
  json_builder_set_member_name (builder, "salvos");
  json_builder_begin_array (builder);
  for (guint i = 0; i < adm_battle_get_n_salvos (battle); i++)
    {
      const AdmTorpedoSalvo *v = adm_battle_get_salvo (battle, i);

      if (!adm_audience_sees_side (audience, battle, v->side))
        continue;
      json_builder_begin_object (builder);
      _cli_add_int (builder, "id", v->id);
      _cli_add_string (builder, "side", adm_battle_get_side (battle, v->side)->id);
      add_double (builder, "x", v->position.x);
      add_double (builder, "y", v->position.y);
      add_double (builder, "heading", v->heading);
      _cli_add_int (builder, "torpedoes", v->torpedoes);
      _cli_add_int (builder, "turns_left", v->turns_left);
      json_builder_set_member_name (builder, "spent");
      json_builder_add_boolean_value (builder, v->spent);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

static void
add_markers_json (JsonBuilder *builder,
                  AdmBattle   *battle)
{
  json_builder_set_member_name (builder, "markers");
  json_builder_begin_array (builder);
  for (guint i = 0; i < adm_battle_get_n_markers (battle); i++)
    {
      const AdmBattleMarker *marker = adm_battle_get_marker (battle, i);

      json_builder_begin_object (builder);
      _cli_add_string (builder, "kind", "explosion");
      add_double (builder, "x", marker->position.x);
      add_double (builder, "y", marker->position.y);
      add_double (builder, "diameter", marker->diameter);
      _cli_add_int (builder, "turn", marker->turn);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

static void
add_mines_json (JsonBuilder *builder,
                AdmBattle   *battle,
                AdmAudience  audience)
{
  json_builder_set_member_name (builder, "mines");
  json_builder_begin_array (builder);
  for (guint i = 0; i < adm_battle_get_n_mines (battle); i++)
    {
      const AdmMine *mine = adm_battle_get_mine (battle, i);

      if (!mine_seen (audience, mine))
        continue;
      json_builder_begin_object (builder);
      _cli_add_string (builder, "id", mine->id);
      _cli_add_string (builder, "side", adm_battle_get_side (battle, mine->side)->id);
      _cli_add_string (builder, "charge", mine->charge == ADM_MINE_PLASMA ? "plasma" : "torpedo");
      add_double (builder, "x", mine->position.x);
      add_double (builder, "y", mine->position.y);
      _cli_add_int (builder, "range", mine->range);
      _cli_add_int (builder, "strength", mine->strength);
      json_builder_set_member_name (builder, "revealed");
      json_builder_add_boolean_value (builder, mine->revealed);
      json_builder_set_member_name (builder, "spent");
      json_builder_add_boolean_value (builder, mine->spent);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

/* F-TAC-1: the table's features, as the set-up gives them (adm_battle_list_features ()),
 * then the mines @audience sees (F-MINE-2), each a "minefield" as wide as its reach; "size"
 * is across, cm; a "station" has its "owner" (a faction id, null for a mark). "layout_seed":
 * the seed they were generated from, or null — for the master only: the seed also placed the
 * campaign's minefields (adm_battle_layout_place_mines ()), and a side given it would work
 * out where the enemy's hidden mines lie (F-MINE-2). */
static void
add_features_json (JsonBuilder *builder,
                   AdmBattle   *battle,
                   AdmAudience  audience)
{
  g_autoptr(GPtrArray) features = adm_battle_list_features (battle);
  guint32 seed = 0;

  json_builder_set_member_name (builder, "layout_seed");
  if (adm_audience_is_master (audience) && adm_battle_get_layout_seed (battle, &seed))
    json_builder_add_int_value (builder, seed);
  else
    json_builder_add_null_value (builder);
  json_builder_set_member_name (builder, "features");
  json_builder_begin_array (builder);
  for (guint i = 0; i < features->len; i++)
    {
      const AdmTableFeature *feature = g_ptr_array_index (features, i);

      json_builder_begin_object (builder);
      _cli_add_string (builder, "kind", feature->kind);
      _cli_add_string (builder, "name", feature->name);
      add_double (builder, "x", feature->x);
      add_double (builder, "y", feature->y);
      add_double (builder, "size", feature->diameter);
      if (g_str_equal (feature->kind, "station"))
        /* Ruling "station-unit": its owner's faction, null for a mark. */
        _cli_add_string_or_null (builder, "owner", feature->owner);
      json_builder_end_object (builder);
    }
  for (guint i = 0; i < adm_battle_get_n_mines (battle); i++)
    {
      const AdmMine *mine = adm_battle_get_mine (battle, i);

      if (mine->spent || !mine_seen (audience, mine))
        continue;
      json_builder_begin_object (builder);
      _cli_add_string (builder, "kind", "minefield");
      _cli_add_string (builder, "name", mine->id);
      add_double (builder, "x", mine->position.x);
      add_double (builder, "y", mine->position.y);
      add_double (builder, "size", 2.0 * mine->range);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

/* --as: what @audience knows of the formations not its own: an unidentified one without its
 * id, an undetected one not at all. */
static void
add_detection_json_as (JsonBuilder *builder,
                       AdmBattle   *battle,
                       AdmAudience  audience)
{
  for (guint f = 0; f < adm_battle_get_n_formations (battle); f++)
    {
      const AdmBattleFormation *formation = adm_battle_get_formation (battle, f);
      AdmDetection level = adm_audience_detection (audience, battle, f);

      if ((audience.kind == ADM_AUDIENCE_SIDE && formation->side == audience.side) ||
          level == ADM_DETECTION_NONE)
        continue;
      json_builder_begin_object (builder);
      _cli_add_string_or_null (builder, "formation",
                               level == ADM_DETECTION_FULL ? formation->id : NULL);
      _cli_add_string (builder, "level", adm_detection_to_string (level));
      json_builder_end_object (builder);
    }
}

static void
add_detection_json (JsonBuilder *builder,
                    AdmBattle   *battle,
                    AdmAudience  audience)
{
  json_builder_set_member_name (builder, "detection");
  json_builder_begin_array (builder);
  if (!adm_audience_is_master (audience))
    {
      add_detection_json_as (builder, battle, audience);
      json_builder_end_array (builder);
      return;
    }
  for (guint side = 0; side < adm_battle_get_n_sides (battle); side++)
    for (guint f = 0; f < adm_battle_get_n_formations (battle); f++)
      {
        const AdmBattleFormation *formation = adm_battle_get_formation (battle, f);

        if (formation->side == side)
          continue;
        json_builder_begin_object (builder);
        _cli_add_string (builder, "side", adm_battle_get_side (battle, side)->id);
        _cli_add_string (builder, "formation", formation->id);
        _cli_add_string (builder, "level",
                    adm_detection_to_string (adm_battle_get_detection (battle, side, f)));
        json_builder_end_object (builder);
      }
  json_builder_end_array (builder);
}

void
_cli_add_roll_members (JsonBuilder         *builder,
                       const AdmBattleRoll *roll)
{
  _cli_add_int (builder, "turn", roll->turn);
  _cli_add_string (builder, "phase", adm_phase_to_string (roll->phase));
  _cli_add_string (builder, "purpose", adm_battle_roll_get_purpose (roll));
  _cli_add_string (builder, "clause", roll->clause);
  _cli_add_int (builder, "sides", roll->sides);
  json_builder_set_member_name (builder, "values");
  json_builder_begin_array (builder);
  for (guint v = 0; v < roll->n_values; v++)
    json_builder_add_int_value (builder, roll->values[v]);
  json_builder_end_array (builder);
  /* "typed" (real dice typed in) or "program" (the generator); absent when the file did
   * not keep it. */
  if (roll->origin != ADM_ROLL_ORIGIN_UNKNOWN)
    _cli_add_string (builder, "dice",
                     roll->origin == ADM_ROLL_ORIGIN_TYPED ? "typed" : "program");
  /* The check the rule made, {"kind", "target", "against", "passed", "failed"},
   * and a table's "result"; absent when it judged nothing. */
  if (roll->check != ADM_ROLL_CHECK_NONE)
    {
      json_builder_set_member_name (builder, "check");
      json_builder_begin_object (builder);
      _cli_add_string (builder, "kind", adm_roll_check_to_string (roll->check));
      _cli_add_int (builder, "target", roll->target);
      if (roll->against != NULL)
        _cli_add_string (builder, "against", roll->against);
      _cli_add_int (builder, "passed", roll->passed);
      _cli_add_int (builder, "failed", roll->failed);
      json_builder_end_object (builder);
    }
  if (roll->result != NULL)
    _cli_add_string (builder, "result", roll->result);
  /* F-BOARD-13: an opposed roll (a boarding round's) carries its own total modifier and the
   * other side's, those its odds are weighed with (the luck ledger), on the roll the audience
   * filter gave: it is told only to the sides that know both ships, whose outcome ("2 +4 = 6
   * against 1") holds the other's total already. Absent on every other roll. */
  if (roll->opposed)
    {
      json_builder_set_member_name (builder, "opposed");
      json_builder_add_boolean_value (builder, TRUE);
      _cli_add_int (builder, "modifier", roll->modifier);
      _cli_add_int (builder, "opposing_modifier", roll->opposing_modifier);
    }
}

static void
add_rolls_json (JsonBuilder *builder,
                AdmBattle   *battle,
                AdmAudience  audience)
{
  g_autoptr(GPtrArray) rolls = adm_audience_filter_rolls (audience, battle);

  json_builder_set_member_name (builder, "rolls");
  json_builder_begin_array (builder);
  for (guint i = 0; i < rolls->len; i++)
    {
      json_builder_begin_object (builder);
      _cli_add_roll_members (builder, g_ptr_array_index (rolls, i));
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

static void
print_json (AdmBattle     *battle,
            AdmAudience    audience,
            const char    *audience_text,
            CliBattleDice *dice,
            JsonNode      *table)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  _cli_add_string (builder, "battle", adm_battle_get_name (battle));
  /* The turn and phase to be played next. */
  _cli_add_int (builder, "turn", adm_battle_get_turn (battle));
  _cli_add_string (builder, "phase", adm_phase_to_string (adm_battle_get_phase (battle)));
  json_builder_set_member_name (builder, "seed");
  /* The master's only: a side that knew it could work out every roll to come. */
  if (dice->queue != NULL || !dice->seeded || !adm_audience_is_master (audience))
    json_builder_add_null_value (builder);
  else
    _cli_add_seed_json (builder, dice->seed);
  /* A campaign battle's program dice: the commitment to their secret (docs/dice.md). */
  if (dice->commitment != NULL)
    _cli_add_string (builder, "commitment", dice->commitment);
  /* --as: who this picture is for. */
  if (audience_text != NULL)
    _cli_add_string (builder, "as", audience_text);
  add_report_json (builder, battle, audience);
  json_builder_set_member_name (builder, "ships");
  json_builder_begin_array (builder);
  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    if (adm_audience_ship_view (audience, battle, i) == ADM_SHIP_VIEW_FULL)
      add_ship_json (builder, battle, i);
    else if (adm_audience_ship_view (audience, battle, i) != ADM_SHIP_VIEW_HIDDEN)
      add_ship_json_as (builder, battle, audience, i);
  json_builder_end_array (builder);
  add_markers_json (builder, battle);
  add_salvos_json (builder, battle, audience);
  add_boardings_json (builder, battle, audience);
  add_mines_json (builder, battle, audience);
  add_features_json (builder, battle, audience);
  add_detection_json (builder, battle, audience);
  add_rolls_json (builder, battle, audience);
  /* `join`: what the table kept and sent of the battle. */
  if (table != NULL)
    {
      json_builder_set_member_name (builder, "table");
      json_builder_add_value (builder, json_node_copy (table));
    }
  json_builder_end_object (builder);
  _cli_print_json (builder);
}

void
_cli_battle_print (AdmBattle             *battle,
                   AdmAudience            audience,
                   const char            *audience_text,
                   const AdmBattleOrders *orders,
                   int                    turns,
                   CliBattleDice         *dice,
                   JsonNode              *table,
                   gboolean               json)
{
  if (json)
    print_json (battle, audience, audience_text, dice, table);
  else
    print_text (battle, audience, orders, turns, dice);
}

/* The command */

/* Loads the battle — a battle file, or a saved battle to play on from its journal — and,
 * when given, its orders; the engine's messages read FILE:LINE. */
static CliExit
load (const char        *path,
      const char        *orders_path,
      gboolean           json,
      AdmBattle        **battle,
      AdmBattleOrders  **orders)
{
  g_autoptr(GError) error = NULL;

  *battle = adm_battle_load_game (path, &error);
  if (*battle != NULL)
    _cli_warn_recovered (adm_battle_get_log (*battle));
  /* A damaged saved battle, or one that is gone: its newest backup that opens is named. */
  if (*battle == NULL &&
      (g_error_matches (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_CORRUPT) ||
       g_error_matches (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_REPLAY) ||
       !g_file_test (path, G_FILE_TEST_EXISTS)))
    {
      g_autofree char *backup = adm_battle_find_backup (path);
      g_autofree char *backup_display = backup != NULL ? g_filename_display_name (backup) : NULL;

      if (backup != NULL)
        return _cli_invalid (json, _("%s\nThe newest backup that opens is %s."), error->message,
                             backup_display);
    }
  if (*battle == NULL)
    return _cli_invalid (json, "%s", error->message);
  if (orders_path == NULL)
    return CLI_EXIT_OK;
  *orders = adm_battle_orders_load_file (orders_path, &error);
  if (*orders == NULL)
    return _cli_invalid (json, "%s", error->message);
  return CLI_EXIT_OK;
}

/* --engagement: the engagement's battle as the campaign keeps it, or a new one set up from the
 * campaign as it stands (adm_campaign_engagement_setup ()). */
static CliExit
load_engagement (const char        *path,
                 const char        *engagement_id,
                 const char        *layout_seed,
                 const char        *orders_path,
                 gboolean           json,
                 AdmCampaign      **campaign,
                 AdmBattle        **battle,
                 AdmBattleOrders  **orders)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmQueuedEngagement) engagement = NULL;
  g_autofree char *display = g_filename_display_basename (path);
  g_autofree char *name = NULL;
  const char *saved;
  CliExit status;

  /* The battle is kept in the campaign as it is played: the file is written. */
  status = _cli_open_saved_campaign (path, json, CLI_BACKUP_NONE, campaign,
                                     _("%s is a scenario, not a campaign: resolve a cycle first "
                                       "(admiralty-cli cycle)"), display);
  if (status != CLI_EXIT_OK)
    return status;
  engagement = adm_campaign_find_engagement (*campaign, engagement_id, &error);
  if (engagement == NULL)
    return _cli_invalid (json, "%s: %s", display, error->message);
  if (engagement->status == ADM_ENGAGEMENT_FINISHED)
    return _cli_invalid (json, _("%s: the battle of engagement %s has ended and is read-only; "
                                 "undo its ending (admiralty-cli undo) to fight on"), display,
                         engagement_id);
  if (engagement->status == ADM_ENGAGEMENT_DROPPED)
    return _cli_invalid (json, _("%s: engagement %s was dropped unfought: %s"), display,
                         engagement_id, engagement->dropped);
  /* Translators: the name of a battle kept in a campaign, for messages: "komarr.admiralty,
   * engagement c1-2" */
  name = g_strdup_printf (_("%s, engagement %s"), display, engagement_id);
  /* F-TAC-1: a new table, journaled, before the battle is first played; refused after. */
  if (layout_seed != NULL)
    {
      guint64 seed = 0;

      if (!g_ascii_string_to_unsigned (layout_seed, 10, 0, G_MAXUINT32, &seed, NULL))
        return _cli_usage_error ("battle", _("--layout-seed must be a whole number from 0 to "
                                             "%u, not “%s”"), G_MAXUINT32, layout_seed);
      if (!adm_campaign_reroll_layout (*campaign, engagement_id, (guint32) seed,
                                       adm_clock_now (), &error))
        return _cli_invalid (json, "%s: %s", display, error->message);
    }
  saved = adm_campaign_get_battle (*campaign, engagement_id, NULL, NULL);
  if (saved != NULL)
    *battle = adm_battle_load_game_memory (saved, strlen (saved), name, &error);
  else
    {
      g_autofree char *setup = adm_campaign_engagement_setup (*campaign, engagement, NULL,
                                                              &error);

      if (setup != NULL)
        *battle = adm_battle_load_memory (setup, strlen (setup), name, &error);
    }
  if (*battle == NULL)
    return _cli_invalid (json, "%s", error->message);
  if (orders_path == NULL)
    return CLI_EXIT_OK;
  *orders = adm_battle_orders_load_file (orders_path, &error);
  if (*orders == NULL)
    return _cli_invalid (json, "%s", error->message);
  return CLI_EXIT_OK;
}

/* The battle goes into the campaign file as it stands, and with --end its results. */
static CliExit
keep_in_campaign (AdmCampaign *campaign,
                  const char  *engagement_id,
                  AdmBattle   *battle,
                  gboolean     end,
                  const char  *reason,
                  gboolean     json)
{
  g_autoptr(GError) error = NULL;

  /* Its set-up the first time, then the journal's new entries, added at the file's end. */
  if (!adm_campaign_keep_battle (campaign, engagement_id, battle, &error))
    return _cli_invalid (json, "%s", error->message);
  if (end && !adm_campaign_end_battle (campaign, engagement_id, battle, reason, adm_clock_now (),
                                       &error))
    return _cli_invalid (json, "%s", error->message);
  if (end && !json)
    g_print (_("The battle of engagement %s is ended; its results are in the campaign.\n\n"),
             engagement_id);
  return CLI_EXIT_OK;
}

CliExit
_cli_battle_run (int    argc,
                 char **argv)
{
  const char *command = "battle";
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(AdmBattleOrders) orders = NULL;
  g_auto(CliBattleDice) dice = { NULL, };
  g_auto(GStrv) files = NULL;
  g_autofree char *orders_path = NULL, *seed_text = NULL, *dice_text = NULL;
  g_autofree char *turns_text = NULL, *battle_file = NULL, *save_path = NULL;
  g_autofree char *as_text = NULL, *engagement_id = NULL, *reason = NULL;
  g_autofree char *layout_seed = NULL;
  g_autoptr(AdmCampaign) campaign = NULL;
  AdmAudience audience = adm_audience_master ();
  gboolean json = FALSE, end = FALSE;
  CliExit status;
  int turns = 1;
  const GOptionEntry entries[] = {
    { "orders", 0, 0, G_OPTION_ARG_FILENAME, &orders_path,
      N_("The declarations of both sides, turn by turn (an orders file)"), N_("FILE") },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_text,
      N_("Roll seeded dice; default: the battle's seed attribute, else 1 (a campaign's "
         "battle: a secret committed to, docs/dice.md)"), N_("N") },
    { "dice", 0, 0, G_OPTION_ARG_STRING, &dice_text,
      N_("Use these die values, in order, instead (\"4,6,1\" or \"4 6 1\")"), N_("VALUES") },
    { "turns", 0, 0, G_OPTION_ARG_STRING, &turns_text,
      N_("Number of turns to play (default 1)"), N_("K") },
    { "save", 0, 0, G_OPTION_ARG_FILENAME, &save_path,
      N_("Save the battle after the turns, to play on from later (a saved battle)"),
      N_("FILE") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Print {\"battle\", \"turn\", \"phase\", \"seed\", \"report\", \"ships\", "
         "\"markers\", \"salvos\", \"boardings\", \"detection\", \"rolls\"} as JSON; "
         "\"seed\" is a string from 2^53 on, and null under --as"),
      NULL },
    { "as", 0, 0, G_OPTION_ARG_STRING, &as_text,
      N_("Print the battle as SIDE (a side's id or name) or the public sees it: its report "
         "lines, dice, ships and detection only (F-ECM); default the master's view. Changes no "
         "file"),
      N_("SIDE") },
    { "engagement", 0, 0, G_OPTION_ARG_STRING, &engagement_id,
      N_("Fight this engagement of the campaign given instead of a battle file (an id of "
         "“admiralty-cli engagements”); the battle is kept in the campaign file"), N_("ID") },
    { "layout-seed", 0, 0, G_OPTION_ARG_STRING, &layout_seed,
      N_("With --engagement, before its battle is first played: generate the table anew from "
         "this seed (F-TAC-1); journaled, undone with “admiralty-cli undo”"), N_("N") },
    { "end", 0, 0, G_OPTION_ARG_NONE, &end,
      N_("With --engagement: after the turns (none unless --turns is given), end the battle "
         "and carry its results into the campaign"), NULL },
    { "reason", 0, 0, G_OPTION_ARG_STRING, &reason,
      N_("With --end: why the battle ends (“Pol Six withdrew”)"), N_("TEXT") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, NULL },
    { NULL }
  };

  context = _cli_context_new (command, _("BATTLE.xml | CAMPAIGN.admiralty --engagement ID"),
                              _("Plays the turns of a battle file (F-SEQ-1) with the orders of "
                                "an orders file and prints each turn's report, the ships as "
                                "they stand, the markers and the dice log. A turn the rules "
                                "refuse is not applied: its problem is printed as "
                                "FILE:LINE: problem. A saved battle (--save) plays on from "
                                "where it was saved."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!_cli_parse (context, command, &argc, &argv))
    return CLI_EXIT_USAGE;
  if (!_cli_check_value (command, "--orders", orders_path, FALSE)
      || !_cli_check_value (command, "--seed", seed_text, FALSE)
      || !_cli_check_value (command, "--dice", dice_text, FALSE)
      || !_cli_check_value (command, "--turns", turns_text, FALSE)
      || !_cli_check_value (command, "--save", save_path, FALSE)
      || !_cli_check_value (command, "--as", as_text, FALSE)
      || !_cli_check_value (command, "--engagement", engagement_id, FALSE)
      || !_cli_check_value (command, "--reason", reason, FALSE)
      || !_cli_check_value (command, "--layout-seed", layout_seed, FALSE))
    return CLI_EXIT_USAGE;
  if (layout_seed != NULL && engagement_id == NULL)
    return _cli_usage_error (command, _("--layout-seed sets up a battle of a campaign: give "
                                        "--engagement ID too"));
  if (layout_seed != NULL && as_text != NULL)
    return _cli_usage_error (command, _("--as changes no file: drop --layout-seed, or --as"));
  if ((end || reason != NULL) && engagement_id == NULL)
    return _cli_usage_error (command, _("--end and --reason end a battle of a campaign: give "
                                        "--engagement ID too"));
  if (reason != NULL && !end)
    return _cli_usage_error (command, _("--reason goes with --end"));
  if (engagement_id != NULL && save_path != NULL)
    return _cli_usage_error (command, _("a battle of a campaign is kept in the campaign file; "
                                        "--save does not apply"));
  if (!_cli_check_arguments (command, files, _("unexpected argument “%s”; give one battle file"),
                             _("no battle file given"), NULL))
    return CLI_EXIT_USAGE;
  if (seed_text != NULL && dice_text != NULL)
    return _cli_usage_error (command, _("--seed and --dice cannot be used together"));
  /* --as shows a view and never changes a file: no saving, no ending. */
  if (as_text != NULL && (save_path != NULL || end))
    return _cli_usage_error (command, _("--as shows the battle as a side sees it and changes "
                                        "no file: drop --save and --end, or --as"));

  status = _cli_battle_parse_turns (turns_text, json, &turns);
  /* --end alone ends the battle as it stands; --as on a campaign's engagement shows it as it
   * stands, and turns asked for are played for the view alone, not kept. */
  if ((end || (as_text != NULL && engagement_id != NULL)) && turns_text == NULL)
    turns = 0;
  /* --layout-seed alone shows the new table: nothing is played, so nothing is kept but the
   * journaled seed, and the master may roll again. */
  if (layout_seed != NULL && turns_text == NULL)
    turns = 0;
  if (status == CLI_EXIT_OK && engagement_id != NULL)
    status = load_engagement (files[0], engagement_id, layout_seed, orders_path, json, &campaign,
                              &battle, &orders);
  else if (status == CLI_EXIT_OK)
    status = load (files[0], orders_path, json, &battle, &orders);
  /* --as: one of this battle's sides, "public" or "master", checked before anything is
   * played or saved. */
  if (status == CLI_EXIT_OK && as_text != NULL)
    {
      g_autoptr(GError) error = NULL;

      if (!adm_audience_parse (battle, as_text, &audience, &error))
        return _cli_usage_error (command, "%s", error->message);
      /* F-STRAT-3: the public of a campaign's battle is the public of its map. */
      if (audience.kind == ADM_AUDIENCE_PUBLIC && campaign != NULL)
        {
          g_autoptr(AdmQueuedEngagement) engagement =
            adm_campaign_find_engagement (campaign, engagement_id, &error);

          if (engagement == NULL)
            return _cli_invalid (json, "%s", error->message);
          audience = adm_audience_public_of_campaign (
            adm_state_get_strategy (adm_campaign_get_state (campaign)),
            adm_campaign_get_scenario (campaign), &engagement->engagement);
        }
      /* The revelation: once the truth is published, every side sees what the master does. */
      if (campaign != NULL)
        audience = adm_audience_of_campaign (
          adm_state_get_strategy (adm_campaign_get_state (campaign)), audience);
    }
  /* One writer per battle: one at another table is not played here (--as only shows it). */
  if (status == CLI_EXIT_OK && campaign != NULL && as_text == NULL)
    {
      g_autoptr(GError) error = NULL;

      if (!adm_campaign_check_at_hand (campaign, engagement_id, &error))
        status = _cli_invalid (json, "%s", error->message);
    }
  /* A campaign battle played and kept rolls program dice the admirals can check. */
  if (status == CLI_EXIT_OK && campaign != NULL && as_text == NULL && dice_text == NULL &&
      turns > 0)
    status = commit_dice (campaign, engagement_id, battle, seed_text, json, &dice);
  else if (status == CLI_EXIT_OK)
    status = _cli_battle_make_dice (battle, seed_text, dice_text, json, &dice);
  /* --as shows a campaign battle as it stands: its rolls are drawn from the secret its last
   * commitment names, which everyone may read (docs/dice.md). */
  if (status == CLI_EXIT_OK && campaign != NULL && as_text != NULL && turns == 0)
    {
      g_autoptr(GPtrArray) commitments = adm_campaign_get_dice_commitments (campaign,
                                                                            engagement_id);

      if (commitments->len > 0)
        dice.commitment = g_strdup (((const AdmDiceCommitment *)
                                     g_ptr_array_index (commitments,
                                                        commitments->len - 1))->commitment);
    }
  battle_file = g_filename_display_basename (files[0]);
  if (status == CLI_EXIT_OK && turns > 0)
    status = _cli_battle_play (battle, orders, dice.source, turns, battle_file, json);
  if (status == CLI_EXIT_OK && campaign != NULL && as_text == NULL &&
      (turns > 0 || end || layout_seed == NULL))
    status = keep_in_campaign (campaign, engagement_id, battle, end, reason, json);
  if (status == CLI_EXIT_OK && save_path != NULL)
    {
      g_autoptr(GError) error = NULL;

      if (!adm_battle_save (battle, save_path, &error))
        status = _cli_invalid (json, "%s", error->message);
    }
  if (status != CLI_EXIT_OK)
    return status;

  _cli_battle_print (battle, audience, as_text, orders, turns, &dice, NULL, json);
  return CLI_EXIT_OK;
}
