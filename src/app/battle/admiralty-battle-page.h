/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-battle-page.h: one battle in a tab of the main window — the table, the turn
 * report and the dice log, who the table is shown to, and the selected ship. The page owns
 * the battle, its orders file and its dice, and autosaves after every phase. */
#pragma once

#include <gtk/gtk.h>

#include "adm-battle.h"
#include "adm-campaign.h"
#include "admiralty-orders-panel.h"
#include "adm-table-client.h"

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_BATTLE_PAGE (admiralty_battle_page_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyBattlePage, admiralty_battle_page, ADMIRALTY, BATTLE_PAGE,
                      GtkWidget)

/* Opens a battle set-up (root <battle>) or a saved game (<battle-game>). A set-up is played
 * in a game under the user's data folder, "$XDG_DATA_HOME/admiralty/battles/NAME-HASH.game.xml"
 * (HASH names the set-up's folder): a set-up in a checkout or a read-only place is never
 * written beside. Only set-ups in the data folder's "battles" or in one of @own_folders (a
 * campaign's battles folder, whose report reads the games there) are played in
 * "NAME.game.xml" beside them. When the game exists already it is resumed instead, as is a
 * game an older version left beside the set-up (then moved under the data folder). Orders
 * come from "NAME.orders.xml" beside the set-up when there is one. Errors are the engine's,
 * naming the file and line. */
AdmiraltyBattlePage *admiralty_battle_page_open_in           (const char           *path,
                                                              const char * const   *own_folders,
                                                              GError              **error)
    G_GNUC_WARN_UNUSED_RESULT;
/* Whether the file is a battle set-up or a saved game rather than a scenario or a campaign,
 * judging by its root element. */
gboolean             admiralty_battle_page_is_battle_file    (const char           *path);

/* A battle of @campaign's engagement @engagement_id (adm-engagement-queue.h): the one the
 * campaign keeps, resumed, or a new one set up from the campaign as it stands, the formations
 * placed by their orders or by @overrides (formation id → placement id, or NULL). It is kept
 * in the campaign file after every phase, undo and redo; once ended (End Battle) it is
 * read-only until the ending is undone in the campaign. */
AdmiraltyBattlePage *admiralty_battle_page_open_engagement   (AdmCampaign          *campaign,
                                                              const char           *engagement_id,
                                                              GHashTable           *overrides,
                                                              GError              **error)
    G_GNUC_WARN_UNUSED_RESULT;
/* "CAMPAIGN-PATH#ID": what admiralty_battle_page_get_source_path () gives for such a page. */
char                *admiralty_battle_page_engagement_key    (AdmCampaign          *campaign,
                                                              const char           *engagement_id)
    G_GNUC_WARN_UNUSED_RESULT;
/* The campaign and engagement of a campaign battle; NULL for a battle file. */
AdmCampaign         *admiralty_battle_page_get_campaign      (AdmiraltyBattlePage  *self);
const char          *admiralty_battle_page_get_engagement    (AdmiraltyBattlePage  *self);
/* Whether the campaign battle has ended (its results are in the campaign). */
gboolean             admiralty_battle_page_get_finished      (AdmiraltyBattlePage  *self);
/* Whether the campaign battle is at another table (adm_campaign_assign_table ()): the chief
 * watches it read-only, as the table sends it. */
gboolean             admiralty_battle_page_get_at_table      (AdmiraltyBattlePage  *self);
/* Opened at another table and the campaign has received more of it (or it came back) since:
 * the window opens it again as the campaign now holds it. */
gboolean             admiralty_battle_page_get_stale         (AdmiraltyBattlePage  *self);
/* Several masters, one campaign, at a table: the battle @client opened
 * (adm_table_client_open_battle ()), fought as any other, each entry sent to the chief by
 * @client; End Battle sends the ending with the master's reason. Its key
 * (admiralty_battle_page_get_source_path ()) is its file in the tables folder. */
