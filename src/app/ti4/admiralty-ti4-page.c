/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-ti4-page.c: the Twilight Imperium 4 combat tab — set-up with live exact odds,
 * then the combat resolved round by round (LRR 39, 48). */

#include "config.h"

#include <string.h>
#include <unistd.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "adm-doc-render.h"
#include "admiralty-drafts.h"
#include "admiralty-luck-window.h"
#include "admiralty-plain-text.h"
#include "admiralty-print.h"
#include "admiralty-ti4-hits-dialog.h"
#include "admiralty-ti4-page-private.h"
#include "admiralty-toast.h"
#include "adm-luck.h"
#include "admiralty-typed-dice.h"
#include "admiralty-tooltip.h"

G_DEFINE_FINAL_TYPE (AdmiraltyTi4Page, admiralty_ti4_page, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_SESSION_PATH,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The odds follow the set-up this long after its last change. */
#define ODDS_DELAY_MS 100
/* More steps than any combat of ADM_TI4_MAX_TOTAL units a side can take. */
#define MAX_AUTO_STEPS 100000

static void admiralty_ti4_page_update_combat (AdmiraltyTi4Page *self);

static const char *
side_name (AdmiraltyTi4Page *self,
           AdmTi4Side        side)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->name_rows[side]));

  return text != NULL && text[0] != '\0' ? text : adm_ti4_side_name (side);
}

static char *
format_percent (double probability)
{
  /* Translators: a probability in percent, "62.3 %" */
  return g_strdup_printf (_("%.1f %%"), 100 * probability);
}

static void
present_error (AdmiraltyTi4Page *self,
               const char       *heading,
               const char       *body)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *dialog;

  if (self->error_dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (self->error_dialog));

  dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                   heading, body);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  g_set_weak_pointer (&self->error_dialog, dialog);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
toast (AdmiraltyTi4Page *self,
       const char       *title)
{
  adw_toast_overlay_add_toast (self->toast_overlay, admiralty_toast_new (title, 0));
}

/* Set-up */

void
_admiralty_ti4_page_get_setup (AdmiraltyTi4Page *self,
                               AdmTi4Setup      *setup)
{
  guint n = self->catalog != NULL ? adm_ti4_catalog_get_n_units (self->catalog) : 0;

  memset (setup, 0, sizeof *setup);
  setup->arena = self->arena;
  adm_ti4_fleet_clear (&setup->attacker);
  adm_ti4_fleet_clear (&setup->defender);

  /* Ground combat takes only ground forces (LRR 48); in space they ride along as cargo. */
  for (guint u = 0; u < n; u++)
    {
      const AdmTi4Unit *unit = adm_ti4_catalog_get_unit (self->catalog, u);

      if (self->arena == ADM_TI4_GROUND && unit->kind != ADM_TI4_KIND_GROUND)
        continue;
      setup->attacker.intact[u] = gtk_spin_button_get_value_as_int (self->spins[0][u]);
      setup->defender.intact[u] = gtk_spin_button_get_value_as_int (self->spins[1][u]);
    }

  /* The names are borrowed from the entries. */
  setup->attacker_name = (char *) side_name (self, ADM_TI4_ATTACKER);
  setup->defender_name = (char *) side_name (self, ADM_TI4_DEFENDER);
  setup->attacker_can_retreat = self->arena == ADM_TI4_SPACE
                                && gtk_switch_get_active (self->system_switches[0]);
  setup->defender_can_retreat = self->arena == ADM_TI4_SPACE
                                && gtk_switch_get_active (self->system_switches[1]);
}

void
_admiralty_ti4_page_get_options (AdmiraltyTi4Page  *self,
                                 AdmTi4OddsOptions *options)
{
  int *retreat_after[2];

  adm_ti4_odds_options_init (options);
  options->arena = self->arena;
  options->attacker_policy = adw_combo_row_get_selected (self->policy_rows[0]);
  options->defender_policy = adw_combo_row_get_selected (self->policy_rows[1]);
  retreat_after[0] = &options->attacker_retreat_after;
  retreat_after[1] = &options->defender_retreat_after;

  /* LRR 39.4: only space combat has retreats; the odds assume the side has a system to
   * go to, so one without it never announces. */
  for (guint s = 0; s < 2; s++)
    *retreat_after[s] = self->arena == ADM_TI4_SPACE
                        && adw_expander_row_get_enable_expansion (self->retreat_rows[s])
                        && gtk_switch_get_active (self->system_switches[s])
                        ? gtk_spin_button_get_value_as_int (self->retreat_spins[s]) : -1;
}

static void
show_odds (AdmiraltyTi4Page *self,
           const AdmTi4Odds *odds)
{
  const double parts[3] = { odds->attacker, odds->draw, odds->defender };
  g_autofree char *details = NULL;
  g_autofree char *rounds = NULL;

  admiralty_ti4_odds_bar_set_values (self->odds_bar, odds->attacker, odds->draw,
                                     odds->defender);
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *percent = format_percent (parts[i]);

      gtk_label_set_text (self->percent_labels[i], percent);
    }

  /* Translators: the expected length of a combat */
  rounds = g_strdup_printf (_("Expected rounds: %.2f"), odds->expected_rounds);
  if (self->arena == ADM_TI4_SPACE)
    {
      g_autofree char *a = format_percent (odds->outcome[ADM_TI4_OUTCOME_ATTACKER_RETREATED]);
      g_autofree char *d = format_percent (odds->outcome[ADM_TI4_OUTCOME_DEFENDER_RETREATED]);

      /* Translators: "Retreats: Attacker 12.0 %, Defender 0.0 % · Expected rounds: 2.41" */
      details = g_strdup_printf (_("Retreats: %s %s, %s %s · %s"),
                                 side_name (self, ADM_TI4_ATTACKER), a,
                                 side_name (self, ADM_TI4_DEFENDER), d, rounds);
    }
  else
    details = g_steal_pointer (&rounds);
  gtk_label_set_text (self->details_label, details);

  for (guint s = 0; s < 2; s++)
    for (guint u = 0; u < ADM_TI4_MAX_UNITS; u++)
      {
        const double *expected = s == 0 ? odds->attacker_expected : odds->defender_expected;
        g_autofree char *text = NULL;

        if (self->expect_labels[s][u] == NULL)
          continue;
        if (gtk_spin_button_get_value_as_int (self->spins[s][u]) > 0
            && gtk_widget_get_visible (GTK_WIDGET (self->unit_rows[s][u])))
          /* Translators: the expected number of these units left after the combat */
          text = g_strdup_printf (_("≈ %.2f left"), expected[u]);
        gtk_label_set_text (self->expect_labels[s][u], text != NULL ? text : "");
      }
}

/* A set-up with no odds (the engine refused it) shows no survivors either: the figures
 * beside the units would be those of the set-up before. */
static void
clear_expected (AdmiraltyTi4Page *self)
{
  for (guint s = 0; s < 2; s++)
    for (guint u = 0; u < ADM_TI4_MAX_UNITS; u++)
      if (self->expect_labels[s][u] != NULL)
        gtk_label_set_text (self->expect_labels[s][u], "");
}

static void
update_captions (AdmiraltyTi4Page *self)
{
  g_autofree char *attacker = NULL;
  g_autofree char *defender = NULL;

  /* Translators: under the odds bar, the side that holds the system or planet (LRR 39.10) */
  attacker = g_strdup_printf (_("%s wins"), side_name (self, ADM_TI4_ATTACKER));
  defender = g_strdup_printf (_("%s wins"), side_name (self, ADM_TI4_DEFENDER));
  gtk_label_set_text (self->caption_labels[0], attacker);
  gtk_label_set_text (self->caption_labels[1], _("Draw"));
  gtk_label_set_text (self->caption_labels[2], defender);
}

/* What one odds computation works on: copies, so the thread shares nothing with the page. */
typedef struct {
  AdmTi4Catalog     *catalog;
  AdmTi4Setup        setup;
  AdmTi4OddsOptions  options;
} OddsJob;

static void
odds_job_free (gpointer data)
{
  OddsJob *job = data;

  g_object_unref (job->catalog);
  g_free (job);
}

static void
odds_thread (GTask        *task,
             gpointer      source,
             gpointer      data,
             GCancellable *cancellable)
{
  OddsJob *job = data;
  GError *error = NULL;
  AdmTi4Odds *odds;

  odds = adm_ti4_odds_compute_cancellable (job->catalog, &job->setup.attacker,
                                           &job->setup.defender, &job->options, cancellable,
                                           &error);
  if (odds == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, odds, (GDestroyNotify) adm_ti4_odds_free);
}

static void
odds_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      data)
{
  AdmiraltyTi4Page *self;
  g_autoptr(AdmTi4Odds) odds = NULL;
  g_autoptr(GError) error = NULL;

  odds = g_task_propagate_pointer (G_TASK (result), &error);
  /* A newer set-up took over (its computation cancelled this one), or the page is gone. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  self = ADMIRALTY_TI4_PAGE (source);
  g_clear_object (&self->odds_cancellable);
  gtk_widget_remove_css_class (GTK_WIDGET (self->odds_stack), "dim-label");
  self->odds_updates++;
  self->setup_valid = odds != NULL;
  gtk_widget_set_sensitive (self->start_button, self->setup_valid);

  if (odds == NULL)
    {
      /* An invalid set-up (a side with no ships, too many units): the engine says why. */
      gtk_label_set_text (self->odds_message_label, error->message);
      gtk_stack_set_visible_child_name (self->odds_stack, "invalid");
      clear_expected (self);
      return;
    }

  show_odds (self, odds);
  gtk_stack_set_visible_child_name (self->odds_stack, "odds");
}

