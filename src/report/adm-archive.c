/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-archive.c: a campaign's archive for one audience (adm-archive.h).
 *
 * The frames are listed first from the replay's timeline for the audience
 * (adm-replay-timeline.h: one per resolution of a cycle, one per entry of a battle the
 * audience was told of and fought a side of), then drawn one at a time: the sector map as the
 * campaign stood after that entry (adm_campaign_state_at ()), drawn by the map's renderer for
 * the audience's faction (or the public), or the battle as it stood after it
 * (adm_campaign_battle_at_entry (), which carries the battle it handed out last on by one
 * phase), drawn by the table's renderer for the audience's side — or for the public of the
 * battle as the campaign stood at that step (adm_audience_public_of_campaign (), as the
 * replay's table and projector draw it) — onto a Cairo SVG surface streaming into one frame's
 * buffer, which goes into the file and is dropped before the next. What an audience is shown
 * is the audience filter's alone: the renderer asks it of every token, mine and order
 * (admiralty-table-renderer.c), the step's report lines are read through
 * adm_audience_read_line (), and the revelation (adm_audience_of_campaign ()) turns every
 * side's archive, and the public's, into the master's. */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <string.h>
#include <cairo.h>
#include <cairo-svg.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <gio/gunixoutputstream.h>

#include "adm-archive.h"
#include "adm-audience.h"
#include "adm-engagement-queue.h"
#include "adm-file.h"
#include "adm-replay-timeline.h"
#include "adm-report-page.h"
#include "adm-video.h"
#include "adm-xml.h"
#include "admiralty-sector-renderer.h"
#include "admiralty-table-renderer.h"
#include "adm-campaign-battles.h"
#include "adm-campaign-file.h"
#include "adm-campaign-journal.h"
#include "adm-engagement.h"

G_DEFINE_QUARK (adm-archive-error-quark, adm_archive_error)

/* One engagement the audience fought, or, for the public, was told of, and how it sees it. */
typedef struct {
  char        *id;
  char        *title;      /* as the audience names it (F-STRAT-3: an id for the master only) */
  AdmAudience  audience;   /* the battle's master, or its side; the public's is judged at each
                            * frame, as the campaign stood then */
  AdmQueuedEngagement *engagement;  /* the public's: the engagement its audience is of */
  guint        report_read; /* the battle's report lines, read or not, up to the last frame
                             * drawn: the lines after them are the next frame's */
  guint        drawn_at;   /* the journal's entries at the last frame drawn, 0 before one */
} Battle;

/* One step: the battle of @battle as it stood after the journal's first @entries entries, or
 * with @battle NULL the sector map then, after a cycle resolved (or its resolution taken
 * back or brought back). */
typedef struct {
  Battle              *battle;
  guint                entries;
  guint                previous;  /* a battle's: the entries up to its entry before this one,
                                   * a step of the archive or not; 0 for its first */
  AdmJournalEntryKind  kind;  /* the entry: a phase or a resolution, its undo or its redo */
} Frame;

struct _AdmArchive {
  AdmCampaign *campaign;
  const AdmFaction *faction;  /* the side's, or NULL: the master's or the public's (published:
                              * NULL too) */
  gboolean     public;   /* the public's: what every side was told (published: FALSE) */
  char        *heading;
  GPtrArray   *battles;  /* Battle* */
  GArray      *frames;   /* Frame */
};

static void
battle_free (gpointer data)
{
  Battle *battle = data;

  g_free (battle->id);
  g_free (battle->title);
  g_clear_pointer (&battle->engagement, adm_queued_engagement_free);
  g_free (battle);
}

void
adm_archive_free (AdmArchive *self)
{
  if (self == NULL)
    return;
  g_clear_object (&self->campaign);
  g_free (self->heading);
  g_ptr_array_unref (self->battles);
  g_array_unref (self->frames);
  g_free (self);
}

guint
adm_archive_get_n_frames (AdmArchive *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->frames->len;
}

guint
adm_archive_get_n_battles (AdmArchive *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->battles->len;
}

const char *
adm_archive_get_battle_id (AdmArchive *self,
                           guint       n)
{
  g_return_val_if_fail (self != NULL && n < self->battles->len, NULL);
  return ((Battle *) g_ptr_array_index (self->battles, n))->id;
}

const char *
adm_archive_get_battle_title (AdmArchive *self,
                              guint       n)
{
  g_return_val_if_fail (self != NULL && n < self->battles->len, NULL);
  return ((Battle *) g_ptr_array_index (self->battles, n))->title;
}

static Battle *
battle_of (AdmArchive *self,
           const char *engagement)
{
  for (guint i = 0; i < self->battles->len; i++)
    {
      Battle *battle = g_ptr_array_index (self->battles, i);

      if (g_strcmp0 (battle->id, engagement) == 0)
        return battle;
    }
  return NULL;
}

guint
adm_archive_get_battle_n_frames (AdmArchive *self,
                                 const char *engagement)
{
  Battle *battle;
  guint n = 0;

  g_return_val_if_fail (self != NULL, 0);
  if ((battle = battle_of (self, engagement)) == NULL)
    return 0;
  for (guint i = 0; i < self->frames->len; i++)
    if (g_array_index (self->frames, Frame, i).battle == battle)
      n++;
  return n;
}

const char *
adm_archive_get_heading (AdmArchive *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->heading;
}

/* The faction @as names — a faction's id or name, or an admiral's id — else NULL with @error
 * naming the sides there are. */
static const AdmFaction *
faction_of (AdmCampaign  *campaign,
            const char   *as,
            GError      **error)
{
  AdmScenario *scenario = adm_campaign_get_scenario (campaign);
  GPtrArray *factions = adm_scenario_get_factions (scenario);
  AdmAdmiral *admiral = adm_campaign_lookup_admiral (campaign, as);
  g_autoptr(GString) names = g_string_new (NULL);

  if (admiral != NULL)
    return admiral->faction;
  for (guint i = 0; i < factions->len; i++)
    {
      const AdmFaction *faction = g_ptr_array_index (factions, i);

      if (g_strcmp0 (faction->id, as) == 0 || g_strcmp0 (faction->name, as) == 0)
        return faction;
      if (names->len > 0)
        g_string_append (names, ", ");
      g_string_append (names, faction->id);
    }
  g_set_error (error, ADM_ARCHIVE_ERROR, ADM_ARCHIVE_ERROR_AUDIENCE,
               /* Translators: "no side “Jackson” in this campaign; give one of barrayar,
                * cetaganda, an admiral's id, “public” or “master”" */
               _("no side “%s” in this campaign; give one of %s, an admiral's id, “public” "
                 "or “master”"), as, names->str);
  return NULL;
}

/* The side of @battle that @faction fights on (its own, or one of an ally: allied factions
 * are one side, adm-sector-battle.c), or -1 when it fought none of it. */
static int
side_of_faction (AdmScenario      *scenario,
                 AdmBattle        *battle,
                 const AdmFaction *faction)
{
  GPtrArray *factions = adm_scenario_get_factions (scenario);

  for (guint s = 0; s < adm_battle_get_n_sides (battle); s++)
    {
      const char *id = adm_battle_get_side (battle, s)->id;

      for (guint f = 0; f < factions->len; f++)
        {
          const AdmFaction *other = g_ptr_array_index (factions, f);

          if (g_strcmp0 (other->id, id) == 0 &&
              (other == faction || adm_scenario_factions_allied (scenario, other, faction)))
            return (int) s;
        }
    }
  return -1;
}

/* F-STRAT-4: an archive is of battles ended; one begun and not ended is named, with what to
 * do. */
static gboolean
check_ended (AdmCampaign  *campaign,
             GError      **error)
{
  g_autoptr(GPtrArray) unfought = adm_campaign_get_unfought (campaign);

  for (guint i = 0; i < unfought->len; i++)
    {
      const AdmQueuedEngagement *engagement = g_ptr_array_index (unfought, i);
      g_autofree char *place = NULL;

      if (engagement->status != ADM_ENGAGEMENT_IN_PROGRESS)
        continue;
      place = adm_engagement_place_name (&engagement->engagement);
      if (engagement->table != NULL)
        g_set_error (error, ADM_ARCHIVE_ERROR, ADM_ARCHIVE_ERROR_UNENDED,
                     /* Translators: "the battle of engagement c1-1 at Pol jump point is at the
                      * table “Table 2”, not ended; …" */
                     _("the battle of engagement %s at %s is at the table “%s”, not ended; let "
                       "the table end it, or take it back and end it, then write the archive"),
                     engagement->id, place, engagement->table);
      else
        g_set_error (error, ADM_ARCHIVE_ERROR, ADM_ARCHIVE_ERROR_UNENDED,
                     /* Translators: "the battle of engagement c1-1 at Pol jump point is not
                      * ended; …" */
                     _("the battle of engagement %s at %s is not ended; fight it to its end or "
                       "end it where it stands, then write the archive"),
                     engagement->id, place);
      return FALSE;
    }
  return TRUE;
}

/* Whether entry @i of @journal resolves a cycle (an action holding a "cycle" event), or takes
 * such a resolution back or brings it back. */
static gboolean
resolves_cycle (AdmJournal *journal,
                guint       i)
{
  AdmJournalAction *action = adm_journal_get_entry_action (journal, i);
  GPtrArray *events;

  if (action == NULL)
    return FALSE;
  events = adm_journal_action_get_events (action);
  for (guint e = 0; e < events->len; e++)
    if (g_str_equal (adm_event_get_kind (g_ptr_array_index (events, e)), "cycle"))
      return TRUE;
  return FALSE;
}

/* The battle of @id for the archive's audience, else NULL: a battle not played (an
 * engagement dropped unfought, or one of another table's not brought back), or, for a side,
 * one it fought no side of. The public's is the battle of an engagement its timeline steps
 * through: told of it as the war stood at each of them (adm-replay-timeline.h). */
static Battle *
battle_new (AdmArchive *self,
            const char *id)
{
  g_autoptr(AdmQueuedEngagement) engagement = adm_campaign_find_engagement (self->campaign, id,
                                                                            NULL);
  g_autoptr(GError) local = NULL;
  AdmScenario *scenario = adm_campaign_get_scenario (self->campaign);
  AdmAudience audience = adm_audience_master ();
  AdmBattle *played;
  Battle *battle;
  g_autofree char *place = NULL;

  played = engagement != NULL ? adm_campaign_get_battle_played (self->campaign, id, &local)
                              : NULL;
  if (played == NULL)
    return NULL;
  if (self->faction != NULL)
    {
      int side = side_of_faction (scenario, played, self->faction);

      if (side < 0)
        return NULL;
      audience = adm_audience_side ((guint) side);
    }
  battle = g_new0 (Battle, 1);
  battle->id = g_strdup (id);
  battle->audience = audience;
  place = adm_audience_engagement_name (engagement);
  /* F-STRAT-3: only the master's views name an engagement by its id. */
  battle->title = self->faction == NULL && !self->public
                  ? g_strdup_printf (_("Engagement %s — %s"), id, place)
                  : g_steal_pointer (&place);
  if (self->public)
    battle->engagement = g_steal_pointer (&engagement);
  g_ptr_array_add (self->battles, battle);
  return battle;
}

AdmArchive *
adm_archive_new (AdmCampaign  *campaign,
                 const char   *as,
                 GError      **error)
{
  g_autoptr(AdmArchive) self = NULL;
  g_autoptr(AdmReplayTimeline) timeline = NULL;
  g_autoptr(GHashTable) by_id = NULL, last_entry = NULL;
  AdmScenario *scenario;
  AdmStrategy *strategy;
  AdmJournal *journal;
  const AdmFaction *faction = NULL;
  gboolean public = FALSE, master;
  guint n_steps, scanned = 0;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (as != NULL && g_str_equal (as, "master"))
    as = NULL;
  public = as != NULL && g_str_equal (as, "public");
  if (as != NULL && !public && (faction = faction_of (campaign, as, error)) == NULL)
    return NULL;
  if (!check_ended (campaign, error))
    return NULL;

  scenario = adm_campaign_get_scenario (campaign);
  strategy = adm_state_get_strategy (adm_campaign_get_state (campaign));
  /* The revelation: once the whole truth is published every side's archive, and the
   * public's, is the master's, byte for byte. */
  master = (faction == NULL && !public) || adm_audience_truth_published (strategy);
  self = g_new0 (AdmArchive, 1);
  self->campaign = g_object_ref (campaign);
  self->battles = g_ptr_array_new_with_free_func (battle_free);
  self->frames = g_array_new (FALSE, FALSE, sizeof (Frame));
  if (faction == NULL && !public)
    /* Translators: the heading of the master's archive: "The Komarr Campaign — the master's
     * archive" */
    self->heading = g_strdup_printf (_("%s — the master's archive"),
                                     adm_scenario_get_name (scenario));
  else if (master)
    /* Translators: the heading of a side's archive once the master published everything */
    self->heading = g_strdup_printf (_("%s — the whole truth, as the master published it"),
                                     adm_scenario_get_name (scenario));
  else if (public)
    /* Translators: "The Komarr Campaign — the public's archive": what every side was told */
    self->heading = g_strdup_printf (_("%s — the public's archive"),
                                     adm_scenario_get_name (scenario));
  else
    /* Translators: "The Komarr Campaign — Barrayar's archive" */
    self->heading = g_strdup_printf (_("%s — %s's archive"), adm_scenario_get_name (scenario),
                                     faction->name);
  self->faction = master ? NULL : faction;
  self->public = !master && public;

  /* The steps are the replay's (adm-replay-timeline.h), for the same audience through the
   * same filter (F-STRAT-3): of them, the map once each cycle is resolved (F-STRAT-1,
   * F-STRAT-2) and each phase of each battle played that the audience was told of. */
  timeline = adm_replay_timeline_new (campaign,
                                      self->faction != NULL ? self->faction->id
                                      : self->public ? "public" : "master", error);
  if (timeline == NULL)
    return NULL;
  by_id = g_hash_table_new (g_str_hash, g_str_equal);
  /* Engagement (interned) → the journal's entries up to its last entry read. */
  last_entry = g_hash_table_new (NULL, NULL);
  journal = adm_campaign_get_journal (campaign);
  n_steps = g_list_model_get_n_items (G_LIST_MODEL (timeline));
  for (guint s = 0; s < n_steps; s++)
    {
      g_autoptr(AdmReplayStep) step = g_list_model_get_item (G_LIST_MODEL (timeline), s);
      const char *id = adm_replay_step_get_engagement (step);
      guint moment = adm_replay_step_get_moment (step);
      Battle *battle;
      Frame frame;

      /* The campaign's start is no step of the archive's: nothing was done yet. */
      if (moment == 0)
        continue;
      if (id == NULL)
        {
          if (resolves_cycle (journal, moment - 1))
            {
              frame.battle = NULL;
              frame.entries = moment;
              frame.previous = 0;
              frame.kind = adm_journal_get_entry_kind (journal, moment - 1);
              g_array_append_val (self->frames, frame);
            }
          continue;
        }
      if (!g_hash_table_lookup_extended (by_id, id, NULL, (gpointer *) &battle))
        {
          battle = battle_new (self, id);
          g_hash_table_insert (by_id, (gpointer) g_intern_string (id), battle);
        }
      /* The battle's entries before this step, those the audience was not told of among
       * them (the public's, before it learnt of the battle). */
      for (; scanned + 1 < moment; scanned++)
        {
          const char *other = adm_journal_get_entry_engagement (journal, scanned);

          if (other != NULL)
            g_hash_table_insert (last_entry, (gpointer) g_intern_string (other),
                                 GUINT_TO_POINTER (scanned + 1));
        }
      frame.previous = GPOINTER_TO_UINT (g_hash_table_lookup (last_entry, g_intern_string (id)));
      g_hash_table_insert (last_entry, (gpointer) g_intern_string (id), GUINT_TO_POINTER (moment));
      scanned = moment;
      if (battle == NULL)
        continue;
      frame.battle = battle;
      frame.entries = moment;
      frame.kind = adm_journal_get_entry_battle_kind (journal, moment - 1);
      g_array_append_val (self->frames, frame);
    }
  return g_steal_pointer (&self);
}

/* A frame's drawing and text. */
typedef struct {
  AdmBattle *battle;  /* the campaign's battle of the past, read only; let go before the
                      * next frame's, so that the campaign carries it on */
  AdmState  *state;   /* the campaign then, read only: a sector map's, and the public's
                      * battle's (its audience names its strategy) */
  AdmiraltySectorOptions options;  /* a sector map's audience */
  GPtrArray *engagements;          /* the master's map's: its cycle's, marked */
  AdmAudience audience;            /* a battle's */
  const char *title;  /* the battle's, or the sector map's */
  char      *step;    /* "Turn 2 · Fire" */
  GPtrArray *lines;   /* char*: the report lines the step added, as the audience reads them */
} Drawn;

static void
drawn_clear (Drawn *drawn)
{
  g_clear_object (&drawn->battle);
  g_clear_object (&drawn->state);
  g_clear_pointer (&drawn->engagements, g_ptr_array_unref);
  g_free (drawn->step);
  g_clear_pointer (&drawn->lines, g_ptr_array_unref);
}

/* The sector map after entry @frame: the campaign's state then, drawn for the archive's
 * audience (F-STRAT-3: a side sees what adm_strategy_formation_visible () lets it know, its
 * own formations and those it last saw); the master's marks the cycle's engagements. */
static gboolean
sector_prepare (AdmArchive  *self,
                Frame       *frame,
                Drawn       *drawn,
                GError     **error)
{
  g_autoptr(GError) local = NULL;
  guint cycle;

  drawn->title = _("The sector map");
  if (drawn->state == NULL &&
      (drawn->state = adm_campaign_state_at (self->campaign, frame->entries, &local)) == NULL)
    {
      g_set_error (error, ADM_ARCHIVE_ERROR, ADM_ARCHIVE_ERROR_WRITE,
                   _("The campaign cannot be replayed: %s"), local->message);
      return FALSE;
    }
  admiralty_sector_options_init (&drawn->options);
  drawn->options.state = drawn->state;
  drawn->options.strategy = adm_state_get_strategy (drawn->state);
  /* No legend: at the frame's size it would lie over the cards in its corner. */
  cycle = adm_strategy_get_cycle (drawn->options.strategy);
  if (self->faction != NULL)
    {
      drawn->options.audience = ADMIRALTY_SECTOR_AUDIENCE_SIDE;
      drawn->options.viewer = self->faction;
    }
  else if (self->public)
    drawn->options.audience = ADMIRALTY_SECTOR_AUDIENCE_PUBLIC;
  else if (cycle > 1)
    drawn->engagements = drawn->options.engagements =
      adm_campaign_get_engagements (self->campaign, cycle - 1);
  drawn->lines = g_ptr_array_new_with_free_func (g_free);
  if (frame->battle != NULL)
    /* Translators: a step of the archive drawn as the sector map: "Cycle 2" */
    drawn->step = g_strdup_printf (_("Cycle %u"), cycle);
  else if (frame->kind == ADM_JOURNAL_ENTRY_UNDO)
    /* Translators: a step of the archive: the resolution of a cycle taken back, "Taken back:
     * orders for cycle 3 again" */
    drawn->step = g_strdup_printf (_("Taken back: orders for cycle %u again"), cycle);
  else
    /* Translators: a step of the archive: "Cycle 2 resolved: orders for cycle 3" */
    drawn->step = g_strdup_printf (_("Cycle %u resolved: orders for cycle %u"), cycle - 1,
                                   cycle);
  return TRUE;
}

/* The battle of @frame's battle as it stood after the journal's first @entries entries, else
 * NULL with @error. */
static AdmBattle *
battle_at (AdmArchive  *self,
           Frame       *frame,
           guint        entries,
           GError     **error)
{
  g_autoptr(GError) local = NULL;
  AdmBattle *battle = adm_campaign_battle_at_entry (self->campaign, frame->battle->id, entries,
                                                    &local);

  if (battle == NULL)
    g_set_error (error, ADM_ARCHIVE_ERROR, ADM_ARCHIVE_ERROR_WRITE,
                 _("The battle of %s cannot be replayed: %s"), frame->battle->title,
                 local->message);
  return battle;
}

/* The audience @frame's battle is drawn for: the master's or the side's, or the public of the
 * battle as the campaign stood then (F-STRAT-3), as the replay's table and projector draw it
 * — what every side at the table knows and the public map shows; its strategy is
 * @drawn->state's. FALSE with @error when the campaign cannot be replayed there. */
static gboolean
battle_audience (AdmArchive  *self,
                 Frame       *frame,
                 Drawn       *drawn,
                 GError     **error)
{
  g_autoptr(GError) local = NULL;

  if (!self->public)
    {
      drawn->audience = frame->battle->audience;
      return TRUE;
    }
  drawn->state = adm_campaign_state_at (self->campaign, frame->entries, &local);
  if (drawn->state == NULL)
    {
      g_set_error (error, ADM_ARCHIVE_ERROR, ADM_ARCHIVE_ERROR_WRITE,
                   _("The campaign cannot be replayed: %s"), local->message);
      return FALSE;
    }
  drawn->audience = adm_audience_public_of_campaign (adm_state_get_strategy (drawn->state),
                                                     adm_campaign_get_scenario (self->campaign),
                                                     &frame->battle->engagement->engagement);
  return TRUE;
}

static gboolean
frame_prepare (AdmArchive  *self,
               Frame       *frame,
               Drawn       *drawn,
               GError     **error)
{
  Battle *battle = frame->battle;
  GPtrArray *report;
  const AdmReportLine *last = NULL;
  const char *phase;
  int turn;

  if (battle == NULL)
    return sector_prepare (self, frame, drawn, error);
  /* The battle's entries the audience was not shown came between this frame and its last:
   * their lines are no step's of its, so this frame's lines are those after the entry before
   * it (a step back, which the campaign serves from the battle it keeps). */
  if (battle->drawn_at != frame->previous)
    {
      g_autoptr(AdmBattle) before = NULL;

      battle->report_read = 0;
      if (frame->previous > 0)
        {
          if ((before = battle_at (self, frame, frame->previous, error)) == NULL)
            return FALSE;
          battle->report_read = adm_battle_get_report (before)->len;
        }
    }
  if ((drawn->battle = battle_at (self, frame, frame->entries, error)) == NULL ||
      !battle_audience (self, frame, drawn, error))
    return FALSE;
  report = adm_battle_get_report (drawn->battle);
  if (drawn->audience.untold)
    {
      /* A public not told of the battle at this step is shown the map, as the replay shows
       * it; the step's lines are no one's. */
      battle->report_read = report->len;
      battle->drawn_at = frame->entries;
      g_clear_object (&drawn->battle);
      return sector_prepare (self, frame, drawn, error);
    }
  drawn->title = battle->title;
  drawn->lines = g_ptr_array_new_with_free_func (g_free);
  for (guint i = battle->report_read; i < report->len; i++)
    {
      const AdmReportLine *read = adm_audience_read_line (drawn->audience, drawn->battle,
                                                          g_ptr_array_index (report, i));

      if (read == NULL)
        continue;
      g_ptr_array_add (drawn->lines, g_strdup (adm_report_line_get_text (read)));
      last = read;
    }
  /* The step is named by the phase its lines tell of; one that tells nothing (a phase taken
   * back, or one this audience reads nothing of) by where the battle stands after it. */
  if (last != NULL)
    {
      turn = last->turn;
      phase = adm_phase_display_name (adm_phase_to_string (last->phase));
    }
  else
    {
      turn = adm_battle_get_turn (drawn->battle);
      phase = adm_phase_display_name (adm_phase_to_string (adm_battle_get_phase (drawn->battle)));
    }
  if (frame->kind == ADM_JOURNAL_ENTRY_UNDO)
    /* Translators: a step of the archive that took a phase back: "Taken back: now Turn 2 ·
     * Fire" */
    drawn->step = g_strdup_printf (_("Taken back: now Turn %d · %s"), turn, phase);
  else
    drawn->step = g_strdup_printf (_("Turn %d · %s"), turn, phase);
  battle->report_read = report->len;
  battle->drawn_at = frame->entries;
  return TRUE;
}

/* Every battle as before its first frame is drawn. */
static void
battles_rewind (AdmArchive *self)
{
  for (guint i = 0; i < self->battles->len; i++)
    {
      Battle *battle = g_ptr_array_index (self->battles, i);

      battle->report_read = 0;
      battle->drawn_at = 0;
    }
}

static void
frame_render (cairo_t *cr,
              Drawn   *drawn)
{
  AdmiraltyTableView view;
  AdmiraltyTableOptions options;

  if (drawn->battle == NULL)
    {
      AdmScenario *scenario = adm_state_get_scenario (drawn->state);
      AdmiraltySectorView map;
      g_autoptr(GHashTable) cards = admiralty_sector_cards_measure (scenario, &drawn->options);

      admiralty_sector_view_init (&map, ADM_ARCHIVE_FRAME_WIDTH, ADM_ARCHIVE_FRAME_HEIGHT);
      map.cards = cards;
      admiralty_sector_view_fit_apart (&map, scenario);
      admiralty_sector_render (cr, &map, scenario, &drawn->options);
      return;
    }

  admiralty_table_options_init (&options);
  if (drawn->audience.kind == ADM_AUDIENCE_PUBLIC)
    options.audience = &drawn->audience;
  else if (drawn->audience.kind == ADM_AUDIENCE_SIDE)
    options.view_side = (int) drawn->audience.side;
  options.still = TRUE;
  admiralty_table_view_init (&view, ADM_ARCHIVE_FRAME_WIDTH, ADM_ARCHIVE_FRAME_HEIGHT);
  admiralty_table_view_fit (&view, drawn->battle, &options);
  admiralty_table_render (cr, &view, drawn->battle, &options);
}

/* The frame as an image of the archive's size (RGB24), as --frames' PNG holds it. */
static cairo_surface_t *
render_image (Drawn *drawn)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24,
                                                         ADM_ARCHIVE_FRAME_WIDTH,
                                                         ADM_ARCHIVE_FRAME_HEIGHT);
  cairo_t *cr = cairo_create (surface);

  frame_render (cr, drawn);
  cairo_destroy (cr);
  return surface;
}

