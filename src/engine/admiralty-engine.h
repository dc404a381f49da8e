/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-engine.h: the whole rules engine (GLib and libxml2 only, no GTK). */
#pragma once

#include "adm-battle.h"
#include "adm-battle-orders.h"
#include "adm-battle-preview.h"
#include "adm-campaign.h"
#include "adm-dice-prng.h"
#include "adm-dice-queue.h"
#include "adm-dice-source.h"
#include "adm-doc.h"
#include "adm-event.h"
#include "adm-geometry.h"
#include "adm-odds.h"
#include "adm-order-sheet.h"
#include "adm-ruleset.h"
#include "adm-scenario.h"
#include "adm-sector-battle.h"
#include "adm-engagement.h"
#include "adm-state.h"
#include "adm-strategy.h"
#include "adm-tables.h"
#include "adm-xml.h"
