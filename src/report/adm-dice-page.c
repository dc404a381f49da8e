/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-dice-page.c: the offline dice verifier page (adm-dice-page.h). */

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "adm-dice-page.h"
#include "adm-report-page.h"
#include "adm-dice-contribution.h"
#include "adm-dice-ledger.h"

/* @text as a JSON string, or null; "<" written as \u003c so that no "</script>" ends the
 * block the data is in. */
static void
add_string (GString    *out,
            const char *text)
{
  if (text == NULL)
    {
      g_string_append (out, "null");
      return;
    }
  g_string_append_c (out, '"');
  for (const char *c = text; *c != '\0'; c++)
    {
      if (*c == '"' || *c == '\\')
        g_string_append_printf (out, "\\%c", *c);
      else if ((guchar) *c < 0x20 || *c == '<' || *c == '>' || *c == '&')
        g_string_append_printf (out, "\\u%04x", (guchar) *c);
      else
        g_string_append_c (out, *c);
    }
  g_string_append_c (out, '"');
}

static void
add_member (GString    *out,
            const char *name,
            const char *text)
{
  g_string_append_printf (out, "\"%s\":", name);
  add_string (out, text);
}

char *
adm_dice_page_data (const char *engagement_id,
                    AdmBattle  *battle,
                    GPtrArray  *commitments,
                    GPtrArray  *checks)
{
  GString *out;
  GPtrArray *mixes;

  g_return_val_if_fail (engagement_id != NULL && ADM_IS_BATTLE (battle), NULL);
  g_return_val_if_fail (commitments != NULL && checks != NULL, NULL);

  out = g_string_new ("{");
  add_member (out, "engagement", engagement_id);
  g_string_append_c (out, ',');
  add_member (out, "battle", adm_battle_get_name (battle));
  g_string_append (out, ",\"commitments\":[");
  for (guint c = 0; c < commitments->len; c++)
    {
      const AdmDiceCommitment *commitment = g_ptr_array_index (commitments, c);

      g_string_append (out, c > 0 ? ",{" : "{");
      add_member (out, "commitment", commitment->commitment);
      g_string_append_printf (out, ",\"from_roll\":%u,", commitment->from_roll);
      add_member (out, "secret", commitment->secret);
      g_string_append_c (out, ',');
      add_member (out, "assignment", commitment->assignment);
      g_string_append_c (out, '}');
    }
  g_string_append (out, "],\"contributions\":[");
  /* Every commitment of a battle shares its contributions. */
  mixes = commitments->len > 0
          ? ((const AdmDiceCommitment *) g_ptr_array_index (commitments, 0))->mixes : NULL;
  for (guint m = 0; mixes != NULL && m < mixes->len; m++)
    {
      const AdmDicePhaseMix *mix = g_ptr_array_index (mixes, m);

      g_string_append_printf (out, "%s{\"from\":%u,\"turn\":%d,", m > 0 ? "," : "", mix->from,
                              mix->turn);
      g_autofree char *resolved = adm_dice_mix_resolved_declarations (mix, battle);

      add_member (out, "phase", mix->phase);
      /* The digests alone: the declarations' text may name what a side was not told of. */
      g_string_append_c (out, ',');
      add_member (out, "declarations", mix->declarations);
      g_string_append_c (out, ',');
      add_member (out, "resolved", resolved);
      g_string_append (out, ",\"given\":[");
      for (guint g = 0; g < mix->given->len; g++)
        {
          const AdmDiceContribution *given = g_ptr_array_index (mix->given, g);

          g_string_append (out, g > 0 ? ",{" : "{");
          add_member (out, "side", given->side);
          g_string_append_c (out, ',');
          add_member (out, "by", given->by);
          g_string_append_c (out, ',');
          add_member (out, "dice", given->dice);
          g_string_append_c (out, ',');
          add_member (out, "commit", given->commit);
          g_string_append_c (out, ',');
          add_member (out, "nonce", given->nonce);
          g_string_append_c (out, '}');
        }
      g_string_append (out, "]}");
    }
  g_string_append (out, "],\"rolls\":[");
  for (guint i = 0; i < checks->len; i++)
    {
      const AdmDiceCheck *check = g_ptr_array_index (checks, i);
      const AdmBattleRoll *roll = check->roll;

      g_string_append_printf (out, "%s{\"roll\":%u,\"turn\":%d,", i > 0 ? "," : "", check->number,
                              roll->turn);
      add_member (out, "phase", adm_phase_to_string (roll->phase));
      g_string_append_c (out, ',');
      add_member (out, "purpose", adm_battle_roll_get_purpose (roll));
      g_string_append_printf (out, ",\"sides\":%u,\"values\":[", roll->sides);
      adm_roll_check_append_values (out, roll->values, roll->n_values, ",");
      g_string_append (out, "],");
      add_member (out, "origin", roll->origin == ADM_ROLL_ORIGIN_PROGRAM ? "program"
                                 : roll->origin == ADM_ROLL_ORIGIN_TYPED ? "typed"
                                                                         : "not-recorded");
      g_string_append_c (out, '}');
    }
  g_string_append (out, "]}");
  return g_string_free (out, FALSE);
}

