/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ti4-helpers.h: what the Twilight Imperium 4 tests share — the unit catalog loaded once, a
 * unit's index in it, a fleet parsed from text. */
#pragma once

#include <glib.h>

#include "adm-ti4-fleet.h"

/* The shipped unit catalog, loaded on the first call and kept for the test's run. */
AdmTi4Catalog *
catalog (void);

/* The index of the unit @id in catalog (), which holds it. */
guint
unit (const char *id);

/* The fleet written as @text ("dreadnought=2,fighter=3"), parsed against catalog (). */
AdmTi4Fleet
fleet (const char *text);
