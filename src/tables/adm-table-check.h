/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-table-check.h: the short check two masters compare when a table asks the chief to be let
 * in without a link (adm-table-pairing.h, adm-table-asking.h): a word pair both screens show,
 * as Bluetooth pairing shows the same six digits on both.
 *
 * The pair is drawn from the chief's certificate's fingerprint (as the table saw it, and as the
 * chief knows it) and two nonces, one from each side: 32 bytes from the system's cryptographic
 * generator, made, written and committed to as the dice's secrets are (adm-dice-commit.h:
 * adm_dice_secret_new_random (), adm_dice_commitment_of ()). The table commits to its nonce
 * before the chief sends his and reveals it only after, so no one in between, who
 * must show the table a certificate of his own, can choose nonces that give his certificate
 * the chief's words: he matches them by chance, one time in 65,536 (two words of 256), and
 * each try is a request on the chief's screen. */
#pragma once

#include <glib.h>

#include "adm-dice-commit.h"

G_BEGIN_DECLS

/* The check, "amber falcon": two of 256 English words (not translated: both masters compare
 * them, whatever language each Admiralty speaks) drawn from SHA-256 of a fixed label, the
 * 64-digit @fingerprint, the table's nonce and the chief's. */
char     *adm_table_check_words   (const char      *fingerprint,
                                   const guint8     table_nonce[ADM_DICE_SECRET_LENGTH],
                                   const guint8     chief_nonce[ADM_DICE_SECRET_LENGTH]) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
