/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-table-asking.h: a table master's Admiralty asking a chief's to let his table in, without
 * a link (the chief's side and the exchange: adm-table-pairing.h). It speaks TLS to the chief
 * at HOST:PORT, takes note of the certificate it is shown, and from then on accepts that one
 * alone; it commits to a nonce of its own, gets the chief's, reveals its own and shows the
 * check both screens show (adm-table-check.h): the table master compares it with the chief
 * master's. Then it asks every second until the chief master answers. The join link he is
 * given must name the certificate the words were drawn from, or it is refused: the link
 * then goes to adm_table_client_new () as a pasted one would.
 *
 * Properties (read-only, notified, on the caller's thread-default main context): "state"
 * (AdmTableAskingState), "words" (the check, once known), "link" and "table" (once
 * accepted), "message" (why it failed, or while the chief does not answer, that it asks
 * again). Nothing here uses GTK. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef enum {
  ADM_TABLE_ASKING_CONNECTING, /* asking; no check yet */
  ADM_TABLE_ASKING_WAITING,    /* the check shown; the chief master has not answered */
  ADM_TABLE_ASKING_ACCEPTED,   /* let in: "link" */
  ADM_TABLE_ASKING_REFUSED,    /* the chief master refused */
  ADM_TABLE_ASKING_FAILED,     /* "message" says why; nothing more is asked */
  ADM_TABLE_ASKING_CANCELLED,  /* adm_table_asking_cancel () */
} AdmTableAskingState;

GType adm_table_asking_state_get_type (void) G_GNUC_CONST;
#define ADM_TYPE_TABLE_ASKING_STATE (adm_table_asking_state_get_type ())

#define ADM_TYPE_TABLE_ASKING (adm_table_asking_get_type ())
G_DECLARE_FINAL_TYPE (AdmTableAsking, adm_table_asking, ADM, TABLE_ASKING, GObject)

/* Checks @where is "HOST:PORT" ("[IPv6]:PORT") and begins asking there as @name (the table
 * master's name or his computer's, at most 64 characters); NULL with G_IO_ERROR_INVALID_ARGUMENT
 * otherwise. */
AdmTableAsking      *adm_table_asking_new         (const char      *where,
                                                   const char      *name,
                                                   GError         **error) G_GNUC_WARN_UNUSED_RESULT;
AdmTableAskingState  adm_table_asking_get_state   (AdmTableAsking  *self);
const char          *adm_table_asking_get_words   (AdmTableAsking  *self);
const char          *adm_table_asking_get_link    (AdmTableAsking  *self);
const char          *adm_table_asking_get_table   (AdmTableAsking  *self);
const char          *adm_table_asking_get_message (AdmTableAsking  *self);
/* Stops asking and tells the chief so (his screen lets the request go). */
void                 adm_table_asking_cancel      (AdmTableAsking  *self);

G_END_DECLS
