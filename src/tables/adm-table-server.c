/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-table-server.c: the tables on the portal's server (adm-table-server.h). The portal
 * hands every path under "/table/" to route_cb () on its server thread, after its rate limit
 * and with this file's bound on a body; route_cb () parses the path strictly — "/table/"
 * TOKEN "/" then "", "engagements/ID/battle", "engagements/ID/entries" or
 * "engagements/ID/placements" — and checks the
 * token in constant time; anything else is the portal's one 404. What passes is a TableJob handed
 * to the main context (adm_handover_send (), as the portal hands it a posted sheet), the
 * request paused until the TableJob comes back answered. */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <libsoup/soup.h>

#include "adm-background.h"
#include "adm-campaign-battles.h"
#include "adm-campaign-file.h"
#include "adm-clock.h"
#include "adm-dice-commit.h"
#include "adm-engagement.h"
#include "adm-engagement-queue.h"
#include "adm-handover.h"
#include "adm-placement-step.h"
#include "adm-portal-route.h"
#include "adm-portal-tokens.h"
#include "adm-table-advert.h"
#include "adm-table-certificate.h"
#include "adm-table-pairing.h"
#include "adm-dice-contribution.h"
#include "adm-table-placements.h"
#include "adm-table-server.h"

#define PREFIX "/table/"
/* The longest engagement id in a path ("c12-3" in a campaign of an evening). */
#define MAX_ID 64

/* What both threads share: the server thread reads it with a reference of its own. */
typedef struct {
  gatomicrefcount  ref;
  GWeakRef         server;   /* the AdmTableServer, for the Jobs landing on the main context */
  GMainContext    *owner;    /* the main context */
  AdmPortalTokens *tokens;   /* locks itself */
} TableShared;

struct _AdmTableServer
{
  GObject     parent_instance;

  AdmPortal  *portal;
  TableShared *shared;
  GTlsCertificate *certificate;
  char       *fingerprint;  /* of @certificate, in every join link */
  guint       n_tables;
  GHashTable *arrivals;  /* engagement id → AdmTableArrival* */
  AdmTablePairing *pairing;  /* tables let in without a link */
  AdmTableAdvert  *advert;   /* the tables told to the network */
};

G_DEFINE_FINAL_TYPE (AdmTableServer, adm_table_server, G_TYPE_OBJECT)

enum {
  BATTLE_CHANGED,
  REFUSED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

typedef enum {
  JOB_LIST,     /* GET the table's engagements */
  JOB_BATTLE,   /* GET an engagement's saved battle */
  JOB_ENTRIES,  /* POST a message */
  JOB_PLACE,    /* POST the placements chosen at the table (F-STRAT-15) */
  JOB_DICE,     /* POST the ask of a phase's dice (F-STRAT-4) */
} TableJobKind;

/* A request handed to the main thread, and (the same TableJob sent back) its answer. */
typedef struct {
  TableJobKind       kind;
  TableShared       *shared;
  GMainContext      *reply_to;   /* the server thread's context */
  SoupServerMessage *msg;        /* paused; answered only on the server thread */
  char              *table;
  char              *engagement_id;
  GBytes            *body;       /* PLACE, DICE */
  AdmTableMessageReader *reader; /* ENTRIES: its body, read as it arrived, until it is ended */
  char              *named;      /* ENTRIES: the engagement its head names, or NULL */
  gint64             arrived;    /* ENTRIES: when its body was read whole */
  AdmTableMessage   *message;    /* ENTRIES: the body read and its battle played, off the
                                  * main thread (adm_table_message_read ()), or NULL */
  GError            *read_error; /* ENTRIES: why it did not read */
  gboolean           saved;      /* ENTRIES: kept and saved, @answer made: only to send */
  AdmTableReceipt    receipt;    /* ENTRIES: what the chief holds once they are kept */
  char              *setup;      /* BATTLE, ENTRIES: the set-up to hand out, made on the main
                                  * thread, to be set up in the background; BATTLE: without its
                                  * season (adm_campaign_table_setup_bare ()) */
  gboolean           kept;       /* BATTLE: @setup is the battle the campaign keeps */
  char              *setup_hash; /* BATTLE: what @setup must hash to, or NULL */
  AdmRuleset        *ruleset;    /* BATTLE: the campaign's, whose season @setup gets */
  gboolean           dressed;    /* BATTLE: back from the background with @battle or
                                  * @setup_error */
  char              *battle;     /* BATTLE: the saved battle to hand out */
  GError            *setup_error;
  gboolean           has_secret; /* BATTLE: @secret is the dice the set-up carries */
  gboolean           stored;     /* BATTLE: back from the background with @fresh kept in the
                                  * private folder, or @store_error */
  GError            *store_error;
  guint8             fresh[ADM_DICE_SECRET_LENGTH]; /* BATTLE: a new secret, to commit to */
  gboolean           typed_dice; /* BATTLE: the hand-off lets the table type real dice in */
  guint8             secret[ADM_DICE_SECRET_LENGTH];
  /* The answer: */
  gboolean           not_found;
  guint              status;
  const char        *content_type;
  GBytes            *answer;
} TableJob;

static TableShared *
table_shared_ref (TableShared *shared)
{
  g_atomic_ref_count_inc (&shared->ref);
  return shared;
}

static void
table_shared_unref (TableShared *shared)
{
  if (!g_atomic_ref_count_dec (&shared->ref))
    return;
  g_weak_ref_clear (&shared->server);
  g_main_context_unref (shared->owner);
  g_object_unref (shared->tokens);
  g_free (shared);
}

static void
arrival_free (gpointer data)
{
  AdmTableArrival *arrival = data;

  g_free (arrival->engagement_id);
  g_free (arrival->table);
  g_free (arrival->refusal);
  g_free (arrival);
}

static void
job_free (gpointer data)
{
  TableJob *job = data;

  table_shared_unref (job->shared);
  g_main_context_unref (job->reply_to);
  g_clear_object (&job->msg);
  g_free (job->table);
  g_free (job->engagement_id);
  g_clear_pointer (&job->body, g_bytes_unref);
  g_clear_pointer (&job->reader, adm_table_message_reader_free);
  g_free (job->named);
  g_clear_pointer (&job->message, adm_table_message_free);
  g_clear_error (&job->read_error);
  g_free (job->setup);
  g_free (job->setup_hash);
  g_clear_object (&job->ruleset);
  g_free (job->battle);
  g_clear_error (&job->setup_error);
  g_clear_error (&job->store_error);
  g_clear_pointer (&job->answer, g_bytes_unref);
  memset (job->secret, 0, sizeof job->secret);
  memset (job->fresh, 0, sizeof job->fresh);
  g_free (job);
}

/* The main thread */

static void
answer_json (TableJob   *job,
             guint       status,
             JsonNode   *root)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  gsize length;
  char *text;

