import { describe, expect, it } from 'vitest';
import { apiDocument, mergeOpenApi, TAG_DESCRIPTIONS } from './openapi-merge';

describe('merging the services’ OpenAPI documents', () => {
  it('when two services document their paths, then one document holds both, each operation tagged with its service', () => {
    const merged = mergeOpenApi(
      {
        identity: {
          paths: { '/api/auth/login': { post: { tags: ['auth'] } } },
          components: { securitySchemes: { bearer: { type: 'http' } } },
        },
        inquiry: {
          paths: { '/api/dashboard': { get: {} } },
          components: { schemas: { Dashboard: { type: 'object' } } },
        },
      },
      '1.2.3',
    );
    expect(merged.info).toEqual({ title: 'Marine Fuel Distribution API', version: '1.2.3' });
    expect(merged.paths).toEqual({
      '/api/auth/login': { post: { tags: ['identity', 'auth'] } },
      '/api/dashboard': { get: { tags: ['inquiry'] } },
    });
    expect(merged.components).toEqual({
      securitySchemes: { bearer: { type: 'http' } },
      schemas: { Dashboard: { type: 'object' } },
    });
    expect(merged.tags).toEqual([{ name: 'identity' }, { name: 'inquiry' }]);
  });
});

describe('the API document the gateway serves', () => {
  it('when services are merged, then only the tags in use are listed, each described, with the server and licence', () => {
    const doc = apiDocument({
      identity: { paths: { '/api/auth/login': { post: { tags: ['auth'] } } } },
      inquiry: {},
    });
    expect(doc.tags).toEqual([
      { name: 'identity', description: TAG_DESCRIPTIONS.identity },
      { name: 'auth', description: TAG_DESCRIPTIONS.auth },
    ]);
    expect(doc.servers).toEqual([{ url: '/', description: 'This gateway' }]);
    expect(doc.info).toMatchObject({
      title: 'Marine Fuel Distribution API',
      license: { name: 'Proprietary' },
    });
  });

  it('when an operation has a tag nobody described, then the tag is listed without a description', () => {
    const doc = apiDocument({ inquiry: { paths: { '/api/x': { get: { tags: ['new thing'] } } } } });
    expect(doc.tags).toContainEqual({ name: 'new thing' });
  });
});
