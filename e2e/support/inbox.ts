import { inject } from 'vitest';
import { apiClient, type ApiClient } from '../../local/api-client';
import { readInbox, waitForLink } from '../../local/services/ses';

/** The newest link to `path` in mail sent to `to`, waiting for the outbox to deliver it. */
export function linkFromInbox(to: string, path: string): Promise<URL> {
  return waitForLink(inject('inboxUrl'), to, path);
}

/** The API by route id, as a script calls it: for setting up a case, not for what the test proves. */
export function api(): ApiClient {
  return apiClient(inject('appUrl'));
}

/** The six-digit code of the newest sign-in code mail to `to` (since `since`, unix seconds), waiting for it. */
export async function codeFromInbox(to: string, since: number, timeoutMs = 20000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await readInbox(inject('inboxUrl'), since)).reverse().find((m) => m.destination.to.includes(to) && /sign-in code/.test(m.subject));
    const code = mail?.body.text?.match(/sign-in code is (\d{6})\b/)?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no sign-in code reached ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
