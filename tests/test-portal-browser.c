/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-portal-browser.c: the admirals' portal in a real browser. Headless Chromium
 * (Debian's chromium), driven over the DevTools protocol on a pipe, loads an admiral's page
 * from the portal on 127.0.0.1, chooses an order, writes instructions and detaches a ship as a
 * new formation in the form (F-STRAT-17), and submits it; the sheet then waits for the
 * master in the portal — what the Orders board shows — and the page Chromium is sent back to
 * (POST/Redirect/GET) says it was received. The master refuses it; the page says so with his
 * reason, in place. The flows, on a phone (390×844) and a tablet (768×1024): an attack with no
 * target comes back filled in with the engine's reason beside it; a move's route is offered
 * leg by leg (F-STRAT-8) and read back before it is handed in; received, then refused by the
 * master in place, the form filled, his reason beside the order; the campaign changes while
 * he types and what he typed stays, the page never reloaded; the clock paused stands still,
 * then shows the time added; a second sheet is accepted. The muster before cycle 1 (F-GEN-5,
 * F-GEN-6) on a phone: the eleven admirals of scenarios/komarr-muster.admiralty hand in their
 * musters from their pages, one refused — every refusal at once on one tap, the form saying
 * F-FORM-8 as the season has it —, read back, returned by the master and accepted, no page
 * showing another's pool. While the campaign cannot be saved, a muster and a sheet taken on
 * arrival are "Not received" on the phone, never "Received"; a sheet whose instructions hold
 * U+0001 is refused as it is handed in. On a phone, Adm. Radovan's tables after the battle at Pol orbit
 * (what his side knows, his ships in the battle) keep every column whole. Screenshots of each
 * state are kept
 * in the build's tests folder (docs/screenshots/ has the phone's). Skipped when chromium is
 * absent. */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "admiralty-engine.h"
#include "adm-portal.h"
#include "browser-helpers.h"
#include "cli-helpers.h"
#include "file-helpers.h"
#include "komarr-helpers.h"

typedef struct {
  Chromium  chromium;
  char     *link;
  char     *final_text;     /* document.body.innerText after the submit */
  char     *refused_text;   /* the sheet's status once the master refused it */
  char     *problem;        /* why the conversation stopped, or NULL */
  gint      done;
  /* What browser_start () sets up, browser_finish () ends: */
  char        *dir;         /* the campaign and Chromium's profile */
  AdmCampaign *campaign;
  AdmPortal   *portal;
  guint        width, height;
  char        *suffix;      /* "phone" or "tablet", in the screenshots' names */
  /* The muster: each admiral's link, in the order of the pools, and what of the other pools
   * his page must not show (a script's array of ship names and form fields). */
  GPtrArray   *muster_links;
  GPtrArray   *muster_foreign;
  char        *refused[2];  /* another admiral's ship refused, and no ship at all */
} Browser;

/* browser-helpers' calls on @browser's Chromium, as the flows below make them. */
static JsonNode *
call (Browser    *browser,
      const char *method,
      const char *params)
{
  return chromium_call (&browser->chromium, method, params);
}

static char *
evaluate (Browser    *browser,
          const char *expression)
{
  return chromium_evaluate (&browser->chromium, expression);
}

static gboolean
wait_for (Browser    *browser,
          const char *expression)
{
  return chromium_wait_for (&browser->chromium, expression);
}

static gboolean
screenshot (Browser    *browser,
            const char *name,
            guint       width,
            guint       height,
            const char *scroll_to)
{
  return chromium_screenshot (&browser->chromium, name, width, height, scroll_to);
}

/* A new page at @url in the browser, which the calls then go to: FALSE, and the conversation's
 * problem said, when Chromium did not open it. */
static gboolean
open_page (Browser    *browser,
           const char *url)
{
  const char *problem = chromium_open (&browser->chromium, url);

  if (problem != NULL)
    browser->problem = g_strdup (problem);
  return problem == NULL;
}

static gpointer
browser_thread (gpointer data)
{
  Browser *browser = data;
  g_autofree char *filled = NULL;
  /* POST/Redirect/GET: the browser is on his page again, not on the sheet's answer. */
  const char *received = "document.readyState === 'complete' && "
                         "!/sheet$/.test(location.pathname) && "
                         "document.getElementById('sheet-status') && "
                         "/Received at/.test(document.getElementById('sheet-status')"
                         ".innerText) ? 'yes' : 'no'";

  if (!open_page (browser, browser->link))
    goto out;
  if (!wait_for (browser, "document.readyState === 'complete' && "
                          "document.querySelector('form') ? 'yes' : 'no'"))
    {
      browser->problem = g_strdup ("the page with its form never loaded");
      goto out;
    }
  /* The page as the admiral first sees it in play: his name, the countdown to the next
   * session running, his sheet not handed in. */
  if (!wait_for (browser, "/^[0-9]+:[0-9][0-9]$/.test(document.getElementById('clock')"
                          ".innerText) ? 'yes' : 'no'"))
    {
      browser->problem = g_strdup ("the page shows no countdown to the next session");
      goto out;
    }
  if (!screenshot (browser, "portal-phone.png", 390, 1200, "header"))
    {
      browser->problem = g_strdup ("no screenshot of the page as it loaded");
      goto out;
    }
  /* As an admiral would: an order from the list, a line of instructions, the first ship
   * ticked to go as a new formation of its own, then the button. */
  filled = evaluate (browser,
                     "(function(){var o=document.querySelector('select[name=o0]');"
                     "o.value='defend';o.dispatchEvent(new Event('change'));"
                     "document.querySelector('textarea[name=i0]').value='Hold the jump point';"
                     "document.querySelector('details.admin').open=true;"
                     "document.querySelector('select[name=a0]').value='detach';"
                     "document.querySelector('input[name=x0s0]').checked=true;"
                     "document.querySelector('input[name=N0]').value='Jump Point Picket';"
                     "return 'filled'})()");
  if (g_strcmp0 (filled, "filled") != 0 ||
      !screenshot (browser, "portal-form-phone.png", 390, 844, "details.admin") ||
      !screenshot (browser, "portal-form-desktop.png", 1280, 800, "details.admin"))
    {
      browser->problem = g_strdup ("the form could not be filled");
      goto out;
    }
  /* Not so before the form is sent: what the wait below finds is the page after it. */
  g_free (filled);
  filled = evaluate (browser, received);
  if (filled == NULL || g_str_equal (filled, "yes"))
    {
      browser->problem = g_strdup ("the page said the sheet was received before it was sent");
      goto out;
    }
  g_free (filled);
  filled = evaluate (browser, "(function(){"
                              "document.querySelector('form button:not([value])').click();"
                              "return 'clicked'})()");
  if (g_strcmp0 (filled, "clicked") != 0)
    {
      browser->problem = g_strdup ("the form could not be filled");
      goto out;
    }
  if (!wait_for (browser, received))
    {
      browser->problem = g_strdup ("the page after the submit never loaded");
      goto out;
    }
  browser->final_text = evaluate (browser, "document.getElementById('sheet-status').innerText");
  /* The master refuses it (refuse_cb ()): the page says so in place, without a reload. */
  if (!wait_for (browser, "document.readyState === 'complete' && "
                          "document.getElementById('sheet-status') && "
                          "document.getElementById('sheet-status').innerText.indexOf('refused')"
                          " >= 0 ? 'yes' : 'no'"))
    {
      g_autofree char *now = evaluate (browser, "document.getElementById('sheet-status') ? "
                                                "document.getElementById('sheet-status')"
                                                ".innerText : document.body.innerText");

      browser->problem = g_strdup_printf ("the page never said the sheet was refused: %.300s",
                                          now);
      goto out;
    }
  browser->refused_text = evaluate (browser,
                                    "document.getElementById('sheet-status').innerText");
  if (!screenshot (browser, "portal-refused-phone.png", 390, 844, "#session") ||
      !screenshot (browser, "portal-refused-desktop.png", 1280, 800, "header"))
    browser->problem = g_strdup ("no screenshot of the refusal");
out:
  g_atomic_int_set (&browser->done, 1);
  g_main_context_wakeup (NULL);
  return NULL;
}

/* The master's refusal, a moment after the sheet arrived. */
static gboolean
refuse_cb (gpointer data)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (adm_portal_refuse (data, "vorkosigan", "Two orders for the Vanguard", &error));
  g_assert_no_error (error);
  return G_SOURCE_REMOVE;
}

