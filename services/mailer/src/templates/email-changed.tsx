import { Text } from '@react-email/components';
import { PRODUCT_NAME, type MailTemplate } from '@mfd/contracts';
import { Layout, paragraph } from './layout';
import type { TemplateDefinition } from './template';

type Data = Extract<MailTemplate, { template: 'email-changed' }>['data'];

/** Sent to the old address only: whoever changed it can read the new mailbox, not this one. */
export const emailChanged: TemplateDefinition<Data> = {
  subject: () => `The e-mail of your ${PRODUCT_NAME} account was changed`,
  body(data) {
    const when = new Date(data.changed_at).toUTCString();
    return (
      <Layout preview="Your account now signs in with another e-mail address">
        <Text style={paragraph}>Hello {data.first_name},</Text>
        <Text style={paragraph}>
          The e-mail address of your {PRODUCT_NAME} account was changed to {data.new_email} on {when}. From
          now on you sign in with that address, and password reset links go there. This address no longer
          receives them.
        </Text>
        <Text style={paragraph}>If you made this change, there is nothing more to do.</Text>
        <Text style={paragraph}>
          If you did not, someone else may be using your account: tell your company&apos;s administrator at
          once.
        </Text>
      </Layout>
    );
  },
};
