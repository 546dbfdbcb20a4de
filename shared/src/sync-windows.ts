/**
 * When the status sync asks a courier about a parcel, by how long ago its status last changed. The
 * scheduler runs once an hour (a slot); a parcel is read in every slot whose hour its window's
 * interval divides. Each interval divides the next, so the parcels due in one slot are always one
 * range of the movingParcelsByAccount index, [slot - reach, slot): one Query per account, no write
 * to remember a poll. A parcel's wait between two asks is at most its window's interval.
 */
export interface SyncWindow {
  /** The window holds parcels whose status changed less than this many hours ago (the last: every older one). */
  underHours?: number;
  everyHours: number;
}

export const SYNC_WINDOWS: readonly SyncWindow[] = [
  { underHours: 6, everyHours: 1 },
  { underHours: 72, everyHours: 3 },
  { underHours: 240, everyHours: 6 },
  { everyHours: 24 },
];

/** Parcels that stopped moving (DELIVERED, RTS, CANCELLED) are watched this long for a courier's correction, once a day. */
export const SYNC_WATCH_DAYS = 4;

const HOUR = 3_600_000;

/** The slot a time falls in: the start of its UTC hour. */
export function syncSlot(at: Date): Date {
  return new Date(Math.floor(at.getTime() / HOUR) * HOUR);
}

export interface SlotRange {
  /** The oldest status change read in this slot; absent: every moving parcel (the daily slot). */
  from?: Date;
  /** The newest status change read (exclusive): the slot itself. */
  below: Date;
  /** The daily slot also reads the watch items. */
  watch: boolean;
}

/** What one slot reads: the union of the windows due in it, one range because the intervals nest. */
export function slotRange(slot: Date): SlotRange {
  const hour = Math.floor(slot.getTime() / HOUR);
  let reach: number | undefined = 0;
  for (const window of SYNC_WINDOWS) {
    if (hour % window.everyHours !== 0) break;
    reach = window.underHours;
    if (reach === undefined) break;
  }
  const daily = reach === undefined;
  return { ...(daily ? {} : { from: new Date(slot.getTime() - reach! * HOUR) }), below: slot, watch: daily };
}

/** The window a parcel is in at a time, by its last status change: what the lag and freshness are held to. */
export function windowOf(lastStatusAt: Date, at: Date): SyncWindow {
  const hours = (at.getTime() - lastStatusAt.getTime()) / HOUR;
  return SYNC_WINDOWS.find((w) => w.underHours === undefined || hours < w.underHours)!;
}

/**
 * An account "receives pushes" (issue 22) when its courier's last status push came less than this many
 * hours before the slot: its parcels move by the pushes, so only the daily slot asks about them, as a
 * check that no push was missed. An account whose pushes stop is back on every window within this time.
 */
export const PUSH_FRESH_HOURS = 24;

/** Whether a slot asks about an account's parcels: every slot, or only the daily one while pushes arrive. */
export function slotPollsAccount(range: Pick<SlotRange, 'from'>, slot: Date, lastPushAt: string | undefined): boolean {
  if (!range.from || !lastPushAt) return true;
  return slot.getTime() - Date.parse(lastPushAt) >= PUSH_FRESH_HOURS * HOUR;
}
