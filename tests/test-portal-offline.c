/* SPDX-License-Identifier: GPL-3.0-or-later
 * test-portal-offline.c: an admiral's page on a phone (headless Chromium at 390×844) whose
 * Wi-Fi comes and goes. Chromium reaches the portal through a relay on 127.0.0.1 that the test
 * cuts and restores (link-helpers.h): refused, held unanswered, or passing each request on and
 * losing its answer. The network cut while he writes: the page says "Offline since" within
 * 10 s, what he wrote stays, and it is handed in once the link is back. Cut as he hands the
 * sheet in, before the portal has it and after it has it but its answer is lost; and a reload
 * while the link is down: each ends with one sheet in the campaign (one "sheet" event in the
 * journal, what the master's Orders tab lists, and one "sheet-received"), his words as he
 * typed them, and nothing of his left in the phone's storage. On a phone two admirals share,
 * neither's page shows what the other wrote, and after "Sign out on this phone" nothing of his
 * is in the storage. His muster (F-GEN-6) the same: handed in as its answer is lost while the
 * master's computer is busy and read again 300 ms later, or reloaded while the link is down,
 * it is journaled once. "Read my orders back" asked for while the link is down waits on the
 * phone and is asked once the link is back, handing nothing in; a draft and a sheet waiting
 * that the page's earlier version kept under its own storage names are taken up, not dropped.
 * Screenshots of the offline line in the build's tests folder. Skipped when chromium is
 * absent. */

#include "config.h"

#include <string.h>

#include "admiralty-engine.h"
#include "adm-portal.h"
#include "browser-helpers.h"
#include "file-helpers.h"
#include "komarr-helpers.h"
#include "link-helpers.h"
#include "shipped-helpers.h"

/* What he types, in two goes: before and after the link goes. */
#define WORDS_1 "Hold the jump point"
#define WORDS_2 " until the Vanguard is back"

typedef struct _Phone Phone;

struct _Phone {
  void       (*flow) (Phone *phone);  /* what he does, on a thread of its own */
  Chromium     chromium;
  char        *dir;
  AdmCampaign *campaign;
  AdmPortal   *portal;
  Link        *link;
  char        *url;       /* his page, through the link */
  char        *other;     /* another admiral's, through the link */
  char        *token;     /* his link's token, which his storage must not name */
  gint         received;  /* atomic: "sheet-received"s */
  gboolean     muster;    /* the campaign in its muster, before cycle 1 */
  gint         busy;      /* atomic: the master's computer busy, its main loop not run */
  gint         parked;    /* atomic: the main loop stopped for it */
  char        *problem;   /* why the flow stopped, or NULL */
  gint         done;
};

static void
received_cb (AdmPortal  *portal,
             const char *admiral_id,
             Phone      *phone)
{
  g_atomic_int_inc (&phone->received);
}

/* The Komarr campaign saved in a folder of its own, its portal on 127.0.0.1 taking sheets on
 * arrival (journaled at once), the link between, and headless Chromium as a phone. FALSE, the
 * test skipped, when chromium is not installed. */
static gboolean
phone_start (Phone *phone)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL, *profile = NULL, *mine = NULL, *other = NULL;

  phone->dir = g_dir_make_tmp ("admiralty-portal-offline-XXXXXX", &error);
  g_assert_no_error (error);
  profile = g_build_filename (phone->dir, "chromium", NULL);
  if (!chromium_start (&phone->chromium, profile, 390, 844))
    {
      remove_tree (phone->dir);
      g_clear_pointer (&phone->dir, g_free);
      return FALSE;
    }
  path = g_build_filename (phone->dir, "komarr.admiralty", NULL);
  if (phone->muster)
    {
      g_autoptr(AdmScenario) scenario = shipped_scenario ("komarr-muster.admiralty");

      phone->campaign = adm_campaign_new (scenario, 1);
    }
  else
    phone->campaign = komarr_new (NULL, NULL);
  g_assert_true (adm_campaign_save (phone->campaign, path, &error));
  g_assert_no_error (error);
  phone->portal = adm_portal_new (phone->campaign, &error);
  g_assert_no_error (error);
  g_assert_true (adm_portal_start (phone->portal, "127.0.0.1", 0, &error));
  g_assert_no_error (error);
  adm_portal_set_accept_on_arrival (phone->portal, TRUE);
  adm_portal_set_clock (phone->portal, g_get_real_time () / G_USEC_PER_SEC + 32 * 60, -1);
  g_signal_connect (phone->portal, "sheet-received", G_CALLBACK (received_cb), phone);
  phone->link = link_new (adm_portal_get_port (phone->portal));
  mine = adm_portal_get_link (phone->portal, "vorkosigan");
  other = adm_portal_get_link (phone->portal, "vorlakial");
  phone->url = link_url (phone->link, mine);
  phone->other = link_url (phone->link, other);
  phone->token = g_strndup (strstr (mine, "/a/") + 3, 32);
  return TRUE;
}

