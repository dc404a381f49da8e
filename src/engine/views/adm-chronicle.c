/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-chronicle.c: the war chronicle, told from the papers each audience was handed. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "adm-audience.h"
#include "adm-campaign-journal.h"
#include "adm-chronicle.h"
#include "adm-engagement-queue.h"
#include "adm-journal-action.h"
#include "adm-luck.h"
#include "adm-report.h"

/* Whom a chronicle is for. */
typedef struct {
  AdmReportKind     kind;      /* MASTER, PUBLIC or ADMIRAL */
  const AdmFaction *faction;   /* ADMIRAL: the side */
  GPtrArray        *admirals;  /* ADMIRAL: AdmAdmiral*, whose reports are told */
  const char       *name;      /* the side's or the admiral's name (borrowed) */
} Reader;

static void
reader_clear (Reader *reader)
{
  g_clear_pointer (&reader->admirals, g_ptr_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Reader, reader_clear)

static gboolean
names (const char *id,
       const char *name,
       const char *text)
{
  return g_str_equal (id, text) || g_utf8_collate (name, text) == 0;
}

/* The audiences of @scenario, as a refusal lists them: master, public, its factions' ids and
 * its admirals' ids — all on the scenario every side holds, so naming them tells no secret. */
static char *
audiences_of (AdmScenario *scenario)
{
  GPtrArray *factions = adm_scenario_get_factions (scenario);
  GPtrArray *admirals = adm_scenario_get_admirals (scenario);
  GString *out = g_string_new ("master, public");

  for (guint i = 0; i < factions->len; i++)
    g_string_append_printf (out, ", %s", ((const AdmFaction *) g_ptr_array_index (factions, i))->id);
  for (guint i = 0; i < admirals->len; i++)
    g_string_append_printf (out, ", %s", ((const AdmAdmiral *) g_ptr_array_index (admirals, i))->id);
  return g_string_free (out, FALSE);
}

/* @as as a Reader of @scenario; FALSE with @error for none of its audiences. */
static gboolean
reader_parse (AdmScenario  *scenario,
              const char   *as,
              Reader       *reader,
              GError      **error)
{
  GPtrArray *factions = adm_scenario_get_factions (scenario);
  GPtrArray *admirals = adm_scenario_get_admirals (scenario);
  g_autofree char *known = NULL;

  reader->kind = ADM_REPORT_MASTER;
  if (as == NULL || g_str_equal (as, "master"))
    return TRUE;
  if (g_str_equal (as, "public"))
    {
      reader->kind = ADM_REPORT_PUBLIC;
      return TRUE;
    }
  reader->kind = ADM_REPORT_ADMIRAL;
  reader->admirals = g_ptr_array_new ();
  for (guint i = 0; i < factions->len && reader->faction == NULL; i++)
    {
      const AdmFaction *faction = g_ptr_array_index (factions, i);

      if (names (faction->id, faction->name, as))
        {
          reader->faction = faction;
          reader->name = faction->name;
          for (guint a = 0; a < admirals->len; a++)
            if (((AdmAdmiral *) g_ptr_array_index (admirals, a))->faction == faction)
              g_ptr_array_add (reader->admirals, g_ptr_array_index (admirals, a));
          if (reader->admirals->len == 0)
            {
              g_set_error (error, ADM_REPORT_ERROR, ADM_REPORT_ERROR_UNKNOWN_ADMIRAL,
                           _("%s has no admiral, so it was told nothing: there is no chronicle "
                             "of it"), faction->name);
              return FALSE;
            }
          return TRUE;
        }
    }
  for (guint i = 0; i < admirals->len; i++)
    {
      AdmAdmiral *admiral = g_ptr_array_index (admirals, i);

      if (names (admiral->id, admiral->name, as))
        {
          reader->faction = admiral->faction;
          reader->name = admiral->name;
          g_ptr_array_add (reader->admirals, admiral);
          return TRUE;
        }
    }
  known = audiences_of (scenario);
  /* Translators: the first %s is what was asked for, the second the audiences there are */
  g_set_error (error, ADM_REPORT_ERROR, ADM_REPORT_ERROR_AUDIENCE,
               _("The campaign has no side or admiral “%s”; a chronicle is for one of: %s"), as,
               known);
  return FALSE;
}

/* F-STRAT-1: the moment (a number of journal entries) at which each cycle ended, index 1 for
 * cycle 1: just before the entry that brought into effect the action resolving the next
 * cycle, as the journal stands now (an attempt undone since is passed by); the last resolved
 * cycle ends now. */
static GArray *
cycle_ends (AdmCampaign *campaign,
            guint        last)
{
  AdmJournal *journal = adm_campaign_get_journal (campaign);
  guint n_entries = adm_journal_get_n_entries (journal);
  g_autoptr(GHashTable) done = g_hash_table_new (NULL, NULL);
  GPtrArray *actions = adm_journal_get_done (journal);
  GArray *ends = g_array_new (FALSE, FALSE, sizeof (guint));

  g_array_set_size (ends, last + 1);
  for (guint c = 0; c <= last; c++)
    g_array_index (ends, guint, c) = n_entries;
  for (guint i = 0; i < actions->len; i++)
    g_hash_table_add (done, g_ptr_array_index (actions, i));
  for (guint i = 0; i < n_entries; i++)
    {
      AdmJournalEntryKind kind = adm_journal_get_entry_kind (journal, i);
      AdmJournalAction *action;
      GPtrArray *events;

      if (kind != ADM_JOURNAL_ENTRY_ACTION && kind != ADM_JOURNAL_ENTRY_REDO)
        continue;
      action = adm_journal_get_entry_action (journal, i);
      if (!g_hash_table_contains (done, action))
        continue;
      events = adm_journal_action_get_events (action);
      for (guint e = 0; e < events->len; e++)
        {
          const AdmEvent *event = g_ptr_array_index (events, e);
          gint64 n;

          if (g_str_equal (adm_event_get_kind (event), "cycle") &&
              adm_event_get_int (event, "cycle", &n) && n >= 2 && n <= (gint64) last + 1)
            g_array_index (ends, guint, n - 1) = i;
        }
    }
  return ends;
}

/* F-STRAT-4: the engagements of @cycle with their statuses as they stood when the journal
 * held its first @moment entries (the campaign then @then): not fought, waiting, finished or
 * dropped as the state then says, and in progress when a phase of its battle was among those
 * entries — not as the campaign holds them now, when a battle may have ended since. */
static GPtrArray *
engagements_then (AdmCampaign *campaign,
                  AdmState    *then,
                  guint        moment,
                  guint        cycle)
{
  AdmJournal *journal = adm_campaign_get_journal (campaign);
  GPtrArray *queue = adm_engagement_queue_new (then, cycle);

  for (guint i = 0; i < queue->len; i++)
    {
      AdmQueuedEngagement *engagement = g_ptr_array_index (queue, i);
      gboolean begun = FALSE;

      /* A battle dropped by the master before it began is not fought on. */
      if (engagement->status == ADM_ENGAGEMENT_FINISHED || engagement->by_master)
        continue;
      for (guint e = 0; e < moment && !begun; e++)
        begun = g_strcmp0 (adm_journal_get_entry_engagement (journal, e), engagement->id) == 0;
      if (!begun)
        continue;
      engagement->status = ADM_ENGAGEMENT_IN_PROGRESS;
      g_clear_pointer (&engagement->waiting_for, g_free);
      g_clear_pointer (&engagement->dropped, g_free);
    }
  return queue;
}

/* F-STRAT-4, F-STRAT-3: the engagements of @cycle to mark on @reader's map of its end, with
 * their statuses as they stood then, at @moment (engagements_then ()): the master's every
 * one; a side's and the public's those the one filter says it was told of
 * (adm_audience_filter_engagements (), as the campaign stood @then), each with the status it
 * may know. */
static GPtrArray *
cycle_marks (AdmCampaign  *campaign,
             AdmState     *then,
             guint         moment,
             const Reader *reader,
             guint         cycle)
{
  GPtrArray *queue = engagements_then (campaign, then, moment, cycle);
  g_autoptr(GArray) statuses = NULL;

  if (reader->kind == ADM_REPORT_MASTER)
    return queue;
  adm_audience_filter_engagements (adm_state_get_strategy (then),
                                   adm_campaign_get_scenario (campaign),
                                   reader->kind == ADM_REPORT_ADMIRAL ? reader->faction : NULL,
                                   queue);
  statuses = g_array_sized_new (FALSE, FALSE, sizeof (AdmEngagementStatus), queue->len);
  for (guint i = 0; i < queue->len; i++)
    {
      AdmEngagementStatus status = adm_audience_engagement_status (g_ptr_array_index (queue, i),
                                                                   queue);

      g_array_append_val (statuses, status);
    }
  for (guint i = 0; i < queue->len; i++)
    ((AdmQueuedEngagement *) g_ptr_array_index (queue, i))->status =
      g_array_index (statuses, AdmEngagementStatus, i);
  return queue;
}

/* The sector map at the end of @cycle (the campaign as it stood at @moment), as @reader saw
 * it: the master's, the public's, or the side's (F-STRAT-3), marked with the cycle's
 * engagements it was told of (cycle_marks ()). */
static void
add_map (AdmDoc       *doc,
         AdmCampaign  *campaign,
         const Reader *reader,
         guint         cycle,
         guint         moment)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmState) then = adm_campaign_state_at (campaign, moment, &error);
  g_autofree char *caption = NULL, *heading = NULL;
  g_autoptr(GPtrArray) marks = NULL;

  /* A moment of the journal's own counting is always one of it. */
  g_assert_no_error (error);
  marks = cycle_marks (campaign, then, moment, reader, cycle);
  heading = g_strdup_printf (_("The map at the end of cycle %u"), cycle);
  adm_doc_add_heading (doc, 2, heading);
  switch (reader->kind)
    {
    case ADM_REPORT_MASTER:
      /* Translators: under the sector map of a cycle in the war chronicle */
      caption = g_strdup_printf (_("The sector map at the end of cycle %u: every formation "
                                   "where it was."), cycle);
      adm_doc_add_sector_map (doc, G_OBJECT (then), ADM_DOC_VIEW_MASTER, NULL, marks,
                              caption);
      break;
    case ADM_REPORT_PUBLIC:
      caption = g_strdup_printf (_("The sector map at the end of cycle %u, as the public saw "
                                   "it."), cycle);
      adm_doc_add_sector_map (doc, G_OBJECT (then), ADM_DOC_VIEW_PUBLIC, NULL, marks,
                              caption);
      break;
    case ADM_REPORT_ADMIRAL:
    default:
      caption = g_strdup_printf (_("The sector map at the end of cycle %u, as %s saw it."),
                                 cycle, reader->faction->name);
      adm_doc_add_sector_map (doc, G_OBJECT (then), ADM_DOC_VIEW_SIDE, reader->faction->id,
                              marks, caption);
      break;
    }
}