static cairo_status_t
append_cb (void                *closure,
           const unsigned char *data,
           unsigned int         length)
{
  g_string_append_len (closure, (const char *) data, length);
  return CAIRO_STATUS_SUCCESS;
}

/* The frame as an SVG document into @svg (emptied first). */
static void
render_svg (Drawn   *drawn,
            GString *svg)
{
  cairo_surface_t *surface;
  cairo_t *cr;

  g_string_truncate (svg, 0);
  surface = cairo_svg_surface_create_for_stream (append_cb, svg, ADM_ARCHIVE_FRAME_WIDTH,
                                                 ADM_ARCHIVE_FRAME_HEIGHT);
  cairo_svg_surface_set_document_unit (surface, CAIRO_SVG_UNIT_PX);
  cr = cairo_create (surface);
  frame_render (cr, drawn);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  cairo_surface_destroy (surface);
}

/* Numbers the ids Cairo takes from counters of the whole process ("surface846", "image12")
 * in the order they first come in the frame, so that a frame is the same whenever it is
 * drawn. */
static gboolean
renumber_cb (const GMatchInfo *match,
             GString          *out,
             gpointer          data)
{
  GHashTable *numbers = data;
  g_autofree char *kind = g_match_info_fetch (match, 1);
  g_autofree char *number = g_match_info_fetch (match, 2);
  g_autofree char *key = g_strconcat (kind, number, NULL);
  gpointer value;

  if (!g_hash_table_lookup_extended (numbers, key, NULL, &value))
    {
      value = GUINT_TO_POINTER (g_hash_table_size (numbers) + 1);
      g_hash_table_insert (numbers, g_steal_pointer (&key), value);
    }
  g_string_append_printf (out, "%s%u", kind, GPOINTER_TO_UINT (value));
  return FALSE;
}

