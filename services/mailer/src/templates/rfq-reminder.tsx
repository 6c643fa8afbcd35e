import { Text } from '@react-email/components';
import { formatPortAndUtc, type MailTemplate } from '@mfd/contracts';
import { Layout, paragraph } from './layout';
import { OfferButton, offerLink, RfqSummary, vesselAtPort } from './rfq-summary';
import { Signature } from './signature';
import { reminderSubject } from './subjects';
import type { TemplateDefinition } from './template';

type Data = Extract<MailTemplate, { template: 'rfq-reminder' }>['data'];

/**
 * The one reminder before the reply-by, to a supplier that has neither offered nor declined: the
 * time left, the inquiry, and a fresh personal link (the earlier mails' links no longer work), with
 * the way to say no as plainly as the way to offer.
 */
export const rfqReminder: TemplateDefinition<Data> = {
  subject: (data) => reminderSubject(data.rfq, data.reply_by),
  personal: { fields: ['supplier_name', 'token'], inUrls: ['token'] },
  body(data, ctx) {
    const deadline = formatPortAndUtc(data.reply_by, data.rfq.port_timezone);
    return (
      <Layout preview={`Reminder: offers for ${vesselAtPort(data.rfq)} close ${deadline}`}>
        <Text style={paragraph}>Dear {data.supplier_name},</Text>
        <Text style={paragraph}>
          A reminder that offers for the bunker stem below close at {deadline}. We have not had your offer
          yet. If you cannot quote this time, please tell us on your offer page with “Decline to quote”, so we
          do not wait for you.
        </Text>
        <Text style={paragraph}>
          Please use the button in this e-mail: the links in our earlier e-mails no longer work.
        </Text>
        <RfqSummary rfq={data.rfq} replyBy={data.reply_by} />
        <OfferButton href={offerLink(ctx, data.token)} label="Submit your offer or decline" />
        <Text style={paragraph}>For any question about this inquiry, simply reply to this e-mail.</Text>
        <Signature signature={ctx.signature} />
      </Layout>
    );
  },
};
