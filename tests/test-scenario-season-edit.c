/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-scenario-season-edit.c: a scenario's own season edited in the editor's model — the
 * installed rules made the game's own, a class's figures, classes added and removed, weapons,
 * factions and rulings, each one step of undo that gives back the same bytes; the figure
 * edited is the one the checker, the saved file and a campaign started from it play by. */

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "admiralty-engine.h"
#include "file-helpers.h"

static AdmScenarioEdit *
open_skirmish (GBytes **original)
{
  g_autofree char *path = source_path ("scenarios", "skirmish.admiralty", NULL);
  g_autoptr(GError) error = NULL;
  AdmScenarioEdit *edit = adm_scenario_edit_open (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (edit);
  *original = g_bytes_ref (adm_scenario_edit_get_bytes (edit));
  return edit;
}

static void
assert_same_bytes (GBytes *a,
                   GBytes *b)
{
  gsize la, lb;
  const char *da = g_bytes_get_data (a, &la), *db = g_bytes_get_data (b, &lb);

  if (la != lb || memcmp (da, db, la) != 0)
    {
      g_autofree char *sa = g_strndup (da, la), *sb = g_strndup (db, lb);

      g_assert_cmpstr (sa, ==, sb);
    }
}

static char *
text_of (AdmScenarioEdit *edit)
{
  gsize length;
  const char *data = g_bytes_get_data (adm_scenario_edit_get_bytes (edit), &length);

  return g_strndup (data, length);
}

/* The problems of the document as the editor's Problems page lists them, the ruleset loaded
 * by the checker itself from the scenario (its season when it carries one). */
static GPtrArray *
problems_of (AdmScenarioEdit *edit)
{
  return adm_scenario_check_all (adm_scenario_edit_get_root (edit),
                                 adm_scenario_edit_get_display_name (edit), NULL);
}

static void
assert_no_problems (AdmScenarioEdit *edit)
{
  g_autoptr(GPtrArray) problems = problems_of (edit);

  for (guint i = 0; i < problems->len; i++)
    {
      g_autofree char *line =
        adm_problem_to_string (problems->pdata[i], adm_scenario_edit_get_display_name (edit));

      g_test_message ("%s", line);
    }
  g_assert_cmpuint (problems->len, ==, 0);
}

/* The class ids of the season, in order, joined by spaces. */
static char *
class_ids (AdmScenarioEdit *edit)
{
  g_autoptr(GString) ids = g_string_new (NULL);
  xmlNode *season = adm_scenario_edit_get_season (edit);
  xmlNode *classes = season != NULL ? adm_xml_first_element (season, "classes") : NULL;

  for (xmlNode *klass = classes != NULL ? adm_xml_first_element (classes, "class") : NULL;
       klass != NULL;
       klass = adm_xml_next_element (klass, "class"))
    {
      g_autofree char *id = adm_xml_get_string (klass, "id");

      g_string_append_printf (ids, "%s%s", ids->len > 0 ? " " : "", id);
    }
  return g_string_free (g_steal_pointer (&ids), FALSE);
}

/* The ruleset a campaign started from the document, saved, plays by. */
static AdmCampaign *
campaign_of (AdmScenarioEdit *edit)
{
  g_autofree char *folder = g_dir_make_tmp ("admiralty-season-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (folder, "season.admiralty", NULL);
  g_autoptr(GError) error = NULL;
  AdmCampaign *campaign;

  g_assert_true (adm_scenario_edit_save (edit, path, &error));
  g_assert_no_error (error);
  campaign = adm_campaign_open (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (campaign);
  remove_tree (folder);
  return campaign;
}

static void
test_make_own (void)
{
  g_autoptr(GBytes) original = NULL;
  g_autoptr(AdmScenarioEdit) edit = open_skirmish (&original);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) after = NULL;
  g_autofree char *text = NULL;
  g_autofree char *ids = NULL;
  g_autoptr(AdmScenario) loaded = NULL;

  g_assert_null (adm_scenario_edit_get_season (edit));
  g_assert_true (adm_scenario_edit_make_season_own (edit, &error));
  g_assert_no_error (error);
  g_assert_nonnull (adm_scenario_edit_get_season (edit));
  /* The season is the scenario's last child, every class of the installed rules in it. */
  g_assert_true (xmlLastElementChild (adm_scenario_edit_get_root (edit)) ==
                 adm_scenario_edit_get_season (edit));
  ids = class_ids (edit);
  g_assert_true (g_str_has_prefix (ids, "vorhartung ghem-lord general-vorkraft"));
  g_assert_true (g_str_has_suffix (ids, "orbital-fortress defence-platform"));
  text = text_of (edit);
  g_assert_true (g_str_has_suffix (text, "  </season>\n</scenario>\n"));
  g_assert_nonnull (strstr (text, "ruleset=\"forcon-2010\""));
  /* The rest of the file is kept: all before the season is the file as it was. */
  g_assert_cmpint (strncmp (text, g_bytes_get_data (original, NULL),
                            g_bytes_get_size (original) - strlen ("</scenario>\n")), ==, 0);
  assert_no_problems (edit);
  loaded = adm_scenario_load_data (text, strlen (text), "season.admiralty", &error);
  g_assert_no_error (error);
  g_assert_nonnull (loaded);

  /* Once only: a second time changes nothing. */
  after = g_bytes_ref (adm_scenario_edit_get_bytes (edit));
  g_assert_true (adm_scenario_edit_make_season_own (edit, &error));
  assert_same_bytes (adm_scenario_edit_get_bytes (edit), after);

  g_assert_true (adm_scenario_edit_undo (edit));
  assert_same_bytes (adm_scenario_edit_get_bytes (edit), original);
  g_assert_false (adm_scenario_edit_can_undo (edit));
  g_assert_null (adm_scenario_edit_get_season (edit));
  g_assert_true (adm_scenario_edit_redo (edit));
  assert_same_bytes (adm_scenario_edit_get_bytes (edit), after);
}

/* The installed season of @edit's ruleset, copied into a document of its own, the Vorpatril
 * destroyer's hull set to @hull: a season file as "scenario season --export" writes it. */
static xmlDoc *
season_with_hull (AdmScenarioEdit *edit,
                  const char      *hull)
{
  xmlDoc *doc = xmlNewDoc ((const xmlChar *) "1.0");
  xmlNode *season = xmlDocCopyNode (adm_ruleset_get_season (adm_scenario_edit_get_ruleset (edit)),
                                    doc, 1);
  xmlNode *classes = adm_xml_first_element (season, "classes");

  xmlDocSetRootElement (doc, season);
  for (xmlNode *klass = adm_xml_first_element (classes, "class"); klass != NULL;
       klass = adm_xml_next_element (klass, "class"))
    {
      g_autofree char *id = adm_xml_get_string (klass, "id");

      if (g_str_equal (id, "vorpatril"))
        xmlSetProp (klass, (const xmlChar *) "hull", (const xmlChar *) hull);
    }
  return doc;
}

/* A season that does not read as rules (a class of hull 0) is refused with its problem, and
 * the document stays as it was, with no step of undo. */
static void
test_set_season_refused (void)
{
  g_autoptr(GBytes) original = NULL;
  g_autoptr(AdmScenarioEdit) edit = open_skirmish (&original);
  g_autoptr(xmlDoc) season = season_with_hull (edit, "0");
  g_autoptr(GError) error = NULL;

  g_assert_false (adm_scenario_edit_set_season (edit, xmlDocGetRootElement (season), &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "hull is 0"));
  assert_same_bytes (adm_scenario_edit_get_bytes (edit), original);
  g_assert_false (adm_scenario_edit_can_undo (edit));
  g_assert_null (adm_scenario_edit_get_season (edit));
}

/* A season file made the scenario's own (`scenario season --import`): after its formations,
 * the text before it the file as it was; a second one takes the first one's place; each is
 * one step of undo, and the hull is the one the scenario plays by. */
static void
test_set_season (void)
{
  g_autoptr(GBytes) original = NULL;
  g_autoptr(AdmScenarioEdit) edit = open_skirmish (&original);
  g_autoptr(xmlDoc) first = season_with_hull (edit, "15");
  g_autoptr(xmlDoc) second = season_with_hull (edit, "16");
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL, *again = NULL;
  gsize kept = g_bytes_get_size (original) - strlen ("</scenario>\n");

  g_assert_true (adm_scenario_edit_set_season (edit, xmlDocGetRootElement (first), &error));
  g_assert_no_error (error);
  text = text_of (edit);
  g_assert_cmpint (strncmp (text, g_bytes_get_data (original, NULL), kept), ==, 0);
  g_assert_true (g_str_has_prefix (text + kept, "  <season>"));
  g_assert_true (g_str_has_suffix (text, "  </season>\n</scenario>\n"));
  g_assert_cmpint (adm_ruleset_lookup_class (adm_scenario_edit_get_ruleset (edit),
                                             "vorpatril")->hull, ==, 15);
  assert_no_problems (edit);

  g_assert_true (adm_scenario_edit_set_season (edit, xmlDocGetRootElement (second), &error));
  g_assert_no_error (error);
  again = text_of (edit);
  g_assert_cmpint (strncmp (again, g_bytes_get_data (original, NULL), kept), ==, 0);
  g_assert_null (strstr (strstr (again, "<season>") + 1, "<season>"));
  g_assert_cmpint (adm_ruleset_lookup_class (adm_scenario_edit_get_ruleset (edit),
                                             "vorpatril")->hull, ==, 16);

  g_assert_true (adm_scenario_edit_undo (edit));
  g_free (again);
  again = text_of (edit);
  g_assert_cmpstr (again, ==, text);
  g_assert_true (adm_scenario_edit_undo (edit));
  assert_same_bytes (adm_scenario_edit_get_bytes (edit), original);
  g_assert_false (adm_scenario_edit_can_undo (edit));
}

typedef void (*SeasonEdit) (AdmScenarioEdit *edit);

static void
edit_hull (AdmScenarioEdit *e)
{
  g_assert_true (adm_scenario_edit_set_class (e, "frigate", "hull", "4", NULL));
}

static void
edit_name (AdmScenarioEdit *e)
{
  g_assert_true (adm_scenario_edit_set_class (e, "vorpatril", "name", "Vorpatril Mk II", NULL));
}

static void
edit_category (AdmScenarioEdit *e)
{
  g_assert_true (adm_scenario_edit_set_class (e, "tug", "category", "escort", NULL));
}

static void
edit_add_class (AdmScenarioEdit *e)
{
  g_autofree char *id = adm_scenario_edit_add_class (e, "frigate", "Heavy Frigate", NULL);

  g_assert_cmpstr (id, ==, "heavy-frigate");
}

static void
edit_remove_class (AdmScenarioEdit *e)
{
  g_assert_true (adm_scenario_edit_remove_class (e, "merchant", NULL));
}

static void
edit_firepower (AdmScenarioEdit *e)
{
  g_assert_true (adm_scenario_edit_set_weapon (e, "frigate", "guns", "firepower", "3", NULL));
}

static void
edit_arcs (AdmScenarioEdit *e)
{
  g_assert_true (adm_scenario_edit_set_weapon (e, "frigate", "guns", "arcs", "bow stern", NULL));
}

static void
edit_torpedo (AdmScenarioEdit *e)
{
  g_assert_true (adm_scenario_edit_set_weapon (e, "frigate", "guns", "type", "torpedo", NULL));
}

static void
edit_add_weapon (AdmScenarioEdit *e)
{
  g_autofree char *id = adm_scenario_edit_add_weapon (e, "frigate", "Gun battery", NULL);

  /* The frigate's gun battery is "guns": the new one's id is made from its name. */
  g_assert_cmpstr (id, ==, "gun-battery");
}

static void
edit_remove_weapon (AdmScenarioEdit *e)
{
  g_assert_true (adm_scenario_edit_remove_weapon (e, "vorhartung", "destructor", NULL));
}

static void
edit_faction (AdmScenarioEdit *e)
{
  g_assert_true (adm_scenario_edit_set_faction (e, "pol", "boarding-bonus", "1", NULL));
}

static void
edit_remove_faction (AdmScenarioEdit *e)
{
  g_assert_true (adm_scenario_edit_remove_faction (e, "pol", NULL));
}

static void
edit_ruling (AdmScenarioEdit *e)
{
  adm_scenario_edit_set_ruling (e, "halved-firepower", "halve-then-ceil");
}

static const struct {
  const char *name;
  SeasonEdit  edit;
  gboolean    own;     /* makes the season the scenario's own */
} season_edits[] = {
  { "hull",          edit_hull,          TRUE },
  { "name",          edit_name,          TRUE },
  { "category",      edit_category,      TRUE },
  { "add-class",     edit_add_class,     TRUE },
  { "remove-class",  edit_remove_class,  TRUE },
  { "firepower",     edit_firepower,     TRUE },
  { "arcs",          edit_arcs,          TRUE },
  { "torpedo",       edit_torpedo,       TRUE },
  { "add-weapon",    edit_add_weapon,    TRUE },
  { "remove-weapon", edit_remove_weapon, TRUE },
  { "faction",       edit_faction,       TRUE },
  { "remove-faction", edit_remove_faction, TRUE },
  { "ruling",        edit_ruling,        FALSE },
};

/* Each edit, on the installed rules and on the scenario's own season: one step of undo, the
 * same bytes after undo and after redo, the scenario loading after it, the other classes'
 * ids as they were (a class renamed takes the id of its new name). */
static void
test_undo_redo (gconstpointer data)
{
  guint n = GPOINTER_TO_UINT (data);

  for (guint own = 0; own < 2; own++)
    {
      g_autoptr(GBytes) original = NULL;
      g_autoptr(AdmScenarioEdit) edit = open_skirmish (&original);
      g_autoptr(GBytes) before = NULL;
      g_autoptr(GBytes) after = NULL;
      g_autofree char *ids_before = NULL;
      g_autofree char *ids_after = NULL;

      if (own)
        g_assert_true (adm_scenario_edit_make_season_own (edit, NULL));
      before = g_bytes_ref (adm_scenario_edit_get_bytes (edit));
      ids_before = adm_scenario_edit_get_season (edit) != NULL ? class_ids (edit) : NULL;
      season_edits[n].edit (edit);
      after = g_bytes_ref (adm_scenario_edit_get_bytes (edit));
      g_assert_false (g_bytes_equal (before, after));
      g_assert_true ((adm_scenario_edit_get_season (edit) != NULL) == (own || season_edits[n].own));
      assert_no_problems (edit);
      if (ids_before != NULL)
        {
          g_auto(GStrv) kept = g_strsplit (ids_before, " ", -1);

          ids_after = class_ids (edit);
          for (guint k = 0; kept[k] != NULL; k++)
            if (!(season_edits[n].edit == edit_remove_class && g_str_equal (kept[k], "merchant")) &&
                !(season_edits[n].edit == edit_name && g_str_equal (kept[k], "vorpatril")))
              g_assert_nonnull (adm_scenario_edit_find_class (edit, kept[k]));
        }
      /* A class renamed before play: its id, made from its name, follows it. */
      if (season_edits[n].edit == edit_name)
        g_assert_nonnull (adm_scenario_edit_find_class (edit, "vorpatril-mk-ii"));

      g_assert_true (adm_scenario_edit_undo (edit));
      assert_same_bytes (adm_scenario_edit_get_bytes (edit), before);
      g_assert_cmpuint (adm_scenario_edit_can_undo (edit), ==, own);
      g_assert_true (adm_scenario_edit_redo (edit));
      assert_same_bytes (adm_scenario_edit_get_bytes (edit), after);
      g_assert_true (adm_scenario_edit_undo (edit));
      if (own)
        g_assert_true (adm_scenario_edit_undo (edit));
      assert_same_bytes (adm_scenario_edit_get_bytes (edit), original);
    }
}

/* The hull edited is the one the checker, the saved file and a campaign from it play by; a
 * hull of 0 is a problem at the class's line of the file. */
static void
test_hull_seen (void)
{
  g_autoptr(GBytes) original = NULL;
  g_autoptr(AdmScenarioEdit) edit = open_skirmish (&original);
  g_autoptr(AdmRuleset) carried = NULL;
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  const AdmProblem *problem;
  const char *at;
  int line = 1;

  g_assert_true (adm_scenario_edit_set_class (edit, "frigate", "hull", "7", &error));
  g_assert_no_error (error);
  g_assert_cmpint (adm_ruleset_lookup_class (adm_scenario_edit_get_ruleset (edit),
                                             "frigate")->hull, ==, 7);
  carried = adm_ruleset_load_carried (adm_scenario_edit_get_root (edit), "season.admiralty",
                                      &error);
  g_assert_no_error (error);
  g_assert_cmpint (adm_ruleset_lookup_class (carried, "frigate")->hull, ==, 7);
  assert_no_problems (edit);
  campaign = campaign_of (edit);
  g_assert_cmpint (adm_ruleset_lookup_class (adm_campaign_get_ruleset (campaign),
                                             "frigate")->hull, ==, 7);
  /* The installed rules are as they were. */
  g_clear_object (&carried);
  carried = adm_ruleset_load ("forcon-2010", &error);
  g_assert_cmpint (adm_ruleset_lookup_class (carried, "frigate")->hull, ==, 3);

  g_assert_true (adm_scenario_edit_set_class (edit, "frigate", "hull", "0", NULL));
  problems = problems_of (edit);
  g_assert_cmpuint (problems->len, >=, 1);
  problem = problems->pdata[0];
  text = text_of (edit);
  at = strstr (text, "<class id=\"frigate\"");
  g_assert_nonnull (at);
  for (const char *c = text; c < at; c++)
    line += *c == '\n';
  g_test_message ("%d: %s", problem->line, problem->message);
  /* The class's start tag runs over three lines: the problem names one of them. */
  g_assert_cmpint (problem->line, >=, line);
  g_assert_cmpint (problem->line, <=, line + 2);
  g_assert_nonnull (strstr (problem->message, "hull"));
  /* The problem is at the class, for the editor to show it. */
  g_assert_true (problem->node == adm_scenario_edit_find_class (edit, "frigate"));
}

static void
test_ruling_seen (void)
{
  g_autoptr(GBytes) original = NULL;
  g_autoptr(AdmScenarioEdit) edit = open_skirmish (&original);
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autofree char *value = NULL;
  g_autofree char *text = NULL;

  adm_scenario_edit_set_ruling (edit, "halved-firepower", "halve-then-ceil");
  value = adm_scenario_edit_get_ruling (edit, "halved-firepower");
  g_assert_cmpstr (value, ==, "halve-then-ceil");
  text = text_of (edit);
  g_assert_nonnull (strstr (text, "  <rulings>\n    <ruling id=\"halved-firepower\" "
                                  "value=\"halve-then-ceil\"/>\n  </rulings>\n  <admiral"));
  campaign = campaign_of (edit);
  g_assert_cmpstr (adm_ruleset_get_ruling_value (adm_campaign_get_ruleset (campaign),
                                                 "halved-firepower"), ==, "halve-then-ceil");
  /* The ruleset's own default chosen again: the choice, and <rulings>, go. */
  adm_scenario_edit_set_ruling (edit, "halved-firepower", "halve-then-floor");
  assert_same_bytes (adm_scenario_edit_get_bytes (edit), original);
}

/* A class a ship is of is not removed: the file is as it was, and no step of undo made. */
static void
test_remove_used_class (void)
{
  g_autoptr(GBytes) original = NULL;
  g_autoptr(AdmScenarioEdit) edit = open_skirmish (&original);
  g_autoptr(GError) error = NULL;

  g_assert_false (adm_scenario_edit_remove_class (edit, "frigate", &error));
  g_assert_error (error, ADM_XML_ERROR, ADM_XML_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "Vorbarra Sultana"));
  assert_same_bytes (adm_scenario_edit_get_bytes (edit), original);
  g_assert_false (adm_scenario_edit_can_undo (edit));
  g_clear_error (&error);

  /* Nor one the rules do not have: the season made for it goes again. */
  g_assert_false (adm_scenario_edit_set_class (edit, "no-such-class", "hull", "3", &error));
  g_assert_error (error, ADM_XML_ERROR, ADM_XML_ERROR_INVALID);
  assert_same_bytes (adm_scenario_edit_get_bytes (edit), original);
  g_assert_false (adm_scenario_edit_can_undo (edit));
  g_assert_null (adm_scenario_edit_get_season (edit));
}

/* A faction an admiral, a formation, an alliance or a minefield belongs to is not removed: the file is as
 * it was, and no step of undo made. */
static void
test_remove_used_faction (void)
{
  g_autoptr(GBytes) original = NULL;
  g_autoptr(AdmScenarioEdit) edit = open_skirmish (&original);
  g_autoptr(GError) error = NULL;

  g_assert_false (adm_scenario_edit_remove_faction (edit, "barrayar", &error));
  g_assert_error (error, ADM_XML_ERROR, ADM_XML_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "Adm. Aral Vorkosigan"));
  assert_same_bytes (adm_scenario_edit_get_bytes (edit), original);
  g_assert_false (adm_scenario_edit_can_undo (edit));
  g_assert_null (adm_scenario_edit_get_season (edit));
  g_clear_error (&error);

  /* Out of the alliance's member list first, as the Sides page says. */
  adm_scenario_edit_add_alliance (edit, "Hegen Pact", "pol");
  g_assert_false (adm_scenario_edit_remove_faction (edit, "pol", &error));
  g_assert_nonnull (strstr (error->message, "alliance “Hegen Pact”"));
  g_clear_error (&error);

  /* Nor one with mines laid before the game (F-MINE-10). */
  adm_scenario_edit_set_minefield (edit, adm_scenario_edit_find (edit, "sector", "hegen-inner-system"),
                                   "aslund", 4);
  g_assert_false (adm_scenario_edit_remove_faction (edit, "aslund", &error));
  g_assert_nonnull (strstr (error->message, "minefield in sector “Hegen inner system”"));
  g_clear_error (&error);

  /* Nor one the rules do not have. */
  g_assert_false (adm_scenario_edit_remove_faction (edit, "no-such-faction", &error));
  g_assert_error (error, ADM_XML_ERROR, ADM_XML_ERROR_INVALID);
  g_assert_null (adm_scenario_edit_get_season (edit));
}

