/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-table-asking.c: a table asking to be let in (adm-table-asking.h). Each step is one
 * request on a libsoup session of its own (no proxy, no certificate authority: the room's
 * network, the chief's self-signed certificate), answered on the caller's main context. */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <libsoup/soup.h>

#include "adm-dice-commit.h"
#include "adm-table-asking.h"
#include "adm-table-certificate.h"
#include "adm-table-check.h"
#include "adm-table-client.h"
#include "adm-table-pairing.h"

/* Seconds: one request's time, the pause between two polls, and between two tries while the
 * chief does not answer. */
#define TIMEOUT_S 10
#define POLL_S 1
#define RETRY_S 3
/* The longest answer taken. */
#define MAX_ANSWER 8192

struct _AdmTableAsking
{
  GObject              parent_instance;

  char                *where;      /* "HOST:PORT" */
  char                *base;       /* "https://HOST:PORT/pair/" */
  char                *name;
  SoupSession         *session;
  GCancellable        *cancellable;
  char                *seen;       /* the fingerprint of the certificate first shown */
  guint8               nonce[ADM_DICE_SECRET_LENGTH];
  char                *id;
  guint8               chief_nonce[ADM_DICE_SECRET_LENGTH];
  guint                timer;
  gint64               deadline;   /* g_get_monotonic_time () after which it gives up */
  AdmTableAskingState  state;
  char                *words;
  char                *link;
  char                *table;
  char                *message;
};

G_DEFINE_FINAL_TYPE (AdmTableAsking, adm_table_asking, G_TYPE_OBJECT)
G_DEFINE_ENUM_TYPE (AdmTableAskingState, adm_table_asking_state,
                    G_DEFINE_ENUM_VALUE (ADM_TABLE_ASKING_CONNECTING, "connecting"),
                    G_DEFINE_ENUM_VALUE (ADM_TABLE_ASKING_WAITING, "waiting"),
                    G_DEFINE_ENUM_VALUE (ADM_TABLE_ASKING_ACCEPTED, "accepted"),
                    G_DEFINE_ENUM_VALUE (ADM_TABLE_ASKING_REFUSED, "refused"),
                    G_DEFINE_ENUM_VALUE (ADM_TABLE_ASKING_FAILED, "failed"),
                    G_DEFINE_ENUM_VALUE (ADM_TABLE_ASKING_CANCELLED, "cancelled"))

enum {
  PROP_0,
  PROP_STATE,
  PROP_WORDS,
  PROP_LINK,
  PROP_TABLE,
  PROP_MESSAGE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
set_message (AdmTableAsking *self,
             const char     *message)
{
  if (g_strcmp0 (self->message, message) == 0)
    return;
  g_free (self->message);
  self->message = g_strdup (message);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MESSAGE]);
}

static void
set_state (AdmTableAsking      *self,
           AdmTableAskingState  state)
{
  if (self->state == state)
    return;
  self->state = state;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
}

static gboolean
is_over (AdmTableAsking *self)
{
  return self->state >= ADM_TABLE_ASKING_ACCEPTED;
}

/* Stops for good with @message. */
static void
fail (AdmTableAsking *self,
      const char     *message)
{
  g_clear_handle_id (&self->timer, g_source_remove);
  set_message (self, message);
  set_state (self, ADM_TABLE_ASKING_FAILED);
}

/* The certificate first shown is taken note of; from then on, that one alone. */
static gboolean
accept_certificate_cb (SoupMessage          *msg,
                       GTlsCertificate      *certificate,
                       GTlsCertificateFlags  errors,
                       AdmTableAsking       *self)
{
  g_autofree char *fingerprint = adm_table_certificate_fingerprint (certificate);

  if (self->seen == NULL)
    self->seen = g_steal_pointer (&fingerprint);
  return fingerprint == NULL || g_str_equal (fingerprint, self->seen);
}

static void step_answered (GObject *source, GAsyncResult *result, gpointer data);

