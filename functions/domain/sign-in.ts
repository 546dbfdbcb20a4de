import type { LoginOutput, StoreOption } from '@dakiya/shared';
import type { Deps } from './ports/deps';
import { AppError } from '../ground/errors';
import { membershipsOf, type Membership } from './people';
import type { PersonRecord } from './records';
import { startSession } from './sessions';

const usable = (m: Membership) => m.user.is_active && m.shop.status === 'ACTIVE';
const option = (m: Membership): StoreOption => ({ domain: m.shop.domain, name: m.shop.name });

/**
 * After the person proved who they are (the password, and the emailed code when it was asked for):
 * restricted and uninstalled are said only now. A person in several stores chooses one (the store opened
 * from Shopify comes as `store`): each has its own session. Two-factor, once on, is asked for next.
 */
export async function openStore(person: PersonRecord, store: string | undefined, deps: Deps): Promise<LoginOutput> {
  const memberships = await membershipsOf(person, deps);
  const asked = store ? memberships.find((m) => m.shop.domain === store) : undefined;
  const open = memberships.filter(usable);
  let chosen = asked;
  if (!chosen) {
    if (open.length === 1 && !store) chosen = open[0]!;
    else if (open.length > 0) {
      const notice = store ? `You have no access to ${store} with this account. Choose one of your stores.` : undefined;
      return { auth_token: '', two_factor_await: false, stores: open.map(option), notice };
    } else {
      // nothing to open: say why, the restriction first (the admin can lift it)
      if (memberships.some((m) => !m.user.is_active)) throw new AppError('USER_RESTRICTED');
      throw new AppError(memberships.length ? 'SHOP_INACTIVE' : 'INVALID_CREDENTIALS');
    }
  }
  if (!chosen.user.is_active) throw new AppError('USER_RESTRICTED');
  if (chosen.shop.status !== 'ACTIVE') throw new AppError('SHOP_INACTIVE');

  // the plan gates setting two-factor up, not the protection: once on, it is asked for on every plan
  const secondStep = person.two_factor_enabled;
  const token = await startSession(chosen.user, chosen.shop, secondStep ? 'two_factor' : 'full', deps);
  return { auth_token: token, two_factor_await: secondStep };
}
