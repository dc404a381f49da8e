/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-campaign-orders.c: the Orders tab in the real window, on the bundled Komarr campaign copied
 * into a temporary folder — the board's statuses (no sheet, received, late, corrected:
 * F-GEN-3, F-STRAT-5, F-STRAT-7), the sheet form refusing a non-adjacent move (F-STRAT-8) and
 * another admiral's formation (F-FORM-6) with the engine's reason and blocking the hand-in, a
 * valid sheet journalling its sheet and orders, a correction journalled beside the order it
 * supersedes, importing sheets from tests/data (a broken one named by file and line and changing
 * nothing), resolving the cycle (F-STRAT-1, F-STRAT-2, F-STRAT-3, F-STRAT-4) with its engagements,
 * an engagement's battle opened in a tab with a placement changed (F-STRAT-15), and the
 * administrative orders (F-STRAT-12, F-STRAT-17): detach, form, join and disband entered, checked
 * and journalled. Runs under Xvfb. */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "admiralty-application.h"
#include "admiralty-battle-page-private.h"
#include "admiralty-orders-panel.h"
#include "admiralty-engagement-dialog.h"
#include "admiralty-campaign-orders.h"
#include "admiralty-projector-window.h"
#include "admiralty-window-private.h"
#include "adm-file.h"
#include "adm-portal.h"
#include "komarr-helpers.h"
#include "pointer-helpers.h"
#include "portal-helpers.h"
#include "ui-helpers.h"
#include "adm-campaign-battles.h"
#include "adm-campaign-file.h"
#include "adm-campaign-journal.h"
#include "adm-clock.h"

#define T0 G_GINT64_CONSTANT (1795370400) /* 2026-11-22T18:00:00Z */

typedef struct {
  CampaignFixture base;
  guint           n_tabs;  /* the permanent tabs */
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *scenario = source_path ("scenarios", "komarr-campaign.admiralty", NULL);
  g_autoptr(AdmCampaign) campaign = adm_campaign_open (scenario, &error);

  g_assert_no_error (error);
  campaign_fixture_set_up (&fixture->base, campaign, "campaign-orders", "komarr.admiralty", 0,
                           0);
  fixture->n_tabs = adw_tab_view_get_n_pages (fixture->base.window->tab_view);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  campaign_fixture_tear_down (&fixture->base);
}

static AdmiraltyCampaignOrders *
board (Fixture *fixture)
{
  return _admiralty_window_get_campaign_orders (fixture->base.window);
}

static guint
n_events (Fixture *fixture)
{
  return adm_campaign_get_events (fixture->base.window->campaign)->len;
}

static const char *
last_kind (Fixture *fixture,
           guint    back)
{
  GPtrArray *events = adm_campaign_get_events (fixture->base.window->campaign);

  return adm_event_get_kind (g_ptr_array_index (events, events->len - 1 - back));
}

static char *
sheet_path (const char *name)
{
  /* The Komarr campaign's samples ship with it; the refused ones are the tests' own. */
  if (g_str_has_prefix (name, "komarr-cycle-"))
    return g_test_build_filename (G_TEST_DIST, "..", "scenarios", "komarr-campaign.sheets",
                                  name, NULL);
  return g_test_build_filename (G_TEST_DIST, "data", "order-sheets", name, NULL);
}

static guint
import (Fixture    *fixture,
        const char *name,
        ...)
{
  g_autoptr(GListStore) files = g_list_store_new (G_TYPE_FILE);
  va_list args;
  guint imported;

  va_start (args, name);
  for (const char *n = name; n != NULL; n = va_arg (args, const char *))
    {
      g_autofree char *path = sheet_path (n);
      g_autoptr(GFile) file = g_file_new_for_path (path);

      g_list_store_append (files, file);
    }
  va_end (args);
  imported = admiralty_campaign_orders_import_files (board (fixture), G_LIST_MODEL (files));
  iterate ();
  return imported;
}

static AdmiraltySheetForm *
open_form (Fixture    *fixture,
           const char *admiral_id)
{
  AdmiraltySheetForm *form = admiralty_campaign_orders_open_sheet (board (fixture), admiral_id);

  g_assert_nonnull (form);
  iterate ();
  g_assert_true (admiralty_campaign_orders_get_sheet_form (board (fixture)) == form);
  return form;
}

static char *
clock_of (const char *iso)
{
  g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();
  g_autoptr(GDateTime) time = g_date_time_new_from_iso8601 (iso, utc);

  return admiralty_format_clock_time (g_date_time_to_unix (time));
}

/* F-GEN-3, F-STRAT-5, F-STRAT-7: none, received, late, corrected. */
static void
test_statuses (Fixture       *fixture,
               gconstpointer  data)
{
  g_autofree char *at_1838 = clock_of ("2026-11-22T18:38:00Z");
  g_autofree char *received = g_strdup_printf ("Received %s", at_1838);
  AdmiraltySheetForm *form;
  g_autoptr(GError) error = NULL;
  const char *status;

  /* The Orders tab is there and permanent, like the map. */
  g_assert_cmpstr (adw_tab_page_get_title (fixture->base.window->orders_tab), ==, "Orders");
  status = admiralty_campaign_orders_get_status (board (fixture), "vorkosigan");
  g_assert_cmpstr (status, ==, "No sheet — his formations keep their standing orders "
                               "(F-STRAT-5)");
  g_assert_cmpuint (admiralty_campaign_orders_get_n_orders (board (fixture), "vorkosigan"), ==, 0);

  /* Import Sheets opens on the sample sheets bundled with the scenario, then on the folder
   * sheets were last imported from. */
  {
    g_autoptr(GFile) folder = admiralty_campaign_orders_get_import_folder (board (fixture));
    g_autoptr(GFile) sample = NULL;
    g_autofree char *samples = g_test_build_filename (G_TEST_DIST, "..", "scenarios",
                                                      "komarr-campaign.sheets", NULL);
    g_autoptr(GFile) expected = g_file_new_for_path (samples);

    g_assert_nonnull (folder);
    g_assert_true (g_file_equal (folder, expected));
    sample = g_file_get_child (folder, "komarr-cycle-1-vorkosigan.xml");
    g_assert_true (g_file_query_exists (sample, NULL));
  }
  g_assert_cmpuint (import (fixture, "komarr-cycle-1-vorkosigan.xml", NULL), ==, 1);
  g_assert_cmpstr (admiralty_campaign_orders_get_status (board (fixture), "vorkosigan"), ==,
                   received);
  g_assert_cmpuint (admiralty_campaign_orders_get_n_orders (board (fixture), "vorkosigan"), ==, 2);

  /* A sheet handed in late is accepted with its time. */
  form = open_form (fixture, "radovan");
  admiralty_sheet_form_set_late (form, TRUE);
  g_assert_true (admiralty_sheet_form_set_order (form, "pol-escort-group", "defend"));
  g_assert_null (admiralty_sheet_form_get_refusal (form, "pol-escort-group"));
  g_assert_true (admiralty_sheet_form_hand_in (form, &error));
  g_assert_no_error (error);
  gtk_window_destroy (GTK_WINDOW (form));
  iterate ();
  g_assert_true (g_str_has_prefix (admiralty_campaign_orders_get_status (board (fixture),
                                                                         "radovan"),
                                   "Late — received "));
  g_assert_cmpuint (admiralty_campaign_orders_get_n_orders (board (fixture), "radovan"), ==, 1);

  /* A second sheet is a correction: the journal keeps both. */
  form = open_form (fixture, "vorkosigan");
  g_assert_true (admiralty_sheet_form_set_order (form, "first-destroyer-flotilla", "defend"));
  g_assert_true (admiralty_sheet_form_hand_in (form, &error));
  g_assert_no_error (error);
  gtk_window_destroy (GTK_WINDOW (form));
  iterate ();
  status = admiralty_campaign_orders_get_status (board (fixture), "vorkosigan");
  g_assert_true (g_str_has_prefix (status, received));
  g_assert_true (g_str_has_suffix (status, "Corrected 1×"));
  /* Still two orders in force: the defend order replaced the patrol. */
  g_assert_cmpuint (admiralty_campaign_orders_get_n_orders (board (fixture), "vorkosigan"), ==, 2);
}

/* F-STRAT-8 and F-FORM-6: refused with the engine's reason, and nothing handed in. */
static void
test_refusals (Fixture       *fixture,
               gconstpointer  data)
{
  guint before = n_events (fixture);
  g_autoptr(GError) error = NULL;
  AdmiraltySheetForm *form = open_form (fixture, "vorkosigan");
  const char *refusal;

  g_assert_true (admiralty_sheet_form_can_hand_in (form));
  g_assert_true (gtk_widget_is_sensitive (GTK_WIDGET (form)));

  /* Komarr wormhole terminus has no link to Hegen Hub: offered, but refused. */
  g_assert_true (admiralty_sheet_form_set_order (form, "first-squadron-home-fleet", "move"));
  g_assert_true (admiralty_sheet_form_set_route (form, "first-squadron-home-fleet", "hegen-hub"));
  refusal = admiralty_sheet_form_get_refusal (form, "first-squadron-home-fleet");
  g_assert_nonnull (refusal);
  g_assert_nonnull (strstr (refusal, "not adjacent"));
  g_assert_nonnull (strstr (refusal, "F-STRAT-8"));
  g_assert_false (admiralty_sheet_form_can_hand_in (form));
  /* The action is disabled: Ctrl+Return or the button hands in nothing. */
  gtk_widget_activate_action (GTK_WIDGET (form), "sheet.hand-in", NULL);
  iterate ();
  g_assert_true (admiralty_campaign_orders_get_sheet_form (board (fixture)) == form);
  g_assert_cmpuint (n_events (fixture), ==, before);
  g_assert_false (admiralty_sheet_form_hand_in (form, &error));
  g_assert_nonnull (strstr (error->message, "not adjacent"));
  g_clear_error (&error);
  g_assert_cmpuint (n_events (fixture), ==, before);

  /* An adjacent route is accepted. */
  g_assert_true (admiralty_sheet_form_set_route (form, "first-squadron-home-fleet",
                                                 "pol-jump-point pol-orbit"));
  g_assert_null (admiralty_sheet_form_get_refusal (form, "first-squadron-home-fleet"));
  g_assert_true (admiralty_sheet_form_can_hand_in (form));

  /* Vorlakial commands the Second Squadron, not Vorkosigan. */
  g_assert_true (admiralty_sheet_form_add_formation (form, "second-squadron-home-fleet"));
  g_assert_true (admiralty_sheet_form_set_order (form, "second-squadron-home-fleet", "patrol"));
  refusal = admiralty_sheet_form_get_refusal (form, "second-squadron-home-fleet");
  g_assert_nonnull (refusal);
  g_assert_nonnull (strstr (refusal, "does not command"));
  g_assert_false (admiralty_sheet_form_can_hand_in (form));
  g_assert_false (admiralty_sheet_form_hand_in (form, &error));
  g_clear_error (&error);

  /* F-MINE-10: no minelayer in the destroyer flotilla. */
  g_assert_true (admiralty_sheet_form_set_order (form, "first-destroyer-flotilla", "lay-mines"));
  refusal = admiralty_sheet_form_get_refusal (form, "first-destroyer-flotilla");
  g_assert_nonnull (refusal);
  g_assert_nonnull (strstr (refusal, "F-MINE-10"));
  g_assert_cmpuint (n_events (fixture), ==, before);
  g_assert_cmpstr (admiralty_campaign_orders_get_status (board (fixture), "vorkosigan"), ==,
                   "No sheet — his formations keep their standing orders (F-STRAT-5)");
}

