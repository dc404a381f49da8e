/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-plain-text.h: libadwaita 1.2 reads the words of its rows as Pango markup, so a
 * formation, admiral or file named with "&" or "<" would show nothing (and GTK would warn).
 * Rows, and groups' titles and descriptions, that show words from a scenario, a campaign, the
 * master's typing or an error go through these. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* Makes @row (an AdwPreferencesRow: an action, combo, entry or expander row) show its title
 * and subtitle as written; returns @row, so that it can wrap the row's constructor. */
gpointer admiralty_plain_row                   (gpointer             row);
/* A list item factory for a drop-down's open list of strings (GtkStringObject): each choice
 * in full, wrapped at about 40 characters rather than ended in "…". */
GtkListItemFactory *admiralty_wrapping_list_factory (void);
/* Gives @widget (a GtkDropDown or an AdwComboRow) that factory for its open list, and an
 * AdwComboRow for its chosen item too (a GtkDropDown's closed button keeps its own, which
 * does not cut). Returns @widget. */
gpointer admiralty_wrapping_choices            (gpointer             widget);
/* A preferences group's title and description (always markup in libadwaita 1.2), as written. */
void     admiralty_plain_group_set_title       (AdwPreferencesGroup *group,
                                                const char          *text);
void     admiralty_plain_group_set_description (AdwPreferencesGroup *group,
                                                const char          *text);

G_END_DECLS
