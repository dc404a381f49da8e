/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-scenario.c: scenarios — the map, the admirals, the formations and their ships.
 *
 * The schema has already checked the shape of the file; here we check what it cannot: unique
 * ids, references to classes, factions, sectors and ships, and the formation rules of F-FORM. */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "adm-scenario.h"
#include "adm-scenario-private.h"
#include "adm-source-text.h"
#include "adm-xml.h"

struct _AdmScenario
{
  GObject     parent_instance;

  xmlDoc     *doc;            /* holds @node: a copy of the <scenario> element, or the
                               * document it was read in (adm_scenario_new_from_doc ()) */
  xmlNode    *node;
  AdmRuleset *ruleset;
  char       *id;
  char       *name;
  char       *description;

  GPtrArray  *factions;       /* const AdmFaction*, borrowed from the ruleset */
  GPtrArray  *admirals;
  GPtrArray  *sectors;
  GPtrArray  *formations;
  GPtrArray  *ships;
  GPtrArray  *alliances;      /* Alliance* */
  GPtrArray  *pools;          /* AdmPool* */

  GHashTable *alliance_of;    /* const AdmFaction* → Alliance* */
  GHashTable *admiral_by_id;
  GHashTable *sector_by_id;
  GHashTable *formation_by_id;
  GHashTable *ship_by_id;
  GHashTable *joined;         /* "ID\nNAME\nFACTION" → AdmAdmiral*: admirals a campaign of
                               * the scenario brought into the game (adm_scenario_intern_admiral ()) */
};

G_DEFINE_FINAL_TYPE (AdmScenario, adm_scenario, G_TYPE_OBJECT)

/* A scenario being read. Loading, the first problem stops it, as the error of the function
 * that found it; checking (_adm_scenario_check ()), each problem goes to @func and the load
 * goes on past it where it safely can: the element at fault is skipped, and a reference to
 * an element skipped says nothing more. */
typedef struct {
  AdmScenario            *self;
  const char             *file;
  AdmScenarioProblemFunc  func;       /* checking: where the problems go; NULL loading */
  gpointer                user_data;
  guint                   n_problems;
  GHashTable             *skipped;    /* "KIND:ID" of the ships, sectors and admirals skipped */
  gboolean                sketch;     /* the editor's map of a scenario not whole: no ships */
} Loader;

/* Whether the load goes on past a problem: checking, not loading. */
static gboolean
loader_goes_on (Loader *loader)
{
  return loader->func != NULL;
}

/* A problem at @node: @attribute names the attribute at fault when it is one attribute's,
 * @clause the rules clause broken, if any. Loading, it is set in @error; checking, it goes
 * to the loader's function. TRUE when the load goes on past it (checking): the caller then
 * carries on, or skips what it was reading. */
static gboolean
report (Loader      *loader,
        xmlNode     *node,
        const char  *attribute,
        const char  *clause,
        GError     **error,
        const char  *format,
        ...) G_GNUC_PRINTF (6, 7);

static gboolean
report (Loader      *loader,
        xmlNode     *node,
        const char  *attribute,
        const char  *clause,
        GError     **error,
        const char  *format,
        ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  loader->n_problems++;
  if (!loader_goes_on (loader))
    {
      adm_xml_set_error (error, loader->file, node, "%s", message);
      return FALSE;
    }
  loader->func (node, attribute, clause, message, loader->user_data);
  return TRUE;
}

/* The same for @problem (taken), an error "FILE:LINE: message" an adm_xml_get_* () helper
 * set about @node. */
static gboolean
report_error (Loader      *loader,
              xmlNode     *node,
              const char  *attribute,
              const char  *clause,
              GError      *problem,
              GError     **error)
{
  const char *message = problem->message;

  if (!loader_goes_on (loader))
    {
      loader->n_problems++;
      g_propagate_error (error, problem);
      return FALSE;
    }
  if (g_str_has_prefix (message, loader->file) && message[strlen (loader->file)] == ':')
    {
      message += strlen (loader->file) + 1;
      message += strspn (message, "0123456789");
      if (*message == ':')
        message++;
      message += strspn (message, " ");
    }
  report (loader, node, attribute, clause, error, "%s", message);
  g_error_free (problem);
  return TRUE;
}

/* Checking, the element of @kind whose id is @id was skipped for a problem: references to it
 * say nothing more. FALSE, for the caller to return. */
static gboolean
skip (Loader     *loader,
      const char *kind,
      const char *id)
{
  if (loader_goes_on (loader) && id != NULL)
    {
      if (loader->skipped == NULL)
        loader->skipped = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      g_hash_table_add (loader->skipped, g_strconcat (kind, ":", id, NULL));
    }
  return FALSE;
}

static gboolean
was_skipped (Loader     *loader,
             const char *kind,
             const char *id)
{
  g_autofree char *key = NULL;

  if (loader->skipped == NULL)
    return FALSE;
  key = g_strconcat (kind, ":", id, NULL);
  return g_hash_table_contains (loader->skipped, key);
}

/* Factions that fight on one side: allies never engage each other. */
typedef struct {
  char      *id;
  char      *name;
  GPtrArray *members;   /* const AdmFaction*, in file order */
} Alliance;

static void
alliance_free (gpointer data)
{
  Alliance *alliance = data;

  g_free (alliance->id);
  g_free (alliance->name);
  g_ptr_array_unref (alliance->members);
  g_free (alliance);
}

static void
admiral_free (gpointer data)
{
  AdmAdmiral *admiral = data;

  g_free (admiral->id);
  g_free (admiral->name);
  g_free (admiral);
}

static void
sector_object_free (gpointer data)
{
  AdmSectorObject *object = data;

  g_free (object->kind);
  g_free (object->name);
  g_free (object);
}

static void
sector_free (gpointer data)
{
  AdmSector *sector = data;

  g_free (sector->id);
  g_free (sector->name);
  g_ptr_array_unref (sector->objects);
  g_ptr_array_unref (sector->adjacent);
  g_ptr_array_unref (sector->minefields);
  g_free (sector);
}

static void
ship_free (gpointer data)
{
  AdmShip *ship = data;

  g_free (ship->id);
  g_free (ship->name);
  g_free (ship);
}

static void
pool_free (gpointer data)
{
  AdmPool *pool = data;

  g_ptr_array_unref (pool->ships);
  g_free (pool);
}

static void
formation_free (gpointer data)
{
  AdmFormation *formation = data;

  g_free (formation->id);
  g_free (formation->name);
  g_ptr_array_unref (formation->ships);
  g_ptr_array_unref (formation->succession);
  g_free (formation);
}

static void
adm_scenario_finalize (GObject *object)
{
  AdmScenario *self = ADM_SCENARIO (object);

  g_clear_pointer (&self->admiral_by_id, g_hash_table_unref);
  g_clear_pointer (&self->sector_by_id, g_hash_table_unref);
  g_clear_pointer (&self->formation_by_id, g_hash_table_unref);
  g_clear_pointer (&self->ship_by_id, g_hash_table_unref);
  g_clear_pointer (&self->joined, g_hash_table_unref);
  g_clear_pointer (&self->alliance_of, g_hash_table_unref);
  g_clear_pointer (&self->alliances, g_ptr_array_unref);
  g_clear_pointer (&self->pools, g_ptr_array_unref);
  g_clear_pointer (&self->factions, g_ptr_array_unref);
  g_clear_pointer (&self->formations, g_ptr_array_unref);
  g_clear_pointer (&self->ships, g_ptr_array_unref);
  g_clear_pointer (&self->admirals, g_ptr_array_unref);
  g_clear_pointer (&self->sectors, g_ptr_array_unref);
  g_clear_pointer (&self->doc, xmlFreeDoc);
  g_clear_object (&self->ruleset);
  g_free (self->id);
  g_free (self->name);
  g_free (self->description);

  G_OBJECT_CLASS (adm_scenario_parent_class)->finalize (object);
}

static void
adm_scenario_class_init (AdmScenarioClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = adm_scenario_finalize;
}

static void
adm_scenario_init (AdmScenario *self)
{
  self->factions = g_ptr_array_new ();
  self->admirals = g_ptr_array_new_with_free_func (admiral_free);
  self->sectors = g_ptr_array_new_with_free_func (sector_free);
  self->formations = g_ptr_array_new_with_free_func (formation_free);
  self->ships = g_ptr_array_new_with_free_func (ship_free);
  self->alliances = g_ptr_array_new_with_free_func (alliance_free);
  self->pools = g_ptr_array_new_with_free_func (pool_free);
  self->alliance_of = g_hash_table_new (g_direct_hash, g_direct_equal);
  self->admiral_by_id = g_hash_table_new (g_str_hash, g_str_equal);
  self->sector_by_id = g_hash_table_new (g_str_hash, g_str_equal);
  self->formation_by_id = g_hash_table_new (g_str_hash, g_str_equal);
  self->ship_by_id = g_hash_table_new (g_str_hash, g_str_equal);
  self->joined = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, admiral_free);
}

