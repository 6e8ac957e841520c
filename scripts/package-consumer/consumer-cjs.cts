// The CommonJS side of the consumer (node16 only): `require` gets the .d.cts declarations.
import core = require('@sportspyder/core');
import contract = require('@sportspyder/contract');
import react = require('@sportspyder/react');

const client = core.createClient({ baseUrl: 'https://sportspyder.example' });
export const badge: string = core.formatBadgeCount(client.session.getSnapshot().user?.notificationsCount);
export const provider: typeof react.SportSpyderProvider = react.SportSpyderProvider;
export const schema: typeof contract.ErrorList = contract.ErrorList;
