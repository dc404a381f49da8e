/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-sector-map.c: the strategic sector map widget. The drawing is the sector
 * renderer's; this file keeps the view in step with the allocation and turns pointer, touch
 * and keyboard input into view changes, hover, selection and activation. */

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "admiralty-sector-map.h"
#include "admiralty-sector-renderer-private.h"
#include "admiralty-sector-wall.h"
#include "admiralty-table-tiles.h"
#include "admiralty-zoom-pan.h"
#include "adm-audience.h"

#define PAN_STEP               64.0  /* px Ctrl and an arrow key move the map */
#define FOCUS_MARGIN           12.0  /* px kept between the focused card and the map's edge */
#define FOCUS_RING_RGB     0x78aeed  /* the keyboard focus ring: Adwaita's light accent blue */
/* The sides palette: blue and light blue against orange, apart by ΔE 38 or more (CIE76) to
 * normal, protanopic and deuteranopic eyes alike (adm-colour-vision.h). */
#define SIDES_OWN_COLOUR    "#1f6fd1"
#define SIDES_ALLIED_COLOUR "#62c3f0"
#define SIDES_ENEMY_COLOUR  "#e8780c"
#define MIN_WIDTH             120
#define MIN_HEIGHT             90
#define NATURAL_WIDTH         640
#define NATURAL_HEIGHT        400

struct _AdmiraltySectorMap
{
  GtkWidget            parent_instance;

  AdmScenario         *scenario;
  AdmCampaign         *campaign;       /* where the formations are now, or NULL */
  GSignalGroup        *campaign_signals;
  AdmState            *past;           /* a moment of the campaign's past shown, or NULL */
  AdmiraltySectorAudience audience;
  char                *viewer;         /* faction id, for ADMIRALTY_SECTOR_AUDIENCE_SIDE */
  double               ui_scale;       /* cards and type this many times their size */
  double               max_ui_scale;   /* > 0: ui_scale follows the size, up to this */
  char                *selected_sector;
  char                *hovered_sector;
  char                *focus_sector;   /* the card the arrow keys have reached, or NULL */
  gboolean             show_legend;
  gboolean             wall;           /* the projector's layout */
  AdmiraltySectorWall *wall_layout;    /* that layout kept from frame to frame, or NULL */
  GdkFrameClock       *frame_clock;    /* the window's, while realized */
  gulong               before_paint_id, after_paint_id;
  gboolean             hidden;         /* unmapped since the last frame painted: its tiles
                                        * are given back once that frame is */
  guint                give_back_id;   /* the idle that gives them back */
  gboolean             painting;       /* between its frame's before- and after-paint: a
                                        * snapshot now is the window's frame */
  AdmiraltyTableTiles *tiles;          /* the frames' tiles (all but the wall's): what did not
                                        * change from one frame to the next is not painted
                                        * again */
  gboolean             untiled;        /* every frame drawn as vectors */
  gboolean             sides_palette;  /* own, allied and enemy in place of the factions' */
  GHashTable          *faction_colours; /* the sides palette in use, or NULL (faction_colours
                                         * of AdmiraltySectorOptions) */
  AdmiraltySectorView  view;
  GHashTable          *cards;          /* each card's size for what the map shows (view.cards) */
  GHashTable          *fit_widths;     /* sector id → the widening the last fit picked, or NULL */
  GHashTable          *card_sizes;     /* the cards' sizes every fit has laid out, by their text */
  char                *fit_key;        /* the view's size and the cards' text it was for */

  /* Fit again on the next allocation: set until the map has had a size to fit into, and
   * kept while the user has not zoomed or panned, so that a fitted map follows resizes. */
  gboolean             fitted;

  gboolean             pointer_inside;
  double               pointer_x;
  double               pointer_y;

  /* The wheel, touchpad, pinch and drags zoom and pan the view. */
  AdmiraltyZoomPan    *zoom_pan;

  /* The scenario editor's map: a press on a card drags the sector (to move it, or onto
   * another card to link the two), a click on empty space asks for a sector there. */
  gboolean             editable;
  char                *drag_sector;    /* the sector being dragged, or NULL */
  double               drag_x, drag_y; /* where the drag began, view pixels */
  double               drag_dx, drag_dy;
  gboolean             drag_moved;     /* past the drag threshold: the release is no click */
};

G_DEFINE_FINAL_TYPE (AdmiraltySectorMap, admiralty_sector_map, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_SCENARIO,
  PROP_CAMPAIGN,
  PROP_AUDIENCE,
  PROP_VIEWER,
  PROP_UI_SCALE,
  PROP_MAX_UI_SCALE,
  PROP_SELECTED_SECTOR,
  PROP_SHOW_LEGEND,
  PROP_WALL,
  PROP_EDITABLE,
  PROP_PAST,
  PROP_SIDES_PALETTE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SECTOR_ACTIVATED,
  FORMATIONS_CHANGED,
  ADD_SECTOR,
  MOVE_SECTOR,
  LINK_SECTORS,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void campaign_changed_cb (AdmiraltySectorMap *self,
                                 AdmCampaign        *campaign);
static void build_options       (AdmiraltySectorMap     *self,
                                 AdmiraltySectorOptions *options);

/* What the map shows */

/* The sides palette's colours for what the map shows now (faction_colours, NULL with the
 * palette off): "own" the faction the audience filter gives the map's audience
 * (adm_audience_palette_own ()) — a side's map its side, the public's and the master's the
 * public's first known faction — "allied" its allies, the rest "enemy". Made again whenever
 * the moment, the campaign or the audience changes. */
static void
update_palette (AdmiraltySectorMap *self)
{
  AdmiraltySectorOptions options;
  const AdmFaction *own;
  GPtrArray *factions;

  g_clear_pointer (&self->faction_colours, g_hash_table_unref);
  if (!self->sides_palette || self->scenario == NULL)
    return;
  build_options (self, &options);
  own = adm_audience_palette_own (options.strategy, self->scenario,
                                  options.audience == ADMIRALTY_SECTOR_AUDIENCE_SIDE
                                  ? options.viewer : NULL);
  factions = adm_scenario_get_factions (self->scenario);
  self->faction_colours = g_hash_table_new (NULL, NULL);
  for (guint i = 0; i < factions->len; i++)
    {
      const AdmFaction *faction = g_ptr_array_index (factions, i);

      g_hash_table_insert (self->faction_colours, (gpointer) faction,
                           faction == own ? SIDES_OWN_COLOUR
                           : own != NULL && adm_scenario_factions_allied (self->scenario, own,
                                                                          faction)
                             ? SIDES_ALLIED_COLOUR : SIDES_ENEMY_COLOUR);
    }
}

/* The renderer's options for the map as it stands; the strategy is the campaign's current
 * one, read anew each time since undo and redo replace the state. */
static void
build_options (AdmiraltySectorMap     *self,
               AdmiraltySectorOptions *options)
{
  admiralty_sector_options_init (options);
  options->selected_sector = self->selected_sector;
  options->hovered_sector = self->hovered_sector;
  if (self->campaign != NULL && adm_campaign_get_scenario (self->campaign) == self->scenario)
    {
      options->state = self->past != NULL ? self->past : adm_campaign_get_state (self->campaign);
      options->strategy = adm_state_get_strategy (options->state);
    }
  options->audience = self->audience;
  options->legend = self->show_legend;
  options->faction_colours = self->faction_colours;
  if (self->viewer != NULL && self->scenario != NULL)
    options->viewer = adm_ruleset_lookup_faction (adm_scenario_get_ruleset (self->scenario),
                                                  self->viewer);
  /* A side the ruleset lacks sees what the public sees, never more. */
  if (options->audience == ADMIRALTY_SECTOR_AUDIENCE_SIDE && options->viewer == NULL)
    options->audience = ADMIRALTY_SECTOR_AUDIENCE_PUBLIC;
}

/* Each card measured anew for what the map shows now, at the widths the last fit picked; a
 * fitted map is fitted to them, one the master has zoomed or panned keeps its view. Widths are
 * picked again (admiralty_sector_cards_fit_widths ()) only when a fitted map has a new size or
 * its cards new text: a sector moved, a selection or a formation's new orders keep them, so
 * cards do not shift under the pointer and an edit costs a measure and a fit, not a search. */
static void
update_cards (AdmiraltySectorMap *self)
{
  AdmiraltySectorOptions options;
  g_autofree char *text = NULL, *key = NULL;

  self->view.cards = NULL;
  if (self->scenario == NULL)
    {
      g_clear_pointer (&self->cards, g_hash_table_unref);
      return;
    }
  build_options (self, &options);
  self->cards = admiralty_sector_cards_measure_again (self->scenario, &options, self->fit_widths,
                                                      g_steal_pointer (&self->cards));
  self->view.cards = self->cards;
  if (!self->fitted || self->view.width <= 0 || self->view.height <= 0)
    return;
  text = admiralty_sector_cards_text (self->scenario, self->cards);
  key = g_strdup_printf ("%d %d %s", self->view.width, self->view.height, text);
  if (g_strcmp0 (key, self->fit_key) != 0)
    {
      g_clear_pointer (&self->fit_widths, g_hash_table_unref);
      if (self->card_sizes == NULL)
        self->card_sizes = admiralty_sector_card_sizes_new ();
      self->fit_widths = admiralty_sector_cards_fit_widths_kept (&self->view, self->scenario,
                                                                 &options, self->card_sizes);
      g_free (self->fit_key);
      self->fit_key = g_steal_pointer (&key);
      self->view.cards = NULL;
      self->cards = admiralty_sector_cards_measure_again (self->scenario, &options,
                                                          self->fit_widths,
                                                          g_steal_pointer (&self->cards));
      self->view.cards = self->cards;
    }
  admiralty_sector_view_fit_apart (&self->view, self->scenario);
}

/* Widget pixels to the view's, which are ui_scale times larger. */
static void
to_view (AdmiraltySectorMap *self,
         double             *x,
         double             *y)
{
  *x /= self->ui_scale;
  *y /= self->ui_scale;
}

/* State shared by every input */

static void
update_actions (AdmiraltySectorMap *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  gboolean ready = self->scenario != NULL;

  /* Scale and zoom move together: either at its limit stops the zoom that way. */
  gtk_widget_action_set_enabled (widget, "map.zoom-in",
                                 ready && self->view.scale < ADMIRALTY_SECTOR_MAX_SCALE &&
                                 self->view.zoom < ADMIRALTY_SECTOR_MAX_ZOOM);
  gtk_widget_action_set_enabled (widget, "map.zoom-out",
                                 ready && self->view.scale > ADMIRALTY_SECTOR_MIN_SCALE &&
                                 self->view.zoom > ADMIRALTY_SECTOR_MIN_ZOOM);
  gtk_widget_action_set_enabled (widget, "map.fit", ready);
  gtk_widget_action_set_enabled (widget, "map.pan", ready);
  gtk_widget_action_set_enabled (widget, "map.activate",
                                 self->selected_sector != NULL || self->focus_sector != NULL);
  gtk_widget_action_set_enabled (widget, "map.focus-move", ready);
}

static void
update_cursor (AdmiraltySectorMap *self)
{
  const char *name = NULL;

  if (self->zoom_pan != NULL && admiralty_zoom_pan_get_panning (self->zoom_pan))
    name = "grabbing";
  else if (self->hovered_sector != NULL)
    name = "pointer";
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), name);
}

