interface OpenApiDocument {
  openapi?: string;
  info?: { title?: string; version?: string };
  paths?: Record<string, unknown>;
  components?: Record<string, Record<string, unknown> | undefined>;
  tags?: Array<{ name: string }>;
  security?: unknown;
}

/**
 * One OpenAPI document for the whole API from each service's own: paths are owned by exactly
 * one service, components are merged by name (the services share one contracts library, so a
 * same-named schema is the same schema), and each operation is tagged with its service.
 */
export function mergeOpenApi(docs: Record<string, OpenApiDocument>, version: string): OpenApiDocument {
  const merged: Required<Pick<OpenApiDocument, 'paths' | 'components' | 'tags'>> & OpenApiDocument = {
    openapi: '3.0.3',
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
