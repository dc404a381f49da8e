/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-portal-page.h: the admiral's page of the portal (adm-portal.h) as HTML — one page,
 * mobile first, no external resource (styles and the countdown's script inline, allowed by
 * the page's Content-Security-Policy nonce). Every text from the campaign goes through
 * adm_portal_html_escape (): a faction called "<script>" is text. The words come from the
 * gettext catalogue in the language the caller has set (adm_portal_page_language ()). */
#pragma once

#include <glib.h>

#include "adm-audience.h"
#include "adm-battle.h"
#include "adm-campaign.h"
#include "adm-doc.h"

G_BEGIN_DECLS

/* @text escaped by g_markup_escape_text () (&, <, >, " and ' as entities, control characters
 * as character references), appended to @out; bytes that are not UTF-8 become U+FFFD first.
 * NULL appends nothing. */
void   adm_portal_html_escape      (GString          *out,
                                    const char       *text);
/* @doc's blocks as HTML (headings from <h3> down, tables, cards as definition lists). */
void   adm_portal_html_doc         (GString          *out,
                                    AdmDoc           *doc);
/* "ru" or "en": the first of them the browser's Accept-Language header prefers (by q); "en"
 * when it names neither. */
const char *adm_portal_page_language (const char     *accept_language);

/* The side of @battle that is @admiral's (his faction's or an ally's), for the audience
 * filter; the public's when none is. */
AdmAudience adm_portal_page_battle_audience (AdmScenario      *scenario,
                                             AdmBattle        *battle,
                                             const AdmAdmiral *admiral);
/* The section of his page where his side's dice are thrown by a tap, and its script
 * (adm-portal-dice.js, inlined with @nonce), which fills the section in from dice.json: empty
 * while no phase of a battle of his side waits for them (adm-portal-dice.c). */
void   adm_portal_page_append_dice_section (GString    *out);
void   adm_portal_page_append_dice_script  (GString    *out,
                                            const char *nonce);

/* The fragments of an admiral's page that depend on the campaign only (not on the request),
 * built through the engine's filters for his side. */
char  *adm_portal_page_cards       (AdmCampaign      *campaign,
                                    const AdmAdmiral *admiral,
                                    const char       *battles_dir) G_GNUC_WARN_UNUSED_RESULT;
char  *adm_portal_page_reports     (AdmCampaign      *campaign,
                                    const AdmAdmiral *admiral,
                                    const char       *battles_dir) G_GNUC_WARN_UNUSED_RESULT;
/* One resolved cycle's report of adm_portal_page_reports (), and what it shows when there is
 * none yet: the page's reports are these, newest first. */
char  *adm_portal_page_report      (AdmCampaign      *campaign,
                                    const AdmAdmiral *admiral,
                                    const char       *battles_dir,
                                    guint             cycle) G_GNUC_WARN_UNUSED_RESULT;
char  *adm_portal_page_no_reports  (void) G_GNUC_WARN_UNUSED_RESULT;
/* F-STRAT-3: the other sides' formations his side knows of (adm_audience_known_formations ()),
 * where they are, their strength, and when and where his side last met them. */
char  *adm_portal_page_known       (AdmCampaign      *campaign,
                                    const AdmAdmiral *admiral) G_GNUC_WARN_UNUSED_RESULT;
/* The order form: one fieldset per formation he commands (order, route, target, flagship,
 * instructions; detach, join, form or disband), posting to "sheet" with @csrf. */
char  *adm_portal_page_form        (AdmCampaign      *campaign,
                                    const AdmAdmiral *admiral,
                                    const char       *csrf) G_GNUC_WARN_UNUSED_RESULT;

/* @order (checked by @strategy, not yet applied to it) read back as a sentence in the
 * caller's language, with its timing as the engine reckons it (adm_strategy_forecast_order ()):
 * "Jade Squadron moves to Pol, arriving at minute 20". */
char  *adm_portal_page_read_back   (AdmStrategy         *strategy,
                                    const AdmStratOrder *order) G_GNUC_WARN_UNUSED_RESULT;

/* A form filled in again: with the values of a sheet he posted (field name → value, as the
 * form names them), and beside each of that sheet's fieldsets (by its number in @values) why
 * its orders were refused and what they say, read back (char*, NULL for none). */
typedef struct {
  GHashTable *values;
  GPtrArray  *refusals;
  GPtrArray  *readback;
  gboolean    keep;      /* the page's script keeps it when the campaign changes */
} AdmPortalFormFill;

char  *adm_portal_page_form_filled (AdmCampaign             *campaign,
                                    const AdmAdmiral        *admiral,
                                    const char              *csrf,
                                    const AdmPortalFormFill *fill) G_GNUC_WARN_UNUSED_RESULT;

/* The ships a detach (its own) or form order of @formation (also those of the admiral's
 * other formations in its sector, F-STRAT-12) may name: the form's ticks, in this order. */
GPtrArray *adm_portal_page_offered_ships (AdmCampaign        *campaign,
                                          const AdmFormation *formation) G_GNUC_WARN_UNUSED_RESULT;

typedef struct {
  const char *lang;              /* "en" | "ru" */
  const char *store;             /* the name of what his page keeps on the phone (his draft,
                                  * the sheet waiting for the link): his alone, and saying
                                  * nothing of him or his link; NULL: it keeps nothing */
  const char *title;             /* the admiral's name */
  const char *subtitle;          /* faction, campaign */
  guint       cycle;             /* the cycle orders are given for */
  guint       version;           /* his page's version (status.json): a change reloads */
  const char *version_mark;      /* when not NULL: written in place of the version, for the
                                  * caller to fill in with a digest of the page made */
  gint64      now;               /* unix seconds */
  gint64      deadline;          /* next communication session; 0: unknown */
  gint64      paused;            /* seconds left while the master has paused the clock;
                                  * -1: not paused */
  gint64      extended;          /* seconds the master has added to this cycle's clock */
  const char *state_key;         /* what status.json says, as the script compares it */
  const char *sheet_heading;     /* the heading of his sheet's section, or NULL: "Your order
                                  * sheet for cycle N" */
  const char *sheet_status;      /* plain text */
  gboolean    sheet_is_news;     /* a sheet of his is in: the status stands out */
  gboolean    sheet_is_error;    /* ... and it was refused */
  const char *message;           /* plain text shown on top after a POST, or NULL */
  gboolean    message_is_error;
  const char *nonce;             /* for the inline style and script */
  const char *now_mark;          /* when not NULL: written in place of the time and the
                                  * countdown's text, for the caller to fill in per request */
  const char *clock_mark;
  const char *final_html;        /* adm_portal_page_final (), or NULL */
  const char *war_over;          /* the master ended the campaign: his reason, plain text, or
                                  * NULL while it goes on */
  gboolean    truth_published;   /* ... and published the whole truth (adm-audience.h) */
  const char *form_html;         /* fragments, HTML already */
  const char *cards_html;
  const char *known_html;
  const char *reports_html;
} AdmPortalPage;

char  *adm_portal_page_render      (const AdmPortalPage *page) G_GNUC_WARN_UNUSED_RESULT;
/* The final mark's control (adm_portal_set_final ()): a button that marks his sheet final,
 * or (@final) says it is and takes the mark back (posting "final=no" to "final" with @csrf);
 * NULL when he has no sheet that can be marked (@can_mark FALSE). With @orders (the page has
 * his order form, "orders"), the mark posts that form as he sees it with "final=yes", so that
 * what is marked is what he sees: orders changed since the hand-in are handed in with it. */
char  *adm_portal_page_final       (gboolean          can_mark,
                                    gboolean          final,
                                    gboolean          orders,
                                    const char       *csrf) G_GNUC_WARN_UNUSED_RESULT;
/* The countdown as the page first shows it: "32:15", "1:02:15", "−0:30" when overdue. */
char  *adm_portal_page_clock_text  (gint64            deadline,
                                    gint64            now) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
