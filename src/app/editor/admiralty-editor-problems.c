/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-editor-problems.c: the scenario editor's Problems page (see the header). */

#include "config.h"

#include <glib/gi18n.h>

#include "admiralty-editor-problems.h"
#include "adm-oob.h"
#include "adm-scenario-check.h"

struct _AdmiraltyEditorProblems
{
  AdwBin      parent_instance;

  GtkStack   *stack;
  GtkLabel   *summary;
  GtkListBox *list;
  GtkWidget  *import_box;
  GtkLabel   *import_summary;
  GtkLabel   *import_note;
  GtkListBox *import_list;

  GPtrArray  *rows;   /* GtkWidget*, a row a problem */
  GPtrArray  *items;  /* AdmScenarioItem*, each row's, or NULL */
  GPtrArray  *suffixes; /* GtkWidget*, each row's "go to" arrow, or NULL */
  guint       n_problems;   /* the scenario's */
  guint       n_import;     /* the order of battle's not imported */
};

G_DEFINE_FINAL_TYPE (AdmiraltyEditorProblems, admiralty_editor_problems, ADW_TYPE_BIN)

enum { PROBLEM_ACTIVATED, IMPORT_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

/* One item named for a master, or NULL for one a master does not name (the scenario, its
 * rules, a pool). */
static char *
item_label (AdmScenarioItem *item,
            const char      *name)
{
  /* Translators: where a problem is; %s is the thing's name */
  if (ADM_IS_SCENARIO_SHIP (item))
    return g_strdup_printf (_("ship “%s”"), name);
  if (ADM_IS_SCENARIO_FORMATION (item))
    return g_strdup_printf (_("formation “%s”"), name);
  if (ADM_IS_SCENARIO_SECTOR (item))
    return g_strdup_printf (_("sector “%s”"), name);
  if (ADM_IS_SCENARIO_OBJECT (item))
    return g_strdup_printf (_("object “%s”"), name);
  if (ADM_IS_SCENARIO_ADMIRAL (item))
    return g_strdup_printf (_("admiral “%s”"), name);
  if (ADM_IS_SCENARIO_ALLIANCE (item))
    return g_strdup_printf (_("alliance “%s”"), name);
  if (ADM_IS_SEASON_CLASS (item))
    return g_strdup_printf (_("ship class “%s”"), name);
  if (ADM_IS_SEASON_WEAPON (item))
    return g_strdup_printf (_("weapon “%s”"), name);
  if (ADM_IS_SEASON_FACTION (item))
    return g_strdup_printf (_("faction “%s”"), name);
  return NULL;
}

/* Where a problem is: "ship “Kestrel” in formation “Hub Picket”", "sector “Pol orbit”". */
static char *
place_of (AdmScenarioItem *item)
{
  g_autoptr(GString) place = g_string_new (NULL);

  for (AdmScenarioItem *up = item; up != NULL; up = adm_scenario_item_get_parent (up))
    {
      const char *name = adm_scenario_item_get_name (up);
      const char *id = adm_scenario_item_get_id (up);
      g_autofree char *label = item_label (up, name != NULL && name[0] != '\0' ? name
                                               : id != NULL ? id : "");

      if (label == NULL)
        continue;
      if (place->len > 0)
        /* Translators: joins a place to the one it is in: "ship “A” in formation “B”" */
        g_string_append (place, _(" in "));
      g_string_append (place, label);
    }
  if (place->len == 0)
    return NULL;
  return g_string_free (g_steal_pointer (&place), FALSE);
}

static void
item_unref (gpointer item)
{
  if (item != NULL)
    g_object_unref (item);
}

static void
row_activated_cb (AdmiraltyEditorProblems *self,
                  GtkListBoxRow           *row)
{
  guint index;

  if (g_ptr_array_find (self->rows, row, &index) && self->items->pdata[index] != NULL)
    g_signal_emit (self, signals[PROBLEM_ACTIVATED], 0, self->items->pdata[index]);
}

/* A problem's line: its message, and where it is (@item, file line, clause). */
static void
show_problem (GtkWidget        *row,
              GtkWidget       **suffix,
              const AdmProblem *problem,
              AdmScenarioItem  *item)
{
  g_autofree char *title = g_markup_escape_text (problem->message, -1);
  g_autofree char *place = item != NULL ? place_of (item) : NULL;
  g_autoptr(GString) subtitle = g_string_new (NULL);
  g_autofree char *escaped = NULL;

  if (place != NULL)
    g_string_append (subtitle, place);
  if (problem->line > 0)
    {
      if (subtitle->len > 0)
        g_string_append (subtitle, " · ");
      /* Translators: a problem's line in the scenario file */
      g_string_append_printf (subtitle, _("line %d"), problem->line);
    }
  if (problem->clause != NULL)
    g_string_append_printf (subtitle, "%s%s", subtitle->len > 0 ? " · " : "",
                            problem->clause);
  escaped = g_markup_escape_text (subtitle->str, -1);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), escaped);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), item != NULL);
  if (item != NULL && *suffix == NULL)
    {
      *suffix = gtk_image_new_from_icon_name ("go-next-symbolic");
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), *suffix);
    }
  else if (item == NULL && *suffix != NULL)
    {
      adw_action_row_remove (ADW_ACTION_ROW (row), *suffix);
      *suffix = NULL;
    }
}

