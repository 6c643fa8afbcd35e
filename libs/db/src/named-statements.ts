import type { CompiledQuery, Kysely, PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/** The texts of the hot reads run as named statements, and each one's name. */
const names = new Map<string, string>();
/** More texts than the code has such reads means one varies: the rest run unnamed, as before. */
const MAX_NAMED = 200;

/**
 * Runs a hot Kysely query as a named statement: each connection has PostgreSQL parse it once and
 * keep it (and, unless the pool asks for custom plans, its plan), where Kysely's statements are
 * parsed and planned on every run. In a transaction too: it runs on the transaction's connection.
 * Its text must not vary from run to run (no `in` list of varying length: `anyId`), and it names
 * its columns: a kept `select *` fails once a migration adds a column.
 */
export async function executeNamed<R>(
  db: Pick<Kysely<object>, 'executeQuery'>,
  name: string,
  query: CompiledQuery<R>,
): Promise<R[]> {
  if (!names.has(query.sql) && names.size < MAX_NAMED) names.set(query.sql, `${name}_${names.size}`);
  return (await db.executeQuery(query)).rows;
}

/**
 * The pool as Kysely's dialect sees it: a query whose text `executeNamed` registered goes to
 * PostgreSQL as that named statement; every other one as it came.
 */
export function namingPool(pool: pg.Pool): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  // Kysely's client type overloads a cursor's query, which passes through as it came.
  const naming = (client: pg.PoolClient): PostgresPoolClient => ({
    query: ((text: string, values: unknown[]) => {
      const name = names.get(text);
      return name ? client.query({ name, text, values }) : client.query(text, values);
    }) as unknown as PostgresPoolClient['query'],
    release: () => client.release(),
  });
  return {
    connect: async () => {
      const client = await pool.connect();
      let named = clients.get(client);
      if (!named) clients.set(client, (named = naming(client)));
      return named;
    },
    end: () => pool.end(),
  };
}
