/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-report-kit.c: the table kit on paper (adm-report-kit.h). Every size is the rules' in
 * millimetres: the ruleset gives base sizes in cm (F-SHIP-1, F-SHIP-2, F-SHIP-3, data/rules/),
 * the battle an explosion marker's diameter and a mine's reach. The kit's contents come from
 * the audience filter alone: a ship the audience is shown as a base only is printed as a
 * blank back, one it is shown nothing of is left out, and no count, heading or caption tells
 * of either beyond what its tokens show. */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "adm-campaign-battles.h"
#include "adm-engagement-queue.h"
#include "adm-report.h"
#include "adm-report-kit.h"
#include "adm-scenario.h"

#define TEXT_COLOUR   0x202020
#define BACK_FILL     0xd8d8d8
#define BACK_STROKE   0x505050
#define BLAST_COLOUR  0xc04010
#define BLAST_FILL    0xf8d8b0
#define CAPTION_SIZE  2.2     /* mm: captions under a figure, cut away with the paper */
#define CAPTION_ROOM  4.0     /* mm below a token for its caption */
#define DEFAULT_COLOUR 0x3060a0

/* "#rrggbb" as 0xRRGGBB, or @fallback. */
static guint32
colour_of (const char *hex,
           guint32     fallback)
{
  guint64 value;

  if (hex == NULL || hex[0] != '#' || strlen (hex) != 7 ||
      !g_ascii_string_to_unsigned (hex + 1, 16, 0, 0xffffff, &value, NULL))
    return fallback;
  return (guint32) value;
}

/* @colour mixed with white by @white (0..1): a token's face, light enough to write on. */
static guint32
tint (guint32 colour,
      double  white)
{
  guint32 out = 0;

  for (int shift = 0; shift <= 16; shift += 8)
    {
      guint c = (colour >> shift) & 0xff;

      out |= ((guint32) (c + (255 - c) * white + 0.5) & 0xff) << shift;
    }
  return out;
}

/* A side's short mark: the initials of its faction's name ("Cetagandan Empire" → "CE"), of
 * the side's name when its ships have no faction; printed with the faction's symbol. */
static char *
side_mark (const char *name)
{
  g_autoptr(GString) mark = g_string_new (NULL);
  g_auto(GStrv) words = g_strsplit_set (name != NULL ? name : "?", " -", -1);

  for (guint i = 0; words[i] != NULL && mark->len < 12; i++)
    {
      gunichar first = g_utf8_get_char_validated (words[i], -1);

      if (words[i][0] != '\0' && first != (gunichar) -1 && first != (gunichar) -2 &&
          g_unichar_isupper (first))
        g_string_append_unichar (mark, first);
    }
  if (mark->len == 0 && name != NULL && *name != '\0')
    g_string_append_unichar (mark, g_unichar_toupper (g_utf8_get_char (name)));
  return g_string_free (g_steal_pointer (&mark), FALSE);
}

/* A text's size so that @text fits @width mm: at most @size, at least 0.9 mm. */
static double
fitted_size (const char *text,
             double      width,
             double      size)
{
  glong n = MAX (1, g_utf8_strlen (text, -1));

  return CLAMP (width / (0.6 * n), 0.9, size);
}

/* The face of a ship's token centred on (@cx, @cy), bow up (F-ART-6: the token carries the
 * ship's compass): the side's colour, the firing arcs' boundaries at ±45° and ±135° from the
 * bow (F-FIRE-7, as adm_sector_of () divides them), the bow marked by an arrow, port and
 * starboard lettered, the side's mark and the ship's name. */
