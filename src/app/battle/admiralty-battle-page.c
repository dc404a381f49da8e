/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-battle-page.c: a battle's tab — opening and resuming it, resolving its phases
 * with the program's dice or real ones, and the report, dice log and ship details. */

#include "config.h"

#include <stdio.h>
#include <string.h>
#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "admiralty-asking-dice.h"
#include "admiralty-dice-contribution-dialog.h"
#include "admiralty-dice-prompt.h"
#include "admiralty-typed-dice.h"
#include "admiralty-drafts.h"
#include "admiralty-log-rows.h"
#include "admiralty-battle-page-private.h"
#include "admiralty-fleet-entry.h"
#include "admiralty-orders-panel.h"
#include "admiralty-plain-text.h"
#include "admiralty-table-legend.h"
#include "admiralty-units.h"
#include "adm-table-client.h"
#include "adm-battle-result.h"
#include "adm-campaign-battles.h"
#include "adm-campaign-file.h"
#include "adm-clock.h"
#include "adm-dice-ledger.h"
#include "adm-log-entry.h"
#include "adm-log-model.h"
#include "admiralty-tooltip.h"


/* The report's or the dice log's list: the side panel's page it is on, its view, the model
 * it lists and that model as the view takes it, and whether it changed while its page was
 * hidden (log_list_changing_cb ()). */
typedef struct
{
  AdmiraltyBattlePage *page;
  const char          *name;
  GtkListView         *view;
  GtkStack            *stack;
  GListModel          *model;
  GtkSelectionModel   *selection;
  gboolean             behind;
} LogList;

struct _AdmiraltyBattlePage
{
  GtkWidget             parent_instance;

  AdmBattle            *battle;
  AdmBattleOrders      *orders;
  char                 *source_path;
  char                 *setup_base;   /* the set-up's path without ".xml": orders go beside */
  char                 *game_path;
  char                 *orders_path;
  guint64               seed;
  gboolean              resumed;
  /* What the window says when it shows the page (admiralty_window_announce_battle ()): why
   * the orders file did not load, the backup the battle was resumed from, how many dice
   * values typed before a crash were kept. */
  char                 *orders_error;
  char                 *backup_used;
  guint                 dice_restored;
  /* At another table: the battle as the campaign held it when the page opened
   * (admiralty_battle_page_get_stale ()). */
  char                 *watched;
  char                 *phase_label;
  char                 *resolve_label;

  /* A battle of the campaign (F-STRAT-4): kept in the campaign's file, not a file of its
   * own; read-only once ended (adm-battle-result.h). */
  GSignalGroup         *battle_signals;  /* on the battle */
  AdmCampaign          *campaign;
  GSignalGroup         *campaign_signals; /* on the campaign */
  char                 *engagement_id;
  /* A battle fought at this table for a chief master elsewhere (adm-table-client.h): kept in
   * the tables folder, each entry sent to the chief as it is recorded. */
  AdmTableClient       *client;
  GSignalGroup         *client_signals;  /* on the client */

  GSettings            *settings;
  GListStore           *fleet_store;   /* AdmiraltyFleetEntry: the Ships list */
  /* The report and the dice log as the page's audience reads them (adm-log-model.h), the
   * dice narrowed by the search, and their lists (LogList). */
  AdmLogModel          *report_log;
  AdmLogModel          *dice_log;
  GtkFilterListModel   *dice_found;
  GHashTable           *dice_groups;   /* the turns' phases with a roll found: dice_found_cb () */
  LogList               report_list;
  LogList               dice_list;

  /* Real dice: the values entered for the phase being resolved with the phase, rolls and
   * orders they were typed for, and the source that noted the request it could not meet. */
  AdmiraltyTypedDice   *typed;
  AdmiraltyAskingDice  *asking;
  gboolean              ask_physical; /* the dice of a Resolve waiting on a question */
  gboolean              ask_contributions; /* each side's 2d6 asked before program dice */
  GtkWidget            *contribution_dialog; /* weak: the one asking them now, or NULL */
  char                 *secret_alone; /* the dice key of the phase the master chose to roll
                                       * from the secret alone, without the sides' dice */

  /* Template children */
  GtkPaned             *paned;
  AdmiraltyTableWidget *table;
  AdmiraltyOrdersPanel *orders_panel;
  GtkButton            *fit_button;
  GtkToggleButton      *ruler_button;
  GtkWidget            *table_controls;  /* the buttons floating over the table */
  GtkMenuButton        *legend_button;
  GtkDropDown          *view_dropdown;
  GtkStack             *side_stack;
  GtkListBox           *fleet_list;
  gboolean              syncing_fleet;
  GtkStack             *report_stack;
  GtkScrolledWindow    *report_scroller;
  GtkListView          *report_view;
  GtkStack             *dice_stack;
  GtkSearchEntry       *dice_search;
  GtkLabel             *dice_empty_label;
  GtkScrolledWindow    *dice_scroller;
  GtkListView          *dice_view;
  GtkWidget            *ship_box;
  GtkLabel             *ship_name_label;
  GtkLabel             *ship_details_label;
};

G_DEFINE_FINAL_TYPE (AdmiraltyBattlePage, admiralty_battle_page, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_BATTLE,
  PROP_PHASE_LABEL,
  PROP_RESOLVE_LABEL,
  N_PROPS
};

enum {
  SIGNAL_ERROR,
  SIGNAL_TOAST,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* Opening */

gboolean
admiralty_battle_page_is_battle_file (const char *path)
{
  g_autofree char *root = NULL;

  g_return_val_if_fail (path != NULL, FALSE);

  root = adm_xml_peek_root (path);
  return g_strcmp0 (root, "battle") == 0 || g_strcmp0 (root, "battle-game") == 0;
}

static char *
strip_suffix (const char *path,
              const char *suffix)
{
  if (g_str_has_suffix (path, suffix))
    return g_strndup (path, strlen (path) - strlen (suffix));
  return g_strdup (path);
}

/* The folder of games played from set-ups that are not the master's to write beside. */
static char *
data_battles_folder (void)
{
  return g_build_filename (g_get_user_data_dir (), "admiralty", "battles", NULL);
}

static gboolean
is_own_folder (const char          *folder,
               const char * const  *own_folders)
{
  g_autofree char *data_folder = data_battles_folder ();
  g_autofree char *data = g_canonicalize_filename (data_folder, NULL);

  if (g_strcmp0 (folder, data) == 0)
    return TRUE;
  for (guint i = 0; own_folders != NULL && own_folders[i] != NULL; i++)
    {
      g_autofree char *own = g_canonicalize_filename (own_folders[i], NULL);

      if (g_strcmp0 (folder, own) == 0)
        return TRUE;
    }
  return FALSE;
}

/* "DIR/NAME.game.xml" for the set-up "DIR/NAME.xml" when DIR is the master's own (and can be
 * written); else under the user's data folder, named after the set-up and its folder's hash,
 * so that two set-ups of one name in two folders do not share a game. */
static char *
game_path_for_setup (const char          *setup_base,
                     const char * const  *own_folders)
{
  g_autofree char *folder = g_path_get_dirname (setup_base);
  g_autofree char *name = g_path_get_basename (setup_base);
  g_autofree char *hash = NULL;
  g_autofree char *file_name = NULL;
  g_autofree char *data = NULL;

  if (is_own_folder (folder, own_folders) && g_access (folder, W_OK) == 0)
    return g_strconcat (setup_base, ".game.xml", NULL);

  hash = g_compute_checksum_for_string (G_CHECKSUM_SHA1, folder, -1);
  hash[8] = '\0';
  file_name = g_strdup_printf ("%s-%s.game.xml", name, hash);
  data = data_battles_folder ();
  return g_build_filename (data, file_name, NULL);
}

/* Opens the game played from a set-up, or the newest backup of it that opens when the game
 * itself is damaged. */
static AdmBattle *
load_game_or_backup (const char  *game_path,
                     char       **backup_used,
                     GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *backup = NULL;
  AdmBattle *battle = adm_battle_load_game (game_path, &local_error);

  if (battle != NULL)
    return battle;

  backup = adm_battle_find_backup (game_path);
  if (backup == NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }

  battle = adm_battle_load_game (backup, error);
  if (battle != NULL)
    *backup_used = g_steal_pointer (&backup);
  return battle;
}

AdmiraltyBattlePage *
admiralty_battle_page_open_in (const char          *path,
                               const char * const  *own_folders,
                               GError             **error)
{
  g_autoptr(AdmiraltyBattlePage) self = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  g_autofree char *canonical = NULL;
  g_autofree char *root = NULL;
  g_autofree char *backup_used = NULL;
  g_autofree char *game_path = NULL;
  g_autofree char *setup_base = NULL;
  g_autofree char *orders_path = NULL;
  gboolean resumed = FALSE;

  g_return_val_if_fail (path != NULL, NULL);

  canonical = g_canonicalize_filename (path, NULL);
  root = adm_xml_peek_root (canonical);

  if (g_strcmp0 (root, "battle-game") == 0)
    {
      /* A saved game goes on in its own file. */
      setup_base = strip_suffix (canonical, ".game.xml");
      game_path = g_strdup (canonical);
      battle = adm_battle_load_game (canonical, error);
      resumed = TRUE;
    }
  else
    {
      g_autofree char *beside = NULL;

      setup_base = strip_suffix (canonical, ".xml");
      game_path = game_path_for_setup (setup_base, own_folders);
      beside = g_strconcat (setup_base, ".game.xml", NULL);
      if (g_file_test (game_path, G_FILE_TEST_EXISTS))
        {
          battle = load_game_or_backup (game_path, &backup_used, error);
          resumed = TRUE;
        }
      else if (g_file_test (beside, G_FILE_TEST_EXISTS))
        {
          /* A game an older version played beside the set-up goes on under the data
           * folder: the autosave writes it there as soon as the page has it. */
          battle = load_game_or_backup (beside, &backup_used, error);
          resumed = TRUE;
        }
      else
        battle = adm_battle_load_game (canonical, error);
    }

  if (battle == NULL)
    return NULL;

  self = g_object_ref_sink (g_object_new (ADMIRALTY_TYPE_BATTLE_PAGE, NULL));
  self->source_path = g_steal_pointer (&canonical);
  self->setup_base = g_steal_pointer (&setup_base);
  self->game_path = g_steal_pointer (&game_path);
  self->resumed = resumed;
  self->seed = adm_battle_get_seed (battle);
  /* Without a seed in the set-up, each opening rolls differently. */
  while (self->seed == 0)
    self->seed = ((guint64) g_random_int () << 32) | g_random_int ();

  orders_path = g_strconcat (self->setup_base, ".orders.xml", NULL);
  if (g_file_test (orders_path, G_FILE_TEST_IS_REGULAR))
    {
      g_autoptr(GError) orders_error = NULL;

      /* A broken orders file does not keep the battle from opening: orders can be loaded
       * again once fixed. */
      if (!admiralty_battle_page_load_orders (self, orders_path, &orders_error))
        self->orders_error = g_strdup (orders_error->message);
    }

  self->backup_used = g_steal_pointer (&backup_used);
  g_object_set (self, "battle", battle, NULL);

  return g_steal_pointer (&self);
}

/* Labels and lists */

static const char *
phase_name (AdmPhase phase)
{
  switch (phase)
    {
    case ADM_PHASE_DETECTION:
      return _("Detection");
    case ADM_PHASE_MOVEMENT:
      return _("Movement");
    case ADM_PHASE_FIRE:
      return _("Fire");
    case ADM_PHASE_TORPEDO:
      return _("Torpedoes");
    case ADM_PHASE_END:
    default:
      return _("End Phase");
    }
}

static const char *
resolve_label (AdmPhase phase)
{
  switch (phase)
    {
    case ADM_PHASE_DETECTION:
      return _("Resolve Detection");
    case ADM_PHASE_MOVEMENT:
      return _("Resolve Movement");
    case ADM_PHASE_FIRE:
      return _("Resolve Fire");
    case ADM_PHASE_TORPEDO:
      return _("Resolve Torpedoes");
    case ADM_PHASE_END:
    default:
      return _("Resolve End Phase");
    }
}

static char *
turn_phase_text (int      turn,
                 AdmPhase phase)
{
  /* Translators: a battle's turn and phase, "Turn 2 · Fire" */
  return g_strdup_printf (_("Turn %d · %s"), turn, phase_name (phase));
}

static const char *
ship_status_name (AdmShipStatus status)
{
  switch (status)
    {
    case ADM_SHIP_ACTIVE:
      return _("Active");
    case ADM_SHIP_DRIFTING_HULK:
      return _("Drifting hulk");
    case ADM_SHIP_BURNING_HULK:
      return _("Burning hulk");
    case ADM_SHIP_DESTROYED:
    default:
      return _("Destroyed");
    }
}

/* An ended campaign battle is read-only (adm-battle-result.h): no order control on the
 * Orders pane, the table or the ship menu, until its ending is undone in the campaign. */
static void
admiralty_battle_page_update_read_only (AdmiraltyBattlePage *self)
{
  static const char *const actions[] = {
    "battle.move-order", "battle.clear-move", "battle.target-lock", "battle.reinforce",
    "battle.declare-fire", "battle.add-leg",
  };
  gboolean finished = admiralty_battle_page_get_read_only (self);

  if (self->client != NULL && adm_table_client_get_end_reason (self->client) == NULL)
    admiralty_orders_panel_set_read_only_text (self->orders_panel, _("Refused by the Chief"),
                                               adm_table_client_get_message (self->client));
  else if (self->client != NULL)
    admiralty_orders_panel_set_read_only_text (self->orders_panel, _("The Battle Has Ended"),
                                               _("It was ended at this table and its ending "
                                                 "sent to the chief master, who carries its "
                                                 "results into the campaign."));
  else if (admiralty_battle_page_get_at_table (self))
    admiralty_orders_panel_set_read_only_text (self->orders_panel,
                                               _("Fought at Another Table"),
                                               _("Its master sends each entry as he records it, "
                                                 "and this tab follows. Take it back from the "
                                                 "Orders tab to fight it here."));
  else
    admiralty_orders_panel_set_read_only_text (self->orders_panel, NULL, NULL);
  admiralty_orders_panel_set_read_only (self->orders_panel, finished);
  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    gtk_widget_action_set_enabled (GTK_WIDGET (self), actions[i], !finished);
}

static void
admiralty_battle_page_update_labels (AdmiraltyBattlePage *self)
{
  AdmPhase phase = adm_battle_get_phase (self->battle);

  g_free (self->phase_label);
  if (self->client != NULL)
    {
      g_autofree char *status = admiralty_battle_page_get_table_status (self);
      g_autofree char *where = adm_table_client_get_end_reason (self->client) != NULL
                                 ? g_strdup_printf (_("Ended at turn %d"),
                                                    adm_battle_get_turn (self->battle))
                                 : turn_phase_text (adm_battle_get_turn (self->battle), phase);

      /* Translators: a battle fought at this table: "Turn 2 · Fire — All sent to the chief" */
      self->phase_label = g_strdup_printf (_("%s — %s"), where, status);
    }
  else if (admiralty_battle_page_get_finished (self))
    {
      const AdmBattleEnding *ending = adm_state_get_battle_ending (
        adm_campaign_get_state (self->campaign), self->engagement_id);

      /* Translators: a campaign battle that has ended: "Ended in turn 3 · results in the
       * campaign" */
      self->phase_label = g_strdup_printf (_("Ended in turn %d · results in the campaign"),
                                           ending->turn);
    }
  else if (admiralty_battle_page_get_at_table (self))
    {
      g_autoptr(AdmQueuedEngagement) engagement =
        adm_campaign_find_engagement (self->campaign, self->engagement_id, NULL);

      /* "At the table “Table 2” · Turn 3 · Fire": where the table's battle stands. */
      self->phase_label = engagement != NULL ? adm_queued_engagement_describe_status (engagement)
                                             : turn_phase_text (adm_battle_get_turn (self->battle),
                                                                phase);
    }
  else
    self->phase_label = turn_phase_text (adm_battle_get_turn (self->battle), phase);
  admiralty_battle_page_update_read_only (self);
  g_free (self->resolve_label);
  self->resolve_label = g_strdup (admiralty_battle_page_get_finished (self) ? _("Battle Ended")
                                                                            : resolve_label (phase));

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PHASE_LABEL]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RESOLVE_LABEL]);
}

