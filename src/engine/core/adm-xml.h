/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-xml.h: safe loading of Admiralty XML files, schema validation, error messages with lines */
#pragma once

#include <glib.h>
#include <libxml/tree.h>
#include "adm-xml-element.h"

G_BEGIN_DECLS

#define ADM_XML_ERROR (adm_xml_error_quark ())

typedef enum {
  ADM_XML_ERROR_IO,        /* cannot read the file */
  ADM_XML_ERROR_TOO_LARGE, /* over ADM_XML_MAX_SIZE */
  ADM_XML_ERROR_SYNTAX,    /* not well-formed XML (truncated, corrupted) */
  ADM_XML_ERROR_FORBIDDEN, /* DOCTYPE, entities: refused for safety */
  ADM_XML_ERROR_INVALID,   /* well-formed but not what the schema or the rules allow */
} AdmXmlError;

/* Larger files are refused before parsing: a 1,000-ship campaign with 10,000 events is ~2 MiB. */
#define ADM_XML_MAX_SIZE (64 * 1024 * 1024)

/* The most attributes an element may have. The most any element of an Admiralty format has
 * is 13 (a <class>), a journal's event a few: more is junk, and libxml2 2.9 reads an
 * element's attributes in time quadratic in their number. */
#define ADM_XML_MAX_ATTRIBUTES 32

GQuark   adm_xml_error_quark   (void);

/* Counts the attributes of each start tag of @data without parsing it: FALSE with
 * ADM_XML_ERROR_INVALID, "FILE:LINE: <x> has N attributes; an element of an Admiralty file
 * has 0–32", at the first with more than ADM_XML_MAX_ATTRIBUTES. Every file read is counted
 * so before libxml2 reads it; a caller that parses XML by other means counts it first. */
gboolean adm_xml_check_attributes (const char  *data,
                                   gsize        length,
                                   const char  *display_name,
                                   GError     **error);

/* Reads and parses @path, refusing DOCTYPEs and network access, then validates the root
 * against the embedded schema @schema ("ruleset", "classes", "scenario", "campaign"), or
 * against the schema named by the root element when @schema is NULL. Errors read
 * "FILE:LINE: problem". */
xmlDoc  *adm_xml_read_file     (const char   *path,
                                const char   *schema,
                                GError      **error) G_GNUC_WARN_UNUSED_RESULT;
xmlDoc  *adm_xml_read_memory   (const char   *data,
                                gsize         length,
                                const char   *display_name,
                                const char   *schema,
                                GError      **error) G_GNUC_WARN_UNUSED_RESULT;
/* adm_xml_read_memory () without a schema: every refusal before it (a DOCTYPE, an encoding
 * other than UTF-8, too many attributes, XML that is not well-formed), none of the schema's.
 * For an editor, which opens a draft with problems to fix them; white space is kept. */
xmlDoc  *adm_xml_parse_memory  (const char   *data,
                                gsize         length,
                                const char   *display_name,
                                GError      **error) G_GNUC_WARN_UNUSED_RESULT;
/* adm_xml_read_memory (), except that the children of the root's first child element named
 * @streamed (a journal) are not put in the document, nor validated by the schema: each is
 * handed to @func as soon as it is read, in order, and the document keeps @streamed empty.
 * The first error of @func, or text directly inside @streamed (which holds only elements),
 * stops the calls and is put in @stream_error — for the caller to report after what comes
 * before it, since the rest of the file is still read and checked as a whole (@error). The
 * file is read as UTF-8 whatever its declaration says, as adm_xml_read_memory () does. */
xmlDoc  *adm_xml_read_memory_streamed (const char         *data,
                                       gsize               length,
                                       const char         *display_name,
                                       const char         *schema,
                                       const char         *streamed,
                                       AdmXmlElementFunc   func,
                                       gpointer            user_data,
                                       GError            **stream_error,
                                       GError            **error) G_GNUC_WARN_UNUSED_RESULT;
/* A file read as its bytes arrive (a table's message over the network), none of them kept
 * once the parser has them: adm_xml_push_feed () hands it the next piece, any length, and
 * says FALSE once the file is refused, which it is as soon as a piece shows why (the rest need
 * not be read); adm_xml_push_end () then gives the document, validated as adm_xml_read_memory
 * () validates it, or the first refusal in its words. The refusals are adm_xml_read_memory
 * ()'s, but that a file in UTF-16 may be said to hold a NUL byte. */
typedef struct _AdmXmlPush AdmXmlPush;

AdmXmlPush *adm_xml_push_new  (const char   *display_name);
gboolean    adm_xml_push_feed (AdmXmlPush   *push,
                               const char   *data,
                               gsize         length);
xmlDoc     *adm_xml_push_end  (AdmXmlPush   *push,
                               const char   *schema,
                               GError      **error) G_GNUC_WARN_UNUSED_RESULT;
void        adm_xml_push_free (AdmXmlPush   *push);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdmXmlPush, adm_xml_push_free)

