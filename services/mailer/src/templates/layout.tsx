import { Body, Container, Head, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '@mfd/contracts';

/**
 * Fluid on a phone: the card is as wide as the screen up to 560 px, with little padding around it,
 * and any word or address too long for a line breaks instead of widening the mail (the
 * `overflow-wrap` is inherited by every paragraph and table cell).
 */
const page = {
  backgroundColor: '#f4f6f8',
  fontFamily: 'Helvetica, Arial, sans-serif',
  margin: 0,
  padding: '16px 8px',
};
const card = {
  backgroundColor: '#ffffff',
  borderRadius: 8,
  padding: '24px 20px',
  maxWidth: 560,
  overflowWrap: 'anywhere' as const,
  wordBreak: 'break-word' as const,
};
const footer = { color: '#6b7280', fontSize: 12, lineHeight: '18px' };

/**
 * The frame every mail shares: preview line, a title (the product's name unless the mail opens with
 * its own), body, and a short footer.
 */
export function Layout({
  preview,
  title,
  children,
}: {
  preview: string;
  title?: string;
  children: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={page}>
        <Container style={card}>
          <Text style={{ color: '#0b5394', fontSize: 14, fontWeight: 700, margin: '0 0 16px' }}>
            {title ?? PRODUCT_NAME}
          </Text>
          {children}
          <Hr style={{ borderColor: '#e5e7eb', margin: '24px 0 12px' }} />
          <Section>
            <Text style={footer}>This message was sent by {PRODUCT_NAME}.</Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

export const paragraph = { color: '#111827', fontSize: 15, lineHeight: '24px' };
export const buttonStyle = {
  backgroundColor: '#0b5394',
  borderRadius: 6,
  color: '#ffffff',
  fontSize: 15,
  fontWeight: 600,
  padding: '12px 20px',
  textDecoration: 'none',
};

/**
 * The link of the button above it, as an address for mail programs that show no buttons: broken
 * anywhere, so a long link wraps on a phone instead of widening the mail.
 */
export function PlainLink({ href }: { href: string }) {
  return (
    <Text style={paragraph}>
      Or open this address:{' '}
      <Link href={href} style={{ color: '#0b5394', wordBreak: 'break-all' }}>
        {href}
      </Link>
    </Text>
  );
}
