import type pg from 'pg';

/**
 * A statement a hot path runs for every item (the mailer's, twice a mail): prepared once per
 * pooled connection under its name, so PostgreSQL keeps its parse and plan and each run only binds
 * and executes (about 40% of the server's time for these). These few skip Kysely altogether and go
 * to the pool directly; a hot Kysely query is named with `executeNamed`. The text is fixed, so a
 * connection holds one plan per name.
 */
export function preparedStatement<Row extends object>(pool: pg.Pool, name: string, text: string) {
  return async (values: unknown[]): Promise<Row[]> => (await pool.query<Row>({ name, text, values })).rows;
}
