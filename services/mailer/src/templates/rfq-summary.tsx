import { Button, Section, Text } from '@react-email/components';
import type { CSSProperties, ReactNode } from 'react';
import { formatPortAndUtc, type RfqMailFacts, formatTonnesRange } from '@mfd/contracts';
import { buttonStyle, paragraph, PlainLink } from './layout';
import type { TemplateContext } from './template';

/** "Singapore (SGSIN)"; whichever of the two is known; TBD when neither is. */
export function portLabel(rfq: RfqMailFacts): string {
  if (rfq.port_name && rfq.port_unlocode) return `${rfq.port_name} (${rfq.port_unlocode})`;
  return rfq.port_name ?? rfq.port_unlocode ?? 'TBD';
}

/** "MV Ocean Star at Singapore", for sentences; the vessel alone while the port is open. */
export function vesselAtPort(rfq: RfqMailFacts): string {
  const port = rfq.port_name ?? rfq.port_unlocode;
  return port ? `${rfq.vessel_name} at ${port}` : rfq.vessel_name;
}

/** The supplier's personal offer page; a base64url token passes encodeURIComponent unchanged. */
export function offerLink(ctx: TemplateContext, token: string): string {
  return new URL(`/offer/${encodeURIComponent(token)}`, ctx.appUrl).toString();
}

export const heading: CSSProperties = { ...paragraph, fontSize: 16, fontWeight: 700, margin: '24px 0 8px' };
const cell: CSSProperties = {
  color: '#111827',
  fontSize: 14,
  lineHeight: '20px',
  padding: '6px 12px 6px 0',
  textAlign: 'left',
  verticalAlign: 'top',
};
const headCell: CSSProperties = { ...cell, borderBottom: '1px solid #d1d5db', color: '#374151' };
const labelCell: CSSProperties = { ...cell, color: '#6b7280' };

/** Free text a user typed (terms, notes): its line breaks kept, its markup escaped by JSX. */
export function MultiLine({ text }: { text: string }) {
  const lines = text.split(/\r?\n/);
  return (
    <>
      {lines.map((line, i) => (
        <span key={i}>
          {line}
          {i < lines.length - 1 && <br />}
        </span>
      ))}
    </>
  );
}

/**
 * A table the text part lays out in columns too (React Email's plain-text conversion formats
 * `data-text-format="dataTable"` as a data table, every other table as blocks).
 */
export function DataTable({ head, rows }: { head?: string[]; rows: ReactNode[][] }) {
  return (
    <table
      data-text-format="dataTable"
      cellPadding={0}
      cellSpacing={0}
      style={{ borderCollapse: 'collapse', width: '100%', margin: '0 0 8px' }}
    >
      {head && (
        <thead>
          <tr>
            {head.map((title) => (
              <th key={title} style={headCell}>
                {title}
              </th>
            ))}
          </tr>
        </thead>
      )}
      <tbody>
        {rows.map((row, r) => (
          <tr key={r}>
            {row.map((value, c) => (
              <td key={c} style={!head && c === 0 ? labelCell : cell}>
                {value}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Vessel, port and the port call's times in port time and UTC ('TBD' while a time is not known). */
export function PortCall({
  rfq,
  times = ['eta', 'etb', 'etd'],
}: {
  rfq: RfqMailFacts;
  times?: ('eta' | 'etb' | 'etd')[];
}) {
  const rows: ReactNode[][] = [['Vessel', rfq.vessel_name]];
  if (rfq.imo) rows.push(['IMO', rfq.imo]);
  rows.push(['Port', portLabel(rfq)]);
  for (const time of times) rows.push([time.toUpperCase(), formatPortAndUtc(rfq[time], rfq.port_timezone)]);
  return <DataTable rows={rows} />;
}

/** The fuel lines as asked: grade, ISO spec, min–max tonnes. */
export function FuelLines({ rfq }: { rfq: RfqMailFacts }) {
  return (
    <DataTable
      head={['Grade', 'ISO spec', 'Quantity']}
      rows={rfq.products.map((p) => [
        p.product_name,
        p.iso_spec,
        formatTonnesRange(p.quantity_mt_min, p.quantity_mt_max),
      ])}
    />
  );
}

/** The whole inquiry as a supplier prices it, with the trader's notes for suppliers and the time offers are due. Never a customer. */
export function RfqSummary({ rfq, replyBy }: { rfq: RfqMailFacts; replyBy: string }) {
  return (
    <>
      <Text style={heading}>Port call</Text>
      <PortCall rfq={rfq} />
      <Text style={heading}>Fuel requested</Text>
      <FuelLines rfq={rfq} />
      {rfq.selling_terms && (
        <>
          <Text style={heading}>Selling terms</Text>
          <Text style={paragraph}>
            <MultiLine text={rfq.selling_terms} />
          </Text>
        </>
      )}
      {rfq.supplier_notes && (
        <>
          <Text style={heading}>Notes</Text>
          <Text style={paragraph}>
            <MultiLine text={rfq.supplier_notes} />
          </Text>
        </>
      )}
      <Text style={heading}>Reply by</Text>
      <Text style={paragraph}>{formatPortAndUtc(replyBy, rfq.port_timezone)}</Text>
    </>
  );
}

/** The personal link as a button, and as a plain address for clients that show no buttons. */
export function OfferButton({ href, label }: { href: string; label: string }) {
  return (
    <>
      <Section style={{ margin: '24px 0' }}>
        <Button href={href} style={buttonStyle}>
          {label}
        </Button>
      </Section>
      <PlainLink href={href} />
      <Text style={paragraph}>
        This link is personal to your company: please do not forward it. You can revise your offer through it
        until the reply-by time.
      </Text>
    </>
  );
}
