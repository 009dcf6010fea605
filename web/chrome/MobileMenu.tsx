'use client';
/**
 * The phone menu: a <details> disclosure, so it opens and closes without
 * JavaScript too. With JavaScript, opening moves focus into the panel and keeps it
 * inside; Escape closes it and returns focus to the button; following a link closes it.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function MobileMenu({
  openLabel,
  closeLabel,
  children,
}: {
  openLabel: string;
  closeLabel: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const details = useRef<HTMLDetailsElement>(null);
  const id = useId();

  useEffect(() => {
    const element = details.current;
    if (!open || !element) return;
    const summary = element.querySelector('summary')!;
    const panel = element.querySelector<HTMLElement>('.mobile-menu__panel')!;
    panel.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        element.open = false;
        summary.focus();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusables = [summary, ...panel.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = focusables[0]!;
      const last = focusables[focusables.length - 1]!;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <details
      ref={details}
      className="mobile-menu"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      {/* The label shown follows the open state in CSS, with or without JavaScript. */}
      <summary className="mobile-menu__button" aria-controls={id}>
        <span className="mobile-menu__icon" aria-hidden="true" />
        <span className="visually-hidden mobile-menu__label-open">{openLabel}</span>
        <span className="visually-hidden mobile-menu__label-close">{closeLabel}</span>
      </summary>
      <div
        id={id}
        className="mobile-menu__panel"
        onClick={(event) => {
          if ((event.target as HTMLElement).closest('a') && details.current)
            details.current.open = false;
        }}
      >
        {children}
      </div>
    </details>
  );
}
