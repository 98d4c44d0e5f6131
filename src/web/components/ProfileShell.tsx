/**
 * The frame of the performer's own screens: left menu, top tabs and profile header
 * (docs/product.md §2), with the screen's content beside the menu.
 */
import type { ReactNode } from 'react';
import type { UserProfile } from '../../contract/profile';
import { ProfileHeader } from './ProfileHeader';
import { SideMenu, type MenuItem } from './SideMenu';
import { PROFILE_TABS, Tabs } from './Tabs';
import './profile-shell.css';

interface Props {
  user: Pick<UserProfile, 'fname' | 'location' | 'profilePic'> | null;
  menu: MenuItem[];
  menuLabel?: string;
  /** Where the header's Edit link goes (default /editProfile). */
  editTo?: string;
  children: ReactNode;
}

export function ProfileShell({ user, menu, menuLabel = 'Profile', editTo, children }: Props) {
  return (
    <div className="page profile-shell">
      <SideMenu items={menu} label={menuLabel} />
      <main className="profile-main">
        <Tabs items={PROFILE_TABS} />
        <ProfileHeader user={user} editTo={editTo} />
        {children}
      </main>
    </div>
  );
}
