// The numbers of spec 1 §9 as the shell reads them; a change here is a change of the spec.
import { describe, expect, it } from 'vitest';
import * as constants from '../constants.js';

describe('spec 1 §9 constants', () => {
  it('carries the documented values', () => {
    expect(constants).toMatchObject({
      POLL_INTERVAL_MS: 90_000,
      POLL_MAX_ROUNDS: 15,
      RECENT_EPISODES_MAX: 20,
      COMPLETED_EPISODES_MAX: 50,
      VOLUME_SAVE_DEBOUNCE_MS: 1_000,
      DEFAULT_SPEED: 1,
      DEFAULT_VOLUME: 0.5,
      PLAYBACK_SPEEDS: [1, 1.2, 1.5, 1.7, 2, 2.5],
      SKIP_BACK_S: 10,
      SKIP_FORWARD_S: 30,
      PROGRESS_SAVE_INTERVAL_MS: 1_000,
      PLAY_EVENT_INTERVAL_MS: 20_000,
      AUTO_CONTINUE_WINDOW_MS: 10_800_000,
      SOURCE_RELOAD_AFTER_PAUSE_MS: 60_000,
      COMPLETION_THRESHOLD_S: 60,
      NOTIFICATION_BADGE_CAP: 20,
      MENU_RECENT_LISTENS: 3,
      DASHBOARD_RECENT_LISTENS: 8,
      NAV_HOVER_OPEN_MS: 100,
      NAV_HOVER_CLOSE_MS: 200,
      MOBILE_SEARCH_FOCUS_MS: 110,
      TOAST_DURATION_MS: 2_500,
      AD_REFRESH_UNFOCUSED_MS: 30_000,
      MOBILE_MAX_WIDTH: 767,
      TABLET_MIN_WIDTH: 768,
      TABLET_MAX_WIDTH: 1080,
      PLAYER_MAX_WIDTH: 996,
      NAV_HIDE_SCROLL_PX: 150,
      STICKY_AD_MIN_HEIGHT_MOBILE: 560,
      STICKY_AD_MIN_HEIGHT_DESKTOP: 780,
      SIGNED_OUT_TOAST: 'Signed out successfully',
    });
    expect(constants.VIDEO_PROVIDER_SPORTS).toHaveLength(9);
    expect(constants.proTrialBannerText(3)).toBe(
      'Enjoy your PRO membership features free for the next 3 days',
    );
  });
});
