/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-validate.c: `admiralty-cli validate FILE…` — each file is recognised by its root element
 * and loaded fully with the engine, exactly as the application would load it. */

#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <libxml/xmlreader.h>

#include "cli-private.h"
#include "adm-campaign-battles.h"
#include "adm-campaign-file.h"
#include "adm-campaign-journal.h"
#include "adm-scenario-check.h"
#include "adm-scenario-contrast.h"

/* The root element comes early; comments before it never fill this much. */
#define PEEK_SIZE (256 * 1024)

typedef struct {
  char *name;     /* root element, NULL when none was found */
  char *classes;  /* its "classes" attribute (ruleset files) */
  int   line;
} RootInfo;

typedef struct {
  char     *path;
  char     *file;     /* display name */
  char     *kind;     /* "scenario" "campaign" "ruleset" "classes" "battle" "battle-game"
                       * "orders" "order-sheet" "ti4-units" "ti4-combat", NULL when unknown */
  char     *summary;  /* when valid: "scenario “Skirmish”, 6 ships, …" */
  char     *error;    /* when invalid: "FILE:LINE: problem" */
  gboolean  corrupt;  /* ADM_CAMPAIGN_ERROR_CORRUPT, ADM_BATTLE_ERROR_CORRUPT or _REPLAY: a
                       * backup may be offered */
  char     *backup;   /* the newest backup that loads, when corrupt */
  GPtrArray *problems; /* --all: every problem of its scenario (AdmProblem*, nodes NULL), or
                        * NULL when it was not checked so */
  GPtrArray *warnings; /* a valid scenario's or campaign's advice (AdmProblem*, nodes NULL:
                        * adm_scenario_contrast_problems ()), or NULL */
} FileResult;

