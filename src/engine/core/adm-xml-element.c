/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-xml-element.c: elements read without a document tree (adm-xml-element.h): from a tree
 * (adm_xml_foreach_child ()), or as libxml2's SAX2 parser reads them — a document tree
 * built as libxml2 builds it, except for the children of one element (a journal), each
 * handed on as an AdmXmlElement as soon as it is read, with its bytes in the file
 * (adm_xml_read_memory_streamed ()). */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>
#include <libxml/parser.h>
#include <libxml/SAX2.h>

#include "adm-xml-private.h"

/* ---- Elements read without a tree ----
 *
 * A long journal is most of its file, and a document tree of it costs ten times what reading
 * it does (a node and its allocations per element, attribute and run of white space, then the
 * RELAX NG validator walking them all). Its entries are read instead into a few arrays reused
 * from one entry to the next — offsets into one string buffer while they grow — and handed
 * on as AdmXmlElements when each entry is complete. */

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

static void
builder_init (Builder *self)
{
  self->nodes = g_array_sized_new (FALSE, FALSE, sizeof (BuildNode), 8);
  self->open = g_array_sized_new (FALSE, FALSE, sizeof (guint), 8);
  self->attributes = g_array_sized_new (FALSE, FALSE, sizeof (gsize), 64);
  self->strings = g_string_sized_new (1024);
  self->elements = g_array_sized_new (FALSE, FALSE, sizeof (AdmXmlElement), 8);
  self->pointers = g_ptr_array_sized_new (64);
  self->lengths = g_array_sized_new (FALSE, FALSE, sizeof (gsize), 32);
  self->attributes_room = 0;
  self->nodes_room = 0;
  self->open_room = 0;
}

static void
builder_clear (Builder *self)
{
  g_array_unref (self->nodes);
  g_array_unref (self->open);
  g_array_unref (self->attributes);
  g_string_free (self->strings, TRUE);
  g_array_unref (self->elements);
  g_ptr_array_unref (self->pointers);
  g_array_unref (self->lengths);
}

static void
builder_reset (Builder *self)
{
  self->nodes->len = 0;
  self->open->len = 0;
  self->attributes->len = 0;
  self->strings->len = 0;
  self->strings->str[0] = '\0';
}

static inline gsize
builder_add_string (Builder    *self,
                    const char *text,
                    gssize      length)
{
  GString *strings = self->strings;
  gsize offset = strings->len;
  gsize n = length >= 0 ? (gsize) length : strlen (text);

  /* One string of NUL-terminated strings: grown when it must, copied into, no checks per
   * byte. */
  if (G_UNLIKELY (offset + n + 1 >= strings->allocated_len))
    g_string_set_size (strings, offset + n + 1);
  memcpy (strings->str + offset, text, n);
  strings->str[offset + n] = '\0';
  strings->len = offset + n + 1;
  strings->str[strings->len] = '\0';
  return offset;
}

static BuildNode *
builder_top (Builder *self)
{
  g_assert (self->open->len > 0);
  return &g_array_index (self->nodes, BuildNode,
                         g_array_index (self->open, guint, self->open->len - 1));
}

/* @prefix may be NULL; @name_length may be -1 (NUL-terminated). */
static void
builder_open_len (Builder    *self,
                  const char *prefix,
                  const char *name,
                  gssize      name_length,
                  gboolean    in_namespace,
                  int         line)
{
  BuildNode node = { 0, -1, line, self->attributes->len / 4, 0, -1, 0, G_MAXUINT, 0, 0, 0 };
  guint index = self->nodes->len;

  if (prefix != NULL)
    {
      g_autofree char *qualified = g_strconcat (prefix, ":", name, NULL);

      node.name = builder_add_string (self, qualified, -1);
    }
  else
    node.name = builder_add_string (self, name, name_length);
  if (in_namespace)
    node.foreign = (gssize) node.name;
  if (self->open->len > 0)
    {
      node.parent = g_array_index (self->open, guint, self->open->len - 1);
      g_array_index (self->nodes, BuildNode, node.parent).n_children++;
    }
  /* The arrays grow only while the deepest and longest entries are first read. */
  if (G_UNLIKELY (index + 1 > self->nodes_room))
    {
      g_array_set_size (self->nodes, MAX (2 * self->nodes_room, index + 1));
      self->nodes_room = self->nodes->len;
    }
  self->nodes->len = index + 1;
  g_array_index (self->nodes, BuildNode, index) = node;
  if (G_UNLIKELY (self->open->len + 1 > self->open_room))
    {
      guint depth = self->open->len;

      g_array_set_size (self->open, MAX (2 * self->open_room, depth + 1));
      self->open_room = self->open->len;
      self->open->len = depth;
    }
  g_array_index (self->open, guint, self->open->len) = index;
  self->open->len++;
}

