/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-sector-labels.c: the sector map's text — sectors' names fitted to their cards,
 * formations' lines with the ships their audience is told of, and the labels of formations
 * crossing links, each placed beside its arrowhead clear of the cards and of the others —
 * and the measuring, cutting and placing the projector's wall layout shares. */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "admiralty-sector-renderer-private.h"

#define NAME_INSET        6.0  /* px between the card's sides and its name */
#define NAME_FONT_SIZE   11.5  /* px */
#define NAME_MIN_FONT_SIZE 10.0  /* px: a long name shrinks this far before it is cut */
/* The name block above the sector's position, in px from it. */
#define NAME_TOP        (-NODE_ABOVE + 5.0)
#define NAME_BOTTOM     (-3.0)

/* Text */

/* @text cut at a character boundary and ended with "…" so that it is at most @max_width
 * wide; unchanged when it fits. */
char *
_admiralty_sector_ellipsize (cairo_t    *cr,
                             const char *text,
                             double      max_width)
{
  g_autofree char *buffer = NULL;
  cairo_text_extents_t extents;
  gsize length = strlen (text);

  cairo_text_extents (cr, text, &extents);
  if (extents.x_advance <= max_width)
    return g_strdup (text);
  buffer = g_malloc (length + sizeof "…");
  while (length > 0)
    {
      length = g_utf8_prev_char (text + length) - text;
      /* No space left dangling before the ellipsis. */
      while (length > 0 && text[length - 1] == ' ')
        length--;
      memcpy (buffer, text, length);
      strcpy (buffer + length, "…");
      cairo_text_extents (cr, buffer, &extents);
      if (extents.x_advance <= max_width)
        break;
    }
  return g_steal_pointer (&buffer);
}

double
_admiralty_sector_text_width (cairo_t    *cr,
                              const char *text)
{
  cairo_text_extents_t extents;

  cairo_text_extents (cr, text, &extents);
  return extents.x_advance;
}

gboolean
admiralty_sector_label_lines (cairo_t     *cr,
                              const char  *text,
                              double       max_width,
                              char       **first,
                              char       **second)
{
  const char *cut = NULL;
  g_autofree char *rest = NULL;

  g_return_val_if_fail (cr != NULL && text != NULL && first != NULL && second != NULL, FALSE);

  *second = NULL;
  if (_admiralty_sector_text_width (cr, text) <= max_width)
    {
      *first = g_strdup (text);
      return TRUE;
    }
  /* The last space that leaves a first line that fits (PANGO_WRAP_WORD_CHAR's way)… */
  for (const char *space = strchr (text, ' '); space != NULL; space = strchr (space + 1, ' '))
    {
      g_autofree char *head = g_strndup (text, space - text);

      if (_admiralty_sector_text_width (cr, head) > max_width)
        break;
      cut = space;
    }
  if (cut != NULL)
    {
      *first = g_strndup (text, cut - text);
      rest = g_strdup (cut + 1);
    }
  else
    {
      /* …else a word too long for a line breaks between characters. */
      const char *end = g_utf8_next_char (text);

      for (const char *next = end; *next != '\0'; next = g_utf8_next_char (next))
        {
          g_autofree char *head = g_strndup (text, next - text);

          if (_admiralty_sector_text_width (cr, head) > max_width)
            break;
          end = next;
        }
      *first = g_strndup (text, end - text);
      rest = g_strdup (end);
    }
  *second = _admiralty_sector_ellipsize (cr, rest, max_width);
  return g_strcmp0 (*second, rest) == 0;
}

/* Splits @name at the space that makes the wider of the two lines narrowest, the way a
 * person balances a two-line label. TRUE when that fits in @max_width (*@second then NULL
 * if one line holds it all); FALSE with the best split, or the whole name when it has no
 * space, when it does not. */
