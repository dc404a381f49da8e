/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-table-pairing.c: tables let in by the chief's word (adm-table-pairing.h). The requests
 * live in a table both threads share, behind a mutex: the server thread answers every request
 * at once from it (nothing there waits for the main thread), and tells the main thread when
 * one begins or stops waiting, which keeps the list model; the chief's answer is written into
 * it for the table's next poll. */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <libsoup/soup.h>

#include "adm-dice-commit.h"
#include "adm-portal-route.h"
#include "adm-table-check.h"
#include "adm-table-pairing.h"
#include "adm-table-server.h"

#define PREFIX "/pair/"
/* A request's key: 32 hexadecimal digits. */
#define ID_CHARS 32
/* The largest body a request sends: a name and a nonce. */
#define MAX_BODY 4096

typedef enum {
  PENDING_COMMITTED, /* asked; its nonce not yet revealed */
  PENDING_WAITING,   /* revealed: on the chief's screen */
  PENDING_ACCEPTED,  /* let in: @link, told at the next poll */
  PENDING_REFUSED,   /* refused, told at the next poll */
} PendingState;

typedef struct {
  char         id[ID_CHARS + 1];
  char        *name;
  char        *address;
  char         commit[ADM_DICE_HEX_LENGTH + 1];
  guint8       chief_nonce[ADM_DICE_SECRET_LENGTH];
  PendingState state;
  char        *table;
  char        *link;
  gint64       asked;   /* g_get_real_time () */
  gint64       since;   /* g_get_monotonic_time (), for its ten minutes */
} Pending;

/* What both threads share: the server thread holds a reference of its own. */
typedef struct {
  gatomicrefcount  ref;
  GMutex           lock;
  GHashTable      *pending;     /* id → Pending*, under @lock */
  char            *fingerprint; /* the chief's certificate's, read-only */
  GMainContext    *owner;       /* the main context */
  GWeakRef         pairing;     /* the AdmTablePairing, for the news landing there */
} PairShared;

struct _AdmTablePairing
{
  GObject         parent_instance;

  AdmTableServer *server;   /* weak */
  AdmPortal      *portal;
  PairShared     *shared;
  GListStore     *waiting;  /* AdmTableRequest*, oldest first */
  guint           expiry;   /* the source that lets stale requests go */
};

G_DEFINE_FINAL_TYPE (AdmTablePairing, adm_table_pairing, G_TYPE_OBJECT)

static void
pending_free (gpointer data)
{
  Pending *pending = data;

  g_free (pending->name);
  g_free (pending->address);
  g_free (pending->table);
  g_free (pending->link);
  g_free (pending);
}

static PairShared *
pair_shared_ref (PairShared *shared)
{
  g_atomic_ref_count_inc (&shared->ref);
  return shared;
}

static void
pair_shared_unref (PairShared *shared)
{
  if (!g_atomic_ref_count_dec (&shared->ref))
    return;
  g_hash_table_unref (shared->pending);
  g_mutex_clear (&shared->lock);
  g_free (shared->fingerprint);
  g_main_context_unref (shared->owner);
  g_weak_ref_clear (&shared->pairing);
  g_free (shared);
}

/* News for the main thread */

typedef struct {
  PairShared      *shared;
  char            *gone;     /* a request no longer waiting, or NULL */
  AdmTableRequest *arrived;  /* a request now waiting, or NULL */
} News;

static void
news_free (gpointer data)
{
  News *news = data;

  pair_shared_unref (news->shared);
  g_free (news->gone);
  g_clear_object (&news->arrived);
  g_free (news);
}

/* The request waiting whose id is @key, or begins with it (at least
 * ADM_TABLE_PAIRING_MIN_KEY digits, as a master types it): its position. */
