import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dkimVerify } from 'mailauth/lib/dkim/verify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dkimTxtRecord, formatTxtRecord, runDkimCommand } from '../src/cli/dkim-command';
import { dkimSigning } from '../src/dkim';
import { startMailer, type MailerHarness } from './harness';

const DOMAIN = 'marinefuel.example';
const SELECTOR = 'mfd2026';
const MAIL_FROM = 'Marine Fuel Distribution <no-reply@mail.marinefuel.example>';

/** The DNS TXT record as `npm run dkim -- generate` printed it: its name and its quoted strings. */
function printedRecord(output: string): { name: string; strings: string[] } {
  const line = output.split('\n').find((l) => l.includes('._domainkey.') && l.includes(' TXT '))!;
  return {
    name: line.slice(0, line.indexOf(' TXT ')),
    strings: [...line.matchAll(/"([^"]*)"/g)].map((m) => m[1]!),
  };
}

/** A DNS resolver that knows only the published DKIM record (dns.promises.resolve's shape). */
const resolverFor =
  (record: { name: string; strings: string[] }) =>
  async (name: string, type: string): Promise<string[][]> => {
    if (type === 'TXT' && name.toLowerCase() === record.name) return [record.strings];
    throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  };

describe('DKIM: `npm run dkim -- generate` and signed mail', () => {
  const keysDir = mkdtempSync(join(tmpdir(), 'mfd-dkim-'));
  const generated = runDkimCommand(['generate', DOMAIN, SELECTOR], keysDir);
  const keyFile = join(keysDir, 'dkim', `${SELECTOR}._domainkey.${DOMAIN}.pem`);
  const record = printedRecord(generated.message);
  let m: MailerHarness;

  beforeAll(async () => {
    m = await startMailer({
      MAIL_FROM,
      DKIM_DOMAIN: DOMAIN,
      DKIM_SELECTOR: SELECTOR,
      DKIM_PRIVATE_KEY_FILE: keyFile,
    });
  });
  afterAll(() => m?.close());

  it('when a key is generated, then the private key is written for its owner only and the TXT record of its public key is printed in strings of at most 255', () => {
    expect(generated.exitCode).toBe(0);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const publicKey = createPublicKey(readFileSync(keyFile, 'utf8'))
      .export({ type: 'spki', format: 'der' })
      .toString('base64');
    expect(record.name).toBe(`${SELECTOR}._domainkey.${DOMAIN}`);
    expect(generated.message).toContain(formatTxtRecord(dkimTxtRecord(DOMAIN, SELECTOR, publicKey)));
    expect(record.strings.join('')).toBe(`v=DKIM1; k=rsa; p=${publicKey}`);
    expect(record.strings.length).toBeGreaterThan(1);
    for (const part of record.strings) expect(part.length).toBeLessThanOrEqual(255);
    expect(generated.message).toContain(keyFile);
  });

  it('when the selector already has a key, then nothing is overwritten', () => {
    const again = runDkimCommand(['generate', DOMAIN, SELECTOR], keysDir);
    expect(again.exitCode).toBe(1);
    expect(again.message).toContain('exists already');
    expect(runDkimCommand(['generate', 'not a domain', SELECTOR], keysDir).exitCode).toBe(2);
  });

  async function sentInvitation() {
    const to = `sales-${Date.now()}@neptune.example`;
    const { jobId } = await m.send({
      to,
      source: 'inquiry',
      sender: { name: 'Maria Jensen', company: 'Nordic Bunkers' },
      thread_job_id: 'invitation-job-1',
      reply_to: 'maria@nordicbunkers.example',
    });
    expect((await m.settled(jobId)).status).toBe('sent');
    return m.sink.waitFor((mail) => mail.to.includes(to));
  }

  it('when a mail is sent, then a real DKIM verifier passes its signature for the From domain, found through the published record', async () => {
    const mail = await sentInvitation();
    const result = await dkimVerify(mail.raw, { resolver: resolverFor(record) });
    expect(result.results).toHaveLength(1);
    const [signature] = result.results;
    expect(signature!.status.result).toBe('pass');
    expect(signature!.signingDomain).toBe(DOMAIN);
    expect(signature!.selector).toBe(SELECTOR);
    // Relaxed DMARC alignment: d=marinefuel.example signs for mail.marinefuel.example.
    expect(signature!.status.aligned).toBe(DOMAIN);
    // The signed headers: what a receiver shows and threads by cannot be changed on the way.
    expect(signature!.signingHeaders?.keys.split(/:\s*/)).toEqual(
      expect.arrayContaining(['From', 'Reply-To', 'Subject', 'Message-ID', 'In-Reply-To', 'References']),
    );
  });

  it('when a signed mail is altered on the way (body or subject), then the verifier fails it', async () => {
    const mail = await sentInvitation();
    const text = mail.raw.toString('latin1');
    const body = Buffer.from(text.replace('Hello Maria', 'Hello Mario'), 'latin1');
    const subject = Buffer.from(text.replace(/^Subject: .*$/m, 'Subject: Urgent: pay now'), 'latin1');
    const verify = async (copy: Buffer) => {
      expect(copy.equals(mail.raw)).toBe(false);
      return (await dkimVerify(copy, { resolver: resolverFor(record) })).results[0]!.status;
    };
    // A changed body no longer matches the signed body hash; a changed header, the signature itself.
    expect(await verify(body)).toMatchObject({ result: 'neutral', comment: 'body hash did not verify' });
    expect(await verify(subject)).toMatchObject({ result: 'fail' });
  });

  it('when a mail is sent, then it is marked auto-generated, replies to the invitation and comes from the trader via the platform address', async () => {
    const mail = await sentInvitation();
    expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
    expect(mail.headers.get('in-reply-to')).toBe('<invitation-job-1@mail.marinefuel.example>');
    expect(mail.headers.get('references')).toBe('<invitation-job-1@mail.marinefuel.example>');
    expect(mail.headers.get('from')).toMatchObject({
      value: [
        {
          name: 'Maria Jensen (Nordic Bunkers) via Marine Fuel Distribution',
          address: 'no-reply@mail.marinefuel.example',
        },
      ],
    });
  });

  it('when the key is not an RSA key, then the mailer refuses to start rather than send unsigned', () => {
    const other = join(keysDir, 'ed25519.pem');
    const { privateKey } = generateKeyPairSync('ed25519');
    writeFileSync(other, privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const settings = { DKIM_DOMAIN: DOMAIN, DKIM_SELECTOR: SELECTOR, DKIM_PRIVATE_KEY_FILE: other };
    expect(() => dkimSigning(settings)).toThrow(/DKIM_PRIVATE_KEY_FILE: DKIM needs an RSA key/);
    expect(() => dkimSigning({ ...settings, DKIM_PRIVATE_KEY: 'not a key' })).toThrow(
      'DKIM_PRIVATE_KEY: not a private key in PEM form',
    );
    // A key given as one line with \n escapes (an environment variable) is read as PEM.
    const pem = readFileSync(keyFile, 'utf8');
    const signing = dkimSigning({ ...settings, DKIM_PRIVATE_KEY: pem.replace(/\n/g, '\\n') });
    // Parsed once, at start: nodemailer signs every mail with the key object.
    expect((signing?.privateKey as unknown as KeyObject).equals(createPrivateKey(pem))).toBe(true);
  });
});
