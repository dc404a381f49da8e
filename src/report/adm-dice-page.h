/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-dice-page.h: the offline dice verifier of a campaign battle (docs/dice.md, "Checking a
 * battle"): one self-contained HTML file — the battle's commitments, secrets revealed, the
 * sides' contributions and the rolls an audience may see, with a script that derives every
 * program roll again in the browser and says whether it matches. No network and no other
 * file: written by `admiralty-cli verify-dice --page` for a USB stick, served by the admirals'
 * portal once the battle has ended. */
#pragma once

#include "adm-battle.h"

G_BEGIN_DECLS

/* The data the page checks, as JSON text: {"engagement", "battle", "commitments":
 * [{"commitment", "from_roll", "secret", "assignment"}], "contributions": [{"from", "turn", "phase",
 * "given": [{"side", "by", "dice", "commit", "nonce"}]}], "rolls": [{"roll", "turn", "phase",
 * "purpose", "sides", "values", "origin"}]}, the rolls those of @checks (adm_dice_verify ()),
 * the contributions those of @commitments (adm_campaign_get_dice_commitments ()). */
char *adm_dice_page_data (const char *engagement_id,
                          AdmBattle  *battle,
                          GPtrArray  *commitments,
                          GPtrArray  *checks) G_GNUC_WARN_UNUSED_RESULT;

/* The verifier's hashes alone, as script text defining AdmDiceVerifier (sha256 (), hmac (),
 * hex (), utf8 (), mixOf (), derive (), check ()): for another page to commit with the
 * engine's own SHA-256 where crypto.subtle is missing (the portal's dice tap). */
char *adm_dice_page_hashes (void) G_GNUC_WARN_UNUSED_RESULT;

/* The page, holding @data (adm_dice_page_data ()). */
char *adm_dice_page_new  (const char *data) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
