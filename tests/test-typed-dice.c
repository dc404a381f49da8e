/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-typed-dice.c: the one controller of real dice typed in that the battle page, the
 * campaign's Orders tab and the Twilight Imperium page share (admiralty-typed-dice.h): the
 * values entered are given to the page, Cancel keeps what was typed before for the same key
 * and says how many in a toast the page hears as its own, another key forgets them, a roll
 * off the die is refused, and closing the prompt says nothing. One prompt is built and asked
 * again: each ask names its own rolls, with nothing left of the last. Runs under Xvfb. */

#include "config.h"

#include <string.h>

#include "admiralty-dice-prompt.h"
#include "admiralty-typed-dice.h"
#include "ui-helpers.h"

typedef struct {
  GArray *entered;      /* the values of the last "entered" */
  guint   n_entered;
  guint   n_cancelled;
  guint   kept;         /* the count of the last "cancelled" */
  char   *toast;        /* the page's last "toast" */
  char   *refused;      /* the heading and message of the page's last "error" */
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
toast_cb (GObject    *page,
          const char *text,
          Heard      *heard)
{
  g_free (heard->toast);
  heard->toast = g_strdup (text);
}

static void
error_cb (GObject    *page,
          const char *heading,
          const char *message,
          Heard      *heard)
{
  g_free (heard->refused);
  heard->refused = g_strdup_printf ("%s: %s", heading, message);
}

/* A page as the battle page is to the controller: "toast" and "error" signals of its own. */
static GType
page_get_type (void)
{
  static GType type;

  if (type == 0)
    {
      type = g_type_register_static_simple (G_TYPE_OBJECT, "TestTypedDicePage",
                                            sizeof (GObjectClass), NULL,
                                            sizeof (GObject), NULL, 0);
      g_signal_new ("toast", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                    G_TYPE_STRING);
      g_signal_new ("error", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 2,
                    G_TYPE_STRING, G_TYPE_STRING);
    }
  return type;
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
  AdmiraltyTypedDice *typed = admiralty_typed_dice_new ("The phase was not resolved");
  GObject *page = g_object_new (page_get_type (), NULL);
  Heard heard = { g_array_new (FALSE, FALSE, sizeof (guint)), 0, };
  AdmDiceRequest volley[] = {
    { 2, 6, "Vorberg's main battery at Triumph, 5+ to hit", "F-ART-11", NULL },
    { 1, 6, "Kraft's Gravi-destructor at Triumph, 5+ to hit", "F-DES-1", NULL },
  };
  const AdmDiceRequest *requests[] = { &volley[0], &volley[1] };
  const AdmDiceRequest *second[] = { &volley[1] };
  g_autoptr(AdmDiceQueue) queue = NULL;
  GtkWidget *built;

  gtk_window_present (window);
  g_signal_connect (typed, "entered", G_CALLBACK (entered_cb), &heard);
  g_signal_connect (typed, "cancelled", G_CALLBACK (cancelled_cb), &heard);
  admiralty_typed_dice_forward (typed, page);
  g_signal_connect (page, "toast", G_CALLBACK (toast_cb), &heard);
  g_signal_connect (page, "error", G_CALLBACK (error_cb), &heard);

  /* A new key: nothing typed for it. */
  g_assert_false (admiralty_typed_dice_resume (typed, "turn 1, fire"));
  g_assert_cmpstr (admiralty_typed_dice_get_key (typed), ==, "turn 1, fire");
  admiralty_typed_dice_ask (typed, GTK_WIDGET (window), requests, 2, TRUE);
  g_assert_true (admiralty_typed_dice_present (typed));
  built = admiralty_typed_dice_get_prompt (typed);
  g_assert_cmpstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (built)), ==, "Roll 3d6");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (built)),
                            "they are asked next"));
  answer (typed, "6 2 5", "enter");
  g_assert_cmpuint (heard.n_entered, ==, 1);
  g_assert_cmpuint (heard.entered->len, ==, 3);
  g_assert_cmpuint (g_array_index (heard.entered, guint, 0), ==, 6);
  g_assert_cmpuint (g_array_index (heard.entered, guint, 2), ==, 5);
  /* The page keeps them where they belong. */
  admiralty_typed_dice_append (typed, (const guint *) heard.entered->data, heard.entered->len);

  /* Cancel: the values typed before stay, and the page is told how many. The same prompt
   * asks, for the one roll alone: its heading and body, no volley's list, the field empty
   * and Enter disabled until a roll of the die is typed. */
  admiralty_typed_dice_ask (typed, GTK_WIDGET (window), second, 1, FALSE);
  g_assert_true (admiralty_typed_dice_get_prompt (typed) == built);
  g_assert_cmpstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (built)), ==, "Roll d6");
  g_assert_cmpstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (built)), ==,
                   "Kraft's Gravi-destructor at Triumph, 5+ to hit (F-DES-1)");
  g_assert_false (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (built),
                                                           "enter"));
  admiralty_dice_prompt_set_text (built, "9");
  g_assert_false (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (built),
                                                           "enter"));
  admiralty_dice_prompt_set_text (built, "4");
  g_assert_true (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (built),
                                                          "enter"));
  answer (typed, "", "cancel");
  g_assert_cmpuint (heard.n_cancelled, ==, 1);
  g_assert_cmpuint (heard.kept, ==, 3);
  g_assert_cmpstr (heard.toast, ==, "The phase was not resolved. The 3 values typed are kept: "
                                    "resolve again to go on from the next roll.");
  g_assert_cmpuint (heard.n_entered, ==, 1);
  g_assert_true (admiralty_typed_dice_resume (typed, "turn 1, fire"));
  g_assert_cmpuint (admiralty_typed_dice_get_values (typed)->len, ==, 3);
  queue = admiralty_typed_dice_new_queue (typed);
  g_assert_cmpuint (adm_dice_queue_get_length (queue), ==, 3);

  /* A roll off the die is refused and changes nothing. */
  admiralty_typed_dice_ask (typed, GTK_WIDGET (window), second, 1, FALSE);
  g_assert_true (admiralty_typed_dice_get_prompt (typed) == built);
  answer (typed, "7", "enter");
  g_assert_true (g_str_has_prefix (heard.refused, "Not a Roll of These Dice: "));
  g_assert_cmpuint (heard.n_entered, ==, 1);
  g_assert_cmpuint (admiralty_typed_dice_get_values (typed)->len, ==, 3);

  /* Closed by the page (an undo, the page going): no answer, nothing said, and nothing shown
   * any more. */
  admiralty_typed_dice_ask (typed, GTK_WIDGET (window), second, 1, FALSE);
  admiralty_typed_dice_close (typed);
  iterate ();
  g_assert_null (admiralty_typed_dice_get_prompt (typed));
  g_assert_false (gtk_widget_get_visible (built));
  g_assert_false (admiralty_typed_dice_present (typed));
  g_assert_cmpuint (heard.n_cancelled, ==, 1);

  /* Another key: what was typed for the first is forgotten. */
  g_assert_false (admiralty_typed_dice_resume (typed, "turn 1, torpedoes"));
  g_assert_cmpuint (admiralty_typed_dice_get_values (typed)->len, ==, 0);
  admiralty_typed_dice_ask (typed, GTK_WIDGET (window), second, 1, FALSE);
  answer (typed, "", "cancel");
  g_assert_cmpuint (heard.kept, ==, 0);
  g_assert_cmpstr (heard.toast, ==, "The phase was not resolved");

  /* The prompt destroyed from outside while it asks: it asks no more, says nothing, and the
   * next ask builds another. */
  admiralty_typed_dice_ask (typed, GTK_WIDGET (window), second, 1, FALSE);
  gtk_window_destroy (GTK_WINDOW (built));
  iterate ();
  g_assert_null (admiralty_typed_dice_get_prompt (typed));
  g_assert_false (admiralty_typed_dice_present (typed));
  g_assert_cmpuint (heard.n_cancelled, ==, 2);
  admiralty_typed_dice_ask (typed, GTK_WIDGET (window), second, 1, FALSE);
  g_assert_nonnull (admiralty_typed_dice_get_prompt (typed));
  answer (typed, "3", "enter");
  g_assert_cmpuint (heard.n_entered, ==, 2);

  g_assert_finalize_object (typed);
  g_assert_finalize_object (page);
  gtk_window_destroy (window);
  g_array_unref (heard.entered);
  g_free (heard.toast);
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
