import type { DNSResolver } from 'mailauth';
import { spf } from 'mailauth/lib/spf/index.js';

/** What mailauth asks DNS: `resolve(name, type)` as `dns.promises.resolve` answers it. */
export type DnsResolver = DNSResolver;

/** The SPF results of RFC 7208 2.6; only `fail` keeps a mail apart. */
export type SpfResult = 'pass' | 'fail' | 'softfail' | 'neutral' | 'none' | 'temperror' | 'permerror';

/** DNS answers that mean "no such record": the rest (no server, a timeout, a refusal) mean "no answer". */
const NO_RECORD = new Set(['ENOTFOUND', 'ENODATA']);

/**
 * A resolver that fails closed to "no record" where DNS cannot be asked (an offline machine, a
 * DNS outage): SPF then says `none`, and a mail is never kept apart because the check could not run.
 */
export function offlineSafeResolver(resolve: DnsResolver): DnsResolver {
  return async (name, type) => {
    try {
      return await resolve(name, type);
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code && NO_RECORD.has(code)) throw err;
      throw Object.assign(new Error(`no DNS answer for ${name} ${type}`), { code: 'ENOTFOUND' });
    }
  };
}

/**
 * The SPF result for the client that sent a mail (the envelope sender's domain, or the HELO name
 * for a bounce's empty sender), bounded in time: past `timeoutMs` it is `temperror`.
 */
export async function checkSpf(
  resolver: DnsResolver,
  client: { ip: string; sender: string | null; helo: string | null; mta: string },
  timeoutMs: number,
): Promise<SpfResult> {
  try {
    const result = await spf({
      ip: client.ip,
      sender: client.sender ?? '',
      helo: client.helo ?? '',
      mta: client.mta,
      resolver,
      maxElapsedTime: timeoutMs,
    });
    return result.status.result as SpfResult;
  } catch {
    return 'temperror';
  }
}
