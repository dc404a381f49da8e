/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-portal-muster.c: the muster on the admiral's page (adm-muster.h, F-GEN-5, F-GEN-6, F-GEN-7).
 * While the master has not started cycle 1, an admiral with a pool of ships finds on his page, in
 * place of the order form, a muster form: each ship of his pool put into a formation by its number,
 * its flagship and succession chosen (F-FORM-4, F-FORM-5), each formation named and hidden or
 * not (F-STRAT-3). "Read my muster back" says each formation as the engine would take it,
 * handing in nothing; "Hand in the muster" journals it through the engine's muster events and
 * the state's one check (adm_muster_draft_events ()), or answers with the engine's refusal
 * beside his form as he sent it. The master's decision is his page's status: waiting, returned
 * with his reason (the form filled with the muster returned), or accepted (his formations,
 * read-only). Only the muster's own filter speaks here (adm_muster_admiral_sees ()): the page
 * says nothing of another admiral's muster, and a ship not of his pool is refused in the
 * engine's words, the same for another admiral's ship and for no ship at all. */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "adm-campaign-journal.h"
#include "adm-portal-private.h"
#include "adm-portal-page.h"

/* The most places in a succession the form offers: a formation of 6 escorts and 6 capital
 * ships under the ruling "six-plus-six" (F-FORM-8). */
#define MAX_ROLE 12

const AdmMusterEntry *
_adm_portal_muster_entry (AdmPortal        *self,
                          const AdmAdmiral *admiral)
{
  AdmMuster *muster = adm_state_get_muster (adm_campaign_get_state (self->campaign));

  if (!adm_muster_in_progress (muster) || !adm_muster_admiral_sees (muster, admiral->id,
                                                                     admiral->id))
    return NULL;
  return adm_muster_get_entry (muster, admiral->id);
}

/* How many formations the form offers: one a ship at most (F-FORM-3). */
static guint
n_offered (const AdmMusterEntry *entry)
{
  return MIN (entry->pool->ships->len, ADM_MUSTER_FORMATIONS_MAX);
}

static char *
ship_field (char        letter,
            const char *ship_id)
{
  return g_strdup_printf ("%c.%s", letter, ship_id);
}

/* @formations as the form's fields: "m.SHIP" its formation's number, "p.SHIP" its place (1
 * the flagship, 2… the succession), "nK" formation K's name, "hK" "1" when it is hidden. */
GHashTable *
_adm_portal_muster_fields (GPtrArray *formations)
{
  GHashTable *fields = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  for (guint f = 0; f < formations->len; f++)
    {
      const AdmMusterFormation *formation = g_ptr_array_index (formations, f);

      for (guint s = 0; s < formation->ships->len; s++)
        {
          const AdmShip *ship = g_ptr_array_index (formation->ships, s);

          g_hash_table_insert (fields, ship_field ('m', ship->id), g_strdup_printf ("%u", f + 1));
        }
      g_hash_table_insert (fields, ship_field ('p', formation->flagship->id), g_strdup ("1"));
      for (guint s = 0; s < formation->succession->len; s++)
        {
          const AdmShip *ship = g_ptr_array_index (formation->succession, s);

          g_hash_table_insert (fields, ship_field ('p', ship->id), g_strdup_printf ("%u", s + 2));
        }
      g_hash_table_insert (fields, g_strdup_printf ("n%u", f + 1), g_strdup (formation->name));
      if (formation->hidden)
        g_hash_table_insert (fields, g_strdup_printf ("h%u", f + 1), g_strdup ("1"));
    }
  return fields;
}

static const char *
value_of (GHashTable *fields,
          const char *name)
{
  const char *value = fields != NULL ? g_hash_table_lookup (fields, name) : NULL;

  return value != NULL && *value != '\0' ? value : NULL;
}

/* A number 1…@max in @text, else 0. */
static guint
number_in (const char *text,
           guint       max)
{
  guint64 number;

  if (text == NULL || !g_ascii_string_to_unsigned (text, 10, 1, max, &number, NULL))
    return 0;
  return (guint) number;
}

static const AdmShip *
pool_ship (const AdmMusterEntry *entry,
           const char           *id)
{
  for (guint s = 0; s < entry->pool->ships->len; s++)
    if (g_str_equal (((const AdmShip *) g_ptr_array_index (entry->pool->ships, s))->id, id))
      return g_ptr_array_index (entry->pool->ships, s);
  return NULL;
}

