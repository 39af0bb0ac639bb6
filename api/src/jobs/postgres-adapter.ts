import type { Db } from 'pg-boss';
import type { Sql } from '../db/database';

type Row = Record<string, unknown>;
type Result = Row[] & { command?: string };

/**
 * pg-boss reads one snake_case column by name (the ids a retry copies into a new job); our
 * postgres.js client camelCases every column, so the raw name is put back beside it. Every
 * other column pg-boss reads it aliases in camelCase itself, which the transform leaves alone.
 */
const SNAKE_NAMES_READ = { newId: 'new_id' } as const;

function restoreSnakeNames(row: Row): Row {
  for (const [camel, snake] of Object.entries(SNAKE_NAMES_READ)) if (camel in row && !(snake in row)) row[snake] = row[camel];
  return row;
}

const JSON_TYPES = new Set([114, 3802]);
const MAX_DESCRIBED = 1_000;

/**
 * Values as node-postgres would send them. node-postgres sends every value as untyped text;
 * postgres.js learns each parameter's type and JSON-encodes whatever goes to a json or jsonb
 * parameter, so pg-boss's JSON text would be stored as a JSON string. Text meant for json is
 * therefore parsed here (and encoded again by postgres.js); other objects go as JSON text.
 */
function parameter(value: unknown, type: number | undefined): unknown {
  if (value === undefined) return null;
  if (type !== undefined && JSON_TYPES.has(type)) return typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  if (value === null || typeof value !== 'object' || value instanceof Date || value instanceof Uint8Array || Array.isArray(value)) return value;
  return JSON.stringify(value);
}

/**
 * pg-boss's database port backed by the app's postgres.js handle (or a transaction's), so pg-boss
 * shares the app's connection instead of opening a pg pool of its own. On the embedded PGlite
 * that is the only safe way in: the engine is one session behind one in-process connection (see
 * db/embedded-connection.ts), and a second client would share it. Statements without parameters go as simple
 * queries, so pg-boss's multi-statement DDL and locked blocks work; their results are flattened
 * the way pg-boss flattens node-postgres's.
 */
export function postgresJsDb(sql: Sql): Db {
  // Parameter types per statement text, learnt once (pg-boss has a fixed set of statements).
  const described = new Map<string, number[]>();
  const typesOf = async (handle: Sql, text: string): Promise<number[]> => {
    let types = described.get(text);
    if (!types) {
      types = (await handle.unsafe(text).describe()).types;
      if (described.size >= MAX_DESCRIBED) described.clear();
      described.set(text, types);
    }
    return types;
  };
  const run = async (handle: Sql, text: string, values: unknown[]) => {
    const types = values.length ? await typesOf(handle, text) : [];
    const result = (await handle.unsafe(text, values.map((v, i) => parameter(v, types[i])) as never[])) as unknown as Result | Result[];
    const multi = Array.isArray(result) && result.length > 0 && result.every((r) => Array.isArray(r));
    const rows = multi ? (result as Result[]).flat() : (result as Result);
    return { rows: rows.map(restoreSnakeNames) };
  };
  return {
    async executeSql(text: string, values: unknown[] = []) {
      // A block that opens its own transaction (BEGIN ... COMMIT in one text) and fails part way
      // leaves its connection inside an aborted transaction; it runs on a connection of its own,
      // rolled back on failure, so no later query inherits the abort. A transaction's handle
      // (no reserve) is already one connection, and its owner rolls it back.
      if (values.length > 0 || !/^\s*BEGIN\b/i.test(text) || typeof sql.reserve !== 'function') return run(sql, text, values);
      const connection = await sql.reserve();
      try {
        return await run(connection as unknown as Sql, text, values);
      } catch (err) {
        await connection.unsafe('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        connection.release();
      }
    },
  };
}
