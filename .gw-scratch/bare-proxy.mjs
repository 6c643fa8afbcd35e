import Fastify from 'fastify';
import replyFrom from '@fastify/reply-from';
const app = Fastify({ logger: false });
await app.register(replyFrom, { base: process.env.UPSTREAM, disableRequestLogging: true });
app.get('/api/products', (request, reply) => reply.from(request.url, {
  rewriteRequestHeaders: (req, headers) => ({ ...headers, 'x-forwarded-for': '127.0.0.1', 'x-gateway-auth': process.env.SECRET }),
}));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
