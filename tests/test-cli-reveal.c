/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-reveal.c: `admiralty-cli reveal CAMPAIGN FORMATION` (F-STRAT-3) on the Komarr
 * campaign after a cycle: the hidden Autumn Screen becomes known to the public and to every
 * side once the "reveal" event is journalled in the campaign file, which opens with it; a
 * second reveal, an unknown formation, one not hidden and a scenario are refused (exit 1,
 * named) and change no byte of the file; bad usage exits 2. CLI_PATH comes from meson. */

#include "config.h"

#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "admiralty-engine.h"
#include "cli-helpers.h"
#include "file-helpers.h"

/* Whether the campaign file at @path, opened anew, shows @formation to the public. */
static gboolean
public_knows (const char *path,
              const char *formation)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = adm_campaign_open (path, &error);
  AdmStrategy *strategy;

  g_assert_no_error (error);
  strategy = adm_state_get_strategy (adm_campaign_get_state (campaign));
  return adm_strategy_formation_visible (strategy,
                                         adm_strategy_lookup_formation (strategy, formation),
                                         NULL);
}

static void
test_reveal (CliCampaign   *fixture,
             gconstpointer  data)
{
  g_autoptr(CliResult) result = NULL;
  g_autoptr(CliResult) json = NULL;
  g_autoptr(JsonObject) object = NULL;
  g_autofree char *text = NULL;

  g_assert_false (public_knows (fixture->campaign, "autumn-screen"));
  result = run_cli ("reveal", fixture->campaign, "autumn-screen", NULL);
  g_assert_cmpint (result->status, ==, 0);
  g_assert_nonnull (strstr (result->out, "Autumn Screen is known to everyone now"));
  g_assert_true (public_knows (fixture->campaign, "autumn-screen"));
  text = file_contents (fixture->campaign);
  g_assert_nonnull (strstr (text, "kind=\"reveal\""));
  g_assert_nonnull (strstr (text, "formation=\"autumn-screen\""));

  json = run_cli ("reveal", "--json", fixture->campaign, "komarran-cruiser-division", NULL);
  g_assert_cmpint (json->status, ==, 0);
  object = parse_json (json->out);
  g_assert_cmpstr (json_object_get_string_member (object, "revealed"), ==,
                   "komarran-cruiser-division");
  g_assert_cmpstr (json_object_get_string_member (object, "name"), ==,
                   "Komarran Cruiser Division");
  g_assert_true (public_knows (fixture->campaign, "komarran-cruiser-division"));
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
    const char *message;
  } refusals[] = {
    { "autumn-screen", "has been revealed to everyone already" },
    { "nautilus", "unknown formation “nautilus”" },
    { "jade-squadron", "is not hidden" },
  };

  {
    g_autoptr(CliResult) first = run_cli ("reveal", fixture->campaign, "autumn-screen", NULL);

    g_assert_cmpint (first->status, ==, 0);
  }
  before = file_contents (fixture->campaign);
  for (guint i = 0; i < G_N_ELEMENTS (refusals); i++)
    {
      g_autoptr(CliResult) result = run_cli ("reveal", fixture->campaign,
                                             refusals[i].formation, NULL);

      assert_failure (result, 1, refusals[i].message);
      g_assert_nonnull (strstr (result->err, "Nothing was revealed"));
    }
  after = file_contents (fixture->campaign);
  g_assert_cmpstr (before, ==, after);

  {
    g_autoptr(CliResult) result = run_cli ("reveal", scenario, "autumn-screen", NULL);

    assert_failure (result, 1, "is a scenario, not a saved campaign");
  }
  {
    g_autoptr(CliResult) result = run_cli ("reveal", fixture->campaign, NULL);

    assert_failure (result, 2, "no formation given");
  }
  {
    g_autoptr(CliResult) result = run_cli ("reveal", fixture->campaign, "a", "b", NULL);

    assert_failure (result, 2, "unexpected argument “b”");
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/cli/reveal/F-STRAT-3/reveal", CliCampaign, NULL, cli_campaign_after_cycle,
              test_reveal, cli_campaign_teardown);
  g_test_add ("/cli/reveal/F-STRAT-3/refused", CliCampaign, NULL, cli_campaign_after_cycle,
              test_refused, cli_campaign_teardown);
  return g_test_run ();
}
