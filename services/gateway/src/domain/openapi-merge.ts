import { OPENAPI_VERSION } from '@mfd/service-kit';

interface Tag {
  name: string;
  description?: string;
}

interface OpenApiDocument {
  openapi?: string;
  info?: { title?: string; version?: string; description?: string; license?: Record<string, string> };
  servers?: Array<{ url: string; description?: string }>;
  paths?: Record<string, unknown>;
  components?: Record<string, Record<string, unknown> | undefined>;
  tags?: Tag[];
  security?: unknown;
}

/**
 * One OpenAPI document for the whole API from each service's own: paths are owned by exactly
 * one service, components are merged by name (the services share one contracts library, so a
 * same-named schema is the same schema), and each operation is tagged with its service.
 */
export function mergeOpenApi(docs: Record<string, OpenApiDocument>, version: string): OpenApiDocument {
  const merged: Required<Pick<OpenApiDocument, 'paths' | 'components' | 'tags'>> & OpenApiDocument = {
    openapi: OPENAPI_VERSION,
    info: { title: 'Marine Fuel Distribution API', version },
    paths: {},
    components: {},
    tags: [],
    security: [{ bearer: [] }],
  };
  for (const [service, doc] of Object.entries(docs)) {
    merged.tags.push({ name: service });
    for (const [path, operations] of Object.entries(doc.paths ?? {})) {
      const tagged = Object.fromEntries(
        Object.entries(operations as Record<string, { tags?: string[] }>).map(([method, op]) => [
          method,
          { ...op, tags: [service, ...(op.tags ?? [])] },
        ]),
      );
      merged.paths[path] = { ...(merged.paths[path] as object | undefined), ...tagged };
    }
    for (const [kind, entries] of Object.entries(doc.components ?? {})) {
      merged.components[kind] = { ...merged.components[kind], ...entries };
    }
  }
  return merged;
}

/** What each tag of the API holds: the services first, then the parts of the product. */
export const TAG_DESCRIPTIONS: Record<string, string> = {
  identity: 'Served by the identity service: accounts, sessions, profiles and the company as a team.',
  directory: 'Served by the directory service: customers, suppliers and the shared reference data.',
  inquiry:
    'Served by the inquiry service: inquiries, their distribution to suppliers, the offers and the notifications about them.',
  auth: 'Sign-up, sign-in and sign-out, e-mail verification, password reset, and joining a company through an invitation link. The public ones are rate-limited per address and e-mail.',
  profile: 'The signed-in user’s personal details, company details and e-mail signature.',
  company:
    'The signed-in user’s company as a team: its members and their roles, the invitations an administrator sends, and the company settings.',
  companies: 'The company’s own customer and supplier companies.',
  customers: 'The company’s customers: the buyers inquiries are made for.',
  suppliers: 'The company’s suppliers with their contacts and the ports they cover.',
  ports:
    'Ports (UN/LOCODE), shared by every company: anyone signed in reads and adds them, platform operators edit and import them.',
  vessels: 'Vessels by IMO number, shared by every company.',
  products: 'Fuel products, shared by every company: platform operators maintain the list.',
  admin: 'Company administration: sample data.',
  dashboard: 'The figures and recent activity on the start page.',
  inquiries:
    'The company’s inquiries, their fuel lines, and sending them to suppliers as requests for quotation.',
  offers: 'Suppliers’ offers on an inquiry: compare, their revisions, record one received by phone, award.',
  insights:
    'Reports on the company’s own offers: price history per port and grade, what was last done, exports.',
  notifications:
    'What the signed-in user is told about their inquiries (new, revised and expiring offers, failed supplier mails), and which of those also come by mail.',
  stems:
    'Stems: the deal an award confirms with each winning supplier (buy and sell prices, markup or commission, clauses, the confirmation), and the company’s clause library.',
  'public offers':
    'A supplier’s offer page, reached from the link in the RFQ mail without an account: the token in the path is the only credential.',
};

/**
 * The merged document as served at /api/docs/openapi.json: every tag described, and the API at
 * the gateway's own origin (a relative server, so the document holds wherever it is served).
 */
export function apiDocument(docs: Record<string, OpenApiDocument>, version = '0.1.0'): OpenApiDocument {
  const merged = mergeOpenApi(docs, version);
  const used = new Set(
    Object.values(merged.paths ?? {}).flatMap((operations) =>
      Object.values(operations as Record<string, { tags?: string[] }>).flatMap((op) => op.tags ?? []),
    ),
  );
  return {
    ...merged,
    info: {
      ...merged.info,
      description:
        'The Marine Fuel Distribution API behind the web app: every answer is JSON, and every error ' +
        'answer has the ErrorResponse shape (`success: false`, a `detail` sentence and, for invalid ' +
        'input, `errors` naming each field). Sign in with POST /api/auth/login and send the token ' +
        'as `Authorization: Bearer <token>`.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/', description: 'This gateway' }],
    tags: [
      ...Object.entries(TAG_DESCRIPTIONS)
        .filter(([name]) => used.has(name))
        .map(([name, description]) => ({ name, description })),
      // A tag nobody described is still listed; the lint and the contract test then name it.
      ...[...used].filter((name) => !(name in TAG_DESCRIPTIONS)).map((name) => ({ name })),
    ],
  };
}
