/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-table-client.c: a table master's client of the chief's server (adm-table-client.h). */

#include "config.h"

#include <errno.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <libsoup/soup.h>

#include "adm-dice-commit.h"
#include "adm-file.h"
#include "adm-journal.h"
#include "adm-placement-step.h"
#include "adm-table-battle.h"
#include "adm-table-certificate.h"
#include "adm-table-client.h"
#include "adm-table-placements.h"

#define GROUP "table"
/* The protocol's bound on a message; a battle handed to the table is sent back whole, so the
 * same bound holds for it. A listing or a receipt is a few kilobytes. */
#define MAX_BATTLE (16 * 1024 * 1024)
#define MAX_ANSWER (1024 * 1024)
#define READ_CHUNK 16384
/* Retries after a network failure: 0.5 s, doubling, at most 5 s apart. */
#define RETRY_FIRST_MS 500
#define RETRY_MAX_MS   5000
/* Seconds a request may wait for the chief's server. */
#define TIMEOUT_S 10

G_DEFINE_QUARK (adm-table-client-error-quark, adm_table_client_error)

G_DEFINE_ENUM_TYPE (AdmTableClientState, adm_table_client_state,
                    G_DEFINE_ENUM_VALUE (ADM_TABLE_CLIENT_IDLE, "idle"),
                    G_DEFINE_ENUM_VALUE (ADM_TABLE_CLIENT_SENDING, "sending"),
                    G_DEFINE_ENUM_VALUE (ADM_TABLE_CLIENT_ALL_SENT, "all-sent"),
                    G_DEFINE_ENUM_VALUE (ADM_TABLE_CLIENT_WAITING, "waiting"),
                    G_DEFINE_ENUM_VALUE (ADM_TABLE_CLIENT_REFUSED, "refused"))

struct _AdmTableClient
{
  GObject              parent_instance;

  char                *link;         /* https://HOST:PORT/table/TOKEN/#sha256=FINGERPRINT */
  char                *base;         /* the link without its fragment: what requests go to */
  char                *fingerprint;  /* the certificate the chief's server must show */
  char                *seen;         /* the other one a server showed last, for the message */
  char                *where;        /* HOST:PORT, for messages (never the token) */
  SoupSession         *session;
  GMainContext        *context;      /* where the sending runs */
  char                *table_name;
  char                *campaign_name;

  /* The open battle and what is kept of it (ASSIGNMENT.table). */
  AdmBattle           *battle;
  gulong               changed_id;
  AdmFileLock         *lock;
  char                *engagement;
  char                *assignment;
  char                *battle_path;
  char                *key_path;
  guint                kept;
  char                 last[65];
  gboolean             ended;        /* the chief holds the ending */
  char                *end_reason;
  char                *refused;      /* taken back: the chief's message, for good */
  char                *dice_commitment;
  gboolean             dice_from_chief; /* the set-up carried the secret: the chief committed to
                                         * it (docs/dice.md) */
  gboolean             program_only; /* the hand-off's dice policy: no real dice typed in */
  GPtrArray           *mixes;        /* AdmDicePhaseMix*: the sides' dice given here */

  /* The sending. */
  AdmTableClientState  state;
  char                *message;
  GCancellable        *cancellable;
  gboolean             in_flight;
  guint                sent_from;    /* the message in flight starts there */
  GSource             *retry;        /* the next try's wait, on @context */
  guint                backoff_ms;
  gboolean             odd;          /* the chief's last answer was none the protocol has */
  GError              *error;        /* the last failure, for adm_table_client_flush () */
};

G_DEFINE_FINAL_TYPE (AdmTableClient, adm_table_client, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_STATE,
  PROP_WAITING,
  PROP_MESSAGE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

void
adm_table_engagement_free (AdmTableEngagement *engagement)
{
  if (engagement == NULL)
    return;
  g_free (engagement->id);
  g_free (engagement->place);
  g_clear_pointer (&engagement->placements, adm_placement_step_free);
  g_free (engagement->assignment);
  g_free (engagement->status);
  g_free (engagement->phase);
  g_free (engagement);
}

void
adm_table_kept_free (AdmTableKept *kept)
{
  if (kept == NULL)
    return;
  g_free (kept->link);
  g_free (kept->engagement);
  g_free (kept->assignment);
  g_free (kept->table);
  g_free (kept->battle_path);
  g_free (kept->end_reason);
  g_free (kept->refused);
  g_free (kept);
}

/* Names that come from the chief's server and become part of a path or a file name:
 * letters, digits, '-', '_' and '.' (never first), at most 64. */
static gboolean
safe_name (const char *text)
{
  gsize n = text != NULL ? strlen (text) : 0;

  if (n == 0 || n > 64 || text[0] == '.')
    return FALSE;
  for (gsize i = 0; i < n; i++)
    if (!g_ascii_isalnum (text[i]) && text[i] != '-' && text[i] != '_' && text[i] != '.')
      return FALSE;
  return TRUE;
}

static gboolean
is_hash (const char *text)
{
  if (text == NULL || strlen (text) != 64)
    return FALSE;
  for (guint i = 0; i < 64; i++)
    if (!g_ascii_isdigit (text[i]) && !(text[i] >= 'a' && text[i] <= 'f'))
      return FALSE;
  return TRUE;
}

/* Links */

static gboolean
link_error (GError    **error,
            const char *link,
            const char *problem)
{
  /* Translators: "“http://10.0.0.2/x” is not a join link: …" */
  g_set_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_LINK,
               _("“%s” is not a join link: %s (a join link reads "
                 "https://HOST:PORT/table/TOKEN/#sha256=FINGERPRINT, as the chief master's "
                 "Admiralty shows it)"),
               link, problem);
  return FALSE;
}

static gboolean
is_hex (const char *text,
        gsize       length)
{
  if (strlen (text) != length)
    return FALSE;
  for (gsize i = 0; i < length; i++)
    if (!g_ascii_isdigit (text[i]) && !(text[i] >= 'a' && text[i] <= 'f'))
      return FALSE;
  return TRUE;
}

/* A link of an Admiralty before the tables spoke TLS: http://HOST:PORT/table/TOKEN/. */
static gboolean
is_old_link (GUri *uri)
{
  return g_strcmp0 (g_uri_get_scheme (uri), "http") == 0 &&
         g_str_has_prefix (g_uri_get_path (uri), "/table/");
}

gboolean
adm_table_link_parse (const char  *link,
                      char       **normal,
                      GError     **error)
{
  g_autoptr(GUri) uri = NULL;
  const char *path, *token, *fragment;

  g_return_val_if_fail (link != NULL, FALSE);

  if (strlen (link) > 512 || !g_utf8_validate (link, -1, NULL))
    return link_error (error, "…", _("it is too long or not text"));
  uri = g_uri_parse (link, G_URI_FLAGS_NONE, NULL);
  if (uri == NULL)
    return link_error (error, link, _("it is no web address"));
  if (is_old_link (uri))
    {
      g_set_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_LINK,
                   _("“%s” is the link of an older Admiralty, whose tables spoke without "
                     "encryption: copy the table's link again from the chief master's "
                     "Admiralty (it begins with https:// and ends with the fingerprint of his "
                     "certificate)"), link);
      return FALSE;
    }
  if (g_strcmp0 (g_uri_get_scheme (uri), "https") != 0)
    return link_error (error, link, _("it does not begin with https://"));
  if (g_uri_get_host (uri) == NULL || *g_uri_get_host (uri) == '\0')
    return link_error (error, link, _("it names no computer"));
  if (g_uri_get_userinfo (uri) != NULL || g_uri_get_query (uri) != NULL)
    return link_error (error, link, _("it has more than an address and a path"));
  path = g_uri_get_path (uri);
  if (!g_str_has_prefix (path, "/table/"))
    return link_error (error, link, _("its path does not begin with /table/"));
  token = path + strlen ("/table/");
  if (strlen (token) != 33 || token[32] != '/')
    return link_error (error, link, _("its key is not 32 digits followed by “/”"));
  for (guint i = 0; i < 32; i++)
    if (!g_ascii_isdigit (token[i]) && !(token[i] >= 'a' && token[i] <= 'f'))
      return link_error (error, link, _("its key is not 32 digits followed by “/”"));
  fragment = g_uri_get_fragment (uri);
  if (fragment == NULL || !g_str_has_prefix (fragment, "sha256=") ||
      !is_hex (fragment + strlen ("sha256="), ADM_TABLE_FINGERPRINT_CHARS))
    return link_error (error, link, _("it does not end with the fingerprint of the chief "
                                      "master's certificate (#sha256= and 64 digits): copy "
                                      "the whole link"));
  if (normal != NULL)
    *normal = g_uri_to_string (uri);
  return TRUE;
}

/* The store */

char *
adm_table_client_folder (void)
{
  return g_build_filename (g_get_user_data_dir (), "admiralty", "tables", NULL);
}

static GKeyFile *
read_key_file (const char *path)
{
  g_autoptr(GKeyFile) keys = g_key_file_new ();

  if (!g_key_file_load_from_file (keys, path, G_KEY_FILE_NONE, NULL))
    return NULL;
  return g_steal_pointer (&keys);
}

static gboolean
kept_link (const char *link)
{
  g_autoptr(GUri) uri = NULL;

  if (adm_table_link_parse (link, NULL, NULL))
    return TRUE;
  uri = g_uri_parse (link, G_URI_FLAGS_NONE, NULL);
  return uri != NULL && is_old_link (uri);
}

static AdmTableKept *
kept_from_keys (GKeyFile   *keys,
                const char *folder)
{
  g_autoptr(AdmTableKept) kept = g_new0 (AdmTableKept, 1);
  g_autofree char *battle = NULL;
  guint64 n = 0;
  g_autofree char *text = NULL;

  kept->link = g_key_file_get_string (keys, GROUP, "link", NULL);
  kept->engagement = g_key_file_get_string (keys, GROUP, "engagement", NULL);
  kept->assignment = g_key_file_get_string (keys, GROUP, "assignment", NULL);
  kept->table = g_key_file_get_string (keys, GROUP, "table", NULL);
  kept->end_reason = g_key_file_get_string (keys, GROUP, "end-reason", NULL);
  kept->refused = g_key_file_get_string (keys, GROUP, "refused", NULL);
  text = g_key_file_get_string (keys, GROUP, "kept", NULL);
  /* A link of an older Admiralty is listed too: the table master opening its battle reads
   * that the link is to be copied again. */
  if (kept->link == NULL || !kept_link (kept->link) ||
      !safe_name (kept->engagement) || !safe_name (kept->assignment) || text == NULL ||
      !g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT, &n, NULL))
    return NULL;
  kept->kept = (guint) n;
  battle = g_strconcat (kept->assignment, ".battle", NULL);
  kept->battle_path = g_build_filename (folder, battle, NULL);
  return g_steal_pointer (&kept);
}

GPtrArray *
adm_table_client_list_kept (const char *link)
{
  g_autofree char *folder = adm_table_client_folder ();
  g_autoptr(GPtrArray) list = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_table_kept_free);
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autoptr(GKeyFile) keys = NULL;
      AdmTableKept *kept;

      if (!g_str_has_suffix (name, ".table"))
        continue;
      path = g_build_filename (folder, name, NULL);
      keys = read_key_file (path);
      kept = keys != NULL ? kept_from_keys (keys, folder) : NULL;
      if (kept == NULL)
        continue;
      if (link != NULL && g_strcmp0 (kept->link, link) != 0)
        {
          adm_table_kept_free (kept);
          continue;
        }
      g_ptr_array_add (list, kept);
    }
  return g_steal_pointer (&list);
}

