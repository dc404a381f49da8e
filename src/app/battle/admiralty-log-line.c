/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-log-line.c: an immutable row of text for the battle page's lists. */

#include "config.h"

#include "admiralty-log-line.h"

struct _AdmiraltyLogLine
{
  GObject   parent_instance;

  char     *text;
  char     *detail;
  gboolean  heading;
};

G_DEFINE_FINAL_TYPE (AdmiraltyLogLine, admiralty_log_line, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_TEXT,
  PROP_DETAIL,
  PROP_HEADING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
admiralty_log_line_finalize (GObject *object)
{
  AdmiraltyLogLine *self = ADMIRALTY_LOG_LINE (object);

  g_free (self->text);
  g_free (self->detail);

  G_OBJECT_CLASS (admiralty_log_line_parent_class)->finalize (object);
}

static void
admiralty_log_line_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  AdmiraltyLogLine *self = ADMIRALTY_LOG_LINE (object);

  switch (prop_id)
    {
    case PROP_TEXT:
      g_value_set_string (value, self->text);
      break;
    case PROP_DETAIL:
      g_value_set_string (value, self->detail);
      break;
    case PROP_HEADING:
      g_value_set_boolean (value, self->heading);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
admiralty_log_line_class_init (AdmiraltyLogLineClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = admiralty_log_line_finalize;
  object_class->get_property = admiralty_log_line_get_property;

  properties[PROP_TEXT] =
    g_param_spec_string ("text", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_DETAIL] =
    g_param_spec_string ("detail", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_HEADING] =
    g_param_spec_boolean ("heading", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
admiralty_log_line_init (AdmiraltyLogLine *self)
{
}

AdmiraltyLogLine *
admiralty_log_line_new (const char *text,
                        const char *detail,
                        gboolean    heading)
{
  AdmiraltyLogLine *self = g_object_new (ADMIRALTY_TYPE_LOG_LINE, NULL);

  self->text = g_strdup (text != NULL ? text : "");
  self->detail = g_strdup (detail);
  self->heading = heading;
  return self;
}

const char *
admiralty_log_line_get_text (AdmiraltyLogLine *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_LOG_LINE (self), NULL);

  return self->text;
}

const char *
admiralty_log_line_get_detail (AdmiraltyLogLine *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_LOG_LINE (self), NULL);

  return self->detail;
}

gboolean
admiralty_log_line_get_heading (AdmiraltyLogLine *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_LOG_LINE (self), FALSE);

  return self->heading;
}
