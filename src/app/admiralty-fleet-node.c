/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-fleet-node.c: the order-of-battle tree as list models of nodes. */

#include "config.h"

#include <glib/gi18n.h>

#include "admiralty-fleet-node.h"

struct _AdmiraltyFleetNode
{
  GObject                 parent_instance;

  AdmiraltyFleetNodeKind  kind;
  char                   *id;
  char                   *title;
  char                   *subtitle;
  char                   *faction_id;
  gboolean                flagship;
  int                     hull;
  int                     hull_total;
  int                     readiness;
  char                   *grade;
  GListStore             *children;
};

G_DEFINE_ENUM_TYPE (AdmiraltyFleetNodeKind, admiralty_fleet_node_kind,
  G_DEFINE_ENUM_VALUE (ADMIRALTY_FLEET_NODE_FACTION, "faction"),
  G_DEFINE_ENUM_VALUE (ADMIRALTY_FLEET_NODE_FORMATION, "formation"),
  G_DEFINE_ENUM_VALUE (ADMIRALTY_FLEET_NODE_SHIP, "ship"))

G_DEFINE_FINAL_TYPE (AdmiraltyFleetNode, admiralty_fleet_node, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_KIND,
  PROP_TITLE,
  PROP_SUBTITLE,
  PROP_FACTION_ID,
  PROP_FLAGSHIP,
  PROP_HULL,
  PROP_HULL_TOTAL,
  PROP_READINESS,
  PROP_GRADE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
admiralty_fleet_node_finalize (GObject *object)
{
  AdmiraltyFleetNode *self = (AdmiraltyFleetNode *)object;

  g_clear_pointer (&self->id, g_free);
  g_clear_pointer (&self->title, g_free);
  g_clear_pointer (&self->subtitle, g_free);
  g_clear_pointer (&self->faction_id, g_free);
  g_clear_pointer (&self->grade, g_free);
  g_clear_object (&self->children);

  G_OBJECT_CLASS (admiralty_fleet_node_parent_class)->finalize (object);
}

static void
admiralty_fleet_node_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  AdmiraltyFleetNode *self = ADMIRALTY_FLEET_NODE (object);

  switch (prop_id)
    {
    case PROP_KIND:
      g_value_set_enum (value, self->kind);
      break;
    case PROP_TITLE:
      g_value_set_string (value, self->title);
      break;
    case PROP_SUBTITLE:
      g_value_set_string (value, self->subtitle);
      break;
    case PROP_FACTION_ID:
      g_value_set_string (value, self->faction_id);
      break;
    case PROP_FLAGSHIP:
      g_value_set_boolean (value, self->flagship);
      break;
    case PROP_HULL:
      g_value_set_int (value, self->hull);
      break;
    case PROP_HULL_TOTAL:
      g_value_set_int (value, self->hull_total);
      break;
    case PROP_READINESS:
      g_value_set_int (value, self->readiness);
      break;
    case PROP_GRADE:
      g_value_set_string (value, self->grade);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
admiralty_fleet_node_class_init (AdmiraltyFleetNodeClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;

  object_class->finalize = admiralty_fleet_node_finalize;
  object_class->get_property = admiralty_fleet_node_get_property;

  properties[PROP_KIND] =
    g_param_spec_enum ("kind", NULL, NULL, ADMIRALTY_TYPE_FLEET_NODE_KIND,
                       ADMIRALTY_FLEET_NODE_FACTION, flags);
  properties[PROP_TITLE] = g_param_spec_string ("title", NULL, NULL, NULL, flags);
  properties[PROP_SUBTITLE] = g_param_spec_string ("subtitle", NULL, NULL, NULL, flags);
  properties[PROP_FACTION_ID] = g_param_spec_string ("faction-id", NULL, NULL, NULL, flags);
  properties[PROP_FLAGSHIP] = g_param_spec_boolean ("flagship", NULL, NULL, FALSE, flags);
  properties[PROP_HULL] = g_param_spec_int ("hull", NULL, NULL, G_MININT, G_MAXINT, 0, flags);
  properties[PROP_HULL_TOTAL] =
    g_param_spec_int ("hull-total", NULL, NULL, 0, G_MAXINT, 0, flags);
  properties[PROP_READINESS] =
    g_param_spec_int ("readiness", NULL, NULL, G_MININT, G_MAXINT, 0, flags);
  properties[PROP_GRADE] = g_param_spec_string ("grade", NULL, NULL, NULL, flags);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
admiralty_fleet_node_init (AdmiraltyFleetNode *self)
{
}

static AdmiraltyFleetNode *
fleet_node_new (AdmiraltyFleetNodeKind  kind,
                const char             *id,
                const char             *title,
                const char             *faction_id)
{
  AdmiraltyFleetNode *self = g_object_new (ADMIRALTY_TYPE_FLEET_NODE, NULL);

  self->kind = kind;
  self->id = g_strdup (id);
  self->title = g_strdup (title);
  self->faction_id = g_strdup (faction_id);
  if (kind != ADMIRALTY_FLEET_NODE_SHIP)
    self->children = g_list_store_new (ADMIRALTY_TYPE_FLEET_NODE);

  return self;
}

#define SET_INT(field, prop) \
  G_STMT_START { \
    if (self->field != field) \
      { \
        self->field = field; \
        g_object_notify_by_pspec (G_OBJECT (self), properties[prop]); \
      } \
  } G_STMT_END

/* Copies the ship's hull and readiness from the state; the hull left is the class's hull
 * less the damage taken. */
static void
fleet_node_update_ship (AdmiraltyFleetNode *self,
                        AdmCampaign        *campaign)
{
  AdmScenario *scenario = adm_campaign_get_scenario (campaign);
  AdmShip *ship = adm_scenario_lookup_ship (scenario, self->id);
  AdmShipState *state = adm_state_get_ship (adm_campaign_get_state (campaign), self->id);
  const AdmReadinessGrade *grade;
  int hull_total, hull, readiness;

  g_return_if_fail (ship != NULL);

  hull_total = ship->klass->hull;
  hull = state != NULL ? MAX (hull_total - state->damage, 0) : hull_total;
  readiness = state != NULL ? state->readiness : ship->readiness;
  grade = adm_ruleset_readiness_grade (adm_campaign_get_ruleset (campaign), readiness);

  SET_INT (hull_total, PROP_HULL_TOTAL);
  SET_INT (hull, PROP_HULL);
  SET_INT (readiness, PROP_READINESS);

  if (g_strcmp0 (self->grade, grade != NULL ? grade->name : NULL) != 0)
    {
      g_free (self->grade);
      self->grade = g_strdup (grade != NULL ? grade->name : NULL);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GRADE]);
    }
}

#undef SET_INT

static AdmiraltyFleetNode *
formation_node_new (AdmFormation *formation,
                    AdmCampaign  *campaign)
{
  AdmiraltyFleetNode *node;

  node = fleet_node_new (ADMIRALTY_FLEET_NODE_FORMATION, formation->id, formation->name,
                         formation->faction->id);
  if (formation->flagship != NULL)
    /* Translators: a formation's sector, then its flagship:
     * "Komarr orbit · flagship Prince Serg" */
    node->subtitle = g_strdup_printf (_("%s · flagship %s"),
                                      formation->sector->name, formation->flagship->name);
  else
    node->subtitle = g_strdup (formation->sector->name);

  for (guint i = 0; i < formation->ships->len; i++)
    {
      AdmShip *ship = g_ptr_array_index (formation->ships, i);
      g_autoptr(AdmiraltyFleetNode) child = NULL;

      child = fleet_node_new (ADMIRALTY_FLEET_NODE_SHIP, ship->id, ship->name,
                              formation->faction->id);
      child->subtitle = g_strdup (ship->klass->name);
      child->flagship = (ship == formation->flagship);
      fleet_node_update_ship (child, campaign);
      g_list_store_append (node->children, child);
    }

  return node;
}

GListModel *
admiralty_fleet_model_new (AdmCampaign *campaign)
{
  AdmScenario *scenario;
  GPtrArray *factions;
  GListStore *roots;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), NULL);

  scenario = adm_campaign_get_scenario (campaign);
  factions = adm_scenario_get_factions (scenario);
  roots = g_list_store_new (ADMIRALTY_TYPE_FLEET_NODE);

  for (guint i = 0; i < factions->len; i++)
    {
      const AdmFaction *faction = g_ptr_array_index (factions, i);
      g_autoptr(GPtrArray) formations = adm_scenario_formations_of (scenario, faction);
      g_autoptr(AdmiraltyFleetNode) node = NULL;

      node = fleet_node_new (ADMIRALTY_FLEET_NODE_FACTION, faction->id, faction->name,
                             faction->id);
      for (guint j = 0; j < formations->len; j++)
        {
          g_autoptr(AdmiraltyFleetNode) child = NULL;

          child = formation_node_new (g_ptr_array_index (formations, j), campaign);
          g_list_store_append (node->children, child);
        }
      g_list_store_append (roots, node);
    }

  return G_LIST_MODEL (roots);
}

