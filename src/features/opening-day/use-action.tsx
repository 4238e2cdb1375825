import { useState } from 'react';
import { appointmentErrorMessage } from '@/lib/api/booking-day';
import { useSubmitGuard } from '@/lib/use-submit-guard';

/**
 * One staff action of the booking day (assumir, pedir código, a tentativa…): one call at a time (a second press
 * while the first is in flight sends nothing), `busy` while it runs, and, when it fails, `error`: what the failure
 * tells staff in pt-BR (appointmentErrorMessage: no connection, the server's own refusal, or try again), shown
 * next to the control by ActionError. `run` resolves true when the action went through; `which` names the
 * button pressed, for `button`.
 */
export function useAction() {
  const guard = useSubmitGuard();
  const [pending, setPending] = useState('');
  const [error, setError] = useState('');
  const run = async (action: () => Promise<unknown>, which = 'run'): Promise<boolean> =>
    (await guard(async () => {
      setPending(which);
      setError('');
      try {
        await action();
        return true;
      } catch (err) {
        setError(appointmentErrorMessage(err));
        return false;
      } finally {
        setPending('');
      }
    })) ?? false;
  /** A button of the action `which`: it spins while it runs, the others of the group wait (never disabled
   * while focused: the keyboard user's focus would drop to the page's start). */
  const button = (which = 'run') => ({
    loading: pending === which,
    disabled: pending !== '' && pending !== which,
  });
  return { busy: pending !== '', error, setError, run, button };
}

/** A failed action's message, next to its control (announced: role="alert"); nothing when there is none. */
export function ActionError({
  message,
  id,
  className = 'mt-2',
}: {
  message: string;
  id?: string;
  className?: string;
}) {
  return message ? (
    <p id={id} role="alert" className={`${className} font-semibold text-accent-700`}>
      {message}
    </p>
  ) : null;
}
