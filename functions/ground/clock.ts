/** What every layer reads the time from: `deps.now`, replaced in tests. */
export type Clock = () => Date;

/** Epoch seconds, as DynamoDB's TTL and the job table count them. */
export const epochSeconds = (at: Date | number) => Math.floor((typeof at === 'number' ? at : at.getTime()) / 1000);

/** Waits `ms` (a retry's back-off). */
export const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
