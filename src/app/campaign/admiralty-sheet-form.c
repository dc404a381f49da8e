/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-sheet-form.c: one admiral's order sheet as the master types it in. Each formation
 * is a group: where it is, what it keeps doing (F-STRAT-5), the orders already journalled for
 * it this cycle with what corrected them (F-STRAT-7), and its orders with the fields they
 * need — an order of the cycle, a new flagship and an administrative order together, since the
 * last two take no time (F-STRAT-12) — then a group for each formation the sheet makes. The
 * orders are built as the journal's "order" events and checked by the engine on every change,
 * in order on a scratch copy of the strategy (adm_strategy_new_trial ()), so what the form
 * accepts is exactly what the journal takes.
 * What is typed is kept as a draft after every change (admiralty-drafts.h) — closing the form,
 * Escape or a crash loses none of it, in a campaign saved or one just started from its
 * scenario — and comes back when the form is opened again for the admiral and cycle, until
 * the sheet is handed in or the master discards it. */

#include "config.h"

#include <glib/gi18n.h>

#include "admiralty-drafts.h"
#include "admiralty-focus-scroll.h"
#include "admiralty-plain-text.h"
#include "admiralty-sheet-form.h"
#include "adm-audience.h"
#include "adm-campaign-file.h"
#include "adm-campaign-journal.h"
#include "adm-order-sheet.h"
#include "admiralty-tooltip.h"

/* The order row: what the formation does this cycle (F-STRAT-16), or instructions in its
 * stead (F-STRAT-13); 0 keeps the standing orders (F-STRAT-5). */
static const char * const order_ids[] = {
  "keep", "move", "attack", "defend", "patrol", "lay-mines", "sweep-mines", "instructions",
};

enum {
  CHOICE_KEEP,
  CHOICE_MOVE,
  CHOICE_ATTACK,
  CHOICE_DEFEND,
  CHOICE_PATROL,
  CHOICE_LAY_MINES,
  CHOICE_SWEEP_MINES,
  CHOICE_INSTRUCTIONS,
};

/* The reform row: F-STRAT-12, F-STRAT-17, the administrative orders, which take no time and so
 * go on the same sheet as the order above and a new flagship; 0 gives none. */
static const char * const admin_ids[] = {
  "none", "detach", "join", "form", "disband",
};

enum {
  ADMIN_NONE,
  ADMIN_DETACH,
  ADMIN_JOIN,
  ADMIN_FORM,
  ADMIN_DISBAND,
};

/* A ship offered to a detach or form order, with the formation it is in now. */
typedef struct {
  const AdmShip      *ship;
  const AdmFormation *from;
  GtkCheckButton     *check;
} ShipChoice;

typedef struct Entry {
  AdmiraltySheetForm  *form;          /* owns the entry */
  const AdmFormation  *formation;
  GtkWidget           *group;
  AdwComboRow         *order_row;
  AdwActionRow        *route_row;
  AdwComboRow         *next_row;      /* the sector to add to the route */
  GPtrArray           *next_sectors;  /* AdmSector*, the items of next_row */
  GtkWidget           *remove_button;
  GtkWidget           *send_button;   /* F-STRAT-7: this order alone, out of band */
  AdwComboRow         *target_row;
  GPtrArray           *targets;       /* char* ids, NULL first: the formation's own sector */
  AdwComboRow         *flagship_row;  /* "Unchanged", then its ships */
  AdwComboRow         *admin_row;
  GtkWidget           *comments_row;  /* AdwEntryRow */
  AdwActionRow        *refusal_row;
  GtkWidget           *history_rows;  /* GtkBox of labels inside a row */
  GtkLabel            *history_label;
  GtkWidget           *history_row;
  GPtrArray           *route;         /* AdmSector* */
  /* Administrative orders (F-STRAT-12, F-STRAT-17). */
  GPtrArray           *choices;       /* ShipChoice*: its own ships, then those of his other
                                       * formations in its sector */
  GPtrArray           *ship_lists;    /* AdwExpanderRow*, one per formation, its own first */
  GPtrArray           *list_formations; /* AdmFormation*, the formation of each list */
  GtkWidget           *name_row;      /* AdwEntryRow: the new formation's name */
  AdwActionRow        *id_row;        /* the id derived from it */
  char                *new_id;
  AdwComboRow         *new_flagship_row;
  GPtrArray           *new_flagships; /* AdmShip*, the items of new_flagship_row after the first */
  AdwComboRow         *join_row;
  GPtrArray           *join_targets;  /* AdmFormation*, the items of join_row */
  AdwActionRow        *explain_row;   /* what an administrative order does */
  AdmEvent            *journalled[3]; /* his latest order of each slot for it this cycle */
  /* A new formation's entry (F-STRAT-12): the entry whose detach or form order makes it, and
   * the formation as that order leaves it, owned. */
  struct Entry        *parent;
  AdmFormation        *owned;
  GPtrArray           *child_kept;    /* AdmEvent*: what was typed for the formation it makes,
                                       * while its order does not make one */
  char                *refusal;
  gboolean             loading;
} Entry;

struct _AdmiraltySheetForm
{
  AdwWindow        parent_instance;

  AdmCampaign     *campaign;
  char            *admiral_id;
  const AdmAdmiral *admiral;
  guint            cycle;
  GPtrArray       *entries;        /* Entry* */
  GPtrArray       *children;       /* Entry*, of the formations the sheet makes */
  gboolean         checking;       /* form_check () runs: an entry changed meanwhile waits */
  GPtrArray       *others;         /* AdmFormation*, the items of other_row */
  gboolean         drafting;       /* changes are kept as the draft: not while it is filled */


  /* Template children */
  AdwWindowTitle  *window_title;
  GtkWidget       *hand_in_button;
  AdwPreferencesPage *page;
  AdwActionRow    *status_row;
  AdwActionRow    *draft_row;
  GtkSwitch       *late_switch;
  AdwComboRow     *other_row;
  GtkWidget       *other_button;
};

G_DEFINE_FINAL_TYPE (AdmiraltySheetForm, admiralty_sheet_form, ADW_TYPE_WINDOW)

static AdmScenario *
form_scenario (AdmiraltySheetForm *self)
{
  return adm_campaign_get_scenario (self->campaign);
}

static AdmStrategy *
form_strategy (AdmiraltySheetForm *self)
{
  return adm_state_get_strategy (adm_campaign_get_state (self->campaign));
}

/* The entries of his formations, then those of the formations the sheet makes. */
static guint
form_n_entries (AdmiraltySheetForm *self)
{
  return self->entries->len + self->children->len;
}

static Entry *
form_entry (AdmiraltySheetForm *self,
            guint               index)
{
  return index < self->entries->len ? g_ptr_array_index (self->entries, index)
                                    : g_ptr_array_index (self->children,
                                                         index - self->entries->len);
}

char *
admiralty_format_clock_time (gint64 unix_time)
{
  g_autoptr(GDateTime) utc = g_date_time_new_from_unix_utc (unix_time);
  g_autoptr(GDateTime) local = utc != NULL ? g_date_time_to_local (utc) : NULL;

  return local != NULL ? g_date_time_format (local, "%H:%M") : g_strdup ("");
}

static const char *
sector_name (AdmScenario *scenario,
             const char  *id)
{
  AdmSector *sector = adm_scenario_lookup_sector (scenario, id);

  return sector != NULL ? sector->name : id;
}

/* The place an order names: a sector's or a formation's name, or "in place". */
static char *
target_name (AdmScenario *scenario,
             const char  *target)
{
  AdmFormation *formation;

  if (target == NULL)
    return g_strdup (_("where it is"));
  formation = adm_scenario_lookup_formation (scenario, target);
  if (formation != NULL)
    return g_strdup (formation->name);
  return g_strdup (sector_name (scenario, target));
}

static const char *
order_label (const char *order)
{
  static const struct { const char *id; const char *label; } labels[] = {
    { "keep", N_("Keep standing orders") },
    { "move", N_("Move") },
    { "attack", N_("Attack") },
    { "defend", N_("Defend") },
    { "patrol", N_("Patrol") },
    { "lay-mines", N_("Lay mines") },
    { "sweep-mines", N_("Sweep mines") },
    { "flagship", N_("Name the flagship") },
    { "instructions", N_("Instructions") },
    { "detach", N_("Detach ships") },
    { "join", N_("Join another formation") },
    { "form", N_("Form a new formation") },
    { "disband", N_("Disband") },
  };

  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    if (g_strcmp0 (order, labels[i].id) == 0)
      return _(labels[i].label);
  return order != NULL ? order : _("Free-text order");
}

