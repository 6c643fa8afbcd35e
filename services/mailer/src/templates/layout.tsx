import { Body, Container, Head, Hr, Html, Preview, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '@mfd/contracts';

const page = {
  backgroundColor: '#f4f6f8',
  fontFamily: 'Helvetica, Arial, sans-serif',
  margin: 0,
  padding: '24px 0',
};
const card = { backgroundColor: '#ffffff', borderRadius: 8, padding: '32px', maxWidth: 560 };
const footer = { color: '#6b7280', fontSize: 12, lineHeight: '18px' };

/** The frame every mail shares: preview line, product name, body, and a short footer. */
export function Layout({ preview, children }: { preview: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={page}>
        <Container style={card}>
          <Text style={{ color: '#0b5394', fontSize: 14, fontWeight: 700, margin: '0 0 16px' }}>
            {PRODUCT_NAME}
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
