/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-table-client.h: a table master's side of "several masters, one campaign" — the client
 * of the chief master's server (adm-table-server.h; the message in docs/formats.md, "Battles
 * fought at other tables"; the folder in docs/cli.md, "A table master").
 *
 * A client is made from a join link, https://HOST:PORT/table/TOKEN/#sha256=FINGERPRINT
 * (anything else is refused; a link of an older Admiralty, http://…, with a message saying to
 * copy it again). It speaks TLS to the chief's server and accepts no certificate but the one
 * whose SHA-256 fingerprint the link carries: another (someone in between on the network) is
 * refused before anything is sent, ADM_TABLE_CLIENT_ERROR_CERTIFICATE, and the entries wait.
 * It lists the engagements assigned to its table and fetches the battle of one. The battle it
 * opens is kept on this computer, in $XDG_DATA_HOME/admiralty/tables/: ASSIGNMENT.battle, the
 * saved battle (written by the battle's autosave after every entry), and ASSIGNMENT.table, a
 * key file holding the link, the engagement, the table, the entries the chief acknowledged
 * (`kept`, `last`), the ending the table master gave, a refusal for good and the commitment
 * of the program dice's secret (`dice-commitment`, `dice-from-chief` when the chief's set-up
 * carried it; the secret itself is in the private folder of secrets), written atomically
 * after every entry. A table killed and started again finds its battle there and
 * goes on from it, sending what was not acknowledged.
 *
 * After each entry of the open battle's journal the client sends the chief a <table-battle>
 * message (adm_table_battle_message ()) of its entries from kept+1, on the thread-default main
 * context of the caller of adm_table_client_new (), which must run it: the chief's receipt
 * moves `kept` on; a network failure is retried (0.5 s doubling to 5 s) while the table plays
 * on; an out-of-step refusal takes `kept` from the chief's answer and sends again; an answer
 * the protocol has not (an empty one, no receipt, a status it does not use), a 404 or any
 * other refusal (his words saying what he refused) is retried the same way, the message
 * saying so; only the chief's taken-back refusal stops the sending for good, the battle
 * staying on this computer. A command line
 * without a main loop waits for the sending with adm_table_client_flush ().
 *
 * Properties (read-only, notified): "state" (AdmTableClientState), "waiting" (guint, the
 * entries the chief has not acknowledged, the ending counted as one), "message" (string: why
 * the sending waits or was refused, or NULL). Nothing here uses GTK. */
#pragma once

#include <gio/gio.h>

#include "adm-battle.h"
#include "adm-dice-contribution.h"
#include "adm-dice-source.h"
#include "adm-placement-step.h"

G_BEGIN_DECLS

#define ADM_TABLE_CLIENT_ERROR (adm_table_client_error_quark ())

typedef enum {
  ADM_TABLE_CLIENT_ERROR_LINK,        /* not a join link */
  ADM_TABLE_CLIENT_ERROR_UNREACHABLE, /* the chief's server could not be reached */
  ADM_TABLE_CLIENT_ERROR_NOT_FOUND,   /* a wrong or revoked link, or not this table's */
  ADM_TABLE_CLIENT_ERROR_REPLY,       /* the server answered something the protocol has not */
  ADM_TABLE_CLIENT_ERROR_TAKEN_BACK,  /* the chief took the engagement back (his reason) */
  ADM_TABLE_CLIENT_ERROR_REFUSED,     /* the chief refused the entries (his message) */
  ADM_TABLE_CLIENT_ERROR_STORE,       /* the battle could not be kept on this computer */
  ADM_TABLE_CLIENT_ERROR_ENDED,       /* the battle was ended at this table */
  ADM_TABLE_CLIENT_ERROR_CERTIFICATE, /* the server showed another certificate than the link's */
} AdmTableClientError;

GQuark adm_table_client_error_quark (void);

