/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-report-page.c: the report's HTML pages from their templates (adm-report-page.h). */

#include "config.h"

#include <string.h>
#include <gio/gio.h>

#include "adm-report-page.h"

#define RESOURCES "/io/github/admiralty/Admiralty/report/"

/* The report's resources (report.gresource.xml), looked up in it directly: a static library's
 * resources are not registered by a constructor the linker would keep. */
GResource *adm_report_get_resource (void);

static char *
resource_text (const char *name)
{
  g_autofree char *path = g_strconcat (RESOURCES, name, NULL);
  g_autoptr(GBytes) bytes = g_resource_lookup_data (adm_report_get_resource (), path,
                                                    G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);

  /* Compiled in (report.gresource.xml): never missing. */
  g_assert (bytes != NULL);
  return g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
}

/* Every @marker of @page (taken) replaced by @text. */
static char *
replace (char       *page,
         const char *marker,
         const char *text)
{
  g_auto(GStrv) split = g_strsplit (page, marker, -1);

  g_free (page);
  return g_strjoinv (text, split);
}

char *
adm_report_page_script (const char *script)
{
  g_autofree char *source = NULL;
  const char *body;

  g_return_val_if_fail (script != NULL, NULL);

  source = resource_text (script);
  body = strstr (source, "*/\n") != NULL ? strstr (source, "*/\n") + 3 : source;
  return g_strdup (body);
}

char *
adm_report_page_fill (const char           *html,
                      const char           *script,
                      const AdmReportField *fields,
                      guint                 n_fields)
{
  char *page;
  g_autofree char *body = NULL;

  g_return_val_if_fail (html != NULL && script != NULL, NULL);
  g_return_val_if_fail (fields != NULL || n_fields == 0, NULL);

  page = resource_text (html);
  body = adm_report_page_script (script);
  for (guint f = 0; f < n_fields; f++)
    {
      g_autofree char *escaped = fields[f].escape && fields[f].text != NULL
                                 ? g_markup_escape_text (fields[f].text, -1) : NULL;

      page = replace (page, fields[f].marker,
                      escaped != NULL ? escaped : fields[f].text != NULL ? fields[f].text : "");
    }
  /* Last, so that nothing in the script is taken for a marker. */
  return replace (page, "@SCRIPT@", body);
}
