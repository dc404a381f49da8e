/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-metainfo.c: the AppStream metainfo the build installs meets Flathub's rules.
 *
 * `appstreamcli validate --pedantic --no-net` finds no issue in it but two it cannot help: the
 * capital letter of the component ID (io.github.admiralty.Admiralty: the reverse-DNS name of
 * the project, as GNOME's own IDs have capitals, fixed since the first release because the
 * settings, the desktop file and the file type are named by it), and, from an AppStream
 * older than 1.0 (Debian 12 has 0.16), the <developer> element that AppStream 1.0 brought in
 * place of <developer_name>. Beyond what that validator checks, Flathub asks for: a summary
 * of at most 35 characters in every language, <developer> with an id and a name and no
 * <developer_name>, at least three screenshots, each with a caption and a picture kept in this
 * repository at the size the metainfo gives, a release for this version with notes, branding
 * colours for the light and the dark scheme, and a content rating. */

#include "config.h"

#include <string.h>
#include <libxml/parser.h>
#include <libxml/xpath.h>

#include "file-helpers.h"

#define APP_ID "io.github.admiralty.Admiralty"
/* Where the screenshots are published: this repository's files as served by GitHub. */
#define SCREENSHOT_BASE "https://raw.githubusercontent.com/admiralty/admiralty/main/"

/* The metainfo as built and installed: merged with its translations. */
static char *
built_metainfo_path (void)
{
  return g_build_filename (g_getenv ("ADMIRALTY_BUILD_DIR"), "data",
                           APP_ID ".metainfo.xml", NULL);
}

static xmlDoc *
load_metainfo (void)
{
  g_autofree char *path = built_metainfo_path ();
  xmlDoc *doc = xmlReadFile (path, NULL, XML_PARSE_NONET);

  if (doc == NULL)
    g_error ("%s does not read as XML", path);
  return doc;
}

/* The nodes @xpath selects in @doc (never NULL; free with xmlXPathFreeObject). */
static xmlXPathObject *
select_nodes (xmlDoc     *doc,
              const char *xpath)
{
  xmlXPathContext *context = xmlXPathNewContext (doc);
  xmlXPathObject *result = xmlXPathEvalExpression ((const xmlChar *)xpath, context);

  xmlXPathFreeContext (context);
  g_assert_nonnull (result);
  return result;
}

static int
count_nodes (xmlXPathObject *nodes)
{
  return nodes->nodesetval == NULL ? 0 : nodes->nodesetval->nodeNr;
}

static char *
node_text (xmlNode *node)
{
  xmlChar *content = xmlNodeGetContent (node);
  char *text = g_strstrip (g_strdup ((const char *)content));

  xmlFree (content);
  return text;
}

static char *
node_attribute (xmlNode    *node,
                const char *name)
{
  xmlChar *value = xmlGetProp (node, (const xmlChar *)name);
  char *copy = g_strdup ((const char *)value);

  xmlFree (value);
  return copy;
}

/* Is @finding, "TAG HINT" of one line of appstreamcli's report, one of the two it cannot help
 * (the header comment says which and why)? */
static gboolean
finding_unavoidable (const char *tag,
                     const char *hint)
{
  if (g_str_equal (tag, "cid-contains-uppercase-letter"))
    return g_strcmp0 (hint, APP_ID) == 0;
  if (g_str_equal (tag, "unknown-tag"))
    return g_strcmp0 (hint, "developer") == 0;
  return FALSE;
}

static void
test_appstreamcli_pedantic (void)
{
  g_autofree char *path = built_metainfo_path ();
  g_autofree char *appstreamcli = g_find_program_in_path ("appstreamcli");
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = NULL;
  g_auto(GStrv) envp = g_environ_setenv (g_get_environ (), "LC_ALL", "C.UTF-8", TRUE);
  int status = 0;
  guint findings = 0;

  if (appstreamcli == NULL)
    g_error ("appstreamcli is not installed (Debian package appstream, in .ci/packages)");
  {
    const char *argv[] = { appstreamcli, "validate", "--pedantic", "--no-net", path, NULL };

    g_assert_true (g_spawn_sync (NULL, (char **)argv, envp, G_SPAWN_DEFAULT, NULL, NULL,
                                 &out, &err, &status, &error));
  }
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("appstreamcli refuses %s:\n%s%s", path, out, err);

  /* Each finding is a line "P: ID:LINE: TAG HINT" (E, W, I or P for its severity). */
  lines = g_strsplit (out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = lines[i];
      g_auto(GStrv) words = NULL;

      if (strlen (line) < 3 || strchr ("EWIP", line[0]) == NULL || line[1] != ':')
        continue;
      findings++;
      words = g_strsplit (line, " ", 4);
      g_assert_cmpuint (g_strv_length (words), >=, 3);
      if (!finding_unavoidable (words[2], words[3]))
        g_error ("appstreamcli --pedantic finds an issue in %s:\n%s", path, line);
    }
  g_assert_cmpuint (findings, <=, 2);
}

