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
#include "adm-audience.h"

#define NAME_INSET        6.0  /* px between the card's sides and its name */
#define NAME_FONT_SIZE   11.5  /* px */
/* px between the card's top and the name block: clear of the engagements' ids on its top edge
 * (7 px into the card). */
#define NAME_TOP_PAD      8.0
#define NAME_BOTTOM_PAD   3.0  /* px between the name block and the sector's position */
#define ROWS_BOTTOM_PAD   4.0  /* px between the last row and the card's foot */

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

/* Cards */

/* The Pango context cards are measured and drawn with, whatever surface they are drawn on:
 * unhinted metrics, so that text takes the same share of its card at every zoom. */
static PangoContext *
card_context (void)
{
  PangoContext *context = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  cairo_font_options_t *font_options = cairo_font_options_create ();

  cairo_font_options_set_hint_metrics (font_options, CAIRO_HINT_METRICS_OFF);
  pango_cairo_context_set_font_options (context, font_options);
  cairo_font_options_destroy (font_options);
  return context;
}

/* @text in Sans of @size px, bold or italic, wrapped between words (PANGO_WRAP_WORD: never
 * inside one) in lines of @width px, or in one line when @width is negative. */
static PangoLayout *
text_layout (PangoContext *context,
             const char   *text,
             gboolean      bold,
             gboolean      italic,
             double        size,
             double        width)
{
  PangoLayout *layout = pango_layout_new (context);
  g_autoptr(PangoFontDescription) font = pango_font_description_from_string ("Sans");

  pango_font_description_set_weight (font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_font_description_set_style (font, italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL);
  pango_font_description_set_absolute_size (font, size * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_layout_set_text (layout, text, -1);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD);
  pango_layout_set_width (layout, width < 0 ? -1 : (int) floor (width * PANGO_SCALE));
  return layout;
}

/* @layout's logical width, px. */
static double
layout_width (PangoLayout *layout)
{
  PangoRectangle logical;

  pango_layout_get_extents (layout, NULL, &logical);
  return logical.width / (double) PANGO_SCALE;
}

/* The width of @text's longest word in that font: what its lines cannot be narrower than. */
static double
widest_word (PangoContext *context,
             const char   *text,
             gboolean      bold,
             gboolean      italic,
             double        size)
{
  g_autoptr(PangoLayout) layout = text_layout (context, text, bold, italic, size, 1.0);

  return layout_width (layout);
}

/* What a row's ships take at its right end, with the gap before them. */
static double
ships_room (PangoContext  *context,
            const CardRow *row)
{
  g_autoptr(PangoLayout) layout = NULL;

  if (row->ships == NULL)
    return 0;
  layout = text_layout (context, row->ships, FALSE, row->ghost, LABEL_FONT_SIZE, -1);
  return layout_width (layout) + LABEL_GAP;
}

static void
card_row_clear (CardRow *row)
{
  g_clear_object (&row->name);
  g_clear_pointer (&row->ships, g_free);
}

void
_admiralty_sector_card_free (Card *card)
{
  g_clear_object (&card->name);
  g_clear_pointer (&card->rows, g_array_unref);
  g_free (card->key);
  g_free (card);
}

/* The card's formations and marks, each with its ships, as many as have a row: what its rows
 * say, before any of it is shaped. */
static void
card_pick_rows (Card                         *card,
                AdmScenario                  *scenario,
                const AdmiraltySectorOptions *options,
                const AdmSector              *sector)
{
  g_autoptr(GPtrArray) here = admiralty_sector_formations_in (scenario, options, sector);
  g_autoptr(GPtrArray) ghosts = admiralty_sector_last_seen_in (scenario, options, sector);
  guint count = here->len + ghosts->len;
  guint named = count <= CARD_ROWS ? count : CARD_ROWS - 1;

  for (guint i = 0; i < named; i++)
    {
      CardRow row = { 0 };

      row.ghost = i >= here->len;
      row.formation = row.ghost
                      ? ((AdmSighting *) g_ptr_array_index (ghosts, i - here->len))->formation
                      : g_ptr_array_index (here, i);
      if (!row.ghost)
        row.ships = _admiralty_sector_ship_count_text (scenario, options, row.formation);
      g_array_append_val (card->rows, row);
    }
  card->more = count - named;
}

/* The widths the card can take: at least its longest word's (card->least_width), up to its
 * longest row's whole line (card->line_width). */
static void
card_measure_rows (Card         *card,
                   PangoContext *context,
                   const char   *name)
{
  card->least_width = MAX (NODE_W, widest_word (context, name, TRUE, FALSE, NAME_FONT_SIZE) +
                                   2 * NAME_INSET);
  for (guint i = 0; i < card->rows->len; i++)
    {
      CardRow *row = &g_array_index (card->rows, CardRow, i);
      g_autoptr(PangoLayout) line = NULL;

      row->fixed = 2 * NODE_INSET + MARKER_SIZE + LABEL_GAP + ships_room (context, row);
      line = text_layout (context, row->formation->name, FALSE, row->ghost, LABEL_FONT_SIZE, -1);
      card->line_width = MAX (card->line_width, row->fixed + layout_width (line));
      card->least_width = MAX (card->least_width,
                               row->fixed + widest_word (context, row->formation->name, FALSE,
                                                         row->ghost, LABEL_FONT_SIZE));
    }
}

/* Everything the card's shape depends on, with @sector's id, in one string: two cards with
 * the same key are laid out alike at the same @widest. */
static char *
card_key (const Card      *card,
          const AdmSector *sector,
          double           widest)
{
  GString *key = g_string_new (NULL);

  g_string_append_printf (key, "%a\x1e", widest);
  g_string_append (key, sector->id);
  g_string_append_c (key, '\x1e');
  g_string_append (key, sector->name);
  for (guint i = 0; i < card->rows->len; i++)
    {
      const CardRow *row = &g_array_index (card->rows, CardRow, i);

      g_string_append_c (key, '\x1f');
      g_string_append (key, row->formation->name);
      g_string_append_c (key, '\x1f');
      g_string_append (key, row->ships != NULL ? row->ships : "");
      g_string_append (key, row->ghost ? "\x1f" "1" : "\x1f" "0");
    }
  g_string_append_printf (key, "\x1f+%u", card->more);
  return g_string_free (key, FALSE);
}

/* The card's width when it may take up to @widest px for its rows' whole lines, and past it
 * for a word longer than its row. */
static double
card_width (const Card *card,
            double      widest)
{
  return ceil (MAX (card->least_width, MIN (card->line_width, widest)));
}

/* The card's name and rows laid out in its width @width, and its height from them. */
static void
card_lay_out (Card         *card,
              PangoContext *context,
              const char   *name,
              double        width)
{
  PangoRectangle logical;
  double top;

  card->size.width = width;
  /* The name centred in the block above the position, which grows for a third line. */
  g_clear_object (&card->name);
  card->name = text_layout (context, name, TRUE, FALSE, NAME_FONT_SIZE,
                            card->size.width - 2 * NAME_INSET);
  pango_layout_set_alignment (card->name, PANGO_ALIGN_CENTER);
  pango_layout_get_extents (card->name, NULL, &logical);
  card->size.above = MAX (NODE_ABOVE, ceil (NAME_TOP_PAD + logical.height / (double) PANGO_SCALE +
                                            NAME_BOTTOM_PAD));
  card->name_top = NAME_TOP_PAD + (card->size.above - NAME_TOP_PAD - NAME_BOTTOM_PAD -
                                   logical.height / (double) PANGO_SCALE) / 2;

  /* Under the objects' row, a row a formation, as many lines as its name needs. */
  top = card->size.above + FORMATION_ROW_Y - LINE_STRIDE / 2;
  for (guint i = 0; i < card->rows->len; i++)
    {
      CardRow *row = &g_array_index (card->rows, CardRow, i);

      g_clear_object (&row->name);
      row->name = text_layout (context, row->formation->name, FALSE, row->ghost, LABEL_FONT_SIZE,
                               card->size.width - row->fixed);
      row->top = top;
      row->height = LINE_STRIDE + (pango_layout_get_line_count (row->name) - 1) * WRAP_STRIDE;
      top += row->height;
    }
  card->more_top = top;
  if (card->more > 0)
    top += LINE_STRIDE;
  /* Room for a row even with none: a card keeps its shape. */
  top = MAX (top, card->size.above + FORMATION_ROW_Y + LINE_STRIDE / 2);
  card->size.height = ceil (top + ROWS_BOTTOM_PAD);
}

/* @sector's card with its rows, not yet shaped, and its key for @widest. */
static Card *
card_gather (AdmScenario                  *scenario,
             const AdmiraltySectorOptions *options,
             const AdmSector              *sector,
             double                        widest)
{
  Card *card = g_new0 (Card, 1);

  card->rows = g_array_new (FALSE, TRUE, sizeof (CardRow));
  g_array_set_clear_func (card->rows, (GDestroyNotify) card_row_clear);
  card_pick_rows (card, scenario, options, sector);
  card->key = card_key (card, sector, widest);
  return card;
}

/* @card shaped and laid out in @context, up to @widest px wide for its rows' whole lines. */
static void
card_shape (Card            *card,
            PangoContext    *context,
            const AdmSector *sector,
            double           widest)
{
  card_measure_rows (card, context, sector->name);
  card_lay_out (card, context, sector->name, card_width (card, widest));
}

Card *
_admiralty_sector_card_new (AdmScenario                  *scenario,
                            const AdmiraltySectorOptions *options,
                            const AdmSector              *sector,
                            double                        widest)
{
  PangoContext *context = card_context ();
  Card *card = card_gather (scenario, options, sector, widest);

  card_shape (card, context, sector, widest);
  g_object_unref (context);
  return card;
}

/* @fresh's formations given to @kept, a card with the same key: the same rows in the same
 * order, whose formations may be another scenario's objects of the same names. */
static void
card_take_formations (Card       *kept,
                      const Card *fresh)
{
  for (guint i = 0; i < kept->rows->len; i++)
    g_array_index (kept->rows, CardRow, i).formation =
      g_array_index (fresh->rows, CardRow, i).formation;
}

/* The width a card is allowed for its rows' whole lines at widening @step of a fit. */
static double
step_width (guint step)
{
  return NODE_W * (1 + step / 8.0);
}

/* The widening step @widths gives @sector, 0 when it names none. */
static guint
sector_step (GHashTable      *widths,
             const AdmSector *sector)
{
  return widths != NULL ? GPOINTER_TO_UINT (g_hash_table_lookup (widths, sector->id)) : 0;
}

/* Each sector's card, each up to @widest px wide (or to its step of @widths when @widest is
 * negative) for its rows' whole lines. A card of @previous (a table these functions made,
 * taken and freed here; or NULL) with the same key is kept rather than shaped again. */
static GHashTable *
cards_measure (AdmScenario                  *scenario,
               const AdmiraltySectorOptions *options,
               double                        widest,
               GHashTable                   *widths,
               GHashTable                   *previous)
{
  GHashTable *cards = g_hash_table_new_full (NULL, NULL, NULL,
                                             (GDestroyNotify) _admiralty_sector_card_free);
  g_autoptr(GHashTable) kept = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                                      (GDestroyNotify) _admiralty_sector_card_free);
  GPtrArray *sectors = adm_scenario_get_sectors (scenario);
  PangoContext *context = NULL;

  /* Keyed by what they show: @previous's keys may be sectors of a scenario gone since. */
  if (previous != NULL)
    {
      GHashTableIter iter;
      Card *card;

      g_hash_table_iter_init (&iter, previous);
      while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &card))
        {
          g_hash_table_iter_steal (&iter);
          g_hash_table_replace (kept, card->key, card);
        }
      g_hash_table_unref (previous);
    }
  for (guint i = 0; i < sectors->len; i++)
    {
      const AdmSector *sector = g_ptr_array_index (sectors, i);
      double width = widest >= 0 ? widest : step_width (sector_step (widths, sector));
      g_autoptr(Card) fresh = card_gather (scenario, options, sector, width);
      Card *card = g_hash_table_lookup (kept, fresh->key);

      if (card != NULL)
        {
          g_hash_table_steal (kept, fresh->key);
          card_take_formations (card, fresh);
        }
      else
        {
          if (context == NULL)
            context = card_context ();
          card_shape (fresh, context, sector, width);
          card = g_steal_pointer (&fresh);
        }
      g_hash_table_insert (cards, (gpointer) sector, card);
    }
  g_clear_object (&context);
  return cards;
}

