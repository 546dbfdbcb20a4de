import { formatDateTime } from '../../lib/format';

/**
 * The status-push card's line on the last push, its time in the shop's zone (the tracking window's
 * formatter) so a merchant reads the same clock on both.
 */
export function lastPushText(lastPushAt: string | null | undefined, courier: string, timeZone: string | undefined): string {
  return lastPushAt
    ? `Last push: ${formatDateTime(lastPushAt, { timeZone })}. Dakiya asks ${courier} about these parcels once a day as well.`
    : `No push yet: until ${courier} sends one, Dakiya asks about these parcels through the day.`;
}