AdmiraltyBattlePage *admiralty_battle_page_open_table        (AdmTableClient       *client,
                                                              GError              **error)
    G_GNUC_WARN_UNUSED_RESULT;
AdmTableClient      *admiralty_battle_page_get_table_client  (AdmiraltyBattlePage  *self);
/* "All sent to the chief", "3 entries waiting for the chief", or the chief's refusal ("The
 * chief master took engagement c1-3 back from this table: REASON. …"); NULL for a battle not
 * at a table. */
char                *admiralty_battle_page_get_table_status  (AdmiraltyBattlePage  *self)
    G_GNUC_WARN_UNUSED_RESULT;
/* Ended or at another table: nothing can be played, undone or ended on this page. */
gboolean             admiralty_battle_page_get_read_only     (AdmiraltyBattlePage  *self);
/* Ends the campaign battle as it stands, with the master's @reason (or NULL), and carries its
 * results into the campaign as one action (adm_campaign_end_battle ()). */
gboolean             admiralty_battle_page_end_battle        (AdmiraltyBattlePage  *self,
                                                              const char           *reason,
                                                              GError              **error);
AdmBattle           *admiralty_battle_page_get_battle        (AdmiraltyBattlePage  *self);
/* The file opened, canonical: one page per file. */
const char          *admiralty_battle_page_get_source_path   (AdmiraltyBattlePage  *self);
/* Where the battle is autosaved. */
const char          *admiralty_battle_page_get_game_path     (AdmiraltyBattlePage  *self);
/* Whether opening resumed a game already under way. */
gboolean             admiralty_battle_page_get_resumed       (AdmiraltyBattlePage  *self);
/* What opening met, for the window to say when it shows the page: why the orders file beside
 * the set-up did not load, or NULL; the backup a damaged saved battle was resumed from, or
 * NULL; how many dice values typed for the phase before a crash were kept (0: none). */
const char          *admiralty_battle_page_get_orders_error  (AdmiraltyBattlePage  *self);
const char          *admiralty_battle_page_get_backup_used   (AdmiraltyBattlePage  *self);
guint                admiralty_battle_page_get_dice_restored (AdmiraltyBattlePage  *self);
/* "Turn 2 · Fire", and the primary button's "Resolve Fire". */
const char          *admiralty_battle_page_get_phase_label   (AdmiraltyBattlePage  *self);
const char          *admiralty_battle_page_get_resolve_label (AdmiraltyBattlePage  *self);
/* The orders file's path, or NULL when the battle has none. */
const char          *admiralty_battle_page_get_orders_path   (AdmiraltyBattlePage  *self);
gboolean             admiralty_battle_page_load_orders       (AdmiraltyBattlePage  *self,
                                                              const char           *path,
                                                              GError              **error);
/* Whether a campaign battle's phase rolled with the program's dice first asks each side's 2d6
 * for it (the preference "ask-dice-contributions", docs/dice.md, "What the sides add"). */
void                 admiralty_battle_page_set_ask_contributions (AdmiraltyBattlePage *self,
                                                                  gboolean             ask);
/* Resolves the current phase with this turn's orders: with the program's dice, or with real
 * dice, asking for each roll in turn (then it returns before the phase is resolved). A
 * problem is reported by the "error" signal. */
void                 admiralty_battle_page_resolve_phase     (AdmiraltyBattlePage  *self,
                                                              gboolean              physical);
gboolean             admiralty_battle_page_undo              (AdmiraltyBattlePage  *self,
                                                              GError              **error);
/* Takes back every phase, to the set-up; redo brings them back one by one. */
gboolean             admiralty_battle_page_start_over        (AdmiraltyBattlePage  *self,
                                                              GError              **error);
/* Resolves again the phase the last undo took back, with its declarations and dice. */
gboolean             admiralty_battle_page_redo              (AdmiraltyBattlePage  *self,
                                                              GError              **error);
/* Where this turn's declarations are entered. */
AdmiraltyOrdersPanel *admiralty_battle_page_get_orders_panel (AdmiraltyBattlePage  *self);

G_END_DECLS