/* The odds are exact, and a large combat takes seconds to solve: they are computed in a
 * thread, the previous computation cancelled, and the old figures dimmed until the new ones
 * arrive. */
static void
admiralty_ti4_page_update_odds (AdmiraltyTi4Page *self)
{
  g_autoptr(GTask) task = NULL;
  OddsJob *job;

  g_clear_handle_id (&self->odds_source, g_source_remove);
  update_captions (self);
  if (self->odds_cancellable != NULL)
    g_cancellable_cancel (self->odds_cancellable);
  g_clear_object (&self->odds_cancellable);

  if (self->catalog == NULL)
    {
      gtk_label_set_text (self->odds_message_label, self->catalog_error);
      gtk_stack_set_visible_child_name (self->odds_stack, "invalid");
      clear_expected (self);
      self->setup_valid = FALSE;
      gtk_widget_set_sensitive (self->start_button, FALSE);
      return;
    }

  job = g_new0 (OddsJob, 1);
  job->catalog = g_object_ref (self->catalog);
  _admiralty_ti4_page_get_setup (self, &job->setup);
  _admiralty_ti4_page_get_options (self, &job->options);
  /* The names are not needed for the odds, and would be shared with the page. */
  job->setup.attacker_name = job->setup.defender_name = NULL;

  self->odds_cancellable = g_cancellable_new ();
  self->setup_valid = FALSE;
  gtk_widget_set_sensitive (self->start_button, FALSE);
  gtk_widget_add_css_class (GTK_WIDGET (self->odds_stack), "dim-label");
  task = g_task_new (self, self->odds_cancellable, odds_done_cb, NULL);
  g_task_set_source_tag (task, admiralty_ti4_page_update_odds);
  g_task_set_task_data (task, job, odds_job_free);
  g_task_run_in_thread (task, odds_thread);
}

static gboolean
odds_timeout_cb (gpointer data)
{
  AdmiraltyTi4Page *self = data;

  self->odds_source = 0;
  admiralty_ti4_page_update_odds (self);
  return G_SOURCE_REMOVE;
}

/* The set-up's draft */

#define DRAFT_GROUP "ti4-setup"
#define DRAFT_SUFFIX ".ti4-setup"

static void
notify_session_path (AdmiraltyTi4Page *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION_PATH]);
}

/* A new draft's name in the drafts folder: "ti4-setup-20261125-041502.ti4-setup". */
static char *
new_draft_path (void)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  g_autofree char *folder = g_build_filename (g_get_user_data_dir (), "admiralty", "drafts",
                                              NULL);

  for (guint n = 1;; n++)
    {
      g_autofree char *name = n == 1 ? g_strdup_printf ("ti4-setup-%s" DRAFT_SUFFIX, stamp)
                                     : g_strdup_printf ("ti4-setup-%s-%u" DRAFT_SUFFIX, stamp, n);
      char *path = g_build_filename (folder, name, NULL);

      if (!g_file_test (path, G_FILE_TEST_EXISTS))
        return path;
      g_free (path);
    }
}

/* The draft's keys of each side (AdmTi4Side). */
enum { KEY_NAME, KEY_UNITS, KEY_POLICY, KEY_RETREAT, KEY_RETREAT_AFTER, KEY_SYSTEM, N_KEYS };

static const char * const draft_keys[2][N_KEYS] = {
  { "attacker-name", "attacker-units", "attacker-policy", "attacker-retreat",
    "attacker-retreat-after", "attacker-system" },
  { "defender-name", "defender-units", "defender-policy", "defender-retreat",
    "defender-retreat-after", "defender-system" },
};

/* Every unit count as typed, those the arena hides included: a switch to ground combat and
 * back loses none of them. */
static void
typed_fleet (AdmiraltyTi4Page *self,
             AdmTi4Side        side,
             AdmTi4Fleet      *fleet)
{
  adm_ti4_fleet_clear (fleet);
  for (guint u = 0; u < ADM_TI4_MAX_UNITS; u++)
    if (self->spins[side][u] != NULL)
      fleet->intact[u] = gtk_spin_button_get_value_as_int (self->spins[side][u]);
}

/* Keeps the set-up as it is now in its draft, whole, so that a crash or `kill -9` while it
 * is being typed loses none of it (as the orders' and declarations' drafts do). */
static void
write_draft (AdmiraltyTi4Page *self)
{
  g_autoptr(GKeyFile) keys = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  gsize length;

  if (self->catalog == NULL || self->combat != NULL || self->filling)
    return;
  if (self->draft_path == NULL)
    {
      self->draft_path = new_draft_path ();
      notify_session_path (self);
    }
  keys = g_key_file_new ();
  g_key_file_set_string (keys, DRAFT_GROUP, "arena", adm_ti4_arena_to_string (self->arena));
  for (AdmTi4Side side = ADM_TI4_ATTACKER; side <= ADM_TI4_DEFENDER; side++)
    {
      const char * const *key = draft_keys[side];
      g_autofree char *units = NULL;
      AdmTi4Fleet fleet;

      typed_fleet (self, side, &fleet);
      units = adm_ti4_fleet_to_string (self->catalog, &fleet);
      g_key_file_set_string (keys, DRAFT_GROUP, key[KEY_NAME],
                             gtk_editable_get_text (GTK_EDITABLE (self->name_rows[side])));
      g_key_file_set_string (keys, DRAFT_GROUP, key[KEY_UNITS], units);
      g_key_file_set_string (keys, DRAFT_GROUP, key[KEY_POLICY],
                             adm_ti4_policy_to_string (adw_combo_row_get_selected (
                                                         self->policy_rows[side])));
      g_key_file_set_boolean (keys, DRAFT_GROUP, key[KEY_RETREAT],
                              adw_expander_row_get_enable_expansion (self->retreat_rows[side]));
      g_key_file_set_integer (keys, DRAFT_GROUP, key[KEY_RETREAT_AFTER],
                              gtk_spin_button_get_value_as_int (self->retreat_spins[side]));
      g_key_file_set_boolean (keys, DRAFT_GROUP, key[KEY_SYSTEM],
                              gtk_switch_get_active (self->system_switches[side]));
    }
  text = g_key_file_to_data (keys, &length, NULL);
  if (!admiralty_draft_write (self->draft_path, text, length, &error))
    {
      /* Translators: a toast; %s says why, e.g. "No space left on device" */
      g_autofree char *title = g_strdup_printf (_("Could not keep the set-up: %s"),
                                                error->message);

      toast (self, title);
    }
}

static void
remove_draft (AdmiraltyTi4Page *self)
{
  if (self->draft_path == NULL)
    return;
  admiralty_draft_remove (self->draft_path);
  g_clear_pointer (&self->draft_path, g_free);
  notify_session_path (self);
}

/* Every change restarts the delay: typing "12" computes once, for 12. The draft is written
 * at once. */
static void
setup_changed_cb (AdmiraltyTi4Page *self)
{
  g_clear_handle_id (&self->odds_source, g_source_remove);
  self->odds_source = g_timeout_add (ODDS_DELAY_MS, odds_timeout_cb, self);
  update_captions (self);
  write_draft (self);
}

static void
policy_selected_cb (AdmiraltyTi4Page *self,
                    GParamSpec       *pspec,
                    AdwComboRow      *row)
{
  admiralty_tooltip_set (GTK_WIDGET (row),
                         adm_ti4_policy_describe (adw_combo_row_get_selected (row)));
  setup_changed_cb (self);
}

/* "Combat 5 · Sustain Damage · Barrage 9 ×2 · Capacity 1" */
static char *
unit_summary (const AdmTi4Unit *unit,
              gboolean          cargo)
{
  GString *text = g_string_new (NULL);

  if (cargo)
    /* Translators: a ground force carried in space combat, where it does not fight */
    g_string_append_printf (text, _("Cargo, fights on planets · Combat %u"), unit->combat);
  else if (unit->dice > 1)
    /* Translators: a unit's combat value and its dice (burst icons), "Combat 3 ×3" */
    g_string_append_printf (text, _("Combat %u ×%u"), unit->combat, unit->dice);
  else
    g_string_append_printf (text, _("Combat %u"), unit->combat);

  if (unit->sustain)
    {
      g_string_append (text, " · ");
      g_string_append (text, _("Sustain Damage"));
    }
  if (unit->afb > 0 && !cargo)
    {
      g_string_append (text, " · ");
      /* Translators: Anti-Fighter Barrage, its value and dice, "Barrage 9 ×2" */
      g_string_append_printf (text, _("Barrage %u ×%u"), unit->afb, unit->afb_dice);
    }
  if (unit->capacity > 0)
    {
      g_string_append (text, " · ");
      g_string_append_printf (text, _("Capacity %u"), unit->capacity);
    }

  return g_string_free (text, FALSE);
}

