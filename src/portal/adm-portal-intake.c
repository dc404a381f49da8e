/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-portal-intake.c: the portal's sheet intake (adm-portal.c). On the server thread: a
 * posted sheet or final mark, bounded and with a CSRF token of his page (the last few of each
 * admiral's kept), handed to the main thread. On the main thread: the sheet read into the
 * engine's events as adm-order-sheet.c reads one from XML, checked by the engine, kept for
 * the master or refused with the engine's reason, read back to him on his page, and his form
 * filled in again with the last sheet he handed in; the sheets kept, the master's acceptance
 * or refusal of each (his refusals as the journal says them), and the admirals' final marks
 * (adm-portal.h's public API of the sheets). */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "adm-audience.h"
#include "adm-campaign-journal.h"
#include "adm-id.h"
#include "adm-order-sheet.h"
#include "adm-portal-private.h"
#include "adm-portal-page.h"
#include "adm-portal-tokens.h"

/* CSRF tokens kept per admiral: the pages he may have open (phone and tablet, a reload). */
#define CSRF_KEEP 8

/* An order of the sheet, on its fieldset's @line. */
static AdmEvent *
order_event (const AdmAdmiral *admiral,
             guint             cycle,
             gint64            now,
             guint             line,
             const char       *formation,
             const char       *kind)
{
  AdmEvent *event = adm_order_sheet_order_new (admiral->id, cycle, now, formation, kind);

  adm_event_set_line (event, (int) line);
  return event;
}

G_GNUC_PRINTF (2, 3) static const char *
field (GHashTable *fields,
       const char *format,
       ...)
{
  g_autofree char *name = NULL;
  va_list args;
  const char *value;

  va_start (args, format);
  name = g_strdup_vprintf (format, args);
  va_end (args);
  value = g_hash_table_lookup (fields, name);

  return value != NULL && *value != '\0' ? value : NULL;
}

/* Whether an earlier order of the sheet being read makes a formation with @id. */
static gboolean
made_by_sheet (const char *id,
               gpointer    user_data)
{
  GPtrArray *events = user_data;

  for (guint i = 0; i < events->len; i++)
    if (g_strcmp0 (adm_event_get (g_ptr_array_index (events, i), "new-formation"), id) == 0)
      return TRUE;
  return FALSE;
}

/* The id of a new formation named @name, as the master's sheet form makes it. */
static char *
new_formation_id (AdmCampaign      *campaign,
                  const AdmAdmiral *admiral,
                  const char       *name,
                  GPtrArray        *events)
{
  return adm_strategy_new_formation_id (adm_state_get_strategy (adm_campaign_get_state (campaign)),
                                        adm_campaign_get_scenario (campaign), admiral->id, name,
                                        made_by_sheet, events);
}

/* The most ships one detach or form order of the form may tick. */
#define MAX_SHIPS 64

/* F-STRAT-12, F-STRAT-17: the fieldset's administrative order (detach, join, form, disband),
 * or NULL when it gives none. */
static AdmEvent *
administrative_event (AdmCampaign      *campaign,
                      const AdmAdmiral *admiral,
                      guint             cycle,
                      gint64            now,
                      guint             n,
                      const char       *formation,
                      GHashTable       *fields,
                      GPtrArray        *events)
{
  const char *kind = field (fields, "a%u", n);
  AdmEvent *event;

  if (kind == NULL)
    return NULL;
  event = order_event (admiral, cycle, now, n + 1, formation, kind);
  if (g_str_equal (kind, "detach") || g_str_equal (kind, "form"))
    {
      g_autoptr(GString) ships = g_string_new (NULL);
      const char *name = field (fields, "N%u", n);
      const char *flagship = field (fields, "F%u", n);
      g_autofree char *id = new_formation_id (campaign, admiral, name, events);

      for (guint s = 0; s < MAX_SHIPS; s++)
        {
          const char *ship = field (fields, "x%us%u", n, s);

          if (ship != NULL)
            g_string_append_printf (ships, "%s%s", ships->len > 0 ? " " : "", ship);
        }
      if (ships->len > 0)
        adm_event_set (event, "ships", ships->str);
      adm_event_set (event, "new-formation", id);
      if (name != NULL)
        adm_event_set (event, "name", name);
      if (flagship != NULL)
        adm_event_set (event, "flagship", flagship);
    }
  else if (g_str_equal (kind, "join") && field (fields, "j%u", n) != NULL)
    adm_event_set (event, "target", field (fields, "j%u", n));
  return event;
}

/* The sheet the form's fields give, as adm-order-sheet.c reads one from XML: the "sheet"
 * event, then for each formation its timed order, its flagship order, its instructions and its
 * administrative order. Each order's line is its fieldset's number, from 1. */
static GPtrArray *
form_events (AdmCampaign      *campaign,
             const AdmAdmiral *admiral,
             guint             cycle,
             gint64            now,
             gboolean          late,
             GHashTable       *fields)
{
  GPtrArray *events = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_event_unref);

  g_ptr_array_add (events, adm_order_sheet_event_new (admiral->id, cycle, now, late));
  for (guint n = 0; n < MAX_FORMATIONS; n++)
    {
      const char *formation = field (fields, "f%u", n);
      const char *kind = field (fields, "o%u", n);
      const char *target = field (fields, "t%u", n);
      const char *flagship = field (fields, "s%u", n);
      const char *text = field (fields, "i%u", n);

      if (formation == NULL)
        break;
      if (kind != NULL)
        {
          AdmEvent *event = order_event (admiral, cycle, now, n + 1, formation, kind);
          g_autoptr(GString) route = g_string_new (NULL);

          for (char leg = 'a'; leg <= 'd'; leg++)
            {
              g_autofree char *name = g_strdup_printf ("r%u%c", n, leg);
              const char *sector = g_hash_table_lookup (fields, name);

              if (sector != NULL && *sector != '\0')
                g_string_append_printf (route, "%s%s", route->len > 0 ? " " : "", sector);
            }
          if (route->len > 0)
            adm_event_set (event, "route", route->str);
          if (target != NULL)
            adm_event_set (event, "target", target);
          g_ptr_array_add (events, event);
        }
      if (flagship != NULL)
        {
          AdmEvent *event = order_event (admiral, cycle, now, n + 1, formation, "flagship");

          adm_event_set (event, "flagship", flagship);
          g_ptr_array_add (events, event);
        }
      if (text != NULL)
        {
          AdmEvent *event = order_event (admiral, cycle, now, n + 1, formation, "instructions");
          g_autofree char *stripped = g_strstrip (g_strdup (text));

          adm_event_set_text (event, stripped);
          g_ptr_array_add (events, event);
        }
      {
        AdmEvent *event = administrative_event (campaign, admiral, cycle, now, n, formation,
                                                fields, events);

        if (event != NULL)
          g_ptr_array_add (events, event);
      }
    }
  return events;
}

/* The form's fields that give @events, a sheet as form_events () makes one: the inverse of
 * it, one fieldset a formation in the order the sheet first names each, its ships ticked
 * under boxes numbered in the order listed (the page finds a ship under any of its boxes). */
static GHashTable *
sheet_fields (GPtrArray *events)
{
  GHashTable *fields = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GPtrArray) formations = g_ptr_array_new ();

  for (guint i = 1; i < events->len; i++)
    {
      const AdmEvent *event = g_ptr_array_index (events, i);
      const char *formation = adm_event_get (event, "formation");
      const char *kind = adm_event_get (event, "order");
      guint n;

      if (formation == NULL || kind == NULL)
        continue;
      if (!g_ptr_array_find_with_equal_func (formations, formation, g_str_equal, &n))
        {
          n = formations->len;
          g_ptr_array_add (formations, (gpointer) formation);
          g_hash_table_insert (fields, g_strdup_printf ("f%u", n), g_strdup (formation));
        }
#define SET(value, ...) \
      if ((value) != NULL) \
        g_hash_table_insert (fields, g_strdup_printf (__VA_ARGS__), g_strdup (value))
      if (g_str_equal (kind, "flagship"))
        {
          SET (adm_event_get (event, "flagship"), "s%u", n);
        }
      else if (g_str_equal (kind, "instructions"))
        {
          SET (adm_event_get_text (event), "i%u", n);
        }
      else if (g_str_equal (kind, "detach") || g_str_equal (kind, "form") ||
               g_str_equal (kind, "join") || g_str_equal (kind, "disband"))
        {
          g_auto(GStrv) ships = g_strsplit (adm_event_get (event, "ships") != NULL
                                            ? adm_event_get (event, "ships") : "", " ", 0);
          guint box = 0;

          SET (kind, "a%u", n);
          SET (adm_event_get (event, "name"), "N%u", n);
          SET (adm_event_get (event, "flagship"), "F%u", n);
          if (g_str_equal (kind, "join"))
            SET (adm_event_get (event, "target"), "j%u", n);
          for (guint s = 0; ships[s] != NULL; s++)
            if (*ships[s] != '\0')
              SET (ships[s], "x%us%u", n, box++);
        }
      else
        {
          g_auto(GStrv) route = g_strsplit (adm_event_get (event, "route") != NULL
                                            ? adm_event_get (event, "route") : "", " ", 0);
          char leg = 'a';

          SET (kind, "o%u", n);
          SET (adm_event_get (event, "target"), "t%u", n);
          for (guint r = 0; route[r] != NULL && leg <= 'd'; r++)
            if (*route[r] != '\0')
              SET (route[r], "r%u%c", n, leg++);
        }
#undef SET
    }
  return fields;
}