static void
draw_front (AdmDocBlock *figure,
            double       cx,
            double       cy,
            double       d,
            guint32      colour,
            int          symbol,
            const char  *mark,
            const char  *name)
{
  double r = d / 2;

  adm_doc_figure_add_circle (figure, cx, cy, r, 0.4, colour, tint (colour, 0.8), FALSE);
  /* The side's symbol either side of the bow's arrow, told apart where its colour is not. */
  if (symbol >= 0)
    for (int s = -1; s <= 1; s += 2)
      adm_doc_figure_add_symbol (figure, cx + s * 0.4 * r, cy - 0.32 * r, 0.15 * r, symbol,
                                 tint (colour, 0.8));
  for (int i = 0; i < 4; i++)
    {
      double angle = G_PI / 4 + i * G_PI / 2;

      adm_doc_figure_add_line (figure, cx + 0.75 * r * sin (angle), cy - 0.75 * r * cos (angle),
                               cx + r * sin (angle), cy - r * cos (angle), 0.25, colour);
    }
  /* The facing mark: an arrow along the bow's centre line to the rim. */
  adm_doc_figure_add_line (figure, cx, cy - 0.3 * r, cx, cy - 0.95 * r, 0.45, TEXT_COLOUR);
  adm_doc_figure_add_line (figure, cx, cy - 0.95 * r, cx - 0.18 * r, cy - 0.72 * r, 0.45,
                           TEXT_COLOUR);
  adm_doc_figure_add_line (figure, cx, cy - 0.95 * r, cx + 0.18 * r, cy - 0.72 * r, 0.45,
                           TEXT_COLOUR);
  /* Translators: the port arc's letter on a printed ship token (F-FIRE-7) */
  adm_doc_figure_add_text (figure, cx - 0.8 * r, cy, MIN (1.8, 0.16 * d), colour, TRUE,
                           C_("arc", "P"));
  /* Translators: the starboard arc's letter on a printed ship token (F-FIRE-7) */
  adm_doc_figure_add_text (figure, cx + 0.8 * r, cy, MIN (1.8, 0.16 * d), colour, TRUE,
                           C_("arc", "S"));
  adm_doc_figure_add_text (figure, cx, cy + 0.05 * r, fitted_size (mark, 0.9 * r, 0.24 * d),
                           TEXT_COLOUR, TRUE, mark);
  adm_doc_figure_add_text (figure, cx, cy + 0.5 * r, fitted_size (name, 1.6 * r, 1.8),
                           TEXT_COLOUR, FALSE, name);
}

/* A face-down token (F-ECM-4): its base and a question mark, nothing else. */
static void
draw_back (AdmDocBlock *figure,
           double       cx,
           double       cy,
           double       d)
{
  adm_doc_figure_add_circle (figure, cx, cy, d / 2, 0.4, BACK_STROKE, BACK_FILL, FALSE);
  adm_doc_figure_add_text (figure, cx, cy, 0.45 * d, BACK_STROKE, TRUE, "?");
}

/* An explosion marker of diameter @d mm (F-CAT-2, F-CAT-9, F-ART-10): a burst. */
static void
add_blast (AdmDoc *doc,
           double  d)
{
  AdmDocBlock *figure = adm_doc_add_figure (doc, d, d + CAPTION_ROOM);
  double r = d / 2;
  g_autofree char *caption = g_strdup_printf (_("%g cm"), d / 10);

  adm_doc_figure_add_circle (figure, r, r, r, 0.3, BLAST_COLOUR, BLAST_FILL, TRUE);
  for (int p = 0; p < 8; p++)
    {
      double angle = p * G_PI / 4;

      adm_doc_figure_add_line (figure, r + 0.25 * r * sin (angle), r - 0.25 * r * cos (angle),
                               r + 0.8 * r * sin (angle), r - 0.8 * r * cos (angle), 0.5,
                               BLAST_COLOUR);
    }
  adm_doc_figure_add_text (figure, r, d + CAPTION_ROOM / 2, CAPTION_SIZE, TEXT_COLOUR, FALSE,
                           caption);
}

/* A mine (F-MINE-5, F-MINE-6, F-MINE-8): a 1 cm token in its side's colour (the rules give a
 * mine no size), a plasma mine's reach ringed around it at true scale. */
static void
add_mine (AdmDoc        *doc,
          const AdmMine *mine,
          guint32        colour)
{
  double reach = mine->charge == ADM_MINE_PLASMA ? mine->range * 10.0 : 0;
  double size = MAX (2 * reach, 10.0), c = size / 2;
  AdmDocBlock *figure = adm_doc_add_figure (doc, size, size + CAPTION_ROOM);
  g_autofree char *caption = NULL;

  if (mine->charge == ADM_MINE_PLASMA)
    /* Translators: under a printed mine marker: reach (cm), firepower */
    caption = g_strdup_printf (_("Plasma mine: reach %d cm, firepower %d"), mine->range,
                               mine->strength);
  else
    /* Translators: under a printed mine marker: torpedoes, their speed (cm) */
    caption = g_strdup_printf (_("Torpedo mine: %d torpedoes, %d cm a turn"), mine->strength,
                               mine->range);
  if (reach > 0)
    adm_doc_figure_add_circle (figure, c, c, reach, 0.3, colour, ADM_DOC_NO_COLOUR, TRUE);
  for (int p = 0; p < 8; p++)
    {
      double angle = p * G_PI / 4;

      adm_doc_figure_add_line (figure, c + 3 * sin (angle), c - 3 * cos (angle),
                               c + 5 * sin (angle), c - 5 * cos (angle), 0.5, colour);
    }
  adm_doc_figure_add_circle (figure, c, c, 3, 0.5, colour,
                             mine->charge == ADM_MINE_PLASMA ? colour : 0xffffff, FALSE);
  adm_doc_figure_add_text (figure, c, size + CAPTION_ROOM / 2,
                           fitted_size (caption, size, CAPTION_SIZE), TEXT_COLOUR, FALSE,
                           caption);
}