/* A ship's name when it is of the pool, else the id the request gave. */
static const char *
ship_name (const AdmMusterEntry *entry,
           const char           *id)
{
  const AdmShip *ship = pool_ship (entry, id);

  return ship != NULL ? ship->name : id;
}

typedef struct {
  const char *id;
  guint       role;    /* 1 the flagship, 2… the succession, 0 neither */
  guint       order;   /* the pool's order, then the others' */
} Placed;

static int
by_role (gconstpointer a,
         gconstpointer b)
{
  const Placed *x = a, *y = b;

  if (x->role != y->role)
    return x->role < y->role ? -1 : 1;
  return x->order < y->order ? -1 : x->order > y->order;
}

static int
compare_ids (gconstpointer a,
             gconstpointer b)
{
  return strcmp (*(char * const *) a, *(char * const *) b);
}

/* The ship ids the form names, each with the formation it is put in: first the pool's in its
 * order, then any other the request names ("m.ID"), sorted, for the engine to refuse. */
static GPtrArray *
named_ships (const AdmMusterEntry *entry,
             GHashTable           *fields)
{
  GPtrArray *ids = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) others = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GHashTable) pool = g_hash_table_new (g_str_hash, g_str_equal);
  GHashTableIter iter;
  gpointer key;

  for (guint s = 0; s < entry->pool->ships->len; s++)
    {
      const AdmShip *ship = g_ptr_array_index (entry->pool->ships, s);

      g_hash_table_add (pool, ship->id);
      g_ptr_array_add (ids, g_strdup (ship->id));
    }
  g_hash_table_iter_init (&iter, fields);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (g_str_has_prefix (key, "m.") && !g_hash_table_contains (pool, (char *) key + 2))
      g_ptr_array_add (others, g_strdup ((char *) key + 2));
  g_ptr_array_sort (others, compare_ids);
  g_ptr_array_extend_and_steal (ids, g_steal_pointer (&others));
  return ids;
}

/* The muster the form's @fields give, every refusal of the form's own (a formation number out
 * of range, two flagships, a formation with ships and no name) said at once: each formation's
 * in @refusals by the form's formation number (from 1, at index K - 1; NULL for none), the
 * rest in @whole. A formation refused is in the draft all the same, its first flagship its
 * flagship, so that the engine's check of the rest (adm_muster_check_draft_all ()) knows
 * where its ships are. @numbers (guint) gets the form's number of each formation of the
 * draft. Each of the three may be NULL. */
static AdmMusterDraft *
form_draft (const AdmMusterEntry *entry,
            GHashTable           *fields,
            GPtrArray            *refusals,
            GPtrArray            *whole,
            GArray               *numbers)
{
  g_autoptr(AdmMusterDraft) draft = adm_muster_draft_new (entry->pool->admiral->id);
  g_autoptr(GPtrArray) ids = named_ships (entry, fields);
  guint offered = n_offered (entry);

  for (guint i = 0; i < ids->len; i++)
    {
      const char *id = g_ptr_array_index (ids, i);
      g_autofree char *m = ship_field ('m', id);
      const char *number = value_of (fields, m);

      if (whole != NULL && number != NULL && number_in (number, offered) == 0)
        g_ptr_array_add (whole, g_strdup_printf (_("“%s” is no formation of the form: its "
                                                   "formations are numbered 1 to %u"),
                                                 number, offered));
    }
  for (guint k = 1; k <= offered; k++)
    {
      g_autoptr(GArray) placed = g_array_new (FALSE, FALSE, sizeof (Placed));
      g_autofree char *name_field = g_strdup_printf ("n%u", k);
      g_autofree char *hidden_field = g_strdup_printf ("h%u", k);
      g_autofree char *name = g_strstrip (g_strdup (value_of (fields, name_field) != NULL
                                                    ? value_of (fields, name_field) : ""));
      AdmMusterDraftFormation *formation;
      const char *flagship = NULL;
      char *refusal = NULL;

      for (guint i = 0; i < ids->len; i++)
        {
          const char *id = g_ptr_array_index (ids, i);
          g_autofree char *m = ship_field ('m', id), *p = ship_field ('p', id);
          Placed one = { id, number_in (value_of (fields, p), MAX_ROLE), i };

          if (number_in (value_of (fields, m), offered) != k)
            continue;
          /* F-FORM-4: one flagship, explicitly designated. */
          if (one.role == 1 && flagship != NULL && refusal == NULL)
            refusal = g_strdup_printf (_("formation %u has two flagships, %s and %s: a "
                                         "formation has one (F-FORM-4)"), k,
                                       ship_name (entry, flagship), ship_name (entry, id));
          if (one.role == 1 && flagship == NULL)
            flagship = id;
          g_array_append_val (placed, one);
        }
      if (placed->len > 0 && *name == '\0' && refusal == NULL)
        refusal = g_strdup_printf (_("formation %u has ships but no name: name it"), k);
      if (refusals != NULL)
        g_ptr_array_index (refusals, k - 1) = refusal;
      else
        g_free (refusal);
      if (placed->len == 0)
        continue;
      formation = adm_muster_draft_add (draft, name, flagship,
                                        g_strcmp0 (value_of (fields, hidden_field), "1") == 0);
      if (numbers != NULL)
        g_array_append_val (numbers, k);
      for (guint i = 0; i < placed->len; i++)
        g_ptr_array_add (formation->ships, g_strdup (g_array_index (placed, Placed, i).id));
      /* F-FORM-5: the succession in the order of the places chosen, the pool's order
       * between equal ones. */
      g_array_sort (placed, by_role);
      for (guint i = 0; i < placed->len; i++)
        if (g_array_index (placed, Placed, i).role >= 2)
          g_ptr_array_add (formation->succession, g_strdup (g_array_index (placed, Placed, i).id));
    }
  return g_steal_pointer (&draft);
}