static void
admiralty_ti4_page_add_unit_rows (AdmiraltyTi4Page *self)
{
  guint n = adm_ti4_catalog_get_n_units (self->catalog);

  for (guint s = 0; s < 2; s++)
    for (guint u = 0; u < n && u < ADM_TI4_MAX_UNITS; u++)
      {
        const AdmTi4Unit *unit = adm_ti4_catalog_get_unit (self->catalog, u);
        GtkWidget *row = admiralty_plain_row (adw_action_row_new ());
        GtkWidget *spin = gtk_spin_button_new_with_range (0, ADM_TI4_MAX_COUNT, 1);
        GtkWidget *expect = gtk_label_new (NULL);
        gboolean ground = unit->kind == ADM_TI4_KIND_GROUND;

        adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), unit->name);
        gtk_widget_add_css_class (expect, "dim-label");
        gtk_widget_add_css_class (expect, "caption");
        gtk_widget_add_css_class (expect, "numeric");
        gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
        gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
        gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                        unit->name, -1);
        g_signal_connect_object (spin, "value-changed", G_CALLBACK (setup_changed_cb), self,
                                 G_CONNECT_SWAPPED);
        adw_action_row_add_suffix (ADW_ACTION_ROW (row), expect);
        adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
        adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), spin);
        adw_preferences_group_add (ground ? self->cargo_groups[s] : self->ships_groups[s], row);

        self->spins[s][u] = GTK_SPIN_BUTTON (spin);
        self->unit_rows[s][u] = ADW_ACTION_ROW (row);
        self->expect_labels[s][u] = GTK_LABEL (expect);
      }
}

/* Space combat shows the ships, and the ground forces as cargo; ground combat only the
 * ground forces, and no retreats (LRR 48). */
static void
admiralty_ti4_page_show_arena (AdmiraltyTi4Page *self)
{
  gboolean space = self->arena == ADM_TI4_SPACE;

  for (guint s = 0; s < 2; s++)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->ships_groups[s]), space);
      gtk_widget_set_visible (GTK_WIDGET (self->retreat_rows[s]), space);
      gtk_widget_set_visible (GTK_WIDGET (self->system_rows[s]), space);
      adw_preferences_group_set_title (self->cargo_groups[s],
                                       space ? _("Ground Forces as Cargo") : _("Ground Forces"));
      adw_preferences_group_set_description (self->cargo_groups[s],
                                             space ? _("Carried by the ships: they do not fight in space, and those beyond the ships’ capacity are removed after the combat (LRR 39.10.a)")
                                                   : _("Each fights with its combat value; mechs sustain damage (LRR 48)"));
      for (guint u = 0; u < ADM_TI4_MAX_UNITS && self->catalog != NULL; u++)
        {
          g_autofree char *summary = NULL;

          if (self->unit_rows[s][u] == NULL)
            continue;
          summary = unit_summary (adm_ti4_catalog_get_unit (self->catalog, u),
                                  space && adm_ti4_catalog_get_unit (self->catalog, u)->kind
                                           == ADM_TI4_KIND_GROUND);
          adw_action_row_set_subtitle (self->unit_rows[s][u], summary);
        }
    }
}

static void
arena_toggled_cb (AdmiraltyTi4Page *self,
                  GtkToggleButton  *button)
{
  AdmTi4Arena arena = gtk_toggle_button_get_active (self->space_button) ? ADM_TI4_SPACE
                                                                          : ADM_TI4_GROUND;

  if (arena == self->arena)
    return;
  self->arena = arena;
  admiralty_ti4_page_show_arena (self);
  setup_changed_cb (self);
}

/* Fills the set-up from a saved combat's. */
static void
admiralty_ti4_page_set_setup (AdmiraltyTi4Page  *self,
                              const AdmTi4Setup *setup)
{
  const AdmTi4Fleet *fleets[2] = { &setup->attacker, &setup->defender };
  const char *names[2] = { setup->attacker_name, setup->defender_name };
  const gboolean can_retreat[2] = { setup->attacker_can_retreat, setup->defender_can_retreat };

  self->filling = TRUE;
  gtk_toggle_button_set_active (setup->arena == ADM_TI4_SPACE ? self->space_button
                                                              : self->ground_button, TRUE);
  for (guint s = 0; s < 2; s++)
    {
      gtk_editable_set_text (GTK_EDITABLE (self->name_rows[s]),
                             names[s] != NULL ? names[s] : adm_ti4_side_name (s));
      if (setup->arena == ADM_TI4_SPACE)
        gtk_switch_set_active (self->system_switches[s], can_retreat[s]);
      for (guint u = 0; u < ADM_TI4_MAX_UNITS; u++)
        if (self->spins[s][u] != NULL)
          gtk_spin_button_set_value (self->spins[s][u], adm_ti4_fleet_count (fleets[s], u));
    }
  self->filling = FALSE;
  admiralty_ti4_page_update_odds (self);
}

/* The combat */

static const char *
outcome_text (AdmiraltyTi4Page *self,
              char            **owned)
{
  AdmTi4Outcome outcome = adm_ti4_combat_get_outcome (self->combat);
  const char *attacker = adm_ti4_combat_get_side_name (self->combat, ADM_TI4_ATTACKER);
  const char *defender = adm_ti4_combat_get_side_name (self->combat, ADM_TI4_DEFENDER);
  gboolean ground = adm_ti4_combat_get_setup (self->combat)->arena == ADM_TI4_GROUND;

  switch (outcome)
    {
    case ADM_TI4_OUTCOME_ATTACKER_WINS:
      /* Translators: the end of a combat, LRR 39.10 / 48.4 */
      *owned = g_strdup_printf (ground ? _("%s wins the planet") : _("%s wins the system"),
                                attacker);
      break;
    case ADM_TI4_OUTCOME_DEFENDER_WINS:
      *owned = g_strdup_printf (ground ? _("%s holds the planet") : _("%s holds the system"),
                                defender);
      break;
    case ADM_TI4_OUTCOME_DRAW:
      *owned = g_strdup (_("A draw: neither side has units left"));
      break;
    case ADM_TI4_OUTCOME_ATTACKER_RETREATED:
      /* Translators: LRR 39.7, 39.10: the side that stays wins */
      *owned = g_strdup_printf (_("%s retreated; %s holds the system"), attacker, defender);
      break;
    case ADM_TI4_OUTCOME_DEFENDER_RETREATED:
    default:
      *owned = g_strdup_printf (_("%s retreated; %s wins the system"), defender, attacker);
      break;
    }

  return *owned;
}

static gboolean
physical_dice (AdmiraltyTi4Page *self)
{
  g_autofree char *mode = g_settings_get_string (self->settings, "dice-mode");

  return g_strcmp0 (mode, "physical") == 0;
}

/* The Undo and Redo buttons name the step they would take back or bring back; Every Roll
 * needs a combat. */
static void
admiralty_ti4_page_update_undo (AdmiraltyTi4Page *self)
{
  g_autofree char *undo = admiralty_ti4_page_describe_undo (self);
  g_autofree char *redo = admiralty_ti4_page_describe_redo (self);
  g_autofree char *undo_tip = NULL;
  g_autofree char *redo_tip = NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "ti4.luck", self->combat != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "ti4.undo", undo != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "ti4.redo", redo != NULL);
  /* Translators: a tooltip, "Undo “Roll for the attacker, round 2” (Ctrl+Z)" */
  undo_tip = undo != NULL ? g_strdup_printf (_("Undo “%s” (Ctrl+Z)"), undo)
                          : g_strdup (_("Nothing to undo"));
  /* Translators: a tooltip, "Redo “Roll for the attacker, round 2” (Shift+Ctrl+Z)" */
  redo_tip = redo != NULL ? g_strdup_printf (_("Redo “%s” (Shift+Ctrl+Z)"), redo)
                          : g_strdup (_("Nothing to redo"));
  admiralty_tooltip_set (self->undo_button, undo_tip);
  admiralty_tooltip_set (self->redo_button, redo_tip);
}

static void
show_need (AdmiraltyTi4Page *self)
{
  const AdmTi4Need *need = adm_ti4_combat_get_need (self->combat);
  const char *name = adm_ti4_combat_get_side_name (self->combat, need->side);
  g_autofree char *round = NULL;
  g_autofree char *text = NULL;
  g_autofree char *label = NULL;
  g_autofree char *outcome = NULL;
  gboolean over = need->kind == ADM_TI4_NEED_NOTHING;

  /* Translators: the combat's round, LRR 39.8 */
  round = over ? g_strdup (_("Combat Over"))
               : g_strdup_printf (_("Round %u"), need->round);
  gtk_label_set_text (self->round_label, round);

  switch (need->kind)
    {
    case ADM_TI4_NEED_DICE:
      label = physical_dice (self)
              /* Translators: a button; real d10s to roll and type in */
              ? g_strdup_printf (g_dngettext (NULL, "_Enter %u Die…", "_Enter %u Dice…",
                                              need->count), need->count)
              : g_strdup_printf (g_dngettext (NULL, "_Roll %u Die", "_Roll %u Dice",
                                              need->count), need->count);
      break;
    case ADM_TI4_NEED_RETREAT:
      label = g_strdup (_("Announce _Retreat"));
      text = g_strdup_printf (_("%s may announce a retreat"), name);
      break;
    case ADM_TI4_NEED_HITS:
      label = g_strdup_printf (g_dngettext (NULL, "_Assign %u Hit…", "_Assign %u Hits…",
                                            need->count), need->count);
      text = g_strdup_printf (g_dngettext (NULL, "%s assigns %u hit", "%s assigns %u hits",
                                           need->count), name, need->count);
      break;
    case ADM_TI4_NEED_NOTHING:
    default:
      label = g_strdup (_("_New Combat"));
      outcome_text (self, &outcome);
      break;
    }

  gtk_label_set_text (self->need_label,
                      over ? outcome : need->purpose != NULL ? need->purpose : text);
  gtk_label_set_text (self->clause_label, need->clause != NULL ? need->clause : "");
  gtk_widget_set_visible (GTK_WIDGET (self->clause_label), need->clause != NULL);
  gtk_button_set_label (self->step_button, label);
  gtk_widget_set_visible (self->stay_button, need->kind == ADM_TI4_NEED_RETREAT);
  gtk_widget_set_visible (self->round_button, !over);
  gtk_widget_set_visible (self->end_button, !over);
  /* With physical dice every roll is typed in: the program does not roll behind the
   * master's back. */
  gtk_widget_set_sensitive (self->round_button, !physical_dice (self));
  gtk_widget_set_sensitive (self->end_button, !physical_dice (self));
  gtk_widget_set_visible (self->new_button, !over);
  admiralty_ti4_page_update_undo (self);
}