  json_generator_set_root (generator, root);
  text = json_generator_to_data (generator, &length);
  job->status = status;
  job->content_type = "application/json";
  job->answer = g_bytes_new_take (text, length);
}

static void
add_receipt (JsonBuilder           *builder,
             const AdmTableReceipt *receipt)
{
  json_builder_set_member_name (builder, "kept");
  json_builder_add_int_value (builder, receipt->kept);
  json_builder_set_member_name (builder, "last");
  json_builder_add_string_value (builder, receipt->last);
  json_builder_set_member_name (builder, "ended");
  json_builder_add_boolean_value (builder, receipt->ended);
}

/* F-STRAT-15, F-TAC-1: the placements step of an engagement whose battle has not begun, as
 * the chief's own placements dialog shows it; a table master is a master
 * (adm_placement_step_of ()). */
static void
add_placement_step (JsonBuilder               *builder,
                    AdmCampaign               *campaign,
                    const AdmQueuedEngagement *engagement)
{
  g_autoptr(AdmPlacementStep) step = adm_placement_step_of (adm_campaign_get_state (campaign),
                                                            &engagement->engagement,
                                                            adm_audience_master ());

  if (step != NULL)
    adm_table_placements_write (builder, step);
}

/* One engagement at the table, as GET /table/TOKEN/ lists it. */
static void
add_engagement (JsonBuilder              *builder,
                AdmCampaign              *campaign,
                const AdmTableAssignment *assignment)
{
  g_autoptr(AdmQueuedEngagement) engagement = adm_campaign_find_engagement (campaign,
                                                                            assignment->engagement,
                                                                            NULL);
  g_autofree char *place = engagement != NULL
                             ? adm_engagement_place_name (&engagement->engagement) : NULL;
  AdmTableReceipt receipt;
  const char *phase = NULL;
  int turn = 0;

  adm_campaign_get_table_receipt (campaign, assignment->engagement, &receipt);
  if (!adm_campaign_has_battle (campaign, assignment->engagement, &turn, &phase))
    turn = 0;
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "id");
  json_builder_add_string_value (builder, assignment->engagement);
  json_builder_set_member_name (builder, "place");
  json_builder_add_string_value (builder, place != NULL ? place : "");
  json_builder_set_member_name (builder, "assignment");
  json_builder_add_string_value (builder, assignment->id);
  json_builder_set_member_name (builder, "status");
  json_builder_add_string_value (builder, engagement != NULL
                                            ? adm_engagement_status_to_string (engagement->status)
                                            : "not-fought");
  json_builder_set_member_name (builder, "turn");
  json_builder_add_int_value (builder, turn);
  json_builder_set_member_name (builder, "phase");
  if (phase != NULL)
    json_builder_add_string_value (builder, phase);
  else
    json_builder_add_null_value (builder);
  add_receipt (builder, &receipt);
  /* Placed before the first phase: the step is offered until the chief keeps one. */
  if (engagement != NULL && engagement->status == ADM_ENGAGEMENT_NOT_FOUGHT && receipt.kept == 0 &&
      !adm_campaign_has_battle (campaign, assignment->engagement, NULL, NULL))
    add_placement_step (builder, campaign, engagement);
  json_builder_end_object (builder);
}

static void
job_list (TableJob    *job,
          AdmCampaign *campaign)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(GPtrArray) at_table = adm_campaign_get_table_engagements (campaign, job->table);
  g_autoptr(JsonNode) root = NULL;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "table");
  json_builder_add_string_value (builder, job->table);
  json_builder_set_member_name (builder, "campaign");
  json_builder_add_string_value (builder,
                                 adm_scenario_get_name (adm_campaign_get_scenario (campaign)));
  json_builder_set_member_name (builder, "engagements");
  json_builder_begin_array (builder);
  for (guint i = 0; i < at_table->len; i++)
    add_engagement (builder, campaign, g_ptr_array_index (at_table, i));
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  answer_json (job, SOUP_STATUS_OK, root);
}

static const char *
code_of (const GError *error)
{
  if (error->domain == ADM_TABLE_BATTLE_ERROR)
    switch ((AdmTableBattleError) error->code)
      {
      case ADM_TABLE_BATTLE_ERROR_MALFORMED:
        return "malformed";
      case ADM_TABLE_BATTLE_ERROR_TAKEN_BACK:
        return "taken-back";
      case ADM_TABLE_BATTLE_ERROR_OUT_OF_STEP:
        return "out-of-step";
      case ADM_TABLE_BATTLE_ERROR_NOT_YOURS:
      case ADM_TABLE_BATTLE_ERROR_REFUSED:
      default:
        break;
      }
  return "refused";
}

/* 409: the engine's words, its kind, and what the chief holds (where the table starts again). */
static void
answer_refusal (TableJob              *job,
                const GError          *error,
                const AdmTableReceipt *receipt)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;

  json_builder_begin_object (builder);
  add_receipt (builder, receipt);
  json_builder_set_member_name (builder, "error");
  json_builder_add_string_value (builder, error->message);
  json_builder_set_member_name (builder, "code");
  json_builder_add_string_value (builder, code_of (error));
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  answer_json (job, SOUP_STATUS_CONFLICT, root);
}

static gboolean job_answer_cb (gpointer data);

