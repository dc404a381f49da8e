/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-xml-layout.h: a document written back as it was read. libxml2 keeps a file's text,
 * comments and the white space between elements, but not how a start tag was laid out: an
 * element whose attributes run over two lines comes back on one. This remembers, for each
 * element of a document, the white space before each attribute, each attribute as written
 * (its quotes and character references) and the white space before the tag's end, and writes
 * the document with them: a file read and written unchanged is the same bytes, and an edit
 * changes only the lines it touches. An element made after the reading, or an attribute whose
 * value changed, is written in the same style: attributes on one line, wrapped under the
 * first one before column 100. Plain C on libxml2: the scenario editor and the command line
 * can both use it. */
#pragma once

#include <glib.h>
#include <libxml/tree.h>

G_BEGIN_DECLS

typedef struct _AdmXmlLayout AdmXmlLayout;

/* Where a line is wrapped, as the shipped files are. */
#define ADM_XML_LAYOUT_COLUMNS 100

/* Reads how @data, the text @doc was parsed from (without XML_PARSE_NOBLANKS), lays out each
 * start tag, and ties it to @doc's elements (their _private pointer, which nothing else of
 * Admiralty uses). An element the scan cannot match to its tag is written in the default
 * style. Free the layout after the document: the elements point into it. */
AdmXmlLayout *adm_xml_layout_scan  (xmlDoc       *doc,
                                    const char   *data,
                                    gsize         length) G_GNUC_WARN_UNUSED_RESULT;
void          adm_xml_layout_free  (AdmXmlLayout *layout);

/* @doc as text: the XML declaration as read (or version 1.0, UTF-8), each node of the top
 * level on a line of its own, each element as its layout says. @layout may be NULL. */
GBytes       *adm_xml_layout_write (AdmXmlLayout *layout,
                                    xmlDoc       *doc) G_GNUC_WARN_UNUSED_RESULT;

/* The same text, and each element of @doc given the line it has in it, as libxml2 would give
 * it reading the text back: what the elements' lines say after an edit is the file as it
 * would be saved, with no second reading. */
GBytes       *adm_xml_layout_write_lines (AdmXmlLayout *layout,
                                          xmlDoc       *doc) G_GNUC_WARN_UNUSED_RESULT;

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdmXmlLayout, adm_xml_layout_free)

G_END_DECLS
