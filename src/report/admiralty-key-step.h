/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-key-step.h: where an arrow key takes a keyboard focus among things drawn in a
 * plane (sectors on the map, tokens on the table): to the nearest thing that way. Plain
 * numbers: no display. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* How far the point (@x, @y) lies the way of an arrow key (@dx, @dy: a unit step, (1, 0)
 * right, (0, -1) up, y down) from (@from_x, @from_y): its distance ahead plus twice its
 * distance aside, so that a thing straight ahead wins over a nearer one off to the side.
 * INFINITY when it lies level or behind, or more than 60° off the arrow's way. The smallest
 * score is where the focus goes. */
double admiralty_key_step_score (double from_x,
                                 double from_y,
                                 double x,
                                 double y,
                                 int    dx,
                                 int    dy);

G_END_DECLS
