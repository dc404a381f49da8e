/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-id.c: ids made from names. */

#include "config.h"

#include "adm-id.h"

/* Russian letters in Latin ones, as the passports of the Russian Federation write them: а…я
 * from U+0430, then ё. GLib's g_str_to_ascii () knows no Cyrillic. */
static const char *const cyrillic[] = {
  "a", "b", "v", "g", "d", "e", "zh", "z", "i", "i", "k", "l", "m", "n", "o", "p",
  "r", "s", "t", "u", "f", "kh", "ts", "ch", "sh", "shch", "ie", "y", "", "e", "iu", "ia",
};

/* @name with its Russian letters in Latin ones, lower case. */
static char *
latin (const char *name)
{
  GString *text = g_string_new (NULL);

  for (const char *p = name; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_unichar_tolower (g_utf8_get_char (p));

      if (c >= 0x0430 && c <= 0x044f)
        g_string_append (text, cyrillic[c - 0x0430]);
      else if (c == 0x0451)
        g_string_append_c (text, 'e');
      else
        g_string_append_unichar (text, c);
    }
  return g_string_free (text, FALSE);
}

char *
adm_id_from_name (const char *name)
{
  g_autofree char *valid = NULL;
  g_autofree char *roman = NULL;
  g_autofree char *ascii = NULL;
  GString *id = g_string_new (NULL);

  g_return_val_if_fail (name != NULL, g_string_free (id, FALSE));

  valid = g_utf8_make_valid (name, -1);
  roman = latin (valid);
  ascii = g_str_to_ascii (roman, "C");
  for (const char *p = ascii; *p != '\0'; p++)
    {
      char c = g_ascii_tolower (*p);

      if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
        g_string_append_c (id, c);
      else if ((g_ascii_isspace (c) || c == '-') && id->len > 0 && id->str[id->len - 1] != '-')
        g_string_append_c (id, '-');
    }
  while (id->len > 0 && id->str[id->len - 1] == '-')
    g_string_truncate (id, id->len - 1);
  return g_string_free (id, FALSE);
}
