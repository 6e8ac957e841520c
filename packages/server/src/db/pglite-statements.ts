/**
 * Named prepared statements on PGlite, so a statement the server sends again and again is parsed and
 * planned once instead of on every request.
 *
 * `PGlite.query` sends every statement as the unnamed statement of the extended protocol, so
 * PostgreSQL parses and plans it on every call. For the one-statement pages of issue 15 the planning
 * was most of the cost: a team's news page took 11 ms as sent by `query` and 2 ms as a named statement
 * (scripts/bench/profile.ts, 10,000 articles; docs/benchmarks.md). PostgreSQL's plan cache does the
 * rest: each named statement keeps one generic plan (`PLAN_CACHE_MODE` in `pglite-database.ts`), made
 * again by PostgreSQL itself after a schema change or a change of `search_path`.
 *
 * A statement is prepared the second time its text is seen (a text seen once, such as a migration or
 * a list built for one request, is not worth a name), and at most {@link MAX_PREPARED} are kept; the
 * least recently used one is closed when another is added. Everything runs under PGlite's own locks,
 * exactly as `PGlite.query` does: the transaction lock and the query lock outside a transaction, the
 * query lock inside one.
 * @module
 */
import { type PGlite, parse, protocol } from '@electric-sql/pglite';

/** How many named statements are kept open at once (each holds its parse tree and cached plan). */
export const MAX_PREPARED = 400;

/** A statement's text is prepared on this sighting (the first is sent as PGlite sends it). */
export const PREPARE_ON_SIGHTING = 2;

/** How many distinct texts are remembered while waiting for their second sighting. */
const MAX_SIGHTED = 4000;

type BackendMessage = Awaited<ReturnType<PGlite['execProtocol']>>['messages'][number];

interface Prepared {
  name: string;
  /** Type OIDs of the parameters, to serialise them as PGlite does. */
  paramTypes: number[];
  /** The RowDescription (or NoData) of the statement, reused for every run. */
  description: BackendMessage | undefined;
}

// The locks of PGlite that `query` takes (not in its public types; see the module comment).
interface PGliteLocks {
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
}

const NO_SYNC = { syncToFs: false } as const;

/** The named statements of one PGlite instance. */
export class PGliteStatements {
  private readonly prepared = new Map<string, Prepared>();
  private readonly sighted = new Map<string, number>();
  private nextId = 0;

  /**
   * @param pglite The instance to prepare on.
   * @param maxPrepared How many named statements to keep (tests use a small number).
   */
  constructor(
    private readonly pglite: PGlite,
    private readonly maxPrepared = MAX_PREPARED,
  ) {}

  /**
   * Runs `sql` as a named statement if it has been seen before, or answers undefined (the caller then
   * sends it with `PGlite.query`, and this counts the sighting). `inTransaction` says whether the caller
   * holds PGlite's transaction lock already (a statement of `PGlite.transaction`).
   *
   * @example
   * ```ts
   * const rows = (await statements.run(sql, params, false)) ?? (await pglite.query(sql, params)).rows;
   * ```
   */
  async run<T>(sql: string, params: unknown[], inTransaction: boolean): Promise<T[] | undefined> {
    if (!this.prepared.has(sql)) {
      const seen = (this.sighted.get(sql) ?? 0) + 1;
      if (seen < PREPARE_ON_SIGHTING) {
        if (this.sighted.size >= MAX_SIGHTED) this.sighted.clear();
        this.sighted.set(sql, seen);
        return undefined;
      }
    }
    const locks = this.pglite as unknown as PGliteLocks;
    const work = () => locks._runExclusiveQuery(() => this.execute<T>(sql, params));
    let rows: T[];
    try {
      rows = inTransaction ? await work() : await locks._runExclusiveTransaction(work);
    } catch (error) {
      // A table of the statement changed shape since it was prepared (`SELECT *` after a column was
      // added): PostgreSQL refuses to run the old statement; forget it and let PGlite send the text.
      if (!isChangedResultType(error)) throw error;
      await this.forget(sql);
      if (inTransaction) throw error;
      return undefined;
    }
    // As PGlite.query does after a statement outside a transaction.
    if (!inTransaction) await this.pglite.syncToFs();
    return rows;
  }