GHashTable *
admiralty_sector_cards_measure (AdmScenario                  *scenario,
                                const AdmiraltySectorOptions *options)
{
  return admiralty_sector_cards_measure_at (scenario, options, NULL);
}

GHashTable *
admiralty_sector_cards_measure_at (AdmScenario                  *scenario,
                                   const AdmiraltySectorOptions *options,
                                   GHashTable                   *widths)
{
  return admiralty_sector_cards_measure_again (scenario, options, widths, NULL);
}

GHashTable *
admiralty_sector_cards_measure_again (AdmScenario                  *scenario,
                                      const AdmiraltySectorOptions *options,
                                      GHashTable                   *widths,
                                      GHashTable                   *previous)
{
  AdmiraltySectorOptions defaults;

  g_return_val_if_fail (ADM_IS_SCENARIO (scenario), NULL);

  return cards_measure (scenario, _admiralty_sector_options_or_defaults (options, &defaults),
                        -1, widths, previous);
}

char *
admiralty_sector_cards_text (AdmScenario *scenario,
                             GHashTable  *cards)
{
  GPtrArray *sectors;
  GString *text = g_string_new (NULL);

  g_return_val_if_fail (ADM_IS_SCENARIO (scenario), NULL);
  g_return_val_if_fail (cards != NULL, NULL);

  sectors = adm_scenario_get_sectors (scenario);
  for (guint i = 0; i < sectors->len; i++)
    {
      const AdmSector *sector = g_ptr_array_index (sectors, i);
      const Card *card = g_hash_table_lookup (cards, sector);

      g_string_append (text, sector->id);
      g_string_append_c (text, '\x1e');
      g_string_append (text, pango_layout_get_text (card->name));
      for (guint r = 0; r < card->rows->len; r++)
        {
          const CardRow *row = &g_array_index (card->rows, CardRow, r);

          g_string_append_c (text, '\x1f');
          g_string_append (text, pango_layout_get_text (row->name));
          g_string_append_c (text, '\x1f');
          g_string_append (text, row->ships != NULL ? row->ships : "");
          g_string_append (text, row->ghost ? "\x1f" "1" : "\x1f" "0");
        }
      g_string_append_printf (text, "\x1f+%u\x1d", card->more);
    }
  return g_string_free (text, FALSE);
}

