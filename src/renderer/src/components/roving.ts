import type { KeyboardEvent } from 'react';

/**
 * Keyboard model of the WAI-ARIA composite widgets we use (tabs, listbox): the
 * widget is one Tab stop (the selected item has tabIndex 0, the others -1) and
 * arrows, Home and End move inside it. Selection follows focus — moving clicks
 * the item — because every item here is cheap to show (APG "automatic activation").
 * Attach to the container: onKeyDown={(e) => rovingKeyDown(e, 'tab')}.
 */
export function rovingKeyDown(e: KeyboardEvent<HTMLElement>, role: 'tab' | 'option', orientation: 'horizontal' | 'vertical' = 'horizontal'): void {
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>(`[role="${role}"]:not([disabled]):not([aria-disabled="true"])`)];
  const at = items.findIndex((el) => el === document.activeElement);
  if (at < 0 || items.length === 0) return;
  const forward = orientation === 'horizontal' ? 'ArrowRight' : 'ArrowDown';
  const back = orientation === 'horizontal' ? 'ArrowLeft' : 'ArrowUp';
  let to: number;
  if (e.key === forward) to = (at + 1) % items.length;
  else if (e.key === back) to = (at - 1 + items.length) % items.length;
  else if (e.key === 'Home') to = 0;
  else if (e.key === 'End') to = items.length - 1;
  else return;
  e.preventDefault();
  const target = items[to]!;
  target.focus();
  target.click();
}

/** tabIndex for an item of a roving widget: only the selected one is a Tab stop. */
export const rovingTabIndex = (selected: boolean): 0 | -1 => (selected ? 0 : -1);
