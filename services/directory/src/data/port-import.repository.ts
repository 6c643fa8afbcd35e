import { sql, type Kysely } from 'kysely';
import type { PortRow } from '../domain/ports/unlocode-row';
import type { Actor } from './actor';
import type { DirectoryDB } from './db';

export interface ImportedPort extends PortRow {
  timezone: string;
}

const IMPORTED_TEXT = [
  'unlocode',
  'name',
  'name_ascii',
  'country',
  'subdivision',
  'functions',
  'status',
  'timezone',
] as const;
const IMPORTED_DEGREES = ['lat', 'lon'] as const;

/** One array per column, in the order above: a batch of thousands of ports travels as ten parameters. */
function columnArrays(ports: ImportedPort[]) {
  return sql.join([
    ...IMPORTED_TEXT.map((key) => sql`${ports.map((p) => p[key])}::text[]`),
    ...IMPORTED_DEGREES.map((key) => sql`${ports.map((p) => p[key])}::float8[]`),
  ]);
}

/**
 * Inserts new shared ports and updates changed ones in one statement per batch; unchanged rows are
 * not written. Answers how many were inserted and updated (the rest were unchanged).
 */
export async function upsertImportedPorts(
  db: Kysely<DirectoryDB>,
  ports: ImportedPort[],
  actor: Actor,
): Promise<{ inserted: number; updated: number }> {
  if (ports.length === 0) return { inserted: 0, updated: 0 };
  const written = await db
    .with('written', (qb) =>
      qb
        .insertInto('ports')
        .columns([...IMPORTED_TEXT, ...IMPORTED_DEGREES, 'id', 'source', 'created_by', 'created_by_tenant'])
        .expression(
          sql`select *, gen_random_uuid(), 'unlocode', ${actor.userId}::uuid, ${actor.tenantId}::uuid
            from unnest(${columnArrays(ports)})`,
        )
        // The import writes shared ports: a code is unique among them (a company's own port of the
        // same code is merged into the shared one afterwards, see port-review.repository).
        .onConflict((oc) =>
          oc
            .column('unlocode')
            .where('tenant_id', 'is', null)
            .doUpdateSet((eb) => ({
              name: eb.ref('excluded.name'),
              name_ascii: eb.ref('excluded.name_ascii'),
              country: eb.ref('excluded.country'),
              subdivision: eb.ref('excluded.subdivision'),
              functions: eb.ref('excluded.functions'),
              status: eb.ref('excluded.status'),
              lat: eb.ref('excluded.lat'),
              lon: eb.ref('excluded.lon'),
              timezone: eb.ref('excluded.timezone'),
              updated_at: new Date(),
            }))
            .where(
              sql<boolean>`(ports.name, ports.name_ascii, ports.subdivision, ports.functions, ports.status, ports.lat, ports.lon, ports.timezone)
                is distinct from (excluded.name, excluded.name_ascii, excluded.subdivision, excluded.functions, excluded.status, excluded.lat, excluded.lon, excluded.timezone)`,
            ),
        )
        .returning(sql<boolean>`xmax = 0`.as('inserted')),
    )
    .selectFrom('written')
    .select([
      sql<number>`count(*) filter (where inserted)::int`.as('inserted'),
      sql<number>`count(*)::int`.as('written'),
    ])
    .executeTakeFirstOrThrow();
  return { inserted: written.inserted, updated: written.written - written.inserted };
}
