/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-key-step.c: the arrow keys' way from one thing to the next. */

#include "config.h"

#include <math.h>

#include "admiralty-key-step.h"

/* tan 60°, a little over: a thing on the 60° line still counts. */
#define MAX_ASIDE_PER_AHEAD 1.75

double
admiralty_key_step_score (double from_x,
                          double from_y,
                          double x,
                          double y,
                          int    dx,
                          int    dy)
{
  double ahead = (x - from_x) * dx + (y - from_y) * dy;
  double aside = fabs ((x - from_x) * dy - (y - from_y) * dx);

  g_return_val_if_fail ((dx == 0) != (dy == 0), INFINITY);

  if (ahead <= 0 || aside > ahead * MAX_ASIDE_PER_AHEAD)
    return INFINITY;
  return ahead + 2.0 * aside;
}
