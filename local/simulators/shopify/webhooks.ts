import { signBody, uuid } from './crypto';
import type { SimState } from './state';

export interface DeliveryAttempt {
  /** Simulator clock time of the attempt. */
  at: string;
  status: number | null;
  error: string | null;
  latencyMs: number;
}

export interface DeliveryRecord {
  webhookId: string;
  eventId: string;
  topic: string;
  shop: string;
  uri: string | null;
  body: string;
  headers: Record<string, string>;
  state: 'pending' | 'held' | 'delivered' | 'failed' | 'no-subscription';
  attempts: DeliveryAttempt[];
}

export type WebhookFault =
  | { kind: 'bad-hmac' }
  | { kind: 'missing-header'; header: string }
  | { kind: 'duplicate' };

const COMPLIANCE = ['customers/data_request', 'customers/redact', 'shop/redact'];

/**
 * Delivers webhooks like Shopify (§2.1, §9.5): the REST body serialized once and signed as is,
 * all headers, a new webhook id per delivery reused by its retries, retries on non-2xx or
 * timeout, every attempt recorded. `drain()` runs outstanding attempts now, so tests never wait.
 */
export class WebhookDispatcher {
  readonly deliveries: DeliveryRecord[] = [];
  private readonly timers = new Map<DeliveryRecord, NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private faults: { fault: WebhookFault; remaining: number }[] = [];
  private paused = false;
  /** Aborts in-flight deliveries when the simulator stops. */
  private readonly stopping = new AbortController();

  constructor(
    private readonly state: SimState,
    private readonly send: typeof fetch = fetch,
  ) {}

  /** One event → one delivery per subscription (one URI per topic here). */
  enqueue(shop: string, topic: string, payload: unknown, triggeredAtMs = this.state.clock.now()): DeliveryRecord {
    const body = JSON.stringify(payload);
    const config = this.state.config;
    // Subscriptions belong to an installation: nothing but app/uninstalled and the privacy topics
    // reaches an app that is not (or no longer) installed.
    const installed = this.state.shop(shop)?.installation?.active ?? false;
    const uri = installed || topic === 'app/uninstalled' || this.isCompliance(topic) ? this.uriFor(topic) : null;
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      'X-Shopify-Topic': topic,
      'X-Shopify-Hmac-Sha256': signBody(body, config.clientSecret),
      'X-Shopify-Shop-Domain': shop,
      'X-Shopify-API-Version': config.apiVersion,
      'X-Shopify-Webhook-Id': uuid(),
      'X-Shopify-Event-Id': uuid(),
      'X-Shopify-Triggered-At': new Date(triggeredAtMs).toISOString(),
      'User-Agent': 'Shopify-Captain-Hook',
    };
    const fault = this.takeFault();
    if (fault?.kind === 'bad-hmac') headers['X-Shopify-Hmac-Sha256'] = signBody(body, `${config.clientSecret}-wrong`);
    if (fault?.kind === 'missing-header') delete headers[fault.header];
    const record: DeliveryRecord = {
      webhookId: headers['X-Shopify-Webhook-Id'] ?? '',
      eventId: headers['X-Shopify-Event-Id'] ?? '',
      topic,
      shop,
      uri,
      body,
      headers,
      state: uri ? (this.paused ? 'held' : 'pending') : 'no-subscription',
      attempts: [],
    };
    this.deliveries.push(record);
    if (record.state === 'pending') this.schedule(record, 0);
    if (fault?.kind === 'duplicate' && uri) {
      // Same delivery twice: same webhook id, same bytes (Shopify's at-least-once delivery).
      const copy: DeliveryRecord = { ...record, headers: { ...headers }, attempts: [], state: record.state };
      this.deliveries.push(copy);
      if (copy.state === 'pending') this.schedule(copy, 0);
    }
    return record;
  }

  isCompliance(topic: string): boolean {
    return COMPLIANCE.includes(topic);
  }

  addFault(fault: WebhookFault, count = 1): void {
    this.faults.push({ fault, remaining: count });
  }

  /** Hold new deliveries (to deliver them later, e.g. out of order). */
  pause(): void {
    this.paused = true;
  }

  resume(options: { reverse?: boolean } = {}): void {
    this.paused = false;
    const held = this.deliveries.filter((d) => d.state === 'held');
    if (options.reverse) held.reverse();
    for (const d of held) {
      d.state = 'pending';
      this.schedule(d, 0);
    }
  }

  /** Runs every outstanding attempt now (ignoring backoff delays) until nothing is pending. */
  async drain(): Promise<void> {
    for (let round = 0; round < 100; round += 1) {
      for (const [record, timer] of [...this.timers]) {
        clearTimeout(timer);
        this.timers.delete(record);
        this.start(record);
      }
      if (this.inFlight.size === 0) return;
      await Promise.allSettled([...this.inFlight]);
    }
  }

  stop(): void {
    this.stopping.abort();
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private uriFor(topic: string): string | null {
    const config = this.state.config;
    const uri = config.webhookUris?.[topic] ?? config.webhookUri;
    if (!uri) return null;
    return new URL(uri, config.appUrl).toString();
  }

  private takeFault(): WebhookFault | undefined {
    const entry = this.faults[0];
    if (!entry) return undefined;
    entry.remaining -= 1;
    if (entry.remaining <= 0) this.faults.shift();
    return entry.fault;
  }

  private schedule(record: DeliveryRecord, delayMs: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(record);
      this.start(record);
    }, delayMs);
    timer.unref();
    this.timers.set(record, timer);
  }

  private start(record: DeliveryRecord): void {
    const run = this.attempt(record).finally(() => this.inFlight.delete(run));
    this.inFlight.add(run);
  }

  private async attempt(record: DeliveryRecord): Promise<void> {
    if (!record.uri || record.state !== 'pending' || this.stopping.signal.aborted) return;
    const started = performance.now();
    const attempt: DeliveryAttempt = { at: this.state.clock.iso(), status: null, error: null, latencyMs: 0 };
    try {
      const response = await this.send(record.uri, {
        method: 'POST',
        headers: record.headers,
        body: record.body,
        signal: AbortSignal.any([AbortSignal.timeout(this.state.config.webhookTimeoutMs), this.stopping.signal]),
      });
      attempt.status = response.status;
      await response.body?.cancel();
    } catch (error) {
      attempt.error = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    }
    attempt.latencyMs = Math.round(performance.now() - started);
    record.attempts.push(attempt);
    if (this.stopping.signal.aborted) return;
    if (attempt.status !== null && attempt.status >= 200 && attempt.status < 300) {
      record.state = 'delivered';
      return;
    }
    const delays = this.state.config.webhookRetryDelaysMs;
    const retry = record.attempts.length - 1;
    if (retry >= delays.length) {
      record.state = 'failed';
      return;
    }
    this.schedule(record, delays[retry] ?? 0);
  }
}
