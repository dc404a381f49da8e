/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-sheet-form.c: the master's order-sheet form on the bundled Komarr campaign, checked by
 * the engine as the journal takes the sheet — an order of the cycle, a new flagship and an
 * administrative order of one formation given in one pass (F-STRAT-12: the administrative
 * orders take no time), a new formation's own order on the sheet that detaches it, an attack
 * on its own sector accepted as it is offered (F-STRAT-16), attack targets marked for
 * adjacency as the next sector of a route is (F-STRAT-8), and all of it kept as a draft.
 * Runs under Xvfb. */

#include "config.h"

#include <locale.h>
#include <string.h>

#include <glib/gi18n.h>

#include "admiralty-sheet-form.h"
#include "ui-helpers.h"
#include "adm-campaign-file.h"

typedef struct {
  AdmCampaign        *campaign;
  AdmiraltySheetForm *form;
  guint               before;   /* events in the journal before the test */
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *scenario = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "scenarios",
                                                "komarr-campaign.admiralty", NULL);
  g_autofree char *drafts = g_build_filename (data_home, "admiralty", "drafts", NULL);

  /* A campaign just started from the scenario keeps its drafts under the scenario's name:
   * each test starts with none left by the one before. */
  remove_tree (drafts);
  fixture->campaign = adm_campaign_open (scenario, &error);
  g_assert_no_error (error);
  fixture->before = adm_campaign_get_events (fixture->campaign)->len;
  fixture->form = admiralty_sheet_form_new (fixture->campaign, "vorkosigan", FALSE);
  g_assert_nonnull (fixture->form);
  gtk_window_present (GTK_WINDOW (fixture->form));
  iterate ();
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (fixture->form));
  iterate ();
  g_clear_object (&fixture->campaign);
}

/* The orders journalled since the test began, as "formation:order" one a line, with a route,
 * target or flagship after a space. */
static char *
journalled (Fixture *fixture)
{
  GPtrArray *events = adm_campaign_get_events (fixture->campaign);
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = fixture->before; i < events->len; i++)
    {
      AdmEvent *event = g_ptr_array_index (events, i);
      const char *detail = adm_event_get (event, "route");

      if (!g_str_equal (adm_event_get_kind (event), "order"))
        continue;
      if (detail == NULL)
        detail = adm_event_get (event, "target");
      if (detail == NULL)
        detail = adm_event_get (event, "flagship");
      g_string_append_printf (out, "%s:%s%s%s\n", adm_event_get (event, "formation"),
                              adm_event_get (event, "order"), detail != NULL ? " " : "",
                              detail != NULL ? detail : "");
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static void
hand_in (Fixture *fixture)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (admiralty_sheet_form_can_hand_in (fixture->form));
  g_assert_true (admiralty_sheet_form_hand_in (fixture->form, &error));
  g_assert_no_error (error);
}

/* F-STRAT-12: a move and a new flagship of one formation on one sheet, the flagship first. */
static void
test_move_and_flagship (Fixture       *fixture,
                        gconstpointer  data)
{
  AdmiraltySheetForm *form = fixture->form;
  g_autofree char *orders = NULL;

  g_assert_true (admiralty_sheet_form_set_order (form, "first-squadron-home-fleet", "move"));
  g_assert_true (admiralty_sheet_form_set_route (form, "first-squadron-home-fleet",
                                                 "pol-jump-point"));
  g_assert_true (admiralty_sheet_form_set_flagship (form, "first-squadron-home-fleet",
                                                    "prince-xav"));
  g_assert_null (admiralty_sheet_form_get_refusal (form, "first-squadron-home-fleet"));
  hand_in (fixture);
  orders = journalled (fixture);
  g_assert_cmpstr (orders, ==,
                   "first-squadron-home-fleet:flagship prince-xav\n"
                   "first-squadron-home-fleet:move pol-jump-point\n");
}

/* F-STRAT-12, F-STRAT-17: ships detached, the ships that stay given a flagship and a move, all
 * in one pass; a ship that leaves is not the flagship of those that stay (F-FORM-4). */
