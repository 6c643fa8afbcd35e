/**
 * Whether a send failure will fail again however often it is retried. SMTP replies 5xx are
 * permanent (unknown mailbox, rejected content); 4xx replies, timeouts and connection errors
 * are temporary and worth a retry.
 */
export function isPermanentSmtpFailure(err: unknown): boolean {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** A one-line reason for the message record (never the whole SMTP transcript). */
export function describeSmtpFailure(err: unknown): string {
  const e = err as { responseCode?: number; code?: string; message?: string } | null;
  const parts = [e?.responseCode ? String(e.responseCode) : e?.code, e?.message?.split('\n')[0]].filter(
    Boolean,
  );
  return parts.join(' ') || 'unknown error';
}

/**
 * Whether a failed send may still have been delivered: the connection timed out or closed with
 * no reply, which can happen after the server took the message and before its 250 arrived.
 * A refused connection or an SMTP reply (4xx/5xx) means nothing was delivered.
 */
export function mayHaveBeenDelivered(err: unknown): boolean {
  const e = err as { responseCode?: unknown; code?: unknown; message?: unknown } | null;
  if (typeof e?.responseCode === 'number') return false;
  return (
    (e?.code === 'ETIMEDOUT' && e.message === 'Timeout') ||
    (e?.code === 'ECONNECTION' && e.message === 'Connection closed unexpectedly')
  );
}
