/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-ti4-page.h: the "Twilight Imperium Combat" tab — set up both sides' units for a
 * space (LRR 39) or ground (LRR 48) combat and see the exact odds update as you change them,
 * then resolve the combat round by round with the program's or real dice, each side
 * assigning its own hits, with the report and the dice log beside it. Works without a
 * campaign. */
#pragma once

#include <adwaita.h>

#include "adm-ti4-combat.h"

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_TI4_PAGE (admiralty_ti4_page_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyTi4Page, admiralty_ti4_page, ADMIRALTY, TI4_PAGE, AdwBin)

GtkWidget    *admiralty_ti4_page_new        (void);
/* The combat under way, or NULL while setting up. */
AdmTi4Combat *admiralty_ti4_page_get_combat (AdmiraltyTi4Page *self);
/* Whether undo would take back a step of the combat (the "can-undo" property). */
gboolean      admiralty_ti4_page_can_undo   (AdmiraltyTi4Page *self);
/* Takes back the last roll, retreat announcement or hit assignment (LRR 39, 48). */
gboolean      admiralty_ti4_page_undo       (AdmiraltyTi4Page *self);
/* Whether redo would bring back the step last taken back (the "can-redo" property). */
gboolean      admiralty_ti4_page_can_redo   (AdmiraltyTi4Page *self);
/* Brings back the step last taken back, while no other step came after it. */
gboolean      admiralty_ti4_page_redo       (AdmiraltyTi4Page *self);
/* What undo would take back and redo bring back, as the master reads it, or NULL. */
char         *admiralty_ti4_page_describe_undo (AdmiraltyTi4Page *self) G_GNUC_WARN_UNUSED_RESULT;
char         *admiralty_ti4_page_describe_redo (AdmiraltyTi4Page *self) G_GNUC_WARN_UNUSED_RESULT;
/* The file the combat was last opened from or saved to, or NULL. */
const char   *admiralty_ti4_page_get_path   (AdmiraltyTi4Page *self);
/* What the session reopens the page from: the combat's file once it has one, else the draft
 * of the set-up being typed (admiralty_ti4_page_open_draft ()), else NULL (the
 * "session-path" property). */
const char   *admiralty_ti4_page_get_session_path (AdmiraltyTi4Page *self);
/* Whether @path names a set-up draft (".ti4-setup"). */
gboolean      admiralty_ti4_page_is_draft   (const char       *path);
/* Fills the set-up in from its draft, as it was typed, and goes on keeping it there; on error
 * nothing changes and @error names the file. */
gboolean      admiralty_ti4_page_open_draft (AdmiraltyTi4Page *self,
                                             const char       *path,
                                             GError          **error);
/* The master closed the page: its set-up's draft goes with it. */
void          admiralty_ti4_page_discard_draft (AdmiraltyTi4Page *self);
/* Opens a saved combat (.ti4.xml): on error nothing changes and @error reads "FILE:LINE:
 * problem". */
gboolean      admiralty_ti4_page_open_file  (AdmiraltyTi4Page *self,
                                             const char       *path,
                                             GError          **error);
/* Saves the combat, or a combat not started yet from the set-up. */
gboolean      admiralty_ti4_page_save_file  (AdmiraltyTi4Page *self,
                                             const char       *path,
                                             GError          **error);
/* Writes the combat's report (adm_ti4_combat_report) as a PDF on the "paper" setting's
 * paper; only with a combat under way. */
gboolean      admiralty_ti4_page_export_pdf (AdmiraltyTi4Page *self,
                                             const char       *path,
                                             GError          **error);

G_END_DECLS