/* "Prince Serg, Emperor Dorca" for the ship ids of a "ships" attribute. */
static char *
ship_names (AdmScenario *scenario,
            const char  *ships)
{
  g_auto(GStrv) words = g_strsplit (ships != NULL ? ships : "", " ", -1);
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; words[i] != NULL; i++)
    {
      AdmShip *ship = adm_scenario_lookup_ship (scenario, words[i]);

      if (words[i][0] == '\0')
        continue;
      if (out->len > 0)
        g_string_append (out, ", ");
      g_string_append (out, ship != NULL ? ship->name : words[i]);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* "move: Pol jump point → Pol orbit", "attack Pol Escort Group", "flagship: Prince Xav". */
char *
admiralty_describe_order_event (AdmScenario    *scenario,
                                const AdmEvent *event)
{
  const char *order = adm_event_get (event, "order");
  const char *text = adm_event_get_text (event);
  g_autoptr(GString) out = g_string_new (NULL);

  if (g_strcmp0 (order, "move") == 0)
    {
      g_auto(GStrv) words = g_strsplit (adm_event_get (event, "route") != NULL
                                        ? adm_event_get (event, "route") : "", " ", -1);

      /* Translators: a move order and its route, "move: Pol jump point → Pol orbit" */
      g_string_append (out, _("move:"));
      for (guint i = 0; words[i] != NULL; i++)
        if (words[i][0] != '\0')
          g_string_append_printf (out, "%s%s", out->len > 0 && !g_str_has_suffix (out->str, ":")
                                               ? " → " : " ", sector_name (scenario, words[i]));
    }
  else if (g_strcmp0 (order, "flagship") == 0)
    {
      AdmShip *ship = adm_scenario_lookup_ship (scenario, adm_event_get (event, "flagship"));

      /* Translators: "flagship: Prince Xav" */
      g_string_append_printf (out, _("flagship: %s"),
                              ship != NULL ? ship->name : adm_event_get (event, "flagship"));
    }
  else if (g_strcmp0 (order, "detach") == 0 || g_strcmp0 (order, "form") == 0)
    {
      g_autofree char *ships = ship_names (scenario, adm_event_get (event, "ships"));
      const char *name = adm_event_get (event, "name") != NULL ? adm_event_get (event, "name")
                                                              : adm_event_get (event,
                                                                               "new-formation");

      if (g_str_equal (order, "detach"))
        /* Translators: "detach Prince Serg, Emperor Dorca as Serg Division" */
        g_string_append_printf (out, _("detach %s as %s"), ships, name);
      else
        /* Translators: "form Kestrel Pair of Kestrel, Lord Vorbohn" */
        g_string_append_printf (out, _("form %s of %s"), name, ships);
    }
  else if (g_strcmp0 (order, "join") == 0)
    {
      g_autofree char *place = target_name (scenario, adm_event_get (event, "target"));

      /* Translators: "join First Squadron, Home Fleet" */
      g_string_append_printf (out, _("join %s"), place);
    }
  else if (g_strcmp0 (order, "disband") == 0)
    g_string_append (out, _("disband"));
  else if (order != NULL && g_strcmp0 (order, "instructions") != 0)
    {
      const char *target = adm_event_get (event, "target");
      AdmFormation *formation = target != NULL ? adm_scenario_lookup_formation (scenario, target)
                                               : NULL;
      g_autofree char *lower = g_utf8_strdown (order_label (order), -1);

      /* Each its own format, so that a language puts the name in its case: Russian keeps the
       * name in the nominative after a noun in the case the verb asks for. */
      if (target == NULL)
        /* Translators: an order carried out where the formation is, "patrol where it is"
         * ("where it is" is translated on its own) */
        g_string_append_printf (out, C_("order where it is", "%s %s"), lower,
                                _("where it is"));
      else if (formation != NULL)
        /* Translators: an order against an enemy formation, "attack Pol Escort Group"; the
         * formation's name is as the scenario writes it, in the nominative */
        g_string_append_printf (out, C_("order and a formation", "%s %s"), lower,
                                formation->name);
      else
        /* Translators: an order carried out in a sector, "patrol Pol orbit"; the sector's
         * name is as the scenario writes it, in the nominative */
        g_string_append_printf (out, C_("order and a sector", "%s %s"), lower,
                                sector_name (scenario, target));
    }
  else
    g_string_append (out, _("instructions"));

  if (text != NULL && text[0] != '\0')
    g_string_append_printf (out, " — “%s”", text);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* The standing order (F-STRAT-5) in the same words. */
static char *
describe_standing (const AdmStratOrder *order)
{
  g_autofree char *kind = NULL;

  if (order == NULL)
    return g_strdup (_("No standing order"));
  if (order->kind == ADM_STRAT_ORDER_MOVE && order->route != NULL && order->route->len > 0)
    {
      const AdmSector *last = g_ptr_array_index (order->route, order->route->len - 1);

      /* Translators: "Standing order: move on to Pol orbit" */
      return g_strdup_printf (_("Standing order: move on to %s"), last->name);
    }
  /* The order as the form names it, in lower case: "patrol", "attack". */
  kind = g_utf8_strdown (order_label (adm_strat_order_kind_to_string (order->kind)), -1);
  if (order->target_formation != NULL)
    /* Translators: "Standing order: attack Pol Escort Group" */
    return g_strdup_printf (_("Standing order: %s %s"), kind, order->target_formation->name);
  if (order->target_sector != NULL)
    /* Translators: "Standing order: patrol in Pol orbit" */
    return g_strdup_printf (_("Standing order: %s in %s"), kind, order->target_sector->name);
  return g_strdup_printf (_("Standing order: %s"), kind);
}

static char *
describe_position (AdmiraltySheetForm *self,
                   const AdmFormation *formation)
{
  const AdmFormationPosition *pos = adm_strategy_get_position (form_strategy (self),
                                                               formation->id);

  if (pos == NULL)
    return g_strdup ("");
  if (pos->towards != NULL)
    /* Translators: "In transit to Pol orbit, 12 of 40 min" */
    return g_strdup_printf (_("In transit to %s, %.0f of %.0f min"), pos->towards->name,
                            pos->spent, pos->leg);
  /* Translators: where a formation is, "In Komarr orbit" */
  return g_strdup_printf (_("In %s"), pos->sector->name);
}

#define SLOT_ADMINISTRATIVE 3

/* F-STRAT-7: a later order of the same slot supersedes; administrative orders (F-STRAT-17)
 * take effect as given and are superseded by nothing. */
static guint
order_slot (const char *order)
{
  if (g_strcmp0 (order, "flagship") == 0)
    return 1;
  if (g_strcmp0 (order, "instructions") == 0)
    return 2;
  if (g_strcmp0 (order, "form") == 0 || g_strcmp0 (order, "detach") == 0 ||
      g_strcmp0 (order, "join") == 0 || g_strcmp0 (order, "disband") == 0)
    return SLOT_ADMINISTRATIVE;
  return 0;
}

/* When the sheet carrying an order was received: its "received" time, else when it was
 * journalled. */
static gint64
sheet_received (const AdmEvent *sheet)
{
  g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();
  g_autoptr(GDateTime) time = g_date_time_new_from_iso8601 (adm_event_get (sheet, "received"),
                                                            utc);

  return time != NULL ? g_date_time_to_unix (time) : adm_event_get_time (sheet);
}

/* The journal's "order" events of this admiral for @formation in the current cycle, and in
 * @times (gint64) when the sheet that brought each was received. */
static GPtrArray *
journal_orders (AdmiraltySheetForm *self,
                const AdmFormation *formation,
                GArray             *times)
{
  GPtrArray *events = adm_campaign_get_events (self->campaign);
  GPtrArray *found = g_ptr_array_new ();
  g_autofree char *cycle = g_strdup_printf ("%u", self->cycle);
  gint64 received = 0;

  for (guint i = 0; i < events->len; i++)
    {
      AdmEvent *event = g_ptr_array_index (events, i);

      if (g_str_equal (adm_event_get_kind (event), "sheet")
          && g_strcmp0 (adm_event_get (event, "cycle"), cycle) == 0
          && g_strcmp0 (adm_event_get (event, "admiral"), self->admiral_id) == 0)
        received = sheet_received (event);
      if (g_str_equal (adm_event_get_kind (event), "order")
          && adm_event_get (event, "order") != NULL
          && g_strcmp0 (adm_event_get (event, "cycle"), cycle) == 0
          && g_strcmp0 (adm_event_get (event, "admiral"), self->admiral_id) == 0
          && g_strcmp0 (adm_event_get (event, "formation"), formation->id) == 0)
        {
          gint64 when = received != 0 ? received : adm_event_get_time (event);

          g_ptr_array_add (found, event);
          g_array_append_val (times, when);
        }
    }
  return found;
}

/* The ships ticked for a detach (its own only) or form order (F-STRAT-12, F-STRAT-17), as
 * AdmShip*, in the order of the lists: the order the journal lists them in. */
static GPtrArray *
entry_chosen_ships (Entry *entry,
                    guint  admin)
{
  GPtrArray *ships = g_ptr_array_new ();

  for (guint i = 0; i < entry->choices->len; i++)
    {
      ShipChoice *c = g_ptr_array_index (entry->choices, i);

      if ((admin == ADMIN_FORM || c->from == entry->formation) &&
          gtk_check_button_get_active (c->check))
        g_ptr_array_add (ships, (gpointer) c->ship);
    }
  return ships;
}

static AdmEvent *
entry_new_event (Entry      *entry,
                 gint64      now,
                 const char *order)
{
  return adm_order_sheet_order_new (entry->form->admiral_id, entry->form->cycle, now,
                                    entry->formation->id, order);
}

/* The sector its order starts from: where it is, or where it is heading (F-STRAT-8). */
static const AdmSector *
entry_here (Entry *entry)
{
  const AdmFormationPosition *pos = adm_strategy_get_position (form_strategy (entry->form),
                                                               entry->formation->id);

  if (pos == NULL)
    return entry->formation->sector;
  return pos->towards != NULL ? pos->towards : pos->sector;
}

/* The sector a route goes on from: its last sector, or where the formation is. */
static const AdmSector *
entry_route_end (Entry *entry)
{
  if (entry->route->len > 0)
    return g_ptr_array_index (entry->route, entry->route->len - 1);
  return entry_here (entry);
}

/* F-STRAT-12, F-STRAT-17: the administrative order of the reform row, or NULL. */
static AdmEvent *
entry_build_admin (Entry  *entry,
                   gint64  now)
{
  guint admin = adw_combo_row_get_selected (entry->admin_row);
  AdmEvent *event;

  if (admin == ADMIN_NONE || admin >= G_N_ELEMENTS (admin_ids))
    return NULL;
  event = entry_new_event (entry, now, admin_ids[admin]);
  if (admin == ADMIN_DETACH || admin == ADMIN_FORM)
    {
      g_autoptr(GPtrArray) ships = entry_chosen_ships (entry, admin);
      g_autoptr(GString) ids = g_string_new (NULL);
      g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (
                                GTK_EDITABLE (entry->name_row))));
      guint flagship = adw_combo_row_get_selected (entry->new_flagship_row);

      for (guint i = 0; i < ships->len; i++)
        g_string_append_printf (ids, "%s%s", i > 0 ? " " : "",
                                ((AdmShip *) g_ptr_array_index (ships, i))->id);
      if (ids->len > 0)
        adm_event_set (event, "ships", ids->str);
      if (entry->new_id != NULL)
        adm_event_set (event, "new-formation", entry->new_id);
      if (name[0] != '\0')
        adm_event_set (event, "name", name);
      /* F-FORM-4: the first item leaves the flagship to the engine, the first ship listed. */
      if (flagship != GTK_INVALID_LIST_POSITION && flagship > 0 &&
          flagship - 1 < entry->new_flagships->len &&
          g_ptr_array_find (ships, g_ptr_array_index (entry->new_flagships, flagship - 1), NULL))
        adm_event_set (event, "flagship",
                       ((AdmShip *) g_ptr_array_index (entry->new_flagships, flagship - 1))->id);
    }
  else if (admin == ADMIN_JOIN)
    {
      guint target = adw_combo_row_get_selected (entry->join_row);

      if (target < entry->join_targets->len)
        adm_event_set (event, "target",
                       ((AdmFormation *) g_ptr_array_index (entry->join_targets, target))->id);
    }
  return event;
}

/* F-STRAT-12, F-FORM-4: a new flagship, one of its own ships, or NULL for "Unchanged". */
static AdmEvent *
entry_build_flagship (Entry  *entry,
                      gint64  now)
{
  guint ship = adw_combo_row_get_selected (entry->flagship_row);
  AdmEvent *event;

  if (ship == GTK_INVALID_LIST_POSITION || ship == 0 || ship > entry->formation->ships->len)
    return NULL;
  event = entry_new_event (entry, now, "flagship");
  adm_event_set (event, "flagship",
                 ((AdmShip *) g_ptr_array_index (entry->formation->ships, ship - 1))->id);
  return event;
}

/* F-STRAT-16: the order row's order, or NULL to keep the standing orders. */
static AdmEvent *
entry_build_timed (Entry  *entry,
                   gint64  now)
{
  guint choice = adw_combo_row_get_selected (entry->order_row);
  AdmEvent *event;

  if (choice == CHOICE_KEEP || choice >= G_N_ELEMENTS (order_ids))
    return NULL;
  event = entry_new_event (entry, now, order_ids[choice]);
  if (choice == CHOICE_MOVE)
    {
      g_autoptr(GString) route = g_string_new (NULL);

      for (guint i = 0; i < entry->route->len; i++)
        g_string_append_printf (route, "%s%s", i > 0 ? " " : "",
                                ((AdmSector *) g_ptr_array_index (entry->route, i))->id);
      if (route->len > 0)
        adm_event_set (event, "route", route->str);
    }
  else if (choice >= CHOICE_ATTACK && choice <= CHOICE_SWEEP_MINES)
    {
      guint target = adw_combo_row_get_selected (entry->target_row);
      const char *id = target < entry->targets->len ? g_ptr_array_index (entry->targets, target)
                                                    : NULL;

      /* F-STRAT-16: an attack names what it attacks; "its own sector" is the sector itself. */
      if (id == NULL && choice == CHOICE_ATTACK && entry_here (entry) != NULL)
        id = entry_here (entry)->id;
      if (id != NULL)
        adm_event_set (event, "target", id);
    }
  return event;
}

/* The orders the entry gives, in the order the journal takes them: the administrative one
 * first (the formation the others go to is the one it leaves), then the flagship, then the
 * order of the cycle (F-STRAT-12: the first two take no time). The comments (F-STRAT-18; for
 * instructions, the order itself) go with the last. */
static GPtrArray *
entry_build_events (Entry  *entry,
                    gint64  now)
{
  GPtrArray *events = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_event_unref);
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry->comments_row));
  AdmEvent *event;

  if ((event = entry_build_admin (entry, now)) != NULL)
    g_ptr_array_add (events, event);
  if ((event = entry_build_flagship (entry, now)) != NULL)
    g_ptr_array_add (events, event);
  if ((event = entry_build_timed (entry, now)) != NULL)
    g_ptr_array_add (events, event);
  if (events->len > 0 && text != NULL && text[0] != '\0')
    adm_event_set_text (g_ptr_array_index (events, events->len - 1), text);
  return events;
}

