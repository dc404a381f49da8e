/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-fleet-entry.c: a row of the battle page's Ships list. */

#include "config.h"

#include "admiralty-fleet-entry.h"

struct _AdmiraltyFleetEntry
{
  GObject                   parent_instance;

  AdmiraltyFleetEntryLevel  level;
  char                     *text;
  int                       ship;
  gboolean                  selectable;
};

G_DEFINE_FINAL_TYPE (AdmiraltyFleetEntry, admiralty_fleet_entry, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_TEXT,
  PROP_SELECTABLE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
admiralty_fleet_entry_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  AdmiraltyFleetEntry *self = ADMIRALTY_FLEET_ENTRY (object);

  switch (prop_id)
    {
    case PROP_TEXT:
      g_value_set_string (value, self->text);
      break;
    case PROP_SELECTABLE:
      g_value_set_boolean (value, self->selectable);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
admiralty_fleet_entry_finalize (GObject *object)
{
  AdmiraltyFleetEntry *self = ADMIRALTY_FLEET_ENTRY (object);

  g_free (self->text);

  G_OBJECT_CLASS (admiralty_fleet_entry_parent_class)->finalize (object);
}

static void
admiralty_fleet_entry_class_init (AdmiraltyFleetEntryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = admiralty_fleet_entry_finalize;
  object_class->get_property = admiralty_fleet_entry_get_property;

  properties[PROP_TEXT] = g_param_spec_string ("text", NULL, NULL, NULL,
                                               G_PARAM_READABLE | G_PARAM_STATIC_STRINGS |
                                               G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_SELECTABLE] = g_param_spec_boolean ("selectable", NULL, NULL, FALSE,
                                                      G_PARAM_READABLE | G_PARAM_STATIC_STRINGS |
                                                      G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
admiralty_fleet_entry_init (AdmiraltyFleetEntry *self)
{
  self->ship = -1;
}

AdmiraltyFleetEntry *
admiralty_fleet_entry_new_heading (AdmiraltyFleetEntryLevel  level,
                                   const char               *text)
{
  AdmiraltyFleetEntry *self;

  g_return_val_if_fail (level != ADMIRALTY_FLEET_ENTRY_SHIP, NULL);

  self = g_object_new (ADMIRALTY_TYPE_FLEET_ENTRY, NULL);
  self->level = level;
  self->text = g_strdup (text != NULL ? text : "");
  return self;
}

AdmiraltyFleetEntry *
admiralty_fleet_entry_new_ship (guint       ship,
                                const char *text,
                                gboolean    selectable)
{
  AdmiraltyFleetEntry *self;

  g_return_val_if_fail (ship <= G_MAXINT, NULL);

  self = g_object_new (ADMIRALTY_TYPE_FLEET_ENTRY, NULL);
  self->level = ADMIRALTY_FLEET_ENTRY_SHIP;
  self->text = g_strdup (text != NULL ? text : "");
  self->ship = (int) ship;
  self->selectable = selectable;
  return self;
}

AdmiraltyFleetEntryLevel
admiralty_fleet_entry_get_level (AdmiraltyFleetEntry *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_FLEET_ENTRY (self), ADMIRALTY_FLEET_ENTRY_SIDE);

  return self->level;
}

const char *
admiralty_fleet_entry_get_text (AdmiraltyFleetEntry *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_FLEET_ENTRY (self), NULL);

  return self->text;
}

void
admiralty_fleet_entry_set_text (AdmiraltyFleetEntry *self,
                                const char          *text)
{
  g_return_if_fail (ADMIRALTY_IS_FLEET_ENTRY (self));

  if (text == NULL)
    text = "";
  if (g_strcmp0 (self->text, text) == 0)
    return;
  g_free (self->text);
  self->text = g_strdup (text);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TEXT]);
}

int
admiralty_fleet_entry_get_ship (AdmiraltyFleetEntry *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_FLEET_ENTRY (self), -1);

  return self->ship;
}

gboolean
admiralty_fleet_entry_get_selectable (AdmiraltyFleetEntry *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_FLEET_ENTRY (self), FALSE);

  return self->selectable;
}

void
admiralty_fleet_entry_set_selectable (AdmiraltyFleetEntry *self,
                                      gboolean             selectable)
{
  g_return_if_fail (ADMIRALTY_IS_FLEET_ENTRY (self));

  selectable = !!selectable;
  if (self->selectable == selectable)
    return;
  self->selectable = selectable;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTABLE]);
}
