import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR } from '../../lib/api';
import { classifySubmitError } from './submit-errors';

const apiError = (status: number, body: ConstructorParameters<typeof ApiError>[1]) =>
  new ApiError(status, body, body?.errors?.[0]?.msg ?? body?.message ?? 'Something went wrong');

describe('classifySubmitError', () => {
  it('leaves a 401 to the app', () => {
    expect(classifySubmitError(apiError(401, { errors: [{ msg: 'Unauthorized', code: 'UNAUTHORIZED' }] }))).toEqual({ kind: 'app' });
  });

  it('opens the plan-limit modal with the server message, else the fallback', () => {
    expect(classifySubmitError(apiError(403, { plan_limit_error: true, message: 'Free plan allows 10 accounts', errors: [{ msg: 'x', code: 'PLAN_LIMIT_REACHED' }] })))
      .toEqual({ kind: 'planLimit', message: 'Free plan allows 10 accounts' });
    expect(classifySubmitError(apiError(403, { plan_limit_error: true })))
      .toEqual({ kind: 'planLimit', message: 'Kindly upgrade your plan' });
  });

  it('shows a courier refusal inline, with a named field next to it', () => {
    const refusal = apiError(400, { errors: [{ msg: 'Leopards did not accept this API key and password', code: 'COURIER_REJECTED', param: 'api_key' }] });
    expect(classifySubmitError(refusal)).toEqual({
      kind: 'inline', tone: 'error', message: 'Leopards did not accept this API key and password', fields: { api_key: 'Leopards did not accept this API key and password' },
    });
  });

  it('shows a courier outage as a warning to retry', () => {
    const outage = apiError(502, { errors: [{ msg: 'The courier did not answer. Please try again in a moment.', code: 'COURIER_UNAVAILABLE' }] });
    expect(classifySubmitError(outage)).toMatchObject({ kind: 'inline', tone: 'warning', message: 'The courier did not answer. Please try again in a moment.' });
    expect(classifySubmitError(new ApiError(0, null, NETWORK_ERROR))).toMatchObject({ kind: 'inline', tone: 'warning', message: NETWORK_ERROR });
  });

  it('falls back to the generic message', () => {
    expect(classifySubmitError(new Error('boom'))).toMatchObject({ kind: 'inline', message: 'Something went wrong' });
  });
});
