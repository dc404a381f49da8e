/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-campaign-file.c: a campaign's file (adm-campaign-file.h) — reading it, and writing it
 * through the journal (adm_journal_save ()): the first save writes the file whole and
 * atomically (a temporary file, fsync, rename; the file before becomes backup 1), later ones
 * add the new entries at the file's end. */

#include "config.h"

#include <errno.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <libxml/xmlreader.h>

#include "adm-campaign-file.h"
#include "adm-campaign-battles.h"
#include "adm-campaign-journal.h"
#include "adm-campaign-private.h"
#include "adm-file.h"
#include "adm-xml.h"

/* Format 2 journals actions, undo and redo (adm-journal.h); format 1 files, bare events,
 * still open and are written as format 2 when next saved. */
#define FORMAT_VERSION "2"
#define FORMAT_VERSION_EVENTS "1"

/* Opening a campaign steps the program's generator to where it was: bounded, so that any
 * accepted file opens in well under a second (~0.3 s at this many). */
#define MAX_DICE_DRAWS G_GUINT64_CONSTANT (50000000)

G_STATIC_ASSERT (ADM_CAMPAIGN_BACKUPS == ADM_FILE_BACKUPS);

typedef struct {
  guint64          ticket;
  AdmCampaignSaved done;
  gpointer         data;
} SavedWaiter;

/* A milestone reached, kept as a checkpoint by the save that follows it (adm_campaign_save ()),
 * whoever saves: the app's autosave or the CLI's one save after its work. @data is the file
 * as it stood at the milestone: later work may come before that save (the next turns of a
 * battle played at once, the cycles of a campaign with no file yet). */
typedef struct {
  char  *label;
  char  *data;
  gsize  length;
} PendingCheckpoint;

void
_adm_pending_checkpoint_free (gpointer data)
{
  PendingCheckpoint *pending = data;

  g_free (pending->label);
  g_free (pending->data);
  g_free (pending);
}

/* Loading */

static gboolean
parse_u64 (xmlNode     *node,
           const char  *attribute,
           guint64     *out,
           const char  *display_name,
           GError     **error)
{
  g_autofree char *text = adm_xml_get_string (node, attribute);

  if (text == NULL || !g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, out, NULL))
    {
      adm_xml_set_error (error, display_name, node,
                         _("<%s> attribute “%s” must be a whole number"),
                         (const char *) node->name, attribute);
      return FALSE;
    }
  return TRUE;
}

/* The scenario takes *@doc, the document @node is in (adm_scenario_new_from_doc ()), when
 * its ruleset loads: @node stays valid as long as the scenario. */
static AdmScenario *
scenario_from_node (xmlDoc     **doc,
                    xmlNode     *node,
                    const char  *display_name,
                    GError     **error)
{
  /* The season the scenario carries, or (a scenario file, a campaign written before campaigns
   * carried their rules) the installed ruleset it names. */
  g_autoptr(AdmRuleset) ruleset = adm_ruleset_load_carried (node, display_name, error);

  if (ruleset == NULL)
    return NULL;
  return adm_scenario_new_from_doc (g_steal_pointer (doc), node, display_name, ruleset, error);
}

/* <battles>: each <engagement-battle engagement=…> holds a battle's <battle-game>, its set-up
 * only; the battle's journal is in the campaign's, each entry a <battle engagement=…> (read
 * by @reader). Files written before keep the battle whole here, its journal inside
 * <battle-game> (and "turn" and "phase" on <engagement-battle>): its entries are taken into
 * the campaign's journal, after those read, and written there when the file is next saved.
 * Where a battle stands comes from its journal; the battle itself is played, and checked
 * whole, when it is opened (adm-battle.h). */
static gboolean
load_battles (AdmCampaign       *self,
              xmlNode           *battles,
              const char        *display_name,
              AdmJournalReader  *reader,
              GError           **error)
{
  GPtrArray *in_journal = adm_journal_reader_get_battles (reader);

  for (xmlNode *node = battles != NULL ? battles->children : NULL; node != NULL; node = node->next)
    {
      g_autofree char *id = NULL;
      xmlNode *game = NULL, *setup = NULL, *journal = NULL;
      xmlBuffer *buffer;
      AdmJournal *kept;
      gboolean old = FALSE;

      if (node->type != XML_ELEMENT_NODE)
        continue;
      id = adm_xml_get_string (node, "engagement");
      for (xmlNode *child = node->children; child != NULL && game == NULL; child = child->next)
        if (child->type == XML_ELEMENT_NODE)
          game = child;
      if (game != NULL && adm_xml_is (game, "battle-game"))
        {
          setup = adm_xml_first_element (game, "battle");
          journal = adm_xml_first_element (game, "journal");
        }
      if (!adm_xml_is (node, "engagement-battle") || id == NULL || setup == NULL ||
          g_hash_table_contains (self->battles, id))
        {
          adm_xml_set_error (error, display_name, node,
                             _("each battle of the campaign must be an <engagement-battle> with "
                               "an engagement id of its own and a saved <battle-game> inside"));
          return FALSE;
        }
      buffer = xmlBufferCreate ();
      if (buffer == NULL || xmlNodeDump (buffer, setup->doc, setup, 1, 1) < 0)
        g_error ("Out of memory reading a campaign");
      /* As adm_battle_serialize_head () writes it: the battle's file up to its journal. */
      kept = _adm_campaign_add_kept (self, id,
                                     g_strdup_printf ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                                      "<battle-game version=\"2\">\n  %s\n",
                                                      (const char *) xmlBufferContent (buffer)));
      xmlBufferFree (buffer);

      for (xmlNode *child = journal != NULL ? journal->children : NULL; child != NULL && !old;
           child = child->next)
        old = child->type == XML_ELEMENT_NODE;
      if (!old)
        {
          if (!adm_journal_load_battle (kept, reader, id, error))
            return FALSE;
          continue;
        }
      /* Written before: the battle's journal inside it, taken into the campaign's. */
      for (guint i = 0; i < in_journal->len; i++)
        if (g_str_equal (g_ptr_array_index (in_journal, i), id))
          {
            adm_xml_set_error (error, display_name, journal,
                               _("the battle of engagement “%s” has a journal here and entries "
                                 "in the campaign’s journal: it can have only one"), id);
            return FALSE;
          }
      if (!adm_journal_load (kept, journal, display_name, "phase", error))
        return FALSE;
      for (guint i = 0; i < adm_journal_get_n_entries (kept); i++)
        if (!adm_journal_add_battle_entry (self->journal, id, kept, i, error))
          return FALSE;
    }
  for (guint i = 0; i < in_journal->len; i++)
    if (!g_hash_table_contains (self->battles, g_ptr_array_index (in_journal, i)))
      {
        g_set_error (error, ADM_XML_ERROR, ADM_XML_ERROR_INVALID,
                     _("%s: the journal has entries of the battle of engagement “%s”, which the "
                       "campaign does not keep (no <engagement-battle> in <battles>)"),
                     display_name, (const char *) g_ptr_array_index (in_journal, i));
        return FALSE;
      }
  return TRUE;
}

