/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-portal-page.c: the admiral's page as HTML (adm-portal-page.h). */

#include "config.h"

#include <string.h>
#include <gio/gio.h>
#include <glib/gi18n-lib.h>

#include "adm-audience.h"
#include "adm-campaign-battles.h"
#include "adm-dice-ledger.h"
#include "adm-engagement.h"
#include "adm-engagement-queue.h"
#include "adm-report.h"
#include "adm-portal-page.h"
#include "admiralty-faction-symbol.h"

/* Text */

void
adm_portal_html_escape (GString    *out,
                        const char *text)
{
  g_autofree char *valid = NULL;
  g_autofree char *escaped = NULL;

  if (text == NULL)
    return;
  /* g_markup_escape_text () reads valid UTF-8 only, and a hostile form's field need not be. */
  if (!g_utf8_validate (text, -1, NULL))
    text = valid = g_utf8_make_valid (text, -1);
  escaped = g_markup_escape_text (text, -1);
  g_string_append (out, escaped);
}

/* A value the portal makes (a CSRF token, the page's state key, its clock), which in a page
 * kept for many requests holds the portal's marks "\x01X\x01" (adm-portal.c) where each
 * request's own value goes: escaped as any text, the marks kept as they are (the escaper
 * would write their control characters as references). */
static void
append_marked (GString    *out,
               const char *text)
{
  g_auto(GStrv) pieces = g_strsplit (text != NULL ? text : "", "\x01", -1);

  for (guint i = 0; pieces[i] != NULL; i++)
    if (i % 2 == 1 && pieces[i + 1] != NULL)
      g_string_append_printf (out, "\x01%s\x01", pieces[i]);
    else
      adm_portal_html_escape (out, pieces[i]);
}

static void
append_escaped_lines (GString    *out,
                      const char *text)
{
  g_auto(GStrv) lines = g_strsplit (text != NULL ? text : "", "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (i > 0)
        g_string_append (out, "<br>");
      adm_portal_html_escape (out, lines[i]);
    }
}

/* Appends "<TAG>escaped text</TAG>". */
static void
append_element (GString    *out,
                const char *tag,
                const char *text)
{
  g_string_append_printf (out, "<%s>", tag);
  adm_portal_html_escape (out, text);
  g_string_append_printf (out, "</%s>", tag);
}

/* A cell that names its column in data-l, for the phone's stacked rows (the style's
 * "table.st"), before any content: its text escaped when @text is given. */
static void
open_cell (GString    *out,
           const char *column)
{
  g_string_append (out, "<td data-l=\"");
  adm_portal_html_escape (out, column != NULL ? column : "");
  g_string_append (out, "\">");
}

static void
append_cell (GString    *out,
             const char *column,
             const char *text)
{
  open_cell (out, column);
  adm_portal_html_escape (out, text);
  g_string_append (out, "</td>");
}

static void
append_table (GString           *out,
              const AdmDocBlock *block)
{
  g_string_append (out, "<div class=\"tw\"><table class=\"st\"><thead><tr>");
  for (guint c = 0; c < block->columns->len; c++)
    append_element (out, "th", g_ptr_array_index (block->columns, c));
  g_string_append (out, "</tr></thead><tbody>");
  for (guint r = 0; r < block->rows->len; r++)
    {
      char **cells = g_ptr_array_index (block->rows, r);

      g_string_append (out, "<tr>");
      for (guint c = 0; cells[c] != NULL; c++)
        append_cell (out, c < block->columns->len ? g_ptr_array_index (block->columns, c)
                                                  : NULL, cells[c]);
      g_string_append (out, "</tr>");
    }
  g_string_append (out, "</tbody></table></div>");
}

/* A faction's symbol on its colour and a space, as the map and the projector draw it
 * (admiralty_faction_symbol_svg ()), so that a side is told by shape and not by colour alone;
 * nothing for a colour not "#rrggbb". */
static void
append_faction_symbol (GString    *out,
                       guint       symbol,
                       const char *colour)
{
  g_autofree char *svg = NULL;

  if (colour == NULL || colour[0] != '#' || strlen (colour) != 7)
    return;
  svg = admiralty_faction_symbol_svg (symbol, (guint32) g_ascii_strtoull (colour + 1, NULL, 16),
                                      16, adm_faction_symbol_get_title (symbol));
  g_string_append (out, svg);
  g_string_append_c (out, ' ');
}

static void
append_card (GString           *out,
             const AdmDocBlock *block)
{
  g_string_append (out, "<div class=\"card\">");
  append_element (out, "h4", block->title);
  if (block->subtitle != NULL)
    {
      g_string_append (out, "<p class=\"sub\">");
      adm_portal_html_escape (out, block->subtitle);
      g_string_append (out, "</p>");
    }
  g_string_append (out, "<dl>");
  for (guint f = 0; f < block->fields->len; f++)
    {
      const AdmDocField *field = g_ptr_array_index (block->fields, f);

      append_element (out, "dt", field->label);
      if (field->symbolled)
        {
          g_string_append (out, "<dd>");
          append_faction_symbol (out, field->symbol, field->colour);
          adm_portal_html_escape (out, field->value);
          g_string_append (out, "</dd>");
        }
      else
        append_element (out, "dd", field->value);
    }
  g_string_append (out, "</dl>");
  for (guint n = 0; n < block->notes->len; n++)
    {
      g_string_append (out, "<p class=\"note\">");
      append_escaped_lines (out, g_ptr_array_index (block->notes, n));
      g_string_append (out, "</p>");
    }
  g_string_append (out, "</div>");
}

void
adm_portal_html_doc (GString *out,
                     AdmDoc  *doc)
{
  GPtrArray *blocks = adm_doc_get_blocks (doc);

  for (guint i = 0; i < blocks->len; i++)
    {
      const AdmDocBlock *block = g_ptr_array_index (blocks, i);
      g_autofree char *tag = NULL;

      switch (block->kind)
        {
        case ADM_DOC_HEADING:
          tag = g_strdup_printf ("h%u", MIN (block->level + 2, 6));
          append_element (out, tag, block->text);
          break;
        case ADM_DOC_PARAGRAPH:
          g_string_append (out, "<p>");
          append_escaped_lines (out, block->text);
          g_string_append (out, "</p>");
          break;
        case ADM_DOC_TABLE:
          append_table (out, block);
          break;
        case ADM_DOC_CARD:
          append_card (out, block);
          break;
        case ADM_DOC_PAGE_BREAK:
          g_string_append (out, "<hr>");
          break;
        case ADM_DOC_LINES:
        default:
          /* Ruled lines to write on are for paper. */
          break;
        }
    }
}

const char *
adm_portal_page_language (const char *accept_language)
{
  g_auto(GStrv) ranges = g_strsplit (accept_language != NULL ? accept_language : "", ",", 32);
  const char *best = "en";
  double best_q = -1.0;

  for (guint i = 0; ranges[i] != NULL; i++)
    {
      g_auto(GStrv) parts = g_strsplit (ranges[i], ";", 4);
      const char *tag = g_strstrip (parts[0]);
      double q = 1.0;

      for (guint p = 1; parts[p] != NULL; p++)
        {
          const char *param = g_strstrip (parts[p]);

          if (g_str_has_prefix (param, "q="))
            q = g_ascii_strtod (param + 2, NULL);
        }
      if (q <= best_q || q <= 0.0)
        continue;
      if (g_ascii_strncasecmp (tag, "ru", 2) == 0 && (tag[2] == '\0' || tag[2] == '-'))
        best = "ru", best_q = q;
      else if (g_ascii_strncasecmp (tag, "en", 2) == 0 && (tag[2] == '\0' || tag[2] == '-'))
        best = "en", best_q = q;
    }
  return best;
}