/* Keeping the newest line in sight after each phase: the list's own scroll action anchors
 * it at its last row, whether or not the list is allocated yet. */
static void
scroll_to_end (GtkListView *view,
               GListModel  *model)
{
  guint n = g_list_model_get_n_items (model);

  if (n > 0)
    gtk_widget_activate_action (GTK_WIDGET (view), "list.scroll-to-item", "u", n - 1);
}

/* Who the page is shown to: the table's "View as" side, or the master. Everything the page
 * shows a side goes through the engine's audience filter (adm-audience.h). */
static AdmAudience
page_audience (AdmiraltyBattlePage *self)
{
  return adm_audience_for_view_side (admiralty_table_widget_get_view_side (self->table));
}

static gboolean
side_page_shown (AdmiraltyBattlePage *self,
                 const char          *name)
{
  return g_strcmp0 (gtk_stack_get_visible_child_name (self->side_stack), name) == 0;
}

/* Before the battle or the audience changes: on a hidden page, the list view lets go of its
 * model, for a GtkListView makes, binds and measures the rows around its anchor whether or
 * not they are seen; it takes the model back, at its newest line, when the page is shown
 * (side_page_cb ()). It lets go before the model changes, which is when the view can still
 * read the rows it had. */
static void
log_list_let_go (LogList *list)
{
  if (!side_page_shown (list->page, list->name) && gtk_list_view_get_model (list->view) != NULL)
    gtk_list_view_set_model (list->view, NULL);
}

/* A change on a hidden page: its newest line is brought in sight when it is shown. */
static void
log_list_changing_cb (LogList *list)
{
  if (!side_page_shown (list->page, list->name))
    list->behind = TRUE;
}

/* After it: on the page shown, the list keeps its newest line in sight. */
static void
log_list_changed_cb (LogList *list)
{
  gtk_stack_set_visible_child_name (list->stack, g_list_model_get_n_items (list->model) > 0
                                                   ? "list" : "empty");
  if (side_page_shown (list->page, list->name))
    scroll_to_end (list->view, list->model);
}

/* A log list's page shown: its view has its model, and its newest line in sight if the list
 * changed while the page was hidden. */
static void
log_list_show (LogList *list)
{
  if (gtk_list_view_get_model (list->view) == NULL)
    gtk_list_view_set_model (list->view, list->selection);
  if (list->behind)
    scroll_to_end (list->view, list->model);
  list->behind = FALSE;
}

static void
side_page_cb (AdmiraltyBattlePage *self)
{
  if (side_page_shown (self, "report"))
    log_list_show (&self->report_list);
  else if (side_page_shown (self, "dice"))
    log_list_show (&self->dice_list);
}

/* Whether @roll, an entry of the dice log, is one its search asks for: "Turn 2" (or the
 * turn's word in the locale) keeps that turn's rolls, anything else the rolls whose purpose or
 * clause contains it, whatever the case. It only narrows what the audience filter let
 * through. */
static gboolean
roll_matches (AdmLogEntry *roll,
              const char  *query)
{
  g_autofree char *folded = NULL;
  g_autofree char *text = NULL;
  g_autofree char *haystack = NULL;
  g_autofree char *turn_word = NULL;
  g_autofree char *prefix = NULL;
  const char *rest;

  if (query == NULL || query[0] == '\0')
    return TRUE;
  folded = g_utf8_casefold (query, -1);
  /* Translators: the word the dice log's search takes for a turn, "Turn 2" */
  turn_word = g_utf8_casefold (C_("dice search", "turn"), -1);
  prefix = g_utf8_casefold ("turn", -1);
  rest = g_str_has_prefix (folded, turn_word) ? folded + strlen (turn_word)
         : g_str_has_prefix (folded, prefix)  ? folded + strlen (prefix)
                                               : NULL;
  if (rest != NULL)
    {
      char *end = NULL;
      gint64 turn;

      while (*rest == ' ')
        rest++;
      turn = g_ascii_strtoll (rest, &end, 10);
      if (end != rest && *end == '\0')
        return turn == adm_log_entry_get_turn (roll);
    }
  text = g_strdup_printf ("%s %s", adm_log_entry_get_text (roll),
                          adm_log_entry_get_detail (roll) != NULL
                            ? adm_log_entry_get_detail (roll) : "");
  haystack = g_utf8_casefold (text, -1);
  return strstr (haystack, folded) != NULL;
}

/* The key of @entry's turn's phase in self->dice_groups. */
static gpointer
group_key (AdmLogEntry *entry)
{
  return GINT_TO_POINTER (adm_log_entry_get_turn (entry) * (ADM_PHASE_END + 1) +
                          (int) adm_log_entry_get_phase (entry) + 1);
}

/* The dice log's search: the rolls it asks for, and the heading of each turn's phase with
 * such a roll. The phases with one are found once for each search and each change to the
 * log. */
static gboolean
dice_found_cb (gpointer item,
               gpointer user_data)
{
  AdmiraltyBattlePage *self = user_data;
  const char *query = gtk_editable_get_text (GTK_EDITABLE (self->dice_search));

  if (!adm_log_entry_get_heading (item))
    return roll_matches (item, query);
  if (self->dice_groups == NULL)
    {
      GListModel *rolls = G_LIST_MODEL (self->dice_log);

      self->dice_groups = g_hash_table_new (NULL, NULL);
      for (guint i = 0; i < g_list_model_get_n_items (rolls); i++)
        {
          g_autoptr(AdmLogEntry) roll = g_list_model_get_item (rolls, i);

          if (!adm_log_entry_get_heading (roll) && roll_matches (roll, query))
            g_hash_table_add (self->dice_groups, group_key (roll));
        }
    }
  return g_hash_table_contains (self->dice_groups, group_key (item));
}

static void
dice_log_changing_cb (AdmiraltyBattlePage *self)
{
  g_clear_pointer (&self->dice_groups, g_hash_table_unref);
}

/* What the dice log says when it lists nothing. */
static void
dice_empty_update (AdmiraltyBattlePage *self)
{
  const char *query = gtk_editable_get_text (GTK_EDITABLE (self->dice_search));

  if (query[0] != '\0' && g_list_model_get_n_items (G_LIST_MODEL (self->dice_log)) > 0)
    {
      g_autofree char *none = g_strdup_printf (_("No roll matches “%s”"), query);

      gtk_label_set_label (self->dice_empty_label, none);
    }
  else
    gtk_label_set_label (self->dice_empty_label, _("No dice rolled yet"));
}

static void
dice_search_changed_cb (AdmiraltyBattlePage *self)
{
  GtkFilter *filter = gtk_filter_list_model_get_filter (self->dice_found);

  dice_log_changing_cb (self);
  gtk_filter_changed (filter, GTK_FILTER_CHANGE_DIFFERENT);
  dice_empty_update (self);
}

/* The name the critical table gives result @result of @ship's table ("Fire!"), or NULL. */
static const char *
critical_name (AdmBattle           *battle,
               const AdmBattleShip *ship,
               int                  result)
{
  const char *kind = ship->klass->category == ADM_CATEGORY_STATION ? "station" : "ship";
  const AdmTableRow *row = adm_ruleset_critical (adm_battle_get_ruleset (battle), kind, result);

  return row != NULL && row->name != NULL ? _(row->name) : NULL;
}

static char *
criticals_text (AdmBattle           *battle,
                const AdmBattleShip *ship)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (int result = 2; result < ADM_CRITICAL_RESULTS; result++)
    {
      const char *name;

      if (ship->criticals[result] <= 0)
        continue;
      if (text->len > 0)
        g_string_append (text, ", ");
      /* The table's name for the result, as the master reads it aloud ("Fire!"). */
      name = critical_name (battle, ship, result);
      if (name != NULL)
        g_string_append (text, name);
      else
        g_string_append_printf (text, "%d", result);
      if (ship->criticals[result] > 1)
        g_string_append_printf (text, " ×%d", ship->criticals[result]);
    }

  if (text->len == 0)
    return g_strdup (_("No criticals"));
  /* Translators: outstanding critical results by their table's names, "Criticals: Fire!,
   * Engines ×2" */
  return g_strdup_printf (_("Criticals: %s"), text->str);
}