/* How well @view, fitted to the cards of @steps (each sector's widening; @sizes[k * n + i] is
 * sector i's card at widening k), holds them: better the fewer pairs of cards too near each
 * other (ADMIRALTY_SECTOR_CARD_GAP), then the larger the type, then the wider the cards (their
 * rows in fewer lines). */
static double
cards_score (AdmiraltySectorView     *view,
             AdmScenario             *scenario,
             AdmiraltySectorCardSize *sizes,
             const guint             *steps)
{
  GPtrArray *sectors = adm_scenario_get_sectors (scenario);
  g_autoptr(GHashTable) cards = g_hash_table_new (NULL, NULL);
  g_autofree cairo_rectangle_t *rects = NULL;
  double near = 0, wide = 0, gap;

  for (guint i = 0; i < sectors->len; i++)
    g_hash_table_insert (cards, g_ptr_array_index (sectors, i),
                         &sizes[steps[i] * sectors->len + i]);
  view->cards = cards;
  admiralty_sector_view_fit_apart (view, scenario);
  rects = admiralty_sector_node_rects (view, scenario);
  gap = ADMIRALTY_SECTOR_CARD_GAP * view->zoom;
  for (guint i = 0; i < sectors->len; i++)
    {
      wide += steps[i];
      for (guint j = i + 1; j < sectors->len; j++)
        {
          const cairo_rectangle_t *a = &rects[i], *b = &rects[j];
          double across, down;

          if (!admiralty_sector_rects_near (a, b, gap))
            continue;
          across = MIN (a->x + a->width, b->x + b->width) - MAX (a->x, b->x) + gap;
          down = MIN (a->y + a->height, b->y + b->height) - MAX (a->y, b->y) + gap;
          near += 1 + MIN (across, down) / 100;
        }
    }
  view->cards = NULL;
  return -1000 * near + 100 * view->zoom + wide / (CARD_WIDENINGS * sectors->len + 1.0);
}

