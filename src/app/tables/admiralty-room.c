/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-room.c: the portal and the tables' server of a campaign (admiralty-room.h). */

#include "config.h"

#include "admiralty-room.h"

struct _AdmiraltyRoom
{
  GObject         parent_instance;

  GtkWindow      *window;  /* weak */
  AdmPortal      *portal;
  AdmTableServer *table_server;
};

enum {
  PROP_0,
  PROP_PORTAL,
  PROP_TABLE_SERVER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (AdmiraltyRoom, admiralty_room, G_TYPE_OBJECT)

AdmiraltyRoom *
admiralty_room_new (GtkWindow *window)
{
  AdmiraltyRoom *self;

  g_return_val_if_fail (GTK_IS_WINDOW (window), NULL);

  self = g_object_new (ADMIRALTY_TYPE_ROOM, NULL);
  g_set_weak_pointer (&self->window, window);
  return self;
}

GtkWindow *
admiralty_room_get_window (AdmiraltyRoom *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_ROOM (self), NULL);
  return self->window;
}

void
admiralty_room_set_window (AdmiraltyRoom *self,
                           GtkWindow     *window)
{
  g_return_if_fail (ADMIRALTY_IS_ROOM (self));
  g_return_if_fail (window == NULL || GTK_IS_WINDOW (window));

  g_set_weak_pointer (&self->window, window);
}

AdmPortal *
admiralty_room_get_portal (AdmiraltyRoom *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_ROOM (self), NULL);
  return self->portal;
}

void
admiralty_room_set_portal (AdmiraltyRoom *self,
                           AdmPortal     *portal)
{
  g_return_if_fail (ADMIRALTY_IS_ROOM (self));
  g_return_if_fail (portal == NULL || ADM_IS_PORTAL (portal));

  if (g_set_object (&self->portal, portal))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PORTAL]);
}

AdmTableServer *
admiralty_room_get_table_server (AdmiraltyRoom *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_ROOM (self), NULL);
  return self->table_server;
}

void
admiralty_room_set_table_server (AdmiraltyRoom  *self,
                                 AdmTableServer *server)
{
  g_return_if_fail (ADMIRALTY_IS_ROOM (self));
  g_return_if_fail (server == NULL || ADM_IS_TABLE_SERVER (server));

  if (g_set_object (&self->table_server, server))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TABLE_SERVER]);
}

static void
admiralty_room_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  AdmiraltyRoom *self = ADMIRALTY_ROOM (object);

  switch (prop_id)
    {
    case PROP_PORTAL:
      g_value_set_object (value, self->portal);
      break;
    case PROP_TABLE_SERVER:
      g_value_set_object (value, self->table_server);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
admiralty_room_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  AdmiraltyRoom *self = ADMIRALTY_ROOM (object);

  switch (prop_id)
    {
    case PROP_PORTAL:
      admiralty_room_set_portal (self, g_value_get_object (value));
      break;
    case PROP_TABLE_SERVER:
      admiralty_room_set_table_server (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
admiralty_room_dispose (GObject *object)
{
  AdmiraltyRoom *self = ADMIRALTY_ROOM (object);

  g_clear_weak_pointer (&self->window);
  g_clear_object (&self->table_server);
  g_clear_object (&self->portal);
  G_OBJECT_CLASS (admiralty_room_parent_class)->dispose (object);
}

static void
admiralty_room_class_init (AdmiraltyRoomClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = admiralty_room_get_property;
  object_class->set_property = admiralty_room_set_property;
  object_class->dispose = admiralty_room_dispose;

  properties[PROP_PORTAL] =
    g_param_spec_object ("portal", NULL, NULL, ADM_TYPE_PORTAL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TABLE_SERVER] =
    g_param_spec_object ("table-server", NULL, NULL, ADM_TYPE_TABLE_SERVER,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
admiralty_room_init (AdmiraltyRoom *self)
{
}