/* The scenario as read is the one the campaign began with: its SHA-256 is the one the journal
 * recorded (adm_campaign_new ()). A file with entries and no origin was written before
 * campaigns were sealed: the next entry it records seals it as it is now. */
static gboolean
check_origin (AdmCampaign       *self,
              AdmJournalReader  *reader,
              const char        *display_name,
              GError           **error)
{
  int line = 0;
  const char *origin = adm_journal_reader_get_origin (reader, &line);

  if (origin == NULL)
    {
      self->unsealed = adm_journal_reader_get_n_entries (reader) > 0;
      return TRUE;
    }
  if (g_str_equal (origin, self->origin))
    return TRUE;
  adm_xml_set_error (error, display_name, adm_scenario_get_node (self->scenario),
                     _("the scenario was changed after the campaign began (its SHA-256 is not "
                       "the one recorded at line %d): record a correction instead"), line);
  return FALSE;
}

/* The seal of the file's end (file_tail ()): the journal as read must end where it ended when
 * the file was last saved — as many entries, the last showing the digest recorded. Every entry
 * changed, moved or added is seen by the chain of digests (adm_journal_seal ()); the last ones
 * taken out leave a chain that still holds, and are seen here. A file without it (written
 * before files recorded it, or cut short and repaired, adm_journal_repair_cut ()) opens as
 * it is; so does one whose journal shows no digest (written before campaigns were sealed). */
static gboolean
check_sealed_end (AdmCampaign  *self,
                  xmlNode      *sealed,
                  const char   *display_name,
                  GError      **error)
{
  g_autofree char *digest = NULL;
  const char *last;
  guint64 entries = 0;

  if (sealed == NULL)
    return TRUE;
  digest = adm_xml_get_string (sealed, "digest");
  last = adm_journal_get_last_digest (self->journal);
  if (digest == NULL || last == NULL)
    return TRUE;
  if (!parse_u64 (sealed, "entries", &entries, display_name, error))
    return FALSE;
  if (entries == adm_journal_get_n_entries (self->journal) && g_str_equal (digest, last))
    return TRUE;
  if (entries > adm_journal_get_n_entries (self->journal))
    adm_xml_set_error (error, display_name, sealed,
                       /* Translators: "the journal holds 41 entries, but the file was saved
                        * with 42: its last entries were taken out by hand after the campaign
                        * began: record a correction instead" */
                       _("the journal holds %u entries, but the file was saved with %u: its "
                         "last entries were taken out by hand after the campaign began: record "
                         "a correction instead"), adm_journal_get_n_entries (self->journal),
                       (guint) MIN (entries, G_MAXUINT));
  else
    adm_xml_set_error (error, display_name, sealed,
                       _("the journal does not end as the file was saved (its last entry "
                         "does not show the digest recorded here): it was changed by hand "
                         "after the campaign began: record a correction instead"));
  return FALSE;
}

/* @reader holds the journal as it was read with the file, and @journal_error what was wrong
 * with it, said once the rest of the file is found right. */
