import { useEffect, useRef, type ReactNode } from 'react';

/** The first field of the dialog's body, else its primary button: where a keyboard user starts typing or confirming. */
function initialFocus(d: HTMLDialogElement): HTMLElement | null {
  return (
    d.querySelector<HTMLElement>('.dialog-body :is(input, select, textarea):not([disabled]):not([type="hidden"])') ??
    d.querySelector<HTMLElement>('.dialog-body button.primary:not([disabled])')
  );
}

/**
 * A modal built on <dialog>: showModal() gives the focus trap, Escape and an inert
 * background. showModal() would focus the first focusable element — the "×" — so
 * Enter would close instead of confirm; focus moves to the primary field instead,
 * and back to whatever opened the dialog when it closes.
 */
export function Dialog(props: { open: boolean; title: string; onClose(): void; children: ReactNode; wide?: boolean }) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (props.open && !d.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      d.showModal();
      initialFocus(d)?.focus();
    }
    if (!props.open && d.open) d.close();
    if (!props.open && opener.current) {
      if (opener.current.isConnected) opener.current.focus();
      opener.current = null;
    }
  }, [props.open]);
  return (
    <dialog
      ref={ref}
      className={props.wide ? 'dialog wide' : 'dialog'}
      aria-label={props.title}
      onClose={props.onClose}
      onCancel={(e) => {
        e.preventDefault();
        props.onClose();
      }}
    >
      {props.open && (
        <>
          <header className="dialog-header">
            <h2>{props.title}</h2>
            <button className="icon-button" aria-label="Close" onClick={props.onClose}>
              ×
            </button>
          </header>
          <div className="dialog-body">{props.children}</div>
        </>
      )}
    </dialog>
  );
}
