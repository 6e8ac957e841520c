// The app's one podcast player: core's clientPlayer makes it once per client (over an <audio> element
// it adds to the page), so every component gets the same instance and playback survives re-renders.
import { clientPlayer, type Player } from '@sportspyder/core';
import { useClient } from '@sportspyder/react';

export function usePlayer(): Player {
  return clientPlayer(useClient());
}