  // Under PGlite's query lock: prepares the statement if needed, then binds and executes it.
  private async execute<T>(sql: string, params: unknown[]): Promise<T[]> {
    const pglite = this.pglite;
    let statement = this.prepared.get(sql);
    const messages: BackendMessage[] = [];
    let synced = false;
    try {
      if (statement === undefined) {
        statement = await this.prepare(sql);
      } else {
        // Most recently used last: the first entry is the one to close.
        this.prepared.delete(sql);
        this.prepared.set(sql, statement);
      }
      const { paramTypes } = statement;
      const values = params.map((param, i) => {
        if (param === null || param === undefined) return null;
        // Bytes are a parameter in the binary format already (`binaryArray`): PGlite sends them as they are.
        if (param instanceof Uint8Array) return param;
        const serialize = pglite.serializers[paramTypes[i] ?? 0];
        return serialize ? serialize(param) : String(param);
      });
      if (statement.description) messages.push(statement.description);
      // Bind, Execute and Sync in one buffer: PGlite's backend reads every message of its input in one
      // call, and each call into it has a fixed cost (a one-row statement: 61 µs in three calls, 51 µs
      // in one). An error in Bind or Execute makes the backend skip to the Sync, so the exchange ends
      // either way.
      const exchange = Buffer.concat([
        protocol.serialize.bind({ statement: statement.name, values }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]);
      synced = true;
      messages.push(...(await pglite.execProtocol(exchange, NO_SYNC)).messages);
    } finally {
      // Ends the extended-protocol exchange after an error before the Bind (as PGlite.query does).
      if (!synced) await pglite.execProtocol(protocol.serialize.sync(), NO_SYNC);
    }
    return (parse.parseResults(messages, pglite.parsers)[0]?.rows ?? []) as T[];
  }

  /** Closes the named statement of `sql` (under the query lock). */
  private async forget(sql: string): Promise<void> {
    const statement = this.prepared.get(sql);
    if (statement === undefined) return;
    this.prepared.delete(sql);
    const locks = this.pglite as unknown as PGliteLocks;
    await locks._runExclusiveQuery(() => this.close(statement.name));
  }

  private async close(name: string): Promise<void> {
    try {
      await this.closeUnsynced(name);
    } finally {
      await this.pglite.execProtocol(protocol.serialize.sync(), NO_SYNC);
    }
  }

  // Inside an exchange that sends its own Sync (execute's).
  private async closeUnsynced(name: string): Promise<void> {
    await this.pglite.execProtocol(protocol.serialize.close({ type: 'S', name }), NO_SYNC);
  }

  private async prepare(sql: string): Promise<Prepared> {
    const pglite = this.pglite;
    if (this.prepared.size >= this.maxPrepared) {
      const [oldestSql, oldest] = this.prepared.entries().next().value as [string, Prepared];
      this.prepared.delete(oldestSql);
      await this.closeUnsynced(oldest.name);
    }
    const name = `ss_${++this.nextId}`;
    await pglite.execProtocol(protocol.serialize.parse({ name, text: sql }), NO_SYNC);
    const described = (await pglite.execProtocol(protocol.serialize.describe({ type: 'S', name }), NO_SYNC))
      .messages;
    const statement: Prepared = {
      name,
      paramTypes: parse.parseDescribeStatementResults(described),
      description: described.find((m) => m.name === 'rowDescription'),
    };
    this.prepared.set(sql, statement);
    this.sighted.delete(sql);
    return statement;
  }
}

/** PostgreSQL's "cached plan must not change result type" (feature_not_supported). */
function isChangedResultType(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: unknown }).code === '0A000' &&
    /cached plan must not change result type/.test(String((error as { message?: unknown }).message))
  );
}
