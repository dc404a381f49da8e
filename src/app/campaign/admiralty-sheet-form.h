/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-sheet-form.h: one admiral's order sheet for the current cycle as the master types
 * it in (F-GEN-3, F-STRAT-5, F-STRAT-6, F-STRAT-7, F-STRAT-8, F-STRAT-9, F-STRAT-10, F-STRAT-11,
 * F-STRAT-12, F-STRAT-13, F-STRAT-14, F-STRAT-15, F-STRAT-16, F-STRAT-17, F-STRAT-18): his
 * formations, where each is and what it keeps doing, an order for each with the fields it needs,
 * every order checked by the engine as it is entered (a refused one shows the engine's reason and
 * blocks handing in), the orders already on his sheets with the corrections that superseded them
 * (F-STRAT-7), and "Hand In Sheet", which journals the sheet and the new or changed orders all or
 * nothing. */
#pragma once

#include <adwaita.h>

#include "adm-campaign.h"
#include "adm-event.h"
#include "adm-scenario.h"

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_SHEET_FORM (admiralty_sheet_form_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltySheetForm, admiralty_sheet_form, ADMIRALTY, SHEET_FORM, AdwWindow)

/* The form of @admiral_id for @campaign's current cycle; @late ticks "Late" to begin with (the
 * cycle clock says the session is already due). */
AdmiraltySheetForm *admiralty_sheet_form_new         (AdmCampaign *campaign,
                                                      const char  *admiral_id,
                                                      gboolean     late);
/* Where the form keeps the draft of @admiral_id's sheet for @cycle of @campaign (the file is
 * there while something typed is not handed in): among the campaign file's drafts, or its
 * scenario's while it has no file. */
char               *admiralty_sheet_form_draft_path  (AdmCampaign *campaign,
                                                      const char  *admiral_id,
                                                      guint        cycle)
    G_GNUC_WARN_UNUSED_RESULT;

/* Journals the sheet and the orders that are new or changed since his last sheet of the cycle,
 * all or nothing; FALSE with the reason when an order is refused or an append fails. */
gboolean            admiralty_sheet_form_hand_in     (AdmiraltySheetForm *self,
                                                      GError            **error);
/* F-STRAT-7: one order sent alone, out of band — journalled at once as a late one-order sheet
 * with its time. */
gboolean            admiralty_sheet_form_send_alone  (AdmiraltySheetForm *self,
                                                      const char         *formation_id,
                                                      GError            **error);

/* What the entry widgets hold, for the keyboard and for tests. A formation's entry gives, in
 * one pass (F-STRAT-12), an order of the cycle, a new flagship and an administrative order:
 * set_order () takes "keep" or an order of docs/formats.md ("move", "attack", …) for the first,
 * "none", "detach", "join", "form" or "disband" for the last ("flagship" is always offered:
 * set_flagship () names it). A route is sector ids separated by spaces; a target a sector or
 * formation id, NULL for the formation's own sector. A formation the sheet detaches or forms
 * has an entry of its own, under its new id, once its order is accepted. */
void                admiralty_sheet_form_set_late    (AdmiraltySheetForm *self,
                                                      gboolean            late);
gboolean            admiralty_sheet_form_set_order   (AdmiraltySheetForm *self,
                                                      const char         *formation_id,
                                                      const char         *order);
gboolean            admiralty_sheet_form_set_route   (AdmiraltySheetForm *self,
                                                      const char         *formation_id,
                                                      const char         *route);
gboolean            admiralty_sheet_form_set_target  (AdmiraltySheetForm *self,
                                                      const char         *formation_id,
                                                      const char         *target);
gboolean            admiralty_sheet_form_set_flagship (AdmiraltySheetForm *self,
                                                       const char         *formation_id,
                                                       const char         *ship_id);
gboolean            admiralty_sheet_form_set_comments (AdmiraltySheetForm *self,
                                                       const char         *formation_id,
                                                       const char         *text);
/* F-STRAT-12, F-STRAT-17, for "detach" and "form": the ships ticked (ids separated by spaces;
 * FALSE if one is not offered) and the new formation's name; its id is made from the name
 * (lower case, '-' for spaces, only [a-z0-9-], -2, -3 … when taken), NULL without a name.
 * set_flagship() names the new formation's flagship (a ship ticked) or the flagship of the
 * ships that stay, and set_target() the formation a "join" joins. */
gboolean            admiralty_sheet_form_set_ships   (AdmiraltySheetForm *self,
                                                      const char         *formation_id,
                                                      const char         *ships);
gboolean            admiralty_sheet_form_set_new_name (AdmiraltySheetForm *self,
                                                       const char         *formation_id,
                                                       const char         *name);
const char         *admiralty_sheet_form_get_new_id  (AdmiraltySheetForm *self,
                                                      const char         *formation_id);
/* Adds an entry for a formation the admiral does not command (a sheet may name one; the
 * engine refuses its order, F-FORM-6). */
gboolean            admiralty_sheet_form_add_formation (AdmiraltySheetForm *self,
                                                        const char         *formation_id);
/* The formations on offer (ids): as targets of @formation_id's order, or, for NULL, under
 * "Order for another formation". Exactly those his side knows of (F-STRAT-3). */
GStrv               admiralty_sheet_form_dup_formation_choices (AdmiraltySheetForm *self,
                                                                const char *formation_id);
/* The engine's reason the formation's order is refused, or NULL. */
const char         *admiralty_sheet_form_get_refusal (AdmiraltySheetForm *self,
                                                      const char         *formation_id);
/* The lines of the formation's history this cycle ("Corrected at 18:50 — was: …"), one a
 * line. */
char               *admiralty_sheet_form_get_history (AdmiraltySheetForm *self,
                                                      const char         *formation_id)
    G_GNUC_WARN_UNUSED_RESULT;
gboolean            admiralty_sheet_form_can_hand_in (AdmiraltySheetForm *self);

/* Shared with the board: "move: Pol jump point → Pol orbit" for a journal order event, and the
 * local time "18:38" of a Unix time. */
char               *admiralty_describe_order_event   (AdmScenario    *scenario,
                                                      const AdmEvent *event)
    G_GNUC_WARN_UNUSED_RESULT;
char               *admiralty_format_clock_time      (gint64          unix_time)
    G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
