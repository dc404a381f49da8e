/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-portal-publish.c: what the portal (adm-portal.c) publishes for the server thread to
 * answer from, made on the main thread a step of its loop at a time: each admiral's page,
 * made of its fragments one a step and kept with marks where a request's own values go, the
 * requests waiting for it answered when it is made; its version and what status.json says,
 * and the server thread's answers with them; his reports as PDFs, made from the campaign
 * in his language and drawn on a thread of the pool; and, once the campaign's whole truth is
 * published, its archive, written into a temporary file a frame a step. */

#include "config.h"

#include <string.h>
#include <cairo-pdf.h>
#include <glib/gi18n-lib.h>

#include <glib/gstdio.h>
#include <gio/gunixoutputstream.h>

#include "adm-archive.h"
#include "adm-audience.h"
#include "adm-campaign-battles.h"
#include "adm-dice-ledger.h"
#include "adm-engagement-queue.h"
#include "adm-background.h"
#include "adm-doc-render.h"
#include "adm-portal-private.h"
#include "adm-report.h"

const AdmAdmiral *
_adm_portal_admiral_of (AdmPortal  *self,
                        const char *admiral_id)
{
  return adm_campaign_lookup_admiral (self->campaign, admiral_id);
}

guint
_adm_portal_current_cycle (AdmPortal *self)
{
  return adm_strategy_get_cycle (adm_state_get_strategy (adm_campaign_get_state (self->campaign)));
}

static char *
clock_text (gint64 time)
{
  g_autoptr(GDateTime) when = g_date_time_new_from_unix_local (time);

  return g_date_time_format (when, "%H:%M");
}

/* The status of his sheet for the current cycle, in words. */
static char *
sheet_status (AdmPortal        *self,
              const AdmAdmiral *admiral)
{
  guint cycle = _adm_portal_current_cycle (self);
  const AdmPortalSheet *sent = g_hash_table_lookup (self->sheets, admiral->id);
  const AdmStratSheet *journaled;
  g_autofree char *when = NULL;

  if (sent != NULL && sent->cycle == cycle)
    {
      when = clock_text (sent->received);
      switch (sent->status)
        {
        case ADM_PORTAL_SHEET_PENDING:
          return g_strdup_printf (sent->late ? _("Received at %s, late; waiting for the master.")
                                             : _("Received at %s; waiting for the master."),
                                  when);
        case ADM_PORTAL_SHEET_ACCEPTED:
          return g_strdup_printf (_("Received at %s and accepted by the master."), when);
        case ADM_PORTAL_SHEET_REFUSED:
        default:
          /* A refusal the master journaled is his; any other is the rules' check of the
           * sheet, which he did not choose. */
          if (!sent->journaled)
            return g_strdup_printf (_("Your sheet of %s was not taken: %s. Change it and hand "
                                      "it in again."), when,
                                    sent->reason != NULL ? sent->reason : "");
          return g_strdup_printf (_("Received at %s and refused by the master: %s"), when,
                                  sent->reason != NULL ? sent->reason : "");
        }
    }
  journaled = adm_strategy_get_sheet (adm_state_get_strategy (adm_campaign_get_state (self->campaign)),
                                      cycle, admiral->id);
  if (journaled != NULL)
    {
      when = clock_text (journaled->received);
      return g_strdup_printf (journaled->late ? _("Handed in at %s, late.")
                                              : _("Handed in at %s."), when);
    }
  return g_strdup (_("Not handed in yet."));
}

void
_adm_portal_report_inputs_free (gpointer data)
{
  ReportInputs *inputs = data;

  g_ptr_array_unref (inputs->events);
  g_free (inputs->state);
  g_free (inputs);
}

void
_adm_portal_cycle_inputs_free (gpointer data)
{
  CycleInputs *inputs = data;

  g_ptr_array_unref (inputs->events);
  g_free (inputs->state);
  g_ptr_array_unref (inputs->engagements);
  g_free (inputs);
}

/* What every admiral's report of @cycle is made of in this version of the campaign, found
 * once for all of them: the events it is made from (adm_report_cycle_events ()), and what the
 * campaign as it stands adds — the cycle under way (which report is open), whether the
 * campaign keeps its battles, and each of the cycle's engagements where it stands, by the
 * name a side is told it by, with its dice (commitments, secrets, the sides' mixes). The
 * battles' own entries are not here: their change drops the reports of their cycle and after
 * (fragments_changed ()). */
static CycleInputs *
cycle_inputs (AdmPortal *self,
              guint      cycle)
{
  CycleInputs *inputs = g_hash_table_lookup (self->cycle_inputs, GUINT_TO_POINTER (cycle));
  AdmState *state = adm_campaign_get_state (self->campaign);
  GString *out;

  if (inputs != NULL && inputs->version == self->version)
    return inputs;
  inputs = g_new0 (CycleInputs, 1);
  inputs->version = self->version;
  inputs->events = adm_report_cycle_events (self->campaign, cycle);
  inputs->engagements = adm_campaign_get_engagements (self->campaign, cycle);
  out = g_string_new (NULL);
  /* Whether the campaign keeps its battles, not how many: a battle begun or ended elsewhere
   * changes no report of a cycle it is not of (its own cycle's are dropped with its entries,
   * fragments_changed ()), and every admiral's reports of the cycles before were made again,
   * their battles played again from the journal, at each one. */
  g_string_append_printf (out, "%u|%d\n", _adm_portal_current_cycle (self),
                          adm_campaign_list_battles (self->campaign)->len > 0 ||
                          adm_state_get_battle_endings (state)->len > 0);
  for (guint e = 0; e < inputs->engagements->len; e++)
    {
      const AdmQueuedEngagement *engagement = g_ptr_array_index (inputs->engagements, e);
      g_autoptr(GPtrArray) commitments = adm_campaign_get_dice_commitments (self->campaign,
                                                                             engagement->id);
      g_autofree char *name = adm_audience_engagement_name (engagement);
      g_autofree char *status = adm_queued_engagement_describe_status (engagement);
      GPtrArray *mixes = NULL;

      g_string_append_printf (out, "%s|%s|%s|%d|%d|%s|%s\n", engagement->id, name, status,
                              engagement->status, engagement->turn,
                              engagement->phase != NULL ? engagement->phase : "",
                              engagement->table != NULL ? engagement->table : "");
      for (guint c = 0; c < commitments->len; c++)
        {
          const AdmDiceCommitment *commitment = g_ptr_array_index (commitments, c);

          g_string_append_printf (out, "%s|%u|%s|%s\n", commitment->commitment,
                                  commitment->from_roll,
                                  commitment->secret != NULL ? commitment->secret : "",
                                  commitment->table != NULL ? commitment->table : "");
          mixes = commitment->mixes;
        }
      for (guint m = 0; mixes != NULL && m < mixes->len; m++)
        {
          const AdmDicePhaseMix *mix = g_ptr_array_index (mixes, m);

          g_string_append_printf (out, "%u|%u|%s\n", mix->from, mix->given->len,
                                  mix->mix != NULL ? mix->mix : "");
        }
    }
  inputs->state = g_string_free (out, FALSE);
  g_hash_table_replace (self->cycle_inputs, GUINT_TO_POINTER (cycle), inputs);
  return inputs;
}

