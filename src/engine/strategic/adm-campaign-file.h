/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-campaign-file.h: the campaign's file — opening a scenario or a campaign file, saving
 * it (atomically, then by adding at its end, with three rotating backups and a second copy),
 * the lock that keeps it one writer's, the checkpoints of its milestones, and the flush left
 * to a thread of its own. Every change recorded (adm-campaign-journal.h) is saved at once
 * when the campaign has a file. */
#pragma once

#include "adm-campaign.h"

G_BEGIN_DECLS

#define ADM_CAMPAIGN_BACKUPS 3

/* Opens a scenario (a new campaign, no file yet) or a campaign file (format 2, or format 1 —
 * bare events, each opened as an action of its own and saved as format 2). A damaged campaign
 * file gives ADM_CAMPAIGN_ERROR_CORRUPT; adm_campaign_find_backup() then names the newest
 * backup that loads. */
AdmCampaign   *adm_campaign_open          (const char   *path,
                                           GError      **error) G_GNUC_WARN_UNUSED_RESULT;
/* adm_campaign_open () of a campaign this program means to write: its file locked first
 * (adm_file_lock ()) and held for as long as the campaign lives, so that no other program
 * writes it meanwhile. A file another program writes gives ADM_FILE_ERROR_LOCKED naming it; a
 * lock that cannot be taken for another reason does not stop the opening (the first save
 * tries again, and says why). A scenario opens with no file, as by adm_campaign_open (). */
AdmCampaign   *adm_campaign_open_for_writing (const char *path,
                                              GError    **error) G_GNUC_WARN_UNUSED_RESULT;
AdmCampaign   *adm_campaign_load_memory   (const char   *data,
                                           gsize         length,
                                           const char   *display_name,
                                           GError      **error) G_GNUC_WARN_UNUSED_RESULT;

/* The newest of PATH.1 … PATH.3 that loads, or NULL. */
char          *adm_campaign_find_backup   (const char   *path) G_GNUC_WARN_UNUSED_RESULT;
/* PATH.N, the name of backup @n (1 = newest). */
char          *adm_campaign_backup_path   (const char   *path,
                                           guint         n) G_GNUC_WARN_UNUSED_RESULT;

/* TRUE when the campaign file read carried no rules of its own (written before campaigns did):
 * it plays with the installed ruleset its scenario names, and carries that from its next save
 * (adm_scenario_carry_season ()). Said once to the master when it is opened. */
gboolean       adm_campaign_took_installed_rules (AdmCampaign *self);
/* TRUE when the campaign file read has entries and none records the SHA-256 of its scenario
 * (written before campaigns sealed their history, docs/formats.md "The seal"): the next
 * entry it records seals its scenario and journal as they are then. Said once to the master
 * when it is opened. A sealed campaign whose scenario or journal was changed after it was
 * recorded is refused by adm_campaign_open (), naming the file and the line. */
gboolean       adm_campaign_was_unsealed  (AdmCampaign  *self);

/* A second copy kept after every save in @folder (a USB stick; NULL or "" for none), written
 * at once when set. A copy that cannot be written does not undo anything: the campaign's own
 * file is saved; the signal "mirror-failed" (void handler (AdmCampaign *, const GError *,
 * gpointer)) says why. */
void           adm_campaign_set_mirror_folder (AdmCampaign *self,
                                               const char  *folder);

/* Milestones — a cycle resolved, a battle's turn played through — are kept as checkpoints
 * ("cycle-N", "battle-ENGAGEMENT-turn-N", adm_file_write_checkpoint ()) by the save that
 * writes them, whoever saves: an autosave, or adm_campaign_save () after work on a campaign
 * with no file (admiralty-cli cycle). A checkpoint that cannot be written does not undo
 * anything: the campaign is saved; the signal "checkpoint-failed" (void handler (AdmCampaign *,
 * const GError *, gpointer)) says why, naming the checkpoint and its folder. */