/* The key file of the open battle, written atomically (after every entry). */
static gboolean
save_keys (AdmTableClient  *self,
           GError         **error)
{
  g_autoptr(GKeyFile) keys = g_key_file_new ();
  g_autofree char *data = NULL, *given = NULL;
  gsize length = 0;

  g_key_file_set_string (keys, GROUP, "link", self->link);
  g_key_file_set_string (keys, GROUP, "engagement", self->engagement);
  g_key_file_set_string (keys, GROUP, "assignment", self->assignment);
  if (self->table_name != NULL)
    g_key_file_set_string (keys, GROUP, "table", self->table_name);
  if (self->campaign_name != NULL)
    g_key_file_set_string (keys, GROUP, "campaign", self->campaign_name);
  g_key_file_set_uint64 (keys, GROUP, "kept", self->kept);
  g_key_file_set_string (keys, GROUP, "last", self->last);
  g_key_file_set_uint64 (keys, GROUP, "entries",
                         adm_journal_get_n_entries (adm_battle_get_log (self->battle)));
  g_key_file_set_boolean (keys, GROUP, "ended", self->ended);
  if (self->end_reason != NULL)
    g_key_file_set_string (keys, GROUP, "end-reason", self->end_reason);
  if (self->refused != NULL)
    g_key_file_set_string (keys, GROUP, "refused", self->refused);
  if (self->dice_commitment != NULL)
    g_key_file_set_string (keys, GROUP, "dice-commitment", self->dice_commitment);
  if (self->dice_from_chief)
    g_key_file_set_boolean (keys, GROUP, "dice-from-chief", TRUE);
  if (self->program_only)
    g_key_file_set_boolean (keys, GROUP, "program-dice-only", TRUE);
  given = self->mixes != NULL ? adm_dice_mixes_to_text (self->mixes) : NULL;
  if (given != NULL)
    g_key_file_set_string (keys, GROUP, "dice-given", given);
  data = g_key_file_to_data (keys, &length, NULL);
  if (!adm_file_write_replacing (self->key_path, data, length, error))
    {
      g_autofree char *display = g_filename_display_name (self->key_path);

      g_prefix_error (error, _("Cannot keep the table's battle in %s: "), display);
      if (error != NULL && *error != NULL)
        {
          (*error)->domain = ADM_TABLE_CLIENT_ERROR;
          (*error)->code = ADM_TABLE_CLIENT_ERROR_STORE;
        }
      return FALSE;
    }
  return TRUE;
}

/* The object */

static void
set_state (AdmTableClient      *self,
           AdmTableClientState  state,
           const char          *message)
{
  gboolean message_changed = g_strcmp0 (self->message, message) != 0;
  gboolean state_changed = self->state != state;

  /* Both set before either is notified: a handler reads the one with the other. */
  if (message_changed)
    {
      g_free (self->message);
      self->message = g_strdup (message);
    }
  self->state = state;
  if (message_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MESSAGE]);
  if (state_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WAITING]);
}

/* The next try's wait given up. The wait is on the client's own context, which need not be
 * the default one g_source_remove () looks in. */
static void
cancel_retry (AdmTableClient *self)
{
  if (self->retry == NULL)
    return;
  g_source_destroy (self->retry);
  g_clear_pointer (&self->retry, g_source_unref);
}

static void
adm_table_client_dispose (GObject *object)
{
  AdmTableClient *self = ADM_TABLE_CLIENT (object);

  g_cancellable_cancel (self->cancellable);
  cancel_retry (self);
  g_clear_signal_handler (&self->changed_id, self->battle);
  g_clear_object (&self->battle);
  g_clear_pointer (&self->lock, adm_file_lock_unref);
  g_clear_object (&self->session);
  G_OBJECT_CLASS (adm_table_client_parent_class)->dispose (object);
}

static void
adm_table_client_finalize (GObject *object)
{
  AdmTableClient *self = ADM_TABLE_CLIENT (object);

  g_free (self->link);
  g_free (self->base);
  g_free (self->fingerprint);
  g_free (self->seen);
  g_free (self->where);
  g_free (self->table_name);
  g_free (self->campaign_name);
  g_free (self->engagement);
  g_free (self->assignment);
  g_free (self->battle_path);
  g_free (self->key_path);
  g_free (self->end_reason);
  g_free (self->refused);
  g_free (self->dice_commitment);
  g_clear_pointer (&self->mixes, g_ptr_array_unref);
  g_free (self->message);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->context, g_main_context_unref);
  g_clear_error (&self->error);
  G_OBJECT_CLASS (adm_table_client_parent_class)->finalize (object);
}

static void
adm_table_client_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  AdmTableClient *self = ADM_TABLE_CLIENT (object);

  switch (prop_id)
    {
    case PROP_STATE:
      g_value_set_enum (value, self->state);
      break;
    case PROP_WAITING:
      g_value_set_uint (value, adm_table_client_get_waiting (self));
      break;
    case PROP_MESSAGE:
      g_value_set_string (value, self->message);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
adm_table_client_class_init (AdmTableClientClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = adm_table_client_dispose;
  object_class->finalize = adm_table_client_finalize;
  object_class->get_property = adm_table_client_get_property;

  properties[PROP_STATE] =
    g_param_spec_enum ("state", NULL, NULL, ADM_TYPE_TABLE_CLIENT_STATE, ADM_TABLE_CLIENT_IDLE,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_WAITING] =
    g_param_spec_uint ("waiting", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_MESSAGE] =
    g_param_spec_string ("message", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
adm_table_client_init (AdmTableClient *self)
{
  self->mixes = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_dice_phase_mix_free);
  self->cancellable = g_cancellable_new ();
  self->backoff_ms = RETRY_FIRST_MS;
}

/* The room's network, never a proxy: the chief's laptop is on it. No certificate authority
 * either: with no database every certificate fails its check, and the one whose fingerprint
 * the link carries is accepted, whatever its names and dates (accept_certificate_cb ()). */
static SoupSession *
new_session (GInetSocketAddress *local)
{
  SoupSession *session = soup_session_new_with_options ("timeout", TIMEOUT_S,
                                                        "idle-timeout", TIMEOUT_S,
                                                        "proxy-resolver", NULL,
                                                        "local-address", local, NULL);

  soup_session_set_tls_database (session, NULL);
  return session;
}

AdmTableClient *
adm_table_client_new (const char  *link,
                      GError     **error)
{
  g_autoptr(AdmTableClient) self = NULL;
  g_autofree char *normal = NULL;
  g_autoptr(GUri) uri = NULL;

  g_return_val_if_fail (link != NULL, NULL);

  if (!adm_table_link_parse (link, &normal, error))
    return NULL;
  self = g_object_new (ADM_TYPE_TABLE_CLIENT, NULL);
  self->link = g_steal_pointer (&normal);
  uri = g_uri_parse (self->link, G_URI_FLAGS_NONE, NULL);
  self->where = g_uri_get_port (uri) > 0
                  ? g_strdup_printf ("%s:%d", g_uri_get_host (uri), g_uri_get_port (uri))
                  : g_strdup (g_uri_get_host (uri));
  self->fingerprint = g_strdup (g_uri_get_fragment (uri) + strlen ("sha256="));
  self->base = g_strndup (self->link, strcspn (self->link, "#"));
  self->session = new_session (NULL);
  self->context = g_main_context_ref_thread_default ();
  return g_steal_pointer (&self);
}

void
adm_table_client_set_local_address (AdmTableClient *self,
                                    GInetAddress   *address)
{
  g_autoptr(GSocketAddress) local = NULL;

  g_return_if_fail (ADM_IS_TABLE_CLIENT (self));
  g_return_if_fail (G_IS_INET_ADDRESS (address));
  g_return_if_fail (self->battle == NULL && !self->in_flight);

  local = g_inet_socket_address_new (address, 0);
  g_clear_object (&self->session);
  self->session = new_session (G_INET_SOCKET_ADDRESS (local));
}

const char *
adm_table_client_get_link (AdmTableClient *self)
{
  g_return_val_if_fail (ADM_IS_TABLE_CLIENT (self), NULL);
  return self->link;
}

const char *
adm_table_client_get_table_name (AdmTableClient *self)
{
  g_return_val_if_fail (ADM_IS_TABLE_CLIENT (self), NULL);
  return self->table_name;
}

const char *
adm_table_client_get_campaign_name (AdmTableClient *self)
{
  g_return_val_if_fail (ADM_IS_TABLE_CLIENT (self), NULL);
  return self->campaign_name;
}

/* HTTP */

/* The chief's server shows its certificate: the one the link names, or the connection is
 * refused before anything is sent — the key in the path included. */
static gboolean
accept_certificate_cb (SoupMessage          *msg,
                       GTlsCertificate      *certificate,
                       GTlsCertificateFlags  errors,
                       AdmTableClient       *self)
{
  g_autofree char *seen = adm_table_certificate_fingerprint (certificate);

  if (g_str_equal (seen, self->fingerprint))
    return TRUE;
  g_free (self->seen);
  self->seen = g_steal_pointer (&seen);
  return FALSE;
}

static SoupMessage *
new_message (AdmTableClient *self,
             const char     *method,
             const char     *engagement_id,
             const char     *tail,
             GBytes         *body)
{
  g_autofree char *uri = engagement_id == NULL
                           ? g_strdup (self->base)
                           : g_strconcat (self->base, "engagements/", engagement_id, "/", tail,
                                          NULL);
  SoupMessage *msg = soup_message_new (method, uri);

  g_signal_connect (msg, "accept-certificate", G_CALLBACK (accept_certificate_cb), self);
  if (body != NULL)
    soup_message_set_request_body_from_bytes (msg, "application/xml", body);
  return msg;
}

/* A POST to @engagement_id's @tail carrying what @builder (its object ended) holds, as JSON.
 * The message keeps its own reference of the body. */
static SoupMessage *
json_post (AdmTableClient *self,
           const char     *engagement_id,
           const char     *tail,
           JsonBuilder    *builder)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = json_builder_get_root (builder);
  g_autoptr(GBytes) body = NULL;
  SoupMessage *msg;
  gsize length;
  char *text;

  json_generator_set_root (generator, root);
  text = json_generator_to_data (generator, &length);
  body = g_bytes_new_take (text, length);
  msg = new_message (self, "POST", engagement_id, tail, NULL);
  soup_message_set_request_body_from_bytes (msg, "application/json", body);
  return msg;
}

/* The beginning of @fingerprint in groups of four digits, as far as the group where it first
 * differs from @other and at least four groups, "…" after when it goes on: the two shown
 * side by side differ visibly ("3f1c 9a0b 77de 0a1b 5c3e…", "3f1c 9a0b 77de 0a1b 8812…"). */
static char *
fingerprint_beginning (const char *fingerprint,
                       const char *other)
{
  g_autoptr(GString) shown = g_string_new (NULL);
  gsize length = strlen (fingerprint), same = 0, upto;

  while (same < length && fingerprint[same] == other[same])
    same++;
  upto = MIN (MAX ((gsize) 16, (same / 4 + 1) * 4), length);
  for (gsize i = 0; i < upto; i++)
    {
      if (i > 0 && i % 4 == 0)
        g_string_append_c (shown, ' ');
      g_string_append_c (shown, fingerprint[i]);
    }
  if (upto < length)
    g_string_append (shown, "…");
  return g_string_free (g_steal_pointer (&shown), FALSE);
}

static void
certificate_error (AdmTableClient  *self,
                   const char      *seen,
                   GError         **error)
{
  g_autofree char *theirs = seen != NULL ? fingerprint_beginning (seen, self->fingerprint)
                                         : g_strdup ("—");
  g_autofree char *ours = fingerprint_beginning (self->fingerprint, seen != NULL ? seen : "");

  /* Translators: the fingerprints are 64 hexadecimal digits in groups of four; only their
   * beginnings are shown, as far as where they differ ("3f1c 9a0b 77de 0a1b…") */
  g_set_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_CERTIFICATE,
               _("The computer answering at %s is not the chief master's Admiralty of this "
                 "link: its certificate's fingerprint begins %s, the link's %s. Someone "
                 "on the network may be pretending to be the chief; nothing was sent to it. If "
                 "the chief master made a new certificate, copy the table's link again."),
               self->where, theirs, ours);
}