static int
compare_ids (gconstpointer a,
             gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

/* The formation ids of @formations, sorted, one a line. */
static char *
ids_text (GPtrArray *formations,
          gboolean   (*keep) (const AdmFormation *formation, gpointer data),
          gpointer   data)
{
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();

  for (guint i = 0; i < formations->len; i++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, i);

      if (keep (formation, data))
        g_ptr_array_add (ids, formation->id);
    }
  g_ptr_array_sort (ids, compare_ids);
  g_ptr_array_add (ids, NULL);
  return g_strjoinv ("\n", (char **) ids->pdata);
}

static char *
strv_text (GStrv strv)
{
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();

  for (guint i = 0; strv[i] != NULL; i++)
    g_ptr_array_add (ids, strv[i]);
  g_ptr_array_sort (ids, compare_ids);
  g_ptr_array_add (ids, NULL);
  return g_strjoinv ("\n", (char **) ids->pdata);
}

static gboolean
is_enemy_cb (const AdmFormation *formation,
             gpointer            data)
{
  return formation->faction != ((const AdmAdmiral *) data)->faction;
}

static gboolean
not_commanded_cb (const AdmFormation *formation,
                  gpointer            data)
{
  const AdmAdmiral *admiral = data;

  return formation->admiral != NULL ? formation->admiral != admiral
                                    : formation->faction != admiral->faction;
}

/* F-STRAT-3: the form offers an admiral exactly the formations his side knows of — as
 * targets, and under "Order for another formation" — never a hidden one it has not found;
 * naming one is refused as a formation that does not exist. */
static void
test_choices_known_only (Fixture       *fixture,
                         gconstpointer  data)
{
  AdmCampaign *campaign = fixture->base.window->campaign;
  AdmStrategy *strategy = adm_state_get_strategy (adm_campaign_get_state (campaign));
  AdmiraltySheetForm *form = open_form (fixture, "vorkosigan");
  const AdmAdmiral *admiral = adm_scenario_lookup_admiral (adm_campaign_get_scenario (campaign),
                                                           "vorkosigan");
  g_autoptr(GPtrArray) known = adm_audience_known_formations (strategy, admiral->faction);
  g_auto(GStrv) targets = admiralty_sheet_form_dup_formation_choices (form,
                                                                      "first-squadron-home-fleet");
  g_auto(GStrv) others = admiralty_sheet_form_dup_formation_choices (form, NULL);
  g_autofree char *want_targets = ids_text (known, is_enemy_cb, (gpointer) admiral);
  g_autofree char *want_others = ids_text (known, not_commanded_cb, (gpointer) admiral);
  g_autofree char *got_targets = strv_text (targets);
  g_autofree char *got_others = strv_text (others);
  const char *hidden[] = { "autumn-screen", "komarran-cruiser-division" };

  g_assert_cmpstr (got_targets, ==, want_targets);
  g_assert_cmpstr (got_others, ==, want_others);
  g_assert_cmpuint (g_strv_length (targets), >, 0);
  for (guint h = 0; h < G_N_ELEMENTS (hidden); h++)
    {
      const AdmFormation *formation = adm_strategy_lookup_formation (strategy, hidden[h]);

      g_assert_nonnull (formation);
      g_assert_false (adm_strategy_formation_visible (strategy, formation, admiral->faction));
      g_assert_false (g_strv_contains ((const char * const *) targets, hidden[h]));
      g_assert_false (g_strv_contains ((const char * const *) others, hidden[h]));
      /* Not to be added by id either: as one that does not exist. */
      g_assert_false (admiralty_sheet_form_add_formation (form, hidden[h]));
      g_assert_false (admiralty_sheet_form_add_formation (form, "no-such-formation"));
      g_assert_true (admiralty_sheet_form_set_order (form, "first-squadron-home-fleet",
                                                     "attack"));
      g_assert_false (admiralty_sheet_form_set_target (form, "first-squadron-home-fleet",
                                                       hidden[h]));
    }
}

/* A valid sheet journals its "sheet" and its "order"s; a correction journals the changed
 * order only and the form shows the one it superseded (F-STRAT-7). */
static void
test_hand_in_and_correct (Fixture       *fixture,
                          gconstpointer  data)
{
  guint before = n_events (fixture);
  g_autoptr(GError) error = NULL;
  AdmiraltySheetForm *form = open_form (fixture, "vorkosigan");
  GPtrArray *events;
  AdmEvent *order;
  g_autofree char *history = NULL;

  g_assert_true (admiralty_sheet_form_set_order (form, "first-squadron-home-fleet", "move"));
  g_assert_true (admiralty_sheet_form_set_route (form, "first-squadron-home-fleet",
                                                 "pol-jump-point"));
  g_assert_true (admiralty_sheet_form_set_comments (form, "first-squadron-home-fleet",
                                                    "In marching order."));
  g_assert_true (admiralty_sheet_form_set_order (form, "first-destroyer-flotilla", "flagship"));
  g_assert_true (admiralty_sheet_form_set_flagship (form, "first-destroyer-flotilla", "kestrel"));
  g_assert_null (admiralty_sheet_form_get_refusal (form, "first-destroyer-flotilla"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (form), "sheet.hand-in", NULL));
  iterate ();
  /* Handed in, the form closes. */
  g_assert_null (admiralty_campaign_orders_get_sheet_form (board (fixture)));

  g_assert_cmpuint (n_events (fixture), ==, before + 3);
  g_assert_cmpstr (last_kind (fixture, 2), ==, "sheet");
  g_assert_cmpstr (last_kind (fixture, 1), ==, "order");
  g_assert_cmpstr (last_kind (fixture, 0), ==, "order");
  events = adm_campaign_get_events (fixture->base.window->campaign);
  order = g_ptr_array_index (events, events->len - 2);
  g_assert_cmpstr (adm_event_get (order, "order"), ==, "move");
  g_assert_cmpstr (adm_event_get (order, "route"), ==, "pol-jump-point");
  g_assert_cmpstr (adm_event_get_text (order), ==, "In marching order.");
  g_assert_cmpstr (adm_event_get (g_ptr_array_index (events, events->len - 3), "late"), ==,
                   "false");
  g_assert_cmpuint (admiralty_campaign_orders_get_n_orders (board (fixture), "vorkosigan"), ==, 2);

  /* The correction: the form starts from the sheet; one order changes. */
  form = open_form (fixture, "vorkosigan");
  history = admiralty_sheet_form_get_history (form, "first-squadron-home-fleet");
  g_assert_true (g_str_has_prefix (history, "On his sheet at "));
  g_clear_pointer (&history, g_free);
  g_assert_true (admiralty_sheet_form_set_route (form, "first-squadron-home-fleet",
                                                 "komarr-orbit"));
  g_assert_true (admiralty_sheet_form_hand_in (form, &error));
  g_assert_no_error (error);
  gtk_window_destroy (GTK_WINDOW (form));
  iterate ();
  g_assert_cmpuint (n_events (fixture), ==, before + 5);
  g_assert_cmpstr (last_kind (fixture, 1), ==, "sheet");
  events = adm_campaign_get_events (fixture->base.window->campaign);
  order = g_ptr_array_index (events, events->len - 1);
  g_assert_cmpstr (adm_event_get (order, "route"), ==, "komarr-orbit");

  form = open_form (fixture, "vorkosigan");
  history = admiralty_sheet_form_get_history (form, "first-squadron-home-fleet");
  g_assert_true (g_str_has_prefix (history, "Corrected at "));
  g_assert_nonnull (strstr (history, "— was: move: Pol jump point — “In marching order.”"));
  g_assert_nonnull (strstr (history, "\nOn his sheet at "));
  g_assert_nonnull (strstr (history, "Komarr orbit"));
  g_clear_pointer (&history, g_free);
  /* The flagship order was not changed, so it was not journalled again. */
  history = admiralty_sheet_form_get_history (form, "first-destroyer-flotilla");
  g_assert_null (strstr (history, "Corrected"));
  g_assert_nonnull (strstr (history, "flagship: "));

  /* F-STRAT-7: a message out of band, alone, late, with its time. */
  g_assert_true (admiralty_sheet_form_set_order (form, "first-destroyer-flotilla",
                                                 "instructions"));
  g_assert_nonnull (admiralty_sheet_form_get_refusal (form, "first-destroyer-flotilla"));
  g_assert_true (admiralty_sheet_form_set_comments (form, "first-destroyer-flotilla",
                                                    "Hold fire until fired upon."));
  g_assert_true (admiralty_sheet_form_send_alone (form, "first-destroyer-flotilla", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n_events (fixture), ==, before + 7);
  events = adm_campaign_get_events (fixture->base.window->campaign);
  g_assert_cmpstr (adm_event_get (g_ptr_array_index (events, events->len - 2), "late"), ==,
                   "true");
  g_assert_cmpstr (adm_event_get (g_ptr_array_index (events, events->len - 1), "order"), ==,
                   "instructions");
  g_assert_true (g_str_has_suffix (admiralty_campaign_orders_get_status (board (fixture),
                                                                         "vorkosigan"),
                                   "Corrected 2×"));
}

/* A refused sheet says file and line, and changes nothing. */
static void
test_import_broken (Fixture       *fixture,
                    gconstpointer  data)
{
  guint before = n_events (fixture);
  gsize length_before, length_after;
  g_autofree char *dump_before = adm_campaign_serialize (fixture->base.window->campaign,
                                                         &length_before);
  g_autofree char *dump_after = NULL;
  g_autofree char *file_before = NULL;
  g_autofree char *file_after = NULL;
  GtkWidget *dialog;
  const char *body;

  g_assert_true (g_file_get_contents (fixture->base.campaign_path, &file_before, NULL, NULL));
  g_assert_cmpuint (import (fixture, "bad-route.xml", NULL), ==, 0);
  dialog = _admiralty_window_get_error_dialog (fixture->base.window);
  g_assert_nonnull (dialog);
  body = adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog));
  g_assert_nonnull (strstr (body, "bad-route.xml:4: "));
  g_assert_nonnull (strstr (body, "not adjacent (F-STRAT-8)"));
  g_assert_cmpuint (n_events (fixture), ==, before);
  dump_after = adm_campaign_serialize (fixture->base.window->campaign, &length_after);
  g_assert_cmpmem (dump_before, length_before, dump_after, length_after);
  g_assert_true (g_file_get_contents (fixture->base.campaign_path, &file_after, NULL, NULL));
  g_assert_cmpstr (file_before, ==, file_after);
  g_assert_cmpstr (admiralty_campaign_orders_get_status (board (fixture), "vorkosigan"), ==,
                   "No sheet — his formations keep their standing orders (F-STRAT-5)");
  gtk_window_destroy (GTK_WINDOW (dialog));
  iterate ();

  /* The next Import Sheets opens on the folder of the sheet refused, to correct it there. */
  {
    g_autoptr(GFile) folder = admiralty_campaign_orders_get_import_folder (board (fixture));
    g_autofree char *path = sheet_path ("bad-route.xml");
    g_autoptr(GFile) sheet = g_file_new_for_path (path);
    g_autoptr(GFile) expected = g_file_get_parent (sheet);

    g_assert_true (g_file_equal (folder, expected));
  }
}

