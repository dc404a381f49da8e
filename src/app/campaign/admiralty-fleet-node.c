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
  int                     symbol;      /* a faction's AdmFactionSymbol, else -1 */
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
  self->symbol = -1;
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
  AdmState *campaign_state = adm_campaign_get_state (campaign);
  /* The scenario's ship, or reinforcements the master added (adm-correction.h). */
  AdmShip *ship = adm_strategy_lookup_ship (adm_state_get_strategy (campaign_state), self->id);
  AdmShipState *state = adm_state_get_ship (campaign_state, self->id);
  const AdmReadinessGrade *grade;
  int hull_total, hull, readiness;

  /* Reinforcements an undo took back: the list is made anew with the formations. */
  if (ship == NULL)
    return;

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

/* Where the campaign has the formation now, and its flagship: "Komarr orbit · flagship
 * Prince Serg", or on the way between two sectors (F-STRAT-10). */
static char *
formation_subtitle (const AdmFormation *formation,
                    AdmCampaign        *campaign)
{
  AdmStrategy *strategy = adm_state_get_strategy (adm_campaign_get_state (campaign));
  const AdmFormationPosition *position = adm_strategy_get_position (strategy, formation->id);
  const AdmShip *flagship = formation->flagship;
  g_autofree char *place = NULL;

  if (position != NULL && position->flagship != NULL)
    flagship = position->flagship;
  if (position != NULL && position->towards != NULL)
    /* Translators: a formation crossing a link of the sector map, "Komarr orbit → Pol jump
     * point" */
    place = g_strdup_printf (_("%s → %s"), position->sector->name, position->towards->name);
  else if (position != NULL && position->sector != NULL)
    place = g_strdup (position->sector->name);
  else
    place = g_strdup (formation->sector != NULL ? formation->sector->name : "");
  if (flagship != NULL)
    /* Translators: a formation's sector, then its flagship:
     * "Komarr orbit · flagship Prince Serg" */
    return g_strdup_printf (_("%s · flagship %s"), place, flagship->name);
  return g_steal_pointer (&place);
}

static AdmiraltyFleetNode *
formation_node_new (const AdmFormation *formation,
                    AdmCampaign        *campaign)
{
  AdmiraltyFleetNode *node;

  node = fleet_node_new (ADMIRALTY_FLEET_NODE_FORMATION, formation->id, formation->name,
                         formation->faction->id);
  node->subtitle = formation_subtitle (formation, campaign);

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

/* The formations of @faction in being now: the administrative orders (F-STRAT-17) form,
 * detach, join and disband them. */
static GPtrArray *
formations_of (AdmCampaign      *campaign,
               const AdmFaction *faction)
{
  GPtrArray *all = adm_strategy_get_formations (adm_state_get_strategy (
                     adm_campaign_get_state (campaign)));
  GPtrArray *result = g_ptr_array_new ();

  for (guint i = 0; i < all->len; i++)
    {
      AdmFormation *formation = g_ptr_array_index (all, i);

      if (formation->faction == faction)
        g_ptr_array_add (result, formation);
    }
  return result;
}

/* Whether @node lists @formation's ships, in order, under its flagship. */
static gboolean
formation_node_matches (AdmiraltyFleetNode *node,
                        const AdmFormation *formation)
{
  GListModel *children = G_LIST_MODEL (node->children);

  if (g_strcmp0 (node->id, formation->id) != 0 ||
      g_list_model_get_n_items (children) != formation->ships->len)
    return FALSE;
  for (guint i = 0; i < formation->ships->len; i++)
    {
      g_autoptr(AdmiraltyFleetNode) child = g_list_model_get_item (children, i);
      const AdmShip *ship = g_ptr_array_index (formation->ships, i);

      if (g_strcmp0 (child->id, ship->id) != 0 || child->flagship != (ship == formation->flagship))
        return FALSE;
    }
  return TRUE;
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
      g_autoptr(GPtrArray) formations = formations_of (campaign, faction);
      g_autoptr(AdmiraltyFleetNode) node = NULL;

      node = fleet_node_new (ADMIRALTY_FLEET_NODE_FACTION, faction->id, faction->name,
                             faction->id);
      node->symbol = faction->symbol;
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

/* A faction's formations as the campaign has them now: rows kept where the formation is the
 * same, with their place and flagship brought up to date; rows replaced where orders changed
 * the formations. */
static void
fleet_model_refresh_faction (AdmiraltyFleetNode *faction_node,
                             AdmCampaign        *campaign)
{
  AdmScenario *scenario = adm_campaign_get_scenario (campaign);
  const AdmFaction *faction = adm_ruleset_lookup_faction (adm_scenario_get_ruleset (scenario),
                                                          faction_node->id);
  g_autoptr(GPtrArray) formations = formations_of (campaign, faction);
  GListModel *children = G_LIST_MODEL (faction_node->children);
  gboolean same = g_list_model_get_n_items (children) == formations->len;

  for (guint i = 0; same && i < formations->len; i++)
    {
      g_autoptr(AdmiraltyFleetNode) node = g_list_model_get_item (children, i);

      same = formation_node_matches (node, g_ptr_array_index (formations, i));
    }
  if (!same)
    {
      g_autoptr(GPtrArray) nodes = g_ptr_array_new_with_free_func (g_object_unref);

      for (guint i = 0; i < formations->len; i++)
        g_ptr_array_add (nodes, formation_node_new (g_ptr_array_index (formations, i), campaign));
      g_list_store_splice (faction_node->children, 0, g_list_model_get_n_items (children),
                           nodes->pdata, nodes->len);
      return;
    }
  for (guint i = 0; i < formations->len; i++)
    {
      g_autoptr(AdmiraltyFleetNode) node = g_list_model_get_item (children, i);
      g_autofree char *subtitle = formation_subtitle (g_ptr_array_index (formations, i),
                                                      campaign);

      if (g_strcmp0 (node->subtitle, subtitle) != 0)
        {
          g_free (node->subtitle);
          node->subtitle = g_steal_pointer (&subtitle);
          g_object_notify_by_pspec (G_OBJECT (node), properties[PROP_SUBTITLE]);
        }
      fleet_model_refresh_list (G_LIST_MODEL (node->children), campaign);
    }
}

void
admiralty_fleet_model_refresh (GListModel  *roots,
                               AdmCampaign *campaign)
{
  guint n;

  g_return_if_fail (G_IS_LIST_MODEL (roots));
  g_return_if_fail (ADM_IS_CAMPAIGN (campaign));

  n = g_list_model_get_n_items (roots);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(AdmiraltyFleetNode) node = g_list_model_get_item (roots, i);

      fleet_model_refresh_faction (node, campaign);
    }
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

int
admiralty_fleet_node_get_symbol (AdmiraltyFleetNode *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_FLEET_NODE (self), -1);

  return self->symbol;
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
