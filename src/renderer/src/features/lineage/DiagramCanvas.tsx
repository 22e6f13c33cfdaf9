/**
 * The main diagram: mermaid-rendered SVG with pan (drag), zoom (wheel, buttons)
 * and click-to-focus on nodes. Exports SVG, PNG and the Mermaid source.
 */
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { chooseDirection, describeNode, fitViewport, nodeIdFromSvgId, parseDiagram, standaloneSvg, withDirection, zoomAt, type Direction, type Viewport } from './diagram-model';
import { renderMermaid } from './mermaid';
import { useDiagramTheme } from './useDiagramTheme';

export interface DiagramHandle {
  svgText(): string | undefined;
  /** The Mermaid source as drawn (with the direction "Auto" chose). */
  mermaidSource(): string | undefined;
}

interface Props {
  source: string;
  focus?: string;
  /** 'auto': TB or LR, whichever fits the panel better (`chooseDirection`); else the source is drawn as it is. */
  direction: 'auto' | Direction;
  /** Told which direction "Auto" chose for this diagram. */
  onAutoDirection?(direction: Direction): void;
  label: string;
  onNodeClick(name: string): void;
}

export const DiagramCanvas = forwardRef<DiagramHandle, Props>(function DiagramCanvas({ source, focus, direction, onAutoDirection, label, onNodeClick }, handle) {
  const box = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<Viewport>({ x: 0, y: 0, scale: 1 });
  const [error, setError] = useState<string>();
  const [rendered, setRendered] = useState(0);
  const drag = useRef<{ x: number; y: number; vx: number; vy: number; moved: boolean } | undefined>(undefined);
  const names = useRef(new Map<string, { name: string; focus: boolean; what: string }>());
  const theme = useDiagramTheme();
  const drawn = useRef<string | undefined>(undefined);
  /** Set once the user pans or zooms: from then on a resized panel leaves the view alone. */
  const userMoved = useRef(false);
  const autoDirection = useRef(onAutoDirection);
  autoDirection.current = onAutoDirection;

  useImperativeHandle(handle, () => ({
    svgText: () => {
      const svg = stage.current?.querySelector('svg');
      return svg ? standaloneSvg(new XMLSerializer().serializeToString(svg)) : undefined;
    },
    mermaidSource: () => drawn.current,
  }));

  const fit = useCallback(() => {
    const svg = stage.current?.querySelector('svg');
    const b = box.current;
    if (!svg || !b) return;
    const vb = svg.viewBox.baseVal;
    const w = vb && vb.width ? vb.width : svg.getBoundingClientRect().width;
    const h = vb && vb.height ? vb.height : svg.getBoundingClientRect().height;
    userMoved.current = false;
    setView(fitViewport(w, h, b.clientWidth, b.clientHeight));
  }, []);

  /**
   * First view of a new diagram: fitted to the panel (issue 17). It used to open a diagram that fitted
   * below 60 % at 60 % around the focus, which cut it off at the panel's edges and read as a drawing
   * that had not been fitted; the focus stands out by its colour, and the wheel or + zooms in.
   */
  const initialView = useCallback(() => {
    const svg = stage.current?.querySelector('svg');
    const b = box.current;
    if (!svg || !b) return;
    const vb = svg.viewBox.baseVal;
    setView(fitViewport(vb.width, vb.height, b.clientWidth, b.clientHeight));
  }, []);

  // The panel often gets its final size after the first drawing (toolbars wrapping, a notice or the SQL
  // panel appearing, the window resized): keep the diagram fitted until the user moves it.
  useEffect(() => {
    const b = box.current;
    if (!b || typeof ResizeObserver === 'undefined') return;
    let last = `${b.clientWidth}x${b.clientHeight}`;
    const observer = new ResizeObserver(() => {
      const size = `${b.clientWidth}x${b.clientHeight}`;
      if (size === last) return;
      last = size;
      if (!userMoved.current) initialView();
    });
    observer.observe(b);
    return () => observer.disconnect();
  }, [initialView]);

  useEffect(() => {
    let live = true;
    setError(undefined);
    names.current = new Map(parseDiagram(source).map((n) => [n.id, { name: n.name, focus: n.classes.includes('focus'), what: describeNode(n.kind, n.classes) }]));
    let text = source;
    if (direction === 'auto') {
      // Before the panel is laid out its size is 0: assume a common 16:10 panel.
      const b = box.current;
      const chosen = chooseDirection(source, b?.clientWidth || 800, b?.clientHeight || 500);
      text = withDirection(source, chosen);
      autoDirection.current?.(chosen);
    }
    drawn.current = text;
    renderMermaid(text, theme).then(
      (svg) => {
        if (!live || !stage.current) return;
        stage.current.innerHTML = svg;
        const el = stage.current.querySelector('svg');
        if (el) {
          const vb = el.viewBox.baseVal;
          if (vb && vb.width) {
            el.setAttribute('width', String(vb.width));
            el.setAttribute('height', String(vb.height));
          }
          el.style.maxWidth = 'none';
          for (const g of el.querySelectorAll<SVGGElement>('g.node')) {
            const id = nodeIdFromSvgId(g.id);
            const info = id ? names.current.get(id) : undefined;
            if (!info) continue;
            const name = info.name;
            g.setAttribute('data-name', name);
            g.setAttribute('role', 'button');
            g.setAttribute('tabindex', '0');
            // What the colours and shapes say, in words (the legend's terms), then the action.
            g.setAttribute('aria-label', `${name}, ${info.what}. Focus it`);
            if (info.focus) g.setAttribute('data-focus', 'true');
          }
        }
        userMoved.current = false;
        initialView();
        setRendered((n) => n + 1);
      },
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [source, focus, direction, theme, initialView]);

  const nodeName = (target: EventTarget | null): string | undefined => (target instanceof Element ? (target.closest('g.node')?.getAttribute('data-name') ?? undefined) : undefined);

  const onWheel = (e: React.WheelEvent) => {
    const b = box.current?.getBoundingClientRect();
    if (!b) return;
    userMoved.current = true;
    setView((v) => zoomAt(v, Math.exp(-e.deltaY * 0.0015), e.clientX - b.left, e.clientY - b.top));
  };
  const zoomBy = (factor: number) => {
    const b = box.current;
    userMoved.current = true;
    if (b) setView((v) => zoomAt(v, factor, b.clientWidth / 2, b.clientHeight / 2));
  };

  return (
    <div className="diagram">
      <div className="diagram-zoom toolbar" role="group" aria-label="Zoom">
        <button aria-label="Zoom in" title="Zoom in" onClick={() => zoomBy(1.25)}>
          +
        </button>
        <button aria-label="Zoom out" title="Zoom out" onClick={() => zoomBy(0.8)}>
          −
        </button>
        <button onClick={fit} title="Fit the diagram in the view">
          Fit
        </button>
        <span className="muted small" aria-live="polite">
          {Math.round(view.scale * 100)}%
        </span>
      </div>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- wheel zoom and drag to pan are pointer shortcuts (the buttons above zoom and fit); nodes are focusable and open with Enter */}
      <div
        ref={box}
        className="diagram-box"
        role="figure"
        aria-label={label}
        data-rendered={rendered}
        onWheel={onWheel}
        onPointerDown={(e) => {
          if (e.button !== 0) return;
          drag.current = { x: e.clientX, y: e.clientY, vx: view.x, vy: view.y, moved: false };
        }}
        onPointerMove={(e) => {
          const d = drag.current;
          if (!d) return;
          const dx = e.clientX - d.x;
          const dy = e.clientY - d.y;
          if (!d.moved && Math.hypot(dx, dy) < 4) return;
          if (!d.moved) box.current?.setPointerCapture(e.pointerId);
          d.moved = true;
          userMoved.current = true;
          setView((v) => ({ ...v, x: d.vx + dx, y: d.vy + dy }));
        }}
        onPointerUp={(e) => {
          const d = drag.current;
          drag.current = undefined;
          if (d?.moved) return;
          const name = nodeName(e.target);
          if (name) onNodeClick(name);
        }}
        onKeyDown={(e) => {
          const name = nodeName(e.target);
          if (name && (e.key === 'Enter' || e.key === ' ')) {
            e.preventDefault();
            onNodeClick(name);
          }
        }}
      >
        {error && (
          <p className="field-error pad" role="alert">
            Could not draw this diagram: {error}
          </p>
        )}
        <div ref={stage} className="diagram-stage" style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }} />
      </div>
    </div>
  );
});