/* The file autosaves go to; NULL until the campaign is saved somewhere. */
const char    *adm_campaign_get_path      (AdmCampaign  *self);
/* Whether the campaign's file is as the campaign last read or saved it; FALSE with
 * ADM_FILE_ERROR_CHANGED when another program changed, replaced or removed it since — then
 * no save writes over it: the master reopens it, or saves the campaign under another name. */
gboolean       adm_campaign_check_file    (AdmCampaign  *self,
                                           GError      **error);


/* Writes the campaign to @path atomically (a crash leaves the previous file whole), rotating
 * the previous file into PATH.1 … PATH.3; later appends autosave there. Refused
 * (ADM_CAMPAIGN_ERROR_SAVE) while another program writes @path (its lock, adm_file_lock (),
 * which the campaign then holds), when another program changed the file since the campaign
 * read or saved it, and for a read-only or installed file (adm_file_check_writable ()); a
 * save to the campaign's own file (an autosave) that fails also emits "save-failed" (void
 * handler (AdmCampaign *, const GError *, gpointer))
 * with the file layer's error (ADM_FILE_ERROR_LOCKED, _CHANGED, _READ_ONLY, _INSTALLED, or a
 * G_FILE_ERROR), for a window to offer Reopen or Save As. */
gboolean       adm_campaign_save          (AdmCampaign  *self,
                                           const char   *path,
                                           GError      **error);

/* Called once what a campaign had saved when asked (adm_campaign_when_saved ()) is on the
 * disk, a power cut survived: @error NULL, or why it may not be — a flush that failed, said
 * by "save-failed" too; the next save then writes the file whole. */
typedef void (*AdmCampaignSaved) (gpointer      data,
                                  const GError *error);

/* A battle's entries kept from a table (adm_campaign_receive_table_message ()) are added to
 * the campaign's file at once, and flushed to the disk on a thread of their own while the
 * main loop goes on, the checkpoints of the turns they end too (and every save so with
 * adm_campaign_set_flush_later ()): @done (@data, …) runs on the thread-default main
 * context once every save so far is on the disk with its checkpoints — at once, in this call,
 * when it is already. A table is told its entries are kept only then (adm-table-server.c). A
 * save to the campaign's own file that failed (a read-only file, a full disk, a flush that
 * failed) leaves what it holds in memory off the disk: asked then, the campaign is saved
 * again first (written whole), and @done is told the failure until a save succeeds. A
 * campaign freed first waits for the flusher and calls @done with what it came to. */
void           adm_campaign_when_saved    (AdmCampaign      *self,
                                           AdmCampaignSaved  done,
                                           gpointer          data);

/* With @flush_later, every save of the campaign (adm_campaign_save () and the save after each
 * change) goes on as a table's entries do: what it adds is written into the file at once, and
 * its last flush and the checkpoints of the milestones it keeps are left to the flusher, a
 * thread of its own, in order, while the caller's main loop goes on. adm_campaign_when_saved ()
 * says when they are on the disk; a flush that fails is said by "save-failed", a checkpoint
 * that cannot be written by "checkpoint-failed", on the main loop. A file written whole (the
 * first save to a path) is on the disk when adm_campaign_save () returns, as without. The
 * campaign freed waits for the flusher. For the app; the command line saves and ends. */
void           adm_campaign_set_flush_later (AdmCampaign   *self,
                                             gboolean       flush_later);
/* The file's bytes. */
char          *adm_campaign_serialize     (AdmCampaign  *self,
                                           gsize        *length) G_GNUC_WARN_UNUSED_RESULT;

/* What a list of files shows of @path without opening it (no journal replayed, nothing
 * locked, one streamed pass): *@is_campaign whether it is a campaign (else a scenario, a new
 * game), *@name its scenario's name as the app shows it (translated as the data's names
 * are), *@cycle the cycle its orders are given for (1 for a scenario: the undone cycles not
 * counted). FALSE with @error when it is neither or cannot be read. */
gboolean       adm_campaign_peek_file     (const char   *path,
                                           gboolean     *is_campaign,
                                           char        **name,
                                           guint        *cycle,
                                           GError      **error);

G_END_DECLS
