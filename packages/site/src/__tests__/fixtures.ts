// Test data and the msw server of the site tests: the session, sports with teams, topics, page views
// and the team lookup with a legacy slug (oakland-raiders → las-vegas-raiders).
import type { Session, Sport, Team, Topic, User } from '@sportspyder/contract';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';

export const API = 'http://localhost';

let nextId = 1;
export function makeTeam(
  sportSlug: string,
  slug: string,
  fullName: string,
  location: string,
  count = 0,
): Team {
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
    count,
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

export const packers = makeTeam('nfl', 'green-bay-packers', 'Green Bay Packers', 'Green Bay', 5);
export const raiders = makeTeam('nfl', 'las-vegas-raiders', 'Las Vegas Raiders', 'Las Vegas');
export const lakers = makeTeam('nba', 'los-angeles-lakers', 'Los Angeles Lakers', 'Los Angeles', 3);
export const orlandoCity = makeTeam('mls', 'orlando-city', 'Orlando City SC', 'Orlando');
export const duke = makeTeam('mcb', 'duke-blue-devils', 'Duke Blue Devils Basketball', 'Duke');

function sport(id: number, slug: string, name: string, isCollege: boolean): Sport {
  return {
    id,
    slug,
    name,
    logo: `/logos/sports/${slug}.svg`,
    isCollege,
    twitterAccount: null,
    sendtonewsKey: null,
    snackKey: null,
  };
}

export const sports: Sport[] = [
  {
    ...sport(1, 'nfl', 'NFL', false),
    divisions: [
      { id: 1, sportId: 1, name: 'NFC North', teams: [packers] },
      { id: 2, sportId: 1, name: 'AFC West', teams: [raiders] },
    ],
  },
  { ...sport(2, 'nba', 'NBA', false), divisions: [{ id: 50, sportId: 2, name: 'League', teams: [lakers] }] },
  {
    ...sport(5, 'mls', 'MLS', false),
    divisions: [{ id: 56, sportId: 5, name: 'Unnamed', teams: [orlandoCity] }],
  },
  {
    ...sport(8, 'mcb', 'College Basketball', true),
    conferences: [{ id: 10, sportId: 8, name: 'Atlantic Coast Conference', shortName: 'ACC', teams: [duke] }],
  },
];

export const topics: Topic[] = ['Golf', 'Tennis', 'Formula 1'].map((name, index) => ({
  id: index + 1,
  name,
  slug: name.toLowerCase().replace(/\s+/g, '-'),
  iconColor: '#333333',
  sendtonewsKey: null,
  snackKey: null,
}));

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    username: 'demo',
    email: 'demo@sportspyder.test',
    displayName: null,
    linksInNewWindow: false,
    notificationsCount: 0,
    admin: false,
    pro: false,
    proState: '',
    proDaysLeft: null,
    proSince: null,
    api: false,
    chatColor: 'Default',
    chatProBadge: false,
    chatProfanityFilter: true,
    chatAcceptedRules: false,
    chatHidden: false,
    fantasyTeams: [],
    followingTeams: [],
    suggestedTeams: [],
    podcastListens: { recents: [], completed: [], times: {}, episode: null },
    ...overrides,
  };
}

export const signedOutSession: Session = {
  id: 'anon',
  version: '1.0.0',
  loggedIn: false,
  user: null,
  promoTeams: [],
  exp: null,
};

export function signedInSession(user: User = makeUser()): Session {
  return { ...signedOutSession, id: 'member', loggedIn: true, user };
}

/** What the fake server answers; tests change it. */
export const backend: { session: Session; sessionDelay: Promise<void> | null; requests: string[] } = {
  session: signedOutSession,
  sessionDelay: null,
  requests: [],
};

const list = <T>(key: string, items: T[]) => ({
  [key]: items,
  meta: { pagination: { page: 1, perPage: items.length, totalPages: 1, totalCount: items.length } },
});

const allTeams = [packers, raiders, lakers, orlandoCity, duke];

export const server = setupServer(
  http.get(`${API}/api/v1/session`, async () => {
    backend.requests.push('GET session');
    if (backend.sessionDelay) await backend.sessionDelay;
    return HttpResponse.json({ session: backend.session });
  }),
  http.post(`${API}/api/v1/session`, async ({ request }) => {
    const body = (await request.json()) as { username: string; password: string };
    backend.requests.push(`POST session ${body.username}`);
    if (body.password !== 'right') {
      return HttpResponse.json(
        { errors: [{ code: 'invalid_credentials', field: 'password', title: 'Invalid email or password' }] },
        { status: 422 },
      );
    }
    backend.session = signedInSession();
    return HttpResponse.json({ session: backend.session });
  }),
  http.delete(`${API}/api/v1/session`, () => {
    backend.requests.push('DELETE session');
    backend.session = signedOutSession;
    return HttpResponse.json({ session: backend.session });
  }),
  http.get(`${API}/api/v1/sports`, () => HttpResponse.json(list('sports', sports))),
  http.get(`${API}/api/v1/topics`, () => HttpResponse.json(list('topics', topics))),
  // The embed configurator's hashes: not built in unit tests (its own test answers with a release).
  http.get('*/widgets/integrity.json', () => HttpResponse.json({ errors: [] }, { status: 404 })),
  http.post(`${API}/api/v1/user/views`, () => HttpResponse.json({ view: { id: 1 } }, { status: 201 })),
  // The profile's notification messages: none unless a test says otherwise.
  http.get(`${API}/api/v1/profile/notifications`, () => HttpResponse.json(list('notifications', []))),
  // The signed-in sessions card of /settings/password (issue 47); its own test answers a real list.
  http.get(`${API}/api/v1/profile/sessions`, () => HttpResponse.json({ sessions: [] })),
  // The spoiler shield (issue 49): every shield off unless a test says otherwise.
  http.get(`${API}/api/v1/profile/spoiler_shields`, () => HttpResponse.json({ teams: [] })),
  http.get(`${API}/api/v1/teams/:id`, ({ params }) => {
    backend.requests.push(`GET team ${params.id}`);
    if (params.id === 'oakland-raiders')
      return HttpResponse.json({ team: raiders, redirectedFrom: 'oakland-raiders' });
    const team = allTeams.find((t) => t.slug === params.id);
    if (team) return HttpResponse.json({ team });
    return HttpResponse.json({ errors: [{ title: 'Team not found', code: 'not_found' }] }, { status: 404 });
  }),
  http.get(`${API}/api/v1/limited`, () =>
    HttpResponse.json(
      { errors: [{ title: 'Too many requests', code: 'rate_limited' }] },
      { status: 429, headers: { 'Retry-After': '30' } },
    ),
  ),
);
