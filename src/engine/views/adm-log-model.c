/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-log-model.c: a battle's report or dice log as an audience reads it, kept in step with
 * the battle by what each phase recorded. */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "adm-dice-source.h"
#include "adm-log-model.h"

/* Where an item comes from: the index of its line or roll in the battle, and what the
 * audience read of it there (the line itself or its copy, adm_audience_read_line ()). */
typedef struct
{
  guint         index;   /* HEADING for a heading */
  gconstpointer read;
} Source;

#define HEADING G_MAXUINT

struct _AdmLogModel
{
  GObject      parent_instance;

  AdmBattle   *battle;
  gulong       changed_id;
  AdmCampaign *campaign;   /* the campaign's dice log's, else NULL */
  AdmState    *state;      /* the campaign's state its rolls were read from */
  AdmLogKind   kind;
  AdmAudience  audience;
  GPtrArray   *items;    /* AdmLogEntry */
  GArray      *sources;  /* Source, one an item */
  guint        taken;    /* the battle's lines or rolls read so far */
};

static void adm_log_model_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (AdmLogModel, adm_log_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL,
                                                      adm_log_model_list_model_init))

static GType
adm_log_model_get_item_type (GListModel *model)
{
  return ADM_TYPE_LOG_ENTRY;
}

static guint
adm_log_model_get_n_items (GListModel *model)
{
  return ADM_LOG_MODEL (model)->items->len;
}

static gpointer
adm_log_model_get_item (GListModel *model,
                        guint       position)
{
  AdmLogModel *self = ADM_LOG_MODEL (model);

  if (position >= self->items->len)
    return NULL;
  return g_object_ref (g_ptr_array_index (self->items, position));
}

static void
adm_log_model_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = adm_log_model_get_item_type;
  iface->get_n_items = adm_log_model_get_n_items;
  iface->get_item = adm_log_model_get_item;
}

/* The battle's lines or rolls. */
static GPtrArray *
recorded (AdmLogModel *self)
{
  if (self->campaign != NULL)
    return adm_state_get_rolls (self->state);
  return self->kind == ADM_LOG_REPORT ? adm_battle_get_report (self->battle)
                                      : adm_battle_get_rolls (self->battle);
}

/* What the audience reads of the @index-th line or roll, or NULL. */
static gconstpointer
read_at (AdmLogModel *self,
         guint        index)
{
  gconstpointer entry = g_ptr_array_index (recorded (self), index);

  return self->kind == ADM_LOG_REPORT ? (gconstpointer) adm_audience_read_line (self->audience,
                                                                               self->battle,
                                                                               entry)
                                      : (gconstpointer) adm_audience_read_roll (self->audience,
                                                                               self->battle,
                                                                               entry);
}

/* Whether the @index-th line or roll has a copy for a side that has not identified a token
 * (F-ECM-4): the only entries whose reading changes as the battle goes on. */
static gboolean
has_copy (AdmLogModel *self,
          guint        index)
{
  gconstpointer entry = g_ptr_array_index (recorded (self), index);

  return self->kind == ADM_LOG_REPORT ? ((const AdmReportLine *) entry)->fogged != NULL
                                      : ((const AdmBattleRoll *) entry)->fogged != NULL;
}

/* A roll's dice in the dice log's words: "F-ART-11 · 2d6: 3 5 = 8 · ≥ 7: passed ✓ · typed
 * in". */
static char *
describe_roll (const AdmBattleRoll *roll)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *dice = adm_dice_describe (roll->n_values, roll->sides);
  g_autofree char *outcome = NULL;
  guint total = 0;

  if (roll->clause != NULL && roll->clause[0] != '\0')
    g_string_append_printf (text, "%s · ", roll->clause);
  g_string_append_printf (text, "%s:", dice);
  for (guint v = 0; v < roll->n_values; v++)
    {
      g_string_append_printf (text, " %u", roll->values[v]);
      total += roll->values[v];
    }
  /* A sum, where the dice count together; not for dice judged one by one. */
  if (roll->n_values > 1 && roll->check != ADM_ROLL_CHECK_EACH_AT_LEAST &&
      roll->check != ADM_ROLL_CHECK_DOUBLES)
    g_string_append_printf (text, " = %u", total);
  /* Pass or fail as the rule judged it (the engine records it at the roll), or the
   * table's result. */
  if ((outcome = adm_battle_roll_describe_outcome (roll)) != NULL)
    g_string_append_printf (text, " · %s", outcome);
  /* Whose dice they were — a disputed roll is checked against what was typed. */
  if (roll->origin == ADM_ROLL_ORIGIN_TYPED)
    g_string_append (text, _(" · typed in"));
  else if (roll->origin == ADM_ROLL_ORIGIN_PROGRAM)
    g_string_append (text, _(" · rolled by the program"));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static AdmLogEntry *
