/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-table-request.c: a table master asking to be let in (adm-table-request.h). */

#include "config.h"

#include "adm-table-request.h"

struct _AdmTableRequest
{
  GObject  parent_instance;

  char    *id;
  char    *name;
  char    *address;
  char    *words;
  gint64   asked;
};

G_DEFINE_FINAL_TYPE (AdmTableRequest, adm_table_request, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ID,
  PROP_NAME,
  PROP_ADDRESS,
  PROP_WORDS,
  PROP_ASKED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
adm_table_request_finalize (GObject *object)
{
  AdmTableRequest *self = ADM_TABLE_REQUEST (object);

  g_free (self->id);
  g_free (self->name);
  g_free (self->address);
  g_free (self->words);
  G_OBJECT_CLASS (adm_table_request_parent_class)->finalize (object);
}

static void
adm_table_request_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  AdmTableRequest *self = ADM_TABLE_REQUEST (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_string (value, self->id);
      break;
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case PROP_ADDRESS:
      g_value_set_string (value, self->address);
      break;
    case PROP_WORDS:
      g_value_set_string (value, self->words);
      break;
    case PROP_ASKED:
      g_value_set_int64 (value, self->asked);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
adm_table_request_class_init (AdmTableRequestClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = adm_table_request_finalize;
  object_class->get_property = adm_table_request_get_property;

  properties[PROP_ID] = g_param_spec_string ("id", NULL, NULL, NULL,
                                             G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL,
                                               G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_ADDRESS] = g_param_spec_string ("address", NULL, NULL, NULL,
                                                  G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_WORDS] = g_param_spec_string ("words", NULL, NULL, NULL,
                                                G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_ASKED] = g_param_spec_int64 ("asked", NULL, NULL, 0, G_MAXINT64, 0,
                                               G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
adm_table_request_init (AdmTableRequest *self)
{
}

AdmTableRequest *
adm_table_request_new (const char *id,
                       const char *name,
                       const char *address,
                       const char *words,
                       gint64      asked)
{
  AdmTableRequest *self = g_object_new (ADM_TYPE_TABLE_REQUEST, NULL);

  self->id = g_strdup (id);
  self->name = g_strdup (name);
  self->address = g_strdup (address);
  self->words = g_strdup (words);
  self->asked = asked;
  return self;
}

const char *
adm_table_request_get_id (AdmTableRequest *self)
{
  g_return_val_if_fail (ADM_IS_TABLE_REQUEST (self), NULL);
  return self->id;
}

const char *
adm_table_request_get_name (AdmTableRequest *self)
{
  g_return_val_if_fail (ADM_IS_TABLE_REQUEST (self), NULL);
  return self->name;
}

const char *
adm_table_request_get_address (AdmTableRequest *self)
{
  g_return_val_if_fail (ADM_IS_TABLE_REQUEST (self), NULL);
  return self->address;
}

const char *
adm_table_request_get_words (AdmTableRequest *self)
{
  g_return_val_if_fail (ADM_IS_TABLE_REQUEST (self), NULL);
  return self->words;
}

gint64
adm_table_request_get_asked (AdmTableRequest *self)
{
  g_return_val_if_fail (ADM_IS_TABLE_REQUEST (self), 0);
  return self->asked;
}
