import { parentPort, workerData } from 'node:worker_threads';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { SMTPServer } from 'smtp-server';

/**
 * The bench's SMTP sink, on a thread of its own: the services under test run in the bench's main
 * thread, and a sink sharing their event loop would answer late whenever they are busy (the
 * distribute calls), which no real SMTP server does. It reports each mail's recipients and the
 * (absolute) time it answered.
 */
const { delayMs } = workerData as { delayMs: number };
const port = parentPort!;

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  disableReverseLookup: true,
  logger: false,
  onData: (stream, session, callback) => {
    stream.on('data', () => undefined);
    stream.on('end', () => {
      const answer = () => {
        port.postMessage({
          type: 'mail',
          rcpt: session.envelope.rcptTo.map((r) => r.address),
          at: performance.timeOrigin + performance.now(),
        });
        callback();
      };
      if (delayMs > 0) setTimeout(answer, delayMs);
      else answer();
    });
  },
});

port.on('message', (message: { type: 'stop' }) => {
  if (message.type === 'stop') server.close(() => port.postMessage({ type: 'stopped' }));
});
server.listen(0, '127.0.0.1', () =>
  port.postMessage({ type: 'ready', port: (server.server.address() as AddressInfo).port }),
);
