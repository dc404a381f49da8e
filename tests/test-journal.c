/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-journal.c: a campaign is its scenario plus the journal — replay, undo and redo, atomic
 * saving with rotating backups, damaged files, and determinism byte for byte. */

#include "config.h"

#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "admiralty-engine.h"
#include "file-helpers.h"

#define T0 G_GINT64_CONSTANT (1795370400) /* 2026-11-22T18:00:00Z */

static char *
skirmish_path (void)
{
  return g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "scenarios", "skirmish.admiralty",
                           NULL);
}

static AdmCampaign *
new_campaign (guint64 seed)
{
  g_autofree char *path = skirmish_path ();
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmScenario) scenario = adm_scenario_load_file (path, &error);

  g_assert_no_error (error);
  return adm_campaign_new (scenario, seed);
}

static const AdmShip *
first_ship (AdmCampaign *campaign)
{
  return g_ptr_array_index (adm_scenario_get_ships (adm_campaign_get_scenario (campaign)), 0);
}

static void
append_damage (AdmCampaign *campaign,
               const char  *ship,
               int          points,
               gint64       time)
{
  g_autoptr(AdmEvent) event = adm_event_new ("damage", time);
  g_autoptr(GError) error = NULL;

  adm_event_set (event, "ship", ship);
  adm_event_set_int (event, "points", points);
  adm_event_set (event, "clause", "F-ART-12");
  g_assert_true (adm_campaign_append (campaign, event, &error));
  g_assert_no_error (error);
}

static void
roll (AdmCampaign *campaign,
      guint        count,
      const char  *purpose,
      gint64       time,
      guint       *values)
{
  AdmDiceRequest request = { count, 6, purpose, "F-RDY-2" };
  g_autoptr(GError) error = NULL;

  g_assert_true (adm_campaign_roll (campaign, NULL, &request, time, values, &error));
  g_assert_no_error (error);
}

/* A fixed sequence of master actions, used to compare runs. */
static void
play_script (AdmCampaign *campaign)
{
  const AdmShip *ship = first_ship (campaign);
  GPtrArray *formations = adm_scenario_get_formations (adm_campaign_get_scenario (campaign));
  const AdmFormation *formation = g_ptr_array_index (formations, 0);
  guint values[6];

  for (int i = 0; i < 20; i++)
    roll (campaign, 1 + i % 6, "Script roll", T0 + i, values);
  append_damage (campaign, ship->id, 2, T0 + 30);
  {
    g_autoptr(AdmEvent) order = adm_event_new ("order", T0 + 31);

    adm_event_set (order, "formation", formation->id);
    adm_event_set_text (order, "Hold the wormhole exit.");
    g_assert_true (adm_campaign_append (campaign, order, NULL));
  }
  g_assert_true (adm_campaign_undo (campaign, NULL));
  roll (campaign, 2, "After undo", T0 + 40, values);
}

/* @attribute's entries with @value, as "i j k". */
static char *
found (AdmJournal *journal,
       const char *attribute,
       const char *value)
{
  g_autoptr(GArray) entries = adm_journal_find_entries (journal, attribute, value);
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < entries->len; i++)
    g_string_append_printf (text, "%s%u", i > 0 ? " " : "", g_array_index (entries, guint, i));
  return g_string_free (text, FALSE);
}

static void
assert_found (AdmJournal *journal,
              const char *value,
              const char *expected)
{
  g_autofree char *text = found (journal, "ship", value);

  g_assert_cmpstr (text, ==, expected);
}

/* The entries that name a value, as the dice ledger asks for an engagement's: each action's
 * entry once, in order, undo entries not; those recorded after a question found at the next;
 * and after entries are taken back, the ones recorded in their places found as they are,
 * not as the index had read the ones before. A value nothing names: none. Taking back an
 * action recorded after an undo, then the undo, leaves both stacks as they were then. */
