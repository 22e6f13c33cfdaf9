/** The latest focus request; an older one still polling gives up (the user has moved on). */
let generation = 0;

/**
 * Moves focus to the result of an action once it is on screen and enabled.
 * Actions disable their own button while they work, so focus would otherwise fall
 * to <body> and a keyboard user would start again from the top. The target renders
 * a frame or two after the action's promise settles; poll a few frames for it.
 * Only the latest request counts: a review's fallback to the results list must not
 * land after a later export has put focus on its confirmation. A request made while
 * the user moves focus elsewhere gives up.
 */
export function focusWhenReady(selector: string, frames = 30, fallback?: string, from: Element | null = document.activeElement): void {
  const mine = ++generation;
  // `from`: where focus was when the action started (an action's promise may settle much later).
  const start = from;
  // The user put focus somewhere else meanwhile (typed a filter while the rules were suggested):
  // that is where they are working, and focus is not taken from them.
  const movedOn = () => {
    const now = document.activeElement;
    return now !== null && now !== start && now !== document.body;
  };
  const tick = (left: number) => {
    if (mine !== generation || movedOn()) return;
    const el = document.querySelector<HTMLElement>(selector);
    if (el && !(el as HTMLButtonElement).disabled && el.offsetParent !== null) {
      el.focus();
      return;
    }
    if (left > 0) requestAnimationFrame(() => tick(left - 1));
    else if (fallback && !movedOn()) document.querySelector<HTMLElement>(fallback)?.focus();
  };
  requestAnimationFrame(() => tick(frames));
}

/**
 * Keeps a focused control of a sideways-scrolling table clear of the scroller's edges and of a
 * column stuck to its right (WCAG 2.4.11). Chrome does not scroll a partly visible control into
 * view on focus, so one cut by the left edge or under the sticky column stayed there.
 */
export function revealInScroller(scroller: HTMLElement, target: HTMLElement, stickyRight = 0): void {
  const r = target.getBoundingClientRect();
  const box = scroller.getBoundingClientRect();
  const margin = 8;
  if (r.left < box.left + margin) scroller.scrollLeft -= box.left + margin - r.left;
  else if (r.right > box.right - stickyRight - margin) scroller.scrollLeft += r.right - (box.right - stickyRight - margin);
}