/* The refusals of the form for each of its formations (char*, NULL for none, by the form's
 * number - 1). */
static GPtrArray *
refusals_new (const AdmMusterEntry *entry)
{
  GPtrArray *refusals = g_ptr_array_new_full (n_offered (entry), g_free);

  g_ptr_array_set_size (refusals, n_offered (entry));
  return refusals;
}

/* Every refusal of the muster the form's @fields give, the form's and the engine's, at once:
 * each formation's in @refusals (by the form's number - 1), beside it, and all of them, in the
 * order of the form, returned as one text for the page's message; NULL when there is none,
 * and then the muster in @draft_out. In the language in effect. */
static char *
muster_refusals (AdmMuster            *muster,
                 const AdmMusterEntry *entry,
                 GHashTable           *fields,
                 GPtrArray            *refusals,
                 AdmMusterDraft      **draft_out)
{
  g_autoptr(GPtrArray) whole = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) engine = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) numbers = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(AdmMusterDraft) draft = form_draft (entry, fields, refusals, whole, numbers);
  g_autoptr(GPtrArray) all = g_ptr_array_new ();

  *draft_out = NULL;
  adm_muster_check_draft_all (muster, draft, engine, whole);
  /* The form's own refusal of a formation says first what is wrong with it. */
  for (guint f = 0; f < engine->len; f++)
    {
      guint k = g_array_index (numbers, guint, f);

      if (g_ptr_array_index (refusals, k - 1) == NULL)
        g_ptr_array_index (refusals, k - 1) = g_steal_pointer (&g_ptr_array_index (engine, f));
    }
  for (guint k = 0; k < refusals->len; k++)
    if (g_ptr_array_index (refusals, k) != NULL)
      g_ptr_array_add (all, g_ptr_array_index (refusals, k));
  for (guint i = 0; i < whole->len; i++)
    g_ptr_array_add (all, g_ptr_array_index (whole, i));
  if (all->len == 0)
    {
      *draft_out = g_steal_pointer (&draft);
      return NULL;
    }
  g_ptr_array_add (all, NULL);
  /* Translators: between the refusals of a muster listed at once */
  return g_strjoinv (_("; "), (char **) all->pdata);
}

static char *
names_of (const AdmMusterEntry *entry,
          GPtrArray            *ids)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  for (guint i = 0; i < ids->len; i++)
    {
      g_ptr_array_add (names, (gpointer) ship_name (entry, g_ptr_array_index (ids, i)));
    }
  g_ptr_array_add (names, NULL);
  /* Translators: between the names of ships in a list: "Prince Serg, Gull" */
  return g_strjoinv (_(", "), (char **) names->pdata);
}

/* One formation of a muster read back: "3 ships: Prince Serg, Prince Xav, Emperor Dorca.
 * Flagship Prince Serg, then Prince Xav. Hidden." */
