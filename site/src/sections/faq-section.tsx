import { useId, useState } from 'react';
import { faqJsonLd } from '@workshop/shared';
import { JsonLd } from '../components/json-ld';
import { FAQ } from '../content/marketing';

/** Eight questions; opening one closes the other, and the open one can be collapsed. */
export function FaqSection() {
  const [open, setOpen] = useState<number | null>(0);
  const base = useId();
  return (
    <section className="section section-tint" id="faq" aria-labelledby="faq-title">
      <JsonLd id="faq" data={faqJsonLd(FAQ)} />
      <div className="container narrow">
        <p className="kicker center">FAQ</p>
        <h2 id="faq-title" className="section-title center">
          Frequently Asked Questions
        </h2>
        <div className="accordion" data-testid="faq">
          {FAQ.map((item, i) => {
            const expanded = open === i;
            return (
              <div key={item.q} className={`accordion-item ${expanded ? 'is-open' : ''}`}>
                <h3>
                  <button
                    type="button"
                    id={`${base}-q${i}`}
                    aria-expanded={expanded}
                    aria-controls={`${base}-a${i}`}
                    onClick={() => setOpen(expanded ? null : i)}
                  >
                    {item.q}
                    <span className="chevron" aria-hidden="true" />
                  </button>
                </h3>
                <div id={`${base}-a${i}`} role="region" aria-labelledby={`${base}-q${i}`} hidden={!expanded} className="accordion-panel">
                  <p>{item.a}</p>
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