static void
builder_open (Builder    *self,
              const char *prefix,
              const char *name,
              gboolean    in_namespace,
              int         line)
{
  builder_open_len (self, prefix, name, -1, in_namespace, line);
}

/* Attributes are added right after their element is opened, before any child. */
static void
builder_add_attribute_len (Builder    *self,
                           const char *prefix,
                           const char *name,
                           gssize      name_length,
                           gboolean    in_namespace,
                           const char *value,
                           gssize      length)
{
  BuildNode *node = builder_top (self);
  gsize offsets[2];

  gsize lengths[2];
  guint at = self->attributes->len;

  if (prefix != NULL)
    {
      g_autofree char *qualified = g_strconcat (prefix, ":", name, NULL);

      lengths[0] = strlen (qualified);
      offsets[0] = builder_add_string (self, qualified, (gssize) lengths[0]);
    }
  else
    {
      lengths[0] = name_length >= 0 ? (gsize) name_length : strlen (name);
      offsets[0] = builder_add_string (self, name, (gssize) lengths[0]);
    }
  lengths[1] = length >= 0 ? (gsize) length : strlen (value);
  offsets[1] = builder_add_string (self, value, (gssize) lengths[1]);
  if (in_namespace && node->foreign < 0)
    node->foreign = (gssize) offsets[0];
  /* Offsets and lengths side by side: name, value, name length, value length. */
  if (G_UNLIKELY (at + 4 > self->attributes_room))
    {
      g_array_set_size (self->attributes, MAX (2 * self->attributes_room, at + 4));
      self->attributes_room = self->attributes->len;
    }
  self->attributes->len = at + 4;
  g_array_index (self->attributes, gsize, at) = offsets[0];
  g_array_index (self->attributes, gsize, at + 1) = offsets[1];
  g_array_index (self->attributes, gsize, at + 2) = lengths[0];
  g_array_index (self->attributes, gsize, at + 3) = lengths[1];
  node->n_attributes++;
}

static void
builder_add_attribute (Builder    *self,
                       const char *prefix,
                       const char *name,
                       gboolean    in_namespace,
                       const char *value,
                       gssize      length)
{
  builder_add_attribute_len (self, prefix, name, -1, in_namespace, value, length);
}

/* Text comes in runs, between which a child may have been added: the element's text is
 * moved to the end of the buffer when it is no longer there, so that it stays one string. */
static void
builder_add_text (Builder    *self,
                  const char *text,
                  gsize       length)
{
  BuildNode *node = builder_top (self);

  if (node->text < 0)
    {
      /* Most elements' text comes in one run. */
      node->text = (gssize) builder_add_string (self, text, (gssize) length);
      node->text_length = length;
      return;
    }
  if ((gsize) node->text + node->text_length + 1 == self->strings->len)
    g_string_truncate (self->strings, self->strings->len - 1);
  else
    {
      gssize old = node->text;

      node->text = (gssize) self->strings->len;
      if (old >= 0)
        g_string_append_len (self->strings, self->strings->str + old,
                             (gssize) node->text_length);
    }
  g_string_append_len (self->strings, text, (gssize) length);
  g_string_append_c (self->strings, '\0');
  node->text_length += length;
}

/* TRUE when the element closed was the entry itself. */
static gboolean
builder_close (Builder *self)
{
  g_array_set_size (self->open, self->open->len - 1);
  return self->open->len == 0;
}

/* The entry as an AdmXmlElement, valid until the builder is reset or used again. */
static const AdmXmlElement *
builder_finish (Builder    *self,
                const char *data)
{
  const char *base = self->strings->str;
  guint n = self->nodes->len;
  guint n_strings = self->attributes->len / 2;
  guint child_slot = n_strings;
  const gsize *attributes = (const gsize *) (gpointer) self->attributes->data;
  gsize *lengths;

  g_array_set_size (self->elements, n);
  g_ptr_array_set_size (self->pointers, (gint) (n_strings + n));
  g_array_set_size (self->lengths, n_strings);
  lengths = (gsize *) (gpointer) self->lengths->data;
  for (guint i = 0; i < n_strings / 2; i++)
    {
      self->pointers->pdata[2 * i] = (gpointer) (base + attributes[4 * i]);
      self->pointers->pdata[2 * i + 1] = (gpointer) (base + attributes[4 * i + 1]);
      lengths[2 * i] = attributes[4 * i + 2];
      lengths[2 * i + 1] = attributes[4 * i + 3];
    }
  for (guint i = 0; i < n; i++)
    {
      BuildNode *node = &g_array_index (self->nodes, BuildNode, i);
      AdmXmlElement *element = &g_array_index (self->elements, AdmXmlElement, i);

      element->name = base + node->name;
      element->line = node->line;
      element->foreign = node->foreign >= 0 ? base + node->foreign : NULL;
      element->n_attributes = node->n_attributes;
      element->attributes = (const char **) self->pointers->pdata + 2 * node->first_attribute;
      element->lengths = lengths + 2 * node->first_attribute;
      element->text = node->text >= 0 ? base + node->text : "";
      element->text_length = node->text >= 0 ? node->text_length : 0;
      element->n_children = 0;
      element->children = (AdmXmlElement **) self->pointers->pdata + child_slot;
      child_slot += node->n_children;
      element->source = data != NULL ? data + node->start : NULL;
      element->source_length = data != NULL ? node->end - node->start : 0;
      if (node->parent != G_MAXUINT)
        {
          AdmXmlElement *parent = &g_array_index (self->elements, AdmXmlElement, node->parent);

          parent->children[parent->n_children++] = element;
        }
    }
  return &g_array_index (self->elements, AdmXmlElement, 0);
}

