import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/field';
import { ESTADOS_CONTA, saveApplicantAccount, type ApplicantAccount } from '@/lib/api/booking-day';
import { caseFileQueries } from '@/lib/api/case-file';

type Errors = Partial<Record<'prenotami_email' | 'prenotami_celular' | 'form', string>>;

/**
 * The applicant's own Prenot@mi account: their e-mail and mobile (the server refuses the company's and another
 * applicant's, with the reason), and the account's state as staff keep it. The password is never asked here.
 */
export function PrenotamiAccount({ applicant, locked }: { applicant: ApplicantAccount; locked: boolean }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<Errors>({});
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setBusy(true);
    setSaved(false);
    try {
      await saveApplicantAccount(applicant.id, {
        prenotami_email: String(data.get('prenotami_email') ?? ''),
        prenotami_celular: String(data.get('prenotami_celular') ?? ''),
      });
      setErrors({});
      setSaved(true);
      await queryClient.invalidateQueries({ queryKey: caseFileQueries.all() });
    } catch (err) {
      const e = err as { response?: { message?: string; data?: Record<string, { message?: string }> } };
      const fields = e.response?.data ?? {};
      setErrors({
        prenotami_email: fields.prenotami_email?.message,
        prenotami_celular: fields.prenotami_celular?.message,
        form: fields.prenotami_email || fields.prenotami_celular ? undefined : 'Não foi possível salvar.',
      });
    } finally {
      setBusy(false);
    }
  };
  const field = (name: 'prenotami_email' | 'prenotami_celular', label: string, type: string) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="block font-semibold text-ink-900">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        type={type}
        inputMode={type === 'tel' ? 'tel' : undefined}
        autoComplete="off"
        disabled={locked}
        defaultValue={applicant[name] ?? ''}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-e` : undefined}
        className={`${inputClass(!!errors[name])} mt-1`}
      />
      {errors[name] ? (
        <p id={`${id}-${name}-e`} className="mt-1 text-sm font-semibold text-accent-700">
          {errors[name]}
        </p>
      ) : null}
    </div>
  );
  return (
    <form onSubmit={(e) => void submit(e)} className="mt-4 space-y-3 rounded-xl border border-gray-200 p-4">
      <h3 className="font-semibold text-ink-900">Conta do Prenot@mi</h3>
      <p className="text-sm text-ink-700">
        O e-mail e o celular do próprio requerente, nunca os de outra pessoa: o consulado bloqueia contas com
        contatos de terceiros. Estado da conta:{' '}
        <strong>
          {applicant.prenotami_estado ? ESTADOS_CONTA[applicant.prenotami_estado] : 'não informado'}
        </strong>
        .
      </p>
      {field('prenotami_email', 'E-mail do requerente no Prenot@mi', 'email')}
      {field('prenotami_celular', 'Celular do requerente no Prenot@mi', 'tel')}
      {errors.form ? (
        <p role="alert" className="font-semibold text-accent-700">
          {errors.form}
        </p>
      ) : null}
      <p role="status" className="text-sm text-brand-900">
        {saved ? 'Conta do Prenot@mi salva.' : ''}
      </p>
      <Button type="submit" variant="secondary" loading={busy} loadingText="Salvando..." disabled={locked}>
        Salvar conta do Prenot@mi
      </Button>
    </form>
  );
}
