/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-viewer.c: who a command's picture of a campaign is for (--as) — the master,
 * the public, a faction or an admiral — through the maps' one filter,
 * adm_strategy_formation_visible (). Shared by `cycle`, `engagements` and `report`. And how
 * every command opens a campaign: telling the master when its end was cut mid-save. */

#include "config.h"

#include <glib/gi18n.h>

#include "cli-private.h"
#include "adm-campaign-file.h"
#include "adm-campaign-journal.h"

/* "master", "public", an admiral's id or a faction's id. */
gboolean
_cli_parse_viewer (AdmScenario  *scenario,
                   const char   *text,
                   CliViewer    *viewer,
                   char        **message)
{
  GPtrArray *factions = adm_scenario_get_factions (scenario);
  const AdmAdmiral *admiral;

  *viewer = (CliViewer) { text == NULL || g_str_equal (text, "master"), NULL, NULL };
  if (text == NULL || viewer->master || g_str_equal (text, "public"))
    return TRUE;
  admiral = adm_scenario_lookup_admiral (scenario, text);
  if (admiral != NULL)
    {
      viewer->faction = admiral->faction;
      viewer->admiral = admiral->id;
      return TRUE;
    }
  for (guint i = 0; i < factions->len; i++)
    {
      const AdmFaction *faction = g_ptr_array_index (factions, i);

      if (g_str_equal (faction->id, text))
        {
          viewer->faction = faction;
          return TRUE;
        }
    }
  *message = g_strdup_printf (_("--as “%s” is not master, public, an admiral or a faction of "
                                "this campaign"), text);
  return FALSE;
}

/* The viewer's own side: its faction and the faction's allies (the master's: all). */
gboolean
_cli_viewer_owns (AdmScenario        *scenario,
                  const CliViewer    *viewer,
                  const AdmFormation *formation)
{
  if (viewer->master)
    return TRUE;
  return viewer->faction != NULL &&
         (formation->faction == viewer->faction ||
          adm_scenario_factions_allied (scenario, formation->faction, viewer->faction));
}

/* What the viewer knows of (adm_strategy_formation_visible (), the one filter of the maps). */
gboolean
_cli_viewer_sees (AdmStrategy        *strategy,
                  const CliViewer    *viewer,
                  const AdmFormation *formation)
{
  return viewer->master || adm_audience_truth_published (strategy) ||
         adm_strategy_formation_visible (strategy, formation, viewer->faction);
}

/* Whether the viewer knows of @engagement (adm_audience_knows_engagement ()). */
gboolean
_cli_viewer_knows_engagement (AdmState            *state,
                              const CliViewer     *viewer,
                              const AdmEngagement *engagement)
{
  return viewer->master ||
         adm_audience_knows_engagement (adm_state_get_strategy (state),
                                        adm_state_get_scenario (state), viewer->faction,
                                        engagement);
}

void
_cli_warn_recovered (AdmJournal *journal)
{
  const char *note = journal != NULL ? adm_journal_get_recovery_note (journal) : NULL;

  if (note != NULL)
    g_printerr ("admiralty-cli: %s\n", note);
}

static void
checkpoint_failed_cb (AdmCampaign  *campaign,
                      const GError *error,
                      gpointer      user_data)
{
  g_printerr ("admiralty-cli: %s\n", error->message);
}

void
_cli_watch_checkpoints (AdmCampaign *campaign)
{
  g_signal_connect (campaign, "checkpoint-failed", G_CALLBACK (checkpoint_failed_cb), NULL);
}

/* @campaign, just opened (or NULL), with the note of a cut file said and its checkpoints
 * watched. */
static AdmCampaign *
opened (AdmCampaign *campaign)
{
  if (campaign != NULL)
    {
      _cli_warn_recovered (adm_campaign_get_journal (campaign));
      _cli_watch_checkpoints (campaign);
      /* A campaign written before campaigns carried their rules: said once, on stderr. */
      if (adm_campaign_took_installed_rules (campaign))
        g_printerr (_("admiralty-cli: this campaign carries no rules of its own: it plays by the "
                      "installed ruleset “%s”, and keeps it inside from its next save\n"),
                    adm_ruleset_get_id (adm_campaign_get_ruleset (campaign)));
      /* Written before campaigns sealed their history: said once, on stderr. */
      if (adm_campaign_was_unsealed (campaign))
        g_printerr (_("admiralty-cli: this campaign was written before campaigns sealed their "
                      "history: its scenario and journal as they are now are sealed by the next "
                      "entry it records\n"));
    }
  return campaign;
}

AdmCampaign *
_cli_open_campaign (const char  *path,
                    GError     **error)
{
  return opened (adm_campaign_open (path, error));
}

CliExit
_cli_campaign_refused (const char   *path,
                       gboolean      json,
                       CliBackup     backup,
                       const GError *error)
{
  g_autofree char *found = NULL;

  if ((backup != CLI_BACKUP_NONE &&
       g_error_matches (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_CORRUPT)) ||
      (backup == CLI_BACKUP_IF_DAMAGED_OR_GONE && !g_file_test (path, G_FILE_TEST_EXISTS)))
    found = adm_campaign_find_backup (path);
  if (found != NULL)
    {
      g_autofree char *found_display = g_filename_display_name (found);

      return _cli_invalid (json, _("%s\nThe newest backup that opens is %s."),
                           error->message, found_display);
    }
  return _cli_invalid (json, "%s", error->message);
}

AdmCampaign *
_cli_open_campaign_for_writing (const char  *path,
                                GError     **error)
{
  return opened (adm_campaign_open_for_writing (path, error));
}

CliExit
_cli_open_saved_campaign (const char   *path,
                          gboolean      json,
                          CliBackup     backup,
                          AdmCampaign **campaign,
                          const char   *scenario_refusal,
                          ...)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;
  va_list args;

  *campaign = _cli_open_campaign_for_writing (path, &error);
  if (*campaign == NULL)
    return _cli_campaign_refused (path, json, backup, error);
  /* adm_campaign_open () gives a scenario no file: there is no journal to write to. */
  if (adm_campaign_get_path (*campaign) != NULL)
    return CLI_EXIT_OK;
  g_clear_object (campaign);
  va_start (args, scenario_refusal);
  message = g_strdup_vprintf (scenario_refusal, args);
  va_end (args);
  return _cli_invalid (json, "%s", message);
}
