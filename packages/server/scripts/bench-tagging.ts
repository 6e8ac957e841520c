// Benchmark of the article tagger: precision and recall on the hand-written headline table, the misses per
// case, and throughput over 20,000 synthetic headlines recombined from the table. Run with
// `npm run bench:tagging`; it prints the figures and writes them to the "Tagging (issue 3)" section of
// docs/benchmarks.md.
import { cpus } from 'node:os';
import { join } from 'node:path';
import { writeSection } from '../../../scripts/bench/markdown.js';
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

// Every printed line is also kept for docs/benchmarks.md.
const out: string[] = [];
const log = (text: string) => {
  console.log(text);
  out.push(text);
};

const buildStart = performance.now();
const index = loadReferenceTagIndex();
const buildMs = performance.now() - buildStart;

const evaluation = evaluateTagging(index, TAGGING_CASES);
log(
  `Tagging benchmark: ${TAGGING_CASES.length} hand-written cases, ${index.teams.length} teams, ${index.phrases.size} phrases`,
);
log(`index built in ${buildMs.toFixed(1)} ms (including reading the reference files)`);
log(line('teams', evaluation.teams));
log(line('sports', evaluation.sports));
log(line('topics', evaluation.topics));
log(`\nCases with misses (${evaluation.failures.length}):`);
for (const f of evaluation.failures) {
  const known = f.case.knownMiss ? ' [known miss]' : '';
  log(`- "${f.case.title}"${known}`);
  if (f.missing.length) log(`    missing: ${f.missing.join(', ')}`);
  if (f.extra.length) log(`    extra:   ${f.extra.join(', ')}`);
}

const corpus = synthesizeArticles(TAGGING_CASES, 20_000);
const t = measureThroughput(index, corpus);
log(
  `\nThroughput: ${t.articles} synthetic articles in ${t.elapsedMs.toFixed(1)} ms = ` +
    `${Math.round(t.perSecond).toLocaleString('en-US')} articles/s (${(t.msPerArticle * 1000).toFixed(1)} µs per article)`,
);

writeSection(
  join(import.meta.dirname, '..', '..', '..', 'docs', 'benchmarks.md'),
  'Tagging (issue 3)',
  `Produced by \`npm run bench:tagging\` on ${new Date().toISOString()} (${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ` +
    `node ${process.version}).\n\n\`\`\`text\n${out.join('\n').trim()}\n\`\`\``,
);
