/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-campaign-orders.c: the Orders tab. Everything on it is read from the campaign's
 * journal and strategic state, and rebuilt whenever the campaign changes: the sheets of the
 * current cycle ("sheet" events, F-GEN-3), their orders ("order" events), and the summary and
 * engagements of the cycle resolved last (F-STRAT-3, F-STRAT-4). */

#include "config.h"

#include <glib/gi18n.h>

#include <errno.h>
#include <glib/gstdio.h>

#include "admiralty-asking-dice.h"
#include "admiralty-engagement-dialog.h"
#include "admiralty-faction-dot.h"
#include "admiralty-campaign-orders.h"
#include "admiralty-plain-text.h"
#include "admiralty-sheets-chooser.h"
#include "admiralty-typed-dice.h"
#include "adm-table-server.h"
#include "adm-campaign-battles.h"
#include "adm-campaign-journal.h"
#include "adm-clock.h"
#include "adm-dice-ledger.h"
#include "adm-order-sheet.h"
#include "admiralty-tooltip.h"

struct _AdmiraltyCampaignOrders
{
  GtkWidget            parent_instance;

  AdmCampaign          *campaign;
  GSignalGroup         *campaign_signals; /* on the campaign */
  AdmiraltyCycleClock  *clock;
  GtkWidget            *sheet_form;       /* weak */
  char                 *sheet_admiral;    /* whose sheet the form shown holds */
  GtkWidget            *resolve_dialog;   /* weak */
  GtkWidget            *engagement_dialog; /* weak */
  GtkFileChooserNative *chooser;
  GFile                *import_folder;    /* where sheets were last imported from */
  char                 *scenarios_folder; /* the bundled scenarios, their sample sheets beside */
  GHashTable           *statuses;         /* admiral id → status text */
  GHashTable           *counts;           /* admiral id → orders, as a pointer */
  GHashTable           *handed_in;        /* admiral ids with a sheet this cycle */
  /* Real dice for the cycle's checks (F-STRAT-5): the values typed so far with the prompt
   * asking for more, and the source that remembers which roll they fell short of. */
  AdmiraltyTypedDice   *typed;
  AdmiraltyAskingDice  *asking;
  /* The engagements the master drops unfought with the cycle being resolved: id → reason. */
  GHashTable           *drops;
  /* What the board dialog shown asks about (board_dialog_new ()): modal, so one at a time. */
  char                 *asked_admiral;    /* Refuse: the admiral whose sheet it refuses */
  guint                 asked_index;      /* Send to Table, Take Back: the engagement's place */
  GtkDropDown          *asked_tables;     /* weak: Send to Table's choice of table */
  GtkSwitch            *asked_typed;      /* weak: Send to Table's typed dice switch */
  AdmPortal            *portal;           /* sheets waiting in the admirals' portal */
  GSignalGroup         *portal_signals;   /* on the portal */
  GHashTable           *verdicts;         /* admiral id → his portal sheet's orders and the
                                           * engine's verdicts, as the board shows them */
  GHashTable           *finals;           /* admiral ids shown final */
  gboolean              early;            /* every sheet from a phone is final */
  /* The campaign or the portal changed while the board was in a window that did not show it:
   * it is brought up to date when shown or asked (board_ensure_current ()). */
  gboolean              stale;
  /* Several masters, one campaign: the tables turned on in the Tables dialog ("Table 1" …
   * "Table N"), 0 when off. */
  guint                 n_tables;

  /* Template children */
  GtkWidget            *scroller;
  GtkLabel             *title_label;
  GtkLabel             *subtitle_label;
  GtkWidget            *resolve_button;
  GtkWidget            *final_box;
  GtkImage             *final_icon;
  GtkLabel             *final_label;
  GtkWidget            *early_button;
  GtkListBox           *admirals_list;
  GtkWidget            *engagements_group;
  GtkListBox           *engagements_list;
  GtkWidget            *summary_group;
  GtkLabel             *summary_label;
};

G_DEFINE_FINAL_TYPE (AdmiraltyCampaignOrders, admiralty_campaign_orders, GTK_TYPE_WIDGET)

enum {
  SIGNAL_TOAST,
  SIGNAL_ERROR,
  SIGNAL_OPEN_BATTLE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
remove_rows (GtkListBox *list)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (list))) != NULL)
    gtk_list_box_remove (list, child);
}

static guint
board_cycle (AdmiraltyCampaignOrders *self)
{
  return adm_strategy_get_cycle (adm_state_get_strategy (adm_campaign_get_state (self->campaign)));
}

static char *
received_time (const AdmEvent *sheet)
{
  g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();
  g_autoptr(GDateTime) time = g_date_time_new_from_iso8601 (adm_event_get (sheet, "received"),
                                                            utc);

  return admiralty_format_clock_time (time != NULL ? g_date_time_to_unix (time)
                                                   : adm_event_get_time (sheet));
}

/* Whether the sheet form keeps a draft of @admiral's sheet for @cycle: orders typed in it and
 * not handed in, which the cycle does not see (a closed form, Escape, a crash keep it). */
static gboolean
admiral_has_draft (AdmiraltyCampaignOrders *self,
                   const AdmAdmiral    *admiral,
                   guint                cycle)
{
  g_autofree char *path = admiralty_sheet_form_draft_path (self->campaign, admiral->id, cycle);

  return g_file_test (path, G_FILE_TEST_IS_REGULAR);
}

/* What the journal holds for @admiral in @cycle: his sheets and how many orders stand on
 * them (a correction replaces an order of the same kind for the same formation); and a draft
 * of his sheet typed and not handed in, which the journal does not hold yet. */
static char *
admiral_status (AdmiraltyCampaignOrders *self,
                const AdmAdmiral    *admiral,
                guint                cycle,
                guint               *n_orders)
{
  GPtrArray *events = adm_campaign_get_events (self->campaign);
  g_autofree char *cycle_text = g_strdup_printf ("%u", cycle);
  g_autoptr(GHashTable) slots = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  AdmEvent *first = NULL;
  guint sheets = 0;
  gboolean draft;
  g_autofree char *base = NULL;
  g_autofree char *when = NULL;

  for (guint i = 0; i < events->len; i++)
    {
      AdmEvent *event = g_ptr_array_index (events, i);
      const char *kind = adm_event_get_kind (event);

      if (g_strcmp0 (adm_event_get (event, "cycle"), cycle_text) != 0
          || g_strcmp0 (adm_event_get (event, "admiral"), admiral->id) != 0)
        continue;
      if (g_str_equal (kind, "sheet"))
        {
          if (first == NULL)
            first = event;
          sheets++;
        }
      else if (g_str_equal (kind, "order") && adm_event_get (event, "order") != NULL)
        {
          const char *order = adm_event_get (event, "order");
          const char *slot = g_str_equal (order, "flagship") || g_str_equal (order, "instructions")
                             ? order : "timed";

          g_hash_table_add (slots, g_strdup_printf ("%s/%s", adm_event_get (event, "formation"),
                                                    slot));
        }
    }
  *n_orders = g_hash_table_size (slots);
  draft = admiral_has_draft (self, admiral, cycle);

  if (first == NULL)
    return g_strdup (draft ? _("Sheet typed, not handed in — until it is, his formations keep "
                               "their standing orders (F-STRAT-5)")
                           : _("No sheet — his formations keep their standing orders "
                               "(F-STRAT-5)"));
  when = received_time (first);
  if (g_strcmp0 (adm_event_get (first, "late"), "true") == 0)
    /* Translators: a sheet handed in after the session was due, "Late — received 18:52" */
    base = g_strdup_printf (_("Late — received %s"), when);
  else
    /* Translators: "Received 18:38" */
    base = g_strdup_printf (_("Received %s"), when);
  if (sheets > 1)
    {
      /* Translators: a sheet and its corrections (F-STRAT-7), "Received 18:38 · Corrected 2×" */
      char *corrected = g_strdup_printf (_("%s · Corrected %u×"), base, sheets - 1);

      g_free (base);
      base = corrected;
    }
  if (!draft)
    return g_steal_pointer (&base);
  /* Translators: a correction typed in the form and not handed in yet (F-STRAT-7),
   * "Received 18:38 · Correction not handed in" */
  return g_strdup_printf (_("%s · Correction not handed in"), base);
}

/* F-STRAT-5: whether the admiral handed in a sheet for @cycle at all. */
static gboolean
admiral_has_sheet (AdmiraltyCampaignOrders *self,
                   const AdmAdmiral    *admiral,
                   guint                cycle)
{
  AdmStrategy *strategy = adm_state_get_strategy (adm_campaign_get_state (self->campaign));
  g_autoptr(GPtrArray) sheets = adm_strategy_get_sheets (strategy, cycle);

  for (guint i = 0; i < sheets->len; i++)
    if (g_strcmp0 (g_ptr_array_index (sheets, i), admiral->id) == 0)
      return TRUE;
  return FALSE;
}

/* The admirals' portal */

/* board.accept-sheet (s: the admiral's id) */
static void
accept_sheet_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  AdmiraltyCampaignOrders *self = ADMIRALTY_CAMPAIGN_ORDERS (widget);
  const char *admiral_id = g_variant_get_string (parameter, NULL);
  g_autoptr(GError) error = NULL;

  if (self->portal != NULL && !adm_portal_accept (self->portal, admiral_id, &error))
    g_signal_emit (self, signals[SIGNAL_ERROR], 0, _("The sheet from the portal was refused"),
                   error->message);
}

/* The dialogs the board asks the master with (Send to Table, Take Back, Refuse): @heading
 * and @body, "_Cancel" (also Escape) and @label for @response, shown in @appearance and the
 * default; @response_cb (dialog, response, self) answers. The caller adds what the master
 * chooses or types (adw_message_dialog_set_extra_child (), board_dialog_add_reason ()). */
static GtkWidget *
board_dialog_new (AdmiraltyCampaignOrders   *self,
                  const char            *heading,
                  const char            *body,
                  const char            *response,
                  const char            *label,
                  AdwResponseAppearance  appearance,
                  GCallback              response_cb)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (root), heading, body);

  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    response, label,
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), response, appearance);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), response);
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", response_cb, self, 0);
  return dialog;
}

/* The response a reason entry answers (board_dialog_add_reason ()): the dialog's default. */
static const char *
reason_response (AdwMessageDialog *dialog)
{
  return adw_message_dialog_get_default_response (dialog);
}

static void
reason_changed_cb (GtkEditable      *entry,
                   AdwMessageDialog *dialog)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (entry)));

  adw_message_dialog_set_response_enabled (dialog, reason_response (dialog), *text != '\0');
}

static void
reason_activate_cb (GtkEntry         *entry,
                    AdwMessageDialog *dialog)
{
  /* adw_message_dialog_response () only emits "response": the dialog, modal, would stay open
   * and keep the window's keys (Ctrl+Z) from it, as a click on the button does not. */
  if (adw_message_dialog_get_response_enabled (dialog, reason_response (dialog)))
    {
      adw_message_dialog_response (dialog, reason_response (dialog));
      gtk_window_close (GTK_WINDOW (dialog));
    }
}

/* Asks @dialog (board_dialog_new ()) for the master's reason, @placeholder giving an
 * example: the dialog's own response (its default) is off until the reason holds more than
 * blanks, and Enter in the entry answers with it. Returns the entry, @dialog's extra child. */
