import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { z } from '@/lib/zod';
import { Button } from '@/components/ui/button';
import { Field, fieldErrorId, FieldShell, SelectField, TextAreaField } from '@/components/ui/field';
import { MAX_TEXT_LENGTH, SAVE_FLAG_RESET_MS, SAVE_REDIRECT_DELAY_MS } from '@/config/constants';
import { isBookingStatus, statusLabel } from '@/lib/booking-status';
import { calendarDayToIso, formatDateTime, isoToLocalCalendarDate, padTime } from '@/lib/dates';
import { statusMail } from '@/lib/status-mail';
import processoComum from '../../../pocketbase/pb_hooks/lib/processo_comum.js';
import { BOOKING_STATUSES, type BookingRecord } from '@/lib/types';
import { bookingQueries, errorMessage, isStaleSave, updateBooking, type BookingUpdate } from './api/bookings';
import { shownValue } from './booking-panels';
import { DateField, TimeField } from './date-time-pickers';

const MIN_YEAR = 2000;
const MAX_YEAR = 2100;
/** nota_cliente's limit on the server (pocketbase/pb_migrations). */
export const MAX_NOTE_LENGTH = 2000;

/** Seed §5: no required fields; only what the server would refuse, or a mistyped year, is caught. */
export const bookingFormSchema = z.object({
  // A two-digit year typed as '24/12/26' parses as the year 26: catch it instead of saving it.
  data_agendamento: z
    .date({ error: 'Data inválida' })
    .refine((date) => date.getFullYear() >= MIN_YEAR && date.getFullYear() <= MAX_YEAR, 'Data inválida')
    .nullable(),
  hora_agendamento: z.string().regex(/^(?:(?:[01]\d|2[0-3]):[0-5]\d)?$/, 'Hora inválida'),
  local_agendamento: z.string().max(MAX_TEXT_LENGTH, `Máximo de ${MAX_TEXT_LENGTH} caracteres`),
  // One of the five, or an older status the booking already had (the select offers only those).
  status_agendamento: z.string().min(1, 'Escolha um status'),
  nota_cliente: z.string().max(MAX_NOTE_LENGTH, `Máximo de ${MAX_NOTE_LENGTH} caracteres`),
});
export type BookingFormValues = z.infer<typeof bookingFormSchema>;

/** What a date or time field says when its typed text is not a value (seed §5: an input error). */
const TYPED_ERROR = { data_agendamento: 'Data inválida', hora_agendamento: 'Hora inválida' } as const;

/**
 * The loaded record as form values: a missing or invalid date is empty; an empty status is NOVO, and a
 * status that is not one of the five (an old 'CANCELADO') is kept as it is, so that saving the place alone
 * does not change it.
 */
export function bookingFormDefaults(booking: BookingRecord): BookingFormValues {
  return {
    data_agendamento: isoToLocalCalendarDate(booking.data_agendamento),
    hora_agendamento: padTime(booking.hora_agendamento),
    local_agendamento: booking.local_agendamento ?? '',
    status_agendamento: booking.status_agendamento || 'NOVO',
    nota_cliente: booking.nota_cliente ?? '',
  };
}

/**
 * The PATCH body: seed §7's keys less `formulario`, which staff do not edit (sending the loaded copy back
 * could overwrite a newer one); `nota_cliente` only when it changed.
 */
export function toBookingUpdate(values: BookingFormValues, booking: BookingRecord): BookingUpdate {
  const body: BookingUpdate = {
    data_agendamento: values.data_agendamento ? calendarDayToIso(values.data_agendamento) || null : null,
    hora_agendamento: padTime(values.hora_agendamento),
    local_agendamento: values.local_agendamento,
    status_agendamento: values.status_agendamento,
  };
  if (values.nota_cliente !== (booking.nota_cliente ?? '')) body.nota_cliente = values.nota_cliente;
  return body;
}

/** The customer must be told what is wrong: a booking moved to ANALISE_ERRO needs the note. */
export function needsNote(values: BookingFormValues, booking: BookingRecord): boolean {
  return (
    values.status_agendamento === 'ANALISE_ERRO' &&
    booking.status_agendamento !== 'ANALISE_ERRO' &&
    values.nota_cliente.trim() === ''
  );
}

/**
 * The options of the status select: the five, and the booking's own older status first when it has one.
 * ANALISE_OK is offered once every document of the case is approved (the server refuses it before).
 */
function statusOptions(
  current: string,
  analiseOk: boolean,
): Array<{ value: string; label: string; disabled?: boolean }> {
  const five = BOOKING_STATUSES.map((status) =>
    status === 'ANALISE_OK' && !analiseOk && current !== status
      ? { value: status, label: `${statusLabel(status)} (aprove todos os documentos antes)`, disabled: true }
      : { value: status, label: statusLabel(status) },
  );
  return current && !isBookingStatus(current)
    ? [{ value: current, label: `${statusLabel(current)} (status antigo)` }, ...five]
    : five;
}

interface BookingFormProps {
  booking: BookingRecord;
  /** Where to go after a save: the list page the editor was opened from. */
  backHref: string;
  /** Whether ANALISE_OK may be chosen: every document of the case approved, or no case file at all. */
  analiseOk?: boolean;
}

