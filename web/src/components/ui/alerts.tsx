import { Alert, CloseButton, Stack } from '@chakra-ui/react';
import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { config } from '../../lib/config';
import { alertsReducer, nextAlertId, scheduleDismiss, type AlertType, type AppAlert } from './alerts-store';

interface AlertsApi {
  alerts: readonly AppAlert[];
  addAlert(msg: string, alertType?: AlertType): string;
  removeAlert(id: string): void;
}

const AlertsContext = createContext<AlertsApi | null>(null);

export function AlertsProvider({ children, dismissMs = config.alertDismissMs }: { children: ReactNode; dismissMs?: number }) {
  const [alerts, dispatch] = useReducer(alertsReducer, []);
  const cancels = useRef(new Map<string, () => void>());

  const removeAlert = useCallback((id: string) => {
    cancels.current.get(id)?.();
    cancels.current.delete(id);
    dispatch({ type: 'remove', id });
  }, []);

  const addAlert = useCallback(
    (msg: string, alertType: AlertType = 'info') => {
      const id = nextAlertId();
      dispatch({ type: 'add', alert: { id, msg, alertType } });
      cancels.current.set(id, scheduleDismiss(id, (x) => dispatch({ type: 'remove', id: x }), dismissMs));
      return id;
    },
    [dismissMs],
  );

  useEffect(() => {
    const pending = cancels.current;
    return () => pending.forEach((cancel) => cancel());
  }, []);

  const value = useMemo(() => ({ alerts, addAlert, removeAlert }), [alerts, addAlert, removeAlert]);
  return <AlertsContext.Provider value={value}>{children}</AlertsContext.Provider>;
}

export function useAlerts(): AlertsApi {
  const value = useContext(AlertsContext);
  if (!value) throw new Error('useAlerts must be used inside <AlertsProvider>');
  return value;
}

/** The alert list: place it once at the top of a page area. */
export function AlertsList() {
  const { alerts, removeAlert } = useAlerts();
  if (alerts.length === 0) return null;
  return (
    <Stack gap="2" mb="4" data-testid="alerts" aria-live="polite">
      {alerts.map((alert) => (
        <Alert.Root key={alert.id} status={alert.alertType} variant="subtle" borderRadius="md">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{alert.msg}</Alert.Title>
          </Alert.Content>
          <CloseButton size="sm" aria-label="Close alert" onClick={() => removeAlert(alert.id)} />
        </Alert.Root>
      ))}
    </Stack>
  );
}
