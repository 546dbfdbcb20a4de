import { API_BASE, routes } from '@dakiya/shared';
import type { Env } from '../ground/env';

export const STATE_COOKIE = 'shopify_app_state';
export const STATE_TTL_SECONDS = 600;

export const callbackPath = () => `${API_BASE}${routes['shopify.callback'].path}`;
export const callbackUrl = (env: Env) => `${env.APP_URL}${callbackPath()}`;
export const requiredScopes = (env: Env) => env.SHOPIFY_SCOPES.split(',').map((s) => s.trim()).filter(Boolean);

export function stateCookie(env: Env, value: string, maxAge: number): string {
  const secure = env.APP_URL.startsWith('https://') ? '; Secure' : '';
  return `${STATE_COOKIE}=${value}; Path=${callbackPath()}; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}
