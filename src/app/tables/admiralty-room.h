/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-room.h: what a window serves the room's network: the admirals' portal of its
 * campaign (src/portal/adm-portal.h) and the tables' server on it
 * (src/tables/adm-table-server.h). The window keeps one room; the Share and Tables dialogs
 * keep their portal and server in it, and it is the window those dialogs and the portal's
 * alerts stand over. */
#pragma once

#include <adwaita.h>

#include "adm-portal.h"
#include "adm-table-server.h"

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_ROOM (admiralty_room_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyRoom, admiralty_room, ADMIRALTY, ROOM, GObject)

/* The room of @window (held weakly: the window holds the room). */
AdmiraltyRoom  *admiralty_room_new              (GtkWindow      *window);
/* The window the room's dialogs and alerts stand over, or NULL once it is gone. */
GtkWindow      *admiralty_room_get_window       (AdmiraltyRoom  *self);

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

G_END_DECLS