/* @battle (taken) is answered as the set-up the table downloads, with the secret of its dice
 * when the TableJob has one: over this table's own link only. */
static void
answer_battle (TableJob   *job,
               char       *battle,
               GError     *error)
{
  if (battle != NULL)
    {
      char *setup = adm_table_setup_wrap (battle, job->engagement_id,
                                          job->has_secret ? job->secret : NULL,
                                          job->typed_dice);

      g_free (battle);
      job->status = SOUP_STATUS_OK;
      job->content_type = "application/xml";
      job->answer = g_bytes_new_take (setup, strlen (setup));
    }
  else if (g_error_matches (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_NOT_YOURS))
    job->not_found = TRUE;
  else
    {
      AdmTableReceipt receipt = { 0 };

      answer_refusal (job, error, &receipt);
    }
}

static void job_run (TableJob *job);
static gboolean job_run_cb (gpointer data);
static gboolean at_table (AdmCampaign *campaign, const char *table, const char *engagement_id);

/* In the background: the battle kept, or the battle of a set-up handed out, with the season
 * inside; then back to the main thread. */
static void
setup_battle_thread (gpointer data,
                     gpointer unused)
{
  TableJob *job = data;
  g_autofree char *text = adm_table_setup_dress (job->setup, job->ruleset, job->engagement_id,
                                                 job->setup_hash, job->table,
                                                 &job->setup_error);

  if (text != NULL)
    job->battle = job->kept ? g_steal_pointer (&text)
                            : adm_table_battle_from_setup (text, job->engagement_id,
                                                           &job->setup_error);
  job->dressed = TRUE;
  job_run (job);
}

/* In the background: a new secret of the program dice kept in the private folder, flushed to
 * the disk before its commitment is journaled; then back to the main thread. */
static void
store_secret_thread (gpointer data,
                     gpointer unused)
{
  TableJob *job = data;

  adm_dice_secret_store (job->fresh, &job->store_error);
  job->stored = TRUE;
  job_run (job);
}

/* The program dice of a battle still to be fought, committed to before the table draws any
 * (docs/dice.md): the secret committed to last, or a new one kept in the background and
 * committed to once it is on the disk. Returns whether the TableJob was handed on; FALSE with
 * @job->has_secret, or with @error. */
static gboolean
job_dice (TableJob     *job,
          AdmCampaign  *campaign,
          GError      **error)
{
  gboolean reused = FALSE;

  if (job->stored)
    {
      if (job->store_error != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&job->store_error));
          return FALSE;
        }
      job->has_secret = adm_campaign_table_dice_stored (campaign, job->table, job->engagement_id,
                                                        adm_clock_now (), job->fresh,
                                                        job->secret, error);
      return FALSE;
    }
  if (!adm_campaign_table_dice_reused (campaign, job->table, job->engagement_id, job->secret,
                                       &reused, error))
    return FALSE;
  if (reused)
    {
      job->has_secret = TRUE;
      return FALSE;
    }
  if (!adm_dice_secret_new_random (job->fresh, error))
    return FALSE;
  adm_background_run (store_secret_thread, job);
  return TRUE;
}

/* In turns of the main loop, around the background: first what reads the campaign (the
 * battle kept or the set-up, without its season); then, the battle made in the background (a
 * battle set up takes more than a frame of the chief's window), the program dice committed to
 * (a new secret kept in the background first) and the answer. Returns whether the TableJob
 * was handed on. */
static gboolean
job_battle (TableJob    *job,
            AdmCampaign *campaign)
{
  g_autoptr(GError) error = NULL;
  AdmTableReceipt receipt;
  char *battle;

  if (!job->dressed)
    {
      job->setup = adm_campaign_table_setup_bare (campaign, job->table, job->engagement_id,
                                                  &job->kept, &job->setup_hash, &error);
      if (job->setup == NULL)
        {
          answer_battle (job, NULL, error);
          return FALSE;
        }
      job->ruleset = g_object_ref (adm_campaign_get_ruleset (campaign));
      adm_background_run (setup_battle_thread, job);
      return TRUE;
    }
  if (job->battle == NULL)
    {
      answer_battle (job, NULL, job->setup_error);
      return FALSE;
    }
  /* Handed out only while the engagement is still at this table. */
  if (!at_table (campaign, job->table, job->engagement_id))
    {
      /* A secret kept meanwhile is never committed to. */
      if (job->stored && job->store_error == NULL)
        {
          g_autofree char *commitment = adm_dice_commitment_of (job->fresh);

          adm_dice_secret_forget (commitment);
        }
      job->not_found = TRUE;
      return FALSE;
    }
  /* A battle ended needs no dice. */
  adm_campaign_get_table_receipt (campaign, job->engagement_id, &receipt);
  if (!receipt.ended)
    {
      if (job_dice (job, campaign, &error))
        return TRUE;
      if (!job->has_secret &&
          g_error_matches (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_NOT_YOURS))
        {
          job->not_found = TRUE;
          return FALSE;
        }
    }
  battle = g_steal_pointer (&job->battle);
  if (!receipt.ended && !job->has_secret)
    g_clear_pointer (&battle, g_free);
  if (battle != NULL)
    {
      const AdmTableAssignment *at = adm_state_get_table (adm_campaign_get_state (campaign),
                                                          job->engagement_id);

      job->typed_dice = at != NULL && at->typed_dice;
    }
  answer_battle (job, battle, error);
  return FALSE;
}

/* Whether @engagement_id is at @table now. */
static gboolean
at_table (AdmCampaign *campaign,
          const char  *table,
          const char  *engagement_id)
{
  const AdmTableAssignment *at = adm_state_get_table (adm_campaign_get_state (campaign),
                                                      engagement_id);

  return at != NULL && g_strcmp0 (at->table, table) == 0;
}

static AdmTableArrival *
arrival_for (AdmTableServer *self,
             TableJob       *job)
{
  AdmTableArrival *arrival = g_new0 (AdmTableArrival, 1);

  arrival->engagement_id = g_strdup (job->engagement_id);
  arrival->table = g_strdup (job->table);
  arrival->arrived = job->arrived;
  g_hash_table_replace (self->arrivals, arrival->engagement_id, arrival);
  return arrival;
}

