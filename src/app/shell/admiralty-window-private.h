/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-window-private.h: shared by admiralty-window*.c; the _admiralty_window_get_*
 * functions at the end are hooks for tests. */
#pragma once

#include "admiralty-battle-page.h"
#include "admiralty-clock-button.h"
#include "admiralty-cycle-clock.h"
#include "admiralty-map-page.h"
#include "admiralty-muster-page.h"
#include "admiralty-campaign-orders.h"
#include "admiralty-projector-window.h"
#include "admiralty-luck-window.h"
#include "admiralty-replay-window.h"
#include "admiralty-scenario-editor.h"
#include "admiralty-ti4-page.h"
#include "admiralty-window.h"
#include "adm-log-model.h"

G_BEGIN_DECLS

struct _AdmiraltyWindow
{
  AdwApplicationWindow  parent_instance;

  GSettings            *settings;
  AdmCampaign          *campaign;
  GSignalGroup         *campaign_signals; /* on the campaign */
  GListModel           *fleet_roots;
  GtkTreeListModel     *fleet_model;
  GtkSelectionModel    *fleet_selection; /* fleet_view's, given it when first shown */
  GtkSliceListModel    *fleet_slice;     /* fleet_model's rows fleet_selection shows */
  AdmLogModel          *roll_log;       /* the campaign's dice log */
  GtkNoSelection       *log_selection;  /* the log's rows' */
  GtkCssProvider       *css_provider;
  char                 *css_class;
  gboolean              log_follows_end;
  /* F-STRAT-1: the time to the next communication session. */
  AdmiraltyCycleClock  *clock;
  GSignalGroup         *clock_signals;    /* on the clock, for the window's life */
  GSignalGroup         *portal_signals;   /* on the room's admirals' portal */
  /* Whether "due" sends a desktop notification; tests run without a notification server. */
  gboolean              clock_notifies;

  /* Session restore (admiralty-window-session.c): no saving while the tabs are being
   * reopened or torn down. */
  gboolean              session_frozen;
  /* The file the campaign was opened from (a scenario opens as a campaign with no file). */
  char                 *campaign_source;
  /* Battle tabs an undo closed with their engagement, reopened where they were by the redo
   * that brings it back (admiralty-window.c). */
  GPtrArray            *closed_battles;

  /* The portal and the tables' server the Share and Tables dialogs keep: the room of the
   * campaign, the application's (admiralty_application_get_room ()), or the window's own
   * while it shows none. */
  AdmiraltyRoom        *room;
  GSignalGroup         *room_signals;     /* on @room */
  GSignalGroup         *requests_signals; /* on the tables asked to be let in (its server's) */

  /* Weak pointers: the dialogs live as long as they are shown. */
  GtkWidget            *error_dialog;
  char                 *error_backup_path;  /* the backup the error dialog offers, or NULL */
  char                 *error_damaged_path; /* the file that backup restores, or NULL */
  GtkWidget            *roll_dialog;
  GtkWidget            *projector;     /* AdmiraltyProjectorWindow, while open */
  GtkFileChooserNative *chooser;
  AdmiraltyBattlePage  *orders_page;   /* weak: the page the Load Orders chooser loads into */
  GPtrArray            *player_screens; /* AdmiraltyPlayerWindow*, not owned: those this
                                         * window opened, each removed as it goes */

  /* The campaign's file watched for changes made by other programs, and the dialog saying one
   * (admiralty-window-file.c). */
  GFileMonitor         *file_monitor;
  char                 *watched_path;  /* the file file_monitor watches */
  GtkWidget            *file_dialog;   /* weak */
  char                 *file_dialog_path; /* the file file_dialog offers to reopen */
  guint                 file_check_id;

