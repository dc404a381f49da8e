/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-correction.c: the master's corrections made into journal events (adm-correction.h).
 * Events that already mean the same thing serve: "repair" (ruling "strategic-repair"),
 * "damage", "readiness" and "assign"; the rest are the state's "remove-ship", "hand-over" and
 * "relocate". Everything the rules or the campaign decide is left to the one check, so that
 * a correction is refused exactly where a hand-written event would be. */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "adm-correction.h"
#include "adm-campaign-journal.h"
#include "adm-id.h"

static const char *const kind_names[] = {
  [ADM_CORRECTION_REMOVE_SHIP] = "remove-ship",
  [ADM_CORRECTION_HAND_OVER] = "hand-over",
  [ADM_CORRECTION_REPAIR] = "repair",
  [ADM_CORRECTION_DAMAGE] = "damage",
  [ADM_CORRECTION_READINESS] = "readiness",
  [ADM_CORRECTION_MOVE] = "move",
  [ADM_CORRECTION_ADD_SHIP] = "add-ship",
  [ADM_CORRECTION_ADD_FORMATION] = "add-formation",
  [ADM_CORRECTION_RETIRE_ADMIRAL] = "retire-admiral",
  [ADM_CORRECTION_STATION] = "station",
  [ADM_CORRECTION_MINEFIELD] = "minefield",
  [ADM_CORRECTION_ADD_ADMIRAL] = "add-admiral",
  NULL
};

gboolean
adm_correction_kind_from_string (const char        *name,
                                 AdmCorrectionKind *kind)
{
  g_return_val_if_fail (kind != NULL, FALSE);

  for (guint i = 0; name != NULL && kind_names[i] != NULL; i++)
    if (g_str_equal (kind_names[i], name))
      {
        *kind = (AdmCorrectionKind) i;
        return TRUE;
      }
  return FALSE;
}

const char *
adm_correction_kind_to_string (AdmCorrectionKind kind)
{
  g_return_val_if_fail ((guint) kind < G_N_ELEMENTS (kind_names) - 1, NULL);
  return kind_names[kind];
}

char *
adm_correction_kind_names (void)
{
  return g_strjoinv (" ", (char **) kind_names);
}

/* @value, an option the correction needs; @what says what it is ("a ship"). */
static gboolean
need_option (const AdmCorrection  *correction,
             const char           *value,
             const char           *what,
             GError              **error)
{
  if (value != NULL && *value != '\0')
    return TRUE;
  /* Translators: "the repair correction names no ship" */
  g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
               _("the %s correction names no %s"),
               adm_correction_kind_to_string (correction->kind), what);
  return FALSE;
}

/* The ship @correction names, as the campaign has it now. */
static AdmShipState *
need_ship (const AdmCorrection  *correction,
           AdmState             *state,
           GError              **error)
{
  AdmShipState *ship;

  if (!need_option (correction, correction->ship, _("ship"), error))
    return NULL;
  ship = adm_state_get_ship (state, correction->ship);
  if (ship == NULL)
    g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                 _("there is no ship “%s” in this campaign"), correction->ship);
  return ship;
}

/* A whole number as typed in @text into *@out, else @error quoting it. */
static gboolean
need_number (const char  *text,
             const char  *what,
             gint64      *out,
             GError     **error)
{
  if (g_ascii_string_to_signed (text, 10, -1000000, 1000000, out, NULL))
    return TRUE;
  /* Translators: "the hull points after the repair are a whole number, not “lots”" */
  g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
               _("%s is a whole number, not “%s”"), what, text);
  return FALSE;
}

/* repair: --hull is the hull points the ship has once repaired, journaled as the points
 * restored; --criticals none repairs every outstanding critical result (F-CRIT-20). */