/* What the table shows of a ship: its status, and damaged or burning (F-CRIT-6, F-CRIT-14). */
static char *
visible_state_text (AdmiraltyBattlePage *self,
                    guint                index)
{
  const AdmBattleShip *ship = adm_battle_get_ship (self->battle, index);
  g_autoptr(GString) text = g_string_new (ship_status_name (ship->status));

  if (ship->status == ADM_SHIP_ACTIVE && adm_battle_ship_is_damaged (self->battle, index))
    g_string_append (text, _(" · damaged"));
  if (ship->on_fire > 0 && ship->status != ADM_SHIP_BURNING_HULK)
    g_string_append (text, _(" · burning"));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* F-ECM-6 under "enemy-ship-card": an identified enemy ship's card — its class card and what
 * the table shows, its hull only when the ruling says so. */
static char *
enemy_card_text (AdmiraltyBattlePage *self,
                 AdmAudience          audience,
                 guint                index)
{
  const AdmBattleShip *ship = adm_battle_get_ship (self->battle, index);
  const AdmBattleSide *side = adm_battle_get_side (self->battle, ship->side);
  g_autofree char *state = visible_state_text (self, index);

  if (adm_audience_ship_shows (audience, self->battle, index, ADM_SHIP_FACT_HULL))
    /* Translators: an enemy ship's card: class · side, hull left of hull, what the table
     * shows (status, damaged, burning) */
    return g_strdup_printf (_("%s · %s\nHull %d of %d\n%s"), ship->klass->name, side->name,
                            adm_battle_ship_hull_left (self->battle, index), ship->klass->hull,
                            state);
  /* Translators: an enemy ship's card: class · side, the class's hull points, what the table
   * shows (status, damaged, burning) */
  return g_strdup_printf (_("%s · %s\nClass hull %d\n%s"), ship->klass->name, side->name,
                          ship->klass->hull, state);
}

static void
admiralty_battle_page_update_ship (AdmiraltyBattlePage *self)
{
  int index = admiralty_table_widget_get_selected_ship (self->table);
  const AdmBattleShip *ship;
  const AdmBattleSide *side;
  AdmAudience audience;
  g_autofree char *criticals = NULL;
  g_autofree char *details = NULL;

  if (index < 0 || (guint) index >= adm_battle_get_n_ships (self->battle))
    {
      /* Hidden, and emptied: no name of a ship the view may not show stays behind in it. */
      gtk_widget_set_visible (self->ship_box, FALSE);
      gtk_label_set_label (self->ship_name_label, "");
      gtk_label_set_label (self->ship_details_label, "");
      return;
    }

  ship = adm_battle_get_ship (self->battle, index);
  side = adm_battle_get_side (self->battle, ship->side);
  audience = page_audience (self);
  if (!adm_audience_ship_shows (audience, self->battle, index, ADM_SHIP_FACT_NAME))
    {
      /* Hidden, and emptied: no name of a ship the view may not show stays behind in it. */
      gtk_widget_set_visible (self->ship_box, FALSE);
      gtk_label_set_label (self->ship_name_label, "");
      gtk_label_set_label (self->ship_details_label, "");
      return;
    }
  if (adm_audience_ship_shows (audience, self->battle, index, ADM_SHIP_FACT_READINESS))
    {
      criticals = criticals_text (self->battle, ship);
      /* Translators: the selected ship's card: class · side, hull, shields and readiness,
       * status, criticals */
      details = g_strdup_printf (_("%s · %s\nHull %d of %d · Shields %d · Readiness %d\n%s · %s"),
                                 ship->klass->name, side->name,
                                 adm_battle_ship_hull_left (self->battle, index),
                                 ship->klass->hull,
                                 adm_battle_ship_shields (self->battle, index),
                                 adm_battle_ship_readiness (self->battle, index),
                                 ship_status_name (ship->status), criticals);
    }
  else
    details = enemy_card_text (self, audience, index);

  gtk_label_set_label (self->ship_name_label, ship->name);
  gtk_label_set_label (self->ship_details_label, details);
  gtk_widget_set_visible (self->ship_box, TRUE);
}

/* The Ships list: sides, their formations and ships as the viewing side knows them (F-ECM):
 * undetected ships are left out, unidentified ones named only as such. Selecting a row
 * selects the ship on the table, so every ship can be reached from the keyboard. The list
 * box shows the page's fleet_store, brought up to date after each change: a row changes only
 * where its ship's line does, in place where only its words do. */

/* A ship's row reads its entry's new words, and shows them as its tooltip. */
static void
fleet_row_text_cb (AdmiraltyFleetEntry *entry,
                   GParamSpec          *pspec,
                   GtkLabel            *label)
{
  const char *text = admiralty_fleet_entry_get_text (entry);

  gtk_label_set_label (label, text);
  if (admiralty_fleet_entry_get_level (entry) != ADMIRALTY_FLEET_ENTRY_SHIP)
    return;
  /* Set while the label is hidden: GTK asks the display where the pointer is whenever a
   * shown widget's tooltip is set, a round trip to the X server. */
  gtk_widget_set_visible (GTK_WIDGET (label), FALSE);
  admiralty_tooltip_set (GTK_WIDGET (label), text);
  gtk_widget_set_visible (GTK_WIDGET (label), TRUE);
}

/* A ship's row follows its entry's selectability: a ship destroyed is no longer selected from
 * the list, in the row it had. */
static void
fleet_row_selectable_cb (AdmiraltyFleetEntry *entry,
                         GParamSpec          *pspec,
                         GtkListBoxRow       *row)
{
  gboolean selectable = admiralty_fleet_entry_get_selectable (entry);
  GtkWidget *list = gtk_widget_get_parent (GTK_WIDGET (row));

  if (!selectable && gtk_list_box_row_is_selected (row) && GTK_IS_LIST_BOX (list))
    gtk_list_box_unselect_row (GTK_LIST_BOX (list), row);
  gtk_list_box_row_set_selectable (row, selectable);
}

static GtkWidget *
fleet_row_new (gpointer item,
               gpointer user_data)
{
  AdmiraltyFleetEntry *entry = item;
  AdmiraltyFleetEntryLevel level = admiralty_fleet_entry_get_level (entry);
  const char *text = admiralty_fleet_entry_get_text (entry);
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  /* A long name wraps where the panel has room, rather than losing its end. */
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 30);
  gtk_widget_set_margin_top (label, 6);
  gtk_widget_set_margin_bottom (label, 6);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), label);
  g_signal_connect_object (entry, "notify::text", G_CALLBACK (fleet_row_text_cb), label, 0);
  switch (level)
    {
    case ADMIRALTY_FLEET_ENTRY_SIDE:
    case ADMIRALTY_FLEET_ENTRY_FORMATION:
      gtk_widget_add_css_class (label, level == ADMIRALTY_FLEET_ENTRY_SIDE
                                         ? "heading" : "caption-heading");
      gtk_widget_set_margin_start (label, level == ADMIRALTY_FLEET_ENTRY_SIDE ? 10 : 16);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
      gtk_list_box_row_set_selectable (GTK_LIST_BOX_ROW (row), FALSE);
      break;
    case ADMIRALTY_FLEET_ENTRY_SHIP:
    default:
      /* Set while the new label is hidden: GTK asks the display where the pointer is
       * whenever a shown widget's tooltip is set, a round trip to the X server, and a phase
       * makes a row for every ship whose line it changed. */
      gtk_widget_set_visible (label, FALSE);
      admiralty_tooltip_set (label, text);
      gtk_widget_set_visible (label, TRUE);
      gtk_widget_set_margin_start (label, 24);
      gtk_list_box_row_set_selectable (GTK_LIST_BOX_ROW (row),
                                       admiralty_fleet_entry_get_selectable (entry));
      g_signal_connect_object (entry, "notify::selectable",
                               G_CALLBACK (fleet_row_selectable_cb), row, 0);
      break;
    }
  return row;
}

/* What the viewer reads of ship @index, seen @face. */
static char *
fleet_ship_text (AdmiraltyBattlePage *self,
                 AdmAudience          audience,
                 guint                index,
                 AdmiraltyTokenFace   face)
{
  const AdmBattleShip *ship = adm_battle_get_ship (self->battle, index);

  if (face == ADMIRALTY_TOKEN_FACE_DOWN)
    return g_strdup (_("Unidentified ship"));
  if (!adm_audience_ship_shows (audience, self->battle, index, ADM_SHIP_FACT_HULL))
    {
      g_autofree char *state = visible_state_text (self, index);

      /* Translators: an enemy ship in the Ships list: name, class, what the table shows of
       * it (status, damaged, burning) */
      return g_strdup_printf (_("%s · %s · %s"), ship->name, ship->klass->name, state);
    }
  /* Translators: a ship in the Ships list: name, class, hull left of hull */
  return g_strdup_printf (_("%s · %s · hull %d/%d%s"), ship->name, ship->klass->name,
                          adm_battle_ship_hull_left (self->battle, index), ship->klass->hull,
                          ship->status == ADM_SHIP_ACTIVE ? ""
                            : ship->status == ADM_SHIP_DESTROYED
                                ? _(" · destroyed") : _(" · hulk"));
}

/* The rows of formation @f's ships the viewer sees, under its heading, into @entries. */
static void
fleet_add_formation (AdmiraltyBattlePage *self,
                     AdmAudience          audience,
                     guint                f,
                     GPtrArray           *entries)
{
  const AdmBattleFormation *formation = adm_battle_get_formation (self->battle, f);
  int view_side = admiralty_table_widget_get_view_side (self->table);
  gboolean any = FALSE;

  for (guint i = 0; i < formation->ships->len; i++)
    {
      guint index = g_array_index (formation->ships, guint, i);
      const AdmBattleShip *ship = adm_battle_get_ship (self->battle, index);
      AdmiraltyTokenFace face = admiralty_table_ship_face (self->battle, index, view_side);
      g_autofree char *text = NULL;

      if (face == ADMIRALTY_TOKEN_HIDDEN)
        continue;
      if (!any)
        {
          /* A formation seen only face down is not named either. */
          g_ptr_array_add (entries, admiralty_fleet_entry_new_heading (
                                      ADMIRALTY_FLEET_ENTRY_FORMATION,
                                      face == ADMIRALTY_TOKEN_FACE_UP
                                        ? formation->name : _("Unidentified formation")));
          any = TRUE;
        }
      text = fleet_ship_text (self, audience, index, face);
      g_ptr_array_add (entries, admiralty_fleet_entry_new_ship (
                                  index, text,
                                  face == ADMIRALTY_TOKEN_FACE_UP &&
                                  ship->status != ADM_SHIP_DESTROYED));
    }
}

/* Whether @kept and @entry stand for the same row of the Ships list, whatever its words and
 * whether it may be selected: the same ship, or the same heading. */
static gboolean
fleet_same_row (AdmiraltyFleetEntry *kept,
                AdmiraltyFleetEntry *entry)
{
  AdmiraltyFleetEntryLevel level = admiralty_fleet_entry_get_level (kept);

  return level == admiralty_fleet_entry_get_level (entry) &&
         admiralty_fleet_entry_get_ship (kept) == admiralty_fleet_entry_get_ship (entry) &&
         (level == ADMIRALTY_FLEET_ENTRY_SHIP ||
          g_strcmp0 (admiralty_fleet_entry_get_text (kept),
                     admiralty_fleet_entry_get_text (entry)) == 0);
}

/* @row, kept, reads as @entry: its words, and whether it may be selected. */
static void
fleet_take (AdmiraltyFleetEntry *row,
            AdmiraltyFleetEntry *entry)
{
  admiralty_fleet_entry_set_text (row, admiralty_fleet_entry_get_text (entry));
  admiralty_fleet_entry_set_selectable (row, admiralty_fleet_entry_get_selectable (entry));
}

/* Whether @entries from @from on hold a row that stands for the same row as @row. */
static gboolean
fleet_holds_from (GPtrArray           *entries,
                  guint                from,
                  AdmiraltyFleetEntry *row)
{
  for (guint k = from; k < entries->len; k++)
    if (fleet_same_row (row, g_ptr_array_index (entries, k)))
      return TRUE;
  return FALSE;
}

/* Brings the Ships list to @entries by its rows' identities, the sides, formations and ships,
 * which keep their order: a row that stands for the same row takes its new words and
 * selectability in place (fleet_take ()), a row no longer listed (a ship gone from the view)
 * is taken out, and one newly listed put in, each run of them in one splice. A phase that
 * takes a few ships off the list thus makes no row again for the others between them. */
static void
fleet_merge (GListStore *store,
             GPtrArray  *entries)
{
  g_autoptr(GPtrArray) kept = g_ptr_array_new_with_free_func (g_object_unref);
  guint i = 0, j = 0;

  for (guint k = 0; k < g_list_model_get_n_items (G_LIST_MODEL (store)); k++)
    g_ptr_array_add (kept, g_list_model_get_item (G_LIST_MODEL (store), k));
  /* Invariant: the store's first j rows stand for entries[0..j), then come kept[i..]. */
  while (i < kept->len || j < entries->len)
    {
      guint run = 0;

      if (i < kept->len && j < entries->len &&
          fleet_same_row (g_ptr_array_index (kept, i), g_ptr_array_index (entries, j)))
        {
          fleet_take (g_ptr_array_index (kept, i++), g_ptr_array_index (entries, j++));
          continue;
        }
      while (i + run < kept->len &&
             !fleet_holds_from (entries, j, g_ptr_array_index (kept, i + run)))
        run++;
      if (run > 0)
        {
          g_list_store_splice (store, j, run, NULL, 0);
          i += run;
          continue;
        }
      /* kept[i] comes later (or nothing is kept): the entries before it are new. */
      while (j + run < entries->len &&
             (i == kept->len ||
              !fleet_same_row (g_ptr_array_index (kept, i), g_ptr_array_index (entries, j + run))))
        run++;
      g_list_store_splice (store, j, 0, entries->pdata + j, run);
      j += run;
    }
}

static void
admiralty_battle_page_sync_fleet (AdmiraltyBattlePage *self)
{
  AdmAudience audience = page_audience (self);
  int selected = admiralty_table_widget_get_selected_ship (self->table);
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint side = 0; side < adm_battle_get_n_sides (self->battle); side++)
    {
      /* A side the viewer has not seen a token of is not named either. */
      if (!adm_audience_sees_side (audience, self->battle, side))
        continue;
      g_ptr_array_add (entries, admiralty_fleet_entry_new_heading (
                                  ADMIRALTY_FLEET_ENTRY_SIDE,
                                  adm_battle_get_side (self->battle, side)->name));
      for (guint f = 0; f < adm_battle_get_n_formations (self->battle); f++)
        if (adm_battle_get_formation (self->battle, f)->side == side)
          fleet_add_formation (self, audience, f, entries);
    }

  self->syncing_fleet = TRUE;
  fleet_merge (self->fleet_store, entries);
  for (guint i = 0; selected >= 0 && i < entries->len; i++)
    if (admiralty_fleet_entry_get_ship (g_ptr_array_index (entries, i)) == selected)
      gtk_list_box_select_row (self->fleet_list,
                               gtk_list_box_get_row_at_index (self->fleet_list, (int) i));
  self->syncing_fleet = FALSE;
}

static void
fleet_row_selected_cb (AdmiraltyBattlePage *self,
                       GtkListBoxRow       *row,
                       GtkListBox          *list)
{
  g_autoptr(AdmiraltyFleetEntry) entry = NULL;
  int ship;

  if (self->syncing_fleet || row == NULL)
    return;
  entry = g_list_model_get_item (G_LIST_MODEL (self->fleet_store),
                                 (guint) gtk_list_box_row_get_index (row));
  ship = entry != NULL ? admiralty_fleet_entry_get_ship (entry) : -1;
  if (ship >= 0)
    admiralty_table_widget_set_selected_ship (self->table, ship);
}

gboolean admiralty_battle_page_get_finished (AdmiraltyBattlePage *self);

/* A campaign battle goes into the campaign file after every phase, undo and redo: its new
 * journal entries, added at the file's end (adm_campaign_keep_battle ()). */
static void
keep_in_campaign (AdmiraltyBattlePage *self)
{
  g_autoptr(GError) error = NULL;

  if (self->campaign == NULL || admiralty_battle_page_get_read_only (self))
    return;
  if (!adm_campaign_keep_battle (self->campaign, self->engagement_id, self->battle, &error))
    {
      /* Translators: %s is the reason */
      g_autofree char *title = g_strdup_printf (_("Could not save the battle in the campaign: %s"),
                                                error->message);

      g_signal_emit (self, signals[SIGNAL_TOAST], 0, title);
    }
}

static void
battle_changed_cb (AdmiraltyBattlePage *self,
                   AdmBattle           *battle)
{
  /* Before the logs hear of the change: the page's handler is connected to the battle
   * before theirs (admiralty_battle_page_set_battle ()). */
  log_list_let_go (&self->report_list);
  log_list_let_go (&self->dice_list);
  keep_in_campaign (self);
  admiralty_battle_page_sync_fleet (self);
  admiralty_battle_page_update_ship (self);
  admiralty_battle_page_update_labels (self);
}

static void
autosave_failed_cb (AdmiraltyBattlePage *self,
                    const GError        *error,
                    AdmBattle           *battle)
{
  /* Translators: %s is the reason */
  g_autofree char *title = g_strdup_printf (_("Could not autosave the battle: %s"),
                                            error->message);

  g_signal_emit (self, signals[SIGNAL_TOAST], 0, title);
}

