import { Link, Text } from '@react-email/components';
import type { ReactNode } from 'react';
import {
  CHARGE_KIND_LABELS,
  chargeTerms,
  indexFormula,
  paymentText,
  type DeliveryMethod,
  type MailTemplate,
  formatTonnesRange,
  formatUsd,
} from '@mfd/contracts';
import { Layout, paragraph } from './layout';
import { DataTable, heading, MultiLine, PortCall, vesselAtPort } from './rfq-summary';
import { Signature } from './signature';
import { awardedSubject } from './subjects';
import type { TemplateDefinition } from './template';

type Data = Extract<MailTemplate, { template: 'offer-awarded' }>['data'];

const DELIVERY_LABELS: Record<DeliveryMethod, string> = {
  barge: 'Barge',
  truck: 'Truck',
  pipeline: 'Pipeline',
  'ex-wharf': 'Ex-wharf',
};

function Agent({ data }: { data: Data }) {
  if (!data.agent_name && !data.agent_email) return <>To be advised</>;
  return (
    <>
      {data.agent_name}
      {data.agent_name && data.agent_email && ', '}
      {data.agent_email && <Link href={`mailto:${data.agent_email}`}>{data.agent_email}</Link>}
    </>
  );
}

type Line = Data['lines'][number];
type Charge = Data['charges'][number];

/** A fixed price, or the index and differential an index-linked line is priced at. */
const linePrice = (line: Line) =>
  line.price_per_mt !== null
    ? formatUsd(line.price_per_mt)
    : indexFormula(line.index_name ?? 'Index', line.differential ?? '0');

const orPending = (amount: string | null) =>
  amount === null ? 'To be priced with the index' : formatUsd(amount);

const chargeAmount = (charge: Charge) =>
  charge.contingent ? 'As incurred (not in the total)' : orPending(charge.amount_usd);

/** "Barging (VLSFO): note", naming the grades a charge applies to when not every grade. */
function chargeName(charge: Charge): string {
  const grades = charge.product_names ? ` (${charge.product_names.join(', ')})` : '';
  return `${CHARGE_KIND_LABELS[charge.kind]}${grades}${charge.note ? `: ${charge.note}` : ''}`;
}

/** The structured terms and the free text, as the supplier gave them. */
function payment(data: Data): ReactNode {
  const parts = [data.payment && paymentText(data.payment), data.payment_terms].filter(Boolean);
  return parts.length ? <MultiLine text={parts.join('\n')} /> : 'As offered';
}

/** The winner's confirmation: what was agreed, so both sides hold the same record of it. */
export const offerAwarded: TemplateDefinition<Data> = {
  subject: (data) => awardedSubject(data.rfq),
  body(data, ctx) {
    return (
      <Layout preview={`Your offer for ${vesselAtPort(data.rfq)} has been accepted`}>
        <Text style={paragraph}>Dear {data.supplier_name},</Text>
        <Text style={paragraph}>
          We are pleased to confirm that your offer for {vesselAtPort(data.rfq)} has been accepted on the
          terms below.
        </Text>
        <Text style={heading}>Port call</Text>
        <PortCall rfq={data.rfq} />
        <Text style={heading}>Agreed stem</Text>
        <DataTable
          head={['Grade', 'ISO spec', 'Quantity', 'Price per MT', 'Delivery']}
          rows={data.lines.map((line) => [
            line.product_name,
            line.iso_spec,
            formatTonnesRange(line.quantity_mt_min, line.quantity_mt_max),
            linePrice(line),
            DELIVERY_LABELS[line.delivery_method],
          ])}
        />
        {data.charges.length > 0 && (
          <>
            <Text style={heading}>Charges</Text>
            <DataTable
              head={['Charge', 'Terms', 'Amount']}
              rows={data.charges.map((charge) => [
                chargeName(charge),
                chargeTerms(charge, formatUsd),
                chargeAmount(charge),
              ])}
            />
          </>
        )}
        <DataTable
          rows={[
            ['Fuel cost', orPending(data.fuel_cost)],
            ['Charges', orPending(data.charges_cost)],
            [
              'Total landed cost (at the maximum quantities)',
              <strong key="total">{orPending(data.total_landed_cost)}</strong>,
            ],
            ['Payment terms', payment(data)],
            ['Agent', <Agent key="agent" data={data} />],
          ]}
        />
        {data.notes && (
          <>
            <Text style={heading}>Notes from the trader</Text>
            <Text style={paragraph}>
              <MultiLine text={data.notes} />
            </Text>
          </>
        )}
        <Text style={paragraph}>Please confirm receipt by replying to this e-mail.</Text>
        <Signature signature={ctx.signature} />
      </Layout>
    );
  },
};