/* What @admiral's report of @cycle is made of now (ReportInputs), or NULL when it is not to be
 * kept: once the whole truth is published every side reads the master's report, made of the
 * whole campaign; and a campaign that does not keep its battles has them read from files in
 * the battles folder, which change without it. */
static ReportInputs *
report_inputs (AdmPortal        *self,
               const AdmAdmiral *admiral,
               guint             cycle)
{
  AdmStrategy *strategy = adm_state_get_strategy (adm_campaign_get_state (self->campaign));
  AdmScenario *scenario = adm_campaign_get_scenario (self->campaign);
  CycleInputs *shared;
  ReportInputs *inputs;
  GString *out;

  if (adm_audience_is_master (adm_audience_of_campaign (strategy, adm_audience_public ())))
    return NULL;
  shared = cycle_inputs (self, cycle);
  if (self->battles_dir != NULL && adm_campaign_list_battles (self->campaign)->len == 0 &&
      adm_state_get_battle_endings (adm_campaign_get_state (self->campaign))->len == 0)
    return NULL;
  out = g_string_new (shared->state);
  /* F-STRAT-3: the engagements his side is told of, by the one audience filter. */
  for (guint e = 0; e < shared->engagements->len; e++)
    g_string_append_c (out, adm_audience_told_of_engagement (
                              strategy, scenario, admiral->faction,
                              g_ptr_array_index (shared->engagements, e)) ? '1' : '0');
  inputs = g_new0 (ReportInputs, 1);
  inputs->events = g_ptr_array_ref (shared->events);
  inputs->state = g_string_free (out, FALSE);
  inputs->version = self->version;
  return inputs;
}

/* Whether @kept and @now are made of the same: the same events, the same objects in the same
 * order (each held by @kept, so none of them is another's at the same address), and the same
 * state. */
static gboolean
report_inputs_equal (const ReportInputs *kept,
                     const ReportInputs *now)
{
  return kept->events->len == now->events->len &&
         (kept->events == now->events ||
          memcmp (kept->events->pdata, now->events->pdata,
                  kept->events->len * sizeof (gpointer)) == 0) &&
         g_str_equal (kept->state, now->state);
}

/* The key of @admiral's fragment @part in @lang. */
static char *
fragment_key (const AdmAdmiral *admiral,
              const char       *lang,
              const char       *part)
{
  return g_strdup_printf ("%s\n%s\n%s", admiral->id, lang, part);
}

/* @admiral's report of @cycle kept under @key, or NULL when there is none to keep: one kept
 * from an earlier version of the campaign is kept on only while what it is made of is the
 * same (report_inputs ()). */
static const char *
kept_report (AdmPortal        *self,
             const AdmAdmiral *admiral,
             const char       *key,
             guint             cycle)
{
  const char *made = g_hash_table_lookup (self->fragments, key);
  ReportInputs *kept = g_hash_table_lookup (self->report_inputs, key);
  ReportInputs *now;
  gboolean same;

  if (made == NULL || kept == NULL || kept->version == self->version)
    return made;
  now = report_inputs (self, admiral, cycle);
  same = now != NULL && report_inputs_equal (kept, now);
  g_clear_pointer (&now, _adm_portal_report_inputs_free);
  if (!same)
    return NULL;
  kept->version = self->version;
  return made;
}

/* A fragment of @admiral's page in @lang (the language in effect): kept, or made now. @part
 * is "cards", "known" or a cycle's number (its report: kept_report ()). */
static const char *
fragment (AdmPortal        *self,
          const AdmAdmiral *admiral,
          const char       *lang,
          const char       *part)
{
  g_autofree char *key = fragment_key (admiral, lang, part);
  char *made = g_hash_table_lookup (self->fragments, key);
  guint64 cycle;

  if (g_ascii_string_to_unsigned (part, 10, 1, G_MAXUINT, &cycle, NULL))
    {
      const char *kept = kept_report (self, admiral, key, (guint) cycle);
      ReportInputs *now;

      if (kept != NULL)
        return kept;
      now = report_inputs (self, admiral, (guint) cycle);
      made = adm_portal_page_report (self->campaign, admiral, self->battles_dir, (guint) cycle);
      if (now != NULL)
        g_hash_table_replace (self->report_inputs, g_strdup (key), now);
      else
        g_hash_table_remove (self->report_inputs, key);
      g_hash_table_replace (self->fragments, g_steal_pointer (&key), made);
      return made;
    }
  if (made != NULL)
    return made;
  if (g_str_equal (part, "cards"))
    made = adm_portal_page_cards (self->campaign, admiral, self->battles_dir);
  else if (g_str_equal (part, "known"))
    made = adm_portal_page_known (self->campaign, admiral);
  else
    g_return_val_if_reached ("");
  g_hash_table_insert (self->fragments, g_steal_pointer (&key), made);
  return made;
}

/* The reports of the cycles resolved, newest first (adm_portal_page_reports ()), each a
 * fragment. */
static char *
reports_of (AdmPortal        *self,
            const AdmAdmiral *admiral,
            const char       *lang)
{
  guint current = _adm_portal_current_cycle (self);
  GString *out;

  if (current <= 1)
    return adm_portal_page_no_reports ();
  out = g_string_new (NULL);
  for (guint cycle = current - 1; cycle >= 1; cycle--)
    {
      g_autofree char *part = g_strdup_printf ("%u", cycle);

      g_string_append (out, fragment (self, admiral, lang, part));
    }
  return g_string_free (out, FALSE);
}

static Parts *
parts_for (AdmPortal        *self,
           const AdmAdmiral *admiral,
           const char       *lang)
{
  g_autofree char *key = g_strdup_printf ("%s\n%s", admiral->id, lang);
  Parts *parts = g_hash_table_lookup (self->parts, key);

  if (parts != NULL)
    return parts;
  parts = g_new0 (Parts, 1);
  parts->cards = g_strdup (fragment (self, admiral, lang, "cards"));
  parts->reports = reports_of (self, admiral, lang);
  parts->known = g_strdup (fragment (self, admiral, lang, "known"));
  g_hash_table_insert (self->parts, g_steal_pointer (&key), parts);
  return parts;
}

/* What changes from one request to the next, marked in the cached page: characters no text
 * of a campaign holds (XML forbids them). */
