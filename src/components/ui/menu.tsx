import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { MENU_TYPEAHEAD_RESET_MS } from '@/config/constants';
import { cn } from '@/lib/cn';

export type MenuItem = { label: string; to: string } | { label: string; onSelect: () => void };

interface MenuProps {
  label: ReactNode;
  items: MenuItem[];
  buttonClassName?: string;
}

/** A menu button (WAI-ARIA pattern): arrows, Home/End, Escape, and type-ahead that clears after 350 ms. */
export function Menu({ label, items, buttonClassName }: MenuProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<Array<HTMLElement | null>>([]);
  const typed = useRef({ text: '', timer: 0 });
  const menuId = useId();
  const buttonId = useId();

  // Items can change while open (entries that depend on loaded data): focus follows the active index.
  useEffect(() => {
    if (open) itemRefs.current[active]?.focus();
  }, [open, active, items.length]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!buttonRef.current?.parentElement?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function openAt(index: number) {
    setActive(index);
    setOpen(true);
  }

  function close(returnFocus = true) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  function onButtonKeyDown(e: React.KeyboardEvent) {
    if (e.key === 'Escape' && open) {
      e.preventDefault();
      close();
    } else if (e.key === 'ArrowDown' || e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      openAt(0);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      openAt(items.length - 1);
    }
  }

  function onMenuKeyDown(e: React.KeyboardEvent) {
    const last = items.length - 1;
    if (e.key === 'ArrowDown') setActive((i) => (i >= last ? 0 : i + 1));
    else if (e.key === 'ArrowUp') setActive((i) => (i <= 0 ? last : i - 1));
    else if (e.key === 'Home') setActive(0);
    else if (e.key === 'End') setActive(last);
    else if (e.key === 'Escape') close();
    else if (e.key === 'Tab') {
      setOpen(false);
      return;
    } else if (e.key.length === 1 && /\S/.test(e.key)) {
      window.clearTimeout(typed.current.timer);
      typed.current.text += e.key.toLowerCase();
      typed.current.timer = window.setTimeout(() => (typed.current.text = ''), MENU_TYPEAHEAD_RESET_MS);
      const match = items.findIndex((item) => item.label.toLowerCase().startsWith(typed.current.text));
      if (match >= 0) setActive(match);
    } else return;
    e.preventDefault();
  }

  const itemClass =
    'block w-full px-4 py-3 text-left text-ink-900 hover:bg-brand-50 focus:bg-brand-50 focus:outline-none';

  // Focus leaving the button and its menu by any way (Tab, Shift+Tab, a screen reader, a script) closes it.
  function onBlur(e: React.FocusEvent<HTMLDivElement>) {
    if (open && !e.currentTarget.contains(e.relatedTarget)) setOpen(false);
  }

  return (
    <div className="relative" onBlur={onBlur}>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKeyDown}
        className={buttonClassName}
      >
        {label}
      </button>
      {open ? (
        <ul
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 z-40 mt-2 min-w-52 overflow-hidden rounded-xl border border-gray-200 bg-white py-1 shadow-lg"
        >
          {items.map((item, index) => (
            <li key={item.label} role="none">
              {'to' in item ? (
                <Link
                  ref={(el) => {
                    itemRefs.current[index] = el;
                  }}
                  role="menuitem"
                  tabIndex={index === active ? 0 : -1}
                  to={item.to}
                  onClick={() => close(false)}
                  className={itemClass}
                >
                  {item.label}
                </Link>
              ) : (
                <button
                  ref={(el) => {
                    itemRefs.current[index] = el;
                  }}
                  type="button"
                  role="menuitem"
                  tabIndex={index === active ? 0 : -1}
                  onClick={() => {
                    close(false);
                    item.onSelect();
                  }}
                  className={cn(itemClass)}
                >
                  {item.label}
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
