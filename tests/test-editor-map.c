/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-editor-map.c: the scenario editor's Map page as a master uses it for what a sector
 * holds besides its name — where a wormhole exit leads (F-STRAT-8: the jump is a link) and a
 * minefield laid before the game (F-MINE-10) — with real clicks and keys through the X
 * server; each edit undoes and redoes, the map draws them as the game does, and the file
 * saved loads with them. And the Skirmish at the Hegen Hub built from a new campaign wholly
 * by hand — its map drawn, its title, admirals and fleets typed and picked on the Sides and
 * Fleets pages, ids included: saved, it validates, and its fleet cards (PDF text) and the
 * reports of a cycle resolved with its sample order sheets read as the bundled scenario's. */

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "admiralty-editor-fleets.h"
#include "admiralty-editor-map.h"
#include "admiralty-scenario-editor.h"
#include "admiralty-sector-legend.h"
#include "admiralty-sector-renderer.h"
#include "adm-doc-render.h"
#include "komarr-helpers.h"
#include "picture-helpers.h"
#include "editor-helpers.h"
#include "pointer-helpers.h"
#include "text-helpers.h"
#include "adm-campaign-file.h"
#include "adm-scenario-check.h"

/* The centre of sector @id on the editor's map, in the map's pixels. */
static void
sector_point (AdmiraltyEditorMap *page,
              const char         *id,
              double             *x,
              double             *y)
{
  AdmiraltySectorMap *map = admiralty_editor_map_get_map (page);
  AdmSector *sector = adm_scenario_lookup_sector (admiralty_sector_map_get_scenario (map), id);

  g_assert_nonnull (sector);
  admiralty_sector_view_to_pixels (admiralty_sector_map_get_view (map), sector->x, sector->y,
                                   x, y);
}

static gboolean
is_tooltip (GtkWidget     *widget,
            gconstpointer  data)
{
  return gtk_widget_is_drawable (widget) &&
         g_strcmp0 (gtk_widget_get_tooltip_text (widget), data) == 0;
}

/* The widget of type @type in the side panel's row titled @title. */
static GtkWidget *
in_row (AdmiraltyEditorMap *page,
        const char         *title,
        GType               type)
{
  GtkWidget *row = find_widget (GTK_WIDGET (page), is_row_titled, title);
  GtkWidget *found;

  g_assert_nonnull (row);
  found = find_widget (row, is_of_type, GSIZE_TO_POINTER (type));
  g_assert_nonnull (found);
  return found;
}

/* The minefield of @faction in sector @sector as the document has it: its mines, or 0. */
static int
mines_in (AdmScenarioEdit *edit,
          const char      *sector,
          const char      *faction)
{
  xmlNode *node = adm_scenario_edit_find_minefield (edit, adm_scenario_edit_find (edit, "sector",
                                                                                   sector),
                                                    faction);
  g_autofree char *mines = node != NULL ? adm_xml_get_string (node, "mines") : NULL;

  return mines != NULL ? atoi (mines) : 0;
}

/* The Skirmish at the Hegen Hub: the Pol jump point's exit is given the Vervain jump point
 * as its far end from the drop-down (the link is drawn with it, dashed in the jump's
 * colour), and a Cetagandan minefield of three mines is added there from the Add menu and
 * its count typed; each is one Ctrl+Z. Saved, the file loads with both. */