#define MARK_NONCE "\x01" "N" "\x01"
#define MARK_CSRF  "\x01" "C" "\x01"
#define MARK_NOW   "\x01" "T" "\x01"
#define MARK_CLOCK "\x01" "K" "\x01"
#define MARK_VERSION "\x01" "V" "\x01"

/* What status.json says of the page's state, as its script compares it:
 * "VERSION|SHEET|DEADLINE|PAUSED|EXTENDED"; VERSION is the page's own (its digest, filled in
 * where the mark is), never the campaign's, which hidden changes move. */
static char *
state_key (AdmPortal        *self,
           const AdmAdmiral *admiral)
{
  static const char * const names[] = { "pending", "accepted", "refused" };
  const AdmPortalSheet *sent = g_hash_table_lookup (self->sheets, admiral->id);
  const char *sheet = sent != NULL && sent->cycle == _adm_portal_current_cycle (self)
                      ? names[sent->status] : "none";

  return g_strdup_printf ("%s|%s|%" G_GINT64_FORMAT "|%" G_GINT64_FORMAT "|%" G_GINT64_FORMAT,
                          MARK_VERSION, sheet, self->deadline, self->paused, self->extended);
}

/* The name his page gives what it keeps in the phone's storage: a digest keyed with his
 * link's token, so that it is his alone (another campaign's, or his link reissued, is
 * another), and tells neither who he is nor his link to whoever reads the phone's storage. */
static char *
store_name (AdmPortal        *self,
            const AdmAdmiral *admiral)
{
  const char *token = adm_portal_tokens_get (self->tokens, admiral->id);
  g_autofree char *digest = NULL;

  if (token == NULL)
    return NULL;
  digest = g_compute_hmac_for_string (G_CHECKSUM_SHA256, (const guchar *) token,
                                      strlen (token), "admiralty-page-storage", -1);
  return g_strndup (digest, 24);
}

/* The admiral's page with marks where the request's own values go, or (@message given) the
 * page made for this answer alone, its form filled in with @fill. */
char *
_adm_portal_marked_page (AdmPortal               *self,
                         const AdmAdmiral        *admiral,
                         const char              *lang,
                         const char              *message,
                         gboolean                 message_is_error,
                         const AdmPortalFormFill *fill)
{
  AdmScenario *scenario = adm_campaign_get_scenario (self->campaign);
  g_autofree char *form = NULL, *status_text = NULL, *subtitle = NULL, *key = NULL;
  g_autofree char *returned = NULL, *final = NULL, *store = NULL;
  const AdmPortalSheet *sent = g_hash_table_lookup (self->sheets, admiral->id);
  AdmPortalFormFill own = { NULL, NULL, NULL, FALSE };
  const AdmMusterEntry *muster;
  gboolean muster_refused = FALSE;
  AdmPortalPage page = { 0, };
  LangScope scope;
  Parts *parts;
  char *html;

  _adm_portal_lang_push (&scope, lang);
  parts = parts_for (self, admiral, lang);
  muster = _adm_portal_muster_entry (self, admiral);
  if (muster != NULL)
    {
      /* F-GEN-6: before cycle 1 his sheet is his muster. */
      g_autofree char *rule = adm_muster_composition_rule (
          adm_state_get_muster (adm_campaign_get_state (self->campaign)));

      form = _adm_portal_muster_form (muster, rule, MARK_CSRF, fill);
      status_text = _adm_portal_muster_status (muster, &muster_refused);
      page.sheet_heading = _("Your muster before cycle 1");
    }
  else if (fill == NULL)
    {
      /* His page: the form as he last handed it in this cycle. */
      returned = _adm_portal_posted_fill (self, admiral, &own);
      fill = &own;
      if (returned != NULL)
        message = returned, message_is_error = TRUE;
    }
  if (muster == NULL)
    {
      form = adm_portal_page_form_filled (self->campaign, admiral, MARK_CSRF, fill);
      _adm_portal_fill_clear (&own);
      status_text = sheet_status (self, admiral);
      final = adm_portal_page_final (sent != NULL &&
                                     sent->cycle == _adm_portal_current_cycle (self) &&
                                     sent->status != ADM_PORTAL_SHEET_REFUSED,
                                     _adm_portal_sheet_is_final (self, sent),
                                     strstr (form, "id=\"orders\"") != NULL, MARK_CSRF);
    }
  key = state_key (self, admiral);
  /* Translators: under the admiral's name on his page: his faction, the campaign */
  subtitle = g_strdup_printf (_("%s · %s"), admiral->faction->name,
                              adm_scenario_get_name (scenario));
  store = store_name (self, admiral);
  page.lang = lang;
  page.store = store;
  page.title = admiral->name;
  page.subtitle = subtitle;
  page.cycle = _adm_portal_current_cycle (self);
  page.version_mark = MARK_VERSION;
  page.deadline = self->deadline;
  page.paused = self->paused;
  page.extended = self->extended;
  page.state_key = key;
  page.now_mark = MARK_NOW;
  page.clock_mark = MARK_CLOCK;
  page.sheet_status = status_text;
  page.sheet_is_news = muster != NULL ? muster->status != ADM_MUSTER_NOT_HANDED_IN
                                       : sent != NULL && sent->cycle == page.cycle;
  page.sheet_is_error = muster != NULL ? muster_refused
                                       : page.sheet_is_news &&
                                         sent->status == ADM_PORTAL_SHEET_REFUSED;
  page.message = message;
  page.message_is_error = message_is_error;
  page.nonce = MARK_NONCE;
  page.final_html = final;
  page.form_html = form;
  page.cards_html = parts->cards;
  page.known_html = parts->known;
  page.reports_html = parts->reports;
  {
    const AdmCampaignEnding *ending =
      adm_strategy_get_ending (adm_state_get_strategy (adm_campaign_get_state (self->campaign)));

    page.war_over = ending != NULL ? ending->reason : NULL;
    page.truth_published = ending != NULL && ending->published;
  }
  html = adm_portal_page_render (&page);
  _adm_portal_lang_pop (&scope);
  return html;
}

/* The version of a page whose marked text is @html: a digest of everything it shows but what
 * each request fills in. It changes when his page does, and only then: a change of the
 * campaign he may not be told of (a phase of a battle hidden from his side) leaves his page,
 * and so its version, as they were; a global counter would tell him that something happened. */