/* The Preferences' dice mode changed: the step's button and the automatic ones follow. */
static void
dice_mode_changed_cb (AdmiraltyTi4Page *self)
{
  if (self->combat != NULL)
    show_need (self);
}

static void
clear_list (GtkListBox *list)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (list))) != NULL)
    gtk_list_box_remove (list, child);
}

static void
show_fleets (AdmiraltyTi4Page *self)
{
  AdmTi4Catalog *catalog = adm_ti4_combat_get_catalog (self->combat);
  guint n = adm_ti4_catalog_get_n_units (catalog);

  for (guint s = 0; s < 2; s++)
    {
      const AdmTi4Fleet *fleet = adm_ti4_combat_get_fleet (self->combat, s);
      gboolean any = FALSE;

      admiralty_plain_group_set_title (self->fleet_groups[s],
                                       adm_ti4_combat_get_side_name (self->combat, s));
      clear_list (self->fleet_lists[s]);
      for (guint u = 0; u < n; u++)
        {
          const AdmTi4Unit *unit = adm_ti4_catalog_get_unit (catalog, u);
          GtkWidget *row;
          g_autofree char *subtitle = NULL;
          g_autofree char *count = NULL;
          GtkWidget *count_label;

          if (adm_ti4_fleet_count (fleet, u) == 0)
            continue;
          any = TRUE;
          row = admiralty_plain_row (adw_action_row_new ());
          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), unit->name);
          if (fleet->damaged[u] > 0)
            /* Translators: units that sustained damage this combat (LRR 39.6.a) */
            subtitle = g_strdup_printf (_("%u intact, %u damaged"), fleet->intact[u],
                                        fleet->damaged[u]);
          else if (unit->kind == ADM_TI4_KIND_GROUND
                   && adm_ti4_combat_get_setup (self->combat)->arena == ADM_TI4_SPACE)
            subtitle = g_strdup (_("Cargo"));
          if (subtitle != NULL)
            adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
          count = g_strdup_printf ("%u", adm_ti4_fleet_count (fleet, u));
          count_label = gtk_label_new (count);
          gtk_widget_add_css_class (count_label, "title-4");
          gtk_widget_add_css_class (count_label, "numeric");
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), count_label);
          gtk_list_box_append (self->fleet_lists[s], row);
        }

      if (!any)
        {
          GtkWidget *row = admiralty_plain_row (adw_action_row_new ());

          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("No units left"));
          gtk_widget_add_css_class (row, "dim-label");
          gtk_list_box_append (self->fleet_lists[s], row);
        }
    }
}

static GtkWidget *
log_row (const char *heading,
         const char *text,
         const char *clause)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);

  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  if (heading != NULL)
    {
      GtkWidget *label = gtk_label_new (heading);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_widget_add_css_class (label, "heading");
      gtk_box_append (GTK_BOX (box), label);
    }
  if (text != NULL)
    {
      GtkWidget *label = gtk_label_new (text);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_selectable (GTK_LABEL (label), TRUE);
      gtk_box_append (GTK_BOX (box), label);
    }
  if (clause != NULL)
    {
      GtkWidget *label = gtk_label_new (clause);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_add_css_class (label, "caption");
      gtk_widget_add_css_class (label, "dim-label");
      gtk_box_append (GTK_BOX (box), label);
    }

  return box;
}

static void
show_logs (AdmiraltyTi4Page *self)
{
  GPtrArray *log = adm_ti4_combat_get_log (self->combat);
  GPtrArray *rolls = adm_ti4_combat_get_rolls (self->combat);
  guint round = G_MAXUINT;

  clear_list (self->report_list);
  for (guint i = 0; i < log->len; i++)
    {
      const AdmTi4LogLine *line = g_ptr_array_index (log, i);
      g_autofree char *heading = NULL;

      if (line->round != round)
        {
          round = line->round;
          heading = round > 0 ? g_strdup_printf (_("Round %u"), round) : g_strdup (_("Set-up"));
        }
      gtk_list_box_append (self->report_list, log_row (heading, line->text, line->clause));
    }

  clear_list (self->dice_list);
  for (guint i = 0; i < rolls->len; i++)
    {
      const AdmTi4Roll *roll = g_ptr_array_index (rolls, i);
      g_autoptr(GString) values = g_string_new (NULL);
      g_autofree char *heading = NULL;
      g_autofree char *text = NULL;

      for (guint v = 0; v < roll->values->len; v++)
        {
          /* "0" on the die is 10 (LRR 39.5). */
          g_string_append_printf (values, v > 0 ? " %u" : "%u",
                                  g_array_index (roll->values, guint, v));
        }
      /* Translators: a dice log heading, "Round 1 · Attacker" */
      heading = g_strdup_printf (_("Round %u · %s"), roll->round,
                                 adm_ti4_combat_get_side_name (self->combat, roll->side));
      /* Translators: the purpose of a roll, its values and hits, "… — 3 7 10 → 2 hits" */
      text = g_strdup_printf (g_dngettext (NULL, "%s — %s → %u hit", "%s — %s → %u hits",
                                           roll->hits),
                              roll->purpose, values->str, roll->hits);
      gtk_list_box_append (self->dice_list, log_row (heading, text, roll->clause));
    }
}

static void
notify_can_undo (AdmiraltyTi4Page *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
  admiralty_ti4_page_update_undo (self);
}

/* Autosave: as a battle's every phase is on disk before it is shown, so is a
 * combat's every step. A combat opened or saved goes on in its file while its folder can be
 * written; one never saved, or from a folder the master cannot write (a checkout, a read-only
 * place), goes where battles go on: the "battles" folder under the user's data folder. The
 * page then names that file, and the session reopens it. */
static char *
autosave_path (AdmiraltyTi4Page *self)
{
  g_autofree char *folder = NULL;
  g_autofree char *stamp = NULL;
  g_autoptr(GDateTime) now = NULL;

  if (self->path != NULL)
    {
      g_autofree char *dir = g_path_get_dirname (self->path);

      if (g_access (dir, W_OK) == 0 &&
          (!g_file_test (self->path, G_FILE_TEST_EXISTS) || g_access (self->path, W_OK) == 0))
        return g_strdup (self->path);
    }
  folder = g_build_filename (g_get_user_data_dir (), "admiralty", "battles", NULL);
  now = g_date_time_new_now_local ();
  stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  for (guint n = 1;; n++)
    {
      g_autofree char *name = n == 1 ? g_strdup_printf ("ti4-combat-%s.ti4.xml", stamp)
                                     : g_strdup_printf ("ti4-combat-%s-%u.ti4.xml", stamp, n);
      char *path = g_build_filename (folder, name, NULL);

      if (!g_file_test (path, G_FILE_TEST_EXISTS))
        return path;
      g_free (path);
    }
}

static void
autosave (AdmiraltyTi4Page *self)
{
  guint entries = adm_journal_get_n_entries (adm_ti4_combat_get_journal (self->combat));
  g_autofree char *path = NULL;
  g_autofree char *folder = NULL;
  g_autoptr(GError) error = NULL;

  if (entries == self->saved_entries)
    return;
  path = autosave_path (self);
  folder = g_path_get_dirname (path);
  g_mkdir_with_parents (folder, 0750);
  if (!adm_ti4_combat_save (self->combat, path, &error))
    {
      /* Translators: a toast; %s says why, e.g. "Cannot save the combat to …: No space left" */
      g_autofree char *title = g_strdup_printf (_("Could not autosave the combat: %s"),
                                                error->message);

      toast (self, title);
      return;
    }
  self->saved_entries = entries;
  if (g_strcmp0 (self->path, path) != 0)
    {
      g_free (self->path);
      self->path = g_canonicalize_filename (path, NULL);
      notify_session_path (self);
    }
  /* The combat's file holds its set-up now. */
  remove_draft (self);
}

static void
admiralty_ti4_page_update_combat (AdmiraltyTi4Page *self)
{
  if (self->combat == NULL)
    return;

  /* Before the can-undo notification, on which the window saves its session. */
  autosave (self);
  show_need (self);
  show_fleets (self);
  show_logs (self);
  notify_can_undo (self);
}

