import { Counter, type Registry } from 'prom-client';

const KINDS = ['new', 'revised'] as const;

/** Offers suppliers sent through their offer links: `kind` new (first revision) or revised. */
export function offerSubmissions(registry: Registry): Counter<'kind'> {
  const counter = new Counter({
    name: 'offer_submissions_total',
    help: 'Offers submitted through public offer links, new or revised',
    labelNames: ['kind'],
    registers: [registry],
  });
  // Both series exist from the start, so a rate over them reads 0 rather than no data.
  for (const kind of KINDS) counter.inc({ kind }, 0);
  return counter;
}

export const offerKind = (revision: number): (typeof KINDS)[number] => (revision === 1 ? 'new' : 'revised');
