/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-tables-dialog.c: "Tables…" (admiralty-tables-dialog.h). */

#include "config.h"

#include <glib/gi18n.h>

#include "admiralty-tables-dialog.h"
#include "adm-portal-qr.h"
#include "adm-engagement-queue.h"
#include "adm-engagement.h"
#include "admiralty-tooltip.h"

#define QR_SIZE 148

struct _AdmiraltyTablesDialog
{
  AdwWindow       parent_instance;

  AdwActionRow   *count_row;
  GtkSpinButton  *count_spin;
  GtkListBox     *tables_list;
  GtkWidget      *requests_group;
  GtkLabel       *advert_label;
  GtkListBox     *requests_list;

  AdmiraltyRoom  *room;     /* the server is kept in it */
  AdmPortal      *portal;
  AdmTableServer *server;
  /* On the server, the portal and the portal's campaign. */
  GSignalGroup   *server_signals;
  GSignalGroup   *portal_signals;
  GSignalGroup   *campaign_signals;
  GSignalGroup   *advert_signals;
  GHashTable     *texts;    /* table → its row's text, for tests */
  gboolean        updating;
};

enum {
  PROP_0,
  PROP_N_TABLES,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (AdmiraltyTablesDialog, admiralty_tables_dialog, ADW_TYPE_WINDOW)

AdmTableServer *
admiralty_tables_dialog_get_server (AdmiraltyRoom *room)
{
  AdmTableServer *server;

  g_return_val_if_fail (ADMIRALTY_IS_ROOM (room), NULL);

  server = admiralty_room_get_table_server (room);
  return server != NULL && adm_table_server_get_portal (server) == admiralty_room_get_portal (room)
           ? server : NULL;
}

guint
admiralty_tables_dialog_resume (AdmiraltyRoom *room)
{
  AdmPortalTokens *tokens;
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmTableServer) server = NULL;
  AdmPortal *portal;
  guint n = 0;

  g_return_val_if_fail (ADMIRALTY_IS_ROOM (room), 0);
  portal = admiralty_room_get_portal (room);
  g_return_val_if_fail (ADM_IS_PORTAL (portal), 0);

  if (admiralty_tables_dialog_get_server (room) != NULL || !adm_portal_get_running (portal))
    return 0;
  tokens = adm_portal_get_tokens (portal);
  while (n < ADM_TABLE_SERVER_MAX_TABLES)
    {
      g_autofree char *name = adm_table_server_table_name (n + 1);

      if (adm_portal_tokens_get_key (tokens, ADM_PORTAL_TOKENS_TABLES, name) == NULL)
        break;
      n++;
    }
  if (n == 0)
    return 0;
  server = adm_table_server_new (portal, n, &error);
  if (server == NULL)
    {
      g_warning ("The tables could not be served again: %s", error->message);
      return 0;
    }
  /* The room keeps the server, as the Tables dialog keeps it there; its window's queue
   * offers the tables again ("notify::table-server"). */
  admiralty_room_set_table_server (room, server);
  return n;
}

guint
admiralty_tables_dialog_get_n_tables (AdmiraltyTablesDialog *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_TABLES_DIALOG (self), 0);
  return self->server != NULL ? adm_table_server_get_n_tables (self->server) : 0;
}

static void
qr_draw (GtkDrawingArea *area,
         cairo_t        *cr,
         int             width,
         int             height,
         gpointer        data)
{
  const char *link = data;

  adm_portal_qr_draw (cr, link, 0, 0, MIN (width, height));
}

/* The engagements at @table, a line each: "c1-3 · Pol orbit — At the table “Table 2” · Turn 3
 * · Fire". */
