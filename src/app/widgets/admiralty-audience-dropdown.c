/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-audience-dropdown.c: the audiences of a campaign in a drop-down
 * (admiralty-audience-dropdown.h). */

#include "config.h"

#include <glib/gi18n.h>

#include "admiralty-audience-dropdown.h"

/* The ids of the audiences offered (char*: "master", "public", each faction's id), kept on
 * the drop-down in the order of its names. */
#define AUDIENCE_IDS "admiralty-audience-ids"

void
admiralty_audience_dropdown_set_campaign (GtkDropDown *dropdown,
                                          AdmCampaign *campaign)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  GPtrArray *ids = g_ptr_array_new_with_free_func (g_free);
  GPtrArray *factions;

  g_return_if_fail (GTK_IS_DROP_DOWN (dropdown));
  g_return_if_fail (ADM_IS_CAMPAIGN (campaign));

  /* Translators: the replay's and the luck ledger's audiences: the master sees everything */
  gtk_string_list_append (names, _("As the Master"));
  g_ptr_array_add (ids, g_strdup ("master"));
  /* Translators: the replay's and the luck ledger's audiences: what the public map shows */
  gtk_string_list_append (names, _("As the Public"));
  g_ptr_array_add (ids, g_strdup ("public"));
  factions = adm_ruleset_get_factions (adm_scenario_get_ruleset (adm_campaign_get_scenario (
                                         campaign)));
  for (guint i = 0; i < factions->len; i++)
    {
      const AdmFaction *faction = g_ptr_array_index (factions, i);
      /* Translators: the replay's and the luck ledger's audiences: one side's view, "As
       * Barrayar" */
      g_autofree char *name = g_strdup_printf (_("As %s"), faction->name);

      gtk_string_list_append (names, name);
      g_ptr_array_add (ids, g_strdup (faction->id));
    }
  g_object_set_data_full (G_OBJECT (dropdown), AUDIENCE_IDS, ids,
                          (GDestroyNotify) g_ptr_array_unref);
  gtk_drop_down_set_model (dropdown, G_LIST_MODEL (names));
  gtk_drop_down_set_selected (dropdown, 0);
}

const char *
admiralty_audience_dropdown_get_audience (GtkDropDown *dropdown)
{
  GPtrArray *ids;
  guint selected;

  g_return_val_if_fail (GTK_IS_DROP_DOWN (dropdown), NULL);

  ids = g_object_get_data (G_OBJECT (dropdown), AUDIENCE_IDS);
  selected = gtk_drop_down_get_selected (dropdown);
  if (ids == NULL || selected >= ids->len)
    return NULL;
  return g_ptr_array_index (ids, selected);
}

gboolean
admiralty_audience_dropdown_set_audience (GtkDropDown *dropdown,
                                          const char  *audience)
{
  GPtrArray *ids;
  guint index;

  g_return_val_if_fail (GTK_IS_DROP_DOWN (dropdown), FALSE);
  g_return_val_if_fail (audience != NULL, FALSE);

  ids = g_object_get_data (G_OBJECT (dropdown), AUDIENCE_IDS);
  if (ids == NULL || !g_ptr_array_find_with_equal_func (ids, audience, g_str_equal, &index))
    return FALSE;
  if (gtk_drop_down_get_selected (dropdown) != index)
    gtk_drop_down_set_selected (dropdown, index);
  return TRUE;
}
