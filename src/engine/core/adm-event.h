/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-event.h: one entry of a campaign's journal — an order, a dice result or a master's
 * decision. An event is a kind, the time the master recorded it, ordered attributes and an
 * optional text; AdmState gives each kind its meaning. */
#pragma once

#include <glib-object.h>
#include <libxml/tree.h>

G_BEGIN_DECLS

typedef struct _AdmEvent AdmEvent;

#define ADM_TYPE_EVENT (adm_event_get_type ())

GType        adm_event_get_type  (void) G_GNUC_CONST;

/* @time is seconds since the Unix epoch, UTC. */
AdmEvent    *adm_event_new       (const char *kind,
                                  gint64      time) G_GNUC_WARN_UNUSED_RESULT;
AdmEvent    *adm_event_ref       (AdmEvent   *self);
void         adm_event_unref     (AdmEvent   *self);
const char  *adm_event_get_kind  (const AdmEvent *self);
gint64       adm_event_get_time  (const AdmEvent *self);
/* Source line when loaded from a file, 0 otherwise. */
int          adm_event_get_line  (const AdmEvent *self);
void         adm_event_set_line  (AdmEvent   *self,
                                  int         line);

void         adm_event_set       (AdmEvent   *self,
                                  const char *key,
                                  const char *value);
void         adm_event_set_int   (AdmEvent   *self,
                                  const char *key,
                                  gint64      value);
const char  *adm_event_get       (const AdmEvent *self,
                                  const char     *key);
/* FALSE when absent or not an integer. */
gboolean     adm_event_get_int   (const AdmEvent *self,
                                  const char     *key,
                                  gint64         *out);
guint        adm_event_get_n_attributes (const AdmEvent *self);
/* The attributes in the order first set: @i below adm_event_get_n_attributes (). */
const char  *adm_event_get_key_nth      (const AdmEvent *self, guint i);
const char  *adm_event_get_value_nth    (const AdmEvent *self, guint i);

const char  *adm_event_get_text  (const AdmEvent *self);
/* The first character of @self's values or text that a file cannot keep
 * (adm_xml_first_bad_char ()): 0 when there is none, (gunichar) -1 for bytes that are not
 * UTF-8; @key (may be NULL) says where — the attribute's name, or NULL for the text. */
gunichar     adm_event_first_bad_char (const AdmEvent  *self,
                                       const char     **key);
void         adm_event_set_text  (AdmEvent   *self,
                                  const char *text);

/* The event as a libxml2 element, <event kind=… time=… attrs…>text</event>, added as the last
 * child of @parent when not NULL: without its time when @with_time is FALSE (an event of a
 * journal's action has the action's time, which the action says once). */
xmlNode     *adm_event_to_xml    (const AdmEvent *self,
                                  xmlNode        *parent,
                                  gboolean        with_time);
/* @time (seconds from 1970, UTC) as every Admiralty file writes a time, "2026-11-22T18:00:00Z",
 * the year with four digits as xsd:dateTime requires ("0217-…"). */
char        *adm_event_format_time (gint64 time) G_GNUC_WARN_UNUSED_RESULT;
/* ` name="value"`, the value escaped by libxml2 as it writes an attribute
 * (xmlAttrSerializeTxtContent ()): `&` `<` `>` `"` as entities, tab, newline and carriage
 * return as &#9; &#10; &#13;, a character past ASCII as its reference (&#xE9;); @name as it is. */
void         adm_event_append_attribute (GString    *out,
                                         const char *name,
                                         const char *value);
/* An element's text as libxml2 writes it: `&` `<` `>` as entities, carriage return as &#13;,
 * the rest as it is (past ASCII too). */
void         adm_event_append_text (GString    *out,
                                    const char *text);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdmEvent, adm_event_unref)

G_END_DECLS
