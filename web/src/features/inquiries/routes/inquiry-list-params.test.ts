import { describe, expect, it } from 'vitest';
import { DEFAULT_LIST_VIEW, listViewParams, parseListView } from './inquiry-list-params';

const parse = (query: string) => parseListView(new URLSearchParams(query));

describe('the Inquiries list view in the address', () => {
  it('when the address has no query, then the list is My inquiries, every status, no search, page 1', () => {
    expect(parse('')).toEqual(DEFAULT_LIST_VIEW);
  });

  it('when the address names a tab, status, search and page, then the list shows them', () => {
    expect(parse('owner=all&status=cancelled&q=%20oscar%20&page=3')).toEqual({
      scope: 'all',
      status: 'cancelled',
      q: 'oscar',
      page: 3,
    });
  });

  it('when a value is unknown, then that part falls back to its default and the rest is kept', () => {
    expect(parse('owner=someone&status=lost&q=oscar&page=0')).toEqual({ ...DEFAULT_LIST_VIEW, q: 'oscar' });
    for (const page of ['-2', '2.5', 'abc', '', '01', '99999999']) expect(parse(`page=${page}`).page).toBe(1);
  });

  it('when a view is written, then defaults are left out and it reads back the same', () => {
    expect(listViewParams(DEFAULT_LIST_VIEW).toString()).toBe('');
    const view = { scope: 'all', status: 'draft', q: 'msc oscar', page: 2 } as const;
    expect(listViewParams(view).toString()).toBe('owner=all&status=draft&q=msc+oscar&page=2');
    expect(parseListView(listViewParams(view))).toEqual(view);
  });
});
