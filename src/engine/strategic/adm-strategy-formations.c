/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-strategy-formations.c: formations change (F-STRAT-12, F-STRAT-17, F-FORM-5).
 *
 * Formations change by administrative orders (form, detach, join, disband). They take no time,
 * so they take effect as they are given: the formations in being are those after every
 * administrative order so far, later orders of the cycle go to them, and the cycle resolves
 * with them. A scenario formation keeps its AdmFormation until its membership or flagship
 * changes; then the strategy makes its own copy under the same id. Every formation ever in
 * being stays allocated until the strategy is freed, so borrowed pointers in past engagements
 * and orders stay valid. Battle results and the master's "assign" change formations the same
 * way. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "adm-id.h"
#include "adm-state.h"
#include "adm-strategy-private.h"

/* The formation of @tracker as the strategy's own copy, to be changed (copy on write). */
AdmFormation *
_adm_strategy_writable (AdmStrategy *self,
                        Tracker     *tracker)
{
  const AdmFormation *old = tracker->pos.formation;
  AdmFormation *copy;
  guint index = 0;

  if (g_ptr_array_find (self->owned, old, NULL))
    return (AdmFormation *) old;
  copy = g_new0 (AdmFormation, 1);
  copy->id = g_strdup (old->id);
  copy->name = g_strdup (old->name);
  copy->faction = old->faction;
  copy->sector = (AdmSector *) tracker->pos.sector;
  copy->admiral = old->admiral;
  copy->flagship = (AdmShip *) tracker->pos.flagship;
  copy->ships = g_ptr_array_copy (old->ships, NULL, NULL);
  copy->succession = g_ptr_array_copy (old->succession, NULL, NULL);
  copy->hidden = old->hidden;
  g_ptr_array_add (self->owned, copy);
  if (g_ptr_array_find (self->formations, old, &index))
    self->formations->pdata[index] = copy;
  tracker->pos.formation = copy;
  return copy;
}

void
_adm_strategy_set_flagship (AdmStrategy   *self,
                            Tracker       *tracker,
                            const AdmShip *ship)
{
  AdmFormation *formation = _adm_strategy_writable (self, tracker);

  formation->flagship = (AdmShip *) ship;
  tracker->pos.flagship = ship;
}

/* A formation that was disbanded or merged away: out of being from now (F-STRAT-17). */
static void
retire (AdmStrategy *self,
        Tracker     *tracker)
{
  tracker->gone = TRUE;
  tracker->gone_cycle = self->cycle;
  g_ptr_array_remove (self->formations, (gpointer) tracker->pos.formation);
  g_clear_pointer (&tracker->standing, adm_strat_order_free);
}

/* @ships leave @tracker's formation; F-FORM-5: when the flagship leaves, the next of the
 * succession still aboard takes over, or else the first ship left. A formation left without
 * ships is no more (F-FORM-3). */
void
_adm_strategy_remove_ships (AdmStrategy *self,
                            Tracker     *tracker,
                            GPtrArray   *ships)
{
  AdmFormation *formation = _adm_strategy_writable (self, tracker);

  for (guint i = 0; i < ships->len; i++)
    {
      g_ptr_array_remove (formation->ships, g_ptr_array_index (ships, i));
      g_ptr_array_remove (formation->succession, g_ptr_array_index (ships, i));
    }
  if (formation->ships->len == 0)
    {
      _adm_strategy_log (tracker, self->cycle,
                         _("all its ships left it; the formation is no more"));
      retire (self, tracker);
      return;
    }
  if (!g_ptr_array_find (formation->ships, formation->flagship, NULL))
    {
      const AdmShip *next = formation->succession->len > 0
                            ? g_ptr_array_index (formation->succession, 0)
                            : g_ptr_array_index (formation->ships, 0);

      g_ptr_array_remove (formation->succession, (gpointer) next);
      _adm_strategy_set_flagship (self, tracker, next);
      _adm_strategy_log (tracker, self->cycle, _("%s became the flagship (F-FORM-5)"), next->name);
    }
}

/* Visibility passes on with the ships: the new formation is hidden when every formation they
 * came from was, and known to whoever knew any of them. */
