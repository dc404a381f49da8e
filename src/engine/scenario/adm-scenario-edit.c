/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-scenario-edit.c: a scenario document edited in place, each edit undoable. */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "adm-id.h"
#include "adm-scenario-admiral.h"
#include "adm-scenario-alliance.h"
#include "adm-scenario-check.h"
#include "adm-scenario-contrast.h"
#include "adm-scenario-edit.h"
#include "adm-scenario-private.h"
#include "adm-xml.h"
#include "adm-xml-layout.h"

struct _AdmScenarioEdit {
  GObject       parent_instance;

  xmlDoc       *doc;
  AdmXmlLayout *layout;
  char         *display_name;
  AdmRuleset   *ruleset;
  char         *ruleset_id;  /* the one @ruleset was loaded for */
  char         *season_text; /* the text of the <season> @ruleset was read from, or NULL */

  GBytes       *bytes;       /* the document's text now */
  GBytes       *saved;       /* the text last read or saved, or a new scenario's first */
  gboolean      in_file;     /* @saved is a file's text on disk (not a new scenario's) */
  GQueue        undo;        /* GBytes*, newest first */
  GQueue        redo;
  gsize         undo_bytes;
  gboolean      can_undo, can_redo, modified;
  AdmScenario  *loaded;      /* the document as last checked, when it loaded; or NULL */
  gboolean      ids_fixed;   /* play has begun from it: a new name moves no id */

  /* The document model's items, each made when first asked for and kept in step with the
   * document after every edit, undo and redo (sync_items ()). */
  AdmScenarioItem *item;     /* the scenario itself */
  GListModel   *admirals;    /* AdmScenarioAdmiral */
  GListModel   *alliances;   /* AdmScenarioAlliance */
};

G_DEFINE_TYPE (AdmScenarioEdit, adm_scenario_edit, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_MODIFIED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum { CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

/* The order of a scenario's children (scenario.rng), of a map's, a formation's. */
static const char *const scenario_order[] = {
  "description", "rulings", "admiral", "alliance", "map", "formation", "pool", "season", NULL
};
static const char *const map_order[] = { "sector", "link", NULL };
static const char *const formation_order[] = { "ship", "succession", NULL };
static const char *const sector_order[] = { "object", "minefield", NULL };
static const char *const alliance_order[] = { "member", NULL };

static void
adm_scenario_edit_dispose (GObject *object)
{
  AdmScenarioEdit *self = ADM_SCENARIO_EDIT (object);

  /* Items a page still holds are detached: they outlive the document they were of. */
  if (self->item != NULL)
    _adm_scenario_item_bind (self->item, NULL, NULL);
  g_clear_object (&self->item);
  g_clear_object (&self->admirals);
  g_clear_object (&self->alliances);

  G_OBJECT_CLASS (adm_scenario_edit_parent_class)->dispose (object);
}

static void
adm_scenario_edit_finalize (GObject *object)
{
  AdmScenarioEdit *self = ADM_SCENARIO_EDIT (object);

  g_clear_pointer (&self->doc, xmlFreeDoc);
  g_clear_pointer (&self->layout, adm_xml_layout_free);
  g_clear_object (&self->loaded);
  g_clear_object (&self->ruleset);
  g_free (self->ruleset_id);
  g_free (self->season_text);
  g_free (self->display_name);
  g_clear_pointer (&self->bytes, g_bytes_unref);
  g_clear_pointer (&self->saved, g_bytes_unref);
  g_queue_clear_full (&self->undo, (GDestroyNotify) g_bytes_unref);
  g_queue_clear_full (&self->redo, (GDestroyNotify) g_bytes_unref);

  G_OBJECT_CLASS (adm_scenario_edit_parent_class)->finalize (object);
}

static void
adm_scenario_edit_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  AdmScenarioEdit *self = ADM_SCENARIO_EDIT (object);

  switch (prop_id)
    {
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, self->can_undo);
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, self->can_redo);
      break;
    case PROP_MODIFIED:
      g_value_set_boolean (value, self->modified);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
adm_scenario_edit_class_init (AdmScenarioEditClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = adm_scenario_edit_dispose;
  object_class->finalize = adm_scenario_edit_finalize;
  object_class->get_property = adm_scenario_edit_get_property;

  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_MODIFIED] =
    g_param_spec_boolean ("modified", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT,
                                   G_TYPE_POINTER);
}

static void
adm_scenario_edit_init (AdmScenarioEdit *self)
{
  g_queue_init (&self->undo);
  g_queue_init (&self->redo);
}

/* State. */

static void
update_flags (AdmScenarioEdit *self)
{
  gboolean can_undo = !g_queue_is_empty (&self->undo);
  gboolean can_redo = !g_queue_is_empty (&self->redo);
  gboolean modified = self->saved == NULL || !g_bytes_equal (self->bytes, self->saved);

  if (can_undo != self->can_undo)
    {
      self->can_undo = can_undo;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
    }
  if (can_redo != self->can_redo)
    {
      self->can_redo = can_redo;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
    }
  if (modified != self->modified)
    {
      self->modified = modified;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
    }
}

/* The text of @node as written. */
static char *
node_text (xmlNode *node)
{
  xmlBuffer *buffer = xmlBufferCreate ();
  char *text;

  if (buffer == NULL || xmlNodeDump (buffer, node->doc, node, 0, 0) < 0)
    g_error ("Out of memory writing an element");
  text = g_strdup ((const char *) xmlBufferContent (buffer));
  xmlBufferFree (buffer);
  return text;
}

/* The ruleset the scenario is played with: the season it carries, else the installed one
 * its root names; read again only when that season or that name changed. */
static void
update_ruleset (AdmScenarioEdit *self)
{
  xmlNode *root = xmlDocGetRootElement (self->doc);
  xmlNode *season = adm_xml_first_element (root, "season");
  g_autofree char *id = adm_xml_get_string (root, "ruleset");
  g_autofree char *text = season != NULL ? node_text (season) : NULL;

  if (g_strcmp0 (id, self->ruleset_id) == 0 && g_strcmp0 (text, self->season_text) == 0 &&
      (self->ruleset != NULL || (id == NULL && text == NULL)))
    return;
  g_clear_object (&self->ruleset);
  g_free (self->ruleset_id);
  self->ruleset_id = g_strdup (id);
  g_free (self->season_text);
  self->season_text = g_steal_pointer (&text);
  if (season != NULL)
    self->ruleset = adm_ruleset_new_from_season (season, self->display_name, NULL);
  else if (id != NULL)
    self->ruleset = adm_ruleset_load (id, NULL);
}

static gboolean
set_document (AdmScenarioEdit  *self,
              const char       *data,
              gsize             length,
              GError          **error)
{
  g_autoptr(xmlDoc) doc = adm_xml_parse_memory (data, length, self->display_name, error);
  xmlNode *root;

  if (doc == NULL)
    return FALSE;
  root = xmlDocGetRootElement (doc);
  if (root == NULL || !adm_xml_is (root, "scenario"))
    {
      adm_xml_set_error (error, self->display_name, root,
                         _("the file holds no scenario (its first element is <%s>)"),
                         root != NULL ? (const char *) root->name : "");
      return FALSE;
    }
  g_clear_object (&self->loaded);
  g_clear_pointer (&self->layout, adm_xml_layout_free);
  g_clear_pointer (&self->doc, xmlFreeDoc);
  self->doc = g_steal_pointer (&doc);
  self->layout = adm_xml_layout_scan (self->doc, data, length);
  g_clear_pointer (&self->bytes, g_bytes_unref);
  self->bytes = adm_xml_layout_write (self->layout, self->doc);
  update_ruleset (self);
  return TRUE;
}

AdmScenarioEdit *
adm_scenario_edit_new_from_data (const char  *data,
                                 gsize        length,
                                 const char  *display_name,
                                 GError     **error)
{
  g_autoptr(AdmScenarioEdit) self = g_object_new (ADM_TYPE_SCENARIO_EDIT, NULL);

  g_return_val_if_fail (display_name != NULL, NULL);

  self->display_name = g_strdup (display_name);
  if (!set_document (self, data, length, error))
    return NULL;
  self->saved = g_bytes_new (data, length);
  self->in_file = TRUE;
  update_flags (self);
  return g_steal_pointer (&self);
}

AdmScenarioEdit *
adm_scenario_edit_open (const char  *path,
                        GError     **error)
{
  g_autofree char *data = NULL;
  gsize length = 0;

  g_return_val_if_fail (path != NULL, NULL);

  data = adm_xml_read_bytes (path, &length, error);
  if (data == NULL)
    return NULL;
  return adm_scenario_edit_new_from_data (data, length, path, error);
}

static char *id_base (const char *name, const char *fallback);

AdmScenarioEdit *
adm_scenario_edit_new (const char *ruleset_id,
                       const char *name)
{
  g_autoptr(GString) text = g_string_new (NULL);
  AdmScenarioEdit *self;
  g_autofree char *escaped = g_markup_escape_text (name, -1);
  g_autofree char *sector = g_markup_escape_text (_("Home sector"), -1);
  /* Made from the name, so that it follows the name the master gives it. */
  g_autofree char *id = id_base (name, "new-campaign");

  g_return_val_if_fail (ruleset_id != NULL && name != NULL, NULL);

  g_string_append_printf (text, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                          "<scenario id=\"%s\" name=\"%s\" ruleset=\"%s\">\n"
                          "  <map>\n"
                          "    <sector id=\"home-sector\" name=\"%s\" x=\"0\" y=\"0\"/>\n"
                          "  </map>\n"
                          "</scenario>\n", id, escaped, ruleset_id, sector);
  self = adm_scenario_edit_new_from_data (text->str, text->len, "new-campaign.admiralty", NULL);
  g_assert (self != NULL);
  /* Untouched it holds nothing of the master's to lose: not modified, but in no file yet. */
  self->in_file = FALSE;
  return self;
}

void
adm_scenario_edit_set_ids_fixed (AdmScenarioEdit *self,
                                 gboolean         fixed)
{
  g_return_if_fail (ADM_IS_SCENARIO_EDIT (self));
  self->ids_fixed = fixed;
}

gboolean
adm_scenario_edit_get_ids_fixed (AdmScenarioEdit *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), FALSE);
  return self->ids_fixed;
}

xmlNode *
adm_scenario_edit_get_root (AdmScenarioEdit *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  return xmlDocGetRootElement (self->doc);
}

AdmRuleset *
adm_scenario_edit_get_ruleset (AdmScenarioEdit *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  return self->ruleset;
}

GBytes *
adm_scenario_edit_get_bytes (AdmScenarioEdit *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  return self->bytes;
}

gboolean
adm_scenario_edit_save (AdmScenarioEdit  *self,
                        const char       *path,
                        GError          **error)
{
  gsize length;
  const char *data;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  data = g_bytes_get_data (self->bytes, &length);
  if (!g_file_set_contents (path, data, length, error))
    return FALSE;
  adm_scenario_edit_set_saved (self, self->bytes);
  return TRUE;
}

gboolean
adm_scenario_edit_get_modified (AdmScenarioEdit *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), FALSE);
  return self->modified;
}

void
adm_scenario_edit_set_saved (AdmScenarioEdit *self,
                             GBytes          *bytes)
{
  g_return_if_fail (ADM_IS_SCENARIO_EDIT (self));

  if (bytes != NULL)
    g_bytes_ref (bytes);
  g_clear_pointer (&self->saved, g_bytes_unref);
  self->saved = bytes;
  self->in_file = bytes != NULL;
  update_flags (self);
}

/* Undo. */

static void
drop_oldest (AdmScenarioEdit *self)
{
  while (g_queue_get_length (&self->undo) > ADM_SCENARIO_EDIT_UNDO_LIMIT ||
         (self->undo_bytes > ADM_SCENARIO_EDIT_UNDO_BYTES &&
          g_queue_get_length (&self->undo) > 1))
    {
      GBytes *oldest = g_queue_pop_tail (&self->undo);

      self->undo_bytes -= g_bytes_get_size (oldest);
      g_bytes_unref (oldest);
    }
}

