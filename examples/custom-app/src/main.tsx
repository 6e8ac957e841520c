// Entry of the team dashboard: one SportSpyder client for the whole app, shared through the provider.
import { createClient } from '@sportspyder/core';
import { SportSpyderProvider } from '@sportspyder/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The styles of the components the dashboard uses (cards, games box, player controls).
import '@sportspyder/react/content.css';
import '@sportspyder/react/player.css';
import { App } from './App.js';
import './app.css';

// No options: the API is this page's origin (Vite forwards /api and /cable to SportSpyder).
const client = createClient();
// Reads the session and the sports and teams, and opens the realtime socket chat uses.
void client.start();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SportSpyderProvider client={client}>
      <App />
    </SportSpyderProvider>
  </StrictMode>,
);