static void
test_detach_flagship_and_move (Fixture       *fixture,
                               gconstpointer  data)
{
  AdmiraltySheetForm *form = fixture->form;
  const char *squadron = "first-squadron-home-fleet";
  g_autofree char *orders = NULL;
  AdmStrategy *strategy;
  AdmFormation *left;

  g_assert_true (admiralty_sheet_form_set_order (form, squadron, "detach"));
  g_assert_true (admiralty_sheet_form_set_ships (form, squadron, "prince-serg emperor-dorca"));
  g_assert_true (admiralty_sheet_form_set_new_name (form, squadron, "Serg Division"));
  g_assert_true (admiralty_sheet_form_set_flagship (form, squadron, "emperor-dorca"));
  g_assert_true (admiralty_sheet_form_set_flagship (form, squadron, "prince-xav"));
  g_assert_true (admiralty_sheet_form_set_order (form, squadron, "move"));
  g_assert_true (admiralty_sheet_form_set_route (form, squadron,
                                                 "pol-jump-point pol-orbit"));
  g_assert_null (admiralty_sheet_form_get_refusal (form, squadron));
  hand_in (fixture);
  orders = journalled (fixture);
  g_assert_cmpstr (orders, ==,
                   "first-squadron-home-fleet:detach emperor-dorca\n"
                   "first-squadron-home-fleet:flagship prince-xav\n"
                   "first-squadron-home-fleet:move pol-jump-point pol-orbit\n");
  strategy = adm_state_get_strategy (adm_campaign_get_state (fixture->campaign));
  left = adm_strategy_lookup_formation (strategy, squadron);
  g_assert_nonnull (left);
  g_assert_cmpuint (left->ships->len, ==, 3);
  g_assert_nonnull (adm_strategy_lookup_formation (strategy, "vorkosigan-serg-division"));
}

/* A detached ship cannot be the flagship of the ships that stay: refused before the engine
 * sees it, in the form's own rows (the row lists it under the new formation). */
static void
test_flagship_of_the_rest (Fixture       *fixture,
                           gconstpointer  data)
{
  AdmiraltySheetForm *form = fixture->form;
  const char *squadron = "first-squadron-home-fleet";

  g_assert_true (admiralty_sheet_form_set_flagship (form, squadron, "prince-serg"));
  g_assert_true (admiralty_sheet_form_set_order (form, squadron, "detach"));
  g_assert_true (admiralty_sheet_form_set_ships (form, squadron, "prince-serg"));
  g_assert_true (admiralty_sheet_form_set_new_name (form, squadron, "Serg Alone"));
  /* Prince Serg leaves, and the flagship order for the squadron names it: the engine says no. */
  g_assert_nonnull (admiralty_sheet_form_get_refusal (form, squadron));
  g_assert_false (admiralty_sheet_form_can_hand_in (form));
  g_assert_true (admiralty_sheet_form_set_flagship (form, squadron, "count-vorhalas"));
  g_assert_null (admiralty_sheet_form_get_refusal (form, squadron));
}

/* F-STRAT-12: a formation disbanded ceases, so no order of the cycle goes with it. */
static void
test_disband_then_order_refused (Fixture       *fixture,
                              gconstpointer  data)
{
  AdmiraltySheetForm *form = fixture->form;

  g_assert_true (admiralty_sheet_form_set_order (form, "first-destroyer-flotilla", "patrol"));
  g_assert_null (admiralty_sheet_form_get_refusal (form, "first-destroyer-flotilla"));
  g_assert_true (admiralty_sheet_form_set_order (form, "first-destroyer-flotilla", "disband"));
  g_assert_nonnull (admiralty_sheet_form_get_refusal (form, "first-destroyer-flotilla"));
  g_assert_true (admiralty_sheet_form_set_order (form, "first-destroyer-flotilla", "keep"));
  g_assert_null (admiralty_sheet_form_get_refusal (form, "first-destroyer-flotilla"));
}

/* F-STRAT-16: "Attack" with the target row as it opens, its own sector, is an order the
 * engine takes: the sector named. */
