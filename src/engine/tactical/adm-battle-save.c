/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-battle-save.c: saved battles — the set-up and the journal serialised and saved with
 * their backups, a saved battle (or a bare set-up) opened by replaying its journal, a file
 * cut short repaired to its last complete phase, the newest backup that opens found, and the
 * autosave after every change. */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "adm-battle-private.h"
#include "adm-file.h"
#include "adm-xml.h"

/* Saved battles
 *
 * A saved battle is the set-up — the <battle> element exactly as it was loaded — and the
 * journal. The battle is a pure function of the two, so opening one replays the journal with
 * the dice it recorded and arrives at the very state that was saved; nothing else of the state
 * is written, and nothing can disagree with the journal. */

/* Version 2 journals actions, undo and redo entries (adm-journal.h); version 1 files, bare
 * phase and roll events, still open (each phase an action) and are saved as version 2. */
#define GAME_VERSION "2"
#define GAME_VERSION_EVENTS "1"

G_STATIC_ASSERT (ADM_BATTLE_BACKUPS == ADM_FILE_BACKUPS);

char *
adm_battle_backup_path (const char *path,
                        guint       n)
{
  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (n >= 1 && n <= ADM_BATTLE_BACKUPS, NULL);

  /* The path's own extension, so that a backup opens like the file itself. */
  return adm_file_backup_path (path, NULL, n);
}

/* The saved battle up to its journal: the set-up as it was written. */
static GString *
game_head (AdmBattle *self)
{
  xmlBuffer *buffer;
  GString *out = g_string_sized_new (64 * 1024);

  buffer = xmlBufferCreate ();
  if (buffer == NULL ||
      xmlNodeDump (buffer, self->setup, xmlDocGetRootElement (self->setup), 1, 1) < 0)
    g_error ("Out of memory writing a saved battle");
  g_string_append_printf (out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                          "<battle-game version=\"%s\">\n  %s\n", GAME_VERSION,
                          (const char *) xmlBufferContent (buffer));
  xmlBufferFree (buffer);
  return out;
}

#define GAME_TAIL "</battle-game>\n"

char *
adm_battle_serialize_head (AdmBattle *self,
                           gsize     *length)
{
  GString *out;

  g_return_val_if_fail (ADM_IS_BATTLE (self), NULL);

  out = game_head (self);
  if (length != NULL)
    *length = out->len;
  return g_string_free (out, FALSE);
}

/* Where the season a battle's set-up carries is, in @text: from the first character of its
 * line's indentation (@start) to the end of the white space after it (@end), FALSE when it
 * carries none. The set-up's own closing tag is the first "</battle>": nothing inside a
 * <battle> is named so. */
static gboolean
find_season (const char  *text,
             const char **start,
             const char **end,
             const char **close)
{
  const char *battle = strstr (text, "<battle ");
  const char *season;

  *close = battle != NULL ? strstr (battle, "</battle>") : NULL;
  if (*close == NULL)
    return FALSE;
  season = g_strstr_len (battle, *close - battle, "<season>");
  if (season == NULL)
    return FALSE;
  *end = g_strstr_len (season, *close - season, "</season>");
  if (*end == NULL)
    return FALSE;
  *end += strlen ("</season>");
  while (**end == '\n' || **end == ' ')
    (*end)++;
  *start = season;
  while (*start > battle && (*start)[-1] == ' ')
    (*start)--;
  return TRUE;
}

char *
adm_battle_text_with_season (const char *text,
                             AdmRuleset *ruleset)
{
  g_autofree char *digest = NULL;
  g_autoptr(xmlDoc) doc = NULL;
  const char *battle, *tag_end, *start, *end, *close;
  xmlBuffer *buffer;
  GString *out;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (ADM_IS_RULESET (ruleset), NULL);

  digest = g_strdup_printf ("season=\"%s\"", adm_ruleset_get_season_digest (ruleset));
  battle = strstr (text, "<battle ");
  tag_end = battle != NULL ? strchr (battle, '>') : NULL;
  /* Only a battle set up under this season, and carrying none yet. */
  if (find_season (text, &start, &end, &close) || close == NULL || tag_end == NULL ||
      tag_end > close || g_strstr_len (battle, tag_end - battle, digest) == NULL)
    return g_strdup (text);

  doc = xmlNewDoc ((const xmlChar *) "1.0");
  xmlDocSetRootElement (doc, xmlDocCopyNode (adm_ruleset_get_season (ruleset), doc, 1));
  buffer = xmlBufferCreate ();
  if (buffer == NULL || xmlNodeDump (buffer, doc, xmlDocGetRootElement (doc), 1, 0) < 0)
    g_error ("Out of memory writing a battle's season");
  out = g_string_new_len (text, close - text);
  g_string_append (out, "  ");
  g_string_append (out, (const char *) xmlBufferContent (buffer));
  g_string_append (out, "\n");
  g_string_append (out, close);
  xmlBufferFree (buffer);
  return g_string_free (out, FALSE);
}

