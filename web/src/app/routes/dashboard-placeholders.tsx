import { useParams } from 'react-router-dom';
import { ComingSoon } from '../../components/ui/coming-soon';
import { DOCS_TITLES, paths, type DocsPage } from '../../lib/paths';

/** Screens of the authenticated area that later issues build; each shows its title and a tidy empty state. */
export const DASHBOARD_PLACEHOLDERS = {
  accounts: { title: 'Tracking accounts', backTo: paths.dashboard.home() },
  bookOrder: { title: 'Book order', backTo: paths.dashboard.orders() },
  postBooking: { title: 'Booking summary', backTo: paths.dashboard.orders() },
  createAccountAlert: { title: 'Add a tracking account', backTo: paths.dashboard.accounts() },
  mergeOrders: { title: 'Merge orders', backTo: paths.dashboard.orders() },
  createAccount: { title: 'Create tracking account', backTo: paths.dashboard.accounts() },
  editAccount: { title: 'Edit tracking account', backTo: paths.dashboard.accounts() },
  staff: { title: 'Staff members' },
  staffStats: { title: 'Staff member statistics', backTo: paths.dashboard.staff() },
  docs: { title: 'Docs' },
} as const satisfies Record<string, { title: string; description?: string; backTo?: string }>;

export type DashboardPlaceholder = keyof typeof DASHBOARD_PLACEHOLDERS;

export function Placeholder({ page }: { page: DashboardPlaceholder }) {
  const def: { title: string; description?: string; backTo?: string } = DASHBOARD_PLACEHOLDERS[page];
  return <ComingSoon title={def.title} description={def.description} backTo={def.backTo} />;
}


export function DocsPlaceholder({ page }: { page: DocsPage }) {
  return (
    <ComingSoon
      title={`Docs: ${DOCS_TITLES[page]}`}
      description="This guide is being written. Email support if you need help with it today."
      backTo={paths.dashboard.docs()}
    />
  );
}

/** Shows the id a screen was opened with, so the placeholder still reflects the link that was followed. */
export function ParamPlaceholder({ page, param }: { page: DashboardPlaceholder; param: string }) {
  const params = useParams();
  const def: { title: string; backTo?: string } = DASHBOARD_PLACEHOLDERS[page];
  const value = params[param];
  return <ComingSoon title={def.title} backTo={def.backTo} description={value ? `This screen arrives soon. You opened it for ${value}.` : undefined} />;
}
