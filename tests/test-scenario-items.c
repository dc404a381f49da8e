/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-scenario-items.c: the scenario document model's items — admirals, alliances, the map's
 * sectors, objects, minefields and links, formations and their ships — as GListModels of typed
 * items that say what each edit, undo and redo changed; bad values
 * refused with nothing changed; an item removed, or undone, refuses every change. */

#include "config.h"

#include <string.h>

#include "admiralty-engine.h"
#include "file-helpers.h"

typedef struct {
  guint position, removed, added;
  guint calls;
} Changes;

static void
items_changed_cb (GListModel *model,
                  guint       position,
                  guint       removed,
                  guint       added,
                  Changes    *changes)
{
  changes->position = position;
  changes->removed = removed;
  changes->added = added;
  changes->calls++;
}

static void
count_notify_cb (GObject    *object,
                 GParamSpec *pspec,
                 guint      *count)
{
  (*count)++;
}

static AdmScenarioEdit *
open_komarr (void)
{
  g_autofree char *path = source_path ("scenarios", "komarr-campaign.admiralty", NULL);
  g_autoptr(GError) error = NULL;
  AdmScenarioEdit *edit = adm_scenario_edit_open (path, &error);

  g_assert_no_error (error);
  return edit;
}

static AdmScenarioItem *
item_at (GListModel *model,
         guint       position)
{
  g_autoptr(GObject) item = g_list_model_get_item (model, position);

  /* Borrowed: the list holds it. */
  return ADM_SCENARIO_ITEM (item);
}

/* An admiral added, renamed, removed, and each undone and redone: the list says where, and
 * the admirals before and after are the same objects throughout. */
