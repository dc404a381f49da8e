/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-ruleset.c: a ruleset (ship types, tables, readiness grades, rulings) and the ship
 * classes and factions of its classes file.
 *
 * Both files are validated against their schemas by adm_xml_read_file(); this file then
 * checks what a schema cannot (contiguous artillery rows, each table's coverage of its dice's
 * sums, grade order, ruling defaults, unique ids, references) and reports "FILE:LINE: problem" in a master's words. */

#include "config.h"

#include <string.h>
#include <gio/gio.h>
#include <glib/gi18n-lib.h>

#include "adm-digest.h"
#include "adm-colour-vision.h"
#include "adm-ruleset.h"
#include "adm-source-text.h"
#include "adm-xml.h"

struct _AdmRuleset
{
  GObject            parent_instance;

  char              *id;
  char              *name;
  char              *path;

  GPtrArray         *ship_types;        /* AdmShipType* */
  GHashTable        *types_by_id;       /* borrowed id → AdmShipType* */
  GPtrArray         *classes;           /* AdmShipClass* */
  GHashTable        *classes_by_id;
  GPtrArray         *factions;          /* AdmFaction* */
  GHashTable        *factions_by_id;

  AdmArtilleryTable  artillery;
  GPtrArray         *ship_critical;     /* AdmTableRow* */
  GPtrArray         *station_critical;  /* AdmTableRow* */
  GPtrArray         *catastrophic;      /* AdmTableRow* */
  GPtrArray         *grades;            /* AdmReadinessGrade* */
  int                turret_hit;        /* F-TORP-13: a turret die at or above it hits */
  int                shield_save_on;    /* F-FORD-8: a special shield saves on it and above */
  int                destructor_hit_on; /* F-DES-2: a gravi-destructor die hits on it and above */
  int                destructor_critical_on; /* F-DES-3: its damage's critical check passes
                                              * on it and above */
  /* F-CRIT-1: the number each other source's critical check passes on, and its clause */
  int                critical_on[ADM_N_CRITICAL_SOURCES];
  char              *critical_clause[ADM_N_CRITICAL_SOURCES];
  int                explosion_damage_on; /* F-CAT-12, F-CAT-13: a strike's die damages on it */
  int                station_catastrophic_on; /* F-STN-8: the catastrophic table on it */
  int                succession_bonus;  /* F-FORM-14: added to readiness to take command */
  int                explosion_percent[ADM_N_EXPLOSIONS]; /* F-CAT-12, F-CAT-13: strength,
                                                          * % of the starting hull */
  /* F-BOARD-9, F-BOARD-10, F-BOARD-11, F-BOARD-12: each ratio's times and bonus */
  int                boarding_penalty[ADM_N_BOARDING_MODIFIERS]; /* F-BOARD-3 … F-BOARD-6 */
  int                boarding_hit_hull; /* F-BOARD-3: hull points lost in the fire phase */
  int                boarding_times[ADM_N_BOARDING_RATIOS];
  int                boarding_bonus[ADM_N_BOARDING_RATIOS];
  int                takeover_divisor[ADM_N_TAKEOVER_SHARES]; /* F-BOARD-17, F-BOARD-18 */
  int                damage_readiness_penalty; /* F-RDY-3: readiness lost to damage */
  int                damage_readiness_turns;   /* F-RDY-3: for so many turns */
  int                ram_smaller_dice;  /* F-RAM-4: a ram's test against a smaller target */
  int                ram_larger_dice;   /* F-RAM-4: against a larger one */
  int                ram_shield_bonus;  /* F-RAM-13: for the stronger shields */
  int                ram_hull_divisor;  /* F-RAM-8: the rammer's hull over it, the return dice */
  int                orbit_shield_divisor; /* F-ORB-2: shields over it on an orbit change */
  int                dc_attempts;       /* F-DC-1: damage-control attempts a turn */
  int                dc_extra_attempts; /* F-DC-1: more for a crew of dc_extra_grades */
  char             **dc_extra_grades;   /* F-DC-1: the readiness grades' ids earning them */
  char             **orbit_fall_effects[ADM_N_ORBIT_FALL_OPTIONS]; /* F-ORB-3: row effects */
  int                cycle_minutes;     /* F-STRAT-1: a communication cycle's real minutes */
  int                hour_minutes;      /* F-STRAT-6: the strategic phase of "about an hour" */
  int                fast_speed_over;   /* F-STRAT-10: a formation faster than it is fast */
  double             main_sector_phases; /* F-STRAT-10: strategic phases a link, main ships */
  double             fast_sector_phases; /* F-STRAT-10: and fast ones */
  double             order_phases;      /* F-STRAT-11: strategic phases an order's action */
  int                dice[ADM_N_DICE_ROLLS]; /* <dice-counts>: each roll's number of d6 */
  int                formation_ships;   /* F-FORM-8: the most ships a formation holds */
  int                damaged_lost;      /* F-CRIT-6: damaged once lost of every damaged_of */
  int                damaged_of;        /* hull points are lost */
  AdmRangeBands      range_bands;       /* F-ART-8, F-ART-9: the artillery's range bands */
  AdmMinesweeping    sweeping;          /* F-SWEEP-3, F-SWEEP-4, F-SWEEP-5 */

  GPtrArray         *rulings;           /* AdmRuling* */
  GHashTable        *rulings_by_id;

  GPtrArray         *placements;        /* AdmPlacement* (F-STRAT-15) */
  GHashTable        *placements_by_id;
  GHashTable        *order_placements;  /* order kind → AdmPlacement* (borrowed) */
  const AdmPlacement *default_placement;
  const AdmPlacement *check_failed_placement;
  AdmTableLayout    *table_layout;      /* F-TAC-1, or NULL */
  /* The season this ruleset was read from: a document whose root is <season>, holding the
   * <ruleset> and <classes> elements as read (from the rules folder or from a file that
   * carries them), and its SHA-256. */
  xmlDoc            *season;
  char              *digest;
};

G_DEFINE_FINAL_TYPE (AdmRuleset, adm_ruleset, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ID,
  PROP_NAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];


/* The options of each ruling that the engine implements: a ruleset may offer fewer, but an
 * option outside these would silently behave like the default, so it is refused. */
static const struct {
  const char *id;
  const char *values[4];
} known_rulings[] = {
  { "artillery-shift-past-edge", { "clamp", "no-shot", NULL } },
  { "firepower-above-table", { "split", "cap", NULL } },
  { "halved-firepower", { "halve-then-floor", "halve-then-ceil", NULL } },
  { "readiness-bands", { "first-match", NULL } },
  { "formation-composition", { "six-of-one-category", "six-per-category", NULL } },
  { "muster-default", { "by-category", "single-ships", NULL } },
  { "unlisted-ship-types-turn", { "as-data", NULL } },
  { "formation-target", { "flagship", "aspect-only", NULL } },
  { "formation-hits", { "named-ship", NULL } },
  { "shields-against-artillery", { "after-armour", "before-armour", NULL } },
  { "readiness-penalty", { "any-damage", NULL } },
  { "readiness-modifier-base", { "current", NULL } },
  { "turn-sequence", { "simultaneous", NULL } },
  { "fire-reveals", { "full", "presence", NULL } },
  { "ecm-detection", { "attack-beats-defence", "tie-hides", NULL } },
  { "enemy-ship-card", { "class-and-state", "with-hull", NULL } },
  { "braking-run", { "zero", NULL } },
  { "keep-moving", { "moved-last-turn", "never-again", NULL } },
  { "turn-limit", { "total-per-phase", NULL } },
  { "combat-order-check", { "only-where-stated", NULL } },
  { "halved-fire-scope", { "direct-fire", NULL } },
  { "all-ahead-full-extra", { "cm-up-to-roll", NULL } },
  { "ramming-order", { "with-all-ahead-full", NULL } },
  { "damaged-fire-check", { "nearest-or-hold", "hold", NULL } },
  { "fire-distribution-modifier", { "replaces-general", NULL } },
  { "return-fire", { "once-per-formation", NULL } },
  { "half-range-boundary", { "at-most-half", "less-than-half", NULL } },
  { "explosions-and-hulks", { "markers-shift-hulks-block", "both-shift", NULL } },
  { "shield-restore", { "next-turn", NULL } },
  { "shield-pool", { "touching-share", NULL } },
  { "critical-threshold-other", { "six", NULL } },
  { "catastrophic-trigger", { "zero-hull", NULL } },
  { "damaged-threshold", { "half-or-more", NULL } },
  { "main-guns", { "strongest-artillery", NULL } },
  { "critical-next-entry", { "next-higher-wrap", NULL } },
  { "wreck-inactive", { "zero-hull", NULL } },
  { "frigate-critical", { "frigates-survive", NULL } },
  { "hulk-drift", { "along-last-heading", NULL } },
  { "explosion-strike", { "dice-per-vessel", "one-die-per-vessel", NULL } },
  { "target-lock", { "reroll-misses-once", NULL } },
  { "reinforce-shields", { "check-extends", NULL } },
  { "ram-size", { "base-size", NULL } },
  { "ram-burn-up", { "escorts-ramming-capital-ships", "target-shields-vs-rammer-hull", NULL } },
  { "ram-damage", { "starting-hull", NULL } },
  { "ram-shield-modifier", { "plus-one-stronger", "difference", NULL } },
  { "formation-contact", { "declared", NULL } },
  { "formation-changes", { "before-battle", NULL } },
  { "succession-roll", { "end-phase-with-penalty", NULL } },
  { "flagship-transfer", { "automatic", NULL } },
  { "auxiliary-target", { "as-escort", NULL } },
  /* Torpedoes (F-WPN-10, F-WPN-11, F-WPN-12, F-WPN-13, F-WPN-14, F-WPN-15, F-WPN-16, F-WPN-17,
   * F-TORP, F-FORM-13) */
  { "torpedo-turns", { "profile", NULL } },
  { "salvo-marker", { "one-at-farthest", "one-per-ship", NULL } },
  { "torpedo-reload", { "skip-a-turn", NULL } },
  { "prepare-to-launch", { "fire-phase-check", NULL } },
  { "torpedo-steer", { "once-in-total", "once-per-turn", NULL } },
  { "torpedo-units", { "firepower", NULL } },
  { "torpedo-friendly", { "any-friendly", "launching-formation", NULL } },
  { "premature-detonation", { "per-torpedo", "whole-salvo", NULL } },
  { "escort-cover", { "range-to-ship-unfired", NULL } },
  { "salvo-target-column", { "torpedo-column", "escort-aspect", NULL } },
  { "escort-fire-at-salvo", { "turret-dice-fire-phase", NULL } },
  /* The strategic phase (F-STRAT) */
  { "strategic-phase", { "comms-cycle", "hour", NULL } },
  { "fast-ships", { "speed-over-25", "escorts-and-cruisers", NULL } },
  { "half-phase-actions", { "two-per-phase", "one-per-phase", NULL } },
  { "absent-admiral", { "readiness-check", "standing-orders", NULL } },
  { "prize-admiral", { "captor-formation", "none", NULL } },
  { "station-engagement", { "engages", "never", NULL } },
  { "station-news", { "holders-and-contact", "holders-only", NULL } },
  /* The luck ledger (beyond the rulebook) */
  { "explosion-luck", { "struck-side", "exploding-side", "no-one", NULL } },
  /* Stations and low orbits (F-STN, F-ORB) */
  { "station-target", { "orbital", "as-capital", NULL } },
  { "station-catastrophic-dice", { "2d6", "d6", NULL } },
  { "station-catastrophic-check", { "table-roll", "when-damaged", NULL } },
  { "station-reactor", { "round-down", "round-up", NULL } },
  { "station-orbit", { "platforms-stay", "all-stay", NULL } },
  { "station-orbit-decay", { "one-turn", "at-surface", NULL } },
  { "orbit-change-halving", { "turn-round-down", "turn-round-up", NULL } },
  { "orbit-fall-results", { "crit-21-results", "engines-only", NULL } },
  { "low-orbit-criticals", { "fall", "destroyed", NULL } },
  /* Mines and minesweeping (adm-battle-mines.c). */
  { "minelaying", { "tactical", "strategic-only", NULL } },
  { "minelaying-contact", { "base-contact", "detected", NULL } },
  { "standing-minelaying", { "each-cycle", "once", NULL } },
  { "mine-plasma-shift", { "one-column-left", "leftmost-column", NULL } },
  { "mine-plasma-shields", { "as-artillery", "ignored", NULL } },
  { "mine-reach", { "card-range-single-use", NULL } },
  { "sweep-reach", { "class-devices-from-ship", NULL } },
  { "sweep-blunder", { "d6", "2d6", NULL } },
  /* End stage and damage control (F-END, F-DC) */
  { "damage-control-attempts", { "declared", "automatic", NULL } },
  { "damage-control-modifier", { "none", "readiness-grade", NULL } },
  { "damage-control-extra-die", { "second-chance", "second-repair", NULL } },
  { "repair-priority", { "fire-critical-hull", NULL } },
  { "crew-losses", { "permanent", "restored", NULL } },
  { "explosion-markers", { "after-next-turn", "end-of-turn", "kept", NULL } },
  /* Boarding (F-BOARD) */
  { "boarding-contact", { "one-to-one", NULL } },
  { "boarding-ratio", { "current-pools", "modified-pools", NULL } },
  { "boarding-roll", { "tie-no-effect", "tie-reroll", NULL } },
  { "boarding-rounds", { "one-per-turn", "to-a-decision", NULL } },
  { "captured-fate", { "scuttle-destroys", "scuttle-catastrophic", NULL } },
  { "takeover-retry", { "retry-each-turn", "one-attempt", NULL } },
  { "takeover-readiness", { "prize-half-captor-quarter", NULL } },
};

static const char * const arc_names[] = { "bow", "stern", "port", "starboard" };
/* The same arcs as shown to people, in the order of arc_names. */
static const char * const arc_labels[] = {
  NC_("arc", "bow"), NC_("arc", "stern"), NC_("arc", "port"), NC_("arc", "starboard")
};

/* Value types */

static void
ship_type_free (AdmShipType *type)
{
  g_free (type->id);
  g_free (type->name);
  g_free (type->clause);
  g_free (type->turn_clause);
  g_free (type);
}

static void
weapon_free (AdmWeapon *weapon)
{
  g_free (weapon->id);
  g_free (weapon->name);
  g_free (weapon);
}

static void
ship_class_free (AdmShipClass *klass)
{
  g_free (klass->id);
  g_free (klass->name);
  g_clear_pointer (&klass->weapons, g_ptr_array_unref);
  g_free (klass);
}

static void
faction_free (AdmFaction *faction)
{
  g_free (faction->id);
  g_free (faction->name);
  g_free (faction->colour);
  g_free (faction);
}

static void
ruling_free (AdmRuling *ruling)
{
  g_free (ruling->id);
  g_free (ruling->name);
  g_free (ruling->clause);
  g_free (ruling->description);
  g_free (ruling->default_value);
  g_free (ruling->value);
  g_clear_pointer (&ruling->options, g_ptr_array_unref);
  g_clear_pointer (&ruling->option_names, g_ptr_array_unref);
  g_free (ruling);
}