/* Sends @method to the pair path + @tail with @body (a JSON object, or NULL). */
static void
send (AdmTableAsking *self,
      const char     *method,
      const char     *tail,
      JsonBuilder    *body)
{
  g_autofree char *uri = g_strconcat (self->base, tail, NULL);
  g_autoptr(SoupMessage) msg = soup_message_new (method, uri);

  g_signal_connect_object (msg, "accept-certificate", G_CALLBACK (accept_certificate_cb), self,
                           0);
  if (body != NULL)
    {
      g_autoptr(JsonGenerator) generator = json_generator_new ();
      g_autoptr(JsonNode) root = json_builder_get_root (body);
      g_autoptr(GBytes) bytes = NULL;
      gsize length;
      char *text;

      json_generator_set_root (generator, root);
      text = json_generator_to_data (generator, &length);
      bytes = g_bytes_new_take (text, length);
      /* The message takes its own reference to the body. */
      soup_message_set_request_body_from_bytes (msg, "application/json", bytes);
    }
  soup_session_send_and_read_async (self->session, msg, G_PRIORITY_DEFAULT, self->cancellable,
                                    step_answered, g_object_ref (self));
}

static void
ask (AdmTableAsking *self)
{
  g_autoptr(JsonBuilder) body = json_builder_new ();
  g_autofree char *commit = adm_dice_commitment_of (self->nonce);

  json_builder_begin_object (body);
  json_builder_set_member_name (body, "name");
  json_builder_add_string_value (body, self->name);
  json_builder_set_member_name (body, "commit");
  json_builder_add_string_value (body, commit);
  json_builder_end_object (body);
  send (self, "POST", "", body);
}

static void
reveal (AdmTableAsking *self)
{
  g_autoptr(JsonBuilder) body = json_builder_new ();
  g_autofree char *nonce = adm_dice_secret_to_hex (self->nonce);
  g_autofree char *tail = g_strconcat (self->id, "/reveal", NULL);

  json_builder_begin_object (body);
  json_builder_set_member_name (body, "nonce");
  json_builder_add_string_value (body, nonce);
  json_builder_end_object (body);
  send (self, "POST", tail, body);
}

static gboolean
poll_cb (gpointer data)
{
  AdmTableAsking *self = data;

  self->timer = 0;
  if (g_get_monotonic_time () > self->deadline)
    {
      fail (self, _("The chief master did not answer within ten minutes; ask again"));
      return G_SOURCE_REMOVE;
    }
  if (self->id == NULL)
    ask (self);
  else
    send (self, "GET", self->id, NULL);
  return G_SOURCE_REMOVE;
}

static void
again_in (AdmTableAsking *self,
          guint           seconds)
{
  g_clear_handle_id (&self->timer, g_source_remove);
  self->timer = g_timeout_add_seconds (seconds, poll_cb, self);
}

static const char *
member_string (JsonObject *object,
               const char *name)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, name) : NULL;

  return node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
         json_node_get_value_type (node) == G_TYPE_STRING ? json_node_get_string (node) : NULL;
}

/* The join link the chief gave, made to name the address asked (the chief names the one he
 * sees himself at) and checked to name the certificate the words were drawn from. */
static gboolean
take_link (AdmTableAsking *self,
           const char     *given,
           const char     *table)
{
  g_autofree char *normal = NULL;
  g_autoptr(GUri) uri = NULL;
  const char *fragment;
  const char *path;

  if (given == NULL || table == NULL || !adm_table_link_parse (given, &normal, NULL) ||
      (uri = g_uri_parse (normal, G_URI_FLAGS_NONE, NULL)) == NULL)
    return FALSE;
  fragment = g_uri_get_fragment (uri);
  path = g_uri_get_path (uri);
  if (fragment == NULL || !g_str_equal (fragment + strlen ("sha256="), self->seen))
    return FALSE;
  self->link = g_strdup_printf ("https://%s%s#%s", self->where, path, fragment);
  self->table = g_strndup (table, ADM_TABLE_PAIRING_MAX_NAME);
  return TRUE;
}

/* The chief's refusal in this master's language: its code's sentence, or for a code this
 * Admiralty does not know (a newer chief's) the chief's own English, or NULL. */
