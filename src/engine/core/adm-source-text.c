/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-source-text.c: which English each displayed data text came from. See adm-source-text.h. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "adm-source-text.h"

/* translation → its English (both owned), for the texts whose translation differs. Texts are
 * only added: a data file's names, a few thousand at most in a session. */
static GMutex lock;
static GHashTable *english_of;

const char *
adm_source_text_translate (const char *english)
{
  const char *display;

  g_return_val_if_fail (english != NULL, NULL);

  /* An empty string would fetch the catalogue's header. */
  if (english[0] == '\0')
    return english;
  display = g_dgettext (GETTEXT_PACKAGE, english);
  if (display == english || g_str_equal (display, english))
    return english;
  g_mutex_lock (&lock);
  if (english_of == NULL)
    english_of = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  if (!g_hash_table_contains (english_of, display))
    g_hash_table_insert (english_of, g_strdup (display), g_strdup (english));
  g_mutex_unlock (&lock);
  return display;
}

const char *
adm_source_text_english (const char *display)
{
  const char *english = NULL;

  g_return_val_if_fail (display != NULL, NULL);

  g_mutex_lock (&lock);
  if (english_of != NULL)
    english = g_hash_table_lookup (english_of, display);
  g_mutex_unlock (&lock);
  return english != NULL ? english : display;
}
