/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-editor-page.h: what the scenario editor's pages share — a refusal said in the
 * editor's toast, and an item's id set from a field a master typed it in. */
#pragma once

#include <adwaita.h>

#include "adm-scenario-item.h"

G_BEGIN_DECLS

/* @message in a toast of the editor window holding @page. */
void     admiralty_editor_page_say    (GtkWidget       *page,
                                       const char      *message);
/* @item's id set to the text of @field (adm_scenario_item_set_id ()): TRUE when it is @item's
 * id now; a refusal is said in a toast and @field shows @item's id again. */
gboolean admiralty_editor_page_set_id (GtkWidget       *page,
                                       AdmScenarioItem *item,
                                       GtkEditable     *field);

G_END_DECLS
