import { selectWorkspace, useReconcile } from '../../stores/reconcile';

/** Main says so in the error when a workspace's engine file is damaged (errors.ts, engine_damaged). */
export const ENGINE_DAMAGED = "Rebuild this workspace's engine from its sources";

/**
 * The way out of a damaged engine file (issue 27): shown under an error that offers it. The engine
 * is made again from the workspace's sources; mapping, filters and rules are kept, past runs are not.
 */
export function EngineRebuild({ message }: { message: string | undefined }) {
  const ws = useReconcile(selectWorkspace);
  if (!ws || !message?.includes(ENGINE_DAMAGED)) return null;
  const rebuild = () => void useReconcile.getState().act('workspace', 'Rebuilding the engine…', 'reconcile.rebuildEngine', { id: ws.id });
  return (
    <button type="button" onClick={rebuild}>
      {ENGINE_DAMAGED}
    </button>
  );
}
