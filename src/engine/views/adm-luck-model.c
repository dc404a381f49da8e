/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-luck-model.c: a campaign's luck ledger as a list for one audience (adm-luck-model.h). */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "adm-luck.h"
#include "adm-luck-admirals.h"
#include "adm-luck-model.h"

struct _AdmLuckModel
{
  GObject      parent_instance;

  AdmCampaign *campaign;  /* the campaign whose battles are weighed, or NULL */
  AdmTi4Combat *combat;   /* else the TI4 combat */
  gulong       changed_id;
  char        *as;
  gboolean     every_roll;
  char        *empty_reason;
  GPtrArray   *rows;   /* AdmLuckRow */
};

enum {
  PROP_0,
  PROP_EVERY_ROLL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void adm_luck_model_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (AdmLuckModel, adm_luck_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL,
                                                      adm_luck_model_list_model_init))

static GType
adm_luck_model_get_item_type (GListModel *model)
{
  return ADM_TYPE_LUCK_ROW;
}

static guint
adm_luck_model_get_n_items (GListModel *model)
{
  return ADM_LUCK_MODEL (model)->rows->len;
}

static gpointer
adm_luck_model_get_item (GListModel *model,
                         guint       position)
{
  AdmLuckModel *self = ADM_LUCK_MODEL (model);

  if (position >= self->rows->len)
    return NULL;
  return g_object_ref (g_ptr_array_index (self->rows, position));
}

static void
adm_luck_model_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = adm_luck_model_get_item_type;
  iface->get_n_items = adm_luck_model_get_n_items;
  iface->get_item = adm_luck_model_get_item;
}

/* A row of each side (@admirals FALSE) or admiral of @tallies (AdmLuckSide*). */
static void
add_tallies (GPtrArray *rows,
             GPtrArray *tallies,
             gboolean   admirals)
{
  for (guint i = 0; i < tallies->len; i++)
    {
      const AdmLuckSide *side = g_ptr_array_index (tallies, i);
      g_autofree char *summary = adm_luck_side_summary (side);
      g_autofree char *title = NULL;

      if (admirals)
        /* Translators: an admiral's row of the luck ledger: "Adm. Vorkalloner (Barrayar)" */
        title = g_strdup_printf (_("%s (%s)"), side->admiral, side->name);
      else if (side->admiral != NULL)
        title = g_strdup_printf (_("%s (%s)"), side->name, side->admiral);
      g_ptr_array_add (rows, adm_luck_row_new (admirals ? ADM_LUCK_ROW_ADMIRAL
                                                        : ADM_LUCK_ROW_SIDE,
                                               title != NULL ? title : side->name, summary,
                                               adm_luck_side_rolls (side)));
    }
}

/* The heading of the rolls of @leaning, @n of them. */
static char *
leaning_heading (int   leaning,
                 guint n)
{
  if (leaning > 0)
    /* Translators: a heading of the luck ledger's every roll */
    return g_strdup_printf (ngettext ("Lucky: %u roll, the luckiest first",
                                      "Lucky: %u rolls, the luckiest first", n), n);
  if (leaning < 0)
    /* Translators: a heading of the luck ledger's every roll */
    return g_strdup_printf (ngettext ("Unlucky: %u roll, the unluckiest last",
                                      "Unlucky: %u rolls, the unluckiest last", n), n);
  /* Translators: a heading of the luck ledger's every roll: rolls as likely to have gone
   * better as worse, or that could have gone no other way */
  return g_strdup_printf (ngettext ("Neither lucky nor unlucky: %u roll",
                                    "Neither lucky nor unlucky: %u rolls", n), n);
}

/* A row of every roll of @ledgers, under a heading of the lucky, of those neither, and of
 * the unlucky (adm_luck_ledgers_by_luck ()); each names its battle when there are several.
 * FALSE when there is no roll. */
