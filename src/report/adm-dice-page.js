/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-dice-page.js: the offline dice verifier (adm-dice-page.c, docs/dice.md). It derives every
 * program roll of a battle again from the data in the page — the secret revealed, each phase's
 * contributions — with the engine's own hashes (SHA-256, HMAC-SHA256) written out here: a page
 * opened over the portal's plain HTTP is no secure context, so WebCrypto's crypto.subtle is not
 * there, and a page on a USB stick needs nothing else. It trusts none of the data's verdicts. */
"use strict";

var AdmDiceVerifier = (function () {
  var K = [
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
  ];

  function utf8 (text) {
    return new TextEncoder ().encode (text);
  }

  function sha256 (bytes) {
    var h = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
             0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
    var length = bytes.length;
    var padded = new Uint8Array (((length + 9 + 63) >> 6) << 6);
    var w = new Array (64);
    padded.set (bytes);
    padded[length] = 0x80;
    /* The length in bits, big-endian, in the last 8 bytes (2^53 bits at most here). */
    var bits = length * 8;
    for (var i = 0; i < 8; i++) {
      padded[padded.length - 1 - i] = bits % 256;
      bits = Math.floor (bits / 256);
    }
    for (var block = 0; block < padded.length; block += 64) {
      for (var t = 0; t < 16; t++)
        w[t] = (padded[block + 4 * t] << 24 | padded[block + 4 * t + 1] << 16 |
                padded[block + 4 * t + 2] << 8 | padded[block + 4 * t + 3]) >>> 0;
      for (t = 16; t < 64; t++) {
        var a15 = w[t - 15], a2 = w[t - 2];
        var s0 = (a15 >>> 7 | a15 << 25) ^ (a15 >>> 18 | a15 << 14) ^ (a15 >>> 3);
        var s1 = (a2 >>> 17 | a2 << 15) ^ (a2 >>> 19 | a2 << 13) ^ (a2 >>> 10);
        w[t] = (w[t - 16] + s0 + w[t - 7] + s1) >>> 0;
      }
      var a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], k = h[7];
      for (t = 0; t < 64; t++) {
        var S1 = (e >>> 6 | e << 26) ^ (e >>> 11 | e << 21) ^ (e >>> 25 | e << 7);
        var ch = (e & f) ^ (~e & g);
        var t1 = (k + S1 + ch + K[t] + w[t]) >>> 0;
        var S0 = (a >>> 2 | a << 30) ^ (a >>> 13 | a << 19) ^ (a >>> 22 | a << 10);
        var maj = (a & b) ^ (a & c) ^ (b & c);
        var t2 = (S0 + maj) >>> 0;
        k = g; g = f; f = e; e = (d + t1) >>> 0;
        d = c; c = b; b = a; a = (t1 + t2) >>> 0;
      }
      h[0] = (h[0] + a) >>> 0; h[1] = (h[1] + b) >>> 0; h[2] = (h[2] + c) >>> 0;
      h[3] = (h[3] + d) >>> 0; h[4] = (h[4] + e) >>> 0; h[5] = (h[5] + f) >>> 0;
      h[6] = (h[6] + g) >>> 0; h[7] = (h[7] + k) >>> 0;
    }
    var out = new Uint8Array (32);
    for (i = 0; i < 8; i++) {
      out[4 * i] = h[i] >>> 24; out[4 * i + 1] = h[i] >>> 16 & 255;
      out[4 * i + 2] = h[i] >>> 8 & 255; out[4 * i + 3] = h[i] & 255;
    }
    return out;
  }

  function hmac (key, message) {
    var block = new Uint8Array (64);
    var inner = new Uint8Array (64 + message.length);
    var outer = new Uint8Array (64 + 32);
    block.set (key.length > 64 ? sha256 (key) : key);
    for (var i = 0; i < 64; i++) {
      inner[i] = block[i] ^ 0x36;
      outer[i] = block[i] ^ 0x5c;
    }
    inner.set (message, 64);
    outer.set (sha256 (inner), 64);
    return sha256 (outer);
  }

  function hex (bytes) {
    var text = "";
    for (var i = 0; i < bytes.length; i++)
      text += (bytes[i] < 16 ? "0" : "") + bytes[i].toString (16);
    return text;
  }

  /* 64 lowercase hexadecimal digits, as the journal writes a secret, commitment or tap. */
  function isHex64 (text) {
    return typeof text === "string" && /^[0-9a-f]{64}$/.test (text);
  }

  function fromHex (text) {
    var bytes = new Uint8Array (text.length / 2);
    for (var i = 0; i < bytes.length; i++)
      bytes[i] = parseInt (text.substr (2 * i, 2), 16);
    return bytes;
  }

  function compareBytes (x, y) {
    for (var i = 0; i < x.length && i < y.length; i++)
      if (x[i] !== y[i])
        return x[i] - y[i];
    return x.length - y.length;
  }

  /* The mix of a phase's contributions (adm_dice_mix_compute ()): null while one is not shown. */
  function mixOf (engagement, from, given) {
    var parts = [];
    var sorted = given.slice ().sort (function (x, y) {
      return compareBytes (utf8 (x.side), utf8 (y.side));
    });
    for (var i = 0; i < sorted.length; i++) {
      var value = sorted[i].dice != null ? sorted[i].dice : sorted[i].nonce;
      if (value == null)
        return null;
      parts.push (sorted[i].side + "=" + value);
    }
    return hex (sha256 (utf8 (engagement + ":" + from + ":" + parts.join (";"))));
  }

  /* Roll @roll's @count dice of @sides (adm_dice_derive_mixed ()). */
  function derive (secret, engagement, roll, mix, count, sides) {
    var max = (1n << 64n) - 1n;
    var limit = max - max % BigInt (sides);
    var values = [];
    for (var block = 0; values.length < count; block++) {
      var message = engagement + ":" + roll + ":" + block + (mix != null ? ":" + mix : "");
      var digest = hmac (secret, utf8 (message));
      for (var w = 0; w < 4 && values.length < count; w++) {
        var word = 0n;
        for (var b = 0; b < 8; b++)
          word = word << 8n | BigInt (digest[8 * w + b]);
        if (word < limit)
          values.push (Number (word % BigInt (sides)) + 1);
      }
    }
    return values;
  }

  function fail (message) {
    throw new Error (message);
  }

  function need (condition, message) {
    if (!condition)
      fail (message);
  }

  function isCount (value, min, max) {
    return Number.isInteger (value) && value >= min && value <= max;
  }

  /* The data's shape, checked before anything is derived: a forged or damaged file is told
   * apart from a roll that does not match. */
  function readData (data) {
    need (data !== null && typeof data === "object", "The data is not an object.");
    need (typeof data.engagement === "string" && data.engagement.length > 0,
          "The data names no engagement.");
    need (Array.isArray (data.commitments), "The data has no list of commitments.");
    need (Array.isArray (data.contributions), "The data has no list of contributions.");
    need (Array.isArray (data.rolls), "The data has no list of rolls.");
    data.commitments.forEach (function (c, i) {
      need (isHex64 (c.commitment), "Commitment " + (i + 1) + " is not 64 hexadecimal digits.");
      need (isCount (c.from_roll, 1, 2147483647),
            "Commitment " + (i + 1) + " has no first roll.");
      need (c.secret == null || isHex64 (c.secret),
            "The secret of commitment " + (i + 1) + " is not 64 hexadecimal digits.");
    });
    data.contributions.forEach (function (p, i) {
      need (isCount (p.from, 1, 2147483647) && Array.isArray (p.given),
            "Contribution " + (i + 1) + " has no first roll or no sides.");
      need ((p.declarations == null || isHex64 (p.declarations)) &&
            (p.resolved == null || isHex64 (p.resolved)),
            "The declarations of contribution " + (i + 1) + " are not 64 hexadecimal digits.");
      p.given.forEach (function (g) {
        need (typeof g.side === "string" && g.side.length > 0,
              "A contribution from roll " + p.from + " names no side.");
        need (g.dice == null || /^[1-6] [1-6]$/.test (g.dice),
              "The dice " + g.side + " gave from roll " + p.from + " are not 2d6.");
        need (g.dice != null || (isHex64 (g.commit) && (g.nonce == null || isHex64 (g.nonce))),
              "The tap " + g.side + " gave from roll " + p.from + " is not 64 hexadecimal digits.");
      });
    });
    data.rolls.forEach (function (r) {
      need (isCount (r.roll, 1, 2147483647), "A roll has no number.");
      need (isCount (r.sides, 2, 100), "Roll " + r.roll + " has no dice of 2 to 100 sides.");
      need (["program", "typed", "not-recorded"].indexOf (r.origin) >= 0,
            "Roll " + r.roll + " does not say whether the program drew it or its dice were typed.");
      need (Array.isArray (r.values) && r.values.length >= 1 && r.values.length <= 1000 &&
            r.values.every (function (v) { return isCount (v, 1, r.sides); }),
            "Roll " + r.roll + " has values that are not on its dice.");
    });
  }

  function lastBefore (list, key, number) {
    var found = null;
    list.forEach (function (item) {
      if (item[key] <= number && (found === null || item[key] >= found[key]))
        found = item;
    });
    return found;
  }

  /* Every roll of @data checked: {rolls: [{roll, verdict, derived, mixed, fresh}], problems,
   * matched, mismatched}. Throws with a message when the data is not a battle's dice. */
  function check (data) {
    readData (data);
    var problems = [];
    var secrets = new Map ();
    data.commitments.forEach (function (c) {
      if (c.secret == null)
        return;
      if (hex (sha256 (fromHex (c.secret))) === c.commitment)
        secrets.set (c, fromHex (c.secret));
      else
        problems.push ("The secret given for commitment " + c.commitment.substr (0, 16) +
                       "… is not the one committed to: no roll is checked against it.");
    });
    var mixes = data.contributions.map (function (p) {
      var bad = p.given.filter (function (g) {
        return g.dice == null && g.nonce != null && hex (sha256 (fromHex (g.nonce))) !== g.commit;
      });
      bad.forEach (function (g) {
        problems.push ("The tap " + g.side + " showed for roll " + p.from +
                       " is not the one its phone committed to.");
      });
      /* Declarations bound to the dice (docs/dice.md): the phase is resolved with those. */
      if (p.declarations != null && p.resolved != null && p.declarations !== p.resolved)
        problems.push ("Turn " + p.turn + ", " + p.phase + " (from roll " + p.from +
                       "): the declarations locked, " + p.declarations.substr (0, 16) +
                       "…, DO NOT MATCH the declarations the phase was resolved with, " +
                       p.resolved.substr (0, 16) + "….");
      return { from: p.from, turn: p.turn, phase: p.phase,
               mix: bad.length > 0 ? undefined : mixOf (data.engagement, p.from, p.given) };
    });
    var result = { rolls: [], problems: problems, matched: 0, mismatched: 0 };
    data.rolls.forEach (function (r) {
      var out = { roll: r.roll, verdict: "typed", derived: null, mixed: false, fresh: false };
      var commitment = lastBefore (data.commitments, "from_roll", r.roll);
      /* A table handed the battle mixes only the contributions given at it: the phases from
       * its commitment's first roll on (docs/dice.md). */
      var mix = commitment !== null ? lastBefore (mixes, "from", r.roll) : null;
      if (mix !== null && commitment.assignment != null && mix.from < commitment.from_roll)
        mix = null;
      result.rolls.push (out);
      if (r.origin !== "program") {
        out.verdict = r.origin === "typed" ? "typed" : "not-recorded";
        return;
      }
      if (commitment === null) {
        out.verdict = "no-commitment";
        return;
      }
      if (!secrets.has (commitment)) {
        out.verdict = commitment.secret == null ? "not-revealed" : "forged";
        return;
      }
      if (mix !== null && mix.mix === undefined) {
        out.verdict = "forged";
        return;
      }
      out.mixed = mix !== null && mix.mix !== null;
      out.fresh = out.mixed && mix.turn === r.turn && mix.phase === r.phase;
      out.derived = derive (secrets.get (commitment), data.engagement, r.roll,
                            out.mixed ? mix.mix : null, r.values.length, r.sides);
      out.verdict = out.derived.join (" ") === r.values.join (" ") ? "match" : "mismatch";
      if (out.verdict === "match")
        result.matched++;
      else
        result.mismatched++;
    });
    return result;
  }

  return { sha256: sha256, hmac: hmac, hex: hex, utf8: utf8, mixOf: mixOf, derive: derive,
           check: check };
}) ();

