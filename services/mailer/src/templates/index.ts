import { render, toPlainText } from '@react-email/render';
import type { MailTemplate, MailTemplateName } from '@mfd/contracts';
import { emailChanged } from './email-changed';
import { offerAwarded } from './offer-awarded';
import { offerNotAwarded } from './offer-not-awarded';
import { passwordReset } from './password-reset';
import { rfqAmendment } from './rfq-amendment';
import { rfqCancelled } from './rfq-cancelled';
import { rfqInvitation } from './rfq-invitation';
import type { TemplateContext, TemplateDefinition } from './template';
import { verifyEmail } from './verify-email';

type Definitions = {
  [N in MailTemplateName]: TemplateDefinition<Extract<MailTemplate, { template: N }>['data']>;
};

/** Every template by name: adding one is a file here and a member of `mailTemplate` in contracts. */
const definitions: Definitions = {
  'password-reset': passwordReset,
  'verify-email': verifyEmail,
  'email-changed': emailChanged,
  'rfq-invitation': rfqInvitation,
  'rfq-amendment': rfqAmendment,
  'offer-awarded': offerAwarded,
  'offer-not-awarded': offerNotAwarded,
  'rfq-cancelled': rfqCancelled,
};

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export async function renderMail(mail: MailTemplate, ctx: TemplateContext): Promise<RenderedMail> {
  const definition = definitions[mail.template] as TemplateDefinition<MailTemplate['data']>;
  const html = await render(definition.body(mail.data, ctx));
  return { subject: definition.subject(mail.data), html, text: toPlainText(html) };
}

export type { TemplateContext } from './template';