/** The editor's form. Rendered once the booking has loaded; `booking` then follows the server's copy. */
export function BookingForm({ booking, backHref, analiseOk = true }: BookingFormProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const dateId = useId();
  const timeId = useId();
  const [saving, setSaving] = useState(false);
  // Set when the server refused a save made on an older copy: the newer values are shown beside the form.
  const [conflict, setConflict] = useState(false);
  // A ref as well as state: a second submit can arrive before React has re-rendered the disabled button.
  const busy = useRef(false);
  const timers = useRef<number[]>([]);
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => window.clearTimeout(timer));
  }, []);

  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    getValues,
    setValue,
    clearErrors,
    formState: { errors },
  } = useForm<BookingFormValues>({
    resolver: zodResolver(bookingFormSchema),
    defaultValues: bookingFormDefaults(booking),
  });

  const save = useMutation({
    // The copy the form was filled from goes along: the server refuses the save if the booking changed since.
    mutationFn: (body: BookingUpdate) => updateBooking(booking.id, body, booking.updated),
    onSuccess: (updated) => {
      // The PATCH answer has no expand: keep the owner and the payment loaded with the booking.
      queryClient.setQueryData(bookingQueries.detail(booking.id).queryKey, {
        ...updated,
        expand: booking.expand,
      });
      void queryClient.invalidateQueries({ queryKey: bookingQueries.history(booking.id).queryKey });
      return queryClient.invalidateQueries({ queryKey: bookingQueries.lists() });
    },
    onError: (error) => {
      if (!isStaleSave(error)) return;
      // Fetch the newer copy (and who saved it): the form keeps what was typed, the notice shows theirs.
      setConflict(true);
      void queryClient.invalidateQueries({ queryKey: bookingQueries.detail(booking.id).queryKey });
      void queryClient.invalidateQueries({ queryKey: bookingQueries.history(booking.id).queryKey });
    },
  });

  function later(run: () => void, ms: number) {
    timers.current.push(window.setTimeout(run, ms));
  }

  // The date or time fields whose typed text was not a value when they were left (the picker puts the last good
  // value back): the save waits until they are fixed, rather than storing what the staff member did not mean.
  const unparsed = useRef(new Set<'data_agendamento' | 'hora_agendamento'>());
  const refuseTyped = (name: 'data_agendamento' | 'hora_agendamento') => {
    unparsed.current.add(name);
    setError(name, { type: 'input', message: TYPED_ERROR[name] });
  };
  const acceptTyped = (name: 'data_agendamento' | 'hora_agendamento') => {
    if (!unparsed.current.delete(name)) return;
    clearErrors(name);
  };

  async function submit(values: BookingFormValues) {
    if (busy.current) return;
    const [typed] = unparsed.current;
    if (typed) {
      unparsed.current.forEach((name) => setError(name, { type: 'input', message: TYPED_ERROR[name] }));
      // The picker's field is the library's, not registered with the form: found by its id, brought to the middle
      // of the screen (the sticky header would hide it at the top, its popup below it) and focused.
      const field = document.getElementById(typed === 'data_agendamento' ? dateId : timeId);
      field?.scrollIntoView({ block: 'center' });
      field?.focus({ preventScroll: true });
      return;
    }
    if (needsNote(values, booking)) {
      setError('nota_cliente', {
        message: 'Escreva o que o cliente precisa corrigir: o texto vai no e-mail.',
      });
      setFocus('nota_cliente');
      return;
    }
    busy.current = true;
    setSaving(true);
    try {
      await save.mutateAsync(toBookingUpdate(values, booking));
      setConflict(false);
      toast.success('Agendamento atualizado com sucesso!');
      later(() => navigate(backHref), SAVE_REDIRECT_DELAY_MS);
    } catch (error) {
      // The form keeps what was typed: nothing is reset on failure.
      toast.error(`Erro: ${errorMessage(error)}`);
    } finally {
      later(() => {
        busy.current = false;
        setSaving(false);
      }, SAVE_FLAG_RESET_MS);
    }
  }

  const statusField = register('status_agendamento');

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)} className="space-y-6">
      {conflict ? (
        <ConflictNotice
          booking={booking}
          onUseCurrent={() => {
            reset(bookingFormDefaults(booking));
            setConflict(false);
          }}
        />
      ) : null}

      <div className="grid gap-6 sm:grid-cols-2">
        <FieldShell id={dateId} label="Data do Agendamento" error={errors.data_agendamento?.message}>
          <Controller
            control={control}
            name="data_agendamento"
            render={({ field }) => (
              <DateField
                id={dateId}
                name={field.name}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(date) => {
                  acceptTyped(field.name);
                  field.onChange(date);
                }}
                onParsed={() => acceptTyped(field.name)}
                onUnparsed={() => refuseTyped(field.name)}
                errorId={errors.data_agendamento ? fieldErrorId(dateId) : undefined}
              />
            )}
          />
        </FieldShell>

        <FieldShell id={timeId} label="Hora do Agendamento" error={errors.hora_agendamento?.message}>
          <Controller
            control={control}
            name="hora_agendamento"
            render={({ field }) => (
              <TimeField
                id={timeId}
                name={field.name}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(time) => {
                  acceptTyped(field.name);
                  field.onChange(time);
                }}
                onParsed={() => acceptTyped(field.name)}
                onUnparsed={() => refuseTyped(field.name)}
                errorId={errors.hora_agendamento ? fieldErrorId(timeId) : undefined}
              />
            )}
          />
        </FieldShell>
      </div>

      <Field
        label="Local do Agendamento"
        placeholder="Rua Exemplo, 123"
        maxLength={MAX_TEXT_LENGTH}
        autoComplete="off"
        error={errors.local_agendamento?.message}
        {...register('local_agendamento')}
      />

      <SelectField
        label="Status"
        className="sm:max-w-xs"
        {...statusField}
        onChange={(event) => {
          void statusField.onChange(event);
          // The note belongs to its status (the server's rule): another status starts with none; back to the
          // stored status, an untouched empty note is the stored one again.
          const stored = booking.nota_cliente ?? '';
          const note = getValues('nota_cliente');
          if (event.target.value === booking.status_agendamento) {
            if (note === '') setValue('nota_cliente', stored);
          } else {
            setValue(
              'nota_cliente',
              processoComum.notaDoStatus(booking.status_agendamento, stored, event.target.value, note),
            );
          }
        }}
      >
        {statusOptions(booking.status_agendamento, analiseOk).map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </SelectField>

      <TextAreaField
        label="Mensagem ao cliente"
        hint="Vai no e-mail de mudança de status e aparece na página de acompanhamento do cliente. Obrigatória para Análise com Erro: diga o que precisa ser corrigido."
        maxLength={MAX_NOTE_LENGTH}
        rows={4}
        error={errors.nota_cliente?.message}
        {...register('nota_cliente')}
      />
      <MailPreview control={control} booking={booking} />

      <Button
        type="submit"
        loading={saving}
        loadingText="Atualizando agendamento"
        className="w-full sm:w-auto"
      >
        Atualizar
      </Button>
    </form>
  );
}

