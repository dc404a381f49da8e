/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-dice-contribution-dialog.h: before a campaign battle's phase is rolled with the
 * program's dice, each side's 2d6 thrown in front of every side, typed in by the master
 * (adm-dice-contribution.h, docs/dice.md): one row a side still to give, with "Thrown by the
 * master" for a side that gave none (ruling "dice-contribution-missing"). Responses: "give"
 * (enabled once every row holds two numbers from 1 to 6), "secret" (roll from the secret
 * alone, which its keeper could foresee), "cancel". */
#pragma once

#include <adwaita.h>

#include "adm-campaign.h"
#include "adm-table-client.h"

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_DICE_CONTRIBUTION_DIALOG (admiralty_dice_contribution_dialog_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyDiceContributionDialog, admiralty_dice_contribution_dialog,
                      ADMIRALTY, DICE_CONTRIBUTION_DIALOG, AdwMessageDialog)

/* The dialog for @sides (AdmBattleSide*, adm_campaign_dice_sides_to_give ()) of the battle of
 * @engagement_id in @campaign, whose phase's declarations are locked with the digest
 * @declarations (adm_battle_declarations_digest ()). Return in a row gives the dice once every
 * row holds them. */
GtkWidget *admiralty_dice_contribution_dialog_new  (GtkWindow     *parent,
                                                    AdmCampaign   *campaign,
                                                    const char    *engagement_id,
                                                    GPtrArray     *sides,
                                                    const char    *declarations);
/* The same at a table (adm-table-client.h): @sides of its open battle
 * (adm_dice_mixes_sides_to_give ()), the dice given to it (adm_table_client_give_dice ()).
 * With @declarations (the digest of the phase's locked declarations), the sides' phones are
 * asked through the chief (adm_table_client_ask_dice_async ()) while the dialog is open: each
 * row says whether its side's phone has tapped, the dialog answers "give" by itself once every
 * side has given, and a chief not reached is said under the rows, the dice typed instead. */
GtkWidget *admiralty_dice_contribution_dialog_new_at_table (GtkWindow      *parent,
                                                            AdmTableClient *client,
                                                            GPtrArray      *sides,
                                                            const char     *declarations);
/* Journals the dice typed, each side's as its own entry bound to the declarations
 * (adm_campaign_give_declared_dice ()), or at a table given to its battle: FALSE with @error
 * at the first refused (those before it are kept). */
gboolean   admiralty_dice_contribution_dialog_give (AdmiraltyDiceContributionDialog  *self,
                                                    GError                          **error);
/* The line saying how the phones are asked, for the tests ("" when they are not). */
const char  *admiralty_dice_contribution_dialog_get_phones_status (AdmiraltyDiceContributionDialog *self);
/* The number of sides asked, and the entry of side @index, for the tests. */
guint        admiralty_dice_contribution_dialog_get_n_entries (AdmiraltyDiceContributionDialog *self);
GtkEditable *admiralty_dice_contribution_dialog_get_entry (AdmiraltyDiceContributionDialog *self,
                                                           guint                            index);

G_END_DECLS
