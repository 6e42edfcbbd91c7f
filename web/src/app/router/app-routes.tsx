import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { createBrowserRouter } from 'react-router';
import { Spinner } from '../../components/spinner';
import { importWithPreloadErrorEvent } from '../../lib/preload-error';
import { paths } from '../../lib/paths';
import { installValidationMessages } from '../../lib/validation-messages-loader';
import { dashboardLoader } from './read-ahead';
import { RootLayout } from './root-layout';
import {
  RedirectSignedIn,
  RequireSession,
  ResetPasswordGuard,
  SessionGate,
  VerifyEmailGuard,
} from './route-guards';
import { RouterErrorPage } from './router-error-page';

/**
 * A lazy route's loader: the page's own chunk, raising vite:preloadError if it fails to load, and
 * for a page with forms (all but the landing page) the product's validation wording with it.
 */
function lazyPage<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  options: { readonly hasForms?: boolean } = {},
) {
  return async () => {
    const [module] = await Promise.all([
      importWithPreloadErrorEvent(load),
      options.hasForms === false ? undefined : installValidationMessages(),
    ]);
    return { Component: pick(module) };
  };
}

/** Route paths relative to the root, from the one paths module. */
function child(path: string): string {
  return path.slice(1);
}

/** Docs sub-page paths relative to /docs. */
function docsChild(path: string): string {
  return path.slice(paths.docs.length + 1);
}

/**
 * Every page is its own chunk, loaded when first visited: the router starts loading it with the
 * navigation, beside the chunks of the routes around it. The dashboard's route also asks for the
 * page's first reads as the app starts on it.
 */