static GtkWidget *
board_dialog_add_reason (GtkWidget  *dialog,
                         const char *placeholder)
{
  const char *response = adw_message_dialog_get_default_response (ADW_MESSAGE_DIALOG (dialog));
  GtkWidget *entry = gtk_entry_new ();

  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), placeholder);
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Reason"), -1);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), entry);
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (dialog), response, FALSE);
  g_signal_connect (entry, "changed", G_CALLBACK (reason_changed_cb), dialog);
  g_signal_connect (entry, "activate", G_CALLBACK (reason_activate_cb), dialog);
  return entry;
}

static void
refuse_response_cb (AdwMessageDialog    *dialog,
                    const char          *response,
                    AdmiraltyCampaignOrders *self)
{
  g_autofree char *admiral_id = g_steal_pointer (&self->asked_admiral);
  GtkEditable *entry = GTK_EDITABLE (adw_message_dialog_get_extra_child (dialog));
  g_autoptr(GError) error = NULL;

  if (!g_str_equal (response, "refuse") || self->portal == NULL || admiral_id == NULL)
    return;
  /* Journaled: Undo takes the refusal back and the sheet waits again. */
  if (!adm_portal_refuse (self->portal, admiral_id, gtk_editable_get_text (entry), &error))
    g_signal_emit (self, signals[SIGNAL_ERROR], 0, _("The sheet could not be refused"),
                   error->message);
}

/* Asks the master why, then refuses the sheet: the admiral's page shows the reason. */
static void
refuse_sheet_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  AdmiraltyCampaignOrders *self = ADMIRALTY_CAMPAIGN_ORDERS (widget);
  const char *admiral_id = g_variant_get_string (parameter, NULL);
  const AdmAdmiral *admiral = adm_campaign_lookup_admiral (self->campaign, admiral_id);
  GtkWidget *dialog, *entry;
  g_autofree char *body = NULL;

  if (admiral == NULL)
    return;
  /* Translators: the body of the dialog refusing a sheet from the admirals' portal */
  body = g_strdup_printf (_("%s sees the reason on his page and may hand in a new sheet."),
                          admiral->name);
  dialog = board_dialog_new (self, _("Refuse the Sheet?"), body, "refuse", _("_Refuse"),
                             ADW_RESPONSE_DESTRUCTIVE, G_CALLBACK (refuse_response_cb));
  entry = board_dialog_add_reason (dialog, _("Reason, such as “two orders for the "
                                             "Vanguard”"));
  g_free (self->asked_admiral);
  self->asked_admiral = g_strdup (admiral_id);
  gtk_window_present (GTK_WINDOW (dialog));
  gtk_widget_grab_focus (entry);
}

/* A sheet of @admiral's for this cycle waiting in the portal: "received by portal at 18:38"
 * and buttons that accept it, journalling it as his sheet, or refuse it with a reason. */
static void
portal_row (AdmiraltyCampaignOrders *self,
            GtkWidget           *row,
            const AdmAdmiral    *admiral)
{
  const AdmPortalSheet *sheet = self->portal != NULL
                                  ? adm_portal_get_sheet (self->portal, admiral->id) : NULL;
  g_autoptr(GDateTime) when = NULL;
  g_autofree char *time = NULL, *subtitle = NULL;
  GtkWidget *accept, *refuse;

  if (sheet == NULL || sheet->status != ADM_PORTAL_SHEET_PENDING ||
      adm_portal_get_campaign (self->portal) != self->campaign || sheet->cycle != board_cycle (self))
    return;
  when = g_date_time_new_from_unix_local (sheet->received);
  time = g_date_time_format (when, "%H:%M");
  /* Translators: on the Orders board, "Received by portal at 18:38, late" */
  subtitle = g_strdup_printf (sheet->late ? _("Received by portal at %s, late")
                                          : _("Received by portal at %s"), time);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  accept = gtk_button_new_with_mnemonic (_("_Accept"));
  gtk_widget_set_valign (accept, GTK_ALIGN_CENTER);
  admiralty_tooltip_set (accept, _("Journal the sheet sent from the portal as his sheet "
                                   "for this cycle"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (accept), "board.accept-sheet");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (accept), "s", admiral->id);
  refuse = gtk_button_new_with_mnemonic (_("_Refuse…"));
  gtk_widget_set_valign (refuse, GTK_ALIGN_CENTER);
  admiralty_tooltip_set (refuse, _("Refuse the sheet sent from the portal, saying why: "
                                   "the admiral sees the reason on his page"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (refuse), "board.refuse-sheet");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (refuse), "s", admiral->id);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), refuse);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), accept);
}

/* @admiral's sheet of this cycle waiting in the portal for Accept or Refuse, or NULL. */
static const AdmPortalSheet *
pending_portal_sheet (AdmiraltyCampaignOrders *self,
                      const AdmAdmiral    *admiral)
{
  const AdmPortalSheet *sheet = self->portal != NULL
                                  ? adm_portal_get_sheet (self->portal, admiral->id) : NULL;

  if (sheet == NULL || sheet->status != ADM_PORTAL_SHEET_PENDING ||
      adm_portal_get_campaign (self->portal) != self->campaign || sheet->cycle != board_cycle (self))
    return NULL;
  return sheet;
}

/* One line of a portal sheet: what it says, in the sheet form's words, and the engine's
 * verdict on it (@reason NULL: accepted). Appended to @text too, for the test hook. */
static GtkWidget *
verdict_line (const char *what,
              const char *reason,
              GString    *text)
{
  GtkWidget *line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *words = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *icon = gtk_image_new_from_icon_name (reason == NULL ? "emblem-ok-symbolic"
                                                                 : "dialog-error-symbolic");
  GtkWidget *label = gtk_label_new (what);
  GtkWidget *verdict;
  g_autofree char *verdict_text = NULL;

  if (reason == NULL)
    verdict_text = g_strdup (_("Accepted by the engine"));
  else
    {
      /* The engine's reason as a sentence, as the sheet form shows it. */
      g_autofree char *first = g_utf8_strup (reason, g_utf8_next_char (reason) - reason);

      /* Translators: the engine's verdict on an order of a portal sheet, "Refused: The
       * route …" */
      verdict_text = g_strdup_printf (_("Refused: %s%s"), first, g_utf8_next_char (reason));
    }
  verdict = gtk_label_new (verdict_text);
  gtk_widget_add_css_class (icon, reason == NULL ? "success" : "error");
  gtk_widget_set_valign (icon, GTK_ALIGN_START);
  gtk_accessible_update_property (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  reason == NULL ? _("Accepted") : _("Refused"), -1);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (verdict), 0);
  gtk_label_set_wrap (GTK_LABEL (verdict), TRUE);
  gtk_widget_add_css_class (verdict, "caption");
  gtk_widget_add_css_class (verdict, reason == NULL ? "dim-label" : "error");
  gtk_box_append (GTK_BOX (words), label);
  gtk_box_append (GTK_BOX (words), verdict);
  gtk_box_append (GTK_BOX (line), icon);
  gtk_box_append (GTK_BOX (line), words);
  g_string_append_printf (text, "%s: %s\n", what, verdict_text);
  return line;
}

/* What Accept would journal, read before the master clicks: the orders of @admiral's sheet
 * waiting in the portal, each as his sheet form words it, with the engine's verdict against
 * the campaign as it is now (adm_order_sheet_verdicts (), the checks Accept itself makes).
 * NULL when no sheet of his waits. */
static GtkWidget *
portal_orders_row (AdmiraltyCampaignOrders *self,
                   const AdmAdmiral    *admiral)
{
  const AdmPortalSheet *sheet = pending_portal_sheet (self, admiral);
  AdmStrategy *strategy = adm_state_get_strategy (adm_campaign_get_state (self->campaign));
  AdmScenario *scenario = adm_campaign_get_scenario (self->campaign);
  g_autoptr(GPtrArray) verdicts = NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  GtkWidget *row, *box;

  if (sheet == NULL)
    return NULL;
  verdicts = adm_order_sheet_verdicts (sheet->events, adm_campaign_get_state (self->campaign));
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  gtk_widget_set_margin_top (box, 8);
  gtk_widget_set_margin_bottom (box, 10);
  gtk_widget_set_margin_start (box, 44);
  gtk_widget_set_margin_end (box, 12);
  if (g_ptr_array_index (verdicts, 0) != NULL)
    gtk_box_append (GTK_BOX (box), verdict_line (_("The sheet"), g_ptr_array_index (verdicts, 0),
                                                 text));
  for (guint i = 1; i < sheet->events->len; i++)
    {
      const AdmEvent *event = g_ptr_array_index (sheet->events, i);
      const char *formation_id = adm_event_get (event, "formation");
      const char *formation = formation_id != NULL
                              ? adm_strategy_formation_name (strategy, formation_id) : NULL;
      g_autofree char *order = admiralty_describe_order_event (scenario, event);
      /* Translators: an order of a portal sheet on the board, "Pol Escort Group — defend
       * where it is" */
      g_autofree char *what = g_strdup_printf (_("%s — %s"),
                                               formation != NULL ? formation : formation_id,
                                               order);

      gtk_box_append (GTK_BOX (box), verdict_line (what, g_ptr_array_index (verdicts, i), text));
    }
  if (sheet->events->len == 1)
    {
      GtkWidget *none = gtk_label_new (_("No orders: his formations keep their standing orders "
                                         "(F-STRAT-5)"));

      gtk_label_set_xalign (GTK_LABEL (none), 0);
      gtk_widget_add_css_class (none, "dim-label");
      gtk_box_append (GTK_BOX (box), none);
      g_string_append (text, _("No orders: his formations keep their standing orders "
                               "(F-STRAT-5)"));
      g_string_append_c (text, '\n');
    }
  row = gtk_list_box_row_new ();
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_widget_add_css_class (row, "portal-orders");
  g_hash_table_insert (self->verdicts, g_strdup (admiral->id),
                       g_string_free (g_steal_pointer (&text), FALSE));
  return row;
}

/* Final marks: how many of the sheets handed in on phones this cycle are marked final, who
 * the master still waits for (a sheet not final, or a page open and no sheet at all), and
 * whether he may resolve the cycle early (adm_portal_count_finals ()). */
