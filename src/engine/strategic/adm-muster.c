/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-muster.c: the muster before cycle 1 (adm-muster.h): each admiral's formations made from
 * his pool, checked as the rules make formations (F-FORM-3, F-FORM-4, F-FORM-5, F-FORM-8 under the
 * season's ruling), the master's decisions, the starting positions and the start. A refusal of one
 * admiral's muster speaks of his pool only, never of another's, so that its words tell him
 * nothing of another muster. */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>
#include <libxml/parser.h>

#include "adm-id.h"
#include "adm-muster.h"
#include "adm-state.h"
#include "adm-xml.h"

struct _AdmMuster
{
  AdmScenario *scenario;      /* borrowed: the state owns both */
  GPtrArray   *entries;       /* AdmMusterEntry*, pool order */
  gboolean     started;
  /* A muster being handed in: its "muster" event applied, its formations still coming. */
  AdmMusterEntry *open;
  GPtrArray      *draft;      /* AdmMusterFormation* */
  guint           expected;   /* how many formations its "muster" event names */
  guint           skipped;    /* formations of it refused and read past, when every refusal
                               * is listed (adm_muster_check_draft_all ()) */
  gint64          opened;     /* the time of that event */
};

static void
formation_free (gpointer data)
{
  AdmMusterFormation *formation = data;

  g_free (formation->name);
  g_ptr_array_unref (formation->ships);
  g_ptr_array_unref (formation->succession);
  g_free (formation);
}

static void
entry_free (gpointer data)
{
  AdmMusterEntry *entry = data;

  g_ptr_array_unref (entry->formations);
  g_ptr_array_unref (entry->defaults);
  g_clear_pointer (&entry->formation_ids, g_ptr_array_unref);
  g_ptr_array_unref (entry->returned);
  g_hash_table_unref (entry->positions);
  g_free (entry->reason);
  g_free (entry);
}

static AdmMusterFormation *
formation_new (const char    *name,
               const AdmShip *flagship)
{
  AdmMusterFormation *formation = g_new0 (AdmMusterFormation, 1);

  formation->name = g_strdup (name);
  formation->flagship = flagship;
  formation->ships = g_ptr_array_new ();
  formation->succession = g_ptr_array_new ();
  return formation;
}

/* The value of ruling @id, or @fallback for a season from before it. */
static const char *
ruling (AdmScenario *scenario,
        const char  *id,
        const char  *fallback)
{
  AdmRuleset *ruleset = adm_scenario_get_ruleset (scenario);

  return adm_ruleset_lookup_ruling (ruleset, id) != NULL
         ? adm_ruleset_get_ruling_value (ruleset, id) : fallback;
}

/* The ruling "muster-default": the formations of an admiral who never mustered. "by-category":
 * his ships in pool order, grouped by category (in the order each first comes), formations of
 * at most the ruleset's 6 (F-FORM-8 under either composition ruling), the first ship of each
 * its flagship;
 * "single-ships": each ship a formation of its own (F-FORM-3), named after it. */
static GPtrArray *
default_formations (AdmScenario   *scenario,
                    const AdmPool *pool)
{
  GPtrArray *formations = g_ptr_array_new_with_free_func (formation_free);
  const char *rule = ruling (scenario, "muster-default", "by-category");
  int max_ships = adm_ruleset_get_formation_ships (adm_scenario_get_ruleset (scenario));

  if (g_str_equal (rule, "single-ships"))
    {
      for (guint i = 0; i < pool->ships->len; i++)
        {
          const AdmShip *ship = g_ptr_array_index (pool->ships, i);
          AdmMusterFormation *formation = formation_new (ship->name, ship);

          g_ptr_array_add (formation->ships, (gpointer) ship);
          g_ptr_array_add (formations, formation);
        }
      return formations;
    }

  {
    g_autoptr(GArray) categories = g_array_new (FALSE, FALSE, sizeof (int));

    for (guint i = 0; i < pool->ships->len; i++)
      {
        const AdmShip *ship = g_ptr_array_index (pool->ships, i);
        int category = (int) ship->klass->category;
        gboolean known = FALSE;

        for (guint c = 0; c < categories->len; c++)
          known = known || g_array_index (categories, int, c) == category;
        if (!known)
          g_array_append_val (categories, category);
      }
    for (guint c = 0; c < categories->len; c++)
      {
        AdmMusterFormation *formation = NULL;

        for (guint i = 0; i < pool->ships->len; i++)
          {
            const AdmShip *ship = g_ptr_array_index (pool->ships, i);

            if ((int) ship->klass->category != g_array_index (categories, int, c))
              continue;
            if (formation == NULL || (int) formation->ships->len == max_ships)
              {
                g_autofree char *name = NULL;

                /* Translators: a default formation of the muster: "Adm. Vorpatril’s
                 * formation 2" */
                name = g_strdup_printf (_("%s’s formation %u"), pool->admiral->name,
                                        formations->len + 1);
                formation = formation_new (name, ship);
                g_ptr_array_add (formations, formation);
              }
            g_ptr_array_add (formation->ships, (gpointer) ship);
          }
      }
  }
  return formations;
}

AdmMuster *
adm_muster_new (AdmScenario *scenario)
{
  AdmMuster *self = g_new0 (AdmMuster, 1);
  GPtrArray *pools;

  g_return_val_if_fail (ADM_IS_SCENARIO (scenario), NULL);

  self->scenario = scenario;
  self->entries = g_ptr_array_new_with_free_func (entry_free);
  self->draft = g_ptr_array_new_with_free_func (formation_free);
  pools = adm_scenario_get_pools (scenario);
  for (guint i = 0; i < pools->len; i++)
    {
      AdmMusterEntry *entry = g_new0 (AdmMusterEntry, 1);

      entry->pool = g_ptr_array_index (pools, i);
      entry->formations = g_ptr_array_new_with_free_func (formation_free);
      entry->returned = g_ptr_array_new_with_free_func (formation_free);
      entry->positions = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      entry->defaults = default_formations (scenario, entry->pool);
      g_ptr_array_add (self->entries, entry);
    }
  return self;
}

void
adm_muster_free (AdmMuster *self)
{
  if (self == NULL)
    return;
  g_ptr_array_unref (self->entries);
  g_ptr_array_unref (self->draft);
  g_free (self);
}

gboolean
adm_muster_has_pools (AdmMuster *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->entries->len > 0;
}

gboolean
adm_muster_in_progress (AdmMuster *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->entries->len > 0 && !self->started;
}

GPtrArray *
adm_muster_get_entries (AdmMuster *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->entries;
}

const AdmMusterEntry *
adm_muster_get_entry (AdmMuster  *self,
                      const char *admiral_id)
{
  g_return_val_if_fail (self != NULL, NULL);

  for (guint i = 0; admiral_id != NULL && i < self->entries->len; i++)
    {
      const AdmMusterEntry *entry = g_ptr_array_index (self->entries, i);

      if (g_str_equal (entry->pool->admiral->id, admiral_id))
        return entry;
    }
  return NULL;
}

GPtrArray *
adm_muster_entry_planned (const AdmMusterEntry *entry)
{
  g_return_val_if_fail (entry != NULL, NULL);
  return entry->status == ADM_MUSTER_ACCEPTED ? entry->formations : entry->defaults;
}

/* The id formation @f (from 0) of @formations is made with: of the defaults when @defaulted
 * (by its number: a default formation's name is translated, its id is not, so that the same
 * journal gives the same ids in every locale), else of an accepted muster (by its name). */
static char *
formation_base_id (const AdmMusterEntry *entry,
                   GPtrArray            *formations,
                   guint                 f,
                   gboolean              defaulted)
{
  const AdmAdmiral *admiral = entry->pool->admiral;
  const AdmMusterFormation *formation = g_ptr_array_index (formations, f);
  g_autofree char *words = defaulted ? g_strdup_printf ("%s formation %u", admiral->id, f + 1)
                                     : g_strdup_printf ("%s %s", admiral->id, formation->name);
  char *base = adm_id_from_name (words);

  if (*base == '\0')
    {
      g_free (base);
      base = g_strdup (admiral->id);
    }
  return base;
}

char *
adm_muster_formation_id (const AdmMusterEntry *entry,
                         guint                 number)
{
  GPtrArray *planned;

  g_return_val_if_fail (entry != NULL, NULL);
  planned = adm_muster_entry_planned (entry);
  g_return_val_if_fail (number >= 1 && number <= planned->len, NULL);
  return formation_base_id (entry, planned, number - 1, entry->status != ADM_MUSTER_ACCEPTED);
}

/* F-GEN-7: each formation of @entry's muster and defaults starts where the master set the
 * formation of its id, else in its pool's sector (NULL). */
static void
sync_positions (AdmMusterEntry *entry)
{
  for (guint pass = 0; pass < 2; pass++)
    {
      GPtrArray *formations = pass == 0 ? entry->formations : entry->defaults;

      for (guint f = 0; f < formations->len; f++)
        {
          AdmMusterFormation *formation = g_ptr_array_index (formations, f);
          g_autofree char *id = formation_base_id (entry, formations, f, pass == 1);

          formation->sector = g_hash_table_lookup (entry->positions, id);
        }
    }
}

char *
adm_muster_composition_rule (AdmMuster *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return adm_formation_composition_rule (
      ruling (self->scenario, "formation-composition", "six-of-one-category"),
      adm_ruleset_get_formation_ships (adm_scenario_get_ruleset (self->scenario)));
}

gboolean
adm_muster_admiral_sees (AdmMuster  *self,
                         const char *viewer_id,
                         const char *admiral_id)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return viewer_id == NULL || g_strcmp0 (viewer_id, admiral_id) == 0;
}

