/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-ti4-hits-dialog.h: a side of a Twilight Imperium 4 combat chooses which of its
 * units take the hits (LRR 39.6, 48.2; the Anti-Fighter Barrage's on fighters only, 39.3) —
 * per unit card, how many sustain damage and how many are destroyed, offered pre-filled with
 * the side's policy. "Assign" is enabled only for an assignment the rules accept
 * (adm_ti4_fleet_apply); otherwise the dialog says what is wrong. The caller listens to
 * "response" ("assign" or "cancel") and reads the assignment. */
#pragma once

#include <adwaita.h>

#include "adm-ti4-catalog.h"
#include "adm-ti4-fleet.h"

G_BEGIN_DECLS

typedef enum {
  ADMIRALTY_TI4_HITS_SUSTAIN,
  ADMIRALTY_TI4_HITS_DESTROY_INTACT,
  ADMIRALTY_TI4_HITS_DESTROY_DAMAGED,
} AdmiraltyTi4HitsColumn;

#define ADMIRALTY_TYPE_TI4_HITS_DIALOG (admiralty_ti4_hits_dialog_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyTi4HitsDialog, admiralty_ti4_hits_dialog, ADMIRALTY,
                      TI4_HITS_DIALOG, AdwMessageDialog)

/* A new dialog, not yet shown, for @hits on @fleet (copied); @suggestion pre-fills it. */
GtkWidget              *admiralty_ti4_hits_dialog_new            (GtkWindow              *parent,
                                                                  AdmTi4Catalog          *catalog,
                                                                  const AdmTi4Fleet      *fleet,
                                                                  AdmTi4Arena             arena,
                                                                  guint                   hits,
                                                                  gboolean                barrage,
                                                                  const AdmTi4Assignment *suggestion,
                                                                  const char             *heading,
                                                                  const char             *body);
const AdmTi4Assignment *admiralty_ti4_hits_dialog_get_assignment (AdmiraltyTi4HitsDialog *self);
/* Whether the rules accept the assignment as it stands, and if not why. */
gboolean                admiralty_ti4_hits_dialog_check          (AdmiraltyTi4HitsDialog *self,
                                                                  GError                **error);
/* What the dialog says under the units: that every hit is assigned, or what is wrong. */
const char             *admiralty_ti4_hits_dialog_get_message    (AdmiraltyTi4HitsDialog *self);
/* The spin button of @unit's @column, or NULL when the unit cannot take such a hit. */
GtkSpinButton          *admiralty_ti4_hits_dialog_get_spin       (AdmiraltyTi4HitsDialog *self,
                                                                  guint                   unit,
                                                                  AdmiraltyTi4HitsColumn  column);

G_END_DECLS
