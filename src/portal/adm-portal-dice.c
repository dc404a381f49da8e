/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-portal-dice.c: an admiral's side's dice on his phone (docs/dice.md, "What the sides
 * add", F-STRAT-4). While a phase of a battle his side fights waits for the sides'
 * contributions — asked by the master's app for the chief's own table, or by the table the
 * battle is at (adm_campaign_table_ask_dice ()) — his page offers "Throw your side's dice":
 * the phone draws 32 random bytes (crypto.getRandomValues (), there without a secure
 * context), sends only their
 * SHA-256 (the commit), keeps the bytes, and shows them (the tap) once every side of the
 * battle has given — so that the last to give cannot choose by the others'. Both are journaled
 * through the same entries as the master's app and `dice-give` (adm_campaign_give_declared_dice
 * (), adm_campaign_show_dice ()) and the one check, bound to the declarations the master's app
 * locked when it asked the phase's dice (adm_campaign_ask_dice ()): a phase not asked — one
 * that rolls no dice — offers no tap. The commit is the hand-in's own id: sent again
 * after a lost answer it is answered as the first, and any other second tap of his side is
 * refused. What he is told goes through the audience filter: only the battles his side is
 * told of and fights in, named as the portal names them (F-STRAT-3), each by a handle of its
 * own, never by its id; a refusal says nothing of another side. Once a battle of his side has
 * ended, "dice-DIGITS.html" (DIGITS: the first 16 of one of its dice commitments) is its
 * offline verifier page (adm-dice-page.h) with the rolls his side may see; before, and to
 * anyone else, it is the one 404. */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>

#include "adm-audience.h"
#include "adm-dice-contribution.h"
#include "adm-dice-ledger.h"
#include "adm-dice-page.h"
#include "adm-engagement-queue.h"
#include "adm-portal-private.h"
#include "adm-portal-page.h"
#include "adm-campaign-battles.h"
#include "adm-clock.h"

GResource *adm_portal_get_resource (void);

/* The digits a phone names a battle by. */
#define HANDLE_CHARS 16

/* A battle of his side, and where it stands. */
typedef struct {
  AdmQueuedEngagement *engagement;
  AdmBattle           *battle;    /* borrowed from the campaign */
  const char          *side;      /* his side's id in it */
  char                *handle;
} Fought;

static void
fought_free (Fought *fought)
{
  adm_queued_engagement_free (fought->engagement);
  g_free (fought->handle);
  g_free (fought);
}

/* The name a phone knows @engagement_id's battle by: the first digits of an HMAC of its id
 * under a key of this portal's, so that the id (whose number tells of the engagements before
 * it, F-STRAT-3) cannot be read back from it. A phone that outlives the portal finds its tap
 * again by its commit. */
static char *
handle_of (AdmPortal  *self,
           const char *engagement_id)
{
  g_autofree char *digest = NULL;

  if (!self->dice_keyed)
    {
      if (!adm_dice_secret_new_random (self->dice_key, NULL))
        return NULL;
      self->dice_keyed = TRUE;
    }
  digest = g_compute_hmac_for_string (G_CHECKSUM_SHA256, self->dice_key, sizeof self->dice_key,
                                      engagement_id, -1);
  return g_strndup (digest, HANDLE_CHARS);
}

/* The battles his side fights (his faction's or an ally's side of it) and is told of, with
 * @status: under way (at the chief's own table or another, as the chief keeps it), or ended. */