static void
board_update_finals (AdmiraltyCampaignOrders *self,
                     GPtrArray           *admirals)
{
  g_autoptr(GString) waiting = g_string_new (NULL);
  g_autofree char *text = NULL;
  AdmPortalFinals finals = { 0, };

  self->early = FALSE;
  if (self->portal == NULL || adm_portal_get_campaign (self->portal) != self->campaign)
    return;
  adm_portal_count_finals (self->portal, admirals, &finals);
  for (guint i = 0; i < admirals->len; i++)
    {
      const AdmAdmiral *admiral = g_ptr_array_index (admirals, i);
      AdmPortalFinalState state = adm_portal_get_final_state (self->portal, admiral->id);

      if (waiting->len > 0 && (state == ADM_PORTAL_FINAL_WAITING ||
                               state == ADM_PORTAL_FINAL_NO_SHEET))
        g_string_append (waiting, ", ");
      if (state == ADM_PORTAL_FINAL_WAITING)
        g_string_append (waiting, admiral->name);
      else if (state == ADM_PORTAL_FINAL_NO_SHEET)
        /* Translators: an admiral in the final marks' waiting list whose page is open and who
         * has handed in no sheet: "Adm. Ivan Xav (no sheet yet)" */
        g_string_append_printf (waiting, _("%s (no sheet yet)"), admiral->name);
    }
  gtk_widget_set_visible (self->final_box, finals.sheets + finals.no_sheet > 0);
  if (finals.sheets + finals.no_sheet == 0)
    return;
  self->early = finals.early;
  gtk_widget_set_visible (self->early_button, self->early);
  gtk_image_set_from_icon_name (self->final_icon, self->early ? "emblem-ok-symbolic"
                                                              : "alarm-symbolic");
  if (self->early)
    /* Translators: on the Orders board, when every sheet handed in on a phone is final */
    text = g_strdup_printf (ngettext ("The sheet handed in on a phone is marked final: the "
                                      "cycle may be resolved early.",
                                      "All %u sheets handed in on phones are marked final: the "
                                      "cycle may be resolved early.", finals.sheets),
                            finals.sheets);
  else if (finals.sheets == 0)
    /* Translators: on the Orders board, "No sheet handed in on a phone yet · waiting for Adm.
     * Ivan Xav (no sheet yet)" */
    text = g_strdup_printf (_("No sheet handed in on a phone yet · waiting for %s"),
                            waiting->str);
  else
    /* Translators: on the Orders board, "Final: 1 of 3 sheets handed in on phones · waiting
     * for Adm. Ivan Xav, …" */
    text = g_strdup_printf (ngettext ("Final: %u of %u sheet handed in on phones · waiting "
                                      "for %s",
                                      "Final: %u of %u sheets handed in on phones · waiting "
                                      "for %s", finals.sheets),
                            finals.final, finals.sheets, waiting->str);
  gtk_label_set_label (self->final_label, text);
}

/* A suffix on @admiral's row when his portal sheet is marked final. */
static void
final_mark (AdmiraltyCampaignOrders *self,
            GtkWidget           *row,
            const AdmAdmiral    *admiral)
{
  GtkWidget *mark;

  if (self->portal == NULL || adm_portal_get_campaign (self->portal) != self->campaign ||
      !adm_portal_get_final (self->portal, admiral->id))
    return;
  g_hash_table_add (self->finals, g_strdup (admiral->id));
  /* Translators: on the Orders board, an admiral who marked his sheet final on his phone */
  mark = gtk_label_new (_("✔ Final"));
  gtk_widget_add_css_class (mark, "success");
  gtk_widget_add_css_class (mark, "heading");
  gtk_widget_set_valign (mark, GTK_ALIGN_CENTER);
  admiralty_tooltip_set (mark, _("He marked his sheet final on his phone: nothing more "
                                 "to send this cycle"));
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), mark);
}

static void board_update (AdmiraltyCampaignOrders *self);

void
admiralty_campaign_orders_set_portal (AdmiraltyCampaignOrders *self,
                                      AdmPortal               *portal)
{
  g_return_if_fail (ADMIRALTY_IS_CAMPAIGN_ORDERS (self));

  g_signal_group_set_target (self->portal_signals, portal);
  g_set_object (&self->portal, portal);
  board_update (self);
}

static GtkWidget *
admiral_row (AdmiraltyCampaignOrders *self,
             const AdmAdmiral    *admiral,
             const char          *status,
             guint                n_orders)
{
  GtkWidget *row = admiralty_plain_row (adw_action_row_new ());
  GtkWidget *dot = admiralty_faction_dot_new (admiral->faction);
  GtkWidget *count;
  g_autofree char *count_text = NULL;
  g_autofree char *title = NULL;

  /* The window's style sheet colours the dot with the faction's colour. */
  gtk_widget_set_valign (dot, GTK_ALIGN_CENTER);
  admiralty_tooltip_set (dot, admiral->faction->name);
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), dot);

  /* Translators: an admiral on the board, "Adm. Aral Vorkosigan · Barrayar" */
  title = g_strdup_printf (_("%s · %s"), admiral->name, admiral->faction->name);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), status);
  /* Translators: the orders on an admiral's sheets this cycle */
  count_text = g_strdup_printf (ngettext ("%u order", "%u orders", n_orders), n_orders);
  count = gtk_label_new (count_text);
  gtk_widget_add_css_class (count, "dim-label");
  gtk_widget_add_css_class (count, "numeric");
  portal_row (self, row, admiral);
  final_mark (self, row, admiral);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), count);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("go-next-symbolic"));
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (row), "board.open-sheet");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (row), "s", admiral->id);
  return row;
}

static char *
engagement_place (const AdmEngagement *engagement)
{
  if (engagement->sector != NULL)
    return g_strdup (engagement->sector->name);
  /* Translators: an engagement on the link between two sectors */
  return g_strdup_printf (_("Between %s and %s"), engagement->from->name, engagement->to->name);
}

/* Several masters, one campaign: a battle kept in the campaign, what each side has lost in it
 * so far — ships destroyed (F-CAT-12, F-CAT-13), left hulks (F-CAT-10, F-CAT-11) or captured
 * (F-BOARD-15), counted on the side they began with (F-BOARD-17): "Barrayar 1, Cetaganda 2";
 * NULL when nothing is lost. */
static char *
battle_losses (AdmBattle *battle)
{
  g_autoptr(GString) text = NULL;
  g_autofree guint *lost = NULL;
  guint n_sides;

  n_sides = adm_battle_get_n_sides (battle);
  lost = g_new0 (guint, n_sides);
  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    {
      const AdmBattleShip *ship = adm_battle_get_ship (battle, i);

      if ((ship->status != ADM_SHIP_ACTIVE || ship->captured_by >= 0) &&
          ship->original_side < n_sides)
        lost[ship->original_side]++;
    }
  text = g_string_new (NULL);
  for (guint side = 0; side < n_sides; side++)
    if (lost[side] > 0)
      /* Translators: one side's losses in a battle: "Barrayar 2" */
      g_string_append_printf (text, _("%s%s %u"), text->len > 0 ? ", " : "",
                              adm_battle_get_side (battle, side)->name, lost[side]);
  return text->len > 0 ? g_string_free (g_steal_pointer (&text), FALSE) : NULL;
}

/* The battle the campaign keeps of @engagement, fought at a table or here, or NULL (none
 * yet, or one that does not load). */
static AdmBattle *
engagement_battle (AdmiraltyCampaignOrders       *self,
                   const AdmQueuedEngagement *engagement)
{
  const char *saved = adm_campaign_get_battle (self->campaign, engagement->id, NULL, NULL);

  if (saved == NULL)
    return NULL;
  return adm_battle_load_game_memory (saved, strlen (saved), engagement->id, NULL);
}

/* The rolls of @battle, @engagement_id's, typed in from real dice at a table, as the master's
 * report and every side's dice log say them: "3 rolls typed at “Table 2”"; NULL when none
 * was. */
static char *
typed_at_tables (AdmiraltyCampaignOrders *self,
                 const char          *engagement_id,
                 AdmBattle           *battle)
{
  g_autoptr(GPtrArray) commitments = adm_campaign_get_dice_commitments (self->campaign,
                                                                        engagement_id);
  g_autoptr(GPtrArray) checks = NULL;

  if (commitments->len == 0)
    return NULL;
  checks = adm_dice_verify (commitments, engagement_id, battle, adm_audience_master ());
  return adm_dice_describe_typed_at (checks);
}

/* The row's menu of an engagement: send it to a table, or take it back from its table. The
 * button is there, insensitive and saying why, while tables are off; absent for an engagement
 * fought or being fought here. */
static GtkWidget *
table_menu_button (AdmiraltyCampaignOrders       *self,
                   const AdmQueuedEngagement *engagement,
                   guint                      index)
{
  g_autoptr(GMenu) menu = NULL;
  g_autoptr(GMenuItem) item = NULL;
  GtkWidget *button;
  gboolean here = engagement->status == ADM_ENGAGEMENT_NOT_FOUGHT && engagement->table == NULL &&
                  adm_campaign_get_battle (self->campaign, engagement->id, NULL, NULL) == NULL;

  if (engagement->table == NULL && !here)
    return NULL;
  button = gtk_menu_button_new ();
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (button), "view-more-symbolic");
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (button, "flat");
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Tables"), -1);
  menu = g_menu_new ();
  if (engagement->table != NULL)
    {
      item = g_menu_item_new (_("Take _Back…"), NULL);
      g_menu_item_set_action_and_target (item, "board.take-back", "u", index);
      admiralty_tooltip_set (button, _("Take the engagement back from its table"));
    }
  else
    {
      item = g_menu_item_new (_("Send to _Table…"), NULL);
      g_menu_item_set_action_and_target (item, "board.send-to-table", "u", index);
      if (self->n_tables == 0)
        {
          gtk_widget_set_sensitive (button, FALSE);
          admiralty_tooltip_set (button, _("Turn tables on in “Tables…” to send "
                                           "engagements to other masters"));
        }
      else
        admiralty_tooltip_set (button, _("Send the engagement to another master’s "
                                         "table"));
    }
  g_menu_append_item (menu, item);
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (button), G_MENU_MODEL (menu));
  return button;
}