char *
adm_dice_page_hashes (void)
{
  g_autofree char *source = adm_report_page_script ("adm-dice-page.js");
  /* The script's second part fills the verifier's own page in. */
  const char *end = strstr (source, "\n/* The page:");

  return g_strndup (source, end != NULL ? (gsize) (end - source) : strlen (source));
}

char *
adm_dice_page_new (const char *data)
{
  g_autoptr(GString) words = g_string_new ("{");
  const char *said[][2] = {
    { "unreadable", _("This is not the dice of a battle:") },
    { "match", _("matches") },
    { "mismatch", _("DOES NOT MATCH") },
    { "typed", _("typed in, not checked") },
    { "not-recorded", _("origin not recorded, not checked") },
    { "no-commitment", _("no commitment covers it") },
    { "not-revealed", _("checked once the battle ends") },
    { "forged", _("NOT CHECKED: its secret or a contribution is not the one committed to") },
    { "fresh", _("mixed with the sides’ contributions to its phase") },
    { "reused", _("mixed with an earlier phase’s contributions: its keeper could foresee it") },
    { "secretOnly", _("from the secret alone: its keeper could foresee it") },
    { "gives", _("the secret gives") },
    /* Translators: %1 and %2 are numbers of rolls, kept as they are */
    { "passed", _("Every program roll checked matches: %1 rolls.") },
    /* Translators: %1 and %2 are numbers of rolls, kept as they are */
    { "failed", _("Something does not match: %1 rolls match, %2 do not; see below.") },
  };
  AdmReportField fields[] = {
    /* Translators: the language of the dice verifier's page, as HTML's lang attribute */
    { "@LANG@", C_("html lang", "en"), TRUE },
    { "@TITLE@", _("Battle dice, checked"), TRUE },
    { "@ROLL@", _("Roll"), TRUE },
    { "@WHEN@", _("Turn, phase"), TRUE },
    { "@PURPOSE@", _("For"), TRUE },
    { "@VALUES@", _("Dice"), TRUE },
    { "@VERDICT@", _("Verdict"), TRUE },
    { "@HELP@", _("Each program roll is derived again here, in this browser, from the secret "
                  "revealed when the battle ended and the dice each side gave for its phase "
                  "(docs/dice.md); this page needs no network."), TRUE },
    { "@OTHER@", _("Check other data (admiralty-cli verify-dice --page)"), TRUE },
    { "@CHECK@", _("Check"), TRUE },
    { "@WORDS@", NULL, FALSE },
    { "@DATA@", data, FALSE },
  };

  g_return_val_if_fail (data != NULL, NULL);

  for (guint w = 0; w < G_N_ELEMENTS (said); w++)
    {
      g_string_append (words, w > 0 ? "," : "");
      add_member (words, said[w][0], said[w][1]);
    }
  g_string_append_c (words, '}');
  fields[10].text = words->str;
  return adm_report_page_fill ("adm-dice-page.html", "adm-dice-page.js", fields,
                               G_N_ELEMENTS (fields));
}
