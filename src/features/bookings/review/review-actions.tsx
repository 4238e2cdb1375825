/**
 * 'Aprovar' a document, or 'Recusar' it with a reason: the refusal is a form (react-hook-form + zod) with the
 * reason from the rulebook's list (processo_regras.json motivosRecusa) and free text the customer reads.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { SelectField, TextAreaField } from '@/components/ui/field';
import { REGRAS } from '@/lib/processo';
import { z } from '@/lib/zod';
import { REFUSAL_REASONS, type Review } from './api';

const MAX_REASON_TEXT = 500;

/** The server's own words for a refusal without its reason (processo_regras.json). */
const refusalSchema = z.object({
  motivo: z.enum(REFUSAL_REASONS as [string, ...string[]], { message: REGRAS.mensagens.motivoObrigatorio }),
  motivo_texto: z.string().trim().max(MAX_REASON_TEXT),
});
type RefusalInput = z.input<typeof refusalSchema>;
type RefusalValues = z.output<typeof refusalSchema>;

interface RefusalFormProps {
  label: string;
  onRefuse: (review: Extract<Review, { status: 'recusado' }>) => Promise<void>;
  onCancel: () => void;
}

function RefusalForm({ label, onRefuse, onCancel }: RefusalFormProps) {
  const id = useId();
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<RefusalInput, unknown, RefusalValues>({
    resolver: zodResolver(refusalSchema),
    defaultValues: { motivo: '', motivo_texto: '' },
  });
  // The form replaces the 'Recusar' button that had the focus: the reason takes it, not the page's top.
  useEffect(() => setFocus('motivo'), [setFocus]);
  const onSubmit = handleSubmit(({ motivo, motivo_texto }) =>
    onRefuse({
      status: 'recusado',
      motivo: motivo as Extract<Review, { status: 'recusado' }>['motivo'],
      motivo_texto,
    }),
  );
  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label={`Recusar ${label}`}
      className="mt-3 space-y-3 rounded-lg bg-gray-50 p-3"
    >
      <SelectField
        id={`${id}-motivo`}
        label="Motivo da recusa"
        error={errors.motivo?.message}
        {...register('motivo')}
      >
        <option value="">Escolha o motivo</option>
        {REFUSAL_REASONS.map((r) => (
          <option key={r} value={r}>
            {REGRAS.motivosRecusa[r]}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label="Detalhes para o cliente (opcional)"
        hint="Vai na lista de documentos recusados que o cliente recebe."
        maxLength={MAX_REASON_TEXT}
        rows={2}
        error={errors.motivo_texto?.message}
        {...register('motivo_texto')}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="danger" loading={isSubmitting} loadingText="Recusando">
          Confirmar recusa
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel} disabled={isSubmitting}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}

interface ReviewActionsProps {
  label: string;
  onReview: (review: Review) => Promise<void>;
}

/** 'Aprovar', or 'Recusar' with the reason (a list, plus free text the customer reads). */
export function ReviewActions({ label, onReview }: ReviewActionsProps) {
  const [refusing, setRefusing] = useState(false);
  const [approving, setApproving] = useState(false);
  const refuseButton = useRef<HTMLButtonElement>(null);
  // 'Cancelar' removes the form that had the focus: it goes back to 'Recusar'.
  const cancelled = useRef(false);
  useEffect(() => {
    if (refusing || !cancelled.current) return;
    cancelled.current = false;
    refuseButton.current?.focus();
  }, [refusing]);

  async function approve() {
    setApproving(true);
    try {
      await onReview({ status: 'aprovado' });
    } finally {
      setApproving(false);
    }
  }

  if (refusing)
    return (
      <RefusalForm
        label={label}
        onRefuse={onReview}
        onCancel={() => {
          cancelled.current = true;
          setRefusing(false);
        }}
      />
    );
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <Button
        onClick={() => void approve()}
        loading={approving}
        loadingText="Aprovando"
        aria-label={`Aprovar ${label}`}
        data-review-control
      >
        Aprovar
      </Button>
      <Button
        ref={refuseButton}
        variant="secondary"
        onClick={() => setRefusing(true)}
        aria-label={`Recusar ${label}`}
      >
        Recusar
      </Button>
    </div>
  );
}
