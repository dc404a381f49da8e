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
  AdmiraltyCycleClock *clock;
  GSignalGroup   *clock_signals;  /* on the clock, for the phones' countdown */
};

enum {
  PROP_0,
  PROP_PORTAL,
  PROP_TABLE_SERVER,
  PROP_CLOCK,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (AdmiraltyRoom, admiralty_room, G_TYPE_OBJECT)

/* The admirals' countdown is the master's cycle clock (F-STRAT-1). */
static void
clock_changed_cb (AdmiraltyRoom *self)
{
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  int remaining;

  if (self->portal == NULL || self->clock == NULL)
    return;
  remaining = admiralty_cycle_clock_get_remaining_seconds (self->clock);
  /* Paused, the phones show the time it holds, standing still. */
  if (admiralty_cycle_clock_get_running (self->clock))
    adm_portal_set_clock (self->portal, now + remaining, -1);
  else
    adm_portal_set_clock (self->portal, 0, remaining);
}

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

  if (!g_set_object (&self->portal, portal))
    return;
  clock_changed_cb (self);
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

AdmiraltyCycleClock *
admiralty_room_get_clock (AdmiraltyRoom *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_ROOM (self), NULL);
  return self->clock;
}

void
admiralty_room_set_clock (AdmiraltyRoom       *self,
                          AdmiraltyCycleClock *clock)
{
  g_return_if_fail (ADMIRALTY_IS_ROOM (self));
  g_return_if_fail (clock == NULL || ADMIRALTY_IS_CYCLE_CLOCK (clock));

  if (!g_set_object (&self->clock, clock))
    return;
  g_signal_group_set_target (self->clock_signals, clock);
  clock_changed_cb (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CLOCK]);
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
    case PROP_CLOCK:
      g_value_set_object (value, self->clock);
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
    case PROP_CLOCK:
      admiralty_room_set_clock (self, g_value_get_object (value));
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
  g_signal_group_set_target (self->clock_signals, NULL);
  g_clear_object (&self->clock);
  G_OBJECT_CLASS (admiralty_room_parent_class)->dispose (object);
}

static void
admiralty_room_finalize (GObject *object)
{
  AdmiraltyRoom *self = ADMIRALTY_ROOM (object);

  g_clear_object (&self->clock_signals);
  G_OBJECT_CLASS (admiralty_room_parent_class)->finalize (object);
}

static void
admiralty_room_class_init (AdmiraltyRoomClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = admiralty_room_get_property;
  object_class->set_property = admiralty_room_set_property;
  object_class->dispose = admiralty_room_dispose;
  object_class->finalize = admiralty_room_finalize;

  properties[PROP_PORTAL] =
    g_param_spec_object ("portal", NULL, NULL, ADM_TYPE_PORTAL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TABLE_SERVER] =
    g_param_spec_object ("table-server", NULL, NULL, ADM_TYPE_TABLE_SERVER,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CLOCK] =
    g_param_spec_object ("clock", NULL, NULL, ADMIRALTY_TYPE_CYCLE_CLOCK,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
admiralty_room_init (AdmiraltyRoom *self)
{
  self->clock_signals = g_signal_group_new (ADMIRALTY_TYPE_CYCLE_CLOCK);
  g_signal_group_connect_object (self->clock_signals, "notify::remaining-seconds",
                                 G_CALLBACK (clock_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->clock_signals, "notify::running",
                                 G_CALLBACK (clock_changed_cb), self, G_CONNECT_SWAPPED);
}

