/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-drafts.h: what the master has typed and not yet handed to the engine — the
 * declarations and dice of a battle of a campaign, an admiral's order sheet — kept on disk
 * after every change, so that a crash or `kill -9` loses none of it. A campaign's drafts are
 * never written into the campaign file: they live under the user's data folder
 * ("admiralty/drafts"), each named after the campaign file (its name and the hash of its
 * path) and what it is a draft of. A campaign just started from its scenario has no file until
 * its first action is saved: its drafts are named after the scenario meanwhile, and go over to
 * the file's names when it has one. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* "DATA/admiralty/drafts/NAME-HASH.WHAT" for the campaign file @campaign_path, or NULL when
 * the campaign has no file yet. Characters of @what other than [A-Za-z0-9._-] become '_'. */
char     *admiralty_draft_path   (const char  *campaign_path,
                                  const char  *what) G_GNUC_WARN_UNUSED_RESULT;
/* "DATA/admiralty/drafts/new-campaign-SCENARIO.WHAT" for a campaign started from the scenario
 * @scenario_id and not saved yet. */
char     *admiralty_draft_path_unsaved (const char *scenario_id,
                                        const char *what) G_GNUC_WARN_UNUSED_RESULT;
/* The drafts of a campaign started from @scenario_id, kept while it had no file, renamed to
 * those of its file @campaign_path, now that it has one. A draft the file already has is kept,
 * and the scenario's stays where it is. */
void      admiralty_drafts_adopt        (const char *scenario_id,
                                         const char *campaign_path);
/* Writes @text to @path as a whole (the old draft or the new one, never half of either), its
 * folder made first. */
gboolean  admiralty_draft_write  (const char  *path,
                                  const char  *text,
                                  gssize       length,
                                  GError     **error);
/* Removes the draft @path, if there is one. */
void      admiralty_draft_remove (const char  *path);

/* "DATA/admiralty/campaigns": where a campaign started from a scenario gets its first file,
 * "SCENARIO-YYYYMMDD-HHMMSS.admiralty", when its first entry is recorded (the autosave). */
char     *admiralty_campaigns_folder     (void) G_GNUC_WARN_UNUSED_RESULT;
/* Whether play has begun from the scenario @scenario_id: a campaign of it has recorded its
 * first entry, which gave it its file in admiralty_campaigns_folder (). A campaign the command
 * line keeps elsewhere is not seen. */
gboolean  admiralty_campaigns_begun_from (const char *scenario_id);

G_END_DECLS
