/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-share-dialog.c: "Share with Admirals…" (admiralty-share-dialog.h). */

#include "config.h"

#include <glib/gi18n.h>

#include "admiralty-share-dialog.h"
#include "adm-portal-qr.h"
#include "admiralty-tables-dialog.h"
#include "admiralty-plain-text.h"
#include "adm-campaign-file.h"
#include "admiralty-tooltip.h"

#define QR_SIZE 148

struct _AdmiraltyShareDialog
{
  AdwWindow      parent_instance;

  AdwComboRow   *address_row;
  GtkSpinButton *port_spin;
  AdwActionRow  *running_row;
  GtkSwitch     *running_switch;
  GtkSwitch     *accept_switch;
  GtkListBox    *admirals_list;

  AdmiraltyRoom *room;
  AdmPortal     *portal;
  GSignalGroup  *portal_signals;  /* on the portal */
  GtkStringList *addresses;
  GPtrArray     *rows;        /* Row* */
  char          *start_error; /* why the last Share on failed, until the next switch */
  gboolean       updating;
};

typedef struct {
  AdmiraltyShareDialog *dialog;
  char                 *admiral_id;
  GtkWidget            *qr;
  GtkLabel             *link;
  GtkWidget            *copy;
  GtkWidget            *revoke;
} Row;

G_DEFINE_FINAL_TYPE (AdmiraltyShareDialog, admiralty_share_dialog, ADW_TYPE_WINDOW)

static void
row_free (gpointer data)
{
  Row *row = data;

  g_free (row->admiral_id);
  g_free (row);
}

static void
update_rows (AdmiraltyShareDialog *self)
{
  for (guint i = 0; i < self->rows->len; i++)
    {
      Row *row = g_ptr_array_index (self->rows, i);
      g_autofree char *link = adm_portal_get_link (self->portal, row->admiral_id);

      gtk_label_set_text (row->link, link != NULL ? link
                                                 : _("Not shared: turn on “Share” above"));
      gtk_widget_set_sensitive (row->copy, link != NULL);
      /* The code's place is kept while nothing is shared (qr_draw () draws nothing): the
       * rows keep their size, and nothing moves under the pointer on the Share switch. */
      gtk_widget_queue_draw (row->qr);
    }
}

static void
update_running (AdmiraltyShareDialog *self)
{
  gboolean running = adm_portal_get_running (self->portal);

  self->updating = TRUE;
  gtk_switch_set_active (self->running_switch, running);
  self->updating = FALSE;
  gtk_widget_set_sensitive (GTK_WIDGET (self->address_row), !running);
  gtk_widget_set_sensitive (GTK_WIDGET (self->port_spin), !running);
  if (running)
    {
      const char *address = adm_portal_get_address (self->portal);
      guint n = g_list_model_get_n_items (G_LIST_MODEL (self->addresses));
      guint at = n;

      /* What it listens on, not the first of the choices: a sharing resumed after a restart
       * was started without this dialog. */
      for (guint i = 0; i < n && at == n; i++)
        if (g_strcmp0 (gtk_string_list_get_string (self->addresses, i), address) == 0)
          at = i;
      if (at == n && address != NULL)
        gtk_string_list_append (self->addresses, address);
      adw_combo_row_set_selected (self->address_row, at);
      gtk_spin_button_set_value (self->port_spin, adm_portal_get_port (self->portal));
      /* Translators: "Listening on port 8040" */
      g_autofree char *text = g_strdup_printf (_("Listening on port %u"),
                                               adm_portal_get_port (self->portal));

      adw_action_row_set_subtitle (self->running_row, text);
    }
  else if (self->start_error != NULL)
    adw_action_row_set_subtitle (self->running_row, self->start_error);
  else if (adm_portal_get_failure (self->portal) != NULL)
    adw_action_row_set_subtitle (self->running_row, adm_portal_get_failure (self->portal));
  else
    adw_action_row_set_subtitle (self->running_row, _("Off: no admiral’s page is served"));
  update_rows (self);
}

