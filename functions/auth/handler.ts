import { groupHandler } from '../platform/chain';
import { createPassword } from './create-password';
import { getMe } from './get-me';
import { loginUser } from './login-user';
import { logout } from './logout';

export const operations = {
  'auth.login': loginUser,
  'auth.me': getMe,
  'auth.logout': logout,
  'auth.createPassword': createPassword,
};

export const handler = groupHandler('auth', operations);