static gboolean
tabs_grew (gpointer data)
{
  Fixture *fixture = data;

  return (guint) adw_tab_view_get_n_pages (fixture->base.window->tab_view) > fixture->n_tabs;
}

/* Keeps the last toast the board asks the window for. */
static void
toast_cb (AdmiraltyCampaignOrders *board,
          const char          *title,
          char               **last)
{
  g_free (*last);
  *last = g_strdup (title);
}

/* An ended battle is read-only: the Orders pane shows no order control, and a course dragged
 * on the table with the pointer or a leg added with Ctrl+L declares nothing. */
static void
assert_takes_no_orders (Fixture             *fixture,
                        AdmiraltyBattlePage *page)
{
  AdmiraltyOrdersPanel *panel = admiralty_battle_page_get_orders_panel (page);
  AdmiraltyTableWidget *table = _admiralty_battle_page_get_table (page);
  AdmBattle *battle = admiralty_battle_page_get_battle (page);
  const AdmBattleShip *ship = NULL;
  g_autofree char *before = adm_turn_orders_to_string (admiralty_orders_panel_get_orders (panel));
  g_autofree char *after = NULL;
  double x1, y1, x2, y2;

  int index = -1;

  g_assert_false (gtk_widget_get_mapped (_admiralty_orders_panel_get_declare_button (panel)));
  g_assert_false (gtk_widget_is_sensitive (GTK_WIDGET (fixture->base.window->resolve_button)) &&
                  gtk_widget_get_mapped (GTK_WIDGET (fixture->base.window->resolve_button)));
  /* The header's button says the battle is over, not the phase it stopped in. */
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (fixture->base.window->resolve_button)), ==,
                   "Battle Ended");
  if (!pointer_available ())
    return;
  /* The dialogs the steps before left open are modal: closed, so the pointer reaches the
   * window. */
  {
    GListModel *toplevels = gtk_window_get_toplevels ();

    for (guint i = g_list_model_get_n_items (toplevels); i > 0; i--)
      {
        g_autoptr(GtkWindow) other = g_list_model_get_item (toplevels, i - 1);

        if (other != GTK_WINDOW (fixture->base.window) &&
            gtk_window_get_transient_for (other) == GTK_WINDOW (fixture->base.window))
          gtk_window_destroy (other);
      }
    iterate ();
  }
  /* The active ship farthest right. */
  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    if (adm_battle_get_ship (battle, i)->status == ADM_SHIP_ACTIVE &&
        (ship == NULL || adm_battle_get_ship (battle, i)->position.x > ship->position.x))
      {
        ship = adm_battle_get_ship (battle, i);
        index = i;
      }
  g_assert_nonnull (ship);
  admiralty_table_view_to_pixels (admiralty_table_widget_get_view (table), ship->position, &x1,
                                  &y1);
  admiralty_table_view_to_pixels (admiralty_table_widget_get_view (table),
                                  (AdmPoint) { ship->position.x - 6, ship->position.y + 3 },
                                  &x2, &y2);
  pointer_click (GTK_WIDGET (table), x1, y1);
  g_assert_cmpint (admiralty_table_widget_get_selected_ship (table), ==, index);
  /* Selected in the movement phase, and still no course to plot or clear. */
  g_assert_false (gtk_widget_get_mapped (_admiralty_orders_panel_get_clear_button (panel)));
  pointer_drag (GTK_WIDGET (table), x1, y1, x2, y2);
  keys_to (GTK_WIDGET (fixture->base.window), "ctrl+l");
  iterate ();
  after = adm_turn_orders_to_string (admiralty_orders_panel_get_orders (panel));
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (admiralty_orders_panel_get_orders (panel)->moves->len, ==, 0);
  root_screenshot ("battle-ended-read-only.png", 1280, 800);
}

/* F-STRAT-4: Resolve Cycle with engagements not fought lists them, with the absent admirals;
 * Drop is refused until the master says why; Cancel changes nothing; Drop and Resolve journals
 * the cycle with one drop per engagement, whose status then gives the reason. */
static void
test_drop_unfought (Fixture       *fixture,
                    gconstpointer  data)
{
  AdmiraltyCycleClock *clock = _admiralty_window_get_clock (fixture->base.window);
  static const char *const ids[] = { "c1-1", "c1-2", "c1-3", "c1-4" };
  g_autofree char *first = adm_file_checkpoint_path (fixture->base.campaign_path, "cycle-1");
  g_autofree char *folder = g_path_get_dirname (first);
  g_autofree char *said = NULL;
  GtkWidget *dialog, *entry;
  const char *body;
  guint before;

  g_assert_cmpuint (import (fixture, "komarr-cycle-1-vorkosigan.xml",
                            "komarr-cycle-1-radovan.xml", "komarr-cycle-1-ghem-sarlat.xml",
                            NULL), ==, 3);
  admiralty_cycle_clock_adjust (clock, -10);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->base.window), "win.resolve-cycle",
                                             NULL));
  iterate ();
  dialog = admiralty_campaign_orders_get_resolve_dialog (board (fixture));
  /* Nothing is left unfought before the first cycle: no reason asked for. */
  g_assert_null (adw_message_dialog_get_extra_child (ADW_MESSAGE_DIALOG (dialog)));
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "resolve");
  iterate ();
  before = n_events (fixture);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->base.window), "win.resolve-cycle",
                                             NULL));
  iterate ();
  dialog = admiralty_campaign_orders_get_resolve_dialog (board (fixture));
  g_assert_nonnull (dialog);
  body = adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog));
  g_test_message ("%s", body);
  g_assert_nonnull (strstr (body, "No sheet from these admirals"));
  g_assert_nonnull (strstr (body, "These engagements are not fought yet:"));
  g_assert_nonnull (strstr (body, "• c1-1 · Pol jump point, minute 0 — Not fought"));
  g_assert_nonnull (strstr (body, "• c1-4 · Pol jump point, minute 40 — Waiting for c1-1"));
  g_assert_false (adw_message_dialog_has_response (ADW_MESSAGE_DIALOG (dialog), "resolve"));
  g_assert_false (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog), "drop"));
  entry = adw_message_dialog_get_extra_child (ADW_MESSAGE_DIALOG (dialog));
  g_assert_true (GTK_IS_EDITABLE (entry));
  gtk_editable_set_text (GTK_EDITABLE (entry), "   ");
  g_assert_false (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog), "drop"));
  /* Cancel: nothing journaled. */
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  iterate ();
  g_assert_cmpuint (n_events (fixture), ==, before);
  g_assert_cmpuint (adm_strategy_get_cycle (adm_state_get_strategy (adm_campaign_get_state (
                      fixture->base.window->campaign))), ==, 2);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->base.window), "win.resolve-cycle",
                                             NULL));
  iterate ();
  dialog = admiralty_campaign_orders_get_resolve_dialog (board (fixture));
  entry = adw_message_dialog_get_extra_child (ADW_MESSAGE_DIALOG (dialog));
  gtk_editable_set_text (GTK_EDITABLE (entry), "played at the club");
  g_assert_true (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog), "drop"));
  /* A file where the checkpoints go (a full disk would do the same): cycle 2 is resolved and
   * saved, and the master is told its checkpoint could not be kept. */
  g_assert_true (g_file_test (first, G_FILE_TEST_IS_REGULAR));
  g_assert_cmpint (g_remove (first), ==, 0);
  g_assert_cmpint (g_rmdir (folder), ==, 0);
  g_assert_true (g_file_set_contents (folder, "not a folder", -1, NULL));
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "drop");
  iterate ();
  said = g_strdup_printf ("The campaign is saved, but its checkpoint “cycle-2” could not be kept "
                          "in %s: Not a directory", folder);
  g_assert_true (shows_label (GTK_WIDGET (fixture->base.window->toast_overlay), said));
  g_assert_cmpint (g_remove (folder), ==, 0);
  g_assert_cmpuint (adm_strategy_get_cycle (adm_state_get_strategy (adm_campaign_get_state (
                      fixture->base.window->campaign))), ==, 3);
  /* Four drops and the cycle, one action. */
  g_assert_cmpuint (n_events (fixture), ==, before + 5);
  g_assert_cmpstr (last_kind (fixture, 4), ==, "drop-engagement");
  g_assert_cmpstr (last_kind (fixture, 0), ==, "cycle");
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AdmQueuedEngagement) engagement =
        adm_campaign_find_engagement (fixture->base.window->campaign, ids[i], &error);
      g_autofree char *status = NULL;

      g_assert_no_error (error);
      status = adm_queued_engagement_describe_status (engagement);
      g_assert_cmpstr (status, ==, "Dropped: played at the club");
    }
}

/* F-STRAT-1, F-STRAT-2, F-STRAT-3, F-STRAT-4: the cycle resolved from the board, its engagements
 * listed, one opened. */
