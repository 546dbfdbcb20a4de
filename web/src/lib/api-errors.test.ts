import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR } from './api';
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
  it('a 404 read is left to the page, a 404 save is said; anything unknown is a generic toast', () => {
    expect(reactToApiError(err(404, 'Not found'))).toEqual({ kind: 'none' });
    expect(reactToApiError(err(404, 'User not found'), 'write')).toEqual({ kind: 'toast', message: 'User not found' });
    expect(reactToApiError(new Error('boom'))).toEqual({ kind: 'toast', message: 'Something went wrong' });
  });
  it('a server failure names its request id under the message; no answer says the connection failed', () => {
    const failed = new ApiError(500, { errors: [{ msg: 'Something went wrong. Please try again later', code: 'INTERNAL' }], request_id: 'r-42' }, 'Something went wrong. Please try again later');
    expect(reactToApiError(failed)).toEqual({ kind: 'toast', message: 'Something went wrong. Please try again later', detail: 'Reference: r-42' });
    expect(reactToApiError(new ApiError(0, null, NETWORK_ERROR))).toEqual({ kind: 'toast', message: 'The connection failed. Check your internet connection and try again.' });
  });
  it('failures of one call share a toast key, so the newer replaces the older; other calls keep theirs', () => {
    const offline = reactToApiError(new ApiError(0, null, NETWORK_ERROR, 'profile.editTag'), 'write');
    const refused = reactToApiError(new ApiError(400, { errors: [{ msg: 'Tag is too long', code: 'X' }] }, 'Tag is too long', 'profile.editTag'), 'write');
    const other = reactToApiError(new ApiError(0, null, NETWORK_ERROR, 'profile.changePassword'), 'write');
    expect(offline).toEqual({ kind: 'toast', message: NETWORK_ERROR, key: 'failed:profile.editTag' });
    expect(refused).toEqual({ kind: 'toast', message: 'Tag is too long', key: 'failed:profile.editTag' });
    expect(other).toMatchObject({ key: 'failed:profile.changePassword' });
  });
  it('an order already booked leads to its booking from the toast', () => {
    const booked = new ApiError(409, {
      errors: [{ msg: 'This order is already booked (tracking number LE77). Cancel that booking to book it again.', code: 'ORDER_ALREADY_BOOKED' }], tracking_number: 'LE77',
    }, 'This order is already booked (tracking number LE77). Cancel that booking to book it again.', 'booking.book');
    expect(reactToApiError(booked, 'write')).toMatchObject({ kind: 'toast', link: { to: '/dashboard/post-booking?tracking=LE77', label: 'Open the booking' } });
    // without the number there is nowhere to lead
    expect(reactToApiError(new ApiError(409, { errors: [{ msg: 'This order is already booked', code: 'ORDER_ALREADY_BOOKED' }] }, 'This order is already booked'), 'write')).not.toHaveProperty('link');
  });
});

describe('what a toast shows of a server answer', () => {
  it("a courier that did not answer is said plainly, without the request id, which only an unexpected failure shows", () => {
    const lost = new ApiError(502, { errors: [{ msg: 'The courier did not answer. Please try again in a moment.', code: 'COURIER_UNAVAILABLE' }], request_id: 'r-77' },
      'The courier did not answer. Please try again in a moment.', 'booking.cancel');
    expect(reactToApiError(lost, 'write')).toEqual({ kind: 'toast', message: 'The courier did not answer. Please try again in a moment.', key: 'failed:booking.cancel' });
  });

  it('a tracking number that is another booking\'s leads to that booking', () => {
    const taken = new ApiError(409, {
      errors: [{ msg: 'Tracking number MP1 belongs to the booking of #1002 in Dakiya. Check the number on the courier\'s portal.', code: 'TRACKING_NUMBER_TAKEN', param: 'tracking_number' }],
      tracking_number: 'MP1',
    }, 'x');
    expect(reactToApiError(taken, 'write')).toMatchObject({ link: { to: '/dashboard/post-booking?tracking=MP1', label: 'Open that booking' } });
  });
});