static GPtrArray *
battles_of (AdmPortal           *self,
            const AdmAdmiral    *admiral,
            AdmEngagementStatus  status)
{
  AdmStrategy *strategy = adm_state_get_strategy (adm_campaign_get_state (self->campaign));
  AdmScenario *scenario = adm_campaign_get_scenario (self->campaign);
  g_autoptr(GPtrArray) engagements = adm_campaign_get_engagements (self->campaign, 0);
  GPtrArray *found = g_ptr_array_new_with_free_func ((GDestroyNotify) fought_free);

  for (guint e = 0; e < engagements->len; e++)
    {
      AdmQueuedEngagement *engagement = g_ptr_array_index (engagements, e);
      AdmAudience audience;
      AdmBattle *battle;
      Fought *fought;

      if (engagement->status != status ||
          !adm_audience_told_of_engagement (strategy, scenario, admiral->faction, engagement) ||
          (battle = adm_campaign_get_battle_played (self->campaign, engagement->id,
                                                    NULL)) == NULL)
        continue;
      audience = adm_portal_page_battle_audience (scenario, battle, admiral);
      if (audience.kind != ADM_AUDIENCE_SIDE)
        continue;
      fought = g_new0 (Fought, 1);
      fought->battle = battle;
      fought->side = adm_battle_get_side (battle, audience.side)->id;
      fought->handle = handle_of (self, engagement->id);
      fought->engagement = g_ptr_array_steal_index (engagements, e--);
      if (fought->handle == NULL)
        fought_free (fought);
      else
        g_ptr_array_add (found, fought);
    }
  return found;
}

/* The contributions to the phase @fought's battle is about to roll, and what his side gave. */
typedef struct {
  guint                      from;
  int                        turn;
  const char                *phase;
  const AdmDiceContribution *mine;
  gboolean                   any_shown;  /* a side's dice or tap is shown: no commit now */
  gboolean                   all_given;  /* every side gave (a tap committed to counts) */
  const char                *declarations; /* the phase's locked declarations when its dice
                                            * are asked (adm_campaign_get_dice_asked ()) */
} Waiting;

static void
waiting_of (AdmPortal    *self,
            const Fought *fought,
            GPtrArray    *mixes,
            Waiting      *waiting)
{
  const AdmDicePhaseMix *phase = NULL;
  guint n_given = 0;

  memset (waiting, 0, sizeof *waiting);
  waiting->from = adm_battle_get_rolls (fought->battle)->len + 1;
  waiting->turn = adm_battle_get_turn (fought->battle);
  waiting->phase = adm_phase_to_string (adm_battle_get_phase (fought->battle));
  waiting->declarations = adm_campaign_get_dice_asked (self->campaign, fought->engagement->id);
  for (guint m = 0; m < mixes->len; m++)
    {
      const AdmDicePhaseMix *mix = g_ptr_array_index (mixes, m);

      if (mix->from == waiting->from && mix->turn == waiting->turn &&
          g_strcmp0 (mix->phase, waiting->phase) == 0)
        phase = mix;
    }
  for (guint g = 0; phase != NULL && g < phase->given->len; g++)
    {
      const AdmDiceContribution *given = g_ptr_array_index (phase->given, g);

      if (g_strcmp0 (given->side, fought->side) == 0)
        waiting->mine = given;
      if (given->dice != NULL || given->nonce != NULL)
        waiting->any_shown = TRUE;
      n_given++;
    }
  waiting->all_given = n_given >= adm_battle_get_n_sides (fought->battle);
}

/* What his phone is told of a phase, in the words of his page: "open" (his side may tap: the
 * master's app asked the phase's dice, its declarations locked), "committed" (a tap committed
 * to, its commit, and whether every side has given: then it is shown), "given" (his side's
 * dice are in). A phase he may not tap for — not asked, since it rolls no dice or is not
 * declared yet — and no tap of his side's, is not told of: whether another side's dice are
 * shown is not his to know here. */
static const char *
state_of (const Waiting *waiting)
{
  if (waiting->mine == NULL)
    return waiting->any_shown || waiting->declarations == NULL ? NULL : "open";
  if (waiting->mine->commit != NULL && waiting->mine->nonce == NULL)
    return "committed";
  return "given";
}

static void
add_string (JsonBuilder *builder,
            const char  *name,
            const char  *value)
{
  json_builder_set_member_name (builder, name);
  json_builder_add_string_value (builder, value);
}

