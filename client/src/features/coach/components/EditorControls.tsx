// What the desk's editors (a letter, a welcome mail) share: a labelled control with its hint and its own error, the
// Markdown text, the inline question before an act that cannot be undone, and the browser's question before
// leaving unsaved words.
import { useEffect, type ReactNode } from 'react';
import { Button } from '../../../components/Button/Button';
import forms from '../../../styles/forms.module.css';
import own from './Editor.module.css';

/** Asks the browser to confirm before leaving the page while `dirty`. */
export function useLeaveGuard(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}

/** A select or a textarea with its label, its hint and its own error under it (Field is the same for an input). */
export function Control({ id, label, hint, error, children }: { id: string; label: string; hint?: string; error?: string; children: ReactNode }) {
  return (
    <div className={forms.field}>
      <label className={forms.label} htmlFor={id}>
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className={forms.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={forms.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** What describes a Control's own element: its hint and its error, when it has them. */
export const describedBy = (id: string, hint: boolean, error: string | undefined) =>
  [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

type MarkdownProps = { id: string; hint: string; error?: string; rows: number; value: string; onChange: (value: string) => void };

/** The text she writes in Markdown, with how to write it under it. */
export function MarkdownControl({ id, hint, error, rows, value, onChange }: MarkdownProps) {
  return (
    <Control id={id} label="Texto" hint={hint} error={error}>
      <textarea
        id={id}
        className={`${forms.textarea} ${own.markdown}`}
        rows={rows}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, true, error)}
        onChange={(e) => onChange(e.target.value)}
      />
    </Control>
  );
}

type ConfirmProps = { label: string; children: ReactNode; yes: string; onYes: () => void; onNo: () => void };

/** Asks before an act (publishing, taking a mail out): what it does, «Sí, …» and «Cancelar». */
export function Confirm({ label, children, yes, onYes, onNo }: ConfirmProps) {
  return (
    <div className={own.confirm} role="group" aria-label={label}>
      <p>{children}</p>
      <div className={forms.actions}>
        <Button onClick={onYes}>{yes}</Button>
        <Button variant="secondary" onClick={onNo}>
          Cancelar
        </Button>
      </div>
    </div>
  );
}

/** Under an editor's fields: what went wrong (an alert), then where the text stands (saved, unsaved changes). */
export function EditorState({ alert, state }: { alert: string | null; state: string }) {
  return (
    <>
      {alert ? (
        <p className={forms.alert} role="alert">
          {alert}
        </p>
      ) : null}
      <p className={own.state}>{state}</p>
    </>
  );
}