static void
test_resolve_and_open (Fixture       *fixture,
                       gconstpointer  data)
{
  AdmiraltyCycleClock *clock = _admiralty_window_get_clock (fixture->base.window);
  GtkWidget *dialog;
  char *engagements = NULL;
  g_autofree char *battles = NULL;
  AdmiraltyEngagementDialog *placements;
  AdmiraltyBattlePage *page;
  const char *body;
  g_autofree char *toast = NULL;
  guint before;

  g_assert_cmpuint (import (fixture, "komarr-cycle-1-vorkosigan.xml",
                            "komarr-cycle-1-radovan.xml", "komarr-cycle-1-ghem-sarlat.xml",
                            NULL), ==, 3);
  before = n_events (fixture);
  admiralty_cycle_clock_adjust (clock, -10);

  g_signal_connect (board (fixture), "toast", G_CALLBACK (toast_cb), &toast);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->base.window), "win.resolve-cycle",
                                             NULL));
  iterate ();
  g_assert_true (adw_tab_view_get_selected_page (fixture->base.window->tab_view)
                 == fixture->base.window->orders_tab);
  dialog = admiralty_campaign_orders_get_resolve_dialog (board (fixture));
  g_assert_nonnull (dialog);
  body = adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog));
  /* F-STRAT-5: the admirals with no sheet are named; those with one are not. */
  g_assert_nonnull (strstr (body, "Adm. Lord Vorlakial"));
  g_assert_null (strstr (body, "Vorkosigan"));
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "resolve");
  iterate ();

  g_assert_cmpuint (n_events (fixture), ==, before + 1);
  g_assert_cmpstr (last_kind (fixture, 0), ==, "cycle");
  g_assert_cmpuint (adm_strategy_get_cycle (adm_state_get_strategy (adm_campaign_get_state (
                      fixture->base.window->campaign))), ==, 2);
  /* The next cycle's clock starts from its full length. */
  g_assert_cmpint (admiralty_cycle_clock_get_remaining_seconds (clock), >=,
                   admiralty_cycle_clock_get_cycle_minutes (clock) * 60 - 5);
  g_assert_cmpstr (admiralty_campaign_orders_get_status (board (fixture), "vorkosigan"), ==,
                   "No sheet — his formations keep their standing orders (F-STRAT-5)");
  engagements = admiralty_campaign_orders_get_engagements_text (board (fixture));
  /* F-STRAT-4, ruling "late-arrivals": in time order; First Squadron, arriving at minute 40,
   * is not in the minute-0 fight at Pol jump point but in the one after it, which waits. */
  g_assert_nonnull (strstr (engagements, "c1-1 · Pol jump point, minute 0: First Destroyer Flotilla "
                                         "(Barrayaran Imperium), Pol Cruiser Squadron (Pol Six) — "
                                         "Not fought"));
  g_assert_nonnull (strstr (engagements, "c1-3 · Pol orbit, minute 20: "));
  g_assert_nonnull (strstr (engagements, "c1-4 · Pol jump point, minute 40: First Squadron, Home Fleet "
                                         "(Barrayaran Imperium)"));
  g_assert_nonnull (strstr (engagements, "Waiting for c1-1"));
  /* The toast counts the engagements the list shows, the fight the late arrivals wait for
   * among them: four. */
  g_assert_cmpstr (toast, ==, "Cycle 1 resolved: 4 engagements");
  g_assert_nonnull (admiralty_campaign_orders_get_summary (board (fixture)));
  g_assert_cmpstr (admiralty_campaign_orders_get_summary (board (fixture)), !=, "");

  /* The engagement that waits cannot be opened; the reason is said. */
  g_assert_null (admiralty_campaign_orders_open_engagement (board (fixture), 3));

  /* F-STRAT-15: each formation placed by its orders; the master changes one. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (board (fixture)),
                                             "board.open-engagement", "u", 0));
  iterate ();
  placements = ADMIRALTY_ENGAGEMENT_DIALOG (admiralty_campaign_orders_get_engagement_dialog (
                                              board (fixture)));
  g_assert_nonnull (placements);
  g_assert_nonnull (admiralty_engagement_dialog_get_placement (placements,
                                                               "first-destroyer-flotilla"));
  g_assert_true (admiralty_engagement_dialog_set_placement (placements,
                                                            "first-destroyer-flotilla",
                                                            admiralty_engagement_dialog_get_placement (
                                                              placements,
                                                              "pol-cruiser-squadron")));
  g_assert_false (admiralty_engagement_dialog_set_placement (placements, "jade-squadron",
                                                             "attack-formation"));
  admiralty_engagement_dialog_open (placements);
  iterate_until (tabs_grew, fixture, 5000);
  g_assert_cmpint (adw_tab_view_get_n_pages (fixture->base.window->tab_view), ==,
                    fixture->n_tabs + 1);
  page = _admiralty_window_get_battle_page (fixture->base.window);
  g_assert_nonnull (page);
  /* The battle is kept in the campaign file, not in a file of its own. */
  g_assert_cmpstr (admiralty_battle_page_get_engagement (page), ==, "c1-1");
  g_assert_null (admiralty_battle_page_get_game_path (page));
  g_assert_nonnull (adm_campaign_get_battle (fixture->base.window->campaign, "c1-1", NULL, NULL));
  battles = g_build_filename (fixture->base.dir, "battles", NULL);
  g_assert_false (g_file_test (battles, G_FILE_TEST_EXISTS));
  admiralty_battle_page_resolve_phase (page, FALSE);
  iterate ();
  {
    int turn = 0;
    const char *phase = NULL;

    g_assert_nonnull (adm_campaign_get_battle (fixture->base.window->campaign, "c1-1", &turn,
                                               &phase));
    g_assert_cmpint (turn, ==, 1);
    g_assert_cmpstr (phase, ==, "movement");
  }
  g_free (engagements);
  engagements = admiralty_campaign_orders_get_engagements_text (board (fixture));
  g_assert_nonnull (strstr (engagements, "Turn 1 · Movement"));

  /* Opened again, the battle under way is shown, not set up anew. */
  adw_tab_view_set_selected_page (fixture->base.window->tab_view, fixture->base.window->orders_tab);
  g_assert_null (admiralty_campaign_orders_open_engagement (board (fixture), 0));
  iterate ();
  g_assert_cmpint (adw_tab_view_get_n_pages (fixture->base.window->tab_view), ==,
                    fixture->n_tabs + 1);
  page = _admiralty_window_get_battle_page (fixture->base.window);
  g_assert_nonnull (page);

  /* Ended with the master's reason: one campaign action, the page read-only, the board says
   * so, and the engagement that waited may be fought now. */
  {
    g_autoptr(GError) error = NULL;

    g_assert_true (admiralty_battle_page_end_battle (page, "Pol Six withdrew", &error));
    g_assert_no_error (error);
    g_assert_true (admiralty_battle_page_get_finished (page));
    g_assert_false (admiralty_battle_page_undo (page, &error));
    g_assert_nonnull (error);
  }
  iterate ();
  assert_takes_no_orders (fixture, page);
  g_free (engagements);
  engagements = admiralty_campaign_orders_get_engagements_text (board (fixture));
  g_assert_nonnull (strstr (engagements, "Finished in turn 1, results applied"));
  g_assert_null (strstr (engagements, "Waiting for c1-1"));
  g_assert_cmpstr (last_kind (fixture, 0), ==, "battle-end");
  g_free (engagements);
  g_signal_handlers_disconnect_by_func (board (fixture), toast_cb, &toast);
}

static AdmEvent *
last_event (Fixture *fixture,
            guint    back)
{
  GPtrArray *events = adm_campaign_get_events (fixture->base.window->campaign);

  return g_ptr_array_index (events, events->len - 1 - back);
}

/* F-STRAT-17, F-FORM-4, F-FORM-8: two ships detached through the form are journalled as the
 * journal has them, the new formation is on his sheet when the form is opened again, and a
 * new id is made from the name and kept unique; F-STRAT-12: a form order gathers ships of two
 * of his formations in one sector. */
