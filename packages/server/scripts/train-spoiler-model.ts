// Trains the spoiler classifier's learned component (issue 49; packages/server/src/spoilers/spoiler-model.ts)
// and writes its weights to packages/server/src/spoilers/spoiler-model.json. Run with `npm run
// train:spoilers`. Deterministic (a seeded shuffle), so a re-run on the same labels writes the same file.
//
// Data: the three development sets only (in-sample, first and second held-out sets: 1,104 hand-labelled real
// headlines). The third held-out set is never read here: it is the unseen measure of what this trains.
// Each line gives two examples: the headline alone (label `headline`) and, when it has a summary, the
// headline with its summary (label `withSummary`), each with the hand-written rules that fired on it.
//
// Model: L2-regularised logistic regression over binary features (spoilerFeatures), features seen in at least
// two training lines, trained by Adagrad. The classifier answers "spoiler" when a rule fires OR the model's
// probability passes a threshold, so the thresholds are chosen for that combination: by 10-fold
// cross-validation (out-of-fold probabilities, the two examples of a line in the same fold; a headline that
// reads as a forecast, and a summary telling an earlier season, are left to the rules, as the classifier
// does), the highest
// threshold whose combined recall is at least 95% with precision at least 85%; if none reaches both, the one
// with the highest recall at precision of at least 85%. The L2 strength is chosen the same way.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  loadHeldOutSpoilerSet,
  loadSecondHeldOutSpoilerSet,
  loadSpoilerSet,
  SPOILER_TARGETS,
  type SpoilerCase,
} from '../src/spoilers/__tests__/spoiler-set.js';
import {
  readsAsForecast,
  resultRuleIn,
  type SpoilerRule,
  tellsBackground,
} from '../src/spoilers/spoiler-headline.js';
import { spoilerFeatures, spoilerProbability } from '../src/spoilers/spoiler-model.js';

const FOLDS = 10;
const EPOCHS = 40;
const LEARNING_RATE = 0.5;
const LAMBDAS = [0.3, 1, 3];
const MIN_LINES = 2;
// The lowest headline threshold the classifier may use. At the cross-validated choice (about 0.27) the model
// blurs lines that spoiler-headline.test.ts holds readable, previews and standings a member would notice
// being hidden ("Mystics (3-4) at Fever (2-4)", "PSG lead race for second Group H berth", "Shaun Murphy
// leads Kyren Wilson 6-2 in Masters final": 0.29 to 0.40 under the model written on 2026-12-04). The floor
// keeps them readable; the recall it costs is in the cross-validated figures, measured with it.
const MIN_HEADLINE_THRESHOLD = 0.41;
const OUT = join(import.meta.dirname, '..', 'src', 'spoilers', 'spoiler-model.json');

interface Example {
  line: number;
  features: string[];
  label: boolean;
}

/** A line's examples and what the rules said on either reading. */
interface Line {
  c: SpoilerCase;
  headline: Example;
  card: Example | null;
  ruleHeadline: boolean;
  ruleCard: boolean;
  /** The headline reads as a forecast: the classifier does not ask the model. */
  forecast: boolean;
  /** The summary tells an earlier season as background: the classifier asks the model about the headline only. */
  background: boolean;
}

function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

/**
 * Words read as names: in the summaries (sentence case), always capitalised where they do not start a
 * sentence, at least twice. Labels are not read, so the list is the same in every fold.
 */