export function appRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: paths.home,
      Component: RootLayout,
      errorElement: <RouterErrorPage />,
      hydrateFallbackElement: <Spinner minHeight="100vh" />,
      children: [
        {
          Component: SessionGate,
          children: [
            {
              index: true,
              lazy: lazyPage(
                () => import('../../features/landing/landing-page'),
                (m) => m.LandingPage,
                { hasForms: false },
              ),
            },
          ],
        },
        {
          Component: RedirectSignedIn,
          children: [
            {
              path: child(paths.login),
              lazy: lazyPage(
                () => import('../../features/auth/login-page'),
                (m) => m.LoginPage,
              ),
            },
            {
              path: child(paths.register),
              lazy: lazyPage(
                () => import('../../features/auth/register-page'),
                (m) => m.RegisterPage,
              ),
            },
          ],
        },
        {
          // The sign-in's second step: its own page goes on once signed in.
          path: child(paths.twoFactorSignIn),
          lazy: lazyPage(
            () => import('../../features/auth/two-factor-page'),
            (m) => m.TwoFactorPage,
          ),
        },
        {
          Component: VerifyEmailGuard,
          children: [
            {
              path: child(paths.verifyEmail),
              lazy: lazyPage(
                () => import('../../features/auth/verify-email-page'),
                (m) => m.VerifyEmailPage,
              ),
            },
          ],
        },
        {
          Component: ResetPasswordGuard,
          children: [
            {
              path: child(paths.resetPassword),
              lazy: lazyPage(
                () => import('../../features/auth/reset-password-page'),
                (m) => m.ResetPasswordPage,
              ),
            },
          ],
        },
        {
          // Top bar, footer and workspace selection around every other page.
          lazy: lazyPage(
            () => import('../layout/app-shell'),
            (m) => m.AppShell,
          ),
          children: [
            {
              path: child(paths.pricing),
              lazy: lazyPage(
                () => import('../../features/pricing/pricing-page'),
                (m) => m.PricingPage,
              ),
            },
            {
              path: child(paths.privacyPolicy),
              lazy: lazyPage(
                () => import('../../features/legal/privacy-policy-page'),
                (m) => m.PrivacyPolicyPage,
              ),
            },
            {
              path: child(paths.termsOfService),
              lazy: lazyPage(
                () => import('../../features/legal/terms-of-service-page'),
                (m) => m.TermsOfServicePage,
              ),
            },
            {
              path: child(paths.unsubscribe),
              lazy: lazyPage(
                () => import('../../features/alert-emails/unsubscribe-page'),
                (m) => m.UnsubscribePage,
              ),
            },
            {
              path: child(paths.alertAction),
              lazy: lazyPage(
                () => import('../../features/alert-emails/alert-action-page'),
                (m) => m.AlertActionPage,
              ),
            },
            {
              element: <RequireSession verified />,
              children: [
                {
                  path: child(paths.dashboard),
                  loader: dashboardLoader(queryClient),
                  // Its reads are the page's own queries': nothing to load again on navigation.
                  shouldRevalidate: () => false,
                  lazy: lazyPage(
                    () => import('../../features/dashboard/dashboard-page'),
                    (m) => m.DashboardPage,
                  ),
                },
                {
                  path: child(paths.preferences),
                  lazy: lazyPage(
                    () => import('../../features/preferences/preferences-page'),
                    (m) => m.PreferencesPage,
                  ),
                },
              ],
            },
            {
              element: <RequireSession />,
              children: [
                {
                  path: child(paths.billing),
                  lazy: lazyPage(
                    () => import('../../features/billing/billing-page'),
                    (m) => m.BillingPage,
                  ),
                },
                {
                  path: child(paths.usage),
                  lazy: lazyPage(
                    () => import('../../features/usage/usage-page'),
                    (m) => m.UsagePage,
                  ),
                },
                {
                  path: child(paths.organizationSignIn),
                  lazy: lazyPage(
                    () => import('../../features/organization-sign-in/organization-sign-in-page'),
                    (m) => m.OrganizationSignInPage,
                  ),
                },
                {
                  path: child(paths.integrations),
                  lazy: lazyPage(
                    () => import('../../features/integrations/integrations-page'),
                    (m) => m.IntegrationsPage,
                  ),
                },
                {
                  path: child(paths.workspaces),
                  lazy: lazyPage(
                    () => import('../../features/workspaces/workspaces-page'),
                    (m) => m.WorkspacesPage,
                  ),
                },
                {
                  path: child(paths.audit),
                  lazy: lazyPage(
                    () => import('../../features/audit/audit-page'),
                    (m) => m.AuditPage,
                  ),
                },
                {
                  path: child(paths.help),
                  lazy: lazyPage(
                    () => import('../../features/help/help-page'),
                    (m) => m.HelpPage,
                  ),
                },
                {
                  path: child(paths.docs),
                  lazy: lazyPage(
                    () => import('../../features/docs/docs-layout'),
                    (m) => m.DocsLayout,
                  ),
                  children: [
                    {
                      index: true,
                      lazy: lazyPage(
                        () => import('../../features/docs/docs-overview-page'),
                        (m) => m.DocsOverviewPage,
                      ),
                    },
                    {
                      path: docsChild(paths.docsTeams),
                      lazy: lazyPage(
                        () => import('../../features/docs/docs-teams-page'),
                        (m) => m.DocsTeamsPage,
                      ),
                    },
                    {
                      path: docsChild(paths.docsTokens),
                      lazy: lazyPage(
                        () => import('../../features/docs/docs-tokens-page'),
                        (m) => m.DocsTokensPage,
                      ),
                    },
                    {
                      path: docsChild(paths.docsAlerts),
                      lazy: lazyPage(
                        () => import('../../features/docs/docs-alerts-page'),
                        (m) => m.DocsAlertsPage,
                      ),
                    },
                    {
                      path: docsChild(paths.docsAudit),
                      lazy: lazyPage(
                        () => import('../../features/docs/docs-audit-page'),
                        (m) => m.DocsAuditPage,
                      ),
                    },
                    {
                      path: docsChild(paths.docsUsage),
                      lazy: lazyPage(
                        () => import('../../features/docs/docs-usage-page'),
                        (m) => m.DocsUsagePage,
                      ),
                    },
                    {
                      path: docsChild(paths.docsApi),
                      lazy: lazyPage(
                        () => import('../../features/docs/docs-api-page'),
                        (m) => m.DocsApiPage,
                      ),
                    },
                  ],
                },
              ],
            },
            {
              path: '*',
              lazy: lazyPage(
                () => import('../../features/not-found/not-found-page'),
                (m) => m.NotFoundPage,
              ),
            },
          ],
        },
      ],
    },
  ];
}

/**
 * The app's router: made before the first render (main.tsx), it starts loading the route. The
 * dashboard's loader fills `queryClient`, the app's query cache.
 */
export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(appRoutes(queryClient));
}

export type AppRouter = ReturnType<typeof createAppRouter>;