/* Fragments */

static AdmStrategy *
strategy_of (AdmCampaign *campaign)
{
  return adm_state_get_strategy (adm_campaign_get_state (campaign));
}

char *
adm_portal_page_cards (AdmCampaign      *campaign,
                       const AdmAdmiral *admiral,
                       const char       *battles_dir)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmDoc) doc = adm_report_build (campaign, ADM_REPORT_CARDS, admiral->id, 0,
                                            battles_dir, &error);
  GString *out = g_string_new (NULL);

  if (doc == NULL)
    {
      g_string_append (out, "<p>");
      adm_portal_html_escape (out, error->message);
      g_string_append (out, "</p>");
    }
  else
    adm_portal_html_doc (out, doc);
  return g_string_free (out, FALSE);
}

AdmAudience
adm_portal_page_battle_audience (AdmScenario      *scenario,
                                 AdmBattle        *battle,
                                 const AdmAdmiral *admiral)
{
  GPtrArray *factions = adm_scenario_get_factions (scenario);

  for (guint s = 0; s < adm_battle_get_n_sides (battle); s++)
    for (guint f = 0; f < factions->len; f++)
      {
        const AdmFaction *faction = g_ptr_array_index (factions, f);

        if (g_strcmp0 (faction->id, adm_battle_get_side (battle, s)->id) == 0 &&
            adm_scenario_factions_allied (scenario, faction, admiral->faction))
          return adm_audience_side (s);
      }
  return adm_audience_public ();
}

/* Every roll of the ended battle his side may see, derived again from the revealed secret
 * (adm_dice_verify ()): "Roll 4 (turn 2, fire): 3 5 — matches". */
static void
append_dice_checks (GString          *out,
                    AdmCampaign      *campaign,
                    const AdmAdmiral *admiral,
                    const char       *engagement_id,
                    GPtrArray        *commitments)
{
  AdmBattle *battle = adm_campaign_get_battle_played (campaign, engagement_id, NULL);
  g_autoptr(GPtrArray) checks = NULL;

  if (battle == NULL)
    return;
  checks = adm_dice_verify (commitments, engagement_id, battle,
                            adm_audience_of_campaign (strategy_of (campaign),
                                                      adm_portal_page_battle_audience (
                                                        adm_campaign_get_scenario (campaign),
                                                        battle, admiral)));
  g_string_append (out, "<ul class=\"dice\">");
  for (guint i = 0; i < checks->len; i++)
    {
      const AdmDiceCheck *check = g_ptr_array_index (checks, i);
      g_autoptr(GString) values = g_string_new (NULL);
      g_autofree char *line = NULL;
      g_autofree char *verdict = adm_dice_check_describe (check);

      for (guint v = 0; v < check->roll->n_values; v++)
        g_string_append_printf (values, "%s%u", v > 0 ? " " : "", check->roll->values[v]);
      /* Translators: "Roll 4 (turn 2, fire): 3 5 — matches" */
      line = g_strdup_printf (_("Roll %u (turn %d, %s): %s — %s"), check->number,
                              check->roll->turn, adm_phase_to_string (check->roll->phase),
                              values->str, verdict);
      append_element (out, "li", line);
    }
  g_string_append (out, "</ul>");
}

/* The dice commitments of the battles his side fought in @cycle (docs/dice.md): the
 * commitment, short and in full, and once the battle has ended its secret and the command that
 * checks every roll. */
static void
append_battle_dice (GString          *out,
                    AdmCampaign      *campaign,
                    const AdmAdmiral *admiral,
                    guint             cycle)
{
  g_autoptr(GPtrArray) engagements = adm_campaign_get_engagements (campaign, cycle);
  gboolean any = FALSE;

  for (guint e = 0; e < engagements->len; e++)
    {
      const AdmQueuedEngagement *engagement = g_ptr_array_index (engagements, e);
      g_autoptr(GPtrArray) commitments = NULL;
      g_autofree char *name = NULL;
      gboolean revealed = FALSE;

      if (!adm_audience_told_of_engagement (strategy_of (campaign),
                                            adm_campaign_get_scenario (campaign),
                                            admiral->faction, engagement))
        continue;
      name = adm_audience_engagement_name (engagement);
      commitments = adm_campaign_get_dice_commitments (campaign, engagement->id);
      for (guint c = 0; c < commitments->len; c++)
        {
          const AdmDiceCommitment *commitment = g_ptr_array_index (commitments, c);
          g_autofree char *summary = NULL;

          if (!any)
            {
              g_string_append (out, "<h3>");
              adm_portal_html_escape (out, _("Battle dice"));
              g_string_append (out, "</h3>");
              any = TRUE;
            }
          /* F-STRAT-3: named as a side is told of it, not by its id
           * (adm_audience_engagement_name ()); Translators: "Pol orbit, cycle 1, minute 20:
           * dice commitment 914c114da6ab82d4…" */
          summary = g_strdup_printf (_("%s: dice commitment %.16s…"), name,
                                     commitment->commitment);
          g_string_append (out, "<details class=\"dice\"><summary>");
          adm_portal_html_escape (out, summary);
          g_string_append (out, "</summary><p><code>");
          adm_portal_html_escape (out, commitment->commitment);
          g_string_append (out, "</code></p><p>");
          if (commitment->secret != NULL)
            {
              /* The battle named by its commitment's first digits, as the summary shows
               * them. */
              g_autofree char *check = g_strdup_printf ("admiralty-cli verify-dice CAMPAIGN "
                                                        "%.16s", commitment->commitment);

              adm_portal_html_escape (out, _("Secret, revealed when the battle ended:"));
              g_string_append (out, " <code>");
              adm_portal_html_escape (out, commitment->secret);
              g_string_append (out, "</code></p><p>");
              adm_portal_html_escape (out, _("Check every roll:"));
              g_string_append (out, " <code>");
              adm_portal_html_escape (out, check);
              g_string_append (out, "</code>");
              /* The offline verifier, served once the battle has ended
               * (adm-portal-dice.c). */
              g_string_append_printf (out, "</p><p><a href=\"dice-%.16s.html\" download>",
                                      commitment->commitment);
              adm_portal_html_escape (out, _("Check every roll on this phone (one file that "
                                             "opens without the network)"));
              g_string_append (out, "</a>");
              revealed = TRUE;
            }
          else
            adm_portal_html_escape (out, _("The secret is revealed when the battle ends."));
          g_string_append (out, "</p></details>");
        }
      if (revealed)
        append_dice_checks (out, campaign, admiral, engagement->id, commitments);
    }
}

char *
adm_portal_page_report (AdmCampaign      *campaign,
                        const AdmAdmiral *admiral,
                        const char       *battles_dir,
                        guint             cycle)
{
  guint current = adm_strategy_get_cycle (strategy_of (campaign));
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmDoc) doc = adm_report_build (campaign, ADM_REPORT_ADMIRAL, admiral->id, cycle,
                                            battles_dir, &error);
  g_autofree char *summary = g_strdup_printf (_("Cycle %u"), cycle);
  GString *out = g_string_new (NULL);

  g_string_append_printf (out, "<details%s><summary>", cycle + 1 == current ? " open" : "");
  adm_portal_html_escape (out, summary);
  g_string_append (out, "</summary>");
  if (doc == NULL)
    append_element (out, "p", error->message);
  else
    {
      g_string_append_printf (out, "<p><a href=\"report-%u.pdf\">", cycle);
      adm_portal_html_escape (out, _("PDF to print"));
      g_string_append (out, "</a></p>");
      adm_portal_html_doc (out, doc);
    }
  append_battle_dice (out, campaign, admiral, cycle);
  g_string_append (out, "</details>");
  return g_string_free (out, FALSE);
}

