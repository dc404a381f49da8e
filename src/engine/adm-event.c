/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-event.c: journal events */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "adm-event.h"
#include "adm-xml.h"

/* An event is one allocation until it is changed: a long journal holds tens of thousands of
 * events, and opening it was mostly making them; a battle's fire phase makes a thousand. Its
 * kind, which never changes, follows the struct. An event as made or read (adm_event_new (),
 * adm_event_new_read ()) is "packed": after the kind come its attributes, each key after a
 * byte of its length and each value after a quote, `Nkey\0"value\0`, so that the run reads as
 * the file writes it, ` key="value"`, but for the NULs and the lengths, which stand where the
 * spaces go (put_packed_start ()), then its text; a key's length is known without measuring it
 * (issue 20: a strlen () of each of a phase's thousand rolls' four keys), but for a key of more
 * than 255 bytes, whose byte is 0 (packed_key_length ()). Its attributes are
 * found by walking that run, a handful of strings, rather than through an array of pointers to
 * them, which was a third of a battle's roll event (issue 20). Changed, an event gets an array
 * and strings of its own (unpack ()), out of the struct, whose packed events do without them.
 * Events made in a batch (a phase's rolls) are cut from blocks they share, rather than
 * allocated one by one (Block). */

/* What a changed event holds of its own, in one allocation with its pairs' room. */
typedef struct {
  char   *text;
  guint   allocated;  /* attributes room in @pairs */
  char   *pairs[];    /* key, value, key, value, … in insertion order */
} Changed;

struct _AdmEvent
{
  gint64           time;
  /* Its own count rather than a g_atomic_rc_box's, whose header and checks were a tenth of
   * making a battle's roll event (issue 20); for an event made in a batch, where its block is
   * (block_of ()). */
  gatomicrefcount  ref_count;
  int              line;
  guint            n_attributes;
  /* The bytes of the attributes' run; after it, the text with its NUL or, without one, a NUL
   * alone (packed_text ()). */
  guint            run_length;
  Changed         *changed;     /* NULL while packed */
  char             kind[];
};

G_DEFINE_BOXED_TYPE (AdmEvent, adm_event, adm_event_ref, adm_event_unref)

/* The most attributes an event keeps packed, each found past the ones before it: a handful, as
 * events have. One with more (a file made for it: libxml2 reads thousands on an element) gets
 * its array as it is made (unpack ()), so that reading its attributes one by one does not take
 * the square of their number. */
#define PACKED_MAX_ATTRIBUTES 16

static void unpack (AdmEvent *self);

/* The strings a changed event owns (unpack ()). */
static void
free_strings (AdmEvent *self)
{
  if (self->changed == NULL)
    return;
  for (guint i = 0; i < 2 * self->n_attributes; i++)
    g_free (self->changed->pairs[i]);
  g_free (self->changed->text);
  g_free (self->changed);
}

/* A block of events made in a batch (AdmEventBatch), which follow it. Its events share its
 * reference count: an event's @ref_count is then its place before the event, negative, where a
 * count of its own is positive (block_of ()). */
typedef struct {
  /* The batch's hold while it makes events in the block, and one for each reference to them. */
  gatomicrefcount  ref_count;
  /* Its events changed since they were made, whose strings are freed with the block. */
  GSList          *unpacked;
} Block;

/* Blocks of a page: a battle's phase of a thousand rolls fills some thirty, and the last one's
 * room left is little beside the allocation that each event made alone took. */
#define BLOCK_SIZE 4096

/* Guards the blocks' lists of events changed: events of one block may be changed in two
 * threads (rarely: events made in a batch are journaled as they are). */
G_LOCK_DEFINE_STATIC (unpacked);

struct _AdmEventBatch
{
  Block *block;   /* NULL before the first event */
  gsize  used;    /* of the block's bytes, from its start */
  gsize  size;
  /* References to the block the batch holds for events yet to be made in it
   * (adm_event_batch_new_read ()). */
  guint  reserved;
};

/* The least room an event takes in a block: the struct, a kind of one byte and its NUL, the
 * NUL of no text, aligned. A block holds at most (size - sizeof (Block)) / MIN_ROOM events. */
