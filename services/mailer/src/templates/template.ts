import type { ReactElement } from 'react';
import type { SignatureView } from '@mfd/contracts';

export interface TemplateContext {
  /** The app's public address, for links. */
  appUrl: string;
  /** The sender's signature, for templates that carry one. */
  signature: SignatureView | null;
}

/** A mail template: its subject and its body as a React Email element (JSX escapes all data). */
export interface TemplateDefinition<Data> {
  subject(data: Data): string;
  body(data: Data, ctx: TemplateContext): ReactElement;
}