/* A class renamed before play begins: its id, made from its name, follows the new one, and
 * so do its ships, in one step of undo; the scenario has no problem and plays by it. Once
 * play has begun (ids fixed), a new name leaves the id and the ships as they are. */
static void
test_class_rename (void)
{
  g_autoptr(GBytes) original = NULL;
  g_autoptr(AdmScenarioEdit) edit = open_skirmish (&original);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autofree char *text = NULL;
  g_autofree char *name = NULL;

  g_assert_false (adm_scenario_edit_get_ids_fixed (edit));
  g_assert_true (adm_scenario_edit_set_class (edit, "frigate", "name", "Light Frigate", &error));
  g_assert_no_error (error);
  g_assert_null (adm_scenario_edit_find_class (edit, "frigate"));
  g_assert_nonnull (adm_scenario_edit_find_class (edit, "light-frigate"));
  text = text_of (edit);
  g_assert_null (strstr (text, "class=\"frigate\""));
  g_assert_nonnull (strstr (text, "class=\"light-frigate\""));
  assert_no_problems (edit);
  campaign = campaign_of (edit);
  g_assert_cmpstr (adm_ruleset_lookup_class (adm_campaign_get_ruleset (campaign),
                                             "light-frigate")->name, ==, "Light Frigate");

  /* A name the id is made from already keeps it: "Light  frigate" is still light-frigate. */
  g_assert_true (adm_scenario_edit_set_class (edit, "light-frigate", "name", "Light  frigate",
                                              &error));
  g_assert_nonnull (adm_scenario_edit_find_class (edit, "light-frigate"));

  /* One undo: the class and its ships as they were. */
  g_assert_true (adm_scenario_edit_undo (edit));
  g_assert_true (adm_scenario_edit_undo (edit));
  assert_same_bytes (adm_scenario_edit_get_bytes (edit), original);

  /* Play has begun: the name changes, the id stays. */
  adm_scenario_edit_set_ids_fixed (edit, TRUE);
  g_assert_true (adm_scenario_edit_set_class (edit, "frigate", "name", "Light Frigate", &error));
  g_assert_nonnull (adm_scenario_edit_find_class (edit, "frigate"));
  g_assert_null (adm_scenario_edit_find_class (edit, "light-frigate"));
  name = adm_xml_get_string (adm_scenario_edit_find_class (edit, "frigate"), "name");
  g_assert_cmpstr (name, ==, "Light Frigate");
  g_clear_pointer (&text, g_free);
  text = text_of (edit);
  g_assert_nonnull (strstr (text, "class=\"frigate\""));
  assert_no_problems (edit);
}

