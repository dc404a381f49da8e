#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Retakes every picture of the app that the docs (docs/*.md, README.md) and the metainfo
# (data/screenshots/) show: docs/screenshots/pictures.list names, for each, the test that plays
# the app to its state, checks it and takes it into BUILD/tests/. This runs those tests — the
# test "screenshots" (tests/test-screenshots.c) in English and in Russian at 1280×800, the
# projector's on a 1920×1080 screen — and copies their pictures where the docs use them. Run it
# from anywhere, after `meson setup -Dtests=true BUILD`:
#
#   docs/screenshots/make.sh [BUILD]        (BUILD: the build folder, "build" by default)
#
# ADMIRALTY_SHOT_SIZE=1920x1080 takes the pictures of the test "screenshots" at another size
# into BUILD/tests/ and copies nothing. The portal's pictures need Chromium; a picture a test
# did not take stops the copy, naming it.
set -eu

source_dir=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-$source_dir/build}" && pwd)
shots="$build/tests"
list="$source_dir/docs/screenshots/pictures.list"
size=${ADMIRALTY_SHOT_SIZE:-1280x800}

meson compile -C "$build"
# No picture left from an earlier run is taken for a new one.
grep -v -e '^#' -e '^[[:space:]]*$' "$list" | while read -r to test from part; do
  rm -f "$shots/$from" "$shots/${from%.png}-ru.png"
done
# English, then Russian (the build's catalogue): the picture NAME.png, then NAME-ru.png.
LANGUAGE=en LC_ALL=C.UTF-8 ADMIRALTY_SHOT_SIZE=$size \
  meson test -C "$build" --no-rebuild --print-errorlogs screenshots
LANGUAGE=ru LC_ALL=ru_RU.UTF-8 ADMIRALTY_SHOT_SIZE=$size \
  meson test -C "$build" --no-rebuild --print-errorlogs screenshots

if [ "$size" != 1280x800 ]; then
  echo "The pictures at $size are in $shots; nothing copied."
  exit 0
fi

# The list's other tests, each once, in English: the projector's on a wall's screen.
others=$(grep -v -e '^#' -e '^[[:space:]]*$' "$list" | awk '$2 != "screenshots" { print $2 }' |
         sort -u)
walls=$(echo "$others" | grep -x projector || true)
others=$(echo "$others" | grep -v -x projector || true)
if [ -n "$others" ]; then
  # shellcheck disable=SC2086 # one test name a word
  LANGUAGE=en LC_ALL=C.UTF-8 meson test -C "$build" --no-rebuild --print-errorlogs $others
fi
if [ -n "$walls" ]; then
  LANGUAGE=en LC_ALL=C.UTF-8 ADMIRALTY_TEST_SCREEN=1920x1080x24 \
    meson test -C "$build" --no-rebuild --print-errorlogs "$walls"
fi

grep -v -e '^#' -e '^[[:space:]]*$' "$list" | while read -r to test from part; do
  if [ ! -f "$shots/$from" ]; then
    echo "$to: the test $test did not take $from (in $shots)" >&2
    exit 1
  fi
  if [ -n "$part" ]; then
    convert "$shots/$from" -crop "$part" +repage "$source_dir/$to"
  else
    cp "$shots/$from" "$source_dir/$to"
  fi
  echo "$to"
done
