/* SPDX-License-Identifier: GPL-3.0-or-later */
/* browser-helpers.c: see browser-helpers.h. */
#include "config.h"

#include "browser-helpers.h"
#include "file-helpers.h"

#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The program's one browser (chromium_start ()): its process, the two ends of its pipe, what
 * was read from it and not yet taken as a message, the last command's id, and its profile. */
static struct {
  GSubprocess *process;
  int          to_browser;    /* commands are written here (the browser's fd 3) */
  int          from_browser;  /* and replies read here (its fd 4) */
  GString     *pending;
  guint        next_id;
  char        *profile;
  gboolean     silent;        /* the last call had no reply at all: the browser is gone or stuck */
} browser;

/* The browser leads a process group of its own, so that browser_close () can take its
 * renderers and helpers too: one left running writes into the profile being removed. */
static void
own_process_group (gpointer data)
{
  setpgid (0, 0);
}

static void
exited (GObject      *process,
        GAsyncResult *result,
        gpointer      data)
{
  g_subprocess_wait_finish (G_SUBPROCESS (process), result, NULL);
  *(gboolean *) data = TRUE;
}

static gboolean
waited_enough (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* The browser closed, with everything it started, and its profile removed: when the program
 * exits, or before a browser that stopped answering is started again. */
static void
browser_close (void)
{
  static const char close_browser[] = "{\"id\":0,\"method\":\"Browser.close\",\"params\":{}}";
  g_autoptr(GMainContext) context = NULL;
  g_autoptr(GSource) timeout = NULL;
  gboolean done = FALSE, late = FALSE;
  GPid group;

  if (browser.process == NULL)
    return;
  group = (GPid) g_ascii_strtoll (g_subprocess_get_identifier (browser.process), NULL, 10);
  context = g_main_context_new ();
  timeout = g_timeout_source_new (10000);
  /* Asked to close, the browser ends its renderers and writes its profile before it exits;
   * only one that does not within ten seconds is killed, with everything it started. */
  g_main_context_push_thread_default (context);
  if (write (browser.to_browser, close_browser, sizeof close_browser) == sizeof close_browser)
    {
      g_subprocess_wait_async (browser.process, NULL, exited, &done);
      g_source_set_callback (timeout, waited_enough, &late, NULL);
      g_source_attach (timeout, context);
      while (!done && !late)
        g_main_context_iteration (context, TRUE);
      g_source_destroy (timeout);
    }
  if (!done)
    {
      g_subprocess_force_exit (browser.process);
      g_subprocess_wait (browser.process, NULL, NULL);
    }
  kill (-group, SIGKILL);
  /* A killed member of the group is gone once signalling the group finds none (a zombie
   * writes nothing), or after half a second at the most. */
  for (int i = 0; i < 50 && kill (-group, 0) == 0; i++)
    g_usleep (10000);
  while (g_main_context_iteration (context, FALSE))
    ;
  g_main_context_pop_thread_default (context);
  g_clear_object (&browser.process);
  close (browser.to_browser);
  close (browser.from_browser);
  g_string_free (browser.pending, TRUE);
  browser.pending = NULL;
  remove_tree (browser.profile);
  g_clear_pointer (&browser.profile, g_free);
}

static void
browser_open (const char *chromium_path)
{
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *profile_option = NULL;
  int to_browser[2], from_browser[2];
  static gboolean closed_at_exit;

  browser.profile = g_dir_make_tmp ("admiralty-chromium-XXXXXX", &error);
  g_assert_no_error (error);
  profile_option = g_strconcat ("--user-data-dir=", browser.profile, NULL);
  g_assert_cmpint (pipe (to_browser), ==, 0);
  g_assert_cmpint (pipe (from_browser), ==, 0);
  launcher = g_subprocess_launcher_new (g_getenv ("ADMIRALTY_TEST_BROWSER_LOG") != NULL
                                        ? G_SUBPROCESS_FLAGS_NONE
                                        : G_SUBPROCESS_FLAGS_STDOUT_SILENCE |
                                          G_SUBPROCESS_FLAGS_STDERR_SILENCE);
  g_subprocess_launcher_take_fd (launcher, to_browser[0], 3);
  g_subprocess_launcher_take_fd (launcher, from_browser[1], 4);
  g_subprocess_launcher_set_child_setup (launcher, own_process_group, NULL, NULL);
  browser.process = g_subprocess_launcher_spawn (launcher, &error, chromium_path,
                                                 "--headless=new", "--no-sandbox",
                                                 "--disable-gpu", "--no-first-run",
                                                 "--remote-debugging-pipe", profile_option,
                                                 "about:blank", NULL);
  g_assert_no_error (error);
  g_clear_object (&launcher);  /* closes the browser's ends in this process */
  browser.to_browser = to_browser[1];
  browser.from_browser = from_browser[0];
  browser.pending = g_string_new (NULL);
  /* A program that dies instead closes the pipe, and the browser exits with it. */
  if (!closed_at_exit)
    atexit (browser_close);
  closed_at_exit = TRUE;
}

/* A new browser context for @chromium: its id, or NULL when the browser did not answer. */
static char *
new_context (Chromium *chromium)
{
  g_autoptr(JsonNode) created = chromium_call (chromium, "Target.createBrowserContext", "{}");

  if (created == NULL)
    return NULL;
  return g_strdup (json_object_get_string_member (json_node_get_object (created),
                                                  "browserContextId"));
}

gboolean
chromium_start (Chromium   *chromium,
                const char *profile,
                guint       width,
                guint       height)
{
  g_autofree char *chromium_path = g_find_program_in_path ("chromium");

  if (chromium_path == NULL)
    {
      g_test_skip ("chromium is not installed");
      return FALSE;
    }
  chromium->session = NULL;
  chromium->width = width;
  chromium->height = height;
  if (browser.process == NULL)
    browser_open (chromium_path);
  chromium->context = new_context (chromium);
  if (chromium->context == NULL)
    {
      /* The browser of an earlier case gone or stuck: a new one. */
      browser_close ();
      browser_open (chromium_path);
      chromium->context = new_context (chromium);
    }
  g_assert_nonnull (chromium->context);
  return TRUE;
}

void
chromium_stop (Chromium *chromium)
{
  g_autofree char *params = g_strdup_printf ("{\"browserContextId\":\"%s\"}",
                                             chromium->context);
  g_autoptr(JsonNode) disposed = NULL;

  /* Its pages closed and its storage gone; the browser goes on for the next case. */
  g_clear_pointer (&chromium->session, g_free);
  disposed = chromium_call (chromium, "Target.disposeBrowserContext", params);
  if (disposed == NULL)
    browser_close ();
  g_clear_pointer (&chromium->context, g_free);
}

/* Reads one NUL-terminated message, or NULL after CHROMIUM_TIMEOUT_MS. */
static char *
read_message (void)
{
  gint64 end = g_get_monotonic_time () + CHROMIUM_TIMEOUT_MS * 1000;

  for (;;)
    {
      const char *nul = memchr (browser.pending->str, '\0', browser.pending->len);
      struct pollfd fd = { browser.from_browser, POLLIN, 0 };
      char buffer[65536];
      ssize_t n;
      int left = (int) ((end - g_get_monotonic_time ()) / 1000);

      if (nul != NULL)
        {
          gsize length = (gsize) (nul - browser.pending->str);
          char *message = g_strndup (browser.pending->str, length);

          g_string_erase (browser.pending, 0, (gssize) length + 1);
          return message;
        }
      if (left <= 0 || poll (&fd, 1, left) <= 0)
        return NULL;
      n = read (browser.from_browser, buffer, sizeof buffer);
      if (n <= 0)
        return NULL;
      g_string_append_len (browser.pending, buffer, n);
    }
}

JsonNode *
chromium_call (Chromium   *chromium,
               const char *method,
               const char *params)
{
  /* Counted over the program: a late reply to an earlier case's call is never taken for
   * this one's. */
  guint id = ++browser.next_id;
  g_autofree char *command = NULL;

  if (chromium->session != NULL)
    command = g_strdup_printf ("{\"id\":%u,\"sessionId\":\"%s\",\"method\":\"%s\",\"params\":%s}",
                               id, chromium->session, method, params);
  else
    command = g_strdup_printf ("{\"id\":%u,\"method\":\"%s\",\"params\":%s}", id, method, params);
  browser.silent = TRUE;
  if (write (browser.to_browser, command, strlen (command) + 1) != (ssize_t) strlen (command) + 1)
    return NULL;
  for (;;)
    {
      g_autofree char *message = read_message ();
      g_autoptr(JsonParser) parser = json_parser_new ();
      JsonObject *reply;

      if (message == NULL || !json_parser_load_from_data (parser, message, -1, NULL))
        return NULL;
      reply = json_node_get_object (json_parser_get_root (parser));
      if (!json_object_has_member (reply, "id") ||
          json_object_get_int_member (reply, "id") != id)
        continue;  /* an event, or another reply */
      browser.silent = FALSE;
      if (!json_object_has_member (reply, "result"))
        return NULL;
      return json_node_copy (json_object_get_member (reply, "result"));
    }
}

const char *
chromium_open (Chromium   *chromium,
               const char *url)
{
  g_autofree char *params = g_strdup_printf ("{\"url\":\"about:blank\",\"newWindow\":true,"
                                             "\"browserContextId\":\"%s\"}", chromium->context);
  g_autofree char *bounds = NULL, *attach = NULL, *navigate = NULL;
  g_autoptr(JsonNode) target = NULL, window = NULL, sized = NULL, attached = NULL;
  g_autoptr(JsonNode) navigated = NULL;
  const char *target_id;

  /* The calls up to the attach go to the browser, not to a page opened before. */
  g_clear_pointer (&chromium->session, g_free);
  target = chromium_call (chromium, "Target.createTarget", params);
  if (target == NULL)
    return "Target.createTarget failed";
  target_id = json_object_get_string_member (json_node_get_object (target), "targetId");
  /* The window at the case's size before the page is loaded in it, as a browser started at
   * that size opened it. */
  attach = g_strdup_printf ("{\"targetId\":\"%s\"}", target_id);
  window = chromium_call (chromium, "Browser.getWindowForTarget", attach);
  if (window == NULL)
    return "Browser.getWindowForTarget failed";
  bounds = g_strdup_printf ("{\"windowId\":%" G_GINT64_FORMAT ",\"bounds\":{\"width\":%u,"
                            "\"height\":%u}}",
                            json_object_get_int_member (json_node_get_object (window), "windowId"),
                            chromium->width, chromium->height);
  sized = chromium_call (chromium, "Browser.setWindowBounds", bounds);
  if (sized == NULL)
    return "Browser.setWindowBounds failed";
  g_free (attach);
  attach = g_strdup_printf ("{\"targetId\":\"%s\",\"flatten\":true}", target_id);
  attached = chromium_call (chromium, "Target.attachToTarget", attach);
  if (attached == NULL)
    return "Target.attachToTarget failed";
  chromium->session = g_strdup (json_object_get_string_member (json_node_get_object (attached),
                                                               "sessionId"));
  if (g_str_equal (url, "about:blank"))
    return NULL;
  navigate = g_strdup_printf ("{\"url\":\"%s\"}", url);
  navigated = chromium_call (chromium, "Page.navigate", navigate);
  if (navigated == NULL)
    return "Page.navigate failed";
  return NULL;
}

char *
chromium_evaluate (Chromium   *chromium,
                   const char *expression)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(JsonNode) result = NULL;
  g_autofree char *params = NULL;
  JsonObject *value;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "expression");
  json_builder_add_string_value (builder, expression);
  json_builder_set_member_name (builder, "returnByValue");
  json_builder_add_boolean_value (builder, TRUE);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  json_generator_set_root (generator, root);
  params = json_generator_to_data (generator, NULL);
  result = chromium_call (chromium, "Runtime.evaluate", params);
  if (result == NULL)
    return NULL;
  value = json_object_get_object_member (json_node_get_object (result), "result");
  if (value == NULL || !json_object_has_member (value, "value") ||
      json_node_get_value_type (json_object_get_member (value, "value")) != G_TYPE_STRING)
    return g_strdup ("");
  return g_strdup (json_object_get_string_member (value, "value"));
}

