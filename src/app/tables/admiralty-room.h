/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-room.h: what the app serves the room's network for one campaign: the admirals'
 * portal of that campaign (src/portal/adm-portal.h), the tables' server on it
 * (src/tables/adm-table-server.h) and the cycle clock the phones' countdown follows. The
 * application keeps one room for each campaign a window shows (admiralty_application_get_room
 * ()), shared by every window of that campaign and kept while one shows it; the Share and
 * Tables dialogs keep their portal and server in it, over the room's window. */
#pragma once

#include <adwaita.h>

#include "adm-portal.h"
#include "adm-table-server.h"
#include "admiralty-cycle-clock.h"

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_ROOM (admiralty_room_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyRoom, admiralty_room, ADMIRALTY, ROOM, GObject)

/* A room over @window (held weakly: the windows hold the room). */
AdmiraltyRoom  *admiralty_room_new              (GtkWindow      *window);
/* The window the room's dialogs and alerts stand over (held weakly), or NULL once it is
 * gone: the one of its campaign the master last went to. */
GtkWindow      *admiralty_room_get_window       (AdmiraltyRoom  *self);
void            admiralty_room_set_window       (AdmiraltyRoom  *self,
                                                 GtkWindow      *window);

/* Property "portal" (AdmPortal, notified): the portal kept, or NULL (borrowed). Setting
 * another drops the one kept (another campaign's, stopped with it). */
AdmPortal      *admiralty_room_get_portal       (AdmiraltyRoom  *self);
void            admiralty_room_set_portal       (AdmiraltyRoom  *self,
                                                 AdmPortal      *portal);

/* Property "table-server" (AdmTableServer, notified): the tables' server kept, whatever
 * portal it is on, or NULL (borrowed). */
AdmTableServer *admiralty_room_get_table_server (AdmiraltyRoom  *self);
void            admiralty_room_set_table_server (AdmiraltyRoom  *self,
                                                 AdmTableServer *server);

/* Property "clock" (AdmiraltyCycleClock, notified): the master's cycle clock (F-STRAT-1) the
 * admirals' countdown follows, the one of the room's window of the moment: every window's
 * clock keeps the same state (admiralty-cycle-clock.h), and the countdown goes on when the
 * window that started the portal closes. Borrowed; NULL before a window gives one. */
AdmiraltyCycleClock *admiralty_room_get_clock   (AdmiraltyRoom       *self);
void            admiralty_room_set_clock        (AdmiraltyRoom       *self,
                                                 AdmiraltyCycleClock *clock);

G_END_DECLS
