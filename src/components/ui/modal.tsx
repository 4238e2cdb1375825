import { useEffect, useId, useRef, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Marks where focus goes when a modal closes and the control that opened it is gone (a notice in place of a form). */
export const RETURN_FOCUS_ATTRIBUTE = 'data-return-focus';

const takesFocus = (el: HTMLElement) => {
  el.focus();
  return document.activeElement === el;
};

/**
 * Focus back where the modal was opened from; when that control is gone (the modal's outcome replaced it) or
 * cannot take focus (disabled), the nearest place still on the page: a marked element in it, else its first
 * control, else the main content. Never <body>, where a keyboard or screen reader user would start over.
 */
function restoreFocus(previous: HTMLElement | null) {
  const main = document.getElementById('conteudo');
  // Opened by the address (?mode=login from a link), not by a control: the page's content, not its skip link.
  const page = (el: HTMLElement | null) => !el || el === document.body || el === document.documentElement;
  if (page(previous)) {
    main?.focus({ preventScroll: true });
    return;
  }
  if (previous?.isConnected && takesFocus(previous)) return;
  let place = previous?.parentElement ?? null;
  while (place && !place.isConnected) place = place.parentElement;
  const scope = page(place) ? main : place;
  const marked = document.querySelector<HTMLElement>(`[${RETURN_FOCUS_ATTRIBUTE}]`);
  const candidates = [
    scope?.querySelector<HTMLElement>(`[${RETURN_FOCUS_ATTRIBUTE}]`),
    marked,
    ...Array.from(scope?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []).filter(
      (el) => el.offsetParent !== null && !el.closest('[role=dialog]'),
    ),
  ];
  for (const candidate of candidates) if (candidate && takesFocus(candidate)) return;
  // The layout's <main> takes focus (tabindex -1, as the skip link's target).
  main?.focus({ preventScroll: true });
}

interface ModalProps {
  title: string;
  children: ReactNode;
  /** Without onClose the modal has no close button and ignores Escape (e.g. while paying). */
  onClose?: () => void;
  className?: string;
  /** Where focus goes first; defaults to the first focusable element. */
  initialFocusSelector?: string;
}

/** A modal dialog: focus moves in, Tab cycles inside, Escape closes, focus returns on close. */
export function Modal({ title, children, onClose, className, initialFocusSelector }: ModalProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const node = ref.current;
    // First a field to type in, else the first control that is not the close button.
    const first =
      (initialFocusSelector && node?.querySelector<HTMLElement>(initialFocusSelector)) ||
      node?.querySelector<HTMLElement>(
        'input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled])',
      ) ||
      Array.from(node?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []).find((el) => !el.dataset.modalClose) ||
      node;
    first?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      restoreFocus(previous);
    };
  }, [initialFocusSelector]);

  function onKeyDown(e: React.KeyboardEvent<HTMLDivElement>) {
    if (e.key === 'Escape' && onCloseRef.current) {
      e.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (e.key !== 'Tab' || !ref.current) return;
    const items = Array.from(ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
      (el) => el.offsetParent !== null || el === document.activeElement,
    );
    if (items.length === 0) {
      e.preventDefault();
      return;
    }
    const firstItem = items[0];
    const lastItem = items[items.length - 1];
    if (e.shiftKey && (document.activeElement === firstItem || document.activeElement === ref.current)) {
      e.preventDefault();
      lastItem?.focus();
    } else if (!e.shiftKey && document.activeElement === lastItem) {
      e.preventDefault();
      firstItem?.focus();
    }
  }

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-black/50 sm:items-center sm:p-4">
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the dialog itself traps Tab and handles Escape (WAI-ARIA dialog pattern) */}
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className={cn(
          'relative max-h-[92dvh] w-full overflow-y-auto rounded-t-2xl bg-white p-6 shadow-xl focus:outline-none sm:max-w-md sm:rounded-2xl',
          className,
        )}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-xl font-bold text-ink-900">
            {title}
          </h2>
          {onClose ? (
            <button
              type="button"
              onClick={onClose}
              data-modal-close
              aria-label="Fechar"
              className="-m-2 inline-flex size-11 items-center justify-center rounded-full text-2xl leading-none text-ink-700 hover:bg-gray-100"
            >
              <span aria-hidden="true">×</span>
            </button>
          ) : null}
        </div>
        {children}
      </div>
    </div>
  );
}