  /* Template children */
  AdwWindowTitle       *window_title;
  AdwToastOverlay      *toast_overlay;
  AdwTabBar            *tab_bar;
  AdwTabView           *tab_view;
  AdwTabPage           *campaign_tab;
  AdwTabPage           *map_tab;
  AdwBin               *map_bin;
  AdmiraltyMapPage     *map_page;      /* NULL until _admiralty_window_get_map_page () */
  AdwTabPage           *orders_tab;
  AdwBin               *orders_bin;
  /* The campaign's Orders tab: NULL until _admiralty_window_get_campaign_orders (). */
  AdmiraltyCampaignOrders *campaign_orders;
  GtkWidget            *undo_button;
  GtkWidget            *redo_button;
  GMenu                *primary_menu;
  GtkMenuButton        *primary_menu_button;
  guint                 primary_menu_idle; /* makes the menu's popover once the window shows */
  /* Undo and Redo as they stand, "Undo “Resolve Fire, Turn 3”"; the main menu shows them in
   * undo_shown, made the same as it opens: an item changed in a menu's model makes its
   * popover build the item's row again, which every Resolve would pay for a menu not shown. */
  GMenu                *undo_section;
  GMenu                *undo_shown;
  GtkWidget            *roll_button;
  GtkWidget            *resolve_button;
  AdmiraltyClockButton *clock_button;
  GtkStack             *main_stack;
  /* The muster before cycle 1, main_stack's "muster" page while the campaign is at its muster
   * (admiralty-muster-page.h); NULL until a campaign is. */
  AdmiraltyMusterPage  *muster_page;
  AdwBin               *empty_page;
  /* The welcome page is made, and its lists filled, when it is first shown; until
   * then these are NULL. */
  gboolean              welcome_filled;
  GtkWidget            *recent_group;
  GtkListBox           *recent_list;
  GtkWidget            *scenarios_group;
  GtkListBox           *scenarios_list;
  GtkListView          *fleet_view;
  GtkMenuButton        *fleet_correct_button;
  GtkLabel             *scenario_label;
  GtkLabel             *description_label;
  GtkLabel             *ruleset_label;
  GtkLabel             *sectors_label;
  GtkLabel             *ships_label;
  GtkWidget            *ships_card;
  GtkLabel             *events_label;
  GtkStack             *log_stack;
  GtkScrolledWindow    *log_scroller;
  GtkColumnView        *log_view;
};

void        _admiralty_window_class_actions_init (AdmiraltyWindowClass *klass);
/* The file chooser's filter of scenarios and campaigns (*.admiralty). */
GtkFileFilter *_admiralty_window_file_filter_new (void) G_GNUC_WARN_UNUSED_RESULT;
/* admiralty-window-next-night.c: "New Campaign from This One…" (win.next-night). The next
 * night's scenario of the open campaign written to @path (a file there replaced: the chooser
 * asked) and opened in the scenario editor, presented; NULL with @error saying what was
 * refused, nothing written. */
void        _admiralty_window_class_next_night_init (AdmiraltyWindowClass *klass);
AdmiraltyScenarioEditor *_admiralty_window_make_next_night (AdmiraltyWindow  *self,
                                                            const char       *path,
                                                            GError          **error);
/* admiralty-window-luck.c: "Luck Ledger…" (win.luck-ledger), opened on the open campaign;
 * NULL without one. */
void        _admiralty_window_class_luck_init    (AdmiraltyWindowClass *klass);
AdmiraltyLuckWindow *_admiralty_window_open_luck (AdmiraltyWindow *self);
/* admiralty-window-replay.c: "Replay the War…" (win.replay). The replay of the open
 * campaign in a window of its own, presented; NULL when no campaign is open. */
void        _admiralty_window_class_replay_init  (AdmiraltyWindowClass *klass);
AdmiraltyReplayWindow *_admiralty_window_open_replay (AdmiraltyWindow *self);
/* admiralty-window-archive.c: "Write the Archives…" (win.archive). The open campaign's
 * archives, the master's and each faction's, written into @folder off the main thread with a
 * progress dialog and Cancel; a toast says what was written, an error dialog why not. */