static gpointer
phone_thread (gpointer data)
{
  Phone *phone = data;

  phone->flow (phone);
  g_atomic_int_set (&phone->done, 1);
  g_main_context_wakeup (NULL);
  return NULL;
}

/* Runs the flow on a thread of its own while this one serves the portal; then the flow's
 * problem, if any, fails the test. */
static void
phone_run (Phone *phone)
{
  GThread *thread = g_thread_new ("phone", phone_thread, phone);

  while (!g_atomic_int_get (&phone->done))
    {
      if (g_atomic_int_get (&phone->busy))
        {
          g_atomic_int_set (&phone->parked, 1);
          g_usleep (5000);
          continue;
        }
      g_atomic_int_set (&phone->parked, 0);
      g_main_context_iteration (NULL, TRUE);
    }
  g_thread_join (thread);
  chromium_stop (&phone->chromium);
  if (phone->problem != NULL)
    g_error ("Chromium: %s", phone->problem);
}

/* The sheets of Vorkosigan's for cycle 1 in the journal: what the master's Orders tab lists,
 * one line each. The last one's instructions in @words. */
static guint
journaled_sheets (Phone  *phone,
                  char  **words)
{
  GPtrArray *events = adm_campaign_get_events (phone->campaign);
  guint n = 0;

  for (guint i = 0; i < events->len; i++)
    {
      const AdmEvent *event = g_ptr_array_index (events, i);

      if (g_strcmp0 (adm_event_get (event, "admiral"), "vorkosigan") != 0)
        continue;
      if (g_str_equal (adm_event_get_kind (event), "sheet"))
        n++;
      else if (g_strcmp0 (adm_event_get (event, "order"), "instructions") == 0 &&
               words != NULL)
        {
          g_free (*words);
          *words = g_strdup (adm_event_get_text (event));
        }
    }
  return n;
}

/* The "muster" events of Vorkosigan's in the journal; the name of the last one's first
 * formation in @name. */
static guint
journaled_musters (Phone       *phone,
                   const char **name)
{
  GPtrArray *events = adm_campaign_get_events (phone->campaign);
  guint n = 0;
  gboolean first = FALSE;

  for (guint i = 0; i < events->len; i++)
    {
      const AdmEvent *event = g_ptr_array_index (events, i);

      if (g_strcmp0 (adm_event_get (event, "admiral"), "vorkosigan") != 0)
        continue;
      if (g_str_equal (adm_event_get_kind (event), "muster"))
        {
          n++;
          first = TRUE;
        }
      else if (first && g_str_equal (adm_event_get_kind (event), "muster-formation"))
        {
          if (name != NULL)
            *name = adm_event_get (event, "name");
          first = FALSE;
        }
    }
  return n;
}

/* One sheet of his in the campaign, with @words, and one "sheet-received". */
static void
assert_one_sheet (Phone      *phone,
                  const char *words)
{
  g_autofree char *kept = NULL;

  g_assert_cmpuint (journaled_sheets (phone, &kept), ==, 1);
  g_assert_cmpstr (kept, ==, words);
  g_assert_cmpint (g_atomic_int_get (&phone->received), ==, 1);
  g_assert_nonnull (adm_portal_get_sheet (phone->portal, "vorkosigan"));
}

static void
phone_finish (Phone *phone)
{
  link_free (phone->link);
  adm_portal_stop (phone->portal);
  g_clear_object (&phone->portal);
  g_clear_object (&phone->campaign);
  remove_tree (phone->dir);
  g_free (phone->dir);
  g_free (phone->url);
  g_free (phone->other);
  g_free (phone->token);
}

/* The flows, on the phone's thread. Each step does nothing once one has gone wrong. */

