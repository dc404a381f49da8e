/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-campaign-orders.h: the campaign's Orders tab (not a battle's Orders pane,
 * battle/admiralty-orders-panel.h) — the board of admirals for the current cycle (who has
 * handed in his order sheet, late or corrected, and how many orders, F-GEN-3, F-STRAT-5,
 * F-STRAT-7), the way into each admiral's sheet form, importing sheets typed elsewhere
 * (order-sheet.rng, all or nothing per file), resolving the cycle, and what the last
 * resolved cycle brought: the master's summary and its engagements (F-STRAT-3, F-STRAT-4). */
#pragma once

#include <adwaita.h>

#include "admiralty-cycle-clock.h"
#include "adm-campaign.h"
#include "admiralty-sheet-form.h"
#include "adm-portal.h"

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_CAMPAIGN_ORDERS (admiralty_campaign_orders_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyCampaignOrders, admiralty_campaign_orders, ADMIRALTY,
                      CAMPAIGN_ORDERS, GtkWidget)

/* Signals: "toast" (const char *title) and "error" (const char *heading, const char *body),
 * for the window to show; "open-battle" (const char *engagement_id, GHashTable *overrides
 * or NULL), the battle of an engagement of the campaign to open in a tab, its formations
 * placed as @overrides says (formation id → placement id) when it is set up. */

void                admiralty_campaign_orders_set_campaign (AdmiraltyCampaignOrders *self,
                                                            AdmCampaign             *campaign);
/* The clock says whether a sheet handed in now is late (F-STRAT-7). */
void                admiralty_campaign_orders_set_clock    (AdmiraltyCampaignOrders *self,
                                                            AdmiraltyCycleClock *clock);

/* The admirals' portal whose waiting sheets the board shows ("Received by portal at 18:38",
 * with Accept and Refuse, and under it each order with the engine's verdict), with the final
 * marks of the admirals' sheets and, when every sheet handed in on a phone is final
 * (adm_portal_count_finals ()), "Resolve Early…" (win.resolve-cycle, whose confirmation says so); or NULL. */
void                admiralty_campaign_orders_set_portal    (AdmiraltyCampaignOrders *self,
                                                             AdmPortal               *portal);
AdmPortal          *admiralty_campaign_orders_get_portal    (AdmiraltyCampaignOrders *self);
/* Several masters, one campaign: the tables turned on ("Table 1" … "Table @n_tables", 0:
 * off), offered by each engagement's "Send to Table…" (board.send-to-table, u: its place in
 * the queue); one at a table offers "Take Back…" (board.take-back, u), and "Watch Battle"
 * once its battle is kept, its row saying where it stands and what each side lost. */
void                admiralty_campaign_orders_set_n_tables  (AdmiraltyCampaignOrders *self,
                                                             guint                    n_tables);
guint               admiralty_campaign_orders_get_n_tables  (AdmiraltyCampaignOrders *self);
/* What those actions do once the master chose: adm_campaign_assign_table () and
 * adm_campaign_take_back_table () of the @index-th engagement of the queue shown. */
gboolean            admiralty_campaign_orders_send_to_table (AdmiraltyCampaignOrders *self,
                                                             guint                    index,
                                                             const char              *table,
                                                             GError                 **error);
/* The same with the hand-off's dice policy (adm_campaign_assign_table_full ()): @typed_dice
 * lets the table type real dice in. */
gboolean admiralty_campaign_orders_send_to_table_full (AdmiraltyCampaignOrders *self,
                                                       guint                    index,
                                                       const char              *table,
                                                       gboolean                 typed_dice,
                                                       GError                 **error);
gboolean            admiralty_campaign_orders_take_back     (AdmiraltyCampaignOrders *self,
                                                             guint                    index,
                                                             const char              *reason,
                                                             GError                 **error);
/* Opens the sheet form of @admiral_id (a board row does the same) and returns it. */
AdmiraltySheetForm *admiralty_campaign_orders_open_sheet   (AdmiraltyCampaignOrders *self,
                                                            const char              *admiral_id);
/* The sheet form open, or NULL. */
AdmiraltySheetForm *admiralty_campaign_orders_get_sheet_form (AdmiraltyCampaignOrders *self);

/* win.import-sheets: a file chooser for several order sheets, opened on
 * admiralty_campaign_orders_get_import_folder (). */
