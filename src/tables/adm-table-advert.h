/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-table-advert.h: the chief's tables told to the room's network (DNS-SD over multicast DNS,
 * through Avahi), so that a table master's Join a Table lists them (adm-table-finder.h)
 * without a link typed or passed around. What is advertised is a name, the portal's port and
 * the protocol's version ("txtvers=1"): no key, token, fingerprint or campaign content; a table
 * found so still asks to be let in and the chief master accepts it (adm-table-pairing.h).
 *
 * The advertisement follows the portal: published while it listens, withdrawn when it stops.
 * Where Avahi does not run (no daemon, no system bus) nothing is advertised and "message"
 * says so; the join link keeps working on a network without multicast. Nothing here uses GTK. */
#pragma once

#include <glib-object.h>

#include "adm-portal.h"

G_BEGIN_DECLS

/* The DNS-SD service type. */
#define ADM_TABLE_SERVICE_TYPE "_admiralty-table._tcp"

#define ADM_TYPE_TABLE_ADVERT (adm_table_advert_get_type ())
G_DECLARE_FINAL_TYPE (AdmTableAdvert, adm_table_advert, ADM, TABLE_ADVERT, GObject)

/* Advertises @portal's tables as @name (cut to a DNS-SD name's 63 bytes; another name beside
 * it if the network has one already) while @portal listens.
 * Properties (read-only, notified): "published" (gboolean), "name" (the name published, or
 * NULL), "message" (why nothing is advertised, or NULL). */
AdmTableAdvert *adm_table_advert_new           (AdmPortal      *portal,
                                                const char     *name) G_GNUC_WARN_UNUSED_RESULT;
gboolean        adm_table_advert_get_published (AdmTableAdvert *self);
const char     *adm_table_advert_get_name      (AdmTableAdvert *self);
const char     *adm_table_advert_get_message   (AdmTableAdvert *self);

/* Whether Avahi's @error (an AVAHI_ERR_ code) means it cannot be reached on this computer: no
 * daemon, no system bus, the daemon gone. A master is then told
 * that Avahi is not running, rather than Avahi's own words ("Operation failed"). */
gboolean        adm_table_avahi_unreachable    (int             error);

/* @name cut to at most 63 bytes at a character's boundary: the longest DNS-SD instance name. */
char           *adm_table_service_name         (const char     *name) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
