/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-journal.c: `admiralty-cli journal FILE [--json]` lists the journal of a campaign, a
 * saved battle or a saved TI4 combat — every action in order, undone ones included, and every
 * undo and redo (adm-journal.h); `admiralty-cli undo FILE` and `redo FILE` take back or bring
 * back the last action and save the file. */

#include "config.h"

#include <stdio.h>
#include <glib/gi18n.h>

#include "cli-private.h"
#include "adm-campaign-file.h"
#include "adm-campaign-journal.h"

/* One of the three files that hold a journal, opened. */
typedef struct {
  AdmCampaign  *campaign;
  AdmBattle    *battle;
  AdmTi4Combat *combat;
} Journaled;

static void
journaled_clear (Journaled *file)
{
  g_clear_object (&file->campaign);
  g_clear_object (&file->battle);
  g_clear_object (&file->combat);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Journaled, journaled_clear)

static gboolean
journaled_open (Journaled   *file,
                const char  *path,
                GError     **error)
{
  g_autofree char *root = adm_xml_peek_root (path);

  if (g_strcmp0 (root, "campaign") == 0)
    file->campaign = adm_campaign_open (path, error);
  else if (g_strcmp0 (root, "battle-game") == 0)
    file->battle = adm_battle_load_game (path, error);
  else if (g_strcmp0 (root, "ti4-combat") == 0)
    {
      g_autoptr(AdmTi4Catalog) catalog = adm_ti4_catalog_load (error);

      if (catalog != NULL)
        file->combat = adm_ti4_combat_load_file (catalog, path, error);
    }
  else
    {
      g_autofree char *data = NULL;
      gsize length = 0;

      /* Reading it names a missing or unreadable file as such. */
      data = adm_xml_read_bytes (path, &length, error);
      if (data != NULL)
        g_set_error (error, ADM_XML_ERROR, ADM_XML_ERROR_INVALID,
                     _("%s: this is not a campaign, a saved battle or a saved Twilight "
                       "Imperium combat, the files that keep a journal"), path);
      return FALSE;
    }
  if (file->campaign == NULL && file->battle == NULL && file->combat == NULL)
    return FALSE;
  /* A file whose end was cut opens at its last complete action: said, never silently. */
  {
    AdmJournal *journal = file->campaign != NULL ? adm_campaign_get_journal (file->campaign)
                        : file->battle != NULL ? adm_battle_get_log (file->battle)
                        : adm_ti4_combat_get_journal (file->combat);

    if (adm_journal_get_recovery_note (journal) != NULL)
      g_printerr ("%s\n", adm_journal_get_recovery_note (journal));
  }
  return TRUE;
}

static AdmJournal *
journaled_journal (Journaled *file)
{
  if (file->campaign != NULL)
    return adm_campaign_get_journal (file->campaign);
  if (file->battle != NULL)
    return adm_battle_get_log (file->battle);
  return adm_ti4_combat_get_journal (file->combat);
}

/* Undo or redo, then save where the file is (a campaign opened from its file saves itself). */
static gboolean
journaled_undo_redo (Journaled   *file,
                     const char  *path,
                     gboolean     redo,
                     GError     **error)
{
  if (file->campaign != NULL)
    return redo ? adm_campaign_redo (file->campaign, error)
                : adm_campaign_undo (file->campaign, error);
  if (file->battle != NULL)
    {
      if (!(redo ? adm_battle_redo (file->battle, error) : adm_battle_undo (file->battle, error)))
        return FALSE;
      return adm_battle_save (file->battle, path, error);
    }
  if (!(redo ? adm_ti4_combat_redo (file->combat) : adm_ti4_combat_undo (file->combat)))
    {
      g_set_error_literal (error, ADM_JOURNAL_ERROR,
                           redo ? ADM_JOURNAL_ERROR_NOTHING_TO_REDO
                                : ADM_JOURNAL_ERROR_NOTHING_TO_UNDO,
                           redo ? _("There is nothing to redo") : _("There is nothing to undo"));
      return FALSE;
    }
  return adm_ti4_combat_save (file->combat, path, error);
}

/* @event's attributes as the member @name, {"formation": "autumn-screen", …}. */
static void
add_attributes_json (JsonBuilder *builder,
                     const char  *name,
                     AdmEvent    *event)
{
  json_builder_set_member_name (builder, name);
  json_builder_begin_object (builder);
  for (guint i = 0; i < adm_event_get_n_attributes (event); i++)
    _cli_add_string (builder, adm_event_get_key_nth (event, i),
                     adm_event_get_value_nth (event, i));
  json_builder_end_object (builder);
}

