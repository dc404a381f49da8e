/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-roll-item.c: a roll record turned into the texts of the dice log. */

#include "config.h"

#include <string.h>

#include "admiralty-roll-item.h"

struct _AdmiraltyRollItem
{
  GObject  parent_instance;

  gint64   time;
  guint    sides;
  GArray  *raw_values;
  char    *time_text;
  char    *purpose;
  char    *clause;
  char    *dice;
  char    *values;
  guint    total;
  char    *outcome;
};

G_DEFINE_FINAL_TYPE (AdmiraltyRollItem, admiralty_roll_item, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_TIME,
  PROP_PURPOSE,
  PROP_CLAUSE,
  PROP_DICE,
  PROP_VALUES,
  PROP_TOTAL,
  PROP_OUTCOME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
admiralty_roll_item_finalize (GObject *object)
{
  AdmiraltyRollItem *self = (AdmiraltyRollItem *)object;

  g_clear_pointer (&self->raw_values, g_array_unref);
  g_clear_pointer (&self->time_text, g_free);
  g_clear_pointer (&self->purpose, g_free);
  g_clear_pointer (&self->clause, g_free);
  g_clear_pointer (&self->dice, g_free);
  g_clear_pointer (&self->values, g_free);
  g_clear_pointer (&self->outcome, g_free);

  G_OBJECT_CLASS (admiralty_roll_item_parent_class)->finalize (object);
}

static void
admiralty_roll_item_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  AdmiraltyRollItem *self = ADMIRALTY_ROLL_ITEM (object);

  switch (prop_id)
    {
    case PROP_TIME:
      g_value_set_string (value, self->time_text);
      break;
    case PROP_PURPOSE:
      g_value_set_string (value, self->purpose);
      break;
    case PROP_CLAUSE:
      g_value_set_string (value, self->clause);
      break;
    case PROP_DICE:
      g_value_set_string (value, self->dice);
      break;
    case PROP_VALUES:
      g_value_set_string (value, self->values);
      break;
    case PROP_TOTAL:
      g_value_set_uint (value, self->total);
      break;
    case PROP_OUTCOME:
      g_value_set_string (value, self->outcome);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
admiralty_roll_item_class_init (AdmiraltyRollItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;

  object_class->finalize = admiralty_roll_item_finalize;
  object_class->get_property = admiralty_roll_item_get_property;

  properties[PROP_TIME] = g_param_spec_string ("time", NULL, NULL, NULL, flags);
  properties[PROP_PURPOSE] = g_param_spec_string ("purpose", NULL, NULL, NULL, flags);
  properties[PROP_CLAUSE] = g_param_spec_string ("clause", NULL, NULL, NULL, flags);
  properties[PROP_DICE] = g_param_spec_string ("dice", NULL, NULL, NULL, flags);
  properties[PROP_VALUES] = g_param_spec_string ("values", NULL, NULL, NULL, flags);
  properties[PROP_TOTAL] = g_param_spec_uint ("total", NULL, NULL, 0, G_MAXUINT, 0, flags);
  properties[PROP_OUTCOME] = g_param_spec_string ("outcome", NULL, NULL, NULL, flags);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
admiralty_roll_item_init (AdmiraltyRollItem *self)
{
}

AdmiraltyRollItem *
admiralty_roll_item_new (const AdmRollRecord *record)
{
  AdmiraltyRollItem *self;
  g_autoptr(GDateTime) utc = NULL;
  g_autoptr(GDateTime) local = NULL;
  g_autoptr(GString) values = g_string_new (NULL);

  g_return_val_if_fail (record != NULL, NULL);

  self = g_object_new (ADMIRALTY_TYPE_ROLL_ITEM, NULL);
  self->time = record->time;
  self->sides = record->sides;
  self->raw_values = g_array_copy (record->values);
  self->purpose = g_strdup (record->purpose != NULL ? record->purpose : "");
  self->clause = g_strdup (record->clause != NULL ? record->clause : "");
  self->dice = adm_dice_describe (record->values->len, record->sides);

  utc = g_date_time_new_from_unix_utc (record->time);
  if (utc != NULL)
    local = g_date_time_to_local (utc);
  self->time_text = local != NULL ? g_date_time_format (local, "%H:%M:%S") : g_strdup ("");

  for (guint i = 0; i < record->values->len; i++)
    {
      guint value = g_array_index (record->values, guint, i);

      g_string_append_printf (values, i > 0 ? " %u" : "%u", value);
      self->total += value;
    }
  self->values = g_string_free (g_steal_pointer (&values), FALSE);
  /* Pass or fail as the rule judged it, in the battle dice log's words. */
  self->outcome = adm_roll_record_describe_outcome (record);
  if (self->outcome == NULL)
    self->outcome = g_strdup ("");

  return self;
}

gboolean
admiralty_roll_item_shows (AdmiraltyRollItem   *self,
                           const AdmRollRecord *record)
{
  g_return_val_if_fail (ADMIRALTY_IS_ROLL_ITEM (self), FALSE);
  g_return_val_if_fail (record != NULL, FALSE);

  return self->time == record->time
         && self->sides == record->sides
         && g_strcmp0 (self->purpose, record->purpose != NULL ? record->purpose : "") == 0
         && g_strcmp0 (self->clause, record->clause != NULL ? record->clause : "") == 0
         && self->raw_values->len == record->values->len
         && memcmp (self->raw_values->data, record->values->data,
                    sizeof (guint) * record->values->len) == 0;
}

void
admiralty_roll_store_sync (GListStore *store,
                           GPtrArray  *rolls)
{
  guint n_items, common = 0;
  g_autoptr(GPtrArray) added = g_ptr_array_new_with_free_func (g_object_unref);

  g_return_if_fail (G_IS_LIST_STORE (store));
  g_return_if_fail (rolls != NULL);

  n_items = g_list_model_get_n_items (G_LIST_MODEL (store));
  while (common < n_items && common < rolls->len)
    {
      g_autoptr(AdmiraltyRollItem) item = g_list_model_get_item (G_LIST_MODEL (store), common);

      if (!admiralty_roll_item_shows (item, g_ptr_array_index (rolls, common)))
        break;
      common++;
    }

  for (guint i = common; i < rolls->len; i++)
    g_ptr_array_add (added, admiralty_roll_item_new (g_ptr_array_index (rolls, i)));

  if (common < n_items || added->len > 0)
    g_list_store_splice (store, common, n_items - common, added->pdata, added->len);
}

const char *
admiralty_roll_item_get_purpose (AdmiraltyRollItem *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_ROLL_ITEM (self), NULL);

  return self->purpose;
}

const char *
admiralty_roll_item_get_clause (AdmiraltyRollItem *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_ROLL_ITEM (self), NULL);

  return self->clause;
}

const char *
admiralty_roll_item_get_dice (AdmiraltyRollItem *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_ROLL_ITEM (self), NULL);

  return self->dice;
}

const char *
admiralty_roll_item_get_values (AdmiraltyRollItem *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_ROLL_ITEM (self), NULL);

  return self->values;
}

const char *
admiralty_roll_item_get_outcome (AdmiraltyRollItem *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_ROLL_ITEM (self), NULL);

  return self->outcome;
}

guint
admiralty_roll_item_get_total (AdmiraltyRollItem *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_ROLL_ITEM (self), 0);

  return self->total;
}