/* The scenario renamed: an id made from its name follows it until play begins, then stays;
 * an id of its own (the Skirmish's "hegen-hub-skirmish") stays whatever the name. */
static void
test_scenario_rename (void)
{
  g_autoptr(AdmScenarioEdit) made = adm_scenario_edit_new ("forcon-2010", "New Campaign");
  g_autoptr(GBytes) original = NULL;
  g_autoptr(AdmScenarioEdit) skirmish = open_skirmish (&original);
  xmlNode *root = adm_scenario_edit_get_root (made);
  g_autofree char *id = adm_xml_get_string (root, "id");

  g_assert_cmpstr (id, ==, "new-campaign");
  adm_scenario_edit_set (made, root, "name", "Tau Verde Raid");
  g_clear_pointer (&id, g_free);
  id = adm_xml_get_string (root, "id");
  g_assert_cmpstr (id, ==, "tau-verde-raid");
  adm_scenario_edit_set_ids_fixed (made, TRUE);
  adm_scenario_edit_set (made, root, "name", "Tau Verde Campaign");
  g_clear_pointer (&id, g_free);
  id = adm_xml_get_string (root, "id");
  g_assert_cmpstr (id, ==, "tau-verde-raid");

  root = adm_scenario_edit_get_root (skirmish);
  adm_scenario_edit_set (skirmish, root, "name", "Battle of the Hub");
  g_clear_pointer (&id, g_free);
  id = adm_xml_get_string (root, "id");
  g_assert_cmpstr (id, ==, "hegen-hub-skirmish");
}

