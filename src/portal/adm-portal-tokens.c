/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-portal-tokens.c: the portal's keys (adm-portal-tokens.h). The side file is a GKeyFile:
 * group [tokens], one "ADMIRAL-ID=HEX" line per admiral, [tables] one "Table 2=HEX" line per
 * table of several masters (docs/formats.md). */

#include "config.h"

#include <errno.h>
#include <string.h>
#include <sys/random.h>
#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "adm-portal-tokens.h"

/* One key: its group in the side file, whose it is, and the 32 hex digits. */
typedef struct {
  char *group;
  char *id;
  char *token;
} Key;

struct _AdmPortalTokens
{
  GObject     parent_instance;

  char       *path;     /* NULL: in memory only */
  GPtrArray  *keys;     /* Key*, each group's in the order given: lookups walk them all. A Key
                         * is freed only when its group is set anew without it (the tables'
                         * group; the admirals' never is), so the ids lookups give stay valid */
  char       *address;  /* "http://HOST:PORT" last listened on, for the printed sheets */
  GMutex      lock;     /* lookups come from the portal's server thread: held by them and by
                         * every change of @keys (changes are made on one thread only) */
};

G_DEFINE_FINAL_TYPE (AdmPortalTokens, adm_portal_tokens, G_TYPE_OBJECT)

static void
key_free (gpointer data)
{
  Key *key = data;

  g_free (key->group);
  g_free (key->id);
  g_free (key->token);
  g_free (key);
}

static void
adm_portal_tokens_finalize (GObject *object)
{
  AdmPortalTokens *self = ADM_PORTAL_TOKENS (object);

  g_free (self->path);
  g_ptr_array_unref (self->keys);
  g_free (self->address);
  g_mutex_clear (&self->lock);
  G_OBJECT_CLASS (adm_portal_tokens_parent_class)->finalize (object);
}

static void
adm_portal_tokens_class_init (AdmPortalTokensClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = adm_portal_tokens_finalize;
}

static void
adm_portal_tokens_init (AdmPortalTokens *self)
{
  self->keys = g_ptr_array_new_with_free_func (key_free);
  g_mutex_init (&self->lock);
}

static Key *
find_key (AdmPortalTokens *self,
          const char      *group,
          const char      *id)
{
  for (guint i = 0; id != NULL && i < self->keys->len; i++)
    {
      Key *key = g_ptr_array_index (self->keys, i);

      if (g_str_equal (key->group, group) && g_str_equal (key->id, id))
        return key;
    }
  return NULL;
}

gboolean
adm_portal_equal_secret (const char *a,
                         const char *b,
                         gsize       length)
{
  volatile guint8 diff = 0;

  for (gsize i = 0; i < length; i++)
    diff |= (guint8) a[i] ^ (guint8) b[i];
  return diff == 0;
}

char *
adm_portal_random_secret (void)
{
  guint8 bytes[ADM_PORTAL_TOKEN_BYTES];
  gsize got = 0;
  GString *hex = g_string_sized_new (ADM_PORTAL_TOKEN_CHARS);

  while (got < sizeof bytes)
    {
      ssize_t n = getrandom (bytes + got, sizeof bytes - got, 0);

      if (n < 0 && errno == EINTR)
        continue;
      /* getrandom () only fails on kernels older than 3.17: nothing to serve a portal on. */
      g_assert (n > 0);
      got += (gsize) n;
    }
  for (gsize i = 0; i < sizeof bytes; i++)
    g_string_append_printf (hex, "%02x", bytes[i]);
  memset (bytes, 0, sizeof bytes);
  return g_string_free (hex, FALSE);
}

char *
adm_portal_tokens_path_for (const char *campaign_path)
{
  g_autofree char *dir = NULL, *base = NULL, *name = NULL;

  g_return_val_if_fail (campaign_path != NULL, NULL);

  dir = g_path_get_dirname (campaign_path);
  base = g_path_get_basename (campaign_path);
  name = g_strdup_printf (".%s.portal-tokens", base);
  return g_build_filename (dir, name, NULL);
}

static gboolean
is_token (const char *text)
{
  if (text == NULL || strlen (text) != ADM_PORTAL_TOKEN_CHARS)
    return FALSE;
  for (const char *c = text; *c != '\0'; c++)
    if (!g_ascii_isdigit (*c) && !(*c >= 'a' && *c <= 'f'))
      return FALSE;
  return TRUE;
}