static gboolean
step (Phone      *phone,
      const char *what,
      const char *expression)
{
  g_autofree char *value = NULL;

  if (phone->problem != NULL)
    return FALSE;
  value = chromium_evaluate (&phone->chromium, expression);
  if (g_strcmp0 (value, "ok") == 0)
    return TRUE;
  phone->problem = g_strdup_printf ("%s: %s", what, value != NULL ? value : "(no answer)");
  return FALSE;
}

static gboolean
wait (Phone      *phone,
      const char *what,
      const char *expression)
{
  g_autofree char *text = NULL;

  if (phone->problem != NULL)
    return FALSE;
  if (chromium_wait_for (&phone->chromium, expression))
    return TRUE;
  text = chromium_evaluate (&phone->chromium, "document.body ? document.body.innerText : ''");
  phone->problem = g_strdup_printf ("%s never happened; the page says: %.600s", what, text);
  return FALSE;
}

static void
shot (Phone      *phone,
      const char *name)
{
  if (phone->problem == NULL &&
      !chromium_screenshot (&phone->chromium, name, 390, 844, "header"))
    phone->problem = g_strdup_printf ("no screenshot %s", name);
}

static void
navigate (Phone      *phone,
          const char *url)
{
  g_autofree char *params = g_strdup_printf ("{\"url\":\"%s\"}", url);

  if (phone->problem == NULL)
    json_node_unref (chromium_call (&phone->chromium, "Page.navigate", params));
}

#define ERROR_PAGE \
  "document.readyState === 'complete' && !document.getElementById('clock') ? 'yes' : 'no'"

/* A reload while the link is down and something of his is not sent: the browser asks first
 * (the page's "beforeunload"), he leaves — every question the browser asks meanwhile is
 * answered so — and the browser shows its own error page. */
static void
reload_asked (Phone *phone)
{
  JsonNode *reply;
  gboolean asked = FALSE;

  if (phone->problem != NULL)
    return;
  /* The page's events on: the browser tells of its dialogs only then. */
  reply = chromium_call (&phone->chromium, "Page.enable", "{}");
  g_clear_pointer (&reply, json_node_unref);
  reply = chromium_call (&phone->chromium, "Page.reload", "{}");
  g_clear_pointer (&reply, json_node_unref);
  for (guint i = 0; i < CHROMIUM_TIMEOUT_MS / 100; i++)
    {
      g_autofree char *shown = NULL;

      if ((reply = chromium_call (&phone->chromium, "Page.handleJavaScriptDialog",
                                  "{\"accept\":true}")) != NULL)
        {
          asked = TRUE;
          g_clear_pointer (&reply, json_node_unref);
          continue;
        }
      if (asked && g_strcmp0 ((shown = chromium_evaluate (&phone->chromium, ERROR_PAGE)),
                              "yes") == 0)
        break;
      g_usleep (100000);
    }
  if (!asked)
    phone->problem = g_strdup ("the reload was not asked about first");
}

/* His page, its script running, in a new tab. */
static void
open_page (Phone      *phone,
           const char *url)
{
  const char *problem = chromium_open (&phone->chromium, url);

  if (problem != NULL)
    phone->problem = g_strdup (problem);
  wait (phone, "his page", "document.readyState === 'complete' && "
        "document.getElementById('orders') && document.getElementById('link') && "
        "!document.getElementById('signout').hidden ? 'yes' : 'no'");
}

/* The order "defend" for his first formation, and @words added to its instructions, as his
 * keys would: an "input" event each. */
static void
type (Phone      *phone,
      const char *words)
{
  g_autofree char *script = g_strdup_printf (
    "(function(){var o=document.querySelector('select[name=o0]');"
    "if(o.value!=='defend'){o.value='defend';o.dispatchEvent(new Event('change',"
    "{bubbles:true}))}var t=document.querySelector('textarea[name=i0]');t.focus();"
    "t.value+='%s';t.dispatchEvent(new Event('input',{bubbles:true}));return 'ok'})()", words);

  step (phone, "typing", script);
}

/* "Hand in", tapped: a user's gesture, as the browser counts them (a page that has had none
 * may not ask before it is left). */
static void
hand_in (Phone *phone)
{
  JsonNode *reply;

  if (phone->problem != NULL)
    return;
  reply = chromium_call (&phone->chromium, "Runtime.evaluate",
                         "{\"userGesture\":true,\"expression\":\"document.querySelector("
                         "'#orders button:not([value])').click()\"}");
  if (reply == NULL)
    phone->problem = g_strdup ("the hand-in: no answer");
  g_clear_pointer (&reply, json_node_unref);
}

