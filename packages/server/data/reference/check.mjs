// Validates the reference seed data in this folder (sports, teams per sport, topics, legacy slugs).
// Run with `node packages/server/data/reference/check.mjs`; exits 1 and lists problems when anything is off,
// otherwise prints team counts per sport. No dependencies so it can run before `npm install`.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const load = (file) => JSON.parse(readFileSync(join(here, file), 'utf8'));
const problems = [];
const fail = (msg) => problems.push(msg);

const HEX = /^#[0-9A-Fa-f]{6}$/;
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
// The sport list is fixed by the spec (ids, slugs and nav names), so check it literally.
const EXPECTED_SPORTS = [
  [1, 'mlb', 'MLB', 'MLB', false],
  [2, 'nfl', 'NFL', 'NFL', false],
  [3, 'nba', 'NBA', 'NBA', false],
  [4, 'nhl', 'NHL', 'NHL', false],
  [5, 'mcb', 'College Basketball', 'NCAAB', true],
  [6, 'cf', 'College Football', 'NCAAF', true],
  [7, 'mls', 'MLS', 'MLS', false],
  [8, 'wnba', 'WNBA', 'WNBA', false],
  [9, 'premier-league', 'Premier League', 'Premier', false],
];
// Exact team counts we expect for the 2026(-27) seasons; college counts are lower bounds.
const EXPECTED_COUNTS = { nfl: 32, nba: 30, mlb: 30, nhl: 32, mls: 30, wnba: 15, 'premier-league': 20 };
const MIN_COUNTS = { cf: 130, mcb: 79 };
const EXPECTED_GROUPS = { nfl: 8, nba: 6, mlb: 6, nhl: 4, mls: 2, wnba: 2, 'premier-league': 1 };

const sports = load('sports.json');
if (sports.length !== EXPECTED_SPORTS.length) fail(`sports.json: expected 9 sports, got ${sports.length}`);
for (const [id, slug, name, navName, isCollege] of EXPECTED_SPORTS) {
  const s = sports.find((x) => x.id === id);
  if (!s) {
    fail(`sports.json: missing id ${id}`);
    continue;
  }
  const got = [s.slug, s.name, s.navName, s.isCollege].join('|');
  if (got !== [slug, name, navName, isCollege].join('|')) fail(`sports.json: id ${id} is ${got}`);
  if (!HEX.test(s.color)) fail(`sports.json: ${slug} colour ${s.color}`);
  if (!('twitterAccount' in s)) fail(`sports.json: ${slug} lacks twitterAccount`);
}

const allSlugs = new Map(); // slug -> sport
const groupIds = new Map(); // group id -> sport
const counts = {};
for (const sport of sports) {
  const file = `teams/${sport.slug}.json`;
  let data;
  try {
    data = load(file);
  } catch (e) {
    fail(`${file}: ${e.message}`);
    continue;
  }
  if (data.sport !== sport.slug) fail(`${file}: sport is ${data.sport}`);
  const kind = sport.isCollege ? 'conference' : 'division';
  const localGroups = new Set();
  for (const g of data.groups) {
    if (!Number.isInteger(g.id)) fail(`${file}: group id ${g.id} not an integer`);
    if (groupIds.has(g.id)) fail(`${file}: group id ${g.id} also used in ${groupIds.get(g.id)}`);
    groupIds.set(g.id, sport.slug);
    localGroups.add(g.id);
    if (g.kind !== kind) fail(`${file}: group ${g.id} kind ${g.kind}, expected ${kind}`);
    if (typeof g.name !== 'string') fail(`${file}: group ${g.id} has no name`);
    if (g.id === 50) fail(`${file}: group id 50 is reserved`);
    if (g.id === 56 && sport.slug !== 'premier-league') fail(`${file}: group id 56 is reserved for premier-league`);
  }
  if (sport.slug === 'premier-league') {
    const g = data.groups;
    if (g.length !== 1 || g[0].id !== 56 || g[0].name !== '') fail(`${file}: must have one group {id:56,name:''}`);
  }
  if (EXPECTED_GROUPS[sport.slug] && data.groups.length !== EXPECTED_GROUPS[sport.slug]) {
    fail(`${file}: ${data.groups.length} groups, expected ${EXPECTED_GROUPS[sport.slug]}`);
  }
  const perGroup = new Map();
  for (const t of data.teams) {
    const where = `${file}: ${t.slug}`;
    if (!SLUG.test(t.slug ?? '')) fail(`${where}: bad slug`);
    if (allSlugs.has(t.slug)) fail(`${where}: duplicate slug (also in ${allSlugs.get(t.slug)})`);
    allSlugs.set(t.slug, sport.slug);
    for (const key of ['name', 'fullName', 'shortName', 'location']) {
      if (typeof t[key] !== 'string' || t[key].trim() === '') fail(`${where}: missing ${key}`);
    }
    if (typeof t.shortName === 'string' && t.shortName.length > 5) fail(`${where}: shortName too long`);
    if (!localGroups.has(t.group)) fail(`${where}: group ${t.group} not in file`);
    perGroup.set(t.group, (perGroup.get(t.group) ?? 0) + 1);
    if (!Array.isArray(t.colors) || t.colors.length !== 2 || !t.colors.every((c) => HEX.test(c))) {
      fail(`${where}: colours ${JSON.stringify(t.colors)}`);
    }
    if (t.twitterAccount !== null && !/^[A-Za-z0-9_]{1,15}$/.test(t.twitterAccount ?? '')) {
      fail(`${where}: twitterAccount ${t.twitterAccount}`);
    }
    if (sport.isCollege) {
      const suffix = sport.slug === 'cf' ? 'football' : 'basketball';
      if (!t.slug.endsWith(`-${suffix}`)) fail(`${where}: college slug must end in -${suffix}`);
      if (!t.fullName.endsWith(` ${suffix[0].toUpperCase()}${suffix.slice(1)}`)) fail(`${where}: fullName suffix`);
    }
  }
  for (const g of data.groups) if (!perGroup.get(g.id)) fail(`${file}: group ${g.id} (${g.name}) has no teams`);
  counts[sport.slug] = { teams: data.teams.length, groups: data.groups.length };
  if (EXPECTED_COUNTS[sport.slug] !== undefined && data.teams.length !== EXPECTED_COUNTS[sport.slug]) {
    fail(`${file}: ${data.teams.length} teams, expected ${EXPECTED_COUNTS[sport.slug]}`);
  }
  if (MIN_COUNTS[sport.slug] !== undefined && data.teams.length < MIN_COUNTS[sport.slug]) {
    fail(`${file}: only ${data.teams.length} teams, expected at least ${MIN_COUNTS[sport.slug]}`);
  }
}

