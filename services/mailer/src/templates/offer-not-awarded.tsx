import { Text } from '@react-email/components';
import { formatPortAndUtc, type MailTemplate } from '@mfd/contracts';
import { Layout, paragraph } from './layout';
import { vesselAtPort } from './rfq-summary';
import { Signature } from './signature';
import { notAwardedSubject } from './subjects';
import type { TemplateDefinition } from './template';

type Data = Extract<MailTemplate, { template: 'offer-not-awarded' }>['data'];

/** A short, polite word to a supplier who offered and was not chosen. */
export const offerNotAwarded: TemplateDefinition<Data> = {
  subject: (data) => notAwardedSubject(data.rfq),
  body(data, ctx) {
    return (
      <Layout preview={`Thank you for your offer for ${vesselAtPort(data.rfq)}`}>
        <Text style={paragraph}>Dear {data.supplier_name},</Text>
        <Text style={paragraph}>
          Thank you for your offer for {vesselAtPort(data.rfq)} (ETA{' '}
          {formatPortAndUtc(data.rfq.eta, data.rfq.port_timezone)}). This time the inquiry was awarded to
          another supplier.
        </Text>
        <Text style={paragraph}>We appreciate your quick response and look forward to your next offer.</Text>
        <Signature signature={ctx.signature} />
      </Layout>
    );
  },
};
