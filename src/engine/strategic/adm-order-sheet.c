/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-order-sheet.c: order sheets as XML files. The schema checks the form; each event is then
 * checked by the strategy exactly as the journal would check it, in order, against a scratch
 * copy of the strategy to which each checked order is applied: administrative orders (form,
 * detach, join, disband) change the formations the later orders of the sheet go to. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "adm-order-sheet.h"
#include "adm-xml.h"

static void
copy_attribute (AdmEvent   *event,
                xmlNode    *node,
                const char *name)
{
  g_autofree char *value = adm_xml_get_string (node, name);

  if (value != NULL)
    adm_event_set (event, name, value);
}

static AdmEvent *
read_order (xmlNode    *node,
            const char *admiral,
            const char *cycle,
            gint64      time)
{
  AdmEvent *event = adm_event_new ("order", time);
  g_autofree char *text = adm_xml_get_text (node);

  adm_event_set_line (event, (int) xmlGetLineNo (node));
  adm_event_set (event, "cycle", cycle);
  adm_event_set (event, "admiral", admiral);
  copy_attribute (event, node, "formation");
  copy_attribute (event, node, "order");
  copy_attribute (event, node, "route");
  copy_attribute (event, node, "target");
  copy_attribute (event, node, "flagship");
  copy_attribute (event, node, "ships");
  copy_attribute (event, node, "new-formation");
  copy_attribute (event, node, "name");
  if (text != NULL && *g_strstrip (text) != '\0')
    adm_event_set_text (event, text);
  return event;
}

/* F-STRAT-16, F-STRAT-17, F-STRAT-18: an admiral gives each formation one timed order (move,
 * attack, defend, patrol, lay or sweep mines), one flagship order and one set of instructions per
 * sheet; a second in the same sheet would silently supersede the first, so the sheet is refused and
 * the master asks which one the admiral meant (a correction is a sheet of its own, F-STRAT-7).
 * Administrative orders (form, detach, join, disband) are not limited. */
/* The slot @event's order takes on its formation, "formation/slot", or NULL for an order that
 * takes none (an administrative one, or one naming no formation). */
static char *
order_slot (const AdmEvent *event)
{
  const char *order = adm_event_get (event, "order");
  const char *formation = adm_event_get (event, "formation");

  if (order == NULL || formation == NULL || g_str_equal (order, "form") ||
      g_str_equal (order, "detach") || g_str_equal (order, "join") ||
      g_str_equal (order, "disband"))
    return NULL;
  return g_strdup_printf ("%s/%s", formation,
                          g_str_equal (order, "flagship") || g_str_equal (order, "instructions")
                            ? order : "timed");
}

static gboolean
check_one_order_per_slot (GPtrArray   *events,
                          const char  *path,
                          GError     **error)
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 1; i < events->len; i++)
    {
      AdmEvent *event = g_ptr_array_index (events, i);
      const char *formation = adm_event_get (event, "formation");
      g_autofree char *key = order_slot (event);
      const char *slot;
      gpointer first;

      if (key == NULL)
        continue;
      slot = strchr (key, '/') + 1;
      if (g_hash_table_lookup_extended (seen, key, NULL, &first))
        {
          if (g_str_equal (slot, "timed"))
            g_set_error (error, ADM_XML_ERROR, ADM_XML_ERROR_INVALID,
                         _("%s:%d: a second timed order for “%s” in one sheet (the first is on "
                           "line %d); give each formation one of move, attack, defend, patrol, "
                           "lay or sweep mines per sheet (F-STRAT-16)"),
                         path, adm_event_get_line (event), formation, GPOINTER_TO_INT (first));
          else
            g_set_error (error, ADM_XML_ERROR, ADM_XML_ERROR_INVALID,
                         _("%s:%d: a second “%s” order for “%s” in one sheet (the first is on "
                           "line %d); give it once per sheet (F-STRAT-16)"),
                         path, adm_event_get_line (event), slot, formation,
                         GPOINTER_TO_INT (first));
          return FALSE;
        }
      g_hash_table_insert (seen, g_steal_pointer (&key),
                           GINT_TO_POINTER (adm_event_get_line (event)));
    }
  return TRUE;
}