/* Whether @event says the same as the journalled order (then handing in repeats nothing). */
static gboolean
same_order (const AdmEvent *a,
            const AdmEvent *b)
{
  static const char * const keys[] = {
    "order", "route", "target", "flagship", "ships", "new-formation", "name",
  };

  if (a == NULL || b == NULL)
    return a == b;
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    if (g_strcmp0 (adm_event_get (a, keys[i]), adm_event_get (b, keys[i])) != 0)
      return FALSE;
  return g_strcmp0 (adm_event_get_text (a) != NULL ? adm_event_get_text (a) : "",
                    adm_event_get_text (b) != NULL ? adm_event_get_text (b) : "") == 0;
}

static guint order_slot (const char *order);

/* Whether @event repeats what his sheets already say for its formation: then handing in
 * journals nothing for it. */
static gboolean
entry_repeats (Entry          *entry,
               const AdmEvent *event)
{
  guint slot = order_slot (adm_event_get (event, "order"));

  return slot < G_N_ELEMENTS (entry->journalled) && same_order (event, entry->journalled[slot]);
}

static void form_update (AdmiraltySheetForm *self);

static void
entry_fill_next (Entry *entry)
{
  AdmScenario *scenario = form_scenario (entry->form);
  GPtrArray *sectors = adm_scenario_get_sectors (scenario);
  const AdmSector *end = entry_route_end (entry);
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

  /* F-STRAT-8: the sectors linked to the route's end first; the others stay on offer, and the
   * engine says why one of them cannot be reached. */
  g_ptr_array_set_size (entry->next_sectors, 0);
  for (guint i = 0; end != NULL && i < end->adjacent->len; i++)
    {
      AdmSector *sector = g_ptr_array_index (end->adjacent, i);

      g_ptr_array_add (entry->next_sectors, sector);
      gtk_string_list_append (names, sector->name);
    }
  for (guint i = 0; i < sectors->len; i++)
    {
      AdmSector *sector = g_ptr_array_index (sectors, i);
      g_autofree char *label = NULL;

      if (sector == end || g_ptr_array_find (entry->next_sectors, sector, NULL))
        continue;
      g_ptr_array_add (entry->next_sectors, sector);
      /* Translators: a sector with no link to the end of the route */
      label = g_strdup_printf (_("%s (not adjacent)"), sector->name);
      gtk_string_list_append (names, label);
    }
  entry->loading = TRUE;
  adw_combo_row_set_model (entry->next_row, G_LIST_MODEL (names));
  entry->loading = FALSE;
}

/* Whether another order of this sheet makes a formation with @id. */
static gboolean
made_by_other_entry (const char *id,
                     gpointer    user_data)
{
  Entry *entry = user_data;
  AdmiraltySheetForm *self = entry->form;

  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *other = g_ptr_array_index (self->entries, i);

      if (other != entry && g_strcmp0 (other->new_id, id) == 0)
        return TRUE;
    }
  return FALSE;
}

/* The new formation's id from its name, as the portal makes it for the same sheet
 * (adm_strategy_new_formation_id ()); NULL without a name. */
static char *
entry_new_id (Entry *entry)
{
  AdmiraltySheetForm *self = entry->form;
  g_autofree char *stripped = g_strstrip (g_strdup (gtk_editable_get_text (
                                GTK_EDITABLE (entry->name_row))));

  if (stripped[0] == '\0')
    return NULL;
  return adm_strategy_new_formation_id (form_strategy (self), form_scenario (self),
                                        self->admiral_id, stripped, made_by_other_entry, entry);
}

/* F-FORM-4: the new formation's flagship is one of its ships; the list follows the ticks. */
static void
entry_fill_new_flagships (Entry *entry,
                          guint  admin)
{
  g_autoptr(GPtrArray) ships = entry_chosen_ships (entry, admin);
  g_autoptr(GtkStringList) names = NULL;
  guint selected = adw_combo_row_get_selected (entry->new_flagship_row);
  const AdmShip *kept = NULL;
  guint keep = 0;
  gboolean same = ships->len == entry->new_flagships->len;

  for (guint i = 0; same && i < ships->len; i++)
    same = g_ptr_array_index (ships, i) == g_ptr_array_index (entry->new_flagships, i);
  if (same && adw_combo_row_get_model (entry->new_flagship_row) != NULL)
    return;
  if (selected != GTK_INVALID_LIST_POSITION && selected > 0 &&
      selected - 1 < entry->new_flagships->len)
    kept = g_ptr_array_index (entry->new_flagships, selected - 1);

  names = gtk_string_list_new (NULL);
  gtk_string_list_append (names, _("The first ship ticked"));
  g_ptr_array_set_size (entry->new_flagships, 0);
  for (guint i = 0; i < ships->len; i++)
    {
      const AdmShip *ship = g_ptr_array_index (ships, i);

      g_ptr_array_add (entry->new_flagships, (gpointer) ship);
      gtk_string_list_append (names, ship->name);
      if (ship == kept)
        keep = i + 1;
    }
  entry->loading = TRUE;
  adw_combo_row_set_model (entry->new_flagship_row, G_LIST_MODEL (names));
  adw_combo_row_set_selected (entry->new_flagship_row, keep);
  entry->loading = FALSE;
}

/* What an administrative order does, under the reform row. */
static const char *
admin_explanation (guint admin)
{
  switch (admin)
    {
    case ADMIN_DETACH:
      return _("The ships ticked leave it as a new formation of his, at once: the flagship and "
               "the order above go to the ships that stay (F-STRAT-17)");
    case ADMIN_JOIN:
      return _("It joins the formation chosen, which must be in the same sector, and ceases; "
               "takes no time (F-STRAT-17)");
    case ADMIN_FORM:
      return _("The ships ticked, of it and of his other formations in its sector, become a "
               "new formation, at once: the flagship and the order above go to the ships that "
               "stay (F-STRAT-12)");
    case ADMIN_DISBAND:
      return _("Each ship becomes a formation of its own, with the ship's name, and this "
               "formation ceases; takes no time (F-STRAT-12)");
    default:
      return "";
    }
}

/* What is missing from the entry's administrative order, in the master's words; the rest the
 * engine checks. */
static char *
entry_missing (Entry *entry)
{
  guint admin = adw_combo_row_get_selected (entry->admin_row);
  g_autoptr(GPtrArray) ships = NULL;

  if (admin == ADMIN_JOIN && entry->join_targets->len == 0)
    return g_strdup_printf (_("there is no other formation of %s to join"),
                            entry->formation->faction->name);
  if (admin != ADMIN_DETACH && admin != ADMIN_FORM)
    return NULL;
  ships = entry_chosen_ships (entry, admin);
  if (ships->len == 0)
    return g_strdup (admin == ADMIN_DETACH ? _("tick the ships that leave the formation")
                                           : _("tick the ships of the new formation"));
  if (entry->new_id == NULL)
    return g_strdup (_("give the new formation a name"));
  return NULL;
}

/* The entry's refusal, or none, in its row, as a sentence: "The route goes from …". */
static void
entry_show_refusal (Entry *entry)
{
  g_autoptr(GPtrArray) events = entry_build_events (entry, g_get_real_time () / G_USEC_PER_SEC);
  guint fresh = 0;

  for (guint i = 0; i < events->len; i++)
    fresh += !entry_repeats (entry, g_ptr_array_index (events, i));
  gtk_widget_set_visible (GTK_WIDGET (entry->refusal_row), entry->refusal != NULL);
  gtk_widget_set_sensitive (entry->send_button, fresh > 0 && entry->refusal == NULL);
  if (entry->refusal != NULL)
    {
      g_autofree char *first = g_utf8_strup (entry->refusal, g_utf8_next_char (entry->refusal)
                                                             - entry->refusal);
      g_autofree char *shown = g_strconcat (first, g_utf8_next_char (entry->refusal), NULL);

      adw_action_row_set_subtitle (entry->refusal_row, shown);
    }
  else
    adw_action_row_set_subtitle (entry->refusal_row, "");
}

/* The entry's orders checked by the engine on @trial, in order, each applied to it. */
static void
entry_check (Entry       *entry,
             AdmStrategy *trial,
             gint64       now)
{
  g_autoptr(GPtrArray) events = NULL;

  g_clear_pointer (&entry->refusal, g_free);
  entry->refusal = entry_missing (entry);
  events = entry_build_events (entry, now);
  for (guint e = 0; entry->refusal == NULL && e < events->len; e++)
    {
      g_autoptr(GError) error = NULL;
      AdmStratOrder *order = adm_strategy_check_order (trial, g_ptr_array_index (events, e),
                                                       &error);

      if (order == NULL)
        entry->refusal = g_strdup (error->message);
      else
        adm_strategy_apply_order (trial, order);
    }
  entry_show_refusal (entry);
}

static Entry *entry_new (AdmiraltySheetForm *self, const AdmFormation *formation);
static void entry_update (Entry *entry);

/* Whether a new formation's entry shows @made, in @where, as the sheet makes it now. */
static gboolean
child_shows (Entry              *child,
             const AdmFormation *made,
             const AdmSector    *where)
{
  const AdmFormation *shown = child->owned;

  if (g_strcmp0 (shown->id, made->id) != 0 || g_strcmp0 (shown->name, made->name) != 0 ||
      shown->sector != where || shown->ships->len != made->ships->len)
    return FALSE;
  for (guint i = 0; i < made->ships->len; i++)
    if (g_ptr_array_index (shown->ships, i) != g_ptr_array_index (made->ships, i))
      return FALSE;
  return TRUE;
}

/* One order typed for a new formation put back in its rebuilt entry. */
static void
entry_restore_event (Entry          *entry,
                     const AdmEvent *event)
{
  AdmiraltySheetForm *self = entry->form;
  const char *id = entry->formation->id;
  const char *text = adm_event_get_text (event);

  if (!admiralty_sheet_form_set_order (self, id, adm_event_get (event, "order")))
    return;
  if (adm_event_get (event, "route") != NULL)
    admiralty_sheet_form_set_route (self, id, adm_event_get (event, "route"));
  if (adm_event_get (event, "target") != NULL)
    admiralty_sheet_form_set_target (self, id, adm_event_get (event, "target"));
  admiralty_sheet_form_set_comments (self, id, text != NULL ? text : "");
}

/* F-STRAT-12: the formation @parent's detach or form order makes, as the sheet leaves it in
 * @trial, gets an entry of its own, so that the same sheet gives it its order of the cycle;
 * what is typed there is kept when the ships or the name change. */
static void
form_update_child (AdmiraltySheetForm *self,
                   Entry              *parent,
                   AdmStrategy        *trial)
{
  guint admin = adw_combo_row_get_selected (parent->admin_row);
  const AdmFormation *made = NULL;
  const AdmSector *where = NULL;
  g_autoptr(GPtrArray) kept = NULL;
  g_autofree char *description = NULL;
  AdmFormation *copy;
  Entry *child = NULL;
  guint index;

  if (parent->refusal == NULL && parent->new_id != NULL &&
      (admin == ADMIN_DETACH || admin == ADMIN_FORM))
    made = adm_strategy_lookup_formation (trial, parent->new_id);
  if (made != NULL)
    where = adm_strategy_formation_place (trial, made);
  for (index = 0; index < self->children->len && child == NULL; index++)
    if (((Entry *) g_ptr_array_index (self->children, index))->parent == parent)
      child = g_ptr_array_index (self->children, index);
  if (child != NULL && made != NULL && child_shows (child, made, where))
    return;
  if (child != NULL)
    {
      g_clear_pointer (&parent->child_kept, g_ptr_array_unref);
      parent->child_kept = entry_build_events (child, 0);
      adw_preferences_page_remove (self->page, ADW_PREFERENCES_GROUP (child->group));
      g_ptr_array_remove (self->children, child);
    }
  /* Its name being typed, or its ships being ticked: what was typed for it waits. */
  if (made == NULL || where == NULL)
    return;
  kept = g_steal_pointer (&parent->child_kept);

  copy = g_new0 (AdmFormation, 1);
  copy->id = g_strdup (made->id);
  copy->name = g_strdup (made->name);
  copy->faction = made->faction;
  copy->sector = (AdmSector *) where;
  copy->admiral = made->admiral;
  copy->flagship = made->flagship;
  copy->ships = g_ptr_array_copy (made->ships, NULL, NULL);
  copy->succession = g_ptr_array_new ();
  child = entry_new (self, copy);
  child->parent = parent;
  child->owned = copy;
  /* Its flagship is named in its maker's rows, and it is reformed on a later sheet. */
  gtk_widget_set_visible (GTK_WIDGET (child->flagship_row), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (child->admin_row), FALSE);
  gtk_widget_set_visible (child->send_button, FALSE);
  /* Translators: a new formation's entry, "New on this sheet, of First Squadron, Home Fleet:
   * in Komarr wormhole terminus" */
  description = g_strdup_printf (_("New on this sheet, of %s: in %s"),
                                 parent->formation->name, where->name);
  admiralty_plain_group_set_description (ADW_PREFERENCES_GROUP (child->group), description);
  g_ptr_array_add (self->children, child);
  adw_preferences_page_add (self->page, ADW_PREFERENCES_GROUP (child->group));
  for (guint i = 0; kept != NULL && i < kept->len; i++)
    entry_restore_event (child, g_ptr_array_index (kept, i));
  entry_update (child);
}

