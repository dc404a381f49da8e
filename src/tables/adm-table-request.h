/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-table-request.h: a table master asking the chief to let his table in without a link
 * (adm-table-pairing.h): who he says he is, the address he asked from, and the check both
 * screens show (adm-table-check.h). An item of the chief's list of those asking; it does not
 * change: an answered, withdrawn or stale request leaves the list. */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define ADM_TYPE_TABLE_REQUEST (adm_table_request_get_type ())
G_DECLARE_FINAL_TYPE (AdmTableRequest, adm_table_request, ADM, TABLE_REQUEST, GObject)

/* Properties (read-only): "id" (the request's key, not shown), "name" (what the table master
 * typed, or his computer's name), "address" (the IP address he asked from), "words" (the
 * check, "amber falcon"), "asked" (gint64, g_get_real_time () when he asked). */
AdmTableRequest *adm_table_request_new         (const char      *id,
                                                const char      *name,
                                                const char      *address,
                                                const char      *words,
                                                gint64           asked) G_GNUC_WARN_UNUSED_RESULT;
const char      *adm_table_request_get_id      (AdmTableRequest *self);
const char      *adm_table_request_get_name    (AdmTableRequest *self);
const char      *adm_table_request_get_address (AdmTableRequest *self);
const char      *adm_table_request_get_words   (AdmTableRequest *self);
gint64           adm_table_request_get_asked   (AdmTableRequest *self);

G_END_DECLS
