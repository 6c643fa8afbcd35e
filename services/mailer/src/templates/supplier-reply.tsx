import { Text } from '@react-email/components';
import { notificationPath, type MailTemplate } from '@mfd/contracts';
import { oneLine } from '../domain/text-fit';
import { Layout, paragraph } from './layout';
import { MultiLine } from './rfq-summary';
import type { TemplateDefinition } from './template';
import { alertVesselAtPort, InquiryButton } from './trader-alerts';

type Data = Extract<MailTemplate, { template: 'supplier-reply' }>['data'];

const muted = { ...paragraph, color: '#6b7280', fontSize: 13 };

/** "12 KB": a file's size as a mail reader takes it in at a glance. */
function sizeOf(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * A supplier's reply, forwarded to the trader of the inquiry it answers: its text as sent (escaped
 * by JSX, line breaks kept), the files it carried (attached by the mailer), and a link to the
 * inquiry's Messages tab. The mail replies to the supplier, so answering works from any program.
 */
export const supplierReply: TemplateDefinition<Data> = {
  subject: (data) => `${oneLine(data.supplier_name)} replied: ${oneLine(data.subject) || '(no subject)'}`,
  body(data, ctx) {
    const from = data.from.name ? `${data.from.name} <${data.from.address}>` : data.from.address;
    const href = new URL(notificationPath('supplier_message', data.inquiry_id), ctx.appUrl).toString();
    return (
      <Layout preview={`${data.supplier_name} replied about ${alertVesselAtPort(data)}`}>
        <Text style={muted}>
          {data.supplier_name} replied about {alertVesselAtPort(data)}. From: {from}. Subject:{' '}
          {data.subject || '(no subject)'}
        </Text>
        <Text style={paragraph}>
          <MultiLine text={data.text || '(no text)'} />
        </Text>
        {data.text_truncated && <Text style={muted}>The reply was longer; the inquiry shows it whole.</Text>}
        {data.attachments.length > 0 && (
          <Text style={paragraph}>
            Attached: {data.attachments.map((a) => `${a.filename} (${sizeOf(a.size)})`).join(', ')}
          </Text>
        )}
        <InquiryButton href={href} />
        <Text style={muted}>Answering this mail replies to {data.from.address}.</Text>
      </Layout>
    );
  },
};
