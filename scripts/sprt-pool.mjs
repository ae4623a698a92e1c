#!/usr/bin/env node
// Pools the finished game pairs of several SPRT runs (scripts/sprt.sh ... --pgn FILE, each with its own --seed)
// into one pentanomial and applies the same GSPRT as ../shared/tools/match.mjs: for a test continued in a second
// run, or run as two processes side by side, when the decision rule written before it says "pooled".
// A pair is the two games of one round pair (rounds 2k-1 and 2k, one opening, colours swapped); an unfinished
// pair (a run stopped between its games) is left out. A run whose PGN is gone (a test continued in a later session
// on a new machine) enters by the pentanomial counts recorded for it (docs/strength.md): --penta LL,LD,DD,WD,WW,
// where WD is a pair of the new build's win and a draw.
//
//   node scripts/sprt-pool.mjs [--name new] [--elo0 0 --elo1 5 --alpha 0.05 --beta 0.05] [--penta a,b,c,d,e]...
//        [A.pgn B.pgn ...]
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const opt = { name: 'new', elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05 };
const files = [];
const recorded = [];
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === '--penta') {
    const c = (args[++i] ?? '').split(',').map(Number);
    if (c.length !== 5 || !c.every((x) => Number.isInteger(x) && x >= 0)) {
      console.error(`sprt-pool: --penta wants five counts LL,LD,DD,WD,WW, not ${args[i]}`);
      process.exit(2);
    }
    recorded.push(c);
  } else if (a.startsWith('--')) {
    const k = a.slice(2);
    if (!(k in opt) || i + 1 >= args.length) { console.error(`sprt-pool: unknown or incomplete option ${a}`); process.exit(2); }
    opt[k] = k === 'name' ? args[++i] : Number(args[++i]);
  } else files.push(a);
}
if (files.length === 0 && recorded.length === 0) {
  console.error('usage: sprt-pool.mjs [--name new] [--penta LL,LD,DD,WD,WW]... [A.pgn B.pgn ...]');
  process.exit(2);
}

const scoreOfElo = (e) => 1 / (1 + Math.pow(10, -e / 400));
const eloOf = (s) => -400 * Math.log10(1 / s - 1);

// The GSPRT of match.mjs (fishtest's): maximum-likelihood pentanomial under each hypothesis' expected score.
function mleWithMean(values, probs, s) {
  const a = values.map((v) => v - s);
  let lo = -1 / Math.max(...a), hi = -1 / Math.min(...a);
  const f = (x) => a.reduce((acc, ai, k) => acc + (probs[k] * ai) / (1 + x * ai), 0);
  for (let it = 0; it < 200; it++) { const mid = (lo + hi) / 2; if (f(mid) > 0) lo = mid; else hi = mid; }
  const x = (lo + hi) / 2;
  return probs.map((p, k) => p / (1 + x * a[k]));
}
function llr(counts) {
  if (!counts.some((c) => c > 0)) return 0;
  const reg = counts.map((c) => (c > 0 ? c : 1e-3));
  const n = reg.reduce((x, y) => x + y, 0);
  const values = reg.map((_, k) => k / (reg.length - 1));
  const p = reg.map((c) => c / n);
  const p0 = mleWithMean(values, p, scoreOfElo(opt.elo0)), p1 = mleWithMean(values, p, scoreOfElo(opt.elo1));
  return n * p.reduce((acc, pk, k) => acc + pk * Math.log(p1[k] / p0[k]), 0);
}

const total = [0, 0, 0, 0, 0];
let w = 0, l = 0, d = 0;
for (const f of files) {
  const penta = [0, 0, 0, 0, 0];
  const byRound = new Map();
  for (const game of readFileSync(f, 'utf8').split(/\n(?=\[Event )/)) {
    const tag = (t) => (game.match(new RegExp(`\\[${t} "([^"]*)"\\]`)) ?? [])[1];
    const round = Number(tag('Round')), result = tag('Result');
    if (!round || !['1-0', '0-1', '1/2-1/2'].includes(result)) continue;
    // A name that plays neither colour would score every game as the other engine's: refuse it.
    if (tag('White') !== opt.name && tag('Black') !== opt.name) {
      console.error(`sprt-pool: ${f} round ${round}: neither player is named "${opt.name}" (--name)`);
      process.exit(2);
    }
    const s = result === '1/2-1/2' ? 0.5 : (result === '1-0') === (tag('White') === opt.name) ? 1 : 0;
    byRound.set(round, s);
  }
  for (const [round, s] of byRound) {
    if (round % 2 === 0 || !byRound.has(round + 1)) continue;
    const t = byRound.get(round + 1);
    penta[Math.round((s + t) * 2)]++;
    for (const x of [s, t]) { if (x === 1) w++; else if (x === 0) l++; else d++; }
  }
  penta.forEach((c, k) => (total[k] += c));
  console.log(`${f}: ${penta.reduce((a, b) => a + b, 0)} pairs, pentanomial [${penta.join(', ')}], LLR ${llr(penta).toFixed(2)}`);
}
for (const c of recorded) {
  c.forEach((x, k) => (total[k] += x));
  console.log(`recorded: ${c.reduce((a, b) => a + b, 0)} pairs, pentanomial [${c.join(', ')}], LLR ${llr(c).toFixed(2)}`);
}
const pairs = total.reduce((a, b) => a + b, 0);
const mu = total.reduce((acc, c, k) => acc + (c * k) / 4, 0) / pairs;
const variance = total.reduce((acc, c, k) => acc + c * (k / 4 - mu) ** 2, 0) / pairs;
const se = Math.sqrt(variance / pairs);
const lower = Math.log(opt.beta / (1 - opt.alpha)), upper = Math.log((1 - opt.beta) / opt.alpha);
const L = llr(total);
// A recorded run's W-L-D cannot be told from its pentanomial (WL and DD share a class): W-L-D counts the PGNs only.
const wld = `${w}-${l}-${d} (${opt.name}${recorded.length ? ', in the PGNs' : ''})`;
console.log(`pooled: ${2 * pairs} games, ${wld}, pentanomial [${total.join(', ')}]`);
console.log(`Elo ${eloOf(mu).toFixed(1)} +/- ${((eloOf(mu + 1.959964 * se) - eloOf(mu - 1.959964 * se)) / 2).toFixed(1)} (95%, pentanomial)`);
console.log(`LLR ${L.toFixed(2)} [${lower.toFixed(2)}, ${upper.toFixed(2)}] -> ${L >= upper ? 'H1 accepted' : L <= lower ? 'H0 accepted' : 'no decision yet'}`);