static void
board_update_results (AdmiraltyCampaignOrders *self,
                      guint                cycle)
{
  AdmStrategy *strategy = adm_state_get_strategy (adm_campaign_get_state (self->campaign));
  guint resolved = cycle - 1;
  g_autoptr(GPtrArray) engagements = NULL;
  g_autofree char *summary = NULL;
  g_autofree char *engagements_title = NULL;
  g_autofree char *summary_title = NULL;

  remove_rows (self->engagements_list);
  gtk_widget_set_visible (self->engagements_group, resolved > 0);
  gtk_widget_set_visible (self->summary_group, resolved > 0);
  if (resolved == 0)
    return;

  /* F-STRAT-4: where hostile formations met in the last cycle, in time order, each with
   * where its battle stands (adm-engagement-queue.h). */
  engagements = adm_campaign_get_engagements (self->campaign, resolved);
  /* Translators: "Cycle 1 — Engagements" */
  engagements_title = g_strdup_printf (_("Cycle %u — Engagements"), resolved);
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (self->engagements_group),
                                   engagements_title);
  for (guint i = 0; i < engagements->len; i++)
    {
      const AdmQueuedEngagement *engagement = g_ptr_array_index (engagements, i);
      g_autofree char *place = engagement_place (&engagement->engagement);
      g_autofree char *title = NULL;
      g_autofree char *status = adm_queued_engagement_describe_status (engagement);
      g_autofree char *subtitle = NULL;
      g_autoptr(GString) names = g_string_new (NULL);
      AdmBattle *battle;
      GtkWidget *row = admiralty_plain_row (adw_action_row_new ());
      GtkWidget *open, *menu;
      const char *icon, *label, *tooltip;

      for (guint f = 0; f < engagement->engagement.formations->len; f++)
        {
          const AdmFormation *formation = g_ptr_array_index (engagement->engagement.formations,
                                                             f);

          g_string_append_printf (names, "%s%s (%s)", f > 0 ? ", " : "", formation->name,
                                  formation->faction->name);
        }
      /* Translators: an engagement of the queue: its id, place and minute, "c1-3 · Pol orbit,
       * minute 20" */
      title = g_strdup_printf (_("%s · %s, minute %.0f"), engagement->id, place,
                               engagement->engagement.minute);
      /* Translators: an engagement row's subtitle: its formations, then its status: "Jade
       * Squadron (Cetagandan Empire), … — Not fought" */
      subtitle = g_strdup_printf (_("%s — %s"), names->str, status);
      if ((battle = engagement_battle (self, engagement)) != NULL)
        {
          g_autofree char *losses = NULL;
          g_autofree char *typed = NULL;

          if (engagement->table != NULL && engagement->status == ADM_ENGAGEMENT_IN_PROGRESS &&
              (losses = battle_losses (battle)) != NULL)
            {
              /* Translators: after an engagement's status, its battle's losses so far:
               * "… · losses: Barrayar 1, Cetaganda 2" */
              g_autofree char *with = g_strdup_printf (_("%s · losses: %s"), subtitle, losses);

              g_free (subtitle);
              subtitle = g_steal_pointer (&with);
            }
          if ((typed = typed_at_tables (self, engagement->id, battle)) != NULL)
            {
              /* Translators: after an engagement's status, the rolls of its battle typed in
               * from real dice at a table: "… · 3 rolls typed at “Table 2”" */
              g_autofree char *with = g_strdup_printf (_("%s · %s"), subtitle, typed);

              g_free (subtitle);
              subtitle = g_steal_pointer (&with);
            }
          g_clear_object (&battle);
        }
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 0);
      switch (engagement->status)
        {
        case ADM_ENGAGEMENT_IN_PROGRESS:
          icon = "media-playback-start-symbolic";
          label = _("Resume _Battle");
          tooltip = _("Go on with the battle where it was left; it is kept in the campaign file");
          if (engagement->table != NULL)
            {
              icon = "network-workgroup-symbolic";
              label = _("_Watch Battle");
              tooltip = _("Follow the battle fought at its table, read-only: each entry "
                          "appears as the table records it");
            }
          break;
        case ADM_ENGAGEMENT_FINISHED:
          icon = "emblem-ok-symbolic";
          label = _("View _Battle");
          tooltip = _("The battle has ended and its results are in the campaign; undo its "
                      "ending to fight on");
          break;
        case ADM_ENGAGEMENT_WAITING:
          icon = "alarm-symbolic";
          label = _("Open _Battle");
          tooltip = _("An engagement one of its formations fights earlier must end first "
                      "(F-STRAT-4)");
          break;
        case ADM_ENGAGEMENT_DROPPED:
          icon = "action-unavailable-symbolic";
          label = _("Open _Battle");
          tooltip = engagement->by_master
                    ? _("The master dropped it unfought; the journal and the reports say why")
                    : _("Fewer than two sides have anything left to fight with");
          break;
        case ADM_ENGAGEMENT_NOT_FOUGHT:
        default:
          icon = "dialog-warning-symbolic";
          label = _("Open _Battle");
          tooltip = _("Place the formations, then set up the battle and open it; it is kept "
                      "in the campaign file");
          if (engagement->table != NULL)
            {
              icon = "network-workgroup-symbolic";
              label = _("View _Placements");
              tooltip = _("Sent to another master’s table, who places its formations: look "
                          "at the placements and the table as he sets them up, read-only; its "
                          "battle appears here once the table begins it");
            }
          break;
        }
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name (icon));
      admiralty_tooltip_set (row, tooltip);
      /* Waiting, dropped, or ended without a battle: nothing to open; the status says why. */
      if ((menu = table_menu_button (self, engagement, i)) != NULL)
        adw_action_row_add_suffix (ADW_ACTION_ROW (row), menu);
      if (engagement->status == ADM_ENGAGEMENT_WAITING ||
          engagement->status == ADM_ENGAGEMENT_DROPPED ||
          (engagement->status == ADM_ENGAGEMENT_FINISHED &&
           adm_campaign_get_battle (self->campaign, engagement->id, NULL, NULL) == NULL))
        gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
      else
        {
          open = gtk_button_new_with_mnemonic (label);
          gtk_widget_set_valign (open, GTK_ALIGN_CENTER);
          admiralty_tooltip_set (open, tooltip);
          gtk_actionable_set_action_name (GTK_ACTIONABLE (open), "board.open-engagement");
          gtk_actionable_set_action_target (GTK_ACTIONABLE (open), "u", i);
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), open);
          adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), open);
        }
      gtk_list_box_append (self->engagements_list, row);
    }
  if (engagements->len == 0)
    {
      GtkWidget *row = admiralty_plain_row (adw_action_row_new ());

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row),
                                     _("No engagements: no enemies met"));
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
      gtk_list_box_append (self->engagements_list, row);
    }

  /* F-STRAT-3: the master's summary of everything that happened. */
  summary = adm_strategy_summary (strategy, resolved, NULL);
  /* Translators: "Cycle 1 — Summary" */
  summary_title = g_strdup_printf (_("Cycle %u — Summary"), resolved);
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (self->summary_group), summary_title);
  gtk_label_set_label (self->summary_label, g_strchomp (summary));
}

static void
board_refresh (AdmiraltyCampaignOrders *self)
{
  GPtrArray *admirals;
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *resolve = NULL;
  guint cycle, handed_in = 0;

  self->stale = FALSE;
  remove_rows (self->admirals_list);
  g_hash_table_remove_all (self->statuses);
  g_hash_table_remove_all (self->counts);
  g_hash_table_remove_all (self->handed_in);
  g_hash_table_remove_all (self->verdicts);
  g_hash_table_remove_all (self->finals);
  gtk_widget_set_sensitive (GTK_WIDGET (self), self->campaign != NULL);
  gtk_widget_set_visible (self->final_box, FALSE);
  self->early = FALSE;
  if (self->campaign == NULL)
    return;

  cycle = board_cycle (self);
  /* Translators: the Orders tab's heading, "Cycle 2 — orders" */
  title = g_strdup_printf (_("Cycle %u — orders"), cycle);
  gtk_label_set_label (self->title_label, title);
  /* Translators: the button resolving the cycle, "_Resolve Cycle 2" */
  resolve = g_strdup_printf (_("_Resolve Cycle %u"), cycle);
  gtk_button_set_label (GTK_BUTTON (self->resolve_button), resolve);

  admirals = adm_campaign_get_admirals (self->campaign);
  for (guint i = 0; i < admirals->len; i++)
    {
      const AdmAdmiral *admiral = g_ptr_array_index (admirals, i);
      guint n_orders = 0;
      char *status = admiral_status (self, admiral, cycle, &n_orders);
      GtkWidget *orders;

      if (admiral_has_sheet (self, admiral, cycle))
        {
          g_hash_table_add (self->handed_in, g_strdup (admiral->id));
          handed_in++;
        }
      gtk_list_box_append (self->admirals_list, admiral_row (self, admiral, status, n_orders));
      if ((orders = portal_orders_row (self, admiral)) != NULL)
        gtk_list_box_append (self->admirals_list, orders);
      g_hash_table_insert (self->statuses, g_strdup (admiral->id), status);
      g_hash_table_insert (self->counts, g_strdup (admiral->id), GUINT_TO_POINTER (n_orders));
    }
  /* Translators: under the heading, "3 of 11 admirals have handed in their sheets" */
  subtitle = g_strdup_printf (ngettext ("%u of %u admiral has handed in his sheet",
                                        "%u of %u admirals have handed in their sheets",
                                        admirals->len), handed_in, admirals->len);
  gtk_label_set_label (self->subtitle_label, subtitle);
  board_update_finals (self, admirals);
  board_update_results (self, cycle);
}

/* A board in a window that does not show it (the Orders tab not selected) is rebuilt when it
 * is shown, not on each change: rows of a hidden tab are work the first frame does for
 * nothing. A board in no window is rebuilt at once. */
static void
board_update (AdmiraltyCampaignOrders *self)
{
  gtk_widget_set_sensitive (GTK_WIDGET (self), self->campaign != NULL);
  if (!gtk_widget_get_mapped (GTK_WIDGET (self)) && gtk_widget_get_root (GTK_WIDGET (self)) != NULL)
    {
      self->stale = TRUE;
      return;
    }
  board_refresh (self);
}

/* Before anything that reads the rows or the statuses they were made from. */
static void
board_ensure_current (AdmiraltyCampaignOrders *self)
{
  if (self->stale)
    board_refresh (self);
}

static void
admiralty_campaign_orders_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (admiralty_campaign_orders_parent_class)->map (widget);
  board_ensure_current (ADMIRALTY_CAMPAIGN_ORDERS (widget));
}

static void
campaign_changed_cb (AdmiraltyCampaignOrders *self)
{
  board_update (self);
}

void
admiralty_campaign_orders_set_campaign (AdmiraltyCampaignOrders *self,
                                        AdmCampaign             *campaign)
{
  g_return_if_fail (ADMIRALTY_IS_CAMPAIGN_ORDERS (self));

  if (self->sheet_form != NULL)
    gtk_window_destroy (GTK_WINDOW (self->sheet_form));
  /* The admirals' portal serves one campaign: another campaign's sheets and statuses are not
   * this one's. */
  if (self->portal != NULL && adm_portal_get_campaign (self->portal) != campaign)
    {
      g_signal_group_set_target (self->portal_signals, NULL);
      g_clear_object (&self->portal);
    }
  /* The dice typed for another campaign's cycle are not this one's. */
  if (self->campaign != campaign)
    {
      admiralty_typed_dice_close (self->typed);
      admiralty_typed_dice_resume (self->typed, NULL);
    }
  g_signal_group_set_target (self->campaign_signals, campaign);
  g_set_object (&self->campaign, campaign);
  board_update (self);
}

void
admiralty_campaign_orders_set_clock (AdmiraltyCampaignOrders *self,
                                     AdmiraltyCycleClock *clock)
{
  g_return_if_fail (ADMIRALTY_IS_CAMPAIGN_ORDERS (self));

  g_set_object (&self->clock, clock);
}

/* The board's row of admiral @admiral_id, or NULL. */
static GtkWidget *
admiral_row_of (AdmiraltyCampaignOrders *self,
                const char              *admiral_id)
{
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->admirals_list));
       row != NULL; row = gtk_widget_get_next_sibling (row))
    {
      GVariant *target;

      if (!GTK_IS_ACTIONABLE (row) ||
          g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (row)),
                     "board.open-sheet") != 0)
        continue;
      target = gtk_actionable_get_action_target_value (GTK_ACTIONABLE (row));
      if (target != NULL && g_variant_is_of_type (target, G_VARIANT_TYPE_STRING) &&
          g_strcmp0 (g_variant_get_string (target, NULL), admiral_id) == 0)
        return row;
    }
  return NULL;
}

/* After admiral @admiral_id's form is closed, the board keeps the keyboard: the next admiral
 * in the list who has handed in no sheet this cycle (F-STRAT-5) has the focus, so that Return
 * opens his sheet; when every admiral has handed one in, or the form was closed without
 * handing in, @admiral_id's own row. Not the window's first control, where GTK puts a focus
 * whose row the board made anew. */
static void
focus_after_sheet (AdmiraltyCampaignOrders *self,
                   const char              *admiral_id)
{
  GPtrArray *admirals = adm_campaign_get_admirals (self->campaign);
  const char *next = admiral_id;
  GtkWidget *row;
  guint at = 0;

  while (at < admirals->len &&
         g_strcmp0 (((const AdmAdmiral *) g_ptr_array_index (admirals, at))->id, admiral_id) != 0)
    at++;
  if (at < admirals->len && g_hash_table_contains (self->handed_in, admiral_id))
    for (guint i = 1; i < admirals->len; i++)
      {
        const AdmAdmiral *admiral = g_ptr_array_index (admirals, (at + i) % admirals->len);

        if (!g_hash_table_contains (self->handed_in, admiral->id))
          {
            next = admiral->id;
            break;
          }
      }
  row = admiral_row_of (self, next);
  if (row != NULL)
    gtk_widget_grab_focus (row);
}

