/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-ti4-catalog.h: Twilight Imperium 4 unit cards (data/rules/ti4/units.xml) — combat value,
 * dice, sustain damage, anti-fighter barrage, capacity, move and cost of each generic unit. */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* A catalogue holds at most this many units, so that a fleet is a plain struct. */
#define ADM_TI4_MAX_UNITS 24

typedef enum {
  ADM_TI4_KIND_SHIP,    /* fights in space combat (fighters are ships, LRR 39.5) */
  ADM_TI4_KIND_GROUND,  /* a ground force: fights in ground combat (LRR 48) */
} AdmTi4Kind;

typedef struct {
  char       *id;        /* "destroyer-ii" */
  char       *name;      /* "Destroyer II", in the reader's language */
  AdmTi4Kind  kind;
  guint       combat;    /* 1..10: a die hits on this or more (LRR 39.5) */
  guint       dice;      /* dice per unit: burst icons (LRR 39.5.a, 48.1.a) */
  guint       afb;       /* anti-fighter barrage: hits on this or more; 0 = none (LRR 39.3) */
  guint       afb_dice;
  gboolean    sustain;   /* Sustain Damage (LRR 39.6.a) */
  gboolean    fighter;   /* anti-fighter barrage hits only fighters */
  guint       move;      /* 0: no move value, must be transported (LRR 39.7.b) */
  guint       capacity;  /* fighters and ground forces carried (LRR 39.10.a) */
  guint       cost;      /* resources for @per units */
  guint       per;
  int         line;      /* in the data file */
} AdmTi4Unit;

#define ADM_TYPE_TI4_CATALOG (adm_ti4_catalog_get_type ())
G_DECLARE_FINAL_TYPE (AdmTi4Catalog, adm_ti4_catalog, ADM, TI4_CATALOG, GObject)

/* Loads ti4/units.xml from the first directory of the rules search path that has it. */
AdmTi4Catalog    *adm_ti4_catalog_load        (GError       **error) G_GNUC_WARN_UNUSED_RESULT;
/* Loads and checks one units file; errors read "FILE:LINE: problem". */
AdmTi4Catalog    *adm_ti4_catalog_load_file   (const char    *path,
                                               GError       **error) G_GNUC_WARN_UNUSED_RESULT;

guint             adm_ti4_catalog_get_n_units (AdmTi4Catalog *self);
/* @index < adm_ti4_catalog_get_n_units (); units keep the file's order. */
const AdmTi4Unit *adm_ti4_catalog_get_unit    (AdmTi4Catalog *self,
                                               guint          index);
/* All the units at once, in the file's order, their number in @n_units: for the loops of
 * the odds, which ask about every card of every fleet they meet. */
const AdmTi4Unit * const *adm_ti4_catalog_get_units (AdmTi4Catalog *self,
                                                     guint         *n_units);
/* The index of unit @id, or -1. */
int               adm_ti4_catalog_find        (AdmTi4Catalog *self,
                                               const char    *id);
/* "war-sun, dreadnought, …" — for error messages. */
char             *adm_ti4_catalog_list_ids    (AdmTi4Catalog *self) G_GNUC_WARN_UNUSED_RESULT;
/* Cost of one unit in resources (a fighter: 0.5). */
double            adm_ti4_unit_cost           (const AdmTi4Unit *unit);

G_END_DECLS
