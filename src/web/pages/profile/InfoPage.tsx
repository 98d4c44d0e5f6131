/** /info: the performer's basic info (docs/product.md §2 Profile details). */
import { Link } from 'react-router';
import { PROFILE_MENU } from '../../components/SideMenu';
import { ProfileShell } from '../../components/ProfileShell';
import { useUserData } from '../../api/user-data';
import { DetailsList } from './DetailsList';
import { SafeLink } from './SafeLink';
import './profile.css';
import { MSG } from '../../../contract/messages';
import { personName } from '../../../contract/names';

export default function InfoPage() {
  const { user } = useUserData({ live: true });
  return (
    <ProfileShell user={user} menu={PROFILE_MENU}>
      <section className="details card" aria-labelledby="info-title">
        <div className="details-head">
          <h1 id="info-title">Basic Info</h1>
        </div>
        {user ? (
          <DetailsList
            rows={[
              ['Name', <span>{`${user.pronoun} ${personName(user.fname)}`}</span>],
              ['Location', user.location],
              ['Gender', user.gender],
              ['Profile URL', <SafeLink href={user.profileUrl} />],
              ['Profession', user.category],
            ]}
          />
        ) : (
          <p className="muted" role="status">{MSG.loading}</p>
        )}
        <div className="details-links">
          {/* Details: the whole profile at once (docs/screens.md); /info itself is this page. */}
          <Link className="btn btn-secondary" to="/profile">Details</Link>
          <Link className="btn" to="/editProfile">Edit Profile</Link>
        </div>
      </section>
    </ProfileShell>
  );
}