/* dice.json: every phase of his side's battles under way that waits for its dice. */
static char *
dice_state (AdmPortal        *self,
            const AdmAdmiral *admiral)
{
  g_autoptr(GPtrArray) battles = battles_of (self, admiral, ADM_ENGAGEMENT_IN_PROGRESS);
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "phases");
  json_builder_begin_array (builder);
  for (guint b = 0; b < battles->len; b++)
    {
      const Fought *fought = g_ptr_array_index (battles, b);
      g_autoptr(GPtrArray) mixes = adm_campaign_get_dice_mixes (self->campaign,
                                                                fought->engagement->id);
      g_autofree char *name = adm_audience_engagement_name (fought->engagement);
      g_autofree char *when = NULL;
      Waiting waiting;
      const char *state;

      waiting_of (self, fought, mixes, &waiting);
      if ((state = state_of (&waiting)) == NULL)
        continue;
      /* Translators: where a battle stands on an admiral's phone, "turn 2, fire" */
      when = g_strdup_printf (_("turn %d, %s"), waiting.turn, waiting.phase);
      json_builder_begin_object (builder);
      add_string (builder, "battle", fought->handle);
      add_string (builder, "name", name);
      add_string (builder, "when", when);
      json_builder_set_member_name (builder, "from");
      json_builder_add_int_value (builder, waiting.from);
      json_builder_set_member_name (builder, "turn");
      json_builder_add_int_value (builder, waiting.turn);
      add_string (builder, "phase", waiting.phase);
      add_string (builder, "state", state);
      if (g_str_equal (state, "committed"))
        {
          add_string (builder, "commit", waiting.mine->commit);
          json_builder_set_member_name (builder, "ready");
          json_builder_add_boolean_value (builder, waiting.all_given);
        }
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  json_generator_set_root (generator, root);
  return json_generator_to_data (generator, NULL);
}

/* Main thread: a tap posted, its commit or the tap itself, for the phase named by the
 * handle, turn, phase and first roll his page was shown. Refused 409 with words that name
 * only his own side's tap: a battle his side does not fight, a phase not waiting and a
 * handle nobody knows are answered alike. */
