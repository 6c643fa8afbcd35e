import type pg from 'pg';

/**
 * A statement a hot path runs again and again (the mailer's, twice a mail; the port typeahead, on
 * every keystroke): prepared once per pooled connection under its name, so PostgreSQL keeps its
 * parse and, unless the pool asks for custom plans (`customPlans`), its plan, and each run only
 * binds and executes (about 40% of the server's time for the mailer's). Kysely cannot name a
 * statement, so these few go to the pool directly. The text is fixed, so a connection holds one
 * statement per name.
 */
export function preparedStatement<Row extends object>(pool: pg.Pool, name: string, text: string) {
  return async (values: unknown[]): Promise<Row[]> => (await pool.query<Row>({ name, text, values })).rows;
}
