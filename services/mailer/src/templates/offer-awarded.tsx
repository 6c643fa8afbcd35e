import { Link, Text } from '@react-email/components';
import type { DeliveryMethod, MailTemplate } from '@mfd/contracts';
import { formatTonnesRange, formatUsd } from './format-amounts';
import { Layout, paragraph } from './layout';
import { DataTable, heading, MultiLine, PortCall, vesselAtPort } from './rfq-summary';
import { Signature } from './signature';
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

/** The winner's confirmation: what was agreed, so both sides hold the same record of it. */
export const offerAwarded: TemplateDefinition<Data> = {
  subject: (data) => `Offer accepted: ${vesselAtPort(data.rfq)}`,
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
            formatUsd(line.price_per_mt),
            DELIVERY_LABELS[line.delivery_method],
          ])}
        />
        <DataTable
          rows={[
            ['Barging charges', formatUsd(data.barging_charges)],
            ['Other charges', formatUsd(data.other_charges)],
            [
              'Total stem cost (at the maximum quantities)',
              <strong key="total">{formatUsd(data.total_stem_cost)}</strong>,
            ],
            ['Payment terms', data.payment_terms ? <MultiLine text={data.payment_terms} /> : 'As offered'],
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