static void
sheet_form_destroy_cb (AdmiraltyCampaignOrders *self)
{
  g_autofree char *admiral = g_steal_pointer (&self->sheet_admiral);

  if (self->campaign == NULL || gtk_widget_in_destruction (GTK_WIDGET (self)))
    return;
  board_update (self);
  if (admiral != NULL && !self->stale)
    focus_after_sheet (self, admiral);
}

AdmiraltySheetForm *
admiralty_campaign_orders_open_sheet (AdmiraltyCampaignOrders *self,
                                      const char              *admiral_id)
{
  AdmiraltySheetForm *form;
  GtkRoot *root;

  g_return_val_if_fail (ADMIRALTY_IS_CAMPAIGN_ORDERS (self), NULL);

  if (self->campaign == NULL)
    return NULL;
  if (self->sheet_form != NULL)
    gtk_window_destroy (GTK_WINDOW (self->sheet_form));
  /* F-STRAT-7: a sheet handed in once the session is due is late. */
  form = admiralty_sheet_form_new (self->campaign, admiral_id,
                                   self->clock != NULL
                                   && admiralty_cycle_clock_get_due (self->clock));
  if (form == NULL)
    return NULL;
  root = gtk_widget_get_root (GTK_WIDGET (self));
  if (GTK_IS_WINDOW (root))
    gtk_window_set_transient_for (GTK_WINDOW (form), GTK_WINDOW (root));
  g_set_weak_pointer (&self->sheet_form, GTK_WIDGET (form));
  g_free (self->sheet_admiral);
  self->sheet_admiral = g_strdup (admiral_id);
  /* Closed with a draft, or with none any more: the admiral's row says so. */
  g_signal_connect_object (form, "destroy", G_CALLBACK (sheet_form_destroy_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (form));
  return form;
}

AdmiraltySheetForm *
admiralty_campaign_orders_get_sheet_form (AdmiraltyCampaignOrders *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_CAMPAIGN_ORDERS (self), NULL);

  return self->sheet_form != NULL ? ADMIRALTY_SHEET_FORM (self->sheet_form) : NULL;
}

/* board.open-sheet (s: the admiral's id), an admiral's row activated */
static void
open_sheet_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  admiralty_campaign_orders_open_sheet (ADMIRALTY_CAMPAIGN_ORDERS (widget),
                                        g_variant_get_string (parameter, NULL));
}

/* Importing sheets */

/* One sheet, all or nothing: read and checked against the state first, then journalled as
 * one. */
static gboolean
import_one (AdmiraltyCampaignOrders *self,
            const char          *path,
            GError             **error)
{
  AdmState *state = adm_campaign_get_state (self->campaign);
  g_autoptr(GPtrArray) events = adm_order_sheet_load_file (path, state,
                                                           g_get_real_time () / G_USEC_PER_SEC,
                                                           error);

  return events != NULL && adm_campaign_append_all (self->campaign, events, error);
}

guint
admiralty_campaign_orders_import_files (AdmiraltyCampaignOrders *self,
                                        GListModel              *files)
{
  g_autoptr(GString) problems = g_string_new (NULL);
  guint n = g_list_model_get_n_items (files);
  guint imported = 0, refused = 0;

  g_return_val_if_fail (ADMIRALTY_IS_CAMPAIGN_ORDERS (self), 0);

  if (self->campaign == NULL)
    return 0;
  if (n > 0)
    {
      g_autoptr(GFile) first = g_list_model_get_item (files, 0);

      g_clear_object (&self->import_folder);
      self->import_folder = g_file_get_parent (first);
    }
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GFile) file = g_list_model_get_item (files, i);
      g_autofree char *path = g_file_get_path (file);
      g_autoptr(GError) error = NULL;

      if (path == NULL)
        {
          g_autofree char *uri = g_file_get_uri (file);

          g_string_append_printf (problems, "%s%s", problems->len > 0 ? "\n\n" : "", uri);
          refused++;
          continue;
        }
      if (import_one (self, path, &error))
        imported++;
      else
        {
          g_string_append_printf (problems, "%s%s", problems->len > 0 ? "\n\n" : "",
                                  error->message);
          refused++;
        }
    }
  if (imported > 0)
    {
      /* Translators: a toast after importing order sheets */
      g_autofree char *toast = g_strdup_printf (ngettext ("%u order sheet imported",
                                                          "%u order sheets imported", imported),
                                                imported);

      g_signal_emit (self, signals[SIGNAL_TOAST], 0, toast);
    }
  if (refused > 0)
    {
      g_autofree char *heading = g_strdup_printf (ngettext ("%u Sheet Refused",
                                                            "%u Sheets Refused", refused),
                                                  refused);
      g_autofree char *body = g_strdup_printf (_("A refused sheet changes nothing; correct it "
                                                 "and import it again.\n\n%s"), problems->str);

      g_signal_emit (self, signals[SIGNAL_ERROR], 0, heading, body);
    }
  return imported;
}

static void
chooser_response_cb (AdmiraltyCampaignOrders  *self,
                     int                   response,
                     GtkFileChooserNative *chooser)
{
  g_autoptr(GListModel) files = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    files = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (chooser));
  g_clear_object (&self->chooser);
  if (files != NULL)
    admiralty_campaign_orders_import_files (self, files);
}

void
admiralty_campaign_orders_set_scenarios_folder (AdmiraltyCampaignOrders *self,
                                                const char              *folder)
{
  g_return_if_fail (ADMIRALTY_IS_CAMPAIGN_ORDERS (self));

  g_free (self->scenarios_folder);
  self->scenarios_folder = g_strdup (folder);
}

GFile *
admiralty_campaign_orders_get_import_folder (AdmiraltyCampaignOrders *self)
{
  const char *scenarios = self->scenarios_folder;
  g_autofree char *name = NULL;
  g_autofree char *samples = NULL;
  AdmScenario *scenario;

  g_return_val_if_fail (ADMIRALTY_IS_CAMPAIGN_ORDERS (self), NULL);

  if (self->import_folder != NULL)
    return g_object_ref (self->import_folder);
  if (self->campaign == NULL)
    return NULL;
  /* The sample sheets bundled with the campaign's scenario: scenarios/ID.sheets. */
  scenario = adm_campaign_get_scenario (self->campaign);
  if (scenario == NULL || scenarios == NULL)
    return NULL;
  name = g_strconcat (adm_scenario_get_id (scenario), ".sheets", NULL);
  samples = g_build_filename (scenarios, name, NULL);
  return g_file_test (samples, G_FILE_TEST_IS_DIR) ? g_file_new_for_path (samples) : NULL;
}

void
admiralty_campaign_orders_choose_sheets (AdmiraltyCampaignOrders *self)
{
  g_autoptr(GFile) folder = NULL;

  g_return_if_fail (ADMIRALTY_IS_CAMPAIGN_ORDERS (self));

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  folder = admiralty_campaign_orders_get_import_folder (self);
  self->chooser = admiralty_sheets_chooser_new (GTK_WIDGET (self), _("Import Order Sheets"),
                                                _("Order sheets"), folder);
  g_signal_connect_object (self->chooser, "response", G_CALLBACK (chooser_response_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

/* Opening an engagement's battle (F-STRAT-4): it is fought inside the campaign, kept in its
 * file (adm_campaign_store_battle ()). */

static AdmQueuedEngagement *
find_engagement (AdmiraltyCampaignOrders *self,
                 guint                cycle,
                 guint                index)
{
  g_autoptr(GPtrArray) engagements = adm_campaign_get_engagements (self->campaign, cycle);

  return index < engagements->len ? g_ptr_array_steal_index (engagements, index) : NULL;
}

static void
engagement_open_cb (AdmiraltyCampaignOrders       *self,
                    GHashTable                *overrides,
                    AdmiraltyEngagementDialog *dialog)
{
  const char *id = admiralty_engagement_dialog_get_engagement_id (dialog);

  if (self->campaign == NULL || id == NULL)
    return;
  g_signal_emit (self, signals[SIGNAL_OPEN_BATTLE], 0, id, overrides);
}

static void
present_engagement_dialog (AdmiraltyCampaignOrders   *self,
                           AdmiraltyEngagementDialog *dialog)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  if (GTK_IS_WINDOW (root))
    gtk_window_set_transient_for (GTK_WINDOW (dialog), GTK_WINDOW (root));
  g_set_weak_pointer (&self->engagement_dialog, GTK_WIDGET (dialog));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The placements of @engagement, handed to a table not begun yet, as the campaign holds them
 * (the table master's, once journaled), followed as they change. */
static GtkWidget *
open_placements_read_only (AdmiraltyCampaignOrders   *self,
                           const AdmQueuedEngagement *engagement)
{
  AdmiraltyEngagementDialog *dialog;
  g_autofree char *why = NULL;

  if (self->engagement_dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (self->engagement_dialog));
  dialog = admiralty_engagement_dialog_new (adm_campaign_get_state (self->campaign),
                                            &engagement->engagement);
  admiralty_engagement_dialog_set_campaign (dialog, self->campaign, engagement->id);
  /* Translators: the placements of an engagement sent to a table, looked at by the chief:
   * "At the table “Table 2”: its master places the formations …" */
  why = g_strdup_printf (_("At the table “%s”: its master places the formations and rolls "
                           "the table again, each kept in this campaign’s journal, and the "
                           "table below is the one handed to him. Shown as they stand, "
                           "read-only; take the engagement back to place them yourself."),
                         engagement->table);
  admiralty_engagement_dialog_set_read_only (dialog, why);
  present_engagement_dialog (self, dialog);
  return GTK_WIDGET (dialog);
}

GtkWidget *
admiralty_campaign_orders_open_engagement (AdmiraltyCampaignOrders *self,
                                           guint                    index)
{
  g_autoptr(AdmQueuedEngagement) engagement = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *setup = NULL;
  AdmiraltyEngagementDialog *dialog;

  g_return_val_if_fail (ADMIRALTY_IS_CAMPAIGN_ORDERS (self), NULL);

  if (self->campaign == NULL || board_cycle (self) < 2)
    return NULL;
  engagement = find_engagement (self, board_cycle (self) - 1, index);
  if (engagement == NULL)
    return NULL;

  /* F-STRAT-4: at another master's table, the table is the battle's one writer: its
   * placements are looked at here, never changed. */
  if (engagement->status == ADM_ENGAGEMENT_NOT_FOUGHT && engagement->table != NULL)
    return open_placements_read_only (self, engagement);
  /* A battle already under way (or ended, to look at) is opened again, never set up anew. */
  if (adm_campaign_get_battle (self->campaign, engagement->id, NULL, NULL) != NULL)
    {
      g_signal_emit (self, signals[SIGNAL_OPEN_BATTLE], 0, engagement->id, NULL);
      return NULL;
    }
  /* Waiting, dropped or ended without a battle: say why rather than set anything up. */
  setup = adm_campaign_engagement_setup (self->campaign, engagement, NULL, &error);
  if (setup == NULL)
    {
      g_signal_emit (self, signals[SIGNAL_ERROR], 0, _("Could Not Set Up the Battle"),
                     error->message);
      return NULL;
    }

  if (self->engagement_dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (self->engagement_dialog));
  dialog = admiralty_engagement_dialog_new (adm_campaign_get_state (self->campaign),
                                            &engagement->engagement);
  admiralty_engagement_dialog_set_campaign (dialog, self->campaign, engagement->id);
  g_signal_connect_object (dialog, "open", G_CALLBACK (engagement_open_cb), self,
                           G_CONNECT_SWAPPED);
  present_engagement_dialog (self, dialog);
  return GTK_WIDGET (dialog);
}

GtkWidget *
admiralty_campaign_orders_get_engagement_dialog (AdmiraltyCampaignOrders *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_CAMPAIGN_ORDERS (self), NULL);

  return self->engagement_dialog;
}

static void
open_engagement_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  admiralty_campaign_orders_open_engagement (ADMIRALTY_CAMPAIGN_ORDERS (widget),
                                             g_variant_get_uint32 (parameter));
}

/* Several masters, one campaign: the chief hands an engagement to a table and takes it back,
 * each one undoable action of the campaign's journal (adm_campaign_assign_table ()). */

gboolean
admiralty_campaign_orders_send_to_table (AdmiraltyCampaignOrders  *self,
                                         guint                     index,
                                         const char               *table,
                                         GError                  **error)
{
  return admiralty_campaign_orders_send_to_table_full (self, index, table, FALSE, error);
}

gboolean
admiralty_campaign_orders_send_to_table_full (AdmiraltyCampaignOrders  *self,
                                              guint                     index,
                                              const char               *table,
                                              gboolean                  typed_dice,
                                              GError                  **error)
{
  g_autoptr(AdmQueuedEngagement) engagement = NULL;

  g_return_val_if_fail (ADMIRALTY_IS_CAMPAIGN_ORDERS (self), FALSE);
  g_return_val_if_fail (table != NULL, FALSE);

  if (self->campaign == NULL || board_cycle (self) < 2 ||
      (engagement = find_engagement (self, board_cycle (self) - 1, index)) == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                           _("There is no such engagement in the queue"));
      return FALSE;
    }
  return adm_campaign_assign_table_full (self->campaign, engagement->id, table, typed_dice,
                                         adm_clock_now (), NULL, error);
}

gboolean
admiralty_campaign_orders_take_back (AdmiraltyCampaignOrders  *self,
                                     guint                     index,
                                     const char               *reason,
                                     GError                  **error)
{
  g_autoptr(AdmQueuedEngagement) engagement = NULL;

  g_return_val_if_fail (ADMIRALTY_IS_CAMPAIGN_ORDERS (self), FALSE);

  if (self->campaign == NULL || board_cycle (self) < 2 ||
      (engagement = find_engagement (self, board_cycle (self) - 1, index)) == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                           _("There is no such engagement in the queue"));
      return FALSE;
    }
  return adm_campaign_take_back_table (self->campaign, engagement->id, reason,
                                       adm_clock_now (), error);
}

