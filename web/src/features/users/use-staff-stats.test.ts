import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { STAFF_ERROR, staffErrorMessage } from './use-staff-stats';

describe('the staff page error (spec 000 §8)', () => {
  it('says the first message of the server\'s errors list', () => {
    const refused = new ApiError(400, { errors: [{ msg: 'The date range must be at most ten years', code: 'VALIDATION_FAILED' }, { msg: 'second', code: 'X' }] }, 'x');
    expect(staffErrorMessage(refused)).toBe('The date range must be at most ten years');
  });

  it('otherwise says Something went wrong. Please try again later', () => {
    expect(STAFF_ERROR).toBe('Something went wrong. Please try again later');
    expect(staffErrorMessage(new ApiError(0, null, 'The connection failed.'))).toBe(STAFF_ERROR);
    expect(staffErrorMessage(new ApiError(500, { errors: [{ msg: ' ', code: 'INTERNAL' }] }, 'x'))).toBe(STAFF_ERROR);
    expect(staffErrorMessage(new Error('boom'))).toBe(STAFF_ERROR);
  });
});