static void
dice_post (AdmPortal        *self,
           Job              *job,
           const AdmAdmiral *admiral)
{
  const char *handle = g_hash_table_lookup (job->fields, "battle");
  const char *from = g_hash_table_lookup (job->fields, "from");
  const char *turn = g_hash_table_lookup (job->fields, "turn");
  const char *phase = g_hash_table_lookup (job->fields, "phase");
  const char *commit = g_hash_table_lookup (job->fields, "commit");
  const char *tap = g_hash_table_lookup (job->fields, "tap");
  g_autoptr(GPtrArray) battles = battles_of (self, admiral, ADM_ENGAGEMENT_IN_PROGRESS);
  g_autoptr(GPtrArray) mixes = NULL;
  g_autoptr(GError) error = NULL;
  const Fought *fought = NULL;
  Waiting waiting;
  LangScope scope;
  gboolean ok;

  _adm_portal_lang_push (&scope, job->lang);
  job->status = SOUP_STATUS_CONFLICT;
  for (guint b = 0; handle != NULL && b < battles->len; b++)
    if (g_str_equal (((Fought *) g_ptr_array_index (battles, b))->handle, handle))
      fought = g_ptr_array_index (battles, b);
  if (fought != NULL)
    {
      mixes = adm_campaign_get_dice_mixes (self->campaign, fought->engagement->id);
      waiting_of (self, fought, mixes, &waiting);
    }
  if (fought == NULL || state_of (&waiting) == NULL ||
      g_strcmp0 (phase, waiting.phase) != 0 ||
      (guint) g_ascii_strtoull (from != NULL ? from : "", NULL, 10) != waiting.from ||
      (int) g_ascii_strtoll (turn != NULL ? turn : "", NULL, 10) != waiting.turn)
    job->text = g_strdup (_("No phase of your side’s battles waits for your dice under that "
                            "name now: your page shows the ones that do."));
  else if (commit != NULL && waiting.mine != NULL)
    {
      /* The same commit again is the same tap, its answer lost: answered as the first. */
      if (g_strcmp0 (waiting.mine->commit, commit) == 0)
        job->status = SOUP_STATUS_OK;
      else
        job->text = g_strdup (_("Your side has given its dice for this phase already: each "
                                "side gives once."));
    }
  else if (tap != NULL && (waiting.mine == NULL || waiting.mine->commit == NULL))
    job->text = g_strdup (_("Your side has no tap committed to for this phase to show."));
  else if (tap != NULL && waiting.mine->nonce != NULL)
    {
      if (g_strcmp0 (waiting.mine->nonce, tap) == 0)
        job->status = SOUP_STATUS_OK;
      else
        job->text = g_strdup (_("This is not the tap your side committed to."));
    }
  else if (tap != NULL && !waiting.all_given)
    job->text = g_strdup (_("Your tap is shown once every side has given its dice: wait for "
                            "your page to show it."));
  else
    {
      ok = tap != NULL
           ? adm_campaign_show_dice (self->campaign, fought->engagement->id, fought->side, tap,
                                     adm_clock_now (), &error)
           : adm_campaign_give_declared_dice (self->campaign, fought->engagement->id,
                                              fought->side, NULL, FALSE, commit,
                                              waiting.declarations, adm_clock_now (), &error);
      if (ok)
        job->status = SOUP_STATUS_OK;
      else if (_adm_portal_not_saved (self, admiral, error))
        {
          job->status = SOUP_STATUS_SERVICE_UNAVAILABLE;
          job->text = g_strdup (_adm_portal_not_saved_words ());
        }
      /* The check's own words name the engagement and may tell of the other sides' dice. */
      else if (tap != NULL)
        job->text = g_strdup (_("This is not the tap your side committed to."));
      else
        job->text = g_strdup (_("No phase of your side’s battles waits for your dice under "
                                "that name now: your page shows the ones that do."));
    }
  if (job->status == SOUP_STATUS_OK)
    job->text = dice_state (self, admiral);
  else
    {
      char *line = g_strconcat (job->text, "\n", NULL);

      g_free (job->text);
      job->text = line;
    }
  _adm_portal_lang_pop (&scope);
  _adm_portal_job_reply (job);
}

/* Main thread: the offline verifier of the ended battle of his side one of whose commitments
 * begins with the digits asked; else the one 404. */
static void
dice_page (AdmPortal        *self,
           Job              *job,
           const AdmAdmiral *admiral)
{
  const char *digits = g_hash_table_lookup (job->fields, "battle");
  g_autoptr(GPtrArray) battles = battles_of (self, admiral, ADM_ENGAGEMENT_FINISHED);

  for (guint b = 0; b < battles->len; b++)
    {
      const Fought *fought = g_ptr_array_index (battles, b);
      const char *id = fought->engagement->id;
      g_autoptr(GPtrArray) commitments = adm_campaign_get_dice_commitments (self->campaign, id);
      g_autoptr(GPtrArray) checks = NULL;
      g_autofree char *data = NULL;
      AdmStrategy *strategy;
      AdmAudience audience;
      LangScope scope;
      char *page;
      guint c;

      for (c = 0; c < commitments->len; c++)
        if (g_str_has_prefix (((AdmDiceCommitment *) g_ptr_array_index (commitments,
                                                                         c))->commitment,
                              digits))
          break;
      if (c == commitments->len)
        continue;
      strategy = adm_state_get_strategy (adm_campaign_get_state (self->campaign));
      audience = adm_audience_of_campaign (
        strategy, adm_portal_page_battle_audience (adm_campaign_get_scenario (self->campaign),
                                                   fought->battle, admiral));
      checks = adm_dice_verify (commitments, id, fought->battle, audience);
      _adm_portal_lang_push (&scope, job->lang);
      data = adm_dice_page_data (id, fought->battle, commitments, checks);
      page = adm_dice_page_new (data);
      _adm_portal_lang_pop (&scope);
      job->archive = g_bytes_new_take (page, strlen (page));
      job->filename = g_strdup_printf ("dice-%s.html", digits);
      job->status = SOUP_STATUS_OK;
      break;
    }
  _adm_portal_job_reply (job);
}