/* The paper @reader was handed for @cycle, a part of @doc on pages of its own: a side's
 * admirals' reports as one, each thing they share told once (adm_report_build_admirals ()). */
static gboolean
add_cycle (AdmDoc       *doc,
           AdmCampaign  *campaign,
           const Reader *reader,
           guint         cycle,
           const char   *battles_dir,
           GError      **error)
{
  g_autoptr(AdmDoc) paper = reader->kind == ADM_REPORT_ADMIRAL
    ? adm_report_build_admirals (campaign, reader->admirals, cycle, battles_dir, error)
    : adm_report_build (campaign, reader->kind, NULL, cycle, battles_dir, error);

  if (paper == NULL)
    return FALSE;
  adm_doc_append (doc, paper);
  return TRUE;
}

/* The luck ledger of the battles @reader saw (F-ECM-2): the side's counts only its rolls; a
 * campaign with no battle it saw says so. */
static void
add_luck (AdmDoc       *doc,
          AdmCampaign  *campaign,
          const Reader *reader)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) ledgers = NULL;
  const char *as = reader->kind == ADM_REPORT_PUBLIC ? "public"
                   : reader->kind == ADM_REPORT_ADMIRAL ? reader->faction->id : NULL;

  ledgers = adm_luck_ledgers_of_campaign (campaign, NULL, as, &error);
  adm_doc_add_page_break (doc);
  if (ledgers != NULL)
    {
      adm_luck_add_to_doc (ledgers, doc, 1);
      return;
    }
  adm_doc_add_heading (doc, 1, _("Luck ledger"));
  if (g_error_matches (error, ADM_REPORT_ERROR, ADM_REPORT_ERROR_AUDIENCE) &&
      reader->kind == ADM_REPORT_ADMIRAL)
    adm_doc_add_paragraph (doc, _("No battle of this campaign was fought by this side: there "
                                  "are no rolls to weigh."));
  else
    adm_doc_add_paragraph (doc, error->message);
}

