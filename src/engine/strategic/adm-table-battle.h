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
 *                 [end-reason="Pol Six withdrew"] [dice="5:2:fire:barrayar:side:35 …"]>
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
 * - `dice` (optional): each side's 2d6 typed at the table for a phase, mixed into its rolls
 *   (adm-dice-contribution.h); the chief journals those he does not hold before he checks
 *   the rolls.
 *
 * The program dice of a battle at a table are committed to by the chief, as his own are: the
 * set-up the table downloads carries the secret (adm_campaign_table_dice ()), the table draws
 * from it, and each program roll that comes back is checked against the commitment.
 *
 * One writer per journal: only the table the engagement is at, under its current assignment,
 * may add to its battle; a table whose assignment was taken back is refused with the chief's
 * reason, and what it played stays on its laptop. */
#pragma once

#include "adm-campaign.h"

G_BEGIN_DECLS

#define ADM_TABLE_BATTLE_ERROR (adm_table_battle_error_quark ())

/* The longest reason for ending a battle at a table, in characters (a master's sentence, not a
 * document): the chief refuses a message with a longer one, and a table takes none longer. */
#define ADM_TABLE_BATTLE_MAX_REASON 500

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

/* The same, with the sides' dice given at the table for its phases (AdmDicePhaseMix*,
 * adm_dice_mixes_give ()) in the `dice` attribute (adm_dice_mixes_to_text ()); NULL or none
 * writes none. Every message carries them all: the chief journals those it does not hold. */
char     *adm_table_battle_message_with_dice (AdmBattle  *battle,
                                              const char *engagement_id,
                                              const char *assignment,
                                              guint       from,
                                              const char *end_reason,
                                              GPtrArray  *mixes,
                                              gsize      *length) G_GNUC_WARN_UNUSED_RESULT;

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

/* An export file's bytes (a message written to a file for the USB path), read whole when it
 * holds at most @max_length bytes (what the chief takes over the network); NULL with an error
 * naming the file otherwise: G_FILE_ERROR when it cannot be read,
 * ADM_TABLE_BATTLE_ERROR_MALFORMED when it is larger. Never reads more than @max_length + 1
 * bytes. */
char     *adm_table_battle_read_file    (const char      *path,
                                         gsize            max_length,
                                         gsize           *length,
                                         GError         **error) G_GNUC_WARN_UNUSED_RESULT;

/* The one check of what comes back from a table: the message @data (from the table named
 * @table — the one its link belongs to — or NULL for a file the chief imports) is read
 * (bounded), its battle played whole, and its entries the campaign does not keep yet are kept
 * (adm_campaign_keep_battle ()'s checks, the table's assignment standing in for the chief's
 * hand), then its ending applied when it says so. All or nothing: on an error nothing changes,
 * but for the sides' dice it carries (`dice`), journaled before its rolls are checked: like a
 * commitment, a contribution counts once journaled.
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
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdmTableMessage, adm_table_message_free)

/* adm_table_message_read () as the message's bytes arrive (a table's POST, read from the
 * network): adm_table_message_reader_feed () takes the next piece, of any length, parses it at
 * once and keeps none of its bytes (the battle's tree grows instead), and says FALSE once the
 * message is refused — as soon as a piece shows why, so that the rest need not be read;
 * adm_table_message_reader_end () then plays the battle (on any thread) and gives the message,
 * or the first refusal: ADM_TABLE_BATTLE_ERROR_MALFORMED, in the words of
 * adm_table_message_read (). Once its head is read, the engagement it names
 * (adm_table_message_reader_get_engagement (), else NULL), also when its battle is refused. */
typedef struct _AdmTableMessageReader AdmTableMessageReader;

AdmTableMessageReader *adm_table_message_reader_new  (const char            *display_name);
gboolean         adm_table_message_reader_feed       (AdmTableMessageReader *reader,
                                                      const char            *data,
                                                      gsize                  length);
