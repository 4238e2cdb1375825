import type { ReactNode } from 'react';
import { ConfirmModal } from './confirm-modal';
import { TextAreaField } from './field';

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
  /** Its request, as ConfirmModal's onConfirm: a promise keeps a second submit out until it settles. */
  onSubmit: () => void | Promise<unknown>;
  onClose: () => void;
}

/**
 * A confirmation that asks for a reason (at most 500 characters): what it does, the reason's field, 'Voltar' and
 * the confirming button. It cannot be closed while its request runs.
 */
export function ReasonModal({
  children,
  label,
  reason,
  onReasonChange,
  fieldError,
  submitText,
  onSubmit,
  ...modal
}: ReasonModalProps) {
  return (
    <ConfirmModal {...modal} confirmText={submitText} onConfirm={onSubmit}>
      {children}
      <TextAreaField
        label={label}
        error={fieldError}
        value={reason}
        maxLength={500}
        rows={3}
        onChange={(event) => onReasonChange(event.target.value)}
      />
    </ConfirmModal>
  );
}
