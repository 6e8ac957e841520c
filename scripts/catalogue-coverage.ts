// Prints what the real world's catalogue covers (issue 44), as the Markdown table the README and
// docs/benchmarks.md quote; `--write` replaces the table between the README's catalogue markers.
// Usage: npx tsx scripts/catalogue-coverage.ts [--write]
import { readFileSync, writeFileSync } from 'node:fs';
import { referenceDataDir } from '../packages/server/src/paths.js';
import { readReferenceData } from '../packages/server/src/seed/reference-data.js';
import {
  catalogueCoverage,
  coverageTable,
} from '../packages/server/src/sources/catalogue/catalogue-coverage.js';
import { loadCatalogue } from '../packages/server/src/sources/catalogue/load-catalogue.js';

const coverage = catalogueCoverage(loadCatalogue(), readReferenceData(referenceDataDir()));
const table = coverageTable(coverage);
console.log(table);
for (const s of coverage.sports) {
  if (s.teamsBelowTarget.length > 0 && s.teams <= 32)
    console.log(`${s.sport} below 3: ${s.teamsBelowTarget.join(', ')}`);
}
if (process.argv.includes('--write')) {
  const start = '<!-- catalogue-coverage:start -->';
  const end = '<!-- catalogue-coverage:end -->';
  const readme = readFileSync('README.md', 'utf8');
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  if (from < 0 || to < from) throw new Error('README.md has no catalogue coverage markers');
  writeFileSync('README.md', `${readme.slice(0, from + start.length)}\n${table}\n${readme.slice(to)}`);
  console.log('README.md updated');
}