/* The engine's reason without the "sheet:N: " that locates it in a file. */
static const char *
reason_of (const GError *error)
{
  const char *colon = strstr (error->message, ": ");

  return g_str_has_prefix (error->message, "sheet:") && colon != NULL ? colon + 2
                                                                      : error->message;
}

static void final_clear (AdmPortal  *self,
                         const char *admiral_id);
static void set_status  (AdmPortal            *self,
                         AdmPortalSheet       *sheet,
                         AdmPortalSheetStatus  status,
                         const char           *reason);

/* Main thread: the reason the engine refuses each fieldset's orders of @events, by the
 * fieldset's number (the orders' line, from 1), into @refusals — the first refusal of its
 * orders in the engine's verdicts on the sheet (adm_order_sheet_verdicts (), the board's
 * verdicts), every refusal told at once — and each refused fieldset's orders taken out of
 * @events, which keeps the orders to read back. A refusal of the whole sheet, which no
 * fieldset holds, is returned, @events left with no order. */
static char *
refuse_fieldsets (AdmPortal *self,
                  GPtrArray *events,
                  GPtrArray *refusals)
{
  g_autoptr(GPtrArray) verdicts = NULL;
  gboolean refused[MAX_FORMATIONS] = { FALSE, };

  /* A sheet with no order yet has nothing to tell beside its fieldsets. */
  if (events->len <= 1)
    return NULL;
  verdicts = adm_order_sheet_verdicts (events, adm_campaign_get_state (self->campaign));
  if (g_ptr_array_index (verdicts, 0) != NULL)
    {
      g_ptr_array_set_size (events, 1);
      return g_strdup (g_ptr_array_index (verdicts, 0));
    }
  for (guint i = 1; i < events->len; i++)
    {
      const char *reason = g_ptr_array_index (verdicts, i);
      int n = adm_event_get_line (g_ptr_array_index (events, i)) - 1;

      if (reason == NULL || n < 0 || n >= MAX_FORMATIONS || refused[n])
        continue;
      refused[n] = TRUE;
      g_ptr_array_index (refusals, n) = g_strdup (reason);
    }
  for (guint i = events->len - 1; i >= 1; i--)
    {
      int n = adm_event_get_line (g_ptr_array_index (events, i)) - 1;

      if (n >= 0 && n < MAX_FORMATIONS && refused[n])
        g_ptr_array_remove_index (events, i);
    }
  return NULL;
}

/* Main thread: each order of @events, which the engine takes, read back
 * (adm_portal_page_read_back ()) on a scratch copy as the check applies them, into @readback
 * by its fieldset's number (several of one fieldset a line each). */
static void
read_back_fieldsets (AdmPortal *self,
                     GPtrArray *events,
                     GPtrArray *readback)
{
  AdmStrategy *trial = adm_strategy_new_trial (adm_state_get_strategy (
                                                 adm_campaign_get_state (self->campaign)));

  if (events->len > 1 && adm_strategy_check_sheet (trial, g_ptr_array_index (events, 0), NULL))
    for (guint i = 1; i < events->len; i++)
      {
        const AdmEvent *event = g_ptr_array_index (events, i);
        AdmStratOrder *order = adm_strategy_check_order (trial, event, NULL);
        int n = adm_event_get_line (event) - 1;
        g_autofree char *sentence = NULL;
        char **slot;

        if (order == NULL || n < 0 || n >= MAX_FORMATIONS)
          {
            g_clear_pointer (&order, adm_strat_order_free);
            continue;
          }
        sentence = adm_portal_page_read_back (trial, order);
        slot = (char **) &g_ptr_array_index (readback, n);
        if (*slot == NULL)
          *slot = g_steal_pointer (&sentence);
        else
          {
            char *both = g_strconcat (*slot, "\n", sentence, NULL);

            g_free (*slot);
            *slot = both;
          }
        adm_strategy_apply_order (trial, order);
      }
  adm_strategy_free (trial);
}

/* Main thread: the engine's word on each fieldset of a sheet as the form gives it: why it
 * refuses its orders (@fill->refusals), and the others read back (@fill->readback). A
 * refusal of the whole sheet is returned. In the caller's language. */
static char *
fill_notes (AdmPortal         *self,
            const AdmAdmiral  *admiral,
            AdmPortalFormFill *fill)
{
  g_autoptr(GPtrArray) events = form_events (self->campaign, admiral,
                                             _adm_portal_current_cycle (self),
                                             g_get_real_time () / G_USEC_PER_SEC, FALSE,
                                             fill->values);
  char *whole;

  fill->refusals = g_ptr_array_new_full (MAX_FORMATIONS, g_free);
  fill->readback = g_ptr_array_new_full (MAX_FORMATIONS, g_free);
  g_ptr_array_set_size (fill->refusals, MAX_FORMATIONS);
  g_ptr_array_set_size (fill->readback, MAX_FORMATIONS);
  whole = refuse_fieldsets (self, events, fill->refusals);
  read_back_fieldsets (self, events, fill->readback);
  return whole;
}

void
_adm_portal_fill_clear (AdmPortalFormFill *fill)
{
  g_clear_pointer (&fill->refusals, g_ptr_array_unref);
  g_clear_pointer (&fill->readback, g_ptr_array_unref);
}

/* Main thread: his form filled in again with the last sheet he handed in this cycle, its
 * orders read back, and beside each one refused why: the engine's reason, or for a sheet the
 * master refused, the master's. The message the page shows on top is returned (an engine's
 * refusal on arrival), else NULL. */