static const char *const status_names[] = {
  [ADM_MUSTER_NOT_HANDED_IN] = "not-handed-in",
  [ADM_MUSTER_HANDED_IN] = "handed-in",
  [ADM_MUSTER_ACCEPTED] = "accepted",
  [ADM_MUSTER_RETURNED] = "returned",
};

const char *
adm_muster_status_to_string (AdmMusterStatus status)
{
  g_return_val_if_fail ((guint) status < G_N_ELEMENTS (status_names), NULL);
  return status_names[status];
}

const char *
adm_muster_status_describe (AdmMusterStatus status)
{
  switch (status)
    {
    case ADM_MUSTER_NOT_HANDED_IN:
      /* Translators: a muster's status */
      return _("not handed in");
    case ADM_MUSTER_HANDED_IN:
      /* Translators: a muster's status: waiting for the master */
      return _("handed in");
    case ADM_MUSTER_ACCEPTED:
      /* Translators: a muster's status */
      return _("accepted");
    case ADM_MUSTER_RETURNED:
      /* Translators: a muster's status: the master gave it back to be done again */
      return _("returned");
    default:
      g_return_val_if_reached (NULL);
    }
}

static const char *const event_kinds[] = {
  "muster", "muster-formation", "muster-accept", "muster-return", "muster-position",
  "muster-start", NULL
};

const char * const *
adm_muster_get_event_kinds (void)
{
  return event_kinds;
}

gboolean
adm_muster_is_event_kind (const char *kind)
{
  return kind != NULL && g_strv_contains (event_kinds, kind);
}

/* The checks */

static gboolean
refuse (GError     **error,
        const char  *format,
        ...) G_GNUC_PRINTF (2, 3);

static gboolean
refuse (GError     **error,
        const char  *format,
        ...)
{
  va_list args;

  va_start (args, format);
  if (error != NULL)
    *error = g_error_new_valist (ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL, format, args);
  va_end (args);
  return FALSE;
}

