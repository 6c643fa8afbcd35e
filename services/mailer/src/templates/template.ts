import type { ReactElement } from 'react';
import type { MailSender, SignatureView } from '@mfd/contracts';

export interface TemplateContext {
  /** The app's public address, for links. */
  appUrl: string;
  /** The sender's signature, for templates that carry one. */
  signature: SignatureView | null;
  /** The trader a supplier mail is sent for (the invitation opens with their company). */
  sender: MailSender | null;
}

/** A mail template: its subject and its body as a React Email element (JSX escapes all data). */
export interface TemplateDefinition<Data> {
  subject(data: Data): string;
  body(data: Data, ctx: TemplateContext): ReactElement;
  /**
   * Text fields that differ between the copies of one mail sent to many (a distribution): the
   * body is rendered once per distinct rest and these put in. `inUrls` are also used in links.
   */
  personal?: { fields: readonly (keyof Data & string)[]; inUrls: readonly (keyof Data & string)[] };
}
