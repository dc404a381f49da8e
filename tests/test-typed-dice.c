/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-typed-dice.c: the one controller of real dice typed in that the battle page, the
 * campaign's Orders tab and the Twilight Imperium page share (admiralty-typed-dice.h): the
 * values entered are given to the page, Cancel keeps what was typed before for the same key
 * and says how many, another key forgets them, a roll off the die is refused, and closing the
 * prompt says nothing. Runs under Xvfb. */

#include "config.h"

#include "admiralty-dice-prompt.h"
#include "admiralty-typed-dice.h"
#include "ui-helpers.h"

typedef struct {
  GArray *entered;      /* the values of the last "entered" */
  guint   n_entered;
  guint   n_cancelled;
  guint   kept;         /* the count of the last "cancelled" */
  char   *refused;
} Heard;

static void
entered_cb (AdmiraltyTypedDice *typed,
            GArray             *values,
            Heard              *heard)
{
  g_array_set_size (heard->entered, 0);
  g_array_append_vals (heard->entered, values->data, values->len);
  heard->n_entered++;
}

static void
cancelled_cb (AdmiraltyTypedDice *typed,
              guint               kept,
              Heard              *heard)
{
  heard->kept = kept;
  heard->n_cancelled++;
}

static void
refused_cb (AdmiraltyTypedDice *typed,
            const char         *message,
            Heard              *heard)
{
  g_free (heard->refused);
  heard->refused = g_strdup (message);
}

/* Answers the prompt open with @text and @response, as the master would. */
static void
answer (AdmiraltyTypedDice *typed,
        const char         *text,
        const char         *response)
{
  GtkWidget *prompt = admiralty_typed_dice_get_prompt (typed);

  g_assert_nonnull (prompt);
  admiralty_dice_prompt_set_text (prompt, text);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (prompt), response);
  iterate ();
  g_assert_null (admiralty_typed_dice_get_prompt (typed));
}

static void
test_entered_and_cancelled (void)
{
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  AdmiraltyTypedDice *typed = admiralty_typed_dice_new ();
  Heard heard = { g_array_new (FALSE, FALSE, sizeof (guint)), 0, };
  AdmDiceRequest volley[] = {
    { 2, 6, "Vorberg's main battery at Triumph, 5+ to hit", "F-ART-11", NULL },
    { 1, 6, "Kraft's Gravi-destructor at Triumph, 5+ to hit", "F-DES-1", NULL },
  };
  const AdmDiceRequest *requests[] = { &volley[0], &volley[1] };
  const AdmDiceRequest *second[] = { &volley[1] };
  g_autoptr(AdmDiceQueue) queue = NULL;

  gtk_window_present (window);
  g_signal_connect (typed, "entered", G_CALLBACK (entered_cb), &heard);
  g_signal_connect (typed, "cancelled", G_CALLBACK (cancelled_cb), &heard);
  g_signal_connect (typed, "refused", G_CALLBACK (refused_cb), &heard);

  /* A new key: nothing typed for it. */
  g_assert_false (admiralty_typed_dice_resume (typed, "turn 1, fire"));
  g_assert_cmpstr (admiralty_typed_dice_get_key (typed), ==, "turn 1, fire");
  admiralty_typed_dice_ask (typed, GTK_WIDGET (window), requests, 2, TRUE);
  g_assert_true (admiralty_typed_dice_present (typed));
  answer (typed, "6 2 5", "enter");
  g_assert_cmpuint (heard.n_entered, ==, 1);
  g_assert_cmpuint (heard.entered->len, ==, 3);
  g_assert_cmpuint (g_array_index (heard.entered, guint, 0), ==, 6);
  g_assert_cmpuint (g_array_index (heard.entered, guint, 2), ==, 5);
  /* The page keeps them where they belong. */
  admiralty_typed_dice_append (typed, (const guint *) heard.entered->data, heard.entered->len);

  /* Cancel: the values typed before stay, and the page is told how many. */
  admiralty_typed_dice_ask (typed, GTK_WIDGET (window), second, 1, FALSE);
  answer (typed, "", "cancel");
  g_assert_cmpuint (heard.n_cancelled, ==, 1);
  g_assert_cmpuint (heard.kept, ==, 3);
  g_assert_cmpuint (heard.n_entered, ==, 1);
  g_assert_true (admiralty_typed_dice_resume (typed, "turn 1, fire"));
  g_assert_cmpuint (admiralty_typed_dice_get_values (typed)->len, ==, 3);
  queue = admiralty_typed_dice_new_queue (typed);
  g_assert_cmpuint (adm_dice_queue_get_length (queue), ==, 3);

  /* A roll off the die is refused and changes nothing. */
  admiralty_typed_dice_ask (typed, GTK_WIDGET (window), second, 1, FALSE);
  answer (typed, "7", "enter");
  g_assert_nonnull (heard.refused);
  g_assert_cmpuint (heard.n_entered, ==, 1);
  g_assert_cmpuint (admiralty_typed_dice_get_values (typed)->len, ==, 3);

  /* Closed by the page (an undo, the page going): no answer, nothing said. */
  admiralty_typed_dice_ask (typed, GTK_WIDGET (window), second, 1, FALSE);
  admiralty_typed_dice_close (typed);
  iterate ();
  g_assert_null (admiralty_typed_dice_get_prompt (typed));
  g_assert_false (admiralty_typed_dice_present (typed));
  g_assert_cmpuint (heard.n_cancelled, ==, 1);

  /* Another key: what was typed for the first is forgotten. */
  g_assert_false (admiralty_typed_dice_resume (typed, "turn 1, torpedoes"));
  g_assert_cmpuint (admiralty_typed_dice_get_values (typed)->len, ==, 0);
  admiralty_typed_dice_ask (typed, GTK_WIDGET (window), second, 1, FALSE);
  answer (typed, "", "cancel");
  g_assert_cmpuint (heard.kept, ==, 0);

  g_assert_finalize_object (typed);
  gtk_window_destroy (window);
  g_array_unref (heard.entered);
  g_free (heard.refused);
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv, "typed-dice");

  g_test_add_func ("/ui/typed-dice/entered-and-cancelled", test_entered_and_cancelled);

  return ui_test_finish (g_test_run ());
}