function namesIn(cases: readonly SpoilerCase[]): Set<string> {
  const capitalised = new Map<string, number>();
  const lower = new Set<string>();
  for (const c of cases) {
    if (!c.summary) continue;
    const normal = c.summary.replace(/[’‘`]/g, "'");
    for (const m of normal.matchAll(/[A-Za-z]+(?:'[A-Za-z]+)*/g)) {
      const word = m[0].toLowerCase().replace(/'s$/, '');
      if (/^[a-z]/.test(m[0])) {
        lower.add(word);
        continue;
      }
      const before = normal.slice(0, m.index).trimEnd();
      if (before === '' || /[.!?:"“‘'(-]$/.test(before)) continue;
      capitalised.set(word, (capitalised.get(word) ?? 0) + 1);
    }
  }
  return new Set([...capitalised].filter(([w, n]) => n >= 2 && !lower.has(w)).map(([w]) => w));
}

function toLine(c: SpoilerCase, index: number, names: ReadonlySet<string>): Line {
  const onHeadline = resultRuleIn(c.title);
  const onSummary = c.summary ? resultRuleIn(c.summary) : null;
  const headlineRules: SpoilerRule[] = onHeadline ? [onHeadline.rule] : [];
  const cardRules: SpoilerRule[] = [...headlineRules, ...(onSummary ? [onSummary.rule] : [])];
  return {
    c,
    headline: {
      line: index,
      features: spoilerFeatures(c.title, undefined, headlineRules, names).features,
      label: c.headline,
    },
    card: c.summary
      ? {
          line: index,
          features: spoilerFeatures(c.title, c.summary, cardRules, names).features,
          label: c.withSummary,
        }
      : null,
    ruleHeadline: onHeadline !== null,
    ruleCard: onHeadline !== null || onSummary !== null,
    forecast: readsAsForecast(c.title),
    background: c.summary ? tellsBackground(c.summary) : false,
  };
}

function examplesOf(lines: readonly Line[]): Example[] {
  return lines.flatMap((l) => (l.card ? [l.headline, l.card] : [l.headline]));
}

/** Logistic regression by Adagrad; returns the weights of features seen in at least MIN_LINES lines. */
function train(examples: readonly Example[], lambda: number, seed: number): Record<string, number> {
  const linesOf = new Map<string, Set<number>>();
  for (const e of examples)
    for (const f of e.features) {
      const s = linesOf.get(f) ?? new Set<number>();
      s.add(e.line);
      linesOf.set(f, s);
    }
  const kept = new Set(
    [...linesOf].filter(([f, s]) => s.size >= MIN_LINES || f.startsWith('bias:')).map(([f]) => f),
  );
  const w = new Map<string, number>();
  const g2 = new Map<string, number>();
  const random = mulberry32(seed);
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    for (const e of shuffled(examples, random)) {
      const fs = e.features.filter((f) => kept.has(f));
      let z = 0;
      for (const f of fs) z += w.get(f) ?? 0;
      const p = 1 / (1 + Math.exp(-z));
      const err = p - (e.label ? 1 : 0);
      for (const f of fs) {
        const wf = w.get(f) ?? 0;
        const grad = err + (f.startsWith('bias:') ? 0 : lambda * wf);
        const acc = (g2.get(f) ?? 0) + grad * grad;
        g2.set(f, acc);
        w.set(f, wf - (LEARNING_RATE * grad) / Math.sqrt(acc + 1e-8));
      }
    }
  }
  const weights: Record<string, number> = {};
  for (const [f, v] of [...w].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const rounded = Math.round(v * 1000) / 1000;
    if (Math.abs(rounded) >= 0.01) weights[f] = rounded;
  }
  return weights;
}

/** Out-of-fold probabilities of every line's two examples. */
function crossValidate(lines: readonly Line[], lambda: number): { h: number[]; s: (number | null)[] } {
  const order = shuffled(
    lines.map((_, i) => i),
    mulberry32(49),
  );
  const fold = new Array<number>(lines.length);
  order.forEach((line, i) => {
    fold[line] = i % FOLDS;
  });
  const h = new Array<number>(lines.length).fill(0);
  const s = new Array<number | null>(lines.length).fill(null);
  for (let k = 0; k < FOLDS; k++) {
    const weights = train(examplesOf(lines.filter((_, i) => fold[i] !== k)), lambda, 100 + k);
    lines.forEach((l, i) => {
      if (fold[i] !== k) return;
      h[i] = spoilerProbability({ weights }, l.headline.features);
      s[i] = l.card ? spoilerProbability({ weights }, l.card.features) : null;
    });
  }
  return { h, s };
}

interface Figures {
  precision: number;
  recall: number;
  tp: number;
  fp: number;
  fn: number;
}

function figures(predicted: boolean[], expected: boolean[]): Figures {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  predicted.forEach((p, i) => {
    if (p && expected[i]) tp++;
    else if (p) fp++;
    else if (expected[i]) fn++;
  });
  return { precision: tp + fp ? tp / (tp + fp) : 1, recall: tp + fn ? tp / (tp + fn) : 1, tp, fp, fn };
}

/** The classifier's answers (rule OR model) on both readings at the two thresholds. */
function combined(lines: readonly Line[], p: { h: number[]; s: (number | null)[] }, th: number, ts: number) {
  const headline = lines.map((l, i) => l.ruleHeadline || (!l.forecast && p.h[i]! > th));
  const card = lines.map((l, i) => {
    if (l.ruleCard) return true;
    if (l.forecast) return false;
    if (p.h[i]! > th) return true;
    const q = p.s[i];
    return !l.background && q != null && q > ts;
  });
  return {
    headline: figures(
      headline,
      lines.map((l) => l.c.headline),
    ),
    withSummary: figures(
      card,
      lines.map((l) => l.c.withSummary),
    ),
  };
}

const GRID = Array.from({ length: 95 }, (_, i) => Math.round((0.03 + i * 0.01) * 100) / 100);

/** The threshold the rule of the header picks from the grid, given how a threshold scores. */
function pick(score: (t: number) => Figures): number {
  const meets = GRID.filter((t) => {
    const f = score(t);
    return f.recall >= SPOILER_TARGETS.recall && f.precision >= SPOILER_TARGETS.precision;
  });
  if (meets.length) return meets[meets.length - 1]!;
  const precise = GRID.filter((t) => score(t).precision >= SPOILER_TARGETS.precision);
  const pool = precise.length ? precise : GRID;
  return pool.reduce((best, t) => (score(t).recall > score(best).recall ? t : best), pool[0]!);
}

function choose(lines: readonly Line[], p: { h: number[]; s: (number | null)[] }) {
  const th = Math.max(
    MIN_HEADLINE_THRESHOLD,
    pick((t) => combined(lines, p, t, 1).headline),
  );
  const ts = pick((t) => combined(lines, p, th, t).withSummary);
  return { th, ts, ...combined(lines, p, th, ts) };
}

const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
const show = (f: Figures) => `P ${pct(f.precision)} R ${pct(f.recall)} (tp ${f.tp}, fp ${f.fp}, fn ${f.fn})`;

const inSample = loadSpoilerSet();
const first = loadHeldOutSpoilerSet(undefined, inSample);
const second = loadSecondHeldOutSpoilerSet();
const sets = { 'in-sample': inSample, 'first held-out': first, 'second held-out': second };
const cases = [...inSample, ...first, ...second];
const names = namesIn(cases);
const lines = cases.map((c, i) => toLine(c, i, names));
console.log(`${lines.length} development lines, ${examplesOf(lines).length} examples, ${names.size} names`);
const rulesOnly = combined(lines, { h: lines.map(() => 0), s: lines.map(() => 0) }, 1, 1);
console.log(`rules alone: headline ${show(rulesOnly.headline)}; with summary ${show(rulesOnly.withSummary)}`);

let best: {
  lambda: number;
  p: { h: number[]; s: (number | null)[] };
  chosen: ReturnType<typeof choose>;
} | null = null;
for (const lambda of LAMBDAS) {
  const p = crossValidate(lines, lambda);
  const chosen = choose(lines, p);
  console.log(
    `lambda ${lambda}: thresholds ${chosen.th} / ${chosen.ts}; headline ${show(chosen.headline)}; ` +
      `with summary ${show(chosen.withSummary)}`,
  );
  const worse = (c: ReturnType<typeof choose>) => Math.min(c.headline.recall, c.withSummary.recall);
  const tie = (c: ReturnType<typeof choose>) => Math.min(c.headline.precision, c.withSummary.precision);
  if (
    !best ||
    worse(chosen) > worse(best.chosen) ||
    (worse(chosen) === worse(best.chosen) && tie(chosen) > tie(best.chosen))
  )
    best = { lambda, p, chosen };
}
if (!best) throw new Error('no lambda');
const { lambda, p, chosen } = best;
// Per set, at the chosen thresholds (out-of-fold probabilities): how it does on each kind of line.
const perSet: Record<string, unknown> = {};
let offset = 0;
for (const [name, set] of Object.entries(sets)) {
  const part = lines.slice(offset, offset + set.length);
  const pp = { h: p.h.slice(offset, offset + set.length), s: p.s.slice(offset, offset + set.length) };
  const f = combined(part, pp, chosen.th, chosen.ts);
  console.log(`  ${name} (${set.length}): headline ${show(f.headline)}; with summary ${show(f.withSummary)}`);
  perSet[name] = { lines: set.length, headline: f.headline, withSummary: f.withSummary };
  offset += set.length;
}
const weights = train(examplesOf(lines), lambda, 1);
const round = (f: Figures) => ({ ...f, precision: +f.precision.toFixed(4), recall: +f.recall.toFixed(4) });
const model = {
  about:
    "Weights of the spoiler classifier's learned component (issue 49), written by `npm run train:spoilers` " +
    '(packages/server/scripts/train-spoiler-model.ts). Logistic regression over spoilerFeatures (spoiler-model.ts); ' +
    'a line is a spoiler when a hand-written rule fires or the probability passes its threshold.',
  trainedOn: Object.fromEntries(Object.entries(sets).map(([k, v]) => [k, v.length])),
  lambda,
  thresholds: { headline: chosen.th, withSummary: chosen.ts },
  crossValidation: {
    folds: FOLDS,
    rulesAlone: { headline: round(rulesOnly.headline), withSummary: round(rulesOnly.withSummary) },
    rulesOrModel: { headline: round(chosen.headline), withSummary: round(chosen.withSummary) },
    perSet: Object.fromEntries(
      Object.entries(perSet).map(([k, v]) => {
        const x = v as { lines: number; headline: Figures; withSummary: Figures };
        return [k, { lines: x.lines, headline: round(x.headline), withSummary: round(x.withSummary) }];
      }),
    ),
  },
  names: [...names].sort(),
  weights,
};
writeFileSync(OUT, `${JSON.stringify(model, null, 2)}\n`);
console.log(
  `lambda ${lambda}, thresholds ${chosen.th} / ${chosen.ts}; ${Object.keys(weights).length} weights written to ${OUT}`,
);