static AdmCampaign *
campaign_from_node (xmlDoc           **doc,
                    xmlNode           *root,
                    const char        *display_name,
                    AdmJournalReader  *reader,
                    GError           **journal_error,
                    GError           **error)
{
  g_autoptr(AdmScenario) scenario = NULL;
  g_autoptr(AdmCampaign) self = NULL;
  g_autofree char *format = adm_xml_get_string (root, "format");
  g_autoptr(GError) local_error = NULL;
  xmlNode *dice;
  guint64 seed, draws;

  if (g_strcmp0 (format, FORMAT_VERSION) != 0 && g_strcmp0 (format, FORMAT_VERSION_EVENTS) != 0)
    {
      adm_xml_set_error (error, display_name, root,
                         _("this campaign was written in format “%s”, which this version of "
                           "Admiralty cannot read"), format != NULL ? format : "");
      return NULL;
    }

  /* From here on the scenario holds the document, @root included. */
  scenario = scenario_from_node (doc, adm_xml_first_element (root, "scenario"), display_name,
                                 error);
  if (scenario == NULL)
    return NULL;

  dice = adm_xml_first_element (root, "dice");
  if (!parse_u64 (dice, "seed", &seed, display_name, error) ||
      !parse_u64 (dice, "draws", &draws, display_name, error))
    return NULL;
  if (draws > MAX_DICE_DRAWS)
    {
      g_autofree char *given = g_strdup_printf ("%" G_GUINT64_FORMAT, draws);
      g_autofree char *limit = g_strdup_printf ("%" G_GUINT64_FORMAT, MAX_DICE_DRAWS);

      adm_xml_set_error (error, display_name, dice,
                         _("<dice> attribute “draws” is %s; it must be at most %s (a campaign "
                           "rolls far fewer dice)"), given, limit);
      return NULL;
    }

  self = adm_campaign_new (scenario, seed);
  adm_dice_prng_restore (self->prng, seed, draws);

  /* Every action replays through the one check that admitted it (journal_apply ()). */
  if (*journal_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (journal_error));
      return NULL;
    }
  if (!check_origin (self, reader, display_name, error))
    return NULL;
  if (!adm_journal_load_reader (self->journal, reader, &local_error))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  if (!check_sealed_end (self, adm_xml_first_element (root, "sealed"), display_name, error))
    return NULL;
  if (!load_battles (self, adm_xml_first_element (root, "battles"), display_name, reader,
                     error))
    return NULL;
  /* The battles were kept as text: their trees go, the document stays with the scenario. */
  {
    xmlNode *battles = adm_xml_first_element (root, "battles");

    if (battles != NULL)
      {
        xmlUnlinkNode (battles);
        xmlFreeNode (battles);
      }
  }
  return g_steal_pointer (&self);
}

/* A file that fails to load is "damaged" rather than merely invalid when it was a campaign:
 * then the master's work is at stake, and the backups are the way back. */
static gboolean
looks_like_campaign (const char *path,
                     const char *data,
                     gsize       length)
{
  g_autofree char *backup = NULL;

  if (data != NULL && g_strstr_len (data, MIN (length, 4096), "<campaign") != NULL)
    return TRUE;
  backup = adm_campaign_backup_path (path, 1);
  return path != NULL && g_file_test (backup, G_FILE_TEST_EXISTS);
}

static AdmCampaign *
load_memory (GBytes      *bytes,
             const char  *display_name,
             gboolean    *is_campaign,
             GError     **error)
{
  gsize length;
  const char *data = g_bytes_get_data (bytes, &length);
  g_autoptr(AdmJournalReader) reader = adm_journal_reader_new (display_name, NULL);
  g_autoptr(GError) journal_error = NULL;
  g_autoptr(xmlDoc) doc = NULL;
  g_autoptr(AdmScenario) scenario = NULL;
  AdmCampaign *self;
  xmlNode *root;

  /* The journal, most of a long campaign's file, is read entry by entry as the file is
   * parsed, and checked by the journal itself rather than by the schema: a tree of it and the
   * schema's walk over that tree were most of the time it took to open one. */
  adm_journal_reader_set_bytes (reader, bytes);
  /* A campaign's journal is sealed (adm_campaign_new ()). */
  adm_journal_reader_set_sealed (reader);
  doc = adm_xml_read_memory_streamed (data, length, display_name, NULL, "journal",
                                      adm_journal_reader_add, reader, &journal_error, error);
  if (doc == NULL)
    return NULL;
  root = xmlDocGetRootElement (doc);

  *is_campaign = adm_xml_is (root, "campaign");
  if (*is_campaign)
    return campaign_from_node (&doc, root, display_name, reader, &journal_error, error);

  if (!adm_xml_is (root, "scenario"))
    {
      adm_xml_set_error (error, display_name, root,
                         _("this is a <%s> file, not a scenario or a campaign"),
                         (const char *) root->name);
      return NULL;
    }

  scenario = scenario_from_node (&doc, root, display_name, error);
  if (scenario == NULL)
    return NULL;
  /* A new campaign's dice are seeded from the clock: every campaign rolls differently. */
  self = adm_campaign_new (scenario, (guint64) g_get_real_time () ^ g_random_int ());
  /* A new campaign takes the installed rules as a matter of course: nothing to say. */
  self->took_installed_rules = FALSE;
  return self;
}

AdmCampaign *
adm_campaign_load_memory (const char  *data,
                          gsize        length,
                          const char  *display_name,
                          GError     **error)
{
  gboolean is_campaign = FALSE;
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (display_name != NULL, NULL);

  bytes = g_bytes_new (data, length);
  return load_memory (bytes, display_name, &is_campaign, error);
}