char *
_adm_portal_posted_fill (AdmPortal         *self,
                         const AdmAdmiral  *admiral,
                         AdmPortalFormFill *fill)
{
  Posted *posted = g_hash_table_lookup (self->posted, admiral->id);
  const AdmPortalSheet *sheet = g_hash_table_lookup (self->sheets, admiral->id);

  if (posted == NULL || posted->cycle != _adm_portal_current_cycle (self))
    return NULL;
  fill->values = posted->fields;
  /* A refusal of the whole sheet is in the page's message or its sheet's status already. */
  g_free (fill_notes (self, admiral, fill));
  if (posted->unsaved)
    return g_strdup (_adm_portal_not_saved_words ());
  if (posted->reason != NULL)
    return g_strdup_printf (_("The sheet was refused: %s"), posted->reason);
  if (sheet != NULL && sheet->cycle == posted->cycle &&
      sheet->status == ADM_PORTAL_SHEET_REFUSED && sheet->reason != NULL)
    for (guint n = 0; n < MAX_FORMATIONS; n++)
      {
        g_autofree char *order = g_strdup_printf ("o%u", n);
        g_autofree char *formation = g_strdup_printf ("f%u", n);

        if (g_hash_table_lookup (fill->values, formation) == NULL)
          break;
        if (g_ptr_array_index (fill->refusals, n) == NULL &&
            g_ptr_array_index (fill->readback, n) != NULL)
          g_ptr_array_index (fill->refusals, n) = g_strdup_printf (_("Refused by the master: %s"),
                                                                   sheet->reason);
      }
  return NULL;
}

/* Main thread: his latest form as he handed it in, kept for it to come back filled in. */
static Posted *
keep_posted (AdmPortal        *self,
             const AdmAdmiral *admiral,
             GHashTable       *fields,
             const char       *reason)
{
  Posted *posted = g_new0 (Posted, 1);

  posted->cycle = _adm_portal_current_cycle (self);
  posted->fields = g_hash_table_ref (fields);
  g_hash_table_remove (posted->fields, "csrf");
  posted->reason = g_strdup (reason);
  g_hash_table_replace (self->posted, g_strdup (admiral->id), posted);
  return posted;
}

/* Why the journal would not take @events, a sheet of @admiral's that its check passed, in
 * the words he may be told: the check's own against the campaign as it is now (the words of
 * his form's read-back), else that it cannot be taken now — never the journal's own words,
 * which may speak of what his side is not told. In the language in effect. */
static char *
journal_refusal (AdmPortal *self,
                 GPtrArray *events)
{
  g_autoptr(GError) words = NULL;

  if (!adm_order_sheet_check (events, adm_campaign_get_state (self->campaign), "sheet", &words))
    return g_strdup (reason_of (words));
  return g_strdup (_("the campaign cannot take it as it stands now"));
}

/* A new CSRF token of the admiral's, kept among his last few. Under the lock. */
char *
_adm_portal_new_csrf (Shared     *shared,
                      const char *admiral_id)
{
  GPtrArray *kept = g_hash_table_lookup (shared->csrf, admiral_id);
  char *token = adm_portal_random_secret ();

  if (kept == NULL)
    {
      kept = g_ptr_array_new_with_free_func (g_free);
      g_hash_table_insert (shared->csrf, g_strdup (admiral_id), kept);
    }
  if (kept->len >= CSRF_KEEP)
    g_ptr_array_remove_index (kept, 0);
  g_ptr_array_add (kept, g_strdup (token));
  return token;
}

/* Whether @token is one of the admiral's pages' CSRF tokens; it is used up unless @keep (a
 * read-back, which changes nothing, leaves it for the hand-in that follows). Under the lock. */
static gboolean
take_csrf (Shared     *shared,
           const char *admiral_id,
           const char *token,
           gboolean    keep)
{
  GPtrArray *kept = g_hash_table_lookup (shared->csrf, admiral_id);
  int found = -1;

  if (kept == NULL || token == NULL || strlen (token) != ADM_PORTAL_TOKEN_CHARS)
    return FALSE;
  for (guint i = 0; i < kept->len; i++)
    if (adm_portal_equal_secret (g_ptr_array_index (kept, i), token, ADM_PORTAL_TOKEN_CHARS))
      found = (int) i;
  if (found < 0)
    return FALSE;
  if (!keep)
    g_ptr_array_remove_index (kept, (guint) found);
  return TRUE;
}

/* The value of @name in @fields (soup_form_decode ()'s, whose key holds the value's bytes),
 * taken out of them, or NULL. */
static char *
take_field (GHashTable *fields,
            const char *name)
{
  g_autofree char *key = NULL;
  const char *value = NULL;

  if (!g_hash_table_steal_extended (fields, name, (gpointer *) &key, (gpointer *) &value))
    return NULL;
  return g_strdup (value);
}

/* Server thread: a posted sheet (JOB_SHEET), final mark (JOB_FINAL) or muster (JOB_MUSTER),
 * bounded and with a CSRF token of his page, handed to the main thread. */
void
_adm_portal_receive_sheet (Server            *server,
                           SoupServerMessage *msg,
                           const char        *admiral_id,
                           JobKind            kind)
{
  SoupMessageHeaders *request = soup_server_message_get_request_headers (msg);
  const char *type = soup_message_headers_get_content_type (request, NULL);
  g_autoptr(GBytes) body = adm_portal_take_body (msg);
  g_autoptr(GHashTable) fields = NULL;
  g_autofree char *text = NULL, *client = NULL, *for_cycle = NULL;
  gsize size;
  const char *data = g_bytes_get_data (body, &size);
  gboolean fresh, preview;
  guint64 cycle = 0;
  Job *job;

  if (size > ADM_PORTAL_MAX_BODY)
    {
      _adm_portal_respond_text (msg, SOUP_STATUS_REQUEST_ENTITY_TOO_LARGE, "Too large\n");
      return;
    }
  if (g_strcmp0 (type, "application/x-www-form-urlencoded") != 0 ||
      (size > 0 && memchr (data, '\0', size) != NULL))
    {
      _adm_portal_respond_text (msg, SOUP_STATUS_BAD_REQUEST, "Bad request\n");
      return;
    }
  text = g_strndup (data, size);
  fields = soup_form_decode (text);
  /* A post of his page's script (a sheet, a muster, a final mark) carries the id it gave the
   * post and the cycle it is for, the same on every try: neither is a field of his form.
   * Checked before his CSRF token is taken, so that a bad one changes nothing. */
  client = take_field (fields, "client");
  for_cycle = take_field (fields, "cycle");
  if (client != NULL && !adm_strategy_client_is_valid (client))
    {
      g_autofree char *words = g_strdup_printf ("Bad request: the client id is %d to %d "
                                                "letters, digits, - or _\n",
                                                ADM_STRATEGY_CLIENT_MIN,
                                                ADM_STRATEGY_CLIENT_MAX);

      _adm_portal_respond_text (msg, SOUP_STATUS_BAD_REQUEST, words);
      return;
    }
  if (for_cycle != NULL &&
      !g_ascii_string_to_unsigned (for_cycle, 10, 1, G_MAXUINT, &cycle, NULL))
    {
      _adm_portal_respond_text (msg, SOUP_STATUS_BAD_REQUEST,
                                "Bad request: the cycle is a number from 1\n");
      return;
    }
  g_mutex_lock (&server->shared->lock);
  preview = (kind == JOB_SHEET || kind == JOB_MUSTER) &&
            g_strcmp0 (g_hash_table_lookup (fields, "step"), "check") == 0;
  fresh = take_csrf (server->shared, admiral_id, g_hash_table_lookup (fields, "csrf"), preview);
  g_mutex_unlock (&server->shared->lock);
  /* A final mark sent again with its id may come with a token used up: the main thread
   * knows whether it is a repeat (_adm_portal_job_repeated ()). */
  if (!fresh && kind == JOB_FINAL && client == NULL)
    {
      _adm_portal_respond_text (msg, SOUP_STATUS_FORBIDDEN,
                    "The page is out of date: reload it and mark the sheet final again.\n");
      return;
    }
  job = _adm_portal_job_new (server, kind, admiral_id,
                 adm_portal_page_language (soup_message_headers_get_one (request,
                                                                         "Accept-Language")));
  job->msg = g_object_ref (msg);
  job->fields = g_steal_pointer (&fields);
  job->preview = preview;
  job->client = g_steal_pointer (&client);
  job->for_cycle = (guint) cycle;
  /* A page too old to hand a sheet in (or a post from elsewhere) hands nothing in: it is
   * answered 403 with his form as posted, read back, on a page with a token of its own. */
  job->stale = !fresh;
  soup_server_message_pause (msg);
  _adm_portal_job_send (job);
}