static void
placement_free (AdmPlacement *placement)
{
  g_free (placement->id);
  g_free (placement->name);
  g_free (placement->description);
  g_free (placement);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdmPlacement, placement_free)

static void
table_layout_free (AdmTableLayout *layout)
{
  g_clear_pointer (&layout->orbits, g_array_unref);
  g_free (layout->description);
  g_free (layout);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdmTableLayout, table_layout_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdmShipType, ship_type_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdmWeapon, weapon_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdmShipClass, ship_class_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdmFaction, faction_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdmRuling, ruling_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdmTableRow, adm_table_row_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdmReadinessGrade, adm_readiness_grade_free)

/* GObject */

static void
adm_ruleset_finalize (GObject *object)
{
  AdmRuleset *self = ADM_RULESET (object);

  g_free (self->id);
  g_free (self->name);
  g_free (self->path);
  g_clear_pointer (&self->season, xmlFreeDoc);
  for (guint i = 0; i < ADM_N_CRITICAL_SOURCES; i++)
    g_free (self->critical_clause[i]);
  g_free (self->digest);
  g_strfreev (self->dc_extra_grades);
  for (guint i = 0; i < ADM_N_ORBIT_FALL_OPTIONS; i++)
    g_strfreev (self->orbit_fall_effects[i]);
  /* Classes point at ship types, so they go first. */
  g_clear_pointer (&self->classes_by_id, g_hash_table_unref);
  g_clear_pointer (&self->classes, g_ptr_array_unref);
  g_clear_pointer (&self->types_by_id, g_hash_table_unref);
  g_clear_pointer (&self->ship_types, g_ptr_array_unref);
  g_clear_pointer (&self->factions_by_id, g_hash_table_unref);
  g_clear_pointer (&self->factions, g_ptr_array_unref);
  g_clear_pointer (&self->ship_critical, g_ptr_array_unref);
  g_clear_pointer (&self->station_critical, g_ptr_array_unref);
  g_clear_pointer (&self->catastrophic, g_ptr_array_unref);
  g_clear_pointer (&self->grades, g_ptr_array_unref);
  g_clear_pointer (&self->rulings_by_id, g_hash_table_unref);
  g_clear_pointer (&self->rulings, g_ptr_array_unref);
  g_clear_pointer (&self->order_placements, g_hash_table_unref);
  g_clear_pointer (&self->placements_by_id, g_hash_table_unref);
  g_clear_pointer (&self->placements, g_ptr_array_unref);
  g_clear_pointer (&self->table_layout, table_layout_free);

  G_OBJECT_CLASS (adm_ruleset_parent_class)->finalize (object);
}

static void
adm_ruleset_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  AdmRuleset *self = ADM_RULESET (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_string (value, self->id);
      break;

    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
adm_ruleset_class_init (AdmRulesetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = adm_ruleset_finalize;
  object_class->get_property = adm_ruleset_get_property;

  properties[PROP_ID] =
    g_param_spec_string ("id", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
adm_ruleset_init (AdmRuleset *self)
{
  self->ship_types = g_ptr_array_new_with_free_func ((GDestroyNotify) ship_type_free);
  self->types_by_id = g_hash_table_new (g_str_hash, g_str_equal);
  self->classes = g_ptr_array_new_with_free_func ((GDestroyNotify) ship_class_free);
  self->classes_by_id = g_hash_table_new (g_str_hash, g_str_equal);
  self->factions = g_ptr_array_new_with_free_func ((GDestroyNotify) faction_free);
  self->factions_by_id = g_hash_table_new (g_str_hash, g_str_equal);
  self->ship_critical = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_table_row_free);
  self->station_critical = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_table_row_free);
  self->catastrophic = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_table_row_free);
  self->grades = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_readiness_grade_free);
  self->rulings = g_ptr_array_new_with_free_func ((GDestroyNotify) ruling_free);
  self->rulings_by_id = g_hash_table_new (g_str_hash, g_str_equal);
  self->placements = g_ptr_array_new_with_free_func ((GDestroyNotify) placement_free);
  self->placements_by_id = g_hash_table_new (g_str_hash, g_str_equal);
  self->order_placements = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

/* Parsing helpers */

/* A required string attribute. The schema already demands it; this keeps a schema slip
 * from turning into a crash. */
static char *
require_attr (xmlNode     *node,
              const char  *name,
              const char  *file,
              GError     **error)
{
  char *value = adm_xml_get_string (node, name);

  if (value == NULL)
    adm_xml_set_error (error, file, node, _("<%s> needs the attribute “%s”"),
                       (const char *) node->name, name);
  return value;
}

static xmlNode *
require_element (xmlNode     *parent,
                 const char  *name,
                 const char  *file,
                 GError     **error)
{
  xmlNode *child = adm_xml_first_element (parent, name);

  if (child == NULL)
    adm_xml_set_error (error, file, parent, _("<%s> needs a <%s> element"),
                       (const char *) parent->name, name);
  return child;
}

/* Text with runs of white space (line breaks of the XML layout) collapsed to one space. */
static char *
normalized_text (xmlNode *node)
{
  char *text = adm_xml_get_text (node);
  char *out = text;
  gboolean space = FALSE;

  /* Runs of white space become one space, none at either end: in place, in one pass (the
   * ruleset's descriptions are read by every process that opens a campaign). */
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
        {
          space = out != text;
          continue;
        }
      if (space)
        *out++ = ' ';
      space = FALSE;
      *out++ = *p;
    }
  *out = '\0';
  return text;
}

/* Display text from the data files is English; it goes through gettext so that a
 * translation catalogue can carry it. An empty string would fetch the catalogue header. */
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

/* Remembers @id at @node's line; returns the line of an earlier use of @id, or 0. */
static long
remember_id (GHashTable *seen,
             const char *id,
             xmlNode    *node)
{
  gpointer line;

  if (g_hash_table_lookup_extended (seen, id, NULL, &line))
    return GPOINTER_TO_INT (line);
  g_hash_table_insert (seen, g_strdup (id), GINT_TO_POINTER ((int) xmlGetLineNo (node)));
  return 0;
}

static GHashTable *
new_seen_table (void)
{
  return g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

/* "a, b, c" from the char* ids of @keys. */
static char *
join_ids (GPtrArray *ids)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < ids->len; i++)
    {
      if (i > 0)
        g_string_append (text, ", ");
      g_string_append (text, g_ptr_array_index (ids, i));
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* Ship types (F-SHIP-1, F-SHIP-2, F-SHIP-3) */

static gboolean
parse_ship_types (AdmRuleset  *self,
                  xmlNode     *section,
                  GError     **error)
{
  g_autoptr(GHashTable) seen = new_seen_table ();

  for (xmlNode *node = adm_xml_first_element (section, "ship-type"); node != NULL;
       node = adm_xml_next_element (node, "ship-type"))
    {
      g_autoptr(AdmShipType) type = g_new0 (AdmShipType, 1);
      long other;

      if ((type->id = require_attr (node, "id", self->path, error)) == NULL ||
          (type->name = require_attr (node, "name", self->path, error)) == NULL ||
          (type->clause = require_attr (node, "clause", self->path, error)) == NULL ||
          (type->turn_clause = require_attr (node, "turn-clause", self->path, error)) == NULL ||
          !adm_xml_get_double (node, "base-size", TRUE, 0, &type->base_size, self->path, error) ||
          !adm_xml_get_double (node, "turn-after", TRUE, 0, &type->turn_after, self->path, error))
        return FALSE;

      if ((other = remember_id (seen, type->id, node)) != 0)
        {
          adm_xml_set_error (error, self->path, node,
                             _("two ship types have the id “%s”; the other is on line %ld"),
                             type->id, other);
          return FALSE;
        }
      /* F-MOVE-12: a monitor turns only after the distance its game speed sets. */
      {
        g_autofree char *of = adm_xml_get_string (node, "turn-after-of");

        /* The schema allows only declared-move and speed. */
        type->turn_after_speed = g_strcmp0 (of, "speed") == 0;
      }
      type->name = translated (type->name);
      g_hash_table_insert (self->types_by_id, type->id, type);
      g_ptr_array_add (self->ship_types, g_steal_pointer (&type));
    }
  return TRUE;
}

/* Artillery table (F-ART-14, F-ART-15) */

static gboolean
parse_artillery_target (AdmRuleset  *self,
                        xmlNode     *node,
                        GHashTable  *seen,
                        GError     **error)
{
  AdmArtilleryTable *table = &self->artillery;
  g_autofree char *id = NULL;
  int column;
  long other;

  if ((id = require_attr (node, "id", self->path, error)) == NULL ||
      !adm_xml_get_int (node, "column", TRUE, 0, &column, self->path, error))
    return FALSE;

  if ((other = remember_id (seen, id, node)) != 0)
    {
      adm_xml_set_error (error, self->path, node,
                         _("two artillery targets have the id “%s”; the other is on line %ld"),
                         id, other);
      return FALSE;
    }
  if (table->n_targets >= ADM_ARTILLERY_MAX_TARGETS)
    {
      adm_xml_set_error (error, self->path, node,
                         _("the artillery table has more than %d targets"),
                         ADM_ARTILLERY_MAX_TARGETS);
      return FALSE;
    }
  if (strlen (id) >= sizeof table->target_ids[0])
    {
      adm_xml_set_error (error, self->path, node,
                         _("the artillery target id “%s” is too long (at most %d characters)"),
                         id, (int) sizeof table->target_ids[0] - 1);
      return FALSE;
    }
  if (column < 1 || column > ADM_ARTILLERY_COLUMNS)
    {
      adm_xml_set_error (error, self->path, node,
                         _("artillery target “%s” names column %d; the table has columns 1 to %d"),
                         id, column, ADM_ARTILLERY_COLUMNS);
      return FALSE;
    }

  g_strlcpy (table->target_ids[table->n_targets], id, sizeof table->target_ids[0]);
  table->target_columns[table->n_targets] = column;
  table->n_targets++;
  return TRUE;
}

/* F-ART-14: five whitespace-separated counts of d6, one per column. */
static gboolean
parse_dice_counts (AdmRuleset  *self,
                   xmlNode     *node,
                   int          firepower,
                   int         *counts,
                   GError     **error)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) words = NULL;
  int n = 0;

  if ((text = require_attr (node, "dice", self->path, error)) == NULL)
    return FALSE;
  words = g_strsplit_set (text, " \t\r\n", -1);

  for (guint i = 0; words[i] != NULL; i++)
    {
      guint64 count;

      if (words[i][0] == '\0')
        continue;
      if (n >= ADM_ARTILLERY_COLUMNS ||
          !g_ascii_string_to_unsigned (words[i], 10, 0, G_MAXINT / 1024, &count, NULL))
        {
          adm_xml_set_error (error, self->path, node,
                             _("the artillery row for firepower %d must hold exactly %d "
                               "numbers of dice (0 or more), one per column: “%s”"),
                             firepower, ADM_ARTILLERY_COLUMNS, text);
          return FALSE;
        }
      counts[n++] = (int) count;
    }
  if (n != ADM_ARTILLERY_COLUMNS)
    {
      adm_xml_set_error (error, self->path, node,
                         _("the artillery row for firepower %d must hold exactly %d "
                           "numbers of dice (0 or more), one per column: “%s”"),
                         firepower, ADM_ARTILLERY_COLUMNS, text);
      return FALSE;
    }
  return TRUE;
}

static gboolean
parse_artillery_row (AdmRuleset  *self,
                     xmlNode     *node,
                     GError     **error)
{
  AdmArtilleryTable *table = &self->artillery;
  int expected = table->n_rows + 1;
  int firepower;

  if (!adm_xml_get_int (node, "firepower", TRUE, 0, &firepower, self->path, error))
    return FALSE;

  /* F-ART-14: one row per firepower from 1 upward, so row N is the look-up of firepower N. */
  if (firepower != expected)
    {
      if (firepower > expected)
        adm_xml_set_error (error, self->path, node,
                           _("the artillery row for firepower %d is missing: the rows must "
                             "run 1, 2, 3, … in order without gaps, but this row is for "
                             "firepower %d"), expected, firepower);
      else
        adm_xml_set_error (error, self->path, node,
                           _("the artillery row for firepower %d is out of order or repeated: "
                             "the rows must run 1, 2, 3, … and firepower %d was expected here"),
                           firepower, expected);
      return FALSE;
    }
  if (expected > ADM_ARTILLERY_MAX_ROWS)
    {
      adm_xml_set_error (error, self->path, node,
                         _("the artillery table has more than %d rows"), ADM_ARTILLERY_MAX_ROWS);
      return FALSE;
    }

  if (!parse_dice_counts (self, node, firepower, table->dice[firepower - 1], error))
    return FALSE;
  table->n_rows = firepower;
  return TRUE;
}

static gboolean
parse_artillery (AdmRuleset  *self,
                 xmlNode     *section,
                 GError     **error)
{
  g_autoptr(GHashTable) seen = new_seen_table ();

  for (xmlNode *node = adm_xml_first_element (section, NULL); node != NULL;
       node = adm_xml_next_element (node, NULL))
    {
      if (adm_xml_is (node, "target") && !parse_artillery_target (self, node, seen, error))
        return FALSE;
      if (adm_xml_is (node, "row") && !parse_artillery_row (self, node, error))
        return FALSE;
    }

  if (self->artillery.n_rows == 0)
    {
      adm_xml_set_error (error, self->path, section, _("the artillery table has no rows"));
      return FALSE;
    }
  return TRUE;
}

/* Critical and catastrophic tables (F-CRIT-8, F-STN-7, F-CAT-9) */

static AdmTableRow *
parse_table_row (AdmRuleset  *self,
                 xmlNode     *node,
                 gboolean     catastrophic,
                 GError     **error)
{
  g_autoptr(AdmTableRow) row = g_new0 (AdmTableRow, 1);

  if (!adm_xml_get_int (node, "from", TRUE, 0, &row->from, self->path, error) ||
      !adm_xml_get_int (node, "to", TRUE, 0, &row->to, self->path, error) ||
      (row->clause = require_attr (node, "clause", self->path, error)) == NULL ||
      (row->effect = require_attr (node, "effect", self->path, error)) == NULL ||
      (row->name = require_attr (node, "name", self->path, error)) == NULL)
    return NULL;

  if (catastrophic)
    {
      if ((row->explosion_markers = require_attr (node, "explosion-markers",
                                                  self->path, error)) == NULL)
        return NULL;
      row->repairable = FALSE;
    }
  else
    {
      if ((row->extra_damage = require_attr (node, "extra-damage", self->path, error)) == NULL ||
          !adm_xml_get_int (node, "speed-loss", FALSE, 0, &row->speed_loss, self->path, error))
        return NULL;
      row->readiness_loss = adm_xml_get_string (node, "readiness-loss");
      row->ecm_attack_loss = adm_xml_get_string (node, "ecm-attack-loss");
      row->repairable = adm_xml_get_boolean (node, "repairable", TRUE);
      row->catastrophic_check = adm_xml_get_boolean (node, "catastrophic-check", FALSE);
    }

  row->name = translated (row->name);
  row->description = translated (normalized_text (node));
  return g_steal_pointer (&row);
}

