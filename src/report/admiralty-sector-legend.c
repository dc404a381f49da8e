/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-sector-legend.c: the sector map's legend — what the colours and marks of an
 * audience's map mean, each beside a sample drawn with the code that draws it on the map. */

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "admiralty-sector-legend.h"
#include "admiralty-sector-renderer-private.h"

/* The legend: what the colours and marks of this audience's map mean, in a panel at the
 * bottom left, drawn at the view's pixel size whatever the zoom, as a key beside a chart is. */

#define LEGEND_MARGIN    12.0  /* px between the view's edges and the panel */
#define LEGEND_PADDING   10.0  /* px inside the panel */
#define LEGEND_ROW       18.0  /* px per entry */
#define LEGEND_FONT_SIZE 11.0
#define LEGEND_SWATCH    14.0  /* px, the width of the place of each entry's sample */

typedef enum {
  LEGEND_FACTION,
  LEGEND_OBJECT,
  LEGEND_JUMP,
  LEGEND_MINEFIELD,
  LEGEND_TRANSIT,
  LEGEND_LAST_SEEN,
  LEGEND_ENGAGEMENT,
} LegendKind;

typedef struct {
  LegendKind          kind;
  const AdmFaction   *faction;     /* LEGEND_FACTION */
  const char         *object;      /* LEGEND_OBJECT: its kind */
  AdmEngagementStatus status;      /* LEGEND_ENGAGEMENT */
  char               *text;
} LegendEntry;

static void
legend_entry_clear (gpointer data)
{
  g_free (((LegendEntry *) data)->text);
}

static void
legend_add (GArray     *entries,
            LegendKind  kind,
            char       *text)
{
  LegendEntry entry = { .kind = kind, .text = text };

  g_array_append_val (entries, entry);
}

/* The glyph an object of @kind is drawn with (_admiralty_sector_draw_object ()): a planet,
 * a station, or, for anything else, a wormhole exit. */
static const char *
object_glyph (const char *kind)
{
  if (g_strcmp0 (kind, "planet") == 0 || g_strcmp0 (kind, "station") == 0)
    return kind;
  return "wormhole-exit";
}

static const char *
object_kind_name (const char *kind)
{
  if (g_strcmp0 (kind, "planet") == 0)
    return _("Planet");
  if (g_strcmp0 (kind, "station") == 0)
    return _("Station");
  return _("Wormhole exit");
}

static const char *
engagement_status_name (AdmEngagementStatus status)
{
  switch (status)
    {
    case ADM_ENGAGEMENT_WAITING:     return _("Engagement waiting for an earlier one");
    case ADM_ENGAGEMENT_IN_PROGRESS: return _("Engagement being fought");
    case ADM_ENGAGEMENT_FINISHED:    return _("Engagement finished");
    case ADM_ENGAGEMENT_DROPPED:     return _("Engagement dropped");
    case ADM_ENGAGEMENT_NOT_FOUGHT:
    default:                         return _("Engagement not fought yet");
    }
}

/* Whether the map shows a formation of @faction, or a last-seen mark of one. */
static gboolean
faction_on_map (AdmScenario                  *scenario,
                const AdmiraltySectorOptions *options,
                const AdmFaction             *faction,
                GPtrArray                    *ghosts)
{
  GPtrArray *formations = _admiralty_sector_formations_in_being (scenario, options);

  for (guint i = 0; i < formations->len; i++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, i);

      if (formation->faction == faction &&
          admiralty_sector_formation_shown (scenario, options, formation))
        return TRUE;
    }
  for (guint i = 0; i < ghosts->len; i++)
    if (((AdmSighting *) g_ptr_array_index (ghosts, i))->formation->faction == faction)
      return TRUE;
  return FALSE;
}

/* Whether a wormhole exit of the map leads to a sector of it (F-STRAT-8), and whether the
 * map shows a minefield (F-MINE-10). */
static void
map_marks (AdmScenario                  *scenario,
           const AdmiraltySectorOptions *options,
           gboolean                     *jump,
           gboolean                     *minefield)
{
  GPtrArray *sectors = adm_scenario_get_sectors (scenario);

  *jump = *minefield = FALSE;
  for (guint i = 0; i < sectors->len; i++)
    {
      const AdmSector *sector = g_ptr_array_index (sectors, i);

      for (guint j = 0; j < sector->objects->len; j++)
        *jump |= ((AdmSectorObject *) g_ptr_array_index (sector->objects, j))->leads_to != NULL;
      *minefield |= admiralty_sector_minefields_shown (options, sector) > 0;
    }
}

