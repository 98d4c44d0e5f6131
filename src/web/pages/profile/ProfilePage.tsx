/**
 * /profile: gender, profile URL, profession and the visibility switch. The switch
 * moves at once; if the server refuses, it moves back and a toast says why (docs/product.md §11).
 * A minor's profile first says what waits on the guardian's consent (GuardianNotice).
 */
import type { Visibility } from '../../../contract/profile-options';
import { updateVisibility } from '../../api/profile';
import { refreshUserData, useUserData } from '../../api/user-data';
import { PROFILE_MENU } from '../../components/SideMenu';
import { ProfileShell } from '../../components/ProfileShell';
import { useToast } from '../../components/Toasts';
import { useUnsavedValues } from '../../lib/useUnsavedValues';
import { AvailabilityEditor } from './AvailabilityEditor';
import { DetailsList } from './DetailsList';
import { GuardianNotice } from './GuardianNotice';
import { SafeLink } from './SafeLink';
import './profile.css';
import { MSG } from '../../../contract/messages';
import { SCREEN_MSG } from '../../../contract/screen-messages';
import { TALENT_MSG } from '../../../contract/talent-messages';
import { RESUME_MSG } from '../../../contract/resume-options';
import { Link } from 'react-router';
import { downloadPdf } from '../../api/resume';

export default function ProfilePage() {
  const { user } = useUserData({ live: true });
  const toast = useToast();
  /** What the switch shows while a change is on its way; then it follows the server. */
  const { unsaved, saving } = useUnsavedValues<{ visibility: Visibility }>();
  const visibility = unsaved.visibility ?? user?.visibility ?? 'public';

  async function handleToggle(checked: boolean) {
    const wanted: Visibility = checked ? 'public' : 'private';
    try {
      await saving('visibility', wanted, async () => {
        await updateVisibility(wanted);
        await refreshUserData();
      });
    } catch (err) {
      console.error('Error updating visibility', err);
      toast((err as Error).message);
    }
  }

  async function copyPortfolioLink(id: string) {
    const link = `${window.location.origin}/talent/${id}`;
    try {
      await navigator.clipboard.writeText(link);
      toast(TALENT_MSG.linkCopied, 'success');
    } catch {
      // No clipboard (an insecure origin, a refused permission): show the link to copy by hand.
      window.prompt(TALENT_MSG.copyPortfolioLink, link);
    }
  }

  return (
    <ProfileShell user={user} menu={PROFILE_MENU}>
      <section className="details card" aria-labelledby="profile-title">
        <div className="details-head">
          <h1 id="profile-title">Profile</h1>
        </div>
        {user ? (
          <>
            {/* A minor's guardian and what waits on their consent (docs/guardians.md). */}
            <GuardianNotice />
            {!user.profileStated && (
              <p className="profile-invite" data-testid="profile-invite">
                {SCREEN_MSG.completeProfile} <Link to="/editProfile">{SCREEN_MSG.completeProfileLink}</Link>
              </p>
            )}
            <DetailsList
              rows={[
                ['Gender', user.gender],
                ['Profile URL', <SafeLink href={user.profileUrl} />],
                ['Profession title', user.category],
              ]}
            />
            <div className="visibility-row">
              <div>
                <p style={{ margin: 0, fontWeight: 600 }} id="visibility-label">Profile visibility</p>
                <p className="muted" style={{ margin: 0 }} data-testid="visibility-text">
                  Your profile is {visibility}
                </p>
              </div>
              <span className="switch">
                <input
                  type="checkbox"
                  role="switch"
                  aria-labelledby="visibility-label"
                  checked={visibility === 'public'}
                  onChange={(e) => void handleToggle(e.target.checked)}
                />
                <span className="switch-track" aria-hidden="true" />
              </span>
            </div>
            <div className="profile-portfolio-links">
              <button type="button" className="btn btn-secondary" onClick={() => void copyPortfolioLink(user._id)}>
                {TALENT_MSG.copyPortfolioLink}
              </button>
              {visibility === 'private' && <p className="muted">{TALENT_MSG.portfolioPrivate}</p>}
            </div>
            {/* The résumé and its PDFs (docs/resume.md). */}
            <div className="profile-portfolio-links resume-downloads">
              <Link className="btn btn-secondary" to="/editResume">
                {RESUME_MSG.editResume}
              </Link>
              <button type="button" className="btn btn-secondary" onClick={() => void downloadPdf(user._id, 'comp-card').catch((e: Error) => toast(e.message))}>
                {RESUME_MSG.downloadCompCard}
              </button>
              <button type="button" className="btn btn-secondary" onClick={() => void downloadPdf(user._id, 'resume').catch((e: Error) => toast(e.message))}>
                {RESUME_MSG.downloadResume}
              </button>
            </div>
          </>
        ) : (
          <p className="muted" role="status">{MSG.loading}</p>
        )}
      </section>
      {user && <AvailabilityEditor />}
    </ProfileShell>
  );
}
