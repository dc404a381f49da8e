/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-table-advert.c: the tables advertised through Avahi (adm-table-advert.h). The Avahi
 * client runs on the main context through avahi-glib's poll adapter and is made with
 * AVAHI_CLIENT_NO_FAIL: a daemon started later, or restarted, is found again. */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>
#include <avahi-client/client.h>
#include <avahi-client/publish.h>
#include <avahi-common/alternative.h>
#include <avahi-common/error.h>
#include <avahi-common/malloc.h>
#include <avahi-glib/glib-watch.h>

#include "adm-table-advert.h"

struct _AdmTableAdvert
{
  GObject          parent_instance;

  AdmPortal       *portal;
  char            *wanted;     /* the name asked for */
  char            *name;       /* the name tried or published (another after a collision) */
  AvahiGLibPoll   *poll;
  AvahiClient     *client;
  AvahiEntryGroup *group;
  gboolean         published;
  char            *message;
};

G_DEFINE_FINAL_TYPE (AdmTableAdvert, adm_table_advert, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_PUBLISHED,
  PROP_NAME,
  PROP_MESSAGE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

char *
adm_table_service_name (const char *name)
{
  const char *end = name;

  g_return_val_if_fail (name != NULL && g_utf8_validate (name, -1, NULL), NULL);

  while (*end != '\0')
    {
      const char *next = g_utf8_next_char (end);

      if (next - name > 63)
        break;
      end = next;
    }
  return g_strndup (name, end - name);
}

static void
set_state (AdmTableAdvert *self,
           gboolean        published,
           const char     *message)
{
  g_object_freeze_notify (G_OBJECT (self));
  if (self->published != published)
    {
      self->published = published;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PUBLISHED]);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NAME]);
    }
  if (g_strcmp0 (self->message, message) != 0)
    {
      g_free (self->message);
      self->message = g_strdup (message);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MESSAGE]);
    }
  g_object_thaw_notify (G_OBJECT (self));
}

gboolean
adm_table_avahi_unreachable (int error)
{
  switch (error)
    {
    case AVAHI_ERR_NO_DAEMON:
    case AVAHI_ERR_DBUS_ERROR:
    case AVAHI_ERR_DISCONNECTED:
      return TRUE;
    default:
      return FALSE;
    }
}

static void
avahi_failed (AdmTableAdvert *self,
              int             error)
{
  g_autofree char *message = NULL;

  if (adm_table_avahi_unreachable (error))
    {
      set_state (self, FALSE, _("Tables are not advertised on this network: Avahi is not "
                                "running on this computer; tables join by their links"));
      return;
    }
  /* Translators: the end is Avahi's own message, in English ("Access denied") */
  message = g_strdup_printf (_("Tables are not advertised on this network (Avahi: %s); tables "
                               "join by their links"), avahi_strerror (error));
  set_state (self, FALSE, message);
}

static void publish (AdmTableAdvert *self);

static void
group_cb (AvahiEntryGroup      *group,
          AvahiEntryGroupState  state,
          void                 *data)
{
  AdmTableAdvert *self = data;

  switch (state)
    {
    case AVAHI_ENTRY_GROUP_ESTABLISHED:
      set_state (self, TRUE, NULL);
      break;
    case AVAHI_ENTRY_GROUP_COLLISION:
      {
        /* Another service on the network has the name: "NAME #2", and so on. */
        char *other = avahi_alternative_service_name (self->name);

        g_free (self->name);
        self->name = g_strdup (other);
        avahi_free (other);
        avahi_entry_group_reset (group);
        publish (self);
      }
      break;
    case AVAHI_ENTRY_GROUP_FAILURE:
      avahi_failed (self, avahi_client_errno (avahi_entry_group_get_client (group)));
      break;
    case AVAHI_ENTRY_GROUP_UNCOMMITED:
    case AVAHI_ENTRY_GROUP_REGISTERING:
    default:
      break;
    }
}

/* Publishes (again) while the portal listens and the daemon runs; withdraws otherwise. */
static void
publish (AdmTableAdvert *self)
{
  guint port = self->portal != NULL ? adm_portal_get_port (self->portal) : 0;
  int error;

  if (self->client == NULL || avahi_client_get_state (self->client) != AVAHI_CLIENT_S_RUNNING ||
      port == 0)
    {
      if (self->group != NULL)
        avahi_entry_group_reset (self->group);
      if (self->client != NULL && port == 0)
        set_state (self, FALSE, NULL);
      return;
    }
  if (self->group == NULL)
    self->group = avahi_entry_group_new (self->client, group_cb, self);
  if (self->group == NULL)
    {
      avahi_failed (self, avahi_client_errno (self->client));
      return;
    }
  if (!avahi_entry_group_is_empty (self->group))
    avahi_entry_group_reset (self->group);
  error = avahi_entry_group_add_service (self->group, AVAHI_IF_UNSPEC, AVAHI_PROTO_UNSPEC, 0,
                                         self->name, ADM_TABLE_SERVICE_TYPE, NULL, NULL,
                                         (uint16_t) port, "txtvers=1", NULL);
  if (error == AVAHI_ERR_COLLISION)
    {
      char *other = avahi_alternative_service_name (self->name);

      g_free (self->name);
      self->name = g_strdup (other);
      avahi_free (other);
      publish (self);
      return;
    }
  if (error == AVAHI_OK)
    error = avahi_entry_group_commit (self->group);
  if (error != AVAHI_OK)
    avahi_failed (self, error);
}

