import type { ReactNode } from 'react';
import { Button } from './button';
import { FormAlert, TextAreaField } from './field';
import { Modal } from './modal';

interface ReasonModalProps {
  title: string;
  /** What confirming does, above the field. */
  children: ReactNode;
  label: string;
  reason: string;
  onReasonChange: (reason: string) => void;
  /** The reason's own message (the rule's text), under the field. */
  fieldError?: string;
  /** The request's failure, above everything. */
  formError: string;
  pending: boolean;
  submitText: string;
  pendingText: string;
  onSubmit: () => void;
  onClose: () => void;
}

/**
 * A confirmation that asks for a reason (at most 500 characters): what it does, the reason's field, 'Voltar' and
 * the confirming button. It cannot be closed while its request runs.
 */
export function ReasonModal({
  title,
  children,
  label,
  reason,
  onReasonChange,
  fieldError,
  formError,
  pending,
  submitText,
  pendingText,
  onSubmit,
  onClose,
}: ReasonModalProps) {
  return (
    <Modal title={title} onClose={pending ? undefined : onClose}>
      <form
        className="space-y-4 text-ink-700"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <FormAlert>{formError}</FormAlert>
        {children}
        <TextAreaField
          label={label}
          error={fieldError}
          value={reason}
          maxLength={500}
          rows={3}
          onChange={(event) => onReasonChange(event.target.value)}
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={onClose} disabled={pending}>
            Voltar
          </Button>
          <Button type="submit" loading={pending} loadingText={pendingText}>
            {submitText}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
