// Runs a benchmark's main and ends the process with its outcome: 0 when it resolved, 1 (after printing
// the error) when it failed. The benchmarks that start servers, loopback hosts or sockets call it: a
// handle left open by a library (an agent's keep-alive socket, a worker) must not keep a finished run
// waiting, nor hide a failure behind a hang.

/**
 * Runs `main`, then exits.
 *
 * @example
 * ```ts
 * runAndExit(main);
 * ```
 */
export function runAndExit(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
