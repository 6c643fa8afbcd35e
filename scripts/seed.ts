import { parseArgs } from 'node:util';
import { EmailTakenError, seedCompany } from './seed/write';

/**
 * `npm run seed -- --months 12`: a trading company with a year of inquiries, offers, awards, stems,
 * claims and invoices in the database `npm start` uses (PG_URL, its schemas), to try the reports
 * on. It prints how to sign in. Each run makes a new company; the stack may be running or not.
 */
const { values } = parseArgs({
  options: {
    months: { type: 'string', default: '12' },
    email: { type: 'string' },
    password: { type: 'string', default: 'Bunker-Desk-2026' },
    company: { type: 'string', default: 'Harbourline Bunkering' },
  },
});
const months = Number(values.months);
if (!Number.isInteger(months) || months < 1 || months > 36) {
  console.error('--months must be a whole number from 1 to 36');
  process.exit(2);
}
const email = values.email ?? `demo-${Date.now().toString(36)}@harbourline.example`;
if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
  console.error('--email must be an e-mail address');
  process.exit(2);
}

const started = Date.now();
try {
  const summary = await seedCompany(
    {
      pgUrl: process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
      // The schemas `npm start` runs on; a test gives its own.
      schemaPrefix: process.env.SEED_SCHEMA_PREFIX ?? '',
    },
    { months, email, password: values.password, companyName: values.company },
  );
  console.log(
    [
      `Seeded ${values.company}: ${months} months from ${summary.from.toISOString().slice(0, 10)} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      `  ${summary.inquiries} inquiries (${summary.awarded} awarded), ${summary.offers} offers, ${summary.stems} stems, ${summary.claims} claims, ${summary.invoices} invoices`,
      '',
      `  Sign in as ${email} with the password ${values.password}`,
      `  (traders: ${email.replace('@', '+tom@')} and ${email.replace('@', '+ana@')}, same password)`,
    ].join('\n'),
  );
} catch (err) {
  console.error(err instanceof EmailTakenError ? err.message : err);
  process.exit(1);
}
