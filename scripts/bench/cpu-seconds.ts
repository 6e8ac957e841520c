// CPU time of process trees on this machine, from /proc: the benchmarks' measure of what a request or a
// stored item costs, for machines with too few cores to show scaling in throughput.
import { readdirSync, readFileSync } from 'node:fs';

/** The fields of /proc/<pid>/stat after the command name, or null when the process is gone. */
function statFields(pid: number): string[] | null {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
  } catch {
    return null;
  }
}

// After the command name is cut off, field n of stat(5) is at index n - 3: ppid 4, utime 14, stime 15,
// cutime 16, cstime 17 (cutime and cstime: children that exited and were waited for).
const TICKS = 100;

/** CPU seconds (user + system) a process has used so far; 0 when unreadable. */
export function cpuSeconds(pid: number | undefined): number {
  const fields = pid === undefined ? null : statFields(pid);
  return fields ? (Number(fields[11]) + Number(fields[12])) / TICKS : 0;
}

/**
 * CPU seconds of a process and all its descendants so far: the living ones, and those that exited and
 * were waited for (a cluster's web processes, PostgreSQL's backends after their connection closed).
 * /proc is read once: every process's stat, then the tree is walked from `pid`.
 */
export function treeCpuSeconds(pid: number): number {
  const stats = new Map<number, string[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(Number(entry));
    if (fields) stats.set(Number(entry), fields);
  }
  const children = new Map<number, number[]>();
  for (const [child, fields] of stats) {
    const parent = Number(fields[1]);
    children.set(parent, [...(children.get(parent) ?? []), child]);
  }
  let total = 0;
  const walk = (at: number) => {
    const fields = stats.get(at);
    if (!fields) return;
    total += (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / TICKS;
    for (const child of children.get(at) ?? []) walk(child);
  };
  walk(pid);
  return total;
}

/**
 * The pid of the PostgreSQL server a connection talks to (the parent of its backend), or null when it
 * runs on another machine.
 */
export async function postmasterPid(db: {
  query: (sql: string) => Promise<{ rows: unknown[] }>;
}): Promise<number | null> {
  const { rows } = await db.query('SELECT pg_backend_pid() AS pid');
  const backend = Number((rows[0] as { pid: number } | undefined)?.pid);
  const fields = Number.isFinite(backend) ? statFields(backend) : null;
  return fields ? Number(fields[1]) : null;
}
