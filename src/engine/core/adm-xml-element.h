/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-xml-element.h: an element of a file read without a document tree (adm-xml.h). */
#pragma once

#include <glib.h>
#include <libxml/tree.h>

G_BEGIN_DECLS

/* An element of a file, with its descendants, read without a document tree: what a long
 * journal's entries are read as (adm_xml_read_memory_streamed ()), and what an element of a
 * tree can be turned into (adm_xml_foreach_child ()), so that one check serves both. Valid
 * only during the AdmXmlElementFunc it is handed to. */
typedef struct _AdmXmlElement AdmXmlElement;
struct _AdmXmlElement
{
  const char     *name;
  int             line;
  /* Its name, or the first of its attributes' names, when in an XML namespace; else NULL. */
  const char     *foreign;
  guint           n_attributes;
  const char    **attributes;     /* name, value, name, value, … as read (entities decoded) */
  const gsize    *lengths;        /* the length of each of @attributes' strings */
  const char     *text;           /* the character data directly inside it; "" when none */
  gsize           text_length;
  guint           n_children;
  AdmXmlElement **children;       /* its child elements, in order */
  /* Its bytes in the file, from "<" to its end, when streamed; else NULL. */
  const char     *source;
  gsize           source_length;
};

/* The value of @element's attribute @name, or NULL. */
const char *adm_xml_element_get (const AdmXmlElement *element,
                                 const char          *name);

/* Handed each streamed element in turn; FALSE with @error stops the calls. */
typedef gboolean (*AdmXmlElementFunc) (const AdmXmlElement  *element,
                                       gpointer              user_data,
                                       GError              **error);
/* The same for a tree already read: each child element of @parent, in order, handed to
 * @func; text directly inside @parent is refused as above. Stops at the first error. */
gboolean adm_xml_foreach_child (xmlNode            *parent,
                                const char         *display_name,
                                AdmXmlElementFunc   func,
                                gpointer            user_data,
                                GError            **error);

G_END_DECLS
