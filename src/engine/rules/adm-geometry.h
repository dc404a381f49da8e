/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-geometry.h: the tactical table's geometry as pure functions on plain numbers.
 *
 * The table is seen from above: x grows to the right, y grows downwards (as on paper and in
 * Cairo), both in cm. A heading is a compass bearing in degrees, clockwise, 0 = towards
 * negative y ("up the table"), 90 = towards positive x. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  double x;
  double y;
} AdmPoint;

/* F-FIRE-7: the four firing arcs of a ship token. */
typedef enum {
  ADM_SECTOR_BOW,
  ADM_SECTOR_STARBOARD,
  ADM_SECTOR_STERN,
  ADM_SECTOR_PORT,
} AdmArcSector;

/* F-ART-15: the target aspects of the artillery table. */
typedef enum {
  ADM_ASPECT_APPROACHING,
  ADM_ASPECT_RECEDING,
  ADM_ASPECT_CROSSING,
} AdmAspect;

/* @heading normalised into [0, 360). */
double     adm_heading_normalise (double   heading);
/* The signed smallest turn from @from to @to, in (-180, 180]; positive is clockwise. */
double     adm_heading_difference (double  from,
                                   double  to);
/* F-FIRE-13: centre-to-centre distance in cm. */
double     adm_distance          (AdmPoint a,
                                  AdmPoint b);
/* The compass bearing from @from to @to in [0, 360); 0 when the points coincide. */
double     adm_bearing           (AdmPoint from,
                                  AdmPoint to);
/* @from moved @distance cm along @heading. */
AdmPoint   adm_point_advance     (AdmPoint from,
                                  double   heading,
                                  double   distance);
/* F-FIRE-7: the arc of a ship at @ship heading @heading in which @point lies. Each arc spans
 * 90°, centred on the bow (0° relative), starboard (90°), stern (180°) and port (270°);
 * a point exactly on a boundary (±45°, ±135° relative) belongs to the bow or stern arc.
 * A point on the ship's centre is in the bow arc. */
AdmArcSector  adm_sector_of         (AdmPoint ship,
                                  double   heading,
                                  AdmPoint point);
/* The sine and cosine of @heading (degrees, clockwise from up the table), exact at the four
 * quarter turns. */
void          adm_heading_sin_cos   (double   heading,
                                     double  *sine,
                                     double  *cosine);
/* F-ART-6 as ruled: the aspect of a target seen by a firer is read from the target's own
 * arcs: the firer inside the target's bow arc sees it approaching, inside its stern arc
 * receding, otherwise crossing. */
AdmAspect  adm_aspect_of_sector  (AdmArcSector sector);
AdmAspect  adm_aspect_of         (AdmPoint target,
                                  double   target_heading,
                                  AdmPoint firer);
/* Whether the segment @a–@b passes within @radius of @centre (touching counts). Used for the
 * line of fire against explosion markers and hulks (F-ART-10, F-CAT-4) and for contact
 * along a movement path (F-RAM-2). */
gboolean   adm_segment_meets_circle (AdmPoint a,
                                     AdmPoint b,
                                     AdmPoint centre,
                                     double   radius);
/* Whether two round bases of diameters @da and @db centred at @a and @b touch or overlap
 * (F-FORM-1, F-SHLD-5, F-RAM-2). A tolerance of 0.05 cm absorbs measuring noise. */
gboolean   adm_bases_touch       (AdmPoint a,
                                  double   da,
                                  AdmPoint b,
                                  double   db);
/* Whether two round bases of diameters @da and @db centred at @a and @b overlap: one lies
 * partly on the other. Tokens may touch but not overlap (F-RAM-2: a ram stops at contact;
 * F-BOARD-1, F-FORM-1: ships meet by touching); the same 0.05 cm tolerance as
 * adm_bases_touch (), so that bases placed in contact never count as overlapping. */
gboolean   adm_bases_overlap     (AdmPoint a,
                                  double   da,
                                  AdmPoint b,
                                  double   db);
/* The first distance along the segment @a–@b (0 at @a) at which a base of diameter @d moving
 * from @a to @b first touches a base of diameter @dt at @t; a negative value when it never
 * does. Used to stop a ram at contact (F-RAM-2). */
double     adm_contact_distance  (AdmPoint a,
                                  AdmPoint b,
                                  double   d,
                                  AdmPoint t,
                                  double   dt);

const char *adm_sector_to_string (AdmArcSector sector);  /* "bow" "starboard" "stern" "port" */
const char *adm_aspect_to_string (AdmAspect aspect);  /* "approaching" "receding" "crossing" */

/* A uniform grid of points (ship centres) for the questions a phase asks of every ship:
 * which bases touch (F-FORM-1, F-SHLD-5) and which lie near a line of fire (F-ART-10,
 * F-CAT-4). It answers with candidates only; the caller tests each one exactly, so the
 * answers are those of the plain loop over every ship. */
typedef struct _AdmPointGrid AdmPointGrid;

/* @points[0..n_points - 1] in cells of @cell cm (at least a base's diameter is sensible). */
AdmPointGrid *adm_point_grid_new   (const AdmPoint *points,
                                    guint           n_points,
                                    double          cell);
void          adm_point_grid_free  (AdmPointGrid   *grid);
/* Sets @out (a GArray of guint) to the index of every point in [x0, x1] × [y0, y1], and of
 * some points near it: those of the cells the box overlaps, in increasing index within a
 * cell. What @out held is dropped. */
void          adm_point_grid_query (const AdmPointGrid *grid,
                                    double              x0,
                                    double              y0,
                                    double              x1,
                                    double              y1,
                                    GArray             *out);

/* Appends to @pairs (a GArray of guint, two per pair, the lower index first, pairs in
 * increasing order) every pair of the @n bases centred at @centres with diameters
 * @diameters that overlap (adm_bases_overlap ()). A base of diameter 0 or less is not on the
 * table and overlaps nothing. Linear in @n for bases spread over the table. */
void          adm_bases_overlapping (const AdmPoint *centres,
                                     const double   *diameters,
                                     guint           n,
                                     GArray         *pairs);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdmPointGrid, adm_point_grid_free)

G_END_DECLS