typedef enum {
  ADM_TABLE_CLIENT_IDLE,     /* no battle open */
  ADM_TABLE_CLIENT_SENDING,  /* entries are on their way */
  ADM_TABLE_CLIENT_ALL_SENT, /* the chief holds every entry (and the ending, if any) */
  ADM_TABLE_CLIENT_WAITING,  /* the chief is unreachable: "waiting" entries wait, retried */
  ADM_TABLE_CLIENT_REFUSED,  /* the chief took the battle back ("message"); nothing more is
                              * sent */
} AdmTableClientState;

GType adm_table_client_state_get_type (void) G_GNUC_CONST;
#define ADM_TYPE_TABLE_CLIENT_STATE (adm_table_client_state_get_type ())

/* One engagement of the table's listing (GET /table/TOKEN/). */
typedef struct {
  char     *id;          /* "c1-3" */
  char     *place;       /* "Pol orbit" */
  char     *assignment;  /* the chief's assignment of it to this table */
  char     *status;      /* "not-fought", "in-progress", "finished" */
  int       turn;
  char     *phase;       /* the phase to be played next, or NULL */
  guint     kept;        /* entries of its battle the chief holds */
  char      last[65];    /* the hash of entry @kept */
  gboolean  ended;
  /* F-STRAT-15: the placements step, listed while the battle has not begun (the chief keeps
   * no phase of it), else NULL. */
  AdmPlacementStep *placements;
} AdmTableEngagement;

void adm_table_engagement_free (AdmTableEngagement *engagement);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdmTableEngagement, adm_table_engagement_free)

/* A battle kept on this computer (adm_table_client_list_kept ()). */
typedef struct {
  char     *link;
  char     *engagement;
  char     *assignment;
  char     *table;
  char     *battle_path; /* ASSIGNMENT.battle */
  guint     kept;
  char     *end_reason;  /* the ending given at this table, or NULL */
  char     *refused;     /* the chief's refusal for good, or NULL */
} AdmTableKept;

void adm_table_kept_free (AdmTableKept *kept);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdmTableKept, adm_table_kept_free)

#define ADM_TYPE_TABLE_CLIENT (adm_table_client_get_type ())
G_DECLARE_FINAL_TYPE (AdmTableClient, adm_table_client, ADM, TABLE_CLIENT, GObject)

/* Checks @link is a join link, https://HOST[:PORT]/table/TOKEN/#sha256=FINGERPRINT with a
 * 32-digit and a 64-digit lower-case hexadecimal token and fingerprint; FALSE with
 * ADM_TABLE_CLIENT_ERROR_LINK saying what is wrong. @normal (may be NULL) gets it as the
 * client uses it. */
gboolean             adm_table_link_parse          (const char      *link,
                                                    char           **normal,
                                                    GError         **error);

/* The folder battles are kept in: $XDG_DATA_HOME/admiralty/tables. */
char                *adm_table_client_folder       (void) G_GNUC_WARN_UNUSED_RESULT;
/* The battles kept in that folder (AdmTableKept*), for a table started again to offer; those
 * of @link only unless it is NULL. A key file that does not read is passed by. */
GPtrArray           *adm_table_client_list_kept    (const char      *link) G_GNUC_WARN_UNUSED_RESULT;

/* A client of the table whose join link is @link; NULL with ADM_TABLE_CLIENT_ERROR_LINK when
 * it is no join link. Nothing is sent before a battle is opened. */
AdmTableClient      *adm_table_client_new          (const char      *link,
                                                    GError         **error) G_GNUC_WARN_UNUSED_RESULT;
/* The address @self connects from (port chosen by the system), instead of the one the system
 * picks: for a computer on two networks, and for several tables rehearsed on one computer,
 * each from a loopback address of its own as a room's laptops are (bench/bench-rehearsal.c).
 * Only before anything is sent. */
void                 adm_table_client_set_local_address (AdmTableClient *self,
                                                         GInetAddress   *address);
const char          *adm_table_client_get_link     (AdmTableClient  *self);
/* The table's name and its campaign's, from the last listing or the battle kept; NULL before. */
const char          *adm_table_client_get_table_name    (AdmTableClient *self);
const char          *adm_table_client_get_campaign_name (AdmTableClient *self);