static char *
table_engagements (AdmiraltyTablesDialog *self,
                   const char            *table)
{
  AdmCampaign *campaign = adm_portal_get_campaign (self->portal);
  g_autoptr(GPtrArray) at = adm_campaign_get_table_engagements (campaign, table);
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < at->len; i++)
    {
      const AdmTableAssignment *assignment = g_ptr_array_index (at, i);
      g_autoptr(AdmQueuedEngagement) engagement =
        adm_campaign_find_engagement (campaign, assignment->engagement, NULL);
      g_autofree char *place = NULL, *status = NULL;

      if (engagement == NULL)
        continue;
      place = adm_engagement_place_name (&engagement->engagement);
      status = adm_queued_engagement_describe_status (engagement);
      /* Translators: an engagement at a table in the Tables dialog: "c1-3 · Pol orbit — At
       * the table “Table 2” · Turn 3 · Fire" */
      g_string_append_printf (text, _("%s%s · %s — %s"), text->len > 0 ? "\n" : "",
                              engagement->id, place, status);
    }
  if (text->len == 0)
    g_string_append (text, _("No engagements yet: send them from the Orders tab"));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static GtkWidget *
table_row (AdmiraltyTablesDialog *self,
           const char            *table)
{
  g_autofree char *link = adm_table_server_get_link (self->server, table);
  g_autofree char *engagements = table_engagements (self, table);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *name = gtk_label_new (table);
  GtkWidget *link_label, *list, *copy, *revoke;
  const char *link_text = link != NULL ? link
                                       : _("Not served: turn on “Share” in “Share with "
                                           "Admirals…”");

  gtk_widget_set_margin_top (box, 12);
  gtk_widget_set_margin_bottom (box, 12);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  if (link != NULL)
    {
      GtkWidget *qr = gtk_drawing_area_new ();

      gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (qr), QR_SIZE);
      gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (qr), QR_SIZE);
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (qr), qr_draw, g_strdup (link), g_free);
      gtk_widget_set_valign (qr, GTK_ALIGN_START);
      gtk_box_append (GTK_BOX (box), qr);
    }
  gtk_label_set_xalign (GTK_LABEL (name), 0);
  gtk_widget_add_css_class (name, "heading");
  link_label = gtk_label_new (link_text);
  gtk_label_set_xalign (GTK_LABEL (link_label), 0);
  gtk_label_set_wrap (GTK_LABEL (link_label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (link_label), PANGO_WRAP_CHAR);
  gtk_label_set_selectable (GTK_LABEL (link_label), TRUE);
  gtk_widget_add_css_class (link_label, "caption");
  list = gtk_label_new (engagements);
  gtk_label_set_xalign (GTK_LABEL (list), 0);
  gtk_label_set_wrap (GTK_LABEL (list), TRUE);
  gtk_widget_add_css_class (list, "dim-label");
  gtk_widget_set_hexpand (text, TRUE);
  gtk_box_append (GTK_BOX (text), name);
  gtk_box_append (GTK_BOX (text), link_label);
  gtk_box_append (GTK_BOX (text), list);

  copy = gtk_button_new_with_mnemonic (_("_Copy Link"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (copy), "tables.copy");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (copy), "s", table);
  gtk_widget_set_sensitive (copy, link != NULL);
  revoke = gtk_button_new_with_mnemonic (_("_Revoke Link"));
  admiralty_tooltip_set (revoke, _("Make a new link for this table: the old one, and its "
                                   "code, stop working at once"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (revoke), "tables.revoke");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (revoke), "s", table);
  gtk_box_append (GTK_BOX (buttons), copy);
  gtk_box_append (GTK_BOX (buttons), revoke);
  gtk_box_append (GTK_BOX (text), buttons);
  gtk_box_append (GTK_BOX (box), text);
  g_hash_table_insert (self->texts, g_strdup (table),
                       g_strdup_printf ("%s\n%s", link_text, engagements));
  return box;
}

static void
request_table_cb (GtkDropDown *dropdown,
                  GParamSpec  *pspec,
                  gpointer     data)
{
  GtkWidget *accept = g_object_get_data (G_OBJECT (dropdown), "accept");
  const char *id = g_object_get_data (G_OBJECT (dropdown), "request-id");
  g_autofree char *table = adm_table_server_table_name (gtk_drop_down_get_selected (dropdown) + 1);

  gtk_actionable_set_action_target (GTK_ACTIONABLE (accept), "(ss)", id, table);
}

/* A table master asking to join: who, from where, the words, and the answers. The table he is
 * let in as is a new one unless the master picks one served already. */