entry_new (AdmLogModel   *self,
           gconstpointer  read)
{
  const AdmBattleRoll *roll = read;
  g_autofree char *detail = NULL;

  if (self->kind == ADM_LOG_REPORT)
    return adm_log_entry_new (((const AdmReportLine *) read)->turn,
                              ((const AdmReportLine *) read)->phase,
                              adm_report_line_get_text (read), NULL, FALSE);
  detail = describe_roll (roll);
  return adm_log_entry_new (roll->turn, roll->phase, adm_battle_roll_get_purpose (roll), detail,
                            FALSE);
}

static void
add_item (AdmLogModel *self,
          AdmLogEntry *entry,
          guint        index,
          gconstpointer read)
{
  Source source = { index, read };

  g_ptr_array_add (self->items, entry);
  g_array_append_val (self->sources, source);
}

/* Adds what the audience reads of the lines or rolls from the @from-th on, a heading before
 * each turn's phase; returns how many items were added. */
static guint
take_from (AdmLogModel *self,
           guint        from)
{
  guint n = recorded (self)->len;
  guint before = self->items->len;

  for (guint i = from; i < n; i++)
    {
      gconstpointer read = read_at (self, i);
      AdmLogEntry *entry, *last;

      if (read == NULL)
        continue;
      entry = entry_new (self, read);
      last = self->items->len > 0 ? g_ptr_array_index (self->items, self->items->len - 1) : NULL;
      if (last == NULL || adm_log_entry_get_turn (last) != adm_log_entry_get_turn (entry) ||
          adm_log_entry_get_phase (last) != adm_log_entry_get_phase (entry))
        {
          int turn = adm_log_entry_get_turn (entry);
          AdmPhase phase = adm_log_entry_get_phase (entry);
          /* Translators: a battle's turn and phase, "Turn 2 · Fire" */
          g_autofree char *heading = g_strdup_printf (_("Turn %d · %s"), turn,
                                                      adm_phase_display_name (
                                                        adm_phase_to_string (phase)));

          add_item (self, adm_log_entry_new (turn, phase, heading, NULL, TRUE), HEADING, NULL);
        }
      add_item (self, entry, i, read);
    }
  self->taken = n;
  return self->items->len - before;
}

/* Reads the battle anew, for another battle or audience. */
static void
reread (AdmLogModel *self)
{
  guint removed = self->items->len;
  guint added = 0;

  g_ptr_array_set_size (self->items, 0);
  g_array_set_size (self->sources, 0);
  self->taken = 0;
  if (self->battle != NULL)
    added = take_from (self, 0);
  if (removed > 0 || added > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, removed, added);
}

/* After a phase resolved, undone or redone: each lengthens the battle's lines and rolls, or
 * shortens them, never both. The entries taken back go, with their headings; the new ones come
 * at the end; an entry read through a copy (F-ECM-4) is read again, as the side may have
 * identified the token since. */
static void
battle_changed_cb (AdmLogModel *self)
{
  guint n = recorded (self)->len;
  guint cut = self->items->len;
  guint removed, added = 0;

  while (cut > 0)
    {
      const Source *source = &g_array_index (self->sources, Source, cut - 1);

      if (source->index != HEADING && source->index < n)
        break;
      cut--;
    }
  for (guint i = 0; i < cut; i++)
    {
      Source *source = &g_array_index (self->sources, Source, i);
      gconstpointer read;

      if (source->index == HEADING || !has_copy (self, source->index))
        continue;
      read = read_at (self, source->index);
      if (read == source->read)
        continue;
      if (read == NULL)
        {
          /* Not a copy for another: the audience no longer reads it at all, which only another
           * picture of the campaign does. */
          reread (self);
          return;
        }
      source->read = read;
      g_object_unref (g_ptr_array_index (self->items, i));
      g_ptr_array_index (self->items, i) = entry_new (self, read);
      g_list_model_items_changed (G_LIST_MODEL (self), i, 1, 1);
    }
  removed = self->items->len - cut;
  g_ptr_array_set_size (self->items, cut);
  g_array_set_size (self->sources, cut);
  if (n < self->taken)
    self->taken = n;
  else
    added = take_from (self, self->taken);
  if (removed > 0 || added > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), cut, removed, added);
}

/* Whether two rolls of the campaign are the same roll: the same time, purpose, clause and
 * dice, with the same values. */
static gboolean
same_roll (const AdmRollRecord *a,
           const AdmRollRecord *b)
{
  return a->time == b->time && a->sides == b->sides &&
         g_strcmp0 (a->purpose, b->purpose) == 0 && g_strcmp0 (a->clause, b->clause) == 0 &&
         a->values->len == b->values->len &&
         memcmp (a->values->data, b->values->data, sizeof (guint) * a->values->len) == 0;
}

/* After the campaign changed: its state keeps its rolls and adds new ones at the end, so that
 * a state still the same has only added; a state replayed anew (an undo, a correction) keeps
 * the rolls up to the first that differs from those read, and the rest are read again. */