/* The entries, in order: factions, objects, a formation under way, then the marks. */
static GArray *
legend_entries (AdmScenario                  *scenario,
                const AdmiraltySectorOptions *options)
{
  static const char *object_kinds[] = { "planet", "station", "wormhole-exit" };
  static const AdmEngagementStatus statuses[] = {
    ADM_ENGAGEMENT_NOT_FOUGHT, ADM_ENGAGEMENT_WAITING, ADM_ENGAGEMENT_IN_PROGRESS,
    ADM_ENGAGEMENT_FINISHED, ADM_ENGAGEMENT_DROPPED,
  };
  GArray *entries = g_array_new (FALSE, TRUE, sizeof (LegendEntry));
  g_autoptr(GPtrArray) ghosts = _admiralty_sector_last_seen (options);
  GPtrArray *factions = adm_scenario_get_factions (scenario);
  GPtrArray *sectors = adm_scenario_get_sectors (scenario);
  gboolean jump, minefield;

  g_array_set_clear_func (entries, legend_entry_clear);
  for (guint i = 0; i < factions->len; i++)
    {
      const AdmFaction *faction = g_ptr_array_index (factions, i);

      if (!faction_on_map (scenario, options, faction, ghosts))
        continue;
      legend_add (entries, LEGEND_FACTION, g_strdup (faction->name));
      g_array_index (entries, LegendEntry, entries->len - 1).faction = faction;
    }
  for (guint k = 0; k < G_N_ELEMENTS (object_kinds); k++)
    {
      gboolean present = FALSE;

      for (guint i = 0; i < sectors->len && !present; i++)
        {
          const AdmSector *sector = g_ptr_array_index (sectors, i);

          for (guint j = 0; j < sector->objects->len && !present; j++)
            present = g_str_equal (object_glyph (((AdmSectorObject *)
                                                  g_ptr_array_index (sector->objects, j))->kind),
                                   object_kinds[k]);
        }
      if (!present)
        continue;
      legend_add (entries, LEGEND_OBJECT, g_strdup (object_kind_name (object_kinds[k])));
      g_array_index (entries, LegendEntry, entries->len - 1).object = object_kinds[k];
    }
  map_marks (scenario, options, &jump, &minefield);
  if (jump)
    legend_add (entries, LEGEND_JUMP, g_strdup (_("Wormhole jump: the link to an exit's far end")));
  if (minefield)
    legend_add (entries, LEGEND_MINEFIELD,
                g_strdup (_("Minefield laid before the game, hidden from the other sides")));
  legend_add (entries, LEGEND_TRANSIT, g_strdup (_("Formation under way to the next sector")));
  if (options->audience == ADMIRALTY_SECTOR_AUDIENCE_SIDE)
    legend_add (entries, LEGEND_LAST_SEEN, g_strdup (_("Enemy last seen here, out of contact")));
  if (options->audience == ADMIRALTY_SECTOR_AUDIENCE_MASTER && options->engagements != NULL)
    for (guint k = 0; k < G_N_ELEMENTS (statuses); k++)
      {
        legend_add (entries, LEGEND_ENGAGEMENT, g_strdup (engagement_status_name (statuses[k])));
        g_array_index (entries, LegendEntry, entries->len - 1).status = statuses[k];
      }
  return entries;
}

GStrv
admiralty_sector_legend_entries (AdmScenario                  *scenario,
                                 const AdmiraltySectorOptions *options)
{
  AdmiraltySectorOptions defaults;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_autoptr(GArray) entries = NULL;

  g_return_val_if_fail (ADM_IS_SCENARIO (scenario), NULL);

  entries = legend_entries (scenario, _admiralty_sector_options_or_defaults (options, &defaults));
  for (guint i = 0; i < entries->len; i++)
    g_strv_builder_add (builder, g_array_index (entries, LegendEntry, i).text);
  return g_strv_builder_end (builder);
}

/* The panel's rectangle for @entries, measured with @cr's font. */
static void
legend_box (cairo_t                   *cr,
            const AdmiraltySectorView *view,
            GArray                    *entries,
            cairo_rectangle_t         *rect)
{
  double widest = 0;

  cairo_save (cr);
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, LEGEND_FONT_SIZE);
  for (guint i = 0; i < entries->len; i++)
    widest = MAX (widest, _admiralty_sector_text_width (cr, g_array_index (entries, LegendEntry,
                                                                           i).text));
  cairo_restore (cr);
  rect->width = ceil (2 * LEGEND_PADDING + LEGEND_SWATCH + 8 + widest);
  rect->height = 2 * LEGEND_PADDING + entries->len * LEGEND_ROW;
  rect->x = LEGEND_MARGIN;
  rect->y = view->height - LEGEND_MARGIN - rect->height;
}

