/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-ti4-page-private.h: the page's insides, for its tests. */
#pragma once

#include "admiralty-ti4-odds-bar.h"
#include "admiralty-ti4-page.h"
#include "admiralty-typed-dice.h"
#include "adm-dice-prng.h"

G_BEGIN_DECLS

struct _AdmiraltyTi4Page
{
  AdwBin               parent_instance;

  GSettings           *settings;
  AdmTi4Catalog       *catalog;
  char                *catalog_error;  /* when the unit cards could not be read */
  AdmTi4Arena          arena;
  guint                odds_source;    /* the debounced odds update */
  GCancellable        *odds_cancellable; /* the odds being computed in a thread, or NULL */
  guint                odds_updates;   /* odds computed so far, for tests */
  gboolean             setup_valid;
  AdmTi4Combat        *combat;
  AdmDicePrng         *prng;           /* the program's dice for this combat */

  /* Per side (AdmTi4Side) and catalogue unit; NULL for a unit no arena shows. */
  GtkSpinButton       *spins[2][ADM_TI4_MAX_UNITS];
  AdwActionRow        *unit_rows[2][ADM_TI4_MAX_UNITS];
  GtkLabel            *expect_labels[2][ADM_TI4_MAX_UNITS];

  AdmiraltyTypedDice  *typed;          /* real dice and the prompt asking for them */
  /* Weak pointers: shown while they are up. */
  GtkWidget           *hits_dialog;
  AdmTi4Side           hits_side;      /* the side whose hits the hits dialog assigns */
  GtkWidget           *error_dialog;
  GtkWidget           *luck_window;    /* the combat's Every Roll (ti4.luck) */
  GtkFileChooserNative *chooser;

  /* Template children */
  AdwToastOverlay     *toast_overlay;
  GtkStack            *stack;
  GtkToggleButton     *space_button;
  GtkToggleButton     *ground_button;
  GtkWidget           *start_button;
  GtkStack            *odds_stack;
  AdmiraltyTi4OddsBar *odds_bar;
  GtkLabel            *percent_labels[3];  /* attacker, draw, defender */
  GtkLabel            *caption_labels[3];
  GtkLabel            *details_label;
  GtkLabel            *odds_message_label;
  AdwEntryRow         *name_rows[2];
  AdwComboRow         *policy_rows[2];
  AdwExpanderRow      *retreat_rows[2];
  GtkSpinButton       *retreat_spins[2];
  AdwActionRow        *system_rows[2];
  GtkSwitch           *system_switches[2];
  AdwPreferencesGroup *ships_groups[2];
  AdwPreferencesGroup *cargo_groups[2];
  GtkLabel            *round_label;
  GtkLabel            *need_label;
  GtkLabel            *clause_label;
  GtkButton           *step_button;
  GtkWidget           *stay_button;
  GtkWidget           *round_button;
  GtkWidget           *end_button;
  GtkWidget           *luck_button;
  GtkWidget           *undo_button;
  GtkWidget           *redo_button;
  GtkWidget           *new_button;
  AdwPreferencesGroup *fleet_groups[2];
  GtkListBox          *fleet_lists[2];
  GtkStack            *log_stack;
  GtkListBox          *report_list;
  GtkListBox          *dice_list;
  /* The file the combat was last opened from, saved to or autosaved to. */
  char                *path;
  /* The journal's entries when the combat was last written: a step, an undo or a redo
   * after it is autosaved. */
  guint                saved_entries;
  /* The set-up as it is typed, kept after every change until its combat has a file of its
   * own (admiralty-drafts.h); NULL until the first change. */
  char                *draft_path;
  /* Set while the set-up is filled in from a file: no draft of what is being read. */
  gboolean             filling;
};

/* The set-up's fleet of @side for its arena, and the options the odds and "Resolve" use. */
void _admiralty_ti4_page_get_setup   (AdmiraltyTi4Page  *self,
                                      AdmTi4Setup       *setup);
void _admiralty_ti4_page_get_options (AdmiraltyTi4Page  *self,
                                      AdmTi4OddsOptions *options);

G_END_DECLS
