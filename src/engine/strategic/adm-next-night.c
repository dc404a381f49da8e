/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-next-night.c: the next night's scenario made from a campaign as its war stands
 * (adm-next-night.h). */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <libxml/tree.h>

#include "adm-campaign-file.h"
#include "adm-engagement-queue.h"
#include "adm-engagement.h"
#include "adm-file.h"
#include "adm-id.h"
#include "adm-next-night.h"
#include "adm-xml.h"

G_DEFINE_QUARK (adm-next-night-error-quark, adm_next_night_error)

gboolean
adm_next_night_check (AdmCampaign  *campaign,
                      GError      **error)
{
  AdmState *state;
  g_autoptr(GPtrArray) unfought = NULL;
  const AdmQueuedEngagement *first;
  g_autoptr(GPtrArray) rest = NULL;
  g_autofree char *place = NULL, *status = NULL, *ids = NULL, *more = NULL;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), FALSE);

  state = adm_campaign_get_state (campaign);
  /* F-GEN-5: until the muster's start the pools' ships are in no formation. */
  if (adm_muster_in_progress (adm_state_get_muster (state)))
    {
      g_set_error (error, ADM_NEXT_NIGHT_ERROR, ADM_NEXT_NIGHT_ERROR_MUSTER,
                   _("the muster before cycle 1 is not over: start cycle 1 first, or give "
                     "the admirals their pools again from the scenario itself"));
      return FALSE;
    }
  /* F-STRAT-4: a battle begun is fought to its end; the war's state waits for its results. */
  unfought = adm_campaign_get_unfought (campaign);
  if (unfought->len == 0)
    return TRUE;
  first = g_ptr_array_index (unfought, 0);
  place = adm_engagement_place_name (&first->engagement);
  rest = g_ptr_array_new ();
  for (guint i = 1; i < unfought->len; i++)
    g_ptr_array_add (rest, g_ptr_array_index (unfought, i));
  /* Translators: what follows an engagement not fought to its end when there are more,
   * ", nor are c1-2, c1-3" */
  ids = adm_engagements_list_ids (rest);
  more = rest->len > 0 ? g_strdup_printf (_(", nor are %s"), ids) : g_strdup ("");
  if (first->table != NULL)
    /* Translators: "engagement c2-1 at Hegen Hub is at the table “Table 2”, not fought to its
     * end, nor are c2-3; …" */
    g_set_error (error, ADM_NEXT_NIGHT_ERROR, ADM_NEXT_NIGHT_ERROR_UNFOUGHT,
                 _("engagement %s at %s is at the table “%s”, not fought to its end%s; let "
                   "the table end its battle, or take it back and end it, then make the next "
                   "night's scenario"), first->id, place, first->table, more);
  else
    {
      status = adm_queued_engagement_describe_status (first);
      /* Translators: "engagement c2-1 at Hegen Hub is not fought to its end (Turn 2 ·
       * Movement), nor are c2-3; …" */
      g_set_error (error, ADM_NEXT_NIGHT_ERROR, ADM_NEXT_NIGHT_ERROR_UNFOUGHT,
                   _("engagement %s at %s is not fought to its end (%s)%s; fight each battle "
                     "or end it where it stands, then make the next night's scenario"),
                   first->id, place, status, more);
    }
  return FALSE;
}

/* Removes the text nodes of white space only from @node's subtree: the copy is laid out
 * again by the writer, at its new depth. */
static void
strip_blanks (xmlNode *node)
{
  xmlNode *child = node->children;

  while (child != NULL)
    {
      xmlNode *next = child->next;

      if (child->type == XML_TEXT_NODE && xmlIsBlankNode (child))
        {
          xmlUnlinkNode (child);
          xmlFreeNode (child);
        }
      else if (child->type == XML_ELEMENT_NODE)
        strip_blanks (child);
      child = next;
    }
}

static xmlNode *
add_copy (xmlNode *parent,
          xmlNode *node)
{
  xmlNode *copy = xmlDocCopyNode (node, parent->doc, 1);

  if (copy == NULL)
    g_error ("Out of memory copying <%s>", (const char *) node->name);
  strip_blanks (copy);
  return xmlAddChild (parent, copy);
}

static void
set_prop (xmlNode    *node,
          const char *name,
          const char *value)
{
  xmlSetProp (node, BAD_CAST name, BAD_CAST value);
}

static void
set_int_prop (xmlNode    *node,
              const char *name,
              int         value)
{
  char text[16];

  g_snprintf (text, sizeof text, "%d", value);
  set_prop (node, name, text);
}