static gboolean
find_request (AdmTablePairing *self,
              const char      *key,
              guint           *position)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->waiting));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(AdmTableRequest) request = g_list_model_get_item (G_LIST_MODEL (self->waiting),
                                                                   i);

      if (strlen (key) >= ADM_TABLE_PAIRING_MIN_KEY &&
          g_str_has_prefix (adm_table_request_get_id (request), key))
        {
          *position = i;
          return TRUE;
        }
    }
  return FALSE;
}

static gboolean
news_cb (gpointer data)
{
  News *news = data;
  g_autoptr(AdmTablePairing) self = g_weak_ref_get (&news->shared->pairing);
  guint position;

  if (self == NULL)
    return G_SOURCE_REMOVE;
  if (news->gone != NULL && find_request (self, news->gone, &position))
    g_list_store_remove (self->waiting, position);
  if (news->arrived != NULL)
    g_list_store_append (self->waiting, news->arrived);
  return G_SOURCE_REMOVE;
}

static void
tell_main (PairShared      *shared,
           const char      *gone,
           AdmTableRequest *arrived)
{
  News *news = g_new0 (News, 1);

  news->shared = pair_shared_ref (shared);
  news->gone = g_strdup (gone);
  news->arrived = arrived != NULL ? g_object_ref (arrived) : NULL;
  g_main_context_invoke_full (shared->owner, G_PRIORITY_DEFAULT, news_cb, news, news_free);
}

/* The server thread */

/* Under @shared->lock: forgets the requests older than ten minutes. */
static void
forget_stale (PairShared *shared)
{
  GHashTableIter iter;
  Pending *pending;
  gint64 now = g_get_monotonic_time ();

  g_hash_table_iter_init (&iter, shared->pending);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &pending))
    if (now - pending->since > (gint64) ADM_TABLE_PAIRING_WAIT_S * G_USEC_PER_SEC)
      {
        if (pending->state == PENDING_WAITING)
          tell_main (shared, pending->id, NULL);
        g_hash_table_iter_remove (&iter);
      }
}

static void
answer (SoupServerMessage *msg,
        guint              status,
        JsonBuilder       *builder)
{
  SoupMessageHeaders *headers = soup_server_message_get_response_headers (msg);
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = json_builder_get_root (builder);
  gsize length;
  char *text;

  json_generator_set_root (generator, root);
  text = json_generator_to_data (generator, &length);
  adm_portal_add_common_headers (msg);
  soup_message_headers_replace (headers, "Content-Security-Policy", "default-src 'none'");
  soup_server_message_set_status (msg, status, NULL);
  soup_server_message_set_response (msg, "application/json", SOUP_MEMORY_TAKE, text, length);
}

static void
answer_state (SoupServerMessage *msg,
              const char        *state)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "state");
  json_builder_add_string_value (builder, state);
  json_builder_end_object (builder);
  answer (msg, SOUP_STATUS_OK, builder);
}

/* A refusal the table master reads: it names his mistake, never another table's. @code
 * (ADM_TABLE_PAIRING_REFUSED_…) lets his Admiralty tell it in his language; @message is the
 * English for a person reading the exchange, and for a table that knows no such code. */
static void
answer_error (SoupServerMessage *msg,
              guint              status,
              const char        *code,
              const char        *message)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "error");
  json_builder_add_string_value (builder, message);
  json_builder_set_member_name (builder, "code");
  json_builder_add_string_value (builder, code);
  json_builder_end_object (builder);
  answer (msg, status, builder);
}

/* The body of @msg as a JSON object, or NULL (the reason answered). */
static JsonObject *
read_body (SoupServerMessage *msg,
           JsonParser        *parser)
{
  g_autoptr(GBytes) body = adm_portal_take_body (msg);
  JsonNode *root;
  gsize length;
  const char *data = g_bytes_get_data (body, &length);

  if (length == 0 || length > MAX_BODY || !g_utf8_validate (data, (gssize) length, NULL) ||
      !json_parser_load_from_data (parser, data, (gssize) length, NULL) ||
      (root = json_parser_get_root (parser)) == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      answer_error (msg, SOUP_STATUS_BAD_REQUEST, ADM_TABLE_PAIRING_REFUSED_NOT_JSON,
                    "The request is not a JSON object of an Admiralty asking to join");
      return NULL;
    }
  return json_node_get_object (root);
}