static gboolean
bad (GError     **error,
     const char  *format,
     ...) G_GNUC_PRINTF (2, 3);

static gboolean
bad (GError     **error,
     const char  *format,
     ...)
{
  va_list args;

  va_start (args, format);
  if (error != NULL)
    *error = g_error_new_valist (ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT, format, args);
  va_end (args);
  return FALSE;
}

/* The entry of the admiral @event names; NULL with @error when he has no pool. The words are
 * the same for an admiral of the campaign without a pool and for no admiral at all. */
static AdmMusterEntry *
need_entry (AdmMuster       *self,
            const AdmEvent  *event,
            GError         **error)
{
  const char *id = adm_event_get (event, "admiral");
  AdmMusterEntry *entry = (AdmMusterEntry *) adm_muster_get_entry (self, id);

  if (entry == NULL)
    bad (error, _("“%s” is no admiral with a pool of ships to muster (F-GEN-5)"),
         id != NULL ? id : "");
  return entry;
}

/* Whether the muster is under way, else why an event @kind cannot come. */
static gboolean
need_in_progress (AdmMuster   *self,
                  const char  *kind,
                  GError     **error)
{
  if (self->entries->len == 0)
    return refuse (error, _("this campaign has no muster: its scenario gives no admiral a pool "
                            "of ships (“%s”)"), kind);
  if (self->started)
    return refuse (error, _("the muster is over: the master started cycle 1 (“%s”)"), kind);
  return TRUE;
}

gboolean
adm_muster_allows (AdmMuster   *self,
                   const char  *kind,
                   GError     **error)
{
  g_return_val_if_fail (self != NULL, FALSE);

  if (self->open != NULL && g_strcmp0 (kind, "muster-formation") != 0)
    return bad (error, _("the muster of %s names %u formations and gives %u"),
                self->open->pool->admiral->name, self->expected, self->draft->len);
  if (adm_muster_in_progress (self) &&
      (g_strcmp0 (kind, "order") == 0 || g_strcmp0 (kind, "sheet") == 0 ||
       g_strcmp0 (kind, "cycle") == 0))
    return refuse (error, _("the campaign is in its muster: there are no orders before the "
                            "master starts cycle 1 (F-GEN-6)"));
  return TRUE;
}

/* A list of ship ids of @entry's pool in @text into @ships. */
static gboolean
read_pool_ships (const AdmMusterEntry  *entry,
                 const char            *text,
                 GPtrArray             *ships,
                 GError               **error)
{
  g_auto(GStrv) words = g_strsplit_set (text != NULL ? text : "", " \t\n", -1);

  for (guint i = 0; words[i] != NULL; i++)
    {
      const AdmShip *ship = NULL;

      if (words[i][0] == '\0')
        continue;
      for (guint s = 0; ship == NULL && s < entry->pool->ships->len; s++)
        if (g_str_equal (((const AdmShip *) g_ptr_array_index (entry->pool->ships, s))->id,
                         words[i]))
          ship = g_ptr_array_index (entry->pool->ships, s);
      if (ship == NULL)
        return bad (error, _("there is no ship “%s” in the pool of %s"), words[i],
                    entry->pool->admiral->name);
      g_ptr_array_add (ships, (gpointer) ship);
    }
  return TRUE;
}

/* The first character of a formation's @name that a name may not hold — one a file cannot
 * keep (adm_xml_first_bad_char ()) or a control character (a tab) — 0 when there is none,
 * (gunichar) -1 for bytes that are not UTF-8. */
static gunichar
name_bad_char (const char *name)
{
  gunichar bad_char = adm_xml_first_bad_char (name);

  if (bad_char != 0)
    return bad_char;
  for (const char *p = name; *p != '\0'; p = g_utf8_next_char (p))
    if (g_unichar_iscntrl (g_utf8_get_char (p)))
      return g_utf8_get_char (p);
  return 0;
}

/* "muster-formation": one formation of the muster being handed in, checked against the pool
 * and the formations of the muster before it. NULL with @error when it is refused. */
