import { PatternCircles, PatternLines } from '@visx/pattern';
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
