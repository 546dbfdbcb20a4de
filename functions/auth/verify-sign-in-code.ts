import type { Operation } from '../platform/operation';
import { redeemSignInCode } from '../domain/sign-in-code';
import { rememberAddress } from '../domain/sign-in-limits';
import { openStore } from '../domain/sign-in';

/**
 * The step-up's second half: the emailed code. The person has now proved the password and the mailbox
 * from this address, which is remembered, so choosing a store next asks for no code again.
 */
export const verifySignInCode: Operation<'auth.verifySignInCode'> = async ({ body }, ctx, deps) => {
  const { person, store } = await redeemSignInCode(deps, body.token, body.code, ctx.addressKey);
  await rememberAddress(deps, person.email, ctx.addressKey);
  return openStore(person, store, deps);
};