static gboolean
fill_repair (const AdmCorrection  *correction,
             AdmState             *state,
             AdmEvent             *event,
             GError              **error)
{
  AdmShipState *ship = need_ship (correction, state, error);
  int full;

  if (ship == NULL)
    return FALSE;
  full = ship->ship->klass->hull;
  adm_event_set (event, "ship", ship->ship->id);
  if (correction->hull != NULL)
    {
      gint64 hull;

      if (!need_number (correction->hull, _("the hull points after the repair"), &hull, error))
        return FALSE;
      if (hull > full || hull < full - ship->damage)
        {
          g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                       /* Translators: "Prince Serg has 9 of its 12 hull points; a repair
                        * leaves it 9 to 12, not 14" */
                       _("%s has %d of its %d hull points; a repair leaves it %d to %d, not "
                         "%s"), ship->ship->name, full - ship->damage, full,
                       full - ship->damage, full, correction->hull);
          return FALSE;
        }
      if (hull > full - ship->damage)
        adm_event_set_int (event, "hull", hull - (full - ship->damage));
    }
  if (g_strcmp0 (correction->criticals, "none") == 0)
    {
      g_autoptr(GString) results = g_string_new (NULL);

      for (int r = 0; r < ADM_STATE_CRITICAL_RESULTS; r++)
        for (int n = 0; n < ship->criticals[r]; n++)
          g_string_append_printf (results, "%s%d", results->len > 0 ? " " : "", r);
      if (results->len > 0)
        adm_event_set (event, "criticals", results->str);
    }
  else if (correction->criticals != NULL)
    adm_event_set (event, "criticals", correction->criticals);
  if (correction->readiness != NULL)
    {
      gint64 readiness;

      /* F-RDY-1, said of the rating typed and the ship, as the readiness correction says it. */
      if (!need_number (correction->readiness, _("the readiness"), &readiness, error))
        return FALSE;
      if (readiness < 0 || readiness > 12)
        {
          g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                       _("the readiness of “%s” would be %d; a readiness runs from 0 to 12 "
                         "(F-RDY-1)"), ship->ship->name, (int) readiness);
          return FALSE;
        }
      adm_event_set (event, "readiness", correction->readiness);
    }
  adm_event_set_text (event, correction->reason);
  return TRUE;
}

/* readiness: the rating set, journaled as the change from now. */
static gboolean
fill_readiness (const AdmCorrection  *correction,
                AdmState             *state,
                AdmEvent             *event,
                GError              **error)
{
  AdmShipState *ship = need_ship (correction, state, error);
  gint64 readiness;

  if (ship == NULL || !need_option (correction, correction->readiness, _("readiness"), error) ||
      !need_number (correction->readiness, _("the readiness"), &readiness, error))
    return FALSE;
  /* F-RDY-1, as the one check says it (check_readiness ()): said here of the rating typed, not
   * of the change it would be journaled as. */
  if (readiness < 0 || readiness > 12)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                   _("the readiness of “%s” would be %d; a readiness runs from 0 to 12 "
                     "(F-RDY-1)"), ship->ship->name, (int) readiness);
      return FALSE;
    }
  adm_event_set (event, "ship", ship->ship->id);
  adm_event_set_int (event, "delta", readiness - ship->readiness);
  adm_event_set (event, "reason", correction->reason);
  return TRUE;
}

static gboolean
fill_damage (const AdmCorrection  *correction,
             AdmState             *state,
             AdmEvent             *event,
             GError              **error)
{
  if (!need_option (correction, correction->ship, _("ship"), error) ||
      !need_option (correction, correction->points, _("hull points"), error))
    return FALSE;
  adm_event_set (event, "ship", correction->ship);
  adm_event_set (event, "points", correction->points);
  adm_event_set (event, "reason", correction->reason);
  return TRUE;
}

/* The kind of event @correction is journaled as. */
static const char *
event_kind (const AdmCorrection *correction)
{
  switch (correction->kind)
    {
    case ADM_CORRECTION_REMOVE_SHIP:
      return "remove-ship";
    case ADM_CORRECTION_HAND_OVER:
      return correction->ship != NULL ? "hand-over" : "assign";
    case ADM_CORRECTION_REPAIR:
      return "repair";
    case ADM_CORRECTION_DAMAGE:
      return "damage";
    case ADM_CORRECTION_READINESS:
      return "readiness";
    case ADM_CORRECTION_MOVE:
      return "relocate";
    case ADM_CORRECTION_ADD_SHIP:
    case ADM_CORRECTION_ADD_FORMATION:
      return "new-ship";
    case ADM_CORRECTION_RETIRE_ADMIRAL:
      return "retire-admiral";
    case ADM_CORRECTION_STATION:
      return "station";
    case ADM_CORRECTION_MINEFIELD:
      return "minefield";
    case ADM_CORRECTION_ADD_ADMIRAL:
      return "new-admiral";
    default:
      g_return_val_if_reached (NULL);
    }
}

