/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-campaign.c: a campaign — its scenario plus the event journal.
 *
 * The state is never edited directly: it is the replay of the journal. Appending applies one
 * event to the state (which refuses it whole or takes it whole); undo moves the last event to
 * the redo stack and replays from the scenario. Every change is written to the campaign's file
 * atomically (adm-file.c): the new bytes go to a temporary file in the same directory, are
 * flushed to disk, and only then renamed over the old file, so a crash at any point leaves
 * either the old or the new file, never a mixture. The previous three files are kept as
 * rotating backups. */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "adm-campaign.h"
#include "adm-file.h"
#include "adm-xml.h"

#define FORMAT_VERSION "1"

G_STATIC_ASSERT (ADM_CAMPAIGN_BACKUPS == ADM_FILE_BACKUPS);

G_DEFINE_QUARK (adm-campaign-error-quark, adm_campaign_error)

struct _AdmCampaign
{
  GObject      parent_instance;

  AdmScenario *scenario;
  AdmState    *state;
  AdmDicePrng *prng;
  GPtrArray   *events;   /* AdmEvent* */
  GPtrArray   *redo;     /* AdmEvent*, the most recently undone last */
  char        *path;
};

G_DEFINE_FINAL_TYPE (AdmCampaign, adm_campaign, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_PATH,
  N_PROPS
};

enum {
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
adm_campaign_finalize (GObject *object)
{
  AdmCampaign *self = ADM_CAMPAIGN (object);

  g_clear_object (&self->scenario);
  g_clear_object (&self->state);
  g_clear_object (&self->prng);
  g_clear_pointer (&self->events, g_ptr_array_unref);
  g_clear_pointer (&self->redo, g_ptr_array_unref);
  g_clear_pointer (&self->path, g_free);

  G_OBJECT_CLASS (adm_campaign_parent_class)->finalize (object);
}

static void
adm_campaign_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  AdmCampaign *self = ADM_CAMPAIGN (object);

  switch (prop_id)
    {
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, adm_campaign_can_undo (self));
      break;

    case PROP_CAN_REDO:
      g_value_set_boolean (value, adm_campaign_can_redo (self));
      break;

    case PROP_PATH:
      g_value_set_string (value, self->path);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
adm_campaign_class_init (AdmCampaignClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = adm_campaign_finalize;
  object_class->get_property = adm_campaign_get_property;

  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PATH] =
    g_param_spec_string ("path", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
adm_campaign_init (AdmCampaign *self)
{
  self->events = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_event_unref);
  self->redo = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_event_unref);
}

AdmCampaign *
adm_campaign_new (AdmScenario *scenario,
                  guint64      seed)
{
  AdmCampaign *self;

  g_return_val_if_fail (ADM_IS_SCENARIO (scenario), NULL);

  self = g_object_new (ADM_TYPE_CAMPAIGN, NULL);
  self->scenario = g_object_ref (scenario);
  self->state = adm_state_new (scenario);
  self->prng = adm_dice_prng_new (seed);
  return self;
}

/* Loading */

static gboolean
parse_u64 (xmlNode     *node,
           const char  *attribute,
           guint64     *out,
           const char  *display_name,
           GError     **error)
{
  g_autofree char *text = adm_xml_get_string (node, attribute);

  if (text == NULL || !g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, out, NULL))
    {
      adm_xml_set_error (error, display_name, node,
                         _("<%s> attribute “%s” must be a whole number"),
                         (const char *) node->name, attribute);
      return FALSE;
    }
  return TRUE;
}

static AdmScenario *
scenario_from_node (xmlNode     *node,
                    const char  *display_name,
                    GError     **error)
{
  g_autofree char *ruleset_id = adm_xml_get_string (node, "ruleset");
  g_autoptr(AdmRuleset) ruleset = NULL;
  g_autoptr(GError) local_error = NULL;

  ruleset = adm_ruleset_load (ruleset_id, &local_error);
  if (ruleset == NULL)
    {
      adm_xml_set_error (error, display_name, node,
                         _("cannot load the ruleset “%s”: %s"), ruleset_id,
                         local_error->message);
      return NULL;
    }
  return adm_scenario_new_from_node (node, display_name, ruleset, error);
}

