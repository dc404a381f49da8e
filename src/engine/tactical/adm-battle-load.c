/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-battle-load.c: a battle from its set-up — the <battle> element of a battle file or of a
 * saved battle's head: rulings, sides, ships, formations, detection, markers and wormhole
 * exits read and checked (names interned once, display names translated), every position
 * on the table, and the initial state kept for the journal's replays.
 *
 * F-TAC-1: the master lays out the tactical map; a battle file is that layout. */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "adm-battle-private.h"
#include "adm-sector-battle.h"
#include "adm-xml.h"

/* The ship ids of the battle as loaded, to their indices (ships never change index). An id
 * given twice is found at its last ship. */
static void
ship_ids_build (AdmBattle *self)
{
  g_clear_pointer (&self->ship_ids, g_hash_table_unref);
  self->ship_ids = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint s = 0; s < self->state->ships->len; s++)
    {
      const char *id = g_array_index (self->state->ships, AdmBattleShip, s).id;

      if (id != NULL)
        g_hash_table_insert (self->ship_ids, (gpointer) id, GUINT_TO_POINTER (s));
    }
}

static const char *
intern (AdmBattle  *self,
        xmlNode    *node,
        const char *name)
{
  g_autofree char *value = adm_xml_get_string (node, name);

  return value != NULL ? g_string_chunk_insert_const (self->strings, value) : NULL;
}

/* A display name from the file (side, admiral, formation, ship): English there, translated
 * when the catalogue has it (po/its/admiralty.its extracts the same attributes). Ids are keys
 * and go through intern() untranslated. */
static const char *
intern_translated (AdmBattle  *self,
                   xmlNode    *node,
                   const char *name)
{
  g_autofree char *value = adm_xml_get_string (node, name);

  if (value == NULL)
    return NULL;
  if (value[0] == '\0')
    return g_string_chunk_insert_const (self->strings, value);
  return g_string_chunk_insert_const (self->strings, g_dgettext (GETTEXT_PACKAGE, value));
}

