import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR } from './api';
import { fieldsRefusal, refusalOf, refusalSummary } from './form-refusal';

const refused = (status: number, errors: { msg: string; code: string; param?: string }[], extra: object = {}) =>
  new ApiError(status, { errors, ...extra }, errors[0]!.msg, 'booking.book');

describe('what a form shows by its button when a request is refused', () => {
  it('names the fields the server named, in its order, mapped to the form\'s own names', () => {
    const error = refused(400, [
      { msg: 'Weight must be at least 500 grams for TCS', code: 'VALIDATION_FAILED', param: 'weight' },
      { msg: 'Consignee phone must be a Pakistani mobile', code: 'VALIDATION_FAILED', param: 'consignee_phone' },
      { msg: 'Please add destination city', code: 'VALIDATION_FAILED', param: 'city' },
      { msg: 'Something of no field', code: 'VALIDATION_FAILED', param: 'shipping_type' },
    ]);
    const fieldOf = (param: string) => ({ weight: 'weight', consignee_phone: 'consignee_phone', city: 'destination_city' } as Record<string, string>)[param];
    const refusal = refusalOf(error, fieldOf)!;
    expect(refusal.fields).toEqual(['weight', 'consignee_phone', 'destination_city']);
    expect(refusal.fieldErrors.destination_city).toBe('Please add destination city');
    expect(refusal.tone).toBe('error');
    expect(refusalSummary(refusal)).toBe('Weight must be at least 500 grams for TCS (and 2 more fields to correct)');
  });

  it('a refusal of no field is said in its own words; an outage is a warning to try again', () => {
    const check = refusalOf(refused(409, [{ msg: 'The courier did not say whether #1001 was booked. Check with the courier (reference #1001) before booking it again.', code: 'COURIER_CHECK_NEEDED' }]))!;
    expect(check).toEqual({
      message: 'The courier did not say whether #1001 was booked. Check with the courier (reference #1001) before booking it again.', fields: [], fieldErrors: {}, tone: 'error', code: 'COURIER_CHECK_NEEDED',
    });
    expect(refusalSummary(check)).toBe(check.message);
    expect(refusalOf(refused(502, [{ msg: 'The courier booked the parcel but Shopify did not answer. Book again to finish: the same parcel is used.', code: 'FULFILMENT_PENDING' }]))!.tone).toBe('warning');
    expect(refusalOf(new ApiError(0, null, NETWORK_ERROR))).toMatchObject({ message: NETWORK_ERROR, tone: 'warning' });
  });

  it('an order already booked leads to its booking', () => {
    const error = refused(409, [{ msg: 'This order is already booked (tracking number LE123). Cancel that booking to book it again.', code: 'ORDER_ALREADY_BOOKED' }], { tracking_number: 'LE123' });
    expect(refusalOf(error)!.link).toEqual({ to: '/dashboard/post-booking?tracking=LE123', label: 'Open the booking' });
  });

  it('leaves a 401 and an aborted request to the app', () => {
    expect(refusalOf(refused(401, [{ msg: 'Unauthorized', code: 'UNAUTHORIZED' }]))).toBeNull();
    expect(refusalOf(new DOMException('gone', 'AbortError'))).toBeNull();
  });

  it("the form's own check is shown the same way, its fields in the form's order", () => {
    const refusal = fieldsRefusal({ consignee_phone: 'Consignee phone is required', weight: 'Weight must be at least 500 grams for TCS', remarks: undefined }, ['weight', 'pieces', 'consignee_phone'])!;
    expect(refusal.fields).toEqual(['weight', 'consignee_phone']);
    expect(refusalSummary(refusal)).toBe('Weight must be at least 500 grams for TCS (and 1 more field to correct)');
    expect(fieldsRefusal({ weight: undefined })).toBeNull();
  });
});