/* The master's refusal of @sheet in the journal's events in effect (adm_portal_refuse ()),
 * or NULL: undone, it is no longer there. Only one since the sheet was handed in (its
 * "handed-in" note, journal_sheet ()) is its: a sheet handed in again within the same second
 * as one refused is not refused by that. */
static const AdmEvent *
journaled_refusal (AdmPortal            *self,
                   const AdmPortalSheet *sheet)
{
  GPtrArray *events = adm_campaign_get_events (self->campaign);
  g_autofree char *received = g_strdup_printf ("%" G_GINT64_FORMAT, sheet->received);
  g_autofree char *cycle = g_strdup_printf ("%u", sheet->cycle);

  for (guint i = events->len; i > 0; i--)
    {
      const AdmEvent *event = g_ptr_array_index (events, i - 1);

      if (!g_str_equal (adm_event_get_kind (event), "note") ||
          g_strcmp0 (adm_event_get (event, "admiral"), sheet->admiral_id) != 0 ||
          g_strcmp0 (adm_event_get (event, "cycle"), cycle) != 0 ||
          g_strcmp0 (adm_event_get (event, "sheet-received"), received) != 0)
        continue;
      if (g_strcmp0 (adm_event_get (event, "portal"), "handed-in") == 0)
        return NULL;
      if (g_strcmp0 (adm_event_get (event, "portal"), "refused") == 0)
        return event;
    }
  return NULL;
}

/* The statuses the journal says: a pending sheet the master refused is refused, a refusal
 * undone leaves it pending again. */
void
_adm_portal_sync_refusals (AdmPortal *self)
{
  g_autoptr(GPtrArray) changed = g_ptr_array_new_with_free_func (g_free);
  GHashTableIter iter;
  AdmPortalSheet *sheet;

  g_hash_table_iter_init (&iter, self->sheets);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &sheet))
    {
      const AdmEvent *note;

      if (sheet->status == ADM_PORTAL_SHEET_ACCEPTED ||
          (sheet->status == ADM_PORTAL_SHEET_REFUSED && !sheet->journaled))
        continue;
      note = journaled_refusal (self, sheet);
      if (note != NULL && sheet->status == ADM_PORTAL_SHEET_PENDING)
        {
          sheet->status = ADM_PORTAL_SHEET_REFUSED;
          g_free (sheet->reason);
          sheet->reason = g_strdup (adm_event_get_text (note));
          sheet->journaled = TRUE;
        }
      else if (note == NULL && sheet->status == ADM_PORTAL_SHEET_REFUSED)
        {
          sheet->status = ADM_PORTAL_SHEET_PENDING;
          g_clear_pointer (&sheet->reason, g_free);
          sheet->journaled = FALSE;
        }
      else
        continue;
      g_ptr_array_add (changed, g_strdup (sheet->admiral_id));
    }
  for (guint i = 0; i < changed->len; i++)
    g_signal_emit (self, _adm_portal_signals[SHEET_CHANGED], 0, g_ptr_array_index (changed, i));
}

/* Whether @a and @b, two events of a sheet, say the same: the same kind, text and
 * attributes, whenever each was made. */
static gboolean
same_event (const AdmEvent *a,
            const AdmEvent *b)
{
  guint n = adm_event_get_n_attributes (a);

  if (g_strcmp0 (adm_event_get_kind (a), adm_event_get_kind (b)) != 0 ||
      g_strcmp0 (adm_event_get_text (a), adm_event_get_text (b)) != 0 ||
      n != adm_event_get_n_attributes (b))
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (adm_event_get_value_nth (a, i),
                   adm_event_get (b, adm_event_get_key_nth (a, i))) != 0)
      return FALSE;
  return TRUE;
}

/* Whether @fields (csrf and step aside) give the orders of his sheet of this cycle that stands
 * (not refused) — however it was kept: handed in since the portal started, or read from the
 * journal after a restart, taken on arrival or waiting. The "sheet" events, first, are
 * passed by: their admiral and cycle are these, and when it was received, whether late and
 * the client id are the post's, not the orders'. */
static gboolean
same_as_handed_in (AdmPortal        *self,
                   const AdmAdmiral *admiral,
                   GHashTable       *fields)
{
  const AdmPortalSheet *sheet = g_hash_table_lookup (self->sheets, admiral->id);
  guint cycle = _adm_portal_current_cycle (self);
  g_autoptr(GPtrArray) events = NULL;

  if (sheet == NULL || sheet->cycle != cycle || sheet->status == ADM_PORTAL_SHEET_REFUSED)
    return FALSE;
  events = form_events (self->campaign, admiral, cycle, g_get_real_time () / G_USEC_PER_SEC,
                        FALSE, fields);
  if (events->len != sheet->events->len)
    return FALSE;
  for (guint i = 1; i < events->len; i++)
    if (!same_event (g_ptr_array_index (events, i), g_ptr_array_index (sheet->events, i)))
      return FALSE;
  return TRUE;
}

/* Main thread: his orders read back, not handed in — asked for, or from a page out of date: a
 * page of its own, his form filled in as he sent it with each fieldset's read-back or refusal
 * beside it. Nothing is kept. */
static void
job_read_back (AdmPortal        *self,
               Job              *job,
               const AdmAdmiral *admiral)
{
  AdmPortalFormFill fill = { job->fields, NULL, NULL, TRUE };
  gboolean over = !job->preview && job->for_cycle != 0 &&
                  job->for_cycle != _adm_portal_current_cycle (self);
  g_autofree char *whole = NULL, *marked = NULL, *message = NULL;
  LangScope scope;

  g_hash_table_remove (job->fields, "csrf");
  g_hash_table_remove (job->fields, "step");
  _adm_portal_lang_push (&scope, job->lang);
  whole = fill_notes (self, admiral, &fill);
  if (over)
    message = g_strdup_printf (_("Your sheet for cycle %u was not handed in before its "
                                 "session, and cycle %u’s orders are open now. Your orders "
                                 "are below as you wrote them: check them and hand the sheet "
                                 "in again."), job->for_cycle, _adm_portal_current_cycle (self));
  else if (job->stale)
    message = g_strdup (_("This page was out of date, so the sheet was not handed in. Your "
                          "orders are below as you wrote them: check them and hand the sheet "
                          "in again."));
  else if (whole != NULL)
    message = g_strdup_printf (_("The sheet would be refused: %s"), whole);
  else
    message = g_strdup (_("Your orders, read back beside each formation. Hand the sheet in "
                          "when they say what you mean."));
  _adm_portal_lang_pop (&scope);
  marked = _adm_portal_marked_page (self, admiral, job->lang, message,
                                    over || job->stale || whole != NULL, &fill);
  _adm_portal_fill_clear (&fill);
  job->page = _adm_portal_page_new (marked);
  job->status = over ? SOUP_STATUS_CONFLICT
                : job->stale ? SOUP_STATUS_FORBIDDEN : SOUP_STATUS_OK;
  _adm_portal_job_reply (job);
}