static void
test_find_entries (void)
{
  g_autoptr(AdmCampaign) campaign = new_campaign (1);
  AdmJournal *journal = adm_campaign_get_journal (campaign);
  GPtrArray *ships = adm_scenario_get_ships (adm_campaign_get_scenario (campaign));
  const char *a = ((const AdmShip *) g_ptr_array_index (ships, 0))->id;
  const char *b = ((const AdmShip *) g_ptr_array_index (ships, 1))->id;
  g_autoptr(GError) error = NULL;

  assert_found (journal, a, "");
  append_damage (campaign, a, 1, T0);
  append_damage (campaign, b, 1, T0 + 1);
  append_damage (campaign, a, 1, T0 + 2);
  assert_found (journal, a, "0 2");
  assert_found (journal, b, "1");
  assert_found (journal, "no such ship", "");
  /* An undo entry holds the action it takes back: not an action of its own. */
  g_assert_true (adm_campaign_undo (campaign, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (adm_journal_get_n_entries (journal), ==, 4);
  append_damage (campaign, a, 1, T0 + 4);
  assert_found (journal, a, "0 2 4");

  /* Entry 4 taken back and another in its place, the count as it was. The action taken back
   * had emptied the redo stack: after it, what the undo left there can be redone again. */
  g_assert_false (adm_journal_can_redo (journal));
  g_assert_true (adm_journal_take_back_to (journal, 4, &error));
  g_assert_no_error (error);
  g_assert_true (adm_journal_can_redo (journal));
  append_damage (campaign, b, 1, T0 + 5);
  g_assert_cmpuint (adm_journal_get_n_entries (journal), ==, 5);
  assert_found (journal, a, "0 2");
  assert_found (journal, b, "1 4");
  /* Back past the new action and the undo before it (a replay stepping back over a phase
   * undone and played otherwise): the undone action in effect again, nothing to redo. */
  g_assert_true (adm_journal_take_back_to (journal, 2, &error));
  g_assert_no_error (error);
  g_assert_false (adm_journal_can_redo (journal));
  g_assert_cmpuint (adm_journal_get_done (journal)->len, ==, 2);
  assert_found (journal, a, "0");
  assert_found (journal, b, "1");
}

static void
test_replay_state (void)
{
  g_autoptr(AdmCampaign) campaign = new_campaign (7);
  const AdmShip *ship = first_ship (campaign);
  AdmShipState *state;
  g_autoptr(AdmEvent) readiness = adm_event_new ("readiness", T0);

  append_damage (campaign, ship->id, 2, T0);
  append_damage (campaign, ship->id, 1, T0 + 1);
  adm_event_set (readiness, "ship", ship->id);
  adm_event_set_int (readiness, "delta", -1);
  adm_event_set (readiness, "clause", "F-RDY-3");
  g_assert_true (adm_campaign_append (campaign, readiness, NULL));

  state = adm_state_get_ship (adm_campaign_get_state (campaign), ship->id);
  g_assert_cmpint (state->damage, ==, 3);
  g_assert_cmpint (state->readiness, ==, ship->readiness - 1);
  g_assert_cmpuint (adm_campaign_get_events (campaign)->len, ==, 3);
}

static void
test_undo_redo (void)
{
  g_autoptr(AdmCampaign) campaign = new_campaign (7);
  const AdmShip *ship = first_ship (campaign);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *undone = NULL;
  g_autofree char *redone = NULL;

  g_assert_false (adm_campaign_can_undo (campaign));
  g_assert_false (adm_campaign_undo (campaign, &error));
  g_assert_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_NOTHING_TO_UNDO);
  g_clear_error (&error);

  before = adm_state_dump (adm_campaign_get_state (campaign));
  append_damage (campaign, ship->id, 2, T0);
  after = adm_state_dump (adm_campaign_get_state (campaign));
  g_assert_cmpstr (before, !=, after);

  /* Undo drops the last event and replays: the state is what it was. */
  g_assert_true (adm_campaign_undo (campaign, &error));
  undone = adm_state_dump (adm_campaign_get_state (campaign));
  g_assert_cmpstr (undone, ==, before);
  g_assert_true (adm_campaign_can_redo (campaign));

  g_assert_true (adm_campaign_redo (campaign, &error));
  redone = adm_state_dump (adm_campaign_get_state (campaign));
  g_assert_cmpstr (redone, ==, after);
  g_assert_false (adm_campaign_can_redo (campaign));

  /* Redo is kept until a new event. */
  g_assert_true (adm_campaign_undo (campaign, NULL));
  append_damage (campaign, ship->id, 1, T0 + 5);
  g_assert_false (adm_campaign_can_redo (campaign));
  g_assert_false (adm_campaign_redo (campaign, &error));
  g_assert_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_NOTHING_TO_REDO);
}

static void
count_cb (AdmCampaign *campaign,
          int         *count)
{
  (*count)++;
}

static void
notify_cb (AdmCampaign *campaign,
           GParamSpec  *pspec,
           int         *count)
{
  (*count)++;
}

