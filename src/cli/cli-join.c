/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-join.c: `admiralty-cli join LINK …` — a table master's side of several masters, one
 * campaign (adm-table-client.h). With the join link alone it lists the engagements the chief
 * assigned to this table; with --engagement it fights one exactly as `battle CAMPAIGN
 * --engagement ID` does on the chief's computer (the same turns, dice and output), the battle
 * kept on this computer and each entry sent to the chief as it is recorded; --end --reason
 * sends the ending; --export writes the battle as a file for the chief to import (the USB
 * path). A chief that cannot be reached is no failure: the battle is kept here and its
 * entries wait for the next `join`. Without a link: --find lists the chiefs advertising tables
 * on the network (adm-table-finder.h), --ask HOST:PORT asks one to let this table in
 * (adm-table-asking.h), prints the words both masters compare and, once let in, the table's
 * link and its engagements. */

#include "config.h"

#include <string.h>
#include <unistd.h>
#include <glib/gi18n.h>
#include <gio/gunixinputstream.h>

#include "adm-file.h"
#include "adm-table-asking.h"
#include "adm-table-client.h"
#include "adm-table-finder.h"
#include "cli-private.h"

/* How long one entry, and then the run's last, wait for the chief's receipt unless --wait
 * says otherwise: long enough for a laptop's Wi-Fi to come back, short enough that the
 * table plays on. */
#define WAIT_S 5

typedef struct {
  AdmTableClient *client;
  guint           wait_ms;   /* --wait */
  gboolean        given_up;  /* the chief was not reached in this run: no more waiting */
} Sending;

/* After each entry recorded (and saved): waits for the chief's receipt, so that the chief
 * has the battle entry by entry; once he cannot be reached, the table plays on and the
 * entries wait. */
/* The chief refused the entries in his words, or answered with something the protocol has
 * not: the table master reads it, and that it is retried (only the chief's taking the battle
 * back stops the sending). */
static void
message_cb (AdmTableClient *client,
            GParamSpec     *pspec,
            gpointer        data)
{
  if (adm_table_client_get_answered_oddly (client))
    g_printerr ("admiralty-cli: %s\n", adm_table_client_get_message (client));
}

static void
entry_recorded_cb (AdmBattle *battle,
                   Sending   *sending)
{
  if (sending->given_up)
    return;
  if (!adm_table_client_flush (sending->client, sending->wait_ms, NULL))
    sending->given_up = TRUE;
}

static const char *
state_id (AdmTableClientState state)
{
  GEnumClass *klass = g_type_class_ref (ADM_TYPE_TABLE_CLIENT_STATE);
  const char *nick = g_enum_get_value (klass, state)->value_nick;

  g_type_class_unref (klass);
  return nick;
}

/* --json: what this table holds and sent of the battle. */
static JsonNode *
table_json (AdmTableClient *client)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  AdmBattle *battle = adm_table_client_get_battle (client);

  json_builder_begin_object (builder);
  _cli_add_string (builder, "name", adm_table_client_get_table_name (client));
  _cli_add_string (builder, "engagement", adm_table_client_get_engagement (client));
  _cli_add_string (builder, "assignment", adm_table_client_get_assignment (client));
  _cli_add_string (builder, "file", adm_battle_get_path (battle));
  _cli_add_int (builder, "entries", adm_journal_get_n_entries (adm_battle_get_log (battle)));
  _cli_add_int (builder, "kept", adm_table_client_get_kept (client));
  _cli_add_int (builder, "waiting", adm_table_client_get_waiting (client));
  _cli_add_string (builder, "state", state_id (adm_table_client_get_state (client)));
  _cli_add_string_or_null (builder, "end_reason", adm_table_client_get_end_reason (client));
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

