/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-table-finder.c: chiefs found through Avahi (adm-table-finder.h). A browser of
 * ADM_TABLE_SERVICE_TYPE names the services; each is resolved to an address and a port before
 * it is listed. The same service seen on two interfaces or protocols is listed once. */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>
#include <avahi-client/client.h>
#include <avahi-client/lookup.h>
#include <avahi-common/error.h>
#include <avahi-glib/glib-watch.h>

#include "adm-table-advert.h"
#include "adm-table-finder.h"

struct _AdmTableFinder
{
  GObject              parent_instance;

  AvahiGLibPoll       *poll;
  AvahiClient         *client;
  AvahiServiceBrowser *browser;
  GListStore          *chiefs;  /* AdmTableChief* */
  char                *message;
};

G_DEFINE_FINAL_TYPE (AdmTableFinder, adm_table_finder, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_MESSAGE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
set_message (AdmTableFinder *self,
             const char     *message)
{
  if (g_strcmp0 (self->message, message) == 0)
    return;
  g_free (self->message);
  self->message = g_strdup (message);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MESSAGE]);
}

static void
avahi_failed (AdmTableFinder *self,
              int             error)
{
  g_autofree char *message = NULL;

  if (adm_table_avahi_unreachable (error))
    {
      set_message (self, _("Chief masters on this network cannot be looked for: Avahi is not "
                           "running on this computer; paste the table’s link instead"));
      return;
    }
  /* Translators: the end is Avahi's own message, in English ("Access denied") */
  message = g_strdup_printf (_("Chief masters on this network cannot be looked for (Avahi: %s); "
                               "paste the table’s link instead"), avahi_strerror (error));
  set_message (self, message);
}

/* The position of the chief named @name, or -1. */
static int
position_of (AdmTableFinder *self,
             const char     *name)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->chiefs));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(AdmTableChief) chief = g_list_model_get_item (G_LIST_MODEL (self->chiefs), i);

      if (g_str_equal (adm_table_chief_get_name (chief), name))
        return (int) i;
    }
  return -1;
}

static void
resolve_cb (AvahiServiceResolver   *resolver,
            AvahiIfIndex            interface,
            AvahiProtocol           protocol,
            AvahiResolverEvent      event,
            const char             *name,
            const char             *type,
            const char             *domain,
            const char             *host_name,
            const AvahiAddress     *address,
            uint16_t                port,
            AvahiStringList        *txt,
            AvahiLookupResultFlags  flags,
            void                   *data)
{
  AdmTableFinder *self = data;

  if (event == AVAHI_RESOLVER_FOUND && g_utf8_validate (name, -1, NULL) && port != 0 &&
      position_of (self, name) < 0)
    {
      char host[AVAHI_ADDRESS_STR_MAX];
      g_autoptr(AdmTableChief) chief = NULL;

      avahi_address_snprint (host, sizeof host, address);
      chief = adm_table_chief_new (name, host, port);
      g_list_store_append (self->chiefs, chief);
    }
  avahi_service_resolver_free (resolver);
}

static void
browse_cb (AvahiServiceBrowser    *browser,
           AvahiIfIndex            interface,
           AvahiProtocol           protocol,
           AvahiBrowserEvent       event,
           const char             *name,
           const char             *type,
           const char             *domain,
           AvahiLookupResultFlags  flags,
           void                   *data)
{
  AdmTableFinder *self = data;
  int position;

  switch (event)
    {
    case AVAHI_BROWSER_NEW:
      /* An IPv4 address: the chief's portal listens on every IPv4 interface. */
      if (avahi_service_resolver_new (self->client, interface, protocol, name, type, domain,
                                      AVAHI_PROTO_INET, 0, resolve_cb, self) == NULL)
        avahi_failed (self, avahi_client_errno (self->client));
      break;
    case AVAHI_BROWSER_REMOVE:
      if ((position = position_of (self, name)) >= 0)
        g_list_store_remove (self->chiefs, (guint) position);
      break;
    case AVAHI_BROWSER_FAILURE:
      avahi_failed (self, avahi_client_errno (self->client));
      break;
    case AVAHI_BROWSER_CACHE_EXHAUSTED:
    case AVAHI_BROWSER_ALL_FOR_NOW:
    default:
      break;
    }
}

