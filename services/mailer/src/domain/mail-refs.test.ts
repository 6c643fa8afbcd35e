import { createSecretKey, randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MailRefs } from './mail-refs';

const key = () => createSecretKey(randomBytes(32));
const domains = { bounce: 'bounces.marinefuel.example', reply: 'replies.marinefuel.example' };

describe('signed message refs in bounce and reply addresses', () => {
  const refs = new MailRefs([key()]);
  const id = randomUUID();

  it('when a ref is read back, then it names the message it was signed for', () => {
    expect(refs.verify('bounce', refs.sign('bounce', id))).toBe(id);
    expect(refs.target(refs.address('reply', id, domains.reply), domains)).toEqual({
      ok: true,
      purpose: 'reply',
      messageId: id,
    });
  });

  it('when an address is built, then its local part is lower case, base32 and at most 64 characters', () => {
    const address = refs.address('bounce', id, domains.bounce);
    const local = address.split('@')[0]!;
    expect(local).toMatch(/^b-[a-z2-7]+$/);
    expect(local.length).toBeLessThanOrEqual(64);
  });

  it('when a receiver changed the case of the address, then the ref still reads', () => {
    expect(refs.target(refs.address('bounce', id, domains.bounce).toUpperCase(), domains)).toMatchObject({
      ok: true,
      messageId: id,
    });
  });

  it('when one character of the ref is changed, then it is refused', () => {
    const ref = refs.sign('bounce', id);
    for (let i = 0; i < ref.length; i++) {
      const changed = ref.slice(0, i) + (ref[i] === 'a' ? 'b' : 'a') + ref.slice(i + 1);
      expect(refs.verify('bounce', changed)).toBeNull();
    }
  });

  it('when a bounce ref is used on the reply domain, then it is refused', () => {
    const ref = refs.sign('bounce', id);
    expect(refs.target(`r-${ref}@${domains.reply}`, domains)).toEqual({
      ok: false,
      reason: 'no such mailbox',
    });
  });

  it('when a ref was signed with another key, then it is refused; with a key still held, it reads', () => {
    const old = key();
    const signedOld = new MailRefs([old]).sign('reply', id);
    expect(refs.verify('reply', signedOld)).toBeNull();
    expect(new MailRefs([key(), old]).verify('reply', signedOld)).toBe(id);
  });

  it('when the domain is not ours or the local part has no ref, then it is refused', () => {
    expect(refs.target(`b-${refs.sign('bounce', id)}@elsewhere.example`, domains)).toMatchObject({
      ok: false,
    });
    expect(refs.target(`postmaster@${domains.bounce}`, domains)).toMatchObject({ ok: false });
    expect(refs.target('b-@', domains)).toMatchObject({ ok: false });
    expect(refs.target(`b-not*base32@${domains.bounce}`, domains)).toMatchObject({ ok: false });
  });

  it('when only bounces are taken, then a reply address is refused even with a valid ref', () => {
    const address = refs.address('reply', id, domains.reply);
    expect(refs.target(address, { bounce: domains.bounce, reply: undefined })).toMatchObject({ ok: false });
  });
});