static void
test_signals (void)
{
  g_autoptr(AdmCampaign) campaign = new_campaign (7);
  int changed = 0, can_undo = 0;
  guint values[2];

  g_signal_connect (campaign, "changed", G_CALLBACK (count_cb), &changed);
  g_signal_connect (campaign, "notify::can-undo", G_CALLBACK (notify_cb), &can_undo);
  roll (campaign, 2, "Signal roll", T0, values);
  roll (campaign, 2, "Signal roll", T0, values);
  g_assert_cmpint (changed, ==, 2);
  g_assert_cmpint (can_undo, ==, 1); /* notified only when it changes: FALSE → TRUE */
  g_assert_true (adm_campaign_undo (campaign, NULL));
  g_assert_cmpint (changed, ==, 3);
}

static void
test_refused_event_changes_nothing (void)
{
  g_autoptr(AdmCampaign) campaign = new_campaign (7);
  const AdmShip *ship = first_ship (campaign);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmEvent) unknown = adm_event_new ("damage", T0);
  g_autoptr(AdmEvent) kind = adm_event_new ("teleport", T0);
  g_autoptr(AdmEvent) bad_points = adm_event_new ("damage", T0);
  g_autoptr(AdmEvent) bad_roll = adm_event_new ("roll", T0);

  append_damage (campaign, ship->id, 1, T0);
  before = adm_state_dump (adm_campaign_get_state (campaign));

  adm_event_set (unknown, "ship", "no-such-ship");
  adm_event_set_int (unknown, "points", 1);
  g_assert_false (adm_campaign_append (campaign, unknown, &error));
  g_assert_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT);
  g_assert_nonnull (strstr (error->message, "no-such-ship"));
  g_clear_error (&error);

  g_assert_false (adm_campaign_append (campaign, kind, &error));
  g_assert_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_UNKNOWN_KIND);
  g_clear_error (&error);

  adm_event_set (bad_points, "ship", ship->id);
  adm_event_set (bad_points, "points", "lots");
  g_assert_false (adm_campaign_append (campaign, bad_points, &error));
  g_assert_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT);
  g_clear_error (&error);

  /* A 7 on a d6 cannot have been rolled. */
  adm_event_set (bad_roll, "purpose", "Impossible");
  adm_event_set (bad_roll, "sides", "6");
  adm_event_set (bad_roll, "values", "3 7");
  g_assert_false (adm_campaign_append (campaign, bad_roll, &error));
  g_assert_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT);

  after = adm_state_dump (adm_campaign_get_state (campaign));
  g_assert_cmpstr (before, ==, after);
  g_assert_cmpuint (adm_campaign_get_events (campaign)->len, ==, 1);
  g_assert_true (adm_campaign_can_undo (campaign));
}

/* Several events as one (an order sheet): all kept with one "changed", or, when one is
 * refused, none — the state, the journal and the redo list as they were. */
static void
test_append_all (void)
{
  g_autoptr(AdmCampaign) campaign = new_campaign (7);
  const AdmShip *ship = first_ship (campaign);
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_event_unref);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL, *after = NULL;
  AdmEvent *bad;
  int changed = 0;

  append_damage (campaign, ship->id, 1, T0);
  append_damage (campaign, ship->id, 1, T0 + 1);
  g_assert_true (adm_campaign_undo (campaign, NULL));
  g_assert_true (adm_campaign_can_redo (campaign));
  before = adm_state_dump (adm_campaign_get_state (campaign));
  g_signal_connect (campaign, "changed", G_CALLBACK (count_cb), &changed);

  for (int i = 0; i < 3; i++)
    {
      AdmEvent *event = adm_event_new ("damage", T0 + 10 + i);

      adm_event_set (event, "ship", ship->id);
      adm_event_set_int (event, "points", 1);
      g_ptr_array_add (events, event);
    }
  bad = adm_event_new ("damage", T0 + 20);
  adm_event_set (bad, "ship", "no-such-ship");
  adm_event_set_int (bad, "points", 1);
  g_ptr_array_insert (events, 2, bad);

  g_assert_false (adm_campaign_append_all (campaign, events, &error));
  g_assert_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT);
  after = adm_state_dump (adm_campaign_get_state (campaign));
  g_assert_cmpstr (before, ==, after);
  g_assert_cmpuint (adm_campaign_get_events (campaign)->len, ==, 1);
  g_assert_true (adm_campaign_can_redo (campaign));
  g_assert_cmpint (changed, ==, 0);

  g_ptr_array_remove_index (events, 2);
  g_clear_error (&error);
  g_assert_true (adm_campaign_append_all (campaign, events, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (adm_campaign_get_events (campaign)->len, ==, 4);
  g_assert_cmpint (adm_state_get_ship (adm_campaign_get_state (campaign), ship->id)->damage, ==, 4);
  g_assert_false (adm_campaign_can_redo (campaign));
  g_assert_cmpint (changed, ==, 1);
}

/* F-CRIT-7: a ship with no hull points left takes no more hull damage. */
static void
test_damage_limits (void)
{
  g_autoptr(AdmCampaign) campaign = new_campaign (7);
  const AdmShip *ship = first_ship (campaign);
  g_autoptr(AdmEvent) more = adm_event_new ("damage", T0 + 1);
  g_autoptr(GError) error = NULL;

  append_damage (campaign, ship->id, ship->klass->hull + 5, T0);
  g_assert_cmpint (adm_state_get_ship (adm_campaign_get_state (campaign), ship->id)->damage, ==,
                   ship->klass->hull);
  adm_event_set (more, "ship", ship->id);
  adm_event_set_int (more, "points", 1);
  g_assert_false (adm_campaign_append (campaign, more, &error));
  g_assert_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL);
}

