/* SPDX-License-Identifier: GPL-3.0-or-later
 * adm-portal-dice.js: "Throw your side's dice" on an admiral's page (adm-portal-dice.c,
 * docs/dice.md), inlined after the verifier's hashes (AdmDiceVerifier) without this comment.
 *
 * Every 3 s it asks dice.json which phases of his side's battles wait for its dice, and shows
 * them in the section #dice, hidden while none does. A tap draws 32 random bytes with
 * crypto.getRandomValues () (there over plain HTTP, where crypto.subtle is not), keeps them in
 * the phone's storage under his page's own name ("admiralty:NAME:dice", dropped by "Sign out
 * on this phone" with the rest) and sends only their SHA-256, the commit, until the master's
 * computer answers: a commit it has is answered as the first, so the tap is kept once however
 * often the link dropped the answer. Once dice.json says every side has given, the phone sends
 * the bytes themselves; the master's computer checks them against the commit. A reload keeps
 * the tap: the stored bytes are sent when their phase says so. */
(function () {
  var section = document.getElementById ("dice");
  var list = document.getElementById ("dice-list");
  var store = document.body.dataset.store;
  if (!section || !list || !store || !window.crypto || !crypto.getRandomValues ||
      typeof AdmDiceVerifier === "undefined")
    return;
  var words = section.dataset;
  var key = "admiralty:" + store + ":dice";
  var phases = [], busy = false, said = {}, sending = {};
  section.querySelector ("h2").textContent = words.heading;

  function load () {
    try {
      return JSON.parse (localStorage.getItem (key)) || {};
    } catch (e) {
      return {};
    }
  }

  function keep (taps) {
    try {
      if (Object.keys (taps).length)
        localStorage.setItem (key, JSON.stringify (taps));
      else
        localStorage.removeItem (key);
    } catch (e) {}
  }

  function samePhase (tap, phase) {
    return tap.battle === phase.battle && tap.from === phase.from &&
           tap.turn === phase.turn && tap.phase === phase.phase;
  }

  function post (tap, reveal) {
    var body = ["battle=" + tap.battle, "from=" + tap.from, "turn=" + tap.turn,
                "phase=" + encodeURIComponent (tap.phase),
                reveal ? "tap=" + tap.tap : "commit=" + tap.commit].join ("&");
    return fetch ("dice", { method: "POST", cache: "no-store", body: body,
                            headers: { "Content-Type": "application/x-www-form-urlencoded" } })
      .then (function (answer) {
        return answer.text ().then (function (text) { return { status: answer.status,
                                                              text: text }; });
      });
  }

  /* Sends what a tap still owes — its commit, or once every side has given, its bytes — and
   * says what came back; a refused commit is dropped, never sent again. */
  function send (tap, reveal) {
    if (sending[tap.commit])
      return;
    sending[tap.commit] = true;
    post (tap, reveal).then (function (answer) {
      delete sending[tap.commit];
      delete said[tap.commit];
      if (answer.status === 200) {
        show (JSON.parse (answer.text).phases);
        return;
      }
      said[tap.commit] = answer.text.trim ();
      if (!reveal && answer.status === 409) {
        var taps = load ();
        delete taps[tap.commit];
        keep (taps);
      }
      draw ();
    }, function () {
      delete sending[tap.commit];
      said[tap.commit] = words.offline;
      draw ();
    });
  }

  function throwDice (phase) {
    var taps = load ();
    for (var c in taps)
      if (samePhase (taps[c], phase)) {
        send (taps[c], false);
        return;
      }
    var bytes = new Uint8Array (32);
    crypto.getRandomValues (bytes);
    var tap = { battle: phase.battle, from: phase.from, turn: phase.turn, phase: phase.phase,
                tap: AdmDiceVerifier.hex (bytes),
                commit: AdmDiceVerifier.hex (AdmDiceVerifier.sha256 (bytes)) };
    taps[tap.commit] = tap;
    keep (taps);
    draw ();
    send (tap, false);
  }

  function line (parent, text, className) {
    var p = document.createElement ("p");
    p.textContent = text;
    if (className)
      p.className = className;
    parent.appendChild (p);
  }

  function draw () {
    var taps = load ();
    list.textContent = "";
    section.hidden = phases.length === 0;
    phases.forEach (function (phase) {
      var card = document.createElement ("div"), mine = null;
      card.className = "dice-phase";
      card.dataset.state = phase.state;
      line (card, phase.name + " — " + phase.when);
      for (var c in taps)
        if (phase.state === "committed" ? c === phase.commit : samePhase (taps[c], phase))
          mine = taps[c];
      if (phase.state === "open" && !mine) {
        line (card, words.open);
        var button = document.createElement ("button");
        button.type = "button";
        button.className = "dice-tap";
        button.textContent = words.tap;
        button.addEventListener ("click", function () {
          button.disabled = true;
          throwDice (phase);
        });
        card.appendChild (button);
      } else if (phase.state === "given")
        line (card, words.given);
      else if (phase.state === "committed" && !mine)
        line (card, words.other);
      else
        line (card, phase.ready ? words.showing : words.committed);
      if (mine && said[mine.commit])
        line (card, said[mine.commit], "msg err");
      list.appendChild (card);
    });
  }

  /* What dice.json says: each tap of this phone sent what it owes, and the taps no phase
   * waits for any more dropped. */
  function show (listed) {
    var taps = load ();
    phases = listed;
    for (var c in taps) {
      var owed = null;
      phases.forEach (function (phase) {
        if (phase.state === "committed" && phase.commit === c)
          owed = phase.ready ? "tap" : "wait";
        else if (phase.state === "open" && samePhase (taps[c], phase))
          owed = "commit";
      });
      if (owed === null)
        delete taps[c];
      else if (owed !== "wait")
        send (taps[c], owed === "tap");
    }
    keep (taps);
    draw ();
  }

  function poll () {
    if (busy)
      return;
    busy = true;
    fetch ("dice.json", { cache: "no-store" }).then (function (answer) {
      return answer.status === 200 ? answer.json () : { phases: [] };
    }).then (function (state) {
      busy = false;
      show (state.phases || []);
    }, function () {
      busy = false;
    });
  }

  document.addEventListener ("visibilitychange", function () {
    if (!document.hidden)
      poll ();
  });
  window.addEventListener ("online", poll);
  poll ();
  setInterval (function () {
    if (!document.hidden)
      poll ();
  }, 3000);
}) ();