char *
adm_portal_page_no_reports (void)
{
  GString *out = g_string_new ("<p>");

  adm_portal_html_escape (out, _("No cycle has been resolved yet."));
  g_string_append (out, "</p>");
  return g_string_free (out, FALSE);
}

char *
adm_portal_page_reports (AdmCampaign      *campaign,
                         const AdmAdmiral *admiral,
                         const char       *battles_dir)
{
  guint current = adm_strategy_get_cycle (strategy_of (campaign));
  GString *out = g_string_new (NULL);

  if (current <= 1)
    {
      g_autofree char *none = adm_portal_page_no_reports ();

      g_string_append (out, none);
    }
  /* The newest first: the one he has not read yet. */
  for (guint cycle = current - 1; cycle >= 1 && cycle < current; cycle--)
    {
      g_autofree char *report = adm_portal_page_report (campaign, admiral, battles_dir, cycle);

      g_string_append (out, report);
    }
  return g_string_free (out, FALSE);
}

static char *
position_text (const AdmFormationPosition *pos)
{
  if (pos == NULL || pos->sector == NULL)
    return g_strdup (_("unknown"));
  if (pos->towards != NULL)
    /* Translators: a formation in transit: "between Pol Orbit and Hegen Hub" */
    return g_strdup_printf (_("between %s and %s"), pos->sector->name, pos->towards->name);
  return g_strdup (pos->sector->name);
}

/* F-STRAT-3, F-STRAT-4: the last resolved cycle in which a formation of his side (or an ally's)
 * met @formation, and where, as "cycle 5, Pol orbit"; NULL when none did. */
static char *
last_contact (AdmStrategy        *strategy,
              AdmScenario        *scenario,
              const AdmAdmiral   *admiral,
              const AdmFormation *formation)
{
  for (guint cycle = adm_strategy_get_cycle (strategy) - 1; cycle >= 1; cycle--)
    {
      g_autoptr(GPtrArray) engagements = adm_strategy_get_engagements (strategy, cycle);

      for (guint e = engagements->len; e > 0; e--)
        {
          const AdmEngagement *engagement = g_ptr_array_index (engagements, e - 1);
          gboolean ours = FALSE, theirs = FALSE;

          for (guint f = 0; f < engagement->formations->len; f++)
            {
              const AdmFormation *met = g_ptr_array_index (engagement->formations, f);

              theirs = theirs || g_str_equal (met->id, formation->id);
              ours = ours || adm_scenario_factions_allied (scenario, met->faction,
                                                           admiral->faction);
            }
          if (ours && theirs)
            {
              g_autofree char *place = adm_engagement_place_name (engagement);

              /* Translators: the last contact with an enemy formation, "cycle 5, Pol orbit" */
              return g_strdup_printf (_("cycle %u, %s"), cycle, place);
            }
        }
    }
  return NULL;
}

/* The strength his side knows of an enemy formation (adm_audience_side_strength ()) as a
 * cell: "4 ships" over "last seen cycle 5"; a dash when his side never saw it. */
static void
append_strength (GString  *out,
                 gboolean  seen,
                 guint     ships,
                 guint     cycle)
{
  g_autofree char *count = NULL, *when = NULL;

  if (!seen)
    {
      append_cell (out, _("Ships"), "—");
      return;
    }
  count = g_strdup_printf (ngettext ("%u ship", "%u ships", ships), ships);
  when = cycle > 0
    /* Translators: under an enemy formation's ships, when his side saw them: "last seen
     * cycle 5" */
    ? g_strdup_printf (_("last seen cycle %u"), cycle)
    /* Translators: under an enemy formation's ships, seen beside his own since the last
     * session */
    : g_strdup (_("seen now"));
  open_cell (out, _("Ships"));
  adm_portal_html_escape (out, count);
  g_string_append (out, "<br><small>");
  adm_portal_html_escape (out, when);
  g_string_append (out, "</small></td>");
}

/* A faction's cell: its symbol on its colour (append_faction_symbol ()), then its name. */
static void
append_faction_cell (GString          *out,
                     const AdmFaction *faction)
{
  open_cell (out, _("Faction"));
  append_faction_symbol (out, faction->symbol, faction->colour);
  adm_portal_html_escape (out, faction->name);
  g_string_append (out, "</td>");
}

/* One row of what his side knows: the formation, its faction, where, its strength (@seen:
 * @ships as of @cycle) and the last contact. */
static void
append_known_row (GString          *out,
                  const char       *name,
                  const AdmFaction *faction,
                  const char       *where,
                  gboolean          seen,
                  guint             ships,
                  guint             cycle,
                  const char       *contact)
{
  g_string_append (out, "<tr>");
  append_cell (out, _("Formation"), name);
  append_faction_cell (out, faction);
  append_cell (out, _("Where"), where);
  append_strength (out, seen, ships, cycle);
  append_cell (out, _("Last contact"), contact != NULL ? contact : "—");
  g_string_append (out, "</tr>");
}

/* F-STRAT-3, F-STRAT-9: a hidden enemy his side no longer is in contact with, where and as it
 * was last seen — never where it is now. */
static void
append_last_seen (GString           *out,
                  const AdmSighting *sighting)
{
  g_autofree char *where = NULL;

  if (sighting->towards != NULL)
    /* Translators: where an enemy formation was last seen: crossing a link */
    where = g_strdup_printf (_("between %s and %s"), sighting->sector->name,
                             sighting->towards->name);
  else
    where = g_strdup (sighting->sector->name);
  append_known_row (out, sighting->formation->name, sighting->formation->faction, where,
                    TRUE, sighting->ships, sighting->cycle, NULL);
}

char *
adm_portal_page_known (AdmCampaign      *campaign,
                       const AdmAdmiral *admiral)
{
  AdmStrategy *strategy = strategy_of (campaign);
  AdmScenario *scenario = adm_campaign_get_scenario (campaign);
  g_autoptr(GPtrArray) known = adm_audience_known_formations (strategy, admiral->faction);
  g_autoptr(GPtrArray) last_seen = adm_audience_last_seen (strategy, ADM_AUDIENCE_SIDE,
                                                           admiral->faction);
  GString *out = g_string_new (NULL);
  guint rows = 0;

  g_string_append (out, "<div class=\"tw\"><table class=\"st\"><thead><tr>");
  append_element (out, "th", _("Formation"));
  append_element (out, "th", _("Faction"));
  append_element (out, "th", _("Where"));
  append_element (out, "th", _("Ships"));
  append_element (out, "th", _("Last contact"));
  g_string_append (out, "</tr></thead><tbody>");
  for (guint i = 0; i < known->len; i++)
    {
      const AdmFormation *formation = g_ptr_array_index (known, i);
      g_autofree char *where = NULL;
      g_autofree char *contact = NULL;
      guint n = 0, cycle = 0;
      gboolean seen;

      if (adm_scenario_factions_allied (scenario, formation->faction, admiral->faction))
        continue;
      where = position_text (adm_strategy_get_position (strategy, formation->id));
      /* F-STRAT-3: its strength as his side saw it, never as it is now unseen. */
      seen = adm_audience_side_strength (strategy, admiral->faction, formation, &n, &cycle);
      contact = last_contact (strategy, scenario, admiral, formation);
      append_known_row (out, formation->name, formation->faction, where, seen, n, cycle,
                        contact);
      rows++;
    }
  for (guint i = 0; i < last_seen->len; i++, rows++)
    append_last_seen (out, g_ptr_array_index (last_seen, i));
  g_string_append (out, "</tbody></table></div>");
  if (rows == 0)
    {
      g_string_truncate (out, 0);
      append_element (out, "p", _("Your side knows of no other formation."));
    }
  return g_string_free (out, FALSE);
}

