/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-battle-orders.c: reading and writing tactical declarations. */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <libxml/xmlsave.h>

#include "adm-battle-orders.h"
#include "adm-xml.h"

static void
move_decl_free (AdmMoveDecl *decl)
{
  g_free (decl->formation);
  g_free (decl->ram);
  g_clear_pointer (&decl->steps, g_array_unref);
  g_free (decl);
}

static void
fire_decl_free (AdmFireDecl *decl)
{
  g_clear_pointer (&decl->ships, g_ptr_array_unref);
  g_clear_pointer (&decl->weapons, g_ptr_array_unref);
  g_free (decl->target);
  g_free (decl);
}

static void
ship_order_decl_free (AdmShipOrderDecl *decl)
{
  g_free (decl->ship);
  g_free (decl->formation);
  g_free (decl);
}

static void
order_decl_free (AdmOrderDecl *decl)
{
  g_free (decl->element);
  g_clear_pointer (&decl->keys, g_ptr_array_unref);
  g_clear_pointer (&decl->values, g_ptr_array_unref);
  g_free (decl);
}

const char *
adm_order_decl_get (const AdmOrderDecl *decl,
                    const char         *key)
{
  g_return_val_if_fail (decl != NULL, NULL);
  for (guint i = 0; i < decl->keys->len; i++)
    if (g_strcmp0 (g_ptr_array_index (decl->keys, i), key) == 0)
      return g_ptr_array_index (decl->values, i);
  return NULL;
}

static AdmOrderDecl *
parse_other (xmlNode *node)
{
  AdmOrderDecl *decl = g_new0 (AdmOrderDecl, 1);

  decl->element = g_strdup ((const char *) node->name);
  decl->keys = g_ptr_array_new_with_free_func (g_free);
  decl->values = g_ptr_array_new_with_free_func (g_free);
  decl->line = xmlGetLineNo (node);
  for (xmlAttr *attr = node->properties; attr != NULL; attr = attr->next)
    {
      xmlChar *value = xmlNodeListGetString (node->doc, attr->children, 1);

      g_ptr_array_add (decl->keys, g_strdup ((const char *) attr->name));
      g_ptr_array_add (decl->values, g_strdup (value != NULL ? (const char *) value : ""));
      xmlFree (value);
    }
  return decl;
}

AdmMoveDecl *
adm_move_decl_new (const char *formation)
{
  AdmMoveDecl *decl = g_new0 (AdmMoveDecl, 1);

  g_return_val_if_fail (formation != NULL, NULL);
  decl->formation = g_strdup (formation);
  decl->steps = g_array_new (FALSE, FALSE, sizeof (AdmMoveStep));
  return decl;
}

AdmFireDecl *
adm_fire_decl_new (const char *target)
{
  AdmFireDecl *decl = g_new0 (AdmFireDecl, 1);

  g_return_val_if_fail (target != NULL, NULL);
  decl->ships = g_ptr_array_new_with_free_func (g_free);
  decl->weapons = g_ptr_array_new_with_free_func (g_free);
  decl->target = g_strdup (target);
  return decl;
}

void
adm_fire_decl_add_battery (AdmFireDecl *decl,
                           const char  *ship,
                           const char  *weapon)
{
  g_return_if_fail (decl != NULL && ship != NULL && weapon != NULL);
  g_ptr_array_add (decl->ships, g_strdup (ship));
  g_ptr_array_add (decl->weapons, g_strdup (weapon));
}

AdmShipOrderDecl *
adm_ship_order_decl_new (const char *ship)
{
  AdmShipOrderDecl *decl = g_new0 (AdmShipOrderDecl, 1);

  g_return_val_if_fail (ship != NULL, NULL);
  decl->ship = g_strdup (ship);
  return decl;
}

AdmOrderDecl *
adm_order_decl_new (const char *element)
{
  AdmOrderDecl *decl = g_new0 (AdmOrderDecl, 1);

  g_return_val_if_fail (element != NULL, NULL);
  decl->element = g_strdup (element);
  decl->keys = g_ptr_array_new_with_free_func (g_free);
  decl->values = g_ptr_array_new_with_free_func (g_free);
  return decl;
}