static const char *
member_string (JsonObject *object,
               const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  return node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
         json_node_get_value_type (node) == G_TYPE_STRING ? json_node_get_string (node) : NULL;
}

/* @name as shown on the chief's screen: at most ADM_TABLE_PAIRING_MAX_NAME characters, no
 * control or formatting characters, not blank; NULL when it is none of that. */
static char *
clean_name (const char *name)
{
  g_autofree char *stripped = NULL;

  if (name == NULL || !g_utf8_validate (name, -1, NULL) ||
      g_utf8_strlen (name, -1) > ADM_TABLE_PAIRING_MAX_NAME)
    return NULL;
  for (const char *c = name; *c != '\0'; c = g_utf8_next_char (c))
    {
      GUnicodeType type = g_unichar_type (g_utf8_get_char (c));

      if (type == G_UNICODE_CONTROL || type == G_UNICODE_FORMAT ||
          type == G_UNICODE_LINE_SEPARATOR || type == G_UNICODE_PARAGRAPH_SEPARATOR)
        return NULL;
    }
  stripped = g_strstrip (g_strdup (name));
  return *stripped != '\0' ? g_steal_pointer (&stripped) : NULL;
}

/* POST /pair/: a table master asks. */
static void
route_ask (SoupServerMessage *msg,
           PairShared        *shared)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(JsonBuilder) builder = NULL;
  g_autofree char *name = NULL;
  g_autofree char *nonce_hex = NULL;
  guint8 id_bytes[ADM_DICE_SECRET_LENGTH];
  g_autofree char *id_hex = NULL;
  JsonObject *object;
  const char *commit;
  Pending *pending;

  if ((object = read_body (msg, parser)) == NULL)
    return;
  name = clean_name (member_string (object, "name"));
  commit = member_string (object, "commit");
  if (name == NULL)
    {
      answer_error (msg, SOUP_STATUS_BAD_REQUEST, ADM_TABLE_PAIRING_REFUSED_NAME,
                    "The name is empty, longer than 64 characters or holds control characters");
      return;
    }
  if (commit == NULL || !adm_dice_hex_is_valid (commit))
    {
      answer_error (msg, SOUP_STATUS_BAD_REQUEST, ADM_TABLE_PAIRING_REFUSED_COMMIT,
                    "The commitment is not 64 lower-case hexadecimal digits");
      return;
    }
  pending = g_new0 (Pending, 1);
  if (!adm_dice_secret_new_random (id_bytes, NULL) ||
      !adm_dice_secret_new_random (pending->chief_nonce, NULL))
    {
      pending_free (pending);
      answer_error (msg, SOUP_STATUS_SERVICE_UNAVAILABLE, ADM_TABLE_PAIRING_REFUSED_NO_RANDOM,
                    "The chief's computer gave no random numbers");
      return;
    }
  id_hex = adm_dice_secret_to_hex (id_bytes);
  memcpy (pending->id, id_hex, ID_CHARS);
  memcpy (pending->commit, commit, ADM_DICE_HEX_LENGTH);
  pending->name = g_steal_pointer (&name);
  pending->address = g_strdup (soup_server_message_get_remote_host (msg));
  pending->state = PENDING_COMMITTED;
  pending->asked = g_get_real_time ();
  pending->since = g_get_monotonic_time ();
  nonce_hex = adm_dice_secret_to_hex (pending->chief_nonce);

  g_mutex_lock (&shared->lock);
  forget_stale (shared);
  if (g_hash_table_size (shared->pending) >= ADM_TABLE_PAIRING_MAX_WAITING)
    {
      g_mutex_unlock (&shared->lock);
      pending_free (pending);
      answer_error (msg, 429 /* Too Many Requests */, ADM_TABLE_PAIRING_REFUSED_BUSY,
                    "Too many tables are asking the chief at once; ask again in a few minutes");
      return;
    }
  g_hash_table_insert (shared->pending, pending->id, pending);
  builder = json_builder_new ();
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "id");
  json_builder_add_string_value (builder, pending->id);
  json_builder_set_member_name (builder, "nonce");
  json_builder_add_string_value (builder, nonce_hex);
  json_builder_end_object (builder);
  g_mutex_unlock (&shared->lock);
  answer (msg, SOUP_STATUS_OK, builder);
}

