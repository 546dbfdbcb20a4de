/** Alerts of spec 000 §3 (id, msg, alertType) and §4: each disappears after 5000 ms or when closed. */
export type AlertType = 'info' | 'success' | 'warning' | 'error';
export interface AppAlert {
  id: string;
  msg: string;
  alertType: AlertType;
}

export type AlertsAction = { type: 'add'; alert: AppAlert } | { type: 'remove'; id: string };

export function alertsReducer(state: readonly AppAlert[], action: AlertsAction): AppAlert[] {
  switch (action.type) {
    case 'add':
      return [...state.filter((a) => a.id !== action.alert.id), action.alert];
    case 'remove':
      return state.filter((a) => a.id !== action.id);
  }
}

let counter = 0;
export function nextAlertId(): string {
  counter += 1;
  return `alert-${Date.now().toString(36)}-${counter}`;
}

/**
 * Schedules the automatic removal; returns a function that cancels it (used when an alert is closed
 * by hand or the list unmounts).
 */
export function scheduleDismiss(
  id: string,
  remove: (id: string) => void,
  ms: number,
  timers: { setTimeout: typeof setTimeout; clearTimeout: typeof clearTimeout } = globalThis,
): () => void {
  const handle = timers.setTimeout(() => remove(id), ms);
  return () => timers.clearTimeout(handle);
}