/* Every entry's orders checked by the engine as the journal takes the sheet: in order, each
 * applied to a scratch copy of the strategy (adm_strategy_new_trial ()), so that a flagship or
 * an order given after a detach goes to the formation as the detach leaves it, a formation
 * joined or disbanded earlier on the sheet takes no more orders, and the formations the sheet
 * makes take theirs last, as they are made. */
static void
form_check (AdmiraltySheetForm *self)
{
  AdmStrategy *trial = adm_strategy_new_trial (form_strategy (self));
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;

  self->checking = TRUE;
  for (guint i = 0; i < self->entries->len; i++)
    entry_check (g_ptr_array_index (self->entries, i), trial, now);
  for (guint i = 0; i < self->entries->len; i++)
    form_update_child (self, g_ptr_array_index (self->entries, i), trial);
  for (guint i = 0; i < self->children->len; i++)
    entry_check (g_ptr_array_index (self->children, i), trial, now);
  self->checking = FALSE;
  adm_strategy_free (trial);
}

static void
entry_update (Entry *entry)
{
  AdmiraltySheetForm *self = entry->form;
  guint choice = adw_combo_row_get_selected (entry->order_row);
  guint admin = adw_combo_row_get_selected (entry->admin_row);
  gboolean reform = admin == ADMIN_DETACH || admin == ADMIN_FORM;
  g_autoptr(GString) route = g_string_new (NULL);

  if (entry->loading)
    return;

  gtk_widget_set_visible (GTK_WIDGET (entry->route_row), choice == CHOICE_MOVE);
  gtk_widget_set_visible (GTK_WIDGET (entry->next_row), choice == CHOICE_MOVE);
  gtk_widget_set_visible (GTK_WIDGET (entry->target_row),
                          choice >= CHOICE_ATTACK && choice <= CHOICE_SWEEP_MINES);
  gtk_widget_set_visible (entry->comments_row,
                          choice != CHOICE_KEEP || admin != ADMIN_NONE ||
                          adw_combo_row_get_selected (entry->flagship_row) > 0);
  adw_action_row_set_subtitle (entry->explain_row, admin_explanation (admin));
  gtk_widget_set_visible (GTK_WIDGET (entry->explain_row), admin_explanation (admin)[0] != '\0');

  /* F-STRAT-12, F-STRAT-17: the ships, the new formation's name, id and flagship. */
  for (guint i = 0; i < entry->ship_lists->len; i++)
    {
      GtkWidget *list = g_ptr_array_index (entry->ship_lists, i);
      const AdmFormation *from = g_ptr_array_index (entry->list_formations, i);
      guint ticked = 0;
      g_autofree char *count = NULL;

      for (guint j = 0; j < entry->choices->len; j++)
        {
          ShipChoice *c = g_ptr_array_index (entry->choices, j);

          if (c->from == from && gtk_check_button_get_active (c->check))
            ticked++;
        }
      /* Translators: ships ticked in a formation's list, "2 of 5 ticked" */
      count = g_strdup_printf (_("%u of %u ticked"), ticked, from->ships->len);
      adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (list), count);
      gtk_widget_set_visible (list, admin == ADMIN_FORM ||
                                    (admin == ADMIN_DETACH && from == entry->formation));
    }
  gtk_widget_set_visible (entry->name_row, reform);
  gtk_widget_set_visible (GTK_WIDGET (entry->id_row), reform);
  gtk_widget_set_visible (GTK_WIDGET (entry->new_flagship_row), reform);
  gtk_widget_set_visible (GTK_WIDGET (entry->join_row), admin == ADMIN_JOIN);
  g_clear_pointer (&entry->new_id, g_free);
  if (reform)
    {
      entry->new_id = entry_new_id (entry);
      entry_fill_new_flagships (entry, admin);
    }
  adw_action_row_set_subtitle (entry->id_row, entry->new_id != NULL
                                              ? entry->new_id : _("Made from the name"));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (entry->comments_row),
                                 choice == CHOICE_INSTRUCTIONS ? _("Instructions")
                                                               : _("Comments (F-STRAT-18)"));

  for (guint i = 0; i < entry->route->len; i++)
    g_string_append_printf (route, "%s%s", i > 0 ? " → " : "",
                            ((AdmSector *) g_ptr_array_index (entry->route, i))->name);
  adw_action_row_set_subtitle (entry->route_row,
                               route->len > 0 ? route->str : _("No sector yet: add the first"));
  gtk_widget_set_sensitive (entry->remove_button, entry->route->len > 0);

  /* Within form_check (), a new formation's entry being filled: checked when it is. */
  if (self->checking)
    return;
  form_check (self);
  form_update (self);
}

static void
entry_changed_cb (Entry *entry)
{
  entry_update (entry);
}

static void
entry_add_sector_cb (Entry *entry)
{
  guint index = adw_combo_row_get_selected (entry->next_row);

  if (index >= entry->next_sectors->len)
    return;
  g_ptr_array_add (entry->route, g_ptr_array_index (entry->next_sectors, index));
  entry_fill_next (entry);
  entry_update (entry);
}

static void
entry_remove_sector_cb (Entry *entry)
{
  if (entry->route->len == 0)
    return;
  g_ptr_array_set_size (entry->route, entry->route->len - 1);
  entry_fill_next (entry);
  entry_update (entry);
}

static void
entry_history (Entry *entry)
{
  AdmiraltySheetForm *self = entry->form;
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GPtrArray) orders = journal_orders (self, entry->formation, times);
  g_autoptr(GString) lines = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (entry->journalled); i++)
    g_clear_pointer (&entry->journalled[i], adm_event_unref);
  /* F-STRAT-7: the journal keeps every order; a later one of the same kind supersedes. */
  for (guint i = 0; i < orders->len; i++)
    {
      AdmEvent *event = g_ptr_array_index (orders, i);
      g_autofree char *what = admiralty_describe_order_event (form_scenario (self), event);
      AdmEvent *later = NULL;
      guint later_index = 0;

      for (guint j = i + 1; j < orders->len && later == NULL; j++)
        if (order_slot (adm_event_get (event, "order")) != SLOT_ADMINISTRATIVE &&
            order_slot (adm_event_get (g_ptr_array_index (orders, j), "order"))
            == order_slot (adm_event_get (event, "order")))
          {
            later = g_ptr_array_index (orders, j);
            later_index = j;
          }
      if (lines->len > 0)
        g_string_append_c (lines, '\n');
      if (later != NULL)
        {
          g_autofree char *when = admiralty_format_clock_time (g_array_index (times, gint64,
                                                                              later_index));

          /* Translators: "Corrected at 18:50 — was: move: Pol jump point" */
          g_string_append_printf (lines, _("Corrected at %s — was: %s"), when, what);
        }
      else
        {
          g_autofree char *when = admiralty_format_clock_time (g_array_index (times, gint64, i));

          /* Translators: "On his sheet at 18:38: patrol where it is" */
          g_string_append_printf (lines, _("On his sheet at %s: %s"), when, what);
        }
    }
  /* The form starts from his latest order of each slot; an administrative one has taken
   * effect already and is not given again. */
  for (guint i = 0; i < orders->len; i++)
    {
      AdmEvent *event = g_ptr_array_index (orders, i);
      guint slot = order_slot (adm_event_get (event, "order"));

      if (slot < G_N_ELEMENTS (entry->journalled))
        {
          g_clear_pointer (&entry->journalled[slot], adm_event_unref);
          entry->journalled[slot] = adm_event_ref (event);
        }
    }
  gtk_label_set_label (entry->history_label, lines->str);
  gtk_widget_set_visible (entry->history_row, lines->len > 0);
}

/* The latest timed order or instructions on his sheets, whichever came last: what the order
 * row shows. */
static AdmEvent *
entry_journalled_order (Entry *entry)
{
  AdmEvent *timed = entry->journalled[0];
  AdmEvent *instructions = entry->journalled[2];

  if (timed == NULL || instructions == NULL)
    return timed != NULL ? timed : instructions;
  return adm_event_get_time (instructions) > adm_event_get_time (timed) ? instructions : timed;
}

/* The form starts from the latest orders on his sheets, so that a correction edits them. */
static void
entry_load (Entry *entry)
{
  AdmEvent *event = entry_journalled_order (entry);
  AdmEvent *flagship = entry->journalled[1];
  const char *order = event != NULL ? adm_event_get (event, "order") : NULL;
  const char *text = NULL;
  AdmScenario *scenario = form_scenario (entry->form);

  entry->loading = TRUE;
  g_ptr_array_set_size (entry->route, 0);
  for (guint i = 0; i < G_N_ELEMENTS (order_ids); i++)
    if (g_strcmp0 (order, order_ids[i]) == 0)
      adw_combo_row_set_selected (entry->order_row, i);
  if (order != NULL && adm_event_get (event, "route") != NULL)
    {
      g_auto(GStrv) words = g_strsplit (adm_event_get (event, "route"), " ", -1);

      for (guint i = 0; words[i] != NULL; i++)
        {
          AdmSector *sector = adm_scenario_lookup_sector (scenario, words[i]);

          if (sector != NULL)
            g_ptr_array_add (entry->route, sector);
        }
    }
  for (guint i = 1; event != NULL && i < entry->targets->len; i++)
    if (g_strcmp0 (g_ptr_array_index (entry->targets, i), adm_event_get (event, "target")) == 0)
      adw_combo_row_set_selected (entry->target_row, i);
  for (guint i = 0; flagship != NULL && i < entry->formation->ships->len; i++)
    if (g_strcmp0 (((AdmShip *) g_ptr_array_index (entry->formation->ships, i))->id,
                   adm_event_get (flagship, "flagship")) == 0)
      adw_combo_row_set_selected (entry->flagship_row, i + 1);
  /* The comments went with the last order of the sheet. */
  if (event != NULL)
    text = adm_event_get_text (event);
  else if (flagship != NULL)
    text = adm_event_get_text (flagship);
  gtk_editable_set_text (GTK_EDITABLE (entry->comments_row), text != NULL ? text : "");
  entry->loading = FALSE;
  entry_fill_next (entry);
}

