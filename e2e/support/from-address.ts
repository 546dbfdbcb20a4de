import http from 'node:http';
import { inject } from 'vitest';
import { API_BASE, routes, type RouteId } from '@dakiya/shared';

/**
 * A call to the local gateway from another loopback address (127.0.0.2 and up): the gateway, playing
 * CloudFront, takes the connection's address as the viewer's, so this is another network than the
 * browsers' 127.0.0.1. For the per-address rules of sign-in.
 */
export function callFrom(address: string, id: RouteId, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const url = new URL(`${API_BASE}${routes[id].path}`, inject('appUrl'));
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname, method: routes[id].method, localAddress: address, headers: { 'content-type': 'application/json' } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => { text += chunk; });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}