static gboolean
fill (const AdmCorrection  *correction,
      AdmState             *state,
      AdmEvent             *event,
      GError              **error)
{
  switch (correction->kind)
    {
    case ADM_CORRECTION_REMOVE_SHIP:
      if (!need_option (correction, correction->ship, _("ship"), error))
        return FALSE;
      adm_event_set (event, "ship", correction->ship);
      break;
    case ADM_CORRECTION_HAND_OVER:
      /* A ship to another formation, or a formation to another admiral. */
      if (!need_option (correction, correction->formation, _("formation"), error) ||
          (correction->ship == NULL &&
           !need_option (correction, correction->admiral, _("ship or admiral"), error)))
        return FALSE;
      if (correction->ship != NULL && correction->admiral != NULL)
        {
          g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                       _("hand over a ship to a formation, or a formation to an admiral, not "
                         "both at once"));
          return FALSE;
        }
      adm_event_set (event, "formation", correction->formation);
      adm_event_set (event, correction->ship != NULL ? "ship" : "admiral",
                     correction->ship != NULL ? correction->ship : correction->admiral);
      break;
    case ADM_CORRECTION_REPAIR:
      return fill_repair (correction, state, event, error);
    case ADM_CORRECTION_DAMAGE:
      return fill_damage (correction, state, event, error);
    case ADM_CORRECTION_READINESS:
      return fill_readiness (correction, state, event, error);
    case ADM_CORRECTION_MINEFIELD:
      if (!need_option (correction, correction->sector, _("sector"), error))
        return FALSE;
      adm_event_set (event, "sector", correction->sector);
      adm_event_set (event, "cleared", "true");
      break;
    case ADM_CORRECTION_STATION:
      if (!need_option (correction, correction->sector, _("sector"), error) ||
          !need_option (correction, correction->station, _("station"), error))
        return FALSE;
      adm_event_set (event, "sector", correction->sector);
      adm_event_set (event, "station", correction->station);
      if (correction->owner != NULL)
        adm_event_set (event, "owner", correction->owner);
      if (correction->damage != NULL)
        adm_event_set (event, "damage", correction->damage);
      if (correction->destroyed)
        adm_event_set (event, "destroyed", "true");
      break;
    case ADM_CORRECTION_RETIRE_ADMIRAL:
      if (!need_option (correction, correction->admiral, _("admiral"), error))
        return FALSE;
      adm_event_set (event, "admiral", correction->admiral);
      if (correction->successor != NULL)
        adm_event_set (event, "successor", correction->successor);
      break;
    case ADM_CORRECTION_MOVE:
      if (!need_option (correction, correction->formation, _("formation"), error) ||
          !need_option (correction, correction->sector, _("sector"), error))
        return FALSE;
      adm_event_set (event, "formation", correction->formation);
      adm_event_set (event, "sector", correction->sector);
      break;
    default:
      g_return_val_if_reached (FALSE);
    }
  adm_event_set (event, "reason", correction->reason);
  return TRUE;
}

/* Reinforcements */

/* An id made from @name that neither the campaign nor @taken (ids made for this correction)
 * has: "kestrel-ii", else "kestrel-ii-2", … */
static char *
new_ship_id (AdmStrategy *strategy,
             const char  *name,
             GHashTable  *taken)
{
  g_autofree char *base = adm_id_from_name (name);
  char *id;

  if (*base == '\0')
    {
      g_free (base);
      base = g_strdup ("ship");
    }
  id = g_strdup (base);
  for (guint n = 2; adm_strategy_lookup_ship (strategy, id) != NULL ||
                    g_hash_table_contains (taken, id); n++)
    {
      g_free (id);
      id = g_strdup_printf ("%s-%u", base, n);
    }
  g_hash_table_add (taken, id);
  return g_strdup (id);
}

/* The class @text names, by id or (in any case) by name; NULL for none. */
static const AdmShipClass *
find_class (AdmRuleset *ruleset,
            const char *text)
{
  const AdmShipClass *klass = adm_ruleset_lookup_class (ruleset, text);
  GPtrArray *classes = adm_ruleset_get_classes (ruleset);
  g_autofree char *folded = g_utf8_casefold (text, -1);

  for (guint i = 0; klass == NULL && i < classes->len; i++)
    {
      const AdmShipClass *other = g_ptr_array_index (classes, i);
      g_autofree char *name = g_utf8_casefold (other->name, -1);

      if (g_str_equal (name, folded))
        klass = other;
    }
  return klass;
}

/* "new-ship" events of @correction's ships, each with its reason, into @events; @key and
 * @value say where they go ("formation" and its id, or "faction" and the admiral's). The ids
 * made go into @ids, space-separated. */
