/** /apperance: the appearance rows, with an Edit link to /editapperance (docs/product.md §2). */
import { PROFILE_MENU } from '../../components/SideMenu';
import { ProfileShell } from '../../components/ProfileShell';
import { useUserData } from '../../api/user-data';
import { DetailsList } from './DetailsList';
import './profile.css';
import { MSG } from '../../../contract/messages';
import { heightShown, weightShown } from '../../../contract/units';

export default function AppearancePage() {
  const { user } = useUserData({ live: true });
  return (
    <ProfileShell user={user} menu={PROFILE_MENU} editTo="/editapperance">
      <section className="details card" aria-labelledby="appearance-title">
        <div className="details-head">
          <h1 id="appearance-title">Appearance</h1>
        </div>
        {user ? (
          <DetailsList
            rows={[
              ['Age', user.age],
              ['Height', heightShown(user.height)],
              ['Weight', weightShown(user.weight)],
              ['Body Type', user.bodyType],
              ['Hair Color', user.hairColor],
              ['Eye Color', user.eyeColor],
            ]}
          />
        ) : (
          <p className="muted" role="status">{MSG.loading}</p>
        )}
      </section>
    </ProfileShell>
  );
}
