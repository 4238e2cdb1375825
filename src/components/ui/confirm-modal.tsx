import type { ReactNode } from 'react';
import { useSubmitGuard } from '@/lib/use-submit-guard';
import { Button } from './button';
import { FormAlert } from './field';
import { Modal } from './modal';

interface ConfirmModalProps {
  title: string;
  /** What confirming does, and any field it asks for. */
  children: ReactNode;
  /** The request's failure, above everything. */
  formError: string;
  pending: boolean;
  confirmText: string;
  pendingText: string;
  /** 'danger' for what cannot be undone: money given back, a withdrawal, an account's deletion. */
  variant?: 'primary' | 'danger';
  backText?: string;
  /** Its request: while the promise it returns is unsettled, a second submit (a double click) is ignored. */
  onConfirm: () => void | Promise<unknown>;
  onClose: () => void;
}

/**
 * A confirmation: its failure, what it does, the way back and the confirming button. While its request runs it
 * cannot be closed (no close button, Escape ignored) and the way back is disabled. Focus starts on the first
 * field, else on the way back, so Enter alone never confirms.
 */
export function ConfirmModal({
  title,
  children,
  formError,
  pending,
  confirmText,
  pendingText,
  variant = 'primary',
  backText = 'Voltar',
  onConfirm,
  onClose,
}: ConfirmModalProps) {
  // `pending` comes from the caller's next render: a second click in the same frame would still see it false.
  const guard = useSubmitGuard();
  return (
    <Modal title={title} onClose={pending ? undefined : onClose}>
      <form
        className="space-y-4 text-ink-700"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (pending) return;
          // The caller shows its own failure; a rejection only ends the guard.
          void guard(async () => onConfirm()).catch(() => undefined);
        }}
      >
        <FormAlert>{formError}</FormAlert>
        {children}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={onClose} disabled={pending}>
            {backText}
          </Button>
          <Button type="submit" variant={variant} loading={pending} loadingText={pendingText}>
            {confirmText}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