static void
entry_free (Entry *entry)
{
  g_clear_pointer (&entry->next_sectors, g_ptr_array_unref);
  g_clear_pointer (&entry->targets, g_ptr_array_unref);
  g_clear_pointer (&entry->route, g_ptr_array_unref);
  g_clear_pointer (&entry->choices, g_ptr_array_unref);
  g_clear_pointer (&entry->ship_lists, g_ptr_array_unref);
  g_clear_pointer (&entry->list_formations, g_ptr_array_unref);
  g_clear_pointer (&entry->new_flagships, g_ptr_array_unref);
  g_clear_pointer (&entry->join_targets, g_ptr_array_unref);
  g_clear_pointer (&entry->child_kept, g_ptr_array_unref);
  for (guint i = 0; i < G_N_ELEMENTS (entry->journalled); i++)
    g_clear_pointer (&entry->journalled[i], adm_event_unref);
  g_free (entry->new_id);
  g_free (entry->refusal);
  if (entry->owned != NULL)
    {
      g_free (entry->owned->id);
      g_free (entry->owned->name);
      g_ptr_array_unref (entry->owned->ships);
      g_ptr_array_unref (entry->owned->succession);
      g_free (entry->owned);
    }
  g_free (entry);
}

static GtkWidget *
icon_button (const char *icon,
             const char *tooltip)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon);

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  admiralty_tooltip_set (button, tooltip);
  gtk_widget_add_css_class (button, "flat");
  return button;
}

static void send_alone_cb (GtkButton *button, Entry *entry);
static gboolean commands (const AdmAdmiral *admiral, const AdmFormation *formation);
static void form_populate (AdmiraltySheetForm *self);

/* Whether @other is in the sector @formation is in, neither in transit (F-STRAT-12). */
static gboolean
same_place (AdmiraltySheetForm *self,
            const AdmFormation *formation,
            const AdmFormation *other)
{
  const AdmFormationPosition *a = adm_strategy_get_position (form_strategy (self), formation->id);
  const AdmFormationPosition *b = adm_strategy_get_position (form_strategy (self), other->id);

  return a != NULL && b != NULL && a->towards == NULL && b->towards == NULL &&
         a->sector == b->sector;
}

/* A list of @from's ships to tick for a detach or form order. */
static void
entry_add_ship_list (Entry              *entry,
                     const AdmFormation *from)
{
  GtkWidget *list = admiralty_plain_row (adw_expander_row_new ());
  /* Translators: the list of a formation's ships to tick, "Ships of Serg Division" */
  g_autofree char *title = g_strdup_printf (_("Ships of %s"), from->name);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (list), title);
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (list), from == entry->formation);
  for (guint i = 0; i < from->ships->len; i++)
    {
      ShipChoice *c = g_new0 (ShipChoice, 1);
      GtkWidget *row = admiralty_plain_row (adw_action_row_new ());

      c->ship = g_ptr_array_index (from->ships, i);
      c->from = from;
      c->check = GTK_CHECK_BUTTON (gtk_check_button_new ());
      gtk_widget_set_valign (GTK_WIDGET (c->check), GTK_ALIGN_CENTER);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), c->ship->name);
      if (c->ship->klass != NULL)
        adw_action_row_set_subtitle (ADW_ACTION_ROW (row), c->ship->klass->name);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), GTK_WIDGET (c->check));
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), GTK_WIDGET (c->check));
      adw_expander_row_add_row (ADW_EXPANDER_ROW (list), row);
      g_signal_connect_swapped (c->check, "toggled", G_CALLBACK (entry_changed_cb), entry);
      g_ptr_array_add (entry->choices, c);
    }
  g_ptr_array_add (entry->ship_lists, list);
  g_ptr_array_add (entry->list_formations, (gpointer) from);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (entry->group), list);
}

/* F-STRAT-12, F-STRAT-17: the rows of the administrative orders. */
static void
entry_add_administrative (Entry *entry)
{
  AdmiraltySheetForm *self = entry->form;
  GPtrArray *formations = adm_strategy_get_formations (form_strategy (self));
  g_autoptr(GtkStringList) joins = gtk_string_list_new (NULL);

  entry->choices = g_ptr_array_new_with_free_func (g_free);
  entry->ship_lists = g_ptr_array_new ();

  entry->explain_row = ADW_ACTION_ROW (admiralty_plain_row (adw_action_row_new ()));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (entry->explain_row), _("What happens"));
  adw_action_row_set_subtitle_lines (entry->explain_row, 0);
  adw_action_row_add_prefix (entry->explain_row,
                             gtk_image_new_from_icon_name ("dialog-information-symbolic"));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (entry->group),
                             GTK_WIDGET (entry->explain_row));
  entry->list_formations = g_ptr_array_new ();
  entry->new_flagships = g_ptr_array_new ();
  entry->join_targets = g_ptr_array_new ();

  /* Its own ships, then those of his other formations in its sector (form). */
  entry_add_ship_list (entry, entry->formation);
  for (guint i = 0; i < formations->len; i++)
    {
      AdmFormation *other = g_ptr_array_index (formations, i);

      if (other != entry->formation && commands (self->admiral, other) &&
          same_place (self, entry->formation, other))
        entry_add_ship_list (entry, other);
    }

  entry->name_row = admiralty_plain_row (adw_entry_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (entry->name_row),
                                 _("_Name of the new formation"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (entry->name_row), TRUE);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (entry->group), entry->name_row);

  entry->id_row = ADW_ACTION_ROW (admiralty_plain_row (adw_action_row_new ()));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (entry->id_row), _("Its id"));
  admiralty_tooltip_set (GTK_WIDGET (entry->id_row),
                         _("Made from the name: lower case, a dash for each space, and "
                           "-2, -3 … when a formation has had the id"));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (entry->group), GTK_WIDGET (entry->id_row));

  entry->new_flagship_row = ADW_COMBO_ROW (admiralty_plain_row (adw_combo_row_new ()));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (entry->new_flagship_row),
                                 _("Its _flagship"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (entry->new_flagship_row), TRUE);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (entry->group),
                             GTK_WIDGET (entry->new_flagship_row));

  /* F-STRAT-17: the other formations of its side; the engine refuses one elsewhere. */
  for (guint i = 0; i < formations->len; i++)
    {
      AdmFormation *other = g_ptr_array_index (formations, i);
      const AdmFormationPosition *pos;
      g_autofree char *label = NULL;

      if (other == entry->formation || other->faction != entry->formation->faction)
        continue;
      pos = adm_strategy_get_position (form_strategy (self), other->id);
      if (pos != NULL && pos->towards != NULL)
        /* Translators: a formation to join and where it is, "Vanguard (to Pol orbit)" */
        label = g_strdup_printf (_("%s (to %s)"), other->name, pos->towards->name);
      else
        /* Translators: a formation to join and where it is, "Vanguard (Komarr orbit)" */
        label = g_strdup_printf (_("%s (%s)"), other->name,
                                 pos != NULL ? pos->sector->name : other->sector->name);
      g_ptr_array_add (entry->join_targets, other);
      gtk_string_list_append (joins, label);
    }
  entry->join_row = ADW_COMBO_ROW (admiralty_plain_row (adw_combo_row_new ()));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (entry->join_row), _("_Join"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (entry->join_row), TRUE);
  adw_combo_row_set_model (entry->join_row, G_LIST_MODEL (joins));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (entry->group), GTK_WIDGET (entry->join_row));
}

