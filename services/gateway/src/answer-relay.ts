import type { IncomingHttpHeaders, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Dispatcher } from 'undici';
import { serviceAnswerHeaders } from '@mfd/service-kit';
import { SECURITY_HEADERS } from './plugins/security-headers';

/** Characters Node refuses in a header value; @fastify/http-proxy strips them from upstream answers. */
const INVALID_HEADER_CHARS = /[^\t\x20-\x7E\x80-\xFF]/g;
const HAS_INVALID_HEADER_CHAR = /[^\t\x20-\x7E\x80-\xFF]/;

function sanitized(value: string | string[]): string | string[] {
  if (Array.isArray(value)) return value.map((v) => sanitized(v) as string);
  return HAS_INVALID_HEADER_CHAR.test(value) ? value.replace(INVALID_HEADER_CHARS, '') : value;
}

/** The answer's headers as the Fastify path sends them: security headers, the service's, then the service kit's. */
export function answerHeaders(upstream: IncomingHttpHeaders, id: string, url: string): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = { ...SECURITY_HEADERS };
  for (const name in upstream) {
    const value = upstream[name];
    if (name !== 'transfer-encoding' && value !== undefined) out[name] = sanitized(value);
  }
  return Object.assign(out, serviceAnswerHeaders(id, url));
}

/** Why a request to a service is dropped: its client went away first. */
const CLIENT_LEFT = new Error('the client went away');

/**
 * The service's answer written into the client's response as undici reads it off the socket: the
 * status and headers as the Fastify path sends them, each chunk as it comes, paused while the
 * client's socket is full. An undici dispatch handler, not `request` and a pipe: without the body
 * stream, its pipe and the promise in between, a bare proxy spent 66.5 us of CPU a request instead
 * of 70.1 (bench/README.md, gateway overhead). A client gone before the end drops the request (the
 * rest is not read, as reply-from does); a failure before the answer started is answered by
 * `failed`, one after it cuts the client's socket.
 */
export class AnswerRelay implements Dispatcher.DispatchHandler {
  private controller: Dispatcher.DispatchController | undefined;
  private ended = false;
  private left = false;

  constructor(
    private readonly res: ServerResponse,
    private readonly id: string,
    private readonly url: string,
    private readonly failed: (err: Error & { code?: string }) => void,
  ) {}

  /** The client's response closed: a request still going is dropped. */
  clientLeft(): void {
    if (this.ended) return;
    this.left = true;
    this.controller?.abort(CLIENT_LEFT);
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.left) controller.abort(CLIENT_LEFT);
  }

  onResponseStart(
    controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: IncomingHttpHeaders,
  ): void {
    // An informational answer (103 Early Hints) is passed over, as undici's request() does.
    if (statusCode < 200) return;
    this.res.writeHead(statusCode, answerHeaders(headers, this.id, this.url));
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.res.write(chunk)) return;
    controller.pause();
    this.res.once('drain', () => controller.resume());
  }

  onResponseEnd(): void {
    this.ended = true;
    this.res.end();
  }

  onResponseError(controller: Dispatcher.DispatchController, err: Error & { code?: string }): void {
    this.ended = true;
    if (this.left || this.res.destroyed) return;
    if (this.res.headersSent) this.res.destroy(err);
    else this.failed(err);
  }
}