static void
received_cb (AdmPortal  *portal,
             const char *admiral_id,
             gpointer    data)
{
  g_timeout_add (1000, refuse_cb, portal);
}

/* Starts a browser test: headless Chromium in a window of @width × @height (@suffix names its
 * screenshots), its profile in a new folder (chromium_start ()), and the campaign of
 * @scenario_file (under scenarios/) saved in that folder, its portal on 127.0.0.1. FALSE, the
 * test skipped, when chromium is not installed. */
static gboolean
browser_start_scenario (Browser    *browser,
                        const char *scenario_file,
                        guint       width,
                        guint       height,
                        const char *suffix)
{
  g_autofree char *path = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "scenarios",
                                            scenario_file, NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *save_path = NULL, *profile = NULL;
  g_autoptr(AdmScenario) scenario = NULL;

  browser->dir = g_dir_make_tmp ("admiralty-portal-browser-XXXXXX", &error);
  g_assert_no_error (error);
  save_path = g_build_filename (browser->dir, "komarr.admiralty", NULL);
  profile = g_build_filename (browser->dir, "chromium", NULL);
  if (!chromium_start (&browser->chromium, profile, width, height))
    {
      remove_tree (browser->dir);
      g_clear_pointer (&browser->dir, g_free);
      return FALSE;
    }
  scenario = adm_scenario_load_file (path, &error);
  g_assert_no_error (error);
  browser->campaign = adm_campaign_new (scenario, 1);
  g_assert_true (adm_campaign_save (browser->campaign, save_path, &error));
  g_assert_no_error (error);
  browser->portal = adm_portal_new (browser->campaign, &error);
  g_assert_no_error (error);
  g_assert_true (adm_portal_start (browser->portal, "127.0.0.1", 0, &error));
  g_assert_no_error (error);
  browser->link = adm_portal_get_link (browser->portal, "vorkosigan");
  browser->width = width;
  browser->height = height;
  browser->suffix = g_strdup (suffix);
  return TRUE;
}

/* browser_start_scenario () with the Komarr campaign. */
static gboolean
browser_start (Browser    *browser,
               guint       width,
               guint       height,
               const char *suffix)
{
  return browser_start_scenario (browser, "komarr-campaign.admiralty", width, height, suffix);
}

/* Runs @flow, the admiral's side, on a thread of its own while this one serves the portal,
 * then closes Chromium; the conversation's problem, if any, fails the test. */
static void
browser_run (Browser     *browser,
             GThreadFunc  flow)
{
  GThread *thread = g_thread_new ("browser", flow, browser);

  while (!g_atomic_int_get (&browser->done))
    g_main_context_iteration (NULL, TRUE);
  g_thread_join (thread);
  chromium_stop (&browser->chromium);
  if (browser->problem != NULL)
    g_error ("Chromium (%s): %s", browser->suffix, browser->problem);
}

/* Stops the portal and removes the folder, with what the test kept. */
static void
browser_finish (Browser *browser)
{
  g_free (browser->final_text);
  g_free (browser->refused_text);
  g_free (browser->suffix);
  g_free (browser->link);
  adm_portal_stop (browser->portal);
  g_clear_object (&browser->portal);
  g_clear_object (&browser->campaign);
  remove_tree (browser->dir);
  g_free (browser->dir);
}

static void
test_browser (void)
{
  const AdmPortalSheet *sheet;
  Browser browser = { 0, };

  if (!browser_start (&browser, 390, 844, "phone"))
    return;
  /* The cycle under way: 32 minutes to the next session. */
  adm_portal_set_clock (browser.portal, g_get_real_time () / G_USEC_PER_SEC + 32 * 60, -1);
  g_signal_connect (browser.portal, "sheet-received", G_CALLBACK (received_cb), NULL);
  browser_run (&browser, browser_thread);

  sheet = adm_portal_get_sheet (browser.portal, "vorkosigan");
  g_assert_nonnull (sheet);
  g_assert_cmpint (sheet->status, ==, ADM_PORTAL_SHEET_REFUSED);
  g_assert_cmpuint (sheet->events->len, ==, 4);  /* the sheet, defend, instructions, detach */
  g_assert_cmpstr (adm_event_get (g_ptr_array_index (sheet->events, 1), "order"), ==, "defend");
  g_assert_cmpstr (adm_event_get_text (g_ptr_array_index (sheet->events, 2)), ==,
                   "Hold the jump point");
  g_assert_cmpstr (adm_event_get (g_ptr_array_index (sheet->events, 3), "order"), ==, "detach");
  g_assert_cmpstr (adm_event_get (g_ptr_array_index (sheet->events, 3), "new-formation"), ==,
                   "vorkosigan-jump-point-picket");
  g_assert_cmpstr (adm_event_get (g_ptr_array_index (sheet->events, 3), "name"), ==,
                   "Jump Point Picket");
  g_assert_nonnull (strstr (browser.final_text, "waiting for the master"));
  g_assert_nonnull (strstr (browser.refused_text, "refused by the master: Two orders for the "
                                                  "Vanguard"));
  browser_finish (&browser);
}

/* The flows: on the main thread, what the master does while the admiral has his page open. */

static gboolean
master_refuses_cb (gpointer data)
{
  Browser *browser = data;
  g_autoptr(GError) error = NULL;

  if (!adm_portal_refuse (browser->portal, "vorkosigan", "Vanguard stays at Komarr", &error))
    g_error ("refuse: %s", error->message);
  return G_SOURCE_REMOVE;
}

static gboolean
master_accepts_cb (gpointer data)
{
  Browser *browser = data;
  g_autoptr(GError) error = NULL;

  if (!adm_portal_accept (browser->portal, "vorkosigan", &error))
    g_error ("accept: %s", error->message);
  return G_SOURCE_REMOVE;
}

/* A change of the campaign: a note the master journals (each battle phase is such a change). */
static gboolean
campaign_changes_cb (gpointer data)
{
  Browser *browser = data;
  g_autoptr(AdmEvent) note = adm_event_new ("note", g_get_real_time () / G_USEC_PER_SEC);
  g_autoptr(GError) error = NULL;

  adm_event_set_text (note, "Battle of Komarr: turn 2");
  if (!adm_campaign_append (browser->campaign, note, &error))
    g_error ("note: %s", error->message);
  return G_SOURCE_REMOVE;
}

/* A change his page shows: the master sets the clock back to 29 minutes left (earlier than
 * it stands each time it is called, so no extension). A note alone moves no admiral's page:
 * each page's version is its own. */
static gboolean
master_moves_clock_cb (gpointer data)
{
  Browser *browser = data;

  adm_portal_set_clock (browser->portal, g_get_real_time () / G_USEC_PER_SEC + 29 * 60, -1);
  return G_SOURCE_REMOVE;
}

static gboolean
master_pauses_cb (gpointer data)
{
  Browser *browser = data;

  adm_portal_set_clock (browser->portal, 0, 25 * 60 + 13);
  return G_SOURCE_REMOVE;
}

static gboolean
master_resumes_longer_cb (gpointer data)
{
  Browser *browser = data;

  /* Resumed with five minutes more than it held. */
  adm_portal_set_clock (browser->portal, g_get_real_time () / G_USEC_PER_SEC + 30 * 60 + 13,
                        -1);
  return G_SOURCE_REMOVE;
}

static gboolean
flow_step (Browser    *browser,
           const char *what,
           const char *expression)
{
  g_autofree char *value = NULL;

  if (browser->problem != NULL)
    return FALSE;
  value = evaluate (browser, expression);
  if (g_strcmp0 (value, "ok") == 0)
    return TRUE;
  browser->problem = g_strdup_printf ("%s: %s", what, value != NULL ? value : "(no answer)");
  return FALSE;
}

static gboolean
flow_wait (Browser    *browser,
           const char *what,
           const char *expression)
{
  g_autofree char *text = NULL;

  if (browser->problem != NULL)
    return FALSE;
  if (wait_for (browser, expression))
    return TRUE;
  text = evaluate (browser, "document.body.innerText");
  browser->problem = g_strdup_printf ("%s never happened; the page says: %.600s", what, text);
  return FALSE;
}

