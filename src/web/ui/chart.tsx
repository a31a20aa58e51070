import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { PatternCircles, PatternLines } from '@visx/pattern';
import { scaleBand, scaleLinear } from '@visx/scale';
import { BarStack } from '@visx/shape';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';

/** A series' look in a stacked bar chart: a colour and a pattern, so colour never says it alone. */
export interface ChartFill {
  color: string;
  pattern: 'solid' | 'lines' | 'cross' | 'dots' | 'diagonal';
}

/** The width of the element `ref` is put on, followed as it resizes (0 until it is laid out). */
export function useWidth<T extends HTMLElement>(): [RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => entry && setWidth(entry.contentRect.width));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/** The SVG patterns of a chart's series, `${prefix}-${i}` for the i-th key, to go in its <defs>. */
export function FillPatterns({ prefix, keys, fillOf }: { prefix: string; keys: string[]; fillOf: (key: string) => ChartFill }): ReactNode {
  return keys.map((key, i) => {
    const { color, pattern } = fillOf(key);
    const id = `${prefix}-${i}`;
    switch (pattern) {
      case 'solid':
        return (
          <pattern key={key} id={id} width={4} height={4} patternUnits="userSpaceOnUse">
            <rect width={4} height={4} fill={color} />
          </pattern>
        );
      case 'dots':
        return <PatternCircles key={key} id={id} width={6} height={6} radius={1.6} fill="#fff" background={color} complement />;
      case 'lines':
        return <PatternLines key={key} id={id} width={6} height={6} stroke="#fff" strokeWidth={1.5} background={color} orientation={['horizontal']} />;
      case 'diagonal':
        return <PatternLines key={key} id={id} width={6} height={6} stroke="#fff" strokeWidth={1.5} background={color} orientation={['diagonal']} />;
      case 'cross':
        return <PatternLines key={key} id={id} width={6} height={6} stroke="#fff" strokeWidth={1} background={color} orientation={['horizontal', 'vertical']} />;
    }
  });
}

/** `fill` of the i-th series' pattern (as FillPatterns names them). */
export function fillUrl(prefix: string, keys: readonly string[], key: string): string {
  return `url(#${prefix}-${keys.indexOf(key)})`;
}

/** A chart's legend: each series' fill as a swatch beside its name, then any further entries. */
export function ChartLegend({ prefix, keys, children }: { prefix: string; keys: readonly string[]; children?: ReactNode }) {
  return (
    <ul className="mb-3 flex flex-wrap gap-x-4 gap-y-1.5 text-sm text-slate-700" aria-label="Legend">
      {keys.map((key) => (
        <li key={key} className="flex items-center gap-1.5">
          <svg width="16" height="16" aria-hidden="true" className="shrink-0 rounded-sm ring-1 ring-slate-300">
            <rect width="16" height="16" fill={fillUrl(prefix, keys, key)} />
          </svg>
          {key}
        </li>
      ))}
      {children}
    </ul>
  );
}

export interface StackedBarsProps<D> {
  /** The prefix of the series' pattern ids (unique on the page). */
  prefix: string;
  keys: string[];
  fillOf: (key: string) => ChartFill;
  data: readonly D[];
  /** A bar's band (its x). */
  band: (d: D) => string;
  value: (d: D, key: string) => number;
  total: (d: D) => number;
  height: number;
  margin: { top: number; right: number; bottom: number; left: number };
  /** A band's tick label, given the plot's inner width ('' leaves the tick unnamed). */
  tickLabel: (band: string, index: number, innerWidth: number) => string;
  /** Drawn over each bar, at its centre x and the top of its stack (beside the total it always carries). */
  mark?: (d: D, x: number, top: number) => ReactNode;
}

/**
 * The drawing of a stacked bar chart, as wide as its container: grid lines, the bars filled with
 * the series' patterns, each bar's total over it, and the axes. Hidden from screen readers: the
 * chart around it says the same in words and a table.
 */
export function StackedBars<D>({ prefix, keys, fillOf, data, band, value, total, height, margin, tickLabel, mark }: StackedBarsProps<D>) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const innerWidth = Math.max(0, width - margin.left - margin.right);
  const innerHeight = height - margin.top - margin.bottom;
  const max = Math.max(1, ...data.map(total));
  const xScale = scaleBand<string>({ domain: data.map(band), range: [0, innerWidth], padding: 0.25 });
  const yScale = scaleLinear<number>({ domain: [0, max], range: [innerHeight, 0], nice: true });
  return (
    // Clipped: after a resize the SVG keeps its old width until the observer reports the new one.
    <div ref={ref} className="w-full overflow-hidden" aria-hidden="true">
      {width > 0 && (
        <svg width={width} height={height} role="presentation">
          <defs>
            <FillPatterns prefix={prefix} keys={keys} fillOf={fillOf} />
          </defs>
          <Group left={margin.left} top={margin.top}>
            {yScale.ticks(4).map((t) => (
              <line key={t} x1={0} x2={innerWidth} y1={yScale(t)} y2={yScale(t)} stroke="#e2e8f0" />
            ))}
            <BarStack<D, string> data={[...data]} keys={keys} x={band} value={value} xScale={xScale} yScale={yScale} color={() => ''}>
              {(stacks) =>
                stacks.map((stack) =>
                  stack.bars.map((bar) =>
                    bar.height > 0 ? <rect key={`${stack.index}-${bar.index}`} x={bar.x} y={bar.y} width={bar.width} height={bar.height} fill={fillUrl(prefix, keys, stack.key)} stroke="#fff" strokeWidth={1} /> : null,
                  ),
                )
              }
            </BarStack>
            {data.map((d) => {
              const x = (xScale(band(d)) ?? 0) + xScale.bandwidth() / 2;
              const t = total(d);
              const top = yScale(t);
              return (
                <g key={band(d)}>
                  {t > 0 && (
                    <text x={x} y={top - 4} textAnchor="middle" fontSize={11} fill="#334155" className="tabular-nums">
                      {t}
                    </text>
                  )}
                  {mark?.(d, x, top)}
                </g>
              );
            })}
            <AxisLeft scale={yScale} numTicks={4} tickFormat={(v) => String(v)} hideAxisLine hideTicks tickLabelProps={{ fontSize: 11, fill: '#475569' }} />
            <AxisBottom top={innerHeight} scale={xScale} tickFormat={(v, i) => tickLabel(v, i, innerWidth)} stroke="#94a3b8" tickStroke="#94a3b8" tickLabelProps={{ fontSize: 11, fill: '#475569' }} />
          </Group>
        </svg>
      )}
    </div>
  );
}