static void
admiralty_battle_page_fill_view_dropdown (AdmiraltyBattlePage *self)
{
  g_autoptr(GtkStringList) sides = gtk_string_list_new (NULL);

  gtk_string_list_append (sides, _("Master"));
  for (guint i = 0; i < adm_battle_get_n_sides (self->battle); i++)
    gtk_string_list_append (sides, adm_battle_get_side (self->battle, i)->name);
  gtk_drop_down_set_model (self->view_dropdown, G_LIST_MODEL (sides));
  gtk_drop_down_set_selected (self->view_dropdown, 0);
}

/* The declarations being entered are kept after every change, so that a crash in the middle
 * of entering a turn loses nothing: beside the game, "NAME.game.xml" → "NAME.draft.xml"; for a
 * battle of a campaign, among the campaign's drafts by its engagement (admiralty-drafts.h),
 * never in the campaign file; for one fought at this table, beside its battle. */
static char *
draft_path (AdmiraltyBattlePage *self)
{
  g_autofree char *base = NULL;

  if (self->campaign != NULL)
    {
      g_autofree char *what = g_strdup_printf ("engagement-%s.draft.xml", self->engagement_id);

      return admiralty_draft_path (adm_campaign_get_path (self->campaign), what);
    }
  /* At a table: beside its battle in the tables folder, "ASSIGNMENT.draft.xml". */
  if (self->client != NULL)
    {
      base = strip_suffix (self->source_path, ".battle");
      return g_strconcat (base, ".draft.xml", NULL);
    }
  if (self->game_path == NULL)
    return NULL;
  base = strip_suffix (self->game_path, ".game.xml");
  return g_strconcat (base, ".draft.xml", NULL);
}

/* The real dice typed in for the phase being resolved, beside the declarations' draft:
 * "NAME.dice.draft", a key file of the values, the declarations they were typed with and the
 * hash of what they were typed for (admiralty_battle_page_dice_key ()). */
static char *
dice_draft_path (AdmiraltyBattlePage *self)
{
  g_autofree char *orders = draft_path (self);
  g_autofree char *base = NULL;

  if (orders == NULL)
    return NULL;
  base = strip_suffix (orders, ".draft.xml");
  return g_strconcat (base, ".dice.draft", NULL);
}

/* The most values a dice draft is read with: far more than a phase of 300 ships a side rolls,
 * and a bound on what a damaged draft can cost. */
#define MAX_DRAFT_DICE 100000

static const AdmTurnOrders *admiralty_battle_page_turn_orders (AdmiraltyBattlePage *self);
static char *dice_key_for (AdmiraltyBattlePage *self, const AdmTurnOrders *turn_orders);
static char *admiralty_battle_page_dice_key (AdmiraltyBattlePage *self);

/* The values typed for a phase, taken and typed ahead, dropped: the phase resolved, or its
 * rolls changed. */
static void
forget_dice (AdmiraltyBattlePage *self)
{
  admiralty_typed_dice_forget (self->typed);
  if (self->asking != NULL)
    admiralty_asking_dice_clear_typed (self->asking);
}

/* The values typed so far, kept after each roll entered; none, and the draft goes. */
static void
keep_dice (AdmiraltyBattlePage *self)
{
  g_autofree char *path = dice_draft_path (self);
  g_autoptr(GKeyFile) file = NULL;
  g_autoptr(GArray) values = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *hash = NULL;
  g_autofree char *orders = NULL;
  g_autofree char *text = NULL;
  GArray *entered = admiralty_typed_dice_get_values (self->typed);
  const char *entered_for = admiralty_typed_dice_get_key (self->typed);
  gsize length;

  if (path == NULL)
    return;
  if (entered->len == 0 || entered_for == NULL)
    {
      admiralty_draft_remove (path);
      return;
    }
  values = g_array_sized_new (FALSE, FALSE, sizeof (int), entered->len);
  for (guint i = 0; i < entered->len; i++)
    {
      int value = (int) g_array_index (entered, guint, i);

      g_array_append_val (values, value);
    }
  file = g_key_file_new ();
  hash = g_compute_checksum_for_string (G_CHECKSUM_SHA256, entered_for, -1);
  orders = adm_turn_orders_to_string (admiralty_battle_page_turn_orders (self));
  g_key_file_set_string (file, "dice", "for", hash);
  g_key_file_set_string (file, "dice", "orders", orders);
  g_key_file_set_integer_list (file, "dice", "values", (int *) values->data, values->len);
  text = g_key_file_to_data (file, &length, NULL);
  if (!admiralty_draft_write (path, text, length, &error))
    {
      /* Translators: %s is the reason */
      g_autofree char *title = g_strdup_printf (_("Could not keep the dice typed in: %s"),
                                                error->message);

      g_signal_emit (self, signals[SIGNAL_TOAST], 0, title);
    }
}

/* The values typed for this very phase and these orders before a crash: resolving with real
 * dice goes on from the next roll. A draft for anything else is stale, and goes. */
static void
admiralty_battle_page_restore_dice (AdmiraltyBattlePage *self)
{
  g_autofree char *path = dice_draft_path (self);
  g_autoptr(GKeyFile) file = NULL;
  g_autofree char *key = NULL;
  g_autofree char *hash = NULL;
  g_autofree char *typed_for = NULL;
  g_autofree int *values = NULL;
  g_autofree char *orders_text = NULL;
  g_autofree char *orders_draft = NULL;
  g_autoptr(AdmTurnOrders) orders = NULL;
  GStatBuf info;
  gsize n = 0;

  if (path == NULL || g_stat (path, &info) != 0)
    return;
  file = g_key_file_new ();
  if (info.st_size > MAX_DRAFT_DICE * 8 || !g_key_file_load_from_file (file, path, 0, NULL))
    return;
  typed_for = g_key_file_get_string (file, "dice", "for", NULL);
  values = g_key_file_get_integer_list (file, "dice", "values", &n, NULL);
  orders_text = g_key_file_get_string (file, "dice", "orders", NULL);
  orders_draft = draft_path (self);
  key = admiralty_battle_page_dice_key (self);
  hash = g_compute_checksum_for_string (G_CHECKSUM_SHA256, key, -1);
  /* Typed with the declarations the battle opens with; or, when nothing was declared since
   * (no declarations' draft: the phase resolved before took it away), with those the dice
   * draft names, which the page takes back. */
  if (g_strcmp0 (typed_for, hash) != 0 && orders_text != NULL &&
      !g_file_test (orders_draft, G_FILE_TEST_EXISTS) &&
      (orders = adm_turn_orders_parse (orders_text, "orders", NULL)) != NULL &&
      orders->turn == adm_battle_get_turn (self->battle))
    {
      g_autofree char *theirs = dice_key_for (self, orders);
      g_autofree char *their_hash = g_compute_checksum_for_string (G_CHECKSUM_SHA256, theirs,
                                                                   -1);

      if (g_strcmp0 (typed_for, their_hash) == 0)
        {
          admiralty_orders_panel_set_orders (self->orders_panel, orders);
          g_free (key);
          key = admiralty_battle_page_dice_key (self);
          g_free (hash);
          hash = g_compute_checksum_for_string (G_CHECKSUM_SHA256, key, -1);
        }
    }
  if (g_strcmp0 (typed_for, hash) != 0 || values == NULL || n == 0 || n > MAX_DRAFT_DICE)
    {
      admiralty_draft_remove (path);
      return;
    }
  for (gsize i = 0; i < n; i++)
    if (values[i] < 1)
      return;
  admiralty_typed_dice_resume (self->typed, key);
  forget_dice (self);
  for (gsize i = 0; i < n; i++)
    {
      guint value = (guint) values[i];

      admiralty_typed_dice_append (self->typed, &value, 1);
    }
  /* Said by the window when it shows the page (admiralty_window_announce_battle ()). */
  self->dice_restored = n;
}

/* A phase resolved: what was typed for it is in the journal now. */
static void
drop_drafts (AdmiraltyBattlePage *self)
{
  g_autofree char *orders = draft_path (self);
  g_autofree char *dice = dice_draft_path (self);

  admiralty_draft_remove (orders);
  admiralty_draft_remove (dice);
}

static void
orders_changed_cb (AdmiraltyBattlePage  *self,
                   AdmiraltyOrdersPanel *panel)
{
  g_autofree char *path = draft_path (self);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;

  if (path == NULL || self->battle == NULL)
    return;
  text = adm_turn_orders_to_string (admiralty_orders_panel_get_orders (panel));
  if (!admiralty_draft_write (path, text, -1, &error))
    {
      /* Translators: %s is the reason */
      g_autofree char *title = g_strdup_printf (_("Could not keep the orders entered: %s"),
                                                error->message);

      g_signal_emit (self, signals[SIGNAL_TOAST], 0, title);
    }
}

/* A draft left by an earlier session, for the turn the battle is in. */
static void
admiralty_battle_page_restore_draft (AdmiraltyBattlePage *self)
{
  g_autofree char *path = draft_path (self);
  g_autoptr(AdmBattleOrders) draft = NULL;
  const AdmTurnOrders *turn;

  if (path == NULL || !g_file_test (path, G_FILE_TEST_IS_REGULAR))
    return;
  draft = adm_battle_orders_load_file (path, NULL);
  if (draft == NULL)
    return;
  turn = adm_battle_orders_get_turn (draft, adm_battle_get_turn (self->battle));
  if (turn != NULL)
    admiralty_orders_panel_set_orders (self->orders_panel, turn);
}

static void
admiralty_battle_page_set_battle (AdmiraltyBattlePage *self,
                                  AdmBattle           *battle)
{
  g_autofree char *folder = NULL;

  g_assert (self->battle == NULL);
  if (battle == NULL)
    return;

  self->battle = g_object_ref (battle);
  g_signal_group_set_target (self->battle_signals, battle);

  admiralty_table_widget_set_battle (self->table, battle);
  admiralty_orders_panel_attach (self->orders_panel, battle, self->table, self->orders);
  admiralty_battle_page_restore_draft (self);
  admiralty_battle_page_restore_dice (self);
  g_signal_connect_object (self->orders_panel, "changed", G_CALLBACK (orders_changed_cb), self,
                           G_CONNECT_SWAPPED);
  admiralty_battle_page_fill_view_dropdown (self);
  adm_log_model_set_audience (self->report_log, page_audience (self));
  adm_log_model_set_audience (self->dice_log, page_audience (self));
  adm_log_model_set_battle (self->report_log, battle);
  adm_log_model_set_battle (self->dice_log, battle);
  battle_changed_cb (self, battle);

  /* From now on every phase is in its file before it is shown; the file's flush to the disk
   * is the flusher's, off the main loop (adm_battle_set_flush_later ()). */
  if (self->game_path != NULL)
    {
      folder = g_path_get_dirname (self->game_path);
      g_mkdir_with_parents (folder, 0750);
      adm_battle_set_flush_later (battle, TRUE);
      adm_battle_set_autosave_path (battle, self->game_path);
    }
}

/* Resolving */

/* The declarations entered for this turn: the orders file's, as the master changed them. */
static const AdmTurnOrders *
admiralty_battle_page_turn_orders (AdmiraltyBattlePage *self)
{
  return admiralty_orders_panel_get_orders (self->orders_panel);
}

/* The program's dice are a function of the seed and the dice rolled so far: the generator
 * is wound on past every die in the battle's log. Resuming, undoing or a refused phase all
 * continue the same sequence, as if the battle had been played in one sitting. */
static AdmDicePrng *
admiralty_battle_page_synced_prng (AdmiraltyBattlePage *self)
{
  GPtrArray *rolls = adm_battle_get_rolls (self->battle);
  AdmDicePrng *prng = adm_dice_prng_new (self->seed);

  for (guint i = 0; i < rolls->len; i++)
    {
      const AdmBattleRoll *roll = g_ptr_array_index (rolls, i);

      for (guint v = 0; v < roll->n_values; v++)
        adm_dice_prng_die (prng, roll->sides);
    }

  return prng;
}

/* A campaign battle's program dice are drawn from a secret committed to in the campaign
 * (adm-dice-ledger.h, docs/dice.md), which the admirals check once it ends; a battle on its
 * own rolls its seeded generator. */
static AdmDiceSource *
admiralty_battle_page_program_dice (AdmiraltyBattlePage  *self,
                                    GError              **error)
{
  if (self->campaign != NULL && self->engagement_id != NULL)
    return adm_campaign_dice_source (self->campaign, self->engagement_id, self->battle, NULL,
                                     adm_clock_now (), error);
  /* At a table: drawn as the chief's campaign draws them, from this table's secret. */
  if (self->client != NULL)
    return adm_table_client_dice_source (self->client, NULL, NULL, error);
  return ADM_DICE_SOURCE (admiralty_battle_page_synced_prng (self));
}

static void
admiralty_battle_page_phase_failed (AdmiraltyBattlePage *self,
                                    const GError        *error)
{
  /* "orders:3: reason" names the order in words. */
  g_autofree char *message = admiralty_orders_panel_explain_error (self->orders_panel, error);

  g_signal_emit (self, signals[SIGNAL_ERROR], 0, _("Could Not Resolve the Phase"), message);
}

static void admiralty_battle_page_try_physical (AdmiraltyBattlePage *self);

static void
typed_entered_cb (AdmiraltyBattlePage *self,
                  GArray              *values)
{
  GPtrArray *requests = self->asking != NULL ? admiralty_asking_dice_get_unmets (self->asking)
                                             : NULL;
  guint at = 0;

  if (requests == NULL || requests->len == 0)
    return;
  /* Each roll of the volley keeps the values typed for it, for the engine to take when it
   * comes to that very roll. */
  for (guint r = 0; r < requests->len; r++)
    {
      const AdmDiceRequest *request = g_ptr_array_index (requests, r);

      admiralty_asking_dice_add_typed (self->asking, request,
                                       &g_array_index (values, guint, at));
      at += request->count;
    }
  admiralty_battle_page_try_physical (self);
}

/* Values typed for a roll the phase does not come to: an earlier roll's result changed it
 * (a volley stops before such rolls, so this is rare). They were dropped (@dropped values, for
 * the rolls @purposes); the master is told which, so that the players roll them again
 * knowingly. */
