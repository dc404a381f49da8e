/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-clock-button.h: the header's cycle clock, "32:15", with its commands. */
#pragma once

#include <gtk/gtk.h>

#include "admiralty-cycle-clock.h"

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_CLOCK_BUTTON (admiralty_clock_button_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyClockButton, admiralty_clock_button, ADMIRALTY, CLOCK_BUTTON,
                      GtkWidget)

void                 admiralty_clock_button_set_clock (AdmiraltyClockButton *self,
                                                       AdmiraltyCycleClock  *clock);
/* What the button shows: "32:15" or "Session due". */
const char          *admiralty_clock_button_get_text  (AdmiraltyClockButton *self);

G_END_DECLS
