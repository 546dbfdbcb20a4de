import { inject } from 'vitest';
import { callApi } from '../../local/api-client';
import { readInbox } from '../../local/services/ses';

/** The newest link to `path` in mail sent to `to`, waiting a little for it to arrive. */
export async function linkFromInbox(to: string, path: string): Promise<URL> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const mails = await readInbox(inject('inboxUrl'));
    const mail = mails.reverse().find((m) => m.destination.to.includes(to) && m.body.text?.includes(path));
    const link = mail?.body.text?.match(new RegExp(`https?://\\S+${path}\\S*`))?.[0];
    if (link) return new URL(link);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail with a ${path} link reached ${to}`);
}

/** The API as a script would call it: for setting up a case, not for what the test proves. */
export function apiCall(path: string, body?: unknown, token?: string, method = 'POST'): Promise<Record<string, unknown>> {
  return callApi(inject('appUrl'), path, body, token, method);
}
