// /coach/secuencias/<page>/<section>/<step>: one mail of a welcome sequence as the coach writes it — its subject,
// its day (the first goes at the moment of the download), its text in Markdown — beside the mail as it will arrive
// (below it on a phone). Saving checks what the server checks (course/sequences.ts), the days' order too; a test
// goes to her own address; a second or third mail can be taken out (it stops going out).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  isSequenceStep,
  MAX_STEP_DAY,
  MIN_STEP_DAY,
  sequenceSourceOf,
  stepFieldOfMessage,
  stepFieldProblem,
  stepOrderProblem,
  stepProblems,
  type SequenceSource,
  type SequenceStep,
  type StepField,
  type StepText,
} from '../../../../../course/sequences';
import { Button } from '../../../components/Button/Button';
import { Field } from '../../../components/Field/Field';
import { Skeleton } from '../../../components/Skeleton/Skeleton';
import forms from '../../../styles/forms.module.css';
import { sequenceMutations, sequenceQueries, type CoachSequence, type CoachStep, type StepAddress } from '../api/sequences-queries';
import styles from '../coach.module.css';
import { Confirm, EditorState, MarkdownControl, useLeaveGuard } from '../components/EditorControls';
import own from '../components/Editor.module.css';
import { LoadError } from '../components/LoadError';
import { MailPreview, useDebounced } from '../components/MailPreview';
import { stepState, stepWhen } from './SequencesPage';

const MARKDOWN_HINT =
  'Tu saludo con su nombre, tu firma y los enlaces para darse de baja se agregan solos. Separa los párrafos con una línea en blanco. **negrita**, *cursiva*, [enlace](https://…).';
const DAY_HINT = `Cuántos días después de la descarga sale: entre el ${MIN_STEP_DAY} y el ${MAX_STEP_DAY}, después del correo anterior.`;
const FIRST_STEP_NOTE = 'Sale en el momento de la descarga, junto con el regalo.';

type Fields = { subject: string; markdown: string; day: string };

const fieldsOf = (step: CoachStep): Fields => ({ subject: step.subject ?? '', markdown: step.markdown ?? '', day: String(step.day) });
const textOf = (fields: Fields): StepText => ({ subject: fields.subject, markdown: fields.markdown, day: Number(fields.day) });
const same = (a: Fields, b: Fields) => a.subject === b.subject && a.markdown === b.markdown && Number(a.day) === Number(b.day);

/** The other written mails' days, as the order check takes them (an unwritten mail has none). */
const otherDays = (sequence: CoachSequence, step: SequenceStep) =>
  Object.fromEntries(sequence.steps.filter((s) => s.written && s.step !== step).map((s) => [s.step, s.day])) as Partial<Record<SequenceStep, number>>;