static GtkWidget *
request_row (gpointer item,
             gpointer data)
{
  AdmiraltyTablesDialog *self = data;
  AdmTableRequest *request = item;
  guint n = admiralty_tables_dialog_get_n_tables (self);
  g_autoptr(GPtrArray) choices = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GDateTime) asked = g_date_time_new_from_unix_local (adm_table_request_get_asked (request) /
                                                                G_USEC_PER_SEC);
  g_autofree char *when = asked != NULL ? g_date_time_format (asked, "%H:%M") : g_strdup ("");
  g_autofree char *subtitle = NULL;
  g_autofree char *new_table = adm_table_server_table_name (n + 1);
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *name = gtk_label_new (adm_table_request_get_name (request));
  GtkWidget *from, *dropdown, *accept, *refuse, *words;

  gtk_widget_set_margin_top (row, 12);
  gtk_widget_set_margin_bottom (row, 12);
  gtk_widget_set_margin_start (row, 12);
  gtk_widget_set_margin_end (row, 12);
  gtk_label_set_xalign (GTK_LABEL (name), 0);
  gtk_label_set_wrap (GTK_LABEL (name), TRUE);
  gtk_widget_add_css_class (name, "heading");
  /* Translators: under a table master asking to join: "From 192.168.1.23 at 18:32" */
  subtitle = g_strdup_printf (_("From %s at %s"), adm_table_request_get_address (request), when);
  from = gtk_label_new (subtitle);
  gtk_label_set_xalign (GTK_LABEL (from), 0);
  gtk_widget_add_css_class (from, "dim-label");
  gtk_widget_add_css_class (from, "caption");
  words = gtk_label_new (adm_table_request_get_words (request));
  gtk_label_set_xalign (GTK_LABEL (words), 0);
  gtk_label_set_selectable (GTK_LABEL (words), TRUE);
  gtk_widget_add_css_class (words, "title-2");
  gtk_accessible_update_property (GTK_ACCESSIBLE (words), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("The two words to compare"), -1);
  gtk_box_append (GTK_BOX (row), name);
  gtk_box_append (GTK_BOX (row), from);
  gtk_box_append (GTK_BOX (row), words);

  for (guint i = 1; i <= n && i <= ADM_TABLE_SERVER_MAX_TABLES; i++)
    g_ptr_array_add (choices, adm_table_server_table_name (i));
  if (n < ADM_TABLE_SERVER_MAX_TABLES)
    /* Translators: the choice of a new table for a table master let in: "Table 3 (new)" */
    g_ptr_array_add (choices, g_strdup_printf (_("%s (new)"), new_table));
  g_ptr_array_add (choices, NULL);
  dropdown = gtk_drop_down_new_from_strings ((const char * const *) choices->pdata);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdown), choices->len - 2);
  gtk_widget_set_valign (dropdown, GTK_ALIGN_CENTER);
  admiralty_tooltip_set (dropdown, _("The table he is let in as"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (dropdown), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Let in as"), -1);
  accept = gtk_button_new_with_mnemonic (_("_Let In"));
  gtk_widget_add_css_class (accept, "suggested-action");
  gtk_widget_set_valign (accept, GTK_ALIGN_CENTER);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (accept), "tables.let-in");
  refuse = gtk_button_new_with_mnemonic (_("_Refuse"));
  gtk_widget_set_valign (refuse, GTK_ALIGN_CENTER);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (refuse), "tables.refuse");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (refuse), "s",
                                    adm_table_request_get_id (request));
  /* The Let In button's target follows the table picked. */
  g_object_set_data_full (G_OBJECT (dropdown), "request-id",
                          g_strdup (adm_table_request_get_id (request)), g_free);
  g_object_set_data (G_OBJECT (dropdown), "accept", accept);
  g_signal_connect (dropdown, "notify::selected", G_CALLBACK (request_table_cb), NULL);
  request_table_cb (GTK_DROP_DOWN (dropdown), NULL, NULL);
  gtk_widget_set_halign (buttons, GTK_ALIGN_END);
  gtk_box_append (GTK_BOX (buttons), dropdown);
  gtk_box_append (GTK_BOX (buttons), accept);
  gtk_box_append (GTK_BOX (buttons), refuse);
  gtk_box_append (GTK_BOX (row), buttons);
  return row;
}