/* A message that is none (or not of this engagement) changes nothing: said as malformed to
 * the table whose engagement it is now, and as the wrong path to any other, which may not
 * learn that the engagement exists. */
static gboolean
peek_message (AdmTableServer *self,
              TableJob       *job,
              AdmCampaign    *campaign)
{
  g_autoptr(GError) error = NULL;
  AdmTableReceipt receipt;
  AdmTableArrival *arrival;
  /* A message read (off this thread) names its engagement; one that did not read, the one
   * its head named, if its head read. */
  const char *engagement_id = job->message != NULL
                                ? adm_table_message_get_engagement (job->message) : job->named;

  if (engagement_id != NULL && g_strcmp0 (engagement_id, job->engagement_id) == 0)
    return TRUE;
  if (!at_table (campaign, job->table, job->engagement_id))
    {
      job->not_found = TRUE;
      return FALSE;
    }
  if (engagement_id == NULL)
    error = g_error_copy (job->read_error);
  else
    /* Translators: a table's message names another engagement than the link it was sent to. */
    g_set_error (&error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_MALFORMED,
                 _("%s: the message is about engagement %s, not %s"), job->table,
                 engagement_id, job->engagement_id);
  adm_campaign_get_table_receipt (campaign, job->engagement_id, &receipt);
  answer_refusal (job, error, &receipt);
  arrival = arrival_for (self, job);
  arrival->receipt = receipt;
  arrival->refusal = g_strdup (error->message);
  arrival->code = code_of (error);
  g_signal_emit (self, signals[REFUSED], 0, job->engagement_id, job->table, error->message);
  return FALSE;
}

/* A worker thread: what the check of a table's first entries needs of the set-up handed out,
 * then back to the main thread. */
static void
handed_setup_thread (gpointer data,
                     gpointer unused)
{
  TableJob *job = data;

  /* A set-up that does not set up is checked again, and said, on the main thread. */
  adm_table_message_set_handed (job->message, job->setup, NULL);
  job_run (job);
}

/* Main thread: the entries a table sent are on the disk (or their save failed, which the
 * table is told, as when a save fails at once); its answer goes back to the server thread. */
static void
entries_saved_cb (gpointer      data,
                  const GError *error)
{
  TableJob *job = data;

  if (error != NULL)
    answer_refusal (job, error, &job->receipt);
  else
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;

      json_builder_begin_object (builder);
      add_receipt (builder, &job->receipt);
      json_builder_end_object (builder);
      root = json_builder_get_root (builder);
      answer_json (job, SOUP_STATUS_OK, root);
    }
  job->saved = TRUE;
  /* On the main thread already. */
  job_run_cb (job);
}

/* Returns whether the TableJob was handed on. */
static gboolean
job_entries (AdmTableServer *self,
             TableJob       *job,
             AdmCampaign    *campaign)
{
  g_autoptr(GError) error = NULL;
  AdmTableReceipt before, receipt;
  AdmTableArrival *arrival;
  gboolean kept;

  if (!peek_message (self, job, campaign))
    return FALSE;
  /* A table's first entries are checked against the set-up handed out: set up on a worker
   * thread, and back here. */
  if (job->message != NULL && job->setup == NULL &&
      adm_campaign_table_message_wants_setup (campaign, job->message))
    {
      gboolean is_battle = FALSE;

      job->setup = adm_campaign_table_setup (campaign, job->table, job->engagement_id,
                                             &is_battle, NULL);
      if (job->setup != NULL && !is_battle)
        {
          adm_background_run (handed_setup_thread, job);
          return TRUE;
        }
    }
  adm_campaign_get_table_receipt (campaign, job->engagement_id, &before);
  receipt = before;
  /* The battle was played whole on a worker thread; what is left here are the checks against
   * what the campaign keeps, and the keeping. */
  if (job->message == NULL)
    {
      kept = FALSE;
      error = g_error_copy (job->read_error);
    }
  else
    kept = adm_campaign_receive_table_message (campaign, job->table, job->message, &receipt,
                                               &error);
  if (!kept && g_error_matches (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_NOT_YOURS))
    {
      job->not_found = TRUE;
      return FALSE;
    }
  arrival = arrival_for (self, job);
  arrival->receipt = receipt;
  if (!kept)
    {
      answer_refusal (job, error, &receipt);
      arrival->refusal = g_strdup (error->message);
      arrival->code = code_of (error);
      g_signal_emit (self, signals[REFUSED], 0, job->engagement_id, job->table, error->message);
      return FALSE;
    }
  job->receipt = receipt;
  arrival->first = receipt.kept > before.kept ? before.kept + 1 : 0;
  if (receipt.kept != before.kept || receipt.ended != before.ended)
    g_signal_emit (self, signals[BATTLE_CHANGED], 0, job->engagement_id, job->table);
  /* The table is told its entries are kept once they are on the disk: it keeps them until
   * then, and sends them again if the chief goes down first. The main loop does not wait. */
  adm_campaign_when_saved (campaign, entries_saved_cb, job);
  return TRUE;
}

/* F-STRAT-15, F-TAC-1: the placements step of a battle at the table, a small JSON body:
 * {"assignment": ID, "placements": {FORMATION: PLACEMENT, …}, "roll-again": BOOL}. The seed
 * of a table rolled again is drawn here, never sent by the table. */