gboolean
chromium_wait_for (Chromium   *chromium,
                   const char *expression)
{
  gint64 end = g_get_monotonic_time () + CHROMIUM_TIMEOUT_MS * 1000;

  /* Asked again every 20 ms: each question is one round trip over the pipe. A question the
   * page cannot answer (its context destroyed while a form post or a link loads the next page)
   * is asked again; only a browser that answers nothing ends the wait. */
  do
    {
      g_autofree char *value = chromium_evaluate (chromium, expression);

      if (value == NULL && browser.silent)
        return FALSE;
      if (value != NULL && g_str_equal (value, "yes"))
        return TRUE;
      g_usleep (20000);
    }
  while (g_get_monotonic_time () < end);
  return FALSE;
}

gboolean
chromium_screenshot (Chromium   *chromium,
                     const char *name,
                     guint       width,
                     guint       height,
                     const char *scroll_to)
{
  g_autofree char *metrics = g_strdup_printf ("{\"width\":%u,\"height\":%u,"
                                              "\"deviceScaleFactor\":1,\"mobile\":%s}",
                                              width, height, width < 600 ? "true" : "false");
  g_autofree char *scroll = g_strdup_printf ("(function(){var e=document.querySelector('%s');"
                                             "if(e)e.scrollIntoView();return 'ok'})()",
                                             scroll_to);
  g_autofree char *scrolled = NULL;
  g_autoptr(JsonNode) set = chromium_call (chromium, "Emulation.setDeviceMetricsOverride",
                                           metrics);
  g_autoptr(JsonNode) shot = NULL;
  g_autofree guchar *png = NULL;
  g_autofree char *path = g_build_filename (g_getenv ("ADMIRALTY_BUILD_DIR"), "tests", name, NULL);
  gsize length;

  /* No wait between the calls: each is answered once done, scrollIntoView () lays the page out
   * at the new size first, and the capture draws a new frame of the page as it then is. A
   * wait on the page's own frames would never end with its script turned off. */
  scrolled = chromium_evaluate (chromium, scroll);
  shot = chromium_call (chromium, "Page.captureScreenshot", "{\"format\":\"png\"}");
  if (set == NULL || scrolled == NULL || shot == NULL)
    return FALSE;
  png = g_base64_decode (json_object_get_string_member (json_node_get_object (shot), "data"),
                         &length);
  return g_file_set_contents (path, (const char *) png, (gssize) length, NULL);
}
