/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-video.c: a WebM video written frame by frame (adm-video.h).
 *
 * The pipeline is built element by element rather than parsed from a description, so that a
 * missing one is named with the package that carries it. Frames go in from the caller's thread
 * through appsrc, each the Cairo surface's own pixels (no copy), stamped one after the other
 * @frame_ms apart; before each, the caller waits while two frames are still queued, reading the
 * bus meanwhile, so that an encoder that failed is said at once instead of waited for. */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <gst/gst.h>
#include <gst/app/gstappsrc.h>

#include "adm-video.h"

G_DEFINE_QUARK (adm-video-error-quark, adm_video_error)

/* How long to wait on the bus between looks at the queue and the cancellable. */
#define POLL (20 * GST_MSECOND)

struct _AdmVideo {
  GstElement   *pipeline;
  GstAppSrc    *source;
  GstBus       *bus;
  int           width;
  int           height;
  GstClockTime  frame;   /* each frame's time on the screen */
  guint64       frames;  /* frames added */
  guint64       limit;   /* bytes allowed to wait in the queue: two frames */
};

void
adm_video_free (AdmVideo *self)
{
  if (self == NULL)
    return;
  if (self->pipeline != NULL)
    {
      gst_element_set_state (self->pipeline, GST_STATE_NULL);
      gst_object_unref (self->pipeline);
    }
  g_clear_pointer (&self->bus, gst_object_unref);
  g_free (self);
}

/* The element @factory made, or NULL with @error naming what is missing and the Debian package
 * that carries it. */
static GstElement *
make (const char  *factory,
      const char  *what,
      const char  *package,
      GError     **error)
{
  GstElement *element = gst_element_factory_make (factory, NULL);

  if (element == NULL)
    g_set_error (error, ADM_VIDEO_ERROR, ADM_VIDEO_ERROR_MISSING,
                 /* Translators: "GStreamer's VP8 video encoder (vp8enc) is not installed:
                  * install the package gstreamer1.0-plugins-good, then write the video again" */
                 _("GStreamer's %s (%s) is not installed: install the package %s, then write "
                   "the video again"), what, factory, package);
  return element;
}

/* The first error on the bus, waiting up to @wait for one (and for EOS, which sets @ended when
 * given); FALSE with @error when there is one. */
static gboolean
read_bus (AdmVideo      *self,
          GstClockTime   wait,
          gboolean      *ended,
          GError       **error)
{
  GstMessageType types = GST_MESSAGE_ERROR | (ended != NULL ? GST_MESSAGE_EOS : 0);
  g_autoptr(GstMessage) message = gst_bus_timed_pop_filtered (self->bus, wait, types);
  g_autoptr(GError) failure = NULL;
  g_autofree char *debug = NULL;

  if (message == NULL)
    return TRUE;
  if (GST_MESSAGE_TYPE (message) == GST_MESSAGE_EOS)
    {
      *ended = TRUE;
      return TRUE;
    }
  gst_message_parse_error (message, &failure, &debug);
  g_debug ("the video's pipeline failed: %s (%s)", failure->message, debug);
  g_set_error_literal (error, ADM_VIDEO_ERROR, ADM_VIDEO_ERROR_FAILED, failure->message);
  return FALSE;
}

