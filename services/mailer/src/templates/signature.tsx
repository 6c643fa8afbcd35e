import { Link, Section, Text } from '@react-email/components';
import type { SignatureView } from '@mfd/contracts';

const line = { color: '#374151', fontSize: 13, lineHeight: '20px', margin: 0 };

/** The sender's e-mail signature from their profile, appended by the templates that carry one. */
export function Signature({ signature }: { signature: SignatureView | null | undefined }) {
  if (!signature) return null;
  const { full_name, title, company_name, phone, email, website, address, additional_info } = signature;
  if (![full_name, title, company_name, phone, email, website, address, additional_info].some(Boolean))
    return null;
  return (
    <Section style={{ marginTop: 24 }}>
      {full_name && <Text style={{ ...line, fontWeight: 700 }}>{full_name}</Text>}
      {title && <Text style={line}>{title}</Text>}
      {company_name && <Text style={line}>{company_name}</Text>}
      {address && <Text style={line}>{address}</Text>}
      {phone && <Text style={line}>{`Tel: ${phone}`}</Text>}
      {email && (
        <Text style={line}>
          <Link href={`mailto:${email}`}>{email}</Link>
        </Text>
      )}
      {website && (
        <Text style={line}>
          <Link href={website}>{website}</Link>
        </Text>
      )}
      {additional_info && <Text style={{ ...line, marginTop: 8 }}>{additional_info}</Text>}
    </Section>
  );
}
