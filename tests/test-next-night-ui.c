/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-next-night-ui.c: "New Campaign from This One…" (win.next-night) in the master's window
 * under Xvfb. On the Komarr campaign after cycle 1, its engagements not fought, the action
 * says which engagement and what to do, and asks for no file (F-STRAT-4), or with the
 * master's reason ends them where they stand and asks for the file; on a campaign with
 * none, the next night's scenario is written where the master chose and opened in the
 * scenario editor with no problem, the campaign's file unchanged; its own file is refused.
 * A ship the war left worn shows in the editor's Fleets page as its last fleet card does, and
 * its damage and criticals are changed there with the keys, bad values refused first, undone
 * and redone, saved and read again (F-CRIT-5, F-CRIT-20). The file chooser itself is GTK's. */

#include "config.h"

#include <string.h>

#include "admiralty-editor-fleets.h"
#include "admiralty-scenario-editor.h"
#include "admiralty-window-private.h"
#include "editor-helpers.h"
#include "file-helpers.h"
#include "ui-helpers.h"
#include "adm-campaign-journal.h"
#include "adm-correction.h"
#include "adm-next-night.h"

#define T0 G_GINT64_CONSTANT (1795370400) /* 2026-11-22T18:00:00Z */

static guint
unfought_count (AdmCampaign *campaign)
{
  g_autoptr(GPtrArray) unfought = adm_campaign_get_unfought (campaign);

  return unfought->len;
}

/* F-STRAT-4: c1-1 is not fought; the master is told so, and no chooser is opened. */
static void
test_refused (void)
{
  CampaignFixture fixture;
  AdwMessageDialog *dialog;

  komarr_fixture_set_up (&fixture, "next-night-refused", 1, T0, 0, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture.window), "win.next-night",
                                             NULL));
  iterate_until (message_dialog_shown, NULL, 5000);
  dialog = message_dialog ();
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "The War Is Not at Rest");
  g_assert_true (g_str_has_prefix (adw_message_dialog_get_body (dialog),
                                   "Engagement c1-1 at Pol jump point is not fought to its "
                                   "end (Not fought), nor are c1-2, c1-3, c1-4; "));
  g_assert_null (fixture.window->chooser);
  /* The offer to end them waits for a reason: none, or spaces, leave it off. */
  g_assert_false (adw_message_dialog_get_response_enabled (dialog, "end"));
  gtk_editable_set_text (GTK_EDITABLE (adw_message_dialog_get_extra_child (dialog)), "   ");
  g_assert_false (adw_message_dialog_get_response_enabled (dialog, "end"));
  gtk_window_destroy (GTK_WINDOW (dialog));
  iterate_until (message_dialog_gone, NULL, 5000);
  g_assert_cmpuint (unfought_count (fixture.window->campaign), ==, 4);
  campaign_fixture_tear_down (&fixture);
}

/* F-STRAT-4: End Them Where They Stand with a reason ends c1-1 to c1-4 in queue order, each
 * one action, and goes on to ask for the file; one Undo brings the last back. */
static void
test_end_where_they_stand (void)
{
  CampaignFixture fixture;
  AdwMessageDialog *dialog;
  g_autoptr(GError) error = NULL;
  guint events;

  komarr_fixture_set_up (&fixture, "next-night-end", 1, T0, 0, 0);
  events = adm_campaign_get_events (fixture.window->campaign)->len;
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture.window), "win.next-night",
                                             NULL));
  iterate_until (message_dialog_shown, NULL, 5000);
  dialog = message_dialog ();
  g_assert_nonnull (dialog);
  gtk_editable_set_text (GTK_EDITABLE (adw_message_dialog_get_extra_child (dialog)),
                         "Dawn came");
  g_assert_true (adw_message_dialog_get_response_enabled (dialog, "end"));
  save_screenshot (GTK_WIDGET (dialog), "next-night-end-offer.png");
  /* Clicked as the master clicks it: the response, and the dialog closed. */
  pointer_click_widget (button (GTK_WIDGET (dialog), "_End Them Where They Stand"));
  iterate_until (message_dialog_gone, NULL, 5000);
  g_assert_cmpuint (unfought_count (fixture.window->campaign), ==, 0);
  g_assert_cmpuint (adm_campaign_get_events (fixture.window->campaign)->len, >, events);
  /* At rest: the file is asked for. */
  g_assert_nonnull (fixture.window->chooser);
  gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (fixture.window->chooser));
  g_clear_object (&fixture.window->chooser);
  g_assert_true (adm_next_night_check (fixture.window->campaign, &error));
  g_assert_no_error (error);
  g_assert_true (adm_campaign_undo (fixture.window->campaign, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (unfought_count (fixture.window->campaign), ==, 1);
  campaign_fixture_tear_down (&fixture);
}

/* A campaign at rest: the next night in the editor, the campaign's file as it was. */
static void
test_opened_in_editor (void)
{
  CampaignFixture fixture;
  g_autoptr(GError) error = NULL;
  g_autofree char *next = NULL, *before = NULL, *after = NULL;
  AdmiraltyScenarioEditor *editor;

  komarr_fixture_set_up (&fixture, "next-night-editor", 0, T0, 0, 0);
  next = g_build_filename (fixture.dir, "komarr-next.admiralty", NULL);
  before = file_contents (fixture.campaign_path);

  /* The campaign's own file is refused, nothing written. */
  g_assert_null (_admiralty_window_make_next_night (fixture.window, fixture.campaign_path,
                                                    &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "is the campaign itself"));
  g_clear_error (&error);

  editor = _admiralty_window_make_next_night (fixture.window, next, &error);
  g_assert_no_error (error);
  g_assert_nonnull (editor);
  iterate_until (toplevel_shown, GSIZE_TO_POINTER (ADMIRALTY_TYPE_SCENARIO_EDITOR), 5000);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (editor)));
  /* Opened as saved: nothing of the master's to lose yet. */
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (editor)), ==,
                   "The Komarr Campaign, again — Scenario Editor");
  save_screenshot (GTK_WIDGET (editor), "next-night-editor.png");
  after = file_contents (fixture.campaign_path);
  g_assert_cmpstr (after, ==, before);
  close_editor (editor);
  campaign_fixture_tear_down (&fixture);
}