/* F-CRIT-8, F-STN-7: the result each critical effect is kept under, its number in the
 * rulebook's 2d6 tables. A season's table may put an effect on other rolls (another dice
 * count, F-CRIT-2); the ship keeps the effect under this number, which the repair orders,
 * the reports and the battle's file name. */
static const struct {
  const char *kind;
  const char *effect;
  int         result;
} critical_results[] = {
  { "ship", "main-guns", 2 }, { "ship", "starboard-weapons", 3 }, { "ship", "port-weapons", 4 },
  { "ship", "bow-weapons", 5 }, { "ship", "engines", 6 }, { "ship", "fire", 7 },
  { "ship", "central-deck", 8 }, { "ship", "bridge", 9 }, { "ship", "shields", 10 },
  { "ship", "hull", 11 }, { "ship", "superstructure", 12 },
  { "station", "destructors", 2 }, { "station", "main-weapons", 4 },
  { "station", "torpedoes", 5 }, { "station", "reactor", 6 }, { "station", "fire", 7 },
  { "station", "orbit-decay", 9 }, { "station", "shields", 10 }, { "station", "hull", 11 },
  { "station", "central-post", 12 },
};

static gboolean
set_critical_result (AdmRuleset  *self,
                     const char  *kind,
                     xmlNode     *node,
                     AdmTableRow *row,
                     GError     **error)
{
  for (guint i = 0; i < G_N_ELEMENTS (critical_results); i++)
    if (g_str_equal (critical_results[i].kind, kind) &&
        g_str_equal (critical_results[i].effect, row->effect))
      {
        row->result = critical_results[i].result;
        return TRUE;
      }
  adm_xml_set_error (error, self->path, node,
                     _("“%s” is not an effect of the %s critical-damage table"), row->effect,
                     kind);
  return FALSE;
}

/* F-CRIT-2, F-CAT-3: each sum of the table's @dice d6, @dice to 6 × @dice, must have exactly
 * one row; @clause names the roll in <dice-counts>. @kind is the critical table's, NULL for
 * the catastrophic table. */
static gboolean
parse_table (AdmRuleset  *self,
             xmlNode     *table,
             const char  *kind,
             int          dice,
             const char  *clause,
             GPtrArray   *rows,
             GError     **error)
{
  int lowest = dice, highest = 6 * dice;
  g_autofree long *claimed = g_new0 (long, highest + 1);

  for (xmlNode *node = adm_xml_first_element (table, "result"); node != NULL;
       node = adm_xml_next_element (node, "result"))
    {
      AdmTableRow *row = parse_table_row (self, node, kind == NULL, error);

      if (row == NULL)
        return FALSE;
      g_ptr_array_add (rows, row);
      if (kind != NULL && !set_critical_result (self, kind, node, row, error))
        return FALSE;

      if (row->from < lowest || row->to > highest || row->from > row->to)
        {
          adm_xml_set_error (error, self->path, node,
                             _("the result covers rolls %d to %d, but the table's %dd6 rolls "
                               "(%s) run from %d to %d and “from” must not be above “to”"),
                             row->from, row->to, dice, clause, lowest, highest);
          return FALSE;
        }
      for (int roll = row->from; roll <= row->to; roll++)
        {
          if (claimed[roll] != 0)
            {
              adm_xml_set_error (error, self->path, node,
                                 _("the %dd6 roll %d appears twice in this table: the result "
                                   "on line %ld already covers it"), dice, roll, claimed[roll]);
              return FALSE;
            }
          claimed[roll] = xmlGetLineNo (node);
        }
    }

  for (int roll = lowest; roll <= highest; roll++)
    if (claimed[roll] == 0)
      {
        adm_xml_set_error (error, self->path, table,
                           _("the table has no result for the %dd6 roll %d (%s): its results "
                             "must cover every roll from %d to %d exactly once"), dice, roll,
                           clause, lowest, highest);
        return FALSE;
      }
  return TRUE;
}

static gboolean
parse_critical_tables (AdmRuleset  *self,
                       xmlNode     *root,
                       GError     **error)
{
  gboolean have_ship = FALSE;
  gboolean have_station = FALSE;

  for (xmlNode *node = adm_xml_first_element (root, "critical-table"); node != NULL;
       node = adm_xml_next_element (node, "critical-table"))
    {
      g_autofree char *kind = require_attr (node, "kind", self->path, error);
      gboolean ship;

      if (kind == NULL)
        return FALSE;
      ship = g_str_equal (kind, "ship");
      if (!parse_table (self, node, ship ? "ship" : "station",
                        self->dice[ADM_DICE_CRITICAL_TABLE], "F-CRIT-2",
                        ship ? self->ship_critical : self->station_critical, error))
        return FALSE;
      have_ship |= ship;
      have_station |= !ship;
    }

  if (!have_ship || !have_station)
    {
      adm_xml_set_error (error, self->path, root,
                         _("the ruleset needs a ship and a station critical-damage table"));
      return FALSE;
    }
  return TRUE;
}

/* Readiness grades (F-RDY-5, F-FIRE-10) */

static gboolean
check_grade_limit (AdmRuleset         *self,
                   xmlNode            *node,
                   AdmReadinessGrade  *grade,
                   gboolean            has_below,
                   gboolean            last,
                   int                 previous_below,
                   GError            **error)
{
  /* F-RDY-5 (ruling "readiness-bands"): first match, so each limit must rise and only the
   * last grade may be open-ended. */
  if (!has_below && !last)
    {
      adm_xml_set_error (error, self->path, node,
                         _("grade “%s” has no “below” limit but is not the last grade: only "
                           "the highest grade may be open-ended"), grade->id);
      return FALSE;
    }
  if (has_below && last)
    {
      adm_xml_set_error (error, self->path, node,
                         _("the last grade, “%s”, must not have a “below” limit: readiness "
                           "of %d or more would have no grade"), grade->id, grade->below);
      return FALSE;
    }
  if (has_below && grade->below <= previous_below)
    {
      adm_xml_set_error (error, self->path, node,
                         _("grade “%s” is out of order: its limit below=\"%d\" must be higher "
                           "than the previous grade's %d (grades run from lowest to highest "
                           "readiness)"), grade->id, grade->below, previous_below);
      return FALSE;
    }
  return TRUE;
}

static gboolean
parse_grades (AdmRuleset  *self,
              xmlNode     *section,
              GError     **error)
{
  g_autoptr(GHashTable) seen = new_seen_table ();
  int previous_below = G_MININT;

  for (xmlNode *node = adm_xml_first_element (section, "grade"); node != NULL;
       node = adm_xml_next_element (node, "grade"))
    {
      g_autoptr(AdmReadinessGrade) grade = g_new0 (AdmReadinessGrade, 1);
      g_autofree char *below = adm_xml_get_string (node, "below");
      gboolean last = adm_xml_next_element (node, "grade") == NULL;
      long other;

      if ((grade->id = require_attr (node, "id", self->path, error)) == NULL ||
          (grade->name = require_attr (node, "name", self->path, error)) == NULL ||
          !adm_xml_get_int (node, "below", FALSE, G_MAXINT, &grade->below, self->path, error) ||
          !adm_xml_get_int (node, "modifier", TRUE, 0, &grade->modifier, self->path, error) ||
          !adm_xml_get_int (node, "fire-distribution-modifier", TRUE, 0,
                            &grade->fire_distribution_modifier, self->path, error))
        return FALSE;

      if ((other = remember_id (seen, grade->id, node)) != 0)
        {
          adm_xml_set_error (error, self->path, node,
                             _("two readiness grades have the id “%s”; the other is on line %ld"),
                             grade->id, other);
          return FALSE;
        }
      if (!check_grade_limit (self, node, grade, below != NULL, last, previous_below, error))
        return FALSE;

      previous_below = grade->below;
      grade->name = translated (grade->name);
      g_ptr_array_add (self->grades, g_steal_pointer (&grade));
    }
  return TRUE;
}

/* Rulings */

static gboolean
parse_option (AdmRuleset  *self,
              AdmRuling   *ruling,
              xmlNode     *node,
              GError     **error)
{
  g_autofree char *value = require_attr (node, "value", self->path, error);

  if (value == NULL)
    return FALSE;
  if (g_ptr_array_find_with_equal_func (ruling->options, value, g_str_equal, NULL))
    {
      adm_xml_set_error (error, self->path, node,
                         _("ruling “%s” lists the option “%s” twice"), ruling->id, value);
      return FALSE;
    }
  g_ptr_array_add (ruling->options, g_steal_pointer (&value));
  g_ptr_array_add (ruling->option_names, translated (normalized_text (node)));
  return TRUE;
}

/* An option the engine does not implement would quietly act as the default. */
static gboolean
check_ruling_implemented (AdmRuleset  *self,
                          AdmRuling   *ruling,
                          xmlNode     *node,
                          GError     **error)
{
  for (guint i = 0; i < G_N_ELEMENTS (known_rulings); i++)
    {
      const char * const *values = known_rulings[i].values;

      if (!g_str_equal (known_rulings[i].id, ruling->id))
        continue;
      for (guint o = 0; o < ruling->options->len; o++)
        if (!g_strv_contains (values, g_ptr_array_index (ruling->options, o)))
          {
            g_autofree char *known = g_strjoinv (", ", (char **) values);

            adm_xml_set_error (error, self->path, node,
                               _("ruling “%s” offers the option “%s”, which Admiralty does "
                                 "not implement (it knows: %s)"),
                               ruling->id, (const char *) g_ptr_array_index (ruling->options, o),
                               known);
            return FALSE;
          }
    }
  return TRUE;
}

static AdmRuling *
parse_ruling (AdmRuleset  *self,
              xmlNode     *node,
              GError     **error)
{
  g_autoptr(AdmRuling) ruling = g_new0 (AdmRuling, 1);
  xmlNode *description;

  ruling->options = g_ptr_array_new_with_free_func (g_free);
  ruling->option_names = g_ptr_array_new_with_free_func (g_free);
  if ((ruling->id = require_attr (node, "id", self->path, error)) == NULL ||
      (ruling->name = require_attr (node, "name", self->path, error)) == NULL ||
      (ruling->clause = require_attr (node, "clause", self->path, error)) == NULL ||
      (ruling->default_value = require_attr (node, "default", self->path, error)) == NULL)
    return NULL;

  for (xmlNode *option = adm_xml_first_element (node, "option"); option != NULL;
       option = adm_xml_next_element (option, "option"))
    if (!parse_option (self, ruling, option, error))
      return NULL;

  if (!g_ptr_array_find_with_equal_func (ruling->options, ruling->default_value,
                                         g_str_equal, NULL))
    {
      g_autofree char *options = join_ids (ruling->options);

      adm_xml_set_error (error, self->path, node,
                         _("ruling “%s” has the default “%s”, which is not one of its "
                           "options (%s)"), ruling->id, ruling->default_value, options);
      return NULL;
    }
  if (!check_ruling_implemented (self, ruling, node, error))
    return NULL;

  description = adm_xml_first_element (node, "description");
  ruling->description = description != NULL ? translated (normalized_text (description))
                                             : g_strdup ("");
  ruling->name = translated (ruling->name);
  ruling->value = g_strdup (ruling->default_value);
  return g_steal_pointer (&ruling);
}

#define DEFAULTS_RESOURCE "/io/github/admiralty/Admiralty/schema/ruleset-defaults.xml"

static xmlNode *defaults_root (void);

static gboolean
parse_rulings (AdmRuleset  *self,
               xmlNode     *section,
               GError     **error)
{
  g_autoptr(GHashTable) seen = new_seen_table ();

  for (xmlNode *node = adm_xml_first_element (section, "ruling"); node != NULL;
       node = adm_xml_next_element (node, "ruling"))
    {
      AdmRuling *ruling = parse_ruling (self, node, error);
      long other;

      if (ruling == NULL)
        return FALSE;
      g_ptr_array_add (self->rulings, ruling);
      if ((other = remember_id (seen, ruling->id, node)) != 0)
        {
          adm_xml_set_error (error, self->path, node,
                             _("two rulings have the id “%s”; the other is on line %ld"),
                             ruling->id, other);
          return FALSE;
        }
      g_hash_table_insert (self->rulings_by_id, ruling->id, ruling);
    }
  /* The rulings added after campaigns began to carry their season: one a season has not (a
   * campaign saved before) plays by ruleset-defaults.xml's, whose default is the reading the
   * engine played before the ruling was named; the season itself is carried as read. */
  section = adm_xml_first_element (defaults_root (), "rulings");
  for (xmlNode *node = section != NULL ? adm_xml_first_element (section, "ruling") : NULL;
       node != NULL; node = adm_xml_next_element (node, "ruling"))
    {
      g_autofree char *id = adm_xml_get_string (node, "id");
      AdmRuling *ruling;

      if (id == NULL || g_hash_table_contains (self->rulings_by_id, id))
        continue;
      ruling = parse_ruling (self, node, error);
      if (ruling == NULL)
        g_error ("Built-in %s: %s", DEFAULTS_RESOURCE, (*error)->message);
      g_ptr_array_add (self->rulings, ruling);
      g_hash_table_insert (self->rulings_by_id, ruling->id, ruling);
    }
  return TRUE;
}

/* Placements (F-STRAT-15, F-TAC-1) */

static gboolean
parse_length (AdmRuleset  *self,
              xmlNode     *node,
              const char  *name,
              double      *out,
              GError     **error)
{
  g_autofree char *text = require_attr (node, name, self->path, error);
  char *end = NULL;

  if (text == NULL)
    return FALSE;
  *out = g_ascii_strtod (text, &end);
  if (end == text || *end != '\0' || *out < 0)
    {
      adm_xml_set_error (error, self->path, node,
                         _("<%s> has %s=“%s”; it should be a length in cm, 0 or more"),
                         (const char *) node->name, name, text);
      return FALSE;
    }
  return TRUE;
}

static AdmPlacement *
parse_placement (AdmRuleset  *self,
                 xmlNode     *node,
                 GError     **error)
{
  g_autoptr(AdmPlacement) placement = g_new0 (AdmPlacement, 1);
  g_autofree char *arrangement = NULL, *facing = NULL;
  xmlNode *description;

  if ((placement->id = require_attr (node, "id", self->path, error)) == NULL ||
      (placement->name = require_attr (node, "name", self->path, error)) == NULL ||
      (arrangement = require_attr (node, "arrangement", self->path, error)) == NULL ||
      (facing = require_attr (node, "facing", self->path, error)) == NULL ||
      !parse_length (self, node, "spacing", &placement->spacing, error) ||
      !parse_length (self, node, "formation-gap", &placement->formation_gap, error) ||
      !parse_length (self, node, "setback", &placement->setback, error) ||
      !adm_xml_get_int (node, "files", FALSE, 1, &placement->files, self->path, error))
    return NULL;
  if (placement->files < 1)
    {
      adm_xml_set_error (error, self->path, node,
                         _("placement “%s” has %d files; a rank holds one ship at least"),
                         placement->id, placement->files);
      return NULL;
    }
  if (g_str_equal (arrangement, "column"))
    placement->arrangement = ADM_ARRANGEMENT_COLUMN;
  else if (g_str_equal (arrangement, "block"))
    placement->arrangement = ADM_ARRANGEMENT_BLOCK;
  else
    placement->arrangement = ADM_ARRANGEMENT_LINE_ABREAST;
  placement->along_line = g_str_equal (facing, "along-line");
  description = adm_xml_first_element (node, "description");
  placement->description = translated (description != NULL ? normalized_text (description)
                                                            : g_strdup (""));
  placement->name = translated (placement->name);
  return g_steal_pointer (&placement);
}