AdmDoc *
adm_chronicle_build (AdmCampaign  *campaign,
                     const char   *as,
                     const char   *battles_dir,
                     GError      **error)
{
  AdmScenario *scenario;
  AdmStrategy *strategy;
  g_auto(Reader) reader = { 0 };
  g_autoptr(AdmDoc) doc = NULL;
  g_autoptr(GArray) ends = NULL;
  g_autofree char *title = NULL, *whose = NULL;
  gboolean published;
  guint last;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  scenario = adm_campaign_get_scenario (campaign);
  strategy = adm_state_get_strategy (adm_campaign_get_state (campaign));
  if (!reader_parse (scenario, as, &reader, error))
    return NULL;
  last = adm_strategy_get_cycle (strategy) - 1;
  if (last == 0)
    {
      g_set_error (error, ADM_REPORT_ERROR, ADM_REPORT_ERROR_CYCLE,
                   _("No cycle has been resolved yet: the chronicle has nothing to tell"));
      return NULL;
    }
  /* The revelation: once the whole truth is published, the one filter gives every audience
   * the master's view, and its chronicle is the master's. */
  published = reader.kind != ADM_REPORT_MASTER &&
              adm_audience_is_master (adm_audience_of_campaign (strategy,
                                                                adm_audience_public ()));
  switch (reader.kind)
    {
    case ADM_REPORT_MASTER:
      whose = g_strdup (_("Master’s copy: everything that happened."));
      break;
    case ADM_REPORT_PUBLIC:
      whose = g_strdup (_("What everyone was told, cycle by cycle."));
      break;
    case ADM_REPORT_ADMIRAL:
    default:
      /* Translators: "For Barrayar: what it was told, cycle by cycle." */
      whose = g_strdup_printf (_("For %s: what it was told, cycle by cycle."), reader.name);
      break;
    }
  if (published)
    {
      g_free (whose);
      /* Translators: %s is whom the chronicle was asked for */
      whose = g_strdup_printf (_("For %s. The campaign is over and the master has published "
                                 "the whole truth: this is his chronicle, everything that "
                                 "happened."),
                               reader.kind == ADM_REPORT_PUBLIC ? _("the public") : reader.name);
      reader_clear (&reader);
      reader.kind = ADM_REPORT_MASTER;
    }
  /* Translators: the war chronicle's title; %s is the campaign */
  title = g_strdup_printf (_("War chronicle — %s"), adm_scenario_get_name (scenario));
  doc = adm_doc_new (title, adm_scenario_get_name (scenario), _("War chronicle"));
  adm_doc_add_heading (doc, 1, title);
  adm_doc_add_paragraph (doc, whose);
  adm_doc_add_printf (doc, ngettext ("%u cycle, told in order: the paper of each cycle, then "
                                     "the map at its end; the luck ledger last.",
                                     "%u cycles, told in order: the paper of each cycle, then "
                                     "the map at its end; the luck ledger last.", last), last);
  ends = cycle_ends (campaign, last);
  for (guint cycle = 1; cycle <= last; cycle++)
    {
      if (!add_cycle (doc, campaign, &reader, cycle, battles_dir, error))
        return NULL;
      add_map (doc, campaign, &reader, cycle, g_array_index (ends, guint, cycle));
    }
  add_luck (doc, campaign, &reader);
  return g_steal_pointer (&doc);
}