function StepEditor({ source, sequence, step }: { source: SequenceSource; sequence: CoachSequence; step: SequenceStep }) {
  const queryClient = useQueryClient();
  const saved = sequence.steps.find((s) => s.step === step)!;
  const address: StepAddress = { page: source.page, section: source.section, step };
  const [fields, setFields] = useState<Fields>(() => fieldsOf(saved));
  const [problems, setProblems] = useState<Partial<Record<StepField, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const dirty = !same(fields, fieldsOf(saved));
  useLeaveGuard(dirty);
  const write = useMutation(sequenceMutations.write());
  const clear = useMutation(sequenceMutations.clear());
  const test = useMutation(sequenceMutations.test());
  const busy = [write, clear, test].some((m) => m.isPending);

  const mail = useMemo(() => ({ subject: fields.subject, markdown: fields.markdown }), [fields.subject, fields.markdown]);
  const settled = useDebounced(mail);
  const missing = stepFieldProblem(step, 'subject', settled.subject) !== null || stepFieldProblem(step, 'markdown', settled.markdown) !== null;
  const preview = useQuery({ ...sequenceQueries.preview(settled), enabled: !missing });

  /** The sequence as the server now has it, in the list every page of the desk reads. */
  const keep = (next: CoachSequence) => {
    queryClient.setQueryData(sequenceQueries.list().queryKey, (list) => list?.map((s) => (s.page === next.page && s.section === next.section ? next : s)));
    const now = next.steps.find((s) => s.step === step)!;
    setFields(fieldsOf(now));
  };

  const set = (field: keyof Fields, value: string) => {
    setFields((now) => ({ ...now, [field]: value }));
    setProblems((now) => ({ ...now, [field]: undefined }));
    setDone(null);
  };

  /** Saves what she wrote when it differs from the server's copy (or was never written); false when it could not be. */
  async function save(): Promise<boolean> {
    setAlert(null);
    setDone(null);
    const text = textOf(fields);
    const found = stepProblems(step, text);
    const order = found.day ? null : stepOrderProblem(step, text.day, otherDays(sequence, step));
    if (order) found.day = order;
    setProblems(found);
    if (Object.keys(found).length > 0) {
      setAlert('Revisa los datos marcados.');
      return false;
    }
    if (!dirty && saved.written) return true;
    try {
      keep(await write.mutateAsync({ address, text }));
      return true;
    } catch (error) {
      const message = (error as Error).message;
      const field = stepFieldOfMessage(message);
      if (field) setProblems({ [field]: message });
      else setAlert(message);
      return false;
    }
  }

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const wasSaved = !dirty && saved.written;
    if (await save()) setDone(wasSaved ? 'No había cambios que guardar.' : 'Correo guardado.');
  };

  const sendTest = async () => {
    // The first mail goes as it is (hers or the usual welcome) when she has not touched it; anything else is saved first.
    if ((dirty || (step !== 1 && !saved.written)) && !(await save())) return;
    try {
      await test.mutateAsync(address);
      setDone('Te enviamos una prueba a tu correo. Llega en unos minutos.');
    } catch (error) {
      setAlert((error as Error).message);
    }
  };

  const takeOut = async () => {
    setConfirming(false);
    setAlert(null);
    try {
      keep(await clear.mutateAsync(address));
      setProblems({});
      setDone('Quitaste ese correo: ya no se envía.');
    } catch (error) {
      setAlert((error as Error).message);
    }
  };

  return (
    <div className={own.layout}>
      <form className={own.form} onSubmit={(e) => void submit(e)} noValidate aria-label="El correo">
        <Field id="paso-asunto" label="Asunto" value={fields.subject} error={problems.subject} onChange={(e) => set('subject', e.target.value)} />
        {step === 1 ? (
          <p className={own.state}>{FIRST_STEP_NOTE}</p>
        ) : (
          <Field
            id="paso-dia"
            label="Día"
            type="number"
            inputMode="numeric"
            min={MIN_STEP_DAY}
            max={MAX_STEP_DAY}
            value={fields.day}
            hint={DAY_HINT}
            error={problems.day}
            onChange={(e) => set('day', e.target.value)}
          />
        )}
        <MarkdownControl
          id="paso-texto"
          hint={MARKDOWN_HINT}
          error={problems.markdown}
          rows={14}
          value={fields.markdown}
          onChange={(v) => set('markdown', v)}
        />
        <EditorState alert={alert} state={`${stepState(saved)}${dirty ? ' · con cambios sin guardar' : ''}`} />
        <div className={forms.actions}>
          <Button type="submit" disabled={busy}>
            {write.isPending ? 'Guardando…' : 'Guardar'}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => void sendTest()}>
            {test.isPending ? 'Enviando…' : 'Enviarme una prueba'}
          </Button>
          {step !== 1 && saved.written ? (
            <Button variant="secondary" disabled={busy || confirming} onClick={() => setConfirming(true)}>
              Quitar este correo
            </Button>
          ) : null}
        </div>
        {confirming ? (
          <Confirm label="Confirmar que lo quitas" yes="Sí, quitarlo" onYes={() => void takeOut()} onNo={() => setConfirming(false)}>
            Este correo deja de enviarse y lo que escribiste se borra. Quien ya lo recibió no pierde nada.
          </Confirm>
        ) : null}
        {done ? (
          <p role="status" className={own.done}>
            {done}
          </p>
        ) : null}
      </form>
      <MailPreview
        missing={missing ? 'La vista previa aparece cuando el correo tiene asunto y texto.' : null}
        rendered={missing ? undefined : preview.data}
        error={preview.error}
        fetching={preview.isFetching}
      />
    </div>
  );
}

export function SequenceStepPage() {
  const params = useParams();
  const source = sequenceSourceOf(params.page ?? '', params.section ?? '');
  const step = Number(params.step);
  const query = useQuery(sequenceQueries.list());
  const sequence = source && query.data?.find((s) => s.page === source.page && s.section === source.section);
  const known = source !== undefined && isSequenceStep(step);
  return (
    <div className={styles.page}>
      <title>Bienvenidas · Manifiesta</title>
      <header className={styles.pageHead}>
        <p className="eyebrow">{known ? source.label : 'Correos de bienvenida'}</p>
        <h1>{!known ? 'Ese correo no existe' : sequence ? `Correo ${step}: ${stepWhen(sequence.steps[step - 1]!).toLowerCase()}` : `Correo ${step}`}</h1>
        <Link to="/coach/secuencias">Volver a los correos de bienvenida</Link>
      </header>
      {!known ? (
        <p className={styles.emptyState}>Cada descarga tiene tres correos: elige uno desde la lista.</p>
      ) : sequence ? (
        <StepEditor key={`${source.page}-${source.section}-${step}`} source={source} sequence={sequence} step={step} />
      ) : query.isError ? (
        <LoadError error={query.error} retry={() => void query.refetch()} />
      ) : (
        <Skeleton shape="generic" part="body" />
      )}
    </div>
  );
}
