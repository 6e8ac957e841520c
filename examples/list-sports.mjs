// Uses @sportspyder/core outside a browser: it loads the precached reference data (sports with their
// divisions or conferences and teams, and the topics) and prints the navigation a site would render.
//   node examples/list-sports.mjs [baseUrl]
import { createClient, divisionTitle, shortSportName } from '@sportspyder/core';

const baseUrl = process.argv[2] ?? 'http://localhost:8080';
const client = createClient({ baseUrl, location: () => `${baseUrl}/` });

await client.reference.load();
const { sports, topics, teamsBySlug, error } = client.reference.getSnapshot();
if (error) {
  console.error(`Could not load the reference data from ${baseUrl}: ${error.message ?? error}`);
  process.exit(1);
}
for (const sport of sports) {
  const groups = sport.isCollege ? (sport.conferences ?? []) : (sport.divisions ?? []);
  console.log(`\n${shortSportName(sport)} (${sport.name}): /sports/${sport.slug}`);
  for (const group of groups) {
    const title = sport.isCollege ? group.name : divisionTitle(group) || '-';
    const names = (group.teams ?? []).map((team) => (sport.isCollege ? team.location : team.name));
    console.log(`  ${title}: ${names.join(', ')}`);
  }
}
console.log(`\n${Object.keys(teamsBySlug).length} teams; More: ${topics.map((t) => t.name).join(', ')}`);