void
adm_order_decl_set (AdmOrderDecl *decl,
                    const char   *key,
                    const char   *value)
{
  g_return_if_fail (decl != NULL && key != NULL && value != NULL);
  for (guint i = 0; i < decl->keys->len; i++)
    if (g_strcmp0 (g_ptr_array_index (decl->keys, i), key) == 0)
      {
        g_free (g_ptr_array_index (decl->values, i));
        g_ptr_array_index (decl->values, i) = g_strdup (value);
        return;
      }
  g_ptr_array_add (decl->keys, g_strdup (key));
  g_ptr_array_add (decl->values, g_strdup (value));
}

guint
adm_turn_orders_number_lines (AdmTurnOrders *orders)
{
  GPtrArray *lists[] = { orders->moves, orders->fires, orders->target_locks, orders->reinforce,
                         orders->transfers };
  guint line = 0;

  g_return_val_if_fail (orders != NULL, 0);
  /* The order adm_turn_orders_to_string () writes them in. */
  for (guint l = 0; l < G_N_ELEMENTS (lists); l++)
    for (guint i = 0; i < lists[l]->len; i++)
      {
        gpointer decl = g_ptr_array_index (lists[l], i);

        if (l == 0)
          ((AdmMoveDecl *) decl)->line = ++line;
        else if (l == 1)
          ((AdmFireDecl *) decl)->line = ++line;
        else
          ((AdmShipOrderDecl *) decl)->line = ++line;
      }
  for (guint i = 0; i < orders->other->len; i++)
    ((AdmOrderDecl *) g_ptr_array_index (orders->other, i))->line = ++line;
  return line;
}

/* The bytes of orders.rng's "id": 1 for [A-Za-z0-9], 2 for "_" and "-". */
static const guint8 id_bytes[256] = {
  ['0'] = 1, ['1'] = 1, ['2'] = 1, ['3'] = 1, ['4'] = 1, ['5'] = 1, ['6'] = 1, ['7'] = 1,
  ['8'] = 1, ['9'] = 1,
  ['A'] = 1, ['B'] = 1, ['C'] = 1, ['D'] = 1, ['E'] = 1, ['F'] = 1, ['G'] = 1, ['H'] = 1,
  ['I'] = 1, ['J'] = 1, ['K'] = 1, ['L'] = 1, ['M'] = 1, ['N'] = 1, ['O'] = 1, ['P'] = 1,
  ['Q'] = 1, ['R'] = 1, ['S'] = 1, ['T'] = 1, ['U'] = 1, ['V'] = 1, ['W'] = 1, ['X'] = 1,
  ['Y'] = 1, ['Z'] = 1,
  ['a'] = 1, ['b'] = 1, ['c'] = 1, ['d'] = 1, ['e'] = 1, ['f'] = 1, ['g'] = 1, ['h'] = 1,
  ['i'] = 1, ['j'] = 1, ['k'] = 1, ['l'] = 1, ['m'] = 1, ['n'] = 1, ['o'] = 1, ['p'] = 1,
  ['q'] = 1, ['r'] = 1, ['s'] = 1, ['t'] = 1, ['u'] = 1, ['v'] = 1, ['w'] = 1, ['x'] = 1,
  ['y'] = 1, ['z'] = 1,
  ['_'] = 2, ['-'] = 2,
};

/* orders.rng's "id": [A-Za-z0-9][A-Za-z0-9_-]*: one look at id_bytes[] a byte (a
 * fire phase's declarations name some fifty thousand ids, asked twice). */
static gboolean
is_id (const char *text)
{
  const guchar *c = (const guchar *) text;

  if (text == NULL || id_bytes[c[0]] != 1)
    return FALSE;
  while (id_bytes[*++c] != 0)
    ;
  return *c == '\0';
}

/* Whether set_double () writes @value as a decimal (no exponent) that reads back exactly. */
static gboolean
keeps_double (double value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  if (!isfinite (value))
    return FALSE;
  g_ascii_formatd (buffer, sizeof buffer, "%.6g", value);
  return strpbrk (buffer, "eEnN") == NULL && g_ascii_strtod (buffer, NULL) == value;
}

static gboolean
move_reads_back (const AdmMoveDecl *decl)
{
  /* A line of 0 is the movement phase's own keep-moving fallback (adm-battle-orbit.c): a
   * declaration read back always has one. */
  if (decl->line <= 0 || !is_id (decl->formation) || (decl->ram != NULL && !is_id (decl->ram)) ||
      (guint) decl->order > ADM_MOVE_ORDER_ALL_AHEAD_FULL)
    return FALSE;
  for (guint s = 0; s < decl->steps->len; s++)
    {
      const AdmMoveStep *step = &g_array_index (decl->steps, AdmMoveStep, s);

      if (step->orbit > 0 ? step->is_turn || step->value != 0 ||
                            (step->halve != 1 && step->halve != 2)
                          : step->orbit != 0 || step->halve != 0 || !keeps_double (step->value) ||
                            (!step->is_turn && step->value < 0) ||
                            (step->is_turn != FALSE && step->is_turn != TRUE))
        return FALSE;
    }
  return TRUE;
}

