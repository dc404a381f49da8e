/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-cycle-clock.h: the time to the next communication session (F-STRAT-1). */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_CYCLE_CLOCK (admiralty_cycle_clock_get_type ())

G_DECLARE_FINAL_TYPE (AdmiraltyCycleClock, admiralty_cycle_clock, ADMIRALTY, CYCLE_CLOCK, GObject)

/* The wall-clock time in whole seconds since 1970; tests pass a fake one. */
typedef gint64 (*AdmiraltyClockNowFunc) (gpointer user_data);

/* The longest a cycle may be made by adjusting it, in seconds (ten hours). */
#define ADMIRALTY_CYCLE_CLOCK_MAX_SECONDS 36000

AdmiraltyCycleClock *admiralty_cycle_clock_new               (GSettings             *settings)
                                                              G_GNUC_WARN_UNUSED_RESULT;
void                 admiralty_cycle_clock_set_now_func      (AdmiraltyCycleClock   *self,
                                                              AdmiraltyClockNowFunc  func,
                                                              gpointer               user_data);
int                  admiralty_cycle_clock_get_remaining_seconds (AdmiraltyCycleClock *self);
gboolean             admiralty_cycle_clock_get_running       (AdmiraltyCycleClock   *self);
gboolean             admiralty_cycle_clock_get_due           (AdmiraltyCycleClock   *self);
int                  admiralty_cycle_clock_get_cycle_minutes (AdmiraltyCycleClock   *self);
void                 admiralty_cycle_clock_set_cycle_minutes (AdmiraltyCycleClock   *self,
                                                              int                    minutes);
void                 admiralty_cycle_clock_set_season_minutes (AdmiraltyCycleClock  *self,
                                                               int                   minutes);
void                 admiralty_cycle_clock_start             (AdmiraltyCycleClock   *self);
void                 admiralty_cycle_clock_pause             (AdmiraltyCycleClock   *self);
void                 admiralty_cycle_clock_resume            (AdmiraltyCycleClock   *self);
void                 admiralty_cycle_clock_adjust            (AdmiraltyCycleClock   *self,
                                                              int                    minutes);
void                 admiralty_cycle_clock_next_cycle        (AdmiraltyCycleClock   *self);
/* Reads the time again, as the once-a-second tick does. */
void                 admiralty_cycle_clock_update            (AdmiraltyCycleClock   *self);
/* "32:15", or "1:02:15" from an hour up. */
char                *admiralty_cycle_clock_format            (int                    seconds)
                                                              G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
