/* SPDX-License-Identifier: GPL-3.0-or-later */
/* browser-helpers.c: see browser-helpers.h. */
#include "config.h"

#include "browser-helpers.h"

#include <poll.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

/* The browser leads a process group of its own, so that chromium_stop () can take its
 * renderers and helpers too: one left running writes into the profile being removed. */
static void
own_process_group (gpointer data)
{
  setpgid (0, 0);
}

gboolean
chromium_start (Chromium   *chromium,
                const char *profile,
                guint       width,
                guint       height)
{
  g_autofree char *chromium_path = g_find_program_in_path ("chromium");
  g_autofree char *profile_option = g_strconcat ("--user-data-dir=", profile, NULL);
  g_autofree char *size = g_strdup_printf ("--window-size=%u,%u", width, height);
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GError) error = NULL;
  int to_browser[2], from_browser[2];

  if (chromium_path == NULL)
    {
      g_test_skip ("chromium is not installed");
      return FALSE;
    }
  g_assert_cmpint (pipe (to_browser), ==, 0);
  g_assert_cmpint (pipe (from_browser), ==, 0);
  launcher = g_subprocess_launcher_new (g_getenv ("ADMIRALTY_TEST_BROWSER_LOG") != NULL
                                        ? G_SUBPROCESS_FLAGS_NONE
                                        : G_SUBPROCESS_FLAGS_STDOUT_SILENCE |
                                          G_SUBPROCESS_FLAGS_STDERR_SILENCE);
  g_subprocess_launcher_take_fd (launcher, to_browser[0], 3);
  g_subprocess_launcher_take_fd (launcher, from_browser[1], 4);
  g_subprocess_launcher_set_child_setup (launcher, own_process_group, NULL, NULL);
  chromium->process = g_subprocess_launcher_spawn (launcher, &error, chromium_path,
                                                   "--headless=new", "--no-sandbox",
                                                   "--disable-gpu", "--no-first-run",
                                                   "--remote-debugging-pipe", size,
                                                   profile_option, "about:blank", NULL);
  g_assert_no_error (error);
  g_clear_object (&launcher);  /* closes the browser's ends in this process */
  chromium->to_browser = to_browser[1];
  chromium->from_browser = from_browser[0];
  chromium->pending = g_string_new (NULL);
  chromium->next_id = 0;
  chromium->session = NULL;
  return TRUE;
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

void
chromium_stop (Chromium *chromium)
{
  static const char close_browser[] = "{\"id\":0,\"method\":\"Browser.close\",\"params\":{}}";
  g_autoptr(GMainContext) context = g_main_context_new ();
  g_autoptr(GSource) timeout = g_timeout_source_new (10000);
  gboolean done = FALSE, late = FALSE;
  GPid group = (GPid) g_ascii_strtoll (g_subprocess_get_identifier (chromium->process), NULL, 10);

  /* Asked to close, the browser ends its renderers and writes its profile before it exits;
   * only one that does not within ten seconds is killed, with everything it started. */
  g_main_context_push_thread_default (context);
  if (write (chromium->to_browser, close_browser, sizeof close_browser) == sizeof close_browser)
    {
      g_subprocess_wait_async (chromium->process, NULL, exited, &done);
      g_source_set_callback (timeout, waited_enough, &late, NULL);
      g_source_attach (timeout, context);
      while (!done && !late)
        g_main_context_iteration (context, TRUE);
      g_source_destroy (timeout);
    }
  if (!done)
    {
      g_subprocess_force_exit (chromium->process);
      g_subprocess_wait (chromium->process, NULL, NULL);
    }
  kill (-group, SIGKILL);
  /* A killed member of the group is gone once signalling the group finds none (a zombie
   * writes nothing), or after half a second at the most. */
  for (int i = 0; i < 50 && kill (-group, 0) == 0; i++)
    g_usleep (10000);
  while (g_main_context_iteration (context, FALSE))
    ;
  g_main_context_pop_thread_default (context);
  g_clear_object (&chromium->process);
  close (chromium->to_browser);
  close (chromium->from_browser);
  g_string_free (chromium->pending, TRUE);
  chromium->pending = NULL;
  g_clear_pointer (&chromium->session, g_free);
}

/* Reads one NUL-terminated message, or NULL after CHROMIUM_TIMEOUT_MS. */
static char *
read_message (Chromium *chromium)
{
  gint64 end = g_get_monotonic_time () + CHROMIUM_TIMEOUT_MS * 1000;

  for (;;)
    {
      const char *nul = memchr (chromium->pending->str, '\0', chromium->pending->len);
      struct pollfd fd = { chromium->from_browser, POLLIN, 0 };
      char buffer[65536];
      ssize_t n;
      int left = (int) ((end - g_get_monotonic_time ()) / 1000);

      if (nul != NULL)
        {
          gsize length = (gsize) (nul - chromium->pending->str);
          char *message = g_strndup (chromium->pending->str, length);

          g_string_erase (chromium->pending, 0, (gssize) length + 1);
          return message;
        }
      if (left <= 0 || poll (&fd, 1, left) <= 0)
        return NULL;
      n = read (chromium->from_browser, buffer, sizeof buffer);
      if (n <= 0)
        return NULL;
      g_string_append_len (chromium->pending, buffer, n);
    }
}

JsonNode *
chromium_call (Chromium   *chromium,
               const char *method,
               const char *params)
{
  guint id = ++chromium->next_id;
  g_autofree char *command = NULL;

  if (chromium->session != NULL)
    command = g_strdup_printf ("{\"id\":%u,\"sessionId\":\"%s\",\"method\":\"%s\",\"params\":%s}",
                               id, chromium->session, method, params);
  else
    command = g_strdup_printf ("{\"id\":%u,\"method\":\"%s\",\"params\":%s}", id, method, params);
  if (write (chromium->to_browser, command, strlen (command) + 1) != (ssize_t) strlen (command) + 1)
    return NULL;
  for (;;)
    {
      g_autofree char *message = read_message (chromium);
      g_autoptr(JsonParser) parser = json_parser_new ();
      JsonObject *reply;

      if (message == NULL || !json_parser_load_from_data (parser, message, -1, NULL))
        return NULL;
      reply = json_node_get_object (json_parser_get_root (parser));
      if (!json_object_has_member (reply, "id") ||
          json_object_get_int_member (reply, "id") != id)
        continue;  /* an event, or another reply */
      if (!json_object_has_member (reply, "result"))
        return NULL;
      return json_node_copy (json_object_get_member (reply, "result"));
    }
}

const char *
chromium_open (Chromium   *chromium,
               const char *url)
{
  g_autofree char *params = g_strdup_printf ("{\"url\":\"%s\"}", url);
  g_autoptr(JsonNode) target = chromium_call (chromium, "Target.createTarget", params);
  g_autoptr(JsonNode) attached = NULL;
  g_autofree char *attach = NULL;

  if (target == NULL)
    return "Target.createTarget failed";
  attach = g_strdup_printf ("{\"targetId\":\"%s\",\"flatten\":true}",
                            json_object_get_string_member (json_node_get_object (target),
                                                           "targetId"));
  attached = chromium_call (chromium, "Target.attachToTarget", attach);
  if (attached == NULL)
    return "Target.attachToTarget failed";
  chromium->session = g_strdup (json_object_get_string_member (json_node_get_object (attached),
                                                               "sessionId"));
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

  /* Asked again every 20 ms: each question is one round trip over the pipe. */
  do
    {
      g_autofree char *value = chromium_evaluate (chromium, expression);

      if (value == NULL)
        return FALSE;
      if (g_str_equal (value, "yes"))
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