/* POST /pair/ID/reveal: the table's nonce, checked against its commitment. */
static void
route_reveal (SoupServerMessage *msg,
              PairShared        *shared,
              Pending           *pending)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(AdmTableRequest) request = NULL;
  g_autofree char *commit = NULL;
  g_autofree char *words = NULL;
  guint8 table_nonce[ADM_DICE_SECRET_LENGTH];
  JsonObject *object;
  const char *nonce;

  if ((object = read_body (msg, parser)) == NULL)
    return;
  nonce = member_string (object, "nonce");
  if (nonce == NULL || !adm_dice_secret_from_hex (nonce, table_nonce))
    {
      answer_error (msg, SOUP_STATUS_BAD_REQUEST, ADM_TABLE_PAIRING_REFUSED_NONCE,
                    "The nonce is not 64 lower-case hexadecimal digits");
      return;
    }
  commit = adm_dice_commitment_of (table_nonce);
  if (pending->state != PENDING_COMMITTED || !g_str_equal (commit, pending->commit))
    {
      /* A nonce shown twice, or not the one committed to: the request is void; the table asks
       * anew. */
      if (pending->state == PENDING_WAITING)
        tell_main (shared, pending->id, NULL);
      g_hash_table_remove (shared->pending, pending->id);
      answer_error (msg, SOUP_STATUS_CONFLICT, ADM_TABLE_PAIRING_REFUSED_MISMATCH,
                    "The nonce is not the one committed to, or was shown already; ask again");
      return;
    }
  words = adm_table_check_words (shared->fingerprint, table_nonce, pending->chief_nonce);
  pending->state = PENDING_WAITING;
  request = adm_table_request_new (pending->id, pending->name, pending->address, words,
                                   pending->asked);
  tell_main (shared, NULL, request);
  answer_state (msg, "waiting");
}

/* GET /pair/ID: where the request stands; the link or the refusal is told once. */
static void
route_poll (SoupServerMessage *msg,
            PairShared        *shared,
            Pending           *pending)
{
  g_autoptr(JsonBuilder) builder = NULL;

  switch (pending->state)
    {
    case PENDING_COMMITTED:
    case PENDING_WAITING:
      answer_state (msg, "waiting");
      return;
    case PENDING_REFUSED:
      g_hash_table_remove (shared->pending, pending->id);
      answer_state (msg, "refused");
      return;
    case PENDING_ACCEPTED:
      builder = json_builder_new ();
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "state");
      json_builder_add_string_value (builder, "accepted");
      json_builder_set_member_name (builder, "table");
      json_builder_add_string_value (builder, pending->table);
      json_builder_set_member_name (builder, "link");
      json_builder_add_string_value (builder, pending->link);
      json_builder_end_object (builder);
      g_hash_table_remove (shared->pending, pending->id);
      answer (msg, SOUP_STATUS_OK, builder);
      return;
    default:
      g_assert_not_reached ();
    }
}

/* "ID" or "ID/" @what exactly, ID 32 lower-case hexadecimal digits: the pending request under
 * @shared->lock, or NULL. */