#define LINE_SAYS(text) \
  "(function(){var l=document.getElementById('link');return l&&!l.hidden&&" \
  "l.textContent.indexOf('" text "')>=0?'yes':'no'})()"
#define STATUS_SAYS(text) \
  "(function(){var s=document.getElementById('sheet-status');return s&&" \
  "s.textContent.indexOf('" text "')>=0?'yes':'no'})()"
#define WORDS_ARE(text) \
  "(function(){var t=document.querySelector('textarea[name=i0]');return t&&" \
  "t.value==='" text "'?'yes':'no'})()"
/* Nothing his page kept is left in the phone's storage. */
#define STORAGE_EMPTY \
  "(function(){for(var i=0;i<localStorage.length;i++)" \
  "if(localStorage.key(i).indexOf('admiralty:')===0)return 'no';return 'yes'})()"

/* What the phone's storage holds, every key and value, never his link's token nor his id. */
static void
storage_names_nobody (Phone *phone)
{
  g_autofree char *script = g_strdup_printf (
    "(function(){for(var i=0;i<localStorage.length;i++){var k=localStorage.key(i),"
    "v=k+localStorage.getItem(k);if(v.indexOf('%s')>=0||v.indexOf('vorkosigan')>=0)"
    "return 'the storage names him: '+k}return 'ok'})()", phone->token);

  step (phone, "the storage", script);
}

/* The link goes while he writes: the line says so within 10 s, what he wrote stays, the
 * line says the link is back when it is, and the sheet is handed in once. */
static void
mid_form (Phone *phone)
{
  gint64 cut;

  open_page (phone, phone->url);
  type (phone, WORDS_1);
  /* The access point gone: the phone's requests go out and nothing comes back. */
  link_set (phone->link, LINK_HOLD);
  cut = g_get_monotonic_time ();
  wait (phone, "the offline line", LINE_SAYS ("Offline since"));
  if (phone->problem == NULL && g_get_monotonic_time () - cut > 10 * G_USEC_PER_SEC)
    phone->problem = g_strdup_printf ("the offline line came %.1f s after the link went",
                                      (g_get_monotonic_time () - cut) / 1e6);
  wait (phone, "what he wrote, kept on the phone",
        "localStorage.length > 0 ? 'yes' : 'no'");
  storage_names_nobody (phone);
  type (phone, WORDS_2);
  shot (phone, "portal-offline-phone.png");
  wait (phone, "his words", WORDS_ARE (WORDS_1 WORDS_2));
  link_set (phone->link, LINK_UP);
  wait (phone, "the link back", LINE_SAYS ("Back online at"));
  shot (phone, "portal-back-online-phone.png");
  wait (phone, "his words", WORDS_ARE (WORDS_1 WORDS_2));
  hand_in (phone);
  wait (phone, "the sheet received", STATUS_SAYS ("Received at"));
  wait (phone, "his words, as handed in", WORDS_ARE (WORDS_1 WORDS_2));
  wait (phone, "the phone's storage emptied", STORAGE_EMPTY);
}

/* He hands the sheet in while the link is down: the portal never has it, the line says it
 * will be sent, and it is, once, when the link is back. */
static void
before_server (Phone *phone)
{
  guint passed;

  open_page (phone, phone->url);
  type (phone, WORDS_1);
  link_set (phone->link, LINK_DOWN);
  passed = link_passed_on (phone->link);
  hand_in (phone);
  wait (phone, "the offline line with his sheet",
        LINE_SAYS ("your sheet will be sent when the link is back"));
  shot (phone, "portal-offline-sheet-phone.png");
  if (phone->problem == NULL &&
      (link_passed_on (phone->link) != passed || g_atomic_int_get (&phone->received) != 0))
    phone->problem = g_strdup ("the sheet reached the portal while the link was down");
  link_set (phone->link, LINK_UP);
  wait (phone, "the sheet received", STATUS_SAYS ("Received at"));
  wait (phone, "his words, as handed in", WORDS_ARE (WORDS_1));
  wait (phone, "the phone's storage emptied", STORAGE_EMPTY);
}

/* The portal has his sheet, but its answer is lost: the phone does not say "Received", sends
 * it again when the link is back, and the portal answers as the first time, keeping nothing
 * new. */