/* Display text (names, the description) is English in the file; gettext gives its translation
 * when the catalogue has one (po/its/admiralty.its extracts the same strings). Ids are keys and
 * never go through here. An empty string would fetch the catalogue header. */
static char *
translated (char *text)
{
  char *result;

  if (text == NULL || text[0] == '\0')
    return text;
  result = g_strdup (adm_source_text_translate (text));
  g_free (text);
  return result;
}

/* The text of @node for display: xgettext extracts element text with runs of white space
 * collapsed to one space, so that collapsed text is what the catalogue is searched for. Without
 * a translation the text keeps its own line breaks, trimmed. */
static char *
translated_text (xmlNode *node)
{
  g_autofree char *text = g_strstrip (adm_xml_get_text (node));
  g_auto(GStrv) words = g_strsplit_set (text, " \t\r\n", -1);
  g_autoptr(GString) collapsed = g_string_new (NULL);
  const char *result;

  for (guint i = 0; words[i] != NULL; i++)
    {
      if (words[i][0] == '\0')
        continue;
      if (collapsed->len > 0)
        g_string_append_c (collapsed, ' ');
      g_string_append (collapsed, words[i]);
    }
  if (collapsed->len == 0)
    return g_steal_pointer (&text);
  result = g_dgettext (GETTEXT_PACKAGE, collapsed->str);
  if (result == collapsed->str || g_str_equal (result, collapsed->str))
    return g_steal_pointer (&text);
  return g_strdup (result);
}

/* ---- Ids, names and readiness, checked here rather than by the schema ----
 *
 * scenario.rng says only that these attributes are there: a RELAX NG pattern facet makes
 * libxml2 compile a regular expression for every value it checks, which was a quarter of the
 * time of opening a 1,000-ship campaign. The loader checks each value once, as the pattern
 * did, and names the file, the line, the attribute and what it must be. */

typedef enum {
  LEXICAL_ID,         /* [a-z0-9][a-z0-9-]* */
  LEXICAL_ID_LIST,    /* ids separated by white space, at least one */
  LEXICAL_NAME,       /* \s*\S.* : not blank, one line */
  LEXICAL_READINESS,  /* [0-9]+ within ADM_READINESS_MIN..ADM_READINESS_MAX (F-RDY-1) */
} Lexical;

static const struct {
  const char *element;
  const char *attribute;
  Lexical     lexical;
} lexical_rules[] = {
  { "scenario", "id", LEXICAL_ID }, { "scenario", "name", LEXICAL_NAME },
  { "scenario", "ruleset", LEXICAL_ID },
  { "ruling", "id", LEXICAL_ID }, { "ruling", "value", LEXICAL_ID },
  { "admiral", "id", LEXICAL_ID }, { "admiral", "name", LEXICAL_NAME },
  { "admiral", "faction", LEXICAL_ID },
  { "alliance", "id", LEXICAL_ID }, { "alliance", "name", LEXICAL_NAME },
  { "member", "faction", LEXICAL_ID },
  { "sector", "id", LEXICAL_ID }, { "sector", "name", LEXICAL_NAME },
  { "object", "name", LEXICAL_NAME }, { "object", "faction", LEXICAL_ID },
  { "object", "class", LEXICAL_ID }, { "object", "leads-to", LEXICAL_ID },
  { "minefield", "faction", LEXICAL_ID },
  { "link", "from", LEXICAL_ID }, { "link", "to", LEXICAL_ID },
  { "formation", "id", LEXICAL_ID }, { "formation", "name", LEXICAL_NAME },
  { "formation", "faction", LEXICAL_ID }, { "formation", "sector", LEXICAL_ID },
  { "formation", "flagship", LEXICAL_ID }, { "formation", "admiral", LEXICAL_ID },
  { "ship", "id", LEXICAL_ID }, { "ship", "name", LEXICAL_NAME },
  { "ship", "class", LEXICAL_ID }, { "ship", "readiness", LEXICAL_READINESS },
  { "succession", "ships", LEXICAL_ID_LIST },
  { "pool", "admiral", LEXICAL_ID }, { "pool", "sector", LEXICAL_ID },
};

static gboolean
is_id_char (char c)
{
  return g_ascii_islower (c) || g_ascii_isdigit (c) || c == '-';
}

static gboolean
is_id_len (const char *text,
           gsize       length)
{
  if (length == 0 || text[0] == '-')
    return FALSE;
  for (gsize i = 0; i < length; i++)
    if (!is_id_char (text[i]))
      return FALSE;
  return TRUE;
}