static void
set_hovered (AdmiraltySectorMap *self,
             const char         *id)
{
  if (g_strcmp0 (id, self->hovered_sector) == 0)
    return;
  g_free (self->hovered_sector);
  self->hovered_sector = g_strdup (id);
  update_cursor (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The sector under the pointer changes when the map moves under a still pointer too. */
static void
update_hover (AdmiraltySectorMap *self)
{
  AdmSector *sector = NULL;

  if (self->pointer_inside && self->scenario != NULL)
    sector = admiralty_sector_at (&self->view, self->scenario, self->pointer_x, self->pointer_y);
  set_hovered (self, sector != NULL ? sector->id : NULL);
}

static void
view_changed (AdmiraltySectorMap *self)
{
  update_hover (self);
  update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Where keyboard and button zooms keep still: the pointer when it is over the map, else the
 * middle. */
static void
zoom_anchor (AdmiraltySectorMap *self,
             double             *x,
             double             *y)
{
  if (self->pointer_inside)
    {
      *x = self->pointer_x * self->ui_scale;
      *y = self->pointer_y * self->ui_scale;
    }
  else
    {
      *x = self->view.width * self->ui_scale / 2.0;
      *y = self->view.height * self->ui_scale / 2.0;
    }
}

/* Keyboard focus: the arrow keys move a focus ring from card to card, Enter selects the card
 * it is on (and, on the selected card, opens its battle), and a screen reader is told the
 * focused sector through the map's accessible name and description. */

static AdmSector *
focus_or_selected (AdmiraltySectorMap *self)
{
  const char *id = self->focus_sector != NULL ? self->focus_sector : self->selected_sector;

  return id != NULL && self->scenario != NULL ? adm_scenario_lookup_sector (self->scenario, id)
                                              : NULL;
}

static char *dup_sector_text (AdmiraltySectorMap *self,
                              const char         *id);

/* The map's accessible name says which card has the focus ("Sector map: Komarr orbit"); its
 * description reads the card as the tooltip does. */
static void
update_accessible (AdmiraltySectorMap *self)
{
  AdmSector *sector = focus_or_selected (self);
  g_autofree char *label = NULL;
  g_autofree char *text = NULL;

  if (sector == NULL)
    {
      gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, _("Sector map"),
                                      -1);
      gtk_accessible_reset_property (GTK_ACCESSIBLE (self),
                                     GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
      return;
    }
  /* Translators: the sector map's name for a screen reader, with the sector whose card has
   * the keyboard focus, "Sector map: Komarr orbit" */
  label = g_strdup_printf (_("Sector map: %s"), sector->name);
  text = dup_sector_text (self, sector->id);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text,
                                  -1);
}

/* Pans the least that shows the whole of @sector's card, a margin from the edges. */
static void
show_card (AdmiraltySectorMap *self,
           AdmSector          *sector)
{
  cairo_rectangle_t rect;
  double dx = 0, dy = 0;

  admiralty_sector_node_rect (&self->view, sector, &rect);
  if (rect.x < FOCUS_MARGIN)
    dx = FOCUS_MARGIN - rect.x;
  else if (rect.x + rect.width > self->view.width - FOCUS_MARGIN)
    dx = MAX (self->view.width - FOCUS_MARGIN - rect.x - rect.width, FOCUS_MARGIN - rect.x);
  if (rect.y < FOCUS_MARGIN)
    dy = FOCUS_MARGIN - rect.y;
  else if (rect.y + rect.height > self->view.height - FOCUS_MARGIN)
    dy = MAX (self->view.height - FOCUS_MARGIN - rect.y - rect.height, FOCUS_MARGIN - rect.y);
  if (dx == 0 && dy == 0)
    return;
  admiralty_sector_view_pan (&self->view, dx, dy);
  self->fitted = FALSE;
  view_changed (self);
}

static void
set_focus_sector (AdmiraltySectorMap *self,
                  const char         *id)
{
  if (g_strcmp0 (id, self->focus_sector) == 0)
    return;
  g_free (self->focus_sector);
  self->focus_sector = g_strdup (id);
  update_accessible (self);
  update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The ring round the focused card, drawn while the map has the focus: always on a card other
 * than the selected one, and on the selected one while the window shows where the keyboard
 * focus is (GTK stops showing it a few seconds after the last key). */
static void
draw_focus (AdmiraltySectorMap *self,
            cairo_t            *cr)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkRoot *root = gtk_widget_get_root (widget);
  AdmSector *sector = self->focus_sector != NULL
                      ? adm_scenario_lookup_sector (self->scenario, self->focus_sector) : NULL;
  double zoom = admiralty_sector_view_get_zoom (&self->view);
  cairo_rectangle_t rect;

  if (sector == NULL || !gtk_widget_has_focus (widget) || !GTK_IS_WINDOW (root))
    return;
  if (g_strcmp0 (self->focus_sector, self->selected_sector) == 0 &&
      !gtk_window_get_focus_visible (GTK_WINDOW (root)))
    return;
  admiralty_sector_node_rect (&self->view, sector, &rect);
  _admiralty_sector_rounded_rect_path (cr, &rect, -4.0 * zoom);
  _admiralty_sector_set_rgb (cr, FOCUS_RING_RGB);
  cairo_set_line_width (cr, 3.0 * zoom);
  cairo_stroke (cr);
}

/* An arrow key: the focus to the nearest card that way, from the focused card, else the
 * selected one, else the card nearest the middle of the view. */
static void
focus_move_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  AdmiraltySectorMap *self = ADMIRALTY_SECTOR_MAP (widget);
  AdmSector *from, *to = NULL;
  int dx, dy;

  if (self->scenario == NULL)
    return;
  /* Keys bound here never reach the window's own handler: it is told the keyboard is in use,
   * so that rings show. */
  if (GTK_IS_WINDOW (gtk_widget_get_root (widget)))
    gtk_window_set_focus_visible (GTK_WINDOW (gtk_widget_get_root (widget)), TRUE);
  g_variant_get (parameter, "(ii)", &dx, &dy);
  from = focus_or_selected (self);
  if (from != NULL)
    to = admiralty_sector_towards (self->scenario, from, dx, dy);
  else
    {
      GPtrArray *sectors = adm_scenario_get_sectors (self->scenario);
      double best = INFINITY;

      for (guint i = 0; i < sectors->len; i++)
        {
          AdmSector *sector = g_ptr_array_index (sectors, i);
          double x, y, distance;

          admiralty_sector_view_to_pixels (&self->view, sector->x, sector->y, &x, &y);
          distance = hypot (x - self->view.width / 2.0, y - self->view.height / 2.0);
          if (distance < best)
            {
              best = distance;
              to = sector;
            }
        }
    }
  if (to == NULL)
    {
      /* Nothing that way: the focus stays, said again. */
      gtk_widget_error_bell (widget);
      if (from != NULL && self->focus_sector == NULL)
        set_focus_sector (self, from->id);
      return;
    }
  set_focus_sector (self, to->id);
  show_card (self, to);
}

static void
focus_cb (AdmiraltySectorMap *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Tooltip */

static const char *
object_kind_label (const char *kind)
{
  if (g_strcmp0 (kind, "planet") == 0)
    return _("Planet");
  if (g_strcmp0 (kind, "station") == 0)
    return _("Station");
  if (g_strcmp0 (kind, "wormhole-exit") == 0)
    return _("Wormhole exit");
  return kind;
}

static AdmAudienceKind
audience_kind (const AdmiraltySectorOptions *options)
{
  return options->audience == ADMIRALTY_SECTOR_AUDIENCE_MASTER ? ADM_AUDIENCE_MASTER
         : options->audience == ADMIRALTY_SECTOR_AUDIENCE_SIDE ? ADM_AUDIENCE_SIDE
                                                                : ADM_AUDIENCE_PUBLIC;
}

gboolean
admiralty_sector_map_ship_count (AdmiraltySectorMap *self,
                                 const AdmFormation *formation,
                                 guint              *ships,
                                 guint              *cycle)
{
  AdmiraltySectorOptions options;

  g_return_val_if_fail (ADMIRALTY_IS_SECTOR_MAP (self), FALSE);
  g_return_val_if_fail (formation != NULL, FALSE);
  build_options (self, &options);
  return adm_audience_map_ship_count (options.strategy, self->scenario, audience_kind (&options),
                                      options.viewer, formation, ships, cycle);
}

/* A formation's line: its name and faction, and its ships as far as the audience has seen them
 * (F-STRAT-3): the public, and a side that never saw an enemy, are told no number. */
static void
append_formation (AdmiraltySectorMap *self,
                  GString            *markup,
                  const AdmFormation *formation)
{
  const char *faction = formation->faction != NULL ? formation->faction->name : "";
  guint ships = 0, cycle = 0;
  g_autofree char *line = NULL;

  if (!admiralty_sector_map_ship_count (self, formation, &ships, &cycle))
    /* Translators: a formation in a sector's tooltip on the public map: its name and its
     * faction, "Jade Squadron · Cetaganda" */
    line = g_markup_printf_escaped (_("%s · %s"), formation->name, faction);
  else if (cycle == 0)
    /* Translators: a formation in a sector's tooltip: its name, its faction and its number of
     * ships, "Jade Squadron · Cetaganda · 4 ships" */
    line = g_markup_printf_escaped (ngettext ("%s · %s · %u ship", "%s · %s · %u ships", ships),
                                    formation->name, faction, ships);
  else
    /* Translators: an enemy formation in a sector's tooltip, out of contact: its name, its
     * faction and its ships when the side last saw them, "Jade Squadron · Cetaganda · 4 ships
     * when seen in cycle 2" */
    line = g_markup_printf_escaped (ngettext ("%s · %s · %u ship when seen in cycle %u",
                                              "%s · %s · %u ships when seen in cycle %u", ships),
                                    formation->name, faction, ships, cycle);
  g_string_append_printf (markup, "\n%s", line);
}

/* A mark "last seen": "Autumn Screen · Cetagandan Empire · last seen at Hegen Hub, cycle 1
 * (4 ships)", in italics. */
static void
append_last_seen (GString           *markup,
                  const AdmSighting *sighting)
{
  const AdmFormation *formation = sighting->formation;
  g_autofree char *ships = g_strdup_printf (ngettext ("%u ship", "%u ships", sighting->ships),
                                            sighting->ships);
  g_autofree char *line = NULL;

  /* Translators: a hidden enemy formation the side no longer sees, in a sector's tooltip: its
   * name, its faction, where and in which cycle it was last seen, and its ships then */
  line = g_markup_printf_escaped (_("%s · %s · last seen at %s, cycle %u (%s)"), formation->name,
                                  formation->faction != NULL ? formation->faction->name : "",
                                  sighting->sector->name, sighting->cycle, ships);
  g_string_append_printf (markup, "\n<i>%s</i>", line);
}

char *
admiralty_sector_map_dup_tooltip_markup (AdmiraltySectorMap *self,
                                         const char         *id)
{
  AdmSector *sector;
  GPtrArray *formations;
  GString *markup;
  g_autofree char *name = NULL;

  g_return_val_if_fail (ADMIRALTY_IS_SECTOR_MAP (self), NULL);
  g_return_val_if_fail (id != NULL && self->scenario != NULL, NULL);
  sector = adm_scenario_lookup_sector (self->scenario, id);
  g_return_val_if_fail (sector != NULL, NULL);

  /* The full name: the card may have shrunk or cut it. */
  name = g_markup_printf_escaped ("<b>%s</b>", sector->name);
  markup = g_string_new (name);
  for (guint i = 0; i < sector->objects->len; i++)
    {
      const AdmSectorObject *object = g_ptr_array_index (sector->objects, i);
      g_autofree char *line = NULL;

      if (object->leads_to != NULL)
        /* Translators: a wormhole exit in a sector's tooltip and where it leads (a sector of
         * the map), "Wormhole exit: Jump point to Pol, to Pol orbit" */
        line = g_markup_printf_escaped (_("%s: %s, to %s"), object_kind_label (object->kind),
                                        object->name, object->leads_to->name);
      else
        /* Translators: an object in a sector's tooltip, "Station: Pol Six" */
        line = g_markup_printf_escaped (_("%s: %s"), object_kind_label (object->kind),
                                        object->name);
      g_string_append_printf (markup, "\n%s", line);
    }
  {
    AdmiraltySectorOptions options;
    guint shown;

    build_options (self, &options);
    shown = admiralty_sector_minefields_shown (&options, sector);
    for (guint i = 0; i < shown; i++)
      {
        const AdmMinefield *minefield = g_ptr_array_index (sector->minefields, i);
        g_autofree char *line = NULL;

        /* Translators: mines laid before the scenario starts, in a sector's tooltip on the
         * master's map, "Minefield: Cetagandan Empire, 3 mines" */
        line = g_markup_printf_escaped (ngettext ("Minefield: %s, %d mine",
                                                  "Minefield: %s, %d mines", minefield->mines),
                                        minefield->faction->name, minefield->mines);
        g_string_append_printf (markup, "\n%s", line);
      }
  }
  formations = admiralty_sector_map_list_formations (self, sector->id);
  for (guint i = 0; i < formations->len; i++)
    append_formation (self, markup, g_ptr_array_index (formations, i));
  g_ptr_array_unref (formations);
  {
    AdmiraltySectorOptions options;
    g_autoptr(GPtrArray) ghosts = NULL;

    build_options (self, &options);
    ghosts = admiralty_sector_last_seen_in (self->scenario, &options, sector);
    for (guint i = 0; i < ghosts->len; i++)
      append_last_seen (markup, g_ptr_array_index (ghosts, i));
  }
  return g_string_free (markup, FALSE);
}

/* The tooltip's words without their markup, one line each. */
static char *
dup_sector_text (AdmiraltySectorMap *self,
                 const char         *id)
{
  g_autofree char *markup = admiralty_sector_map_dup_tooltip_markup (self, id);
  char *text = NULL;

  if (!pango_parse_markup (markup, -1, 0, NULL, &text, NULL, NULL))
    return g_strdup (adm_scenario_lookup_sector (self->scenario, id)->name);
  return text;
}

static gboolean
admiralty_sector_map_query_tooltip (GtkWidget  *widget,
                                    int         x,
                                    int         y,
                                    gboolean    keyboard_mode,
                                    GtkTooltip *tooltip)
{
  AdmiraltySectorMap *self = ADMIRALTY_SECTOR_MAP (widget);
  AdmSector *sector = NULL;
  g_autofree char *markup = NULL;
  cairo_rectangle_t rect;

  if (self->scenario == NULL)
    return FALSE;
  if (keyboard_mode)
    sector = focus_or_selected (self);
  else
    sector = admiralty_sector_at (&self->view, self->scenario, x / self->ui_scale,
                                  y / self->ui_scale);
  if (sector == NULL)
    return FALSE;

  markup = admiralty_sector_map_dup_tooltip_markup (self, sector->id);
  gtk_tooltip_set_markup (tooltip, markup);
  /* The tooltip belongs to the card: moving onto the next card asks again. */
  admiralty_sector_node_rect (&self->view, sector, &rect);
  gtk_tooltip_set_tip_area (tooltip, &(GdkRectangle) {
                              (int) (rect.x * self->ui_scale), (int) (rect.y * self->ui_scale),
                              (int) (rect.width * self->ui_scale),
                              (int) (rect.height * self->ui_scale) });
  return TRUE;
}

/* Pointer and touch */

static void
zoom_cb (AdmiraltySectorMap *self,
         double              factor,
         double              x,
         double              y,
         AdmiraltyZoomPan   *zoom_pan)
{
  admiralty_sector_map_zoom_at (self, factor, x, y);
}

static void
pan_cb (AdmiraltySectorMap *self,
        double              dx,
        double              dy,
        AdmiraltyZoomPan   *zoom_pan)
{
  admiralty_sector_view_pan (&self->view, dx / self->ui_scale, dy / self->ui_scale);
  self->fitted = FALSE;
  view_changed (self);
}

static void
panning_changed_cb (AdmiraltySectorMap *self,
                    GParamSpec         *pspec,
                    AdmiraltyZoomPan   *zoom_pan)
{
  update_cursor (self);
}

static void
click_pressed_cb (AdmiraltySectorMap *self,
                  int                 n_press,
                  double              x,
                  double              y,
                  GtkGestureClick    *gesture)
{
  gtk_widget_grab_focus (GTK_WIDGET (self));
  if (n_press == 2)
    admiralty_sector_map_activate_at (self, x, y);
}

/* Selection waits for the release, so that a drag to pan does not select where it began. */
static void
click_released_cb (AdmiraltySectorMap *self,
                   int                 n_press,
                   double              x,
                   double              y,
                   GtkGestureClick    *gesture)
{
  if (n_press != 1 || admiralty_zoom_pan_get_panned (self->zoom_pan) || self->drag_moved)
    return;
  if (!admiralty_sector_map_select_at (self, x, y) && self->editable && self->scenario != NULL)
    {
      double map_x, map_y;

      to_view (self, &x, &y);
      admiralty_sector_view_to_map (&self->view, x, y, &map_x, &map_y);
      g_signal_emit (self, signals[ADD_SECTOR], 0, map_x, map_y);
    }
}

/* An editable map's card is dragged, not the map under it. */
static gboolean
deny_pan_cb (AdmiraltySectorMap *self,
             double              x,
             double              y,
             AdmiraltyZoomPan   *zoom_pan)
{
  to_view (self, &x, &y);
  return self->editable && self->scenario != NULL &&
         admiralty_sector_at (&self->view, self->scenario, x, y) != NULL;
}

static void
drag_begin_cb (AdmiraltySectorMap *self,
               double              x,
               double              y,
               GtkGestureDrag     *gesture)
{
  AdmSector *sector = NULL;

  self->drag_moved = FALSE;
  g_clear_pointer (&self->drag_sector, g_free);
  to_view (self, &x, &y);
  if (self->editable && self->scenario != NULL)
    sector = admiralty_sector_at (&self->view, self->scenario, x, y);
  if (sector == NULL)
    return;
  self->drag_sector = g_strdup (sector->id);
  self->drag_x = x;
  self->drag_y = y;
  self->drag_dx = self->drag_dy = 0.0;
}

static void
drag_update_cb (AdmiraltySectorMap *self,
                double              dx,
                double              dy,
                GtkGestureDrag     *gesture)
{
  if (self->drag_sector == NULL)
    return;
  self->drag_dx = dx / self->ui_scale;
  self->drag_dy = dy / self->ui_scale;
  if (!self->drag_moved &&
      gtk_drag_check_threshold (GTK_WIDGET (self), 0, 0, (int) dx, (int) dy))
    self->drag_moved = TRUE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Dropped on another card: a link between the two; elsewhere, the sector moves there. */
static void
drag_end_cb (AdmiraltySectorMap *self,
             double              dx,
             double              dy,
             GtkGestureDrag     *gesture)
{
  g_autofree char *id = g_steal_pointer (&self->drag_sector);
  double x, y;
  AdmSector *target, *sector;

  if (id == NULL || !self->drag_moved || self->scenario == NULL)
    {
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }
  x = self->drag_x + dx / self->ui_scale;
  y = self->drag_y + dy / self->ui_scale;
  target = admiralty_sector_at (&self->view, self->scenario, x, y);
  sector = adm_scenario_lookup_sector (self->scenario, id);
  if (target != NULL && !g_str_equal (target->id, id))
    g_signal_emit (self, signals[LINK_SECTORS], 0, id, target->id);
  else if (sector != NULL)
    {
      double px, py, map_x, map_y;

      admiralty_sector_view_to_pixels (&self->view, sector->x, sector->y, &px, &py);
      admiralty_sector_view_to_map (&self->view, px + dx / self->ui_scale,
                                    py + dy / self->ui_scale, &map_x, &map_y);
      g_signal_emit (self, signals[MOVE_SECTOR], 0, id, map_x, map_y);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* While a card is dragged: a line from it to the pointer, and a ring where it goes. */
static void
draw_drag (AdmiraltySectorMap *self,
           cairo_t            *cr)
{
  AdmSector *sector = adm_scenario_lookup_sector (self->scenario, self->drag_sector);
  double x, y, zoom = admiralty_sector_view_get_zoom (&self->view);
  double dash[] = { 6.0 * zoom, 4.0 * zoom };

  if (sector == NULL || !self->drag_moved)
    return;
  admiralty_sector_view_to_pixels (&self->view, sector->x, sector->y, &x, &y);
  cairo_set_source_rgb (cr, ((ADMIRALTY_SECTOR_SELECTION_RGB >> 16) & 0xff) / 255.0,
                        ((ADMIRALTY_SECTOR_SELECTION_RGB >> 8) & 0xff) / 255.0,
                        (ADMIRALTY_SECTOR_SELECTION_RGB & 0xff) / 255.0);
  cairo_set_line_width (cr, 2.0 * zoom);
  cairo_set_dash (cr, dash, 2, 0);
  cairo_move_to (cr, x, y);
  cairo_line_to (cr, x + self->drag_dx, y + self->drag_dy);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
  cairo_arc (cr, x + self->drag_dx, y + self->drag_dy, 8.0 * zoom, 0, 2 * G_PI);
  cairo_stroke (cr);
}

static void
motion_cb (AdmiraltySectorMap       *self,
           double                    x,
           double                    y,
           GtkEventControllerMotion *controller)
{
  admiralty_sector_map_hover_at (self, x, y);
}

static void
leave_cb (AdmiraltySectorMap       *self,
          GtkEventControllerMotion *controller)
{
  admiralty_sector_map_hover_leave (self);
}

/* Actions */

static void
zoom_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  AdmiraltySectorMap *self = ADMIRALTY_SECTOR_MAP (widget);
  double factor = g_str_equal (action_name, "map.zoom-in") ? ADMIRALTY_SECTOR_MAP_ZOOM_STEP
                                                            : 1 / ADMIRALTY_SECTOR_MAP_ZOOM_STEP;
  double x, y;

  zoom_anchor (self, &x, &y);
  admiralty_sector_map_zoom_at (self, factor, x, y);
}

static void
fit_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  admiralty_sector_map_fit (ADMIRALTY_SECTOR_MAP (widget));
}

static void
pan_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  AdmiraltySectorMap *self = ADMIRALTY_SECTOR_MAP (widget);
  double dx, dy;

  if (self->scenario == NULL)
    return;
  g_variant_get (parameter, "(dd)", &dx, &dy);
  admiralty_sector_view_pan (&self->view, dx / self->ui_scale, dy / self->ui_scale);
  self->fitted = FALSE;
  view_changed (self);
}

static void
activate_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  AdmiraltySectorMap *self = ADMIRALTY_SECTOR_MAP (widget);
  g_autofree char *id = NULL;

  /* Enter on a card the focus reached selects it; on the selected card, opens its battle. */
  if (self->focus_sector != NULL && g_strcmp0 (self->focus_sector, self->selected_sector) != 0)
    {
      admiralty_sector_map_set_selected_sector (self, self->focus_sector);
      return;
    }
  /* A copy: a handler may well change the selection. */
  id = g_strdup (self->selected_sector);
  if (id != NULL)
    g_signal_emit (self, signals[SECTOR_ACTIVATED], 0, id);
}

/* GtkWidget */

static void
admiralty_sector_map_measure (GtkWidget      *widget,
                              GtkOrientation  orientation,
                              int             for_size,
                              int            *minimum,
                              int            *natural,
                              int            *minimum_baseline,
                              int            *natural_baseline)
{
  gboolean horizontal = orientation == GTK_ORIENTATION_HORIZONTAL;

  *minimum = horizontal ? MIN_WIDTH : MIN_HEIGHT;
  *natural = horizontal ? NATURAL_WIDTH : NATURAL_HEIGHT;
}

static void
admiralty_sector_map_size_allocate (GtkWidget *widget,
                                    int        width,
                                    int        height,
                                    int        baseline)
{
  AdmiraltySectorMap *self = ADMIRALTY_SECTOR_MAP (widget);

  /* A map for a wall takes the largest type that still fits the whole map. */
  if (self->max_ui_scale > 0 && self->scenario != NULL)
    {
      double scale = admiralty_sector_view_largest_scale (self->scenario, self->cards, width,
                                                          height,
                                                          self->max_ui_scale);

      if (scale != self->ui_scale)
        {
          self->ui_scale = scale;
          self->fitted = TRUE;
          g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UI_SCALE]);
        }
    }
  /* The view's centre stays in the middle: a resize shows more or less around it. */
  self->view.width = (int) ceil (width / self->ui_scale);
  self->view.height = (int) ceil (height / self->ui_scale);
  if (self->fitted)
    update_cards (self);
  view_changed (self);
}

