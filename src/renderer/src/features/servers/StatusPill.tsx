import type { ServerStatus } from '../../../../shared/mcp';

const LABEL: Record<ServerStatus, string> = {
  stopped: 'Stopped',
  starting: 'Starting',
  running: 'Running',
  error: 'Error',
  restarting: 'Restarting',
};

export function StatusPill({ status, disabled }: { status: ServerStatus; disabled?: boolean }) {
  const label = disabled ? 'Disabled' : LABEL[status];
  return (
    <span className={`pill status-${disabled ? 'disabled' : status}`} data-status={disabled ? 'disabled' : status}>
      <span className="dot" aria-hidden />
      {label}
    </span>
  );
}