static void
test_admin_detach (Fixture       *fixture,
                   gconstpointer  data)
{
  guint before = n_events (fixture);
  g_autoptr(GError) error = NULL;
  AdmiraltySheetForm *form = open_form (fixture, "vorkosigan");
  g_autofree char *history = NULL;
  AdmEvent *order;
  const char *refusal;

  g_assert_true (admiralty_sheet_form_set_order (form, "first-squadron-home-fleet", "detach"));
  /* Nothing ticked, no name: refused, in the master's words. */
  refusal = admiralty_sheet_form_get_refusal (form, "first-squadron-home-fleet");
  g_assert_nonnull (refusal);
  g_assert_nonnull (strstr (refusal, "tick the ships"));
  g_assert_false (admiralty_sheet_form_can_hand_in (form));
  /* Only its own ships are offered to a detach. */
  g_assert_false (admiralty_sheet_form_set_ships (form, "first-squadron-home-fleet", "kestrel"));
  g_assert_true (admiralty_sheet_form_set_ships (form, "first-squadron-home-fleet",
                                                 "prince-serg emperor-dorca"));
  g_assert_nonnull (strstr (admiralty_sheet_form_get_refusal (form, "first-squadron-home-fleet"),
                            "name"));
  g_assert_null (admiralty_sheet_form_get_new_id (form, "first-squadron-home-fleet"));
  g_assert_true (admiralty_sheet_form_set_new_name (form, "first-squadron-home-fleet",
                                                    "Serg Division"));
  g_assert_cmpstr (admiralty_sheet_form_get_new_id (form, "first-squadron-home-fleet"), ==,
                   "vorkosigan-serg-division");
  /* F-FORM-4: the flagship is one of the ships ticked, or one that stays. */
  g_assert_false (admiralty_sheet_form_set_flagship (form, "first-squadron-home-fleet",
                                                     "kestrel"));
  g_assert_true (admiralty_sheet_form_set_flagship (form, "first-squadron-home-fleet",
                                                    "emperor-dorca"));
  g_assert_null (admiralty_sheet_form_get_refusal (form, "first-squadron-home-fleet"));
  /* F-FORM-3: detaching every ship is refused by the engine, with its reason. */
  g_assert_true (admiralty_sheet_form_set_ships (form, "first-squadron-home-fleet",
                                                 "prince-serg prince-xav emperor-dorca "
                                                 "count-vorhalas kyril-island"));
  refusal = admiralty_sheet_form_get_refusal (form, "first-squadron-home-fleet");
  g_assert_nonnull (refusal);
  g_assert_nonnull (strstr (refusal, "F-FORM-3"));
  g_assert_true (admiralty_sheet_form_set_ships (form, "first-squadron-home-fleet",
                                                 "prince-serg emperor-dorca"));
  g_assert_true (admiralty_sheet_form_set_flagship (form, "first-squadron-home-fleet",
                                                    "emperor-dorca"));
  g_assert_null (admiralty_sheet_form_get_refusal (form, "first-squadron-home-fleet"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (form), "sheet.hand-in", NULL));
  iterate ();
  g_assert_null (admiralty_campaign_orders_get_sheet_form (board (fixture)));

  g_assert_cmpuint (n_events (fixture), ==, before + 2);
  g_assert_cmpstr (last_kind (fixture, 1), ==, "sheet");
  order = last_event (fixture, 0);
  g_assert_cmpstr (adm_event_get_kind (order), ==, "order");
  g_assert_cmpstr (adm_event_get (order, "admiral"), ==, "vorkosigan");
  g_assert_cmpstr (adm_event_get (order, "formation"), ==, "first-squadron-home-fleet");
  g_assert_cmpstr (adm_event_get (order, "order"), ==, "detach");
  g_assert_cmpstr (adm_event_get (order, "ships"), ==, "prince-serg emperor-dorca");
  g_assert_cmpstr (adm_event_get (order, "new-formation"), ==, "vorkosigan-serg-division");
  g_assert_cmpstr (adm_event_get (order, "name"), ==, "Serg Division");
  g_assert_cmpstr (adm_event_get (order, "flagship"), ==, "emperor-dorca");

  /* Opened again: the new formation is his, the squadron has three ships left, and the
   * detach is on its history, not offered again. */
  form = open_form (fixture, "vorkosigan");
  g_assert_true (admiralty_sheet_form_set_order (form, "vorkosigan-serg-division", "patrol"));
  g_assert_null (admiralty_sheet_form_get_refusal (form, "vorkosigan-serg-division"));
  g_assert_true (admiralty_sheet_form_set_order (form, "vorkosigan-serg-division", "keep"));
  history = admiralty_sheet_form_get_history (form, "first-squadron-home-fleet");
  g_assert_nonnull (strstr (history, "detach Prince Serg, Emperor Dorca as Serg Division"));
  g_assert_true (admiralty_sheet_form_set_order (form, "first-squadron-home-fleet", "detach"));
  g_assert_false (admiralty_sheet_form_set_ships (form, "first-squadron-home-fleet",
                                                  "prince-serg"));
  /* The id is unique: a formation has had "vorkosigan-serg-division" already. */
  g_assert_true (admiralty_sheet_form_set_new_name (form, "first-squadron-home-fleet",
                                                    "Serg Division"));
  g_assert_cmpstr (admiralty_sheet_form_get_new_id (form, "first-squadron-home-fleet"), ==,
                   "vorkosigan-serg-division-2");
  g_assert_true (admiralty_sheet_form_set_new_name (form, "first-squadron-home-fleet",
                                                    "  Vanguard No. 1 / Picket  "));
  g_assert_cmpstr (admiralty_sheet_form_get_new_id (form, "first-squadron-home-fleet"), ==,
                   "vorkosigan-vanguard-no-1-picket");

  /* F-STRAT-12: a form order takes ships of his two formations at Komarr wormhole terminus. */
  g_assert_true (admiralty_sheet_form_set_order (form, "first-squadron-home-fleet", "form"));
  g_assert_true (admiralty_sheet_form_set_ships (form, "first-squadron-home-fleet",
                                                 "kyril-island count-vorhalas prince-serg"));
  g_assert_true (admiralty_sheet_form_set_new_name (form, "first-squadron-home-fleet",
                                                    "Vanguard"));
  g_assert_null (admiralty_sheet_form_get_refusal (form, "first-squadron-home-fleet"));
  g_assert_true (admiralty_sheet_form_hand_in (form, &error));
  g_assert_no_error (error);
  gtk_window_destroy (GTK_WINDOW (form));
  iterate ();
  order = last_event (fixture, 0);
  g_assert_cmpstr (adm_event_get (order, "order"), ==, "form");
  /* Listed as the form lists them: its own ships first, then the Serg Division's. */
  g_assert_cmpstr (adm_event_get (order, "ships"), ==, "count-vorhalas kyril-island prince-serg");
  g_assert_cmpstr (adm_event_get (order, "formation"), ==, "first-squadron-home-fleet");
  g_assert_cmpstr (adm_event_get (order, "new-formation"), ==, "vorkosigan-vanguard");
  g_assert_null (adm_event_get (order, "flagship"));
  g_assert_nonnull (adm_strategy_lookup_formation (
                      strategy_of (fixture->base.window->campaign), "vorkosigan-vanguard"));
}

/* F-STRAT-12, F-STRAT-17: a join to a formation in another sector is refused with the
 * engine's reason and blocks the hand-in; only formations of his side are offered. */
static void
test_admin_join_refused (Fixture       *fixture,
                         gconstpointer  data)
{
  guint before = n_events (fixture);
  g_autoptr(GError) error = NULL;
  AdmiraltySheetForm *form = open_form (fixture, "vorkosigan");
  const char *refusal;

  g_assert_true (admiralty_sheet_form_set_order (form, "first-squadron-home-fleet", "join"));
  g_assert_false (admiralty_sheet_form_set_target (form, "first-squadron-home-fleet",
                                                   "pol-escort-group"));
  g_assert_false (admiralty_sheet_form_set_target (form, "first-squadron-home-fleet",
                                                   "first-squadron-home-fleet"));
  /* The Second Squadron is in Komarr orbit, the First at the wormhole terminus. */
  g_assert_true (admiralty_sheet_form_set_target (form, "first-squadron-home-fleet",
                                                  "second-squadron-home-fleet"));
  refusal = admiralty_sheet_form_get_refusal (form, "first-squadron-home-fleet");
  g_assert_nonnull (refusal);
  g_test_message ("%s", refusal);
  g_assert_nonnull (strstr (refusal, "formations join in one sector (F-STRAT-12)"));
  g_assert_false (admiralty_sheet_form_can_hand_in (form));
  gtk_widget_activate_action (GTK_WIDGET (form), "sheet.hand-in", NULL);
  iterate ();
  g_assert_true (admiralty_campaign_orders_get_sheet_form (board (fixture)) == form);
  g_assert_false (admiralty_sheet_form_hand_in (form, &error));
  g_assert_nonnull (strstr (error->message, "formations join in one sector"));
  g_assert_false (admiralty_sheet_form_send_alone (form, "first-squadron-home-fleet", NULL));
  g_assert_cmpuint (n_events (fixture), ==, before);
  g_assert_cmpstr (admiralty_campaign_orders_get_status (board (fixture), "vorkosigan"), ==,
                   "No sheet — his formations keep their standing orders (F-STRAT-5)");
}

/* F-STRAT-12: disband journals the order; each ship is then a formation of its own, still
 * his, on his sheet. */
static void
test_admin_disband (Fixture       *fixture,
                    gconstpointer  data)
{
  guint before = n_events (fixture);
  g_autoptr(GError) error = NULL;
  AdmiraltySheetForm *form = open_form (fixture, "vorkosigan");
  AdmEvent *order;

  g_assert_true (admiralty_sheet_form_set_order (form, "first-destroyer-flotilla", "disband"));
  g_assert_null (admiralty_sheet_form_get_refusal (form, "first-destroyer-flotilla"));
  g_assert_true (admiralty_sheet_form_hand_in (form, &error));
  g_assert_no_error (error);
  gtk_window_destroy (GTK_WINDOW (form));
  iterate ();
  g_assert_cmpuint (n_events (fixture), ==, before + 2);
  order = last_event (fixture, 0);
  g_assert_cmpstr (adm_event_get (order, "order"), ==, "disband");
  g_assert_cmpstr (adm_event_get (order, "formation"), ==, "first-destroyer-flotilla");
  g_assert_null (adm_event_get (order, "ships"));

  form = open_form (fixture, "vorkosigan");
  g_assert_false (admiralty_sheet_form_set_order (form, "first-destroyer-flotilla", "patrol"));
  g_assert_true (admiralty_sheet_form_set_order (form, "kestrel", "patrol"));
  g_assert_null (admiralty_sheet_form_get_refusal (form, "kestrel"));
  g_assert_true (admiralty_sheet_form_set_order (form, "gull", "defend"));
  /* F-STRAT-17: the ships may join up again at once, by a message out of band. */
  g_assert_true (admiralty_sheet_form_set_order (form, "lord-vorbohn", "join"));
  g_assert_true (admiralty_sheet_form_set_target (form, "lord-vorbohn", "kestrel"));
  g_assert_null (admiralty_sheet_form_get_refusal (form, "lord-vorbohn"));
  g_assert_true (admiralty_sheet_form_send_alone (form, "lord-vorbohn", &error));
  g_assert_no_error (error);
  g_assert_cmpstr (adm_event_get (last_event (fixture, 0), "order"), ==, "join");
  g_assert_cmpstr (adm_event_get (last_event (fixture, 0), "target"), ==, "kestrel");
  /* The form lists his formations anew: Lord Vorbohn's is no more. */
  g_assert_false (admiralty_sheet_form_set_order (form, "lord-vorbohn", "patrol"));
  g_assert_true (admiralty_sheet_form_set_order (form, "kestrel", "patrol"));
  gtk_window_destroy (GTK_WINDOW (form));
  iterate ();
}

/* F-STRAT-16 under ruling "last-seen-target": Autumn Screen, met by the Aslund minelayer in
 * cycle 1 and unseen since it left, is offered to Sundquist's frigates as a target with its
 * sighting, and the attack is accepted; Pol, which never saw it, is not offered it. */
static void
test_last_seen_target (Fixture       *fixture,
                       gconstpointer  data)
{
  AdmCampaign *campaign = fixture->base.window->campaign;
  AdmiraltySheetForm *form;
  g_auto(GStrv) targets = NULL;
  g_auto(GStrv) pol_targets = NULL;
  g_autoptr(GError) error = NULL;

  komarr_order (campaign, T0, 1, "ghem-sarlat", "autumn-screen", "patrol", NULL, NULL);
  g_assert_true (adm_campaign_resolve_cycle (campaign, NULL, T0 + 2400, &error));
  g_assert_no_error (error);
  komarr_order (campaign, T0, 2, "ghem-sarlat", "autumn-screen", "defend", NULL, NULL);
  komarr_order (campaign, T0, 2, "sundquist", "aslund-minelayer", "move", "route",
                "aslund-station");
  g_assert_true (adm_campaign_resolve_cycle (campaign, NULL, T0 + 4800, &error));
  g_assert_no_error (error);
  iterate ();

  form = open_form (fixture, "sundquist");
  targets = admiralty_sheet_form_dup_formation_choices (form, "aslund-frigate-squadron");
  g_assert_true (g_strv_contains ((const char * const *) targets, "autumn-screen"));
  g_assert_true (admiralty_sheet_form_set_order (form, "aslund-frigate-squadron", "attack"));
  g_assert_true (admiralty_sheet_form_set_target (form, "aslund-frigate-squadron",
                                                  "autumn-screen"));
  g_assert_null (admiralty_sheet_form_get_refusal (form, "aslund-frigate-squadron"));

  form = open_form (fixture, "radovan");
  pol_targets = admiralty_sheet_form_dup_formation_choices (form, "pol-escort-group");
  g_assert_false (g_strv_contains ((const char * const *) pol_targets, "autumn-screen"));
}

