/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-portal-publish.c: what the portal (adm-portal.c) publishes besides the pages: each
 * admiral's reports as PDFs, made on the main thread from the campaign in his language, drawn
 * on a thread of the pool, one a step of the main loop, and published for the server thread
 * to answer from. */

#include "config.h"

#include <string.h>
#include <cairo-pdf.h>

#include "adm-doc-render.h"
#include "adm-portal-internal.h"
#include "adm-report.h"

static cairo_status_t
write_bytes_cb (void                *closure,
                const unsigned char *data,
                unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

/* @doc as a PDF in memory, A4: nothing of a request reaches the file system. */
static GBytes *
doc_pdf (AdmDoc *doc)
{
  GByteArray *bytes = g_byte_array_new ();
  AdmPaper paper;
  cairo_surface_t *surface;
  cairo_t *cr;
  g_autoptr(AdmDocLayout) layout = NULL;

  adm_paper_from_name ("a4", &paper);
  surface = cairo_pdf_surface_create_for_stream (write_bytes_cb, bytes, paper.width,
                                                 paper.height);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, adm_doc_get_title (doc));
  cr = cairo_create (surface);
  layout = adm_doc_layout_new (doc, cr, paper.width, paper.height);
  for (guint page = 0; page < adm_doc_layout_get_n_pages (layout); page++)
    {
      adm_doc_layout_render_page (layout, cr, page);
      cairo_show_page (cr);
    }
  g_clear_pointer (&layout, adm_doc_layout_free);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  cairo_surface_destroy (surface);
  return g_byte_array_free_to_bytes (bytes);
}

/* "report-N.pdf" with N a resolved cycle (before @current), written as a plain number, or 0. */
guint
_adm_portal_parse_report (guint       current,
                          const char *rest)
{
  guint64 cycle = 0;
  const char *c = rest + strlen ("report-");

  if (!g_str_has_prefix (rest, "report-") || !g_ascii_isdigit (*c) || *c == '0')
    return 0;
  for (; g_ascii_isdigit (*c) && cycle < 100000; c++)
    cycle = cycle * 10 + (guint64) (*c - '0');
  if (!g_str_equal (c, ".pdf") || cycle >= current)
    return 0;
  return (guint) cycle;
}

typedef struct {
  Job   *job;
  char  *key;
  guint  version;
} PdfTask;

static void
pdf_task_free (gpointer data)
{
  PdfTask *task = data;

  /* A job still here was not answered: its server is gone. */
  if (task->job != NULL)
    _adm_portal_job_free (task->job);
  g_free (task->key);
  g_free (task);
}

/* A thread of the pool: the document drawn as a PDF. Drawing needs no translation (the
 * document's words, its page footer included, were translated when it was made) and no
 * campaign: nothing the main thread changes. */
static void
pdf_draw_thread (GTask        *task,
                 gpointer      source,
                 gpointer      data,
                 GCancellable *cancellable)
{
  g_task_return_pointer (task, doc_pdf (data), (GDestroyNotify) g_bytes_unref);
}

/* Main thread: the PDF drawn; published (unless the campaign changed meanwhile) and sent. */
static void
pdf_drawn_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      data)
{
  AdmPortal *self = ADM_PORTAL (source);
  PdfTask *pdf_task = data;
  GBytes *pdf = g_task_propagate_pointer (G_TASK (result), NULL);
  Job *job = g_steal_pointer (&pdf_task->job);

  /* Its server stopped meanwhile: nothing would read an answer. */
  if (self->server == NULL || self->server->context != job->reply_to)
    {
      _adm_portal_job_free (job);
      g_clear_pointer (&pdf, g_bytes_unref);
    }
  else
    {
      if (pdf_task->version == self->version)
        {
          g_mutex_lock (&self->shared->lock);
          g_hash_table_replace (self->shared->pdfs, g_strdup (pdf_task->key), g_bytes_ref (pdf));
          g_mutex_unlock (&self->shared->lock);
        }
      job->pdf = pdf;
      job->status = SOUP_STATUS_OK;
      _adm_portal_job_reply (job);
    }
  pdf_task_free (pdf_task);
}

/* Main thread: @job's report as a PDF, made once per campaign version and published. The
 * report is made here, from the campaign, in the admiral's language; it is drawn on a thread
 * of its own (a large one took 27 ms: the UI never waits for the portal). */
static void
job_pdf (AdmPortal        *self,
         Job              *job,
         const AdmAdmiral *admiral)
{
  Shared *shared = self->shared;
  g_autofree char *key = g_strdup_printf ("%s\n%s\n%u", admiral->id, job->lang, job->cycle);
  GBytes *pdf;

  g_mutex_lock (&shared->lock);
  pdf = g_hash_table_lookup (shared->pdfs, key);
  if (pdf != NULL)
    g_bytes_ref (pdf);
  g_mutex_unlock (&shared->lock);
  if (pdf == NULL && job->cycle < _adm_portal_current_cycle (self))
    {
      g_autoptr(GError) error = NULL;
      AdmDoc *doc;
      LangScope scope;
      PdfTask *pdf_task;
      g_autoptr(GTask) task = NULL;

      _adm_portal_lang_push (&scope, job->lang);
      doc = adm_report_build (self->campaign, ADM_REPORT_ADMIRAL, admiral->id, job->cycle,
                              self->battles_dir, &error);
      _adm_portal_lang_pop (&scope);
      if (doc == NULL)
        {
          job->status = SOUP_STATUS_INTERNAL_SERVER_ERROR;
          job->text = g_strdup (error->message);
          _adm_portal_job_reply (job);
          return;
        }
      pdf_task = g_new0 (PdfTask, 1);
      pdf_task->job = job;
      pdf_task->key = g_steal_pointer (&key);
      pdf_task->version = self->version;
      task = g_task_new (self, NULL, pdf_drawn_cb, pdf_task);
      g_task_set_task_data (task, doc, (GDestroyNotify) adm_doc_free);
      g_task_set_name (task, "[admiralty] portal report PDF");
      g_task_run_in_thread (task, pdf_draw_thread);
      return;
    }
  job->pdf = pdf;
  job->status = pdf != NULL ? SOUP_STATUS_OK : SOUP_STATUS_NOT_FOUND;
  _adm_portal_job_reply (job);
}

/* One report's PDF a step: each takes a few milliseconds, and the requests for the eleven
 * admirals' reports arriving at once would otherwise hold the main loop for all of them in
 * one stretch (the UI never waits for the portal). */
static gboolean
pdf_step_cb (gpointer data)
{
  AdmPortal *self = data;
  Job *job = g_queue_pop_head (&self->pdf_jobs);
  const AdmAdmiral *admiral;

  if (job == NULL)
    {
      self->pdf_source = 0;
      return G_SOURCE_REMOVE;
    }
  admiral = self->campaign != NULL ? _adm_portal_admiral_of (self, job->admiral_id) : NULL;
  if (admiral == NULL)
    _adm_portal_job_reply (job);
  else
    job_pdf (self, job, admiral);
  return G_SOURCE_CONTINUE;
}

void
_adm_portal_pdf_queue (AdmPortal *self,
                       Job       *job)
{
  g_queue_push_tail (&self->pdf_jobs, job);
  if (self->pdf_source == 0)
    self->pdf_source = _adm_portal_step_source_add (self, pdf_step_cb,
                                                    "[admiralty] portal report PDF");
}
