/** The MAIL_SECRET_KEYS test producers and mailers share: a retired key (still opens) after the current one. */
export const TEST_MAIL_SECRET_KEYS = `k2:${Buffer.alloc(32, 2).toString('base64')},k1:${Buffer.alloc(32, 1).toString('base64')}`;