gboolean
_admiralty_sector_split_name (cairo_t     *cr,
                              const char  *name,
                              double       max_width,
                              char       **first,
                              char       **second)
{
  const char *best = NULL;
  double best_width = _admiralty_sector_text_width (cr, name);

  *second = NULL;
  if (best_width <= max_width)
    {
      *first = g_strdup (name);
      return TRUE;
    }
  best_width = G_MAXDOUBLE;
  for (const char *space = strchr (name, ' '); space != NULL; space = strchr (space + 1, ' '))
    {
      g_autofree char *head = g_strndup (name, space - name);
      double width = MAX (_admiralty_sector_text_width (cr, head),
                          _admiralty_sector_text_width (cr, space + 1));

      if (width < best_width)
        {
          best = space;
          best_width = width;
        }
    }
  if (best == NULL)
    {
      *first = g_strdup (name);
      return FALSE;
    }
  *first = g_strndup (name, best - name);
  *second = g_strdup (best + 1);
  return best_width <= max_width;
}

/* Lays @name out in at most two lines of at most @max_width, in the largest font size from
 * NAME_FONT_SIZE down to NAME_MIN_FONT_SIZE that allows it, else ellipsized in the smallest.
 * Leaves that size set on @cr. */
static void
layout_name (cairo_t     *cr,
             const char  *name,
             double       max_width,
             char       **first,
             char       **second)
{
  g_autofree char *head = NULL;
  g_autofree char *tail = NULL;

  for (double size = NAME_FONT_SIZE; size >= NAME_MIN_FONT_SIZE; size -= 0.5)
    {
      g_clear_pointer (&head, g_free);
      g_clear_pointer (&tail, g_free);
      cairo_set_font_size (cr, size);
      if (_admiralty_sector_split_name (cr, name, max_width, &head, &tail))
        {
          *first = g_steal_pointer (&head);
          *second = g_steal_pointer (&tail);
          return;
        }
    }
  *first = _admiralty_sector_ellipsize (cr, head, max_width);
  *second = tail != NULL ? _admiralty_sector_ellipsize (cr, tail, max_width) : NULL;
}

/* Draws @text centred on @x with its baseline at @y. */
static void
show_centred (cairo_t    *cr,
              const char *text,
              double      x,
              double      y)
{
  cairo_text_extents_t extents;

  cairo_text_extents (cr, text, &extents);
  cairo_move_to (cr, round (x - extents.x_advance / 2), round (y));
  cairo_show_text (cr, text);
}

void
_admiralty_sector_draw_name (Frame                   *frame,
                             const AdmSector         *sector,
                             const cairo_rectangle_t *rect)
{
  cairo_t *cr = frame->cr;
  cairo_font_extents_t font;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  double centre_x = rect->x + rect->width / 2;
  double middle = rect->y + NODE_ABOVE + (NAME_TOP + NAME_BOTTOM) / 2;
  double baseline, line_height;

  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  layout_name (cr, sector->name, rect->width - 2 * NAME_INSET, &first, &second);
  cairo_font_extents (cr, &font);
  /* The line or the pair of lines centred in the name block. */
  line_height = ceil (font.ascent + font.descent);
  baseline = middle + (font.ascent - font.descent) / 2;
  if (second != NULL)
    baseline -= line_height / 2;
  _admiralty_sector_set_rgb (cr, TEXT_RGB);
  show_centred (cr, first, centre_x, baseline);
  if (second != NULL)
    show_centred (cr, second, centre_x, baseline + line_height);
}

/* Formations' lines */

static AdmAudienceKind
audience_kind (const AdmiraltySectorOptions *options)
{
  switch (options->audience)
    {
    case ADMIRALTY_SECTOR_AUDIENCE_SIDE:   return ADM_AUDIENCE_SIDE;
    case ADMIRALTY_SECTOR_AUDIENCE_PUBLIC: return ADM_AUDIENCE_PUBLIC;
    case ADMIRALTY_SECTOR_AUDIENCE_MASTER:
    default:                               return ADM_AUDIENCE_MASTER;
    }
}

