/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-event.c: journal events */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "adm-event.h"
#include "adm-xml.h"

/* One allocation for the attributes, not two arrays (and their g_slice headers): a long
 * journal holds tens of thousands of events, and opening it was mostly making them. An event
 * read from a file (adm_event_new_read ()) is one allocation in all: its kind, attributes and
 * text are in the block after it, until it is changed. */
struct _AdmEvent
{
  char      *kind;
  gint64     time;
  int        line;
  guint      n_attributes;
  guint      allocated;   /* attributes room in @pairs */
  char     **pairs;       /* key, value, key, value, … in insertion order */
  char      *text;
  gboolean   packed;      /* @kind, @pairs, its strings and @text are in the event's block */
};

G_DEFINE_BOXED_TYPE (AdmEvent, adm_event, adm_event_ref, adm_event_unref)

static void
adm_event_clear (gpointer data)
{
  AdmEvent *self = data;

  if (self->packed)
    return;
  g_free (self->kind);
  for (guint i = 0; i < 2 * self->n_attributes; i++)
    g_free (self->pairs[i]);
  g_free (self->pairs);
  g_free (self->text);
}

AdmEvent *
adm_event_new (const char *kind,
               gint64      time)
{
  AdmEvent *self;

  g_return_val_if_fail (kind != NULL && *kind != '\0', NULL);

  self = g_atomic_rc_box_new0 (AdmEvent);
  self->kind = g_strdup (kind);
  self->time = time;
  return self;
}

/* The length of @text without the white space around it (as g_strstrip () leaves it), from
 * *@start. */
static gsize
stripped (const char *text,
          gsize       length,
          gsize      *start)
{
  gsize from = 0;

  while (from < length && g_ascii_isspace (text[from]))
    from++;
  while (length > from && g_ascii_isspace (text[length - 1]))
    length--;
  *start = from;
  return length - from;
}

AdmEvent *
adm_event_new_read (const char         *kind,
                    gsize               kind_length,
                    gint64              time,
                    int                 line,
                    const AdmEventPair *pairs,
                    guint               n_pairs,
                    const char         *text,
                    gsize               text_length)
{
  gsize size, text_start = 0, kept_text = 0;
  AdmEvent *self;
  char *out;

  g_return_val_if_fail (kind != NULL && kind_length > 0, NULL);
  g_return_val_if_fail (pairs != NULL || n_pairs == 0, NULL);

  if (text != NULL)
    kept_text = stripped (text, text_length, &text_start);
  /* The event, its pairs' pointers, then the strings, each with its NUL. */
  size = sizeof (AdmEvent) + 2 * n_pairs * sizeof (char *) + kind_length + 1;
  for (guint i = 0; i < n_pairs; i++)
    size += pairs[i].key_length + 1 + pairs[i].value_length + 1;
  if (kept_text > 0)
    size += kept_text + 1;

  self = g_atomic_rc_box_alloc (size);
  self->time = time;
  self->line = line;
  self->n_attributes = n_pairs;
  self->allocated = n_pairs;
  self->pairs = n_pairs > 0 ? (char **) (self + 1) : NULL;
  self->packed = TRUE;
  out = (char *) (self + 1) + 2 * n_pairs * sizeof (char *);
#define PUT(target, from, length) \
  G_STMT_START { \
    (target) = out; \
    memcpy (out, (from), (length)); \
    out[(length)] = '\0'; \
    out += (length) + 1; \
  } G_STMT_END
  PUT (self->kind, kind, kind_length);
  for (guint i = 0; i < n_pairs; i++)
    {
      /* What adm_event_set () refuses, a file cannot give. */
      g_warn_if_fail (pairs[i].key_length > 0);
      PUT (self->pairs[2 * i], pairs[i].key, pairs[i].key_length);
      PUT (self->pairs[2 * i + 1], pairs[i].value, pairs[i].value_length);
    }
  self->text = NULL;
  if (kept_text > 0)
    PUT (self->text, text + text_start, kept_text);
#undef PUT
  g_assert ((gsize) (out - (char *) self) == size);
  return self;
}

