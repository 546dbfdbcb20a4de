import { z } from './zod';

/**
 * The one error catalogue: a stable code, the HTTP status and the message a person reads.
 * The wire shape is the one the screens read: `{ errors: [{ msg, code, param? }] }`.
 */
export const ERRORS = {
  VALIDATION_FAILED: { status: 400, msg: 'The request is not valid' },
  INVALID_JSON: { status: 400, msg: 'The request body is not valid JSON' },
  PAYLOAD_TOO_LARGE: { status: 413, msg: 'The request body is too large' },
  URI_TOO_LONG: { status: 414, msg: 'This request is too long to send. Shorten the search and try again.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, msg: 'Send the request body as application/json' },
  UNAUTHORIZED: { status: 401, msg: 'Unauthorized' },
  MISSING_SCOPE: { status: 403, msg: 'You do not have access to this area. Ask your admin for access.' },
  ADMIN_ONLY: { status: 403, msg: 'Only an admin can do this' },
  NOT_FOUND: { status: 404, msg: 'Not found' },
  ROUTE_NOT_FOUND: { status: 404, msg: 'This address does not exist' },
  METHOD_NOT_ALLOWED: { status: 405, msg: 'This address does not accept this method' },
  ORIGIN_REFUSED: { status: 403, msg: 'This address does not take requests directly. Open Dakiya at its own address.' },
  INVALID_CREDENTIALS: { status: 400, msg: 'Email or password is incorrect' },
  USER_RESTRICTED: { status: 403, msg: 'Your account has been deactivated. Contact your admin.' },
  EMAIL_NOT_VERIFIED: { status: 403, msg: 'Please verify your email before signing in' },
  SHOP_INACTIVE: { status: 403, msg: 'This store has uninstalled Dakiya. Install the app again from Shopify.' },
  RATE_LIMITED: { status: 429, msg: 'Too many attempts. Please wait a few minutes and try again.' },
  EMAIL_TAKEN: { status: 409, msg: 'This email is already in use' },
  PLAN_LIMIT_REACHED: { status: 403, msg: 'Kindly upgrade your plan' },
  PLAN_FEATURE: { status: 403, msg: 'This feature is available on the Monthly and Yearly plans' },
  NOT_SUBSCRIBED: { status: 400, msg: 'You are on the free plan: there is no subscription to cancel' },
  ALREADY_SUBSCRIBED: { status: 400, msg: 'You are already on this plan' },
  SUBSCRIPTION_REFUSED: { status: 400, msg: 'Shopify did not accept the subscription' },
  SHOPIFY_HMAC_INVALID: { status: 401, msg: 'The request signature is not valid' },
  SHOPIFY_STATE_INVALID: { status: 400, msg: 'The install request expired or was not started here. Start the install again.' },
  SHOPIFY_SHOP_INVALID: { status: 400, msg: 'The shop domain is not a valid myshopify.com domain' },
  SHOPIFY_WEBHOOK_INVALID: { status: 400, msg: 'The webhook is missing required headers' },
  SHOPIFY_WEBHOOK_SHOP_MISMATCH: { status: 400, msg: 'The webhook body names another shop than its headers' },
  SHOPIFY_UNAVAILABLE: { status: 502, msg: 'Shopify did not answer. Please try again in a moment.' },
  SHOPIFY_BUSY: { status: 503, msg: 'Shopify is busy with this store right now. Please try again in a minute.' },
  SHOPIFY_ACCESS_LOST: { status: 502, msg: 'Dakiya has lost access to your Shopify store. Open Dakiya from your Shopify admin to reconnect it.' },
  SHOPIFY_SCOPES_MISSING: { status: 400, msg: 'Shopify did not grant the access Dakiya needs. Install the app again and accept every permission.' },
  COURIER_REJECTED: { status: 400, msg: 'The courier did not accept these credentials' },
  COURIER_UNAVAILABLE: { status: 502, msg: 'The courier did not answer. Please try again in a moment.' },
  ORDER_ALREADY_FULFILLED: { status: 409, msg: 'order is already fulfilled on shopify.' },
  ORDER_CANCELLED: { status: 409, msg: 'This order is cancelled on Shopify. Restore it in Shopify to book it.' },
  // booking (spec 001 §8)
  ORDER_NO_SHIPPING_ADDRESS: { status: 400, msg: 'This order has no shipping address on Shopify. Book it on its own to enter the address, or add it in Shopify.' },
  /** The public tracking page and its API: a number Dakiya does not know (or no longer keeps). */
  PARCEL_NOT_FOUND: { status: 404, msg: 'We could not find a parcel with this number' },
  ORDER_NOT_FOUND: { status: 404, msg: 'Oops! We have found no order(s) corresponding to these id(s).' },
  ORDER_NOT_FULFILLABLE: { status: 400, msg: 'Shopify does not let Dakiya fulfil this order' },
  ORDER_ALREADY_BOOKED: { status: 409, msg: 'This order is already booked' },
  NO_CONSIGNEE_EMAIL: { status: 400, msg: 'This order has no email address for the customer. Share the tracking link on WhatsApp instead.' },
  BOOKING_IN_PROGRESS: { status: 409, msg: 'This order is being booked right now. Look again in a minute.' },
  NO_TRACKING_ACCOUNT: { status: 400, msg: 'Ooops! You have no tracking account.' },
  CITY_NOT_MATCHED: { status: 400, msg: 'Choose the destination city from the courier\'s list' },
  COURIER_REFUSED: { status: 400, msg: 'The courier refused this booking' },
  COURIER_CHECK_NEEDED: { status: 409, msg: 'The courier did not say whether this booking was made. Check with the courier before booking it again.' },
  FULFILMENT_PENDING: { status: 502, msg: 'The courier booked the parcel but Shopify did not answer. Book again to finish: the same parcel is used.' },
  CHECK_NOT_NEEDED: { status: 409, msg: 'This order has no booking waiting for a check. Reload the page to see where it stands.' },
  TRACKING_NUMBER_UNKNOWN: { status: 400, msg: 'The courier does not know this tracking number. Check it on the courier\'s portal and try again.' },
  TRACKING_NUMBER_TAKEN: { status: 409, msg: 'This tracking number belongs to another booking in Dakiya' },
  CANCEL_NOT_ALLOWED: { status: 400, msg: 'Only bookings that are neither cancelled nor delivered can be cancelled' },
  COURIER_CANCEL_REFUSED: { status: 400, msg: 'The courier refused to cancel this booking' },
  DELETE_NOT_ALLOWED: { status: 400, msg: 'Only cancelled bookings can be deleted' },
  // CSV export (spec 001 §2, §8)
  NOTHING_TO_EXPORT: { status: 400, msg: 'Please select orders to export first!' },
  EXPORT_NOT_FOUND: { status: 404, msg: 'This export was not found. Export again.' },
  EXPORT_NOT_READY: { status: 409, msg: 'This export is still being written. Download it when it is done.' },
  EXPORT_RUNNING: { status: 409, msg: 'An export is being written. Start the next one when it is done.' },
  EXPORT_FAILED: { status: 409, msg: 'This export did not finish. Export again.' },
  EXPORT_EXPIRED: { status: 410, msg: 'Exported files are kept for 7 days and this one is gone. Export again.' },
  // airway bills and load sheets (issue 23)
  LABELS_NOT_PRINTABLE: { status: 409, msg: 'Some selected parcels are cancelled. Refresh the list and select again.' },
  PRINT_NOT_FOUND: { status: 404, msg: 'This print was not found. Print again.' },
  PRINT_FAILED: { status: 409, msg: 'These airway bills could not be made. Print again.' },
  NOTHING_TO_LOAD: { status: 400, msg: 'This account has no booked parcels waiting for pickup since its last load sheet.' },
  // courier status pushes (issue 22)
  PUSH_REFUSED: { status: 401, msg: 'This status push address is not valid' },
  PUSH_NOT_OFFERED: { status: 400, msg: 'Only Leopards sends status pushes: this courier is asked by the status sync' },
  INTERNAL: { status: 500, msg: 'Something went wrong. Please try again later' },
} as const satisfies Record<string, { status: number; msg: string }>;

export type ErrorCode = keyof typeof ERRORS;

export const ErrorItem = z.object({
  msg: z.string(),
  code: z.string(),
  param: z.string().optional(),
});
export type ErrorItem = z.infer<typeof ErrorItem>;

export const ErrorBody = z.object({
  errors: z.array(ErrorItem).min(1),
  plan_limit_error: z.boolean().optional(),
  message: z.string().optional(),
  /** ORDER_ALREADY_BOOKED (the lookup and the booking itself), TRACKING_NUMBER_TAKEN (a check's answer): the booking Dakiya made, whose page the screen links to. */
  tracking_number: z.string().optional(),
  /** RATE_LIMITED by the sign-in slow-down: the seconds to wait before the next try (also the Retry-After header). */
  retry_after: z.number().int().positive().optional(),
  /** COURIER_REFUSED, COURIER_CANCEL_REFUSED: the courier's own words, where the message says them plainly. */
  details: z.array(z.string()).optional(),
  request_id: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