static guint
page_version (const char *html)
{
  g_autoptr(GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  guint8 digest[32];
  gsize length = sizeof digest;

  g_checksum_update (sum, (const guchar *) html, -1);
  g_checksum_get_digest (sum, digest, &length);
  return (guint) digest[0] << 24 | (guint) digest[1] << 16 | (guint) digest[2] << 8 | digest[3];
}

/* @html cut at its marks. */
Page *
_adm_portal_page_new (const char *html)
{
  Page *page = g_atomic_rc_box_new0 (Page);
  const char *start = html, *mark;

  page->version = page_version (html);

  page->pieces = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  page->marks = g_string_new (NULL);
  while ((mark = strchr (start, '\x01')) != NULL && mark[1] != '\0' && mark[2] == '\x01')
    {
      g_ptr_array_add (page->pieces, g_bytes_new (start, (gsize) (mark - start)));
      g_string_append_c (page->marks, mark[1]);
      start = mark + 3;
    }
  g_ptr_array_add (page->pieces, g_bytes_new (start, strlen (start)));
  return page;
}


/* Server thread: answers with @page, its marks filled in for this request: the pieces are
 * handed to libsoup as they are, so that an answer costs a few small strings whatever the
 * page's size. */
void
_adm_portal_respond_page (Shared            *shared,
                          SoupServerMessage *msg,
                          guint              status,
                          const char        *admiral_id,
                          Page              *page)
{
  SoupMessageHeaders *headers = soup_server_message_get_response_headers (msg);
  SoupMessageBody *body = soup_server_message_get_response_body (msg);
  g_autofree char *nonce = adm_portal_random_secret ();
  g_autofree char *csrf = NULL;
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  g_autofree char *now_text = g_strdup_printf ("%" G_GINT64_FORMAT, now);
  g_autofree char *clock = NULL;
  g_autofree char *version = g_strdup_printf ("%u", page->version);
  g_autofree char *policy = g_strdup_printf ("default-src 'none'; style-src 'nonce-%s'; "
                                             "script-src 'nonce-%s'; connect-src 'self'; "
                                             "form-action 'self'; base-uri 'none'; "
                                             "frame-ancestors 'none'", nonce, nonce);
  gint64 deadline;
  gsize size = 0;
  GString *text;
  GBytes *answer;

  _adm_portal_note_presence (shared, admiral_id);
  g_mutex_lock (&shared->lock);
  csrf = _adm_portal_new_csrf (shared, admiral_id);
  deadline = shared->deadline;
  g_mutex_unlock (&shared->lock);
  clock = deadline > 0 ? adm_portal_page_clock_text (deadline, now) : g_strdup ("");

  adm_portal_add_common_headers (msg);
  soup_message_headers_replace (headers, "Content-Security-Policy", policy);
  soup_message_headers_replace (headers, "Content-Type", "text/html; charset=utf-8");
  soup_server_message_set_status (msg, status, NULL);
  /* One buffer, sent in one write: a body in pieces goes out as as many small writes, each
   * a wakeup of the client's loop. */
  for (guint i = 0; i < page->pieces->len; i++)
    size += g_bytes_get_size (g_ptr_array_index (page->pieces, i)) + ADM_PORTAL_TOKEN_CHARS;
  text = g_string_sized_new (size);
  for (guint i = 0; i < page->pieces->len; i++)
    {
      GBytes *piece = g_ptr_array_index (page->pieces, i);
      const char *value = NULL;

      g_string_append_len (text, g_bytes_get_data (piece, NULL), g_bytes_get_size (piece));
      if (i >= page->marks->len)
        break;
      switch (page->marks->str[i])
        {
        case 'N': value = nonce; break;
        case 'C': value = csrf; break;
        case 'T': value = now_text; break;
        case 'V': value = version; break;
        case 'K': default: value = clock; break;
        }
      g_string_append (text, value);
    }
  soup_message_body_truncate (body);
  soup_message_body_append_bytes (body, answer = g_string_free_to_bytes (text));
  g_bytes_unref (answer);
}

/* Server thread: status.json, from what the main thread published: his page's version (in
 * the language of his page), which tells the phone to reload when his page has changed. */
void
_adm_portal_respond_status (Shared            *shared,
                            SoupServerMessage *msg,
                            const char        *admiral_id,
                            guint              version)
{
  g_autofree char *json = NULL;
  const char *sheet;

  g_mutex_lock (&shared->lock);
  sheet = g_hash_table_lookup (shared->statuses, admiral_id);
  json = g_strdup_printf ("{\"version\":%u,\"cycle\":%u,\"deadline\":%" G_GINT64_FORMAT
                          ",\"paused\":%" G_GINT64_FORMAT ",\"extended\":%" G_GINT64_FORMAT
                          ",\"now\":%" G_GINT64_FORMAT ",\"sheet\":\"%s\",\"final\":%s}\n",
                          version, shared->cycle, shared->deadline, shared->paused,
                          shared->extended, g_get_real_time () / G_USEC_PER_SEC,
                          sheet != NULL ? sheet : "none",
                          g_hash_table_contains (shared->finals, admiral_id) ? "true" : "false");
  g_mutex_unlock (&shared->lock);
  adm_portal_add_common_headers (msg);
  soup_message_headers_replace (soup_server_message_get_response_headers (msg),
                                "Content-Security-Policy", "default-src 'none'");
  soup_server_message_set_status (msg, SOUP_STATUS_OK, NULL);
  soup_server_message_set_response (msg, "application/json", SOUP_MEMORY_COPY, json,
                                    strlen (json));
}

/* Main thread: the admiral's page, as published, or made now from its fragments (which must
 * be made) and published. */
static Page *
page_for (AdmPortal        *self,
          const AdmAdmiral *admiral,
          const char       *lang,
          const char       *key)
{
  Shared *shared = self->shared;
  g_autofree char *marked = NULL;
  Page *page;

  g_mutex_lock (&shared->lock);
  page = g_hash_table_lookup (shared->pages, key);
  if (page != NULL)
    g_atomic_rc_box_acquire (page);
  g_mutex_unlock (&shared->lock);
  if (page != NULL)
    return page;
  marked = _adm_portal_marked_page (self, admiral, lang, NULL, FALSE, NULL);
  page = _adm_portal_page_new (marked);
  g_mutex_lock (&shared->lock);
  g_hash_table_replace (shared->pages, g_strdup (key), g_atomic_rc_box_acquire (page));
  g_hash_table_replace (shared->versions, g_strdup (key), GUINT_TO_POINTER (page->version));
  g_mutex_unlock (&shared->lock);
  g_hash_table_add (self->warm, g_strdup (key));
  return page;
}

/* Main thread: answers @job with the admiral's page; its fragments are made. */
static void
job_answer_page (AdmPortal        *self,
                 Job              *job,
                 const AdmAdmiral *admiral)
{
  job->page = page_for (self, admiral, job->lang, job->key);
  if (job->status == SOUP_STATUS_NOT_FOUND)
    job->status = SOUP_STATUS_OK;
  _adm_portal_job_reply (job);
}

/* Main thread: answers @job with the admiral's page at once when its fragments are made, else
 * when they are (build_step ()). */
void
_adm_portal_job_serve_page (AdmPortal        *self,
                            Job              *job,
                            const AdmAdmiral *admiral)
{
  if (g_hash_table_contains (self->parts, job->key))
    job_answer_page (self, job, admiral);
  else
    _adm_portal_build_queue (self, admiral->id, job->lang, job->key, job);
}

/* Making a page in steps */

static void
build_done (AdmPortal *self,
            Build     *build)
{
  const AdmAdmiral *admiral = self->campaign != NULL
                              ? _adm_portal_admiral_of (self, build->admiral_id) : NULL;

  /* Made and published even with no request waiting: the next one finds it. */
  if (admiral != NULL)
    _adm_portal_page_unref (page_for (self, admiral, build->lang, build->key));
  for (guint i = 0; i < build->waiting->len; i++)
    {
      Job *job = g_ptr_array_index (build->waiting, i);

      if (admiral != NULL)
        job_answer_page (self, job, admiral);
      else
        _adm_portal_job_reply (job);
    }
  g_ptr_array_set_size (build->waiting, 0);
}

/* One battle of @cycle that the campaign keeps and does not hold played, played now
 * (adm_campaign_get_battle_played ()): FALSE when there is none. A report reads its cycle's
 * battles played; each takes milliseconds to play from the journal, and a cycle's few of them
 * with the report made more than a frame, so a report to be made has them played first, each
 * in a step of its own. */
static gboolean
play_a_battle (AdmPortal *self,
               guint      cycle)
{
  GPtrArray *engagements = cycle_inputs (self, cycle)->engagements;

  for (guint e = 0; e < engagements->len; e++)
    {
      const AdmQueuedEngagement *engagement = g_ptr_array_index (engagements, e);

      if (adm_campaign_has_battle (self->campaign, engagement->id, NULL, NULL) &&
          !adm_campaign_holds_battle_played (self->campaign, engagement->id))
        {
          adm_campaign_get_battle_played (self->campaign, engagement->id, NULL);
          return TRUE;
        }
    }
  return FALSE;
}

/* One step: one fragment of the head build's page (a fleet-card sheet, what his side knows,
 * or one cycle's report, its battles played first a step each: play_a_battle ()), a few
 * milliseconds, or the page made of them. FALSE when no page is being made. */
static gboolean
build_step (AdmPortal *self)
{
  Build *build = g_queue_peek_head (&self->builds);
  const AdmAdmiral *admiral;
  guint current, cycle;
  LangScope scope;

  if (build == NULL)
    return FALSE;
  admiral = self->campaign != NULL ? _adm_portal_admiral_of (self, build->admiral_id) : NULL;
  if (admiral == NULL || g_hash_table_contains (self->parts, build->key))
    {
      /* Its fragments made (by the steps before, or for a sheet's answer), or gone with the
       * campaign: the page, in a step of its own. */
      build_done (self, g_queue_pop_head (&self->builds));
      _adm_portal_build_free (build);
      return TRUE;
    }
  /* The campaign changed under the build: its fragments so far are of the old one. */
  if (build->version != self->version || build->parts == NULL)
    {
      g_clear_pointer (&build->parts, _adm_portal_parts_free);
      if (build->reports != NULL)
        g_string_free (build->reports, TRUE);
      build->parts = g_new0 (Parts, 1);
      build->reports = g_string_new (NULL);
      build->version = self->version;
      build->step = 0;
      build->played = 0;
    }
  current = _adm_portal_current_cycle (self);
  _adm_portal_lang_push (&scope, build->lang);
  if (build->step == 0)
    build->parts->cards = g_strdup (fragment (self, admiral, build->lang, "cards"));
  else if (build->step == 1)
    build->parts->known = g_strdup (fragment (self, admiral, build->lang, "known"));
  else if ((cycle = current - (build->step - 1)) >= 1 && cycle < current)
    {
      g_autofree char *part = g_strdup_printf ("%u", cycle);
      g_autofree char *key = fragment_key (admiral, build->lang, part);

      /* At most one step a battle of the cycle: a battle let go meanwhile (another kept,
       * adm_campaign_keep_battle ()) is played again inside the report's own step. */
      if (build->played < cycle_inputs (self, cycle)->engagements->len &&
          kept_report (self, admiral, key, cycle) == NULL && play_a_battle (self, cycle))
        {
          build->played++;
          _adm_portal_lang_pop (&scope);
          return TRUE;
        }
      g_string_append (build->reports, fragment (self, admiral, build->lang, part));
    }
  _adm_portal_lang_pop (&scope);
  build->step++;
  build->played = 0;
  if (build->step >= 2 && (current <= 1 || build->step - 1 >= current))
    {
      if (current <= 1)
        build->parts->reports = adm_portal_page_no_reports ();
      else
        build->parts->reports = g_string_free (g_steal_pointer (&build->reports), FALSE);
      g_hash_table_insert (self->parts, g_strdup (build->key), g_steal_pointer (&build->parts));
    }
  return TRUE;
}

static gboolean pdf_step (AdmPortal *self);
static gboolean pdf_check_step (AdmPortal *self);

/* One step of the portal's work on the main loop a turn, at idle priority: a fragment of a
 * page, half of a report's PDF, or the check of a PDF, each a few milliseconds, taken in turn
 * from each queue with work. One source for them all, so that the main loop never runs two of
 * them in one turn (GLib dispatches every ready source of a priority together). */
static gboolean archive_step (AdmPortal *self);

static gboolean
step_cb (gpointer data)
{
  static gboolean (* const steps[]) (AdmPortal *self) = { build_step, pdf_step, pdf_check_step,
                                                          archive_step };
  AdmPortal *self = data;

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      guint which = (self->next_step + i) % G_N_ELEMENTS (steps);

      if (steps[which] (self))
        {
          self->next_step = (which + 1) % G_N_ELEMENTS (steps);
          return G_SOURCE_CONTINUE;
        }
    }
  self->step_source = 0;
  return G_SOURCE_REMOVE;
}