static void
step_failed (AdmiraltyTi4Page *self,
             const GError     *error)
{
  present_error (self, _("Could Not Resolve This Step"), error->message);
}

/* Program dice. */
static void
roll_program (AdmiraltyTi4Page *self)
{
  g_autoptr(GError) error = NULL;

  if (!adm_ti4_combat_roll (self->combat, ADM_DICE_SOURCE (self->prng), &error))
    step_failed (self, error);
  admiralty_ti4_page_update_combat (self);
}

/* Real dice: the values the master typed in, through a queue. Each prompt asks for a whole
 * roll, so there is nothing typed before it to keep. */
static void
typed_entered_cb (AdmiraltyTi4Page *self,
                  GArray           *values)
{
  g_autoptr(AdmDiceQueue) queue = NULL;
  g_autoptr(GError) error = NULL;

  if (self->combat == NULL)
    return;
  admiralty_typed_dice_append (self->typed, (const guint *) values->data, values->len);
  queue = admiralty_typed_dice_new_queue (self->typed);
  admiralty_typed_dice_forget (self->typed);
  if (!adm_ti4_combat_roll (self->combat, ADM_DICE_SOURCE (queue), &error))
    step_failed (self, error);
  admiralty_ti4_page_update_combat (self);
}

static void
ask_dice (AdmiraltyTi4Page *self,
          const AdmTi4Need *need)
{
  AdmDiceRequest request = { need->count, 10, need->purpose, need->clause };
  const AdmDiceRequest *requests[] = { &request };

  admiralty_typed_dice_ask (self->typed, GTK_WIDGET (self), requests, 1, FALSE);
}

static void
hits_response_cb (AdmiraltyTi4Page *self,
                  const char       *response,
                  GtkWidget        *dialog)
{
  AdmTi4Side side = self->hits_side;
  g_autoptr(GError) error = NULL;

  if (dialog != self->hits_dialog)
    return;
  g_clear_weak_pointer (&self->hits_dialog);
  if (g_strcmp0 (response, "assign") != 0 || self->combat == NULL)
    return;

  if (!adm_ti4_combat_assign (self->combat, side,
                              admiralty_ti4_hits_dialog_get_assignment (
                                ADMIRALTY_TI4_HITS_DIALOG (dialog)),
                              &error))
    step_failed (self, error);
  admiralty_ti4_page_update_combat (self);
}

/* The policy's choice, offered as the default: the side's own policy for combat hits, and
 * for the Anti-Fighter Barrage the fighters it destroys (LRR 39.3). */
static void
suggest_hits (AdmiraltyTi4Page *self,
              const AdmTi4Need *need,
              AdmTi4Assignment *assignment)
{
  AdmTi4Catalog *catalog = adm_ti4_combat_get_catalog (self->combat);
  const AdmTi4Fleet *fleet = adm_ti4_combat_get_fleet (self->combat, need->side);
  AdmTi4Arena arena = adm_ti4_combat_get_setup (self->combat)->arena;
  AdmTi4OddsOptions options;

  memset (assignment, 0, sizeof *assignment);
  if (need->barrage)
    {
      AdmTi4Fleet after = *fleet;

      adm_ti4_fleet_assign_afb_hits (catalog, &after, need->count);
      for (guint u = 0; u < ADM_TI4_MAX_UNITS; u++)
        {
          assignment->destroy_intact[u] = fleet->intact[u] - after.intact[u];
          assignment->destroy_damaged[u] = fleet->damaged[u] - after.damaged[u];
        }
      return;
    }

  _admiralty_ti4_page_get_options (self, &options);
  adm_ti4_fleet_suggest (catalog, fleet, arena, need->count,
                         need->side == ADM_TI4_ATTACKER ? options.attacker_policy
                                                        : options.defender_policy,
                         assignment);
}

static void
ask_hits (AdmiraltyTi4Page *self,
          const AdmTi4Need *need)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  const char *name = adm_ti4_combat_get_side_name (self->combat, need->side);
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;
  AdmTi4Assignment suggestion;
  GtkWidget *dialog;

  suggest_hits (self, need, &suggestion);
  /* Translators: the hit assignment dialog, "Attacker: Assign 3 Hits" */
  heading = g_strdup_printf (g_dngettext (NULL, "%s: Assign %u Hit", "%s: Assign %u Hits",
                                          need->count), name, need->count);
  body = need->barrage
         ? g_strdup_printf (_("Anti-Fighter Barrage hits destroy fighters only (%s)."),
                            need->clause != NULL ? need->clause : "LRR 39.3")
         : g_strdup_printf (_("Each hit destroys a unit, or is cancelled by an undamaged unit with Sustain Damage (%s). The side’s policy is filled in."),
                            need->clause != NULL ? need->clause : "LRR 39.6");
  dialog = admiralty_ti4_hits_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                          adm_ti4_combat_get_catalog (self->combat),
                                          adm_ti4_combat_get_fleet (self->combat, need->side),
                                          adm_ti4_combat_get_setup (self->combat)->arena,
                                          need->count, need->barrage, &suggestion, heading,
                                          body);
  self->hits_side = need->side;
  g_set_weak_pointer (&self->hits_dialog, dialog);
  g_signal_connect_object (dialog, "response", G_CALLBACK (hits_response_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
close_dialogs (AdmiraltyTi4Page *self)
{
  if (self->typed != NULL)
    admiralty_typed_dice_close (self->typed);
  if (self->hits_dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (self->hits_dialog));
  g_clear_weak_pointer (&self->hits_dialog);
}

/* The ledger of a combat the page no longer shows goes with it. An undo or a redo keeps it:
 * it follows the combat. */
static void
close_luck (AdmiraltyTi4Page *self)
{
  if (self->luck_window != NULL)
    gtk_window_destroy (GTK_WINDOW (self->luck_window));
  g_clear_weak_pointer (&self->luck_window);
}

static void
new_clicked_cb (AdmiraltyTi4Page *self)
{
  close_dialogs (self);
  close_luck (self);
  g_clear_object (&self->combat);
  g_clear_object (&self->prng);
  gtk_stack_set_visible_child_name (self->stack, "setup");
  admiralty_ti4_page_update_odds (self);
  notify_can_undo (self);
}

static void
announce (AdmiraltyTi4Page *self,
          gboolean          retreat)
{
  const AdmTi4Need *need = adm_ti4_combat_get_need (self->combat);
  g_autoptr(GError) error = NULL;

  if (!adm_ti4_combat_announce (self->combat, need->side, retreat, &error))
    step_failed (self, error);
  admiralty_ti4_page_update_combat (self);
}

static void
step_clicked_cb (AdmiraltyTi4Page *self)
{
  const AdmTi4Need *need;

  if (self->combat == NULL)
    return;
  /* A dialog already asks for this step. */
  if (admiralty_typed_dice_present (self->typed))
    return;
  if (self->hits_dialog != NULL)
    {
      gtk_window_present (GTK_WINDOW (self->hits_dialog));
      return;
    }

  need = adm_ti4_combat_get_need (self->combat);
  switch (need->kind)
    {
    case ADM_TI4_NEED_DICE:
      if (physical_dice (self))
        ask_dice (self, need);
      else
        roll_program (self);
      break;
    case ADM_TI4_NEED_RETREAT:
      announce (self, TRUE);
      break;
    case ADM_TI4_NEED_HITS:
      ask_hits (self, need);
      break;
    case ADM_TI4_NEED_NOTHING:
    default:
      new_clicked_cb (self);
      break;
    }
}

static void
stay_clicked_cb (AdmiraltyTi4Page *self)
{
  if (self->combat != NULL
      && adm_ti4_combat_get_need (self->combat)->kind == ADM_TI4_NEED_RETREAT)
    announce (self, FALSE);
}

/* "Resolve Round" and "Resolve to End": the program rolls and each side follows its set-up
 * (policy, retreat after N rounds). */
static void
resolve (AdmiraltyTi4Page *self,
         gboolean          to_end)
{
  g_autoptr(GError) error = NULL;
  AdmTi4OddsOptions options;
  guint round;

  if (self->combat == NULL)
    return;
  close_dialogs (self);
  _admiralty_ti4_page_get_options (self, &options);
  options.arena = adm_ti4_combat_get_setup (self->combat)->arena;
  round = adm_ti4_combat_get_round (self->combat);

  if (to_end)
    {
      if (!adm_ti4_combat_run (self->combat, ADM_DICE_SOURCE (self->prng), &options, &error))
        step_failed (self, error);
    }
  else
    {
      for (guint i = 0; i < MAX_AUTO_STEPS && !adm_ti4_combat_is_over (self->combat)
                        && adm_ti4_combat_get_round (self->combat) == round; i++)
        if (!adm_ti4_combat_advance (self->combat, ADM_DICE_SOURCE (self->prng), &options,
                                     &error))
          {
            step_failed (self, error);
            break;
          }
    }
  admiralty_ti4_page_update_combat (self);
}

static void
round_clicked_cb (AdmiraltyTi4Page *self)
{
  resolve (self, FALSE);
}

static void
end_clicked_cb (AdmiraltyTi4Page *self)
{
  resolve (self, TRUE);
}

/* ti4.undo and ti4.redo, the page's own buttons: the toast names the step. */
static void
undo_redo_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  AdmiraltyTi4Page *self = ADMIRALTY_TI4_PAGE (widget);
  gboolean redo = g_str_equal (action_name, "ti4.redo");
  g_autofree char *what = redo ? admiralty_ti4_page_describe_redo (self)
                               : admiralty_ti4_page_describe_undo (self);

  if (what == NULL || !(redo ? admiralty_ti4_page_redo (self) : admiralty_ti4_page_undo (self)))
    return;
  admiralty_toast_show_undo (self->toast_overlay, what, redo, "ti4.undo", "ti4.redo");
}

/* ti4.luck: the combat's every roll beside its odds, in the luck ledger's window
 * (admiralty-luck-window.h), bound to the engine's list of them; the one already open for
 * this combat is brought up again. Enabled only with a combat under way. */
static void
luck_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  AdmiraltyTi4Page *self = ADMIRALTY_TI4_PAGE (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  AdmiraltyLuckWindow *luck;

  if (self->combat == NULL)
    return;
  if (self->luck_window == NULL)
    {
      luck = admiralty_luck_window_new_ti4 (GTK_IS_WINDOW (root)
                                            ? gtk_window_get_application (GTK_WINDOW (root))
                                            : NULL, self->combat);
      if (GTK_IS_WINDOW (root))
        gtk_window_set_transient_for (GTK_WINDOW (luck), GTK_WINDOW (root));
      g_set_weak_pointer (&self->luck_window, GTK_WIDGET (luck));
    }
  gtk_window_present (GTK_WINDOW (self->luck_window));
}

static void
admiralty_ti4_page_begin (AdmiraltyTi4Page *self,
                          AdmTi4Combat     *combat)
{
  close_dialogs (self);
  close_luck (self);
  g_set_object (&self->combat, combat);
  /* What the combat holds now is in its file already, or is only a set-up. */
  self->saved_entries = adm_journal_get_n_entries (adm_ti4_combat_get_journal (combat));
  g_clear_object (&self->prng);
  self->prng = adm_dice_prng_new (g_get_real_time ());
  gtk_stack_set_visible_child_name (self->stack, "combat");
  admiralty_ti4_page_update_combat (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->step_button));
}