static gboolean
save (AdmPortalTokens  *self,
      GError          **error)
{
  g_autoptr(GKeyFile) file = g_key_file_new ();
  g_autoptr(GError) local_error = NULL;
  g_autofree char *data = NULL;
  gsize length;

  if (self->path == NULL)
    return TRUE;
  g_key_file_set_comment (file, NULL, NULL,
                          " Admiralty: the portal's keys. Anyone with a line of this file reads "
                          "that admiral's page, or sends that table's battles.", NULL);
  for (guint i = 0; i < self->keys->len; i++)
    {
      const Key *key = g_ptr_array_index (self->keys, i);

      g_key_file_set_string (file, key->group, key->id, key->token);
    }
  if (self->address != NULL)
    g_key_file_set_string (file, "portal", "address", self->address);
  data = g_key_file_to_data (file, &length, NULL);
  /* Written whole beside the old file and renamed over it, readable by the master only. */
  if (!g_file_set_contents_full (self->path, data, (gssize) length,
                                 G_FILE_SET_CONTENTS_CONSISTENT, 0600, &local_error) ||
      g_chmod (self->path, 0600) != 0)
    {
      g_autofree char *display = g_filename_display_name (self->path);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _("The admirals’ portal keys could not be saved in %s: %s"), display,
                   local_error != NULL ? local_error->message : g_strerror (errno));
      return FALSE;
    }
  return TRUE;
}

/* The keys of @group in @file, a new one for each of @ids that has none there (or a line
 * edited by hand into something that is no token, which is replaced, not trusted); when
 * @ids is NULL, every key of @group kept as read. TRUE when a key was made. */
static gboolean
read_group (AdmPortalTokens    *self,
            GKeyFile           *file,
            const char         *group,
            const char * const *ids)
{
  g_auto(GStrv) read = ids == NULL ? g_key_file_get_keys (file, group, NULL, NULL) : NULL;
  const char * const *names = ids != NULL ? ids : (const char * const *) read;
  gboolean made = FALSE;

  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    {
      g_autofree char *token = g_key_file_get_string (file, group, names[i], NULL);
      Key *key;

      if (!is_token (token))
        {
          if (ids == NULL)
            continue;
          g_free (token);
          token = adm_portal_random_secret ();
          made = TRUE;
        }
      key = g_new0 (Key, 1);
      key->group = g_strdup (group);
      key->id = g_strdup (names[i]);
      key->token = g_steal_pointer (&token);
      g_ptr_array_add (self->keys, key);
    }
  return made;
}