/* Looks up the placement that attribute @name of @node names, or says which exist. */
static const AdmPlacement *
placement_reference (AdmRuleset  *self,
                     xmlNode     *node,
                     const char  *name,
                     GError     **error)
{
  g_autofree char *id = require_attr (node, name, self->path, error);
  const AdmPlacement *placement;
  g_autoptr(GPtrArray) ids = NULL;
  g_autofree char *known = NULL;

  if (id == NULL)
    return NULL;
  placement = g_hash_table_lookup (self->placements_by_id, id);
  if (placement != NULL)
    return placement;
  ids = g_ptr_array_new ();
  for (guint i = 0; i < self->placements->len; i++)
    g_ptr_array_add (ids, ((AdmPlacement *) g_ptr_array_index (self->placements, i))->id);
  known = join_ids (ids);
  adm_xml_set_error (error, self->path, node,
                     _("<%s> names the placement “%s”, which the ruleset does not define "
                       "(it has: %s)"), (const char *) node->name, id, known);
  return NULL;
}

static gboolean
parse_placement_orders (AdmRuleset  *self,
                        xmlNode     *section,
                        GError     **error)
{
  g_autoptr(GHashTable) seen = new_seen_table ();

  for (xmlNode *node = adm_xml_first_element (section, "order"); node != NULL;
       node = adm_xml_next_element (node, "order"))
    {
      g_autofree char *kind = require_attr (node, "kind", self->path, error);
      const AdmPlacement *placement;
      long other;

      if (kind == NULL ||
          (placement = placement_reference (self, node, "placement", error)) == NULL)
        return FALSE;
      if ((other = remember_id (seen, kind, node)) != 0)
        {
          adm_xml_set_error (error, self->path, node,
                             _("two entries give the placement for “%s” orders; the other is "
                               "on line %ld"), kind, other);
          return FALSE;
        }
      g_hash_table_insert (self->order_placements, g_steal_pointer (&kind), (gpointer) placement);
    }
  return TRUE;
}

static gboolean
parse_placements (AdmRuleset  *self,
                  xmlNode     *section,
                  GError     **error)
{
  g_autoptr(GHashTable) seen = new_seen_table ();

  for (xmlNode *node = adm_xml_first_element (section, "placement"); node != NULL;
       node = adm_xml_next_element (node, "placement"))
    {
      AdmPlacement *placement = parse_placement (self, node, error);
      long other;

      if (placement == NULL)
        return FALSE;
      g_ptr_array_add (self->placements, placement);
      if ((other = remember_id (seen, placement->id, node)) != 0)
        {
          adm_xml_set_error (error, self->path, node,
                             _("two placements have the id “%s”; the other is on line %ld"),
                             placement->id, other);
          return FALSE;
        }
      g_hash_table_insert (self->placements_by_id, placement->id, placement);
    }
  if ((self->default_placement = placement_reference (self, section, "default", error)) == NULL ||
      (self->check_failed_placement =
         placement_reference (self, section, "check-failed", error)) == NULL)
    return FALSE;
  return parse_placement_orders (self, section, error);
}

/* Table layout (F-TAC-1) */

/* A length of the layout: more than 0 cm (the schema says so; this keeps a slip from
 * drawing nothing). */
static gboolean
parse_layout_length (AdmRuleset  *self,
                     xmlNode     *node,
                     const char  *name,
                     double      *out,
                     GError     **error)
{
  if (!parse_length (self, node, name, out, error))
    return FALSE;
  if (*out > 0)
    return TRUE;
  adm_xml_set_error (error, self->path, node, _("<%s> has %s=“0”; it should be more than 0 cm"),
                     (const char *) node->name, name);
  return FALSE;
}

/* F-ORB-1: the orbits are circles outside the planet's mark, innermost first. */
static gboolean
parse_layout_orbits (AdmRuleset     *self,
                     xmlNode        *node,
                     AdmTableLayout *layout,
                     GError        **error)
{
  g_autofree char *text = require_attr (node, "orbits", self->path, error);
  g_auto(GStrv) radii = NULL;
  double inner = layout->planet_diameter / 2;

  if (text == NULL)
    return FALSE;
  radii = g_strsplit_set (g_strstrip (text), " \t\n", -1);
  for (guint i = 0; radii[i] != NULL; i++)
    {
      char *end = NULL;
      double radius;

      if (radii[i][0] == '\0')
        continue;
      radius = g_ascii_strtod (radii[i], &end);
      if (end == radii[i] || *end != '\0' || !(radius > inner))
        {
          adm_xml_set_error (error, self->path, node,
                             _("orbit radius “%s” must be a number of cm greater than %g, the "
                               "planet's radius or the orbit inside it"), radii[i], inner);
          return FALSE;
        }
      g_array_append_val (layout->orbits, radius);
      inner = radius;
    }
  if (layout->orbits->len == 0)
    {
      adm_xml_set_error (error, self->path, node, _("<table-layout> needs at least one orbit"));
      return FALSE;
    }
  return TRUE;
}

static gboolean
parse_table_layout (AdmRuleset  *self,
                    xmlNode     *node,
                    GError     **error)
{
  g_autoptr(AdmTableLayout) layout = g_new0 (AdmTableLayout, 1);
  xmlNode *description;
  int orbit = 0;

  layout->orbits = g_array_new (FALSE, FALSE, sizeof (double));
  if (!parse_layout_length (self, node, "planet-diameter", &layout->planet_diameter, error) ||
      !parse_layout_orbits (self, node, layout, error) ||
      !adm_xml_get_int (node, "station-orbit", TRUE, 1, &orbit, self->path, error) ||
      !parse_layout_length (self, node, "station-diameter", &layout->station_diameter, error) ||
      !parse_layout_length (self, node, "wormhole-exit", &layout->wormhole_exit, error) ||
      !adm_xml_get_int (node, "mine-reach", TRUE, 1, &layout->mine_reach, self->path, error) ||
      !adm_xml_get_int (node, "mine-strength", TRUE, 1, &layout->mine_strength, self->path,
                        error) ||
      !parse_layout_length (self, node, "clearance", &layout->clearance, error) ||
      !parse_layout_length (self, node, "scatter", &layout->scatter, error))
    return FALSE;
  if (orbit < 1 || (guint) orbit > layout->orbits->len)
    {
      adm_xml_set_error (error, self->path, node,
                         _("stations keep orbit %d, but the layout has orbits 1 to %u"),
                         orbit, layout->orbits->len);
      return FALSE;
    }
  layout->station_orbit = (guint) orbit;
  if (layout->mine_reach < 1 || layout->mine_strength < 1)
    {
      adm_xml_set_error (error, self->path, node,
                         _("a mine's reach and strength are whole numbers, 1 or more"));
      return FALSE;
    }
  {
    g_autofree char *charge = adm_xml_get_string (node, "mine-charge");

    layout->mine_torpedo = g_strcmp0 (charge, "torpedo") == 0;
  }
  description = adm_xml_first_element (node, "description");
  layout->description = translated (description != NULL ? normalized_text (description)
                                                        : g_strdup (""));
  self->table_layout = g_steal_pointer (&layout);
  return TRUE;
}

/* A ruleset without <placements>: the facing line abreast that battles set up from a sector
 * have always used. */
static void
add_builtin_placement (AdmRuleset *self)
{
  AdmPlacement *placement = g_new0 (AdmPlacement, 1);

  placement->id = g_strdup ("attack-formation");
  placement->name = g_strdup (adm_source_text_translate (N_("Attack formation")));
  placement->description = g_strdup (_("Line abreast at the front, heading at the enemy."));
  placement->arrangement = ADM_ARRANGEMENT_LINE_ABREAST;
  placement->spacing = 3;
  placement->formation_gap = 8;
  placement->files = 1;
  g_ptr_array_add (self->placements, placement);
  g_hash_table_insert (self->placements_by_id, placement->id, placement);
  self->default_placement = self->check_failed_placement = placement;
}

/* Classes file: factions */

static gboolean
is_colour (const char *text)
{
  double rgb[3];

  return adm_colour_parse (text, rgb);
}

static gboolean
parse_faction (AdmRuleset  *self,
               const char  *file,
               xmlNode     *node,
               GHashTable  *seen,
               GError     **error)
{
  g_autoptr(AdmFaction) faction = g_new0 (AdmFaction, 1);
  g_autofree char *symbol = adm_xml_get_string (node, "symbol");
  long other;

  if ((faction->id = require_attr (node, "id", file, error)) == NULL ||
      (faction->name = require_attr (node, "name", file, error)) == NULL ||
      (faction->colour = require_attr (node, "colour", file, error)) == NULL ||
      !adm_xml_get_int (node, "boarding-bonus", TRUE, 0, &faction->boarding_bonus, file, error))
    return FALSE;

  if ((other = remember_id (seen, faction->id, node)) != 0)
    {
      adm_xml_set_error (error, file, node,
                         _("two factions have the id “%s”; the other is on line %ld"),
                         faction->id, other);
      return FALSE;
    }
  if (!is_colour (faction->colour))
    {
      adm_xml_set_error (error, file, node,
                         _("faction “%s” has the colour “%s”; a colour is written #rrggbb, "
                           "for example #8b1e1e"), faction->id, faction->colour);
      return FALSE;
    }

  if (symbol == NULL)
    faction->symbol = ADM_N_FACTION_SYMBOLS;  /* handed out once all are read */
  else if (!adm_faction_symbol_from_name (symbol, &faction->symbol))
    {
      g_autofree char *names = adm_faction_symbol_list_names ();

      adm_xml_set_error (error, file, node,
                         _("faction “%s” has the symbol “%s”, which is none of the symbols "
                           "the tables draw (%s)"), faction->id, symbol, names);
      return FALSE;
    }

  faction->name = translated (faction->name);
  g_hash_table_insert (self->factions_by_id, faction->id, faction);
  g_ptr_array_add (self->factions, g_steal_pointer (&faction));
  return TRUE;
}

/* Classes file: weapons */

static gboolean
parse_arcs (const char  *text,
            const char  *file,
            xmlNode     *node,
            AdmArcs     *out,
            GError     **error)
{
  g_auto(GStrv) words = g_strsplit_set (text, " \t\r\n", -1);
  AdmArcs arcs = 0;

  for (guint i = 0; words[i] != NULL; i++)
    {
      AdmArcs arc = 0;

      if (words[i][0] == '\0')
        continue;
      for (guint a = 0; a < G_N_ELEMENTS (arc_names); a++)
        if (g_str_equal (words[i], arc_names[a]))
          arc = 1 << a;

      if (arc == 0 || (arcs & arc) != 0)
        {
          adm_xml_set_error (error, file, node,
                             arc == 0 ? _("unknown firing arc “%s”: arcs are bow, stern, port "
                                          "and starboard")
                                      : _("the firing arc “%s” is named twice"),
                             words[i]);
          return FALSE;
        }
      arcs |= arc;
    }

  if (arcs == 0)
    {
      adm_xml_set_error (error, file, node, _("a weapon needs at least one firing arc"));
      return FALSE;
    }
  *out = arcs;
  return TRUE;
}

static gboolean
weapon_type_from_string (const char    *text,
                         AdmWeaponType *out)
{
  for (AdmWeaponType type = ADM_WEAPON_DESTRUCTOR; type <= ADM_WEAPON_MINE; type++)
    if (g_str_equal (text, adm_weapon_type_to_string (type)))
      {
        *out = type;
        return TRUE;
      }
  return FALSE;
}

static AdmWeapon *
parse_weapon (const char  *file,
              xmlNode     *node,
              GError     **error)
{
  g_autoptr(AdmWeapon) weapon = g_new0 (AdmWeapon, 1);
  g_autofree char *type = NULL;
  g_autofree char *arcs = NULL;

  if ((weapon->id = require_attr (node, "id", file, error)) == NULL ||
      (weapon->name = require_attr (node, "name", file, error)) == NULL ||
      (type = require_attr (node, "type", file, error)) == NULL ||
      (arcs = require_attr (node, "arcs", file, error)) == NULL ||
      !adm_xml_get_int (node, "firepower", TRUE, 0, &weapon->firepower, file, error) ||
      !adm_xml_get_int (node, "range", TRUE, 0, &weapon->range, file, error) ||
      !adm_xml_get_int (node, "torpedo-speed", FALSE, 0, &weapon->torpedo_speed, file, error) ||
      !adm_xml_get_int (node, "torpedo-turns", FALSE, 0, &weapon->torpedo_turns, file, error))
    return NULL;

  if (!weapon_type_from_string (type, &weapon->type))
    {
      adm_xml_set_error (error, file, node,
                         _("unknown weapon type “%s”: types are destructor, artillery, "
                           "torpedo and mine"), type);
      return NULL;
    }
  /* F-WPN-1: destructors, artillery and torpedoes reach their targets over a range; mines
   * alone are laid where the ship is (range 0). */
  if (weapon->range == 0 && weapon->type != ADM_WEAPON_MINE)
    {
      adm_xml_set_error (error, file, node,
                         /* Translators: the second %s is the weapon's type as the file
                          * names it: destructor, artillery or torpedo */
                         _("weapon “%s” (%s) has range 0: a weapon with no range fires at "
                           "nothing; only mines have none"), weapon->name, type);
      return NULL;
    }
  if (!parse_arcs (arcs, file, node, &weapon->arcs, error))
    return NULL;

  weapon->name = translated (weapon->name);
  return g_steal_pointer (&weapon);
}

/* Classes file: classes */

static gboolean
category_from_string (const char  *text,
                      AdmCategory *out)
{
  for (AdmCategory category = ADM_CATEGORY_CAPITAL; category <= ADM_CATEGORY_STATION;
       category++)
    if (g_str_equal (text, adm_category_to_string (category)))
      {
        *out = category;
        return TRUE;
      }
  return FALSE;
}

static gboolean
parse_class_numbers (AdmShipClass  *klass,
                     const char    *file,
                     xmlNode       *node,
                     GError       **error)
{
  return adm_xml_get_int (node, "speed", TRUE, 0, &klass->speed, file, error) &&
         adm_xml_get_int (node, "turn", TRUE, 0, &klass->turn, file, error) &&
         adm_xml_get_int (node, "hull", TRUE, 0, &klass->hull, file, error) &&
         adm_xml_get_int (node, "armour", TRUE, 0, &klass->armour, file, error) &&
         adm_xml_get_int (node, "shields", TRUE, 0, &klass->shields, file, error) &&
         adm_xml_get_int (node, "turrets", TRUE, 0, &klass->turrets, file, error) &&
         adm_xml_get_int (node, "ecm-attack", TRUE, 0, &klass->ecm_attack, file, error) &&
         adm_xml_get_int (node, "ecm-defence", TRUE, 0, &klass->ecm_defence, file, error) &&
         /* F-SWEEP-3: the number of anti-mine devices is on the minesweeper's card. */
         adm_xml_get_int (node, "sweep-devices", FALSE, 0, &klass->sweep_devices, file, error);
}