static AdmMusterFormation *
read_formation (AdmMuster       *self,
                const AdmEvent  *event,
                GError         **error)
{
  const char *name = adm_event_get (event, "name");
  const char *hidden = adm_event_get (event, "hidden");
  const char *flagship_id = adm_event_get (event, "flagship");
  const char *rule = ruling (self->scenario, "formation-composition", "six-of-one-category");
  int max_ships = adm_ruleset_get_formation_ships (adm_scenario_get_ruleset (self->scenario));
  AdmMusterEntry *entry = self->open;
  AdmMusterFormation *formation;
  g_autoptr(GPtrArray) ships = g_ptr_array_new ();
  g_autoptr(GPtrArray) succession = g_ptr_array_new ();
  g_autoptr(GPtrArray) so_far = g_ptr_array_new ();
  g_autofree char *stripped = NULL;
  const AdmShip *flagship = NULL;
  gunichar bad_char;
  /* Its place in the muster, the formations refused before it counted. */
  guint number = self->draft->len + self->skipped + 1;

  if (entry == NULL)
    {
      bad (error, _("a formation of a muster comes after its “muster” event"));
      return NULL;
    }
  if (g_strcmp0 (adm_event_get (event, "admiral"), entry->pool->admiral->id) != 0)
    {
      bad (error, _("a formation of the muster of %s names another admiral"),
           entry->pool->admiral->name);
      return NULL;
    }
  stripped = g_strstrip (g_strdup (name != NULL ? name : ""));
  if (*stripped == '\0' || strchr (stripped, '\n') != NULL)
    {
      bad (error, _("formation %u of the muster needs a name"), number);
      return NULL;
    }
  /* A name the campaign's file could not keep (a control character pasted in, U+FFFF) is
   * refused here, in the admiral's words, before the journal would refuse its event; the name
   * itself is not repeated, as it would carry the character back to his page. */
  if ((bad_char = name_bad_char (stripped)) != 0)
    {
      if (bad_char == (gunichar) -1)
        bad (error, _("the name of formation %u of the muster holds bytes that are not text: "
                      "type it again"), number);
      else
        bad (error, _("the name of formation %u of the muster holds a character that is not "
                      "a letter, digit, space or sign (U+%04X): type it again without it"),
             number, bad_char);
      return NULL;
    }
  if (g_utf8_strlen (stripped, -1) > ADM_MUSTER_NAME_MAX)
    {
      bad (error, _("the name of formation %u of the muster is %ld characters long; a "
                    "formation’s name has at most %d"), number,
           g_utf8_strlen (stripped, -1), ADM_MUSTER_NAME_MAX);
      return NULL;
    }
  for (guint i = 0; i < self->draft->len; i++)
    if (g_str_equal (((AdmMusterFormation *) g_ptr_array_index (self->draft, i))->name, stripped))
      {
        refuse (error, _("two formations of the muster are named “%s”"), stripped);
        return NULL;
      }
  if (hidden != NULL && !g_str_equal (hidden, "true") && !g_str_equal (hidden, "false"))
    {
      bad (error, _("a formation of a muster is hidden or not by “true” or “false”"));
      return NULL;
    }
  if (!read_pool_ships (entry, adm_event_get (event, "ships"), ships, error) ||
      !read_pool_ships (entry, adm_event_get (event, "succession"), succession, error))
    return NULL;
  /* F-FORM-3: a formation may consist of one ship, but not of none. */
  if (ships->len == 0)
    {
      refuse (error, _("formation “%s” has no ships (F-FORM-3)"), stripped);
      return NULL;
    }
  for (guint i = 0; i < ships->len; i++)
    {
      const AdmShip *ship = g_ptr_array_index (ships, i);
      g_autofree char *problem = NULL;

      for (guint f = 0; f < self->draft->len; f++)
        {
          AdmMusterFormation *other = g_ptr_array_index (self->draft, f);

          if (g_ptr_array_find (other->ships, ship, NULL))
            {
              refuse (error, _("%s is in formation “%s” already and cannot be in “%s” too"),
                      ship->name, other->name, stripped);
              return NULL;
            }
        }
      if (g_ptr_array_find (so_far, ship, NULL))
        {
          refuse (error, _("%s is named twice in formation “%s”"), ship->name, stripped);
          return NULL;
        }
      g_ptr_array_add (so_far, (gpointer) ship);
      /* F-FORM-8 with the season's ruling, said at the ship that breaks it. */
      if ((problem = adm_formation_composition_problem (rule, max_ships, stripped,
                                                        so_far)) != NULL)
        {
          refuse (error, "%s", problem);
          return NULL;
        }
    }
  /* F-FORM-4: a formation must have an explicitly designated flagship, one of its ships. */
  for (guint i = 0; flagship_id != NULL && i < ships->len; i++)
    if (g_str_equal (((const AdmShip *) g_ptr_array_index (ships, i))->id, flagship_id))
      flagship = g_ptr_array_index (ships, i);
  if (flagship == NULL)
    {
      if (flagship_id == NULL || *flagship_id == '\0')
        refuse (error, _("formation “%s” has no flagship (F-FORM-4)"), stripped);
      else
        refuse (error, _("formation “%s” names flagship “%s”, which is not one of its ships "
                         "(F-FORM-4)"), stripped, flagship_id);
      return NULL;
    }
  /* F-FORM-5: the succession names other ships of the formation, each once. */
  for (guint i = 0; i < succession->len; i++)
    {
      const AdmShip *ship = g_ptr_array_index (succession, i);

      if (!g_ptr_array_find (ships, ship, NULL))
        {
          refuse (error, _("the succession of formation “%s” names %s, which is not one of its "
                           "ships (F-FORM-5)"), stripped, ship->name);
          return NULL;
        }
      if (ship == flagship)
        {
          refuse (error, _("%s appears twice in the succession of formation “%s” (the flagship "
                           "counts as first)"), ship->name, stripped);
          return NULL;
        }
      for (guint j = 0; j < i; j++)
        if (g_ptr_array_index (succession, j) == ship)
          {
            refuse (error, _("%s appears twice in the succession of formation “%s” (the "
                             "flagship counts as first)"), ship->name, stripped);
            return NULL;
          }
    }
  formation = formation_new (stripped, flagship);
  g_ptr_array_extend (formation->ships, ships, NULL, NULL);
  g_ptr_array_extend (formation->succession, succession, NULL, NULL);
  formation->hidden = g_strcmp0 (hidden, "true") == 0;
  return formation;
}

/* F-GEN-6: the last formation of a muster closes it: every ship of the pool is in one. */
static gboolean
check_complete (AdmMuster                *self,
                const AdmMusterFormation *last,
                GError                  **error)
{
  const AdmPool *pool = self->open->pool;

  for (guint s = 0; s < pool->ships->len; s++)
    {
      const AdmShip *ship = g_ptr_array_index (pool->ships, s);
      gboolean placed = g_ptr_array_find (last->ships, ship, NULL);

      for (guint f = 0; !placed && f < self->draft->len; f++)
        placed = g_ptr_array_find (((AdmMusterFormation *) g_ptr_array_index (self->draft,
                                                                              f))->ships,
                                   ship, NULL);
      if (!placed)
        return refuse (error, _("%s of the pool is in none of the formations: every ship of "
                                "the pool is mustered (F-GEN-6)"), ship->name);
    }
  return TRUE;
}