static void
client_cb (AvahiClient      *client,
           AvahiClientState  state,
           void             *data)
{
  AdmTableAdvert *self = data;

  /* The first call comes from within avahi_client_new (), before it returns. */
  self->client = client;
  switch (state)
    {
    case AVAHI_CLIENT_S_RUNNING:
      publish (self);
      break;
    case AVAHI_CLIENT_S_COLLISION:
    case AVAHI_CLIENT_S_REGISTERING:
      /* The host's own name is being settled: the service is published again after. */
      if (self->group != NULL)
        avahi_entry_group_reset (self->group);
      break;
    case AVAHI_CLIENT_FAILURE:
      avahi_failed (self, avahi_client_errno (client));
      break;
    case AVAHI_CLIENT_CONNECTING:
      avahi_failed (self, AVAHI_ERR_NO_DAEMON);
      break;
    default:
      break;
    }
}

static void
running_cb (AdmPortal      *portal,
            GParamSpec     *pspec,
            AdmTableAdvert *self)
{
  publish (self);
}

static void
adm_table_advert_dispose (GObject *object)
{
  AdmTableAdvert *self = ADM_TABLE_ADVERT (object);

  if (self->portal != NULL)
    g_signal_handlers_disconnect_by_data (self->portal, self);
  g_clear_object (&self->portal);
  /* Freeing the client frees its groups, withdrawing what they published. */
  self->group = NULL;
  g_clear_pointer (&self->client, avahi_client_free);
  g_clear_pointer (&self->poll, avahi_glib_poll_free);
  G_OBJECT_CLASS (adm_table_advert_parent_class)->dispose (object);
}

static void
adm_table_advert_finalize (GObject *object)
{
  AdmTableAdvert *self = ADM_TABLE_ADVERT (object);

  g_free (self->wanted);
  g_free (self->name);
  g_free (self->message);
  G_OBJECT_CLASS (adm_table_advert_parent_class)->finalize (object);
}

static void
adm_table_advert_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  AdmTableAdvert *self = ADM_TABLE_ADVERT (object);

  switch (prop_id)
    {
    case PROP_PUBLISHED:
      g_value_set_boolean (value, self->published);
      break;
    case PROP_NAME:
      g_value_set_string (value, adm_table_advert_get_name (self));
      break;
    case PROP_MESSAGE:
      g_value_set_string (value, self->message);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
adm_table_advert_class_init (AdmTableAdvertClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = adm_table_advert_dispose;
  object_class->finalize = adm_table_advert_finalize;
  object_class->get_property = adm_table_advert_get_property;

  properties[PROP_PUBLISHED] =
      g_param_spec_boolean ("published", NULL, NULL, FALSE,
                            G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_NAME] =
      g_param_spec_string ("name", NULL, NULL, NULL,
                           G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MESSAGE] =
      g_param_spec_string ("message", NULL, NULL, NULL,
                           G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
adm_table_advert_init (AdmTableAdvert *self)
{
}

AdmTableAdvert *
adm_table_advert_new (AdmPortal  *portal,
                      const char *name)
{
  AdmTableAdvert *self;
  int error = 0;

  g_return_val_if_fail (ADM_IS_PORTAL (portal), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  self = g_object_new (ADM_TYPE_TABLE_ADVERT, NULL);
  self->portal = g_object_ref (portal);
  self->wanted = adm_table_service_name (name);
  self->name = g_strdup (self->wanted);
  g_signal_connect (portal, "notify::running", G_CALLBACK (running_cb), self);
  self->poll = avahi_glib_poll_new (g_main_context_get_thread_default (), G_PRIORITY_DEFAULT);
  self->client = avahi_client_new (avahi_glib_poll_get (self->poll), AVAHI_CLIENT_NO_FAIL,
                                   client_cb, self, &error);
  /* A system bus address that cannot be opened at all (no socket there) fails with a bare
   * AVAHI_ERR_FAILURE: here, that is the bus not reached. */
  if (self->client == NULL)
    avahi_failed (self, error == AVAHI_ERR_FAILURE ? AVAHI_ERR_DBUS_ERROR : error);
  return self;
}

gboolean
adm_table_advert_get_published (AdmTableAdvert *self)
{
  g_return_val_if_fail (ADM_IS_TABLE_ADVERT (self), FALSE);
  return self->published;
}

const char *
adm_table_advert_get_name (AdmTableAdvert *self)
{
  g_return_val_if_fail (ADM_IS_TABLE_ADVERT (self), NULL);
  return self->published ? self->name : NULL;
}

const char *
adm_table_advert_get_message (AdmTableAdvert *self)
{
  g_return_val_if_fail (ADM_IS_TABLE_ADVERT (self), NULL);
  return self->message;
}
