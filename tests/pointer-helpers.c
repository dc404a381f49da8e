/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pointer-helpers.c: see pointer-helpers.h. */
#include "config.h"

#include "pointer-helpers.h"

#include "admiralty-battle-page-private.h"
#include "admiralty-dice-contribution-dialog.h"
#include "admiralty-dice-prompt.h"
#include "admiralty-window-private.h"

typedef struct {
  GdkSurface *surface;
  int         x, y;
} PointerTarget;

gboolean
pointer_available (void)
{
  g_autofree char *xdotool = g_find_program_in_path ("xdotool");

  return xdotool != NULL && GDK_IS_X11_DISPLAY (gdk_display_get_default ());
}

typedef struct {
  GtkWidget *window;
  guint      id;
  guint      ticks;
} Frame;

static gboolean
count_tick (GtkWidget     *widget,
            GdkFrameClock *clock,
            gpointer       data)
{
  Frame *frame = data;

  frame->ticks++;
  return G_SOURCE_REMOVE;
}

/* Whether every window of @data (a GArray of Frame) shown has ticked, in a frame begun after
 * the tick was asked for, or is no longer shown: a condition for iterate_until (). */
static gboolean
frames_drawn (gpointer data)
{
  GArray *frames = data;

  for (guint i = 0; i < frames->len; i++)
    {
      const Frame *frame = &g_array_index (frames, Frame, i);

      if (frame->ticks == 0 && gtk_widget_get_mapped (frame->window))
        return FALSE;
    }
  return TRUE;
}

/* What xdotool did, handed to GTK: xdotool closes its connection with a round trip, so the X
 * server has made its events; this round trip puts them in GDK's queue and the main context
 * hands them to the widgets. A motion, a smooth scroll or a window's new size GDK holds until
 * a frame begins: with @frame_too, every window shown draws one more frame. */
static void
settle (gboolean frame_too)
{
  gdk_display_sync (gdk_display_get_default ());
  iterate ();
  if (frame_too)
    wait_frames ();
}

void
wait_frames (void)
{
  g_autoptr(GList) toplevels = NULL;
  g_autoptr(GArray) frames = g_array_new (FALSE, FALSE, sizeof (Frame));

  toplevels = gtk_window_list_toplevels ();
  for (GList *l = toplevels; l != NULL; l = l->next)
    if (gtk_widget_get_mapped (l->data))
      g_array_append_val (frames, ((Frame) { g_object_ref (l->data), 0, 0 }));
  /* Added once the array has its size: each callback holds its own element. */
  for (guint i = 0; i < frames->len; i++)
    {
      Frame *frame = &g_array_index (frames, Frame, i);

      frame->id = gtk_widget_add_tick_callback (frame->window, count_tick, frame, NULL);
    }
  iterate_until (frames_drawn, frames, 5000);
  g_assert_true (frames_drawn (frames));
  for (guint i = 0; i < frames->len; i++)
    {
      Frame *frame = &g_array_index (frames, Frame, i);

      if (frame->ticks == 0)
        gtk_widget_remove_tick_callback (frame->window, frame->id);
      g_object_unref (frame->window);
    }
  iterate ();
}