static void
send_response_cb (AdwMessageDialog    *dialog,
                  const char          *response,
                  AdmiraltyCampaignOrders *self)
{
  GtkDropDown *tables = self->asked_tables;
  GtkSwitch *typed = self->asked_typed;
  guint index = self->asked_index;
  g_autofree char *table = NULL;
  g_autoptr(GError) error = NULL;

  if (!g_str_equal (response, "send") || tables == NULL || typed == NULL)
    return;
  table = adm_table_server_table_name (gtk_drop_down_get_selected (tables) + 1);
  if (!admiralty_campaign_orders_send_to_table_full (self, index, table,
                                                     gtk_switch_get_active (typed), &error))
    g_signal_emit (self, signals[SIGNAL_ERROR], 0, _("The engagement could not be sent"),
                   error->message);
}

/* board.send-to-table (u: the engagement's place in the queue): which table? */
static void
send_to_table_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  AdmiraltyCampaignOrders *self = ADMIRALTY_CAMPAIGN_ORDERS (widget);
  guint index = g_variant_get_uint32 (parameter);
  g_autoptr(AdmQueuedEngagement) engagement = NULL;
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  g_autofree char *heading = NULL;
  GtkWidget *dialog, *tables, *box, *list, *row, *typed;

  if (self->campaign == NULL || board_cycle (self) < 2 ||
      (engagement = find_engagement (self, board_cycle (self) - 1, index)) == NULL)
    return;
  if (self->n_tables == 0)
    {
      g_signal_emit (self, signals[SIGNAL_ERROR], 0, _("No Tables"),
                     _("Turn tables on in “Tables…” first: each table master joins with his "
                       "table’s link"));
      return;
    }
  for (guint i = 1; i <= self->n_tables; i++)
    {
      g_autofree char *name = adm_table_server_table_name (i);

      gtk_string_list_append (names, name);
    }
  /* Translators: the heading of the dialog sending an engagement to a table, "Send c1-3 to a
   * Table?" */
  heading = g_strdup_printf (_("Send %s to a Table?"), engagement->id);
  dialog = board_dialog_new (self, heading,
                             _("Its master fights the battle on his own computer; each entry "
                               "appears here as he records it. You may take it back while he "
                               "has not played it, or later with a reason."),
                             "send", _("_Send"), ADW_RESPONSE_SUGGESTED,
                             G_CALLBACK (send_response_cb));
  tables = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&names)), NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (tables), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Table"), -1);
  /* The hand-off's dice policy: the program's dice only unless the chief lets the table
   * type real dice in (docs/dice.md). */
  typed = gtk_switch_new ();
  gtk_widget_set_valign (typed, GTK_ALIGN_CENTER);
  row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("_Typed Dice"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row),
                               _("Off: the table rolls the program’s dice, which you commit "
                                 "to, and a roll typed in there is refused. On: its master may "
                                 "type real dice in, each shown as typed at that table."));
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), typed);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), typed);
  list = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  gtk_list_box_append (GTK_LIST_BOX (list), row);
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  gtk_box_append (GTK_BOX (box), tables);
  gtk_box_append (GTK_BOX (box), list);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), box);
  g_set_weak_pointer (&self->asked_tables, GTK_DROP_DOWN (tables));
  g_set_weak_pointer (&self->asked_typed, GTK_SWITCH (typed));
  self->asked_index = index;
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
take_back_response_cb (AdwMessageDialog    *dialog,
                       const char          *response,
                       AdmiraltyCampaignOrders *self)
{
  GtkEditable *entry = GTK_EDITABLE (adw_message_dialog_get_extra_child (dialog));
  guint index = self->asked_index;
  g_autofree char *reason = g_strstrip (g_strdup (gtk_editable_get_text (entry)));
  g_autoptr(GError) error = NULL;

  if (!g_str_equal (response, "take-back"))
    return;
  if (!admiralty_campaign_orders_take_back (self, index, reason, &error))
    g_signal_emit (self, signals[SIGNAL_ERROR], 0, _("The engagement could not be taken back"),
                   error->message);
}

/* board.take-back (u): why? The table master is told the reason, and what he sends later is
 * refused with it. */
static void
take_back_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  AdmiraltyCampaignOrders *self = ADMIRALTY_CAMPAIGN_ORDERS (widget);
  guint index = g_variant_get_uint32 (parameter);
  g_autoptr(AdmQueuedEngagement) engagement = NULL;
  g_autofree char *heading = NULL, *body = NULL;
  GtkWidget *dialog, *entry;

  if (self->campaign == NULL || board_cycle (self) < 2 ||
      (engagement = find_engagement (self, board_cycle (self) - 1, index)) == NULL ||
      engagement->table == NULL)
    return;
  /* Translators: the heading of the dialog taking an engagement back, "Take c1-3 Back?" */
  heading = g_strdup_printf (_("Take %s Back?"), engagement->id);
  /* Translators: the body of that dialog, %s the table: "Table 2" */
  body = g_strdup_printf (_("The battle becomes yours to fight again. “%s” is told the reason, "
                            "and whatever it sends later is refused; what it played stays on "
                            "its computer."), engagement->table);
  dialog = board_dialog_new (self, heading, body, "take-back", _("_Take Back"),
                             ADW_RESPONSE_DESTRUCTIVE, G_CALLBACK (take_back_response_cb));
  entry = board_dialog_add_reason (dialog, _("Reason, such as “the table’s laptop broke "
                                             "down”"));
  self->asked_index = index;
  gtk_window_present (GTK_WINDOW (dialog));
  gtk_widget_grab_focus (entry);
}

void
admiralty_campaign_orders_set_n_tables (AdmiraltyCampaignOrders *self,
                                        guint                    n_tables)
{
  g_return_if_fail (ADMIRALTY_IS_CAMPAIGN_ORDERS (self));

  if (self->n_tables == n_tables)
    return;
  self->n_tables = n_tables;
  board_update (self);
}

guint
admiralty_campaign_orders_get_n_tables (AdmiraltyCampaignOrders *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_CAMPAIGN_ORDERS (self), 0);
  return self->n_tables;
}

/* Resolving the cycle */

/* F-STRAT-1, F-STRAT-2, F-STRAT-3, F-STRAT-4, F-STRAT-5: one "cycle" event resolves it, with the
 * readiness checks of the absent admirals' engaged formations rolled by @source (the campaign's
 * dice when NULL), all or nothing. */
static gboolean
resolve_with (AdmiraltyCampaignOrders  *self,
              AdmDiceSource        *source,
              GError              **error)
{
  g_autoptr(GPtrArray) engagements = NULL;
  g_autofree char *toast = NULL;
  guint cycle;

  cycle = board_cycle (self);
  /* The engagements not fought yet are each fought first or dropped with the master's reason:
   * the engine refuses the cycle otherwise. */
  if (!adm_campaign_resolve_cycle_dropping (self->campaign, source,
                                            g_get_real_time () / G_USEC_PER_SEC, self->drops,
                                            error))
    return FALSE;
  g_clear_pointer (&self->drops, g_hash_table_unref);

  /* The next cycle starts now: the clock counts down to its session. */
  gtk_widget_activate_action (GTK_WIDGET (self), "win.clock-next-cycle", NULL);
  /* The queue the board lists, late arrivals' fights among them (ruling "late-arrivals"),
   * so that the toast and the list agree. */
  engagements = adm_campaign_get_engagements (self->campaign, cycle);
  /* Translators: "Cycle 1 resolved: 2 engagements" */
  toast = g_strdup_printf (ngettext ("Cycle %u resolved: %u engagement",
                                     "Cycle %u resolved: %u engagements", engagements->len),
                           cycle, engagements->len);
  g_signal_emit (self, signals[SIGNAL_TOAST], 0, toast);
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (
                              self->scroller)), 0);
  return TRUE;
}

static void try_physical (AdmiraltyCampaignOrders *self);

/* Cancelled (Escape too): nothing was journaled, but the dice typed so far are kept;
 * resolving again goes on from the next roll, as long as the cycle, its journal and the
 * engagements dropped are the same. */
static void
typed_cancelled_cb (AdmiraltyCampaignOrders *self)
{
  g_clear_pointer (&self->drops, g_hash_table_unref);
}