AdmCampaign *
adm_campaign_open (const char  *path,
                   GError     **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) local_error = NULL;
  gsize length = 0;
  gboolean is_campaign = FALSE;
  AdmCampaign *self;
  AdmFileStamp stamp;
  gboolean stamped;
  const char *data;

  g_return_val_if_fail (path != NULL, NULL);

  /* The file as it is before it is read: a change made by another program after this is
   * never written over (ADM_JOURNAL_SAVE_GUARD). */
  stamped = adm_file_get_stamp (path, &stamp);
  /* The journal keeps what it read of these bytes (adm_journal_reader_set_bytes ()). */
  bytes = adm_xml_read_file_bytes (path, error);
  if (bytes == NULL)
    return NULL;
  data = g_bytes_get_data (bytes, &length);

  self = load_memory (bytes, path, &is_campaign, &local_error);
  if (self == NULL)
    {
      /* A file whose end was cut while an action was being added to it opens at its last
       * complete action, and says so (adm_journal_get_recovery_note ()). */
      int line = 0;
      g_autoptr(GBytes) repaired = adm_journal_repair_cut (data, length, path, "campaign", &line);

      if (repaired != NULL)
        self = load_memory (repaired, path, &is_campaign, NULL);
      if (self != NULL && is_campaign)
        {
          adm_journal_set_repaired (self->journal, path, line);
          self->path = g_strdup (path);
          if (stamped)
            adm_journal_note_file (self->journal, path, &stamp);
          return self;
        }
      g_clear_object (&self);
    }
  if (self == NULL)
    {
      if (looks_like_campaign (path, data, length))
        g_set_error_literal (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_CORRUPT,
                             local_error->message);
      else
        g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }

  /* A campaign goes on saving where it was opened; a scenario is only a starting point. */
  if (is_campaign)
    self->path = g_strdup (path);
  if (is_campaign && stamped)
    adm_journal_note_file (self->journal, path, &stamp);
  return self;
}

AdmCampaign *
adm_campaign_open_for_writing (const char  *path,
                               GError     **error)
{
  g_autoptr(AdmFileLock) lock = NULL;
  g_autoptr(GError) local_error = NULL;
  AdmCampaign *self;

  g_return_val_if_fail (path != NULL, NULL);

  /* Locked before it is read: what is read is what the next save adds to. A lock that cannot
   * be taken for another reason than its holder (no folder for lock files) is not a refusal
   * to open: the first save tries again, and says why it cannot. */
  lock = adm_file_lock (path, &local_error);
  if (g_error_matches (local_error, ADM_FILE_ERROR, ADM_FILE_ERROR_LOCKED))
    {
      g_autofree char *display = g_filename_display_name (path);

      g_propagate_prefixed_error (error, g_steal_pointer (&local_error),
                                  _("Cannot open %s for writing: "), display);
      return NULL;
    }
  self = adm_campaign_open (path, error);
  /* A scenario is not written: it only starts a campaign. */
  if (self != NULL && self->path != NULL)
    self->lock = g_steal_pointer (&lock);
  return self;
}

gboolean
adm_campaign_check_file (AdmCampaign  *self,
                         GError      **error)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);

  return self->path == NULL || adm_journal_check_file (self->journal, self->path, error);
}

char *
adm_campaign_backup_path (const char *path,
                          guint       n)
{
  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (n >= 1 && n <= ADM_CAMPAIGN_BACKUPS, NULL);

  /* "war.admiralty" → "war.backup-1.admiralty": backups stay openable as campaigns. */
  return adm_file_backup_path (path, ".admiralty", n);
}

char *
adm_campaign_find_backup (const char *path)
{
  g_autoptr(GPtrArray) checkpoints = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  for (guint n = 1; n <= ADM_CAMPAIGN_BACKUPS; n++)
    {
      g_autofree char *backup = adm_campaign_backup_path (path, n);
      g_autoptr(AdmCampaign) campaign = NULL;

      if (!g_file_test (backup, G_FILE_TEST_IS_REGULAR))
        continue;
      campaign = adm_campaign_open (backup, NULL);
      if (campaign != NULL)
        return g_steal_pointer (&backup);
    }
  /* Then the checkpoints kept per cycle resolved, newest first. */
  checkpoints = adm_file_list_checkpoints (path);
  for (guint i = 0; i < checkpoints->len; i++)
    {
      g_autoptr(AdmCampaign) campaign = adm_campaign_open (g_ptr_array_index (checkpoints, i),
                                                           NULL);

      if (campaign != NULL)
        return g_strdup (g_ptr_array_index (checkpoints, i));
    }
  return NULL;
}

gboolean
adm_campaign_took_installed_rules (AdmCampaign *self)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);
  return self->took_installed_rules;
}

gboolean
adm_campaign_was_unsealed (AdmCampaign *self)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);
  return self->unsealed;
}

const char *
adm_campaign_get_path (AdmCampaign *self)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), NULL);
  return self->path;
}

/* The file up to the <dice> element: it never changes, so it is serialised once. */
static const char *
header (AdmCampaign *self)
{
  if (self->header == NULL)
    {
      g_autoptr(xmlDoc) doc = xmlNewDoc ((const xmlChar *) "1.0");
      xmlNode *node = xmlDocCopyNode (adm_scenario_get_node (self->scenario), doc, 1);
      xmlBuffer *buffer = xmlBufferCreate ();

      xmlDocSetRootElement (doc, node);
      if (buffer == NULL || xmlNodeDump (buffer, doc, node, 1, 1) < 0)
        g_error ("Out of memory writing a campaign");
      self->header = g_strdup_printf ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                      "<campaign format=\"%s\">\n  %s\n",
                                      FORMAT_VERSION, (const char *) xmlBufferContent (buffer));
      xmlBufferFree (buffer);
    }
  return self->header;
}

/* <battles>: each battle's set-up, written once when it is first kept; its journal's entries
 * are in the campaign's journal. Made again only when a battle is added. */
