/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-luck-row.c: one item of the luck ledger as a list (adm-luck-row.h). */

#include "config.h"

#include "adm-luck-row.h"

struct _AdmLuckRow
{
  GObject        parent_instance;

  AdmLuckRowKind kind;
  char          *title;
  char          *summary;
  guint          rolls;
};

G_DEFINE_FINAL_TYPE (AdmLuckRow, adm_luck_row, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_KIND,
  PROP_TITLE,
  PROP_SUMMARY,
  PROP_HAS_SUMMARY,
  PROP_IS_HEADING,
  PROP_ROLLS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
adm_luck_row_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  AdmLuckRow *self = ADM_LUCK_ROW (object);

  switch (prop_id)
    {
    case PROP_KIND:
      g_value_set_int (value, self->kind);
      break;
    case PROP_TITLE:
      g_value_set_string (value, self->title);
      break;
    case PROP_SUMMARY:
      g_value_set_string (value, self->summary);
      break;
    case PROP_HAS_SUMMARY:
      g_value_set_boolean (value, self->summary[0] != '\0');
      break;
    case PROP_IS_HEADING:
      g_value_set_boolean (value, self->kind == ADM_LUCK_ROW_HEADING);
      break;
    case PROP_ROLLS:
      g_value_set_uint (value, self->rolls);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
adm_luck_row_finalize (GObject *object)
{
  AdmLuckRow *self = ADM_LUCK_ROW (object);

  g_free (self->title);
  g_free (self->summary);

  G_OBJECT_CLASS (adm_luck_row_parent_class)->finalize (object);
}

static void
adm_luck_row_class_init (AdmLuckRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = adm_luck_row_get_property;
  object_class->finalize = adm_luck_row_finalize;

  properties[PROP_KIND] = g_param_spec_int ("kind", NULL, NULL, ADM_LUCK_ROW_HEADING,
                                            ADM_LUCK_ROW_ROLL, ADM_LUCK_ROW_HEADING,
                                            G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_TITLE] = g_param_spec_string ("title", NULL, NULL, NULL,
                                                G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_SUMMARY] = g_param_spec_string ("summary", NULL, NULL, NULL,
                                                  G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /* A list shows a summary's line only for a row that has one: a heading has none. */
  properties[PROP_HAS_SUMMARY] = g_param_spec_boolean ("has-summary", NULL, NULL, FALSE,
                                                       G_PARAM_READABLE |
                                                       G_PARAM_STATIC_STRINGS);
  /* A list draws a heading's title larger than a row's. */
  properties[PROP_IS_HEADING] = g_param_spec_boolean ("is-heading", NULL, NULL, FALSE,
                                                      G_PARAM_READABLE |
                                                      G_PARAM_STATIC_STRINGS);
  properties[PROP_ROLLS] = g_param_spec_uint ("rolls", NULL, NULL, 0, G_MAXUINT, 0,
                                              G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
adm_luck_row_init (AdmLuckRow *self)
{
}

AdmLuckRow *
adm_luck_row_new (AdmLuckRowKind  kind,
                  const char     *title,
                  const char     *summary,
                  guint           rolls)
{
  AdmLuckRow *self;

  g_return_val_if_fail (title != NULL, NULL);

  self = g_object_new (ADM_TYPE_LUCK_ROW, NULL);
  self->kind = kind;
  self->title = g_strdup (title);
  self->summary = g_strdup (summary != NULL ? summary : "");
  self->rolls = rolls;
  return self;
}

AdmLuckRowKind
adm_luck_row_get_kind (AdmLuckRow *self)
{
  g_return_val_if_fail (ADM_IS_LUCK_ROW (self), ADM_LUCK_ROW_HEADING);
  return self->kind;
}

const char *
adm_luck_row_get_title (AdmLuckRow *self)
{
  g_return_val_if_fail (ADM_IS_LUCK_ROW (self), NULL);
  return self->title;
}

const char *
adm_luck_row_get_summary (AdmLuckRow *self)
{
  g_return_val_if_fail (ADM_IS_LUCK_ROW (self), NULL);
  return self->summary;
}

guint
adm_luck_row_get_rolls (AdmLuckRow *self)
{
  g_return_val_if_fail (ADM_IS_LUCK_ROW (self), 0);
  return self->rolls;
}

gboolean
adm_luck_row_equal (AdmLuckRow *a,
                    AdmLuckRow *b)
{
  g_return_val_if_fail (ADM_IS_LUCK_ROW (a) && ADM_IS_LUCK_ROW (b), FALSE);
  return a->kind == b->kind && a->rolls == b->rolls && g_str_equal (a->title, b->title) &&
         g_str_equal (a->summary, b->summary);
}
