import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DocumentType } from '@mfd/contracts';
import type { InquiryDB } from '../../data/db';

export interface StoredDocument {
  id: string;
  tenant_id: string;
  stem_id: string;
  filename: string;
  content_type: DocumentType;
  size_bytes: number;
  uploaded_at: Date;
}

/**
 * Where a stem's documents (the BDN's PDF or image) are kept. One small interface so an object
 * store can replace the database later; `save` runs in the caller's transaction, so the document
 * and its audit row exist together.
 */
export interface DocumentStore {
  save(
    trx: Kysely<InquiryDB>,
    doc: {
      tenant_id: string;
      stem_id: string;
      filename: string;
      content_type: DocumentType;
      uploaded_by: string;
    },
    content: Buffer,
  ): Promise<StoredDocument>;
  read(
    db: Kysely<InquiryDB>,
    tenantId: string,
    stemId: string,
    id: string,
  ): Promise<{ doc: StoredDocument; content: Buffer } | null>;
}

/** Documents as bytea rows of the stem_documents table (at most 10 MB each, so the database copes). */
export const databaseDocumentStore: DocumentStore = {
  async save(trx, doc, content) {
    const row = await trx
      .insertInto('stem_documents')
      .values({ ...doc, id: randomUUID(), size_bytes: content.length, content })
      .returning(['id', 'tenant_id', 'stem_id', 'filename', 'content_type', 'size_bytes', 'uploaded_at'])
      .executeTakeFirstOrThrow();
    return { ...row, content_type: row.content_type as DocumentType };
  },
  async read(db, tenantId, stemId, id) {
    const row = await db
      .selectFrom('stem_documents')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('stem_id', '=', stemId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    const { content, uploaded_by: _by, ...doc } = row;
    return { doc: { ...doc, content_type: doc.content_type as DocumentType }, content };
  },
};