static Entry *
entry_new (AdmiraltySheetForm *self,
           const AdmFormation *formation)
{
  AdmScenario *scenario = form_scenario (self);
  Entry *entry = g_new0 (Entry, 1);
  g_autoptr(GtkStringList) orders = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) targets = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) ships = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) admins = gtk_string_list_new (NULL);
  g_autofree char *position = describe_position (self, formation);
  g_autofree char *standing = describe_standing (adm_strategy_get_standing (form_strategy (self),
                                                                            formation->id));
  g_autofree char *description = g_strdup_printf ("%s · %s", position, standing);
  g_autoptr(GPtrArray) known = adm_audience_known_formations (form_strategy (self),
                                                              self->admiral->faction);
  GtkWidget *add_button, *send_button, *history_box;
  const AdmSector *here;

  entry->form = self;
  entry->formation = formation;
  entry->route = g_ptr_array_new ();
  entry->next_sectors = g_ptr_array_new ();
  entry->targets = g_ptr_array_new_with_free_func (g_free);
  here = entry_here (entry);

  entry->group = adw_preferences_group_new ();
  admiralty_plain_group_set_title (ADW_PREFERENCES_GROUP (entry->group), formation->name);
  admiralty_plain_group_set_description (ADW_PREFERENCES_GROUP (entry->group), description);
  send_button = gtk_button_new_with_mnemonic (_("_Send Alone"));
  gtk_widget_set_valign (send_button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (send_button, "flat");
  admiralty_tooltip_set (send_button,
                         _("An out-of-band message: journal this order now, alone, as a "
                           "late sheet with its time (F-STRAT-7)"));
  g_signal_connect (send_button, "clicked", G_CALLBACK (send_alone_cb), entry);
  entry->send_button = send_button;
  adw_preferences_group_set_header_suffix (ADW_PREFERENCES_GROUP (entry->group), send_button);

  /* The orders already on his sheets this cycle, corrections included. */
  entry->history_row = adw_preferences_row_new ();
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (entry->history_row), FALSE);
  history_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_widget_set_margin_start (history_box, 12);
  gtk_widget_set_margin_end (history_box, 12);
  gtk_widget_set_margin_top (history_box, 8);
  gtk_widget_set_margin_bottom (history_box, 8);
  gtk_box_append (GTK_BOX (history_box), gtk_image_new_from_icon_name ("document-edit-symbolic"));
  entry->history_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (entry->history_label, 0);
  gtk_label_set_wrap (entry->history_label, TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (entry->history_label), TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (entry->history_label), "dim-label");
  gtk_box_append (GTK_BOX (history_box), GTK_WIDGET (entry->history_label));
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (entry->history_row), history_box);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (entry->group), entry->history_row);

  for (guint i = 0; i < G_N_ELEMENTS (order_ids); i++)
    gtk_string_list_append (orders, order_label (order_ids[i]));
  entry->order_row = ADW_COMBO_ROW (admiralty_plain_row (adw_combo_row_new ()));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (entry->order_row), _("_Order"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (entry->order_row), TRUE);
  adw_combo_row_set_model (entry->order_row, G_LIST_MODEL (orders));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (entry->group), GTK_WIDGET (entry->order_row));

  /* F-STRAT-16: a route of adjacent sectors, built one sector at a time. */
  entry->route_row = ADW_ACTION_ROW (admiralty_plain_row (adw_action_row_new ()));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (entry->route_row), _("Route"));
  adw_action_row_set_subtitle_lines (entry->route_row, 0);
  entry->remove_button = icon_button ("edit-undo-symbolic", _("Remove the last sector"));
  g_signal_connect_swapped (entry->remove_button, "clicked", G_CALLBACK (entry_remove_sector_cb),
                            entry);
  adw_action_row_add_suffix (entry->route_row, entry->remove_button);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (entry->group), GTK_WIDGET (entry->route_row));

  entry->next_row = ADW_COMBO_ROW (admiralty_plain_row (adw_combo_row_new ()));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (entry->next_row), _("_Next sector"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (entry->next_row), TRUE);
  add_button = icon_button ("list-add-symbolic", _("Add the sector to the route"));
  g_signal_connect_swapped (add_button, "clicked", G_CALLBACK (entry_add_sector_cb), entry);
  adw_action_row_add_suffix (ADW_ACTION_ROW (entry->next_row), add_button);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (entry->group), GTK_WIDGET (entry->next_row));

  /* Where an activity takes place: its own sector, another, or an enemy formation; as the
   * next sector of a route, those one move away first and the others marked (F-STRAT-8). */
  g_ptr_array_add (entry->targets, NULL);
  if (here != NULL)
    {
      /* Translators: the target row's first item, "Its own sector (Hegen Hub)" */
      g_autofree char *label = g_strdup_printf (_("Its own sector (%s)"), here->name);

      gtk_string_list_append (targets, label);
    }
  else
    gtk_string_list_append (targets, _("Its own sector"));
  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; i < adm_scenario_get_sectors (scenario)->len; i++)
      {
        AdmSector *sector = g_ptr_array_index (adm_scenario_get_sectors (scenario), i);
        gboolean near = here != NULL && g_ptr_array_find (here->adjacent, sector, NULL);
        g_autofree char *label = NULL;

        if (sector == here || near != (pass == 0))
          continue;
        g_ptr_array_add (entry->targets, g_strdup (sector->id));
        /* Translators: a sector with no link to where the formation is */
        label = near ? g_strdup (sector->name) : g_strdup_printf (_("%s (not adjacent)"),
                                                                  sector->name);
        gtk_string_list_append (targets, label);
      }
  /* F-STRAT-3: only the enemy formations his side knows of (the audience filter), where his
   * side sees them. */
  for (guint i = 0; i < known->len; i++)
    {
      AdmFormation *enemy = g_ptr_array_index (known, i);
      const AdmFormationPosition *pos = adm_strategy_get_position (form_strategy (self),
                                                                   enemy->id);
      g_autofree char *label = NULL;

      if (enemy->faction == formation->faction)
        continue;
      if (pos != NULL && here != NULL && pos->sector != here &&
          !g_ptr_array_find (here->adjacent, pos->sector, NULL))
        /* Translators: an enemy formation out of reach as a target, "Pol Escort Group (Pol),
         * in Pol orbit, not adjacent" */
        label = g_strdup_printf (_("%s (%s), in %s, not adjacent"), enemy->name,
                                 enemy->faction->name, pos->sector->name);
      else
        /* Translators: an enemy formation as a target, "Pol Escort Group (Pol)" */
        label = g_strdup_printf (_("%s (%s)"), enemy->name, enemy->faction->name);
      g_ptr_array_add (entry->targets, g_strdup (enemy->id));
      gtk_string_list_append (targets, label);
    }
  /* F-STRAT-16 under ruling "last-seen-target": a hidden enemy his side knows only by its last
   * sighting may be attacked where it was last seen. */
  if (g_strcmp0 (adm_ruleset_get_ruling_value (adm_scenario_get_ruleset (scenario),
                                               "last-seen-target"), "last-seen-place") == 0)
    {
      g_autoptr(GPtrArray) seen = adm_audience_last_seen (form_strategy (self), ADM_AUDIENCE_SIDE,
                                                          self->admiral->faction);

      for (guint i = 0; i < seen->len; i++)
        {
          const AdmSighting *sighting = g_ptr_array_index (seen, i);
          g_autofree char *label = NULL;

          /* Translators: a target known only by its last sighting, "Autumn Screen (Cetagandan
           * Empire), last seen at Hegen Hub, cycle 1" */
          label = g_strdup_printf (_("%s (%s), last seen at %s, cycle %u"),
                                   sighting->formation->name,
                                   sighting->formation->faction->name,
                                   (sighting->towards != NULL ? sighting->towards
                                                              : sighting->sector)->name,
                                   sighting->cycle);
          g_ptr_array_add (entry->targets, g_strdup (sighting->formation->id));
          gtk_string_list_append (targets, label);
        }
    }
  entry->target_row = ADW_COMBO_ROW (admiralty_plain_row (adw_combo_row_new ()));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (entry->target_row), _("_Target"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (entry->target_row), TRUE);
  adw_combo_row_set_model (entry->target_row, G_LIST_MODEL (targets));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (entry->group), GTK_WIDGET (entry->target_row));

  /* F-STRAT-12, F-FORM-4: a new flagship, one of its own ships; none to keep the one it has. */
  {
    const AdmFormationPosition *pos = adm_strategy_get_position (form_strategy (self),
                                                                 formation->id);
    const AdmShip *current = pos != NULL && pos->flagship != NULL ? pos->flagship
                                                                  : formation->flagship;
    /* Translators: the flagship row's first item, "Unchanged (Prince Serg)" */
    g_autofree char *unchanged = current != NULL ? g_strdup_printf (_("Unchanged (%s)"),
                                                                    current->name)
                                                 : g_strdup (_("Unchanged"));

    gtk_string_list_append (ships, unchanged);
  }
  for (guint i = 0; i < formation->ships->len; i++)
    gtk_string_list_append (ships, ((AdmShip *) g_ptr_array_index (formation->ships, i))->name);
  entry->flagship_row = ADW_COMBO_ROW (admiralty_plain_row (adw_combo_row_new ()));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (entry->flagship_row), _("_Flagship"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (entry->flagship_row), TRUE);
  adw_combo_row_set_model (entry->flagship_row, G_LIST_MODEL (ships));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (entry->group),
                             GTK_WIDGET (entry->flagship_row));

  /* F-STRAT-12, F-STRAT-17: an administrative order besides. */
  for (guint i = 0; i < G_N_ELEMENTS (admin_ids); i++)
    gtk_string_list_append (admins, i == ADMIN_NONE ? _("None") : order_label (admin_ids[i]));
  entry->admin_row = ADW_COMBO_ROW (admiralty_plain_row (adw_combo_row_new ()));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (entry->admin_row), _("_Reform"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (entry->admin_row), TRUE);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (entry->admin_row),
                               _("Takes no time: given with the order above (F-STRAT-12)"));
  adw_combo_row_set_model (entry->admin_row, G_LIST_MODEL (admins));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (entry->group), GTK_WIDGET (entry->admin_row));

  entry_add_administrative (entry);

  entry->comments_row = admiralty_plain_row (adw_entry_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (entry->comments_row),
                                 _("Comments (F-STRAT-18)"));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (entry->group), entry->comments_row);

  entry->refusal_row = ADW_ACTION_ROW (admiralty_plain_row (adw_action_row_new ()));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (entry->refusal_row), _("Refused"));
  adw_action_row_set_subtitle_lines (entry->refusal_row, 0);
  adw_action_row_add_prefix (entry->refusal_row,
                             gtk_image_new_from_icon_name ("dialog-warning-symbolic"));
  gtk_widget_add_css_class (GTK_WIDGET (entry->refusal_row), "error");
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (entry->group),
                             GTK_WIDGET (entry->refusal_row));

  entry_history (entry);
  entry_load (entry);

  g_signal_connect_swapped (entry->order_row, "notify::selected", G_CALLBACK (entry_changed_cb),
                            entry);
  g_signal_connect_swapped (entry->target_row, "notify::selected", G_CALLBACK (entry_changed_cb),
                            entry);
  g_signal_connect_swapped (entry->flagship_row, "notify::selected",
                            G_CALLBACK (entry_changed_cb), entry);
  g_signal_connect_swapped (entry->admin_row, "notify::selected", G_CALLBACK (entry_changed_cb),
                            entry);
  g_signal_connect_swapped (entry->comments_row, "changed", G_CALLBACK (entry_changed_cb), entry);
  g_signal_connect_swapped (entry->name_row, "changed", G_CALLBACK (entry_changed_cb), entry);
  g_signal_connect_swapped (entry->new_flagship_row, "notify::selected",
                            G_CALLBACK (entry_changed_cb), entry);
  g_signal_connect_swapped (entry->join_row, "notify::selected", G_CALLBACK (entry_changed_cb),
                            entry);
  return entry;
}

static Entry *
find_entry (AdmiraltySheetForm *self,
            const char         *formation_id)
{
  for (guint i = 0; i < form_n_entries (self); i++)
    if (g_strcmp0 (form_entry (self, i)->formation->id, formation_id) == 0)
      return form_entry (self, i);
  return NULL;
}

static void
add_entry (AdmiraltySheetForm *self,
           const AdmFormation *formation)
{
  Entry *entry = entry_new (self, formation);

  g_ptr_array_add (self->entries, entry);
  adw_preferences_page_add (self->page, ADW_PREFERENCES_GROUP (entry->group));
  entry_update (entry);
}

/* The sheets of this admiral already journalled for the cycle. */
static void
form_update_status (AdmiraltySheetForm *self)
{
  GPtrArray *events = adm_campaign_get_events (self->campaign);
  g_autofree char *cycle = g_strdup_printf ("%u", self->cycle);
  g_autofree char *status = NULL;
  guint sheets = 0;
  gint64 last = 0;

  for (guint i = 0; i < events->len; i++)
    {
      AdmEvent *event = g_ptr_array_index (events, i);

      if (g_str_equal (adm_event_get_kind (event), "sheet")
          && g_strcmp0 (adm_event_get (event, "cycle"), cycle) == 0
          && g_strcmp0 (adm_event_get (event, "admiral"), self->admiral_id) == 0)
        {
          sheets++;
          last = sheet_received (event);
        }
    }
  if (sheets == 0)
    status = g_strdup (_("Not handed in yet: his formations keep their standing orders "
                         "(F-STRAT-5)"));
  else
    {
      g_autofree char *when = admiralty_format_clock_time (last);

      if (sheets == 1)
        /* Translators: "Handed in at 18:38; handing in again journals …" */
        status = g_strdup_printf (_("Handed in at %s; handing in again journals the changed "
                                    "orders as corrections (F-STRAT-7)"), when);
      else
        /* Translators: "Handed in 3×, last at 18:50; handing in again journals …" */
        status = g_strdup_printf (_("Handed in %u×, last at %s; handing in again journals the "
                                    "changed orders as corrections (F-STRAT-7)"), sheets, when);
    }
  adw_action_row_set_subtitle (self->status_row, status);
}

static void keep_draft (AdmiraltySheetForm *self);

static void
form_update (AdmiraltySheetForm *self)
{
  gboolean ok = admiralty_sheet_form_can_hand_in (self);

  keep_draft (self);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "sheet.hand-in", ok);
  admiralty_tooltip_set (self->hand_in_button,
                         ok ? _("Journal the sheet and its new or corrected orders")
                            : _("An order is refused: correct it first"));
}

gboolean
admiralty_sheet_form_can_hand_in (AdmiraltySheetForm *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_SHEET_FORM (self), FALSE);

  for (guint i = 0; i < form_n_entries (self); i++)
    if (form_entry (self, i)->refusal != NULL)
      return FALSE;
  return TRUE;
}

static AdmEvent *
sheet_event (AdmiraltySheetForm *self,
             gint64              now,
             gboolean            late)
{
  return adm_order_sheet_event_new (self->admiral_id, self->cycle, now, late);
}

/* Journals @events as one (adm_campaign_append_all ()): each order is applied after the ones
 * before it, so a sheet may give orders to the formation it detaches; one refused and none is
 * kept. */
char *
admiralty_sheet_form_draft_path (AdmCampaign *campaign,
                                 const char  *admiral_id,
                                 guint        cycle)
{
  g_autofree char *what = NULL;
  const char *campaign_path;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), NULL);
  g_return_val_if_fail (admiral_id != NULL, NULL);

  what = g_strdup_printf ("sheet-%s-cycle-%u.draft.xml", admiral_id, cycle);
  campaign_path = adm_campaign_get_path (campaign);
  if (campaign_path != NULL)
    return admiralty_draft_path (campaign_path, what);
  return admiralty_draft_path_unsaved (adm_scenario_get_id (adm_campaign_get_scenario (campaign)),
                                       what);
}

/* Where the draft of his sheet for the cycle is kept: among the campaign file's drafts, or the
 * scenario's while the campaign has no file yet (the window hands those over to the file when
 * it saves it first), so that a sheet typed before the first action of a campaign is kept too.
 * Asked each time: handing in a sheet or sending an order alone may save the campaign first. */
static char *
form_draft_path (AdmiraltySheetForm *self)
{
  return admiralty_sheet_form_draft_path (self->campaign, self->admiral_id, self->cycle);
}

static gboolean
append_all (AdmiraltySheetForm *self,
            GPtrArray          *events,
            GError            **error)
{
  return adm_campaign_append_all (self->campaign, events, error);
}