/* XML Schema's \s: the four white-space characters of XML. */
static gboolean
is_xsd_space (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static gboolean
is_name (const char *text)
{
  const char *p = text;

  while (is_xsd_space (*p))
    p++;
  if (*p == '\0')
    return FALSE;
  /* "." of a pattern is any character but a line break. */
  return strpbrk (p, "\n\r") == NULL;
}

static gboolean
is_id_list (const char *text)
{
  const char *p = text;
  guint n = 0;

  while (*p != '\0')
    {
      const char *start;

      while (is_xsd_space (*p))
        p++;
      start = p;
      while (*p != '\0' && !is_xsd_space (*p))
        p++;
      if (p > start && !is_id_len (start, (gsize) (p - start)))
        return FALSE;
      n += p > start;
    }
  return n > 0;
}

/* An integer's lexical form is read with the white space around it collapsed. */
static gboolean
is_readiness (const char *text)
{
  const char *p = text, *end;
  guint64 value = 0;

  while (is_xsd_space (*p))
    p++;
  end = p;
  while (g_ascii_isdigit (*end))
    {
      value = MIN (value * 10 + (guint64) (*end - '0'), G_MAXUINT32);
      end++;
    }
  if (end == p)
    return FALSE;
  while (is_xsd_space (*end))
    end++;
  /* ADM_READINESS_MIN is 0: any digits are at least that. */
  G_STATIC_ASSERT (ADM_READINESS_MIN == 0);
  return *end == '\0' && value <= ADM_READINESS_MAX;
}

/* The value of @attr: one text node as the parser makes it, without a copy. */
static const char *
attribute_value (xmlAttr *attr,
                 char   **copy)
{
  if (attr->children != NULL && attr->children->next == NULL &&
      attr->children->type == XML_TEXT_NODE && attr->children->content != NULL)
    return (const char *) attr->children->content;
  *copy = (char *) xmlNodeListGetString (attr->doc, attr->children, 1);
  return *copy != NULL ? *copy : "";
}

static gboolean
check_lexical_attribute (Loader      *loader,
                         xmlNode     *node,
                         xmlAttr     *attr,
                         Lexical      lexical,
                         GError     **error)
{
  char *copy = NULL;
  const char *value = attribute_value (attr, &copy);
  const char *must = NULL;
  g_autofree char *range = NULL;
  g_autofree char *shown = NULL;

  switch (lexical)
    {
    case LEXICAL_ID:
      if (!is_id_len (value, strlen (value)))
        must = _("an id: lower-case letters, digits and hyphens, not starting with a hyphen");
      break;
    case LEXICAL_ID_LIST:
      if (!is_id_list (value))
        {
          /* Translators: e.g. "a list, separated by spaces, of: text of the form …" */
          range = g_strdup_printf (_("a list, separated by spaces, of: %s"),
                                   _("an id: lower-case letters, digits and hyphens, not "
                                     "starting with a hyphen"));
          must = range;
        }
      break;
    case LEXICAL_NAME:
      if (!is_name (value))
        must = _("text that is not blank");
      break;
    case LEXICAL_READINESS:
      if (!is_readiness (value))
        {
          range = g_strdup_printf (_("a whole number %s–%s"), G_STRINGIFY (ADM_READINESS_MIN),
                                   G_STRINGIFY (ADM_READINESS_MAX));
          must = range;
        }
      break;
    default:
      g_assert_not_reached ();
    }
  if (must == NULL)
    {
      xmlFree (copy);
      return TRUE;
    }
  shown = lexical == LEXICAL_READINESS && *value != '\0' && strspn (value, "0123456789") ==
          strlen (value) ? g_strdup (value) : g_strdup_printf ("“%s”", value);
  xmlFree (copy);
  /* Translators: "<ship> readiness is 999; it must be a whole number 0–12" */
  return report (loader, node, (const char *) attr->name,
                 lexical == LEXICAL_READINESS ? "F-RDY-1" : NULL, error,
                 _("<%s> %s is %s; it must be %s"), (const char *) node->name,
                 (const char *) attr->name, shown, must);
}

/* Every id, name and readiness of the scenario at @node, as scenario.rng's grammar places
 * them. */
static gboolean
check_lexical (Loader   *loader,
               xmlNode  *node,
               GError  **error)
{
  for (guint i = 0; i < G_N_ELEMENTS (lexical_rules); i++)
    {
      xmlAttr *attr;

      if (!g_str_equal (lexical_rules[i].element, (const char *) node->name))
        continue;
      attr = xmlHasProp (node, (const xmlChar *) lexical_rules[i].attribute);
      if (attr != NULL && attr->type == XML_ATTRIBUTE_NODE && attr->ns == NULL &&
          !check_lexical_attribute (loader, node, attr, lexical_rules[i].lexical, error))
        return FALSE;
    }
  for (xmlNode *child = adm_xml_first_element (node, NULL); child != NULL;
       child = adm_xml_next_element (child, NULL))
    if (!check_lexical (loader, child, error))
      return FALSE;
  return TRUE;
}

/* A required attribute; the schema makes absence unlikely, but a campaign's embedded scenario
 * can reach us by other routes, so it is still checked. */
static char *
require (Loader      *loader,
         xmlNode     *node,
         const char  *attribute,
         GError     **error)
{
  char *value = adm_xml_get_string (node, attribute);

  if (value == NULL || *value == '\0')
    {
      g_free (value);
      report (loader, node, attribute, NULL, error, _("<%s> needs the attribute “%s”"),
              (const char *) node->name, attribute);
      return NULL;
    }
  return value;
}

static const AdmFaction *
lookup_faction (Loader      *loader,
                xmlNode     *node,
                GError     **error)
{
  g_autofree char *id = require (loader, node, "faction", error);
  const AdmFaction *faction;

  if (id == NULL)
    return NULL;
  faction = adm_ruleset_lookup_faction (loader->self->ruleset, id);
  if (faction == NULL)
    {
      report (loader, node, "faction", NULL, error,
              _("unknown faction “%s”: the ruleset “%s” has no such faction"),
              id, adm_ruleset_get_id (loader->self->ruleset));
      return NULL;
    }
  if (!g_ptr_array_find (loader->self->factions, faction, NULL))
    g_ptr_array_add (loader->self->factions, (gpointer) faction);
  return faction;
}

static gboolean
load_ruling (Loader   *loader,
             xmlNode  *node,
             GError  **error)
{
  g_autofree char *id = require (loader, node, "id", error);
  g_autofree char *value = NULL;
  g_autoptr(GError) local_error = NULL;

  if (id == NULL || (value = require (loader, node, "value", error)) == NULL)
    return FALSE;
  if (!adm_ruleset_set_ruling (loader->self->ruleset, id, value, &local_error))
    {
      report (loader, node, NULL, NULL, error, "%s", local_error->message);
      return FALSE;
    }
  return TRUE;
}

static gboolean
load_rulings (Loader   *loader,
              xmlNode  *rulings,
              GError  **error)
{
  for (xmlNode *node = adm_xml_first_element (rulings, "ruling"); node != NULL;
       node = adm_xml_next_element (node, "ruling"))
    if (!load_ruling (loader, node, error) && !loader_goes_on (loader))
      return FALSE;
  return TRUE;
}

static gboolean
load_admiral (Loader   *loader,
              xmlNode  *node,
              GError  **error)
{
  AdmAdmiral *admiral;
  g_autofree char *id = require (loader, node, "id", error);
  g_autofree char *name = NULL;
  const AdmFaction *faction;

  if (id == NULL || (name = require (loader, node, "name", error)) == NULL)
    return skip (loader, "admiral", id);
  if (g_hash_table_contains (loader->self->admiral_by_id, id))
    {
      report (loader, node, "id", NULL, error,
              _("there are two admirals with the id “%s”"), id);
      return FALSE;
    }
  if ((faction = lookup_faction (loader, node, error)) == NULL)
    return skip (loader, "admiral", id);

  admiral = g_new0 (AdmAdmiral, 1);
  admiral->id = g_steal_pointer (&id);
  admiral->name = translated (g_steal_pointer (&name));
  admiral->faction = faction;
  g_ptr_array_add (loader->self->admirals, admiral);
  g_hash_table_insert (loader->self->admiral_by_id, admiral->id, admiral);
  return TRUE;
}

static gboolean
load_admirals (Loader   *loader,
               xmlNode  *root,
               GError  **error)
{
  for (xmlNode *node = adm_xml_first_element (root, "admiral"); node != NULL;
       node = adm_xml_next_element (node, "admiral"))
    if (!load_admiral (loader, node, error) && !loader_goes_on (loader))
      return FALSE;
  return TRUE;
}

/* F-STN-1, ruling "station-unit": a station the scenario gives a faction is a unit of that
 * faction, with a class of category station and the readiness of its crew (F-RDY-1); a
 * station without one stays a named mark. */
static gboolean
load_station_unit (Loader          *loader,
                   xmlNode         *node,
                   AdmSectorObject *object,
                   GError         **error)
{
  g_autofree char *class_id = NULL;
  g_autoptr(GError) local_error = NULL;
  gboolean ok = TRUE;

  if (!xmlHasProp (node, BAD_CAST "faction") && !xmlHasProp (node, BAD_CAST "class") &&
      !xmlHasProp (node, BAD_CAST "readiness") && !xmlHasProp (node, BAD_CAST "damage"))
    return TRUE;
  if (g_strcmp0 (object->kind, "station") != 0)
    {
      report (loader, node, NULL, "F-STN-1", error,
              _("only a station has an owner, a class and a readiness; “%s” is a %s"),
              object->name, object->kind);
      return FALSE;
    }
  /* Checking, each of the three is checked on its own; loading stops at the first problem,
   * in this order. */
  if ((object->owner = lookup_faction (loader, node, error)) == NULL)
    {
      if (!loader_goes_on (loader))
        return FALSE;
      ok = FALSE;
    }
  if ((class_id = require (loader, node, "class", error)) == NULL)
    {
      if (!loader_goes_on (loader))
        return FALSE;
      ok = FALSE;
    }
  if (!adm_xml_get_int (node, "readiness", TRUE, 0, &object->readiness, loader->file,
                        &local_error))
    {
      if (!report_error (loader, node, "readiness", "F-RDY-1", g_steal_pointer (&local_error),
                         error))
        return FALSE;
      ok = FALSE;
    }
  if (class_id != NULL)
    {
      object->klass = adm_ruleset_lookup_class (loader->self->ruleset, class_id);
      if (object->klass == NULL || object->klass->category != ADM_CATEGORY_STATION)
        {
          if (!report (loader, node, "class", "F-STN-1", error,
                       _("station “%s” names class “%s”, which is not a station class of the "
                         "ruleset"), object->name, class_id))
            return FALSE;
          ok = FALSE;
        }
    }
  if ((object->readiness < ADM_READINESS_MIN || object->readiness > ADM_READINESS_MAX) &&
      !report (loader, node, "readiness", "F-RDY-1", error,
               _("station “%s” has readiness %d; it must be a whole number %d–%d"),
               object->name, object->readiness, ADM_READINESS_MIN, ADM_READINESS_MAX))
    return FALSE;
  /* F-CRIT-5: what an earlier war left of it (a scenario made from a campaign). */
  if (!adm_xml_get_int (node, "damage", FALSE, 0, &object->damage, loader->file, &local_error))
    {
      if (!report_error (loader, node, "damage", "F-CRIT-5", g_steal_pointer (&local_error),
                         error))
        return FALSE;
      ok = FALSE;
    }
  else if (object->klass != NULL && object->klass->category == ADM_CATEGORY_STATION &&
           (object->damage < 0 || object->damage >= object->klass->hull) &&
           !report (loader, node, "damage", "F-CRIT-5", error,
                    _("station “%s” has lost %d hull points; a station standing has lost 0 to "
                      "%d of its %d"), object->name, object->damage,
                    MAX (object->klass->hull - 1, 0), object->klass->hull))
    return FALSE;
  return ok;
}

/* F-MINE-10, F-MINE-11, F-MINE-12, F-MINE-13: a minefield laid before the scenario starts — its
 * faction's, of 1 to ADM_MINEFIELD_MAX_MINES mines, one a faction and sector. */
static gboolean
load_minefield (Loader     *loader,
                AdmSector  *sector,
                xmlNode    *node,
                GError    **error)
{
  g_autoptr(GError) local_error = NULL;
  const AdmFaction *faction;
  AdmMinefield *minefield;
  int mines = 0;

  if ((faction = lookup_faction (loader, node, error)) == NULL)
    return FALSE;
  if (!adm_xml_get_int (node, "mines", TRUE, 0, &mines, loader->file, &local_error))
    {
      report_error (loader, node, "mines", "F-MINE-10", g_steal_pointer (&local_error), error);
      return FALSE;
    }
  if (mines < 1 || mines > ADM_MINEFIELD_MAX_MINES)
    {
      report (loader, node, "mines", "F-MINE-10", error,
              _("the minefield of %s in sector “%s” has %d mines; it must have %d–%d"),
              faction->name, sector->name, mines, 1, ADM_MINEFIELD_MAX_MINES);
      return FALSE;
    }
  for (guint i = 0; i < sector->minefields->len; i++)
    if (((AdmMinefield *) g_ptr_array_index (sector->minefields, i))->faction == faction)
      {
        report (loader, node, "faction", "F-MINE-10", error,
                _("sector “%s” has two minefields of %s; one minefield a faction holds all "
                  "its mines there"), sector->name, faction->name);
        return FALSE;
      }
  minefield = g_new0 (AdmMinefield, 1);
  minefield->faction = faction;
  minefield->mines = mines;
  g_ptr_array_add (sector->minefields, minefield);
  return TRUE;
}

/* A wormhole exit whose leads-to is read once every sector and link is: its element, the
 * exit and the sector it is in. */
typedef struct {
  xmlNode         *node;
  AdmSectorObject *object;
  AdmSector       *sector;
} ExitRef;

static gboolean
load_sector (Loader     *loader,
             xmlNode    *node,
             GArray     *exits,
             GError    **error)
{
  g_autofree char *id = require (loader, node, "id", error);
  g_autofree char *name = NULL;
  g_autoptr(GError) local_error = NULL;
  AdmSector *sector;
  double x = 0, y = 0;

  if (id == NULL || (name = require (loader, node, "name", error)) == NULL)
    return skip (loader, "sector", id);
  if (g_hash_table_contains (loader->self->sector_by_id, id))
    {
      report (loader, node, "id", NULL, error,
              _("there are two sectors with the id “%s”"), id);
      return FALSE;
    }
  /* Where the map draws the sector: checking goes on past it. */
  if (!adm_xml_get_double (node, "x", FALSE, 0, &x, loader->file, &local_error) &&
      !report_error (loader, node, "x", NULL, g_steal_pointer (&local_error), error))
    return FALSE;
  if (!adm_xml_get_double (node, "y", FALSE, 0, &y, loader->file, &local_error) &&
      !report_error (loader, node, "y", NULL, g_steal_pointer (&local_error), error))
    return FALSE;

  sector = g_new0 (AdmSector, 1);
  sector->id = g_steal_pointer (&id);
  sector->name = translated (g_steal_pointer (&name));
  sector->x = x;
  sector->y = y;
  sector->objects = g_ptr_array_new_with_free_func (sector_object_free);
  sector->adjacent = g_ptr_array_new ();
  sector->minefields = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (loader->self->sectors, sector);
  g_hash_table_insert (loader->self->sector_by_id, sector->id, sector);

  for (xmlNode *child = adm_xml_first_element (node, "object"); child != NULL;
       child = adm_xml_next_element (child, "object"))
    {
      AdmSectorObject *object = g_new0 (AdmSectorObject, 1);

      object->kind = adm_xml_get_string (child, "kind");
      object->name = translated (adm_xml_get_string (child, "name"));
      g_ptr_array_add (sector->objects, object);
      if (object->kind == NULL || object->name == NULL)
        {
          if (!report (loader, child, object->kind == NULL ? "kind" : "name", "F-STRAT-9", error,
                       _("a sector object needs a kind and a name")))
            return FALSE;
          continue;
        }
      if (!load_station_unit (loader, child, object, error) && !loader_goes_on (loader))
        return FALSE;
      if (xmlHasProp (child, BAD_CAST "leads-to"))
        {
          ExitRef exit = { child, object, sector };

          if (g_strcmp0 (object->kind, "wormhole-exit") != 0)
            {
              if (!report (loader, child, "leads-to", "F-STRAT-9", error,
                           _("only a wormhole exit leads to another sector; “%s” is a %s"),
                           object->name, object->kind))
                return FALSE;
              continue;
            }
          g_array_append_val (exits, exit);
        }
    }
  for (xmlNode *child = adm_xml_first_element (node, "minefield"); child != NULL;
       child = adm_xml_next_element (child, "minefield"))
    if (!load_minefield (loader, sector, child, error) && !loader_goes_on (loader))
      return FALSE;
  return TRUE;
}

/* The sector that @attribute of @node names; NULL after a problem (none for a sector that
 * was skipped for a problem of its own). */
static AdmSector *
lookup_sector (Loader      *loader,
               xmlNode     *node,
               const char  *attribute,
               const char  *clause,
               GError     **error)
{
  g_autofree char *id = require (loader, node, attribute, error);
  AdmSector *sector;

  if (id == NULL)
    return NULL;
  sector = g_hash_table_lookup (loader->self->sector_by_id, id);
  if (sector == NULL && !was_skipped (loader, "sector", id))
    report (loader, node, attribute, clause,  error,
            _("unknown sector “%s”: no <sector> of the map has this id"), id);
  return sector;
}

/* F-STRAT-8: a link joins two sectors of the map. */
static gboolean
load_link (Loader   *loader,
           xmlNode  *node,
           GError  **error)
{
  AdmSector *from = lookup_sector (loader, node, "from", "F-STRAT-8", error);
  AdmSector *to = NULL;

  /* Checking, both ends are looked up; loading stops at the first unknown. */
  if (from != NULL || loader_goes_on (loader))
    to = lookup_sector (loader, node, "to", "F-STRAT-8", error);
  if (from == NULL || to == NULL)
    return FALSE;
  if (from == to)
    {
      report (loader, node, NULL, "F-STRAT-8", error,
              _("sector “%s” is linked to itself"), from->name);
      return FALSE;
    }
  /* Adjacency is undirected; a link written twice is harmless and kept once. */
  if (!g_ptr_array_find (from->adjacent, to, NULL))
    {
      g_ptr_array_add (from->adjacent, to);
      g_ptr_array_add (to->adjacent, from);
    }
  return TRUE;
}

/* F-STRAT-8, F-STRAT-9: a wormhole exit leading to a sector of the map. The jump is a move
 * from sector to sector, so it is the <link> between the two, crossed as any link is: one
 * adjacency, one way of moving, and the exit names which link is the jump. */
static gboolean
load_leads_to (Loader         *loader,
               const ExitRef  *exit,
               GError        **error)
{
  AdmSector *to = lookup_sector (loader, exit->node, "leads-to", "F-STRAT-8", error);

  if (to == NULL)
    return FALSE;
  if (to == exit->sector)
    {
      report (loader, exit->node, "leads-to", "F-STRAT-8", error,
              _("wormhole exit “%s” leads to its own sector “%s”"), exit->object->name,
              to->name);
      return FALSE;
    }
  if (!g_ptr_array_find (exit->sector->adjacent, to, NULL))
    {
      report (loader, exit->node, "leads-to", "F-STRAT-8", error,
              _("wormhole exit “%s” leads to sector “%s”, but no link joins it to “%s”: the "
                "jump is crossed as a link, so the map needs one"),
              exit->object->name, to->name, exit->sector->name);
      return FALSE;
    }
  exit->object->leads_to = to;
  return TRUE;
}

static gboolean
load_map (Loader   *loader,
          xmlNode  *map,
          GError  **error)
{
  g_autoptr(GArray) exits = g_array_new (FALSE, FALSE, sizeof (ExitRef));

  for (xmlNode *node = adm_xml_first_element (map, "sector"); node != NULL;
       node = adm_xml_next_element (node, "sector"))
    if (!load_sector (loader, node, exits, error) && !loader_goes_on (loader))
      return FALSE;

  for (xmlNode *node = adm_xml_first_element (map, "link"); node != NULL;
       node = adm_xml_next_element (node, "link"))
    if (!load_link (loader, node, error) && !loader_goes_on (loader))
      return FALSE;

  for (guint i = 0; i < exits->len; i++)
    if (!load_leads_to (loader, &g_array_index (exits, ExitRef, i), error) &&
        !loader_goes_on (loader))
      return FALSE;
  return TRUE;
}

gboolean
adm_criticals_parse (const char  *text,
                     int         *counts,
                     char       **bad)
{
  g_auto(GStrv) words = NULL;
  int found[ADM_SHIP_CRITICAL_RESULTS] = { 0 };
  guint n = 0;

  g_return_val_if_fail (text != NULL && counts != NULL && bad != NULL, FALSE);

  words = g_strsplit_set (text, " \t\r\n", -1);
  for (guint i = 0; words[i] != NULL; i++)
    {
      guint64 result = 0;

      if (words[i][0] == '\0')
        continue;
      if (!g_ascii_string_to_unsigned (words[i], 10, 2, ADM_SHIP_CRITICAL_RESULTS - 1, &result,
                                       NULL) || ++n > ADM_SHIP_CRITICALS_MAX)
        {
          *bad = g_strdup (words[i]);
          return FALSE;
        }
      found[result]++;
    }
  for (int r = 0; r < ADM_SHIP_CRITICAL_RESULTS; r++)
    counts[r] += found[r];
  return TRUE;
}

/* F-CRIT-5, F-CRIT-20: what an earlier war left of a ship (a scenario made from a campaign,
 * adm-next-night.h): damage="N", the hull points lost, fewer than its class's hull (a ship
 * with none left is no longer afloat), and criticals="5 7 7", its unrepaired critical results,
 * 2 to 12, at most 100, each a result of the season's ship critical table (F-CRIT-8). Both
 * optional; a problem is said and the ship kept as new. */
static gboolean
load_ship_wear (Loader             *loader,
                xmlNode            *node,
                const AdmShipClass *klass,
                const char         *name,
                AdmShip            *ship,
                GError            **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *criticals = NULL, *bad = NULL;
  int counts[ADM_SHIP_CRITICAL_RESULTS] = { 0 };
  int damage = 0;

  if (!adm_xml_get_int (node, "damage", FALSE, 0, &damage, loader->file, &local_error))
    return report_error (loader, node, "damage", "F-CRIT-5", g_steal_pointer (&local_error),
                         error);
  if (damage < 0 || damage >= klass->hull)
    return report (loader, node, "damage", "F-CRIT-5", error,
                   _("ship “%s” has lost %d hull points; a ship afloat has lost 0 to %d of "
                     "its %d"), name, damage, MAX (klass->hull - 1, 0), klass->hull);
  ship->damage = damage;
  criticals = adm_xml_get_string (node, "criticals");
  if (criticals != NULL && !adm_criticals_parse (criticals, counts, &bad))
    return report (loader, node, "criticals", "F-CRIT-20", error,
                   _("ship “%s” lists critical result “%s”; results are 2 to 12, at most 100 "
                     "of them"), name, bad);
  /* F-CRIT-8: a result is kept under its row's first roll; one the season's table keeps
   * nothing under has no effect to apply. */
  for (int r = 0; r < ADM_SHIP_CRITICAL_RESULTS; r++)
    if (counts[r] > 0 && adm_ruleset_critical (loader->self->ruleset, "ship", r) == NULL)
      return report (loader, node, "criticals", "F-CRIT-8", error,
                     _("ship “%s” lists critical result “%d”, which is no result of the "
                       "season’s critical damage table"), name, r);
  memcpy (ship->criticals, counts, sizeof counts);
  return TRUE;
}
/* A ship of @formation, or of a pool (@formation NULL) of @faction. */
static AdmShip *
load_ship (Loader            *loader,
           const AdmFaction  *faction,
           AdmFormation      *formation,
           xmlNode           *node,
           GError           **error)
{
  g_autofree char *id = require (loader, node, "id", error);
  g_autofree char *name = NULL;
  g_autofree char *class_id = NULL;
  g_autoptr(GError) local_error = NULL;
  const AdmShipClass *klass;
  AdmShip *ship;
  int readiness = 0;

  if (id == NULL || (name = require (loader, node, "name", error)) == NULL ||
      (class_id = require (loader, node, "class", error)) == NULL)
    {
      skip (loader, "ship", id);
      return NULL;
    }
  if (g_hash_table_contains (loader->self->ship_by_id, id))
    {
      report (loader, node, "id", NULL, error,
              _("duplicate ship id “%s”: another ship already has it"), id);
      return NULL;
    }
  klass = adm_ruleset_lookup_class (loader->self->ruleset, class_id);
  if (klass == NULL)
    {
      report (loader, node, "class", NULL, error,
              _("ship “%s” names unknown class “%s” (not in the ruleset’s classes)"),
              name, class_id);
      skip (loader, "ship", id);
      return NULL;
    }
  /* A readiness out of its range is said and the ship is kept: nothing else depends on it. */
  if (!adm_xml_get_int (node, "readiness", TRUE, 0, &readiness, loader->file, &local_error) &&
      !report_error (loader, node, "readiness", "F-RDY-1", g_steal_pointer (&local_error),
                     error))
    return NULL;
  /* F-RDY-1: readiness is rolled against with 2d6, so 0..12 covers every meaningful value. */
  if ((readiness < ADM_READINESS_MIN || readiness > ADM_READINESS_MAX) &&
      !report (loader, node, "readiness", "F-RDY-1", error,
               _("<ship> readiness is %d; it must be a whole number %d–%d"),
               readiness, ADM_READINESS_MIN, ADM_READINESS_MAX))
    return NULL;

  ship = g_new0 (AdmShip, 1);
  if (!load_ship_wear (loader, node, klass, name, ship, error))
    {
      g_free (ship);
      return NULL;
    }
  ship->id = g_steal_pointer (&id);
  ship->name = translated (g_steal_pointer (&name));
  ship->klass = klass;
  ship->faction = faction;
  ship->readiness = readiness;
  ship->formation = formation;
  g_ptr_array_add (loader->self->ships, ship);
  g_hash_table_insert (loader->self->ship_by_id, ship->id, ship);
  return ship;
}

AdmFormationFit
adm_form_8_composition (gboolean one_category,
                        guint    max_ships,
                        guint    n_ships,
                        guint    most_of_one,
                        guint    n_categories)
{
  /* F-FORM-8: up to 6 ships of one type (the ruleset's number), as ruled. */
  if (one_category)
    {
      if (n_ships > max_ships)
        return ADM_FORMATION_TOO_MANY;
      return n_categories > 1 ? ADM_FORMATION_MIXED : ADM_FORMATION_FITS;
    }
  return most_of_one > max_ships ? ADM_FORMATION_TOO_MANY : ADM_FORMATION_FITS;
}

/* F-FORM-8, under the ruling "formation-composition": whether the last of @ships may join the
 * ones before it, checked as each ship joins so that the message names the ship that breaks
 * it; the ones before it kept the rule, so only the last one's category counts. A ship of no
 * class (NULL: an order of battle's row whose class is refused) counts as a ship of no
 * category. NULL when it may, else the problem. */
char *
adm_formation_composition_rule (const char *ruling,
                                guint       max_ships)
{
  if (g_strcmp0 (ruling, "six-per-category") == 0)
    return g_strdup_printf (ngettext ("A formation has at most %u ship of each category "
                                      "(F-FORM-8).",
                                      "A formation has at most %u ships of each category "
                                      "(F-FORM-8).", max_ships), max_ships);
  return g_strdup_printf (ngettext ("A formation has at most %u ship, all of one category "
                                    "(F-FORM-8).",
                                    "A formation has at most %u ships, all of one category "
                                    "(F-FORM-8).", max_ships), max_ships);
}

char *
adm_formation_composition_problem (const char *ruling,
                                   guint       max_ships,
                                   const char *formation_name,
                                   GPtrArray  *ships)
{
  const AdmShip *ship, *first = NULL;
  gboolean one_category = g_strcmp0 (ruling, "six-per-category") != 0;
  guint same = 0;

  g_return_val_if_fail (ships != NULL && ships->len > 0, NULL);

  ship = g_ptr_array_index (ships, ships->len - 1);
  for (guint i = 0; i < ships->len; i++)
    {
      const AdmShip *other = g_ptr_array_index (ships, i);

      if (other->klass == NULL)
        continue;
      if (first == NULL)
        first = other;
      if (ship->klass != NULL && other->klass->category == ship->klass->category)
        same++;
    }

  switch (adm_form_8_composition (one_category, max_ships, ships->len,
                                  ship->klass != NULL ? same : 0,
                                  ship->klass != NULL && first != NULL &&
                                  ship->klass->category != first->klass->category ? 2 : 1))
    {
    case ADM_FORMATION_FITS:
      return NULL;
    case ADM_FORMATION_TOO_MANY:
      if (!one_category)
        return g_strdup_printf (ngettext ("formation “%s” has more than %u %s ship; a "
                                          "formation may hold at most %u of each category "
                                          "(F-FORM-8)",
                                          "formation “%s” has more than %u %s ships; a "
                                          "formation may hold at most %u of each category "
                                          "(F-FORM-8)", max_ships),
                                formation_name, max_ships,
                                adm_category_to_string (ship->klass->category), max_ships);
      return g_strdup_printf (ngettext ("“%s” is ship %u of formation “%s”; a formation may "
                                        "hold at most %u ship (F-FORM-8)",
                                        "“%s” is ship %u of formation “%s”; a formation may "
                                        "hold at most %u ships (F-FORM-8)", max_ships),
                              ship->name, ships->len, formation_name, max_ships);
    case ADM_FORMATION_MIXED:
    default:
      break;
    }
  return g_strdup_printf (_("formation “%s” mixes %s ship “%s” with %s ship “%s”; the ships "
                              "of a formation must be of one category (F-FORM-8)"),
                            formation_name, adm_category_to_string (first->klass->category),
                            first->name, adm_category_to_string (ship->klass->category),
                            ship->name);
}

static gboolean
check_composition (Loader        *loader,
                   AdmFormation  *formation,
                   xmlNode       *node,
                   GError       **error)
{
  const char *ruling = adm_ruleset_get_ruling_value (loader->self->ruleset,
                                                     "formation-composition");
  int max_ships = adm_ruleset_get_formation_ships (loader->self->ruleset);
  g_autofree char *problem = adm_formation_composition_problem (ruling, max_ships,
                                                                formation->name,
                                                                formation->ships);

  if (problem != NULL)
    {
      report (loader, node, NULL, "F-FORM-8", error, "%s", problem);
      return FALSE;
    }
  return TRUE;
}

/* The ship @id of @formation, its flagship (F-FORM-4) or one of its succession (F-FORM-5);
 * NULL after a problem (none for a ship that was skipped for a problem of its own). */
static AdmShip *
member_ship (Loader        *loader,
             AdmFormation  *formation,
             xmlNode       *node,
             const char    *id,
             gboolean       flagship,
             GError       **error)
{
  AdmShip *ship = g_hash_table_lookup (loader->self->ship_by_id, id);

  if (ship != NULL && ship->formation == formation)
    return ship;
  if (ship == NULL && was_skipped (loader, "ship", id))
    return NULL;
  if (flagship)
    report (loader, node, "flagship", "F-FORM-4", error,
            _("formation “%s” names flagship “%s”, which is not one of its ships (F-FORM-4)"),
            formation->name, id);
  else
    report (loader, node, "ships", "F-FORM-5", error,
            _("the succession of formation “%s” names “%s”, which is not one of its ships "
              "(F-FORM-5)"), formation->name, id);
  return NULL;
}

static gboolean
load_succession (Loader        *loader,
                 AdmFormation  *formation,
                 xmlNode       *node,
                 GError       **error)
{
  g_autofree char *list = require (loader, node, "ships", error);
  g_auto(GStrv) ids = NULL;
  gboolean ok = TRUE;

  if (list == NULL)
    return FALSE;
  ids = g_strsplit_set (list, " \t\n", -1);
  for (guint i = 0; ids[i] != NULL; i++)
    {
      AdmShip *ship;

      if (ids[i][0] == '\0')
        continue;
      /* F-FORM-5: the ships that take over flagship functions, in order. */
      if ((ship = member_ship (loader, formation, node, ids[i], FALSE, error)) == NULL)
        {
          if (!loader_goes_on (loader))
            return FALSE;
          ok = FALSE;
          continue;
        }
      if (ship == formation->flagship || g_ptr_array_find (formation->succession, ship, NULL))
        {
          if (!report (loader, node, NULL, "F-FORM-5", error,
                       _("ship “%s” appears twice in the succession of formation “%s” (the "
                         "flagship counts as first)"), ship->name, formation->name))
            return FALSE;
          ok = FALSE;
          continue;
        }
      g_ptr_array_add (formation->succession, ship);
    }
  return ok;
}

/* Checking, a formation is read whole past its problems: its faction, sector or admiral
 * unknown, it keeps NULL there, and its ships are checked all the same. */
static gboolean
load_formation (Loader   *loader,
                xmlNode  *node,
                GError  **error)
{
  AdmFormation *formation;
  g_autofree char *id = require (loader, node, "id", error);
  g_autofree char *name = NULL;
  g_autofree char *flagship = NULL;
  g_autofree char *admiral = NULL;
  xmlNode *succession;
  gboolean ok = TRUE, composed = TRUE;
  guint n_ships = 0;

  if (id == NULL || (name = require (loader, node, "name", error)) == NULL)
    return FALSE;
  formation = g_new0 (AdmFormation, 1);
  formation->name = translated (g_steal_pointer (&name));
  formation->ships = g_ptr_array_new ();
  formation->succession = g_ptr_array_new ();
  g_ptr_array_add (loader->self->formations, formation);
  if (g_hash_table_contains (loader->self->formation_by_id, id))
    {
      formation->id = g_steal_pointer (&id);
      if (!report (loader, node, "id", NULL, error,
                   _("there are two formations with the id “%s”"), formation->id))
        return FALSE;
      ok = FALSE;
    }
  else
    {
      formation->id = g_steal_pointer (&id);
      g_hash_table_insert (loader->self->formation_by_id, formation->id, formation);
    }

  if ((formation->faction = lookup_faction (loader, node, error)) == NULL)
    {
      if (!loader_goes_on (loader))
        return FALSE;
      ok = FALSE;
    }
  if ((formation->sector = lookup_sector (loader, node, "sector", NULL, error)) == NULL)
    {
      if (!loader_goes_on (loader))
        return FALSE;
      ok = FALSE;
    }

  admiral = adm_xml_get_string (node, "admiral");
  if (admiral != NULL)
    {
      formation->admiral = g_hash_table_lookup (loader->self->admiral_by_id, admiral);
      if (formation->admiral == NULL && !was_skipped (loader, "admiral", admiral))
        {
          if (!report (loader, node, "admiral", NULL, error, _("unknown admiral “%s”"),
                       admiral))
            return FALSE;
          ok = FALSE;
        }
      else if (formation->admiral != NULL && formation->faction != NULL &&
               formation->admiral->faction != formation->faction)
        {
          if (!report (loader, node, "admiral", NULL, error,
                       _("admiral “%s” serves %s and cannot command a %s formation"),
                       formation->admiral->name, formation->admiral->faction->name,
                       formation->faction->name))
            return FALSE;
          ok = FALSE;
        }
    }

  for (xmlNode *child = adm_xml_first_element (node, "ship"); child != NULL;
       child = adm_xml_next_element (child, "ship"))
    {
      AdmShip *ship = load_ship (loader, formation->faction, formation, child, error);

      n_ships++;
      if (ship == NULL)
        {
          if (!loader_goes_on (loader))
            return FALSE;
          ok = FALSE;
          continue;
        }
      g_ptr_array_add (formation->ships, ship);
      /* Checking, a formation's composition is said once, at the first ship that breaks it:
       * the ships after it would each break it too. */
      if (composed && !check_composition (loader, formation, child, error))
        {
          if (!loader_goes_on (loader))
            return FALSE;
          ok = composed = FALSE;
        }
    }

  /* F-FORM-3: a formation may consist of one ship, but not of none. */
  if (n_ships == 0)
    {
      if (!report (loader, node, NULL, "F-FORM-3", error, _("formation “%s” has no ships"),
                   formation->name))
        return FALSE;
      ok = FALSE;
    }
  /* F-FORM-4: a formation must have an explicitly designated flagship. */
  else if ((flagship = require (loader, node, "flagship", error)) == NULL ||
           (formation->flagship = member_ship (loader, formation, node, flagship, TRUE,
                                               error)) == NULL)
    {
      if (!loader_goes_on (loader))
        return FALSE;
      ok = FALSE;
    }

  /* F-STRAT-3: a formation the other factions do not know of at the start. */
  formation->hidden = adm_xml_get_boolean (node, "hidden", FALSE);

  succession = adm_xml_first_element (node, "succession");
  if (succession != NULL && !load_succession (loader, formation, succession, error))
    return FALSE;

  return ok;
}

/* F-GEN-5, F-GEN-6: <pool admiral sector><ship/>…</pool>, the ships an admiral is given with
 * no formations yet: he forms them in the muster before cycle 1 (adm-muster.h), and the
 * sector is where they start unless the master sets another (F-GEN-7). One pool an admiral. */
static gboolean
load_pool (Loader   *loader,
           xmlNode  *node,
           GError  **error)
{
  g_autofree char *admiral_id = require (loader, node, "admiral", error);
  AdmAdmiral *admiral;
  AdmSector *sector;
  AdmPool *pool;
  gboolean ok = TRUE;

  if (admiral_id == NULL)
    return FALSE;
  admiral = g_hash_table_lookup (loader->self->admiral_by_id, admiral_id);
  if (admiral == NULL)
    {
      if (!was_skipped (loader, "admiral", admiral_id))
        report (loader, node, "admiral", NULL, error, _("unknown admiral “%s”"), admiral_id);
      return FALSE;
    }
  if (adm_scenario_lookup_pool (loader->self, admiral->id) != NULL)
    {
      report (loader, node, "admiral", "F-GEN-5", error,
              _("admiral “%s” is given two pools; his ships are one pool"), admiral->name);
      return FALSE;
    }
  if ((sector = lookup_sector (loader, node, "sector", NULL, error)) == NULL)
    return FALSE;
  pool = g_new0 (AdmPool, 1);
  pool->admiral = admiral;
  pool->sector = sector;
  pool->ships = g_ptr_array_new ();
  g_ptr_array_add (loader->self->pools, pool);
  for (xmlNode *child = adm_xml_first_element (node, "ship"); child != NULL;
       child = adm_xml_next_element (child, "ship"))
    {
      AdmShip *ship = load_ship (loader, admiral->faction, NULL, child, error);

      if (ship == NULL)
        {
          if (!loader_goes_on (loader))
            return FALSE;
          ok = FALSE;
          continue;
        }
      g_ptr_array_add (pool->ships, ship);
    }
  if (pool->ships->len == 0 && ok)
    {
      report (loader, node, NULL, "F-GEN-5", error, _("the pool of admiral “%s” has no ships"),
              admiral->name);
      return FALSE;
    }
  if (!g_ptr_array_find (loader->self->factions, admiral->faction, NULL))
    g_ptr_array_add (loader->self->factions, (gpointer) admiral->faction);
  return ok;
}

static gboolean
load_alliance_members (Loader    *loader,
                       xmlNode   *node,
                       Alliance  *alliance,
                       GError   **error)
{
  gboolean ok = TRUE;

  for (xmlNode *member = adm_xml_first_element (node, "member"); member != NULL;
       member = adm_xml_next_element (member, "member"))
    {
      const AdmFaction *faction = lookup_faction (loader, member, error);
      Alliance *other;
      gboolean goes_on;

      if (faction == NULL)
        {
          if (!loader_goes_on (loader))
            return FALSE;
          ok = FALSE;
          continue;
        }
      other = g_hash_table_lookup (loader->self->alliance_of, faction);
      if (other != NULL)
        {
          if (other == alliance)
            goes_on = report (loader, member, "faction", NULL, error,
                              _("%s is named twice in the alliance “%s”"),
                              faction->name, alliance->name);
          else
            goes_on = report (loader, member, "faction", NULL, error,
                              _("%s cannot join the alliance “%s”: it is already in the "
                                "alliance “%s”, and a faction may be in one alliance only"),
                              faction->name, alliance->name, other->name);
          if (!goes_on)
            return FALSE;
          ok = FALSE;
          continue;
        }
      g_ptr_array_add (alliance->members, (gpointer) faction);
      g_hash_table_insert (loader->self->alliance_of, (gpointer) faction, alliance);
    }
  return ok;
}

/* <alliance id name><member faction/>…</alliance>: factions on one side, one or more, under
 * the alliance's name. A faction belongs to at most one alliance, so that "allied" stays one relation the master can read off the map. */
static gboolean
load_alliance (Loader      *loader,
               xmlNode     *node,
               GHashTable  *ids,
               GError     **error)
{
  g_autofree char *id = require (loader, node, "id", error);
  g_autofree char *name = NULL;
  Alliance *alliance;
  gboolean ok;

  if (id == NULL || (name = require (loader, node, "name", error)) == NULL)
    return FALSE;
  if (g_hash_table_contains (ids, id))
    {
      report (loader, node, "id", NULL, error, _("there are two alliances with the id “%s”"),
              id);
      return FALSE;
    }
  alliance = g_new0 (Alliance, 1);
  alliance->id = g_steal_pointer (&id);
  alliance->name = translated (g_steal_pointer (&name));
  alliance->members = g_ptr_array_new ();
  g_ptr_array_add (loader->self->alliances, alliance);
  g_hash_table_add (ids, alliance->id);

  /* One faction is an alliance too: a side with a name of its own, which the master forms
   * before its allies join (the editor's New Alliance starts one so). */
  ok = load_alliance_members (loader, node, alliance, error);
  if (!ok && !loader_goes_on (loader))
    return FALSE;
  return ok;
}

static gboolean
load_alliances (Loader   *loader,
                xmlNode  *root,
                GError  **error)
{
  g_autoptr(GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);

  for (xmlNode *node = adm_xml_first_element (root, "alliance"); node != NULL;
       node = adm_xml_next_element (node, "alliance"))
    if (!load_alliance (loader, node, ids, error) && !loader_goes_on (loader))
      return FALSE;
  return TRUE;
}

/* The scenario of @node, read by @loader; its document is the caller's to give it. Checking
 * (@loader's function set), the load goes on past each problem where it safely can and the
 * result is NULL whenever there was one; without a ruleset only the lexical checks are made. */
static AdmScenario *
scenario_from_node (Loader      *loader,
                    xmlNode     *node,
                    AdmRuleset  *ruleset,
                    GError     **error)
{
  g_autoptr(AdmScenario) self = NULL;
  xmlNode *child;

  if (!check_lexical (loader, node, error) || ruleset == NULL)
    return NULL;
  self = g_object_new (ADM_TYPE_SCENARIO, NULL);
  self->ruleset = g_object_ref (ruleset);
  loader->self = self;

  if ((self->id = require (loader, node, "id", error)) == NULL && !loader_goes_on (loader))
    return NULL;
  if ((self->name = require (loader, node, "name", error)) == NULL && !loader_goes_on (loader))
    return NULL;
  self->name = translated (self->name);

  child = adm_xml_first_element (node, "description");
  self->description = child != NULL ? translated_text (child) : g_strdup ("");

  if ((child = adm_xml_first_element (node, "rulings")) != NULL &&
      !load_rulings (loader, child, error))
    return NULL;
  if (!load_admirals (loader, node, error))
    return NULL;
  /* Without a map, every formation's sector would be unknown: checking stops here too. */
  if ((child = adm_xml_first_element (node, "map")) == NULL)
    {
      report (loader, node, NULL, "F-STRAT-8", error, _("the scenario has no <map>"));
      return NULL;
    }
  if (!load_map (loader, child, error))
    return NULL;

  for (child = adm_xml_first_element (node, "formation"); child != NULL;
       child = adm_xml_next_element (child, "formation"))
    if (!load_formation (loader, child, error) && !loader_goes_on (loader))
      return NULL;
  for (child = adm_xml_first_element (node, "pool"); child != NULL;
       child = adm_xml_next_element (child, "pool"))
    if (!load_pool (loader, child, error) && !loader_goes_on (loader))
      return NULL;
  if (self->formations->len == 0 && self->pools->len == 0 && !loader->sketch &&
      !report (loader, node, NULL, "F-GEN-5", error,
               _("the scenario has no formations and no pools: no admiral has a ship")))
    return NULL;
  /* After the formations, so that the factions in use keep their order. */
  if (!load_alliances (loader, node, error))
    return NULL;

  loader->self = NULL;
  return loader->n_problems > 0 ? NULL : g_steal_pointer (&self);
}

AdmScenario *
adm_scenario_new_from_node (xmlNode     *node,
                            const char  *display_name,
                            AdmRuleset  *ruleset,
                            GError     **error)
{
  Loader loader = { NULL, display_name, NULL, NULL, 0, NULL, FALSE };
  AdmScenario *self;

  g_return_val_if_fail (adm_xml_is (node, "scenario"), NULL);
  g_return_val_if_fail (display_name != NULL, NULL);
  g_return_val_if_fail (ADM_IS_RULESET (ruleset), NULL);

  self = scenario_from_node (&loader, node, ruleset, error);
  if (self == NULL)
    return NULL;
  self->doc = xmlNewDoc ((const xmlChar *) "1.0");
  self->node = xmlDocCopyNode (node, self->doc, 1);
  xmlDocSetRootElement (self->doc, self->node);
  return self;
}

static AdmScenario *
scenario_from_doc (Loader      *loader,
                   xmlDoc      *doc,
                   xmlNode     *node,
                   AdmRuleset  *ruleset,
                   GError     **error)
{
  AdmScenario *self = scenario_from_node (loader, node, ruleset, error);

  if (self == NULL)
    {
      xmlFreeDoc (doc);
      return NULL;
    }
  /* The element read is kept where it was read, not copied: a copy of a scenario of a
   * thousand ships was a tenth of the time of opening a long campaign. */
  self->doc = doc;
  self->node = node;
  return self;
}

AdmScenario *
adm_scenario_new_from_doc (xmlDoc      *doc,
                           xmlNode     *node,
                           const char  *display_name,
                           AdmRuleset  *ruleset,
                           GError     **error)
{
  Loader loader = { NULL, display_name, NULL, NULL, 0, NULL, FALSE };

  g_return_val_if_fail (doc != NULL, NULL);
  if (!adm_xml_is (node, "scenario") || node->doc != doc || display_name == NULL ||
      !ADM_IS_RULESET (ruleset))
    {
      xmlFreeDoc (doc);
      g_return_val_if_reached (NULL);
    }
  return scenario_from_doc (&loader, doc, node, ruleset, error);
}

AdmScenario *
_adm_scenario_new_sketch (xmlDoc      *doc,
                          xmlNode     *node,
                          const char  *display_name,
                          AdmRuleset  *ruleset,
                          GError     **error)
{
  Loader loader = { NULL, display_name, NULL, NULL, 0, NULL, TRUE };

  g_return_val_if_fail (doc != NULL, NULL);
  if (!adm_xml_is (node, "scenario") || node->doc != doc || display_name == NULL ||
      !ADM_IS_RULESET (ruleset))
    {
      xmlFreeDoc (doc);
      g_return_val_if_reached (NULL);
    }
  return scenario_from_doc (&loader, doc, node, ruleset, error);
}

void
_adm_scenario_check (xmlNode                 *scenario,
                     const char              *display_name,
                     AdmRuleset              *ruleset,
                     AdmScenarioProblemFunc   func,
                     gpointer                 user_data,
                     AdmScenario            **loaded)
{
  Loader loader = { NULL, display_name, func, user_data, 0, NULL, FALSE };
  g_autoptr(AdmScenario) self = NULL;

  g_return_if_fail (adm_xml_is (scenario, "scenario"));
  g_return_if_fail (display_name != NULL);
  g_return_if_fail (ruleset == NULL || ADM_IS_RULESET (ruleset));
  g_return_if_fail (func != NULL);
  g_return_if_fail (loaded == NULL || *loaded == NULL);

  self = scenario_from_node (&loader, scenario, ruleset, NULL);
  g_clear_pointer (&loader.skipped, g_hash_table_unref);
  if (self != NULL && loaded != NULL)
    {
      self->doc = xmlNewDoc ((const xmlChar *) "1.0");
      self->node = xmlDocCopyNode (scenario, self->doc, 1);
      xmlDocSetRootElement (self->doc, self->node);
      *loaded = g_steal_pointer (&self);
    }
}

AdmRuleset *
_adm_scenario_load_ruleset (xmlNode     *scenario,
                            const char  *display_name,
                            int         *line,
                            char       **problem)
{
  g_autofree char *ruleset_id = adm_xml_get_string (scenario, "ruleset");
  g_autofree char *prefix = NULL;
  g_autoptr(GError) local_error = NULL;
  AdmRuleset *ruleset;
  const char *message;

  g_return_val_if_fail (problem != NULL && *problem == NULL, NULL);

  *line = 0;
  if (ruleset_id == NULL)
    {
      *problem = g_strdup_printf (_("<%s> needs the attribute “%s”"), "scenario", "ruleset");
      return NULL;
    }
  /* The scenario's own season, or the installed ruleset it names. */
  ruleset = adm_ruleset_load_carried (scenario, display_name, &local_error);
  if (ruleset != NULL)
    return ruleset;
  /* "FILE:LINE: problem": the line where the season has it, the problem in its words. */
  message = local_error->message;
  prefix = g_strconcat (display_name, ":", NULL);
  if (g_str_has_prefix (message, prefix))
    {
      char *end = NULL;
      gint64 at = g_ascii_strtoll (message + strlen (prefix), &end, 10);

      if (end != NULL && g_str_has_prefix (end, ": ") && at > 0 && at <= G_MAXINT)
        {
          *line = (int) at;
          message = end + 2;
        }
    }
  *problem = g_strdup (message);
  return NULL;
}

/* The scenario of @doc, read from @display_name: played by the season it carries or by the
 * installed ruleset it names. */
static AdmScenario *
scenario_from_read_doc (xmlDoc      *doc,
                        const char  *display_name,
                        GError     **error)
{
  g_autoptr(AdmRuleset) ruleset = NULL;
  g_autofree char *problem = NULL;
  xmlNode *root = xmlDocGetRootElement (doc);
  int line;

  ruleset = _adm_scenario_load_ruleset (root, display_name, &line, &problem);
  if (ruleset == NULL)
    {
      adm_xml_set_error_at (error, display_name, line > 0 ? line : xmlGetLineNo (root), "%s",
                            problem);
      xmlFreeDoc (doc);
      return NULL;
    }

  return adm_scenario_new_from_doc (doc, root, display_name, ruleset, error);
}

AdmScenario *
adm_scenario_load_file (const char  *path,
                        GError     **error)
{
  xmlDoc *doc;

  g_return_val_if_fail (path != NULL, NULL);

  doc = adm_xml_read_file (path, "scenario", error);
  if (doc == NULL)
    return NULL;
  return scenario_from_read_doc (doc, path, error);
}

AdmScenario *
adm_scenario_load_data (const char  *data,
                        gsize        length,
                        const char  *display_name,
                        GError     **error)
{
  xmlDoc *doc;

  g_return_val_if_fail (data != NULL, NULL);
  g_return_val_if_fail (display_name != NULL, NULL);

  doc = adm_xml_read_memory (data, length, display_name, "scenario", error);
  if (doc == NULL)
    return NULL;
  return scenario_from_read_doc (doc, display_name, error);
}

gboolean
adm_scenario_carry_season (AdmScenario *self)
{
  xmlNode *season, *last;

  g_return_val_if_fail (ADM_IS_SCENARIO (self), FALSE);

  if (adm_xml_first_element (self->node, "season") != NULL)
    return FALSE;
  /* After the last formation, indented as the scenario's other children are. */
  season = xmlDocCopyNode (adm_ruleset_get_season (self->ruleset), self->node->doc, 1);
  last = self->node->last;
  if (last != NULL && last->type == XML_TEXT_NODE && xmlIsBlankNode (last))
    {
      /* Season first: a text node added beside a text node is merged into it. */
      xmlAddPrevSibling (last, season);
      xmlAddPrevSibling (season, xmlNewDocText (self->node->doc, (const xmlChar *) "\n  "));
    }
  else
    xmlAddChild (self->node, season);
  return TRUE;
}

xmlNode *
adm_scenario_get_node (AdmScenario *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO (self), NULL);
  return self->node;
}

