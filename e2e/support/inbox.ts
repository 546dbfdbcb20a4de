import { inject } from 'vitest';
import { apiClient, type ApiClient } from '../../local/api-client';
import { waitForLink } from '../../local/services/ses';

/** The newest link to `path` in mail sent to `to`, waiting for the outbox to deliver it. */
export function linkFromInbox(to: string, path: string): Promise<URL> {
  return waitForLink(inject('inboxUrl'), to, path);
}

/** The API by route id, as a script calls it: for setting up a case, not for what the test proves. */
export function api(): ApiClient {
  return apiClient(inject('appUrl'));
}