AdmPortalTokens *
adm_portal_tokens_new (const char          *path,
                       const char * const  *admiral_ids,
                       GError             **error)
{
  g_autoptr(AdmPortalTokens) self = g_object_new (ADM_TYPE_PORTAL_TOKENS, NULL);
  g_autoptr(GKeyFile) file = g_key_file_new ();
  g_autoptr(GError) local_error = NULL;
  g_auto(GStrv) groups = NULL;
  gboolean changed;

  g_return_val_if_fail (admiral_ids != NULL, NULL);

  self->path = g_strdup (path);
  if (path != NULL && !g_key_file_load_from_file (file, path, G_KEY_FILE_NONE, &local_error) &&
      !g_error_matches (local_error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
    {
      g_autofree char *display = g_filename_display_name (path);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _("The admirals’ portal keys in %s could not be read: %s"), display,
                   local_error->message);
      return NULL;
    }
  self->address = g_key_file_get_string (file, "portal", "address", NULL);
  changed = read_group (self, file, ADM_PORTAL_TOKENS_ADMIRALS, admiral_ids);
  /* The other groups (the tables' keys) are kept as they are until they are set. */
  groups = g_key_file_get_groups (file, NULL);
  for (guint i = 0; groups[i] != NULL; i++)
    if (!g_str_equal (groups[i], ADM_PORTAL_TOKENS_ADMIRALS) && !g_str_equal (groups[i], "portal"))
      read_group (self, file, groups[i], NULL);
  if ((changed || (path != NULL && !g_file_test (path, G_FILE_TEST_EXISTS))) &&
      !save (self, error))
    return NULL;
  return g_steal_pointer (&self);
}

const char *
adm_portal_tokens_get_path (AdmPortalTokens *self)
{
  g_return_val_if_fail (ADM_IS_PORTAL_TOKENS (self), NULL);
  return self->path;
}

const char *
adm_portal_tokens_get_key (AdmPortalTokens *self,
                           const char      *group,
                           const char      *id)
{
  const Key *key;

  g_return_val_if_fail (ADM_IS_PORTAL_TOKENS (self), NULL);
  g_return_val_if_fail (group != NULL, NULL);

  key = find_key (self, group, id);
  return key != NULL ? key->token : NULL;
}

const char *
adm_portal_tokens_get (AdmPortalTokens *self,
                       const char      *admiral_id)
{
  return adm_portal_tokens_get_key (self, ADM_PORTAL_TOKENS_ADMIRALS, admiral_id);
}

/* The id of @group's key @token, or NULL; under the lock. Every key of @group is compared in
 * constant time: no early exit on the first differing byte nor on a match. */
static const char *
lookup_locked (AdmPortalTokens *self,
               const char      *group,
               const char      *token,
               gsize            length)
{
  char candidate[ADM_PORTAL_TOKEN_CHARS];
  const char *found = NULL;

  /* A token of the wrong length is compared all the same, padded, so that the time taken
   * says nothing of what was sent; it matches nothing. */
  memset (candidate, 0, sizeof candidate);
  memcpy (candidate, token, MIN (length, sizeof candidate));
  for (guint i = 0; i < self->keys->len; i++)
    {
      const Key *key = g_ptr_array_index (self->keys, i);
      gboolean equal = adm_portal_equal_secret (candidate, key->token, ADM_PORTAL_TOKEN_CHARS);

      found = equal && g_str_equal (key->group, group) ? key->id : found;
    }
  return length == ADM_PORTAL_TOKEN_CHARS ? found : NULL;
}

const char *
adm_portal_tokens_lookup (AdmPortalTokens *self,
                          const char      *token,
                          gsize            length)
{
  const char *found;

  g_return_val_if_fail (ADM_IS_PORTAL_TOKENS (self), NULL);

  g_mutex_lock (&self->lock);
  found = lookup_locked (self, ADM_PORTAL_TOKENS_ADMIRALS, token, length);
  g_mutex_unlock (&self->lock);
  return found;
}

char *
adm_portal_tokens_lookup_key (AdmPortalTokens *self,
                              const char      *group,
                              const char      *token,
                              gsize            length)
{
  char *found;

  g_return_val_if_fail (ADM_IS_PORTAL_TOKENS (self), NULL);
  g_return_val_if_fail (group != NULL, NULL);

  g_mutex_lock (&self->lock);
  found = g_strdup (lookup_locked (self, group, token, length));
  g_mutex_unlock (&self->lock);
  return found;
}

gboolean
adm_portal_tokens_reissue_key (AdmPortalTokens  *self,
                               const char       *group,
                               const char       *id,
                               GError          **error)
{
  Key *key;
  char *old;

  g_return_val_if_fail (ADM_IS_PORTAL_TOKENS (self), FALSE);
  key = find_key (self, group, id);
  g_return_val_if_fail (key != NULL, FALSE);

  g_mutex_lock (&self->lock);
  old = key->token;
  key->token = adm_portal_random_secret ();
  g_mutex_unlock (&self->lock);
  if (!save (self, error))
    {
      g_mutex_lock (&self->lock);
      g_free (key->token);
      key->token = old;
      g_mutex_unlock (&self->lock);
      return FALSE;
    }
  g_free (old);
  return TRUE;
}

gboolean
adm_portal_tokens_reissue (AdmPortalTokens  *self,
                           const char       *admiral_id,
                           GError          **error)
{
  return adm_portal_tokens_reissue_key (self, ADM_PORTAL_TOKENS_ADMIRALS, admiral_id, error);
}

gboolean
adm_portal_tokens_set_keys (AdmPortalTokens     *self,
                            const char          *group,
                            const char * const  *ids,
                            GError             **error)
{
  g_autoptr(GPtrArray) dropped = g_ptr_array_new_with_free_func (key_free);
  g_autoptr(GPtrArray) made = g_ptr_array_new ();
  gboolean changed = FALSE;

  g_return_val_if_fail (ADM_IS_PORTAL_TOKENS (self), FALSE);
  g_return_val_if_fail (group != NULL && !g_str_equal (group, ADM_PORTAL_TOKENS_ADMIRALS) &&
                        !g_str_equal (group, "portal"), FALSE);
  g_return_val_if_fail (ids != NULL, FALSE);

  g_mutex_lock (&self->lock);
  for (guint i = self->keys->len; i > 0; i--)
    {
      Key *key = g_ptr_array_index (self->keys, i - 1);

      if (g_str_equal (key->group, group) && !g_strv_contains (ids, key->id))
        g_ptr_array_add (dropped, g_ptr_array_steal_index (self->keys, i - 1));
    }
  for (guint i = 0; ids[i] != NULL; i++)
    if (find_key (self, group, ids[i]) == NULL)
      {
        Key *key = g_new0 (Key, 1);

        key->group = g_strdup (group);
        key->id = g_strdup (ids[i]);
        key->token = adm_portal_random_secret ();
        g_ptr_array_add (self->keys, key);
        g_ptr_array_add (made, key);
      }
  changed = dropped->len > 0 || made->len > 0;
  g_mutex_unlock (&self->lock);
  if (!changed || save (self, error))
    return TRUE;
  /* Not saved: the keys stay as they were, in memory too. */
  g_mutex_lock (&self->lock);
  for (guint i = 0; i < made->len; i++)
    g_ptr_array_remove (self->keys, g_ptr_array_index (made, i));
  for (guint i = 0; i < dropped->len; i++)
    g_ptr_array_add (self->keys, g_ptr_array_index (dropped, i));
  g_ptr_array_set_free_func (dropped, NULL);
  g_mutex_unlock (&self->lock);
  return FALSE;
}

gboolean
adm_portal_tokens_set_address (AdmPortalTokens  *self,
                               const char       *address,
                               GError          **error)
{
  g_return_val_if_fail (ADM_IS_PORTAL_TOKENS (self), FALSE);

  if (g_strcmp0 (self->address, address) == 0)
    return TRUE;
  g_free (self->address);
  self->address = g_strdup (address);
  return save (self, error);
}