static gboolean
load_rulings (AdmBattle  *self,
              xmlNode    *root,
              GError    **error)
{
  xmlNode *section = adm_xml_first_element (root, "rulings");

  if (section == NULL)
    return TRUE;
  for (xmlNode *node = adm_xml_first_element (section, "ruling"); node != NULL;
       node = adm_xml_next_element (node, "ruling"))
    {
      g_autofree char *id = adm_xml_get_string (node, "id");
      g_autofree char *value = adm_xml_get_string (node, "value");
      g_autoptr(GError) local_error = NULL;

      if (!adm_ruleset_set_ruling (self->ruleset, id, value, &local_error))
        {
          adm_xml_set_error (error, self->file, node, "%s", local_error->message);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
load_ship (AdmBattle   *self,
           xmlNode     *node,
           guint        side,
           guint        formation,
           GHashTable  *ids,
           GError     **error)
{
  AdmBattleShip ship = { 0 };
  g_autofree char *klass = adm_xml_get_string (node, "class");
  g_autofree char *faction = adm_xml_get_string (node, "faction");
  double moving = 0;

  ship.id = intern (self, node, "id");
  ship.name = intern_translated (self, node, "name");
  ship.klass = adm_ruleset_lookup_class (self->ruleset, klass);
  ship.formation = formation;
  ship.side = side;
  if (ship.klass == NULL)
    {
      adm_xml_set_error (error, self->file, node,
                         _("ship “%s” is of class “%s”, which ruleset “%s” does not have"),
                         ship.name, klass, adm_ruleset_get_id (self->ruleset));
      return FALSE;
    }
  if (g_hash_table_contains (ids, ship.id))
    {
      adm_xml_set_error (error, self->file, node, _("two ships have the id “%s”"), ship.id);
      return FALSE;
    }
  /* F-BOARD-7, F-BOARD-8: the crew's faction gives its boarding bonus. */
  ship.faction = faction != NULL ? adm_ruleset_lookup_faction (self->ruleset, faction) : NULL;
  if (faction != NULL && ship.faction == NULL)
    {
      adm_xml_set_error (error, self->file, node,
                         _("ship “%s” is of faction “%s”, which ruleset “%s” does not have"),
                         ship.name, faction, adm_ruleset_get_id (self->ruleset));
      return FALSE;
    }
  if (!adm_xml_get_double (node, "x", TRUE, 0, &ship.position.x, self->file, error) ||
      !adm_xml_get_double (node, "y", TRUE, 0, &ship.position.y, self->file, error) ||
      !adm_xml_get_double (node, "heading", TRUE, 0, &ship.heading, self->file, error) ||
      !adm_xml_get_int (node, "readiness", TRUE, 0, &ship.base_readiness, self->file, error) ||
      !adm_xml_get_int (node, "damage", FALSE, 0, &ship.damage, self->file, error) ||
      !adm_xml_get_double (node, "moving", FALSE, 0, &moving, self->file, error))
    return FALSE;
  if (ship.damage >= ship.klass->hull)
    {
      adm_xml_set_error (error, self->file, node,
                         _("ship “%s” starts with %d damage but has only %d hull points"),
                         ship.name, ship.damage, ship.klass->hull);
      return FALSE;
    }
  if (ship.klass->weapons->len > 32)
    {
      adm_xml_set_error (error, self->file, node,
                         _("class “%s” has more than 32 weapons"), ship.klass->id);
      return FALSE;
    }
  /* F-CRIT-20: critical results still unrepaired from an earlier battle of the campaign. */
  {
    g_autofree char *criticals = adm_xml_get_string (node, "criticals");
    g_auto(GStrv) results = g_strsplit (criticals != NULL ? criticals : "", " ", -1);

    for (guint r = 0; results[r] != NULL; r++)
      {
        guint64 result;

        if (results[r][0] == '\0')
          continue;
        if (!g_ascii_string_to_unsigned (results[r], 10, 2, 12, &result, NULL) || r >= 100)
          {
            adm_xml_set_error (error, self->file, node,
                               _("ship “%s” lists critical result “%s”; results are 2 to 12 "
                                 "(F-CRIT-20)"), ship.name, results[r]);
            return FALSE;
          }
        ship.criticals[result]++;
      }
  }
  ship.heading = adm_heading_normalise (ship.heading);
  ship.last_move = moving;
  ship.moved_last_turn = moving > 0;
  ship.captured_by = -1;
  ship.original_side = side;
  ship.orbit = -1;
  g_hash_table_insert (ids, (gpointer) ship.id, GUINT_TO_POINTER (self->state->ships->len + 1));
  g_array_append_val (self->state->ships, ship);
  return TRUE;
}

static gboolean
resolve_ship_list (AdmBattle   *self,
                   xmlNode     *node,
                   const char  *attribute,
                   GHashTable  *ids,
                   guint        formation,
                   GArray      *out,
                   GError     **error)
{
  g_autofree char *text = adm_xml_get_string (node, attribute);
  g_auto(GStrv) list = g_strsplit_set (text != NULL ? text : "", " \t\n", -1);

  for (guint i = 0; list[i] != NULL; i++)
    {
      guint index;

      if (list[i][0] == '\0')
        continue;
      index = GPOINTER_TO_UINT (g_hash_table_lookup (ids, list[i]));
      if (index == 0 ||
          g_array_index (self->state->ships, AdmBattleShip, index - 1).formation != formation)
        {
          adm_xml_set_error (error, self->file, node,
                             _("the %s “%s” is not a ship of this formation"),
                             attribute, list[i]);
          return FALSE;
        }
      index--;
      g_array_append_val (out, index);
    }
  return TRUE;
}

static gboolean
load_formation (AdmBattle   *self,
                xmlNode     *node,
                guint        side,
                GHashTable  *ids,
                GHashTable  *formation_ids,
                GError     **error)
{
  AdmBattleFormation formation = { 0 };
  guint index = self->state->formations->len;
  GArray *ships = g_array_new (FALSE, FALSE, sizeof (guint));
  GArray *succession = g_array_new (FALSE, FALSE, sizeof (guint));
  GArray *flagship = g_array_new (FALSE, FALSE, sizeof (guint));

  g_ptr_array_add (self->formation_lists, ships);
  g_ptr_array_add (self->formation_lists, succession);
  g_ptr_array_add (self->formation_lists, flagship);

  formation.id = intern (self, node, "id");
  formation.name = intern_translated (self, node, "name");
  formation.side = side;
  formation.ships = ships;
  formation.succession = succession;
  formation.command = TRUE;
  if (g_hash_table_contains (formation_ids, formation.id))
    {
      adm_xml_set_error (error, self->file, node, _("two formations have the id “%s”"),
                         formation.id);
      return FALSE;
    }
  g_hash_table_insert (formation_ids, (gpointer) formation.id, GUINT_TO_POINTER (index + 1));

  for (xmlNode *child = adm_xml_first_element (node, "ship"); child != NULL;
       child = adm_xml_next_element (child, "ship"))
    {
      guint ship = self->state->ships->len;

      if (!load_ship (self, child, side, index, ids, error))
        return FALSE;
      g_array_append_val (ships, ship);
    }
  /* F-FORM-2, F-FORM-3: the formation, of one ship or more, is the unit of the battle.
   * F-FORM-7 ("formation-changes"): formations are made up before the battle and do not
   * change during it; F-FORM-1 ("formation-contact"): they are declared here, not made by
   * base contact. F-FORM-4: a formation must have an explicitly designated flagship;
   * F-FORM-5: it may have a succession. */
  if (!resolve_ship_list (self, node, "flagship", ids, index, flagship, error) ||
      !resolve_ship_list (self, node, "succession", ids, index, succession, error))
    return FALSE;
  formation.flagship = g_array_index (flagship, guint, 0);
  /* F-FORM-8: size and composition per the "formation-composition" ruling: at most the
   * ruleset's six ships of one category, or up to six of each. */
  {
    guint per_category[4] = { 0, 0, 0, 0 };  /* by AdmCategory, stations (F-STN) last */
    guint categories = 0, most_of_one = 0;
    guint max_ships = adm_ruleset_get_formation_ships (self->ruleset);
    gboolean one_category = _adm_battle_ruling_is (self, "formation-composition",
                                                   "six-of-one-category");

    for (guint i = 0; i < ships->len; i++)
      {
        AdmCategory category =
          g_array_index (self->state->ships, AdmBattleShip,
                         g_array_index (ships, guint, i)).klass->category;

        if (per_category[category]++ == 0)
          categories++;
        most_of_one = MAX (most_of_one, per_category[category]);
      }
    if (adm_form_8_composition (one_category, max_ships, ships->len, most_of_one, categories) !=
        ADM_FORMATION_FITS)
      {
        adm_xml_set_error (error, self->file, node,
                           one_category
                             ? ngettext ("formation “%s” has %u ships of %u categories; a "
                                         "formation holds at most %u ship, all of one category "
                                         "(F-FORM-8)",
                                         "formation “%s” has %u ships of %u categories; a "
                                         "formation holds at most %u ships, all of one "
                                         "category (F-FORM-8)", max_ships)
                             : ngettext ("formation “%s” has %u ships of %u categories; a "
                                         "formation holds at most %u of each category "
                                         "(F-FORM-8)",
                                         "formation “%s” has %u ships of %u categories; a "
                                         "formation holds at most %u of each category "
                                         "(F-FORM-8)", max_ships),
                           formation.name, ships->len, categories, max_ships);
        return FALSE;
      }
  }
  g_array_append_val (self->state->formations, formation);
  return TRUE;
}

static gboolean
load_detection (AdmBattle   *self,
                xmlNode     *root,
                GHashTable  *formation_ids,
                GError     **error)
{
  guint n_formations = self->state->formations->len;

  g_array_set_size (self->state->detection, self->sides->len * n_formations);
  for (guint s = 0; s < self->sides->len; s++)
    for (guint f = 0; f < n_formations; f++)
      g_array_index (self->state->detection, guint8, s * n_formations + f) = ADM_DETECTION_FULL;

  for (xmlNode *node = adm_xml_first_element (root, "detection"); node != NULL;
       node = adm_xml_next_element (node, "detection"))
    {
      g_autofree char *side = adm_xml_get_string (node, "side");
      g_autofree char *formation = adm_xml_get_string (node, "formation");
      g_autofree char *level = adm_xml_get_string (node, "level");
      guint f = GPOINTER_TO_UINT (g_hash_table_lookup (formation_ids, formation));
      int s = -1;

      for (guint i = 0; i < self->sides->len; i++)
        if (g_strcmp0 (((AdmBattleSide *) g_ptr_array_index (self->sides, i))->id, side) == 0)
          s = i;
      if (s < 0 || f == 0)
        {
          adm_xml_set_error (error, self->file, node,
                             _("detection names side “%s” and formation “%s”; one of them "
                               "is not in this battle"), side, formation);
          return FALSE;
        }
      if (g_array_index (self->state->formations, AdmBattleFormation, f - 1).side == (guint) s)
        {
          adm_xml_set_error (error, self->file, node,
                             _("side “%s” always knows its own formation “%s”"), side,
                             formation);
          return FALSE;
        }
      g_array_index (self->state->detection, guint8, s * n_formations + f - 1) =
        g_str_equal (level, "none") ? ADM_DETECTION_NONE :
        g_str_equal (level, "presence") ? ADM_DETECTION_PRESENCE : ADM_DETECTION_FULL;
    }
  return TRUE;
}

static gboolean
load_markers (AdmBattle  *self,
              xmlNode    *root,
              GError    **error)
{
  for (xmlNode *node = adm_xml_first_element (root, "marker"); node != NULL;
       node = adm_xml_next_element (node, "marker"))
    {
      AdmBattleMarker marker = { ADM_MARKER_EXPLOSION, { 0, 0 }, 2.5, 0 };

      if (!adm_xml_get_double (node, "x", TRUE, 0, &marker.position.x, self->file, error) ||
          !adm_xml_get_double (node, "y", TRUE, 0, &marker.position.y, self->file, error) ||
          !adm_xml_get_double (node, "diameter", FALSE, 2.5, &marker.diameter, self->file,
                               error))
        return FALSE;
      g_array_append_val (self->state->markers, marker);
    }
  return TRUE;
}

/* F-MOVE-5: the wormhole exit zones of the set-up. */
static gboolean
load_wormhole_exits (AdmBattle  *self,
                     xmlNode    *root,
                     GError    **error)
{
  for (xmlNode *node = adm_xml_first_element (root, "wormhole-exit"); node != NULL;
       node = adm_xml_next_element (node, "wormhole-exit"))
    {
      AdmWormholeExit zone = { { 0, 0 }, 0 };

      if (!adm_xml_get_double (node, "x", TRUE, 0, &zone.position.x, self->file, error) ||
          !adm_xml_get_double (node, "y", TRUE, 0, &zone.position.y, self->file, error) ||
          !adm_xml_get_double (node, "diameter", TRUE, 0, &zone.diameter, self->file, error))
        return FALSE;
      g_array_append_val (self->wormhole_exits, zone);
    }
  return TRUE;
}

/* @root is the <battle> element: a battle file's root, or a saved battle's set-up. */
/* A table that states its width or height holds every position of the set-up — a ship, a
 * marker, a mine, a wormhole exit — from 0 to them (cm; x across, y down, as battle.rng
 * says): a position off it is junk, refused with the range. */
static gboolean
check_on_table (xmlNode     *root,
                xmlNode     *parent,
                const char  *display_name,
                GError     **error)
{
  static const char * const axes[] = { "x", "width", "y", "height" };

  for (xmlNode *node = adm_xml_first_element (parent, NULL); node != NULL;
       node = adm_xml_next_element (node, NULL))
    {
      if (adm_xml_is (node, "side") || adm_xml_is (node, "formation"))
        {
          if (!check_on_table (root, node, display_name, error))
            return FALSE;
          continue;
        }
      if (!adm_xml_is (node, "ship") && !adm_xml_is (node, "marker") &&
          !adm_xml_is (node, "mine") && !adm_xml_is (node, "wormhole-exit") &&
          !adm_xml_is (node, "feature"))
        continue;
      for (guint a = 0; a < G_N_ELEMENTS (axes); a += 2)
        {
          double size, at;

          if (!xmlHasProp (root, (const xmlChar *) axes[a + 1]))
            continue;
          if (!adm_xml_get_double (root, axes[a + 1], TRUE, 0, &size, display_name, error) ||
              !adm_xml_get_double (node, axes[a], TRUE, 0, &at, display_name, error))
            return FALSE;
          if (at < 0 || at > size)
            {
              char shown[G_ASCII_DTOSTR_BUF_SIZE], limit[G_ASCII_DTOSTR_BUF_SIZE];

              g_ascii_formatd (shown, sizeof shown, "%g", at);
              g_ascii_formatd (limit, sizeof limit, "%g", size);
              adm_xml_set_error (error, display_name, node,
                                 /* Translators: "<ship> x is -1; it must be a number 0–60,
                                  * on the table of <battle> width 60" */
                                 _("<%s> %s is %s; it must be a number 0–%s, on the table of "
                                   "<battle> %s %s"), (const char *) node->name, axes[a], shown,
                                 limit, axes[a + 1], limit);
              return FALSE;
            }
        }
    }
  return TRUE;
}

/* What names the rules @root is set up with when it carries no season of its own: the
 * ruleset's id, the digest of the season it names and the rulings it sets, in order; NULL
 * when it carries its season or names none by its digest. A season is content-addressed, so
 * two set-ups with the same key are read with the same rules. */
static char *
rules_key (xmlNode *root)
{
  g_autofree char *id = adm_xml_get_string (root, "ruleset");
  g_autofree char *digest = adm_xml_get_string (root, "season");
  xmlNode *section = adm_xml_first_element (root, "rulings");
  GString *key;

  if (digest == NULL || adm_xml_first_element (root, "season") != NULL)
    return NULL;
  key = g_string_new (NULL);
  g_string_append_printf (key, "%s\n%s\n", id != NULL ? id : "", digest);
  for (xmlNode *node = section != NULL ? adm_xml_first_element (section, "ruling") : NULL;
       node != NULL; node = adm_xml_next_element (node, "ruling"))
    {
      g_autofree char *ruling = adm_xml_get_string (node, "id");
      g_autofree char *value = adm_xml_get_string (node, "value");

      g_string_append_printf (key, "%s=%s\n", ruling != NULL ? ruling : "",
                              value != NULL ? value : "");
    }
  return g_string_free (key, FALSE);
}

AdmBattle *
_adm_battle_from_node (xmlNode     *root,
                       const char  *display_name,
                       GError     **error)
{
  return _adm_battle_from_node_sharing (root, display_name, NULL, error);
}

AdmBattle *
_adm_battle_from_node_sharing (xmlNode     *root,
                               const char  *display_name,
                               GHashTable  *rulesets,
                               GError     **error)
{
  g_autoptr(AdmBattle) self = g_object_new (ADM_TYPE_BATTLE, NULL);
  g_autoptr(GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) formation_ids = g_hash_table_new (g_str_hash, g_str_equal);
  g_autofree char *seed = adm_xml_get_string (root, "seed");
  g_autofree char *key = NULL;
  AdmRuleset *shared;

  self->file = g_strdup (display_name);
  self->name = adm_xml_get_string (root, "name");
  if (self->name != NULL && self->name[0] != '\0')
    {
      char *english = self->name;

      /* A title the set-up wrote ("Battle at Pol orbit") in the language of the moment. */
      self->name = adm_battle_title_translate (english);
      if (self->name == NULL)
        self->name = g_strdup (g_dgettext (GETTEXT_PACKAGE, english));
      g_free (english);
    }
  /* A seed is a 64-bit number: beyond it is refused, never clamped. */
  if (seed != NULL && !g_ascii_string_to_unsigned (seed, 10, 0, G_MAXUINT64, &self->seed, NULL))
    {
      g_autofree char *max = g_strdup_printf ("%" G_GUINT64_FORMAT, G_MAXUINT64);

      adm_xml_set_error (error, display_name, root,
                         _("<battle> seed is %s; it must be a whole number 0–%s"), seed, max);
      return NULL;
    }
  /* The rules the battle carries, those of the campaign it was set up in, or the installed
   * ruleset it names. */
  key = rulesets != NULL ? rules_key (root) : NULL;
  shared = key != NULL ? g_hash_table_lookup (rulesets, key) : NULL;
  self->state = _adm_battle_state_new ();
  if (shared != NULL)
    /* Read before for a set-up with the same key, its rulings already set as this one's. */
    self->ruleset = g_object_ref (shared);
  else
    {
      self->ruleset = adm_ruleset_load_carried (root, display_name, error);
      if (self->ruleset == NULL || !load_rulings (self, root, error))
        return NULL;
      /* Nothing changes a battle's rules once its set-up is read: they can be shared. */
      if (key != NULL)
        g_hash_table_insert (rulesets, g_steal_pointer (&key), g_object_ref (self->ruleset));
    }

  for (xmlNode *node = adm_xml_first_element (root, "side"); node != NULL;
       node = adm_xml_next_element (node, "side"))
    {
      AdmBattleSide *side = g_new0 (AdmBattleSide, 1);

      side->id = intern (self, node, "id");
      side->name = intern_translated (self, node, "name");
      side->admiral = intern_translated (self, node, "admiral");
      g_ptr_array_add (self->sides, side);
      for (guint i = 0; i + 1 < self->sides->len; i++)
        if (g_str_equal (((AdmBattleSide *) g_ptr_array_index (self->sides, i))->id, side->id))
          {
            adm_xml_set_error (error, display_name, node, _("two sides have the id “%s”"),
                               side->id);
            return NULL;
          }
      for (xmlNode *child = adm_xml_first_element (node, "formation"); child != NULL;
           child = adm_xml_next_element (child, "formation"))
        if (!load_formation (self, child, self->sides->len - 1, ids, formation_ids, error))
          return NULL;
    }
  if (self->sides->len < 2)
    {
      adm_xml_set_error (error, display_name, root, _("a battle needs at least two sides"));
      return NULL;
    }
  if (!check_on_table (root, root, display_name, error))
    return NULL;
  if (!load_markers (self, root, error) || !load_detection (self, root, formation_ids, error) ||
      !_adm_battle_load_mines (self, root, error) ||
      !_adm_battle_load_low_orbit (self, root, error) ||
      !load_wormhole_exits (self, root, error))
    return NULL;

  ship_ids_build (self);
  self->initial = _adm_battle_state_copy (self, self->state);
  /* A saved battle carries its set-up as it was written (adm_battle_save ()). */
  self->setup = xmlNewDoc ((const xmlChar *) "1.0");
  xmlDocSetRootElement (self->setup, xmlDocCopyNode (root, self->setup, 1));
  return g_steal_pointer (&self);
}

AdmBattle *
adm_battle_load_file (const char  *path,
                      GError     **error)
{
  g_autoptr(xmlDoc) doc = adm_xml_read_file (path, "battle", error);
  g_autofree char *display_name = g_filename_display_basename (path);

  if (doc == NULL)
    return NULL;
  return _adm_battle_from_node (xmlDocGetRootElement (doc), display_name, error);
}

AdmBattle *
adm_battle_load_memory (const char  *data,
                        gsize        length,
                        const char  *display_name,
                        GError     **error)
{
  g_autoptr(xmlDoc) doc = adm_xml_read_memory (data, length, display_name, "battle", error);

  if (doc == NULL)
    return NULL;
  return _adm_battle_from_node (xmlDocGetRootElement (doc), display_name, error);
}
