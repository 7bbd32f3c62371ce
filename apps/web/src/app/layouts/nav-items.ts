import { paths } from '@/config/paths';

export interface NavItem {
  to: string;
  labelKey: string;
  /** Which paths light this item up (spec: Integrations on /, /integrations and /calendar*). */
  isActive: (pathname: string) => boolean;
}

export interface NavSection {
  labelKey: string;
  items: NavItem[];
}

const exact = (path: string) => (pathname: string) => pathname === path || pathname.startsWith(`${path}/`);

export const NAV_SECTIONS: NavSection[] = [
  {
    labelKey: 'nav.main',
    items: [
      {
        to: paths.integrations,
        labelKey: 'nav.integrations',
        isActive: (p) => p === paths.root || p === paths.integrations || p.startsWith(paths.calendar),
      },
      { to: paths.assistant, labelKey: 'nav.assistant', isActive: exact(paths.assistant) },
    ],
  },
  {
    labelKey: 'nav.account',
    items: [
      { to: paths.billing, labelKey: 'nav.billing', isActive: exact(paths.billing) },
      { to: paths.contact, labelKey: 'nav.contact', isActive: exact(paths.contact) },
      { to: paths.account, labelKey: 'nav.myAccount', isActive: exact(paths.account) },
    ],
  },
];