/* The kind under which a post of @kind's client id is known: a muster's, or one about his
 * sheet — "Hand in the sheet", "Mark my sheet final" (a post of the sheet's form) and "Not
 * final after all" alike, so that a repeat is known whichever way it was kept. */
static const char *
client_kind (JobKind kind)
{
  return kind == JOB_MUSTER ? "muster" : "sheet";
}

static char *
client_key (const char *kind,
            const char *admiral_id,
            const char *client)
{
  return g_strdup_printf ("%s\n%s\n%s", kind, admiral_id, client);
}

/* Main thread: the client ids of the posts kept from phones, "KIND\nADMIRAL\nCLIENT" → the
 * cycle it was kept in: the journal's "sheet" and "muster" events, its sheets handed in to
 * wait for the master ("note" with portal="handed-in", journal_sheet ()) and its final marks
 * ("note" with portal="final", mark_final ()), read once, then each post kept since
 * (_adm_portal_job_remember ()). Each of them carries the id where the journal keeps it, so
 * that a repeat is known after the master's computer restarts. */
static GHashTable *
clients_of (AdmPortal *self)
{
  GPtrArray *events;

  if (self->clients != NULL)
    return self->clients;
  self->clients = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  events = adm_campaign_get_events (self->campaign);
  for (guint i = 0; i < events->len; i++)
    {
      const AdmEvent *event = g_ptr_array_index (events, i);
      const char *client = adm_event_get (event, "client");
      const char *kind = adm_event_get_kind (event);
      guint64 cycle = 0;

      if (g_str_equal (kind, "note") &&
          (g_strcmp0 (adm_event_get (event, "portal"), "final") == 0 ||
           g_strcmp0 (adm_event_get (event, "portal"), "handed-in") == 0))
        kind = "sheet";
      if (client == NULL || !(g_str_equal (kind, "muster") ||
                              (g_str_equal (kind, "sheet") &&
                               g_ascii_string_to_unsigned (adm_event_get (event, "cycle"), 10,
                                                           1, G_MAXUINT, &cycle, NULL))))
        continue;
      g_hash_table_replace (self->clients,
                            client_key (kind, adm_event_get (event, "admiral"), client),
                            GUINT_TO_POINTER ((guint) cycle));
    }
  return self->clients;
}

/* Main thread: @job, a post his phone sent again because it never heard the answer, answered
 * as it was the first time (303 to his page), changing nothing — whatever the page's CSRF
 * token now, for a repeat hands nothing in. The id of a sheet or final mark of another cycle
 * is no repeat of this one (409); a muster, before any cycle, is one whenever it comes. TRUE
 * when @job was answered so. */
gboolean
_adm_portal_job_repeated (AdmPortal        *self,
                          Job              *job,
                          const AdmAdmiral *admiral)
{
  g_autofree char *key = NULL;
  gpointer kept;

  if (job->client == NULL || job->preview)
    return FALSE;
  key = client_key (client_kind (job->kind), admiral->id, job->client);
  if (!g_hash_table_lookup_extended (clients_of (self), key, NULL, &kept))
    return FALSE;
  if (job->kind == JOB_MUSTER ||
      GPOINTER_TO_UINT (kept) == (job->for_cycle != 0 ? job->for_cycle
                                                      : _adm_portal_current_cycle (self)))
    job->status = SOUP_STATUS_SEE_OTHER;
  else
    {
      job->status = SOUP_STATUS_CONFLICT;
      job->text = g_strdup ("Conflict: this client id is that of a post of another cycle\n");
    }
  _adm_portal_job_reply (job);
  return TRUE;
}

/* Main thread: @job's client id, if it has one, known from now on as kept this cycle. */
void
_adm_portal_job_remember (AdmPortal        *self,
                          Job              *job,
                          const AdmAdmiral *admiral)
{
  if (job->client != NULL)
    g_hash_table_replace (clients_of (self),
                          client_key (client_kind (job->kind), admiral->id, job->client),
                          GUINT_TO_POINTER (_adm_portal_current_cycle (self)));
}

static gboolean mark_final (AdmPortal        *self,
                            Job              *job,
                            const AdmAdmiral *admiral,
                            gboolean          final);

/* F-GEN-3, ruling "portal-sheet-journaled": main thread: @events, the sheet of @job that the
 * engine's check passed, journaled as a phone's post (adm_campaign_append_phone ()) before his
 * phone is told "Received", so that a restart of the master's computer loses no sheet handed
 * in and its repeat is known by the client id it carries: taken on arrival, as his sheet;
 * else as a "note" (portal="handed-in": his id, the cycle, when it was received, whether
 * late, the client id, and his form as he posted it) that keeps it waiting for the master
 * (_adm_portal_sheets_from_journal ()). */
static gboolean
journal_sheet (AdmPortal         *self,
               Job               *job,
               const AdmAdmiral  *admiral,
               GPtrArray         *events,
               GError           **error)
{
  g_autoptr(GPtrArray) notes = NULL;
  g_autoptr(GHashTable) form = NULL;
  g_autofree char *encoded = NULL, *received = NULL, *text = NULL;
  const AdmEvent *sheet = g_ptr_array_index (events, 0);
  AdmEvent *note;

  if (self->accept_on_arrival)
    return adm_campaign_append_phone (self->campaign, events, error);
  form = g_hash_table_new (g_str_hash, g_str_equal);
  {
    GHashTableIter iter;
    gpointer key, value;

    g_hash_table_iter_init (&iter, job->fields);
    while (g_hash_table_iter_next (&iter, &key, &value))
      if (!g_str_equal (key, "csrf") && !g_str_equal (key, "step"))
        g_hash_table_insert (form, key, value);
  }
  encoded = soup_form_encode_hash (form);
  received = g_strdup_printf ("%" G_GINT64_FORMAT, adm_event_get_time (sheet));
  note = adm_event_new ("note", adm_event_get_time (sheet));
  adm_event_set (note, "portal", "handed-in");
  adm_event_set (note, "admiral", admiral->id);
  adm_event_set (note, "cycle", adm_event_get (sheet, "cycle"));
  adm_event_set (note, "sheet-received", received);
  adm_event_set (note, "late", adm_event_get (sheet, "late"));
  if (job->client != NULL)
    adm_event_set (note, "client", job->client);
  adm_event_set (note, "form", encoded);
  /* Translators: a note in the master's journal, "Baron Fell handed in his sheet for cycle 2
   * on his phone: it waits for you in the Orders tab." */
  text = g_strdup_printf (_("%s handed in his sheet for cycle %s on his phone: it waits for "
                            "you in the Orders tab."), admiral->name,
                          adm_event_get (sheet, "cycle"));
  adm_event_set_text (note, text);
  notes = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_event_unref);
  g_ptr_array_add (notes, note);
  return adm_campaign_append_phone (self->campaign, notes, error);
}

/* Main thread: a sheet of this cycle kept for @admiral_id (its events taken), pending. */
static AdmPortalSheet *
keep_sheet (AdmPortal  *self,
            const char *admiral_id,
            guint       cycle,
            gint64      received,
            gboolean    late,
            GPtrArray  *events)
{
  AdmPortalSheet *sheet = g_new0 (AdmPortalSheet, 1);

  sheet->admiral_id = g_strdup (admiral_id);
  sheet->cycle = cycle;
  sheet->received = received;
  sheet->late = late;
  sheet->events = events;
  sheet->status = ADM_PORTAL_SHEET_PENDING;
  g_hash_table_replace (self->sheets, g_strdup (admiral_id), sheet);
  return sheet;
}