static gboolean
flow_shot (Browser    *browser,
           const char *state,
           const char *scroll_to)
{
  g_autofree char *name = g_strdup_printf ("portal-%s-%s.png", state, browser->suffix);

  if (browser->problem != NULL)
    return FALSE;
  if (screenshot (browser, name, browser->width, browser->height, scroll_to))
    return TRUE;
  browser->problem = g_strdup_printf ("no screenshot %s", name);
  return FALSE;
}

/* A form sent (@action, a step) and what it comes to awaited (@expression, "yes" once so),
 * @expression first found not so: whether the page then says it cannot be left over from
 * before the form was sent, without waiting for the browser to have left it. */
static gboolean
flow_submit (Browser    *browser,
             const char *what,
             const char *action,
             const char *outcome,
             const char *expression)
{
  g_autofree char *before = NULL;

  if (browser->problem != NULL)
    return FALSE;
  before = evaluate (browser, expression);
  if (before == NULL || g_str_equal (before, "yes"))
    {
      browser->problem = g_strdup_printf ("%s: %s before %s", outcome,
                                          before != NULL ? "already so" : "no answer", what);
      return FALSE;
    }
  return flow_step (browser, what, action) && flow_wait (browser, outcome, expression);
}

/* What the master does, on the main thread, unless the flow has already gone wrong (its
 * problem is then the one told). */
static void
flow_master (Browser     *browser,
             GSourceFunc  done)
{
  if (browser->problem == NULL)
    g_main_context_invoke (NULL, done, browser);
}

typedef struct {
  GSourceFunc  change;
  Browser     *browser;
  gint         made;
} MasterChange;

static gboolean
master_change_cb (gpointer data)
{
  MasterChange *change = data;

  change->change (change->browser);
  g_atomic_int_set (&change->made, 1);
  return G_SOURCE_REMOVE;
}

/* @done as flow_master () runs it, once made followed by the admiral coming back to his page
 * from another app: the page asks at once whether anything changed — its fetch is under
 * way as the "visibilitychange" returns —, not at its next poll. While a poll is already
 * under way it asks again a moment later. */
static void
flow_master_then_back (Browser     *browser,
                       GSourceFunc  done)
{
  MasterChange change = { done, browser, 0 };

  if (browser->problem != NULL)
    return;
  g_main_context_invoke (NULL, master_change_cb, &change);
  while (!g_atomic_int_get (&change.made))
    g_usleep (10000);
  for (guint i = 0; i < CHROMIUM_TIMEOUT_MS / 100; i++)
    {
      g_autofree char *value = evaluate (browser,
        "(function(){if(!window.counted){var f=window.fetch;window.fetches=0;"
        "window.fetch=function(){window.fetches++;return f.apply(this,arguments)};"
        "window.counted=1}var n=window.fetches;"
        "document.dispatchEvent(new Event('visibilitychange'));"
        "return window.fetches>n?'ok':'busy'})()");

      if (g_strcmp0 (value, "ok") == 0)
        return;
      if (g_strcmp0 (value, "busy") != 0)
        {
          browser->problem = g_strdup_printf ("back on his page: %s",
                                              value != NULL ? value : "(no answer)");
          return;
        }
      g_usleep (100000);
    }
  browser->problem = g_strdup ("back on his page: the page never asked");
}

#define STATUS_SAYS(text) \
  "document.getElementById('sheet-status') && " \
  "document.getElementById('sheet-status').innerText.indexOf('" text "') >= 0 ? 'yes' : 'no'"