/* The map as the war left its places: a station held by the faction the master's corrections
 * gave it, with the hull points they say it has lost (F-STN-1), one destroyed a named mark;
 * the mines lying in each sector by faction (F-MINE-10, F-MINE-13), the scenario's and those
 * laid since, less what sweeps and the master's clearing took — at most
 * ADM_MINEFIELD_MAX_MINES a faction, the most a scenario's minefield holds. */
static void
add_map (xmlNode     *root,
         xmlNode     *map,
         AdmScenario *scenario,
         AdmState    *state)
{
  xmlNode *copy = add_copy (root, map);
  GPtrArray *factions = adm_scenario_get_factions (scenario);

  for (xmlNode *sector = adm_xml_first_element (copy, "sector"); sector != NULL;
       sector = adm_xml_next_element (sector, "sector"))
    {
      g_autofree char *sector_id = adm_xml_get_string (sector, "id");
      g_autoptr(GHashTable) mines = g_hash_table_new (NULL, NULL);
      xmlNode *child = sector->children;

      adm_engagement_sector_mines (state, adm_scenario_lookup_sector (scenario, sector_id),
                                   mines);
      while (child != NULL)
        {
          xmlNode *next = child->next;

          if (adm_xml_is (child, "minefield"))
            {
              xmlUnlinkNode (child);
              xmlFreeNode (child);
            }
          else if (adm_xml_is (child, "object") && xmlHasProp (child, BAD_CAST "faction"))
            {
              g_autofree char *name = adm_xml_get_string (child, "name");
              const AdmStationState *station = adm_state_get_station (state, sector_id, name);

              if (station != NULL && station->destroyed)
                {
                  xmlUnsetProp (child, BAD_CAST "faction");
                  xmlUnsetProp (child, BAD_CAST "class");
                  xmlUnsetProp (child, BAD_CAST "readiness");
                  xmlUnsetProp (child, BAD_CAST "damage");
                }
              else if (station != NULL)
                {
                  if (station->owner != NULL)
                    set_prop (child, "faction", station->owner->id);
                  if (station->damage > 0)
                    set_int_prop (child, "damage", station->damage);
                  else
                    xmlUnsetProp (child, BAD_CAST "damage");
                }
            }
          child = next;
        }
      for (guint f = 0; f < factions->len; f++)
        {
          const AdmFaction *faction = g_ptr_array_index (factions, f);
          guint n = GPOINTER_TO_UINT (g_hash_table_lookup (mines, faction));
          xmlNode *minefield;

          if (n == 0)
            continue;
          minefield = xmlNewChild (sector, NULL, BAD_CAST "minefield", NULL);
          set_prop (minefield, "faction", faction->id);
          set_int_prop (minefield, "mines", (int) MIN (n, ADM_MINEFIELD_MAX_MINES));
        }
    }
}

/* "5 7 7": @counts (by 2d6 result) as a ship's criticals attribute; NULL for none. */
static char *
criticals_text (const int *counts)
{
  GString *text = g_string_new (NULL);

  for (int result = 2; result < ADM_SHIP_CRITICAL_RESULTS; result++)
    for (int n = 0; n < counts[result]; n++)
      g_string_append_printf (text, "%s%d", text->len > 0 ? " " : "", result);
  if (text->len == 0)
    {
      g_string_free (text, TRUE);
      return NULL;
    }
  return g_string_free (text, FALSE);
}

static gboolean
afloat (AdmState      *state,
        const AdmShip *ship)
{
  const AdmShipState *ship_state = adm_state_get_ship (state, ship->id);

  return ship_state == NULL || ship_state->fate == ADM_SHIP_FATE_AFLOAT;
}