/* fire_reads_back () but for its ids, which plain_to_string () asks as it writes them. */
static gboolean
fire_reads_back_but_ids (const AdmFireDecl *decl)
{
  return decl->ships->len > 0 && decl->ships->len == decl->weapons->len &&
         (decl->is_return == FALSE || decl->is_return == TRUE);
}

static gboolean
fire_reads_back (const AdmFireDecl *decl)
{
  if (!fire_reads_back_but_ids (decl) || !is_id (decl->target))
    return FALSE;
  for (guint b = 0; b < decl->ships->len; b++)
    if (!is_id (g_ptr_array_index (decl->ships, b)) ||
        !is_id (g_ptr_array_index (decl->weapons, b)))
      return FALSE;
  return TRUE;
}

static gboolean
ship_orders_read_back (GPtrArray *decls,
                       gboolean   transfers,
                       gboolean   may_extend)
{
  for (guint i = 0; i < decls->len; i++)
    {
      const AdmShipOrderDecl *decl = g_ptr_array_index (decls, i);

      if (!is_id (decl->ship) || (transfers ? !is_id (decl->formation) : decl->formation != NULL) ||
          (decl->extended != FALSE && (!may_extend || decl->extended != TRUE)))
        return FALSE;
    }
  return TRUE;
}

/* adm_turn_orders_reads_back (), the fires' ids left out (@fire_ids FALSE) or not. */
static gboolean
reads_back (const AdmTurnOrders *orders,
            gboolean             fire_ids)
{
  /* Each test is one of orders.rng's or of the reader's, on the declarations
   * adm_turn_orders_to_string () writes; the other declarations have a schema of their own
   * each and are left to the reader. */
  if (orders->turn < 1 || orders->other->len > 0)
    return FALSE;
  for (guint i = 0; i < orders->moves->len; i++)
    if (!move_reads_back (g_ptr_array_index (orders->moves, i)))
      return FALSE;
  for (guint i = 0; i < orders->fires->len; i++)
    if (fire_ids ? !fire_reads_back (g_ptr_array_index (orders->fires, i))
                 : !fire_reads_back_but_ids (g_ptr_array_index (orders->fires, i)))
      return FALSE;
  return ship_orders_read_back (orders->target_locks, FALSE, FALSE) &&
         ship_orders_read_back (orders->reinforce, FALSE, TRUE) &&
         ship_orders_read_back (orders->transfers, TRUE, FALSE);
}

gboolean
adm_turn_orders_reads_back (const AdmTurnOrders *orders)
{
  g_return_val_if_fail (orders != NULL, FALSE);
  return reads_back (orders, TRUE);
}

AdmTurnOrders *
adm_turn_orders_copy (const AdmTurnOrders  *orders,
                      GError              **error)
{
  g_autofree char *text = NULL;
  AdmTurnOrders *copy;

  g_return_val_if_fail (orders != NULL, NULL);
  text = adm_turn_orders_to_string (orders);
  /* Declarations built in code (the app's Orders pane) may hold what no orders file can say:
   * that is the caller's to report, not a reason to stop the program. */
  copy = adm_turn_orders_parse (text, orders->file != NULL ? orders->file : "orders", error);
  if (copy == NULL)
    return NULL;
  adm_turn_orders_number_lines (copy);
  return copy;
}

AdmTurnOrders *
adm_turn_orders_new (int turn)
{
  AdmTurnOrders *orders = g_new0 (AdmTurnOrders, 1);

  orders->turn = turn;
  orders->moves = g_ptr_array_new_with_free_func ((GDestroyNotify) move_decl_free);
  orders->fires = g_ptr_array_new_with_free_func ((GDestroyNotify) fire_decl_free);
  orders->target_locks = g_ptr_array_new_with_free_func ((GDestroyNotify) ship_order_decl_free);
  orders->reinforce = g_ptr_array_new_with_free_func ((GDestroyNotify) ship_order_decl_free);
  orders->transfers = g_ptr_array_new_with_free_func ((GDestroyNotify) ship_order_decl_free);
  orders->other = g_ptr_array_new_with_free_func ((GDestroyNotify) order_decl_free);
  return orders;
}