static void
say_dropped (AdmiraltyBattlePage *self,
             guint                dropped,
             GPtrArray           *purposes)
{
  g_autofree char *which = NULL;
  g_autofree char *toast = NULL;

  if (dropped == 0)
    return;
  g_ptr_array_add (purposes, NULL);
  which = g_strjoinv ("; ", (char **) purposes->pdata);
  /* Translators: %u values, then the rolls they were typed for */
  toast = g_strdup_printf (ngettext ("%u value typed was not used: an earlier roll changed "
                                     "the roll it was for (%s)",
                                     "%u values typed were not used: an earlier roll changed "
                                     "the rolls they were for (%s)", dropped),
                           dropped, which);
  g_signal_emit (self, signals[SIGNAL_TOAST], 0, toast);
}

/* Resolves the phase with the values entered until it stops at the roll they lack. */
static void
admiralty_battle_page_stop_at_unmet (AdmiraltyBattlePage *self)
{
  g_autoptr(AdmDiceQueue) queue = admiralty_typed_dice_new_queue (self->typed);

  admiralty_asking_dice_restart (self->asking, queue, FALSE);
  adm_battle_resolve_phase (self->battle, admiralty_battle_page_turn_orders (self),
                            ADM_DICE_SOURCE (self->asking), NULL);
}

static void
admiralty_battle_page_ask_dice (AdmiraltyBattlePage *self)
{
  g_autoptr(GPtrArray) purposes = g_ptr_array_new_with_free_func (g_free);
  GPtrArray *requests;
  gboolean more;

  more = admiralty_asking_dice_ask_volley (self->asking, self->battle,
                                           admiralty_battle_page_turn_orders (self),
                                           admiralty_typed_dice_get_values (self->typed));
  requests = admiralty_asking_dice_get_unmets (self->asking);
  if (requests->len == 0)
    /* The trial went another way (it cannot, playing the same phase): the roll the phase
     * itself stops at, again. */
    admiralty_battle_page_stop_at_unmet (self);
  else
    /* Values typed for rolls no trial comes to: an earlier roll changed them. */
    say_dropped (self, admiralty_asking_dice_drop_untried (self->asking, purposes), purposes);
  g_assert (requests->len > 0);
  admiralty_typed_dice_ask (self->typed, GTK_WIDGET (self),
                            (const AdmDiceRequest * const *) requests->pdata, requests->len,
                            more);
}

/* What the values typed for a phase depend on: the turn, the phase, the rolls made so far
 * and the orders. The engine asks for the same dice in the same order while these stay. */
static char *
dice_key_for (AdmiraltyBattlePage *self,
              const AdmTurnOrders *turn_orders)
{
  g_autofree char *orders = adm_turn_orders_to_string (turn_orders);

  return g_strdup_printf ("%d:%d:%u:%s", adm_battle_get_turn (self->battle),
                          (int) adm_battle_get_phase (self->battle),
                          adm_battle_get_rolls (self->battle)->len, orders);
}

static char *
admiralty_battle_page_dice_key (AdmiraltyBattlePage *self)
{
  return dice_key_for (self, admiralty_battle_page_turn_orders (self));
}

/* Resolves the phase from the start with every value entered so far; the engine changes
 * nothing unless the whole phase resolves, so when the values run out it is simply tried
 * again once the next roll is in. */
static void
admiralty_battle_page_try_physical (AdmiraltyBattlePage *self)
{
  g_autoptr(AdmDiceQueue) queue = admiralty_typed_dice_new_queue (self->typed);
  g_autoptr(GError) error = NULL;
  GArray *taken;

  if (self->asking == NULL)
    self->asking = admiralty_asking_dice_new (queue);
  admiralty_asking_dice_restart (self->asking, queue, FALSE);

  if (adm_battle_resolve_phase (self->battle, admiralty_battle_page_turn_orders (self),
                                ADM_DICE_SOURCE (self->asking), &error))
    {
      g_autoptr(GPtrArray) purposes = g_ptr_array_new_with_free_func (g_free);

      say_dropped (self, admiralty_asking_dice_drop_unused (self->asking, purposes), purposes);
      forget_dice (self);
      drop_drafts (self);
      return;
    }

  /* The values typed ahead that the phase took before it stopped: in the engine's order,
   * as if typed one roll at a time. */
  taken = admiralty_asking_dice_get_taken (self->asking);
  admiralty_typed_dice_append (self->typed, (const guint *) taken->data, taken->len);
  if (admiralty_asking_dice_get_unmet (self->asking) != NULL)
    {
      /* On disk before the next prompt: a crash from here loses none of the values typed. */
      keep_dice (self);
      admiralty_battle_page_ask_dice (self);
      return;
    }

  forget_dice (self);
  keep_dice (self);
  admiralty_battle_page_phase_failed (self, error);
}

static void
refused_course_response_cb (AdmiraltyBattlePage *self,
                            const char          *response)
{
  if (g_strcmp0 (response, "resolve") != 0)
    return;
  admiralty_orders_panel_forget_refused_course (self->orders_panel);
  admiralty_battle_page_resolve_phase (self, self->ask_physical);
}

/* Resolve, with a refused course drag: resolve the movement without it, or go back to it. */
static void
ask_refused_course (AdmiraltyBattlePage *self,
                    gboolean             physical)
{
  const char *reason = NULL;
  const char *formation = admiralty_orders_panel_get_refused_course (self->orders_panel,
                                                                     &reason);
  g_autofree char *body = NULL;
  GtkWidget *dialog;

  self->ask_physical = physical;
  /* Translators: %s is a formation's name, then why its course was refused */
  body = g_strdup_printf (_("The last course dragged for %s was refused: %s\n\nIt moves by "
                            "the orders it has, without that course."),
                          formation, reason != NULL && *reason != '\0' ? reason : "");
  dialog = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                                   _("Resolve Movement Without a Course?"), body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel",
                                    _("_Back to the Course"), "resolve", _("_Resolve Anyway"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "resolve",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  gtk_window_set_modal (GTK_WINDOW (dialog), TRUE);
  g_signal_connect_object (dialog, "response", G_CALLBACK (refused_course_response_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
admiralty_battle_page_set_ask_contributions (AdmiraltyBattlePage *self,
                                             gboolean             ask)
{
  g_return_if_fail (ADMIRALTY_IS_BATTLE_PAGE (self));
  self->ask_contributions = ask;
}

static void
contribution_response_cb (AdmiraltyBattlePage             *self,
                          const char                      *response,
                          AdmiraltyDiceContributionDialog *dialog)
{
  g_autoptr(GError) error = NULL;

  /* Answered: the next Resolve may ask again. */
  if (self->contribution_dialog != NULL)
    g_object_remove_weak_pointer (G_OBJECT (self->contribution_dialog),
                                  (gpointer *) &self->contribution_dialog);
  self->contribution_dialog = NULL;
  if (g_strcmp0 (response, "secret") == 0)
    {
      g_free (self->secret_alone);
      self->secret_alone = admiralty_battle_page_dice_key (self);
    }
  else if (g_strcmp0 (response, "give") != 0)
    return;
  else if (!admiralty_dice_contribution_dialog_give (dialog, &error))
    {
      g_signal_emit (self, signals[SIGNAL_ERROR], 0, _("The Dice Were Not Mixed In"),
                     error->message);
      return;
    }
  admiralty_battle_page_resolve_phase (self, FALSE);
}

/* A campaign battle's program dice mix each side's 2d6 for the phase, thrown once its
 * declarations are locked (docs/dice.md, "What the sides add"): with the preference
 * "ask-dice-contributions" (on unless the master turned it off), asked for before the phase
 * is rolled, unless every side gave them (here, on the command line or by phone) or the
 * master chose to roll this phase from the secret alone, or the phase rolls no dice with the
 * declarations as they stand (adm_dice_phase_rolls ()). The contributions are bound to those
 * declarations (adm_battle_declarations_digest ()), and the admirals' phones are offered their
 * tap for the phase (adm_campaign_ask_dice ()). TRUE when the dialog is asked, or is asking
 * already. */
static gboolean
ask_contributions (AdmiraltyBattlePage *self)
{
  g_autoptr(GPtrArray) sides = NULL;
  g_autofree char *key = NULL;
  g_autofree char *declarations = NULL;
  g_autoptr(GError) error = NULL;
  GtkWidget *dialog;

  /* At a table as at the chief's own: the table's dice go to the chief with its battle. */
  if (!self->ask_contributions || (self->client == NULL && (self->campaign == NULL ||
                                                            self->engagement_id == NULL)))
    return FALSE;
  /* Resolve pressed again while the sides are asked: the same dialog, not a second. */
  if (self->contribution_dialog != NULL)
    {
      gtk_window_present (GTK_WINDOW (self->contribution_dialog));
      return TRUE;
    }
  key = admiralty_battle_page_dice_key (self);
  if (g_strcmp0 (key, self->secret_alone) == 0)
    return FALSE;
  /* A phase that rolls no dice with these declarations asks nothing: a throw given to it
   * would be carried into the next phase that rolls. */
  if (!adm_dice_phase_rolls (self->battle, admiralty_battle_page_turn_orders (self)))
    return FALSE;
  sides = self->client != NULL
          ? adm_dice_mixes_sides_to_give (adm_table_client_get_dice_given (self->client),
                                          self->battle)
          : adm_campaign_dice_sides_to_give (self->campaign, self->engagement_id, self->battle);
  if (sides->len == 0)
    return FALSE;
  declarations = adm_battle_declarations_digest (self->battle,
                                                 admiralty_battle_page_turn_orders (self));
  /* At a table, the dialog asks the phones through the chief, bound to the same. */
  if (self->client != NULL)
    dialog = admiralty_dice_contribution_dialog_new_at_table (
      GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))), self->client, sides, declarations);
  else
    {
      /* The admirals' phones offer their tap for this phase now, bound to the same; journaled,
       * so that it holds after a restart. Not asked, the sides' dice are still typed here. */
      if (!adm_campaign_ask_dice (self->campaign, self->engagement_id, declarations,
                                  adm_clock_now (), &error))
        g_signal_emit (self, signals[SIGNAL_ERROR], 0, _("The Phones Cannot Throw"),
                       error->message);
      dialog = admiralty_dice_contribution_dialog_new (
        GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))), self->campaign,
        self->engagement_id, sides, declarations);
    }
  g_signal_connect_object (dialog, "response", G_CALLBACK (contribution_response_cb), self,
                           G_CONNECT_SWAPPED);
  self->contribution_dialog = dialog;
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &self->contribution_dialog);
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
}

/* Whether the declarations as they stand may resolve the phase: FALSE with @error when its
 * sides gave their dice for other declarations. */
static gboolean
declarations_locked (AdmiraltyBattlePage  *self,
                     GError              **error)
{
  g_autoptr(GPtrArray) mixes = NULL;
  g_autofree char *digest = NULL;

  if (self->campaign == NULL || self->engagement_id == NULL)
    return TRUE;
  mixes = adm_campaign_get_dice_mixes (self->campaign, self->engagement_id);
  if (mixes->len == 0)
    return TRUE;
  digest = adm_battle_declarations_digest (self->battle, admiralty_battle_page_turn_orders (self));
  return adm_dice_mixes_check_declarations (
    mixes, self->engagement_id, adm_battle_get_turn (self->battle),
    adm_phase_to_string (adm_battle_get_phase (self->battle)),
    adm_battle_get_rolls (self->battle)->len + 1, digest, error);
}

void
admiralty_battle_page_resolve_phase (AdmiraltyBattlePage *self,
                                     gboolean             physical)
{
  g_autoptr(AdmDiceSource) dice = NULL;
  g_autoptr(GError) error = NULL;

  g_return_if_fail (ADMIRALTY_IS_BATTLE_PAGE (self));

  if (self->client != NULL && admiralty_battle_page_get_read_only (self))
    {
      g_signal_emit (self, signals[SIGNAL_ERROR], 0, _("The Battle Is Over at This Table"),
                     adm_table_client_get_end_reason (self->client) != NULL
                       ? _("It was ended here and its ending sent to the chief master.")
                       : adm_table_client_get_message (self->client));
      return;
    }
  if (admiralty_battle_page_get_at_table (self))
    {
      adm_campaign_check_at_hand (self->campaign, self->engagement_id, &error);
      g_signal_emit (self, signals[SIGNAL_ERROR], 0, _("The Battle Is Fought at Another Table"),
                     error->message);
      return;
    }
  if (admiralty_battle_page_get_finished (self))
    {
      g_signal_emit (self, signals[SIGNAL_ERROR], 0, _("The Battle Has Ended"),
                     _("Its results are in the campaign. Undo its ending in the campaign to "
                       "fight on."));
      return;
    }

  /* A roll already asked for: the phase is under way. */
  if (admiralty_typed_dice_present (self->typed))
    return;
  /* A course the master dragged and the engine refused is not in the orders: he is asked
   * before the formations move without it. */
  if (adm_battle_get_phase (self->battle) == ADM_PHASE_MOVEMENT &&
      admiralty_orders_panel_get_refused_course (self->orders_panel, NULL) != NULL)
    {
      ask_refused_course (self, physical);
      return;
    }

  /* Once the sides gave their dice for the phase, its declarations are locked: the campaign
   * keeps the phase only with those (adm_campaign_check_declarations ()). */
  if (!declarations_locked (self, &error))
    {
      g_signal_emit (self, signals[SIGNAL_ERROR], 0, _("The Declarations Are Locked"),
                     error->message);
      return;
    }

  /* A table handed the battle with the program's dice only rolls those: real dice typed in
   * would be refused by the chief. */
  if (physical && self->client != NULL && adm_table_client_get_program_only (self->client))
    physical = FALSE;
  if (physical)
    {
      g_autofree char *key = admiralty_battle_page_dice_key (self);

      /* Values typed before a Cancel for this very phase and orders are used again. */
      if (!admiralty_typed_dice_resume (self->typed, key))
        {
          forget_dice (self);
          keep_dice (self);
        }
      admiralty_battle_page_try_physical (self);
      return;
    }

  if (ask_contributions (self))
    return;
  dice = admiralty_battle_page_program_dice (self, &error);
  if (dice == NULL ||
      !adm_battle_resolve_phase (self->battle, admiralty_battle_page_turn_orders (self), dice,
                                 &error))
    admiralty_battle_page_phase_failed (self, error);
  else
    drop_drafts (self);
}