/* `join LINK`: the engagements at this table. */
static CliExit
list (AdmTableClient *client,
      gboolean        json)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) engagements = adm_table_client_list_sync (client, NULL, &error);
  g_autoptr(JsonBuilder) builder = NULL;

  if (engagements == NULL)
    return _cli_invalid (json, "%s", error->message);
  if (!json)
    {
      /* Translators: "Table 2 of the campaign “Komarr”" */
      g_print (_("%s of the campaign “%s”\n"), adm_table_client_get_table_name (client),
               adm_table_client_get_campaign_name (client) != NULL
                 ? adm_table_client_get_campaign_name (client) : "");
      if (engagements->len == 0)
        g_print (_("  No engagement is assigned to this table.\n"));
      for (guint i = 0; i < engagements->len; i++)
        {
          const AdmTableEngagement *e = g_ptr_array_index (engagements, i);

          g_autofree char *turn = e->turn > 0 ? g_strdup_printf (_(", turn %d"), e->turn)
                                                : g_strdup ("");

          /* Translators: "  c1-3  Pol orbit: in-progress, turn 2 (7 entries at the chief)" */
          g_print (g_dngettext (GETTEXT_PACKAGE, "  %s  %s: %s%s (%u entry at the chief)\n",
                                "  %s  %s: %s%s (%u entries at the chief)\n", e->kept),
                   e->id, e->place != NULL ? e->place : "", e->status != NULL ? e->status : "",
                   turn, e->kept);
        }
      return CLI_EXIT_OK;
    }
  builder = json_builder_new ();
  json_builder_begin_object (builder);
  _cli_add_string (builder, "table", adm_table_client_get_table_name (client));
  _cli_add_string (builder, "campaign", adm_table_client_get_campaign_name (client));
  json_builder_set_member_name (builder, "engagements");
  json_builder_begin_array (builder);
  for (guint i = 0; i < engagements->len; i++)
    {
      const AdmTableEngagement *e = g_ptr_array_index (engagements, i);

      json_builder_begin_object (builder);
      _cli_add_string (builder, "id", e->id);
      _cli_add_string (builder, "place", e->place);
      _cli_add_string (builder, "assignment", e->assignment);
      _cli_add_string (builder, "status", e->status);
      _cli_add_int (builder, "turn", e->turn);
      _cli_add_string_or_null (builder, "phase", e->phase);
      _cli_add_int (builder, "kept", e->kept);
      json_builder_set_member_name (builder, "ended");
      json_builder_add_boolean_value (builder, e->ended);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  _cli_print_json (builder);
  return CLI_EXIT_OK;
}

/* --export FILE: the battle from entry 1, with its ending when it was ended here. */
static CliExit
export (AdmTableClient *client,
        const char     *path,
        gboolean        json)
{
  g_autoptr(GError) error = NULL;
  gsize length = 0;
  g_autofree char *data = adm_table_client_export (client, &length);
  g_autofree char *display = g_filename_display_name (path);

  if (!adm_file_write_replacing (path, data, length, &error))
    return _cli_invalid (json, _("Cannot write %s: %s"), display, error->message);
  if (json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autoptr(JsonNode) table = table_json (client);

      json_builder_begin_object (builder);
      _cli_add_string (builder, "export", path);
      json_builder_set_member_name (builder, "table");
      json_builder_add_value (builder, g_steal_pointer (&table));
      json_builder_end_object (builder);
      _cli_print_json (builder);
    }
  else
    /* Translators: "Engagement c1-3 (12 entries) is in c1-3.table-battle: the chief master
     * imports it with admiralty-cli import CAMPAIGN FILE." */
    g_print (g_dngettext (GETTEXT_PACKAGE,
                          "Engagement %s (%u entry) is in %s: the chief master imports it "
                          "with “admiralty-cli import CAMPAIGN FILE”.\n",
                          "Engagement %s (%u entries) is in %s: the chief master imports it "
                          "with “admiralty-cli import CAMPAIGN FILE”.\n",
                          adm_journal_get_n_entries (adm_battle_get_log (
                            adm_table_client_get_battle (client)))),
             adm_table_client_get_engagement (client),
             adm_journal_get_n_entries (adm_battle_get_log (adm_table_client_get_battle (client))),
             display);
  return CLI_EXIT_OK;
}

/* The dice: --dice as `battle` takes them; otherwise program dice drawn as the chief's
 * campaign draws them (the seed's secret with --seed). */
static CliExit
table_dice (AdmTableClient *client,
            const char     *seed_text,
            const char     *dice_text,
            int             turns,
            gboolean        json,
            CliBattleDice  *dice)
{
  g_autoptr(GError) error = NULL;
  AdmBattle *battle = adm_table_client_get_battle (client);

  /* The hand-off's dice policy: real dice typed in would be refused by the chief. */
  if (dice_text != NULL && adm_table_client_get_program_only (client))
    return _cli_invalid (json, _("The chief master handed engagement %s to this table with "
                                 "the program's dice only: drop --dice and roll the "
                                 "program's, or ask him to hand it over again letting real "
                                 "dice be typed in"),
                         adm_table_client_get_engagement (client));
  if (dice_text != NULL || turns == 0)
    return _cli_battle_make_dice (battle, seed_text, dice_text, json, dice);
  if (seed_text != NULL)
    {
      g_autofree char *message = _cli_parse_seed ("--seed", seed_text, &dice->seed);

      if (message != NULL)
        return _cli_invalid (json, "%s", message);
      dice->seeded = TRUE;
    }
  dice->source = adm_table_client_dice_source (client, dice->seeded ? &dice->seed : NULL,
                                               &dice->commitment, &error);
  if (dice->source == NULL)
    return _cli_invalid (json, "%s", error->message);
  return CLI_EXIT_OK;
}

/* Each side's 2d6 as the table master types them (docs/dice.md, "What the sides add"): "3 5",
 * or "master 3 5" when he threw them for a side that gave none (ruling
 * "dice-contribution-missing"): the dice, pointing into @text. */
static const char *
given_dice (const char *text,
            gboolean   *by_master)
{
  while (g_ascii_isspace (*text))
    text++;
  *by_master = g_str_has_prefix (text, "master") && g_ascii_isspace (text[strlen ("master")]);
  return *by_master ? text + strlen ("master ") : text;
}

