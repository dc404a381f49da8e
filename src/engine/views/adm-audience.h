/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-audience.h: who is looking — the master, the public, or one side — and what of a battle
 * that audience may be shown (F-ECM-2, F-ECM-4, F-ECM-6): report lines, rolls, ships and how
 * much of each, declared orders. Every view meant for a side (the app's "View as", the player
 * screen, admiralty-cli's --as) asks here; no view decides by itself. */
#pragma once

#include <glib.h>

#include "adm-battle.h"
#include "adm-engagement-queue.h"
#include "adm-state.h"
#include "adm-strategy.h"
#include "adm-ti4-combat.h"

G_BEGIN_DECLS

typedef enum {
  ADM_AUDIENCE_MASTER,  /* everything */
  ADM_AUDIENCE_PUBLIC,  /* what every side may see */
  ADM_AUDIENCE_SIDE,    /* one side of the battle, by index */
} AdmAudienceKind;

typedef struct {
  AdmAudienceKind kind;
  guint           side;      /* ADM_AUDIENCE_SIDE only */
  AdmStrategy    *campaign;  /* ADM_AUDIENCE_PUBLIC of a campaign's battle: its strategic
                              * picture (borrowed), whose public map the view follows; NULL
                              * for a battle on its own */
  gboolean        untold;    /* that public is not told of the battle at all */
} AdmAudience;

/* How much of a ship an audience is shown. */
typedef enum {
  ADM_SHIP_VIEW_HIDDEN,      /* nothing: destroyed, or its formation not detected (F-ECM-2) */
  ADM_SHIP_VIEW_BASE,        /* a face-down token: its base size only (F-ECM-4) */
  ADM_SHIP_VIEW_IDENTIFIED,  /* its class card and what the table shows (F-ECM-6,
                              * "enemy-ship-card") */
  ADM_SHIP_VIEW_FULL,        /* everything: its own side, or the master */
} AdmShipView;

/* What an audience may be told of a ship it sees. */
typedef enum {
  ADM_SHIP_FACT_NAME,       /* name, class and side (the class card) */
  ADM_SHIP_FACT_STATE,      /* damaged, burning, hulk: what the table shows */
  ADM_SHIP_FACT_HULL,       /* exact hull points left */
  ADM_SHIP_FACT_READINESS,  /* readiness and its checks */
  ADM_SHIP_FACT_SHIELDS,    /* the shield pool left */
  ADM_SHIP_FACT_CRITICALS,  /* outstanding critical results */
  ADM_SHIP_FACT_ORDERS,     /* declared orders and plotted courses */
} AdmShipFact;

/* The revelation: once the master has ended the campaign of @strategy and published its whole
 * truth ("publish", adm_strategy_get_ending ()), every side and the public are shown what the
 * master is — its archive becomes the master's. Every view of a campaign for a side or the
 * public asks here (the functions below that take the campaign's strategy do already); until
 * then nothing changes. @strategy NULL (a battle on its own): FALSE. */
gboolean      adm_audience_truth_published (AdmStrategy    *strategy);
/* @audience as the campaign of @strategy shows it: the master's once its truth is published,
 * else @audience itself. */
AdmAudience   adm_audience_of_campaign     (AdmStrategy    *strategy,
                                            AdmAudience     audience);
AdmAudience   adm_audience_master          (void);
AdmAudience   adm_audience_public          (void);
AdmAudience   adm_audience_side            (guint           side);
/* The public of a battle the campaign of @strategy fights for @engagement: it is told what the
 * campaign's public map tells (F-STRAT-3) — no formation the map hides, no line or roll naming
 * one of them or a side of which it sees nothing — and nothing at all of a battle the public
 * is not told of (adm_audience_public_knows_engagement ()). */
AdmAudience   adm_audience_public_of_campaign (AdmStrategy         *strategy,
                                               AdmScenario         *scenario,
                                               const AdmEngagement *engagement);
/* A table view's side: -1 is the master. */
AdmAudience   adm_audience_for_view_side   (int             view_side);
gboolean      adm_audience_is_master       (AdmAudience     audience);
/* "master", "public", or a side's id (or name) in @battle. Errors are G_OPTION_ERROR_BAD_VALUE
 * naming the sides there are. */
gboolean      adm_audience_parse           (AdmBattle      *battle,
                                            const char     *text,
                                            AdmAudience    *audience,
                                            GError        **error);

/* What @audience knows of @formation: a side's own formations and the master's are
 * ADM_DETECTION_FULL; the public knows what every side knows. */
AdmDetection  adm_audience_detection       (AdmAudience     audience,
                                            AdmBattle      *battle,
                                            guint           formation);
AdmShipView   adm_audience_ship_view       (AdmAudience     audience,
                                            AdmBattle      *battle,
                                            guint           ship);
/* Whether @audience may be told @fact of @ship: all of it at ADM_SHIP_VIEW_FULL; the class
 * card and visible state of an identified ship, and its exact hull only under the
 * "enemy-ship-card" ruling's "with-hull"; nothing of a face-down token but its base. */
gboolean      adm_audience_ship_shows      (AdmAudience     audience,
                                            AdmBattle      *battle,
                                            guint           ship,
                                            AdmShipFact     fact);
/* Whether @audience is shown @mine on the table: the master every mine not spent; a side its
 * own and those revealed to it (F-MINE-2, F-SWEEP-3); spent mines are gone (F-MINE-1). */
gboolean      adm_audience_sees_mine       (AdmAudience     audience,
                                            const AdmMine  *mine);
/* Whether @audience sees anything of @side: its own, or at least one token of it. A side
 * wholly undetected is not named (no empty heading in a list). */
gboolean      adm_audience_sees_side       (AdmAudience     audience,
                                            AdmBattle      *battle,
                                            guint           side);
/* The admiral of @side as @audience may be told him, or NULL: the master every side's, a side
 * its own only, the public none (F-STRAT-3: who commands is the master's and his side's to
 * know). */
const char   *adm_audience_side_admiral    (AdmAudience     audience,
                                            AdmBattle      *battle,
                                            guint           side);
/* Declared orders and plotted courses of @formation: its own side's and the master's only;
 * the enemy learns them as they happen, from the report. */
gboolean      adm_audience_sees_orders     (AdmAudience     audience,
                                            AdmBattle      *battle,
                                            guint           formation);
/* Report lines and rolls carry the sides that may read them (seen_by), set where they were
 * produced; the public reads what every side reads. */
gboolean      adm_audience_sees_line       (AdmAudience     audience,
                                            AdmBattle      *battle,
                                            const AdmReportLine *line);
gboolean      adm_audience_sees_roll       (AdmAudience     audience,
                                            AdmBattle      *battle,
                                            const AdmBattleRoll *roll);
/* What @audience reads of @line (@roll): itself, its copy naming a token as far as the side
 * knows it now (F-ECM-4; its "fogged"), or NULL when it reads nothing of it. The copy chosen
 * may change as the battle goes on; whether anything is read does not. */
const AdmReportLine *adm_audience_read_line (AdmAudience          audience,
                                             AdmBattle           *battle,
                                             const AdmReportLine *line);
const AdmBattleRoll *adm_audience_read_roll (AdmAudience          audience,
                                             AdmBattle           *battle,
                                             const AdmBattleRoll *roll);
/* The report lines (AdmReportLine*, borrowed) and rolls (AdmBattleRoll*) @audience sees. */
GPtrArray    *adm_audience_filter_report   (AdmAudience     audience,
                                            AdmBattle      *battle) G_GNUC_WARN_UNUSED_RESULT;
GPtrArray    *adm_audience_filter_rolls    (AdmAudience     audience,
                                            AdmBattle      *battle) G_GNUC_WARN_UNUSED_RESULT;

/* A Twilight Imperium combat's audiences: "master", "public", "attacker" or "defender" (a
 * side is ADM_TI4_ATTACKER or ADM_TI4_DEFENDER) or a side's name. Errors are
 * G_OPTION_ERROR_BAD_VALUE naming the audiences there are. */
gboolean      adm_audience_parse_ti4       (AdmTi4Combat   *combat,
                                            const char     *text,
                                            AdmAudience    *audience,
                                            GError        **error);
/* The rolls (AdmTi4Roll*, borrowed) of @combat that @audience sees: every one, for every
 * audience — each player rolls his dice at the table for both to read (LRR 39.5, 48.1), and
 * both fleets stand on the board in the open, so no roll is any side's secret. */
GPtrArray    *adm_audience_filter_ti4_rolls (AdmAudience    audience,
                                             AdmTi4Combat  *combat) G_GNUC_WARN_UNUSED_RESULT;
/* The sides (bit per side index) that may be told a report line about @subjects
 * (ADM_SUBJECT_*_OF ()), as the battle stands: every ship and formation in it one they have
 * identified (their own, or a formation fully detected, F-ECM-2, F-ECM-6), every side one
 * they have seen (a formation of it detected at all). A line about nothing is everyone's. */
guint32       adm_audience_subjects_seen_by (AdmBattle     *battle,
                                            const guint32  *subjects,
                                            guint           n_subjects);
/* The strategic map (F-STRAT-3): the formations in being that @viewer's side knows of — its
 * own and its allies', every formation not hidden, hidden ones revealed to it — or, for
 * @viewer NULL, the public (AdmFormation*, borrowed). The order form offers exactly these. */
GPtrArray    *adm_audience_known_formations (AdmStrategy    *strategy,
                                             const AdmFaction *viewer) G_GNUC_WARN_UNUSED_RESULT;
/* The faction the sides palette (own, allied, enemy) calls "own" on a map shown to @viewer's
 * side: @viewer itself. On the public's map (@viewer NULL) — the projector's — it is the first
 * faction of @scenario, in the scenario's order, of which the public knows a formation
 * (adm_audience_known_formations (); without a campaign, @strategy NULL, a formation not
 * hidden at the start), so that no colour tells of a faction the room is not told of; NULL
 * when it knows of none. The master's map, showing the palette, takes the public's. */
const AdmFaction *adm_audience_palette_own  (AdmStrategy      *strategy,
                                             AdmScenario      *scenario,
                                             const AdmFaction *viewer);
/* F-STRAT-3: whether @viewer's side (NULL: the master) is told of the master's correction of a
 * place, @record of @state: a station's, as the ruling "station-news" says (the sides whose it
 * was or is now — the loser learns it is lost, the captor that it is his — and the sides in
 * contact with it, told of an engagement in its sector then); mines cleared,
 * only the sides whose mines lay there before (the scenario's minefields of the sector, and
 * those laid there by their formations' orders in an earlier cycle). The public is told of
 * neither. */
gboolean      adm_audience_told_of_place   (AdmState             *state,
                                            const AdmPlaceRecord *record,
                                            const AdmFaction     *viewer);
/* Whether the public is told of @engagement (F-STRAT-3): only when formations it knows of, of
 * two factions not allied, fought there — a fight it could have watched. One publicly known
 * formation alone in an engagement would tell of a hidden enemy beside it, so it is not told. */
gboolean      adm_audience_public_knows_engagement (AdmStrategy         *strategy,
                                                    AdmScenario         *scenario,
                                                    const AdmEngagement *engagement);
/* Whether @viewer's side — @viewer's faction and its allies — or, for @viewer NULL, the public
 * is told of @engagement (F-STRAT-3): a side, when one of its formations fought there; the
 * public, as adm_audience_public_knows_engagement () says. */
gboolean      adm_audience_knows_engagement (AdmStrategy         *strategy,
                                             AdmScenario         *scenario,
                                             const AdmFaction    *viewer,
                                             const AdmEngagement *engagement);
/* The same for an engagement of the queue (F-STRAT-4): a side is told of it when a formation
 * of its wave was its own, even one gone since (adm_strategy_formation_faction ()). */
gboolean      adm_audience_told_of_engagement (AdmStrategy               *strategy,
                                               AdmScenario               *scenario,
                                               const AdmFaction          *viewer,
                                               const AdmQueuedEngagement *engagement);
/* F-STRAT-3: of @queue (AdmQueuedEngagement*, adm_engagement_queue_new ()), the engagements
 * @viewer's side, or for @viewer NULL the public, is told of (adm_audience_told_of_engagement
 * ()), in order; the others are removed in place. */
void          adm_audience_filter_engagements (AdmStrategy      *strategy,
                                               AdmScenario      *scenario,
                                               const AdmFaction *viewer,
                                               GPtrArray        *queue);
/* How a side or the public is told which engagement is meant (F-STRAT-3): by its place,
 * cycle and minute, "Pol jump point, cycle 1, minute 40". An id ("c1-4") numbers every
 * engagement of its cycle, so a gap in the ids a side is told of would tell of a fight it is
 * not told of: only the master's views show ids. */
char         *adm_audience_engagement_name (const AdmQueuedEngagement *engagement)
                                            G_GNUC_WARN_UNUSED_RESULT;
/* F-STRAT-3: the status of @engagement as a side or the public told of the engagements @told
 * (adm_audience_filter_engagements ()) may know it: one waiting for an engagement not in @told
 * is, to it, not fought yet — "Waiting for c2-3" would name an engagement it is not told of,
 * and tell that a formation of this one fought there. */
AdmEngagementStatus adm_audience_engagement_status (const AdmQueuedEngagement *engagement,
                                                    GPtrArray                 *told);
/* The same in words (adm_queued_engagement_describe_status ()): besides, one waiting is
 * waiting for an engagement named as adm_audience_engagement_name () names it, and a dropped
 * engagement's reason names formations, so a side or the public is told "fewer than two sides
 * have anything left"; a master's reason for dropping one unfought is told as given, as the
 * admirals' reports tell it. */
char         *adm_audience_describe_engagement_status (const AdmQueuedEngagement *engagement,
                                                       GPtrArray                 *told)
                                                       G_GNUC_WARN_UNUSED_RESULT;
/* The formations in sector @sector_id (or, for NULL, anywhere) that the public does not see:
 * hidden and not revealed (F-STRAT-3), those the master may reveal to everyone
 * (AdmFormation*, borrowed). */
GPtrArray    *adm_audience_hidden_from_public (AdmStrategy  *strategy,
                                               const char   *sector_id) G_GNUC_WARN_UNUSED_RESULT;

/* How many ships of @formation the strategic map tells its audience (F-STRAT-3: the details
 * go to the admirals whose formations saw them): the master, all as they are; the public,
 * none; a side (@viewer), its own and its allies' as they are, an enemy's only as observed —
 * as it is while in contact, else as last seen (*@cycle the cycle of that sighting, else 0).
 * FALSE when the audience is told no number. @strategy NULL: the scenario's start, when no
 * enemy has been seen. */
gboolean      adm_audience_map_ship_count (AdmStrategy        *strategy,
                                           AdmScenario        *scenario,
                                           AdmAudienceKind     kind,
                                           const AdmFaction   *viewer,
                                           const AdmFormation *formation,
                                           guint              *ships,
                                           guint              *cycle);
/* What a side's own page tells of enemy @formation's strength (F-STRAT-3): its ships as the
 * side last saw them (adm_audience_map_ship_count () for the side) and *@cycle the cycle of
 * that sighting — 0 only when the side has seen it beside one of its own since the last
 * session (F-STRAT-12). FALSE when the side never saw it: no number. */
gboolean      adm_audience_side_strength  (AdmStrategy        *strategy,
                                           const AdmFaction   *viewer,
                                           const AdmFormation *formation,
                                           guint              *ships,
                                           guint              *cycle);
/* The marks "last seen at PLACE, cycle N (k ships)" a side's map draws where it last saw a
 * hidden enemy it is no longer in contact with (AdmSighting*, owned); none for the master,
 * whose map is live, or the public. */
GPtrArray    *adm_audience_last_seen      (AdmStrategy        *strategy,
                                           AdmAudienceKind     kind,
                                           const AdmFaction   *viewer) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