/* Main thread: there is a step to take. */
static void
steps_wake (AdmPortal *self)
{
  GSource *source;

  if (self->step_source != 0)
    return;
  source = g_idle_source_new ();
  g_source_set_priority (source, G_PRIORITY_DEFAULT_IDLE);
  g_source_set_callback (source, step_cb, self, NULL);
  g_source_set_static_name (source, "[admiralty] portal step");
  self->step_source = g_source_attach (source, self->shared->owner);
  g_source_unref (source);
}

/* Main thread: the page of @key made in steps, @job (when not NULL) answered with it. */
void
_adm_portal_build_queue (AdmPortal  *self,
                         const char *admiral_id,
                         const char *lang,
                         const char *key,
                         Job        *job)
{
  Build *build = NULL;

  for (GList *l = self->builds.head; l != NULL && build == NULL; l = l->next)
    if (g_str_equal (((Build *) l->data)->key, key))
      build = l->data;
  if (build == NULL)
    {
      build = g_new0 (Build, 1);
      build->admiral_id = g_strdup (admiral_id);
      build->lang = g_strdup (lang);
      build->key = g_strdup (key);
      build->waiting = g_ptr_array_new ();
      g_queue_push_tail (&self->builds, build);
    }
  if (job != NULL)
    g_ptr_array_add (build->waiting, job);
  steps_wake (self);
}

