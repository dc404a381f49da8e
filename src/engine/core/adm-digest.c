/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-digest.c: the canonical form of content and its SHA-256 (adm-digest.h). */

#include "config.h"

#include "adm-digest.h"

void
adm_digest_open (GChecksum  *checksum,
                 const char *name)
{
  g_checksum_update (checksum, (const guchar *) "<", 1);
  g_checksum_update (checksum, (const guchar *) name, -1);
}

void
adm_digest_attribute (GChecksum  *checksum,
                      const char *name,
                      const char *value)
{
  g_checksum_update (checksum, (const guchar *) "\0", 1);
  g_checksum_update (checksum, (const guchar *) name, -1);
  g_checksum_update (checksum, (const guchar *) "=", 1);
  g_checksum_update (checksum, (const guchar *) (value != NULL ? value : ""), -1);
}

void
adm_digest_end_attributes (GChecksum *checksum)
{
  g_checksum_update (checksum, (const guchar *) ">", 1);
}

void
adm_digest_text (GChecksum  *checksum,
                 const char *text)
{
  g_checksum_update (checksum, (const guchar *) "\0", 1);
  g_checksum_update (checksum, (const guchar *) text, -1);
}

void
adm_digest_close (GChecksum *checksum)
{
  g_checksum_update (checksum, (const guchar *) "</>", 3);
}

void
adm_digest_element (GChecksum *checksum,
                    xmlNode   *element)
{
  g_return_if_fail (checksum != NULL && element != NULL);

  adm_digest_open (checksum, (const char *) element->name);
  for (xmlAttr *attr = element->properties; attr != NULL; attr = attr->next)
    {
      xmlChar *value = xmlNodeGetContent ((xmlNode *) attr);

      adm_digest_attribute (checksum, (const char *) attr->name, (const char *) value);
      xmlFree (value);
    }
  adm_digest_end_attributes (checksum);
  for (xmlNode *node = element->children; node != NULL; node = node->next)
    {
      if (node->type == XML_ELEMENT_NODE)
        adm_digest_element (checksum, node);
      else if ((node->type == XML_TEXT_NODE || node->type == XML_CDATA_SECTION_NODE) &&
               node->content != NULL && !xmlIsBlankNode (node))
        adm_digest_text (checksum, (const char *) node->content);
    }
  adm_digest_close (checksum);
}

char *
adm_digest_element_sha256 (xmlNode *element)
{
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);

  g_return_val_if_fail (element != NULL, NULL);

  adm_digest_element (checksum, element);
  return g_strdup (g_checksum_get_string (checksum));
}