/* The list when there is a problem of the scenario's or of an order of battle not imported,
 * else "No Problems". */
static void
update_stack (AdmiraltyEditorProblems *self)
{
  gtk_stack_set_visible_child_name (self->stack,
                                    self->n_problems + self->n_import > 0 ? "list" : "none");
}

/* The rows already made show the new problems in place: most edits leave the problems as
 * they were, and a row made costs more than a label set to the text it has. */
void
admiralty_editor_problems_set_problems (AdmiraltyEditorProblems *self,
                                        AdmScenarioEdit         *edit,
                                        GPtrArray               *problems)
{
  g_autofree char *summary = NULL;
  guint blocking;

  g_return_if_fail (ADMIRALTY_IS_EDITOR_PROBLEMS (self));
  g_return_if_fail (ADM_IS_SCENARIO_EDIT (edit));
  g_return_if_fail (problems != NULL);

  while (self->rows->len > problems->len)
    {
      gtk_list_box_remove (self->list, self->rows->pdata[self->rows->len - 1]);
      g_ptr_array_set_size (self->rows, self->rows->len - 1);
      g_ptr_array_set_size (self->suffixes, self->suffixes->len - 1);
    }
  g_ptr_array_set_size (self->items, 0);
  for (guint i = 0; i < problems->len; i++)
    {
      const AdmProblem *problem = problems->pdata[i];

      if (i == self->rows->len)
        {
          GtkWidget *row = adw_action_row_new ();

          adw_action_row_set_icon_name (ADW_ACTION_ROW (row), "dialog-warning-symbolic");
          gtk_list_box_append (self->list, row);
          g_ptr_array_add (self->rows, row);
          g_ptr_array_add (self->suffixes, NULL);
        }
      AdmScenarioItem *item = problem->node != NULL
                              ? adm_scenario_edit_find_item (edit, problem->node) : NULL;

      show_problem (self->rows->pdata[i], (GtkWidget **) &self->suffixes->pdata[i], problem,
                    item);
      g_ptr_array_add (self->items, item != NULL ? g_object_ref (item) : NULL);
    }
  /* Advice (AdmProblem.advice) is listed too, but keeps nothing from starting. */
  blocking = adm_problems_count_blocking (problems);
  /* Translators: the heading of the Problems page */
  summary = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                          "%u problem: the scenario cannot start a campaign "
                                          "until it is fixed",
                                          "%u problems: the scenario cannot start a campaign "
                                          "until they are fixed", blocking), blocking);
  self->n_problems = problems->len;
  if (blocking == 0)
    gtk_label_set_label (self->summary, _("The scenario itself has no problem: it can start a "
                                          "campaign"));
  else
    gtk_label_set_label (self->summary, summary);
  gtk_widget_set_visible (GTK_WIDGET (self->list), problems->len > 0);
  update_stack (self);
}

/* The order of battle's problems */

/* Where a problem of the CSV is: "fleet.csv · line 4 · column “class”". */
static char *
csv_place (const char          *csv_name,
           const AdmOobProblem *problem)
{
  /* Translators: where a problem of a spreadsheet (CSV) is: its file, line and column, the
   * column named as its header names it */
  if (problem->line > 0 && problem->column != NULL)
    return g_strdup_printf (_("%s · line %u · column “%s”"), csv_name, problem->line,
                            problem->column);
  if (problem->line > 0)
    return g_strdup_printf (_("%s · line %u"), csv_name, problem->line);
  if (problem->column != NULL)
    return g_strdup_printf (_("%s · column “%s”"), csv_name, problem->column);
  return g_strdup (csv_name);
}