/* How many ships of @formation the audience is told, as text, or NULL when none. */
char *
_admiralty_sector_ship_count_text (AdmScenario                  *scenario,
                                   const AdmiraltySectorOptions *options,
                                   const AdmFormation           *formation)
{
  guint ships = 0, cycle = 0;

  if (!adm_audience_map_ship_count (options->strategy, scenario, audience_kind (options),
                                    options->audience == ADMIRALTY_SECTOR_AUDIENCE_SIDE
                                      ? options->viewer : NULL,
                                    formation, &ships, &cycle))
    return NULL;
  return g_strdup_printf ("%u", ships);
}

char *
admiralty_sector_formation_label (AdmScenario                  *scenario,
                                  const AdmiraltySectorOptions *options,
                                  const AdmFormation           *formation)
{
  AdmiraltySectorOptions defaults;
  g_autofree char *count = NULL;

  g_return_val_if_fail (ADM_IS_SCENARIO (scenario), NULL);
  g_return_val_if_fail (formation != NULL, NULL);

  options = _admiralty_sector_options_or_defaults (options, &defaults);
  if (!admiralty_sector_formation_shown (scenario, options, formation))
    return NULL;
  count = _admiralty_sector_ship_count_text (scenario, options, formation);
  if (count == NULL)
    return g_strdup (formation->name);
  /* Translators: a formation's line on the sector map, its name and its number of ships */
  return g_strdup_printf (C_("sector map", "%s · %s"), formation->name, count);
}

/* The formation's name after its marker, cut to the card, and the number of its ships the
 * audience is told, if any, at the line's right end. A last-seen mark's name is in italics. */
void
_admiralty_sector_draw_formation_label (Frame                   *frame,
                                        const cairo_rectangle_t *rect,
                                        const AdmFormation      *formation,
                                        gboolean                 ghost,
                                        guint                    lines,
                                        double                   marker_x,
                                        double                   middle)
{
  cairo_t *cr = frame->cr;
  g_autofree char *count =
    ghost ? NULL : _admiralty_sector_ship_count_text (frame->scenario, frame->options, formation);
  g_autofree char *name = NULL;
  cairo_text_extents_t extents;
  cairo_font_extents_t font;
  double left = marker_x + MARKER_SIZE + LABEL_GAP;
  double right = rect->x + rect->width - NODE_INSET;
  double baseline;

  cairo_select_font_face (cr, "Sans", ghost ? CAIRO_FONT_SLANT_ITALIC : CAIRO_FONT_SLANT_NORMAL,
                          CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, LABEL_FONT_SIZE);
  cairo_font_extents (cr, &font);
  baseline = round (middle + (font.ascent - font.descent) / 2);
  _admiralty_sector_set_rgb (cr, TEXT_RGB);
  if (count != NULL)
    {
      cairo_text_extents (cr, count, &extents);
      right -= extents.x_advance;
      cairo_move_to (cr, round (right), baseline);
      cairo_show_text (cr, count);
      right -= LABEL_GAP;
    }
  if (lines > 1)
    {
      g_autofree char *second = NULL;

      /* A name given two lines wraps at a space, each line cut only if it still overflows. */
      admiralty_sector_label_lines (cr, formation->name, MAX (right - left, 0.0), &name,
                                    &second);
      if (second != NULL)
        {
          cairo_move_to (cr, round (left), baseline + LINE_STRIDE);
          cairo_show_text (cr, second);
        }
    }
  else
    name = _admiralty_sector_ellipsize (cr, formation->name, MAX (right - left, 0.0));
  cairo_move_to (cr, round (left), baseline);
  cairo_show_text (cr, name);
}

/* Labels placed clear of what is drawn */

/* How much of @rect lies over the rectangles of @taken (cairo_rectangle_t) or outside the
 * @width × @height area, in px². */
double
_admiralty_sector_overlap_area (const cairo_rectangle_t *rect,
                                GArray                  *taken,
                                double                   width,
                                double                   height)
{
  double area = 0;

  for (guint i = 0; i < taken->len; i++)
    {
      const cairo_rectangle_t *other = &g_array_index (taken, cairo_rectangle_t, i);
      double w = MIN (rect->x + rect->width, other->x + other->width) - MAX (rect->x, other->x);
      double h = MIN (rect->y + rect->height, other->y + other->height) - MAX (rect->y, other->y);

      if (w > 0 && h > 0)
        area += w * h;
    }
  area += rect->width * rect->height -
          MAX (0, MIN (rect->x + rect->width, width) - MAX (rect->x, 0)) *
          MAX (0, MIN (rect->y + rect->height, height) - MAX (rect->y, 0));
  /* Less than a pixel is rounding, not overlap. */
  return area < 0.5 ? 0 : area;
}

