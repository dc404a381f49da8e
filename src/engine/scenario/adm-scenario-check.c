/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-scenario-check.c: every problem of a scenario at once (adm-scenario-check.h).
 *
 * Nothing is checked here: the schema's errors come from libxml2's validator, every one of
 * them (adm_xml_validate_all ()), and the rest from the scenario loader itself, run in the
 * mode where it goes on past each problem (_adm_scenario_check ()). What is here gathers
 * them: one problem for one mistake, in document order, at most
 * ADM_SCENARIO_CHECK_MAX_PROBLEMS. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "adm-scenario-check.h"
#include "adm-scenario-private.h"
#include "adm-xml.h"

typedef struct {
  GPtrArray  *problems;  /* AdmProblem*, as found */
  GHashTable *seen;      /* what each problem is about: "NODE@ATTRIBUTE", or "NODE#MESSAGE" */
  GHashTable *original;  /* the schema checked a copy: its node → @scenario's */
} Check;

void
adm_problem_free (AdmProblem *problem)
{
  if (problem == NULL)
    return;
  g_free (problem->clause);
  g_free (problem->message);
  g_free (problem);
}

guint
adm_problems_count_blocking (GPtrArray *problems)
{
  guint count = 0;

  g_return_val_if_fail (problems != NULL, 0);

  for (guint i = 0; i < problems->len; i++)
    if (!((AdmProblem *) g_ptr_array_index (problems, i))->advice)
      count++;
  return count;
}

char *
adm_problem_to_string (const AdmProblem *problem,
                       const char       *display_name)
{
  g_return_val_if_fail (problem != NULL, NULL);
  g_return_val_if_fail (display_name != NULL, NULL);

  if (problem->line > 0)
    return g_strdup_printf ("%s:%d: %s", display_name, problem->line, problem->message);
  return g_strdup_printf ("%s: %s", display_name, problem->message);
}

/* One problem, unless the same one is listed: one mistake may be seen by the schema, by the
 * checks of ids and ranges and by the loader (a readiness of "x5"), each naming the element
 * and the attribute. */
static void
add_problem (Check      *check,
             xmlNode    *node,
             int         line,
             const char *attribute,
             const char *clause,
             const char *message)
{
  char *key = attribute != NULL ? g_strdup_printf ("%p@%s", (void *) node, attribute)
                                : g_strdup_printf ("%p#%s", (void *) node, message);
  AdmProblem *problem;

  if (!g_hash_table_add (check->seen, key))
    return;
  problem = g_new0 (AdmProblem, 1);
  problem->line = line > 0 ? line : node != NULL ? (int) xmlGetLineNo (node) : 0;
  problem->clause = g_strdup (clause);
  problem->message = g_strdup (message);
  problem->node = node;
  g_ptr_array_add (check->problems, problem);
}

static void
schema_problem_cb (xmlNode    *element,
                   int         line,
                   const char *attribute,
                   const char *message,
                   gpointer    user_data)
{
  Check *check = user_data;

  if (element != NULL && check->original != NULL)
    element = g_hash_table_lookup (check->original, element);
  add_problem (check, element, line, attribute, NULL, message);
}

static void
loader_problem_cb (xmlNode    *element,
                   const char *attribute,
                   const char *clause,
                   const char *message,
                   gpointer    user_data)
{
  add_problem (user_data, element, 0, attribute, clause, message);
}

/* @copy, made by xmlDocCopyNode () from @node, and its descendants, node by node. */
static void
map_copy (GHashTable *original,
          xmlNode    *copy,
          xmlNode    *node)
{
  for (; copy != NULL && node != NULL; copy = copy->next, node = node->next)
    {
      g_hash_table_insert (original, copy, node);
      if (copy->type == XML_ELEMENT_NODE)
        map_copy (original, copy->children, node->children);
    }
}

/* The schema's errors. A <scenario> that is not its document's root (a campaign's) is
 * checked as a copy of its own, each error then taken back to the element copied. */
