import { render } from '@react-email/render';
import { describe, expect, it } from 'vitest';
import { renderMail } from '../src/templates';
import { Signature } from '../src/templates/signature';

const ctx = { appUrl: 'https://app.marinefuel.example', signature: null, sender: null };

describe('mail templates', () => {
  it('when a reset mail is rendered, then both parts carry the one-time link on the public URL', async () => {
    const mail = await renderMail(
      { template: 'password-reset', data: { first_name: 'Maria', token: 'a+b/c=', expires_in_minutes: 60 } },
      ctx,
    );
    expect(mail.subject).toBe('Reset your Marine Fuel Distribution password');
    const link = 'https://app.marinefuel.example/reset-password?token=a%2Bb%2Fc%3D';
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('Hello Maria');
    expect(mail.text).toContain('60 minutes');
  });

  it('when a verification mail is rendered, then both parts carry the one-time /verify-email link and user data is escaped', async () => {
    const mail = await renderMail(
      {
        template: 'verify-email',
        data: { first_name: '<b>Maria</b>', token: 'a+b/c=', expires_in_minutes: 60 },
      },
      ctx,
    );
    expect(mail.subject).toBe('Confirm your e-mail address for Marine Fuel Distribution');
    const link = 'https://app.marinefuel.example/verify-email?token=a%2Bb%2Fc%3D';
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('60 minutes');
    expect(mail.html).not.toContain('<b>Maria</b>');
    expect(mail.html).toContain('&lt;b&gt;Maria&lt;/b&gt;');
  });

  it('when user data holds markup, then it is escaped in the HTML', async () => {
    const mail = await renderMail(
      {
        template: 'password-reset',
        data: { first_name: '<script>alert(1)</script>', token: 't', expires_in_minutes: 60 },
      },
      ctx,
    );
    expect(mail.html).not.toContain('<script>alert(1)</script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('when a signature is given, then its lines appear, escaped; an empty one adds nothing', async () => {
    const html = await render(
      Signature({
        signature: {
          full_name: 'Maria <b>Jensen</b>',
          title: 'Bunker Trader',
          company_name: 'Nordic Bunkers',
          phone: '+45 33 12 34 56',
          email: 'maria@nordicbunkers.example',
          website: 'https://nordicbunkers.example',
          address: null,
          additional_info: '24/7 desk',
        },
      })!,
    );
    expect(html).toContain('Maria &lt;b&gt;Jensen&lt;/b&gt;');
    expect(html).toContain('Tel: +45 33 12 34 56');
    expect(html).toContain('href="mailto:maria@nordicbunkers.example"');
    expect(
      Signature({
        signature: {
          full_name: null,
          title: null,
          company_name: null,
          phone: null,
          email: null,
          website: null,
          address: null,
          additional_info: null,
        },
      }),
    ).toBeNull();
  });
});
