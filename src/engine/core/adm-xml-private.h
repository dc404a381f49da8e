/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-xml-private.h: what the XML files (adm-xml.c, the checks before parsing, the parse and
 * the helpers; adm-xml-schema.c, validation; adm-xml-element.c, elements read without a tree,
 * from a tree or streamed from the parse) share, for those files only. */
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



typedef struct _Stream Stream;

/* adm-xml.c: @data parsed and validated; with @stream, its streamed element's children go to
 * the stream instead of the tree. */
xmlDoc                *_adm_xml_read_memory           (const char        *data,
                                                       gsize              length,
                                                       const char        *display_name,
                                                       const char        *schema,
                                                       Stream            *stream,
                                                       GError           **error);

/* adm-xml.c: parses with every libxml2 error channel pointed at @errors. */
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

/* adm-xml-element.c: the parse of @ctxt with @stream's element's children going to it. */
xmlDoc                *_adm_xml_stream_parse          (xmlParserCtxtPtr   ctxt,
                                                       Stream            *stream,
                                                       const char        *display_name);
/* adm-xml-element.c: "<PARENT> holds elements only, not text such as “…”", for @text (the
 * first @length bytes) found in the element @parent; _adm_xml_set_text_error () sets it as
 * "DISPLAY_NAME:LINE: …". */
char                  *_adm_xml_text_problem          (const char        *parent,
                                                       const char        *text,
                                                       gsize              length) G_GNUC_WARN_UNUSED_RESULT;
void                   _adm_xml_set_text_error        (GError           **error,
                                                       const char        *display_name,
                                                       int                line,
                                                       const char        *parent,
                                                       const char        *text,
                                                       gsize              length);

G_END_DECLS
