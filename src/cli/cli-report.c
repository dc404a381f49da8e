/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-report.c: `admiralty-cli report …` — a campaign's paper: the master's turn report, an
 * admiral's report, fleet cards or blank order sheets (adm_report_build ()), written as a PDF
 * (adm_doc_write_pdf ()) or printed as plain text with --text. The battles fought in the
 * campaign are read from the battles/ folder beside the campaign file. Nothing is written
 * unless the whole document is. */

#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <glib/gi18n.h>

#include "adm-doc-render.h"
#include "adm-report.h"
#include "cli-private.h"

typedef struct {
  AdmReportKind  kind;
  const char    *admiral;
  guint          cycle;
  AdmPaper       paper;
  gboolean       text;
  const char    *output;
  const char    *packets;  /* a folder: one PDF per admiral, his whole paper */
} ReportOptions;

/* Checks the options and turns their values into @options; bad usage gives FALSE. */
static gboolean
check_usage (const char     *command,
             char          **files,
             const char     *kind_text,
             const char     *cycle_text,
             const char     *paper_text,
             ReportOptions  *options)
{
  guint64 cycle = 0;

  if (options->packets != NULL)
    {
      /* --packets: every admiral's paper, so no kind, admiral, output or text. */
      if (!_cli_check_value (command, "--packets", options->packets, TRUE) ||
          !_cli_check_value (command, "--cycle", cycle_text, FALSE) ||
          !_cli_check_value (command, "--paper", paper_text, FALSE))
        return FALSE;
      if (kind_text != NULL || options->admiral != NULL || options->output != NULL ||
          options->text)
        return _cli_usage_error (command, _("--packets writes every admiral's report, fleet "
                                            "cards and order sheet: give no --kind, --admiral, "
                                            "-o or --text with it")), FALSE;
      if (files == NULL || files[0] == NULL || files[1] != NULL)
        return _cli_usage_error (command, _("give one campaign file")), FALSE;
      if (cycle_text != NULL &&
          !g_ascii_string_to_unsigned (cycle_text, 10, 1, G_MAXUINT, &cycle, NULL))
        return _cli_usage_error (command, _("--cycle “%s” is not a cycle; give a whole number, "
                                            "1 or more"), cycle_text), FALSE;
      options->cycle = (guint) cycle;
      if (!adm_paper_from_name (paper_text != NULL ? paper_text : "a4", &options->paper))
        return _cli_usage_error (command, _("unknown --paper “%s”; the sizes are a4, a5, "
                                            "letter and legal"), paper_text), FALSE;
      return TRUE;
    }
  if (!_cli_check_value (command, "--kind", kind_text, TRUE) ||
      !_cli_check_value (command, "--admiral", options->admiral, FALSE) ||
      !_cli_check_value (command, "--cycle", cycle_text, FALSE) ||
      !_cli_check_value (command, "--paper", paper_text, FALSE) ||
      !_cli_check_value (command, "--output", options->output, FALSE))
    return FALSE;
  if (files == NULL || files[0] == NULL)
    return _cli_usage_error (command, _("no campaign file given")), FALSE;
  if (files[1] != NULL)
    return _cli_usage_error (command, _("unexpected argument “%s”; give one campaign file"),
                             files[1]), FALSE;
  if (!adm_report_kind_from_string (kind_text, &options->kind))
    return _cli_usage_error (command, _("unknown --kind “%s”; the kinds are master, admiral, "
                                        "cards and sheets"), kind_text), FALSE;
  if (cycle_text != NULL &&
      !g_ascii_string_to_unsigned (cycle_text, 10, 1, G_MAXUINT, &cycle, NULL))
    return _cli_usage_error (command, _("--cycle “%s” is not a cycle; give a whole number, 1 "
                                        "or more"), cycle_text), FALSE;
  options->cycle = (guint) cycle;
  if (!adm_paper_from_name (paper_text != NULL ? paper_text : "a4", &options->paper))
    return _cli_usage_error (command, _("unknown --paper “%s”; the sizes are a4, a5, letter "
                                        "and legal"), paper_text), FALSE;
  if (options->output == NULL && !options->text)
    return _cli_usage_error (command, _("missing -o FILE.pdf (or --text)")), FALSE;
  if (options->output != NULL && options->text)
    return _cli_usage_error (command, _("give either -o FILE.pdf or --text, not both")), FALSE;
  return TRUE;
}

/* Opens @path, a saved campaign or a scenario; a damaged or missing campaign names its
 * newest good backup. */
static AdmCampaign *
open_campaign (const char *path)
{
  g_autoptr(GError) error = NULL;
  AdmCampaign *campaign = adm_campaign_open (path, &error);
  g_autofree char *backup = NULL;

  if (campaign != NULL)
    return campaign;
  if (g_error_matches (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_CORRUPT) ||
      !g_file_test (path, G_FILE_TEST_EXISTS))
    backup = adm_campaign_find_backup (path);
  if (backup != NULL)
    {
      g_autofree char *display = g_filename_display_name (backup);

      _cli_invalid (FALSE, _("%s\nThe newest backup that opens is %s."), error->message,
                    display);
    }
  else
    _cli_invalid (FALSE, "%s", error->message);
  return NULL;
}

/* The battles/ folder beside @path, when there is one. */
static char *
battles_dir (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *battles = g_build_filename (dir, "battles", NULL);

  if (!g_file_test (battles, G_FILE_TEST_IS_DIR))
    return NULL;
  return g_steal_pointer (&battles);
}

