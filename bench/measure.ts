import http from 'node:http';

export interface LatencyStats {
  requests: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  perSecond: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Closed-loop load on loopback: `concurrency` callers, each sending its next request when the last answered. */
export async function load(requests: number, concurrency: number, send: () => Promise<void>): Promise<LatencyStats> {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < requests) {
      next++;
      const t = performance.now();
      await send();
      times.push(performance.now() - t);
    }
  }));
  const elapsed = (performance.now() - started) / 1000;
  const sorted = times.sort((a, b) => a - b);
  return {
    requests: times.length,
    p50: percentile(sorted, 50), p90: percentile(sorted, 90), p99: percentile(sorted, 99), max: sorted.at(-1) ?? 0,
    perSecond: times.length / elapsed,
  };
}

/** The floor to compare against: a bare Node http server answering the same bytes. */
export async function bareServer(body: string): Promise<{ url: string; stop(): Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}/`, stop: () => new Promise((r) => { server.closeAllConnections(); server.close(() => r()); }) };
}