/* @svg made fit to stand inline in an HTML page beside the other frames: the XML declaration
 * dropped, the namespace declarations (names, not addresses; the HTML parser gives <svg> its
 * namespace) dropped, the ids Cairo numbers for the whole process numbered for the frame, and
 * every id prefixed with the frame's ("f3-glyph0-1"), so that one frame's glyphs never draw
 * another's. */
static char *
inline_svg (const char *svg,
            guint       n)
{
  static GRegex *declarations, *process_ids, *ids;
  static gsize made;
  g_autofree char *replacement = g_strdup_printf ("\\1f%u-", n);
  g_autofree char *bare = NULL, *numbered = NULL;
  g_autoptr(GHashTable) numbers = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                         NULL);

  if (g_once_init_enter (&made))
    {
      declarations = g_regex_new ("<\\?xml[^>]*\\?>\\s*| xmlns(:xlink)?=\"[^\"]*\"",
                                  G_REGEX_OPTIMIZE, 0, NULL);
      process_ids = g_regex_new ("\\b(surface|image|source)([0-9]+)\\b", G_REGEX_OPTIMIZE, 0,
                                 NULL);
      ids = g_regex_new ("( id=\"|href=\"#|url\\(#)", G_REGEX_OPTIMIZE, 0, NULL);
      g_once_init_leave (&made, 1);
    }
  bare = g_regex_replace_literal (declarations, svg, -1, 0, "", 0, NULL);
  numbered = g_regex_replace_eval (process_ids, bare, -1, 0, 0, renumber_cb, numbers, NULL);
  return g_regex_replace (ids, numbered, -1, 0, replacement, 0, NULL);
}

