/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-campaign.c: a campaign — its scenario plus the event journal.
 *
 * The state is never edited directly: it is the replay of the journal. Appending applies one
 * event to the state (which refuses it whole or takes it whole); undo moves the last event to
 * the redo stack and replays from the scenario. Every change is saved at once through the
 * journal (adm_journal_save ()): the first save writes the file whole and atomically (a
 * temporary file, fsync, rename; the file before becomes backup 1), later ones add the new
 * entries at the file's end. */

#include "config.h"

#include <errno.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "adm-background.h"
#include "adm-battle.h"
#include "adm-campaign.h"
#include "adm-campaign-battles.h"
#include "adm-campaign-file.h"
#include "adm-campaign-journal.h"
#include "adm-campaign-private.h"
#include "adm-replays.h"
#include "adm-clock.h"
#include "adm-digest.h"
#include "adm-engagement-queue.h"
#include "adm-file.h"
#include "adm-xml.h"

#include <libxml/xmlreader.h>

/* Format 2 journals actions, undo and redo (adm-journal.h); format 1 files, bare events,
 * still open and are written as format 2 when next saved. */
#define FORMAT_VERSION "2"
#define FORMAT_VERSION_EVENTS "1"

/* Opening a campaign steps the program's generator to where it was: bounded, so that any
 * accepted file opens in well under a second (~0.3 s at this many). */
#define MAX_DICE_DRAWS G_GUINT64_CONSTANT (50000000)

G_STATIC_ASSERT (ADM_CAMPAIGN_BACKUPS == ADM_FILE_BACKUPS);

G_DEFINE_QUARK (adm-campaign-error-quark, adm_campaign_error)

struct _AdmCampaign
{
  GObject      parent_instance;

  AdmScenario *scenario;
  gboolean     took_installed_rules;  /* its scenario carried no season when it was read */
  char        *origin;   /* the SHA-256 of its scenario, season included (adm-digest.h) */
  gboolean     unsealed; /* its file was written before campaigns sealed their history */
  AdmState    *state;
  AdmDicePrng *prng;
  AdmJournal  *journal;
  GPtrArray   *events;   /* AdmEvent*, of the actions in effect, in order */
  char        *header;   /* the file up to <dice>, serialised once */
  char        *path;
  char        *mirror;   /* the folder of the second copy, or NULL */
  AdmFileLock *lock;     /* of @path, while the campaign may write it (adm_file_lock ()) */
  GHashTable  *battles;  /* engagement id → StoredBattle*: battles fought inside it */
  GPtrArray   *battle_ids; /* char* (the keys), in the order first stored */
  char        *battles_text; /* <battles> as the file has it, or NULL until written */
  GPtrArray   *pending;  /* PendingCheckpoint*: the milestones the next save keeps */
  const char  *changed_battle; /* what the last "changed" was about: the entries of this
                                * engagement's battle alone (a key of @battles), or NULL */
  AdmReplays  *replays;  /* states of the journal's past, made when first asked for */
  GPtrArray   *past_battles; /* AdmPastBattle*: battles of the past (adm-campaign-past.c) */
  /* Saves whose last flush went to the flusher (adm_file_when_flushed ()): */
  guint64      flush_wanted;  /* the ticket of the last one */
  guint64      flushed;       /* the last ticket flushed */
  GError      *flush_error;   /* a flush failed and no save wrote the file whole since */
  GQueue       saved_waiters; /* SavedWaiter*, by ticket: adm_campaign_when_saved () */
  gboolean     flush_later;   /* every save so: adm_campaign_set_flush_later () */
  AdmJournalAction *redoing;  /* the action a redo brings back, while it does (undo_or_redo ()) */
};

typedef struct {
  guint64          ticket;
  AdmCampaignSaved done;
  gpointer         data;
} SavedWaiter;

/* A milestone reached, kept as a checkpoint by the save that follows it (adm_campaign_save ()),
 * whoever saves: the app's autosave or the CLI's one save after its work. @data is the file
 * as it stood at the milestone: later work may come before that save (the next turns of a
 * battle played at once, the cycles of a campaign with no file yet). */
typedef struct {
  char  *label;
  char  *data;
  gsize  length;
} PendingCheckpoint;

static void
pending_checkpoint_free (gpointer data)
{
  PendingCheckpoint *pending = data;

  g_free (pending->label);
  g_free (pending->data);
  g_free (pending);
}

/* A battle kept in the campaign (docs/formats.md, "Battles of a campaign"): its set-up, kept
 * once in <battles>, and its own journal's entries, kept in the campaign's journal as they
 * come. @journal follows the battle's journal entry by entry; its owner is this struct, which
 * follows where the battle stands (the phase after the last one in effect). */
typedef struct {
  char       *head;     /* adm_battle_serialize_head (): the declaration and the set-up */
  AdmJournal *journal;
  int         turn;
  AdmPhase    phase;
  char       *text;     /* the saved battle, made when asked for, or NULL */
  AdmBattle  *played;   /* that saved battle played, made when asked for, or NULL */
  AdmBattle  *last;     /* weak: the battle last kept, known to continue this one */
} StoredBattle;

static void
stored_battle_free (gpointer data)
{
  StoredBattle *battle = data;

  if (battle->last != NULL)
    g_object_remove_weak_pointer (G_OBJECT (battle->last), (gpointer *) &battle->last);
  g_free (battle->head);
  g_clear_object (&battle->journal);
  g_free (battle->text);
  g_clear_object (&battle->played);
  g_free (battle);
}

static void
kept_battle_reset (gpointer owner)
{
  StoredBattle *battle = owner;

  /* Every battle starts at turn 1, detection (F-SEQ-1). */
  battle->turn = 1;
  battle->phase = ADM_PHASE_DETECTION;
}

/* Where the battle stands after a phase: the phase named by the action (its head, and its
 * "phase" event, as the battle's own check reads them) must be the one it stands at. The
 * phase itself is played, and checked whole, when the battle is opened. */
static gboolean
kept_battle_apply (gpointer                owner,
                   const AdmJournalAction *action,
                   gpointer                recording,
                   gpointer                snapshot,
                   GError                **error)
{
  StoredBattle *battle = owner;
  GPtrArray *events = adm_journal_action_get_events (action);
  AdmEvent *phase = events->len > 0 ? g_ptr_array_index (events, 0) : NULL;
  char now[16];

  if (phase == NULL || g_strcmp0 (adm_event_get_kind (phase), "phase") != 0)
    {
      g_set_error (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_REPLAY,
                   _("the journal has a roll that belongs to no phase"));
      return FALSE;
    }
  g_snprintf (now, sizeof now, "%d", battle->turn);
  for (guint i = 0; i < 2; i++)
    {
      AdmEvent *said = i == 0 ? adm_journal_action_get_head (action) : phase;
      const char *turn_text = adm_event_get (said, "turn");
      const char *phase_text = adm_event_get (said, "phase");

      if ((i == 0 && turn_text == NULL && phase_text == NULL) ||
          (g_strcmp0 (turn_text, now) == 0 &&
           g_strcmp0 (phase_text, adm_phase_to_string (battle->phase)) == 0))
        continue;
      g_set_error (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_REPLAY,
                   _("the journal does not replay: it says turn %s, %s phase, but the battle "
                     "is in turn %d, %s phase there"), turn_text != NULL ? turn_text : "?",
                   phase_text != NULL ? phase_text : "?", battle->turn,
                   adm_phase_to_string (battle->phase));
      return FALSE;
    }
  /* F-SEQ-1: detection, movement, fire, torpedoes, end; then the next turn. */
  if (battle->phase == ADM_PHASE_END)
    {
      battle->turn++;
      battle->phase = ADM_PHASE_DETECTION;
    }
  else
    battle->phase++;
  return TRUE;
}

static char *
kept_battle_describe (gpointer                owner,
                      const AdmJournalAction *action)
{
  return adm_battle_describe_action (action);
}

/* A battle kept from @head (adm_battle_serialize_head ()) on, its journal empty. */
static StoredBattle *
stored_battle_new (char *head)
{
  StoredBattle *battle = g_new0 (StoredBattle, 1);

  battle->head = head;
  battle->journal = adm_journal_new (battle, kept_battle_reset, kept_battle_apply,
                                     kept_battle_describe);
  kept_battle_reset (battle);
  return battle;
}

G_DEFINE_FINAL_TYPE (AdmCampaign, adm_campaign, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_PATH,
  N_PROPS
};

enum {
  CHANGED,
  MIRROR_FAILED,
  CHECKPOINT_FAILED,
  SAVE_FAILED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
adm_campaign_finalize (GObject *object)
{
  AdmCampaign *self = ADM_CAMPAIGN (object);
  g_autoptr(GError) unflushed = NULL;
  SavedWaiter *waiter;

  /* What is still with the flusher is done before the program can end: the waiters are told
   * what it came to (a checkpoint not written counts against the save, to be safe). */
  if (self->flush_wanted > self->flushed &&
      !adm_file_wait_flushed (self->flushed, self->flush_wanted, &unflushed) &&
      self->flush_error == NULL)
    self->flush_error = g_error_new (ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_SAVE,
                                     _("Cannot save the campaign to %s: %s"),
                                     self->path != NULL ? self->path : "?", unflushed->message);
  while ((waiter = g_queue_pop_head (&self->saved_waiters)) != NULL)
    {
      waiter->done (waiter->data, self->flush_error);
      g_free (waiter);
    }
  g_clear_error (&self->flush_error);
  g_clear_object (&self->scenario);
  g_clear_object (&self->state);
  g_clear_object (&self->prng);
  g_clear_object (&self->journal);
  g_clear_pointer (&self->events, g_ptr_array_unref);
  g_clear_pointer (&self->header, g_free);
  g_clear_pointer (&self->origin, g_free);
  g_clear_pointer (&self->path, g_free);
  g_clear_pointer (&self->mirror, g_free);
  g_clear_pointer (&self->lock, adm_file_lock_unref);
  g_clear_pointer (&self->battles, g_hash_table_unref);
  g_clear_pointer (&self->battle_ids, g_ptr_array_unref);
  g_clear_pointer (&self->battles_text, g_free);
  g_clear_pointer (&self->pending, g_ptr_array_unref);
  g_clear_pointer (&self->replays, adm_replays_free);
  g_clear_pointer (&self->past_battles, g_ptr_array_unref);

  G_OBJECT_CLASS (adm_campaign_parent_class)->finalize (object);
}

static void
adm_campaign_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  AdmCampaign *self = ADM_CAMPAIGN (object);

  switch (prop_id)
    {
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, adm_campaign_can_undo (self));
      break;

    case PROP_CAN_REDO:
      g_value_set_boolean (value, adm_campaign_can_redo (self));
      break;

    case PROP_PATH:
      g_value_set_string (value, self->path);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
adm_campaign_class_init (AdmCampaignClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = adm_campaign_finalize;
  object_class->get_property = adm_campaign_get_property;

  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PATH] =
    g_param_spec_string ("path", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[MIRROR_FAILED] = g_signal_new ("mirror-failed", G_TYPE_FROM_CLASS (klass),
                                         G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                                         G_TYPE_ERROR | G_SIGNAL_TYPE_STATIC_SCOPE);
  signals[CHECKPOINT_FAILED] = g_signal_new ("checkpoint-failed", G_TYPE_FROM_CLASS (klass),
                                             G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                             G_TYPE_NONE, 1,
                                             G_TYPE_ERROR | G_SIGNAL_TYPE_STATIC_SCOPE);
  signals[SAVE_FAILED] = g_signal_new ("save-failed", G_TYPE_FROM_CLASS (klass),
                                       G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                                       G_TYPE_ERROR | G_SIGNAL_TYPE_STATIC_SCOPE);
}

static void journal_reset (gpointer owner);
static gboolean journal_apply (gpointer owner, const AdmJournalAction *action,
                               gpointer recording, gpointer snapshot, GError **error);
static char *journal_describe (gpointer owner, const AdmJournalAction *action);
static AdmState *new_state (AdmCampaign *self);

static void
adm_campaign_init (AdmCampaign *self)
{
  self->events = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_event_unref);
  self->battles = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, stored_battle_free);
  self->battle_ids = g_ptr_array_new ();
  self->pending = g_ptr_array_new_with_free_func (pending_checkpoint_free);
  self->past_battles = g_ptr_array_new_with_free_func (_adm_past_battle_free);
  self->journal = adm_journal_new (self, journal_reset, journal_apply, journal_describe);
}