static void
root_info_clear (RootInfo *info)
{
  g_clear_pointer (&info->name, g_free);
  g_clear_pointer (&info->classes, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (RootInfo, root_info_clear)

static void
file_result_free (FileResult *result)
{
  g_free (result->path);
  g_free (result->file);
  g_free (result->kind);
  g_free (result->summary);
  g_free (result->error);
  g_free (result->backup);
  g_clear_pointer (&result->problems, g_ptr_array_unref);
  g_clear_pointer (&result->warnings, g_ptr_array_unref);
  g_free (result);
}

static char *
reader_attribute (xmlTextReader *reader,
                  const char    *name)
{
  xmlChar *value = xmlTextReaderGetAttribute (reader, (const xmlChar *) name);
  char *copy = g_strdup ((const char *) value);

  xmlFree (value);
  return copy;
}

/* Reads the first element of @path without loading the file, so that a truncated or damaged
 * file still says what it is. Only I/O errors fail; no element found leaves info->name NULL.
 * A DOCTYPE stops the look: the engine refuses such files and says why. */
static gboolean
peek_root (const char  *path,
           const char  *display,
           RootInfo    *info,
           GError     **error)
{
  g_autofree char *buffer = g_malloc (PEEK_SIZE);
  xmlTextReader *reader;
  FILE *file = g_fopen (path, "rb");
  size_t length;
  int saved_errno;

  if (file == NULL)
    {
      saved_errno = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   _("%s: cannot open the file: %s"), display, g_strerror (saved_errno));
      return FALSE;
    }
  length = fread (buffer, 1, PEEK_SIZE, file);
  saved_errno = errno;
  if (ferror (file))
    {
      fclose (file);
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   _("%s: cannot read the file: %s"), display, g_strerror (saved_errno));
      return FALSE;
    }
  fclose (file);

  /* An element of thousands of attributes is read in quadratic time: such a file is left
   * unrecognised here, for the engine to refuse it. */
  if (!adm_xml_check_attributes (buffer, length, display, NULL))
    return TRUE;
  reader = xmlReaderForMemory (buffer, (int) length, NULL, NULL,
                               XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  while (reader != NULL && xmlTextReaderRead (reader) == 1)
    {
      int type = xmlTextReaderNodeType (reader);

      if (type == XML_READER_TYPE_DOCUMENT_TYPE)
        break;
      if (type != XML_READER_TYPE_ELEMENT)
        continue;
      info->name = g_strdup ((const char *) xmlTextReaderConstName (reader));
      info->classes = reader_attribute (reader, "classes");
      /* The element's own line: the parser's may be far ahead of it, at the end of what
       * it has read. */
      info->line = (int) xmlGetLineNo (xmlTextReaderCurrentNode (reader));
      break;
    }
  if (reader != NULL)
    xmlFreeTextReader (reader);
  return TRUE;
}

/* Engine messages name the file they are about; one that does not (a ruleset that cannot be
 * found, say) gets the name of the file being checked in front. */
static char *
name_error (const char *path,
            const char *display,
            const char *message)
{
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *base_display = g_filename_display_name (base);

  if (g_str_has_prefix (message, display) || g_str_has_prefix (message, base_display))
    return g_strdup (message);
  return g_strdup_printf ("%s: %s", display, message);
}

/* The line of the campaign file, read as @text, where the <engagement-battle> of
 * @engagement_id starts; 0 when it is not found. */
static int
engagement_battle_line (const char *text,
                        const char *engagement_id)
{
  g_autofree char *needle = g_strdup_printf ("<engagement-battle engagement=\"%s\"",
                                             engagement_id);
  const char *at = text != NULL ? strstr (text, needle) : NULL;
  int line = 1;

  if (at == NULL)
    return 0;
  for (const char *p = text; p < at; p++)
    line += *p == '\n';
  return line;
}

/* The line of the campaign file that line @line of @saved — the battle of @engagement_id as
 * adm_campaign_get_battle () rebuilt it — was read from: its set-up is the campaign's
 * <engagement-battle> (its lines from the <battle-game> on), each entry of its journal a
 * battle entry of the campaign's journal, written alike from its first line on. 0 when it
 * cannot tell. */
static int
campaign_line (AdmCampaign *campaign,
               const char  *file_text,
               const char  *engagement_id,
               const char  *saved,
               int          line)
{
  AdmJournal *journal = adm_campaign_get_journal (campaign);
  g_auto(GStrv) lines = g_strsplit (saved, "\n", -1);
  g_autoptr(GArray) starts = g_array_new (FALSE, FALSE, sizeof (int));
  guint n_entries = adm_journal_get_n_entries (journal), seen = 0;
  int journal_line = 0, at = 0;

  for (guint i = 0; lines[i] != NULL && journal_line == 0; i++)
    if (g_str_has_prefix (lines[i], "  <journal"))
      journal_line = (int) i + 1;
  if (journal_line == 0 || line <= journal_line)
    {
      int setup = engagement_battle_line (file_text, engagement_id);

      /* Line 1 is the XML declaration, line 2 <battle-game>, the line after the
       * <engagement-battle>. */
      return setup > 0 && line >= 2 ? setup + line - 1 : setup;
    }
  /* The entries start on lines "    <action", "    <undo", "    <redo", up to the one that
   * holds @line. */
  for (guint i = (guint) journal_line; lines[i] != NULL && (int) i + 1 <= line; i++)
    if (g_str_has_prefix (lines[i], "    <action") || g_str_has_prefix (lines[i], "    <undo") ||
        g_str_has_prefix (lines[i], "    <redo"))
      {
        int start = (int) i + 1;

        g_array_append_val (starts, start);
      }
  if (starts->len == 0)
    return 0;
  /* The same entries in the campaign's journal, the engagement's battle entries in order: an
   * action at its own line, an undo or a redo as far after the entry before it as in @saved. */
  for (guint i = 0; i < n_entries && seen < starts->len; i++)
    {
      AdmJournalAction *action;

      if (g_strcmp0 (adm_journal_get_entry_engagement (journal, i), engagement_id) != 0)
        continue;
      action = adm_journal_get_entry_action (journal, i);
      if (adm_journal_get_entry_battle_kind (journal, i) == ADM_JOURNAL_ENTRY_ACTION &&
          action != NULL && adm_journal_action_get_line (action) > 0)
        at = adm_journal_action_get_line (action);
      else if (at > 0 && seen > 0)
        at += g_array_index (starts, int, seen) - g_array_index (starts, int, seen - 1);
      else
        at = 0;
      seen++;
    }
  if (seen < starts->len || at == 0)
    return 0;
  return at + (line - g_array_index (starts, int, starts->len - 1));
}

/* Each battle the campaign keeps is opened, as the application opens it when asked: a
 * campaign whose battle does not open is not valid. The problem is said at the campaign
 * file's line, with the battle named. */
static gboolean
check_kept_battles (const char  *path,
                    AdmCampaign *campaign,
                    FileResult  *result)
{
  GPtrArray *ids = adm_campaign_list_battles (campaign);
  g_autofree char *display = g_filename_display_basename (path);
  g_autofree char *file_text = NULL;

  for (guint i = 0; i < ids->len; i++)
    {
      const char *id = g_ptr_array_index (ids, i);
      const char *saved = adm_campaign_get_battle (campaign, id, NULL, NULL);
      /* As admiralty-cli battle --engagement names it. */
      g_autofree char *name = g_strdup_printf (_("%s, engagement %s"), display, id);
      g_autofree char *prefix = g_strconcat (name, ":", NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(AdmBattle) battle = NULL;
      const char *problem;
      char *end = NULL;
      gint64 line = 0;
      int at;

      if (saved == NULL)
        continue;
      battle = adm_battle_load_game_memory (saved, strlen (saved), name, &error);
      if (battle != NULL)
        continue;
      problem = error->message;
      if (g_str_has_prefix (problem, prefix))
        {
          problem += strlen (prefix);
          line = g_ascii_strtoll (problem, &end, 10);
          if (end != problem && g_str_has_prefix (end, ": "))
            problem = end + 2;
          else
            line = 0;
        }
      if (file_text == NULL)
        g_file_get_contents (path, &file_text, NULL, NULL);
      at = line > 0 && line < G_MAXINT ? campaign_line (campaign, file_text, id, saved,
                                                        (int) line) : 0;
      if (at == 0)
        at = engagement_battle_line (file_text, id);
      /* Translators: "komarr.admiralty:272: the battle of engagement c1-3 kept in this
       * campaign does not open: journal:1: …" */
      result->error = g_strdup_printf (_("%s:%d: the battle of engagement %s kept in this "
                                         "campaign does not open: %s"),
                                       result->file, at, id, problem);
      result->corrupt = TRUE;
      result->backup = adm_campaign_find_backup (path);
      return FALSE;
    }
  return TRUE;
}

/* Advice that keeps nothing from loading or starting, as the scenario editor's Problems page
 * lists it: opposing factions of @scenario whose colours look alike to normal, protanopic or
 * deuteranopic eyes (adm_scenario_contrast_problems ()), at the lines of @path's <scenario>,
 * its own or a campaign's. */
static void
check_contrast (const char  *path,
                AdmScenario *scenario,
                FileResult  *result)
{
  g_autoptr(xmlDoc) doc = adm_xml_parse_file (path, NULL);
  xmlNode *root = doc != NULL ? xmlDocGetRootElement (doc) : NULL;
  xmlNode *node = NULL;

  if (root != NULL && adm_xml_is (root, "scenario"))
    node = root;
  else if (root != NULL && adm_xml_is (root, "campaign"))
    node = adm_xml_first_element (root, "scenario");
  if (node == NULL)
    return;
  result->warnings = adm_scenario_contrast_problems (scenario, node);
  /* The document goes: what is kept of a warning is its line and message. */
  for (guint i = 0; i < result->warnings->len; i++)
    ((AdmProblem *) g_ptr_array_index (result->warnings, i))->node = NULL;
}

static void
check_campaign (const char *path,
                FileResult *result)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = adm_campaign_open (path, &error);
  g_autofree char *ships = NULL, *formations = NULL, *sectors = NULL, *events = NULL;
  AdmScenario *scenario;
  guint n;

  if (campaign == NULL)
    {
      result->error = name_error (path, result->file, error->message);
      result->corrupt = g_error_matches (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_CORRUPT);
      if (result->corrupt)
        result->backup = adm_campaign_find_backup (path);
      return;
    }

  /* A file whose end was cut opens at its last complete action: not valid as it is. */
  if (adm_journal_get_recovery_note (adm_campaign_get_journal (campaign)) != NULL)
    {
      result->error = name_error (path, result->file,
                                  adm_journal_get_recovery_note (adm_campaign_get_journal (campaign)));
      result->corrupt = TRUE;
      result->backup = adm_campaign_find_backup (path);
      return;
    }

  /* Opening a scenario starts a new campaign with no file yet; a campaign keeps its own. */
  if (result->kind == NULL)
    result->kind = g_strdup (adm_campaign_get_path (campaign) != NULL ? "campaign" : "scenario");
  scenario = adm_campaign_get_scenario (campaign);
  n = adm_scenario_get_ships (scenario)->len;
  ships = g_strdup_printf (ngettext ("%u ship", "%u ships", n), n);
  n = adm_scenario_get_formations (scenario)->len;
  formations = g_strdup_printf (ngettext ("%u formation", "%u formations", n), n);
  n = adm_scenario_get_sectors (scenario)->len;
  sectors = g_strdup_printf (ngettext ("%u sector", "%u sectors", n), n);
  check_contrast (path, scenario, result);
  if (g_strcmp0 (result->kind, "campaign") != 0)
    {
      result->summary = g_strdup_printf (_("scenario “%s”, %s, %s, %s"),
                                         adm_scenario_get_name (scenario),
                                         ships, formations, sectors);
      return;
    }
  if (!check_kept_battles (path, campaign, result))
    return;
  n = adm_campaign_get_events (campaign)->len;
  events = g_strdup_printf (ngettext ("%u event", "%u events", n), n);
  result->summary = g_strdup_printf (_("campaign of the scenario “%s”, %s, %s, %s, %s"),
                                     adm_scenario_get_name (scenario),
                                     ships, formations, sectors, events);
}

/* "12 ship classes, 4 factions" */
static char *
ruleset_counts (AdmRuleset *ruleset)
{
  guint n_classes = adm_ruleset_get_classes (ruleset)->len;
  guint n_factions = adm_ruleset_get_factions (ruleset)->len;
  g_autofree char *classes = g_strdup_printf (ngettext ("%u ship class", "%u ship classes",
                                                        n_classes), n_classes);
  g_autofree char *factions = g_strdup_printf (ngettext ("%u faction", "%u factions",
                                                         n_factions), n_factions);

  /* Translators: "12 ship classes, 4 factions" */
  return g_strdup_printf (_("%s, %s"), classes, factions);
}

static void
check_ruleset (const char *path,
               FileResult *result)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmRuleset) ruleset = adm_ruleset_load_file (path, &error);
  g_autofree char *counts = NULL;

  if (ruleset == NULL)
    {
      result->error = name_error (path, result->file, error->message);
      return;
    }
  counts = ruleset_counts (ruleset);
  result->summary = g_strdup_printf (_("ruleset “%s”, %s"), adm_ruleset_get_name (ruleset),
                                     counts);
}