/* Form */

static void
append_option_full (GString    *out,
                    const char *value,
                    const char *label,
                    gboolean    selected,
                    const char *data)
{
  g_string_append (out, "<option value=\"");
  adm_portal_html_escape (out, value);
  g_string_append_printf (out, "\"%s", selected ? " selected" : "");
  if (data != NULL)
    {
      g_string_append (out, " data-adj=\"");
      adm_portal_html_escape (out, data);
      g_string_append_c (out, '"');
    }
  g_string_append (out, ">");
  adm_portal_html_escape (out, label);
  g_string_append (out, "</option>");
}

static void
append_option (GString    *out,
               const char *value,
               const char *label)
{
  g_string_append (out, "<option value=\"");
  adm_portal_html_escape (out, value);
  g_string_append (out, "\">");
  adm_portal_html_escape (out, label);
  g_string_append (out, "</option>");
}

static void
append_label (GString    *out,
              const char *label)
{
  g_string_append (out, "<label><span>");
  adm_portal_html_escape (out, label);
  g_string_append (out, "</span>");
}

/* What the form is filled with for one fieldset: the posted sheet's values, under that
 * sheet's own number @m for the formation (its fieldsets may have been in another order). */
typedef struct {
  const AdmPortalFormFill *fill;
  int                      m;    /* -1: nothing posted for this formation */
} Filled;

G_GNUC_PRINTF (2, 3) static const char *
filled (const Filled *filled,
        const char   *format,
        ...)
{
  g_autofree char *suffix = NULL;
  g_autofree char *name = NULL;
  const char *value;
  va_list args;

  if (filled->fill == NULL || filled->fill->values == NULL || filled->m < 0)
    return NULL;
  va_start (args, format);
  suffix = g_strdup_vprintf (format, args);
  va_end (args);
  /* @format begins with the field's letter, then its own numbers after the fieldset's. */
  name = g_strdup_printf ("%c%d%s", suffix[0], filled->m, suffix + 1);
  value = g_hash_table_lookup (filled->fill->values, name);
  /* An empty choice ("—", "None") is none. */
  return value != NULL && *value != '\0' ? value : NULL;
}

static gboolean
is_value (const char *given,
          const char *value)
{
  return given != NULL && g_str_equal (given, value);
}

/* The fieldset number the posted values give @formation_id, or -1. */
static int
posted_index (const AdmPortalFormFill *fill,
              const char              *formation_id)
{
  for (int m = 0; fill != NULL && fill->values != NULL && m < 64; m++)
    {
      g_autofree char *name = g_strdup_printf ("f%d", m);
      const char *id = g_hash_table_lookup (fill->values, name);

      if (id == NULL)
        return -1;
      if (g_str_equal (id, formation_id))
        return m;
    }
  return -1;
}

/* F-STRAT-8: how many links each sector is from @start (G_MAXUINT: not reached), breadth
 * first over the sector map. */
static GHashTable *
links_from (AdmScenario     *scenario,
            const AdmSector *start)
{
  GHashTable *distance = g_hash_table_new (NULL, NULL);
  g_autoptr(GPtrArray) queue = g_ptr_array_new ();

  if (start == NULL)
    return distance;
  g_hash_table_insert (distance, (gpointer) start, GUINT_TO_POINTER (0));
  g_ptr_array_add (queue, (gpointer) start);
  for (guint q = 0; q < queue->len; q++)
    {
      const AdmSector *sector = g_ptr_array_index (queue, q);
      guint d = GPOINTER_TO_UINT (g_hash_table_lookup (distance, sector));

      for (guint a = 0; a < sector->adjacent->len; a++)
        {
          const AdmSector *next = g_ptr_array_index (sector->adjacent, a);

          if (!g_hash_table_contains (distance, next))
            {
              g_hash_table_insert (distance, (gpointer) next, GUINT_TO_POINTER (d + 1));
              g_ptr_array_add (queue, (gpointer) next);
            }
        }
    }
  return distance;
}

/* The ids of @sector's neighbours, for the page's script to narrow the next leg. */
static char *
adjacent_ids (const AdmSector *sector)
{
  GString *ids = g_string_new (NULL);

  for (guint a = 0; a < sector->adjacent->len; a++)
    g_string_append_printf (ids, "%s%s", a > 0 ? " " : "",
                            ((const AdmSector *) g_ptr_array_index (sector->adjacent, a))->id);
  return g_string_free (ids, FALSE);
}

/* F-STRAT-8: leg @leg (0 for the first) of a route offers the sectors that many links or
 * fewer from where the formation starts, each with its neighbours for the script; with no
 * known start, every sector. */
static void
append_route_leg (GString     *out,
                  const char  *name,
                  guint        leg,
                  AdmScenario *scenario,
                  GHashTable  *distance,
                  const char  *given)
{
  GPtrArray *sectors = adm_scenario_get_sectors (scenario);
  gboolean any = g_hash_table_size (distance) == 0;

  g_string_append_printf (out, "<select name=\"%s\" data-leg=\"%u\">", name, leg);
  append_option (out, "", "—");
  for (guint s = 0; s < sectors->len; s++)
    {
      const AdmSector *sector = g_ptr_array_index (sectors, s);
      gpointer d;
      g_autofree char *adjacent = NULL;

      if (!any && (!g_hash_table_lookup_extended (distance, sector, NULL, &d) ||
                   GPOINTER_TO_UINT (d) == 0 || GPOINTER_TO_UINT (d) > leg + 1))
        continue;
      adjacent = adjacent_ids (sector);
      append_option_full (out, sector->id, sector->name, is_value (given, sector->id), adjacent);
    }
  g_string_append (out, "</select>");
}

/* The timed orders of F-STRAT-16 the form offers, as the sheet's XML names them. */
static const AdmStratOrderKind timed_orders[] = {
  ADM_STRAT_ORDER_MOVE, ADM_STRAT_ORDER_ATTACK, ADM_STRAT_ORDER_DEFEND, ADM_STRAT_ORDER_PATROL,
  ADM_STRAT_ORDER_LAY_MINES, ADM_STRAT_ORDER_SWEEP_MINES,
};

static gboolean
same_place (AdmStrategy        *strategy,
            const AdmFormation *formation,
            const AdmFormation *other)
{
  const AdmFormationPosition *a = adm_strategy_get_position (strategy, formation->id);
  const AdmFormationPosition *b = adm_strategy_get_position (strategy, other->id);

  return a != NULL && b != NULL && a->towards == NULL && b->towards == NULL &&
         a->sector == b->sector;
}

static gboolean
commanded_by (const AdmFormation *formation,
              const AdmAdmiral   *admiral)
{
  return formation->admiral != NULL && g_str_equal (formation->admiral->id, admiral->id);
}

/* The ships a detach (its own) or form order (also those of his other formations in its
 * sector, F-STRAT-12) may name, as the master's sheet form offers them. */