static void
test_attack_own_sector (Fixture       *fixture,
                        gconstpointer  data)
{
  AdmiraltySheetForm *form = fixture->form;
  g_autofree char *orders = NULL;

  for (guint i = 0; i < 3; i++)
    {
      const char *kind = (const char * const[]) { "attack", "patrol", "defend" }[i];

      g_assert_true (admiralty_sheet_form_set_order (form, "first-squadron-home-fleet", kind));
      g_assert_null (admiralty_sheet_form_get_refusal (form, "first-squadron-home-fleet"));
    }
  g_assert_true (admiralty_sheet_form_set_order (form, "first-squadron-home-fleet", "attack"));
  hand_in (fixture);
  orders = journalled (fixture);
  g_assert_cmpstr (orders, ==, "first-squadron-home-fleet:attack komarr-terminus\n");
}

/* F-STRAT-12: the formation a detach makes takes its own order on the same sheet, after the
 * detach; renaming it keeps what was typed for it, and it is gone with the detach. */
static void
test_new_formation_order (Fixture       *fixture,
                          gconstpointer  data)
{
  AdmiraltySheetForm *form = fixture->form;
  const char *squadron = "first-squadron-home-fleet";
  g_autofree char *orders = NULL;

  g_assert_false (admiralty_sheet_form_set_order (form, "vorkosigan-serg-division", "patrol"));
  g_assert_true (admiralty_sheet_form_set_order (form, squadron, "detach"));
  g_assert_true (admiralty_sheet_form_set_ships (form, squadron, "prince-serg emperor-dorca"));
  g_assert_true (admiralty_sheet_form_set_new_name (form, squadron, "Serg"));
  g_assert_true (admiralty_sheet_form_set_order (form, "vorkosigan-serg", "move"));
  g_assert_true (admiralty_sheet_form_set_route (form, "vorkosigan-serg", "sergyar-approach"));
  g_assert_null (admiralty_sheet_form_get_refusal (form, "vorkosigan-serg"));
  /* Renamed: the entry follows, with its order. */
  g_assert_true (admiralty_sheet_form_set_new_name (form, squadron, "Serg Division"));
  g_assert_false (admiralty_sheet_form_set_order (form, "vorkosigan-serg", "patrol"));
  g_assert_null (admiralty_sheet_form_get_refusal (form, "vorkosigan-serg-division"));
  /* F-STRAT-8: its route starts where it is made. */
  g_assert_true (admiralty_sheet_form_set_route (form, "vorkosigan-serg-division", "hegen-hub"));
  g_assert_nonnull (strstr (admiralty_sheet_form_get_refusal (form, "vorkosigan-serg-division"),
                            "not adjacent"));
  g_assert_false (admiralty_sheet_form_can_hand_in (form));
  g_assert_true (admiralty_sheet_form_set_route (form, "vorkosigan-serg-division",
                                                 "sergyar-approach"));
  g_assert_true (admiralty_sheet_form_set_order (form, squadron, "patrol"));
  hand_in (fixture);
  orders = journalled (fixture);
  g_assert_cmpstr (orders, ==,
                   "first-squadron-home-fleet:detach\n"
                   "first-squadron-home-fleet:patrol\n"
                   "vorkosigan-serg-division:move sergyar-approach\n");
}

static void
test_new_formation_gone (Fixture       *fixture,
                         gconstpointer  data)
{
  AdmiraltySheetForm *form = fixture->form;
  const char *squadron = "first-squadron-home-fleet";

  g_assert_true (admiralty_sheet_form_set_order (form, squadron, "detach"));
  g_assert_true (admiralty_sheet_form_set_ships (form, squadron, "kyril-island"));
  g_assert_true (admiralty_sheet_form_set_new_name (form, squadron, "Picket"));
  g_assert_true (admiralty_sheet_form_set_order (form, "vorkosigan-picket", "defend"));
  g_assert_true (admiralty_sheet_form_set_order (form, squadron, "none"));
  g_assert_false (admiralty_sheet_form_set_order (form, "vorkosigan-picket", "defend"));
  g_assert_true (admiralty_sheet_form_can_hand_in (form));
}

/* What is typed is kept as a draft: a detach, the flagship of the ships that stay, their
 * order and the new formation's come back in the form opened again, in their rows. */
