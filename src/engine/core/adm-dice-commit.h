/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-dice-commit.h: program dice the admirals can check. A battle's program rolls are drawn
 * from a secret of ADM_DICE_SECRET_LENGTH bytes: roll N of engagement E is
 * HMAC-SHA256 (secret, "E:N:B") for blocks B = 0, 1, …, read as big-endian 64-bit words, one
 * word a die, a word at or above the largest multiple of the die's sides drawn again, the face
 * (word mod sides) + 1. The commitment, the SHA-256 of the secret, is journaled when the
 * battle starts; the secret stays in the master's private folder (adm_dice_secret_store ())
 * until the battle ends, when it is journaled too, so that anyone can derive every roll again
 * (docs/dice.md says how, by hand). */
#pragma once

#include "adm-dice-source.h"

G_BEGIN_DECLS

#define ADM_DICE_SECRET_LENGTH 32
/* A secret or a commitment as text: lowercase hexadecimal. */
#define ADM_DICE_HEX_LENGTH (2 * ADM_DICE_SECRET_LENGTH)

#define ADM_TYPE_DICE_COMMIT (adm_dice_commit_get_type ())
G_DECLARE_FINAL_TYPE (AdmDiceCommit, adm_dice_commit, ADM, DICE_COMMIT, GObject)

/* The dice of engagement @engagement drawn from @secret, the first request being roll number
 * @next_roll (from 1, the roll's place in the battle's dice log), each request the next. */
AdmDiceCommit *adm_dice_commit_new           (const guint8 *secret,
                                              const char   *engagement,
                                              guint         next_roll) G_GNUC_WARN_UNUSED_RESULT;
/* The number the next request is drawn as. */
guint          adm_dice_commit_get_next_roll (AdmDiceCommit *self);
/* The commitment of the secret drawn from (lowercase hex). */
const char    *adm_dice_commit_get_commitment (AdmDiceCommit *self);

/* The pure derivation: the @count dice of @sides (2..ADM_DICE_MAX_SIDES) of roll @roll of
 * @engagement, into @values. */
void           adm_dice_derive               (const guint8 *secret,
                                              const char   *engagement,
                                              guint         roll,
                                              guint         count,
                                              guint         sides,
                                              guint        *values);

/* The same, the sides' contributions to the roll's phase mixed in: @mix (lowercase hex, the
 * SHA-256 of the contributions, adm-dice-contribution.h) makes each block's message
 * "E:N:B:MIX"; NULL derives as adm_dice_derive () does, from the secret alone. */
void           adm_dice_derive_mixed         (const guint8 *secret,
                                              const char   *engagement,
                                              guint         roll,
                                              const char   *mix,
                                              guint         count,
                                              guint         sides,
                                              guint        *values);
/* Mixes @mix into the rolls from number @from on, until a later mix; added in the order of
 * their first rolls, one of the same first roll as the last replacing it. */
void           adm_dice_commit_add_mix       (AdmDiceCommit *self,
                                              guint          from,
                                              const char    *mix);

/* SHA-256 of the secret's bytes, lowercase hex. */
char          *adm_dice_commitment_of        (const guint8 *secret) G_GNUC_WARN_UNUSED_RESULT;
char          *adm_dice_secret_to_hex        (const guint8 *secret) G_GNUC_WARN_UNUSED_RESULT;
/* FALSE unless @hex is ADM_DICE_HEX_LENGTH lowercase hexadecimal digits. */
gboolean       adm_dice_secret_from_hex      (const char   *hex,
                                              guint8       *secret);
/* Whether @text is a commitment or secret as the journal writes one: lowercase hex, 64 long. */
gboolean       adm_dice_hex_is_valid         (const char   *text);
/* A new secret from the system's cryptographic generator (getrandom (2)). */
gboolean       adm_dice_secret_new_random    (guint8       *secret,
                                              GError      **error);
/* The secret of a seeded battle (admiralty-cli battle --seed S): SHA-256 of the text
 * "admiralty-dice-seed:S", S in decimal. Anyone who knows the seed foresees its rolls: seeds
 * are for tests and demonstrations. */
void           adm_dice_secret_from_seed     (guint64       seed,
                                              guint8       *secret);

/* The master's private folder of secrets: $XDG_DATA_HOME/admiralty/secrets (mode 0700), one
 * file COMMITMENT.secret (mode 0600) a secret, holding it in hex. Named by the commitment, a
 * secret is found from the journal alone, whatever the campaign file is called or where it
 * was copied. */
char          *adm_dice_secret_path          (const char   *commitment) G_GNUC_WARN_UNUSED_RESULT;
gboolean       adm_dice_secret_store         (const guint8 *secret,
                                              GError      **error);
/* The secret of @commitment when the folder has it (and it is that commitment's). */
gboolean       adm_dice_secret_lookup        (const char   *commitment,
                                              guint8       *secret);
/* Removes the secret's file: it is in the journal now. */
void           adm_dice_secret_forget        (const char   *commitment);
/* The same on the flusher's thread (adm_file_remove_later ()), once the saves handed to it
 * before — the journal's, which reveals the secret — are on the disk; the job's ticket, or 0
 * for a commitment that is not one. */
guint64        adm_dice_secret_forget_later  (const char   *commitment);

G_END_DECLS
