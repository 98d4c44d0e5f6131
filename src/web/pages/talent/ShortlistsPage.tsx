/** /dashboard/shortlists: the studio's named lists, their members with picture, profession and the studio's rating (docs/talent.md). */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { MSG } from '../../../contract/messages';
import type { Shortlist } from '../../../contract/talent';
import { TALENT_LIMITS } from '../../../contract/talent-limits';
import { TALENT_MSG } from '../../../contract/talent-messages';
import { createShortlist, removeFromShortlist, useShortlists } from '../../api/shortlists';
import { FormField } from '../../components/FormField';
import { useToast } from '../../components/Toasts';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { TalentCardView } from './TalentCardView';
import { TalentPageHead } from './TalentPageHead';
import '../dashboard/dashboard.css';
import './talent.css';

export default function ShortlistsPage() {
  useDocumentTitle(TALENT_MSG.shortlistsTitle);
  const lists = useShortlists();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function handleCreate(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (!name.trim()) return setError(MSG.required(TALENT_MSG.shortlistName));
    try {
      await createShortlist(name.trim());
      setName('');
    } catch (err) {
      setError((err as Error).message);
    }
  }

  return (
    <main className="page shortlists">
      <TalentPageHead title={TALENT_MSG.shortlistsTitle}>
        <Link to="/dashboard/talent" className="btn">{TALENT_MSG.searchTitle}</Link>
      </TalentPageHead>
      <form className="card shortlist-new" onSubmit={handleCreate} noValidate>
        <FormField id="shortlist-name" label={TALENT_MSG.newShortlist} error={error}>
          {(a11y) => <input {...a11y} className="input" maxLength={TALENT_LIMITS.shortlistNameMax} value={name} onChange={(e) => setName(e.target.value)} />}
        </FormField>
        <button type="submit" className="btn">{TALENT_MSG.createShortlist}</button>
      </form>
      {lists.isPending && <p role="status">{MSG.loading}</p>}
      {lists.isError && <p role="alert">{lists.error.message}</p>}
      {lists.data?.length === 0 && <p className="muted">{TALENT_MSG.noShortlists}</p>}
      {lists.data?.map((list) => <ListView key={list._id} list={list} />)}
    </main>
  );
}

function ListView({ list }: { list: Shortlist }) {
  const toast = useToast();
  return (
    <section className="dashboard-section" aria-labelledby={`list-${list._id}`}>
      <h2 id={`list-${list._id}`}>{list.name} <span className="muted">({list.members.length})</span></h2>
      {list.members.length === 0 ? (
        <p className="muted">{TALENT_MSG.emptyShortlist} <Link to="/dashboard/talent">{TALENT_MSG.searchTitle}</Link></p>
      ) : (
        <ul className="talent-cards">
          {list.members.map(({ performer, review }) => (
            <TalentCardView key={performer._id} p={performer}>
              <span className="talent-rating" aria-label={review ? `${TALENT_MSG.yourRating}: ${TALENT_MSG.stars(review.rating)}` : TALENT_MSG.notRated}>
                {review ? '★'.repeat(review.rating) + '☆'.repeat(5 - review.rating) : TALENT_MSG.notRated}
              </span>
              <Link className="btn btn-ghost" to={`/talent/${performer._id}`}>{TALENT_MSG.openPortfolio}</Link>
              <button
                type="button"
                className="btn btn-secondary"
                aria-label={`${TALENT_MSG.remove} ${performer.fname}`}
                onClick={() => void removeFromShortlist(list._id, performer._id).catch((err: Error) => toast(err.message))}
              >
                {TALENT_MSG.remove}
              </button>
            </TalentCardView>
          ))}
        </ul>
      )}
    </section>
  );
}
