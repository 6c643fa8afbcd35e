import { Text } from '@react-email/components';
import type { MailSender, MailTemplate } from '@mfd/contracts';
import { Layout, paragraph } from './layout';
import { OfferButton, offerLink, RfqSummary, vesselAtPort } from './rfq-summary';
import { Signature } from './signature';
import { invitationSubject } from './subjects';
import type { TemplateDefinition } from './template';

type Data = Extract<MailTemplate, { template: 'rfq-invitation' }>['data'];

/** "Request for quotation from Nordic Bunkers": the trader's company, else the trader, else nobody named. */
export function requestFrom(sender: MailSender | null): string {
  const who = sender?.company?.trim() || sender?.name?.trim();
  return who ? `Request for quotation from ${who}` : 'Request for quotation';
}

/** The distribution mail: who asks, the inquiry a supplier is asked to price and its personal link to do it. */
export const rfqInvitation: TemplateDefinition<Data> = {
  subject: (data) => invitationSubject(data.rfq, data.reply_by),
  personal: { fields: ['supplier_name', 'token'], inUrls: ['token'] },
  body(data, ctx) {
    const title = requestFrom(ctx.sender);
    return (
      <Layout title={title} preview={`${title}: please quote for ${vesselAtPort(data.rfq)}`}>
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
