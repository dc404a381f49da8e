/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-scenario-map.c: what a scenario's map holds besides sectors and links — where a
 * wormhole exit leads (F-STRAT-8: the jump is a link) and the minefields laid before the
 * scenario starts (F-MINE-10, F-MINE-11, F-MINE-12, F-MINE-13, F-MINE-2) — loaded, refused with
 * file and line, listed all at once by the checker, edited with undo, and met in a campaign's first
 * battle as mines laid before cycle 1, hidden from the other side. */

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "admiralty-engine.h"
#include "adm-portal-page.h"
#include "file-helpers.h"

#define T0 G_GINT64_CONSTANT (1795370400) /* 2026-11-22T18:00:00Z */

/* A scenario of three sectors: Asterope, with a wormhole exit (line 8), linked to Sergyar
 * Gate (line 10); Tau Verde (line 13) linked to neither. @exit replaces the exit's
 * attributes after its name, @gate the Gate's children (line 11 on), @links the links
 * (line 15 on). A Barrayaran mining flotilla and a Cetagandan screen wait at the Gate. */
static char *
scenario_text (const char *exit,
               const char *gate,
               const char *links)
{
  return g_strdup_printf (
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<scenario id=\"map-test\" name=\"Map test\" ruleset=\"forcon-2010\">\n"
    "  <admiral id=\"vorlakial\" name=\"Adm. Lord Vorlakial\" faction=\"barrayar\"/>\n"
    "  <admiral id=\"ghem-estif\" name=\"ghem-Adm. Ilsum Estif\" faction=\"cetaganda\"/>\n"
    "  <map>\n"
    "    <sector id=\"asterope\" name=\"Asterope\" x=\"0\" y=\"0\">\n"
    "      <object kind=\"planet\" name=\"Asterope IV\"/>\n"
    "      <object kind=\"wormhole-exit\" name=\"Jump point to Sergyar\"%s/>\n"
    "    </sector>\n"
    "    <sector id=\"sergyar-gate\" name=\"Sergyar Gate\" x=\"120\" y=\"0\">\n"
    "%s"
    "    </sector>\n"
    "    <sector id=\"tau-verde\" name=\"Tau Verde\" x=\"240\" y=\"0\"/>\n"
    "%s"
    "  </map>\n"
    "  <formation id=\"mining-flotilla\" name=\"Mining Flotilla\" faction=\"barrayar\"\n"
    "             sector=\"sergyar-gate\" flagship=\"caltrop\" admiral=\"vorlakial\">\n"
    "    <ship id=\"caltrop\" name=\"Caltrop\" class=\"minelayer\" readiness=\"7\"/>\n"
    "    <ship id=\"sweepwell\" name=\"Sweepwell\" class=\"minesweeper\" readiness=\"4\"/>\n"
    "  </formation>\n"
    "  <formation id=\"autumn-screen\" name=\"Autumn Screen\" faction=\"cetaganda\"\n"
    "             sector=\"sergyar-gate\" flagship=\"autumn-bell\" admiral=\"ghem-estif\">\n"
    "    <ship id=\"autumn-bell\" name=\"Autumn Bell\" class=\"frigate\" readiness=\"5\"/>\n"
    "  </formation>\n"
    "</scenario>\n", exit, gate, links);
}

#define GATE_PLAIN "      <object kind=\"station\" name=\"Gate Beacon\"/>\n"
#define LINK_GATE  "    <link from=\"asterope\" to=\"sergyar-gate\"/>\n"

static AdmScenario *
load (const char *text,
      GError    **error)
{
  return adm_scenario_load_data (text, strlen (text), "map.admiralty", error);
}

/* @text is refused at map.admiralty:@line, saying @part. */
static void
assert_refused (const char *text,
                int         line,
                const char *part)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmScenario) scenario = load (text, &error);
  g_autofree char *where = g_strdup_printf ("map.admiralty:%d: ", line);

  g_assert_null (scenario);
  g_assert_nonnull (error);
  if (!g_str_has_prefix (error->message, where) || strstr (error->message, part) == NULL)
    g_error ("“%s” is not at %s or does not say “%s”", error->message, where, part);
}

/* F-STRAT-8: an exit that leads to a sector of the map leads along the link between the
 * two; one without leads-to leads off the map. */