GPtrArray *
adm_order_sheet_load_file (const char  *path,
                           AdmState    *state,
                           gint64       time,
                           GError     **error)
{
  g_autoptr(xmlDoc) doc = NULL;
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_event_unref);
  g_autofree char *admiral = NULL, *cycle = NULL, *late = NULL;
  xmlNode *root;
  AdmEvent *sheet;

  g_return_val_if_fail (path != NULL && ADM_IS_STATE (state), NULL);

  doc = adm_xml_read_file (path, "order-sheet", error);
  if (doc == NULL)
    return NULL;
  root = xmlDocGetRootElement (doc);
  admiral = adm_xml_get_string (root, "admiral");
  cycle = adm_xml_get_string (root, "cycle");
  late = adm_xml_get_string (root, "late");

  sheet = adm_event_new ("sheet", time);
  g_ptr_array_add (events, sheet);
  adm_event_set_line (sheet, (int) xmlGetLineNo (root));
  adm_event_set (sheet, "cycle", cycle);
  adm_event_set (sheet, "admiral", admiral);
  copy_attribute (sheet, root, "received");
  adm_event_set (sheet, "late", late != NULL && (g_str_equal (late, "true") ||
                                                 g_str_equal (late, "1")) ? "true" : "false");
  for (xmlNode *node = adm_xml_first_element (root, "order"); node != NULL;
       node = adm_xml_next_element (node, "order"))
    g_ptr_array_add (events, read_order (node, admiral, cycle, time));

  if (!adm_order_sheet_check (events, state, path, error))
    return NULL;
  return g_steal_pointer (&events);
}

/* Why the journal could not keep @event — a character its file cannot hold, pasted into the
 * instructions or a new formation's name — in the words of the one who wrote the sheet, or
 * NULL when it can. The text itself is not repeated: it would carry the character back. */
static char *
unkept_characters (const AdmEvent *event)
{
  const char *key = NULL;
  gunichar bad_char = adm_event_first_bad_char (event, &key);

  if (bad_char == 0)
    return NULL;
  if (bad_char == (gunichar) -1)
    return g_strdup (_("the order holds bytes that are not text: write it again"));
  if (key == NULL)
    return g_strdup_printf (_("the instructions hold a character that is not a letter, digit, "
                              "space or sign (U+%04X): write them again without it"), bad_char);
  if (g_str_equal (key, "name"))
    return g_strdup_printf (_("the new formation’s name holds a character that is not a "
                              "letter, digit, space or sign (U+%04X): type it again without "
                              "it"), bad_char);
  return g_strdup_printf (_("the order holds a character that is not a letter, digit, space "
                            "or sign (U+%04X)"), bad_char);
}

gboolean
adm_order_sheet_check (GPtrArray   *events,
                       AdmState    *state,
                       const char  *where,
                       GError     **error)
{
  AdmStrategy *trial;

  g_return_val_if_fail (events != NULL && events->len > 0 && ADM_IS_STATE (state), FALSE);
  g_return_val_if_fail (where != NULL, FALSE);

  if (!check_one_order_per_slot (events, where, error))
    return FALSE;

  /* All or nothing: every event is checked before the caller appends any. */
  trial = adm_strategy_new_trial (adm_state_get_strategy (state));
  for (guint i = 0; i < events->len; i++)
    {
      AdmEvent *event = g_ptr_array_index (events, i);
      g_autoptr(GError) local_error = NULL;
      AdmStratOrder *order = NULL;
      g_autofree char *unkept = unkept_characters (event);
      gboolean ok;

      /* The journal's own check refuses what its file cannot keep (adm_state_apply ()). */
      if (unkept != NULL)
        {
          g_set_error (error, ADM_XML_ERROR, ADM_XML_ERROR_INVALID, "%s:%d: %s", where,
                       adm_event_get_line (event), unkept);
          adm_strategy_free (trial);
          return FALSE;
        }
      if (i == 0)
        ok = adm_strategy_check_sheet (trial, event, &local_error);
      else
        ok = (order = adm_strategy_check_order (trial, event, &local_error)) != NULL;
      if (order != NULL)
        adm_strategy_apply_order (trial, order);
      if (!ok)
        {
          g_set_error (error, ADM_XML_ERROR, ADM_XML_ERROR_INVALID, "%s:%d: %s", where,
                       adm_event_get_line (event), local_error->message);
          adm_strategy_free (trial);
          return FALSE;
        }
    }
  adm_strategy_free (trial);
  return TRUE;
}

/* F-STRAT-16: the reason a second order in @event's slot is refused, in the words of the file
 * check without the file's lines. */
static char *
second_in_slot (const AdmEvent *event,
                const char     *key)
{
  const char *slot = strchr (key, '/') + 1;
  const char *formation = adm_event_get (event, "formation");

  if (g_str_equal (slot, "timed"))
    return g_strdup_printf (_("a second timed order for “%s” in one sheet; give each formation "
                              "one of move, attack, defend, patrol, lay or sweep mines per "
                              "sheet (F-STRAT-16)"), formation);
  return g_strdup_printf (_("a second “%s” order for “%s” in one sheet; give it once per sheet "
                            "(F-STRAT-16)"), slot, formation);
}