static void
test_exit_and_minefield (void)
{
  g_autofree char *source = source_path ("scenarios", "skirmish.admiralty", NULL);
  g_autofree char *folder = g_dir_make_tmp ("admiralty-editor-map-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (folder, "skirmish.admiralty", NULL);
  g_autoptr(GBytes) before = NULL;
  g_autoptr(AdmScenario) saved = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(cairo_surface_t) picture = NULL;
  AdmiraltyScenarioEditor *editor;
  AdmiraltyEditorMap *page;
  AdmiraltySectorMap *map;
  AdmScenarioEdit *edit;
  GtkWidget *widget;
  AdmSector *pol;
  double px, py;

  if (!pointer_available ())
    {
      g_test_skip ("needs an X11 display and xdotool");
      remove_tree (folder);
      return;
    }
  copy_file (source, path);
  editor = editor_of (path);
  edit = admiralty_scenario_editor_get_edit (editor);
  page = ADMIRALTY_EDITOR_MAP (admiralty_scenario_editor_get_page (editor, "map"));
  map = admiralty_editor_map_get_map (page);
  admiralty_scenario_editor_set_visible_page (editor, "map");
  wait_frame (GTK_WIDGET (editor));
  focus_window (GTK_WIDGET (editor));

  /* The Pol jump point, clicked on the map. */
  sector_point (page, "pol-jump-point", &px, &py);
  pointer_click (GTK_WIDGET (map), px, py + 20);
  g_assert_cmpstr (admiralty_sector_map_get_selected_sector (map), ==, "pol-jump-point");
  wait_frame (GTK_WIDGET (editor));

  /* Leads to: the drop-down opened with a click, the Vervain jump point chosen with the
   * keys (Off the map, Hegen inner system, Vervain jump point). */
  before = bytes_now (editor);
  g_assert_null (adm_scenario_edit_find_link (edit, "pol-jump-point", "vervain-jump-point"));
  widget = in_row (page, "Leads to", GTK_TYPE_DROP_DOWN);
  pointer_click_widget (widget);
  wait_frame (GTK_WIDGET (editor));
  keys_to (GTK_WIDGET (editor), "End");
  keys_to (GTK_WIDGET (editor), "Return");
  wait_frame (GTK_WIDGET (editor));
  g_assert_nonnull (adm_scenario_edit_find_link (edit, "pol-jump-point", "vervain-jump-point"));
  assert_undo_redo (editor, before);
  g_clear_pointer (&before, g_bytes_unref);

  /* A minefield from the Add menu (the factions of the season), then three mines typed. */
  before = bytes_now (editor);
  pointer_click_widget (find_widget (GTK_WIDGET (page), is_tooltip, "Add a Minefield"));
  wait_frame (GTK_WIDGET (editor));
  {
    AdmRuleset *ruleset = adm_scenario_edit_get_ruleset (edit);
    GPtrArray *factions = adm_ruleset_get_factions (ruleset);
    guint cetaganda = 0;

    while (!g_str_equal (((AdmFaction *) g_ptr_array_index (factions, cetaganda))->id,
                         "cetaganda"))
      cetaganda++;
    /* The menu's items in the season's order, the first one focused: Down to the
     * Cetagandan one. */
    keys_repeated_to (GTK_WIDGET (editor), "Down", cetaganda, "Return");
    wait_frame (GTK_WIDGET (editor));
    g_assert_cmpint (mines_in (edit, "pol-jump-point", "cetaganda"), ==, 1);
    widget = in_row (page, ((AdmFaction *) g_ptr_array_index (factions, cetaganda))->name,
                     GTK_TYPE_SPIN_BUTTON);
  }
  assert_undo_redo (editor, before);
  g_clear_pointer (&before, g_bytes_unref);
  before = bytes_now (editor);
  widget = in_row (page, "Cetagandan Empire", GTK_TYPE_SPIN_BUTTON);
  /* In its text, left of its buttons. */
  pointer_click (widget, 8, gtk_widget_get_height (widget) / 2.0);
  type_between_keys (GTK_WIDGET (editor), "ctrl+a", "3", "Return");
  wait_frame (GTK_WIDGET (editor));
  g_assert_cmpint (mines_in (edit, "pol-jump-point", "cetaganda"), ==, 3);
  assert_undo_redo (editor, before);

  /* Drawn as the game draws them: the jump dashed in its colour; the minefield's glyph on
   * the card, after the exit, in the faction's colour. */
  wait_frame (GTK_WIDGET (editor));
  pol = adm_scenario_lookup_sector (admiralty_sector_map_get_scenario (map), "pol-jump-point");
  g_assert_cmpuint (pol->minefields->len, ==, 1);
  g_assert_true (admiralty_sector_link_is_jump (
    pol, adm_scenario_lookup_sector (admiralty_sector_map_get_scenario (map),
                                     "vervain-jump-point")));
  root_screenshot ("editor-map-exit-minefield.png", 0, 0);
  picture = render_widget (GTK_WIDGET (map));
  save_png (picture, "editor-map-exit-minefield");

  /* Saved, it loads with both. */
  g_assert_true (adm_scenario_edit_save (edit, path, &error));
  g_assert_no_error (error);
  saved = adm_scenario_load_file (path, &error);
  g_assert_no_error (error);
  pol = adm_scenario_lookup_sector (saved, "pol-jump-point");
  g_assert_true (((AdmSectorObject *) g_ptr_array_index (pol->objects, 0))->leads_to ==
                 adm_scenario_lookup_sector (saved, "vervain-jump-point"));
  g_assert_cmpuint (pol->minefields->len, ==, 1);
  g_assert_cmpint (((AdmMinefield *) g_ptr_array_index (pol->minefields, 0))->mines, ==, 3);

  close_editor (editor);
  remove_tree (folder);
}

/* A sector added with a click on empty space at (@fx, @fy) of the map's size, its name typed. */
static void
click_sector (AdmiraltyScenarioEditor *editor,
              AdmiraltySectorMap      *map,
              double                   fx,
              double                   fy,
              const char              *name)
{
  pointer_click (GTK_WIDGET (map), gtk_widget_get_width (GTK_WIDGET (map)) * fx,
                 gtk_widget_get_height (GTK_WIDGET (map)) * fy);
  type_between_keys (GTK_WIDGET (editor), NULL, name, "Return");
  wait_frame (GTK_WIDGET (editor));
}

/* An object of the selected sector from the Objects' Add menu: the @nth kind (planet,
 * station, wormhole exit), its name typed over the one it is given. */
static void
add_object (AdmiraltyScenarioEditor *editor,
            AdmiraltyEditorMap      *page,
            guint                    nth,
            const char              *name)
{
  pointer_click_widget (find_widget (GTK_WIDGET (page), is_tooltip, "Add an Object"));
  wait_frame (GTK_WIDGET (editor));
  keys_repeated_to (GTK_WIDGET (editor), "Down", nth, "Return");
  wait_frame (GTK_WIDGET (editor));
  type_between_keys (GTK_WIDGET (editor), NULL, name, "Return");
  wait_frame (GTK_WIDGET (editor));
}

static void
select_sector (AdmiraltyEditorMap *page,
               const char         *id)
{
  double x, y;

  sector_point (page, id, &x, &y);
  pointer_click (GTK_WIDGET (admiralty_editor_map_get_map (page)), x, y + 20);
  g_assert_cmpstr (admiralty_sector_map_get_selected_sector (admiralty_editor_map_get_map (page)),
                   ==, id);
  wait_frame (GTK_WIDGET (page));
}

static void
drag_link (AdmScenarioEdit    *edit,
           AdmiraltyEditorMap *page,
           const char         *from,
           const char         *to)
{
  double ax, ay, bx, by;

  sector_point (page, from, &ax, &ay);
  sector_point (page, to, &bx, &by);
  pointer_drag (GTK_WIDGET (admiralty_editor_map_get_map (page)), ax, ay + 20, bx, by + 20);
  g_assert_nonnull (adm_scenario_edit_find_link (edit, from, to));
}

/* The fleet cards of every admiral of a campaign of @path, printed to a PDF (F-GEN-5): the
 * PDF's text. */
static char *
cards_of (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = adm_campaign_open (path, &error);
  g_autoptr(AdmDoc) cards = NULL;
  g_autofree char *pdf = g_strconcat (path, ".cards.pdf", NULL);
  char *text;

  g_assert_no_error (error);
  cards = adm_report_build (campaign, ADM_REPORT_CARDS, NULL, 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (adm_doc_write_pdf (cards, NULL, pdf, &error));
  g_assert_no_error (error);
  text = pdf_text (pdf);
  g_remove (pdf);
  return text;
}

#define T0 G_GINT64_CONSTANT (1795370400) /* 2026-11-22T18:00:00Z */

/* Cycle 1 of a campaign of @path, resolved with the Skirmish's sample order sheets
 * (scenarios/skirmish.sheets/) and seeded dice: the master's report and each admiral's, asked
 * for by his name, as text. */
static char *
first_cycle (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = adm_campaign_open (path, &error);
  GString *out = g_string_new (NULL);
  static const char *const readers[] = {
    NULL, "Adm. Aral Vorkosigan", "ghem-Adm. Ilsum Estif"
  };

  g_assert_no_error (error);
  sample_play_cycle (campaign, "skirmish", 1, T0);
  for (guint i = 0; i < G_N_ELEMENTS (readers); i++)
    {
      g_autoptr(AdmDoc) doc = adm_report_build (campaign, readers[i] == NULL ? ADM_REPORT_MASTER
                                                                             : ADM_REPORT_ADMIRAL,
                                                readers[i], 1, NULL, &error);
      g_autofree char *text = NULL;

      g_assert_no_error (error);
      text = adm_doc_to_text (doc);
      g_string_append (out, text);
    }
  return g_string_free (out, FALSE);
}

/* The Skirmish at the Hegen Hub built from a new campaign: its map with the pointer and keys
 * — three sectors clicked and named, the planet, station and exits from the Add menu, the two
 * links dragged, the first sector removed with Delete — and its sides and fleets as those
 * pages make them, with the ids the sample sheets name typed where those the editor makes
 * of the names differ. Saved, it has no problem, and its admirals' fleet cards printed to a
 * PDF read word for word as the bundled scenario's; so do the master's and the admirals'
 * reports of cycle 1 resolved with the Skirmish's sample sheets and the same dice. */
static void
test_skirmish_from_nothing (void)
{
  g_autofree char *bundled_path = source_path ("scenarios", "skirmish.admiralty", NULL);
  g_autofree char *folder = g_dir_make_tmp ("admiralty-editor-map-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (folder, "skirmish.admiralty", NULL);
  g_autofree char *ours = NULL, *theirs = NULL;
  g_autoptr(AdmScenario) bundled = NULL;
  g_autoptr(AdmScenario) saved = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GError) error = NULL;
  AdmiraltyScenarioEditor *editor;
  AdmiraltyEditorMap *page;
  AdmiraltyEditorFleets *fleets;
  AdmiraltySectorMap *map;
  AdmScenarioEdit *edit;
  GtkWidget *sides;
  GPtrArray *admirals, *formations;

  if (!pointer_available ())
    {
      g_test_skip ("needs an X11 display and xdotool");
      remove_tree (folder);
      return;
    }
  bundled = adm_scenario_load_file (bundled_path, &error);
  g_assert_no_error (error);
  editor = admiralty_scenario_editor_new_scenario (GTK_APPLICATION (app));
  gtk_window_set_default_size (GTK_WINDOW (editor), 1280, 800);
  gtk_window_present (GTK_WINDOW (editor));
  iterate_until (widget_mapped, editor, 5000);
  edit = admiralty_scenario_editor_get_edit (editor);
  page = ADMIRALTY_EDITOR_MAP (admiralty_scenario_editor_get_page (editor, "map"));
  map = admiralty_editor_map_get_map (page);
  admiralty_scenario_editor_set_visible_page (editor, "map");
  wait_frame (GTK_WIDGET (editor));
  focus_window (GTK_WIDGET (editor));

  /* The map, by hand. */
  click_sector (editor, map, 0.15, 0.3, "Pol jump point");
  add_object (editor, page, 2, "Jump point to Pol");
  click_sector (editor, map, 0.5, 0.7, "Hegen inner system");
  add_object (editor, page, 0, "Hegen IV (gas giant)");
  add_object (editor, page, 1, "Aslund Station");
  click_sector (editor, map, 0.85, 0.3, "Vervain jump point");
  add_object (editor, page, 2, "Jump point to Vervain");
  drag_link (edit, page, "pol-jump-point", "hegen-inner-system");
  drag_link (edit, page, "hegen-inner-system", "vervain-jump-point");
  select_sector (page, "home-sector");
  keys_to (GTK_WIDGET (editor), "Delete");
  g_assert_null (adm_scenario_edit_find (edit, "sector", "home-sector"));
  /* The manual's picture of the Map page: the hub selected, its planet and station shown. */
  select_sector (page, "hegen-inner-system");
  root_screenshot ("editor-map-skirmish.png", 1280, 800);

  /* The title and the admirals on the Sides page, typed and picked. */
  admiralty_scenario_editor_set_visible_page (editor, "sides");
  wait_frame (GTK_WIDGET (editor));
  sides = admiralty_scenario_editor_get_page (editor, "sides");
  type_into (editor, find_widget (sides, is_row_titled, "Name"),
             adm_scenario_get_name (bundled));
  type_into (editor, find_widget (sides, is_row_titled, "Id"), adm_scenario_get_id (bundled));
  type_into (editor, find_widget (sides, is_row_titled, "Description"),
             adm_scenario_get_description (bundled));
  admirals = adm_scenario_get_admirals (bundled);
  for (guint i = 0; i < admirals->len; i++)
    {
      const AdmAdmiral *admiral = g_ptr_array_index (admirals, i);
      GtkWidget *row;

      pointer_click_widget (find_widget (sides, is_button_labelled, "_Add Admiral"));
      type_between_keys (GTK_WIDGET (editor), NULL, admiral->name, "Return");
      row = find_widget (sides, is_entry_row_text, admiral->name);
      g_assert_nonnull (row);
      choose_named (editor, find_widget (row, is_styled, "faction-picker"),
                    admiral->faction->name);
      /* His id, as the sample sheets name him. */
      type_into (editor, find_widget (row, is_of_type, GSIZE_TO_POINTER (GTK_TYPE_ENTRY)),
                 admiral->id);
      g_assert_nonnull (adm_scenario_edit_find (edit, "admiral", admiral->id));
    }
  root_screenshot ("editor-sides-skirmish.png", 1280, 800);

  /* The fleets on the Fleets page: a formation's name typed, its faction, admiral and
   * starting sector picked; its ships' names typed in one go (Enter adds the next ship),
   * each one's class picked, readiness and place in the succession typed. */
  admiralty_scenario_editor_set_visible_page (editor, "fleets");
  wait_frame (GTK_WIDGET (editor));
  fleets = ADMIRALTY_EDITOR_FLEETS (admiralty_scenario_editor_get_page (editor, "fleets"));
  formations = adm_scenario_get_formations (bundled);
  for (guint i = 0; i < formations->len; i++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, i);

      pointer_click_widget (find_widget (GTK_WIDGET (fleets), is_button_labelled,
                                         "Add _Formation"));
      type_between_keys (GTK_WIDGET (editor), NULL, formation->name, "Return");
      choose_named (editor, find_widget (GTK_WIDGET (fleets), is_row_titled, "Faction"),
                    formation->faction->name);
      choose_named (editor, find_widget (GTK_WIDGET (fleets), is_row_titled, "Admiral"),
                    formation->admiral->name);
      choose_named (editor, find_widget (GTK_WIDGET (fleets), is_row_titled,
                                         "Starting Sector"),
                    formation->sector->name);
      /* Its id, as the sample sheets name it. */
      type_into (editor, find_widget (GTK_WIDGET (fleets), is_row_titled, "Id"), formation->id);
      g_assert_true (adm_scenario_edit_find (edit, "formation", formation->id) ==
                     formation_shown (fleets));
      pointer_click_widget (find_widget (GTK_WIDGET (fleets), is_button_labelled, "Add _Ship"));
      pointer_click_widget (admiralty_editor_fleets_get_ship_entry (fleets, 0));
      keys_to (GTK_WIDGET (editor), "ctrl+a");
      for (guint k = 0; k < formation->ships->len; k++)
        {
          const AdmShip *ship = g_ptr_array_index (formation->ships, k);

          type_between_keys (GTK_WIDGET (editor), NULL, ship->name,
                             k + 1 < formation->ships->len ? "Return" : "Tab");
        }
      for (guint k = 0; k < formation->ships->len; k++)
        {
          const AdmShip *ship = g_ptr_array_index (formation->ships, k);
          GtkWidget *entry = admiralty_editor_fleets_get_ship_entry (fleets, k);
          GtkWidget *id = gtk_widget_get_next_sibling (entry);
          GtkWidget *klass = gtk_widget_get_next_sibling (id);
          GtkWidget *readiness = gtk_widget_get_next_sibling (klass);
          GtkWidget *hull = gtk_widget_get_next_sibling (readiness);
          GtkWidget *succession = gtk_widget_get_next_sibling (hull);
          g_autofree char *figure = g_strdup_printf ("%d", ship->readiness);
          guint place = 0;

          g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, ship->name);
          /* The id made from the name, or the one typed where the bundled ship's differs. */
          if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (id)), ship->id) != 0)
            type_into (editor, id, ship->id);
          g_assert_nonnull (adm_scenario_edit_find (edit, "ship", ship->id));
          choose_named (editor, klass, ship->klass->name);
          /* F-CRIT-5: the hull button shows the chosen class's hull, whole. */
          {
            g_autofree char *whole = g_strdup_printf ("%d/%d", ship->klass->hull,
                                                      ship->klass->hull);

            g_assert_true (find_widget (hull, is_label_text, whole) != NULL);
          }
          type_into (editor, readiness, figure);
          for (guint p = 0; p < formation->succession->len; p++)
            if (g_ptr_array_index (formation->succession, p) == ship)
              place = p + 1;
          if (place > 0)
            {
              g_autofree char *text = g_strdup_printf ("%u", place);

              type_into (editor, succession, text);
            }
          if (ship == formation->flagship)
            {
              GtkWidget *flag = gtk_widget_get_prev_sibling (entry);

              if (!gtk_check_button_get_active (GTK_CHECK_BUTTON (flag)))
                pointer_click_widget (flag);
              g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (
                gtk_widget_get_prev_sibling (admiralty_editor_fleets_get_ship_entry (fleets,
                                                                                     k)))));
            }
        }
    }
  root_screenshot ("editor-fleets-skirmish.png", 1280, 800);

  g_assert_true (adm_scenario_edit_save (edit, path, &error));
  g_assert_no_error (error);
  problems = adm_scenario_check_all (adm_scenario_edit_get_root (edit), path, NULL);
  g_assert_cmpuint (problems->len, ==, 0);
  saved = adm_scenario_load_file (path, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < 3; i++)
    {
      const AdmSector *want = g_ptr_array_index (adm_scenario_get_sectors (bundled), i);
      const AdmSector *got = adm_scenario_lookup_sector (saved, want->id);

      g_assert_nonnull (got);
      g_assert_cmpstr (got->name, ==, want->name);
      g_assert_cmpuint (got->objects->len, ==, want->objects->len);
      for (guint k = 0; k < want->objects->len; k++)
        {
          const AdmSectorObject *a = g_ptr_array_index (want->objects, k);
          const AdmSectorObject *b = g_ptr_array_index (got->objects, k);

          g_assert_cmpstr (a->kind, ==, b->kind);
          g_assert_cmpstr (a->name, ==, b->name);
        }
      g_assert_cmpuint (got->adjacent->len, ==, want->adjacent->len);
    }
  /* What the admirals are handed before play (F-GEN-5). */
  ours = cards_of (path);
  theirs = cards_of (bundled_path);
  g_assert_nonnull (strstr (theirs, "Prince Serg"));
  g_assert_nonnull (strstr (theirs, "Celestial Harmony"));
  g_assert_cmpstr (ours, ==, theirs);
  /* A cycle resolved with the same orders and dice reads the same to everyone. */
  g_free (ours);
  g_free (theirs);
  ours = first_cycle (path);
  theirs = first_cycle (bundled_path);
  g_assert_nonnull (strstr (theirs, "Hegen inner system"));
  g_assert_cmpstr (ours, ==, theirs);

  adm_scenario_edit_set_saved (edit, adm_scenario_edit_get_bytes (edit));
  close_editor (editor);
  remove_tree (folder);
}

