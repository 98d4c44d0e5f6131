/** The profile header (docs/product.md §2): picture (placeholder when empty), first name, location, Edit link. */
import { Link } from 'react-router';
import type { UserProfile } from '../../contract/profile';
import { MSG } from '../../contract/messages';
import { personName } from '../../contract/names';

type HeaderUser = Pick<UserProfile, 'fname' | 'location' | 'profilePic'>;

const firstName = (fname: string) => personName(fname.trim().split(/\s+/)[0] ?? '');

export function ProfileHeader({ user, editTo = '/editProfile' }: { user: HeaderUser | null; editTo?: string }) {
  const name = user ? firstName(user.fname) : '';
  return (
    <section className="profile-header card" aria-label="Profile">
      {user?.profilePic ? (
        <img className="profile-header-pic" src={user.profilePic} alt={`Profile picture of ${name}`} width={72} height={72} />
      ) : (
        <span className="profile-header-pic profile-header-placeholder" role="img" aria-label="No profile picture yet">
          <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true">
            <circle cx="12" cy="8" r="4" fill="currentColor" />
            <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" fill="currentColor" />
          </svg>
        </span>
      )}
      <div className="profile-header-text">
        <p className="profile-header-name">{user ? name : <span className="muted">{MSG.loading}</span>}</p>
        {user?.location ? <p className="profile-header-location muted">{user.location}</p> : null}
      </div>
      <Link to={editTo} className="btn btn-secondary profile-header-edit">Edit</Link>
    </section>
  );
}