static void
wall_ready_cb (gpointer data)
{
  gtk_widget_queue_draw (GTK_WIDGET (data));
}

/* The wall layout at the widget's size, type sized for the window on the wall (32
 * and 26 px at 1920 × 1080); its layout kept while the map shows the same (a change of the
 * campaign the public's map does not show, or a frame drawn again, costs only the drawing).
 * The window's frame never waits for the layout search: a change the public sees is laid out
 * on a worker, the frame drawn meanwhile in the last layout found, and drawn again once the new
 * one is (admiralty_sector_wall_render_background ()). Drawn outside a frame — labels asked
 * for, a picture of the widget taken — it is laid out at once, as on paper. */
static void
render_wall (AdmiraltySectorMap           *self,
             cairo_t                      *cr,
             const AdmiraltySectorOptions *options,
             GArray                       *labels)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkWidget *root = GTK_WIDGET (gtk_widget_get_root (widget));
  double name_size, label_size;

  admiralty_sector_wall_type (root != NULL ? gtk_widget_get_width (root) : 0,
                              root != NULL ? gtk_widget_get_height (root) : 0,
                              &name_size, &label_size);
  if (self->wall_layout == NULL)
    self->wall_layout = admiralty_sector_wall_new ();
  if (self->painting && labels == NULL)
    admiralty_sector_wall_render_background (self->wall_layout, cr,
                                             gtk_widget_get_width (widget),
                                             gtk_widget_get_height (widget), name_size,
                                             label_size, self->scenario, options,
                                             wall_ready_cb, self);
  else
    admiralty_sector_wall_render (self->wall_layout, cr, gtk_widget_get_width (widget),
                                  gtk_widget_get_height (widget), name_size, label_size,
                                  self->scenario, options, labels);
}