/* The faction of @side: that of its first ship that has one, as the table's renderer colours
 * the side; NULL for none. */
static const AdmFaction *
side_faction (AdmBattle *battle,
              guint      side)
{
  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    {
      const AdmBattleShip *ship = adm_battle_get_ship (battle, i);

      if (ship->original_side == side && ship->faction != NULL)
        return ship->faction;
    }
  return NULL;
}

/* The symbol of @side's faction; -1 for none. */
static int
side_symbol (AdmBattle *battle,
             guint      side)
{
  const AdmFaction *faction = side_faction (battle, side);

  return faction != NULL ? (int) faction->symbol : -1;
}

static guint32
side_colour (AdmBattle *battle,
             guint      side)
{
  const AdmFaction *faction = side_faction (battle, side);

  return faction != NULL ? colour_of (faction->colour, DEFAULT_COLOUR) : DEFAULT_COLOUR;
}

static const char *
side_faction_name (AdmBattle *battle,
                   guint      side)
{
  const AdmFaction *faction = side_faction (battle, side);

  return faction != NULL ? faction->name : adm_battle_get_side (battle, side)->name;
}

static void
add_explanation (AdmDoc      *doc,
                 AdmAudience  audience)
{
  adm_doc_add_paragraph (doc, _("Every token is printed at the size of its base in the rules "
                                "(F-SHIP-1, F-SHIP-2, F-SHIP-3): print at 100 % and check the "
                                "10 cm ruler at the foot of the page. Cut each token out along "
                                "its rim. The arrow points to the bow; the lines at the rim "
                                "part the four firing arcs (bow, starboard S, stern, port P, "
                                "F-FIRE-7). The letters in the middle are the initials of the "
                                "side's faction, and the two shapes beside the arrow its "
                                "symbol, as on the table and the map."));
  if (adm_audience_is_master (audience) || audience.kind == ADM_AUDIENCE_SIDE)
    adm_doc_add_paragraph (doc, _("A “?” beside a token is its back: glue it on, or lay it "
                                  "instead, to play the ship face down while the enemy has "
                                  "not identified it (F-ECM-4)."));
}

/* The fleet cards of the ships of @battle the audience is shown in full — its own, every one
 * for the master — as the campaign's fleet cards print them (F-STRAT-3: never an enemy's). */