/* adm_xml_read_file () without the schema: the same refusals (size, encoding, DOCTYPE,
 * syntax), the document as parsed, for a caller that validates it with
 * adm_xml_validate_all (). */
xmlDoc  *adm_xml_parse_file    (const char   *path,
                                GError      **error) G_GNUC_WARN_UNUSED_RESULT;

/* One schema error: the element it is at (NULL when libxml2 names none), its line (0 when
 * unknown), the attribute at fault when one is named, and the message without "FILE:LINE: ",
 * worded as adm_xml_read_file () words its first error. */
typedef void (*AdmXmlProblemFunc) (xmlNode    *element,
                                   int         line,
                                   const char *attribute,
                                   const char *message,
                                   gpointer    user_data);

/* Checks @doc, whose root is the element @schema_name, against the embedded schema of that
 * name, and hands each error libxml2's validator reports to @func, in the order reported (an
 * element's attributes may be reported in more than one, each with the same message). TRUE
 * when the document is valid. */
gboolean adm_xml_validate_all  (xmlDoc             *doc,
                                const char         *schema_name,
                                AdmXmlProblemFunc   func,
                                gpointer            user_data);

/* Checks @element, an element of a larger file (a battle's set-up, a season's ruleset), against
 * the embedded schema @schema_name as if it were a file of its own, on a copy that keeps its
 * lines: errors read "DISPLAY_NAME:LINE: problem" with the larger file's lines. */
gboolean adm_xml_validate_element (xmlNode     *element,
                                   const char  *schema_name,
                                   const char  *display_name,
                                   GError     **error);

/* Sets @error to ADM_XML_ERROR_INVALID with "DISPLAY_NAME:LINE: message" (no line when
 * @line is 0). */
void     adm_xml_set_error_at  (GError      **error,
                                const char   *display_name,
                                int           line,
                                const char   *format,
                                ...) G_GNUC_PRINTF (4, 5);

/* Reads a whole file after checking that it is a regular file within ADM_XML_MAX_SIZE;
 * errors (ADM_XML_ERROR_IO, _TOO_LARGE) read "PATH: problem". */
char    *adm_xml_read_bytes    (const char   *path,
                                gsize        *length,
                                GError      **error) G_GNUC_WARN_UNUSED_RESULT;

/* adm_xml_read_bytes () as GBytes, read into memory made at once: for long files (a campaign)
 * that a process reads as soon as it starts. The same refusals. */
GBytes  *adm_xml_read_file_bytes (const char  *path,
                                  GError     **error) G_GNUC_WARN_UNUSED_RESULT;

/* The name of the first element of the file at @path, skipping the XML declaration, comments
 * and processing instructions, from its first 16 KiB and without parsing it; NULL when the
 * file cannot be read or does not start as XML. Tells what kind of file the app is opening. */
char    *adm_xml_peek_root     (const char   *path) G_GNUC_WARN_UNUSED_RESULT;

/* Sets @error to ADM_XML_ERROR_INVALID with "DISPLAY_NAME:LINE: message". */
void     adm_xml_set_error     (GError      **error,
                                const char   *display_name,
                                xmlNode      *node,
                                const char   *format,
                                ...) G_GNUC_PRINTF (4, 5);

/* Attribute helpers. Strings are g_malloc'ed copies (g_free them), NULL when absent. */
char    *adm_xml_get_string    (xmlNode      *node,
                                const char   *name) G_GNUC_WARN_UNUSED_RESULT;
char    *adm_xml_get_text      (xmlNode      *node) G_GNUC_WARN_UNUSED_RESULT;
/* Whether @c may appear in an XML 1.0 document (its Char production). */
gboolean adm_xml_is_char       (gunichar      c);
/* The first character of @text (UTF-8) that an XML file cannot hold, or 0 when there is none;
 * (gunichar) -1 when @text is not valid UTF-8. */
gunichar adm_xml_first_bad_char (const char  *text);
/* Parses an integer attribute; absent → @fallback when @required is FALSE; a malformed or
 * absent required value sets @error naming the element, attribute and line. */
gboolean adm_xml_get_int       (xmlNode      *node,
                                const char   *name,
                                gboolean      required,
                                int           fallback,
                                int          *out,
                                const char   *display_name,
                                GError      **error);
gboolean adm_xml_get_double    (xmlNode      *node,
                                const char   *name,
                                gboolean      required,
                                double        fallback,
                                double       *out,
                                const char   *display_name,
                                GError      **error);
gboolean adm_xml_get_boolean   (xmlNode      *node,
                                const char   *name,
                                gboolean      fallback);

/* Element iteration: the first element child named @name (any name when NULL), and the next
 * element sibling with that name. */
xmlNode *adm_xml_first_element (xmlNode      *parent,
                                const char   *name);
xmlNode *adm_xml_next_element  (xmlNode      *node,
                                const char   *name);
gboolean adm_xml_is            (xmlNode      *node,
                                const char   *name);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (xmlDoc, xmlFreeDoc)

G_END_DECLS
