/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-next-night.h: a new scenario made from a campaign as its war now stands, for the next
 * night's game — the map, the sides, the season and every formation in being as the war left
 * it: where it is (a formation crossing a link in the sector it left), its ships' hull points
 * lost, readiness and unrepaired criticals (F-CRIT-5, F-CRIT-20, F-RDY), the ships lost gone,
 * captured ones in their captor's formations, the formations the campaign made, and a hidden
 * formation still hidden (F-STRAT-3) unless the master revealed it to everyone. The stations
 * are held by their owners now with the hull points they have lost (F-CRIT-5); one destroyed
 * is a named mark. Each sector holds the mines lying there as each faction's minefield — the
 * scenario's and those laid since, less what sweeps and the master's clearing took
 * (F-MINE-10, F-MINE-13). The campaign is only read. */
#pragma once

#include <glib.h>

#include "adm-campaign.h"

G_BEGIN_DECLS

#define ADM_NEXT_NIGHT_ERROR (adm_next_night_error_quark ())

typedef enum {
  ADM_NEXT_NIGHT_ERROR_MUSTER,      /* the muster before cycle 1 is not over */
  ADM_NEXT_NIGHT_ERROR_UNFOUGHT,    /* an engagement of a resolved cycle is not fought to its
                                     * end (not fought, waiting, in progress, at a table) */
  ADM_NEXT_NIGHT_ERROR_EXISTS,      /* the file to write exists, and may not be replaced */
  ADM_NEXT_NIGHT_ERROR_CAMPAIGN,    /* the file to write is the campaign's own, or another
                                     * campaign */
  ADM_NEXT_NIGHT_ERROR_SCENARIO,    /* the scenario made does not load (its message) */
} AdmNextNightError;

GQuark adm_next_night_error_quark (void);

/* Whether @campaign may give the next night's scenario now: FALSE with @error naming what to
 * do first — the muster to start, or the engagements not fought to their end by id and place,
 * a battle at another table by its table (F-STRAT-4). The entries undone are not the war: the
 * state is the actions in effect. */
gboolean  adm_next_night_check   (AdmCampaign  *campaign,
                                  GError      **error);

/* The scenario file's text (UTF-8, scenario.rng), loaded as a scenario before it is given
 * back: NULL with @error when the campaign may not give it (adm_next_night_check ()) or it
 * does not load. @display_name names it in messages. Its name is the campaign's scenario's,
 * "after cycle N" the last resolved. */
char     *adm_next_night_build   (AdmCampaign  *campaign,
                                  const char   *display_name,
                                  gsize        *length,
                                  GError      **error) G_GNUC_WARN_UNUSED_RESULT;

/* adm_next_night_build () written to @path whole (the old file or the new one, never half of
 * either). Refused, nothing written: @path is the campaign's own file (or a link to it) or
 * another campaign, or it exists and @replace is FALSE; or as adm_next_night_build ()
 * refuses. */
gboolean  adm_next_night_save    (AdmCampaign  *campaign,
                                  const char   *path,
                                  gboolean      replace,
                                  GError      **error);

G_END_DECLS