guint
admiralty_sector_map_get_wall_foreground_layouts (AdmiraltySectorMap *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_SECTOR_MAP (self), 0);

  return self->wall_layout != NULL
         ? admiralty_sector_wall_get_foreground_layouts (self->wall_layout) : 0;
}

gboolean
admiralty_sector_map_get_wall_pending (AdmiraltySectorMap *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_SECTOR_MAP (self), FALSE);

  return self->wall_layout != NULL && admiralty_sector_wall_get_pending (self->wall_layout);
}

guint
admiralty_sector_map_get_wall_layouts (AdmiraltySectorMap *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_SECTOR_MAP (self), 0);

  return self->wall_layout != NULL ? admiralty_sector_wall_get_layouts (self->wall_layout) : 0;
}

GArray *
admiralty_sector_map_dup_wall_labels (AdmiraltySectorMap *self)
{
  GArray *labels = g_array_new (FALSE, TRUE, sizeof (AdmiraltySectorLabel));
  AdmiraltySectorOptions options;
  cairo_surface_t *surface;
  cairo_t *cr;

  g_return_val_if_fail (ADMIRALTY_IS_SECTOR_MAP (self), labels);

  if (self->scenario == NULL)
    return labels;
  build_options (self, &options);
  /* Measured, not shown: a surface of one pixel takes the texts' sizes all the same. */
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 1, 1);
  cr = cairo_create (surface);
  render_wall (self, cr, &options, labels);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return labels;
}