GPtrArray *
adm_portal_page_offered_ships (AdmCampaign        *campaign,
                               const AdmFormation *formation)
{
  AdmStrategy *strategy = strategy_of (campaign);
  GPtrArray *formations = adm_strategy_get_formations (strategy);
  GPtrArray *ships = g_ptr_array_new ();

  g_ptr_array_extend (ships, formation->ships, NULL, NULL);
  for (guint i = 0; formation->admiral != NULL && i < formations->len; i++)
    {
      const AdmFormation *other = g_ptr_array_index (formations, i);

      if (other != formation && adm_strategy_lookup_formation (strategy, other->id) == other &&
          commanded_by (other, formation->admiral) && same_place (strategy, formation, other))
        g_ptr_array_extend (ships, other->ships, NULL, NULL);
    }
  return ships;
}

static const AdmFormation *
formation_of_ship (GPtrArray     *formations,
                   const AdmShip *ship)
{
  for (guint i = 0; i < formations->len; i++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, i);

      if (g_ptr_array_find (formation->ships, ship, NULL))
        return formation;
    }
  return NULL;
}

/* Whether ship @id is ticked in the posted values (under any of its boxes' names). */
static gboolean
ship_ticked (const Filled *fill,
             const char   *id)
{
  for (guint s = 0; s < 64; s++)
    if (is_value (filled (fill, "xs%u", s), id))
      return TRUE;
  return FALSE;
}

/* F-STRAT-12, F-STRAT-17: detach, join, form and disband, folded away under their summary so
 * that the phone's page stays short; the engine checks them as it checks the master's form. */
static void
append_administrative (GString            *out,
                       guint               n,
                       const AdmFormation *formation,
                       AdmCampaign        *campaign,
                       const Filled       *fill)
{
  static const struct { const char *id; const char *label; } kinds[] = {
    { "detach", N_("Detach ships") },
    { "join", N_("Join another formation") },
    { "form", N_("Form a new formation") },
    { "disband", N_("Disband") },
  };
  AdmStrategy *strategy = strategy_of (campaign);
  GPtrArray *formations = adm_strategy_get_formations (strategy);
  g_autoptr(GPtrArray) ships = adm_portal_page_offered_ships (campaign, formation);
  const char *kind = filled (fill, "a");

  g_string_append_printf (out, "<details class=\"admin\"%s><summary>", kind != NULL ? " open" : "");
  adm_portal_html_escape (out, _("Detach, join, form or disband (F-STRAT-12, F-STRAT-17)"));
  g_string_append (out, "</summary>");
  append_label (out, _("Reorganisation"));
  g_string_append_printf (out, "<select name=\"a%u\">", n);
  append_option (out, "", _("None"));
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    append_option_full (out, kinds[k].id, _(kinds[k].label), is_value (kind, kinds[k].id), NULL);
  g_string_append (out, "</select></label>");

  g_string_append (out, "<fieldset class=\"ships\"><legend>");
  adm_portal_html_escape (out, _("Ships of the new formation (detach: its own; form: also those "
                                 "of your formations in its sector)"));
  g_string_append (out, "</legend>");
  for (guint s = 0; s < ships->len; s++)
    {
      const AdmShip *ship = g_ptr_array_index (ships, s);

      g_string_append_printf (out, "<label class=\"check\"><input type=\"checkbox\" "
                              "name=\"x%us%u\"%s value=\"", n, s,
                              ship_ticked (fill, ship->id) ? " checked" : "");
      adm_portal_html_escape (out, ship->id);
      g_string_append (out, "\"> ");
      adm_portal_html_escape (out, ship->name);
      if (!g_ptr_array_find (formation->ships, ship, NULL))
        {
          const AdmFormation *from = formation_of_ship (formations, ship);

          g_string_append (out, " <small>");
          adm_portal_html_escape (out, from != NULL ? from->name : "");
          g_string_append (out, "</small>");
        }
      g_string_append (out, "</label>");
    }
  g_string_append (out, "</fieldset>");

  append_label (out, _("Name of the new formation"));
  g_string_append_printf (out, "<input type=\"text\" name=\"N%u\" maxlength=\"80\" value=\"", n);
  adm_portal_html_escape (out, filled (fill, "N"));
  g_string_append (out, "\"></label>");
  append_label (out, _("Its flagship (F-FORM-4)"));
  g_string_append_printf (out, "<select name=\"F%u\">", n);
  append_option (out, "", _("The first ship ticked"));
  for (guint s = 0; s < ships->len; s++)
    {
      const AdmShip *ship = g_ptr_array_index (ships, s);

      append_option_full (out, ship->id, ship->name, is_value (filled (fill, "F"), ship->id),
                          NULL);
    }
  g_string_append (out, "</select></label>");

  append_label (out, _("Formation to join"));
  g_string_append_printf (out, "<select name=\"j%u\">", n);
  append_option (out, "", "—");
  for (guint i = 0; i < formations->len; i++)
    {
      const AdmFormation *other = g_ptr_array_index (formations, i);
      g_autofree char *where = NULL, *label = NULL;

      if (other == formation || other->faction != formation->faction ||
          adm_strategy_lookup_formation (strategy, other->id) != other)
        continue;
      where = position_text (adm_strategy_get_position (strategy, other->id));
      /* Translators: a formation to join and where it is, "Vanguard (Komarr orbit)" */
      label = g_strdup_printf (_("%s (%s)"), other->name, where);
      append_option_full (out, other->id, label, is_value (filled (fill, "j"), other->id), NULL);
    }
  g_string_append (out, "</select></label></details>");
}

/* The notes beside a fieldset: why its orders were refused, or its orders read back. */
static void
append_notes (GString      *out,
              const Filled *fill)
{
  const char *refusal = NULL, *readback = NULL;

  if (fill->fill != NULL && fill->m >= 0)
    {
      if (fill->fill->refusals != NULL && (guint) fill->m < fill->fill->refusals->len)
        refusal = g_ptr_array_index (fill->fill->refusals, fill->m);
      if (fill->fill->readback != NULL && (guint) fill->m < fill->fill->readback->len)
        readback = g_ptr_array_index (fill->fill->readback, fill->m);
    }
  if (refusal != NULL)
    {
      g_string_append (out, "<p class=\"refusal\" role=\"alert\">");
      append_escaped_lines (out, refusal);
      g_string_append (out, "</p>");
    }
  if (readback != NULL)
    {
      g_string_append (out, "<p class=\"readback\">");
      append_escaped_lines (out, readback);
      g_string_append (out, "</p>");
    }
}