void
admiralty_editor_problems_set_import_problems (AdmiraltyEditorProblems *self,
                                               const char              *csv_name,
                                               GPtrArray               *problems)
{
  GtkWidget *child;
  g_autofree char *summary = NULL;

  g_return_if_fail (ADMIRALTY_IS_EDITOR_PROBLEMS (self));

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->import_list))) != NULL)
    gtk_list_box_remove (self->import_list, child);
  self->n_import = problems != NULL ? problems->len : 0;
  gtk_widget_set_visible (self->import_box, self->n_import > 0);
  for (guint i = 0; i < self->n_import; i++)
    {
      const AdmOobProblem *problem = problems->pdata[i];
      GtkWidget *row = adw_action_row_new ();
      g_autofree char *title = g_markup_escape_text (problem->message, -1);
      g_autofree char *place = csv_place (csv_name, problem);
      g_autofree char *subtitle = g_markup_escape_text (place, -1);

      adw_action_row_set_icon_name (ADW_ACTION_ROW (row), "dialog-error-symbolic");
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
      gtk_list_box_append (self->import_list, row);
    }
  if (self->n_import > 0)
    {
      /* Translators: the heading of a spreadsheet's problems on the Problems page, "fleet.csv
       * was not imported: 3 problems" */
      summary = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                              "%s was not imported: %u problem",
                                              "%s was not imported: %u problems",
                                              self->n_import), csv_name, self->n_import);
      gtk_label_set_label (self->import_summary, summary);
      gtk_label_set_label (self->import_note,
                           _("Nothing of it was read and the scenario is as it was. Correct the "
                             "spreadsheet and import it again."));
    }
  update_stack (self);
  g_signal_emit (self, signals[IMPORT_CHANGED], 0);
}

guint
admiralty_editor_problems_get_n_import_problems (AdmiraltyEditorProblems *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_EDITOR_PROBLEMS (self), 0);
  return self->n_import;
}

GtkWidget *
admiralty_editor_problems_get_import_row (AdmiraltyEditorProblems *self,
                                          guint                    index)
{
  g_return_val_if_fail (ADMIRALTY_IS_EDITOR_PROBLEMS (self), NULL);
  return GTK_WIDGET (gtk_list_box_get_row_at_index (self->import_list, (int) index));
}

static void
dismiss_clicked_cb (AdmiraltyEditorProblems *self)
{
  admiralty_editor_problems_set_import_problems (self, NULL, NULL);
}

GtkWidget *
admiralty_editor_problems_get_row (AdmiraltyEditorProblems *self,
                                   guint                    index)
{
  g_return_val_if_fail (ADMIRALTY_IS_EDITOR_PROBLEMS (self), NULL);
  return index < self->rows->len ? self->rows->pdata[index] : NULL;
}

static void
admiralty_editor_problems_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), ADMIRALTY_TYPE_EDITOR_PROBLEMS);

  G_OBJECT_CLASS (admiralty_editor_problems_parent_class)->dispose (object);
}

static void
admiralty_editor_problems_finalize (GObject *object)
{
  AdmiraltyEditorProblems *self = ADMIRALTY_EDITOR_PROBLEMS (object);

  g_ptr_array_unref (self->rows);
  g_ptr_array_unref (self->items);
  g_ptr_array_unref (self->suffixes);

  G_OBJECT_CLASS (admiralty_editor_problems_parent_class)->finalize (object);
}

static void
admiralty_editor_problems_class_init (AdmiraltyEditorProblemsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = admiralty_editor_problems_dispose;
  object_class->finalize = admiralty_editor_problems_finalize;

  signals[PROBLEM_ACTIVATED] =
    g_signal_new ("problem-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                  NULL, NULL, G_TYPE_NONE, 1, ADM_TYPE_SCENARIO_ITEM);
  signals[IMPORT_CHANGED] =
    g_signal_new ("import-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                  NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/admiralty/Admiralty/"
                                               "admiralty-editor-problems.ui");
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEditorProblems, summary);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEditorProblems, list);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEditorProblems, import_box);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEditorProblems, import_summary);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEditorProblems, import_note);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEditorProblems, import_list);
  gtk_widget_class_bind_template_callback (widget_class, row_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, dismiss_clicked_cb);
}

static void
admiralty_editor_problems_init (AdmiraltyEditorProblems *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* The bin's own child, not bound: the template's disposal and the bin's would both
   * unparent it. */
  self->stack = GTK_STACK (adw_bin_get_child (ADW_BIN (self)));
  self->rows = g_ptr_array_new ();
  self->items = g_ptr_array_new_with_free_func (item_unref);
  self->suffixes = g_ptr_array_new ();
}