/* The admirals' portal: an admiral's sheet sent from his phone, refused on the
 * board with a reason the master types — real pointer and keys — journaled, shown on his
 * page, and undone and redone as every action of the board. */

/* The reply to @method @url (with @body, a form), the app's main loop running meanwhile. */
static char *
http (const char *method,
      const char *url,
      const char *body,
      guint      *status)
{
  g_autoptr(GBytes) bytes = body != NULL ? g_bytes_new (body, strlen (body)) : NULL;
  PortalRequest request = { .method = method, .url = url, .body = bytes,
                            .content_type = "application/x-www-form-urlencoded" };

  return portal_request_fetch (&request, status);
}

static GtkWidget *
find_button (GtkWidget  *widget,
             const char *label,
             const char *admiral_id)
{
  GVariant *target = GTK_IS_BUTTON (widget)
                       ? gtk_actionable_get_action_target_value (GTK_ACTIONABLE (widget)) : NULL;
  /* The admiral a button's action names (board.accept-sheet, board.refuse-sheet), or NULL. */
  const char *admiral = target != NULL && g_variant_is_of_type (target, G_VARIANT_TYPE_STRING)
                          ? g_variant_get_string (target, NULL) : NULL;

  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0 &&
      g_strcmp0 (admiral, admiral_id) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button (child, label, admiral_id);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static AdmPortalSheetStatus
sheet_status_of (AdmPortal  *portal,
                 const char *admiral_id)
{
  return adm_portal_get_sheet (portal, admiral_id)->status;
}

static guint undo_target;

static gboolean
events_back_to (gpointer data)
{
  return n_events (data) == undo_target;
}

static void
test_portal_refuse (Fixture       *fixture,
                    gconstpointer  data)
{
  const char *admiral_id = "vorkosigan";
  const char *reason = "Two orders for the Vanguard";
  AdmCampaign *campaign = fixture->base.window->campaign;
  g_autoptr(AdmPortal) portal = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *link = NULL, *page = NULL, *csrf = NULL, *body = NULL, *sheet_url = NULL;
  g_autofree char *reply = NULL, *shown = NULL;
  const AdmFormation *his = NULL;
  GPtrArray *formations = adm_strategy_get_formations (adm_state_get_strategy (
                                                         adm_campaign_get_state (campaign)));
  GtkWidget *refuse;
  AdwMessageDialog *dialog;
  const char *start;
  guint status = 0, before;

  if (!pointer_available ())
    {
      g_test_skip ("needs xdotool and an X11 display");
      return;
    }
  portal = adm_portal_new (campaign, &error);
  g_assert_no_error (error);
  g_assert_true (adm_portal_start (portal, "127.0.0.1", 0, &error));
  g_assert_no_error (error);
  admiralty_campaign_orders_set_portal (board (fixture), portal);

  /* His sheet from the phone: a defend order for his first formation. */
  for (guint i = 0; i < formations->len && his == NULL; i++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, i);

      if (formation->admiral != NULL && g_str_equal (formation->admiral->id, admiral_id))
        his = formation;
    }
  g_assert_nonnull (his);
  link = adm_portal_get_link (portal, admiral_id);
  page = http ("GET", link, NULL, &status);
  g_assert_cmpuint (status, ==, 200);
  start = strstr (page, "name=\"csrf\" value=\"");
  g_assert_nonnull (start);
  csrf = g_strndup (start + strlen ("name=\"csrf\" value=\""), ADM_PORTAL_TOKEN_CHARS);
  body = g_strdup_printf ("csrf=%s&f0=%s&o0=defend", csrf, his->id);
  sheet_url = g_strconcat (link, "sheet", NULL);
  reply = http ("POST", sheet_url, body, &status);
  g_assert_cmpuint (status, ==, 200);
  iterate ();
  g_assert_cmpint (sheet_status_of (portal, admiral_id), ==, ADM_PORTAL_SHEET_PENDING);

  /* The master opens the Orders tab, clicks "Refuse…", types why and presses Enter. */
  adw_tab_view_set_selected_page (fixture->base.window->tab_view, fixture->base.window->orders_tab);
  wait_frames ();
  refuse = find_button (GTK_WIDGET (board (fixture)), "_Refuse…", admiral_id);
  g_assert_nonnull (refuse);
  g_assert_nonnull (find_button (GTK_WIDGET (board (fixture)), "_Accept", admiral_id));
  before = n_events (fixture);
  /* The tab shown and laid out, the button where the pointer goes: under load, the click
   * must not land before the Orders tab is drawn. */
  iterate_until (widget_mapped, refuse, 5000);
  scroll_into_view (refuse);
  wait_frame (refuse);
  pointer_click_widget (refuse);
  iterate_until (message_dialog_shown, NULL, 5000);
  dialog = message_dialog ();
  g_assert_nonnull (dialog);
  g_assert_false (adw_message_dialog_get_response_enabled (dialog, "refuse"));
  type_to (GTK_WIDGET (dialog), reason);
  g_assert_true (adw_message_dialog_get_response_enabled (dialog, "refuse"));
  keys_to (GTK_WIDGET (dialog), "Return");
  /* Return answered the dialog and closed it: modal, it would keep the keys from the window. */
  iterate_until (message_dialog_gone, NULL, 5000);
  g_assert_null (message_dialog ());

  g_assert_cmpuint (n_events (fixture), ==, before + 1);
  g_assert_cmpstr (last_kind (fixture, 0), ==, "note");
  g_assert_cmpint (sheet_status_of (portal, admiral_id), ==, ADM_PORTAL_SHEET_REFUSED);
  g_assert_cmpstr (adm_portal_get_sheet (portal, admiral_id)->reason, ==, reason);
  g_assert_null (find_button (GTK_WIDGET (board (fixture)), "_Refuse…", admiral_id));
  g_free (page);
  page = http ("GET", link, NULL, &status);
  shown = g_strdup_printf ("refused by the master: %s", reason);
  g_assert_nonnull (strstr (page, shown));

  /* Undone by the master's Ctrl+Z, a real key press on the window: the sheet waits again,
   * with its buttons on the board, and his page says so; redone, it is refused again. */
  undo_target = before;
  keys_to (GTK_WIDGET (fixture->base.window), "ctrl+z");
  iterate_until (events_back_to, fixture, 5000);
  g_assert_cmpuint (n_events (fixture), ==, before);
  g_assert_cmpint (sheet_status_of (portal, admiral_id), ==, ADM_PORTAL_SHEET_PENDING);
  g_assert_null (adm_portal_get_sheet (portal, admiral_id)->reason);
  g_assert_nonnull (find_button (GTK_WIDGET (board (fixture)), "_Refuse…", admiral_id));
  g_assert_nonnull (find_button (GTK_WIDGET (board (fixture)), "_Accept", admiral_id));
  g_free (page);
  page = http ("GET", link, NULL, &status);
  g_assert_cmpuint (status, ==, 200);
  g_assert_null (strstr (page, shown));
  g_assert_null (strstr (page, reason));
  g_assert_nonnull (strstr (page, "waiting for the master"));
  g_assert_true (adm_campaign_redo (campaign, &error));
  g_assert_no_error (error);
  g_assert_cmpint (sheet_status_of (portal, admiral_id), ==, ADM_PORTAL_SHEET_REFUSED);
  g_assert_cmpstr (adm_portal_get_sheet (portal, admiral_id)->reason, ==, reason);
  g_free (page);
  page = http ("GET", link, NULL, &status);
  g_assert_nonnull (strstr (page, shown));

  admiralty_campaign_orders_set_portal (board (fixture), NULL);
  adm_portal_stop (portal);
}

/* How many buttons of @widget's (itself and its children) are labelled @label with @admiral_id
 * as their action's target. */
static guint
count_buttons (GtkWidget  *widget,
               const char *label,
               const char *admiral_id)
{
  guint n = find_button (widget, label, admiral_id) == widget ? 1 : 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += count_buttons (child, label, admiral_id);
  return n;
}

static gboolean
no_sheet_waiting (gpointer data)
{
  return adm_portal_get_sheet (data, "vorkosigan") != NULL &&
         adm_portal_get_sheet (data, "vorkosigan")->status == ADM_PORTAL_SHEET_ACCEPTED;
}

/* F-GEN-3: a sheet his phone sent three times with one client id (its answers lost, the
 * CSRF token used up by the first) is one sheet on the real Orders tab: one row with Accept
 * and Refuse…; accepted with the pointer, one "sheet" event, and his row says "Received"
 * with no correction; sent once more after, still one. */
