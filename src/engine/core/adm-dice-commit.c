/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-dice-commit.c: program dice drawn from a committed secret (adm-dice-commit.h,
 * docs/dice.md). */

#include "config.h"

#include <errno.h>
#include <string.h>
#include <sys/random.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "adm-dice-commit.h"
#include "adm-file.h"

/* An HMAC-SHA256 block is 32 bytes: four words of 64 bits. */
#define WORDS_PER_BLOCK 4

struct _AdmDiceCommit
{
  GObject parent_instance;

  guint8  secret[ADM_DICE_SECRET_LENGTH];
  char   *engagement;
  char   *commitment;
  guint   next_roll;
  GArray *mixes;      /* DiceMix, by their first roll */
};

/* The sides' contributions mixed into the rolls from @from on (adm_dice_commit_add_mix ()). */
typedef struct {
  guint from;
  char  mix[ADM_DICE_HEX_LENGTH + 1];
} DiceMix;

static void adm_dice_commit_source_init (AdmDiceSourceInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (AdmDiceCommit, adm_dice_commit, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (ADM_TYPE_DICE_SOURCE,
                                                      adm_dice_commit_source_init))

/* The words of roll @roll of @engagement, one HMAC block at a time. */
typedef struct {
  const guint8 *secret;
  const char   *engagement;
  const char   *mix;
  guint         roll;
  guint         block;
  guint         used;
  guint64       words[WORDS_PER_BLOCK];
} WordStream;

static void
stream_fill (WordStream *stream)
{
  g_autoptr(GHmac) hmac = g_hmac_new (G_CHECKSUM_SHA256, stream->secret,
                                      ADM_DICE_SECRET_LENGTH);
  /* A phase the sides contributed to mixes their contributions in: "E:N:B:MIX". */
  g_autofree char *message = stream->mix != NULL
    ? g_strdup_printf ("%s:%u:%u:%s", stream->engagement, stream->roll, stream->block, stream->mix)
    : g_strdup_printf ("%s:%u:%u", stream->engagement, stream->roll, stream->block);
  guint8 digest[32];
  gsize length = sizeof digest;

  g_hmac_update (hmac, (const guchar *) message, strlen (message));
  g_hmac_get_digest (hmac, digest, &length);
  g_assert (length == sizeof digest);
  for (guint w = 0; w < WORDS_PER_BLOCK; w++)
    {
      guint64 word = 0;

      for (guint b = 0; b < 8; b++)
        word = (word << 8) | digest[8 * w + b];
      stream->words[w] = word;
    }
  stream->block++;
  stream->used = 0;
}

static guint64
stream_next (WordStream *stream)
{
  if (stream->used == WORDS_PER_BLOCK)
    stream_fill (stream);
  return stream->words[stream->used++];
}

void
adm_dice_derive (const guint8 *secret,
                 const char   *engagement,
                 guint         roll,
                 guint         count,
                 guint         sides,
                 guint        *values)
{
  adm_dice_derive_mixed (secret, engagement, roll, NULL, count, sides, values);
}

void
adm_dice_derive_mixed (const guint8 *secret,
                       const char   *engagement,
                       guint         roll,
                       const char   *mix,
                       guint         count,
                       guint         sides,
                       guint        *values)
{
  WordStream stream = { secret, engagement, mix, roll, 0, WORDS_PER_BLOCK, { 0, } };
  /* The largest multiple of @sides below 2^64: words at or above it would favour low faces. */
  guint64 limit;

  g_return_if_fail (secret != NULL && engagement != NULL && values != NULL);
  g_return_if_fail (sides >= 2 && sides <= ADM_DICE_MAX_SIDES);

  limit = G_MAXUINT64 - (G_MAXUINT64 % sides);
  for (guint i = 0; i < count; i++)
    {
      guint64 word;

      do
        word = stream_next (&stream);
      while (word >= limit);
      values[i] = (guint) (word % sides) + 1;
    }
}

char *
adm_dice_secret_to_hex (const guint8 *secret)
{
  GString *out = g_string_sized_new (ADM_DICE_HEX_LENGTH);

  for (guint i = 0; i < ADM_DICE_SECRET_LENGTH; i++)
    g_string_append_printf (out, "%02x", secret[i]);
  return g_string_free (out, FALSE);
}

char *
adm_dice_commitment_of (const guint8 *secret)
{
  g_return_val_if_fail (secret != NULL, NULL);
  return g_compute_checksum_for_data (G_CHECKSUM_SHA256, secret, ADM_DICE_SECRET_LENGTH);
}

gboolean
adm_dice_hex_is_valid (const char *text)
{
  if (text == NULL || strlen (text) != ADM_DICE_HEX_LENGTH)
    return FALSE;
  for (const char *c = text; *c != '\0'; c++)
    if (!g_ascii_isxdigit (*c) || g_ascii_isupper (*c))
      return FALSE;
  return TRUE;
}

gboolean
adm_dice_secret_from_hex (const char *hex,
                          guint8     *secret)
{
  if (!adm_dice_hex_is_valid (hex))
    return FALSE;
  for (guint i = 0; i < ADM_DICE_SECRET_LENGTH; i++)
    secret[i] = (guint8) (g_ascii_xdigit_value (hex[2 * i]) << 4 |
                          g_ascii_xdigit_value (hex[2 * i + 1]));
  return TRUE;
}

gboolean
adm_dice_secret_new_random (guint8  *secret,
                            GError **error)
{
  gsize got = 0;

  while (got < ADM_DICE_SECRET_LENGTH)
    {
      gssize n = getrandom (secret + got, ADM_DICE_SECRET_LENGTH - got, 0);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          int saved = errno;

          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                       _("The system gave no random numbers for the battle's dice: %s"),
                       g_strerror (saved));
          return FALSE;
        }
      got += (gsize) n;
    }
  return TRUE;
}