AdmCampaign *
adm_campaign_new (AdmScenario *scenario,
                  guint64      seed)
{
  AdmCampaign *self;

  g_return_val_if_fail (ADM_IS_SCENARIO (scenario), NULL);

  self = g_object_new (ADM_TYPE_CAMPAIGN, NULL);
  self->scenario = g_object_ref (scenario);
  /* A campaign carries its season: the same rules wherever it is opened, and at every table
   * its battles are handed to. */
  self->took_installed_rules = adm_scenario_carry_season (scenario);
  /* No history rewritten: the first entry of the journal records the SHA-256 of the scenario
   * the campaign begins with, and every entry the SHA-256 of itself and those before it
   * (adm_journal_seal ()); a campaign whose scenario or journal was changed since is refused
   * when it is opened. The scenario's season is part of what is sealed: a campaign written
   * before campaigns carried their rules takes the installed ones in here, as it goes on with
   * them (adm_scenario_carry_season ()), and was written before campaigns were sealed too, so
   * its first entry sealed — the next it records — seals the scenario with the season it
   * plays by from then on. */
  self->origin = adm_digest_element_sha256 (adm_scenario_get_node (scenario));
  adm_journal_seal (self->journal, self->origin);
  self->state = new_state (self);
  self->prng = adm_dice_prng_new (seed);
  return self;
}

/* Loading */

static gboolean
parse_u64 (xmlNode     *node,
           const char  *attribute,
           guint64     *out,
           const char  *display_name,
           GError     **error)
{
  g_autofree char *text = adm_xml_get_string (node, attribute);

  if (text == NULL || !g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, out, NULL))
    {
      adm_xml_set_error (error, display_name, node,
                         _("<%s> attribute “%s” must be a whole number"),
                         (const char *) node->name, attribute);
      return FALSE;
    }
  return TRUE;
}

/* The scenario takes *@doc, the document @node is in (adm_scenario_new_from_doc ()), when
 * its ruleset loads: @node stays valid as long as the scenario. */
static AdmScenario *
scenario_from_node (xmlDoc     **doc,
                    xmlNode     *node,
                    const char  *display_name,
                    GError     **error)
{
  /* The season the scenario carries, or (a scenario file, a campaign written before campaigns
   * carried their rules) the installed ruleset it names. */
  g_autoptr(AdmRuleset) ruleset = adm_ruleset_load_carried (node, display_name, error);

  if (ruleset == NULL)
    return NULL;
  return adm_scenario_new_from_doc (g_steal_pointer (doc), node, display_name, ruleset, error);
}

/* <battles>: each <engagement-battle engagement=…> holds a battle's <battle-game>, its set-up
 * only; the battle's journal is in the campaign's, each entry a <battle engagement=…> (read
 * by @reader). Files written before keep the battle whole here, its journal inside
 * <battle-game> (and "turn" and "phase" on <engagement-battle>): its entries are taken into
 * the campaign's journal, after those read, and written there when the file is next saved.
 * Where a battle stands comes from its journal; the battle itself is played, and checked
 * whole, when it is opened (adm-battle.h). */
static gboolean
load_battles (AdmCampaign       *self,
              xmlNode           *battles,
              const char        *display_name,
              AdmJournalReader  *reader,
              GError           **error)
{
  GPtrArray *in_journal = adm_journal_reader_get_battles (reader);

  for (xmlNode *node = battles != NULL ? battles->children : NULL; node != NULL; node = node->next)
    {
      g_autofree char *id = NULL;
      xmlNode *game = NULL, *setup = NULL, *journal = NULL;
      xmlBuffer *buffer;
      StoredBattle *stored;
      char *key;
      gboolean old = FALSE;

      if (node->type != XML_ELEMENT_NODE)
        continue;
      id = adm_xml_get_string (node, "engagement");
      for (xmlNode *child = node->children; child != NULL && game == NULL; child = child->next)
        if (child->type == XML_ELEMENT_NODE)
          game = child;
      if (game != NULL && adm_xml_is (game, "battle-game"))
        {
          setup = adm_xml_first_element (game, "battle");
          journal = adm_xml_first_element (game, "journal");
        }
      if (!adm_xml_is (node, "engagement-battle") || id == NULL || setup == NULL ||
          g_hash_table_contains (self->battles, id))
        {
          adm_xml_set_error (error, display_name, node,
                             _("each battle of the campaign must be an <engagement-battle> with "
                               "an engagement id of its own and a saved <battle-game> inside"));
          return FALSE;
        }
      buffer = xmlBufferCreate ();
      if (buffer == NULL || xmlNodeDump (buffer, setup->doc, setup, 1, 1) < 0)
        g_error ("Out of memory reading a campaign");
      /* As adm_battle_serialize_head () writes it: the battle's file up to its journal. */
      stored = stored_battle_new (g_strdup_printf ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                                   "<battle-game version=\"2\">\n  %s\n",
                                                   (const char *) xmlBufferContent (buffer)));
      xmlBufferFree (buffer);
      key = g_strdup (id);
      g_hash_table_insert (self->battles, key, stored);
      g_ptr_array_add (self->battle_ids, key);

      for (xmlNode *child = journal != NULL ? journal->children : NULL; child != NULL && !old;
           child = child->next)
        old = child->type == XML_ELEMENT_NODE;
      if (!old)
        {
          if (!adm_journal_load_battle (stored->journal, reader, id, error))
            return FALSE;
          continue;
        }
      /* Written before: the battle's journal inside it, taken into the campaign's. */
      for (guint i = 0; i < in_journal->len; i++)
        if (g_str_equal (g_ptr_array_index (in_journal, i), id))
          {
            adm_xml_set_error (error, display_name, journal,
                               _("the battle of engagement “%s” has a journal here and entries "
                                 "in the campaign’s journal: it can have only one"), id);
            return FALSE;
          }
      if (!adm_journal_load (stored->journal, journal, display_name, "phase", error))
        return FALSE;
      for (guint i = 0; i < adm_journal_get_n_entries (stored->journal); i++)
        if (!adm_journal_add_battle_entry (self->journal, id, stored->journal, i, error))
          return FALSE;
    }
  for (guint i = 0; i < in_journal->len; i++)
    if (!g_hash_table_contains (self->battles, g_ptr_array_index (in_journal, i)))
      {
        g_set_error (error, ADM_XML_ERROR, ADM_XML_ERROR_INVALID,
                     _("%s: the journal has entries of the battle of engagement “%s”, which the "
                       "campaign does not keep (no <engagement-battle> in <battles>)"),
                     display_name, (const char *) g_ptr_array_index (in_journal, i));
        return FALSE;
      }
  return TRUE;
}

/* The scenario as read is the one the campaign began with: its SHA-256 is the one the journal
 * recorded (adm_campaign_new ()). A file with entries and no origin was written before
 * campaigns were sealed: the next entry it records seals it as it is now. */
static gboolean
check_origin (AdmCampaign       *self,
              AdmJournalReader  *reader,
              const char        *display_name,
              GError           **error)
{
  int line = 0;
  const char *origin = adm_journal_reader_get_origin (reader, &line);

  if (origin == NULL)
    {
      self->unsealed = adm_journal_reader_get_n_entries (reader) > 0;
      return TRUE;
    }
  if (g_str_equal (origin, self->origin))
    return TRUE;
  adm_xml_set_error (error, display_name, adm_scenario_get_node (self->scenario),
                     _("the scenario was changed after the campaign began (its SHA-256 is not "
                       "the one recorded at line %d): record a correction instead"), line);
  return FALSE;
}

/* The seal of the file's end (file_tail ()): the journal as read must end where it ended when
 * the file was last saved — as many entries, the last showing the digest recorded. Every entry
 * changed, moved or added is seen by the chain of digests (adm_journal_seal ()); the last ones
 * taken out leave a chain that still holds, and are seen here. A file without it (written
 * before files recorded it, or cut short and repaired, adm_journal_repair_cut ()) opens as
 * it is; so does one whose journal shows no digest (written before campaigns were sealed). */
static gboolean
check_sealed_end (AdmCampaign  *self,
                  xmlNode      *sealed,
                  const char   *display_name,
                  GError      **error)
{
  g_autofree char *digest = NULL;
  const char *last;
  guint64 entries = 0;

  if (sealed == NULL)
    return TRUE;
  digest = adm_xml_get_string (sealed, "digest");
  last = adm_journal_get_last_digest (self->journal);
  if (digest == NULL || last == NULL)
    return TRUE;
  if (!parse_u64 (sealed, "entries", &entries, display_name, error))
    return FALSE;
  if (entries == adm_journal_get_n_entries (self->journal) && g_str_equal (digest, last))
    return TRUE;
  if (entries > adm_journal_get_n_entries (self->journal))
    adm_xml_set_error (error, display_name, sealed,
                       /* Translators: "the journal holds 41 entries, but the file was saved
                        * with 42: its last entries were taken out by hand after the campaign
                        * began: record a correction instead" */
                       _("the journal holds %u entries, but the file was saved with %u: its "
                         "last entries were taken out by hand after the campaign began: record "
                         "a correction instead"), adm_journal_get_n_entries (self->journal),
                       (guint) MIN (entries, G_MAXUINT));
  else
    adm_xml_set_error (error, display_name, sealed,
                       _("the journal does not end as the file was saved (its last entry "
                         "does not show the digest recorded here): it was changed by hand "
                         "after the campaign began: record a correction instead"));
  return FALSE;
}

/* @reader holds the journal as it was read with the file, and @journal_error what was wrong
 * with it, said once the rest of the file is found right. */
static AdmCampaign *
campaign_from_node (xmlDoc           **doc,
                    xmlNode           *root,
                    const char        *display_name,
                    AdmJournalReader  *reader,
                    GError           **journal_error,
                    GError           **error)
{
  g_autoptr(AdmScenario) scenario = NULL;
  g_autoptr(AdmCampaign) self = NULL;
  g_autofree char *format = adm_xml_get_string (root, "format");
  g_autoptr(GError) local_error = NULL;
  xmlNode *dice;
  guint64 seed, draws;

  if (g_strcmp0 (format, FORMAT_VERSION) != 0 && g_strcmp0 (format, FORMAT_VERSION_EVENTS) != 0)
    {
      adm_xml_set_error (error, display_name, root,
                         _("this campaign was written in format “%s”, which this version of "
                           "Admiralty cannot read"), format != NULL ? format : "");
      return NULL;
    }

  /* From here on the scenario holds the document, @root included. */
  scenario = scenario_from_node (doc, adm_xml_first_element (root, "scenario"), display_name,
                                 error);
  if (scenario == NULL)
    return NULL;

  dice = adm_xml_first_element (root, "dice");
  if (!parse_u64 (dice, "seed", &seed, display_name, error) ||
      !parse_u64 (dice, "draws", &draws, display_name, error))
    return NULL;
  if (draws > MAX_DICE_DRAWS)
    {
      g_autofree char *given = g_strdup_printf ("%" G_GUINT64_FORMAT, draws);
      g_autofree char *limit = g_strdup_printf ("%" G_GUINT64_FORMAT, MAX_DICE_DRAWS);

      adm_xml_set_error (error, display_name, dice,
                         _("<dice> attribute “draws” is %s; it must be at most %s (a campaign "
                           "rolls far fewer dice)"), given, limit);
      return NULL;
    }

  self = adm_campaign_new (scenario, seed);
  adm_dice_prng_restore (self->prng, seed, draws);

  /* Every action replays through the one check that admitted it (journal_apply ()). */
  if (*journal_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (journal_error));
      return NULL;
    }
  if (!check_origin (self, reader, display_name, error))
    return NULL;
  if (!adm_journal_load_reader (self->journal, reader, &local_error))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  if (!check_sealed_end (self, adm_xml_first_element (root, "sealed"), display_name, error))
    return NULL;
  if (!load_battles (self, adm_xml_first_element (root, "battles"), display_name, reader,
                     error))
    return NULL;
  /* The battles were kept as text: their trees go, the document stays with the scenario. */
  {
    xmlNode *battles = adm_xml_first_element (root, "battles");

    if (battles != NULL)
      {
        xmlUnlinkNode (battles);
        xmlFreeNode (battles);
      }
  }
  return g_steal_pointer (&self);
}

