/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-xml-private.h: what the XML files (adm-xml.c, the checks before parsing and the
 * helpers; adm-xml-stream.c, the parse; adm-xml-schema.c, validation; adm-xml-element.c,
 * elements read without a tree) share, for those files only. */
#pragma once

#include <libxml/parser.h>

#include "adm-xml.h"

G_BEGIN_DECLS

/* The first error (not warning) libxml2 raises while parsing, whichever channel it takes:
 * the parser's own, the SAX2 builder's ("huge text node") or the encoding layer's. Every one
 * of them arrives here, so none is printed on stderr, and the first is the one reported —
 * libxml2's "last error" is often a consequence ("Extra content at the end"). */
typedef struct {
  gboolean seen;
  xmlError error;
} ParseErrors;

/* The builder of the elements read without a tree (adm-xml-element.c): a long journal's
 * entries, each read into a few arrays reused from one entry to the next. */

typedef struct {
  gsize  name;              /* offsets into Builder.strings */
  gssize foreign;           /* or -1 */
  int    line;
  guint  first_attribute;   /* its attributes' offsets start at Builder.attributes[2 × this] */
  guint  n_attributes;
  gssize text;              /* or -1 */
  gsize  text_length;
  guint  parent;            /* index in Builder.nodes; G_MAXUINT for the entry itself */
  guint  n_children;
  gsize  start, end;        /* its bytes in the data read, when streamed */
} BuildNode;

typedef struct {
  GArray    *nodes;         /* BuildNode, in document order */
  GArray    *open;          /* guint: the nodes not yet closed, innermost last */
  GArray    *attributes;    /* gsize: name and value offsets into @strings, then lengths */
  GString   *strings;       /* NUL-terminated */
  GArray    *elements;      /* AdmXmlElement: @nodes made public */
  GPtrArray *pointers;      /* the attributes' and children's pointers of @elements */
  GArray    *lengths;       /* gsize: the attributes' lengths of @elements */
  guint      attributes_room;  /* what @attributes, @nodes and @open have been grown to */
  guint      nodes_room;
  guint      open_room;
} Builder;

typedef struct _Stream Stream;

/* adm-xml.c: @data parsed and validated; with @stream, its streamed element's children go to
 * the stream instead of the tree. */
xmlDoc                *_adm_xml_read_memory           (const char        *data,
                                                       gsize              length,
                                                       const char        *display_name,
                                                       const char        *schema,
                                                       Stream            *stream,
                                                       GError           **error);

/* adm-xml-stream.c */
xmlDoc                *_adm_xml_parse_quietly         (xmlParserCtxtPtr   ctxt,
                                                       const char        *data,
                                                       int                length,
                                                       const char        *display_name,
                                                       Stream            *stream,
                                                       ParseErrors       *errors);
gboolean               _adm_xml_stray_text_error      (const char        *data,
                                                       gsize              length,
                                                       const char        *display_name,
                                                       const char        *element,
                                                       GError           **error);

/* adm-xml-schema.c: @doc checked against the schema @schema_name, or the one its root names
 * when NULL; @data, when given, is what @doc was read from, read again for a stray text's
 * line. */
gboolean               _adm_xml_validate              (xmlDoc            *doc,
                                                       const char        *data,
                                                       gsize              length,
                                                       const char        *display_name,
                                                       const char        *schema_name,
                                                       GError           **error);

/* adm-xml-element.c */
gboolean               _adm_xml_is_blank              (const char        *text,
                                                       gsize              length);
void                   _adm_xml_set_text_error        (GError           **error,
                                                       const char        *display_name,
                                                       int                line,
                                                       const char        *parent,
                                                       const char        *text,
                                                       gsize              length);
void                   _adm_xml_builder_init          (Builder           *self);
void                   _adm_xml_builder_clear         (Builder           *self);
void                   _adm_xml_builder_reset         (Builder           *self);
BuildNode             *_adm_xml_builder_top           (Builder           *self);
/* @prefix may be NULL. */
void                   _adm_xml_builder_open          (Builder           *self,
                                                       const char        *prefix,
                                                       const char        *name,
                                                       gboolean           in_namespace,
                                                       int                line);
/* Attributes are added right after their element is opened, before any child. */
void                   _adm_xml_builder_add_attribute (Builder           *self,
                                                       const char        *prefix,
                                                       const char        *name,
                                                       gboolean           in_namespace,
                                                       const char        *value,
                                                       gssize             length);
void                   _adm_xml_builder_add_text      (Builder           *self,
                                                       const char        *text,
                                                       gsize              length);
/* TRUE when the element closed was the entry itself. */
gboolean               _adm_xml_builder_close         (Builder           *self);
/* The entry as an AdmXmlElement, valid until the builder is reset or used again. */
const AdmXmlElement   *_adm_xml_builder_finish        (Builder           *self,
                                                       const char        *data);

G_END_DECLS
