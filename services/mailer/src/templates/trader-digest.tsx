import { Text } from '@react-email/components';
import type { MailTemplate } from '@mfd/contracts';
import { Layout, paragraph } from './layout';
import type { TemplateDefinition } from './template';
import { AlertFooter, AlertLine, alertLink, Greeting } from './trader-alerts';

type Data = Extract<MailTemplate, { template: 'trader-digest' }>['data'];

const total = (data: Data) => data.items.length + data.more;

/** The events since the trader's last alert mail, newest first, each linking to its inquiry. */
export const traderDigest: TemplateDefinition<Data> = {
  subject: (data) => `${total(data)} updates on your inquiries`,
  body(data, ctx) {
    return (
      <Layout preview={`${total(data)} updates on your inquiries since our last mail`}>
        <Greeting name={data.name} />
        <Text style={paragraph}>Since our last mail, on the inquiries you look after:</Text>
        {data.items.map((item, i) => (
          <AlertLine key={i} item={item} href={alertLink(ctx, item)} />
        ))}
        {data.more > 0 && (
          <Text style={paragraph}>And {data.more} more: the bell in the app lists them all.</Text>
        )}
        <AlertFooter />
      </Layout>
    );
  },
};
