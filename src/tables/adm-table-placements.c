/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-table-placements.c: the placements step on the table's link (adm-table-placements.h).
 * Each kind of record (a placement offered, a formation's choice, an admiral's words) is a
 * list of string fields, described once: the name of its member on the link and where the
 * record keeps it. */

#include "config.h"

#include <stddef.h>

#include "adm-table-placements.h"

typedef struct {
  const char *name;    /* on the link */
  gsize       offset;  /* of its char* in the record */
} Field;

typedef struct {
  const char  *name;     /* the array's member on the link */
  gsize        list;     /* of its GPtrArray* in AdmPlacementStep */
  gsize        size;     /* of a record */
  const Field *fields;   /* NULL-named at the end */
  gboolean     required;
} Records;

static const Field offer_fields[] = {
  { "id", offsetof (AdmPlacementOffer, id) },
  { "name", offsetof (AdmPlacementOffer, name) },
  { NULL, 0 },
};

static const Field choice_fields[] = {
  { "id", offsetof (AdmPlacementChoice, formation) },
  { "name", offsetof (AdmPlacementChoice, name) },
  { "side", offsetof (AdmPlacementChoice, side) },
  { "placement", offsetof (AdmPlacementChoice, placement) },
  { "reason", offsetof (AdmPlacementChoice, reason) },
  { NULL, 0 },
};

static const Field words_fields[] = {
  { "formation", offsetof (AdmPlacementWords, formation) },
  { "admiral", offsetof (AdmPlacementWords, admiral) },
  { "text", offsetof (AdmPlacementWords, text) },
  { NULL, 0 },
};

static const Records records[] = {
  { "offered", offsetof (AdmPlacementStep, offered), sizeof (AdmPlacementOffer), offer_fields,
    TRUE },
  { "formations", offsetof (AdmPlacementStep, choices), sizeof (AdmPlacementChoice),
    choice_fields, TRUE },
  { "words", offsetof (AdmPlacementStep, words), sizeof (AdmPlacementWords), words_fields,
    FALSE },
};

static GPtrArray *
list_of (const AdmPlacementStep *step,
         const Records          *kind)
{
  return *(GPtrArray * const *) ((const char *) step + kind->list);
}

static char **
field_of (gpointer     record,
          const Field *field)
{
  return (char **) ((char *) record + field->offset);
}

void
adm_table_placements_write (JsonBuilder            *builder,
                            const AdmPlacementStep *step)
{
  g_return_if_fail (JSON_IS_BUILDER (builder));
  g_return_if_fail (step != NULL);

  json_builder_set_member_name (builder, "placements");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "cycle");
  json_builder_add_int_value (builder, step->cycle);
  json_builder_set_member_name (builder, "minute");
  json_builder_add_double_value (builder, step->minute);
  for (gsize k = 0; k < G_N_ELEMENTS (records); k++)
    {
      GPtrArray *list = list_of (step, &records[k]);

      json_builder_set_member_name (builder, records[k].name);
      json_builder_begin_array (builder);
      for (guint i = 0; i < list->len; i++)
        {
          json_builder_begin_object (builder);
          for (const Field *field = records[k].fields; field->name != NULL; field++)
            {
              const char *value = *field_of (g_ptr_array_index (list, i), field);

              json_builder_set_member_name (builder, field->name);
              json_builder_add_string_value (builder, value != NULL ? value : "");
            }
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
    }
  json_builder_end_object (builder);
}

/* The member @name of @object when it is a string of UTF-8, else NULL. */
static const char *
text_of (JsonObject *object,
         const char *name)
{
  JsonNode *node = json_object_get_member (object, name);
  const char *text = node != NULL && json_node_get_value_type (node) == G_TYPE_STRING
                       ? json_node_get_string (node) : NULL;

  return text != NULL && g_utf8_validate (text, -1, NULL) ? text : NULL;
}

/* The records of @array, each an object of @kind's fields, all strings, into @list: FALSE when
 * one is not (what was read stays in @list, which frees it). */
static gboolean
read_records (JsonArray     *array,
              const Records *kind,
              GPtrArray     *list)
{
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *node = json_array_get_element (array, i);
      JsonObject *object;
      gpointer record;

      if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
        return FALSE;
      object = json_node_get_object (node);
      record = g_malloc0 (kind->size);
      g_ptr_array_add (list, record);
      for (const Field *field = kind->fields; field->name != NULL; field++)
        if ((*field_of (record, field) = g_strdup (text_of (object, field->name))) == NULL)
          return FALSE;
    }
  return TRUE;
}

AdmPlacementStep *
adm_table_placements_read (JsonNode   *node,
                           const char *place)
{
  g_autoptr(AdmPlacementStep) step = NULL;
  JsonObject *object;
  JsonNode *cycle, *minute;

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return NULL;
  object = json_node_get_object (node);
  cycle = json_object_get_member (object, "cycle");
  minute = json_object_get_member (object, "minute");
  if (cycle == NULL || json_node_get_value_type (cycle) != G_TYPE_INT64 ||
      json_node_get_int (cycle) < 0 || json_node_get_int (cycle) > G_MAXUINT ||
      minute == NULL || !JSON_NODE_HOLDS_VALUE (minute))
    return NULL;
  step = adm_placement_step_new ();
  step->place = g_strdup (place != NULL ? place : "");
  step->cycle = (guint) json_node_get_int (cycle);
  step->minute = json_node_get_double (minute);
  for (gsize k = 0; k < G_N_ELEMENTS (records); k++)
    {
      JsonNode *member = json_object_get_member (object, records[k].name);

      gboolean array = member != NULL && JSON_NODE_HOLDS_ARRAY (member);

      if (!array && !records[k].required)
        continue;
      if (!array ||
          !read_records (json_node_get_array (member), &records[k], list_of (step, &records[k])))
        return NULL;
    }
  /* A formation is placed in one of the placements offered. */
  for (guint i = 0; i < step->choices->len; i++)
    {
      const AdmPlacementChoice *choice = g_ptr_array_index (step->choices, i);

      if (adm_placement_step_find_offer (step, choice->placement) == NULL)
        return NULL;
    }
  return g_steal_pointer (&step);
}
