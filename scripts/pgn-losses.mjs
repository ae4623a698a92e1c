#!/usr/bin/env node
// Where a gauntlet's losses begin, from the scores both engines wrote into the PGN ({+0.12/14 0.100s}, match.mjs):
// for each game ENGINE lost, the first move at which the opponent scored itself at least +1.00; whether that score
// jumped there (at least 0.70 above the opponent's previous score: a tactic one side saw) or drifted up (a positional
// edge), in which phase, and how many plies later ENGINE's own score fell to -1.00 (how late it saw it). Then, for
// each side, what its early claims were worth: games in which it scored itself at least T within the first 80 plies,
// by result. docs/strength.md, "Where the losses begin".
//
//   node scripts/pgn-losses.mjs GAMES.pgn [--engine gacrux]
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const file = args.find(a => !a.startsWith('--'));
const ei = args.indexOf('--engine');
const me = ei >= 0 ? args[ei + 1] : 'gacrux';
if (!file) { console.error('usage: node scripts/pgn-losses.mjs GAMES.pgn [--engine NAME]'); process.exit(2); }
const score = (s) => s.includes('M') ? (s.startsWith('-') ? -99 : 99) : Number(s);
const games = readFileSync(file, 'utf8').split(/\n(?=\[Event )/).filter(g => g.includes('[Result'))
  .map(g => {
    const tag = (k) => (g.match(new RegExp(`\\[${k} "([^"]*)"\\]`)) || [])[1];
    const fen = tag('FEN');
    const whiteFirst = !fen || fen.split(' ')[1] === 'w';
    const body = g.split(/\n\n/).slice(1).join(' ');
    const scores = [...body.matchAll(/\{([+-]?M?[0-9.]+)\/(\d+) /g)].map(t => score(t[1]));
    // moverWhite(i): whether the i-th scored move was White's
    return { white: tag('White'), black: tag('Black'), result: tag('Result'), scores, moverWhite: (i) => (i % 2 === 0) === whiteFirst };
  });
const opponent = games.map(g => (g.white === me ? g.black : g.white)).find(Boolean);
const outcome = (g, side) => g.result === '1/2-1/2' ? 'd' : ((g.result === '1-0') === (g.white === side) ? 'w' : 'l');

let losses = 0, jumps = 0, drifts = 0, none = 0;
const phase = { 'plies 0-29': 0, 'plies 30-79': 0, 'plies 80-': 0 };
const lags = [];
for (const g of games) {
  if (outcome(g, me) !== 'l') continue;
  losses++;
  const meWhite = g.white === me;
  let cross = -1, prevOpp = null, seen = -1;
  g.scores.forEach((s, i) => {
    const mine = g.moverWhite(i) === meWhite;
    if (!mine && cross < 0) { if (s >= 1.0) cross = i; else prevOpp = s; }
    if (mine && seen < 0 && cross >= 0 && s <= -1.0) seen = i;
  });
  if (cross < 0) { none++; continue; }
  if (prevOpp !== null && g.scores[cross] - prevOpp >= 0.7) jumps++; else drifts++;
  phase[cross < 30 ? 'plies 0-29' : cross < 80 ? 'plies 30-79' : 'plies 80-']++;
  if (seen >= 0) lags.push(seen - cross);
}
lags.sort((a, b) => a - b);
const q = (p) => lags.length ? lags[Math.min(lags.length - 1, Math.floor(lags.length * p))] : '-';
console.log(`${games.length} games of ${me} against ${opponent}; ${losses} lost`);
console.log(`losses where ${opponent} first scored itself +1.00: jumped there ${jumps}, drifted there ${drifts}, never ${none}`);
console.log(`  at ${Object.entries(phase).map(([k, v]) => `${k}: ${v}`).join(', ')}`);
console.log(`  ${me} scored itself -1.00 that many plies later: median ${q(0.5)}, quartiles ${q(0.25)} / ${q(0.75)} (${lags.length} games)`);
for (const T of [0.5, 1.0, 2.0]) {
  const row = [me, opponent].map(side => {
    const c = { w: 0, d: 0, l: 0 };
    for (const g of games) {
      const isWhite = g.white === side;
      if (g.scores.slice(0, 80).some((s, i) => g.moverWhite(i) === isWhite && s >= T)) c[outcome(g, side)]++;
    }
    return `${side} ${c.w + c.d + c.l} games (${c.w}-${c.d}-${c.l} W-D-L)`;
  });
  console.log(`scored itself >= +${T.toFixed(2)} within 80 plies: ${row.join('; ')}`);
}
