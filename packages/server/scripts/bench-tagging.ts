// Benchmark of the article tagger: precision and recall on the hand-written headline table, the misses per
// case, and throughput over 20,000 synthetic headlines recombined from the table. Prints only; run with
// `npx tsx packages/server/scripts/bench-tagging.ts` (the lead copies the figures to docs/benchmarks.md).
import { TAGGING_CASES } from '../src/ingest/tagging/__tests__/cases.js';
import { loadReferenceTagIndex } from '../src/ingest/tagging/__tests__/reference-index.js';
import {
  evaluateTagging,
  measureThroughput,
  type Score,
  synthesizeArticles,
} from '../src/ingest/tagging/index.js';

const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
const line = (label: string, s: Score) =>
  `${label.padEnd(7)} precision ${pct(s.precision).padStart(6)}  recall ${pct(s.recall).padStart(6)}  ` +
  `(tp ${s.truePositives}, fp ${s.falsePositives}, fn ${s.falseNegatives})`;

const buildStart = performance.now();
const index = loadReferenceTagIndex();
const buildMs = performance.now() - buildStart;

const evaluation = evaluateTagging(index, TAGGING_CASES);
console.log(
  `Tagging benchmark: ${TAGGING_CASES.length} hand-written cases, ${index.teams.length} teams, ${index.phrases.size} phrases`,
);
console.log(`index built in ${buildMs.toFixed(1)} ms (including reading the reference files)`);
console.log(line('teams', evaluation.teams));
console.log(line('sports', evaluation.sports));
console.log(line('topics', evaluation.topics));
console.log(`\nCases with misses (${evaluation.failures.length}):`);
for (const f of evaluation.failures) {
  const known = f.case.knownMiss ? ' [known miss]' : '';
  console.log(`- "${f.case.title}"${known}`);
  if (f.missing.length) console.log(`    missing: ${f.missing.join(', ')}`);
  if (f.extra.length) console.log(`    extra:   ${f.extra.join(', ')}`);
}

const corpus = synthesizeArticles(TAGGING_CASES, 20_000);
const t = measureThroughput(index, corpus);
console.log(
  `\nThroughput: ${t.articles} synthetic articles in ${t.elapsedMs.toFixed(1)} ms = ` +
    `${Math.round(t.perSecond).toLocaleString('en-US')} articles/s (${(t.msPerArticle * 1000).toFixed(1)} µs per article)`,
);