/* Main thread, as the portal opens its campaign: this cycle's sheets from phones as the
 * journal's actions in effect keep them, in order (journal_sheet (), mark_final ()), so that
 * a restart of the master's computer loses neither a sheet waiting for him nor a final mark:
 * a sheet handed in to wait (its form read again, and kept to come back filled in), taken
 * on arrival, or accepted by the master since (the "sheet" event of the time it was
 * received); then its final marks; the master's refusals follow the journal as ever
 * (_adm_portal_sync_refusals ()). */
void
_adm_portal_sheets_from_journal (AdmPortal *self)
{
  GPtrArray *done = adm_journal_get_done (adm_campaign_get_journal (self->campaign));
  g_autofree char *current = g_strdup_printf ("%u", _adm_portal_current_cycle (self));
  guint cycle = _adm_portal_current_cycle (self);

  for (guint a = 0; a < done->len; a++)
    {
      AdmJournalAction *action = g_ptr_array_index (done, a);
      GPtrArray *events = adm_journal_action_get_events (action);
      const AdmEvent *first = g_ptr_array_index (events, 0);
      const char *admiral_id = adm_event_get (first, "admiral");
      const char *portal = adm_event_get (first, "portal");
      const AdmAdmiral *admiral;
      AdmPortalSheet *sheet;

      if (admiral_id == NULL || g_strcmp0 (adm_event_get (first, "cycle"), current) != 0 ||
          (admiral = _adm_portal_admiral_of (self, admiral_id)) == NULL)
        continue;
      sheet = g_hash_table_lookup (self->sheets, admiral_id);
      if (g_str_equal (adm_event_get_kind (first), "note") &&
          g_strcmp0 (portal, "handed-in") == 0)
        {
          g_autoptr(GHashTable) fields = soup_form_decode (adm_event_get (first, "form") != NULL
                                                           ? adm_event_get (first, "form") : "");
          guint64 received = 0;
          gboolean late = g_strcmp0 (adm_event_get (first, "late"), "true") == 0;
          GPtrArray *sheet_events;

          if (!g_ascii_string_to_unsigned (adm_event_get (first, "sheet-received"), 10, 0,
                                           G_MAXINT64, &received, NULL))
            continue;
          sheet_events = form_events (self->campaign, admiral, cycle, (gint64) received, late,
                                      fields);
          if (adm_event_get (first, "client") != NULL)
            adm_event_set (g_ptr_array_index (sheet_events, 0), "client",
                           adm_event_get (first, "client"));
          keep_sheet (self, admiral_id, cycle, (gint64) received, late, sheet_events);
          keep_posted (self, admiral, fields, NULL);
        }
      else if (g_str_equal (adm_event_get_kind (first), "sheet"))
        {
          /* The master's acceptance of the sheet waiting; or a sheet taken on arrival. */
          if (sheet != NULL && sheet->received == adm_event_get_time (first))
            sheet->status = ADM_PORTAL_SHEET_ACCEPTED;
          else if (adm_journal_action_is_aside (action))
            {
              g_autoptr(GHashTable) fields = sheet_fields (events);

              keep_sheet (self, admiral_id, cycle, adm_event_get_time (first),
                          g_strcmp0 (adm_event_get (first, "late"), "true") == 0,
                          g_ptr_array_ref (events))->status = ADM_PORTAL_SHEET_ACCEPTED;
              /* His form comes back filled in with it, as before the restart. */
              keep_posted (self, admiral, fields, NULL);
            }
        }
      else if (g_str_equal (adm_event_get_kind (first), "note") &&
               g_strcmp0 (portal, "final") == 0 && sheet != NULL)
        sheet->final = g_strcmp0 (adm_event_get (first, "final"), "yes") == 0;
    }
  _adm_portal_sync_refusals (self);
}

/* Main thread: the posted sheet of @job checked by the engine and kept for the master, or,
 * refused, kept as his form to come back filled in with the engine's reason; either way the
 * answer sends the browser to his page (POST/Redirect/GET), which says so. */
void
_adm_portal_job_sheet (AdmPortal        *self,
                       Job              *job,
                       const AdmAdmiral *admiral)
{
  g_autoptr(GPtrArray) events = NULL;
  g_autoptr(GError) error = NULL;
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  gboolean late = self->deadline > 0 && now > self->deadline;
  guint cycle = _adm_portal_current_cycle (self);
  AdmPortalSheet *sheet;
  gboolean mark;

  if (_adm_portal_job_repeated (self, job, admiral))
    return;
  if (job->for_cycle > cycle)
    {
      job->status = SOUP_STATUS_CONFLICT;
      job->text = g_strdup ("Conflict: that cycle has not begun\n");
      _adm_portal_job_reply (job);
      return;
    }
  /* Handed in for a cycle resolved since (his phone offline across the session): not taken
   * as this cycle's, his form back as he wrote it (job_read_back ()). */
  if (job->preview || job->stale || (job->for_cycle != 0 && job->for_cycle != cycle))
    {
      job_read_back (self, job, admiral);
      return;
    }
  /* "Mark my sheet final" posts his form as he sees it, with final=yes: the sheet handed in
   * already, it is marked; changed since, the changes are handed in and, taken, marked. */
  mark = g_strcmp0 (g_hash_table_lookup (job->fields, "final"), "yes") == 0;
  g_hash_table_remove (job->fields, "final");
  if (mark && same_as_handed_in (self, admiral, job->fields))
    {
      mark_final (self, job, admiral, TRUE);
      job->status = SOUP_STATUS_SEE_OTHER;
      _adm_portal_job_reply (job);
      return;
    }
  /* A new sheet, even one the engine refuses, takes his final mark back. */
  final_clear (self, admiral->id);
  job->status = SOUP_STATUS_SEE_OTHER;
  events = form_events (self->campaign, admiral, cycle, now, late, job->fields);
  if (job->client != NULL)
    adm_event_set (g_ptr_array_index (events, 0), "client", job->client);
  if (!adm_order_sheet_check (events, adm_campaign_get_state (self->campaign), "sheet", &error))
    {
      LangScope scope;

      /* The reason in his page's language, as the page shows it. */
      g_clear_error (&error);
      _adm_portal_lang_push (&scope, job->lang);
      adm_order_sheet_check (events, adm_campaign_get_state (self->campaign), "sheet", &error);
      _adm_portal_lang_pop (&scope);
      keep_posted (self, admiral, job->fields, reason_of (error));
      _adm_portal_pages_changed (self, FALSE);
      _adm_portal_job_reply (job);
      return;
    }
  /* It is journaled before his phone is told anything — taken on arrival as his sheet, else
   * as waiting for the master (journal_sheet ()) —: "Received" only once the journal took it.
   * Refused, nothing is kept, and his form comes back with why: that the campaign cannot be
   * saved (the master is told why), or the rules' words. */
  if (!journal_sheet (self, job, admiral, events, &error))
    {
      gboolean unsaved = _adm_portal_not_saved (self, admiral, error);
      g_autofree char *reason = NULL;

      if (!unsaved)
        {
          LangScope scope;

          _adm_portal_lang_push (&scope, job->lang);
          reason = journal_refusal (self, events);
          _adm_portal_lang_pop (&scope);
        }
      keep_posted (self, admiral, job->fields, reason)->unsaved = unsaved;
      _adm_portal_pages_changed (self, FALSE);
      _adm_portal_job_reply (job);
      return;
    }
  _adm_portal_job_remember (self, job, admiral);
  sheet = keep_sheet (self, admiral->id, cycle, now, late, g_steal_pointer (&events));
  keep_posted (self, admiral, job->fields, NULL);
  _adm_portal_pages_changed (self, FALSE);
  g_signal_emit (self, _adm_portal_signals[SHEET_RECEIVED], 0, admiral->id);
  if (self->accept_on_arrival)
    set_status (self, sheet, ADM_PORTAL_SHEET_ACCEPTED, NULL);
  if (mark)
    mark_final (self, job, admiral, TRUE);
  _adm_portal_job_reply (job);
}

