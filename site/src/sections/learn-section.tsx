import { Icon } from '../components/icon';
import { useRef, useState } from 'react';
import { OUTCOMES, SKILLS } from '../content/marketing';

/** Four skills: a swipeable carousel under 768px, a grid above (the CSS decides; controls hide on wide screens). */
export function LearnSection({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const H = headingLevel === 1 ? 'h1' : 'h2';
  // One level below the section's title, whichever it is: a page never skips from h1 to h3.
  const Sub = headingLevel === 1 ? 'h2' : 'h3';

  const go = (i: number) => {
    const el = track.current;
    if (!el) return;
    const next = Math.max(0, Math.min(SKILLS.length - 1, i));
    el.scrollTo({ left: (el.children[next] as HTMLElement).offsetLeft - el.offsetLeft, behavior: 'smooth' });
    setIndex(next);
  };
  const onScroll = () => {
    const el = track.current;
    if (!el) return;
    const w = (el.children[0] as HTMLElement).offsetWidth;
    setIndex(Math.round(el.scrollLeft / w));
  };

  return (
    <section className="section" id="learn" aria-labelledby="learn-title">
      <div className="container">
        <p className="kicker">Curriculum</p>
        <H id="learn-title" className="section-title">
          What You&apos;ll Learn
        </H>
        <p className="section-lead">Four core skills that every real business app needs, built hands-on in one live session.</p>
        <div className="carousel" role="region" aria-roledescription="carousel" aria-label="Skills you will learn">
          {/* Focusable so keyboard users can scroll the slides on narrow screens; a group, so it can carry the name it is announced by. */}
          <div className="carousel-track" ref={track} onScroll={onScroll} tabIndex={0} role="group" aria-label="Skills, scroll sideways for more" data-testid="learn-track">
            {SKILLS.map((s, i) => (
              <div key={s.title} className="card feature-card" role="group" aria-roledescription="slide" aria-label={`${i + 1} of ${SKILLS.length}`}>
                <span className="feature-icon" aria-hidden="true">
                  <Icon name={s.icon} />
                </span>
                <Sub className="card-title">{s.title}</Sub>
                <p>{s.text}</p>
              </div>
            ))}
          </div>
          <div className="carousel-controls" data-testid="carousel-controls">
            <button type="button" className="icon-btn" aria-label="Previous skill" onClick={() => go(index - 1)} disabled={index === 0}>
              ‹
            </button>
            <div className="dots">
              {SKILLS.map((s, i) => (
                <button
                  key={s.title}
                  type="button"
                  className={`dot ${i === index ? 'dot-active' : ''}`}
                  aria-label={`Show skill ${i + 1}: ${s.title}`}
                  aria-current={i === index}
                  onClick={() => go(i)}
                />
              ))}
            </div>
            <button type="button" className="icon-btn" aria-label="Next skill" onClick={() => go(index + 1)} disabled={index === SKILLS.length - 1}>
              ›
            </button>
          </div>
        </div>
        <div className="outcomes card">
          <Sub className="card-title">By the end of the day you will have</Sub>
          <ul className="checklist two-col">
            {OUTCOMES.map((o) => (
              <li key={o}>{o}</li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