static void
start_clicked_cb (AdmiraltyTi4Page *self)
{
  g_autoptr(AdmTi4Combat) combat = NULL;
  g_autoptr(GError) error = NULL;
  AdmTi4Setup setup;

  if (self->catalog == NULL)
    return;
  _admiralty_ti4_page_get_setup (self, &setup);
  combat = adm_ti4_combat_new (self->catalog, &setup, &error);
  if (combat == NULL)
    {
      present_error (self, _("Could Not Start the Combat"), error->message);
      return;
    }
  /* A new combat is a file of its own: it never autosaves over the one before. */
  g_clear_pointer (&self->path, g_free);
  admiralty_ti4_page_begin (self, combat);
}

/* Files */

gboolean
admiralty_ti4_page_open_file (AdmiraltyTi4Page  *self,
                              const char        *path,
                              GError           **error)
{
  g_autoptr(AdmTi4Combat) combat = NULL;

  g_return_val_if_fail (ADMIRALTY_IS_TI4_PAGE (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (self->catalog == NULL)
    {
      g_set_error_literal (error, ADM_TI4_ERROR, ADM_TI4_ERROR_STATE, self->catalog_error);
      return FALSE;
    }

  combat = adm_ti4_combat_load_file (self->catalog, path, error);
  if (combat == NULL)
    return FALSE;

  admiralty_ti4_page_set_setup (self, adm_ti4_combat_get_setup (combat));
  g_free (self->path);
  self->path = g_canonicalize_filename (path, NULL);
  /* The combat opened here takes the place of the set-up typed before. */
  remove_draft (self);
  admiralty_ti4_page_begin (self, combat);
  notify_session_path (self);
  return TRUE;
}

gboolean
admiralty_ti4_page_is_draft (const char *path)
{
  return path != NULL && g_str_has_suffix (path, DRAFT_SUFFIX);
}

const char *
admiralty_ti4_page_get_session_path (AdmiraltyTi4Page *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_TI4_PAGE (self), NULL);

  /* The draft is kept until the combat's own file holds the set-up. */
  return self->draft_path != NULL ? self->draft_path : self->path;
}

void
admiralty_ti4_page_discard_draft (AdmiraltyTi4Page *self)
{
  g_return_if_fail (ADMIRALTY_IS_TI4_PAGE (self));

  remove_draft (self);
}

gboolean
admiralty_ti4_page_open_draft (AdmiraltyTi4Page  *self,
                               const char        *path,
                               GError           **error)
{
  g_autoptr(GKeyFile) keys = g_key_file_new ();
  g_autoptr(GError) local_error = NULL;
  g_autofree char *display = NULL;
  g_autofree char *arena = NULL;
  g_autofree char *attacker_name = NULL;
  g_autofree char *defender_name = NULL;
  char **names[2] = { &attacker_name, &defender_name };
  AdmTi4Policy policies[2] = { ADM_TI4_POLICY_SUSTAIN_FIRST, ADM_TI4_POLICY_SUSTAIN_FIRST };
  gboolean retreat[2] = { FALSE, FALSE }, system[2] = { TRUE, TRUE };
  int after[2] = { 0, 0 };
  AdmTi4Setup setup;

  g_return_val_if_fail (ADMIRALTY_IS_TI4_PAGE (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (self->catalog == NULL)
    {
      g_set_error_literal (error, ADM_TI4_ERROR, ADM_TI4_ERROR_STATE, self->catalog_error);
      return FALSE;
    }

  /* Everything is read before anything changes. */
  memset (&setup, 0, sizeof setup);
  display = g_filename_display_name (path);
  if (!g_key_file_load_from_file (keys, path, G_KEY_FILE_NONE, &local_error))
    goto failed;
  arena = g_key_file_get_string (keys, DRAFT_GROUP, "arena", &local_error);
  if (arena == NULL)
    goto failed;
  if (g_str_equal (arena, adm_ti4_arena_to_string (ADM_TI4_SPACE)))
    setup.arena = ADM_TI4_SPACE;
  else if (g_str_equal (arena, adm_ti4_arena_to_string (ADM_TI4_GROUND)))
    setup.arena = ADM_TI4_GROUND;
  else
    {
      g_set_error (&local_error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID,
                   _("“%s” is not a kind of combat"), arena);
      goto failed;
    }
  for (AdmTi4Side side = ADM_TI4_ATTACKER; side <= ADM_TI4_DEFENDER; side++)
    {
      const char * const *key = draft_keys[side];
      g_autofree char *units = NULL;
      g_autofree char *policy = NULL;

      *names[side] = g_key_file_get_string (keys, DRAFT_GROUP, key[KEY_NAME], &local_error);
      if (*names[side] == NULL ||
          (units = g_key_file_get_string (keys, DRAFT_GROUP, key[KEY_UNITS],
                                          &local_error)) == NULL ||
          !adm_ti4_fleet_parse (self->catalog, units,
                                side == ADM_TI4_ATTACKER ? &setup.attacker : &setup.defender,
                                &local_error) ||
          (policy = g_key_file_get_string (keys, DRAFT_GROUP, key[KEY_POLICY],
                                           &local_error)) == NULL)
        goto failed;
      if (!adm_ti4_policy_from_string (policy, &policies[side]))
        {
          g_set_error (&local_error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID,
                       _("“%s” is not a hit assignment policy"), policy);
          goto failed;
        }
      retreat[side] = g_key_file_get_boolean (keys, DRAFT_GROUP, key[KEY_RETREAT], &local_error);
      if (local_error != NULL)
        goto failed;
      after[side] = g_key_file_get_integer (keys, DRAFT_GROUP, key[KEY_RETREAT_AFTER],
                                            &local_error);
      if (local_error != NULL)
        goto failed;
      system[side] = g_key_file_get_boolean (keys, DRAFT_GROUP, key[KEY_SYSTEM], &local_error);
      if (local_error != NULL)
        goto failed;
    }

  setup.attacker_name = attacker_name;
  setup.defender_name = defender_name;
  setup.attacker_can_retreat = system[ADM_TI4_ATTACKER];
  setup.defender_can_retreat = system[ADM_TI4_DEFENDER];
  admiralty_ti4_page_set_setup (self, &setup);
  self->filling = TRUE;
  for (guint s = 0; s < 2; s++)
    {
      adw_combo_row_set_selected (self->policy_rows[s], policies[s]);
      gtk_switch_set_active (self->system_switches[s], system[s]);
      /* The spin keeps the count within its range. */
      gtk_spin_button_set_value (self->retreat_spins[s], after[s]);
      adw_expander_row_set_enable_expansion (self->retreat_rows[s], retreat[s]);
    }
  self->filling = FALSE;
  g_free (self->draft_path);
  self->draft_path = g_strdup (path);
  notify_session_path (self);
  admiralty_ti4_page_update_odds (self);
  return TRUE;

failed:
  g_set_error (error, local_error->domain, local_error->code, "%s: %s", display,
               local_error->message);
  return FALSE;
}

gboolean
admiralty_ti4_page_save_file (AdmiraltyTi4Page  *self,
                              const char        *path,
                              GError           **error)
{
  g_autoptr(AdmTi4Combat) fresh = NULL;
  AdmTi4Setup setup;

  g_return_val_if_fail (ADMIRALTY_IS_TI4_PAGE (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (self->combat != NULL)
    {
      if (!adm_ti4_combat_save (self->combat, path, error))
        return FALSE;
      g_free (self->path);
      self->path = g_canonicalize_filename (path, NULL);
      self->saved_entries = adm_journal_get_n_entries (adm_ti4_combat_get_journal (self->combat));
      /* The combat's file holds its set-up now. */
      remove_draft (self);
      notify_session_path (self);
      return TRUE;
    }

  if (self->catalog == NULL)
    {
      g_set_error_literal (error, ADM_TI4_ERROR, ADM_TI4_ERROR_STATE, self->catalog_error);
      return FALSE;
    }

  /* Not started: the set-up is saved as a combat with no steps yet. */
  _admiralty_ti4_page_get_setup (self, &setup);
  fresh = adm_ti4_combat_new (self->catalog, &setup, error);
  if (fresh == NULL || !adm_ti4_combat_save (fresh, path, error))
    return FALSE;
  g_free (self->path);
  self->path = g_canonicalize_filename (path, NULL);
  /* The file holds the set-up now; what is typed after it starts a new draft. */
  remove_draft (self);
  notify_session_path (self);
  return TRUE;
}

static GtkFileChooserNative *
new_chooser (AdmiraltyTi4Page     *self,
             const char           *title,
             GtkFileChooserAction  action,
             const char           *accept,
             const char           *filter_name,
             const char           *pattern)
{
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  g_autofree char *folder = g_settings_get_string (self->settings, "last-folder");
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkFileChooserNative *chooser;

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);

  chooser = gtk_file_chooser_native_new (title, GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                         action, accept, _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  gtk_file_filter_set_name (filter, filter_name);
  gtk_file_filter_add_pattern (filter, pattern);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  if (folder[0] != '\0' && g_file_test (folder, G_FILE_TEST_IS_DIR))
    {
      g_autoptr(GFile) file = g_file_new_for_path (folder);

      gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), file, NULL);
    }

  self->chooser = chooser;
  return chooser;
}

/* The chosen local path, or NULL when cancelled or not local (said in a dialog). */
static char *
chooser_path (AdmiraltyTi4Page     *self,
              int                   response,
              GtkFileChooserNative *chooser,
              const char           *heading)
{
  g_autoptr(GFile) file = NULL;
  char *path;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  if (chooser == self->chooser)
    g_clear_object (&self->chooser);
  if (file == NULL)
    return NULL;

  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);
      /* Translators: %s is a URI */
      g_autofree char *body = g_strdup_printf (_("%s is not a local file."), uri);

      present_error (self, heading, body);
      return NULL;
    }

  {
    g_autofree char *folder = g_path_get_dirname (path);

    g_settings_set_string (self->settings, "last-folder", folder);
  }
  return path;
}

static void
open_response_cb (AdmiraltyTi4Page     *self,
                  int                   response,
                  GtkFileChooserNative *chooser)
{
  g_autofree char *path = chooser_path (self, response, chooser, _("Could Not Open the Combat"));
  g_autoptr(GError) error = NULL;

  if (path != NULL && !admiralty_ti4_page_open_file (self, path, &error))
    present_error (self, _("Could Not Open the Combat"), error->message);
}

static void
open_clicked_cb (AdmiraltyTi4Page *self)
{
  GtkFileChooserNative *chooser = new_chooser (self, _("Open a Combat"),
                                               GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"),
                                               _("TI4 combats (*.ti4.xml)"), "*.ti4.xml");

  g_signal_connect_object (chooser, "response", G_CALLBACK (open_response_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
save_response_cb (AdmiraltyTi4Page     *self,
                  int                   response,
                  GtkFileChooserNative *chooser)
{
  g_autofree char *path = chooser_path (self, response, chooser, _("Could Not Save the Combat"));
  g_autoptr(GError) error = NULL;

  if (path == NULL)
    return;
  if (!admiralty_ti4_page_save_file (self, path, &error))
    {
      present_error (self, _("Could Not Save the Combat"), error->message);
      return;
    }

  {
    g_autofree char *basename = g_path_get_basename (path);
    /* Translators: %s is a file name */
    g_autofree char *title = g_strdup_printf (_("Combat saved to %s"), basename);

    toast (self, title);
  }
}

static void
save_clicked_cb (AdmiraltyTi4Page *self)
{
  GtkFileChooserNative *chooser = new_chooser (self, _("Save the Combat"),
                                               GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"),
                                               _("TI4 combats (*.ti4.xml)"), "*.ti4.xml");

  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), "combat.ti4.xml");
  g_signal_connect_object (chooser, "response", G_CALLBACK (save_response_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* The report: printed, or exported as PDF, on the paper of the "paper" setting. */

static void
print_done_cb (AdmiraltyTi4Page        *self,
               GtkPrintOperationResult  result,
               GtkPrintOperation       *operation)
{
  g_autoptr(GError) error = NULL;

  if (result != GTK_PRINT_OPERATION_RESULT_ERROR)
    return;
  gtk_print_operation_get_error (operation, &error);
  present_error (self, _("Could Not Print the Report"),
                 error != NULL ? error->message : _("The printer reported a problem."));
}

/* The combat's report on paper, with its luck ledger once a die is rolled: each group's
 * expected hits beside those it scored (adm-luck.h). Every roll is open to both players, so
 * the master's ledger is theirs too. */
static AdmDoc *
report_doc (AdmiraltyTi4Page *self)
{
  AdmDoc *doc = adm_ti4_combat_report (self->combat);
  g_autoptr(GPtrArray) ledgers = adm_luck_ledgers_of_ti4_combat (self->combat, NULL, NULL,
                                                                  NULL);

  if (ledgers != NULL)
    adm_luck_add_to_doc (ledgers, doc, 2);
  return doc;
}

static void
print_clicked_cb (AdmiraltyTi4Page *self)
{
  g_autoptr(GtkPrintOperation) operation = NULL;
  g_autofree char *paper = NULL;
  g_autoptr(GError) error = NULL;
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  if (self->combat == NULL)
    return;

  paper = admiralty_print_get_paper (self->settings, NULL);
  operation = admiralty_print_operation_new (report_doc (self), paper);
  gtk_print_operation_set_allow_async (operation, TRUE);
  g_signal_connect_object (operation, "done", G_CALLBACK (print_done_cb), self,
                           G_CONNECT_SWAPPED);
  if (gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG,
                               GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, &error)
      == GTK_PRINT_OPERATION_RESULT_ERROR)
    present_error (self, _("Could Not Print the Report"), error->message);
}

gboolean
admiralty_ti4_page_export_pdf (AdmiraltyTi4Page  *self,
                               const char        *path,
                               GError           **error)
{
  g_autoptr(AdmDoc) doc = NULL;
  g_autofree char *paper_name = NULL;
  AdmPaper paper;

  g_return_val_if_fail (ADMIRALTY_IS_TI4_PAGE (self), FALSE);
  g_return_val_if_fail (self->combat != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  paper_name = admiralty_print_get_paper (self->settings, &paper);
  doc = report_doc (self);
  return adm_doc_write_pdf (doc, &paper, path, error);
}

static void
export_response_cb (AdmiraltyTi4Page     *self,
                    int                   response,
                    GtkFileChooserNative *chooser)
{
  g_autofree char *path = chooser_path (self, response, chooser,
                                        _("Could Not Export the Report"));
  g_autoptr(GError) error = NULL;

  if (path == NULL || self->combat == NULL)
    return;

  if (!admiralty_ti4_page_export_pdf (self, path, &error))
    {
      present_error (self, _("Could Not Export the Report"), error->message);
      return;
    }

  {
    g_autofree char *basename = g_path_get_basename (path);
    g_autofree char *title = g_strdup_printf (_("Report exported to %s"), basename);

    toast (self, title);
  }
}

static void
export_clicked_cb (AdmiraltyTi4Page *self)
{
  GtkFileChooserNative *chooser;

  if (self->combat == NULL)
    return;
  chooser = new_chooser (self, _("Export Report as PDF"), GTK_FILE_CHOOSER_ACTION_SAVE,
                         _("_Export"), _("PDF documents (*.pdf)"), "*.pdf");
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), "ti4-combat.pdf");
  g_signal_connect_object (chooser, "response", G_CALLBACK (export_response_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* GObject */

static void
admiralty_ti4_page_dispose (GObject *object)
{
  AdmiraltyTi4Page *self = ADMIRALTY_TI4_PAGE (object);

  g_clear_handle_id (&self->odds_source, g_source_remove);
  if (self->odds_cancellable != NULL)
    g_cancellable_cancel (self->odds_cancellable);
  g_clear_object (&self->odds_cancellable);
  close_dialogs (self);
  close_luck (self);
  if (self->error_dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (self->error_dialog));
  g_clear_weak_pointer (&self->error_dialog);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  g_clear_object (&self->combat);
  g_clear_object (&self->prng);
  g_clear_object (&self->catalog);
  g_clear_object (&self->settings);
  g_clear_object (&self->typed);

  G_OBJECT_CLASS (admiralty_ti4_page_parent_class)->dispose (object);
}

static void
admiralty_ti4_page_finalize (GObject *object)
{
  AdmiraltyTi4Page *self = ADMIRALTY_TI4_PAGE (object);

  g_free (self->catalog_error);
  g_free (self->path);
  g_free (self->draft_path);

  G_OBJECT_CLASS (admiralty_ti4_page_parent_class)->finalize (object);
}

static void
admiralty_ti4_page_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  AdmiraltyTi4Page *self = ADMIRALTY_TI4_PAGE (object);

  switch (prop_id)
    {
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, admiralty_ti4_page_can_undo (self));
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, admiralty_ti4_page_can_redo (self));
      break;
    case PROP_SESSION_PATH:
      g_value_set_string (value, admiralty_ti4_page_get_session_path (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

#define BIND_SIDES(name, field) \
  gtk_widget_class_bind_template_child_full (widget_class, "attacker_" name, FALSE, \
                                             G_STRUCT_OFFSET (AdmiraltyTi4Page, field[0])); \
  gtk_widget_class_bind_template_child_full (widget_class, "defender_" name, FALSE, \
                                             G_STRUCT_OFFSET (AdmiraltyTi4Page, field[1]))

static void
admiralty_ti4_page_class_init (AdmiraltyTi4PageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = admiralty_ti4_page_dispose;
  object_class->finalize = admiralty_ti4_page_finalize;
  object_class->get_property = admiralty_ti4_page_get_property;

  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_SESSION_PATH] =
    g_param_spec_string ("session-path", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (ADMIRALTY_TYPE_TI4_ODDS_BAR);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/admiralty/Admiralty/"
                                               "admiralty-ti4-page.ui");
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyTi4Page, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyTi4Page, stack);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyTi4Page, space_button);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyTi4Page, ground_button);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyTi4Page, start_button);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyTi4Page, odds_stack);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyTi4Page, odds_bar);
  gtk_widget_class_bind_template_child_full (widget_class, "attacker_percent_label", FALSE,
                                             G_STRUCT_OFFSET (AdmiraltyTi4Page,
                                                              percent_labels[0]));
  gtk_widget_class_bind_template_child_full (widget_class, "draw_percent_label", FALSE,
                                             G_STRUCT_OFFSET (AdmiraltyTi4Page,
                                                              percent_labels[1]));
  gtk_widget_class_bind_template_child_full (widget_class, "defender_percent_label", FALSE,
                                             G_STRUCT_OFFSET (AdmiraltyTi4Page,
                                                              percent_labels[2]));
  gtk_widget_class_bind_template_child_full (widget_class, "attacker_caption_label", FALSE,
                                             G_STRUCT_OFFSET (AdmiraltyTi4Page,
                                                              caption_labels[0]));
  gtk_widget_class_bind_template_child_full (widget_class, "draw_caption_label", FALSE,
                                             G_STRUCT_OFFSET (AdmiraltyTi4Page,
                                                              caption_labels[1]));
  gtk_widget_class_bind_template_child_full (widget_class, "defender_caption_label", FALSE,
                                             G_STRUCT_OFFSET (AdmiraltyTi4Page,
                                                              caption_labels[2]));
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyTi4Page, details_label);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyTi4Page, odds_message_label);
  BIND_SIDES ("name_row", name_rows);
  BIND_SIDES ("policy_row", policy_rows);
  BIND_SIDES ("retreat_row", retreat_rows);
  BIND_SIDES ("retreat_spin", retreat_spins);
  BIND_SIDES ("system_row", system_rows);
  BIND_SIDES ("system_switch", system_switches);
  BIND_SIDES ("ships_group", ships_groups);
  BIND_SIDES ("cargo_group", cargo_groups);
  BIND_SIDES ("fleet_group", fleet_groups);
  BIND_SIDES ("fleet_list", fleet_lists);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyTi4Page, round_label);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyTi4Page, need_label);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyTi4Page, clause_label);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyTi4Page, step_button);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyTi4Page, stay_button);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyTi4Page, round_button);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyTi4Page, end_button);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyTi4Page, luck_button);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyTi4Page, undo_button);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyTi4Page, redo_button);
  gtk_widget_class_install_action (widget_class, "ti4.undo", NULL, undo_redo_action);
  gtk_widget_class_install_action (widget_class, "ti4.redo", NULL, undo_redo_action);
  gtk_widget_class_install_action (widget_class, "ti4.luck", NULL, luck_action);
  /* The key of the campaign's luck ledger (win.luck-ledger), here for the combat's. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_l,
                                       GDK_CONTROL_MASK | GDK_SHIFT_MASK, "ti4.luck", NULL);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyTi4Page, new_button);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyTi4Page, log_stack);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyTi4Page, report_list);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyTi4Page, dice_list);

  gtk_widget_class_bind_template_callback (widget_class, arena_toggled_cb);
  gtk_widget_class_bind_template_callback (widget_class, open_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, save_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, start_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, step_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, stay_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, round_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, end_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, new_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, print_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, export_clicked_cb);
}

static void
admiralty_ti4_page_init (AdmiraltyTi4Page *self)
{
  g_autoptr(GError) error = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  admiralty_ti4_page_update_undo (self);
  /* Cancelled (Escape too): the step stays where it was. */
  self->typed = admiralty_typed_dice_new (_("The step was not resolved"));
  g_signal_connect_object (self->typed, "entered", G_CALLBACK (typed_entered_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->typed, "toast", G_CALLBACK (toast), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->typed, "error", G_CALLBACK (present_error), self,
                           G_CONNECT_SWAPPED);
  self->settings = g_settings_new (APP_ID);
  g_signal_connect_object (self->settings, "changed::dice-mode",
                           G_CALLBACK (dice_mode_changed_cb), self, G_CONNECT_SWAPPED);
  self->arena = ADM_TI4_SPACE;

  self->catalog = adm_ti4_catalog_load (&error);
  if (self->catalog == NULL)
    self->catalog_error = g_strdup (error->message);
  else
    admiralty_ti4_page_add_unit_rows (self);

  for (guint s = 0; s < 2; s++)
    {
      gtk_editable_set_text (GTK_EDITABLE (self->name_rows[s]), adm_ti4_side_name (s));
      g_signal_connect_object (self->name_rows[s], "changed", G_CALLBACK (setup_changed_cb),
                               self, G_CONNECT_SWAPPED);
      g_signal_connect_object (self->policy_rows[s], "notify::selected",
                               G_CALLBACK (policy_selected_cb), self, G_CONNECT_SWAPPED);
      admiralty_tooltip_set (GTK_WIDGET (self->policy_rows[s]),
                             adm_ti4_policy_describe (ADM_TI4_POLICY_SUSTAIN_FIRST));
      g_signal_connect_object (self->retreat_rows[s], "notify::enable-expansion",
                               G_CALLBACK (setup_changed_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (self->retreat_spins[s], "value-changed",
                               G_CALLBACK (setup_changed_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (self->system_switches[s], "notify::active",
                               G_CALLBACK (setup_changed_cb), self, G_CONNECT_SWAPPED);
    }

  admiralty_ti4_page_show_arena (self);
  admiralty_ti4_page_update_odds (self);
}

GtkWidget *
admiralty_ti4_page_new (void)
{
  return g_object_new (ADMIRALTY_TYPE_TI4_PAGE, NULL);
}

AdmTi4Combat *
admiralty_ti4_page_get_combat (AdmiraltyTi4Page *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_TI4_PAGE (self), NULL);

  return self->combat;
}

gboolean
admiralty_ti4_page_can_undo (AdmiraltyTi4Page *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_TI4_PAGE (self), FALSE);

  return self->combat != NULL && adm_ti4_combat_get_events (self->combat)->len > 0;
}

gboolean
admiralty_ti4_page_undo (AdmiraltyTi4Page *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_TI4_PAGE (self), FALSE);

  if (self->combat == NULL)
    return FALSE;
  close_dialogs (self);
  if (!adm_ti4_combat_undo (self->combat))
    return FALSE;
  admiralty_ti4_page_update_combat (self);
  return TRUE;
}

gboolean
admiralty_ti4_page_can_redo (AdmiraltyTi4Page *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_TI4_PAGE (self), FALSE);

  return self->combat != NULL && adm_ti4_combat_can_redo (self->combat);
}