const char      *adm_table_message_reader_get_engagement (AdmTableMessageReader *reader);
AdmTableMessage *adm_table_message_reader_end        (AdmTableMessageReader *reader,
                                                      GError               **error) G_GNUC_WARN_UNUSED_RESULT;
void             adm_table_message_reader_free       (AdmTableMessageReader *reader);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdmTableMessageReader, adm_table_message_reader_free)

/* A table's first entries are checked against the set-up handed out, which takes a battle
 * set up: TRUE when @message needs it (the campaign keeps no battle of its engagement yet) and
 * has not got it; adm_campaign_table_setup () then gives the set-up on the campaign's thread,
 * and adm_table_message_set_handed () makes what the check needs of it, on any thread.
 * Without it, adm_campaign_receive_table_message () sets the battle up itself. */
gboolean  adm_campaign_table_message_wants_setup (AdmCampaign     *campaign,
                                                  AdmTableMessage *message);
gboolean  adm_table_message_set_handed       (AdmTableMessage *message,
                                              const char      *setup,
                                              GError         **error);

gboolean  adm_campaign_receive_table_message (AdmCampaign     *campaign,
                                              const char      *table,
                                              AdmTableMessage *message,
                                              AdmTableReceipt *receipt,
                                              GError         **error);

/* What the chief holds of @engagement_id's battle (see AdmTableReceipt). */
void      adm_campaign_get_table_receipt (AdmCampaign    *campaign,
                                          const char     *engagement_id,
                                          AdmTableReceipt *receipt);

/* adm_campaign_table_battle () in two steps, so that the costly one runs off the campaign's
 * thread: adm_campaign_table_setup () gives the battle the campaign keeps (*@kept TRUE: that
 * is the saved battle to hand out) or the set-up to hand out (adm_campaign_engagement_setup
 * ()), and adm_table_battle_from_setup (), on any thread, makes the saved battle of a set-up. */
char     *adm_campaign_table_setup       (AdmCampaign    *campaign,
                                          const char     *table,
                                          const char     *engagement_id,
                                          gboolean       *kept,
                                          GError        **error) G_GNUC_WARN_UNUSED_RESULT;
char     *adm_table_battle_from_setup    (const char     *setup,
                                          const char     *engagement_id,
                                          GError        **error) G_GNUC_WARN_UNUSED_RESULT;

/* adm_campaign_table_setup () in two steps in turn, so that only the quick one runs on the
 * campaign's thread: adm_campaign_table_setup_bare () gives the battle kept or the set-up,
 * without the season, and in *@setup_hash (freed by the caller) the hash of the set-up the
 * hand-off journaled, or NULL; adm_table_setup_dress (), on any thread, checks a set-up
 * against that hash (REFUSED, naming @table, when it differs) and puts the season of
 * @ruleset (the campaign's, which no thread changes) inside. */
char     *adm_campaign_table_setup_bare  (AdmCampaign    *campaign,
                                          const char     *table,
                                          const char     *engagement_id,
                                          gboolean       *kept,
                                          char          **setup_hash,
                                          GError        **error) G_GNUC_WARN_UNUSED_RESULT;
char     *adm_table_setup_dress          (const char     *bare,
                                          AdmRuleset     *ruleset,
                                          const char     *engagement_id,
                                          const char     *setup_hash,
                                          const char     *table,
                                          GError        **error) G_GNUC_WARN_UNUSED_RESULT;

/* The program dice of @engagement_id's battle at the table named @table (any table when
 * NULL), from the next roll of the battle the campaign keeps (1 before any): the secret, into
 * @secret, that the set-up handed to that table carries (adm_table_setup_wrap ()), committed
 * to in the campaign naming the hand-off (adm_campaign_table_dice_commit ()) — so that the
 * table's rolls are the ones the commitment foretells, checked as they come back
 * (adm_campaign_receive_from_table ()) and by verify-dice once the battle ends. The same
 * secret each time while its commitment may be drawn on. NOT_YOURS unless the engagement is
 * at @table; an error of the commitment otherwise. */