static gpointer
flows_thread (gpointer data)
{
  Browser *browser = data;
  g_autofree char *metrics = g_strdup_printf ("{\"width\":%u,\"height\":%u,"
                                              "\"deviceScaleFactor\":1,\"mobile\":%s}",
                                              browser->width, browser->height,
                                              browser->width < 600 ? "true" : "false");

  if (!open_page (browser, browser->link))
    goto out;
  json_node_unref (call (browser, "Emulation.setDeviceMetricsOverride", metrics));
  if (!flow_wait (browser, "the page", "document.readyState === 'complete' && "
                  "document.getElementById('orders') ? 'yes' : 'no'"))
    goto out;

  /* An attack with no target: the engine refuses it on arrival, and the form comes back as he
   * filled it, the engine's reason beside the order. */
  flow_submit (browser, "an attack with no target",
               "(function(){document.querySelector('select[name=o0]').value='attack';"
               "document.querySelector('#orders button:not([value])').click();return 'ok'})()",
               "the engine's refusal beside the order",
               "document.readyState === 'complete' && !/sheet$/.test(location.pathname) && "
               "document.querySelector('#orders .refusal') && "
               "/has no target/.test(document.querySelector('#orders .refusal').innerText) && "
               "document.querySelector('select[name=o0]').value === 'attack' ? 'yes' : 'no'");
  flow_shot (browser, "refused-engine", "#sheet");

  /* F-STRAT-8: guided entry. The first leg offers only the Vanguard's neighbours; choosing
   * one narrows the second leg to that sector's neighbours. */
  flow_step (browser, "the route's first leg",
             "(function(){var o=document.querySelector('select[name=o0]');o.value='move';"
             "o.dispatchEvent(new Event('change',{bubbles:true}));"
             "var a=document.querySelector('select[name=r0a]');"
             "if(a.options.length<2)return 'no leg offered';"
             "var all=document.querySelectorAll('select[name=r0a] option').length,"
             "every=document.querySelector('select[name=t0]')?1:0;"
             "a.value=a.options[1].value;a.dispatchEvent(new Event('change',{bubbles:true}));"
             "var adj=a.options[1].dataset.adj.split(' '),b=document.querySelector("
             "'select[name=r0b]');for(var i=1;i<b.options.length;i++){var q=b.options[i];"
             "if(!q.disabled&&adj.indexOf(q.value)<0)return 'leg 2 offers '+q.value}"
             "return 'ok'})()");
  /* Read back by the server, before it is handed in (a plain form post). */
  flow_submit (browser, "the read-back button",
               "(function(){document.querySelector('button[value=check]').click();"
               "return 'ok'})()",
               "the read-back",
               "document.readyState === 'complete' && document.querySelector('.readback') && "
               "/moves to .*arriving at minute/.test(document.querySelector('.readback')"
               ".innerText) ? 'yes' : 'no'");
  flow_shot (browser, "readback", "#sheet");

  /* Handed in: POST, then 303 to his page, which says when it was received. */
  flow_submit (browser, "the hand-in button",
               "(function(){window.before=1;document.querySelector("
               "'#orders button:not([value])').click();return 'ok'})()",
               "the page after the hand-in",
               "document.readyState === 'complete' && !/sheet$/.test(location.pathname) && "
               STATUS_SAYS ("Received at"));
  flow_step (browser, "the form filled as handed in",
             "document.querySelector('select[name=o0]').value === 'move' ? 'ok' : 'empty'");
  flow_shot (browser, "received", "#session");

  /* Refused by the master: in place, the form filled as sent, his reason beside the order — by
   * the page's own poll, while he watches it; later changes reach it as he comes back to it. */
  flow_step (browser, "a mark on the page",
             "(function(){window.stays=1;return 'ok'})()");
  flow_master (browser, master_refuses_cb);
  flow_wait (browser, "the refusal", STATUS_SAYS ("refused"));
  flow_wait (browser, "the reason beside the order",
             "document.querySelector('#orders .refusal') && document.querySelector("
             "'#orders .refusal').innerText.indexOf('Vanguard stays at Komarr') >= 0 && "
             "document.querySelector('select[name=o0]').value === 'move' ? 'yes' : 'no'");
  flow_step (browser, "no reload", "window.stays === 1 ? 'ok' : 'reloaded'");
  flow_shot (browser, "refused", "header");

  /* He starts a new sheet; the campaign and the clock change meanwhile: what he wrote stays. */
  flow_step (browser, "typing",
             "(function(){var t=document.querySelector('textarea[name=i0]');"
             "t.value='Hold the jump point until the tanker comes';"
             "t.dispatchEvent(new Event('input',{bubbles:true}));"
             "window.csrf=document.querySelector('#orders input[name=csrf]').value;"
             "return 'ok'})()");
  flow_master (browser, campaign_changes_cb);
  flow_master_then_back (browser, master_moves_clock_cb);
  flow_wait (browser, "the page taking the change",
             "document.querySelector('#orders input[name=csrf]').value !== window.csrf ? "
             "'yes' : 'no'");
  flow_step (browser, "what he wrote, kept",
             "document.querySelector('textarea[name=i0]').value === "
             "'Hold the jump point until the tanker comes' && window.stays === 1 ? 'ok' : "
             "'lost: ' + document.querySelector('textarea[name=i0]').value");

  /* The master pauses the clock: it stands still and says so. */
  flow_master_then_back (browser, master_pauses_cb);
  flow_wait (browser, "the pause",
             "document.getElementById('clock-note').innerText.indexOf('Paused') >= 0 && "
             "document.getElementById('clock').innerText === '25:13' ? 'yes' : 'no'");
  g_usleep (1500000);
  flow_step (browser, "a clock standing still",
             "document.getElementById('clock').innerText === '25:13' ? 'ok' : "
             "document.getElementById('clock').innerText");
  flow_shot (browser, "paused", "header");
  flow_master_then_back (browser, master_resumes_longer_cb);
  flow_wait (browser, "the extension",
             "/5:00 more/.test(document.getElementById('clock-note').innerText) && "
             "/^30:/.test(document.getElementById('clock').innerText) ? 'yes' : 'no'");
  flow_shot (browser, "extended", "header");

  /* He hands the new sheet in; the master accepts it. */
  flow_submit (browser, "the second hand-in",
               "(function(){document.querySelector('#orders button:not([value])').click();"
               "return 'ok'})()",
               "the second sheet received",
               "document.readyState === 'complete' && " STATUS_SAYS ("waiting for the master"));

  /* He marks it final: the control in the sheet's head, sent by the page's script. */
  flow_submit (browser, "the final mark",
               "(function(){document.querySelector('#final button').click();return 'ok'})()",
               "the sheet marked final",
               "document.readyState === 'complete' && document.querySelector('#final.on') ? "
               "'yes' : 'no'");
  flow_shot (browser, "final", "#sheet");
  /* The campaign changes: the script puts the new #sheet-head in place, and the control in it
   * still works — its CSRF token follows, and a new token alone is no news of the sheet. */
  flow_step (browser, "a mark on the page",
             "(function(){window.stays=2;document.getElementById('changed').hidden=true;"
             "window.csrf=document.querySelector('#final input[name=csrf]').value;"
             "return 'ok'})()");
  flow_master (browser, campaign_changes_cb);
  flow_master_then_back (browser, master_moves_clock_cb);
  flow_wait (browser, "the final control's new token",
             "document.querySelector('#final input[name=csrf]').value !== window.csrf && "
             "document.querySelector('#orders input[name=csrf]').value === "
             "document.querySelector('#final input[name=csrf]').value ? 'yes' : 'no'");
  flow_step (browser, "no news of the sheet",
             "(function(){var w=document.getElementById('changed'),"
             "h=document.querySelector('#sheet h2').textContent;"
             "return window.stays === 2 && (w.hidden || w.textContent.indexOf(h) < 0) ? 'ok' : "
             "'said: ' + w.textContent})()");
  /* Sent by the page's script with an id of its own, and answered in place: the page stays. */
  flow_submit (browser, "not final after all",
               "(function(){document.querySelector('#final button').click();return 'ok'})()",
               "the final mark taken back",
               "document.readyState === 'complete' && document.querySelector('#final') && "
               "!document.querySelector('#final.on') && window.stays === 2 ? 'yes' : 'no'");

  /* He changes his orders, has them read back, and marks the sheet final without handing them
   * in: what is marked is what he sees — the changed orders, handed in with the mark. */
  /* The read-back of before marked: the page puts the new one in its place. */
  flow_step (browser, "the read-back of before marked",
             "(function(){var r=document.querySelectorAll('#orders .readback');"
             "for(var i=0;i<r.length;i++)r[i].dataset.before=1;return 'ok'})()");
  flow_submit (browser, "a change read back",
               "(function(){var t=document.querySelector('textarea[name=i0]');"
               "t.value='Hold the jump point until the tanker and its escort come';"
               "t.dispatchEvent(new Event('input',{bubbles:true}));"
               "document.querySelector('#orders button[value=check]').click();return 'ok'})()",
               "the read-back",
               "document.readyState === 'complete' && "
               "document.querySelector('#orders .readback:not([data-before])') && "
               "document.querySelector('#final button') ? 'yes' : 'no'");
  flow_submit (browser, "the final mark on the read-back",
               "(function(){document.querySelector('#final button').click();return 'ok'})()",
               "the changed sheet marked final",
               "document.readyState === 'complete' && document.querySelector('#final.on') && "
               STATUS_SAYS ("waiting for the master"));
  flow_shot (browser, "final-read-back", "#sheet");
  flow_step (browser, "the changed orders kept",
             "document.querySelector('textarea[name=i0]').value === "
             "'Hold the jump point until the tanker and its escort come' ? 'ok' : "
             "'lost: ' + document.querySelector('textarea[name=i0]').value");
  flow_master_then_back (browser, master_accepts_cb);
  flow_wait (browser, "the acceptance", STATUS_SAYS ("accepted"));
  flow_step (browser, "the sheet as accepted",
             "document.querySelector('textarea[name=i0]').value === "
             "'Hold the jump point until the tanker and its escort come' ? 'ok' : 'empty'");
  flow_shot (browser, "accepted", "#session");
out:
  g_atomic_int_set (&browser->done, 1);
  g_main_context_wakeup (NULL);
  return NULL;
}

/* The muster before cycle 1 (F-GEN-5, F-GEN-6) on the phones: on the main thread, the master's
 * decisions on Adm. Vorkosigan's muster. */

static gboolean
master_returns_muster_cb (gpointer data)
{
  Browser *browser = data;
  g_autoptr(AdmEvent) event = adm_event_new ("muster-return", g_get_real_time () / G_USEC_PER_SEC);
  g_autoptr(GError) error = NULL;

  adm_event_set (event, "admiral", "vorkosigan");
  adm_event_set (event, "reason", "Kyril Island stays with the squadron");
  if (!adm_campaign_append (browser->campaign, event, &error))
    g_error ("muster-return: %s", error->message);
  return G_SOURCE_REMOVE;
}

static gboolean
master_accepts_muster_cb (gpointer data)
{
  Browser *browser = data;
  g_autoptr(AdmEvent) event = adm_event_new ("muster-accept", g_get_real_time () / G_USEC_PER_SEC);
  g_autoptr(GError) error = NULL;

  adm_event_set (event, "admiral", "vorkosigan");
  if (!adm_campaign_append (browser->campaign, event, &error))
    g_error ("muster-accept: %s", error->message);
  return G_SOURCE_REMOVE;
}

#define MUSTER_HAND_IN \
  "(function(){document.querySelector('#orders button:not([value])').click();return 'ok'})()"
#define MUSTER_REFUSAL \
  "document.readyState === 'complete' && document.querySelector('.msg.err') ? " \
  "document.querySelector('.msg.err').innerText : ''"

/* His page shows nothing of another admiral's pool: no ship's name, no field of it. */
static void
muster_no_foreign (Browser    *browser,
                   guint       i,
                   const char *when)
{
  g_autofree char *check = g_strdup_printf (
    "(function(){var t=document.body.innerText,h=document.documentElement.outerHTML,"
    "f=%s;for(var i=0;i<f.names.length;i++)if(t.indexOf(f.names[i])>=0)"
    "return 'shows '+f.names[i];for(i=0;i<f.fields.length;i++)"
    "if(h.indexOf(f.fields[i])>=0)return 'has the field '+f.fields[i];return 'ok'})()",
    (char *) g_ptr_array_index (browser->muster_foreign, i));
  g_autofree char *what = g_strdup_printf ("admiral %u's page %s", i + 1, when);

  flow_step (browser, what, check);
}

/* A muster posted with a ship field added to the form: the refusal it gets, with the ship's
 * id taken out (NULL when there is none). */
static char *
muster_refusal_naming (Browser    *browser,
                       const char *ship_id)
{
  g_autofree char *add = g_strdup_printf (
    "(function(){var f=document.getElementById('orders'),x=document.createElement('input');"
    "x.type='hidden';x.name='m.%s';x.value='1';f.appendChild(x);"
    "f.querySelector('button:not([value])').click();return 'ok'})()", ship_id);
  g_autofree char *text = NULL;
  g_auto(GStrv) pieces = NULL;

  if (!flow_submit (browser, "a ship not of his pool", add,
                    "the refusal of a ship not of his pool",
                    "document.readyState === 'complete' && document.querySelector('.msg.err') && "
                    "/pool of/.test(document.querySelector('.msg.err').innerText) ? 'yes' : 'no'"))
    return NULL;
  text = evaluate (browser, MUSTER_REFUSAL);
  pieces = g_strsplit (text != NULL ? text : "", ship_id, -1);
  return g_strjoinv ("SHIP", pieces);
}