static gboolean
check_muster (AdmMuster       *self,
              const AdmEvent  *event,
              GError         **error)
{
  AdmMusterEntry *entry;
  gint64 count;

  if (self->open != NULL)
    return bad (error, _("the muster of %s names %u formations and gives %u"),
                self->open->pool->admiral->name, self->expected, self->draft->len);
  if (!need_in_progress (self, "muster", error) ||
      (entry = need_entry (self, event, error)) == NULL)
    return FALSE;
  if (entry->status == ADM_MUSTER_ACCEPTED)
    return refuse (error, _("the master accepted the muster of %s already; he returns it before "
                            "another is handed in"), entry->pool->admiral->name);
  /* The id his phone's page gave the muster, by which the portal knows a repeat of it (the
   * "sheet" event's "client"). */
  if (adm_event_get (event, "client") != NULL &&
      !adm_strategy_client_is_valid (adm_event_get (event, "client")))
    return bad (error, _("the muster’s client id is not %d to %d letters, digits, “-” or “_”"),
                ADM_STRATEGY_CLIENT_MIN, ADM_STRATEGY_CLIENT_MAX);
  if (!adm_event_get_int (event, "formations", &count) || count < 1 ||
      count > ADM_MUSTER_FORMATIONS_MAX || count > entry->pool->ships->len)
    return bad (error, _("a muster of %s hands in 1 to %u formations (F-FORM-3: each of one "
                         "ship at least), not “%s”"), entry->pool->admiral->name,
                MIN (entry->pool->ships->len, ADM_MUSTER_FORMATIONS_MAX),
                adm_event_get (event, "formations") != NULL
                ? adm_event_get (event, "formations") : "");
  return TRUE;
}

static AdmMusterEntry *
need_decision (AdmMuster       *self,
               const AdmEvent  *event,
               const char      *kind,
               GError         **error)
{
  AdmMusterEntry *entry;

  if (!need_in_progress (self, kind, error) || (entry = need_entry (self, event, error)) == NULL)
    return NULL;
  return entry;
}

static gboolean
check_accept (AdmMuster       *self,
              const AdmEvent  *event,
              GError         **error)
{
  AdmMusterEntry *entry = need_decision (self, event, "muster-accept", error);

  if (entry == NULL)
    return FALSE;
  if (entry->status != ADM_MUSTER_HANDED_IN)
    return refuse (error, _("the muster of %s is %s: only one handed in is accepted"),
                   entry->pool->admiral->name, adm_muster_status_describe (entry->status));
  return TRUE;
}

static gboolean
check_return (AdmMuster       *self,
              const AdmEvent  *event,
              GError         **error)
{
  AdmMusterEntry *entry = need_decision (self, event, "muster-return", error);
  const char *reason = adm_event_get (event, "reason");
  g_autofree char *stripped = g_strstrip (g_strdup (reason != NULL ? reason : ""));

  if (entry == NULL)
    return FALSE;
  if (entry->status != ADM_MUSTER_HANDED_IN && entry->status != ADM_MUSTER_ACCEPTED)
    return refuse (error, _("the muster of %s is %s: only one handed in or accepted is "
                            "returned"), entry->pool->admiral->name,
                   adm_muster_status_describe (entry->status));
  if (*stripped == '\0')
    return bad (error, _("a muster is returned with the master’s reason: say what to change"));
  if (g_utf8_strlen (reason, -1) > ADM_STATE_REASON_MAX)
    return bad (error, _("the reason is %ld characters long; a reason keeps at most %d"),
                g_utf8_strlen (reason, -1), ADM_STATE_REASON_MAX);
  return TRUE;
}

/* "muster-position": the id (adm_muster_formation_id ()) of the formation, by its number
 * (from 1) or that id, of the formations the admiral would start with now
 * (adm_muster_entry_planned ()), or NULL with @error. */
static char *
position_target (AdmMuster       *self,
                 const AdmEvent  *event,
                 AdmMusterEntry **target,
                 const AdmSector **sector,
                 GError         **error)
{
  AdmMusterEntry *entry = need_decision (self, event, "muster-position", error);
  const char *sector_id = adm_event_get (event, "sector");
  const char *named = adm_event_get (event, "formation");
  GPtrArray *planned;
  gint64 number = 0;

  if (entry == NULL)
    return NULL;
  if (entry->status == ADM_MUSTER_HANDED_IN)
    {
      refuse (error, _("the muster of %s waits for the master: accept or return it before "
                       "setting its positions"), entry->pool->admiral->name);
      return NULL;
    }
  planned = adm_muster_entry_planned (entry);
  if (named != NULL && !adm_event_get_int (event, "formation", &number))
    for (guint f = 0; number == 0 && f < planned->len; f++)
      {
        g_autofree char *id = adm_muster_formation_id (entry, f + 1);

        if (g_str_equal (id, named))
          number = f + 1;
      }
  if (number < 1 || number > (gint64) planned->len)
    {
      bad (error, _("%s starts with formations 1 to %u, not “%s”"), entry->pool->admiral->name,
           planned->len, named != NULL ? named : "");
      return NULL;
    }
  *sector = adm_scenario_lookup_sector (self->scenario, sector_id);
  if (*sector == NULL)
    {
      bad (error, _("there is no sector “%s” on this campaign's map"),
           sector_id != NULL ? sector_id : "");
      return NULL;
    }
  *target = entry;
  return adm_muster_formation_id (entry, (guint) number);
}

static gboolean
check_start (AdmMuster       *self,
             const AdmEvent  *event,
             GError         **error)
{
  if (!need_in_progress (self, "muster-start", error))
    return FALSE;
  for (guint i = 0; i < self->entries->len; i++)
    {
      const AdmMusterEntry *entry = g_ptr_array_index (self->entries, i);

      if (entry->status == ADM_MUSTER_HANDED_IN)
        return refuse (error, _("the muster of %s waits for the master: accept or return it "
                                "before cycle 1 starts"), entry->pool->admiral->name);
    }
  return TRUE;
}

