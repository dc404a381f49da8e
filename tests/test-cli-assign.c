/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-assign.c: `admiralty-cli assign CAMPAIGN FORMATION ADMIRAL` (F-FORM-6, ruling
 * "prize-admiral") on the Komarr campaign after a cycle: First Destroyer Flotilla, Admiral
 * Vorkosigan's, is given to Admiral Vorlakial once the "assign" event is journalled in the
 * campaign file, which opens with it; an admiral of another side, an unknown formation or
 * admiral, the admiral who commands it already and a scenario are refused (exit 1, named)
 * and change no byte of the file; bad usage exits 2. CLI_PATH comes from meson. */

#include "config.h"

#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "admiralty-engine.h"
#include "cli-helpers.h"
#include "file-helpers.h"

/* The id of the admiral of @formation in the campaign file at @path, opened anew. */
static char *
admiral_of (const char *path,
            const char *formation)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = adm_campaign_open (path, &error);
  const AdmFormation *found;

  g_assert_no_error (error);
  found = adm_strategy_lookup_formation (adm_state_get_strategy (adm_campaign_get_state (campaign)),
                                         formation);
  g_assert_nonnull (found);
  return g_strdup (found->admiral != NULL ? found->admiral->id : "");
}

static void
test_assign (CliCampaign   *fixture,
             gconstpointer  data)
{
  g_autoptr(CliResult) result = NULL;
  g_autoptr(CliResult) json = NULL;
  g_autoptr(JsonObject) object = NULL;
  g_autofree char *text = NULL, *before = NULL, *after = NULL, *back = NULL;

  before = admiral_of (fixture->campaign, "first-destroyer-flotilla");
  g_assert_cmpstr (before, ==, "vorkosigan");
  result = run_cli ("assign", fixture->campaign, "first-destroyer-flotilla", "vorlakial", NULL);
  g_test_message ("%s", result->err);
  g_assert_cmpint (result->status, ==, 0);
  g_assert_nonnull (strstr (result->out,
                            "First Destroyer Flotilla is commanded by Adm. Lord Vorlakial now"));
  after = admiral_of (fixture->campaign, "first-destroyer-flotilla");
  g_assert_cmpstr (after, ==, "vorlakial");
  text = file_contents (fixture->campaign);
  g_assert_nonnull (strstr (text, "kind=\"assign\""));

  json = run_cli ("assign", "--json", fixture->campaign, "first-destroyer-flotilla",
                  "vorkosigan", NULL);
  g_assert_cmpint (json->status, ==, 0);
  object = parse_json (json->out);
  g_assert_cmpstr (json_object_get_string_member (object, "formation"), ==,
                   "first-destroyer-flotilla");
  g_assert_cmpstr (json_object_get_string_member (object, "admiral"), ==, "vorkosigan");
  back = admiral_of (fixture->campaign, "first-destroyer-flotilla");
  g_assert_cmpstr (back, ==, "vorkosigan");
}

static void
test_refused (CliCampaign   *fixture,
              gconstpointer  data)
{
  g_autofree char *scenario = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "scenarios",
                                                "komarr-campaign.admiralty", NULL);
  g_autofree char *before = NULL, *after = NULL;
  const struct {
    const char *formation;
    const char *admiral;
    const char *message;
  } refusals[] = {
    { "first-destroyer-flotilla", "radovan", "can only be given to an admiral of its own side" },
    { "nautilus", "vorlakial", "there is no formation “nautilus”" },
    { "first-destroyer-flotilla", "nobody", "there is no admiral “nobody”" },
    { "first-destroyer-flotilla", "vorkosigan", "commands “First Destroyer Flotilla” already" },
  };

  before = file_contents (fixture->campaign);
  for (guint i = 0; i < G_N_ELEMENTS (refusals); i++)
    {
      g_autoptr(CliResult) result = run_cli ("assign", fixture->campaign, refusals[i].formation,
                                             refusals[i].admiral, NULL);

      assert_failure (result, 1, refusals[i].message);
      g_assert_nonnull (strstr (result->err, "Nothing was assigned"));
    }
  after = file_contents (fixture->campaign);
  g_assert_cmpstr (before, ==, after);

  {
    g_autoptr(CliResult) result = run_cli ("assign", scenario, "first-destroyer-flotilla",
                                           "vorlakial", NULL);

    assert_failure (result, 1, "is a scenario, not a saved campaign");
  }
  {
    g_autoptr(CliResult) result = run_cli ("assign", fixture->campaign,
                                           "first-destroyer-flotilla", NULL);

    assert_failure (result, 2, "no admiral given");
  }
  {
    g_autoptr(CliResult) result = run_cli ("assign", fixture->campaign, "a", "b", "c", NULL);

    assert_failure (result, 2, "unexpected argument “c”");
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/cli/assign/F-FORM-6/assign", CliCampaign, NULL, cli_campaign_after_cycle,
              test_assign, cli_campaign_teardown);
  g_test_add ("/cli/assign/F-FORM-6/refused", CliCampaign, NULL, cli_campaign_after_cycle,
              test_refused, cli_campaign_teardown);
  return g_test_run ();
}