/* A file that fails to load is "damaged" rather than merely invalid when it was a campaign:
 * then the master's work is at stake, and the backups are the way back. */
static gboolean
looks_like_campaign (const char *path,
                     const char *data,
                     gsize       length)
{
  g_autofree char *backup = NULL;

  if (data != NULL && g_strstr_len (data, MIN (length, 4096), "<campaign") != NULL)
    return TRUE;
  backup = adm_campaign_backup_path (path, 1);
  return path != NULL && g_file_test (backup, G_FILE_TEST_EXISTS);
}

static AdmCampaign *
load_memory (GBytes      *bytes,
             const char  *display_name,
             gboolean    *is_campaign,
             GError     **error)
{
  gsize length;
  const char *data = g_bytes_get_data (bytes, &length);
  g_autoptr(AdmJournalReader) reader = adm_journal_reader_new (display_name, NULL);
  g_autoptr(GError) journal_error = NULL;
  g_autoptr(xmlDoc) doc = NULL;
  g_autoptr(AdmScenario) scenario = NULL;
  AdmCampaign *self;
  xmlNode *root;

  /* The journal, most of a long campaign's file, is read entry by entry as the file is
   * parsed, and checked by the journal itself rather than by the schema: a tree of it and the
   * schema's walk over that tree were most of the time it took to open one. */
  adm_journal_reader_set_bytes (reader, bytes);
  /* A campaign's journal is sealed (adm_campaign_new ()). */
  adm_journal_reader_set_sealed (reader);
  doc = adm_xml_read_memory_streamed (data, length, display_name, NULL, "journal",
                                      adm_journal_reader_add, reader, &journal_error, error);
  if (doc == NULL)
    return NULL;
  root = xmlDocGetRootElement (doc);

  *is_campaign = adm_xml_is (root, "campaign");
  if (*is_campaign)
    return campaign_from_node (&doc, root, display_name, reader, &journal_error, error);

  if (!adm_xml_is (root, "scenario"))
    {
      adm_xml_set_error (error, display_name, root,
                         _("this is a <%s> file, not a scenario or a campaign"),
                         (const char *) root->name);
      return NULL;
    }

  scenario = scenario_from_node (&doc, root, display_name, error);
  if (scenario == NULL)
    return NULL;
  /* A new campaign's dice are seeded from the clock: every campaign rolls differently. */
  self = adm_campaign_new (scenario, (guint64) g_get_real_time () ^ g_random_int ());
  /* A new campaign takes the installed rules as a matter of course: nothing to say. */
  self->took_installed_rules = FALSE;
  return self;
}

AdmCampaign *
adm_campaign_load_memory (const char  *data,
                          gsize        length,
                          const char  *display_name,
                          GError     **error)
{
  gboolean is_campaign = FALSE;
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (display_name != NULL, NULL);

  bytes = g_bytes_new (data, length);
  return load_memory (bytes, display_name, &is_campaign, error);
}

AdmCampaign *
adm_campaign_open (const char  *path,
                   GError     **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) local_error = NULL;
  gsize length = 0;
  gboolean is_campaign = FALSE;
  AdmCampaign *self;
  AdmFileStamp stamp;
  gboolean stamped;
  const char *data;

  g_return_val_if_fail (path != NULL, NULL);

  /* The file as it is before it is read: a change made by another program after this is
   * never written over (ADM_JOURNAL_SAVE_GUARD). */
  stamped = adm_file_get_stamp (path, &stamp);
  /* The journal keeps what it read of these bytes (adm_journal_reader_set_bytes ()). */
  bytes = adm_xml_read_file_bytes (path, error);
  if (bytes == NULL)
    return NULL;
  data = g_bytes_get_data (bytes, &length);

  self = load_memory (bytes, path, &is_campaign, &local_error);
  if (self == NULL)
    {
      /* A file whose end was cut while an action was being added to it opens at its last
       * complete action, and says so (adm_journal_get_recovery_note ()). */
      int line = 0;
      g_autoptr(GBytes) repaired = adm_journal_repair_cut (data, length, path, "campaign", &line);

      if (repaired != NULL)
        self = load_memory (repaired, path, &is_campaign, NULL);
      if (self != NULL && is_campaign)
        {
          adm_journal_set_repaired (self->journal, path, line);
          self->path = g_strdup (path);
          if (stamped)
            adm_journal_note_file (self->journal, path, &stamp);
          return self;
        }
      g_clear_object (&self);
    }
  if (self == NULL)
    {
      if (looks_like_campaign (path, data, length))
        g_set_error_literal (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_CORRUPT,
                             local_error->message);
      else
        g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }

  /* A campaign goes on saving where it was opened; a scenario is only a starting point. */
  if (is_campaign)
    self->path = g_strdup (path);
  if (is_campaign && stamped)
    adm_journal_note_file (self->journal, path, &stamp);
  return self;
}

AdmCampaign *
adm_campaign_open_for_writing (const char  *path,
                               GError     **error)
{
  g_autoptr(AdmFileLock) lock = NULL;
  g_autoptr(GError) local_error = NULL;
  AdmCampaign *self;

  g_return_val_if_fail (path != NULL, NULL);

  /* Locked before it is read: what is read is what the next save adds to. A lock that cannot
   * be taken for another reason than its holder (no folder for lock files) is not a refusal
   * to open: the first save tries again, and says why it cannot. */
  lock = adm_file_lock (path, &local_error);
  if (g_error_matches (local_error, ADM_FILE_ERROR, ADM_FILE_ERROR_LOCKED))
    {
      g_autofree char *display = g_filename_display_name (path);

      g_propagate_prefixed_error (error, g_steal_pointer (&local_error),
                                  _("Cannot open %s for writing: "), display);
      return NULL;
    }
  self = adm_campaign_open (path, error);
  /* A scenario is not written: it only starts a campaign. */
  if (self != NULL && self->path != NULL)
    self->lock = g_steal_pointer (&lock);
  return self;
}

gboolean
adm_campaign_check_file (AdmCampaign  *self,
                         GError      **error)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);

  return self->path == NULL || adm_journal_check_file (self->journal, self->path, error);
}

char *
adm_campaign_backup_path (const char *path,
                          guint       n)
{
  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (n >= 1 && n <= ADM_CAMPAIGN_BACKUPS, NULL);

  /* "war.admiralty" → "war.backup-1.admiralty": backups stay openable as campaigns. */
  return adm_file_backup_path (path, ".admiralty", n);
}

char *
adm_campaign_find_backup (const char *path)
{
  g_autoptr(GPtrArray) checkpoints = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  for (guint n = 1; n <= ADM_CAMPAIGN_BACKUPS; n++)
    {
      g_autofree char *backup = adm_campaign_backup_path (path, n);
      g_autoptr(AdmCampaign) campaign = NULL;

      if (!g_file_test (backup, G_FILE_TEST_IS_REGULAR))
        continue;
      campaign = adm_campaign_open (backup, NULL);
      if (campaign != NULL)
        return g_steal_pointer (&backup);
    }
  /* Then the checkpoints kept per cycle resolved, newest first. */
  checkpoints = adm_file_list_checkpoints (path);
  for (guint i = 0; i < checkpoints->len; i++)
    {
      g_autoptr(AdmCampaign) campaign = adm_campaign_open (g_ptr_array_index (checkpoints, i),
                                                           NULL);

      if (campaign != NULL)
        return g_strdup (g_ptr_array_index (checkpoints, i));
    }
  return NULL;
}

/* Accessors */

AdmScenario *
adm_campaign_get_scenario (AdmCampaign *self)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), NULL);
  return self->scenario;
}

GPtrArray *
adm_campaign_get_admirals (AdmCampaign *self)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), NULL);
  return adm_strategy_get_admirals (adm_state_get_strategy (self->state));
}

AdmAdmiral *
adm_campaign_lookup_admiral (AdmCampaign *self,
                             const char  *id)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), NULL);
  return adm_strategy_lookup_admiral (adm_state_get_strategy (self->state), id);
}

gboolean
adm_campaign_took_installed_rules (AdmCampaign *self)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);
  return self->took_installed_rules;
}

gboolean
adm_campaign_was_unsealed (AdmCampaign *self)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);
  return self->unsealed;
}

AdmRuleset *
adm_campaign_get_ruleset (AdmCampaign *self)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), NULL);
  return adm_scenario_get_ruleset (self->scenario);
}

AdmState *
adm_campaign_get_state (AdmCampaign *self)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), NULL);
  return self->state;
}

AdmDicePrng *
adm_campaign_get_prng (AdmCampaign *self)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), NULL);
  return self->prng;
}

GPtrArray *
adm_campaign_get_events (AdmCampaign *self)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), NULL);
  return self->events;
}

AdmState *
adm_campaign_replay (AdmCampaign  *self,
                     GPtrArray    *events,
                     guint         n_strict,
                     GError      **error)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), NULL);
  g_return_val_if_fail (events != NULL, NULL);

  if (self->replays == NULL)
    self->replays = adm_replays_new (self->scenario, ADM_CAMPAIGN_REPLAYS);
  return adm_replays_get (self->replays, events, n_strict, error);
}

GPtrArray *
_adm_campaign_get_past_battles (AdmCampaign *self)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), NULL);
  return self->past_battles;
}

const char *
adm_campaign_get_path (AdmCampaign *self)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), NULL);
  return self->path;
}

gboolean
adm_campaign_can_undo (AdmCampaign *self)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);
  return adm_journal_can_undo (self->journal);
}

gboolean
adm_campaign_can_redo (AdmCampaign *self)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);
  return adm_journal_can_redo (self->journal);
}

/* Saving */

/* The file up to the <dice> element: it never changes, so it is serialised once. */
static const char *
header (AdmCampaign *self)
{
  if (self->header == NULL)
    {
      g_autoptr(xmlDoc) doc = xmlNewDoc ((const xmlChar *) "1.0");
      xmlNode *node = xmlDocCopyNode (adm_scenario_get_node (self->scenario), doc, 1);
      xmlBuffer *buffer = xmlBufferCreate ();

      xmlDocSetRootElement (doc, node);
      if (buffer == NULL || xmlNodeDump (buffer, doc, node, 1, 1) < 0)
        g_error ("Out of memory writing a campaign");
      self->header = g_strdup_printf ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                      "<campaign format=\"%s\">\n  %s\n",
                                      FORMAT_VERSION, (const char *) xmlBufferContent (buffer));
      xmlBufferFree (buffer);
    }
  return self->header;
}

/* <battles>: each battle's set-up, written once when it is first kept; its journal's entries
 * are in the campaign's journal. Made again only when a battle is added. */
static const char *
battles_text (AdmCampaign *self)
{
  GString *out;

  if (self->battles_text != NULL)
    return self->battles_text;
  out = g_string_new (NULL);
  if (self->battle_ids->len > 0)
    g_string_append (out, "  <battles>\n");
  for (guint i = 0; i < self->battle_ids->len; i++)
    {
      const char *id = g_ptr_array_index (self->battle_ids, i);
      StoredBattle *battle = g_hash_table_lookup (self->battles, id);
      g_autofree char *escaped = g_markup_escape_text (id, -1);
      const char *body = battle->head;

      /* The saved battle's own declaration goes: it is an element of this file now. */
      if (g_str_has_prefix (body, "<?xml"))
        {
          const char *end = strstr (body, "?>");

          body = end != NULL ? end + 2 : body;
          while (*body == '\n')
            body++;
        }
      g_string_append_printf (out, "    <engagement-battle engagement=\"%s\">\n", escaped);
      g_string_append (out, body);
      if (out->len > 0 && out->str[out->len - 1] != '\n')
        g_string_append_c (out, '\n');
      g_string_append (out, "</battle-game>\n    </engagement-battle>\n");
    }
  if (self->battle_ids->len > 0)
    g_string_append (out, "  </battles>\n");
  self->battles_text = g_string_free (out, FALSE);
  return self->battles_text;
}