/* The items made so far read the document again, then "changed" is emitted: a page bound to
 * the items sees them as they are now, one following the signal sees them too. */
static void
emit_changed (AdmScenarioEdit       *self,
              AdmScenarioEditChange  change,
              xmlNode               *node)
{
  xmlNode *root = xmlDocGetRootElement (self->doc);
  gboolean reload = change == ADM_SCENARIO_EDIT_CHANGE_RELOAD;
  xmlNode *changed = change == ADM_SCENARIO_EDIT_CHANGE_VALUE ? node : NULL;

  if (self->item != NULL)
    _adm_scenario_item_bind (self->item, self, root);
  if (self->admirals != NULL)
    _adm_scenario_item_list_sync (self->admirals, root, changed, reload);
  if (self->alliances != NULL)
    _adm_scenario_item_list_sync (self->alliances, root, changed, reload);
  g_signal_emit (self, signals[CHANGED], 0, (guint) change, node);
}

/* After an edit: the text before it goes on the undo stack, the redo stack is forgotten.
 * Each element is given the line it has in the text now, so that the problems found after an
 * edit name the lines of the file as it would be saved (an element copied from the rules
 * folder has the lines of its file until then). */
static void
commit (AdmScenarioEdit       *self,
        AdmScenarioEditChange  change,
        xmlNode               *node)
{
  GBytes *before = self->bytes;

  self->bytes = adm_xml_layout_write_lines (self->layout, self->doc);
  if (g_bytes_equal (before, self->bytes))
    {
      g_bytes_unref (before);
      return;
    }
  g_clear_object (&self->loaded);
  g_queue_push_head (&self->undo, before);
  self->undo_bytes += g_bytes_get_size (before);
  g_queue_clear_full (&self->redo, (GDestroyNotify) g_bytes_unref);
  drop_oldest (self);
  update_ruleset (self);
  update_flags (self);
  emit_changed (self, change, node);
}

static gboolean
step (AdmScenarioEdit *self,
      GQueue          *from,
      GQueue          *to)
{
  g_autoptr(GBytes) text = g_queue_pop_head (from);
  GBytes *now = g_bytes_ref (self->bytes);
  gsize length;
  const char *data;
  g_autoptr(GError) error = NULL;

  if (text == NULL)
    {
      g_bytes_unref (now);
      return FALSE;
    }
  if (from == &self->undo)
    self->undo_bytes -= g_bytes_get_size (text);
  else
    self->undo_bytes += g_bytes_get_size (now);
  g_queue_push_head (to, now);
  data = g_bytes_get_data (text, &length);
  /* The text was written from a document this object read: it reads again. */
  if (!set_document (self, data, length, &error))
    g_error ("%s", error->message);
  drop_oldest (self);
  update_flags (self);
  emit_changed (self, ADM_SCENARIO_EDIT_CHANGE_RELOAD, NULL);
  return TRUE;
}

gboolean
adm_scenario_edit_can_undo (AdmScenarioEdit *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), FALSE);
  return self->can_undo;
}

gboolean
adm_scenario_edit_can_redo (AdmScenarioEdit *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), FALSE);
  return self->can_redo;
}

gboolean
adm_scenario_edit_undo (AdmScenarioEdit *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), FALSE);
  return step (self, &self->undo, &self->redo);
}

gboolean
adm_scenario_edit_redo (AdmScenarioEdit *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), FALSE);
  return step (self, &self->redo, &self->undo);
}

/* Elements and white space. */

GPtrArray *
adm_scenario_edit_children (xmlNode    *parent,
                            const char *name)
{
  GPtrArray *children = g_ptr_array_new ();

  if (parent == NULL)
    return children;
  for (xmlNode *child = adm_xml_first_element (parent, name); child != NULL;
       child = adm_xml_next_element (child, name))
    g_ptr_array_add (children, child);
  return children;
}

static gboolean
is_blank (xmlNode *node)
{
  return node != NULL && node->type == XML_TEXT_NODE && xmlIsBlankNode (node);
}

/* The white space before @node's line: what follows the last newline of the blank text
 * before it ("" for the root). */
static char *
indent_of (xmlNode *node)
{
  const char *text, *newline;

  if (!is_blank (node->prev))
    return g_strdup ("");
  text = (const char *) node->prev->content;
  newline = strrchr (text, '\n');
  return g_strdup (newline != NULL ? newline + 1 : text);
}

static gboolean
name_in (xmlNode            *node,
         const char *const  *names)
{
  return node->type == XML_ELEMENT_NODE &&
         g_strv_contains (names, (const char *) node->name);
}

/* Puts @child into @parent after @after (one of its children), or, for NULL, after the last
 * child element of a kind that comes no later than @child's in @order, each on a line of its
 * own indented as its siblings are. */
static void
insert_child (xmlNode           *parent,
              xmlNode           *child,
              xmlNode           *after,
              const char *const *order)
{
  g_autofree char *parent_indent = indent_of (parent);
  g_autofree char *line = NULL;
  xmlNode *first = adm_xml_first_element (parent, NULL);

  if (after == NULL && order != NULL)
    {
      guint rank = 0;

      while (order[rank] != NULL && !g_str_equal (order[rank], (const char *) child->name))
        rank++;
      for (xmlNode *node = parent->children; node != NULL; node = node->next)
        for (guint i = 0; i <= rank && order[i] != NULL; i++)
          if (node->type == XML_ELEMENT_NODE && g_str_equal (node->name, order[i]))
            after = node;
    }
  if (first != NULL)
    {
      g_autofree char *indent = indent_of (first);

      line = g_strconcat ("\n", indent, NULL);
    }
  else
    line = g_strconcat ("\n", parent_indent, "  ", NULL);

  if (after != NULL)
    {
      xmlAddNextSibling (after, child);
      xmlAddPrevSibling (child, xmlNewDocText (parent->doc, (const xmlChar *) line));
    }
  else if (first != NULL)
    {
      xmlAddPrevSibling (first, child);
      xmlAddNextSibling (child, xmlNewDocText (parent->doc, (const xmlChar *) line));
    }
  else
    {
      g_autofree char *close = g_strconcat ("\n", parent_indent, NULL);

      /* No element yet: only blanks, replaced by the child's line and the closing one. */
      while (parent->children != NULL)
        {
          xmlNode *blank = parent->children;

          xmlUnlinkNode (blank);
          xmlFreeNode (blank);
        }
      xmlAddChild (parent, xmlNewDocText (parent->doc, (const xmlChar *) line));
      xmlAddChild (parent, child);
      xmlAddChild (parent, xmlNewDocText (parent->doc, (const xmlChar *) close));
    }
}

/* Takes @node out with the blank before it, which held its line. */
static void
remove_node (xmlNode *node)
{
  xmlNode *parent = node->parent;

  if (is_blank (node->prev))
    {
      xmlNode *blank = node->prev;

      xmlUnlinkNode (blank);
      xmlFreeNode (blank);
    }
  xmlUnlinkNode (node);
  xmlFreeNode (node);
  /* An element left with no child element closes on its own line no more. */
  if (parent != NULL && adm_xml_first_element (parent, NULL) == NULL)
    while (parent->children != NULL && is_blank (parent->children))
      {
        xmlNode *blank = parent->children;

        xmlUnlinkNode (blank);
        xmlFreeNode (blank);
      }
}

static xmlNode *
new_element (AdmScenarioEdit *self,
             const char      *name)
{
  return xmlNewDocNode (self->doc, NULL, (const xmlChar *) name, NULL);
}

static void
set_prop (xmlNode    *node,
          const char *name,
          const char *value)
{
  if (value != NULL)
    xmlSetProp (node, (const xmlChar *) name, (const xmlChar *) value);
  else
    xmlUnsetProp (node, (const xmlChar *) name);
}

static gboolean
prop_is (xmlNode    *node,
         const char *name,
         const char *value)
{
  g_autofree char *actual = adm_xml_get_string (node, name);

  return g_strcmp0 (actual, value) == 0;
}

/* Every element named @name in the document, in order. */
static void
collect (xmlNode    *node,
         const char *name,
         GPtrArray  *into)
{
  for (xmlNode *child = node->children; child != NULL; child = child->next)
    if (child->type == XML_ELEMENT_NODE)
      {
        if (g_str_equal (child->name, name))
          g_ptr_array_add (into, child);
        collect (child, name, into);
      }
}

static GPtrArray *
all_of (AdmScenarioEdit *self,
        const char      *name)
{
  GPtrArray *found = g_ptr_array_new ();

  collect (xmlDocGetRootElement (self->doc), name, found);
  return found;
}

/* The formations, then the pools (F-GEN-5): what names admirals, sectors and ships. */
static GPtrArray *
fleets_of (AdmScenarioEdit *self)
{
  GPtrArray *found = all_of (self, "formation");

  collect (xmlDocGetRootElement (self->doc), "pool", found);
  return found;
}

xmlNode *
adm_scenario_edit_find (AdmScenarioEdit *self,
                        const char      *element,
                        const char      *id)
{
  g_autoptr(GPtrArray) found = NULL;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  g_return_val_if_fail (element != NULL, NULL);

  if (id == NULL)
    return NULL;
  found = all_of (self, element);
  for (guint i = 0; i < found->len; i++)
    if (prop_is (found->pdata[i], "id", id))
      return found->pdata[i];
  return NULL;
}

/* The id made from @name before it is made unique (adm_id_from_name ()), or @fallback for a
 * name that gives none. */
static char *
id_base (const char *name,
         const char *fallback)
{
  g_autofree char *id = adm_id_from_name (name != NULL ? name : "");

  return g_strdup (id[0] != '\0' ? id : fallback);
}

static char *
unique_id (AdmScenarioEdit *self,
           const char      *element,
           const char      *base,
           xmlNode         *except)
{
  g_autoptr(GPtrArray) found = all_of (self, element);
  g_autoptr(GHashTable) taken = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < found->len; i++)
    if (found->pdata[i] != except)
      {
        char *id = adm_xml_get_string (found->pdata[i], "id");

        if (id != NULL)
          g_hash_table_add (taken, id);
      }
  if (!g_hash_table_contains (taken, base))
    return g_strdup (base);
  for (guint n = 2;; n++)
    {
      g_autofree char *id = g_strdup_printf ("%s-%u", base, n);

      if (!g_hash_table_contains (taken, id))
        return g_steal_pointer (&id);
    }
}

char *
adm_scenario_edit_make_id (AdmScenarioEdit *self,
                           const char      *element,
                           const char      *name)
{
  g_autofree char *base = NULL;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  g_return_val_if_fail (element != NULL, NULL);

  base = id_base (name, element);
  return unique_id (self, element, base, NULL);
}

/* Whether @id is the id made from @name, or that id made unique ("kestrel-2"). */
static gboolean
id_made_from (const char *id,
              const char *name,
              const char *element)
{
  g_autofree char *base = id_base (name, element);
  gsize n = strlen (base);

  if (id == NULL || strncmp (id, base, n) != 0)
    return FALSE;
  if (id[n] == '\0')
    return TRUE;
  if (id[n] != '-' || id[n + 1] == '\0')
    return FALSE;
  for (const char *c = id + n + 1; *c != '\0'; c++)
    if (!g_ascii_isdigit (*c))
      return FALSE;
  return TRUE;
}

/* The wormhole exits of the map that lead to sector @id (<object leads-to>), and, with
 * @in set, only those in sector @in. */
static GPtrArray *
exits_to (AdmScenarioEdit *self,
          const char      *id,
          const char      *in)
{
  GPtrArray *exits = g_ptr_array_new ();
  xmlNode *map = adm_scenario_edit_get_map (self);

  for (xmlNode *sector = adm_xml_first_element (map, "sector"); sector != NULL;
       sector = adm_xml_next_element (sector, "sector"))
    {
      if (in != NULL && !prop_is (sector, "id", in))
        continue;
      for (xmlNode *object = adm_xml_first_element (sector, "object"); object != NULL;
           object = adm_xml_next_element (object, "object"))
        if (prop_is (object, "leads-to", id))
          g_ptr_array_add (exits, object);
    }
  return exits;
}

