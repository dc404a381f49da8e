/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-audience-dropdown.h: the drop-down of whom a window of the night's past shows it
 * to — the replay's and the luck ledger's: "As the Master", "As the Public", then "As" each
 * faction of the campaign's ruleset. It offers the audiences only; what each is shown is the
 * one audience filter's answer, in the engine. */
#pragma once

#include <gtk/gtk.h>

#include "adm-campaign.h"

G_BEGIN_DECLS

/* Offers @campaign's audiences in @dropdown (its model replaced), the master's selected. */
void        admiralty_audience_dropdown_set_campaign (GtkDropDown *dropdown,
                                                      AdmCampaign *campaign);
/* The audience selected: "master", "public" or a faction's id; NULL before one is offered. */
const char *admiralty_audience_dropdown_get_audience (GtkDropDown *dropdown);
/* Selects @audience ("master", "public" or a faction's id); FALSE, nothing changed, for one
 * not offered. */
gboolean    admiralty_audience_dropdown_set_audience (GtkDropDown *dropdown,
                                                      const char  *audience);

G_END_DECLS