static void
append_formation (GString                 *out,
                  guint                    n,
                  const AdmFormation      *formation,
                  AdmCampaign             *campaign,
                  GPtrArray               *targets,
                  const AdmPortalFormFill *fill_in)
{
  AdmScenario *scenario = adm_campaign_get_scenario (campaign);
  const AdmFormationPosition *pos = adm_strategy_get_position (strategy_of (campaign),
                                                               formation->id);
  const AdmSector *start = pos == NULL ? NULL : pos->towards != NULL ? pos->towards
                                                                      : pos->sector;
  g_autofree char *where = position_text (pos);
  g_autoptr(GHashTable) distance = links_from (scenario, start);
  Filled fill = { fill_in, posted_index (fill_in, formation->id) };
  const char *kind = filled (&fill, "o");
  const char *target = filled (&fill, "t");

  g_string_append_printf (out, "<fieldset data-n=\"%u\"><legend>", n);
  adm_portal_html_escape (out, formation->name);
  g_string_append (out, " <small>");
  adm_portal_html_escape (out, where);
  g_string_append_printf (out, "</small></legend><input type=\"hidden\" name=\"f%u\" value=\"", n);
  adm_portal_html_escape (out, formation->id);
  g_string_append (out, "\">");
  append_notes (out, &fill);

  append_label (out, _("Order"));
  g_string_append_printf (out, "<select name=\"o%u\">", n);
  append_option (out, "", _("No new order"));
  for (guint k = 0; k < G_N_ELEMENTS (timed_orders); k++)
    {
      const char *id = adm_strat_order_kind_to_string (timed_orders[k]);

      append_option_full (out, id, adm_strat_order_kind_describe (timed_orders[k]),
                          is_value (kind, id), NULL);
    }
  g_string_append (out, "</select></label>");

  /* F-STRAT-8: each leg offers what the one before can reach. */
  append_label (out, _("Route, sector by sector"));
  for (char leg = 'a'; leg <= 'd'; leg++)
    {
      g_autofree char *name = g_strdup_printf ("r%u%c", n, leg);

      append_route_leg (out, name, (guint) (leg - 'a'), scenario, distance,
                        filled (&fill, "r%c", leg));
    }
  g_string_append (out, "</label>");

  /* F-STRAT-3, F-STRAT-16: the enemies his side knows, or where he is and its neighbours. */
  append_label (out, _("Target"));
  g_string_append_printf (out, "<select name=\"t%u\">", n);
  append_option (out, "", "—");
  for (guint t = 0; t < targets->len; t++)
    {
      const AdmFormation *enemy = g_ptr_array_index (targets, t);
      g_autofree char *label = g_strdup_printf ("%s (%s)", enemy->name, enemy->faction->name);

      append_option_full (out, enemy->id, label, is_value (target, enemy->id), NULL);
    }
  {
    GPtrArray *sectors = adm_scenario_get_sectors (scenario);
    gboolean any = g_hash_table_size (distance) == 0;

    for (guint s = 0; s < sectors->len; s++)
      {
        const AdmSector *sector = g_ptr_array_index (sectors, s);
        gpointer d;

        if (any || (g_hash_table_lookup_extended (distance, sector, NULL, &d) &&
                    GPOINTER_TO_UINT (d) <= 1))
          append_option_full (out, sector->id, sector->name, is_value (target, sector->id),
                              NULL);
      }
  }
  g_string_append (out, "</select></label>");

  append_label (out, _("Flagship (F-STRAT-17)"));
  g_string_append_printf (out, "<select name=\"s%u\">", n);
  append_option (out, "", _("No change"));
  for (guint s = 0; s < formation->ships->len; s++)
    {
      const AdmShip *ship = g_ptr_array_index (formation->ships, s);

      append_option_full (out, ship->id, ship->name, is_value (filled (&fill, "s"), ship->id),
                          NULL);
    }
  g_string_append (out, "</select></label>");

  append_label (out, _("Instructions to the master (F-STRAT-18)"));
  g_string_append_printf (out, "<textarea name=\"i%u\" maxlength=\"1000\" rows=\"2\">", n);
  adm_portal_html_escape (out, filled (&fill, "i"));
  g_string_append (out, "</textarea></label>");
  append_administrative (out, n, formation, campaign, &fill);
  g_string_append (out, "</fieldset>");
}

/* "minute 20", or that it is not within this cycle. */
static char *
minute_text (double minute)
{
  return g_strdup_printf (_("minute %.0f"), minute);
}

/* The order's own action (F-STRAT-11), "patrol", "attack on Jade Squadron". */
static char *
action_text (const AdmStratOrder *order)
{
  if (order->kind == ADM_STRAT_ORDER_ATTACK && order->target_formation != NULL)
    /* Translators: an attack order read back, "attack on Jade Squadron" */
    return g_strdup_printf (_("attack on %s"), order->target_formation->name);
  return g_strdup (adm_strat_order_kind_describe (order->kind));
}

/* A timed order (F-STRAT-16) read back with its timing (F-STRAT-10, F-STRAT-11). */
static char *
read_back_timed (AdmStrategy         *strategy,
                 const AdmStratOrder *order)
{
  const char *name = order->formation->name;
  guint legs = order->route != NULL ? order->route->len : 0;
  const AdmSector *last = legs > 0 ? g_ptr_array_index (order->route, legs - 1) : NULL;
  g_autofree char *action = NULL, *at = NULL, *from = NULL;
  double arrival, start;

  adm_strategy_forecast_order (strategy, order, &arrival, &start);
  if (order->kind == ADM_STRAT_ORDER_MOVE)
    {
      if (arrival < 0)
        /* Translators: a move read back, "Jade Squadron moves to Pol, still on the way at the
         * communication session" */
        return g_strdup_printf (_("%s moves to %s, still on the way at the communication "
                                  "session"), name, last->name);
      at = minute_text (arrival);
      /* Translators: a move read back, "Jade Squadron moves to Pol, arriving at minute 20" */
      return g_strdup_printf (_("%s moves to %s, arriving at %s"), name, last->name, at);
    }
  action = action_text (order);
  if (start < 0)
    /* Translators: "Jade Squadron: patrol in Pol, not before the communication session" */
    return g_strdup_printf (_("%s: %s in %s, not before the communication session"), name,
                            action, order->target_sector->name);
  from = minute_text (start);
  if (last != NULL)
    {
      at = minute_text (arrival);
      /* Translators: "Jade Squadron moves to Pol, arriving at minute 20, then patrol there
       * from minute 20" */
      return g_strdup_printf (_("%s moves to %s, arriving at %s, then %s there from %s"), name,
                              last->name, at, action, from);
    }
  /* Translators: "Jade Squadron: patrol in Pol from minute 0" */
  return g_strdup_printf (_("%s: %s in %s from %s"), name, action,
                          order->target_sector->name, from);
}

char *
adm_portal_page_read_back (AdmStrategy         *strategy,
                           const AdmStratOrder *order)
{
  const char *name = order->formation->name;

  switch (order->kind)
    {
    case ADM_STRAT_ORDER_FLAGSHIP:
      /* Translators: "Jade Squadron: Triumph becomes the flagship" */
      return g_strdup_printf (_("%s: %s becomes the flagship"), name, order->flagship->name);
    case ADM_STRAT_ORDER_INSTRUCTIONS:
      /* Translators: "Jade Squadron: to the master, “Hold the jump point”" */
      return g_strdup_printf (_("%s: to the master, “%s”"), name,
                              order->text != NULL ? order->text : "");
    case ADM_STRAT_ORDER_FORM:
    case ADM_STRAT_ORDER_DETACH:
      /* Translators: "Jade Squadron: the new formation “Picket” (ships: 2)" */
      return g_strdup_printf (_("%s: the new formation “%s” (ships: %u)"), name,
                              order->new_name != NULL ? order->new_name
                                                      : order->new_formation,
                              order->ships != NULL ? order->ships->len : 0);
    case ADM_STRAT_ORDER_JOIN:
      /* Translators: "Jade Squadron joins Vanguard" */
      return g_strdup_printf (_("%s joins %s"), name,
                              order->target_join != NULL ? order->target_join->name : "");
    case ADM_STRAT_ORDER_DISBAND:
      return g_strdup_printf (_("%s is disbanded, each ship a formation of its own"), name);
    case ADM_STRAT_ORDER_MOVE:
    case ADM_STRAT_ORDER_ATTACK:
    case ADM_STRAT_ORDER_DEFEND:
    case ADM_STRAT_ORDER_PATROL:
    case ADM_STRAT_ORDER_LAY_MINES:
    case ADM_STRAT_ORDER_SWEEP_MINES:
    default:
      return read_back_timed (strategy, order);
    }
}

