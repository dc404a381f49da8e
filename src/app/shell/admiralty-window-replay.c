/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-window-replay.c: "Replay the War…" (win.replay) — the campaign's journal stepped
 * through in a window of its own (admiralty-replay-window.h), read only, while the live night
 * goes on here. When the master shows the replay on the projector, the projector is opened
 * if it is not and its map follows the replay's steps until he stops or closes the replay. */

#include "config.h"

#include "admiralty-replay-window.h"
#include "admiralty-window-private.h"

/* The replay asks for the projector: opened if it is not, its map handed over. */
static void
projecting_cb (AdmiraltyWindow       *self,
               GParamSpec            *pspec,
               AdmiraltyReplayWindow *replay)
{
  gboolean projecting = FALSE;

  g_object_get (replay, "projecting", &projecting, NULL);
  if (!projecting)
    return;
  if (self->projector == NULL)
    gtk_widget_activate_action (GTK_WIDGET (self), "win.projector", NULL);
  if (self->projector != NULL)
    admiralty_replay_window_set_projector (
      replay, admiralty_projector_window_get_map (ADMIRALTY_PROJECTOR_WINDOW (self->projector)),
      admiralty_projector_window_get_table (ADMIRALTY_PROJECTOR_WINDOW (self->projector)));
}

/* The battle's phase on the projector's table, under the heading the replay gives it. */
static void
projector_heading_cb (AdmiraltyWindow       *self,
                      GParamSpec            *pspec,
                      AdmiraltyReplayWindow *replay)
{
  if (self->projector != NULL)
    admiralty_projector_window_set_battle_heading (
      ADMIRALTY_PROJECTOR_WINDOW (self->projector),
      admiralty_replay_window_get_projector_heading (replay));
}

AdmiraltyReplayWindow *
_admiralty_window_open_replay (AdmiraltyWindow *self)
{
  AdmiraltyReplayWindow *replay;

  if (self->campaign == NULL)
    return NULL;
  replay = admiralty_replay_window_new (gtk_window_get_application (GTK_WINDOW (self)),
                                        self->campaign);
  g_signal_connect_object (replay, "notify::projecting", G_CALLBACK (projecting_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (replay, "notify::projector-heading",
                           G_CALLBACK (projector_heading_cb), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (replay));
  return replay;
}

/* win.replay */
static void
replay_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  /* Enabled only while a campaign is open (_admiralty_window_update_actions ()). */
  _admiralty_window_open_replay (ADMIRALTY_WINDOW (widget));
}

void
_admiralty_window_class_replay_init (AdmiraltyWindowClass *klass)
{
  gtk_widget_class_install_action (GTK_WIDGET_CLASS (klass), "win.replay", NULL, replay_action);
}