/**
 * The e-mail the customer will get when this save changes the status, word for word as the server writes it
 * (lib/status-mail), from what the form holds now; or that no e-mail goes out.
 */
function MailPreview({ control, booking }: { control: Control<BookingFormValues>; booking: BookingRecord }) {
  const id = useId();
  const values = useWatch({ control }) as BookingFormValues;
  // The record this save would store, read by the server's own mapping of its fields into the e-mail.
  const saved = { ...booking, ...toBookingUpdate(values, booking) };
  const mail =
    isBookingStatus(values.status_agendamento) && values.status_agendamento !== booking.status_agendamento
      ? statusMail(
          { ...saved, data_agendamento: saved.data_agendamento ?? '' },
          booking.expand?.usuario?.nome_completo ?? '',
          window.location.origin,
        )
      : null;
  return (
    <section aria-labelledby={id} className="rounded-xl border border-gray-200 bg-gray-50 p-4">
      <h3 id={id} className="font-semibold text-ink-900">
        Prévia do e-mail ao cliente
      </h3>
      {mail ? (
        <>
          <p className="mt-1 text-sm text-ink-700">Enviado ao salvar, com o assunto “{mail.subject}”:</p>
          <pre className="mt-2 font-sans text-sm whitespace-pre-wrap wrap-anywhere text-ink-900">
            {mail.text}
          </pre>
        </>
      ) : (
        <p className="mt-1 text-sm text-ink-700">
          Nenhum e-mail é enviado ao salvar: o status não muda. A mensagem aparece na página de acompanhamento
          do cliente.
        </p>
      )}
    </section>
  );
}

/** The newer values another save left, beside the form that still holds what this staff member typed. */
function ConflictNotice({ booking, onUseCurrent }: { booking: BookingRecord; onUseCurrent: () => void }) {
  const stored = (field: keyof BookingRecord & string) => shownValue(field, String(booking[field] ?? ''));
  return (
    <div
      role="alert"
      className="space-y-3 rounded-2xl border border-amber-400 bg-amber-50 p-5 text-amber-950"
    >
      <p className="font-semibold">
        Este agendamento foi alterado por outra pessoa enquanto você editava (às{' '}
        {formatDateTime(booking.updated)}).
      </p>
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">Data</dt>
        <dd>{stored('data_agendamento')}</dd>
        <dt className="font-medium">Hora</dt>
        <dd>{stored('hora_agendamento')}</dd>
        <dt className="font-medium">Local</dt>
        <dd className="break-words">{stored('local_agendamento')}</dd>
        <dt className="font-medium">Status</dt>
        <dd>{shownValue('status_agendamento', booking.status_agendamento || 'NOVO')}</dd>
      </dl>
      <p>
        Os seus valores continuam no formulário. Salve de novo para substituir os atuais, ou use os valores
        atuais.
      </p>
      <Button variant="secondary" onClick={onUseCurrent}>
        Usar os valores atuais
      </Button>
    </div>
  );
}
