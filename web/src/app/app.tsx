import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './providers';
import { router } from './router';

const navigate = (to: string) => void router.navigate(to, { replace: true });

export function App() {
  return (
    <AppProviders navigate={navigate}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