/* The skirmish with its Pol exit leading to the Vervain jump point (linked) and a Cetagandan
 * minefield at Pol. */
static AdmScenario *
marked_skirmish (void)
{
  g_autofree char *source = source_path ("scenarios", "skirmish.admiralty", NULL);
  g_autofree char *text = file_contents (source);
  g_autoptr(GString) marked = g_string_new (text);
  g_autoptr(GError) error = NULL;
  AdmScenario *scenario;

  g_assert_cmpuint (g_string_replace (marked, "name=\"Jump point to Pol\"/>",
                                      "name=\"Jump point to Pol\" leads-to=\"vervain-jump-point\"/>\n"
                                      "      <minefield faction=\"cetaganda\" mines=\"3\"/>", 1),
                    ==, 1);
  g_assert_cmpuint (g_string_replace (marked, "  </map>",
                                      "    <link from=\"pol-jump-point\" "
                                      "to=\"vervain-jump-point\"/>\n  </map>", 1), ==, 1);
  scenario = adm_scenario_load_data (marked->str, marked->len, "marked.admiralty", &error);
  g_assert_no_error (error);
  return scenario;
}

/* The map reads as it will in play: the jump dashed in its colour, the minefield on the
 * master's card of the scenario's start in the faction's colour, both in the legend; a side's
 * map and a campaign's show no minefield. */
