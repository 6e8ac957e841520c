/**
 * Entry of `chat-frame.js`, the chat embed's page bundle (Preact, at most 45 KB gzipped with the
 * core's client and chat): `/embed/chat` renders the frame, `/embed/chat/signin` the sign-in popup.
 * Options come from the page's own URL; the theme is the frame's (`auto` follows the reader's
 * scheme), and the partner page may change it by a `theme` message.
 * @module
 */
import { h, render } from 'preact';
import { ChatFrame, reportToParent } from './ChatFrame.js';
import { createFrameClient } from './frame-client.js';
import { CHAT_FRAME_CSS } from './frame-styles.js';
import { CHAT_THEMES, type ChatTheme, readMessage } from './protocol.js';
import { SignInPopup } from './SignInPopup.js';

const query = new URLSearchParams(location.search);
const root = document.getElementById('sportspyder-chat') ?? document.body;
const style = document.createElement('style');
style.textContent = CHAT_FRAME_CSS;
document.head.appendChild(style);

let theme = (
  CHAT_THEMES.includes(query.get('theme') as ChatTheme) ? query.get('theme') : 'auto'
) as ChatTheme;
const scheme = matchMedia('(prefers-color-scheme: dark)');
const applyTheme = () => {
  document.documentElement.dataset.scheme = theme === 'auto' ? (scheme.matches ? 'dark' : 'light') : theme;
};
scheme.addEventListener('change', applyTheme);
applyTheme();

if (location.pathname.endsWith('/signin')) {
  render(h(SignInPopup, { parent: query.get('parent') }), root);
} else {
  const [sport = '', team = ''] = (query.get('team') ?? '').split('/');
  const channel = Number(query.get('channel'));
  // The server served this page only for an allowed parent origin.
  const parent = query.get('parent') ?? '';
  addEventListener('message', (event) => {
    const message = readMessage(event, window.parent, parent);
    if (message?.type === 'theme') {
      theme = message.theme;
      applyTheme();
    }
  });
  render(
    h(ChatFrame, {
      frame: createFrameClient(),
      params: { sport, team, channel: channel > 0 ? channel : null, parent },
    }),
    root,
  );
  reportToParent(parent);
}