/* Whether the file of ruleset @ruleset_id, @ruleset_path, exists and names @path as its
 * classes file: loading it would check some other file otherwise. */
static gboolean
ruleset_uses_classes (const char  *ruleset_id,
                      const char  *ruleset_path,
                      const char  *path,
                      FileResult  *result,
                      int          line)
{
  g_auto(RootInfo) ruleset_root = { NULL, };
  g_autoptr(GError) error = NULL;
  g_autofree char *ruleset_display = g_filename_display_name (ruleset_path);
  g_autofree char *dir = g_path_get_dirname (ruleset_path);
  g_autofree char *named = NULL, *canonical_named = NULL, *canonical_path = NULL;

  if (!g_file_test (ruleset_path, G_FILE_TEST_IS_REGULAR))
    {
      result->error = g_strdup_printf (_("%s:%d: these classes belong to the ruleset “%s”, "
                                         "whose file %s should be beside them"),
                                       result->file, line, ruleset_id, ruleset_display);
      return FALSE;
    }
  if (!peek_root (ruleset_path, ruleset_display, &ruleset_root, &error))
    {
      result->error = g_strdup (error->message);
      return FALSE;
    }
  /* A ruleset file without a classes attribute is the ruleset loader's to report. */
  if (ruleset_root.classes == NULL)
    return TRUE;

  named = g_build_filename (dir, ruleset_root.classes, NULL);
  canonical_named = g_canonicalize_filename (named, NULL);
  canonical_path = g_canonicalize_filename (path, NULL);
  if (g_strcmp0 (canonical_named, canonical_path) == 0)
    return TRUE;

  result->error = g_strdup_printf (_("%s: the ruleset file %s beside it uses the classes in "
                                     "“%s”, not this file, so Admiralty never loads this file"),
                                   result->file, ruleset_display, ruleset_root.classes);
  return FALSE;
}