/* From @steps, each card in turn given the width that does most good with the others' as they
 * are, sweep after sweep while a sweep changes one (at most four); leaves the widths reached
 * in @steps. */
static void
cards_climb (const AdmiraltySectorView *view,
             AdmScenario               *scenario,
             AdmiraltySectorCardSize   *sizes,
             guint                     *steps)
{
  GPtrArray *sectors = adm_scenario_get_sectors (scenario);
  AdmiraltySectorView trial = *view;
  double score = cards_score (&trial, scenario, sizes, steps);
  gboolean changed = TRUE;

  for (guint sweep = 0; changed && sweep < 4; sweep++)
    {
      changed = FALSE;
      for (guint i = 0; i < sectors->len; i++)
        {
          guint was = steps[i], best_step = was;

          for (guint k = 0; k < CARD_WIDENINGS; k++)
            {
              double trial_score;

              /* A widening that leaves the card as it is changes nothing. */
              if (k == was ||
                  sizes[k * sectors->len + i].width == sizes[was * sectors->len + i].width)
                continue;
              steps[i] = k;
              trial = *view;
              trial_score = cards_score (&trial, scenario, sizes, steps);
              if (trial_score > score)
                score = trial_score, best_step = k;
            }
          steps[i] = best_step;
          changed |= best_step != was;
        }
    }
}