static void
test_draft_keeps_all (Fixture       *fixture,
                      gconstpointer  data)
{
  const char *squadron = "first-squadron-home-fleet";
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("admiralty-sheet-form-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autofree char *orders = NULL;
  AdmiraltySheetForm *form;

  g_assert_no_error (error);
  path = g_build_filename (dir, "komarr.admiralty", NULL);
  g_assert_true (adm_campaign_save (fixture->campaign, path, &error));
  g_assert_no_error (error);
  gtk_window_destroy (GTK_WINDOW (fixture->form));
  fixture->form = admiralty_sheet_form_new (fixture->campaign, "vorkosigan", FALSE);
  form = fixture->form;
  g_assert_true (admiralty_sheet_form_set_order (form, squadron, "detach"));
  g_assert_true (admiralty_sheet_form_set_ships (form, squadron, "kyril-island"));
  g_assert_true (admiralty_sheet_form_set_new_name (form, squadron, "Picket"));
  g_assert_true (admiralty_sheet_form_set_flagship (form, squadron, "prince-xav"));
  g_assert_true (admiralty_sheet_form_set_order (form, squadron, "move"));
  g_assert_true (admiralty_sheet_form_set_route (form, squadron, "pol-jump-point"));
  g_assert_true (admiralty_sheet_form_set_order (form, "vorkosigan-picket", "patrol"));
  g_assert_true (admiralty_sheet_form_set_comments (form, "vorkosigan-picket",
                                                    "Watch the terminus."));

  /* Closed, and opened again from the draft. */
  gtk_window_destroy (GTK_WINDOW (form));
  iterate ();
  fixture->form = admiralty_sheet_form_new (fixture->campaign, "vorkosigan", FALSE);
  hand_in (fixture);
  orders = journalled (fixture);
  g_assert_cmpstr (orders, ==,
                   "first-squadron-home-fleet:detach\n"
                   "first-squadron-home-fleet:flagship prince-xav\n"
                   "first-squadron-home-fleet:move pol-jump-point\n"
                   "vorkosigan-picket:patrol\n");
  g_assert_cmpstr (adm_event_get_text (g_ptr_array_index (
                     adm_campaign_get_events (fixture->campaign),
                     adm_campaign_get_events (fixture->campaign)->len - 1)), ==,
                   "Watch the terminus.");
  remove_tree (dir);
}

static gboolean
is_target_row (GtkWidget     *widget,
               gconstpointer  data)
{
  return ADW_IS_COMBO_ROW (widget) &&
         g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)),
                    "_Target") == 0;
}

/* F-STRAT-8: the targets one move away come first, the others are marked "not adjacent" as
 * the next sector of a route is; the first is its own sector, named. */
static void
test_targets_marked (Fixture       *fixture,
                     gconstpointer  data)
{
  GtkWidget *row = find_widget (GTK_WIDGET (fixture->form), is_target_row, NULL);
  GListModel *model;
  guint n, first_far = 0, n_far = 0;

  /* The first formation's: the First Squadron at the Komarr wormhole terminus. */
  g_assert_nonnull (row);
  model = adw_combo_row_get_model (ADW_COMBO_ROW (row));
  n = g_list_model_get_n_items (model);
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (model), 0), ==,
                   "Its own sector (Komarr wormhole terminus)");
  for (guint i = 1; i < n; i++)
    {
      const char *label = gtk_string_list_get_string (GTK_STRING_LIST (model), i);

      g_test_message ("%s", label);
      if (strstr (label, "not adjacent") != NULL)
        {
          n_far++;
          if (first_far == 0)
            first_far = i;
        }
      /* Sectors linked to the terminus are listed unmarked, before any marked one. */
      if (g_str_equal (label, "Pol jump point") || g_str_equal (label, "Komarr orbit"))
        g_assert_cmpuint (first_far, ==, 0);
      g_assert_cmpstr (label, !=, "Hegen Hub");
    }
  g_assert_cmpuint (n_far, >, 0);
  for (guint i = 1; i < n; i++)
    if (g_str_equal (gtk_string_list_get_string (GTK_STRING_LIST (model), i),
                     "Hegen Hub (not adjacent)"))
      return;
  g_assert_not_reached ();
}

