/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-event.c: journal events */

#include "config.h"

#include <string.h>

#include "adm-event.h"
#include "adm-xml.h"

/* An event is a plain value: its kind and keys interned (a journal holds tens of thousands of
 * events of a handful of kinds and keys), its values and text its own, in a reference-counted
 * box shared by the journal and whoever reads it (a battle's list of rolls). */

typedef struct {
  const char *key;    /* interned */
  char       *value;
} Pair;

struct _AdmEvent
{
  const char *kind;   /* interned */
  gint64      time;
  int         line;
  GArray     *pairs;  /* Pair, in the order first set; NULL while there are none */
  char       *text;   /* NULL when none */
};

G_DEFINE_BOXED_TYPE (AdmEvent, adm_event, adm_event_ref, adm_event_unref)

static void
pair_clear (gpointer data)
{
  Pair *pair = data;

  g_free (pair->value);
}

AdmEvent *
adm_event_new (const char *kind,
               gint64      time)
{
  AdmEvent *self;

  g_return_val_if_fail (kind != NULL && *kind != '\0', NULL);

  self = g_atomic_rc_box_new0 (AdmEvent);
  self->kind = g_intern_string (kind);
  self->time = time;
  return self;
}

AdmEvent *
adm_event_ref (AdmEvent *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return g_atomic_rc_box_acquire (self);
}

static void
event_clear (gpointer data)
{
  AdmEvent *self = data;

  g_clear_pointer (&self->pairs, g_array_unref);
  g_free (self->text);
}

void
adm_event_unref (AdmEvent *self)
{
  g_return_if_fail (self != NULL);
  g_atomic_rc_box_release_full (self, event_clear);
}

const char *
adm_event_get_kind (const AdmEvent *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->kind;
}

gint64
adm_event_get_time (const AdmEvent *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->time;
}

int
adm_event_get_line (const AdmEvent *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->line;
}

void
adm_event_set_line (AdmEvent *self,
                    int       line)
{
  g_return_if_fail (self != NULL);
  self->line = line;
}

static Pair *
find_pair (const AdmEvent *self,
           const char     *key)
{
  /* A handful of keys: compared as strings, without the lock that interning takes. */
  for (guint i = 0; self->pairs != NULL && i < self->pairs->len; i++)
    {
      Pair *pair = &g_array_index (self->pairs, Pair, i);

      if (pair->key == key || strcmp (pair->key, key) == 0)
        return pair;
    }
  return NULL;
}

void
adm_event_set (AdmEvent   *self,
               const char *key,
               const char *value)
{
  Pair *pair, added;

  g_return_if_fail (self != NULL);
  g_return_if_fail (key != NULL && !g_str_equal (key, "kind") && !g_str_equal (key, "time"));
  g_return_if_fail (value != NULL);

  pair = find_pair (self, key);
  if (pair != NULL)
    {
      g_free (pair->value);
      pair->value = g_strdup (value);
      return;
    }
  if (self->pairs == NULL)
    {
      self->pairs = g_array_sized_new (FALSE, FALSE, sizeof (Pair), 4);
      g_array_set_clear_func (self->pairs, pair_clear);
    }
  added.key = g_intern_string (key);
  added.value = g_strdup (value);
  g_array_append_val (self->pairs, added);
}

void
adm_event_set_int (AdmEvent   *self,
                   const char *key,
                   gint64      value)
{
  char buffer[32];

  g_snprintf (buffer, sizeof buffer, "%" G_GINT64_FORMAT, value);
  adm_event_set (self, key, buffer);
}

const char *
adm_event_get (const AdmEvent *self,
               const char     *key)
{
  Pair *pair;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (key != NULL, NULL);

  pair = find_pair (self, key);
  return pair != NULL ? pair->value : NULL;
}

gboolean
adm_event_get_int (const AdmEvent *self,
                   const char     *key,
                   gint64         *out)
{
  const char *value = adm_event_get (self, key);

  if (value == NULL)
    return FALSE;
  return g_ascii_string_to_signed (value, 10, G_MININT64, G_MAXINT64, out, NULL);
}

guint
adm_event_get_n_attributes (const AdmEvent *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->pairs != NULL ? self->pairs->len : 0;
}

const char *
adm_event_get_key_nth (const AdmEvent *self,
                       guint           i)
{
  g_return_val_if_fail (self != NULL && i < adm_event_get_n_attributes (self), NULL);
  return g_array_index (self->pairs, Pair, i).key;
}

const char *
adm_event_get_value_nth (const AdmEvent *self,
                         guint           i)
{
  g_return_val_if_fail (self != NULL && i < adm_event_get_n_attributes (self), NULL);
  return g_array_index (self->pairs, Pair, i).value;
}

