/**
 * A pino-shaped logger that writes nothing, for servers built inside a test (the cable tests).
 * @module
 */

/** Logs nothing at any level; `child()` is itself. */
export const silentLogger = {
  level: 'silent',
  fatal() {},
  error() {},
  warn() {},
  info() {},
  debug() {},
  trace() {},
  silent() {},
  child() {
    return silentLogger;
  },
} as never;