gboolean  adm_campaign_table_dice        (AdmCampaign    *campaign,
                                          const char     *table,
                                          const char     *engagement_id,
                                          gint64          time,
                                          guint8         *secret,
                                          GError        **error);
/* The same in two steps, for a server whose main loop must not wait for the disk: whether
 * the secret committed to last is drawn on (*@reused, the secret into @secret; NOT_YOURS as
 * above); if not, a new secret is made and kept in the private folder off the main thread
 * (adm_dice_secret_new_random (), adm_dice_secret_store ()), and, once it is on the disk,
 * committed to as @stored by adm_campaign_table_dice_stored () (whose @secret is the one to
 * hand out: a commitment journaled meanwhile is drawn on instead; @stored is let go when it
 * is not committed to). */
gboolean  adm_campaign_table_dice_reused (AdmCampaign    *campaign,
                                          const char     *table,
                                          const char     *engagement_id,
                                          guint8         *secret,
                                          gboolean       *reused,
                                          GError        **error);
gboolean  adm_campaign_table_dice_stored (AdmCampaign    *campaign,
                                          const char     *table,
                                          const char     *engagement_id,
                                          gint64          time,
                                          const guint8   *stored,
                                          guint8         *secret,
                                          GError        **error);

/* The set-up a table downloads over its own link:
 *
 *   <table-setup version="1" engagement="c1-3" dice-secret="HEX64" dice="program">
 *   <battle-game version="2"> … the saved battle … </battle-game>
 *   </table-setup>
 *
 * @battle (a saved battle) wrapped with @secret, the secret of the engagement's program dice
 * (adm_campaign_table_dice ()); @battle as it is when @secret is NULL. */
char     *adm_table_setup_wrap           (const char     *battle,
                                          const char     *engagement_id,
                                          const guint8   *secret,
                                          gboolean        typed_dice) G_GNUC_WARN_UNUSED_RESULT;
/* The saved battle of a set-up handed out (adm_table_setup_wrap ()), and its secret into
 * @secret (*@has_secret TRUE) and its dice policy into *@typed_dice (FALSE: the program's dice
 * only; TRUE when the set-up does not say, as a chief of an older version let a table type
 * dice in); a saved battle alone (a chief of an older version) is given as it is,
 * *@has_secret FALSE. NULL with ADM_TABLE_BATTLE_ERROR_MALFORMED naming @display_name
 * for a <table-setup> that does not read. */
char     *adm_table_setup_read           (const char     *data,
                                          gsize           length,
                                          const char     *display_name,
                                          guint8         *secret,
                                          gboolean       *has_secret,
                                          gboolean       *typed_dice,
                                          GError        **error) G_GNUC_WARN_UNUSED_RESULT;

/* The saved battle (adm_battle_serialize ()) handed to the table named @table for
 * @engagement_id: the battle the campaign keeps, or a new one set up from the campaign as it
 * stands (adm_campaign_engagement_setup ()). NOT_YOURS unless the engagement is at @table. */
char     *adm_campaign_table_battle      (AdmCampaign    *campaign,
                                          const char     *table,
                                          const char     *engagement_id,
                                          GError        **error) G_GNUC_WARN_UNUSED_RESULT;

/* F-STRAT-15, F-TAC-1: the placements step of a battle at a table. The table named @table
 * (any table when NULL), holding @engagement_id under @assignment, places formations otherwise
 * than their orders would (@overrides: formation id → placement id, the ruleset's) and, with
 * @roll_again, has its table re-rolled with @seed — which the chief draws, never the table.
 * One undoable action ("Placements for engagement c1-3") of the chief's own "placement" and
 * "layout" events and the hand-off renewed ("table-assign", the same table and assignment)
 * with the SHA-256 of the set-up handed anew, which the table then downloads and its first
 * entries are checked against. Refused (ADM_TABLE_BATTLE_ERROR_REFUSED, in words naming it)
 * once the campaign keeps a phase of the battle, or for a placement the ruleset does not have
 * or a formation not engaged; NOT_YOURS and TAKEN_BACK as for a message. Nothing changes for
 * no override and no re-roll. */