static void
network_error (AdmTableClient  *self,
               const GError    *cause,
               GError         **error)
{
  if (cause->domain == G_TLS_ERROR && self->seen != NULL)
    {
      g_autofree char *seen = g_steal_pointer (&self->seen);

      certificate_error (self, seen, error);
      return;
    }
  /* No handshake: the portal closed the connection at once, as it does one more than an
   * address's share of its connections, or the other end does not speak TLS. Both read so
   * to the table; it cannot tell them apart. */
  if (g_error_matches (cause, G_TLS_ERROR, G_TLS_ERROR_NOT_TLS))
    {
      g_set_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_UNREACHABLE,
                   _("The chief master's Admiralty at %s closed the connection before "
                     "encryption began: it may already hold as many connections from this "
                     "computer as it takes, or it is older than this one, or another program "
                     "listens there"), self->where);
      return;
    }
  /* Translators: "Cannot reach the chief master's Admiralty at 10.0.0.2:8080: Connection
   * refused" */
  g_set_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_UNREACHABLE,
               _("Cannot reach the chief master's Admiralty at %s: %s"), self->where,
               cause->message);
}

/* Whatever libsoup decided, an answer counts only from the certificate the link names. */
static gboolean
check_peer (AdmTableClient  *self,
            SoupMessage     *msg,
            GError         **error)
{
  GTlsCertificate *certificate = soup_message_get_tls_peer_certificate (msg);
  g_autofree char *seen = certificate != NULL ? adm_table_certificate_fingerprint (certificate)
                                              : NULL;

  if (seen != NULL && g_str_equal (seen, self->fingerprint))
    return TRUE;
  certificate_error (self, seen, error);
  return FALSE;
}

/* What an answer's status says, for answers other than 200 and 409. */
static void
status_error (AdmTableClient  *self,
              guint            status,
              const char      *engagement_id,
              GError         **error)
{
  if (status == SOUP_STATUS_NOT_FOUND && engagement_id != NULL)
    g_set_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_NOT_FOUND,
                 _("The chief master's Admiralty at %s does not give engagement %s to this "
                   "link: it is not at this table, or the link was revoked"), self->where,
                 engagement_id);
  else if (status == SOUP_STATUS_NOT_FOUND)
    g_set_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_NOT_FOUND,
                 _("The chief master's Admiralty at %s does not know this join link: it was "
                   "revoked, or it is not a table's"), self->where);
  else if (status == SOUP_STATUS_REQUEST_ENTITY_TOO_LARGE)
    g_set_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_REFUSED,
                 _("The chief master's Admiralty at %s refused the battle: it is larger than "
                   "it takes"), self->where);
  /* 429 Too Many Requests: the portal's rate limit. */
  else if (status == 429 || SOUP_STATUS_IS_SERVER_ERROR (status))
    g_set_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_UNREACHABLE,
                 _("The chief master's Admiralty at %s is busy (HTTP %u)"), self->where, status);
  else
    g_set_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_REPLY,
                 _("The chief master's Admiralty at %s gave an answer a table does not expect "
                   "(HTTP %u)"), self->where, status);
}

static gboolean
too_long (AdmTableClient  *self,
          GError         **error)
{
  g_set_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_REPLY,
               _("The answer of %s is longer than a table takes"), self->where);
  return FALSE;
}

/* A request answered, its body read whole up to @limit bytes. */
static GBytes *
request_sync (AdmTableClient  *self,
              SoupMessage     *msg,
              gsize            limit,
              GCancellable    *cancellable,
              GError         **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GInputStream) stream = soup_session_send (self->session, msg, cancellable,
                                                      &local_error);
  g_autoptr(GByteArray) body = g_byte_array_new ();
  guint8 chunk[READ_CHUNK];
  gssize n;

  if (stream == NULL)
    {
      network_error (self, local_error, error);
      return NULL;
    }
  if (!check_peer (self, msg, error))
    return NULL;
  while ((n = g_input_stream_read (stream, chunk, sizeof chunk, cancellable, &local_error)) > 0)
    {
      if (body->len + (gsize) n > limit)
        {
          too_long (self, error);
          return NULL;
        }
      g_byte_array_append (body, chunk, (guint) n);
    }
  if (n < 0)
    {
      network_error (self, local_error, error);
      return NULL;
    }
  return g_byte_array_free_to_bytes (g_steal_pointer (&body));
}

typedef struct {
  SoupMessage  *msg;
  GInputStream *stream;
  GByteArray   *body;
  gsize         limit;
} Request;

static void
request_free (Request *request)
{
  g_clear_object (&request->msg);
  g_clear_object (&request->stream);
  g_clear_pointer (&request->body, g_byte_array_unref);
  g_free (request);
}

static void read_cb (GObject *source, GAsyncResult *result, gpointer data);

static void
read_next (GTask *task)
{
  Request *request = g_task_get_task_data (task);

  g_input_stream_read_bytes_async (request->stream, READ_CHUNK, G_PRIORITY_DEFAULT,
                                   g_task_get_cancellable (task), read_cb, task);
}

static void
read_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      data)
{
  g_autoptr(GTask) task = data;
  AdmTableClient *self = g_task_get_source_object (task);
  Request *request = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = g_input_stream_read_bytes_finish (G_INPUT_STREAM (source), result,
                                                              &error);
  GError *failure = NULL;

  if (bytes == NULL)
    {
      network_error (self, error, &failure);
      g_task_return_error (task, failure);
      return;
    }
  if (g_bytes_get_size (bytes) == 0)
    {
      g_task_return_pointer (task, g_byte_array_free_to_bytes (g_steal_pointer (&request->body)),
                             (GDestroyNotify) g_bytes_unref);
      return;
    }
  if (request->body->len + g_bytes_get_size (bytes) > request->limit)
    {
      too_long (self, &failure);
      g_task_return_error (task, failure);
      return;
    }
  g_byte_array_append (request->body, g_bytes_get_data (bytes, NULL),
                       (guint) g_bytes_get_size (bytes));
  read_next (g_steal_pointer (&task));
}

static void
send_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      data)
{
  g_autoptr(GTask) task = data;
  AdmTableClient *self = g_task_get_source_object (task);
  Request *request = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  GError *failure = NULL;

  request->stream = soup_session_send_finish (SOUP_SESSION (source), result, &error);
  if (request->stream == NULL)
    {
      network_error (self, error, &failure);
      g_task_return_error (task, failure);
      return;
    }
  if (!check_peer (self, request->msg, &failure))
    {
      g_task_return_error (task, failure);
      return;
    }
  read_next (g_steal_pointer (&task));
}

/* The async form of request_sync (): the task's result is the body (GBytes); the message's
 * status is read from request_get_message (). */
static void
request_async (AdmTableClient      *self,
               SoupMessage         *msg,
               gsize                limit,
               GCancellable        *cancellable,
               GAsyncReadyCallback  callback,
               gpointer             user_data)
{
  GTask *task = g_task_new (self, cancellable, callback, user_data);
  Request *request = g_new0 (Request, 1);

  request->msg = g_object_ref (msg);
  request->body = g_byte_array_new ();
  request->limit = limit;
  g_task_set_task_data (task, request, (GDestroyNotify) request_free);
  soup_session_send_async (self->session, msg, G_PRIORITY_DEFAULT, cancellable, send_cb, task);
}

static SoupMessage *
request_get_message (GAsyncResult *result)
{
  return ((Request *) g_task_get_task_data (G_TASK (result)))->msg;
}

/* JSON */

static JsonObject *
parse_object (AdmTableClient  *self,
              GBytes          *body,
              GError         **error)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  gsize length = 0;
  const char *data = g_bytes_get_data (body, &length);
  JsonNode *root;

  /* An empty answer has no data at all. */
  if (data == NULL || length == 0 ||
      !json_parser_load_from_data (parser, data, (gssize) length, NULL) ||
      (root = json_parser_get_root (parser)) == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      g_set_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_REPLY,
                   _("The answer of %s is not what a table expects (no JSON object)"),
                   self->where);
      return NULL;
    }
  return json_object_ref (json_node_get_object (root));
}

static const char *
member_string (JsonObject *object,
               const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

static gboolean
member_int (JsonObject *object,
            const char *name,
            gint64      max,
            gint64     *out)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL || json_node_get_value_type (node) != G_TYPE_INT64)
    return FALSE;
  *out = json_node_get_int (node);
  return *out >= 0 && *out <= max;
}

static gboolean
member_bool (JsonObject *object,
             const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  return node != NULL && json_node_get_value_type (node) == G_TYPE_BOOLEAN &&
         json_node_get_boolean (node);
}

static gboolean
bad_answer (AdmTableClient  *self,
            const char      *what,
            GError         **error)
{
  g_set_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_REPLY,
               _("The answer of %s is not what a table expects (%s)"), self->where, what);
  return FALSE;
}

static const char *
member_text (JsonObject *object,
             const char *name)
{
  const char *text = member_string (object, name);

  return text != NULL && g_utf8_validate (text, -1, NULL) ? text : NULL;
}

static AdmTableEngagement *
read_engagement (JsonObject *object)
{
  g_autoptr(AdmTableEngagement) engagement = g_new0 (AdmTableEngagement, 1);
  const char *last = member_string (object, "last");
  gint64 n = 0;

  engagement->id = g_strdup (member_string (object, "id"));
  engagement->assignment = g_strdup (member_string (object, "assignment"));
  if (!safe_name (engagement->id) || !safe_name (engagement->assignment))
    return NULL;
  engagement->place = g_strdup (member_string (object, "place"));
  engagement->status = g_strdup (member_string (object, "status"));
  engagement->phase = g_strdup (member_string (object, "phase"));
  if (member_int (object, "turn", G_MAXINT, &n))
    engagement->turn = (int) n;
  if (member_int (object, "kept", G_MAXUINT, &n))
    engagement->kept = (guint) n;
  if (is_hash (last))
    memcpy (engagement->last, last, 65);
  engagement->ended = member_bool (object, "ended");
  engagement->placements = adm_table_placements_read (json_object_get_member (object,
                                                                         "placements"),
                                                      engagement->place);
  return g_steal_pointer (&engagement);
}

static GPtrArray *
read_listing (AdmTableClient  *self,
              SoupMessage     *msg,
              GBytes          *body,
              GError         **error)
{
  g_autoptr(JsonObject) root = NULL;
  g_autoptr(GPtrArray) list = NULL;
  JsonNode *engagements;
  JsonArray *array;

  if (soup_message_get_status (msg) != SOUP_STATUS_OK)
    {
      status_error (self, soup_message_get_status (msg), NULL, error);
      return NULL;
    }
  root = parse_object (self, body, error);
  if (root == NULL)
    return NULL;
  engagements = json_object_get_member (root, "engagements");
  if (member_string (root, "table") == NULL || engagements == NULL ||
      !JSON_NODE_HOLDS_ARRAY (engagements))
    {
      bad_answer (self, _("no table and engagements"), error);
      return NULL;
    }
  g_free (self->table_name);
  self->table_name = g_strdup (member_string (root, "table"));
  g_free (self->campaign_name);
  self->campaign_name = g_strdup (member_string (root, "campaign"));
  array = json_node_get_array (engagements);
  list = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_table_engagement_free);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *node = json_array_get_element (array, i);
      AdmTableEngagement *engagement = JSON_NODE_HOLDS_OBJECT (node)
                                         ? read_engagement (json_node_get_object (node)) : NULL;

      if (engagement == NULL)
        {
          bad_answer (self, _("an engagement without a proper id or assignment"), error);
          return NULL;
        }
      g_ptr_array_add (list, engagement);
    }
  return g_steal_pointer (&list);
}

