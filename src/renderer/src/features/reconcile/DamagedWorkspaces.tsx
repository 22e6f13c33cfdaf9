import { selectList, selectWorkspace, useReconcile } from '../../stores/reconcile';

/**
 * Workspaces whose saved state cannot be read are shown here with the reason, never hidden:
 * recover the last good copy (when one was kept) or delete the workspace. One written by a newer
 * Kalla shows main's sentence ("made by a newer Kalla … Update Kalla to open it.") and no Recover:
 * putting the older copy back would drop what the newer Kalla wrote.
 */
export function DamagedWorkspaces() {
  // Select the list itself: a filtered array made in the selector is new on every call, which
  // zustand treats as a change and React renders forever.
  const list = useReconcile(selectList);
  const damaged = list?.workspaces.filter((w) => w.damaged) ?? [];
  const ws = useReconcile(selectWorkspace);
  const { act, open, refreshList, listChanged } = useReconcile.getState();
  if (damaged.length === 0) return null;
  const recover = async (id: string) => {
    const r = await act('workspace', 'Recovering…', 'reconcile.recover', { id });
    await refreshList();
    if (r) await open(r.id);
  };
  const remove = async (id: string, name: string, newer: boolean) => {
    const what = newer ? `the workspace “${name}” made by a newer Kalla, with everything that Kalla saved in it (its loaded copies and runs)` : `the damaged workspace “${name}” with its loaded copies and runs`;
    if (!window.confirm(`Delete ${what}? Your original files are not touched.`)) return;
    const r = await act('workspace', 'Deleting…', 'reconcile.delete', { id });
    if (r) listChanged(r);
    if (r && !ws && r.active) await open(r.active);
  };
  return (
    <section className="banner error damaged-list" aria-label="Damaged workspaces">
      <h2>{damaged.length === 1 ? 'A workspace cannot be opened' : `${damaged.length} workspaces cannot be opened`}</h2>
      <ul>
        {damaged.map((w) => (
          <li key={w.id}>
            <strong>{w.name}</strong>:{' '}
            {w.damaged!.newer ? (
              w.damaged!.reason
            ) : (
              <>
                {w.damaged!.reason}.{' '}
                {w.damaged!.backup ? 'Its last saved copy can be put back.' : 'No earlier copy was kept; delete it and load your files again (they were not changed).'}
              </>
            )}
            <span className="toolbar inline-actions">
              {w.damaged!.backup && !w.damaged!.newer && (
                <button onClick={() => void recover(w.id)} aria-label={`Recover ${w.name}`}>
                  Recover
                </button>
              )}
              <button className="danger" onClick={() => void remove(w.id, w.name, w.damaged!.newer === true)} aria-label={`Delete ${w.name}`}>
                Delete
              </button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