static gboolean
parse_class_weapons (AdmShipClass  *klass,
                     const char    *file,
                     xmlNode       *node,
                     GError       **error)
{
  g_autoptr(GHashTable) seen = new_seen_table ();

  for (xmlNode *child = adm_xml_first_element (node, "weapon"); child != NULL;
       child = adm_xml_next_element (child, "weapon"))
    {
      AdmWeapon *weapon = parse_weapon (file, child, error);
      long other;

      if (weapon == NULL)
        return FALSE;
      g_ptr_array_add (klass->weapons, weapon);
      if ((other = remember_id (seen, weapon->id, child)) != 0)
        {
          adm_xml_set_error (error, file, child,
                             _("class “%s” has two weapons with the id “%s”; the other is on "
                               "line %ld"), klass->id, weapon->id, other);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
resolve_class_type (AdmRuleset    *self,
                    AdmShipClass  *klass,
                    const char    *type,
                    const char    *file,
                    xmlNode       *node,
                    GError       **error)
{
  g_autoptr(GPtrArray) ids = NULL;
  g_autofree char *known = NULL;

  klass->type = g_hash_table_lookup (self->types_by_id, type);
  if (klass->type != NULL)
    return TRUE;

  ids = g_ptr_array_new ();
  for (guint i = 0; i < self->ship_types->len; i++)
    g_ptr_array_add (ids, ((AdmShipType *) g_ptr_array_index (self->ship_types, i))->id);
  known = join_ids (ids);
  adm_xml_set_error (error, file, node,
                     _("class “%s” has the type “%s”, which ruleset “%s” does not define "
                       "(its ship types are: %s)"), klass->id, type, self->id, known);
  return FALSE;
}

static gboolean
parse_class (AdmRuleset  *self,
             const char  *file,
             xmlNode     *node,
             GHashTable  *seen,
             GError     **error)
{
  g_autoptr(AdmShipClass) klass = g_new0 (AdmShipClass, 1);
  g_autofree char *type = NULL;
  g_autofree char *category = NULL;
  long other;

  klass->weapons = g_ptr_array_new_with_free_func ((GDestroyNotify) weapon_free);
  if ((klass->id = require_attr (node, "id", file, error)) == NULL ||
      (klass->name = require_attr (node, "name", file, error)) == NULL ||
      (type = require_attr (node, "type", file, error)) == NULL ||
      (category = require_attr (node, "category", file, error)) == NULL ||
      !parse_class_numbers (klass, file, node, error))
    return FALSE;

  if ((other = remember_id (seen, klass->id, node)) != 0)
    {
      adm_xml_set_error (error, file, node,
                         _("two classes have the id “%s”; the other is on line %ld"),
                         klass->id, other);
      return FALSE;
    }
  if (!resolve_class_type (self, klass, type, file, node, error))
    return FALSE;
  if (!category_from_string (category, &klass->category))
    {
      adm_xml_set_error (error, file, node,
                         _("class “%s” has the category “%s”; categories are capital, escort, "
                           "auxiliary and station"), klass->id, category);
      return FALSE;
    }
  /* F-MOVE-11: some ships (the Illyrian-built Ariel) may turn at any point of their move. */
  klass->turn_anywhere = adm_xml_get_boolean (node, "turn-anywhere", FALSE);
  klass->special_shield = adm_xml_get_boolean (node, "special-shield", FALSE);
  if (!parse_class_weapons (klass, file, node, error))
    return FALSE;

  klass->name = translated (klass->name);
  g_hash_table_insert (self->classes_by_id, klass->id, klass);
  g_ptr_array_add (self->classes, g_steal_pointer (&klass));
  return TRUE;
}

/* A season written before factions had symbols still loads: each faction without one takes
 * the first symbol no faction of the season has ("symbols in order", adm-faction-symbol.h),
 * so that the sides of an old campaign are told apart by their symbols too. */
static void
default_symbols (AdmRuleset *self)
{
  gboolean taken[ADM_N_FACTION_SYMBOLS] = { FALSE, };

  for (guint i = 0; i < self->factions->len; i++)
    {
      const AdmFaction *faction = g_ptr_array_index (self->factions, i);

      if (faction->symbol < ADM_N_FACTION_SYMBOLS)
        taken[faction->symbol] = TRUE;
    }
  for (guint i = 0; i < self->factions->len; i++)
    {
      AdmFaction *faction = g_ptr_array_index (self->factions, i);

      if (faction->symbol == ADM_N_FACTION_SYMBOLS)
        faction->symbol = adm_faction_symbol_default (taken, i);
    }
}

/* The <classes> element @root (classes.rng) of ruleset @self, from @file. */
static gboolean
parse_classes (AdmRuleset  *self,
               xmlNode     *root,
               const char  *file,
               GError     **error)
{
  g_autoptr(GHashTable) seen_factions = new_seen_table ();
  g_autoptr(GHashTable) seen_classes = new_seen_table ();
  g_autofree char *ruleset = NULL;

  if ((ruleset = require_attr (root, "ruleset", file, error)) == NULL)
    return FALSE;
  if (!g_str_equal (ruleset, self->id))
    {
      adm_xml_set_error (error, file, root,
                         _("these classes are for ruleset “%s”, but they were loaded for "
                           "ruleset “%s”"), ruleset, self->id);
      return FALSE;
    }

  for (xmlNode *node = adm_xml_first_element (root, NULL); node != NULL;
       node = adm_xml_next_element (node, NULL))
    {
      if (adm_xml_is (node, "faction") &&
          !parse_faction (self, file, node, seen_factions, error))
        return FALSE;
      if (adm_xml_is (node, "class") && !parse_class (self, file, node, seen_classes, error))
        return FALSE;
    }
  default_symbols (self);
  return TRUE;
}

/* Loading */

/* Numbers a ruleset may leave out */

/* Generated by glib-compile-resources from resources/admiralty-engine.gresource.xml. */
GResource *adm_engine_get_resource (void);

/* The bundled ruleset-defaults.xml, read once. */
static xmlNode *
defaults_root (void)
{
  static gsize once;
  static xmlDoc *doc;

  if (g_once_init_enter (&once))
    {
      g_autoptr(GBytes) bytes = g_resource_lookup_data (adm_engine_get_resource (),
                                                        DEFAULTS_RESOURCE,
                                                        G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
      g_autoptr(GError) error = NULL;

      /* A broken built-in file is a bug in Admiralty, not in the master's rules. */
      if (bytes == NULL)
        g_error ("Built-in %s is missing", DEFAULTS_RESOURCE);
      doc = adm_xml_parse_memory (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                                  "ruleset-defaults.xml", &error);
      if (doc == NULL)
        g_error ("Built-in %s: %s", DEFAULTS_RESOURCE, error->message);
      g_once_init_leave (&once, 1);
    }
  return xmlDocGetRootElement (doc);
}

/* The element @name of @root; when the ruleset leaves it out (ruleset.rng allows it for the
 * elements added after campaigns began to carry their season), ruleset-defaults.xml's, so
 * that a season saved before the element existed plays as it played then. *@file gets the
 * file to name in errors. */
static xmlNode *
element_or_default (AdmRuleset  *self,
                    xmlNode     *root,
                    const char  *name,
                    const char **file)
{
  xmlNode *node = adm_xml_first_element (root, name);

  *file = self->path;
  if (node != NULL)
    return node;
  *file = "ruleset-defaults.xml";
  node = adm_xml_first_element (defaults_root (), name);
  if (node == NULL)
    g_error ("Built-in %s has no <%s>", DEFAULTS_RESOURCE, name);
  return node;
}

/* The child elements @child of @section, one for each of the @n_keys values of @keys in
 * attribute @attr: found[i] gets the one whose @attr is keys[i]. One given twice or left out
 * is named. ruleset.rng allows only the values of @keys. */
static gboolean
each_key_once (xmlNode            *section,
               const char         *child,
               const char         *attr,
               const char * const *keys,
               guint               n_keys,
               xmlNode           **found,
               const char         *file,
               GError            **error)
{
  memset (found, 0, n_keys * sizeof *found);
  for (xmlNode *node = adm_xml_first_element (section, child); node != NULL;
       node = adm_xml_next_element (node, child))
    {
      g_autofree char *key = NULL;
      guint i;

      if ((key = require_attr (node, attr, file, error)) == NULL)
        return FALSE;
      for (i = 0; i < n_keys; i++)
        if (g_str_equal (key, keys[i]))
          break;
      g_assert (i < n_keys);
      if (found[i] != NULL)
        {
          adm_xml_set_error (error, file, node, _("<%s> has a second <%s %s=\"%s\">"),
                             (const char *) section->name, child, attr, key);
          return FALSE;
        }
      found[i] = node;
    }
  for (guint i = 0; i < n_keys; i++)
    if (found[i] == NULL)
      {
        adm_xml_set_error (error, file, section, _("<%s> has no <%s %s=\"%s\">"),
                           (const char *) section->name, child, attr, keys[i]);
        return FALSE;
      }
  return TRUE;
}

static const char * const critical_sources[ADM_N_CRITICAL_SOURCES] = {
  [ADM_CRITICAL_SOURCE_ARTILLERY] = "artillery",
  [ADM_CRITICAL_SOURCE_TORPEDO] = "torpedo",
  [ADM_CRITICAL_SOURCE_PLASMA_MINE] = "plasma-mine",
  [ADM_CRITICAL_SOURCE_RAMMING] = "ramming",
  [ADM_CRITICAL_SOURCE_EXPLOSION] = "explosion",
  [ADM_CRITICAL_SOURCE_FIRE] = "fire",
};

/* F-CRIT-1: <critical-checks>, each source once. */
static gboolean
parse_critical_checks (AdmRuleset  *self,
                       xmlNode     *section,
                       const char  *file,
                       GError     **error)
{
  xmlNode *checks[ADM_N_CRITICAL_SOURCES];

  if (!each_key_once (section, "check", "source", critical_sources, ADM_N_CRITICAL_SOURCES,
                      checks, file, error))
    return FALSE;
  for (guint i = 0; i < ADM_N_CRITICAL_SOURCES; i++)
    if ((self->critical_clause[i] = require_attr (checks[i], "clause", file, error)) == NULL ||
        !adm_xml_get_int (checks[i], "on", TRUE, 0, &self->critical_on[i], file, error))
      return FALSE;
  return TRUE;
}

static const char * const explosion_clauses[ADM_N_EXPLOSIONS] = {
  [ADM_EXPLOSION_PLASMA_OVERLOAD] = "F-CAT-12",
  [ADM_EXPLOSION_NECKLIN_RIFT] = "F-CAT-13",
};

static const char * const boarding_modifier_clauses[ADM_N_BOARDING_MODIFIERS] = {
  [ADM_BOARDING_MODIFIER_HIT] = "F-BOARD-3",
  [ADM_BOARDING_MODIFIER_DAMAGED] = "F-BOARD-4",
  [ADM_BOARDING_MODIFIER_COMBAT_ORDER] = "F-BOARD-5",
  [ADM_BOARDING_MODIFIER_FAILED_ORDER] = "F-BOARD-6",
};

static const char * const boarding_ratio_clauses[ADM_N_BOARDING_RATIOS] = {
  [ADM_BOARDING_RATIO_HIGHER] = "F-BOARD-9",
  [ADM_BOARDING_RATIO_TWICE] = "F-BOARD-10",
  [ADM_BOARDING_RATIO_THREE_TIMES] = "F-BOARD-11",
  [ADM_BOARDING_RATIO_FOUR_TIMES] = "F-BOARD-12",
};

static const char * const takeover_clauses[ADM_N_TAKEOVER_SHARES] = {
  [ADM_TAKEOVER_PRIZE] = "F-BOARD-17",
  [ADM_TAKEOVER_CAPTOR] = "F-BOARD-18",
};

static const char * const dice_clauses[ADM_N_DICE_ROLLS] = {
  [ADM_DICE_CRITICAL_TABLE] = "F-CRIT-2",
  [ADM_DICE_CATASTROPHIC_TABLE] = "F-CAT-3",
  [ADM_DICE_DAMAGE_CONTROL] = "F-DC-2",
  [ADM_DICE_READINESS] = "F-RDY-2",
  [ADM_DICE_EXPLOSION_RADIUS] = "F-CAT-12",
  [ADM_DICE_HULK_DRIFT] = "F-CAT-10",
  [ADM_DICE_BURNING_HULK_DRIFT] = "F-CAT-11",
  [ADM_DICE_ALL_AHEAD_FULL] = "F-MOVE-17",
  [ADM_DICE_DETECTION] = "F-ECM-5",
  [ADM_DICE_BOARDING] = "F-BOARD-13",
  [ADM_DICE_ORBIT_DECAY] = "F-STN-13",
};

/* A section of numbers keyed by clause (<explosion-strength>, <dice-counts>): each child
 * @child once for each of the @n_keys clauses of @clauses, values[i] getting the attribute
 * @attr of clauses[i]'s. */
static gboolean
parse_keyed_numbers (xmlNode            *section,
                     const char         *child,
                     const char * const *clauses,
                     guint               n_keys,
                     const char         *attr,
                     int                *values,
                     const char         *file,
                     GError            **error)
{
  g_autofree xmlNode **nodes = g_new (xmlNode *, n_keys);

  if (!each_key_once (section, child, "clause", clauses, n_keys, nodes, file, error))
    return FALSE;
  for (guint i = 0; i < n_keys; i++)
    if (!adm_xml_get_int (nodes[i], attr, TRUE, 0, &values[i], file, error))
      return FALSE;
  return TRUE;
}

/* F-BOARD-3, F-BOARD-4, F-BOARD-5, F-BOARD-6: <boarding-modifiers>, each clause once, with
 * F-BOARD-3's hull points. */
static gboolean
parse_boarding_modifiers (AdmRuleset  *self,
                          xmlNode     *section,
                          const char  *file,
                          GError     **error)
{
  xmlNode *nodes[ADM_N_BOARDING_MODIFIERS];

  if (!each_key_once (section, "modifier", "clause", boarding_modifier_clauses,
                      ADM_N_BOARDING_MODIFIERS, nodes, file, error))
    return FALSE;
  for (guint i = 0; i < ADM_N_BOARDING_MODIFIERS; i++)
    if (!adm_xml_get_int (nodes[i], "penalty", TRUE, 0, &self->boarding_penalty[i], file, error))
      return FALSE;
  return adm_xml_get_int (nodes[ADM_BOARDING_MODIFIER_HIT], "hull", TRUE, 0,
                          &self->boarding_hit_hull, file, error);
}

/* The whitespace-separated words of an attribute holding a list of ids (ruleset.rng's
 * <list>), none empty. */
static char **
id_list (const char *text)
{
  g_auto(GStrv) words = g_strsplit_set (text, " \t\r\n", -1);
  g_autoptr(GStrvBuilder) ids = g_strv_builder_new ();

  for (guint i = 0; words[i] != NULL; i++)
    if (words[i][0] != '\0')
      g_strv_builder_add (ids, words[i]);
  return g_strv_builder_end (ids);
}

/* F-DC-1: <damage-control-attempts>, its extra-grades the ids of readiness grades (F-RDY-5).
 * A season's own element naming a grade its <readiness-grades> has not is refused (a typo);
 * ruleset-defaults.xml's ids a season has not are matched by no crew, as before they were
 * the ruleset's. */
static gboolean
parse_damage_control_attempts (AdmRuleset  *self,
                               xmlNode     *section,
                               const char  *file,
                               GError     **error)
{
  g_autofree char *text = NULL;

  if (!adm_xml_get_int (section, "attempts", TRUE, 0, &self->dc_attempts, file, error) ||
      !adm_xml_get_int (section, "extra-attempts", TRUE, 0, &self->dc_extra_attempts, file,
                        error) ||
      (text = require_attr (section, "extra-grades", file, error)) == NULL)
    return FALSE;
  self->dc_extra_grades = id_list (text);
  for (guint i = 0; self->dc_extra_grades[i] != NULL; i++)
    {
      gboolean known = FALSE;

      for (guint g = 0; g < self->grades->len && !known; g++)
        known = g_strcmp0 (((AdmReadinessGrade *) g_ptr_array_index (self->grades, g))->id,
                           self->dc_extra_grades[i]) == 0;
      if (!known && g_strcmp0 (file, self->path) == 0)
        {
          adm_xml_set_error (error, file, section,
                             _("<damage-control-attempts> has extra-grades=\"%s\", and “%s” is "
                               "no readiness grade of <readiness-grades> (F-DC-1)"),
                             text, self->dc_extra_grades[i]);
          return FALSE;
        }
    }
  return TRUE;
}

/* The options of the ruling "orbit-fall-results", each one's effects in <orbit-fall>. */
static const char * const orbit_fall_options[ADM_N_ORBIT_FALL_OPTIONS] = {
  [ADM_ORBIT_FALL_CRIT_21] = "crit-21-results",
  [ADM_ORBIT_FALL_ENGINES_ONLY] = "engines-only",
};

/* F-ORB-3: <orbit-fall>, for each option of "orbit-fall-results" once the effects of the
 * ship critical table's rows that start a fall (ruleset.rng allows only effects of that
 * table). */
static gboolean
parse_orbit_fall (AdmRuleset  *self,
                  xmlNode     *section,
                  const char  *file,
                  GError     **error)
{
  xmlNode *nodes[ADM_N_ORBIT_FALL_OPTIONS];

  if (!each_key_once (section, "results", "option", orbit_fall_options,
                      ADM_N_ORBIT_FALL_OPTIONS, nodes, file, error))
    return FALSE;
  for (guint i = 0; i < ADM_N_ORBIT_FALL_OPTIONS; i++)
    {
      g_autofree char *text = require_attr (nodes[i], "effects", file, error);

      if (text == NULL)
        return FALSE;
      self->orbit_fall_effects[i] = id_list (text);
    }
  return TRUE;
}

/* F-CRIT-6: <damaged lost of>, a share of the hull no more than all of it. */
static gboolean
parse_damaged (AdmRuleset  *self,
               xmlNode     *section,
               const char  *file,
               GError     **error)
{
  if (!adm_xml_get_int (section, "lost", TRUE, 0, &self->damaged_lost, file, error) ||
      !adm_xml_get_int (section, "of", TRUE, 0, &self->damaged_of, file, error))
    return FALSE;
  if (self->damaged_lost > self->damaged_of)
    {
      adm_xml_set_error (error, file, section,
                         _("<damaged> has lost=\"%d\" of=\"%d\": a ship cannot lose more than "
                           "all its hull points (F-CRIT-6)"), self->damaged_lost,
                         self->damaged_of);
      return FALSE;
    }
  return TRUE;
}

/* One band of <range-bands>: @share of every "of" of the range, no more than all of it. */
static gboolean
parse_range_band (xmlNode     *section,
                  const char  *name,
                  const char  *share,
                  int         *within,
                  int         *of,
                  const char  *file,
                  GError     **error)
{
  xmlNode *band = require_element (section, name, file, error);

  if (band == NULL ||
      !adm_xml_get_int (band, share, TRUE, 0, within, file, error) ||
      !adm_xml_get_int (band, "of", TRUE, 0, of, file, error))
    return FALSE;
  if (*within > *of)
    {
      adm_xml_set_error (error, file, band,
                         _("<%s> has %s=\"%d\" of=\"%d\": a band cannot reach past the range "
                           "(F-ART-8, F-ART-9)"), name, share, *within, *of);
      return FALSE;
    }
  return TRUE;
}

/* F-ART-8, F-ART-9: <range-bands>, the near band within the far one. */
static gboolean
parse_range_bands (AdmRuleset  *self,
                   xmlNode     *section,
                   const char  *file,
                   GError     **error)
{
  AdmRangeBands *bands = &self->range_bands;

  if (!parse_range_band (section, "near", "within", &bands->near_within, &bands->near_of, file,
                         error) ||
      !parse_range_band (section, "far", "beyond", &bands->far_beyond, &bands->far_of, file,
                         error))
    return FALSE;
  if (bands->near_within * bands->far_of > bands->far_beyond * bands->near_of)
    {
      adm_xml_set_error (error, file, section,
                         _("<range-bands> has the near band (%d of %d) beyond the far one "
                           "(%d of %d) (F-ART-8, F-ART-9)"), bands->near_within,
                         bands->near_of, bands->far_beyond, bands->far_of);
      return FALSE;
    }
  return TRUE;
}

/* F-SWEEP-3, F-SWEEP-4, F-SWEEP-5: <minesweeping>. */
static gboolean
parse_minesweeping (AdmRuleset  *self,
                    xmlNode     *section,
                    const char  *file,
                    GError     **error)
{
  AdmMinesweeping *sweeping = &self->sweeping;
  xmlNode *reach, *still, *blunder;

  return (reach = require_element (section, "reach", file, error)) != NULL &&
         adm_xml_get_int (reach, "cm-per-device", TRUE, 0, &sweeping->cm_per_device, file,
                          error) &&
         (still = require_element (section, "still", file, error)) != NULL &&
         adm_xml_get_int (still, "cm", TRUE, 0, &sweeping->still_cm, file, error) &&
         (blunder = require_element (section, "blunder", file, error)) != NULL &&
         adm_xml_get_int (blunder, "dice", TRUE, 0, &sweeping->blunder_dice, file, error);
}

/* The numbers of <special-shield>, <gravi-destructor>, <critical-checks>,
 * <explosion-strike>, <station-catastrophic-check>, <succession>, <explosion-strength>,
 * <boarding-modifiers>, <boarding-ratios>, <takeover-readiness>, <damage-readiness>,
 * <ram-test>, <ram-shields>, <ram-return>, <orbit-change>, <damage-control-attempts>,
 * <orbit-fall>, <strategic-time>, <sector-move>, <order-time>, <dice-counts>, <formation-size>,
 * <damaged>, <range-bands> and <minesweeping>, each the ruleset's own or ruleset-defaults.xml's. */
static gboolean
parse_numbers (AdmRuleset  *self,
               xmlNode     *root,
               GError     **error)
{
  const char *file;
  xmlNode *section;

  section = element_or_default (self, root, "special-shield", &file);
  if (!adm_xml_get_int (section, "save-on", TRUE, 0, &self->shield_save_on, file, error))
    return FALSE;
  section = element_or_default (self, root, "gravi-destructor", &file);
  if (!adm_xml_get_int (section, "hit-on", TRUE, 0, &self->destructor_hit_on, file, error) ||
      !adm_xml_get_int (section, "critical-on", TRUE, 0, &self->destructor_critical_on, file,
                        error))
    return FALSE;
  section = element_or_default (self, root, "critical-checks", &file);
  if (!parse_critical_checks (self, section, file, error))
    return FALSE;
  section = element_or_default (self, root, "explosion-strike", &file);
  if (!adm_xml_get_int (section, "damage-on", TRUE, 0, &self->explosion_damage_on, file,
                        error))
    return FALSE;
  section = element_or_default (self, root, "station-catastrophic-check", &file);
  if (!adm_xml_get_int (section, "on", TRUE, 0, &self->station_catastrophic_on, file, error))
    return FALSE;
  section = element_or_default (self, root, "succession", &file);
  if (!adm_xml_get_int (section, "readiness-bonus", TRUE, 0, &self->succession_bonus, file,
                        error))
    return FALSE;
  section = element_or_default (self, root, "explosion-strength", &file);
  if (!parse_keyed_numbers (section, "blast", explosion_clauses, ADM_N_EXPLOSIONS,
                            "hull-percent", self->explosion_percent, file, error))
    return FALSE;
  section = element_or_default (self, root, "boarding-modifiers", &file);
  if (!parse_boarding_modifiers (self, section, file, error))
    return FALSE;
  section = element_or_default (self, root, "boarding-ratios", &file);
  if (!parse_keyed_numbers (section, "ratio", boarding_ratio_clauses, ADM_N_BOARDING_RATIOS,
                            "times", self->boarding_times, file, error) ||
      !parse_keyed_numbers (section, "ratio", boarding_ratio_clauses, ADM_N_BOARDING_RATIOS,
                            "bonus", self->boarding_bonus, file, error))
    return FALSE;
  section = element_or_default (self, root, "takeover-readiness", &file);
  if (!parse_keyed_numbers (section, "share", takeover_clauses, ADM_N_TAKEOVER_SHARES,
                            "divisor", self->takeover_divisor, file, error))
    return FALSE;
  section = element_or_default (self, root, "damage-readiness", &file);
  if (!adm_xml_get_int (section, "penalty", TRUE, 0, &self->damage_readiness_penalty, file,
                        error) ||
      !adm_xml_get_int (section, "turns", TRUE, 0, &self->damage_readiness_turns, file, error))
    return FALSE;
  section = element_or_default (self, root, "ram-test", &file);
  if (!adm_xml_get_int (section, "smaller-target-dice", TRUE, 0, &self->ram_smaller_dice, file,
                        error) ||
      !adm_xml_get_int (section, "larger-target-dice", TRUE, 0, &self->ram_larger_dice, file,
                        error))
    return FALSE;
  section = element_or_default (self, root, "ram-shields", &file);
  if (!adm_xml_get_int (section, "bonus", TRUE, 0, &self->ram_shield_bonus, file, error))
    return FALSE;
  section = element_or_default (self, root, "ram-return", &file);
  if (!adm_xml_get_int (section, "hull-divisor", TRUE, 0, &self->ram_hull_divisor, file, error))
    return FALSE;
  section = element_or_default (self, root, "orbit-change", &file);
  if (!adm_xml_get_int (section, "shield-divisor", TRUE, 0, &self->orbit_shield_divisor, file,
                        error))
    return FALSE;
  section = element_or_default (self, root, "damage-control-attempts", &file);
  if (!parse_damage_control_attempts (self, section, file, error))
    return FALSE;
  section = element_or_default (self, root, "orbit-fall", &file);
  if (!parse_orbit_fall (self, section, file, error))
    return FALSE;
  section = element_or_default (self, root, "strategic-time", &file);
  if (!adm_xml_get_int (section, "cycle-minutes", TRUE, 0, &self->cycle_minutes, file, error) ||
      !adm_xml_get_int (section, "hour-minutes", TRUE, 0, &self->hour_minutes, file, error))
    return FALSE;
  section = element_or_default (self, root, "sector-move", &file);
  if (!adm_xml_get_int (section, "fast-speed-over", TRUE, 0, &self->fast_speed_over, file,
                        error) ||
      !adm_xml_get_double (section, "main-phases", TRUE, 0, &self->main_sector_phases, file,
                           error) ||
      !adm_xml_get_double (section, "fast-phases", TRUE, 0, &self->fast_sector_phases, file,
                           error))
    return FALSE;
  section = element_or_default (self, root, "order-time", &file);
  if (!adm_xml_get_double (section, "phases", TRUE, 0, &self->order_phases, file, error))
    return FALSE;
  section = element_or_default (self, root, "dice-counts", &file);
  if (!parse_keyed_numbers (section, "roll", dice_clauses, ADM_N_DICE_ROLLS, "dice", self->dice,
                            file, error))
    return FALSE;
  section = element_or_default (self, root, "formation-size", &file);
  if (!adm_xml_get_int (section, "ships", TRUE, 0, &self->formation_ships, file, error))
    return FALSE;
  section = element_or_default (self, root, "damaged", &file);
  if (!parse_damaged (self, section, file, error))
    return FALSE;
  section = element_or_default (self, root, "range-bands", &file);
  if (!parse_range_bands (self, section, file, error))
    return FALSE;
  section = element_or_default (self, root, "minesweeping", &file);
  return parse_minesweeping (self, section, file, error);
}

static gboolean
parse_ruleset (AdmRuleset  *self,
               xmlNode     *root,
               GError     **error)
{
  xmlNode *section;

  if ((self->id = require_attr (root, "id", self->path, error)) == NULL ||
      (self->name = require_attr (root, "name", self->path, error)) == NULL)
    return FALSE;
  self->name = translated (self->name);

  if ((section = require_element (root, "ship-types", self->path, error)) == NULL ||
      !parse_ship_types (self, section, error))
    return FALSE;
  if ((section = require_element (root, "artillery-table", self->path, error)) == NULL ||
      !parse_artillery (self, section, error))
    return FALSE;
  if ((section = require_element (root, "readiness-grades", self->path, error)) == NULL ||
      !parse_grades (self, section, error))
    return FALSE;
  if ((section = require_element (root, "torpedo-defence", self->path, error)) == NULL ||
      !adm_xml_get_int (section, "turret-hit", TRUE, 0, &self->turret_hit, self->path, error))
    return FALSE;
  if (!parse_numbers (self, root, error))
    return FALSE;
  /* After <dice-counts>: each table is checked against its roll's dice (F-CRIT-2, F-CAT-3). */
  if (!parse_critical_tables (self, root, error))
    return FALSE;
  if ((section = require_element (root, "catastrophic-table", self->path, error)) == NULL ||
      !parse_table (self, section, NULL, self->dice[ADM_DICE_CATASTROPHIC_TABLE], "F-CAT-3",
                    self->catastrophic, error))
    return FALSE;
  if ((section = require_element (root, "rulings", self->path, error)) == NULL ||
      !parse_rulings (self, section, error))
    return FALSE;
  if ((section = adm_xml_first_element (root, "placements")) == NULL)
    add_builtin_placement (self);
  else if (!parse_placements (self, section, error))
    return FALSE;
  if ((section = adm_xml_first_element (root, "table-layout")) != NULL &&
      !parse_table_layout (self, section, error))
    return FALSE;
  return TRUE;
}

/* Seasons */

/* The SHA-256 of a season of @ruleset and @classes. */
static char *
season_digest (xmlNode *ruleset,
               xmlNode *classes)
{
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);

  /* Its content, however a file it is carried in indents it (adm-digest.h). */
  adm_digest_element (checksum, ruleset);
  adm_digest_element (checksum, classes);
  return g_strdup (g_checksum_get_string (checksum));
}

/* A <season> document holding copies of @ruleset and @classes. */
static xmlDoc *
season_doc_new (xmlNode *ruleset,
                xmlNode *classes)
{
  xmlDoc *doc = xmlNewDoc ((const xmlChar *) "1.0");
  xmlNode *season = xmlNewDocNode (doc, NULL, (const xmlChar *) "season", NULL);

  xmlDocSetRootElement (doc, season);
  xmlAddChild (season, xmlNewDocText (doc, (const xmlChar *) "\n    "));
  xmlAddChild (season, xmlDocCopyNode (ruleset, doc, 1));
  xmlAddChild (season, xmlNewDocText (doc, (const xmlChar *) "\n    "));
  xmlAddChild (season, xmlDocCopyNode (classes, doc, 1));
  xmlAddChild (season, xmlNewDocText (doc, (const xmlChar *) "\n  "));
  return doc;
}

/* The seasons this process has read, by SHA-256: a battle of a campaign names its season by
 * its digest (adm_ruleset_load_carried ()) instead of carrying a copy of it. A season is
 * content-addressed, so what is found here is exactly what the battle was set up with. */
static GMutex seasons_lock;
static GHashTable *seasons;  /* digest → xmlDoc* (<season>) */

static void
remember_season (AdmRuleset *self)
{
  g_mutex_lock (&seasons_lock);
  if (seasons == NULL)
    seasons = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                     (GDestroyNotify) xmlFreeDoc);
  if (!g_hash_table_contains (seasons, self->digest))
    g_hash_table_insert (seasons, g_strdup (self->digest), xmlCopyDoc (self->season, 1));
  g_mutex_unlock (&seasons_lock);
}

static xmlDoc *
lookup_season (const char *digest)
{
  xmlDoc *copy = NULL;

  g_mutex_lock (&seasons_lock);
  if (seasons != NULL && g_hash_table_contains (seasons, digest))
    copy = xmlCopyDoc (g_hash_table_lookup (seasons, digest), 1);
  g_mutex_unlock (&seasons_lock);
  return copy;
}

/* The ruleset of the <ruleset> and <classes> elements @ruleset_root and @classes_root, both
 * already valid against their schemas; errors name @file and @classes_file. */
static AdmRuleset *
ruleset_from_roots (xmlNode     *ruleset_root,
                    const char  *file,
                    xmlNode     *classes_root,
                    const char  *classes_file,
                    GError     **error)
{
  g_autoptr(AdmRuleset) self = g_object_new (ADM_TYPE_RULESET, NULL);

  self->path = g_strdup (file);
  if (!parse_ruleset (self, ruleset_root, error) ||
      !parse_classes (self, classes_root, classes_file, error))
    return NULL;
  self->season = season_doc_new (ruleset_root, classes_root);
  self->digest = season_digest (ruleset_root, classes_root);
  remember_season (self);
  return g_steal_pointer (&self);
}

AdmRuleset *
adm_ruleset_load_file (const char  *path,
                       GError     **error)
{
  g_autoptr(xmlDoc) doc = NULL;
  g_autoptr(xmlDoc) classes_doc = NULL;
  g_autofree char *classes = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *classes_path = NULL;
  xmlNode *root;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  doc = adm_xml_read_file (path, "ruleset", error);
  if (doc == NULL)
    return NULL;
  root = xmlDocGetRootElement (doc);

  /* The classes file sits beside the ruleset; the schema keeps its name free of '/'. */
  if ((classes = require_attr (root, "classes", path, error)) == NULL)
    return NULL;
  dir = g_path_get_dirname (path);
  classes_path = g_build_filename (dir, classes, NULL);
  classes_doc = adm_xml_read_file (classes_path, "classes", error);
  if (classes_doc == NULL)
    return NULL;
  return ruleset_from_roots (root, path, xmlDocGetRootElement (classes_doc), classes_path,
                             error);
}

static AdmRuleset *season_ruleset (xmlNode     *season,
                                   const char  *display_name,
                                   gboolean     checked,
                                   GError     **error);

AdmRuleset *
adm_ruleset_new_from_season (xmlNode     *season,
                             const char  *display_name,
                             GError     **error)
{
  g_return_val_if_fail (season != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return season_ruleset (season, display_name, FALSE, error);
}

/* The ruleset of @season; @checked when it passed its schemas already (a season this process
 * read before, named by its digest), which are then not run again: a campaign's report
 * opens each of its battles, and each names its season. */
static AdmRuleset *
season_ruleset (xmlNode     *season,
                const char  *display_name,
                gboolean     checked,
                GError     **error)
{
  xmlNode *ruleset, *classes;

  ruleset = adm_xml_first_element (season, "ruleset");
  classes = adm_xml_first_element (season, "classes");
  if (!adm_xml_is (season, "season") || ruleset == NULL || classes == NULL)
    {
      adm_xml_set_error (error, display_name, season,
                         _("a season holds a <ruleset> and its <classes>"));
      return NULL;
    }
  /* Each part is checked as its own file is. */
  if (!checked &&
      (!adm_xml_validate_element (ruleset, "ruleset", display_name, error) ||
       !adm_xml_validate_element (classes, "classes", display_name, error)))
    return NULL;
  return ruleset_from_roots (ruleset, display_name, classes, display_name, error);
}

xmlNode *
adm_ruleset_get_season (AdmRuleset *self)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), NULL);
  return xmlDocGetRootElement (self->season);
}