/* No entry goes into the journal unless it replays: an order of nothing but
 * spaces, a control character pasted into an order or bytes that are not UTF-8 are refused
 * when they are recorded, with the reason, and change nothing; the white space around an
 * order's text is what the file drops, so the live state is already without it. Each time,
 * saving and opening again gives the same state. */
static void
test_text_as_the_file_keeps_it (void)
{
  g_autoptr(AdmCampaign) campaign = new_campaign (5);
  g_autoptr(AdmCampaign) reloaded = NULL;
  g_autofree char *dir = g_dir_make_tmp ("admiralty-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "text.admiralty", NULL);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *live = NULL;
  g_autofree char *read_back = NULL;
  const AdmFormation *formation =
    g_ptr_array_index (adm_scenario_get_formations (adm_campaign_get_scenario (campaign)), 0);
  static const struct {
    const char *text;
    const char *words;
  } refused[] = {
    { "   \n\t  ", "has no text" },
    { "Hold\x01 fast", "U+0001" },
    { "Hold \xef\xbf\xbe", "U+FFFE" },
    { "Hold \xc3\x28", "not text" },
  };

  before = adm_state_dump (adm_campaign_get_state (campaign));
  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autoptr(AdmEvent) order = adm_event_new ("order", T0 + i);
      g_autoptr(GError) error = NULL;

      adm_event_set (order, "formation", formation->id);
      adm_event_set_text (order, refused[i].text);
      g_assert_false (adm_campaign_append (campaign, order, &error));
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, refused[i].words));
    }
  after = adm_state_dump (adm_campaign_get_state (campaign));
  g_assert_cmpstr (before, ==, after);

  {
    g_autoptr(AdmEvent) order = adm_event_new ("order", T0 + 10);

    adm_event_set (order, "formation", formation->id);
    adm_event_set_text (order, "  \n  Hold the wormhole exit.\n  ");
    g_assert_cmpstr (adm_event_get_text (order), ==, "Hold the wormhole exit.");
    g_assert_true (adm_campaign_append (campaign, order, NULL));
  }
  g_assert_true (adm_campaign_save (campaign, path, NULL));
  reloaded = adm_campaign_open (path, NULL);
  g_assert_nonnull (reloaded);
  live = adm_state_dump (adm_campaign_get_state (campaign));
  read_back = adm_state_dump (adm_campaign_get_state (reloaded));
  g_assert_cmpstr (live, ==, read_back);
  remove_tree (dir);
}

/* A phone's note (adm_campaign_append_phone ()), as the portal journals a final mark. */
static void
append_phone_note (AdmCampaign *campaign,
                   const char  *text,
                   gint64       time)
{
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_event_unref);
  g_autoptr(GError) error = NULL;
  AdmEvent *note = adm_event_new ("note", time);

  adm_event_set (note, "portal", "final");
  adm_event_set_text (note, text);
  g_ptr_array_add (events, note);
  g_assert_true (adm_campaign_append_phone (campaign, events, &error));
  g_assert_no_error (error);
}