gboolean
adm_muster_check (AdmMuster       *self,
                  AdmStrategy     *strategy,
                  const AdmEvent  *event,
                  GError         **error)
{
  const char *kind;

  g_return_val_if_fail (self != NULL && strategy != NULL && event != NULL, FALSE);

  kind = adm_event_get_kind (event);
  if (g_str_equal (kind, "muster"))
    return check_muster (self, event, error);
  if (g_str_equal (kind, "muster-formation"))
    {
      AdmMusterFormation *formation = read_formation (self, event, error);
      gboolean ok = formation != NULL &&
                    (self->draft->len + 1 < self->expected ||
                     check_complete (self, formation, error));

      g_clear_pointer (&formation, formation_free);
      return ok;
    }
  if (g_str_equal (kind, "muster-accept"))
    return check_accept (self, event, error);
  if (g_str_equal (kind, "muster-return"))
    return check_return (self, event, error);
  if (g_str_equal (kind, "muster-position"))
    {
      const AdmSector *sector = NULL;
      AdmMusterEntry *target = NULL;
      g_autofree char *id = position_target (self, event, &target, &sector, error);

      return id != NULL;
    }
  if (g_str_equal (kind, "muster-start"))
    return check_start (self, event, error);
  g_return_val_if_reached (FALSE);
}

/* FALSE, @error's refusal named by the line @line of the sheet @draft was read from, if any. */
static gboolean
at_line (const AdmMusterDraft  *draft,
         int                    line,
         GError               **error)
{
  if (draft->source != NULL && line > 0)
    g_prefix_error (error, "%s:%d: ", draft->source, line);
  return FALSE;
}

gboolean
adm_muster_check_draft (AdmMuster            *self,
                        const AdmMusterDraft *draft,
                        GError              **error)
{
  g_autoptr(GPtrArray) events = NULL;
  g_autoptr(GPtrArray) trial = NULL;
  GPtrArray *kept;
  gboolean ok = TRUE;

  g_return_val_if_fail (self != NULL && draft != NULL, FALSE);

  if (self->open != NULL)
    return bad (error, _("the muster of %s names %u formations and gives %u"),
                self->open->pool->admiral->name, self->expected, self->draft->len);
  events = adm_muster_draft_events (draft, 0);
  if (!check_muster (self, g_ptr_array_index (events, 0), error))
    return at_line (draft, draft->line, error);
  /* The formations are read as "muster-formation" events are, into a draft of the check's
   * own, and the muster is closed again whatever they say. */
  trial = g_ptr_array_new_with_free_func (formation_free);
  kept = self->draft;
  self->draft = trial;
  self->open = (AdmMusterEntry *) adm_muster_get_entry (self, draft->admiral);
  self->expected = events->len - 1;
  for (guint i = 1; ok && i < events->len; i++)
    {
      AdmMusterFormation *formation = read_formation (self, g_ptr_array_index (events, i),
                                                      error);
      const AdmMusterDraftFormation *given = g_ptr_array_index (draft->formations, i - 1);

      /* A formation refused is named by its line; the muster as a whole (a ship of the pool
       * left out), by the sheet's. */
      if (formation == NULL)
        ok = at_line (draft, given->line, error);
      else if (i + 1 == events->len && !check_complete (self, formation, error))
        ok = at_line (draft, draft->line, error);
      if (formation != NULL)
        g_ptr_array_add (self->draft, formation);
    }
  self->draft = kept;
  self->open = NULL;
  self->expected = 0;
  return ok;
}

gboolean
adm_muster_check_draft_all (AdmMuster            *self,
                            const AdmMusterDraft *draft,
                            GPtrArray            *formations,
                            GPtrArray            *whole)
{
  g_autoptr(GPtrArray) events = NULL;
  g_autoptr(GPtrArray) trial = NULL;
  g_autoptr(GError) error = NULL;
  const AdmMusterEntry *entry;
  GPtrArray *kept;
  gboolean ok = TRUE;

  g_return_val_if_fail (self != NULL && draft != NULL, FALSE);
  g_return_val_if_fail (formations != NULL && whole != NULL, FALSE);

  for (guint f = 0; f < draft->formations->len; f++)
    g_ptr_array_add (formations, NULL);
  events = adm_muster_draft_events (draft, 0);
  /* A muster that cannot be handed in at all: its one refusal. */
  if (self->open != NULL || !check_muster (self, g_ptr_array_index (events, 0), &error))
    {
      if (error == NULL)
        bad (&error, _("the muster of %s names %u formations and gives %u"),
             self->open->pool->admiral->name, self->expected, self->draft->len);
      at_line (draft, draft->line, &error);
      g_ptr_array_add (whole, g_strdup (error->message));
      return FALSE;
    }
  entry = adm_muster_get_entry (self, draft->admiral);
  trial = g_ptr_array_new_with_free_func (formation_free);
  kept = self->draft;
  self->draft = trial;
  self->open = (AdmMusterEntry *) entry;
  self->expected = events->len - 1;
  for (guint i = 1; i < events->len; i++)
    {
      AdmMusterFormation *formation;

      g_clear_error (&error);
      formation = read_formation (self, g_ptr_array_index (events, i), &error);
      if (formation != NULL)
        g_ptr_array_add (self->draft, formation);
      else
        {
          /* Named by its line, as adm_muster_check_draft () names it. */
          at_line (draft, ((const AdmMusterDraftFormation *)
                           g_ptr_array_index (draft->formations, i - 1))->line, &error);
          g_ptr_array_index (formations, i - 1) = g_strdup (error->message);
          self->skipped++;
          ok = FALSE;
        }
    }
  self->draft = kept;
  self->open = NULL;
  self->expected = 0;
  self->skipped = 0;
  /* F-GEN-6: each ship of the pool in none of the formations, refused or not, is said. */
  for (guint s = 0; s < entry->pool->ships->len; s++)
    {
      const AdmShip *ship = g_ptr_array_index (entry->pool->ships, s);
      gboolean placed = FALSE;

      for (guint f = 0; !placed && f < draft->formations->len; f++)
        {
          const AdmMusterDraftFormation *formation = g_ptr_array_index (draft->formations, f);

          for (guint i = 0; !placed && i < formation->ships->len; i++)
            placed = g_str_equal (g_ptr_array_index (formation->ships, i), ship->id);
        }
      if (!placed)
        {
          g_clear_error (&error);
          refuse (&error, _("%s of the pool is in none of the formations: every ship of the "
                            "pool is mustered (F-GEN-6)"), ship->name);
          at_line (draft, draft->line, &error);
          g_ptr_array_add (whole, g_strdup (error->message));
          ok = FALSE;
        }
    }
  return ok;
}

