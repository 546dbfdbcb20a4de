import { courierNames } from '@dakiya/shared/couriers';
import { paths } from '../../lib/paths';

/** Who is looking: an ADMIN sees every card; a USER the cards of the screens their scopes open. */
export interface HomeViewer {
  isAdmin: boolean;
  canReadAccounts: boolean;
  /** Connect and edit accounts; without it a USER only looks at them. */
  canWriteAccounts?: boolean;
}

export type HomeCardId = 'accounts' | 'staff' | 'profile';

export interface HomeCard {
  id: HomeCardId;
  title: string;
  description: string;
  to: string;
}

/** The screens that already work, in the order the dashboard home lists them. */
export function homeCards(viewer: HomeViewer): HomeCard[] {
  const cards: HomeCard[] = [];
  if (viewer.isAdmin || viewer.canReadAccounts) {
    cards.push({
      id: 'accounts',
      title: 'Tracking accounts',
      description: viewer.isAdmin || viewer.canWriteAccounts
        ? `Connect ${courierNames('and')}, and choose the default for booking.`
        : 'The courier accounts your store books with, and which one is the default.',
      to: paths.dashboard.accounts(),
    });
  }
  if (viewer.isAdmin) {
    cards.push({
      id: 'staff',
      title: 'Staff users',
      description: 'Invite your team and give each person only the access they need.',
      to: paths.dashboard.users(),
    });
  }
  cards.push({
    id: 'profile',
    title: 'Profile',
    description: 'Your details, password and two-factor sign-in.',
    to: paths.dashboard.profile(),
  });
  return cards;
}

const ANALYTICS_LATER = 'Booked, delivered and returned counts and cash on delivery arrive here together with orders.';

/**
 * The note under the cards: what comes, and what this person can do until then. Only an ADMIN sets up
 * tracking accounts and staff; a USER is told what their own access opens.
 */
export function homeNote(viewer: HomeViewer): string {
  if (viewer.isAdmin) return `${ANALYTICS_LATER} Until then, set up your tracking accounts and staff so you are ready to book.`;
  if (viewer.canWriteAccounts) return `${ANALYTICS_LATER} Until then, you can connect your store's tracking accounts and keep your profile and sign-in up to date.`;
  if (viewer.canReadAccounts) return `${ANALYTICS_LATER} Until then, you can look through your store's tracking accounts and keep your profile and sign-in up to date.`;
  return `${ANALYTICS_LATER} Until then, you can keep your profile and sign-in up to date.`;
}
