/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-scenario-edit.c: a scenario document read, checked, written back as read, and each edit
 * made undoable; the edits themselves are in adm-scenario-edit-*.c by part. */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "adm-scenario-check.h"
#include "adm-scenario-contrast.h"
#include "adm-scenario-edit-private.h"
#include "adm-scenario-private.h"
#include "adm-xml.h"
#include "adm-xml-layout.h"

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
const char *const _adm_edit_scenario_order[] = {
  "description", "rulings", "admiral", "alliance", "map", "formation", "pool", "season", NULL
};
const char *const _adm_edit_map_order[] = { "sector", "link", NULL };
const char *const _adm_edit_formation_order[] = { "ship", "succession", NULL };
const char *const _adm_edit_sector_order[] = { "object", "minefield", NULL };
const char *const _adm_edit_alliance_order[] = { "member", NULL };

static void
adm_scenario_edit_dispose (GObject *object)
{
  AdmScenarioEdit *self = ADM_SCENARIO_EDIT (object);

  /* Items a page still holds are detached: they outlive the document they were of. */
  if (self->item != NULL)
    _adm_scenario_item_bind (self->item, NULL, NULL);
  g_clear_object (&self->item);
  if (self->map != NULL)
    _adm_scenario_item_bind (ADM_SCENARIO_ITEM (self->map), NULL, NULL);
  g_clear_object (&self->map);
  g_clear_object (&self->admirals);
  g_clear_object (&self->alliances);
  g_clear_object (&self->sectors);
  g_clear_object (&self->links);
  g_clear_object (&self->formations);
  g_clear_object (&self->pools);
  if (self->season != NULL)
    _adm_scenario_item_bind (ADM_SCENARIO_ITEM (self->season), NULL, NULL);
  g_clear_object (&self->season);

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

gboolean
_adm_edit_set_document (AdmScenarioEdit  *self,
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
  if (!_adm_edit_set_document (self, data, length, error))
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

AdmScenarioEdit *
adm_scenario_edit_new (const char *ruleset_id,
                       const char *name)
{
  g_autoptr(GString) text = g_string_new (NULL);
  AdmScenarioEdit *self;
  g_autofree char *escaped = g_markup_escape_text (name, -1);
  g_autofree char *sector = g_markup_escape_text (_("Home sector"), -1);
  /* Made from the name, so that it follows the name the master gives it. */
  g_autofree char *id = _adm_edit_id_base (name, "new-campaign");

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
void
_adm_edit_emit_changed (AdmScenarioEdit       *self,
                        AdmScenarioEditChange  change,
                        xmlNode               *node)
{
  xmlNode *root = xmlDocGetRootElement (self->doc);
  gboolean reload = change == ADM_SCENARIO_EDIT_CHANGE_RELOAD;
  xmlNode *changed = change == ADM_SCENARIO_EDIT_CHANGE_VALUE ? node : NULL;

  if (self->item != NULL)
    _adm_scenario_item_bind (self->item, self, root);
  if (self->map != NULL)
    _adm_scenario_item_bind (ADM_SCENARIO_ITEM (self->map), self,
                             adm_xml_first_element (root, "map"));
  if (self->admirals != NULL)
    _adm_scenario_item_list_sync (self->admirals, root, changed, reload);
  if (self->alliances != NULL)
    _adm_scenario_item_list_sync (self->alliances, root, changed, reload);
  if (self->formations != NULL)
    _adm_scenario_item_list_sync (self->formations, root, changed, reload);
  if (self->pools != NULL)
    _adm_scenario_item_list_sync (self->pools, root, changed, reload);
  if (self->sectors != NULL)
    _adm_scenario_item_list_sync (self->sectors, adm_scenario_edit_get_map (self), changed,
                                  reload);
  if (self->links != NULL)
    _adm_scenario_item_list_sync (self->links, adm_scenario_edit_get_map (self), changed, reload);
  if (self->season != NULL)
    _adm_edit_bind_season (self);
  g_signal_emit (self, signals[CHANGED], 0, (guint) change, node);
}

/* After an edit: the text before it goes on the undo stack, the redo stack is forgotten.
 * Each element is given the line it has in the text now, so that the problems found after an
 * edit name the lines of the file as it would be saved (an element copied from the rules
 * folder has the lines of its file until then). */
void
_adm_edit_commit (AdmScenarioEdit       *self,
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
  _adm_edit_emit_changed (self, change, node);
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
  if (!_adm_edit_set_document (self, data, length, &error))
    g_error ("%s", error->message);
  drop_oldest (self);
  update_flags (self);
  _adm_edit_emit_changed (self, ADM_SCENARIO_EDIT_CHANGE_RELOAD, NULL);
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

      if (!_adm_edit_is_id (id) || g_hash_table_contains (kept, id) || !is_number (xs, &x) ||
          !is_number (ys, &y))
        continue;
      copy = xmlNewChild (map, NULL, (const xmlChar *) "sector", NULL);
      _adm_edit_set_prop (copy, "id", id);
      _adm_edit_set_prop (copy, "name", is_display_name (name) ? name : id);
      _adm_edit_set_prop (copy, "x", xs);
      _adm_edit_set_prop (copy, "y", ys);
      for (xmlNode *object = adm_xml_first_element (sector, "object"); object != NULL;
           object = adm_xml_next_element (object, "object"))
        {
          g_autofree char *kind = adm_xml_get_string (object, "kind");
          g_autofree char *object_name = adm_xml_get_string (object, "name");
          xmlNode *mark;

          if (kind == NULL || !g_strv_contains (kinds, kind) || !is_display_name (object_name))
            continue;
          mark = xmlNewChild (copy, NULL, (const xmlChar *) "object", NULL);
          _adm_edit_set_prop (mark, "kind", kind);
          _adm_edit_set_prop (mark, "name", object_name);
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
          _adm_edit_set_prop (mark, "faction", faction);
          _adm_edit_set_prop (mark, "mines", mines);
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
      _adm_edit_set_prop (copy, "from", from);
      _adm_edit_set_prop (copy, "to", to);
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
        _adm_edit_set_prop (mark, "leads-to", to);
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
  _adm_edit_set_prop (root, "id", "sketch");
  _adm_edit_set_prop (root, "name", "Sketch");
  _adm_edit_set_prop (root, "ruleset", self->ruleset_id);
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
  if (!_adm_edit_set_document (self, data, length, error))
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
  _adm_edit_emit_changed (self, ADM_SCENARIO_EDIT_CHANGE_RELOAD, NULL);
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