/* How many cards' sizes a table of admiralty_sector_card_sizes_new () keeps at most: a
 * campaign's sectors in every state a replay steps through, many times over; past it the
 * table starts again. */
#define CARD_SIZES_KEPT 4096

GHashTable *
admiralty_sector_card_sizes_new (void)
{
  return g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

/* @sector's card's size at each widening, in sizes[k * n + i] for k < CARD_WIDENINGS: from
 * @kept when it holds the card's text, else laid out in @context (made on first need) and
 * kept there. */
static void
card_sizes (AdmScenario                  *scenario,
            const AdmiraltySectorOptions *options,
            const AdmSector              *sector,
            guint                         i,
            guint                         n,
            AdmiraltySectorCardSize      *sizes,
            GHashTable                   *kept,
            PangoContext                **context)
{
  g_autoptr(Card) card = card_gather (scenario, options, sector, step_width (0));
  const AdmiraltySectorCardSize *known = kept != NULL ? g_hash_table_lookup (kept, card->key)
                                                      : NULL;
  AdmiraltySectorCardSize *each;

  if (known != NULL)
    {
      for (guint k = 0; k < CARD_WIDENINGS; k++)
        sizes[k * n + i] = known[k];
      return;
    }
  /* The card's text measured once; laid out again only for a widening that changes its
   * width. */
  if (*context == NULL)
    *context = card_context ();
  card_measure_rows (card, *context, sector->name);
  for (guint k = 0; k < CARD_WIDENINGS; k++)
    {
      double width = card_width (card, step_width (k));

      if (k == 0 || width != card->size.width)
        card_lay_out (card, *context, sector->name, width);
      sizes[k * n + i] = card->size;
    }
  if (kept == NULL)
    return;
  if (g_hash_table_size (kept) >= CARD_SIZES_KEPT)
    g_hash_table_remove_all (kept);
  each = g_new (AdmiraltySectorCardSize, CARD_WIDENINGS);
  for (guint k = 0; k < CARD_WIDENINGS; k++)
    each[k] = sizes[k * n + i];
  g_hash_table_insert (kept, g_strdup (card->key), each);
}

GHashTable *
admiralty_sector_cards_fit_widths (const AdmiraltySectorView    *view,
                                   AdmScenario                  *scenario,
                                   const AdmiraltySectorOptions *options)
{
  return admiralty_sector_cards_fit_widths_kept (view, scenario, options, NULL);
}

GHashTable *
admiralty_sector_cards_fit_widths_kept (const AdmiraltySectorView    *view,
                                        AdmScenario                  *scenario,
                                        const AdmiraltySectorOptions *options,
                                        GHashTable                   *kept)
{
  AdmiraltySectorOptions defaults;
  PangoContext *context = NULL;
  GPtrArray *sectors;
  g_autofree guint *steps = NULL;
  g_autofree AdmiraltySectorCardSize *sizes = NULL;
  GHashTable *widths;
  guint n;

  g_return_val_if_fail (view != NULL, NULL);
  g_return_val_if_fail (ADM_IS_SCENARIO (scenario), NULL);

  options = _admiralty_sector_options_or_defaults (options, &defaults);
  sectors = adm_scenario_get_sectors (scenario);
  n = sectors->len;
  steps = g_new0 (guint, n);
  sizes = g_new (AdmiraltySectorCardSize, CARD_WIDENINGS * MAX (n, 1));
  for (guint i = 0; i < n; i++)
    card_sizes (scenario, options, g_ptr_array_index (sectors, i), i, n, sizes, kept, &context);
  g_clear_object (&context);
  /* From every card at the default width. */
  cards_climb (view, scenario, sizes, steps);
  widths = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; i < n; i++)
    if (steps[i] > 0)
      g_hash_table_insert (widths, g_strdup (((AdmSector *) g_ptr_array_index (sectors, i))->id),
                           GUINT_TO_POINTER (steps[i]));
  return widths;
}