static void
update_advert (AdmiraltyTablesDialog *self)
{
  AdmTableAdvert *advert = self->server != NULL ? adm_table_server_get_advert (self->server)
                                                : NULL;
  g_autofree char *text = NULL;

  if (advert == NULL)
    text = NULL;
  else if (adm_table_advert_get_published (advert))
    /* Translators: "Table masters on this network find these tables as “Komarr”." */
    text = g_strdup_printf (_("Table masters on this network find these tables as “%s”."),
                            adm_table_advert_get_name (advert));
  else if (adm_table_advert_get_message (advert) != NULL)
    text = g_strdup (adm_table_advert_get_message (advert));
  else
    text = g_strdup (_("Not advertised while the admirals’ portal is off"));
  gtk_label_set_text (self->advert_label, text != NULL ? text : "");
}

static void
bind_requests (AdmiraltyTablesDialog *self)
{
  gtk_list_box_bind_model (self->requests_list,
                           self->server != NULL ? adm_table_server_get_requests (self->server)
                                                : NULL,
                           request_row, self, NULL);
  gtk_widget_set_visible (self->requests_group, self->server != NULL);
  g_signal_group_set_target (self->advert_signals,
                             self->server != NULL ? adm_table_server_get_advert (self->server)
                                                  : NULL);
  update_advert (self);
}

static void
update_rows (AdmiraltyTablesDialog *self)
{
  guint n = admiralty_tables_dialog_get_n_tables (self);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->tables_list))) != NULL)
    gtk_list_box_remove (self->tables_list, child);
  g_hash_table_remove_all (self->texts);
  self->updating = TRUE;
  gtk_spin_button_set_value (self->count_spin, n);
  self->updating = FALSE;
  if (n == 0)
    adw_action_row_set_subtitle (self->count_row, _("0: no other tables"));
  else
    {
      /* Translators: the Tables dialog's count, "2 other tables: their join links are below" */
      g_autofree char *subtitle = g_strdup_printf (ngettext ("%u other table: its join link is "
                                                             "below",
                                                             "%u other tables: their join links "
                                                             "are below", n), n);

      adw_action_row_set_subtitle (self->count_row, subtitle);
    }
  gtk_widget_set_visible (gtk_widget_get_ancestor (GTK_WIDGET (self->tables_list),
                                                   ADW_TYPE_PREFERENCES_GROUP), n > 0);
  for (guint i = 1; i <= n; i++)
    {
      g_autofree char *table = adm_table_server_table_name (i);

      gtk_list_box_append (self->tables_list, table_row (self, table));
    }
}

static void
show_error (AdmiraltyTablesDialog *self,
            const char            *heading,
            const GError          *error)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, error->message);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

gboolean
admiralty_tables_dialog_set_n_tables (AdmiraltyTablesDialog  *self,
                                      guint                   n_tables,
                                      GError                **error)
{
  g_return_val_if_fail (ADMIRALTY_IS_TABLES_DIALOG (self), FALSE);

  n_tables = MIN (n_tables, ADM_TABLE_SERVER_MAX_TABLES);
  if (n_tables == admiralty_tables_dialog_get_n_tables (self))
    return TRUE;
  if (self->server == NULL)
    {
      self->server = adm_table_server_new (self->portal, n_tables, error);
      if (self->server == NULL)
        {
          update_rows (self);
          return FALSE;
        }
      /* The room keeps the server, as it keeps the portal (another campaign's goes). */
      admiralty_room_set_table_server (self->room, self->server);
      g_signal_group_set_target (self->server_signals, self->server);
      bind_requests (self);
    }
  else if (!adm_table_server_set_n_tables (self->server, n_tables, error))
    {
      update_rows (self);
      return FALSE;
    }
  update_rows (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_TABLES]);
  return TRUE;
}

static void
count_changed_cb (AdmiraltyTablesDialog *self)
{
  if (self->updating)
    return;
  gtk_widget_activate_action (GTK_WIDGET (self), "tables.set-count", "u",
                              (guint32) gtk_spin_button_get_value_as_int (self->count_spin));
}

static void
set_count_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  AdmiraltyTablesDialog *self = ADMIRALTY_TABLES_DIALOG (widget);
  g_autoptr(GError) error = NULL;

  if (!admiralty_tables_dialog_set_n_tables (self, g_variant_get_uint32 (parameter), &error))
    show_error (self, _("The tables could not be turned on"), error);
}

