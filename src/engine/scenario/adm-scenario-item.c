/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-scenario-item.c: what a scenario's items share (see the header). */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "adm-scenario-private.h"
#include "adm-xml.h"

typedef struct {
  AdmScenarioEdit *edit;    /* unowned: the edit detaches its items before it goes */
  xmlNode         *node;    /* the element, or NULL when detached */
  GHashTable      *values;  /* name → value, as last read */
} AdmScenarioItemPrivate;

G_DEFINE_TYPE_WITH_PRIVATE (AdmScenarioItem, adm_scenario_item, G_TYPE_OBJECT)
G_DEFINE_QUARK (adm-scenario-item-error-quark, adm_scenario_item_error)

enum {
  PROP_0,
  PROP_ID,
  PROP_NAME,
  PROP_ATTACHED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
adm_scenario_item_finalize (GObject *object)
{
  AdmScenarioItemPrivate *priv =
    adm_scenario_item_get_instance_private (ADM_SCENARIO_ITEM (object));

  g_hash_table_unref (priv->values);

  G_OBJECT_CLASS (adm_scenario_item_parent_class)->finalize (object);
}

static void
adm_scenario_item_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  AdmScenarioItem *self = ADM_SCENARIO_ITEM (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_string (value, adm_scenario_item_get_id (self));
      break;
    case PROP_NAME:
      g_value_set_string (value, adm_scenario_item_get_name (self));
      break;
    case PROP_ATTACHED:
      g_value_set_boolean (value, adm_scenario_item_get_attached (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
adm_scenario_item_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  AdmScenarioItem *self = ADM_SCENARIO_ITEM (object);
  g_autoptr(GError) error = NULL;

  switch (prop_id)
    {
    case PROP_NAME:
      if (!adm_scenario_item_set_name (self, g_value_get_string (value), &error))
        g_warning ("%s", error->message);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
adm_scenario_item_class_init (AdmScenarioItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = adm_scenario_item_finalize;
  object_class->get_property = adm_scenario_item_get_property;
  object_class->set_property = adm_scenario_item_set_property;
  klass->element = "scenario";

  properties[PROP_ID] =
    g_param_spec_string ("id", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_ATTACHED] =
    g_param_spec_boolean ("attached", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
adm_scenario_item_init (AdmScenarioItem *self)
{
  AdmScenarioItemPrivate *priv = adm_scenario_item_get_instance_private (self);

  priv->values = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

static GHashTable *
read_values (AdmScenarioItem *self,
             xmlNode         *node)
{
  GHashTable *values = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  for (xmlAttr *attribute = node->properties; attribute != NULL; attribute = attribute->next)
    g_hash_table_insert (values, g_strdup ((const char *) attribute->name),
                         adm_xml_get_string (node, (const char *) attribute->name));
  if (ADM_SCENARIO_ITEM_GET_CLASS (self)->read != NULL)
    ADM_SCENARIO_ITEM_GET_CLASS (self)->read (self, node, values);
  return values;
}

/* Notifies @name's property, when the item has one of that name. */
static void
notify_value (AdmScenarioItem *self,
              const char      *name)
{
  GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (self), name);

  if (pspec != NULL)
    g_object_notify_by_pspec (G_OBJECT (self), pspec);
}

void
_adm_scenario_item_bind (AdmScenarioItem *self,
                         AdmScenarioEdit *edit,
                         xmlNode         *node)
{
  AdmScenarioItemPrivate *priv = adm_scenario_item_get_instance_private (self);
  gboolean was_attached = priv->node != NULL;
  g_autoptr(GHashTable) old = NULL;
  GHashTableIter iter;
  gpointer key, value;

  priv->edit = node != NULL ? edit : NULL;
  priv->node = node;
  if (node == NULL)
    {
      _adm_scenario_item_sync (self, NULL, NULL, FALSE);
      if (was_attached)
        g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ATTACHED]);
      return;
    }
  old = g_steal_pointer (&priv->values);
  priv->values = read_values (self, node);
  g_object_freeze_notify (G_OBJECT (self));
  g_hash_table_iter_init (&iter, priv->values);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (g_strcmp0 (value, g_hash_table_lookup (old, key)) != 0)
      notify_value (self, key);
  g_hash_table_iter_init (&iter, old);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (!g_hash_table_contains (priv->values, key))
      notify_value (self, key);
  if (!was_attached)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ATTACHED]);
  g_object_thaw_notify (G_OBJECT (self));
}

void
_adm_scenario_item_sync (AdmScenarioItem *self,
                         xmlNode         *node,
                         xmlNode         *changed,
                         gboolean         reload)
{
  if (ADM_SCENARIO_ITEM_GET_CLASS (self)->sync != NULL)
    ADM_SCENARIO_ITEM_GET_CLASS (self)->sync (self, node, changed, reload);
}

void
_adm_scenario_item_get_value_property (GObject    *object,
                                       guint       prop_id,
                                       GValue     *value,
                                       GParamSpec *pspec)
{
  AdmScenarioItem *self = ADM_SCENARIO_ITEM (object);
  const char *text = _adm_scenario_item_get_value (self, pspec->name);

  if (G_IS_PARAM_SPEC_STRING (pspec))
    g_value_set_string (value, text);
  else if (G_IS_PARAM_SPEC_INT (pspec))
    g_value_set_int (value, _adm_scenario_item_get_int (self, pspec->name,
                                                        G_PARAM_SPEC_INT (pspec)->default_value));
  else if (G_IS_PARAM_SPEC_DOUBLE (pspec))
    g_value_set_double (value, text != NULL ? g_ascii_strtod (text, NULL)
                                            : G_PARAM_SPEC_DOUBLE (pspec)->default_value);
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

xmlNode *
_adm_scenario_item_get_node (AdmScenarioItem *self)
{
  AdmScenarioItemPrivate *priv = adm_scenario_item_get_instance_private (self);

  return priv->node;
}

AdmScenarioEdit *
_adm_scenario_item_get_edit (AdmScenarioItem *self)
{
  AdmScenarioItemPrivate *priv = adm_scenario_item_get_instance_private (self);

  return priv->edit;
}

const char *
_adm_scenario_item_get_value (AdmScenarioItem *self,
                              const char      *name)
{
  AdmScenarioItemPrivate *priv = adm_scenario_item_get_instance_private (self);

  return g_hash_table_lookup (priv->values, name);
}

int
_adm_scenario_item_get_int (AdmScenarioItem *self,
                            const char      *name,
                            int              fallback)
{
  const char *text = _adm_scenario_item_get_value (self, name);
  gint64 number;

  if (text == NULL || !g_ascii_string_to_signed (text, 10, G_MININT, G_MAXINT, &number, NULL))
    return fallback;
  return (int) number;
}

gboolean
_adm_scenario_item_check (AdmScenarioItem  *self,
                          GError          **error)
{
  AdmScenarioItemPrivate *priv = adm_scenario_item_get_instance_private (self);
  g_autofree char *name = NULL;

  if (priv->node != NULL)
    return TRUE;
  name = g_strdup (adm_scenario_item_get_name (self));
  g_set_error (error, ADM_SCENARIO_ITEM_ERROR, ADM_SCENARIO_ITEM_ERROR_DETACHED,
               /* Translators: a change to something removed from the scenario (or whose adding
                * was undone), %s its name */
               _("“%s” is no longer in the scenario; nothing was changed"),
               name != NULL ? name : adm_scenario_item_get_id (self) != NULL
                                     ? adm_scenario_item_get_id (self) : "");
  return FALSE;
}

const char *
adm_scenario_item_get_id (AdmScenarioItem *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_ITEM (self), NULL);
  return _adm_scenario_item_get_value (self, "id");
}

xmlNode *
adm_scenario_item_get_element (AdmScenarioItem *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_ITEM (self), NULL);
  return _adm_scenario_item_get_node (self);
}

AdmScenarioItem *
adm_scenario_item_get_parent (AdmScenarioItem *self)
{
  xmlNode *node;

  g_return_val_if_fail (ADM_IS_SCENARIO_ITEM (self), NULL);

  node = _adm_scenario_item_get_node (self);
  if (node == NULL || node->parent == NULL || node->parent->type != XML_ELEMENT_NODE)
    return NULL;
  return adm_scenario_edit_find_item (_adm_scenario_item_get_edit (self), node->parent);
}

const char *
adm_scenario_item_get_name (AdmScenarioItem *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_ITEM (self), NULL);
  return _adm_scenario_item_get_value (self, "name");
}

gboolean
adm_scenario_item_get_attached (AdmScenarioItem *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_ITEM (self), FALSE);
  return _adm_scenario_item_get_node (self) != NULL;
}