/* A formation in being as the war left it; nothing when no ship of it is afloat. */
static void
add_formation (xmlNode            *root,
               AdmState           *state,
               const AdmFormation *formation)
{
  AdmStrategy *strategy = adm_state_get_strategy (state);
  const AdmFormationPosition *pos = adm_strategy_get_position (strategy, formation->id);
  const AdmSector *sector = pos != NULL && pos->sector != NULL ? pos->sector : formation->sector;
  const AdmShip *flagship = pos != NULL && pos->flagship != NULL ? pos->flagship
                                                                 : formation->flagship;
  g_autoptr(GPtrArray) ships = g_ptr_array_new ();
  g_autoptr(GString) succession = g_string_new (NULL);
  xmlNode *node;

  for (guint i = 0; i < formation->ships->len; i++)
    if (afloat (state, g_ptr_array_index (formation->ships, i)))
      g_ptr_array_add (ships, g_ptr_array_index (formation->ships, i));
  if (ships->len == 0)
    return;
  /* F-FORM-4: the flagship is a ship of the formation afloat. */
  if (flagship == NULL || !g_ptr_array_find (ships, flagship, NULL))
    flagship = g_ptr_array_index (ships, 0);

  node = xmlNewChild (root, NULL, BAD_CAST "formation", NULL);
  set_prop (node, "id", formation->id);
  set_prop (node, "name", formation->name);
  set_prop (node, "faction", formation->faction->id);
  set_prop (node, "sector", sector->id);
  set_prop (node, "flagship", flagship->id);
  if (formation->admiral != NULL)
    set_prop (node, "admiral", formation->admiral->id);
  /* F-STRAT-3: hidden while the public does not know of it — one a side only met stays
   * hidden from the others. */
  if (!adm_strategy_formation_visible (strategy, formation, NULL))
    set_prop (node, "hidden", "true");
  for (guint i = 0; i < ships->len; i++)
    {
      const AdmShip *ship = g_ptr_array_index (ships, i);
      const AdmShipState *ship_state = adm_state_get_ship (state, ship->id);
      xmlNode *child = xmlNewChild (node, NULL, BAD_CAST "ship", NULL);
      g_autofree char *criticals = NULL;

      set_prop (child, "id", ship->id);
      set_prop (child, "name", ship->name);
      set_prop (child, "class", ship->klass->id);
      set_int_prop (child, "readiness",
                    ship_state != NULL ? ship_state->readiness : ship->readiness);
      if (ship_state == NULL)
        continue;
      if (ship_state->damage > 0)
        set_int_prop (child, "damage", ship_state->damage);
      criticals = criticals_text (ship_state->criticals);
      if (criticals != NULL)
        set_prop (child, "criticals", criticals);
    }
  /* F-FORM-5: the succession of the ships left, the flagship out of it. */
  for (guint i = 0; formation->succession != NULL && i < formation->succession->len; i++)
    {
      const AdmShip *ship = g_ptr_array_index (formation->succession, i);

      if (ship != flagship && g_ptr_array_find (ships, ship, NULL))
        g_string_append_printf (succession, "%s%s", succession->len > 0 ? " " : "", ship->id);
    }
  if (succession->len > 0)
    set_prop (xmlNewChild (node, NULL, BAD_CAST "succession", NULL), "ships", succession->str);
}

/* F-FORM-6: every admiral in the game, and one who left it while a formation still names
 * him. */
static void
add_admirals (xmlNode     *root,
              AdmCampaign *campaign,
              GPtrArray   *formations)
{
  AdmStrategy *strategy = adm_state_get_strategy (adm_campaign_get_state (campaign));
  GPtrArray *admirals = adm_campaign_get_admirals (campaign);

  for (guint i = 0; i < admirals->len; i++)
    {
      const AdmAdmiral *admiral = g_ptr_array_index (admirals, i);
      gboolean named = FALSE;
      xmlNode *node;

      for (guint f = 0; !named && f < formations->len; f++)
        named = ((const AdmFormation *) g_ptr_array_index (formations, f))->admiral == admiral;
      if (!named && adm_strategy_admiral_retired (strategy, admiral->id))
        continue;
      node = xmlNewChild (root, NULL, BAD_CAST "admiral", NULL);
      set_prop (node, "id", admiral->id);
      set_prop (node, "name", admiral->name);
      set_prop (node, "faction", admiral->faction->id);
    }
}

static char *
scenario_name (AdmCampaign *campaign)
{
  AdmStrategy *strategy = adm_state_get_strategy (adm_campaign_get_state (campaign));
  const char *name = adm_scenario_get_name (adm_campaign_get_scenario (campaign));
  guint resolved = adm_strategy_get_cycle (strategy) - 1;

  if (resolved == 0)
    /* Translators: the next night's scenario of a campaign no cycle of which is resolved:
     * "The Komarr Campaign, again" */
    return g_strdup_printf (_("%s, again"), name);
  /* Translators: the next night's scenario: "The Komarr Campaign, after cycle 7" */
  return g_strdup_printf (_("%s, after cycle %u"), name, resolved);
}

