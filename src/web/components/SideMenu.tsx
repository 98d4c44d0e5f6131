/** The left menu of the performer's screens (docs/product.md §2); the current screen's entry is highlighted. */
import { NavLink } from 'react-router';

export interface MenuItem {
  to: string;
  label: string;
}

/** Basic Info, Appearance, Subscription: the menu of the profile screens. */
export const PROFILE_MENU: MenuItem[] = [
  { to: '/info', label: 'Basic Info' },
  { to: '/apperance', label: 'Appearance' },
  { to: '/subscription', label: 'Subscription' },
];

/** Photos, Videos, Audios: the menu of the media screens. */
export const MEDIA_MENU: MenuItem[] = [
  { to: '/media/photos', label: 'Photos' },
  { to: '/media/videos', label: 'Videos' },
  { to: '/media/audios', label: 'Audios' },
];

export function SideMenu({ items, label }: { items: MenuItem[]; label: string }) {
  return (
    <nav className="side-menu" aria-label={label}>
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end className={({ isActive }) => (isActive ? 'side-menu-link active' : 'side-menu-link')}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
