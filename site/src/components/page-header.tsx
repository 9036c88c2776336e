import type { ReactNode } from 'react';
import '../styles/sections.css';
import '../styles/pages.css';

export function PageHeader({ kicker, title, lead }: { kicker?: string; title: string; lead?: ReactNode }) {
  return (
    <header className="page-header">
      <div className="container narrow center">
        {kicker && <p className="kicker kicker-light">{kicker}</p>}
        <h1>{title}</h1>
        {lead && <p className="page-lead">{lead}</p>}
      </div>
    </header>
  );
}