void
_adm_portal_job_dice (AdmPortal        *self,
                      Job              *job,
                      const AdmAdmiral *admiral)
{
  if (job->kind == JOB_DICE_PAGE)
    dice_page (self, job, admiral);
  else if (job->fields != NULL)
    dice_post (self, job, admiral);
  else
    {
      job->status = SOUP_STATUS_OK;
      job->text = dice_state (self, admiral);
      _adm_portal_job_reply (job);
    }
}

/* Whether @text is @length lowercase hex digits. */
static gboolean
is_hex (const char *text,
        gsize       length)
{
  if (text == NULL || strlen (text) != length)
    return FALSE;
  for (gsize i = 0; i < length; i++)
    if (!g_ascii_isxdigit (text[i]) || g_ascii_isupper (text[i]))
      return FALSE;
  return TRUE;
}

/* Whether @text is a number from 1 of at most 9 digits. */
static gboolean
is_count (const char *text)
{
  guint64 value;

  return text != NULL && strlen (text) <= 9 &&
         g_ascii_string_to_unsigned (text, 10, 1, G_MAXINT, &value, NULL);
}

/* Server thread: a posted tap's fields, read and checked before the main thread sees them:
 * the battle's handle, the phase (turn, id, first roll), and the commit or the tap, 64 hex
 * digits. NULL, answered 400, when one is missing or malformed. */
static GHashTable *
read_tap (SoupServerMessage *msg)
{
  SoupMessageHeaders *request = soup_server_message_get_request_headers (msg);
  const char *type = soup_message_headers_get_content_type (request, NULL);
  g_autoptr(GBytes) body = adm_portal_take_body (msg);
  g_autoptr(GHashTable) fields = NULL;
  g_autofree char *text = NULL;
  gsize size;
  const char *data = g_bytes_get_data (body, &size);
  const char *commit, *tap;

  if (g_strcmp0 (type, "application/x-www-form-urlencoded") != 0 || size > 1024 ||
      (size > 0 && memchr (data, '\0', size) != NULL))
    {
      _adm_portal_respond_text (msg, SOUP_STATUS_BAD_REQUEST, "Bad request\n");
      return NULL;
    }
  text = g_strndup (data, size);
  fields = soup_form_decode (text);
  commit = g_hash_table_lookup (fields, "commit");
  tap = g_hash_table_lookup (fields, "tap");
  if (!is_hex (g_hash_table_lookup (fields, "battle"), HANDLE_CHARS) ||
      !is_count (g_hash_table_lookup (fields, "from")) ||
      !is_count (g_hash_table_lookup (fields, "turn")) ||
      g_hash_table_lookup (fields, "phase") == NULL ||
      strlen (g_hash_table_lookup (fields, "phase")) > 32 ||
      (commit == NULL) == (tap == NULL) ||
      !is_hex (commit != NULL ? commit : tap, 2 * ADM_DICE_SECRET_LENGTH))
    {
      _adm_portal_respond_text (msg, SOUP_STATUS_BAD_REQUEST,
                                "Bad request: a battle, a phase and a commit or a tap of 64 "
                                "hex digits\n");
      return NULL;
    }
  return g_steal_pointer (&fields);
}

