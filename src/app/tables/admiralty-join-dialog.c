/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-join-dialog.c: "Join a Table…" (admiralty-join-dialog.h). */

#include "config.h"

#include <glib/gi18n.h>

#include "adm-table-asking.h"
#include "adm-table-finder.h"
#include "adm-table-pairing.h"
#include "admiralty-engagement-dialog.h"
#include "admiralty-join-dialog.h"

struct _AdmiraltyJoinDialog
{
  AdwWindow       parent_instance;

  GtkEntry       *link_entry;
  GtkWidget      *engagements_group;
  GtkLabel       *status_label;
  GtkListBox     *engagements_list;
  GtkLabel       *finder_label;
  GtkWidget      *asking_box;
  GtkLabel       *asking_label;
  GtkLabel       *words_label;
  GtkListBox     *chiefs_list;

  AdmTableFinder *finder;       /* the chiefs advertising tables on the network */
  AdmTableAsking *asking;       /* asking one to let this table in, or NULL */
  AdmTableClient *client;
  GPtrArray      *listed;       /* AdmTableEngagement*, as the chief listed them */
  GCancellable   *cancellable;
  gboolean        busy;
  char           *opening;      /* the engagement whose battle is being fetched */
  GtkWidget      *placements;   /* the placements step shown, or NULL */
  gboolean        placed;       /* its Open Battle was pressed */
};

enum {
  SIGNAL_OPEN_BATTLE,
  SIGNAL_SET_UP_ANEW,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (AdmiraltyJoinDialog, admiralty_join_dialog, ADW_TYPE_WINDOW)

static void
set_status (AdmiraltyJoinDialog *self,
            const char          *text)
{
  gtk_label_set_text (self->status_label, text != NULL ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->status_label), text != NULL && *text != '\0');
}

static void
set_busy (AdmiraltyJoinDialog *self,
          gboolean             busy)
{
  self->busy = busy;
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "join.connect", !busy);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "join.open", !busy);
}

static char *
engagement_status (const AdmTableEngagement *engagement)
{
  if (engagement->ended || g_strcmp0 (engagement->status, "finished") == 0)
    return g_strdup (_("Ended"));
  if (g_strcmp0 (engagement->status, "in-progress") == 0)
    /* Translators: an engagement at this table: "In progress, turn 2" */
    return g_strdup_printf (_("In progress, turn %d"), engagement->turn);
  return g_strdup (_("Not fought"));
}

static void
show_listing (AdmiraltyJoinDialog *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->engagements_list))) != NULL)
    gtk_list_box_remove (self->engagements_list, child);
  for (guint i = 0; self->listed != NULL && i < self->listed->len; i++)
    {
      const AdmTableEngagement *engagement = g_ptr_array_index (self->listed, i);
      g_autofree char *title = NULL;
      g_autofree char *status = engagement_status (engagement);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *open = gtk_button_new_with_mnemonic (_("_Open Battle"));

      /* Translators: an engagement at this table: "c1-3 · Pol orbit" */
      title = g_strdup_printf (_("%s · %s"), engagement->id, engagement->place);
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), status);
      gtk_widget_set_valign (open, GTK_ALIGN_CENTER);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (open), "join.open");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (open), "s", engagement->id);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), open);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), open);
      gtk_list_box_append (self->engagements_list, row);
    }
  gtk_widget_set_visible (self->engagements_group, self->listed != NULL);
}

