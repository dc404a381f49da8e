/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-dice-source.h: where dice come from. The engine asks its dice source for exactly the
 * dice a rule calls for, naming their purpose and clause; it never asks the UI. */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define ADM_DICE_ERROR (adm_dice_error_quark ())

typedef enum {
  ADM_DICE_ERROR_EMPTY,        /* a queue has fewer values than requested */
  ADM_DICE_ERROR_OUT_OF_RANGE, /* a typed value is not on the die */
  ADM_DICE_ERROR_PARSE,        /* typed text is not a list of numbers */
  ADM_DICE_ERROR_CANCELLED,    /* the master cancelled the entry */
} AdmDiceError;

GQuark adm_dice_error_quark (void);

#define ADM_DICE_MAX_COUNT 1000
#define ADM_DICE_MAX_SIDES 100

typedef struct {
  guint       count;    /* 1..ADM_DICE_MAX_COUNT */
  guint       sides;    /* 2..ADM_DICE_MAX_SIDES */
  const char *purpose;  /* "Vorberg's bow battery at Triumph" */
  const char *clause;   /* "F-ART-11" */
  const char *note;     /* why the dice are fewer than the table gave ("4 dice, 3 cancelled by
                         * shields: roll 1"), for the master's prompt; no part of the roll
                         * kept, NULL mostly */
} AdmDiceRequest;

#define ADM_TYPE_DICE_SOURCE (adm_dice_source_get_type ())
G_DECLARE_INTERFACE (AdmDiceSource, adm_dice_source, ADM, DICE_SOURCE, GObject)

struct _AdmDiceSourceInterface
{
  GTypeInterface parent_iface;

  /* Fills @values (request->count entries, each 1..sides) or sets @error and leaves the
   * source as it was. */
  gboolean (*roll) (AdmDiceSource        *self,
                    const AdmDiceRequest *request,
                    guint                *values,
                    GError              **error);
  /* Whether the values are the program's own (a generator's), rather than typed in: the dice
   * log marks a roll dice="program" or dice="typed" by it. NULL: typed. */
  gboolean (*is_program) (AdmDiceSource *self);
};

gboolean adm_dice_source_roll (AdmDiceSource        *self,
                               const AdmDiceRequest *request,
                               guint                *values,
                               GError              **error);

/* Whether @self draws the program's dice (AdmDiceSourceInterface.is_program). */
gboolean adm_dice_source_is_program (AdmDiceSource       *self);

/* "2d6", "d3" */
char    *adm_dice_describe    (guint count,
                               guint sides) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
