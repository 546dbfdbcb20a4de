import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { reactToApiError } from './api-errors';

const err = (status: number, msg?: string) =>
  new ApiError(status, msg ? { errors: [{ msg, code: 'X' }] } : null, msg ?? 'Something went wrong');

describe('reactToApiError (spec 000 §8)', () => {
  it('401 -> Unauthorized (token removed, redirect)', () => {
    expect(reactToApiError(err(401, 'Unauthorized'))).toEqual({ kind: 'unauthorized', message: 'Unauthorized' });
  });
  it('400 and 403 -> toast errors[0].msg, else Something went wrong', () => {
    expect(reactToApiError(err(400, 'The request is not valid'))).toEqual({ kind: 'toast', message: 'The request is not valid' });
    expect(reactToApiError(err(403, 'Only an admin can do this'))).toEqual({ kind: 'toast', message: 'Only an admin can do this' });
    expect(reactToApiError(err(403))).toEqual({ kind: 'toast', message: 'Something went wrong' });
  });
  it('404 is left to the page; anything unknown is a generic toast', () => {
    expect(reactToApiError(err(404, 'Not found'))).toEqual({ kind: 'none' });
    expect(reactToApiError(new Error('boom'))).toEqual({ kind: 'toast', message: 'Something went wrong' });
  });
});
