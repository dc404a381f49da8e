/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-editor-page.h: what the scenario editor's pages share — a refusal said in the
 * editor's toast, and an element's id set from a field a master typed it in. */
#pragma once

#include <adwaita.h>

#include "admiralty-engine.h"

G_BEGIN_DECLS

/* @message in a toast of the editor window holding @page. */
void     admiralty_editor_page_say    (GtkWidget       *page,
                                       const char      *message);
/* @node's id set to the text of @field (adm_scenario_edit_set_id ()): TRUE when it is @node's
 * id now; a refusal is said in a toast and @field shows @node's id again. */
gboolean admiralty_editor_page_set_id (GtkWidget       *page,
                                       AdmScenarioEdit *edit,
                                       xmlNode         *node,
                                       GtkEditable     *field);
/* @item's id set to the text of @field (adm_scenario_item_set_id ()), as
 * admiralty_editor_page_set_id () does for an element of a page not bound to items. */
gboolean admiralty_editor_page_set_item_id (GtkWidget       *page,
                                            AdmScenarioItem *item,
                                            GtkEditable     *field);

G_END_DECLS