/* Stopped: the requests waiting for a page are dropped with their connections. */
/* The archive being written (_adm_portal_archive_queue ()). */
typedef struct _ArchiveMaking {
  AdmArchive        *archive;
  AdmArchiveWriting *writing;
  char              *path;     /* its temporary file */
  guint              version;  /* of the campaign it is written from */
  char              *lang;
  GPtrArray         *waiting;  /* Job*: asked for it meanwhile */
} ArchiveMaking;

static void
archive_making_free (ArchiveMaking *making)
{
  g_clear_pointer (&making->writing, adm_archive_writing_free);
  g_clear_pointer (&making->archive, adm_archive_free);
  if (making->path != NULL)
    g_unlink (making->path);
  g_free (making->path);
  g_free (making->lang);
  g_ptr_array_unref (making->waiting);
  g_free (making);
}

void
_adm_portal_builds_clear (AdmPortal *self)
{
  Build *build;
  GSource *source = self->step_source != 0
                    ? g_main_context_find_source_by_id (self->shared->owner, self->step_source)
                    : NULL;

  if (source != NULL)
    g_source_destroy (source);
  self->step_source = 0;
  while ((build = g_queue_pop_head (&self->builds)) != NULL)
    {
      for (guint i = 0; i < build->waiting->len; i++)
        _adm_portal_job_free (g_ptr_array_index (build->waiting, i));
      _adm_portal_build_free (build);
    }
  /* And the reports' PDFs still to make or to check, and the archive being written. */
  if (self->archive_making != NULL)
    {
      for (guint i = 0; i < self->archive_making->waiting->len; i++)
        _adm_portal_job_free (g_ptr_array_index (self->archive_making->waiting, i));
      g_clear_pointer (&self->archive_making, archive_making_free);
    }
  g_queue_clear_full (&self->pdf_jobs, (GDestroyNotify) _adm_portal_job_free);
  g_clear_pointer (&self->pdf_digest, g_free);
  g_queue_clear_full (&self->pdf_checks, g_free);
}

static cairo_status_t
write_bytes_cb (void                *closure,
                const unsigned char *data,
                unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

/* @doc as a PDF in memory, A4: nothing of a request reaches the file system. */
static GBytes *
doc_pdf (AdmDoc *doc)
{
  GByteArray *bytes = g_byte_array_new ();
  AdmPaper paper;
  cairo_surface_t *surface;
  cairo_t *cr;
  g_autoptr(AdmDocLayout) layout = NULL;

  adm_paper_from_name ("a4", &paper);
  surface = cairo_pdf_surface_create_for_stream (write_bytes_cb, bytes, paper.width,
                                                 paper.height);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, adm_doc_get_title (doc));
  cr = cairo_create (surface);
  layout = adm_doc_layout_new (doc, cr, paper.width, paper.height);
  for (guint page = 0; page < adm_doc_layout_get_n_pages (layout); page++)
    {
      adm_doc_layout_render_page (layout, cr, page);
      cairo_show_page (cr);
    }
  g_clear_pointer (&layout, adm_doc_layout_free);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  cairo_surface_destroy (surface);
  return g_byte_array_free_to_bytes (bytes);
}

/* "report-N.pdf" with N a resolved cycle (before @current), written as a plain number, or 0. */
guint
_adm_portal_parse_report (guint       current,
                          const char *rest)
{
  guint64 cycle = 0;
  const char *c = rest + strlen ("report-");

  if (!g_str_has_prefix (rest, "report-") || !g_ascii_isdigit (*c) || *c == '0')
    return 0;
  for (; g_ascii_isdigit (*c) && cycle < 100000; c++)
    cycle = cycle * 10 + (guint64) (*c - '0');
  if (!g_str_equal (c, ".pdf") || cycle >= current)
    return 0;
  return (guint) cycle;
}

typedef struct {
  AdmPortal *portal;
  Job       *job;
  char      *key;
  char      *digest;   /* of the report's fragment: report_digest () */
  guint      version;
  AdmDoc    *doc;      /* to draw */
  GBytes    *pdf;      /* drawn */
} PdfTask;

static void
pdf_task_free (gpointer data)
{
  PdfTask *task = data;

  /* A job still here was not answered: its server is gone. */
  if (task->job != NULL)
    _adm_portal_job_free (task->job);
  g_free (task->key);
  g_free (task->digest);
  g_clear_pointer (&task->doc, adm_doc_free);
  g_clear_pointer (&task->pdf, g_bytes_unref);
  g_object_unref (task->portal);
  g_free (task);
}

static gboolean pdf_drawn_cb (gpointer data);

/* In the background (adm_background_run ()): the document drawn as a PDF, then back to the
 * main thread. Drawing needs no translation (the document's words, its page footer included,
 * were translated when it was made) and no campaign: nothing the main thread changes. */
static void
pdf_draw_thread (gpointer data,
                 gpointer unused)
{
  PdfTask *pdf_task = data;

  pdf_task->pdf = doc_pdf (pdf_task->doc);
  g_clear_pointer (&pdf_task->doc, adm_doc_free);
  adm_handover_send (pdf_task->portal->shared->owner, pdf_drawn_cb, pdf_task, pdf_task_free);
}

/* Main thread: the PDF drawn; published (unless the campaign changed meanwhile) and sent. */
static gboolean
pdf_drawn_cb (gpointer data)
{
  PdfTask *pdf_task = data;
  AdmPortal *self = pdf_task->portal;
  GBytes *pdf = g_steal_pointer (&pdf_task->pdf);
  Job *job = g_steal_pointer (&pdf_task->job);

  /* Its server stopped meanwhile: nothing would read an answer. */
  if (self->server == NULL || self->server->context != job->reply_to)
    {
      _adm_portal_job_free (job);
      g_clear_pointer (&pdf, g_bytes_unref);
    }
  else
    {
      if (pdf_task->version == self->version)
        {
          g_mutex_lock (&self->shared->lock);
          g_hash_table_replace (self->shared->pdfs, g_strdup (pdf_task->key), g_bytes_ref (pdf));
          g_mutex_unlock (&self->shared->lock);
          g_hash_table_replace (self->pdf_sources, g_strdup (pdf_task->key),
                                g_steal_pointer (&pdf_task->digest));
        }
      job->pdf = pdf;
      job->status = SOUP_STATUS_OK;
      _adm_portal_job_reply (job);
    }
  return G_SOURCE_REMOVE;
}