static void
inherit_visibility (AdmFormation *formation,
                    Tracker      *tracker,
                    Tracker      *source,
                    gboolean      first)
{
  formation->hidden = first ? source->pos.formation->hidden
                            : formation->hidden && source->pos.formation->hidden;
  tracker->revealed = tracker->revealed || source->revealed;
  for (guint i = 0; i < source->known_to->len; i++)
    if (!g_ptr_array_find (tracker->known_to, g_ptr_array_index (source->known_to, i), NULL))
      g_ptr_array_add (tracker->known_to, g_ptr_array_index (source->known_to, i));
}

static Tracker *
new_formation (AdmStrategy      *self,
               const char       *id,
               const char       *name,
               const AdmAdmiral *admiral,
               const AdmSector  *sector,
               GPtrArray        *ships,
               const AdmShip    *flagship)
{
  AdmFormation *formation = g_new0 (AdmFormation, 1);
  const AdmShip *first = g_ptr_array_index (ships, 0);
  GPtrArray *sources = g_ptr_array_new ();
  Tracker *tracker;

  formation->id = g_strdup (id);
  formation->name = g_strdup (name);
  formation->faction = first->faction;
  formation->sector = (AdmSector *) sector;
  formation->admiral = (AdmAdmiral *) admiral;
  formation->flagship = (AdmShip *) flagship;
  formation->ships = g_ptr_array_copy (ships, NULL, NULL);
  formation->succession = g_ptr_array_new ();
  g_ptr_array_add (self->owned, formation);

  for (guint i = 0; i < ships->len; i++)
    {
      Tracker *source = g_hash_table_lookup (self->ship_formation, g_ptr_array_index (ships, i));

      if (!g_ptr_array_find (sources, source, NULL))
        g_ptr_array_add (sources, source);
    }
  tracker = _adm_strategy_add_tracker (self, formation, sector);
  for (guint i = 0; i < sources->len; i++)
    inherit_visibility (formation, tracker, g_ptr_array_index (sources, i), i == 0);
  for (guint i = 0; i < sources->len; i++)
    {
      Tracker *source = g_ptr_array_index (sources, i);
      g_autoptr(GPtrArray) leaving = g_ptr_array_new ();

      for (guint s = 0; s < ships->len; s++)
        if (g_ptr_array_find (source->pos.formation->ships, g_ptr_array_index (ships, s), NULL))
          g_ptr_array_add (leaving, g_ptr_array_index (ships, s));
      _adm_strategy_log (source, self->cycle, _("%u ship(s) left to form “%s” (F-STRAT-12)"),
                         leaving->len, name);
      _adm_strategy_remove_ships (self, source, leaving);
    }
  g_ptr_array_unref (sources);
  return tracker;
}

/* Battle results (F-STRAT-4, issue "campaign loop"): a ship lost in a battle — destroyed, or
 * left a wreck — leaves its formation as any ship leaving it does (F-FORM-5 succession; a
 * formation with none left is no more). */
void
adm_strategy_remove_ship (AdmStrategy   *self,
                          const AdmShip *ship,
                          const char    *why,
                          const char    *told)
{
  Tracker *tracker;
  g_autoptr(GPtrArray) leaving = g_ptr_array_new ();

  g_return_if_fail (self != NULL);
  g_return_if_fail (ship != NULL);

  tracker = g_hash_table_lookup (self->ship_formation, ship);
  if (tracker == NULL || tracker->gone)
    return;
  g_hash_table_remove (self->ship_formation, ship);
  _adm_strategy_log_told (tracker, self->cycle, why, told);
  g_ptr_array_add (leaving, (gpointer) ship);
  _adm_strategy_remove_ships (self, tracker, leaving);
}

const AdmFormation *
adm_strategy_formation_of_ship (AdmStrategy   *self,
                                const AdmShip *ship)
{
  Tracker *tracker;

  g_return_val_if_fail (self != NULL, NULL);

  tracker = g_hash_table_lookup (self->ship_formation, ship);
  return tracker != NULL && !tracker->gone ? tracker->pos.formation : NULL;
}

/* Captured ships (F-BOARD-15, F-BOARD-17) join the captor's faction as a formation of their
 * own, in @sector, under @admiral (ruling "prize-admiral"; NULL: none); they are no secret of
 * anyone's. */
