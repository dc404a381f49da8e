/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-sector-map.h: the strategic sector map as a widget (F-STRAT-8, F-STRAT-9). It
 * draws with the Cairo sector renderer, fits the map on its first allocation and whenever the
 * scenario changes, zooms with the scroll wheel and pinch about the pointer, pans by dragging
 * and with Ctrl and the arrow keys, highlights the sector under the pointer with a tooltip of
 * its contents, selects a sector on click, and asks for a battle there on double-click or Enter.
 *
 * The keyboard has a focus of its own: the arrow keys move a ring from a card to the nearest
 * card that way (admiralty_sector_towards ()), panning to show it; Enter or Space selects the
 * card with the ring, and on the selected card asks for its battle. The map's accessible name
 * names the focused sector ("Sector map: Komarr orbit") and its description reads the card.
 *
 * Zooming scales the whole drawing, cards, names and markers with the spacing.
 *
 * Actions: "map.zoom-in", "map.zoom-out", "map.fit", "map.pan" ("(dd)", pixels, as a drag),
 * "map.focus-move" ("(ii)", a unit step: (1, 0) right), "map.activate" (the focused sector,
 * then the selected one) and "map.show-legend" (toggles the legend). Keys, as on the tactical
 * table: arrows move the focus, Ctrl and arrows pan, + and − (with or without Ctrl) zoom, 0 or
 * Home fits, L shows or hides the legend, Enter or Space selects and activates.
 *
 * With a campaign the formations are drawn where the campaign has them now (in a sector, or on
 * the link they are crossing); without one, at the scenario's start. The audience decides
 * which formations are drawn: everything for the master, or what one side or the public knows
 * (the projector). "ui-scale" draws cards and type larger, for a wall; with "max-ui-scale" set
 * the map picks the largest such scale, up to that, at which its cards do not overlap. Signal
 * "formations-changed" (no arguments): what the map shows of the formations may have changed.
 *
 * "editable" makes it the scenario editor's map: a press on a card drags the sector instead of
 * the map, and the map asks rather than acts — "add-sector" (double x, double y: a click on
 * empty space, in map units), "move-sector" (string id, double x, double y: a card dropped on
 * empty space) and "link-sectors" (string from, string to: a card dropped on another). A new
 * scenario keeps the view where the master left it instead of fitting it again. */
#pragma once

#include <gtk/gtk.h>

#include "adm-campaign.h"
#include "adm-ruleset.h"
#include "adm-scenario.h"
#include "adm-state.h"
#include "admiralty-sector-renderer.h"

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_SECTOR_MAP (admiralty_sector_map_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltySectorMap, admiralty_sector_map, ADMIRALTY, SECTOR_MAP, GtkWidget)

/* The factor one step of "map.zoom-in" or one notch of the scroll wheel zooms by. */
#define ADMIRALTY_SECTOR_MAP_ZOOM_STEP 1.25

GtkWidget                 *admiralty_sector_map_new                 (void);

AdmScenario               *admiralty_sector_map_get_scenario        (AdmiraltySectorMap *self);
void                       admiralty_sector_map_set_scenario        (AdmiraltySectorMap *self,
                                                                     AdmScenario        *scenario);
/* The campaign whose positions the map shows, or NULL; setting one sets its scenario. */
AdmCampaign               *admiralty_sector_map_get_campaign        (AdmiraltySectorMap *self);
void                       admiralty_sector_map_set_campaign        (AdmiraltySectorMap *self,
                                                                     AdmCampaign        *campaign);
/* The campaign as it stood at a moment of its past (adm_campaign_state_at ()), shown instead
 * of its state now, read only; NULL: now again. The engagements the master's map marks are
 * those of that moment's state. */
void                       admiralty_sector_map_set_past            (AdmiraltySectorMap *self,
                                                                     AdmState           *state);
AdmState                  *admiralty_sector_map_get_past            (AdmiraltySectorMap *self);
AdmiraltySectorAudience    admiralty_sector_map_get_audience        (AdmiraltySectorMap *self);
/* Who the map is drawn for; @viewer is the side's faction id for ADMIRALTY_SECTOR_AUDIENCE_SIDE
 * (a faction the ruleset lacks sees what the public sees). */
void                       admiralty_sector_map_set_audience        (AdmiraltySectorMap *self,
                                                                     AdmiraltySectorAudience audience,
                                                                     const char         *viewer);
double                     admiralty_sector_map_get_ui_scale        (AdmiraltySectorMap *self);
void                       admiralty_sector_map_set_ui_scale        (AdmiraltySectorMap *self,
                                                                     double              ui_scale);
/* The formations the map shows in sector @sector_id (not those in transit), in order. */
GPtrArray                 *admiralty_sector_map_list_formations     (AdmiraltySectorMap *self,
                                                                     const char         *sector_id)
                                                                     G_GNUC_WARN_UNUSED_RESULT;
/* The renderer's options the map draws with now. */
void                       admiralty_sector_map_get_options         (AdmiraltySectorMap *self,
                                                                     AdmiraltySectorOptions *options);

/* The id of the selected sector, or NULL. Setting an id the scenario lacks is an error. */
const char                *admiralty_sector_map_get_selected_sector (AdmiraltySectorMap *self);
/* The sector whose card has the keyboard focus ring (the arrow keys move it; a selection
 * brings it along), or NULL. */
const char                *admiralty_sector_map_get_focus_sector (AdmiraltySectorMap *self);
void                       admiralty_sector_map_set_selected_sector (AdmiraltySectorMap *self,
                                                                     const char         *id);