GPtrArray *
adm_table_client_list_sync (AdmTableClient  *self,
                            GCancellable    *cancellable,
                            GError         **error)
{
  g_autoptr(SoupMessage) msg = NULL;
  g_autoptr(GBytes) body = NULL;

  g_return_val_if_fail (ADM_IS_TABLE_CLIENT (self), NULL);

  msg = new_message (self, "GET", NULL, NULL, NULL);
  body = request_sync (self, msg, MAX_ANSWER, cancellable, error);
  if (body == NULL)
    return NULL;
  return read_listing (self, msg, body, error);
}

static void
list_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      data)
{
  g_autoptr(GTask) task = data;
  AdmTableClient *self = ADM_TABLE_CLIENT (source);
  GError *error = NULL;
  g_autoptr(GBytes) body = g_task_propagate_pointer (G_TASK (result), &error);
  GPtrArray *list;

  if (body == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  list = read_listing (self, request_get_message (result), body, &error);
  if (list == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, list, (GDestroyNotify) g_ptr_array_unref);
}

void
adm_table_client_list_async (AdmTableClient      *self,
                             GCancellable        *cancellable,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data)
{
  g_autoptr(SoupMessage) msg = NULL;
  GTask *task;

  g_return_if_fail (ADM_IS_TABLE_CLIENT (self));

  task = g_task_new (self, cancellable, callback, user_data);
  msg = new_message (self, "GET", NULL, NULL, NULL);
  request_async (self, msg, MAX_ANSWER, cancellable, list_cb, task);
}

GPtrArray *
adm_table_client_list_finish (AdmTableClient  *self,
                              GAsyncResult    *result,
                              GError         **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

static gboolean
check_engagement_id (const char  *engagement_id,
                     GError     **error)
{
  if (safe_name (engagement_id))
    return TRUE;
  g_set_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_NOT_FOUND,
               _("“%s” is not an engagement's id (an id reads like c1-3)"), engagement_id);
  return FALSE;
}

static GBytes *
read_battle (AdmTableClient  *self,
             SoupMessage     *msg,
             const char      *engagement_id,
             GBytes          *body,
             GError         **error)
{
  if (soup_message_get_status (msg) != SOUP_STATUS_OK)
    {
      status_error (self, soup_message_get_status (msg), engagement_id, error);
      return NULL;
    }
  return g_bytes_ref (body);
}

GBytes *
adm_table_client_fetch_battle_sync (AdmTableClient  *self,
                                    const char      *engagement_id,
                                    GCancellable    *cancellable,
                                    GError         **error)
{
  g_autoptr(SoupMessage) msg = NULL;
  g_autoptr(GBytes) body = NULL;

  g_return_val_if_fail (ADM_IS_TABLE_CLIENT (self), NULL);

  if (!check_engagement_id (engagement_id, error))
    return NULL;
  msg = new_message (self, "GET", engagement_id, "battle", NULL);
  body = request_sync (self, msg, MAX_BATTLE, cancellable, error);
  if (body == NULL)
    return NULL;
  return read_battle (self, msg, engagement_id, body, error);
}

static void
fetch_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      data)
{
  g_autoptr(GTask) task = data;
  AdmTableClient *self = ADM_TABLE_CLIENT (source);
  GError *error = NULL;
  g_autoptr(GBytes) body = g_task_propagate_pointer (G_TASK (result), &error);
  GBytes *battle;

  if (body == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  battle = read_battle (self, request_get_message (result), g_task_get_task_data (task), body,
                        &error);
  if (battle == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, battle, (GDestroyNotify) g_bytes_unref);
}

void
adm_table_client_fetch_battle_async (AdmTableClient      *self,
                                     const char          *engagement_id,
                                     GCancellable        *cancellable,
                                     GAsyncReadyCallback  callback,
                                     gpointer             user_data)
{
  g_autoptr(SoupMessage) msg = NULL;
  GError *error = NULL;
  GTask *task;

  g_return_if_fail (ADM_IS_TABLE_CLIENT (self));

  task = g_task_new (self, cancellable, callback, user_data);
  if (!check_engagement_id (engagement_id, &error))
    {
      g_task_return_error (task, error);
      g_object_unref (task);
      return;
    }
  g_task_set_task_data (task, g_strdup (engagement_id), g_free);
  msg = new_message (self, "GET", engagement_id, "battle", NULL);
  request_async (self, msg, MAX_BATTLE, cancellable, fetch_cb, task);
}

GBytes *
adm_table_client_fetch_battle_finish (AdmTableClient  *self,
                                      GAsyncResult    *result,
                                      GError         **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

/* The sending */

static guint
n_entries (AdmTableClient *self)
{
  return adm_journal_get_n_entries (adm_battle_get_log (self->battle));
}

guint
adm_table_client_get_waiting (AdmTableClient *self)
{
  guint n;

  g_return_val_if_fail (ADM_IS_TABLE_CLIENT (self), 0);

  if (self->battle == NULL)
    return 0;
  n = n_entries (self);
  return (n > self->kept ? n - self->kept : 0) + (self->end_reason != NULL && !self->ended);
}

static void send_next (AdmTableClient *self);

static gboolean
retry_cb (gpointer data)
{
  AdmTableClient *self = data;

  g_clear_pointer (&self->retry, g_source_unref);
  send_next (self);
  return G_SOURCE_REMOVE;
}

static void
schedule_retry (AdmTableClient *self)
{
  self->retry = g_timeout_source_new (self->backoff_ms);
  self->backoff_ms = MIN (self->backoff_ms * 2, RETRY_MAX_MS);
  g_source_set_callback (self->retry, retry_cb, self, NULL);
  g_source_attach (self->retry, self->context);
}

/* A failure: kept for adm_table_client_flush (); the state and message say it. */
static void
fail (AdmTableClient      *self,
      AdmTableClientState  state,
      GError              *error)
{
  g_clear_error (&self->error);
  self->error = error;
  set_state (self, state, error->message);
}

/* The chief's receipt, checked against this battle: TRUE when it is one of this battle's
 * entries (kept no more than it has, and of the same history). */
static gboolean
take_receipt (AdmTableClient  *self,
              JsonObject      *root,
              guint           *kept,
              GError         **error)
{
  const char *last = member_string (root, "last");
  char ours[65];
  gint64 n = 0;

  if (!member_int (root, "kept", G_MAXUINT, &n) || !is_hash (last))
    return bad_answer (self, _("no receipt"), error);
  if ((guint) n > n_entries (self))
    {
      g_set_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_REFUSED,
                   _("The chief master holds %u entries of this battle, this computer %u: "
                     "this is an older copy of the table's battle"), (guint) n, n_entries (self));
      return FALSE;
    }
  adm_table_battle_entry_hash (self->battle, (guint) n, ours);
  if (!g_str_equal (ours, last))
    {
      g_set_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_REFUSED,
                   _("The chief master's battle went another way by entry %u: it is not this "
                     "computer's battle"), (guint) n);
      return FALSE;
    }
  *kept = (guint) n;
  return TRUE;
}

static void
acknowledged (AdmTableClient *self,
              guint           kept,
              gboolean        ended)
{
  g_autoptr(GError) error = NULL;

  self->kept = kept;
  adm_table_battle_entry_hash (self->battle, kept, self->last);
  self->ended = ended;
  if (!save_keys (self, &error))
    g_warning ("%s", error->message);
}

static void answered_oddly (AdmTableClient *self,
                            GError         *error);
static void retry_reading (AdmTableClient *self,
                           GError         *shown);

/* A 409: taken back (for good: the one answer that stops a table), out of step (sent again
 * from where the chief stands), or any other refusal, which the table master reads while the
 * entries are sent again after a while (retry_reading ()): the chief's words say what to
 * undo, and what is played after that goes with the next try. */
static void
take_refusal (AdmTableClient *self,
              JsonObject     *root)
{
  const char *code = member_string (root, "code");
  const char *message = member_string (root, "error");
  GError *error = NULL;
  guint kept = 0;

  if (message == NULL || code == NULL)
    {
      bad_answer (self, _("a refusal without its message"), &error);
      answered_oddly (self, error);
      return;
    }
  if (g_str_equal (code, "taken-back"))
    {
      self->backoff_ms = RETRY_FIRST_MS;
      g_free (self->refused);
      self->refused = g_strdup (message);
      acknowledged (self, self->kept, self->ended);
      fail (self, ADM_TABLE_CLIENT_REFUSED,
            g_error_new_literal (ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_TAKEN_BACK,
                                 message));
      return;
    }
  /* Out of step: the chief holds another count of this same battle; sent again from there.
   * A receipt that would send the same message again is a refusal. */
  if (g_str_equal (code, "out-of-step") && take_receipt (self, root, &kept, &error) &&
      kept + 1 != self->sent_from)
    {
      self->backoff_ms = RETRY_FIRST_MS;
      self->odd = FALSE;
      acknowledged (self, kept, member_bool (root, "ended"));
      send_next (self);
      return;
    }
  g_clear_error (&error);
  /* The chief's own refusal, in his words ("refused", "malformed"): not an odd answer. */
  if (g_str_equal (code, "refused") || g_str_equal (code, "malformed"))
    {
      retry_reading (self, g_error_new (ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_REFUSED,
                                        /* Translators: %s is the chief's refusal in his
                                         * words ("Entry 12 is not the roll the chief
                                         * committed to") */
                                        _("The chief master refused the entries (undo what "
                                          "he names; what is played then is sent again): "
                                          "%s"),
                                        message));
      return;
    }
  answered_oddly (self, g_error_new_literal (ADM_TABLE_CLIENT_ERROR,
                                             ADM_TABLE_CLIENT_ERROR_REFUSED, message));
}

/* An answer the protocol has not (an empty body, no receipt, a status it does not use: a
 * chief killed while answering, a proxy in the way): only the chief's explicit take-back
 * stops a table, so the entries wait and are sent again after a while, and the table master
 * reads that the chief answered oddly. Takes @error. */
static void
answered_oddly (AdmTableClient *self,
                GError         *error)
{
  GError *retrying = g_error_new (ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_REPLY,
                                  /* Translators: %s is what was odd ("The answer of
                                   * 10.0.0.2:8080 is not what a table expects (no JSON
                                   * object)") */
                                  _("The chief answered oddly, retrying: %s"), error->message);

  g_error_free (error);
  retry_reading (self, retrying);
}

/* The entries wait and are sent again after a while, the table master reading @shown (the
 * chief's refusal, or his odd answer) until the chief keeps them. Takes @shown. */
static void
retry_reading (AdmTableClient *self,
               GError         *shown)
{
  self->odd = TRUE;
  fail (self, ADM_TABLE_CLIENT_WAITING, shown);
  schedule_retry (self);
}