void        _admiralty_window_class_archive_init (AdmiraltyWindowClass *klass);
void        _admiralty_window_write_archives     (AdmiraltyWindow      *self,
                                                  const char           *folder);
/* admiralty-window-usb.c: the USB path of several masters, one campaign — "Export Battle…" at
 * a table (win.export-table-battle), "Import Table Battle…" at the chief
 * (win.import-table-battle), and what each does with a path chosen: the toast's words, or
 * NULL with @error saying what was refused (nothing then changes). */
void        _admiralty_window_class_usb_init     (AdmiraltyWindowClass *klass);
/* admiralty-window-ending.c: "End the Campaign…" (win.end-campaign) and "Publish the Whole
 * Truth…" (win.publish-truth), enabled as the campaign stands (the update). */
void        _admiralty_window_class_ending_init  (AdmiraltyWindowClass *klass);
void        _admiralty_window_update_ending_actions (AdmiraltyWindow   *self);
void        _admiralty_window_update_usb_actions (AdmiraltyWindow      *self);
char       *_admiralty_window_export_table_battle (AdmiraltyWindow     *self,
                                                   const char          *path,
                                                   GError             **error)
    G_GNUC_WARN_UNUSED_RESULT;
char       *_admiralty_window_import_table_battle (AdmiraltyWindow     *self,
                                                   const char          *path,
                                                   GError             **error)
    G_GNUC_WARN_UNUSED_RESULT;
/* admiralty-window-corrections.c: the order of battle's Correct button and its right click
 * and Menu key; its menu follows the selected row (the update). */
void        _admiralty_window_corrections_init   (AdmiraltyWindow      *self);
void        _admiralty_window_update_fleet_correct (AdmiraltyWindow    *self);
void        _admiralty_window_update_actions     (AdmiraltyWindow      *self);
void        _admiralty_window_show_undo_items    (AdmiraltyWindow      *self);
/* The title, subtitle and primary button for the selected tab. */
void        _admiralty_window_update_header      (AdmiraltyWindow      *self);
/* The battle in the selected tab, or NULL on the campaign tab. */
AdmiraltyBattlePage *_admiralty_window_get_battle_page (AdmiraltyWindow *self);
/* The battle of the campaign's engagement @engagement_id in a tab: shown again when open,
 * else resumed from the campaign or set up with @overrides (or NULL). */
/* Several masters, one campaign: the battle @client opened at this table, in a tab. */
gboolean             _admiralty_window_open_table_battle      (AdmiraltyWindow *self,
                                                               AdmTableClient  *client);
gboolean             _admiralty_window_open_engagement_battle (AdmiraltyWindow *self,
                                                               const char      *engagement_id,
                                                               GHashTable      *overrides);
/* The Orders tab's board, made and put in its tab when first asked for: on the tab's first
 * showing, or by an action or test that needs it. */
AdmiraltyCampaignOrders *_admiralty_window_get_campaign_orders (AdmiraltyWindow *self);
/* The Sector Map tab's page, made and put in its tab when first asked for, as the board. */
AdmiraltyMapPage    *_admiralty_window_get_map_page    (AdmiraltyWindow *self);
/* The TI4 combat in the selected tab, or NULL. */
AdmiraltyTi4Page *_admiralty_window_get_ti4_page (AdmiraltyWindow *self);
/* Shows @page (floating or not) in a new tab of its own, selected. */
void              _admiralty_window_add_ti4_page (AdmiraltyWindow  *self,
                                                  AdmiraltyTi4Page *page);
/* Reopens the draft of a TI4 set-up (admiralty_ti4_page_open_draft ()) in a tab of its own. */
gboolean          _admiralty_window_open_ti4_draft (AdmiraltyWindow *self,
                                                    const char      *path);
void        _admiralty_window_toast              (AdmiraltyWindow      *self,
                                                  const char           *title);
void        _admiralty_window_toast_why          (AdmiraltyWindow      *self,
                                                  const char           *title,
                                                  const char           *heading,
                                                  const char           *body,
                                                  guint                 seconds);
