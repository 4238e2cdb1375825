import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { z } from '@/lib/zod';
import { Button } from '@/components/ui/button';
import { Field, fieldErrorId, FieldShell, SelectField } from '@/components/ui/field';
import { MAX_TEXT_LENGTH, SAVE_FLAG_RESET_MS, SAVE_REDIRECT_DELAY_MS } from '@/config/constants';
import { isBookingStatus, statusLabel } from '@/lib/booking-status';
import { calendarDayToIso, isoToLocalCalendarDate, padTime } from '@/lib/dates';
import { BOOKING_STATUSES, type BookingRecord } from '@/lib/types';
import { bookingQueries, errorMessage, updateBooking, type BookingUpdate } from './api/bookings';
import { DateField, TimeField } from './date-time-pickers';

const MIN_YEAR = 2000;
const MAX_YEAR = 2100;

/** Seed §5: no required fields; only what the server would refuse, or a mistyped year, is caught. */
export const bookingFormSchema = z.object({
  // A two-digit year typed as '24/12/26' parses as the year 26: catch it instead of saving it.
  data_agendamento: z
    .date({ error: 'Data inválida' })
    .refine((date) => date.getFullYear() >= MIN_YEAR && date.getFullYear() <= MAX_YEAR, 'Data inválida')
    .nullable(),
  hora_agendamento: z.string().regex(/^(?:(?:[01]\d|2[0-3]):[0-5]\d)?$/, 'Hora inválida'),
  local_agendamento: z.string().max(MAX_TEXT_LENGTH, `Máximo de ${MAX_TEXT_LENGTH} caracteres`),
  status_agendamento: z.enum(BOOKING_STATUSES),
});
export type BookingFormValues = z.infer<typeof bookingFormSchema>;

/** The loaded record as form values: a missing or invalid date is empty, an empty or unknown status is NOVO. */
export function bookingFormDefaults(booking: BookingRecord): BookingFormValues {
  const status = booking.status_agendamento ?? '';
  return {
    data_agendamento: isoToLocalCalendarDate(booking.data_agendamento),
    hora_agendamento: padTime(booking.hora_agendamento),
    local_agendamento: booking.local_agendamento ?? '',
    status_agendamento: isBookingStatus(status) ? status : 'NOVO',
  };
}

/** The PATCH body of seed §7, key for key; `formulario` goes back exactly as it came. */
export function toBookingUpdate(values: BookingFormValues, booking: BookingRecord): BookingUpdate {
  return {
    data_agendamento: values.data_agendamento ? calendarDayToIso(values.data_agendamento) || null : null,
    hora_agendamento: padTime(values.hora_agendamento),
    local_agendamento: values.local_agendamento,
    status_agendamento: values.status_agendamento,
    formulario: booking.formulario,
  };
}

interface BookingFormProps {
  booking: BookingRecord;
  /** Where to go after a save: the list page the editor was opened from. */
  backHref: string;
}

/** The editor's form. Rendered only once the booking has loaded, so its default values are the record's. */
export function BookingForm({ booking, backHref }: BookingFormProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const dateId = useId();
  const timeId = useId();
  const [saving, setSaving] = useState(false);
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
    formState: { errors },
  } = useForm<BookingFormValues>({
    resolver: zodResolver(bookingFormSchema),
    defaultValues: bookingFormDefaults(booking),
  });

  const save = useMutation({
    mutationFn: (body: BookingUpdate) => updateBooking(booking.id, body),
    onSuccess: (updated) => {
      // The PATCH answer has no expand: keep the owner loaded with the booking.
      queryClient.setQueryData(bookingQueries.detail(booking.id).queryKey, {
        ...updated,
        expand: booking.expand,
      });
      return queryClient.invalidateQueries({ queryKey: bookingQueries.lists() });
    },
  });

  function later(run: () => void, ms: number) {
    timers.current.push(window.setTimeout(run, ms));
  }

  async function submit(values: BookingFormValues) {
    if (busy.current) return;
    busy.current = true;
    setSaving(true);
    try {
      await save.mutateAsync(toBookingUpdate(values, booking));
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

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)} className="space-y-6">
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
                onChange={field.onChange}
                onBlur={field.onBlur}
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
                onChange={field.onChange}
                onBlur={field.onBlur}
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

      <SelectField label="Status" className="sm:max-w-xs" {...register('status_agendamento')}>
        {BOOKING_STATUSES.map((status) => (
          <option key={status} value={status}>
            {statusLabel(status)}
          </option>
        ))}
      </SelectField>

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
