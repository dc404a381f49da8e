/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-table-battle.h: a battle fought at another table and handed back to the chief master
 * (docs/formats.md, "Battles fought at other tables").
 *
 * The chief hands an engagement to a table (adm_campaign_assign_table ()); the table master
 * fights it on his own laptop as a saved battle (adm_battle_serialize ()), and sends it back
 * as a <table-battle> message after every entry of its journal, over the network or on a USB
 * stick (the same bytes: an export file is a message):
 *
 *   <table-battle version="1" engagement="c1-3" assignment="UUID" from="5" prev="HEX64"
 *                 [end-reason="Pol Six withdrew"]>
 *   <battle-game version="2"> … the whole saved battle as the table holds it … </battle-game>
 *   </table-battle>
 *
 * - `from` is the sequence number (from 1) of the first entry of the battle's journal the
 *   table has not had acknowledged; `prev` is the hash (adm_table_battle_entry_hash ()) of
 *   entry from-1 as the table holds it (of the set-up for from = 1). The chief checks both
 *   against what it keeps: an entry it holds already is never applied twice, a gap is never
 *   skipped, and a battle that went another way from entry K on is refused, naming K.
 * - `end-reason` (optional): the table master ended the battle; the chief applies the ending
 *   as the one undoable "End of the battle" action (adm_campaign_end_battle ()).
 *
 * One writer per journal: only the table the engagement is at, under its current assignment,
 * may add to its battle; a table whose assignment was taken back is refused with the chief's
 * reason, and what it played stays on its laptop. */
#pragma once

#include "adm-campaign.h"

G_BEGIN_DECLS

#define ADM_TABLE_BATTLE_ERROR (adm_table_battle_error_quark ())

typedef enum {
  ADM_TABLE_BATTLE_ERROR_MALFORMED,  /* not a <table-battle> message, or its battle does not load */
  ADM_TABLE_BATTLE_ERROR_NOT_YOURS,  /* no such engagement at this table (said as a wrong path) */
  ADM_TABLE_BATTLE_ERROR_TAKEN_BACK, /* the chief took the engagement back: the reason is said */
  ADM_TABLE_BATTLE_ERROR_OUT_OF_STEP,/* a gap, or a history that differs from entry K on */
  ADM_TABLE_BATTLE_ERROR_REFUSED,    /* the campaign refused it (its message says why) */
} AdmTableBattleError;

GQuark adm_table_battle_error_quark (void);

/* What the chief holds of a battle at a table, said back to the table after every message. */
typedef struct {
  guint     kept;       /* entries of the battle's journal the campaign keeps */
  char      last[65];   /* adm_table_battle_entry_hash () of entry @kept (the set-up when 0) */
  gboolean  ended;      /* the battle's ending is in the campaign */
} AdmTableReceipt;

/* The hash of entry @n (from 1) of the saved battle @battle's journal, chained: SHA-256 of
 * the hash of entry n-1 and entry n's text as its journal writes it; entry 0 is the set-up
 * (adm_battle_serialize_head ()). 64 lower-case hex digits into @out. */
void      adm_table_battle_entry_hash   (AdmBattle       *battle,
                                         guint            n,
                                         char             out[65]);

/* The message (or export file) of @battle, fought at the table for @engagement_id under
 * @assignment, its entries from @from (1 … n+1) not yet acknowledged; @end_reason the table
 * master's reason when he ended the battle, else NULL. */
char     *adm_table_battle_message      (AdmBattle       *battle,
                                         const char      *engagement_id,
                                         const char      *assignment,
                                         guint            from,
                                         const char      *end_reason,
                                         gsize           *length) G_GNUC_WARN_UNUSED_RESULT;

/* Reads a message's head without playing its battle: engagement, assignment, from, end
 * reason (each may be NULL). FALSE with ADM_TABLE_BATTLE_ERROR_MALFORMED naming @display_name
 * and the line. */
gboolean  adm_table_battle_peek         (const char      *data,
                                         gsize            length,
                                         const char      *display_name,
                                         char           **engagement_id,
                                         char           **assignment,
                                         guint           *from,
                                         char           **end_reason,
                                         GError         **error);

/* The one check of what comes back from a table: the message @data (from the table named
 * @table — the one its link belongs to — or NULL for a file the chief imports) is read
 * (bounded), its battle played whole, and its entries the campaign does not keep yet are kept
 * (adm_campaign_keep_battle ()'s checks, the table's assignment standing in for the chief's
 * hand), then its ending applied when it says so. All or nothing: on an error nothing changes.
 * @receipt (may be NULL) gets what the chief then holds, also on most errors (a table that is
 * out of step learns where to start again). Errors: ADM_TABLE_BATTLE_ERROR_*; a message of an
 * engagement not at @table gets NOT_YOURS whether or not the engagement exists. */
gboolean  adm_campaign_receive_from_table (AdmCampaign   *campaign,
                                           const char    *table,
                                           const char    *data,
                                           gsize          length,
                                           const char    *display_name,
                                           AdmTableReceipt *receipt,
                                           GError       **error);

/* adm_campaign_receive_from_table () in two steps, so that the costly one runs off the
 * campaign's thread (the chief's window keeps drawing while a long battle is played):
 * adm_table_message_read () reads the message and plays its battle whole, on any thread, and
 * checks its own sequence (MALFORMED); adm_campaign_receive_table_message (), on the thread
 * that owns the campaign, makes the checks against what the campaign keeps and keeps it. */
typedef struct _AdmTableMessage AdmTableMessage;

AdmTableMessage *adm_table_message_read      (const char      *data,
                                              gsize            length,
                                              const char      *display_name,
                                              GError         **error) G_GNUC_WARN_UNUSED_RESULT;
void             adm_table_message_free      (AdmTableMessage *message);
const char      *adm_table_message_get_engagement (AdmTableMessage *message);
guint            adm_table_message_get_n_entries  (AdmTableMessage *message);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdmTableMessage, adm_table_message_free)

gboolean  adm_campaign_receive_table_message (AdmCampaign     *campaign,
                                              const char      *table,
                                              AdmTableMessage *message,
                                              AdmTableReceipt *receipt,
                                              GError         **error);

/* What the chief holds of @engagement_id's battle (see AdmTableReceipt). */
void      adm_campaign_get_table_receipt (AdmCampaign    *campaign,
                                          const char     *engagement_id,
                                          AdmTableReceipt *receipt);

/* The saved battle (adm_battle_serialize ()) handed to the table named @table for
 * @engagement_id: the battle the campaign keeps, or a new one set up from the campaign as it
 * stands (adm_campaign_engagement_setup ()). NOT_YOURS unless the engagement is at @table. */
char     *adm_campaign_table_battle      (AdmCampaign    *campaign,
                                          const char     *table,
                                          const char     *engagement_id,
                                          GError        **error) G_GNUC_WARN_UNUSED_RESULT;

/* The engagements (AdmTableAssignment*, borrowed from the state) at the table named @table,
 * in the order assigned. */
GPtrArray *adm_campaign_get_table_engagements (AdmCampaign *campaign,
                                               const char  *table) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
