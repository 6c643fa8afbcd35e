import { INQUIRY_STATUSES, type InquiryStatus } from '@mfd/contracts';

/** What the Inquiries list shows: its tab, status filter, search and page. */
export interface InquiryListView {
  scope: 'mine' | 'all';
  status: InquiryStatus | '';
  q: string;
  page: number;
}

export const DEFAULT_LIST_VIEW: InquiryListView = { scope: 'mine', status: '', q: '', page: 1 };

/**
 * The list's view as the address holds it (?owner=all&status=draft&q=oscar&page=3), so a reload,
 * Back from an inquiry or a shared link shows the same rows. A value the list does not know (an
 * old bookmark, a hand-edited address) falls back to its default instead of failing.
 */
export function parseListView(params: URLSearchParams): InquiryListView {
  const status = params.get('status') ?? '';
  const page = params.get('page') ?? '';
  return {
    scope: params.get('owner') === 'all' ? 'all' : 'mine',
    status: (INQUIRY_STATUSES as readonly string[]).includes(status) ? (status as InquiryStatus) : '',
    q: (params.get('q') ?? '').trim(),
    page: /^[1-9]\d{0,5}$/.test(page) ? Number(page) : 1,
  };
}

/** The address's query for a view; defaults are left out, so the plain list stays /inquiries. */
export function listViewParams(view: InquiryListView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.scope === 'all') params.set('owner', 'all');
  if (view.status) params.set('status', view.status);
  if (view.q) params.set('q', view.q);
  if (view.page > 1) params.set('page', String(view.page));
  return params;
}