static void
job_place (AdmTableServer *self,
           TableJob       *job,
           AdmCampaign    *campaign)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GHashTable) overrides = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  gsize length;
  const char *data = g_bytes_get_data (job->body, &length);
  JsonObject *root = NULL, *chosen = NULL;
  const char *assignment = NULL;
  gboolean roll_again = FALSE;
  AdmTableReceipt receipt;

  if (json_parser_load_from_data (parser, data, (gssize) length, NULL) &&
      JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    root = json_node_get_object (json_parser_get_root (parser));
  if (root != NULL)
    {
      JsonNode *node = json_object_get_member (root, "assignment");

      assignment = node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
                   json_node_get_value_type (node) == G_TYPE_STRING
                   ? json_node_get_string (node) : NULL;
      node = json_object_get_member (root, "placements");
      chosen = node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node)
                                                             : NULL;
      node = json_object_get_member (root, "roll-again");
      roll_again = node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
                   json_node_get_value_type (node) == G_TYPE_BOOLEAN &&
                   json_node_get_boolean (node);
    }
  if (chosen != NULL)
    {
      g_autoptr(GList) members = json_object_get_members (chosen);

      for (GList *m = members; m != NULL && root != NULL; m = m->next)
        {
          JsonNode *node = json_object_get_member (chosen, m->data);

          if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
            root = NULL;
          else
            g_hash_table_insert (overrides, m->data, (gpointer) json_node_get_string (node));
        }
    }
  if (root == NULL || assignment == NULL)
    g_set_error (&error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_MALFORMED,
                 /* Translators: a table's placements that are not what the protocol has */
                 _("%s: the placements sent are not an assignment with its placements"),
                 job->table);
  else if (adm_campaign_table_place (campaign, job->table, job->engagement_id, assignment,
                                     overrides, roll_again, g_random_int (), adm_clock_now (),
                                     &error))
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autoptr(JsonNode) answer = NULL;

      adm_campaign_get_table_receipt (campaign, job->engagement_id, &receipt);
      json_builder_begin_object (builder);
      add_receipt (builder, &receipt);
      json_builder_end_object (builder);
      answer = json_builder_get_root (builder);
      answer_json (job, SOUP_STATUS_OK, answer);
      return;
    }
  if (g_error_matches (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_NOT_YOURS))
    {
      job->not_found = TRUE;
      return;
    }
  adm_campaign_get_table_receipt (campaign, job->engagement_id, &receipt);
  answer_refusal (job, error, &receipt);
  g_signal_emit (self, signals[REFUSED], 0, job->engagement_id, job->table, error->message);
}

/* The string member @name of @root, or NULL. */
static const char *
string_member (JsonObject *root,
               const char *name)
{
  JsonNode *node = root != NULL ? json_object_get_member (root, name) : NULL;

  return node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
         json_node_get_value_type (node) == G_TYPE_STRING ? json_node_get_string (node) : NULL;
}

/* The whole-number member @name of @root, or 0. */
static gint64
int_member (JsonObject *root,
            const char *name)
{
  JsonNode *node = root != NULL ? json_object_get_member (root, name) : NULL;

  return node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
         json_node_get_value_type (node) == G_TYPE_INT64 ? json_node_get_int (node) : 0;
}

/* F-STRAT-4: a table asks its sides' dice for the phase its battle is about to roll, a small
 * JSON body: {"assignment", "from", "turn", "phase", "declarations", "dice"} ("dice": the 2d6
 * typed there, as a message's `dice` attribute, or absent). Answered with the receipt and
 * "given": what the chief holds of that phase, the dice typed and the phones' taps shown, in
 * the same text (null for none), and "tapped": the sides whose phone committed to a tap not
 * shown yet (their ids, never the commit). */
static void
job_ask_dice (AdmTableServer *self,
              TableJob       *job,
              AdmCampaign    *campaign)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GPtrArray) held = NULL;
  g_autoptr(GError) error = NULL;
  gsize length;
  const char *data = g_bytes_get_data (job->body, &length);
  JsonObject *root = NULL;
  gint64 from = 0, turn = 0;
  AdmTableReceipt receipt;

  if (json_parser_load_from_data (parser, data, (gssize) length, NULL) &&
      JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    root = json_node_get_object (json_parser_get_root (parser));
  from = int_member (root, "from");
  turn = int_member (root, "turn");
  if (root == NULL || string_member (root, "assignment") == NULL || from < 1 ||
      from > G_MAXINT || turn < 1 || turn > 100000)
    g_set_error (&error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_MALFORMED,
                 /* Translators: a table's ask of its sides' dice that is not what the protocol
                  * has */
                 _("%s: the dice asked are not an assignment with a phase and the digest of "
                   "its declarations"), job->table);
  else if (adm_campaign_table_ask_dice (campaign, job->table, job->engagement_id,
                                        string_member (root, "assignment"), (guint) from,
                                        (int) turn, string_member (root, "phase"),
                                        string_member (root, "declarations"),
                                        string_member (root, "dice"), adm_clock_now (), &held,
                                        &error))
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autoptr(JsonNode) answer = NULL;
      g_autofree char *given = adm_dice_mixes_to_text (held);

      adm_campaign_get_table_receipt (campaign, job->engagement_id, &receipt);
      json_builder_begin_object (builder);
      add_receipt (builder, &receipt);
      json_builder_set_member_name (builder, "given");
      if (given != NULL)
        json_builder_add_string_value (builder, given);
      else
        json_builder_add_null_value (builder);
      /* The sides whose phone committed to a tap not shown yet: which, never the commit. */
      json_builder_set_member_name (builder, "tapped");
      json_builder_begin_array (builder);
      for (guint m = 0; m < held->len; m++)
        {
          const AdmDicePhaseMix *mix = g_ptr_array_index (held, m);

          for (guint g = 0; g < mix->given->len; g++)
            {
              const AdmDiceContribution *contribution = g_ptr_array_index (mix->given, g);

              if (contribution->commit != NULL && contribution->nonce == NULL &&
                  contribution->dice == NULL)
                json_builder_add_string_value (builder, contribution->side);
            }
        }
      json_builder_end_array (builder);
      json_builder_end_object (builder);
      answer = json_builder_get_root (builder);
      answer_json (job, SOUP_STATUS_OK, answer);
      return;
    }
  if (g_error_matches (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_NOT_YOURS))
    {
      job->not_found = TRUE;
      return;
    }
  adm_campaign_get_table_receipt (campaign, job->engagement_id, &receipt);
  answer_refusal (job, error, &receipt);
  g_signal_emit (self, signals[REFUSED], 0, job->engagement_id, job->table, error->message);
}