static void
add_event_json (JsonBuilder *builder,
                AdmEvent    *event)
{
  g_autofree char *time = adm_journal_format_time (adm_event_get_time (event));

  json_builder_begin_object (builder);
  _cli_add_string (builder, "kind", adm_event_get_kind (event));
  _cli_add_string (builder, "time", time);
  add_attributes_json (builder, "attributes", event);
  if (adm_event_get_text (event) != NULL)
    _cli_add_string (builder, "text", adm_event_get_text (event));
  json_builder_end_object (builder);
}

static void
print_json (AdmJournal *journal,
            const char *path)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  _cli_add_string (builder, "file", path);
  json_builder_set_member_name (builder, "entries");
  json_builder_begin_array (builder);
  for (guint i = 0; i < adm_journal_get_n_entries (journal); i++)
    {
      AdmJournalEntryKind kind = adm_journal_get_entry_kind (journal, i);
      AdmJournalAction *action = adm_journal_get_entry_action (journal, i);
      g_autofree char *time = adm_journal_format_time (adm_journal_get_entry_time (journal, i));
      g_autofree char *description = adm_journal_describe (journal, action);

      json_builder_begin_object (builder);
      _cli_add_int (builder, "entry", i + 1);
      _cli_add_string (builder, "kind", adm_journal_entry_kind_to_string (kind));
      /* A battle's entry kept in a campaign: its engagement, then the battle's entry (the
       * numbers are the battle's own). */
      if (kind == ADM_JOURNAL_ENTRY_BATTLE)
        {
          kind = adm_journal_get_entry_battle_kind (journal, i);
          _cli_add_string (builder, "engagement", adm_journal_get_entry_engagement (journal, i));
          _cli_add_string (builder, "battle-kind", adm_journal_entry_kind_to_string (kind));
        }
      _cli_add_string (builder, "time", time);
      _cli_add_int (builder, "action", adm_journal_action_get_id (action));
      _cli_add_string (builder, "description", description);
      if (kind == ADM_JOURNAL_ENTRY_ACTION)
        {
          GPtrArray *events = adm_journal_action_get_events (action);

          _cli_add_string (builder, "what", adm_journal_action_get_what (action));
          add_attributes_json (builder, "parameters", adm_journal_action_get_head (action));
          json_builder_set_member_name (builder, "done");
          json_builder_add_boolean_value (builder, adm_journal_action_is_done (action));
          json_builder_set_member_name (builder, "events");
          json_builder_begin_array (builder);
          for (guint e = 0; e < events->len; e++)
            add_event_json (builder, g_ptr_array_index (events, e));
          json_builder_end_array (builder);
        }
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  _cli_print_json (builder);
}

static void
print_text (AdmJournal *journal)
{
  guint n = adm_journal_get_n_entries (journal);

  if (n == 0)
    {
      g_print ("%s\n", _("The journal is empty: nothing has been done yet."));
      return;
    }
  for (guint i = 0; i < n; i++)
    {
      AdmJournalEntryKind kind = adm_journal_get_entry_kind (journal, i);
      AdmJournalAction *action = adm_journal_get_entry_action (journal, i);
      g_autofree char *time = adm_journal_format_time (adm_journal_get_entry_time (journal, i));
      g_autofree char *description = adm_journal_describe (journal, action);
      guint id = adm_journal_action_get_id (action);

      /* A battle's entry kept in a campaign: its engagement first, then the battle's entry as
       * the battle's own journal lists it; campaign undo and redo pass it by. */
      if (kind == ADM_JOURNAL_ENTRY_BATTLE)
        {
          /* Translators: a journal line's start: "2026-11-22T18:40:00Z  battle of engagement
           * c1-3:", then the battle's entry ("  action 4: Resolve Fire, Turn 3 (7 events)") */
          char *start = g_strdup_printf (_("%s  battle of engagement %s:"), time,
                                         adm_journal_get_entry_engagement (journal, i));

          kind = adm_journal_get_entry_battle_kind (journal, i);
          g_free (time);
          time = start;
        }
      if (kind == ADM_JOURNAL_ENTRY_UNDO)
        /* Translators: a journal line: "2026-11-22T18:41:00Z  undo of action 4: Resolve
         * Fire, Turn 3" */
        g_print (_("%s  undo of action %u: %s\n"), time, id, description);
      else if (kind == ADM_JOURNAL_ENTRY_REDO)
        g_print (_("%s  redo of action %u: %s\n"), time, id, description);
      else
        {
          GPtrArray *events = adm_journal_action_get_events (action);
          g_autofree char *count =
            g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u event", "%u events", events->len),
                             events->len);

          /* Translators: "2026-11-22T18:40:00Z  action 4: Resolve Fire, Turn 3 (7 events)",
           * then ", undone" when it is not in effect. */
          g_print (_("%s  action %u: %s (%s)%s\n"), time, id, description, count,
                   adm_journal_action_is_done (action) ? "" : _(", undone"));
        }
    }
}

