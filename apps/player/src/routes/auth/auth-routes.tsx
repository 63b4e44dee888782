import { guestOnlyLoader, registerLoader } from '@cadence/app-shell/auth/guest-only';
import type { RouteObject } from 'react-router';

/** Spec 2.4 authentication routes; they render in the auth page shell, outside the player layout. */
export const authRoutes: RouteObject[] = [
  {
    path: 'login',
    loader: guestOnlyLoader,
    lazy: () => import('@cadence/app-shell/auth/login-page').then((m) => ({ Component: m.LoginPage })),
  },
  {
    path: 'workspace/join/login',
    loader: guestOnlyLoader,
    lazy: () =>
      import('@cadence/app-shell/auth/login-page').then((m) => ({
        Component: () => <m.LoginPage isWorkspaceJoin />,
      })),
  },
  {
    path: 'register',
    loader: registerLoader,
    lazy: () => import('@cadence/app-shell/auth/register-page').then((m) => ({ Component: m.RegisterPage })),
  },
  {
    path: 'workspace/join/register',
    loader: registerLoader,
    lazy: () =>
      import('@cadence/app-shell/auth/register-page').then((m) => ({
        Component: () => <m.RegisterPage isWorkspaceJoin />,
      })),
  },
  {
    path: 'forgot-password',
    loader: guestOnlyLoader,
    lazy: () =>
      import('@cadence/app-shell/auth/forgot-password-page').then((m) => ({
        Component: m.ForgotPasswordPage,
      })),
  },
  {
    path: 'password/reset/:token',
    loader: guestOnlyLoader,
    lazy: () =>
      import('@cadence/app-shell/auth/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })),
  },
];