const char *
adm_xml_element_get (const AdmXmlElement *element,
                     const char          *name)
{
  g_return_val_if_fail (element != NULL && name != NULL, NULL);

  for (guint i = 0; i < element->n_attributes; i++)
    if (g_str_equal (element->attributes[2 * i], name))
      return element->attributes[2 * i + 1];
  return NULL;
}

static gboolean
is_blank (const char *text,
          gsize       length)
{
  for (gsize i = 0; i < length; i++)
    if (!g_ascii_isspace (text[i]))
      return FALSE;
  return TRUE;
}

char *
_adm_xml_text_problem (const char *parent,
                       const char *text,
                       gsize       length)
{
  g_autofree char *stripped = g_strstrip (g_strndup (text, length));
  g_autofree char *shown = NULL;

  /* A long run is shown by its start: enough to find it. */
  if (g_utf8_strlen (stripped, -1) > 40)
    {
      g_autofree char *start = g_utf8_substring (stripped, 0, 40);

      shown = g_strconcat (start, "…", NULL);
    }
  else
    shown = g_steal_pointer (&stripped);
  return g_strdup_printf (_("<%s> holds elements only, not text such as “%s”"), parent, shown);
}

void
_adm_xml_set_text_error (GError     **error,
                         const char  *display_name,
                         int          line,
                         const char  *parent,
                         const char  *text,
                         gsize        length)
{
  g_autofree char *problem = _adm_xml_text_problem (parent, text, length);

  adm_xml_set_error_at (error, display_name, line, "%s", problem);
}

/* An element of a tree and its descendants, into @builder as the parser would put them. */
static void
builder_add_node (Builder *builder,
                  xmlNode *node)
{
  builder_open (builder, node->ns != NULL ? (const char *) node->ns->prefix : NULL,
                (const char *) node->name, node->ns != NULL, (int) xmlGetLineNo (node));
  for (xmlAttr *attr = node->properties; attr != NULL; attr = attr->next)
    {
      xmlChar *value = xmlNodeListGetString (node->doc, attr->children, 1);

      builder_add_attribute (builder,
                             attr->ns != NULL ? (const char *) attr->ns->prefix : NULL,
                             (const char *) attr->name, attr->ns != NULL,
                             value != NULL ? (const char *) value : "", -1);
      xmlFree (value);
    }
  for (xmlNode *child = node->children; child != NULL; child = child->next)
    if (child->type == XML_ELEMENT_NODE)
      builder_add_node (builder, child);
    else if ((child->type == XML_TEXT_NODE || child->type == XML_CDATA_SECTION_NODE) &&
             child->content != NULL)
      builder_add_text (builder, (const char *) child->content,
                        strlen ((const char *) child->content));
  builder_close (builder);
}

gboolean
adm_xml_foreach_child (xmlNode            *parent,
                       const char         *display_name,
                       AdmXmlElementFunc   func,
                       gpointer            user_data,
                       GError            **error)
{
  Builder builder;
  gboolean ok = TRUE;

  g_return_val_if_fail (parent != NULL && func != NULL, FALSE);

  builder_init (&builder);
  for (xmlNode *child = parent->children; ok && child != NULL; child = child->next)
    {
      if ((child->type == XML_TEXT_NODE || child->type == XML_CDATA_SECTION_NODE) &&
          child->content != NULL &&
          !is_blank ((const char *) child->content,
                     strlen ((const char *) child->content)))
        {
          _adm_xml_set_text_error (error, display_name, (int) xmlGetLineNo (child),
                                   (const char *) parent->name, (const char *) child->content,
                                   strlen ((const char *) child->content));
          ok = FALSE;
        }
      else if (child->type == XML_ELEMENT_NODE)
        {
          builder_add_node (&builder, child);
          ok = func (builder_finish (&builder, NULL), user_data, error);
          builder_reset (&builder);
        }
    }
  builder_clear (&builder);
  return ok;
}

