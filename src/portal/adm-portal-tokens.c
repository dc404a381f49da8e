/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-portal-tokens.c: the admirals' portal keys (adm-portal-tokens.h). The side file is a
 * GKeyFile: group [tokens], one "ADMIRAL-ID=HEX" line per admiral (docs/formats.md). */

#include "config.h"

#include <errno.h>
#include <string.h>
#include <sys/random.h>
#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "adm-portal-tokens.h"

#define GROUP "tokens"

struct _AdmPortalTokens
{
  GObject     parent_instance;

  char       *path;     /* NULL: in memory only */
  GHashTable *tokens;   /* admiral id → 32 hex digits */
  GPtrArray  *order;    /* admiral ids, as given: lookups walk them all */
  char       *address;  /* "http://HOST:PORT" last listened on, for the printed sheets */
  GMutex      lock;     /* lookups come from the portal's server thread: held by them and by
                         * every change of @tokens (changes are made on one thread only) */
};

G_DEFINE_FINAL_TYPE (AdmPortalTokens, adm_portal_tokens, G_TYPE_OBJECT)

static void
adm_portal_tokens_finalize (GObject *object)
{
  AdmPortalTokens *self = ADM_PORTAL_TOKENS (object);

  g_free (self->path);
  g_hash_table_unref (self->tokens);
  g_ptr_array_unref (self->order);
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
  self->tokens = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->order = g_ptr_array_new_with_free_func (g_free);
  g_mutex_init (&self->lock);
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
                          " Admiralty: the admirals' portal keys. Anyone with a line of this "
                          "file reads that admiral's page.", NULL);
  for (guint i = 0; i < self->order->len; i++)
    {
      const char *id = g_ptr_array_index (self->order, i);

      g_key_file_set_string (file, GROUP, id, g_hash_table_lookup (self->tokens, id));
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

AdmPortalTokens *
adm_portal_tokens_new (const char          *path,
                       const char * const  *admiral_ids,
                       GError             **error)
{
  g_autoptr(AdmPortalTokens) self = g_object_new (ADM_TYPE_PORTAL_TOKENS, NULL);
  g_autoptr(GKeyFile) file = g_key_file_new ();
  g_autoptr(GError) local_error = NULL;
  gboolean changed = FALSE;

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
  for (guint i = 0; admiral_ids[i] != NULL; i++)
    {
      g_autofree char *token = g_key_file_get_string (file, GROUP, admiral_ids[i], NULL);

      /* A line edited by hand into something that is no token is replaced, not trusted. */
      if (!is_token (token))
        {
          g_free (token);
          token = adm_portal_random_secret ();
          changed = TRUE;
        }
      g_ptr_array_add (self->order, g_strdup (admiral_ids[i]));
      g_hash_table_replace (self->tokens, g_strdup (admiral_ids[i]), g_steal_pointer (&token));
    }
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
adm_portal_tokens_get (AdmPortalTokens *self,
                       const char      *admiral_id)
{
  g_return_val_if_fail (ADM_IS_PORTAL_TOKENS (self), NULL);
  return admiral_id != NULL ? g_hash_table_lookup (self->tokens, admiral_id) : NULL;
}

const char *
adm_portal_tokens_lookup (AdmPortalTokens *self,
                          const char      *token,
                          gsize            length)
{
  char candidate[ADM_PORTAL_TOKEN_CHARS];
  const char *found = NULL;

  g_return_val_if_fail (ADM_IS_PORTAL_TOKENS (self), NULL);

  /* A token of the wrong length is compared all the same, padded, so that the time taken
   * says nothing of what was sent; it matches nothing. */
  memset (candidate, 0, sizeof candidate);
  memcpy (candidate, token, MIN (length, sizeof candidate));
  g_mutex_lock (&self->lock);
  for (guint i = 0; i < self->order->len; i++)
    {
      const char *id = g_ptr_array_index (self->order, i);
      const char *known = g_hash_table_lookup (self->tokens, id);
      gboolean equal = adm_portal_equal_secret (candidate, known, ADM_PORTAL_TOKEN_CHARS);

      found = equal ? id : found;
    }
  g_mutex_unlock (&self->lock);
  return length == ADM_PORTAL_TOKEN_CHARS ? found : NULL;
}

gboolean
adm_portal_tokens_reissue (AdmPortalTokens  *self,
                           const char       *admiral_id,
                           GError          **error)
{
  g_autofree char *old = NULL;

  g_return_val_if_fail (ADM_IS_PORTAL_TOKENS (self), FALSE);
  g_return_val_if_fail (g_hash_table_contains (self->tokens, admiral_id), FALSE);

  old = g_strdup (g_hash_table_lookup (self->tokens, admiral_id));
  g_mutex_lock (&self->lock);
  g_hash_table_replace (self->tokens, g_strdup (admiral_id), adm_portal_random_secret ());
  g_mutex_unlock (&self->lock);
  if (!save (self, error))
    {
      g_mutex_lock (&self->lock);
      g_hash_table_replace (self->tokens, g_strdup (admiral_id), g_steal_pointer (&old));
      g_mutex_unlock (&self->lock);
      return FALSE;
    }
  return TRUE;
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