static void
list_ready_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      data)
{
  g_autoptr(AdmiraltyJoinDialog) self = data;
  g_autoptr(GError) error = NULL;
  GPtrArray *listed = adm_table_client_list_finish (ADM_TABLE_CLIENT (source), result, &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  set_busy (self, FALSE);
  g_clear_pointer (&self->listed, g_ptr_array_unref);
  self->listed = listed;
  if (listed == NULL)
    {
      set_status (self, error->message);
      gtk_widget_set_visible (self->engagements_group, TRUE);
      return;
    }
  /* The chief answered: the link is a table's, offered again next time. */
  {
    g_autoptr(GSettings) settings = g_settings_new (APP_ID);

    g_settings_set_string (settings, "table-link", adm_table_client_get_link (self->client));
  }
  if (listed->len == 0)
    {
      /* Translators: the join dialog, "Table 2 of The Komarr Campaign: no engagement…" */
      g_autofree char *text = g_strdup_printf (_("%s of %s: no engagement has been sent to this "
                                                 "table yet"),
                                               adm_table_client_get_table_name (self->client),
                                               adm_table_client_get_campaign_name (self->client));
      set_status (self, text);
    }
  else
    {
      /* Translators: the join dialog, "Table 2 of The Komarr Campaign" */
      g_autofree char *text = g_strdup_printf (_("%s of %s"),
                                               adm_table_client_get_table_name (self->client),
                                               adm_table_client_get_campaign_name (self->client));
      set_status (self, text);
    }
  show_listing (self);
}

void
admiralty_join_dialog_connect (AdmiraltyJoinDialog *self,
                               const char          *link)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = g_strstrip (g_strdup (link != NULL ? link
                                                             : gtk_editable_get_text (
                                                                 GTK_EDITABLE (self->link_entry))));

  g_return_if_fail (ADMIRALTY_IS_JOIN_DIALOG (self));

  if (link != NULL)
    gtk_editable_set_text (GTK_EDITABLE (self->link_entry), text);
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->client);
  g_clear_pointer (&self->listed, g_ptr_array_unref);
  show_listing (self);
  self->client = adm_table_client_new (text, &error);
  if (self->client == NULL)
    {
      set_status (self, error->message);
      gtk_widget_set_visible (self->engagements_group, TRUE);
      return;
    }
  self->cancellable = g_cancellable_new ();
  set_busy (self, TRUE);
  set_status (self, _("Asking the chief master…"));
  gtk_widget_set_visible (self->engagements_group, TRUE);
  adm_table_client_list_async (self->client, self->cancellable, list_ready_cb,
                               g_object_ref (self));
}

/* Asking a chief found on the network */

static void
finder_message_cb (AdmiraltyJoinDialog *self)
{
  const char *message = adm_table_finder_get_message (self->finder);
  guint n = g_list_model_get_n_items (adm_table_finder_get_chiefs (self->finder));

  gtk_label_set_text (self->finder_label,
                      message != NULL ? message
                      : n == 0 ? _("Looking… A chief master’s Admiralty shows here once he "
                                   "turns his tables on; else paste his link above.")
                               : _("Ask one to let your table in: you both see two words, "
                                   "and he lets you in if they are the same."));
}

static GtkWidget *
chief_row (gpointer item,
           gpointer data)
{
  AdmTableChief *chief = item;
  g_autofree char *where = adm_table_chief_get_where (chief);
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *ask = gtk_button_new_with_mnemonic (_("_Ask to Join"));

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), adm_table_chief_get_name (chief));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), where);
  gtk_widget_set_valign (ask, GTK_ALIGN_CENTER);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (ask), "join.ask");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (ask), "s", where);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), ask);
  return row;
}

static void
stop_asking (AdmiraltyJoinDialog *self)
{
  if (self->asking == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->asking, self);
  adm_table_asking_cancel (self->asking);
  g_clear_object (&self->asking);
}

static void
asking_changed_cb (AdmTableAsking      *asking,
                   GParamSpec          *pspec,
                   AdmiraltyJoinDialog *self)
{
  const char *words = adm_table_asking_get_words (asking);
  const char *message = adm_table_asking_get_message (asking);
  g_autofree char *link = NULL;

  gtk_label_set_text (self->words_label, words != NULL ? words : "");
  gtk_widget_set_visible (GTK_WIDGET (self->words_label), words != NULL);
  switch (adm_table_asking_get_state (asking))
    {
    case ADM_TABLE_ASKING_CONNECTING:
      gtk_label_set_text (self->asking_label, message != NULL ? message
                                                              : _("Asking the chief master…"));
      break;
    case ADM_TABLE_ASKING_WAITING:
      gtk_label_set_text (self->asking_label,
                          message != NULL
                            ? message
                            : _("The chief master’s screen must show the same two words. If "
                                "it shows others, someone on the network stands between you: "
                                "tell him to refuse."));
      break;
    case ADM_TABLE_ASKING_ACCEPTED:
      link = g_strdup (adm_table_asking_get_link (asking));
      g_signal_handlers_disconnect_by_data (asking, self);
      g_clear_object (&self->asking);
      gtk_widget_set_visible (self->asking_box, FALSE);
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "join.ask", TRUE);
      /* Let in: the link goes where a pasted one would, and is kept for the next time. */
      admiralty_join_dialog_connect (self, link);
      return;
    case ADM_TABLE_ASKING_REFUSED:
      gtk_label_set_text (self->asking_label, _("The chief master refused this table."));
      gtk_widget_set_visible (GTK_WIDGET (self->words_label), FALSE);
      break;
    case ADM_TABLE_ASKING_FAILED:
      gtk_label_set_text (self->asking_label, message);
      gtk_widget_set_visible (GTK_WIDGET (self->words_label), FALSE);
      break;
    case ADM_TABLE_ASKING_CANCELLED:
    default:
      break;
    }
  if (adm_table_asking_get_state (asking) >= ADM_TABLE_ASKING_REFUSED)
    {
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "join.ask", TRUE);
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "join.stop-asking", FALSE);
    }
}

