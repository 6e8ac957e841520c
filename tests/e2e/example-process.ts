// Runs the examples of examples/ the way their READMEs tell a developer to: `node <script>` with the
// SportSpyder server's URL in SPORTSPYDER_URL. A long-running example (a page server) is started on a
// free port and handed back once it printed its address; a one-shot script is run to its end.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository root: examples resolve `@sportspyder/*` from its node_modules, as in a checkout. */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** A running example server. */
export interface ExampleServer {
  /** The address it printed (e.g. `http://127.0.0.1:43121/`). */
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts `node <script>` (a path under the repository root) with PORT=0 and `env`, and resolves with
 * the first http URL it prints.
 */
export function startExample(script: string, env: Record<string, string>): Promise<ExampleServer> {
  const child: ChildProcess = spawn(process.execPath, [script], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${script} printed no address within 10 s:\n${output}`));
    }, 10_000);
    const onData = (chunk: Buffer) => {
      output += chunk;
      // Only whole lines: a chunk may end in the middle of the address.
      const url = /https?:\/\/[^\s)]+(?=[^\n]*\n)/.exec(output)?.[0];
      if (url) {
        clearTimeout(timer);
        resolve({ url, stop });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code}:\n${output}`));
    });
  });
}

/** Runs `node <script> ...args` to its end; resolves with its output, rejects with it on failure. */
export function runExample(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [script, ...args],
      { cwd: repoRoot, env: { ...process.env, ...env }, timeout: 30_000 },
      (error, stdout, stderr) => {
        if (error) reject(Object.assign(error, { stdout, stderr }));
        else resolve({ stdout, stderr });
      },
    );
  });
}
