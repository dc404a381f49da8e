/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-scenario-object.h: an object in a sector being prepared (an item of
 * adm_scenario_sector_get_objects ()): a planet, a station or a wormhole exit, its id and
 * name (adm-scenario-item.h).
 *
 * Properties (read-only): "kind" ("planet", "station" or "wormhole-exit"); a station's
 * "faction" (its owner, or NULL), "class" and "readiness" (int, 6 when not given); a
 * wormhole exit's "leads-to" (a sector's id, or NULL: off the map). */
#pragma once

#include "adm-scenario-item.h"

G_BEGIN_DECLS

#define ADM_TYPE_SCENARIO_OBJECT (adm_scenario_object_get_type ())
G_DECLARE_FINAL_TYPE (AdmScenarioObject, adm_scenario_object, ADM, SCENARIO_OBJECT,
                      AdmScenarioItem)

const char *adm_scenario_object_get_kind      (AdmScenarioObject  *self);
const char *adm_scenario_object_get_faction   (AdmScenarioObject  *self);
const char *adm_scenario_object_get_class     (AdmScenarioObject  *self);
int         adm_scenario_object_get_readiness (AdmScenarioObject  *self);
const char *adm_scenario_object_get_leads_to  (AdmScenarioObject  *self);

/* F-STN-1: a station's owner, class and crew's readiness as one step of undo
 * (adm_scenario_edit_set_station ()). Refused for an object not a station or detached. */
gboolean    adm_scenario_object_set_station   (AdmScenarioObject  *self,
                                               const char         *faction,
                                               const char         *klass,
                                               int                 readiness,
                                               GError            **error);
/* F-STRAT-8: a wormhole exit leads to sector @sector (an id), or off the map for NULL
 * (adm_scenario_edit_set_leads_to ()). Refused for an object not an exit or detached. */
gboolean    adm_scenario_object_set_leads_to  (AdmScenarioObject  *self,
                                               const char         *sector,
                                               GError            **error);

G_END_DECLS