/* A classes file is checked by loading its ruleset, found beside it, which loads the
 * classes and checks them against the ruleset's ship types. */
static void
check_classes (const char *path,
               FileResult *result)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(xmlDoc) doc = adm_xml_read_file (path, "classes", &error);
  g_autoptr(AdmRuleset) ruleset = NULL;
  g_autofree char *ruleset_id = NULL, *ruleset_file = NULL, *dir = NULL, *ruleset_path = NULL;
  g_autofree char *counts = NULL;
  xmlNode *root;

  if (doc == NULL)
    {
      result->error = name_error (path, result->file, error->message);
      return;
    }
  /* The schema has checked that the attribute is an id, safe to make a file name of. */
  root = xmlDocGetRootElement (doc);
  ruleset_id = adm_xml_get_string (root, "ruleset");
  ruleset_file = g_strconcat (ruleset_id, ".xml", NULL);
  dir = g_path_get_dirname (path);
  ruleset_path = g_build_filename (dir, ruleset_file, NULL);
  if (!ruleset_uses_classes (ruleset_id, ruleset_path, path, result, (int) xmlGetLineNo (root)))
    return;

  ruleset = adm_ruleset_load_file (ruleset_path, &error);
  if (ruleset == NULL)
    {
      result->error = name_error (path, result->file, error->message);
      return;
    }
  counts = ruleset_counts (ruleset);
  result->summary = g_strdup_printf (_("classes of the ruleset “%s”, %s"),
                                     adm_ruleset_get_name (ruleset), counts);
}

/* A battle file is checked by setting up the battle: its ruleset, classes and rulings. */
static void
check_battle (const char *path,
              FileResult *result)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmBattle) battle = adm_battle_load_file (path, &error);
  g_autofree char *sides = NULL, *formations = NULL, *ships = NULL;
  guint n;

  if (battle == NULL)
    {
      result->error = name_error (path, result->file, error->message);
      return;
    }
  n = adm_battle_get_n_sides (battle);
  sides = g_strdup_printf (ngettext ("%u side", "%u sides", n), n);
  n = adm_battle_get_n_formations (battle);
  formations = g_strdup_printf (ngettext ("%u formation", "%u formations", n), n);
  n = adm_battle_get_n_ships (battle);
  ships = g_strdup_printf (ngettext ("%u ship", "%u ships", n), n);
  result->summary = g_strdup_printf (_("battle “%s”, %s, %s, %s"),
                                     adm_battle_get_name (battle), sides, formations, ships);
}