void
admiralty_join_dialog_ask (AdmiraltyJoinDialog *self,
                           const char          *where)
{
  g_autoptr(GError) error = NULL;
  const char *name = g_get_real_name ();

  g_return_if_fail (ADMIRALTY_IS_JOIN_DIALOG (self));

  stop_asking (self);
  /* His own name when the system knows it, else his computer's. */
  if (name == NULL || *name == '\0' || g_str_equal (name, "Unknown") ||
      g_utf8_strlen (name, -1) > ADM_TABLE_PAIRING_MAX_NAME)
    name = g_get_host_name ();
  gtk_widget_set_visible (self->asking_box, TRUE);
  self->asking = adm_table_asking_new (where, name, &error);
  if (self->asking == NULL)
    {
      gtk_label_set_text (self->asking_label, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->words_label), FALSE);
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "join.stop-asking", FALSE);
      return;
    }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "join.ask", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "join.stop-asking", TRUE);
  g_signal_connect (self->asking, "notify", G_CALLBACK (asking_changed_cb), self);
  asking_changed_cb (self->asking, NULL, self);
}

static void
ask_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  admiralty_join_dialog_ask (ADMIRALTY_JOIN_DIALOG (widget),
                             g_variant_get_string (parameter, NULL));
}

static void
stop_asking_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  AdmiraltyJoinDialog *self = ADMIRALTY_JOIN_DIALOG (widget);

  stop_asking (self);
  gtk_widget_set_visible (self->asking_box, FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "join.ask", TRUE);
}

const char *
admiralty_join_dialog_get_words (AdmiraltyJoinDialog *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_JOIN_DIALOG (self), NULL);
  return self->asking != NULL ? adm_table_asking_get_words (self->asking) : NULL;
}

static void
link_activate_cb (AdmiraltyJoinDialog *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "join.connect", NULL);
}

static void
connect_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  admiralty_join_dialog_connect (ADMIRALTY_JOIN_DIALOG (widget), NULL);
}

static const AdmTableEngagement *
listed_engagement (AdmiraltyJoinDialog *self,
                   const char          *id)
{
  for (guint i = 0; self->listed != NULL && i < self->listed->len; i++)
    {
      const AdmTableEngagement *engagement = g_ptr_array_index (self->listed, i);

      if (g_strcmp0 (engagement->id, id) == 0)
        return engagement;
    }
  return NULL;
}

/* The battle is open in the client: the window takes it over. */
static void
open_with (AdmiraltyJoinDialog *self,
           const char          *id,
           GBytes              *fetched)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmBattle) battle = adm_table_client_open_battle (self->client, id,
                                                              listed_engagement (self, id),
                                                              fetched, &error);

  if (battle == NULL)
    {
      set_status (self, error->message);
      return;
    }
  g_signal_emit (self, signals[SIGNAL_OPEN_BATTLE], 0, self->client);
  gtk_window_close (GTK_WINDOW (self));
}

static void
fetch_ready_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      data)
{
  g_autoptr(AdmiraltyJoinDialog) self = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) fetched = adm_table_client_fetch_battle_finish (ADM_TABLE_CLIENT (source),
                                                                     result, &error);
  g_autofree char *id = g_steal_pointer (&self->opening);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  set_busy (self, FALSE);
  if (fetched == NULL)
    {
      set_status (self, error->message);
      return;
    }
  open_with (self, id, fetched);
}

/* The battle kept on this computer under the chief's assignment, else the chief's, fetched
 * first. */