/* The file up to its journal: the scenario, the program's dice and the battles. The dice's
 * "draws" is written at a fixed width (padded with spaces inside the tag), so that a roll
 * changes the head in place and a save after it still only adds to the file
 * (adm_journal_save ()). */
static GString *
file_head (AdmCampaign *self)
{
  g_autofree char *draws = g_strdup_printf ("%" G_GUINT64_FORMAT,
                                            adm_dice_prng_get_draws (self->prng));
  GString *out = g_string_sized_new (strlen (header (self)) + 256);

  g_string_append (out, header (self));
  g_string_append_printf (out, "  <dice seed=\"%" G_GUINT64_FORMAT "\" draws=\"%s\"%*s/>\n",
                          adm_dice_prng_get_seed (self->prng), draws,
                          (int) (20 - MIN (strlen (draws), 20)), "");
  /* The battles' set-ups go before the journal, which ends the file: the file grows at its end
   * only, a battle's phases included. */
  g_string_append (out, battles_text (self));
  return out;
}

/* What closes the file after its journal: "</campaign>", after the seal of its end when its
 * journal is sealed — <sealed entries="N" digest="…"/>, the number of entries the journal
 * holds and the digest its last one shows — so that taking out its last entries by hand is
 * seen as taking out any other is (check_sealed_end ()). Written again with every save, as
 * the tail is (adm_journal_save ()). */
static char *
file_tail (AdmCampaign *self)
{
  const char *digest = adm_journal_get_last_digest (self->journal);

  if (digest == NULL)
    return g_strdup ("</campaign>\n");
  return g_strdup_printf ("  <sealed entries=\"%u\" digest=\"%s\"/>\n</campaign>\n",
                          adm_journal_get_n_entries (self->journal), digest);
}

char *
adm_campaign_serialize (AdmCampaign *self,
                        gsize       *length)
{
  g_autofree char *tail = NULL;
  GString *out;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), NULL);

  out = file_head (self);
  adm_journal_write (self->journal, out);
  tail = file_tail (self);
  g_string_append (out, tail);
  if (length != NULL)
    *length = out->len;
  return g_string_free (out, FALSE);
}

/* "checkpoint-failed": the checkpoint @label of @path could not be written (@error). */
static void
checkpoint_failed (AdmCampaign  *self,
                   const char   *path,
                   const char   *label,
                   const GError *cause)
{
  g_autofree char *file = adm_file_checkpoint_path (path, label);
  g_autofree char *folder = g_path_get_dirname (file);
  g_autofree char *display = g_filename_display_name (folder);
  g_autoptr(GError) error = NULL;

  g_set_error (&error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_SAVE,
               /* Translators: "The campaign is saved, but its checkpoint “cycle-2”
                * could not be kept in /home/m/.war.admiralty.checkpoints: No space
                * left on device" */
               _("The campaign is saved, but its checkpoint “%s” could not be kept "
                 "in %s: %s"), label, display, cause->message);
  g_signal_emit (self, signals[CHECKPOINT_FAILED], 0, error);
}

static void saved_waiters_run (AdmCampaign *self);

typedef struct {
  GWeakRef campaign;
  guint64  ticket;
  char    *path;
  char    *label;
} Checkpointing;

static void
checkpointing_free (gpointer data)
{
  Checkpointing *checkpointing = data;

  g_weak_ref_clear (&checkpointing->campaign);
  g_free (checkpointing->path);
  g_free (checkpointing->label);
  g_free (checkpointing);
}

/* A checkpoint written by the flusher (adm_file_when_flushed ()), or not. */
static void
checkpoint_written_cb (gpointer      data,
                       const GError *error)
{
  Checkpointing *checkpointing = data;
  g_autoptr(AdmCampaign) self = g_weak_ref_get (&checkpointing->campaign);

  if (self == NULL)
    return;
  self->flushed = MAX (self->flushed, checkpointing->ticket);
  if (error != NULL)
    checkpoint_failed (self, checkpointing->path, checkpointing->label, error);
  saved_waiters_run (self);
}

/* The milestones reached since the last save, kept beside @path, which was just saved
 * (adm_file_write_checkpoint ()): ordinary saves never rotate them away. The save itself
 * succeeded; a checkpoint that cannot be written costs only that safety net, and is said by
 * "checkpoint-failed". With @later, each is written by the flusher after the flush of the
 * save (adm_file_write_checkpoint_later ()), and adm_campaign_when_saved () waits for it. */
static void
write_checkpoints (AdmCampaign *self,
                   const char  *path,
                   gboolean     later)
{
  g_autoptr(GPtrArray) pending = g_steal_pointer (&self->pending);

  self->pending = g_ptr_array_new_with_free_func (pending_checkpoint_free);
  for (guint i = 0; i < pending->len; i++)
    {
      PendingCheckpoint *milestone = g_ptr_array_index (pending, i);
      g_autoptr(GError) local_error = NULL;

      if (later)
        {
          Checkpointing *checkpointing = g_new0 (Checkpointing, 1);

          g_weak_ref_init (&checkpointing->campaign, self);
          checkpointing->path = g_strdup (path);
          checkpointing->label = g_strdup (milestone->label);
          checkpointing->ticket = adm_file_write_checkpoint_later (
            path, milestone->label, g_steal_pointer (&milestone->data), milestone->length);
          self->flush_wanted = checkpointing->ticket;
          adm_file_when_flushed (checkpointing->ticket, g_main_context_get_thread_default (),
                                 checkpoint_written_cb, checkpointing, checkpointing_free);
        }
      else if (!adm_file_write_checkpoint (path, milestone->label, milestone->data,
                                           milestone->length, &local_error))
        checkpoint_failed (self, path, milestone->label, local_error);
    }
}

/* A milestone for the next save to keep as the checkpoint @label: the file as it stands now. */
static void
add_milestone (AdmCampaign *self,
               const char  *label)
{
  PendingCheckpoint *milestone = g_new0 (PendingCheckpoint, 1);

  milestone->label = g_strdup (label);
  milestone->data = adm_campaign_serialize (self, &milestone->length);
  g_ptr_array_add (self->pending, milestone);
}

/* The waiters whose saves are on the disk, told so. */
static void
saved_waiters_run (AdmCampaign *self)
{
  while (!g_queue_is_empty (&self->saved_waiters) &&
         ((SavedWaiter *) g_queue_peek_head (&self->saved_waiters))->ticket <= self->flushed)
    {
      SavedWaiter *waiter = g_queue_pop_head (&self->saved_waiters);

      waiter->done (waiter->data, self->flush_error);
      g_free (waiter);
    }
}

/* The flush of a save to the campaign's file done (adm_file_when_flushed_for ()). One that
 * failed may have lost what was added in place: the next save writes the file whole, and until
 * then every waiter is told. */
static void
flushed_cb (GObject      *owner,
            guint64       ticket,
            const char   *path,
            const GError *error)
{
  AdmCampaign *self = ADM_CAMPAIGN (owner);

  self->flushed = MAX (self->flushed, ticket);
  if (error != NULL)
    {
      adm_journal_forget_file (self->journal, path);
      if (self->flush_error == NULL)
        self->flush_error = g_error_new (ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_SAVE,
                                         _("Cannot save the campaign to %s: %s"),
                                         path, error->message);
      if (g_strcmp0 (self->path, path) == 0)
        g_signal_emit (self, signals[SAVE_FAILED], 0, error);
    }
  saved_waiters_run (self);
}

void
adm_campaign_when_saved (AdmCampaign      *self,
                         AdmCampaignSaved  done,
                         gpointer          data)
{
  SavedWaiter *waiter;

  g_return_if_fail (ADM_IS_CAMPAIGN (self));
  g_return_if_fail (done != NULL);

  if (self->flush_wanted <= self->flushed)
    {
      done (data, self->flush_error);
      return;
    }
  waiter = g_new0 (SavedWaiter, 1);
  waiter->ticket = self->flush_wanted;
  waiter->done = done;
  waiter->data = data;
  g_queue_push_tail (&self->saved_waiters, waiter);
}

static gboolean campaign_save (AdmCampaign *self, const char *path,
                               AdmJournalSaveFlags flags, GError **error);

gboolean
adm_campaign_save (AdmCampaign  *self,
                   const char   *path,
                   GError      **error)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  return campaign_save (self, path, self->flush_later ? ADM_JOURNAL_SAVE_FLUSH_LATER : 0, error);
}

void
adm_campaign_set_flush_later (AdmCampaign *self,
                              gboolean     flush_later)
{
  g_return_if_fail (ADM_IS_CAMPAIGN (self));

  self->flush_later = flush_later;
}

/* adm_campaign_save (), with @flags for the journal's save (ADM_JOURNAL_SAVE_FLUSH_LATER). */
static gboolean
campaign_save (AdmCampaign         *self,
               const char          *path,
               AdmJournalSaveFlags  flags,
               GError             **error)
{
  g_autoptr(GString) head = NULL;
  g_autofree char *tail = file_tail (self);
  g_autoptr(GError) local_error = NULL;
  g_autoptr(AdmFileLock) lock = NULL;
  gboolean whole = FALSE;
  guint64 ticket;

  /* One writer per file: the campaign holds the lock of the file it writes from its first
   * save there (or from adm_campaign_open_for_writing ()) for as long as it lives. */
  if (self->lock == NULL || g_strcmp0 (adm_file_lock_get_path (self->lock), path) != 0)
    lock = adm_file_lock (path, &local_error);
  else
    lock = adm_file_lock_ref (self->lock);
  /* What was recorded since the last save is added to the file; the first save writes it
   * whole, atomically, the one before kept as backup 1 (adm_journal_save ()). Never over a
   * change this campaign has not read. */
  if (lock != NULL)
    head = file_head (self);
  if (lock == NULL ||
      !adm_journal_save (self->journal, path, ".admiralty",
                         ADM_JOURNAL_SAVE_BACKUPS | ADM_JOURNAL_SAVE_GUARD | flags, head->str,
                         head->len, tail, strlen (tail), &local_error))
    {
      g_set_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_SAVE,
                   _("Cannot save the campaign to %s: %s"), path, local_error->message);
      if (g_strcmp0 (self->path, path) == 0)
        g_signal_emit (self, signals[SAVE_FAILED], 0, local_error);
      return FALSE;
    }
  if (self->lock != lock)
    {
      g_clear_pointer (&self->lock, adm_file_lock_unref);
      self->lock = g_steal_pointer (&lock);
    }
  /* Its last flush left to the flusher: waited for by adm_campaign_when_saved (). A file
   * written whole is on the disk whatever an earlier flush came to. */
  ticket = adm_journal_get_last_flush (self->journal, &whole);
  if (ticket > 0)
    {
      self->flush_wanted = ticket;
      adm_file_when_flushed_for (G_OBJECT (self), ticket, path, flushed_cb);
    }
  else if (whole && g_strcmp0 (self->path, path) == 0)
    g_clear_error (&self->flush_error);

  if (g_strcmp0 (self->path, path) != 0)
    {
      g_free (self->path);
      self->path = g_strdup (path);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PATH]);
    }
  write_checkpoints (self, path, (flags & ADM_JOURNAL_SAVE_FLUSH_LATER) != 0);
  return TRUE;
}

/* The journal (adm-journal.h): the state is the replay of the actions in effect. */

/* F-STRAT-4: whether @formation_id (NULL: any) fights a battle under way — one this campaign
 * keeps and has not ended, or one handed to another table — as the state's one check asks it
 * of a correction and of the campaign's end (adm_state_set_battle_func ()). */