/* The start: every admiral's formations come into being, his accepted muster's or the
 * defaults, each where the master set it or in its pool's sector, with ids made from the
 * admiral's id and the formation's name. */
static void
apply_start (AdmMuster   *self,
             AdmStrategy *strategy)
{
  for (guint i = 0; i < self->entries->len; i++)
    {
      AdmMusterEntry *entry = g_ptr_array_index (self->entries, i);
      const AdmAdmiral *admiral = entry->pool->admiral;
      GPtrArray *planned = adm_muster_entry_planned (entry);

      entry->defaulted = entry->status != ADM_MUSTER_ACCEPTED;
      g_clear_pointer (&entry->formation_ids, g_ptr_array_unref);
      entry->formation_ids = g_ptr_array_new_with_free_func (g_free);
      for (guint f = 0; f < planned->len; f++)
        {
          AdmMusterFormation *formation = g_ptr_array_index (planned, f);
          g_autofree char *base = formation_base_id (entry, planned, f, entry->defaulted);
          g_autofree char *id = NULL;
          const char *log;

          id = g_strdup (base);
          for (guint n = 2; adm_strategy_formation_id_used (strategy, id); n++)
            {
              g_free (id);
              id = g_strdup_printf ("%s-%u", base, n);
            }
          log = entry->defaulted
                /* Translators: a formation's log, in its admiral's report */
                ? _("formed by the master at the muster: its admiral handed in no muster that "
                    "was accepted, so his ships took the default formations (ruling "
                    "“muster-default”)")
                /* Translators: a formation's log, in its admiral's report */
                : _("formed at the muster as its admiral handed it in (F-GEN-6)");
          adm_strategy_add_mustered (strategy, id, formation->name, admiral,
                                     formation->sector != NULL ? formation->sector
                                                               : entry->pool->sector,
                                     formation->ships, formation->flagship,
                                     formation->succession, formation->hidden, log);
          g_ptr_array_add (entry->formation_ids, g_steal_pointer (&id));
        }
    }
  self->started = TRUE;
}

void
adm_muster_apply (AdmMuster       *self,
                  AdmStrategy     *strategy,
                  const AdmEvent  *event)
{
  const char *kind;
  AdmMusterEntry *entry;

  g_return_if_fail (self != NULL && strategy != NULL && event != NULL);

  kind = adm_event_get_kind (event);
  entry = (AdmMusterEntry *) adm_muster_get_entry (self, adm_event_get (event, "admiral"));
  if (g_str_equal (kind, "muster"))
    {
      gint64 count = 0;

      adm_event_get_int (event, "formations", &count);
      self->open = entry;
      self->opened = adm_event_get_time (event);
      self->expected = (guint) count;
      g_ptr_array_set_size (self->draft, 0);
    }
  else if (g_str_equal (kind, "muster-formation"))
    {
      g_ptr_array_add (self->draft, read_formation (self, event, NULL));
      if (self->draft->len == self->expected)
        {
          AdmMusterEntry *open = self->open;
          GPtrArray *old = open->formations;

          open->formations = self->draft;
          self->draft = old;
          g_ptr_array_set_size (self->draft, 0);
          open->status = ADM_MUSTER_HANDED_IN;
          sync_positions (open);
          g_clear_pointer (&open->reason, g_free);
          open->received = self->opened;
          open->count++;
          self->open = NULL;
        }
    }
  else if (g_str_equal (kind, "muster-accept"))
    {
      entry->status = ADM_MUSTER_ACCEPTED;
      sync_positions (entry);
    }
  else if (g_str_equal (kind, "muster-return"))
    {
      entry->status = ADM_MUSTER_RETURNED;
      g_free (entry->reason);
      entry->reason = g_strdup (adm_event_get (event, "reason"));
      /* The muster returned is kept for him to change, no longer his. */
      g_ptr_array_set_size (entry->returned, 0);
      g_ptr_array_extend_and_steal (entry->returned, entry->formations);
      entry->formations = g_ptr_array_new_with_free_func (formation_free);
      sync_positions (entry);
    }
  else if (g_str_equal (kind, "muster-position"))
    {
      const AdmSector *sector = NULL;
      AdmMusterEntry *target = NULL;
      char *id = position_target (self, event, &target, &sector, NULL);

      g_hash_table_replace (target->positions, id, (gpointer) sector);
      sync_positions (target);
    }
  else if (g_str_equal (kind, "muster-start"))
    apply_start (self, strategy);
}

/* A muster as the admiral gives it */

static void
draft_formation_free (gpointer data)
{
  AdmMusterDraftFormation *formation = data;

  g_free (formation->name);
  g_free (formation->flagship);
  g_ptr_array_unref (formation->ships);
  g_ptr_array_unref (formation->succession);
  g_free (formation);
}

AdmMusterDraft *
adm_muster_draft_new (const char *admiral_id)
{
  AdmMusterDraft *draft = g_new0 (AdmMusterDraft, 1);

  g_return_val_if_fail (admiral_id != NULL, NULL);

  draft->admiral = g_strdup (admiral_id);
  draft->formations = g_ptr_array_new_with_free_func (draft_formation_free);
  return draft;
}