static void
check_schema (Check   *check,
              xmlNode *scenario)
{
  g_autoptr(xmlDoc) copy = NULL;
  xmlNode *root;

  if (scenario->doc != NULL && xmlDocGetRootElement (scenario->doc) == scenario)
    {
      adm_xml_validate_all (scenario->doc, "scenario", schema_problem_cb, check);
      return;
    }
  copy = xmlNewDoc ((const xmlChar *) "1.0");
  root = xmlDocCopyNode (scenario, copy, 1);
  xmlDocSetRootElement (copy, root);
  check->original = g_hash_table_new (g_direct_hash, g_direct_equal);
  g_hash_table_insert (check->original, root, scenario);
  map_copy (check->original, root->children, scenario->children);
  adm_xml_validate_all (copy, "scenario", schema_problem_cb, check);
  g_clear_pointer (&check->original, g_hash_table_unref);
}

/* The loader's problems, with @ruleset's rulings as they were before; or, when @loaded is
 * given and the scenario loads, the scenario in it and the rulings as loading leaves them. */
static void
check_loader (Check        *check,
              xmlNode      *scenario,
              const char   *display_name,
              AdmRuleset   *ruleset,
              AdmScenario **loaded)
{
  GPtrArray *rulings = ruleset != NULL ? adm_ruleset_get_rulings (ruleset) : NULL;
  g_autoptr(GPtrArray) values = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; rulings != NULL && i < rulings->len; i++)
    g_ptr_array_add (values, g_strdup (((AdmRuling *) g_ptr_array_index (rulings, i))->value));
  _adm_scenario_check (scenario, display_name, ruleset, loader_problem_cb, check, loaded);
  if (loaded != NULL && *loaded != NULL)
    return;
  for (guint i = 0; rulings != NULL && i < rulings->len; i++)
    {
      const AdmRuling *ruling = g_ptr_array_index (rulings, i);
      const char *value = g_ptr_array_index (values, i);

      if (g_strcmp0 (ruling->value, value) != 0 &&
          !adm_ruleset_set_ruling (ruleset, ruling->id, value, NULL))
        g_assert_not_reached ();
    }
}

typedef struct {
  AdmProblem *problem;
  int         line;      /* its line, or its nearest element's with one */
  guint       order;     /* its element's place in the document */
} Sorted;

static int
sorted_compare (gconstpointer a,
                gconstpointer b)
{
  const Sorted *x = a, *y = b;

  if (x->line != y->line)
    return x->line < y->line ? -1 : 1;
  return x->order < y->order ? -1 : x->order > y->order;
}

/* @element and the elements in it, numbered in document order into @order; the first of
 * each line into @at_line. */
static void
number_elements (xmlNode    *element,
                 GHashTable *order,
                 GHashTable *at_line,
                 guint      *n)
{
  long line = xmlGetLineNo (element);

  (*n)++;
  g_hash_table_insert (order, element, GUINT_TO_POINTER (*n));
  if (line > 0 && !g_hash_table_contains (at_line, GINT_TO_POINTER ((int) line)))
    g_hash_table_insert (at_line, GINT_TO_POINTER ((int) line), element);
  for (xmlNode *child = element->children; child != NULL; child = child->next)
    if (child->type == XML_ELEMENT_NODE)
      number_elements (child, order, at_line, n);
}

/* @problems in document order — by line, then by element (an element made in memory has no
 * line: it goes by its parent's), as found among one element's — at most
 * ADM_SCENARIO_CHECK_MAX_PROBLEMS of them and the count of the rest. A problem the schema
 * found without an element gets the first at its line. */