/* A saved battle is checked by opening it: its set-up, then its journal replayed. */
static void
check_battle_game (const char *path,
                   FileResult *result)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmBattle) battle = adm_battle_load_game (path, &error);
  g_autofree char *played = NULL;
  GPtrArray *journal;
  guint n = 0;

  if (battle == NULL)
    {
      result->error = name_error (path, result->file, error->message);
      result->corrupt = g_error_matches (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_CORRUPT) ||
                        g_error_matches (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_REPLAY);
      if (result->corrupt)
        result->backup = adm_battle_find_backup (path);
      return;
    }
  /* A file whose end was cut opens at its last complete phase: not valid as it is. */
  if (adm_journal_get_recovery_note (adm_battle_get_log (battle)) != NULL)
    {
      result->error = name_error (path, result->file,
                                  adm_journal_get_recovery_note (adm_battle_get_log (battle)));
      result->corrupt = TRUE;
      result->backup = adm_battle_find_backup (path);
      return;
    }
  journal = adm_battle_get_journal (battle);
  for (guint i = 0; i < journal->len; i++)
    if (g_strcmp0 (adm_event_get_kind (g_ptr_array_index (journal, i)), "phase") == 0)
      n++;
  played = g_strdup_printf (ngettext ("%u phase played", "%u phases played", n), n);
  /* Translators: "saved battle “Corridor skirmish”, 10 phases played, next turn 3, Detection" */
  result->summary = g_strdup_printf (_("saved battle “%s”, %s, next turn %d, %s"),
                                     adm_battle_get_name (battle), played,
                                     adm_battle_get_turn (battle),
                                     adm_phase_display_name (
                                       adm_phase_to_string (adm_battle_get_phase (battle))));
}

/* An orders file is checked for its form only: whether its orders are legal depends on the
 * battle as it stands when they are given (admiralty-cli battle plays them). */
static void
check_orders (const char *path,
              FileResult *result)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmBattleOrders) orders = adm_battle_orders_load_file (path, &error);
  guint n;

  if (orders == NULL)
    {
      result->error = name_error (path, result->file, error->message);
      return;
    }
  n = orders->turns->len;
  result->summary = g_strdup_printf (ngettext ("orders for %u turn", "orders for %u turns", n),
                                     n);
}

/* An admiral's order sheet (F-GEN-3) is checked for its form: whether its admiral, formations
 * and routes exist depends on the campaign (admiralty-cli cycle reads it against one). */
static void
check_order_sheet (const char *path,
                   FileResult *result)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(xmlDoc) doc = adm_xml_read_file (path, "order-sheet", &error);
  g_autofree char *admiral = NULL, *cycle = NULL;
  xmlNode *root;
  guint n = 0;

  if (doc == NULL)
    {
      result->error = name_error (path, result->file, error->message);
      return;
    }
  root = xmlDocGetRootElement (doc);
  admiral = adm_xml_get_string (root, "admiral");
  cycle = adm_xml_get_string (root, "cycle");
  for (xmlNode *order = adm_xml_first_element (root, "order"); order != NULL;
       order = adm_xml_next_element (order, "order"))
    n++;
  /* Translators: "order sheet of vorkosigan for cycle 2, 3 orders" */
  result->summary = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                  "order sheet of %s for cycle %s, %u order",
                                                  "order sheet of %s for cycle %s, %u orders",
                                                  n),
                                     admiral, cycle, n);
}

/* An admiral's muster sheet (F-GEN-5, F-GEN-6, F-GEN-7) is checked for its form: whether its ships
 * are his pool's, each in one formation, depends on the campaign (`admiralty-cli muster CAMPAIGN
 * submit` reads it against one). */
static void
check_muster_sheet (const char *path,
                    FileResult *result)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  g_autoptr(AdmMusterDraft) draft = NULL;
  gsize length;

  data = adm_xml_read_bytes (path, &length, &error);
  if (data != NULL)
    draft = adm_muster_draft_load (data, length, result->file, &error);
  if (draft == NULL)
    {
      result->error = g_strdup (error->message);
      return;
    }
  /* Translators: "muster sheet of vorkosigan, 3 formations" */
  result->summary = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                  "muster sheet of %s, %u formation",
                                                  "muster sheet of %s, %u formations",
                                                  draft->formations->len),
                                     draft->admiral, draft->formations->len);
}

/* Twilight Imperium 4 unit cards: loaded as the engine loads them (LRR 39, 48). */
static void
check_ti4_units (const char *path,
                 FileResult *result)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmTi4Catalog) catalog = adm_ti4_catalog_load_file (path, &error);

  if (catalog == NULL)
    {
      result->error = name_error (path, result->file, error->message);
      return;
    }
  result->summary = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                  "Twilight Imperium 4 unit cards, %u unit",
                                                  "Twilight Imperium 4 unit cards, %u units",
                                                  adm_ti4_catalog_get_n_units (catalog)),
                                     adm_ti4_catalog_get_n_units (catalog));
}