static gboolean
job_run_cb (gpointer data)
{
  TableJob *job = data;
  g_autoptr(AdmTableServer) self = g_weak_ref_get (&job->shared->server);
  AdmCampaign *campaign = self != NULL ? adm_portal_get_campaign (self->portal) : NULL;

  /* The server stopped meanwhile (the portal stopped, or its campaign closed), or the tables
   * are no longer served: nothing would read an answer. */
  if (campaign == NULL || adm_portal_get_server_context (self->portal) != job->reply_to)
    {
      job_free (job);
      return G_SOURCE_REMOVE;
    }
  if (job->kind == JOB_LIST)
    job_list (job, campaign);
  else if (job->kind == JOB_ENTRIES && job->saved)
    ;  /* kept, saved and answered (entries_saved_cb ()) */
  else if (job->kind == JOB_PLACE)
    job_place (self, job, campaign);
  else if (job->kind == JOB_DICE)
    job_ask_dice (self, job, campaign);
  else if (job->kind == JOB_BATTLE ? job_battle (job, campaign)
                                   : job_entries (self, job, campaign))
    return G_SOURCE_REMOVE;  /* handed on to a worker thread, which hands it back */
  g_main_context_invoke_full (job->reply_to, G_PRIORITY_DEFAULT, job_answer_cb, job, job_free);
  return G_SOURCE_REMOVE;
}

/* Back to the main thread, from a worker. */
static void
job_run (TableJob *job)
{
  adm_handover_send (job->shared->owner, job_run_cb, job, NULL);
}

/* The server thread */

static gboolean
job_answer_cb (gpointer data)
{
  TableJob *job = data;
  SoupServerMessage *msg = job->msg;

  if (job->not_found || job->answer == NULL)
    adm_portal_not_found (msg);
  else
    {
      SoupMessageHeaders *headers = soup_server_message_get_response_headers (msg);
      SoupMessageBody *body = soup_server_message_get_response_body (msg);

      adm_portal_add_common_headers (msg);
      soup_message_headers_replace (headers, "Content-Security-Policy", "default-src 'none'");
      soup_message_headers_set_content_type (headers, job->content_type, NULL);
      soup_server_message_set_status (msg, job->status, NULL);
      soup_message_body_truncate (body);
      soup_message_body_append_bytes (body, job->answer);
    }
  soup_server_message_unpause (msg);
  return G_SOURCE_REMOVE;
}

/* "engagements/" ID "/" @what exactly, ID of letters, digits, '-', '_' or '.' (not "." nor
 * ".."); the ID, or NULL. */
static char *
engagement_in (const char *rest,
               const char *what)
{
  const char *id = rest + strlen ("engagements/");
  const char *end;

  if (!g_str_has_prefix (rest, "engagements/") || (end = strchr (id, '/')) == NULL ||
      end == id || end - id > MAX_ID || !g_str_equal (end + 1, what))
    return NULL;
  for (const char *c = id; c < end; c++)
    if (!g_ascii_isalnum (*c) && *c != '-' && *c != '_' && *c != '.')
      return NULL;
  if (strspn (id, ".") == (gsize) (end - id))
    return NULL;
  return g_strndup (id, end - id);
}

/* The body of a POST, bounded (the portal refuses a longer one before reading it). */
static gboolean
take_body (SoupServerMessage *msg,
           TableJob          *job)
{
  g_autoptr(GBytes) body = adm_portal_take_body (msg);

  if (g_bytes_get_size (body) > ADM_TABLE_SERVER_MAX_BODY)
    {
      SoupMessageHeaders *headers = soup_server_message_get_response_headers (msg);

      adm_portal_add_common_headers (msg);
      soup_message_headers_replace (headers, "Content-Security-Policy", "default-src 'none'");
      soup_server_message_set_status (msg, SOUP_STATUS_REQUEST_ENTITY_TOO_LARGE, NULL);
      soup_server_message_set_response (msg, "text/plain; charset=utf-8", SOUP_MEMORY_STATIC,
                                        "Too large\n", strlen ("Too large\n"));
      return FALSE;
    }
  job->body = g_steal_pointer (&body);
  job->arrived = g_get_real_time ();
  return TRUE;
}

/* A worker thread: ends the message of a POST, read as it arrived, and plays its battle
 * (adm_table_message_reader_end () touches no campaign), then hands the TableJob to the main
 * thread as any other. */
static void
read_message_thread (gpointer data,
                     gpointer unused)
{
  TableJob *job = data;

  job->message = adm_table_message_reader_end (job->reader, &job->read_error);
  job->named = g_strdup (adm_table_message_reader_get_engagement (job->reader));
  /* What it read is let go before the campaign's checks. */
  g_clear_pointer (&job->reader, adm_table_message_reader_free);
  job_run (job);
}

/* Server thread: a piece of a table's message, parsed as it arrives and not kept (a message
 * refused keeps its first refusal, the rest only passing through). */
static void
feed_reader (gpointer    sink,
             const char *bytes,
             gsize       length)
{
  adm_table_message_reader_feed (sink, bytes, length);
}

/* Server thread, before a body is read: a table's message (POST …/entries) is read as it
 * arrives, so that no more than its battle's tree is held, and a message refused early is
 * not read further; the placements, a few hundred bytes, into one buffer by the portal. */
static gboolean
route_body (SoupServerMessage *msg,
            const char        *path,
            gpointer           data)
{
  TableShared *shared = data;
  const gsize head = strlen (PREFIX) + ADM_PORTAL_TOKEN_CHARS;
  g_autofree char *table = NULL;
  g_autofree char *engagement_id = NULL;

  if (strlen (path) < head + 1 || path[head] != '/' ||
      !g_str_equal (soup_server_message_get_method (msg), "POST") ||
      (engagement_id = engagement_in (path + head + 1, "entries")) == NULL)
    return FALSE;
  table = adm_portal_tokens_lookup_key (shared->tokens, ADM_PORTAL_TOKENS_TABLES,
                                        path + strlen (PREFIX), ADM_PORTAL_TOKEN_CHARS);
  if (table == NULL)
    return FALSE;
  adm_portal_read_body (msg, feed_reader, adm_table_message_reader_new (table),
                        (GDestroyNotify) adm_table_message_reader_free);
  return TRUE;
}