void
adm_dice_secret_from_seed (guint64  seed,
                           guint8  *secret)
{
  g_autofree char *text = g_strdup_printf ("admiralty-dice-seed:%" G_GUINT64_FORMAT, seed);
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
  gsize length = ADM_DICE_SECRET_LENGTH;

  g_checksum_update (checksum, (const guchar *) text, strlen (text));
  g_checksum_get_digest (checksum, secret, &length);
}

static char *
secrets_folder (void)
{
  return g_build_filename (g_get_user_data_dir (), "admiralty", "secrets", NULL);
}

char *
adm_dice_secret_path (const char *commitment)
{
  g_autofree char *folder = secrets_folder ();
  g_autofree char *name = g_strconcat (commitment, ".secret", NULL);

  return g_build_filename (folder, name, NULL);
}

gboolean
adm_dice_secret_store (const guint8  *secret,
                       GError       **error)
{
  g_autofree char *folder = secrets_folder ();
  g_autofree char *commitment = adm_dice_commitment_of (secret);
  g_autofree char *hex = adm_dice_secret_to_hex (secret);
  g_autofree char *path = adm_dice_secret_path (commitment);
  g_autofree char *text = g_strconcat (hex, "\n", NULL);

  if (g_mkdir_with_parents (folder, 0700) != 0)
    {
      int saved = errno;
      g_autofree char *display = g_filename_display_name (folder);

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   _("The battle's dice secret cannot be kept in %s: %s"), display,
                   g_strerror (saved));
      return FALSE;
    }
  /* Flushed to the disk before the commitment is journaled: a slow disk makes the caller
   * wait here (for the tests, ADMIRALTY_TEST_FLUSH_DELAY_MS). */
  adm_file_test_delay ();
  return g_file_set_contents_full (path, text, -1, G_FILE_SET_CONTENTS_CONSISTENT, 0600, error);
}

gboolean
adm_dice_secret_lookup (const char *commitment,
                        guint8     *secret)
{
  g_autofree char *path = NULL, *text = NULL, *check = NULL;
  gsize length;

  if (!adm_dice_hex_is_valid (commitment))
    return FALSE;
  path = adm_dice_secret_path (commitment);
  if (!g_file_get_contents (path, &text, &length, NULL) || length > 4 * ADM_DICE_HEX_LENGTH)
    return FALSE;
  g_strstrip (text);
  if (!adm_dice_secret_from_hex (text, secret))
    return FALSE;
  check = adm_dice_commitment_of (secret);
  return g_str_equal (check, commitment);
}