/* A saved Twilight Imperium 4 combat: its journal replayed against the unit cards. */
static void
check_ti4_combat (const char *path,
                  FileResult *result)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmTi4Catalog) catalog = adm_ti4_catalog_load (&error);
  g_autoptr(AdmTi4Combat) combat = NULL;

  if (catalog == NULL)
    {
      result->error = name_error (path, result->file, error->message);
      return;
    }
  combat = adm_ti4_combat_load_file (catalog, path, &error);
  if (combat == NULL)
    {
      result->error = name_error (path, result->file, error->message);
      return;
    }
  /* A file whose end was cut opens at its last complete step: not valid as it is. */
  if (adm_journal_get_recovery_note (adm_ti4_combat_get_journal (combat)) != NULL)
    {
      result->error = name_error (path, result->file,
                                  adm_journal_get_recovery_note (adm_ti4_combat_get_journal (combat)));
      return;
    }
  result->summary = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                  "Twilight Imperium 4 combat, round %u, %u step journaled",
                                                  "Twilight Imperium 4 combat, round %u, %u steps journaled",
                                                  adm_ti4_combat_get_events (combat)->len),
                                     adm_ti4_combat_get_round (combat),
                                     adm_ti4_combat_get_events (combat)->len);
}

/* --all: every problem of the scenario of @path — the file's own <scenario> or a campaign's —
 * into result->problems, the first as result->error too; FALSE when the file cannot be read
 * so, or its scenario has no problem, and is to be checked as it is without --all. */
static gboolean
check_scenario_all (const char *path,
                    FileResult *result)
{
  g_autoptr(xmlDoc) doc = adm_xml_parse_file (path, NULL);
  g_autoptr(GPtrArray) problems = NULL;
  xmlNode *root = doc != NULL ? xmlDocGetRootElement (doc) : NULL;
  xmlNode *scenario = NULL;

  if (root != NULL && adm_xml_is (root, "scenario"))
    scenario = root;
  else if (root != NULL && adm_xml_is (root, "campaign"))
    scenario = adm_xml_first_element (root, "scenario");
  if (scenario == NULL)
    return FALSE;
  problems = adm_scenario_check_all (scenario, result->file, NULL);
  if (problems->len == 0)
    {
      result->problems = g_steal_pointer (&problems);
      return FALSE;
    }
  /* The document goes: what is kept of a problem is its line, clause and message. */
  for (guint i = 0; i < problems->len; i++)
    ((AdmProblem *) g_ptr_array_index (problems, i))->node = NULL;
  result->error = adm_problem_to_string (g_ptr_array_index (problems, 0), result->file);
  result->problems = g_steal_pointer (&problems);
  /* A campaign whose scenario does not load does not open: its backups are named, as
   * without --all. */
  if (adm_xml_is (root, "campaign"))
    {
      result->corrupt = TRUE;
      result->backup = adm_campaign_find_backup (path);
    }
  return TRUE;
}

static void
check_file (const char *path,
            gboolean    all,
            FileResult *result)
{
  static const char * const kinds[] = { "scenario", "campaign", "ruleset", "classes", "battle",
                                        "battle-game", "orders", "order-sheet", "muster-sheet",
                                        "ti4-units",
                                        "ti4-combat", NULL };
  g_auto(RootInfo) info = { NULL, };
  g_autoptr(GError) error = NULL;
  g_autoptr(xmlDoc) doc = NULL;

  if (!peek_root (path, result->file, &info, &error))
    {
      result->error = g_strdup (error->message);
      /* A campaign or saved battle that is gone: its newest backup that loads is named, as
       * for a damaged one. */
      if (!g_file_test (path, G_FILE_TEST_EXISTS))
        {
          result->backup = adm_campaign_find_backup (path);
          if (result->backup == NULL)
            result->backup = adm_battle_find_backup (path);
        }
      return;
    }
  /* Nothing readable before the root: for a campaign, the engine tells a damaged file and
   * finds its backup; for anything else, its parser says what is wrong and where. */
  if (info.name == NULL && g_str_has_suffix (path, ".admiralty"))
    {
      check_campaign (path, result);
      return;
    }
  if (info.name == NULL)
    {
      doc = adm_xml_read_file (path, NULL, &error);
      if (doc == NULL)
        {
          result->error = name_error (path, result->file, error->message);
          return;
        }
      info.name = g_strdup ((const char *) xmlDocGetRootElement (doc)->name);
      info.line = (int) xmlGetLineNo (xmlDocGetRootElement (doc));
    }

  if (!g_strv_contains (kinds, info.name))
    {
      result->error = g_strdup_printf (_("%s:%d: <%s> is not an Admiralty file; the root "
                                         "element should be scenario, campaign, ruleset, "
                                         "classes, battle, battle-game, orders, order-sheet, "
                                         "muster-sheet, ti4-units or ti4-combat"),
                                       result->file, info.line, info.name);
      return;
    }
  result->kind = g_strdup (info.name);
  /* A scenario that loads is checked further as it is: a campaign's journal and battles. */
  if (all && (g_str_equal (info.name, "scenario") || g_str_equal (info.name, "campaign")) &&
      check_scenario_all (path, result))
    return;
  if (g_str_equal (info.name, "ruleset"))
    check_ruleset (path, result);
  else if (g_str_equal (info.name, "classes"))
    check_classes (path, result);
  else if (g_str_equal (info.name, "battle"))
    check_battle (path, result);
  else if (g_str_equal (info.name, "battle-game"))
    check_battle_game (path, result);
  else if (g_str_equal (info.name, "orders"))
    check_orders (path, result);
  else if (g_str_equal (info.name, "order-sheet"))
    check_order_sheet (path, result);
  else if (g_str_equal (info.name, "muster-sheet"))
    check_muster_sheet (path, result);
  else if (g_str_equal (info.name, "ti4-units"))
    check_ti4_units (path, result);
  else if (g_str_equal (info.name, "ti4-combat"))
    check_ti4_combat (path, result);
  else
    check_campaign (path, result);
}