/* Every reference to the @element of id @old now names @new. */
static void
rename_references (AdmScenarioEdit *self,
                   const char      *element,
                   const char      *old,
                   const char      *new)
{
  g_autoptr(GPtrArray) formations = fleets_of (self);

  if (g_str_equal (element, "sector"))
    {
      g_autoptr(GPtrArray) links = all_of (self, "link");
      g_autoptr(GPtrArray) exits = exits_to (self, old, NULL);

      for (guint i = 0; i < links->len; i++)
        for (guint end = 0; end < 2; end++)
          if (prop_is (links->pdata[i], end == 0 ? "from" : "to", old))
            set_prop (links->pdata[i], end == 0 ? "from" : "to", new);
      for (guint i = 0; i < exits->len; i++)
        set_prop (exits->pdata[i], "leads-to", new);
    }
  for (guint i = 0; i < formations->len; i++)
    {
      xmlNode *formation = formations->pdata[i];

      if (g_str_equal (element, "admiral") && prop_is (formation, "admiral", old))
        set_prop (formation, "admiral", new);
      else if (g_str_equal (element, "sector") && prop_is (formation, "sector", old))
        set_prop (formation, "sector", new);
      else if (g_str_equal (element, "ship"))
        {
          xmlNode *succession = adm_xml_first_element (formation, "succession");

          if (prop_is (formation, "flagship", old))
            set_prop (formation, "flagship", new);
          if (succession != NULL)
            {
              g_autofree char *ships = adm_xml_get_string (succession, "ships");
              g_auto(GStrv) ids = g_strsplit (ships != NULL ? ships : "", " ", -1);
              gboolean renamed = FALSE;

              for (guint k = 0; ids[k] != NULL; k++)
                if (g_str_equal (ids[k], old))
                  {
                    g_free (ids[k]);
                    ids[k] = g_strdup (new);
                    renamed = TRUE;
                  }
              if (renamed)
                {
                  g_autofree char *joined = g_strjoinv (" ", ids);

                  set_prop (succession, "ships", joined);
                }
            }
        }
    }
}

static gboolean
has_own_id (xmlNode *node)
{
  static const char *const kinds[] = {
    "admiral", "alliance", "sector", "formation", "ship", NULL
  };

  return name_in (node, kinds);
}

void
adm_scenario_edit_set (AdmScenarioEdit *self,
                       xmlNode         *node,
                       const char      *attribute,
                       const char      *value)
{
  g_return_if_fail (ADM_IS_SCENARIO_EDIT (self));
  g_return_if_fail (node != NULL && node->doc == self->doc);
  g_return_if_fail (attribute != NULL);

  if (prop_is (node, attribute, value))
    return;
  if (g_str_equal (attribute, "name") && value != NULL && !self->ids_fixed &&
      node == xmlDocGetRootElement (self->doc))
    {
      /* The scenario's own id: one of its kind, named by nothing inside it. */
      g_autofree char *old_name = adm_xml_get_string (node, "name");
      g_autofree char *old_id = adm_xml_get_string (node, "id");

      if (old_name != NULL && id_made_from (old_id, old_name, "scenario") &&
          !id_made_from (old_id, value, "scenario"))
        {
          g_autofree char *id = id_base (value, "scenario");

          set_prop (node, "id", id);
        }
    }
  else if (g_str_equal (attribute, "name") && value != NULL && !self->ids_fixed &&
           has_own_id (node))
    {
      g_autofree char *old_name = adm_xml_get_string (node, "name");
      g_autofree char *old_id = adm_xml_get_string (node, "id");
      const char *element = (const char *) node->name;

      if (old_name != NULL && id_made_from (old_id, old_name, element))
        {
          g_autofree char *base = id_base (value, element);
          g_autofree char *id = unique_id (self, element, base, node);

          set_prop (node, "id", id);
          rename_references (self, element, old_id, id);
        }
    }
  else if (g_str_equal (attribute, "id") && value != NULL && has_own_id (node))
    {
      g_autofree char *old_id = adm_xml_get_string (node, "id");

      if (old_id != NULL)
        rename_references (self, (const char *) node->name, old_id, value);
    }
  set_prop (node, attribute, value);
  commit (self, ADM_SCENARIO_EDIT_CHANGE_VALUE, node);
}

/* An id as the schema has it: lowercase words joined by "-" ([a-z0-9][a-z0-9-]*). */
static gboolean
is_id (const char *text)
{
  if (text == NULL || !(g_ascii_islower (text[0]) || g_ascii_isdigit (text[0])))
    return FALSE;
  for (const char *c = text; *c != '\0'; c++)
    if (!g_ascii_islower (*c) && !g_ascii_isdigit (*c) && *c != '-')
      return FALSE;
  return TRUE;
}

gboolean
adm_scenario_edit_set_id (AdmScenarioEdit  *self,
                          xmlNode          *node,
                          const char       *id,
                          GError          **error)
{
  const char *element;
  xmlNode *holder;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), FALSE);
  g_return_val_if_fail (node != NULL && node->doc == self->doc, FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  if (!is_id (id))
    {
      adm_xml_set_error (error, self->display_name, node,
                         _("“%s” is not an id: an id is lowercase letters, digits and “-”, "
                           "and starts with a letter or a digit"), id);
      return FALSE;
    }
  element = (const char *) node->name;
  holder = has_own_id (node) ? adm_scenario_edit_find (self, element, id) : NULL;
  if (holder != NULL && holder != node)
    {
      g_autofree char *taken = NULL;

      /* Translators: an id typed in the scenario editor that another element has */
      if (g_str_equal (element, "admiral"))
        taken = g_strdup_printf (_("another admiral has the id “%s”"), id);
      else if (g_str_equal (element, "alliance"))
        taken = g_strdup_printf (_("another alliance has the id “%s”"), id);
      else if (g_str_equal (element, "sector"))
        taken = g_strdup_printf (_("another sector has the id “%s”"), id);
      else if (g_str_equal (element, "formation"))
        taken = g_strdup_printf (_("another formation has the id “%s”"), id);
      else
        taken = g_strdup_printf (_("another ship has the id “%s”"), id);
      adm_xml_set_error (error, self->display_name, node, "%s", taken);
      return FALSE;
    }
  adm_scenario_edit_set (self, node, "id", id);
  return TRUE;
}

void
adm_scenario_edit_set_description (AdmScenarioEdit *self,
                                   const char      *text)
{
  xmlNode *root, *description;

  g_return_if_fail (ADM_IS_SCENARIO_EDIT (self));

  root = xmlDocGetRootElement (self->doc);
  description = adm_xml_first_element (root, "description");
  if (text == NULL || text[0] == '\0')
    {
      if (description == NULL)
        return;
      remove_node (description);
      commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE, root);
      return;
    }
  if (description == NULL)
    {
      description = new_element (self, "description");
      insert_child (root, description, NULL, scenario_order);
    }
  xmlNodeSetContent (description, NULL);
  xmlNodeAddContent (description, (const xmlChar *) text);
  commit (self, ADM_SCENARIO_EDIT_CHANGE_VALUE, description);
}

static xmlNode *
new_named (AdmScenarioEdit *self,
           const char      *element,
           const char      *name)
{
  xmlNode *node = new_element (self, element);
  g_autofree char *id = adm_scenario_edit_make_id (self, element, name);

  set_prop (node, "id", id);
  set_prop (node, "name", name);
  return node;
}

xmlNode *
adm_scenario_edit_add_admiral (AdmScenarioEdit *self,
                               const char      *name,
                               const char      *faction)
{
  xmlNode *root, *admiral;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  g_return_val_if_fail (name != NULL && faction != NULL, NULL);

  root = xmlDocGetRootElement (self->doc);
  admiral = new_named (self, "admiral", name);
  set_prop (admiral, "faction", faction);
  insert_child (root, admiral, NULL, scenario_order);
  commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE, root);
  return admiral;
}

static void join_alliance (AdmScenarioEdit *self, const char *faction, xmlNode *alliance);

xmlNode *
adm_scenario_edit_add_alliance (AdmScenarioEdit *self,
                                const char      *name,
                                const char      *faction)
{
  xmlNode *root, *alliance;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  root = xmlDocGetRootElement (self->doc);
  alliance = new_named (self, "alliance", name);
  insert_child (root, alliance, NULL, scenario_order);
  if (faction != NULL)
    join_alliance (self, faction, alliance);
  commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE, root);
  return alliance;
}

void
adm_scenario_edit_set_alliance_of (AdmScenarioEdit *self,
                                   const char      *faction,
                                   xmlNode         *alliance)
{
  g_return_if_fail (ADM_IS_SCENARIO_EDIT (self));
  g_return_if_fail (faction != NULL);

  join_alliance (self, faction, alliance);
  commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE, xmlDocGetRootElement (self->doc));
}

static void
join_alliance (AdmScenarioEdit *self,
               const char      *faction,
               xmlNode         *alliance)
{
  g_autoptr(GPtrArray) alliances = NULL;
  xmlNode *root = xmlDocGetRootElement (self->doc);

  alliances = adm_scenario_edit_children (root, "alliance");
  for (guint i = 0; i < alliances->len; i++)
    {
      xmlNode *other = alliances->pdata[i];
      g_autoptr(GPtrArray) members = adm_scenario_edit_children (other, "member");

      if (other == alliance)
        continue;
      for (guint k = 0; k < members->len; k++)
        if (prop_is (members->pdata[k], "faction", faction))
          remove_node (members->pdata[k]);
      /* An alliance whose members all left is no alliance. */
      if (members->len > 0 && adm_xml_first_element (other, "member") == NULL)
        remove_node (other);
    }
  if (alliance != NULL)
    {
      g_autoptr(GPtrArray) members = adm_scenario_edit_children (alliance, "member");
      gboolean present = FALSE;

      for (guint k = 0; k < members->len; k++)
        present |= prop_is (members->pdata[k], "faction", faction);
      if (!present)
        {
          xmlNode *member = new_element (self, "member");

          set_prop (member, "faction", faction);
          insert_child (alliance, member, NULL, alliance_order);
        }
    }
}

xmlNode *
adm_scenario_edit_get_map (AdmScenarioEdit *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  return adm_xml_first_element (xmlDocGetRootElement (self->doc), "map");
}

static xmlNode *
ensure_map (AdmScenarioEdit *self)
{
  xmlNode *map = adm_scenario_edit_get_map (self);

  if (map == NULL)
    {
      map = new_element (self, "map");
      insert_child (xmlDocGetRootElement (self->doc), map, NULL, scenario_order);
    }
  return map;
}

/* A coordinate as a file holds it: a whole number when it is one. */
static char *
coordinate (double value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  value = CLAMP (value, -100000.0, 100000.0);
  if (value == (double) (gint64) value)
    return g_strdup_printf ("%" G_GINT64_FORMAT, (gint64) value);
  return g_strdup (g_ascii_formatd (buffer, sizeof buffer, "%.1f", value));
}

xmlNode *
adm_scenario_edit_add_sector (AdmScenarioEdit *self,
                              const char      *name,
                              double           x,
                              double           y)
{
  xmlNode *map, *sector;
  g_autofree char *xs = coordinate (x), *ys = coordinate (y);

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  map = ensure_map (self);
  sector = new_named (self, "sector", name);
  set_prop (sector, "x", xs);
  set_prop (sector, "y", ys);
  insert_child (map, sector, NULL, map_order);
  commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE, map);
  return sector;
}

