/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-table-certificate.h: the certificate the tables' TLS is served with (adm-table-server.h).
 * The chief's Admiralty makes it once — a self-signed ECDSA P-256 certificate, made with
 * GnuTLS (GLib makes none) — and keeps it beside the campaign in `.NAME.table-certificate`:
 * the certificate and its private key in PEM, mode 0600, never in the campaign itself (the
 * campaign file is handed around, the key is not). A campaign with no file yet has one made
 * in memory for as long as it is served. Each join link carries the certificate's SHA-256
 * fingerprint (adm_table_certificate_fingerprint ()), which the table checks on every
 * connection (adm-table-client.h): no certificate authority, nothing to click through. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* The fingerprint: SHA-256 of the certificate (DER), 64 lower-case hexadecimal digits. */
#define ADM_TABLE_FINGERPRINT_CHARS 64

#define ADM_TABLE_CERTIFICATE_ERROR (adm_table_certificate_error_quark ())

typedef enum {
  ADM_TABLE_CERTIFICATE_ERROR_READ,   /* the file is there and does not serve */
  ADM_TABLE_CERTIFICATE_ERROR_MAKE,   /* GnuTLS could not make one */
  ADM_TABLE_CERTIFICATE_ERROR_WRITE,  /* it could not be kept */
} AdmTableCertificateError;

GQuark           adm_table_certificate_error_quark (void);

/* "DIR/.NAME.table-certificate" beside the campaign at @campaign_path. */
char            *adm_table_certificate_path_for    (const char       *campaign_path) G_GNUC_WARN_UNUSED_RESULT;

/* The certificate kept at @path, its mode made 0600 if it was wider; when there is none, one
 * made and kept there (mode 0600; @path NULL: in memory only), *@made (may be NULL) saying so.
 * Errors name the file. */
GTlsCertificate *adm_table_certificate_load        (const char       *path,
                                                    gboolean         *made,
                                                    GError          **error) G_GNUC_WARN_UNUSED_RESULT;

/* A new self-signed certificate with its private key, as PEM. */
char            *adm_table_certificate_make_pem    (GError          **error) G_GNUC_WARN_UNUSED_RESULT;

/* @certificate's fingerprint: ADM_TABLE_FINGERPRINT_CHARS digits. */
char            *adm_table_certificate_fingerprint (GTlsCertificate  *certificate) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
