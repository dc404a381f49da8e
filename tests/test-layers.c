/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-layers.c: the folders of src/ are layers (docs/architecture.md), and a file includes
 * headers of its own folder and of the folders below it only:
 *
 *   src/         engine < report < portal < tables < cli, app
 *   src/engine/  core < rules < scenario < ti4, tactical < strategic < views
 *   src/app/     widgets < battle, ti4 < map < campaign < editor, tables, replay < shell
 *
 * Folders of one rank stand side by side and include neither the other. The few upward
 * includes are listed below with what they are for; one not listed fails the test, and so
 * does a listed one that is gone (the list then shrinks).
 *
 * An include is found as the compiler finds it: beside the file that includes it first (so
 * "../shell/admiralty-window.h" is the shell's header, wherever it is written), then in the
 * folders of src/. Every folder under src/ must be named in the tables below, so a new folder
 * is never left unread, and an indented "  #  include" counts as any other. Only the tests and
 * benches include the whole engine at once (admiralty-engine.h). The checker is run
 * on made-up trees too, each breaking one of these, to show it fails on them. */
#include "config.h"

#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>

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
  int           outer;         /* the tree's rank among src/'s folders; -1 for src/ itself,
                                * whose folders are ranked by their layers */
} Tree;

static const Layer engine_layers[] = {
  { "core",      0 },
  { "rules",     1 },
  { "scenario",  2 },
  { "ti4",       3 },
  { "tactical",  3 },
  { "strategic", 4 },
  { "views",     5 },
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
  { "replay",   4 },
  { "shell",    5 },
};

static const char *app_outside[] = { "main.c", NULL };

/* The libraries beside the engine, each a folder of src/ with its headers in it. The engine
 * is below them all (rank 0), the app beside the command line (rank 4). */
static const Layer src_layers[] = {
  { "report", 1 },
  { "portal", 2 },
  { "tables", 3 },
  { "cli",    4 },
};

static const char *src_outside[] = { NULL };

static const Tree trees[] = {
  { "src", "", src_layers, G_N_ELEMENTS (src_layers), NULL, 0, src_outside, -1 },
  { "engine", "engine", engine_layers, G_N_ELEMENTS (engine_layers), engine_upward,
    G_N_ELEMENTS (engine_upward), engine_outside, 0 },
  { "app", "app", app_layers, G_N_ELEMENTS (app_layers), NULL, 0, app_outside, 4 },
};

/* What the checker reads: a source tree's src/ folder and the tables above (or made-up ones
 * for the test of the test). */
typedef struct {
  const char *src;
  const Tree *trees;
  guint       n_trees;
  gboolean    made_up;  /* holds none of the upward includes listed */
} Source;

/* Where a folder of src/ stands: its tree and its layer. */
typedef struct {
  const Tree  *tree;
  const Layer *layer;
} Place;

static char *
folder_path (const Source *source,
             const Tree   *tree,
             const char   *folder)
{
  return g_build_filename (source->src, tree->tree, folder, NULL);
}

/* "src/TREE/@rest", as a message names it. */
static char *
shown (const Tree *tree,
       const char *rest)
{
  return g_build_filename ("src", tree->tree, rest, NULL);
}

/* The tree and layer of the folder @dir (a canonical path), or FALSE when no table names it. */
static gboolean
place_of_folder (const Source *source,
                 const char   *dir,
                 Place        *place)
{
  for (guint t = 0; t < source->n_trees; t++)
    for (guint i = 0; i < source->trees[t].n_layers; i++)
      {
        g_autofree char *path = folder_path (source, &source->trees[t],
                                             source->trees[t].layers[i].folder);

        if (g_str_equal (path, dir))
          {
            place->tree = &source->trees[t];
            place->layer = &source->trees[t].layers[i];
            return TRUE;
          }
      }
  return FALSE;
}

/* The rank of @place among src/'s folders: a tree's own, or its layer's for src/ itself. */
static guint
outer_rank (const Place *place)
{
  return place->tree->outer >= 0 ? (guint) place->tree->outer : place->layer->rank;
}