void
xdo (const char *format,
     ...)
{
  g_autofree char *args = NULL;
  g_autofree char *command = NULL;
  g_autoptr(GError) error = NULL;
  int status = 0;
  va_list ap;

  va_start (ap, format);
  args = g_strdup_vprintf (format, ap);
  va_end (ap);
  command = g_strconcat ("xdotool ", args, NULL);
  g_assert_true (g_spawn_command_line_sync (command, NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_cmpint (status, ==, 0);
  /* Keys, the focus and the left, middle and right buttons are handed on at once, and so is
   * a motion before them (xdotool runs a chain of commands in order; "key" and "type" take
   * the rest of it). */
  settle (!g_regex_match_simple ("(^| )((key|type) .*|windowfocus --sync [0-9]+|"
                                 "(click (--delay 0 )?|mousedown |mouseup )[123])$", args, 0,
                                 0));
}

gulong
pointer_window_point (GtkWidget *widget,
                      double     x,
                      double     y,
                      int       *wx,
                      int       *wy)
{
  GtkNative *native = gtk_widget_get_native (widget);
  double nx = x, ny = y, sx = 0, sy = 0;

  g_assert_nonnull (native);
  g_assert_true (gtk_widget_translate_coordinates (widget, GTK_WIDGET (native), x, y, &nx,
                                                   &ny));
  gtk_native_get_surface_transform (native, &sx, &sy);
  *wx = (int) (nx + sx + 0.5);
  *wy = (int) (ny + sy + 0.5);
  return (gulong) gdk_x11_surface_get_xid (gtk_native_get_surface (native));
}

/* Whether the pointer is at @data's point of its surface, as the X server says. */
static gboolean
pointer_at (gpointer data)
{
  const PointerTarget *target = data;
  GdkSeat *seat = gdk_display_get_default_seat (gdk_surface_get_display (target->surface));
  double x = -1, y = -1;

  gdk_surface_get_device_position (target->surface, gdk_seat_get_pointer (seat), &x, &y, NULL);
  return (int) x == target->x && (int) y == target->y;
}

/* The xdotool command (with a space after it) that moves the pointer to (@x, @y) of @widget;
 * @target is that point. Sent even when the pointer is there already: a window shown or gone
 * under a still pointer leaves GTK's idea of what is under it behind until it moves. */
static char *
move_command (GtkWidget     *widget,
              double         x,
              double         y,
              PointerTarget *target)
{
  gulong xid = pointer_window_point (widget, x, y, &target->x, &target->y);

  target->surface = gtk_native_get_surface (gtk_widget_get_native (widget));
  return g_strdup_printf ("mousemove --window %lu %d %d ", xid, target->x, target->y);
}

void
pointer_move (GtkWidget *widget,
              double     x,
              double     y)
{
  PointerTarget target;
  g_autofree char *move = move_command (widget, x, y, &target);

  /* xdotool's own --sync with --window waits for the pointer to leave where it was, and so
   * sits out its whole timeout (15 s) when it is already there: wait for the point instead. */
  xdo ("%s", move);
  iterate_until (pointer_at, &target, 2000);
  g_assert_true (pointer_at (&target));
}

void
pointer_click (GtkWidget *widget,
               double     x,
               double     y)
{
  pointer_move (widget, x, y);
  /* xdotool's click sleeps its --delay (100 ms unless told) after every click, the last one
   * too: one click has nothing to wait for. */
  xdo ("click --delay 0 1");
}

void
scroll_into_view (GtkWidget *widget)
{
  /* Every scrolled window around @widget, the inner first: a table scrolled sideways may sit
   * in a page scrolled up and down. */
  for (GtkWidget *scrolled = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
       scrolled != NULL;
       scrolled = gtk_widget_get_parent (scrolled) != NULL
                  ? gtk_widget_get_ancestor (gtk_widget_get_parent (scrolled),
                                             GTK_TYPE_SCROLLED_WINDOW)
                  : NULL)
    {
      GtkAdjustment *adjustment =
        gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
      double x = 0, y = 0;
      int height, visible;

      g_assert_true (gtk_widget_translate_coordinates (widget, scrolled, 0, 0, &x, &y));
      height = gtk_widget_get_height (widget);
      visible = gtk_widget_get_height (scrolled);
      if (y >= 0 && y + height <= visible)
        continue;
      gtk_adjustment_set_value (adjustment, gtk_adjustment_get_value (adjustment) + y -
                                            (visible - height) / 2.0);
      /* Laid out where it scrolled to. */
      wait_frames ();
    }
}

void
pointer_click_widget (GtkWidget *widget)
{
  g_assert_true (gtk_widget_get_mapped (widget));
  scroll_into_view (widget);
  pointer_click (widget, gtk_widget_get_width (widget) / 2.0,
                 gtk_widget_get_height (widget) / 2.0);
}

void
pointer_drag (GtkWidget *widget,
              double     x1,
              double     y1,
              double     x2,
              double     y2)
{
  const int steps = 5;

  pointer_move (widget, x1, y1);
  xdo ("mousedown 1");
  for (int i = 1; i <= steps; i++)
    pointer_move (widget, x1 + (x2 - x1) * i / steps, y1 + (y2 - y1) * i / steps);
  xdo ("mouseup 1");
}

/* Whether the X server has its keyboard focus on the X window @xid. */
static gboolean
has_x_focus (gulong xid)
{
  Window focus = None;
  int revert;

  XGetInputFocus (gdk_x11_display_get_xdisplay (gdk_display_get_default ()), &focus, &revert);
  return focus == xid;
}

/* The xdotool commands (each with a space after it) that put the pointer over @window and
 * give it the X keyboard focus, as a click on it would with a window manager (the focus only
 * when it is not there already). */
static char *
focus_commands (GtkWidget *window)
{
  PointerTarget target;
  g_autofree char *move = move_command (window, 8, 8, &target);
  gulong xid = gdk_x11_surface_get_xid (target.surface);

  return has_x_focus (xid) ? g_steal_pointer (&move)
                           : g_strdup_printf ("%swindowfocus --sync %lu ", move, xid);
}

void
focus_window (GtkWidget *window)
{
  g_autofree char *focus = focus_commands (window);

  xdo ("%s", focus);
}

void
keys_to (GtkWidget  *window,
         const char *keys)
{
  g_autofree char *focus = focus_commands (window);

  /* No delay between keys: the test waits for xdotool before its main context reads any of
   * them, so they come to GTK in order however close together the X server stamped them. */
  xdo ("%skey --delay 0 %s", focus, keys);
}

void
type_to (GtkWidget  *window,
         const char *text)
{
  g_autofree char *quoted = g_shell_quote (text);
  g_autofree char *focus = focus_commands (window);

  /* "--": a text that starts with "-" is typed, not read as an option. */
  xdo ("%stype --delay 0 -- %s", focus, quoted);
}

void
keys_repeated_to (GtkWidget  *window,
                  const char *key,
                  guint       times,
                  const char *then)
{
  g_autoptr(GString) keys = g_string_new (NULL);

  for (guint i = 0; i < times; i++)
    g_string_append_printf (keys, "%s%s", keys->len > 0 ? " " : "", key);
  if (then != NULL)
    g_string_append_printf (keys, "%s%s", keys->len > 0 ? " " : "", then);
  if (keys->len > 0)
    keys_to (window, keys->str);
}

void
type_between_keys (GtkWidget  *window,
                   const char *before,
                   const char *text,
                   const char *after)
{
  g_autofree char *quoted = g_shell_quote (text);
  g_autofree char *focus = focus_commands (window);
  g_autofree char *first = before != NULL ? g_strdup_printf ("key --delay 0 %s ", before)
                                          : g_strdup ("");
  g_autofree char *last = after != NULL ? g_strdup_printf (" key --delay 0 %s", after)
                                        : g_strdup ("");

  /* "--args 1": "type" takes one argument and the chain goes on after it (without it, "type"
   * takes the rest of the command); "--": a text that starts with "-" is typed. */
  xdo ("%s%stype --delay 0 --args 1 -- %s%s", focus, first, quoted, last);
}

/* Whether the X server has the pointer at (@x, @y) of the screen. */
static gboolean
root_pointer_at (int x,
                 int y)
{
  Display *display = gdk_x11_display_get_xdisplay (gdk_display_get_default ());
  Window root, child;
  int root_x = -1, root_y = -1, win_x, win_y;
  unsigned int mask;

  XQueryPointer (display, DefaultRootWindow (display), &root, &child, &root_x, &root_y, &win_x,
                 &win_y, &mask);
  return root_x == x && root_y == y;
}

void
root_screenshot (const char *name,
                 int         width,
                 int         height)
{
  g_autofree char *path = g_build_filename (g_getenv ("ADMIRALTY_BUILD_DIR"), "tests", name,
                                            NULL);
  Display *display = gdk_x11_display_get_xdisplay (gdk_display_get_default ());
  Window root = DefaultRootWindow (display);
  cairo_surface_t *surface;
  XImage *image;
  unsigned char *data;
  int stride;

  /* The pointer off the windows, so that no tooltip or hover shows in the picture. xdotool's
   * own --sync waits for the pointer to leave where it was, and so sits out its whole timeout
   * (15 s and more) when it is already in the corner: the X server is asked where it is
   * instead, after xdotool's round trip. */
  {
    g_autoptr(GdkMonitor) monitor = g_list_model_get_item (
        gdk_display_get_monitors (gdk_display_get_default ()), 0);
    GdkRectangle area;
    int x, y;

    gdk_monitor_get_geometry (monitor, &area);
    x = area.x + area.width - 1;
    y = area.y + area.height - 1;
    xdo ("mousemove %d %d", x, y);
    g_assert_true (root_pointer_at (x, y));
    if (width <= 0 || height <= 0)
      {
        width = area.x + area.width;
        height = area.y + area.height;
      }
  }
  /* The tooltips gone and the hover let go: drawn in the frame xdo () waits for after a
   * motion. The X server's picture of its screen, read on GDK's own connection, after what
   * the app drew on it: what the room sees, as ImageMagick's import -window root takes it,
   * without a process of its own. */
  image = XGetImage (display, root, 0, 0, (unsigned int) width, (unsigned int) height,
                     AllPlanes, ZPixmap);
  g_assert_nonnull (image);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, height);
  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  for (int y = 0; y < height; y++)
    {
      guint32 *row = (guint32 *) (data + (gsize) y * stride);

      for (int x = 0; x < width; x++)
        {
          unsigned long pixel = XGetPixel (image, x, y);

          row[x] = (guint32) ((((pixel & image->red_mask) * 255 / image->red_mask) << 16) |
                              (((pixel & image->green_mask) * 255 / image->green_mask) << 8) |
                              ((pixel & image->blue_mask) * 255 / image->blue_mask));
        }
    }
  cairo_surface_mark_dirty (surface);
  XDestroyImage (image);
  g_assert_cmpint (cairo_surface_write_to_png (surface, path), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (surface);
  g_test_message ("screenshot: %s", path);
}

void
resolve_by_click (AdmiraltyWindow *window,
                  AdmBattle       *battle,
                  int              phases)
{
  for (int i = 0; i < phases; i++)
    {
      int turn = adm_battle_get_turn (battle);
      AdmPhase phase = adm_battle_get_phase (battle);
      Resolving resolve = resolving (window, _admiralty_window_get_battle_page (window));

      pointer_click_widget (window->resolve_button);
      wait_resolved (&resolve, 1500);
      g_assert_null (_admiralty_window_get_error_dialog (window));
      g_assert_true (adm_battle_get_turn (battle) != turn ||
                     adm_battle_get_phase (battle) != phase);
    }
}

static guint
selected_of (GtkWidget *control)
{
  return GTK_IS_DROP_DOWN (control) ? gtk_drop_down_get_selected (GTK_DROP_DOWN (control))
                                    : adw_combo_row_get_selected (ADW_COMBO_ROW (control));
}

void
choose_with_keys (GtkWidget *window,
                  GtkWidget *control,
                  guint      position)
{
  guint selected = selected_of (control);
  guint from = selected == GTK_INVALID_LIST_POSITION ? 0 : selected;

  g_assert_true (GTK_IS_DROP_DOWN (control) || ADW_IS_COMBO_ROW (control));
  if (selected == position)
    return;
  pointer_click_widget (control);
  iterate_until (popover_open, control, 5000);
  g_assert_true (popover_open (control));
  keys_repeated_to (window, position > from ? "Down" : "Up",
                    position > from ? position - from : from - position, "Return");
  iterate_until (popover_closed, control, 5000);
  g_assert_true (popover_closed (control));
  g_assert_cmpuint (selected_of (control), ==, position);
}


void
click_menu_button_item (GtkWidget  *menu_button,
                 const char *label,
                 const char *screenshot)
{
  GtkWidget *popover, *item;

  g_assert_true (GTK_IS_MENU_BUTTON (menu_button));
  focus_window (GTK_WIDGET (gtk_widget_get_root (menu_button)));
  pointer_click_widget (menu_button);
  popover = GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (menu_button)));
  g_assert_nonnull (popover);
  iterate_until (widget_mapped, popover, 5000);
  wait_frame (popover);
  if (screenshot != NULL)
    save_screenshot (popover, screenshot);
  item = find_widget (popover, is_drawn_label_text, label);
  g_assert_nonnull (item);
  pointer_click_widget (item);
  iterate ();
}

