import { describe, expect, it } from 'vitest';
import { createServiceApp } from '@mfd/service-kit';

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
}

async function probe(logLevel: string) {
  const lines: string[] = [];
  const app = createServiceApp({ name: 'probe', logLevel, logStream: { write: (l) => lines.push(l) } });
  app.get('/api/things', { config: { public: true } }, async () => ({ ok: true }));
  app.get('/livez', { config: { public: true } }, async () => ({ status: 'ok' }));
  await app.ready();
  const requestLines = () =>
    lines.map((l) => JSON.parse(l) as Line).filter((l) => l.req !== undefined || l.msg.includes('request'));
  return { app, requestLines };
}

describe('request logs', () => {
  it('when a request is answered, then it is logged once, at info, with method, URL, status, time and request id', async () => {
    const { app, requestLines } = await probe('info');
    await app.inject({ method: 'GET', url: '/api/things?q=1', headers: { 'x-request-id': 'req-log-1' } });
    const logged = requestLines();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 30,
      reqId: 'req-log-1',
      req: { method: 'GET', url: '/api/things' },
      res: { statusCode: 200 },
    });
    expect(logged[0]!.responseTime).toBeTypeOf('number');
    await app.close();
  });

  it('when an orchestrator probe is answered, then it is logged at debug only', async () => {
    const atInfo = await probe('info');
    await atInfo.app.inject({ method: 'GET', url: '/livez' });
    expect(atInfo.requestLines()).toEqual([]);
    await atInfo.app.close();

    const atDebug = await probe('debug');
    await atDebug.app.inject({ method: 'GET', url: '/livez' });
    expect(atDebug.requestLines()).toMatchObject([{ level: 20, req: { url: '/livez' } }]);
    await atDebug.app.close();
  });
});