/* What win.undo would take back and win.redo bring back on the selected tab, as the master
 * reads it ("Resolve Fire, Turn 3"), or NULL. */
char       *_admiralty_window_describe_undo      (AdmiraltyWindow      *self,
                                                  gboolean              redo) G_GNUC_WARN_UNUSED_RESULT;
/* Adds @path to the recent files and remembers its folder. */
void        _admiralty_window_remember_file      (AdmiraltyWindow      *self,
                                                  const char           *path);
/* admiralty-window-file.c: watches the campaign's file (again when it has another), and says
 * a change another program made to it, offering Reopen or a copy. */
void        _admiralty_window_watch_file         (AdmiraltyWindow      *self);
void        _admiralty_window_unwatch_file       (AdmiraltyWindow      *self);
/* The campaign's "save-failed": a change not read offers Reopen or a copy, a read-only or
 * installed file Save As. */
void        _admiralty_window_file_save_failed   (AdmiraltyWindow      *self,
                                                  const GError         *error);
/* Saves a campaign that has events but no file yet under the user's data directory. */
void        _admiralty_window_autosave           (AdmiraltyWindow      *self);
/* F-STRAT-4: every engagement not fought to its end ended where it stands with @reason, in
 * queue order, each one undoable action; FALSE with @error at one that cannot be (one at
 * another table). */
gboolean    _admiralty_window_end_unfought       (AdmiraltyWindow      *self,
                                                  const char           *reason,
                                                  GError              **error);
/* A new modal file chooser in self->chooser, the one before destroyed; @response_cb (swapped,
 * the window first) answers it. */
GtkFileChooser *_admiralty_window_new_chooser (AdmiraltyWindow      *self,
                                              const char           *title,
                                              GtkFileChooserAction  action,
                                              const char           *accept,
                                              GCallback             response_cb);
void        _admiralty_window_present_error      (AdmiraltyWindow      *self,
                                                  const char           *heading,
                                                  const char           *body,
                                                  const char           *backup_path);
/* Opens the battle in sector @sector_id of the campaign in a tab (win.open-sector-battle):
 * its set-up file, BATTLES/<scenario-id>-<sector-id>.xml, is resumed when it exists and
 * written from the campaign's scenario when not. BATTLES is the "battles" folder beside the
 * campaign file, or the user's data folder's when that cannot be written or the campaign has
 * no file yet. Problems are toasted or shown in the error dialog. */
gboolean    _admiralty_window_open_sector_battle (AdmiraltyWindow      *self,
                                                  const char           *sector_id);

/* Stores the open tabs in GSettings (session-*), unless the session is frozen. */
void        _admiralty_window_save_session       (AdmiraltyWindow      *self);
/* Adds @path (absolute) to GtkRecentManager's list, as Admiralty's. */
void        _admiralty_window_add_recent         (const char           *path);
/* Whether admiralty_window_open () opens @path: a battle, a saved battle, a TI4 combat, a
 * scenario or a campaign — by its first element, the file not read further. */
gboolean    _admiralty_window_can_open           (const char           *path);
/* The welcome page (the campaign tab with nothing open): recent files from
 * GtkRecentManager, the bundled scenarios and battles, each row opening its file
 * (win.open-path). */
void        _admiralty_window_fill_welcome       (AdmiraltyWindow      *self);
/* Connects the tab view's signals that save the session. */
void        _admiralty_window_session_init       (AdmiraltyWindow      *self);

/* Test hooks. */
GtkTreeListModel *_admiralty_window_get_fleet_model  (AdmiraltyWindow *self);
GListModel       *_admiralty_window_get_log_model    (AdmiraltyWindow *self);
GtkWidget        *_admiralty_window_get_error_dialog (AdmiraltyWindow *self);
GtkWidget        *_admiralty_window_get_roll_dialog  (AdmiraltyWindow *self);
AdmiraltyCycleClock *_admiralty_window_get_clock     (AdmiraltyWindow *self);

G_END_DECLS