static gboolean
battle_under_way (AdmState    *state,
                  const char  *formation_id,
                  char       **engagement_id,
                  char       **table,
                  gpointer     user_data)
{
  AdmCampaign *self = user_data;
  g_autoptr(GPtrArray) queue = adm_engagement_queue_new (state, 0);

  for (guint i = 0; i < queue->len; i++)
    {
      AdmQueuedEngagement *engagement = g_ptr_array_index (queue, i);

      adm_queued_engagement_add_progress (self, engagement);
      if ((engagement->status == ADM_ENGAGEMENT_IN_PROGRESS || engagement->table != NULL) &&
          (formation_id == NULL ||
           g_ptr_array_find_with_equal_func (engagement->formation_ids, formation_id,
                                             g_str_equal, NULL)))
        {
          *engagement_id = g_strdup (engagement->id);
          *table = g_strdup (engagement->table);
          return TRUE;
        }
    }
  return FALSE;
}

/* A state of this campaign's scenario that knows its battles under way. */
static AdmState *
new_state (AdmCampaign *self)
{
  AdmState *state = adm_state_new (self->scenario);

  adm_state_set_battle_func (state, battle_under_way, self);
  return state;
}

static void
journal_reset (gpointer owner)
{
  AdmCampaign *self = owner;

  g_set_object (&self->state, NULL);
  self->state = new_state (self);
  g_ptr_array_set_size (self->events, 0);
}

/* The one check: an action enters the journal only if every event of it applies, in order,
 * and a journal replays only through here. All or nothing: an action refused half-way leaves
 * the state as the actions in effect make it. An action recorded now (adm_campaign_record ()
 * hands the journal the campaign as @recording) or brought back by a redo is new to the
 * state: held to the checks a journal replaying is not (adm_state_set_replaying ()). */
static gboolean
journal_apply (gpointer                owner,
               const AdmJournalAction *action,
               gpointer                recording,
               gpointer                snapshot,
               GError                **error)
{
  AdmCampaign *self = owner;
  GPtrArray *events = adm_journal_action_get_events (action);
  guint before = self->events->len;

  adm_state_set_replaying (self->state, recording == NULL && action != self->redoing);
  for (guint i = 0; i < events->len; i++)
    {
      AdmEvent *event = g_ptr_array_index (events, i);

      if (!adm_state_apply (self->state, event, error))
        {
          adm_state_set_replaying (self->state, FALSE);
          if (i > 0)
            {
              g_autoptr(AdmState) state = new_state (self);

              /* Take back the events of this action already applied. */
              g_ptr_array_set_size (self->events, before);
              adm_state_set_replaying (state, TRUE);
              for (guint e = 0; e < self->events->len; e++)
                if (!adm_state_apply (state, g_ptr_array_index (self->events, e), NULL))
                  g_error ("A campaign journal that replayed before no longer replays");
              adm_state_set_replaying (state, FALSE);
              g_set_object (&self->state, state);
            }
          return FALSE;
        }
      g_ptr_array_add (self->events, adm_event_ref (event));
    }
  adm_state_set_replaying (self->state, FALSE);
  return TRUE;
}

static const char *
admiral_name (AdmCampaign *self,
              const char  *id)
{
  const AdmAdmiral *admiral = adm_strategy_lookup_admiral (adm_state_get_strategy (self->state),
                                                           id);

  return admiral != NULL ? admiral->name : id;
}

static const char *
formation_name (AdmCampaign *self,
                const char  *id)
{
  const AdmFormationPosition *position =
    id != NULL ? adm_strategy_get_position (adm_state_get_strategy (self->state), id) : NULL;

  return position != NULL && position->formation != NULL ? position->formation->name : id;
}

/* The master's corrections (adm-correction.h) and the damage and readiness events they share:
 * named by the ship or formation they touch. */
static char *
describe_correction (AdmCampaign            *self,
                     const AdmJournalAction *action)
{
  GPtrArray *events = adm_journal_action_get_events (action);
  AdmEvent *event = events->len > 0 ? g_ptr_array_index (events, 0) : NULL;
  const char *what = adm_journal_action_get_what (action);
  const char *ship_id = event != NULL ? adm_event_get (event, "ship") : NULL;
  AdmShipState *ship = adm_state_get_ship (self->state, ship_id);
  const char *ship_name = ship != NULL ? ship->ship->name : ship_id;
  const char *formation = event != NULL ? adm_event_get (event, "formation") : NULL;
  const char *sector_id = event != NULL ? adm_event_get (event, "sector") : NULL;
  const AdmSector *sector = sector_id != NULL ? adm_scenario_lookup_sector (self->scenario,
                                                                           sector_id) : NULL;

  if (g_str_equal (what, "minefield") && sector_id != NULL)
    /* Translators: an action to undo: "Mines cleared in Pol orbit" */
    return g_strdup_printf (_("Mines cleared in %s"), sector != NULL ? sector->name : sector_id);
  if (g_str_equal (what, "station") && event != NULL)
    /* Translators: an action to undo: "Station Pol Six" */
    return g_strdup_printf (_("Station %s"), adm_event_get (event, "station") != NULL
                                             ? adm_event_get (event, "station") : "");
  if (g_str_equal (what, "new-admiral") && event != NULL)
    /* Translators: an action to undo: "Adm. Rian Degtiar joins the game" */
    return g_strdup_printf (_("%s joins the game"), adm_event_get (event, "name") != NULL
                                                   ? adm_event_get (event, "name") : "");
  if (g_str_equal (what, "retire-admiral") && event != NULL)
    /* Translators: an action to undo: "Adm. Lord Vorlakial leaves the game" */
    return g_strdup_printf (_("%s leaves the game"),
                            admiral_name (self, adm_event_get (event, "admiral")));
  if (g_str_equal (what, "new-ship") && events->len > 0)
    {
      AdmEvent *last = g_ptr_array_index (events, events->len - 1);
      const char *joined = adm_event_get (last, "formation");

      if (g_str_equal (adm_event_get_kind (last), "new-formation"))
        /* Translators: an action to undo: "Reinforcements: Third Flotilla" */
        return g_strdup_printf (_("Reinforcements: %s"), adm_event_get (last, "name") != NULL
                                                         ? adm_event_get (last, "name") : "");
      /* Translators: an action to undo: "Reinforcements for Jade Squadron" */
      return g_strdup_printf (_("Reinforcements for %s"),
                              formation_name (self, joined != NULL ? joined : ""));
    }
  if (g_str_equal (what, "damage"))
    /* Translators: an action to undo: "Damage to Prince Serg" */
    return ship_name != NULL ? g_strdup_printf (_("Damage to %s"), ship_name)
                             : g_strdup (_("Damage"));
  if (g_str_equal (what, "readiness"))
    /* Translators: an action to undo: "Readiness of Prince Serg" */
    return ship_name != NULL ? g_strdup_printf (_("Readiness of %s"), ship_name)
                             : g_strdup (_("Readiness change"));
  if (g_str_equal (what, "repair") && ship_name != NULL)
    /* Translators: an action to undo: "Repair of Prince Serg" */
    return g_strdup_printf (_("Repair of %s"), ship_name);
  if (g_str_equal (what, "remove-ship") && ship_name != NULL)
    /* Translators: an action to undo: "Prince Serg taken out of the campaign" */
    return g_strdup_printf (_("%s taken out of the campaign"), ship_name);
  if (g_str_equal (what, "hand-over") && ship_name != NULL && formation != NULL)
    /* Translators: an action to undo: "Prince Serg handed to Jade Squadron" */
    return g_strdup_printf (_("%s handed to %s"), ship_name, formation_name (self, formation));
  if (g_str_equal (what, "relocate") && formation != NULL)
    /* Translators: an action to undo: "Jade Squadron moved to Pol orbit" */
    return g_strdup_printf (_("%s moved to %s"), formation_name (self, formation),
                            sector != NULL ? sector->name : sector_id);
  return NULL;
}

static char *
journal_describe (gpointer                owner,
                  const AdmJournalAction *action)
{
  AdmCampaign *self = owner;
  AdmEvent *head = adm_journal_action_get_head (action);
  const char *what = adm_journal_action_get_what (action);
  const char *admiral = adm_event_get (head, "admiral");
  const char *cycle = adm_event_get (head, "cycle");
  const char *formation = adm_event_get (head, "formation");

  if (g_str_equal (what, "sheet") && admiral != NULL && cycle != NULL)
    /* Translators: "Adm. Aral Vorkosigan's order sheet, cycle 2": an action to undo. */
    return g_strdup_printf (_("%s’s order sheet, cycle %s"), admiral_name (self, admiral), cycle);
  if (g_str_equal (what, "sheets") && cycle != NULL)
    return g_strdup_printf (_("Order sheets of cycle %s"), cycle);
  if (g_str_equal (what, "order") && formation != NULL)
    return g_strdup_printf (_("%s’s order for %s"), admiral_name (self, admiral),
                            formation_name (self, formation));
  if (g_str_equal (what, "order") && admiral != NULL)
    return g_strdup_printf (_("%s’s order"), admiral_name (self, admiral));
  if (g_str_equal (what, "cycle") && cycle != NULL)
    return g_strdup_printf (_("Resolve cycle %s"), cycle);
  if (g_str_equal (what, "end-campaign"))
    /* Translators: an action to undo: the master declared the game over */
    return g_strdup (_("End of the campaign"));
  if (g_str_equal (what, "publish"))
    /* Translators: an action to undo: every side's archive became the master's */
    return g_strdup (_("The whole truth published"));
  if (g_str_equal (what, "reveal") && formation != NULL)
    return g_strdup_printf (_("Reveal %s"), formation_name (self, formation));
  if (g_str_equal (what, "assign") && formation != NULL && admiral != NULL)
    /* Translators: an action in the undo history: "Give Prizes taken at Pol orbit to Aral" */
    return g_strdup_printf (_("Give %s to %s"), formation_name (self, formation),
                            admiral_name (self, admiral));
  if (g_str_equal (what, "roll"))
    {
      GPtrArray *events = adm_journal_action_get_events (action);
      const char *purpose = events->len > 0 ? adm_event_get (g_ptr_array_index (events, 0),
                                                             "purpose") : NULL;

      return g_strdup_printf (_("Roll for “%s”"), purpose != NULL ? purpose : "");
    }
  if (g_str_equal (what, "damage") || g_str_equal (what, "readiness") ||
      g_str_equal (what, "remove-ship") || g_str_equal (what, "hand-over") ||
      g_str_equal (what, "relocate") || g_str_equal (what, "new-ship") ||
      g_str_equal (what, "retire-admiral") || g_str_equal (what, "new-admiral") ||
      g_str_equal (what, "station") ||
      g_str_equal (what, "minefield"))
    return describe_correction (self, action);
  /* The muster before cycle 1 (adm-muster.h). */
  if (g_str_equal (what, "muster") && admiral != NULL)
    /* Translators: an action to undo: "Adm. Aral Vorkosigan’s muster" */
    return g_strdup_printf (_("%s’s muster"), admiral_name (self, admiral));
  if (g_str_equal (what, "muster-accept") && admiral != NULL)
    /* Translators: an action to undo: "Adm. Aral Vorkosigan’s muster accepted" */
    return g_strdup_printf (_("%s’s muster accepted"), admiral_name (self, admiral));
  if (g_str_equal (what, "muster-return") && admiral != NULL)
    /* Translators: an action to undo: "Adm. Aral Vorkosigan’s muster returned" */
    return g_strdup_printf (_("%s’s muster returned"), admiral_name (self, admiral));
  if (g_str_equal (what, "muster-position") && admiral != NULL && formation != NULL)
    /* Translators: an action to undo: "Starting position of formation 2 of Adm. Aral
     * Vorkosigan" */
    return g_strdup_printf (_("Starting position of formation %s of %s"), formation,
                            admiral_name (self, admiral));
  if (g_str_equal (what, "muster-start"))
    /* Translators: an action to undo: the master ends the muster */
    return g_strdup (_("Muster over, cycle 1 started"));
  if (g_str_equal (what, "note"))
    return g_strdup (_("Note"));
  if (g_str_equal (what, "battle-end") && adm_event_get (head, "engagement") != NULL)
    /* Translators: an action to undo: "End of the battle of engagement c1-2 (Pol orbit)" */
    return g_strdup_printf (_("End of the battle of engagement %s (%s)"),
                            adm_event_get (head, "engagement"),
                            adm_event_get (head, "place") != NULL ? adm_event_get (head, "place")
                                                                  : "");
  if (g_str_equal (what, "dice-commit") && adm_event_get (head, "engagement") != NULL)
    /* Translators: an action to undo: "Dice commitment for engagement c1-3" */
    return g_strdup_printf (_("Dice commitment for engagement %s"),
                            adm_event_get (head, "engagement"));
  if (g_str_equal (what, "placements") && adm_event_get (head, "engagement") != NULL)
    /* Translators: an action to undo: "Placements for engagement c1-3" */
    return g_strdup_printf (_("Placements for engagement %s"), adm_event_get (head, "engagement"));
  if (g_str_equal (what, "layout") && adm_event_get (head, "engagement") != NULL)
    /* Translators: an action to undo: "New table for engagement c1-3" */
    return g_strdup_printf (_("New table for engagement %s"), adm_event_get (head, "engagement"));
  if (g_str_equal (what, "table-assign") && adm_event_get (head, "engagement") != NULL)
    /* Translators: an action to undo: "Engagement c1-3 to the table “Table 2”" */
    return g_strdup_printf (_("Engagement %s to the table “%s”"),
                            adm_event_get (head, "engagement"),
                            adm_event_get (head, "table") != NULL ? adm_event_get (head, "table")
                                                                  : "");
  if (g_str_equal (what, "table-take-back") && adm_event_get (head, "engagement") != NULL)
    /* Translators: an action to undo: "Engagement c1-3 taken back from its table" */
    return g_strdup_printf (_("Engagement %s taken back from its table"),
                            adm_event_get (head, "engagement"));
  if (g_str_equal (what, "resolve-phase") || g_str_equal (what, "phase"))
    /* A battle's phase, kept in the campaign's journal (adm_campaign_keep_battle ()). */
    return adm_battle_describe_action (action);
  if (g_str_equal (what, "repair"))
    return describe_correction (self, action);
  return NULL;
}