void
adm_strategy_form_prize (AdmStrategy      *self,
                         const char       *id,
                         const char       *name,
                         const AdmFaction *faction,
                         const AdmSector  *sector,
                         const AdmAdmiral *admiral,
                         GPtrArray        *ships)
{
  Tracker *tracker;
  AdmFormation *formation;

  g_return_if_fail (self != NULL);
  g_return_if_fail (ships != NULL && ships->len > 0);

  tracker = new_formation (self, id, name, admiral, sector, ships, g_ptr_array_index (ships, 0));
  formation = (AdmFormation *) tracker->pos.formation;
  formation->faction = (AdmFaction *) faction;
  formation->hidden = FALSE;
  _adm_strategy_log (tracker, self->cycle, _("formed of ships taken in battle"));
}

/* The flagship a battle left (F-FORM-5): the succession taken on the table carries on. */
void
adm_strategy_set_formation_flagship (AdmStrategy   *self,
                                     const AdmShip *ship)
{
  Tracker *tracker;

  g_return_if_fail (self != NULL);

  tracker = g_hash_table_lookup (self->ship_formation, ship);
  if (tracker == NULL || tracker->gone || tracker->pos.flagship == ship)
    return;
  _adm_strategy_set_flagship (self, tracker, ship);
}

/* Where a formation is, or, in transit, where it is heading. */
const AdmSector *
adm_strategy_formation_place (AdmStrategy        *self,
                              const AdmFormation *formation)
{
  Tracker *tracker;

  g_return_val_if_fail (self != NULL, NULL);

  tracker = g_hash_table_lookup (self->trackers, formation->id);
  if (tracker == NULL)
    return NULL;
  return tracker->pos.towards != NULL ? tracker->pos.towards : tracker->pos.sector;
}

static char *
ship_names (GPtrArray *ships)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < ships->len; i++)
    g_string_append_printf (out, "%s%s", i > 0 ? ", " : "",
                            ((const AdmShip *) g_ptr_array_index (ships, i))->name);
  return g_string_free (out, FALSE);
}

/* F-STRAT-12, F-STRAT-17: administrative orders take no time and take effect as given; under
 * the ruling "formation-changes" (F-FORM-7, before-battle) this strategic level is where
 * formations change (F-GEN-6: every ship stays in a formation with a flagship). */
void
_adm_strategy_apply_admin_order (AdmStrategy   *self,
                                 Tracker       *tracker,
                                 AdmStratOrder *order)
{
  switch (order->kind)
    {
    case ADM_STRAT_ORDER_FORM:
    case ADM_STRAT_ORDER_DETACH:
      {
        g_autofree char *names = ship_names (order->ships);
        Tracker *made = new_formation (self, order->new_formation, order->new_name,
                                       order->admiral, tracker->pos.sector, order->ships,
                                       order->new_flagship);

        _adm_strategy_log (made, self->cycle, order->kind == ADM_STRAT_ORDER_FORM
                                              ? _("formed of %s, flagship %s (F-STRAT-12)")
                                              : _("detached of %s, flagship %s (F-STRAT-17)"),
                           names, order->new_flagship->name);
        break;
      }
    case ADM_STRAT_ORDER_JOIN:
      {
        Tracker *target = g_hash_table_lookup (self->trackers, order->target_join->id);
        AdmFormation *merged = _adm_strategy_writable (self, target);
        const AdmFormation *joiner = tracker->pos.formation;

        g_ptr_array_extend (merged->ships, joiner->ships, NULL, NULL);
        for (guint i = 0; i < joiner->ships->len; i++)
          g_hash_table_insert (self->ship_formation, g_ptr_array_index (joiner->ships, i), target);
        inherit_visibility (merged, target, tracker, FALSE);
        _adm_strategy_log (tracker, self->cycle, _("joined “%s” and ceased to exist (F-STRAT-17)"),
                           merged->name);
        _adm_strategy_log (target, self->cycle, _("“%s” joined it (F-STRAT-17)"), joiner->name);
        retire (self, tracker);
        break;
      }
    case ADM_STRAT_ORDER_DISBAND:
      {
        const AdmFormation *formation = tracker->pos.formation;
        g_autoptr(GPtrArray) ships = g_ptr_array_copy (formation->ships, NULL, NULL);
        AdmAdmiral *admiral = formation->admiral;
        g_autofree char *name = g_strdup (formation->name);

        _adm_strategy_log (tracker, self->cycle, _("disbanded: each ship a formation of its own "
                                                   "(F-STRAT-12)"));
        /* Each ship leaves in turn; the last one's leaving retires the formation. */
        for (guint i = 0; i < ships->len; i++)
          {
            const AdmShip *ship = g_ptr_array_index (ships, i);
            g_autoptr(GPtrArray) one = g_ptr_array_new ();
            Tracker *made;

            g_ptr_array_add (one, (gpointer) ship);
            made = new_formation (self, ship->id, ship->name, admiral, tracker->pos.sector, one,
                                  ship);
            _adm_strategy_log (made, self->cycle, _("formed when “%s” was disbanded"), name);
          }
        break;
      }
    default:
      g_assert_not_reached ();
    }
}

