import { Section, Text } from '@react-email/components';
import { rankText, type MailTemplate } from '@mfd/contracts';
import { Layout, paragraph } from './layout';
import { heading, MultiLine, OfferButton, offerLink, RfqSummary, vesselAtPort } from './rfq-summary';
import { Signature } from './signature';
import { roundSubject } from './subjects';
import type { TemplateDefinition } from './template';

type Data = Extract<MailTemplate, { template: 'rfq-round' }>['data'];

/**
 * A negotiation round: a shortlisted supplier is asked to improve its offer by the round's reply-by,
 * with the trader's message and, when the trader tells it, its own rank on landed cost (never
 * another supplier's price), and a new link (the one before no longer works).
 */
export const rfqRound: TemplateDefinition<Data> = {
  subject: (data) => roundSubject(data.round, data.rfq, data.reply_by),
  personal: { fields: ['supplier_name', 'token'], inUrls: ['token'] },
  body(data, ctx) {
    return (
      <Layout preview={`Round ${data.round}: please review your offer for ${vesselAtPort(data.rfq)}`}>
        <Text style={paragraph}>Dear {data.supplier_name},</Text>
        <Text style={paragraph}>
          Thank you for your offer for {vesselAtPort(data.rfq)}. Your offer is on our shortlist, and we invite
          you to review it in round {data.round} before the reply-by time below.
        </Text>
        {data.rank && (
          <Text style={paragraph}>
            On total landed cost your offer currently ranks <strong>{rankText(data.rank)}</strong>.
          </Text>
        )}
        {data.message && (
          <Section>
            <Text style={heading}>Message from the trader</Text>
            <Text style={paragraph}>
              <MultiLine text={data.message} />
            </Text>
          </Section>
        )}
        <RfqSummary rfq={data.rfq} replyBy={data.reply_by} />
        <OfferButton href={offerLink(ctx, data.token)} label="Review and improve your offer" />
        <Text style={paragraph}>
          This link replaces the one we sent before. For any question, simply reply to this e-mail.
        </Text>
        <Signature signature={ctx.signature} />
      </Layout>
    );
  },
};