static void
test_portal_repeat (Fixture       *fixture,
                    gconstpointer  data)
{
  const char *admiral_id = "vorkosigan";
  AdmCampaign *campaign = fixture->base.window->campaign;
  g_autoptr(AdmPortal) portal = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *link = NULL, *page = NULL, *csrf = NULL, *body = NULL, *sheet_url = NULL;
  const AdmFormation *his = NULL;
  GPtrArray *formations = adm_strategy_get_formations (adm_state_get_strategy (
                                                         adm_campaign_get_state (campaign)));
  const char *start, *status_text;
  GtkWidget *accept;
  guint status = 0, before;

  if (!pointer_available ())
    {
      g_test_skip ("needs xdotool and an X11 display");
      return;
    }
  portal = adm_portal_new (campaign, &error);
  g_assert_no_error (error);
  g_assert_true (adm_portal_start (portal, "127.0.0.1", 0, &error));
  g_assert_no_error (error);
  admiralty_campaign_orders_set_portal (board (fixture), portal);
  for (guint i = 0; i < formations->len && his == NULL; i++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, i);

      if (formation->admiral != NULL && g_str_equal (formation->admiral->id, admiral_id))
        his = formation;
    }
  g_assert_nonnull (his);
  link = adm_portal_get_link (portal, admiral_id);
  page = http ("GET", link, NULL, &status);
  g_assert_cmpuint (status, ==, 200);
  start = strstr (page, "name=\"csrf\" value=\"");
  g_assert_nonnull (start);
  csrf = g_strndup (start + strlen ("name=\"csrf\" value=\""), ADM_PORTAL_TOKEN_CHARS);
  body = g_strdup_printf ("csrf=%s&f0=%s&o0=defend&client=0123456789abcdef0123456789abcdef&"
                          "cycle=1", csrf, his->id);
  sheet_url = g_strconcat (link, "sheet", NULL);
  before = n_events (fixture);
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *reply = http ("POST", sheet_url, body, &status);

      g_assert_cmpuint (status, ==, 200);
    }
  iterate ();
  g_assert_cmpint (sheet_status_of (portal, admiral_id), ==, ADM_PORTAL_SHEET_PENDING);

  adw_tab_view_set_selected_page (fixture->base.window->tab_view, fixture->base.window->orders_tab);
  wait_frames ();
  g_assert_cmpuint (count_buttons (GTK_WIDGET (board (fixture)), "_Accept", admiral_id), ==, 1);
  g_assert_cmpuint (count_buttons (GTK_WIDGET (board (fixture)), "_Refuse…", admiral_id), ==, 1);
  accept = find_button (GTK_WIDGET (board (fixture)), "_Accept", admiral_id);
  iterate_until (widget_mapped, accept, 5000);
  scroll_into_view (accept);
  wait_frame (accept);
  pointer_click_widget (accept);
  iterate_until (no_sheet_waiting, portal, 5000);
  g_assert_cmpint (sheet_status_of (portal, admiral_id), ==, ADM_PORTAL_SHEET_ACCEPTED);
  {
    g_autofree char *reply = http ("POST", sheet_url, body, &status);

    g_assert_cmpuint (status, ==, 200);
  }
  wait_frames ();
  g_assert_cmpuint (count_buttons (GTK_WIDGET (board (fixture)), "_Accept", admiral_id), ==, 0);
  /* The sheet journaled once as it arrived (a phone's note, ruling portal-sheet-journaled),
   * whatever the repeats, then once as his sheet when accepted. */
  g_assert_cmpuint (n_events (fixture) - before, ==, 3);
  g_assert_cmpstr (last_kind (fixture, 2), ==, "note");
  g_assert_cmpstr (adm_event_get (g_ptr_array_index (adm_campaign_get_events (
                                    fixture->base.window->campaign), before), "portal"),
                   ==, "handed-in");
  g_assert_cmpstr (last_kind (fixture, 1), ==, "sheet");
  status_text = admiralty_campaign_orders_get_status (board (fixture), admiral_id);
  g_assert_true (g_str_has_prefix (status_text, "Received "));
  g_assert_null (strstr (status_text, "Corrected"));

  admiralty_campaign_orders_set_portal (board (fixture), NULL);
  adm_portal_stop (portal);
}

/* The CSRF token of an admiral's page (or of the page answering a POST). */
static char *
csrf_in (const char *page)
{
  const char *start = strstr (page, "name=\"csrf\" value=\"");

  g_assert_nonnull (start);
  return g_strndup (start + strlen ("name=\"csrf\" value=\""), ADM_PORTAL_TOKEN_CHARS);
}

/* POSTs @fields to @what ("sheet", "final") of @link with the CSRF token of @page; the answer
 * page. */
static char *
portal_post (const char *link,
             const char *what,
             const char *page,
             const char *fields)
{
  g_autofree char *csrf = csrf_in (page);
  g_autofree char *body = g_strdup_printf ("csrf=%s&%s", csrf, fields);
  g_autofree char *url = g_strconcat (link, what, NULL);
  guint status = 0;
  char *reply = http ("POST", url, body, &status);

  g_assert_cmpuint (status, ==, 200);
  return reply;
}

/* Whether the board @data has no admiral's sheet form open: a condition for iterate_until (). */
static gboolean
sheet_form_closed (gpointer data)
{
  return admiralty_campaign_orders_get_sheet_form (data) == NULL;
}

static gboolean
board_shows_final (gpointer data)
{
  return admiralty_campaign_orders_get_final (data, "vorkosigan");
}

/* A portal sheet read on the board before Accept or Refuse: each order in the words of the
 * sheet form with the engine's verdict, which follows the campaign (an order for a formation
 * given to another admiral since is refused, F-FORM-6); his final mark on his row; the final
 * marks' line, which counts sheets handed in on phones, not pages opened, and waits for an
 * admiral whose page is open until his sheet is in, on his phone or typed from paper; every
 * sheet final, "Resolve Early…", whose click asks first through the Resolve Cycle path; a new
 * sheet takes the mark away. */
static void
test_portal_verdicts_and_finals (Fixture       *fixture,
                                 gconstpointer  data)
{
  AdmCampaign *campaign = fixture->base.window->campaign;
  AdmiraltyCampaignOrders *orders = board (fixture);
  g_autoptr(AdmPortal) portal = NULL;
  g_autoptr(AdmEvent) assign = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *link = NULL, *page = NULL, *reply = NULL, *verdicts = NULL;
  const char *sheet = "f0=first-squadron-home-fleet&o0=defend&f1=first-destroyer-flotilla&o1=patrol";
  GtkWidget *early;
  AdwMessageDialog *dialog;
  guint status = 0;

  portal = adm_portal_new (campaign, &error);
  g_assert_no_error (error);
  g_assert_true (adm_portal_start (portal, "127.0.0.1", 0, &error));
  g_assert_no_error (error);
  admiralty_campaign_orders_set_portal (orders, portal);
  adw_tab_view_set_selected_page (fixture->base.window->tab_view, fixture->base.window->orders_tab);
  wait_frames ();
  g_assert_null (admiralty_campaign_orders_get_finals_text (orders));

  /* His page opened on his phone: no sheet counted yet, but he is waited for. */
  link = adm_portal_get_link (portal, "vorkosigan");
  page = http ("GET", link, NULL, &status);
  g_assert_cmpuint (status, ==, 200);
  iterate ();
  g_assert_cmpstr (admiralty_campaign_orders_get_finals_text (orders), ==,
                   "No sheet handed in on a phone yet · waiting for Adm. Aral Vorkosigan "
                   "(no sheet yet)");
  g_assert_false (admiralty_campaign_orders_get_early (orders));
  /* His sheet arrives. */
  reply = portal_post (link, "sheet", page, sheet);
  iterate ();
  verdicts = admiralty_campaign_orders_get_portal_orders (orders, "vorkosigan");
  g_test_message ("%s", verdicts);
  g_assert_nonnull (strstr (verdicts, "First Squadron, Home Fleet — defend"));
  g_assert_nonnull (strstr (verdicts, "First Destroyer Flotilla — patrol"));
  g_assert_null (strstr (verdicts, "Refused"));
  g_assert_cmpstr (admiralty_campaign_orders_get_finals_text (orders), ==,
                   "Final: 0 of 1 sheet handed in on phones · waiting for Adm. Aral Vorkosigan");
  g_assert_false (admiralty_campaign_orders_get_early (orders));

  /* F-FORM-6: the flotilla given to Vorlakial since; Accept would refuse its order. */
  assign = adm_event_new ("assign", adm_clock_now ());
  adm_event_set (assign, "formation", "first-destroyer-flotilla");
  adm_event_set (assign, "admiral", "vorlakial");
  g_assert_true (adm_campaign_append (campaign, assign, &error));
  g_assert_no_error (error);
  iterate ();
  g_free (verdicts);
  verdicts = admiralty_campaign_orders_get_portal_orders (orders, "vorkosigan");
  g_test_message ("%s", verdicts);
  g_assert_true (g_str_has_prefix (verdicts, "First Squadron, Home Fleet — defend"));
  g_assert_nonnull (strstr (verdicts, ": Accepted by the engine\nFirst Destroyer Flotilla — "
                                      "patrol"));
  g_assert_nonnull (strstr (verdicts, ": Refused: "));
  g_assert_nonnull (find_button (GTK_WIDGET (orders), "_Accept", "vorkosigan"));

  /* Marked final on his phone: his row, the line above, and "Resolve Early…". */
  g_free (page);
  page = g_steal_pointer (&reply);
  reply = portal_post (link, "final", page, "final=yes");
  iterate_until (board_shows_final, orders, 5000);
  g_assert_true (admiralty_campaign_orders_get_final (orders, "vorkosigan"));
  g_assert_true (admiralty_campaign_orders_get_early (orders));
  g_assert_cmpstr (admiralty_campaign_orders_get_finals_text (orders), ==,
                   "The sheet handed in on a phone is marked final: the cycle may be resolved "
                   "early.");
  /* Vorlakial opens his page and hands in nothing: the cycle waits for his sheet. Typed in
   * from paper by the master, it is in, and he is waited for no more. */
  {
    g_autofree char *other = adm_portal_get_link (portal, "vorlakial");
    g_autofree char *other_page = http ("GET", other, NULL, &status);

    g_assert_cmpuint (status, ==, 200);
    iterate ();
    g_assert_false (admiralty_campaign_orders_get_early (orders));
    g_assert_cmpstr (admiralty_campaign_orders_get_finals_text (orders), ==,
                     "Final: 1 of 1 sheet handed in on phones · waiting for Adm. Lord Vorlakial "
                     "(no sheet yet)");
    g_autoptr(AdmEvent) paper = adm_event_new ("sheet", adm_clock_now ());

    adm_event_set_int (paper, "cycle", 1);
    adm_event_set (paper, "admiral", "vorlakial");
    adm_event_set (paper, "received", "2026-11-22T18:30:00Z");
    g_assert_true (adm_campaign_append (campaign, paper, &error));
    g_assert_no_error (error);
    iterate ();
    g_assert_true (admiralty_campaign_orders_get_early (orders));
    g_assert_cmpstr (admiralty_campaign_orders_get_finals_text (orders), ==,
                     "The sheet handed in on a phone is marked final: the cycle may be resolved "
                     "early.");
  }
  /* The projector says who is final too. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->base.window), "win.projector",
                                             NULL));
  iterate_until (projector_mapped, NULL, 5000);
  g_assert_nonnull (fixture->base.window->projector);
  g_assert_cmpstr (admiralty_projector_window_get_finals_text (
                     ADMIRALTY_PROJECTOR_WINDOW (fixture->base.window->projector)), ==,
                   "✔ All final: Adm. Aral Vorkosigan");
  gtk_window_close (GTK_WINDOW (fixture->base.window->projector));
  iterate_until (toplevel_gone, GSIZE_TO_POINTER (ADMIRALTY_TYPE_PROJECTOR_WINDOW), 5000);
  g_assert_null (find_projector ());
  wait_frames ();

  early = find_button (GTK_WIDGET (orders), "Resolve _Early…", NULL);
  g_assert_nonnull (early);
  if (pointer_available ())
    pointer_click_widget (early);
  else
    gtk_widget_activate (early);
  iterate_until (message_dialog_shown, NULL, 5000);
  dialog = message_dialog ();
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Resolve Cycle 1 Early?");
  g_assert_true (g_str_has_prefix (adw_message_dialog_get_body (dialog),
                                   "Every sheet handed in on a phone is marked final."));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog),
                            "This sheet waits in the portal and is left out of the cycle unless "
                            "accepted first:\n• Adm. Aral Vorkosigan"));
  g_assert_true (adw_message_dialog_has_response (dialog, "resolve"));
  adw_message_dialog_response (dialog, "cancel");
  gtk_window_close (GTK_WINDOW (dialog));
  iterate_until (message_dialog_gone, NULL, 5000);
  g_assert_cmpuint (adm_strategy_get_cycle (adm_state_get_strategy (
                      adm_campaign_get_state (campaign))), ==, 1);

  /* A new sheet from him takes the mark away. */
  g_free (page);
  page = g_steal_pointer (&reply);
  reply = portal_post (link, "sheet", page, "f0=first-squadron-home-fleet&o0=patrol");
  iterate ();
  g_assert_false (admiralty_campaign_orders_get_final (orders, "vorkosigan"));
  g_assert_false (admiralty_campaign_orders_get_early (orders));
  g_assert_nonnull (admiralty_campaign_orders_get_finals_text (orders));

  /* Another campaign opened in the window, with the same admirals: the portal serves the
   * first one, and the board says nothing of it. */
  {
    g_autofree char *scenario = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "scenarios",
                                                  "komarr-campaign.admiralty", NULL);

    g_assert_true (admiralty_window_open (fixture->base.window, scenario));
    wait_frames ();
    g_assert_null (admiralty_campaign_orders_get_portal (orders));
    g_assert_null (admiralty_campaign_orders_get_finals_text (orders));
    g_assert_null (admiralty_campaign_orders_get_portal_orders (orders, "vorkosigan"));
    /* Nothing holds the first campaign any more: its portal serves nothing (no admiral
     * hands a sheet in to a campaign no window shows). */
    g_assert_null (adm_portal_get_campaign (portal));
    g_assert_false (adm_portal_get_running (portal));
  }

  adm_portal_stop (portal);
}