static gboolean
add_rolls (GPtrArray *rows,
           GPtrArray *ledgers)
{
  g_autoptr(GArray) refs = adm_luck_ledgers_by_luck (ledgers);
  int last = 2;

  for (guint i = 0; i < refs->len; i++)
    {
      const AdmLuckRollRef *ref = &g_array_index (refs, AdmLuckRollRef, i);
      g_autofree char *title = adm_luck_roll_title (ref->ledger, ref->entry);
      g_autofree char *summary = adm_luck_roll_summary (ref->ledger, ref->entry);

      if (ref->leaning != last)
        {
          guint n = 0;
          g_autofree char *heading = NULL;

          for (guint k = i; k < refs->len &&
                 g_array_index (refs, AdmLuckRollRef, k).leaning == ref->leaning; k++)
            n++;
          heading = leaning_heading (ref->leaning, n);
          g_ptr_array_add (rows, adm_luck_row_new (ADM_LUCK_ROW_HEADING, heading, NULL, 0));
          last = ref->leaning;
        }
      if (ledgers->len > 1)
        {
          char *named = g_strdup_printf ("%s\n%s", adm_luck_ledger_get_title (ref->ledger),
                                         summary);

          g_free (summary);
          summary = named;
        }
      g_ptr_array_add (rows, adm_luck_row_new (ADM_LUCK_ROW_ROLL, title, summary, 1));
    }
  return refs->len > 0;
}

static void
add_extreme (GPtrArray *rows,
             GPtrArray *ledgers,
             gboolean   lucky)
{
  g_autofree char *text = adm_luck_ledgers_describe_extreme (ledgers, lucky);

  if (text != NULL)
    g_ptr_array_add (rows, adm_luck_row_new (lucky ? ADM_LUCK_ROW_LUCKIEST
                                                   : ADM_LUCK_ROW_UNLUCKIEST,
                                             lucky ? _("Luckiest roll") : _("Unluckiest roll"),
                                             text, 1));
}

/* The rows of the ledgers for the audience, as the campaign stands; @reason the refusal when
 * there are none. */
static GPtrArray *
read_rows (AdmLuckModel  *self,
           char         **reason)
{
  GPtrArray *rows = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) ledgers = self->combat != NULL
    ? adm_luck_ledgers_of_ti4_combat (self->combat, NULL, self->as, &error)
    : adm_luck_ledgers_of_campaign (self->campaign, NULL, self->as, &error);

  if (ledgers == NULL)
    {
      *reason = g_strdup (error->message);
      return rows;
    }
  if (self->every_roll)
    {
      if (!add_rolls (rows, ledgers))
        *reason = g_strdup (_("No judged roll is counted in this ledger yet: there is no "
                              "roll to list"));
      return rows;
    }
  for (guint l = 0; l < ledgers->len; l++)
    {
      AdmLuckLedger *ledger = g_ptr_array_index (ledgers, l);

      g_ptr_array_add (rows, adm_luck_row_new (ADM_LUCK_ROW_HEADING,
                                               adm_luck_ledger_get_title (ledger), NULL, 0));
      add_tallies (rows, adm_luck_ledger_get_sides (ledger), FALSE);
      add_tallies (rows, adm_luck_ledger_get_admirals (ledger), TRUE);
    }
  if (ledgers->len > 1)
    {
      g_autoptr(GPtrArray) totals = adm_luck_ledgers_totals (ledgers);
      g_autoptr(GPtrArray) admirals = adm_luck_ledgers_admiral_totals (ledgers);

      g_ptr_array_add (rows, adm_luck_row_new (ADM_LUCK_ROW_HEADING, _("Every battle"), NULL,
                                               0));
      add_tallies (rows, totals, FALSE);
      add_tallies (rows, admirals, TRUE);
    }
  add_extreme (rows, ledgers, TRUE);
  add_extreme (rows, ledgers, FALSE);
  return rows;
}

/* Reads the rows anew and says which changed: those between the first and the last that
 * differ. */
static void
reread (AdmLuckModel *self)
{
  g_autofree char *reason = NULL;
  g_autoptr(GPtrArray) rows = read_rows (self, &reason);
  guint head = 0, tail = 0;
  guint removed, added;

  while (head < rows->len && head < self->rows->len &&
         adm_luck_row_equal (g_ptr_array_index (rows, head),
                             g_ptr_array_index (self->rows, head)))
    head++;
  while (tail < rows->len - head && tail < self->rows->len - head &&
         adm_luck_row_equal (g_ptr_array_index (rows, rows->len - 1 - tail),
                             g_ptr_array_index (self->rows, self->rows->len - 1 - tail)))
    tail++;
  removed = self->rows->len - head - tail;
  added = rows->len - head - tail;
  g_free (self->empty_reason);
  self->empty_reason = g_steal_pointer (&reason);
  if (removed == 0 && added == 0)
    return;
  g_ptr_array_remove_range (self->rows, head, removed);
  for (guint i = 0; i < added; i++)
    g_ptr_array_insert (self->rows, (int) (head + i),
                        g_object_ref (g_ptr_array_index (rows, head + i)));
  g_list_model_items_changed (G_LIST_MODEL (self), head, removed, added);
}