/* Server thread, before a body is read: whether @path ("/table/" TOKEN "/" …) names a
 * table's key. */
static gboolean
route_knows (const char *path,
             gpointer    data)
{
  TableShared *shared = data;
  const gsize head = strlen (PREFIX) + ADM_PORTAL_TOKEN_CHARS;
  g_autofree char *table = NULL;

  if (strlen (path) < head + 1 || path[head] != '/')
    return FALSE;
  table = adm_portal_tokens_lookup_key (shared->tokens, ADM_PORTAL_TOKENS_TABLES,
                                        path + strlen (PREFIX), ADM_PORTAL_TOKEN_CHARS);
  return table != NULL;
}

static void
route_cb (SoupServerMessage *msg,
          const char        *path,
          gpointer           data)
{
  TableShared *shared = data;
  const char *method = soup_server_message_get_method (msg);
  gboolean get = g_str_equal (method, "GET") || g_str_equal (method, "HEAD");
  gboolean post = g_str_equal (method, "POST");
  const gsize head = strlen (PREFIX) + ADM_PORTAL_TOKEN_CHARS;
  g_autofree char *table = NULL;
  g_autofree char *engagement_id = NULL;
  const char *rest;
  TableJobKind kind;
  TableJob *job;

  /* "/table/" TOKEN "/" REST exactly; libsoup has decoded %XX and resolved dot segments. */
  if (strlen (path) < head + 1 || path[head] != '/')
    {
      adm_portal_not_found (msg);
      return;
    }
  table = adm_portal_tokens_lookup_key (shared->tokens, ADM_PORTAL_TOKENS_TABLES,
                                        path + strlen (PREFIX), ADM_PORTAL_TOKEN_CHARS);
  rest = path + head + 1;
  if (table != NULL && get && *rest == '\0')
    kind = JOB_LIST;
  else if (table != NULL && get && (engagement_id = engagement_in (rest, "battle")) != NULL)
    kind = JOB_BATTLE;
  else if (table != NULL && post && (engagement_id = engagement_in (rest, "entries")) != NULL)
    kind = JOB_ENTRIES;
  else if (table != NULL && post &&
           (engagement_id = engagement_in (rest, "placements")) != NULL)
    kind = JOB_PLACE;
  else if (table != NULL && post && (engagement_id = engagement_in (rest, "dice")) != NULL)
    kind = JOB_DICE;
  else
    {
      adm_portal_not_found (msg);
      return;
    }
  /* A table's own request: its connection is kept for its next message. */
  adm_portal_keep_connection (msg);
  job = g_new0 (TableJob, 1);
  job->kind = kind;
  job->shared = table_shared_ref (shared);
  job->reply_to = g_main_context_ref_thread_default ();
  job->table = g_steal_pointer (&table);
  job->engagement_id = g_steal_pointer (&engagement_id);
  if (kind == JOB_ENTRIES)
    {
      job->reader = adm_portal_take_body_sink (msg, feed_reader);
      /* A message with no body has not been read: it is read now, as one that is empty. */
      if (job->reader == NULL)
        {
          g_autoptr(GBytes) body = adm_portal_take_body (msg);

          job->reader = adm_table_message_reader_new (job->table);
          adm_table_message_reader_feed (job->reader, g_bytes_get_data (body, NULL),
                                         g_bytes_get_size (body));
        }
      job->arrived = g_get_real_time ();
    }
  else if ((kind == JOB_PLACE || kind == JOB_DICE) && !take_body (msg, job))
    {
      job_free (job);
      return;
    }
  job->msg = g_object_ref (msg);
  soup_server_message_pause (msg);
  if (kind == JOB_ENTRIES)
    {
      /* Playing a long battle whole takes more than a frame: it is done in the background,
       * so that neither the chief's window nor the admirals' pages wait for it. */
      adm_background_run (read_message_thread, job);
      return;
    }
  /* The main thread owns the TableJob from here on and sends it back answered (or frees it when
   * nothing would read the answer): no destroy notify here. */
  adm_handover_send (shared->owner, job_run_cb, job, NULL);
}

/* The object, on the main thread */

static void
adm_table_server_dispose (GObject *object)
{
  AdmTableServer *self = ADM_TABLE_SERVER (object);

  g_clear_object (&self->advert);
  g_clear_object (&self->pairing);
  if (self->portal != NULL)
    {
      adm_portal_remove_route (self->portal, PREFIX);
      adm_portal_set_certificate (self->portal, NULL);
    }
  g_clear_object (&self->portal);
  g_clear_object (&self->certificate);
  G_OBJECT_CLASS (adm_table_server_parent_class)->dispose (object);
}

static void
adm_table_server_finalize (GObject *object)
{
  AdmTableServer *self = ADM_TABLE_SERVER (object);

  g_clear_pointer (&self->shared, table_shared_unref);
  g_hash_table_unref (self->arrivals);
  g_free (self->fingerprint);
  G_OBJECT_CLASS (adm_table_server_parent_class)->finalize (object);
}

static void
adm_table_server_class_init (AdmTableServerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = adm_table_server_dispose;
  object_class->finalize = adm_table_server_finalize;

  signals[BATTLE_CHANGED] = g_signal_new ("battle-changed", G_TYPE_FROM_CLASS (klass),
                                          G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                          G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);
  signals[REFUSED] = g_signal_new ("refused", G_TYPE_FROM_CLASS (klass),
                                   G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 3, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING);
}

static void
adm_table_server_init (AdmTableServer *self)
{
  self->arrivals = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, arrival_free);
}

