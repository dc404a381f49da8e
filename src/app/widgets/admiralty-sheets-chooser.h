/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-sheets-chooser.h: the chooser that imports sheets kept as XML files, one or
 * several at once — the muster page's muster sheets and the campaign's Orders tab's order
 * sheets. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* A modal chooser over @widget's window titled @title, choosing several XML files shown as
 * @filter_name, opening in @folder (NULL: the chooser's own choice); not yet shown. */
GtkFileChooserNative *admiralty_sheets_chooser_new (GtkWidget  *widget,
                                                    const char *title,
                                                    const char *filter_name,
                                                    GFile      *folder)
    G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