static const char *
refusal_of (JsonObject *object)
{
  static const struct { const char *code; const char *message; } refusals[] = {
    { ADM_TABLE_PAIRING_REFUSED_NOT_JSON,
      N_("this Admiralty’s request was not understood (the two Admiralties differ in version)") },
    { ADM_TABLE_PAIRING_REFUSED_NAME,
      N_("the table’s name is empty, longer than 64 characters or holds control characters") },
    { ADM_TABLE_PAIRING_REFUSED_COMMIT,
      N_("this Admiralty’s commitment was malformed (the two Admiralties differ in version)") },
    { ADM_TABLE_PAIRING_REFUSED_NO_RANDOM,
      N_("the chief master’s computer gave no random numbers; ask again in a moment") },
    { ADM_TABLE_PAIRING_REFUSED_BUSY,
      N_("Too many tables are asking the chief master at once; asking again") },
    { ADM_TABLE_PAIRING_REFUSED_NONCE,
      N_("this Admiralty’s nonce was malformed (the two Admiralties differ in version)") },
    { ADM_TABLE_PAIRING_REFUSED_MISMATCH,
      N_("the request was answered out of order, which someone between the two computers "
         "may have caused; ask again") },
  };
  const char *code = member_string (object, "code");

  for (guint i = 0; code != NULL && i < G_N_ELEMENTS (refusals); i++)
    if (g_str_equal (code, refusals[i].code))
      return _(refusals[i].message);
  return member_string (object, "error");
}

static void
answered (AdmTableAsking *self,
          SoupMessage    *msg,
          GBytes         *body)
{
  guint status = soup_message_get_status (msg);
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *object = NULL;
  JsonNode *root;
  gsize length;
  const char *data = g_bytes_get_data (body, &length);
  const char *error, *state;

  if (length <= MAX_ANSWER && json_parser_load_from_data (parser, data, (gssize) length, NULL) &&
      (root = json_parser_get_root (parser)) != NULL && JSON_NODE_HOLDS_OBJECT (root))
    object = json_node_get_object (root);
  error = refusal_of (object);
  if (status == SOUP_STATUS_NOT_FOUND)
    {
      fail (self, self->id == NULL
                    ? _("This Admiralty does not let tables in without a link: it is older "
                        "than this one, or serves no tables")
                    : _("The chief master’s Admiralty no longer knows this request (it was "
                        "restarted, or the request waited too long); ask again"));
      return;
    }
  if (status == 429 /* Too Many Requests */)
    {
      /* The portal's rate limit, or too many tables asking at once: wait, ask again. */
      set_message (self, error != NULL ? error : _("The chief master’s Admiralty is busy; "
                                                   "asking again"));
      again_in (self, RETRY_S);
      return;
    }
  if (status != SOUP_STATUS_OK || object == NULL)
    {
      g_autofree char *message =
          error != NULL
            ? g_strdup_printf (_("The chief master’s Admiralty refused: %s"), error)
            : g_strdup_printf (_("The chief master’s Admiralty gave an answer a table does not "
                                 "expect (HTTP %u)"), status);

      fail (self, message);
      return;
    }
  set_message (self, NULL);
  if (self->id == NULL)
    {
      const char *id = member_string (object, "id");
      const char *nonce = member_string (object, "nonce");

      if (id == NULL || strlen (id) != 32 || strspn (id, "0123456789abcdef") != 32 ||
          nonce == NULL || !adm_dice_secret_from_hex (nonce, self->chief_nonce))
        {
          fail (self, _("The chief master’s Admiralty gave an answer a table does not expect"));
          return;
        }
      self->id = g_strdup (id);
      reveal (self);
      return;
    }
  state = member_string (object, "state");
  if (self->words == NULL)
    {
      if (g_strcmp0 (state, "waiting") != 0)
        {
          fail (self, _("The chief master’s Admiralty gave an answer a table does not expect"));
          return;
        }
      self->words = adm_table_check_words (self->seen, self->nonce, self->chief_nonce);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WORDS]);
      set_state (self, ADM_TABLE_ASKING_WAITING);
      again_in (self, POLL_S);
      return;
    }
  if (g_strcmp0 (state, "waiting") == 0)
    again_in (self, POLL_S);
  else if (g_strcmp0 (state, "refused") == 0)
    set_state (self, ADM_TABLE_ASKING_REFUSED);
  else if (g_strcmp0 (state, "accepted") == 0 &&
           take_link (self, member_string (object, "link"), member_string (object, "table")))
    {
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LINK]);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TABLE]);
      set_state (self, ADM_TABLE_ASKING_ACCEPTED);
    }
  else if (g_strcmp0 (state, "accepted") == 0)
    fail (self, _("The link the chief master’s Admiralty gave does not name the certificate "
                  "the check was drawn from: someone on the network may be pretending to be the "
                  "chief; nothing was taken"));
  else
    fail (self, _("The chief master’s Admiralty gave an answer a table does not expect"));
}

