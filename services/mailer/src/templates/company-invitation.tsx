import { Button, Section, Text } from '@react-email/components';
import type { MailTemplate } from '@mfd/contracts';
import { buttonStyle, Layout, paragraph, PlainLink } from './layout';
import type { TemplateDefinition } from './template';

type Data = Extract<MailTemplate, { template: 'company-invitation' }>['data'];

const ROLE_NAMES: Record<Data['role'], string> = { trader: 'a trader', admin: 'an administrator' };

export const companyInvitation: TemplateDefinition<Data> = {
  subject: (data) =>
    `${data.inviter_name} invites you to join ${data.company_name} on Marine Fuel Distribution`,
  body(data, ctx) {
    const link = new URL('/join', ctx.appUrl);
    link.searchParams.set('token', data.token);
    return (
      <Layout preview={`Join ${data.company_name} on Marine Fuel Distribution`}>
        <Text style={paragraph}>Hello,</Text>
        <Text style={paragraph}>
          {data.inviter_name} invites you to join {data.company_name} on Marine Fuel Distribution as{' '}
          {ROLE_NAMES[data.role]}, to work the desk&apos;s inquiries, customers and suppliers together. The
          link works once and is valid for {data.expires_in_days} days.
        </Text>
        <Section style={{ margin: '24px 0' }}>
          <Button href={link.toString()} style={buttonStyle}>
            Join {data.company_name}
          </Button>
        </Section>
        <PlainLink href={link.toString()} />
        <Text style={paragraph}>
          If you did not expect this invitation, ignore this mail: nothing happens without the link.
        </Text>
      </Layout>
    );
  },
};
