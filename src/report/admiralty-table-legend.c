/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-table-legend.c: the legend of the tactical table's symbols — each sample
 * drawn with the code that draws it on the table — and what each means. */

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "admiralty-table-legend.h"
#include "admiralty-table-renderer-private.h"

/* A ship in the legend: the second side's colour, heading east from left of the middle so
 * that its arrow fits. */
static void
legend_token (cairo_t  *cr,
              double    size,
              TokenLook look)
{
  look.colour = rgb_from_int (_admiralty_table_side_palette[1]);
  look.heading = 90.0;
  _admiralty_table_face_up_symbol (cr, &look, 0.4 * size, 0.55 * size, 0.26 * size, NULL);
}

static void
legend_move (cairo_t  *cr,
             double    size,
             gboolean  legal)
{
  /* Pixels as table cm: the legend's view is the identity. */
  const AdmiraltyTableView view = { size / 2, size / 2, 1.0, (int) ceil (size),
                                    (int) ceil (size) };
  const AdmPoint path[] = {
    { 0.12 * size, 0.8 * size }, { 0.45 * size, 0.8 * size }, { 0.72 * size, 0.4 * size },
  };
  Rgb colour = _admiralty_table_move_colour (legal);

  _admiralty_table_move_path_symbol (cr, &view, path, G_N_ELEMENTS (path), colour, FALSE);
  _admiralty_table_ghost_symbol (cr, path[2].x, path[2].y, 0.14 * size,
                                 adm_bearing (path[1], path[2]), colour, FALSE);
}

void
admiralty_table_render_legend_sample (cairo_t             *cr,
                                      AdmiraltyLegendItem  item,
                                      double               size)
{
  TokenLook look = { .status = ADM_SHIP_ACTIVE, .symbol = -1 };
  double mid = size / 2;

  g_return_if_fail (cr != NULL);
  g_return_if_fail ((guint) item < ADMIRALTY_LEGEND_N_ITEMS);

  if (size <= 0)
    return;
  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, size, size);
  cairo_clip (cr);
  cairo_new_path (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_tolerance (cr, 0.25);
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, LABEL_FONT_SIZE);
  switch (item)
    {
    case ADMIRALTY_LEGEND_FACE_UP:
      legend_token (cr, size, look);
      break;
    case ADMIRALTY_LEGEND_DAMAGED:
      look.damaged = TRUE;
      legend_token (cr, size, look);
      break;
    case ADMIRALTY_LEGEND_ON_FIRE:
      look.on_fire = 1;
      legend_token (cr, size, look);
      break;
    case ADMIRALTY_LEGEND_DRIFTING_HULK:
      look.status = ADM_SHIP_DRIFTING_HULK;
      legend_token (cr, size, look);
      break;
    case ADMIRALTY_LEGEND_BURNING_HULK:
      look.status = ADM_SHIP_BURNING_HULK;
      legend_token (cr, size, look);
      break;
    case ADMIRALTY_LEGEND_FACE_DOWN:
      _admiralty_table_draw_face_down (cr, mid, mid, 0.32 * size);
      break;
    case ADMIRALTY_LEGEND_EXPLOSION:
      _admiralty_table_burst_path (cr, mid, mid, 0.42 * size);
      _admiralty_table_fill_bursts (cr);
      break;
    case ADMIRALTY_LEGEND_TORPEDO_SALVO:
      _admiralty_table_salvo_symbol (cr, 0.25 * size, 0.75 * size, 0.18 * size, 0.9 * size,
                                     0.15 * size,
                                     rgb_mix (rgb_from_int (_admiralty_table_side_palette[0]),
                                              white, 0.35));
      break;
    case ADMIRALTY_LEGEND_MINE:
      _admiralty_table_mine_symbol (cr, mid, mid, 0.16 * size, 0.45 * size,
                                    rgb_mix (rgb_from_int (_admiralty_table_side_palette[0]),
                                             white, 0.25),
                                    1.0, TRUE);
      break;
    case ADMIRALTY_LEGEND_ARCS:
      _admiralty_table_arcs_symbol (cr, 0.0, mid, mid, 0.48 * size);
      break;
    case ADMIRALTY_LEGEND_LEGAL_MOVE:
    case ADMIRALTY_LEGEND_REFUSED_MOVE:
      legend_move (cr, size, item == ADMIRALTY_LEGEND_LEGAL_MOVE);
      break;
    case ADMIRALTY_LEGEND_POSSIBLE_TARGET:
      _admiralty_table_draw_face_down (cr, mid, mid, 0.22 * size);
      _admiralty_table_highlight_ring (cr, mid, mid, 0.42 * size);
      break;
    case ADMIRALTY_LEGEND_RULER:
      _admiralty_table_ruler_symbol (cr, 0.15 * size, 0.7 * size, 0.85 * size, 0.3 * size);
      break;
    case ADMIRALTY_LEGEND_OVERLAP:
      look.colour = rgb_from_int (_admiralty_table_side_palette[1]);
      _admiralty_table_face_up_symbol (cr, &look, 0.62 * size, 0.4 * size, 0.22 * size, NULL);
      _admiralty_table_overlap_symbol (cr, 0.62 * size, 0.4 * size, 0.22 * size);
      break;
    case ADMIRALTY_LEGEND_PLANET:
      cairo_set_line_width (cr, 1.25);
      cairo_set_dash (cr, _admiralty_table_dash_orbit,
                      G_N_ELEMENTS (_admiralty_table_dash_orbit), 0);
      cairo_arc (cr, mid, mid, 0.44 * size, 0, 2 * G_PI);
      set_rgba (cr, rgb_from_int (0x5b7896), 0.8);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
      _admiralty_table_planet_symbol (cr, mid, mid, 0.2 * size);
      break;
    case ADMIRALTY_LEGEND_WORMHOLE_EXIT:
      _admiralty_table_wormhole_exit_symbol (cr, mid, mid, 0.42 * size);
      break;
    case ADMIRALTY_LEGEND_STATION:
      _admiralty_table_station_symbol (cr, mid, mid, 0.3 * size);
      break;
    default:
      g_assert_not_reached ();
    }
  cairo_restore (cr);
}