static gboolean
add_new_ships (const AdmCorrection  *correction,
               AdmState             *state,
               gint64                time,
               const char           *key,
               const char           *value,
               GPtrArray            *events,
               GString              *ids,
               GError              **error)
{
  AdmStrategy *strategy = adm_state_get_strategy (state);
  AdmRuleset *ruleset = adm_scenario_get_ruleset (adm_state_get_scenario (state));
  g_autoptr(GHashTable) taken = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  if (correction->new_ships == NULL || correction->new_ships[0] == NULL)
    return need_option (correction, NULL, _("ship"), error);
  for (guint i = 0; correction->new_ships[i] != NULL; i++)
    {
      const char *spec = correction->new_ships[i];
      const char *last = strrchr (spec, ':');
      const char *middle = last != NULL ? g_strrstr_len (spec, last - spec, ":") : NULL;
      g_autofree char *name = NULL;
      g_autofree char *class_text = NULL;
      g_autofree char *id = NULL;
      const AdmShipClass *klass;
      AdmEvent *event;

      if (middle == NULL || middle == spec || middle + 1 == last || last[1] == '\0')
        {
          g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                       /* Translators: "a new ship is given as NAME:CLASS:READINESS, not
                        * “Kestrel II”" */
                       _("a new ship is given as NAME:CLASS:READINESS, not “%s”"), spec);
          return FALSE;
        }
      name = g_strstrip (g_strndup (spec, middle - spec));
      class_text = g_strstrip (g_strndup (middle + 1, last - middle - 1));
      klass = find_class (ruleset, class_text);
      id = new_ship_id (strategy, name, taken);
      event = adm_event_new ("new-ship", time);
      adm_event_set (event, "ship", id);
      adm_event_set (event, "name", name);
      /* An unknown class is left to the one check, which names it. */
      adm_event_set (event, "class", klass != NULL ? klass->id : class_text);
      adm_event_set (event, "readiness", last + 1);
      adm_event_set (event, key, value);
      adm_event_set (event, "reason", correction->reason);
      g_ptr_array_add (events, event);
      g_string_append_printf (ids, "%s%s", ids->len > 0 ? " " : "", id);
    }
  return TRUE;
}

static gboolean
add_ship_events (const AdmCorrection  *correction,
                 AdmState             *state,
                 gint64                time,
                 GPtrArray            *events,
                 GError              **error)
{
  g_autoptr(GString) ids = g_string_new (NULL);

  return need_option (correction, correction->formation, _("formation"), error) &&
         add_new_ships (correction, state, time, "formation", correction->formation, events,
                        ids, error);
}

/* The new ships of @correction, waiting, then the formation @name they form, of the admiral
 * @admiral_id of @faction_id: an add-formation's, or the formation an admiral who joins
 * brings. */
static gboolean
new_formation_events (const AdmCorrection  *correction,
                      AdmState             *state,
                      gint64                time,
                      const char           *admiral_id,
                      const char           *faction_id,
                      const char           *name,
                      GPtrArray            *events,
                      GError              **error)
{
  AdmStrategy *strategy = adm_state_get_strategy (state);
  g_autoptr(GString) ids = g_string_new (NULL);
  g_autofree char *base = NULL;
  g_autofree char *id = NULL;
  AdmEvent *event;

  if (!need_option (correction, correction->sector, _("sector"), error))
    return FALSE;
  if (!add_new_ships (correction, state, time, "faction", faction_id, events, ids, error))
    return FALSE;
  base = adm_id_from_name (name);
  if (*base == '\0')
    {
      g_free (base);
      base = g_strdup ("reinforcements");
    }
  id = g_strdup (base);
  for (guint n = 2; adm_strategy_formation_id_used (strategy, id); n++)
    {
      g_free (id);
      id = g_strdup_printf ("%s-%u", base, n);
    }
  event = adm_event_new ("new-formation", time);
  adm_event_set (event, "formation", id);
  adm_event_set (event, "name", name);
  adm_event_set (event, "admiral", admiral_id);
  adm_event_set (event, "sector", correction->sector);
  adm_event_set (event, "ships", ids->str);
  adm_event_set (event, "hidden", correction->hidden ? "true" : "false");
  if (correction->revealed)
    adm_event_set (event, "revealed", "true");
  if (correction->cycle != NULL)
    adm_event_set (event, "cycle", correction->cycle);
  if (correction->minute != NULL)
    adm_event_set (event, "minute", correction->minute);
  adm_event_set (event, "reason", correction->reason);
  g_ptr_array_add (events, event);
  return TRUE;
}

/* add-formation: a formation of reinforcements for an admiral of the campaign. */
static gboolean
add_formation_events (const AdmCorrection  *correction,
                      AdmState             *state,
                      gint64                time,
                      GPtrArray            *events,
                      GError              **error)
{
  const AdmAdmiral *admiral;

  if (!need_option (correction, correction->admiral, _("admiral"), error) ||
      !need_option (correction, correction->sector, _("sector"), error) ||
      !need_option (correction, correction->name, _("name"), error))
    return FALSE;
  admiral = adm_strategy_lookup_admiral (adm_state_get_strategy (state), correction->admiral);
  if (admiral == NULL)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("there is no admiral “%s” in this campaign"), correction->admiral);
      return FALSE;
    }
  return new_formation_events (correction, state, time, admiral->id, admiral->faction->id,
                               correction->name, events, error);
}