AdmTableServer *
adm_table_server_new (AdmPortal  *portal,
                      guint       n_tables,
                      GError    **error)
{
  g_autoptr(AdmTableServer) self = NULL;
  AdmCampaign *campaign;
  g_autofree char *certificate_path = NULL;

  g_return_val_if_fail (ADM_IS_PORTAL (portal), NULL);
  g_return_val_if_fail (n_tables >= 1 && n_tables <= ADM_TABLE_SERVER_MAX_TABLES, NULL);

  self = g_object_new (ADM_TYPE_TABLE_SERVER, NULL);
  campaign = adm_portal_get_campaign (portal);
  if (campaign != NULL && adm_campaign_get_path (campaign) != NULL)
    certificate_path = adm_table_certificate_path_for (adm_campaign_get_path (campaign));
  self->certificate = adm_table_certificate_load (certificate_path, NULL, error);
  if (self->certificate == NULL)
    return NULL;
  self->fingerprint = adm_table_certificate_fingerprint (self->certificate);
  self->shared = g_new0 (TableShared, 1);
  g_atomic_ref_count_init (&self->shared->ref);
  g_weak_ref_init (&self->shared->server, self);
  self->shared->owner = g_main_context_ref_thread_default ();
  self->shared->tokens = g_object_ref (adm_portal_get_tokens (portal));
  if (!adm_table_server_set_n_tables (self, n_tables, error))
    return NULL;
  self->portal = g_object_ref (portal);
  adm_portal_set_certificate (portal, self->certificate);
  adm_portal_add_route (portal, PREFIX, TRUE, ADM_TABLE_SERVER_MAX_BODY, route_knows, route_cb,
                        route_body, self->shared,
                        (GBoxedCopyFunc) table_shared_ref, (GDestroyNotify) table_shared_unref);
  self->pairing = adm_table_pairing_new (self, self->fingerprint);
  self->advert = adm_table_advert_new (portal, campaign != NULL
                                                 ? adm_scenario_get_name (
                                                       adm_campaign_get_scenario (campaign))
                                                 : "Admiralty");
  return g_steal_pointer (&self);
}

AdmPortal *
adm_table_server_get_portal (AdmTableServer *self)
{
  g_return_val_if_fail (ADM_IS_TABLE_SERVER (self), NULL);
  return self->portal;
}

char *
adm_table_server_table_name (guint number)
{
  return g_strdup_printf ("Table %u", number);
}

gboolean
adm_table_server_set_n_tables (AdmTableServer  *self,
                               guint            n_tables,
                               GError         **error)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (ADM_IS_TABLE_SERVER (self), FALSE);
  g_return_val_if_fail (n_tables <= ADM_TABLE_SERVER_MAX_TABLES, FALSE);

  for (guint i = 1; i <= n_tables; i++)
    g_ptr_array_add (names, adm_table_server_table_name (i));
  g_ptr_array_add (names, NULL);
  if (!adm_portal_tokens_set_keys (self->shared->tokens, ADM_PORTAL_TOKENS_TABLES,
                                   (const char * const *) names->pdata, error))
    return FALSE;
  self->n_tables = n_tables;
  return TRUE;
}

guint
adm_table_server_get_n_tables (AdmTableServer *self)
{
  g_return_val_if_fail (ADM_IS_TABLE_SERVER (self), 0);
  return self->n_tables;
}

char *
adm_table_server_get_link (AdmTableServer *self,
                           const char     *table)
{
  const char *token;
  g_autofree char *base = NULL;

  g_return_val_if_fail (ADM_IS_TABLE_SERVER (self), NULL);

  token = adm_portal_tokens_get_key (self->shared->tokens, ADM_PORTAL_TOKENS_TABLES, table);
  base = self->portal != NULL ? adm_portal_get_base_link (self->portal) : NULL;
  if (token == NULL || base == NULL || !g_str_has_prefix (base, "http://"))
    return NULL;
  /* The same port, over TLS; the fragment, which no client sends, names the certificate. */
  return g_strdup_printf ("https://%s" PREFIX "%s/#sha256=%s", base + strlen ("http://"),
                          token, self->fingerprint);
}

gboolean
adm_table_server_reissue (AdmTableServer  *self,
                          const char      *table,
                          GError         **error)
{
  g_return_val_if_fail (ADM_IS_TABLE_SERVER (self), FALSE);
  g_return_val_if_fail (adm_portal_tokens_get_key (self->shared->tokens,
                                                   ADM_PORTAL_TOKENS_TABLES, table) != NULL,
                        FALSE);

  return adm_portal_tokens_reissue_key (self->shared->tokens, ADM_PORTAL_TOKENS_TABLES, table,
                                        error);
}

const char *
adm_table_server_get_fingerprint (AdmTableServer *self)
{
  g_return_val_if_fail (ADM_IS_TABLE_SERVER (self), NULL);
  return self->fingerprint;
}

const AdmTableArrival *
adm_table_server_get_arrival (AdmTableServer *self,
                              const char     *engagement_id)
{
  g_return_val_if_fail (ADM_IS_TABLE_SERVER (self), NULL);
  return engagement_id != NULL ? g_hash_table_lookup (self->arrivals, engagement_id) : NULL;
}

GListModel *
adm_table_server_get_requests (AdmTableServer *self)
{
  g_return_val_if_fail (ADM_IS_TABLE_SERVER (self), NULL);
  return adm_table_pairing_get_requests (self->pairing);
}

gboolean
adm_table_server_accept_request (AdmTableServer   *self,
                                 AdmTableRequest  *request,
                                 const char       *table,
                                 GError          **error)
{
  g_return_val_if_fail (ADM_IS_TABLE_SERVER (self), FALSE);
  return adm_table_pairing_accept (self->pairing, request, table, error);
}

AdmTableRequest *
adm_table_server_lookup_request (AdmTableServer *self,
                                 const char     *key)
{
  g_return_val_if_fail (ADM_IS_TABLE_SERVER (self), NULL);
  return adm_table_pairing_lookup (self->pairing, key);
}

void
adm_table_server_refuse_request (AdmTableServer  *self,
                                 AdmTableRequest *request)
{
  g_return_if_fail (ADM_IS_TABLE_SERVER (self));
  adm_table_pairing_refuse (self->pairing, request);
}

AdmTableAdvert *
adm_table_server_get_advert (AdmTableServer *self)
{
  g_return_val_if_fail (ADM_IS_TABLE_SERVER (self), NULL);
  return self->advert;
}