GHashTable *
admiralty_sector_cards_fit_apart (AdmiraltySectorView          *view,
                                  AdmScenario                  *scenario,
                                  const AdmiraltySectorOptions *options)
{
  g_autoptr(GHashTable) widths = NULL;
  GHashTable *result;

  g_return_val_if_fail (view != NULL, NULL);
  g_return_val_if_fail (ADM_IS_SCENARIO (scenario), NULL);

  widths = admiralty_sector_cards_fit_widths (view, scenario, options);
  result = admiralty_sector_cards_measure_at (scenario, options, widths);
  view->cards = result;
  admiralty_sector_view_fit_apart (view, scenario);
  return result;
}

const AdmiraltySectorView *
_admiralty_sector_sized_view (const AdmiraltySectorView    *view,
                              AdmScenario                  *scenario,
                              const AdmiraltySectorOptions *options,
                              AdmiraltySectorView          *copy,
                              GHashTable                  **owned)
{
  *owned = NULL;
  if (view->cards != NULL)
    return view;
  *copy = *view;
  copy->cards = *owned = admiralty_sector_cards_measure (scenario, options);
  return copy;
}

const Card *
_admiralty_sector_card (const AdmiraltySectorView *view,
                        const AdmSector           *sector)
{
  return g_hash_table_lookup (view->cards, sector);
}

void
_admiralty_sector_record (Frame                    *frame,
                          const AdmSector          *sector,
                          const AdmFormation       *formation,
                          AdmiraltySectorLabelKind  kind,
                          const char               *text,
                          double                    font_size,
                          const cairo_rectangle_t  *box)
{
  double zoom = frame->zoom;
  AdmiraltySectorLabel label = {
    sector, formation, g_strdup (text), font_size * zoom,
    { box->x * zoom, box->y * zoom, box->width * zoom, box->height * zoom }, kind
  };

  if (frame->labels == NULL)
    {
      g_free (label.text);
      return;
    }
  g_array_append_val (frame->labels, label);
}

/* Each line of @layout drawn and recorded, its left edge at @x plus its own offset (its
 * alignment): from @top in the layout's own spacing (@stride 0), else the first line's middle
 * LINE_STRIDE / 2 below @top and a line every @stride px. */