gboolean
admiralty_sheet_form_hand_in (AdmiraltySheetForm *self,
                              GError            **error)
{
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_event_unref);
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  g_autofree char *draft_path = NULL;

  g_return_val_if_fail (ADMIRALTY_IS_SHEET_FORM (self), FALSE);

  for (guint i = 0; i < form_n_entries (self); i++)
    {
      Entry *entry = form_entry (self, i);

      if (entry->refusal != NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("The order for %s is refused: %s"), entry->formation->name,
                       entry->refusal);
          return FALSE;
        }
    }
  /* F-GEN-3: the sheet, received now; then what is new or corrected on it (F-STRAT-7). */
  g_ptr_array_add (events, sheet_event (self, now, gtk_switch_get_active (self->late_switch)));
  for (guint i = 0; i < form_n_entries (self); i++)
    {
      Entry *entry = form_entry (self, i);
      g_autoptr(GPtrArray) orders = entry_build_events (entry, now);

      for (guint o = 0; o < orders->len; o++)
        if (!entry_repeats (entry, g_ptr_array_index (orders, o)))
          g_ptr_array_add (events, adm_event_ref (g_ptr_array_index (orders, o)));
    }
  if (!append_all (self, events, error))
    return FALSE;
  /* Journalled: the draft has done its work. */
  self->drafting = FALSE;
  draft_path = form_draft_path (self);
  admiralty_draft_remove (draft_path);
  return TRUE;
}

gboolean
admiralty_sheet_form_send_alone (AdmiraltySheetForm *self,
                                 const char         *formation_id,
                                 GError            **error)
{
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_event_unref);
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  g_autoptr(GPtrArray) orders = NULL;
  gboolean reformed = FALSE;
  Entry *entry;

  g_return_val_if_fail (ADMIRALTY_IS_SHEET_FORM (self), FALSE);

  entry = find_entry (self, formation_id);
  if (entry == NULL)
    return FALSE;
  if (entry->refusal != NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The order for %s is refused: %s"), entry->formation->name,
                   entry->refusal);
      return FALSE;
    }
  /* F-STRAT-7: a message out of band is accepted with its time, late; it carries what is new
   * or changed for the formation. */
  g_ptr_array_add (events, sheet_event (self, now, TRUE));
  orders = entry_build_events (entry, now);
  for (guint i = 0; i < orders->len; i++)
    {
      if (entry_repeats (entry, g_ptr_array_index (orders, i)))
        continue;
      g_ptr_array_add (events, adm_event_ref (g_ptr_array_index (orders, i)));
      reformed |= order_slot (adm_event_get (g_ptr_array_index (orders, i), "order"))
                  == SLOT_ADMINISTRATIVE;
    }
  if (events->len == 1)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("Choose an order for %s to send"), entry->formation->name);
      return FALSE;
    }
  if (!append_all (self, events, error))
    return FALSE;
  /* F-STRAT-17: an administrative order changed his formations at once: list them anew. */
  if (reformed)
    form_populate (self);
  else
    entry_history (entry);
  form_update_status (self);
  form_update (self);
  return TRUE;
}

static void
present_error (AdmiraltySheetForm *self,
               const char         *heading,
               const GError       *error)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, error->message);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
send_alone_cb (GtkButton *button,
               Entry     *entry)
{
  AdmiraltySheetForm *self = entry->form;
  g_autoptr(GError) error = NULL;

  if (!admiralty_sheet_form_send_alone (self, entry->formation->id, &error))
    present_error (self, _("Could Not Send the Order"), error);
}

static void
hand_in_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  AdmiraltySheetForm *self = ADMIRALTY_SHEET_FORM (widget);
  g_autoptr(GError) error = NULL;

  if (!admiralty_sheet_form_hand_in (self, &error))
    {
      present_error (self, _("Could Not Hand In the Sheet"), error);
      return;
    }
  gtk_window_close (GTK_WINDOW (self));
}

static void
other_clicked_cb (AdmiraltySheetForm *self)
{
  guint index = adw_combo_row_get_selected (self->other_row);

  if (index < self->others->len)
    admiralty_sheet_form_add_formation (self,
                                        ((AdmFormation *) g_ptr_array_index (self->others,
                                                                             index))->id);
}

gboolean
admiralty_sheet_form_add_formation (AdmiraltySheetForm *self,
                                    const char         *formation_id)
{
  AdmFormation *formation;

  g_return_val_if_fail (ADMIRALTY_IS_SHEET_FORM (self), FALSE);

  formation = adm_strategy_lookup_formation (form_strategy (self), formation_id);
  /* F-STRAT-3: a hidden formation his side does not know of is no more on offer than one
   * that does not exist. */
  if (formation == NULL ||
      !adm_strategy_formation_visible (form_strategy (self), formation, self->admiral->faction))
    return FALSE;
  if (find_entry (self, formation_id) == NULL)
    add_entry (self, formation);
  return TRUE;
}

/* F-FORM-6: his formations are those he commands, and those of his faction with no admiral. */
static gboolean
commands (const AdmAdmiral   *admiral,
          const AdmFormation *formation)
{
  return formation->admiral != NULL ? formation->admiral == admiral
                                    : formation->faction == admiral->faction;
}

/* F-STRAT-17: the formations in being now, with their current admirals and ships; his own get
 * an entry, the others are on offer in "Order for another formation". */
static void
form_populate (AdmiraltySheetForm *self)
{
  /* F-STRAT-3: his side's knowledge, through the audience filter: a hidden formation it does
   * not know of is not on offer. */
  g_autoptr(GPtrArray) formations = adm_audience_known_formations (form_strategy (self),
                                                                   self->admiral->faction);
  g_autoptr(GtkStringList) others = gtk_string_list_new (NULL);

  for (guint i = 0; i < form_n_entries (self); i++)
    adw_preferences_page_remove (self->page, ADW_PREFERENCES_GROUP (form_entry (self, i)->group));
  g_ptr_array_set_size (self->children, 0);
  g_ptr_array_set_size (self->entries, 0);
  g_ptr_array_set_size (self->others, 0);
  for (guint i = 0; i < formations->len; i++)
    {
      AdmFormation *formation = g_ptr_array_index (formations, i);

      if (commands (self->admiral, formation))
        add_entry (self, formation);
      else
        {
          g_autofree char *label = g_strdup_printf (_("%s (%s)"), formation->name,
                                                    formation->faction->name);

          g_ptr_array_add (self->others, formation);
          gtk_string_list_append (others, label);
        }
    }
  adw_combo_row_set_model (self->other_row, G_LIST_MODEL (others));
}

/* The draft: the orders handing in would journal now, as an order sheet (docs/formats.md,
 * schema order-sheet.rng) that the form reads back; none, and there is no draft. */
static void
keep_draft (AdmiraltySheetForm *self)
{
  g_autoptr(GPtrArray) sheet = NULL;
  g_autofree char *out = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *draft_path = NULL;
  gint64 now;

  if (!self->drafting)
    return;
  draft_path = form_draft_path (self);
  now = g_get_real_time () / G_USEC_PER_SEC;
  sheet = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_event_unref);
  g_ptr_array_add (sheet, sheet_event (self, now, gtk_switch_get_active (self->late_switch)));
  for (guint i = 0; i < form_n_entries (self); i++)
    {
      Entry *entry = form_entry (self, i);
      g_autoptr(GPtrArray) events = entry_build_events (entry, now);

      for (guint e = 0; e < events->len; e++)
        if (!entry_repeats (entry, g_ptr_array_index (events, e)))
          g_ptr_array_add (sheet, adm_event_ref (g_ptr_array_index (events, e)));
    }
  if (sheet->len == 1)
    {
      admiralty_draft_remove (draft_path);
      return;
    }
  out = adm_order_sheet_to_xml (sheet);
  if (!admiralty_draft_write (draft_path, out, strlen (out), &error))
    {
      adw_action_row_set_subtitle (self->draft_row, error->message);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->draft_row),
                                     _("Could not keep the draft"));
      gtk_widget_set_visible (GTK_WIDGET (self->draft_row), TRUE);
    }
}

/* One order of the draft put back through the form's own fields, as the master typed it. */
static void
restore_order (AdmiraltySheetForm *self,
               xmlNode            *node)
{
  g_autofree char *formation = adm_xml_get_string (node, "formation");
  g_autofree char *order = adm_xml_get_string (node, "order");
  g_autofree char *route = adm_xml_get_string (node, "route");
  g_autofree char *target = adm_xml_get_string (node, "target");
  g_autofree char *flagship = adm_xml_get_string (node, "flagship");
  g_autofree char *ships = adm_xml_get_string (node, "ships");
  g_autofree char *name = adm_xml_get_string (node, "name");
  g_autofree char *text = adm_xml_get_text (node);

  /* A formation the sheet makes has its entry already, from the order that makes it. */
  if (formation == NULL ||
      (find_entry (self, formation) == NULL &&
       !admiralty_sheet_form_add_formation (self, formation)) ||
      !admiralty_sheet_form_set_order (self, formation, order))
    return;
  if (route != NULL)
    admiralty_sheet_form_set_route (self, formation, route);
  if (ships != NULL)
    admiralty_sheet_form_set_ships (self, formation, ships);
  if (name != NULL)
    admiralty_sheet_form_set_new_name (self, formation, name);
  if (target != NULL)
    admiralty_sheet_form_set_target (self, formation, target);
  if (flagship != NULL)
    admiralty_sheet_form_set_flagship (self, formation, flagship);
  admiralty_sheet_form_set_comments (self, formation, text != NULL ? text : "");
}

/* The draft left when the form was last closed (or the program killed), put back; the form
 * says so. A draft that does not read is named with its reason and left for Discard. */
static void
restore_draft (AdmiraltySheetForm *self)
{
  g_autoptr(xmlDoc) doc = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *draft_path = form_draft_path (self);
  xmlNode *root;

  if (!g_file_test (draft_path, G_FILE_TEST_IS_REGULAR))
    return;
  doc = adm_xml_read_file (draft_path, "order-sheet", &error);
  if (doc == NULL)
    {
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->draft_row),
                                     _("The draft could not be read"));
      adw_action_row_set_subtitle (self->draft_row, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->draft_row), TRUE);
      return;
    }
  root = xmlDocGetRootElement (doc);
  for (xmlNode *node = adm_xml_first_element (root, "order"); node != NULL;
       node = adm_xml_next_element (node, "order"))
    restore_order (self, node);
  gtk_switch_set_active (self->late_switch,
                         adm_xml_get_boolean (root, "late",
                                              gtk_switch_get_active (self->late_switch)));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->draft_row), _("Draft restored"));
  adw_action_row_set_subtitle (self->draft_row,
                               _("The orders typed before the form was closed are back; they "
                                 "are journalled when the sheet is handed in"));
  gtk_widget_set_visible (GTK_WIDGET (self->draft_row), TRUE);
}

/* sheet.discard-draft: the form as his sheets stand, the draft gone. */
static void
discard_draft_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  AdmiraltySheetForm *self = ADMIRALTY_SHEET_FORM (widget);
  g_autofree char *draft_path = form_draft_path (self);

  self->drafting = FALSE;
  admiralty_draft_remove (draft_path);
  form_populate (self);
  form_update_status (self);
  gtk_widget_set_visible (GTK_WIDGET (self->draft_row), FALSE);
  self->drafting = TRUE;
  form_update (self);
}

static void
late_changed_cb (AdmiraltySheetForm *self)
{
  keep_draft (self);
}

AdmiraltySheetForm *
admiralty_sheet_form_new (AdmCampaign *campaign,
                          const char  *admiral_id,
                          gboolean     late)
{
  AdmiraltySheetForm *self;
  AdmScenario *scenario;
  g_autofree char *subtitle = NULL;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), NULL);
  g_return_val_if_fail (admiral_id != NULL, NULL);

  scenario = adm_campaign_get_scenario (campaign);
  if (adm_scenario_lookup_admiral (scenario, admiral_id) == NULL)
    return NULL;

  self = g_object_new (ADMIRALTY_TYPE_SHEET_FORM, NULL);
  self->campaign = g_object_ref (campaign);
  self->admiral_id = g_strdup (admiral_id);
  self->admiral = adm_scenario_lookup_admiral (scenario, admiral_id);
  self->cycle = adm_strategy_get_cycle (form_strategy (self));

  /* Translators: the sheet form's subtitle, "Order sheet · cycle 2" */
  subtitle = g_strdup_printf (_("Order sheet · cycle %u"), self->cycle);
  adw_window_title_set_title (self->window_title, self->admiral->name);
  adw_window_title_set_subtitle (self->window_title, subtitle);
  gtk_window_set_title (GTK_WINDOW (self), self->admiral->name);
  gtk_switch_set_active (self->late_switch, late);

  form_populate (self);
  form_update_status (self);
  restore_draft (self);
  self->drafting = TRUE;
  g_signal_connect_object (self->late_switch, "notify::active", G_CALLBACK (late_changed_cb),
                           self, G_CONNECT_SWAPPED);
  form_update (self);
  return self;
}

