/**
 * The first step of a web process's graceful stop inside a cluster: stop taking connections, then wait a
 * moment before closing anything.
 *
 * Why the wait: in a cluster the primary accepts the connections and hands them to the processes over
 * IPC, one at a time, waiting for each process's acknowledgement (Node's RoundRobinHandle). A connection
 * handed over just before this process said it stops listening still arrives here afterwards; the
 * process answers "not accepted" and the primary passes it to another process. A process that exits right
 * after closing can drop that answer, and the primary then keeps the connection open forever, unanswered
 * (the rolling-restart test lost a request in two runs of six that way; none in twelve with the wait,
 * four of them with both cores busy). Waiting lets those answers go out, and a keep-alive connection
 * between two requests is kept meanwhile (the app's close that follows cuts the idle ones).
 * @module
 */
import net from 'node:net';

/** How long a stopping web process keeps its connections open after it stopped listening, in ms. */
export const STOP_ACCEPTING_GRACE_MS = 1_500;

/**
 * Stops listening without closing any connection (unlike `http.Server.close`, which since Node 19 also
 * closes the idle ones), then waits `graceMs`.
 */
export async function stopAccepting(server: net.Server, graceMs = STOP_ACCEPTING_GRACE_MS): Promise<void> {
  if (!server.listening) return;
  await new Promise<void>((resolve) => {
    // net.Server's own close: the listening handle only. Its callback waits for every connection to
    // end, so it is not awaited; the app's close that follows ends them.
    net.Server.prototype.close.call(server);
    setTimeout(resolve, graceMs);
  });
}