static AdmCampaign *
campaign_from_node (xmlNode     *root,
                    const char  *display_name,
                    GError     **error)
{
  g_autoptr(AdmScenario) scenario = NULL;
  g_autoptr(AdmCampaign) self = NULL;
  g_autofree char *format = adm_xml_get_string (root, "format");
  xmlNode *dice, *journal;
  guint64 seed, draws;

  if (g_strcmp0 (format, FORMAT_VERSION) != 0)
    {
      adm_xml_set_error (error, display_name, root,
                         _("this campaign was written in format “%s”, which this version of "
                           "Admiralty cannot read"), format != NULL ? format : "");
      return NULL;
    }

  scenario = scenario_from_node (adm_xml_first_element (root, "scenario"), display_name, error);
  if (scenario == NULL)
    return NULL;

  dice = adm_xml_first_element (root, "dice");
  if (!parse_u64 (dice, "seed", &seed, display_name, error) ||
      !parse_u64 (dice, "draws", &draws, display_name, error))
    return NULL;

  self = adm_campaign_new (scenario, seed);
  adm_dice_prng_restore (self->prng, seed, draws);

  journal = adm_xml_first_element (root, "journal");
  for (xmlNode *node = adm_xml_first_element (journal, "event"); node != NULL;
       node = adm_xml_next_element (node, "event"))
    {
      g_autoptr(AdmEvent) event = adm_event_from_xml (node, display_name, error);
      g_autoptr(GError) local_error = NULL;

      if (event == NULL)
        return NULL;
      if (!adm_state_apply (self->state, event, &local_error))
        {
          adm_xml_set_error (error, display_name, node, "%s", local_error->message);
          return NULL;
        }
      g_ptr_array_add (self->events, g_steal_pointer (&event));
    }

  return g_steal_pointer (&self);
}

/* A file that fails to load is "damaged" rather than merely invalid when it was a campaign:
 * then the master's work is at stake, and the backups are the way back. */
static gboolean
looks_like_campaign (const char *path,
                     const char *data,
                     gsize       length)
{
  g_autofree char *backup = NULL;

  if (data != NULL && g_strstr_len (data, MIN (length, 4096), "<campaign") != NULL)
    return TRUE;
  backup = adm_campaign_backup_path (path, 1);
  return path != NULL && g_file_test (backup, G_FILE_TEST_EXISTS);
}

static AdmCampaign *
load_memory (const char  *data,
             gsize        length,
             const char  *display_name,
             gboolean    *is_campaign,
             GError     **error)
{
  g_autoptr(xmlDoc) doc = adm_xml_read_memory (data, length, display_name, NULL, error);
  g_autoptr(AdmScenario) scenario = NULL;
  xmlNode *root;

  if (doc == NULL)
    return NULL;
  root = xmlDocGetRootElement (doc);

  *is_campaign = adm_xml_is (root, "campaign");
  if (*is_campaign)
    return campaign_from_node (root, display_name, error);

  if (!adm_xml_is (root, "scenario"))
    {
      adm_xml_set_error (error, display_name, root,
                         _("this is a <%s> file, not a scenario or a campaign"),
                         (const char *) root->name);
      return NULL;
    }

  scenario = scenario_from_node (root, display_name, error);
  if (scenario == NULL)
    return NULL;
  /* A new campaign's dice are seeded from the clock: every campaign rolls differently. */
  return adm_campaign_new (scenario, (guint64) g_get_real_time () ^ g_random_int ());
}

