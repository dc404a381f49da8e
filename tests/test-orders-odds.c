/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-orders-odds.c: the odds of a fire in words, as the Orders pane shows them before the
 * dice (admiralty-orders-odds.h), with the rules' own numbers in them. */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "admiralty-orders-odds.h"
#include "battle-scripting.h"

/* The words for the first fire of @body, declared in @battle's fire phase. */
static char *
describe_fire (AdmBattle  *battle,
               const char *body)
{
  g_autoptr(AdmTurnOrders) orders = orders_for (battle, body);
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  AdmFirePreview preview = { 0 };

  g_assert_cmpuint (orders->fires->len, >, 0);
  g_assert_true (adm_battle_preview_fire (battle, orders, g_ptr_array_index (orders->fires, 0),
                                          &preview, &error));
  g_assert_no_error (error);
  g_assert_true (preview.legal);
  admiralty_orders_odds_describe (text, &preview, FALSE);
  adm_fire_preview_clear (&preview);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* F-FORD-8: the special force shield's save number shown is the ruleset's
 * (<special-shield save-on>): 4+ with the shipped rules, 5+ with a copy reading 5. */
static void
test_special_shield_save (void)
{
  const char *body = "<reinforce-shields ship=\"lord\"/>"
                     "<fire weapons=\"vorberg:main\" target=\"lord\"/>";
  g_autoptr(AdmBattle) shipped = load_at ("fire-orders.xml", ADM_PHASE_FIRE);
  g_autoptr(AdmBattle) five =
    load_with_changed_rules ("fire-orders.xml", "ruleset", "save-on=\"4\"", "save-on=\"5\"");
  g_autofree char *four_text = describe_fire (shipped, body);
  g_autofree char *five_text = describe_fire (five, body);
  g_autofree char *none_text = describe_fire (shipped, "<fire weapons=\"vorberg:main\" "
                                                       "target=\"lord\"/>");

  g_test_message ("%s", five_text);
  g_assert_nonnull (strstr (four_text, "special shield saves each damage on 4+ (F-FORD-8)"));
  g_assert_nonnull (strstr (five_text, "special shield saves each damage on 5+ (F-FORD-8)"));
  g_assert_null (strstr (five_text, "4+ (F-FORD-8)"));
  g_assert_null (strstr (none_text, "(F-FORD-8)"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ui/orders-odds/F-FORD-8/special-shield-save", test_special_shield_save);

  return g_test_run ();
}
