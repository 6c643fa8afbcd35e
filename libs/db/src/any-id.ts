import { sql, type RawBuilder } from 'kysely';

/**
 * `column = any($1::uuid[])`: the ids travel as one parameter however many there are. An `in` list
 * takes a parameter each, and PostgreSQL refuses a statement with more than 65,535 (a report over a
 * busy company's quarter reads more offers than that).
 */
export function anyId(column: string, ids: readonly string[]): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(column)} = any(${ids}::uuid[])`;
}