#define MIN_ROOM ((sizeof (AdmEvent) + 3 + G_ALIGNOF (AdmEvent) - 1) & \
                  ~(G_ALIGNOF (AdmEvent) - 1))

/* The block @self was made in, or NULL for an event made alone. */
static inline Block *
block_of (const AdmEvent *self)
{
  gint count = g_atomic_int_get (&self->ref_count);

  return count < 0 ? (Block *) (void *) ((char *) self + count) : NULL;
}

static void
block_free (Block *block)
{
  for (GSList *l = block->unpacked; l != NULL; l = l->next)
    free_strings (l->data);
  g_slist_free (block->unpacked);
  g_free (block);
}

static void
block_unref (Block *block)
{
  if (g_atomic_ref_count_dec (&block->ref_count))
    block_free (block);
}

/* Drops @n of the block's references at once. */
static void
block_release (Block *block,
               guint  n)
{
  if (n > 0 && g_atomic_int_add (&block->ref_count, -(gint) n) == (gint) n)
    block_free (block);
}

AdmEvent *
adm_event_new (const char *kind,
               gint64      time)
{
  g_return_val_if_fail (kind != NULL && *kind != '\0', NULL);

  return adm_event_new_read (kind, strlen (kind), time, 0, NULL, 0, NULL, 0);
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

/* The bytes of an event of these strings as adm_event_new_read () makes it (0 when its run of
 * attributes is too long for the struct to measure, which no file can give), in *@run_length
 * the bytes of its run and in *@kept_text those of the text it keeps, from *@text_start. */
G_ALWAYS_INLINE static inline gsize
measure_read (gsize               kind_length,
              const AdmEventPair *pairs,
              guint               n_pairs,
              const char         *text,
              gsize               text_length,
              gsize              *run_length,
              gsize              *text_start,
              gsize              *kept_text)
{
  *run_length = 0;
  *text_start = 0;
  *kept_text = 0;
  if (text != NULL)
    *kept_text = stripped (text, text_length, text_start);
  /* The event, then the strings, each with its NUL: the kind, ` key\0"value\0` for each pair,
   * the text (or its NUL alone). */
  for (guint i = 0; i < n_pairs; i++)
    *run_length += pairs[i].key_length + pairs[i].value_length + 4;
  if (*run_length > G_MAXUINT)
    return 0;
  return sizeof (AdmEvent) + kind_length + 1 + *run_length + *kept_text + 1;
}

/* memcpy () of @length bytes, in a few moves for the short pieces events are made of (a
 * roll's are two to nine bytes) rather than a call each (issue 20: a phase's thousand rolls
 * are ten thousand pieces). */
static inline void
copy_small (char       *to,
            const char *from,
            gsize       length)
{
  if (length >= 4 && length <= 16)
    {
      if (length >= 8)
        {
          guint64 head, tail;

          memcpy (&head, from, 8);
          memcpy (&tail, from + length - 8, 8);
          memcpy (to, &head, 8);
          memcpy (to + length - 8, &tail, 8);
        }
      else
        {
          guint32 head, tail;

          memcpy (&head, from, 4);
          memcpy (&tail, from + length - 4, 4);
          memcpy (to, &head, 4);
          memcpy (to + length - 4, &tail, 4);
        }
    }
  else if (length < 4)
    {
      /* One to three bytes in three moves, whatever their number, rather than a loop whose end
       * is guessed (a roll's sides and short values). */
      if (length > 0)
        {
          char first = from[0], middle = from[length / 2], last = from[length - 1];

          to[0] = first;
          to[length / 2] = middle;
          to[length - 1] = last;
        }
    }
  else
    memcpy (to, from, length);
}

/* The event measure_read () measured, made in the @size bytes at @self but for its count of
 * references. Inline in its two callers (issue 20: its call, of eleven arguments, was a tenth of
 * making a roll's event). */
G_ALWAYS_INLINE static inline AdmEvent *
pack (AdmEvent           *self,
      gsize               size,
      const char         *kind,
      gsize               kind_length,
      gint64              time,
      int                 line,
      const AdmEventPair *pairs,
      guint               n_pairs,
      gsize               run_length,
      const char         *text,
      gsize               kept_text)
{
  char *out;

  self->time = time;
  self->line = line;
  self->n_attributes = n_pairs;
  self->run_length = (guint) run_length;
  self->changed = NULL;
  copy_small (self->kind, kind, kind_length);
  self->kind[kind_length] = '\0';
  out = self->kind + kind_length + 1;
#define PUT(from, length) \
  G_STMT_START { \
    copy_small (out, (from), (length)); \
    out[(length)] = '\0'; \
    out += (length) + 1; \
  } G_STMT_END
  for (guint i = 0; i < n_pairs; i++)
    {
      /* Copied, so that it is not read again after each memcpy (). */
      AdmEventPair pair = pairs[i];

      /* What adm_event_set () refuses, a file cannot give. */
      g_warn_if_fail (pair.key_length > 0);
      *out++ = (char) (pair.key_length <= G_MAXUINT8 ? pair.key_length : 0);
      PUT (pair.key, pair.key_length);
      *out++ = '"';
      PUT (pair.value, pair.value_length);
    }
  if (kept_text > 0)
    PUT (text, kept_text);
  else
    *out++ = '\0';
#undef PUT
  g_assert ((gsize) (out - (char *) self) == size);
  return self;
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
  gsize size, run_length, text_start, kept_text;
  AdmEvent *self;

  g_return_val_if_fail (kind != NULL && kind_length > 0, NULL);
  g_return_val_if_fail (pairs != NULL || n_pairs == 0, NULL);

  size = measure_read (kind_length, pairs, n_pairs, text, text_length, &run_length, &text_start,
                       &kept_text);
  g_return_val_if_fail (size > 0, NULL);
  self = pack (g_malloc (size), size, kind, kind_length, time, line, pairs, n_pairs, run_length,
               kept_text > 0 ? text + text_start : NULL, kept_text);
  g_atomic_ref_count_init (&self->ref_count);
  if (n_pairs > PACKED_MAX_ATTRIBUTES)
    unpack (self);
  return self;
}

AdmEvent *
adm_event_new_read_take_text (const char         *kind,
                              gsize               kind_length,
                              gint64              time,
                              const AdmEventPair *pairs,
                              guint               n_pairs,
                              char               *text,
                              gsize               text_length)
{
  AdmEvent *self;
  gsize start;

  g_return_val_if_fail (text != NULL, NULL);

  self = adm_event_new_read (kind, kind_length, time, 0, pairs, n_pairs, NULL, 0);
  if (self == NULL)
    {
      g_free (text);
      return NULL;
    }
  /* The text kept as adm_event_new_read () keeps one: without the white space around it, and
   * none when that leaves nothing; apart from the event, as a changed event's is (unpack ()). */
  text_length = stripped (text, text_length, &start);
  unpack (self);
  if (text_length == 0)
    {
      g_free (text);
      return self;
    }
  if (start > 0)
    memmove (text, text + start, text_length);
  text[text_length] = '\0';
  self->changed->text = g_realloc (text, text_length + 1);
  return self;
}

AdmEventBatch *
adm_event_batch_new (void)
{
  return g_new0 (AdmEventBatch, 1);
}

/* The batch done with its block: the references it held for events not made, and its own. */
static void
batch_close (AdmEventBatch *batch)
{
  if (batch->block == NULL)
    return;
  block_release (g_steal_pointer (&batch->block), batch->reserved + 1);
  batch->reserved = 0;
}

AdmEvent *
adm_event_batch_new_read (AdmEventBatch      *batch,
                          const char         *kind,
                          gsize               kind_length,
                          gint64              time,
                          int                 line,
                          const AdmEventPair *pairs,
                          guint               n_pairs,
                          const char         *text,
                          gsize               text_length)
{
  gsize size, room, run_length, text_start, kept_text;
  AdmEvent *self;

  g_return_val_if_fail (batch != NULL, NULL);
  g_return_val_if_fail (kind != NULL && kind_length > 0, NULL);
  g_return_val_if_fail (pairs != NULL || n_pairs == 0, NULL);

  size = measure_read (kind_length, pairs, n_pairs, text, text_length, &run_length, &text_start,
                       &kept_text);
  g_return_val_if_fail (size > 0, NULL);
  /* The next event's place aligned as the struct must be. */
  room = (size + G_ALIGNOF (AdmEvent) - 1) & ~(G_ALIGNOF (AdmEvent) - 1);
  if (batch->block == NULL || batch->used + room > batch->size)
    {
      /* A new block; the one before stays for its events. An event larger than a block has
       * one of its own. */
      batch_close (batch);
      batch->size = MAX (BLOCK_SIZE, sizeof (Block) + room);
      batch->block = g_malloc (batch->size);
      batch->block->unpacked = NULL;
      batch->used = sizeof (Block);
      /* The batch's hold, and a reference for each event the block can hold, taken at once:
       * each event made takes one of them without an atomic operation (issue 20: a phase's
       * thousand rolls each took the block's count in turn); batch_close () gives back the
       * ones left. */
      batch->reserved = (guint) ((batch->size - sizeof (Block)) / MIN_ROOM);
      g_atomic_int_set (&batch->block->ref_count, (gint) batch->reserved + 1);
    }
  self = (AdmEvent *) (void *) ((char *) batch->block + batch->used);
  pack (self, size, kind, kind_length, time, line, pairs, n_pairs, run_length,
        kept_text > 0 ? text + text_start : NULL, kept_text);
  /* The event's reference is one of the block's, reserved by the batch, and the event's count
   * says where the block is (at most a block's size before it). */
  g_assert (batch->reserved > 0);
  batch->reserved--;
  self->ref_count = -(gint) batch->used;
  batch->used += room;
  if (n_pairs > PACKED_MAX_ATTRIBUTES)
    unpack (self);
  return self;
}

void
adm_event_batch_free (AdmEventBatch *batch)
{
  g_return_if_fail (batch != NULL);
  batch_close (batch);
  g_free (batch);
}

/* A packed event's run of attributes: after its kind. */
static inline const char *
packed_run (const AdmEvent *self)
{
  return self->kind + strlen (self->kind) + 1;
}

/* A packed event's text, after its run, or NULL (a NUL alone there). */
static inline const char *
packed_text (const AdmEvent *self)
{
  const char *text = packed_run (self) + self->run_length;

  return *text != '\0' ? text : NULL;
}

/* The event's text, packed or not. */
static inline const char *
text_of (const AdmEvent *self)
{
  return self->changed != NULL ? self->changed->text : packed_text (self);
}

/* The length of the key whose length byte is at @p in a packed event's run (pack ()). */
static inline gsize
packed_key_length (const char *p)
{
  guchar length = (guchar) p[0];

  return length != 0 ? length : strlen (p + 1);
}

/* The pair at @p in a packed event's run (its key's length): its key, in *@value its value;
 * *@next is the next pair's. */
static inline const char *
packed_pair (const char  *p,
             const char **value,
             const char **next)
{
  const char *key = p + 1;

  *value = key + packed_key_length (p) + 2;
  *next = *value + strlen (*value) + 1;
  return key;
}

/* A packed event's pair @i: its key, in *@value its value. */
static const char *
packed_nth (const AdmEvent  *self,
            guint            i,
            const char     **value)
{
  const char *p = packed_run (self), *key;

  for (guint at = 0;; at++)
    {
      key = packed_pair (p, value, &p);
      if (at == i)
        return key;
    }
}

/* An event read from a file gets strings of its own before it is changed. */
static void
unpack (AdmEvent *self)
{
  const char *p;
  Block *block;
  Changed *changed;
  guint room;

  if (self->changed != NULL)
    return;
  p = packed_run (self);
  room = MAX (self->n_attributes, 1);
  changed = g_malloc (sizeof (Changed) + 2 * room * sizeof (char *));
  changed->allocated = room;
  for (guint i = 0; i < self->n_attributes; i++)
    {
      const char *value, *key = packed_pair (p, &value, &p);

      changed->pairs[2 * i] = g_strdup (key);
      changed->pairs[2 * i + 1] = g_strdup (value);
    }
  changed->text = g_strdup (packed_text (self));
  self->changed = changed;
  block = block_of (self);
  if (block != NULL)
    {
      G_LOCK (unpacked);
      block->unpacked = g_slist_prepend (block->unpacked, self);
      G_UNLOCK (unpacked);
    }
}

AdmEvent *
adm_event_ref (AdmEvent *self)
{
  Block *block;

  g_return_val_if_fail (self != NULL, NULL);
  block = block_of (self);
  g_atomic_ref_count_inc (block != NULL ? &block->ref_count : &self->ref_count);
  return self;
}

void
adm_event_ref_many (AdmEvent *const *events,
                    guint            n_events)
{
  Block *block = NULL;
  gint run = 0;

  g_return_if_fail (events != NULL || n_events == 0);
  for (guint i = 0; i < n_events; i++)
    g_return_if_fail (events[i] != NULL);
  for (guint i = 0; i < n_events; i++)
    {
      Block *of = block_of (events[i]);

      if (of == NULL)
        {
          g_atomic_ref_count_inc (&events[i]->ref_count);
          continue;
        }
      if (of != block)
        {
          if (run > 0)
            g_atomic_int_add (&block->ref_count, run);
          block = of;
          run = 0;
        }
      run++;
    }
  if (run > 0)
    g_atomic_int_add (&block->ref_count, run);
}

void
adm_event_unref (AdmEvent *self)
{
  Block *block;

  g_return_if_fail (self != NULL);
  block = block_of (self);
  if (block != NULL)
    block_unref (block);
  else if (g_atomic_ref_count_dec (&self->ref_count))
    {
      free_strings (self);
      g_free (self);
    }
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
  Changed *changed;

  g_return_if_fail (self != NULL);
  g_return_if_fail (key != NULL && !g_str_equal (key, "kind") && !g_str_equal (key, "time"));
  g_return_if_fail (value != NULL);

  unpack (self);
  changed = self->changed;
  for (guint i = 0; i < self->n_attributes; i++)
    if (g_str_equal (changed->pairs[2 * i], key))
      {
        g_free (changed->pairs[2 * i + 1]);
        changed->pairs[2 * i + 1] = g_strdup (value);
        return;
      }

  if (self->n_attributes == changed->allocated)
    {
      guint room = MAX (4, 2 * changed->allocated);

      changed = g_realloc (changed, sizeof (Changed) + 2 * room * sizeof (char *));
      changed->allocated = room;
      self->changed = changed;
    }
  changed->pairs[2 * self->n_attributes] = g_strdup (key);
  changed->pairs[2 * self->n_attributes + 1] = g_strdup (value);
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
  const char *p;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (key != NULL, NULL);

  if (self->changed != NULL)
    {
      for (guint i = 0; i < self->n_attributes; i++)
        if (g_str_equal (self->changed->pairs[2 * i], key))
          return self->changed->pairs[2 * i + 1];
      return NULL;
    }
  p = packed_run (self);
  for (guint i = 0; i < self->n_attributes; i++)
    {
      const char *value, *name = packed_pair (p, &value, &p);

      if (g_str_equal (name, key))
        return value;
    }
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
  const char *value;

  g_return_val_if_fail (self != NULL && i < self->n_attributes, NULL);
  if (self->changed != NULL)
    return self->changed->pairs[2 * i];
  return packed_nth (self, i, &value);
}

const char *
adm_event_get_value_nth (const AdmEvent *self,
                         guint           i)
{
  const char *value;

  g_return_val_if_fail (self != NULL && i < self->n_attributes, NULL);
  if (self->changed != NULL)
    return self->changed->pairs[2 * i + 1];
  packed_nth (self, i, &value);
  return value;
}

const char *
adm_event_get_text (const AdmEvent *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return text_of (self);
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
  g_free (self->changed->text);
  self->changed->text = stripped != NULL && stripped[0] != '\0' ? g_steal_pointer (&stripped)
                                                                 : NULL;
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
  for (guint i = 0; i < self->n_attributes; i++)
    xmlNewProp (node, (const xmlChar *) adm_event_get_key_nth (self, i),
                (const xmlChar *) adm_event_get_value_nth (self, i));
  text = text_of (self);
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

void
adm_event_append_xml (const AdmEvent *self,
                      GString        *out)
{
  xmlNode *node;

  g_return_if_fail (self != NULL && out != NULL);

  node = adm_event_to_xml (self, NULL, TRUE);
  append_dump (out, node);
  xmlFreeNode (node);
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