/* An event read from a file gets strings of its own before it is changed. */
static void
unpack (AdmEvent *self)
{
  char **pairs;

  if (!self->packed)
    return;
  pairs = g_new (char *, 2 * MAX (self->n_attributes, 1));
  for (guint i = 0; i < 2 * self->n_attributes; i++)
    pairs[i] = g_strdup (self->pairs[i]);
  self->pairs = pairs;
  self->allocated = MAX (self->n_attributes, 1);
  self->kind = g_strdup (self->kind);
  self->text = g_strdup (self->text);
  self->packed = FALSE;
}

AdmEvent *
adm_event_ref (AdmEvent *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return g_atomic_rc_box_acquire (self);
}

void
adm_event_unref (AdmEvent *self)
{
  g_return_if_fail (self != NULL);
  g_atomic_rc_box_release_full (self, adm_event_clear);
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

void
adm_event_set (AdmEvent   *self,
               const char *key,
               const char *value)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (key != NULL && !g_str_equal (key, "kind") && !g_str_equal (key, "time"));
  g_return_if_fail (value != NULL);

  unpack (self);
  for (guint i = 0; i < self->n_attributes; i++)
    if (g_str_equal (self->pairs[2 * i], key))
      {
        g_free (self->pairs[2 * i + 1]);
        self->pairs[2 * i + 1] = g_strdup (value);
        return;
      }

  if (self->n_attributes == self->allocated)
    {
      self->allocated = MAX (4, 2 * self->allocated);
      self->pairs = g_renew (char *, self->pairs, 2 * self->allocated);
    }
  self->pairs[2 * self->n_attributes] = g_strdup (key);
  self->pairs[2 * self->n_attributes + 1] = g_strdup (value);
  self->n_attributes++;
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
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (key != NULL, NULL);

  for (guint i = 0; i < self->n_attributes; i++)
    if (g_str_equal (self->pairs[2 * i], key))
      return self->pairs[2 * i + 1];
  return NULL;
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
  return self->n_attributes;
}

const char *
adm_event_get_key_nth (const AdmEvent *self,
                       guint           i)
{
  g_return_val_if_fail (self != NULL && i < self->n_attributes, NULL);
  return self->pairs[2 * i];
}

const char *
adm_event_get_value_nth (const AdmEvent *self,
                         guint           i)
{
  g_return_val_if_fail (self != NULL && i < self->n_attributes, NULL);
  return self->pairs[2 * i + 1];
}

const char *
adm_event_get_text (const AdmEvent *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->text;
}

void
adm_event_set_text (AdmEvent   *self,
                    const char *text)
{
  g_autofree char *stripped = text != NULL ? g_strstrip (g_strdup (text)) : NULL;

  g_return_if_fail (self != NULL);
  unpack (self);
  /* As the file gives it back (adm_event_new_from_xml () and the journal's scanner): without
   * the white space around it, and none when nothing else is left — so that the event
   * replayed from the file is the one that was checked when it was recorded. */
  g_free (self->text);
  self->text = stripped != NULL && stripped[0] != '\0' ? g_steal_pointer (&stripped) : NULL;
}

/* Seconds from 1970 of 1000-01-01T00:00:00Z and of 10000-01-01T00:00:00Z: the years written
 * with four digits, which format_time () writes by itself. */
#define FOUR_DIGIT_YEARS_FROM G_GINT64_CONSTANT (-30610224000)
#define FOUR_DIGIT_YEARS_TO   G_GINT64_CONSTANT (253402300800)

/* The civil date of @days since 1970-01-01 in the proleptic Gregorian calendar (the era
 * arithmetic of Howard Hinnant's days_from_civil, inverted). */
static void
civil_from_days (gint64  days,
                 int    *year,
                 int    *month,
                 int    *day)
{
  gint64 z = days + 719468;
  gint64 era = (z >= 0 ? z : z - 146096) / 146097;
  gint64 doe = z - era * 146097;
  gint64 yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  gint64 doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  gint64 mp = (5 * doy + 2) / 153;

  *day = (int) (doy - (153 * mp + 2) / 5 + 1);
  *month = (int) (mp < 10 ? mp + 3 : mp - 9);
  *year = (int) (yoe + era * 400 + (*month <= 2));
}