static void
qr_draw (GtkDrawingArea *area,
         cairo_t        *cr,
         int             width,
         int             height,
         gpointer        data)
{
  Row *row = data;
  g_autofree char *link = adm_portal_get_link (row->dialog->portal, row->admiral_id);

  if (link != NULL)
    adm_portal_qr_draw (cr, link, 0, 0, MIN (width, height));
}

static void
copy_clicked_cb (GtkButton *button,
                 Row       *row)
{
  g_autofree char *link = adm_portal_get_link (row->dialog->portal, row->admiral_id);

  if (link != NULL)
    gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (button)), link);
}

static void
show_error (AdmiraltyShareDialog *self,
            const char           *heading,
            const GError         *error)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, error->message);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
revoke_clicked_cb (GtkButton *button,
                   Row       *row)
{
  g_autoptr(GError) error = NULL;

  if (!adm_portal_reissue (row->dialog->portal, row->admiral_id, &error))
    show_error (row->dialog, _("The link could not be revoked"), error);
  update_rows (row->dialog);
}

static GtkWidget *
admiral_row (AdmiraltyShareDialog *self,
             const AdmAdmiral     *admiral)
{
  Row *row = g_new0 (Row, 1);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *name = gtk_label_new (admiral->name);
  GtkWidget *faction = gtk_label_new (admiral->faction->name);

  row->dialog = self;
  row->admiral_id = g_strdup (admiral->id);
  g_ptr_array_add (self->rows, row);

  gtk_widget_set_margin_top (box, 12);
  gtk_widget_set_margin_bottom (box, 12);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);

  row->qr = gtk_drawing_area_new ();
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (row->qr), QR_SIZE);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (row->qr), QR_SIZE);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (row->qr), qr_draw, row, NULL);
  gtk_widget_set_valign (row->qr, GTK_ALIGN_START);
  gtk_box_append (GTK_BOX (box), row->qr);

  gtk_label_set_xalign (GTK_LABEL (name), 0);
  gtk_label_set_wrap (GTK_LABEL (name), TRUE);
  gtk_widget_add_css_class (name, "heading");
  gtk_label_set_xalign (GTK_LABEL (faction), 0);
  gtk_widget_add_css_class (faction, "dim-label");
  row->link = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (row->link, 0);
  gtk_label_set_wrap (row->link, TRUE);
  gtk_label_set_wrap_mode (row->link, PANGO_WRAP_CHAR);
  gtk_label_set_selectable (row->link, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (row->link), "caption");
  gtk_widget_set_hexpand (text, TRUE);
  gtk_box_append (GTK_BOX (text), name);
  gtk_box_append (GTK_BOX (text), faction);
  gtk_box_append (GTK_BOX (text), GTK_WIDGET (row->link));

  row->copy = gtk_button_new_with_mnemonic (_("_Copy Link"));
  g_signal_connect (row->copy, "clicked", G_CALLBACK (copy_clicked_cb), row);
  row->revoke = gtk_button_new_with_mnemonic (_("_Revoke Link"));
  admiralty_tooltip_set (row->revoke, _("Make a new link for this admiral: the old one, "
                                        "and its code, stop working at once"));
  g_signal_connect (row->revoke, "clicked", G_CALLBACK (revoke_clicked_cb), row);
  gtk_box_append (GTK_BOX (buttons), row->copy);
  gtk_box_append (GTK_BOX (buttons), row->revoke);
  gtk_box_append (GTK_BOX (text), buttons);
  gtk_box_append (GTK_BOX (box), text);
  return box;
}

/* The master's choice, kept for the next start (admiralty_share_dialog_resume ()): sharing
 * on for @campaign_path on @address and @port, or off (@campaign_path NULL). A window closed
 * or a crash does not change it. */
static void
remember_sharing (const char *campaign_path,
                  const char *address,
                  guint       port)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);

  g_settings_set (settings, "session-sharing", "(ssu)", campaign_path != NULL ? campaign_path : "",
                  campaign_path != NULL ? address : "", campaign_path != NULL ? port : 0);
}

