/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-cycle-clock.c: the time to the next communication session (F-STRAT-1: one a
 * cycle of the season's minutes of real time, or of the master's own).
 *
 * The state is a wall-clock deadline while the clock runs, or the seconds left while it is
 * paused; with settings both live in GSettings ("clock-deadline", "clock-paused-remaining"),
 * so a restart after a crash shows the same countdown, and every window's clock follows the
 * others. A cycle not yet started is a paused one holding a whole cycle: the season's minutes
 * its window gives it while "cycle-minutes-from-season" is on, else "cycle-minutes". */

#include "config.h"

#include "admiralty-cycle-clock.h"

struct _AdmiraltyCycleClock
{
  GObject                parent_instance;

  GSettings             *settings;
  GSignalGroup          *settings_signals;  /* on the settings, for the clock's life */
  AdmiraltyClockNowFunc  now_func;
  gpointer               now_data;

  /* The state: a deadline (unix seconds) while running, else 0; the seconds left while
   * paused, -1 for a whole cycle. */
  gint64                 deadline;
  int                    paused_remaining;
  int                    own_minutes;     /* "cycle-minutes" */
  gboolean               from_season;     /* "cycle-minutes-from-season" */
  int                    season_minutes;  /* the open campaign's, or 0 */
  int                    cycle_minutes;   /* of the two, the one in force */

  /* What the state shows at the last update. */
  int                    remaining;
  gboolean               running;
  gboolean               due;

  guint                  tick_id;
  gboolean               saving;
};

G_DEFINE_FINAL_TYPE (AdmiraltyCycleClock, admiralty_cycle_clock, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_REMAINING_SECONDS,
  PROP_RUNNING,
  PROP_DUE,
  PROP_CYCLE_MINUTES,
  N_PROPS
};

enum {
  DUE,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static gint64
real_now (gpointer user_data)
{
  return g_get_real_time () / G_USEC_PER_SEC;
}

static gint64
admiralty_cycle_clock_now (AdmiraltyCycleClock *self)
{
  return self->now_func (self->now_data);
}

static gboolean
tick_cb (gpointer user_data)
{
  admiralty_cycle_clock_update (user_data);

  return G_SOURCE_CONTINUE;
}

/* Ticks once a second while there is a countdown to show. */
static void
admiralty_cycle_clock_set_ticking (AdmiraltyCycleClock *self,
                                   gboolean             ticking)
{
  if (ticking && self->tick_id == 0)
    self->tick_id = g_timeout_add_seconds (1, tick_cb, self);
  else if (!ticking)
    g_clear_handle_id (&self->tick_id, g_source_remove);
}

/* Reads the state again and tells what changed; "due" is emitted when the time runs out,
 * once: it is not again until the time is adjusted up or a new cycle starts. */
void
admiralty_cycle_clock_update (AdmiraltyCycleClock *self)
{
  gboolean running, due, became_due = FALSE;
  int remaining;

  g_return_if_fail (ADMIRALTY_IS_CYCLE_CLOCK (self));

  running = self->deadline > 0;
  if (running)
    remaining = (int) CLAMP (self->deadline - admiralty_cycle_clock_now (self), 0,
                             ADMIRALTY_CYCLE_CLOCK_MAX_SECONDS);
  else if (self->paused_remaining >= 0)
    remaining = self->paused_remaining;
  else
    remaining = self->cycle_minutes * 60;
  due = remaining == 0;

  g_object_freeze_notify (G_OBJECT (self));
  if (remaining != self->remaining)
    {
      self->remaining = remaining;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REMAINING_SECONDS]);
    }
  if (running != self->running)
    {
      self->running = running;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
    }
  if (due != self->due)
    {
      self->due = due;
      became_due = due;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DUE]);
    }
  g_object_thaw_notify (G_OBJECT (self));

  admiralty_cycle_clock_set_ticking (self, running && !due);

  if (became_due)
    g_signal_emit (self, signals[DUE], 0);
}