static void
count_cb (GObject    *object,
          GParamSpec *pspec,
          guint      *count)
{
  (*count)++;
}

/* The season's classes as items of the document model: while the rules are the installed
 * ones, the frigate is an item of the installed season; its hull set through it makes the
 * season the scenario's own in one step, and the frigate stays the same object (found again
 * by id), its "hull" notified; a new name moves its id and keeps the object; undone, the file
 * is the shipped one byte for byte and the frigate the installed one again. */
static void
test_class_items (void)
{
  g_autoptr(GBytes) original = NULL;
  g_autoptr(AdmScenarioEdit) edit = open_skirmish (&original);
  g_autoptr(GError) error = NULL;
  AdmScenarioSeason *season = adm_scenario_edit_get_season_item (edit);
  GListModel *classes = adm_scenario_season_get_classes (season);
  AdmSeasonClass *frigate;
  guint n = g_list_model_get_n_items (classes), hull_seen = 0;
  GPtrArray *problems;
  AdmScenarioItem *at;

  g_assert_true (g_list_model_get_item_type (classes) == ADM_TYPE_SEASON_CLASS);
  g_assert_cmpuint (n, >, 1);
  g_assert_false (adm_scenario_season_get_own (season));
  g_assert_cmpstr (adm_scenario_item_get_name (ADM_SCENARIO_ITEM (season)), ==, "Forcon 2010");
  frigate = adm_scenario_season_find_class (season, "frigate");
  g_assert_nonnull (frigate);
  g_assert_cmpint (adm_season_class_get_figure (frigate, "hull"), ==, 3);
  g_assert_cmpstr (adm_season_class_get_category (frigate), ==, "escort");
  g_assert_cmpuint (g_list_model_get_n_items (adm_season_class_get_weapons (frigate)), ==, 1);
  g_assert_true (adm_scenario_item_get_parent (ADM_SCENARIO_ITEM (frigate)) ==
                 ADM_SCENARIO_ITEM (season));
  g_signal_connect (frigate, "notify::hull", G_CALLBACK (count_cb), &hull_seen);

  g_assert_true (adm_season_class_set_figure (frigate, "hull", 7, &error));
  g_assert_no_error (error);
  g_assert_true (adm_scenario_season_get_own (season));
  g_assert_true (adm_scenario_season_find_class (season, "frigate") == frigate);
  g_assert_cmpint (adm_season_class_get_figure (frigate, "hull"), ==, 7);
  g_assert_cmpuint (hull_seen, ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (classes), ==, n);
  g_assert_true (adm_scenario_item_get_parent (ADM_SCENARIO_ITEM (frigate)) ==
                 ADM_SCENARIO_ITEM (season));
  g_assert_true (adm_scenario_edit_find_item (edit, adm_scenario_edit_find_class (edit, "frigate"))
                 == ADM_SCENARIO_ITEM (frigate));

  /* A hull of 0 is written, and the Problems page's problem is at the frigate's item. */
  g_assert_true (adm_season_class_set_figure (frigate, "hull", 0, &error));
  problems = adm_scenario_edit_check (edit);
  g_assert_cmpuint (problems->len, >=, 1);
  at = adm_scenario_edit_find_item (edit, ((AdmProblem *) problems->pdata[0])->node);
  g_assert_true (at == ADM_SCENARIO_ITEM (frigate));
  g_ptr_array_unref (problems);

  g_assert_true (adm_scenario_item_set_name (ADM_SCENARIO_ITEM (frigate), "Light Frigate",
                                             &error));
  g_assert_no_error (error);
  g_assert_cmpstr (adm_scenario_item_get_id (ADM_SCENARIO_ITEM (frigate)), ==, "light-frigate");
  g_assert_true (adm_scenario_season_find_class (season, "light-frigate") == frigate);

  while (adm_scenario_edit_can_undo (edit))
    g_assert_true (adm_scenario_edit_undo (edit));
  assert_same_bytes (adm_scenario_edit_get_bytes (edit), original);
  g_assert_false (adm_scenario_season_get_own (season));
  g_assert_true (adm_scenario_season_find_class (season, "frigate") == frigate);
  g_assert_true (adm_scenario_item_get_attached (ADM_SCENARIO_ITEM (frigate)));
  g_assert_cmpint (adm_season_class_get_figure (frigate, "hull"), ==, 3);
}

