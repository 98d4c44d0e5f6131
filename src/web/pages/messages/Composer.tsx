/**
 * The message box: keeps a draft per conversation (in this browser, until logout), sends
 * on Enter (Shift+Enter for a new line), and shows what is wrong under the field.
 */
import { FieldError, fieldA11y } from '../../components/FormField';
import { useEffect, useId, useMemo, useState, type FormEvent, type KeyboardEvent } from 'react';
import * as z from 'zod/mini';
import { messageFields } from '../../../contract/field-rules';
import { useFieldProblems } from '../../components/useFieldProblems';
import { CONVERSATION_LIMITS, CONVERSATION_MSG } from '../../../contract/conversations-texts';

const rules = z.object(messageFields);
const draftKey = (id: string) => `draft:${id}`;

interface Props {
  conversationId: string;
  disabled: boolean;
  onSend(text: string): void;
}

export function Composer({ conversationId, disabled, onSend }: Props) {
  const fieldId = useId();
  const [text, setText] = useState(() => localStorage.getItem(draftKey(conversationId)) ?? '');
  const ids = useMemo(() => ({ text: fieldId }), [fieldId]);
  const fields = useFieldProblems(rules, ids);
  const error = fields.problems.text;
  const { reset } = fields;

  useEffect(() => {
    setText(localStorage.getItem(draftKey(conversationId)) ?? '');
    reset();
  }, [conversationId, reset]);

  function change(value: string) {
    setText(value);
    if (value) localStorage.setItem(draftKey(conversationId), value);
    else localStorage.removeItem(draftKey(conversationId));
    if (error && value.length <= CONVERSATION_LIMITS.textMax) fields.clear('text');
  }

  function submit(event?: FormEvent) {
    event?.preventDefault();
    // Its problem under the field, with focus (the contract's rule, the server's own limit).
    if (!fields.check({ text })) return;
    onSend(text);
    change('');
  }

  function keyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  return (
    <form className="msg-composer" onSubmit={submit} noValidate>
      <div className="msg-composer-field">
        <label htmlFor={fieldId} className="visually-hidden">{CONVERSATION_MSG.composerLabel}</label>
        <textarea
          id={fieldId}
          className="textarea"
          rows={2}
          value={text}
          placeholder={CONVERSATION_MSG.composerLabel}
          onChange={(e) => change(e.target.value)}
          onKeyDown={keyDown}
          disabled={disabled}
          {...fieldA11y(fieldId, error)}
        />
        <FieldError id={fieldId} error={error} />
      </div>
      <button type="submit" className="btn" disabled={disabled}>{CONVERSATION_MSG.send}</button>
    </form>
  );
}
