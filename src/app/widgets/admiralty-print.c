/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-print.c: a document printed through GtkPrintOperation. */

#include "config.h"

#include "admiralty-print.h"

/* The settings' paper names and the PWG names GTK knows them by. */
static const struct {
  const char *name;
  const char *gtk_name;
} papers[] = {
  { "a4", GTK_PAPER_NAME_A4 },
  { "a5", GTK_PAPER_NAME_A5 },
  { "letter", GTK_PAPER_NAME_LETTER },
  { "legal", GTK_PAPER_NAME_LEGAL },
};

typedef struct {
  AdmDoc       *doc;
  AdmDocLayout *layout;   /* between begin-print and end-print */
} PrintJob;

/* Frees @data, a PrintJob, with the handler holding it. */
static void
print_job_free (gpointer  data,
                GClosure *closure)
{
  PrintJob *job = data;

  g_clear_pointer (&job->layout, adm_doc_layout_free);
  g_clear_pointer (&job->doc, adm_doc_free);
  g_free (job);
}

char *
admiralty_print_get_paper (GSettings *settings,
                           AdmPaper  *paper)
{
  g_autofree char *name = NULL;
  AdmPaper size;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  name = g_settings_get_string (settings, "paper");
  if (!adm_paper_from_name (name, &size))
    {
      g_free (name);
      name = g_strdup ("a4");
      adm_paper_from_name (name, &size);
    }
  if (paper != NULL)
    *paper = size;

  return g_steal_pointer (&name);
}

GtkPageSetup *
admiralty_print_page_setup_new (const char *paper_name)
{
  GtkPageSetup *setup = gtk_page_setup_new ();
  const char *gtk_name = GTK_PAPER_NAME_A4;
  g_autoptr(GtkPaperSize) size = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (papers); i++)
    if (g_strcmp0 (paper_name, papers[i].name) == 0)
      gtk_name = papers[i].gtk_name;

  size = gtk_paper_size_new (gtk_name);
  gtk_page_setup_set_paper_size_and_default_margins (setup, size);
  gtk_page_setup_set_orientation (setup, GTK_PAGE_ORIENTATION_PORTRAIT);

  return setup;
}

/* The pages are laid out on the paper the master settled on in the print dialog, measured
 * with the printer's own font options. */
static void
begin_print_cb (GtkPrintOperation *operation,
                GtkPrintContext   *context,
                PrintJob          *job)
{
  cairo_t *cr = gtk_print_context_get_cairo_context (context);

  g_clear_pointer (&job->layout, adm_doc_layout_free);
  job->layout = adm_doc_layout_new (job->doc, cr, gtk_print_context_get_width (context),
                                    gtk_print_context_get_height (context));
  gtk_print_operation_set_n_pages (operation,
                                   MAX (1, (int)adm_doc_layout_get_n_pages (job->layout)));
}

static void
draw_page_cb (GtkPrintOperation *operation,
              GtkPrintContext   *context,
              int                page_nr,
              PrintJob          *job)
{
  if (job->layout == NULL || page_nr < 0
      || (guint)page_nr >= adm_doc_layout_get_n_pages (job->layout))
    return;

  adm_doc_layout_render_page (job->layout, gtk_print_context_get_cairo_context (context),
                              (guint)page_nr);
}

static void
end_print_cb (GtkPrintOperation *operation,
              GtkPrintContext   *context,
              PrintJob          *job)
{
  g_clear_pointer (&job->layout, adm_doc_layout_free);
}

GtkPrintOperation *
admiralty_print_operation_new (AdmDoc     *doc,
                               const char *paper_name)
{
  g_autoptr(GtkPrintOperation) operation = NULL;
  g_autoptr(GtkPageSetup) setup = NULL;
  PrintJob *job;

  g_return_val_if_fail (doc != NULL, NULL);

  operation = gtk_print_operation_new ();
  setup = admiralty_print_page_setup_new (paper_name);
  gtk_print_operation_set_default_page_setup (operation, setup);
  gtk_print_operation_set_unit (operation, GTK_UNIT_POINTS);
  gtk_print_operation_set_use_full_page (operation, TRUE);
  gtk_print_operation_set_embed_page_setup (operation, TRUE);
  gtk_print_operation_set_job_name (operation, adm_doc_get_title (doc));

  job = g_new0 (PrintJob, 1);
  job->doc = doc;
  /* The job goes with the operation's handlers, when it is finalized. */
  g_signal_connect_data (operation, "begin-print", G_CALLBACK (begin_print_cb), job,
                         print_job_free, 0);
  g_signal_connect (operation, "draw-page", G_CALLBACK (draw_page_cb), job);
  g_signal_connect (operation, "end-print", G_CALLBACK (end_print_cb), job);

  return g_steal_pointer (&operation);
}