static void
show_lines (Frame                    *frame,
            PangoLayout              *layout,
            double                    x,
            double                    top,
            double                    stride,
            const AdmSector          *sector,
            const AdmFormation       *formation,
            double                    font_size)
{
  PangoLayoutIter *iter = pango_layout_get_iter (layout);
  const char *text = pango_layout_get_text (layout);
  guint index = 0;

  do
    {
      PangoLayoutLine *line = pango_layout_iter_get_line_readonly (iter);
      PangoRectangle logical;
      g_autofree char *words = g_strndup (text + line->start_index, line->length);
      cairo_rectangle_t box;
      double baseline;

      pango_layout_iter_get_line_extents (iter, NULL, &logical);
      if (stride > 0)
        {
          PangoRectangle own;

          pango_layout_line_get_extents (line, NULL, &own);
          /* The line's middle on its stride's: ascent and descent balanced about it. */
          baseline = round (top + LINE_STRIDE / 2 - (own.y + own.height / 2.0) / PANGO_SCALE) +
                     index * stride;
          box = (cairo_rectangle_t) { x + logical.x / (double) PANGO_SCALE,
                                      baseline + own.y / (double) PANGO_SCALE,
                                      logical.width / (double) PANGO_SCALE,
                                      own.height / (double) PANGO_SCALE };
        }
      else
        {
          baseline = round (top + pango_layout_iter_get_baseline (iter) / (double) PANGO_SCALE);
          box = (cairo_rectangle_t) { x + logical.x / (double) PANGO_SCALE,
                                      top + logical.y / (double) PANGO_SCALE,
                                      logical.width / (double) PANGO_SCALE,
                                      logical.height / (double) PANGO_SCALE };
        }
      cairo_move_to (frame->cr, box.x, baseline);
      pango_cairo_show_layout_line (frame->cr, line);
      _admiralty_sector_record (frame, sector, formation, ADMIRALTY_SECTOR_LABEL_NAME,
                                g_strchomp (words), font_size, &box);
      if (frame->labels != NULL)
        g_array_index (frame->labels, AdmiraltySectorLabel, frame->labels->len - 1).cut =
          pango_layout_is_ellipsized (layout) ||
          (pango_layout_get_width (layout) >= 0 && logical.width > pango_layout_get_width (layout));
      index++;
    }
  while (pango_layout_iter_next_line (iter));
  pango_layout_iter_free (iter);
}

void
_admiralty_sector_draw_card_text (Frame                   *frame,
                                  const AdmSector         *sector,
                                  const Card              *card,
                                  const cairo_rectangle_t *rect)
{
  cairo_t *cr = frame->cr;
  double right = rect->x + rect->width - NODE_INSET;

  _admiralty_sector_set_rgb (cr, TEXT_RGB);
  show_lines (frame, card->name, rect->x + NAME_INSET, rect->y + card->name_top, 0, sector, NULL,
              NAME_FONT_SIZE);
  for (guint i = 0; i < card->rows->len; i++)
    {
      const CardRow *row = &g_array_index (card->rows, CardRow, i);
      double left = floor (rect->x + NODE_INSET) + MARKER_SIZE + LABEL_GAP;

      show_lines (frame, row->name, round (left), rect->y + row->top, WRAP_STRIDE, sector,
                  row->formation, LABEL_FONT_SIZE);
      if (row->ships != NULL)
        {
          g_autoptr(PangoLayout) ships = text_layout (pango_layout_get_context (row->name),
                                                      row->ships, FALSE, FALSE,
                                                      LABEL_FONT_SIZE, -1);
          PangoLayoutLine *line = pango_layout_get_line_readonly (ships, 0);
          PangoRectangle logical;
          cairo_rectangle_t box;
          double baseline;

          pango_layout_line_get_extents (line, NULL, &logical);
          baseline = round (rect->y + row->top + LINE_STRIDE / 2 -
                            (logical.y + logical.height / 2.0) / PANGO_SCALE);
          box = (cairo_rectangle_t) { round (right - logical.width / (double) PANGO_SCALE),
                                      baseline + logical.y / (double) PANGO_SCALE,
                                      logical.width / (double) PANGO_SCALE,
                                      logical.height / (double) PANGO_SCALE };
          cairo_move_to (cr, box.x, baseline);
          pango_cairo_show_layout_line (cr, line);
          _admiralty_sector_record (frame, sector, row->formation, ADMIRALTY_SECTOR_LABEL_SHIPS,
                                    row->ships, LABEL_FONT_SIZE, &box);
        }
    }
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
  AdmiraltySectorView inner, sized;
  g_autoptr(GHashTable) cards = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;
  GArray *labels;
  double zoom;

  g_return_val_if_fail (view != NULL, NULL);
  g_return_val_if_fail (ADM_IS_SCENARIO (scenario), NULL);

  options = _admiralty_sector_options_or_defaults (options, &defaults);
  admiralty_sector_view_unzoomed (view, &inner);
  zoom = admiralty_sector_view_get_zoom (view);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cr = cairo_create (surface);
  labels = transit_labels (cr, _admiralty_sector_sized_view (&inner, scenario, options, &sized,
                                                             &cards),
                           scenario, options);
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
      _admiralty_sector_record (frame, NULL, label->formation, ADMIRALTY_SECTOR_LABEL_NAME,
                                label->text, label->font_size, &label->rect);
    }
  cairo_restore (cr);
}

