import { Link, Text } from '@react-email/components';
import {
  CLAIM_KIND_LABELS,
  formatPortLocal,
  PRODUCT_NAME,
  type MailTemplate,
  formatUsd,
} from '@mfd/contracts';
import { Layout, paragraph } from './layout';
import type { TemplateContext, TemplateDefinition } from './template';
import { Greeting } from './trader-alerts';

type Data = Extract<MailTemplate, { template: 'stem-digest' }>['data'];

const count = (data: Data) =>
  data.awaiting_delivery.length + data.invoices_due.length + data.claims_expiring.length;
const stemLink = (ctx: TemplateContext, stemId: string) => new URL(`/stems/${stemId}`, ctx.appUrl).toString();
const where = (row: { vessel_name: string; port_name: string | null }) =>
  row.port_name ? `${row.vessel_name} at ${row.port_name}` : row.vessel_name;

function Heading({ children }: { children: string }) {
  return <Text style={{ ...paragraph, fontWeight: 700, marginBottom: 4 }}>{children}</Text>;
}

/** The trader's day after the award: stems awaiting delivery, invoices due within 7 days, claims whose time bar ends within 72 hours. */
export const stemDigest: TemplateDefinition<Data> = {
  subject: (data) => `Your stems today: ${count(data)} to look at`,
  body(data, ctx) {
    return (
      <Layout preview={`${count(data)} stems, invoices and claims to look at today`}>
        <Greeting name={data.name} />
        {data.claims_expiring.length > 0 && (
          <>
            <Heading>Claims whose time bar ends within 72 hours</Heading>
            {data.claims_expiring.map((c) => (
              <Text key={c.claim_id} style={paragraph}>
                <Link href={stemLink(ctx, c.stem_id)}>{c.reference}</Link> {where(c)}:{' '}
                {CLAIM_KIND_LABELS[c.kind]} claim, time-barred{' '}
                {formatPortLocal(c.time_bar_at, c.port_timezone)}.
              </Text>
            ))}
          </>
        )}
        {data.invoices_due.length > 0 && (
          <>
            <Heading>Invoices due within 7 days</Heading>
            {data.invoices_due.map((i) => (
              <Text key={i.stem_id} style={paragraph}>
                <Link href={stemLink(ctx, i.stem_id)}>{i.reference}</Link> {where(i)}: invoice{' '}
                {i.invoice_number}, {formatUsd(i.amount_usd)}, due {i.due_date}.
              </Text>
            ))}
          </>
        )}
        {data.awaiting_delivery.length > 0 && (
          <>
            <Heading>Stems awaiting delivery</Heading>
            {data.awaiting_delivery.map((s) => (
              <Text key={s.stem_id} style={paragraph}>
                <Link href={stemLink(ctx, s.stem_id)}>{s.reference}</Link> {where(s)} from {s.supplier_name}
                {s.delivery_from ? `, from ${formatPortLocal(s.delivery_from, s.port_timezone)}` : ''}.
              </Text>
            ))}
          </>
        )}
        <Text style={{ ...paragraph, color: '#6b7280', fontSize: 13 }}>
          You get this mail once a day about the stems of the inquiries you look after in {PRODUCT_NAME}. Turn
          it off under Profile › Notifications (Daily stem digest).
        </Text>
      </Layout>
    );
  },
};