typedef struct {
  AdmTableClient   *client;
  GDataInputStream *input;   /* standard input, where the table master types the dice */
  const guint64    *seed;    /* --seed, or NULL */
  char            **given;   /* --give-dice SIDE=DICE …, for the first phase that asks */
  gboolean          used;    /* they were given */
  gint64            taps;    /* --taps SECONDS: how long to wait for the phones' taps; -1: the
                              * sides' dice are typed on standard input */
  guint             wait_ms; /* --wait */
} Asking;

/* How often the chief is asked again while the phones' taps are awaited. */
#define TAPS_POLL_MS 500

/* --taps: the chief's portal offers each side's admirals the tap for the phase (F-STRAT-4,
 * docs/dice.md): the phase's dice are asked through the chief (adm_table_client_ask_dice_sync
 * ()) once he holds every entry before it, and asked again until every side has given or
 * --taps SECONDS have passed; the taps shown are kept beside the battle and mixed in. A side
 * whose phone does not tap may have its 2d6 thrown by the master (--give-dice
 * SIDE=master 3 5), given with the ask. Not every side given in time: the phase is not rolled,
 * and `join` exits 1; run again, it asks again — nothing is asked twice nor taken twice. */
static gboolean
await_taps (Asking               *asking,
            AdmBattle            *battle,
            const AdmTurnOrders  *orders,
            GError              **error)
{
  gint64 until = g_get_monotonic_time () + asking->taps * G_USEC_PER_SEC;
  gboolean complete = FALSE;

  if (!adm_table_client_flush (asking->client, asking->wait_ms, error))
    return FALSE;
  while (TRUE)
    {
      g_autoptr(GPtrArray) sides = NULL;
      g_autoptr(GString) names = NULL;

      if (!adm_table_client_ask_dice_sync (asking->client, orders, &complete, NULL, error))
        return FALSE;
      if (complete)
        return TRUE;
      if (g_get_monotonic_time () < until)
        {
          g_usleep (TAPS_POLL_MS * 1000);
          continue;
        }
      sides = adm_dice_mixes_sides_to_give (adm_table_client_get_dice_given (asking->client),
                                            battle);
      names = g_string_new (NULL);
      for (guint s = 0; s < sides->len; s++)
        g_string_append_printf (names, "%s%s", s > 0 ? ", " : "",
                                ((const AdmBattleSide *) g_ptr_array_index (sides, s))->name);
      g_set_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_REFUSED,
                   /* Translators: "The phones of Pol Six have not tapped for turn 2, phase
                    * “Fire” of engagement c1-3 yet, so it is not rolled: …" */
                   _("The phones of %s have not tapped for turn %d, phase “%s” of engagement "
                     "%s yet, so it is not rolled: the chief’s portal offers them the tap; run "
                     "“join” again once they have, or give “--give-dice SIDE=master 3 5” for a "
                     "side whose phone does not tap"), names->str,
                   adm_battle_get_turn (battle),
                   adm_phase_display_name (adm_phase_to_string (adm_battle_get_phase (battle))),
                   adm_table_client_get_engagement (asking->client));
      return FALSE;
    }
}

/* --give-dice: given to the first phase that asks. Every one is tried first on a copy of
 * what this table holds, through the same check the table gives them with
 * (adm_dice_mixes_give ()), so that a refused one gives none. */
static gboolean
give_given (Asking     *asking,
            AdmBattle  *battle,
            GError    **error)
{
  const char *engagement = adm_table_client_get_engagement (asking->client);
  g_autofree char *held = adm_dice_mixes_to_text (adm_table_client_get_dice_given (
                                                    asking->client));
  g_autoptr(GPtrArray) trial = adm_dice_mixes_from_text (engagement, held, NULL);

  asking->used = TRUE;
  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; asking->given[i] != NULL; i++)
      {
        g_autoptr(GError) refusal = NULL;
        g_autofree char *side = g_strdup (asking->given[i]);
        char *equals = strchr (side, '=');
        gboolean by_master;
        const char *dice;

        *equals = '\0';
        dice = given_dice (equals + 1, &by_master);
        if (pass == 0
            ? !adm_dice_mixes_give (trial, engagement, battle, side, dice, by_master, &refusal)
            : !adm_table_client_give_dice (asking->client, side, dice, by_master, &refusal))
          {
            g_set_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_REFUSED,
                         /* Translators: "--give-dice “barrayar=7 1”: no dice were given
                          * before turn 2, phase “Fire”, so it is not rolled: …" */
                         _("--give-dice “%s”: no dice were given before turn %d, phase “%s”, "
                           "so it is not rolled: %s"), asking->given[i],
                         adm_battle_get_turn (battle),
                         adm_phase_display_name (adm_phase_to_string (
                                                   adm_battle_get_phase (battle))),
                         refusal->message);
            return FALSE;
          }
      }
  return TRUE;
}