/* The hull of @ship_name on @admiral_id's fleet card: "12/14 (2 lost)". */
static char *
card_hull (AdmCampaign *campaign,
           const char  *admiral_id,
           const char  *ship_name)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmDoc) doc = adm_report_build (campaign, ADM_REPORT_CARDS, admiral_id, 0, NULL,
                                            &error);
  g_autofree char *text = NULL;
  g_autofree char *heading = g_strdup_printf ("%s\n", ship_name);
  const char *ship, *hull;

  g_assert_no_error (error);
  text = adm_doc_to_text (doc);
  ship = strstr (text, heading);
  g_assert_nonnull (ship);
  hull = strstr (ship, "Hull: ");
  g_assert_nonnull (hull);
  hull += strlen ("Hull: ");
  return g_strndup (hull, strcspn (hull, "\n"));
}

/* A label shown under @data's first word ("Ship “Kestrel”: ") that says the rest. */
typedef struct {
  const char *ship;
  const char *problem;
} Said;

static gboolean
is_said (GtkWidget     *widget,
         gconstpointer  data)
{
  const Said *said = data;
  const char *text = GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
                     ? gtk_label_get_text (GTK_LABEL (widget)) : NULL;

  return text != NULL && g_str_has_prefix (text, said->ship) &&
         strstr (text, said->problem) != NULL;
}

static gboolean
toast_says (gpointer data)
{
  gpointer *args = data;

  return find_widget (args[0], is_said, args[1]) != NULL;
}

static gboolean
frame_time_reached (gpointer data)
{
  gpointer *args = data;
  GdkFrameClock *clock = gtk_widget_get_frame_clock (args[0]);

  return gdk_frame_clock_get_frame_time (clock) >= *(gint64 *) args[1];
}

/* Waits until the editor's frame clock is past the toast's slide in, which libadwaita 1.2
 * animates for 300 ms of it: a toast closed while it slides in crashes libadwaita 1.2 (its
 * show animation is skipped on a toast already let go). */
static void
wait_toast_shown (AdmiraltyScenarioEditor *editor)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (editor));
  gint64 settled = gdk_frame_clock_get_frame_time (clock) + 400 * G_TIME_SPAN_MILLISECOND;
  gpointer args[] = { editor, &settled };

  iterate_until (frame_time_reached, args, 5000);
  wait_frames ();
}

/* @damage and @criticals typed into the open wear popover's fields as a master does: a
 * click in the first, its text replaced, Tab to the second, its text replaced, Enter. */
static void
wear_type (AdmiraltyScenarioEditor *editor,
           const char              *damage,
           const char              *criticals)
{
  GtkWidget *popover = find_widget (GTK_WIDGET (editor), is_popover, NULL);
  g_autoptr(GPtrArray) fields = NULL;
  const char *texts[] = { damage, criticals };

  g_assert_nonnull (popover);
  fields = find_widgets (popover, is_of_type, GSIZE_TO_POINTER (GTK_TYPE_ENTRY));
  g_assert_cmpuint (fields->len, ==, 2);
  pointer_click (fields->pdata[0], 12, gtk_widget_get_height (fields->pdata[0]) / 2.0);
  for (guint i = 0; i < 2; i++)
    {
      if (i > 0)
        keys_to (GTK_WIDGET (editor), "Tab");
      keys_to (GTK_WIDGET (editor), "ctrl+a");
      keys_to (GTK_WIDGET (editor), "BackSpace");
      if (texts[i][0] != '\0')
        type_to (GTK_WIDGET (editor), texts[i]);
      g_assert_cmpstr (gtk_editable_get_text (fields->pdata[i]), ==, texts[i]);
    }
  keys_to (GTK_WIDGET (editor), "Return");
}