GArray *
admiralty_sector_map_dup_labels (AdmiraltySectorMap *self)
{
  GArray *labels = g_array_new (FALSE, TRUE, sizeof (AdmiraltySectorLabel));
  AdmiraltySectorOptions options;
  cairo_surface_t *surface;
  cairo_t *cr;

  g_return_val_if_fail (ADMIRALTY_IS_SECTOR_MAP (self), labels);

  if (self->wall)
    {
      g_array_unref (labels);
      return admiralty_sector_map_dup_wall_labels (self);
    }
  g_array_set_clear_func (labels, (GDestroyNotify) admiralty_sector_label_clear);
  if (self->scenario == NULL)
    return labels;
  build_options (self, &options);
  /* Measured, not shown: a surface of one pixel takes the texts' sizes all the same. */
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 1, 1);
  cr = cairo_create (surface);
  admiralty_sector_render_labels (cr, &self->view, self->scenario, &options, labels);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  /* In the widget's pixels. */
  for (guint i = 0; i < labels->len; i++)
    {
      AdmiraltySectorLabel *label = &g_array_index (labels, AdmiraltySectorLabel, i);

      label->font_size *= self->ui_scale;
      label->rect = (cairo_rectangle_t) { label->rect.x * self->ui_scale,
                                          label->rect.y * self->ui_scale,
                                          label->rect.width * self->ui_scale,
                                          label->rect.height * self->ui_scale };
    }
  return labels;
}

/* The map with what the pointer and the keyboard hold on it, in the widget's pixels. */
static void
render_map (AdmiraltySectorMap           *self,
            cairo_t                      *cr,
            const AdmiraltySectorOptions *options)
{
  cairo_save (cr);
  cairo_scale (cr, self->ui_scale, self->ui_scale);
  admiralty_sector_render (cr, &self->view, self->scenario, options);
  if (self->drag_sector != NULL)
    draw_drag (self, cr);
  draw_focus (self, cr);
  cairo_restore (cr);
}

static void
admiralty_sector_map_snapshot (GtkWidget   *widget,
                               GtkSnapshot *snapshot)
{
  AdmiraltySectorMap *self = ADMIRALTY_SECTOR_MAP (widget);
  AdmiraltySectorOptions options;
  graphene_rect_t bounds;
  cairo_t *cr;

  if (self->view.width <= 0 || self->view.height <= 0)
    return;
  graphene_rect_init (&bounds, 0, 0, gtk_widget_get_width (widget),
                      gtk_widget_get_height (widget));
  if (self->scenario == NULL)
    {
      GdkRGBA background = {
        ((ADMIRALTY_SECTOR_BACKGROUND_RGB >> 16) & 0xff) / 255.0f,
        ((ADMIRALTY_SECTOR_BACKGROUND_RGB >> 8) & 0xff) / 255.0f,
        (ADMIRALTY_SECTOR_BACKGROUND_RGB & 0xff) / 255.0f,
        1.0f,
      };

      admiralty_table_tiles_clear (self->tiles);
      gtk_snapshot_append_color (snapshot, &background, &bounds);
      return;
    }
  build_options (self, &options);
  /* F-STRAT-4: the master's map marks the engagements of the last cycle with their status. */
  if (options.strategy != NULL && options.audience == ADMIRALTY_SECTOR_AUDIENCE_MASTER &&
      adm_strategy_get_cycle (options.strategy) > 1)
    options.engagements =
      self->past != NULL ? adm_engagement_queue_new (self->past,
                                                     adm_strategy_get_cycle (options.strategy) - 1)
                         : adm_campaign_get_engagements (self->campaign,
                                                         adm_strategy_get_cycle (options.strategy) - 1);
  if (self->wall)
    {
      cr = gtk_snapshot_append_cairo (snapshot, &bounds);
      render_wall (self, cr, &options, NULL);
      cairo_destroy (cr);
      return;
    }
  if (self->untiled)
    {
      cr = gtk_snapshot_append_cairo (snapshot, &bounds);
      render_map (self, cr, &options);
      cairo_destroy (cr);
      g_clear_pointer (&options.engagements, g_ptr_array_unref);
      return;
    }
  /* The frame goes out as tiles, those whose pixels did not change as the nodes they were,
   * which GTK does not paint again: a step of the replay, a formation's new orders or a card
   * hovered repaints the cards they touch, not the whole map. The view covers the widget
   * (ceil () in size_allocate ()) and the renderer paints all of it, as the tiles ask. */
  cr = admiralty_table_tiles_begin (self->tiles, gtk_widget_get_width (widget),
                                    gtk_widget_get_height (widget),
                                    gtk_widget_get_scale_factor (widget));
  render_map (self, cr, &options);
  admiralty_table_tiles_end (self->tiles, cr);
  admiralty_table_tiles_append (self->tiles, snapshot);
  g_clear_pointer (&options.engagements, g_ptr_array_unref);
}

static void
before_paint_cb (AdmiraltySectorMap *self,
                 GdkFrameClock      *clock)
{
  self->painting = TRUE;
}

static gboolean
give_back_cb (gpointer data)
{
  AdmiraltySectorMap *self = data;

  self->give_back_id = 0;
  if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
    admiralty_table_tiles_clear (self->tiles);
  return G_SOURCE_REMOVE;
}

static void
after_paint_cb (AdmiraltySectorMap *self,
                GdkFrameClock      *clock)
{
  self->painting = FALSE;
  if (self->hidden && self->give_back_id == 0)
    self->give_back_id = g_idle_add_full (G_PRIORITY_LOW, give_back_cb, self, NULL);
  self->hidden = FALSE;
}

/* The window's frames, told apart from a picture of the widget taken outside them. */
static void
admiralty_sector_map_realize (GtkWidget *widget)
{
  AdmiraltySectorMap *self = ADMIRALTY_SECTOR_MAP (widget);

  GTK_WIDGET_CLASS (admiralty_sector_map_parent_class)->realize (widget);
  self->frame_clock = g_object_ref (gtk_widget_get_frame_clock (widget));
  self->before_paint_id = g_signal_connect_swapped (self->frame_clock, "before-paint",
                                                    G_CALLBACK (before_paint_cb), self);
  self->after_paint_id = g_signal_connect_swapped (self->frame_clock, "after-paint",
                                                   G_CALLBACK (after_paint_cb), self);
}

static void
admiralty_sector_map_unrealize (GtkWidget *widget)
{
  AdmiraltySectorMap *self = ADMIRALTY_SECTOR_MAP (widget);

  g_clear_signal_handler (&self->before_paint_id, self->frame_clock);
  g_clear_signal_handler (&self->after_paint_id, self->frame_clock);
  g_clear_object (&self->frame_clock);
  self->painting = FALSE;
  if (self->hidden || self->give_back_id != 0)
    admiralty_table_tiles_clear (self->tiles);
  g_clear_handle_id (&self->give_back_id, g_source_remove);
  self->hidden = FALSE;
  GTK_WIDGET_CLASS (admiralty_sector_map_parent_class)->unrealize (widget);
}

/* Hidden, the map gives back the memory of its frames' tiles in an idle after the frame that
 * hides it is painted: freeing them is not that frame's work (the replay's step from the map
 * to a battle's table). */
static void
admiralty_sector_map_unmap (GtkWidget *widget)
{
  AdmiraltySectorMap *self = ADMIRALTY_SECTOR_MAP (widget);

  if (self->frame_clock != NULL)
    self->hidden = TRUE;
  else
    admiralty_table_tiles_clear (self->tiles);
  GTK_WIDGET_CLASS (admiralty_sector_map_parent_class)->unmap (widget);
}

/* GObject */

