import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { wire } from '../../test/wire';
import { encodeQp, joinQp, qpPart } from './qp-body';

/** A mail with the encoded body as both its parts, as nodemailer sends it, read back by mailparser. */
async function decoded(body: string): Promise<{ text: string; html: string; raw: string }> {
  const raw = await wire({
    from: 'mail@mfd.example',
    to: 'sales@supplier.example',
    subject: 'RFQ',
    text: qpPart('text/plain', body),
    html: qpPart('text/html', body),
  });
  const parsed = await simpleParser(raw);
  return { text: parsed.text ?? '', html: parsed.html || '', raw };
}

const lf = (s: string) => s.replace(/\r\n/g, '\n');

// Pieces that meet where wrapping and encoding are hardest: trailing blanks, "=", a dot opening a
// line, long unbroken runs (links), letters of several bytes, and line ends of both kinds.
const PIECES = [
  '<p style="margin:0 0 12px 0;font-family:Arial">Dear ',
  'Ümit Petrol A.Ş. 海運 ',
  ',</p>\n.starts with a dot = and an equals sign\t\n',
  '',
  'https://app.example/offer/' + 'A1_-'.repeat(40),
  '  \r\nΠροσφορά καυσίμων '.repeat(30),
  'x'.repeat(300),
  'y'.repeat(76),
  'end with a blank ',
];

describe('bodies encoded in pieces (quoted-printable)', () => {
  it('when pieces are encoded apart and joined, then a mail reader decodes exactly their text, every line within 76', async () => {
    const body = joinQp(PIECES.map(encodeQp));
    const { text, html, raw } = await decoded(body);
    const whole = lf(PIECES.join(''));
    expect(lf(text)).toBe(whole);
    expect(lf(html)).toBe(whole);
    for (const line of body.split('\r\n')) {
      expect(line.length).toBeLessThanOrEqual(76);
      // A blank at a line's end may be dropped on the way: it must be encoded.
      expect(line).not.toMatch(/[ \t]$/);
    }
    expect(raw).toMatch(/Content-Transfer-Encoding: quoted-printable/);
    expect(raw).not.toMatch(/Content-Transfer-Encoding: base64/);
  });

  it('when a text is encoded whole, then it decodes to itself and pieces that end a line need no soft break', async () => {
    const text = 'Line one \nLine two=\n\n' + 'é'.repeat(100);
    expect(lf((await decoded(encodeQp(text))).text)).toBe(text);
    expect(joinQp([encodeQp('a\n'), encodeQp('b')])).toBe('a\r\nb');
    expect(joinQp([encodeQp('a'), encodeQp('b')])).toBe('a=\r\nb');
    expect(joinQp(['', encodeQp('a'), ''])).toBe('a');
  });
});