const char *
adm_scenario_get_id (AdmScenario *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO (self), NULL);
  return self->id;
}

const char *
adm_scenario_get_name (AdmScenario *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO (self), NULL);
  return self->name;
}

const char *
adm_scenario_get_description (AdmScenario *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO (self), NULL);
  return self->description;
}

AdmRuleset *
adm_scenario_get_ruleset (AdmScenario *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO (self), NULL);
  return self->ruleset;
}

GPtrArray *
adm_scenario_get_factions (AdmScenario *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO (self), NULL);
  return self->factions;
}

GPtrArray *
adm_scenario_get_admirals (AdmScenario *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO (self), NULL);
  return self->admirals;
}

GPtrArray *
adm_scenario_get_sectors (AdmScenario *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO (self), NULL);
  return self->sectors;
}

GPtrArray *
adm_scenario_get_formations (AdmScenario *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO (self), NULL);
  return self->formations;
}

GPtrArray *
adm_scenario_get_pools (AdmScenario *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO (self), NULL);
  return self->pools;
}

const AdmPool *
adm_scenario_lookup_pool (AdmScenario *self,
                          const char  *admiral_id)
{
  g_return_val_if_fail (ADM_IS_SCENARIO (self), NULL);
  for (guint i = 0; admiral_id != NULL && i < self->pools->len; i++)
    {
      const AdmPool *pool = g_ptr_array_index (self->pools, i);

      if (g_str_equal (pool->admiral->id, admiral_id))
        return pool;
    }
  return NULL;
}

