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

#include "adm-chronicle.h"
#include "adm-doc-render.h"
#include "adm-report.h"
#include "adm-luck.h"
#include "adm-report-kit.h"
#include "cli-private.h"

typedef struct {
  AdmReportKind  kind;
  const char    *admiral;
  guint          cycle;
  AdmPaper       paper;
  gboolean       text;
  const char    *output;
  const char    *packets;  /* a folder: one PDF per admiral, his whole paper */
  const char    *as;       /* --as: who the paper is for, or NULL */
  gboolean       every;    /* --every-admiral: every admiral's paper in one document */
  gboolean       kind_given;
  gboolean       kit;        /* --kind kit: an engagement's table kit */
  gboolean       luck;       /* --kind luck: the luck ledger (adm-luck.h) */
  gboolean       chronicle;  /* --kind chronicle: the war chronicle (adm-chronicle.h) */
  const char    *engagement; /* --engagement: the kit's engagement, the ledger's battle */
} ReportOptions;

/* Reads --cycle (default 0: the command's own) and --paper (default A4) into @options; bad
 * usage gives FALSE. */
static gboolean
read_cycle_and_paper (const char    *command,
                      const char    *cycle_text,
                      const char    *paper_text,
                      ReportOptions *options)
{
  guint cycle = 0;

  if (!_cli_parse_cycle (cycle_text, &cycle))
    return _cli_usage_error (command, _("--cycle “%s” is not a cycle; give a whole number, 1 "
                                        "or more"), cycle_text), FALSE;
  options->cycle = cycle;
  if (!adm_paper_from_name (paper_text != NULL ? paper_text : "a4", &options->paper))
    return _cli_usage_error (command, _("unknown --paper “%s”; the sizes are a4, a5, letter "
                                        "and legal"), paper_text), FALSE;
  return TRUE;
}

