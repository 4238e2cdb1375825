import { lazy, type ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { HomePage } from '@/features/catalog/home-page';
import { NotFoundPage } from '@/features/catalog/not-found-page';
import { ServicePage } from '@/features/catalog/service-page';
import { lazyWithQueries } from '@/lib/lazy-query-client';
import { RequireSession } from './guards';
import { RootLayout } from './root-layout';
import { RouteErrorBoundary } from './route-error';

/** A screen loaded on demand from a module's named export; RootLayout's Suspense shows it loading. */
function onDemand<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazyWithQueries(async () => {
    const component: ComponentType = (await load())[name];
    return { default: component };
  });
}

const PurchaseArea = lazyWithQueries(() => import('@/features/checkout/purchase-area'));
const ConfirmVerificationPage = onDemand(
  () => import('@/features/auth/confirm-verification-page'),
  'ConfirmVerificationPage',
);
const ConfirmPasswordResetPage = onDemand(
  () => import('@/features/auth/confirm-password-reset-page'),
  'ConfirmPasswordResetPage',
);
const TrackingPage = onDemand(() => import('@/features/tracking/tracking-page'), 'TrackingPage');
const CaseFilePage = onDemand(() => import('@/features/case-file/case-file-page'), 'CaseFilePage');
const AccountPage = onDemand(() => import('@/features/account/account-page'), 'AccountPage');
const StandbyPage = onDemand(() => import('@/features/standby/standby-page'), 'StandbyPage');
const OpeningDayPage = onDemand(() => import('@/features/opening-day/opening-day-page'), 'OpeningDayPage');
const ConsulatesPage = onDemand(() => import('@/features/opening-day/consulates-page'), 'ConsulatesPage');
// Public and prerendered, but not in the first bundle: the legal texts (long) and the wait page (issue #28,
// item 5; its figures are drawn by its own small script before the app loads). Each loads with its own page,
// without the query client it never uses.
const ON_DEMAND_PATHS = ['/termos', '/privacidade', '/espera'] as const;
type OnDemandPath = (typeof ON_DEMAND_PATHS)[number];
const onDemandLoaders: Record<OnDemandPath, () => Promise<ComponentType>> = {
  '/termos': async () => (await import('@/features/catalog/terms-page')).TermsPage,
  '/privacidade': async () => (await import('@/features/catalog/privacy-page')).PrivacyPage,
  '/espera': async () => (await import('@/features/catalog/wait-page')).WaitPage,
};
const onDemandModules: Partial<Record<OnDemandPath, ComponentType>> = {};
const loadOnDemand = async (path: OnDemandPath) => (onDemandModules[path] ??= await onDemandLoaders[path]());

const isOnDemandPath = (path: string): path is OnDemandPath =>
  (ON_DEMAND_PATHS as readonly string[]).includes(path);

/**
 * A public page loaded on demand: rendered at once when its code is already here (loaded before hydrating its
 * prerendered HTML, so hydration never falls back to the loading screen), otherwise loaded on demand.
 */
function onDemandPage(path: OnDemandPath) {
  const Lazy = lazy(async () => ({ default: await loadOnDemand(path) }));
  return function OnDemandRoute() {
    const Loaded = onDemandModules[path];
    return Loaded ? <Loaded /> : <Lazy />;
  };
}
const TermsPage = onDemandPage('/termos');
const PrivacyPage = onDemandPage('/privacidade');
const WaitPage = onDemandPage('/espera');

/** Loads the code of a prerendered page that is not in the first bundle, before it is hydrated. */
export async function preloadPrerendered(path: string): Promise<void> {
  if (isOnDemandPath(path)) await loadOnDemand(path);
}

const RequireAdmin = onDemand(() => import('./require-admin'), 'RequireAdmin');
const DashboardPage = onDemand(() => import('@/features/bookings/dashboard-page'), 'DashboardPage');
const BookingDetailsPage = onDemand(
  () => import('@/features/bookings/booking-details-page'),
  'BookingDetailsPage',
);

/**
 * Public pages are in the first bundle; everything behind a session or a token loads on demand. Declarative
 * routes (`useRoutes` under BrowserRouter, StaticRouter or MemoryRouter): the data router's loaders and actions
 * are not used here and cost 16 KB gzipped of every public page.
 */
export const routes: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary>
        <RootLayout />
      </RouteErrorBoundary>
    ),
    children: [
      { index: true, element: <HomePage /> },
      { path: 'services/:id', element: <ServicePage PurchaseArea={PurchaseArea} /> },
      { path: 'termos', element: <TermsPage /> },
      { path: 'privacidade', element: <PrivacyPage /> },
      { path: 'espera', element: <WaitPage /> },
      { path: 'confirm_verification', element: <ConfirmVerificationPage /> },
      { path: 'confirm_password_reset', element: <ConfirmPasswordResetPage /> },
      {
        element: <RequireSession />,
        children: [
          { path: 'tracking', element: <TrackingPage /> },
          { path: 'processo', element: <CaseFilePage /> },
          { path: 'minha-conta', element: <AccountPage /> },
          { path: 'prontidao', element: <StandbyPage /> },
          {
            element: <RequireAdmin />,
            children: [
              { path: 'dashboard', element: <DashboardPage /> },
              { path: 'booking-details/:id', element: <BookingDetailsPage /> },
              { path: 'dia', element: <OpeningDayPage /> },
              { path: 'consulados', element: <ConsulatesPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** The app's routes, under whichever router the caller provides. */
export function AppRoutes() {
  return useRoutes(routes);
}