static void
after_server (Phone *phone)
{

  open_page (phone, phone->url);
  type (phone, WORDS_1);
  link_set (phone->link, LINK_DEAF);
  hand_in (phone);
  for (guint i = 0; i < CHROMIUM_TIMEOUT_MS / 50 && !g_atomic_int_get (&phone->received); i++)
    g_usleep (50000);
  if (phone->problem == NULL && !g_atomic_int_get (&phone->received))
    phone->problem = g_strdup ("the portal never had the sheet");
  wait (phone, "the offline line with his sheet",
        LINE_SAYS ("your sheet will be sent when the link is back"));
  step (phone, "the status while the answer is lost",
        "document.getElementById('sheet-status').textContent.indexOf('Received')<0?'ok':"
        "'the page says Received without the answer'");
  link_set (phone->link, LINK_UP);
  /* The sheet is dropped from the phone only on the portal's answer to it. */
  wait (phone, "the repeat answered",
        "(function(){for(var i=0;i<localStorage.length;i++)"
        "if(/:send$/.test(localStorage.key(i)))return 'no';return 'yes'})()");
  wait (phone, "the sheet received", STATUS_SAYS ("Received at"));
  wait (phone, "his words, as handed in", WORDS_ARE (WORDS_1));
  wait (phone, "the phone's storage emptied", STORAGE_EMPTY);
}

/* He hands the sheet in with the link down (@state: the portal never has it, LINK_DOWN, or
 * has it with its answer lost, LINK_DEAF), then reloads the page while it is still down —
 * asked first whether to leave, then the browser's own error page, there being no service
 * worker —, and again once it is back:
 * his words come back from the phone's storage and the sheet is kept once. */
static void
reload_flow (Phone     *phone,
             LinkState  state)
{

  open_page (phone, phone->url);
  type (phone, WORDS_1);
  link_set (phone->link, state);
  hand_in (phone);
  wait (phone, "the offline line with his sheet",
        LINE_SAYS ("your sheet will be sent when the link is back"));
  link_set (phone->link, LINK_DOWN);
  reload_asked (phone);
  wait (phone, "the browser's error page", ERROR_PAGE);
  link_set (phone->link, LINK_UP);
  navigate (phone, phone->url);
  wait (phone, "the page again", "document.readyState === 'complete' && "
        "document.getElementById('orders') ? 'yes' : 'no'");
  wait (phone, "his words", WORDS_ARE (WORDS_1));
  wait (phone, "the sheet received", STATUS_SAYS ("Received at"));
  wait (phone, "the phone's storage emptied", STORAGE_EMPTY);
  wait (phone, "his words, as handed in", WORDS_ARE (WORDS_1));
}

static void
reload_before (Phone *phone)
{
  reload_flow (phone, LINK_DOWN);
}

static void
reload_after (Phone *phone)
{
  reload_flow (phone, LINK_DEAF);
}

/* One phone, two admirals: his words are on his page alone, and after "Sign out on this
 * phone" nothing of his is in the storage, nor his link in the address bar. */
static void
shared (Phone *phone)
{

  open_page (phone, phone->url);
  type (phone, WORDS_1);
  wait (phone, "his draft kept", "localStorage.length > 0 ? 'yes' : 'no'");
  storage_names_nobody (phone);
  /* The other admiral's page, on the same phone. */
  open_page (phone, phone->other);
  step (phone, "the other admiral's page",
        "document.body.innerHTML.indexOf('" WORDS_1 "')<0?'ok':'it shows his words'");
  /* His own page again, reloaded: his words are back. */
  navigate (phone, phone->url);
  wait (phone, "his page again", "document.readyState === 'complete' && "
        "document.getElementById('orders') ? 'yes' : 'no'");
  wait (phone, "his words", WORDS_ARE (WORDS_1));
  step (phone, "signing out", "(function(){document.getElementById('signout').click();"
        "return 'ok'})()");
  wait (phone, "signed out", "!document.getElementById('orders') && "
        "document.body.textContent.indexOf('Signed out')>=0 && "
        "location.pathname==='/' ? 'yes' : 'no'");
  wait (phone, "nothing of his kept", STORAGE_EMPTY);
  step (phone, "nothing of his words kept",
        "(function(){for(var i=0;i<localStorage.length;i++)"
        "if((localStorage.getItem(localStorage.key(i))||'').indexOf('Hold the jump')>=0)"
        "return 'his words: '+localStorage.key(i);return 'ok'})()");
  shot (phone, "portal-signed-out-phone.png");
  /* The other admiral's page after: nothing of his. */
  navigate (phone, phone->other);
  wait (phone, "the other admiral's page", "document.readyState === 'complete' && "
        "document.getElementById('orders') ? 'yes' : 'no'");
  step (phone, "the other admiral's page",
        "document.body.innerHTML.indexOf('" WORDS_1 "')<0?'ok':'it shows his words'");
  wait (phone, "no storage of his", STORAGE_EMPTY);
}