/* @format's text, its arguments escaped as g_markup_printf_escaped () escapes them, added to
 * @out. */
G_GNUC_PRINTF (2, 3) static void
append_escaped (GString    *out,
                const char *format,
                ...)
{
  g_autofree char *text = NULL;
  va_list args;

  va_start (args, format);
  text = g_markup_vprintf_escaped (format, args);
  va_end (args);
  g_string_append (out, text);
}

static gboolean
put (GOutputStream  *out,
     const char     *text,
     GCancellable   *cancellable,
     GError        **error)
{
  return g_output_stream_write_all (out, text, strlen (text), NULL, cancellable, error);
}

/* The page's head and tail (adm-archive.html, its marker between them), filled in. */
static void
page_parts (AdmArchive  *self,
            char       **head,
            char       **tail)
{
  g_autofree char *last = g_strdup_printf ("%u", MAX (self->frames->len, 1) - 1);
  const AdmReportField fields[] = {
    /* Translators: the language of the archive's page, as HTML's lang attribute */
    { "@LANG@", C_("html lang", "en"), TRUE },
    { "@HEADING@", self->heading, TRUE },
    { "@LAST@", last, FALSE },
    { "@PREVIOUS@", _("Previous step"), TRUE },
    { "@NEXT@", _("Next step"), TRUE },
    { "@STEP@", _("Step"), TRUE },
    { "@KEYS@", _("← → or Page Up / Page Down step; Home and End go to the first and last step."),
      TRUE },
    { "@EMPTY@", self->frames->len == 0 ? _("No battle in this archive: this side fought none.")
                                        : "", TRUE },
  };
  g_autofree char *page = adm_report_page_fill ("adm-archive.html", "adm-archive.js", fields,
                                                G_N_ELEMENTS (fields));
  g_auto(GStrv) parts = g_strsplit (page, "<!-- frames -->", 2);

  g_assert (parts[0] != NULL && parts[1] != NULL);
  *head = g_steal_pointer (&parts[0]);
  *tail = g_steal_pointer (&parts[1]);
}

