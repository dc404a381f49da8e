/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-xml-layout.c: start tags scanned as written, and a document written back with them. */

#include "config.h"

#include <string.h>

#include "adm-xml-layout.h"

typedef struct {
  char *space;   /* the white space before the attribute, as read */
  char *name;
  char *raw;     /* name="value" as written, quotes and references included */
  char *value;   /* the value as parsed, to tell whether it is still the same */
} Attribute;

typedef struct {
  GArray  *attributes; /* Attribute */
  char    *end_space;  /* before "/>" or ">" */
  gboolean end_tag;    /* closed by an end tag ("<x></x>"), not "/>", even when empty */
} Tag;

struct _AdmXmlLayout {
  char      *declaration; /* "<?xml … ?>" as read, or NULL */
  GPtrArray *tags;        /* Tag*, owned; elements point at them by _private */
};

static void
attribute_clear (gpointer data)
{
  Attribute *attribute = data;

  g_free (attribute->space);
  g_free (attribute->name);
  g_free (attribute->raw);
  g_free (attribute->value);
}

static void
tag_free (gpointer data)
{
  Tag *tag = data;

  g_array_unref (tag->attributes);
  g_free (tag->end_space);
  g_free (tag);
}

void
adm_xml_layout_free (AdmXmlLayout *layout)
{
  if (layout == NULL)
    return;
  g_free (layout->declaration);
  g_ptr_array_unref (layout->tags);
  g_free (layout);
}

/* The element after @node in document order (a preorder walk), or NULL. */
static xmlNode *
next_element (xmlNode *node)
{
  for (xmlNode *child = node->children; child != NULL; child = child->next)
    if (child->type == XML_ELEMENT_NODE)
      return child;
  for (; node != NULL && node->type == XML_ELEMENT_NODE; node = node->parent)
    for (xmlNode *sibling = node->next; sibling != NULL; sibling = sibling->next)
      if (sibling->type == XML_ELEMENT_NODE)
        return sibling;
  return NULL;
}

