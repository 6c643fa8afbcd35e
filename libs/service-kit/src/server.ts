import type { FastifyInstance } from 'fastify';
import { serveMetrics } from './metrics';

/**
 * Listens (and serves the app's metrics on `metricsPort`), and on SIGTERM/SIGINT closes the app
 * (its onClose hooks stop workers and pools) before exiting, so in-flight requests and jobs finish.
 */
export async function runServer(
  app: FastifyInstance,
  listen: { host: string; port: number; metricsPort: number },
  onClosed: () => Promise<void> = async () => {},
): Promise<void> {
  const metrics = await serveMetrics(app.metrics, { host: listen.host, port: listen.metricsPort }, app.log);
  app.log.info({ port: metrics.port }, 'metrics listening on /metrics');
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long, exiting');
      process.exit(1);
    }, 25_000);
    timer.unref();
    try {
      await app.close();
      await metrics.close();
      await onClosed();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ host: listen.host, port: listen.port });
}
