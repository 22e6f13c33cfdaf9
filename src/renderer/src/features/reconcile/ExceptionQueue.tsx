/**
 * Exceptions as a work queue (issue 28): per exception an owner, a status (open / waiting on
 * customer / resolved), a reason code, a due date and a comment; the list filtered by status and
 * owner on the server. The fields are saved with `reconcile.updateException` and exported.
 */
import { useEffect, useRef, useState } from 'react';
import type { ExceptionQueueFilter, ExceptionRecord, ExceptionStatus, ExceptionUpdate } from '../../../../shared/reconcile/sources-and-runs';
import { EXCEPTION_STATUSES } from '../../../../shared/reconcile/sources-and-runs';

export const STATUS_LABELS: Record<ExceptionStatus, string> = { open: 'Open', waiting_on_customer: 'Waiting on customer', resolved: 'Resolved' };
export const REASON_CODES = ['timing difference', 'bank fee', 'partial payment', 'duplicate', 'wrong amount', 'under investigation', 'other'];

/** What a row shows of its queue state: owner, status (when not open) and due date, in one short badge. */
export function queueText(e: ExceptionRecord): string {
  const parts = [e.owner ?? 'unassigned'];
  if (e.status !== 'open') parts.push(STATUS_LABELS[e.status].toLowerCase());
  if (e.due_date) parts.push(`due ${e.due_date}`);
  return parts.join(' · ');
}

/** Status and owner filters above the exceptions list (owner: any text, typed; empty = everyone). */
export function ExceptionQueueFilters(props: { value: ExceptionQueueFilter; onChange(v: ExceptionQueueFilter): void }) {
  const [owner, setOwner] = useState(props.value.owner ?? '');
  const { onChange, value } = props;
  const latest = useRef(value);
  latest.current = value;
  // Typing waits a moment before asking the server, as the search does.
  useEffect(() => {
    const t = setTimeout(() => {
      const next = owner.trim();
      if ((latest.current.owner ?? '') === next) return;
      const { owner: _drop, ...rest } = latest.current;
      onChange(next ? { ...rest, owner: next } : rest);
    }, 250);
    return () => clearTimeout(t);
  }, [owner, onChange]);
  return (
    <div className="queue-filters" role="group" aria-label="Filter exceptions">
      <label>
        Status
        <select
          value={value.status ?? ''}
          onChange={(e) => {
            const { status: _drop, ...rest } = value;
            onChange(e.target.value ? { ...rest, status: e.target.value as ExceptionStatus } : rest);
          }}
        >
          <option value="">Any status</option>
          <StatusOptions />
        </select>
      </label>
      <label>
        Owner
        <input type="search" value={owner} onChange={(e) => setOwner(e.target.value)} placeholder="anyone" size={10} />
      </label>
    </div>
  );
}

/** One option per exception status, labelled as the queue shows it (the filter and the follow-up form). */
function StatusOptions() {
  return EXCEPTION_STATUSES.map((s) => (
    <option key={s} value={s}>
      {STATUS_LABELS[s]}
    </option>
  ));
}

/** The follow-up form of one exception: every field at once, saved together (unchanged fields included). */
export function ExceptionFollowUp(props: { label: string; exception: ExceptionRecord; busy?: boolean; onSave(update: ExceptionUpdate): Promise<void>; onClose(): void }) {
  const e = props.exception;
  const [owner, setOwner] = useState(e.owner ?? '');
  const [status, setStatus] = useState<ExceptionStatus>(e.status);
  const [reason, setReason] = useState(e.annotation_reason ?? '');
  const [due, setDue] = useState(e.due_date ?? '');
  const [note, setNote] = useState(e.annotation_note ?? '');
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const reasons = reason && !REASON_CODES.includes(reason) ? [reason, ...REASON_CODES] : REASON_CODES;
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape anywhere in the form closes it (its fields are the interactive parts)
    <form
      className="annotate follow-up"
      aria-label="Follow up exception"
      onKeyDown={(ev) => {
        if (ev.key === 'Escape') {
          ev.preventDefault();
          props.onClose();
        }
      }}
      onSubmit={(ev) => {
        ev.preventDefault();
        void props.onSave({ owner: owner.trim() || null, status, reason: reason || null, due_date: due || null, note: note.trim() || null }).then(props.onClose, () => undefined);
      }}
    >
      <strong>Follow up {props.label}</strong>
      <label>
        Owner
        <input ref={first} value={owner} onChange={(ev) => setOwner(ev.target.value)} placeholder="unassigned" maxLength={200} size={12} />
      </label>
      <label>
        Status
        <select value={status} onChange={(ev) => setStatus(ev.target.value as ExceptionStatus)}>
          <StatusOptions />
        </select>
      </label>
      <label>
        Reason code
        <select value={reason} onChange={(ev) => setReason(ev.target.value)}>
          <option value="">(none)</option>
          {reasons.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </label>
      <label>
        Due date
        <input type="date" value={due} onChange={(ev) => setDue(ev.target.value)} />
      </label>
      <label className="grow">
        Comment
        <input value={note} onChange={(ev) => setNote(ev.target.value)} placeholder="optional" maxLength={2000} />
      </label>
      <button type="submit" className="primary" disabled={props.busy}>
        Save
      </button>
      <button type="button" onClick={props.onClose}>
        Cancel
      </button>
    </form>
  );
}