static int
damage_of (AdmCampaign *campaign,
           const char  *ship_id)
{
  return adm_state_get_ship (adm_campaign_get_state (campaign), ship_id)->damage;
}

static guint
notes_in_effect (AdmCampaign *campaign)
{
  GPtrArray *events = adm_campaign_get_events (campaign);
  guint n = 0;

  for (guint i = 0; i < events->len; i++)
    n += g_str_equal (adm_event_get_kind (g_ptr_array_index (events, i)), "note");
  return n;
}

/* F-GEN-3: the master's Undo takes back his last action, passing by the phones' posts that
 * came after it (by="phone"), which stay in effect; a phone's post after his Undo leaves his
 * Redo; the file reads back the same (its <undo> naming an action a phone's follows), and the
 * state at each entry of the past is what it was then. Only phones' posts: nothing to undo. */
static void
test_undo_passes_phones (void)
{
  g_autoptr(AdmCampaign) campaign = new_campaign (7);
  g_autoptr(AdmCampaign) reloaded = NULL;
  const AdmShip *ship = first_ship (campaign);
  AdmJournal *journal = adm_campaign_get_journal (campaign);
  g_autofree char *dir = g_dir_make_tmp ("admiralty-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "war.admiralty", NULL);
  g_autoptr(GError) error = NULL;

  append_phone_note (campaign, "Marked final on his phone.", T0);
  g_assert_false (adm_campaign_can_undo (campaign));
  append_damage (campaign, ship->id, 2, T0 + 1);
  g_assert_cmpint (damage_of (campaign, ship->id), ==, 2);
  append_phone_note (campaign, "Marked final on another phone.", T0 + 2);

  g_assert_true (adm_campaign_undo (campaign, &error));
  g_assert_no_error (error);
  g_assert_cmpint (damage_of (campaign, ship->id), ==, 0);
  g_assert_cmpuint (notes_in_effect (campaign), ==, 2);
  g_assert_false (adm_campaign_can_undo (campaign));
  {
    g_autoptr(GPtrArray) past = adm_journal_get_done_at (journal,
                                                         adm_journal_get_n_entries (journal));

    g_assert_cmpuint (past->len, ==, adm_journal_get_done (journal)->len);
  }

  append_phone_note (campaign, "Not final after all.", T0 + 3);
  g_assert_true (adm_campaign_can_redo (campaign));
  g_assert_true (adm_campaign_redo (campaign, &error));
  g_assert_no_error (error);
  g_assert_cmpint (damage_of (campaign, ship->id), ==, 2);
  g_assert_cmpuint (notes_in_effect (campaign), ==, 3);
  g_assert_true (adm_campaign_undo (campaign, &error));
  g_assert_no_error (error);

  g_assert_true (adm_campaign_save (campaign, path, &error));
  g_assert_no_error (error);
  reloaded = adm_campaign_open (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (damage_of (reloaded, ship->id), ==, 0);
  g_assert_cmpuint (notes_in_effect (reloaded), ==, 3);
  g_assert_true (adm_campaign_can_redo (reloaded));
  g_assert_true (adm_campaign_redo (reloaded, &error));
  g_assert_no_error (error);
  g_assert_cmpint (damage_of (reloaded, ship->id), ==, 2);
  remove_tree (dir);
}

static void
test_save_and_reload (void)
{
  g_autoptr(AdmCampaign) campaign = new_campaign (42);
  g_autoptr(AdmCampaign) reloaded = NULL;
  g_autofree char *dir = g_dir_make_tmp ("admiralty-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "war.admiralty", NULL);
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autofree char *state_a = NULL;
  g_autofree char *state_b = NULL;
  g_autoptr(GError) error = NULL;
  guint a[3], b[3];

  play_script (campaign);
  g_assert_true (adm_campaign_save (campaign, path, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (adm_campaign_get_path (campaign), ==, path);

  reloaded = adm_campaign_open (path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (adm_campaign_get_path (reloaded), ==, path);

  state_a = adm_state_dump (adm_campaign_get_state (campaign));
  state_b = adm_state_dump (adm_campaign_get_state (reloaded));
  g_assert_cmpstr (state_a, ==, state_b);

  /* Saving what was loaded gives the same bytes. */
  first = adm_campaign_serialize (campaign, NULL);
  second = adm_campaign_serialize (reloaded, NULL);
  g_assert_cmpstr (first, ==, second);

  /* The program's dice go on where they left off, not from the seed again. */
  roll (campaign, 3, "Next", T0 + 100, a);
  {
    g_autoptr(AdmCampaign) copy = adm_campaign_load_memory (second, strlen (second), "copy",
                                                            &error);
    AdmDiceRequest request = { 3, 6, "Next", "F-RDY-2" };
    guint c[3];

    g_assert_no_error (error);
    roll (copy, 3, "Next", T0 + 100, b);
    g_assert_cmpmem (a, sizeof a, b, sizeof b);
    /* The file read before that roll was saved is not written over: its second reader is
     * refused, and the roll stays in the file. */
    g_assert_false (adm_campaign_roll (reloaded, NULL, &request, T0 + 100, c, &error));
    g_assert_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_SAVE);
    g_assert_nonnull (strstr (error->message, "changed by another program"));
    g_clear_error (&error);
    g_clear_object (&reloaded);
    reloaded = adm_campaign_open (path, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (adm_campaign_get_events (reloaded)->len, ==,
                      adm_campaign_get_events (campaign)->len);
  }

  g_assert_cmpint (g_remove (path), ==, 0);
  for (guint n = 1; n <= ADM_CAMPAIGN_BACKUPS; n++)
    {
      g_autofree char *backup = adm_campaign_backup_path (path, n);

      g_remove (backup);
    }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* Same scenario + seed + events → same state, byte for byte. */
static void
test_determinism (void)
{
  g_autoptr(AdmCampaign) one = new_campaign (20261122);
  g_autoptr(AdmCampaign) two = new_campaign (20261122);
  g_autoptr(AdmCampaign) other = new_campaign (20261123);
  g_autofree char *dump_one = NULL;
  g_autofree char *dump_two = NULL;
  g_autofree char *dump_other = NULL;
  g_autofree char *file_one = NULL;
  g_autofree char *file_two = NULL;
  gsize length_one, length_two;

  play_script (one);
  play_script (two);
  play_script (other);

  dump_one = adm_state_dump (adm_campaign_get_state (one));
  dump_two = adm_state_dump (adm_campaign_get_state (two));
  dump_other = adm_state_dump (adm_campaign_get_state (other));
  g_assert_cmpstr (dump_one, ==, dump_two);
  g_assert_cmpstr (dump_one, !=, dump_other);

  file_one = adm_campaign_serialize (one, &length_one);
  file_two = adm_campaign_serialize (two, &length_two);
  g_assert_cmpmem (file_one, length_one, file_two, length_two);
}

/* An event recorded after the first is added to the file in place (adm_journal_save ()):
 * the file grows at its end and its earlier bytes stay as they were. A file written whole
 * (the first action after an empty journal, a campaign opened and saved again) keeps the
 * versions before it as backups, newest first. */
static void
test_autosave_backups (void)
{
  g_autoptr(AdmCampaign) campaign = new_campaign (3);
  g_autofree char *dir = g_dir_make_tmp ("admiralty-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "war.admiralty", NULL);
  g_autoptr(GPtrArray) versions = g_ptr_array_new_with_free_func (g_free);
  const AdmShip *ship = first_ship (campaign);

  g_assert_true (adm_campaign_save (campaign, path, NULL));
  g_ptr_array_add (versions, file_contents (path));
  for (int i = 0; i < 5; i++)
    {
      const char *before;
      const char *now;

      append_damage (campaign, ship->id, 1, T0 + i);
      g_ptr_array_add (versions, file_contents (path));
      before = g_ptr_array_index (versions, versions->len - 2);
      now = g_ptr_array_index (versions, versions->len - 1);
      /* Added at the end: all that was there up to the journal's closing is kept. */
      if (i > 0)
        g_assert_cmpint (strncmp (before, now, strstr (before, "  </journal>") - before), ==, 0);
    }

  /* The newest file holds all five events; the one backup is the file before the first. */
  {
    g_autoptr(AdmCampaign) current = adm_campaign_open (path, NULL);
    g_autofree char *backup = adm_campaign_backup_path (path, 1);
    g_autofree char *second = adm_campaign_backup_path (path, 2);
    g_autofree char *data = file_contents (backup);

    g_assert_cmpuint (adm_campaign_get_events (current)->len, ==, 5);
    g_assert_cmpstr (data, ==, g_ptr_array_index (versions, 0));
    g_assert_false (g_file_test (second, G_FILE_TEST_EXISTS));
  }
  /* Opened and saved again, twice: each time the whole file, and the backups move along. */
  for (int i = 0; i < 2; i++)
    {
      g_autoptr(AdmCampaign) reopened = adm_campaign_open (path, NULL);

      g_assert_true (adm_campaign_save (reopened, path, NULL));
    }
  for (guint n = 1; n <= ADM_CAMPAIGN_BACKUPS; n++)
    {
      g_autofree char *backup = adm_campaign_backup_path (path, n);
      g_autofree char *data = file_contents (backup);

      g_assert_cmpstr (data, ==, n < ADM_CAMPAIGN_BACKUPS
                                   ? g_ptr_array_index (versions, versions->len - 1)
                                   : g_ptr_array_index (versions, 0));
      g_assert_cmpint (g_remove (backup), ==, 0);
    }
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* A crash in the middle of a save leaves the previous file whole. */
static void
test_crash_during_save (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;

  if (g_test_subprocess ())
    {
      g_autoptr(AdmCampaign) campaign = adm_campaign_open (g_getenv ("CAMPAIGN_PATH"), NULL);

      g_assert_nonnull (campaign);
      g_setenv ("ADMIRALTY_TEST_CRASH_DURING_SAVE", "200", TRUE);
      append_damage (campaign, first_ship (campaign)->id, 1, T0 + 99);
      g_assert_not_reached ();
    }

  dir = g_dir_make_tmp ("admiralty-XXXXXX", NULL);
  path = g_build_filename (dir, "war.admiralty", NULL);
  {
    g_autoptr(AdmCampaign) campaign = new_campaign (5);

    append_damage (campaign, first_ship (campaign)->id, 1, T0);
    g_assert_true (adm_campaign_save (campaign, path, NULL));
    append_damage (campaign, first_ship (campaign)->id, 1, T0 + 1);
  }
  before = file_contents (path);

  g_setenv ("CAMPAIGN_PATH", path, TRUE);
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();

  after = file_contents (path);
  g_assert_cmpstr (before, ==, after);
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(AdmCampaign) reopened = adm_campaign_open (path, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (adm_campaign_get_events (reopened)->len, ==, 2);
  }

  /* Clean up, including the half-written temporary file the "crash" left behind. */
  {
    g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
    const char *name;

    while ((name = g_dir_read_name (listing)) != NULL)
      {
        g_autofree char *file = g_build_filename (dir, name, NULL);

        g_assert_cmpint (g_remove (file), ==, 0);
      }
  }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* A truncated campaign is refused as damaged, and the newest good backup is offered. */
static void
test_corrupt_offers_backup (void)
{
  g_autoptr(AdmCampaign) campaign = new_campaign (9);
  g_autofree char *dir = g_dir_make_tmp ("admiralty-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "war.admiralty", NULL);
  g_autofree char *data = NULL;
  g_autofree char *backup = NULL;
  g_autofree char *newest = NULL;
  g_autoptr(GError) error = NULL;
  gsize length;

  g_assert_true (adm_campaign_save (campaign, path, NULL));
  append_damage (campaign, first_ship (campaign)->id, 1, T0);
  append_damage (campaign, first_ship (campaign)->id, 1, T0 + 1);
  /* Opened and saved again: written whole, the backups move along (the newest holds both
   * events, the next one the file before the first). */
  {
    g_autoptr(AdmCampaign) reopened = adm_campaign_open (path, NULL);

    g_assert_true (adm_campaign_save (reopened, path, NULL));
  }

  /* Cut the file in half, as a full disk or a bad copy would. */
  g_assert_true (g_file_get_contents (path, &data, &length, NULL));
  g_assert_true (g_file_set_contents (path, data, (gssize) length / 2, NULL));

  g_assert_null (adm_campaign_open (path, &error));
  g_assert_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_CORRUPT);
  g_assert_true (g_str_has_prefix (error->message, path));

  backup = adm_campaign_find_backup (path);
  newest = adm_campaign_backup_path (path, 1);
  g_assert_cmpstr (backup, ==, newest);
  {
    g_autoptr(AdmCampaign) restored = adm_campaign_open (backup, NULL);

    g_assert_cmpuint (adm_campaign_get_events (restored)->len, ==, 2);
  }

  /* A damaged newest backup is skipped for the next one. */
  g_assert_true (g_file_set_contents (newest, "<campaign format=", -1, NULL));
  g_clear_pointer (&backup, g_free);
  backup = adm_campaign_find_backup (path);
  {
    g_autofree char *second = adm_campaign_backup_path (path, 2);

    g_assert_cmpstr (backup, ==, second);
  }

  for (guint n = 1; n <= ADM_CAMPAIGN_BACKUPS; n++)
    {
      g_autofree char *file = adm_campaign_backup_path (path, n);

      g_remove (file);
    }
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_save_failure_changes_nothing (void)
{
  g_autoptr(AdmCampaign) campaign = new_campaign (9);
  g_autofree char *dir = g_dir_make_tmp ("admiralty-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "war.admiralty", NULL);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmEvent) event = adm_event_new ("damage", T0);

  if (geteuid () == 0)
    {
      /* root writes into read-only directories; remove the directory instead. */
      g_assert_true (adm_campaign_save (campaign, path, NULL));
      g_assert_cmpint (g_remove (path), ==, 0);
      g_assert_cmpint (g_rmdir (dir), ==, 0);
    }
  else
    {
      g_assert_true (adm_campaign_save (campaign, path, NULL));
      g_assert_cmpint (g_chmod (dir, 0500), ==, 0);
    }

  before = adm_state_dump (adm_campaign_get_state (campaign));
  adm_event_set (event, "ship", first_ship (campaign)->id);
  adm_event_set_int (event, "points", 1);
  g_assert_false (adm_campaign_append (campaign, event, &error));
  g_assert_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_SAVE);
  after = adm_state_dump (adm_campaign_get_state (campaign));
  g_assert_cmpstr (before, ==, after);
  g_assert_cmpuint (adm_campaign_get_events (campaign)->len, ==, 0);

  if (geteuid () != 0)
    {
      g_assert_cmpint (g_chmod (dir, 0700), ==, 0);
      g_assert_cmpint (g_remove (path), ==, 0);
      g_assert_cmpint (g_rmdir (dir), ==, 0);
    }
}

static void
test_good_campaign_fixture (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data",
                                                 "campaigns", "small.admiralty", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = adm_campaign_open (path, &error);
  AdmState *state;

  g_assert_no_error (error);
  state = adm_campaign_get_state (campaign);
  g_assert_cmpuint (adm_campaign_get_events (campaign)->len, ==, adm_state_get_n_events (state));
  g_assert_cmpuint (adm_state_get_rolls (state)->len, >=, 1);
  g_assert_cmpstr (adm_campaign_get_path (campaign), ==, path);
}

static void
test_scenario_opens_as_new_campaign (void)
{
  g_autofree char *path = skirmish_path ();
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = adm_campaign_open (path, &error);

  g_assert_no_error (error);
  /* A scenario is a starting point: it is never overwritten by autosave. */
  g_assert_null (adm_campaign_get_path (campaign));
  g_assert_cmpuint (adm_campaign_get_events (campaign)->len, ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/journal/replay-state", test_replay_state);
  g_test_add_func ("/engine/journal/find-entries", test_find_entries);
  g_test_add_func ("/engine/journal/undo-redo", test_undo_redo);
  g_test_add_func ("/engine/journal/signals", test_signals);
  g_test_add_func ("/engine/journal/append-all", test_append_all);
  g_test_add_func ("/engine/journal/refused-event-changes-nothing",
                   test_refused_event_changes_nothing);
  g_test_add_func ("/engine/journal/F-CRIT-7/no-damage-past-hull", test_damage_limits);
  g_test_add_func ("/engine/journal/save-and-reload", test_save_and_reload);
  g_test_add_func ("/engine/journal/F-GEN-3/undo-passes-phones", test_undo_passes_phones);
  g_test_add_func ("/engine/journal/text-as-the-file-keeps-it", test_text_as_the_file_keeps_it);
  g_test_add_func ("/engine/journal/determinism", test_determinism);
  g_test_add_func ("/engine/journal/autosave-backups", test_autosave_backups);
  g_test_add_func ("/engine/journal/crash-during-save", test_crash_during_save);
  g_test_add_func ("/engine/journal/corrupt-offers-backup", test_corrupt_offers_backup);
  g_test_add_func ("/engine/journal/save-failure-changes-nothing",
                   test_save_failure_changes_nothing);
  g_test_add_func ("/engine/journal/good-fixture", test_good_campaign_fixture);
  g_test_add_func ("/engine/journal/scenario-opens-as-new-campaign",
                   test_scenario_opens_as_new_campaign);

  return g_test_run ();
}