static void
post_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      data)
{
  AdmTableClient *self;
  GError *error = NULL;
  g_autoptr(GBytes) body = g_task_propagate_pointer (G_TASK (result), &error);
  g_autoptr(JsonObject) root = NULL;
  SoupMessage *msg = request_get_message (result);
  guint status = soup_message_get_status (msg);
  guint kept = 0;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_error_free (error);
      return;
    }
  self = ADM_TABLE_CLIENT (source);
  self->in_flight = FALSE;
  if (body == NULL || (status != SOUP_STATUS_OK && status != SOUP_STATUS_CONFLICT))
    {
      if (error == NULL)
        status_error (self, status, self->engagement, &error);
      /* The network, a busy server, a chief who does not give this engagement to this link
       * now (restarted without his tables yet, or the link revoked: he says which by taking
       * the battle back), or a server in between showing another certificate (nothing was
       * sent to it): tried again after a while. */
      if (error->code == ADM_TABLE_CLIENT_ERROR_UNREACHABLE ||
          error->code == ADM_TABLE_CLIENT_ERROR_NOT_FOUND ||
          error->code == ADM_TABLE_CLIENT_ERROR_CERTIFICATE)
        {
          self->odd = FALSE;
          fail (self, ADM_TABLE_CLIENT_WAITING, error);
          schedule_retry (self);
        }
      else
        answered_oddly (self, error);
      return;
    }
  root = parse_object (self, body, &error);
  if (root != NULL && status == SOUP_STATUS_CONFLICT)
    {
      take_refusal (self, root);
      return;
    }
  if (root == NULL || !take_receipt (self, root, &kept, &error))
    {
      answered_oddly (self, error);
      return;
    }
  /* A receipt that keeps nothing of what was sent would send it for ever: asked again only
   * after a while. */
  if (kept + 1 == self->sent_from && kept < n_entries (self))
    {
      bad_answer (self, _("a receipt that keeps none of the entries sent"), &error);
      answered_oddly (self, error);
      return;
    }
  self->backoff_ms = RETRY_FIRST_MS;
  self->odd = FALSE;
  acknowledged (self, kept, member_bool (root, "ended"));
  send_next (self);
}

/* Sends the entries from kept+1 (and the ending), unless a message is on its way — its
 * answer sends what came since — or a retry is due. */
static void
send_next (AdmTableClient *self)
{
  g_autoptr(SoupMessage) msg = NULL;
  g_autoptr(GBytes) body = NULL;
  g_autofree char *data = NULL;
  gsize length = 0;

  if (self->battle == NULL || self->refused != NULL || self->in_flight || self->retry != NULL ||
      (self->state == ADM_TABLE_CLIENT_REFUSED))
    return;
  if (adm_table_client_get_waiting (self) == 0)
    {
      g_clear_error (&self->error);
      set_state (self, ADM_TABLE_CLIENT_ALL_SENT, NULL);
      return;
    }
  self->sent_from = MIN (self->kept, n_entries (self)) + 1;
  data = adm_table_battle_message_with_dice (self->battle, self->engagement, self->assignment,
                                             self->sent_from, self->end_reason, self->mixes,
                                             &length);
  body = g_bytes_new_take (g_steal_pointer (&data), length);
  msg = new_message (self, "POST", self->engagement, "entries", body);
  /* A message sent twice keeps nothing twice (its from and prev): libsoup may send it on the
   * connection kept from the last one, where a POST would otherwise open a new connection and
   * its TLS handshake every time. */
  soup_message_add_flags (msg, SOUP_MESSAGE_IDEMPOTENT);
  self->in_flight = TRUE;
  if (self->state != ADM_TABLE_CLIENT_WAITING)
    set_state (self, ADM_TABLE_CLIENT_SENDING, NULL);
  g_main_context_push_thread_default (self->context);
  request_async (self, msg, MAX_ANSWER, self->cancellable, post_cb, NULL);
  g_main_context_pop_thread_default (self->context);
}

/* The battle recorded an entry (a phase resolved, an undo, a redo) and saved itself: the key
 * file follows, and the entry goes to the chief. */
static void
battle_changed_cb (AdmBattle      *battle,
                   AdmTableClient *self)
{
  g_autoptr(GError) error = NULL;

  if (!save_keys (self, &error))
    g_warning ("%s", error->message);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WAITING]);
  send_next (self);
}

/* Opening a battle */

static AdmBattle *
open_kept (AdmTableClient  *self,
           const char      *path,
           GKeyFile        *keys,
           GError         **error)
{
  g_autoptr(GError) local_error = NULL;
  AdmBattle *battle = adm_battle_load_game (path, &local_error);
  g_autofree char *given = NULL;
  guint64 kept = 0;

  if (battle == NULL)
    {
      g_autofree char *backup = adm_battle_find_backup (path);
      g_autofree char *backup_display = backup != NULL ? g_filename_display_name (backup) : NULL;

      if (backup != NULL)
        g_set_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_STORE,
                     _("%s\nThe newest backup that opens is %s."), local_error->message,
                     backup_display);
      else
        g_set_error_literal (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_STORE,
                             local_error->message);
      return NULL;
    }
  kept = g_key_file_get_uint64 (keys, GROUP, "kept", NULL);
  self->kept = (guint) MIN (kept, adm_journal_get_n_entries (adm_battle_get_log (battle)));
  self->ended = g_key_file_get_boolean (keys, GROUP, "ended", NULL);
  self->end_reason = g_key_file_get_string (keys, GROUP, "end-reason", NULL);
  self->refused = g_key_file_get_string (keys, GROUP, "refused", NULL);
  self->dice_commitment = g_key_file_get_string (keys, GROUP, "dice-commitment", NULL);
  self->dice_from_chief = self->dice_commitment != NULL &&
                          g_key_file_get_boolean (keys, GROUP, "dice-from-chief", NULL);
  self->program_only = self->dice_from_chief &&
                       g_key_file_get_boolean (keys, GROUP, "program-dice-only", NULL);
  given = g_key_file_get_string (keys, GROUP, "dice-given", NULL);
  if (given != NULL)
    {
      g_autofree char *engagement = g_key_file_get_string (keys, GROUP, "engagement", NULL);
      g_autoptr(GPtrArray) mixes = adm_dice_mixes_from_text (engagement != NULL ? engagement
                                                                                : "",
                                                             given, &local_error);

      if (mixes == NULL)
        {
          g_autofree char *display = g_filename_display_name (path);

          g_set_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_STORE,
                       "%s: %s", display, local_error->message);
          g_clear_object (&battle);
          return NULL;
        }
      g_ptr_array_unref (self->mixes);
      self->mixes = g_steal_pointer (&mixes);
    }
  if (self->table_name == NULL)
    self->table_name = g_key_file_get_string (keys, GROUP, "table", NULL);
  if (self->campaign_name == NULL)
    self->campaign_name = g_key_file_get_string (keys, GROUP, "campaign", NULL);
  return battle;
}

/* Whether the battle kept at @path has no entry yet: its set-up only. */
static gboolean
battle_unplayed (const char *path)
{
  g_autoptr(AdmBattle) battle = adm_battle_load_game (path, NULL);

  return battle != NULL && adm_journal_get_n_entries (adm_battle_get_log (battle)) == 0;
}

AdmBattle *
adm_table_client_open_battle (AdmTableClient            *self,
                              const char                *engagement_id,
                              const AdmTableEngagement  *listed,
                              GBytes                    *fetched,
                              GError                   **error)
{
  g_autofree char *folder = adm_table_client_folder ();
  g_autofree char *assignment = NULL, *battle_path = NULL, *key_path = NULL, *name = NULL;
  g_autoptr(GKeyFile) keys = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(AdmFileLock) lock = NULL;
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (ADM_IS_TABLE_CLIENT (self), NULL);
  g_return_val_if_fail (self->battle == NULL, NULL);
  g_return_val_if_fail (engagement_id != NULL, NULL);

  if (!check_engagement_id (engagement_id, error))
    return NULL;
  if (listed != NULL)
    assignment = g_strdup (listed->assignment);
  else
    {
      g_autoptr(GPtrArray) list = adm_table_client_list_kept (self->link);
      gint64 newest = G_MININT64;

      /* The chief unreachable: the battle this computer kept last for this engagement. */
      for (guint i = 0; i < list->len; i++)
        {
          AdmTableKept *kept = g_ptr_array_index (list, i);
          GStatBuf buf;

          if (g_str_equal (kept->engagement, engagement_id) &&
              g_stat (kept->battle_path, &buf) == 0 && (gint64) buf.st_mtime >= newest)
            {
              newest = buf.st_mtime;
              g_free (assignment);
              assignment = g_strdup (kept->assignment);
            }
        }
    }
  if (assignment == NULL)
    {
      g_set_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_NOT_FOUND,
                   _("No battle of engagement %s is kept on this computer for this link"),
                   engagement_id);
      return NULL;
    }
  if (g_mkdir_with_parents (folder, 0700) != 0)
    {
      g_autofree char *display = g_filename_display_name (folder);

      g_set_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_STORE,
                   _("Cannot make the folder %s: %s"), display, g_strerror (errno));
      return NULL;
    }
  name = g_strconcat (assignment, ".battle", NULL);
  battle_path = g_build_filename (folder, name, NULL);
  g_free (name);
  name = g_strconcat (assignment, ".table", NULL);
  key_path = g_build_filename (folder, name, NULL);
  /* One writer per battle: a second program fighting it here is refused. */
  lock = adm_file_lock (battle_path, &local_error);
  if (lock == NULL)
    {
      g_set_error_literal (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_STORE,
                           local_error->message);
      return NULL;
    }
  keys = g_file_test (battle_path, G_FILE_TEST_EXISTS) ? read_key_file (key_path) : NULL;
  if (keys != NULL)
    battle = open_kept (self, battle_path, keys, error);
  else if (fetched != NULL)
    {
      gsize length = 0;
      const char *data = g_bytes_get_data (fetched, &length);
      g_autofree char *display = g_strdup_printf (_("engagement %s from %s"), engagement_id,
                                                  self->where);
      g_autofree char *text = NULL;
      guint8 secret[ADM_DICE_SECRET_LENGTH];
      gboolean has_secret = FALSE, typed_dice = TRUE;

      /* The set-up carries the secret of the battle's program dice, which the chief committed
       * to; it is kept in the master's private folder, never in the battle's file. */
      text = adm_table_setup_read (data, length, display, secret, &has_secret, &typed_dice,
                                   &local_error);
      if (text != NULL)
        battle = adm_battle_load_game_memory (text, strlen (text), display, &local_error);
      if (battle != NULL && has_secret)
        {
          if (!adm_dice_secret_store (secret, &local_error))
            g_clear_object (&battle);
          else
            {
              g_free (self->dice_commitment);
              self->dice_commitment = adm_dice_commitment_of (secret);
              self->dice_from_chief = TRUE;
              self->program_only = !typed_dice;
            }
        }
      memset (secret, 0, sizeof secret);
      if (battle == NULL)
        {
      g_set_error_literal (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_STORE,
                           local_error->message);
      return NULL;
    }
      /* What the chief hands over is what he keeps: all of it is acknowledged. */
      self->kept = adm_journal_get_n_entries (adm_battle_get_log (battle));
      if (!adm_battle_save (battle, battle_path, &local_error))
        {
      g_set_error_literal (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_STORE,
                           local_error->message);
      return NULL;
    }
    }
  else
    g_set_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_NOT_FOUND,
                 _("No battle of engagement %s is kept on this computer for this link"),
                 engagement_id);
  if (battle == NULL)
    return NULL;
  /* The chief's listing says what he holds: of this same battle, it is where the sending
   * starts (he may have kept a message whose answer a table killed never read). */
  if (listed != NULL && is_hash (listed->last) &&
      listed->kept <= adm_journal_get_n_entries (adm_battle_get_log (battle)))
    {
      char ours[65];

      adm_table_battle_entry_hash (battle, listed->kept, ours);
      if (g_str_equal (ours, listed->last))
        {
          self->kept = listed->kept;
          self->ended = listed->ended;
        }
    }
  self->battle = g_object_ref (battle);
  self->lock = g_steal_pointer (&lock);
  self->engagement = g_strdup (engagement_id);
  self->assignment = g_steal_pointer (&assignment);
  self->battle_path = g_steal_pointer (&battle_path);
  self->key_path = g_steal_pointer (&key_path);
  adm_table_battle_entry_hash (battle, self->kept, self->last);
  if (!save_keys (self, error))
    {
      g_clear_object (&self->battle);
      return NULL;
    }
  adm_battle_set_autosave_path (battle, self->battle_path);
  self->changed_id = g_signal_connect (battle, "changed", G_CALLBACK (battle_changed_cb), self);
  if (self->refused != NULL)
    fail (self, ADM_TABLE_CLIENT_REFUSED,
          g_error_new_literal (ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_TAKEN_BACK,
                               self->refused));
  else
    send_next (self);
  return g_steal_pointer (&battle);
}

