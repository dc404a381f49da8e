/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-xml-element.c: elements read without a document tree (adm-xml-element.h). */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "adm-xml-private.h"

/* ---- Elements read without a tree ----
 *
 * A long journal is most of its file, and a document tree of it costs ten times what reading
 * it does (a node and its allocations per element, attribute and run of white space, then the
 * RELAX NG validator walking them all). Its entries are read instead into a few arrays reused
 * from one entry to the next — offsets into one string buffer while they grow — and handed
 * on as AdmXmlElements when each entry is complete. */

void
_adm_xml_builder_init (Builder *self)
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

void
_adm_xml_builder_clear (Builder *self)
{
  g_array_unref (self->nodes);
  g_array_unref (self->open);
  g_array_unref (self->attributes);
  g_string_free (self->strings, TRUE);
  g_array_unref (self->elements);
  g_ptr_array_unref (self->pointers);
  g_array_unref (self->lengths);
}

void
_adm_xml_builder_reset (Builder *self)
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

BuildNode *
_adm_xml_builder_top (Builder *self)
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

void
_adm_xml_builder_open (Builder    *self,
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
  BuildNode *node = _adm_xml_builder_top (self);
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

void
_adm_xml_builder_add_attribute (Builder    *self,
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
void
_adm_xml_builder_add_text (Builder    *self,
                           const char *text,
                           gsize       length)
{
  BuildNode *node = _adm_xml_builder_top (self);

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
gboolean
_adm_xml_builder_close (Builder *self)
{
  g_array_set_size (self->open, self->open->len - 1);
  return self->open->len == 0;
}

/* The entry as an AdmXmlElement, valid until the builder is reset or used again. */
const AdmXmlElement *
_adm_xml_builder_finish (Builder    *self,
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

gboolean
_adm_xml_is_blank (const char *text,
                   gsize       length)
{
  for (gsize i = 0; i < length; i++)
    if (!g_ascii_isspace (text[i]))
      return FALSE;
  return TRUE;
}

void
_adm_xml_set_text_error (GError     **error,
                         const char  *display_name,
                         int          line,
                         const char  *parent,
                         const char  *text,
                         gsize        length)
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
  adm_xml_set_error_at (error, display_name, line,
                        _("<%s> holds elements only, not text such as “%s”"), parent, shown);
}

/* An element of a tree and its descendants, into @builder as the parser would put them. */
static void
builder_add_node (Builder *builder,
                  xmlNode *node)
{
  _adm_xml_builder_open (builder, node->ns != NULL ? (const char *) node->ns->prefix : NULL,
                         (const char *) node->name, node->ns != NULL, (int) xmlGetLineNo (node));
  for (xmlAttr *attr = node->properties; attr != NULL; attr = attr->next)
    {
      xmlChar *value = xmlNodeListGetString (node->doc, attr->children, 1);

      _adm_xml_builder_add_attribute (builder,
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
      _adm_xml_builder_add_text (builder, (const char *) child->content,
                                 strlen ((const char *) child->content));
  _adm_xml_builder_close (builder);
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

  _adm_xml_builder_init (&builder);
  for (xmlNode *child = parent->children; ok && child != NULL; child = child->next)
    {
      if ((child->type == XML_TEXT_NODE || child->type == XML_CDATA_SECTION_NODE) &&
          child->content != NULL &&
          !_adm_xml_is_blank ((const char *) child->content,
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
          ok = func (_adm_xml_builder_finish (&builder, NULL), user_data, error);
          _adm_xml_builder_reset (&builder);
        }
    }
  _adm_xml_builder_clear (&builder);
  return ok;
}