static CliExit
write_report (const char          *path,
              const ReportOptions *options)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = open_campaign (path);
  g_autoptr(AdmDoc) doc = NULL;
  g_autofree char *battles = NULL;

  if (campaign == NULL)
    return CLI_EXIT_INVALID;
  battles = battles_dir (path);
  doc = adm_report_build (campaign, options->kind, options->admiral, options->cycle, battles,
                          &error);
  if (doc == NULL)
    return _cli_invalid (FALSE, "%s", error->message);

  if (options->text)
    {
      g_autofree char *text = adm_doc_to_text (doc);

      /* The report's words are UTF-8 whatever the locale, like the JSON output. */
      fputs (text, stdout);
      fflush (stdout);
      return CLI_EXIT_OK;
    }
  if (!adm_doc_write_pdf (doc, &options->paper, options->output, &error))
    return _cli_invalid (FALSE, "%s", error->message);
  {
    g_autofree char *display = g_filename_display_name (options->output);

    g_print (_("Saved to %s\n"), display);
  }
  return CLI_EXIT_OK;
}

/* --packets DIR: for each admiral one PDF, DIR/ADMIRAL.pdf — his report of the cycle (when one
 * has been resolved), his fleet cards and his order sheet for the next cycle, each on pages of
 * its own: the paper to hand him, all written in one go instead of a file dialog each. Every
 * document is built before any file is written; a file is written whole or not at all. */
static CliExit
write_packets (const char          *path,
               const ReportOptions *options)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = open_campaign (path);
  g_autoptr(GPtrArray) docs = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_doc_free);
  g_autofree char *battles = NULL;
  g_autofree char *display = g_filename_display_name (options->packets);
  GPtrArray *admirals;

  if (campaign == NULL)
    return CLI_EXIT_INVALID;
  battles = battles_dir (path);
  admirals = adm_scenario_get_admirals (adm_campaign_get_scenario (campaign));
  for (guint i = 0; i < admirals->len; i++)
    {
      const AdmAdmiral *admiral = g_ptr_array_index (admirals, i);
      AdmDoc *packet = adm_report_build_packet (campaign, admiral->id, options->cycle, battles,
                                                &error);

      if (packet == NULL)
        return _cli_invalid (FALSE, "%s", error->message);
      g_ptr_array_add (docs, packet);
    }
  if (g_mkdir_with_parents (options->packets, 0755) != 0)
    return _cli_invalid (FALSE, _("Cannot create the folder %s: %s"), display,
                         g_strerror (errno));
  for (guint i = 0; i < admirals->len; i++)
    {
      const AdmAdmiral *admiral = g_ptr_array_index (admirals, i);
      g_autofree char *name = g_strdup_printf ("%s.pdf", admiral->id);
      g_autofree char *file = g_build_filename (options->packets, name, NULL);

      if (!adm_doc_write_pdf (g_ptr_array_index (docs, i), &options->paper, file, &error))
        return _cli_invalid (FALSE, "%s", error->message);
    }
  /* Translators: "Saved 11 admirals' papers in /tmp/cycle-2" */
  g_print (ngettext ("Saved %u admiral's paper in %s\n", "Saved %u admirals' papers in %s\n",
                     admirals->len), admirals->len, display);
  return CLI_EXIT_OK;
}

CliExit
_cli_report_run (int    argc,
                 char **argv)
{
  const char *command = "report";
  g_autoptr(GOptionContext) context = NULL;
  g_auto(GStrv) files = NULL;
  g_autofree char *kind_text = NULL, *cycle_text = NULL, *paper_text = NULL;
  g_autofree char *admiral = NULL, *output = NULL, *packets = NULL;
  ReportOptions options = { 0 };
  const GOptionEntry entries[] = {
    { "kind", 0, 0, G_OPTION_ARG_STRING, &kind_text,
      N_("The document: master (the master's turn report), admiral (an admiral's report, "
         "what his side knows), cards (fleet cards) or sheets (blank order sheets)"),
      N_("KIND") },
    { "admiral", 0, 0, G_OPTION_ARG_STRING, &admiral,
      N_("The admiral, by id or name: required for --kind admiral; for cards and sheets, "
         "default every admiral"), N_("ADMIRAL") },
    { "cycle", 0, 0, G_OPTION_ARG_STRING, &cycle_text,
      N_("The cycle reported; default the last resolved one (for sheets, the current one)"),
      N_("N") },
    { "paper", 0, 0, G_OPTION_ARG_STRING, &paper_text,
      N_("The page size: a4 (default), a5, letter or legal"), N_("SIZE") },
    { "text", 0, 0, G_OPTION_ARG_NONE, &options.text,
      N_("Print the document's text instead of writing a PDF"), NULL },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("Write the PDF here"), N_("FILE.pdf") },
    { "packets", 0, 0, G_OPTION_ARG_FILENAME, &packets,
      N_("Write every admiral's paper in one go into this folder: ADMIRAL.pdf with his report "
         "(of --cycle, default the last resolved), fleet cards and order sheet"), N_("DIR") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, NULL },
    { NULL }
  };

  context = _cli_context_new (command, _("CAMPAIGN.admiralty"),
                              _("Print a campaign's paper as a PDF: the master's turn report, "
                                "an admiral's report, fleet cards or blank order sheets."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!_cli_parse (context, command, &argc, &argv))
    return CLI_EXIT_USAGE;
  options.admiral = admiral;
  options.output = output;
  options.packets = packets;
  if (!check_usage (command, files, kind_text, cycle_text, paper_text, &options))
    return CLI_EXIT_USAGE;
  if (options.packets != NULL)
    return write_packets (files[0], &options);
  if (options.kind == ADM_REPORT_ADMIRAL && options.admiral == NULL)
    return _cli_usage_error (command, _("--kind admiral needs --admiral ID or NAME"));
  return write_report (files[0], &options);
}
