/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-table-certificate.c: the tables' certificate (adm-table-certificate.h). */

#include "config.h"

#include <errno.h>
#include <string.h>
#include <time.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <gnutls/gnutls.h>
#include <gnutls/crypto.h>
#include <gnutls/x509.h>

#include "adm-table-certificate.h"

/* A file of a few hundred bytes; anything much larger is not one of ours. */
#define MAX_FILE (64 * 1024)

G_DEFINE_QUARK (adm-table-certificate-error-quark, adm_table_certificate_error)

char *
adm_table_certificate_path_for (const char *campaign_path)
{
  g_autofree char *dir = NULL, *base = NULL, *name = NULL;

  g_return_val_if_fail (campaign_path != NULL, NULL);

  dir = g_path_get_dirname (campaign_path);
  base = g_path_get_basename (campaign_path);
  if (g_str_has_suffix (base, ".admiralty"))
    base[strlen (base) - strlen (".admiralty")] = '\0';
  name = g_strdup_printf (".%s.table-certificate", base);
  return g_build_filename (dir, name, NULL);
}

static gboolean
gnutls_failed (int      code,
               GError **error)
{
  if (code >= 0)
    return FALSE;
  g_set_error (error, ADM_TABLE_CERTIFICATE_ERROR, ADM_TABLE_CERTIFICATE_ERROR_MAKE,
               _("Cannot make the tables’ certificate: %s"), gnutls_strerror (code));
  return TRUE;
}

char *
adm_table_certificate_make_pem (GError **error)
{
  gnutls_x509_privkey_t key = NULL;
  gnutls_x509_crt_t crt = NULL;
  gnutls_datum_t cert_pem = { NULL, 0 }, key_pem = { NULL, 0 };
  guint8 serial[16];
  const char *name = "Admiralty chief master";
  char *pem = NULL;
  time_t now = time (NULL);

  if (gnutls_failed (gnutls_x509_privkey_init (&key), error) ||
      gnutls_failed (gnutls_x509_privkey_generate (key, GNUTLS_PK_ECDSA,
                                                   GNUTLS_CURVE_TO_BITS (GNUTLS_ECC_CURVE_SECP256R1),
                                                   0), error) ||
      gnutls_failed (gnutls_x509_crt_init (&crt), error) ||
      gnutls_failed (gnutls_rnd (GNUTLS_RND_NONCE, serial, sizeof serial), error))
    goto out;
  /* A positive serial number (RFC 5280, 4.1.2.2). */
  serial[0] &= 0x7f;
  serial[0] |= 0x01;
  /* Valid from a day back (a table's clock a little behind the chief's) and with no end: the
   * table checks the fingerprint, not the dates, and a campaign runs over many weekends. */
  if (gnutls_failed (gnutls_x509_crt_set_version (crt, 3), error) ||
      gnutls_failed (gnutls_x509_crt_set_serial (crt, serial, sizeof serial), error) ||
      gnutls_failed (gnutls_x509_crt_set_activation_time (crt, now - 24 * 60 * 60), error) ||
      gnutls_failed (gnutls_x509_crt_set_expiration_time (crt, (time_t) -1), error) ||
      gnutls_failed (gnutls_x509_crt_set_dn_by_oid (crt, GNUTLS_OID_X520_COMMON_NAME, 0, name,
                                                    (unsigned) strlen (name)), error) ||
      gnutls_failed (gnutls_x509_crt_set_basic_constraints (crt, 0, -1), error) ||
      gnutls_failed (gnutls_x509_crt_set_key_usage (crt, GNUTLS_KEY_DIGITAL_SIGNATURE), error) ||
      gnutls_failed (gnutls_x509_crt_set_key_purpose_oid (crt, GNUTLS_KP_TLS_WWW_SERVER, 0),
                     error) ||
      gnutls_failed (gnutls_x509_crt_set_key (crt, key), error) ||
      gnutls_failed (gnutls_x509_crt_sign2 (crt, crt, key, GNUTLS_DIG_SHA256, 0), error) ||
      gnutls_failed (gnutls_x509_crt_export2 (crt, GNUTLS_X509_FMT_PEM, &cert_pem), error) ||
      gnutls_failed (gnutls_x509_privkey_export2_pkcs8 (key, GNUTLS_X509_FMT_PEM, NULL,
                                                        GNUTLS_PKCS_PLAIN, &key_pem), error))
    goto out;
  pem = g_strdup_printf ("%.*s%.*s", (int) cert_pem.size, (const char *) cert_pem.data,
                         (int) key_pem.size, (const char *) key_pem.data);

out:
  if (key_pem.data != NULL)
    {
      memset (key_pem.data, 0, key_pem.size);
      gnutls_free (key_pem.data);
    }
  if (cert_pem.data != NULL)
    gnutls_free (cert_pem.data);
  if (crt != NULL)
    gnutls_x509_crt_deinit (crt);
  if (key != NULL)
    gnutls_x509_privkey_deinit (key);
  return pem;
}