const topics = load('topics.json');
if (topics.length < 18 || topics.length > 24) fail(`topics.json: ${topics.length} entries, expected 18-24`);
const topicSlugs = new Set();
topics.forEach((t, i) => {
  if (t.id !== i + 1) fail(`topics.json: ids must run from 1 (got ${t.id} at ${i})`);
  if (!SLUG.test(t.slug ?? '') || topicSlugs.has(t.slug)) fail(`topics.json: bad or duplicate slug ${t.slug}`);
  topicSlugs.add(t.slug);
  if (!t.name) fail(`topics.json: ${t.slug} lacks name`);
  if (!HEX.test(t.iconColor ?? '')) fail(`topics.json: ${t.slug} iconColor ${t.iconColor}`);
});
for (const required of ['golf', 'tennis', 'f1', 'nascar', 'ufc', 'boxing', 'olympics', 'cricket', 'rugby']) {
  if (!topicSlugs.has(required)) fail(`topics.json: missing ${required}`);
}

const legacy = load('legacy-slugs.json');
const renames = new Map();
for (const l of legacy) {
  if (!SLUG.test(l.from ?? '') || !SLUG.test(l.to ?? '')) fail(`legacy: bad slug ${l.from} -> ${l.to}`);
  if (renames.has(l.from)) fail(`legacy: ${l.from} listed twice`);
  if (allSlugs.has(l.from)) fail(`legacy: from ${l.from} is an existing team slug`);
  if (!counts[l.sport]) fail(`legacy: ${l.from} has unknown sport ${l.sport}`);
  renames.set(l.from, l);
}
for (const l of legacy) {
  let slug = l.from;
  const seen = new Set();
  while (renames.has(slug)) {
    if (seen.has(slug)) {
      fail(`legacy: cycle at ${slug}`);
      break;
    }
    seen.add(slug);
    slug = renames.get(slug).to;
  }
  if (!allSlugs.has(slug)) fail(`legacy: ${l.from} ends at unknown slug ${slug}`);
  else if (allSlugs.get(slug) !== l.sport) fail(`legacy: ${l.from} ends in ${allSlugs.get(slug)}, not ${l.sport}`);
}
const spec = [
  ['oakland-raiders', 'las-vegas-raiders'],
  ['washington-redskins', 'washington-commanders'],
  ['cleveland-indians', 'cleveland-guardians'],
  ['arizona-coyotes', 'utah-hockey-club'],
];
for (const [from, to] of spec) if (renames.get(from)?.to !== to) fail(`legacy: spec rename ${from} -> ${to} missing`);

for (const [sport, c] of Object.entries(counts)) console.log(`${sport.padEnd(15)} ${c.teams} teams in ${c.groups} groups`);
console.log(`total ${allSlugs.size} teams, ${topics.length} topics, ${legacy.length} legacy slugs`);
if (problems.length) {
  console.error(`\n${problems.length} problem(s):\n${problems.map((p) => `- ${p}`).join('\n')}`);
  process.exit(1);
}
console.log('reference data OK');