GPtrArray *
adm_portal_get_sheets (AdmPortal *self)
{
  GPtrArray *admirals;
  GPtrArray *sheets = g_ptr_array_new ();

  g_return_val_if_fail (ADM_IS_PORTAL (self), sheets);

  if (self->campaign == NULL)
    return sheets;
  admirals = adm_campaign_get_admirals (self->campaign);
  for (guint i = 0; i < admirals->len; i++)
    {
      const AdmAdmiral *admiral = g_ptr_array_index (admirals, i);
      AdmPortalSheet *sheet = g_hash_table_lookup (self->sheets, admiral->id);

      if (sheet != NULL)
        g_ptr_array_add (sheets, sheet);
    }
  return sheets;
}

const AdmPortalSheet *
adm_portal_get_sheet (AdmPortal  *self,
                      const char *admiral_id)
{
  g_return_val_if_fail (ADM_IS_PORTAL (self), NULL);
  return admiral_id != NULL ? g_hash_table_lookup (self->sheets, admiral_id) : NULL;
}

static AdmPortalSheet *
pending_sheet (AdmPortal   *self,
               const char  *admiral_id,
               GError     **error)
{
  AdmPortalSheet *sheet = g_hash_table_lookup (self->sheets, admiral_id);

  if (self->campaign == NULL || sheet == NULL || sheet->status != ADM_PORTAL_SHEET_PENDING)
    {
      g_set_error (error, ADM_PORTAL_ERROR, ADM_PORTAL_ERROR_NO_SHEET,
                   _("No sheet from %s is waiting in the admirals’ portal"), admiral_id);
      return NULL;
    }
  return sheet;
}

static void
set_status (AdmPortal            *self,
            AdmPortalSheet       *sheet,
            AdmPortalSheetStatus  status,
            const char           *reason)
{
  g_autofree char *admiral_id = g_strdup (sheet->admiral_id);

  sheet->status = status;
  g_free (sheet->reason);
  sheet->reason = g_strdup (reason);
  sheet->journaled = FALSE;
  _adm_portal_pages_changed (self, FALSE);
  g_signal_emit (self, _adm_portal_signals[SHEET_CHANGED], 0, admiral_id);
}