AdmCampaign *
adm_campaign_load_memory (const char  *data,
                          gsize        length,
                          const char  *display_name,
                          GError     **error)
{
  gboolean is_campaign = FALSE;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (display_name != NULL, NULL);

  return load_memory (data, length, display_name, &is_campaign, error);
}

AdmCampaign *
adm_campaign_open (const char  *path,
                   GError     **error)
{
  g_autofree char *data = NULL;
  g_autoptr(GError) local_error = NULL;
  gsize length = 0;
  gboolean is_campaign = FALSE;
  AdmCampaign *self;

  g_return_val_if_fail (path != NULL, NULL);

  data = adm_xml_read_bytes (path, &length, error);
  if (data == NULL)
    return NULL;

  self = load_memory (data, length, path, &is_campaign, &local_error);
  if (self == NULL)
    {
      if (looks_like_campaign (path, data, length))
        g_set_error_literal (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_CORRUPT,
                             local_error->message);
      else
        g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }

  /* A campaign goes on saving where it was opened; a scenario is only a starting point. */
  if (is_campaign)
    self->path = g_strdup (path);
  return self;
}

char *
adm_campaign_backup_path (const char *path,
                          guint       n)
{
  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (n >= 1 && n <= ADM_CAMPAIGN_BACKUPS, NULL);

  /* "war.admiralty" → "war.backup-1.admiralty": backups stay openable as campaigns. */
  return adm_file_backup_path (path, ".admiralty", n);
}

char *
adm_campaign_find_backup (const char *path)
{
  g_return_val_if_fail (path != NULL, NULL);

  for (guint n = 1; n <= ADM_CAMPAIGN_BACKUPS; n++)
    {
      g_autofree char *backup = adm_campaign_backup_path (path, n);
      g_autoptr(AdmCampaign) campaign = NULL;

      if (!g_file_test (backup, G_FILE_TEST_IS_REGULAR))
        continue;
      campaign = adm_campaign_open (backup, NULL);
      if (campaign != NULL)
        return g_steal_pointer (&backup);
    }
  return NULL;
}

/* Accessors */

AdmScenario *
adm_campaign_get_scenario (AdmCampaign *self)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), NULL);
  return self->scenario;
}

AdmRuleset *
adm_campaign_get_ruleset (AdmCampaign *self)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), NULL);
  return adm_scenario_get_ruleset (self->scenario);
}

AdmState *
adm_campaign_get_state (AdmCampaign *self)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), NULL);
  return self->state;
}

AdmDicePrng *
adm_campaign_get_prng (AdmCampaign *self)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), NULL);
  return self->prng;
}

GPtrArray *
adm_campaign_get_events (AdmCampaign *self)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), NULL);
  return self->events;
}

const char *
adm_campaign_get_path (AdmCampaign *self)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), NULL);
  return self->path;
}

gboolean
adm_campaign_can_undo (AdmCampaign *self)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);
  return self->events->len > 0;
}

gboolean
adm_campaign_can_redo (AdmCampaign *self)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);
  return self->redo->len > 0;
}

/* Saving */