static void
campaign_changed_cb (AdmLogModel *self)
{
  AdmState *state = adm_campaign_get_state (self->campaign);
  GPtrArray *rolls = adm_state_get_rolls (state);
  guint kept = self->items->len;
  guint removed, added;

  if (state != self->state)
    {
      for (kept = 0; kept < self->items->len && kept < rolls->len; kept++)
        if (!same_roll (g_array_index (self->sources, Source, kept).read,
                        g_ptr_array_index (rolls, kept)))
          break;
      for (guint i = 0; i < kept; i++)
        g_array_index (self->sources, Source, i).read = g_ptr_array_index (rolls, i);
      g_set_object (&self->state, state);
    }
  removed = self->items->len - kept;
  g_ptr_array_set_size (self->items, kept);
  g_array_set_size (self->sources, kept);
  for (guint i = kept; i < rolls->len; i++)
    add_item (self, adm_log_entry_new_roll (g_ptr_array_index (rolls, i)), i,
              g_ptr_array_index (rolls, i));
  added = self->items->len - kept;
  self->taken = rolls->len;
  if (removed > 0 || added > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), kept, removed, added);
}

static void
adm_log_model_dispose (GObject *object)
{
  AdmLogModel *self = ADM_LOG_MODEL (object);

  if (self->campaign != NULL)
    g_clear_signal_handler (&self->changed_id, self->campaign);
  else
    g_clear_signal_handler (&self->changed_id, self->battle);
  g_clear_object (&self->battle);
  g_clear_object (&self->campaign);
  g_clear_object (&self->state);

  G_OBJECT_CLASS (adm_log_model_parent_class)->dispose (object);
}

static void
adm_log_model_finalize (GObject *object)
{
  AdmLogModel *self = ADM_LOG_MODEL (object);

  g_ptr_array_unref (self->items);
  g_array_unref (self->sources);

  G_OBJECT_CLASS (adm_log_model_parent_class)->finalize (object);
}

static void
adm_log_model_class_init (AdmLogModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = adm_log_model_dispose;
  object_class->finalize = adm_log_model_finalize;
}

static void
adm_log_model_init (AdmLogModel *self)
{
  self->items = g_ptr_array_new_with_free_func (g_object_unref);
  self->sources = g_array_new (FALSE, FALSE, sizeof (Source));
}

AdmLogModel *
adm_log_model_new (AdmBattle   *battle,
                   AdmLogKind   kind,
                   AdmAudience  audience)
{
  AdmLogModel *self;

  g_return_val_if_fail (battle == NULL || ADM_IS_BATTLE (battle), NULL);
  g_return_val_if_fail (kind == ADM_LOG_REPORT || kind == ADM_LOG_ROLLS, NULL);

  self = g_object_new (ADM_TYPE_LOG_MODEL, NULL);
  self->kind = kind;
  self->audience = audience;
  adm_log_model_set_battle (self, battle);
  return self;
}

AdmLogModel *
adm_log_model_new_for_campaign (AdmCampaign *campaign)
{
  AdmLogModel *self;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), NULL);

  self = g_object_new (ADM_TYPE_LOG_MODEL, NULL);
  self->kind = ADM_LOG_ROLLS;
  self->audience = adm_audience_master ();
  self->campaign = g_object_ref (campaign);
  self->changed_id = g_signal_connect_swapped (campaign, "changed",
                                               G_CALLBACK (campaign_changed_cb), self);
  campaign_changed_cb (self);
  return self;
}

AdmBattle *
adm_log_model_get_battle (AdmLogModel *self)
{
  g_return_val_if_fail (ADM_IS_LOG_MODEL (self), NULL);
  return self->battle;
}

void
adm_log_model_set_battle (AdmLogModel *self,
                          AdmBattle   *battle)
{
  g_return_if_fail (ADM_IS_LOG_MODEL (self));
  g_return_if_fail (battle == NULL || ADM_IS_BATTLE (battle));
  g_return_if_fail (self->campaign == NULL);

  if (battle == self->battle)
    return;
  g_clear_signal_handler (&self->changed_id, self->battle);
  g_set_object (&self->battle, battle);
  if (battle != NULL)
    self->changed_id = g_signal_connect_swapped (battle, "changed",
                                                 G_CALLBACK (battle_changed_cb), self);
  reread (self);
}

void
adm_log_model_set_audience (AdmLogModel *self,
                            AdmAudience  audience)
{
  g_return_if_fail (ADM_IS_LOG_MODEL (self));
  g_return_if_fail (self->campaign == NULL);

  /* The same audience reads the same: nothing to read again. */
  if (audience.kind == self->audience.kind && audience.side == self->audience.side &&
      audience.campaign == self->audience.campaign && audience.untold == self->audience.untold)
    return;
  self->audience = audience;
  reread (self);
}