static void
put_digits (char *out,
            int   value,
            int   n)
{
  for (int i = n - 1; i >= 0; i--, value /= 10)
    out[i] = (char) ('0' + value % 10);
}

/* The event's time as the journal writes it, "2026-11-22T18:00:00Z" (issue 20: the journal
 * writes a phase's thousand events, and GDateTime made and formatted each time was a third of
 * the event's cost). The same text g_date_time_format () gives, which writes the years
 * outside 1000–9999 (no padding, or none at all). */
static char *
format_time (gint64 time)
{
  g_autoptr(GDateTime) dt = NULL;

  if (time >= FOUR_DIGIT_YEARS_FROM && time < FOUR_DIGIT_YEARS_TO)
    {
      gint64 days = time >= 0 ? time / 86400 : -((-time + 86399) / 86400);
      int seconds = (int) (time - days * 86400), year, month, day;
      char *text = g_malloc (sizeof "2026-11-22T18:00:00Z");

      civil_from_days (days, &year, &month, &day);
      memcpy (text, "0000-00-00T00:00:00Z", sizeof "2026-11-22T18:00:00Z");
      put_digits (text, year, 4);
      put_digits (text + 5, month, 2);
      put_digits (text + 8, day, 2);
      put_digits (text + 11, seconds / 3600, 2);
      put_digits (text + 14, seconds / 60 % 60, 2);
      put_digits (text + 17, seconds % 60, 2);
      return text;
    }
  dt = g_date_time_new_from_unix_utc (time);

  if (dt == NULL)
    return g_strdup ("1970-01-01T00:00:00Z");
  return g_date_time_format (dt, "%Y-%m-%dT%H:%M:%SZ");
}

void
adm_event_to_xml (const AdmEvent *self,
                  xmlNode        *parent)
{
  g_autofree char *time = format_time (self->time);
  xmlNode *node;

  g_return_if_fail (self != NULL && parent != NULL);

  node = xmlNewChild (parent, NULL, (const xmlChar *) "event", NULL);
  xmlNewProp (node, (const xmlChar *) "kind", (const xmlChar *) self->kind);
  xmlNewProp (node, (const xmlChar *) "time", (const xmlChar *) time);
  for (guint i = 0; i < self->n_attributes; i++)
    xmlNewProp (node, (const xmlChar *) self->pairs[2 * i],
                (const xmlChar *) self->pairs[2 * i + 1]);
  if (self->text != NULL)
    {
      xmlNode *text = xmlNewText ((const xmlChar *) self->text);

      xmlAddChild (node, text);
    }
}

AdmEvent *
adm_event_from_xml (xmlNode     *node,
                    const char  *display_name,
                    GError     **error)
{
  g_autofree char *kind = adm_xml_get_string (node, "kind");
  g_autofree char *time_text = adm_xml_get_string (node, "time");
  g_autoptr(GDateTime) time = NULL;
  g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();
  g_autoptr(AdmEvent) self = NULL;
  g_autofree char *text = NULL;

  if (kind == NULL || *kind == '\0')
    {
      adm_xml_set_error (error, display_name, node, _("the event has no kind"));
      return NULL;
    }
  if (time_text == NULL || (time = g_date_time_new_from_iso8601 (time_text, utc)) == NULL)
    {
      adm_xml_set_error (error, display_name, node,
                         _("the event’s time “%s” is not a date and time like "
                           "2026-11-22T18:00:00Z"), time_text != NULL ? time_text : "");
      return NULL;
    }

  self = adm_event_new (kind, g_date_time_to_unix (time));
  self->line = (int) xmlGetLineNo (node);

  for (xmlAttr *attr = node->properties; attr != NULL; attr = attr->next)
    {
      const char *name = (const char *) attr->name;
      xmlChar *value;

      if (g_str_equal (name, "kind") || g_str_equal (name, "time"))
        continue;
      value = xmlNodeListGetString (node->doc, attr->children, 1);
      adm_event_set (self, name, value != NULL ? (const char *) value : "");
      xmlFree (value);
    }

  text = adm_xml_get_text (node);
  if (text != NULL && *g_strstrip (text) != '\0')
    adm_event_set_text (self, text);

  return g_steal_pointer (&self);
}