static void
muster_navigate (Browser *browser,
                 guint    i)
{
  g_autofree char *navigate = g_strdup_printf ("{\"url\":\"%s\"}",
                                               (char *) g_ptr_array_index (browser->muster_links,
                                                                           i));

  if (browser->problem != NULL)
    return;
  /* The page as served: what he typed before, which the page keeps on the phone and puts back,
   * dropped first. */
  g_free (evaluate (browser, "localStorage.clear()"));
  json_node_unref (call (browser, "Page.navigate", navigate));
  flow_wait (browser, "the muster page",
             "document.readyState === 'complete' && document.querySelector('form.muster') ? "
             "'yes' : 'no'");
}

/* Adm. Vorkosigan's muster: refused as the engine says, read back, handed in, returned by the
 * master with his reason, changed and handed in again, accepted. */
static void
muster_vorkosigan (Browser *browser)
{
  muster_navigate (browser, 0);
  muster_no_foreign (browser, 0, "before his muster");
  /* F-FORM-8 as the season says it. */
  flow_wait (browser, "the season's F-FORM-8",
             "document.querySelector('#orders .rule') && document.querySelector("
             "'#orders .rule').innerText === 'A formation has at most 6 ships, all of one "
             "category (F-FORM-8).' ? 'yes' : 'no'");
  flow_shot (browser, "muster-form", "#sheet");
  /* F-GEN-6: a ship of the pool left out. */
  flow_submit (browser, "Gull left out",
               "(function(){document.querySelector('select[name=\"m.gull\"]').value='';"
               "document.querySelector('#orders button:not([value])').click();return 'ok'})()",
               "the engine's refusal of a ship left out",
               "document.readyState === 'complete' && document.querySelector('.msg.err') && "
               "/Gull of the pool is in none of the formations/.test(document.querySelector("
               "'.msg.err').innerText) && document.querySelector('select[name=\"m.gull\"]')"
               ".value === '' ? 'yes' : 'no'");
  flow_shot (browser, "muster-refused", "#sheet");
  /* F-GEN-6, F-FORM-4: every refusal at once, on one tap of "Read my muster back": Gull
   * still left out, two flagships in formation 1, formation 2 named with U+0001 — each
   * beside its formation, all of them on top. */
  flow_submit (browser, "three refusals",
               "(function(){document.querySelector('[name=\"p.prince-xav\"]').value='1';"
               "document.querySelector('[name=n2]').value='a\\u0001b';"
               "document.querySelector('button[value=check]').click();return 'ok'})()",
               "every refusal at once",
               "document.readyState === 'complete' && document.querySelector('.msg.err') && "
               "/two flagships/.test(document.querySelector('.msg.err').innerText) && "
               "/formation 2 of the muster holds a character .*U\\+0001/.test("
               "document.querySelector('.msg.err').innerText) && "
               "/Gull of the pool is in none/.test(document.querySelector('.msg.err')"
               ".innerText) && "
               "document.querySelectorAll('#orders .refusal').length === 2 && "
               "/two flagships/.test(document.querySelector('fieldset[data-k=\"1\"] .refusal')"
               ".innerText) && /U\\+0001/.test(document.querySelector("
               "'fieldset[data-k=\"2\"] .refusal').innerText) ? 'yes' : 'no'");
  flow_shot (browser, "muster-refusals", "fieldset[data-k=\"1\"]");
  muster_navigate (browser, 0);
  /* Another admiral's ship reads as no ship at all. */
  if (browser->problem == NULL)
    browser->refused[0] = muster_refusal_naming (browser, "emperor-ezar");
  muster_navigate (browser, 0);
  if (browser->problem == NULL)
    browser->refused[1] = muster_refusal_naming (browser, "no-such-ship");
  muster_navigate (browser, 0);

  /* Three formations: the capital ships with a succession, the escorts, and Kyril Island
   * hidden on its own. */
  flow_submit (browser, "three formations",
               "(function(){function v(n,x){document.querySelector('[name=\"'+n+'\"]').value=x}"
               "v('n1','Home Squadron');v('p.prince-xav','2');v('m.kyril-island','3');"
               "v('p.kyril-island','1');v('n3','Kyril Picket');"
               "document.querySelector('[name=h3]').checked=true;"
               "document.querySelector('button[value=check]').click();return 'ok'})()",
               "the read-back",
               "document.readyState === 'complete' && "
               "document.querySelectorAll('#orders .readback').length === 3 && "
               "/Flagship Prince Serg, then Prince Xav/.test(document.querySelector("
               "'fieldset[data-k=\"1\"] .readback').innerText) && "
               "/1 ship: Kyril Island.*Hidden/.test(document.querySelector("
               "'fieldset[data-k=\"3\"] .readback').innerText) ? 'yes' : 'no'");
  flow_shot (browser, "muster-readback", "fieldset[data-k=\"1\"]");
  flow_submit (browser, "the hand-in", MUSTER_HAND_IN,
               "the page after the hand-in",
               "document.readyState === 'complete' && !/muster$/.test(location.pathname) && "
               STATUS_SAYS ("waits for the master"));
  muster_no_foreign (browser, 0, "after his muster");

  /* Returned: the page says why in place, his muster in the form to change. */
  flow_master_then_back (browser, master_returns_muster_cb);
  flow_wait (browser, "the muster returned",
             STATUS_SAYS ("returned your muster: Kyril Island stays with the squadron"));
  flow_wait (browser, "the returned muster in the form",
             "document.querySelector('[name=n3]') && "
             "document.querySelector('[name=n3]').value === 'Kyril Picket' ? 'yes' : 'no'");
  flow_shot (browser, "muster-returned", "#sheet");
  flow_submit (browser, "Kyril Island back in the squadron",
               "(function(){document.querySelector('[name=\"m.kyril-island\"]').value='1';"
               "document.querySelector('[name=\"p.kyril-island\"]').value='';"
               "document.querySelector('#orders button:not([value])').click();return 'ok'})()",
               "the second hand-in",
               "document.readyState === 'complete' && !/muster$/.test(location.pathname) && "
               STATUS_SAYS ("waits for the master"));
  flow_master_then_back (browser, master_accepts_muster_cb);
  flow_wait (browser, "the muster accepted",
             "document.getElementById('sheet-status') && /accepted your muster/.test("
             "document.getElementById('sheet-status').innerText) && "
             "!document.querySelector('form.muster') && document.querySelector('ol.mustered') ? "
             "'yes' : 'no'");
  flow_shot (browser, "muster-accepted", "#sheet");
}

static gpointer
muster_thread (gpointer data)
{
  Browser *browser = data;
  g_autofree char *metrics = g_strdup_printf ("{\"width\":%u,\"height\":%u,"
                                              "\"deviceScaleFactor\":1,\"mobile\":true}",
                                              browser->width, browser->height);

  if (!open_page (browser, "about:blank"))
    goto out;
  json_node_unref (call (browser, "Emulation.setDeviceMetricsOverride", metrics));
  muster_vorkosigan (browser);
  /* The other ten hand in the formations their form offers, one after another: no page shows
   * anything of a muster handed in before it. */
  for (guint i = 1; i < browser->muster_links->len && browser->problem == NULL; i++)
    {
      muster_navigate (browser, i);
      muster_no_foreign (browser, i, "before his muster");
      flow_submit (browser, "the hand-in", MUSTER_HAND_IN,
                   "the page after the hand-in",
                   "document.readyState === 'complete' && !/muster$/.test(location.pathname) && "
                   STATUS_SAYS ("waits for the master"));
      muster_no_foreign (browser, i, "after his muster");
    }
  /* The first page again, after every other muster. */
  if (browser->problem == NULL)
    {
      g_autofree char *navigate = g_strdup_printf ("{\"url\":\"%s\"}",
                                                   (char *) g_ptr_array_index (
                                                     browser->muster_links, 0));

      json_node_unref (call (browser, "Page.navigate", navigate));
      flow_wait (browser, "his page after the others' musters",
                 "document.readyState === 'complete' && document.querySelector('ol.mustered')"
                 " ? 'yes' : 'no'");
      muster_no_foreign (browser, 0, "after every muster");
    }
out:
  g_atomic_int_set (&browser->done, 1);
  g_main_context_wakeup (NULL);
  return NULL;
}