static void
test_leads_to (void)
{
  g_autofree char *text = scenario_text (" leads-to=\"sergyar-gate\"", GATE_PLAIN, LINK_GATE);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmScenario) scenario = load (text, &error);
  AdmSector *asterope, *gate;
  AdmSectorObject *exit, *planet;

  g_assert_no_error (error);
  asterope = adm_scenario_lookup_sector (scenario, "asterope");
  gate = adm_scenario_lookup_sector (scenario, "sergyar-gate");
  planet = g_ptr_array_index (asterope->objects, 0);
  exit = g_ptr_array_index (asterope->objects, 1);
  g_assert_cmpstr (exit->kind, ==, "wormhole-exit");
  g_assert_true (exit->leads_to == gate);
  g_assert_null (planet->leads_to);
  g_assert_true (g_ptr_array_find (asterope->adjacent, gate, NULL));
  g_assert_cmpuint (asterope->adjacent->len, ==, 1);
}

static void
test_leads_to_refused (void)
{
  g_autofree char *unknown = scenario_text (" leads-to=\"escobar\"", GATE_PLAIN, LINK_GATE);
  g_autofree char *own = scenario_text (" leads-to=\"asterope\"", GATE_PLAIN, LINK_GATE);
  g_autofree char *unlinked = scenario_text (" leads-to=\"tau-verde\"", GATE_PLAIN, LINK_GATE);
  g_autofree char *not_id = scenario_text (" leads-to=\"Tau Verde\"", GATE_PLAIN, LINK_GATE);
  g_autofree char *station = scenario_text ("", "      <object kind=\"station\" name=\"Gate "
                                            "Beacon\" leads-to=\"asterope\"/>\n", LINK_GATE);

  assert_refused (unknown, 8, "unknown sector “escobar”");
  assert_refused (own, 8, "leads to its own sector “Asterope”");
  assert_refused (unlinked, 8, "no link joins it to “Asterope”");
  assert_refused (not_id, 8, "leads-to is “Tau Verde”; it must be an id");
  assert_refused (station, 11, "only a wormhole exit leads to another sector");
}

/* F-MINE-10, F-MINE-11, F-MINE-12, F-MINE-13: a minefield of a faction, its number of mines; the
 * card is the ruleset's. */
static void
test_minefield (void)
{
  g_autofree char *text = scenario_text ("", GATE_PLAIN
                                         "      <minefield faction=\"cetaganda\" mines=\"3\"/>\n"
                                         "      <minefield faction=\"barrayar\" mines=\"1\"/>\n",
                                         LINK_GATE);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmScenario) scenario = load (text, &error);
  AdmSector *gate;
  const AdmMinefield *first, *second;

  g_assert_no_error (error);
  gate = adm_scenario_lookup_sector (scenario, "sergyar-gate");
  g_assert_cmpuint (gate->minefields->len, ==, 2);
  first = g_ptr_array_index (gate->minefields, 0);
  second = g_ptr_array_index (gate->minefields, 1);
  g_assert_cmpstr (first->faction->id, ==, "cetaganda");
  g_assert_cmpint (first->mines, ==, 3);
  g_assert_cmpstr (second->faction->id, ==, "barrayar");
  g_assert_cmpint (second->mines, ==, 1);
  g_assert_cmpuint (adm_scenario_lookup_sector (scenario, "asterope")->minefields->len, ==, 0);
}