static void
test_drawn (void)
{
  g_autoptr(AdmScenario) scenario = marked_skirmish ();
  g_autoptr(cairo_surface_t) surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 900,
                                                                   600);
  g_auto(GStrv) master = NULL;
  g_auto(GStrv) side = NULL;
  AdmiraltySectorOptions options;
  AdmiraltySectorView view;
  AdmSector *pol = adm_scenario_lookup_sector (scenario, "pol-jump-point");
  AdmSector *vervain = adm_scenario_lookup_sector (scenario, "vervain-jump-point");
  double px, py, vx, vy;
  gboolean dashed_seen = FALSE;
  cairo_t *cr;

  admiralty_sector_options_init (&options);
  options.legend = TRUE;
  admiralty_sector_view_init (&view, 900, 600);
  admiralty_sector_view_fit (&view, scenario);
  cr = cairo_create (surface);
  admiralty_sector_render (cr, &view, scenario, &options);
  cairo_destroy (cr);
  save_png (surface, "drawn");

  g_assert_true (admiralty_sector_link_is_jump (pol, vervain));
  g_assert_false (admiralty_sector_link_is_jump (
    pol, adm_scenario_lookup_sector (scenario, "hegen-inner-system")));
  /* Along the jump, between the cards, the jump's colour shows (and gaps between dashes). */
  admiralty_sector_view_to_pixels (&view, pol->x, pol->y, &px, &py);
  admiralty_sector_view_to_pixels (&view, vervain->x, vervain->y, &vx, &vy);
  for (double t = 0.35; t < 0.65; t += 0.005)
    dashed_seen |= pixel_at (surface, px + t * (vx - px), py + t * (vy - py)) ==
                   ADMIRALTY_SECTOR_JUMP_RGB;
  g_assert_true (dashed_seen);

  master = admiralty_sector_legend_entries (scenario, &options);
  g_assert_true (g_strv_contains ((const char *const *) master,
                                  "Wormhole jump: the link to an exit's far end"));
  g_assert_true (g_strv_contains ((const char *const *) master,
                                  "Minefield laid before the game, hidden from the other sides"));
  g_assert_cmpuint (admiralty_sector_minefields_shown (&options, pol), ==, 1);
  options.audience = ADMIRALTY_SECTOR_AUDIENCE_SIDE;
  options.viewer = adm_ruleset_lookup_faction (adm_scenario_get_ruleset (scenario), "barrayar");
  g_assert_cmpuint (admiralty_sector_minefields_shown (&options, pol), ==, 0);
  side = admiralty_sector_legend_entries (scenario, &options);
  g_assert_false (g_strv_contains ((const char *const *) side,
                                   "Minefield laid before the game, hidden from the other sides"));
  g_assert_true (g_strv_contains ((const char *const *) side,
                                  "Wormhole jump: the link to an exit's far end"));
  options.audience = ADMIRALTY_SECTOR_AUDIENCE_PUBLIC;
  g_assert_cmpuint (admiralty_sector_minefields_shown (&options, pol), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv, "editor-map");
  picture_set_prefix ("editor-map");

  g_test_add_func ("/ui/editor-map/F-STRAT-8/F-MINE-2/drawn", test_drawn);
  g_test_add_func ("/ui/editor-map/F-STRAT-8/F-MINE-10/exit-and-minefield",
                   test_exit_and_minefield);
  g_test_add_func ("/ui/editor-map/F-STRAT-8/F-GEN-5/skirmish-from-nothing",
                   test_skirmish_from_nothing);

  return ui_test_finish (g_test_run ());
}