const char *
admiralty_legend_item_label (AdmiraltyLegendItem item)
{
  switch (item)
    {
    case ADMIRALTY_LEGEND_FACE_UP:
      return _("Ship: its colours and heading");
    case ADMIRALTY_LEGEND_DAMAGED:
      return _("Damaged (half hull lost)");
    case ADMIRALTY_LEGEND_ON_FIRE:
      return _("On fire");
    case ADMIRALTY_LEGEND_DRIFTING_HULK:
      return _("Drifting hulk");
    case ADMIRALTY_LEGEND_BURNING_HULK:
      return _("Burning hulk");
    case ADMIRALTY_LEGEND_FACE_DOWN:
      /* Translators: a token placed face down: the enemy knows a ship is there, not which. */
      return _("Detected, not identified (face down)");
    case ADMIRALTY_LEGEND_EXPLOSION:
      return _("Explosion marker");
    case ADMIRALTY_LEGEND_TORPEDO_SALVO:
      return _("Torpedo salvo and its run");
    case ADMIRALTY_LEGEND_MINE:
      return _("Mine and its reach");
    case ADMIRALTY_LEGEND_ARCS:
      return _("Fire arcs: bow, broadsides, stern");
    case ADMIRALTY_LEGEND_LEGAL_MOVE:
      return _("Movement order and where it ends");
    case ADMIRALTY_LEGEND_REFUSED_MOVE:
      return _("Movement order the rules refuse");
    case ADMIRALTY_LEGEND_POSSIBLE_TARGET:
      return _("Possible target");
    case ADMIRALTY_LEGEND_RULER:
      return _("Ruler");
    case ADMIRALTY_LEGEND_OVERLAP:
      /* Translators: two ship tokens lie partly on each other after moving; they may only
       * touch. */
      return _("Tokens overlap: set them in contact");
    case ADMIRALTY_LEGEND_PLANET:
      /* Translators: F-ORB: a ship touching the planet enters low orbit, then moves only
       * along the numbered orbits. */
      return _("Planet and its low orbits: touch it to enter orbit");
    case ADMIRALTY_LEGEND_WORMHOLE_EXIT:
      /* Translators: F-MOVE-5: the exit zone of a wormhole (jump point). */
      return _("Wormhole exit zone: ships in it must move");
    case ADMIRALTY_LEGEND_STATION:
      return _("Orbital station of the sector");
    default:
      g_return_val_if_reached (NULL);
    }
}