static void
admiralty_sector_map_dispose (GObject *object)
{
  AdmiraltySectorMap *self = ADMIRALTY_SECTOR_MAP (object);

  /* A layout still being found is dropped: its end tells no one. */
  g_clear_pointer (&self->wall_layout, admiralty_sector_wall_free);
  g_clear_handle_id (&self->give_back_id, g_source_remove);

  /* Quietly: whoever listens may be going away too. */
  g_signal_group_set_target (self->campaign_signals, NULL);
  g_clear_object (&self->campaign);
  g_clear_object (&self->past);
  g_clear_object (&self->scenario);
  self->view.cards = NULL;
  g_clear_pointer (&self->cards, g_hash_table_unref);
  g_clear_pointer (&self->fit_widths, g_hash_table_unref);
  g_clear_pointer (&self->card_sizes, g_hash_table_unref);
  g_clear_pointer (&self->fit_key, g_free);

  G_OBJECT_CLASS (admiralty_sector_map_parent_class)->dispose (object);
}

static void
admiralty_sector_map_finalize (GObject *object)
{
  AdmiraltySectorMap *self = ADMIRALTY_SECTOR_MAP (object);

  g_free (self->selected_sector);
  g_free (self->hovered_sector);
  g_free (self->focus_sector);
  g_free (self->viewer);
  g_free (self->drag_sector);
  g_clear_pointer (&self->faction_colours, g_hash_table_unref);
  g_clear_pointer (&self->wall_layout, admiralty_sector_wall_free);
  g_clear_pointer (&self->tiles, admiralty_table_tiles_free);
  g_clear_object (&self->campaign_signals);
  g_clear_object (&self->zoom_pan);

  G_OBJECT_CLASS (admiralty_sector_map_parent_class)->finalize (object);
}