/* The files a battle of @assignment is kept in here. */
static void
kept_paths (const char  *assignment,
            char       **battle_path,
            char       **key_path)
{
  g_autofree char *folder = adm_table_client_folder ();
  g_autofree char *battle_name = g_strconcat (assignment, ".battle", NULL);
  g_autofree char *key_name = g_strconcat (assignment, ".table", NULL);

  *battle_path = g_build_filename (folder, battle_name, NULL);
  *key_path = g_build_filename (folder, key_name, NULL);
}

/* F-STRAT-15: placed before the first phase. A battle begun here, or one the chief keeps a
 * phase of, is fought as it was set up. */
static gboolean
check_unplayed (const AdmTableEngagement  *listed,
                GError                   **error)
{
  g_autofree char *battle_path = NULL, *key_path = NULL;

  kept_paths (listed->assignment, &battle_path, &key_path);
  if (listed->kept == 0 &&
      (!g_file_test (battle_path, G_FILE_TEST_EXISTS) || battle_unplayed (battle_path)))
    return TRUE;
  g_set_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_REFUSED,
               _("The battle of engagement %s has begun at this table: its placements stay "
                 "as they were set up; placements are chosen before the first phase."),
               listed->id);
  return FALSE;
}

/* The request of the placements step: {"assignment": ID, "placements": {FORMATION:
 * PLACEMENT, …}, "roll-again": BOOL}. */
static SoupMessage *
place_message (AdmTableClient           *self,
               const AdmTableEngagement *listed,
               GHashTable               *overrides,
               gboolean                  roll_again)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  GHashTableIter iter;
  gpointer formation, placement;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "assignment");
  json_builder_add_string_value (builder, listed->assignment);
  json_builder_set_member_name (builder, "placements");
  json_builder_begin_object (builder);
  if (overrides != NULL)
    {
      g_hash_table_iter_init (&iter, overrides);
      while (g_hash_table_iter_next (&iter, &formation, &placement))
        {
          json_builder_set_member_name (builder, formation);
          json_builder_add_string_value (builder, placement);
        }
    }
  json_builder_end_object (builder);
  json_builder_set_member_name (builder, "roll-again");
  json_builder_add_boolean_value (builder, roll_again);
  json_builder_end_object (builder);
  return json_post (self, listed->id, "placements", builder);
}

/* The app's drafts of a kept battle's next orders and dice, ASSIGNMENT.draft.xml and
 * ASSIGNMENT.dice.draft beside it (admiralty-battle-page.c). */
static const char *const DRAFT_SUFFIXES[] = { ".draft.xml", ".dice.draft" };

/* The chief's answer to the placements: taken (the set-up kept here unplayed is not the one
 * handed out any more, so it is let go and the battle fetched anew when it is opened), or
 * refused in his words. */
static gboolean
place_answered (AdmTableClient           *self,
                const AdmTableEngagement *listed,
                SoupMessage              *msg,
                GBytes                   *body,
                GError                  **error)
{
  g_autofree char *battle_path = NULL, *key_path = NULL;

  if (soup_message_get_status (msg) == SOUP_STATUS_CONFLICT)
    {
      g_autoptr(JsonObject) answer = parse_object (self, body, error);
      const char *refusal;

      if (answer == NULL)
        return FALSE;
      refusal = member_text (answer, "error");
      g_set_error_literal (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_REFUSED,
                           refusal != NULL ? refusal : _("The chief refused the placements"));
      return FALSE;
    }
  if (soup_message_get_status (msg) != SOUP_STATUS_OK)
    {
      status_error (self, soup_message_get_status (msg), listed->id, error);
      return FALSE;
    }
  kept_paths (listed->assignment, &battle_path, &key_path);
  g_remove (battle_path);
  g_remove (key_path);
  /* The orders and dice the app drafted beside it were for the set-up let go. */
  for (guint i = 0; i < G_N_ELEMENTS (DRAFT_SUFFIXES); i++)
    {
      g_autofree char *folder = adm_table_client_folder ();
      g_autofree char *name = g_strconcat (listed->assignment, DRAFT_SUFFIXES[i], NULL);
      g_autofree char *draft = g_build_filename (folder, name, NULL);

      g_remove (draft);
    }
  return TRUE;
}

gboolean
adm_table_client_place_sync (AdmTableClient  *self,
                             const char      *engagement_id,
                             GHashTable      *overrides,
                             gboolean         roll_again,
                             GCancellable    *cancellable,
                             GError         **error)
{
  g_autoptr(GPtrArray) list = NULL;
  g_autoptr(SoupMessage) msg = NULL;
  g_autoptr(GBytes) body = NULL;
  const AdmTableEngagement *listed = NULL;

  g_return_val_if_fail (ADM_IS_TABLE_CLIENT (self), FALSE);
  g_return_val_if_fail (self->battle == NULL, FALSE);

  if (!check_engagement_id (engagement_id, error))
    return FALSE;
  list = adm_table_client_list_sync (self, cancellable, error);
  if (list == NULL)
    return FALSE;
  for (guint i = 0; i < list->len; i++)
    if (g_str_equal (((AdmTableEngagement *) g_ptr_array_index (list, i))->id, engagement_id))
      listed = g_ptr_array_index (list, i);
  if (listed == NULL)
    {
      g_set_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_NOT_FOUND,
                   _("Engagement %s is not at the table “%s”"), engagement_id,
                   self->table_name);
      return FALSE;
    }
  if (!check_unplayed (listed, error))
    return FALSE;
  msg = place_message (self, listed, overrides, roll_again);
  body = request_sync (self, msg, MAX_ANSWER, cancellable, error);
  if (body == NULL)
    return FALSE;
  return place_answered (self, listed, msg, body, error);
}

typedef struct {
  char *id;
  char *assignment;
} Placing;

static void
placing_free (Placing *placing)
{
  g_free (placing->id);
  g_free (placing->assignment);
  g_free (placing);
}

static void
place_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      data)
{
  g_autoptr(GTask) task = data;
  AdmTableClient *self = ADM_TABLE_CLIENT (source);
  Placing *placing = g_task_get_task_data (task);
  AdmTableEngagement listed = { .id = placing->id, .assignment = placing->assignment };
  GError *error = NULL;
  g_autoptr(GBytes) body = g_task_propagate_pointer (G_TASK (result), &error);

  if (body == NULL || !place_answered (self, &listed, request_get_message (result), body,
                                       &error))
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

void
adm_table_client_place_async (AdmTableClient           *self,
                              const AdmTableEngagement *listed,
                              GHashTable               *overrides,
                              gboolean                  roll_again,
                              GCancellable             *cancellable,
                              GAsyncReadyCallback       callback,
                              gpointer                  user_data)
{
  g_autoptr(SoupMessage) msg = NULL;
  GTask *task;
  Placing *placing;
  GError *error = NULL;

  g_return_if_fail (ADM_IS_TABLE_CLIENT (self));
  g_return_if_fail (listed != NULL);

  task = g_task_new (self, cancellable, callback, user_data);
  if (!check_engagement_id (listed->id, &error) || !safe_name (listed->assignment) ||
      !check_unplayed (listed, &error))
    {
      if (error == NULL)
        g_set_error (&error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_NOT_FOUND,
                     _("Engagement %s is not at the table “%s”"), listed->id,
                     self->table_name);
      g_task_return_error (task, error);
      g_object_unref (task);
      return;
    }
  placing = g_new0 (Placing, 1);
  placing->id = g_strdup (listed->id);
  placing->assignment = g_strdup (listed->assignment);
  g_task_set_task_data (task, placing, (GDestroyNotify) placing_free);
  msg = place_message (self, listed, overrides, roll_again);
  request_async (self, msg, MAX_ANSWER, cancellable, place_cb, task);
}

gboolean
adm_table_client_place_finish (AdmTableClient  *self,
                               GAsyncResult    *result,
                               GError         **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
preview_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      data)
{
  g_autoptr(GTask) task = data;
  AdmTableClient *self = ADM_TABLE_CLIENT (source);
  const char *engagement_id = g_task_get_task_data (task);
  GError *error = NULL;
  g_autoptr(GBytes) fetched = adm_table_client_fetch_battle_finish (self, result, &error);
  g_autofree char *display = NULL, *text = NULL;
  guint8 secret[ADM_DICE_SECRET_LENGTH];
  gboolean has_secret = FALSE, typed_dice = TRUE;
  AdmBattle *battle = NULL;
  gsize length = 0;
  const char *bytes;

  if (fetched == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  bytes = g_bytes_get_data (fetched, &length);
  display = g_strdup_printf (_("engagement %s from %s"), engagement_id, self->where);
  /* Only looked at: the secret of its dice is not kept, nor is anything else. */
  text = adm_table_setup_read (bytes, length, display, secret, &has_secret, &typed_dice, &error);
  memset (secret, 0, sizeof secret);
  if (text != NULL)
    battle = adm_battle_load_game_memory (text, strlen (text), display, &error);
  if (battle == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, battle, g_object_unref);
}

void
adm_table_client_preview_async (AdmTableClient      *self,
                                const char          *engagement_id,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  GTask *task;

  g_return_if_fail (ADM_IS_TABLE_CLIENT (self));
  g_return_if_fail (engagement_id != NULL);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_task_data (task, g_strdup (engagement_id), g_free);
  adm_table_client_fetch_battle_async (self, engagement_id, cancellable, preview_cb, task);
}

AdmBattle *
adm_table_client_preview_finish (AdmTableClient  *self,
                                 GAsyncResult    *result,
                                 GError         **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

/* What the listing @list (or @list_error, its failure) leaves of opening @engagement_id: the
 * battle kept here, opened; or an error; or, NULL with *@fetch_for set, the chief's battle to
 * fetch first. */
static AdmBattle *
open_from_listing (AdmTableClient            *self,
                   const char                *engagement_id,
                   GPtrArray                 *list,
                   GError                    *list_error,
                   const AdmTableEngagement **fetch_for,
                   GError                   **error)
{
  g_autoptr(GError) local_error = NULL;
  const AdmTableEngagement *listed = NULL;
  AdmBattle *battle;

  *fetch_for = NULL;
  /* The chief unreachable, or answering what the protocol has not (an empty answer, a page
   * of a proxy in the way): the battle kept here, if there is one, its entries waiting — and
   * for an odd answer the table master reads it, as when the chief answers its entries so,
   * and they are sent again after a while. */
  if (list == NULL)
    {
      gboolean odd = g_error_matches (list_error, ADM_TABLE_CLIENT_ERROR,
                                      ADM_TABLE_CLIENT_ERROR_REPLY);

      if (!odd && !g_error_matches (list_error, ADM_TABLE_CLIENT_ERROR,
                                    ADM_TABLE_CLIENT_ERROR_UNREACHABLE))
        {
          g_propagate_error (error, g_error_copy (list_error));
          return NULL;
        }
      battle = adm_table_client_open_battle (self, engagement_id, NULL, NULL, &local_error);
      if (battle != NULL && odd)
        {
          cancel_retry (self);
          answered_oddly (self, g_error_copy (list_error));
        }
      if (battle == NULL &&
          g_error_matches (local_error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_NOT_FOUND))
        {
          /* Translators: "Cannot reach …: Connection refused; no battle of engagement c1-3 is
           * kept on this computer yet" */
          g_set_error (error, ADM_TABLE_CLIENT_ERROR, list_error->code,
                       _("%s; no battle of engagement %s is kept on this computer yet"),
                       list_error->message, engagement_id);
          return NULL;
        }
      if (battle == NULL)
        g_propagate_error (error, g_steal_pointer (&local_error));
      return battle;
    }
  for (guint i = 0; i < list->len; i++)
    if (g_str_equal (((AdmTableEngagement *) g_ptr_array_index (list, i))->id, engagement_id))
      listed = g_ptr_array_index (list, i);
  /* No longer at this table (taken back): what was kept here still opens, and its sending
   * says why. */
  battle = adm_table_client_open_battle (self, engagement_id, listed, NULL, &local_error);
  if (battle != NULL ||
      !g_error_matches (local_error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_NOT_FOUND))
    {
      if (battle == NULL)
        g_propagate_error (error, g_steal_pointer (&local_error));
      return battle;
    }
  if (listed == NULL)
    {
      g_set_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_NOT_FOUND,
                   _("Engagement %s is not at the table “%s”"), engagement_id,
                   self->table_name);
      return NULL;
    }
  *fetch_for = listed;
  return NULL;
}

AdmBattle *
adm_table_client_open_battle_sync (AdmTableClient  *self,
                                   const char      *engagement_id,
                                   gboolean        *reachable,
                                   GCancellable    *cancellable,
                                   GError         **error)
{
  g_autoptr(GError) list_error = NULL;
  g_autoptr(GPtrArray) list = NULL;
  g_autoptr(GBytes) fetched = NULL;
  const AdmTableEngagement *listed = NULL;
  AdmBattle *battle;

  g_return_val_if_fail (ADM_IS_TABLE_CLIENT (self), NULL);

  if (!check_engagement_id (engagement_id, error))
    return NULL;
  list = adm_table_client_list_sync (self, cancellable, &list_error);
  if (reachable != NULL)
    *reachable = list != NULL;
  battle = open_from_listing (self, engagement_id, list, list_error, &listed, error);
  if (battle != NULL || listed == NULL)
    return battle;
  fetched = adm_table_client_fetch_battle_sync (self, engagement_id, cancellable, error);
  if (fetched == NULL)
    return NULL;
  return adm_table_client_open_battle (self, engagement_id, listed, fetched, error);
}

typedef struct {
  char                     *engagement_id;
  GPtrArray                *list;
  const AdmTableEngagement *listed;   /* in @list */
} Opening;

static void
opening_free (Opening *opening)
{
  g_free (opening->engagement_id);
  g_clear_pointer (&opening->list, g_ptr_array_unref);
  g_free (opening);
}

static void
open_fetched_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      data)
{
  g_autoptr(GTask) task = data;
  AdmTableClient *self = ADM_TABLE_CLIENT (source);
  Opening *opening = g_task_get_task_data (task);
  GError *error = NULL;
  g_autoptr(GBytes) fetched = adm_table_client_fetch_battle_finish (self, result, &error);
  AdmBattle *battle = fetched != NULL
                        ? adm_table_client_open_battle (self, opening->engagement_id,
                                                        opening->listed, fetched, &error)
                        : NULL;

  if (battle == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, battle, g_object_unref);
}

static void
open_listed_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      data)
{
  g_autoptr(GTask) task = data;
  AdmTableClient *self = ADM_TABLE_CLIENT (source);
  Opening *opening = g_task_get_task_data (task);
  g_autoptr(GError) list_error = NULL;
  GError *error = NULL;
  AdmBattle *battle;

  opening->list = adm_table_client_list_finish (self, result, &list_error);
  battle = open_from_listing (self, opening->engagement_id, opening->list, list_error,
                              &opening->listed, &error);
  if (battle != NULL)
    g_task_return_pointer (task, battle, g_object_unref);
  else if (opening->listed == NULL)
    g_task_return_error (task, error);
  else
    {
      GCancellable *cancellable = g_task_get_cancellable (task);

      adm_table_client_fetch_battle_async (self, opening->engagement_id, cancellable,
                                           open_fetched_cb, g_steal_pointer (&task));
    }
}

