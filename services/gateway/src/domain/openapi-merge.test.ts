import { describe, expect, it } from 'vitest';
import { mergeOpenApi } from './openapi-merge';

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
