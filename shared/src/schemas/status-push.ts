import { z } from '../zod';

/**
 * Leopards' Push API v1.0 (courier reference §3.6): `{data: [{cn_number, status, receiver_name, reason,
 * activity_date}]}`, `status` one of its short codes, `activity_date` "yyyy-mm-dd H:i:s" in Pakistan time.
 * The key in the path is `<shop id>.<account id>.<secret>`, so the account is one GetItem away.
 */
export const LEOPARD_PUSH_MAX_SCANS = 200;

export const LeopardPushParams = z.object({ key: z.string().max(120, 'key must be at most 120 characters') });

const Scan = z.object({
  cn_number: z.union([z.string(), z.number()]).transform(String).pipe(z.string().trim().min(1, 'cn_number is required').max(40, 'cn_number must be at most 40 characters')),
  status: z.string({ error: 'status is required' }).trim().min(1, 'status is required').max(10, 'status must be at most 10 characters'),
  receiver_name: z.string().max(200).nullish(),
  reason: z.string().max(500).nullish(),
  activity_date: z.string({ error: 'activity_date is required' }).trim().min(1, 'activity_date is required').max(40, 'activity_date must be at most 40 characters'),
});

export const LeopardPush = z.object({
  data: z.array(Scan, { error: 'data is required' }).min(1, 'data must list at least one scan').max(LEOPARD_PUSH_MAX_SCANS, `data must list at most ${LEOPARD_PUSH_MAX_SCANS} scans`),
});
export type LeopardPush = z.infer<typeof LeopardPush>;

/** Leopards' own acknowledgement: `status: 1` with no errors. */
export const PushAck = z.object({ status: z.literal(1), errors: z.array(z.string()).max(0) });

/** What a person with WRITE_ACCOUNTS gives Leopards for one account, and when its last push came. */
export const StatusPushOutput = z.object({ url: z.string(), last_push_at: z.string().nullable() });
export type StatusPushOutput = z.infer<typeof StatusPushOutput>;
