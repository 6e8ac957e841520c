/**
 * The player components of `@sportspyder/react`: play button (Play, Loading, Playing, Completed),
 * transport controls, seek slider, speed select and volume control, plus hooks over a core player.
 * They are small, take their data in props and compile under `preact/compat` (the player embed
 * reuses them); their styles are in `@sportspyder/react/player.css`.
 * @module
 */
export * from './PlayButton.js';
export * from './PlayerControls.js';
export * from './PlayerIcons.js';
export * from './player-format.js';
export * from './SeekSlider.js';
export * from './SpeedSelect.js';
export * from './usePlayer.js';
export * from './VolumeControl.js';
