import { beforeAll, describe, expect, it } from 'vitest';
import { buildApiDocument } from '../../../scripts/openapi-document';

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
}

type ApiDocument = Awaited<ReturnType<typeof buildApiDocument>>;

const ERROR_REF = '#/components/schemas/ErrorResponse';

/** The contract a client developer reads: the merged document the gateway serves at /api/docs/openapi.json. */
describe('the API document as a contract', () => {
  let doc: ApiDocument;
  let operations: Array<{ name: string; op: Operation }>;

  beforeAll(async () => {
    doc = await buildApiDocument();
    operations = Object.entries(doc.paths ?? {}).flatMap(([path, ops]) =>
      Object.entries(ops as Record<string, Operation>).map(([method, op]) => ({
        name: `${method.toUpperCase()} ${path}`,
        op,
      })),
    );
  });

  it('when any operation is read, then it has a summary, a camelCase operationId of its own and described tags', () => {
    expect(operations.length).toBeGreaterThan(60);
    const described = new Map((doc.tags ?? []).map((t) => [t.name, t.description]));
    const ids = new Map<string, string>();
    for (const { name, op } of operations) {
      expect(op.summary?.trim(), name).toBeTruthy();
      expect(op.operationId, name).toMatch(/^[a-z][a-zA-Z]+$/);
      expect(ids.get(op.operationId ?? ''), `${name} shares its operationId`).toBeUndefined();
      ids.set(op.operationId ?? '', name);
      expect(op.tags?.length, name).toBeGreaterThan(0);
      for (const tag of op.tags ?? []) expect(described.get(tag), `tag "${tag}" of ${name}`).toBeTruthy();
    }
  });

  it('when any operation is read, then it documents a 4xx answer, and every error answer has the error shape', () => {
    for (const { name, op } of operations) {
      const errors = Object.keys(op.responses).filter((status) => /^[45]/.test(status));
      expect(
        errors.some((s) => s.startsWith('4')),
        name,
      ).toBe(true);
      // Signed-in operations (no security of their own: the document's bearer) can always answer 401.
      if (!op.security) expect(errors, name).toContain('401');
      for (const status of errors) {
        const schema = op.responses[status]?.content?.['application/json']?.schema ?? {};
        // The richer errors: a closed offer link's 410 adds the link's state and its trader to the
        // shape, a closed acknowledgement link's its state, an award's 409 the revision the offer is
        // at now (and which offer, for a split award).
        const shape = schema.$ref ?? Object.keys((schema.properties as object | undefined) ?? {}).join(',');
        expect(
          [
            ERROR_REF,
            'success,detail,state,trader',
            'success,detail,state',
            'success,detail,errors,current_revision,offer_id',
          ],
          `${status} of ${name}`,
        ).toContain(shape);
      }
    }
  });

  it('when the supplier’s offer link is looked for, then both its operations are there, public', () => {
    const path = doc.paths?.['/api/public/offers/{token}'] as Record<string, Operation> | undefined;
    expect(Object.keys(path ?? {}).sort()).toEqual(['get', 'post']);
    expect(path?.get?.security).toEqual([]);
    expect(path?.post?.security).toEqual([]);
    expect(Object.keys(path?.post?.responses ?? {})).toEqual(['200', '400', '404', '410', '429', '5XX']);
    // A superseded link answers 410 to a read too.
    expect(Object.keys(path?.get?.responses ?? {})).toEqual(['200', '404', '410', '429', '5XX']);
  });

  it('when the document is read, then it names its server, licence and what it describes', () => {
    expect(doc.servers).toEqual([{ url: '/', description: 'This gateway' }]);
    expect(doc.info?.license?.name).toBeTruthy();
    expect(doc.info?.description).toContain('ErrorResponse');
    expect(Object.keys(doc.components?.schemas ?? {})).toContain('ErrorResponse');
  });
});