char *
adm_next_night_build (AdmCampaign  *campaign,
                      const char   *display_name,
                      gsize        *length,
                      GError      **error)
{
  AdmScenario *scenario;
  AdmState *state;
  AdmRuleset *ruleset;
  GPtrArray *formations;
  g_autoptr(xmlDoc) doc = NULL;
  g_autoptr(AdmScenario) loaded = NULL;
  g_autofree char *name = NULL, *id = NULL;
  xmlNode *source, *root, *map = NULL;
  xmlChar *buffer = NULL;
  int size = 0;
  char *text;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), NULL);
  g_return_val_if_fail (display_name != NULL, NULL);

  if (!adm_next_night_check (campaign, error))
    return NULL;
  scenario = adm_campaign_get_scenario (campaign);
  state = adm_campaign_get_state (campaign);
  ruleset = adm_campaign_get_ruleset (campaign);
  formations = adm_strategy_get_formations (adm_state_get_strategy (state));
  source = adm_scenario_get_node (scenario);

  doc = xmlNewDoc (BAD_CAST "1.0");
  root = xmlNewDocNode (doc, NULL, BAD_CAST "scenario", NULL);
  xmlDocSetRootElement (doc, root);
  name = scenario_name (campaign);
  id = adm_id_from_name (name);
  set_prop (root, "id", id[0] != '\0' ? id : "scenario");
  set_prop (root, "name", name);
  set_prop (root, "ruleset", adm_ruleset_get_id (ruleset));

  /* scenario.rng's order: description, rulings, admirals, alliances, map, formations, season. */
  for (xmlNode *child = adm_xml_first_element (source, NULL); child != NULL;
       child = adm_xml_next_element (child, NULL))
    if (adm_xml_is (child, "description") || adm_xml_is (child, "rulings"))
      add_copy (root, child);
  add_admirals (root, campaign, formations);
  for (xmlNode *child = adm_xml_first_element (source, NULL); child != NULL;
       child = adm_xml_next_element (child, NULL))
    if (adm_xml_is (child, "alliance"))
      add_copy (root, child);
    else if (adm_xml_is (child, "map"))
      map = child;
  if (map != NULL)
    add_map (root, map, scenario, state);
  for (guint i = 0; i < formations->len; i++)
    add_formation (root, state, g_ptr_array_index (formations, i));
  /* The rules the campaign is played by, its own season or the installed ruleset's. */
  add_copy (root, adm_ruleset_get_season (ruleset));

  xmlDocDumpFormatMemoryEnc (doc, &buffer, &size, "UTF-8", 1);
  if (buffer == NULL)
    g_error ("Out of memory writing the next night's scenario");
  text = g_strndup ((const char *) buffer, (gsize) size);
  xmlFree (buffer);

  /* Loaded as the scenario editor and a new campaign will open it: a war that gives no
   * scenario (every formation lost) is said as the loader says it. */
  loaded = adm_scenario_load_data (text, (gsize) size, display_name, error);
  if (loaded == NULL)
    {
      g_free (text);
      return NULL;
    }
  if (length != NULL)
    *length = (gsize) size;
  return text;
}

gboolean
adm_next_night_save (AdmCampaign  *campaign,
                     const char   *path,
                     gboolean      replace,
                     GError      **error)
{
  const char *campaign_path;
  g_autofree char *display = NULL, *text = NULL, *root = NULL;
  g_autoptr(GError) local_error = NULL;
  gsize length = 0;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  display = g_filename_display_name (path);
  campaign_path = adm_campaign_get_path (campaign);
  if (campaign_path != NULL && adm_file_is_same (path, campaign_path))
    {
      g_set_error (error, ADM_NEXT_NIGHT_ERROR, ADM_NEXT_NIGHT_ERROR_CAMPAIGN,
                   _("%s is the campaign itself, which is kept as it is; give the next "
                     "night's scenario another name"), display);
      return FALSE;
    }
  /* Another campaign is a war of its own: a slip in a chooser never ends it. */
  root = adm_xml_peek_root (path);
  if (g_strcmp0 (root, "campaign") == 0)
    {
      g_set_error (error, ADM_NEXT_NIGHT_ERROR, ADM_NEXT_NIGHT_ERROR_CAMPAIGN,
                   _("%s is a campaign, which is kept as it is; give the next night's "
                     "scenario another name"), display);
      return FALSE;
    }
  if (!replace && g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_set_error (error, ADM_NEXT_NIGHT_ERROR, ADM_NEXT_NIGHT_ERROR_EXISTS,
                   _("%s already exists; give the next night's scenario another name"),
                   display);
      return FALSE;
    }
  if ((text = adm_next_night_build (campaign, display, &length, error)) == NULL)
    return FALSE;
  if (!adm_file_check_writable (path, &local_error) ||
      !adm_file_write_replacing (path, text, length, &local_error))
    {
      g_set_error (error, local_error->domain, local_error->code, _("Cannot write %s: %s"),
                   display, local_error->message);
      return FALSE;
    }
  return TRUE;
}
