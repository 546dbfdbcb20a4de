import { courierDefinition, DEFAULT_TRACK_IN_FLIGHT, type CourierId } from '@dakiya/shared';

interface Gate {
  running: number;
  waiting: (() => void)[];
}

const gates = new Map<CourierId, Gate>();

/**
 * Runs a tracking call once fewer than the courier's `trackInFlight` calls (its definition, default
 * DEFAULT_TRACK_IN_FLIGHT) are under way in this container, whatever message they are for: the
 * courier's rate limit is the courier's, not a shop's.
 */
export async function withinCourierCap<T>(courier: CourierId, call: () => Promise<T>): Promise<T> {
  const most = courierDefinition(courier).booking.trackInFlight ?? DEFAULT_TRACK_IN_FLIGHT;
  let gate = gates.get(courier);
  if (!gate) gates.set(courier, (gate = { running: 0, waiting: [] }));
  const g = gate;
  if (g.running >= most) await new Promise<void>((resolve) => g.waiting.push(resolve));
  else g.running += 1;
  try {
    return await call();
  } finally {
    // the slot passes straight to the next waiter, so the count never dips below the cap while some wait
    const next = g.waiting.shift();
    if (next) next();
    else g.running -= 1;
  }
}

/** Calls under way to a courier in this container (tests read it). */
export const inFlight = (courier: CourierId) => gates.get(courier)?.running ?? 0;
