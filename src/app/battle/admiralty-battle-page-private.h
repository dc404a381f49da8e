/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-battle-page-private.h: hooks for tests. */
#pragma once

#include "admiralty-battle-page.h"
#include "admiralty-table-widget.h"

G_BEGIN_DECLS

AdmiraltyTableWidget *_admiralty_battle_page_get_table         (AdmiraltyBattlePage *self);
GtkDropDown          *_admiralty_battle_page_get_view_dropdown (AdmiraltyBattlePage *self);
/* AdmLogEntry rows (adm-log-model.h): headings and report lines, headings and rolls (those
 * the dice search finds). */
GListModel           *_admiralty_battle_page_get_report_model  (AdmiraltyBattlePage *self);
GListModel           *_admiralty_battle_page_get_dice_model    (AdmiraltyBattlePage *self);
GtkWidget            *_admiralty_battle_page_get_dice_search   (AdmiraltyBattlePage *self);
/* The dialog asking for real dice, while it is shown. */
GtkWidget            *_admiralty_battle_page_get_dice_dialog   (AdmiraltyBattlePage *self);
/* The roll that dialog asks for. */
const AdmDiceRequest *_admiralty_battle_page_get_dice_request (AdmiraltyBattlePage *self);
/* Every roll that dialog asks for, a volley's in the order typed (AdmDiceRequest*), and how
 * many dice they come to. */
GPtrArray            *_admiralty_battle_page_get_dice_requests (AdmiraltyBattlePage *self);
guint                 _admiralty_battle_page_get_dice_count    (AdmiraltyBattlePage *self);
/* Types into that dialog's entry. */
void                  _admiralty_battle_page_set_dice_text     (AdmiraltyBattlePage *self,
                                                                const char          *text);
/* How many real dice values are typed in for the phase being resolved. */
guint                 _admiralty_battle_page_get_n_entered     (AdmiraltyBattlePage *self);
/* The ship details' text, empty when no ship is selected. */
const char           *_admiralty_battle_page_get_ship_details  (AdmiraltyBattlePage *self);

/* The Ships list's rows, headings included, as shown; selecting row @index. */
GStrv                 _admiralty_battle_page_get_fleet_rows    (AdmiraltyBattlePage *self);

G_END_DECLS
