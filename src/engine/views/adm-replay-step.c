/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-replay-step.c: an immutable step of the war's replay (adm-replay-step.h). */

#include "config.h"

#include "adm-replay-step.h"

struct _AdmReplayStep
{
  GObject  parent_instance;

  guint    moment;
  guint    cycle;
  char    *engagement;
  char    *label;
};

enum {
  PROP_0,
  PROP_MOMENT,
  PROP_LABEL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (AdmReplayStep, adm_replay_step, G_TYPE_OBJECT)

static void
adm_replay_step_finalize (GObject *object)
{
  AdmReplayStep *self = ADM_REPLAY_STEP (object);

  g_free (self->engagement);
  g_free (self->label);

  G_OBJECT_CLASS (adm_replay_step_parent_class)->finalize (object);
}

static void
adm_replay_step_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  AdmReplayStep *self = ADM_REPLAY_STEP (object);

  switch (prop_id)
    {
    case PROP_MOMENT:
      g_value_set_uint (value, self->moment);
      break;
    case PROP_LABEL:
      g_value_set_string (value, self->label);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
adm_replay_step_class_init (AdmReplayStepClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = adm_replay_step_finalize;
  object_class->get_property = adm_replay_step_get_property;

  /* Read by the timeline's list rows (GtkExpression). */
  properties[PROP_MOMENT] =
    g_param_spec_uint ("moment", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_LABEL] =
    g_param_spec_string ("label", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
adm_replay_step_init (AdmReplayStep *self)
{
}

AdmReplayStep *
adm_replay_step_new (guint       moment,
                     guint       cycle,
                     const char *engagement,
                     const char *label)
{
  AdmReplayStep *self = g_object_new (ADM_TYPE_REPLAY_STEP, NULL);

  self->moment = moment;
  self->cycle = cycle;
  self->engagement = g_strdup (engagement);
  self->label = g_strdup (label != NULL ? label : "");
  return self;
}

guint
adm_replay_step_get_moment (AdmReplayStep *self)
{
  g_return_val_if_fail (ADM_IS_REPLAY_STEP (self), 0);
  return self->moment;
}

guint
adm_replay_step_get_cycle (AdmReplayStep *self)
{
  g_return_val_if_fail (ADM_IS_REPLAY_STEP (self), 0);
  return self->cycle;
}

const char *
adm_replay_step_get_engagement (AdmReplayStep *self)
{
  g_return_val_if_fail (ADM_IS_REPLAY_STEP (self), NULL);
  return self->engagement;
}

const char *
adm_replay_step_get_label (AdmReplayStep *self)
{
  g_return_val_if_fail (ADM_IS_REPLAY_STEP (self), NULL);
  return self->label;
}
