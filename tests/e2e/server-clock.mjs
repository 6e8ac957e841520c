// Preloaded into the browser tests' server (`node --import`): lets a test move the server's clock.
// Each SIGUSR2 toggles an offset of SERVER_CLOCK_STEP_MS (default 7 hours) on `Date`, so every demo
// source is due for its next fetch at once (the ingest schedule waits 5 minutes to 6 hours between
// fetches) and a feed file the test changed is ingested within one scheduler tick; the next SIGUSR2
// puts the clock back. Timers and performance.now() are not touched.
const RealDate = Date;
const step = Number(process.env.SERVER_CLOCK_STEP_MS) || 7 * 60 * 60 * 1000;
let offset = 0;

class ShiftedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + offset);
    else super(...args);
  }

  static now() {
    return RealDate.now() + offset;
  }
}

globalThis.Date = ShiftedDate;
process.on('SIGUSR2', () => {
  offset = offset === 0 ? step : 0;
});