GPtrArray *
adm_scenario_get_ships (AdmScenario *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO (self), NULL);
  return self->ships;
}

AdmShip *
adm_scenario_lookup_ship (AdmScenario *self,
                          const char  *id)
{
  g_return_val_if_fail (ADM_IS_SCENARIO (self), NULL);
  return id != NULL ? g_hash_table_lookup (self->ship_by_id, id) : NULL;
}

AdmFormation *
adm_scenario_lookup_formation (AdmScenario *self,
                               const char  *id)
{
  g_return_val_if_fail (ADM_IS_SCENARIO (self), NULL);
  return id != NULL ? g_hash_table_lookup (self->formation_by_id, id) : NULL;
}

AdmSector *
adm_scenario_lookup_sector (AdmScenario *self,
                            const char  *id)
{
  g_return_val_if_fail (ADM_IS_SCENARIO (self), NULL);
  return id != NULL ? g_hash_table_lookup (self->sector_by_id, id) : NULL;
}

AdmAdmiral *
adm_scenario_intern_admiral (AdmScenario      *self,
                             const char       *id,
                             const char       *name,
                             const AdmFaction *faction)
{
  g_autofree char *key = NULL;
  AdmAdmiral *admiral;

  g_return_val_if_fail (ADM_IS_SCENARIO (self), NULL);
  g_return_val_if_fail (id != NULL && name != NULL && faction != NULL, NULL);

  key = g_strdup_printf ("%s\n%s\n%s", id, name, faction->id);
  admiral = g_hash_table_lookup (self->joined, key);
  if (admiral != NULL)
    return admiral;
  admiral = g_new0 (AdmAdmiral, 1);
  admiral->id = g_strdup (id);
  admiral->name = g_strdup (name);
  admiral->faction = faction;
  g_hash_table_insert (self->joined, g_steal_pointer (&key), admiral);
  return admiral;
}