static void
test_summary (void)
{
  xmlDoc *doc = load_metainfo ();
  xmlXPathObject *summaries = select_nodes (doc, "/component/summary");

  /* The English one and the Russian one at least. */
  g_assert_cmpint (count_nodes (summaries), >=, 2);
  for (int i = 0; i < count_nodes (summaries); i++)
    {
      g_autofree char *text = node_text (summaries->nodesetval->nodeTab[i]);

      if (g_utf8_strlen (text, -1) > 35)
        g_error ("summary “%s” has %ld characters; Flathub allows at most 35", text,
                 g_utf8_strlen (text, -1));
      g_assert_false (g_str_has_suffix (text, "."));
    }
  xmlXPathFreeObject (summaries);
  xmlFreeDoc (doc);
}

static void
test_developer (void)
{
  xmlDoc *doc = load_metainfo ();
  xmlXPathObject *old = select_nodes (doc, "//developer_name");
  xmlXPathObject *developers = select_nodes (doc, "/component/developer");
  xmlXPathObject *names = select_nodes (doc, "/component/developer/name");
  g_autofree char *id = NULL;
  g_autofree char *name = NULL;

  g_assert_cmpint (count_nodes (old), ==, 0);
  g_assert_cmpint (count_nodes (developers), ==, 1);
  g_assert_cmpint (count_nodes (names), ==, 1);
  id = node_attribute (developers->nodesetval->nodeTab[0], "id");
  g_assert_nonnull (id);
  g_assert_true (g_str_has_prefix (id, "io.github."));
  name = node_text (names->nodesetval->nodeTab[0]);
  g_assert_cmpstr (name, !=, "");
  xmlXPathFreeObject (names);
  xmlXPathFreeObject (developers);
  xmlXPathFreeObject (old);
  xmlFreeDoc (doc);
}

/* The width and height of the PNG file @path, from its IHDR chunk. */
static void
png_size (const char *path,
          guint      *width,
          guint      *height)
{
  static const guchar signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
  g_autofree guchar *bytes = NULL;
  gsize length = 0;
  g_autoptr(GError) error = NULL;

  g_file_get_contents (path, (char **)&bytes, &length, &error);
  g_assert_no_error (error);
  if (length < 24 || memcmp (bytes, signature, 8) != 0 || memcmp (bytes + 12, "IHDR", 4) != 0)
    g_error ("%s is not a PNG picture", path);
  *width = (guint)bytes[16] << 24 | (guint)bytes[17] << 16 | (guint)bytes[18] << 8 | bytes[19];
  *height = (guint)bytes[20] << 24 | (guint)bytes[21] << 16 | (guint)bytes[22] << 8 | bytes[23];
}