static void
open_engagement (AdmiraltyJoinDialog      *self,
                 const AdmTableEngagement *engagement)
{
  const char *id = engagement->id;
  g_autoptr(GPtrArray) kept = NULL;

  kept = adm_table_client_list_kept (adm_table_client_get_link (self->client));
  for (guint i = 0; i < kept->len; i++)
    {
      const AdmTableKept *battle = g_ptr_array_index (kept, i);

      if (g_strcmp0 (battle->assignment, engagement->assignment) == 0)
        {
          open_with (self, id, NULL);
          return;
        }
    }
  g_free (self->opening);
  self->opening = g_strdup (id);
  set_busy (self, TRUE);
  set_status (self, _("Fetching the battle from the chief master…"));
  adm_table_client_fetch_battle_async (self->client, id, self->cancellable, fetch_ready_cb,
                                       g_object_ref (self));
}

static void
placements_open_cb (AdmiraltyJoinDialog *self,
                    GHashTable          *overrides,
                    AdmiraltyEngagementDialog *placements)
{
  const char *id = admiralty_engagement_dialog_get_engagement_id (placements);
  const AdmTableEngagement *engagement = listed_engagement (self, id);

  self->placed = TRUE;
  if (self->client != NULL && engagement != NULL && !self->busy)
    open_engagement (self, engagement);
}

/* The chief set the battle up anew: whoever shows the old one is told. */
static void
placements_placed_cb (AdmiraltyJoinDialog       *self,
                      AdmiraltyEngagementDialog *placements)
{
  const char *id = admiralty_engagement_dialog_get_engagement_id (placements);
  const AdmTableEngagement *engagement = listed_engagement (self, id);

  if (engagement != NULL)
    g_signal_emit (self, signals[SIGNAL_SET_UP_ANEW], 0, engagement->id,
                   engagement->assignment);
}

/* Closed without opening: what the chief journaled meanwhile is listed anew, so that the step
 * opened again starts from his placements. */
static void
placements_closed_cb (AdmiraltyJoinDialog *self)
{
  if (self->placed || self->client == NULL || self->busy)
    return;
  set_busy (self, TRUE);
  adm_table_client_list_async (self->client, self->cancellable, list_ready_cb,
                               g_object_ref (self));
}

/* Whether a battle of @engagement's assignment is kept here and has entries: it has begun. */
static gboolean
begun_here (AdmiraltyJoinDialog      *self,
            const AdmTableEngagement *engagement)
{
  g_autoptr(GPtrArray) kept = adm_table_client_list_kept (adm_table_client_get_link (self->client));

  for (guint i = 0; i < kept->len; i++)
    {
      const AdmTableKept *battle = g_ptr_array_index (kept, i);
      g_autoptr(AdmBattle) saved = NULL;

      if (g_strcmp0 (battle->assignment, engagement->assignment) != 0)
        continue;
      saved = adm_battle_load_game (battle->battle_path, NULL);
      return saved == NULL || adm_journal_get_n_entries (adm_battle_get_log (saved)) > 0;
    }
  return FALSE;
}

/* join.open (s): F-STRAT-15, F-TAC-1: a battle not begun yet (the chief lists its placements
 * step) goes through the placements step first, as the chief's own do; then it opens. */