static char *
read_back_formation (const AdmMusterEntry          *entry,
                     const AdmMusterDraftFormation *formation)
{
  g_autofree char *ships = names_of (entry, formation->ships);
  g_autofree char *succession = names_of (entry, formation->succession);
  const char *flagship = ship_name (entry, formation->flagship);
  GString *out = g_string_new (NULL);

  /* Translators: a formation of a muster read back: "3 ships: Prince Serg, Gull, Kestrel." */
  g_string_append_printf (out, ngettext ("%u ship: %s.", "%u ships: %s.", formation->ships->len),
                          formation->ships->len, ships);
  g_string_append_c (out, ' ');
  if (formation->succession->len > 0)
    /* Translators: "Flagship Prince Serg, then Gull, Kestrel (F-FORM-5)." */
    g_string_append_printf (out, _("Flagship %s, then %s (F-FORM-5)."), flagship, succession);
  else
    g_string_append_printf (out, _("Flagship %s."), flagship);
  if (formation->hidden)
    {
      g_string_append_c (out, ' ');
      g_string_append (out, _("Hidden from the other sides (F-STRAT-3)."));
    }
  return g_string_free (out, FALSE);
}

/* @draft's formations read back, by the form's formation number (1…) in @readback. */
static void
read_back_draft (const AdmMusterEntry *entry,
                 const AdmMusterDraft *draft,
                 GHashTable           *fields,
                 GPtrArray            *readback)
{
  for (guint k = 1, f = 0; k <= n_offered (entry) && f < draft->formations->len; k++)
    {
      g_autofree char *name_field = g_strdup_printf ("n%u", k);
      g_autofree char *name = g_strstrip (g_strdup (value_of (fields, name_field) != NULL
                                                    ? value_of (fields, name_field) : ""));
      const AdmMusterDraftFormation *formation = g_ptr_array_index (draft->formations, f);

      if (!g_str_equal (name, formation->name))
        continue;
      g_ptr_array_index (readback, k - 1) = read_back_formation (entry, formation);
      f++;
    }
}

/* The form */

static void
append_option (GString    *out,
               const char *value,
               const char *label,
               gboolean    selected)
{
  g_string_append (out, "<option value=\"");
  adm_portal_html_escape (out, value);
  g_string_append_printf (out, "\"%s>", selected ? " selected" : "");
  adm_portal_html_escape (out, label);
  g_string_append (out, "</option>");
}

static void
append_formation_row (GString                 *out,
                      guint                    k,
                      const AdmPortalFormFill *fill)
{
  g_autofree char *name_field = g_strdup_printf ("n%u", k);
  g_autofree char *hidden_field = g_strdup_printf ("h%u", k);
  g_autofree char *legend = g_strdup_printf (_("Formation %u"), k);
  const char *readback = fill->readback != NULL && k - 1 < fill->readback->len
                         ? g_ptr_array_index (fill->readback, k - 1) : NULL;
  const char *refusal = fill->refusals != NULL && k - 1 < fill->refusals->len
                        ? g_ptr_array_index (fill->refusals, k - 1) : NULL;

  g_string_append_printf (out, "<fieldset class=\"formation\" data-k=\"%u\"><legend>", k);
  adm_portal_html_escape (out, legend);
  g_string_append (out, "</legend><label><span>");
  adm_portal_html_escape (out, _("Name"));
  g_string_append_printf (out, "</span><input type=\"text\" name=\"%s\" maxlength=\"%d\" "
                          "value=\"", name_field, ADM_MUSTER_NAME_MAX);
  adm_portal_html_escape (out, value_of (fill->values, name_field));
  g_string_append_printf (out, "\"></label><label class=\"check\"><input type=\"checkbox\" "
                          "name=\"%s\" value=\"1\"%s> ", hidden_field,
                          g_strcmp0 (value_of (fill->values, hidden_field), "1") == 0
                          ? " checked" : "");
  adm_portal_html_escape (out, _("Hidden (F-STRAT-3)"));
  g_string_append (out, "</label>");
  if (refusal != NULL)
    {
      g_string_append (out, "<p class=\"refusal\" role=\"alert\">");
      adm_portal_html_escape (out, refusal);
      g_string_append (out, "</p>");
    }
  if (readback != NULL)
    {
      g_string_append (out, "<p class=\"readback\">");
      adm_portal_html_escape (out, readback);
      g_string_append (out, "</p>");
    }
  g_string_append (out, "</fieldset>");
}