char *
adm_campaign_serialize (AdmCampaign *self,
                        gsize       *length)
{
  g_autoptr(xmlDoc) doc = NULL;
  xmlNode *root, *dice, *journal;
  char number[32];
  xmlChar *buffer = NULL;
  int size = 0;
  char *result;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), NULL);

  doc = xmlNewDoc ((const xmlChar *) "1.0");
  root = xmlNewNode (NULL, (const xmlChar *) "campaign");
  xmlDocSetRootElement (doc, root);
  xmlNewProp (root, (const xmlChar *) "format", (const xmlChar *) FORMAT_VERSION);

  xmlAddChild (root, xmlDocCopyNode (adm_scenario_get_node (self->scenario), doc, 1));

  dice = xmlNewChild (root, NULL, (const xmlChar *) "dice", NULL);
  g_snprintf (number, sizeof number, "%" G_GUINT64_FORMAT, adm_dice_prng_get_seed (self->prng));
  xmlNewProp (dice, (const xmlChar *) "seed", (const xmlChar *) number);
  g_snprintf (number, sizeof number, "%" G_GUINT64_FORMAT, adm_dice_prng_get_draws (self->prng));
  xmlNewProp (dice, (const xmlChar *) "draws", (const xmlChar *) number);

  journal = xmlNewChild (root, NULL, (const xmlChar *) "journal", NULL);
  for (guint i = 0; i < self->events->len; i++)
    adm_event_to_xml (g_ptr_array_index (self->events, i), journal);

  xmlDocDumpFormatMemoryEnc (doc, &buffer, &size, "UTF-8", 1);
  if (buffer == NULL)
    g_error ("Out of memory writing a campaign");
  result = g_strndup ((const char *) buffer, (gsize) size);
  xmlFree (buffer);
  if (length != NULL)
    *length = (gsize) size;
  return result;
}

gboolean
adm_campaign_save (AdmCampaign  *self,
                   const char   *path,
                   GError      **error)
{
  g_autofree char *data = NULL;
  g_autoptr(GError) local_error = NULL;
  gsize length;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  data = adm_campaign_serialize (self, &length);
  if (!adm_file_write_atomically (path, ".admiralty", data, length, &local_error))
    {
      g_set_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_SAVE,
                   _("Cannot save the campaign to %s: %s"), path, local_error->message);
      return FALSE;
    }

  if (g_strcmp0 (self->path, path) != 0)
    {
      g_free (self->path);
      self->path = g_strdup (path);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PATH]);
    }
  return TRUE;
}

/* The journal */

static void
replay (AdmCampaign *self)
{
  g_autoptr(AdmState) state = adm_state_new (self->scenario);

  for (guint i = 0; i < self->events->len; i++)
    {
      g_autoptr(GError) error = NULL;

      /* Every event in the journal applied once already, on the same scenario. */
      if (!adm_state_apply (state, g_ptr_array_index (self->events, i), &error))
        g_error ("Replaying event %u failed: %s", i + 1, error->message);
    }
  g_set_object (&self->state, state);
}