static CliExit
journal_run (int    argc,
             char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_auto(Journaled) file = { NULL };
  g_autoptr(GError) error = NULL;
  gboolean json = FALSE;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print the journal as JSON"), NULL },
    { NULL }
  };

  context = _cli_context_new ("journal", _("FILE"),
                              _("Lists the journal of a campaign, a saved battle or a saved "
                                "Twilight Imperium combat: every action in order, with its "
                                "time and events, undone ones included, and every undo and "
                                "redo."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!_cli_parse (context, "journal", &argc, &argv))
    return CLI_EXIT_USAGE;
  if (argc != 2)
    return _cli_usage_error ("journal", _("give one file"));
  if (!journaled_open (&file, argv[1], &error))
    return _cli_invalid (json, "%s", error->message);
  if (json)
    print_json (journaled_journal (&file), argv[1]);
  else
    print_text (journaled_journal (&file));
  return CLI_EXIT_OK;
}

static CliExit
undo_redo_run (int       argc,
               char    **argv,
               gboolean  redo)
{
  const char *command = redo ? "redo" : "undo";
  g_autoptr(AdmFileLock) lock = NULL;
  g_autoptr(GOptionContext) context = NULL;
  g_auto(Journaled) file = { NULL };
  g_autoptr(GError) error = NULL;
  g_autofree char *description = NULL;
  AdmJournal *journal;
  AdmJournalAction *action;

  context = _cli_context_new (command, _("FILE"),
                              redo ? _("Brings back the action last undone in a campaign, a "
                                       "saved battle or a saved Twilight Imperium combat, and "
                                       "saves the file. The redo is journaled.")
                                   : _("Takes back the last action in effect in a campaign, a "
                                       "saved battle or a saved Twilight Imperium combat, and "
                                       "saves the file. Nothing is removed: the undo is "
                                       "journaled, and redo brings the action back."));
  if (!_cli_parse (context, command, &argc, &argv))
    return CLI_EXIT_USAGE;
  if (argc != 2)
    return _cli_usage_error (command, _("give one file"));
  /* One writer at a time: the file is locked before it is read (adm_file_lock ()). */
  lock = adm_file_lock (argv[1], &error);
  if (lock == NULL)
    {
      g_autofree char *display = g_filename_display_name (argv[1]);

      return _cli_invalid (FALSE, _("Cannot write %s: %s"), display, error->message);
    }
  if (!journaled_open (&file, argv[1], &error))
    return _cli_invalid (FALSE, "%s", error->message);

  journal = journaled_journal (&file);
  action = redo ? adm_journal_get_redo_action (journal) : adm_journal_get_undo_action (journal);
  if (action != NULL)
    description = adm_journal_describe (journal, action);
  if (!journaled_undo_redo (&file, argv[1], redo, &error))
    return _cli_invalid (FALSE, "%s", error->message);
  /* Translators: "Undid action 4: Resolve Fire, Turn 3" */
  g_print (redo ? _("Redid action %u: %s\n") : _("Undid action %u: %s\n"),
           adm_journal_action_get_id (action), description);
  return CLI_EXIT_OK;
}

CliExit
_cli_journal_run (int    argc,
                  char **argv)
{
  if (g_strcmp0 (argv[0], "undo") == 0)
    return undo_redo_run (argc, argv, FALSE);
  if (g_strcmp0 (argv[0], "redo") == 0)
    return undo_redo_run (argc, argv, TRUE);
  return journal_run (argc, argv);
}