/* An ended campaign battle is read-only until its ending is undone in the campaign. */
static gboolean
refuse_if_finished (AdmiraltyBattlePage  *self,
                    GError              **error)
{
  if (admiralty_battle_page_get_at_table (self))
    return !adm_campaign_check_at_hand (self->campaign, self->engagement_id, error);
  if (self->client != NULL && admiralty_battle_page_get_read_only (self))
    {
      g_set_error_literal (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_ILLEGAL,
                           adm_table_client_get_end_reason (self->client) != NULL
                             ? _("This battle was ended at this table and its ending sent to "
                                 "the chief master")
                             : adm_table_client_get_message (self->client));
      return TRUE;
    }
  if (!admiralty_battle_page_get_finished (self))
    return FALSE;
  g_set_error_literal (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_ILLEGAL,
                       _("This battle has ended and its results are in the campaign; undo its "
                         "ending in the campaign to change it"));
  return TRUE;
}

gboolean
admiralty_battle_page_undo (AdmiraltyBattlePage  *self,
                            GError              **error)
{
  g_return_val_if_fail (ADMIRALTY_IS_BATTLE_PAGE (self), FALSE);

  if (refuse_if_finished (self, error))
    return FALSE;

  admiralty_typed_dice_close (self->typed);
  forget_dice (self);
  keep_dice (self);
  return adm_battle_undo (self->battle, error);
}

gboolean
admiralty_battle_page_start_over (AdmiraltyBattlePage  *self,
                                  GError              **error)
{
  g_return_val_if_fail (ADMIRALTY_IS_BATTLE_PAGE (self), FALSE);

  if (refuse_if_finished (self, error))
    return FALSE;
  admiralty_typed_dice_close (self->typed);
  forget_dice (self);
  keep_dice (self);
  /* Phase by phase, so that redo can bring every one of them back. */
  while (adm_battle_can_undo (self->battle))
    if (!adm_battle_undo (self->battle, error))
      return FALSE;
  return TRUE;
}

gboolean
admiralty_battle_page_redo (AdmiraltyBattlePage  *self,
                            GError              **error)
{
  g_return_val_if_fail (ADMIRALTY_IS_BATTLE_PAGE (self), FALSE);

  if (refuse_if_finished (self, error))
    return FALSE;

  admiralty_typed_dice_close (self->typed);
  forget_dice (self);
  keep_dice (self);
  return adm_battle_redo (self->battle, error);
}

AdmiraltyOrdersPanel *
admiralty_battle_page_get_orders_panel (AdmiraltyBattlePage *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_BATTLE_PAGE (self), NULL);

  return self->orders_panel;
}

gboolean
admiralty_battle_page_load_orders (AdmiraltyBattlePage  *self,
                                   const char           *path,
                                   GError              **error)
{
  AdmBattleOrders *orders;

  g_return_val_if_fail (ADMIRALTY_IS_BATTLE_PAGE (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  orders = adm_battle_orders_load_file (path, error);
  if (orders == NULL)
    return FALSE;

  g_clear_pointer (&self->orders, adm_battle_orders_free);
  self->orders = orders;
  g_free (self->orders_path);
  self->orders_path = g_strdup (path);
  /* Before the battle is shown, the panel takes them when it is attached. */
  if (self->battle != NULL)
    admiralty_orders_panel_set_file_orders (self->orders_panel, orders);
  return TRUE;
}

/* Sets @list up to show @model in @view, on the side panel's page @name. */
static void
admiralty_battle_page_setup_list (AdmiraltyBattlePage *self,
                                  LogList             *list,
                                  const char          *name,
                                  GtkListView         *view,
                                  GtkStack            *stack,
                                  GListModel          *model)
{
  g_autoptr(GtkListItemFactory) factory = admiralty_log_rows_new_factory ();

  list->page = self;
  list->name = name;
  list->view = view;
  list->stack = stack;
  list->model = model;
  gtk_list_view_set_factory (view, factory);
  /* Before the selection, which tells the view, and after it. */
  g_signal_connect_swapped (model, "items-changed", G_CALLBACK (log_list_changing_cb), list);
  list->selection = GTK_SELECTION_MODEL (gtk_no_selection_new (g_object_ref (model)));
  g_signal_connect_data (model, "items-changed", G_CALLBACK (log_list_changed_cb), list, NULL,
                         G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  gtk_list_view_set_model (view, list->selection);
}

/* The page going away: its lists hear no more of the battle. */
static void
log_list_clear (LogList *list)
{
  if (list->model != NULL)
    g_signal_handlers_disconnect_by_data (list->model, list);
  g_clear_object (&list->selection);
  list->model = NULL;
}

/* "View as": Master is the first entry, then the sides in order. The table is shown the
 * side picked as the campaign shows it (adm_audience_of_campaign ()): the master's once the
 * ended campaign's whole truth is published (F-STRAT-3), the side's own again when that is
 * undone. The picker keeps the side picked either way. */
static int
view_as_side (AdmiraltyBattlePage *self)
{
  guint selected = gtk_drop_down_get_selected (self->view_dropdown);
  AdmAudience audience;

  if (selected == GTK_INVALID_LIST_POSITION || selected == 0)
    return -1;
  audience = adm_audience_of_campaign (self->campaign != NULL
                                       ? adm_state_get_strategy (
                                           adm_campaign_get_state (self->campaign))
                                       : NULL,
                                       adm_audience_side (selected - 1));
  return adm_audience_is_master (audience) ? -1 : (int) selected - 1;
}

static void
view_as_cb (AdmiraltyBattlePage *self)
{
  admiralty_table_widget_set_view_side (self->table, view_as_side (self));
}

static void
selected_ship_cb (AdmiraltyBattlePage *self,
                  GParamSpec          *pspec,
                  AdmiraltyTableWidget *table)
{
  int ship = admiralty_table_widget_get_selected_ship (table);

  if (self->battle == NULL)
    return;
  /* F-ECM-2, F-ECM-4, F-ECM-6: in a side's view only a ship it sees face up can be selected,
   * as when the view changes: a click on a face-down token would put the ship's name and
   * class in the card. Selecting none notifies again, and that updates the page. */
  if (ship >= 0 &&
      admiralty_table_ship_face (self->battle, ship,
                                 admiralty_table_widget_get_view_side (table))
      != ADMIRALTY_TOKEN_FACE_UP)
    {
      admiralty_table_widget_set_selected_ship (table, -1);
      return;
    }
  admiralty_battle_page_update_ship (self);
  admiralty_battle_page_sync_fleet (self);
}

static void
view_side_cb (AdmiraltyBattlePage *self,
              GParamSpec          *pspec,
              AdmiraltyTableWidget *table)
{
  /* The table's view set otherwise (a new battle is shown as the master sees it): the
   * picker follows. */
  if (admiralty_table_widget_get_view_side (table) != view_as_side (self))
    gtk_drop_down_set_selected (self->view_dropdown,
                                (guint) (admiralty_table_widget_get_view_side (table) + 1));
  if (self->battle == NULL)
    return;
  admiralty_battle_page_sync_fleet (self);
  log_list_let_go (&self->report_list);
  log_list_let_go (&self->dice_list);
  adm_log_model_set_audience (self->report_log, page_audience (self));
  adm_log_model_set_audience (self->dice_log, page_audience (self));
  admiralty_battle_page_update_ship (self);
}

/* The ship menu: movement combat orders (F-MOVE-14, F-MOVE-15, F-MOVE-16, F-MOVE-17, F-MOVE-18) and
 * fire-phase orders (F-FORD) for the ship's formation, and measuring to the target. */
static void
ship_menu_cb (AdmiraltyBattlePage  *self,
              int                   ship,
              double                x,
              double                y,
              AdmiraltyTableWidget *table)
{
  g_autoptr(GMenu) menu = g_menu_new ();
  g_autoptr(GMenu) movement = g_menu_new ();
  g_autoptr(GMenu) fire = g_menu_new ();
  g_autoptr(GMenu) tools = g_menu_new ();
  GtkWidget *popover;
  AdmPhase phase = adm_battle_get_phase (self->battle);
  /* In a side's view, orders are offered for that side's own ships only. */
  gboolean orders = ship >= 0 && (guint) ship < adm_battle_get_n_ships (self->battle) &&
                    adm_audience_sees_orders (page_audience (self), self->battle,
                                              adm_battle_get_ship (self->battle, ship)->formation);

  if (orders && phase <= ADM_PHASE_MOVEMENT)
    {
      g_menu_append (movement, _("_Straight Course"), "battle.move-order::none");
      g_menu_append (movement, _("_Course Correction"), "battle.move-order::course-correction");
      g_menu_append (movement, _("_Emergency Stop"), "battle.move-order::emergency-stop");
      g_menu_append (movement, _("_All Ahead Full"), "battle.move-order::all-ahead-full");
      g_menu_append (movement, _("C_lear Course"), "battle.clear-move");
      g_menu_append_section (menu, NULL, G_MENU_MODEL (movement));
    }
  if (orders && phase <= ADM_PHASE_FIRE)
    {
      g_menu_append (fire, _("_Target Lock"), "battle.target-lock");
      g_menu_append (fire, _("_Reinforce Shields"), "battle.reinforce");
      g_menu_append_section (menu, NULL, G_MENU_MODEL (fire));
    }
  g_menu_append (tools, _("_Measure to Target"), "battle.measure");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (tools));

  popover = gtk_popover_menu_new_from_model (G_MENU_MODEL (menu));
  gtk_widget_set_parent (popover, GTK_WIDGET (table));
  gtk_popover_set_pointing_to (GTK_POPOVER (popover), &(GdkRectangle) { x, y, 1, 1 });
  gtk_popover_set_has_arrow (GTK_POPOVER (popover), FALSE);
  gtk_widget_set_halign (popover, GTK_ALIGN_START);
  g_signal_connect (popover, "closed", G_CALLBACK (gtk_widget_unparent), NULL);
  gtk_popover_popup (GTK_POPOVER (popover));
}

static void
move_order_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  AdmiraltyBattlePage *self = ADMIRALTY_BATTLE_PAGE (widget);
  const char *name = g_variant_get_string (parameter, NULL);
  AdmMoveOrder order = ADM_MOVE_ORDER_NONE;

  for (AdmMoveOrder o = ADM_MOVE_ORDER_NONE; o <= ADM_MOVE_ORDER_ALL_AHEAD_FULL; o++)
    if (g_strcmp0 (adm_move_order_to_string (o), name) == 0)
      order = o;
  admiralty_orders_panel_set_move_order (self->orders_panel, order);
  gtk_stack_set_visible_child_name (self->side_stack, "orders");
}

static void
clear_move_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  AdmiraltyBattlePage *self = ADMIRALTY_BATTLE_PAGE (widget);

  admiralty_orders_panel_clear_move (self->orders_panel);
}

static gboolean
ship_has_order (AdmiraltyBattlePage *self,
                GPtrArray           *list)
{
  int index = admiralty_table_widget_get_selected_ship (self->table);
  const char *id;

  if (index < 0)
    return FALSE;
  id = adm_battle_get_ship (self->battle, index)->id;
  for (guint i = 0; i < list->len; i++)
    if (g_strcmp0 (((AdmShipOrderDecl *) g_ptr_array_index (list, i))->ship, id) == 0)
      return TRUE;
  return FALSE;
}

static void
target_lock_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  AdmiraltyBattlePage *self = ADMIRALTY_BATTLE_PAGE (widget);
  const AdmTurnOrders *orders = admiralty_orders_panel_get_orders (self->orders_panel);

  admiralty_orders_panel_set_target_lock (self->orders_panel,
                                          !ship_has_order (self, orders->target_locks));
  gtk_stack_set_visible_child_name (self->side_stack, "orders");
}

static void
reinforce_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  AdmiraltyBattlePage *self = ADMIRALTY_BATTLE_PAGE (widget);
  const AdmTurnOrders *orders = admiralty_orders_panel_get_orders (self->orders_panel);

  admiralty_orders_panel_set_reinforce (self->orders_panel,
                                        !ship_has_order (self, orders->reinforce), FALSE);
  gtk_stack_set_visible_child_name (self->side_stack, "orders");
}

/* The ruler from the selected ship to its target, or to the nearest ship the view shows. */
static void
measure_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  AdmiraltyBattlePage *self = ADMIRALTY_BATTLE_PAGE (widget);
  int from = admiralty_table_widget_get_selected_ship (self->table);
  int to = admiralty_table_widget_get_target_ship (self->table);
  int side = admiralty_table_widget_get_view_side (self->table);
  double best = G_MAXDOUBLE;

  if (from < 0)
    return;
  if (to < 0)
    for (guint i = 0; i < adm_battle_get_n_ships (self->battle); i++)
      {
        double d;

        if ((int) i == from ||
            admiralty_table_ship_face (self->battle, i, side) == ADMIRALTY_TOKEN_HIDDEN ||
            adm_battle_get_ship (self->battle, i)->side ==
              adm_battle_get_ship (self->battle, from)->side)
          continue;
        d = adm_distance (adm_battle_get_ship (self->battle, from)->position,
                          adm_battle_get_ship (self->battle, i)->position);
        if (d < best)
          {
            best = d;
            to = i;
          }
      }
  if (to < 0)
    return;
  admiralty_table_widget_measure_between (self->table,
                                          adm_battle_get_ship (self->battle, from)->position,
                                          adm_battle_get_ship (self->battle, to)->position);
}

static void
declare_fire_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  AdmiraltyBattlePage *self = ADMIRALTY_BATTLE_PAGE (widget);

  gtk_stack_set_visible_child_name (self->side_stack, "orders");
  admiralty_orders_panel_declare_fire (self->orders_panel);
}

