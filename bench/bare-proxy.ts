import http from 'node:http';
import { Pool } from 'undici';

/**
 * The cheapest HTTP hop a Node process can be: node:http in, an undici pool out (what the gateway's
 * proxy uses), no framework, checks or logging. `gateway-overhead` measures it in front of the same
 * directory as the floor under any gateway of this stack (a node:http client out measured no
 * cheaper). Its own process: `UPSTREAM=http://127.0.0.1:port node --import tsx bench/bare-proxy.ts`
 * prints its port.
 */
const upstream = new URL(process.env.UPSTREAM ?? '');
const pool = new Pool(upstream.origin, { connections: 64 });
const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'host'];

const server = http.createServer((req, res) => {
  const headers = { ...req.headers };
  for (const name of HOP_BY_HOP) delete headers[name];
  pool
    .request({
      path: req.url ?? '/',
      method: (req.method ?? 'GET') as 'GET',
      headers,
      body: req.method === 'GET' || req.method === 'HEAD' ? null : req,
    })
    .then((answer) => {
      const out = { ...answer.headers };
      for (const name of HOP_BY_HOP) delete out[name];
      res.writeHead(answer.statusCode, out as http.OutgoingHttpHeaders);
      answer.body.pipe(res);
    })
    .catch(() => res.writeHead(502).end());
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') console.log(address.port);
});
// The bench stops it with SIGTERM: an orderly exit, so that --cpu-prof (BENCH_NODE_OPTIONS) writes its profile.
process.once('SIGTERM', () => process.exit(0));
