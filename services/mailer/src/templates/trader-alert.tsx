import { notificationSentence, type MailTemplate } from '@mfd/contracts';
import { Layout } from './layout';
import type { TemplateDefinition } from './template';
import {
  AlertFooter,
  AlertLine,
  alertLink,
  alertVesselAtPort,
  Greeting,
  InquiryButton,
} from './trader-alerts';

type Data = Extract<MailTemplate, { template: 'trader-alert' }>['data'];

/** One event on an inquiry the trader looks after, from the platform (no signature, no reply-to). */
export const traderAlert: TemplateDefinition<Data> = {
  subject: ({ item }) => `${notificationSentence(item.kind, item.supplier_name)}: ${alertVesselAtPort(item)}`,
  body({ name, item }, ctx) {
    return (
      <Layout
        preview={`${notificationSentence(item.kind, item.supplier_name)} for ${alertVesselAtPort(item)}`}
      >
        <Greeting name={name} />
        <AlertLine item={item} />
        <InquiryButton href={alertLink(ctx, item)} />
        <AlertFooter />
      </Layout>
    );
  },
};