void
adm_turn_orders_free (AdmTurnOrders *orders)
{
  if (orders == NULL)
    return;
  g_free (orders->file);
  g_ptr_array_unref (orders->moves);
  g_ptr_array_unref (orders->fires);
  g_ptr_array_unref (orders->target_locks);
  g_ptr_array_unref (orders->reinforce);
  g_ptr_array_unref (orders->transfers);
  g_ptr_array_unref (orders->other);
  g_free (orders);
}

const char *
adm_move_order_to_string (AdmMoveOrder order)
{
  switch (order)
    {
    case ADM_MOVE_ORDER_COURSE_CORRECTION: return "course-correction";
    case ADM_MOVE_ORDER_EMERGENCY_STOP: return "emergency-stop";
    case ADM_MOVE_ORDER_ALL_AHEAD_FULL: return "all-ahead-full";
    case ADM_MOVE_ORDER_NONE:
    default:
      return "none";
    }
}

static AdmMoveOrder
move_order_from_string (const char *text)
{
  if (g_strcmp0 (text, "course-correction") == 0)
    return ADM_MOVE_ORDER_COURSE_CORRECTION;
  if (g_strcmp0 (text, "emergency-stop") == 0)
    return ADM_MOVE_ORDER_EMERGENCY_STOP;
  if (g_strcmp0 (text, "all-ahead-full") == 0)
    return ADM_MOVE_ORDER_ALL_AHEAD_FULL;
  return ADM_MOVE_ORDER_NONE;
}

static AdmMoveDecl *
parse_move (xmlNode     *node,
            const char  *file,
            GError     **error)
{
  g_autofree char *order = adm_xml_get_string (node, "order");
  AdmMoveDecl *decl = g_new0 (AdmMoveDecl, 1);

  decl->formation = adm_xml_get_string (node, "formation");
  decl->ram = adm_xml_get_string (node, "ram");
  decl->order = move_order_from_string (order);
  decl->line = xmlGetLineNo (node);
  decl->steps = g_array_new (FALSE, FALSE, sizeof (AdmMoveStep));

  for (xmlNode *child = adm_xml_first_element (node, NULL); child != NULL;
       child = adm_xml_next_element (child, NULL))
    {
      AdmMoveStep step = { adm_xml_is (child, "turn"), 0, 0, 0 };

      if (adm_xml_is (child, "change-orbit"))
        {
          g_autofree char *halve = adm_xml_get_string (child, "halve");

          /* F-ORB-1, F-ORB-2: a change of orbit, halving firepower or shields. */
          if (!adm_xml_get_int (child, "orbit", TRUE, 0, &step.orbit, file, error))
            {
              move_decl_free (decl);
              return NULL;
            }
          step.halve = g_strcmp0 (halve, "shields") == 0 ? 2 : 1;
        }
      else if (!adm_xml_get_double (child, step.is_turn ? "degrees" : "cm", TRUE, 0,
                                    &step.value, file, error))
        {
          move_decl_free (decl);
          return NULL;
        }
      g_array_append_val (decl->steps, step);
    }
  return decl;
}

static AdmFireDecl *
parse_fire (xmlNode     *node,
            const char  *file,
            GError     **error)
{
  g_autofree char *weapons = adm_xml_get_string (node, "weapons");
  g_auto(GStrv) pairs = g_strsplit_set (weapons != NULL ? weapons : "", " \t\n\r", -1);
  AdmFireDecl *decl = g_new0 (AdmFireDecl, 1);

  decl->ships = g_ptr_array_new_with_free_func (g_free);
  decl->weapons = g_ptr_array_new_with_free_func (g_free);
  decl->target = adm_xml_get_string (node, "target");
  decl->is_return = adm_xml_get_boolean (node, "return", FALSE);
  decl->line = xmlGetLineNo (node);

  for (guint i = 0; pairs[i] != NULL; i++)
    {
      const char *colon;

      if (pairs[i][0] == '\0')
        continue;
      colon = strchr (pairs[i], ':');
      if (colon == NULL || colon == pairs[i] || colon[1] == '\0')
        {
          adm_xml_set_error (error, file, node,
                             _("“%s” is not a ship and a weapon: write SHIP:WEAPON, for "
                               "example vorberg:main"), pairs[i]);
          fire_decl_free (decl);
          return NULL;
        }
      g_ptr_array_add (decl->ships, g_strndup (pairs[i], colon - pairs[i]));
      g_ptr_array_add (decl->weapons, g_strdup (colon + 1));
    }
  if (decl->ships->len == 0)
    {
      adm_xml_set_error (error, file, node, _("the fire names no weapons"));
      fire_decl_free (decl);
      return NULL;
    }
  return decl;
}