static GPtrArray *
in_document_order (GPtrArray *problems,
                   xmlNode   *scenario)
{
  g_autoptr(GHashTable) order = g_hash_table_new (g_direct_hash, g_direct_equal);
  g_autoptr(GHashTable) at_line = g_hash_table_new (g_direct_hash, g_direct_equal);
  g_autoptr(GArray) sorted = g_array_sized_new (FALSE, FALSE, sizeof (Sorted), problems->len);
  GPtrArray *result = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_problem_free);
  guint n = 0;

  number_elements (scenario, order, at_line, &n);

  for (guint i = 0; i < problems->len; i++)
    {
      Sorted one = { g_ptr_array_index (problems, i), 0, 0 };

      if (one.problem->node == NULL && one.problem->line > 0)
        one.problem->node = g_hash_table_lookup (at_line, GINT_TO_POINTER (one.problem->line));
      one.line = one.problem->line;
      for (xmlNode *up = one.problem->node; one.line <= 0 && up != NULL &&
           up->type == XML_ELEMENT_NODE; up = up->parent)
        one.line = (int) xmlGetLineNo (up);
      if (one.problem->node != NULL)
        one.order = GPOINTER_TO_UINT (g_hash_table_lookup (order, one.problem->node));
      g_array_append_val (sorted, one);
    }
  /* A stable sort. */
  g_array_sort (sorted, sorted_compare);

  for (guint i = 0; i < sorted->len; i++)
    {
      AdmProblem *problem = g_array_index (sorted, Sorted, i).problem;

      if (i < ADM_SCENARIO_CHECK_MAX_PROBLEMS)
        g_ptr_array_add (result, problem);
      else
        adm_problem_free (problem);
    }
  if (sorted->len > ADM_SCENARIO_CHECK_MAX_PROBLEMS)
    {
      guint more = sorted->len - ADM_SCENARIO_CHECK_MAX_PROBLEMS;
      AdmProblem *last = g_new0 (AdmProblem, 1);

      /* Translators: the last of a scenario's problems listed, e.g. "and 9000 more problems" */
      last->message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "and %u more problem",
                                                    "and %u more problems", more), more);
      g_ptr_array_add (result, last);
    }
  return result;
}

/* The last element of @node's subtree whose line is at most @line, or NULL. */
static xmlNode *
last_at_or_before (xmlNode *node,
                   int      line)
{
  xmlNode *found = NULL;

  for (xmlNode *child = node->children; child != NULL; child = child->next)
    if (child->type == XML_ELEMENT_NODE)
      {
        xmlNode *inner;

        if (xmlGetLineNo (child) > line)
          break;
        found = child;
        inner = last_at_or_before (child, line);
        if (inner != NULL)
          found = inner;
      }
  return found;
}

/* Where a problem of the scenario's own season at @line is: the element of the season at that
 * line (a <class> whose hull the rules cannot take), so that the editor shows it; the
 * scenario itself when it carries no season or the line is not in it. */
static xmlNode *
season_element_at (xmlNode *scenario,
                   int      line)
{
  xmlNode *season = adm_xml_first_element (scenario, "season");
  xmlNode *found;

  if (season == NULL || line <= 0 || xmlGetLineNo (season) > line)
    return scenario;
  found = last_at_or_before (season, line);
  return found != NULL ? found : season;
}

GPtrArray *
adm_scenario_check_all (xmlNode     *scenario,
                        const char  *display_name,
                        AdmRuleset  *ruleset)
{
  return adm_scenario_check_all_loaded (scenario, display_name, ruleset, NULL);
}

GPtrArray *
adm_scenario_check_all_loaded (xmlNode      *scenario,
                               const char   *display_name,
                               AdmRuleset   *ruleset,
                               AdmScenario **scenario_loaded)
{
  g_autoptr(AdmRuleset) loaded = NULL;
  g_autoptr(GPtrArray) problems = g_ptr_array_new ();
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  Check check = { problems, seen, NULL };

  g_return_val_if_fail (adm_xml_is (scenario, "scenario"), NULL);
  g_return_val_if_fail (display_name != NULL, NULL);
  g_return_val_if_fail (ruleset == NULL || ADM_IS_RULESET (ruleset), NULL);
  g_return_val_if_fail (scenario_loaded == NULL || *scenario_loaded == NULL, NULL);

  check_schema (&check, scenario);
  if (ruleset == NULL)
    {
      g_autofree char *problem = NULL;
      int line;

      ruleset = loaded = _adm_scenario_load_ruleset (scenario, display_name, &line, &problem);
      if (ruleset == NULL)
        add_problem (&check, season_element_at (scenario, line), line, "ruleset", NULL,
                     problem);
    }
  /* Where the schema failed the loader still runs: it reads the elements it knows by name
   * and checks every attribute it takes, as it does for a campaign's scenario. */
  check_loader (&check, scenario, display_name, ruleset,
                ruleset != NULL && loaded == NULL ? scenario_loaded : NULL);
  /* The schema's problems too are a scenario that does not load. */
  if (scenario_loaded != NULL && *scenario_loaded != NULL && problems->len > 0)
    g_clear_object (scenario_loaded);
  return in_document_order (problems, scenario);
}