void
adm_scenario_edit_move_sector (AdmScenarioEdit *self,
                               xmlNode         *sector,
                               double           x,
                               double           y)
{
  g_autofree char *xs = coordinate (x), *ys = coordinate (y);

  g_return_if_fail (ADM_IS_SCENARIO_EDIT (self));
  g_return_if_fail (sector != NULL && sector->doc == self->doc);

  set_prop (sector, "x", xs);
  set_prop (sector, "y", ys);
  commit (self, ADM_SCENARIO_EDIT_CHANGE_VALUE, sector);
}

xmlNode *
adm_scenario_edit_find_link (AdmScenarioEdit *self,
                             const char      *from,
                             const char      *to)
{
  g_autoptr(GPtrArray) links = NULL;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);

  links = adm_scenario_edit_children (adm_scenario_edit_get_map (self), "link");
  for (guint i = 0; i < links->len; i++)
    if ((prop_is (links->pdata[i], "from", from) && prop_is (links->pdata[i], "to", to)) ||
        (prop_is (links->pdata[i], "from", to) && prop_is (links->pdata[i], "to", from)))
      return links->pdata[i];
  return NULL;
}

xmlNode *
adm_scenario_edit_add_link (AdmScenarioEdit *self,
                            const char      *from,
                            const char      *to)
{
  xmlNode *map, *link;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  g_return_val_if_fail (from != NULL && to != NULL, NULL);

  if (g_str_equal (from, to) || adm_scenario_edit_find_link (self, from, to) != NULL)
    return NULL;
  map = ensure_map (self);
  link = new_element (self, "link");
  set_prop (link, "from", from);
  set_prop (link, "to", to);
  insert_child (map, link, NULL, map_order);
  commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE, map);
  return link;
}

xmlNode *
adm_scenario_edit_add_object (AdmScenarioEdit *self,
                              xmlNode         *sector,
                              const char      *kind,
                              const char      *name)
{
  xmlNode *object;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  g_return_val_if_fail (sector != NULL && sector->doc == self->doc, NULL);
  g_return_val_if_fail (kind != NULL && name != NULL, NULL);

  object = new_element (self, "object");
  set_prop (object, "kind", kind);
  set_prop (object, "name", name);
  insert_child (sector, object, NULL, sector_order);
  commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE, sector);
  return object;
}

void
adm_scenario_edit_set_leads_to (AdmScenarioEdit *self,
                                xmlNode         *object,
                                const char      *sector)
{
  g_autofree char *from = NULL;

  g_return_if_fail (ADM_IS_SCENARIO_EDIT (self));
  g_return_if_fail (object != NULL && object->doc == self->doc && adm_xml_is (object, "object"));
  g_return_if_fail (object->parent != NULL && adm_xml_is (object->parent, "sector"));

  from = adm_xml_get_string (object->parent, "id");
  set_prop (object, "leads-to", sector);
  /* F-STRAT-8: the jump is crossed as the link between the two sectors. */
  if (sector != NULL && from != NULL && !g_str_equal (from, sector) &&
      adm_scenario_edit_find_link (self, from, sector) == NULL)
    {
      xmlNode *link = new_element (self, "link");

      set_prop (link, "from", from);
      set_prop (link, "to", sector);
      insert_child (ensure_map (self), link, NULL, map_order);
      commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE, adm_scenario_edit_get_map (self));
      return;
    }
  commit (self, ADM_SCENARIO_EDIT_CHANGE_VALUE, object);
}

xmlNode *
adm_scenario_edit_find_minefield (AdmScenarioEdit *self,
                                  xmlNode         *sector,
                                  const char      *faction)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  g_return_val_if_fail (sector != NULL, NULL);

  for (xmlNode *node = adm_xml_first_element (sector, "minefield"); node != NULL;
       node = adm_xml_next_element (node, "minefield"))
    if (prop_is (node, "faction", faction))
      return node;
  return NULL;
}

xmlNode *
adm_scenario_edit_set_minefield (AdmScenarioEdit *self,
                                 xmlNode         *sector,
                                 const char      *faction,
                                 int              mines)
{
  xmlNode *minefield;
  g_autofree char *count = NULL;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  g_return_val_if_fail (sector != NULL && sector->doc == self->doc &&
                        adm_xml_is (sector, "sector"), NULL);
  g_return_val_if_fail (faction != NULL, NULL);

  minefield = adm_scenario_edit_find_minefield (self, sector, faction);
  if (mines <= 0)
    {
      if (minefield != NULL)
        {
          remove_node (minefield);
          commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE, sector);
        }
      return NULL;
    }
  count = g_strdup_printf ("%d", MIN (mines, ADM_MINEFIELD_MAX_MINES));
  if (minefield != NULL)
    {
      set_prop (minefield, "mines", count);
      commit (self, ADM_SCENARIO_EDIT_CHANGE_VALUE, minefield);
      return minefield;
    }
  minefield = new_element (self, "minefield");
  set_prop (minefield, "faction", faction);
  set_prop (minefield, "mines", count);
  insert_child (sector, minefield, NULL, sector_order);
  commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE, sector);
  return minefield;
}

xmlNode *
adm_scenario_edit_add_formation (AdmScenarioEdit *self,
                                 const char      *name,
                                 const char      *faction,
                                 const char      *sector)
{
  xmlNode *root, *formation;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  g_return_val_if_fail (name != NULL && faction != NULL && sector != NULL, NULL);

  root = xmlDocGetRootElement (self->doc);
  formation = new_named (self, "formation", name);
  set_prop (formation, "faction", faction);
  set_prop (formation, "sector", sector);
  set_prop (formation, "flagship", "");
  insert_child (root, formation, NULL, scenario_order);
  commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE, root);
  return formation;
}

xmlNode *
adm_scenario_edit_add_pool (AdmScenarioEdit *self,
                            const char      *admiral,
                            const char      *sector)
{
  xmlNode *root, *pool;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  g_return_val_if_fail (admiral != NULL && sector != NULL, NULL);

  root = xmlDocGetRootElement (self->doc);
  pool = new_element (self, "pool");
  set_prop (pool, "admiral", admiral);
  set_prop (pool, "sector", sector);
  insert_child (root, pool, NULL, scenario_order);
  commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE, root);
  return pool;
}

xmlNode *
adm_scenario_edit_add_ship (AdmScenarioEdit *self,
                            xmlNode         *formation,
                            xmlNode         *after,
                            const char      *name,
                            const char      *klass,
                            int              readiness)
{
  xmlNode *ship;
  g_autofree char *level = g_strdup_printf ("%d", CLAMP (readiness, 0, 12));

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  g_return_val_if_fail (formation != NULL && formation->doc == self->doc, NULL);
  g_return_val_if_fail (after == NULL || after->parent == formation, NULL);
  g_return_val_if_fail (name != NULL && klass != NULL, NULL);

  ship = new_named (self, "ship", name);
  set_prop (ship, "class", klass);
  set_prop (ship, "readiness", level);
  insert_child (formation, ship, after, formation_order);
  /* A pool has no flagship until its admiral forms it into formations (F-GEN-6). */
  if (adm_xml_is (formation, "formation") &&
      (prop_is (formation, "flagship", "") || prop_is (formation, "flagship", NULL)))
    {
      g_autofree char *id = adm_xml_get_string (ship, "id");

      set_prop (formation, "flagship", id);
    }
  commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE, formation);
  return ship;
}

/* "Name 2", "Name 3", …: the first not yet a name of @element's kind. */
static char *
copy_name (AdmScenarioEdit *self,
           const char      *element,
           const char      *name)
{
  g_autoptr(GPtrArray) found = all_of (self, element);
  g_autofree char *stem = g_strdup (name != NULL ? name : "");
  const char *space = strrchr (stem, ' ');

  /* "Kestrel 2" copied is "Kestrel 3", not "Kestrel 2 2". */
  if (space != NULL && space[1] != '\0' && strspn (space + 1, "0123456789") == strlen (space + 1))
    stem[space - stem] = '\0';
  for (guint n = 2;; n++)
    {
      g_autofree char *candidate = g_strdup_printf ("%s %u", stem, n);
      gboolean taken = FALSE;

      for (guint i = 0; i < found->len && !taken; i++)
        taken = prop_is (found->pdata[i], "name", candidate);
      if (!taken)
        return g_steal_pointer (&candidate);
    }
}

/* Gives @ship (a copy, not yet in the document) a name and id of its own. */
static void
rename_copy (AdmScenarioEdit *self,
             xmlNode         *copy,
             const char      *element)
{
  g_autofree char *name = adm_xml_get_string (copy, "name");
  g_autofree char *new_name = copy_name (self, element, name);
  g_autofree char *id = adm_scenario_edit_make_id (self, element, new_name);

  set_prop (copy, "name", new_name);
  set_prop (copy, "id", id);
}

xmlNode *
adm_scenario_edit_duplicate (AdmScenarioEdit *self,
                             xmlNode         *node)
{
  xmlNode *copy;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  g_return_val_if_fail (node != NULL && node->doc == self->doc, NULL);
  g_return_val_if_fail (adm_xml_is (node, "ship") || adm_xml_is (node, "formation"), NULL);

  copy = xmlDocCopyNode (node, self->doc, 1);
  rename_copy (self, copy, (const char *) node->name);
  if (adm_xml_is (node, "formation"))
    {
      g_autoptr(GPtrArray) ships = adm_scenario_edit_children (copy, "ship");
      xmlNode *succession = adm_xml_first_element (copy, "succession");

      /* The copy goes in first, so that its ships' new ids are unique among the others. */
      insert_child (node->parent, copy, node, NULL);
      for (guint i = 0; i < ships->len; i++)
        {
          g_autofree char *old = adm_xml_get_string (ships->pdata[i], "id");
          g_autofree char *id = NULL;

          rename_copy (self, ships->pdata[i], "ship");
          id = adm_xml_get_string (ships->pdata[i], "id");
          if (prop_is (copy, "flagship", old))
            set_prop (copy, "flagship", id);
          if (succession != NULL)
            {
              g_autofree char *list = adm_xml_get_string (succession, "ships");
              g_auto(GStrv) ids = g_strsplit (list != NULL ? list : "", " ", -1);
              g_autofree char *joined = NULL;

              for (guint k = 0; ids[k] != NULL; k++)
                if (g_str_equal (ids[k], old))
                  g_free (ids[k]), ids[k] = g_strdup (id);
              joined = g_strjoinv (" ", ids);
              set_prop (succession, "ships", joined);
            }
        }
    }
  else
    insert_child (node->parent, copy, node, NULL);
  commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE, node->parent);
  return copy;
}

static GStrv
succession_of (xmlNode *formation)
{
  xmlNode *succession = adm_xml_first_element (formation, "succession");
  g_autofree char *list = succession != NULL ? adm_xml_get_string (succession, "ships") : NULL;

  if (list == NULL || g_strstrip (list)[0] == '\0')
    return g_new0 (char *, 1);
  return g_strsplit_set (list, " \t\n", -1);
}

/* Writes @ids as @formation's succession, or removes it when empty. */
static void
set_succession_list (AdmScenarioEdit *self,
                     xmlNode         *formation,
                     GPtrArray       *ids)
{
  xmlNode *succession = adm_xml_first_element (formation, "succession");
  g_autoptr(GString) joined = g_string_new (NULL);

  for (guint i = 0; i < ids->len; i++)
    if (((const char *) ids->pdata[i])[0] != '\0')
      g_string_append_printf (joined, "%s%s", joined->len > 0 ? " " : "",
                              (const char *) ids->pdata[i]);
  if (joined->len == 0)
    {
      if (succession != NULL)
        remove_node (succession);
      return;
    }
  if (succession == NULL)
    {
      succession = new_element (self, "succession");
      insert_child (formation, succession, NULL, formation_order);
    }
  set_prop (succession, "ships", joined->str);
}