static AdmShipOrderDecl *
parse_ship_order (xmlNode *node)
{
  AdmShipOrderDecl *decl = g_new0 (AdmShipOrderDecl, 1);

  if (adm_xml_is (node, "transfer-flagship"))
    {
      decl->formation = adm_xml_get_string (node, "formation");
      decl->ship = adm_xml_get_string (node, "to");
    }
  else
    decl->ship = adm_xml_get_string (node, "ship");
  decl->extended = adm_xml_get_boolean (node, "extended", FALSE);
  decl->line = xmlGetLineNo (node);
  return decl;
}

AdmTurnOrders *
adm_turn_orders_from_xml (xmlNode     *node,
                          const char  *display_name,
                          GError     **error)
{
  g_autoptr(AdmTurnOrders) orders = NULL;
  int turn = 0;

  if (!adm_xml_get_int (node, "n", TRUE, 0, &turn, display_name, error))
    return NULL;
  orders = adm_turn_orders_new (turn);
  orders->file = g_strdup (display_name);

  for (xmlNode *child = adm_xml_first_element (node, NULL); child != NULL;
       child = adm_xml_next_element (child, NULL))
    {
      if (adm_xml_is (child, "move"))
        {
          AdmMoveDecl *decl = parse_move (child, display_name, error);

          if (decl == NULL)
            return NULL;
          g_ptr_array_add (orders->moves, decl);
        }
      else if (adm_xml_is (child, "fire"))
        {
          AdmFireDecl *decl = parse_fire (child, display_name, error);

          if (decl == NULL)
            return NULL;
          g_ptr_array_add (orders->fires, decl);
        }
      else if (adm_xml_is (child, "target-lock"))
        g_ptr_array_add (orders->target_locks, parse_ship_order (child));
      else if (adm_xml_is (child, "reinforce-shields"))
        g_ptr_array_add (orders->reinforce, parse_ship_order (child));
      else if (adm_xml_is (child, "transfer-flagship"))
        g_ptr_array_add (orders->transfers, parse_ship_order (child));
      else
        g_ptr_array_add (orders->other, parse_other (child));
    }
  return g_steal_pointer (&orders);
}

static void
set_double (xmlNode    *node,
            const char *name,
            double      value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_formatd (buffer, sizeof buffer, "%.6g", value);
  xmlSetProp (node, BAD_CAST name, BAD_CAST buffer);
}

static void
add_ship_orders (xmlNode    *turn,
                 const char *element,
                 GPtrArray  *decls)
{
  for (guint i = 0; i < decls->len; i++)
    {
      AdmShipOrderDecl *decl = g_ptr_array_index (decls, i);
      xmlNode *node = xmlNewChild (turn, NULL, BAD_CAST element, NULL);

      if (decl->formation != NULL)
        {
          xmlSetProp (node, BAD_CAST "formation", BAD_CAST decl->formation);
          xmlSetProp (node, BAD_CAST "to", BAD_CAST decl->ship);
        }
      else
        xmlSetProp (node, BAD_CAST "ship", BAD_CAST decl->ship);
      if (decl->extended)
        xmlSetProp (node, BAD_CAST "extended", BAD_CAST "true");
    }
}

static void
add_moves (xmlNode             *turn,
           const AdmTurnOrders *orders)
{
  for (guint i = 0; i < orders->moves->len; i++)
    {
      AdmMoveDecl *decl = g_ptr_array_index (orders->moves, i);
      xmlNode *node = xmlNewChild (turn, NULL, BAD_CAST "move", NULL);

      xmlSetProp (node, BAD_CAST "formation", BAD_CAST decl->formation);
      if (decl->order != ADM_MOVE_ORDER_NONE)
        xmlSetProp (node, BAD_CAST "order", BAD_CAST adm_move_order_to_string (decl->order));
      if (decl->ram != NULL)
        xmlSetProp (node, BAD_CAST "ram", BAD_CAST decl->ram);
      for (guint s = 0; s < decl->steps->len; s++)
        {
          AdmMoveStep *step = &g_array_index (decl->steps, AdmMoveStep, s);
          xmlNode *child;

          if (step->orbit > 0)
            {
              g_autofree char *orbit = g_strdup_printf ("%d", step->orbit);

              child = xmlNewChild (node, NULL, BAD_CAST "change-orbit", NULL);
              xmlSetProp (child, BAD_CAST "orbit", BAD_CAST orbit);
              xmlSetProp (child, BAD_CAST "halve",
                          BAD_CAST (step->halve == 2 ? "shields" : "firepower"));
              continue;
            }
          child = xmlNewChild (node, NULL, BAD_CAST (step->is_turn ? "turn" : "forward"), NULL);
          set_double (child, step->is_turn ? "degrees" : "cm", step->value);
        }
    }
}