struct _AdmArchiveWriting {
  AdmArchive    *archive;
  GOutputStream *out;
  char          *tail;   /* the page's tail, once its head is written */
  guint          next;   /* the frame to write next */
  gboolean       done;
  GString       *svg;    /* one frame's drawing, reused */
  GString       *block;  /* one frame's HTML, reused */
};

AdmArchiveWriting *
adm_archive_writing_new (AdmArchive    *self,
                         GOutputStream *out)
{
  AdmArchiveWriting *writing;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (G_IS_OUTPUT_STREAM (out), NULL);

  writing = g_new0 (AdmArchiveWriting, 1);
  writing->archive = self;
  writing->out = g_object_ref (out);
  writing->svg = g_string_new (NULL);
  writing->block = g_string_new (NULL);
  return writing;
}

void
adm_archive_writing_free (AdmArchiveWriting *writing)
{
  if (writing == NULL)
    return;
  g_object_unref (writing->out);
  g_free (writing->tail);
  g_string_free (writing->svg, TRUE);
  g_string_free (writing->block, TRUE);
  g_free (writing);
}

guint
adm_archive_writing_get_done (AdmArchiveWriting *writing)
{
  g_return_val_if_fail (writing != NULL, 0);
  return writing->next;
}

/* Frame @n of @self's page, as its HTML, into @block (emptied first). */
static gboolean
frame_block (AdmArchive  *self,
             guint        n,
             GString     *svg,
             GString     *block,
             GError     **error)
{
  Frame *frame = &g_array_index (self->frames, Frame, n);
  Drawn drawn = { 0 };
  g_autofree char *inlined = NULL;

  if (!frame_prepare (self, frame, &drawn, error))
    {
      drawn_clear (&drawn);
      return FALSE;
    }
  render_svg (&drawn, svg);
  inlined = inline_svg (svg->str, n + 1);
  g_string_truncate (block, 0);
  g_string_append_printf (block, "<figure class=\"frame\" id=\"step-%u\"%s>\n", n + 1,
                          n == 0 ? "" : " hidden");
  g_string_append (block, inlined);
  g_string_append (block, "<figcaption>");
  append_escaped (block, "<h2>%s</h2><p class=\"step\">%s</p>", drawn.title,
                  drawn.step);
  if (drawn.lines->len > 0)
    {
      g_string_append (block, "<ul>");
      for (guint l = 0; l < drawn.lines->len; l++)
        append_escaped (block, "<li>%s</li>", (const char *) g_ptr_array_index (drawn.lines, l));
      g_string_append (block, "</ul>");
    }
  g_string_append (block, "</figcaption></figure>\n");
  drawn_clear (&drawn);
  return TRUE;
}