/* The box of a label @text_width × @text_height beside a marker of radius @r at (@x, @y):
 * above or below it (centred on it or ending or starting at it), right or left of it, or up
 * to three rows further out if need be, whichever first lies clear of @taken and inside the
 * area, else the one that covers least. */
void
_admiralty_sector_place_label (double             x,
                               double             y,
                               double             r,
                               double             text_width,
                               double             text_height,
                               GArray            *taken,
                               double             width,
                               double             height,
                               cairo_rectangle_t *box)
{
  double best = G_MAXDOUBLE;
  double lefts[] = { x - text_width / 2, x - text_width + r, x - r };

  for (guint i = 0; i < 2 + 3 * 2 * 4; i++)
    {
      cairo_rectangle_t candidate = { 0, 0, text_width, text_height };
      double area;

      /* Next to the marker first, above or below it, then beside it, then further out. */
      if (i == 6)
        candidate.x = x + r + 4, candidate.y = y - text_height / 2;
      else if (i == 7)
        candidate.x = x - r - 4 - text_width, candidate.y = y - text_height / 2;
      else
        {
          guint k = i < 6 ? i : i - 2, row = k / 6, below = k % 2;

          candidate.x = lefts[(k / 2) % 3];
          candidate.y = below ? y + r + 2 + row * text_height
                              : y - r - 2 - (row + 1) * text_height;
        }
      area = _admiralty_sector_overlap_area (&candidate, taken, width, height);
      if (area < best)
        {
          best = area;
          *box = candidate;
        }
      if (area <= 0)
        return;
    }
}

char *
admiralty_sector_transit_text (AdmScenario                  *scenario,
                               const AdmiraltySectorOptions *options,
                               const AdmFormation           *formation)
{
  AdmiraltySectorOptions defaults;
  g_autofree char *label = NULL;
  const AdmSector *towards;
  double progress;

  g_return_val_if_fail (ADM_IS_SCENARIO (scenario), NULL);
  g_return_val_if_fail (formation != NULL, NULL);

  options = _admiralty_sector_options_or_defaults (options, &defaults);
  label = admiralty_sector_formation_label (scenario, options, formation);
  _admiralty_sector_formation_place (scenario, options, formation, &towards, &progress);
  if (label == NULL || towards == NULL)
    return NULL;
  /* Translators: a formation crossing a link on the sector map, and the sector it goes to */
  return g_strdup_printf (C_("sector map", "%s → %s"), label, towards->name);
}

void
admiralty_sector_label_clear (AdmiraltySectorLabel *label)
{
  g_clear_pointer (&label->text, g_free);
}

/* Text boxes are measured with this font on @cr: the label's ink box is its advance wide and
 * the font's ascent plus descent high. */
void
_admiralty_sector_label_size (cairo_t    *cr,
                              const char *text,
                              double     *width,
                              double     *height)
{
  cairo_font_extents_t font;

  cairo_font_extents (cr, &font);
  *width = _admiralty_sector_text_width (cr, text);
  *height = font.ascent + font.descent;
}

/* Draws @text in @box (from _admiralty_sector_label_size ()) on a plate of the map's
 * background, so that it reads over links and markers. */
void
_admiralty_sector_show_on_plate (cairo_t                 *cr,
                                 const char              *text,
                                 const cairo_rectangle_t *box,
                                 double                   pad)
{
  cairo_font_extents_t font;

  cairo_font_extents (cr, &font);
  cairo_new_path (cr);
  cairo_rectangle (cr, box->x - pad, box->y - pad / 2, box->width + 2 * pad, box->height + pad);
  _admiralty_sector_set_rgb (cr, ADMIRALTY_SECTOR_BACKGROUND_RGB);
  cairo_fill (cr);
  _admiralty_sector_set_rgb (cr, TEXT_RGB);
  cairo_move_to (cr, round (box->x), round (box->y + font.ascent));
  cairo_show_text (cr, text);
}