/* Before each phase: a phase that rolls dice with its declarations (adm_dice_phase_rolls ())
 * takes --give-dice (the first such phase) and asks each side that has not given its 2d6 yet
 * on standard input, as the app's dialog at a table does; a refused line is said and asked again. The dice are given through the table
 * (adm_table_client_give_dice ()): kept beside its battle, mixed into the phase's program
 * dice and sent to the chief. Nothing typed (the input ended) leaves the phase unrolled. */
static AdmDiceSource *
phase_dice_cb (AdmBattle           *battle,
               const AdmTurnOrders *orders,
               gpointer             data,
               GError             **error)
{
  Asking *asking = data;
  int turn = adm_battle_get_turn (battle);
  const char *phase = adm_phase_display_name (adm_phase_to_string (adm_battle_get_phase (battle)));
  g_autoptr(GPtrArray) sides = NULL;

  if (asking->input != NULL && adm_dice_phase_rolls (battle, orders))
    {
      if (asking->given != NULL && !asking->used && !give_given (asking, battle, error))
        return NULL;
      if (asking->taps >= 0 && !await_taps (asking, battle, orders, error))
        return NULL;
      sides = adm_dice_mixes_sides_to_give (adm_table_client_get_dice_given (asking->client),
                                            battle);
    }
  for (guint s = 0; sides != NULL && s < sides->len; s++)
    {
      const AdmBattleSide *side = g_ptr_array_index (sides, s);
      gboolean given = FALSE;

      while (!given)
        {
          g_autoptr(GError) refusal = NULL;
          g_autofree char *line = NULL;
          const char *dice;
          gboolean by_master;

          if (isatty (STDIN_FILENO))
            /* Translators: the prompt for a side's dice: "Turn 1, phase “Fire”: Pol Six’s
             * 2d6 (“3 5”, or “master 3 5” when the master threw them for it): " */
            g_printerr (_("Turn %d, phase “%s”: %s’s 2d6 (“3 5”, or “master 3 5” when the "
                          "master threw them for it): "), turn, phase, side->name);
          line = g_data_input_stream_read_line_utf8 (asking->input, NULL, NULL, NULL);
          if (line == NULL)
            {
              g_set_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_REFUSED,
                           /* Translators: "… for Pol Six before turn 1, phase “Fire” of
                            * engagement c1-3 …" */
                           _("No dice were given for %s before turn %d, phase “%s” of "
                             "engagement %s, so it is not rolled: type each side’s 2d6 thrown "
                             "in front of both sides, one line a side, or give --secret-alone "
                             "to roll from the secret alone"), side->name, turn, phase,
                           adm_table_client_get_engagement (asking->client));
              return NULL;
            }
          dice = given_dice (line, &by_master);
          given = adm_table_client_give_dice (asking->client, side->id, dice, by_master,
                                              &refusal);
          if (!given)
            /* Translators: "Pol Six’s dice “7 1” refused: …" */
            g_printerr (_("admiralty-cli: %s’s dice “%s” refused: %s\n"), side->name,
                        g_strstrip (line), refusal->message);
        }
    }
  return adm_table_client_dice_source (asking->client, asking->seed, NULL, error);
}

/* What became of the sending, said after the battle: everything at the chief, entries
 * waiting (no failure: they go with the next `join`), or the chief's refusal. */
static CliExit
sent (AdmTableClient *client,
      guint           wait_ms,
      gboolean        json)
{
  g_autoptr(GError) error = NULL;

  if (adm_table_client_flush (client, wait_ms, &error))
    return CLI_EXIT_OK;
  if (g_error_matches (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_UNREACHABLE))
    {
      g_autofree char *display = g_filename_display_name (
        adm_battle_get_path (adm_table_client_get_battle (client)));

      /* Translators: the first %s is why ("Cannot reach … : Connection refused. 3 entries
       * wait …"), the second the battle's file. */
      g_printerr (_("admiralty-cli: %s\nThe battle is kept in %s; “admiralty-cli join” sends "
                    "the entries waiting.\n"), error->message, display);
      return CLI_EXIT_OK;
    }
  {
    g_autofree char *display = g_filename_display_name (
      adm_battle_get_path (adm_table_client_get_battle (client)));

    return _cli_invalid (json, _("%s\nNothing more is sent; the battle stays on this computer "
                                 "in %s."), error->message, display);
  }
}

/* How long --find looks, in seconds. */
#define FIND_S 3

static gboolean
quit_cb (gpointer data)
{
  g_main_loop_quit (data);
  return G_SOURCE_REMOVE;
}

