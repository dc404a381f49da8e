/* SPDX-License-Identifier: GPL-3.0-or-later
 * adm-archive.js: the script of a campaign's archive (adm-archive.html), inlined without this
 * comment. One frame shows at a time; the slider, the buttons and the keys (← → ↑ ↓, Page Up,
 * Page Down, Home, End) step through them; the page's address may name a step to open at
 * ("archive.html#12"). It asks nothing of any network. */
(function () {
  'use strict';
  var frames = document.querySelectorAll('.frame');
  var slider = document.getElementById('step');
  var counter = document.getElementById('counter');
  var current = 0;

  function show (i) {
    if (frames.length === 0)
      return;
    i = Math.max (0, Math.min (frames.length - 1, i));
    frames[current].hidden = true;
    frames[i].hidden = false;
    current = i;
    slider.value = String (i);
    counter.textContent = (i + 1) + ' / ' + frames.length;
  }

  slider.addEventListener ('input', function () { show (parseInt (slider.value, 10)); });
  document.getElementById ('previous').addEventListener ('click', function () {
    show (current - 1);
  });
  document.getElementById ('next').addEventListener ('click', function () {
    show (current + 1);
  });
  document.addEventListener ('keydown', function (event) {
    var steps = { ArrowRight: 1, ArrowDown: 1, PageDown: 1, ArrowLeft: -1, ArrowUp: -1,
                  PageUp: -1 };

    if (event.altKey || event.ctrlKey || event.metaKey)
      return;
    if (event.key === 'Home')
      show (0);
    else if (event.key === 'End')
      show (frames.length - 1);
    else if (event.key in steps)
      show (current + steps[event.key]);
    else
      return;
    /* The slider would step itself again. */
    event.preventDefault ();
  });
  show (parseInt (location.hash.slice (1), 10) - 1 || 0);
}) ();