static void
step_answered (GObject      *source,
               GAsyncResult *result,
               gpointer      data)
{
  g_autoptr(AdmTableAsking) self = data;
  SoupMessage *msg = soup_session_get_async_result_message (SOUP_SESSION (source), result);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) body = soup_session_send_and_read_finish (SOUP_SESSION (source), result,
                                                              &error);
  GTlsCertificate *peer;
  g_autofree char *fingerprint = NULL;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || is_over (self))
    return;
  if (body == NULL)
    {
      g_autofree char *message = NULL;

      if (error->domain == G_TLS_ERROR && self->seen != NULL)
        {
          fail (self, _("The computer answering now shows another certificate than the one "
                        "it showed first: someone on the network may be pretending to be the "
                        "chief; nothing more was sent"));
          return;
        }
      if (self->words == NULL && self->id == NULL && self->seen == NULL)
        {
          /* Translators: "Cannot reach the chief master’s Admiralty at 10.0.0.2:8080: …" */
          message = g_strdup_printf (_("Cannot reach the chief master’s Admiralty at %s: %s"),
                                     self->where, error->message);
          fail (self, message);
          return;
        }
      /* The Wi-Fi dropped mid-way: asked again, as long as the chief keeps the request. */
      message = g_strdup_printf (_("The chief master’s Admiralty at %s does not answer; asking "
                                   "again"), self->where);
      set_message (self, message);
      again_in (self, RETRY_S);
      return;
    }
  peer = soup_message_get_tls_peer_certificate (msg);
  fingerprint = peer != NULL ? adm_table_certificate_fingerprint (peer) : NULL;
  if (fingerprint == NULL || self->seen == NULL || !g_str_equal (fingerprint, self->seen))
    {
      fail (self, _("The chief master’s Admiralty did not answer with encryption: it is older "
                    "than this one, or another program listens there"));
      return;
    }
  answered (self, msg, body);
}

static void
adm_table_asking_dispose (GObject *object)
{
  AdmTableAsking *self = ADM_TABLE_ASKING (object);

  g_clear_handle_id (&self->timer, g_source_remove);
  g_cancellable_cancel (self->cancellable);
  G_OBJECT_CLASS (adm_table_asking_parent_class)->dispose (object);
}

static void
adm_table_asking_finalize (GObject *object)
{
  AdmTableAsking *self = ADM_TABLE_ASKING (object);

  g_clear_object (&self->session);
  g_clear_object (&self->cancellable);
  g_free (self->where);
  g_free (self->base);
  g_free (self->name);
  g_free (self->seen);
  g_free (self->id);
  g_free (self->words);
  g_free (self->link);
  g_free (self->table);
  g_free (self->message);
  G_OBJECT_CLASS (adm_table_asking_parent_class)->finalize (object);
}