const char *
adm_event_get_text (const AdmEvent *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->text;
}

gunichar
adm_event_first_bad_char (const AdmEvent  *self,
                          const char     **key)
{
  gunichar bad = 0;

  g_return_val_if_fail (self != NULL, 0);

  if (key != NULL)
    *key = NULL;
  for (guint i = 0; bad == 0 && i < adm_event_get_n_attributes (self); i++)
    {
      bad = adm_xml_first_bad_char (g_array_index (self->pairs, Pair, i).value);
      if (bad != 0 && key != NULL)
        *key = g_array_index (self->pairs, Pair, i).key;
    }
  if (bad == 0 && self->text != NULL)
    bad = adm_xml_first_bad_char (self->text);
  return bad;
}

void
adm_event_set_text (AdmEvent   *self,
                    const char *text)
{
  g_autofree char *stripped = text != NULL ? g_strstrip (g_strdup (text)) : NULL;

  g_return_if_fail (self != NULL);
  /* As the file gives it back (the journal's reader): without the white space around it, and
   * none when nothing else is left — so that the event replayed from the file is the one that
   * was checked when it was recorded. */
  g_free (self->text);
  self->text = stripped != NULL && stripped[0] != '\0' ? g_steal_pointer (&stripped) : NULL;
}

char *
adm_event_format_time (gint64 time)
{
  g_autoptr(GDateTime) when = g_date_time_new_from_unix_utc (time);
  g_autofree char *rest = NULL;

  /* No reader gives a time outside years 1–9999 (GDateTime's): such a time is a bug, written
   * as the Unix epoch rather than as text no schema takes. */
  if (when == NULL)
    return g_strdup ("1970-01-01T00:00:00Z");
  /* The year with four digits, "0217" too: xsd:dateTime (battle-game.rng, ti4-combat.rng)
   * refuses the "217" that %Y writes, so a file that opened would no longer open once saved. */
  rest = g_date_time_format (when, "-%m-%dT%H:%M:%SZ");
  return g_strdup_printf ("%04d%s", g_date_time_get_year (when), rest);
}

xmlNode *
adm_event_to_xml (const AdmEvent *self,
                  xmlNode        *parent,
                  gboolean        with_time)
{
  xmlNode *node;
  const char *text;

  g_return_val_if_fail (self != NULL, NULL);

  node = xmlNewNode (NULL, (const xmlChar *) "event");
  if (parent != NULL)
    xmlAddChild (parent, node);
  xmlNewProp (node, (const xmlChar *) "kind", (const xmlChar *) self->kind);
  if (with_time)
    {
      g_autofree char *time = adm_event_format_time (self->time);

      xmlNewProp (node, (const xmlChar *) "time", (const xmlChar *) time);
    }
  for (guint i = 0; i < adm_event_get_n_attributes (self); i++)
    xmlNewProp (node, (const xmlChar *) adm_event_get_key_nth (self, i),
                (const xmlChar *) adm_event_get_value_nth (self, i));
  text = self->text;
  if (text != NULL)
    xmlAddChild (node, xmlNewText ((const xmlChar *) text));
  return node;
}

/* @node as libxml2 writes it (xmlNodeDump ()), appended to @out. */
static void
append_dump (GString *out,
             xmlNode *node)
{
  xmlBuffer *buffer = xmlBufferCreate ();

  if (buffer == NULL || xmlNodeDump (buffer, NULL, node, 0, 0) < 0)
    g_error ("Out of memory writing an XML element");
  g_string_append_len (out, (const char *) xmlBufferContent (buffer), xmlBufferLength (buffer));
  xmlBufferFree (buffer);
}

void
adm_event_append_attribute (GString    *out,
                            const char *name,
                            const char *value)
{
  xmlBuffer *buffer;

  g_return_if_fail (out != NULL && name != NULL && value != NULL);

  buffer = xmlBufferCreate ();
  if (buffer == NULL)
    g_error ("Out of memory writing an XML attribute");
  xmlAttrSerializeTxtContent (buffer, NULL, NULL, (const xmlChar *) value);
  g_string_append_printf (out, " %s=\"", name);
  g_string_append_len (out, (const char *) xmlBufferContent (buffer), xmlBufferLength (buffer));
  g_string_append_c (out, '"');
  xmlBufferFree (buffer);
}

void
adm_event_append_text (GString    *out,
                       const char *text)
{
  xmlNode *node;

  g_return_if_fail (out != NULL && text != NULL);

  node = xmlNewText ((const xmlChar *) text);
  append_dump (out, node);
  xmlFreeNode (node);
}