static void
test_minefield_refused (void)
{
  static const struct {
    const char *minefields;
    int         line;
    const char *part;
  } cases[] = {
    { "      <minefield faction=\"cetaganda\" mines=\"0\"/>\n", 12, "has 0 mines; it must have 1–12" },
    { "      <minefield faction=\"cetaganda\" mines=\"13\"/>\n", 12, "has 13 mines" },
    { "      <minefield faction=\"cetaganda\" mines=\"three\"/>\n", 12, "mines" },
    { "      <minefield faction=\"escobar\" mines=\"2\"/>\n", 12, "unknown faction “escobar”" },
    { "      <minefield faction=\"cetaganda\" mines=\"2\"/>\n"
      "      <minefield faction=\"cetaganda\" mines=\"1\"/>\n", 13, "two minefields of" },
    { "      <minefield faction=\"cetaganda\"/>\n", 12, "mines" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *gate = g_strconcat (GATE_PLAIN, cases[i].minefields, NULL);
      g_autofree char *text = scenario_text ("", gate, LINK_GATE);

      assert_refused (text, cases[i].line, cases[i].part);
    }
}

/* validate --all: every problem of the map at once, each at its line with its clause. */
static void
test_check_all (void)
{
  g_autofree char *text = scenario_text (" leads-to=\"tau-verde\"", GATE_PLAIN
                                         "      <minefield faction=\"cetaganda\" mines=\"40\"/>\n"
                                         "      <minefield faction=\"escobar\" mines=\"2\"/>\n",
                                         LINK_GATE);
  g_autoptr(xmlDoc) doc = xmlReadMemory (text, (int) strlen (text), "map.admiralty", NULL,
                                         XML_PARSE_NONET);
  g_autoptr(GPtrArray) problems = NULL;
  AdmProblem *problem;

  g_assert_nonnull (doc);
  problems = adm_scenario_check_all (xmlDocGetRootElement (doc), "map.admiralty", NULL);
  g_assert_cmpuint (problems->len, ==, 3);
  problem = g_ptr_array_index (problems, 0);
  g_assert_cmpint (problem->line, ==, 8);
  g_assert_cmpstr (problem->clause, ==, "F-STRAT-8");
  g_assert_nonnull (strstr (problem->message, "no link joins it"));
  problem = g_ptr_array_index (problems, 1);
  g_assert_cmpint (problem->line, ==, 12);
  g_assert_cmpstr (problem->clause, ==, "F-MINE-10");
  g_assert_nonnull (strstr (problem->message, "has 40 mines"));
  problem = g_ptr_array_index (problems, 2);
  g_assert_cmpint (problem->line, ==, 13);
  g_assert_nonnull (strstr (problem->message, "unknown faction “escobar”"));
}

/* Editing: an exit given a far end gets the link with it, in one step of undo; the link
 * removed, or the sector, it leads off the map again; a sector renamed, it follows. */
static void
test_edit_leads_to (void)
{
  g_autofree char *text = scenario_text ("", GATE_PLAIN, LINK_GATE);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmScenarioEdit) edit = adm_scenario_edit_new_from_data (text, strlen (text),
                                                                     "map.admiralty", &error);
  g_autoptr(GBytes) before = NULL;
  g_autoptr(AdmScenario) built = NULL;
  xmlNode *asterope, *exit, *tau;
  gboolean whole = FALSE;

  g_assert_no_error (error);
  before = g_bytes_ref (adm_scenario_edit_get_bytes (edit));
  asterope = adm_scenario_edit_find (edit, "sector", "asterope");
  exit = adm_xml_next_element (adm_xml_first_element (asterope, "object"), "object");
  adm_scenario_edit_set_leads_to (edit, exit, "tau-verde");
  g_assert_nonnull (adm_scenario_edit_find_link (edit, "asterope", "tau-verde"));
  built = adm_scenario_edit_build (edit, &whole);
  g_assert_true (whole);
  g_assert_true (((AdmSectorObject *) g_ptr_array_index (
                    adm_scenario_lookup_sector (built, "asterope")->objects, 1))->leads_to ==
                 adm_scenario_lookup_sector (built, "tau-verde"));
  /* One undo takes back both. */
  g_assert_true (adm_scenario_edit_undo (edit));
  g_assert_true (g_bytes_equal (adm_scenario_edit_get_bytes (edit), before));
  g_assert_true (adm_scenario_edit_redo (edit));

  /* Tau Verde renamed: the exit follows its new id. */
  tau = adm_scenario_edit_find (edit, "sector", "tau-verde");
  adm_scenario_edit_set (edit, tau, "name", "Tau Ceti");
  asterope = adm_scenario_edit_find (edit, "sector", "asterope");
  exit = adm_xml_next_element (adm_xml_first_element (asterope, "object"), "object");
  {
    g_autofree char *to = adm_xml_get_string (exit, "leads-to");

    g_assert_cmpstr (to, ==, "tau-ceti");
  }
  /* The link removed: the exit leads off the map, and the scenario still loads. */
  adm_scenario_edit_remove (edit, adm_scenario_edit_find_link (edit, "asterope", "tau-ceti"));
  g_assert_null (xmlHasProp (exit, BAD_CAST "leads-to"));
  g_clear_object (&built);
  built = adm_scenario_edit_build (edit, &whole);
  g_assert_true (whole);
  /* Given again, then the sector removed. */
  adm_scenario_edit_set_leads_to (edit, exit, "tau-ceti");
  adm_scenario_edit_remove (edit, adm_scenario_edit_find (edit, "sector", "tau-ceti"));
  g_assert_null (xmlHasProp (exit, BAD_CAST "leads-to"));
  adm_scenario_edit_set_leads_to (edit, exit, "sergyar-gate");
  g_assert_null (adm_scenario_edit_find_link (edit, "asterope", "tau-ceti"));
  g_clear_object (&built);
  built = adm_scenario_edit_build (edit, &whole);
  g_assert_true (whole);
}

