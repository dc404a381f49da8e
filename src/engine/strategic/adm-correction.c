/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-correction.c: the master's corrections made into journal events (adm-correction.h).
 * Events that already mean the same thing serve: "repair" (ruling "strategic-repair"),
 * "damage", "readiness" and "assign"; the rest are the state's "remove-ship", "hand-over" and
 * "relocate". Everything the rules or the campaign decide is left to the one check, so that
 * a correction is refused exactly where a hand-written event would be. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "adm-correction.h"

static const char *const kind_names[] = {
  [ADM_CORRECTION_REMOVE_SHIP] = "remove-ship",
  [ADM_CORRECTION_HAND_OVER] = "hand-over",
  [ADM_CORRECTION_REPAIR] = "repair",
  [ADM_CORRECTION_DAMAGE] = "damage",
  [ADM_CORRECTION_READINESS] = "readiness",
  [ADM_CORRECTION_MOVE] = "move",
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
    adm_event_set (event, "readiness", correction->readiness);
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
  event = adm_event_new (event_kind (correction), time);
  if (!fill (correction, state, event, error))
    return NULL;
  g_ptr_array_add (events, g_steal_pointer (&event));
  return g_steal_pointer (&events);
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
