/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-replays.h: states of a journal's past — a report of an earlier cycle, what the sides
 * knew when the fleets met — each replayed once and carried on as the journal grows.
 *
 * A state is a function of the events applied to the scenario's, in order, through the one
 * check (adm_state_apply ()). A replay kept for a list of events serves any later list that
 * begins with the same events (the same AdmEvent objects, as the campaign's journal keeps
 * them, through undo and redo alike): only the events after them are applied, which gives the
 * state a replay from the scenario gives. The last few replays asked for are kept; the one
 * asked for least recently gives way. */
#pragma once

#include <glib.h>

#include "adm-scenario.h"
#include "adm-state.h"

G_BEGIN_DECLS

typedef struct _AdmReplays AdmReplays;

/* At most @max replays kept of states of @scenario. */
AdmReplays *adm_replays_new  (AdmScenario *scenario,
                              guint        max) G_GNUC_WARN_UNUSED_RESULT;
void        adm_replays_free (AdmReplays  *self);

/* The state after @events (AdmEvent*, in order) are applied to @scenario's: the first
 * @n_strict must each apply, else NULL with @error naming the event; each later one is
 * applied where it applies and passed by where it does not (adm_state_apply () changes
 * nothing then). The state is shared with the replays kept: read it, apply nothing to it.
 * Called from one thread, as the campaign is. */
AdmState   *adm_replays_get  (AdmReplays  *self,
                              GPtrArray   *events,
                              guint        n_strict,
                              GError     **error) G_GNUC_WARN_UNUSED_RESULT;

/* The number of events applied since @self was made: a replay carried on applies only the
 * new ones (what the tests measure). */
guint64     adm_replays_get_n_applied (AdmReplays *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdmReplays, adm_replays_free)

G_END_DECLS