GPtrArray *
adm_order_sheet_verdicts (GPtrArray *events,
                          AdmState  *state)
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GPtrArray *verdicts;
  AdmStrategy *trial;

  g_return_val_if_fail (events != NULL && events->len > 0 && ADM_IS_STATE (state), NULL);

  verdicts = g_ptr_array_new_full (events->len, g_free);
  trial = adm_strategy_new_trial (adm_state_get_strategy (state));
  for (guint i = 0; i < events->len; i++)
    {
      AdmEvent *event = g_ptr_array_index (events, i);
      g_autoptr(GError) local_error = NULL;
      g_autofree char *key = i > 0 ? order_slot (event) : NULL;
      AdmStratOrder *order = NULL;
      char *reason = unkept_characters (event);

      if (reason != NULL)
        ;  /* the journal could not keep it: no other check speaks */
      else if (key != NULL && g_hash_table_contains (seen, key))
        reason = second_in_slot (event, key);
      else if (i == 0 && !adm_strategy_check_sheet (trial, event, &local_error))
        reason = g_strdup (local_error->message);
      else if (i > 0 && (order = adm_strategy_check_order (trial, event, &local_error)) == NULL)
        reason = g_strdup (local_error->message);
      if (order != NULL)
        adm_strategy_apply_order (trial, order);
      /* The first order in a slot holds it, taken or not, as in check_one_order_per_slot (). */
      if (key != NULL && !g_hash_table_contains (seen, key))
        g_hash_table_add (seen, g_steal_pointer (&key));
      g_ptr_array_add (verdicts, reason);
    }
  adm_strategy_free (trial);
  return verdicts;
}

AdmEvent *
adm_order_sheet_event_new (const char *admiral_id,
                           guint       cycle,
                           gint64      now,
                           gboolean    late)
{
  AdmEvent *event;
  g_autofree char *received = NULL;

  g_return_val_if_fail (admiral_id != NULL, NULL);

  event = adm_event_new ("sheet", now);
  received = adm_event_format_time (now);
  adm_event_set_int (event, "cycle", cycle);
  adm_event_set (event, "admiral", admiral_id);
  adm_event_set (event, "received", received);
  adm_event_set (event, "late", late ? "true" : "false");
  return event;
}

AdmEvent *
adm_order_sheet_order_new (const char *admiral_id,
                           guint       cycle,
                           gint64      now,
                           const char *formation,
                           const char *kind)
{
  AdmEvent *event;

  g_return_val_if_fail (admiral_id != NULL, NULL);
  g_return_val_if_fail (formation != NULL, NULL);
  g_return_val_if_fail (kind != NULL, NULL);

  event = adm_event_new ("order", now);
  adm_event_set_int (event, "cycle", cycle);
  adm_event_set (event, "admiral", admiral_id);
  adm_event_set (event, "formation", formation);
  adm_event_set (event, "order", kind);
  return event;
}

/* The attributes of @event but those of its sheet (cycle, admiral), appended to @out. */
static void
append_order (GString        *out,
              const AdmEvent *event)
{
  g_string_append (out, "  <order");
  for (guint a = 0; a < adm_event_get_n_attributes (event); a++)
    if (!g_str_equal (adm_event_get_key_nth (event, a), "cycle") &&
        !g_str_equal (adm_event_get_key_nth (event, a), "admiral"))
      adm_event_append_attribute (out, adm_event_get_key_nth (event, a),
                                  adm_event_get_value_nth (event, a));
  g_string_append_c (out, '>');
  if (adm_event_get_text (event) != NULL)
    adm_event_append_text (out, adm_event_get_text (event));
  g_string_append (out, "</order>\n");
}

char *
adm_order_sheet_to_xml (GPtrArray *events)
{
  static const char * const sheet_keys[] = { "admiral", "cycle", "received", "late" };
  const AdmEvent *sheet;
  GString *out;

  g_return_val_if_fail (events != NULL && events->len > 0, NULL);
  sheet = g_ptr_array_index (events, 0);
  g_return_val_if_fail (g_str_equal (adm_event_get_kind (sheet), "sheet"), NULL);

  out = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<order-sheet");
  for (guint k = 0; k < G_N_ELEMENTS (sheet_keys); k++)
    if (adm_event_get (sheet, sheet_keys[k]) != NULL)
      adm_event_append_attribute (out, sheet_keys[k], adm_event_get (sheet, sheet_keys[k]));
  g_string_append (out, ">\n");
  for (guint i = 1; i < events->len; i++)
    append_order (out, g_ptr_array_index (events, i));
  g_string_append (out, "</order-sheet>\n");
  return g_string_free (out, FALSE);
}
