import type { CountdownParts } from '@workshop/shared';

const UNITS: [keyof Omit<CountdownParts, 'done'>, string][] = [
  ['days', 'Days'],
  ['hours', 'Hours'],
  ['minutes', 'Minutes'],
  ['seconds', 'Seconds'],
];

export function Countdown({ parts, label }: { parts: CountdownParts; label: string }) {
  return (
    <div className="countdown" role="timer" aria-label={label} data-testid="countdown">
      {UNITS.map(([key, unit]) => (
        <div key={key} className="countdown-cell">
          <span className="countdown-value">{parts[key]}</span>
          <span className="countdown-unit">{unit}</span>
        </div>
      ))}
    </div>
  );
}