void
adm_table_client_open_battle_async (AdmTableClient      *self,
                                    const char          *engagement_id,
                                    GCancellable        *cancellable,
                                    GAsyncReadyCallback  callback,
                                    gpointer             user_data)
{
  GTask *task;
  Opening *opening;
  GError *error = NULL;

  g_return_if_fail (ADM_IS_TABLE_CLIENT (self));

  task = g_task_new (self, cancellable, callback, user_data);
  if (!check_engagement_id (engagement_id, &error))
    {
      g_task_return_error (task, error);
      g_object_unref (task);
      return;
    }
  opening = g_new0 (Opening, 1);
  opening->engagement_id = g_strdup (engagement_id);
  g_task_set_task_data (task, opening, (GDestroyNotify) opening_free);
  adm_table_client_list_async (self, cancellable, open_listed_cb, task);
}

AdmBattle *
adm_table_client_open_battle_finish (AdmTableClient  *self,
                                     GAsyncResult    *result,
                                     GError         **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

AdmBattle *
adm_table_client_get_battle (AdmTableClient *self)
{
  g_return_val_if_fail (ADM_IS_TABLE_CLIENT (self), NULL);
  return self->battle;
}

const char *
adm_table_client_get_engagement (AdmTableClient *self)
{
  g_return_val_if_fail (ADM_IS_TABLE_CLIENT (self), NULL);
  return self->engagement;
}

const char *
adm_table_client_get_assignment (AdmTableClient *self)
{
  g_return_val_if_fail (ADM_IS_TABLE_CLIENT (self), NULL);
  return self->assignment;
}

AdmDiceSource *
adm_table_client_dice_source (AdmTableClient  *self,
                              const guint64   *seed,
                              char           **commitment,
                              GError         **error)
{
  guint8 secret[ADM_DICE_SECRET_LENGTH];
  g_autoptr(AdmDiceCommit) dice = NULL;

  g_return_val_if_fail (ADM_IS_TABLE_CLIENT (self), NULL);
  g_return_val_if_fail (self->battle != NULL, NULL);

  if (self->dice_from_chief)
    {
      /* The chief committed to the secret his set-up carried: the rolls are his to check. */
      if (seed != NULL)
        {
          g_set_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_REFUSED,
                       _("The chief master committed to the program dice of engagement %s: "
                         "they are drawn from his secret, not from a seed"), self->engagement);
          return NULL;
        }
      if (!adm_dice_secret_lookup (self->dice_commitment, secret))
        {
          g_autofree char *path = adm_dice_secret_path (self->dice_commitment);
          g_autofree char *display = g_filename_display_name (path);

          g_set_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_STORE,
                       _("The secret of the program dice the chief master handed out for "
                         "engagement %s is no longer in %s: roll real dice, or ask him to take "
                         "the engagement back and hand it out again"), self->engagement,
                       display);
          return NULL;
        }
    }
  else if (seed != NULL)
    adm_dice_secret_from_seed (*seed, secret);
  else if (self->dice_commitment == NULL ||
           !adm_dice_secret_lookup (self->dice_commitment, secret))
    {
      /* The first program dice of this battle here: a secret of its own, kept privately. */
      if (!adm_dice_secret_new_random (secret, error) || !adm_dice_secret_store (secret, error))
        return NULL;
      g_free (self->dice_commitment);
      self->dice_commitment = adm_dice_commitment_of (secret);
      if (!save_keys (self, error))
        return NULL;
    }
  dice = adm_dice_commit_new (secret, self->engagement,
                              adm_battle_get_rolls (self->battle)->len + 1);
  /* The sides' dice given here, as the chief mixes them when he checks the rolls. */
  adm_dice_commit_add_mixes (dice, self->mixes);
  if (commitment != NULL)
    *commitment = g_strdup (adm_dice_commit_get_commitment (dice));
  return ADM_DICE_SOURCE (g_steal_pointer (&dice));
}

/* Whether the chief takes @reason as a battle's ending (adm_table_battle_peek ()): plain
 * text of at most ADM_TABLE_BATTLE_MAX_REASON characters. An ending the chief refuses would
 * leave the table's battle ended and unsent for good. */
static gboolean
end_reason_valid (const char  *reason,
                  GError     **error)
{
  glong length;

  if (!g_utf8_validate (reason, -1, NULL))
    {
      g_set_error_literal (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_REFUSED,
                           _("The reason for ending the battle is not text: write it again"));
      return FALSE;
    }
  for (const char *p = reason; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7f)
        {
          g_set_error_literal (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_REFUSED,
                               _("The reason for ending the battle holds a control character: "
                                 "write it as plain text"));
          return FALSE;
        }
    }
  length = g_utf8_strlen (reason, -1);
  if (length > ADM_TABLE_BATTLE_MAX_REASON)
    {
      g_set_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_REFUSED,
                   _("The reason for ending the battle is %ld characters long; it may have at "
                     "most %d: say it in a sentence"), length, ADM_TABLE_BATTLE_MAX_REASON);
      return FALSE;
    }
  return TRUE;
}

gboolean
adm_table_client_end_battle (AdmTableClient  *self,
                             const char      *reason,
                             GError         **error)
{
  g_return_val_if_fail (ADM_IS_TABLE_CLIENT (self), FALSE);
  g_return_val_if_fail (self->battle != NULL, FALSE);
  g_return_val_if_fail (reason != NULL, FALSE);

  if (self->refused != NULL)
    {
      g_set_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_TAKEN_BACK,
                   _("The chief master took engagement %s back: %s"), self->engagement,
                   self->refused);
      return FALSE;
    }
  if (self->end_reason != NULL)
    {
      g_set_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_ENDED,
                   _("The battle of engagement %s was ended at this table: %s"),
                   self->engagement, self->end_reason);
      return FALSE;
    }
  if (!end_reason_valid (reason, error))
    return FALSE;
  self->end_reason = g_strdup (reason);
  if (!save_keys (self, error))
    {
      g_clear_pointer (&self->end_reason, g_free);
      return FALSE;
    }
  send_next (self);
  return TRUE;
}

gboolean
adm_table_client_give_dice (AdmTableClient  *self,
                            const char      *side,
                            const char      *dice,
                            gboolean         by_master,
                            GError         **error)
{
  g_autoptr(GPtrArray) before = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *text = NULL;

  g_return_val_if_fail (ADM_IS_TABLE_CLIENT (self), FALSE);
  g_return_val_if_fail (self->battle != NULL, FALSE);
  g_return_val_if_fail (side != NULL && dice != NULL, FALSE);

  if (self->refused != NULL || self->end_reason != NULL)
    {
      g_set_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_ENDED,
                   _("The battle of engagement %s is no longer fought at this table: no dice "
                     "are given to it"), self->engagement);
      return FALSE;
    }
  /* Kept as it was when the key file cannot be written: nothing given half. */
  text = adm_dice_mixes_to_text (self->mixes);
  before = adm_dice_mixes_from_text (self->engagement, text, NULL);
  if (!adm_dice_mixes_give (self->mixes, self->engagement, self->battle, side, dice, by_master,
                            &local_error))
    {
      g_set_error_literal (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_REFUSED,
                           local_error->message);
      return FALSE;
    }
  if (!save_keys (self, error))
    {
      g_ptr_array_unref (self->mixes);
      self->mixes = g_steal_pointer (&before);
      return FALSE;
    }
  return TRUE;
}

/* The ask of the phase's dice (POST …/dice): where the battle stands, the digest of the
 * declarations locked, and the dice typed here. */
