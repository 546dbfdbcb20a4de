/** A script's call to the local API (seeding, test set-up): JSON in, JSON out, a clear error otherwise. */
export async function callApi(appUrl: string, path: string, body?: unknown, token?: string, method = 'POST'): Promise<Record<string, unknown>> {
  const res = await fetch(`${appUrl}/api/v1${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(data)}`);
  return data;
}