/* @damage and @criticals typed into the open wear popover: refused with a toast naming
 * Kestrel and @problem, the popover still open and the document @before; the screen as the
 * master sees it then saved as @screenshot when not NULL. */
static void
wear_refused (AdmiraltyScenarioEditor *editor,
              GBytes                  *before,
              const char              *damage,
              const char              *criticals,
              const char              *problem,
              const char              *screenshot)
{
  Said said = { "Ship “Kestrel”: ", problem };
  gpointer args[] = { editor, &said };
  g_autoptr(GBytes) now = NULL;

  wear_type (editor, damage, criticals);
  iterate_until (toast_says, args, 5000);
  wait_toast_shown (editor);
  g_assert_true (popover_open (editor));
  if (screenshot != NULL)
    root_screenshot (screenshot, 1280, 820);
  now = bytes_now (editor);
  g_assert_true (g_bytes_equal (before, now));
  dismiss_toasts (GTK_WIDGET (editor));
}

/* The hull button of the ship row whose name field is @entry. */
static GtkWidget *
hull_button (GtkWidget  *entry,
             const char *shown)
{
  GtkWidget *row = gtk_widget_get_ancestor (entry, GTK_TYPE_LIST_BOX_ROW);
  GtkWidget *label = find_widget (row, is_label_text, shown);

  if (label == NULL)
    g_error ("the row of %s shows no hull “%s”", gtk_editable_get_text (GTK_EDITABLE (entry)),
             shown);
  return gtk_widget_get_ancestor (label, GTK_TYPE_BUTTON);
}

/* The name field of Kestrel's row in @editor, its formation shown by a click. */
static GtkWidget *
kestrel_entry (AdmiraltyScenarioEditor *editor)
{
  AdmiraltyEditorFleets *fleets =
    ADMIRALTY_EDITOR_FLEETS (admiralty_scenario_editor_get_page (editor, "fleets"));
  AdmScenarioEdit *edit = admiralty_scenario_editor_get_edit (editor);
  xmlNode *kestrel = adm_scenario_edit_find (edit, "ship", "kestrel");
  g_autofree char *formation = NULL;
  guint index = 0;

  g_assert_nonnull (kestrel);
  formation = adm_xml_get_string (kestrel->parent, "id");
  click_formation (editor, formation);
  for (xmlNode *ship = adm_xml_first_element (kestrel->parent, "ship"); ship != kestrel;
       ship = adm_xml_next_element (ship, "ship"))
    index++;
  return admiralty_editor_fleets_get_ship_entry (fleets, index);
}

/* F-CRIT-5, F-CRIT-8, F-CRIT-20: Kestrel's hull corrected in the campaign; the next night's
 * scenario, opened in the editor, shows it as the last fleet card does. Bad values typed are
 * refused, each naming the ship and its problem, nothing changed; then a damage and criticals
 * typed are one step Ctrl+Z undoes and Shift+Ctrl+Z redoes; Ctrl+S saves them, every other
 * byte of the file as from-campaign wrote it, and the file opened again shows them. */
