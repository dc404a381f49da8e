/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-log-entry.c: an immutable item of a log (adm-log-model.h). */

#include "config.h"

#include "adm-dice-source.h"
#include "adm-log-entry.h"

struct _AdmLogEntry
{
  GObject   parent_instance;

  int       turn;
  AdmPhase  phase;
  char     *text;
  char     *detail;
  gboolean  heading;
  /* A campaign's roll's parts, "" for other entries. */
  char     *time;
  char     *clause;
  char     *dice;
  char     *values;
  guint     total;
  char     *outcome;
};

enum {
  PROP_0,
  PROP_TIME,
  PROP_PURPOSE,
  PROP_CLAUSE,
  PROP_DICE,
  PROP_VALUES,
  PROP_TOTAL,
  PROP_OUTCOME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (AdmLogEntry, adm_log_entry, G_TYPE_OBJECT)

static void
adm_log_entry_finalize (GObject *object)
{
  AdmLogEntry *self = ADM_LOG_ENTRY (object);

  g_free (self->text);
  g_free (self->detail);
  g_free (self->time);
  g_free (self->clause);
  g_free (self->dice);
  g_free (self->values);
  g_free (self->outcome);

  G_OBJECT_CLASS (adm_log_entry_parent_class)->finalize (object);
}

static void
adm_log_entry_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  AdmLogEntry *self = ADM_LOG_ENTRY (object);

  switch (prop_id)
    {
    case PROP_TIME:
      g_value_set_string (value, self->time);
      break;
    case PROP_PURPOSE:
      g_value_set_string (value, self->text);
      break;
    case PROP_CLAUSE:
      g_value_set_string (value, self->clause);
      break;
    case PROP_DICE:
      g_value_set_string (value, self->dice);
      break;
    case PROP_VALUES:
      g_value_set_string (value, self->values);
      break;
    case PROP_TOTAL:
      g_value_set_uint (value, self->total);
      break;
    case PROP_OUTCOME:
      g_value_set_string (value, self->outcome);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
adm_log_entry_class_init (AdmLogEntryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;

  object_class->finalize = adm_log_entry_finalize;
  object_class->get_property = adm_log_entry_get_property;

  properties[PROP_TIME] = g_param_spec_string ("time", NULL, NULL, NULL, flags);
  properties[PROP_PURPOSE] = g_param_spec_string ("purpose", NULL, NULL, NULL, flags);
  properties[PROP_CLAUSE] = g_param_spec_string ("clause", NULL, NULL, NULL, flags);
  properties[PROP_DICE] = g_param_spec_string ("dice", NULL, NULL, NULL, flags);
  properties[PROP_VALUES] = g_param_spec_string ("values", NULL, NULL, NULL, flags);
  properties[PROP_TOTAL] = g_param_spec_uint ("total", NULL, NULL, 0, G_MAXUINT, 0, flags);
  properties[PROP_OUTCOME] = g_param_spec_string ("outcome", NULL, NULL, NULL, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
adm_log_entry_init (AdmLogEntry *self)
{
  self->time = g_strdup ("");
  self->clause = g_strdup ("");
  self->dice = g_strdup ("");
  self->values = g_strdup ("");
  self->outcome = g_strdup ("");
}

AdmLogEntry *
adm_log_entry_new (int          turn,
                   AdmPhase     phase,
                   const char  *text,
                   const char  *detail,
                   gboolean     heading)
{
  AdmLogEntry *self = g_object_new (ADM_TYPE_LOG_ENTRY, NULL);

  self->turn = turn;
  self->phase = phase;
  self->text = g_strdup (text != NULL ? text : "");
  self->detail = g_strdup (detail);
  self->heading = heading;
  return self;
}

AdmLogEntry *
adm_log_entry_new_roll (const AdmRollRecord *record)
{
  AdmLogEntry *self;
  g_autoptr(GDateTime) utc = NULL;
  g_autoptr(GDateTime) local = NULL;
  g_autoptr(GString) values = g_string_new (NULL);
  char *outcome;

  g_return_val_if_fail (record != NULL && record->values != NULL, NULL);

  self = adm_log_entry_new (0, ADM_PHASE_DETECTION, record->purpose, NULL, FALSE);
  g_free (self->clause);
  self->clause = g_strdup (record->clause != NULL ? record->clause : "");
  g_free (self->dice);
  self->dice = adm_dice_describe (record->values->len, record->sides);
  utc = g_date_time_new_from_unix_utc (record->time);
  if (utc != NULL)
    local = g_date_time_to_local (utc);
  if (local != NULL)
    {
      g_free (self->time);
      self->time = g_date_time_format (local, "%H:%M:%S");
    }
  for (guint i = 0; i < record->values->len; i++)
    {
      guint value = g_array_index (record->values, guint, i);

      g_string_append_printf (values, i > 0 ? " %u" : "%u", value);
      self->total += value;
    }
  g_free (self->values);
  self->values = g_string_free (g_steal_pointer (&values), FALSE);
  /* Pass or fail as the rule judged it, in the battle dice log's words. */
  if ((outcome = adm_roll_record_describe_outcome (record)) != NULL)
    {
      g_free (self->outcome);
      self->outcome = outcome;
    }
  return self;
}

const char *
adm_log_entry_get_text (AdmLogEntry *self)
{
  g_return_val_if_fail (ADM_IS_LOG_ENTRY (self), NULL);
  return self->text;
}

const char *
adm_log_entry_get_detail (AdmLogEntry *self)
{
  g_return_val_if_fail (ADM_IS_LOG_ENTRY (self), NULL);
  return self->detail;
}

gboolean
adm_log_entry_get_heading (AdmLogEntry *self)
{
  g_return_val_if_fail (ADM_IS_LOG_ENTRY (self), FALSE);
  return self->heading;
}

int
adm_log_entry_get_turn (AdmLogEntry *self)
{
  g_return_val_if_fail (ADM_IS_LOG_ENTRY (self), 0);
  return self->turn;
}

AdmPhase
adm_log_entry_get_phase (AdmLogEntry *self)
{
  g_return_val_if_fail (ADM_IS_LOG_ENTRY (self), ADM_PHASE_DETECTION);
  return self->phase;
}

const char *
adm_log_entry_get_time (AdmLogEntry *self)
{
  g_return_val_if_fail (ADM_IS_LOG_ENTRY (self), NULL);

  return self->time;
}

const char *
adm_log_entry_get_clause (AdmLogEntry *self)
{
  g_return_val_if_fail (ADM_IS_LOG_ENTRY (self), NULL);

  return self->clause;
}

const char *
adm_log_entry_get_dice (AdmLogEntry *self)
{
  g_return_val_if_fail (ADM_IS_LOG_ENTRY (self), NULL);

  return self->dice;
}

const char *
adm_log_entry_get_values (AdmLogEntry *self)
{
  g_return_val_if_fail (ADM_IS_LOG_ENTRY (self), NULL);

  return self->values;
}

guint
adm_log_entry_get_total (AdmLogEntry *self)
{
  g_return_val_if_fail (ADM_IS_LOG_ENTRY (self), 0);

  return self->total;
}

const char *
adm_log_entry_get_outcome (AdmLogEntry *self)
{
  g_return_val_if_fail (ADM_IS_LOG_ENTRY (self), NULL);

  return self->outcome;
}