/* The master's computer busy (@busy), its main loop stopped until it is not: what the phones
 * post waits, as on a chief's laptop in the middle of a battle. */
static void
master_busy (Phone    *phone,
             gboolean  busy)
{
  g_atomic_int_set (&phone->busy, busy);
  g_main_context_wakeup (NULL);
  while (busy && !g_atomic_int_get (&phone->parked))
    g_usleep (1000);
}

/* Waits up to @ms for the relay to have passed on more connections than @before. */
static void
passed_on_since (Phone *phone,
                 guint  before,
                 guint  ms)
{
  for (guint i = 0; i < ms / 10 && link_passed_on (phone->link) <= before; i++)
    g_usleep (10000);
}

#define MUSTER_NAME "Home Squadron"

/* His first formation named as his keys would: an "input" event. */
static void
name_formation (Phone *phone)
{
  step (phone, "naming", "(function(){var n=document.querySelector('input[name=n1]');"
        "n.focus();n.value='" MUSTER_NAME "';n.dispatchEvent(new Event('input',"
        "{bubbles:true}));return 'ok'})()");
}

#define MUSTER_NAME_KEPT \
  "(function(){var n=document.querySelector('input[name=n1]');return n&&" \
  "n.value==='" MUSTER_NAME "'?'yes':'no'})()"

/* F-GEN-6: he hands his muster in while the master's computer is busy and the answer is lost;
 * 300 ms later he reads his page again, which still says "Not handed in yet" (the computer
 * has not got to it), and hands it in again, as a phone of the rehearsal did: the muster is
 * journaled once, with his formation's name. */
static void
muster_reread (Phone *phone)
{
  guint before;

  open_page (phone, phone->url);
  name_formation (phone);
  master_busy (phone, TRUE);
  link_set (phone->link, LINK_DEAF);
  before = link_passed_on (phone->link);
  hand_in (phone);
  passed_on_since (phone, before, 2000);
  g_usleep (300000);
  link_set (phone->link, LINK_UP);
  navigate (phone, phone->url);
  wait (phone, "his page read again", "document.readyState === 'complete' && "
        "document.getElementById('orders') ? 'yes' : 'no'");
  wait (phone, "his page not yet saying it", STATUS_SAYS ("Not handed in yet"));
  before = link_passed_on (phone->link);
  hand_in (phone);
  passed_on_since (phone, before, 1000);
  g_usleep (300000);
  master_busy (phone, FALSE);
  wait (phone, "the muster handed in", STATUS_SAYS ("handed in at"));
  wait (phone, "the phone's storage emptied", STORAGE_EMPTY);
}

/* F-GEN-6: he hands his muster in with the link down; leaving the page is asked about first;
 * he reloads it while the link is down — the browser's own error page — and again once it is
 * back: his formation's name comes back from the phone's storage, and the muster is
 * journaled once. */
static void
muster_reload (Phone *phone)
{
  open_page (phone, phone->url);
  name_formation (phone);
  link_set (phone->link, LINK_DOWN);
  hand_in (phone);
  wait (phone, "the offline line with his muster",
        LINE_SAYS ("your muster will be sent when the link is back"));
  shot (phone, "portal-offline-muster-phone.png");
  reload_asked (phone);
  wait (phone, "the browser's error page", ERROR_PAGE);
  if (phone->problem == NULL && journaled_musters (phone, NULL) != 0)
    phone->problem = g_strdup ("the muster reached the portal while the link was down");
  link_set (phone->link, LINK_UP);
  navigate (phone, phone->url);
  wait (phone, "the page again", "document.readyState === 'complete' && "
        "document.getElementById('orders') ? 'yes' : 'no'");
  wait (phone, "the muster handed in", STATUS_SAYS ("handed in at"));
  wait (phone, "his formation's name, as handed in", MUSTER_NAME_KEPT);
  wait (phone, "the phone's storage emptied", STORAGE_EMPTY);
  step (phone, "no warning before leaving once sent", "(function(){var e=new Event("
        "'beforeunload',{cancelable:true});window.dispatchEvent(e);return e.defaultPrevented?"
        "'it still asks':'ok'})()");
}