void                admiralty_campaign_orders_choose_sheets (AdmiraltyCampaignOrders *self);
/* The folder of the bundled scenarios (admiralty_application_find_scenarios_dir ()), or
 * NULL: the sample sheets of a scenario are beside it (ID.sheets). */
void admiralty_campaign_orders_set_scenarios_folder (AdmiraltyCampaignOrders *self,
                                                     const char              *folder);
/* The folder sheets were last imported from, else the sample sheets bundled with the
 * campaign's scenario (ID.sheets in the scenarios folder), else NULL. */
GFile              *admiralty_campaign_orders_get_import_folder (AdmiraltyCampaignOrders *self)
    G_GNUC_WARN_UNUSED_RESULT;
/* Each file all or nothing, in order; a refused one is reported ("FILE:LINE: problem") and
 * changes nothing. Returns how many were journalled. The next import opens on their folder. */
guint               admiralty_campaign_orders_import_files (AdmiraltyCampaignOrders *self,
                                                            GListModel              *files);

/* win.resolve-cycle: asks first, naming the admirals without a sheet. */
void                admiralty_campaign_orders_confirm_resolve (AdmiraltyCampaignOrders *self);
/* Resolves the cycle as the confirmation does: with the program's dice, or with @physical
 * dice, asking for each roll the engine needs (F-STRAT-5) and journaling only once all are
 * in; cancelling journals nothing. */
void                admiralty_campaign_orders_resolve_with_dice (AdmiraltyCampaignOrders *self,
                                                                 gboolean                 physical);
/* The dialog asking for real dice, or NULL. */
GtkWidget          *admiralty_campaign_orders_get_dice_prompt (AdmiraltyCampaignOrders *self);
/* The dialog confirm_resolve() shows, or NULL. */
GtkWidget          *admiralty_campaign_orders_get_resolve_dialog (AdmiraltyCampaignOrders *self);

/* F-STRAT-4: the battle of engagement @index of the last resolved cycle's queue (time order,
 * adm-engagement-queue.h) — reopened ("open-battle" at once) when the campaign keeps it, else
 * the placements dialog, whose "Open Battle" asks the window to set it up; an engagement that
 * waits for an earlier one or is dropped is refused with the reason ("error"). Returns the
 * dialog, or NULL. */
GtkWidget          *admiralty_campaign_orders_open_engagement (AdmiraltyCampaignOrders *self,
                                                               guint                    index);
GtkWidget          *admiralty_campaign_orders_get_engagement_dialog (AdmiraltyCampaignOrders *self);

/* Test hooks: an admiral's row status ("Received 18:38", …) and orders count, the admirals
 * without a sheet, the engagement rows' titles of the last resolved cycle and its summary. */
const char         *admiralty_campaign_orders_get_status   (AdmiraltyCampaignOrders *self,
                                                            const char              *admiral_id);
guint               admiralty_campaign_orders_get_n_orders (AdmiraltyCampaignOrders *self,
                                                            const char              *admiral_id);
char               *admiralty_campaign_orders_get_engagements_text (AdmiraltyCampaignOrders *self)
    G_GNUC_WARN_UNUSED_RESULT;
const char         *admiralty_campaign_orders_get_summary  (AdmiraltyCampaignOrders *self);
/* Test hooks for the portal: the orders of @admiral_id's sheet waiting in the portal as the
 * board shows them, "WHAT: VERDICT" a line ("Pol Escort Group — defend where it is: Accepted
 * by the engine", "…: Refused: REASON"), or NULL when none waits; whether his row shows his
 * final mark; the final marks' line ("Final: 2 of 3 sheets handed in on phones · waiting for
 * …"), NULL when hidden; whether every sheet from a phone is final and "Resolve Early…" shown. */
char *admiralty_campaign_orders_get_portal_orders (AdmiraltyCampaignOrders *self,
                                                   const char              *admiral_id)
    G_GNUC_WARN_UNUSED_RESULT;
gboolean            admiralty_campaign_orders_get_final    (AdmiraltyCampaignOrders *self,
                                                            const char              *admiral_id);
const char         *admiralty_campaign_orders_get_finals_text (AdmiraltyCampaignOrders *self);
gboolean            admiralty_campaign_orders_get_early    (AdmiraltyCampaignOrders *self);

G_END_DECLS