/* The engagements at this table (AdmTableEngagement*), in the chief's order. */
GPtrArray           *adm_table_client_list_sync    (AdmTableClient  *self,
                                                    GCancellable    *cancellable,
                                                    GError         **error) G_GNUC_WARN_UNUSED_RESULT;
void                 adm_table_client_list_async   (AdmTableClient  *self,
                                                    GCancellable    *cancellable,
                                                    GAsyncReadyCallback callback,
                                                    gpointer         user_data);
GPtrArray           *adm_table_client_list_finish  (AdmTableClient  *self,
                                                    GAsyncResult    *result,
                                                    GError         **error) G_GNUC_WARN_UNUSED_RESULT;

/* The saved battle of @engagement_id the chief hands this table (GET …/battle). */
GBytes              *adm_table_client_fetch_battle_sync   (AdmTableClient *self,
                                                           const char     *engagement_id,
                                                           GCancellable   *cancellable,
                                                           GError        **error) G_GNUC_WARN_UNUSED_RESULT;
void                 adm_table_client_fetch_battle_async  (AdmTableClient *self,
                                                           const char     *engagement_id,
                                                           GCancellable   *cancellable,
                                                           GAsyncReadyCallback callback,
                                                           gpointer        user_data);
GBytes              *adm_table_client_fetch_battle_finish (AdmTableClient *self,
                                                           GAsyncResult   *result,
                                                           GError        **error) G_GNUC_WARN_UNUSED_RESULT;

/* F-STRAT-15, F-TAC-1: the placements step, before the battle of @engagement_id is opened
 * here: formations placed otherwise than their orders would (@overrides: formation id →
 * placement id, or NULL) and, with @roll_again, the table rolled again by the chief (POST
 * …/placements). The chief journals them as his own placements are and hands the battle
 * anew; a battle kept here unplayed is let go, with the orders and dice the app drafted
 * beside it (ASSIGNMENT.draft.xml, ASSIGNMENT.dice.draft), so that opening it fetches the new
 * one.
 * Refused here (ADM_TABLE_CLIENT_ERROR_REFUSED) once a phase is played, at this table or
 * kept by the chief; by the chief in his words (REFUSED) for a placement the set-up does not
 * offer. */
gboolean             adm_table_client_place_sync   (AdmTableClient  *self,
                                                    const char      *engagement_id,
                                                    GHashTable      *overrides,
                                                    gboolean         roll_again,
                                                    GCancellable    *cancellable,
                                                    GError         **error);

/* The same for the app, on the thread-default main context, for the engagement @listed as the
 * table's listing gave it (its assignment; nothing is listed again): each placement the
 * master changes, and Roll Again, sent as he makes them. Refused here, REFUSED, for a battle
 * begun at this table or of which the listing said the chief keeps a phase; by the chief in
 * his words otherwise. */
void                 adm_table_client_place_async  (AdmTableClient           *self,
                                                    const AdmTableEngagement *listed,
                                                    GHashTable               *overrides,
                                                    gboolean                  roll_again,
                                                    GCancellable             *cancellable,
                                                    GAsyncReadyCallback       callback,
                                                    gpointer                  user_data);
gboolean             adm_table_client_place_finish (AdmTableClient  *self,
                                                    GAsyncResult    *result,
                                                    GError         **error);

/* F-TAC-1: the battle the chief hands out now for @engagement_id, to look at before it is
 * opened (the placements step's preview): fetched, read, and nothing of it kept here — not
 * even the secret of its dice. The result is the battle (transfer full). */
void                 adm_table_client_preview_async  (AdmTableClient      *self,
                                                      const char          *engagement_id,
                                                      GCancellable        *cancellable,
                                                      GAsyncReadyCallback  callback,
                                                      gpointer             user_data);
AdmBattle           *adm_table_client_preview_finish (AdmTableClient      *self,
                                                      GAsyncResult        *result,
                                                      GError             **error) G_GNUC_WARN_UNUSED_RESULT;