static void
open_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  AdmiraltyJoinDialog *self = ADMIRALTY_JOIN_DIALOG (widget);
  const char *id = g_variant_get_string (parameter, NULL);
  const AdmTableEngagement *engagement = listed_engagement (self, id);
  AdmiraltyEngagementDialog *placements;

  if (self->client == NULL || engagement == NULL || self->busy)
    return;
  if (engagement->placements == NULL || begun_here (self, engagement))
    {
      open_engagement (self, engagement);
      return;
    }
  if (self->placements != NULL)
    gtk_window_destroy (GTK_WINDOW (self->placements));
  self->placed = FALSE;
  placements = admiralty_engagement_dialog_new_for_step (engagement->placements);
  admiralty_engagement_dialog_set_table (placements, self->client, engagement);
  g_signal_connect_object (placements, "open", G_CALLBACK (placements_open_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (placements, "placed", G_CALLBACK (placements_placed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (placements, "destroy", G_CALLBACK (placements_closed_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_window_set_transient_for (GTK_WINDOW (placements), GTK_WINDOW (self));
  g_set_weak_pointer (&self->placements, GTK_WIDGET (placements));
  gtk_window_present (GTK_WINDOW (placements));
}

GtkWidget *
admiralty_join_dialog_get_placements (AdmiraltyJoinDialog *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_JOIN_DIALOG (self), NULL);
  return self->placements;
}

const char *
admiralty_join_dialog_get_status (AdmiraltyJoinDialog *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_JOIN_DIALOG (self), NULL);
  return gtk_label_get_text (self->status_label);
}

char *
admiralty_join_dialog_get_listing (AdmiraltyJoinDialog *self)
{
  g_autoptr(GString) text = g_string_new (NULL);

  g_return_val_if_fail (ADMIRALTY_IS_JOIN_DIALOG (self), NULL);

  for (guint i = 0; self->listed != NULL && i < self->listed->len; i++)
    {
      const AdmTableEngagement *engagement = g_ptr_array_index (self->listed, i);
      g_autofree char *status = engagement_status (engagement);

      g_string_append_printf (text, "%s · %s — %s\n", engagement->id, engagement->place, status);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
admiralty_join_dialog_dispose (GObject *object)
{
  AdmiraltyJoinDialog *self = ADMIRALTY_JOIN_DIALOG (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  stop_asking (self);
  if (self->finder != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->finder, self);
      g_signal_handlers_disconnect_by_data (adm_table_finder_get_chiefs (self->finder), self);
    }
  gtk_widget_dispose_template (GTK_WIDGET (self), ADMIRALTY_TYPE_JOIN_DIALOG);
  g_clear_object (&self->finder);
  g_clear_object (&self->client);
  g_clear_pointer (&self->listed, g_ptr_array_unref);
  g_clear_pointer (&self->opening, g_free);
  if (self->placements != NULL)
    gtk_window_destroy (GTK_WINDOW (self->placements));
  g_clear_weak_pointer (&self->placements);
  G_OBJECT_CLASS (admiralty_join_dialog_parent_class)->dispose (object);
}

static void
admiralty_join_dialog_class_init (AdmiraltyJoinDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = admiralty_join_dialog_dispose;

  signals[SIGNAL_OPEN_BATTLE] =
    g_signal_new ("open-battle", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, ADM_TYPE_TABLE_CLIENT);
  signals[SIGNAL_SET_UP_ANEW] =
    g_signal_new ("set-up-anew", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/admiralty/Admiralty/"
                                               "admiralty-join-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyJoinDialog, link_entry);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyJoinDialog, engagements_group);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyJoinDialog, status_label);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyJoinDialog, engagements_list);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyJoinDialog, finder_label);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyJoinDialog, asking_box);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyJoinDialog, asking_label);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyJoinDialog, words_label);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyJoinDialog, chiefs_list);
  gtk_widget_class_bind_template_callback (widget_class, link_activate_cb);
  gtk_widget_class_install_action (widget_class, "join.connect", NULL, connect_action);
  gtk_widget_class_install_action (widget_class, "join.open", "s", open_action);
  gtk_widget_class_install_action (widget_class, "join.ask", "s", ask_action);
  gtk_widget_class_install_action (widget_class, "join.stop-asking", NULL, stop_asking_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
admiralty_join_dialog_init (AdmiraltyJoinDialog *self)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *link = g_settings_get_string (settings, "table-link");

  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_set_visible (self->engagements_group, FALSE);
  /* The chiefs on the network, looked for while the dialog is open. */
  self->finder = adm_table_finder_new ();
  gtk_list_box_bind_model (self->chiefs_list, adm_table_finder_get_chiefs (self->finder), chief_row, self, NULL);
  g_signal_connect_swapped (self->finder, "notify::message", G_CALLBACK (finder_message_cb), self);
  g_signal_connect_swapped (adm_table_finder_get_chiefs (self->finder), "items-changed",
                            G_CALLBACK (finder_message_cb), self);
  finder_message_cb (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "join.stop-asking", FALSE);
  /* The link of the last table joined: Connect, or Enter, joins it again. */
  gtk_editable_set_text (GTK_EDITABLE (self->link_entry), link);
}

const char *
admiralty_join_dialog_get_link (AdmiraltyJoinDialog *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_JOIN_DIALOG (self), NULL);
  return gtk_editable_get_text (GTK_EDITABLE (self->link_entry));
}

AdmiraltyJoinDialog *
admiralty_join_dialog_new (GtkWindow *parent)
{
  return g_object_new (ADMIRALTY_TYPE_JOIN_DIALOG, "transient-for", parent, NULL);
}