static void
add_fires (xmlNode             *turn,
           const AdmTurnOrders *orders)
{
  for (guint i = 0; i < orders->fires->len; i++)
    {
      AdmFireDecl *decl = g_ptr_array_index (orders->fires, i);
      xmlNode *node = xmlNewChild (turn, NULL, BAD_CAST "fire", NULL);
      g_autoptr(GString) weapons = g_string_new (NULL);

      for (guint w = 0; w < decl->ships->len; w++)
        g_string_append_printf (weapons, "%s%s:%s", w > 0 ? " " : "",
                                (char *) g_ptr_array_index (decl->ships, w),
                                (char *) g_ptr_array_index (decl->weapons, w));
      xmlSetProp (node, BAD_CAST "weapons", BAD_CAST weapons->str);
      xmlSetProp (node, BAD_CAST "target", BAD_CAST decl->target);
      if (decl->is_return)
        xmlSetProp (node, BAD_CAST "return", BAD_CAST "true");
    }
}

/* adm_turn_orders_to_string () of declarations that read back (adm_turn_orders_reads_back ()):
 * every value an id or a number, with nothing to escape, written straight out — byte for byte
 * what libxml2 writes for the same tree (xmlDocDumpFormatMemoryEnc (), not indented), which
 * the test /engine/fire/journal/plain-text compares. */
static void
append_ship_orders (GString    *text,
                    const char *element,
                    GPtrArray  *decls)
{
  for (guint i = 0; i < decls->len; i++)
    {
      AdmShipOrderDecl *decl = g_ptr_array_index (decls, i);

      g_string_append_printf (text, "<%s", element);
      if (decl->formation != NULL)
        g_string_append_printf (text, " formation=\"%s\" to=\"%s\"", decl->formation,
                                decl->ship);
      else
        g_string_append_printf (text, " ship=\"%s\"", decl->ship);
      if (decl->extended)
        g_string_append (text, " extended=\"true\"");
      g_string_append (text, "/>");
    }
}

static void
append_moves (GString             *text,
              const AdmTurnOrders *orders)
{
  for (guint i = 0; i < orders->moves->len; i++)
    {
      AdmMoveDecl *decl = g_ptr_array_index (orders->moves, i);

      g_string_append_printf (text, "<move formation=\"%s\"", decl->formation);
      if (decl->order != ADM_MOVE_ORDER_NONE)
        g_string_append_printf (text, " order=\"%s\"", adm_move_order_to_string (decl->order));
      if (decl->ram != NULL)
        g_string_append_printf (text, " ram=\"%s\"", decl->ram);
      if (decl->steps->len == 0)
        {
          g_string_append (text, "/>");
          continue;
        }
      g_string_append_c (text, '>');
      for (guint s = 0; s < decl->steps->len; s++)
        {
          AdmMoveStep *step = &g_array_index (decl->steps, AdmMoveStep, s);
          char buffer[G_ASCII_DTOSTR_BUF_SIZE];

          if (step->orbit > 0)
            {
              g_string_append_printf (text, "<change-orbit orbit=\"%d\" halve=\"%s\"/>",
                                      step->orbit, step->halve == 2 ? "shields" : "firepower");
              continue;
            }
          g_ascii_formatd (buffer, sizeof buffer, "%.6g", step->value);
          g_string_append_printf (text, step->is_turn ? "<turn degrees=\"%s\"/>"
                                                      : "<forward cm=\"%s\"/>", buffer);
        }
      g_string_append (text, "</move>");
    }
}

/* g_string_append () for the declarations written as text: in place when there is room, which
 * plain_to_string () sizes for (forty thousand pieces a fire phase of 300 a side,
 * each through g_string_insert_len ()). */