/* Nothing changed: the shipped bytes, nothing to undo, the rules still the installed ones. */
static void
assert_unchanged (AdmScenarioEdit *edit,
                  GBytes          *original)
{
  assert_same_bytes (adm_scenario_edit_get_bytes (edit), original);
  g_assert_false (adm_scenario_edit_can_undo (edit));
  g_assert_false (adm_scenario_edit_get_modified (edit));
  g_assert_false (adm_scenario_season_get_own (adm_scenario_edit_get_season_item (edit)));
}

/* Each refused with a message naming the thing and the problem, and nothing changed. */
static void
assert_refused (AdmScenarioEdit *edit,
                GBytes          *original,
                gboolean         done,
                GError          *error,
                const char      *named,
                const char      *problem)
{
  g_assert_false (done);
  g_assert_error (error, ADM_SCENARIO_ITEM_ERROR, ADM_SCENARIO_ITEM_ERROR_INVALID);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, named));
  g_assert_nonnull (strstr (error->message, problem));
  g_assert_nonnull (strstr (error->message, "nothing was changed"));
  assert_unchanged (edit, original);
}

static void
test_class_items_refused (void)
{
  g_autoptr(GBytes) original = NULL;
  g_autoptr(AdmScenarioEdit) edit = open_skirmish (&original);
  AdmScenarioSeason *season = adm_scenario_edit_get_season_item (edit);
  AdmSeasonClass *frigate = adm_scenario_season_find_class (season, "frigate");
  AdmSeasonClass *first = g_list_model_get_item (adm_scenario_season_get_classes (season), 0);
  g_autofree char *taken = g_utf8_strdown (adm_scenario_item_get_name (ADM_SCENARIO_ITEM (first)),
                                          -1);
  AdmSeasonWeapon *guns = adm_season_class_find_weapon (frigate, "guns");
  AdmSeasonFaction *komarr = adm_scenario_season_find_faction (season, "komarr");
  struct { GError *error; gboolean done; } r = { NULL, FALSE };

  g_object_unref (first);
  g_assert_nonnull (guns);
  g_assert_nonnull (komarr);

  /* Another class's name, in other letter case too. */
  r.done = adm_scenario_item_set_name (ADM_SCENARIO_ITEM (frigate), taken, &r.error);
  assert_refused (edit, original, r.done, r.error, taken, "already");
  g_clear_error (&r.error);
  r.done = adm_season_class_copy (frigate, taken, &r.error) != NULL;
  assert_refused (edit, original, r.done, r.error, taken, "already");
  g_clear_error (&r.error);

  /* A negative or a huge figure. */
  r.done = adm_season_class_set_figure (frigate, "hull", -1, &r.error);
  assert_refused (edit, original, r.done, r.error, "“Frigate”", "hull");
  g_assert_nonnull (strstr (r.error->message, "-1"));
  g_clear_error (&r.error);
  r.done = adm_season_class_set_figure (frigate, "speed", 1000000, &r.error);
  assert_refused (edit, original, r.done, r.error, "“Frigate”", "1000000");
  g_clear_error (&r.error);
  r.done = adm_season_weapon_set_figure (guns, "range", -5, &r.error);
  assert_refused (edit, original, r.done, r.error, "“Gun battery”", "range");
  g_clear_error (&r.error);
  r.done = adm_season_faction_set_boarding_bonus (komarr, G_MAXINT, &r.error);
  assert_refused (edit, original, r.done, r.error, "“Komarr”", "boarding-bonus");
  g_clear_error (&r.error);

  /* An empty name, category, arcs; a colour that is none. */
  r.done = adm_scenario_item_set_name (ADM_SCENARIO_ITEM (frigate), "  ", &r.error);
  g_assert_false (r.done);
  g_assert_error (r.error, ADM_SCENARIO_ITEM_ERROR, ADM_SCENARIO_ITEM_ERROR_INVALID);
  g_assert_nonnull (strstr (r.error->message, "name cannot be empty"));
  assert_unchanged (edit, original);
  g_clear_error (&r.error);
  r.done = adm_season_class_copy (frigate, "", &r.error) != NULL;
  assert_refused (edit, original, r.done, r.error, "name", "empty");
  g_clear_error (&r.error);
  r.done = adm_season_class_set_category (frigate, "", &r.error);
  assert_refused (edit, original, r.done, r.error, "“Frigate”", "category");
  g_clear_error (&r.error);
  r.done = adm_season_weapon_set_arcs (guns, " ", &r.error);
  assert_refused (edit, original, r.done, r.error, "“Gun battery”", "arcs");
  g_clear_error (&r.error);
  r.done = adm_season_class_add_weapon (frigate, "", &r.error) != NULL;
  assert_refused (edit, original, r.done, r.error, "“Frigate”", "empty");
  g_clear_error (&r.error);
  r.done = adm_season_faction_set_colour (komarr, "blue", &r.error);
  assert_refused (edit, original, r.done, r.error, "“Komarr”", "“blue”");
  g_clear_error (&r.error);

  /* An id follows the name and is not set by hand. */
  r.done = adm_scenario_item_set_id (ADM_SCENARIO_ITEM (frigate), "sloop", &r.error);
  assert_refused (edit, original, r.done, r.error, "id", "name");
  g_clear_error (&r.error);

  /* A class its ships are of stays. */
  r.done = adm_scenario_item_remove (ADM_SCENARIO_ITEM (frigate), &r.error);
  g_assert_false (r.done);
  g_assert_nonnull (strstr (r.error->message, "cannot be removed"));
  assert_unchanged (edit, original);
  g_clear_error (&r.error);
}