/* He marks his sheet final, then takes it back, with the answers lost: each is sent again
 * once the link is back and kept once, in the order he made them — his sheet not final. */
static void
final_lost (Phone *phone)
{
  open_page (phone, phone->url);
  type (phone, WORDS_1);
  hand_in (phone);
  wait (phone, "the sheet received", STATUS_SAYS ("Received at"));
  wait (phone, "the final mark offered", "document.querySelector('#final button') ? 'yes' : "
        "'no'");
  link_set (phone->link, LINK_DEAF);
  step (phone, "marking final", "(function(){document.querySelector('#final button').click();"
        "return 'ok'})()");
  for (guint i = 0; i < CHROMIUM_TIMEOUT_MS / 50 &&
       !adm_portal_get_final (phone->portal, "vorkosigan"); i++)
    g_usleep (50000);
  if (phone->problem == NULL && !adm_portal_get_final (phone->portal, "vorkosigan"))
    phone->problem = g_strdup ("the portal never had the final mark");
  wait (phone, "the offline line with his mark",
        LINE_SAYS ("when the link is back"));
  link_set (phone->link, LINK_UP);
  wait (phone, "the mark shown", "document.querySelector('#final.on') ? 'yes' : 'no'");
  wait (phone, "the phone's storage emptied", STORAGE_EMPTY);
  link_set (phone->link, LINK_DEAF);
  step (phone, "not final after all", "(function(){document.querySelector('#final button')"
        ".click();return 'ok'})()");
  for (guint i = 0; i < CHROMIUM_TIMEOUT_MS / 50 &&
       adm_portal_get_final (phone->portal, "vorkosigan"); i++)
    g_usleep (50000);
  link_set (phone->link, LINK_UP);
  wait (phone, "the mark taken back", "document.querySelector('#final') && "
        "!document.querySelector('#final.on') ? 'yes' : 'no'");
  wait (phone, "the phone's storage emptied", STORAGE_EMPTY);
  if (phone->problem == NULL && adm_portal_get_final (phone->portal, "vorkosigan"))
    phone->problem = g_strdup ("his sheet is final after \"Not final after all\"");
}

#define READ_BACK_SHOWN \
  "document.querySelector('#orders p.readback') ? 'yes' : 'no'"
/* The phone's queue of posts ("…:send") holds a read-back. */
#define READ_BACK_QUEUED \
  "(function(){for(var i=0;i<localStorage.length;i++){var k=localStorage.key(i);" \
  "if(/:send$/.test(k)&&/\"r\":1/.test(localStorage.getItem(k)))return 'yes'}return 'no'})()"

/* He asks for his orders to be read back with the link down: nothing reaches the portal, the
 * line says it will be read back when the link is back, and the phone keeps the question;
 * the link back, it is asked, its answer put in place of the form with his words, the queue
 * emptied — and nothing handed in. */
static void
read_back_offline (Phone *phone)
{
  guint passed;

  open_page (phone, phone->url);
  type (phone, WORDS_1);
  link_set (phone->link, LINK_DOWN);
  passed = link_passed_on (phone->link);
  step (phone, "read back", "(function(){document.querySelector('#orders button[value=check]')"
        ".click();return 'ok'})()");
  wait (phone, "the offline line with the read-back",
        LINE_SAYS ("will be read back to you when the link is back"));
  wait (phone, "the read-back kept on the phone", READ_BACK_QUEUED);
  shot (phone, "portal-offline-read-back-phone.png");
  if (phone->problem == NULL && link_passed_on (phone->link) != passed)
    phone->problem = g_strdup ("the read-back reached the portal while the link was down");
  step (phone, "not read back while offline", "document.querySelector('#orders p.readback')?"
        "'read back offline':'ok'");
  link_set (phone->link, LINK_UP);
  wait (phone, "the orders read back", READ_BACK_SHOWN);
  wait (phone, "his words", WORDS_ARE (WORDS_1));
  wait (phone, "the read-back dropped from the queue",
        "(function(){for(var i=0;i<localStorage.length;i++)"
        "if(/:send$/.test(localStorage.key(i)))return 'no';return 'yes'})()");
  step (phone, "nothing handed in", "document.getElementById('sheet-status').textContent"
        ".indexOf('Received')<0?'ok':'the read-back handed the sheet in'");
  if (phone->problem == NULL && g_atomic_int_get (&phone->received) != 0)
    phone->problem = g_strdup ("the read-back handed a sheet in");
}

