// Benchmark of story clustering: pairwise precision and recall of the "same story" decision
// (`isSameStory`, what `assignClusters` uses) on the hand-labelled headline pairs, split into
// same-source and cross-source pairs, with every wrong pair listed. Run with `npm run bench:clustering`;
// it prints the figures and writes them to the "Clustering (issue 18)" section of docs/benchmarks.md.
import { cpus } from 'node:os';
import { join } from 'node:path';
import { writeSection } from '../../../scripts/bench/markdown.js';
import {
  HEADLINE_BLOCKS,
  headlinePairs,
} from '../src/ingest/clustering/__tests__/fixtures/headline-pairs.js';
import { type PairScore, scorePairs } from '../src/ingest/clustering/evaluate-clustering.js';
import { SAME_STORY_THRESHOLD } from '../src/ingest/clustering/story-signature.js';

const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
const line = (label: string, s: PairScore) =>
  `${label.padEnd(13)} precision ${pct(s.precision).padStart(6)}  recall ${pct(s.recall).padStart(6)}  ` +
  `(${s.pairs} pairs, ${s.positives} same-story; tp ${s.truePositives}, fp ${s.falsePositives}, fn ${s.falseNegatives})`;

// Every printed line is also kept for docs/benchmarks.md.
const out: string[] = [];
const log = (text: string) => {
  console.log(text);
  out.push(text);
};

const pairs = headlinePairs();
const headlines = HEADLINE_BLOCKS.reduce((n, b) => n + b.headlines.length, 0);
const all = scorePairs(pairs);
log(
  `Clustering benchmark: ${pairs.length} hand-labelled pairs from ${headlines} headlines in ${HEADLINE_BLOCKS.length} team blocks, threshold ${SAME_STORY_THRESHOLD}`,
);
log(line('all pairs', all));
log(line('same source', scorePairs(pairs.filter((p) => p.a.source === p.b.source))));
log(line('cross source', scorePairs(pairs.filter((p) => p.a.source !== p.b.source))));
log(`\nWrong pairs (${all.errors.length}):`);
for (const e of all.errors)
  log(
    `- ${e.predicted ? 'grouped, different stories' : 'apart, same story'}: "${e.a.title}" / "${e.b.title}"`,
  );

writeSection(
  join(import.meta.dirname, '..', '..', '..', 'docs', 'benchmarks.md'),
  'Clustering (issue 18)',
  `Produced by \`npm run bench:clustering\` on ${new Date().toISOString()} (${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ` +
    `node ${process.version}). Targets: precision ≥ 95%, recall ≥ 90%.\n\n\`\`\`text\n${out.join('\n').trim()}\n\`\`\``,
);