/* A label that shows @data as it is written. */
static gboolean
label_showing (GtkWidget     *widget,
               gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && strstr (gtk_label_get_text (GTK_LABEL (widget)), data) != NULL;
}

/* An admiral and a formation named with "&" and "<" (the scenario's XML escapes them): the
 * Orders board and the sheet form show them as written. libadwaita 1.2 reads a row's words as
 * markup: before, GTK refused them ("Failed to set text from markup", fatal in the tests) and
 * the row showed nothing. */
static void
test_names_as_written (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *scenario = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "scenarios",
                                                "komarr-campaign.admiralty", NULL);
  g_autofree char *dir = g_dir_make_tmp ("admiralty-campaign-orders-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "names.admiralty", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GString) xml = NULL;
  const char *admiral = "Adm. Aral Vorkosigan & Sons <Ltd>";
  const char *formation = "First Squadron & <Home> Fleet";
  g_autofree char *title = g_strdup_printf ("%s · Barrayaran Imperium", admiral);
  AdmiraltyWindow *window;
  AdwPreferencesRow *row;

  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (scenario, &text, NULL, &error));
  xml = g_string_new (text);
  g_assert_cmpuint (g_string_replace (xml, "name=\"Adm. Aral Vorkosigan\"",
                                      "name=\"Adm. Aral Vorkosigan &amp; Sons &lt;Ltd&gt;\"", 1),
                    ==, 1);
  g_assert_cmpuint (g_string_replace (xml, "name=\"First Squadron, Home Fleet\"",
                                      "name=\"First Squadron &amp; &lt;Home&gt; Fleet\"", 1),
                    ==, 1);
  g_assert_true (g_file_set_contents (path, xml->str, xml->len, &error));

  window = shown_window_new (0, 0);
  g_assert_true (admiralty_window_open (window, path));
  adw_tab_view_set_selected_page (window->tab_view, window->orders_tab);
  iterate ();

  row = ADW_PREFERENCES_ROW (find_widget (
    GTK_WIDGET (_admiralty_window_get_campaign_orders (window)), is_row_titled, title));
  g_assert_nonnull (row);
  g_assert_false (adw_preferences_row_get_use_markup (row));
  g_assert_nonnull (find_widget (GTK_WIDGET (row), label_showing, admiral));

  /* His sheet: the formation's name where the form lists it. */
  {
    AdmiraltySheetForm *form =
      admiralty_campaign_orders_open_sheet (_admiralty_window_get_campaign_orders (window),
                                            "vorkosigan");

    g_assert_nonnull (form);
    iterate ();
    g_assert_nonnull (find_widget (GTK_WIDGET (form), label_showing, formation));
  }

  close_window (window);
  remove_tree (dir);
}

/* Whether @widget is the board's row of admiral @admiral_id. */
static gboolean
is_row_of (GtkWidget  *widget,
           const char *admiral_id)
{
  GVariant *target;

  if (widget == NULL || !GTK_IS_ACTIONABLE (widget))
    return FALSE;
  target = gtk_actionable_get_action_target_value (GTK_ACTIONABLE (widget));
  return target != NULL && g_variant_is_of_type (target, G_VARIANT_TYPE_STRING) &&
         g_strcmp0 (g_variant_get_string (target, NULL), admiral_id) == 0;
}

/* F-STRAT-5: a sheet handed in on the Orders tab leaves the keyboard on the board, on the next
 * admiral who has not handed his in (Return opens his sheet), not on the header's first
 * button; a form closed without handing in leaves it on its own admiral. */
static void
test_focus_after_hand_in (Fixture       *fixture,
                          gconstpointer  data)
{
  AdmiraltyWindow *window = fixture->base.window;
  GPtrArray *admirals = adm_campaign_get_admirals (window->campaign);
  const char *first = ((const AdmAdmiral *) g_ptr_array_index (admirals, 0))->id;
  const char *second = ((const AdmAdmiral *) g_ptr_array_index (admirals, 1))->id;
  AdmiraltySheetForm *form;
  GtkWidget *focus;

  adw_tab_view_set_selected_page (window->tab_view, window->orders_tab);
  iterate_until (widget_mapped, board (fixture), 5000);
  form = open_form (fixture, first);
  iterate_until (widget_mapped, form, 5000);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (form), "sheet.hand-in", NULL));
  iterate_until (sheet_form_closed, board (fixture), 5000);
  wait_frames ();
  g_assert_null (admiralty_campaign_orders_get_sheet_form (board (fixture)));
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_test_message ("focus after handing in: %s", focus != NULL ? G_OBJECT_TYPE_NAME (focus) : "none");
  g_assert_true (is_row_of (focus, second));
  g_assert_true (gtk_widget_is_ancestor (focus, GTK_WIDGET (board (fixture))));

  /* Put away unhanded: back on his own row. */
  form = open_form (fixture, second);
  iterate_until (widget_mapped, form, 5000);
  gtk_window_close (GTK_WINDOW (form));
  iterate_until (sheet_form_closed, board (fixture), 5000);
  wait_frames ();
  g_assert_null (admiralty_campaign_orders_get_sheet_form (board (fixture)));
  g_assert_true (is_row_of (gtk_root_get_focus (GTK_ROOT (window)), second));
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv, "campaign-orders");

  g_test_add ("/ui/campaign-orders/statuses", Fixture, NULL, fixture_set_up, test_statuses,
              fixture_tear_down);
  g_test_add ("/ui/campaign-orders/F-STRAT-16/last-seen-target", Fixture, NULL, fixture_set_up,
              test_last_seen_target, fixture_tear_down);
  g_test_add ("/ui/campaign-orders/F-STRAT-3/choices-known-only", Fixture, NULL, fixture_set_up,
              test_choices_known_only, fixture_tear_down);
  g_test_add ("/ui/campaign-orders/refusals", Fixture, NULL, fixture_set_up, test_refusals,
              fixture_tear_down);
  g_test_add ("/ui/campaign-orders/hand-in-and-correct", Fixture, NULL, fixture_set_up,
              test_hand_in_and_correct, fixture_tear_down);
  g_test_add ("/ui/campaign-orders/F-STRAT-5/focus-after-hand-in", Fixture, NULL,
              fixture_set_up, test_focus_after_hand_in, fixture_tear_down);
  g_test_add ("/ui/campaign-orders/import-broken", Fixture, NULL, fixture_set_up,
              test_import_broken, fixture_tear_down);
  g_test_add ("/ui/campaign-orders/F-STRAT-4/drop-unfought", Fixture, NULL, fixture_set_up,
              test_drop_unfought, fixture_tear_down);
  g_test_add ("/ui/campaign-orders/resolve-and-open", Fixture, NULL, fixture_set_up,
              test_resolve_and_open, fixture_tear_down);
  g_test_add ("/ui/campaign-orders/admin-detach", Fixture, NULL, fixture_set_up, test_admin_detach,
              fixture_tear_down);
  g_test_add ("/ui/campaign-orders/admin-join-refused", Fixture, NULL, fixture_set_up,
              test_admin_join_refused, fixture_tear_down);
  g_test_add ("/ui/campaign-orders/admin-disband", Fixture, NULL, fixture_set_up,
              test_admin_disband, fixture_tear_down);
  g_test_add ("/ui/campaign-orders/portal-refuse", Fixture, NULL, fixture_set_up,
              test_portal_refuse, fixture_tear_down);
  g_test_add ("/ui/campaign-orders/F-GEN-3/portal-repeat-once", Fixture, NULL, fixture_set_up,
              test_portal_repeat, fixture_tear_down);
  g_test_add ("/ui/campaign-orders/F-FORM-6/portal-verdicts-and-finals", Fixture, NULL,
              fixture_set_up, test_portal_verdicts_and_finals, fixture_tear_down);
  g_test_add_func ("/ui/campaign-orders/names-as-written", test_names_as_written);

  return ui_test_finish (g_test_run ());
}
