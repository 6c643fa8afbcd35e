import { describe, expect, it } from 'vitest';
import { MAX_REPLY_TEXT } from '@mfd/contracts';
import { eventText, sanitizeReplyHtml } from './reply-content';

describe("a supplier reply's HTML", () => {
  it('when it carries scripts, handlers, styles or frames, then none of them is kept', () => {
    const safe = sanitizeReplyHtml(
      '<p onclick="steal()">Can do <b>598</b></p><script>alert(1)</script><style>p{}</style><iframe src="https://x.example"></iframe><a href="javascript:alert(1)">x</a>',
    );
    expect(safe).toBe('<p>Can do <b>598</b></p><a rel="noopener noreferrer nofollow" target="_blank">x</a>');
  });

  it('when it loads a remote image, then the image is dropped; an image in the mail stays', () => {
    expect(sanitizeReplyHtml('<img src="https://tracker.example/p.gif">')).toBe('<img />');
    expect(sanitizeReplyHtml('<img src="cid:logo@x" alt="logo">')).toBe(
      '<img src="cid:logo@x" alt="logo" />',
    );
  });

  it('when it links out, then the link opens apart and passes no referrer', () => {
    expect(sanitizeReplyHtml('<a href="https://supplier.example/terms">terms</a>')).toBe(
      '<a href="https://supplier.example/terms" rel="noopener noreferrer nofollow" target="_blank">terms</a>',
    );
  });
});

describe("a supplier reply's text in the event", () => {
  it('when the text is longer than the event carries, then it is cut and marked so', () => {
    expect(eventText('x'.repeat(MAX_REPLY_TEXT + 5))).toEqual({
      text: 'x'.repeat(MAX_REPLY_TEXT),
      truncated: true,
    });
    expect(eventText('VLSFO 598')).toEqual({ text: 'VLSFO 598', truncated: false });
  });
});