/* add-admiral: the admiral who joins, then the formation he brings when ships are given.
 * Whether his id, name and faction will do is the one check's to say ("new-admiral"). */
static gboolean
add_admiral_events (const AdmCorrection  *correction,
                    AdmState             *state,
                    gint64                time,
                    GPtrArray            *events,
                    GError              **error)
{
  gboolean brings = correction->new_ships != NULL && correction->new_ships[0] != NULL;
  AdmEvent *event;

  if (!need_option (correction, correction->admiral, _("admiral"), error) ||
      !need_option (correction, correction->name, _("name"), error) ||
      !need_option (correction, correction->faction, _("faction"), error))
    return FALSE;
  if (!brings && (correction->formation_name != NULL || correction->sector != NULL ||
                  correction->hidden || correction->revealed || correction->cycle != NULL ||
                  correction->minute != NULL))
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("a formation an admiral brings with him needs its ships"));
      return FALSE;
    }
  if (brings && !need_option (correction, correction->formation_name, _("formation name"),
                              error))
    return FALSE;
  event = adm_event_new ("new-admiral", time);
  adm_event_set (event, "admiral", correction->admiral);
  adm_event_set (event, "name", correction->name);
  adm_event_set (event, "faction", correction->faction);
  adm_event_set (event, "reason", correction->reason);
  g_ptr_array_add (events, event);
  return !brings || new_formation_events (correction, state, time, correction->admiral,
                                          correction->faction, correction->formation_name,
                                          events, error);
}

GPtrArray *
adm_correction_events (const AdmCorrection  *correction,
                       AdmState             *state,
                       gint64                time,
                       GError              **error)
{
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_event_unref);
  g_autoptr(AdmEvent) event = NULL;
  g_autofree char *reason = NULL;

  g_return_val_if_fail (correction != NULL, NULL);
  g_return_val_if_fail (ADM_IS_STATE (state), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* Every correction says why; how long a reason may be is the one check's to say. */
  reason = correction->reason != NULL ? g_strstrip (g_strdup (correction->reason)) : NULL;
  if (reason == NULL || *reason == '\0')
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("every correction carries the master’s reason; say why the %s is made"),
                   adm_correction_kind_to_string (correction->kind));
      return NULL;
    }
  if (correction->kind == ADM_CORRECTION_ADD_SHIP)
    return add_ship_events (correction, state, time, events, error)
           ? g_steal_pointer (&events) : NULL;
  if (correction->kind == ADM_CORRECTION_ADD_FORMATION)
    return add_formation_events (correction, state, time, events, error)
           ? g_steal_pointer (&events) : NULL;
  if (correction->kind == ADM_CORRECTION_ADD_ADMIRAL)
    return add_admiral_events (correction, state, time, events, error)
           ? g_steal_pointer (&events) : NULL;
  event = adm_event_new (event_kind (correction), time);
  if (!fill (correction, state, event, error))
    return NULL;
  g_ptr_array_add (events, g_steal_pointer (&event));
  return g_steal_pointer (&events);
}

gboolean
adm_correction_check (AdmState             *state,
                      const AdmCorrection  *correction,
                      gint64                time,
                      GError              **error)
{
  g_autoptr(GPtrArray) events = NULL;
  const char *first;

  g_return_val_if_fail (ADM_IS_STATE (state), FALSE);

  events = adm_correction_events (correction, state, time, error);
  if (events == NULL)
    return FALSE;
  if (events->len == 0)
    return TRUE;
  /* The events of the first kind stand alone (a ship, a repair; the new ships of a
   * formation, each waiting); what follows them (the formation they form) needs them
   * applied first, which only recording does. */
  first = adm_event_get_kind (g_ptr_array_index (events, 0));
  for (guint i = 0; i < events->len; i++)
    {
      const AdmEvent *event = g_ptr_array_index (events, i);

      if (!g_str_equal (adm_event_get_kind (event), first))
        break;
      if (!adm_state_check (state, event, error))
        return FALSE;
    }
  return TRUE;
}

gboolean
adm_correction_record (AdmCampaign          *campaign,
                       const AdmCorrection  *correction,
                       gint64                time,
                       GError              **error)
{
  g_autoptr(GPtrArray) events = NULL;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), FALSE);

  events = adm_correction_events (correction, adm_campaign_get_state (campaign), time, error);
  return events != NULL && adm_campaign_append_all (campaign, events, error);
}