gboolean
adm_archive_writing_step (AdmArchiveWriting  *writing,
                          GCancellable       *cancellable,
                          GError            **error)
{
  AdmArchive *self;

  g_return_val_if_fail (writing != NULL && !writing->done, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  self = writing->archive;
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  if (writing->tail == NULL)
    {
      g_autofree char *head = NULL;

      page_parts (self, &head, &writing->tail);
      battles_rewind (self);
      return put (writing->out, head, cancellable, error);
    }
  if (writing->next < self->frames->len)
    {
      if (!frame_block (self, writing->next, writing->svg, writing->block, error) ||
          !g_output_stream_write_all (writing->out, writing->block->str, writing->block->len,
                                      NULL, cancellable, error))
        return FALSE;
      writing->next++;
      return TRUE;
    }
  if (!put (writing->out, writing->tail, cancellable, error))
    return FALSE;
  writing->done = TRUE;
  return TRUE;
}

gboolean
adm_archive_writing_is_done (AdmArchiveWriting *writing)
{
  g_return_val_if_fail (writing != NULL, TRUE);
  return writing->done;
}

gboolean
adm_archive_write_html (AdmArchive          *self,
                        GOutputStream       *out,
                        AdmArchiveProgress   progress,
                        gpointer             data,
                        GCancellable        *cancellable,
                        GError             **error)
{
  g_autoptr(AdmArchiveWriting) writing = NULL;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (G_IS_OUTPUT_STREAM (out), FALSE);

  writing = adm_archive_writing_new (self, out);
  while (!writing->done)
    {
      guint before = writing->next;

      if (!adm_archive_writing_step (writing, cancellable, error))
        return FALSE;
      if (progress != NULL && writing->next > before)
        progress (writing->next, self->frames->len, data);
    }
  return TRUE;
}

/* Refuses @path when it is the campaign's own file or another campaign: an archive never
 * replaces a war. */
static gboolean
check_target (AdmArchive  *self,
              const char  *path,
              GError     **error)
{
  const char *campaign_path = adm_campaign_get_path (self->campaign);
  g_autofree char *display = g_filename_display_name (path);
  g_autofree char *root = NULL;

  if ((campaign_path != NULL && adm_file_is_same (path, campaign_path)) ||
      g_strcmp0 ((root = adm_xml_peek_root (path)), "campaign") == 0)
    {
      g_set_error (error, ADM_ARCHIVE_ERROR, ADM_ARCHIVE_ERROR_CAMPAIGN,
                   _("%s is a campaign, which is kept as it is; give the archive another "
                     "name"), display);
      return FALSE;
    }
  return TRUE;
}

/* @error (a write's) as ADM_ARCHIVE_ERROR_WRITE naming @path. */
static void
write_error (const char  *path,
             GError      *local,
             GError     **error)
{
  g_autofree char *display = g_filename_display_name (path);

  if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_propagate_error (error, g_steal_pointer (&local));
  else
    {
      g_set_error (error, ADM_ARCHIVE_ERROR, ADM_ARCHIVE_ERROR_WRITE,
                   /* Translators: "Cannot write /media/usb/war.html: No space left on device;
                    * nothing was written" */
                   _("Cannot write %s: %s; nothing was written"), display, local->message);
      g_error_free (local);
    }
}

/* A file being written whole: into a new file beside @path ("." its name "." six
 * characters), renamed over @path only once written and on the disk, removed otherwise; one
 * left by a write that was killed is removed by the next write of @path. */
typedef struct {
  GOutputStream *out;
  char          *temp;
  char          *path;
} Replacing;

static void
replacing_free (Replacing *replacing)
{
  g_clear_object (&replacing->out);
  if (replacing->temp != NULL)
    g_unlink (replacing->temp);
  g_free (replacing->temp);
  g_free (replacing->path);
  g_free (replacing);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Replacing, replacing_free)

static Replacing *
replace_file (const char  *path,
              GError     **error)
{
  g_autoptr(Replacing) replacing = g_new0 (Replacing, 1);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *name = g_strdup_printf (".%s.XXXXXX", base);
  GError *local = NULL;
  int fd;

  if (!adm_file_check_writable (path, &local))
    {
      write_error (path, local, error);
      return NULL;
    }
  /* What a write killed mid-way (kill -9, a power cut) left beside it goes now. */
  adm_file_remove_stale_temporaries (path);
  replacing->path = g_strdup (path);
  replacing->temp = g_build_filename (dir, name, NULL);
  fd = g_mkstemp_full (replacing->temp, O_WRONLY | O_CLOEXEC, 0644);
  if (fd < 0)
    {
      int saved = errno;

      g_clear_pointer (&replacing->temp, g_free);
      write_error (path, g_error_new_literal (G_IO_ERROR, g_io_error_from_errno (saved),
                                              g_strerror (saved)), error);
      return NULL;
    }
  replacing->out = g_unix_output_stream_new (fd, TRUE);
  return g_steal_pointer (&replacing);
}

/* Puts @replacing's file in place when @ok (flushed to the disk, then renamed over its path),
 * else removes it: the old file, or none, is left. */
static gboolean
finish_file (Replacing  *replacing,
             gboolean    ok,
             GError    **error)
{
  GError *local = NULL;
  int fd;

  if (!ok)
    return FALSE;
  fd = g_unix_output_stream_get_fd (G_UNIX_OUTPUT_STREAM (replacing->out));
  if (!g_output_stream_flush (replacing->out, NULL, &local))
    {
      write_error (replacing->path, local, error);
      return FALSE;
    }
  /* For the tests, a flush as slow as ADMIRALTY_TEST_FLUSH_DELAY_MS makes it. */
  adm_file_test_delay ();
  if (fsync (fd) != 0 || g_rename (replacing->temp, replacing->path) != 0)
    {
      int saved = errno;

      write_error (replacing->path,
                   g_error_new_literal (G_IO_ERROR, g_io_error_from_errno (saved),
                                        g_strerror (saved)), error);
      return FALSE;
    }
  g_clear_pointer (&replacing->temp, g_free);
  /* In place and on the disk: closing cannot lose it. */
  g_output_stream_close (replacing->out, NULL, NULL);
  return TRUE;
}

gboolean
adm_archive_save_html (AdmArchive          *self,
                       const char          *path,
                       AdmArchiveProgress   progress,
                       gpointer             data,
                       GCancellable        *cancellable,
                       GError             **error)
{
  g_autoptr(Replacing) out = NULL;
  GError *local = NULL;
  gboolean ok;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!check_target (self, path, error) || (out = replace_file (path, error)) == NULL)
    return FALSE;
  ok = adm_archive_write_html (self, out->out, progress, data, cancellable, &local);
  if (!ok)
    {
      if (local->domain == ADM_ARCHIVE_ERROR)
        g_propagate_error (error, local);
      else
        write_error (path, local, error);
    }
  return finish_file (out, ok, error);
}