/* The cycle's length in force: the season's while it is asked for and known, else the
 * master's own. TRUE when it changed. */
static gboolean
admiralty_cycle_clock_choose_minutes (AdmiraltyCycleClock *self)
{
  int minutes = self->from_season && self->season_minutes > 0 ? self->season_minutes
                                                              : self->own_minutes;

  if (minutes == self->cycle_minutes)
    return FALSE;
  self->cycle_minutes = minutes;
  return TRUE;
}

/* Reads the state from the settings; TRUE when the cycle's length in force changed. */
static gboolean
admiralty_cycle_clock_load (AdmiraltyCycleClock *self)
{
  if (self->settings == NULL)
    return FALSE;

  self->own_minutes = g_settings_get_int (self->settings, "cycle-minutes");
  self->from_season = g_settings_get_boolean (self->settings, "cycle-minutes-from-season");
  self->deadline = g_settings_get_int64 (self->settings, "clock-deadline");
  self->paused_remaining = g_settings_get_int (self->settings, "clock-paused-remaining");
  return admiralty_cycle_clock_choose_minutes (self);
}

/* Writes the state and shows it. Our own writes are not read back: they are the state. */
static void
admiralty_cycle_clock_save (AdmiraltyCycleClock *self)
{
  if (self->settings != NULL)
    {
      self->saving = TRUE;
      g_settings_set_int64 (self->settings, "clock-deadline", self->deadline);
      g_settings_set_int (self->settings, "clock-paused-remaining", self->paused_remaining);
      self->saving = FALSE;
    }

  admiralty_cycle_clock_update (self);
}

/* Another window's clock, the Preferences window, or dconf changed the state. */
static void
settings_changed_cb (AdmiraltyCycleClock *self,
                     const char          *key,
                     GSettings           *settings)
{
  if (self->saving
      || (g_strcmp0 (key, "cycle-minutes") != 0 && g_strcmp0 (key, "clock-deadline") != 0
          && g_strcmp0 (key, "clock-paused-remaining") != 0
          && g_strcmp0 (key, "cycle-minutes-from-season") != 0))
    return;

  if (admiralty_cycle_clock_load (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CYCLE_MINUTES]);
  admiralty_cycle_clock_update (self);
}

void
admiralty_cycle_clock_set_now_func (AdmiraltyCycleClock   *self,
                                    AdmiraltyClockNowFunc  func,
                                    gpointer               user_data)
{
  g_return_if_fail (ADMIRALTY_IS_CYCLE_CLOCK (self));

  self->now_func = func != NULL ? func : real_now;
  self->now_data = func != NULL ? user_data : NULL;
  admiralty_cycle_clock_update (self);
}

int
admiralty_cycle_clock_get_remaining_seconds (AdmiraltyCycleClock *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_CYCLE_CLOCK (self), 0);

  return self->remaining;
}

gboolean
admiralty_cycle_clock_get_running (AdmiraltyCycleClock *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_CYCLE_CLOCK (self), FALSE);

  return self->running;
}

gboolean
admiralty_cycle_clock_get_due (AdmiraltyCycleClock *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_CYCLE_CLOCK (self), FALSE);

  return self->due;
}

int
admiralty_cycle_clock_get_cycle_minutes (AdmiraltyCycleClock *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_CYCLE_CLOCK (self), 0);

  return self->cycle_minutes;
}

/* Tells what the length in force is now, and shows it. */
static void
admiralty_cycle_clock_minutes_changed (AdmiraltyCycleClock *self)
{
  if (admiralty_cycle_clock_choose_minutes (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CYCLE_MINUTES]);
  admiralty_cycle_clock_update (self);
}

/* The master's own length of the next cycles, in force when the season's is not asked for
 * or not known; the one running keeps its deadline. */