/* The page's earlier version kept his draft as "admiralty:NAME:draft-CYCLE" and a sheet
 * waiting to be sent as "admiralty:NAME:sheet" ({id, cycle, p, x}); the first load of this
 * version takes both up: his words come back and the sheet is handed in, once, and the old
 * names are gone. */
static void
old_storage (Phone *phone)
{
  open_page (phone, phone->url);
  type (phone, WORDS_1);
  wait (phone, "his draft kept", "localStorage.length > 0 ? 'yes' : 'no'");
  /* The storage as the earlier version left it: the draft under its old name, the sheet
   * waiting under its own, nothing under the new names. */
  step (phone, "the earlier version's storage", "(function(){var B=document.body,"
        "p='admiralty:'+B.dataset.store+':',c=B.dataset.cycle,n=p+'draft-sheet-'+c,"
        "v=localStorage.getItem(n);if(!v)return 'no draft under '+n;"
        "localStorage.clear();localStorage.setItem(p+'draft-'+c,v);"
        "localStorage.setItem(p+'sheet',JSON.stringify({id:'0123456789abcdef0123456789abcdef',"
        "cycle:+c,p:JSON.parse(v),x:null}));return 'ok'})()");
  navigate (phone, phone->url);
  wait (phone, "his page again", "document.readyState === 'complete' && "
        "document.getElementById('orders') ? 'yes' : 'no'");
  wait (phone, "his words", WORDS_ARE (WORDS_1));
  wait (phone, "the sheet received", STATUS_SAYS ("Received at"));
  wait (phone, "the phone's storage emptied", STORAGE_EMPTY);
  /* His fleet cards, each formation's faction by its symbol beside its name. */
  wait (phone, "his fleet cards with their faction",
        "document.querySelector('#fleet .card dd svg.sym') ? 'yes' : 'no'");
  if (phone->problem == NULL &&
      !chromium_screenshot (&phone->chromium, "portal-fleet-cards-phone.png", 390, 844,
                            "#fleet .card"))
    phone->problem = g_strdup ("no screenshot of his fleet cards");
}

/* A case: @flow on a phone of its own; then one sheet of his with @words in the campaign,
 * or (NULL) none. */
typedef struct {
  const char  *path;
  void       (*flow) (Phone *phone);
  const char  *words;
  gboolean     muster;  /* the campaign in its muster: one muster of his in the journal */
} PhoneCase;

static void
phone_test (gconstpointer data)
{
  const PhoneCase *test = data;
  Phone phone = { test->flow, };

  phone.muster = test->muster;
  if (!phone_start (&phone))
    return;
  phone_run (&phone);
  if (test->muster)
    {
      const char *name = NULL;

      g_assert_cmpuint (journaled_musters (&phone, &name), ==, 1);
      g_assert_cmpstr (name, ==, MUSTER_NAME);
    }
  else if (test->words != NULL)
    assert_one_sheet (&phone, test->words);
  else
    g_assert_cmpuint (journaled_sheets (&phone, NULL), ==, 0);
  phone_finish (&phone);
}

int
main (int   argc,
      char *argv[])
{
  static const PhoneCase tests[] = {
    { "F-GEN-3/mid-form-phone", mid_form, WORDS_1 WORDS_2 },
    { "F-GEN-3/before-server-phone", before_server, WORDS_1 },
    { "F-GEN-3/after-server-phone", after_server, WORDS_1 },
    { "F-GEN-3/reload-before-server-phone", reload_before, WORDS_1 },
    { "F-GEN-3/reload-after-server-phone", reload_after, WORDS_1 },
    { "shared-phone-sign-out", shared, NULL },
    { "F-GEN-3/final-lost-phone", final_lost, WORDS_1 },
    { "F-GEN-6/muster-reread-phone", muster_reread, NULL, TRUE },
    { "F-GEN-6/muster-reload-phone", muster_reload, NULL, TRUE },
    { "F-GEN-3/read-back-offline-phone", read_back_offline, NULL },
    { "F-GEN-3/old-storage-phone", old_storage, WORDS_1 },
  };

  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (tests); i++)
    {
      g_autofree char *path = g_strconcat ("/portal/offline/", tests[i].path, NULL);

      g_test_add_data_func (path, &tests[i], phone_test);
    }
  return g_test_run ();
}
