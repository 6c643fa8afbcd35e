import { Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { tokenStore } from '../lib/api-client';
import { lazyWithQueries, type Preloadable } from '../lib/lazy-with-queries';
import { UnsavedChangesGuard } from '../lib/unsaved-changes';
import { AuthGate } from './auth-gate';
import { PageError } from './page-error';
import { PageLoader } from './page-loader';

/**
 * Each page is its own chunk, fetched when first shown, so the signed-out landing page does not
 * download the directory, admin or profile screens (and their dependencies) it never uses, nor the
 * query cache they share.
 */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): Preloadable<object> {
  return lazyWithQueries(() => load().then(pick));
}

const AppLayout = lazyPage(
  () => import('./app-layout'),
  (m) => m.AppLayout,
);
const ResetPasswordPage = lazyPage(
  () => import('../features/auth/routes/reset-password-page'),
  (m) => m.ResetPasswordPage,
);
const VerifyEmailPage = lazyPage(
  () => import('../features/auth/routes/verify-email-page'),
  (m) => m.VerifyEmailPage,
);
const JoinPage = lazyPage(
  () => import('../features/auth/routes/join-page'),
  (m) => m.JoinPage,
);
const OfferPage = lazyPage(
  () => import('../features/offer-page/routes/offer-page'),
  (m) => m.OfferPage,
);
const AcknowledgePage = lazyPage(
  () => import('../features/offer-page/routes/acknowledge-page'),
  (m) => m.AcknowledgePage,
);
const DashboardPage = lazyPage(
  () => import('../features/dashboard/routes/dashboard-page'),
  (m) => m.DashboardPage,
);
const InquiriesPage = lazyPage(
  () => import('../features/inquiries/routes/inquiries-page'),
  (m) => m.InquiriesPage,
);
const NewInquiryPage = lazyPage(
  () => import('../features/inquiries/routes/new-inquiry-page'),
  (m) => m.NewInquiryPage,
);
const InquiryDetailPage = lazyPage(
  () => import('../features/inquiries/routes/inquiry-detail-page'),
  (m) => m.InquiryDetailPage,
);
const StemsPage = lazyPage(
  () => import('../features/stems/routes/stems-page'),
  (m) => m.StemsPage,
);
const StemDetailPage = lazyPage(
  () => import('../features/stems/routes/stem-detail-page'),
  (m) => m.StemDetailPage,
);
const CustomersPage = lazyPage(
  () => import('../features/customers/routes/customers-page'),
  (m) => m.CustomersPage,
);
const SuppliersPage = lazyPage(
  () => import('../features/suppliers/routes/suppliers-page'),
  (m) => m.SuppliersPage,
);
const SupplierPage = lazyPage(
  () => import('../features/suppliers/routes/supplier-page'),
  (m) => m.SupplierPage,
);
const PricesPage = lazyPage(
  () => import('../features/insights/routes/prices-page'),
  (m) => m.PricesPage,
);
const ProfilePage = lazyPage(
  () => import('../features/profile/routes/profile-page'),
  (m) => m.ProfilePage,
);
const AdminPage = lazyPage(
  () => import('../features/admin/routes/admin-page'),
  (m) => m.AdminPage,
);
const NotFoundPage = lazyPage(
  () => import('../components/not-found-page'),
  (m) => m.NotFoundPage,
);

/** What a route behind sign-in keeps in its `handle`: how to fetch its screen ahead. */
interface FetchAhead {
  preload: () => Promise<unknown>;
}

function ahead(Page: Preloadable<object>): FetchAhead {
  return { preload: Page.preload };
}

function page(element: ReactNode) {
  return <Suspense fallback={<PageLoader />}>{element}</Suspense>;
}

export const router = createBrowserRouter([
  {
    // Every page: a form with typed, unsaved data asks before any of them is left.
    element: <UnsavedChangesGuard />,
    children: [
      // A page of its own, outside the app's shell: its main landmark is given here.
      {
        path: '/reset-password',
        element: <main>{page(<ResetPasswordPage />)}</main>,
        errorElement: <PageError />,
      },
      {
        path: '/verify-email',
        element: <main>{page(<VerifyEmailPage />)}</main>,
        errorElement: <PageError />,
      },
      // An invitation's link: the colleague has no account yet, so no sign-in gate.
      { path: '/join', element: <main>{page(<JoinPage />)}</main>, errorElement: <PageError /> },
      // A supplier's personal offer link: no account, so no sign-in gate and no app shell.
      { path: '/offer/:token', element: <main>{page(<OfferPage />)}</main>, errorElement: <PageError /> },
      // The supplier's link in a stem confirmation mail, to acknowledge it: no account either.
      {
        path: '/offer/:token/acknowledge',
        element: <main>{page(<AcknowledgePage />)}</main>,
        errorElement: <PageError />,
      },
      {
        path: '/',
        element: <AuthGate>{page(<AppLayout />)}</AuthGate>,
        errorElement: <PageError />,
        handle: ahead(AppLayout),
        children: [
          // Each page has its own boundary, so a failing page keeps the navigation around it.
          {
            index: true,
            element: page(<DashboardPage />),
            errorElement: <PageError />,
            handle: ahead(DashboardPage),
          },
          {
            path: 'inquiries',
            element: page(<InquiriesPage />),
            errorElement: <PageError />,
            handle: ahead(InquiriesPage),
          },
          // The create form has an address of its own, so Back returns to the list.
          {
            path: 'inquiries/new',
            element: page(<NewInquiryPage />),
            errorElement: <PageError />,
            handle: ahead(NewInquiryPage),
          },
          {
            path: 'inquiries/:inquiryId',
            element: page(<InquiryDetailPage />),
            errorElement: <PageError />,
            handle: ahead(InquiryDetailPage),
          },
          {
            path: 'stems',
            element: page(<StemsPage />),
            errorElement: <PageError />,
            handle: ahead(StemsPage),
          },
          {
            path: 'stems/:stemId',
            element: page(<StemDetailPage />),
            errorElement: <PageError />,
            handle: ahead(StemDetailPage),
          },
          {
            path: 'customers',
            element: page(<CustomersPage />),
            errorElement: <PageError />,
            handle: ahead(CustomersPage),
          },
          {
            path: 'suppliers',
            element: page(<SuppliersPage />),
            errorElement: <PageError />,
            handle: ahead(SuppliersPage),
          },
          {
            path: 'suppliers/:supplierId',
            element: page(<SupplierPage />),
            errorElement: <PageError />,
            handle: ahead(SupplierPage),
          },
          {
            path: 'prices',
            element: page(<PricesPage />),
            errorElement: <PageError />,
            handle: ahead(PricesPage),
          },
          {
            path: 'profile',
            element: page(<ProfilePage />),
            errorElement: <PageError />,
            handle: ahead(ProfilePage),
          },
          {
            path: 'admin',
            element: page(<AdminPage />),
            errorElement: <PageError />,
            handle: ahead(AdminPage),
          },
          { path: '*', element: page(<NotFoundPage />), handle: ahead(NotFoundPage) },
        ],
      },
    ],
  },
]);

/**
 * With a session kept, the app's shell and the page asked for are fetched while the session is
 * checked (/api/auth/me), not one after the other once it answers (issue 27: Lighthouse's request
 * chain on the inquiry list). A signed-out visitor fetches nothing ahead.
 */
if (tokenStore.get())
  for (const { route } of router.state.matches) void (route.handle as FetchAhead | undefined)?.preload();