static GPtrArray *
succession_without (xmlNode    *formation,
                    const char *id)
{
  g_auto(GStrv) ids = succession_of (formation);
  GPtrArray *kept = g_ptr_array_new_with_free_func (g_free);

  for (guint k = 0; ids[k] != NULL; k++)
    if (ids[k][0] != '\0' && g_strcmp0 (ids[k], id) != 0)
      g_ptr_array_add (kept, g_strdup (ids[k]));
  return kept;
}

static void
remove_ship (AdmScenarioEdit *self,
             xmlNode         *ship)
{
  xmlNode *formation = ship->parent;
  g_autofree char *id = adm_xml_get_string (ship, "id");
  g_autoptr(GPtrArray) kept = succession_without (formation, id);

  if (prop_is (formation, "flagship", id))
    {
      g_autofree char *next = NULL;

      /* F-FORM-5: the next in succession takes over; without one, the first ship left. */
      if (kept->len > 0)
        {
          next = g_strdup (kept->pdata[0]);
          g_ptr_array_remove_index (kept, 0);
        }
      else
        for (xmlNode *other = adm_xml_first_element (formation, "ship"); other != NULL;
             other = adm_xml_next_element (other, "ship"))
          if (other != ship)
            {
              next = adm_xml_get_string (other, "id");
              break;
            }
      set_prop (formation, "flagship", next != NULL ? next : "");
    }
  set_succession_list (self, formation, kept);
  remove_node (ship);
}

void
adm_scenario_edit_remove (AdmScenarioEdit *self,
                          xmlNode         *node)
{
  xmlNode *parent;

  g_return_if_fail (ADM_IS_SCENARIO_EDIT (self));
  g_return_if_fail (node != NULL && node->doc == self->doc && node->parent != NULL);
  g_return_if_fail (node != xmlDocGetRootElement (self->doc));

  parent = node->parent;
  if (adm_xml_is (node, "ship"))
    remove_ship (self, node);
  else
    {
      g_autofree char *id = adm_xml_get_string (node, "id");

      if (adm_xml_is (node, "sector") && id != NULL)
        {
          g_autoptr(GPtrArray) links = adm_scenario_edit_children (parent, "link");
          g_autoptr(GPtrArray) exits = exits_to (self, id, NULL);

          for (guint i = 0; i < links->len; i++)
            if (prop_is (links->pdata[i], "from", id) || prop_is (links->pdata[i], "to", id))
              remove_node (links->pdata[i]);
          /* An exit that led there leads off the map now. */
          for (guint i = 0; i < exits->len; i++)
            set_prop (exits->pdata[i], "leads-to", NULL);
        }
      else if (adm_xml_is (node, "link"))
        {
          g_autofree char *from = adm_xml_get_string (node, "from");
          g_autofree char *to = adm_xml_get_string (node, "to");
          g_autoptr(GPtrArray) there = exits_to (self, to, from);
          g_autoptr(GPtrArray) back = exits_to (self, from, to);

          /* The jump was this link: its exits lead off the map now. */
          for (guint i = 0; i < there->len; i++)
            set_prop (there->pdata[i], "leads-to", NULL);
          for (guint i = 0; i < back->len; i++)
            set_prop (back->pdata[i], "leads-to", NULL);
        }
      else if (adm_xml_is (node, "admiral") && id != NULL)
        {
          /* A pool keeps its admiral's id: it has to have an admiral, and the Problems page
           * asks for another. */
          g_autoptr(GPtrArray) formations = all_of (self, "formation");

          for (guint i = 0; i < formations->len; i++)
            if (prop_is (formations->pdata[i], "admiral", id))
              set_prop (formations->pdata[i], "admiral", NULL);
        }
      remove_node (node);
    }
  commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE, parent);
}

void
adm_scenario_edit_set_flagship (AdmScenarioEdit *self,
                                xmlNode         *ship)
{
  g_autofree char *id = NULL;
  g_autoptr(GPtrArray) kept = NULL;
  xmlNode *formation;

  g_return_if_fail (ADM_IS_SCENARIO_EDIT (self));
  g_return_if_fail (ship != NULL && adm_xml_is (ship, "ship"));

  formation = ship->parent;
  id = adm_xml_get_string (ship, "id");
  if (prop_is (formation, "flagship", id))
    return;
  kept = succession_without (formation, id);
  set_prop (formation, "flagship", id);
  set_succession_list (self, formation, kept);
  commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE, formation);
}

guint
adm_scenario_edit_get_succession (AdmScenarioEdit *self,
                                  xmlNode         *ship)
{
  g_auto(GStrv) ids = NULL;
  g_autofree char *id = NULL;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), 0);
  g_return_val_if_fail (ship != NULL, 0);

  ids = succession_of (ship->parent);
  id = adm_xml_get_string (ship, "id");
  for (guint k = 0, place = 0; ids[k] != NULL; k++)
    if (ids[k][0] != '\0')
      {
        place++;
        if (g_strcmp0 (ids[k], id) == 0)
          return place;
      }
  return 0;
}

void
adm_scenario_edit_set_succession (AdmScenarioEdit *self,
                                  xmlNode         *ship,
                                  guint            place)
{
  g_autofree char *id = NULL;
  g_autoptr(GPtrArray) kept = NULL;
  xmlNode *formation;

  g_return_if_fail (ADM_IS_SCENARIO_EDIT (self));
  g_return_if_fail (ship != NULL && adm_xml_is (ship, "ship"));

  formation = ship->parent;
  id = adm_xml_get_string (ship, "id");
  kept = succession_without (formation, id);
  if (place > 0 && !prop_is (formation, "flagship", id))
    g_ptr_array_insert (kept, MIN (place - 1, kept->len), g_strdup (id));
  set_succession_list (self, formation, kept);
  commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE, formation);
}

/* Drawing. */

static gboolean
is_number (const char *text,
           double     *value)
{
  char *end = NULL;

  if (text == NULL || text[0] == '\0')
    return FALSE;
  *value = g_ascii_strtod (text, &end);
  return end != NULL && *end == '\0' && *value >= -100000.0 && *value <= 100000.0;
}

static gboolean
is_display_name (const char *text)
{
  gboolean visible = FALSE;

  if (text == NULL || strchr (text, '\n') != NULL || strchr (text, '\r') != NULL)
    return FALSE;
  for (const char *c = text; *c != '\0'; c++)
    visible |= !g_ascii_isspace (*c);
  return visible;
}

/* The map of the document as far as it can be drawn: the sectors with an id of their own, a
 * name and a place, their planets, stations and exits, and the links between them. */
static xmlNode *
sketch_map (AdmScenarioEdit *self,
            xmlDoc          *doc)
{
  xmlNode *map = xmlNewDocNode (doc, NULL, (const xmlChar *) "map", NULL);
  g_autoptr(GHashTable) kept = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) links = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GPtrArray) exits = g_ptr_array_new ();
  xmlNode *source = adm_scenario_edit_get_map (self);
  static const char *const kinds[] = { "planet", "station", "wormhole-exit", NULL };

  for (xmlNode *sector = adm_xml_first_element (source, "sector"); sector != NULL;
       sector = adm_xml_next_element (sector, "sector"))
    {
      g_autofree char *id = adm_xml_get_string (sector, "id");
      g_autofree char *name = adm_xml_get_string (sector, "name");
      g_autofree char *xs = adm_xml_get_string (sector, "x");
      g_autofree char *ys = adm_xml_get_string (sector, "y");
      double x, y;
      xmlNode *copy;

      if (!is_id (id) || g_hash_table_contains (kept, id) || !is_number (xs, &x) ||
          !is_number (ys, &y))
        continue;
      copy = xmlNewChild (map, NULL, (const xmlChar *) "sector", NULL);
      set_prop (copy, "id", id);
      set_prop (copy, "name", is_display_name (name) ? name : id);
      set_prop (copy, "x", xs);
      set_prop (copy, "y", ys);
      for (xmlNode *object = adm_xml_first_element (sector, "object"); object != NULL;
           object = adm_xml_next_element (object, "object"))
        {
          g_autofree char *kind = adm_xml_get_string (object, "kind");
          g_autofree char *object_name = adm_xml_get_string (object, "name");
          xmlNode *mark;

          if (kind == NULL || !g_strv_contains (kinds, kind) || !is_display_name (object_name))
            continue;
          mark = xmlNewChild (copy, NULL, (const xmlChar *) "object", NULL);
          set_prop (mark, "kind", kind);
          set_prop (mark, "name", object_name);
          /* Where it leads, once the links drawn are known. */
          if (g_str_equal (kind, "wormhole-exit") && xmlHasProp (object, BAD_CAST "leads-to"))
            {
              g_ptr_array_add (exits, mark);
              g_ptr_array_add (exits, object);
            }
        }
      for (xmlNode *minefield = adm_xml_first_element (sector, "minefield"); minefield != NULL;
           minefield = adm_xml_next_element (minefield, "minefield"))
        {
          g_autofree char *faction = adm_xml_get_string (minefield, "faction");
          g_autofree char *mines = adm_xml_get_string (minefield, "mines");
          double count;
          xmlNode *mark;

          if (faction == NULL || adm_ruleset_lookup_faction (self->ruleset, faction) == NULL ||
              adm_scenario_edit_find_minefield (self, copy, faction) != NULL ||
              !is_number (mines, &count) || count != (int) count || count < 1 ||
              count > ADM_MINEFIELD_MAX_MINES)
            continue;
          mark = xmlNewChild (copy, NULL, (const xmlChar *) "minefield", NULL);
          set_prop (mark, "faction", faction);
          set_prop (mark, "mines", mines);
        }
      g_hash_table_add (kept, g_steal_pointer (&id));
    }
  for (xmlNode *link = adm_xml_first_element (source, "link"); link != NULL;
       link = adm_xml_next_element (link, "link"))
    {
      g_autofree char *from = adm_xml_get_string (link, "from");
      g_autofree char *to = adm_xml_get_string (link, "to");
      g_autofree char *key = NULL;
      xmlNode *copy;

      if (from == NULL || to == NULL || g_str_equal (from, to) ||
          !g_hash_table_contains (kept, from) || !g_hash_table_contains (kept, to))
        continue;
      /* One link a pair, whichever way it was written. */
      key = strcmp (from, to) < 0 ? g_strconcat (from, " ", to, NULL)
                                  : g_strconcat (to, " ", from, NULL);
      if (!g_hash_table_add (links, g_steal_pointer (&key)))
        continue;
      copy = xmlNewChild (map, NULL, (const xmlChar *) "link", NULL);
      set_prop (copy, "from", from);
      set_prop (copy, "to", to);
    }
  /* An exit leads where a link drawn goes from its sector. */
  for (guint i = 0; i < exits->len; i += 2)
    {
      xmlNode *mark = exits->pdata[i];
      g_autofree char *from = adm_xml_get_string (mark->parent, "id");
      g_autofree char *to = adm_xml_get_string (exits->pdata[i + 1], "leads-to");
      g_autofree char *key = NULL;

      if (to == NULL || g_str_equal (from, to))
        continue;
      key = strcmp (from, to) < 0 ? g_strconcat (from, " ", to, NULL)
                                  : g_strconcat (to, " ", from, NULL);
      if (g_hash_table_contains (links, key))
        set_prop (mark, "leads-to", to);
    }
  return map;
}

GPtrArray *
adm_scenario_edit_check (AdmScenarioEdit *self)
{
  GPtrArray *problems;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);

  g_clear_object (&self->loaded);
  problems = adm_scenario_check_all_loaded (xmlDocGetRootElement (self->doc),
                                            self->display_name, self->ruleset,
                                            self->ruleset != NULL ? &self->loaded : NULL);
  /* A scenario that loads may still set sides against each other in colours that look
   * alike: advice, after its problems. */
  if (self->loaded != NULL)
    {
      g_autoptr(GPtrArray) advice =
        adm_scenario_contrast_problems (self->loaded, xmlDocGetRootElement (self->doc));

      g_ptr_array_extend_and_steal (problems, g_steal_pointer (&advice));
    }
  /* A line is one of the file on disk only while the document is that file's text: a new
   * scenario's, or one changed since, is a line of no file the master can open. The problem
   * is then told by its element (AdmProblem.node) alone. */
  if (!self->in_file || self->modified)
    for (guint i = 0; i < problems->len; i++)
      ((AdmProblem *) problems->pdata[i])->line = 0;
  return problems;
}