const char *
adm_ruleset_get_season_digest (AdmRuleset *self)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), NULL);
  return self->digest;
}

AdmRuleset *
adm_ruleset_load_carried (xmlNode     *element,
                          const char  *display_name,
                          GError     **error)
{
  g_autofree char *id = adm_xml_get_string (element, "ruleset");
  g_autofree char *digest = adm_xml_get_string (element, "season");
  xmlNode *season = adm_xml_first_element (element, "season");
  g_autoptr(AdmRuleset) ruleset = NULL;
  g_autoptr(xmlDoc) known = NULL;
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (element != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (season == NULL && digest != NULL)
    {
      known = lookup_season (digest);
      if (known == NULL)
        {
          adm_xml_set_error (error, display_name, element,
                             _("this battle was set up with its campaign’s own rules (season "
                               "%.12s…), which are not here: open it from its campaign, or "
                               "export it from there with its rules"), digest);
          return NULL;
        }
      season = xmlDocGetRootElement (known);
    }
  if (season == NULL)
    {
      ruleset = adm_ruleset_load (id != NULL ? id : "", &local_error);
      if (ruleset == NULL && adm_xml_is (element, "scenario"))
        adm_xml_set_error (error, display_name, element,
                           _("cannot load the scenario’s ruleset “%s”: %s"),
                           id != NULL ? id : "", local_error->message);
      else if (ruleset == NULL)
        adm_xml_set_error (error, display_name, element, "%s", local_error->message);
      return g_steal_pointer (&ruleset);
    }
  ruleset = season_ruleset (season, display_name, known != NULL, error);
  if (ruleset == NULL)
    return NULL;
  if (id != NULL && !g_str_equal (id, ruleset->id))
    {
      adm_xml_set_error (error, display_name, element,
                         _("<%s> names the ruleset “%s”, but the rules it carries are “%s”"),
                         (const char *) element->name, id, ruleset->id);
      return NULL;
    }
  if (digest != NULL && !g_str_equal (digest, ruleset->digest))
    {
      adm_xml_set_error (error, display_name, element,
                         _("the rules this battle carries are not the ones it was set up "
                           "with: they were changed after the set-up"));
      return NULL;
    }
  return g_steal_pointer (&ruleset);
}

static gboolean
is_id (const char *text)
{
  if (!g_ascii_islower (text[0]) && !g_ascii_isdigit (text[0]))
    return FALSE;
  for (const char *p = text; *p != '\0'; p++)
    if (!g_ascii_islower (*p) && !g_ascii_isdigit (*p) && *p != '-')
      return FALSE;
  return TRUE;
}

/* $ADMIRALTY_RULES_PATH (colon-separated) when it is set, and then only it — so that a build
 * tree's tests and `meson devenv` never read an installed copy of the rules; otherwise
 * $XDG_DATA_HOME/admiralty/rules, then PKGDATADIR/rules. */
GPtrArray *
adm_rules_search_path (void)
{
  GPtrArray *dirs = g_ptr_array_new_with_free_func (g_free);
  const char *env = g_getenv ("ADMIRALTY_RULES_PATH");

  if (env != NULL)
    {
      g_auto(GStrv) parts = g_strsplit (env, G_SEARCHPATH_SEPARATOR_S, -1);

      for (guint i = 0; parts[i] != NULL; i++)
        if (parts[i][0] != '\0')
          g_ptr_array_add (dirs, g_strdup (parts[i]));
      return dirs;
    }
  g_ptr_array_add (dirs, g_build_filename (g_get_user_data_dir (), "admiralty", "rules", NULL));
  g_ptr_array_add (dirs, g_build_filename (PKGDATADIR, "rules", NULL));
  return dirs;
}

AdmRuleset *
adm_ruleset_load (const char  *id,
                  GError     **error)
{
  g_autoptr(GPtrArray) dirs = NULL;
  g_autofree char *file = NULL;
  g_autofree char *looked = NULL;

  g_return_val_if_fail (id != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* The id usually comes from a scenario file: it must not be able to name a path. */
  if (!is_id (id))
    {
      g_set_error (error, ADM_XML_ERROR, ADM_XML_ERROR_INVALID,
                   _("“%s” is not a ruleset id: ids are lowercase letters, digits and "
                     "dashes, such as forcon-2010"), id);
      return NULL;
    }

  file = g_strconcat (id, ".xml", NULL);
  dirs = adm_rules_search_path ();
  for (guint i = 0; i < dirs->len; i++)
    {
      g_autofree char *path = g_build_filename (g_ptr_array_index (dirs, i), file, NULL);

      g_autoptr(AdmRuleset) ruleset = NULL;

      if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
        continue;
      ruleset = adm_ruleset_load_file (path, error);
      if (ruleset == NULL)
        return NULL;
      /* Scenarios name rulesets by id; a file under another name would be a different
       * ruleset each time it is copied or renamed. */
      if (!g_str_equal (ruleset->id, id))
        {
          g_set_error (error, ADM_XML_ERROR, ADM_XML_ERROR_INVALID,
                       _("%s: this file defines ruleset “%s”, not “%s”: a ruleset file must "
                         "be named after its id"), path, ruleset->id, id);
          return NULL;
        }
      return g_steal_pointer (&ruleset);
    }

  looked = join_ids (dirs);
  g_set_error (error, ADM_XML_ERROR, ADM_XML_ERROR_IO,
               _("There is no ruleset “%s”: no file %s in %s"), id, file, looked);
  return NULL;
}

/* Accessors */

const char *
adm_ruleset_get_id (AdmRuleset *self)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), NULL);
  return self->id;
}