/* `join --find`: the chiefs found in FIND_S seconds. */
static CliExit
find (gboolean json)
{
  g_autoptr(AdmTableFinder) finder = adm_table_finder_new ();
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autoptr(JsonBuilder) builder = NULL;
  guint n;

  g_timeout_add_seconds (FIND_S, quit_cb, loop);
  g_main_loop_run (loop);
  n = g_list_model_get_n_items (adm_table_finder_get_chiefs (finder));
  if (n == 0 && adm_table_finder_get_message (finder) != NULL)
    return _cli_invalid (json, "%s", adm_table_finder_get_message (finder));
  if (!json)
    {
      if (n == 0)
        g_print (_("No chief master's Admiralty advertises tables on this network.\n"));
      for (guint i = 0; i < n; i++)
        {
          g_autoptr(AdmTableChief) chief = g_list_model_get_item (adm_table_finder_get_chiefs (finder), i);
          g_autofree char *where = adm_table_chief_get_where (chief);

          /* Translators: "  192.168.1.10:8040  Komarr" */
          g_print (_("  %s  %s\n"), where, adm_table_chief_get_name (chief));
        }
      return CLI_EXIT_OK;
    }
  builder = json_builder_new ();
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "chiefs");
  json_builder_begin_array (builder);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(AdmTableChief) chief = g_list_model_get_item (adm_table_finder_get_chiefs (finder), i);

      json_builder_begin_object (builder);
      _cli_add_string (builder, "name", adm_table_chief_get_name (chief));
      _cli_add_string (builder, "host", adm_table_chief_get_host (chief));
      _cli_add_int (builder, "port", adm_table_chief_get_port (chief));
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  _cli_print_json (builder);
  return CLI_EXIT_OK;
}

static void
asking_changed_cb (AdmTableAsking *asking,
                   GParamSpec     *pspec,
                   GMainLoop      *loop)
{
  if (adm_table_asking_get_state (asking) >= ADM_TABLE_ASKING_ACCEPTED)
    g_main_loop_quit (loop);
}

static void
words_cb (AdmTableAsking *asking,
          GParamSpec     *pspec,
          gpointer        data)
{
  /* Printed at once, as a line of its own: the chief master reads his screen meanwhile. */
  g_print (_("The chief master's screen must show the words “%s”. If it shows others, "
             "someone on the network stands between you: tell him to refuse.\n"),
           adm_table_asking_get_words (asking));
}

/* `join --ask HOST:PORT`: the table let in, its link in *@link. */
static CliExit
ask (const char  *where,
     const char  *name,
     gboolean     json,
     char       **link)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autoptr(AdmTableAsking) asking = NULL;
  g_autofree char *host_name = NULL;

  if (name == NULL)
    name = host_name = g_strdup (g_get_host_name ());
  asking = adm_table_asking_new (where, name, &error);
  if (asking == NULL)
    return _cli_invalid (json, "%s", error->message);
  if (!json)
    g_signal_connect (asking, "notify::words", G_CALLBACK (words_cb), NULL);
  g_signal_connect (asking, "notify::state", G_CALLBACK (asking_changed_cb), loop);
  g_main_loop_run (loop);
  switch (adm_table_asking_get_state (asking))
    {
    case ADM_TABLE_ASKING_ACCEPTED:
      *link = g_strdup (adm_table_asking_get_link (asking));
      if (!json)
        /* Translators: "Let in as Table 2. Its link, for the next time: https://…" */
        g_print (_("Let in as %s. Its link, for the next time: %s\n"),
                 adm_table_asking_get_table (asking), *link);
      return CLI_EXIT_OK;
    case ADM_TABLE_ASKING_REFUSED:
      return _cli_invalid (json, _("The chief master refused this table"));
    case ADM_TABLE_ASKING_FAILED:
    default:
      return _cli_invalid (json, "%s", adm_table_asking_get_message (asking));
    }
}