static void
typed_entered_cb (AdmiraltyCampaignOrders *self,
                  GArray                  *values)
{
  if (self->campaign == NULL)
    return;
  admiralty_typed_dice_append (self->typed, (const guint *) values->data, values->len);
  try_physical (self);
}

/* Resolves the cycle with every value typed so far; the engine journals nothing unless the
 * whole cycle resolves, so when the values run out it asks for the next roll and tries again
 * from the start, taking the same path. */
static void
try_physical (AdmiraltyCampaignOrders *self)
{
  g_autoptr(AdmDiceQueue) queue = admiralty_typed_dice_new_queue (self->typed);
  g_autoptr(GError) error = NULL;
  const AdmDiceRequest *unmet;

  g_clear_object (&self->asking);
  self->asking = admiralty_asking_dice_new (queue);

  if (resolve_with (self, ADM_DICE_SOURCE (self->asking), &error))
    {
      admiralty_typed_dice_forget (self->typed);
      return;
    }
  unmet = admiralty_asking_dice_get_unmet (self->asking);
  if (unmet == NULL)
    {
      admiralty_typed_dice_forget (self->typed);
      g_clear_pointer (&self->drops, g_hash_table_unref);
      g_signal_emit (self, signals[SIGNAL_ERROR], 0, _("Could Not Resolve the Cycle"),
                     error->message);
      return;
    }
  admiralty_typed_dice_ask (self->typed, GTK_WIDGET (self), &unmet, 1, FALSE);
}

/* F-STRAT-5: the readiness checks of the absent admirals' formations asked for in one prompt,
 * a line a formation, typed in one go as a volley is; the cycle is then resolved with them
 * (try_physical (), which asks for any roll still missing one by one). */
static void
ask_checks (AdmiraltyCampaignOrders *self)
{
  g_autoptr(GPtrArray) checks = NULL;
  g_autoptr(GError) error = NULL;

  checks = adm_campaign_cycle_checks (self->campaign, g_get_real_time () / G_USEC_PER_SEC,
                                      &error);
  if (checks == NULL || checks->len < 2)
    {
      try_physical (self);
      return;
    }
  admiralty_typed_dice_ask (self->typed, GTK_WIDGET (self),
                            (const AdmDiceRequest * const *) checks->pdata, checks->len, FALSE);
}

/* What the values typed for the cycle depend on: the cycle, its journal and whether the
 * engagements not fought are dropped with it (all of them, or none). The engine asks for the
 * same dice in the same order while these stay. */
static char *
cycle_dice_key (AdmiraltyCampaignOrders *self)
{
  return g_strdup_printf ("%u:%u:%u", board_cycle (self),
                          adm_campaign_get_events (self->campaign)->len,
                          self->drops != NULL ? g_hash_table_size (self->drops) : 0);
}

void
admiralty_campaign_orders_resolve_with_dice (AdmiraltyCampaignOrders *self,
                                             gboolean                 physical)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (ADMIRALTY_IS_CAMPAIGN_ORDERS (self));
  g_return_if_fail (self->campaign != NULL);

  /* A roll already asked for: the cycle is being resolved. */
  if (admiralty_typed_dice_present (self->typed))
    return;
  if (physical)
    {
      g_autofree char *key = cycle_dice_key (self);

      /* Values typed before a Cancel for this very cycle go on from the next roll. */
      if (admiralty_typed_dice_resume (self->typed, key) &&
          admiralty_typed_dice_get_values (self->typed)->len > 0)
        try_physical (self);
      else
        ask_checks (self);
      return;
    }
  if (!resolve_with (self, NULL, &error))
    {
      g_clear_pointer (&self->drops, g_hash_table_unref);
      g_signal_emit (self, signals[SIGNAL_ERROR], 0, _("Could Not Resolve the Cycle"),
                     error->message);
    }
}

GtkWidget *
admiralty_campaign_orders_get_dice_prompt (AdmiraltyCampaignOrders *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_CAMPAIGN_ORDERS (self), NULL);

  return admiralty_typed_dice_get_prompt (self->typed);
}

/* "Fight First": the first engagement not fought that the board lists and that can be opened
 * now (one that waits cannot), opened as its row's button would. */
static void
fight_first (AdmiraltyCampaignOrders *self)
{
  g_autoptr(GPtrArray) unfought = adm_campaign_get_unfought (self->campaign);
  guint shown = board_cycle (self) - 1;

  for (guint i = 0; i < unfought->len; i++)
    {
      AdmQueuedEngagement *engagement = g_ptr_array_index (unfought, i);

      if (engagement->engagement.cycle != shown || engagement->status == ADM_ENGAGEMENT_WAITING)
        continue;
      admiralty_campaign_orders_open_engagement (self, engagement->number - 1);
      return;
    }
  g_signal_emit (self, signals[SIGNAL_TOAST], 0,
                 _("Fight the engagements not fought yet, then resolve the cycle"));
}

static char *
drop_reason (AdwMessageDialog *dialog)
{
  GtkWidget *entry = adw_message_dialog_get_extra_child (dialog);

  if (!GTK_IS_EDITABLE (entry))
    return NULL;
  return g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (entry))));
}

static void
drop_reason_changed_cb (AdwMessageDialog *dialog)
{
  g_autofree char *reason = drop_reason (dialog);

  adw_message_dialog_set_response_enabled (dialog, "drop", reason != NULL && *reason != '\0');
}

static void
resolve_response_cb (AdmiraltyCampaignOrders *self,
                     const char          *response,
                     AdwMessageDialog    *dialog)
{
  g_autoptr(GSettings) settings = NULL;
  g_autofree char *mode = NULL;

  if (self->campaign == NULL)
    return;
  if (g_strcmp0 (response, "fight") == 0)
    {
      fight_first (self);
      return;
    }
  if (g_strcmp0 (response, "drop") == 0)
    {
      g_autoptr(GPtrArray) unfought = adm_campaign_get_unfought (self->campaign);
      g_autofree char *reason = drop_reason (dialog);

      if (reason == NULL || *reason == '\0')
        return;
      g_clear_pointer (&self->drops, g_hash_table_unref);
      self->drops = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      for (guint i = 0; i < unfought->len; i++)
        g_hash_table_insert (self->drops,
                             g_strdup (((AdmQueuedEngagement *) g_ptr_array_index (unfought,
                                                                                   i))->id),
                             g_strdup (reason));
    }
  else if (g_strcmp0 (response, "resolve") != 0)
    return;
  /* The dice the master chose: the program's, or real ones typed in. */
  settings = g_settings_new (APP_ID);
  mode = g_settings_get_string (settings, "dice-mode");
  admiralty_campaign_orders_resolve_with_dice (self, g_strcmp0 (mode, "physical") == 0);
}

/* What the confirmation adds for the portal: that every sheet from a phone is final (the
 * cycle resolved early), and the sheets still waiting for Accept or Refuse, which the cycle
 * leaves out unless accepted first. */
static char *
portal_resolve_note (AdmiraltyCampaignOrders *self,
                     GPtrArray           *admirals,
                     const char          *body)
{
  g_autoptr(GString) pending = g_string_new (NULL);
  guint n_pending = 0;
  GString *out = g_string_new (NULL);

  if (self->early)
    {
      g_string_append (out, _("Every sheet handed in on a phone is marked final."));
      g_string_append (out, "\n\n");
    }
  g_string_append (out, body);
  for (guint i = 0; i < admirals->len; i++)
    {
      const AdmAdmiral *admiral = g_ptr_array_index (admirals, i);

      if (pending_portal_sheet (self, admiral) == NULL)
        continue;
      g_string_append_printf (pending, "\n• %s", admiral->name);
      n_pending++;
    }
  if (n_pending > 0)
    g_string_append_printf (out, ngettext ("\n\nThis sheet waits in the portal and is left out "
                                           "of the cycle unless accepted first:%s",
                                           "\n\nThese sheets wait in the portal and are left "
                                           "out of the cycle unless accepted first:%s",
                                           n_pending), pending->str);
  return g_string_free (out, FALSE);
}

/* What the confirmation adds for the sheet form: the sheets typed here and not handed in (a
 * form closed or the program killed while typing), which the cycle leaves out. */
static char *
drafts_resolve_note (AdmiraltyCampaignOrders *self,
                     GPtrArray           *admirals,
                     const char          *body)
{
  g_autoptr(GString) drafts = g_string_new (NULL);
  guint n_drafts = 0;
  GString *out = g_string_new (body);

  for (guint i = 0; i < admirals->len; i++)
    {
      const AdmAdmiral *admiral = g_ptr_array_index (admirals, i);

      if (!admiral_has_draft (self, admiral, board_cycle (self)))
        continue;
      g_string_append_printf (drafts, "\n• %s", admiral->name);
      n_drafts++;
    }
  if (n_drafts > 0)
    g_string_append_printf (out, ngettext ("\n\nThis sheet was typed here and not handed in; "
                                           "the cycle leaves it out unless it is handed in "
                                           "first:%s",
                                           "\n\nThese sheets were typed here and not handed "
                                           "in; the cycle leaves them out unless they are "
                                           "handed in first:%s",
                                           n_drafts), drafts->str);
  return g_string_free (out, FALSE);
}