gboolean
admiralty_share_dialog_set_running (AdmiraltyShareDialog *self,
                                    const char           *address,
                                    guint                 port,
                                    gboolean              running)
{
  g_autoptr(GError) error = NULL;
  gboolean ok = TRUE;

  g_return_val_if_fail (ADMIRALTY_IS_SHARE_DIALOG (self), FALSE);

  g_clear_pointer (&self->start_error, g_free);
  if (!running)
    adm_portal_stop (self->portal);
  else if (!adm_portal_get_running (self->portal) &&
           !adm_portal_start (self->portal, address, port, &error))
    {
      self->start_error = g_strdup (error->message);
      ok = FALSE;
    }
  /* The tables this campaign was served to before come back with the portal. */
  if (running && ok)
    admiralty_tables_dialog_resume (self->room);
  if (!running)
    remember_sharing (NULL, NULL, 0);
  else if (ok)
    remember_sharing (adm_campaign_get_path (adm_portal_get_campaign (self->portal)), address,
                      adm_portal_get_port (self->portal));
  update_running (self);
  return ok;
}

gboolean
admiralty_share_dialog_resume (AdmiraltyRoom        *room,
                               AdmCampaign          *campaign,
                               AdmPortal           **portal_out,
                               GError              **error)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *path = NULL, *address = NULL;
  g_auto(GStrv) lan = adm_portal_lan_addresses ();
  AdmPortal *portal;
  guint port = 0;

  g_return_val_if_fail (ADMIRALTY_IS_ROOM (room), FALSE);
  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), FALSE);

  *portal_out = NULL;
  g_settings_get (settings, "session-sharing", "(ssu)", &path, &address, &port);
  if (path[0] == '\0' || g_strcmp0 (path, adm_campaign_get_path (campaign)) != 0)
    return TRUE;
  /* The room's network may have given this computer another address since. */
  if (!g_str_equal (address, "127.0.0.1") && !g_str_equal (address, "0.0.0.0") &&
      !g_strv_contains ((const char * const *) lan, address))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   _("Sharing with the admirals was not resumed: this computer no longer has "
                     "the address %s. Choose one in Share with Admirals; the admirals’ links "
                     "and the tables’ then change with it."), address);
      return FALSE;
    }
  portal = admiralty_share_dialog_portal_for (room, campaign, error);
  if (portal == NULL)
    return FALSE;
  if (!adm_portal_get_running (portal) && !adm_portal_start (portal, address, port, error))
    {
      g_prefix_error (error, _("Sharing with the admirals was not resumed on %s, port %u: "),
                      address, port);
      return FALSE;
    }
  /* The tables this campaign was served to come back with the same links. */
  admiralty_tables_dialog_resume (room);
  *portal_out = portal;
  return TRUE;
}

static void
running_switch_cb (AdmiraltyShareDialog *self)
{
  guint selected = adw_combo_row_get_selected (self->address_row);
  const char *address = gtk_string_list_get_string (self->addresses, selected);

  if (self->updating || address == NULL)
    return;
  admiralty_share_dialog_set_running (self, address,
                                      (guint) gtk_spin_button_get_value_as_int (self->port_spin),
                                      gtk_switch_get_active (self->running_switch));
}

static void
admiralty_share_dialog_dispose (GObject *object)
{
  AdmiraltyShareDialog *self = ADMIRALTY_SHARE_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), ADMIRALTY_TYPE_SHARE_DIALOG);
  g_signal_group_set_target (self->portal_signals, NULL);
  g_clear_object (&self->portal);
  g_clear_object (&self->room);
  g_clear_object (&self->addresses);
  G_OBJECT_CLASS (admiralty_share_dialog_parent_class)->dispose (object);
}

static void
admiralty_share_dialog_finalize (GObject *object)
{
  AdmiraltyShareDialog *self = ADMIRALTY_SHARE_DIALOG (object);

  g_ptr_array_unref (self->rows);
  g_clear_object (&self->portal_signals);
  g_free (self->start_error);
  G_OBJECT_CLASS (admiralty_share_dialog_parent_class)->finalize (object);
}