/* A minefield added, changed and removed on a sector, each one step of undo; removed, the
 * file is byte for byte as it was. A draft whose minefield is bad still draws its map. */
static void
test_edit_minefield (void)
{
  g_autofree char *text = scenario_text ("", GATE_PLAIN, LINK_GATE);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmScenarioEdit) edit = adm_scenario_edit_new_from_data (text, strlen (text),
                                                                     "map.admiralty", &error);
  g_autoptr(GBytes) before = NULL;
  GBytes *now;
  g_autoptr(AdmScenario) built = NULL;
  xmlNode *gate, *minefield;
  gboolean whole = FALSE;
  const char *data;
  gsize length;

  g_assert_no_error (error);
  before = g_bytes_ref (adm_scenario_edit_get_bytes (edit));
  gate = adm_scenario_edit_find (edit, "sector", "sergyar-gate");
  minefield = adm_scenario_edit_set_minefield (edit, gate, "cetaganda", 3);
  g_assert_nonnull (minefield);
  now = adm_scenario_edit_get_bytes (edit);
  data = g_bytes_get_data (now, &length);
  g_assert_nonnull (g_strstr_len (data, length,
                                  "      <object kind=\"station\" name=\"Gate Beacon\"/>\n"
                                  "      <minefield faction=\"cetaganda\" mines=\"3\"/>\n"
                                  "    </sector>"));
  built = adm_scenario_edit_build (edit, &whole);
  g_assert_true (whole);
  g_assert_cmpuint (adm_scenario_lookup_sector (built, "sergyar-gate")->minefields->len, ==, 1);

  g_assert_true (adm_scenario_edit_set_minefield (edit, gate, "cetaganda", 5) == minefield);
  {
    g_autofree char *mines = adm_xml_get_string (minefield, "mines");

    g_assert_cmpstr (mines, ==, "5");
  }
  g_assert_null (adm_scenario_edit_set_minefield (edit, gate, "cetaganda", 0));
  now = adm_scenario_edit_get_bytes (edit);
  g_assert_true (g_bytes_equal (now, before));
  /* Undo brings back five, then three, then none. */
  g_assert_true (adm_scenario_edit_undo (edit));
  gate = adm_scenario_edit_find (edit, "sector", "sergyar-gate");
  {
    g_autofree char *mines = adm_xml_get_string (adm_scenario_edit_find_minefield (edit, gate,
                                                                                   "cetaganda"),
                                                 "mines");

    g_assert_cmpstr (mines, ==, "5");
  }
  g_assert_true (adm_scenario_edit_undo (edit));
  g_assert_true (adm_scenario_edit_undo (edit));
  now = adm_scenario_edit_get_bytes (edit);
  g_assert_true (g_bytes_equal (now, before));

  /* A draft: the minefield's faction unknown. The map is drawn, the minefield left off. */
  gate = adm_scenario_edit_find (edit, "sector", "sergyar-gate");
  adm_scenario_edit_set_minefield (edit, gate, "escobar", 2);
  g_clear_object (&built);
  built = adm_scenario_edit_build (edit, &whole);
  g_assert_false (whole);
  g_assert_nonnull (built);
  g_assert_cmpuint (adm_scenario_lookup_sector (built, "sergyar-gate")->minefields->len, ==, 0);
}

/* A campaign of the scenario with @gate at the Gate, from a file of its own in @dir. */
static AdmCampaign *
campaign_of (const char *dir,
             const char *gate)
{
  g_autofree char *text = scenario_text ("", gate, LINK_GATE);
  g_autofree char *path = g_build_filename (dir, "mined.admiralty", NULL);
  g_autoptr(GError) error = NULL;
  AdmCampaign *campaign;

  g_assert_true (g_file_set_contents (path, text, -1, &error));
  g_assert_no_error (error);
  campaign = adm_campaign_open (path, &error);
  g_assert_no_error (error);
  return campaign;
}