static SoupMessage *
dice_ask_message (AdmTableClient *self,
                  const char     *declarations)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autofree char *typed = adm_dice_mixes_to_text (self->mixes);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "assignment");
  json_builder_add_string_value (builder, self->assignment);
  json_builder_set_member_name (builder, "from");
  json_builder_add_int_value (builder, adm_battle_get_rolls (self->battle)->len + 1);
  json_builder_set_member_name (builder, "turn");
  json_builder_add_int_value (builder, adm_battle_get_turn (self->battle));
  json_builder_set_member_name (builder, "phase");
  json_builder_add_string_value (builder, adm_phase_to_string (adm_battle_get_phase (self->battle)));
  json_builder_set_member_name (builder, "declarations");
  json_builder_add_string_value (builder, declarations);
  if (typed != NULL)
    {
      json_builder_set_member_name (builder, "dice");
      json_builder_add_string_value (builder, typed);
    }
  json_builder_end_object (builder);
  return json_post (self, self->engagement, "dice", builder);
}

/* The ask refused before anything is sent: the battle is no longer fought here. */
static gboolean
dice_ask_ended (AdmTableClient  *self,
                GError         **error)
{
  if (self->refused == NULL && self->end_reason == NULL)
    return FALSE;
  g_set_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_ENDED,
               _("The battle of engagement %s is no longer fought at this table: no dice "
                 "are given to it"), self->engagement);
  return TRUE;
}

/* The sides whose phone committed to a tap not shown yet, from the answer's "tapped": side
 * ids of the battle alone, each once. */
static GStrv
read_tapped (AdmTableClient *self,
             JsonObject     *answer)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_autoptr(GPtrArray) seen = g_ptr_array_new ();
  JsonNode *node = json_object_get_member (answer, "tapped");
  JsonArray *array = node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node)
                                                                   : NULL;

  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      const char *side = JSON_NODE_HOLDS_VALUE (element) &&
                         json_node_get_value_type (element) == G_TYPE_STRING
                         ? json_node_get_string (element) : NULL;
      gboolean found = FALSE;

      for (guint s = 0; side != NULL && s < adm_battle_get_n_sides (self->battle); s++)
        found = found || g_str_equal (adm_battle_get_side (self->battle, s)->id, side);
      if (found && !g_ptr_array_find_with_equal_func (seen, side, g_str_equal, NULL))
        {
          g_ptr_array_add (seen, (gpointer) side);
          g_strv_builder_add (builder, side);
        }
    }
  return g_strv_builder_end (builder);
}

/* The chief's answer to the ask of the phase's dice: what he holds of it kept beside the
 * battle, *@complete once every side has given, *@tapped (may be NULL) the sides whose phone
 * committed to a tap he has not shown yet. */
static gboolean
take_dice_answer (AdmTableClient  *self,
                  SoupMessage     *msg,
                  GBytes          *body,
                  gboolean        *complete,
                  GStrv           *tapped,
                  GError         **error)
{
  g_autoptr(JsonObject) answer = NULL;
  g_autoptr(GPtrArray) held = NULL, before = NULL, sides = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *text = NULL;
  const char *given;

  *complete = FALSE;
  if ((answer = parse_object (self, body, error)) == NULL)
    return FALSE;
  if (soup_message_get_status (msg) == SOUP_STATUS_CONFLICT)
    {
      const char *refusal = member_text (answer, "error");

      g_set_error_literal (error, ADM_TABLE_CLIENT_ERROR,
                           g_strcmp0 (member_text (answer, "code"), "taken-back") == 0
                             ? ADM_TABLE_CLIENT_ERROR_TAKEN_BACK : ADM_TABLE_CLIENT_ERROR_REFUSED,
                           refusal != NULL ? refusal
                                           : _("The chief refused the ask of the sides’ dice"));
      return FALSE;
    }
  if (soup_message_get_status (msg) != SOUP_STATUS_OK)
    {
      status_error (self, soup_message_get_status (msg), self->engagement, error);
      return FALSE;
    }
  given = member_text (answer, "given");
  held = adm_dice_mixes_from_text (self->engagement, given, &local_error);
  if (held == NULL)
    {
      g_set_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_REPLY,
                   _("The chief master's Admiralty at %s answered the ask of the sides’ dice "
                     "with something else than their dice: %s"), self->where,
                   local_error->message);
      return FALSE;
    }
  /* Kept as it was when the key file cannot be written: nothing taken half. */
  text = adm_dice_mixes_to_text (self->mixes);
  before = adm_dice_mixes_from_text (self->engagement, text, NULL);
  if (!adm_dice_mixes_merge (self->mixes, self->engagement, held, &local_error))
    {
      g_set_error_literal (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_REFUSED,
                           local_error->message);
      return FALSE;
    }
  if (!save_keys (self, error))
    {
      g_ptr_array_unref (self->mixes);
      self->mixes = g_steal_pointer (&before);
      return FALSE;
    }
  sides = adm_dice_mixes_sides_to_give (self->mixes, self->battle);
  *complete = sides->len == 0;
  if (tapped != NULL)
    *tapped = read_tapped (self, answer);
  return TRUE;
}

gboolean
adm_table_client_ask_dice_sync (AdmTableClient       *self,
                                const AdmTurnOrders  *orders,
                                gboolean             *complete,
                                GCancellable         *cancellable,
                                GError              **error)
{
  g_autoptr(SoupMessage) msg = NULL;
  g_autoptr(GBytes) body = NULL;
  g_autofree char *declarations = NULL;

  g_return_val_if_fail (ADM_IS_TABLE_CLIENT (self), FALSE);
  g_return_val_if_fail (self->battle != NULL && complete != NULL, FALSE);

  *complete = FALSE;
  if (dice_ask_ended (self, error))
    return FALSE;
  declarations = adm_battle_declarations_digest (self->battle, orders);
  msg = dice_ask_message (self, declarations);
  body = request_sync (self, msg, MAX_ANSWER, cancellable, error);
  return body != NULL && take_dice_answer (self, msg, body, complete, NULL, error);
}

typedef struct {
  gboolean  complete;
  GStrv     tapped;
} DiceAnswer;

static void
dice_answer_free (DiceAnswer *answer)
{
  g_strfreev (answer->tapped);
  g_free (answer);
}

static void
ask_dice_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      data)
{
  g_autoptr(GTask) task = data;
  AdmTableClient *self = ADM_TABLE_CLIENT (source);
  g_autoptr(GBytes) body = NULL;
  DiceAnswer *answer = g_new0 (DiceAnswer, 1);
  GError *error = NULL;

  body = g_task_propagate_pointer (G_TASK (result), &error);
  /* The battle closed meanwhile: nothing to keep the answer beside. */
  if (body != NULL && self->battle == NULL)
    error = g_error_new (ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_ENDED,
                         _("The battle of engagement %s is no longer fought at this table: no "
                           "dice are given to it"), self->engagement);
  if (body == NULL || error != NULL ||
      !take_dice_answer (self, request_get_message (result), body, &answer->complete,
                         &answer->tapped, &error))
    {
      dice_answer_free (answer);
      g_task_return_error (task, error);
      return;
    }
  g_task_return_pointer (task, answer, (GDestroyNotify) dice_answer_free);
}

void
adm_table_client_ask_dice_async (AdmTableClient       *self,
                                 const char           *declarations,
                                 GCancellable         *cancellable,
                                 GAsyncReadyCallback   callback,
                                 gpointer              user_data)
{
  g_autoptr(SoupMessage) msg = NULL;
  GError *error = NULL;
  GTask *task;

  g_return_if_fail (ADM_IS_TABLE_CLIENT (self));
  g_return_if_fail (self->battle != NULL && declarations != NULL);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, adm_table_client_ask_dice_async);
  if (dice_ask_ended (self, &error))
    {
      g_task_return_error (task, error);
      g_object_unref (task);
      return;
    }
  msg = dice_ask_message (self, declarations);
  request_async (self, msg, MAX_ANSWER, cancellable, ask_dice_cb, task);
}

gboolean
adm_table_client_ask_dice_finish (AdmTableClient  *self,
                                  GAsyncResult    *result,
                                  gboolean        *complete,
                                  GStrv           *tapped,
                                  GError         **error)
{
  g_autoptr(GError) local_error = NULL;
  DiceAnswer *answer;

  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (complete != NULL, FALSE);

  *complete = FALSE;
  if (tapped != NULL)
    *tapped = NULL;
  answer = g_task_propagate_pointer (G_TASK (result), &local_error);
  if (answer == NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  *complete = answer->complete;
  if (tapped != NULL)
    *tapped = g_steal_pointer (&answer->tapped);
  dice_answer_free (answer);
  return TRUE;
}

GPtrArray *
adm_table_client_get_dice_given (AdmTableClient *self)
{
  g_return_val_if_fail (ADM_IS_TABLE_CLIENT (self), NULL);
  return self->mixes;
}

const char *
adm_table_client_get_end_reason (AdmTableClient *self)
{
  g_return_val_if_fail (ADM_IS_TABLE_CLIENT (self), NULL);
  return self->end_reason;
}

char *
adm_table_client_export (AdmTableClient *self,
                         gsize          *length)
{
  g_return_val_if_fail (ADM_IS_TABLE_CLIENT (self), NULL);
  g_return_val_if_fail (self->battle != NULL, NULL);

  return adm_table_battle_message_with_dice (self->battle, self->engagement, self->assignment,
                                             1, self->end_reason, self->mixes, length);
}

AdmTableClientState
adm_table_client_get_state (AdmTableClient *self)
{
  g_return_val_if_fail (ADM_IS_TABLE_CLIENT (self), ADM_TABLE_CLIENT_IDLE);
  return self->state;
}

guint
adm_table_client_get_kept (AdmTableClient *self)
{
  g_return_val_if_fail (ADM_IS_TABLE_CLIENT (self), 0);
  return self->kept;
}

const char *
adm_table_client_get_message (AdmTableClient *self)
{
  g_return_val_if_fail (ADM_IS_TABLE_CLIENT (self), NULL);
  return self->message;
}

static gboolean
deadline_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

gboolean
adm_table_client_get_program_only (AdmTableClient *self)
{
  g_return_val_if_fail (ADM_IS_TABLE_CLIENT (self), FALSE);
  return self->program_only;
}

gboolean
adm_table_client_get_answered_oddly (AdmTableClient *self)
{
  g_return_val_if_fail (ADM_IS_TABLE_CLIENT (self), FALSE);
  return self->odd && self->state == ADM_TABLE_CLIENT_WAITING;
}

gboolean
adm_table_client_flush (AdmTableClient  *self,
                        guint            timeout_ms,
                        GError         **error)
{
  g_autoptr(GSource) deadline = NULL;
  gboolean late = FALSE;

  g_return_val_if_fail (ADM_IS_TABLE_CLIENT (self), FALSE);
  g_return_val_if_fail (self->battle != NULL, FALSE);

  /* Now, not after the retry's wait. */
  if (self->retry != NULL)
    {
      cancel_retry (self);
      send_next (self);
    }
  deadline = g_timeout_source_new (timeout_ms);
  g_source_set_callback (deadline, deadline_cb, &late, NULL);
  g_source_attach (deadline, self->context);
  while (!late && (self->state == ADM_TABLE_CLIENT_SENDING ||
                   self->state == ADM_TABLE_CLIENT_WAITING))
    g_main_context_iteration (self->context, TRUE);
  g_source_destroy (deadline);
  if (self->state == ADM_TABLE_CLIENT_ALL_SENT)
    return TRUE;
  if (self->state == ADM_TABLE_CLIENT_REFUSED && self->error != NULL)
    {
      g_propagate_error (error, g_error_copy (self->error));
      return FALSE;
    }
  g_set_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_UNREACHABLE,
               g_dngettext (GETTEXT_PACKAGE,
                            "%s. %u entry waits on this computer and goes when the chief "
                            "master can be reached.",
                            "%s. %u entries wait on this computer and go when the chief "
                            "master can be reached.", adm_table_client_get_waiting (self)),
               self->message != NULL ? self->message : _("The chief master did not answer"),
               adm_table_client_get_waiting (self));
  return FALSE;
}