gboolean
admiralty_ti4_page_redo (AdmiraltyTi4Page *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_TI4_PAGE (self), FALSE);

  if (self->combat == NULL)
    return FALSE;
  close_dialogs (self);
  if (!adm_ti4_combat_redo (self->combat))
    return FALSE;
  admiralty_ti4_page_update_combat (self);
  return TRUE;
}

static char *
describe (AdmiraltyTi4Page *self,
          gboolean          redo)
{
  AdmJournal *journal;
  AdmJournalAction *action;

  if (self->combat == NULL)
    return NULL;
  journal = adm_ti4_combat_get_journal (self->combat);
  action = redo ? adm_journal_get_redo_action (journal) : adm_journal_get_undo_action (journal);
  return action != NULL ? adm_journal_describe (journal, action) : NULL;
}

char *
admiralty_ti4_page_describe_undo (AdmiraltyTi4Page *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_TI4_PAGE (self), NULL);

  return describe (self, FALSE);
}

char *
admiralty_ti4_page_describe_redo (AdmiraltyTi4Page *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_TI4_PAGE (self), NULL);

  return describe (self, TRUE);
}

const char *
admiralty_ti4_page_get_path (AdmiraltyTi4Page *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_TI4_PAGE (self), NULL);

  return self->path;
}
