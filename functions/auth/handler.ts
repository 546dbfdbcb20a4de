import { groupHandler } from '../platform/chain';
import { createPassword } from './create-password';
import { exchangeToken } from './exchange-token';
import { getMe } from './get-me';
import { loginUser } from './login-user';
import { logout } from './logout';
import { requestPasswordReset, resetPassword } from './reset-password';
import { verifyAuthenticator, verifyRecoveryCode } from './verify-authenticator';
import { verifyEmail } from './verify-email';
import { verifySignInCode } from './verify-sign-in-code';

export const operations = {
  'auth.login': loginUser,
  'auth.me': getMe,
  'auth.logout': logout,
  'auth.createPassword': createPassword,
  'auth.verifyEmail': verifyEmail,
  'auth.resetPin': requestPasswordReset,
  'auth.resetPassword': resetPassword,
  'auth.verifyAuthenticator': verifyAuthenticator,
  'auth.verifyRecoveryCode': verifyRecoveryCode,
  'auth.verifySignInCode': verifySignInCode,
  'auth.exchangeToken': exchangeToken,
};

export const handler = groupHandler('auth', operations);