/* The campaign's file made read-only by the master, or writable again. */
static gboolean
set_writable (Browser  *browser,
              gboolean  writable)
{
  g_autofree char *path = g_build_filename (browser->dir, "komarr.admiralty", NULL);

  if (g_chmod (path, writable ? 0644 : 0444) == 0)
    return TRUE;
  browser->problem = g_strdup_printf ("%s cannot be made %s", path,
                                      writable ? "writable" : "read-only");
  return FALSE;
}

#define NOT_RECEIVED \
  "document.readyState === 'complete' && document.querySelector('.msg.err') && " \
  "document.querySelector('.msg.err').innerText.indexOf('Not received — the master’s " \
  "computer cannot save') >= 0 && " \
  "document.getElementById('sheet-status').innerText.indexOf('Received') < 0 ? 'yes' : 'no'"

/* What the phone is told when the campaign cannot keep what he hands in: his muster, or his
 * sheet taken on arrival, while the campaign cannot be saved — "Not received", his form as
 * he wrote it, never "Received"; a sheet whose instructions hold U+0001, the reason beside
 * it. Handed in again once the file can be written, taken. */
static gpointer
not_received_thread (gpointer data)
{
  Browser *browser = data;
  gboolean muster = browser->muster_links != NULL;
  g_autofree char *metrics = g_strdup_printf ("{\"width\":%u,\"height\":%u,"
                                              "\"deviceScaleFactor\":1,\"mobile\":true}",
                                              browser->width, browser->height);
  g_autofree char *navigate = g_strdup_printf ("{\"url\":\"%s\"}", browser->link);

  if (!open_page (browser, "about:blank"))
    goto out;
  json_node_unref (call (browser, "Emulation.setDeviceMetricsOverride", metrics));
  json_node_unref (call (browser, "Page.navigate", navigate));
  if (!flow_wait (browser, "the page", "document.readyState === 'complete' && "
                  "document.getElementById('orders') ? 'yes' : 'no'"))
    goto out;
  if (!muster)
    {
      /* U+0001 in the instructions: refused as it is handed in, the reason beside them. */
      flow_submit (browser, "instructions with U+0001",
                   "(function(){document.querySelector('select[name=o0]').value='defend';"
                   "document.querySelector('textarea[name=i0]').value='Hold\\u0001the line';"
                   "document.querySelector('#orders button:not([value])').click();"
                   "return 'ok'})()",
                   "the refusal of U+0001",
                   "document.readyState === 'complete' && !/sheet$/.test(location.pathname) && "
                   "document.querySelector('#orders .refusal') && /instructions hold a character "
                   ".*U\\+0001/.test(document.querySelector('#orders .refusal').innerText) && "
                   "document.getElementById('sheet-status').innerText.indexOf('Received') < 0 "
                   "? 'yes' : 'no'");
      flow_shot (browser, "refused-character", "#sheet");
      flow_step (browser, "plain instructions",
                 "(function(){document.querySelector('textarea[name=i0]').value="
                 "'Hold the line';return 'ok'})()");
    }
  if (!set_writable (browser, FALSE))
    goto out;
  flow_submit (browser, "the hand-in", MUSTER_HAND_IN,
               "the phone told it was not received", NOT_RECEIVED);
  flow_step (browser, "his form as he wrote it", muster
             ? "document.querySelector('[name=n1]').value !== '' ? 'ok' : 'empty'"
             : "document.querySelector('textarea[name=i0]').value === 'Hold the line' ? "
               "'ok' : 'empty'");
  flow_shot (browser, muster ? "muster-not-received" : "not-received", "#sheet");
  if (!set_writable (browser, TRUE))
    goto out;
  flow_submit (browser, "the hand-in again", MUSTER_HAND_IN,
               "the hand-in taken",
               muster ? "document.readyState === 'complete' && !/muster$/.test(location.pathname)"
                        " && " STATUS_SAYS ("waits for the master")
                      : "document.readyState === 'complete' && !/sheet$/.test(location.pathname)"
                        " && " STATUS_SAYS ("accepted by the master"));
out:
  g_atomic_int_set (&browser->done, 1);
  g_main_context_wakeup (NULL);
  return NULL;
}

static void
test_not_received (void)
{
  for (guint muster = 0; muster < 2; muster++)
    {
      Browser browser = { 0, };

      if (!browser_start_scenario (&browser, muster ? "komarr-muster.admiralty"
                                                    : "komarr-campaign.admiralty",
                                   390, 844, "phone"))
        return;
      adm_portal_set_accept_on_arrival (browser.portal, TRUE);
      if (muster)
        browser.muster_links = g_ptr_array_new_with_free_func (g_free);
      browser_run (&browser, not_received_thread);
      set_writable (&browser, TRUE);
      if (muster)
        g_assert_cmpint (adm_muster_get_entry (adm_state_get_muster (adm_campaign_get_state (
                           browser.campaign)), "vorkosigan")->status, ==, ADM_MUSTER_HANDED_IN);
      else
        g_assert_nonnull (adm_strategy_get_sheet (strategy_of (browser.campaign), 1,
                                                  "vorkosigan"));
      g_clear_pointer (&browser.muster_links, g_ptr_array_unref);
      browser_finish (&browser);
    }
}

/* With the page's script off (a phone that blocks it), the form is a plain form: the route's
 * legs are the server's choices, the read-back a post answered with its sentences, the
 * hand-in a post answered with a redirect to his page. */
static gpointer
no_script_thread (gpointer data)
{
  Browser *browser = data;
  g_autofree char *navigate = NULL;

  if (!open_page (browser, "about:blank"))
    goto out;
  json_node_unref (call (browser, "Emulation.setScriptExecutionDisabled", "{\"value\":true}"));
  navigate = g_strdup_printf ("{\"url\":\"%s\"}", browser->link);
  json_node_unref (call (browser, "Page.navigate", navigate));
  if (!flow_wait (browser, "the page", "document.readyState === 'complete' && "
                  "document.getElementById('orders') ? 'yes' : 'no'"))
    goto out;
  /* The page's script would tick the countdown: off, it stands as the server wrote it. */
  flow_step (browser, "the clock as served",
             "(function(){window.served=document.getElementById('clock').textContent;"
             "return 'ok'})()");
  g_usleep (2000000);
  flow_step (browser, "the script is off",
             "document.getElementById('clock').textContent === window.served ? 'ok' : "
             "'it ticked'");
  flow_submit (browser, "a move",
               "(function(){document.querySelector('select[name=o0]').value='move';"
               "var a=document.querySelector('select[name=r0a]');a.value=a.options[1].value;"
               "document.querySelector('button[value=check]').click();return 'ok'})()",
               "the read-back",
               "document.readyState === 'complete' && document.querySelector('.readback') && "
               "/arriving at minute/.test(document.querySelector('.readback').innerText) ? "
               "'yes' : 'no'");
  flow_submit (browser, "the hand-in",
               "(function(){document.querySelector('#orders button:not([value])').click();"
               "return 'ok'})()",
               "the page after the hand-in",
               "document.readyState === 'complete' && !/sheet$/.test(location.pathname) && "
               STATUS_SAYS ("Received at"));
  flow_shot (browser, "noscript", "#session");
out:
  g_atomic_int_set (&browser->done, 1);
  g_main_context_wakeup (NULL);
  return NULL;
}

/* Hand-in, refusal, a change while typing, pause and extension, acceptance, in a browser of
 * @width × @height. */
static void
run_flows (guint       width,
           guint       height,
           const char *suffix,
           GThreadFunc flow)
{
  Browser browser = { 0, };

  if (!browser_start (&browser, width, height, suffix))
    return;
  adm_portal_set_clock (browser.portal, g_get_real_time () / G_USEC_PER_SEC + 32 * 60, -1);
  browser_run (&browser, flow);
  g_assert_cmpint (adm_portal_get_sheet (browser.portal, "vorkosigan")->status, ==,
                   flow == flows_thread ? ADM_PORTAL_SHEET_ACCEPTED : ADM_PORTAL_SHEET_PENDING);
  browser_finish (&browser);
}

static void
test_flows_phone (void)
{
  run_flows (390, 844, "phone", flows_thread);
}