static const char *
battles_text (AdmCampaign *self)
{
  GString *out;

  if (self->battles_text != NULL)
    return self->battles_text;
  out = g_string_new (NULL);
  if (self->battle_ids->len > 0)
    g_string_append (out, "  <battles>\n");
  for (guint i = 0; i < self->battle_ids->len; i++)
    {
      const char *id = g_ptr_array_index (self->battle_ids, i);
      g_autofree char *escaped = g_markup_escape_text (id, -1);
      const char *body = NULL;
      AdmJournal *journal;

      _adm_campaign_get_kept (self, id, &body, &journal);

      /* The saved battle's own declaration goes: it is an element of this file now. */
      if (g_str_has_prefix (body, "<?xml"))
        {
          const char *end = strstr (body, "?>");

          body = end != NULL ? end + 2 : body;
          while (*body == '\n')
            body++;
        }
      g_string_append_printf (out, "    <engagement-battle engagement=\"%s\">\n", escaped);
      g_string_append (out, body);
      if (out->len > 0 && out->str[out->len - 1] != '\n')
        g_string_append_c (out, '\n');
      g_string_append (out, "</battle-game>\n    </engagement-battle>\n");
    }
  if (self->battle_ids->len > 0)
    g_string_append (out, "  </battles>\n");
  self->battles_text = g_string_free (out, FALSE);
  return self->battles_text;
}

/* The file up to its journal: the scenario, the program's dice and the battles. The dice's
 * "draws" is written at a fixed width (padded with spaces inside the tag), so that a roll
 * changes the head in place and a save after it still only adds to the file
 * (adm_journal_save ()). */
static GString *
file_head (AdmCampaign *self)
{
  g_autofree char *draws = g_strdup_printf ("%" G_GUINT64_FORMAT,
                                            adm_dice_prng_get_draws (self->prng));
  GString *out = g_string_sized_new (strlen (header (self)) + 256);

  g_string_append (out, header (self));
  g_string_append_printf (out, "  <dice seed=\"%" G_GUINT64_FORMAT "\" draws=\"%s\"%*s/>\n",
                          adm_dice_prng_get_seed (self->prng), draws,
                          (int) (20 - MIN (strlen (draws), 20)), "");
  /* The battles' set-ups go before the journal, which ends the file: the file grows at its end
   * only, a battle's phases included. */
  g_string_append (out, battles_text (self));
  return out;
}

/* What closes the file after its journal: "</campaign>", after the seal of its end when its
 * journal is sealed — <sealed entries="N" digest="…"/>, the number of entries the journal
 * holds and the digest its last one shows — so that taking out its last entries by hand is
 * seen as taking out any other is (check_sealed_end ()). Written again with every save, as
 * the tail is (adm_journal_save ()). */
static char *
file_tail (AdmCampaign *self)
{
  const char *digest = adm_journal_get_last_digest (self->journal);

  if (digest == NULL)
    return g_strdup ("</campaign>\n");
  return g_strdup_printf ("  <sealed entries=\"%u\" digest=\"%s\"/>\n</campaign>\n",
                          adm_journal_get_n_entries (self->journal), digest);
}

char *
adm_campaign_serialize (AdmCampaign *self,
                        gsize       *length)
{
  g_autofree char *tail = NULL;
  GString *out;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), NULL);

  out = file_head (self);
  adm_journal_write (self->journal, out);
  tail = file_tail (self);
  g_string_append (out, tail);
  if (length != NULL)
    *length = out->len;
  return g_string_free (out, FALSE);
}

/* "checkpoint-failed": the checkpoint @label of @path could not be written (@error). */
static void
checkpoint_failed (AdmCampaign  *self,
                   const char   *path,
                   const char   *label,
                   const GError *cause)
{
  g_autofree char *file = adm_file_checkpoint_path (path, label);
  g_autofree char *folder = g_path_get_dirname (file);
  g_autofree char *display = g_filename_display_name (folder);
  g_autoptr(GError) error = NULL;

  g_set_error (&error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_SAVE,
               /* Translators: "The campaign is saved, but its checkpoint “cycle-2”
                * could not be kept in /home/m/.war.admiralty.checkpoints: No space
                * left on device" */
               _("The campaign is saved, but its checkpoint “%s” could not be kept "
                 "in %s: %s"), label, display, cause->message);
  g_signal_emit_by_name (self, "checkpoint-failed", error);
}

static void saved_waiters_run (AdmCampaign *self);

typedef struct {
  GWeakRef campaign;
  guint64  ticket;
  char    *path;
  char    *label;
} Checkpointing;

static void
checkpointing_free (gpointer data)
{
  Checkpointing *checkpointing = data;

  g_weak_ref_clear (&checkpointing->campaign);
  g_free (checkpointing->path);
  g_free (checkpointing->label);
  g_free (checkpointing);
}

/* A checkpoint written by the flusher (adm_file_when_flushed ()), or not. */
static void
checkpoint_written_cb (gpointer      data,
                       const GError *error)
{
  Checkpointing *checkpointing = data;
  g_autoptr(AdmCampaign) self = g_weak_ref_get (&checkpointing->campaign);

  if (self == NULL)
    return;
  self->flushed = MAX (self->flushed, checkpointing->ticket);
  if (error != NULL)
    checkpoint_failed (self, checkpointing->path, checkpointing->label, error);
  saved_waiters_run (self);
}

