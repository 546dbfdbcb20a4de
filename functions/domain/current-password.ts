import type { Deps } from './ports/deps';
import { AppError } from '../ground/errors';
import { verifyPassword } from '../ground/passwords';
import type { PersonRecord } from './records';
import { countedCheck } from './sign-in-limits';

/**
 * The signed-in person proves they know the password before changing how they sign in, so a stolen
 * session alone cannot turn two-factor on or off or take the recovery codes. A guess here is a
 * password try like one at sign-in (domain/sign-in-limits.ts), from the same address.
 */
export async function checkCurrentPassword(person: PersonRecord, password: string, deps: Deps, address: string, param = 'password'): Promise<void> {
  await countedCheck(deps, person.email, address, 'password', async () => {
    if (!person.passwordHash || !(await verifyPassword(password, person.passwordHash))) {
      throw new AppError('VALIDATION_FAILED', { msg: 'Current password is incorrect', param });
    }
  });
}
