// «Asignar» on a held payment: the account's address (and the product, when the payment names none), a
// confirmation that says what will happen, then the server's answer. Until confirmed nothing is sent.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { EMAIL_PATTERN } from '../../../../../course/contact';
import { ASSIGN_EMAIL } from '../../../../../course/products';
import { Button } from '../../../components/Button/Button';
import { coachMutations, coachQueries, type Sale } from '../api/coach-queries';
import { formatMoney, PRODUCT_CHOICES, productLabel } from '../lib/sales';
import desk from '../coach.module.css';
import styles from './AssignForm.module.css';

const EMAIL_NEEDED = ASSIGN_EMAIL;
const PRODUCT_NEEDED = 'Elige el producto que pagó.';

export function AssignForm({ sale, onAssigned }: { sale: Sale; onAssigned: (message: string) => void }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<'closed' | 'form' | 'confirm'>('closed');
  const [email, setEmail] = useState('');
  const [productId, setProductId] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const emailId = useId();
  const productIdField = useId();
  const errorId = useId();
  const needsProduct = sale.productId === '';
  const paymentId = sale.paymentId!;

  const assign = useMutation({
    ...coachMutations.assignPayment(),
    onSuccess: ({ message }) => {
      setStep('closed');
      onAssigned(message);
      void queryClient.invalidateQueries({ queryKey: coachQueries.salesKey() });
    },
    onError: (error) => {
      setProblem(error.message);
      setStep('form');
    },
  });

  if (step === 'closed') {
    return (
      <Button variant="secondary" className={styles.open} onClick={() => setStep('form')} aria-label={`Asignar el pago ${paymentId}`}>
        Asignar
      </Button>
    );
  }

  const next = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const address = email.trim();
    if (!EMAIL_PATTERN.test(address)) return setProblem(EMAIL_NEEDED);
    if (needsProduct && !productId) return setProblem(PRODUCT_NEEDED);
    setProblem(null);
    setStep('confirm');
  };
  const product = productLabel(needsProduct ? productId : sale.productId);

  if (step === 'confirm') {
    return (
      <div className={styles.box} role="group" aria-label={`Confirmar la asignación del pago ${paymentId}`}>
        <p>
          ¿Asignar el pago de {formatMoney(sale.amount, sale.currency)} ({product}) a la cuenta <strong className={styles.address}>{email.trim()}</strong>?
          Tendrá su acceso enseguida y le escribiremos para contárselo.
        </p>
        <div className={styles.actions}>
          <Button
            disabled={assign.isPending}
            onClick={() => assign.mutate({ paymentId, email: email.trim(), ...(needsProduct ? { productId: productId as Sale['productId'] } : {}) })}
          >
            {assign.isPending ? 'Asignando...' : 'Sí, asignar'}
          </Button>
          <Button variant="secondary" disabled={assign.isPending} onClick={() => setStep('form')}>
            Volver
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form className={styles.box} onSubmit={next} noValidate aria-label={`Asignar el pago ${paymentId}`}>
      <label className={desk.filter} htmlFor={emailId}>
        <span>Correo de la cuenta</span>
        <input
          id={emailId}
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
        />
      </label>
      {needsProduct ? (
        <label className={desk.filter} htmlFor={productIdField}>
          <span>Producto</span>
          <select id={productIdField} value={productId} onChange={(e) => setProductId(e.target.value)}>
            <option value="">Elige el producto</option>
            {PRODUCT_CHOICES.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {problem ? (
        <p id={errorId} className={styles.error} role="alert">
          {problem}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit">Continuar</Button>
        <Button
          variant="secondary"
          onClick={() => {
            setStep('closed');
            setProblem(null);
          }}
        >
          Cancelar
        </Button>
      </div>
    </form>
  );
}