void
admiralty_campaign_orders_confirm_resolve (AdmiraltyCampaignOrders *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GPtrArray *admirals;
  g_autoptr(GString) absent = g_string_new (NULL);
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;
  g_autoptr(GPtrArray) unfought = NULL;
  GtkWidget *dialog;
  guint n_absent = 0;

  g_return_if_fail (ADMIRALTY_IS_CAMPAIGN_ORDERS (self));

  if (self->campaign == NULL)
    return;
  unfought = adm_campaign_get_unfought (self->campaign);
  if (self->resolve_dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (self->resolve_dialog));
  board_ensure_current (self);

  admirals = adm_campaign_get_admirals (self->campaign);
  for (guint i = 0; i < admirals->len; i++)
    {
      const AdmAdmiral *admiral = g_ptr_array_index (admirals, i);

      if (g_hash_table_contains (self->handed_in, admiral->id))
        continue;
      g_string_append_printf (absent, "\n• %s", admiral->name);
      n_absent++;
    }

  if (self->early)
    /* Translators: every sheet handed in on a phone is final, "Resolve Cycle 2 Early?" */
    heading = g_strdup_printf (_("Resolve Cycle %u Early?"), board_cycle (self));
  else
    /* Translators: "Resolve Cycle 2?" */
    heading = g_strdup_printf (_("Resolve Cycle %u?"), board_cycle (self));
  if (n_absent == 0)
    body = g_strdup (_("Every admiral has handed in his sheet. The formations move over the "
                       "cycle, and engagements open where enemies meet."));
  else
    /* F-STRAT-5: no sheet, the standing orders go on. */
    body = g_strdup_printf (ngettext ("No sheet from this admiral: his formations keep their "
                                      "standing orders (F-STRAT-5).\n%s",
                                      "No sheet from these admirals: their formations keep "
                                      "their standing orders (F-STRAT-5).\n%s", n_absent),
                            absent->str);
  {
    char *with_portal = portal_resolve_note (self, admirals, body);

    g_free (body);
    body = with_portal;
  }
  {
    char *with_drafts = drafts_resolve_note (self, admirals, body);

    g_free (body);
    body = with_drafts;
  }
  if (unfought->len > 0)
    {
      /* F-STRAT-4: the engagements the cycle would leave behind; each is fought first, or
       * dropped with the master's reason, journaled with the cycle. */
      g_autoptr(GString) list = g_string_new (NULL);
      char *with_list;

      for (guint i = 0; i < unfought->len; i++)
        {
          const AdmQueuedEngagement *engagement = g_ptr_array_index (unfought, i);
          g_autofree char *place = adm_engagement_place_name (&engagement->engagement);
          g_autofree char *status = adm_queued_engagement_describe_status (engagement);

          /* Translators: an engagement not fought yet: "c1-3 · Pol orbit, minute 20 — Not
           * fought" */
          g_string_append_printf (list, _("\n• %s · %s, minute %.0f — %s"), engagement->id,
                                  place, engagement->engagement.minute, status);
        }
      with_list = g_strdup_printf (ngettext ("%s\n\nThis engagement is not fought yet:%s\n"
                                             "Fight it first, or drop it: say why, for the "
                                             "journal and the reports.",
                                             "%s\n\nThese engagements are not fought yet:%s\n"
                                             "Fight them first, or drop them: say why, for the "
                                             "journal and the reports.", unfought->len),
                                   body, list->str);
      g_free (body);
      body = with_list;
    }
  dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, heading,
                                   body);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"));
  if (unfought->len == 0)
    {
      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "resolve", _("_Resolve"));
      adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "resolve",
                                                  ADW_RESPONSE_SUGGESTED);
      adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "resolve");
    }
  else
    {
      GtkWidget *reason = gtk_entry_new ();

      gtk_entry_set_placeholder_text (GTK_ENTRY (reason), _("Why they are not fought"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (reason),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("Reason for dropping the engagements not fought"), -1);
      adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), reason);
      adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                        "drop", _("_Drop and Resolve"),
                                        "fight", _("_Fight First"),
                                        NULL);
      adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "drop",
                                                  ADW_RESPONSE_DESTRUCTIVE);
      adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "fight",
                                                  ADW_RESPONSE_SUGGESTED);
      adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (dialog), "drop", FALSE);
      adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "fight");
      g_signal_connect_object (reason, "changed", G_CALLBACK (drop_reason_changed_cb), dialog,
                               G_CONNECT_SWAPPED);
    }
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (resolve_response_cb), self,
                           G_CONNECT_SWAPPED);
  g_set_weak_pointer (&self->resolve_dialog, dialog);
  gtk_window_present (GTK_WINDOW (dialog));
}

GtkWidget *
admiralty_campaign_orders_get_resolve_dialog (AdmiraltyCampaignOrders *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_CAMPAIGN_ORDERS (self), NULL);

  return self->resolve_dialog;
}

const char *
admiralty_campaign_orders_get_status (AdmiraltyCampaignOrders *self,
                                      const char              *admiral_id)
{
  g_return_val_if_fail (ADMIRALTY_IS_CAMPAIGN_ORDERS (self), NULL);

  board_ensure_current (self);

  return g_hash_table_lookup (self->statuses, admiral_id);
}

guint
admiralty_campaign_orders_get_n_orders (AdmiraltyCampaignOrders *self,
                                        const char              *admiral_id)
{
  g_return_val_if_fail (ADMIRALTY_IS_CAMPAIGN_ORDERS (self), 0);

  board_ensure_current (self);

  return GPOINTER_TO_UINT (g_hash_table_lookup (self->counts, admiral_id));
}

char *
admiralty_campaign_orders_get_engagements_text (AdmiraltyCampaignOrders *self)
{
  g_autoptr(GString) text = g_string_new (NULL);

  g_return_val_if_fail (ADMIRALTY_IS_CAMPAIGN_ORDERS (self), NULL);

  board_ensure_current (self);
  if (!gtk_widget_get_visible (self->engagements_group))
    return g_strdup ("");
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->engagements_list));
       row != NULL; row = gtk_widget_get_next_sibling (row))
    {
      const char *subtitle = ADW_IS_ACTION_ROW (row)
                             ? adw_action_row_get_subtitle (ADW_ACTION_ROW (row)) : NULL;

      g_string_append_printf (text, "%s%s%s\n",
                              adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)),
                              subtitle != NULL && subtitle[0] != '\0' ? ": " : "",
                              subtitle != NULL ? subtitle : "");
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

const char *
admiralty_campaign_orders_get_summary (AdmiraltyCampaignOrders *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_CAMPAIGN_ORDERS (self), NULL);

  board_ensure_current (self);

  return gtk_widget_get_visible (self->summary_group) ? gtk_label_get_label (self->summary_label)
                                                      : NULL;
}

char *
admiralty_campaign_orders_get_portal_orders (AdmiraltyCampaignOrders *self,
                                             const char              *admiral_id)
{
  g_return_val_if_fail (ADMIRALTY_IS_CAMPAIGN_ORDERS (self), NULL);

  board_ensure_current (self);

  return g_strdup (g_hash_table_lookup (self->verdicts, admiral_id));
}

gboolean
admiralty_campaign_orders_get_final (AdmiraltyCampaignOrders *self,
                                     const char              *admiral_id)
{
  g_return_val_if_fail (ADMIRALTY_IS_CAMPAIGN_ORDERS (self), FALSE);

  board_ensure_current (self);

  return g_hash_table_contains (self->finals, admiral_id);
}

const char *
admiralty_campaign_orders_get_finals_text (AdmiraltyCampaignOrders *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_CAMPAIGN_ORDERS (self), NULL);

  board_ensure_current (self);

  return gtk_widget_get_visible (self->final_box) ? gtk_label_get_label (self->final_label)
                                                  : NULL;
}

gboolean
admiralty_campaign_orders_get_early (AdmiraltyCampaignOrders *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_CAMPAIGN_ORDERS (self), FALSE);

  board_ensure_current (self);

  return self->early && gtk_widget_get_visible (self->early_button);
}

AdmPortal *
admiralty_campaign_orders_get_portal (AdmiraltyCampaignOrders *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_CAMPAIGN_ORDERS (self), NULL);

  return self->portal;
}

static void
admiralty_campaign_orders_dispose (GObject *object)
{
  AdmiraltyCampaignOrders *self = ADMIRALTY_CAMPAIGN_ORDERS (object);

  if (self->sheet_form != NULL)
    gtk_window_destroy (GTK_WINDOW (self->sheet_form));
  g_clear_weak_pointer (&self->sheet_form);
  if (self->resolve_dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (self->resolve_dialog));
  g_clear_weak_pointer (&self->resolve_dialog);
  if (self->engagement_dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (self->engagement_dialog));
  g_clear_weak_pointer (&self->engagement_dialog);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  g_signal_group_set_target (self->campaign_signals, NULL);
  g_clear_object (&self->campaign);
  g_clear_object (&self->clock);
  g_signal_group_set_target (self->portal_signals, NULL);
  g_clear_object (&self->portal);
  g_clear_pointer (&self->statuses, g_hash_table_unref);
  g_clear_pointer (&self->counts, g_hash_table_unref);
  g_clear_pointer (&self->handed_in, g_hash_table_unref);
  g_clear_pointer (&self->verdicts, g_hash_table_unref);
  g_clear_pointer (&self->finals, g_hash_table_unref);
  if (self->typed != NULL)
    admiralty_typed_dice_close (self->typed);
  g_clear_object (&self->typed);
  g_clear_object (&self->asking);
  g_clear_pointer (&self->drops, g_hash_table_unref);
  g_clear_pointer (&self->asked_admiral, g_free);
  g_clear_weak_pointer (&self->asked_tables);
  g_clear_weak_pointer (&self->asked_typed);

  gtk_widget_dispose_template (GTK_WIDGET (self), ADMIRALTY_TYPE_CAMPAIGN_ORDERS);

  G_OBJECT_CLASS (admiralty_campaign_orders_parent_class)->dispose (object);
}

static void
admiralty_campaign_orders_finalize (GObject *object)
{
  AdmiraltyCampaignOrders *self = ADMIRALTY_CAMPAIGN_ORDERS (object);

  g_clear_object (&self->campaign_signals);
  g_clear_object (&self->portal_signals);
  g_clear_object (&self->import_folder);
  g_free (self->scenarios_folder);
  g_free (self->sheet_admiral);

  G_OBJECT_CLASS (admiralty_campaign_orders_parent_class)->finalize (object);
}

static void
admiralty_campaign_orders_class_init (AdmiraltyCampaignOrdersClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = admiralty_campaign_orders_dispose;
  object_class->finalize = admiralty_campaign_orders_finalize;
  widget_class->map = admiralty_campaign_orders_map;

  signals[SIGNAL_TOAST] =
    g_signal_new ("toast", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[SIGNAL_ERROR] =
    g_signal_new ("error", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);
  signals[SIGNAL_OPEN_BATTLE] =
    g_signal_new ("open-battle", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_HASH_TABLE);
  gtk_widget_class_install_action (widget_class, "board.open-engagement", "u",
                                   open_engagement_action);
  gtk_widget_class_install_action (widget_class, "board.send-to-table", "u",
                                   send_to_table_action);
  gtk_widget_class_install_action (widget_class, "board.take-back", "u", take_back_action);
  gtk_widget_class_install_action (widget_class, "board.open-sheet", "s", open_sheet_action);
  gtk_widget_class_install_action (widget_class, "board.accept-sheet", "s",
                                   accept_sheet_action);
  gtk_widget_class_install_action (widget_class, "board.refuse-sheet", "s",
                                   refuse_sheet_action);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/admiralty/Admiralty/admiralty-campaign-orders.ui");
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyCampaignOrders, scroller);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyCampaignOrders, title_label);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyCampaignOrders, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyCampaignOrders, resolve_button);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyCampaignOrders, final_box);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyCampaignOrders, final_icon);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyCampaignOrders, final_label);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyCampaignOrders, early_button);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyCampaignOrders, admirals_list);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyCampaignOrders, engagements_group);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyCampaignOrders, engagements_list);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyCampaignOrders, summary_group);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyCampaignOrders, summary_label);
}

static void
admiralty_campaign_orders_init (AdmiraltyCampaignOrders *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->statuses = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->counts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->handed_in = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->verdicts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->finals = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->typed = admiralty_typed_dice_new (_("The cycle was not resolved"));
  admiralty_typed_dice_forward (self->typed, self);
  g_signal_connect_object (self->typed, "entered", G_CALLBACK (typed_entered_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->typed, "cancelled", G_CALLBACK (typed_cancelled_cb), self,
                           G_CONNECT_SWAPPED);
  self->campaign_signals = g_signal_group_new (ADM_TYPE_CAMPAIGN);
  g_signal_group_connect_object (self->campaign_signals, "changed",
                                 G_CALLBACK (campaign_changed_cb), self, G_CONNECT_SWAPPED);
  self->portal_signals = g_signal_group_new (ADM_TYPE_PORTAL);
  g_signal_group_connect_swapped (self->portal_signals, "sheet-received",
                                  G_CALLBACK (board_update), self);
  g_signal_group_connect_swapped (self->portal_signals, "sheet-changed",
                                  G_CALLBACK (board_update), self);
  g_signal_group_connect_swapped (self->portal_signals, "final-changed",
                                  G_CALLBACK (board_update), self);
  g_signal_group_connect_swapped (self->portal_signals, "present-changed",
                                  G_CALLBACK (board_update), self);
  gtk_widget_set_sensitive (GTK_WIDGET (self), FALSE);
}
