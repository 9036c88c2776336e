import { POLICY_LAST_UPDATED } from '@workshop/shared';
import { PageHeader } from './page-header';

export interface LegalSection {
  heading: string;
  body?: string[];
  list?: string[];
}

export function LegalPage({ title, intro, sections }: { title: string; intro: string; sections: LegalSection[] }) {
  return (
    <>
      <PageHeader kicker="Legal" title={title} lead={`Last updated: ${POLICY_LAST_UPDATED}`} />
      <article className="section">
        <div className="container narrow legal">
          <p className="legal-intro">{intro}</p>
          {sections.map((s, i) => (
            <section key={s.heading} aria-labelledby={`legal-${i}`}>
              <h2 id={`legal-${i}`}>
                {i + 1}. {s.heading}
              </h2>
              {s.body?.map((p) => (
                <p key={p}>{p}</p>
              ))}
              {s.list && (
                <ul>
                  {s.list.map((li) => (
                    <li key={li}>{li}</li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </div>
      </article>
    </>
  );
}