static void
adm_table_asking_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  AdmTableAsking *self = ADM_TABLE_ASKING (object);

  switch (prop_id)
    {
    case PROP_STATE:
      g_value_set_enum (value, self->state);
      break;
    case PROP_WORDS:
      g_value_set_string (value, self->words);
      break;
    case PROP_LINK:
      g_value_set_string (value, self->link);
      break;
    case PROP_TABLE:
      g_value_set_string (value, self->table);
      break;
    case PROP_MESSAGE:
      g_value_set_string (value, self->message);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
adm_table_asking_class_init (AdmTableAskingClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = adm_table_asking_dispose;
  object_class->finalize = adm_table_asking_finalize;
  object_class->get_property = adm_table_asking_get_property;

  properties[PROP_STATE] = g_param_spec_enum ("state", NULL, NULL, ADM_TYPE_TABLE_ASKING_STATE,
                                              ADM_TABLE_ASKING_CONNECTING, flags);
  properties[PROP_WORDS] = g_param_spec_string ("words", NULL, NULL, NULL, flags);
  properties[PROP_LINK] = g_param_spec_string ("link", NULL, NULL, NULL, flags);
  properties[PROP_TABLE] = g_param_spec_string ("table", NULL, NULL, NULL, flags);
  properties[PROP_MESSAGE] = g_param_spec_string ("message", NULL, NULL, NULL, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
adm_table_asking_init (AdmTableAsking *self)
{
  self->cancellable = g_cancellable_new ();
}

AdmTableAsking *
adm_table_asking_new (const char  *where,
                      const char  *name,
                      GError     **error)
{
  g_autoptr(AdmTableAsking) self = NULL;
  g_autofree char *base = NULL;
  g_autoptr(GUri) uri = NULL;

  g_return_val_if_fail (where != NULL && name != NULL, NULL);

  base = g_strdup_printf ("https://%s/pair/", where);
  uri = g_uri_parse (base, G_URI_FLAGS_NONE, NULL);
  if (uri == NULL || g_uri_get_port (uri) <= 0 || g_uri_get_userinfo (uri) != NULL ||
      !g_str_equal (g_uri_get_path (uri), "/pair/") || g_uri_get_query (uri) != NULL ||
      g_uri_get_fragment (uri) != NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("“%s” is not where a chief master’s Admiralty listens: give HOST:PORT, as "
                     "192.168.1.10:8040"), where);
      return NULL;
    }
  if (!g_utf8_validate (name, -1, NULL) || g_utf8_strlen (name, -1) > ADM_TABLE_PAIRING_MAX_NAME)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("The name a table asks with is at most %d characters"),
                   ADM_TABLE_PAIRING_MAX_NAME);
      return NULL;
    }
  self = g_object_new (ADM_TYPE_TABLE_ASKING, NULL);
  if (!adm_dice_secret_new_random (self->nonce, error))
    return NULL;
  self->where = g_strdup (where);
  self->base = g_steal_pointer (&base);
  self->name = g_strdup (name);
  self->session = soup_session_new_with_options ("timeout", TIMEOUT_S, "idle-timeout", TIMEOUT_S,
                                                 "proxy-resolver", NULL, NULL);
  soup_session_set_tls_database (self->session, NULL);
  self->deadline = g_get_monotonic_time () + (gint64) ADM_TABLE_PAIRING_WAIT_S * G_USEC_PER_SEC;
  ask (self);
  return g_steal_pointer (&self);
}

AdmTableAskingState
adm_table_asking_get_state (AdmTableAsking *self)
{
  g_return_val_if_fail (ADM_IS_TABLE_ASKING (self), ADM_TABLE_ASKING_FAILED);
  return self->state;
}

const char *
adm_table_asking_get_words (AdmTableAsking *self)
{
  g_return_val_if_fail (ADM_IS_TABLE_ASKING (self), NULL);
  return self->words;
}

const char *
adm_table_asking_get_link (AdmTableAsking *self)
{
  g_return_val_if_fail (ADM_IS_TABLE_ASKING (self), NULL);
  return self->link;
}

const char *
adm_table_asking_get_table (AdmTableAsking *self)
{
  g_return_val_if_fail (ADM_IS_TABLE_ASKING (self), NULL);
  return self->table;
}

const char *
adm_table_asking_get_message (AdmTableAsking *self)
{
  g_return_val_if_fail (ADM_IS_TABLE_ASKING (self), NULL);
  return self->message;
}

void
adm_table_asking_cancel (AdmTableAsking *self)
{
  g_autofree char *uri = NULL;
  g_autoptr(SoupMessage) msg = NULL;
  g_autoptr(GBytes) body = NULL;

  g_return_if_fail (ADM_IS_TABLE_ASKING (self));

  if (is_over (self))
    return;
  g_clear_handle_id (&self->timer, g_source_remove);
  g_cancellable_cancel (self->cancellable);
  set_state (self, ADM_TABLE_ASKING_CANCELLED);
  if (self->id == NULL)
    return;
  /* Told once, unanswered: the chief forgets the request after ten minutes anyway. */
  uri = g_strconcat (self->base, self->id, "/cancel", NULL);
  msg = soup_message_new ("POST", uri);
  g_signal_connect_object (msg, "accept-certificate", G_CALLBACK (accept_certificate_cb), self,
                           0);
  body = g_bytes_new_static ("{}", 2);
  soup_message_set_request_body_from_bytes (msg, "application/json", body);
  soup_session_send_and_read_async (self->session, msg, G_PRIORITY_DEFAULT, NULL, NULL, NULL);
}