/* Whether the GtkStack @data has ended its transition: a condition for iterate_until (). */
static gboolean
stack_settled (gpointer data)
{
  return !gtk_stack_get_transition_running (data);
}

void
click_menu_button_submenu_item (GtkWidget  *menu_button,
                                const char *submenu,
                                const char *label,
                                const char *screenshot)
{
  GtkWidget *popover, *item, *stack;

  click_menu_button_item (menu_button, submenu, NULL);
  popover = GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (menu_button)));
  /* The submenu slides in: its item drawn once it has. */
  stack = find_widget (popover, has_type, GSIZE_TO_POINTER (GTK_TYPE_STACK));
  g_assert_nonnull (stack);
  iterate_until (stack_settled, stack, 5000);
  g_assert_true (stack_settled (stack));
  wait_frame (popover);
  if (screenshot != NULL)
    save_screenshot (popover, screenshot);
  item = find_widget (popover, is_drawn_label_text, label);
  g_assert_nonnull (item);
  pointer_click_widget (item);
  iterate ();
}

GtkWidget *
file_chooser_dialog (void)
{
  return shown_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG);
}

gboolean
file_chooser_shown (gpointer data)
{
  return file_chooser_dialog () != NULL;
}

gboolean
file_chooser_gone (gpointer data)
{
  return file_chooser_dialog () == NULL;
}