/* Opens the battle of @engagement_id for this table to fight, without the network: the one
 * kept on this computer under @listed's assignment (or, when @listed is NULL — the chief
 * unreachable — the last one kept of this link and engagement), else @fetched (the chief's
 * saved battle, adm_table_client_fetch_battle_sync ()), which is kept from now on. The
 * battle saves itself after every entry, and the client sends each entry from then on (the
 * entries not acknowledged yet at once). A client opens one battle. Errors: STORE (the
 * folder, the key file, a kept battle that does not open), NOT_FOUND (nothing kept and
 * nothing fetched), and the battle's own errors. */
AdmBattle           *adm_table_client_open_battle  (AdmTableClient           *self,
                                                    const char               *engagement_id,
                                                    const AdmTableEngagement *listed,
                                                    GBytes                   *fetched,
                                                    GError                  **error) G_GNUC_WARN_UNUSED_RESULT;
/* The command line's open: lists the table (a chief unreachable is no error when a battle of
 * @engagement_id is kept here: *@reachable says which), fetches the battle if this computer
 * has none of its assignment, and opens it. */
AdmBattle           *adm_table_client_open_battle_sync (AdmTableClient  *self,
                                                        const char      *engagement_id,
                                                        gboolean        *reachable,
                                                        GCancellable    *cancellable,
                                                        GError         **error) G_GNUC_WARN_UNUSED_RESULT;
/* The same for the app, on the thread-default main context: the list, the fetch if need be,
 * then adm_table_client_open_battle (); the result is the battle (transfer full). */
void                 adm_table_client_open_battle_async  (AdmTableClient      *self,
                                                          const char          *engagement_id,
                                                          GCancellable        *cancellable,
                                                          GAsyncReadyCallback  callback,
                                                          gpointer             user_data);
AdmBattle           *adm_table_client_open_battle_finish (AdmTableClient      *self,
                                                          GAsyncResult        *result,
                                                          GError             **error) G_GNUC_WARN_UNUSED_RESULT;
/* The open battle (borrowed), its engagement and assignment, or NULL. */
AdmBattle           *adm_table_client_get_battle   (AdmTableClient  *self);
const char          *adm_table_client_get_engagement (AdmTableClient *self);
const char          *adm_table_client_get_assignment (AdmTableClient *self);

/* The program dice of the open battle from its next roll, drawn as the chief's campaign draws
 * them (adm_campaign_dice_source ()): from the secret the chief's set-up carried, which he
 * committed to (adm_campaign_table_dice (); @seed is then refused, REFUSED, and a secret gone
 * from the private folder is STORE); else — a set-up of an older chief — from @seed's secret
 * when @seed is given, else from a secret of this table's own (made at random the first time
 * and kept in the master's private folder, adm_dice_secret_store ()). @commitment (may be
 * NULL) gets the secret's commitment. */
AdmDiceSource       *adm_table_client_dice_source  (AdmTableClient  *self,
                                                    const guint64   *seed,
                                                    char           **commitment,
                                                    GError         **error) G_GNUC_WARN_UNUSED_RESULT;

/* Each side's 2d6 @dice ("3 5") for the phase the open battle is about to roll, thrown in
 * front of the sides once its declarations are locked (docs/dice.md, "What the sides add"),
 * @by_master when the master threw for a side that gave none: kept beside the battle (the key
 * file's `dice-given`), mixed into the program dice drawn from then on
 * (adm_table_client_dice_source ()), and sent to the chief with every message, who journals
 * them before he checks the rolls. Refused, REFUSED, when the dice are not 2d6, the side is
 * none of the battle's or gave to this phase already; ENDED once the battle is over here. */
gboolean             adm_table_client_give_dice    (AdmTableClient  *self,
                                                    const char      *side,
                                                    const char      *dice,
                                                    gboolean         by_master,
                                                    GError         **error);