static void
client_cb (AvahiClient      *client,
           AvahiClientState  state,
           void             *data)
{
  AdmTableFinder *self = data;

  /* The first call comes from within avahi_client_new (), before it returns. */
  self->client = client;
  switch (state)
    {
    case AVAHI_CLIENT_S_RUNNING:
      set_message (self, NULL);
      if (self->browser == NULL)
        self->browser = avahi_service_browser_new (client, AVAHI_IF_UNSPEC, AVAHI_PROTO_UNSPEC,
                                                   ADM_TABLE_SERVICE_TYPE, NULL, 0, browse_cb,
                                                   self);
      if (self->browser == NULL)
        avahi_failed (self, avahi_client_errno (client));
      break;
    case AVAHI_CLIENT_FAILURE:
      avahi_failed (self, avahi_client_errno (client));
      break;
    case AVAHI_CLIENT_CONNECTING:
      avahi_failed (self, AVAHI_ERR_NO_DAEMON);
      break;
    case AVAHI_CLIENT_S_COLLISION:
    case AVAHI_CLIENT_S_REGISTERING:
    default:
      break;
    }
}

static void
adm_table_finder_dispose (GObject *object)
{
  AdmTableFinder *self = ADM_TABLE_FINDER (object);

  /* Freeing the client frees its browser and the resolvers still at work. */
  self->browser = NULL;
  g_clear_pointer (&self->client, avahi_client_free);
  g_clear_pointer (&self->poll, avahi_glib_poll_free);
  G_OBJECT_CLASS (adm_table_finder_parent_class)->dispose (object);
}

static void
adm_table_finder_finalize (GObject *object)
{
  AdmTableFinder *self = ADM_TABLE_FINDER (object);

  g_clear_object (&self->chiefs);
  g_free (self->message);
  G_OBJECT_CLASS (adm_table_finder_parent_class)->finalize (object);
}

static void
adm_table_finder_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  AdmTableFinder *self = ADM_TABLE_FINDER (object);

  switch (prop_id)
    {
    case PROP_MESSAGE:
      g_value_set_string (value, self->message);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
adm_table_finder_class_init (AdmTableFinderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = adm_table_finder_dispose;
  object_class->finalize = adm_table_finder_finalize;
  object_class->get_property = adm_table_finder_get_property;

  properties[PROP_MESSAGE] =
      g_param_spec_string ("message", NULL, NULL, NULL,
                           G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
adm_table_finder_init (AdmTableFinder *self)
{
  self->chiefs = g_list_store_new (ADM_TYPE_TABLE_CHIEF);
}

AdmTableFinder *
adm_table_finder_new (void)
{
  AdmTableFinder *self = g_object_new (ADM_TYPE_TABLE_FINDER, NULL);
  int error = 0;

  self->poll = avahi_glib_poll_new (g_main_context_get_thread_default (), G_PRIORITY_DEFAULT);
  self->client = avahi_client_new (avahi_glib_poll_get (self->poll), AVAHI_CLIENT_NO_FAIL,
                                   client_cb, self, &error);
  /* A system bus address that cannot be opened at all (no socket there) fails with a bare
   * AVAHI_ERR_FAILURE: here, that is the bus not reached. */
  if (self->client == NULL)
    avahi_failed (self, error == AVAHI_ERR_FAILURE ? AVAHI_ERR_DBUS_ERROR : error);
  return self;
}

const char *
adm_table_finder_get_message (AdmTableFinder *self)
{
  g_return_val_if_fail (ADM_IS_TABLE_FINDER (self), NULL);
  return self->message;
}

GListModel *
adm_table_finder_get_chiefs (AdmTableFinder *self)
{
  g_return_val_if_fail (ADM_IS_TABLE_FINDER (self), NULL);
  return G_LIST_MODEL (self->chiefs);
}