static gboolean
is_space (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static const char *
skip_past (const char *p,
           const char *end,
           const char *marker)
{
  gsize n = strlen (marker);

  for (; p + n <= end; p++)
    if (memcmp (p, marker, n) == 0)
      return p + n;
  return end;
}

/* Reads the start tag at @p ("<name …>") into a Tag for @node; NULL when it is not @node's
 * or is not laid out as this writer writes one (name="value" or name='value'). *@next is
 * where the scan goes on. */
static Tag *
scan_tag (const char  *p,
          const char  *end,
          xmlNode     *node,
          const char **next)
{
  g_autoptr(GArray) attributes = g_array_new (FALSE, TRUE, sizeof (Attribute));
  const char *name = ++p;
  Tag *tag;

  g_array_set_clear_func (attributes, attribute_clear);
  while (p < end && !is_space (*p) && *p != '/' && *p != '>')
    p++;
  *next = p;
  if ((gsize) (p - name) != strlen ((const char *) node->name) ||
      memcmp (name, node->name, p - name) != 0)
    return NULL;
  for (;;)
    {
      const char *space = p, *attr_name, *value;
      Attribute attribute = { NULL };
      char quote;
      xmlChar *parsed;

      while (p < end && is_space (*p))
        p++;
      if (p >= end)
        return NULL;
      if (*p == '/' || *p == '>')
        {
          tag = g_new0 (Tag, 1);
          tag->end_space = g_strndup (space, p - space);
          tag->end_tag = *p == '>';
          tag->attributes = g_steal_pointer (&attributes);
          *next = p;
          return tag;
        }
      attr_name = p;
      while (p < end && !is_space (*p) && *p != '=')
        p++;
      if (p + 1 >= end || *p != '=' || (p[1] != '"' && p[1] != '\''))
        return NULL;
      quote = p[1];
      value = p + 2;
      p = memchr (value, quote, end - value);
      if (p == NULL)
        return NULL;
      p++;
      attribute.space = g_strndup (space, attr_name - space);
      attribute.name = g_strndup (attr_name, value - 2 - attr_name);
      attribute.raw = g_strndup (attr_name, p - attr_name);
      parsed = xmlGetProp (node, (const xmlChar *) attribute.name);
      attribute.value = g_strdup ((const char *) parsed);
      xmlFree (parsed);
      g_array_append_val (attributes, attribute);
      *next = p;
    }
}

AdmXmlLayout *
adm_xml_layout_scan (xmlDoc     *doc,
                     const char *data,
                     gsize       length)
{
  AdmXmlLayout *layout = g_new0 (AdmXmlLayout, 1);
  const char *p = data, *end = data + length;
  xmlNode *node;

  g_return_val_if_fail (doc != NULL, layout);

  layout->tags = g_ptr_array_new_with_free_func (tag_free);
  if (length > 5 && memcmp (data, "<?xml", 5) == 0 && is_space (data[5]))
    {
      p = skip_past (data, end, "?>");
      layout->declaration = g_strndup (data, p - data);
    }
  node = xmlDocGetRootElement (doc);
  while (p < end && node != NULL)
    {
      const char *next;
      Tag *tag;

      if (*p != '<')
        {
          p = memchr (p, '<', end - p);
          if (p == NULL)
            break;
          continue;
        }
      if (end - p >= 4 && memcmp (p, "<!--", 4) == 0)
        p = skip_past (p, end, "-->");
      else if (end - p >= 9 && memcmp (p, "<![CDATA[", 9) == 0)
        p = skip_past (p, end, "]]>");
      else if (end - p >= 2 && (p[1] == '?' || p[1] == '!' || p[1] == '/'))
        p = skip_past (p, end, p[1] == '?' ? "?>" : ">");
      else
        {
          tag = scan_tag (p, end, node, &next);
          /* A tag that is not the next element's means the two disagree: the rest is
           * written in the default style rather than with another element's layout. */
          if (tag == NULL)
            break;
          g_ptr_array_add (layout->tags, tag);
          node->_private = tag;
          node = next_element (node);
          p = next;
        }
    }
  return layout;
}

/* The column the text of @out ends at. */
static gsize
column_of (GString *out)
{
  gsize i = out->len;

  while (i > 0 && out->str[i - 1] != '\n')
    i--;
  return g_utf8_strlen (out->str + i, out->len - i);
}

static void
append_escaped (GString    *out,
                const char *text,
                gboolean    attribute)
{
  for (const char *c = text; *c != '\0'; c++)
    switch (*c)
      {
      case '&': g_string_append (out, "&amp;"); break;
      case '<': g_string_append (out, "&lt;"); break;
      case '\r': g_string_append (out, "&#13;"); break;
      case '"':
        if (attribute)
          g_string_append (out, "&quot;");
        else
          g_string_append_c (out, '"');
        break;
      case '\n':
        if (attribute)
          g_string_append (out, "&#10;");
        else
          g_string_append_c (out, '\n');
        break;
      case '\t':
        if (attribute)
          g_string_append (out, "&#9;");
        else
          g_string_append_c (out, '\t');
        break;
      case '>':
        /* Only "]]>" must be escaped in text; an attribute's is, as libxml2 does. */
        if (attribute || (c - text >= 2 && c[-1] == ']' && c[-2] == ']'))
          g_string_append (out, "&gt;");
        else
          g_string_append_c (out, '>');
        break;
      default:
        g_string_append_c (out, *c);
      }
}

static const Attribute *
find_attribute (const Tag  *tag,
                const char *name)
{
  if (tag == NULL)
    return NULL;
  for (guint i = 0; i < tag->attributes->len; i++)
    {
      const Attribute *attribute = &g_array_index (tag->attributes, Attribute, i);

      if (g_str_equal (attribute->name, name))
        return attribute;
    }
  return NULL;
}

static void
write_attributes (GString *out,
                  xmlNode *node,
                  gsize    first_column)
{
  const Tag *tag = node->_private;

  for (xmlAttr *attr = node->properties; attr != NULL; attr = attr->next)
    {
      const char *name = (const char *) attr->name;
      const Attribute *as_read = find_attribute (tag, name);
      xmlChar *value = xmlNodeGetContent ((xmlNode *) attr);
      const char *text = value != NULL ? (const char *) value : "";

      if (as_read != NULL && g_strcmp0 (as_read->value, text) == 0)
        {
          g_string_append (out, as_read->space);
          g_string_append (out, as_read->raw);
        }
      else
        {
          g_autoptr(GString) written = g_string_new (name);

          g_string_append (written, "=\"");
          append_escaped (written, text, TRUE);
          g_string_append_c (written, '"');
          if (as_read != NULL)
            g_string_append (out, as_read->space);
          else if (attr != node->properties &&
                   column_of (out) + 1 + g_utf8_strlen (written->str, -1) + 2 >
                   ADM_XML_LAYOUT_COLUMNS)
            {
              g_string_append_c (out, '\n');
              for (gsize i = 0; i < first_column; i++)
                g_string_append_c (out, ' ');
            }
          else
            g_string_append_c (out, ' ');
          g_string_append (out, written->str);
        }
      xmlFree (value);
    }
}

/* The lines of the text written so far, counted as it grows. */
typedef struct {
  gsize counted;  /* the bytes of the text whose lines are counted */
  long  line;     /* the line the last of them is on */
} Lines;

/* Where the text written ends, as libxml2 numbers lines: the line of a start tag's ">" is
 * its element's, held at most USHRT_MAX as xmlNode's line field holds it. */
static unsigned short
line_now (Lines   *lines,
          GString *out)
{
  for (; lines->counted < out->len; lines->counted++)
    if (out->str[lines->counted] == '\n')
      lines->line++;
  return lines->line < G_MAXUSHORT ? (unsigned short) lines->line : G_MAXUSHORT;
}

static void
write_node (GString *out,
            xmlNode *node,
            Lines   *lines)
{
  switch (node->type)
    {
    case XML_ELEMENT_NODE:
      {
        const Tag *tag = node->_private;
        gsize first_column;

        g_string_append_c (out, '<');
        g_string_append (out, (const char *) node->name);
        first_column = column_of (out) + 1;
        write_attributes (out, node, first_column);
        if (tag != NULL)
          g_string_append (out, tag->end_space);
        if (lines != NULL)
          node->line = line_now (lines, out);
        if (node->children == NULL && (tag == NULL || !tag->end_tag))
          {
            g_string_append (out, "/>");
            break;
          }
        g_string_append_c (out, '>');
        for (xmlNode *child = node->children; child != NULL; child = child->next)
          write_node (out, child, lines);
        g_string_append (out, "</");
        g_string_append (out, (const char *) node->name);
        g_string_append_c (out, '>');
        break;
      }
    case XML_TEXT_NODE:
    case XML_CDATA_SECTION_NODE:
      if (node->content != NULL)
        append_escaped (out, (const char *) node->content, FALSE);
      break;
    case XML_COMMENT_NODE:
      g_string_append_printf (out, "<!--%s-->",
                              node->content != NULL ? (const char *) node->content : "");
      break;
    case XML_PI_NODE:
      g_string_append_printf (out, "<?%s", (const char *) node->name);
      if (node->content != NULL && node->content[0] != '\0')
        g_string_append_printf (out, " %s", (const char *) node->content);
      g_string_append (out, "?>");
      break;
    default:
      break;
    }
}

static GBytes *
write_doc (AdmXmlLayout *layout,
           xmlDoc       *doc,
           Lines        *lines)
{
  GString *out = g_string_sized_new (16384);

  if (layout != NULL && layout->declaration != NULL)
    g_string_append (out, layout->declaration);
  else
    g_string_append (out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>");
  g_string_append_c (out, '\n');
  for (xmlNode *node = doc->children; node != NULL; node = node->next)
    {
      if (node->type != XML_ELEMENT_NODE && node->type != XML_COMMENT_NODE &&
          node->type != XML_PI_NODE)
        continue;
      write_node (out, node, lines);
      g_string_append_c (out, '\n');
    }
  return g_string_free_to_bytes (out);
}

GBytes *
adm_xml_layout_write (AdmXmlLayout *layout,
                      xmlDoc       *doc)
{
  g_return_val_if_fail (doc != NULL, NULL);

  return write_doc (layout, doc, NULL);
}

GBytes *
adm_xml_layout_write_lines (AdmXmlLayout *layout,
                            xmlDoc       *doc)
{
  Lines lines = { 0, 1 };

  g_return_val_if_fail (doc != NULL, NULL);

  return write_doc (layout, doc, &lines);
}
