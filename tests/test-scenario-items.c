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

/* What a master types that the rules cannot take is refused, each with a message naming the
 * ship and the problem and nothing changed: @damage and @criticals as typed. */
static void
assert_wear_refused (AdmScenarioEdit *edit,
                     AdmScenarioShip *ship,
                     GBytes          *before,
                     const char      *damage,
                     const char      *criticals,
                     const char      *problem)
{
  g_autoptr(GError) error = NULL;

  g_assert_false (adm_scenario_ship_set_wear (ship, damage, criticals, &error));
  g_assert_error (error, ADM_SCENARIO_ITEM_ERROR, ADM_SCENARIO_ITEM_ERROR_INVALID);
  g_assert_true (g_str_has_prefix (error->message, "Ship “Prince Serg”: "));
  if (strstr (error->message, problem) == NULL)
    g_error ("“%s” does not say “%s”", error->message, problem);
  g_assert_true (g_bytes_equal (before, adm_scenario_edit_get_bytes (edit)));
  g_assert_false (adm_scenario_edit_can_redo (edit));
}

/* F-CRIT-5, F-CRIT-8, F-CRIT-20: a ship's hull points lost and unrepaired criticals, checked
 * against its class and the season's critical table, bad values first; set together as one
 * step of undo, the results in order; cleared, the file is its bytes as read. */
