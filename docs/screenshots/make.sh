#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Retakes the pictures of the app that docs/manual.md and the metainfo (data/screenshots/) show,
# in English and in Russian, at 1280×800: the test "screenshots" (tests/test-screenshots.c)
# plays the Komarr campaign to each state, checks it and shoots the screen of an X server of
# its own; this copies its pictures where the docs use them. Run it from anywhere, after
# `meson setup -Dtests=true BUILD`:
#
#   docs/screenshots/make.sh [BUILD]        (BUILD: the build folder, "build" by default)
#
# ADMIRALTY_SHOT_SIZE=1920x1080 takes the same pictures at another size into BUILD/tests/ and
# copies nothing. The other pictures of docs/screenshots/ are taken by the tests that play
# their states (battle-table-ui, projector, share-dialog, tables-ui, table-placements-ui, the
# editor's tests, portal-browser) into BUILD/tests/.
set -eu

source_dir=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-$source_dir/build}" && pwd)
shots="$build/tests"
size=${ADMIRALTY_SHOT_SIZE:-1280x800}

meson compile -C "$build"
# English, then Russian (the build's catalogue): the picture NAME.png, then NAME-ru.png.
LANGUAGE=en LC_ALL=C.UTF-8 ADMIRALTY_SHOT_SIZE=$size \
  meson test -C "$build" --no-rebuild --print-errorlogs screenshots
LANGUAGE=ru LC_ALL=ru_RU.UTF-8 ADMIRALTY_SHOT_SIZE=$size \
  meson test -C "$build" --no-rebuild --print-errorlogs screenshots

if [ "$size" != 1280x800 ]; then
  echo "The pictures at $size are in $shots; nothing copied."
  exit 0
fi

# FROM (in BUILD/tests) and TO (in the source tree), a pair a line.
while read -r from to; do
  cp "$shots/$from" "$source_dir/$to"
  echo "$to"
done <<LIST
sector-map.png docs/screenshots/main-window.png
sector-map-ru.png docs/screenshots/main-window-ru.png
sector-map.png docs/screenshots/sector-map.png
engagements-on-map.png docs/screenshots/engagements-on-map.png
order-board.png docs/screenshots/order-board.png
order-board.png docs/screenshots/engagement-queue.png
engagement-placements.png docs/screenshots/engagement-placements.png
battle.png docs/screenshots/battle.png
first-hour-sheet.png docs/screenshots/first-hour-sheet.png
sector-map.png data/screenshots/sector-map.png
battle.png data/screenshots/battle.png
order-board.png data/screenshots/orders.png
LIST