char *
adm_portal_page_form (AdmCampaign      *campaign,
                      const AdmAdmiral *admiral,
                      const char       *csrf)
{
  return adm_portal_page_form_filled (campaign, admiral, csrf, NULL);
}

char *
adm_portal_page_form_filled (AdmCampaign             *campaign,
                             const AdmAdmiral        *admiral,
                             const char              *csrf,
                             const AdmPortalFormFill *fill)
{
  AdmStrategy *strategy = strategy_of (campaign);
  AdmScenario *scenario = adm_campaign_get_scenario (campaign);
  GPtrArray *formations = adm_strategy_get_formations (strategy);
  g_autoptr(GPtrArray) known = adm_audience_known_formations (strategy, admiral->faction);
  g_autoptr(GPtrArray) targets = g_ptr_array_new ();
  GString *out = g_string_new (NULL);
  guint n = 0;

  /* F-STRAT-3: the enemies he may name as targets are those his side knows of, no other. */
  for (guint i = 0; i < known->len; i++)
    {
      const AdmFormation *formation = g_ptr_array_index (known, i);

      if (!adm_scenario_factions_allied (scenario, formation->faction, admiral->faction))
        g_ptr_array_add (targets, (gpointer) formation);
    }
  /* A form filled from a sheet he sent is his to keep: the page's script does not replace it
   * when the campaign changes. */
  g_string_append_printf (out, "<form method=\"post\" action=\"sheet\" id=\"orders\"%s>"
                          "<input type=\"hidden\" name=\"csrf\" value=\"",
                          fill != NULL && fill->keep ? " data-keep=\"1\"" : "");
  append_marked (out, csrf);
  g_string_append (out, "\">");
  for (guint i = 0; i < formations->len; i++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, i);

      if (formation->admiral == NULL || !g_str_equal (formation->admiral->id, admiral->id))
        continue;
      append_formation (out, n++, formation, campaign, targets, fill);
    }
  if (n == 0)
    {
      g_string_truncate (out, 0);
      append_element (out, "p", _("You command no formation now."));
      return g_string_free (out, FALSE);
    }
  /* The read-back is the server's: it works without the page's script. */
  g_string_append (out, "<div class=\"buttons\"><button type=\"submit\" name=\"step\" "
                        "value=\"check\" class=\"second\">");
  adm_portal_html_escape (out, _("Read my orders back"));
  g_string_append (out, "</button> <button type=\"submit\">");
  adm_portal_html_escape (out, _("Hand in the sheet"));
  g_string_append (out, "</button></div></form>");
  return g_string_free (out, FALSE);
}

/* The page */

/* The compiled-in resources of src/portal/ (portal.gresource.xml). */
GResource *adm_portal_get_resource (void);

/* The text of the resource @name as the page inlines it: without its first comment (its
 * licence and what it is) and without line breaks, the file keeping a rule a line for its
 * reader. */