/* F-WPN-11, F-WPN-12: a weapon added through its class's item, made a torpedo (which gives it
 * its marker's speed and turns), removed; a copy of the class; each one step of undo. */
static void
test_weapon_items (void)
{
  g_autoptr(GBytes) original = NULL;
  g_autoptr(AdmScenarioEdit) edit = open_skirmish (&original);
  g_autoptr(GError) error = NULL;
  AdmScenarioSeason *season = adm_scenario_edit_get_season_item (edit);
  AdmSeasonClass *frigate = adm_scenario_season_find_class (season, "frigate");
  GListModel *weapons = adm_season_class_get_weapons (frigate);
  AdmSeasonWeapon *added;
  AdmSeasonClass *copy;

  added = adm_season_class_add_weapon (frigate, "Torpedo tube", &error);
  g_assert_no_error (error);
  g_assert_nonnull (added);
  g_object_ref (added);
  g_assert_cmpuint (g_list_model_get_n_items (weapons), ==, 2);
  g_assert_true (adm_scenario_item_get_parent (ADM_SCENARIO_ITEM (added)) ==
                 ADM_SCENARIO_ITEM (frigate));
  g_assert_true (adm_season_weapon_set_weapon_type (added, "torpedo", &error));
  g_assert_cmpint (adm_season_weapon_get_figure (added, "torpedo-speed"), ==, 20);
  g_assert_cmpint (adm_season_weapon_get_figure (added, "torpedo-turns"), ==, 2);
  g_assert_true (adm_scenario_item_remove (ADM_SCENARIO_ITEM (added), &error));
  g_assert_false (adm_scenario_item_get_attached (ADM_SCENARIO_ITEM (added)));
  g_assert_false (adm_season_weapon_set_arcs (added, "bow", &error));
  g_assert_error (error, ADM_SCENARIO_ITEM_ERROR, ADM_SCENARIO_ITEM_ERROR_DETACHED);
  g_clear_error (&error);
  g_object_unref (added);
  g_assert_cmpuint (g_list_model_get_n_items (weapons), ==, 1);

  copy = adm_season_class_copy (frigate, "Frigate Mk II", &error);
  g_assert_no_error (error);
  g_assert_nonnull (copy);
  g_assert_cmpstr (adm_scenario_item_get_id (ADM_SCENARIO_ITEM (copy)), ==, "frigate-mk-ii");
  g_assert_cmpint (adm_season_class_get_figure (copy, "hull"), ==, 3);
  g_assert_cmpuint (g_list_model_get_n_items (adm_season_class_get_weapons (copy)), ==, 1);

  while (adm_scenario_edit_can_undo (edit))
    g_assert_true (adm_scenario_edit_undo (edit));
  assert_same_bytes (adm_scenario_edit_get_bytes (edit), original);
  g_assert_null (adm_scenario_season_find_class (season, "frigate-mk-ii"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/scenario-season/class-rename", test_class_rename);
  g_test_add_func ("/engine/scenario-season/items/classes", test_class_items);
  g_test_add_func ("/engine/scenario-season/items/refused", test_class_items_refused);
  g_test_add_func ("/engine/scenario-season/items/F-WPN-11/weapons", test_weapon_items);
  g_test_add_func ("/engine/scenario-season/scenario-rename", test_scenario_rename);

  g_test_add_func ("/engine/scenario-season/make-own", test_make_own);
  g_test_add_func ("/engine/scenario-season/set-season/refused", test_set_season_refused);
  g_test_add_func ("/engine/scenario-season/set-season", test_set_season);
  for (guint i = 0; i < G_N_ELEMENTS (season_edits); i++)
    {
      g_autofree char *path = g_strdup_printf ("/engine/scenario-season/undo-redo/%s",
                                               season_edits[i].name);

      g_test_add_data_func (path, GUINT_TO_POINTER (i), test_undo_redo);
    }
  g_test_add_func ("/engine/scenario-season/hull-seen", test_hull_seen);
  g_test_add_func ("/engine/scenario-season/ruling-seen", test_ruling_seen);
  g_test_add_func ("/engine/scenario-season/remove-used-class", test_remove_used_class);
  g_test_add_func ("/engine/scenario-season/remove-used-faction", test_remove_used_faction);
  return g_test_run ();
}