/* --all: each problem of the file's scenario on a line of its own, "FILE:LINE: problem". */
static void
print_problems (const FileResult *result)
{
  for (guint i = 0; i < result->problems->len; i++)
    {
      g_autofree char *line = adm_problem_to_string (g_ptr_array_index (result->problems, i),
                                                     result->file);

      g_printerr ("%s\n", line);
    }
}

/* A valid file's advice, on stderr after its "valid" line: "FILE:LINE: warning: …". */
static void
print_warnings (const FileResult *result)
{
  for (guint i = 0; result->warnings != NULL && i < result->warnings->len; i++)
    {
      const AdmProblem *warning = g_ptr_array_index (result->warnings, i);

      if (warning->line > 0)
        /* Translators: advice that does not make a file invalid, "skirmish.admiralty:3:
         * warning: …" */
        g_printerr (_("%s:%d: warning: %s\n"), result->file, warning->line, warning->message);
      else
        g_printerr (_("%s: warning: %s\n"), result->file, warning->message);
    }
}

/* Problems go to stderr, with --json too: the JSON on stdout is for scripts, stderr for the
 * master watching them run. */
static void
print_problem (const FileResult *result)
{
  g_autofree char *first = NULL, *last = NULL;
  g_autofree char *first_display = NULL, *last_display = NULL;

  if (result->problems != NULL && result->problems->len > 0)
    print_problems (result);
  else
    g_printerr ("%s\n", result->error);
  if (!result->corrupt && result->backup != NULL)
    {
      g_autofree char *backup = g_filename_display_name (result->backup);

      g_printerr (_("%s: the newest backup that loads is %s; open it in Admiralty, or copy it "
                    "to %s\n"), result->file, backup, result->file);
      return;
    }
  if (!result->corrupt)
    return;
  if (result->backup != NULL)
    {
      g_autofree char *backup = g_filename_display_name (result->backup);

      g_printerr (_("%s: the newest backup that loads is %s; open it in Admiralty, or copy it "
                    "over the damaged file\n"), result->file, backup);
      return;
    }
  if (g_strcmp0 (result->kind, "battle-game") == 0)
    {
      first = adm_battle_backup_path (result->path, 1);
      last = adm_battle_backup_path (result->path, ADM_BATTLE_BACKUPS);
    }
  else
    {
      first = adm_campaign_backup_path (result->path, 1);
      last = adm_campaign_backup_path (result->path, ADM_CAMPAIGN_BACKUPS);
    }
  first_display = g_filename_display_name (first);
  last_display = g_filename_display_name (last);
  if (g_strcmp0 (result->kind, "battle-game") == 0)
    g_printerr (_("%s: no backup of this saved battle opens (%s to %s)\n"),
                result->file, first_display, last_display);
  else
    g_printerr (_("%s: no backup of this campaign loads (%s to %s)\n"),
                result->file, first_display, last_display);
}

/* "problems": [{"line", "clause", "message"}…]: its scenario's with --all; the one error of
 * a file that could not be checked so (unreadable, or its scenario loading but the campaign
 * not), else none. */
