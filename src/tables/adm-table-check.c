/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-table-check.c: the word pair two masters compare (adm-table-check.h). */

#include "config.h"

#include <string.h>

#include "adm-table-check.h"

/* 256 words, short, common, none sounding like another, in order: a byte picks one. */
static const char *const words[256] = {
  "acorn", "admiral", "amber", "anchor", "anvil", "apple", "arrow", "aspen",
  "atlas", "autumn", "badger", "bamboo", "banjo", "barley", "basil", "beacon",
  "beaver", "beetle", "bell", "berry", "birch", "bison", "blossom", "bobcat",
  "bonfire", "bramble", "breeze", "brick", "bridge", "brook", "buffalo", "bugle",
  "cabin", "cactus", "camel", "canal", "candle", "canoe", "canyon", "captain",
  "carbon", "cargo", "carrot", "castle", "cedar", "cello", "cherry", "chess",
  "chimney", "cider", "cinder", "circus", "citadel", "clover", "cobalt", "cobra",
  "cocoa", "comet", "compass", "copper", "coral", "cotton", "coyote", "crane",
  "crater", "cricket", "crimson", "crown", "crystal", "cypress", "daisy", "delta",
  "desert", "diamond", "dingo", "dolphin", "dragon", "drum", "dune", "eagle",
  "earth", "echo", "ember", "emerald", "ermine", "falcon", "feather", "fennel",
  "fern", "ferry", "fiddle", "fig", "finch", "fjord", "flint", "forest",
  "fossil", "fountain", "fox", "galaxy", "garden", "garnet", "gazelle", "geyser",
  "ginger", "glacier", "globe", "goblet", "granite", "grape", "gravel", "hammer",
  "harbor", "harp", "hazel", "heron", "hickory", "honey", "horizon", "hornet",
  "iceberg", "indigo", "iris", "island", "ivory", "jackal", "jade", "jaguar",
  "jasmine", "juniper", "kayak", "kestrel", "kettle", "kiwi", "lagoon", "lantern",
  "larch", "lark", "lava", "lemon", "lemur", "lilac", "lily", "linen",
  "lion", "llama", "lobster", "lotus", "lynx", "magnet", "mango", "mantis",
  "maple", "marble", "meadow", "melon", "meteor", "mint", "mirror", "mongoose",
  "moose", "mosaic", "moss", "narwhal", "nectar", "nickel", "nomad", "nutmeg",
  "oak", "oasis", "ocean", "olive", "onyx", "opal", "orbit", "orchid",
  "ostrich", "otter", "owl", "oyster", "paddle", "panda", "panther", "parrot",
  "pearl", "pebble", "pelican", "penguin", "pepper", "pilot", "pine", "planet",
  "plum", "pony", "poplar", "prairie", "prism", "puffin", "pumpkin", "quail",
  "quartz", "quill", "quokka", "rabbit", "raccoon", "raven", "reef", "ribbon",
  "river", "robin", "rocket", "ruby", "saddle", "saffron", "salamander", "salmon",
  "sapphire", "silver", "sparrow", "spruce", "squirrel", "stone", "storm", "summit",
  "sunset", "swan", "tapir", "thistle", "thunder", "tiger", "timber", "topaz",
  "torch", "toucan", "tulip", "tundra", "turtle", "umbrella", "valley", "velvet",
  "violet", "violin", "vulture", "walnut", "walrus", "weasel", "willow", "window",
  "winter", "wolf", "wombat", "yak", "yarrow", "zebra", "zephyr", "zinc",
};

G_STATIC_ASSERT (G_N_ELEMENTS (words) == 256);

char *
adm_table_check_words (const char   *fingerprint,
                       const guint8  table_nonce[ADM_DICE_SECRET_LENGTH],
                       const guint8  chief_nonce[ADM_DICE_SECRET_LENGTH])
{
  static const char label[] = "admiralty-table-check-1";
  g_autoptr(GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  guint8 digest[32];
  gsize length = sizeof digest;

  g_return_val_if_fail (fingerprint != NULL, NULL);

  g_checksum_update (sum, (const guchar *) label, sizeof label);
  g_checksum_update (sum, (const guchar *) fingerprint, strlen (fingerprint));
  g_checksum_update (sum, table_nonce, ADM_DICE_SECRET_LENGTH);
  g_checksum_update (sum, chief_nonce, ADM_DICE_SECRET_LENGTH);
  g_checksum_get_digest (sum, digest, &length);
  return g_strconcat (words[digest[0]], " ", words[digest[1]], NULL);
}