static cairo_status_t
write_cb (void                *closure,
          const unsigned char *data,
          unsigned int         length)
{
  return g_output_stream_write_all (closure, data, length, NULL, NULL, NULL)
           ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}

/* One frame into @path, whole or not at all. */
static gboolean
save_frame (Drawn             *drawn,
            const char        *path,
            AdmArchiveFormat   format,
            GString           *svg,
            GError           **error)
{
  g_autoptr(Replacing) out = replace_file (path, error);
  GError *local = NULL;
  gboolean ok;

  if (out == NULL)
    return FALSE;
  if (format == ADM_ARCHIVE_FORMAT_SVG)
    {
      render_svg (drawn, svg);
      ok = g_output_stream_write_all (out->out, svg->str, svg->len, NULL, NULL, &local);
    }
  else
    {
      cairo_surface_t *surface = render_image (drawn);
      cairo_status_t status;

      status = cairo_surface_write_to_png_stream (surface, write_cb, out->out);
      cairo_surface_destroy (surface);
      ok = status == CAIRO_STATUS_SUCCESS;
      if (!ok)
        local = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_FAILED,
                                     cairo_status_to_string (status));
    }
  if (!ok)
    write_error (path, local, error);
  return finish_file (out, ok, error);
}

gboolean
adm_archive_save_frames (AdmArchive          *self,
                         const char          *folder,
                         AdmArchiveFormat     format,
                         AdmArchiveProgress   progress,
                         gpointer             data,
                         GCancellable        *cancellable,
                         GError             **error)
{
  g_autoptr(GString) svg = g_string_new (NULL);
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *list = NULL;
  GError *local = NULL;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (folder != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (g_mkdir_with_parents (folder, 0777) != 0)
    {
      int saved = errno;
      g_autofree char *display = g_filename_display_name (folder);

      g_set_error (error, ADM_ARCHIVE_ERROR, ADM_ARCHIVE_ERROR_WRITE,
                   _("Cannot make the folder %s: %s; nothing was written"), display,
                   g_strerror (saved));
      return FALSE;
    }
  battles_rewind (self);
  for (guint n = 0; n < self->frames->len; n++)
    {
      Frame *frame = &g_array_index (self->frames, Frame, n);
      Drawn drawn = { 0 };
      g_autofree char *name = g_strdup_printf ("frame-%04u.%s", n + 1,
                                               format == ADM_ARCHIVE_FORMAT_SVG ? "svg" : "png");
      g_autofree char *path = g_build_filename (folder, name, NULL);
      gboolean ok;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      if (!frame_prepare (self, frame, &drawn, error))
        {
          drawn_clear (&drawn);
          return FALSE;
        }
      ok = save_frame (&drawn, path, format, svg, error);
      g_string_append_printf (text, "%s\t%s\t%s", name, drawn.title, drawn.step);
      for (guint l = 0; l < drawn.lines->len; l++)
        g_string_append_printf (text, "\t%s", (const char *) g_ptr_array_index (drawn.lines, l));
      g_string_append_c (text, '\n');
      drawn_clear (&drawn);
      if (!ok)
        return FALSE;
      if (progress != NULL)
        progress (n + 1, self->frames->len, data);
    }
  list = g_build_filename (folder, "frames.txt", NULL);
  if (!adm_file_write_replacing (list, text->str, text->len, &local))
    {
      write_error (list, local, error);
      return FALSE;
    }
  return TRUE;
}

/* The battle of @engagement, else NULL with @error naming those the archive holds. */
static Battle *
video_battle (AdmArchive  *self,
              const char  *engagement,
              GError     **error)
{
  Battle *battle = battle_of (self, engagement);
  g_autoptr(GString) ids = NULL;

  if (battle != NULL)
    return battle;
  if (self->battles->len == 0)
    {
      g_set_error (error, ADM_ARCHIVE_ERROR, ADM_ARCHIVE_ERROR_BATTLE,
                   /* Translators: "The Komarr Campaign — Barrayar's archive holds no battle:
                    * its side fought none" */
                   _("%s holds no battle: its side fought none"), self->heading);
      return NULL;
    }
  ids = g_string_new (NULL);
  for (guint i = 0; i < self->battles->len; i++)
    g_string_append_printf (ids, "%s%s", i > 0 ? ", " : "",
                            ((Battle *) g_ptr_array_index (self->battles, i))->id);
  g_set_error (error, ADM_ARCHIVE_ERROR, ADM_ARCHIVE_ERROR_BATTLE,
               /* Translators: "The Komarr Campaign — Barrayar's archive holds no battle of
                * engagement “c9-9”; it holds c1-1, c2-3" */
               _("%s holds no battle of engagement “%s”; it holds %s"), self->heading,
               engagement, ids->str);
  return NULL;
}

gboolean
adm_archive_save_video (AdmArchive          *self,
                        const char          *engagement,
                        const char          *path,
                        AdmArchiveProgress   progress,
                        gpointer             data,
                        GCancellable        *cancellable,
                        GError             **error)
{
  g_autoptr(Replacing) out = NULL;
  g_autoptr(AdmVideo) video = NULL;
  GError *local = NULL;
  Battle *battle;
  guint total, done = 0;
  gboolean ok;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (engagement != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if ((battle = video_battle (self, engagement, error)) == NULL ||
      !check_target (self, path, error) || (out = replace_file (path, error)) == NULL)
    return FALSE;
  total = adm_archive_get_battle_n_frames (self, engagement);
  video = adm_video_new (g_unix_output_stream_get_fd (G_UNIX_OUTPUT_STREAM (out->out)),
                         ADM_ARCHIVE_FRAME_WIDTH, ADM_ARCHIVE_FRAME_HEIGHT,
                         ADM_ARCHIVE_VIDEO_STEP_MS, &local);
  ok = video != NULL;
  battle->report_read = 0;
  battle->drawn_at = 0;
  for (guint n = 0; ok && n < self->frames->len; n++)
    {
      Frame *frame = &g_array_index (self->frames, Frame, n);
      Drawn drawn = { 0 };
      cairo_surface_t *surface;

      if (frame->battle != battle)
        continue;
      if (g_cancellable_set_error_if_cancelled (cancellable, &local) ||
          !frame_prepare (self, frame, &drawn, &local))
        {
          drawn_clear (&drawn);
          ok = FALSE;
          break;
        }
      surface = render_image (&drawn);
      drawn_clear (&drawn);
      ok = adm_video_add_frame (video, surface, cancellable, &local);
      cairo_surface_destroy (surface);
      if (ok && progress != NULL)
        progress (++done, total, data);
    }
  if (ok)
    ok = adm_video_finish (video, cancellable, &local);
  /* Stopped before the file is put in place or dropped. */
  g_clear_pointer (&video, adm_video_free);
  if (!ok)
    {
      if (local->domain == ADM_ARCHIVE_ERROR ||
          g_error_matches (local, ADM_VIDEO_ERROR, ADM_VIDEO_ERROR_MISSING))
        g_propagate_error (error, local);
      else
        write_error (path, local, error);
    }
  return finish_file (out, ok, error);
}