static void
test_wear_in_editor (void)
{
  CampaignFixture fixture;
  g_autoptr(GError) error = NULL;
  g_autofree char *next = NULL, *hull = NULL, *written = NULL, *saved = NULL;
  g_autofree char *too_much = NULL, *worn = NULL;
  g_autoptr(GBytes) before = NULL, after = NULL;
  g_autoptr(AdmScenario) scenario = NULL;
  AdmCorrection damage = { .kind = ADM_CORRECTION_DAMAGE, .ship = "kestrel", .points = "2",
                           .reason = "Collision" };
  const AdmShipClass *klass;
  const AdmShip *kestrel;
  AdmiraltyScenarioEditor *editor;
  GtkWidget *entry, *wear;

  if (!pointer_available ())
    {
      g_test_skip ("needs an X11 display and xdotool");
      return;
    }
  komarr_fixture_set_up (&fixture, "next-night-wear", 0, T0, 0, 0);
  g_assert_true (adm_correction_record (fixture.window->campaign, &damage, T0 + 60, &error));
  g_assert_no_error (error);
  hull = card_hull (fixture.window->campaign, "vorkosigan", "Kestrel");
  g_assert_nonnull (strstr (hull, " (2 lost)"));
  klass = adm_ruleset_lookup_class (adm_campaign_get_ruleset (fixture.window->campaign),
                                    "vorpatril");
  g_assert_nonnull (klass);

  next = g_build_filename (fixture.dir, "komarr-next.admiralty", NULL);
  editor = _admiralty_window_make_next_night (fixture.window, next, &error);
  g_assert_no_error (error);
  iterate_until (toplevel_shown, GSIZE_TO_POINTER (ADMIRALTY_TYPE_SCENARIO_EDITOR), 5000);
  editor_shown (editor);
  written = file_contents (next);

  /* Shown as the campaign's last fleet card shows it. */
  entry = kestrel_entry (editor);
  wear = hull_button (entry, hull);
  before = bytes_now (editor);

  /* Bad input first: the popover opened with a click, each value typed, refused. */
  pointer_click_widget (wear);
  iterate_until (popover_open, editor, 5000);
  too_much = g_strdup_printf ("%d", klass->hull);
  wear_refused (editor, before, too_much, "", "leaves no hull", NULL);
  wear_refused (editor, before, "two", "", "damage “two” is not a number",
                NULL);
  wear_refused (editor, before, "123456789012345678901234567890", "",
                "damage 1234567890123456… leaves no hull", NULL);
  wear_refused (editor, before, "3", "7 13",
                "“13” is no result of the season’s critical table",
                "next-night-wear-refused.png");
  wear_refused (editor, before, "3", "fire", "“fire” is no result", NULL);

  /* Taken: the popover closes, the row shows the hull and the results in order. */
  wear_type (editor, "3", "7 5 7");
  iterate_until (popover_closed, editor, 5000);
  worn = g_strdup_printf ("%d/%d (3 lost)", klass->hull - 3, klass->hull);
  g_assert_true (hull_button (entry, worn) == wear);
  g_assert_true (hull_button (entry, "5 7 7") == wear);
  after = bytes_now (editor);
  save_screenshot (GTK_WIDGET (editor), "next-night-wear.png");

  /* One step of undo, and of redo; the row follows each. */
  keys_to (GTK_WIDGET (editor), "ctrl+z");
  g_assert_true (g_bytes_equal (before, adm_scenario_edit_get_bytes (
                                          admiralty_scenario_editor_get_edit (editor))));
  entry = kestrel_entry (editor);
  hull_button (entry, hull);
  g_assert_null (find_widget (gtk_widget_get_ancestor (entry, GTK_TYPE_LIST_BOX_ROW),
                              is_label_text, "5 7 7"));
  keys_to (GTK_WIDGET (editor), "shift+ctrl+z");
  g_assert_true (g_bytes_equal (after, adm_scenario_edit_get_bytes (
                                         admiralty_scenario_editor_get_edit (editor))));
  entry = kestrel_entry (editor);
  hull_button (entry, worn);
  hull_button (entry, "5 7 7");

  /* Saved: the file as from-campaign wrote it, byte for byte, but for Kestrel's element. */
  focus_window (GTK_WIDGET (editor));
  keys_to (GTK_WIDGET (editor), "ctrl+s");
  saved = file_contents (next);
  {
    const char *tag = strstr (written, "<ship id=\"kestrel\"");
    const char *end = tag != NULL ? strstr (tag, "/>") : NULL;
    const char *saved_tag = strstr (saved, "<ship id=\"kestrel\"");
    const char *saved_end = saved_tag != NULL ? strstr (saved_tag, "/>") : NULL;

    g_assert_nonnull (end);
    g_assert_nonnull (saved_end);
    g_assert_cmpint (saved_tag - saved, ==, tag - written);
    g_assert_cmpint (strncmp (saved, written, tag - written), ==, 0);
    g_assert_cmpstr (saved_end, ==, end);
  }
  close_editor (editor);

  /* Read again: the loader's ship and the editor's row. */
  scenario = adm_scenario_load_file (next, &error);
  g_assert_no_error (error);
  kestrel = adm_scenario_lookup_ship (scenario, "kestrel");
  g_assert_cmpint (kestrel->damage, ==, 3);
  g_assert_cmpint (kestrel->criticals[5], ==, 1);
  g_assert_cmpint (kestrel->criticals[7], ==, 2);
  editor = editor_of (next);
  entry = kestrel_entry (editor);
  hull_button (entry, worn);
  hull_button (entry, "5 7 7");
  close_editor (editor);
  campaign_fixture_tear_down (&fixture);
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv, "next-night-ui");
  g_test_add_func ("/ui/next-night-ui/F-STRAT-4/refused", test_refused);
  g_test_add_func ("/ui/next-night-ui/F-STRAT-4/end-where-they-stand", test_end_where_they_stand);
  g_test_add_func ("/ui/next-night-ui/F-STRAT-3/opened-in-editor", test_opened_in_editor);
  g_test_add_func ("/ui/next-night-ui/F-CRIT-5/wear-in-editor", test_wear_in_editor);
  return g_test_run ();
}
