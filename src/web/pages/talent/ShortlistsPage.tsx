/** /dashboard/shortlists: a new list's name, then the studio's named lists, each renamed, deleted and shown by ShortlistView (docs/talent.md). */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import * as z from 'zod/mini';
import { shortlistFields } from '../../../contract/field-rules';
import { MSG } from '../../../contract/messages';
import { TALENT_LIMITS } from '../../../contract/talent-limits';
import { TALENT_MSG } from '../../../contract/talent-messages';
import { useCreateShortlist } from '../../api/create-shortlist';
import { useShortlists } from '../../api/shortlists';
import { FormField } from '../../components/FormField';
import { useFieldProblems } from '../../components/useFieldProblems';
import { ShortlistView } from './ShortlistView';
import { TalentPageHead } from './TalentPageHead';
import '../dashboard/dashboard.css';
import './talent.css';

const IDS = { name: 'shortlist-name' };
const LABELS = { name: TALENT_MSG.shortlistName };
const rules = z.object(shortlistFields);

export default function ShortlistsPage() {
  const lists = useShortlists();
  const [name, setName] = useState('');
  const fields = useFieldProblems(rules, IDS, LABELS);

  const creating = useCreateShortlist({
    fields: IDS,
    onSuccess: () => setName(''),
    onProblem: (field, msg) => fields.setProblem(field, msg),
    // Every refusal is about the one field: said there, with focus.
    onError: (err) => fields.setProblem('name', err.message),
  });

  function handleCreate(e: FormEvent) {
    e.preventDefault();
    if (fields.check({ name })) creating.mutate(name.trim());
  }

  return (
    <main className="page shortlists">
      <TalentPageHead title={TALENT_MSG.shortlistsTitle}>
        <Link to="/dashboard/talent" className="btn">{TALENT_MSG.searchTitle}</Link>
      </TalentPageHead>
      <form className="card shortlist-new" onSubmit={handleCreate} noValidate>
        <FormField id={IDS.name} label={TALENT_MSG.newShortlist} error={fields.problems.name}>
          {(a11y) => (
            <input
              {...a11y}
              className="input"
              maxLength={TALENT_LIMITS.shortlistNameMax}
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                fields.clear('name');
              }}
            />
          )}
        </FormField>
        <button type="submit" className="btn">{TALENT_MSG.createShortlist}</button>
      </form>
      {lists.isPending && <p role="status">{MSG.loading}</p>}
      {lists.isError && <p role="alert">{lists.error.message}</p>}
      {lists.data?.length === 0 && (
        <p className="muted shortlists-empty">
          {TALENT_MSG.noShortlists} <Link to="/dashboard/talent">{TALENT_MSG.searchTitle}</Link>.
        </p>
      )}
      {lists.data?.map((list) => <ShortlistView key={list._id} list={list} />)}
    </main>
  );
}
