/**
 * The demo accounts of the brief, seeded on first start and printed by `npm start`.
 * @module
 */

/** One demo account. */
export interface DemoAccount {
  /** What the account shows (member, PRO member, admin). */
  role: string;
  /** E-mail, also the sign-in username. */
  email: string;
  /** Username shown in the header. */
  username: string;
  /** Password. */
  password: string;
  /** Admin flag. */
  admin: boolean;
  /** PRO state. */
  proState: '' | 'paid';
  /** The API flag (API keys in the settings); the PRO demo account has it in development. */
  api?: boolean;
  /** Slugs of the teams the account follows, in order. */
  followingTeams: string[];
}

/** The seeded demo accounts: a member, a PRO member and an admin. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    role: 'member',
    email: 'demo@sportspyder.test',
    username: 'demo',
    password: 'sportspyder-demo',
    admin: false,
    proState: '',
    followingTeams: ['green-bay-packers', 'boston-celtics', 'new-york-yankees'],
  },
  {
    role: 'PRO member',
    email: 'pro@sportspyder.test',
    username: 'profan',
    password: 'sportspyder-pro',
    admin: false,
    proState: 'paid',
    api: true,
    followingTeams: [],
  },
  {
    role: 'admin',
    email: 'admin@sportspyder.test',
    username: 'admin',
    password: 'sportspyder-admin',
    admin: true,
    proState: '',
    followingTeams: [],
  },
];