static Pending *
pending_in (PairShared *shared,
            const char *rest,
            const char *what)
{
  char id[ID_CHARS + 1];

  if (strlen (rest) < ID_CHARS)
    return NULL;
  for (gsize i = 0; i < ID_CHARS; i++)
    if (!g_ascii_isxdigit (rest[i]) || g_ascii_isupper (rest[i]))
      return NULL;
  if (what == NULL ? rest[ID_CHARS] != '\0'
                   : rest[ID_CHARS] != '/' || !g_str_equal (rest + ID_CHARS + 1, what))
    return NULL;
  memcpy (id, rest, ID_CHARS);
  id[ID_CHARS] = '\0';
  return g_hash_table_lookup (shared->pending, id);
}

static gboolean
route_knows (const char *path,
             gpointer    data)
{
  PairShared *shared = data;
  const char *rest = path + strlen (PREFIX);
  gboolean known;

  if (*rest == '\0')
    return TRUE;
  g_mutex_lock (&shared->lock);
  known = pending_in (shared, rest, "reveal") != NULL || pending_in (shared, rest, "cancel") != NULL;
  g_mutex_unlock (&shared->lock);
  return known;
}

static void
route_cb (SoupServerMessage *msg,
          const char        *path,
          gpointer           data)
{
  PairShared *shared = data;
  const char *method = soup_server_message_get_method (msg);
  gboolean get = g_str_equal (method, "GET");
  gboolean post = g_str_equal (method, "POST");
  const char *rest = path + strlen (PREFIX);
  Pending *pending;

  if (post && *rest == '\0')
    {
      route_ask (msg, shared);
      return;
    }
  g_mutex_lock (&shared->lock);
  forget_stale (shared);
  if (get && (pending = pending_in (shared, rest, NULL)) != NULL)
    route_poll (msg, shared, pending);
  else if (post && (pending = pending_in (shared, rest, "reveal")) != NULL)
    route_reveal (msg, shared, pending);
  else if (post && (pending = pending_in (shared, rest, "cancel")) != NULL)
    {
      if (pending->state == PENDING_WAITING)
        tell_main (shared, pending->id, NULL);
      g_hash_table_remove (shared->pending, pending->id);
      answer_state (msg, "cancelled");
    }
  else
    adm_portal_not_found (msg);
  g_mutex_unlock (&shared->lock);
}

/* The main thread */

/* Every half minute: the requests older than ten minutes leave the chief's list even while
 * no table asks anything. */
static gboolean
expiry_cb (gpointer data)
{
  AdmTablePairing *self = data;

  g_mutex_lock (&self->shared->lock);
  forget_stale (self->shared);
  g_mutex_unlock (&self->shared->lock);
  return G_SOURCE_CONTINUE;
}

static void
adm_table_pairing_dispose (GObject *object)
{
  AdmTablePairing *self = ADM_TABLE_PAIRING (object);

  g_clear_handle_id (&self->expiry, g_source_remove);
  if (self->portal != NULL)
    adm_portal_remove_route (self->portal, PREFIX);
  g_clear_object (&self->portal);
  g_clear_weak_pointer (&self->server);
  G_OBJECT_CLASS (adm_table_pairing_parent_class)->dispose (object);
}

static void
adm_table_pairing_finalize (GObject *object)
{
  AdmTablePairing *self = ADM_TABLE_PAIRING (object);

  g_clear_pointer (&self->shared, pair_shared_unref);
  g_clear_object (&self->waiting);
  G_OBJECT_CLASS (adm_table_pairing_parent_class)->finalize (object);
}

static void
adm_table_pairing_class_init (AdmTablePairingClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = adm_table_pairing_dispose;
  object_class->finalize = adm_table_pairing_finalize;
}

static void
adm_table_pairing_init (AdmTablePairing *self)
{
  self->waiting = g_list_store_new (ADM_TYPE_TABLE_REQUEST);
}