/* The labels of the formations crossing links, in the card layout at zoom 1: placed beside
 * their arrowheads, clear of the cards and of each other. */
static GArray *
transit_labels (cairo_t                      *cr,
                const AdmiraltySectorView    *view,
                AdmScenario                  *scenario,
                const AdmiraltySectorOptions *options)
{
  GArray *labels = g_array_new (FALSE, TRUE, sizeof (AdmiraltySectorLabel));
  g_autoptr(GArray) taken = g_array_new (FALSE, FALSE, sizeof (cairo_rectangle_t));
  GPtrArray *formations = _admiralty_sector_formations_in_being (scenario, options);
  GPtrArray *sectors = adm_scenario_get_sectors (scenario);

  g_array_set_clear_func (labels, (GDestroyNotify) admiralty_sector_label_clear);
  for (guint i = 0; i < sectors->len; i++)
    {
      cairo_rectangle_t rect;

      admiralty_sector_node_rect (view, g_ptr_array_index (sectors, i), &rect);
      g_array_append_val (taken, rect);
    }
  cairo_save (cr);
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, LABEL_FONT_SIZE);
  for (guint i = 0; i < formations->len; i++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, i);
      AdmiraltySectorLabel label = { 0 };
      double x, y, angle, width, height;

      if (!admiralty_sector_formation_shown (scenario, options, formation) ||
          !_admiralty_sector_transit_position (view, scenario, options, formation, &x, &y, &angle))
        continue;
      label.text = admiralty_sector_transit_text (scenario, options, formation);
      if (label.text == NULL)
        continue;
      label.formation = formation;
      label.font_size = LABEL_FONT_SIZE;
      _admiralty_sector_label_size (cr, label.text, &width, &height);
      _admiralty_sector_place_label (x, y, MARKER_SIZE / 2.0 + 4, width, height, taken,
                                     view->width, view->height, &label.rect);
      g_array_append_val (taken, label.rect);
      g_array_append_val (labels, label);
    }
  cairo_restore (cr);
  return labels;
}

GArray *
admiralty_sector_transit_labels (const AdmiraltySectorView    *view,
                                 AdmScenario                  *scenario,
                                 const AdmiraltySectorOptions *options)
{
  AdmiraltySectorOptions defaults;
  AdmiraltySectorView inner;
  cairo_surface_t *surface;
  cairo_t *cr;
  GArray *labels;
  double zoom;

  g_return_val_if_fail (view != NULL, NULL);
  g_return_val_if_fail (ADM_IS_SCENARIO (scenario), NULL);

  admiralty_sector_view_unzoomed (view, &inner);
  zoom = admiralty_sector_view_get_zoom (view);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cr = cairo_create (surface);
  labels = transit_labels (cr, &inner, scenario,
                           _admiralty_sector_options_or_defaults (options, &defaults));
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  for (guint i = 0; i < labels->len; i++)
    {
      AdmiraltySectorLabel *label = &g_array_index (labels, AdmiraltySectorLabel, i);

      label->font_size *= zoom;
      label->rect = (cairo_rectangle_t) { label->rect.x * zoom, label->rect.y * zoom,
                                          label->rect.width * zoom, label->rect.height * zoom };
    }
  return labels;
}

void
_admiralty_sector_draw_transit_labels (Frame *frame)
{
  g_autoptr(GArray) labels = transit_labels (frame->cr, frame->view, frame->scenario,
                                             frame->options);
  cairo_t *cr = frame->cr;

  cairo_save (cr);
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, LABEL_FONT_SIZE);
  for (guint i = 0; i < labels->len; i++)
    {
      const AdmiraltySectorLabel *label = &g_array_index (labels, AdmiraltySectorLabel, i);

      _admiralty_sector_show_on_plate (cr, label->text, &label->rect, 2.0);
    }
  cairo_restore (cr);
}

