/** The top tabs of the performer's screens (docs/product.md §2): Detail (/info) and Media (/media/photos). */
import { NavLink, useLocation } from 'react-router';

export interface TabItem {
  to: string;
  label: string;
  /** Paths that also count as this tab (e.g. every /media/… screen for Media). */
  activeFor?: string;
}

export const PROFILE_TABS: TabItem[] = [
  { to: '/info', label: 'Detail' },
  { to: '/media/photos', label: 'Media', activeFor: '/media/' },
];

export function Tabs({ items, label = 'Profile sections' }: { items: TabItem[]; label?: string }) {
  const { pathname } = useLocation();
  return (
    <nav className="tabs" aria-label={label}>
      {items.map((tab) => {
        const active = pathname === tab.to || (tab.activeFor !== undefined && pathname.startsWith(tab.activeFor));
        return (
          <NavLink key={tab.to} to={tab.to} className={active ? 'tab active' : 'tab'} aria-current={active ? 'page' : undefined}>
            {tab.label}
          </NavLink>
        );
      })}
    </nav>
  );
}