/* Every text the map draws at its present size and view, in the widget's pixels
 * (AdmiraltySectorLabel, admiralty_sector_render_labels ()); the wall layout's with "wall"
 * set. */
GArray                    *admiralty_sector_map_dup_labels          (AdmiraltySectorMap *self)
                                                                     G_GNUC_WARN_UNUSED_RESULT;
/* With its "wall" property set (the projector's), every text of the wall layout
 * as drawn at the map's present size (AdmiraltySectorLabel, admiralty_sector_render_wall ()). */
GArray                    *admiralty_sector_map_dup_wall_labels     (AdmiraltySectorMap *self)
                                                                     G_GNUC_WARN_UNUSED_RESULT;
/* How many times the wall layout has been laid out (admiralty_sector_wall_get_layouts ()):
 * a frame showing what the last one showed is drawn in the layout kept. */
guint                      admiralty_sector_map_get_wall_layouts    (AdmiraltySectorMap *self);
/* Of them, how many were found while drawing (admiralty_sector_wall_get_foreground_layouts ()):
 * outside the window's frames only, which find theirs on a worker. */
guint                      admiralty_sector_map_get_wall_foreground_layouts (AdmiraltySectorMap *self);
/* Whether a worker is finding the wall layout the map waits for (its frames meanwhile drawn
 * in the last one found). */
gboolean                   admiralty_sector_map_get_wall_pending    (AdmiraltySectorMap *self);
/* Whether the frame goes out as tiles of pixels, each kept while unchanged (the default). A
 * drawing taken for its text (a PDF of what a side is shown) wants vectors; the projector's
 * wall is drawn as vectors either way. */
void                       admiralty_sector_map_set_tiled           (AdmiraltySectorMap *self,
                                                                     gboolean            tiled);
/* Whether the legend is drawn ("show-legend"). */
gboolean                   admiralty_sector_map_get_show_legend     (AdmiraltySectorMap *self);
void                       admiralty_sector_map_set_show_legend     (AdmiraltySectorMap *self,
                                                                     gboolean            show_legend);
/* The sides palette ("sides-palette"): own (blue), allied (light blue) and enemy (orange) in
 * place of the factions' colours, "own" the faction the audience filter gives the map's
 * audience (adm_audience_palette_own ()): a side's map its side, the public's and the
 * master's the public's first known faction. Each faction's symbol is drawn either way. */
gboolean                   admiralty_sector_map_get_sides_palette   (AdmiraltySectorMap *self);
void                       admiralty_sector_map_set_sides_palette   (AdmiraltySectorMap *self,
                                                                     gboolean            sides_palette);
/* "sides-palette" kept in step with @settings' "projector-palette" ("sides" or "factions"),
 * both ways: the projector's and the player screens' maps follow one setting. */
void                       admiralty_sector_map_bind_sides_palette  (AdmiraltySectorMap *self,
                                                                     GSettings          *settings);
/* The colour @faction is drawn in now: the sides palette's, else its own ("#rrggbb"). */
const char                *admiralty_sector_map_get_faction_colour  (AdmiraltySectorMap *self,
                                                                     const AdmFaction   *faction);
/* The id of the sector under the pointer, or NULL. */
const char                *admiralty_sector_map_get_hovered_sector  (AdmiraltySectorMap *self);

/* The view the map is drawn with: its size is the widget's, its centre and scale what the
 * user made them. Valid until the map next changes. */
const AdmiraltySectorView *admiralty_sector_map_get_view            (AdmiraltySectorMap *self);

/* Fits the whole map into the widget, as Home does. */
void                       admiralty_sector_map_fit                 (AdmiraltySectorMap *self);
/* Zooms by @factor keeping the map point under widget pixel (@x, @y) where it is. */
void                       admiralty_sector_map_zoom_at             (AdmiraltySectorMap *self,
                                                                     double              factor,
                                                                     double              x,
                                                                     double              y);

/* What the pointer controllers do, public so that tests and other drivers can do it too. */

/* Selects the sector whose card is under (@x, @y), or clears the selection when there is none,
 * as a click does. Returns whether a sector was hit. */
gboolean                   admiralty_sector_map_select_at           (AdmiraltySectorMap *self,
                                                                     double              x,
                                                                     double              y);
/* Emits "sector-activated" for the sector under (@x, @y), if any, as a double-click does.
 * Returns whether a sector was hit. */
gboolean                   admiralty_sector_map_activate_at         (AdmiraltySectorMap *self,
                                                                     double              x,
                                                                     double              y);
/* The pointer is at (@x, @y): highlights the sector there, and zoom actions keep that point
 * still. */
void                       admiralty_sector_map_hover_at            (AdmiraltySectorMap *self,
                                                                     double              x,
                                                                     double              y);
/* The pointer has left: no highlight, and zoom actions keep the middle still. */
void                       admiralty_sector_map_hover_leave         (AdmiraltySectorMap *self);

/* The tooltip of sector @id: its full name, its objects, the formations there with their
 * ships as far as the audience has seen them, and, on a side's map, the hidden enemies last
 * seen there ("last seen at PLACE, cycle N (k ships)"), as Pango markup. */
char                      *admiralty_sector_map_dup_tooltip_markup  (AdmiraltySectorMap *self,
                                                                     const char         *id)
                                                                     G_GNUC_WARN_UNUSED_RESULT;


/* How many ships of @formation the map's audience is told (adm_audience_map_ship_count ()):
 * FALSE when none; *@cycle is the cycle of the sighting for an enemy out of contact, else 0. */
gboolean             admiralty_sector_map_ship_count (AdmiraltySectorMap *self,
                                                      const AdmFormation *formation,
                                                      guint              *ships,
                                                      guint              *cycle);

G_END_DECLS
