/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-helpers.h: running admiralty-cli (CLI_PATH, from meson) as a script would, for the CLI
 * tests: its exit status, stdout and stderr, and its --json output. */
#pragma once

#include <string.h>
#include <sys/wait.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

typedef struct {
  int   status;
  char *out;
  char *err;
} CliResult;

void
cli_result_free (CliResult *result);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CliResult, cli_result_free)

/* Removes @path, a file or a folder of files (the checkpoints' folder a campaign's save
 * keeps beside it); 0 when it is gone. */
int
cli_remove_entry (const char *path);

/* A TCP port nothing listens on now, on any address, for a server the test starts. */
guint16
free_port (void);

/* Removes the folder cli_komarr_after_cycle () made, and everything in it. */
void
cli_remove_folder (const char *dir);

/* Runs the CLI with the arguments up to NULL, in a UTF-8 locale so that its quotes and dashes
 * come out as written. */
CliResult *
run_cli (const char *first,
         ...) G_GNUC_NULL_TERMINATED;

/* The same, with @input typed on its standard input (then closed). */
CliResult *
run_cli_input (const char *input,
               const char *first,
               ...) G_GNUC_NULL_TERMINATED;

/* The same, with the arguments in @args, a NULL-terminated array. */
CliResult *
run_cli_strv (const char * const *args);

/* The same, with @rules_path as ADMIRALTY_RULES_PATH (NULL: the test's own). */
CliResult *
run_cli_with_rules (const char *rules_path,
                    const char *first,
                    ...) G_GNUC_NULL_TERMINATED;

/* --json prints one JSON object on one line, and nothing else, on stdout. */
JsonObject *
parse_json (const char *out);

/* A refusal: status, the message on stderr, nothing on stdout. */
void
assert_failure (CliResult  *result,
                int         status,
                const char *message);

/* A new folder named after @prefix ("admiralty-cli-report") holding "komarr.admiralty": the
 * Komarr campaign after one cycle on standing orders (seed 7), as `admiralty-cli cycle` saves
 * it; its path in *@campaign. */
char *
cli_komarr_after_cycle (const char  *prefix,
                        char       **campaign);

/* The same, with cycle 1 played from its sheets
 * (scenarios/komarr-campaign.sheets/komarr-cycle-1-*.xml, seed 7): its engagements are there
 * to fight. */
char *
cli_komarr_after_sheets (const char  *prefix,
                         char       **campaign);

/* The fixture of the tests of a saved campaign (g_test_add ()): the campaign in a folder of
 * its own, named after the test program, and removed with everything in it. */
typedef struct {
  char *dir;
  char *campaign;   /* dir/komarr.admiralty */
} CliCampaign;

/* Komarr after one cycle on standing orders (seed 7), as cli_komarr_after_cycle () makes it. */
void
cli_campaign_after_cycle (CliCampaign   *fixture,
                          gconstpointer  data);

/* Komarr after cycle 1 played from its sheets, as cli_komarr_after_sheets () makes it. */
void
cli_campaign_after_sheets (CliCampaign   *fixture,
                           gconstpointer  data);

/* Removes the folder and what the test left in it. */
void
cli_campaign_teardown (CliCampaign   *fixture,
                       gconstpointer  data);

/* @journal (a campaign file's text) written to @path with the last die of its last program
 * roll turned to @face, or with @face 0 to another face (1 to 2, any other to 1): the number
 * of that roll among the program rolls, the first being 1, which `verify-dice` names when it
 * catches it; 0, and nothing written, when the die shows @face already. *@sides (may be NULL)
 * is the roll's dice's number of faces. The file's seal goes too (adm_journal_seal ()), as a
 * master who changes a die by hand would take it off: the seal is no secret, the commitment
 * is, and it is what catches the die. */
guint
cli_tamper_last_program_roll (const char *journal,
                              const char *path,
                              guint       face,
                              guint      *sides);