void
admiralty_sector_legend_rect (const AdmiraltySectorView    *view,
                              AdmScenario                  *scenario,
                              const AdmiraltySectorOptions *options,
                              cairo_rectangle_t            *rect)
{
  AdmiraltySectorOptions defaults;
  g_autoptr(GArray) entries = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;

  g_return_if_fail (view != NULL && rect != NULL);
  g_return_if_fail (ADM_IS_SCENARIO (scenario));

  entries = legend_entries (scenario, _admiralty_sector_options_or_defaults (options, &defaults));
  /* Text is measured on a surface of its own: no drawing is needed for a size. */
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cr = cairo_create (surface);
  legend_box (cr, view, entries, rect);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

static void
draw_legend_sample (Frame             *frame,
                    const LegendEntry *entry,
                    double             x,
                    double             y)
{
  cairo_t *cr = frame->cr;
  AdmFaction colourless = { 0 };
  AdmFormation sample = { 0 };

  sample.faction = &colourless;
  switch (entry->kind)
    {
    case LEGEND_FACTION:
      sample.faction = entry->faction;
      _admiralty_sector_draw_marker (cr, frame->options, &sample, x + 1, y - MARKER_SIZE / 2.0);
      break;

    case LEGEND_OBJECT:
      {
        AdmSectorObject object = { .kind = (char *) entry->object };

        _admiralty_sector_draw_object (cr, &object, x + LEGEND_SWATCH / 2, y);
      }
      break;

    case LEGEND_JUMP:
      {
        static const double dash[] = { 4.0, 3.0 };

        cairo_new_path (cr);
        cairo_move_to (cr, x, y);
        cairo_line_to (cr, x + LEGEND_SWATCH, y);
        cairo_set_line_width (cr, LINK_WIDTH);
        cairo_set_dash (cr, dash, G_N_ELEMENTS (dash), 0);
        _admiralty_sector_set_rgb (cr, ADMIRALTY_SECTOR_JUMP_RGB);
        cairo_stroke (cr);
        cairo_set_dash (cr, NULL, 0, 0);
      }
      break;

    case LEGEND_MINEFIELD:
      {
        AdmMinefield field = { .faction = &colourless, .mines = 1 };
        const AdmTableLayout *layout =
          adm_ruleset_get_table_layout (adm_scenario_get_ruleset (frame->scenario));

        colourless.colour = (char *) "#b4c3d3";
        _admiralty_sector_draw_minefield (cr, &field, layout == NULL || !layout->mine_torpedo,
                                          x + LEGEND_SWATCH / 2, y);
      }
      break;

    case LEGEND_TRANSIT:
      /* The arrowhead at two thirds of its size, to keep within its row. */
      colourless.colour = (char *) "#b4c3d3";
      cairo_save (cr);
      cairo_translate (cr, x + LEGEND_SWATCH / 2, y);
      cairo_scale (cr, 2.0 / 3, 2.0 / 3);
      _admiralty_sector_draw_transit_marker (cr, frame->options, &sample, 0, 0, 0.0, FALSE);
      cairo_restore (cr);
      break;

    case LEGEND_LAST_SEEN:
      colourless.colour = (char *) "#b4c3d3";
      _admiralty_sector_draw_ghost_marker (cr, frame->options, &sample, x + 1, y - MARKER_SIZE / 2.0);
      break;

    case LEGEND_ENGAGEMENT:
    default:
      cairo_new_path (cr);
      cairo_arc (cr, x + LEGEND_SWATCH / 2, y, ENGAGEMENT_RADIUS - 2, 0, 2 * G_PI);
      _admiralty_sector_set_rgb (cr, admiralty_sector_engagement_rgb (entry->status));
      cairo_fill (cr);
      break;
    }
}

void
_admiralty_sector_draw_legend (Frame *frame)
{
  g_autoptr(GArray) entries = legend_entries (frame->scenario, frame->options);
  cairo_t *cr = frame->cr;
  cairo_rectangle_t box;

  legend_box (cr, frame->view, entries, &box);
  cairo_save (cr);
  _admiralty_sector_rounded_rect_path (cr, &box, 0.0);
  _admiralty_sector_set_rgb (cr, BORDER_RGB);
  cairo_fill (cr);
  _admiralty_sector_rounded_rect_path (cr, &box, 1.0);
  _admiralty_sector_set_rgb (cr, ADMIRALTY_SECTOR_BACKGROUND_RGB);
  cairo_fill (cr);
  for (guint i = 0; i < entries->len; i++)
    {
      const LegendEntry *entry = &g_array_index (entries, LegendEntry, i);
      double middle = box.y + LEGEND_PADDING + (i + 0.5) * LEGEND_ROW;
      double x = box.x + LEGEND_PADDING;
      cairo_font_extents_t font;

      draw_legend_sample (frame, entry, x, middle);
      cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
      cairo_set_font_size (cr, LEGEND_FONT_SIZE);
      cairo_font_extents (cr, &font);
      _admiralty_sector_set_rgb (cr, TEXT_RGB);
      cairo_move_to (cr, round (x + LEGEND_SWATCH + 8),
                     round (middle + (font.ascent - font.descent) / 2));
      cairo_show_text (cr, entry->text);
    }
  cairo_restore (cr);
}