/* Main thread: the digest of the report of @cycle on @admiral's page in @lang, the fragment
 * made of the very document his PDF is drawn from (adm_portal_page_report ()). */
static char *
report_digest (AdmPortal        *self,
               const AdmAdmiral *admiral,
               const char       *lang,
               guint             cycle)
{
  g_autofree char *part = g_strdup_printf ("%u", cycle);
  LangScope scope;
  char *digest;

  _adm_portal_lang_push (&scope, lang);
  digest = g_compute_checksum_for_string (G_CHECKSUM_SHA256,
                                          fragment (self, admiral, lang, part), -1);
  _adm_portal_lang_pop (&scope);
  return digest;
}

/* Main thread: the PDF of @job's report as published, or NULL. */
static GBytes *
pdf_published (AdmPortal  *self,
               Job        *job,
               const char *key)
{
  GBytes *pdf;

  g_mutex_lock (&self->shared->lock);
  pdf = g_hash_table_lookup (self->shared->pdfs, key);
  if (pdf != NULL)
    g_bytes_ref (pdf);
  g_mutex_unlock (&self->shared->lock);
  return pdf;
}

/* Main thread: @job's report as a PDF, made once and published until its report changes. The
 * report is made here, from the campaign, in the admiral's language (@digest, taken, is its
 * fragment's, made the step before); it is drawn in the background: the UI never waits for
 * the portal. */
static void
job_pdf (AdmPortal        *self,
         Job              *job,
         const AdmAdmiral *admiral,
         char             *digest)
{
  g_autofree char *key = g_strdup_printf ("%s\n%s\n%u", admiral->id, job->lang, job->cycle);
  g_autofree char *made_digest = digest;
  GBytes *pdf = pdf_published (self, job, key);

  if (pdf == NULL && job->cycle < _adm_portal_current_cycle (self))
    {
      g_autoptr(GError) error = NULL;
      AdmDoc *doc;
      LangScope scope;
      PdfTask *pdf_task;

      _adm_portal_lang_push (&scope, job->lang);
      doc = adm_report_build (self->campaign, ADM_REPORT_ADMIRAL, admiral->id, job->cycle,
                              self->battles_dir, &error);
      _adm_portal_lang_pop (&scope);
      if (doc == NULL)
        {
          job->status = SOUP_STATUS_INTERNAL_SERVER_ERROR;
          job->text = g_strdup (error->message);
          _adm_portal_job_reply (job);
          return;
        }
      pdf_task = g_new0 (PdfTask, 1);
      pdf_task->portal = g_object_ref (self);
      pdf_task->job = job;
      pdf_task->key = g_steal_pointer (&key);
      pdf_task->digest = made_digest != NULL
                         ? g_steal_pointer (&made_digest)
                         : report_digest (self, admiral, job->lang, job->cycle);
      pdf_task->version = self->version;
      pdf_task->doc = doc;
      adm_background_run (pdf_draw_thread, pdf_task);
      return;
    }
  job->pdf = pdf;
  job->status = pdf != NULL ? SOUP_STATUS_OK : SOUP_STATUS_NOT_FOUND;
  _adm_portal_job_reply (job);
}

/* One report's PDF in two steps, the fragment of its report (when its PDF is to be made and
 * the fragment is not), then the report made to be drawn: each takes a few milliseconds, and
 * the requests for the eleven admirals' reports arriving at once would otherwise hold the main
 * loop for all of them in one stretch (the UI never waits for the portal). FALSE when no PDF
 * is asked for. */
static gboolean
pdf_step (AdmPortal *self)
{
  Job *job = g_queue_peek_head (&self->pdf_jobs);
  const AdmAdmiral *admiral;

  if (job == NULL)
    return FALSE;
  admiral = self->campaign != NULL ? _adm_portal_admiral_of (self, job->admiral_id) : NULL;
  if (admiral != NULL && self->pdf_digest == NULL &&
      job->cycle < _adm_portal_current_cycle (self))
    {
      g_autofree char *key = g_strdup_printf ("%s\n%s\n%u", admiral->id, job->lang,
                                              job->cycle);
      g_autoptr(GBytes) pdf = pdf_published (self, job, key);

      if (pdf == NULL)
        {
          self->pdf_digest = report_digest (self, admiral, job->lang, job->cycle);
          return TRUE;
        }
    }
  g_queue_pop_head (&self->pdf_jobs);
  if (admiral == NULL)
    {
      g_clear_pointer (&self->pdf_digest, g_free);
      _adm_portal_job_reply (job);
    }
  else
    job_pdf (self, job, admiral, g_steal_pointer (&self->pdf_digest));
  return TRUE;
}

void
_adm_portal_pdf_queue (AdmPortal *self,
                       Job       *job)
{
  g_queue_push_tail (&self->pdf_jobs, job);
  steps_wake (self);
}

/* Main thread: @job answered with the archive as made. */
static void
archive_reply (AdmPortal *self,
               Job       *job)
{
  job->archive = g_bytes_ref (self->archive);
  job->status = SOUP_STATUS_OK;
  _adm_portal_job_reply (job);
}

/* Main thread: the campaign's archive for @job's admiral, once the master has published its
 * whole truth — every side's is then the master's (adm_audience_of_campaign ()), one for all,
 * made once for each version of the campaign and language. Until then the request is answered
 * as any unknown address is: nothing says there will be one. It is written a frame a step of
 * the main loop (archive_step ()), in between the pages, PDFs and sheets the other phones ask
 * for, never in one stretch: the archive's words are in the admiral's language, which is the
 * whole process's while it is in effect (_adm_portal_lang_push ()), so it is not written on
 * another thread. It goes into a temporary file, read back mapped: the memory it takes while
 * written is a frame's, and when served the page cache's. */
