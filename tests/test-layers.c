/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-layers.c: the folders of the engine and of the app are layers (docs/architecture.md),
 * and a file includes headers of its own folder and of the folders below it only:
 *
 *   src/         report < portal < tables < cli (engine and app: the two trees below)
 *   src/engine/  core < rules < ti4, tactical < strategic < views
 *   src/app/     widgets < battle, ti4 < map < campaign < editor, tables < shell
 *
 * Folders of one rank stand side by side and include neither the other. The few upward
 * includes are listed below with what they are for; one not listed fails the test, and so
 * does a listed one that is gone (the list then shrinks). */
#include "config.h"

#include <glib.h>

typedef struct {
  const char *folder;
  guint       rank;
} Layer;

typedef struct {
  const char *file;     /* "folder/file" */
  const char *header;   /* "folder/header" it includes, a layer not below it */
} Upward;

typedef struct {
  const char   *name;          /* of the test */
  const char   *tree;          /* under src/ ("": src/ itself) */
  const Layer  *layers;
  guint         n_layers;
  const Upward *upward;
  guint         n_upward;
  const char  **outside;       /* the files the tree's own folder may hold */
} Tree;

static const Layer engine_layers[] = {
  { "core",      0 },
  { "rules",     1 },
  { "ti4",       2 },
  { "tactical",  2 },
  { "strategic", 3 },
  { "views",     4 },
};

static const Upward engine_upward[] = {
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

static const char *engine_outside[] = { "admiralty-engine.h", NULL };

static const Layer app_layers[] = {
  { "widgets",  0 },
  { "battle",   1 },
  { "ti4",      1 },
  { "map",      2 },
  { "campaign", 3 },
  { "editor",   4 },
  { "tables",   4 },
  { "shell",    5 },
};

static const char *app_outside[] = { "main.c", NULL };

/* The libraries beside the engine, each a folder of src/ with its headers in it (the engine's
 * and the app's are in folders of their own: none of theirs is taken for one of these). */
static const Layer src_layers[] = {
  { "report", 0 },
  { "portal", 1 },
  { "tables", 2 },
  { "cli",    3 },
};

static const char *src_outside[] = { NULL };

static const Tree trees[] = {
  { "src", "", src_layers, G_N_ELEMENTS (src_layers), NULL, 0, src_outside },
  { "engine", "engine", engine_layers, G_N_ELEMENTS (engine_layers), engine_upward,
    G_N_ELEMENTS (engine_upward), engine_outside },
  { "app", "app", app_layers, G_N_ELEMENTS (app_layers), NULL, 0, app_outside },
};

static char *
tree_path (const Tree *tree,
           const char *folder)
{
  return g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "src", tree->tree, folder, NULL);
}

/* "src/TREE/@rest", as a message names it. */
static char *
shown (const Tree *tree,
       const char *rest)
{
  return g_build_filename ("src", tree->tree, rest, NULL);
}

/* The layer of the folder holding @header ("adm-foo.h"), or NULL when no folder holds it
 * (a system header, config.h, or a header of another tree). */
static const Layer *
layer_of_header (const Tree *tree,
                 const char *header)
{
  for (guint i = 0; i < tree->n_layers; i++)
    {
      g_autofree char *dir = tree_path (tree, tree->layers[i].folder);
      g_autofree char *path = g_build_filename (dir, header, NULL);

      if (g_file_test (path, G_FILE_TEST_EXISTS))
        return &tree->layers[i];
    }
  return NULL;
}

static gboolean
known (const Tree *tree,
       const char *file,
       const char *header,
       gboolean   *seen)
{
  for (guint i = 0; i < tree->n_upward; i++)
    if (g_str_equal (tree->upward[i].file, file) && g_str_equal (tree->upward[i].header, header))
      {
        seen[i] = TRUE;
        return TRUE;
      }
  return FALSE;
}

/* Every #include "…" of every file of every layer, against the layer of the header. */
static void
test_includes_go_down (gconstpointer data)
{
  const Tree *tree = data;
  g_autoptr(GRegex) include = g_regex_new ("^#include \"([^\"]+)\"", G_REGEX_MULTILINE, 0, NULL);
  g_autoptr(GString) problems = g_string_new (NULL);
  g_autofree gboolean *seen = g_new0 (gboolean, tree->n_upward + 1);
  g_autofree char *top = NULL;
  guint files = 0, includes = 0;

  for (guint i = 0; i < tree->n_layers; i++)
    {
      const Layer *from = &tree->layers[i];
      g_autofree char *dir = tree_path (tree, from->folder);
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
              const Layer *to = layer_of_header (tree, header);
              g_autofree char *from_name = NULL, *to_name = NULL, *from_shown = NULL;

              if (to == NULL)
                continue;
              includes++;
              if (to == from || to->rank < from->rank)
                continue;
              from_name = g_strdup_printf ("%s/%s", from->folder, name);
              to_name = g_strdup_printf ("%s/%s", to->folder, header);
              from_shown = shown (tree, from_name);
              if (!known (tree, from_name, to_name, seen))
                g_string_append_printf (problems, "%s includes %s, a layer not below it\n",
                                        from_shown, to_name);
            }
        }
    }

  for (guint i = 0; i < tree->n_upward; i++)
    if (!seen[i])
      {
        g_autofree char *file = shown (tree, tree->upward[i].file);

        g_string_append_printf (problems, "%s no longer includes %s: take it off the list\n",
                                file, tree->upward[i].header);
      }

  top = shown (tree, NULL);
  g_test_message ("%s/: %u files, %u includes of its own headers", top, files, includes);
  g_assert_cmpuint (files, >, 0);
  g_assert_cmpuint (includes, >, 0);
  if (problems->len > 0)
    g_test_fail_printf ("%s", problems->str);
}

/* No source lies outside the layers but the few the tree's own folder keeps; a new file
 * goes into the folder of its area. */
static void
test_every_file_in_a_layer (gconstpointer data)
{
  const Tree *tree = data;
  g_autofree char *dir = tree_path (tree, NULL);
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  g_autoptr(GString) strays = g_string_new (NULL);
  g_autofree char *top = shown (tree, NULL);
  const char *name;

  g_assert_nonnull (listing);
  while ((name = g_dir_read_name (listing)) != NULL)
    if ((g_str_has_suffix (name, ".c") || g_str_has_suffix (name, ".h") ||
         g_str_has_suffix (name, ".ui"))
        && !g_strv_contains (tree->outside, name))
      g_string_append_printf (strays, " %s", name);
  if (strays->len > 0)
    g_test_fail_printf ("%s/ holds files of no folder:%s", top, strays->str);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (trees); i++)
    {
      g_autofree char *down = g_strdup_printf ("/data/layers/%s/includes-go-down", trees[i].name);
      g_autofree char *every = g_strdup_printf ("/data/layers/%s/every-file-in-a-layer",
                                                trees[i].name);

      g_test_add_data_func (down, &trees[i], test_includes_go_down);
      g_test_add_data_func (every, &trees[i], test_every_file_in_a_layer);
    }
  return g_test_run ();
}
