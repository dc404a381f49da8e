/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-determinism.c: the same inputs give the same files and the same machine output,
 * whatever the clock (SOURCE_DATE_EPOCH) and the locale. */

#include "config.h"

#include "admiralty-engine.h"

static void
test_clock_epoch_rule (void)
{
  static const struct { const char *text; gboolean valid; gint64 seconds; } cases[] = {
    { "0", TRUE, 0 },
    { "1700000000", TRUE, 1700000000 },
    { "9223372036854775807", TRUE, G_MAXINT64 },
    { "9223372036854775808", FALSE, 0 },
    { "-1", FALSE, 0 },
    { "", FALSE, 0 },
    { "12a", FALSE, 0 },
    { " 12", FALSE, 0 },
    { "1.5", FALSE, 0 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      gint64 seconds = -42;

      g_test_message ("SOURCE_DATE_EPOCH=\"%s\"", cases[i].text);
      g_assert_cmpint (adm_clock_parse_epoch (cases[i].text, &seconds), ==, cases[i].valid);
      if (cases[i].valid)
        g_assert_cmpint (seconds, ==, cases[i].seconds);
      else
        g_assert_cmpint (seconds, ==, -42);
    }
  g_assert_false (adm_clock_parse_epoch (NULL, NULL));
}

static void
test_clock_now (void)
{
  gint64 before, now;

  g_setenv ("SOURCE_DATE_EPOCH", "1700000000", TRUE);
  g_assert_cmpint (adm_clock_now (), ==, 1700000000);

  /* An invalid value is ignored: the wall clock again. */
  g_setenv ("SOURCE_DATE_EPOCH", "yesterday", TRUE);
  before = g_get_real_time () / G_USEC_PER_SEC;
  now = adm_clock_now ();
  g_assert_cmpint (now, >=, before);
  g_assert_cmpint (now, <=, g_get_real_time () / G_USEC_PER_SEC);

  g_unsetenv ("SOURCE_DATE_EPOCH");
  before = g_get_real_time () / G_USEC_PER_SEC;
  now = adm_clock_now ();
  g_assert_cmpint (now, >=, before);
  g_assert_cmpint (now, <=, g_get_real_time () / G_USEC_PER_SEC);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/clock/source-date-epoch-rule", test_clock_epoch_rule);
  g_test_add_func ("/engine/clock/now", test_clock_now);

  return g_test_run ();
}
