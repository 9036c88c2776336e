import type { ReactNode } from 'react';
import { PlainStyles } from './plain-styles';
import { useDocumentTitle } from './use-document-title';

/** Centered card for the screens outside the layout (login, create admin); plain, so signing in needs no antd. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <main className="wk-auth">
      <PlainStyles />
      <section className="wk-card" aria-labelledby="auth-title">
        <div className="wk-card-head">
          <div className="wk-logo" aria-hidden="true">
            NC
          </div>
          <h1 id="auth-title" className="wk-title">
            {title}
          </h1>
          <span className="wk-subtitle">{subtitle}</span>
        </div>
        {children}
      </section>
    </main>
  );
}
