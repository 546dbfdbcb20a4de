import { courierNames } from '@dakiya/shared/couriers';
import { paths } from '../../lib/paths';

/** Who is looking: an ADMIN sees every card; a USER the cards of the screens their scopes open. */
export interface HomeViewer {
  isAdmin: boolean;
  canReadAccounts: boolean;
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
      description: `Connect ${courierNames('and')}, and choose the default for booking.`,
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