char *
adm_battle_text_without_season (const char *text)
{
  const char *start, *end, *close;
  GString *out;

  g_return_val_if_fail (text != NULL, NULL);

  if (!find_season (text, &start, &end, &close))
    return g_strdup (text);
  out = g_string_new_len (text, start - text);
  g_string_append (out, end);
  return g_string_free (out, FALSE);
}

char *
adm_battle_serialize (AdmBattle *self,
                      gsize     *length)
{
  GString *out;

  g_return_val_if_fail (ADM_IS_BATTLE (self), NULL);

  out = game_head (self);
  adm_journal_write (self->log, out);
  g_string_append (out, GAME_TAIL);
  if (length != NULL)
    *length = out->len;
  return g_string_free (out, FALSE);
}

/* adm_battle_save (), with @flags for the journal's save (ADM_JOURNAL_SAVE_FLUSH_LATER). */
static gboolean
battle_save (AdmBattle           *self,
             const char          *path,
             AdmJournalSaveFlags  flags,
             GError             **error)
{
  g_autoptr(GString) head = NULL;
  g_autoptr(GError) local_error = NULL;
  char *copy;

  /* The phases resolved since the last save are added to the file; the first save writes it
   * whole, atomically, with its backups (adm_journal_save ()). */
  head = game_head (self);
  if (!adm_journal_save (self->log, path, NULL, ADM_JOURNAL_SAVE_BACKUPS | flags, head->str,
                         head->len, GAME_TAIL, strlen (GAME_TAIL), &local_error))
    {
      g_autofree char *display = g_filename_display_name (path);

      g_set_error (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_SAVE,
                   _("Cannot save the battle to %s: %s"), display, local_error->message);
      return FALSE;
    }
  copy = g_strdup (path);  /* @path may be self->path itself */
  g_free (self->path);
  self->path = copy;
  self->saved = TRUE;
  return TRUE;
}