static void
changed (AdmCampaign *self,
         gboolean     could_undo,
         gboolean     could_redo)
{
  if (could_undo != adm_campaign_can_undo (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  if (could_redo != adm_campaign_can_redo (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
  self->changed_battle = NULL;
  g_signal_emit (self, signals[CHANGED], 0);
}

/* After every save, the second copy when the master keeps one: its failure does not take
 * the action back (the campaign itself is saved) but is said at once, by "mirror-failed". */
static void
mirror (AdmCampaign *self)
{
  g_autoptr(GString) head = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *base = NULL;
  g_autofree char *copy = NULL;
  g_autofree char *tail = NULL;

  if (self->mirror == NULL || self->path == NULL)
    return;
  tail = file_tail (self);
  /* Like the file itself: added to after the first copy (adm_journal_save ()). */
  head = file_head (self);
  base = g_path_get_basename (self->path);
  copy = g_build_filename (self->mirror, base, NULL);
  if (!g_file_test (self->mirror, G_FILE_TEST_IS_DIR))
    g_set_error_literal (&local_error, G_FILE_ERROR, G_FILE_ERROR_NOENT, g_strerror (ENOENT));
  else if (adm_journal_save (self->journal, copy, NULL, 0, head->str, head->len, tail,
                             strlen (tail), &local_error))
    return;
  g_set_error (&error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_SAVE,
               _("Cannot keep the second copy of the campaign in %s: %s"), self->mirror,
               local_error->message);
  g_signal_emit (self, signals[MIRROR_FAILED], 0, error);
}

/* Saved to its own file, if it has one; with ADM_JOURNAL_SAVE_FLUSH_LATER in @flags, the
 * last flush left to the flusher (adm_campaign_when_saved ()). */
static gboolean
autosave_full (AdmCampaign          *self,
               AdmJournalSaveFlags   flags,
               GError              **error)
{
  if (self->path == NULL)
    return TRUE;
  if (!campaign_save (self, self->path, flags, error))
    return FALSE;
  mirror (self);
  return TRUE;
}

static gboolean
autosave (AdmCampaign  *self,
          GError      **error)
{
  return autosave_full (self, self->flush_later ? ADM_JOURNAL_SAVE_FLUSH_LATER : 0, error);
}

void
adm_campaign_set_mirror_folder (AdmCampaign *self,
                                const char  *folder)
{
  char *copy;

  g_return_if_fail (ADM_IS_CAMPAIGN (self));

  copy = folder != NULL && *folder != '\0' ? g_strdup (folder) : NULL;
  g_free (self->mirror);
  self->mirror = copy;
  mirror (self);
}

/* A resolved cycle is a milestone: the file with it is kept as the checkpoint "cycle-N" by
 * the save that follows (write_checkpoints ()). */
static void
cycle_milestone (AdmCampaign      *self,
                 AdmJournalAction *action)
{
  const char *cycle = adm_event_get (adm_journal_action_get_head (action), "cycle");
  g_autofree char *label = NULL;

  if (!g_str_equal (adm_journal_action_get_what (action), "cycle") || cycle == NULL)
    return;
  label = g_strdup_printf ("cycle-%s", cycle);
  add_milestone (self, label);
}

/* The action a list of events forms, named by what it is: a sheet handed in ("sheet" with its
 * admiral and cycle), an admiral's orders, or the kind of its first event. */
static AdmJournalAction *
action_for_events (GPtrArray *events)
{
  AdmEvent *first = g_ptr_array_index (events, 0);
  AdmEvent *named = first;
  const char *what = adm_event_get_kind (first);
  AdmJournalAction *action;
  static const char *const keys[] = { "admiral", "cycle", "formation" };

  guint sheets = 0;

  for (guint i = 0; i < events->len; i++)
    if (g_strcmp0 (adm_event_get_kind (g_ptr_array_index (events, i)), "sheet") == 0)
      {
        named = g_ptr_array_index (events, i);
        what = "sheet";
        sheets++;
      }
  /* Several sheets handed in together (admiralty-cli cycle): one action, named by cycle. */
  if (sheets > 1)
    what = "sheets";
  action = adm_journal_action_new (what, adm_event_get_time (named));
  for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
    if (adm_event_get (named, keys[k]) != NULL &&
        (events->len == 1 || !g_str_equal (keys[k], "formation")) &&
        (sheets <= 1 || g_str_equal (keys[k], "cycle")))
      adm_event_set (adm_journal_action_get_head (action), keys[k], adm_event_get (named, keys[k]));
  for (guint i = 0; i < events->len; i++)
    adm_journal_action_add_event (action, g_ptr_array_index (events, i));
  return action;
}

gboolean
adm_campaign_record (AdmCampaign       *self,
                     AdmJournalAction  *action,
                     GError           **error)
{
  gboolean could_undo, could_redo;
  guint milestones;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  could_undo = adm_campaign_can_undo (self);
  could_redo = adm_campaign_can_redo (self);
  milestones = self->pending->len;

  if (g_str_equal (adm_journal_action_get_what (action), "cycle") &&
      adm_journal_get_n_entries (self->journal) + ADM_CAMPAIGN_BATTLE_ROOM >
      ADM_JOURNAL_MAX_ENTRIES)
    {
      g_set_error (error, ADM_JOURNAL_ERROR, ADM_JOURNAL_ERROR_FULL,
                   _("This campaign's journal holds %u entries, close to the %u one file can "
                     "hold, so no new cycle is begun: the battles under way can still be "
                     "fought to their end, and the campaign read, printed and undone. To play "
                     "on, go on in a new campaign (see “A very long campaign” in the manual)"),
                   adm_journal_get_n_entries (self->journal), ADM_JOURNAL_MAX_ENTRIES);
      return FALSE;
    }
  /* The campaign as the recording: the one check knows the action is new (journal_apply ()). */
  if (!adm_journal_record_full (self->journal, action, self, error))
    return FALSE;
  cycle_milestone (self, action);
  if (!autosave (self, error))
    {
      /* Not kept: neither is its milestone. */
      g_ptr_array_set_size (self->pending, milestones);
      adm_journal_forget_last (self->journal);
      if (!adm_journal_replay (self->journal, NULL, NULL))
        g_error ("A campaign journal that replayed before no longer replays");
      return FALSE;
    }
  changed (self, could_undo, could_redo);
  return TRUE;
}

gboolean
adm_campaign_end (AdmCampaign  *self,
                  const char   *reason,
                  gint64        time,
                  GError      **error)
{
  g_autoptr(AdmEvent) event = NULL;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);

  event = adm_event_new ("end-campaign", time);
  adm_event_set (event, "reason", reason != NULL ? reason : "");
  /* The state's one check says what is wrong: no reason, a battle under way, ended already. */
  return adm_campaign_append (self, event, error);
}

gboolean
adm_campaign_publish (AdmCampaign  *self,
                      gint64        time,
                      GError      **error)
{
  g_autoptr(AdmEvent) event = NULL;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);

  event = adm_event_new ("publish", time);
  return adm_campaign_append (self, event, error);
}

gboolean
adm_campaign_is_ended (AdmCampaign *self)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);
  return adm_strategy_get_ending (adm_state_get_strategy (self->state)) != NULL;
}

gboolean
adm_campaign_is_published (AdmCampaign *self)
{
  const AdmCampaignEnding *ending;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);
  ending = adm_strategy_get_ending (adm_state_get_strategy (self->state));
  return ending != NULL && ending->published;
}

gboolean
adm_campaign_append (AdmCampaign  *self,
                     AdmEvent     *event,
                     GError      **error)
{
  g_autoptr(GPtrArray) events = g_ptr_array_new ();

  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);
  g_return_val_if_fail (event != NULL, FALSE);

  g_ptr_array_add (events, event);
  return adm_campaign_append_all (self, events, error);
}

gboolean
adm_campaign_append_all (AdmCampaign  *self,
                         GPtrArray    *events,
                         GError      **error)
{
  g_autoptr(AdmJournalAction) action = NULL;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);
  g_return_val_if_fail (events != NULL, FALSE);

  if (events->len == 0)
    return TRUE;
  action = action_for_events (events);
  return adm_campaign_record (self, action, error);
}

gboolean
adm_campaign_roll (AdmCampaign          *self,
                   AdmDiceSource        *source,
                   const AdmDiceRequest *request,
                   gint64                time,
                   guint                *values_out,
                   GError              **error)
{
  g_autoptr(AdmEvent) event = NULL;
  g_autofree guint *values = NULL;
  g_autoptr(GString) text = g_string_new (NULL);

  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);
  g_return_val_if_fail (source == NULL || ADM_IS_DICE_SOURCE (source), FALSE);
  g_return_val_if_fail (request != NULL && request->purpose != NULL, FALSE);

  values = g_new0 (guint, MAX (request->count, 1));
  if (!adm_dice_source_roll (source != NULL ? source : ADM_DICE_SOURCE (self->prng), request,
                             values, error))
    return FALSE;

  for (guint i = 0; i < request->count; i++)
    g_string_append_printf (text, i == 0 ? "%u" : " %u", values[i]);

  event = adm_event_new ("roll", time);
  adm_event_set (event, "purpose", request->purpose);
  if (request->clause != NULL)
    adm_event_set (event, "clause", request->clause);
  adm_event_set_int (event, "sides", request->sides);
  adm_event_set (event, "values", text->str);

  if (!adm_campaign_append (self, event, error))
    return FALSE;
  if (values_out != NULL)
    memcpy (values_out, values, request->count * sizeof (guint));
  return TRUE;
}

/* A battle's dice commitment (adm-dice-ledger.h) is no decision of the master's: Undo passes it
 * by, taking it back with the action before it, and Redo brings it back after that action. A
 * commitment once journaled stays public, undone or not (adm_campaign_get_dice_commitments ()). */