static void
admiralty_sector_map_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  AdmiraltySectorMap *self = ADMIRALTY_SECTOR_MAP (object);

  switch (prop_id)
    {
    case PROP_SCENARIO:
      g_value_set_object (value, self->scenario);
      break;

    case PROP_CAMPAIGN:
      g_value_set_object (value, self->campaign);
      break;

    case PROP_AUDIENCE:
      g_value_set_int (value, self->audience);
      break;

    case PROP_VIEWER:
      g_value_set_string (value, self->viewer);
      break;

    case PROP_UI_SCALE:
      g_value_set_double (value, self->ui_scale);
      break;

    case PROP_MAX_UI_SCALE:
      g_value_set_double (value, self->max_ui_scale);
      break;

    case PROP_SELECTED_SECTOR:
      g_value_set_string (value, self->selected_sector);
      break;

    case PROP_SHOW_LEGEND:
      g_value_set_boolean (value, self->show_legend);
      break;

    case PROP_WALL:
      g_value_set_boolean (value, self->wall);
      break;

    case PROP_EDITABLE:
      g_value_set_boolean (value, self->editable);
      break;

    case PROP_PAST:
      g_value_set_object (value, self->past);
      break;

    case PROP_SIDES_PALETTE:
      g_value_set_boolean (value, self->sides_palette);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
admiralty_sector_map_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  AdmiraltySectorMap *self = ADMIRALTY_SECTOR_MAP (object);

  switch (prop_id)
    {
    case PROP_SCENARIO:
      admiralty_sector_map_set_scenario (self, g_value_get_object (value));
      break;

    case PROP_CAMPAIGN:
      admiralty_sector_map_set_campaign (self, g_value_get_object (value));
      break;

    case PROP_AUDIENCE:
      admiralty_sector_map_set_audience (self, g_value_get_int (value),
                                         self->viewer);
      break;

    case PROP_VIEWER:
      admiralty_sector_map_set_audience (self, self->audience, g_value_get_string (value));
      break;

    case PROP_UI_SCALE:
      admiralty_sector_map_set_ui_scale (self, g_value_get_double (value));
      break;

    case PROP_MAX_UI_SCALE:
      self->max_ui_scale = g_value_get_double (value);
      gtk_widget_queue_allocate (GTK_WIDGET (self));
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAX_UI_SCALE]);
      break;

    case PROP_SELECTED_SECTOR:
      admiralty_sector_map_set_selected_sector (self, g_value_get_string (value));
      break;

    case PROP_SHOW_LEGEND:
      admiralty_sector_map_set_show_legend (self, g_value_get_boolean (value));
      break;

    case PROP_WALL:
      self->wall = g_value_get_boolean (value);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      break;

    case PROP_EDITABLE:
      self->editable = g_value_get_boolean (value);
      break;

    case PROP_SIDES_PALETTE:
      admiralty_sector_map_set_sides_palette (self, g_value_get_boolean (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
add_key_bindings (GtkWidgetClass *widget_class)
{
  static const guint zoom_in_keys[] = { GDK_KEY_plus, GDK_KEY_equal, GDK_KEY_KP_Add };
  static const guint zoom_out_keys[] = { GDK_KEY_minus, GDK_KEY_KP_Subtract };
  /* As on the tactical table: + and − with or without Ctrl zoom, 0 fits (Home too). */
  static const guint fit_keys[] = { GDK_KEY_0, GDK_KEY_KP_0, GDK_KEY_Home, GDK_KEY_KP_Home };
  static const guint activate_keys[] = { GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter,
                                         GDK_KEY_space, GDK_KEY_KP_Space };
  static const struct { guint keyval; int dx, dy; } arrows[] = {
    { GDK_KEY_Left, -1, 0 }, { GDK_KEY_Right, 1, 0 }, { GDK_KEY_Up, 0, -1 }, { GDK_KEY_Down, 0, 1 },
    { GDK_KEY_KP_Left, -1, 0 }, { GDK_KEY_KP_Right, 1, 0 }, { GDK_KEY_KP_Up, 0, -1 },
    { GDK_KEY_KP_Down, 0, 1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (zoom_in_keys); i++)
    {
      gtk_widget_class_add_binding_action (widget_class, zoom_in_keys[i], 0, "map.zoom-in",
                                           NULL);
      gtk_widget_class_add_binding_action (widget_class, zoom_in_keys[i], GDK_CONTROL_MASK,
                                           "map.zoom-in", NULL);
    }
  for (guint i = 0; i < G_N_ELEMENTS (zoom_out_keys); i++)
    {
      gtk_widget_class_add_binding_action (widget_class, zoom_out_keys[i], 0, "map.zoom-out",
                                           NULL);
      gtk_widget_class_add_binding_action (widget_class, zoom_out_keys[i], GDK_CONTROL_MASK,
                                           "map.zoom-out", NULL);
    }
  for (guint i = 0; i < G_N_ELEMENTS (fit_keys); i++)
    {
      gtk_widget_class_add_binding_action (widget_class, fit_keys[i], 0, "map.fit", NULL);
      gtk_widget_class_add_binding_action (widget_class, fit_keys[i], GDK_CONTROL_MASK,
                                           "map.fit", NULL);
    }
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_l, 0, "map.show-legend", NULL);
  for (guint i = 0; i < G_N_ELEMENTS (activate_keys); i++)
    gtk_widget_class_add_binding_action (widget_class, activate_keys[i], 0, "map.activate",
                                         NULL);
  for (guint i = 0; i < G_N_ELEMENTS (arrows); i++)
    {
      /* An arrow moves the focus to the next card that way. */
      gtk_widget_class_add_binding_action (widget_class, arrows[i].keyval, 0, "map.focus-move",
                                           "(ii)", arrows[i].dx, arrows[i].dy);
      /* Ctrl and an arrow show more of the map on its side: the map moves the other way. */
      gtk_widget_class_add_binding_action (widget_class, arrows[i].keyval, GDK_CONTROL_MASK,
                                           "map.pan", "(dd)", -arrows[i].dx * PAN_STEP,
                                           -arrows[i].dy * PAN_STEP);
    }
}

static void
admiralty_sector_map_class_init (AdmiraltySectorMapClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = admiralty_sector_map_dispose;
  object_class->finalize = admiralty_sector_map_finalize;
  object_class->get_property = admiralty_sector_map_get_property;
  object_class->set_property = admiralty_sector_map_set_property;

  widget_class->measure = admiralty_sector_map_measure;
  widget_class->size_allocate = admiralty_sector_map_size_allocate;
  widget_class->snapshot = admiralty_sector_map_snapshot;
  widget_class->realize = admiralty_sector_map_realize;
  widget_class->unrealize = admiralty_sector_map_unrealize;
  widget_class->unmap = admiralty_sector_map_unmap;
  widget_class->query_tooltip = admiralty_sector_map_query_tooltip;

  properties[PROP_SCENARIO] =
    g_param_spec_object ("scenario", NULL, NULL,
                         ADM_TYPE_SCENARIO,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAMPAIGN] =
    g_param_spec_object ("campaign", NULL, NULL,
                         ADM_TYPE_CAMPAIGN,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* An AdmiraltySectorAudience. */
  properties[PROP_AUDIENCE] =
    g_param_spec_int ("audience", NULL, NULL,
                      ADMIRALTY_SECTOR_AUDIENCE_MASTER, ADMIRALTY_SECTOR_AUDIENCE_PUBLIC,
                      ADMIRALTY_SECTOR_AUDIENCE_MASTER,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_VIEWER] =
    g_param_spec_string ("viewer", NULL, NULL,
                         NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_UI_SCALE] =
    g_param_spec_double ("ui-scale", NULL, NULL,
                         0.5, 8.0, 1.0,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* 0: "ui-scale" as set; else the largest up to this at which the fitted map's cards do not
   * overlap, recomputed on every resize. */
  properties[PROP_MAX_UI_SCALE] =
    g_param_spec_double ("max-ui-scale", NULL, NULL,
                         0.0, 8.0, 0.0,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SELECTED_SECTOR] =
    g_param_spec_string ("selected-sector", NULL, NULL,
                         NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The projector's layout for a wall: no cards, the sectors spread over the whole
   * widget, names and formations in type sized for the window (admiralty_sector_render_wall ()). */
  properties[PROP_WALL] =
    g_param_spec_boolean ("wall", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  /* The legend in the map's bottom-left corner: factions, objects and marks. */
  properties[PROP_SHOW_LEGEND] =
    g_param_spec_boolean ("show-legend", NULL, NULL,
                          FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The scenario editor's map: cards are dragged, a click on empty space asks for a
   * sector, and a new scenario keeps the view as the master left it. */
  properties[PROP_EDITABLE] =
    g_param_spec_boolean ("editable", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  /* The moment of the campaign's past shown (admiralty_sector_map_set_past ()), or NULL for
   * the present: a heading over the map (the projector's) follows it. */
  properties[PROP_PAST] =
    g_param_spec_object ("past", NULL, NULL, ADM_TYPE_STATE,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  /* The sides palette (own, allied, enemy) in place of the factions' colours
   * (admiralty_sector_map_bind_sides_palette ()). */
  properties[PROP_SIDES_PALETTE] =
    g_param_spec_boolean ("sides-palette", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* An editable map: a click on empty space at map point (x, y) asks for a sector there. */
  signals[ADD_SECTOR] =
    g_signal_new ("add-sector", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 2, G_TYPE_DOUBLE, G_TYPE_DOUBLE);
  /* An editable map: sector (id) dragged to map point (x, y). */
  signals[MOVE_SECTOR] =
    g_signal_new ("move-sector", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 3, G_TYPE_STRING, G_TYPE_DOUBLE, G_TYPE_DOUBLE);
  /* An editable map: sector (id) dragged onto another (id): link them. */
  signals[LINK_SECTORS] =
    g_signal_new ("link-sectors", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);

  /* The user asks for the sector's battle: a double-click on its card, or Enter on the
   * selected one. */
  signals[SECTOR_ACTIVATED] =
    g_signal_new ("sector-activated",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);

  /* What the map shows of the formations has changed: they moved (the campaign changed),
   * or the audience did. */
  signals[FORMATIONS_CHANGED] =
    g_signal_new ("formations-changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  gtk_widget_class_install_action (widget_class, "map.zoom-in", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "map.zoom-out", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "map.fit", NULL, fit_action);
  gtk_widget_class_install_action (widget_class, "map.pan", "(dd)", pan_action);
  gtk_widget_class_install_action (widget_class, "map.activate", NULL, activate_action);
  gtk_widget_class_install_action (widget_class, "map.focus-move", "(ii)", focus_move_action);
  gtk_widget_class_install_property_action (widget_class, "map.show-legend", "show-legend");
  add_key_bindings (widget_class);

  gtk_widget_class_set_css_name (widget_class, "sector-map");
}

static void
add_controllers (AdmiraltySectorMap *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkEventController *controller;
  GtkGesture *gesture;

  self->zoom_pan = admiralty_zoom_pan_new (widget, ADMIRALTY_SECTOR_MAP_ZOOM_STEP);
  admiralty_zoom_pan_set_enabled (self->zoom_pan, FALSE);
  g_signal_connect_object (self->zoom_pan, "zoom", G_CALLBACK (zoom_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->zoom_pan, "pan", G_CALLBACK (pan_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->zoom_pan, "notify::panning", G_CALLBACK (panning_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->zoom_pan, "deny-pan", G_CALLBACK (deny_pan_cb), self,
                           G_CONNECT_SWAPPED);

  gesture = gtk_gesture_drag_new ();
  g_signal_connect_swapped (gesture, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect_swapped (gesture, "drag-update", G_CALLBACK (drag_update_cb), self);
  g_signal_connect_swapped (gesture, "drag-end", G_CALLBACK (drag_end_cb), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_click_new ();
  g_signal_connect_swapped (gesture, "pressed", G_CALLBACK (click_pressed_cb), self);
  g_signal_connect_swapped (gesture, "released", G_CALLBACK (click_released_cb), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));

  controller = gtk_event_controller_focus_new ();
  g_signal_connect_swapped (controller, "enter", G_CALLBACK (focus_cb), self);
  g_signal_connect_swapped (controller, "leave", G_CALLBACK (focus_cb), self);
  gtk_widget_add_controller (widget, controller);

  controller = gtk_event_controller_motion_new ();
  g_signal_connect_swapped (controller, "enter", G_CALLBACK (motion_cb), self);
  g_signal_connect_swapped (controller, "motion", G_CALLBACK (motion_cb), self);
  g_signal_connect_swapped (controller, "leave", G_CALLBACK (leave_cb), self);
  gtk_widget_add_controller (widget, controller);
}

static void
admiralty_sector_map_init (AdmiraltySectorMap *self)
{
  admiralty_sector_view_init (&self->view, 0, 0);
  self->campaign_signals = g_signal_group_new (ADM_TYPE_CAMPAIGN);
  g_signal_group_connect_object (self->campaign_signals, "changed",
                                 G_CALLBACK (campaign_changed_cb), self, G_CONNECT_SWAPPED);
  self->fitted = TRUE;
  self->ui_scale = 1.0;
  self->tiles = admiralty_table_tiles_new ();

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Sector map"),
                                  -1);
  add_controllers (self);
  update_actions (self);
}

/* Public API */

GtkWidget *
admiralty_sector_map_new (void)
{
  return g_object_new (ADMIRALTY_TYPE_SECTOR_MAP, NULL);
}

AdmScenario *
admiralty_sector_map_get_scenario (AdmiraltySectorMap *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_SECTOR_MAP (self), NULL);

  return self->scenario;
}

void
admiralty_sector_map_set_scenario (AdmiraltySectorMap *self,
                                   AdmScenario        *scenario)
{
  gboolean had_one;

  g_return_if_fail (ADMIRALTY_IS_SECTOR_MAP (self));
  g_return_if_fail (scenario == NULL || ADM_IS_SCENARIO (scenario));

  had_one = self->scenario != NULL;
  if (!g_set_object (&self->scenario, scenario))
    return;
  admiralty_zoom_pan_set_enabled (self->zoom_pan, scenario != NULL);
  update_palette (self);

  /* A selection the new map lacks goes; one it has (the same scenario reloaded) stays. */
  if (self->selected_sector != NULL &&
      (scenario == NULL || adm_scenario_lookup_sector (scenario, self->selected_sector) == NULL))
    admiralty_sector_map_set_selected_sector (self, NULL);
  if (self->focus_sector != NULL &&
      (scenario == NULL || adm_scenario_lookup_sector (scenario, self->focus_sector) == NULL))
    set_focus_sector (self, NULL);
  /* An edit gives the editor's map a new scenario: the view stays where the master has it. */
  if (!self->editable || !had_one)
    admiralty_sector_map_fit (self);
  else
    {
      update_cards (self);
      view_changed (self);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCENARIO]);
}

const char *
admiralty_sector_map_get_selected_sector (AdmiraltySectorMap *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_SECTOR_MAP (self), NULL);

  return self->selected_sector;
}

const char *
admiralty_sector_map_get_focus_sector (AdmiraltySectorMap *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_SECTOR_MAP (self), NULL);

  return self->focus_sector;
}

void
admiralty_sector_map_set_selected_sector (AdmiraltySectorMap *self,
                                          const char         *id)
{
  AdmSector *sector = NULL;

  g_return_if_fail (ADMIRALTY_IS_SECTOR_MAP (self));
  if (id != NULL)
    {
      g_return_if_fail (self->scenario != NULL);
      sector = adm_scenario_lookup_sector (self->scenario, id);
      g_return_if_fail (sector != NULL);
    }

  if (g_strcmp0 (id, self->selected_sector) == 0)
    return;
  g_free (self->selected_sector);
  self->selected_sector = g_strdup (id);
  /* The focus follows a selection made any way: the arrow keys go on from there. */
  if (id != NULL && id != self->focus_sector)
    {
      g_free (self->focus_sector);
      self->focus_sector = g_strdup (id);
    }
  update_accessible (self);
  update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_SECTOR]);
}

void
admiralty_sector_map_set_tiled (AdmiraltySectorMap *self,
                                gboolean            tiled)
{
  g_return_if_fail (ADMIRALTY_IS_SECTOR_MAP (self));

  self->untiled = !tiled;
  admiralty_table_tiles_clear (self->tiles);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
admiralty_sector_map_get_show_legend (AdmiraltySectorMap *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_SECTOR_MAP (self), FALSE);

  return self->show_legend;
}

void
admiralty_sector_map_set_show_legend (AdmiraltySectorMap *self,
                                      gboolean            show_legend)
{
  g_return_if_fail (ADMIRALTY_IS_SECTOR_MAP (self));

  show_legend = !!show_legend;
  if (self->show_legend == show_legend)
    return;
  self->show_legend = show_legend;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_LEGEND]);
}

gboolean
admiralty_sector_map_get_sides_palette (AdmiraltySectorMap *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_SECTOR_MAP (self), FALSE);

  return self->sides_palette;
}

void
admiralty_sector_map_set_sides_palette (AdmiraltySectorMap *self,
                                        gboolean            sides_palette)
{
  g_return_if_fail (ADMIRALTY_IS_SECTOR_MAP (self));

  sides_palette = !!sides_palette;
  if (self->sides_palette == sides_palette)
    return;
  self->sides_palette = sides_palette;
  update_palette (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SIDES_PALETTE]);
}

const char *
admiralty_sector_map_get_faction_colour (AdmiraltySectorMap *self,
                                         const AdmFaction   *faction)
{
  const char *colour;

  g_return_val_if_fail (ADMIRALTY_IS_SECTOR_MAP (self), NULL);
  g_return_val_if_fail (faction != NULL, NULL);

  if (self->faction_colours != NULL &&
      (colour = g_hash_table_lookup (self->faction_colours, faction)) != NULL)
    return colour;
  return faction->colour;
}

static gboolean
palette_get_mapping (GValue   *value,
                     GVariant *variant,
                     gpointer  user_data)
{
  g_value_set_boolean (value, g_str_equal (g_variant_get_string (variant, NULL), "sides"));
  return TRUE;
}

static GVariant *
palette_set_mapping (const GValue       *value,
                     const GVariantType *expected_type,
                     gpointer            user_data)
{
  return g_variant_new_string (g_value_get_boolean (value) ? "sides" : "factions");
}

void
admiralty_sector_map_bind_sides_palette (AdmiraltySectorMap *self,
                                         GSettings          *settings)
{
  g_return_if_fail (ADMIRALTY_IS_SECTOR_MAP (self));
  g_return_if_fail (G_IS_SETTINGS (settings));

  g_settings_bind_with_mapping (settings, "projector-palette", self, "sides-palette",
                                G_SETTINGS_BIND_DEFAULT, palette_get_mapping,
                                palette_set_mapping, NULL, NULL);
}

const char *
admiralty_sector_map_get_hovered_sector (AdmiraltySectorMap *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_SECTOR_MAP (self), NULL);

  return self->hovered_sector;
}

const AdmiraltySectorView *
admiralty_sector_map_get_view (AdmiraltySectorMap *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_SECTOR_MAP (self), NULL);

  return &self->view;
}

void
admiralty_sector_map_fit (AdmiraltySectorMap *self)
{
  g_return_if_fail (ADMIRALTY_IS_SECTOR_MAP (self));

  /* Before the first allocation there is no size to fit into: size_allocate fits then. */
  self->fitted = TRUE;
  update_cards (self);
  view_changed (self);
}

void
admiralty_sector_map_zoom_at (AdmiraltySectorMap *self,
                              double              factor,
                              double              x,
                              double              y)
{
  g_return_if_fail (ADMIRALTY_IS_SECTOR_MAP (self));
  g_return_if_fail (factor > 0);

  if (self->scenario == NULL)
    return;
  to_view (self, &x, &y);
  admiralty_sector_view_zoom (&self->view, factor, x, y);
  self->fitted = FALSE;
  view_changed (self);
}

gboolean
admiralty_sector_map_select_at (AdmiraltySectorMap *self,
                                double              x,
                                double              y)
{
  AdmSector *sector = NULL;

  g_return_val_if_fail (ADMIRALTY_IS_SECTOR_MAP (self), FALSE);

  to_view (self, &x, &y);
  if (self->scenario != NULL)
    sector = admiralty_sector_at (&self->view, self->scenario, x, y);
  admiralty_sector_map_set_selected_sector (self, sector != NULL ? sector->id : NULL);
  return sector != NULL;
}

gboolean
admiralty_sector_map_activate_at (AdmiraltySectorMap *self,
                                  double              x,
                                  double              y)
{
  AdmSector *sector = NULL;

  g_return_val_if_fail (ADMIRALTY_IS_SECTOR_MAP (self), FALSE);

  to_view (self, &x, &y);
  if (self->scenario != NULL)
    sector = admiralty_sector_at (&self->view, self->scenario, x, y);
  if (sector == NULL)
    return FALSE;
  /* The sector activated is the selected one, as with Enter. */
  admiralty_sector_map_set_selected_sector (self, sector->id);
  gtk_widget_activate_action (GTK_WIDGET (self), "map.activate", NULL);
  return TRUE;
}

void
admiralty_sector_map_hover_at (AdmiraltySectorMap *self,
                               double              x,
                               double              y)
{
  g_return_if_fail (ADMIRALTY_IS_SECTOR_MAP (self));

  to_view (self, &x, &y);
  self->pointer_inside = TRUE;
  self->pointer_x = x;
  self->pointer_y = y;
  update_hover (self);
}

void
admiralty_sector_map_hover_leave (AdmiraltySectorMap *self)
{
  g_return_if_fail (ADMIRALTY_IS_SECTOR_MAP (self));

  self->pointer_inside = FALSE;
  update_hover (self);
}

static void
campaign_changed_cb (AdmiraltySectorMap *self,
                     AdmCampaign        *campaign)
{
  /* Formations moved, were formed or revealed: the cards, the tooltip and what a screen reader
   * reads follow, and the sides palette's "own" with what the audience now knows. */
  update_palette (self);
  update_cards (self);
  update_hover (self);
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_signal_emit (self, signals[FORMATIONS_CHANGED], 0);
}

AdmCampaign *
admiralty_sector_map_get_campaign (AdmiraltySectorMap *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_SECTOR_MAP (self), NULL);

  return self->campaign;
}

void
admiralty_sector_map_set_campaign (AdmiraltySectorMap *self,
                                   AdmCampaign        *campaign)
{
  g_return_if_fail (ADMIRALTY_IS_SECTOR_MAP (self));
  g_return_if_fail (campaign == NULL || ADM_IS_CAMPAIGN (campaign));

  if (self->campaign == campaign)
    return;
  g_set_object (&self->campaign, campaign);
  g_signal_group_set_target (self->campaign_signals, campaign);
  if (campaign != NULL)
    admiralty_sector_map_set_scenario (self, adm_campaign_get_scenario (campaign));
  update_palette (self);
  update_cards (self);
  view_changed (self);
  g_signal_emit (self, signals[FORMATIONS_CHANGED], 0);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAMPAIGN]);
}

