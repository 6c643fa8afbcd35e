import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Customers and supplier companies share one table: the spec's Customer is a company of type customer.
  await db.schema
    .createTable('companies')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('customer', 'supplier')`))
    .addColumn('legal_entity_name', 'text', (c) => c.notNull())
    .addColumn('brand_name', 'text')
    .addColumn('trading_name', 'text')
    .addColumn('contact_name', 'text')
    .addColumn('contact_position', 'text')
    .addColumn('contact_email', 'text')
    .addColumn('contact_phone', 'text')
    .addColumn('general_email', 'text')
    .addColumn('main_phone', 'text')
    .addColumn('website', 'text')
    .addColumn('address', 'text')
    .addColumn('city', 'text')
    .addColumn('state_province', 'text')
    .addColumn('country', 'char(2)')
    .addColumn('postal_code', 'text')
    .addColumn('registration_number', 'text')
    .addColumn('tax_id', 'text')
    .addColumn('notes', 'text')
    .addColumn('selling_terms', 'text', (c) => c.notNull().defaultTo('GT&C'))
    .addColumn('main_ship_type', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('active')
        .check(sql`status in ('active', 'inactive')`),
    )
    .addColumn('inquiry_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('search_text', 'text', (c) =>
      c
        .generatedAlwaysAs(
          sql`lower(legal_entity_name || ' ' || coalesce(brand_name, '') || ' ' || coalesce(trading_name, '') || ' ' || coalesce(general_email, '') || ' ' || coalesce(city, ''))`,
        )
        .stored(),
    )
    .addColumn('created_by', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`create index companies_tenant_type_name_idx on companies (tenant_id, type, lower(legal_entity_name)) where deleted_at is null`.execute(
    db,
  );
  await sql`create index companies_search_trgm_idx on companies using gin (search_text gin_trgm_ops)`.execute(
    db,
  );

  await db.schema
    .createTable('suppliers')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('company_id', 'uuid', (c) => c.notNull().references('companies.id'))
    .addColumn('trading_name', 'text', (c) => c.notNull())
    .addColumn('default_email', 'text', (c) => c.notNull())
    .addColumn('default_phone', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('active')
        .check(sql`status in ('active', 'inactive')`),
    )
    .addColumn('tags', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{General}'`))
    .addColumn('is_default_for_ports', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_by', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index suppliers_tenant_name_idx on suppliers (tenant_id, lower(trading_name))`.execute(db);

  await db.schema
    .createTable('supplier_contacts')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('supplier_id', 'uuid', (c) => c.notNull().references('suppliers.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('role', 'text')
    .addColumn('is_primary', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('supplier_contacts_supplier_idx')
    .on('supplier_contacts')
    .column('supplier_id')
    .execute();

  await db.schema
    .createTable('supplier_ports')
    .addColumn('supplier_id', 'uuid', (c) => c.notNull().references('suppliers.id').onDelete('cascade'))
    .addColumn('port_id', 'uuid', (c) => c.notNull().references('ports.id'))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('supplier_ports_pkey', ['supplier_id', 'port_id'])
    .execute();
  await db.schema
    .createIndex('supplier_ports_tenant_port_idx')
    .on('supplier_ports')
    .columns(['tenant_id', 'port_id'])
    .execute();
}