gboolean
adm_battle_save (AdmBattle   *self,
                 const char  *path,
                 GError     **error)
{
  g_return_val_if_fail (ADM_IS_BATTLE (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  return battle_save (self, path, 0, error);
}

/* The battle of @doc, a <battle> or a <battle-game>; *@damaged when the failure means a
 * damaged file rather than a wrong one. */
static AdmBattle *
game_from_doc (xmlDoc      *doc,
               const char  *display_name,
               GHashTable  *rulesets,
               gboolean    *is_game,
               gboolean    *damaged,
               GError     **error)
{
  g_autoptr(AdmBattle) self = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *version = NULL;
  xmlNode *root = xmlDocGetRootElement (doc);

  *is_game = adm_xml_is (root, "battle-game");
  *damaged = FALSE;
  if (!*is_game && !adm_xml_is (root, "battle"))
    {
      adm_xml_set_error (error, display_name, root,
                         _("this is a <%s> file, not a battle or a saved battle"),
                         (const char *) root->name);
      return NULL;
    }
  if (!*is_game)
    return _adm_battle_from_node_sharing (root, display_name, rulesets, error);

  version = adm_xml_get_string (root, "version");
  if (g_strcmp0 (version, GAME_VERSION) != 0 && g_strcmp0 (version, GAME_VERSION_EVENTS) != 0)
    {
      adm_xml_set_error (error, display_name, root,
                         _("this saved battle was written in version “%s” of the format, which "
                           "this version of Admiralty cannot read"), version);
      return NULL;
    }
  self = _adm_battle_from_node_sharing (adm_xml_first_element (root, "battle"), display_name,
                                        rulesets, error);
  if (self == NULL)
    return NULL;
  /* Every phase replays through journal_apply (), the check that admitted it. */
  if (!adm_journal_load (self->log, adm_xml_first_element (root, "journal"), display_name,
                         "phase", &local_error))
    {
      *damaged = g_error_matches (local_error, ADM_XML_ERROR, ADM_XML_ERROR_INVALID);
      g_set_error_literal (error, ADM_BATTLE_ERROR,
                           *damaged ? ADM_BATTLE_ERROR_CORRUPT : ADM_BATTLE_ERROR_REPLAY,
                           local_error->message);
      return NULL;
    }
  return g_steal_pointer (&self);
}

/* Sets *@damaged when the failure means a damaged file rather than a wrong one. */
static AdmBattle *
game_from_memory (const char  *data,
                  gsize        length,
                  const char  *display_name,
                  gboolean    *is_game,
                  gboolean    *damaged,
                  GError     **error)
{
  g_autoptr(xmlDoc) doc = adm_xml_read_memory (data, length, display_name, NULL, error);

  *damaged = TRUE;
  if (doc == NULL)
    return NULL;
  return game_from_doc (doc, display_name, NULL, is_game, damaged, error);
}

/* A file that fails to load is damaged rather than merely invalid when it was a saved battle:
 * then the master's game is at stake, and the backups are the way back. */
static gboolean
looks_like_saved_battle (const char *path,
                         const char *data,
                         gsize       length)
{
  g_autofree char *backup = adm_battle_backup_path (path, 1);

  return g_strstr_len (data, MIN (length, 4096), "<battle-game") != NULL ||
         g_file_test (backup, G_FILE_TEST_EXISTS);
}

AdmBattle *
adm_battle_load_game (const char  *path,
                      GError     **error)
{
  g_autofree char *data = NULL;
  g_autofree char *display_name = NULL;
  g_autoptr(GError) local_error = NULL;
  gboolean is_game = FALSE, damaged = FALSE;
  gsize length = 0;
  AdmBattle *self;

  g_return_val_if_fail (path != NULL, NULL);

  data = adm_xml_read_bytes (path, &length, error);
  if (data == NULL)
    return NULL;
  display_name = g_filename_display_basename (path);
  self = game_from_memory (data, length, display_name, &is_game, &damaged, &local_error);
  if (self == NULL && damaged)
    {
      /* A file whose end was cut while a phase was being added to it opens at its last
       * complete phase, and says so (adm_journal_get_recovery_note ()). */
      int line = 0;
      g_autoptr(GBytes) repaired = adm_journal_repair_cut (data, length, display_name,
                                                           "battle-game", &line);
      gboolean repaired_damaged = FALSE;

      if (repaired != NULL)
        self = game_from_memory (g_bytes_get_data (repaired, NULL), g_bytes_get_size (repaired),
                                 display_name, &is_game, &repaired_damaged, NULL);
      if (self != NULL)
        adm_journal_set_repaired (self->log, display_name, line);
    }
  if (self == NULL)
    {
      if (damaged && looks_like_saved_battle (path, data, length))
        g_set_error_literal (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_CORRUPT,
                             local_error->message);
      else
        g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  /* A saved battle goes on where it was opened; a set-up is only a starting point. */
  if (is_game)
    {
      self->path = g_strdup (path);
      self->saved = TRUE;
    }
  return self;
}

AdmBattle *
adm_battle_load_game_memory (const char  *data,
                             gsize        length,
                             const char  *display_name,
                             GError     **error)
{
  gboolean is_game = FALSE, damaged = FALSE;
  AdmBattle *self;

  g_return_val_if_fail (data != NULL, NULL);

  self = game_from_memory (data, length, display_name, &is_game, &damaged, error);
  if (self != NULL && is_game)
    self->saved = TRUE;
  return self;
}

AdmBattle *
adm_battle_load_game_doc (xmlDoc      *doc,
                          const char  *display_name,
                          GError     **error)
{
  g_return_val_if_fail (doc != NULL && xmlDocGetRootElement (doc) != NULL, NULL);

  return _adm_battle_load_game_doc_sharing (doc, display_name, NULL, error);
}

AdmBattle *
_adm_battle_load_game_doc_sharing (xmlDoc      *doc,
                                   const char  *display_name,
                                   GHashTable  *rulesets,
                                   GError     **error)
{
  gboolean is_game = FALSE, damaged = FALSE;
  AdmBattle *self;

  self = game_from_doc (doc, display_name, rulesets, &is_game, &damaged, error);
  if (self != NULL && is_game)
    self->saved = TRUE;
  return self;
}

char *
adm_battle_find_backup (const char *path)
{
  g_autoptr(GPtrArray) checkpoints = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  for (guint n = 1; n <= ADM_BATTLE_BACKUPS; n++)
    {
      g_autofree char *backup = adm_battle_backup_path (path, n);
      g_autoptr(AdmBattle) battle = NULL;

      if (!g_file_test (backup, G_FILE_TEST_IS_REGULAR))
        continue;
      battle = adm_battle_load_game (backup, NULL);
      if (battle != NULL)
        return g_steal_pointer (&backup);
    }
  /* Then the checkpoints kept per turn played, newest first. */
  checkpoints = adm_file_list_checkpoints (path);
  for (guint i = 0; i < checkpoints->len; i++)
    {
      g_autoptr(AdmBattle) battle = adm_battle_load_game (g_ptr_array_index (checkpoints, i),
                                                          NULL);

      if (battle != NULL)
        return g_strdup (g_ptr_array_index (checkpoints, i));
    }
  return NULL;
}

const char *
adm_battle_get_path (AdmBattle *self)
{
  g_return_val_if_fail (ADM_IS_BATTLE (self), NULL);
  return self->path;
}

/* The phase stands whatever its autosave came to: losing the master's move because the disk
 * is full would be worse than a file one phase behind, which the next autosave brings up to
 * date. A failure is kept, and said by "autosave-failed". */
static void
autosave_failed (AdmBattle    *self,
                 const GError *error)
{
  g_clear_error (&self->autosave_error);
  self->autosave_error = g_error_copy (error);
  _adm_battle_emit_autosave_failed (self, error);
}

/* The flush of an autosave or of its checkpoint done (adm_file_when_flushed_for ()). One
 * that failed may have lost what was added in place: the next autosave writes the file whole. */
static void
flushed_cb (GObject      *owner,
            guint64       ticket,
            const char   *path,
            const GError *error)
{
  AdmBattle *self = ADM_BATTLE (owner);
  g_autoptr(GError) failure = NULL;
  g_autofree char *display = NULL;

  self->flushed = MAX (self->flushed, ticket);
  if (error == NULL || ticket <= self->superseded)
    return;
  adm_journal_forget_file (self->log, path);
  display = g_filename_display_name (path);
  failure = g_error_new (ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_SAVE,
                         _("Cannot save the battle to %s: %s"), display, error->message);
  autosave_failed (self, failure);
}

/* Hears from the flusher when the job of @ticket (0: none) is done. */
static void
when_flushed (AdmBattle  *self,
              guint64     ticket,
              const char *path)
{
  if (ticket == 0)
    return;
  self->flush_wanted = MAX (self->flush_wanted, ticket);
  adm_file_when_flushed_for (G_OBJECT (self), ticket, path, flushed_cb);
}

/* After every change: the file no longer holds the battle as it stands until it is saved. */
void
_adm_battle_autosave (AdmBattle *self)
{
  g_autoptr(GError) error = NULL;
  gboolean whole = FALSE;
  guint64 ticket;

  self->saved = FALSE;
  if (self->autosave_path == NULL)
    return;
  g_clear_error (&self->autosave_error);
  if (!battle_save (self, self->autosave_path,
                    self->flush_later ? ADM_JOURNAL_SAVE_FLUSH_LATER : 0, &error))
    {
      autosave_failed (self, error);
      return;
    }
  ticket = adm_journal_get_last_flush (self->log, &whole);
  /* A file written whole holds every phase: what the flushes handed before it come to no
   * longer matters, a failure among them included. */
  if (whole)
    self->superseded = MAX (self->superseded, self->flush_wanted);
  when_flushed (self, ticket, self->autosave_path);
}

void
_adm_battle_autosave_checkpoint (AdmBattle  *self,
                                 const char *label,
                                 char       *data,
                                 gsize       length)
{
  g_autoptr(GError) error = NULL;

  if (self->flush_later)
    {
      when_flushed (self, adm_file_write_checkpoint_later (self->autosave_path, label, data,
                                                           length),
                    self->autosave_path);
      return;
    }
  if (!adm_file_write_checkpoint (self->autosave_path, label, data, length, &error))
    autosave_failed (self, error);
  g_free (data);
}

void
_adm_battle_wait_flushed (AdmBattle *self)
{
  g_autoptr(GError) error = NULL;

  /* What is still with the flusher is on the disk before the program can end. */
  if (self->flush_wanted > self->flushed &&
      !adm_file_wait_flushed (MAX (self->flushed, self->superseded), self->flush_wanted, &error))
    g_warning ("The battle's last autosave may not be on the disk: %s", error->message);
  self->flushed = self->flush_wanted;
}

void
adm_battle_set_flush_later (AdmBattle *self,
                            gboolean   flush_later)
{
  g_return_if_fail (ADM_IS_BATTLE (self));

  self->flush_later = flush_later;
}

void
adm_battle_set_autosave_path (AdmBattle  *self,
                              const char *path)
{
  char *copy;

  g_return_if_fail (ADM_IS_BATTLE (self));

  copy = g_strdup (path);
  g_free (self->autosave_path);
  self->autosave_path = copy;
  g_clear_error (&self->autosave_error);
  /* The file exists from the start, so that a crash before the first phase still finds it. */
  if (path != NULL && !(self->saved && g_strcmp0 (self->path, path) == 0))
    _adm_battle_autosave (self);
}

const char *
adm_battle_get_autosave_path (AdmBattle *self)
{
  g_return_val_if_fail (ADM_IS_BATTLE (self), NULL);
  return self->autosave_path;
}

const GError *
adm_battle_get_autosave_error (AdmBattle *self)
{
  g_return_val_if_fail (ADM_IS_BATTLE (self), NULL);
  return self->autosave_error;
}