/* The milestones reached since the last save, kept beside @path, which was just saved
 * (adm_file_write_checkpoint ()): ordinary saves never rotate them away. The save itself
 * succeeded; a checkpoint that cannot be written costs only that safety net, and is said by
 * "checkpoint-failed". With @later, each is written by the flusher after the flush of the
 * save (adm_file_write_checkpoint_later ()), and adm_campaign_when_saved () waits for it. */
static void
write_checkpoints (AdmCampaign *self,
                   const char  *path,
                   gboolean     later)
{
  g_autoptr(GPtrArray) pending = g_steal_pointer (&self->pending);

  self->pending = g_ptr_array_new_with_free_func (_adm_pending_checkpoint_free);
  for (guint i = 0; i < pending->len; i++)
    {
      PendingCheckpoint *milestone = g_ptr_array_index (pending, i);
      g_autoptr(GError) local_error = NULL;

      if (later)
        {
          Checkpointing *checkpointing = g_new0 (Checkpointing, 1);

          g_weak_ref_init (&checkpointing->campaign, self);
          checkpointing->path = g_strdup (path);
          checkpointing->label = g_strdup (milestone->label);
          checkpointing->ticket = adm_file_write_checkpoint_later (
            path, milestone->label, g_steal_pointer (&milestone->data), milestone->length);
          self->flush_wanted = checkpointing->ticket;
          adm_file_when_flushed (checkpointing->ticket, g_main_context_get_thread_default (),
                                 checkpoint_written_cb, checkpointing, checkpointing_free);
        }
      else if (!adm_file_write_checkpoint (path, milestone->label, milestone->data,
                                           milestone->length, &local_error))
        checkpoint_failed (self, path, milestone->label, local_error);
    }
}

/* A milestone for the next save to keep as the checkpoint @label: the file as it stands now. */
void
_adm_campaign_add_milestone (AdmCampaign *self,
                             const char  *label)
{
  PendingCheckpoint *milestone = g_new0 (PendingCheckpoint, 1);

  milestone->label = g_strdup (label);
  milestone->data = adm_campaign_serialize (self, &milestone->length);
  g_ptr_array_add (self->pending, milestone);
}

/* The waiters whose saves are on the disk, told so. */
static void
saved_waiters_run (AdmCampaign *self)
{
  while (!g_queue_is_empty (&self->saved_waiters) &&
         ((SavedWaiter *) g_queue_peek_head (&self->saved_waiters))->ticket <= self->flushed)
    {
      SavedWaiter *waiter = g_queue_pop_head (&self->saved_waiters);

      waiter->done (waiter->data, self->flush_error);
      g_free (waiter);
    }
}

/* The flush of a save to the campaign's file done (adm_file_when_flushed_for ()). One that
 * failed may have lost what was added in place: the next save writes the file whole, and until
 * then every waiter is told. */
static void
flushed_cb (GObject      *owner,
            guint64       ticket,
            const char   *path,
            const GError *error)
{
  AdmCampaign *self = ADM_CAMPAIGN (owner);

  self->flushed = MAX (self->flushed, ticket);
  if (error != NULL)
    {
      adm_journal_forget_file (self->journal, path);
      if (self->flush_error == NULL)
        self->flush_error = g_error_new (ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_SAVE,
                                         _("Cannot save the campaign to %s: %s"),
                                         path, error->message);
      if (g_strcmp0 (self->path, path) == 0)
        g_signal_emit_by_name (self, "save-failed", error);
    }
  saved_waiters_run (self);
}

void
adm_campaign_when_saved (AdmCampaign      *self,
                         AdmCampaignSaved  done,
                         gpointer          data)
{
  SavedWaiter *waiter;

  g_return_if_fail (ADM_IS_CAMPAIGN (self));
  g_return_if_fail (done != NULL);

  /* A save that failed left what the campaign holds in memory off the disk (a read-only file,
   * a full disk): asked again, it is saved again — the file written whole — before anyone is
   * told it is kept; failing again, the waiter is told why. */
  if (self->flush_error != NULL && self->path != NULL && self->flush_wanted <= self->flushed)
    _adm_campaign_autosave (self, NULL);
  if (self->flush_wanted <= self->flushed)
    {
      done (data, self->flush_error);
      return;
    }
  waiter = g_new0 (SavedWaiter, 1);
  waiter->ticket = self->flush_wanted;
  waiter->done = done;
  waiter->data = data;
  g_queue_push_tail (&self->saved_waiters, waiter);
}

static gboolean campaign_save (AdmCampaign *self, const char *path,
                               AdmJournalSaveFlags flags, GError **error);

gboolean
adm_campaign_save (AdmCampaign  *self,
                   const char   *path,
                   GError      **error)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  return campaign_save (self, path, self->flush_later ? ADM_JOURNAL_SAVE_FLUSH_LATER : 0, error);
}

void
adm_campaign_set_flush_later (AdmCampaign *self,
                              gboolean     flush_later)
{
  g_return_if_fail (ADM_IS_CAMPAIGN (self));

  self->flush_later = flush_later;
}