static void
adm_luck_model_dispose (GObject *object)
{
  AdmLuckModel *self = ADM_LUCK_MODEL (object);

  if (self->campaign != NULL)
    g_clear_signal_handler (&self->changed_id, self->campaign);
  if (self->combat != NULL)
    g_clear_signal_handler (&self->changed_id, self->combat);
  g_clear_object (&self->campaign);
  g_clear_object (&self->combat);

  G_OBJECT_CLASS (adm_luck_model_parent_class)->dispose (object);
}

static void
adm_luck_model_finalize (GObject *object)
{
  AdmLuckModel *self = ADM_LUCK_MODEL (object);

  g_ptr_array_unref (self->rows);
  g_free (self->as);
  g_free (self->empty_reason);

  G_OBJECT_CLASS (adm_luck_model_parent_class)->finalize (object);
}

static void
adm_luck_model_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  AdmLuckModel *self = ADM_LUCK_MODEL (object);

  switch (prop_id)
    {
    case PROP_EVERY_ROLL:
      g_value_set_boolean (value, self->every_roll);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
adm_luck_model_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  AdmLuckModel *self = ADM_LUCK_MODEL (object);

  switch (prop_id)
    {
    case PROP_EVERY_ROLL:
      adm_luck_model_set_every_roll (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
adm_luck_model_class_init (AdmLuckModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = adm_luck_model_dispose;
  object_class->finalize = adm_luck_model_finalize;
  object_class->get_property = adm_luck_model_get_property;
  object_class->set_property = adm_luck_model_set_property;

  properties[PROP_EVERY_ROLL] = g_param_spec_boolean ("every-roll", NULL, NULL, FALSE,
                                                      G_PARAM_READWRITE |
                                                      G_PARAM_EXPLICIT_NOTIFY |
                                                      G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
adm_luck_model_init (AdmLuckModel *self)
{
  self->rows = g_ptr_array_new_with_free_func (g_object_unref);
}

AdmLuckModel *
adm_luck_model_new (AdmCampaign *campaign,
                    const char  *as)
{
  AdmLuckModel *self;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), NULL);

  self = g_object_new (ADM_TYPE_LUCK_MODEL, NULL);
  self->campaign = g_object_ref (campaign);
  self->as = g_strdup (as != NULL ? as : "master");
  self->changed_id = g_signal_connect_swapped (campaign, "changed", G_CALLBACK (reread), self);
  reread (self);
  return self;
}

AdmLuckModel *
adm_luck_model_new_ti4 (AdmTi4Combat *combat,
                        const char   *as)
{
  AdmLuckModel *self;

  g_return_val_if_fail (ADM_IS_TI4_COMBAT (combat), NULL);

  self = g_object_new (ADM_TYPE_LUCK_MODEL, NULL);
  self->combat = g_object_ref (combat);
  self->as = g_strdup (as != NULL ? as : "master");
  self->changed_id = g_signal_connect_swapped (combat, "changed", G_CALLBACK (reread), self);
  reread (self);
  return self;
}

void
adm_luck_model_set_audience (AdmLuckModel *self,
                             const char   *as)
{
  g_return_if_fail (ADM_IS_LUCK_MODEL (self));

  if (as == NULL)
    as = "master";
  if (g_str_equal (as, self->as))
    return;
  g_free (self->as);
  self->as = g_strdup (as);
  reread (self);
}

void
adm_luck_model_set_every_roll (AdmLuckModel *self,
                               gboolean      every_roll)
{
  g_return_if_fail (ADM_IS_LUCK_MODEL (self));

  every_roll = !!every_roll;
  if (every_roll == self->every_roll)
    return;
  self->every_roll = every_roll;
  reread (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EVERY_ROLL]);
}

gboolean
adm_luck_model_get_every_roll (AdmLuckModel *self)
{
  g_return_val_if_fail (ADM_IS_LUCK_MODEL (self), FALSE);
  return self->every_roll;
}

const char *
adm_luck_model_get_audience (AdmLuckModel *self)
{
  g_return_val_if_fail (ADM_IS_LUCK_MODEL (self), NULL);
  return self->as;
}

const char *
adm_luck_model_get_empty_reason (AdmLuckModel *self)
{
  g_return_val_if_fail (ADM_IS_LUCK_MODEL (self), NULL);
  return self->empty_reason;
}
