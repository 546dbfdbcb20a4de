export { ShellLayout, type ShellLayoutProps } from './components/shell-layout';
export { buildNav, canOpenPath, canSeeAccounts, isNavItemEnabled, selectedNavId, MAIN_NAV, SECONDARY_NAV } from './nav';