/* adm_campaign_save (), with @flags for the journal's save (ADM_JOURNAL_SAVE_FLUSH_LATER). */
static gboolean
campaign_save (AdmCampaign         *self,
               const char          *path,
               AdmJournalSaveFlags  flags,
               GError             **error)
{
  g_autoptr(GString) head = NULL;
  g_autofree char *tail = file_tail (self);
  g_autoptr(GError) local_error = NULL;
  g_autoptr(AdmFileLock) lock = NULL;
  gboolean whole = FALSE;
  guint64 ticket;

  /* After a save or a flush that failed, the file is written whole and on the disk before the
   * save returns: only then is the failure over (adm_campaign_when_saved ()). */
  if (self->flush_error != NULL && g_strcmp0 (self->path, path) == 0)
    flags &= ~ADM_JOURNAL_SAVE_FLUSH_LATER;
  /* One writer per file: the campaign holds the lock of the file it writes from its first
   * save there (or from adm_campaign_open_for_writing ()) for as long as it lives. */
  if (self->lock == NULL || g_strcmp0 (adm_file_lock_get_path (self->lock), path) != 0)
    lock = adm_file_lock (path, &local_error);
  else
    lock = adm_file_lock_ref (self->lock);
  /* What was recorded since the last save is added to the file; the first save writes it
   * whole, atomically, the one before kept as backup 1 (adm_journal_save ()). Never over a
   * change this campaign has not read. */
  if (lock != NULL)
    head = file_head (self);
  if (lock == NULL ||
      !adm_journal_save (self->journal, path, ".admiralty",
                         ADM_JOURNAL_SAVE_BACKUPS | ADM_JOURNAL_SAVE_GUARD | flags, head->str,
                         head->len, tail, strlen (tail), &local_error))
    {
      g_set_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_SAVE,
                   _("Cannot save the campaign to %s: %s"), path, local_error->message);
      if (g_strcmp0 (self->path, path) == 0)
        {
          /* What the campaign holds in memory is not on the disk until a save succeeds: no
           * one waiting for it is told otherwise (adm_campaign_when_saved ()). */
          if (self->flush_error == NULL)
            self->flush_error = g_error_copy (*error);
          g_signal_emit_by_name (self, "save-failed", local_error);
        }
      return FALSE;
    }
  if (self->lock != lock)
    {
      g_clear_pointer (&self->lock, adm_file_lock_unref);
      self->lock = g_steal_pointer (&lock);
    }
  /* Its last flush left to the flusher: waited for by adm_campaign_when_saved (). A file
   * written whole and flushed before the save returned is on the disk whatever an earlier
   * flush came to. */
  ticket = adm_journal_get_last_flush (self->journal, &whole);
  if (ticket > 0)
    {
      self->flush_wanted = ticket;
      adm_file_when_flushed_for (G_OBJECT (self), ticket, path, flushed_cb);
    }
  else if (whole && g_strcmp0 (self->path, path) == 0)
    g_clear_error (&self->flush_error);

  if (g_strcmp0 (self->path, path) != 0)
    {
      g_free (self->path);
      self->path = g_strdup (path);
      g_object_notify (G_OBJECT (self), "path");
    }
  write_checkpoints (self, path, (flags & ADM_JOURNAL_SAVE_FLUSH_LATER) != 0);
  return TRUE;
}

void
_adm_campaign_finish_saves (AdmCampaign *self)
{
  g_autoptr(GError) unflushed = NULL;
  SavedWaiter *waiter;

  /* What is still with the flusher is done before the program can end: the waiters are told
   * what it came to (a checkpoint not written counts against the save, to be safe). The
   * secrets it removes come after the saves that revealed them. */
  if (self->forget_wanted > self->flush_wanted)
    adm_file_wait_flushed (self->forget_wanted, self->forget_wanted, NULL);
  if (self->flush_wanted > self->flushed &&
      !adm_file_wait_flushed (self->flushed, self->flush_wanted, &unflushed) &&
      self->flush_error == NULL)
    self->flush_error = g_error_new (ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_SAVE,
                                     _("Cannot save the campaign to %s: %s"),
                                     self->path != NULL ? self->path : "?", unflushed->message);
  while ((waiter = g_queue_pop_head (&self->saved_waiters)) != NULL)
    {
      waiter->done (waiter->data, self->flush_error);
      g_free (waiter);
    }
}

/* The milestone @label not saved yet, taken back with what reached it. */
void
_adm_campaign_drop_milestone (AdmCampaign *self,
                              const char  *label)
{
  for (guint i = self->pending->len; i > 0; i--)
    if (g_str_equal (((PendingCheckpoint *) g_ptr_array_index (self->pending, i - 1))->label,
                     label))
      {
        g_ptr_array_remove_index (self->pending, i - 1);
        break;
      }
}

/* After every save, the second copy when the master keeps one: its failure does not take
 * the action back (the campaign itself is saved) but is said at once, by "mirror-failed". */
static void
mirror (AdmCampaign *self)
{
  g_autoptr(GString) head = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *base = NULL;
  g_autofree char *copy = NULL;
  g_autofree char *tail = NULL;

  if (self->mirror == NULL || self->path == NULL)
    return;
  tail = file_tail (self);
  /* Like the file itself: added to after the first copy (adm_journal_save ()). */
  head = file_head (self);
  base = g_path_get_basename (self->path);
  copy = g_build_filename (self->mirror, base, NULL);
  if (!g_file_test (self->mirror, G_FILE_TEST_IS_DIR))
    g_set_error_literal (&local_error, G_FILE_ERROR, G_FILE_ERROR_NOENT, g_strerror (ENOENT));
  else if (adm_journal_save (self->journal, copy, NULL, 0, head->str, head->len, tail,
                             strlen (tail), &local_error))
    return;
  g_set_error (&error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_SAVE,
               _("Cannot keep the second copy of the campaign in %s: %s"), self->mirror,
               local_error->message);
  g_signal_emit_by_name (self, "mirror-failed", error);
}