gboolean
_adm_scenario_item_set_value (AdmScenarioItem  *self,
                              const char       *attribute,
                              const char       *value,
                              GError          **error)
{
  if (!_adm_scenario_item_check (self, error))
    return FALSE;
  if (ADM_SCENARIO_ITEM_GET_CLASS (self)->set_value != NULL)
    return ADM_SCENARIO_ITEM_GET_CLASS (self)->set_value (self, attribute, value, error);
  adm_scenario_edit_set (_adm_scenario_item_get_edit (self), _adm_scenario_item_get_node (self),
                         attribute, value);
  return TRUE;
}

AdmScenarioItem *
adm_scenario_item_duplicate (AdmScenarioItem *self)
{
  AdmScenarioEdit *edit;
  xmlNode *node;

  g_return_val_if_fail (ADM_IS_SCENARIO_ITEM (self), NULL);

  node = _adm_scenario_item_get_node (self);
  edit = _adm_scenario_item_get_edit (self);
  if (node == NULL || !(adm_xml_is (node, "ship") || adm_xml_is (node, "formation")))
    return NULL;
  return adm_scenario_edit_find_item (edit, adm_scenario_edit_duplicate (edit, node));
}

gboolean
adm_scenario_item_set_name (AdmScenarioItem  *self,
                            const char       *name,
                            GError          **error)
{
  g_autofree char *trimmed = NULL;

  g_return_val_if_fail (ADM_IS_SCENARIO_ITEM (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!_adm_scenario_item_check (self, error))
    return FALSE;
  trimmed = g_strstrip (g_strdup (name != NULL ? name : ""));
  if (trimmed[0] == '\0')
    {
      g_set_error (error, ADM_SCENARIO_ITEM_ERROR, ADM_SCENARIO_ITEM_ERROR_INVALID,
                   /* Translators: a name emptied in the scenario editor */
                   _("A name cannot be empty; the old one is kept"));
      return FALSE;
    }
  return _adm_scenario_item_set_value (self, "name", name, error);
}

gboolean
adm_scenario_item_set_id (AdmScenarioItem  *self,
                          const char       *id,
                          GError          **error)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_ITEM (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  if (!_adm_scenario_item_check (self, error))
    return FALSE;
  if (g_strcmp0 (adm_scenario_item_get_id (self), id) == 0)
    return TRUE;
  if (ADM_SCENARIO_ITEM_GET_CLASS (self)->set_value != NULL)
    return ADM_SCENARIO_ITEM_GET_CLASS (self)->set_value (self, "id", id, error);
  return adm_scenario_edit_set_id (_adm_scenario_item_get_edit (self),
                                   _adm_scenario_item_get_node (self), id, error);
}

gboolean
adm_scenario_item_remove (AdmScenarioItem  *self,
                          GError          **error)
{
  xmlNode *node;

  g_return_val_if_fail (ADM_IS_SCENARIO_ITEM (self), FALSE);

  if (!_adm_scenario_item_check (self, error))
    return FALSE;
  if (ADM_SCENARIO_ITEM_GET_CLASS (self)->remove != NULL)
    return ADM_SCENARIO_ITEM_GET_CLASS (self)->remove (self, error);
  node = _adm_scenario_item_get_node (self);
  if (node->parent == NULL || node->parent->type != XML_ELEMENT_NODE)
    {
      g_set_error (error, ADM_SCENARIO_ITEM_ERROR, ADM_SCENARIO_ITEM_ERROR_INVALID,
                   _("The scenario itself cannot be removed"));
      return FALSE;
    }
  adm_scenario_edit_remove (_adm_scenario_item_get_edit (self), node);
  return TRUE;
}

gboolean
_adm_scenario_item_check_figure (const char  *thing,
                                 const char  *figure,
                                 int          value,
                                 int          lowest,
                                 int          highest,
                                 GError     **error)
{
  if (value >= lowest && value <= highest)
    return TRUE;
  g_set_error (error, ADM_SCENARIO_ITEM_ERROR, ADM_SCENARIO_ITEM_ERROR_INVALID,
               /* Translators: a figure of the season refused, "The hull of ship class “Frigate”
                * cannot be -3: it is a whole number from 0 to 999; nothing was changed" */
               _("The %s of %s cannot be %d: it is a whole number from %d to %d; nothing was "
                 "changed"), figure, thing, value, lowest, highest);
  return FALSE;
}

gboolean
_adm_scenario_item_check_text (const char  *thing,
                               const char  *what,
                               const char  *text,
                               GError     **error)
{
  g_autofree char *trimmed = g_strstrip (g_strdup (text != NULL ? text : ""));

  if (trimmed[0] != '\0')
    return TRUE;
  g_set_error (error, ADM_SCENARIO_ITEM_ERROR, ADM_SCENARIO_ITEM_ERROR_INVALID,
               /* Translators: a value of the season emptied, "The category of ship class
                * “Frigate” cannot be empty; nothing was changed" */
               _("The %s of %s cannot be empty; nothing was changed"), what, thing);
  return FALSE;
}