static void
test_screenshots (void)
{
  xmlDoc *doc = load_metainfo ();
  xmlXPathObject *shots = select_nodes (doc, "/component/screenshots/screenshot");
  xmlXPathObject *defaults = select_nodes (doc,
                                           "/component/screenshots/screenshot[@type='default']");
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  g_assert_cmpint (count_nodes (shots), >=, 3);
  g_assert_cmpint (count_nodes (defaults), ==, 1);
  for (int i = 0; i < count_nodes (shots); i++)
    {
      xmlNode *shot = shots->nodesetval->nodeTab[i];
      int images = 0, captions = 0;

      for (xmlNode *child = shot->children; child != NULL; child = child->next)
        {
          if (child->type != XML_ELEMENT_NODE)
            continue;
          if (xmlStrEqual (child->name, (const xmlChar *)"caption")
              && xmlHasNsProp (child, (const xmlChar *)"lang", XML_XML_NAMESPACE) == NULL)
            {
              g_autofree char *caption = node_text (child);

              g_assert_cmpstr (caption, !=, "");
              captions++;
            }
          else if (xmlStrEqual (child->name, (const xmlChar *)"image"))
            {
              g_autofree char *url = node_text (child);
              g_autofree char *type = node_attribute (child, "type");
              g_autofree char *width = node_attribute (child, "width");
              g_autofree char *height = node_attribute (child, "height");
              g_autofree char *file = NULL;
              guint png_width = 0, png_height = 0;

              g_assert_cmpstr (type, ==, "source");
              if (!g_str_has_prefix (url, SCREENSHOT_BASE))
                g_error ("screenshot %s is not a file of this repository (%s…)", url,
                         SCREENSHOT_BASE);
              file = source_path (url + strlen (SCREENSHOT_BASE), NULL);
              if (!g_file_test (file, G_FILE_TEST_IS_REGULAR))
                g_error ("screenshot %s: %s is missing", url, file);
              g_assert_true (g_hash_table_add (seen, g_strdup (file)));
              png_size (file, &png_width, &png_height);
              g_assert_nonnull (width);
              g_assert_nonnull (height);
              g_assert_cmpuint (png_width, ==, (guint)g_ascii_strtoull (width, NULL, 10));
              g_assert_cmpuint (png_height, ==, (guint)g_ascii_strtoull (height, NULL, 10));
              /* Flathub's window screenshots: the app at a laptop's size, not a sliver. */
              g_assert_cmpuint (png_width, >=, 1000);
              images++;
            }
        }
      g_assert_cmpint (images, ==, 1);
      g_assert_cmpint (captions, ==, 1);
    }
  xmlXPathFreeObject (defaults);
  xmlXPathFreeObject (shots);
  xmlFreeDoc (doc);
}

static void
test_release (void)
{
  xmlDoc *doc = load_metainfo ();
  xmlXPathObject *releases = select_nodes (doc, "/component/releases/release");
  xmlXPathObject *notes = NULL;
  xmlNode *newest = NULL;
  g_autofree char *version = NULL;
  g_autofree char *date = NULL;
  g_autofree char *xpath = NULL;

  /* The newest release comes first, and it is this version, dated, with notes. */
  g_assert_cmpint (count_nodes (releases), >=, 1);
  newest = releases->nodesetval->nodeTab[0];
  version = node_attribute (newest, "version");
  g_assert_cmpstr (version, ==, PACKAGE_VERSION);
  date = node_attribute (newest, "date");
  g_assert_nonnull (date);
  g_assert_true (g_regex_match_simple ("^\\d{4}-\\d{2}-\\d{2}$", date, 0, 0));
  xpath = g_strdup_printf ("/component/releases/release[@version='%s']/description/*",
                           PACKAGE_VERSION);
  notes = select_nodes (doc, xpath);
  g_assert_cmpint (count_nodes (notes), >=, 1);
  xmlXPathFreeObject (notes);
  xmlXPathFreeObject (releases);
  xmlFreeDoc (doc);
}

static void
test_branding (void)
{
  xmlDoc *doc = load_metainfo ();
  const char *schemes[] = { "light", "dark" };

  for (guint i = 0; i < G_N_ELEMENTS (schemes); i++)
    {
      g_autofree char *xpath = g_strdup_printf (
        "/component/branding/color[@type='primary'][@scheme_preference='%s']", schemes[i]);
      xmlXPathObject *colours = select_nodes (doc, xpath);
      g_autofree char *colour = NULL;

      g_assert_cmpint (count_nodes (colours), ==, 1);
      colour = node_text (colours->nodesetval->nodeTab[0]);
      g_assert_true (g_regex_match_simple ("^#[0-9a-fA-F]{6}$", colour, 0, 0));
      xmlXPathFreeObject (colours);
    }
  xmlFreeDoc (doc);
}

static void
test_content_rating (void)
{
  xmlDoc *doc = load_metainfo ();
  xmlXPathObject *ratings = select_nodes (doc, "/component/content_rating[@type='oars-1.1']");

  g_assert_cmpint (count_nodes (ratings), ==, 1);
  xmlXPathFreeObject (ratings);
  xmlFreeDoc (doc);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/data/metainfo/appstreamcli-pedantic", test_appstreamcli_pedantic);
  g_test_add_func ("/data/metainfo/flathub/summary", test_summary);
  g_test_add_func ("/data/metainfo/flathub/developer", test_developer);
  g_test_add_func ("/data/metainfo/flathub/screenshots", test_screenshots);
  g_test_add_func ("/data/metainfo/flathub/release", test_release);
  g_test_add_func ("/data/metainfo/flathub/branding", test_branding);
  g_test_add_func ("/data/metainfo/flathub/content-rating", test_content_rating);

  return g_test_run ();
}
