import { render, toPlainText } from '@react-email/render';
import type { MailTemplate, MailTemplateName } from '@mfd/contracts';
import { companyInvitation } from './company-invitation';
import { emailChanged } from './email-changed';
import { offerAwarded } from './offer-awarded';
import { offerNotAwarded } from './offer-not-awarded';
import { passwordReset } from './password-reset';
import { PersonalSlots, wholeBody, type Body } from './personal-slots';
import { rfqAmendment } from './rfq-amendment';
import { rfqCancelled } from './rfq-cancelled';
import { rfqInvitation } from './rfq-invitation';
import { rfqReminder } from './rfq-reminder';
import { rfqRound } from './rfq-round';
import { stemConfirmation } from './stem-confirmation';
import { stemDigest } from './stem-digest';
import { supplierReply } from './supplier-reply';
import type { TemplateContext, TemplateDefinition } from './template';
import { traderAlert } from './trader-alert';
import { traderDigest } from './trader-digest';
import { verifyEmail } from './verify-email';

type Definitions = {
  [N in MailTemplateName]: TemplateDefinition<Extract<MailTemplate, { template: N }>['data']>;
};

/** Every template by name: adding one is a file here and a member of `mailTemplate` in contracts. */
const definitions: Definitions = {
  'password-reset': passwordReset,
  'verify-email': verifyEmail,
  'email-changed': emailChanged,
  'company-invitation': companyInvitation,
  'rfq-invitation': rfqInvitation,
  'rfq-amendment': rfqAmendment,
  'rfq-reminder': rfqReminder,
  'rfq-round': rfqRound,
  'offer-awarded': offerAwarded,
  'offer-not-awarded': offerNotAwarded,
  'rfq-cancelled': rfqCancelled,
  'supplier-reply': supplierReply,
  'trader-alert': traderAlert,
  'trader-digest': traderDigest,
  'stem-digest': stemDigest,
  'stem-confirmation': stemConfirmation,
};

export interface RenderedMail extends Body {
  subject: string;
}

const slots = new PersonalSlots();

export async function renderMail(mail: MailTemplate, ctx: TemplateContext): Promise<RenderedMail> {
  const definition = definitions[mail.template] as TemplateDefinition<MailTemplate['data']>;
  const draw = async (data: Record<string, unknown>) => {
    const html = await render(definition.body(data as MailTemplate['data'], ctx));
    return { html, text: toPlainText(html) };
  };
  const data = mail.data as Record<string, unknown>;
  const body = definition.personal
    ? await slots.render(
        `${mail.template}\u0000${ctx.appUrl}\u0000${JSON.stringify([ctx.signature, ctx.sender])}`,
        data,
        definition.personal.fields,
        definition.personal.inUrls,
        draw,
      )
    : wholeBody(await draw(data));
  return { subject: definition.subject(mail.data), ...body };
}

export type { TemplateContext } from './template';