const char *
adm_ruleset_get_name (AdmRuleset *self)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), NULL);
  return self->name;
}

GPtrArray *
adm_ruleset_get_ship_types (AdmRuleset *self)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), NULL);
  return self->ship_types;
}

GPtrArray *
adm_ruleset_get_classes (AdmRuleset *self)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), NULL);
  return self->classes;
}

GPtrArray *
adm_ruleset_get_factions (AdmRuleset *self)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), NULL);
  return self->factions;
}

const AdmShipClass *
adm_ruleset_lookup_class (AdmRuleset *self,
                          const char *id)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), NULL);
  g_return_val_if_fail (id != NULL, NULL);
  return g_hash_table_lookup (self->classes_by_id, id);
}

const AdmFaction *
adm_ruleset_lookup_faction (AdmRuleset *self,
                            const char *id)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), NULL);
  g_return_val_if_fail (id != NULL, NULL);
  return g_hash_table_lookup (self->factions_by_id, id);
}

const AdmArtilleryTable *
adm_ruleset_get_artillery (AdmRuleset *self)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), NULL);
  return &self->artillery;
}

static GPtrArray *
critical_rows (AdmRuleset *self,
               const char *kind)
{
  if (g_strcmp0 (kind, "ship") == 0)
    return self->ship_critical;
  if (g_strcmp0 (kind, "station") == 0)
    return self->station_critical;
  return NULL;
}

GPtrArray *
adm_ruleset_get_critical_table (AdmRuleset *self,
                                const char *kind)
{
  GPtrArray *rows;

  g_return_val_if_fail (ADM_IS_RULESET (self), NULL);
  rows = critical_rows (self, kind);
  g_return_val_if_fail (rows != NULL, NULL);
  return rows;
}

GPtrArray *
adm_ruleset_get_catastrophic_table (AdmRuleset *self)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), NULL);
  return self->catastrophic;
}

GPtrArray *
adm_ruleset_get_readiness_grades (AdmRuleset *self)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), NULL);
  return self->grades;
}

int
adm_ruleset_get_turret_hit (AdmRuleset *self)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), 0);
  return self->turret_hit;
}

int
adm_ruleset_get_shield_save_on (AdmRuleset *self)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), 0);
  return self->shield_save_on;
}

int
adm_ruleset_get_destructor_hit_on (AdmRuleset *self)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), 0);
  return self->destructor_hit_on;
}

int
adm_ruleset_get_destructor_critical_on (AdmRuleset *self)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), 0);
  return self->destructor_critical_on;
}

int
adm_ruleset_get_critical_on (AdmRuleset        *self,
                             AdmCriticalSource  source)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), 0);
  g_return_val_if_fail (source < ADM_N_CRITICAL_SOURCES, 0);
  return self->critical_on[source];
}

const char *
adm_ruleset_get_critical_clause (AdmRuleset        *self,
                                 AdmCriticalSource  source)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), NULL);
  g_return_val_if_fail (source < ADM_N_CRITICAL_SOURCES, NULL);
  return self->critical_clause[source];
}

int
adm_ruleset_get_explosion_damage_on (AdmRuleset *self)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), 0);
  return self->explosion_damage_on;
}

int
adm_ruleset_get_station_catastrophic_on (AdmRuleset *self)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), 0);
  return self->station_catastrophic_on;
}

int
adm_ruleset_get_succession_bonus (AdmRuleset *self)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), 0);
  return self->succession_bonus;
}

int
adm_ruleset_get_formation_ships (AdmRuleset *self)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), 0);
  return self->formation_ships;
}

void
adm_ruleset_get_damaged_share (AdmRuleset *self,
                               int        *lost,
                               int        *of)
{
  g_return_if_fail (ADM_IS_RULESET (self));
  *lost = self->damaged_lost;
  *of = self->damaged_of;
}

const AdmRangeBands *
adm_ruleset_get_range_bands (AdmRuleset *self)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), NULL);
  return &self->range_bands;
}

