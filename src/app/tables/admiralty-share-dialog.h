/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-share-dialog.h: "Share with Admirals…" — the admirals' portal of the campaign
 * (src/portal/adm-portal.h): the address and port it listens on, off until the master turns
 * it on, each admiral's link with its QR code to scan or print and a button to revoke it,
 * whether sheets are accepted as they arrive, and the warning that it is plain HTTP on the
 * room's network. The portal is kept in the campaign's room (admiralty-room.h), which the
 * application keeps for every window of that campaign, and stops when its campaign is
 * closed; the cycle clock gives the admirals' countdown. */
#pragma once

#include <adwaita.h>

#include "adm-campaign.h"
#include "admiralty-cycle-clock.h"
#include "adm-portal.h"
#include "admiralty-room.h"

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_SHARE_DIALOG (admiralty_share_dialog_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyShareDialog, admiralty_share_dialog, ADMIRALTY, SHARE_DIALOG,
                      AdwWindow)

/* The dialog for the portal @room keeps, over @room's window. */
AdmiraltyShareDialog *admiralty_share_dialog_new  (AdmiraltyRoom         *room);
/* The portal of @campaign kept in @room (made on first use, the one of a campaign closed
 * since dropped), its countdown following the room's clock; NULL with the reason when its keys cannot
 * be read or saved. */
AdmPortal            *admiralty_share_dialog_portal_for (AdmiraltyRoom       *room,
                                                   AdmCampaign           *campaign,
                                                   GError               **error);
/* win.share-admirals: the dialog for @campaign's portal, which it returns (borrowed), or an
 * error dialog saying why not and NULL. */
AdmPortal            *admiralty_share_dialog_present (AdmiraltyRoom      *room,
                                                   AdmCampaign           *campaign);

/* Sharing as the master last left it (the "session-sharing" key, kept by the Share switch):
 * for @campaign, the portal in @room started again on the same address and port, its
 * tables served again with the same links (*@portal_out, borrowed). TRUE with *@portal_out
 * NULL when he was not sharing @campaign; FALSE with the reason when the address is gone or
 * cannot be listened on. */
gboolean              admiralty_share_dialog_resume (AdmiraltyRoom        *room,
                                                   AdmCampaign           *campaign,
                                                   AdmPortal            **portal_out,
                                                   GError              **error);

/* For tests: turns the portal on at @address (port 0: any) or off, as the switch does. */
gboolean              admiralty_share_dialog_set_running (AdmiraltyShareDialog *self,
                                                   const char            *address,
                                                   guint                  port,
                                                   gboolean               running);

G_END_DECLS
