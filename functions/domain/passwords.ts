import { AppError } from '../ground/errors';
import { verifyPassword } from '../ground/passwords';
import type { PersonRecord } from './records';

export const SAME_PASSWORD = 'The new password must be different from the current one';

/** A change that keeps the password is no change: whoever knew it still does. */
export async function refuseCurrentPassword(person: PersonRecord, candidate: string, param: string): Promise<void> {
  if (person.passwordHash && (await verifyPassword(candidate, person.passwordHash))) {
    throw new AppError('VALIDATION_FAILED', { msg: SAME_PASSWORD, param });
  }
}