AdmScenario *
adm_scenario_edit_build (AdmScenarioEdit *self,
                         gboolean        *whole)
{
  g_autoptr(xmlDoc) doc = NULL;
  xmlNode *root;
  AdmScenario *scenario;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);

  if (whole != NULL)
    *whole = FALSE;
  if (self->ruleset == NULL)
    return NULL;
  if (self->loaded != NULL)
    {
      if (whole != NULL)
        *whole = TRUE;
      return g_object_ref (self->loaded);
    }
  scenario = adm_scenario_new_from_node (xmlDocGetRootElement (self->doc), self->display_name,
                                         self->ruleset, NULL);
  if (scenario != NULL)
    {
      if (whole != NULL)
        *whole = TRUE;
      return scenario;
    }
  doc = xmlNewDoc ((const xmlChar *) "1.0");
  root = xmlNewDocNode (doc, NULL, (const xmlChar *) "scenario", NULL);
  xmlDocSetRootElement (doc, root);
  set_prop (root, "id", "sketch");
  set_prop (root, "name", "Sketch");
  set_prop (root, "ruleset", self->ruleset_id);
  xmlAddChild (root, sketch_map (self, doc));
  return _adm_scenario_new_sketch (g_steal_pointer (&doc), root, self->display_name,
                                   self->ruleset, NULL);
}

gboolean
adm_scenario_edit_restore (AdmScenarioEdit  *self,
                           GBytes           *text,
                           GError          **error)
{
  GBytes *before;
  gsize length;
  const char *data;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  if (g_bytes_equal (text, self->bytes))
    return TRUE;
  before = g_bytes_ref (self->bytes);
  data = g_bytes_get_data (text, &length);
  if (!set_document (self, data, length, error))
    {
      g_bytes_unref (before);
      return FALSE;
    }
  g_clear_object (&self->loaded);
  g_queue_push_head (&self->undo, before);
  self->undo_bytes += g_bytes_get_size (before);
  g_queue_clear_full (&self->redo, (GDestroyNotify) g_bytes_unref);
  drop_oldest (self);
  update_flags (self);
  emit_changed (self, ADM_SCENARIO_EDIT_CHANGE_RELOAD, NULL);
  return TRUE;
}

const char *
adm_scenario_edit_get_display_name (AdmScenarioEdit *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  return self->display_name;
}

void
adm_scenario_edit_set_display_name (AdmScenarioEdit *self,
                                    const char      *display_name)
{
  g_return_if_fail (ADM_IS_SCENARIO_EDIT (self));
  g_return_if_fail (display_name != NULL);

  g_free (self->display_name);
  self->display_name = g_strdup (display_name);
}

void
adm_scenario_edit_set_station (AdmScenarioEdit *self,
                               xmlNode         *object,
                               const char      *faction,
                               const char      *klass,
                               int              readiness)
{
  g_autofree char *level = g_strdup_printf ("%d", CLAMP (readiness, 0, 12));

  g_return_if_fail (ADM_IS_SCENARIO_EDIT (self));
  g_return_if_fail (object != NULL && adm_xml_is (object, "object"));

  set_prop (object, "faction", faction);
  set_prop (object, "class", faction != NULL ? klass : NULL);
  set_prop (object, "readiness", faction != NULL ? level : NULL);
  commit (self, ADM_SCENARIO_EDIT_CHANGE_VALUE, object);
}

/* The season. */

xmlNode *
adm_scenario_edit_get_season (AdmScenarioEdit *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  return adm_xml_first_element (xmlDocGetRootElement (self->doc), "season");
}

/* A copy of @season made the document's own, in place of the one it carried or after its
 * formations and pools, the root's "ruleset" naming @ruleset_id: without a step of undo. */
static void
put_season (AdmScenarioEdit *self,
            xmlNode         *season,
            const char      *ruleset_id)
{
  xmlNode *root = xmlDocGetRootElement (self->doc);
  xmlNode *old = adm_xml_first_element (root, "season");
  xmlNode *copy = xmlDocCopyNode (season, self->doc, 1);

  if (old != NULL)
    {
      xmlReplaceNode (old, copy);
      xmlFreeNode (old);
    }
  else
    insert_child (root, copy, NULL, scenario_order);
  set_prop (root, "ruleset", ruleset_id);
}

/* Makes the installed ruleset's season the scenario's own, without a step of undo: the edit
 * that needs it commits both. *@made tells whether it had to. */
static gboolean
own_season (AdmScenarioEdit  *self,
            gboolean         *made,
            GError          **error)
{
  xmlNode *root = xmlDocGetRootElement (self->doc);

  *made = FALSE;
  if (adm_xml_first_element (root, "season") != NULL)
    return TRUE;
  if (self->ruleset == NULL)
    {
      adm_xml_set_error (error, self->display_name, root,
                         _("the scenario names no ruleset that loads, so it has no rules to "
                           "make its own"));
      return FALSE;
    }
  put_season (self, adm_ruleset_get_season (self->ruleset), adm_ruleset_get_id (self->ruleset));
  *made = TRUE;
  return TRUE;
}

/* A season edit that found nothing to do after making the season its own: the document goes
 * back to its text, as it was before. */
static void
forget_season (AdmScenarioEdit *self,
               gboolean         made)
{
  gsize length;
  const char *data;

  if (!made)
    return;
  data = g_bytes_get_data (self->bytes, &length);
  if (!set_document (self, data, length, NULL))
    g_assert_not_reached ();
  emit_changed (self, ADM_SCENARIO_EDIT_CHANGE_RELOAD, NULL);
}

gboolean
adm_scenario_edit_make_season_own (AdmScenarioEdit  *self,
                                   GError          **error)
{
  gboolean made;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), FALSE);

  if (!own_season (self, &made, error))
    return FALSE;
  if (made)
    commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE, xmlDocGetRootElement (self->doc));
  return TRUE;
}

gboolean
adm_scenario_edit_set_season (AdmScenarioEdit  *self,
                              xmlNode          *season,
                              GError          **error)
{
  g_autoptr(AdmRuleset) ruleset = NULL;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), FALSE);
  g_return_val_if_fail (season != NULL && adm_xml_is (season, "season"), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* Read as the rules it is before the document is touched: a season that is not right
   * changes nothing. */
  ruleset = adm_ruleset_new_from_season (season, self->display_name, error);
  if (ruleset == NULL)
    return FALSE;
  put_season (self, season, adm_ruleset_get_id (ruleset));
  commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE, xmlDocGetRootElement (self->doc));
  return TRUE;
}

static xmlNode *
child_with_id (xmlNode    *parent,
               const char *element,
               const char *id)
{
  if (id == NULL || parent == NULL)
    return NULL;
  for (xmlNode *child = adm_xml_first_element (parent, element); child != NULL;
       child = adm_xml_next_element (child, element))
    if (prop_is (child, "id", id))
      return child;
  return NULL;
}

static xmlNode *
season_classes (AdmScenarioEdit *self)
{
  xmlNode *season = adm_scenario_edit_get_season (self);

  return season != NULL ? adm_xml_first_element (season, "classes") : NULL;
}

xmlNode *
adm_scenario_edit_find_class (AdmScenarioEdit *self,
                              const char      *id)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  return child_with_id (season_classes (self), "class", id);
}

xmlNode *
adm_scenario_edit_find_faction (AdmScenarioEdit *self,
                                const char      *id)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  return child_with_id (season_classes (self), "faction", id);
}

xmlNode *
adm_scenario_edit_find_weapon (AdmScenarioEdit *self,
                               const char      *klass,
                               const char      *weapon)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  return child_with_id (adm_scenario_edit_find_class (self, klass), "weapon", weapon);
}

/* The season's element @element of id @id (a weapon: of class @klass), the season made the
 * scenario's own first; NULL with @error, and the document as it was, when there is none. */
static xmlNode *
season_element (AdmScenarioEdit  *self,
                const char       *element,
                const char       *klass,
                const char       *id,
                gboolean         *made,
                GError          **error)
{
  xmlNode *node;

  if (!own_season (self, made, error))
    return NULL;
  if (g_str_equal (element, "weapon"))
    node = adm_scenario_edit_find_weapon (self, klass, id);
  else
    node = child_with_id (season_classes (self), element, id);
  if (node == NULL)
    {
      forget_season (self, *made);
      if (g_str_equal (element, "weapon"))
        adm_xml_set_error (error, self->display_name, xmlDocGetRootElement (self->doc),
                           _("ship class “%s” of the scenario's rules has no weapon “%s”"),
                           klass, id);
      else if (g_str_equal (element, "class"))
        adm_xml_set_error (error, self->display_name, xmlDocGetRootElement (self->doc),
                           _("the scenario's rules have no ship class “%s”"), id);
      else
        adm_xml_set_error (error, self->display_name, xmlDocGetRootElement (self->doc),
                           _("the scenario's rules have no faction “%s”"), id);
    }
  return node;
}

/* Commits a change of @node's attributes, the season made the scenario's own with it when
 * @made (then the root's children changed too). */
static void
commit_season (AdmScenarioEdit *self,
               gboolean         made,
               xmlNode         *node)
{
  if (made)
    commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE, xmlDocGetRootElement (self->doc));
  else
    commit (self, ADM_SCENARIO_EDIT_CHANGE_VALUE, node);
}

/* F-WPN-11, F-WPN-12: a torpedo's marker has a speed and moves some turns; a weapon made
 * another type has neither. */
static void
weapon_type_set (xmlNode    *weapon,
                 const char *type)
{
  if (g_strcmp0 (type, "torpedo") == 0)
    {
      if (!xmlHasProp (weapon, (const xmlChar *) "torpedo-speed"))
        set_prop (weapon, "torpedo-speed", "20");
      if (!xmlHasProp (weapon, (const xmlChar *) "torpedo-turns"))
        set_prop (weapon, "torpedo-turns", "2");
    }
  else
    {
      set_prop (weapon, "torpedo-speed", NULL);
      set_prop (weapon, "torpedo-turns", NULL);
    }
}

/* The season's edits of one element's attribute, each the same shape: the season's
 * @element of id @id (@klass's, for a weapon) found, made the scenario's own if it was not,
 * its @attribute set to @value (NULL removes it), committed. FALSE with @error when there is
 * no such element. */
static gboolean
set_season_attribute (AdmScenarioEdit  *self,
                      const char       *element,
                      const char       *klass,
                      const char       *id,
                      const char       *attribute,
                      const char       *value,
                      GError          **error)
{
  gboolean made;
  xmlNode *node = season_element (self, element, klass, id, &made, error);

  if (node == NULL)
    return FALSE;
  set_prop (node, attribute, value);
  if (g_str_equal (element, "weapon") && g_str_equal (attribute, "type"))
    weapon_type_set (node, value);
  commit_season (self, made, node);
  return TRUE;
}

/* The season's removals, each the same shape once what still names the element is checked:
 * the element found as set_season_attribute () finds it, taken out, committed. */
static gboolean
remove_season_element (AdmScenarioEdit  *self,
                       const char       *element,
                       const char       *klass,
                       const char       *id,
                       GError          **error)
{
  gboolean made;
  xmlNode *node = season_element (self, element, klass, id, &made, error);
  xmlNode *parent;

  if (node == NULL)
    return FALSE;
  parent = node->parent;
  remove_node (node);
  commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE,
          made ? xmlDocGetRootElement (self->doc) : parent);
  return TRUE;
}

/* The id class @node (whose id is @old_id, made from @old_name) takes from its new name
 * @name: the same when it is made from that name too, else one no other class has. */