static void
forget (char *pem)
{
  if (pem != NULL)
    memset (pem, 0, strlen (pem));
  g_free (pem);
}

GTlsCertificate *
adm_table_certificate_load (const char  *path,
                            gboolean    *made,
                            GError     **error)
{
  g_autofree char *display = path != NULL ? g_filename_display_name (path) : NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GTlsCertificate) certificate = NULL;
  char *pem = NULL;
  gsize length = 0;
  GStatBuf buf;

  if (made != NULL)
    *made = FALSE;
  if (path != NULL && g_stat (path, &buf) == 0)
    {
      if (!S_ISREG (buf.st_mode) || buf.st_size > MAX_FILE)
        {
          g_set_error (error, ADM_TABLE_CERTIFICATE_ERROR, ADM_TABLE_CERTIFICATE_ERROR_READ,
                       _("%s is not the tables’ certificate: move it away, and Admiralty makes "
                         "a new one (the tables then need their links again)"), display);
          return NULL;
        }
      /* The private key is the master's alone. */
      if ((buf.st_mode & 0077) != 0 && g_chmod (path, 0600) != 0)
        {
          int saved = errno;

          g_set_error (error, ADM_TABLE_CERTIFICATE_ERROR, ADM_TABLE_CERTIFICATE_ERROR_READ,
                       _("Cannot make %s readable by you alone: %s"), display,
                       g_strerror (saved));
          return NULL;
        }
      if (!g_file_get_contents (path, &pem, &length, &local_error))
        {
          g_set_error (error, ADM_TABLE_CERTIFICATE_ERROR, ADM_TABLE_CERTIFICATE_ERROR_READ,
                       "%s", local_error->message);
          return NULL;
        }
      /* The certificate and its key, or nothing a server can use. */
      if (strstr (pem, "PRIVATE KEY-----") != NULL)
        certificate = g_tls_certificate_new_from_pem (pem, (gssize) length, &local_error);
      forget (pem);
      if (certificate == NULL)
        {
          g_set_error (error, ADM_TABLE_CERTIFICATE_ERROR, ADM_TABLE_CERTIFICATE_ERROR_READ,
                       _("%s is not the tables’ certificate (%s): move it away, and Admiralty "
                         "makes a new one (the tables then need their links again)"), display,
                       local_error != NULL ? local_error->message : "");
          return NULL;
        }
      return g_steal_pointer (&certificate);
    }

  pem = adm_table_certificate_make_pem (error);
  if (pem == NULL)
    return NULL;
  certificate = g_tls_certificate_new_from_pem (pem, -1, &local_error);
  if (certificate == NULL)
    {
      forget (pem);
      g_set_error (error, ADM_TABLE_CERTIFICATE_ERROR, ADM_TABLE_CERTIFICATE_ERROR_MAKE,
                   _("Cannot make the tables’ certificate: %s"), local_error->message);
      return NULL;
    }
  /* Written whole beside the old file and renamed over it, readable by the master only. */
  if (path != NULL &&
      !g_file_set_contents_full (path, pem, -1, G_FILE_SET_CONTENTS_CONSISTENT, 0600,
                                 &local_error))
    {
      forget (pem);
      g_set_error (error, ADM_TABLE_CERTIFICATE_ERROR, ADM_TABLE_CERTIFICATE_ERROR_WRITE,
                   _("Cannot keep the tables’ certificate in %s: %s"), display,
                   local_error->message);
      return NULL;
    }
  forget (pem);
  if (made != NULL)
    *made = TRUE;
  return g_steal_pointer (&certificate);
}

char *
adm_table_certificate_fingerprint (GTlsCertificate *certificate)
{
  g_autoptr(GByteArray) der = NULL;

  g_return_val_if_fail (G_IS_TLS_CERTIFICATE (certificate), NULL);

  g_object_get (certificate, "certificate", &der, NULL);
  return g_compute_checksum_for_data (G_CHECKSUM_SHA256, der->data, der->len);
}
