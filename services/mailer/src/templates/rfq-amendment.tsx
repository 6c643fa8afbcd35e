import { Section, Text } from '@react-email/components';
import type { MailTemplate } from '@mfd/contracts';
import { Layout, paragraph } from './layout';
import {
  DataTable,
  heading,
  MultiLine,
  OfferButton,
  offerLink,
  RfqSummary,
  vesselAtPort,
} from './rfq-summary';
import { Signature } from './signature';
import { amendmentSubject } from './subjects';
import type { TemplateDefinition } from './template';

type Data = Extract<MailTemplate, { template: 'rfq-amendment' }>['data'];

const before = { color: '#6b7280', textDecoration: 'line-through' };
const after = { backgroundColor: '#fef3c7', fontWeight: 700, padding: '0 2px' };

/** An inquiry a supplier was sent changed: the trader's word, what changed, marked, then the inquiry as it is now. */
export const rfqAmendment: TemplateDefinition<Data> = {
  subject: (data) => amendmentSubject(data.rfq, data.reply_by),
  personal: { fields: ['supplier_name', 'token'], inUrls: ['token'] },
  body(data, ctx) {
    return (
      <Layout preview={`The inquiry for ${vesselAtPort(data.rfq)} has changed`}>
        <Text style={paragraph}>Dear {data.supplier_name},</Text>
        <Text style={paragraph}>
          The inquiry for {vesselAtPort(data.rfq)} that we sent you has been amended. Please check the changes
          below and, if you have already made an offer, review it: an offer made before this change is shown
          to us as priced before the amendment until you update it.
        </Text>
        {data.message && (
          <Text style={paragraph}>
            <MultiLine text={data.message} />
          </Text>
        )}
        {data.changes.length > 0 && (
          <Section
            style={{
              backgroundColor: '#fffbeb',
              border: '1px solid #f59e0b',
              borderRadius: 6,
              padding: '4px 16px',
            }}
          >
            <Text style={heading}>What changed</Text>
            <DataTable
              rows={data.changes.map((change) => [
                change.label,
                <>
                  <span style={before}>{change.before}</span> → <span style={after}>{change.after}</span>
                </>,
              ])}
            />
          </Section>
        )}
        <Text style={paragraph}>The inquiry as it stands now:</Text>
        <RfqSummary rfq={data.rfq} replyBy={data.reply_by} />
        <OfferButton href={offerLink(ctx, data.token)} label="Review and update your offer" />
        <Text style={paragraph}>For any question about this inquiry, simply reply to this e-mail.</Text>
        <Signature signature={ctx.signature} />
      </Layout>
    );
  },
};