static char *
class_id_from (xmlNode    *node,
               const char *old_id,
               const char *name)
{
  g_autofree char *base = NULL;

  if (id_made_from (old_id, name, "class"))
    return g_strdup (old_id);
  base = id_base (name, "class");
  for (guint n = 1;; n++)
    {
      g_autofree char *id = n == 1 ? g_strdup (base) : g_strdup_printf ("%s-%u", base, n);
      xmlNode *holder = child_with_id (node->parent, "class", id);

      if (holder == NULL || holder == node)
        return g_steal_pointer (&id);
    }
}

gboolean
adm_scenario_edit_set_class (AdmScenarioEdit  *self,
                             const char       *klass,
                             const char       *attribute,
                             const char       *value,
                             GError          **error)
{
  g_autofree char *old_name = NULL;
  g_autofree char *id = NULL;
  g_autoptr(GPtrArray) ships = NULL;
  g_autoptr(GPtrArray) objects = NULL;
  gboolean made;
  xmlNode *node;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), FALSE);
  g_return_val_if_fail (klass != NULL && attribute != NULL, FALSE);
  g_return_val_if_fail (!g_str_equal (attribute, "id"), FALSE);

  if (!g_str_equal (attribute, "name") || value == NULL || self->ids_fixed)
    return set_season_attribute (self, "class", NULL, klass, attribute, value, error);

  /* A new name: an id made from the old one follows it, and the ships and stations of the
   * class with it, in the one step. */
  node = season_element (self, "class", NULL, klass, &made, error);
  if (node == NULL)
    return FALSE;
  old_name = adm_xml_get_string (node, "name");
  if (old_name != NULL && id_made_from (klass, old_name, "class"))
    id = class_id_from (node, klass, value);
  set_prop (node, "name", value);
  if (id == NULL || g_str_equal (id, klass))
    {
      commit_season (self, made, node);
      return TRUE;
    }
  set_prop (node, "id", id);
  ships = all_of (self, "ship");
  for (guint i = 0; i < ships->len; i++)
    if (prop_is (ships->pdata[i], "class", klass))
      set_prop (ships->pdata[i], "class", id);
  objects = all_of (self, "object");
  for (guint i = 0; i < objects->len; i++)
    if (prop_is (objects->pdata[i], "class", klass))
      set_prop (objects->pdata[i], "class", id);
  commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE, xmlDocGetRootElement (self->doc));
  return TRUE;
}

/* An id among @parent's children named @element made from @name. */
static char *
child_id (xmlNode    *parent,
          const char *element,
          const char *name)
{
  g_autofree char *base = id_base (name, element);

  if (child_with_id (parent, element, base) == NULL)
    return g_steal_pointer (&base);
  for (guint n = 2;; n++)
    {
      g_autofree char *id = g_strdup_printf ("%s-%u", base, n);

      if (child_with_id (parent, element, id) == NULL)
        return g_steal_pointer (&id);
    }
}

char *
adm_scenario_edit_add_class (AdmScenarioEdit  *self,
                             const char       *copy_of,
                             const char       *name,
                             GError          **error)
{
  gboolean made;
  xmlNode *source, *copy;
  char *id;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  g_return_val_if_fail (copy_of != NULL && name != NULL, NULL);

  source = season_element (self, "class", NULL, copy_of, &made, error);
  if (source == NULL)
    return NULL;
  copy = xmlDocCopyNode (source, self->doc, 1);
  id = child_id (source->parent, "class", name);
  set_prop (copy, "id", id);
  set_prop (copy, "name", name);
  insert_child (source->parent, copy, source, NULL);
  commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE,
          made ? xmlDocGetRootElement (self->doc) : source->parent);
  return id;
}

gboolean
adm_scenario_edit_remove_class (AdmScenarioEdit  *self,
                                const char       *klass,
                                GError          **error)
{
  static const char *const users[] = { "ship", "object", NULL };

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), FALSE);
  g_return_val_if_fail (klass != NULL, FALSE);

  /* A ship or a station of the class would name a class that is no more. */
  for (guint k = 0; users[k] != NULL; k++)
    {
      g_autoptr(GPtrArray) found = all_of (self, users[k]);

      for (guint i = 0; i < found->len; i++)
        if (prop_is (found->pdata[i], "class", klass))
          {
            g_autofree char *user = adm_xml_get_string (found->pdata[i], "name");

            adm_xml_set_error (error, self->display_name, found->pdata[i],
                               k == 0 ? _("ship class “%s” cannot be removed: ship “%s” is "
                                          "of that class")
                                      : _("ship class “%s” cannot be removed: station “%s” "
                                          "is of that class"),
                               klass, user != NULL ? user : "");
            return FALSE;
          }
    }
  return remove_season_element (self, "class", NULL, klass, error);
}

gboolean
adm_scenario_edit_remove_faction (AdmScenarioEdit  *self,
                                  const char       *faction,
                                  GError          **error)
{
  static const char *const users[] = { "admiral", "formation", "object", "member", "minefield",
                                        NULL };

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), FALSE);
  g_return_val_if_fail (faction != NULL, FALSE);

  /* An admiral, a formation, a station, an alliance or a minefield of the faction would name
   * one that is no more. */
  for (guint k = 0; users[k] != NULL; k++)
    {
      g_autoptr(GPtrArray) found = all_of (self, users[k]);

      for (guint i = 0; i < found->len; i++)
        if (prop_is (found->pdata[i], "faction", faction))
          {
            xmlNode *user = found->pdata[i];
            g_autofree char *name = adm_xml_get_string (k >= 3 ? user->parent : user, "name");
            const char *shown = name != NULL ? name : "";

            if (k == 0)
              adm_xml_set_error (error, self->display_name, user,
                                 _("faction “%s” cannot be removed: admiral “%s” belongs to "
                                   "it"), faction, shown);
            else if (k == 1)
              adm_xml_set_error (error, self->display_name, user,
                                 _("faction “%s” cannot be removed: formation “%s” belongs "
                                   "to it"), faction, shown);
            else if (k == 2)
              adm_xml_set_error (error, self->display_name, user,
                                 _("faction “%s” cannot be removed: station “%s” belongs to "
                                   "it"), faction, shown);
            else if (k == 3)
              adm_xml_set_error (error, self->display_name, user,
                                 _("faction “%s” cannot be removed: it is a member of "
                                   "alliance “%s”"), faction, shown);
            else
              adm_xml_set_error (error, self->display_name, user,
                                 _("faction “%s” cannot be removed: it has a minefield in "
                                   "sector “%s”"), faction, shown);
            return FALSE;
          }
    }
  return remove_season_element (self, "faction", NULL, faction, error);
}

gboolean
adm_scenario_edit_set_weapon (AdmScenarioEdit  *self,
                              const char       *klass,
                              const char       *weapon,
                              const char       *attribute,
                              const char       *value,
                              GError          **error)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), FALSE);
  g_return_val_if_fail (klass != NULL && weapon != NULL && attribute != NULL, FALSE);
  g_return_val_if_fail (!g_str_equal (attribute, "id"), FALSE);

  return set_season_attribute (self, "weapon", klass, weapon, attribute, value, error);
}

char *
adm_scenario_edit_add_weapon (AdmScenarioEdit  *self,
                              const char       *klass,
                              const char       *name,
                              GError          **error)
{
  gboolean made;
  xmlNode *node, *weapon, *last = NULL;
  char *id;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  g_return_val_if_fail (klass != NULL && name != NULL, NULL);

  node = season_element (self, "class", NULL, klass, &made, error);
  if (node == NULL)
    return NULL;
  id = child_id (node, "weapon", name);
  weapon = new_element (self, "weapon");
  set_prop (weapon, "id", id);
  set_prop (weapon, "name", name);
  set_prop (weapon, "type", "artillery");
  set_prop (weapon, "firepower", "1");
  set_prop (weapon, "range", "10");
  set_prop (weapon, "arcs", "bow");
  for (xmlNode *other = adm_xml_first_element (node, "weapon"); other != NULL;
       other = adm_xml_next_element (other, "weapon"))
    last = other;
  insert_child (node, weapon, last, NULL);
  commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE,
          made ? xmlDocGetRootElement (self->doc) : node);
  return id;
}

gboolean
adm_scenario_edit_remove_weapon (AdmScenarioEdit  *self,
                                 const char       *klass,
                                 const char       *weapon,
                                 GError          **error)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), FALSE);
  g_return_val_if_fail (klass != NULL && weapon != NULL, FALSE);

  return remove_season_element (self, "weapon", klass, weapon, error);
}

gboolean
adm_scenario_edit_set_faction (AdmScenarioEdit  *self,
                               const char       *faction,
                               const char       *attribute,
                               const char       *value,
                               GError          **error)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), FALSE);
  g_return_val_if_fail (faction != NULL && attribute != NULL, FALSE);
  g_return_val_if_fail (!g_str_equal (attribute, "id"), FALSE);

  return set_season_attribute (self, "faction", NULL, faction, attribute, value, error);
}

char *
adm_scenario_edit_get_ruling (AdmScenarioEdit *self,
                              const char      *id)
{
  xmlNode *rulings, *ruling;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  g_return_val_if_fail (id != NULL, NULL);

  rulings = adm_xml_first_element (xmlDocGetRootElement (self->doc), "rulings");
  ruling = child_with_id (rulings, "ruling", id);
  return ruling != NULL ? adm_xml_get_string (ruling, "value") : NULL;
}

void
adm_scenario_edit_set_ruling (AdmScenarioEdit *self,
                              const char      *id,
                              const char      *value)
{
  xmlNode *root, *rulings, *ruling;
  const AdmRuling *known;

  g_return_if_fail (ADM_IS_SCENARIO_EDIT (self));
  g_return_if_fail (id != NULL);

  root = xmlDocGetRootElement (self->doc);
  rulings = adm_xml_first_element (root, "rulings");
  ruling = child_with_id (rulings, "ruling", id);
  known = self->ruleset != NULL ? adm_ruleset_lookup_ruling (self->ruleset, id) : NULL;
  if (value == NULL || (known != NULL && g_strcmp0 (value, known->default_value) == 0))
    {
      if (ruling == NULL)
        return;
      remove_node (ruling);
      if (adm_xml_first_element (rulings, NULL) == NULL)
        remove_node (rulings);
      commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE, root);
      return;
    }
  if (rulings == NULL)
    {
      rulings = new_element (self, "rulings");
      insert_child (root, rulings, NULL, scenario_order);
    }
  if (ruling == NULL)
    {
      xmlNode *last = NULL;

      for (xmlNode *other = adm_xml_first_element (rulings, "ruling"); other != NULL;
           other = adm_xml_next_element (other, "ruling"))
        last = other;
      ruling = new_element (self, "ruling");
      set_prop (ruling, "id", id);
      insert_child (rulings, ruling, last, NULL);
    }
  set_prop (ruling, "value", value);
  commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE, root);
}

/* Order of battle. */

static const char *const before_fleets[] = {
  "description", "rulings", "admiral", "alliance", "map", NULL
};
static const char *const fleet_names[] = { "formation", "pool", NULL };

/* What finds a formation again: its id; a pool's, its admiral's. */
static char *
fleet_key (gboolean    pool,
           const char *id)
{
  return g_strconcat (pool ? "pool " : "formation ", id != NULL ? id : "", NULL);
}

static char *
fleet_key_of (xmlNode *node)
{
  gboolean pool = adm_xml_is (node, "pool");
  g_autofree char *id = adm_xml_get_string (node, pool ? "admiral" : "id");

  return fleet_key (pool, id);
}

static void
set_if_other (xmlNode    *node,
              const char *name,
              const char *value)
{
  if (!prop_is (node, name, value))
    set_prop (node, name, value);
}

