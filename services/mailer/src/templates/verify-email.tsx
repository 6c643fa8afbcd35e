import { Button, Section, Text } from '@react-email/components';
import type { MailTemplate } from '@mfd/contracts';
import { buttonStyle, Layout, paragraph, PlainLink } from './layout';
import type { TemplateDefinition } from './template';

type Data = Extract<MailTemplate, { template: 'verify-email' }>['data'];

export const verifyEmail: TemplateDefinition<Data> = {
  subject: () => 'Confirm your e-mail address for Marine Fuel Distribution',
  body(data, ctx) {
    const link = new URL('/verify-email', ctx.appUrl);
    link.searchParams.set('token', data.token);
    return (
      <Layout preview="Confirm that this mailbox is yours">
        <Text style={paragraph}>Hello {data.first_name},</Text>
        <Text style={paragraph}>
          Please confirm that this e-mail address belongs to your account with the button below. The link
          works once and is valid for {data.expires_in_minutes} minutes.
        </Text>
        <Section style={{ margin: '24px 0' }}>
          <Button href={link.toString()} style={buttonStyle}>
            Confirm e-mail address
          </Button>
        </Section>
        <PlainLink href={link.toString()} />
        <Text style={paragraph}>
          If you did not create an account, ignore this mail: nothing changes without the link.
        </Text>
      </Layout>
    );
  },
};