void
admiralty_cycle_clock_set_cycle_minutes (AdmiraltyCycleClock *self,
                                         int                  minutes)
{
  g_return_if_fail (ADMIRALTY_IS_CYCLE_CLOCK (self));
  g_return_if_fail (minutes >= 1 && minutes * 60 <= ADMIRALTY_CYCLE_CLOCK_MAX_SECONDS);

  if (minutes == self->own_minutes)
    return;

  self->own_minutes = minutes;
  if (self->settings != NULL)
    {
      self->saving = TRUE;
      g_settings_set_int (self->settings, "cycle-minutes", minutes);
      self->saving = FALSE;
    }
  admiralty_cycle_clock_minutes_changed (self);
}

/* F-STRAT-1: the open campaign's season's minutes a cycle (its ruleset's), or 0 with none
 * open; the one running keeps its deadline. */
void
admiralty_cycle_clock_set_season_minutes (AdmiraltyCycleClock *self,
                                          int                  minutes)
{
  g_return_if_fail (ADMIRALTY_IS_CYCLE_CLOCK (self));
  g_return_if_fail (minutes >= 0 && minutes * 60 <= ADMIRALTY_CYCLE_CLOCK_MAX_SECONDS);

  self->season_minutes = minutes;
  admiralty_cycle_clock_minutes_changed (self);
}

/* A whole cycle from now. */
void
admiralty_cycle_clock_start (AdmiraltyCycleClock *self)
{
  g_return_if_fail (ADMIRALTY_IS_CYCLE_CLOCK (self));

  self->deadline = admiralty_cycle_clock_now (self) + self->cycle_minutes * 60;
  self->paused_remaining = -1;
  admiralty_cycle_clock_save (self);
}

/* The session is over: the next cycle starts now (F-STRAT-1). */
void
admiralty_cycle_clock_next_cycle (AdmiraltyCycleClock *self)
{
  admiralty_cycle_clock_start (self);
}

void
admiralty_cycle_clock_pause (AdmiraltyCycleClock *self)
{
  g_return_if_fail (ADMIRALTY_IS_CYCLE_CLOCK (self));

  admiralty_cycle_clock_update (self);
  if (!self->running)
    return;

  self->paused_remaining = self->remaining;
  self->deadline = 0;
  admiralty_cycle_clock_save (self);
}

/* Counts down what was left; a cycle not yet started starts whole. */
void
admiralty_cycle_clock_resume (AdmiraltyCycleClock *self)
{
  g_return_if_fail (ADMIRALTY_IS_CYCLE_CLOCK (self));

  if (self->deadline > 0)
    return;

  self->deadline = admiralty_cycle_clock_now (self) + self->remaining;
  self->paused_remaining = -1;
  admiralty_cycle_clock_save (self);
}

/* The real game's hiccups: @minutes more (or fewer, when negative) before the session, from
 * what is left now; never below nothing. */
void
admiralty_cycle_clock_adjust (AdmiraltyCycleClock *self,
                              int                  minutes)
{
  int remaining;

  g_return_if_fail (ADMIRALTY_IS_CYCLE_CLOCK (self));

  admiralty_cycle_clock_update (self);
  remaining = CLAMP (self->remaining + minutes * 60, 0, ADMIRALTY_CYCLE_CLOCK_MAX_SECONDS);
  if (self->running)
    self->deadline = admiralty_cycle_clock_now (self) + remaining;
  else
    self->paused_remaining = remaining;
  admiralty_cycle_clock_save (self);
}

