// Reference data for the component tests: a pro league with an unnamed division (56), a college
// sport with conferences, the long-named sports, and an odd number of topics.
import type { Conference, Division, Sport, Team, Topic } from '@sportspyder/contract';

let nextId = 1;

export function makeTeam(sportSlug: string, slug: string, fullName: string, location: string): Team {
  const id = nextId++;
  return {
    id,
    teamId: id,
    slug,
    name: fullName.split(' ').slice(-1)[0] ?? fullName,
    fullName,
    shortName: slug.slice(0, 3).toUpperCase(),
    meta: '',
    sport: sportSlug,
    logo: `/logos/teams/${slug}.svg`,
    count: 0,
    sportId: 1,
    divisionId: null,
    conferenceId: null,
    location,
    sportSlug,
    sportName: sportSlug.toUpperCase(),
    description: null,
    twitterAccount: null,
    sendtonewsKey: null,
    snackKey: null,
    listId: null,
    podcastsEnabled: true,
    summarize: false,
    iconColor: '#123456',
  };
}

function sport(
  id: number,
  slug: string,
  name: string,
  isCollege: boolean,
  groups: Division[] | Conference[],
): Sport {
  return {
    id,
    slug,
    name,
    logo: `/logos/sports/${slug}.svg`,
    isCollege,
    twitterAccount: null,
    sendtonewsKey: null,
    snackKey: null,
    ...(isCollege ? { conferences: groups as Conference[] } : { divisions: groups as Division[] }),
  };
}

export const nfl = sport(1, 'nfl', 'NFL', false, [
  {
    id: 1,
    sportId: 1,
    name: 'NFC North',
    teams: [makeTeam('nfl', 'green-bay-packers', 'Green Bay Packers', 'Green Bay')],
  },
  { id: 56, sportId: 1, name: 'Unnamed', teams: [makeTeam('nfl', 'test-team', 'Test Team', 'Testville')] },
]);

export const mcb = sport(8, 'mcb', 'College Basketball', true, [
  {
    id: 10,
    sportId: 8,
    name: 'Atlantic Coast Conference',
    shortName: 'ACC',
    teams: [makeTeam('mcb', 'duke-blue-devils', 'Duke Blue Devils Basketball', 'Duke')],
  },
  {
    id: 11,
    sportId: 8,
    name: 'Big Ten Conference',
    shortName: 'Big Ten',
    teams: [
      makeTeam('mcb', 'michigan-state-spartans', 'Michigan State Spartans Basketball', 'Michigan State'),
      makeTeam('mcb', 'purdue-boilermakers', 'Purdue Boilermakers Basketball', 'Purdue'),
    ],
  },
]);

export const cf = sport(9, 'cf', 'College Football', true, []);
export const premier = sport(7, 'premier-league', 'Premier League', false, []);

export const sports: Sport[] = [nfl, premier, mcb, cf];

export const topics: Topic[] = ['Golf', 'Tennis', 'Formula 1', 'NASCAR', 'UFC'].map((name, index) => ({
  id: index + 1,
  name,
  slug: name.toLowerCase().replace(/\s+/g, '-'),
  iconColor: '#333333',
  sendtonewsKey: null,
  snackKey: null,
}));