static void
add_leg_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  AdmiraltyBattlePage *self = ADMIRALTY_BATTLE_PAGE (widget);

  gtk_stack_set_visible_child_name (self->side_stack, "orders");
  gtk_widget_activate_action (GTK_WIDGET (self->orders_panel), "orders.add-leg", NULL);
}

/* The selected ship's menu from the keyboard (Menu, Shift+F10), at the ship. */
static void
ship_menu_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  AdmiraltyBattlePage *self = ADMIRALTY_BATTLE_PAGE (widget);
  int ship = admiralty_table_widget_get_selected_ship (self->table);
  double x, y;

  if (ship < 0)
    return;
  admiralty_table_view_to_pixels (admiralty_table_widget_get_view (self->table),
                                  adm_battle_get_ship (self->battle, ship)->position, &x, &y);
  ship_menu_cb (self, ship, CLAMP (x, 0, gtk_widget_get_width (GTK_WIDGET (self->table))),
                CLAMP (y, 0, gtk_widget_get_height (GTK_WIDGET (self->table))), self->table);
}

/* The legend: each symbol drawn by the table's own code, with what it means. */
static void
legend_sample_draw (GtkDrawingArea *area,
                    cairo_t        *cr,
                    int             width,
                    int             height,
                    gpointer        user_data)
{
  admiralty_table_render_legend_sample (cr, GPOINTER_TO_INT (user_data), MIN (width, height));
}

static GtkWidget *
legend_popover_new (void)
{
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *grid = gtk_grid_new ();

  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_widget_set_margin_top (grid, 6);
  gtk_widget_set_margin_bottom (grid, 6);
  gtk_widget_set_margin_start (grid, 6);
  gtk_widget_set_margin_end (grid, 6);
  for (int item = 0; item < ADMIRALTY_LEGEND_N_ITEMS; item++)
    {
      GtkWidget *sample = gtk_drawing_area_new ();
      GtkWidget *label = gtk_label_new (admiralty_legend_item_label (item));

      gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (sample), 28);
      gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (sample), 28);
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (sample), legend_sample_draw,
                                      GINT_TO_POINTER (item), NULL);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_grid_attach (GTK_GRID (grid), sample, 0, item, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), label, 1, item, 1, 1);
    }
  gtk_popover_set_child (GTK_POPOVER (popover), grid);
  return popover;
}

static void
fit_clicked_cb (AdmiraltyBattlePage *self)
{
  admiralty_table_widget_fit (self->table);
}

/* The "units" preference: lengths on the table and in the orders in cm or inches. */
static void
units_changed_cb (AdmiraltyBattlePage *self,
                  const char          *key,
                  GSettings           *settings)
{
  g_autofree char *units = g_settings_get_string (settings, "units");
  gboolean inches = admiralty_units_are_inches (units);

  admiralty_table_widget_set_inches (self->table, inches);
  admiralty_orders_panel_set_inches (self->orders_panel, inches);
}

/* Focus goes to the table, whose keys zoom and pan. */
static gboolean
admiralty_battle_page_grab_focus (GtkWidget *widget)
{
  AdmiraltyBattlePage *self = ADMIRALTY_BATTLE_PAGE (widget);

  return gtk_widget_grab_focus (GTK_WIDGET (self->table));
}

/* GObject */

static void
admiralty_battle_page_dispose (GObject *object)
{
  AdmiraltyBattlePage *self = ADMIRALTY_BATTLE_PAGE (object);

  if (self->contribution_dialog != NULL)
    g_object_remove_weak_pointer (G_OBJECT (self->contribution_dialog),
                                  (gpointer *) &self->contribution_dialog);
  self->contribution_dialog = NULL;
  if (self->typed != NULL)
    admiralty_typed_dice_close (self->typed);

  /* The page going away stops writing the game: the file stays as the last phase left it. */
  g_clear_object (&self->battle_signals);
  if (self->battle != NULL)
    adm_battle_set_autosave_path (self->battle, NULL);

  /* The logs hear no more of the battle, while the widgets they update are still there. */
  log_list_clear (&self->report_list);
  log_list_clear (&self->dice_list);
  if (self->report_log != NULL)
    adm_log_model_set_battle (self->report_log, NULL);
  if (self->dice_log != NULL)
    {
      adm_log_model_set_battle (self->dice_log, NULL);
      g_signal_handlers_disconnect_by_data (self->dice_log, self);
    }

  gtk_widget_dispose_template (GTK_WIDGET (self), ADMIRALTY_TYPE_BATTLE_PAGE);

  g_clear_object (&self->battle);
  g_clear_object (&self->campaign_signals);
  g_clear_object (&self->campaign);
  g_clear_object (&self->client_signals);
  g_clear_object (&self->client);
  g_clear_object (&self->settings);
  g_clear_object (&self->asking);
  g_clear_object (&self->fleet_store);
  g_clear_object (&self->report_log);
  g_clear_object (&self->dice_log);
  g_clear_object (&self->dice_found);
  g_clear_pointer (&self->dice_groups, g_hash_table_unref);

  G_OBJECT_CLASS (admiralty_battle_page_parent_class)->dispose (object);
}

static void
admiralty_battle_page_finalize (GObject *object)
{
  AdmiraltyBattlePage *self = ADMIRALTY_BATTLE_PAGE (object);

  g_clear_pointer (&self->orders, adm_battle_orders_free);
  g_clear_object (&self->typed);
  g_free (self->orders_error);
  g_free (self->backup_used);
  g_free (self->watched);
  g_free (self->source_path);
  g_free (self->setup_base);
  g_free (self->game_path);
  g_free (self->orders_path);
  g_free (self->secret_alone);
  g_free (self->phase_label);
  g_free (self->resolve_label);
  g_free (self->engagement_id);

  G_OBJECT_CLASS (admiralty_battle_page_parent_class)->finalize (object);
}

static void
admiralty_battle_page_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  AdmiraltyBattlePage *self = ADMIRALTY_BATTLE_PAGE (object);

  switch (prop_id)
    {
    case PROP_BATTLE:
      g_value_set_object (value, self->battle);
      break;
    case PROP_PHASE_LABEL:
      g_value_set_string (value, self->phase_label);
      break;
    case PROP_RESOLVE_LABEL:
      g_value_set_string (value, self->resolve_label);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
admiralty_battle_page_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  AdmiraltyBattlePage *self = ADMIRALTY_BATTLE_PAGE (object);

  switch (prop_id)
    {
    case PROP_BATTLE:
      admiralty_battle_page_set_battle (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
admiralty_battle_page_class_init (AdmiraltyBattlePageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = admiralty_battle_page_dispose;
  object_class->finalize = admiralty_battle_page_finalize;
  object_class->get_property = admiralty_battle_page_get_property;
  object_class->set_property = admiralty_battle_page_set_property;
  widget_class->grab_focus = admiralty_battle_page_grab_focus;

  properties[PROP_BATTLE] =
    g_param_spec_object ("battle", NULL, NULL, ADM_TYPE_BATTLE,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_PHASE_LABEL] =
    g_param_spec_string ("phase-label", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_RESOLVE_LABEL] =
    g_param_spec_string ("resolve-label", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* Emitted with a heading and the engine's message when a phase cannot be resolved. */
  signals[SIGNAL_ERROR] =
    g_signal_new ("error", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);
  /* Emitted with a short message for the window's toast. */
  signals[SIGNAL_TOAST] =
    g_signal_new ("toast", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);

  g_type_ensure (ADMIRALTY_TYPE_TABLE_WIDGET);
  g_type_ensure (ADMIRALTY_TYPE_ORDERS_PANEL);

  gtk_widget_class_install_action (widget_class, "battle.move-order", "s", move_order_action);
  gtk_widget_class_install_action (widget_class, "battle.clear-move", NULL, clear_move_action);
  gtk_widget_class_install_action (widget_class, "battle.target-lock", NULL,
                                   target_lock_action);
  gtk_widget_class_install_action (widget_class, "battle.reinforce", NULL, reinforce_action);
  gtk_widget_class_install_action (widget_class, "battle.measure", NULL, measure_action);
  gtk_widget_class_install_action (widget_class, "battle.declare-fire", NULL,
                                   declare_fire_action);
  gtk_widget_class_install_action (widget_class, "battle.add-leg", NULL, add_leg_action);
  gtk_widget_class_install_action (widget_class, "battle.ship-menu", NULL, ship_menu_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_d, GDK_CONTROL_MASK,
                                       "battle.declare-fire", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_l, GDK_CONTROL_MASK,
                                       "battle.add-leg", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Menu, 0, "battle.ship-menu", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F10, GDK_SHIFT_MASK,
                                       "battle.ship-menu", NULL);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "battlepage");
  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/admiralty/Admiralty/admiralty-battle-page.ui");
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyBattlePage, paned);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyBattlePage, table);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyBattlePage, orders_panel);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyBattlePage, view_dropdown);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyBattlePage, side_stack);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyBattlePage, fleet_list);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyBattlePage, fit_button);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyBattlePage, ruler_button);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyBattlePage, table_controls);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyBattlePage, legend_button);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyBattlePage, report_stack);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyBattlePage, report_scroller);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyBattlePage, report_view);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyBattlePage, dice_stack);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyBattlePage, dice_search);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyBattlePage, dice_empty_label);
  gtk_widget_class_bind_template_callback (widget_class, dice_search_changed_cb);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyBattlePage, dice_scroller);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyBattlePage, dice_view);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyBattlePage, ship_box);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyBattlePage, ship_name_label);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyBattlePage, ship_details_label);
}

static void
admiralty_battle_page_init (AdmiraltyBattlePage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  admiralty_wrapping_choices (self->view_dropdown);

  /* Cancel leaves the phase unresolved, the dice typed so far kept: resolving again resumes
   * at the roll the master stopped at, as long as the phase and its orders are the same. */
  self->typed = admiralty_typed_dice_new (_("The phase was not resolved"));
  admiralty_typed_dice_forward (self->typed, self);
  g_signal_connect_object (self->typed, "entered", G_CALLBACK (typed_entered_cb), self,
                           G_CONNECT_SWAPPED);
  self->battle_signals = g_signal_group_new (ADM_TYPE_BATTLE);
  g_signal_group_connect_object (self->battle_signals, "changed", G_CALLBACK (battle_changed_cb),
                                 self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->battle_signals, "autosave-failed",
                                 G_CALLBACK (autosave_failed_cb), self, G_CONNECT_SWAPPED);
  /* Ended or its ending undone in the campaign: the page says so at once. */
  self->campaign_signals = g_signal_group_new (ADM_TYPE_CAMPAIGN);
  g_signal_group_connect_object (self->campaign_signals, "changed",
                                 G_CALLBACK (admiralty_battle_page_update_labels), self,
                                 G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->campaign_signals, "changed", G_CALLBACK (view_as_cb),
                                 self, G_CONNECT_SWAPPED);
  /* The header says what the chief holds, as his answers come. */
  self->client_signals = g_signal_group_new (ADM_TYPE_TABLE_CLIENT);
  g_signal_group_connect_object (self->client_signals, "notify::state",
                                 G_CALLBACK (admiralty_battle_page_update_labels), self,
                                 G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->client_signals, "notify::waiting",
                                 G_CALLBACK (admiralty_battle_page_update_labels), self,
                                 G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->client_signals, "notify::message",
                                 G_CALLBACK (admiralty_battle_page_update_labels), self,
                                 G_CONNECT_SWAPPED);
  self->fleet_store = g_list_store_new (ADMIRALTY_TYPE_FLEET_ENTRY);
  gtk_list_box_bind_model (self->fleet_list, G_LIST_MODEL (self->fleet_store), fleet_row_new,
                           NULL, NULL);
  self->report_log = adm_log_model_new (NULL, ADM_LOG_REPORT, adm_audience_master ());
  self->dice_log = adm_log_model_new (NULL, ADM_LOG_ROLLS, adm_audience_master ());
  /* The phases found are forgotten before the search hears of a change. */
  g_signal_connect_object (self->dice_log, "items-changed", G_CALLBACK (dice_log_changing_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->dice_log, "items-changed", G_CALLBACK (dice_empty_update),
                           self, G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  self->dice_found = gtk_filter_list_model_new (g_object_ref (G_LIST_MODEL (self->dice_log)),
                                                GTK_FILTER (gtk_custom_filter_new (dice_found_cb,
                                                                                   self, NULL)));
  admiralty_battle_page_setup_list (self, &self->report_list, "report", self->report_view,
                                    self->report_stack, G_LIST_MODEL (self->report_log));
  admiralty_battle_page_setup_list (self, &self->dice_list, "dice", self->dice_view,
                                    self->dice_stack, G_LIST_MODEL (self->dice_found));
  g_signal_connect_object (self->side_stack, "notify::visible-child-name",
                           G_CALLBACK (side_page_cb), self, G_CONNECT_SWAPPED);

  g_signal_connect_object (self->view_dropdown, "notify::selected", G_CALLBACK (view_as_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->table, "notify::selected-ship", G_CALLBACK (selected_ship_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->table, "ship-menu", G_CALLBACK (ship_menu_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->table, "notify::view-side", G_CALLBACK (view_side_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_swapped (self->fleet_list, "row-selected", G_CALLBACK (fleet_row_selected_cb),
                            self);
  g_object_bind_property (self->ruler_button, "active", self->table, "ruler",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  g_signal_connect_swapped (self->fit_button, "clicked", G_CALLBACK (fit_clicked_cb), self);
  gtk_menu_button_set_popover (self->legend_button, legend_popover_new ());
  admiralty_table_widget_set_floating (self->table, self->table_controls);

  self->settings = g_settings_new (APP_ID);
  g_signal_connect_object (self->settings, "changed::units", G_CALLBACK (units_changed_cb),
                           self, G_CONNECT_SWAPPED);
  units_changed_cb (self, "units", self->settings);
}

/* Accessors */

AdmBattle *
admiralty_battle_page_get_battle (AdmiraltyBattlePage *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_BATTLE_PAGE (self), NULL);

  return self->battle;
}

const char *
admiralty_battle_page_get_source_path (AdmiraltyBattlePage *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_BATTLE_PAGE (self), NULL);

  return self->source_path;
}

const char *
admiralty_battle_page_get_game_path (AdmiraltyBattlePage *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_BATTLE_PAGE (self), NULL);

  return self->game_path;
}

gboolean
admiralty_battle_page_get_resumed (AdmiraltyBattlePage *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_BATTLE_PAGE (self), FALSE);

  return self->resumed;
}

const char *
admiralty_battle_page_get_orders_error (AdmiraltyBattlePage *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_BATTLE_PAGE (self), NULL);

  return self->orders_error;
}

const char *
admiralty_battle_page_get_backup_used (AdmiraltyBattlePage *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_BATTLE_PAGE (self), NULL);

  return self->backup_used;
}

guint
admiralty_battle_page_get_dice_restored (AdmiraltyBattlePage *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_BATTLE_PAGE (self), 0);

  return self->dice_restored;
}

const char *
admiralty_battle_page_get_phase_label (AdmiraltyBattlePage *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_BATTLE_PAGE (self), NULL);

  return self->phase_label;
}

