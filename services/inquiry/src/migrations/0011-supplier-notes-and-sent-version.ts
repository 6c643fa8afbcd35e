import { sql, type Kysely } from 'kysely';

/**
 * Notes for suppliers (apart from the internal commentary), and the inquiry as its suppliers were
 * last told it: edits of a sent inquiry wait as pending changes until the trader sends one
 * amendment, and until then offer pages and new invitations show this version. An inquiry sent
 * before now was told to its suppliers as it stands (every edit was mailed at once), so that is
 * its sent version.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('inquiries')
    .addColumn('supplier_notes', 'text')
    .addColumn('sent_version', 'jsonb')
    .execute();
  await sql`
    update inquiries i set sent_version = jsonb_build_object(
      'vessel_name', i.vessel_name, 'imo', i.imo, 'port_name', i.port_name,
      'port_unlocode', i.port_unlocode, 'port_timezone', i.port_timezone,
      'eta', to_jsonb(i.eta), 'etb', to_jsonb(i.etb), 'etd', to_jsonb(i.etd),
      'selling_terms', i.selling_terms, 'supplier_notes', null,
      'lines', coalesce((
        select jsonb_agg(jsonb_build_object(
          'id', p.id, 'product_name', p.product_name, 'iso_spec', p.iso_spec,
          'quantity_mt_min', p.quantity_mt_min::text, 'quantity_mt_max', p.quantity_mt_max::text
        ) order by p.position)
        from inquiry_products p where p.inquiry_id = i.id
      ), '[]'::jsonb))
    where exists (select 1 from inquiry_recipients r where r.inquiry_id = i.id)`.execute(db);
}