/* Checks the options and turns their values into @options; bad usage gives FALSE. */
static gboolean
check_usage (const char     *command,
             char          **files,
             const char     *kind_text,
             const char     *cycle_text,
             const char     *paper_text,
             ReportOptions  *options)
{
  if (options->packets != NULL && options->every)
    return _cli_usage_error (command, _("give either --packets DIR or --every-admiral, not "
                                        "both")), FALSE;
  if (options->packets != NULL)
    {
      /* --packets: every admiral's paper, so no kind, admiral, output or text. */
      if (!_cli_check_value (command, "--packets", options->packets, TRUE) ||
          !_cli_check_value (command, "--cycle", cycle_text, FALSE) ||
          !_cli_check_value (command, "--paper", paper_text, FALSE))
        return FALSE;
      if (kind_text != NULL || options->admiral != NULL || options->output != NULL ||
          options->text || options->as != NULL)
        return _cli_usage_error (command, _("--packets writes every admiral's report, fleet "
                                            "cards and order sheet: give no --kind, --admiral, "
                                            "--as, -o or --text with it")), FALSE;
      if (files == NULL || files[0] == NULL || files[1] != NULL)
        return _cli_usage_error (command, _("give one campaign file")), FALSE;
      return read_cycle_and_paper (command, cycle_text, paper_text, options);
    }
  if (options->every && (kind_text != NULL || options->admiral != NULL || options->as != NULL))
    return _cli_usage_error (command, _("--every-admiral writes every admiral's report, fleet "
                                        "cards and order sheet: give no --kind, --admiral or "
                                        "--as with it")), FALSE;
  if (!_cli_check_value (command, "--kind", kind_text,
                         options->as == NULL && !options->every) ||
      !_cli_check_value (command, "--as", options->as, FALSE) ||
      !_cli_check_value (command, "--admiral", options->admiral, FALSE) ||
      !_cli_check_value (command, "--cycle", cycle_text, FALSE) ||
      !_cli_check_value (command, "--paper", paper_text, FALSE) ||
      !_cli_check_value (command, "--output", options->output, FALSE))
    return FALSE;
  if (!_cli_check_arguments (command, files, _("unexpected argument “%s”; give one campaign file"),
                             _("no campaign file given"), NULL))
    return FALSE;
  options->kind_given = kind_text != NULL;
  options->kit = g_strcmp0 (kind_text, "kit") == 0;
  options->luck = g_strcmp0 (kind_text, "luck") == 0;
  options->chronicle = g_strcmp0 (kind_text, "chronicle") == 0;
  if (kind_text != NULL && !options->kit && !options->luck &&
      !adm_report_kind_from_string (kind_text, &options->kind))
    return _cli_usage_error (command, _("unknown --kind “%s”; the kinds are master, admiral, "
                                        "cards, sheets, public, oob, muster, kit, luck and "
                                        "chronicle"),
                             kind_text),
           FALSE;
  if (options->chronicle && (options->admiral != NULL || cycle_text != NULL))
    return _cli_usage_error (command, _("--kind chronicle tells the whole campaign, every "
                                        "cycle, for one audience (--as): give no --admiral or "
                                        "--cycle")), FALSE;
  if (options->luck && (options->admiral != NULL || cycle_text != NULL))
    return _cli_usage_error (command, _("--kind luck weighs the campaign's battles as they "
                                        "stand (or one, --engagement ID): give no --admiral or "
                                        "--cycle")), FALSE;
  if (!_cli_check_value (command, "--engagement", options->engagement, options->kit))
    return FALSE;
  if (options->kit && (options->admiral != NULL || cycle_text != NULL))
    return _cli_usage_error (command, _("--kind kit prints the table of one engagement "
                                        "(--engagement ID), as the campaign stands: give no "
                                        "--admiral or --cycle")), FALSE;
  if (!options->kit && !options->luck && options->engagement != NULL)
    return _cli_usage_error (command, _("--engagement is for --kind kit and luck only")), FALSE;
  if (!read_cycle_and_paper (command, cycle_text, paper_text, options))
    return FALSE;
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
  AdmCampaign *campaign = _cli_open_campaign (path, &error);

  if (campaign == NULL)
    _cli_campaign_refused (path, FALSE, CLI_BACKUP_IF_DAMAGED_OR_GONE, error);
  return campaign;
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

/* --as: the paper a viewer may be handed, through the report's own filters — the
 * master any; the public only the public bulletin; an admiral his own report, cards and sheet,
 * or the public bulletin; a faction those of each of its admirals, one after the other. The
 * default kind is the viewer's report. Refused, with the reason, when the viewer may not have
 * what --kind or --admiral asks for; NULL then with @message set. */
static AdmDoc *
build_for_viewer (AdmCampaign          *campaign,
                  const CliViewer      *viewer_in,
                  const ReportOptions  *options,
                  const char           *battles,
                  char                **message)
{
  AdmScenario *scenario = adm_campaign_get_scenario (campaign);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmDoc) doc = NULL;
  g_autoptr(GPtrArray) admirals = g_ptr_array_new ();
  AdmReportKind kind = options->kind;
  const AdmAdmiral *asked = NULL;
  CliViewer viewer = *viewer_in;

  if (!options->kind_given)
    kind = viewer.master ? ADM_REPORT_MASTER
                         : viewer.faction == NULL ? ADM_REPORT_PUBLIC : ADM_REPORT_ADMIRAL;
  if (viewer.master || kind == ADM_REPORT_PUBLIC)
    {
      doc = adm_report_build (campaign, kind, options->admiral, options->cycle, battles, &error);
      if (doc == NULL)
        *message = g_strdup (error->message);
      return g_steal_pointer (&doc);
    }
  if (viewer.faction == NULL)
    {
      *message = g_strdup (_("--as public: the public is handed only the public bulletin "
                             "(--kind public)"));
      return NULL;
    }
  if (kind == ADM_REPORT_MASTER)
    {
      *message = g_strdup_printf (_("--as %s: the master's turn report is for the master "
                                    "only; an admiral's is --kind admiral"), options->as);
      return NULL;
    }
  if (options->admiral != NULL)
    {
      asked = adm_scenario_lookup_admiral (scenario, options->admiral);
      if (asked == NULL)
        for (guint i = 0; i < adm_scenario_get_admirals (scenario)->len; i++)
          {
            const AdmAdmiral *admiral = g_ptr_array_index (adm_scenario_get_admirals (scenario), i);

            if (g_utf8_collate (admiral->name, options->admiral) == 0)
              asked = admiral;
          }
      /* Another side's admiral is refused as an unknown one is: the paper is his side's. */
      if (asked == NULL || asked->faction != viewer.faction ||
          (viewer.admiral != NULL && !g_str_equal (asked->id, viewer.admiral)))
        {
          *message = g_strdup_printf (_("--admiral “%s” is not an admiral whose paper --as "
                                        "%s may have"), options->admiral, options->as);
          return NULL;
        }
      g_ptr_array_add (admirals, (gpointer) asked);
    }
  else if (viewer.admiral != NULL)
    g_ptr_array_add (admirals, (gpointer) adm_scenario_lookup_admiral (scenario,
                                                                         viewer.admiral));
  else
    for (guint i = 0; i < adm_scenario_get_admirals (scenario)->len; i++)
      {
        const AdmAdmiral *admiral = g_ptr_array_index (adm_scenario_get_admirals (scenario), i);

        if (admiral->faction == viewer.faction)
          g_ptr_array_add (admirals, (gpointer) admiral);
      }
  if (admirals->len == 0)
    {
      *message = g_strdup_printf (_("--as %s: the faction has no admiral, so no paper"),
                                  options->as);
      return NULL;
    }
  for (guint i = 0; i < admirals->len; i++)
    {
      const AdmAdmiral *admiral = g_ptr_array_index (admirals, i);
      g_autoptr(AdmDoc) part = adm_report_build (campaign, kind, admiral->id, options->cycle,
                                                 battles, &error);

      if (part == NULL)
        {
          *message = g_strdup (error->message);
          return NULL;
        }
      /* Several admirals' papers: each his own part, his name over his pages. */
      if (admirals->len == 1)
        doc = g_steal_pointer (&part);
      else
        {
          if (doc == NULL)
            doc = adm_doc_new (adm_doc_get_title (part), adm_doc_get_header_left (part),
                               adm_doc_get_header_right (part));
          adm_doc_append_part (doc, part, admiral->name, NULL);
        }
    }
  return g_steal_pointer (&doc);
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
  if (options->kit)
    {
      /* --as is a side of the engagement's battle here, through the same audience filter
       * as the table's "View as" (adm-audience.h). */
      g_autofree char *display = g_filename_display_basename (path);

      doc = adm_report_kit_build (campaign, options->engagement, options->as, &error);
      if (doc == NULL)
        return _cli_invalid (FALSE, "%s: %s", display, error->message);
    }
  else if (options->luck)
    {
      /* --as is a side of the battles, through the one audience filter (adm-luck.h). */
      g_autofree char *display = g_filename_display_basename (path);

      doc = adm_luck_build (campaign, options->engagement, options->as, &error);
      if (doc == NULL)
        return _cli_invalid (FALSE, "%s: %s", display, error->message);
    }
  else if (options->chronicle)
    {
      /* --as is the master, the public, a faction or an admiral, through the one audience
       * filter (adm-chronicle.h). */
      g_autofree char *display = g_filename_display_basename (path);

      doc = adm_chronicle_build (campaign, options->as, battles, &error);
      if (doc == NULL)
        return _cli_invalid (FALSE, "%s: %s", display, error->message);
    }
  else if (options->as != NULL)
    {
      g_autofree char *message = NULL;
      CliViewer viewer;

      if (!_cli_parse_viewer (adm_campaign_get_scenario (campaign), options->as, &viewer,
                              &message))
        return _cli_usage_error ("report", "%s", message);
      doc = build_for_viewer (campaign, &viewer, options, battles, &message);
      if (doc == NULL)
        return _cli_invalid (FALSE, "%s", message);
    }
  else if (options->every)
    {
      doc = adm_report_build_every_packet (campaign, options->cycle, battles, &error);
      if (doc == NULL)
        return _cli_invalid (FALSE, "%s", error->message);
    }
  else
    {
      if (options->kind == ADM_REPORT_ADMIRAL && options->admiral == NULL)
        return _cli_usage_error ("report", _("--kind admiral needs --admiral ID or NAME"));
      doc = adm_report_build (campaign, options->kind, options->admiral, options->cycle,
                              battles, &error);
      if (doc == NULL)
        return _cli_invalid (FALSE, "%s", error->message);
    }

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
  admirals = adm_campaign_get_admirals (campaign);
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
  g_autofree char *admiral = NULL, *output = NULL, *packets = NULL, *as_text = NULL;
  g_autofree char *engagement = NULL;
  ReportOptions options = { 0 };
  const GOptionEntry entries[] = {
    { "kind", 0, 0, G_OPTION_ARG_STRING, &kind_text,
      N_("The document: master (the master's turn report), admiral (an admiral's report, "
         "what his side knows), cards (fleet cards), sheets (blank order sheets), public "
         "(the public bulletin: what everyone may know), oob (blank order-of-battle "
         "sheets, an admiral's fleet formed on paper before play) or muster (muster sheets: "
         "an admiral's pool of ships formed into formations on paper, F-GEN-6) or kit (the "
         "table kit of one engagement: its ship tokens at true scale, face-down backs, "
         "explosion and mine markers, with --engagement) or luck (the luck ledger: every "
         "roll's odds beside what came, per battle and side) or chronicle (the war "
         "chronicle: the whole campaign in order, each cycle's paper and map, with --as)"),
      N_("KIND") },
    { "engagement", 0, 0, G_OPTION_ARG_STRING, &engagement,
      N_("With --kind kit: the engagement whose table kit is printed; with --kind luck, the "
         "one battle weighed (an id of “admiralty-cli engagements”)"), N_("ID") },
    { "as", 0, 0, G_OPTION_ARG_STRING, &as_text,
      N_("The paper as a viewer may have it: master, public (the public bulletin), an admiral "
         "(his own report, cards and sheet) or a faction (those of each of its admirals); "
         "--kind then defaults to that viewer's report. With --kind kit: a side of the "
         "engagement's battle (its id or name), whose kit holds what that side sees; with "
         "--kind luck, a side whose ledger counts only the rolls it saw; with --kind chronicle, "
         "master, public, a faction or an admiral, told what it was told"),
      N_("WHO") },
    { "admiral", 0, 0, G_OPTION_ARG_STRING, &admiral,
      N_("The admiral, by id or name: required for --kind admiral; for cards, sheets, oob "
         "and muster, default every admiral"), N_("ADMIRAL") },
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
    { "every-admiral", 0, 0, G_OPTION_ARG_NONE, &options.every,
      N_("Every admiral's paper in one document (-o FILE.pdf or --text): his report (of "
         "--cycle, default the last resolved), fleet cards and order sheet, each admiral's "
         "pages headed with his name and numbered as his own, from a new sheet"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, NULL },
    { NULL }
  };

  context = _cli_context_new (command, _("CAMPAIGN.admiralty"),
                              _("Print a campaign's paper as a PDF: the master's turn report, "
                                "an admiral's report, fleet cards, blank order sheets or the "
                                "war chronicle."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!_cli_parse (context, command, &argc, &argv))
    return CLI_EXIT_USAGE;
  options.admiral = admiral;
  options.output = output;
  options.packets = packets;
  options.as = as_text;
  options.engagement = engagement;
  if (!check_usage (command, files, kind_text, cycle_text, paper_text, &options))
    return CLI_EXIT_USAGE;
  if (options.packets != NULL)
    return write_packets (files[0], &options);
  return write_report (files[0], &options);
}
