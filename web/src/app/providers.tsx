import { ChakraProvider } from '@chakra-ui/react';
import { ThemeProvider } from 'next-themes';
import type { ReactNode } from 'react';
import { SessionProvider } from '../features/auth';
import { AlertsProvider } from '../components/ui/alerts';
import { ConfirmProvider } from '../components/ui/confirm';
import { Toaster } from '../components/ui/toaster';
import { ApiErrorsProvider } from './api-errors-provider';
import { system } from './theme';

/** Every provider, once: Chakra (one system), colour mode, session, API errors + SWR, confirm, alerts, toasts. */
export function AppProviders({ navigate, children }: { navigate(to: string): void; children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <ThemeProvider attribute="class" defaultTheme="light" enableSystem={false} disableTransitionOnChange>
        <SessionProvider>
          <ApiErrorsProvider navigate={navigate}>
            <ConfirmProvider>
              <AlertsProvider>
                {children}
                <Toaster />
              </AlertsProvider>
            </ConfirmProvider>
          </ApiErrorsProvider>
        </SessionProvider>
      </ThemeProvider>
    </ChakraProvider>
  );
}
