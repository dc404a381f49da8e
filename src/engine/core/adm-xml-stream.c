/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-xml-stream.c: the parse, with libxml2's SAX2 parser: a document tree built as libxml2
 * builds it, except for the children of one element (a journal), each handed on as an
 * AdmXmlElement as soon as it is read, with its bytes in the file (adm-xml.h).
 *
 * The bytes are where the parser is in its callbacks. libxml2's xmlTextReader does not give
 * them: xmlTextReaderByteConsumed () is where the reader's parser is, which reads ahead of
 * the node the reader gives by up to the 512 bytes the reader hands it at once, and after
 * xmlTextReaderExpand () up to the tag that follows the entry. Neither the repair of a file
 * cut short (its last complete entry's end) nor a save that adds only the new entries (the
 * journal's bytes kept as read) can do with where a later entry begins. Nor does RELAX NG
 * check the journal while it streams (xmlTextReaderRelaxNGSetSchema ()): with these schemas
 * libxml2's streaming validator holds as much of a long campaign in memory as its whole tree,
 * and campaign.rng does not describe the journal's <battle> entries; the journal's own checks
 * (adm-journal-reader.c) stand for the schema, in the master's words. */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>

#include "adm-xml-private.h"

static void
parse_error_cb (void        *user_data,
                xmlErrorPtr  error)
{
  ParseErrors *errors = user_data;

  if (error == NULL || errors->seen || error->level < XML_ERR_ERROR)
    return;
  memset (&errors->error, 0, sizeof errors->error);
  if (xmlCopyError (error, &errors->error) == 0)
    errors->seen = TRUE;
}

static void
silent_generic_error_cb (void       *user_data,
                         const char *format,
                         ...)
{
}

struct _Stream
{
  Builder            builder;
  const char        *data;
  gsize              length;
  const char        *display_name;
  const char        *streamed;
  AdmXmlElementFunc  func;
  gpointer           user_data;
  GError            *error;        /* the first, after which nothing more is handed on */
  xmlSAXHandler      tree;         /* the tree builder's handlers, for the rest of the file */
  gsize              read;         /* how much of @data the parser has been handed */
  int                depth;        /* of the element being read; the root is 1 */
  int                inside;       /* the depth of @streamed while inside it, else 0 */
  gboolean           seen;
  /* Text between entries, gathered until the next tag (the parser hands it on in runs, cut
   * at each reference), and the line of its first character that is not white space. */
  GString           *stray;
  int                stray_line;
};

/* Text gathered between entries is the stream's error, once whole. */
static void
stream_flush_stray (Stream *stream)
{
  if (stream->stray == NULL || stream->stray->len == 0)
    return;
  if (stream->error == NULL)
    _adm_xml_set_text_error (&stream->error, stream->display_name, stream->stray_line,
                             stream->streamed, stream->stray->str, stream->stray->len);
  g_string_truncate (stream->stray, 0);
}

/* Where the parser is, as an offset into the data: memory is read as UTF-8 without an
 * encoder (XML_PARSE_IGNORE_ENC), so the input's bytes are the data's. */
static gsize
stream_offset (xmlParserCtxtPtr ctxt)
{
  return (gsize) ctxt->input->consumed + (gsize) (ctxt->input->cur - ctxt->input->base);
}

static void
stream_start_cb (void           *ctx,
                 const xmlChar  *localname,
                 const xmlChar  *prefix,
                 const xmlChar  *uri,
                 int             nb_namespaces,
                 const xmlChar **namespaces,
                 int             nb_attributes,
                 int             nb_defaulted,
                 const xmlChar **attributes)
{
  xmlParserCtxtPtr ctxt = ctx;
  Stream *stream = ctxt->_private;
  Builder *builder = &stream->builder;
  gsize offset;

  stream->depth++;
  if (stream->inside == 0)
    {
      stream->tree.startElementNs (ctx, localname, prefix, uri, nb_namespaces, namespaces,
                                   nb_attributes, nb_defaulted, attributes);
      if (stream->depth == 2 && !stream->seen && uri == NULL &&
          g_str_equal ((const char *) localname, stream->streamed))
        {
          stream->inside = stream->depth;
          stream->seen = TRUE;
        }
      return;
    }
  if (builder->open->len == 0)
    stream_flush_stray (stream);
  if (stream->error != NULL)
    return;

  _adm_xml_builder_open (builder, (const char *) prefix, (const char *) localname, uri != NULL,
                         ctxt->input->line);
  /* The start tag is behind the parser, and holds no other "<" (a value cannot). */
  offset = MIN (stream_offset (ctxt), stream->length);
  while (offset > 0 && stream->data[offset - 1] != '<')
    offset--;
  _adm_xml_builder_top (builder)->start = offset > 0 ? offset - 1 : 0;
  for (int i = 0; i < nb_attributes; i++)
    {
      const char *value = (const char *) attributes[5 * i + 3];
      gsize length = (gsize) (attributes[5 * i + 4] - attributes[5 * i + 3]);

      /* Without entity substitution the parser hands on "&" as "&#38;", for the tree
       * builder to decode; the other references come decoded. */
      if (memchr (value, '&', length) != NULL)
        {
          g_autoptr(GString) decoded = g_string_new_len (value, (gssize) length);

          g_string_replace (decoded, "&#38;", "&", 0);
          _adm_xml_builder_add_attribute (builder, (const char *) attributes[5 * i + 1],
                                          (const char *) attributes[5 * i],
                                          attributes[5 * i + 2] != NULL,
                                          decoded->str, (gssize) decoded->len);
        }
      else
        _adm_xml_builder_add_attribute (builder, (const char *) attributes[5 * i + 1],
                                        (const char *) attributes[5 * i],
                                        attributes[5 * i + 2] != NULL, value, (gssize) length);
    }
}

static void
stream_end_cb (void          *ctx,
               const xmlChar *localname,
               const xmlChar *prefix,
               const xmlChar *uri)
{
  xmlParserCtxtPtr ctxt = ctx;
  Stream *stream = ctxt->_private;
  Builder *builder = &stream->builder;

  if (stream->inside == 0 || stream->depth == stream->inside)
    {
      if (stream->depth == stream->inside)
        {
          stream_flush_stray (stream);
          stream->inside = 0;
        }
      stream->tree.endElementNs (ctx, localname, prefix, uri);
      stream->depth--;
      return;
    }
  stream->depth--;
  if (stream->error != NULL)
    return;

  _adm_xml_builder_top (builder)->end = MIN (stream_offset (ctxt), stream->length);
  if (_adm_xml_builder_close (builder))
    {
      const AdmXmlElement *entry = _adm_xml_builder_finish (builder, stream->data);

      if (!stream->func (entry, stream->user_data, &stream->error))
        g_assert (stream->error != NULL);
      _adm_xml_builder_reset (builder);
    }
}

static void
stream_characters_cb (void          *ctx,
                      const xmlChar *text,
                      int            length)
{
  xmlParserCtxtPtr ctxt = ctx;
  Stream *stream = ctxt->_private;

  if (stream->inside == 0)
    {
      stream->tree.characters (ctx, text, length);
      return;
    }
  if (stream->error != NULL || length <= 0)
    return;
  if (stream->builder.open->len > 0)
    _adm_xml_builder_add_text (&stream->builder, (const char *) text, (gsize) length);
  else if (stream->stray != NULL && stream->stray->len > 0)
    g_string_append_len (stream->stray, (const char *) text, length);
  else if (!_adm_xml_is_blank ((const char *) text, (gsize) length))
    {
      /* The parser is past the run: its line is the run's last, less the lines after the
       * first character that is not white space. */
      int line = ctxt->input->line;
      int i = 0;

      while (g_ascii_isspace (text[i]))
        i++;
      for (; i < length; i++)
        line -= text[i] == '\n';
      if (stream->stray == NULL)
        stream->stray = g_string_new (NULL);
      stream->stray_line = line;
      g_string_append_len (stream->stray, (const char *) text, length);
    }
}

/* Comments and processing instructions inside the streamed element are not content. */
static void
stream_comment_cb (void          *ctx,
                   const xmlChar *value)
{
  xmlParserCtxtPtr ctxt = ctx;
  Stream *stream = ctxt->_private;

  if (stream->inside == 0 && stream->tree.comment != NULL)
    stream->tree.comment (ctx, value);
}

static void
stream_pi_cb (void          *ctx,
              const xmlChar *target,
              const xmlChar *data)
{
  xmlParserCtxtPtr ctxt = ctx;
  Stream *stream = ctxt->_private;

  if (stream->inside == 0 && stream->tree.processingInstruction != NULL)
    stream->tree.processingInstruction (ctx, target, data);
}

/* The data, a few kilobytes at a time; @read counts what was handed on. */
static int
stream_read_cb (void *context,
                char *buffer,
                int   length)
{
  Stream *stream = context;
  gsize n = MIN ((gsize) MAX (length, 0), stream->length - stream->read);

  memcpy (buffer, stream->data + stream->read, n);
  stream->read += n;
  return (int) n;
}

static int
stream_close_cb (void *context)
{
  return 0;
}

static void
stream_install (Stream           *stream,
                xmlParserCtxtPtr  ctxt)
{
  stream->tree = *ctxt->sax;
  g_assert (stream->tree.initialized == XML_SAX2_MAGIC && stream->tree.startElementNs != NULL);
  ctxt->sax->startElementNs = stream_start_cb;
  ctxt->sax->endElementNs = stream_end_cb;
  ctxt->sax->characters = stream_characters_cb;
  ctxt->sax->ignorableWhitespace = stream_characters_cb;
  ctxt->sax->comment = stream_comment_cb;
  ctxt->sax->processingInstruction = stream_pi_cb;
  ctxt->_private = stream;
}

static gboolean
accept_element_cb (const AdmXmlElement  *element,
                   gpointer              user_data,
                   GError              **error)
{
  return TRUE;
}

/* @data read again with the root's child @element streamed, for the error it gives for text
 * directly inside it: TRUE with @error set when there is such text. */
gboolean
_adm_xml_stray_text_error (const char  *data,
                           gsize        length,
                           const char  *display_name,
                           const char  *element,
                           GError     **error)
{
  Stream stream = { { NULL }, data, length, display_name, element, accept_element_cb, NULL,
                    NULL, { 0 }, 0, 0, 0, FALSE };
  ParseErrors errors = { FALSE, { 0 } };
  xmlParserCtxtPtr ctxt = xmlNewParserCtxt ();
  xmlDoc *doc;
  gboolean found;

  if (ctxt == NULL)
    g_error ("Out of memory creating an XML parser");
  _adm_xml_builder_init (&stream.builder);
  doc = _adm_xml_parse_quietly (ctxt, data, (int) length, display_name, &stream, &errors);
  if (doc != NULL)
    xmlFreeDoc (doc);
  xmlResetError (&errors.error);
  xmlFreeParserCtxt (ctxt);
  _adm_xml_builder_clear (&stream.builder);
  if (stream.stray != NULL)
    g_string_free (stream.stray, TRUE);
  found = stream.error != NULL;
  if (found)
    g_propagate_error (error, stream.error);
  return found;
}

/* Parses with every libxml2 error channel of this thread pointed at @errors for the time of
 * the parse, then puts back whatever handlers were there. With @stream, the streamed
 * element's children go to it instead of the tree. */
xmlDoc *
_adm_xml_parse_quietly (xmlParserCtxtPtr  ctxt,
                        const char       *data,
                        int               length,
                        const char       *display_name,
                        Stream           *stream,
                        ParseErrors      *errors)
{
  xmlStructuredErrorFunc old_structured = xmlStructuredError;
  void *old_structured_data = xmlStructuredErrorContext;
  xmlGenericErrorFunc old_generic = xmlGenericError;
  void *old_generic_data = xmlGenericErrorContext;
  xmlDoc *doc;

  xmlSetStructuredErrorFunc (errors, parse_error_cb);
  xmlSetGenericErrorFunc (NULL, silent_generic_error_cb);
  /* Both ways read UTF-8 whatever the file declares (libxml2 refuses a byte that is not; then
   * check_utf8 () names it). A stream
   * reads it without an encoder, so that the parser's offsets are the data's, and a few
   * kilobytes at a time rather than from a copy of the whole file (megabytes of memory
   * touched for the first time, which is what costs in a process that just started). */
  if (stream != NULL)
    {
      stream_install (stream, ctxt);
      doc = xmlCtxtReadIO (ctxt, stream_read_cb, stream_close_cb, stream, display_name, NULL,
                           XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING |
                           XML_PARSE_NOCDATA | XML_PARSE_IGNORE_ENC);
    }
  else
    doc = xmlCtxtReadMemory (ctxt, data, length, display_name, "UTF-8",
                             XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING |
                             XML_PARSE_NOCDATA);
  xmlSetGenericErrorFunc (old_generic_data, old_generic);
  xmlSetStructuredErrorFunc (old_structured_data, old_structured);
  return doc;
}

xmlDoc *
adm_xml_read_memory_streamed (const char         *data,
                              gsize               length,
                              const char         *display_name,
                              const char         *schema,
                              const char         *streamed,
                              AdmXmlElementFunc   func,
                              gpointer            user_data,
                              GError            **stream_error,
                              GError            **error)
{
  Stream stream = { { NULL }, data, length, display_name, streamed, func, user_data, NULL,
                    { 0 }, 0, 0, 0, FALSE };
  xmlDoc *doc;

  g_return_val_if_fail (streamed != NULL && func != NULL, NULL);

  _adm_xml_builder_init (&stream.builder);
  doc = _adm_xml_read_memory (data, length, display_name, schema, &stream, error);
  _adm_xml_builder_clear (&stream.builder);
  if (stream.stray != NULL)
    g_string_free (stream.stray, TRUE);
  if (doc != NULL && stream.error != NULL)
    g_propagate_error (stream_error, g_steal_pointer (&stream.error));
  g_clear_error (&stream.error);
  return doc;
}