static gboolean
is_dice_commit (AdmJournalAction *action)
{
  return action != NULL && g_str_equal (adm_journal_action_get_what (action), "dice-commit");
}

static guint
pass_dice_commits (AdmCampaign *self,
                   gboolean     redo,
                   gint64       now)
{
  guint passed = 0;

  while (redo ? is_dice_commit (adm_journal_get_redo_action (self->journal))
              : is_dice_commit (adm_journal_get_undo_action (self->journal)) &&
                adm_journal_get_done (self->journal)->len > 1)
    {
      if (!(redo ? adm_journal_redo (self->journal, now, NULL)
                 : adm_journal_undo (self->journal, now, NULL)))
        break;
      passed++;
    }
  return passed;
}

static void
forget_entries (AdmCampaign *self,
                guint        n)
{
  for (guint i = 0; i < n; i++)
    adm_journal_forget_last (self->journal);
  if (!adm_journal_replay (self->journal, NULL, NULL))
    g_error ("A campaign journal that replayed before no longer replays");
}

/* One writer per journal: a hand-off to a table ("table-assign") moves by Undo or Redo only
 * while no entry of its battle is kept. Once the table has sent what it played, Undo would
 * give the chief a battle the table goes on writing: the chief takes it back instead, with
 * his reason ("table-take-back"). Once the chief has played it himself, Redo would hand out a
 * battle begun here. */
static gboolean
check_hand_off_moves (AdmCampaign  *self,
                      gboolean      redo,
                      GError      **error)
{
  AdmJournalAction *action = redo ? adm_journal_get_redo_action (self->journal)
                                  : adm_journal_get_undo_action (self->journal);
  const char *engagement;
  StoredBattle *stored;

  /* Undo takes back the action before the dice commitments it passes by: a hand-off's set-up
   * committed to its table's dice (adm_campaign_table_dice_commit ()) right after it. */
  if (!redo && is_dice_commit (action))
    {
      GPtrArray *done = adm_journal_get_done (self->journal);

      for (guint i = done->len; i > 0 && is_dice_commit (action); i--)
        action = g_ptr_array_index (done, i - 1);
    }
  /* A table's placements renew its hand-off (adm_campaign_table_place ()): the same. */
  if (action == NULL ||
      !(g_str_equal (adm_journal_action_get_what (action), "table-assign") ||
        (g_str_equal (adm_journal_action_get_what (action), "placements") &&
         adm_event_get (adm_journal_action_get_head (action), "assignment") != NULL)))
    return TRUE;
  engagement = adm_event_get (adm_journal_action_get_head (action), "engagement");
  stored = engagement != NULL ? g_hash_table_lookup (self->battles, engagement) : NULL;
  if (stored == NULL || adm_journal_get_n_entries (stored->journal) == 0)
    return TRUE;
  if (redo)
    g_set_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_AT_TABLE,
                 _("The battle of engagement %s has begun here: it is fought where it began, "
                   "and is not handed to “%s” again."), engagement,
                 adm_event_get (adm_journal_action_get_head (action), "table"));
  else
    g_set_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_AT_TABLE,
                 _("The table “%s” has sent what it played of engagement %s, which the "
                   "campaign keeps: Undo cannot give it back. Take it back from the table "
                   "instead, with your reason (admiralty-cli table-take-back)."),
                 adm_event_get (adm_journal_action_get_head (action), "table"), engagement);
  return FALSE;
}

static gboolean
undo_or_redo (AdmCampaign  *self,
              gboolean      redo,
              GError      **error)
{
  gboolean could_undo = adm_campaign_can_undo (self);
  gboolean could_redo = adm_campaign_can_redo (self);
  g_autoptr(GError) local_error = NULL;
  gint64 now;
  guint passed;
  AdmJournalAction *undone;
  g_autofree char *label = NULL;
  gboolean ok;

  if (!check_hand_off_moves (self, redo, error))
    return FALSE;
  now = adm_clock_now ();
  passed = redo ? 0 : pass_dice_commits (self, FALSE, now);
  undone = redo ? NULL : adm_journal_get_undo_action (self->journal);

  /* A cycle's milestone not saved yet (a campaign with no file) is taken back with it. */
  if (undone != NULL && g_str_equal (adm_journal_action_get_what (undone), "cycle"))
    label = g_strdup_printf ("cycle-%s", adm_event_get (adm_journal_action_get_head (undone),
                                                        "cycle"));
  /* What a redo brings back is checked as new (journal_apply ()): a correction undone before
   * its ship's battle began is not brought back into it (F-STRAT-4). */
  self->redoing = redo ? adm_journal_get_redo_action (self->journal) : NULL;
  ok = redo ? adm_journal_redo (self->journal, now, &local_error)
            : adm_journal_undo (self->journal, now, &local_error);
  self->redoing = NULL;
  if (!ok && passed > 0)
    forget_entries (self, passed);
  if (!ok)
    {
      g_set_error_literal (error, ADM_CAMPAIGN_ERROR,
                           g_error_matches (local_error, ADM_JOURNAL_ERROR,
                                            ADM_JOURNAL_ERROR_NOTHING_TO_UNDO)
                             ? ADM_CAMPAIGN_ERROR_NOTHING_TO_UNDO
                             : ADM_CAMPAIGN_ERROR_NOTHING_TO_REDO,
                           local_error->message);
      return FALSE;
    }
  for (guint i = self->pending->len; label != NULL && i > 0; i--)
    if (g_str_equal (((PendingCheckpoint *) g_ptr_array_index (self->pending, i - 1))->label,
                     label))
      {
        g_ptr_array_remove_index (self->pending, i - 1);
        break;
      }
  if (redo)
    passed = pass_dice_commits (self, TRUE, now);
  if (!autosave (self, error))
    {
      forget_entries (self, passed + 1);
      return FALSE;
    }
  changed (self, could_undo, could_redo);
  return TRUE;
}

gboolean
adm_campaign_undo (AdmCampaign  *self,
                   GError      **error)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);
  return undo_or_redo (self, FALSE, error);
}

gboolean
adm_campaign_redo (AdmCampaign  *self,
                   GError      **error)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);
  return undo_or_redo (self, TRUE, error);
}

AdmJournal *
adm_campaign_get_journal (AdmCampaign *self)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), NULL);
  return self->journal;
}

char *
adm_campaign_describe_undo (AdmCampaign *self)
{
  AdmJournalAction *action;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), NULL);
  action = adm_journal_get_undo_action (self->journal);
  /* What Undo takes back with the dice commitments it passes by (undo_or_redo ()). */
  if (is_dice_commit (action))
    {
      GPtrArray *done = adm_journal_get_done (self->journal);

      for (guint i = done->len; i > 0 && is_dice_commit (action); i--)
        action = g_ptr_array_index (done, i - 1);
    }
  return action != NULL ? adm_journal_describe (self->journal, action) : NULL;
}

char *
adm_campaign_describe_redo (AdmCampaign *self)
{
  AdmJournalAction *action;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), NULL);
  action = adm_journal_get_redo_action (self->journal);
  return action != NULL ? adm_journal_describe (self->journal, action) : NULL;
}

/* Battles fought inside the campaign */

const char *
adm_campaign_get_battle (AdmCampaign  *self,
                         const char   *engagement_id,
                         int          *turn,
                         const char  **phase)
{
  StoredBattle *battle;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), NULL);

  battle = engagement_id != NULL ? g_hash_table_lookup (self->battles, engagement_id) : NULL;
  if (battle == NULL)
    return NULL;
  if (turn != NULL)
    *turn = battle->turn;
  if (phase != NULL)
    *phase = adm_phase_to_string (battle->phase);
  if (battle->text == NULL)
    {
      /* What adm_battle_serialize () writes: the set-up, the journal and the closing. */
      GString *out = g_string_new (battle->head);

      adm_journal_write (battle->journal, out);
      g_string_append (out, "</battle-game>\n");
      battle->text = g_string_free (out, FALSE);
    }
  return battle->text;
}

AdmBattle *
adm_campaign_get_battle_played (AdmCampaign  *self,
                                const char   *engagement_id,
                                GError      **error)
{
  StoredBattle *battle;
  const char *text;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), NULL);

  battle = engagement_id != NULL ? g_hash_table_lookup (self->battles, engagement_id) : NULL;
  if (battle == NULL)
    return NULL;
  if (battle->played == NULL)
    {
      text = adm_campaign_get_battle (self, engagement_id, NULL, NULL);
      battle->played = adm_battle_load_game_memory (text, strlen (text), engagement_id, error);
    }
  return battle->played;
}

const char *
adm_campaign_get_changed_battle (AdmCampaign *self)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), NULL);
  return self->changed_battle;
}

GPtrArray *
adm_campaign_list_battles (AdmCampaign *self)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), NULL);
  return self->battle_ids;
}

/* A turn played through is a milestone: the campaign as it stands is kept as the checkpoint
 * "battle-ENGAGEMENT-turn-N" by the save that follows (write_checkpoints ()). */
static void
battle_milestone (AdmCampaign *self,
                  const char  *engagement_id,
                  int          turn)
{
  g_autofree char *id = g_strcanon (g_strdup (engagement_id),
                                    G_CSET_a_2_z G_CSET_A_2_Z G_CSET_DIGITS "-_", '_');
  g_autofree char *label = g_strdup_printf ("battle-%s-turn-%d", id, turn);

  add_milestone (self, label);
}

/* The turn @action ends (F-SEQ-1: its end phase played), or 0. */
static int
turn_ended (AdmJournalAction *action)
{
  AdmEvent *head = adm_journal_action_get_head (action);
  GPtrArray *events = adm_journal_action_get_events (action);
  const char *phase, *turn;
  guint64 number;

  /* The head names the phase; an older action only its "phase" event (kept_battle_apply ()). */
  if (adm_event_get (head, "phase") == NULL && events->len > 0)
    head = g_ptr_array_index (events, 0);
  phase = adm_event_get (head, "phase");
  turn = adm_event_get (head, "turn");

  if (g_strcmp0 (phase, adm_phase_to_string (ADM_PHASE_END)) != 0 || turn == NULL ||
      !g_ascii_string_to_unsigned (turn, 10, 1, G_MAXINT, &number, NULL))
    return 0;
  return (int) number;
}

gboolean
adm_campaign_check_at_hand (AdmCampaign  *self,
                            const char   *engagement_id,
                            GError      **error)
{
  const AdmTableAssignment *at;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);
  g_return_val_if_fail (engagement_id != NULL, FALSE);

  at = adm_state_get_table (self->state, engagement_id);
  if (at == NULL)
    return TRUE;
  g_set_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_AT_TABLE,
               /* Translators: "The battle of engagement c1-2 is being fought at the table
                * “Table 2”: ..." */
               _("The battle of engagement %s is being fought at the table “%s”: the "
                 "campaign keeps only what comes back from there. Take it back "
                 "(admiralty-cli table-take-back) to fight it here."),
               engagement_id, at->table);
  return FALSE;
}

gboolean
adm_campaign_keep_battle (AdmCampaign  *self,
                          const char   *engagement_id,
                          AdmBattle    *battle,
                          GError      **error)
{
  return _adm_campaign_keep_battle (self, engagement_id, battle, NULL, NULL, error);
}

gboolean
_adm_campaign_get_kept (AdmCampaign  *self,
                        const char   *engagement_id,
                        const char  **head,
                        AdmJournal  **journal)
{
  StoredBattle *stored;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);

  stored = engagement_id != NULL ? g_hash_table_lookup (self->battles, engagement_id) : NULL;
  if (stored == NULL)
    return FALSE;
  *head = stored->head;
  *journal = stored->journal;
  return TRUE;
}