static void
admiralty_share_dialog_class_init (AdmiraltyShareDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = admiralty_share_dialog_dispose;
  object_class->finalize = admiralty_share_dialog_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/admiralty/Admiralty/"
                                               "admiralty-share-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyShareDialog, address_row);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyShareDialog, port_spin);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyShareDialog, running_row);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyShareDialog, running_switch);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyShareDialog, accept_switch);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyShareDialog, admirals_list);
  gtk_widget_class_bind_template_callback (widget_class, running_switch_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
admiralty_share_dialog_init (AdmiraltyShareDialog *self)
{
  g_auto(GStrv) lan = adm_portal_lan_addresses ();

  gtk_widget_init_template (GTK_WIDGET (self));
  admiralty_wrapping_choices (self->address_row);
  self->portal_signals = g_signal_group_new (ADM_TYPE_PORTAL);
  g_signal_group_connect_swapped (self->portal_signals, "notify::running",
                                  G_CALLBACK (update_running), self);
  self->rows = g_ptr_array_new_with_free_func (row_free);
  /* The room's network first; this computer alone last (for trying the pages here). */
  self->addresses = gtk_string_list_new ((const char * const *) lan);
  gtk_string_list_append (self->addresses, "127.0.0.1");
  adw_combo_row_set_model (self->address_row, G_LIST_MODEL (self->addresses));
}

AdmiraltyShareDialog *
admiralty_share_dialog_new (AdmiraltyRoom *room)
{
  AdmiraltyShareDialog *self;
  AdmCampaign *campaign;
  GPtrArray *admirals;
  AdmPortal *portal;

  g_return_val_if_fail (ADMIRALTY_IS_ROOM (room), NULL);
  portal = admiralty_room_get_portal (room);
  g_return_val_if_fail (ADM_IS_PORTAL (portal), NULL);
  g_return_val_if_fail (adm_portal_get_campaign (portal) != NULL, NULL);

  self = g_object_new (ADMIRALTY_TYPE_SHARE_DIALOG,
                       "transient-for", admiralty_room_get_window (room), NULL);
  self->room = g_object_ref (room);
  self->portal = g_object_ref (portal);
  campaign = adm_portal_get_campaign (portal);
  admirals = adm_campaign_get_admirals (campaign);
  for (guint i = 0; i < admirals->len; i++)
    gtk_list_box_append (self->admirals_list, admiral_row (self, g_ptr_array_index (admirals, i)));
  g_object_bind_property (portal, "accept-on-arrival", self->accept_switch, "active",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  g_signal_group_set_target (self->portal_signals, portal);
  update_running (self);
  return self;
}

/* The portal stopped by itself, out of descriptors: the master is told at once, over
 * whatever he is doing (the room's window of the moment), that the phones are cut off while
 * his campaign is safe. */
static void
portal_failed_cb (AdmPortal     *portal,
                  const char    *message,
                  AdmiraltyRoom *room)
{
  GtkWidget *dialog = adw_message_dialog_new (admiralty_room_get_window (room),
                                              _("The admirals’ portal stopped"), message);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

AdmPortal *
admiralty_share_dialog_portal_for (AdmiraltyRoom        *room,
                                   AdmCampaign          *campaign,
                                   GError              **error)
{
  g_autoptr(AdmPortal) made = NULL;
  AdmPortal *portal;

  g_return_val_if_fail (ADMIRALTY_IS_ROOM (room), NULL);
  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), NULL);

  portal = admiralty_room_get_portal (room);
  if (portal != NULL && adm_portal_get_campaign (portal) == campaign)
    return portal;
  made = adm_portal_new (campaign, error);
  if (made == NULL)
    return NULL;
  /* The room keeps one portal: another campaign's, stopped with it, goes. */
  admiralty_room_set_portal (room, made);
  portal = made;
  g_signal_connect_object (portal, "failed", G_CALLBACK (portal_failed_cb), room, 0);
  return portal;
}

AdmPortal *
admiralty_share_dialog_present (AdmiraltyRoom       *room,
                                AdmCampaign         *campaign)
{
  g_autoptr(GError) error = NULL;
  AdmPortal *portal = admiralty_share_dialog_portal_for (room, campaign, &error);

  if (portal == NULL)
    {
      GtkWidget *dialog = adw_message_dialog_new (admiralty_room_get_window (room),
                                                  _("The admirals cannot be shared with"),
                                                  error->message);

      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
      gtk_window_present (GTK_WINDOW (dialog));
      return NULL;
    }
  gtk_window_present (GTK_WINDOW (admiralty_share_dialog_new (room)));
  return portal;
}
