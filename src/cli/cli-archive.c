/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-archive.c: `admiralty-cli archive CAMPAIGN [--as SIDE|public] -o FILE.html` — a
 * campaign's archive for the master, the public or one side (adm-archive.h): every battle it fought, phase by phase,
 * as it saw it, in one HTML file that opens with no network and no other file; with
 * `--frames DIR [--format svg|png]` each frame as a file of its own instead; with
 * `--video ENGAGEMENT -o FILE.webm` one battle of it as a WebM video. The campaign is only
 * read; a refusal or a failure writes nothing. On a terminal, a line on stderr counts the
 * frames written. */

#include "config.h"

#include <unistd.h>
#include <glib/gi18n.h>

#include "adm-archive.h"
#include "cli-private.h"

#define COMMAND "archive"

/* The frames written so far, on one line of a terminal rewritten in place: a video of a long
 * battle takes minutes, and the master sees it move. */
static void
progress_cb (guint    done,
             guint    total,
             gpointer data)
{
  g_printerr ("\r");
  /* Translators: a progress line on the terminal, rewritten in place: "Frames written: 12 of
   * 38" */
  g_printerr (_("Frames written: %u of %u"), done, total);
  if (done == total)
    g_printerr ("\n");
}

CliExit
_cli_archive_run (int    argc,
                  char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autoptr(AdmArchive) archive = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) files = NULL;
  g_autofree char *as = NULL, *output = NULL, *frames = NULL, *format = NULL, *video = NULL;
  g_autofree char *display = NULL, *root = NULL, *written = NULL;
  AdmArchiveFormat frame_format = ADM_ARCHIVE_FORMAT_SVG;
  /* Only on a terminal: a file or a pipe gets the one line said when it is done. */
  AdmArchiveProgress progress = isatty (STDERR_FILENO) ? progress_cb : NULL;
  gboolean ok;
  const GOptionEntry entries[] = {
    { "as", 0, 0, G_OPTION_ARG_STRING, &as,
      N_("Whose archive: a side's id or name, an admiral's id (his side's), or “public” (what "
         "every side was told: the sector map cycle by cycle); default the master's. After "
         "the master publishes the whole truth every side's is the master's"), N_("SIDE") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("The HTML file to write (written whole, or not at all)"), N_("FILE.html") },
    { "frames", 0, 0, G_OPTION_ARG_FILENAME, &frames,
      N_("Write each frame as a file of its own into this folder instead, with frames.txt "
         "giving each one's text"), N_("DIR") },
    { "format", 0, 0, G_OPTION_ARG_STRING, &format,
      N_("The frames' format with --frames: svg (the default) or png"), N_("svg|png") },
    { "video", 0, 0, G_OPTION_ARG_STRING, &video,
      N_("Write the battle of this engagement as a WebM video into -o instead, each step "
         "two seconds"), N_("ENGAGEMENT") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, NULL },
    { NULL }
  };

  context = _cli_context_new (COMMAND, _("CAMPAIGN.admiralty"),
                              _("Write a campaign's archive: every battle, phase by phase, "
                                "drawn as the master or one side saw it, with each step's "
                                "report, in one HTML file with a slider that opens from a USB "
                                "stick with no network, or one battle as a WebM video. Refused "
                                "while a battle is not ended."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!_cli_parse (context, COMMAND, &argc, &argv) ||
      !_cli_check_value (COMMAND, "--as", as, FALSE) ||
      !_cli_check_value (COMMAND, "-o", output, FALSE) ||
      !_cli_check_value (COMMAND, "--frames", frames, FALSE) ||
      !_cli_check_value (COMMAND, "--format", format, FALSE) ||
      !_cli_check_value (COMMAND, "--video", video, FALSE) ||
      !_cli_check_arguments (COMMAND, files, _("unexpected argument “%s”; give one campaign file"),
                             _("no campaign file given"), NULL))
    return CLI_EXIT_USAGE;
  if (video != NULL && output == NULL)
    {
      g_printerr (_("admiralty-cli %s: --video goes with -o FILE.webm\n"), COMMAND);
      return CLI_EXIT_USAGE;
    }
  if ((output == NULL) == (frames == NULL))
    {
      g_printerr (_("admiralty-cli %s: give either -o FILE.html or --frames DIR\n"), COMMAND);
      return CLI_EXIT_USAGE;
    }
  if (format != NULL && frames == NULL)
    {
      g_printerr (_("admiralty-cli %s: --format goes with --frames\n"), COMMAND);
      return CLI_EXIT_USAGE;
    }
  if (g_strcmp0 (format, "png") == 0)
    frame_format = ADM_ARCHIVE_FORMAT_PNG;
  else if (format != NULL && !g_str_equal (format, "svg"))
    {
      g_printerr (_("admiralty-cli %s: unknown --format “%s”; give svg or png\n"), COMMAND,
                  format);
      return CLI_EXIT_USAGE;
    }

  display = g_filename_display_name (files[0]);
  root = adm_xml_peek_root (files[0]);
  if (g_strcmp0 (root, "scenario") == 0)
    return _cli_invalid (FALSE, _("%s is a scenario, not a campaign: it has no war to "
                                  "archive yet"), display);
  if ((campaign = _cli_open_campaign (files[0], &error)) == NULL)
    return _cli_campaign_refused (files[0], FALSE, CLI_BACKUP_IF_DAMAGED, error);
  if ((archive = adm_archive_new (campaign, as, &error)) == NULL)
    return _cli_invalid (FALSE, "%s: %s", display, error->message);
  if (video != NULL)
    ok = adm_archive_save_video (archive, video, output, progress, NULL, NULL, &error);
  else if (output != NULL)
    ok = adm_archive_save_html (archive, output, progress, NULL, NULL, &error);
  else
    ok = adm_archive_save_frames (archive, frames, frame_format, progress, NULL, NULL, &error);
  if (!ok)
    {
      /* A line of progress begun is ended before the refusal. */
      if (progress != NULL)
        g_printerr ("\n");
      return _cli_invalid (FALSE, "%s", error->message);
    }
  written = g_filename_display_name (output != NULL ? output : frames);
  if (video != NULL)
    {
      guint n = adm_archive_get_battle_n_frames (archive, video);

      /* Translators: "Wrote pol.webm: 38 steps of engagement c1-1, The Komarr Campaign —
       * Barrayar's archive." */
      g_print (g_dngettext (GETTEXT_PACKAGE, "Wrote %s: %u step of engagement %s, %s.\n",
                            "Wrote %s: %u steps of engagement %s, %s.\n", n),
               written, n, video, adm_archive_get_heading (archive));
      return CLI_EXIT_OK;
    }
  /* Translators: "Wrote archive.html: 214 frames, The Komarr Campaign — Barrayar's archive." */
  g_print (g_dngettext (GETTEXT_PACKAGE, "Wrote %s: %u frame, %s.\n", "Wrote %s: %u frames, %s.\n",
                        adm_archive_get_n_frames (archive)),
           written, adm_archive_get_n_frames (archive), adm_archive_get_heading (archive));
  return CLI_EXIT_OK;
}
