import { POLICY_LAST_UPDATED } from '@workshop/shared';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from './page-header';

const LINK = /\[([^\]]+)\]\((\/[^)]*)\)/g;

/** The policies' text stays plain strings; `[Contact page](/contact)` inside one becomes a link to that page. */
function withLinks(text: string): ReactNode {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(LINK)) {
    parts.push(text.slice(last, m.index));
    parts.push(
      <Link key={m.index} to={m[2]}>
        {m[1]}
      </Link>,
    );
    last = m.index + m[0].length;
  }
  parts.push(text.slice(last));
  return parts.map((p, i) => <Fragment key={i}>{p}</Fragment>);
}

export interface LegalSection {
  heading: string;
  body?: string[];
  list?: string[];
}

export function LegalPage({ title, intro, sections }: { title: string; intro: string; sections: LegalSection[] }) {
  return (
    // One article from its title on: the page's h1 heads it.
    <article>
      <PageHeader kicker="Legal" title={title} lead={`Last updated: ${POLICY_LAST_UPDATED}`} />
      <div className="section">
        <div className="container narrow legal">
          <p className="legal-intro">{withLinks(intro)}</p>
          {sections.map((s, i) => (
            <section key={s.heading} aria-labelledby={`legal-${i}`}>
              <h2 id={`legal-${i}`}>
                {i + 1}. {s.heading}
              </h2>
              {s.body?.map((p) => (
                <p key={p}>{withLinks(p)}</p>
              ))}
              {s.list && (
                <ul>
                  {s.list.map((li) => (
                    <li key={li}>{withLinks(li)}</li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </div>
      </div>
    </article>
  );
}
