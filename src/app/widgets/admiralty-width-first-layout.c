/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-width-first-layout.c: a bin's layout that never asks its child for a width for a
 * height (see the header). */

#include "config.h"

#include "admiralty-width-first-layout.h"

struct _AdmiraltyWidthFirstLayout
{
  GtkLayoutManager parent_instance;
};

G_DEFINE_FINAL_TYPE (AdmiraltyWidthFirstLayout, admiralty_width_first_layout,
                     GTK_TYPE_LAYOUT_MANAGER)

static GtkSizeRequestMode
admiralty_width_first_layout_get_request_mode (GtkLayoutManager *manager,
                                               GtkWidget        *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

/* The widest minimum and natural sizes of the children, as GtkBinLayout measures; a width
 * always for no height, so that a wrapping label measures its width once and keeps it cached
 * whatever height its parents ask about. */
static void
admiralty_width_first_layout_measure (GtkLayoutManager *manager,
                                      GtkWidget        *widget,
                                      GtkOrientation    orientation,
                                      int               for_size,
                                      int              *minimum,
                                      int              *natural,
                                      int              *minimum_baseline,
                                      int              *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    for_size = -1;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      int child_min = 0, child_nat = 0;
      int child_min_baseline = -1, child_nat_baseline = -1;

      if (!gtk_widget_should_layout (child))
        continue;
      gtk_widget_measure (child, orientation, for_size, &child_min, &child_nat,
                          &child_min_baseline, &child_nat_baseline);
      *minimum = MAX (*minimum, child_min);
      *natural = MAX (*natural, child_nat);
      if (child_min_baseline > -1)
        *minimum_baseline = MAX (*minimum_baseline, child_min_baseline);
      if (child_nat_baseline > -1)
        *natural_baseline = MAX (*natural_baseline, child_nat_baseline);
    }
}

static void
admiralty_width_first_layout_allocate (GtkLayoutManager *manager,
                                       GtkWidget        *widget,
                                       int               width,
                                       int               height,
                                       int               baseline)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_should_layout (child))
      gtk_widget_allocate (child, width, height, baseline, NULL);
}

static void
admiralty_width_first_layout_class_init (AdmiraltyWidthFirstLayoutClass *klass)
{
  GtkLayoutManagerClass *layout_class = GTK_LAYOUT_MANAGER_CLASS (klass);

  layout_class->get_request_mode = admiralty_width_first_layout_get_request_mode;
  layout_class->measure = admiralty_width_first_layout_measure;
  layout_class->allocate = admiralty_width_first_layout_allocate;
}

static void
admiralty_width_first_layout_init (AdmiraltyWidthFirstLayout *self)
{
}
