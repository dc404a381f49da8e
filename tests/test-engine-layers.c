/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-engine-layers.c: the engine's folders are layers (docs/architecture.md), and a file
 * includes headers of its own folder and of the folders below it only:
 *
 *   core < rules < ti4, tactical < strategic < views
 *
 * ti4 and tactical stand side by side and include neither the other. The few upward includes
 * the engine has are listed below with what they are for; one not listed fails the test, and
 * so does a listed one that is gone (the list then shrinks). */
#include "config.h"

#include <glib.h>

typedef struct {
  const char *folder;
  guint       rank;
} Layer;

static const Layer layers[] = {
  { "core",      0 },
  { "rules",     1 },
  { "ti4",       2 },
  { "tactical",  2 },
  { "strategic", 3 },
  { "views",     4 },
};

/* The upward includes the engine needs today: "folder/file" includes "folder/header". */
static const struct {
  const char *file;
  const char *header;
} known_upward[] = {
  /* A battle marks each roll and report line, as it records them, with the sides who see
   * them (F-ECM-5): it asks the one audience filter rather than deciding itself. */
  { "tactical/adm-battle-private.h", "views/adm-audience.h" },
  /* A battle's title, written in English by the set-up of its sector, is translated when the
   * battle is read (adm_battle_title_translate ()). */
  { "tactical/adm-battle-load.c",    "strategic/adm-sector-battle.h" },
  /* The dice ledger checks a battle's rolls against their commitments as one audience sees
   * them (adm_dice_verify ()). */
  { "strategic/adm-dice-ledger.h",   "views/adm-audience.h" },
};

static char *
engine_path (const char *folder)
{
  return g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "src", "engine", folder, NULL);
}

/* The layer of the folder holding @header ("adm-foo.h"), or NULL when no folder holds it
 * (a system header, config.h, or admiralty-engine.h above every layer). */
static const Layer *
layer_of_header (const char *header)
{
  for (guint i = 0; i < G_N_ELEMENTS (layers); i++)
    {
      g_autofree char *dir = engine_path (layers[i].folder);
      g_autofree char *path = g_build_filename (dir, header, NULL);

      if (g_file_test (path, G_FILE_TEST_EXISTS))
        return &layers[i];
    }
  return NULL;
}

static gboolean
known (const char *file,
       const char *header,
       gboolean   *seen)
{
  for (guint i = 0; i < G_N_ELEMENTS (known_upward); i++)
    if (g_str_equal (known_upward[i].file, file) && g_str_equal (known_upward[i].header, header))
      {
        seen[i] = TRUE;
        return TRUE;
      }
  return FALSE;
}

/* Every #include "…" of every file of every layer, against the layer of the header. */
static void
test_includes_go_down (void)
{
  g_autoptr(GRegex) include = g_regex_new ("^#include \"([^\"]+)\"", G_REGEX_MULTILINE, 0, NULL);
  g_autoptr(GString) problems = g_string_new (NULL);
  gboolean seen[G_N_ELEMENTS (known_upward)] = { FALSE };
  guint files = 0, includes = 0;

  for (guint i = 0; i < G_N_ELEMENTS (layers); i++)
    {
      g_autofree char *dir = engine_path (layers[i].folder);
      g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
      const char *name;

      g_assert_nonnull (listing);
      while ((name = g_dir_read_name (listing)) != NULL)
        {
          g_autofree char *path = g_build_filename (dir, name, NULL);
          g_autofree char *text = NULL;
          g_autoptr(GMatchInfo) match = NULL;

          if (!g_str_has_suffix (name, ".c") && !g_str_has_suffix (name, ".h"))
            continue;
          g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
          files++;
          g_regex_match (include, text, 0, &match);
          for (; g_match_info_matches (match); g_match_info_next (match, NULL))
            {
              g_autofree char *header = g_match_info_fetch (match, 1);
              const Layer *to = layer_of_header (header);
              g_autofree char *from_name = NULL, *to_name = NULL;

              if (to == NULL)
                continue;
              includes++;
              if (to == &layers[i] || to->rank < layers[i].rank)
                continue;
              from_name = g_strdup_printf ("%s/%s", layers[i].folder, name);
              to_name = g_strdup_printf ("%s/%s", to->folder, header);
              if (!known (from_name, to_name, seen))
                g_string_append_printf (problems, "%s includes %s, a layer not below it\n",
                                        from_name, to_name);
            }
        }
    }

  for (guint i = 0; i < G_N_ELEMENTS (known_upward); i++)
    if (!seen[i])
      g_string_append_printf (problems, "%s no longer includes %s: take it off the list\n",
                              known_upward[i].file, known_upward[i].header);

  g_test_message ("%u files, %u engine includes", files, includes);
  g_assert_cmpuint (files, >, 0);
  g_assert_cmpuint (includes, >, 0);
  if (problems->len > 0)
    g_test_fail_printf ("%s", problems->str);
}

/* No engine source lies outside the layers but the one header that includes them all. */
static void
test_every_file_in_a_layer (void)
{
  g_autofree char *dir = engine_path (NULL);
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  g_autoptr(GString) strays = g_string_new (NULL);
  const char *name;

  g_assert_nonnull (listing);
  while ((name = g_dir_read_name (listing)) != NULL)
    if ((g_str_has_suffix (name, ".c") || g_str_has_suffix (name, ".h"))
        && !g_str_equal (name, "admiralty-engine.h"))
      g_string_append_printf (strays, " %s", name);
  if (strays->len > 0)
    g_test_fail_printf ("src/engine/ holds files of no layer:%s", strays->str);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/data/engine-layers/includes-go-down", test_includes_go_down);
  g_test_add_func ("/data/engine-layers/every-file-in-a-layer", test_every_file_in_a_layer);
  return g_test_run ();
}
