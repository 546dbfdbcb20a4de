import type { IconType } from 'react-icons';
import {
  LuBookOpen, LuCreditCard, LuPackagePlus, LuLayoutDashboard, LuPackage, LuSettings, LuTruck, LuUserRound, LuUsers,
} from 'react-icons/lu';
import type { NavId } from '../nav';

const ICONS: Partial<Record<NavId, IconType>> = {
  dashboard: LuLayoutDashboard,
  orders: LuPackage,
  book: LuPackagePlus,
  accounts: LuTruck,
  staff: LuUsers,
  docs: LuBookOpen,
  plans: LuCreditCard,
  settings: LuSettings,
  profile: LuUserRound,
};

export function navIcon(id: NavId): IconType | undefined {
  return ICONS[id];
}