/* F-STRAT-4: asks the chief for the sides' dice of the phase the open battle is about to
 * roll with @orders (its declarations, locked from now on), for the admirals' phones to tap
 * (docs/dice.md, "What the sides add"): the chief journals the ask as for his own battles, and
 * his portal offers each side's admirals the tap. The 2d6 typed here go with it. What the
 * chief holds of the phase — the taps shown, once every side has given — is kept beside the
 * battle as the dice typed here are, and mixed into the program dice drawn from then on;
 * *@complete says whether every side has given. Asked again (the table started again, the
 * taps still to come), nothing is asked twice and nothing taken twice. The chief must hold
 * every entry before the phase (adm_table_client_flush ()). Errors: ENDED, the network's,
 * TAKEN_BACK, REFUSED in the chief's words (another phase than the one he holds, a side not in
 * the battle, other declarations than those the phase's dice were given for). */
gboolean             adm_table_client_ask_dice_sync (AdmTableClient       *self,
                                                     const AdmTurnOrders  *orders,
                                                     gboolean             *complete,
                                                     GCancellable         *cancellable,
                                                     GError              **error);
/* The same without blocking, for the app's dice dialog, the declarations given by their digest
 * @declarations (adm_battle_declarations_digest ()): finished with *@complete as above and
 * *@tapped (may be NULL; owned, never NULL on success) the sides whose phone has committed to
 * its tap and has not shown it yet — the tap is shown once every side has given. */
void                 adm_table_client_ask_dice_async  (AdmTableClient       *self,
                                                       const char           *declarations,
                                                       GCancellable         *cancellable,
                                                       GAsyncReadyCallback   callback,
                                                       gpointer              user_data);
gboolean             adm_table_client_ask_dice_finish (AdmTableClient       *self,
                                                       GAsyncResult         *result,
                                                       gboolean             *complete,
                                                       GStrv                *tapped,
                                                       GError              **error);
/* The sides' dice given here (AdmDicePhaseMix*, adm-dice-contribution.h), borrowed. */
GPtrArray           *adm_table_client_get_dice_given (AdmTableClient *self);

/* The table master ends the battle for @reason: kept with it, and sent to the chief, who
 * applies the ending (adm_campaign_end_battle ()). Nothing is played after it. A reason the
 * chief would refuse (longer than ADM_TABLE_BATTLE_MAX_REASON characters, a control character
 * in it) is refused here, REFUSED, and the battle goes on. */
gboolean             adm_table_client_end_battle   (AdmTableClient  *self,
                                                    const char      *reason,
                                                    GError         **error);
/* The ending given at this table, or NULL. */
const char          *adm_table_client_get_end_reason (AdmTableClient *self);

/* The export file of the open battle (the USB path): the <table-battle> message from entry 1,
 * with the ending when the battle was ended here. */
char                *adm_table_client_export       (AdmTableClient  *self,
                                                    gsize           *length) G_GNUC_WARN_UNUSED_RESULT;

AdmTableClientState  adm_table_client_get_state    (AdmTableClient  *self);
guint                adm_table_client_get_waiting  (AdmTableClient  *self);
/* The entries the chief acknowledged. */
guint                adm_table_client_get_kept     (AdmTableClient  *self);
const char          *adm_table_client_get_message  (AdmTableClient  *self);
/* Whether the entries wait because the chief refused them in his words, or his last answer
 * was none the protocol has (an empty one): they are sent again after a while, and the
 * message says so ("The chief master refused the entries (…): …", "The chief answered
 * oddly, retrying: …"). */
gboolean             adm_table_client_get_answered_oddly (AdmTableClient *self);
/* Whether the chief handed the battle over with the program's dice only (the default): real
 * dice typed in here would be refused by the chief, so none are taken. */
gboolean             adm_table_client_get_program_only (AdmTableClient *self);

/* Sends what waits and waits for the chief's answers, iterating the thread-default main
 * context, for at most @timeout_ms (a network failure is retried within it): TRUE when the
 * chief holds everything; FALSE with UNREACHABLE (the entries waiting, the message saying
 * why) or TAKEN_BACK otherwise. */
gboolean             adm_table_client_flush        (AdmTableClient  *self,
                                                    guint            timeout_ms,
                                                    GError         **error);

G_END_DECLS