void
choose_file (const char *path)
{
  GtkWidget *dialog;

  iterate_until (file_chooser_shown, NULL, 5000);
  dialog = file_chooser_dialog ();
  g_assert_nonnull (dialog);
  wait_frame (dialog);
  focus_window (dialog);
  if (gtk_file_chooser_get_action (GTK_FILE_CHOOSER (dialog)) == GTK_FILE_CHOOSER_ACTION_SAVE)
    keys_to (dialog, "ctrl+a");
  else
    keys_to (dialog, "ctrl+l");
  type_to (dialog, path);
  iterate_until (NULL, NULL, 200);
  keys_to (dialog, "Return");
  iterate_until (file_chooser_gone, NULL, 5000);
  g_assert_null (file_chooser_dialog ());
  iterate ();
}

typedef struct {
  AdmiraltyBattlePage *page;
  GtkWidget           *dialog;  /* the prompt Return was pressed in */
} PromptEntered;

static gboolean
dice_prompt_took (gpointer data)
{
  const PromptEntered *entered = data;
  GtkWidget *dialog = _admiralty_battle_page_get_dice_dialog (entered->page);

  return dialog == NULL || dialog != entered->dialog ||
         admiralty_dice_prompt_get_text (dialog)[0] == '\0';
}

void
dice_prompt_enter (AdmiraltyBattlePage *page)
{
  PromptEntered entered = { page, _admiralty_battle_page_get_dice_dialog (page) };

  g_assert_nonnull (entered.dialog);
  g_assert_true (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (entered.dialog),
                                                          "enter"));
  keys_to (entered.dialog, "Return");
  iterate_until (dice_prompt_took, &entered, 5000);
  g_assert_true (dice_prompt_took (&entered));
  wait_frames ();
}