AdmVideo *
adm_video_new (int       fd,
               int       width,
               int       height,
               guint     frame_ms,
               GError  **error)
{
  g_autoptr(AdmVideo) self = NULL;
  g_autoptr(GError) init = NULL;
  g_autoptr(GstCaps) caps = NULL;
  g_autoptr(GstCaps) yuv = NULL;
  GstElement *source, *convert, *yuv_filter, *encoder, *muxer, *sink;
  const char *bgrx = G_BYTE_ORDER == G_LITTLE_ENDIAN ? "BGRx" : "xRGB";
  guint divisor = frame_ms;

  g_return_val_if_fail (fd >= 0, NULL);
  g_return_val_if_fail (width > 0 && height > 0 && frame_ms > 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!gst_init_check (NULL, NULL, &init))
    {
      g_set_error (error, ADM_VIDEO_ERROR, ADM_VIDEO_ERROR_MISSING,
                   _("GStreamer cannot start: %s; install the package libgstreamer1.0-0, then "
                     "write the video again"), init->message);
      return NULL;
    }
  self = g_new0 (AdmVideo, 1);
  self->width = width;
  self->height = height;
  self->frame = frame_ms * GST_MSECOND;
  self->limit = 2 * (guint64) width * height * 4;
  self->pipeline = gst_pipeline_new ("video");
  self->bus = gst_pipeline_get_bus (GST_PIPELINE (self->pipeline));

  if ((source = make ("appsrc", _("application source"), "gstreamer1.0-plugins-base",
                      error)) == NULL)
    return NULL;
  gst_bin_add (GST_BIN (self->pipeline), source);
  if ((convert = make ("videoconvert", _("colour converter"), "gstreamer1.0-plugins-base",
                       error)) == NULL)
    return NULL;
  gst_bin_add (GST_BIN (self->pipeline), convert);
  if ((yuv_filter = make ("capsfilter", _("format filter"), "libgstreamer1.0-0",
                          error)) == NULL)
    return NULL;
  gst_bin_add (GST_BIN (self->pipeline), yuv_filter);
  if ((encoder = make ("vp8enc", _("VP8 video encoder"), "gstreamer1.0-plugins-good",
                       error)) == NULL)
    return NULL;
  gst_bin_add (GST_BIN (self->pipeline), encoder);
  if ((muxer = make ("webmmux", _("WebM writer"), "gstreamer1.0-plugins-good", error)) == NULL)
    return NULL;
  gst_bin_add (GST_BIN (self->pipeline), muxer);
  if ((sink = make ("fdsink", _("file writer"), "libgstreamer1.0-0", error)) == NULL)
    return NULL;
  gst_bin_add (GST_BIN (self->pipeline), sink);

  /* 2000 ms a frame: a frame rate of 1/2. */
  for (guint a = 1000, b = frame_ms; b != 0;)
    {
      guint r = a % b;

      a = b;
      b = r;
      divisor = a;
    }
  caps = gst_caps_new_simple ("video/x-raw",
                              "format", G_TYPE_STRING, bgrx,
                              "width", G_TYPE_INT, width,
                              "height", G_TYPE_INT, height,
                              "pixel-aspect-ratio", GST_TYPE_FRACTION, 1, 1,
                              "framerate", GST_TYPE_FRACTION, 1000 / divisor,
                              frame_ms / divisor,
                              NULL);
  self->source = GST_APP_SRC (source);
  g_object_set (source, "caps", caps, "format", GST_FORMAT_TIME, "is-live", FALSE,
                "block", FALSE, NULL);
  /* Frames that stay on the screen: quality over speed; a key frame every ten, so that a
   * player jumps to any step at once; no frame held back to look ahead (libvpx holds 25 by
   * default, 21 MiB at this size), so that what a video takes is a few frames' memory
   * whatever the battle's length. */
  g_object_set (encoder, "end-usage", 2 /* constant quality */, "cq-level", 8,
                "target-bitrate", 4000000, "keyframe-max-dist", 10, "deadline",
                (gint64) 1000000 /* good quality */, "lag-in-frames", 0, NULL);
  /* VP8 holds BT.601 colours (its colour space bit is 0), which decoders read back: converted
   * so, the frames' colours come back as they were drawn. */
  yuv = gst_caps_from_string ("video/x-raw,format=I420,colorimetry=bt601");
  g_object_set (yuv_filter, "caps", yuv, NULL);
  g_object_set (sink, "fd", fd, NULL);
  if (!gst_element_link_many (source, convert, yuv_filter, encoder, muxer, sink, NULL))
    {
      g_set_error_literal (error, ADM_VIDEO_ERROR, ADM_VIDEO_ERROR_FAILED,
                           _("GStreamer cannot join its VP8 encoder to its WebM writer"));
      return NULL;
    }
  if (gst_element_set_state (self->pipeline, GST_STATE_PLAYING) == GST_STATE_CHANGE_FAILURE)
    {
      if (read_bus (self, 0, NULL, error))
        g_set_error_literal (error, ADM_VIDEO_ERROR, ADM_VIDEO_ERROR_FAILED,
                             _("GStreamer cannot start the video"));
      return NULL;
    }
  return g_steal_pointer (&self);
}

gboolean
adm_video_add_frame (AdmVideo         *self,
                     cairo_surface_t  *surface,
                     GCancellable     *cancellable,
                     GError          **error)
{
  GstBuffer *buffer;
  gsize size;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (cairo_image_surface_get_format (surface) == CAIRO_FORMAT_RGB24, FALSE);
  g_return_val_if_fail (cairo_image_surface_get_width (surface) == self->width, FALSE);
  g_return_val_if_fail (cairo_image_surface_get_height (surface) == self->height, FALSE);
  g_return_val_if_fail (cairo_image_surface_get_stride (surface) == self->width * 4, FALSE);

  while (gst_app_src_get_current_level_bytes (self->source) >= self->limit)
    if (g_cancellable_set_error_if_cancelled (cancellable, error) ||
        !read_bus (self, POLL, NULL, error))
      return FALSE;
  if (g_cancellable_set_error_if_cancelled (cancellable, error) ||
      !read_bus (self, 0, NULL, error))
    return FALSE;

  cairo_surface_flush (surface);
  size = (gsize) self->width * self->height * 4;
  buffer = gst_buffer_new_wrapped_full (GST_MEMORY_FLAG_READONLY,
                                        cairo_image_surface_get_data (surface), size, 0, size,
                                        cairo_surface_reference (surface),
                                        (GDestroyNotify) cairo_surface_destroy);
  GST_BUFFER_PTS (buffer) = self->frames * self->frame;
  GST_BUFFER_DURATION (buffer) = self->frame;
  self->frames++;
  if (gst_app_src_push_buffer (self->source, buffer) != GST_FLOW_OK)
    {
      if (read_bus (self, 0, NULL, error))
        g_set_error_literal (error, ADM_VIDEO_ERROR, ADM_VIDEO_ERROR_FAILED,
                             _("GStreamer stopped taking frames"));
      return FALSE;
    }
  return TRUE;
}

gboolean
adm_video_finish (AdmVideo      *self,
                  GCancellable  *cancellable,
                  GError       **error)
{
  gboolean ended = FALSE;

  g_return_val_if_fail (self != NULL, FALSE);

  gst_app_src_end_of_stream (self->source);
  while (!ended)
    if (g_cancellable_set_error_if_cancelled (cancellable, error) ||
        !read_bus (self, POLL, &ended, error))
      return FALSE;
  /* Stopped: the writer has put the WebM's head (its length and index) in. */
  gst_element_set_state (self->pipeline, GST_STATE_NULL);
  return TRUE;
}
