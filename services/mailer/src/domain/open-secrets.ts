import { mailTemplate, optionalSealedSecret, sealedSecret, type MailTemplate } from '@mfd/contracts';
import type { MailSecrets } from '@mfd/queue';

/** The data fields each template declares as sealed secrets, from its schema in contracts. */
const SEALED_FIELDS = new Map(
  mailTemplate.options.map((option) => [
    option.shape.template.value,
    Object.entries(option.shape.data.shape)
      .filter(([, schema]) => schema === sealedSecret || schema === optionalSealedSecret)
      .map(([field]) => field),
  ]),
);

/** The template data with its sealed fields opened, just before rendering; it is never stored so. */
export function openSecrets(mail: MailTemplate, recipient: string, secrets: MailSecrets): MailTemplate {
  const data: Record<string, unknown> = { ...mail.data };
  for (const field of SEALED_FIELDS.get(mail.template) ?? [])
    if (data[field] !== null) data[field] = secrets.open(String(data[field]), recipient);
  return { ...mail, data } as MailTemplate;
}