static void
test_no_script (void)
{
  run_flows (390, 844, "phone", no_script_thread);
}

static void
test_flows_tablet (void)
{
  run_flows (768, 1024, "tablet", flows_thread);
}

/* What of the pools but the @i-th a page must not show: a script's object of the ships'
 * names and their form fields. */
static char *
foreign_of (GPtrArray *pools,
            guint      i)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;

  json_builder_begin_object (builder);
  for (guint pass = 0; pass < 2; pass++)
    {
      json_builder_set_member_name (builder, pass == 0 ? "names" : "fields");
      json_builder_begin_array (builder);
      for (guint p = 0; p < pools->len; p++)
        {
          const AdmPool *pool = g_ptr_array_index (pools, p);

          for (guint s = 0; p != i && s < pool->ships->len; s++)
            {
              const AdmShip *ship = g_ptr_array_index (pool->ships, s);
              g_autofree char *field = g_strdup_printf ("name=\"m.%s\"", ship->id);

              json_builder_add_string_value (builder, pass == 0 ? ship->name : field);
            }
        }
      json_builder_end_array (builder);
    }
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  json_generator_set_root (generator, root);
  return json_generator_to_data (generator, NULL);
}

/* The last muster of @admiral_id in the journal: its "muster" event and its formations'. */
static GPtrArray *
journaled_muster (AdmCampaign *campaign,
                  const char  *admiral_id)
{
  GPtrArray *events = adm_campaign_get_events (campaign);
  GPtrArray *muster = g_ptr_array_new ();

  for (guint i = events->len; i > 0; i--)
    {
      AdmEvent *event = g_ptr_array_index (events, i - 1);

      if (g_str_equal (adm_event_get_kind (event), "muster") &&
          g_strcmp0 (adm_event_get (event, "admiral"), admiral_id) == 0)
        {
          gint64 n = 0;

          g_assert_true (adm_event_get_int (event, "formations", &n));
          for (guint k = 0; k <= (guint) n; k++)
            g_ptr_array_add (muster, g_ptr_array_index (events, i - 1 + k));
          break;
        }
    }
  return muster;
}

/* His muster as he would write it on the muster sheet printed for him (`admiralty-cli
 * muster … sheet`): a muster sheet file in @dir, its path. */
static char *
write_muster_sheet (const AdmMusterEntry *entry,
                    const char           *dir)
{
  g_autoptr(AdmMusterDraft) draft = adm_muster_draft_new (entry->pool->admiral->id);
  g_autofree char *xml = NULL;
  g_autofree char *name = g_strdup_printf ("%s.xml", entry->pool->admiral->id);
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (dir, name, NULL);

  for (guint f = 0; f < entry->formations->len; f++)
    {
      const AdmMusterFormation *formation = g_ptr_array_index (entry->formations, f);
      AdmMusterDraftFormation *out = adm_muster_draft_add (draft, formation->name,
                                                           formation->flagship->id,
                                                           formation->hidden);

      for (guint s = 0; s < formation->ships->len; s++)
        g_ptr_array_add (out->ships,
                         g_strdup (((AdmShip *) g_ptr_array_index (formation->ships, s))->id));
      for (guint s = 0; s < formation->succession->len; s++)
        g_ptr_array_add (out->succession,
                         g_strdup (((AdmShip *) g_ptr_array_index (formation->succession,
                                                                   s))->id));
    }
  xml = adm_muster_draft_to_xml (draft);
  g_assert_true (g_file_set_contents (path, xml, -1, &error));
  g_assert_no_error (error);
  return path;
}

/* The paper path: every admiral's muster written on his sheet and handed in on the command
 * line (`admiralty-cli muster SCENARIO submit SHEET --save CAMPAIGN`, then `submit` for each
 * other sheet), as a master types in or imports the sheets: the paper campaign's journal holds
 * the muster events the phones gave, admiral by admiral. */
static void
assert_paper_path (AdmCampaign *phones,
                   GPtrArray   *entries)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("test-portal-browser-paper-XXXXXX", &error);
  g_autofree char *scenario = source_path ("scenarios", "komarr-muster.admiralty", NULL);
  g_autofree char *paper_path = NULL;
  g_autoptr(AdmCampaign) paper = NULL;
  static const char *const keys[] = {
    "admiral", "formations", "name", "flagship", "ships", "succession", "hidden"
  };

  g_assert_no_error (error);
  paper_path = g_build_filename (dir, "paper.admiralty", NULL);
  for (guint i = 0; i < entries->len; i++)
    {
      g_autofree char *sheet = write_muster_sheet (g_ptr_array_index (entries, i), dir);
      g_autoptr(CliResult) result = i == 0
        ? run_cli ("muster", scenario, "submit", sheet, "--save", paper_path, NULL)
        : run_cli ("muster", paper_path, "submit", sheet, NULL);

      if (result->status != 0)
        g_test_message ("%s%s", result->out, result->err);
      g_assert_cmpint (result->status, ==, 0);
    }
  paper = adm_campaign_open (paper_path, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < entries->len; i++)
    {
      const char *admiral_id = ((AdmMusterEntry *) g_ptr_array_index (entries, i))->pool->admiral->id;
      g_autoptr(GPtrArray) phone = journaled_muster (phones, admiral_id);
      g_autoptr(GPtrArray) typed = journaled_muster (paper, admiral_id);

      g_assert_cmpuint (phone->len, >, 0);
      g_assert_cmpuint (phone->len, ==, typed->len);
      for (guint e = 0; e < typed->len; e++)
        {
          g_assert_cmpstr (adm_event_get_kind (g_ptr_array_index (phone, e)), ==,
                           adm_event_get_kind (g_ptr_array_index (typed, e)));
          for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
            g_assert_cmpstr (adm_event_get (g_ptr_array_index (phone, e), keys[k]), ==,
                             adm_event_get (g_ptr_array_index (typed, e), keys[k]));
        }
    }
  remove_tree (dir);
}

/* The eleven admirals of Komarr muster its 74 ships from their pools on their phones
 * (F-GEN-5, F-GEN-6): each page offers his own pool and nothing of another's, before or after
 * the others hand theirs in; a ship left out is refused in the engine's words, and another
 * admiral's ship in the same words as no ship at all; Adm. Vorkosigan's muster is read back,
 * handed in, returned by the master with his reason, changed and accepted, his page saying
 * each in place; the others hand in the formations their form offers. The journal holds what
 * the paper path gives, and cycle 1 starts with all 74 ships in formations. */
