/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-archive.h: a campaign's archive for one audience — the war step by step: the sector map
 * once each cycle is resolved, drawn by the map's renderer as that audience knew it (F-STRAT-2,
 * F-STRAT-3), and every battle phase's table drawn by the table's renderer as it saw it
 * (F-ECM-2, F-ECM-4, F-ECM-6), with the step's report lines as the audience filter lets it read them
 * (adm-audience.h): one self-contained HTML file (inline SVG frames, a slider and keys to
 * step, no network and no other file needed), or each frame as an SVG or PNG file. Until the
 * master publishes the whole truth (adm_audience_of_campaign ()) a side's archive holds only
 * what that side was shown; after it, the master's. Written one frame at a time: the memory it
 * takes is one frame's, whatever the campaign's length. The campaign is only read. */
#pragma once

#include <gio/gio.h>

#include "adm-campaign.h"

G_BEGIN_DECLS

#define ADM_ARCHIVE_ERROR (adm_archive_error_quark ())

typedef enum {
  ADM_ARCHIVE_ERROR_AUDIENCE,  /* --as names no side of the campaign */
  ADM_ARCHIVE_ERROR_UNENDED,   /* a battle begun and not ended (F-STRAT-4) */
  ADM_ARCHIVE_ERROR_CAMPAIGN,  /* the file to write is the campaign's own, or another campaign */
  ADM_ARCHIVE_ERROR_WRITE,     /* the file or folder cannot be written (nothing is left) */
  ADM_ARCHIVE_ERROR_BATTLE,    /* a video of a battle the archive does not hold */
} AdmArchiveError;

GQuark adm_archive_error_quark (void);

typedef enum {
  ADM_ARCHIVE_FORMAT_SVG,
  ADM_ARCHIVE_FORMAT_PNG,
} AdmArchiveFormat;

/* The frames' size in pixels (CSS pixels in the HTML, pixels of a PNG). */
#define ADM_ARCHIVE_FRAME_WIDTH  960
#define ADM_ARCHIVE_FRAME_HEIGHT 600

/* How long each step stays on the screen in a battle's video. */
#define ADM_ARCHIVE_VIDEO_STEP_MS 2000

/* Called after each frame written: @done of @total. */
typedef void (*AdmArchiveProgress) (guint    done,
                                    guint    total,
                                    gpointer data);

typedef struct _AdmArchive AdmArchive;

/* The archive of @campaign for @as: NULL or "master" the master's; "public" the public's
 * (F-STRAT-3: the sector map after each cycle as the public map shows it, and each phase of
 * the battles the public was told of as the war stood at that phase, drawn and read for the
 * public of the battle then, adm_audience_public_of_campaign (), as the replay's projector
 * draws it); a faction's id or name, or an admiral's id, that side's
 * (every faction allied with it one side, as on the table). Its steps are those of the
 * replay's timeline for the same audience (adm-replay-timeline.h): the sector map after each
 * cycle resolved, and each phase of each battle played. The archive's audience is judged by
 * the campaign as it is when it is made, which must not change while it is written. Refused: a side the campaign does not have (ADM_ARCHIVE_ERROR_AUDIENCE, naming the sides
 * there are), a battle begun and not ended (ADM_ARCHIVE_ERROR_UNENDED, naming its engagement
 * and what to do). The frames are listed, none drawn yet. */
AdmArchive *adm_archive_new          (AdmCampaign  *campaign,
                                      const char   *as,
                                      GError      **error) G_GNUC_WARN_UNUSED_RESULT;
void        adm_archive_free         (AdmArchive   *self);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdmArchive, adm_archive_free)

/* How many frames it has, in journal order: one per resolution of a cycle (or its undo or
 * redo), one per entry of each battle its audience fought (the public's: each entry made
 * while it was told of the battle). */
guint       adm_archive_get_n_frames (AdmArchive   *self);
/* The battles it holds (those its audience fought, or the public was told of), in the order
 * they first come: the engagement's id of battle @n (< adm_archive_get_n_battles ()), and its
 * title as the archive names it (a side's and the public's by place and time only,
 * F-STRAT-3). */