gboolean  adm_campaign_table_place       (AdmCampaign    *campaign,
                                          const char     *table,
                                          const char     *engagement_id,
                                          const char     *assignment,
                                          GHashTable     *overrides,
                                          gboolean        roll_again,
                                          guint32         seed,
                                          gint64          time,
                                          GError        **error);

/* F-STRAT-4: the table named @table, holding @engagement_id under @assignment, asks its sides'
 * dice for the phase its battle is about to roll — from roll @from, turn @turn, phase @phase,
 * its declarations locked as @declarations (adm_battle_declarations_digest ()) — and gives the
 * 2d6 typed there meanwhile (@given, the text of adm_dice_mixes_to_text (), may be NULL). The
 * ask is journaled as the chief's own (adm_campaign_ask_dice_at_table ()), so that the phones
 * of the battle's sides offer their tap for that phase; the dice typed are journaled as with a
 * message (adm_campaign_take_table_dice ()). *@held gets what the chief holds of that phase
 * (AdmDicePhaseMix*, one phase or none): the dice typed and the taps shown, for the table to
 * mix (adm_dice_mixes_merge ()). Asked again alike, nothing more is journaled. Refused,
 * nothing journaled: NOT_YOURS and TAKEN_BACK as for a message; REFUSED in the one check's
 * words for a phase the battle the chief keeps does not stand at (rolled already, or entries
 * not sent yet), other declarations than those the phase's dice were given for, and dice for
 * a side not in the battle. */
gboolean  adm_campaign_table_ask_dice    (AdmCampaign    *campaign,
                                          const char     *table,
                                          const char     *engagement_id,
                                          const char     *assignment,
                                          guint           from,
                                          int             turn,
                                          const char     *phase,
                                          const char     *declarations,
                                          const char     *given,
                                          gint64          time,
                                          GPtrArray     **held,
                                          GError        **error);

/* The engagements (AdmTableAssignment*, borrowed from the state) at the table named @table,
 * in the order assigned. */
GPtrArray *adm_campaign_get_table_engagements (AdmCampaign *campaign,
                                               const char  *table) G_GNUC_WARN_UNUSED_RESULT;

/* Several masters, one campaign: the chief master hands @engagement_id to the table named
 * @table to fight, one undoable action ("Engagement c1-3 to the table “Table 2”") of a
 * "table-assign" event with a new assignment id (*@assignment_out when not NULL, owned). From
 * then on the campaign keeps none of the chief's own entries of that battle
 * (ADM_CAMPAIGN_ERROR_AT_TABLE). Refused for an engagement ended, dropped, waiting, already
 * at a table, or whose battle the campaign has begun keeping (it is fought where it began). */
gboolean             adm_campaign_assign_table      (AdmCampaign *campaign,
                                                     const char  *engagement_id,
                                                     const char  *table,
                                                     gint64       time,
                                                     char       **assignment_out,
                                                     GError     **error);
/* adm_campaign_assign_table () with the hand-off's dice policy: @typed_dice lets the table
 * type real dice in (each shown as typed at that table); without it, the default, the table
 * rolls the program's dice only, which the chief commits to, and a battle coming back with a
 * typed roll is refused (adm_campaign_receive_from_table ()). */
gboolean             adm_campaign_assign_table_full (AdmCampaign *campaign,
                                                     const char  *engagement_id,
                                                     const char  *table,
                                                     gboolean     typed_dice,
                                                     gint64       time,
                                                     char       **assignment_out,
                                                     GError     **error);
/* The chief master takes @engagement_id back from its table, with his @reason: one action
 * of a "table-take-back" event; the battle is his to fight again, and whatever the table
 * sends later under that assignment is refused, naming the reason. */
gboolean             adm_campaign_take_back_table   (AdmCampaign *campaign,
                                                     const char  *engagement_id,
                                                     const char  *reason,
                                                     gint64       time,
                                                     GError     **error);

G_END_DECLS