const char *
admiralty_battle_page_get_resolve_label (AdmiraltyBattlePage *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_BATTLE_PAGE (self), NULL);

  return self->resolve_label;
}

const char *
admiralty_battle_page_get_orders_path (AdmiraltyBattlePage *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_BATTLE_PAGE (self), NULL);

  return self->orders_path;
}

/* Test hooks */

AdmiraltyTableWidget *
_admiralty_battle_page_get_table (AdmiraltyBattlePage *self)
{
  return self->table;
}

GtkDropDown *
_admiralty_battle_page_get_view_dropdown (AdmiraltyBattlePage *self)
{
  return self->view_dropdown;
}

GListModel *
_admiralty_battle_page_get_report_model (AdmiraltyBattlePage *self)
{
  return G_LIST_MODEL (self->report_log);
}

GtkWidget *
_admiralty_battle_page_get_dice_search (AdmiraltyBattlePage *self)
{
  return GTK_WIDGET (self->dice_search);
}

GListModel *
_admiralty_battle_page_get_dice_model (AdmiraltyBattlePage *self)
{
  return G_LIST_MODEL (self->dice_found);
}

GtkWidget *
_admiralty_battle_page_get_dice_dialog (AdmiraltyBattlePage *self)
{
  return admiralty_typed_dice_get_prompt (self->typed);
}

const AdmDiceRequest *
_admiralty_battle_page_get_dice_request (AdmiraltyBattlePage *self)
{
  if (admiralty_typed_dice_get_prompt (self->typed) == NULL || self->asking == NULL)
    return NULL;
  return admiralty_asking_dice_get_unmet (self->asking);
}

GPtrArray *
_admiralty_battle_page_get_dice_requests (AdmiraltyBattlePage *self)
{
  if (admiralty_typed_dice_get_prompt (self->typed) == NULL || self->asking == NULL)
    return NULL;
  return admiralty_asking_dice_get_unmets (self->asking);
}

guint
_admiralty_battle_page_get_dice_count (AdmiraltyBattlePage *self)
{
  GPtrArray *requests = _admiralty_battle_page_get_dice_requests (self);
  guint count = 0;

  for (guint r = 0; requests != NULL && r < requests->len; r++)
    count += ((const AdmDiceRequest *) g_ptr_array_index (requests, r))->count;
  return count;
}

void
_admiralty_battle_page_set_dice_text (AdmiraltyBattlePage *self,
                                      const char          *text)
{
  g_return_if_fail (admiralty_typed_dice_get_prompt (self->typed) != NULL);

  admiralty_dice_prompt_set_text (admiralty_typed_dice_get_prompt (self->typed), text);
}

guint
_admiralty_battle_page_get_n_entered (AdmiraltyBattlePage *self)
{
  return admiralty_typed_dice_get_values (self->typed)->len;
}

const char *
_admiralty_battle_page_get_ship_details (AdmiraltyBattlePage *self)
{
  return gtk_label_get_label (self->ship_details_label);
}

GStrv
_admiralty_battle_page_get_fleet_rows (AdmiraltyBattlePage *self)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  GtkListBoxRow *row;

  /* What the rows read on screen, not the model: the test sees what the viewer sees. */
  for (int i = 0; (row = gtk_list_box_get_row_at_index (self->fleet_list, i)) != NULL; i++)
    g_strv_builder_add (builder,
                        gtk_label_get_label (GTK_LABEL (gtk_list_box_row_get_child (row))));
  return g_strv_builder_end (builder);
}

/* Battles of the campaign (F-STRAT-4) */

AdmiraltyBattlePage *
admiralty_battle_page_open_engagement (AdmCampaign  *campaign,
                                       const char   *engagement_id,
                                       GHashTable   *overrides,
                                       GError      **error)
{
  g_autoptr(AdmiraltyBattlePage) self = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(AdmQueuedEngagement) engagement = NULL;
  g_autofree char *name = NULL;
  const char *path;
  const char *saved;
  gboolean resumed = FALSE;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), NULL);
  g_return_val_if_fail (engagement_id != NULL, NULL);

  engagement = adm_campaign_find_engagement (campaign, engagement_id, error);
  if (engagement == NULL)
    return NULL;
  /* One writer per battle: one at another table is fought there, not in this window; the
   * chief watches it read-only once the table has begun it (admiralty_battle_page_get_read_only ()). */
  if (adm_campaign_get_battle (campaign, engagement_id, NULL, NULL) == NULL &&
      !adm_campaign_check_at_hand (campaign, engagement_id, error))
    return NULL;
  path = adm_campaign_get_path (campaign);
  /* Translators: the name of a battle kept in a campaign, for messages: "komarr.admiralty,
   * engagement c1-2" */
  name = g_strdup_printf (_("%s, engagement %s"), path != NULL ? path : "", engagement_id);
  saved = adm_campaign_get_battle (campaign, engagement_id, NULL, NULL);
  if (saved != NULL)
    {
      battle = adm_battle_load_game_memory (saved, strlen (saved), name, error);
      resumed = TRUE;
    }
  else
    {
      g_autofree char *setup = NULL;

      /* The master's placements are journaled: the reports say what he chose. */
      if (!adm_campaign_choose_placements (campaign, engagement_id, overrides, adm_clock_now (),
                                           error))
        return NULL;
      setup = adm_campaign_engagement_setup (campaign, engagement, NULL, error);
      if (setup != NULL)
        battle = adm_battle_load_memory (setup, strlen (setup), name, error);
    }
  if (battle == NULL)
    return NULL;

  self = g_object_ref_sink (g_object_new (ADMIRALTY_TYPE_BATTLE_PAGE, NULL));
  self->campaign = g_object_ref (campaign);
  self->engagement_id = g_strdup (engagement_id);
  self->source_path = admiralty_battle_page_engagement_key (campaign, engagement_id);
  self->resumed = resumed;
  self->seed = adm_battle_get_seed (battle);
  while (self->seed == 0)
    self->seed = ((guint64) g_random_int () << 32) | g_random_int ();
  g_object_set (self, "battle", battle, NULL);
  /* At another table: the battle as the campaign held it, for admiralty_battle_page_get_stale (). */
  if (saved != NULL && admiralty_battle_page_get_at_table (self))
    self->watched = g_strdup (saved);
  g_signal_group_set_target (self->campaign_signals, campaign);
  return g_steal_pointer (&self);
}

char *
admiralty_battle_page_engagement_key (AdmCampaign *campaign,
                                      const char  *engagement_id)
{
  const char *path = adm_campaign_get_path (campaign);
  g_autofree char *key = g_strdup_printf ("%s#%s", path != NULL ? path : "", engagement_id);

  return g_canonicalize_filename (key, NULL);
}

AdmCampaign *
admiralty_battle_page_get_campaign (AdmiraltyBattlePage *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_BATTLE_PAGE (self), NULL);
  return self->campaign;
}

const char *
admiralty_battle_page_get_engagement (AdmiraltyBattlePage *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_BATTLE_PAGE (self), NULL);
  return self->engagement_id;
}

gboolean
admiralty_battle_page_get_finished (AdmiraltyBattlePage *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_BATTLE_PAGE (self), FALSE);
  return self->campaign != NULL &&
         adm_state_get_battle_ending (adm_campaign_get_state (self->campaign),
                                      self->engagement_id) != NULL;
}

gboolean
admiralty_battle_page_get_at_table (AdmiraltyBattlePage *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_BATTLE_PAGE (self), FALSE);
  return self->campaign != NULL &&
         !adm_campaign_check_at_hand (self->campaign, self->engagement_id, NULL);
}

gboolean
admiralty_battle_page_get_stale (AdmiraltyBattlePage *self)
{
  const char *watched;

  g_return_val_if_fail (ADMIRALTY_IS_BATTLE_PAGE (self), FALSE);

  /* Taken back, the battle is the chief's to fight on this page; come back ended, its last
   * entries are shown with the ending. */
  watched = self->watched;
  return watched != NULL &&
         (admiralty_battle_page_get_at_table (self) || admiralty_battle_page_get_finished (self)) &&
         g_strcmp0 (watched, adm_campaign_get_battle (self->campaign, self->engagement_id,
                                                      NULL, NULL)) != 0;
}

gboolean
admiralty_battle_page_get_read_only (AdmiraltyBattlePage *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_BATTLE_PAGE (self), FALSE);
  if (self->client != NULL)
    return adm_table_client_get_end_reason (self->client) != NULL ||
           adm_table_client_get_state (self->client) == ADM_TABLE_CLIENT_REFUSED;
  return admiralty_battle_page_get_finished (self) || admiralty_battle_page_get_at_table (self);
}

char *
admiralty_battle_page_get_table_status (AdmiraltyBattlePage *self)
{
  guint waiting;

  g_return_val_if_fail (ADMIRALTY_IS_BATTLE_PAGE (self), NULL);

  if (self->client == NULL)
    return NULL;
  waiting = adm_table_client_get_waiting (self->client);
  switch (adm_table_client_get_state (self->client))
    {
    case ADM_TABLE_CLIENT_REFUSED:
      /* The chief's words: "The chief master took engagement c1-3 back from this table:
       * REASON. …" */
      return g_strdup (adm_table_client_get_message (self->client));
    case ADM_TABLE_CLIENT_WAITING:
    case ADM_TABLE_CLIENT_SENDING:
      /* "The chief master refused the entries (…): …", "The chief answered oddly,
       * retrying: …": not his taking the battle back. */
      if (adm_table_client_get_answered_oddly (self->client))
        return g_strdup (adm_table_client_get_message (self->client));
      if (waiting > 0)
        /* Translators: a table's battle, "3 entries waiting for the chief": a state that
         * lasts, so no "…", which makes the header's subtitle look cut */
        return g_strdup_printf (ngettext ("%u entry waiting for the chief",
                                          "%u entries waiting for the chief", waiting),
                                waiting);
      return g_strdup (_("Sending to the chief…"));
    case ADM_TABLE_CLIENT_ALL_SENT:
    case ADM_TABLE_CLIENT_IDLE:
    default:
      /* Said while nothing waits: the table rolls the program's dice whatever the
       * preferences say (admiralty_battle_page_resolve_phase ()). */
      if (adm_table_client_get_program_only (self->client))
        return g_strdup (_("All sent to the chief · the program's dice only, as he handed it "
                           "over"));
      return g_strdup (_("All sent to the chief"));
    }
}

AdmTableClient *
admiralty_battle_page_get_table_client (AdmiraltyBattlePage *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_BATTLE_PAGE (self), NULL);
  return self->client;
}

AdmiraltyBattlePage *
admiralty_battle_page_open_table (AdmTableClient  *client,
                                  GError         **error)
{
  g_autoptr(AdmiraltyBattlePage) self = NULL;
  g_autofree char *folder = NULL, *name = NULL;
  AdmBattle *battle;

  g_return_val_if_fail (ADM_IS_TABLE_CLIENT (client), NULL);

  battle = adm_table_client_get_battle (client);
  if (battle == NULL)
    {
      g_set_error_literal (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_NOT_FOUND,
                           _("No battle of this table is open"));
      return NULL;
    }
  folder = adm_table_client_folder ();
  name = g_strdup_printf ("%s.battle", adm_table_client_get_assignment (client));
  self = g_object_ref_sink (g_object_new (ADMIRALTY_TYPE_BATTLE_PAGE, NULL));
  self->client = g_object_ref (client);
  self->engagement_id = g_strdup (adm_table_client_get_engagement (client));
  /* The session reopens it from here (admiralty-window-session.c). */
  self->source_path = g_build_filename (folder, name, NULL);
  self->resumed = adm_battle_get_journal (battle)->len > 0;
  self->seed = adm_battle_get_seed (battle);
  while (self->seed == 0)
    self->seed = ((guint64) g_random_int () << 32) | g_random_int ();
  g_object_set (self, "battle", battle, NULL);
  g_signal_group_set_target (self->client_signals, client);
  return g_steal_pointer (&self);
}

gboolean
admiralty_battle_page_end_battle (AdmiraltyBattlePage  *self,
                                  const char           *reason,
                                  GError              **error)
{
  g_return_val_if_fail (ADMIRALTY_IS_BATTLE_PAGE (self), FALSE);

  /* At a table: the ending, with the master's reason, is kept and sent to the chief, who
   * applies it in his campaign. */
  if (self->client != NULL)
    {
      if (!adm_table_client_end_battle (self->client, reason != NULL ? reason : "", error))
        return FALSE;
      drop_drafts (self);
      admiralty_battle_page_update_labels (self);
      return TRUE;
    }
  if (self->campaign == NULL)
    {
      g_set_error_literal (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_ILLEGAL,
                           _("Only a battle of a campaign can be ended into it"));
      return FALSE;
    }
  keep_in_campaign (self);
  if (!adm_campaign_end_battle (self->campaign, self->engagement_id, self->battle, reason,
                                adm_clock_now (), error))
    return FALSE;
  drop_drafts (self);
  admiralty_battle_page_update_labels (self);
  return TRUE;
}