static inline void
append (GString    *text,
        const char *piece)
{
  gsize length = strlen (piece);

  if (text->len + length < text->allocated_len)
    {
      memcpy (text->str + text->len, piece, length);
      text->len += length;
      text->str[text->len] = '\0';
    }
  else
    g_string_append_len (text, piece, (gssize) length);
}

/* @id appended when it is one (is_id ()), in the one scan that finds its length; FALSE, nothing
 * appended, when it is not. */
static inline gboolean
append_id (GString    *text,
           const char *id)
{
  const guchar *c = (const guchar *) id;
  gsize length;

  if (id == NULL || id_bytes[c[0]] != 1)
    return FALSE;
  while (id_bytes[*++c] != 0)
    ;
  if (*c != '\0')
    return FALSE;
  length = (gsize) (c - (const guchar *) id);
  if (text->len + length < text->allocated_len)
    {
      memcpy (text->str + text->len, id, length);
      text->len += length;
      text->str[text->len] = '\0';
    }
  else
    g_string_append_len (text, id, (gssize) length);
  return TRUE;
}

/* The declarations' text when they read back but for their fires' ids
 * (reads_back (…, FALSE)): NULL when one of those ids is not one, which it finds as it writes
 * them (one pass over a fire phase's ids rather than one to check them, one to measure
 * them and one to copy them). */
static char *
plain_to_string (const AdmTurnOrders *orders,
                 gsize               *length)
{
  GString *text = g_string_sized_new (64 + 64 * orders->fires->len);

  g_string_append_printf (text, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                "<orders><turn n=\"%d\"", orders->turn);
  if (orders->moves->len + orders->fires->len + orders->target_locks->len +
      orders->reinforce->len + orders->transfers->len == 0)
    {
      append (text, "/></orders>\n");
      *length = text->len;
      return g_string_free (text, FALSE);
    }
  g_string_append_c (text, '>');
  append_moves (text, orders);
  for (guint i = 0; i < orders->fires->len; i++)
    {
      AdmFireDecl *decl = g_ptr_array_index (orders->fires, i);

      append (text, "<fire weapons=\"");
      for (guint w = 0; w < decl->ships->len; w++)
        {
          if (w > 0)
            g_string_append_c (text, ' ');
          if (!append_id (text, g_ptr_array_index (decl->ships, w)))
            goto not_ids;
          g_string_append_c (text, ':');
          if (!append_id (text, g_ptr_array_index (decl->weapons, w)))
            goto not_ids;
        }
      append (text, "\" target=\"");
      if (!append_id (text, decl->target))
        goto not_ids;
      append (text, decl->is_return ? "\" return=\"true\"/>" : "\"/>");
    }
  append_ship_orders (text, "target-lock", orders->target_locks);
  append_ship_orders (text, "reinforce-shields", orders->reinforce);
  append_ship_orders (text, "transfer-flagship", orders->transfers);
  append (text, "</turn></orders>\n");
  *length = text->len;
  return g_string_free (text, FALSE);

not_ids:
  g_string_free (text, TRUE);
  return NULL;
}

/* The same text through libxml2, for any declarations. */
static char *
tree_to_string (const AdmTurnOrders *orders,
                gsize               *length)
{
  g_autoptr(xmlDoc) doc = xmlNewDoc (BAD_CAST "1.0");
  xmlNode *root = xmlNewNode (NULL, BAD_CAST "orders");
  xmlNode *turn;
  xmlChar *buffer = NULL;
  int size = 0;
  char *text;

  xmlDocSetRootElement (doc, root);
  turn = xmlNewChild (root, NULL, BAD_CAST "turn", NULL);
  {
    g_autofree char *n = g_strdup_printf ("%d", orders->turn);
    xmlSetProp (turn, BAD_CAST "n", BAD_CAST n);
  }
  add_moves (turn, orders);
  add_fires (turn, orders);
  add_ship_orders (turn, "target-lock", orders->target_locks);
  add_ship_orders (turn, "reinforce-shields", orders->reinforce);
  add_ship_orders (turn, "transfer-flagship", orders->transfers);
  for (guint i = 0; i < orders->other->len; i++)
    {
      AdmOrderDecl *decl = g_ptr_array_index (orders->other, i);
      xmlNode *node = xmlNewChild (turn, NULL, BAD_CAST decl->element, NULL);

      for (guint k = 0; k < decl->keys->len; k++)
        xmlSetProp (node, BAD_CAST g_ptr_array_index (decl->keys, k),
                    BAD_CAST g_ptr_array_index (decl->values, k));
    }

  xmlDocDumpFormatMemoryEnc (doc, &buffer, &size, "UTF-8", 0);
  text = g_strndup ((const char *) buffer, size);
  *length = (gsize) MAX (size, 0);
  xmlFree (buffer);
  return text;
}