/* The orders read back on the sheet in Russian put each name after a noun in the case the
 * verb asks for, the name itself in the nominative: "патрулировать сектор «…»", "атаковать
 * соединение «…»". */
static void
test_russian_order_words (void)
{
  g_autofree char *scenario_path = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"),
                                                     "scenarios", "komarr-campaign.admiralty",
                                                     NULL);
  g_autofree char *localedir = g_build_filename (g_getenv ("ADMIRALTY_BUILD_DIR"), "po", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmScenario) scenario = adm_scenario_load_file (scenario_path, &error);
  static const struct {
    const char *order;
    const char *target;
    const char *prefix;
  } cases[] = {
    { "patrol", NULL, "патрулировать свой сектор" },
    { "patrol", "pol-orbit", "патрулировать сектор «" },
    { "attack", "pol-escort-group", "атаковать соединение «" },
    { "defend", "pol-jump-point", "оборонять сектор «" },
  };
  g_autofree char *language = g_strdup (g_getenv ("LANGUAGE"));

  g_assert_no_error (error);
  g_setenv ("LANGUAGE", "ru", TRUE);
  if (setlocale (LC_ALL, "C.UTF-8") == NULL)
    {
      g_test_skip ("the C.UTF-8 locale is not installed");
      return;
    }
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(AdmEvent) event = adm_event_new ("order", 0);
      g_autofree char *text = NULL;

      adm_event_set (event, "formation", "pol-escort-group");
      adm_event_set (event, "order", cases[i].order);
      if (cases[i].target != NULL)
        adm_event_set (event, "target", cases[i].target);
      text = admiralty_describe_order_event (scenario, event);
      g_test_message ("%s", text);
      g_assert_true (g_str_has_prefix (text, cases[i].prefix));
      g_assert_true (cases[i].target == NULL || g_str_has_suffix (text, "»"));
    }
  if (language != NULL)
    g_setenv ("LANGUAGE", language, TRUE);
  else
    g_unsetenv ("LANGUAGE");
}

int
main (int   argc,
      char *argv[])
{
  int status;

  ui_test_init (&argc, &argv, "sheet-form");

  g_test_add ("/ui/sheet-form/F-STRAT-12/move-and-flagship", Fixture, NULL, fixture_set_up,
              test_move_and_flagship, fixture_tear_down);
  g_test_add ("/ui/sheet-form/F-STRAT-12/detach-flagship-and-move", Fixture, NULL,
              fixture_set_up, test_detach_flagship_and_move, fixture_tear_down);
  g_test_add ("/ui/sheet-form/F-FORM-4/flagship-of-the-rest", Fixture, NULL, fixture_set_up,
              test_flagship_of_the_rest, fixture_tear_down);
  g_test_add ("/ui/sheet-form/F-STRAT-17/disband-then-order-refused", Fixture, NULL,
              fixture_set_up, test_disband_then_order_refused, fixture_tear_down);
  g_test_add ("/ui/sheet-form/F-STRAT-12/new-formation-order", Fixture, NULL, fixture_set_up,
              test_new_formation_order, fixture_tear_down);
  g_test_add ("/ui/sheet-form/F-STRAT-12/new-formation-gone", Fixture, NULL, fixture_set_up,
              test_new_formation_gone, fixture_tear_down);
  g_test_add ("/ui/sheet-form/draft-keeps-all", Fixture, NULL, fixture_set_up,
              test_draft_keeps_all, fixture_tear_down);
  g_test_add ("/ui/sheet-form/F-STRAT-16/attack-own-sector", Fixture, NULL, fixture_set_up,
              test_attack_own_sector, fixture_tear_down);
  g_test_add ("/ui/sheet-form/F-STRAT-8/targets-marked", Fixture, NULL, fixture_set_up,
              test_targets_marked, fixture_tear_down);
  /* Last: it leaves the locale a UTF-8 one. */
  g_test_add_func ("/ui/sheet-form/ru/order-words", test_russian_order_words);

  status = g_test_run ();
  return ui_test_finish (status);
}