static void
append_ship_row (GString                 *out,
                 const AdmMusterEntry    *entry,
                 const AdmShip           *ship,
                 const AdmPortalFormFill *fill)
{
  g_autofree char *m = ship_field ('m', ship->id), *p = ship_field ('p', ship->id);
  guint offered = n_offered (entry);
  guint chosen = number_in (value_of (fill->values, m), offered);
  guint role = number_in (value_of (fill->values, p), MAX_ROLE);
  guint roles = MIN (MAX_ROLE, entry->pool->ships->len);

  g_string_append (out, "<tr><th scope=\"row\">");
  adm_portal_html_escape (out, ship->name);
  g_string_append (out, "<br><small>");
  adm_portal_html_escape (out, ship->klass->name);
  g_string_append (out, "</small></th><td><select name=\"");
  adm_portal_html_escape (out, m);
  g_string_append (out, "\" aria-label=\"");
  adm_portal_html_escape (out, _("Formation"));
  g_string_append (out, "\">");
  append_option (out, "", "—", chosen == 0);
  for (guint k = 1; k <= offered; k++)
    {
      g_autofree char *value = g_strdup_printf ("%u", k);

      append_option (out, value, value, chosen == k);
    }
  g_string_append (out, "</select></td><td><select name=\"");
  adm_portal_html_escape (out, p);
  g_string_append (out, "\" aria-label=\"");
  adm_portal_html_escape (out, _("Flagship or succession"));
  g_string_append (out, "\">");
  append_option (out, "", "—", role == 0);
  append_option (out, "1", _("Flagship"), role == 1);
  for (guint r = 2; r <= roles; r++)
    {
      g_autofree char *value = g_strdup_printf ("%u", r);
      /* Translators: a ship's place in a formation's succession (F-FORM-5): "successor 2" */
      g_autofree char *label = g_strdup_printf (_("successor %u"), r - 1);

      append_option (out, value, label, role == r);
    }
  g_string_append (out, "</select></td></tr>");
}

/* The formations of an accepted muster, read-only. */
static void
append_accepted (GString              *out,
                 const AdmMusterEntry *entry)
{
  g_string_append (out, "<ol class=\"mustered\">");
  for (guint f = 0; f < entry->formations->len; f++)
    {
      const AdmMusterFormation *formation = g_ptr_array_index (entry->formations, f);
      g_autoptr(GHashTable) fields = NULL;
      g_autoptr(AdmMusterDraft) draft = NULL;
      g_autoptr(GPtrArray) one = g_ptr_array_new ();
      g_autofree char *text = NULL;

      g_ptr_array_add (one, (gpointer) formation);
      fields = _adm_portal_muster_fields (one);
      draft = form_draft (entry, fields, NULL, NULL, NULL);
      text = draft != NULL && draft->formations->len == 1
             ? read_back_formation (entry, g_ptr_array_index (draft->formations, 0))
             : g_strdup ("");
      g_string_append (out, "<li><strong>");
      adm_portal_html_escape (out, formation->name);
      g_string_append (out, "</strong><br>");
      adm_portal_html_escape (out, text);
      g_string_append (out, "</li>");
    }
  g_string_append (out, "</ol>");
}