void
adm_muster_draft_free (AdmMusterDraft *draft)
{
  if (draft == NULL)
    return;
  g_free (draft->admiral);
  g_free (draft->source);
  g_ptr_array_unref (draft->formations);
  g_free (draft);
}

AdmMusterDraftFormation *
adm_muster_draft_add (AdmMusterDraft *draft,
                      const char     *name,
                      const char     *flagship,
                      gboolean        hidden)
{
  AdmMusterDraftFormation *formation = g_new0 (AdmMusterDraftFormation, 1);

  g_return_val_if_fail (draft != NULL && name != NULL, NULL);

  formation->name = g_strdup (name);
  formation->flagship = g_strdup (flagship != NULL ? flagship : "");
  formation->ships = g_ptr_array_new_with_free_func (g_free);
  formation->succession = g_ptr_array_new_with_free_func (g_free);
  formation->hidden = hidden;
  g_ptr_array_add (draft->formations, formation);
  return formation;
}

AdmMusterDraft *
adm_muster_draft_load (const char  *data,
                       gsize        length,
                       const char  *display_name,
                       GError     **error)
{
  g_autoptr(xmlDoc) doc = NULL;
  g_autoptr(AdmMusterDraft) draft = NULL;
  g_autofree char *admiral = NULL;
  xmlNode *root;

  g_return_val_if_fail (data != NULL && display_name != NULL, NULL);

  doc = adm_xml_read_memory (data, length, display_name, "muster-sheet", error);
  if (doc == NULL)
    return NULL;
  root = xmlDocGetRootElement (doc);
  admiral = adm_xml_get_string (root, "admiral");
  draft = adm_muster_draft_new (admiral);
  draft->source = g_strdup (display_name);
  draft->line = (int) xmlGetLineNo (root);
  for (xmlNode *node = adm_xml_first_element (root, "formation"); node != NULL;
       node = adm_xml_next_element (node, "formation"))
    {
      g_autofree char *name = adm_xml_get_string (node, "name");
      g_autofree char *flagship = adm_xml_get_string (node, "flagship");
      g_autofree char *succession = adm_xml_get_string (node, "succession");
      AdmMusterDraftFormation *formation =
        adm_muster_draft_add (draft, name, flagship, adm_xml_get_boolean (node, "hidden", FALSE));
      g_auto(GStrv) words = g_strsplit_set (succession != NULL ? succession : "", " \t\n", -1);

      formation->line = (int) xmlGetLineNo (node);
      for (xmlNode *ship = adm_xml_first_element (node, "ship"); ship != NULL;
           ship = adm_xml_next_element (ship, "ship"))
        g_ptr_array_add (formation->ships, adm_xml_get_string (ship, "id"));
      for (guint i = 0; words[i] != NULL; i++)
        if (words[i][0] != '\0')
          g_ptr_array_add (formation->succession, g_strdup (words[i]));
    }
  if (draft->formations->len > ADM_MUSTER_FORMATIONS_MAX)
    {
      adm_xml_set_error (error, display_name, root,
                         _("a muster sheet holds at most %d formations, not %u"),
                         ADM_MUSTER_FORMATIONS_MAX, draft->formations->len);
      return NULL;
    }
  return g_steal_pointer (&draft);
}

static char *
join_ids (GPtrArray *ids)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < ids->len; i++)
    g_string_append_printf (text, "%s%s", i > 0 ? " " : "", (char *) g_ptr_array_index (ids, i));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

char *
adm_muster_draft_to_xml (const AdmMusterDraft *draft)
{
  GString *out = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<muster-sheet");

  g_return_val_if_fail (draft != NULL, NULL);

  adm_event_append_attribute (out, "admiral", draft->admiral);
  g_string_append (out, ">\n");
  for (guint i = 0; i < draft->formations->len; i++)
    {
      const AdmMusterDraftFormation *formation = g_ptr_array_index (draft->formations, i);

      g_string_append (out, "  <formation");
      adm_event_append_attribute (out, "name", formation->name);
      adm_event_append_attribute (out, "flagship", formation->flagship);
      if (formation->hidden)
        adm_event_append_attribute (out, "hidden", "true");
      if (formation->succession->len > 0)
        {
          g_autofree char *succession = join_ids (formation->succession);

          adm_event_append_attribute (out, "succession", succession);
        }
      g_string_append (out, ">\n");
      for (guint s = 0; s < formation->ships->len; s++)
        {
          g_string_append (out, "    <ship");
          adm_event_append_attribute (out, "id", g_ptr_array_index (formation->ships, s));
          g_string_append (out, "/>\n");
        }
      g_string_append (out, "  </formation>\n");
    }
  g_string_append (out, "</muster-sheet>\n");
  return g_string_free (out, FALSE);
}

GPtrArray *
adm_muster_draft_events (const AdmMusterDraft *draft,
                         gint64                time)
{
  GPtrArray *events = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_event_unref);
  AdmEvent *event;

  g_return_val_if_fail (draft != NULL, NULL);

  event = adm_event_new ("muster", time);
  adm_event_set (event, "admiral", draft->admiral);
  adm_event_set_int (event, "formations", draft->formations->len);
  g_ptr_array_add (events, event);
  for (guint i = 0; i < draft->formations->len; i++)
    {
      const AdmMusterDraftFormation *formation = g_ptr_array_index (draft->formations, i);
      g_autofree char *ships = join_ids (formation->ships);

      event = adm_event_new ("muster-formation", time);
      adm_event_set (event, "admiral", draft->admiral);
      adm_event_set (event, "name", formation->name);
      adm_event_set (event, "flagship", formation->flagship);
      adm_event_set (event, "ships", ships);
      if (formation->succession->len > 0)
        {
          g_autofree char *succession = join_ids (formation->succession);

          adm_event_set (event, "succession", succession);
        }
      adm_event_set (event, "hidden", formation->hidden ? "true" : "false");
      g_ptr_array_add (events, event);
    }
  return events;
}