static void
copy_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  AdmiraltyTablesDialog *self = ADMIRALTY_TABLES_DIALOG (widget);
  g_autofree char *link = self->server != NULL
                            ? adm_table_server_get_link (self->server,
                                                         g_variant_get_string (parameter, NULL))
                            : NULL;

  if (link != NULL)
    gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), link);
}

static void
revoke_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  AdmiraltyTablesDialog *self = ADMIRALTY_TABLES_DIALOG (widget);
  g_autoptr(GError) error = NULL;

  if (self->server != NULL &&
      !adm_table_server_reissue (self->server, g_variant_get_string (parameter, NULL), &error))
    show_error (self, _("The link could not be revoked"), error);
  update_rows (self);
}

gboolean
admiralty_tables_dialog_let_in (AdmiraltyTablesDialog  *self,
                                const char             *request_id,
                                const char             *table,
                                GError                **error)
{
  g_autoptr(AdmTableRequest) request = NULL;
  guint n;

  g_return_val_if_fail (ADMIRALTY_IS_TABLES_DIALOG (self), FALSE);

  request = self->server != NULL ? adm_table_server_lookup_request (self->server, request_id) : NULL;
  if (request == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                           _("The table master no longer asks to join: he gave up, or waited "
                             "more than ten minutes"));
      return FALSE;
    }
  /* A new table is turned on first: the table master gets its key. */
  n = admiralty_tables_dialog_get_n_tables (self);
  for (guint i = n + 1; i <= ADM_TABLE_SERVER_MAX_TABLES; i++)
    {
      g_autofree char *name = adm_table_server_table_name (i);

      if (g_str_equal (name, table) && !admiralty_tables_dialog_set_n_tables (self, i, error))
        return FALSE;
    }
  return adm_table_server_accept_request (self->server, request, table, error);
}

static void
let_in_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  AdmiraltyTablesDialog *self = ADMIRALTY_TABLES_DIALOG (widget);
  g_autoptr(GError) error = NULL;
  const char *id, *table;

  g_variant_get (parameter, "(&s&s)", &id, &table);
  if (!admiralty_tables_dialog_let_in (self, id, table, &error))
    show_error (self, _("The table could not be let in"), error);
}

static void
refuse_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  AdmiraltyTablesDialog *self = ADMIRALTY_TABLES_DIALOG (widget);
  g_autoptr(AdmTableRequest) request =
      self->server != NULL
        ? adm_table_server_lookup_request (self->server, g_variant_get_string (parameter, NULL))
        : NULL;

  if (request != NULL)
    adm_table_server_refuse_request (self->server, request);
}

char *
admiralty_tables_dialog_get_table_text (AdmiraltyTablesDialog *self,
                                        const char            *table)
{
  g_return_val_if_fail (ADMIRALTY_IS_TABLES_DIALOG (self), NULL);
  return g_strdup (g_hash_table_lookup (self->texts, table));
}