const AdmMinesweeping *
adm_ruleset_get_minesweeping (AdmRuleset *self)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), NULL);
  return &self->sweeping;
}

int
adm_ruleset_get_explosion_percent (AdmRuleset   *self,
                                   AdmExplosion  explosion)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), 0);
  g_return_val_if_fail (explosion < ADM_N_EXPLOSIONS, 0);
  return self->explosion_percent[explosion];
}

const int *
adm_ruleset_get_boarding_penalties (AdmRuleset *self)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), NULL);
  return self->boarding_penalty;
}

int
adm_ruleset_get_boarding_hit_hull (AdmRuleset *self)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), 0);
  return self->boarding_hit_hull;
}

void
adm_ruleset_get_boarding_ratios (AdmRuleset  *self,
                                 const int  **times,
                                 const int  **bonus)
{
  g_return_if_fail (ADM_IS_RULESET (self));
  *times = self->boarding_times;
  *bonus = self->boarding_bonus;
}

const char *
adm_boarding_ratio_clause (AdmBoardingRatio ratio)
{
  g_return_val_if_fail (ratio < ADM_N_BOARDING_RATIOS, NULL);
  return boarding_ratio_clauses[ratio];
}

int
adm_ruleset_get_takeover_divisor (AdmRuleset       *self,
                                  AdmTakeoverShare  share)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), 1);
  g_return_val_if_fail (share < ADM_N_TAKEOVER_SHARES, 1);
  return self->takeover_divisor[share];
}

int
adm_ruleset_get_damage_readiness_penalty (AdmRuleset *self)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), 0);
  return self->damage_readiness_penalty;
}

int
adm_ruleset_get_damage_readiness_turns (AdmRuleset *self)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), 0);
  return self->damage_readiness_turns;
}

int
adm_ruleset_get_ram_smaller_target_dice (AdmRuleset *self)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), 0);
  return self->ram_smaller_dice;
}

int
adm_ruleset_get_ram_larger_target_dice (AdmRuleset *self)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), 0);
  return self->ram_larger_dice;
}

int
adm_ruleset_get_ram_shield_bonus (AdmRuleset *self)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), 0);
  return self->ram_shield_bonus;
}

int
adm_ruleset_get_ram_hull_divisor (AdmRuleset *self)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), 1);
  return self->ram_hull_divisor;
}

int
adm_ruleset_get_orbit_shield_divisor (AdmRuleset *self)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), 1);
  return self->orbit_shield_divisor;
}

int
adm_ruleset_get_damage_control_attempts (AdmRuleset *self)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), 1);
  return self->dc_attempts;
}

int
adm_ruleset_get_damage_control_extra_attempts (AdmRuleset *self)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), 0);
  return self->dc_extra_attempts;
}

const char * const *
adm_ruleset_get_damage_control_extra_grades (AdmRuleset *self)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), NULL);
  return (const char * const *) self->dc_extra_grades;
}

const char * const *
adm_ruleset_get_orbit_fall_effects (AdmRuleset       *self,
                                    AdmOrbitFallOption option)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), NULL);
  g_return_val_if_fail (option < ADM_N_ORBIT_FALL_OPTIONS, NULL);
  return (const char * const *) self->orbit_fall_effects[option];
}

int
adm_ruleset_get_cycle_minutes (AdmRuleset *self)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), 1);
  return self->cycle_minutes;
}

int
adm_ruleset_get_hour_minutes (AdmRuleset *self)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), 1);
  return self->hour_minutes;
}

int
adm_ruleset_get_fast_speed_over (AdmRuleset *self)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), 0);
  return self->fast_speed_over;
}

double
adm_ruleset_get_sector_phases (AdmRuleset *self,
                               gboolean    fast)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), 1);
  return fast ? self->fast_sector_phases : self->main_sector_phases;
}

double
adm_ruleset_get_order_phases (AdmRuleset *self)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), 1);
  return self->order_phases;
}

int
adm_ruleset_get_dice (AdmRuleset  *self,
                      AdmDiceRoll  roll)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), 0);
  g_return_val_if_fail (roll < ADM_N_DICE_ROLLS, 0);
  return self->dice[roll];
}

/* Rules with this ruleset's data and rulings */

/* A ruling's current value, or @fallback when this ruleset does not define the ruling. */
static const char *
ruling_value_or (AdmRuleset *self,
                 const char *id,
                 const char *fallback)
{
  const AdmRuling *ruling = g_hash_table_lookup (self->rulings_by_id, id);

  return ruling != NULL ? ruling->value : fallback;
}

int
adm_ruleset_halve_firepower (AdmRuleset *self,
                             int         firepower)
{
  const char *rounding;

  g_return_val_if_fail (ADM_IS_RULESET (self), 0);

  /* F-ART-11 (ruling "halved-firepower"). */
  rounding = adm_ruleset_get_ruling_value (self, "halved-firepower");
  return adm_halve_firepower_as (firepower, g_strcmp0 (rounding, "halve-then-ceil") == 0
                                              ? ADM_HALVE_CEIL : ADM_HALVE_FLOOR);
}

gboolean
adm_ruleset_artillery_dice (AdmRuleset  *self,
                            int          firepower,
                            const char  *target,
                            int          shift,
                            int         *dice_out,
                            int         *column_out,
                            GError     **error)
{
  AdmEdgeRuling edge;
  AdmAboveRuling above;
  int column;

  g_return_val_if_fail (ADM_IS_RULESET (self), FALSE);
  g_return_val_if_fail (target != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  column = adm_artillery_target_column (&self->artillery, target);
  if (column == 0)
    {
      g_autoptr(GPtrArray) ids = g_ptr_array_new ();
      g_autofree char *known = NULL;

      for (int i = 0; i < self->artillery.n_targets; i++)
        g_ptr_array_add (ids, self->artillery.target_ids[i]);
      known = join_ids (ids);
      g_set_error (error, ADM_XML_ERROR, ADM_XML_ERROR_INVALID,
                   _("“%s” is not an artillery target; the targets are: %s"), target, known);
      return FALSE;
    }

  /* F-ART-10 and F-ART-11 rulings. */
  edge = g_str_equal (ruling_value_or (self, "artillery-shift-past-edge", "clamp"), "no-shot")
         ? ADM_EDGE_NO_SHOT : ADM_EDGE_CLAMP;
  above = g_str_equal (ruling_value_or (self, "firepower-above-table", "split"), "cap")
          ? ADM_ABOVE_CAP : ADM_ABOVE_SPLIT;

  column = adm_artillery_shift (column, shift, edge);
  if (dice_out != NULL)
    *dice_out = adm_artillery_dice (&self->artillery, firepower, column, above);
  if (column_out != NULL)
    *column_out = column;
  return TRUE;
}

/* F-CRIT-2, F-CAT-3: @roll is a sum of the table's @dice d6. */
static gboolean
check_roll (int          roll,
            int          dice,
            GError     **error)
{
  if (roll >= dice && roll <= 6 * dice)
    return TRUE;
  g_set_error (error, ADM_XML_ERROR, ADM_XML_ERROR_INVALID,
               _("%d is not a %dd6 roll: rolls run from %d to %d"), roll, dice, dice, 6 * dice);
  return FALSE;
}

const AdmTableRow *
adm_ruleset_critical_roll (AdmRuleset  *self,
                           const char  *kind,
                           int          roll,
                           GError     **error)
{
  GPtrArray *rows;

  g_return_val_if_fail (ADM_IS_RULESET (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);
  rows = critical_rows (self, kind);
  g_return_val_if_fail (rows != NULL, NULL);

  /* F-CRIT-8 / F-STN-7: every roll has a row, checked when the ruleset was loaded. */
  if (!check_roll (roll, self->dice[ADM_DICE_CRITICAL_TABLE], error))
    return NULL;
  return adm_table_row_for_roll (rows, roll);
}

const AdmTableRow *
adm_ruleset_critical (AdmRuleset  *self,
                      const char  *kind,
                      int          result)
{
  GPtrArray *rows;

  g_return_val_if_fail (ADM_IS_RULESET (self), NULL);
  rows = critical_rows (self, kind);
  g_return_val_if_fail (rows != NULL, NULL);

  for (guint i = 0; i < rows->len; i++)
    {
      const AdmTableRow *row = g_ptr_array_index (rows, i);

      if (row->result == result)
        return row;
    }
  return NULL;
}

const AdmTableRow *
adm_ruleset_catastrophic (AdmRuleset  *self,
                          int          roll,
                          GError     **error)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* F-CAT-9. */
  if (!check_roll (roll, self->dice[ADM_DICE_CATASTROPHIC_TABLE], error))
    return NULL;
  return adm_table_row_for_roll (self->catastrophic, roll);
}

const AdmReadinessGrade *
adm_ruleset_readiness_grade (AdmRuleset *self,
                             int         readiness)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), NULL);

  /* F-RDY-5. */
  return adm_readiness_grade_for (self->grades, readiness);
}

/* Rulings */

GPtrArray *
adm_ruleset_get_rulings (AdmRuleset *self)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), NULL);
  return self->rulings;
}

/* Whether @part (up to its length @n) is digits only. */
static gboolean
all_digits (const char *part,
            gsize       n)
{
  if (n == 0)
    return FALSE;
  for (gsize i = 0; i < n; i++)
    if (!g_ascii_isdigit (part[i]))
      return FALSE;
  return TRUE;
}

int
adm_clause_compare (const char *a,
                    const char *b)
{
  if (a == NULL || b == NULL)
    return (a != NULL) - (b != NULL);
  while (*a != '\0' && *b != '\0')
    {
      gsize n = strcspn (a, "-");
      gsize m = strcspn (b, "-");
      int order;

      if (all_digits (a, n) && all_digits (b, m))
        {
          /* By value: leading zeros aside, the longer number is the greater. */
          while (n > 1 && *a == '0')
            a++, n--;
          while (m > 1 && *b == '0')
            b++, m--;
          order = n != m ? (n < m ? -1 : 1) : strncmp (a, b, n);
        }
      else
        {
          order = strncmp (a, b, MIN (n, m));
          if (order == 0 && n != m)
            order = n < m ? -1 : 1;
        }
      if (order != 0)
        return order;
      a += n;
      b += m;
      if (*a == '-')
        a++;
      if (*b == '-')
        b++;
    }
  return (*a != '\0') - (*b != '\0');
}

const AdmRuling *
adm_ruleset_lookup_ruling (AdmRuleset *self,
                           const char *id)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), NULL);
  g_return_val_if_fail (id != NULL, NULL);
  return g_hash_table_lookup (self->rulings_by_id, id);
}

const char *
adm_ruleset_get_ruling_value (AdmRuleset *self,
                              const char *id)
{
  const AdmRuling *ruling;

  g_return_val_if_fail (ADM_IS_RULESET (self), NULL);
  g_return_val_if_fail (id != NULL, NULL);
  ruling = g_hash_table_lookup (self->rulings_by_id, id);
  g_return_val_if_fail (ruling != NULL, NULL);
  return ruling->value;
}

gboolean
adm_ruleset_set_ruling (AdmRuleset  *self,
                        const char  *id,
                        const char  *value,
                        GError     **error)
{
  AdmRuling *ruling;

  g_return_val_if_fail (ADM_IS_RULESET (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);
  g_return_val_if_fail (value != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  ruling = g_hash_table_lookup (self->rulings_by_id, id);
  if (ruling == NULL)
    {
      g_autoptr(GPtrArray) ids = g_ptr_array_new ();
      g_autofree char *known = NULL;

      for (guint i = 0; i < self->rulings->len; i++)
        g_ptr_array_add (ids, ((AdmRuling *) g_ptr_array_index (self->rulings, i))->id);
      known = join_ids (ids);
      g_set_error (error, ADM_XML_ERROR, ADM_XML_ERROR_INVALID,
                   _("ruleset “%s” has no ruling “%s”; its rulings are: %s"),
                   self->id, id, known);
      return FALSE;
    }
  if (!g_ptr_array_find_with_equal_func (ruling->options, value, g_str_equal, NULL))
    {
      g_autofree char *options = join_ids (ruling->options);

      g_set_error (error, ADM_XML_ERROR, ADM_XML_ERROR_INVALID,
                   _("ruling “%s” has no option “%s”; its options are: %s"),
                   id, value, options);
      return FALSE;
    }

  g_free (ruling->value);
  ruling->value = g_strdup (value);
  return TRUE;
}

/* Names */

GPtrArray *
adm_ruleset_get_placements (AdmRuleset *self)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), NULL);
  return self->placements;
}

const AdmPlacement *
adm_ruleset_lookup_placement (AdmRuleset *self,
                              const char *id)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), NULL);
  return id != NULL ? g_hash_table_lookup (self->placements_by_id, id) : NULL;
}

const AdmPlacement *
adm_ruleset_placement_for_order (AdmRuleset *self,
                                 const char *order)
{
  const AdmPlacement *placement = NULL;

  g_return_val_if_fail (ADM_IS_RULESET (self), NULL);
  if (order != NULL)
    placement = g_hash_table_lookup (self->order_placements, order);
  return placement != NULL ? placement : self->default_placement;
}

const AdmPlacement *
adm_ruleset_get_check_failed_placement (AdmRuleset *self)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), NULL);
  return self->check_failed_placement;
}

const AdmTableLayout *
adm_ruleset_get_table_layout (AdmRuleset *self)
{
  g_return_val_if_fail (ADM_IS_RULESET (self), NULL);
  return self->table_layout;
}

const char *
adm_category_to_string (AdmCategory category)
{
  switch (category)
    {
    case ADM_CATEGORY_CAPITAL:
      return "capital";
    case ADM_CATEGORY_ESCORT:
      return "escort";
    case ADM_CATEGORY_AUXILIARY:
      return "auxiliary";
    case ADM_CATEGORY_STATION:
      return "station";
    default:
      g_return_val_if_reached (NULL);
    }
}

const char *
adm_weapon_type_to_string (AdmWeaponType type)
{
  switch (type)
    {
    case ADM_WEAPON_DESTRUCTOR:
      return "destructor";
    case ADM_WEAPON_ARTILLERY:
      return "artillery";
    case ADM_WEAPON_TORPEDO:
      return "torpedo";
    case ADM_WEAPON_MINE:
      return "mine";
    default:
      g_return_val_if_reached (NULL);
    }
}

char *
adm_arcs_to_string (AdmArcs arcs)
{
  g_autoptr(GString) text = g_string_new (NULL);

  /* Translators: what separates the arcs of a weapon, as in "bow port starboard" */
  const char *separator = C_("arcs", " ");

  G_STATIC_ASSERT (G_N_ELEMENTS (arc_labels) == G_N_ELEMENTS (arc_names));
  for (guint a = 0; a < G_N_ELEMENTS (arc_labels); a++)
    if ((arcs & (1 << a)) != 0)
      {
        if (text->len > 0)
          g_string_append (text, separator);
        g_string_append (text, g_dpgettext2 (GETTEXT_PACKAGE, "arc", arc_labels[a]));
      }
  return g_string_free (g_steal_pointer (&text), FALSE);
}
