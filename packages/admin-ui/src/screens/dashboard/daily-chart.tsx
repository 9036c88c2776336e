import { formatCents, type Dashboard } from '@workshop/shared';
import { Flex } from 'antd';
import { useLayoutEffect, useRef, useState } from 'react';
import { Text } from '../../components/text';

const H = 220;
/** Below this the 30 bars get too thin to read; the chart scrolls sideways instead. */
const MIN_W = 480;
const PAD = { top: 12, right: 48, bottom: 28, left: 36 };
const BAR = '#4f46e5';
const LINE = '#10b981';

/** 1, 2 or 5 times a power of ten, at least `v`: axis tops people can read. */
function niceCeil(v: number): number {
  const p = 10 ** Math.floor(Math.log10(v));
  return [1, 2, 5, 10].map((m) => m * p).find((n) => n >= v) ?? 10 * p;
}

const dayLabel = (iso: string) => new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Bars: registrations per day; line: revenue per day (right axis). Plain SVG, no chart library. */
/**
 * The chart is drawn at its real pixel width rather than scaling one fixed drawing: a scaled
 * drawing shrinks the axis text to nothing on a phone and blows it up on a wide screen.
 */
function useWidth(): [React.RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(720);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setWidth(Math.max(MIN_W, Math.floor(el.clientWidth)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

export function DailyChart({ daily }: { daily: Dashboard['daily'] }) {
  const [hover, setHover] = useState<number | null>(null);
  const [box, W] = useWidth();
  const maxRegs = niceCeil(Math.max(2, ...daily.map((d) => d.registrations)));
  const maxRevenue = niceCeil(Math.max(10_000, ...daily.map((d) => d.revenue_cents)));
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const step = innerW / Math.max(1, daily.length);
  const y = (v: number) => PAD.top + innerH - (v / maxRegs) * innerH;
  const yRev = (v: number) => PAD.top + innerH - (v / maxRevenue) * innerH;
  const line = daily.map((d, i) => `${i ? 'L' : 'M'}${PAD.left + step * (i + 0.5)},${yRev(d.revenue_cents)}`).join(' ');
  const shown = hover ?? daily.length - 1;
  const current = daily[shown];

  return (
    <div>
      <Flex gap={20} wrap style={{ marginBottom: 8, fontSize: 12 }}>
        <Flex align="center" gap={6}>
          <span style={{ width: 10, height: 10, background: BAR, borderRadius: 2 }} /> Registrations
        </Flex>
        <Flex align="center" gap={6}>
          <span style={{ width: 14, height: 2, background: LINE }} /> Revenue
        </Flex>
        {current && (
          <Text type="secondary" style={{ marginLeft: 'auto', fontSize: 12 }} data-testid="chart-readout">
            {dayLabel(current.date)}: {current.registrations} {current.registrations === 1 ? 'registration' : 'registrations'} · {formatCents(current.revenue_cents)}
          </Text>
        )}
      </Flex>
      <div ref={box} style={{ overflowX: 'auto' }}>
        <svg viewBox={`0 0 ${W} ${H}`} width={W} height={H} style={{ display: 'block' }} role="img" aria-label="Registrations and revenue per day, last 30 days" data-testid="daily-chart">
          {[0, 0.5, 1].map((f) => (
            <g key={f}>
              <line x1={PAD.left} x2={W - PAD.right} y1={PAD.top + innerH * (1 - f)} y2={PAD.top + innerH * (1 - f)} stroke="#eef0f4" />
              <text x={PAD.left - 6} y={PAD.top + innerH * (1 - f) + 4} textAnchor="end" fontSize="10" fill="#8c8c8c">
                {Math.round(maxRegs * f)}
              </text>
              <text x={W - PAD.right + 6} y={PAD.top + innerH * (1 - f) + 4} fontSize="10" fill="#8c8c8c">
                ${Math.round((maxRevenue * f) / 100)}
              </text>
            </g>
          ))}
          {daily.map((d, i) => (
            <g key={d.date} onMouseEnter={() => setHover(i)} onMouseLeave={() => setHover(null)}>
              <rect x={PAD.left + step * i} y={PAD.top} width={step} height={innerH} fill={hover === i ? '#f5f6ff' : 'transparent'} />
              <rect x={PAD.left + step * i + step * 0.2} y={y(d.registrations)} width={step * 0.6} height={PAD.top + innerH - y(d.registrations)} rx={2} fill={BAR} opacity={0.85} />
              {i % 5 === 0 && (
                <text x={PAD.left + step * (i + 0.5)} y={H - 8} textAnchor="middle" fontSize="10" fill="#8c8c8c">
                  {dayLabel(d.date)}
                </text>
              )}
            </g>
          ))}
          <path d={line} fill="none" stroke={LINE} strokeWidth={2} pointerEvents="none" />
        </svg>
      </div>
    </div>
  );
}
