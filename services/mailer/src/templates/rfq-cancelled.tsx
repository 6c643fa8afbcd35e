import { Text } from '@react-email/components';
import { formatPortAndUtc, type MailTemplate } from '@mfd/contracts';
import { Layout, paragraph } from './layout';
import { MultiLine, vesselAtPort } from './rfq-summary';
import { Signature } from './signature';
import { cancelledSubject } from './subjects';
import type { TemplateDefinition } from './template';

type Data = Extract<MailTemplate, { template: 'rfq-cancelled' }>['data'];

/** Tells a supplier an inquiry it was sent is off, so it stops working on a price. */
export const rfqCancelled: TemplateDefinition<Data> = {
  subject: (data) => cancelledSubject(data.rfq),
  body(data, ctx) {
    return (
      <Layout preview={`The inquiry for ${vesselAtPort(data.rfq)} was cancelled`}>
        <Text style={paragraph}>Dear {data.supplier_name},</Text>
        <Text style={paragraph}>
          The inquiry for {vesselAtPort(data.rfq)} (ETA{' '}
          {formatPortAndUtc(data.rfq.eta, data.rfq.port_timezone)}) that we sent you has been cancelled.
        </Text>
        {data.reason && (
          <Text style={paragraph}>
            Reason: <MultiLine text={data.reason} />
          </Text>
        )}
        <Text style={paragraph}>
          There is no need to reply, and your offer link no longer takes offers for it. Thank you for your
          time.
        </Text>
        <Signature signature={ctx.signature} />
      </Layout>
    );
  },
};
