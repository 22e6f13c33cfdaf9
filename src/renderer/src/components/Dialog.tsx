import { useEffect, useRef, type ReactNode } from 'react';

/** A modal built on <dialog>: focus trapping, Escape and backdrop for free. */
export function Dialog(props: { open: boolean; title: string; onClose(): void; children: ReactNode; wide?: boolean }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (props.open && !d.open) d.showModal();
    if (!props.open && d.open) d.close();
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