void
admiralty_sector_map_set_past (AdmiraltySectorMap *self,
                               AdmState           *state)
{
  g_return_if_fail (ADMIRALTY_IS_SECTOR_MAP (self));
  g_return_if_fail (state == NULL || ADM_IS_STATE (state));

  if (self->past == state)
    return;
  g_set_object (&self->past, state);
  campaign_changed_cb (self, self->campaign);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAST]);
}

AdmState *
admiralty_sector_map_get_past (AdmiraltySectorMap *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_SECTOR_MAP (self), NULL);

  return self->past;
}

AdmiraltySectorAudience
admiralty_sector_map_get_audience (AdmiraltySectorMap *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_SECTOR_MAP (self), ADMIRALTY_SECTOR_AUDIENCE_PUBLIC);

  return self->audience;
}

void
admiralty_sector_map_set_audience (AdmiraltySectorMap      *self,
                                   AdmiraltySectorAudience  audience,
                                   const char              *viewer)
{
  g_autofree char *copy = g_strdup (viewer);

  g_return_if_fail (ADMIRALTY_IS_SECTOR_MAP (self));
  g_return_if_fail (audience <= ADMIRALTY_SECTOR_AUDIENCE_PUBLIC);

  if (self->audience == audience && g_strcmp0 (self->viewer, viewer) == 0)
    return;
  g_object_freeze_notify (G_OBJECT (self));
  if (self->audience != audience)
    {
      self->audience = audience;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AUDIENCE]);
    }
  if (g_strcmp0 (self->viewer, copy) != 0)
    {
      g_free (self->viewer);
      self->viewer = g_steal_pointer (&copy);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VIEWER]);
    }
  update_palette (self);
  update_cards (self);
  update_hover (self);
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_signal_emit (self, signals[FORMATIONS_CHANGED], 0);
  g_object_thaw_notify (G_OBJECT (self));
}

double
admiralty_sector_map_get_ui_scale (AdmiraltySectorMap *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_SECTOR_MAP (self), 1.0);

  return self->ui_scale;
}

void
admiralty_sector_map_set_ui_scale (AdmiraltySectorMap *self,
                                   double              ui_scale)
{
  g_return_if_fail (ADMIRALTY_IS_SECTOR_MAP (self));
  g_return_if_fail (ui_scale >= 0.5 && ui_scale <= 8.0);

  if (self->ui_scale == ui_scale)
    return;
  self->ui_scale = ui_scale;
  self->fitted = TRUE;
  gtk_widget_queue_allocate (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UI_SCALE]);
}

GPtrArray *
admiralty_sector_map_list_formations (AdmiraltySectorMap *self,
                                      const char         *sector_id)
{
  AdmiraltySectorOptions options;
  AdmSector *sector;

  g_return_val_if_fail (ADMIRALTY_IS_SECTOR_MAP (self), NULL);
  g_return_val_if_fail (self->scenario != NULL && sector_id != NULL, NULL);
  sector = adm_scenario_lookup_sector (self->scenario, sector_id);
  g_return_val_if_fail (sector != NULL, NULL);

  build_options (self, &options);
  return admiralty_sector_formations_in (self->scenario, &options, sector);
}

void
admiralty_sector_map_get_options (AdmiraltySectorMap     *self,
                                  AdmiraltySectorOptions *options)
{
  g_return_if_fail (ADMIRALTY_IS_SECTOR_MAP (self));
  g_return_if_fail (options != NULL);

  build_options (self, options);
}