static void
test_admirals_follow (void)
{
  g_autoptr(AdmScenarioEdit) edit = open_komarr ();
  GListModel *admirals = adm_scenario_edit_get_admirals (edit);
  g_autoptr(GBytes) original = g_bytes_ref (adm_scenario_edit_get_bytes (edit));
  Changes changes = { 0 };
  AdmScenarioItem *first, *added;
  guint n, notified = 0;
  g_autoptr(GError) error = NULL;

  n = g_list_model_get_n_items (admirals);
  g_assert_cmpuint (n, ==, 11);
  g_assert_true (g_list_model_get_item_type (admirals) == ADM_TYPE_SCENARIO_ADMIRAL);
  first = item_at (admirals, 0);
  g_assert_cmpstr (adm_scenario_item_get_id (first), ==, "vorkosigan");
  g_assert_cmpstr (adm_scenario_admiral_get_faction (ADM_SCENARIO_ADMIRAL (first)), ==,
                   "barrayar");
  g_signal_connect (admirals, "items-changed", G_CALLBACK (items_changed_cb), &changes);

  added = ADM_SCENARIO_ITEM (adm_scenario_edit_append_admiral (edit, "Adm. Kanzian", "barrayar"));
  g_assert_nonnull (added);
  g_assert_cmpuint (changes.calls, ==, 1);
  g_assert_cmpuint (changes.position, ==, n);
  g_assert_cmpuint (changes.removed, ==, 0);
  g_assert_cmpuint (changes.added, ==, 1);
  g_assert_cmpstr (adm_scenario_item_get_id (added), ==, "adm-kanzian");

  /* A new name: its id made from the name follows, notified; the list is as it was. */
  g_signal_connect (added, "notify::id", G_CALLBACK (count_notify_cb), &notified);
  g_assert_true (adm_scenario_item_set_name (added, "Adm. Rozin", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (notified, ==, 1);
  g_assert_cmpstr (adm_scenario_item_get_id (added), ==, "adm-rozin");
  g_assert_cmpuint (changes.calls, ==, 1);

  /* Undo the rename: the same item, its old name and id again. */
  g_assert_true (adm_scenario_edit_undo (edit));
  g_assert_true (item_at (admirals, n) == added);
  g_assert_cmpstr (adm_scenario_item_get_name (added), ==, "Adm. Kanzian");
  g_assert_cmpstr (adm_scenario_item_get_id (added), ==, "adm-kanzian");
  g_assert_cmpuint (changes.calls, ==, 1);
  g_assert_true (item_at (admirals, 0) == first);

  /* Undo the adding: the item is gone from the list and detached. */
  g_assert_true (adm_scenario_edit_undo (edit));
  g_assert_cmpuint (changes.calls, ==, 2);
  g_assert_cmpuint (changes.position, ==, n);
  g_assert_cmpuint (changes.removed, ==, 1);
  g_assert_cmpuint (changes.added, ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (admirals), ==, n);
  g_assert_true (item_at (admirals, 0) == first);
  g_assert_true (g_bytes_equal (adm_scenario_edit_get_bytes (edit), original));

  /* Redo: he is back, at the end. */
  g_assert_true (adm_scenario_edit_redo (edit));
  g_assert_cmpuint (changes.calls, ==, 3);
  g_assert_cmpuint (changes.added, ==, 1);
  g_assert_cmpstr (adm_scenario_item_get_id (item_at (admirals, n)), ==, "adm-kanzian");
}

/* Bad values through the items: nothing changes, the message says what was wrong. */
static void
test_bad_values (void)
{
  g_autoptr(AdmScenarioEdit) edit = open_komarr ();
  GListModel *admirals = adm_scenario_edit_get_admirals (edit);
  GListModel *alliances = adm_scenario_edit_get_alliances (edit);
  g_autoptr(GBytes) original = g_bytes_ref (adm_scenario_edit_get_bytes (edit));
  AdmScenarioItem *admiral = item_at (admirals, 1);
  AdmScenarioItem *alliance = item_at (alliances, 0);
  g_autoptr(GError) error = NULL;

  g_assert_false (adm_scenario_item_set_name (admiral, "   ", &error));
  g_assert_error (error, ADM_SCENARIO_ITEM_ERROR, ADM_SCENARIO_ITEM_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (adm_scenario_item_set_id (admiral, "Not An Id", &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "is not an id"));
  g_clear_error (&error);
  /* Another admiral's id. */
  g_assert_false (adm_scenario_item_set_id (admiral, "vorkosigan", &error));
  g_assert_nonnull (strstr (error->message, "another admiral has the id"));
  g_clear_error (&error);
  g_assert_false (adm_scenario_admiral_set_faction (ADM_SCENARIO_ADMIRAL (admiral), "atlantis",
                                                    &error));
  g_assert_error (error, ADM_SCENARIO_ITEM_ERROR, ADM_SCENARIO_ITEM_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "atlantis"));
  g_clear_error (&error);
  g_assert_false (adm_scenario_alliance_add_member (ADM_SCENARIO_ALLIANCE (alliance), NULL,
                                                    &error));
  g_assert_error (error, ADM_SCENARIO_ITEM_ERROR, ADM_SCENARIO_ITEM_ERROR_INVALID);
  g_clear_error (&error);
  /* The scenario itself is not removed. */
  g_assert_false (adm_scenario_item_remove (adm_scenario_edit_get_item (edit), &error));
  g_assert_error (error, ADM_SCENARIO_ITEM_ERROR, ADM_SCENARIO_ITEM_ERROR_INVALID);
  g_clear_error (&error);

  g_assert_true (g_bytes_equal (adm_scenario_edit_get_bytes (edit), original));
  g_assert_false (adm_scenario_edit_can_undo (edit));
  g_assert_cmpstr (adm_scenario_admiral_get_faction (ADM_SCENARIO_ADMIRAL (admiral)), ==,
                   "barrayar");
}

/* An admiral who commands formations removed: the formations lose him, the list
 * loses him, his item is detached and refuses every change; undo brings an admiral of his id
 * back, with his formations, byte for byte. */
static void
test_remove_in_use (void)
{
  g_autoptr(AdmScenarioEdit) edit = open_komarr ();
  GListModel *admirals = adm_scenario_edit_get_admirals (edit);
  g_autoptr(GBytes) original = g_bytes_ref (adm_scenario_edit_get_bytes (edit));
  g_autoptr(AdmScenarioItem) vorkosigan = g_object_ref (item_at (admirals, 0));
  guint n = g_list_model_get_n_items (admirals), attached_notified = 0;
  Changes changes = { 0 };
  g_autoptr(GError) error = NULL;
  AdmScenarioItem *back;

  g_signal_connect (admirals, "items-changed", G_CALLBACK (items_changed_cb), &changes);
  g_signal_connect (vorkosigan, "notify::attached", G_CALLBACK (count_notify_cb),
                    &attached_notified);
  g_assert_nonnull (strstr (g_bytes_get_data (original, NULL), "admiral=\"vorkosigan\""));
  g_assert_true (adm_scenario_item_remove (vorkosigan, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (changes.calls, ==, 1);
  g_assert_cmpuint (changes.position, ==, 0);
  g_assert_cmpuint (changes.removed, ==, 1);
  g_assert_cmpuint (changes.added, ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (admirals), ==, n - 1);
  g_assert_false (adm_scenario_item_get_attached (vorkosigan));
  g_assert_cmpuint (attached_notified, ==, 1);
  /* No formation names him any more. */
  g_assert_null (strstr (g_bytes_get_data (adm_scenario_edit_get_bytes (edit), NULL),
                         "admiral=\"vorkosigan\""));

  /* The detached item keeps its values and refuses every change. */
  g_assert_cmpstr (adm_scenario_item_get_name (vorkosigan), ==, "Adm. Aral Vorkosigan");
  g_assert_false (adm_scenario_item_set_name (vorkosigan, "Adm. Cordelia Naismith", &error));
  g_assert_error (error, ADM_SCENARIO_ITEM_ERROR, ADM_SCENARIO_ITEM_ERROR_DETACHED);
  g_assert_nonnull (strstr (error->message, "Adm. Aral Vorkosigan"));
  g_clear_error (&error);
  g_assert_false (adm_scenario_item_remove (vorkosigan, &error));
  g_assert_error (error, ADM_SCENARIO_ITEM_ERROR, ADM_SCENARIO_ITEM_ERROR_DETACHED);
  g_clear_error (&error);
  g_assert_false (adm_scenario_admiral_set_faction (ADM_SCENARIO_ADMIRAL (vorkosigan),
                                                    "barrayar", &error));
  g_assert_error (error, ADM_SCENARIO_ITEM_ERROR, ADM_SCENARIO_ITEM_ERROR_DETACHED);
  g_clear_error (&error);

  /* Undo after the removal: an admiral of his id at his place, the file as it was; the
   * detached item stays detached and still refuses. */
  g_assert_true (adm_scenario_edit_undo (edit));
  g_assert_cmpuint (changes.calls, ==, 2);
  g_assert_cmpuint (changes.position, ==, 0);
  g_assert_cmpuint (changes.removed, ==, 0);
  g_assert_cmpuint (changes.added, ==, 1);
  back = item_at (admirals, 0);
  g_assert_cmpstr (adm_scenario_item_get_id (back), ==, "vorkosigan");
  g_assert_true (adm_scenario_item_get_attached (back));
  g_assert_false (adm_scenario_item_get_attached (vorkosigan));
  g_assert_false (adm_scenario_item_set_name (vorkosigan, "Adm. Cordelia Naismith", &error));
  g_assert_error (error, ADM_SCENARIO_ITEM_ERROR, ADM_SCENARIO_ITEM_ERROR_DETACHED);
  g_assert_true (g_bytes_equal (adm_scenario_edit_get_bytes (edit), original));
}

/* F-STRAT-4: a faction moved from one alliance to another: both alliances' members are
 * notified; the alliance it left empty goes from the list; undo brings it back. */
static void
test_alliances (void)
{
  g_autoptr(AdmScenarioEdit) edit = open_komarr ();
  GListModel *alliances = adm_scenario_edit_get_alliances (edit);
  g_autoptr(GBytes) original = g_bytes_ref (adm_scenario_edit_get_bytes (edit));
  AdmScenarioAlliance *compact, *contract;
  g_autoptr(AdmScenarioAlliance) solo = NULL;
  guint compact_notified = 0, contract_notified = 0;
  Changes changes = { 0 };
  g_auto(GStrv) members = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (g_list_model_get_n_items (alliances), ==, 2);
  compact = ADM_SCENARIO_ALLIANCE (item_at (alliances, 0));
  contract = ADM_SCENARIO_ALLIANCE (item_at (alliances, 1));
  g_assert_true (adm_scenario_alliance_has_member (compact, "vervain"));
  g_signal_connect (compact, "notify::members", G_CALLBACK (count_notify_cb), &compact_notified);
  g_signal_connect (contract, "notify::members", G_CALLBACK (count_notify_cb),
                    &contract_notified);
  g_signal_connect (alliances, "items-changed", G_CALLBACK (items_changed_cb), &changes);

  g_assert_true (adm_scenario_alliance_add_member (contract, "vervain", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (compact_notified, ==, 1);
  g_assert_cmpuint (contract_notified, ==, 1);
  g_assert_cmpuint (changes.calls, ==, 0);
  g_assert_false (adm_scenario_alliance_has_member (compact, "vervain"));
  members = adm_scenario_alliance_dup_members (contract);
  g_assert_cmpuint (g_strv_length (members), ==, 3);
  g_assert_cmpstr (members[2], ==, "vervain");

  /* An alliance of one begun for Komarr, then Komarr moved on: it goes. */
  solo = g_object_ref (adm_scenario_edit_append_alliance (edit, "Komarran Home Guard",
                                                          "komarr"));
  g_assert_nonnull (solo);
  g_assert_cmpuint (changes.calls, ==, 1);
  g_assert_cmpuint (changes.added, ==, 1);
  g_assert_true (adm_scenario_alliance_add_member (compact, "komarr", &error));
  g_assert_cmpuint (changes.calls, ==, 2);
  g_assert_cmpuint (changes.position, ==, 2);
  g_assert_cmpuint (changes.removed, ==, 1);
  g_assert_false (adm_scenario_item_get_attached (ADM_SCENARIO_ITEM (solo)));

  while (adm_scenario_edit_can_undo (edit))
    g_assert_true (adm_scenario_edit_undo (edit));
  g_assert_true (g_bytes_equal (adm_scenario_edit_get_bytes (edit), original));
  g_assert_true (item_at (alliances, 0) == ADM_SCENARIO_ITEM (compact));
  g_assert_true (adm_scenario_alliance_has_member (compact, "vervain"));
  g_assert_cmpuint (g_list_model_get_n_items (alliances), ==, 2);
}

/* The scenario itself: its name through its item, its id following until play begins. */
static void
test_scenario_item (void)
{
  g_autoptr(AdmScenarioEdit) edit = adm_scenario_edit_new ("forcon-2010", "Hegen Hub");
  AdmScenarioItem *item = adm_scenario_edit_get_item (edit);
  g_autoptr(GError) error = NULL;

  g_assert_cmpstr (adm_scenario_item_get_id (item), ==, "hegen-hub");
  g_assert_true (adm_scenario_item_set_name (item, "Vervain Crisis", &error));
  g_assert_cmpstr (adm_scenario_item_get_id (item), ==, "vervain-crisis");
  adm_scenario_edit_set_ids_fixed (edit, TRUE);
  g_assert_true (adm_scenario_item_set_name (item, "Hegen Hub", &error));
  g_assert_cmpstr (adm_scenario_item_get_id (item), ==, "vervain-crisis");
  g_assert_true (adm_scenario_edit_undo (edit));
  g_assert_cmpstr (adm_scenario_item_get_name (item), ==, "Vervain Crisis");
  g_assert_true (adm_scenario_item_get_attached (item));
}

/* F-STRAT-8: the map as items — a sector's objects and minefields, the links. A station's
 * owner given to a planet is refused with nothing changed; an object added is told where, and
 * undone it is detached while its sector stays the same object. */
static void
test_map_items (void)
{
  g_autoptr(AdmScenarioEdit) edit = open_komarr ();
  g_autoptr(GBytes) original = g_bytes_ref (adm_scenario_edit_get_bytes (edit));
  AdmScenarioSector *orbit = adm_scenario_edit_find_sector (edit, "komarr-orbit");
  GListModel *objects, *minefields, *links;
  AdmScenarioItem *planet;
  g_autoptr(AdmScenarioItem) added = NULL;
  g_autoptr(AdmScenarioMinefield) minefield = NULL;
  Changes changes = { 0 };
  guint notified = 0;
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (orbit);
  g_assert_true (item_at (adm_scenario_edit_get_sectors (edit), 0) == ADM_SCENARIO_ITEM (orbit));
  objects = adm_scenario_sector_get_objects (orbit);
  g_assert_cmpuint (g_list_model_get_n_items (objects), ==, 2);
  planet = item_at (objects, 0);
  g_assert_cmpstr (adm_scenario_object_get_kind (ADM_SCENARIO_OBJECT (planet)), ==, "planet");
  g_assert_true (adm_scenario_item_get_parent (planet) == ADM_SCENARIO_ITEM (orbit));

  /* Bad values first: nothing changes. */
  g_assert_false (adm_scenario_object_set_station (ADM_SCENARIO_OBJECT (planet), "komarr",
                                                   "orbital-fortress", 6, &error));
  g_assert_error (error, ADM_SCENARIO_ITEM_ERROR, ADM_SCENARIO_ITEM_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (adm_scenario_object_set_leads_to (ADM_SCENARIO_OBJECT (planet), "pol-orbit",
                                                    &error));
  g_clear_error (&error);
  g_assert_true (g_bytes_equal (original, adm_scenario_edit_get_bytes (edit)));

  g_signal_connect (objects, "items-changed", G_CALLBACK (items_changed_cb), &changes);
  /* Held: undone, the list lets it go. */
  added = g_object_ref (ADM_SCENARIO_ITEM (adm_scenario_sector_add_object (orbit, "station",
                                                                          "Relay")));
  g_assert_nonnull (added);
  g_assert_cmpuint (changes.calls, ==, 1);
  g_assert_cmpuint (changes.position, ==, 2);
  g_assert_cmpuint (changes.added, ==, 1);
  g_assert_true (item_at (objects, 2) == added);
  g_assert_true (adm_scenario_object_set_station (ADM_SCENARIO_OBJECT (added), "komarr",
                                                  "orbital-fortress", 9, &error));
  g_assert_no_error (error);
  g_assert_cmpint (adm_scenario_object_get_readiness (ADM_SCENARIO_OBJECT (added)), ==, 9);
  g_assert_true (adm_scenario_edit_undo (edit));
  g_assert_true (adm_scenario_edit_undo (edit));
  g_assert_false (adm_scenario_item_get_attached (added));
  g_assert_true (adm_scenario_item_get_attached (ADM_SCENARIO_ITEM (orbit)));
  g_assert_true (adm_scenario_edit_find_sector (edit, "komarr-orbit") == orbit);
  g_assert_true (item_at (objects, 0) == planet);
  g_assert_cmpuint (g_list_model_get_n_items (objects), ==, 2);
  g_assert_false (adm_scenario_object_set_station (ADM_SCENARIO_OBJECT (added), "komarr",
                                                   "orbital-fortress", 6, &error));
  g_assert_error (error, ADM_SCENARIO_ITEM_ERROR, ADM_SCENARIO_ITEM_ERROR_DETACHED);
  g_clear_error (&error);
  g_assert_true (g_bytes_equal (original, adm_scenario_edit_get_bytes (edit)));

  /* F-MINE-10: a minefield found by its faction; its mines changed in place, notified. */
  minefields = adm_scenario_sector_get_minefields (orbit);
  g_assert_true (adm_scenario_sector_set_minefield (orbit, "komarr", 3, &error));
  minefield = adm_scenario_sector_find_minefield (orbit, "komarr");
  g_assert_nonnull (minefield);
  g_object_ref (minefield);
  g_assert_true (item_at (minefields, 0) == ADM_SCENARIO_ITEM (minefield));
  g_signal_connect (minefield, "notify::mines", G_CALLBACK (count_notify_cb), &notified);
  g_assert_true (adm_scenario_sector_set_minefield (orbit, "komarr", 5, &error));
  g_assert_cmpuint (notified, ==, 1);
  g_assert_cmpint (adm_scenario_minefield_get_mines (minefield), ==, 5);
  g_assert_true (adm_scenario_sector_set_minefield (orbit, "komarr", 0, &error));
  g_assert_false (adm_scenario_item_get_attached (ADM_SCENARIO_ITEM (minefield)));
  g_assert_cmpuint (g_list_model_get_n_items (minefields), ==, 0);

  /* A link's other end; a sector moved is notified. */
  links = adm_scenario_edit_get_links (edit);
  g_assert_cmpstr (adm_scenario_link_get_other (ADM_SCENARIO_LINK (item_at (links, 0)),
                                                "solar-mirror"), ==, "komarr-orbit");
  g_assert_null (adm_scenario_link_get_other (ADM_SCENARIO_LINK (item_at (links, 0)),
                                              "pol-orbit"));
  notified = 0;
  g_signal_connect (orbit, "notify::x", G_CALLBACK (count_notify_cb), &notified);
  g_assert_true (adm_scenario_sector_move (orbit, 12, 0, &error));
  g_assert_cmpuint (notified, ==, 1);
}

/* F-FORM-4, F-FORM-5: formations and their ships as items. A faction the rules lack is
 * refused with nothing changed; a new flagship is told on both ships; a ship added and undone
 * is detached while its formation stays the same object. */
static void
test_fleet_items (void)
{
  g_autoptr(AdmScenarioEdit) edit = open_komarr ();
  g_autoptr(GBytes) original = g_bytes_ref (adm_scenario_edit_get_bytes (edit));
  GListModel *formations = adm_scenario_edit_get_formations (edit);
  AdmScenarioFormation *first = ADM_SCENARIO_FORMATION (item_at (formations, 0));
  GListModel *ships = adm_scenario_fleet_get_ships (ADM_SCENARIO_FLEET (first));
  AdmScenarioShip *serg = ADM_SCENARIO_SHIP (item_at (ships, 0));
  AdmScenarioShip *xav = ADM_SCENARIO_SHIP (item_at (ships, 1));
  g_autoptr(AdmScenarioShip) added = NULL;
  guint notified = 0;
  g_autoptr(GError) error = NULL;

  g_assert_cmpstr (adm_scenario_item_get_id (ADM_SCENARIO_ITEM (first)), ==,
                   "first-squadron-home-fleet");
  g_assert_true (adm_scenario_ship_get_flagship (serg));
  g_assert_cmpuint (adm_scenario_ship_get_succession (xav), ==, 1);
  g_assert_cmpint (adm_scenario_ship_get_readiness (serg), ==, 10);

  g_assert_false (adm_scenario_formation_set_faction (first, "cetaganda-imaginary", &error));
  g_assert_error (error, ADM_SCENARIO_ITEM_ERROR, ADM_SCENARIO_ITEM_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_true (g_bytes_equal (original, adm_scenario_edit_get_bytes (edit)));

  g_signal_connect (serg, "notify::flagship", G_CALLBACK (count_notify_cb), &notified);
  g_signal_connect (xav, "notify::flagship", G_CALLBACK (count_notify_cb), &notified);
  g_assert_true (adm_scenario_ship_make_flagship (xav, &error));
  g_assert_cmpuint (notified, ==, 2);
  g_assert_true (adm_scenario_ship_get_flagship (xav));
  g_assert_false (adm_scenario_ship_get_flagship (serg));
  g_assert_cmpstr (adm_scenario_formation_get_flagship (first), ==, "prince-xav");
  g_assert_true (adm_scenario_edit_undo (edit));
  g_assert_true (adm_scenario_ship_get_flagship (serg));
  g_assert_true (item_at (ships, 0) == ADM_SCENARIO_ITEM (serg));

  added = adm_scenario_fleet_add_ship (ADM_SCENARIO_FLEET (first), serg, "Vorsoisson", "vorberg",
                                       4);
  g_assert_nonnull (added);
  g_object_ref (added);
  g_assert_true (item_at (ships, 1) == ADM_SCENARIO_ITEM (added));
  g_assert_true (adm_scenario_edit_find_item (edit, adm_scenario_item_get_element (
                                                      ADM_SCENARIO_ITEM (added))) ==
                 ADM_SCENARIO_ITEM (added));
  g_assert_true (adm_scenario_item_get_parent (ADM_SCENARIO_ITEM (added)) ==
                 ADM_SCENARIO_ITEM (first));
  g_assert_true (adm_scenario_edit_undo (edit));
  g_assert_false (adm_scenario_item_get_attached (ADM_SCENARIO_ITEM (added)));
  g_assert_false (adm_scenario_ship_set_class (added, "vorberg", &error));
  g_assert_error (error, ADM_SCENARIO_ITEM_ERROR, ADM_SCENARIO_ITEM_ERROR_DETACHED);
  g_clear_error (&error);
  g_assert_true (item_at (formations, 0) == ADM_SCENARIO_ITEM (first));
  g_assert_true (g_bytes_equal (original, adm_scenario_edit_get_bytes (edit)));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/scenario-items/admirals-follow", test_admirals_follow);
  g_test_add_func ("/engine/scenario-items/bad-values", test_bad_values);
  g_test_add_func ("/engine/scenario-items/remove-in-use", test_remove_in_use);
  g_test_add_func ("/engine/scenario-items/F-STRAT-4/alliances", test_alliances);
  g_test_add_func ("/engine/scenario-items/scenario", test_scenario_item);
  g_test_add_func ("/engine/scenario-items/F-STRAT-8/map", test_map_items);
  g_test_add_func ("/engine/scenario-items/F-FORM-4/fleets", test_fleet_items);
  return g_test_run ();
}
