import { Button, Section, Text } from '@react-email/components';
import { formatUtc, type MailTemplate } from '@mfd/contracts';
import { buttonStyle, Layout, paragraph, PlainLink } from './layout';
import { Signature } from './signature';
import type { TemplateContext, TemplateDefinition } from './template';

type Data = Extract<MailTemplate, { template: 'stem-confirmation' }>['data'];

/** The supplier's acknowledgement page of this mail's personal link. */
export function acknowledgeLink(ctx: TemplateContext, token: string): string {
  return new URL(`/offer/${encodeURIComponent(token)}/acknowledge`, ctx.appUrl).toString();
}

const where = (data: Data) =>
  data.port_name ? `${data.vessel_name} at ${data.port_name}` : data.vessel_name;

/**
 * A stem's confirmation with its PDF (the recipient's own copy) attached. The supplier's mail asks it
 * to acknowledge through a personal link; the others are for their files. The mail itself names no
 * price: the figures are in the attached copy only.
 */
export const stemConfirmation: TemplateDefinition<Data> = {
  subject: (data) =>
    `${data.resend ? 'Updated stem confirmation' : 'Stem confirmation'} ${data.reference}: ${where(data)}`.slice(
      0,
      120,
    ),
  body(data, ctx) {
    const link = data.ack_token ? acknowledgeLink(ctx, data.ack_token) : null;
    return (
      <Layout preview={`Stem confirmation ${data.reference} for ${where(data)}`}>
        <Text style={paragraph}>Dear {data.recipient_name ?? 'Sir or Madam'},</Text>
        <Text style={paragraph}>
          Please find attached our stem confirmation {data.reference} for {where(data)}
          {data.company_name ? `, from ${data.company_name}` : ''}.
          {data.resend ? ' It replaces the confirmation we sent earlier.' : ''}
        </Text>
        {link && data.ack_expires_at && (
          <>
            <Text style={paragraph}>
              Please acknowledge the confirmation with the button below. The link is personal to your company
              and works until {formatUtc(data.ack_expires_at)}
              {data.resend ? '; the link in our earlier e-mail no longer works' : ''}.
            </Text>
            <Section style={{ margin: '24px 0' }}>
              <Button href={link} style={buttonStyle}>
                Acknowledge the confirmation
              </Button>
            </Section>
            <PlainLink href={link} />
          </>
        )}
        <Text style={paragraph}>For any question about this stem, simply reply to this e-mail.</Text>
        <Signature signature={ctx.signature} />
      </Layout>
    );
  },
};
