/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-scenario-contrast.h: opposing factions whose colours look alike — to everyone, or to an
 * admiral with protanopia or deuteranopia (adm-colour-vision.h: Machado 2009, CIE76) — as
 * advice the scenario editor lists with its problems. */
#pragma once

#include <glib.h>
#include <libxml/tree.h>

#include "adm-scenario.h"

G_BEGIN_DECLS

/* One AdmProblem (adm-scenario-check.h, advice TRUE) for each pair of factions of @scenario
 * on opposing sides (not allied) whose colours differ by less than
 * ADM_COLOUR_DISTINCT_DELTA_E to normal, protanopic or deuteranopic eyes, the one that sees
 * the least difference named; in the factions' order. Each is at the faction's element of the
 * <season> @scenario_node carries, or else at the first element of @scenario_node naming the
 * faction. Free with g_ptr_array_unref (). */
GPtrArray *adm_scenario_contrast_problems (AdmScenario *scenario,
                                           xmlNode     *scenario_node) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
