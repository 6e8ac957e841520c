// The demo video player (served as /demo/video-player.js; issue 17): a demo video has no footage, so its
// page plays a clock over the video's length, with a play/pause button, a time readout and a progress
// bar, and speaks the part of YouTube's iframe postMessage API the site listens to. When the framing
// page (the site itself: same origin only) posts {"event":"listening","id":...}, the player answers
// initialDelivery and onReady, then reports onStateChange (-1 unstarted, 1 playing, 2 paused, 0 ended)
// and infoDelivery (playerState, currentTime, duration, playbackRate), and obeys the commands
// playVideo, pauseVideo and seekTo. Messages from any other origin or window are ignored; posts name
// the page's own origin, never '*'. Keys: Space or K plays and pauses, the arrows seek 5 s.
(() => {
  const root = document.querySelector('[data-demo-player]');
  if (!root) return;
  const button = root.querySelector('[data-demo-toggle]');
  const elapsed = root.querySelector('[data-demo-elapsed]');
  const bar = root.querySelector('[data-demo-progress]');
  const status = root.querySelector('[data-demo-status]');
  const duration = Math.max(1, Number(root.getAttribute('data-duration')) || 60);
  const origin = window.location.origin;
  const UNSTARTED = -1;
  const ENDED = 0;
  const PLAYING = 1;
  const PAUSED = 2;
  // How often a playing player reports its time, as YouTube's does.
  const REPORT_MS = 250;
  const SEEK_S = 5;

  let state = UNSTARTED;
  /** The position when the clock last started or stopped, in seconds. */
  let offset = 0;
  /** performance.now() when playing last started. */
  let startedAt = 0;
  let listenerId = null;
  let timer = null;

  const clock = () => window.performance.now();

  function currentTime() {
    if (state !== PLAYING) return offset;
    return Math.min(duration, offset + (clock() - startedAt) / 1000);
  }

  function format(seconds) {
    const total = Math.floor(seconds);
    return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
  }

  function post(event, info) {
    if (listenerId === null || window.parent === window) return;
    window.parent.postMessage(JSON.stringify({ event, info, id: listenerId, channel: 'widget' }), origin);
  }

  function info() {
    return { playerState: state, currentTime: currentTime(), duration, playbackRate: 1 };
  }

  function render() {
    const now = currentTime();
    elapsed.textContent = format(now);
    bar.value = now;
    const label = state === PLAYING ? 'Pause' : state === ENDED ? 'Replay' : 'Play';
    button.textContent = label;
    button.setAttribute('aria-label', `${label} video`);
  }

  function schedule() {
    if (timer !== null) window.clearTimeout(timer);
    timer = null;
    if (state !== PLAYING) return;
    const left = (duration - currentTime()) * 1000;
    timer = window.setTimeout(tick, Math.max(0, Math.min(REPORT_MS, left)));
  }

  function tick() {
    timer = null;
    if (state !== PLAYING) return;
    if (currentTime() >= duration) {
      setState(ENDED);
      return;
    }
    render();
    post('infoDelivery', { currentTime: currentTime() });
    schedule();
  }

  function setState(next) {
    offset = next === ENDED ? duration : currentTime();
    state = next;
    if (next === PLAYING) startedAt = clock();
    status.textContent = next === PLAYING ? 'Playing' : next === ENDED ? 'Ended' : 'Paused';
    render();
    post('onStateChange', next);
    post('infoDelivery', info());
    schedule();
  }

  function play() {
    if (state === PLAYING) return;
    if (state === ENDED || offset >= duration) offset = 0;
    setState(PLAYING);
  }

  function pause() {
    if (state === PLAYING) setState(PAUSED);
  }

  function toggle() {
    if (state === PLAYING) pause();
    else play();
  }

  function seek(seconds) {
    if (!Number.isFinite(seconds)) return;
    offset = Math.min(duration, Math.max(0, seconds));
    if (state === PLAYING) startedAt = clock();
    else if (state === ENDED && offset < duration) state = PAUSED;
    render();
    post('infoDelivery', info());
    schedule();
  }

  button.addEventListener('click', toggle);

  document.addEventListener('keydown', (event) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const onButton = event.target instanceof HTMLButtonElement;
    if ((event.key === ' ' && !onButton) || event.key === 'k' || event.key === 'K') {
      event.preventDefault();
      toggle();
    } else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      seek(currentTime() + (event.key === 'ArrowLeft' ? -SEEK_S : SEEK_S));
    }
  });

  window.addEventListener('message', (event) => {
    if (event.origin !== origin || event.source !== window.parent || window.parent === window) return;
    let data = event.data;
    if (typeof data === 'string') {
      try {
        data = JSON.parse(data);
      } catch {
        return;
      }
    }
    if (typeof data !== 'object' || data === null) return;
    if (data.event === 'listening') {
      listenerId = typeof data.id === 'string' || typeof data.id === 'number' ? data.id : 1;
      post('initialDelivery', info());
      post('onReady', null);
      return;
    }
    if (data.event !== 'command') return;
    const args = Array.isArray(data.args) ? data.args : [];
    if (data.func === 'playVideo') play();
    else if (data.func === 'pauseVideo') pause();
    else if (data.func === 'seekTo') seek(Number(args[0]));
  });

  render();
})();
