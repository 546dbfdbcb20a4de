import type { Server } from 'node:http';
import * as sesLocal from 'aws-ses-v2-local';

// a CommonJS module whose default export arrives wrapped once more under ESM interop
type StartServer = (config: { host: string; port: number }) => Promise<Server>;
const startSesServer: StartServer = ((sesLocal as unknown as { default: { default?: StartServer } | StartServer }).default as { default?: StartServer }).default
  ?? ((sesLocal as unknown as { default: StartServer }).default);

export interface LocalSes {
  url: string;
  stop(): Promise<void>;
}

/** aws-ses-v2-local in-process: SES v1/v2 SendEmail, an inbox page at `/`, sent mail at `GET /store`. */
export async function startSes(port: number): Promise<LocalSes> {
  const server: Server = await startSesServer({ host: '127.0.0.1', port });
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://127.0.0.1:${actual}`,
    stop: () => new Promise((resolve) => { server.closeAllConnections?.(); server.close(() => resolve()); }),
  };
}

export interface StoredMail {
  messageId: string;
  from: string;
  destination: { to: string[]; cc: string[]; bcc: string[] };
  subject: string;
  body: { text?: string; html?: string };
  at: number;
}

export async function readInbox(sesUrl: string, since?: number): Promise<StoredMail[]> {
  const response = await fetch(`${sesUrl}/store${since ? `?since=${since}` : ''}`);
  const data = (await response.json()) as { emails: StoredMail[] };
  return data.emails;
}

/**
 * The link to `path` in the newest mail sent to `to` (since `since`, unix seconds), waiting for it:
 * mail goes through the outbox, so it lands a moment after the call that queued it.
 */
export async function waitForLink(sesUrl: string, to: string, path: string, opts: { since?: number; timeoutMs?: number } = {}): Promise<URL> {
  const deadline = Date.now() + (opts.timeoutMs ?? 20000);
  for (;;) {
    const mails = await readInbox(sesUrl, opts.since);
    const mail = mails.reverse().find((m) => m.destination.to.includes(to) && m.body.text?.includes(path));
    const link = mail?.body.text?.match(new RegExp(`https?://\\S+${path}\\S*`))?.[0];
    if (link) return new URL(link);
    if (Date.now() > deadline) throw new Error(`no mail with a ${path} link reached ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
