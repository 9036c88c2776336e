import { useId } from 'react';

/** The brand mark. Its gradient's id is this instance's own: the header and the footer each draw one, and ids are unique in a page. */
export function Logo({ size = 32 }: { size?: number }) {
  const gradient = `${useId()}logo-g`;
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6d5dfc" />
          <stop offset="1" stopColor="#c026d3" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill={`url(#${gradient})`} />
      <path d="M9 11h6v4H9zM17 11h6v10h-6zM9 17h6v4H9z" fill="#fff" />
    </svg>
  );
}