gboolean
_adm_campaign_keep_battle (AdmCampaign  *self,
                           const char   *engagement_id,
                           AdmBattle    *battle,
                           const char   *assignment,
                           const char   *head,
                           GError      **error)
{
  g_autofree char *made_head = NULL;
  const AdmTableAssignment *at;
  AdmJournal *log;
  StoredBattle *stored;
  g_autoptr(GError) local_error = NULL;
  gboolean added = FALSE, followed;
  guint from;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);
  g_return_val_if_fail (engagement_id != NULL, FALSE);
  g_return_val_if_fail (ADM_IS_BATTLE (battle), FALSE);

  log = adm_battle_get_log (battle);
  stored = g_hash_table_lookup (self->battles, engagement_id);

  /* F-STRAT-4: a battle is fought for an engagement the campaign has now. A phase journaled
   * against one that is gone (its cycle undone) would name an engagement the file does not
   * replay to, and its entries would stand between the undo and its redo: it is refused,
   * and nothing is added. */
  if (stored == NULL ||
      adm_journal_get_n_entries (log) > adm_journal_get_n_entries (stored->journal))
    {
      g_autoptr(AdmQueuedEngagement) engagement =
        adm_campaign_find_engagement (self, engagement_id, &local_error);

      if (engagement == NULL)
        {
          g_set_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_SAVE,
                       _("The battle of engagement %s cannot be kept in the campaign: %s"),
                       engagement_id, local_error->message);
          return FALSE;
        }
    }

  /* The one check that an ended battle takes no more orders, whether the app, the command
   * line or anything else played them: its results are in the campaign, and nothing of it
   * may change until the ending is undone. */
  if (adm_state_get_battle_ending (self->state, engagement_id) != NULL &&
      adm_journal_get_n_entries (log) > (stored != NULL
                                         ? adm_journal_get_n_entries (stored->journal) : 0))
    {
      g_set_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_BATTLE_ENDED,
                   _("The battle of engagement %s has ended and its results are in the "
                     "campaign: it takes no more orders. Undo its ending to fight on."),
                   engagement_id);
      return FALSE;
    }

  /* Once the campaign is ended no battle of it is fought on, nor a new one begun: the state's
   * one check takes none of its results. */
  if (adm_strategy_get_ending (adm_state_get_strategy (self->state)) != NULL &&
      (stored == NULL ||
       adm_journal_get_n_entries (log) > adm_journal_get_n_entries (stored->journal)))
    {
      g_set_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_ENDED,
                   _("The campaign is ended: the battle of engagement %s is not fought on. "
                     "Undo the campaign’s ending to play on."), engagement_id);
      return FALSE;
    }

  /* One writer per journal: while the engagement is at a table (adm_state_get_table ()), its
   * battle is the table master's to fight and the chief's own entries are refused; what the
   * table played comes back by its own road. */
  at = adm_state_get_table (self->state, engagement_id);
  if ((stored == NULL ||
       adm_journal_get_n_entries (log) > adm_journal_get_n_entries (stored->journal)) &&
      !(assignment != NULL && at != NULL && g_str_equal (at->id, assignment)) &&
      !adm_campaign_check_at_hand (self, engagement_id, error))
    return FALSE;

  /* A battle back from a table comes with a copy of the campaign's season: the campaign
   * keeps it as it keeps its own battles, naming the season only. */
  if (head == NULL && (stored == NULL || stored->last != battle))
    {
      g_autofree char *carried = adm_battle_serialize_head (battle, NULL);

      head = made_head = adm_battle_text_without_season (carried);
    }
  if (stored == NULL)
    {
      char *key = g_strdup (engagement_id);

      /* The set-up goes into <battles> once: the file is written whole this time. */
      stored = stored_battle_new (g_strdup (head));
      g_hash_table_insert (self->battles, key, stored);
      g_ptr_array_add (self->battle_ids, key);
      g_clear_pointer (&self->battles_text, g_free);
      added = TRUE;
    }
  else if (stored->last != battle)
    {
      /* Another battle object (the battle opened again, or a table's copy of it with the
       * campaign's season inside): it must be this battle, played on. */
      if (!g_str_equal (head, stored->head))
        {
          g_set_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_SAVE,
                       _("The battle of engagement %s is not the one the campaign keeps: its "
                         "set-up differs"), engagement_id);
          return FALSE;
        }
    }

  /* Each new entry of the battle's journal, checked (adm_journal_follow ()) and added to the
   * campaign's journal: a save adds it at the file's end. */
  from = adm_journal_get_n_entries (stored->journal);
  followed = adm_journal_follow (stored->journal, log, &local_error);
  for (guint i = from; i < adm_journal_get_n_entries (stored->journal); i++)
    {
      if (!adm_journal_add_battle_entry (self->journal, engagement_id, stored->journal, i,
                                         followed ? &local_error : NULL))
        {
          followed = FALSE;
          break;
        }
      added = TRUE;
      /* A phase played that ends a turn, as the battle keeps its own checkpoints: the campaign
       * as it stands after it, however many turns were played before this keep. */
      if (adm_journal_get_entry_kind (stored->journal, i) == ADM_JOURNAL_ENTRY_ACTION)
        {
          int turn = turn_ended (adm_journal_get_entry_action (stored->journal, i));

          if (turn > 0)
            battle_milestone (self, engagement_id, turn);
        }
    }
  if (followed && stored->last != battle)
    {
      if (stored->last != NULL)
        g_object_remove_weak_pointer (G_OBJECT (stored->last), (gpointer *) &stored->last);
      stored->last = battle;
      g_object_add_weak_pointer (G_OBJECT (battle), (gpointer *) &stored->last);
    }
  if (added)
    {
      g_clear_pointer (&stored->text, g_free);
      /* A whole battle takes milliseconds to free: the window does not wait for it. The one
       * still named by @stored->last's weak pointer is freed here, where that pointer is
       * read. */
      if (stored->played != NULL && stored->played != stored->last)
        adm_background_unref (g_steal_pointer (&stored->played));
      g_clear_object (&stored->played);
      /* A table's battle was played whole to be checked (off the campaign's thread), and is
       * never played on: it is the battle kept, for its readers to read. */
      if (followed && assignment != NULL &&
          adm_journal_get_n_entries (log) == adm_journal_get_n_entries (stored->journal))
        stored->played = g_object_ref (battle);
    }
  /* What was added stays in memory whatever happens: a failed save is said, and the next
   * save that succeeds writes it. */
  /* A table's entries: the main loop does not wait for the disk, the table does (it is told
   * they are kept once they are on it, adm_campaign_when_saved ()). */
  if (added && !autosave_full (self, assignment != NULL || self->flush_later
                                     ? ADM_JOURNAL_SAVE_FLUSH_LATER : 0, error))
    return FALSE;
  if (added)
    {
      /* Entries of a battle change no event of the campaign: only what is shown of that
       * battle (adm_campaign_get_changed_battle ()). */
      gpointer key = NULL;

      g_hash_table_lookup_extended (self->battles, engagement_id, &key, NULL);
      self->changed_battle = key;
      g_signal_emit (self, signals[CHANGED], 0);
      self->changed_battle = NULL;
    }
  if (!followed)
    {
      g_set_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_SAVE,
                   _("The battle of engagement %s is not the one the campaign keeps: %s"),
                   engagement_id, local_error->message);
      return FALSE;
    }
  return TRUE;
}

gboolean
adm_campaign_store_battle (AdmCampaign  *self,
                           const char   *engagement_id,
                           const char   *saved_battle,
                           int           turn,
                           const char   *phase,
                           GError      **error)
{
  g_autoptr(AdmBattle) battle = NULL;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);
  g_return_val_if_fail (engagement_id != NULL, FALSE);
  g_return_val_if_fail (saved_battle != NULL, FALSE);

  /* Played whole: nothing enters that would not replay. */
  battle = adm_battle_load_game_memory (saved_battle, strlen (saved_battle), engagement_id,
                                        error);
  if (battle == NULL)
    return FALSE;
  return adm_campaign_keep_battle (self, engagement_id, battle, error);
}

/* Peeking at a file */

/* An action of the journal: its id, whether it resolves a cycle ("cycle" event), and whether
 * it stands (not undone). */
typedef struct {
  guint64  id;
  gboolean cycle;
  gboolean applied;
} PeekedAction;

static PeekedAction *
peeked_action (GArray  *actions,
               guint64  id)
{
  for (guint i = actions->len; i > 0; i--)
    if (g_array_index (actions, PeekedAction, i - 1).id == id)
      return &g_array_index (actions, PeekedAction, i - 1);
  return NULL;
}

static guint64
peek_id (xmlTextReader *reader,
         const char    *attribute)
{
  xmlChar *value = xmlTextReaderGetAttribute (reader, (const xmlChar *) attribute);
  guint64 id = value != NULL ? g_ascii_strtoull ((const char *) value, NULL, 10) : 0;

  xmlFree (value);
  return id;
}

gboolean
adm_campaign_peek_file (const char  *path,
                        gboolean    *is_campaign,
                        char       **name,
                        guint       *cycle,
                        GError     **error)
{
  g_autofree char *display = NULL;
  g_autoptr(GArray) actions = NULL;
  xmlTextReader *reader;
  gboolean campaign = FALSE, found = FALSE;
  guint cycles = 0;
  int status;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  display = g_filename_display_basename (path);
  reader = xmlReaderForFile (path, NULL, XML_PARSE_NONET | XML_PARSE_NOWARNING |
                                         XML_PARSE_NOERROR);
  if (reader == NULL)
    {
      g_set_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_CORRUPT,
                   _("%s cannot be read"), display);
      return FALSE;
    }
  actions = g_array_new (FALSE, FALSE, sizeof (PeekedAction));
  /* Depth 0 the root; 1 the scenario and the journal; 2 the journal's entries (a battle's
   * own entries, inside <battle>, are deeper); 3 an action's events. */
  while ((status = xmlTextReaderRead (reader)) == 1)
    {
      const char *element = (const char *) xmlTextReaderConstLocalName (reader);
      int depth = xmlTextReaderDepth (reader);

      if (xmlTextReaderNodeType (reader) != XML_READER_TYPE_ELEMENT)
        continue;
      if (depth == 0)
        {
          campaign = g_strcmp0 (element, "campaign") == 0;
          if (!campaign && g_strcmp0 (element, "scenario") != 0)
            break;
        }
      if ((depth == 0 && !campaign) || (depth == 1 && campaign && !found &&
                                        g_strcmp0 (element, "scenario") == 0))
        {
          xmlChar *value = xmlTextReaderGetAttribute (reader, (const xmlChar *) "name");

          found = TRUE;
          *name = g_strdup (value != NULL && value[0] != '\0'
                              ? g_dgettext (GETTEXT_PACKAGE, (const char *) value) : display);
          xmlFree (value);
          if (!campaign)
            break;
        }
      if (depth == 2 && g_strcmp0 (element, "action") == 0)
        {
          PeekedAction action = { peek_id (reader, "id"), FALSE, TRUE };

          g_array_append_val (actions, action);
        }
      else if (depth == 2 && (g_strcmp0 (element, "undo") == 0 ||
                              g_strcmp0 (element, "redo") == 0))
        {
          PeekedAction *action = peeked_action (actions, peek_id (reader, "action"));

          if (action != NULL)
            action->applied = g_strcmp0 (element, "redo") == 0;
        }
      else if (depth == 3 && actions->len > 0 && g_strcmp0 (element, "event") == 0)
        {
          xmlChar *kind = xmlTextReaderGetAttribute (reader, (const xmlChar *) "kind");

          g_array_index (actions, PeekedAction, actions->len - 1).cycle |=
            g_strcmp0 ((const char *) kind, "cycle") == 0;
          xmlFree (kind);
        }
    }
  xmlFreeTextReader (reader);
  if (!found || status < 0)
    {
      g_clear_pointer (name, g_free);
      g_set_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_CORRUPT,
                   _("%s is not a scenario or campaign Admiralty can read"), display);
      return FALSE;
    }
  for (guint i = 0; i < actions->len; i++)
    cycles += g_array_index (actions, PeekedAction, i).cycle &&
              g_array_index (actions, PeekedAction, i).applied;
  *is_campaign = campaign;
  *cycle = 1 + cycles;
  return TRUE;
}