/* The page: the data it carries checked at once, and any other pasted in. */
(function () {
  if (typeof document === "undefined")
    return;
  var words = JSON.parse (document.getElementById ("words").textContent);

  function cell (row, text, className) {
    var td = document.createElement ("td");
    td.textContent = text;
    if (className)
      td.className = className;
    row.appendChild (td);
  }

  function show (text) {
    var status = document.getElementById ("status");
    var table = document.getElementById ("rolls");
    var body = table.tBodies[0];
    var problems = document.getElementById ("problems");
    var data, result;
    body.textContent = "";
    problems.textContent = "";
    try {
      data = JSON.parse (text);
      result = AdmDiceVerifier.check (data);
    } catch (error) {
      status.className = "bad";
      status.textContent = words.unreadable + " " + error.message;
      return;
    }
    document.getElementById ("battle").textContent = data.battle || data.engagement;
    result.problems.forEach (function (problem) {
      var item = document.createElement ("li");
      item.textContent = problem;
      problems.appendChild (item);
    });
    data.rolls.forEach (function (r, i) {
      var checked = result.rolls[i];
      var row = document.createElement ("tr");
      var verdict = words[checked.verdict] || checked.verdict;
      if (checked.verdict === "match" || checked.verdict === "mismatch")
        verdict += " — " + (checked.fresh ? words.fresh : checked.mixed ? words.reused
                                                                         : words.secretOnly);
      if (checked.verdict === "mismatch")
        verdict += " (" + words.gives + " " + checked.derived.join (" ") + ")";
      cell (row, String (r.roll));
      cell (row, r.turn + ", " + r.phase);
      cell (row, r.purpose || "");
      cell (row, r.values.join (" "));
      cell (row, verdict, checked.verdict === "match" ? "good"
                          : checked.verdict === "typed" ? "" : "bad");
      row.dataset.verdict = checked.verdict;
      body.appendChild (row);
    });
    var bad = result.mismatched > 0 || result.problems.length > 0;
    status.className = bad ? "bad" : "good";
    status.textContent = (bad ? words.failed : words.passed)
      .replace ("%1", String (result.matched)).replace ("%2", String (result.mismatched));
  }

  document.getElementById ("check").addEventListener ("click", function () {
    show (document.getElementById ("other").value);
  });
  show (document.getElementById ("dice-data").textContent);
}) ();

if (typeof module !== "undefined")
  module.exports = AdmDiceVerifier;