gboolean
adm_portal_accept (AdmPortal   *self,
                   const char  *admiral_id,
                   GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  AdmPortalSheet *sheet;

  g_return_val_if_fail (ADM_IS_PORTAL (self), FALSE);

  sheet = pending_sheet (self, admiral_id, error);
  if (sheet == NULL)
    return FALSE;
  /* The campaign may have moved on since it arrived (another sheet, a resolved cycle): the
   * engine checks it again, then journals it whole as the master's own import would. */
  if (!adm_order_sheet_check (sheet->events, adm_campaign_get_state (self->campaign), "sheet",
                              &local_error))
    {
      set_status (self, sheet, ADM_PORTAL_SHEET_REFUSED, reason_of (local_error));
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  if (!adm_campaign_append_all (self->campaign, sheet->events, &local_error))
    {
      /* Not saved: the sheet waits as it did, for the master to accept once the campaign can
       * be saved, and he is told why by @error. Refused by the journal: the phone is told in
       * words it may be told, never the journal's own. The sheet is looked up again: a
       * refused append replays the journal, and its handlers may have changed the sheets. */
      if (!_adm_portal_save_error (local_error) &&
          (sheet = pending_sheet (self, admiral_id, NULL)) != NULL)
        {
          g_autofree char *reason = journal_refusal (self, sheet->events);

          set_status (self, sheet, ADM_PORTAL_SHEET_REFUSED, reason);
        }
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  set_status (self, sheet, ADM_PORTAL_SHEET_ACCEPTED, NULL);
  return TRUE;
}

gboolean
adm_portal_refuse (AdmPortal   *self,
                   const char  *admiral_id,
                   const char  *reason,
                   GError     **error)
{
  g_autofree char *text = g_strstrip (g_strdup (reason != NULL ? reason : ""));
  g_autoptr(AdmEvent) note = NULL;
  AdmPortalSheet *sheet;

  g_return_val_if_fail (ADM_IS_PORTAL (self), FALSE);

  sheet = pending_sheet (self, admiral_id, error);
  if (sheet == NULL)
    return FALSE;
  if (*text == '\0')
    {
      g_set_error (error, ADM_PORTAL_ERROR, ADM_PORTAL_ERROR_NO_REASON,
                   _("Give the admiral the reason his sheet is refused"));
      return FALSE;
    }
  /* Journaled, so that Undo takes it back as any action of the master's: the status follows
   * the journal (_adm_portal_sync_refusals ()). */
  note = adm_event_new ("note", g_get_real_time () / G_USEC_PER_SEC);
  adm_event_set (note, "portal", "refused");
  adm_event_set (note, "admiral", sheet->admiral_id);
  adm_event_set_int (note, "cycle", sheet->cycle);
  {
    g_autofree char *received = g_strdup_printf ("%" G_GINT64_FORMAT, sheet->received);

    adm_event_set (note, "sheet-received", received);
  }
  adm_event_set_text (note, text);
  return adm_campaign_append (self->campaign, note, error);
}

/* Final marks: an admiral says on his page that his sheet of the cycle is all he will send
 * (as "ready" in webDiplomacy or diplicity); when every sheet handed in on a phone is final
 * and no admiral with his page open is still without a sheet (adm_portal_count_finals ()),
 * the master may resolve the cycle before the session is due. */

/* A sheet of this cycle, not refused, that its admiral marked final. A refusal undone makes it
 * wait as it was, final mark and all. */
gboolean
_adm_portal_sheet_is_final (AdmPortal            *self,
                            const AdmPortalSheet *sheet)
{
  return sheet != NULL && sheet->final && sheet->status != ADM_PORTAL_SHEET_REFUSED &&
         self->campaign != NULL && sheet->cycle == _adm_portal_current_cycle (self);
}

/* A new sheet from him, taken or refused, takes his final mark away: he changed his mind. */
static void
final_clear (AdmPortal  *self,
             const char *admiral_id)
{
  AdmPortalSheet *sheet = g_hash_table_lookup (self->sheets, admiral_id);

  if (sheet == NULL || !sheet->final)
    return;
  sheet->final = FALSE;
  _adm_portal_pages_changed (self, FALSE);
  g_signal_emit (self, _adm_portal_signals[FINAL_CHANGED], 0, admiral_id);
}

gboolean
adm_portal_get_final (AdmPortal  *self,
                      const char *admiral_id)
{
  g_return_val_if_fail (ADM_IS_PORTAL (self), FALSE);

  return admiral_id != NULL && _adm_portal_sheet_is_final (self, g_hash_table_lookup (self->sheets,
                                                                         admiral_id));
}

/* Whether the campaign holds a sheet of @admiral_id's for this cycle, however it came in. */
static gboolean
sheet_in (AdmPortal  *self,
          const char *admiral_id)
{
  AdmStrategy *strategy = adm_state_get_strategy (adm_campaign_get_state (self->campaign));
  g_autoptr(GPtrArray) sheets = adm_strategy_get_sheets (strategy,
                                                         _adm_portal_current_cycle (self));

  for (guint i = 0; i < sheets->len; i++)
    if (g_strcmp0 (g_ptr_array_index (sheets, i), admiral_id) == 0)
      return TRUE;
  return FALSE;
}

AdmPortalFinalState
adm_portal_get_final_state (AdmPortal  *self,
                            const char *admiral_id)
{
  const AdmPortalSheet *sheet;

  g_return_val_if_fail (ADM_IS_PORTAL (self), ADM_PORTAL_FINAL_NONE);

  if (admiral_id == NULL || self->campaign == NULL)
    return ADM_PORTAL_FINAL_NONE;
  sheet = g_hash_table_lookup (self->sheets, admiral_id);
  if (sheet != NULL && sheet->status != ADM_PORTAL_SHEET_REFUSED &&
      sheet->cycle == _adm_portal_current_cycle (self))
    return _adm_portal_sheet_is_final (self, sheet) ? ADM_PORTAL_FINAL_MARKED
                                                    : ADM_PORTAL_FINAL_WAITING;
  if (adm_portal_get_present (self, admiral_id) && !sheet_in (self, admiral_id))
    return ADM_PORTAL_FINAL_NO_SHEET;
  return ADM_PORTAL_FINAL_NONE;
}

void
adm_portal_count_finals (AdmPortal       *self,
                         GPtrArray       *admirals,
                         AdmPortalFinals *finals)
{
  g_return_if_fail (ADM_IS_PORTAL (self));
  g_return_if_fail (finals != NULL);

  memset (finals, 0, sizeof *finals);
  if (self->campaign == NULL)
    return;
  if (admirals == NULL)
    admirals = adm_campaign_get_admirals (self->campaign);
  for (guint i = 0; i < admirals->len; i++)
    {
      const AdmAdmiral *admiral = g_ptr_array_index (admirals, i);

      switch (adm_portal_get_final_state (self, admiral->id))
        {
        case ADM_PORTAL_FINAL_MARKED:
          finals->final++;
          finals->sheets++;
          break;
        case ADM_PORTAL_FINAL_WAITING:
          finals->sheets++;
          break;
        case ADM_PORTAL_FINAL_NO_SHEET:
          finals->no_sheet++;
          break;
        case ADM_PORTAL_FINAL_NONE:
        default:
          break;
        }
    }
  finals->early = finals->sheets > 0 && finals->final == finals->sheets && finals->no_sheet == 0;
}

gboolean
adm_portal_set_final (AdmPortal   *self,
                      const char  *admiral_id,
                      gboolean     final,
                      GError     **error)
{
  AdmPortalSheet *sheet;

  g_return_val_if_fail (ADM_IS_PORTAL (self), FALSE);
  g_return_val_if_fail (admiral_id != NULL, FALSE);

  sheet = g_hash_table_lookup (self->sheets, admiral_id);
  if (self->campaign == NULL || sheet == NULL || sheet->cycle != _adm_portal_current_cycle (self) ||
      sheet->status == ADM_PORTAL_SHEET_REFUSED)
    {
      g_set_error (error, ADM_PORTAL_ERROR, ADM_PORTAL_ERROR_NO_SHEET,
                   _("No sheet of %s’s for this cycle stands in the admirals’ portal: only a "
                     "sheet handed in and not refused can be marked final"), admiral_id);
      return FALSE;
    }
  if (sheet->final == !!final)
    return TRUE;
  sheet->final = !!final;
  _adm_portal_pages_changed (self, FALSE);
  g_signal_emit (self, _adm_portal_signals[FINAL_CHANGED], 0, admiral_id);
  return TRUE;
}

/* Main thread: the one way a phone's final mark is set or taken back — "Not final after all"
 * and "Mark my sheet final" alike, posted on its own (_adm_portal_job_final ()) or with his
 * sheet (_adm_portal_job_sheet ()): set, journaled as a phone's "note" (portal="final", his
 * id, the cycle, final="yes" or "no", the client id, if any) so that the mark and its repeat
 * are known after a restart as a sheet's are (clients_of (), _adm_portal_sheets_from_journal
 * ()), and its client id remembered. Not saved, the master is told and the mark stands, its
 * id then remembered in memory only. FALSE when he has no sheet that may be marked. */
static gboolean
mark_final (AdmPortal        *self,
            Job              *job,
            const AdmAdmiral *admiral,
            gboolean          final)
{
  g_autoptr(GPtrArray) notes = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_event_unref);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  guint cycle = _adm_portal_current_cycle (self);
  AdmEvent *note;

  if (!adm_portal_set_final (self, admiral->id, final, NULL))
    return FALSE;
  note = adm_event_new ("note", g_get_real_time () / G_USEC_PER_SEC);
  g_ptr_array_add (notes, note);
  adm_event_set (note, "portal", "final");
  adm_event_set (note, "admiral", admiral->id);
  adm_event_set_int (note, "cycle", cycle);
  adm_event_set (note, "final", final ? "yes" : "no");
  if (job->client != NULL)
    adm_event_set (note, "client", job->client);
  text = final
    /* Translators: a note in the master's journal, "Baron Fell marked his sheet for cycle 2
     * final on his phone." */
    ? g_strdup_printf (_("%s marked his sheet for cycle %u final on his phone."), admiral->name,
                       cycle)
    /* Translators: a note in the master's journal */
    : g_strdup_printf (_("%s took back the final mark of his sheet for cycle %u on his phone."),
                       admiral->name, cycle);
  adm_event_set_text (note, text);
  if (!adm_campaign_append_phone (self->campaign, notes, &error))
    _adm_portal_not_saved (self, admiral, error);
  _adm_portal_job_remember (self, job, admiral);
  return TRUE;
}

/* Main thread: his page's "Mark my sheet final" (field final=yes) or "Not final" (final=no).
 * Done, the browser is sent to his page (POST/Redirect/GET), which shows the mark; refused
 * (no sheet handed in and not refused), his page says why. */
void
_adm_portal_job_final (AdmPortal        *self,
                       Job              *job,
                       const AdmAdmiral *admiral)
{
  const char *value = g_hash_table_lookup (job->fields, "final");
  gboolean final = g_strcmp0 (value, "yes") == 0;
  g_autofree char *message = NULL, *marked = NULL;
  LangScope scope;

  if (_adm_portal_job_repeated (self, job, admiral))
    return;
  /* Only from a page of his that is not out of date (a repeat's token may be used up). */
  if (job->stale)
    {
      job->status = SOUP_STATUS_FORBIDDEN;
      job->text = g_strdup ("The page is out of date: reload it and mark the sheet final "
                            "again.\n");
      _adm_portal_job_reply (job);
      return;
    }
  if (job->for_cycle != 0 && job->for_cycle != _adm_portal_current_cycle (self))
    {
      job->status = SOUP_STATUS_CONFLICT;
      job->text = g_strdup ("Conflict: that cycle is not the one under way\n");
      _adm_portal_job_reply (job);
      return;
    }
  /* Only an explicit yes marks, and only an explicit no takes the mark back. */
  if (!final && g_strcmp0 (value, "no") != 0)
    {
      job->status = SOUP_STATUS_BAD_REQUEST;
      job->text = g_strdup ("Bad request: final is yes or no\n");
      _adm_portal_job_reply (job);
      return;
    }
  if (mark_final (self, job, admiral, final))
    {
      job->status = SOUP_STATUS_SEE_OTHER;
      _adm_portal_job_reply (job);
      return;
    }
  _adm_portal_lang_push (&scope, job->lang);
  message = g_strdup (_("Hand in your sheet first: only a sheet handed in and not refused can "
                        "be marked final."));
  _adm_portal_lang_pop (&scope);
  marked = _adm_portal_marked_page (self, admiral, job->lang, message, TRUE, NULL);
  job->page = _adm_portal_page_new (marked);
  job->status = SOUP_STATUS_CONFLICT;
  _adm_portal_job_reply (job);
}
