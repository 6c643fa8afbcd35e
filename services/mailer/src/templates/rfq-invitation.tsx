import { Text } from '@react-email/components';
import { formatPortLocal, type MailTemplate } from '@mfd/contracts';
import { Layout, paragraph } from './layout';
import { OfferButton, offerLink, RfqSummary, vesselAtPort } from './rfq-summary';
import { Signature } from './signature';
import type { TemplateDefinition } from './template';

type Data = Extract<MailTemplate, { template: 'rfq-invitation' }>['data'];

/** "Request for quotation: MV Ocean Star at Singapore, reply by 24 Nov 2026 18:00 local (UTC+08:00)". */
export function rfqSubject(data: Pick<Data, 'rfq' | 'reply_by'>): string {
  return `Request for quotation: ${vesselAtPort(data.rfq)}, reply by ${formatPortLocal(data.reply_by, data.rfq.port_timezone)}`;
}

/** The distribution mail: the inquiry a supplier is asked to price and its personal link to do it. */
export const rfqInvitation: TemplateDefinition<Data> = {
  subject: rfqSubject,
  personal: { fields: ['supplier_name', 'token'], inUrls: ['token'] },
  body(data, ctx) {
    return (
      <Layout preview={`Please quote for ${vesselAtPort(data.rfq)}`}>
        <Text style={paragraph}>Dear {data.supplier_name},</Text>
        <Text style={paragraph}>
          We would like your best offer for the bunker stem below. Please enter your prices, quantities and
          delivery details on your offer page before the reply-by time.
        </Text>
        <RfqSummary rfq={data.rfq} replyBy={data.reply_by} />
        <OfferButton href={offerLink(ctx, data.token)} label="Submit your offer" />
        <Text style={paragraph}>For any question about this inquiry, simply reply to this e-mail.</Text>
        <Signature signature={ctx.signature} />
      </Layout>
    );
  },
};