static char *
inlined_resource (const char *name)
{
  g_autofree char *path = g_strconcat ("/io/github/admiralty/Admiralty/portal/", name, NULL);
  g_autoptr(GBytes) bytes = g_resource_lookup_data (adm_portal_get_resource (), path,
                                                    G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  const char *text, *p;
  GString *out;

  /* Compiled in: always there, and ended by a NUL as every resource is. */
  g_assert (bytes != NULL);
  text = g_bytes_get_data (bytes, NULL);
  p = strstr (text, "*/\n");
  g_assert (p != NULL);
  out = g_string_sized_new (g_bytes_get_size (bytes));
  for (p += 3; *p != '\0'; p++)
    if (*p != '\n')
      g_string_append_c (out, *p);
  return g_string_free (out, FALSE);
}

/* The page's style (adm-portal-page.css), made once. */
static const char *
page_style (void)
{
  static char *style;

  if (g_once_init_enter (&style))
    g_once_init_leave (&style, inlined_resource ("adm-portal-page.css"));
  return style;
}

/* The page's script (adm-portal-page.js, which says what it does), made once. */
static const char *
page_script (void)
{
  static char *script;

  if (g_once_init_enter (&script))
    g_once_init_leave (&script, inlined_resource ("adm-portal-page.js"));
  return script;
}


static char *
format_remaining (gint64 seconds)
{
  gint64 s = ABS (seconds);

  if (s >= 3600)
    return g_strdup_printf ("%s%" G_GINT64_FORMAT ":%02d:%02d", seconds < 0 ? "−" : "",
                            s / 3600, (int) (s / 60 % 60), (int) (s % 60));
  return g_strdup_printf ("%s%d:%02d", seconds < 0 ? "−" : "", (int) (s / 60), (int) (s % 60));
}

char *
adm_portal_page_clock_text (gint64 deadline,
                            gint64 now)
{
  return format_remaining (deadline - now);
}

static void
append_section (GString    *out,
                const char *id,
                const char *heading,
                const char *html)
{
  g_string_append_printf (out, "<section id=\"%s\"><h2>", id);
  adm_portal_html_escape (out, heading);
  g_string_append (out, "</h2>");
  g_string_append (out, html);
  g_string_append (out, "</section>");
}

/* Under the countdown: paused, or the time the master has added this cycle. */
static void
append_clock_note (GString             *out,
                   const AdmPortalPage *page)
{
  g_string_append (out, "<p id=\"clock-note\">");
  if (page->paused >= 0)
    adm_portal_html_escape (out, _("Paused by the master."));
  else if (page->extended > 0 && page->deadline > 0)
    {
      g_autofree char *added = format_remaining (page->extended);
      /* Translators: under the countdown, "The master has given 5:00 more." */
      g_autofree char *text = g_strdup_printf (_("The master has given %s more."), added);

      adm_portal_html_escape (out, text);
    }
  g_string_append (out, "</p>");
}

static void
append_session (GString             *out,
                const AdmPortalPage *page,
                const char          *now)
{
  g_autofree char *version = page->version_mark != NULL ? g_strdup (page->version_mark)
                                                        : g_strdup_printf ("%u", page->version);
  g_autofree char *clock = page->paused >= 0 ? format_remaining (page->paused)
                           : page->deadline <= 0 ? g_strdup (_("not running"))
                           : page->clock_mark != NULL ? g_strdup (page->clock_mark)
                           : format_remaining (page->deadline - page->now);

  g_string_append (out, "<section id=\"session\"><h2>");
  adm_portal_html_escape (out, _("Next communication session"));
  g_string_append_printf (out, "</h2><p class=\"clock%s\" id=\"clock\" data-deadline=\"%"
                          G_GINT64_FORMAT "\" data-paused=\"%" G_GINT64_FORMAT "\" "
                          "data-now=\"%s\" data-version=\"%s\" data-key=\"",
                          page->paused >= 0 ? " paused" : "", page->deadline, page->paused, now,
                          version);
  append_marked (out, page->state_key);
  g_string_append (out, "\">");
  append_marked (out, clock);
  g_string_append (out, "</p>");
  append_clock_note (out, page);
  g_string_append (out, "</section>");
}

/* The line the script shows while the link to the master's computer is down (with a sheet, a
 * muster or another post waiting to be sent, or none), and a moment after it is back; its
 * words from here ("%s": the time the link went, or came back). */
static void
append_link (GString *out)
{
  g_string_append (out, "<p id=\"link\" role=\"status\" hidden data-off=\"");
  /* Translators: the phone lost the room's network at 18:32 */
  adm_portal_html_escape (out, _("Offline since %s — what you write stays on this phone."));
  g_string_append (out, "\" data-sheet=\"");
  /* Translators: the phone lost the room's network at 18:32 after "Hand in the sheet" */
  adm_portal_html_escape (out, _("Offline since %s — your sheet will be sent when the link is "
                                 "back."));
  g_string_append (out, "\" data-muster=\"");
  /* Translators: the phone lost the room's network at 18:32 after "Hand in the muster" */
  adm_portal_html_escape (out, _("Offline since %s — your muster will be sent when the link is "
                                 "back."));
  g_string_append (out, "\" data-post=\"");
  /* Translators: the phone lost the room's network at 18:32 after "Mark my sheet final" */
  adm_portal_html_escape (out, _("Offline since %s — what you sent will reach the master when "
                                 "the link is back."));
  g_string_append (out, "\" data-check=\"");
  /* Translators: the phone lost the room's network at 18:32 after "Read my orders back"
   * (a read-back of his sheet or muster, which hands nothing in) */
  adm_portal_html_escape (out, _("Offline since %s — it will be read back to you when the link "
                                 "is back; nothing is handed in."));
  g_string_append (out, "\" data-back=\"");
  /* Translators: the phone reached the master's computer again at 18:35 */
  adm_portal_html_escape (out, _("Back online at %s."));
  g_string_append (out, "\"></p>");
}

/* What the script shows after "Sign out on this phone", and asks before it when a sheet of his
 * still waits for the link. */
static void
append_sign_out (GString *out)
{
  g_string_append (out, "<p><button type=\"button\" id=\"signout\" class=\"second\" hidden "
                        "data-ask=\"");
  adm_portal_html_escape (out, _("Your sheet has not reached the master yet: signing out "
                                 "drops it from this phone. Sign out?"));
  g_string_append (out, "\" data-done=\"");
  adm_portal_html_escape (out, _("Signed out: nothing of yours is kept on this phone. Your "
                                 "link still opens your page — keep it to yourself."));
  g_string_append (out, "\">");
  adm_portal_html_escape (out, _("Sign out on this phone"));
  g_string_append (out, "</button></p>");
}

/* The line the script fills in when the page changes under him, its words from here. */
static void
append_changed (GString *out)
{
  g_string_append (out, "<p id=\"changed\" role=\"status\" hidden data-text=\"");
  /* Translators: the page changed while open: "Updated at 18:40: Your fleet · Your reports" */
  adm_portal_html_escape (out, _("Updated at %1$s: %2$s"));
  g_string_append (out, "\" data-kept=\"");
  adm_portal_html_escape (out, _("your form keeps what you wrote; reload the page for the "
                                 "new choices"));
  g_string_append (out, "\"></p>");
}

char *
adm_portal_page_render (const AdmPortalPage *page)
{
  GString *out = g_string_sized_new (16384);
  g_autofree char *now = page->now_mark != NULL ? g_strdup (page->now_mark)
                                                : g_strdup_printf ("%" G_GINT64_FORMAT, page->now);
  g_autofree char *sheet_heading = page->sheet_heading != NULL
                                   ? g_strdup (page->sheet_heading)
                                   : g_strdup_printf (_("Your order sheet for cycle %u"),
                                                      page->cycle);

  g_string_append_printf (out, "<!DOCTYPE html><html lang=\"%s\"><head><meta charset=\"utf-8\">"
                          "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">"
                          "<meta name=\"referrer\" content=\"no-referrer\"><title>",
                          page->lang);
  adm_portal_html_escape (out, page->title);
  g_string_append_printf (out, "</title><style nonce=\"%s\">%s</style></head><body",
                          page->nonce, page_style ());
  if (page->store != NULL)
    g_string_append_printf (out, " data-store=\"%s\" data-cycle=\"%u\"", page->store,
                            page->cycle);
  g_string_append (out, "><header><h1>");
  adm_portal_html_escape (out, page->title);
  g_string_append (out, "</h1><p class=\"sub\">");
  adm_portal_html_escape (out, page->subtitle);
  g_string_append (out, "</p></header>");
  append_link (out);
  append_changed (out);
  if (page->war_over != NULL)
    {
      g_autofree char *over = g_strdup_printf (_("The war is over: %s"), page->war_over);

      g_string_append (out, "<p id=\"war-over\" class=\"msg info\" role=\"status\">");
      adm_portal_html_escape (out, over);
      if (page->truth_published)
        {
          g_string_append_c (out, ' ');
          adm_portal_html_escape (out, _("The master has published the whole truth: your "
                                         "reports are his, and your page shows everything."));
          g_string_append (out, " <a href=\"archive.html\" download>");
          adm_portal_html_escape (out, _("The war's archive, battle by battle (one file that "
                                         "opens without the network)"));
          g_string_append (out, "</a>");
        }
      g_string_append (out, "</p>");
    }

  append_session (out, page, now);
  if (page->store != NULL)
    adm_portal_page_append_dice_section (out);

  g_string_append (out, "<section id=\"sheet\"><h2>");
  adm_portal_html_escape (out, sheet_heading);
  g_string_append (out, "</h2><div id=\"sheet-head\">");
  if (page->message != NULL)
    {
      g_string_append_printf (out, "<p class=\"msg%s\" role=\"status\">",
                              page->message_is_error ? " err" : " info");
      adm_portal_html_escape (out, page->message);
      g_string_append (out, "</p>");
    }
  g_string_append_printf (out, "<p id=\"sheet-status\"%s>",
                          page->sheet_is_error ? " class=\"msg err\""
                          : page->sheet_is_news ? " class=\"msg\"" : "");
  adm_portal_html_escape (out, page->sheet_status);
  g_string_append (out, "</p>");
  if (page->final_html != NULL)
    g_string_append (out, page->final_html);
  g_string_append (out, "</div>");
  g_string_append (out, page->form_html);
  g_string_append (out, "</section>");

  append_section (out, "fleet", _("Your fleet"), page->cards_html);
  append_section (out, "known", _("What your side knows of other formations"), page->known_html);
  append_section (out, "reports", _("Your reports"), page->reports_html);

  g_string_append (out, "<footer>");
  adm_portal_html_escape (out, _("Served by the game master’s Admiralty over the room’s network "
                                 "(plain HTTP): keep this link to yourself."));
  if (page->store != NULL)
    append_sign_out (out);
  g_string_append_printf (out, "</footer><script nonce=\"%s\">%s</script>", page->nonce,
                          page_script ());
  if (page->store != NULL)
    adm_portal_page_append_dice_script (out, page->nonce);
  g_string_append (out, "</body></html>\n");
  return g_string_free (out, FALSE);
}

char *
adm_portal_page_final (gboolean    can_mark,
                       gboolean    final,
                       gboolean    orders,
                       const char *csrf)
{
  GString *out;

  if (!can_mark)
    return NULL;
  out = g_string_new (NULL);
  g_string_append_printf (out, "<form class=\"final%s\" id=\"final\" method=\"post\" "
                          "action=\"final\"><input type=\"hidden\" name=\"csrf\" value=\"",
                          final ? " on" : "");
  append_marked (out, csrf);
  g_string_append_printf (out, "\"><input type=\"hidden\" name=\"final\" value=\"%s\"><p>",
                          final ? "no" : "yes");
  adm_portal_html_escape (out, final ? _("✔ Your sheet is marked final.")
                                     : _("Nothing more to send this cycle?"));
  g_string_append_printf (out, "</p><button type=\"submit\"%s>",
                          final ? " class=\"off\""
                                : orders ? " form=\"orders\" name=\"final\" value=\"yes\"" : "");
  adm_portal_html_escape (out, final ? _("Not final after all") : _("Mark my sheet final"));
  g_string_append (out, "</button></form>");
  return g_string_free (out, FALSE);
}