/* "assign": the master gives a formation to another admiral of its own faction; the admiral
 * is the strategy's copy of the formation (writable ()), never the scenario's, so a replay of
 * the journal gives the same commands. */

gboolean
adm_strategy_check_assign (AdmStrategy     *self,
                           const AdmEvent  *event,
                           GError         **error)
{
  const char *id = adm_event_get (event, "formation");
  const char *admiral_id = adm_event_get (event, "admiral");
  Tracker *tracker = id != NULL ? g_hash_table_lookup (self->trackers, id) : NULL;
  const AdmAdmiral *admiral = admiral_id != NULL
                              ? adm_strategy_lookup_admiral (self, admiral_id) : NULL;
  const AdmFormation *formation;

  if (tracker == NULL)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("there is no formation “%s” to give to an admiral"), id != NULL ? id : "");
      return FALSE;
    }
  formation = tracker->pos.formation;
  if (admiral == NULL)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("there is no admiral “%s” in this campaign"),
                   admiral_id != NULL ? admiral_id : "");
      return FALSE;
    }
  if (tracker->gone)
    return _adm_strategy_refuse (error, _("“%s” no longer exists and cannot be given to an "
                                          "admiral (F-STRAT-17)"), formation->name);
  if (admiral->faction != formation->faction)
    return _adm_strategy_refuse (error, _("%s is an admiral of %s, and “%s” is a formation of "
                                          "%s: a formation can only be given to an admiral of "
                                          "its own side"),
                                 admiral->name, admiral->faction->name, formation->name,
                                 formation->faction->name);
  if (formation->admiral == admiral)
    return _adm_strategy_refuse (error, _("%s commands “%s” already"), admiral->name,
                                 formation->name);
  return TRUE;
}

void
adm_strategy_apply_assign (AdmStrategy    *self,
                           const AdmEvent *event)
{
  Tracker *tracker = g_hash_table_lookup (self->trackers, adm_event_get (event, "formation"));
  const AdmAdmiral *admiral = adm_strategy_lookup_admiral (self,
                                                           adm_event_get (event, "admiral"));
  AdmFormation *formation = _adm_strategy_writable (self, tracker);
  /* Translators: a formation's log: "given to Admiral Vorkosigan by the master" */
  g_autofree char *text = g_strdup_printf (_("given to %s by the master"), admiral->name);
  /* Translators: a formation's log as its admiral's papers tell it: "placed under the command
   * of Admiral Vorkosigan" */
  g_autofree char *told = g_strdup_printf (_("placed under the command of %s"), admiral->name);

  formation->admiral = (AdmAdmiral *) admiral;
  _adm_strategy_log_told (tracker, self->cycle, text, told);
}

char *
adm_strategy_new_formation_id (AdmStrategy    *self,
                               AdmScenario    *scenario,
                               const char     *admiral_id,
                               const char     *name,
                               AdmIdTakenFunc  taken,
                               gpointer        user_data)
{
  g_autofree char *from_name = adm_id_from_name (name != NULL ? name : "");
  g_autoptr(GString) base = g_string_new (admiral_id);

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (ADM_IS_SCENARIO (scenario), NULL);
  g_return_val_if_fail (admiral_id != NULL, NULL);

  g_string_append_printf (base, "-%s", from_name);
  if (base->len > 64)
    g_string_truncate (base, 64);
  while (base->len > 0 && base->str[base->len - 1] == '-')
    g_string_truncate (base, base->len - 1);
  if (g_str_equal (base->str, admiral_id))
    g_string_append (base, "-formation");
  for (guint n = 1;; n++)
    {
      char *id = n == 1 ? g_strdup (base->str) : g_strdup_printf ("%s-%u", base->str, n);

      if (adm_strategy_get_position (self, id) == NULL &&
          adm_scenario_lookup_formation (scenario, id) == NULL &&
          (taken == NULL || !taken (id, user_data)))
        return id;
      g_free (id);
    }
}

