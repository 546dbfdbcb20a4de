import { COURIER_SIMS, DEMO_CREDENTIALS, type CourierSims } from './simulators/couriers';
import { apiClient } from './api-client';

/** How often local mode reads the Leopards simulator's parcels, so those wall-clock time moved are pushed. */
export const PUSH_SWEEP_MS = 60_000;

/**
 * Local mode's Leopards pushes (issue 22): each demo shop's Leopards account's callback address, read
 * from the API as its owner reads it on the account page, is given to the simulator, which then pushes
 * every parcel move of that account to the gateway: parcels move with no poll. The simulator's parcels
 * move when read or when its clock is advanced; a timer reads them every minute for wall-clock moves.
 */
export async function wireLeopardPushes(appUrl: string, couriers: CourierSims, owners: { email: string; password: string }[]): Promise<() => void> {
  const api = apiClient(appUrl);
  const apiKey = DEMO_CREDENTIALS.LEOPARD.api_key;
  if (!apiKey || !COURIER_SIMS.some((sim) => sim.id === 'LEOPARD')) return () => undefined;
  for (const owner of owners) {
    const { auth_token: token } = await api.call('auth.login', { body: { email: owner.email, password: owner.password } });
    const { accounts } = await api.call('accounts.list', { token });
    // the demo accounts share the simulator's demo key, so the simulator knows one address for it: the demo shop's
    const leopard = accounts.find((a) => a.company === 'LEOPARD' && !a.in_active);
    if (leopard) {
      const { url } = await api.call('accounts.statusPush', { token, params: { id: leopard._id } });
      couriers.sims.LEOPARD.push.setUrl(apiKey, url);
    }
    await api.call('auth.logout', { token });
    if (leopard) break;
  }
  const timer = setInterval(() => couriers.sims.LEOPARD.push.due(), PUSH_SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}
