import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { PageLoading } from '@/components/ui/spinner';
import { HomePage } from '@/features/catalog/home-page';
import { NotFoundPage } from '@/features/catalog/not-found-page';
import { ServicePage } from '@/features/catalog/service-page';
import { RequireSession } from './guards';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

const PurchaseArea = lazy(() => import('@/features/checkout/purchase-area'));

/** Public pages are in the first bundle; everything behind a session or a token loads on demand. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    HydrateFallback: PageLoading,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'services/:id', element: <ServicePage PurchaseArea={PurchaseArea} /> },
      {
        path: 'confirm_verification',
        lazy: async () => ({
          Component: (await import('@/features/auth/confirm-verification-page')).ConfirmVerificationPage,
        }),
      },
      {
        path: 'confirm_password_reset',
        lazy: async () => ({
          Component: (await import('@/features/auth/confirm-password-reset-page')).ConfirmPasswordResetPage,
        }),
      },
      {
        element: <RequireSession />,
        children: [
          {
            path: 'tracking',
            lazy: async () => ({
              Component: (await import('@/features/tracking/tracking-page')).TrackingPage,
            }),
          },
          {
            lazy: async () => ({ Component: (await import('./require-admin')).RequireAdmin }),
            children: [
              {
                path: 'dashboard',
                lazy: async () => ({
                  Component: (await import('@/features/bookings/dashboard-page')).DashboardPage,
                }),
              },
              {
                path: 'booking-details/:id',
                lazy: async () => ({
                  Component: (await import('@/features/bookings/booking-details-page')).BookingDetailsPage,
                }),
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
