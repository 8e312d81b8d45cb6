// The state of an account form: its text fields, bound to their inputs, and the one problem it shows. Each
// submission is an attempt of its own, so the same message said twice is announced twice (its alert remounts).
import { useRef, useState } from 'react';

export type FormProblem = { message: string; attempt: number };

export function useFormFields<F extends Record<string, string>>(initial: F) {
  const [form, setForm] = useState<F>(initial);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const attempts = useRef(0);
  return {
    form,
    clear: () => setForm(initial),
    /** The props that bind an input to the field `name`. */
    field: (name: keyof F & string) => ({
      name,
      value: form[name],
      onChange: (event: { target: { value: string } }) => setForm((current) => ({ ...current, [name]: event.target.value })),
    }),
    problem,
    /** A new submission: the problem shown so far goes; the function returned shows this attempt's. */
    attempt: () => {
      const attempt = ++attempts.current;
      setProblem(null);
      return (message: string) => setProblem({ message, attempt });
    },
  };
}