static void
changed (AdmCampaign *self,
         gboolean     could_undo,
         gboolean     could_redo)
{
  if (could_undo != adm_campaign_can_undo (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  if (could_redo != adm_campaign_can_redo (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
  g_signal_emit (self, signals[CHANGED], 0);
}

static gboolean
autosave (AdmCampaign  *self,
          GError      **error)
{
  if (self->path == NULL)
    return TRUE;
  return adm_campaign_save (self, self->path, error);
}

gboolean
adm_campaign_append (AdmCampaign  *self,
                     AdmEvent     *event,
                     GError      **error)
{
  gboolean could_undo, could_redo;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);
  g_return_val_if_fail (event != NULL, FALSE);

  could_undo = adm_campaign_can_undo (self);
  could_redo = adm_campaign_can_redo (self);

  if (!adm_state_apply (self->state, event, error))
    return FALSE;
  g_ptr_array_add (self->events, adm_event_ref (event));

  if (!autosave (self, error))
    {
      g_ptr_array_set_size (self->events, self->events->len - 1);
      replay (self);
      return FALSE;
    }

  g_ptr_array_set_size (self->redo, 0);
  changed (self, could_undo, could_redo);
  return TRUE;
}

gboolean
adm_campaign_append_all (AdmCampaign  *self,
                         GPtrArray    *events,
                         GError      **error)
{
  gboolean could_undo, could_redo;
  guint before;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);
  g_return_val_if_fail (events != NULL, FALSE);

  if (events->len == 0)
    return TRUE;
  could_undo = adm_campaign_can_undo (self);
  could_redo = adm_campaign_can_redo (self);
  before = self->events->len;

  for (guint i = 0; i < events->len; i++)
    {
      AdmEvent *event = g_ptr_array_index (events, i);

      if (!adm_state_apply (self->state, event, error))
        break;
      g_ptr_array_add (self->events, adm_event_ref (event));
    }
  if (self->events->len != before + events->len || !autosave (self, error))
    {
      /* The state is the replay of the journal: without the new events it is as it was. */
      g_ptr_array_set_size (self->events, before);
      replay (self);
      return FALSE;
    }

  g_ptr_array_set_size (self->redo, 0);
  changed (self, could_undo, could_redo);
  return TRUE;
}

gboolean
adm_campaign_roll (AdmCampaign          *self,
                   AdmDiceSource        *source,
                   const AdmDiceRequest *request,
                   gint64                time,
                   guint                *values_out,
                   GError              **error)
{
  g_autoptr(AdmEvent) event = NULL;
  g_autofree guint *values = NULL;
  g_autoptr(GString) text = g_string_new (NULL);

  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);
  g_return_val_if_fail (source == NULL || ADM_IS_DICE_SOURCE (source), FALSE);
  g_return_val_if_fail (request != NULL && request->purpose != NULL, FALSE);

  values = g_new0 (guint, MAX (request->count, 1));
  if (!adm_dice_source_roll (source != NULL ? source : ADM_DICE_SOURCE (self->prng), request,
                             values, error))
    return FALSE;

  for (guint i = 0; i < request->count; i++)
    g_string_append_printf (text, i == 0 ? "%u" : " %u", values[i]);

  event = adm_event_new ("roll", time);
  adm_event_set (event, "purpose", request->purpose);
  if (request->clause != NULL)
    adm_event_set (event, "clause", request->clause);
  adm_event_set_int (event, "sides", request->sides);
  adm_event_set (event, "values", text->str);

  if (!adm_campaign_append (self, event, error))
    return FALSE;
  if (values_out != NULL)
    memcpy (values_out, values, request->count * sizeof (guint));
  return TRUE;
}

gboolean
adm_campaign_undo (AdmCampaign  *self,
                   GError      **error)
{
  gboolean could_undo, could_redo;
  AdmEvent *last;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);

  if (self->events->len == 0)
    {
      g_set_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_NOTHING_TO_UNDO,
                   _("There is nothing to undo"));
      return FALSE;
    }
  could_undo = adm_campaign_can_undo (self);
  could_redo = adm_campaign_can_redo (self);

  last = g_ptr_array_steal_index (self->events, self->events->len - 1);
  g_ptr_array_add (self->redo, last);
  replay (self);

  if (!autosave (self, error))
    {
      g_ptr_array_add (self->events, g_ptr_array_steal_index (self->redo, self->redo->len - 1));
      replay (self);
      return FALSE;
    }

  changed (self, could_undo, could_redo);
  return TRUE;
}

gboolean
adm_campaign_redo (AdmCampaign  *self,
                   GError      **error)
{
  gboolean could_undo, could_redo;
  g_autoptr(AdmEvent) next = NULL;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);

  if (self->redo->len == 0)
    {
      g_set_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_NOTHING_TO_REDO,
                   _("There is nothing to redo"));
      return FALSE;
    }
  could_undo = adm_campaign_can_undo (self);
  could_redo = adm_campaign_can_redo (self);

  next = g_ptr_array_steal_index (self->redo, self->redo->len - 1);
  if (!adm_state_apply (self->state, next, error))
    {
      g_ptr_array_add (self->redo, g_steal_pointer (&next));
      return FALSE;
    }
  g_ptr_array_add (self->events, adm_event_ref (next));

  if (!autosave (self, error))
    {
      g_ptr_array_set_size (self->events, self->events->len - 1);
      g_ptr_array_add (self->redo, g_steal_pointer (&next));
      replay (self);
      return FALSE;
    }

  changed (self, could_undo, could_redo);
  return TRUE;
}
