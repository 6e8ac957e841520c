// A small app on the published packages, type-checked by scripts/check-packages.mjs against the packed
// tarballs under moduleResolution node16 and bundler (never run): what a README's first example does.
import type { ErrorList, Session } from '@sportspyder/contract';
import { Session as SessionSchema } from '@sportspyder/contract';
import { createClient, formatBadgeCount, type SessionSnapshot } from '@sportspyder/core';
import { memoryStorage } from '@sportspyder/core/testing';
import { SportSpyderProvider, useSession } from '@sportspyder/react';
import { type RunningServer, startServer } from '@sportspyder/server';

const client = createClient({ baseUrl: 'https://sportspyder.example', storage: memoryStorage() });
const snapshot: SessionSnapshot = client.session.getSnapshot();
const badge: string = formatBadgeCount(snapshot.user?.notificationsCount);
const schemaKind: string = SessionSchema.type;
const firstError = (list: ErrorList): string | undefined => list.errors[0]?.title;

function Account() {
  const { loggedIn, session } = useSession();
  const current: Session | null = session;
  return <span>{loggedIn ? current?.user?.username : `Sign in ${badge}`}</span>;
}

export const page = (
  <SportSpyderProvider client={client}>
    <Account />
  </SportSpyderProvider>
);

export async function serve(): Promise<string> {
  const server: RunningServer = await startServer({ config: { port: 0 }, memory: true, logger: false });
  await server.close();
  return `${server.url} ${schemaKind} ${firstError({ errors: [{ code: 'blank', title: 'Name is blank' }] })}`;
}