static void
add_cards (AdmDoc      *doc,
           AdmBattle   *battle,
           AdmAudience  audience,
           AdmCampaign *campaign)
{
  g_autoptr(GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    if (adm_audience_ship_view (audience, battle, i) == ADM_SHIP_VIEW_FULL)
      g_hash_table_add (ids, (gpointer) adm_battle_get_ship (battle, i)->id);
  if (g_hash_table_size (ids) == 0)
    return;
  adm_doc_add_heading (doc, 2, _("Ship cards"));
  adm_report_add_ship_cards (campaign, doc, ids, NULL);
}

static AdmDoc *
kit_build (AdmBattle   *battle,
           AdmAudience  audience,
           AdmCampaign *campaign,
           const char  *title,
           const char  *header_left,
           const char  *header_right)
{
  g_autoptr(AdmDoc) doc = NULL;
  g_autoptr(GArray) bases = g_array_new (FALSE, FALSE, sizeof (double));
  gboolean any_mine = FALSE;

  g_return_val_if_fail (ADM_IS_BATTLE (battle), NULL);
  g_return_val_if_fail (title != NULL, NULL);

  doc = adm_doc_new (title, header_left, header_right);
  adm_doc_set_check_ruler (doc, TRUE);
  adm_doc_add_heading (doc, 1, title);
  add_explanation (doc, audience);
  for (guint side = 0; side < adm_battle_get_n_sides (battle); side++)
    {
      guint32 colour = side_colour (battle, side);
      g_autofree char *mark = side_mark (side_faction_name (battle, side));
      g_autofree char *heading = NULL;

      if (!adm_audience_sees_side (audience, battle, side))
        continue;
      /* Translators: a side's heading in a table kit: its name, its mark on the tokens */
      heading = g_strdup_printf (_("%s (tokens marked %s)"),
                                 adm_battle_get_side (battle, side)->name, mark);
      adm_doc_add_heading (doc, 2, heading);
      for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
        {
          const AdmBattleShip *ship = adm_battle_get_ship (battle, i);
          AdmShipView view;
          double d;
          AdmDocBlock *figure;

          if (ship->original_side != side)
            continue;
          view = adm_audience_ship_view (audience, battle, i);
          if (view == ADM_SHIP_VIEW_HIDDEN)
            continue;
          /* F-SHIP-1, F-SHIP-2, F-SHIP-3: the ruleset's base sizes are in cm. */
          d = ship->klass->type->base_size * 10.0;
          g_array_append_val (bases, d);
          if (view == ADM_SHIP_VIEW_BASE)
            {
              /* F-ECM-4: the base and a blank face; no caption. */
              figure = adm_doc_add_figure (doc, d, d + CAPTION_ROOM);
              draw_back (figure, d / 2, d / 2, d);
              continue;
            }
          {
            gboolean with_back = view == ADM_SHIP_VIEW_FULL;
            g_autofree char *caption = NULL;

            figure = adm_doc_add_figure (doc, with_back ? 2 * d + 2 : d,
                                         d + CAPTION_ROOM);
            draw_front (figure, d / 2, d / 2, d, colour, side_symbol (battle, side), mark,
                        ship->name);
            if (with_back)
              draw_back (figure, 1.5 * d + 2, d / 2, d);
            /* Translators: under a printed ship token: its class and base size */
            caption = g_strdup_printf (_("%s, %g cm"), ship->klass->name,
                                       ship->klass->type->base_size);
            adm_doc_figure_add_text (figure, d / 2, d + CAPTION_ROOM / 2,
                                     fitted_size (caption, with_back ? 2 * d : d + 2,
                                                  CAPTION_SIZE),
                                     TEXT_COLOUR, FALSE, caption);
          }
        }
    }

  /* F-CAT-2, F-CAT-9: the markers on the table, then one spare for each token printed, the
   * size of its base (an exploding ship leaves its marker where its base stood). */
  adm_doc_add_heading (doc, 2, _("Explosion markers"));
  for (guint i = 0; i < adm_battle_get_n_markers (battle); i++)
    {
      double d = adm_battle_get_marker (battle, i)->diameter * 10.0;

      g_array_append_val (bases, d);
    }
  for (guint i = 0; i < bases->len; i++)
    add_blast (doc, g_array_index (bases, double, i));

  for (guint i = 0; i < adm_battle_get_n_mines (battle); i++)
    {
      const AdmMine *mine = adm_battle_get_mine (battle, i);

      if (!adm_audience_sees_mine (audience, mine))
        continue;
      if (!any_mine)
        adm_doc_add_heading (doc, 2, _("Mines"));
      any_mine = TRUE;
      add_mine (doc, mine, side_colour (battle, mine->side));
    }

  if (campaign != NULL)
    add_cards (doc, battle, audience, campaign);

  /* F-TAC-1: the table itself — the low-orbit map, the stations, exits and markers, the
   * tokens where they stand — as the table's renderer draws it for this audience, at 1:1.
   * The public sees no table. */
  if (adm_audience_is_master (audience) || audience.kind == ADM_AUDIENCE_SIDE)
    {
      adm_doc_add_heading (doc, 2, _("Map of the table"));
      adm_doc_add_paragraph (doc, _("The table at true scale on the sheets that follow, as "
                                    "it stands now: lay them side by side, each overlapping "
                                    "its neighbours by 1 cm, their crosses on each other."));
      adm_doc_add_map (doc, G_OBJECT (battle),
                       adm_audience_is_master (audience) ? -1 : (int) audience.side, NULL);
    }
  return g_steal_pointer (&doc);
}

AdmDoc *
adm_report_kit_of_battle (AdmBattle   *battle,
                          AdmAudience  audience,
                          const char  *title,
                          const char  *header_left,
                          const char  *header_right)
{
  return kit_build (battle, audience, NULL, title, header_left, header_right);
}

/* The battle of @engagement_id as the kit prints it: as the campaign keeps it, or as it would
 * be set up now. */
static AdmBattle *
kit_battle (AdmCampaign          *campaign,
            const char           *engagement_id,
            AdmQueuedEngagement **engagement_out,
            GError              **error)
{
  g_autoptr(GError) local = NULL;
  g_autoptr(AdmQueuedEngagement) engagement = NULL;
  g_autoptr(AdmBattle) battle = NULL;

  if (engagement_id == NULL || *engagement_id == '\0')
    {
      g_set_error (error, ADM_REPORT_ERROR, ADM_REPORT_ERROR_ENGAGEMENT,
                   _("A table kit needs the engagement it is for (an id of “admiralty-cli "
                     "engagements”)"));
      return NULL;
    }
  engagement = adm_campaign_find_engagement (campaign, engagement_id, &local);
  if (engagement == NULL)
    {
      g_set_error_literal (error, ADM_REPORT_ERROR, ADM_REPORT_ERROR_ENGAGEMENT, local->message);
      return NULL;
    }
  if (engagement->status == ADM_ENGAGEMENT_DROPPED)
    {
      g_set_error (error, ADM_REPORT_ERROR, ADM_REPORT_ERROR_ENGAGEMENT,
                   _("Engagement %s was dropped unfought: it has no table"), engagement_id);
      return NULL;
    }
  if (adm_campaign_has_battle (campaign, engagement_id, NULL, NULL))
    {
      AdmBattle *played = adm_campaign_get_battle_played (campaign, engagement_id, &local);

      if (played != NULL)
        battle = g_object_ref (played);
    }
  else
    {
      g_autofree char *setup = adm_campaign_engagement_setup (campaign, engagement, NULL,
                                                              &local);

      if (setup != NULL)
        battle = adm_battle_load_memory (setup, strlen (setup), engagement_id, &local);
    }
  if (battle == NULL)
    {
      g_set_error (error, ADM_REPORT_ERROR, ADM_REPORT_ERROR_ENGAGEMENT,
                   _("The table of engagement %s cannot be set up: %s"), engagement_id,
                   local->message);
      return NULL;
    }
  if (engagement_out != NULL)
    *engagement_out = g_steal_pointer (&engagement);
  return g_steal_pointer (&battle);
}

AdmBattle *
adm_report_kit_battle (AdmCampaign  *campaign,
                       const char   *engagement_id,
                       GError      **error)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return kit_battle (campaign, engagement_id, NULL, error);
}