guint       adm_archive_get_n_battles      (AdmArchive *self);
const char *adm_archive_get_battle_id      (AdmArchive *self,
                                            guint       n);
const char *adm_archive_get_battle_title   (AdmArchive *self,
                                            guint       n);
/* How many frames the battle of @engagement has in it: 0 when it holds no such battle. */
guint       adm_archive_get_battle_n_frames (AdmArchive *self,
                                             const char *engagement);
/* Whose it is, as its page says it ("The master's archive", "Barrayar's archive"). */
const char *adm_archive_get_heading  (AdmArchive   *self);

/* The HTML file written to @out, frame by frame; @progress (may be NULL) after each frame.
 * FALSE with @error when @cancellable is cancelled or a write fails. */
gboolean    adm_archive_write_html   (AdmArchive          *self,
                                      GOutputStream       *out,
                                      AdmArchiveProgress   progress,
                                      gpointer             data,
                                      GCancellable        *cancellable,
                                      GError             **error);

/* The same written a part at a time — the page's head, then each frame, then its tail — for a
 * main loop that does other work between them (the portal): a step takes the time of one
 * frame drawn. @self must outlive it. */
typedef struct _AdmArchiveWriting AdmArchiveWriting;

AdmArchiveWriting *adm_archive_writing_new     (AdmArchive         *self,
                                                GOutputStream      *out) G_GNUC_WARN_UNUSED_RESULT;
void               adm_archive_writing_free    (AdmArchiveWriting  *writing);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdmArchiveWriting, adm_archive_writing_free)
/* Writes the next part: FALSE with @error when @cancellable is cancelled or the write fails
 * (the writing is then to be freed). Not called again once it is done. */
gboolean           adm_archive_writing_step    (AdmArchiveWriting  *writing,
                                                GCancellable       *cancellable,
                                                GError            **error);
/* Whether the whole page is written. */
gboolean           adm_archive_writing_is_done (AdmArchiveWriting  *writing);
/* The frames written so far. */
guint              adm_archive_writing_get_done (AdmArchiveWriting *writing);

/* adm_archive_write_html () into @path, whole or not at all: the old file (or none) is left
 * when anything fails or is cancelled. Refused, nothing written: @path is the campaign's own
 * file or another campaign (ADM_ARCHIVE_ERROR_CAMPAIGN), it cannot be written
 * (ADM_ARCHIVE_ERROR_WRITE, naming it and why). */
gboolean    adm_archive_save_html    (AdmArchive          *self,
                                      const char          *path,
                                      AdmArchiveProgress   progress,
                                      gpointer             data,
                                      GCancellable        *cancellable,
                                      GError             **error);

/* Each frame as a file of its own in @folder (made when missing), "frame-0001.svg" or
 * ".png" and on, each written whole; the text of each step in "frames.txt", a line a frame.
 * Refused as adm_archive_save_html () refuses; a folder that cannot be made or written is
 * ADM_ARCHIVE_ERROR_WRITE. */
gboolean    adm_archive_save_frames  (AdmArchive          *self,
                                      const char          *folder,
                                      AdmArchiveFormat     format,
                                      AdmArchiveProgress   progress,
                                      gpointer             data,
                                      GCancellable        *cancellable,
                                      GError             **error);

/* The battle of @engagement as a WebM video (VP8) into @path: its frames as in the archive,
 * drawn as its audience saw them (the same pixels as --frames' PNG files), each held
 * ADM_ARCHIVE_VIDEO_STEP_MS, encoded as they are drawn (a few frames in memory at a time),
 * written whole or not at all as adm_archive_save_html () is. Refused, nothing written: a
 * battle the archive does not hold (ADM_ARCHIVE_ERROR_BATTLE, naming those it holds),
 * GStreamer or its VP8 encoder not installed (ADM_VIDEO_ERROR_MISSING, naming the package),
 * and as adm_archive_save_html () refuses. */
gboolean    adm_archive_save_video   (AdmArchive          *self,
                                      const char          *engagement,
                                      const char          *path,
                                      AdmArchiveProgress   progress,
                                      gpointer             data,
                                      GCancellable        *cancellable,
                                      GError             **error);

G_END_DECLS
