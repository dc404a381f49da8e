/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-video.h: a WebM video (VP8 in WebM, through GStreamer: appsrc → videoconvert → vp8enc →
 * webmmux → fdsink) written into an open file frame by frame from Cairo image surfaces, each
 * frame held on the screen for the same time. At most two frames wait for the encoder, so the
 * memory it takes is a few frames', whatever the video's length. The file descriptor stays
 * the caller's: it writes the file whole beside its place and puts it there only once the
 * video is finished (adm-archive.c). */
#pragma once

#include <cairo.h>
#include <gio/gio.h>

G_BEGIN_DECLS

#define ADM_VIDEO_ERROR (adm_video_error_quark ())

typedef enum {
  ADM_VIDEO_ERROR_MISSING,  /* GStreamer or one of its plugins is not installed (named) */
  ADM_VIDEO_ERROR_FAILED,   /* the encoding or the writing failed (GStreamer's words) */
} AdmVideoError;

GQuark adm_video_error_quark (void);

typedef struct _AdmVideo AdmVideo;

/* A video of @width × @height pixels into @fd (seekable, so that the WebM's head gets its
 * length and index), each frame shown @frame_ms milliseconds. Refused with
 * ADM_VIDEO_ERROR_MISSING naming the Debian package to install when an element is missing
 * (the VP8 encoder and the WebM muxer are in gstreamer1.0-plugins-good). */
AdmVideo *adm_video_new       (int            fd,
                               int            width,
                               int            height,
                               guint          frame_ms,
                               GError       **error) G_GNUC_WARN_UNUSED_RESULT;
/* The next frame: @surface, an image surface of CAIRO_FORMAT_RGB24 and the video's size
 * (the caller keeps its own reference; the video holds one until the frame is encoded). Waits while two frames are still waiting for
 * the encoder. FALSE with @error when the encoder failed or @cancellable is cancelled. */
gboolean  adm_video_add_frame (AdmVideo      *self,
                               cairo_surface_t *surface,
                               GCancellable  *cancellable,
                               GError       **error);
/* The video ended and written out (the file's head filled in); FALSE with @error as above. */
gboolean  adm_video_finish    (AdmVideo      *self,
                               GCancellable  *cancellable,
                               GError       **error);
/* Stops it wherever it is; the file is then unfinished, for the caller to drop. */
void      adm_video_free      (AdmVideo      *self);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdmVideo, adm_video_free)

G_END_DECLS