static void
test_ship_wear (void)
{
  g_autoptr(AdmScenarioEdit) edit = open_komarr ();
  g_autoptr(GBytes) original = g_bytes_ref (adm_scenario_edit_get_bytes (edit));
  GListModel *formations = adm_scenario_edit_get_formations (edit);
  AdmScenarioFormation *first = ADM_SCENARIO_FORMATION (item_at (formations, 0));
  GListModel *ships = adm_scenario_fleet_get_ships (ADM_SCENARIO_FLEET (first));
  AdmScenarioShip *serg = ADM_SCENARIO_SHIP (item_at (ships, 0));
  const AdmShipClass *klass = adm_ruleset_lookup_class (adm_scenario_edit_get_ruleset (edit),
                                                        adm_scenario_ship_get_class (serg));
  g_autofree char *no_hull = g_strdup_printf ("%d", klass->hull);
  g_autofree char *last = g_strdup_printf ("%d", klass->hull - 1);
  g_autoptr(GString) too_many = g_string_new (NULL);
  g_autoptr(GBytes) worn = NULL;
  g_autoptr(AdmScenario) scenario = NULL;
  g_autoptr(GError) error = NULL;
  const AdmShip *ship;
  guint notified = 0;

  g_assert_cmpint (adm_scenario_ship_get_damage (serg), ==, 0);
  g_assert_null (adm_scenario_ship_get_criticals (serg));

  /* Bad input first. */
  {
    g_autofree char *problem = g_strdup_printf ("damage %d leaves no hull; it may be 0–%d of %d",
                                                klass->hull, klass->hull - 1, klass->hull);

    assert_wear_refused (edit, serg, original, no_hull, "", problem);
  }
  assert_wear_refused (edit, serg, original, "12345678901234567890123456789", "",
                       "damage 1234567890123456… leaves no hull");
  assert_wear_refused (edit, serg, original, "two", "", "damage “two” is not a number");
  assert_wear_refused (edit, serg, original, "-1", "", "damage “-1” is not a number");
  assert_wear_refused (edit, serg, original, "1", "7 13",
                       "“13” is no result of the season’s critical table, 2–12 (F-CRIT-8)");
  assert_wear_refused (edit, serg, original, "1", "fire", "“fire” is no result");
  assert_wear_refused (edit, serg, original, "", "99999999999999999999", "is no result");
  for (int i = 0; i <= ADM_SHIP_CRITICALS_MAX; i++)
    g_string_append (too_many, "7 ");
  assert_wear_refused (edit, serg, original, "", too_many->str, "a ship keeps at most");

  /* Both as one step of undo; the item's properties follow. */
  g_signal_connect (serg, "notify::damage", G_CALLBACK (count_notify_cb), &notified);
  g_signal_connect (serg, "notify::criticals", G_CALLBACK (count_notify_cb), &notified);
  g_assert_true (adm_scenario_ship_set_wear (serg, last, " 7  5 7", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (notified, ==, 2);
  g_assert_cmpint (adm_scenario_ship_get_damage (serg), ==, klass->hull - 1);
  g_assert_cmpstr (adm_scenario_ship_get_criticals (serg), ==, "5 7 7");
  worn = g_bytes_ref (adm_scenario_edit_get_bytes (edit));
  {
    xmlNode *element = adm_scenario_item_get_element (ADM_SCENARIO_ITEM (serg));
    g_autofree char *points = adm_xml_get_string (element, "damage");
    g_autofree char *results = adm_xml_get_string (element, "criticals");

    g_assert_cmpstr (points, ==, last);
    g_assert_cmpstr (results, ==, "5 7 7");
  }
  g_assert_true (adm_scenario_edit_undo (edit));
  g_assert_true (g_bytes_equal (original, adm_scenario_edit_get_bytes (edit)));
  g_assert_cmpint (adm_scenario_ship_get_damage (serg), ==, 0);
  g_assert_true (adm_scenario_edit_redo (edit));
  g_assert_true (g_bytes_equal (worn, adm_scenario_edit_get_bytes (edit)));
  g_assert_cmpstr (adm_scenario_ship_get_criticals (serg), ==, "5 7 7");

  /* What the editor writes, the loader reads as the ship's state. */
  scenario = adm_scenario_load_data (g_bytes_get_data (worn, NULL), g_bytes_get_size (worn),
                                     "worn.admiralty", &error);
  g_assert_no_error (error);
  ship = adm_scenario_lookup_ship (scenario, "prince-serg");
  g_assert_nonnull (ship);
  g_assert_cmpint (ship->damage, ==, klass->hull - 1);
  g_assert_cmpint (ship->criticals[5], ==, 1);
  g_assert_cmpint (ship->criticals[7], ==, 2);

  /* Cleared: no attribute left, the file as read. */
  g_assert_true (adm_scenario_ship_set_wear (serg, "", "", &error));
  g_assert_no_error (error);
  g_assert_true (g_bytes_equal (original, adm_scenario_edit_get_bytes (edit)));
}

static gboolean
prop_is (xmlNode    *node,
         const char *name,
         const char *value)
{
  g_autofree char *actual = adm_xml_get_string (node, name);

  return g_strcmp0 (actual, value) == 0;
}

/* F-CRIT-8: a season whose ship critical table takes 7 and 8 in one row keeps that critical
 * under 7: "8" is no result of it, refused by the editor and by the loader. */
static void
test_ship_wear_season (void)
{
  g_autoptr(AdmScenarioEdit) edit = open_komarr ();
  GListModel *formations = adm_scenario_edit_get_formations (edit);
  AdmScenarioFormation *first = ADM_SCENARIO_FORMATION (item_at (formations, 0));
  AdmScenarioShip *serg = ADM_SCENARIO_SHIP (item_at (adm_scenario_fleet_get_ships (
                                                        ADM_SCENARIO_FLEET (first)), 0));
  g_autoptr(xmlDoc) doc = xmlNewDoc (BAD_CAST "1.0");
  xmlNode *season = xmlDocCopyNode (adm_ruleset_get_season (adm_scenario_edit_get_ruleset (edit)),
                                    doc, 1);
  xmlNode *seven = NULL, *eight = NULL;
  g_autoptr(GBytes) before = NULL;
  g_autoptr(GString) text = NULL;
  g_autoptr(AdmScenario) scenario = NULL;
  g_autoptr(GError) error = NULL;

  xmlDocSetRootElement (doc, season);
  /* The ship table's rows by their first roll. */
  for (xmlNode *table = adm_xml_first_element (adm_xml_first_element (season, "ruleset"),
                                                "critical-table");
       table != NULL;
       table = adm_xml_next_element (table, "critical-table"))
    if (prop_is (table, "kind", "ship"))
      for (xmlNode *row = adm_xml_first_element (table, "result"); row != NULL;
           row = adm_xml_next_element (row, "result"))
        {
          if (prop_is (row, "from", "7"))
            seven = row;
          if (prop_is (row, "from", "8"))
            eight = row;
        }
  g_assert_nonnull (seven);
  g_assert_nonnull (eight);
  xmlSetProp (seven, BAD_CAST "to", BAD_CAST "8");
  xmlUnlinkNode (eight);
  xmlFreeNode (eight);
  g_assert_true (adm_scenario_edit_set_season (edit, season, &error));
  g_assert_no_error (error);

  before = g_bytes_ref (adm_scenario_edit_get_bytes (edit));
  g_assert_false (adm_scenario_ship_set_wear (serg, "", "7 8", &error));
  g_assert_error (error, ADM_SCENARIO_ITEM_ERROR, ADM_SCENARIO_ITEM_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "“8” is no result of the season’s critical "
                                            "table, 2–7, 9–12 (F-CRIT-8)"));
  g_clear_error (&error);
  g_assert_true (g_bytes_equal (before, adm_scenario_edit_get_bytes (edit)));

  g_assert_true (adm_scenario_ship_set_wear (serg, "", "7", &error));
  g_assert_no_error (error);
  text = g_string_new_len (g_bytes_get_data (adm_scenario_edit_get_bytes (edit), NULL),
                           g_bytes_get_size (adm_scenario_edit_get_bytes (edit)));
  scenario = adm_scenario_load_data (text->str, text->len, "seven.admiralty", &error);
  g_assert_no_error (error);
  g_clear_object (&scenario);
  g_assert_cmpuint (g_string_replace (text, "criticals=\"7\"", "criticals=\"8\"", 1), ==, 1);
  g_assert_null (adm_scenario_load_data (text->str, text->len, "eight.admiralty", &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "eight.admiralty:"));
  g_assert_nonnull (strstr (error->message, "“Prince Serg” lists critical result “8”, which is "
                                            "no result"));
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
  g_test_add_func ("/engine/scenario-items/F-CRIT-5/ship-wear", test_ship_wear);
  g_test_add_func ("/engine/scenario-items/F-CRIT-8/ship-wear-season", test_ship_wear_season);
  return g_test_run ();
}
