import { createBrowserRouter } from 'react-router-dom';
import { AdminPage } from '../features/admin/routes/admin-page';
import { ResetPasswordPage } from '../features/auth/routes/reset-password-page';
import { CustomersPage } from '../features/customers/routes/customers-page';
import { DashboardPage } from '../features/dashboard/routes/dashboard-page';
import { InquiriesPage } from '../features/inquiries/routes/inquiries-page';
import { ProfilePage } from '../features/profile/routes/profile-page';
import { SuppliersPage } from '../features/suppliers/routes/suppliers-page';
import { NotFoundPage } from '../components/not-found-page';
import { AppLayout } from './app-layout';
import { AuthGate } from './auth-gate';
import { PageError } from './page-error';

export const router = createBrowserRouter([
  { path: '/reset-password', element: <ResetPasswordPage />, errorElement: <PageError /> },
  {
    path: '/',
    element: (
      <AuthGate>
        <AppLayout />
      </AuthGate>
    ),
    errorElement: <PageError />,
    children: [
      // Each page has its own boundary, so a failing page keeps the navigation around it.
      { index: true, element: <DashboardPage />, errorElement: <PageError /> },
      { path: 'inquiries', element: <InquiriesPage />, errorElement: <PageError /> },
      { path: 'inquiries/:inquiryId', element: <InquiriesPage />, errorElement: <PageError /> },
      { path: 'customers', element: <CustomersPage />, errorElement: <PageError /> },
      { path: 'suppliers', element: <SuppliersPage />, errorElement: <PageError /> },
      { path: 'profile', element: <ProfilePage />, errorElement: <PageError /> },
      { path: 'admin', element: <AdminPage />, errorElement: <PageError /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