static void
fleet_model_refresh_list (GListModel  *list,
                          AdmCampaign *campaign)
{
  guint n = g_list_model_get_n_items (list);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(AdmiraltyFleetNode) node = g_list_model_get_item (list, i);

      if (node->kind == ADMIRALTY_FLEET_NODE_SHIP)
        fleet_node_update_ship (node, campaign);
      else
        fleet_model_refresh_list (G_LIST_MODEL (node->children), campaign);
    }
}

void
admiralty_fleet_model_refresh (GListModel  *roots,
                               AdmCampaign *campaign)
{
  g_return_if_fail (G_IS_LIST_MODEL (roots));
  g_return_if_fail (ADM_IS_CAMPAIGN (campaign));

  fleet_model_refresh_list (roots, campaign);
}

AdmiraltyFleetNodeKind
admiralty_fleet_node_get_kind (AdmiraltyFleetNode *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_FLEET_NODE (self), ADMIRALTY_FLEET_NODE_FACTION);

  return self->kind;
}

const char *
admiralty_fleet_node_get_id (AdmiraltyFleetNode *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_FLEET_NODE (self), NULL);

  return self->id;
}

const char *
admiralty_fleet_node_get_title (AdmiraltyFleetNode *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_FLEET_NODE (self), NULL);

  return self->title;
}