void
_adm_portal_archive_queue (AdmPortal *self,
                           Job       *job)
{
  g_autoptr(GError) error = NULL;
  ArchiveMaking *making;
  LangScope scope;
  int fd;

  if (!adm_campaign_is_published (self->campaign))
    {
      _adm_portal_job_reply (job);
      return;
    }
  if (self->archive != NULL && self->archive_version == self->version &&
      g_strcmp0 (self->archive_lang, job->lang) == 0)
    {
      archive_reply (self, job);
      return;
    }
  /* One archive is written at a time: a request for another language waits for it, then
   * asks again. */
  if (self->archive_making != NULL)
    {
      g_ptr_array_add (self->archive_making->waiting, job);
      steps_wake (self);
      return;
    }
  making = g_new0 (ArchiveMaking, 1);
  making->waiting = g_ptr_array_new ();
  making->version = self->version;
  making->lang = g_strdup (job->lang);
  g_ptr_array_add (making->waiting, job);
  _adm_portal_lang_push (&scope, job->lang);
  making->archive = adm_archive_new (self->campaign, job->admiral_id, &error);
  _adm_portal_lang_pop (&scope);
  if (making->archive != NULL &&
      (fd = g_file_open_tmp ("admiralty-archive-XXXXXX.html", &making->path, &error)) >= 0)
    {
      g_autoptr(GOutputStream) out = g_unix_output_stream_new (fd, TRUE);

      making->writing = adm_archive_writing_new (making->archive, out);
    }
  self->archive_making = making;
  if (making->writing == NULL)
    {
      job->status = SOUP_STATUS_INTERNAL_SERVER_ERROR;
      job->text = g_strdup (error->message);
      g_ptr_array_remove_index (making->waiting, 0);
      _adm_portal_job_reply (job);
      g_clear_pointer (&self->archive_making, archive_making_free);
      return;
    }
  steps_wake (self);
}

/* Main thread: the archive's Jobs asked again, once it is written or given up: each is
 * answered with it, or starts the next. */
static void
archive_requeue (AdmPortal *self,
                 GPtrArray *waiting)
{
  for (guint i = 0; i < waiting->len; i++)
    {
      Job *job = g_ptr_array_index (waiting, i);

      /* Its server stopped meanwhile, or the campaign closed: nothing would read an answer. */
      if (self->server == NULL || self->server->context != job->reply_to ||
          self->campaign == NULL)
        _adm_portal_job_free (job);
      else
        _adm_portal_archive_queue (self, job);
    }
}

/* One step of the archive being written: its next frame, in its language. Written, it is
 * mapped and served to those waiting; the campaign changed meanwhile, it is given up and
 * those waiting ask again. FALSE when no archive is being written. */
static gboolean
archive_step (AdmPortal *self)
{
  ArchiveMaking *making = self->archive_making;
  g_autoptr(GPtrArray) waiting = NULL;
  g_autoptr(GError) error = NULL;
  LangScope scope;
  gboolean ok;

  if (making == NULL)
    return FALSE;
  if (making->version != self->version || self->campaign == NULL)
    {
      waiting = g_ptr_array_ref (making->waiting);
      g_clear_pointer (&self->archive_making, archive_making_free);
      archive_requeue (self, waiting);
      return TRUE;
    }
  _adm_portal_lang_push (&scope, making->lang);
  ok = adm_archive_writing_step (making->writing, NULL, &error);
  _adm_portal_lang_pop (&scope);
  if (ok && !adm_archive_writing_is_done (making->writing))
    return TRUE;
  if (ok)
    {
      g_autoptr(GMappedFile) mapped = NULL;

      /* Closed (flushed), then mapped; the file's name goes, the mapping keeps its pages. */
      g_clear_pointer (&making->writing, adm_archive_writing_free);
      mapped = g_mapped_file_new (making->path, FALSE, &error);
      ok = mapped != NULL;
      if (ok)
        {
          g_clear_pointer (&self->archive, g_bytes_unref);
          self->archive = g_mapped_file_get_bytes (mapped);
          self->archive_version = making->version;
          g_free (self->archive_lang);
          self->archive_lang = g_strdup (making->lang);
        }
    }
  waiting = g_ptr_array_ref (making->waiting);
  g_clear_pointer (&self->archive_making, archive_making_free);
  if (!ok)
    for (guint i = 0; i < waiting->len; i++)
      {
        Job *job = g_ptr_array_index (waiting, i);

        job->status = SOUP_STATUS_INTERNAL_SERVER_ERROR;
        job->text = g_strdup (error->message);
        _adm_portal_job_reply (job);
      }
  else
    archive_requeue (self, waiting);
  return TRUE;
}

/* Main thread: the PDF of @key no longer served; the next request draws it again. */
static void
pdf_drop (AdmPortal  *self,
          const char *key)
{
  g_mutex_lock (&self->shared->lock);
  g_hash_table_remove (self->shared->pdfs, key);
  g_mutex_unlock (&self->shared->lock);
  g_hash_table_remove (self->pdf_sources, key);
}

/* One PDF a step: dropped when the report it was drawn from has changed (or its admiral, or
 * its cycle, is gone with an undone cycle), kept when it has not. FALSE when none is left to
 * check. */
static gboolean
pdf_check_step (AdmPortal *self)
{
  g_autofree char *key = g_queue_pop_head (&self->pdf_checks);
  g_auto(GStrv) fields = NULL;
  const AdmAdmiral *admiral = NULL;
  const char *kept;
  guint current;
  guint64 cycle = 0;

  if (key == NULL)
    return FALSE;
  kept = g_hash_table_lookup (self->pdf_sources, key);
  if (kept == NULL)
    return TRUE;
  fields = g_strsplit (key, "\n", 3);
  current = _adm_portal_current_cycle (self);
  if (g_strv_length (fields) == 3 && current > 1 &&
      g_ascii_string_to_unsigned (fields[2], 10, 1, current - 1, &cycle, NULL))
    admiral = _adm_portal_admiral_of (self, fields[0]);
  if (admiral == NULL)
    pdf_drop (self, key);
  else
    {
      g_autofree char *digest = report_digest (self, admiral, fields[1], (guint) cycle);

      if (!g_str_equal (digest, kept))
        pdf_drop (self, key);
    }
  return TRUE;
}

/* Main thread: the campaign changed. Its reports' PDFs are checked again, one a step, and
 * served as they are meanwhile: dropping them all would make the next request of each wait
 * for a new one, and an admiral timing his report would learn that something happened that
 * his side may not know (a phase of a battle hidden from it, another side's sheet: F-ECM-2,
 * F-STRAT-3). Only a PDF whose report changed is drawn again, and that change is on his page
 * too. Stopped, or with the campaign gone, the portal keeps none. */
void
_adm_portal_pdfs_changed (AdmPortal *self)
{
  GHashTableIter iter;
  const char *key;

  g_queue_clear_full (&self->pdf_checks, g_free);
  if (self->campaign == NULL || self->server == NULL)
    {
      g_mutex_lock (&self->shared->lock);
      g_hash_table_remove_all (self->shared->pdfs);
      g_mutex_unlock (&self->shared->lock);
      g_hash_table_remove_all (self->pdf_sources);
      return;
    }
  g_hash_table_iter_init (&iter, self->pdf_sources);
  while (g_hash_table_iter_next (&iter, (gpointer *) &key, NULL))
    g_queue_push_tail (&self->pdf_checks, g_strdup (key));
  if (!g_queue_is_empty (&self->pdf_checks))
    steps_wake (self);
}
