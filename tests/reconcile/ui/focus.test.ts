// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { focusWhenReady } from '../../../src/renderer/src/components/focus';

afterEach(() => {
  document.body.innerHTML = '';
});

const frames = (n: number) => new Promise<void>((resolve) => {
  const step = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
  step(n);
});

describe('focusWhenReady', () => {
  it('the latest request wins: an older one still waiting never takes focus back with its fallback', async () => {
    document.body.innerHTML = '<div id="results" tabindex="-1"></div><p id="done" tabindex="-1"></p>';
    // A review whose row is gone: it polls, then falls back to the results list.
    focusWhenReady('#row-that-left', 3, '#results');
    // Meanwhile the user exported: focus goes to the confirmation (its fallback).
    focusWhenReady('#not-rendered-yet', 1, '#done');
    await frames(10);
    expect(document.activeElement?.id).toBe('done');
  });

  it('falls back when the target never appears', async () => {
    document.body.innerHTML = '<div id="results" tabindex="-1"></div>';
    focusWhenReady('#missing', 2, '#results');
    await frames(6);
    expect(document.activeElement?.id).toBe('results');
  });
});
