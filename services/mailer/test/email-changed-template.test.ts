import { describe, expect, it } from 'vitest';
import { renderMail } from '../src/templates';

const ctx = { appUrl: 'https://app.marinefuel.example', signature: null, sender: null };

describe('the e-mail changed notice', () => {
  it('when an account e-mail is changed, then the notice names the new address and the time, and says what to do if it was not you', async () => {
    const mail = await renderMail(
      {
        template: 'email-changed',
        data: { first_name: 'Maria', new_email: 'maria@new.example', changed_at: '2026-11-23T09:40:00.000Z' },
      },
      ctx,
    );
    expect(mail.subject).toBe('The e-mail of your Marine Fuel Distribution account was changed');
    expect(mail.text).toContain('Hello Maria');
    expect(mail.text).toContain('maria@new.example');
    expect(mail.text).toContain('Mon, 23 Nov 2026 09:40:00 GMT');
    expect(mail.text).toContain('If you did not');
  });

  it('when the name holds markup, then it is escaped', async () => {
    const mail = await renderMail(
      {
        template: 'email-changed',
        data: { first_name: '<img src=x>', new_email: 'a@b.example', changed_at: '2026-11-23T09:40:00.000Z' },
      },
      ctx,
    );
    expect(mail.html).not.toContain('<img src=x>');
  });
});