/* The file @header (as written in #include "…") names when @including holds it: beside
 * @including first, then in the folders of every layer, as the build's include paths find
 * it. NULL when none holds it (a system header, config.h or a generated one). */
static char *
resolve_include (const Source *source,
                 const char   *including,
                 const char   *header)
{
  g_autofree char *beside_dir = g_path_get_dirname (including);
  g_autofree char *beside = g_canonicalize_filename (header, beside_dir);

  if (g_file_test (beside, G_FILE_TEST_IS_REGULAR))
    return g_steal_pointer (&beside);
  for (guint t = 0; t < source->n_trees; t++)
    {
      const Tree *tree = &source->trees[t];
      g_autofree char *root = folder_path (source, tree, NULL);
      g_autofree char *at_root = g_canonicalize_filename (header, root);

      if (g_file_test (at_root, G_FILE_TEST_IS_REGULAR))
        return g_steal_pointer (&at_root);
      for (guint i = 0; i < tree->n_layers; i++)
        {
          g_autofree char *dir = folder_path (source, tree, tree->layers[i].folder);
          g_autofree char *path = g_canonicalize_filename (header, dir);

          if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
            return g_steal_pointer (&path);
        }
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

/* Whether @from may include a header of @to: a lower layer of its own tree, or a lower
 * folder of src/ when the two are of different trees; or its own folder. */
static gboolean
goes_down (const Place *from,
           const Place *to)
{
  if (from->layer == to->layer)
    return TRUE;
  if (from->tree == to->tree && from->tree->outer >= 0)
    return to->layer->rank < from->layer->rank;
  return outer_rank (to) < outer_rank (from);
}

/* Every #include "…" of every file of every layer of @tree, against the layer of the header;
 * what is wrong is added to @problems. */
static void
check_includes (const Source *source,
                const Tree   *tree,
                GString      *problems,
                guint        *files,
                guint        *includes)
{
  g_autoptr(GRegex) include = g_regex_new ("^[ \\t]*#[ \\t]*include[ \\t]*\"([^\"]+)\"",
                                           G_REGEX_MULTILINE, 0, NULL);
  g_autofree gboolean *seen = g_new0 (gboolean, tree->n_upward + 1);

  for (guint i = 0; i < tree->n_layers; i++)
    {
      Place from = { tree, &tree->layers[i] };
      g_autofree char *dir = folder_path (source, tree, from.layer->folder);
      g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
      const char *name;

      if (listing == NULL)
        {
          g_autofree char *folder = shown (tree, from.layer->folder);

          g_string_append_printf (problems, "%s/ is named in the layers but is not there\n",
                                  folder);
          continue;
        }
      while ((name = g_dir_read_name (listing)) != NULL)
        {
          g_autofree char *path = g_build_filename (dir, name, NULL);
          g_autofree char *text = NULL;
          g_autoptr(GMatchInfo) match = NULL;

          if (!g_str_has_suffix (name, ".c") && !g_str_has_suffix (name, ".h"))
            continue;
          g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
          (*files)++;
          g_regex_match (include, text, 0, &match);
          for (; g_match_info_matches (match); g_match_info_next (match, NULL))
            {
              g_autofree char *header = g_match_info_fetch (match, 1);
              g_autofree char *target = resolve_include (source, path, header);
              g_autofree char *target_dir = NULL, *target_name = NULL;
              g_autofree char *from_name = NULL, *to_name = NULL, *from_shown = NULL;
              Place to;

              if (target == NULL)
                continue;
              target_dir = g_path_get_dirname (target);
              target_name = g_path_get_basename (target);
              if (!place_of_folder (source, target_dir, &to))
                {
                  /* The engine's own folder holds only admiralty-engine.h, every header of
                   * the engine at once, for the tests and benches: a library or the app
                   * includes the parts it uses, so that it is rebuilt only when they change
                   * and says what it depends on. */
                  if (!g_str_equal (tree->tree, "engine") &&
                      g_str_equal (target_name, "admiralty-engine.h"))
                    {
                      g_autofree char *file = g_strdup_printf ("%s/%s", from.layer->folder,
                                                               name);
                      g_autofree char *file_shown = shown (tree, file);

                      g_string_append_printf (problems, "%s includes the whole engine "
                                              "(admiralty-engine.h): include the headers it "
                                              "uses\n", file_shown);
                    }
                  continue;
                }
              (*includes)++;
              /* The scenario's file elements are the engine's own: everything above it edits
               * a scenario through its items (adm-scenario-item.h). */
              if (!g_str_equal (tree->tree, "engine") &&
                  g_str_equal (to.tree->tree, "engine") &&
                  g_str_equal (target_name, "adm-scenario-edit-elements.h"))
                {
                  g_autofree char *file = g_strdup_printf ("%s/%s", from.layer->folder, name);
                  g_autofree char *file_shown = shown (tree, file);

                  g_string_append_printf (problems, "%s includes the scenario's file elements "
                                          "(adm-scenario-edit-elements.h): edit through the "
                                          "items\n", file_shown);
                }
              if (goes_down (&from, &to))
                continue;
              from_name = g_strdup_printf ("%s/%s", from.layer->folder, name);
              to_name = g_build_filename (to.tree->tree, to.layer->folder, target_name, NULL);
              from_shown = shown (tree, from_name);
              if (to.tree == tree)
                {
                  g_free (to_name);
                  to_name = g_strdup_printf ("%s/%s", to.layer->folder, target_name);
                }
              if (!known (tree, from_name, to_name, seen))
                g_string_append_printf (problems, "%s includes %s, a layer not below it\n",
                                        from_shown, to_name);
            }
        }
    }

  for (guint i = 0; i < tree->n_upward && !source->made_up; i++)
    if (!seen[i])
      {
        g_autofree char *file = shown (tree, tree->upward[i].file);

        g_string_append_printf (problems, "%s no longer includes %s: take it off the list\n",
                                file, tree->upward[i].header);
      }
}

/* Every folder under src/, at any depth, is a tree's own or one of its layers. */
static void
check_folders (const Source *source,
               const char   *dir,
               const char   *relative,
               GString      *problems)
{
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;

  if (listing == NULL)
    return;
  while ((name = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *rel = relative[0] != '\0' ? g_build_filename (relative, name, NULL)
                                                 : g_strdup (name);
      gboolean named = FALSE;
      Place place;

      if (!g_file_test (path, G_FILE_TEST_IS_DIR))
        continue;
      for (guint t = 0; t < source->n_trees && !named; t++)
        named = source->trees[t].tree[0] != '\0' && g_str_equal (source->trees[t].tree, rel);
      if (!named && !place_of_folder (source, path, &place))
        g_string_append_printf (problems, "src/%s/ is a folder no layer names: give it its "
                                "rank in test-layers.c and docs/architecture.md\n", rel);
      check_folders (source, path, rel, problems);
    }
}

static Source
real_source (void)
{
  static char *src;

  if (src == NULL)
    src = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "src", NULL);
  return (Source) { src, trees, G_N_ELEMENTS (trees), FALSE };
}

static void
test_includes_go_down (gconstpointer data)
{
  const Tree *tree = data;
  Source source = real_source ();
  g_autoptr(GString) problems = g_string_new (NULL);
  g_autofree char *top = shown (tree, NULL);
  guint files = 0, includes = 0;

  check_includes (&source, tree, problems, &files, &includes);
  g_test_message ("%s/: %u files, %u includes of src/'s headers", top, files, includes);
  g_assert_cmpuint (files, >, 0);
  g_assert_cmpuint (includes, >, 0);
  if (problems->len > 0)
    g_test_fail_printf ("%s", problems->str);
}

static void
test_every_folder_named (void)
{
  Source source = real_source ();
  g_autoptr(GString) problems = g_string_new (NULL);

  check_folders (&source, source.src, "", problems);
  if (problems->len > 0)
    g_test_fail_printf ("%s", problems->str);
}

/* No source lies outside the layers but the few the tree's own folder keeps; a new file
 * goes into the folder of its area. */
static void
test_every_file_in_a_layer (gconstpointer data)
{
  const Tree *tree = data;
  Source source = real_source ();
  g_autofree char *dir = folder_path (&source, tree, NULL);
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

/* ---- The test of the test: made-up trees that each break the layers one way ---- */

/* A made-up src/ under a temporary folder: @files is NULL-terminated pairs of a path under
 * src/ and its text. */
static char *
made_up_src (const char * const *files)
{
  g_autofree char *root = g_dir_make_tmp ("admiralty-layers-XXXXXX", NULL);
  char *src = g_build_filename (root, "src", NULL);

  for (guint i = 0; files[i] != NULL; i += 2)
    {
      g_autofree char *path = g_build_filename (src, files[i], NULL);
      g_autofree char *dir = g_path_get_dirname (path);

      g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
      g_assert_true (g_file_set_contents (path, files[i + 1], -1, NULL));
    }
  return src;
}

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) listing = g_dir_open (path, 0, NULL);
  const char *name;

  if (listing != NULL)
    while ((name = g_dir_read_name (listing)) != NULL)
      {
        g_autofree char *child = g_build_filename (path, name, NULL);

        remove_tree (child);
      }
  g_remove (path);
}

/* What the checker says of a made-up src/ holding @files, every tree and folder. */
static char *
problems_of (const char * const *files)
{
  g_autofree char *src = made_up_src (files);
  g_autofree char *root = g_path_get_dirname (src);
  Source source = { src, trees, G_N_ELEMENTS (trees), TRUE };
  GString *problems = g_string_new (NULL);
  guint n_files = 0, includes = 0;

  for (guint t = 0; t < G_N_ELEMENTS (trees); t++)
    check_includes (&source, &trees[t], problems, &n_files, &includes);
  check_folders (&source, src, "", problems);
  remove_tree (root);
  g_test_message ("%s", problems->str);
  return g_string_free (problems, FALSE);
}

#define HEADER(path) path, "#pragma once\n"

/* The folders every made-up tree has, each with one header, so that the checker finds them
 * all and complains only of what a case breaks. */
#define EVERY_FOLDER \
  HEADER ("engine/core/adm-core.h"), HEADER ("engine/rules/adm-rules.h"), \
  HEADER ("engine/scenario/adm-scenario.h"), HEADER ("engine/ti4/adm-ti4.h"), \
  HEADER ("engine/tactical/adm-tactical.h"), HEADER ("engine/strategic/adm-strategic.h"), \
  HEADER ("engine/views/adm-views.h"), \
  HEADER ("app/widgets/admiralty-widget.h"), HEADER ("app/battle/admiralty-battle.h"), \
  HEADER ("app/ti4/admiralty-ti4.h"), HEADER ("app/map/admiralty-map.h"), \
  HEADER ("app/campaign/admiralty-campaign.h"), HEADER ("app/editor/admiralty-editor.h"), \
  HEADER ("app/tables/admiralty-tables.h"), HEADER ("app/replay/admiralty-replay.h"), \
  HEADER ("app/shell/admiralty-window.h"), \
  HEADER ("report/adm-report.h"), HEADER ("portal/adm-portal.h"), \
  HEADER ("tables/adm-tables.h"), HEADER ("cli/cli.h")

static void
test_checker_sound (void)
{
  const char *files[] = {
    EVERY_FOLDER,
    "app/shell/admiralty-shell.c", "#include \"admiralty-widget.h\"\n"
                                   "#include \"adm-core.h\"\n#include \"adm-portal.h\"\n",
    "cli/cli.c", "#include \"adm-views.h\"\n#include \"../report/adm-report.h\"\n",
    NULL,
  };
  g_autofree char *problems = problems_of (files);

  g_assert_cmpstr (problems, ==, "");
}

static void
test_checker_relative_include (void)
{
  const char *files[] = {
    EVERY_FOLDER,
    "app/widgets/admiralty-widget.c", "#include \"../shell/admiralty-window.h\"\n",
    NULL,
  };
  g_autofree char *problems = problems_of (files);

  g_assert_nonnull (strstr (problems, "src/app/widgets/admiralty-widget.c includes "
                                      "shell/admiralty-window.h, a layer not below it"));
}

static void
test_checker_indented_include (void)
{
  const char *files[] = {
    EVERY_FOLDER,
    "engine/core/adm-core.c", "#ifdef X\n  #  include \"adm-views.h\"\n#endif\n",
    NULL,
  };
  g_autofree char *problems = problems_of (files);

  g_assert_nonnull (strstr (problems, "src/engine/core/adm-core.c includes views/adm-views.h, "
                                      "a layer not below it"));
}

static void
test_checker_unnamed_folder (void)
{
  const char *files[] = {
    EVERY_FOLDER,
    HEADER ("app/scrapbook/admiralty-scrapbook.h"),
    "app/scrapbook/admiralty-scrapbook.c", "#include \"admiralty-window.h\"\n",
    NULL,
  };
  g_autofree char *problems = problems_of (files);

  g_assert_nonnull (strstr (problems, "src/app/scrapbook/ is a folder no layer names"));
}

static void
test_checker_whole_engine (void)
{
  const char *files[] = {
    EVERY_FOLDER,
    HEADER ("engine/admiralty-engine.h"),
    "cli/cli.c", "#include \"admiralty-engine.h\"\n",
    "app/map/admiralty-map.c", "#include \"../../engine/admiralty-engine.h\"\n",
    NULL,
  };
  g_autofree char *problems = problems_of (files);

  g_assert_nonnull (strstr (problems, "src/cli/cli.c includes the whole engine"));
  g_assert_nonnull (strstr (problems, "src/app/map/admiralty-map.c includes the whole engine"));
}

static void
test_checker_scenario_elements (void)
{
  const char *files[] = {
    EVERY_FOLDER,
    HEADER ("engine/scenario/adm-scenario-edit-elements.h"),
    "engine/scenario/adm-scenario-ship.c", "#include \"adm-scenario-edit-elements.h\"\n",
    "cli/cli.c", "#include \"adm-scenario-edit-elements.h\"\n",
    "app/editor/admiralty-editor.c",
    "#include \"../../engine/scenario/adm-scenario-edit-elements.h\"\n",
    NULL,
  };
  g_autofree char *problems = problems_of (files);

  g_assert_nonnull (strstr (problems, "src/cli/cli.c includes the scenario's file elements"));
  g_assert_nonnull (strstr (problems, "src/app/editor/admiralty-editor.c includes the "
                                      "scenario's file elements"));
  g_assert_null (strstr (problems, "adm-scenario-ship.c"));
}

static void
test_checker_across_trees (void)
{
  const char *files[] = {
    EVERY_FOLDER,
    "engine/views/adm-views.c", "#include \"adm-portal.h\"\n",
    "portal/adm-portal.c", "#include \"admiralty-window.h\"\n",
    NULL,
  };
  g_autofree char *problems = problems_of (files);

  g_assert_nonnull (strstr (problems, "src/engine/views/adm-views.c includes "
                                      "portal/adm-portal.h, a layer not below it"));
  g_assert_nonnull (strstr (problems, "src/portal/adm-portal.c includes "
                                      "app/shell/admiralty-window.h, a layer not below it"));
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
  g_test_add_func ("/data/layers/every-folder-named", test_every_folder_named);
  g_test_add_func ("/data/layers/checker/sound", test_checker_sound);
  g_test_add_func ("/data/layers/checker/relative-include", test_checker_relative_include);
  g_test_add_func ("/data/layers/checker/indented-include", test_checker_indented_include);
  g_test_add_func ("/data/layers/checker/unnamed-folder", test_checker_unnamed_folder);
  g_test_add_func ("/data/layers/checker/whole-engine", test_checker_whole_engine);
  g_test_add_func ("/data/layers/checker/scenario-elements", test_checker_scenario_elements);
  g_test_add_func ("/data/layers/checker/across-trees", test_checker_across_trees);
  return g_test_run ();
}
