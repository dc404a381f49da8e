/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-plain-text.c: rows whose words are plain text. */

#include "config.h"

#include "admiralty-plain-text.h"

gpointer
admiralty_plain_row (gpointer row)
{
  g_return_val_if_fail (ADW_IS_PREFERENCES_ROW (row), row);

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  return row;
}

void
admiralty_plain_group_set_title (AdwPreferencesGroup *group,
                                 const char          *text)
{
  g_autofree char *escaped = text != NULL ? g_markup_escape_text (text, -1) : NULL;

  adw_preferences_group_set_title (group, escaped != NULL ? escaped : "");
}

void
admiralty_plain_group_set_description (AdwPreferencesGroup *group,
                                       const char          *text)
{
  g_autofree char *escaped = text != NULL ? g_markup_escape_text (text, -1) : NULL;

  adw_preferences_group_set_description (group, escaped);
}
