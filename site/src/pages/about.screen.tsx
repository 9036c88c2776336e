import { CtaBand } from '../components/cta-band';
import { PageHeader } from '../components/page-header';
import { TRUST_STATS } from '../content/trust-stats';

const EXPERTISE = [
  { title: 'Practitioners, not just trainers', text: 'We build business apps on no-code platforms every week, and teach what actually works in production.' },
  { title: 'Hands-on by design', text: 'Every concept is applied immediately: you build while we build, and you leave with a deployed app.' },
  { title: 'Small, supportive groups', text: 'Saturday workshops are capped at 20 participants so everyone gets help when they get stuck.' },
];

const WHY = [
  '5 hours of live, interactive training',
  'Recordings available for 30 days',
  '7-day full refund guarantee',
  'Trusted by 100+ students in 7+ countries',
  'Rated 4.9/5 with a 100% completion rate',
  'Templates and materials you keep',
];

export default function AboutScreen() {
  return (
    <>
      <PageHeader
        kicker="About us"
        title="We help anyone turn ideas into working software"
        lead="Our mission is simple: give business owners, entrepreneurs and teams the skills to build the apps they need, without waiting for developers or budgets."
      />
      <section className="section" aria-labelledby="mission-title">
        <div className="container split">
          <div>
            <p className="kicker">Our mission</p>
            <h2 id="mission-title" className="section-title">
              Software for everyone who has a problem worth solving
            </h2>
            <p>
              Custom software used to need a team of engineers and months of work. With modern no-code platforms, a motivated person can build a
              secure, data-driven app in an afternoon. We run live workshops that make that possible for anyone, wherever they are.
            </p>
          </div>
          <dl className="stat-grid card">
            {TRUST_STATS.map((s) => (
              <div key={s.label}>
                <dt>{s.label}</dt>
                <dd>{s.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
      <section className="section section-tint" aria-labelledby="expertise-title">
        <div className="container">
          <p className="kicker">Our expertise</p>
          <h2 id="expertise-title" className="section-title">
            5+ years building, 10+ apps shipped
          </h2>
          <div className="grid-3">
            {EXPERTISE.map((e) => (
              <article key={e.title} className="card">
                <h3>{e.title}</h3>
                <p>{e.text}</p>
              </article>
            ))}
          </div>
        </div>
      </section>
      <section className="section" aria-labelledby="choose-title">
        <div className="container narrow">
          <h2 id="choose-title" className="section-title center">
            Why choose us
          </h2>
          <ul className="checklist two-col card">
            {WHY.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </div>
      </section>
      <CtaBand />
    </>
  );
}