/* ---- Elements streamed from the parse ----
 *
 * Their bytes are where the parser is in its callbacks. libxml2's xmlTextReader does not give
 * them: xmlTextReaderByteConsumed () is where the reader's parser is, which reads ahead of
 * the node the reader gives by up to the 512 bytes the reader hands it at once, and after
 * xmlTextReaderExpand () up to the tag that follows the entry. Neither the repair of a file
 * cut short (its last complete entry's end) nor a save that adds only the new entries (the
 * journal's bytes kept as read) can do with where a later entry begins. Nor does RELAX NG
 * check the journal while it streams (xmlTextReaderRelaxNGSetSchema ()): with these schemas
 * libxml2's streaming validator holds as much of a long campaign in memory as its whole tree,
 * and campaign.rng does not describe the journal's <battle> entries; the journal's own checks
 * (adm-journal-reader.c) stand for the schema, in the master's words. */

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
 * encoder (XML_PARSE_IGNORE_ENC), so the bytes the parser consumed are the data's. */
static gsize
stream_offset (xmlParserCtxtPtr ctxt)
{
  long consumed = xmlByteConsumed (ctxt);

  return consumed > 0 ? (gsize) consumed : 0;
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

  builder_open (builder, (const char *) prefix, (const char *) localname, uri != NULL,
                xmlSAX2GetLineNumber (ctxt));
  /* The start tag is behind the parser, and holds no other "<" (a value cannot). */
  offset = MIN (stream_offset (ctxt), stream->length);
  while (offset > 0 && stream->data[offset - 1] != '<')
    offset--;
  builder_top (builder)->start = offset > 0 ? offset - 1 : 0;
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
          builder_add_attribute (builder, (const char *) attributes[5 * i + 1],
                                 (const char *) attributes[5 * i],
                                 attributes[5 * i + 2] != NULL,
                                 decoded->str, (gssize) decoded->len);
        }
      else
        builder_add_attribute (builder, (const char *) attributes[5 * i + 1],
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

  builder_top (builder)->end = MIN (stream_offset (ctxt), stream->length);
  if (builder_close (builder))
    {
      const AdmXmlElement *entry = builder_finish (builder, stream->data);

      if (!stream->func (entry, stream->user_data, &stream->error))
        g_assert (stream->error != NULL);
      builder_reset (builder);
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
    builder_add_text (&stream->builder, (const char *) text, (gsize) length);
  else if (stream->stray != NULL && stream->stray->len > 0)
    g_string_append_len (stream->stray, (const char *) text, length);
  else if (!is_blank ((const char *) text, (gsize) length))
    {
      /* The parser is past the run: its line is the run's last, less the lines after the
       * first character that is not white space. */
      int line = xmlSAX2GetLineNumber (ctxt);
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

/* Parses with @ctxt, the children of @stream's element going to the stream instead of the
 * tree. The data is read as UTF-8 without an encoder, so that the parser's offsets are the
 * data's, and a few kilobytes at a time rather than from a copy of the whole file (megabytes
 * of memory touched for the first time, which is what costs in a process that just started). */
xmlDoc *
_adm_xml_stream_parse (xmlParserCtxtPtr  ctxt,
                       Stream           *stream,
                       const char       *display_name)
{
  stream_install (stream, ctxt);
  return xmlCtxtReadIO (ctxt, stream_read_cb, stream_close_cb, stream, display_name, NULL,
                        XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING |
                        XML_PARSE_NOCDATA | XML_PARSE_IGNORE_ENC);
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
  builder_init (&stream.builder);
  doc = _adm_xml_parse_quietly (ctxt, data, (int) length, display_name, &stream, &errors);
  if (doc != NULL)
    xmlFreeDoc (doc);
  xmlResetError (&errors.error);
  xmlFreeParserCtxt (ctxt);
  builder_clear (&stream.builder);
  if (stream.stray != NULL)
    g_string_free (stream.stray, TRUE);
  found = stream.error != NULL;
  if (found)
    g_propagate_error (error, stream.error);
  return found;
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

  builder_init (&stream.builder);
  doc = _adm_xml_read_memory (data, length, display_name, schema, &stream, error);
  builder_clear (&stream.builder);
  if (stream.stray != NULL)
    g_string_free (stream.stray, TRUE);
  if (doc != NULL && stream.error != NULL)
    g_propagate_error (stream_error, g_steal_pointer (&stream.error));
  g_clear_error (&stream.error);
  return doc;
}