gboolean
_adm_portal_dice_serves (Server            *server,
                         SoupServerMessage *msg,
                         const char        *admiral_id,
                         const char        *rest)
{
  const char *method = soup_server_message_get_method (msg);
  gboolean get = g_str_equal (method, "GET") || g_str_equal (method, "HEAD");
  g_autoptr(GHashTable) fields = NULL;
  JobKind kind = JOB_DICE;
  Job *job;

  if (get && g_str_equal (rest, "dice.json"))
    ;
  else if (g_str_equal (method, "POST") && g_str_equal (rest, "dice"))
    {
      if ((fields = read_tap (msg)) == NULL)
        return TRUE;
    }
  else if (get && g_str_has_prefix (rest, "dice-") &&
           strlen (rest) == strlen ("dice-.html") + HANDLE_CHARS &&
           g_str_has_suffix (rest, ".html"))
    {
      g_autofree char *digits = g_strndup (rest + strlen ("dice-"), HANDLE_CHARS);

      if (!is_hex (digits, HANDLE_CHARS))
        return FALSE;
      kind = JOB_DICE_PAGE;
      fields = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      g_hash_table_insert (fields, g_strdup ("battle"), g_steal_pointer (&digits));
    }
  else
    return FALSE;
  job = _adm_portal_job_new (server, kind, admiral_id,
                             adm_portal_page_language (soup_message_headers_get_one (
                               soup_server_message_get_request_headers (msg),
                               "Accept-Language")));
  job->msg = g_object_ref (msg);
  job->fields = g_steal_pointer (&fields);
  soup_server_message_pause (msg);
  _adm_portal_job_send (job);
  return TRUE;
}

/* The section's words, for its script (adm-portal-dice.js) to fill it with. */
void
adm_portal_page_append_dice_section (GString *out)
{
  const char *words[][2] = {
    { "heading", _("Your side’s dice") },
    { "tap", _("Throw your side’s dice") },
    { "open", _("Once your side has declared, throw its dice for this phase: your phone draws "
                "them, and shows them only when every side has given.") },
    { "committed", _("Your side’s dice are thrown; they are shown once every side has "
                     "given.") },
    { "other", _("Your side’s dice were thrown on another phone.") },
    { "showing", _("Every side has given: showing your side’s dice…") },
    { "given", _("Your side’s dice for this phase are in.") },
    { "offline", _("Not sent yet: the phone tries again when the link is back.") },
  };

  g_string_append (out, "<section id=\"dice\" hidden");
  for (guint w = 0; w < G_N_ELEMENTS (words); w++)
    {
      g_string_append_printf (out, " data-%s=\"", words[w][0]);
      adm_portal_html_escape (out, words[w][1]);
      g_string_append_c (out, '"');
    }
  g_string_append (out, "><h2></h2><div id=\"dice-list\"></div></section>");
}

/* The section's script and the hashes it commits with, made once: the verifier's own
 * SHA-256 (adm_dice_page_hashes ()), since a page over plain HTTP has no crypto.subtle. */
static const char *
dice_script (void)
{
  static char *script;

  if (g_once_init_enter (&script))
    {
      g_autoptr(GBytes) bytes = g_resource_lookup_data (adm_portal_get_resource (),
                                                        "/io/github/admiralty/Admiralty/portal/"
                                                        "adm-portal-dice.js",
                                                        G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
      g_autofree char *hashes = adm_dice_page_hashes ();
      const char *text;

      /* Compiled in: always there, ended by a NUL as every resource is. */
      g_assert (bytes != NULL);
      text = g_bytes_get_data (bytes, NULL);
      g_once_init_leave (&script, g_strconcat (hashes, "\n", strstr (text, "*/\n") + 3, NULL));
    }
  return script;
}

void
adm_portal_page_append_dice_script (GString    *out,
                                    const char *nonce)
{
  g_string_append_printf (out, "<script nonce=\"%s\">%s</script>", nonce, dice_script ());
}
