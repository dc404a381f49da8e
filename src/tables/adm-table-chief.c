/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-table-chief.c: a chief's Admiralty found on the network (adm-table-chief.h). */

#include "config.h"

#include <string.h>

#include "adm-table-chief.h"

struct _AdmTableChief
{
  GObject  parent_instance;

  char    *name;
  char    *host;
  guint    port;
};

G_DEFINE_FINAL_TYPE (AdmTableChief, adm_table_chief, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_NAME,
  PROP_HOST,
  PROP_PORT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
adm_table_chief_finalize (GObject *object)
{
  AdmTableChief *self = ADM_TABLE_CHIEF (object);

  g_free (self->name);
  g_free (self->host);
  G_OBJECT_CLASS (adm_table_chief_parent_class)->finalize (object);
}

static void
adm_table_chief_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  AdmTableChief *self = ADM_TABLE_CHIEF (object);

  switch (prop_id)
    {
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case PROP_HOST:
      g_value_set_string (value, self->host);
      break;
    case PROP_PORT:
      g_value_set_uint (value, self->port);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
adm_table_chief_class_init (AdmTableChiefClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = adm_table_chief_finalize;
  object_class->get_property = adm_table_chief_get_property;

  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL,
                                               G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_HOST] = g_param_spec_string ("host", NULL, NULL, NULL,
                                               G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_PORT] = g_param_spec_uint ("port", NULL, NULL, 0, G_MAXUINT16, 0,
                                             G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
adm_table_chief_init (AdmTableChief *self)
{
}

AdmTableChief *
adm_table_chief_new (const char *name,
                     const char *host,
                     guint       port)
{
  AdmTableChief *self = g_object_new (ADM_TYPE_TABLE_CHIEF, NULL);

  self->name = g_strdup (name);
  self->host = g_strdup (host);
  self->port = port;
  return self;
}

const char *
adm_table_chief_get_name (AdmTableChief *self)
{
  g_return_val_if_fail (ADM_IS_TABLE_CHIEF (self), NULL);
  return self->name;
}

const char *
adm_table_chief_get_host (AdmTableChief *self)
{
  g_return_val_if_fail (ADM_IS_TABLE_CHIEF (self), NULL);
  return self->host;
}

guint
adm_table_chief_get_port (AdmTableChief *self)
{
  g_return_val_if_fail (ADM_IS_TABLE_CHIEF (self), 0);
  return self->port;
}

char *
adm_table_chief_get_where (AdmTableChief *self)
{
  g_return_val_if_fail (ADM_IS_TABLE_CHIEF (self), NULL);
  return strchr (self->host, ':') != NULL ? g_strdup_printf ("[%s]:%u", self->host, self->port)
                                          : g_strdup_printf ("%s:%u", self->host, self->port);
}