void
admiralty_sheet_form_set_late (AdmiraltySheetForm *self,
                               gboolean            late)
{
  g_return_if_fail (ADMIRALTY_IS_SHEET_FORM (self));

  gtk_switch_set_active (self->late_switch, late);
}

gboolean
admiralty_sheet_form_set_order (AdmiraltySheetForm *self,
                                const char         *formation_id,
                                const char         *order)
{
  Entry *entry = find_entry (self, formation_id);

  if (entry == NULL)
    return FALSE;
  /* F-STRAT-12: the flagship row is always there; set_flagship () fills it. */
  if (g_strcmp0 (order, "flagship") == 0)
    return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (order_ids); i++)
    if (g_strcmp0 (order, order_ids[i]) == 0)
      {
        adw_combo_row_set_selected (entry->order_row, i);
        entry_update (entry);
        return TRUE;
      }
  for (guint i = 0; i < G_N_ELEMENTS (admin_ids); i++)
    if (g_strcmp0 (order, admin_ids[i]) == 0)
      {
        adw_combo_row_set_selected (entry->admin_row, i);
        entry_update (entry);
        return TRUE;
      }
  return FALSE;
}

/* Through the route row's own controls: each sector picked in "Next sector" and added. */
gboolean
admiralty_sheet_form_set_route (AdmiraltySheetForm *self,
                                const char         *formation_id,
                                const char         *route)
{
  Entry *entry = find_entry (self, formation_id);
  g_auto(GStrv) words = g_strsplit (route != NULL ? route : "", " ", -1);

  if (entry == NULL)
    return FALSE;
  while (entry->route->len > 0)
    entry_remove_sector_cb (entry);
  for (guint i = 0; words[i] != NULL; i++)
    {
      AdmSector *sector = adm_scenario_lookup_sector (form_scenario (self), words[i]);
      guint index;

      if (words[i][0] == '\0')
        continue;
      if (sector == NULL || !g_ptr_array_find (entry->next_sectors, sector, &index))
        return FALSE;
      adw_combo_row_set_selected (entry->next_row, index);
      entry_add_sector_cb (entry);
    }
  return TRUE;
}

gboolean
admiralty_sheet_form_set_target (AdmiraltySheetForm *self,
                                 const char         *formation_id,
                                 const char         *target)
{
  Entry *entry = find_entry (self, formation_id);
  guint choice;

  if (entry == NULL)
    return FALSE;
  /* F-STRAT-17: the formation a join order joins, one of his own side: never a target of
   * the order row, which names sectors and enemies. */
  choice = adw_combo_row_get_selected (entry->order_row);
  if (adw_combo_row_get_selected (entry->admin_row) == ADMIN_JOIN)
    {
      for (guint i = 0; i < entry->join_targets->len; i++)
        if (g_strcmp0 (((AdmFormation *) g_ptr_array_index (entry->join_targets, i))->id,
                       target) == 0)
          {
            adw_combo_row_set_selected (entry->join_row, i);
            entry_update (entry);
            return TRUE;
          }
      if (choice < CHOICE_ATTACK || choice > CHOICE_SWEEP_MINES)
        return FALSE;
    }
  for (guint i = 0; i < entry->targets->len; i++)
    if (g_strcmp0 (g_ptr_array_index (entry->targets, i), target) == 0 ||
        (i == 0 && target != NULL && entry_here (entry) != NULL &&
         g_str_equal (target, entry_here (entry)->id)))
      {
        adw_combo_row_set_selected (entry->target_row, i);
        entry_update (entry);
        return TRUE;
      }
  return FALSE;
}

gboolean
admiralty_sheet_form_set_flagship (AdmiraltySheetForm *self,
                                   const char         *formation_id,
                                   const char         *ship_id)
{
  Entry *entry = find_entry (self, formation_id);
  guint admin;

  if (entry == NULL)
    return FALSE;
  /* F-FORM-4: under a detach or form, a ship ticked is the new formation's flagship, NULL its
   * first ship; a ship that stays is the formation's own. */
  admin = adw_combo_row_get_selected (entry->admin_row);
  if (admin == ADMIN_DETACH || admin == ADMIN_FORM)
    {
      if (ship_id == NULL)
        {
          adw_combo_row_set_selected (entry->new_flagship_row, 0);
          entry_update (entry);
          return TRUE;
        }
      for (guint i = 0; i < entry->new_flagships->len; i++)
        if (g_strcmp0 (((AdmShip *) g_ptr_array_index (entry->new_flagships, i))->id,
                       ship_id) == 0)
          {
            adw_combo_row_set_selected (entry->new_flagship_row, i + 1);
            entry_update (entry);
            return TRUE;
          }
    }
  /* NULL keeps the flagship it has. */
  if (ship_id == NULL)
    {
      adw_combo_row_set_selected (entry->flagship_row, 0);
      entry_update (entry);
      return TRUE;
    }
  for (guint i = 0; i < entry->formation->ships->len; i++)
    if (g_strcmp0 (((AdmShip *) g_ptr_array_index (entry->formation->ships, i))->id,
                   ship_id) == 0)
      {
        g_autoptr(GPtrArray) leaving = entry_chosen_ships (entry, admin);

        /* A ship ticked to leave is not his flagship's choice. */
        if ((admin == ADMIN_DETACH || admin == ADMIN_FORM) &&
            g_ptr_array_find (leaving, g_ptr_array_index (entry->formation->ships, i), NULL))
          return FALSE;
        adw_combo_row_set_selected (entry->flagship_row, i + 1);
        entry_update (entry);
        return TRUE;
      }
  return FALSE;
}

gboolean
admiralty_sheet_form_set_comments (AdmiraltySheetForm *self,
                                   const char         *formation_id,
                                   const char         *text)
{
  Entry *entry = find_entry (self, formation_id);

  if (entry == NULL)
    return FALSE;
  gtk_editable_set_text (GTK_EDITABLE (entry->comments_row), text != NULL ? text : "");
  entry_update (entry);
  return TRUE;
}

gboolean
admiralty_sheet_form_set_ships (AdmiraltySheetForm *self,
                                const char         *formation_id,
                                const char         *ships)
{
  Entry *entry = find_entry (self, formation_id);
  g_auto(GStrv) words = g_strsplit (ships != NULL ? ships : "", " ", -1);
  gboolean own_only;

  if (entry == NULL)
    return FALSE;
  /* A detach offers its own ships; a form those of his formations in its sector too. */
  own_only = adw_combo_row_get_selected (entry->admin_row) != ADMIN_FORM;
  for (guint i = 0; words[i] != NULL; i++)
    {
      gboolean found = FALSE;

      for (guint j = 0; j < entry->choices->len && !found; j++)
        {
          ShipChoice *c = g_ptr_array_index (entry->choices, j);

          found = g_strcmp0 (c->ship->id, words[i]) == 0 &&
                  (!own_only || c->from == entry->formation);
        }
      if (words[i][0] != '\0' && !found)
        return FALSE;
    }
  /* Through the check buttons, as a click would tick them. */
  for (guint j = 0; j < entry->choices->len; j++)
    {
      ShipChoice *c = g_ptr_array_index (entry->choices, j);

      gtk_check_button_set_active (c->check, g_strv_contains ((const char * const *) words,
                                                              c->ship->id));
    }
  entry_update (entry);
  return TRUE;
}

gboolean
admiralty_sheet_form_set_new_name (AdmiraltySheetForm *self,
                                   const char         *formation_id,
                                   const char         *name)
{
  Entry *entry = find_entry (self, formation_id);

  if (entry == NULL)
    return FALSE;
  gtk_editable_set_text (GTK_EDITABLE (entry->name_row), name != NULL ? name : "");
  entry_update (entry);
  return TRUE;
}

const char *
admiralty_sheet_form_get_new_id (AdmiraltySheetForm *self,
                                 const char         *formation_id)
{
  Entry *entry = find_entry (self, formation_id);

  return entry != NULL ? entry->new_id : NULL;
}

const char *
admiralty_sheet_form_get_refusal (AdmiraltySheetForm *self,
                                  const char         *formation_id)
{
  Entry *entry = find_entry (self, formation_id);

  return entry != NULL ? entry->refusal : NULL;
}

char *
admiralty_sheet_form_get_history (AdmiraltySheetForm *self,
                                  const char         *formation_id)
{
  Entry *entry = find_entry (self, formation_id);

  return entry != NULL ? g_strdup (gtk_label_get_label (entry->history_label)) : NULL;
}

static void
admiralty_sheet_form_dispose (GObject *object)
{
  AdmiraltySheetForm *self = ADMIRALTY_SHEET_FORM (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), ADMIRALTY_TYPE_SHEET_FORM);
  g_clear_pointer (&self->children, g_ptr_array_unref);
  g_clear_pointer (&self->entries, g_ptr_array_unref);
  g_clear_pointer (&self->others, g_ptr_array_unref);
  g_clear_object (&self->campaign);

  G_OBJECT_CLASS (admiralty_sheet_form_parent_class)->dispose (object);
}

static void
admiralty_sheet_form_finalize (GObject *object)
{
  AdmiraltySheetForm *self = ADMIRALTY_SHEET_FORM (object);

  g_free (self->admiral_id);

  G_OBJECT_CLASS (admiralty_sheet_form_parent_class)->finalize (object);
}

static void
admiralty_sheet_form_class_init (AdmiraltySheetFormClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = admiralty_sheet_form_dispose;
  object_class->finalize = admiralty_sheet_form_finalize;

  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/admiralty/Admiralty/admiralty-sheet-form.ui");
  gtk_widget_class_bind_template_child (widget_class, AdmiraltySheetForm, window_title);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltySheetForm, hand_in_button);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltySheetForm, page);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltySheetForm, status_row);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltySheetForm, draft_row);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltySheetForm, late_switch);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltySheetForm, other_row);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltySheetForm, other_button);
  gtk_widget_class_bind_template_callback (widget_class, other_clicked_cb);

  gtk_widget_class_install_action (widget_class, "sheet.hand-in", NULL, hand_in_action);
  gtk_widget_class_install_action (widget_class, "sheet.discard-draft", NULL,
                                   discard_draft_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK,
                                       "sheet.hand-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
admiralty_sheet_form_init (AdmiraltySheetForm *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  admiralty_wrapping_choices (self->other_row);
  admiralty_focus_scroll_outside_popovers (self->page);
  self->entries = g_ptr_array_new_with_free_func ((GDestroyNotify) entry_free);
  self->children = g_ptr_array_new_with_free_func ((GDestroyNotify) entry_free);
  self->others = g_ptr_array_new ();
}

GStrv
admiralty_sheet_form_dup_formation_choices (AdmiraltySheetForm *self,
                                            const char         *formation_id)
{
  g_autoptr(GStrvBuilder) ids = g_strv_builder_new ();

  g_return_val_if_fail (ADMIRALTY_IS_SHEET_FORM (self), NULL);

  if (formation_id == NULL)
    for (guint i = 0; i < self->others->len; i++)
      g_strv_builder_add (ids, ((AdmFormation *) g_ptr_array_index (self->others, i))->id);
  else
    {
      Entry *entry = find_entry (self, formation_id);

      g_return_val_if_fail (entry != NULL, NULL);
      for (guint i = 0; i < entry->targets->len; i++)
        {
          const char *target = g_ptr_array_index (entry->targets, i);

          if (target != NULL &&
              adm_strategy_lookup_formation (form_strategy (self), target) != NULL)
            g_strv_builder_add (ids, target);
        }
    }
  return g_strv_builder_end (ids);
}
