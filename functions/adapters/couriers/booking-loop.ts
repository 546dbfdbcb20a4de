import { isCourierUnavailable, type BookingRequest, type BookingResult } from '../../domain/ports/courier';

/**
 * `bookBatch` for couriers without a batch endpoint: one call per order, in order. After the first
 * outage it stops calling (the courier is down) and reports the remaining rows as not attempted.
 */
export async function bookOneByOne(
  requests: BookingRequest[],
  book: (request: BookingRequest) => Promise<BookingResult>,
): Promise<BookingResult[]> {
  const results: BookingResult[] = [];
  let down = false;
  for (const request of requests) {
    if (down) {
      results.push({ ok: false, messages: ['Not sent: the courier was unavailable'], unavailable: { ambiguous: false } });
      continue;
    }
    try {
      results.push(await book(request));
    } catch (error) {
      if (!isCourierUnavailable(error)) throw error;
      down = true;
      results.push({ ok: false, messages: [error.message], unavailable: { ambiguous: error.ambiguous } });
    }
  }
  return results;
}

/** `bookBatch` for one native batch call: an outage hits every row the same way. */
export async function bookAsOneBatch(
  requests: BookingRequest[],
  bookBatch: (requests: BookingRequest[]) => Promise<BookingResult[]>,
): Promise<BookingResult[]> {
  try {
    return await bookBatch(requests);
  } catch (error) {
    if (!isCourierUnavailable(error)) throw error;
    return requests.map(() => ({ ok: false, messages: [error.message], unavailable: { ambiguous: error.ambiguous } }));
  }
}
