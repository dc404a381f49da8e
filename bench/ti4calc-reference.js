// SPDX-License-Identifier: GPL-3.0-or-later
// ti4calc-reference.js: the reference for bench-ti4-odds — Ivan Bakhtin's Twilight Imperium 4
// battle calculator (github.com/alpha-mouse/ti4calc, the one at alphamou.se/ti4calc), which
// computes the outcome distribution exactly by probability propagation, timed on the battles
// bench-ti4-odds times, the same way: the best mean of 9 blocks of 20 ms of repetitions, as
// CPU time of the process. It is not part of the build or of `meson test --benchmark`: it
// needs a checkout of that calculator, which this tree does not carry.
//
//   git clone https://github.com/alpha-mouse/ti4calc /tmp/ti4calc
//   git -C /tmp/ti4calc checkout 2ed3df27ac4d7b8d66a494c3e3cbf3bd5deaf6ce   # release 1.6.1
//   node bench/ti4calc-reference.js /tmp/ti4calc
//
// Its figures are recorded in bench-ti4-odds.c (reference_ms) and bench/README.md. What is
// compared: a space combat with the first round's Anti-Fighter Barrage, no retreat, no
// technologies or action cards, a faction with no unit of its own among these (Arborec); that
// calculator has no capacity check and no Carrier II (the same in combat as a Carrier), and
// assigns hits in one fixed order — fighters, destroyers, carriers, cruisers, then every
// dreadnought's sustained damage before any dreadnought is destroyed, then the war suns the
// same way.
'use strict';

const path = require('path');

if (process.argv.length < 3) {
  console.error('usage: node ti4calc-reference.js PATH-TO-TI4CALC-CHECKOUT');
  process.exit(2);
}
const calculator = require(path.resolve(process.argv[2], 'calculator.js')).calculator;

const types = {
  'war-sun': 'WarSun', dreadnought: 'Dreadnought', carrier: 'Carrier', cruiser: 'Cruiser',
  destroyer: 'Destroyer', fighter: 'Fighter',
};

// "dreadnought-ii=3,fighter=2" (bench-ti4-odds' fleets) as that calculator's counters.
function fleet(spec) {
  const counters = {};
  for (const part of spec.split(',')) {
    const [id, count] = part.split('=');
    const base = id.replace(/-ii$/, '');
    // Carrier II differs from a Carrier in capacity only, which that calculator does not check.
    counters[types[base]] = { count: Number(count), upgraded: id !== base && base !== 'carrier' };
  }
  return counters;
}

// A fleet of n units in the mirror battle's proportions, as bench-ti4-odds scales it.
function scaled(n) {
  const mix = [['war-sun', 2], ['dreadnought', 4], ['carrier', 4], ['cruiser', 4],
               ['destroyer', 4], ['fighter', 10]];
  let left = n;
  const parts = [];
  mix.forEach(([id, share], i) => {
    const count = i + 1 < mix.length ? Math.min(left, Math.floor((n * share + 14) / 28)) : left;
    left -= count;
    if (count > 0)
      parts.push(`${id}=${count}`);
  });
  return parts.join(',');
}

const MIRROR = 'fighter=10,carrier=4,dreadnought=4,war-sun=2,destroyer=4,cruiser=4';
const battles = [
  ['mirror (28 a side)', MIRROR, MIRROR],
  ['2 v 2 dreadnoughts', 'dreadnought=2', 'dreadnought=2'],
  ['war sun v 3 dreadnoughts', 'war-sun=1', 'dreadnought=3'],
  ['carrier+3 fighters+dread v 2 destroyers+cruiser', 'carrier=1,fighter=3,dreadnought=1',
   'destroyer=2,cruiser=1'],
  ['20 a side, mixed',
   'war-sun=1,dreadnought-ii=3,carrier-ii=2,cruiser-ii=4,destroyer-ii=2,fighter-ii=8',
   'dreadnought=4,carrier=2,cruiser=3,destroyer-ii=3,fighter=8'],
];
for (const n of [10, 20, 26, 40])
  battles.push([`mirror mix, ${n} a side`, scaled(n), scaled(n)]);

function cpuMs() {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

console.log(`node ${process.version}; best mean of 9 blocks of 20 ms of repetitions, CPU time`);
for (const [name, attacker, defender] of battles) {
  const input = {
    attackerUnits: fleet(attacker),
    defenderUnits: fleet(defender),
    battleType: 'Space',
    options: { attacker: { race: 'Arborec' }, defender: { race: 'Arborec' } },
  };
  // As many repetitions as fill 20 ms, counted once, then timed as blocks with no clock read
  // between them; the best of 9 blocks.
  let best = Infinity, result, reps = 0;
  const start = cpuMs();
  do {
    result = calculator.computeProbabilities(input);
    reps++;
  } while (cpuMs() - start < 20);
  for (let run = 0; run < 9; run++) {
    const blockStart = cpuMs();
    for (let i = 0; i < reps; i++)
      result = calculator.computeProbabilities(input);
    best = Math.min(best, (cpuMs() - blockStart) / reps);
  }
  // distribution[-k]: the attacker wins with k units left; [k]: the defender; [0]: a draw.
  const distribution = result.distribution;
  let won = 0, lost = 0;
  for (let k = 1; k <= result.attacker.length; k++)
    won += distribution.at(-k);
  for (let k = 1; k <= result.defender.length; k++)
    lost += distribution.at(k);
  console.log(`  ${name.padEnd(48)} attacker ${won.toFixed(4)} draw ` +
              `${distribution.at(0).toFixed(4)} defender ${lost.toFixed(4)}  ` +
              `${best < 0.1 ? (best * 1000).toFixed(2) + ' µs' : best.toFixed(4) + ' ms'}`);
}