AdmAdmiral *
adm_scenario_lookup_admiral (AdmScenario *self,
                             const char  *id)
{
  g_return_val_if_fail (ADM_IS_SCENARIO (self), NULL);
  return id != NULL ? g_hash_table_lookup (self->admiral_by_id, id) : NULL;
}

GPtrArray *
adm_scenario_formations_of (AdmScenario      *self,
                            const AdmFaction *faction)
{
  GPtrArray *result;

  g_return_val_if_fail (ADM_IS_SCENARIO (self), NULL);

  result = g_ptr_array_new ();
  for (guint i = 0; i < self->formations->len; i++)
    {
      AdmFormation *formation = g_ptr_array_index (self->formations, i);

      if (formation->faction == faction)
        g_ptr_array_add (result, formation);
    }
  return result;
}

gboolean
adm_scenario_factions_allied (AdmScenario      *self,
                              const AdmFaction *a,
                              const AdmFaction *b)
{
  Alliance *alliance;

  g_return_val_if_fail (ADM_IS_SCENARIO (self), FALSE);

  if (a == b)
    return TRUE;
  if (a == NULL || b == NULL)
    return FALSE;
  alliance = g_hash_table_lookup (self->alliance_of, a);
  return alliance != NULL && alliance == g_hash_table_lookup (self->alliance_of, b);
}

GPtrArray *
adm_scenario_allies_of (AdmScenario      *self,
                        const AdmFaction *faction)
{
  GPtrArray *result;

  g_return_val_if_fail (ADM_IS_SCENARIO (self), NULL);

  result = g_ptr_array_new ();
  g_ptr_array_add (result, (gpointer) faction);
  for (guint i = 0; i < self->factions->len; i++)
    {
      const AdmFaction *other = g_ptr_array_index (self->factions, i);

      if (other != faction && adm_scenario_factions_allied (self, faction, other))
        g_ptr_array_add (result, (gpointer) other);
    }
  return result;
}