char *
adm_turn_orders_to_string (const AdmTurnOrders *orders)
{
  gboolean plain;
  gsize length;

  g_return_val_if_fail (orders != NULL, NULL);
  return _adm_turn_orders_to_string_full (orders, &plain, &length);
}

char *
_adm_turn_orders_to_string_full (const AdmTurnOrders *orders,
                                 gboolean            *reads_back_out,
                                 gsize               *length)
{
  char *text = NULL;

  g_return_val_if_fail (orders != NULL && reads_back_out != NULL && length != NULL, NULL);
  *reads_back_out = reads_back (orders, FALSE) && (text = plain_to_string (orders, length)) != NULL;
  return text != NULL ? text : tree_to_string (orders, length);
}

char *
_adm_turn_orders_to_string_tree (const AdmTurnOrders *orders)
{
  gsize length;

  g_return_val_if_fail (orders != NULL, NULL);
  return tree_to_string (orders, &length);
}

static AdmBattleOrders *
orders_from_doc (xmlDoc      *doc,
                 const char  *display_name,
                 GError     **error)
{
  AdmBattleOrders *orders = g_new0 (AdmBattleOrders, 1);
  xmlNode *root = xmlDocGetRootElement (doc);

  orders->file = g_strdup (display_name);
  orders->turns = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_turn_orders_free);

  for (xmlNode *node = adm_xml_first_element (root, "turn"); node != NULL;
       node = adm_xml_next_element (node, "turn"))
    {
      AdmTurnOrders *turn = adm_turn_orders_from_xml (node, display_name, error);

      if (turn == NULL)
        {
          adm_battle_orders_free (orders);
          return NULL;
        }
      if (adm_battle_orders_get_turn (orders, turn->turn) != NULL)
        {
          adm_xml_set_error (error, display_name, node,
                             _("turn %d has two sets of orders; give each turn once"),
                             turn->turn);
          adm_turn_orders_free (turn);
          adm_battle_orders_free (orders);
          return NULL;
        }
      g_ptr_array_add (orders->turns, turn);
    }
  return orders;
}

AdmTurnOrders *
adm_turn_orders_parse (const char  *text,
                       const char  *display_name,
                       GError     **error)
{
  g_autoptr(AdmBattleOrders) orders = NULL;
  AdmTurnOrders *turn;

  orders = adm_battle_orders_load_memory (text, strlen (text), display_name, error);
  if (orders == NULL)
    return NULL;
  if (orders->turns->len != 1)
    {
      g_set_error (error, ADM_XML_ERROR, ADM_XML_ERROR_INVALID,
                   _("%s: a journalled phase must hold the orders of exactly one turn"),
                   display_name);
      return NULL;
    }
  turn = g_ptr_array_steal_index (orders->turns, 0);
  return turn;
}

AdmBattleOrders *
adm_battle_orders_load_file (const char  *path,
                             GError     **error)
{
  g_autoptr(xmlDoc) doc = adm_xml_read_file (path, "orders", error);
  g_autofree char *display_name = g_filename_display_basename (path);

  if (doc == NULL)
    return NULL;
  return orders_from_doc (doc, display_name, error);
}

AdmBattleOrders *
adm_battle_orders_load_memory (const char  *data,
                               gsize        length,
                               const char  *display_name,
                               GError     **error)
{
  g_autoptr(xmlDoc) doc = adm_xml_read_memory (data, length, display_name, "orders", error);

  if (doc == NULL)
    return NULL;
  return orders_from_doc (doc, display_name, error);
}

const AdmTurnOrders *
adm_battle_orders_get_turn (const AdmBattleOrders *orders,
                            int                    turn)
{
  g_return_val_if_fail (orders != NULL, NULL);

  for (guint i = 0; i < orders->turns->len; i++)
    {
      AdmTurnOrders *t = g_ptr_array_index (orders->turns, i);

      if (t->turn == turn)
        return t;
    }
  return NULL;
}

void
adm_battle_orders_free (AdmBattleOrders *orders)
{
  if (orders == NULL)
    return;
  g_free (orders->file);
  g_clear_pointer (&orders->turns, g_ptr_array_unref);
  g_free (orders);
}
