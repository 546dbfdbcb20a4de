// Generated from shared/src/routes.ts by the route-manifest plugin of web/vite.config.ts. Do not edit.
// The browser builds URLs from this zod-free copy; route-manifest.test.ts proves it equals the table.
import type { Method, RouteId } from '@dakiya/shared';

export const API_BASE = '/api/v1';

export const ROUTE_MANIFEST: { readonly [Id in RouteId]: { readonly method: Method; readonly path: string } } = {
  'system.health': { method: 'GET', path: '/health' },
  'auth.login': { method: 'POST', path: '/login-user' },
  'auth.me': { method: 'GET', path: '/me' },
  'auth.logout': { method: 'POST', path: '/logout' },
  'auth.createPassword': { method: 'POST', path: '/password/create-password' },
  'auth.verifyEmail': { method: 'POST', path: '/verify-email' },
  'auth.resetPin': { method: 'POST', path: '/password/reset-password-pin' },
  'auth.resetPassword': { method: 'POST', path: '/password/reset-password' },
  'auth.exchangeToken': { method: 'POST', path: '/exchange-login-token' },
  'auth.verifyAuthenticator': { method: 'POST', path: '/verify-authenticator-code' },
  'users.list': { method: 'GET', path: '/get-users' },
  'users.get': { method: 'GET', path: '/get-user-to-edit/{id}' },
  'users.create': { method: 'POST', path: '/create-user' },
  'users.edit': { method: 'PUT', path: '/edit-user/{id}' },
  'users.restrict': { method: 'PUT', path: '/restrict-user' },
  'users.changeEmail': { method: 'PUT', path: '/change-email/{id}' },
  'users.setPassword': { method: 'PATCH', path: '/change-password/{id}' },
  'users.delete': { method: 'DELETE', path: '/delete-user/{id}' },
  'users.resendEmail': { method: 'POST', path: '/resend-email' },
  'profile.get': { method: 'GET', path: '/get-user' },
  'profile.changePassword': { method: 'PUT', path: '/change-password' },
  'profile.editTag': { method: 'PUT', path: '/edit-tag' },
  'profile.qrCode': { method: 'GET', path: '/get-qr-code' },
  'profile.verifyQrCode': { method: 'POST', path: '/verify-qr-code' },
  'accounts.list': { method: 'GET', path: '/get-accounts' },
  'accounts.active': { method: 'GET', path: '/get-active-accounts' },
  'accounts.table': { method: 'GET', path: '/get-accounts-table' },
  'accounts.create': { method: 'POST', path: '/create-account' },
  'accounts.get': { method: 'GET', path: '/get-edit-account/{id}' },
  'accounts.update': { method: 'PUT', path: '/update-account' },
  'accounts.cities': { method: 'GET', path: '/get-cities/{tracking_account_id}' },
  'accounts.tcsCities': { method: 'GET', path: '/get-tcs-cities' },
  'shopify.install': { method: 'GET', path: '/shopify/install' },
  'shopify.callback': { method: 'GET', path: '/shopify/callback' },
  'shopify.webhook': { method: 'POST', path: '/shopify/webhooks' },
};
