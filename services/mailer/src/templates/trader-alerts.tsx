import { Button, Link, Section, Text } from '@react-email/components';
import {
  formatUtc,
  NOTIFICATION_KIND_INFO,
  notificationPath,
  notificationSentence,
  PRODUCT_NAME,
  type TraderAlertItem,
} from '@mfd/contracts';
import { buttonStyle, paragraph } from './layout';
import type { TemplateContext } from './template';

/** "MSC OSCAR at Singapore": which stem the event is about; the vessel alone while the port is open. */
export function alertVesselAtPort(item: Pick<TraderAlertItem, 'vessel_name' | 'port_name'>): string {
  return item.port_name ? `${item.vessel_name} at ${item.port_name}` : item.vessel_name;
}

/** The inquiry's tab the event belongs to, in the app. */
export function alertLink(ctx: TemplateContext, item: TraderAlertItem): string {
  return new URL(notificationPath(item.kind, item.inquiry_id), ctx.appUrl).toString();
}

/**
 * One event as a line: what happened, naming the supplier, the vessel and port, and when (UTC);
 * with `href`, the line's title links to the inquiry (a digest's lines each open their own).
 */
export function AlertLine({ item, href }: { item: TraderAlertItem; href?: string }) {
  const title = NOTIFICATION_KIND_INFO[item.kind].label;
  return (
    <Text style={paragraph}>
      <strong>{href ? <Link href={href}>{title}</Link> : title}:</strong>{' '}
      {notificationSentence(item.kind, item.supplier_name)} for {alertVesselAtPort(item)} (
      {formatUtc(item.at)}).
    </Text>
  );
}

/** The inquiry as a button, and as a plain address for clients that show no buttons. */
export function InquiryButton({ href }: { href: string }) {
  return (
    <>
      <Section style={{ margin: '24px 0' }}>
        <Button href={href} style={buttonStyle}>
          Open the inquiry
        </Button>
      </Section>
      <Text style={paragraph}>Or open this address: {href}</Text>
    </>
  );
}

/** A greeting by name, or a plain one when identity gave none. */
export function Greeting({ name }: { name: string | null }) {
  return <Text style={paragraph}>{name ? `Hello ${name},` : 'Hello,'}</Text>;
}

/** Where the user turns these mails off; the app keeps showing the notifications. */
export function AlertFooter() {
  return (
    <Text style={{ ...paragraph, color: '#6b7280', fontSize: 13 }}>
      You get this mail about the inquiries you look after in {PRODUCT_NAME}. Turn off e-mails of each kind
      under Profile › Notifications; the bell in the app keeps showing them.
    </Text>
  );
}