/* Saved to its own file, if it has one; with ADM_JOURNAL_SAVE_FLUSH_LATER in @flags, the
 * last flush left to the flusher (adm_campaign_when_saved ()). */
gboolean
_adm_campaign_autosave_full (AdmCampaign          *self,
                             AdmJournalSaveFlags   flags,
                             GError              **error)
{
  if (self->path == NULL)
    return TRUE;
  if (!campaign_save (self, self->path, flags, error))
    return FALSE;
  mirror (self);
  return TRUE;
}

gboolean
_adm_campaign_autosave (AdmCampaign  *self,
                        GError      **error)
{
  return _adm_campaign_autosave_full (self,
                                      self->flush_later ? ADM_JOURNAL_SAVE_FLUSH_LATER : 0,
                                      error);
}

void
adm_campaign_set_mirror_folder (AdmCampaign *self,
                                const char  *folder)
{
  char *copy;

  g_return_if_fail (ADM_IS_CAMPAIGN (self));

  copy = folder != NULL && *folder != '\0' ? g_strdup (folder) : NULL;
  g_free (self->mirror);
  self->mirror = copy;
  mirror (self);
}

/* Peeking at a file */

/* An action of the journal: its id, whether it resolves a cycle ("cycle" event), and whether
 * it stands (not undone). */
typedef struct {
  guint64  id;
  gboolean cycle;
  gboolean applied;
} PeekedAction;

static PeekedAction *
peeked_action (GArray  *actions,
               guint64  id)
{
  for (guint i = actions->len; i > 0; i--)
    if (g_array_index (actions, PeekedAction, i - 1).id == id)
      return &g_array_index (actions, PeekedAction, i - 1);
  return NULL;
}

static guint64
peek_id (xmlTextReader *reader,
         const char    *attribute)
{
  xmlChar *value = xmlTextReaderGetAttribute (reader, (const xmlChar *) attribute);
  guint64 id = value != NULL ? g_ascii_strtoull ((const char *) value, NULL, 10) : 0;

  xmlFree (value);
  return id;
}

gboolean
adm_campaign_peek_file (const char  *path,
                        gboolean    *is_campaign,
                        char       **name,
                        guint       *cycle,
                        GError     **error)
{
  g_autofree char *display = NULL;
  g_autoptr(GArray) actions = NULL;
  xmlTextReader *reader;
  gboolean campaign = FALSE, found = FALSE;
  guint cycles = 0;
  int status;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  display = g_filename_display_basename (path);
  reader = xmlReaderForFile (path, NULL, XML_PARSE_NONET | XML_PARSE_NOWARNING |
                                         XML_PARSE_NOERROR);
  if (reader == NULL)
    {
      g_set_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_CORRUPT,
                   _("%s cannot be read"), display);
      return FALSE;
    }
  actions = g_array_new (FALSE, FALSE, sizeof (PeekedAction));
  /* Depth 0 the root; 1 the scenario and the journal; 2 the journal's entries (a battle's
   * own entries, inside <battle>, are deeper); 3 an action's events. */
  while ((status = xmlTextReaderRead (reader)) == 1)
    {
      const char *element = (const char *) xmlTextReaderConstLocalName (reader);
      int depth = xmlTextReaderDepth (reader);

      if (xmlTextReaderNodeType (reader) != XML_READER_TYPE_ELEMENT)
        continue;
      if (depth == 0)
        {
          campaign = g_strcmp0 (element, "campaign") == 0;
          if (!campaign && g_strcmp0 (element, "scenario") != 0)
            break;
        }
      if ((depth == 0 && !campaign) || (depth == 1 && campaign && !found &&
                                        g_strcmp0 (element, "scenario") == 0))
        {
          xmlChar *value = xmlTextReaderGetAttribute (reader, (const xmlChar *) "name");

          found = TRUE;
          *name = g_strdup (value != NULL && value[0] != '\0'
                              ? g_dgettext (GETTEXT_PACKAGE, (const char *) value) : display);
          xmlFree (value);
          if (!campaign)
            break;
        }
      if (depth == 2 && g_strcmp0 (element, "action") == 0)
        {
          PeekedAction action = { peek_id (reader, "id"), FALSE, TRUE };

          g_array_append_val (actions, action);
        }
      else if (depth == 2 && (g_strcmp0 (element, "undo") == 0 ||
                              g_strcmp0 (element, "redo") == 0))
        {
          PeekedAction *action = peeked_action (actions, peek_id (reader, "action"));

          if (action != NULL)
            action->applied = g_strcmp0 (element, "redo") == 0;
        }
      else if (depth == 3 && actions->len > 0 && g_strcmp0 (element, "event") == 0)
        {
          xmlChar *kind = xmlTextReaderGetAttribute (reader, (const xmlChar *) "kind");

          g_array_index (actions, PeekedAction, actions->len - 1).cycle |=
            g_strcmp0 ((const char *) kind, "cycle") == 0;
          xmlFree (kind);
        }
    }
  xmlFreeTextReader (reader);
  if (!found || status < 0)
    {
      g_clear_pointer (name, g_free);
      g_set_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_CORRUPT,
                   _("%s is not a scenario or campaign Admiralty can read"), display);
      return FALSE;
    }
  for (guint i = 0; i < actions->len; i++)
    cycles += g_array_index (actions, PeekedAction, i).cycle &&
              g_array_index (actions, PeekedAction, i).applied;
  *is_campaign = campaign;
  *cycle = 1 + cycles;
  return TRUE;
}