char *
_adm_portal_muster_form (const AdmMusterEntry    *entry,
                         const char              *rule,
                         const char              *csrf_mark,
                         const AdmPortalFormFill *fill_in)
{
  AdmPortalFormFill own = { NULL, NULL, NULL, FALSE };
  g_autoptr(GHashTable) planned = NULL;
  GString *out = g_string_new (NULL);
  const AdmPortalFormFill *fill = fill_in;

  if (entry->status == ADM_MUSTER_ACCEPTED)
    {
      append_accepted (out, entry);
      return g_string_free (out, FALSE);
    }
  if (fill == NULL || fill->values == NULL)
    {
      /* The muster waiting for the master, else the one he returned, else the formations
       * he would be given (the ruling "muster-default"), for him to change. */
      planned = _adm_portal_muster_fields (entry->status == ADM_MUSTER_HANDED_IN
                                           ? entry->formations
                                           : entry->status == ADM_MUSTER_RETURNED &&
                                             entry->returned->len > 0
                                           ? entry->returned : entry->defaults);
      own.values = planned;
      fill = &own;
    }
  /* The page's script treats it as it does the order form: what he has begun is kept. */
  g_string_append_printf (out, "<form method=\"post\" action=\"muster\" id=\"orders\" "
                          "class=\"muster\"%s><input type=\"hidden\" name=\"csrf\" value=\"%s\">",
                          fill->keep ? " data-keep=\"1\"" : "", csrf_mark);
  g_string_append (out, "<p>");
  adm_portal_html_escape (out, _("Put each ship of your pool in a formation by its number, "
                                 "choose each formation’s flagship and, if you like, its "
                                 "successors, and name the formations (F-GEN-6, F-FORM-4, "
                                 "F-FORM-5)."));
  /* F-FORM-8 as the season has it: its number and its ruling. */
  g_string_append (out, " <span class=\"rule\">");
  adm_portal_html_escape (out, rule);
  g_string_append (out, "</span></p><div class=\"tw\"><table class=\"pool\"><thead><tr><th>");
  adm_portal_html_escape (out, _("Ship"));
  g_string_append (out, "</th><th>");
  adm_portal_html_escape (out, _("Formation"));
  g_string_append (out, "</th><th>");
  adm_portal_html_escape (out, _("Flagship or succession"));
  g_string_append (out, "</th></tr></thead><tbody>");
  for (guint s = 0; s < entry->pool->ships->len; s++)
    append_ship_row (out, entry, g_ptr_array_index (entry->pool->ships, s), fill);
  g_string_append (out, "</tbody></table></div>");
  for (guint k = 1; k <= n_offered (entry); k++)
    append_formation_row (out, k, fill);
  /* The read-back is the server's: it works without the page's script. */
  g_string_append (out, "<div class=\"buttons\"><button type=\"submit\" name=\"step\" "
                        "value=\"check\" class=\"second\">");
  adm_portal_html_escape (out, _("Read my muster back"));
  g_string_append (out, "</button> <button type=\"submit\">");
  adm_portal_html_escape (out, _("Hand in the muster"));
  g_string_append (out, "</button></div></form>");
  return g_string_free (out, FALSE);
}

char *
_adm_portal_muster_status (const AdmMusterEntry *entry,
                           gboolean             *is_error)
{
  g_autoptr(GDateTime) when = NULL;
  g_autofree char *clock = NULL;

  *is_error = FALSE;
  switch (entry->status)
    {
    case ADM_MUSTER_HANDED_IN:
      when = g_date_time_new_from_unix_local (entry->received);
      clock = g_date_time_format (when, "%H:%M");
      return g_strdup_printf (_("Your muster was handed in at %s; it waits for the master. You "
                                "may hand in another until he decides."), clock);
    case ADM_MUSTER_ACCEPTED:
      return g_strdup (_("The master accepted your muster: these are your formations when "
                         "cycle 1 starts, where he announces them (F-GEN-7)."));
    case ADM_MUSTER_RETURNED:
      *is_error = TRUE;
      return g_strdup_printf (_("The master returned your muster: %s. Change it and hand it "
                                "in again."), entry->reason != NULL ? entry->reason : "");
    case ADM_MUSTER_NOT_HANDED_IN:
    default:
      return g_strdup (_("Not handed in yet. If you hand in none, the master gives you the "
                         "formations filled in below."));
    }
}

/* Main thread: a muster posted from his page — read back, or handed in through the engine's
 * one check and journaled (the page then says it waits for the master), or refused with the
 * engine's reason, his form as he sent it below it. */
