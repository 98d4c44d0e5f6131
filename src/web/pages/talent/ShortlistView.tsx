/**
 * One of the studio's shortlists on /dashboard/shortlists (docs/talent.md): its name, renamed
 * in place (a problem shows at the field), deleted after asking, and its members with
 * picture, profession and the studio's rating.
 */
import { useMemo, useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import { Link } from 'react-router';
import { shortlistFields } from '../../../contract/field-rules';
import type { Shortlist } from '../../../contract/talent';
import { TALENT_LIMITS } from '../../../contract/talent-limits';
import { TALENT_MSG } from '../../../contract/talent-messages';
import { useDeleteShortlist } from '../../api/delete-shortlist';
import { useRemoveFromShortlist } from '../../api/remove-from-shortlist';
import { useRenameShortlist } from '../../api/rename-shortlist';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormField } from '../../components/FormField';
import { useToast } from '../../components/Toasts';
import { useFieldProblems } from '../../components/useFieldProblems';
import { TalentCardView } from './TalentCardView';
import { personName } from '../../../contract/names';

const rules = z.object(shortlistFields);

export function ShortlistView({ list }: { list: Shortlist }) {
  const toast = useToast();
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const headingId = `list-${list._id}`;

  const del = useDeleteShortlist({
    onSuccess: () => toast(TALENT_MSG.shortlistDeleted(list.name), 'success'),
    onError: (err) => toast(err.message),
  });
  const remove = useRemoveFromShortlist({ onError: (err) => toast(err.message) });

  function handleDelete() {
    setConfirming(false);
    del.mutate(list._id);
  }

  return (
    <section className="dashboard-section shortlist" aria-labelledby={headingId}>
      <div className="shortlist-head">
        <h2 id={headingId}>{list.name} <span className="muted">({list.members.length})</span></h2>
        {!renaming && (
          <div className="shortlist-actions">
            <button type="button" className="btn btn-secondary" aria-label={TALENT_MSG.renameShortlistOf(list.name)} onClick={() => setRenaming(true)}>
              {TALENT_MSG.renameShortlist}
            </button>
            <button type="button" className="btn btn-ghost" aria-label={TALENT_MSG.deleteShortlistOf(list.name)} onClick={() => setConfirming(true)}>
              {TALENT_MSG.deleteShortlist}
            </button>
          </div>
        )}
      </div>
      {renaming && <RenameForm list={list} onDone={() => setRenaming(false)} />}
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
                aria-label={`${TALENT_MSG.remove} ${personName(performer.fname)}`}
                onClick={() => remove.mutate({ listId: list._id, performerId: performer._id })}
              >
                {TALENT_MSG.remove}
              </button>
            </TalentCardView>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirming}
        title={TALENT_MSG.deleteShortlistTitle(list.name)}
        message={TALENT_MSG.deleteShortlistMessage(list.members.length)}
        confirmLabel={TALENT_MSG.deleteShortlistConfirm}
        onConfirm={handleDelete}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}

/** The list's name in a field, saved with the server's own checks; its problem shows under the field. */
function RenameForm({ list, onDone }: { list: Shortlist; onDone(): void }) {
  const [name, setName] = useState(list.name);
  const ids = useMemo(() => ({ name: `rename-${list._id}` }), [list._id]);
  // The contract's rule for a list's name (the server's own), said at the field with focus.
  const fields = useFieldProblems(rules, ids);
  // A refusal naming the name is said there; any other (the list gone, the network) too: the name is the form's one field.
  const rename = useRenameShortlist({
    fields: ids,
    onSuccess: () => onDone(),
    onProblem: (field, msg) => fields.setProblem(field, msg),
    onError: (err) => fields.setProblem('name', err.message),
  });
  const saving = rename.isPending;

  function handleSubmit(e: FormEvent) {
    e.preventDefault();
    if (!fields.check({ name })) return;
    rename.mutate({ listId: list._id, name: name.trim() });
  }

  return (
    <form className="card shortlist-rename" onSubmit={handleSubmit} noValidate>
      <FormField id={ids.name} label={TALENT_MSG.shortlistName} error={fields.problems.name}>
        {(a11y) => (
          <input
            {...a11y}
            className="input"
            autoFocus
            maxLength={TALENT_LIMITS.shortlistNameMax}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              fields.clear('name');
            }}
          />
        )}
      </FormField>
      <div className="shortlist-actions">
        <button type="submit" className="btn" disabled={saving}>{TALENT_MSG.saveShortlistName}</button>
        <button type="button" className="btn btn-ghost" onClick={onDone}>{TALENT_MSG.cancelRename}</button>
      </div>
    </form>
  );
}
