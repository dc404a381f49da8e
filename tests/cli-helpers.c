/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-helpers.c: see cli-helpers.h. */
#include "config.h"

#include <stdarg.h>
#include <gio/gio.h>

#include "cli-helpers.h"
#include "file-helpers.h"

void
cli_result_free (CliResult *result)
{
  g_free (result->out);
  g_free (result->err);
  g_free (result);
}

guint16
free_port (void)
{
  g_autoptr(GSocketListener) listener = g_socket_listener_new ();
  g_autoptr(GError) error = NULL;
  guint16 port = g_socket_listener_add_any_inet_port (listener, NULL, &error);

  g_assert_no_error (error);
  g_socket_listener_close (listener);
  return port;
}

int
cli_remove_entry (const char *path)
{
  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_autoptr(GDir) listing = g_dir_open (path, 0, NULL);
      const char *name;

      while (listing != NULL && (name = g_dir_read_name (listing)) != NULL)
        {
          g_autofree char *file = g_build_filename (path, name, NULL);

          if (g_remove (file) != 0)
            return -1;
        }
    }
  return g_remove (path);
}

void
cli_remove_folder (const char *dir)
{
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;

  while (listing != NULL && (name = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_assert_cmpint (cli_remove_entry (path), ==, 0);
    }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static CliResult *
run_cli_in (const char         *rules_path,
            const char * const *args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  char **envp = g_get_environ ();
  CliResult *result = g_new0 (CliResult, 1);
  int wait_status = 0;

  g_ptr_array_add (argv, (char *) CLI_PATH);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);
  envp = g_environ_setenv (envp, "LC_ALL", "C.UTF-8", TRUE);
  if (rules_path != NULL)
    envp = g_environ_setenv (envp, "ADMIRALTY_RULES_PATH", rules_path, TRUE);

  g_spawn_sync (NULL, (char **) argv->pdata, envp, G_SPAWN_DEFAULT, NULL, NULL,
                &result->out, &result->err, &wait_status, &error);
  g_strfreev (envp);
  g_assert_no_error (error);
  /* Whatever the input, the CLI exits; it never crashes. */
  g_assert_true (WIFEXITED (wait_status));
  result->status = WEXITSTATUS (wait_status);
  return result;
}

static CliResult *
run_cli_valist (const char *rules_path,
                const char *first,
                va_list     args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();

  for (const char *arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (char *) arg);
  g_ptr_array_add (argv, NULL);
  return run_cli_in (rules_path, (const char * const *) argv->pdata);
}

CliResult *
run_cli_input (const char *input,
               const char *first,
               ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;
  CliResult *result = g_new0 (CliResult, 1);
  va_list args;

  g_ptr_array_add (argv, (char *) CLI_PATH);
  va_start (args, first);
  for (const char *arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (char *) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE |
                                        G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                        G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C.UTF-8", TRUE);
  process = g_subprocess_launcher_spawnv (launcher, (const char * const *) argv->pdata, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, input, NULL, &result->out, &result->err, &error);
  g_assert_no_error (error);
  /* Whatever the input, the CLI exits; it never crashes. */
  g_assert_true (g_subprocess_get_if_exited (process));
  result->status = g_subprocess_get_exit_status (process);
  return result;
}

CliResult *
run_cli_strv (const char * const *args)
{
  return run_cli_in (NULL, args);
}

CliResult *
run_cli (const char *first,
         ...)
{
  CliResult *result;
  va_list args;

  va_start (args, first);
  result = run_cli_valist (NULL, first, args);
  va_end (args);
  return result;
}

CliResult *
run_cli_with_rules (const char *rules_path,
                    const char *first,
                    ...)
{
  CliResult *result;
  va_list args;

  va_start (args, first);
  result = run_cli_valist (rules_path, first, args);
  va_end (args);
  return result;
}

JsonObject *
parse_json (const char *out)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  const char *newline = strchr (out, '\n');
  JsonNode *root;

  g_assert_nonnull (newline);
  g_assert_cmpstr (newline + 1, ==, "");
  json_parser_load_from_data (parser, out, -1, &error);
  g_assert_no_error (error);
  root = json_parser_get_root (parser);
  g_assert_cmpint (json_node_get_node_type (root), ==, JSON_NODE_OBJECT);
  return json_object_ref (json_node_get_object (root));
}

void
assert_failure (CliResult  *result,
                int         status,
                const char *message)
{
  g_test_message ("%s", result->err);
  g_assert_cmpint (result->status, ==, status);
  g_assert_cmpstr (result->out, ==, "");
  g_assert_nonnull (strstr (result->err, message));
}

/* Komarr after its first cycle, from its cycle-1 sheets or, without @sheets, on standing
 * orders (seed 7), saved as "komarr.admiralty" in a new folder named after @prefix. */
static char *
komarr_after_cycle (const char  *prefix,
                    gboolean     sheets,
                    char       **campaign)
{
  g_autoptr(GError) error = NULL;
  const char *source = g_getenv ("ADMIRALTY_SOURCE_DIR");
  g_autofree char *scenario = g_build_filename (source, "scenarios",
                                                "komarr-campaign.admiralty", NULL);
  g_autofree char *folder = g_build_filename (source, "scenarios", "komarr-campaign.sheets",
                                           NULL);
  g_autofree char *s1 = g_build_filename (folder, "komarr-cycle-1-ghem-sarlat.xml", NULL);
  g_autofree char *s2 = g_build_filename (folder, "komarr-cycle-1-radovan.xml", NULL);
  g_autofree char *s3 = g_build_filename (folder, "komarr-cycle-1-vorkosigan.xml", NULL);
  g_autofree char *template = g_strconcat (prefix, "-XXXXXX", NULL);
  g_autoptr(CliResult) result = NULL;
  char *dir = g_dir_make_tmp (template, &error);

  g_assert_no_error (error);
  *campaign = g_build_filename (dir, "komarr.admiralty", NULL);
  if (sheets)
    result = run_cli ("cycle", scenario, "--orders", s1, s2, s3, "--save", *campaign,
                      "--seed", "7", NULL);
  else
    result = run_cli ("cycle", scenario, "--seed", "7", "--save", *campaign, NULL);
  g_test_message ("%s", result->err);
  g_assert_cmpint (result->status, ==, 0);
  return dir;
}

char *
cli_komarr_after_cycle (const char  *prefix,
                        char       **campaign)
{
  return komarr_after_cycle (prefix, FALSE, campaign);
}

char *
cli_komarr_after_sheets (const char  *prefix,
                         char       **campaign)
{
  return komarr_after_cycle (prefix, TRUE, campaign);
}

/* The test program's name, for its folders ("test-cli-assign-XXXXXX"). */
static char *
program_prefix (void)
{
  return g_path_get_basename (g_get_prgname ());
}

void
cli_campaign_after_cycle (CliCampaign   *fixture,
                          gconstpointer  data)
{
  g_autofree char *prefix = program_prefix ();

  fixture->dir = komarr_after_cycle (prefix, FALSE, &fixture->campaign);
}

void
cli_campaign_after_sheets (CliCampaign   *fixture,
                           gconstpointer  data)
{
  g_autofree char *prefix = program_prefix ();

  fixture->dir = komarr_after_cycle (prefix, TRUE, &fixture->campaign);
}

void
cli_campaign_teardown (CliCampaign   *fixture,
                       gconstpointer  data)
{
  remove_tree (fixture->dir);
  g_assert_false (g_file_test (fixture->dir, G_FILE_TEST_EXISTS));
  g_free (fixture->dir);
  g_free (fixture->campaign);
}

guint
cli_tamper_last_program_roll (const char *journal,
                              const char *path,
                              guint       face,
                              guint      *sides)
{
  g_autoptr(GString) edit = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GRegex) seal = g_regex_new (" (origin|digest)=\"[0-9a-f]{64}\"", 0, 0, NULL);
  g_autofree char *event = NULL;
  g_autofree char *unsealed = NULL;
  const char *roll = NULL, *values, *quote, *last, *sides_at;
  guint n = 0, shown;

  for (const char *at = strstr (journal, "<event kind=\"roll\""); at != NULL;
       at = strstr (at + 1, "<event kind=\"roll\""))
    {
      g_autofree char *text = g_strndup (at, strcspn (at, ">"));

      if (strstr (text, "dice=\"program\"") == NULL)
        continue;
      roll = at;
      n++;
    }
  g_assert_nonnull (roll);
  event = g_strndup (roll, strcspn (roll, ">"));
  sides_at = strstr (event, "sides=\"");
  g_assert_nonnull (sides_at);
  if (sides != NULL)
    *sides = (guint) g_ascii_strtoull (sides_at + strlen ("sides=\""), NULL, 10);
  values = strstr (roll, "values=\"") + strlen ("values=\"");
  quote = strchr (values, '"');
  for (last = quote; last > values && last[-1] != ' '; last--)
    ;
  shown = (guint) g_ascii_strtoull (last, NULL, 10);
  if (face == 0)
    face = shown == 1 ? 2 : 1;
  else if (face == shown)
    return 0;
  edit = g_string_new_len (journal, last - journal);
  g_string_append_printf (edit, "%u", face);
  g_string_append (edit, quote);
  unsealed = g_regex_replace_literal (seal, edit->str, -1, 0, "", 0, NULL);
  g_assert_true (g_file_set_contents (path, unsealed, -1, &error));
  g_assert_no_error (error);
  return n;
}
