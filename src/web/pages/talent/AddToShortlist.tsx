/** "Add to shortlist": picks one of the studio's lists (or names a first one) and adds the performer. */
import { useId, useMemo, useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import { shortlistFields } from '../../../contract/field-rules';
import { TALENT_LIMITS } from '../../../contract/talent-limits';
import { TALENT_MSG } from '../../../contract/talent-messages';
import { useAddToShortlist } from '../../api/add-to-shortlist';
import { useShortlists } from '../../api/shortlists';
import { useToast } from '../../components/Toasts';
import { FieldError, fieldA11y } from '../../components/FormField';
import { useFieldProblems } from '../../components/useFieldProblems';

const rules = z.object(shortlistFields);

export function AddToShortlist({ performerId, name }: { performerId: string; name: string }) {
  const lists = useShortlists();
  const toast = useToast();
  const id = useId();
  const [chosen, setChosen] = useState('');
  const [newName, setNewName] = useState('');
  const ids = useMemo(() => ({ name: `${id}-new` }), [id]);
  const fields = useFieldProblems(rules, ids);
  const first = lists.data?.length === 0;
  const listId = chosen || lists.data?.[0]?._id || '';
  const already = lists.data?.find((l) => l._id === listId)?.members.some((m) => m.performer._id === performerId);
  const add = useAddToShortlist({
    fields: ids,
    onSuccess: (target) => toast(TALENT_MSG.added(target.name), 'success'),
    // About the new list's name: said there; anything else (the list full, say) a toast.
    onProblem: (field, msg) => (first ? fields.setProblem(field, msg) : toast(msg)),
    onError: (err) => toast(err.message),
  });
  const busy = add.isPending;

  function handleSubmit(e: FormEvent) {
    e.preventDefault();
    // A first list's name (empty: the default one) is checked at its field, focus on it.
    const listName = newName.trim() || TALENT_MSG.shortlistsTitle;
    if (first && !fields.check({ name: listName })) return;
    const list = first ? { newName: listName } : lists.data?.find((l) => l._id === listId);
    if (list) add.mutate({ list, performerId });
  }

  if (!lists.data) return null;
  return (
    <form className="add-to-list" onSubmit={handleSubmit} aria-label={`${TALENT_MSG.addToShortlist}: ${name}`}>
      {first ? (
        <>
          <label htmlFor={`${id}-new`} className="visually-hidden">{TALENT_MSG.shortlistName}</label>
          <input
            id={`${id}-new`}
            className="input"
            placeholder={TALENT_MSG.shortlistName}
            maxLength={TALENT_LIMITS.shortlistNameMax}
            value={newName}
            onChange={(e) => {
              setNewName(e.target.value);
              fields.clear('name');
            }}
            {...fieldA11y(ids.name, fields.problems.name)}
          />
          <FieldError id={ids.name} error={fields.problems.name} />
        </>
      ) : (
        <>
          <label htmlFor={`${id}-list`} className="visually-hidden">{TALENT_MSG.chooseShortlist}</label>
          <select id={`${id}-list`} className="select" value={listId} onChange={(e) => setChosen(e.target.value)}>
            {lists.data.map((l) => (
              <option key={l._id} value={l._id}>{l.name}</option>
            ))}
          </select>
        </>
      )}
      <button type="submit" className="btn btn-secondary" disabled={busy || already}>
        {already ? '✓ ' : ''}{TALENT_MSG.addToShortlist}
      </button>
    </form>
  );
}