AdmTablePairing *
adm_table_pairing_new (AdmTableServer *server,
                       const char     *fingerprint)
{
  AdmTablePairing *self;

  g_return_val_if_fail (ADM_IS_TABLE_SERVER (server), NULL);
  g_return_val_if_fail (fingerprint != NULL, NULL);

  self = g_object_new (ADM_TYPE_TABLE_PAIRING, NULL);
  g_set_weak_pointer (&self->server, server);
  self->portal = g_object_ref (adm_table_server_get_portal (server));
  self->shared = g_new0 (PairShared, 1);
  g_atomic_ref_count_init (&self->shared->ref);
  g_mutex_init (&self->shared->lock);
  self->shared->pending = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, pending_free);
  self->shared->fingerprint = g_strdup (fingerprint);
  self->shared->owner = g_main_context_ref_thread_default ();
  g_weak_ref_init (&self->shared->pairing, self);
  adm_portal_add_route (self->portal, PREFIX, TRUE, MAX_BODY, route_knows, route_cb, NULL,
                        self->shared, (GBoxedCopyFunc) pair_shared_ref,
                        (GDestroyNotify) pair_shared_unref);
  self->expiry = g_timeout_add_seconds (30, expiry_cb, self);
  return self;
}

/* Takes @request off the list and gives its table the answer: @link, or none (refused). */
static gboolean
answer_request (AdmTablePairing *self,
                AdmTableRequest *request,
                const char      *table,
                const char      *link)
{
  const char *id = adm_table_request_get_id (request);
  Pending *pending;
  gboolean waiting;
  guint position;

  g_mutex_lock (&self->shared->lock);
  forget_stale (self->shared);
  pending = g_hash_table_lookup (self->shared->pending, id);
  waiting = pending != NULL && pending->state == PENDING_WAITING;
  if (waiting)
    {
      pending->state = link != NULL ? PENDING_ACCEPTED : PENDING_REFUSED;
      pending->table = g_strdup (table);
      pending->link = g_strdup (link);
    }
  g_mutex_unlock (&self->shared->lock);
  if (find_request (self, id, &position))
    g_list_store_remove (self->waiting, position);
  return waiting;
}

GListModel *
adm_table_pairing_get_requests (AdmTablePairing *self)
{
  g_return_val_if_fail (ADM_IS_TABLE_PAIRING (self), NULL);
  return G_LIST_MODEL (self->waiting);
}

gboolean
adm_table_pairing_accept (AdmTablePairing  *self,
                          AdmTableRequest  *request,
                          const char       *table,
                          GError          **error)
{
  g_autofree char *link = NULL;

  g_return_val_if_fail (ADM_IS_TABLE_PAIRING (self), FALSE);
  g_return_val_if_fail (ADM_IS_TABLE_REQUEST (request), FALSE);
  g_return_val_if_fail (table != NULL, FALSE);

  link = self->server != NULL ? adm_table_server_get_link (self->server, table) : NULL;
  if (link == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("“%s” is not one of the tables served now"), table);
      return FALSE;
    }
  if (!answer_request (self, request, table, link))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   _("%s no longer asks to join: the table master gave up, or waited more "
                     "than ten minutes"), adm_table_request_get_name (request));
      return FALSE;
    }
  return TRUE;
}

AdmTableRequest *
adm_table_pairing_lookup (AdmTablePairing *self,
                          const char      *key)
{
  guint position;

  g_return_val_if_fail (ADM_IS_TABLE_PAIRING (self), NULL);
  g_return_val_if_fail (key != NULL, NULL);

  return find_request (self, key, &position)
           ? g_list_model_get_item (G_LIST_MODEL (self->waiting), position) : NULL;
}

void
adm_table_pairing_refuse (AdmTablePairing *self,
                          AdmTableRequest *request)
{
  g_return_if_fail (ADM_IS_TABLE_PAIRING (self));
  g_return_if_fail (ADM_IS_TABLE_REQUEST (request));

  answer_request (self, request, NULL, NULL);
}