/* @node's attributes made @formation's; one that says so already is left as written. */
static void
set_fleet_attributes (xmlNode               *node,
                      const AdmOobFormation *formation)
{
  if (formation->pool)
    {
      set_if_other (node, "admiral", formation->admiral);
      set_if_other (node, "sector", formation->sector);
      return;
    }
  set_if_other (node, "id", formation->id);
  set_if_other (node, "name", formation->name);
  set_if_other (node, "faction", formation->faction);
  set_if_other (node, "sector", formation->sector);
  set_if_other (node, "flagship", formation->flagship);
  set_if_other (node, "admiral", formation->admiral);
  if (adm_xml_get_boolean (node, "hidden", FALSE) != formation->hidden)
    set_prop (node, "hidden", formation->hidden ? "true" : NULL);
}

/* Whether @node's ships and succession are @formation's already. */
static gboolean
fleet_ships_are (xmlNode               *node,
                 const AdmOobFormation *formation)
{
  g_auto(GStrv) succession = succession_of (node);
  guint i = 0, n = 0;

  for (xmlNode *child = adm_xml_first_element (node, NULL); child != NULL;
       child = adm_xml_next_element (child, NULL), i++)
    {
      const AdmOobShip *ship = i < formation->ships->len ? formation->ships->pdata[i] : NULL;
      int readiness = -1;

      if (adm_xml_is (child, "succession") && i == formation->ships->len)
        continue;
      if (ship == NULL || !adm_xml_is (child, "ship") || !prop_is (child, "id", ship->id) ||
          !prop_is (child, "name", ship->name) || !prop_is (child, "class", ship->klass) ||
          !adm_xml_get_int (child, "readiness", TRUE, 0, &readiness, "", NULL) ||
          readiness != ship->readiness)
        return FALSE;
    }
  if (i < formation->ships->len)
    return FALSE;
  for (; succession[n] != NULL; n++)
    if (n >= formation->succession->len ||
        g_strcmp0 (succession[n], formation->succession->pdata[n]) != 0)
      return FALSE;
  return n == formation->succession->len;
}

/* @node's ships and succession made @formation's, unless they are already. */
static void
set_fleet_ships (xmlNode               *node,
                 const AdmOobFormation *formation)
{
  xmlNode *child, *after = NULL;

  if (fleet_ships_are (node, formation))
    return;
  while ((child = adm_xml_first_element (node, NULL)) != NULL)
    remove_node (child);
  for (guint i = 0; i < formation->ships->len; i++)
    {
      const AdmOobShip *ship = formation->ships->pdata[i];
      xmlNode *element = xmlNewDocNode (node->doc, NULL, (const xmlChar *) "ship", NULL);
      g_autofree char *readiness = g_strdup_printf ("%d", ship->readiness);

      set_prop (element, "id", ship->id);
      set_prop (element, "name", ship->name);
      set_prop (element, "class", ship->klass);
      set_prop (element, "readiness", readiness);
      insert_child (node, element, after, formation_order);
      after = element;
    }
  if (formation->succession->len > 0)
    {
      xmlNode *element = xmlNewDocNode (node->doc, NULL, (const xmlChar *) "succession", NULL);
      g_autofree char *ships = NULL;

      g_ptr_array_add (formation->succession, NULL);
      ships = g_strjoinv (" ", (char **) formation->succession->pdata);
      g_ptr_array_set_size (formation->succession, formation->succession->len - 1);
      set_prop (element, "ships", ships);
      insert_child (node, element, after, NULL);
    }
}

/* Whether @node comes right after @previous among the root's elements (after what comes before
 * the formations, for NULL). */
static gboolean
follows (xmlNode *node,
         xmlNode *previous)
{
  xmlNode *before = node->prev;

  while (before != NULL && before->type != XML_ELEMENT_NODE)
    before = before->prev;
  if (previous != NULL)
    return before == previous;
  return before == NULL || !name_in (before, fleet_names);
}

/* @node put into @root after @previous, or, for NULL, where the formations start. */
static void
place_fleet (xmlNode *root,
             xmlNode *node,
             xmlNode *previous)
{
  if (previous == NULL)
    for (xmlNode *child = adm_xml_first_element (root, NULL); child != NULL;
         child = adm_xml_next_element (child, NULL))
      if (name_in (child, before_fleets))
        previous = child;
  insert_child (root, node, previous, NULL);
}

/* @oob made the order of battle of the document @root is in: its admirals added after the
 * last admiral, its formations and pools in place of the document's, in its order. A
 * formation or pool the document has (by id, a pool by its admiral) is changed where it
 * stands, keeping what it says already as it is written; the others are removed. */
static void
apply_oob (xmlNode      *root,
           const AdmOob *oob)
{
  g_autoptr(GHashTable) old = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) kept = g_hash_table_new (NULL, NULL);
  g_autoptr(GPtrArray) nodes = g_ptr_array_new ();
  xmlNode *after = NULL, *previous = NULL;

  for (xmlNode *node = adm_xml_first_element (root, "admiral"); node != NULL;
       node = adm_xml_next_element (node, "admiral"))
    after = node;
  for (guint i = 0; i < oob->admirals->len; i++)
    {
      const AdmOobAdmiral *admiral = oob->admirals->pdata[i];
      xmlNode *node = xmlNewDocNode (root->doc, NULL, (const xmlChar *) "admiral", NULL);

      set_prop (node, "id", admiral->id);
      set_prop (node, "name", admiral->name);
      set_prop (node, "faction", admiral->faction);
      insert_child (root, node, after, scenario_order);
      after = node;
    }

  for (xmlNode *node = adm_xml_first_element (root, NULL); node != NULL;
       node = adm_xml_next_element (node, NULL))
    if (name_in (node, fleet_names))
      {
        char *key = fleet_key_of (node);

        if (!g_hash_table_contains (old, key))
          g_hash_table_insert (old, key, node);
        else
          g_free (key);
      }
  for (guint i = 0; i < oob->formations->len; i++)
    {
      const AdmOobFormation *formation = oob->formations->pdata[i];
      g_autofree char *key = fleet_key (formation->pool, formation->pool ? formation->admiral
                                                                         : formation->id);
      xmlNode *node = g_hash_table_lookup (old, key);

      g_hash_table_remove (old, key);
      if (node != NULL)
        g_hash_table_add (kept, node);
      g_ptr_array_add (nodes, node);
    }
  for (xmlNode *node = adm_xml_first_element (root, NULL), *next; node != NULL; node = next)
    {
      next = adm_xml_next_element (node, NULL);
      if (name_in (node, fleet_names) && !g_hash_table_contains (kept, node))
        remove_node (node);
    }

  for (guint i = 0; i < oob->formations->len; i++)
    {
      const AdmOobFormation *formation = oob->formations->pdata[i];
      xmlNode *node = nodes->pdata[i];

      if (node == NULL)
        {
          node = xmlNewDocNode (root->doc, NULL,
                                (const xmlChar *) (formation->pool ? "pool" : "formation"), NULL);
          set_fleet_attributes (node, formation);
          place_fleet (root, node, previous);
        }
      else
        {
          set_fleet_attributes (node, formation);
          if (!follows (node, previous))
            {
              /* Moved, with the line it was on. */
              if (is_blank (node->prev))
                {
                  xmlNode *blank = node->prev;

                  xmlUnlinkNode (blank);
                  xmlFreeNode (blank);
                }
              xmlUnlinkNode (node);
              place_fleet (root, node, previous);
            }
        }
      set_fleet_ships (node, formation);
      previous = node;
    }
}

gboolean
adm_scenario_edit_import_oob (AdmScenarioEdit  *self,
                              const char       *csv,
                              gsize             csv_length,
                              const char       *csv_name,
                              AdmOobSummary    *summary,
                              GPtrArray       **problems,
                              GError          **error)
{
  g_autofree char *composition = NULL;
  g_autoptr(AdmOob) oob = NULL;
  xmlNode *root;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), FALSE);
  g_return_val_if_fail (csv != NULL && csv_name != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (problems != NULL)
    *problems = NULL;
  root = xmlDocGetRootElement (self->doc);
  if (self->ruleset == NULL)
    {
      g_set_error (error, ADM_OOB_ERROR, ADM_OOB_ERROR_SCENARIO,
                   _("%s names no ruleset that can be read (“%s”): the classes and factions "
                     "an order of battle names are unknown until it does"),
                   self->display_name, self->ruleset_id != NULL ? self->ruleset_id : "");
      return FALSE;
    }
  /* F-FORM-8 as the scenario plays it: its own ruling, else its ruleset's. */
  composition = adm_scenario_edit_get_ruling (self, "formation-composition");
  if (composition == NULL)
    composition = g_strdup (adm_ruleset_get_ruling_value (self->ruleset,
                                                          "formation-composition"));
  oob = adm_oob_read (root, self->ruleset, composition, csv, csv_length, csv_name, problems,
                      error);
  if (oob == NULL)
    return FALSE;
  apply_oob (root, oob);
  commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE, root);
  if (summary != NULL)
    *summary = oob->summary;
  return TRUE;
}

/* The document model's items. */

AdmScenarioItem *
adm_scenario_edit_get_item (AdmScenarioEdit *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);

  if (self->item == NULL)
    {
      self->item = g_object_new (ADM_TYPE_SCENARIO_ITEM, NULL);
      _adm_scenario_item_bind (self->item, self, xmlDocGetRootElement (self->doc));
    }
  return self->item;
}

/* @list, made and read for the first time when NULL. */
static GListModel *
items_of (AdmScenarioEdit  *self,
          GListModel      **list,
          GType             type,
          xmlNode          *parent)
{
  if (*list == NULL)
    {
      *list = _adm_scenario_item_list_new (self, type);
      _adm_scenario_item_list_sync (*list, parent, NULL, TRUE);
    }
  return *list;
}

GListModel *
adm_scenario_edit_get_admirals (AdmScenarioEdit *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  return items_of (self, &self->admirals, ADM_TYPE_SCENARIO_ADMIRAL,
                   xmlDocGetRootElement (self->doc));
}

GListModel *
adm_scenario_edit_get_alliances (AdmScenarioEdit *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  return items_of (self, &self->alliances, ADM_TYPE_SCENARIO_ALLIANCE,
                   xmlDocGetRootElement (self->doc));
}

AdmScenarioItem *
adm_scenario_edit_find_item (AdmScenarioEdit *self,
                             xmlNode         *node)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);

  for (xmlNode *up = node; up != NULL && up->type == XML_ELEMENT_NODE; up = up->parent)
    {
      AdmScenarioItem *item = NULL;

      if (adm_xml_is (up, "admiral"))
        item = _adm_scenario_item_list_find (adm_scenario_edit_get_admirals (self), up);
      else if (adm_xml_is (up, "alliance"))
        item = _adm_scenario_item_list_find (adm_scenario_edit_get_alliances (self), up);
      else if (up == xmlDocGetRootElement (self->doc))
        item = adm_scenario_edit_get_item (self);
      if (item != NULL)
        return item;
    }
  return NULL;
}

/* The item of @node in @list, which an edit has just added. */
static gpointer
item_added (GListModel *list,
            xmlNode    *node)
{
  return node != NULL ? _adm_scenario_item_list_find (list, node) : NULL;
}

AdmScenarioAdmiral *
adm_scenario_edit_append_admiral (AdmScenarioEdit *self,
                                  const char      *name,
                                  const char      *faction)
{
  GListModel *admirals;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);

  admirals = adm_scenario_edit_get_admirals (self);
  return item_added (admirals, adm_scenario_edit_add_admiral (self, name, faction));
}

AdmScenarioAlliance *
adm_scenario_edit_append_alliance (AdmScenarioEdit *self,
                                   const char      *name,
                                   const char      *faction)
{
  GListModel *alliances;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);

  alliances = adm_scenario_edit_get_alliances (self);
  return item_added (alliances, adm_scenario_edit_add_alliance (self, name, faction));
}

char *
adm_scenario_edit_dup_description (AdmScenarioEdit *self)
{
  xmlNode *description;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);

  description = adm_xml_first_element (xmlDocGetRootElement (self->doc), "description");
  return description != NULL ? adm_xml_get_text (description) : NULL;
}