void
_adm_portal_job_muster (AdmPortal        *self,
                        Job              *job,
                        const AdmAdmiral *admiral)
{
  const AdmMusterEntry *entry = _adm_portal_muster_entry (self, admiral);
  AdmMuster *muster = adm_state_get_muster (adm_campaign_get_state (self->campaign));
  AdmPortalFormFill fill = { job->fields, NULL, NULL, TRUE };
  g_autoptr(AdmMusterDraft) draft = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL, *marked = NULL, *refused = NULL;
  gboolean unsaved = FALSE;
  LangScope scope;

  g_hash_table_remove (job->fields, "csrf");
  g_hash_table_remove (job->fields, "step");
  /* Sent again by his phone, which never heard the answer: kept already, answered as the
   * first time, whatever its token. One said for a cycle not under way is for no muster of
   * this campaign's. */
  if (_adm_portal_job_repeated (self, job, admiral))
    return;
  if (job->for_cycle != 0 && job->for_cycle != _adm_portal_current_cycle (self))
    {
      job->status = SOUP_STATUS_CONFLICT;
      job->text = g_strdup ("Conflict: that cycle is not the one under way\n");
      _adm_portal_job_reply (job);
      return;
    }
  /* No muster of his to hand in (none under way, or his accepted): his page says where he
   * stands. */
  if (entry == NULL || entry->status == ADM_MUSTER_ACCEPTED)
    {
      job->status = SOUP_STATUS_SEE_OTHER;
      _adm_portal_job_reply (job);
      return;
    }
  /* Every refusal at once, each beside its formation too: one tap tells him all. */
  fill.refusals = refusals_new (entry);
  _adm_portal_lang_push (&scope, job->lang);
  refused = muster_refusals (muster, entry, job->fields, fill.refusals, &draft);
  if (refused != NULL)
    message = g_strdup_printf (job->preview || job->stale
                               ? _("The muster would be refused: %s")
                               : _("The muster was not handed in: %s"), refused);
  else if (job->stale)
    message = g_strdup (_("This page was out of date, so the muster was not handed in. It is "
                          "below as you wrote it: check it and hand it in again."));
  else if (job->preview)
    message = g_strdup (_("Your muster, read back beside each formation. Hand it in when it "
                          "says what you mean."));
  _adm_portal_lang_pop (&scope);
  if (draft != NULL && !job->preview && !job->stale)
    {
      g_autoptr(GPtrArray) events = adm_muster_draft_events (draft,
                                                             g_get_real_time () / G_USEC_PER_SEC);

      /* The one check again, as the muster is journaled, with the id his page gave it. */
      if (job->client != NULL)
        adm_event_set (g_ptr_array_index (events, 0), "client", job->client);
      if (adm_campaign_append_phone (self->campaign, events, &error))
        {
          _adm_portal_job_remember (self, job, admiral);
          _adm_portal_fill_clear (&fill);
          job->status = SOUP_STATUS_SEE_OTHER;
          _adm_portal_job_reply (job);
          return;
        }
      /* A refused append may have replayed the journal into a new state: the muster and his
       * entry are looked up again, and nothing of the state before it is read. */
      muster = adm_state_get_muster (adm_campaign_get_state (self->campaign));
      entry = _adm_portal_muster_entry (self, admiral);
      if (entry == NULL || entry->status == ADM_MUSTER_ACCEPTED)
        {
          _adm_portal_fill_clear (&fill);
          job->status = SOUP_STATUS_SEE_OTHER;
          _adm_portal_job_reply (job);
          return;
        }
      /* Not saved: the master is told why, the phone that nothing was received. Else the
       * rules' reason in his page's language, as the page shows it. */
      unsaved = _adm_portal_not_saved (self, admiral, error);
      if (unsaved)
        {
          _adm_portal_lang_push (&scope, job->lang);
          message = g_strdup (_adm_portal_not_saved_words ());
          _adm_portal_lang_pop (&scope);
        }
      else
        {
          g_autoptr(GError) words = NULL;

          _adm_portal_lang_push (&scope, job->lang);
          message = g_strdup_printf (_("The muster was not handed in: %s"),
                                     adm_muster_check_draft (muster, draft, &words)
                                     ? error->message : words->message);
          _adm_portal_lang_pop (&scope);
        }
      g_clear_pointer (&draft, adm_muster_draft_free);
    }
  fill.readback = g_ptr_array_new_full (n_offered (entry), g_free);
  g_ptr_array_set_size (fill.readback, n_offered (entry));
  if (draft != NULL)
    {
      _adm_portal_lang_push (&scope, job->lang);
      read_back_draft (entry, draft, job->fields, fill.readback);
      _adm_portal_lang_pop (&scope);
    }
  marked = _adm_portal_marked_page (self, admiral, job->lang, message,
                                    draft == NULL || job->stale, &fill);
  _adm_portal_fill_clear (&fill);
  job->page = _adm_portal_page_new (marked);
  job->status = job->stale ? SOUP_STATUS_FORBIDDEN
                : unsaved ? SOUP_STATUS_SERVICE_UNAVAILABLE
                : draft == NULL ? SOUP_STATUS_UNPROCESSABLE_ENTITY : SOUP_STATUS_OK;
  _adm_portal_job_reply (job);
}
