/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-scenario-edit.c: the scenario editor's model — a shipped scenario written back byte
 * for byte, edits that leave the rest of the file as it was, each edit undone and redone, a
 * scenario built from nothing that loads, ids made from names and followed by references. */

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "admiralty-engine.h"
#include "file-helpers.h"

static AdmScenarioEdit *
open_shipped (const char *name,
              GBytes    **original)
{
  g_autofree char *path = source_path ("scenarios", name, NULL);
  g_autoptr(GError) error = NULL;
  AdmScenarioEdit *edit = adm_scenario_edit_open (path, &error);
  g_autofree char *data = NULL;
  gsize length = 0;

  g_assert_no_error (error);
  g_assert_nonnull (edit);
  g_assert_true (g_file_get_contents (path, &data, &length, NULL));
  *original = g_bytes_new_take (g_steal_pointer (&data), length);
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

static void
test_unchanged (gconstpointer data)
{
  g_autoptr(GBytes) original = NULL;
  g_autoptr(AdmScenarioEdit) edit = open_shipped (data, &original);
  g_autofree char *folder = g_dir_make_tmp ("admiralty-edit-XXXXXX", NULL);
  g_autofree char *saved = g_build_filename (folder, "saved.admiralty", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  gsize length = 0;
  g_autoptr(GBytes) written = NULL;

  g_assert_false (adm_scenario_edit_get_modified (edit));
  assert_same_bytes (adm_scenario_edit_get_bytes (edit), original);
  g_assert_true (adm_scenario_edit_save (edit, saved, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (saved, &text, &length, NULL));
  written = g_bytes_new_take (g_steal_pointer (&text), length);
  assert_same_bytes (written, original);
  remove_tree (folder);
}

/* An element written with an end tag and nothing in it (as `scenario new` writes the
 * description) is written back so, not as an empty-element tag. */
static void
test_unchanged_empty_element (void)
{
  static const char text[] =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<scenario id=\"s\" name=\"S\" ruleset=\"forcon-2010\">\n"
    "  <description></description>\n"
    "  <map>\n"
    "    <sector id=\"a\" name=\"A\" x=\"0\" y=\"0\"></sector>\n"
    "  </map>\n"
    "</scenario>\n";
  g_autoptr(GBytes) original = g_bytes_new_static (text, strlen (text));
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmScenarioEdit) edit = adm_scenario_edit_new_from_data (text, strlen (text),
                                                                     "empty.admiralty",
                                                                     &error);

  g_assert_no_error (error);
  assert_same_bytes (adm_scenario_edit_get_bytes (edit), original);
}

static xmlNode *
find (AdmScenarioEdit *edit,
      const char      *element,
      const char      *id)
{
  xmlNode *node = adm_scenario_edit_find (edit, element, id);

  g_assert_nonnull (node);
  return node;
}

/* F-FORM-8: a ship added to a formation and removed again leaves the file as it was. */
static void
test_add_remove_ship (void)
{
  g_autoptr(GBytes) original = NULL;
  g_autoptr(AdmScenarioEdit) edit = open_shipped ("komarr-campaign.admiralty", &original);
  xmlNode *formation = find (edit, "formation", "first-squadron-home-fleet");
  xmlNode *ship;
  g_autoptr(GBytes) added = NULL;
  gsize length;
  g_autofree char *text = NULL;

  ship = adm_scenario_edit_add_ship (edit, formation, NULL, "Lord Vorinnis", "vorkalloner", 7);
  g_assert_nonnull (ship);
  g_assert_true (adm_scenario_edit_get_modified (edit));
  added = g_bytes_ref (adm_scenario_edit_get_bytes (edit));
  text = g_strndup (g_bytes_get_data (added, &length), g_bytes_get_size (added));
  /* On a line of its own, indented as its neighbours, after the last ship. */
  g_assert_nonnull (strstr (text, "\n    <ship id=\"lord-vorinnis\" name=\"Lord Vorinnis\" "
                                  "class=\"vorkalloner\" readiness=\"7\"/>\n"));
  adm_scenario_edit_remove (edit, ship);
  assert_same_bytes (adm_scenario_edit_get_bytes (edit), original);
  g_assert_false (adm_scenario_edit_get_modified (edit));
}

typedef void (*EditFunc) (AdmScenarioEdit *edit);

static void edit_add_admiral (AdmScenarioEdit *e)
{ adm_scenario_edit_add_admiral (e, "Adm. Cordelia Naismith", "barrayar"); }
static void edit_rename_admiral (AdmScenarioEdit *e)
{ adm_scenario_edit_set (e, find (e, "admiral", "vorlakial"), "name", "Adm. Lord Vorrutyer"); }
static void edit_remove_admiral (AdmScenarioEdit *e)
{ adm_scenario_edit_remove (e, find (e, "admiral", "arozzi")); }
static void edit_alliance (AdmScenarioEdit *e)
{ adm_scenario_edit_set_alliance_of (e, "komarr", find (e, "alliance", "celestial-compact")); }
static void edit_leave_alliance (AdmScenarioEdit *e)
{ adm_scenario_edit_set_alliance_of (e, "aslund", NULL); }
static void edit_add_sector (AdmScenarioEdit *e)
{ adm_scenario_edit_add_sector (e, "Tau Verde", 800, -120); }
static void edit_move_sector (AdmScenarioEdit *e)
{ adm_scenario_edit_move_sector (e, find (e, "sector", "hegen-hub"), 530.5, 70); }
static void edit_remove_sector (AdmScenarioEdit *e)
{ adm_scenario_edit_remove (e, find (e, "sector", "escobar-route")); }
static void edit_add_link (AdmScenarioEdit *e)
{ g_assert_nonnull (adm_scenario_edit_add_link (e, "escobar-route", "hegen-hub")); }
static void edit_remove_link (AdmScenarioEdit *e)
{ adm_scenario_edit_remove (e, adm_scenario_edit_find_link (e, "solar-mirror", "komarr-orbit")); }
static void edit_add_object (AdmScenarioEdit *e)
{ adm_scenario_edit_add_object (e, find (e, "sector", "hegen-hub"), "station", "Hub Relay"); }
static void edit_station_owner (AdmScenarioEdit *e)
{
  xmlNode *sector = find (e, "sector", "solar-mirror");

  adm_scenario_edit_set (e, adm_xml_first_element (sector, "object"), "faction", "komarr");
}
static void edit_add_formation (AdmScenarioEdit *e)
{ adm_scenario_edit_add_formation (e, "Reserve", "barrayar", "komarr-orbit"); }
static void edit_hidden (AdmScenarioEdit *e)
{ adm_scenario_edit_set (e, find (e, "formation", "first-squadron-home-fleet"), "hidden", "true"); }
static void edit_duplicate_formation (AdmScenarioEdit *e)
{ adm_scenario_edit_duplicate (e, find (e, "formation", "first-squadron-home-fleet")); }
static void edit_remove_formation (AdmScenarioEdit *e)
{ adm_scenario_edit_remove (e, find (e, "formation", "first-squadron-home-fleet")); }
static void edit_duplicate_ship (AdmScenarioEdit *e)
{ adm_scenario_edit_duplicate (e, find (e, "ship", "prince-serg")); }
static void edit_ship_class (AdmScenarioEdit *e)
{ adm_scenario_edit_set (e, find (e, "ship", "prince-serg"), "readiness", "12"); }
static void edit_flagship (AdmScenarioEdit *e)
{ adm_scenario_edit_set_flagship (e, find (e, "ship", "count-vorhalas")); }
static void edit_succession (AdmScenarioEdit *e)
{ adm_scenario_edit_set_succession (e, find (e, "ship", "count-vorhalas"), 1); }
static void edit_remove_flagship (AdmScenarioEdit *e)
{ adm_scenario_edit_remove (e, find (e, "ship", "prince-serg")); }
static void edit_description (AdmScenarioEdit *e)
{ adm_scenario_edit_set_description (e, "Barrayar holds the nexus & waits."); }

static const struct {
  const char *name;
  EditFunc    func;
} edits[] = {
  { "add-admiral", edit_add_admiral },
  { "rename-admiral", edit_rename_admiral },
  { "remove-admiral", edit_remove_admiral },
  { "join-alliance", edit_alliance },
  { "leave-alliance", edit_leave_alliance },
  { "add-sector", edit_add_sector },
  { "move-sector", edit_move_sector },
  { "remove-sector", edit_remove_sector },
  { "add-link", edit_add_link },
  { "remove-link", edit_remove_link },
  { "add-object", edit_add_object },
  { "station-owner", edit_station_owner },
  { "add-formation", edit_add_formation },
  { "hidden", edit_hidden },
  { "duplicate-formation", edit_duplicate_formation },
  { "remove-formation", edit_remove_formation },
  { "duplicate-ship", edit_duplicate_ship },
  { "ship-readiness", edit_ship_class },
  { "flagship", edit_flagship },
  { "succession", edit_succession },
  { "remove-flagship", edit_remove_flagship },
  { "description", edit_description },
};

/* @a and @b, the same elements in the same order, on the same lines. */
static void
assert_same_lines (xmlNode *a,
                   xmlNode *b)
{
  g_assert_cmpstr ((const char *) a->name, ==, (const char *) b->name);
  g_assert_cmpint (xmlGetLineNo (a), ==, xmlGetLineNo (b));
  for (a = adm_xml_first_element (a, NULL), b = adm_xml_first_element (b, NULL);
       a != NULL && b != NULL; a = adm_xml_next_element (a, NULL), b = adm_xml_next_element (b, NULL))
    assert_same_lines (a, b);
  g_assert_true (a == NULL && b == NULL);
}

/* After every kind of edit, each element has the line it has in the text as it would be
 * saved, as a reading of that text gives it: what a problem names is the saved file's line. */
static void
test_lines (gconstpointer data)
{
  guint index = GPOINTER_TO_UINT (data);
  g_autoptr(GBytes) original = NULL;
  g_autoptr(AdmScenarioEdit) edit = open_shipped ("komarr-campaign.admiralty", &original);
  g_autoptr(xmlDoc) doc = NULL;
  gsize length;
  const char *text;

  edits[index].func (edit);
  text = g_bytes_get_data (adm_scenario_edit_get_bytes (edit), &length);
  doc = adm_xml_parse_memory (text, length, "edited.admiralty", NULL);
  g_assert_nonnull (doc);
  assert_same_lines (adm_scenario_edit_get_root (edit), xmlDocGetRootElement (doc));
}

/* The check's one pass of the loader is the scenario drawn until the next edit; a scenario
 * with a problem is drawn from a pass of its own. */
static void
test_check_builds (void)
{
  g_autoptr(GBytes) original = NULL;
  g_autoptr(AdmScenarioEdit) edit = open_shipped ("komarr-campaign.admiralty", &original);
  g_autoptr(GPtrArray) problems = adm_scenario_edit_check (edit);
  g_autoptr(GPtrArray) after = NULL;
  g_autoptr(AdmScenario) checked = NULL, again = NULL, edited = NULL;
  gboolean whole = FALSE;

  g_assert_cmpuint (problems->len, ==, 0);
  checked = adm_scenario_edit_build (edit, &whole);
  g_assert_true (whole);
  again = adm_scenario_edit_build (edit, NULL);
  g_assert_true (checked == again);
  adm_scenario_edit_set (edit, find (edit, "ship", "prince-serg"), "readiness", "99");
  after = adm_scenario_edit_check (edit);
  g_assert_cmpuint (after->len, >, 0);
  edited = adm_scenario_edit_build (edit, &whole);
  g_assert_true (edited != checked);
  g_assert_false (whole);
}

static void
changed_cb (AdmScenarioEdit *edit,
            guint            change,
            gpointer         node,
            guint           *count)
{
  (*count)++;
}

/* Every kind of edit changes the text, is undone to the text before it and redone to the
 * text after it, each time with "changed". */
static void
test_undo_redo (gconstpointer data)
{
  guint index = GPOINTER_TO_UINT (data);
  g_autoptr(GBytes) original = NULL;
  g_autoptr(AdmScenarioEdit) edit = open_shipped ("komarr-campaign.admiralty", &original);
  g_autoptr(GBytes) after = NULL;
  guint changes = 0;

  g_signal_connect (edit, "changed", G_CALLBACK (changed_cb), &changes);
  g_assert_false (adm_scenario_edit_can_undo (edit));
  edits[index].func (edit);
  g_assert_cmpuint (changes, ==, 1);
  g_assert_true (adm_scenario_edit_can_undo (edit));
  g_assert_false (g_bytes_equal (adm_scenario_edit_get_bytes (edit), original));
  after = g_bytes_ref (adm_scenario_edit_get_bytes (edit));

  g_assert_true (adm_scenario_edit_undo (edit));
  assert_same_bytes (adm_scenario_edit_get_bytes (edit), original);
  g_assert_false (adm_scenario_edit_get_modified (edit));
  g_assert_true (adm_scenario_edit_can_redo (edit));
  g_assert_true (adm_scenario_edit_redo (edit));
  assert_same_bytes (adm_scenario_edit_get_bytes (edit), after);
  g_assert_cmpuint (changes, ==, 3);
  g_assert_false (adm_scenario_edit_can_redo (edit));
}

/* The ids of renamed elements follow their names, and the references follow the ids. */
static void
test_rename_follows (void)
{
  g_autoptr(GBytes) original = NULL;
  g_autoptr(AdmScenarioEdit) edit = open_shipped ("skirmish.admiralty", &original);
  xmlNode *kestrel = find (edit, "ship", "kestrel");
  xmlNode *formation = kestrel->parent;
  g_autofree char *flagship = NULL;
  g_autofree char *sector = NULL;

  adm_scenario_edit_set (edit, kestrel, "name", "Ariel");
  flagship = adm_xml_get_string (formation, "flagship");
  g_assert_cmpstr (flagship, ==, "ariel");

  adm_scenario_edit_set (edit, find (edit, "sector", "pol-jump-point"), "name", "Pol Gate");
  sector = adm_xml_get_string (formation, "sector");
  g_assert_cmpstr (sector, ==, "pol-gate");
  g_assert_nonnull (adm_scenario_edit_find_link (edit, "pol-gate", "hegen-inner-system"));

  /* An id not made from the name stays. */
  adm_scenario_edit_set (edit, find (edit, "ship", "star-creche"), "name", "Star Nursery");
  g_assert_nonnull (adm_scenario_edit_find (edit, "ship", "star-creche"));

  /* Made unique, and of Latin letters whatever the name's. */
  adm_scenario_edit_set (edit, find (edit, "ship", "lord-vorbohn"), "name", "Prince Serg");
  g_assert_nonnull (adm_scenario_edit_find (edit, "ship", "prince-serg-2"));
  adm_scenario_edit_set (edit, find (edit, "ship", "prince-serg-2"), "name", "Быстрый");
  g_assert_null (adm_scenario_edit_find (edit, "ship", "prince-serg-2"));
  g_assert_nonnull (adm_scenario_edit_find (edit, "ship", "bystryi"));
}

/* F-GEN-5, F-GEN-6: pools edited in komarr-muster.admiralty — a pool added after the others
 * with a ship and no flagship, a ship added to a pool and removed again, an admiral's and a
 * sector's new ids followed by their pools, a pool removed with its ships; every problem gone
 * once done, and each edit one step of undo back to the file as it was. */
static void
test_pools (void)
{
  g_autoptr(GBytes) original = NULL;
  g_autoptr(AdmScenarioEdit) edit = open_shipped ("komarr-muster.admiralty", &original);
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GError) error = NULL;
  xmlNode *root = adm_scenario_edit_get_root (edit);
  xmlNode *admiral, *pool, *ship, *last = NULL, *gull;
  g_autofree char *flagship = NULL, *pool_admiral = NULL, *pool_sector = NULL;
  guint steps = 0;

  for (xmlNode *node = adm_xml_first_element (root, "pool"); node != NULL;
       node = adm_xml_next_element (node, "pool"))
    last = node;
  g_assert_nonnull (last);
  admiral = adm_scenario_edit_add_admiral (edit, "Adm. Elena Bothari", "barrayar");
  pool = adm_scenario_edit_add_pool (edit, "adm-elena-bothari", "komarr-orbit");
  steps += 2;
  g_assert_true (adm_xml_next_element (last, NULL) == pool);
  problems = adm_scenario_edit_check (edit);
  g_assert_cmpuint (problems->len, >, 0);
  g_clear_pointer (&problems, g_ptr_array_unref);
  ship = adm_scenario_edit_add_ship (edit, pool, NULL, "Nightingale", "vorpatril", 7);
  steps++;
  flagship = adm_xml_get_string (pool, "flagship");
  g_assert_null (flagship);
  problems = adm_scenario_edit_check (edit);
  g_assert_cmpuint (problems->len, ==, 0);
  g_clear_pointer (&problems, g_ptr_array_unref);

  g_assert_true (adm_scenario_edit_set_id (edit, admiral, "bothari", &error));
  g_assert_no_error (error);
  adm_scenario_edit_set (edit, adm_scenario_edit_find (edit, "sector", "komarr-orbit"), "name",
                         "Komarr High Orbit");
  steps += 2;
  pool_admiral = adm_xml_get_string (pool, "admiral");
  pool_sector = adm_xml_get_string (pool, "sector");
  g_assert_cmpstr (pool_admiral, ==, "bothari");
  g_assert_cmpstr (pool_sector, ==, "komarr-high-orbit");
  problems = adm_scenario_edit_check (edit);
  g_assert_cmpuint (problems->len, ==, 0);
  g_clear_pointer (&problems, g_ptr_array_unref);

  gull = adm_scenario_edit_find (edit, "ship", "gull");
  adm_scenario_edit_remove (edit, gull);
  adm_scenario_edit_remove (edit, ship);
  adm_scenario_edit_remove (edit, pool);
  steps += 3;
  g_assert_null (adm_scenario_edit_find (edit, "ship", "nightingale"));
  problems = adm_scenario_edit_check (edit);
  g_assert_cmpuint (problems->len, ==, 0);
  for (guint i = 0; i < steps; i++)
    g_assert_true (adm_scenario_edit_undo (edit));
  g_assert_false (adm_scenario_edit_can_undo (edit));
  assert_same_bytes (original, adm_scenario_edit_get_bytes (edit));
}

/* An id typed for an element: every reference follows it, the name's later changes leave it
 * be; a text that is no id, or another's id, is refused with the element's line and nothing
 * changes. */
static void
test_id_typed (void)
{
  g_autoptr(GBytes) original = NULL;
  g_autoptr(AdmScenarioEdit) edit = open_shipped ("skirmish.admiralty", &original);
  g_autoptr(GBytes) before = NULL;
  g_autoptr(GError) error = NULL;
  xmlNode *kestrel = find (edit, "ship", "kestrel");
  xmlNode *formation = kestrel->parent;
  xmlNode *admiral = find (edit, "admiral", "vorkosigan");
  g_autofree char *flagship = NULL;
  g_autofree char *owner = NULL;

  g_assert_true (adm_scenario_edit_set_id (edit, kestrel, "picket-leader", &error));
  g_assert_no_error (error);
  flagship = adm_xml_get_string (formation, "flagship");
  g_assert_cmpstr (flagship, ==, "picket-leader");
  adm_scenario_edit_set (edit, kestrel, "name", "Kestrel II");
  g_assert_true (adm_scenario_edit_find (edit, "ship", "picket-leader") == kestrel);
  g_assert_true (adm_scenario_edit_set_id (edit, admiral, "aral", &error));
  owner = adm_xml_get_string (formation, "admiral");
  g_assert_cmpstr (owner, ==, "aral");
  g_assert_true (adm_scenario_edit_set_id (edit, adm_scenario_edit_get_root (edit), "hub-2",
                                           &error));
  g_assert_no_error (error);

  before = g_bytes_ref (adm_scenario_edit_get_bytes (edit));
  g_assert_false (adm_scenario_edit_set_id (edit, kestrel, "Kestrel", &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "“Kestrel” is not an id"));
  g_clear_error (&error);
  g_assert_false (adm_scenario_edit_set_id (edit, kestrel, "prince-serg", &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, ":30: another ship has the id “prince-serg”"));
  g_clear_error (&error);
  g_assert_false (adm_scenario_edit_set_id (edit, formation, "jade-line", &error));
  g_assert_nonnull (strstr (error->message, "another formation has the id “jade-line”"));
  g_assert_true (g_bytes_equal (before, adm_scenario_edit_get_bytes (edit)));
}

/* F-GEN-5: a new scenario has no ship yet, so it does not load whole; its map is still drawn
 * from it (the editor's Map page), and a sector added is on it at once. */
static void
test_sketch_without_ships (void)
{
  g_autoptr(AdmScenarioEdit) edit = adm_scenario_edit_new ("forcon-2010", "Tau Verde");
  g_autoptr(AdmScenario) sketch = NULL;
  g_autoptr(AdmScenario) again = NULL;
  gboolean whole = TRUE;

  sketch = adm_scenario_edit_build (edit, &whole);
  g_assert_false (whole);
  g_assert_nonnull (sketch);
  g_assert_nonnull (adm_scenario_lookup_sector (sketch, "home-sector"));
  adm_scenario_edit_add_sector (edit, "Tau Verde gate", 200, 0);
  again = adm_scenario_edit_build (edit, &whole);
  g_assert_false (whole);
  g_assert_nonnull (again);
  g_assert_cmpuint (adm_scenario_get_sectors (again)->len, ==, 2);
}

/* F-FORM-4, F-FORM-5: a scenario made from nothing by the editor's edits loads. */
static void
test_build_loads (void)
{
  g_autoptr(AdmScenarioEdit) edit = adm_scenario_edit_new ("forcon-2010", "Tau Verde");
  g_autofree char *folder = g_dir_make_tmp ("admiralty-edit-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (folder, "tau-verde.admiralty", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmScenario) scenario = NULL;
  xmlNode *home = find (edit, "sector", "home-sector");
  xmlNode *gate, *line, *screen, *first;

  g_assert_nonnull (adm_scenario_edit_get_ruleset (edit));
  adm_scenario_edit_set (edit, home, "name", "Tau Verde IV");
  g_assert_true (adm_scenario_edit_get_modified (edit));
  gate = adm_scenario_edit_add_sector (edit, "Tau Verde gate", 200, 0);
  adm_scenario_edit_add_object (edit, gate, "wormhole-exit", "Jump point to Beta");
  g_assert_nonnull (adm_scenario_edit_add_link (edit, "tau-verde-iv", "tau-verde-gate"));
  g_assert_null (adm_scenario_edit_add_link (edit, "tau-verde-gate", "tau-verde-iv"));
  adm_scenario_edit_add_admiral (edit, "Adm. Aral Vorkosigan", "barrayar");
  adm_scenario_edit_add_admiral (edit, "ghem-Adm. Ilsum Estif", "cetaganda");

  line = adm_scenario_edit_add_formation (edit, "First Squadron", "barrayar", "tau-verde-iv");
  adm_scenario_edit_set (edit, line, "admiral", "adm-aral-vorkosigan");
  first = adm_scenario_edit_add_ship (edit, line, NULL, "Prince Serg", "general-vorkraft", 10);
  adm_scenario_edit_add_ship (edit, line, first, "Emperor Dorca", "vorhartung", 8);
  adm_scenario_edit_duplicate (edit, find (edit, "ship", "emperor-dorca"));
  adm_scenario_edit_set_succession (edit, find (edit, "ship", "emperor-dorca-2"), 1);

  screen = adm_scenario_edit_add_formation (edit, "Autumn Screen", "cetaganda",
                                            "tau-verde-gate");
  adm_scenario_edit_add_ship (edit, screen, NULL, "Autumn Bell", "frigate", 5);
  adm_scenario_edit_duplicate (edit, screen);

  g_assert_true (adm_scenario_edit_save (edit, path, &error));
  g_assert_no_error (error);
  scenario = adm_scenario_load_file (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (scenario);
  g_assert_cmpuint (adm_scenario_get_formations (scenario)->len, ==, 3);
  g_assert_cmpuint (adm_scenario_get_ships (scenario)->len, ==, 5);
  g_assert_cmpstr (adm_scenario_lookup_formation (scenario, "first-squadron")->flagship->id, ==,
                   "prince-serg");
  g_assert_cmpstr (((AdmShip *) adm_scenario_lookup_formation (scenario, "first-squadron")
                    ->succession->pdata[0])->id, ==, "emperor-dorca-2");
  g_assert_nonnull (adm_scenario_lookup_formation (scenario, "autumn-screen-2"));
  g_assert_false (adm_scenario_edit_get_modified (edit));
  remove_tree (folder);
}

/* A new scenario untouched holds nothing to lose: it is not modified. A change is, undone
 * it is not, redone it is again. */
static void
test_new_untouched (void)
{
  g_autoptr(AdmScenarioEdit) edit = adm_scenario_edit_new ("forcon-2010", "Tau Verde");

  g_assert_false (adm_scenario_edit_get_modified (edit));
  g_assert_false (adm_scenario_edit_can_undo (edit));
  adm_scenario_edit_add_sector (edit, "Tau Verde gate", 200, 0);
  g_assert_true (adm_scenario_edit_get_modified (edit));
  g_assert_true (adm_scenario_edit_undo (edit));
  g_assert_false (adm_scenario_edit_get_modified (edit));
  g_assert_true (adm_scenario_edit_redo (edit));
  g_assert_true (adm_scenario_edit_get_modified (edit));
}

/* Whether any of @problems names a line, and whether each names its element. */
static gboolean
any_line (GPtrArray *problems)
{
  g_assert_cmpuint (problems->len, >, 0);
  for (guint i = 0; i < problems->len; i++)
    {
      const AdmProblem *problem = problems->pdata[i];

      g_assert_nonnull (problem->node);
      if (problem->line > 0)
        return TRUE;
    }
  return FALSE;
}

/* A problem names a line of the file on disk only while the document is that file: a new
 * scenario's problems name their elements, no line; saved, the lines of the file; changed
 * since, no line again, and the file's lines back when undone to it. */
static void
test_problem_lines (void)
{
  g_autoptr(AdmScenarioEdit) edit = adm_scenario_edit_new ("forcon-2010", "Tau Verde");
  g_autofree char *folder = g_dir_make_tmp ("admiralty-edit-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (folder, "tau-verde.admiralty", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) fresh = NULL, saved = NULL, changed = NULL, undone = NULL;
  g_autoptr(GPtrArray) reopened_problems = NULL;
  g_autoptr(AdmScenarioEdit) reopened = NULL;
  xmlNode *home = find (edit, "sector", "home-sector");

  /* A sector at no place: a problem at the sector, on line 4 of the text. */
  adm_scenario_edit_set (edit, home, "x", "far");
  fresh = adm_scenario_edit_check (edit);
  g_assert_false (any_line (fresh));
  g_assert_true (adm_scenario_edit_save (edit, path, &error));
  g_assert_no_error (error);
  saved = adm_scenario_edit_check (edit);
  g_assert_true (any_line (saved));
  adm_scenario_edit_add_sector (edit, "Tau Verde gate", 200, 0);
  changed = adm_scenario_edit_check (edit);
  g_assert_false (any_line (changed));
  g_assert_true (adm_scenario_edit_undo (edit));
  undone = adm_scenario_edit_check (edit);
  g_assert_true (any_line (undone));
  /* The same file opened names the same lines. */
  reopened = adm_scenario_edit_open (path, &error);
  g_assert_no_error (error);
  reopened_problems = adm_scenario_edit_check (reopened);
  g_assert_cmpuint (reopened_problems->len, ==, saved->len);
  for (guint i = 0; i < saved->len; i++)
    g_assert_cmpint (((AdmProblem *) reopened_problems->pdata[i])->line, ==,
                     ((AdmProblem *) saved->pdata[i])->line);
  remove_tree (folder);
}

/* Undo keeps at most its limit of steps: the oldest go first. */
static void
test_undo_bounded (void)
{
  g_autoptr(AdmScenarioEdit) edit = adm_scenario_edit_new ("forcon-2010", "Long");
  xmlNode *home = find (edit, "sector", "home-sector");
  guint undone = 0;

  for (guint i = 0; i < ADM_SCENARIO_EDIT_UNDO_LIMIT + 50; i++)
    adm_scenario_edit_move_sector (edit, home, i + 1, 0);
  while (adm_scenario_edit_undo (edit))
    undone++;
  g_assert_cmpuint (undone, ==, ADM_SCENARIO_EDIT_UNDO_LIMIT);
}

/* A draft with problems opens, to be fixed; what is no scenario is refused. */
static void
test_draft_opens (void)
{
  static const char draft[] =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<scenario id=\"draft\" name=\"Draft\" ruleset=\"forcon-2010\">\n"
    "  <formation id=\"f\" name=\"F\" faction=\"nobody\" sector=\"nowhere\" flagship=\"\"/>\n"
    "</scenario>\n";
  static const char battle[] = "<battle/>";
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmScenarioEdit) edit = adm_scenario_edit_new_from_data (draft, strlen (draft),
                                                                     "draft.admiralty", &error);
  g_autoptr(AdmScenarioEdit) none = NULL;

  g_assert_no_error (error);
  g_assert_nonnull (edit);
  g_assert_cmpmem (g_bytes_get_data (adm_scenario_edit_get_bytes (edit), NULL),
                   g_bytes_get_size (adm_scenario_edit_get_bytes (edit)), draft, strlen (draft));
  none = adm_scenario_edit_new_from_data (battle, strlen (battle), "battle.xml", &error);
  g_assert_null (none);
  g_assert_error (error, ADM_XML_ERROR, ADM_XML_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "battle.xml:1:"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_data_func ("/engine/scenario-edit/unchanged-komarr", "komarr-campaign.admiralty",
                        test_unchanged);
  g_test_add_data_func ("/engine/scenario-edit/unchanged-skirmish", "skirmish.admiralty",
                        test_unchanged);
  g_test_add_func ("/engine/scenario-edit/unchanged-empty-element", test_unchanged_empty_element);
  g_test_add_func ("/engine/scenario-edit/F-FORM-8/add-remove-ship", test_add_remove_ship);
  for (guint i = 0; i < G_N_ELEMENTS (edits); i++)
    {
      g_autofree char *path = g_strdup_printf ("/engine/scenario-edit/undo-redo/%s",
                                               edits[i].name);

      g_autofree char *lines = g_strdup_printf ("/engine/scenario-edit/lines/%s",
                                                edits[i].name);

      g_test_add_data_func (path, GUINT_TO_POINTER (i), test_undo_redo);
      g_test_add_data_func (lines, GUINT_TO_POINTER (i), test_lines);
    }
  g_test_add_func ("/engine/scenario-edit/rename-follows", test_rename_follows);
  g_test_add_func ("/engine/scenario-edit/id-typed", test_id_typed);
  g_test_add_func ("/engine/scenario-edit/check-builds", test_check_builds);
  g_test_add_func ("/engine/scenario-edit/F-FORM-5/build-loads", test_build_loads);
  g_test_add_func ("/engine/scenario-edit/new-untouched", test_new_untouched);
  g_test_add_func ("/engine/scenario-edit/problem-lines", test_problem_lines);
  g_test_add_func ("/engine/scenario-edit/F-GEN-5/sketch-without-ships",
                   test_sketch_without_ships);
  g_test_add_func ("/engine/scenario-edit/undo-bounded", test_undo_bounded);
  g_test_add_func ("/engine/scenario-edit/F-GEN-5/F-GEN-6/pools", test_pools);
  g_test_add_func ("/engine/scenario-edit/draft-opens", test_draft_opens);

  return g_test_run ();
}