const char *
admiralty_fleet_node_get_subtitle (AdmiraltyFleetNode *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_FLEET_NODE (self), NULL);

  return self->subtitle;
}

const char *
admiralty_fleet_node_get_faction_id (AdmiraltyFleetNode *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_FLEET_NODE (self), NULL);

  return self->faction_id;
}

gboolean
admiralty_fleet_node_get_flagship (AdmiraltyFleetNode *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_FLEET_NODE (self), FALSE);

  return self->flagship;
}

int
admiralty_fleet_node_get_hull (AdmiraltyFleetNode *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_FLEET_NODE (self), 0);

  return self->hull;
}

int
admiralty_fleet_node_get_hull_total (AdmiraltyFleetNode *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_FLEET_NODE (self), 0);

  return self->hull_total;
}

int
admiralty_fleet_node_get_readiness (AdmiraltyFleetNode *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_FLEET_NODE (self), 0);

  return self->readiness;
}

const char *
admiralty_fleet_node_get_grade (AdmiraltyFleetNode *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_FLEET_NODE (self), NULL);

  return self->grade;
}

GListModel *
admiralty_fleet_node_get_children (AdmiraltyFleetNode *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_FLEET_NODE (self), NULL);

  return self->children != NULL ? G_LIST_MODEL (self->children) : NULL;
}