static void
give_order (AdmCampaign *campaign,
            guint        cycle,
            const char  *order_kind)
{
  g_autoptr(AdmEvent) order = adm_event_new ("order", T0 + 2400 * cycle - 120);
  g_autoptr(GError) error = NULL;

  adm_event_set_int (order, "cycle", cycle);
  adm_event_set (order, "admiral", "vorlakial");
  adm_event_set (order, "formation", "mining-flotilla");
  adm_event_set (order, "order", order_kind);
  g_assert_true (adm_campaign_append (campaign, order, &error));
  g_assert_no_error (error);
}

static void
resolve_dropping (AdmCampaign *campaign,
                  guint        cycle)
{
  g_autoptr(GHashTable) drops = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) unfought = adm_campaign_get_unfought (campaign);
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (cycle);
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < unfought->len; i++)
    g_hash_table_insert (drops, ((AdmQueuedEngagement *) g_ptr_array_index (unfought, i))->id,
                         "played elsewhere");
  g_assert_true (adm_campaign_resolve_cycle_dropping (campaign, ADM_DICE_SOURCE (dice),
                                                      T0 + 2400 * cycle, drops, &error));
  g_assert_no_error (error);
}

/* The battle set up for @cycle's engagement at the Gate. */
static AdmBattle *
gate_battle (AdmCampaign *campaign,
             guint        cycle)
{
  g_autoptr(GPtrArray) queue = adm_campaign_get_engagements (campaign, cycle);
  g_autoptr(AdmQueuedEngagement) engagement = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *setup = NULL;
  AdmBattle *battle;

  g_assert_cmpuint (queue->len, ==, 1);
  engagement = adm_campaign_find_engagement (
    campaign, ((AdmQueuedEngagement *) g_ptr_array_index (queue, 0))->id, &error);
  g_assert_no_error (error);
  setup = adm_campaign_engagement_setup (campaign, engagement, NULL, &error);
  g_assert_no_error (error);
  battle = adm_battle_load_memory (setup, strlen (setup), "set-up", &error);
  g_assert_no_error (error);
  return battle;
}

/* @text has no word of the mines. */
static void
assert_text_untold (const char *text)
{
  g_assert_null (strstr (text, "mine-start"));
  g_assert_null (strstr (text, "minefield"));
  g_assert_null (strstr (text, "Minefield"));
}

/* @doc's text, which tells of the Gate, has no word of the mines. */
static void
assert_untold (AdmDoc *doc)
{
  g_autofree char *text = adm_doc_to_text (doc);

  g_assert_nonnull (strstr (text, "Sergyar Gate"));
  g_assert_null (strstr (text, "mine-start"));
  g_assert_null (strstr (text, "minefield"));
  g_assert_null (strstr (text, "Minefield"));
}

/* F-MINE-2, F-MINE-13: the Cetagandans' three mines at the Gate are on the table of the
 * first battle there, as mines laid before cycle 1: theirs, hidden, with the ruleset's card.
 * Barrayar's papers — its admiral's report, fleet cards and order sheet — its admiral's
 * portal page and the public bulletin say nothing of them. */
static void
test_campaign_starts_mined (void)
{
  g_autofree char *dir = g_dir_make_tmp ("test-scenario-map-XXXXXX", NULL);
  g_autoptr(AdmCampaign) campaign = campaign_of (dir, GATE_PLAIN
                                                 "      <minefield faction=\"cetaganda\" "
                                                 "mines=\"3\"/>\n");
  const AdmTableLayout *layout = adm_ruleset_get_table_layout (
    adm_scenario_get_ruleset (adm_state_get_scenario (adm_campaign_get_state (campaign))));
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(AdmDoc) packet = NULL, bulletin = NULL;
  g_autoptr(GError) error = NULL;

  give_order (campaign, 1, "patrol");
  resolve_dropping (campaign, 1);
  battle = gate_battle (campaign, 1);
  g_assert_cmpuint (adm_battle_get_n_mines (battle), ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      const AdmMine *mine = adm_battle_get_mine (battle, i);
      g_autofree char *id = g_strdup_printf ("mine-start-cetaganda-%u", i + 1);

      g_assert_cmpstr (mine->id, ==, id);
      g_assert_cmpstr (adm_battle_get_side (battle, mine->side)->id, ==, "cetaganda");
      g_assert_false (mine->revealed);
      g_assert_cmpint (mine->range, ==, layout->mine_reach);
      g_assert_cmpint (mine->strength, ==, layout->mine_strength);
      g_assert_cmpint (mine->charge, ==, layout->mine_torpedo ? ADM_MINE_TORPEDO
                                                             : ADM_MINE_PLASMA);
    }

  packet = adm_report_build_packet (campaign, "vorlakial", 1, NULL, &error);
  g_assert_no_error (error);
  assert_untold (packet);
  bulletin = adm_report_build (campaign, ADM_REPORT_PUBLIC, NULL, 1, NULL, &error);
  g_assert_no_error (error);
  assert_untold (bulletin);
  {
    AdmAdmiral *admiral = adm_scenario_lookup_admiral (
      adm_state_get_scenario (adm_campaign_get_state (campaign)), "vorlakial");
    g_autofree char *cards = adm_portal_page_cards (campaign, admiral, NULL);
    g_autofree char *reports = adm_portal_page_reports (campaign, admiral, NULL);
    g_autofree char *known = adm_portal_page_known (campaign, admiral);
    g_autofree char *form = adm_portal_page_form (campaign, admiral, "csrf");

    g_assert_nonnull (strstr (reports, "Sergyar Gate"));
    assert_text_untold (cards);
    assert_text_untold (reports);
    assert_text_untold (known);
    assert_text_untold (form);
  }
  remove_tree (dir);
}

