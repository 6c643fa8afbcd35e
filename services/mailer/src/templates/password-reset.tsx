import { Button, Section, Text } from '@react-email/components';
import type { MailTemplate } from '@mfd/contracts';
import { buttonStyle, Layout, paragraph, PlainLink } from './layout';
import type { TemplateDefinition } from './template';

type Data = Extract<MailTemplate, { template: 'password-reset' }>['data'];

export const passwordReset: TemplateDefinition<Data> = {
  subject: () => 'Reset your Marine Fuel Distribution password',
  body(data, ctx) {
    const link = new URL('/reset-password', ctx.appUrl);
    link.searchParams.set('token', data.token);
    return (
      <Layout preview="Use this link to choose a new password">
        <Text style={paragraph}>Hello {data.first_name},</Text>
        <Text style={paragraph}>
          We received a request to reset the password of your account. Choose a new password with the button
          below. The link works once and is valid for {data.expires_in_minutes} minutes.
        </Text>
        <Section style={{ margin: '24px 0' }}>
          <Button href={link.toString()} style={buttonStyle}>
            Reset password
          </Button>
        </Section>
        <PlainLink href={link.toString()} />
        <Text style={paragraph}>
          If you did not ask for this, ignore this mail: your password stays as it is.
        </Text>
      </Layout>
    );
  },
};