AdmDoc *
adm_report_kit_build (AdmCampaign  *campaign,
                      const char   *engagement_id,
                      const char   *as,
                      GError      **error)
{
  g_autoptr(GError) local = NULL;
  g_autoptr(AdmQueuedEngagement) engagement = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  g_autofree char *title = NULL, *place = NULL, *right = NULL;
  AdmAudience audience = adm_audience_master ();
  AdmScenario *scenario;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  scenario = adm_campaign_get_scenario (campaign);
  battle = kit_battle (campaign, engagement_id, &engagement, error);
  if (battle == NULL)
    return NULL;
  if (as != NULL && g_str_equal (as, "public"))
    audience = adm_audience_public_of_campaign (adm_state_get_strategy (
                                                  adm_campaign_get_state (campaign)),
                                                scenario, &engagement->engagement);
  else if (as != NULL && !adm_audience_parse (battle, as, &audience, &local))
    {
      g_set_error_literal (error, ADM_REPORT_ERROR, ADM_REPORT_ERROR_AUDIENCE, local->message);
      return NULL;
    }
  /* The revelation: once the truth is published, every side sees what the master does. */
  audience = adm_audience_of_campaign (adm_state_get_strategy (adm_campaign_get_state (campaign)),
                                       audience);
  if (audience.kind == ADM_AUDIENCE_PUBLIC && audience.untold)
    {
      g_set_error (error, ADM_REPORT_ERROR, ADM_REPORT_ERROR_AUDIENCE,
                   _("The public is not told of this engagement: it has no kit of it"));
      return NULL;
    }
  /* F-STRAT-3: only the master's paper names an engagement by its id. */
  place = adm_audience_engagement_name (engagement);
  if (adm_audience_is_master (audience))
    {
      /* Translators: a table kit's title: "Table kit — engagement c1-3" */
      title = g_strdup_printf (_("Table kit — engagement %s"), engagement_id);
      right = g_strdup (place);
    }
  else
    {
      /* Translators: a table kit's title: "Table kit — Pol orbit, cycle 1, minute 40" */
      title = g_strdup_printf (_("Table kit — %s"), place);
      right = audience.kind == ADM_AUDIENCE_SIDE
                ? g_strdup_printf (_("For %s"), adm_battle_get_side (battle, audience.side)->name)
                : g_strdup (_("For the public"));
    }
  return kit_build (battle, audience, campaign, title, adm_scenario_get_name (scenario), right);
}