/* F-SWEEP: swept in cycle 1, the mines laid before it are gone from cycle 2's battle. */
static void
test_campaign_start_mines_swept (void)
{
  g_autofree char *dir = g_dir_make_tmp ("test-scenario-map-XXXXXX", NULL);
  g_autoptr(AdmCampaign) campaign = campaign_of (dir, GATE_PLAIN
                                                 "      <minefield faction=\"cetaganda\" "
                                                 "mines=\"2\"/>\n");
  g_autoptr(AdmBattle) first = NULL, second = NULL;

  give_order (campaign, 1, "sweep-mines");
  resolve_dropping (campaign, 1);
  first = gate_battle (campaign, 1);
  g_assert_cmpuint (adm_battle_get_n_mines (first), ==, 2);
  give_order (campaign, 2, "patrol");
  resolve_dropping (campaign, 2);
  second = gate_battle (campaign, 2);
  g_assert_cmpuint (adm_battle_get_n_mines (second), ==, 0);
  remove_tree (dir);
}

/* "Open Battle Here" on the scenario's map: its minefields are on that table too. */
static void
test_scenario_battle_mined (void)
{
  g_autofree char *text = scenario_text ("", GATE_PLAIN
                                         "      <minefield faction=\"barrayar\" mines=\"2\"/>\n",
                                         LINK_GATE);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmScenario) scenario = load (text, &error);
  g_autofree char *setup = NULL;
  g_autoptr(AdmBattle) battle = NULL;

  g_assert_no_error (error);
  setup = adm_scenario_battle_setup (scenario, "sergyar-gate", &error);
  g_assert_no_error (error);
  battle = adm_battle_load_memory (setup, strlen (setup), "set-up", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (adm_battle_get_n_mines (battle), ==, 2);
  g_assert_cmpstr (adm_battle_get_side (battle, adm_battle_get_mine (battle, 0)->side)->id, ==,
                   "barrayar");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/scenario/F-STRAT-8/wormhole-leads-to", test_leads_to);
  g_test_add_func ("/engine/scenario/F-STRAT-8/wormhole-leads-to-refused",
                   test_leads_to_refused);
  g_test_add_func ("/engine/scenario/F-MINE-10/minefield", test_minefield);
  g_test_add_func ("/engine/scenario/F-MINE-10/minefield-refused", test_minefield_refused);
  g_test_add_func ("/engine/scenario/F-STRAT-8/F-MINE-10/check-all", test_check_all);
  g_test_add_func ("/engine/scenario-edit/F-STRAT-8/leads-to", test_edit_leads_to);
  g_test_add_func ("/engine/scenario-edit/F-MINE-10/minefield", test_edit_minefield);
  g_test_add_func ("/engine/scenario/F-MINE-2/campaign-starts-mined",
                   test_campaign_starts_mined);
  g_test_add_func ("/engine/scenario/F-SWEEP/campaign-start-mines-swept",
                   test_campaign_start_mines_swept);
  g_test_add_func ("/engine/scenario/F-MINE-13/scenario-battle-mined",
                   test_scenario_battle_mined);

  return g_test_run ();
}