static void
test_muster (void)
{
  Browser browser = { 0, };
  GPtrArray *pools, *entries, *formations;
  AdmMuster *muster;
  AdmState *state;
  guint ships = 0, mustered = 0;

  if (!browser_start_scenario (&browser, "komarr-muster.admiralty", 390, 844, "phone"))
    return;
  pools = adm_scenario_get_pools (adm_campaign_get_scenario (browser.campaign));
  g_assert_cmpuint (pools->len, ==, 11);
  browser.muster_links = g_ptr_array_new_with_free_func (g_free);
  browser.muster_foreign = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < pools->len; i++)
    {
      const AdmPool *pool = g_ptr_array_index (pools, i);

      g_ptr_array_add (browser.muster_links,
                       adm_portal_get_link (browser.portal, pool->admiral->id));
      g_ptr_array_add (browser.muster_foreign, foreign_of (pools, i));
    }
  g_assert_cmpstr (((AdmPool *) g_ptr_array_index (pools, 0))->admiral->id, ==, "vorkosigan");
  browser_run (&browser, muster_thread);

  /* The same words for another admiral's ship and for none. */
  g_assert_nonnull (browser.refused[0]);
  g_assert_nonnull (strstr (browser.refused[0], "there is no ship “SHIP” in the pool of "
                                                "Adm. Aral Vorkosigan"));
  g_assert_cmpstr (browser.refused[0], ==, browser.refused[1]);

  state = adm_campaign_get_state (browser.campaign);
  muster = adm_state_get_muster (state);
  entries = adm_muster_get_entries (muster);
  for (guint i = 0; i < entries->len; i++)
    {
      const AdmMusterEntry *entry = g_ptr_array_index (entries, i);

      g_assert_cmpint (entry->status, ==, i == 0 ? ADM_MUSTER_ACCEPTED : ADM_MUSTER_HANDED_IN);
      g_assert_cmpuint (entry->count, ==, i == 0 ? 2 : 1);
      for (guint f = 0; f < entry->formations->len; f++)
        mustered += ((AdmMusterFormation *) g_ptr_array_index (entry->formations, f))->ships->len;
    }
  assert_paper_path (browser.campaign, entries);
  g_assert_cmpuint (mustered, ==, 74);
  /* Adm. Vorkosigan's second muster: the Home Squadron with its succession, the escorts, and
   * no Kyril Picket. */
  {
    const AdmMusterEntry *entry = g_ptr_array_index (entries, 0);
    const AdmMusterFormation *home = g_ptr_array_index (entry->formations, 0);

    g_assert_cmpuint (entry->formations->len, ==, 2);
    g_assert_cmpstr (home->name, ==, "Home Squadron");
    g_assert_cmpstr (home->flagship->id, ==, "prince-serg");
    g_assert_cmpuint (home->succession->len, ==, 1);
    g_assert_cmpstr (((AdmShip *) g_ptr_array_index (home->succession, 0))->id, ==,
                     "prince-xav");
  }

  /* The master accepts the others' and starts cycle 1. */
  for (guint i = 1; i < entries->len; i++)
    {
      const AdmMusterEntry *entry = g_ptr_array_index (entries, i);
      g_autoptr(AdmEvent) accept = adm_event_new ("muster-accept", 0);
      g_autoptr(GError) error = NULL;

      adm_event_set (accept, "admiral", entry->pool->admiral->id);
      g_assert_true (adm_campaign_append (browser.campaign, accept, &error));
      g_assert_no_error (error);
    }
  {
    g_autoptr(AdmEvent) start = adm_event_new ("muster-start", 0);
    g_autoptr(GError) error = NULL;

    g_assert_true (adm_campaign_append (browser.campaign, start, &error));
    g_assert_no_error (error);
  }
  formations = adm_strategy_get_formations (adm_state_get_strategy (state));
  for (guint f = 0; f < formations->len; f++)
    ships += ((AdmFormation *) g_ptr_array_index (formations, f))->ships->len;
  g_assert_cmpuint (ships, ==, 74);

  for (guint i = 0; i < G_N_ELEMENTS (browser.refused); i++)
    g_free (browser.refused[i]);
  g_ptr_array_unref (browser.muster_links);
  g_ptr_array_unref (browser.muster_foreign);
  browser_finish (&browser);
}

/* Every table of the page that a phone would cut: a header or cell whose box reaches past
 * the page's width, or a table wider than its box. Run with every <details> open, so that the
 * reports are laid out. "ok" when none, else the cut ones' texts; "none" with no table. */
#define TABLES_CUT_SCRIPT \
  "(function(){document.querySelectorAll('details').forEach(function(d){d.open=true});" \
  "var w=document.documentElement.clientWidth,cut=[],n=0;" \
  "document.querySelectorAll('table').forEach(function(t){n++;" \
  "var box=t.parentElement.getBoundingClientRect();" \
  "if(t.scrollWidth>t.parentElement.clientWidth+1)cut.push('table:'+t.rows[0].innerText);" \
  "t.querySelectorAll('th,td').forEach(function(c){var r=c.getBoundingClientRect();" \
  "if(r.width>0&&(r.right>Math.min(w,box.right)+1||c.scrollWidth>c.clientWidth+1))" \
  "cut.push(c.innerText)})});" \
  "return n==0?'none':cut.length?cut.join(' | '):'ok'})()"

/* The headers of the page's tables, one "|" after each, to see that the ones a phone cut are
 * there to be checked. */
#define TABLE_HEADERS_SCRIPT \
  "(function(){var h='';document.querySelectorAll('th').forEach(function(c){" \
  "h+=c.innerText+'|'});return h})()"

static gpointer
tables_thread (gpointer data)
{
  Browser *browser = data;
  g_autofree char *metrics = g_strdup_printf ("{\"width\":%u,\"height\":%u,"
                                              "\"deviceScaleFactor\":1,\"mobile\":true}",
                                              browser->width, browser->height);

  if (!open_page (browser, browser->link))
    goto out;
  json_node_unref (call (browser, "Emulation.setDeviceMetricsOverride", metrics));
  if (!wait_for (browser, "document.readyState === 'complete' && "
                          "document.querySelector('table') ? 'yes' : 'no'"))
    {
      browser->problem = g_strdup ("the page with its tables never loaded");
      goto out;
    }
  browser->final_text = evaluate (browser, TABLE_HEADERS_SCRIPT);
  browser->refused_text = evaluate (browser, TABLES_CUT_SCRIPT);
  g_free (evaluate (browser, "(function(){document.querySelectorAll('table').forEach("
                             "function(t){if(/Criticals/.test(t.rows[0].innerText))"
                             "t.id='battle-ships'});return 'ok'})()"));
  if (!screenshot (browser, "portal-known-phone.png", browser->width, browser->height,
                   "#known") ||
      !screenshot (browser, "portal-battle-phone.png", browser->width, browser->height,
                   "#battle-ships"))
    browser->problem = g_strdup ("no screenshot of the tables");
out:
  g_atomic_int_set (&browser->done, 1);
  g_main_context_wakeup (NULL);
  return NULL;
}

/* F-CAT-11, F-STRAT-3: on a 390×844 phone no column of the admiral's tables is cut: Adm.
 * Radovan's page after cycle 1, with what his side knows (its "Last contact") and the battle
 * at Pol orbit in his report (his ships' "Criticals" and "State", Vigilant a blazing hulk),
 * every table within the page's width, every header and cell whole. */
static void
test_tables_phone (void)
{
  Browser browser = { 0, };
  g_autofree char *orders_path = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "tests",
                                                   "data", "campaign-battles",
                                                   "komarr-c1-3.orders.xml", NULL);
  g_autoptr(AdmBattleOrders) orders = NULL;
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (5);
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(AdmQueuedEngagement) engagement = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *setup = NULL;
  g_autofree char *saved = NULL;

  if (!browser_start (&browser, 390, 844, "phone"))
    return;
  komarr_play_cycle (browser.campaign, 1, G_GINT64_CONSTANT (1795370400));
  engagement = queued_engagement (browser.campaign, "c1-3");
  setup = adm_campaign_engagement_setup (browser.campaign, engagement, NULL, &error);
  g_assert_no_error (error);
  battle = adm_battle_load_memory (setup, strlen (setup), engagement->id, &error);
  g_assert_no_error (error);
  orders = adm_battle_orders_load_file (orders_path, &error);
  g_assert_no_error (error);
  for (int turn = 1; turn <= 3; turn++)
    {
      g_assert_true (adm_battle_resolve_turn (battle, adm_battle_orders_get_turn (orders, turn),
                                              ADM_DICE_SOURCE (dice), &error));
      g_assert_no_error (error);
    }
  /* Kept in the campaign as the app keeps it, then ended. */
  saved = adm_battle_serialize (battle, NULL);
  g_assert_true (adm_campaign_store_battle (browser.campaign, "c1-3", saved,
                                            adm_battle_get_turn (battle), "detection", &error));
  g_assert_no_error (error);
  g_assert_true (adm_campaign_end_battle (browser.campaign, "c1-3", battle, "Pol Six withdrew",
                                          G_GINT64_CONSTANT (1795373400), &error));
  g_assert_no_error (error);
  g_free (browser.link);
  browser.link = adm_portal_get_link (browser.portal, "radovan");
  browser_run (&browser, tables_thread);

  g_test_message ("headers: %s", browser.final_text);
  g_assert_nonnull (strstr (browser.final_text, "|Last contact|"));
  g_assert_nonnull (strstr (browser.final_text, "|Criticals|State|"));
  g_assert_cmpstr (browser.refused_text, ==, "ok");
  browser_finish (&browser);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/portal/browser/chromium-hands-in-a-sheet", test_browser);
  g_test_add_func ("/portal/browser/F-STRAT-8/flows-phone", test_flows_phone);
  g_test_add_func ("/portal/browser/F-STRAT-8/flows-tablet", test_flows_tablet);
  g_test_add_func ("/portal/browser/F-STRAT-8/no-script", test_no_script);
  g_test_add_func ("/portal/browser/F-GEN-6/komarr-muster-phone", test_muster);
  g_test_add_func ("/portal/browser/F-GEN-6/not-received-phone", test_not_received);
  g_test_add_func ("/portal/browser/F-CAT-11/tables-phone", test_tables_phone);
  return g_test_run ();
}