CliExit
_cli_join_run (int    argc,
               char **argv)
{
  const char *command = "join";
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(AdmTableClient) client = NULL;
  g_autoptr(AdmBattleOrders) orders = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) table = NULL;
  g_auto(CliBattleDice) dice = { NULL, };
  g_auto(GStrv) links = NULL;
  g_autofree char *engagement_id = NULL, *orders_path = NULL, *turns_text = NULL;
  g_autofree char *seed_text = NULL, *dice_text = NULL, *reason = NULL, *export_path = NULL;
  g_autofree char *battle_name = NULL;
  g_autofree char *ask_where = NULL, *ask_name = NULL, *asked_link = NULL;
  gboolean find_chiefs = FALSE;
  g_auto(GStrv) places = NULL, given = NULL;
  g_autoptr(GInputStream) stdin_stream = NULL;
  g_autoptr(GDataInputStream) input = NULL;
  Asking asking = { NULL, NULL, NULL, NULL, FALSE, -1, WAIT_S * 1000 };
  g_autofree char *taps_text = NULL, *wait_text = NULL;
  gboolean secret_alone = FALSE;
  g_autoptr(GHashTable) overrides = g_hash_table_new (g_str_hash, g_str_equal);
  gboolean roll_again = FALSE;
  Sending sending = { NULL, WAIT_S * 1000, FALSE };
  AdmBattle *battle;
  gboolean json = FALSE, end = FALSE, reachable = FALSE;
  gulong recorded_id;
  CliExit status;
  int turns = 1;
  const GOptionEntry entries[] = {
    { "engagement", 0, 0, G_OPTION_ARG_STRING, &engagement_id,
      N_("Fight this engagement of the table (an id “admiralty-cli join LINK” lists)"),
      N_("ID") },
    { "orders", 0, 0, G_OPTION_ARG_FILENAME, &orders_path,
      N_("The declarations of both sides, turn by turn (an orders file)"), N_("FILE") },
    { "turns", 0, 0, G_OPTION_ARG_STRING, &turns_text,
      N_("Number of turns to play (default 1; 0 sends what waits and plays nothing)"),
      N_("K") },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_text,
      N_("Roll program dice from this seed's secret, as the chief's campaign would "
         "(docs/dice.md)"), N_("N") },
    { "dice", 0, 0, G_OPTION_ARG_STRING, &dice_text,
      N_("Use these die values, in order, instead (\"4,6,1\" or \"4 6 1\")"), N_("VALUES") },
    { "give-dice", 0, 0, G_OPTION_ARG_STRING_ARRAY, &given,
      N_("This side's 2d6 for the first phase played that rolls dice, thrown in front of both "
         "sides (“barrayar=3 5”, “barrayar=master 3 5” when the master threw "
         "them for it; repeatable). The sides that have not given are asked on standard input "
         "before each phase that rolls (docs/dice.md)"), N_("SIDE=DICE") },
    { "taps", 0, 0, G_OPTION_ARG_STRING, &taps_text,
      N_("Each side gives its dice by a tap on its admirals' phones: before each phase that "
         "rolls dice, the chief's portal offers them the tap, and the table waits at most "
         "SECONDS for every side's (0: asks and waits for none). A side whose phone does not "
         "tap: --give-dice SIDE=master DICE (docs/dice.md)"), N_("SECONDS") },
    { "wait", 0, 0, G_OPTION_ARG_STRING, &wait_text,
      N_("Wait at most SECONDS for the chief master's receipt of each entry, and of the last "
         "at the end, before playing on with the entries waiting on this computer (default 5; "
         "0: send and wait for none)"), N_("SECONDS") },
    { "secret-alone", 0, 0, G_OPTION_ARG_NONE, &secret_alone,
      N_("Ask no side's dice: roll the program's from the secret alone, which its keeper can "
         "foresee (docs/dice.md)"), NULL },
    { "end", 0, 0, G_OPTION_ARG_NONE, &end,
      N_("After the turns (none unless --turns is given), end the battle: the chief carries "
         "its results into the campaign"), NULL },
    { "reason", 0, 0, G_OPTION_ARG_STRING, &reason,
      N_("With --end: why the battle ends (“Pol Six withdrew”)"), N_("TEXT") },
    { "place", 0, 0, G_OPTION_ARG_STRING_ARRAY, &places,
      N_("Before the first phase, place this formation otherwise than its orders would "
         "(F-STRAT-15): the chief takes it as his own placements and hands the battle anew "
         "(repeatable)"), N_("FORMATION=PLACEMENT") },
    { "roll-again", 0, 0, G_OPTION_ARG_NONE, &roll_again,
      N_("Before the first phase, have the chief roll the table again (F-TAC-1)"), NULL },
    { "export", 0, 0, G_OPTION_ARG_FILENAME, &export_path,
      N_("Write the battle kept on this computer to FILE for the chief master to import "
         "(admiralty-cli import); plays and sends nothing"), N_("FILE") },
    { "find", 0, 0, G_OPTION_ARG_NONE, &find_chiefs,
      N_("Without a link: list the chief masters' Admiralties advertising tables on this "
         "network"), NULL },
    { "ask", 0, 0, G_OPTION_ARG_STRING, &ask_where,
      N_("Without a link: ask the chief master's Admiralty at HOST:PORT (as --find lists it) "
         "to let this table in; compare the words printed with his screen's"), N_("HOST:PORT") },
    { "name", 0, 0, G_OPTION_ARG_STRING, &ask_name,
      N_("With --ask: the name the chief master sees asking (default: this computer's)"),
      N_("TEXT") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Print as JSON: the listing, or the battle as `battle --json` prints it with "
         "\"table\": {\"name\", \"engagement\", \"assignment\", \"file\", \"entries\", \"kept\", "
         "\"waiting\", \"state\", \"end_reason\"}"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_STRING_ARRAY, &links, NULL, NULL },
    { NULL }
  };

  context = _cli_context_new (command, _("LINK [--engagement ID] | --find | --ask HOST:PORT"),
                              _("A table master's side of a campaign fought at several "
                                "tables: with the join link alone, lists the engagements the "
                                "chief master assigned to this table; with --engagement, plays "
                                "its battle's turns as “admiralty-cli battle CAMPAIGN "
                                "--engagement ID” does and sends each entry to the chief as it "
                                "is recorded. The battle is kept on this computer "
                                "($XDG_DATA_HOME/admiralty/tables): when the chief cannot be "
                                "reached the entries wait there, and the next join sends them."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!_cli_parse (context, command, &argc, &argv))
    return CLI_EXIT_USAGE;
  if (!_cli_check_value (command, "--engagement", engagement_id, FALSE)
      || !_cli_check_value (command, "--orders", orders_path, FALSE)
      || !_cli_check_value (command, "--turns", turns_text, FALSE)
      || !_cli_check_value (command, "--seed", seed_text, FALSE)
      || !_cli_check_value (command, "--dice", dice_text, FALSE)
      || !_cli_check_value (command, "--taps", taps_text, FALSE)
      || !_cli_check_value (command, "--wait", wait_text, FALSE)
      || !_cli_check_value (command, "--reason", reason, FALSE)
      || !_cli_check_value (command, "--export", export_path, FALSE)
      || !_cli_check_value (command, "--ask", ask_where, FALSE)
      || !_cli_check_value (command, "--name", ask_name, FALSE))
    return CLI_EXIT_USAGE;
  if (ask_name != NULL && ask_where == NULL)
    return _cli_usage_error (command, _("--name goes with --ask"));
  if (find_chiefs && ask_where != NULL)
    return _cli_usage_error (command, _("--find and --ask cannot be used together"));
  if ((find_chiefs || ask_where != NULL) && links != NULL && links[0] != NULL)
    return _cli_usage_error (command, _("--find and --ask are for a table with no link yet: "
                                        "drop the link"));
  if (find_chiefs && engagement_id != NULL)
    return _cli_usage_error (command, _("--find lists chiefs: drop --engagement"));
  if (find_chiefs)
    return find (json);
  if (ask_where != NULL)
    {
      if ((status = ask (ask_where, ask_name, json, &asked_link)) != CLI_EXIT_OK)
        return status;
      g_strfreev (links);
      links = g_new0 (char *, 2);
      links[0] = g_steal_pointer (&asked_link);
    }
  if (!_cli_check_arguments (command, links, _("unexpected argument “%s”; give one join link"),
                             _("no join link given"), NULL))
    return CLI_EXIT_USAGE;
  for (guint i = 0; places != NULL && places[i] != NULL; i++)
    {
      char *equals = strchr (places[i], '=');

      if (equals == NULL || equals == places[i] || equals[1] == '\0')
        return _cli_usage_error (command, _("--place takes FORMATION=PLACEMENT, not “%s”"),
                                 places[i]);
      *equals = '\0';
      g_hash_table_insert (overrides, places[i], equals + 1);
    }
  for (guint i = 0; given != NULL && given[i] != NULL; i++)
    {
      const char *equals = strchr (given[i], '=');

      if (equals == NULL || equals == given[i] || equals[1] == '\0')
        return _cli_usage_error (command, _("--give-dice takes SIDE=DICE, “barrayar=3 5”, not "
                                            "“%s”"), given[i]);
    }
  if (taps_text != NULL)
    {
      guint64 seconds;

      if (!g_ascii_string_to_unsigned (taps_text, 10, 0, 3600, &seconds, NULL))
        return _cli_usage_error (command, _("--taps takes how many seconds to wait for the "
                                            "phones' taps, 0 to 3600, not “%s”"), taps_text);
      if (dice_text != NULL || secret_alone)
        return _cli_usage_error (command, _("--taps mixes the phones' taps into the program's "
                                            "dice: drop --dice and --secret-alone"));
      asking.taps = (gint64) seconds;
    }
  if (wait_text != NULL)
    {
      guint64 seconds;

      if (!g_ascii_string_to_unsigned (wait_text, 10, 0, 3600, &seconds, NULL))
        return _cli_usage_error (command, _("--wait takes how many seconds to wait for the "
                                            "chief master's receipt, 0 to 3600, not “%s”"),
                                 wait_text);
      sending.wait_ms = asking.wait_ms = (guint) seconds * 1000;
    }
  if (given != NULL && (dice_text != NULL || secret_alone))
    return _cli_usage_error (command, _("--give-dice mixes the sides' dice into the program's: "
                                        "drop --dice and --secret-alone"));
  if (given != NULL && turns_text != NULL && g_str_equal (turns_text, "0"))
    return _cli_usage_error (command, _("--give-dice is for the first phase played that rolls "
                                        "dice: give --turns K"));
  if (engagement_id == NULL && (orders_path != NULL || turns_text != NULL || seed_text != NULL ||
                                dice_text != NULL || end || reason != NULL ||
                                export_path != NULL || places != NULL || roll_again ||
                                given != NULL || secret_alone || taps_text != NULL))
    return _cli_usage_error (command, _("give --engagement ID to fight, end or export a "
                                        "battle"));
  if (reason != NULL && !end)
    return _cli_usage_error (command, _("--reason goes with --end"));
  if (end && reason == NULL)
    return _cli_usage_error (command, _("--end needs --reason TEXT: the chief reads why the "
                                        "battle ended"));
  if (seed_text != NULL && dice_text != NULL)
    return _cli_usage_error (command, _("--seed and --dice cannot be used together"));
  if (export_path != NULL && (orders_path != NULL || turns_text != NULL || seed_text != NULL ||
                              dice_text != NULL || end))
    return _cli_usage_error (command, _("--export writes the battle as it is kept: it plays "
                                        "nothing; drop --orders, --turns, --seed, --dice and "
                                        "--end"));
  if (turns_text != NULL && g_str_equal (turns_text, "0"))
    turns = 0;
  else if ((status = _cli_battle_parse_turns (turns_text, json, &turns)) != CLI_EXIT_OK)
    return status;
  /* --end alone ends the battle as it stands. */
  if ((end || export_path != NULL) && turns_text == NULL)
    turns = 0;

  client = adm_table_client_new (links[0], &error);
  if (client == NULL)
    return _cli_invalid (json, "%s", error->message);
  if (engagement_id == NULL)
    return list (client, json);

  /* The placements step comes first: the battle opened then is the one handed anew. */
  if ((places != NULL || roll_again) &&
      !adm_table_client_place_sync (client, engagement_id, overrides, roll_again, NULL,
                                    &error))
    return _cli_invalid (json, "%s", error->message);
  battle = adm_table_client_open_battle_sync (client, engagement_id, &reachable, NULL, &error);
  if (battle == NULL)
    return _cli_invalid (json, "%s", error->message);
  g_object_unref (battle);
  /* "The chief answered oddly, retrying: …" when he answered what the protocol has not. */
  if (!reachable && !json && adm_table_client_get_answered_oddly (client))
    g_printerr (_("admiralty-cli: %s; playing on the battle kept on this computer.\n"),
                adm_table_client_get_message (client));
  else if (!reachable && !json)
    g_printerr (_("admiralty-cli: the chief master cannot be reached; playing on the battle "
                  "kept on this computer.\n"));
  if (export_path != NULL)
    return export (client, export_path, json);
  if (turns > 0 && adm_table_client_get_end_reason (client) != NULL)
    return _cli_invalid (json, _("The battle of engagement %s was ended at this table (%s); "
                                 "nothing more is played"), engagement_id,
                         adm_table_client_get_end_reason (client));
  if (turns > 0 && adm_table_client_get_state (client) == ADM_TABLE_CLIENT_REFUSED &&
      adm_table_client_get_message (client) != NULL)
    return _cli_invalid (json, "%s", adm_table_client_get_message (client));
  if (orders_path != NULL)
    {
      orders = adm_battle_orders_load_file (orders_path, &error);
      if (orders == NULL)
        return _cli_invalid (json, "%s", error->message);
    }
  status = table_dice (client, seed_text, dice_text, turns, json, &dice);
  if (status != CLI_EXIT_OK)
    return status;
  /* Program dice ask each side's 2d6 before each phase that rolls, unless --secret-alone:
   * real dice typed in mix nothing. */
  if (dice_text == NULL && !secret_alone)
    {
      stdin_stream = g_unix_input_stream_new (STDIN_FILENO, FALSE);
      input = g_data_input_stream_new (stdin_stream);
      asking.client = client;
      asking.input = input;
      asking.seed = dice.seeded ? &dice.seed : NULL;
      asking.given = given;
    }

  battle = adm_table_client_get_battle (client);
  sending.client = client;
  sending.given_up = !reachable;
  if (!json)
    g_signal_connect (client, "notify::message", G_CALLBACK (message_cb), NULL);
  recorded_id = g_signal_connect (battle, "changed", G_CALLBACK (entry_recorded_cb), &sending);
  /* Translators: the name of the battle fought at this table, for messages */
  battle_name = g_strdup_printf (_("engagement %s"), engagement_id);
  if (turns > 0 && asking.input != NULL)
    status = _cli_battle_play_phases (battle, orders, turns, battle_name, json, phase_dice_cb,
                                      &asking);
  else if (turns > 0)
    status = _cli_battle_play (battle, orders, dice.source, turns, battle_name, json);
  g_signal_handler_disconnect (battle, recorded_id);
  if (status == CLI_EXIT_OK && given != NULL && !asking.used)
    status = _cli_invalid (json, _("No phase played rolled dice: the dice of --give-dice "
                                   "were not given"));
  if (status == CLI_EXIT_OK && end &&
      !adm_table_client_end_battle (client, reason, &error))
    status = _cli_invalid (json, "%s", error->message);
  /* What was played is kept and sent even when a turn was refused. */
  if (status != CLI_EXIT_OK)
    {
      sent (client, sending.wait_ms, FALSE);
      return status;
    }
  status = sent (client, sending.wait_ms, json);
  if (status != CLI_EXIT_OK)
    return status;
  if (end && !json)
    g_print (_("The battle of engagement %s is ended; the chief master carries its results "
               "into the campaign.\n\n"), engagement_id);
  table = table_json (client);
  _cli_battle_print (battle, adm_audience_master (), NULL, orders, turns, &dice, table, json);
  return CLI_EXIT_OK;
}