char *
admiralty_cycle_clock_format (int seconds)
{
  seconds = MAX (seconds, 0);

  if (seconds >= 3600)
    return g_strdup_printf ("%d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60);

  return g_strdup_printf ("%02d:%02d", seconds / 60, seconds % 60);
}

static void
admiralty_cycle_clock_dispose (GObject *object)
{
  AdmiraltyCycleClock *self = (AdmiraltyCycleClock *)object;

  g_clear_handle_id (&self->tick_id, g_source_remove);
  g_signal_group_set_target (self->settings_signals, NULL);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (admiralty_cycle_clock_parent_class)->dispose (object);
}

static void
admiralty_cycle_clock_finalize (GObject *object)
{
  AdmiraltyCycleClock *self = (AdmiraltyCycleClock *)object;

  g_clear_object (&self->settings_signals);

  G_OBJECT_CLASS (admiralty_cycle_clock_parent_class)->finalize (object);
}

static void
admiralty_cycle_clock_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  AdmiraltyCycleClock *self = ADMIRALTY_CYCLE_CLOCK (object);

  switch (prop_id)
    {
    case PROP_REMAINING_SECONDS:
      g_value_set_int (value, self->remaining);
      break;
    case PROP_RUNNING:
      g_value_set_boolean (value, self->running);
      break;
    case PROP_DUE:
      g_value_set_boolean (value, self->due);
      break;
    case PROP_CYCLE_MINUTES:
      g_value_set_int (value, self->cycle_minutes);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
admiralty_cycle_clock_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  AdmiraltyCycleClock *self = ADMIRALTY_CYCLE_CLOCK (object);

  switch (prop_id)
    {
    case PROP_CYCLE_MINUTES:
      admiralty_cycle_clock_set_cycle_minutes (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
admiralty_cycle_clock_class_init (AdmiraltyCycleClockClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = admiralty_cycle_clock_dispose;
  object_class->finalize = admiralty_cycle_clock_finalize;
  object_class->get_property = admiralty_cycle_clock_get_property;
  object_class->set_property = admiralty_cycle_clock_set_property;

  properties[PROP_REMAINING_SECONDS] =
    g_param_spec_int ("remaining-seconds", NULL, NULL,
                      0, ADMIRALTY_CYCLE_CLOCK_MAX_SECONDS, 0,
                      G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_DUE] =
    g_param_spec_boolean ("due", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_CYCLE_MINUTES] =
    g_param_spec_int ("cycle-minutes", NULL, NULL,
                      1, ADMIRALTY_CYCLE_CLOCK_MAX_SECONDS / 60, 1,
                      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * AdmiraltyCycleClock::due:
   *
   * The time to the communication session has run out.
   */
  signals[DUE] = g_signal_new ("due", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                               0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

/* The app's schema's default "cycle-minutes", for a clock keeping its state in memory. */
static int
schema_minutes (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema =
    source != NULL ? g_settings_schema_source_lookup (source, APP_ID, TRUE) : NULL;
  g_autoptr(GSettingsSchemaKey) key = NULL;
  g_autoptr(GVariant) value = NULL;

  if (schema == NULL || !g_settings_schema_has_key (schema, "cycle-minutes"))
    return 1;
  key = g_settings_schema_get_key (schema, "cycle-minutes");
  value = g_settings_schema_key_get_default_value (key);
  return g_variant_get_int32 (value);
}

static void
admiralty_cycle_clock_init (AdmiraltyCycleClock *self)
{
  self->settings_signals = g_signal_group_new (G_TYPE_SETTINGS);
  g_signal_group_connect_object (self->settings_signals, "changed",
                                 G_CALLBACK (settings_changed_cb), self, G_CONNECT_SWAPPED);
  self->now_func = real_now;
  self->own_minutes = schema_minutes ();
  self->from_season = TRUE;
  self->cycle_minutes = self->own_minutes;
  self->paused_remaining = -1;
  self->remaining = self->cycle_minutes * 60;
}

/* A clock keeping its state in @settings (the app's schema), or in memory when NULL. A state
 * already there is shown as it is, due or not, without emitting "due". */
AdmiraltyCycleClock *
admiralty_cycle_clock_new (GSettings *settings)
{
  AdmiraltyCycleClock *self;

  g_return_val_if_fail (settings == NULL || G_IS_SETTINGS (settings), NULL);

  self = g_object_new (ADMIRALTY_TYPE_CYCLE_CLOCK, NULL);
  if (settings != NULL)
    {
      self->settings = g_object_ref (settings);
      g_signal_group_set_target (self->settings_signals, settings);
      admiralty_cycle_clock_load (self);
    }
  admiralty_cycle_clock_update (self);

  return self;
}