void
adm_dice_secret_forget (const char *commitment)
{
  g_autofree char *path = NULL;

  if (!adm_dice_hex_is_valid (commitment))
    return;
  path = adm_dice_secret_path (commitment);
  g_unlink (path);
}

guint64
adm_dice_secret_forget_later (const char *commitment)
{
  g_autofree char *path = NULL;

  if (!adm_dice_hex_is_valid (commitment))
    return 0;
  path = adm_dice_secret_path (commitment);
  return adm_file_remove_later (path);
}

/* The source */

static gboolean
adm_dice_commit_roll (AdmDiceSource        *source,
                      const AdmDiceRequest *request,
                      guint                *values,
                      GError              **error)
{
  AdmDiceCommit *self = ADM_DICE_COMMIT (source);
  const char *mix = NULL;

  for (guint m = 0; m < self->mixes->len; m++)
    if (g_array_index (self->mixes, DiceMix, m).from <= self->next_roll)
      mix = g_array_index (self->mixes, DiceMix, m).mix;
  adm_dice_derive_mixed (self->secret, self->engagement, self->next_roll, mix, request->count,
                         request->sides, values);
  self->next_roll++;
  return TRUE;
}

static gboolean
adm_dice_commit_is_program (AdmDiceSource *source)
{
  return TRUE;
}

static void
adm_dice_commit_source_init (AdmDiceSourceInterface *iface)
{
  iface->roll = adm_dice_commit_roll;
  iface->is_program = adm_dice_commit_is_program;
}

static void
adm_dice_commit_finalize (GObject *object)
{
  AdmDiceCommit *self = ADM_DICE_COMMIT (object);

  memset (self->secret, 0, sizeof self->secret);
  g_free (self->engagement);
  g_free (self->commitment);
  g_array_unref (self->mixes);
  G_OBJECT_CLASS (adm_dice_commit_parent_class)->finalize (object);
}

static void
adm_dice_commit_class_init (AdmDiceCommitClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = adm_dice_commit_finalize;
}

static void
adm_dice_commit_init (AdmDiceCommit *self)
{
  self->mixes = g_array_new (FALSE, TRUE, sizeof (DiceMix));
}

AdmDiceCommit *
adm_dice_commit_new (const guint8 *secret,
                     const char   *engagement,
                     guint         next_roll)
{
  AdmDiceCommit *self;

  g_return_val_if_fail (secret != NULL, NULL);
  g_return_val_if_fail (engagement != NULL, NULL);
  g_return_val_if_fail (next_roll >= 1, NULL);

  self = g_object_new (ADM_TYPE_DICE_COMMIT, NULL);
  memcpy (self->secret, secret, ADM_DICE_SECRET_LENGTH);
  self->engagement = g_strdup (engagement);
  self->commitment = adm_dice_commitment_of (secret);
  self->next_roll = next_roll;
  return self;
}

guint
adm_dice_commit_get_next_roll (AdmDiceCommit *self)
{
  g_return_val_if_fail (ADM_IS_DICE_COMMIT (self), 0);
  return self->next_roll;
}

const char *
adm_dice_commit_get_commitment (AdmDiceCommit *self)
{
  g_return_val_if_fail (ADM_IS_DICE_COMMIT (self), NULL);
  return self->commitment;
}

void
adm_dice_commit_add_mix (AdmDiceCommit *self,
                         guint          from,
                         const char    *mix)
{
  DiceMix added = { from, { 0, } };

  g_return_if_fail (ADM_IS_DICE_COMMIT (self));
  g_return_if_fail (adm_dice_hex_is_valid (mix));
  g_return_if_fail (self->mixes->len == 0 ||
                    g_array_index (self->mixes, DiceMix, self->mixes->len - 1).from <= from);

  memcpy (added.mix, mix, ADM_DICE_HEX_LENGTH);
  /* The same first roll again: the phase before rolled no dice, this one's mix counts. */
  if (self->mixes->len > 0 &&
      g_array_index (self->mixes, DiceMix, self->mixes->len - 1).from == from)
    g_array_index (self->mixes, DiceMix, self->mixes->len - 1) = added;
  else
    g_array_append_val (self->mixes, added);
}