static void
add_problems (JsonBuilder      *builder,
              const FileResult *result)
{
  json_builder_set_member_name (builder, "problems");
  json_builder_begin_array (builder);
  for (guint i = 0; result->problems != NULL && i < result->problems->len; i++)
    {
      const AdmProblem *problem = g_ptr_array_index (result->problems, i);

      json_builder_begin_object (builder);
      if (problem->line > 0)
        _cli_add_int (builder, "line", problem->line);
      else
        {
          json_builder_set_member_name (builder, "line");
          json_builder_add_null_value (builder);
        }
      _cli_add_string_or_null (builder, "clause", problem->clause);
      _cli_add_string_or_null (builder, "message", problem->message);
      json_builder_end_object (builder);
    }
  if ((result->problems == NULL || result->problems->len == 0) && result->error != NULL)
    {
      const char *message = result->error;
      gint64 line = 0;

      /* "FILE:LINE: problem" taken apart as the others are. */
      if (g_str_has_prefix (message, result->file) && message[strlen (result->file)] == ':')
        {
          char *end = NULL;

          message += strlen (result->file) + 1;
          line = g_ascii_strtoll (message, &end, 10);
          if (end == message || line <= 0 || !g_str_has_prefix (end, ": "))
            line = 0;
          message = line > 0 ? end + 2 : message + strspn (message, " ");
        }
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "line");
      if (line > 0)
        json_builder_add_int_value (builder, line);
      else
        json_builder_add_null_value (builder);
      _cli_add_string_or_null (builder, "clause", NULL);
      _cli_add_string_or_null (builder, "message", message);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

/* "warnings": [{"line", "message"}…]: a valid scenario's or campaign's advice. */
static void
add_warnings (JsonBuilder      *builder,
              const FileResult *result)
{
  json_builder_set_member_name (builder, "warnings");
  json_builder_begin_array (builder);
  for (guint i = 0; i < result->warnings->len; i++)
    {
      const AdmProblem *warning = g_ptr_array_index (result->warnings, i);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "line");
      if (warning->line > 0)
        json_builder_add_int_value (builder, warning->line);
      else
        json_builder_add_null_value (builder);
      _cli_add_string_or_null (builder, "message", warning->message);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

static void
print_json (GPtrArray *results,
            gboolean   all)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "files");
  json_builder_begin_array (builder);
  for (guint i = 0; i < results->len; i++)
    {
      const FileResult *result = g_ptr_array_index (results, i);

      json_builder_begin_object (builder);
      _cli_add_string_or_null (builder, "file", result->file);
      json_builder_set_member_name (builder, "valid");
      json_builder_add_boolean_value (builder, result->error == NULL);
      _cli_add_string_or_null (builder, "kind", result->kind);
      _cli_add_string_or_null (builder, "error", result->error);
      if (result->corrupt || result->backup != NULL)
        _cli_add_string_or_null (builder, "backup", result->backup);
      if (all && (g_strcmp0 (result->kind, "scenario") == 0 ||
                  g_strcmp0 (result->kind, "campaign") == 0))
        add_problems (builder, result);
      if (result->warnings != NULL)
        add_warnings (builder, result);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  _cli_print_json (builder);
}

CliExit
_cli_validate_run (int    argc,
                   char **argv)
{
  const char *command = "validate";
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GPtrArray) results = g_ptr_array_new_with_free_func ((GDestroyNotify) file_result_free);
  g_auto(GStrv) files = NULL;
  gboolean json = FALSE, all = FALSE, all_valid = TRUE;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Print {\"files\": [{\"file\", \"valid\", \"kind\", \"error\"}…]} as JSON"), NULL },
    { "all", 0, 0, G_OPTION_ARG_NONE, &all,
      N_("Print every problem of a scenario, or of a campaign’s scenario, not only the first "
         "(with --json: \"problems\": [{\"line\", \"clause\", \"message\"}…])"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, NULL },
    { NULL }
  };

  context = _cli_context_new (command, _("FILE…"),
                              _("Loads each scenario, campaign, ruleset, classes, battle, saved "
                                "battle or orders file as Admiralty would and says whether it is valid; "
                                "problems are printed as FILE:LINE: problem. A classes file is "
                                "checked with the ruleset beside it; an orders file for its "
                                "form, as “admiralty-cli battle” checks its orders against "
                                "the battle."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!_cli_parse (context, command, &argc, &argv))
    return CLI_EXIT_USAGE;
  if (files == NULL || files[0] == NULL)
    return _cli_usage_error (command, _("no file given"));

  for (guint i = 0; files[i] != NULL; i++)
    {
      FileResult *result = g_new0 (FileResult, 1);

      result->path = g_strdup (files[i]);
      result->file = g_filename_display_name (files[i]);
      check_file (files[i], all, result);
      all_valid = all_valid && result->error == NULL;
      if (result->error != NULL)
        print_problem (result);
      else if (!json)
        g_print (_("%s: valid (%s)\n"), result->file, result->summary);
      /* Advice leaves the file valid and the exit status as it was. */
      print_warnings (result);
      g_ptr_array_add (results, result);
    }
  if (json)
    print_json (results, all);
  return all_valid ? CLI_EXIT_OK : CLI_EXIT_INVALID;
}