void
dice_contributions_give (const char * const *dice)
{
  gpointer type = GSIZE_TO_POINTER (ADMIRALTY_TYPE_DICE_CONTRIBUTION_DIALOG);
  AdmiraltyDiceContributionDialog *dialog;
  guint n;
  gboolean keys = pointer_available ();

  iterate_until (toplevel_shown, type, 5000);
  dialog = ADMIRALTY_DICE_CONTRIBUTION_DIALOG (
    shown_toplevel (ADMIRALTY_TYPE_DICE_CONTRIBUTION_DIALOG));
  g_assert_nonnull (dialog);
  n = admiralty_dice_contribution_dialog_get_n_entries (dialog);
  g_assert_cmpuint (n, >, 0);
  for (guint i = 0; i < n; i++)
    {
      GtkEditable *entry = admiralty_dice_contribution_dialog_get_entry (dialog, i);
      const char *thrown = "3 5";

      for (guint d = 0; dice != NULL && d <= i && dice[d] != NULL; d++)
        if (d == i)
          thrown = dice[d];
      if (!keys)
        {
          gtk_editable_set_text (entry, thrown);
          continue;
        }
      /* As a master types them: the dialog opens on the first side's dice, Tab goes to the
       * next side's (past its "Thrown by the master" box). */
      if (i > 0)
        keys_to (GTK_WIDGET (dialog), "Tab");
      g_assert_true (gtk_widget_has_focus (GTK_WIDGET (entry)) ||
                     gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (dialog)),
                                             GTK_WIDGET (entry)));
      type_to (GTK_WIDGET (dialog), thrown);
    }
  if (keys)
    keys_to (GTK_WIDGET (dialog), "Return");
  else
    {
      /* As a click on the button does: the response, then the dialog closed. */
      adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "give");
      gtk_window_close (GTK_WINDOW (dialog));
    }
  iterate_until (toplevel_gone, type, 5000);
  g_assert_null (shown_toplevel (ADMIRALTY_TYPE_DICE_CONTRIBUTION_DIALOG));
  iterate ();
}

void
dice_prompt_answer_fives (AdmiraltyBattlePage *page)
{
  g_autoptr(GString) text = g_string_new (NULL);

  g_assert_nonnull (_admiralty_battle_page_get_dice_request (page));
  for (guint i = 0; i < _admiralty_battle_page_get_dice_count (page); i++)
    g_string_append (text, i > 0 ? " 5" : "5");
  type_to (_admiralty_battle_page_get_dice_dialog (page), text->str);
  dice_prompt_enter (page);
}