static void
admiralty_tables_dialog_get_property (GObject    *object,
                                      guint       prop_id,
                                      GValue     *value,
                                      GParamSpec *pspec)
{
  AdmiraltyTablesDialog *self = ADMIRALTY_TABLES_DIALOG (object);

  switch (prop_id)
    {
    case PROP_N_TABLES:
      g_value_set_uint (value, admiralty_tables_dialog_get_n_tables (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
admiralty_tables_dialog_dispose (GObject *object)
{
  AdmiraltyTablesDialog *self = ADMIRALTY_TABLES_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), ADMIRALTY_TYPE_TABLES_DIALOG);
  g_signal_group_set_target (self->server_signals, NULL);
  g_signal_group_set_target (self->portal_signals, NULL);
  g_signal_group_set_target (self->campaign_signals, NULL);
  g_signal_group_set_target (self->advert_signals, NULL);
  g_clear_object (&self->room);
  g_clear_object (&self->server);
  g_clear_object (&self->portal);
  g_clear_pointer (&self->texts, g_hash_table_unref);
  G_OBJECT_CLASS (admiralty_tables_dialog_parent_class)->dispose (object);
}

static void
admiralty_tables_dialog_finalize (GObject *object)
{
  AdmiraltyTablesDialog *self = ADMIRALTY_TABLES_DIALOG (object);

  g_clear_object (&self->server_signals);
  g_clear_object (&self->portal_signals);
  g_clear_object (&self->campaign_signals);
  g_clear_object (&self->advert_signals);
  G_OBJECT_CLASS (admiralty_tables_dialog_parent_class)->finalize (object);
}

static void
admiralty_tables_dialog_class_init (AdmiraltyTablesDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = admiralty_tables_dialog_get_property;
  object_class->dispose = admiralty_tables_dialog_dispose;
  object_class->finalize = admiralty_tables_dialog_finalize;

  properties[PROP_N_TABLES] =
    g_param_spec_uint ("n-tables", NULL, NULL, 0, ADM_TABLE_SERVER_MAX_TABLES, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/admiralty/Admiralty/"
                                               "admiralty-tables-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyTablesDialog, count_row);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyTablesDialog, count_spin);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyTablesDialog, tables_list);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyTablesDialog, requests_group);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyTablesDialog, advert_label);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyTablesDialog, requests_list);
  gtk_widget_class_bind_template_callback (widget_class, count_changed_cb);
  gtk_widget_class_install_action (widget_class, "tables.set-count", "u", set_count_action);
  gtk_widget_class_install_action (widget_class, "tables.copy", "s", copy_action);
  gtk_widget_class_install_action (widget_class, "tables.revoke", "s", revoke_action);
  gtk_widget_class_install_action (widget_class, "tables.let-in", "(ss)", let_in_action);
  gtk_widget_class_install_action (widget_class, "tables.refuse", "s", refuse_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
admiralty_tables_dialog_init (AdmiraltyTablesDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->texts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->server_signals = g_signal_group_new (ADM_TYPE_TABLE_SERVER);
  g_signal_group_connect_object (self->server_signals, "battle-changed", G_CALLBACK (update_rows),
                                 self, G_CONNECT_SWAPPED);
  /* The statuses of the engagements at the tables follow the campaign, their links the
   * portal's switch. */
  self->campaign_signals = g_signal_group_new (ADM_TYPE_CAMPAIGN);
  g_signal_group_connect_object (self->campaign_signals, "changed", G_CALLBACK (update_rows),
                                 self, G_CONNECT_SWAPPED);
  {
    GtkWidget *none = gtk_label_new (_("No table master is asking"));

    gtk_widget_add_css_class (none, "dim-label");
    gtk_widget_set_margin_top (none, 12);
    gtk_widget_set_margin_bottom (none, 12);
    gtk_list_box_set_placeholder (self->requests_list, none);
  }
  self->advert_signals = g_signal_group_new (ADM_TYPE_TABLE_ADVERT);
  g_signal_group_connect_object (self->advert_signals, "notify", G_CALLBACK (update_advert),
                                 self, G_CONNECT_SWAPPED);
  self->portal_signals = g_signal_group_new (ADM_TYPE_PORTAL);
  g_signal_group_connect_object (self->portal_signals, "notify::running",
                                 G_CALLBACK (update_rows), self, G_CONNECT_SWAPPED);
}

AdmiraltyTablesDialog *
admiralty_tables_dialog_new (AdmiraltyRoom *room)
{
  AdmiraltyTablesDialog *self;
  AdmPortal *portal;

  g_return_val_if_fail (ADMIRALTY_IS_ROOM (room), NULL);
  portal = admiralty_room_get_portal (room);
  g_return_val_if_fail (ADM_IS_PORTAL (portal), NULL);
  g_return_val_if_fail (adm_portal_get_campaign (portal) != NULL, NULL);

  self = g_object_new (ADMIRALTY_TYPE_TABLES_DIALOG,
                       "transient-for", admiralty_room_get_window (room), NULL);
  self->room = g_object_ref (room);
  self->portal = g_object_ref (portal);
  g_set_object (&self->server, admiralty_tables_dialog_get_server (room));
  g_signal_group_set_target (self->server_signals, self->server);
  g_signal_group_set_target (self->campaign_signals, adm_portal_get_campaign (portal));
  g_signal_group_set_target (self->portal_signals, portal);
  update_rows (self);
  bind_requests (self);
  return self;
}
