import { Icon } from '../components/icon';
import { INSTRUCTOR } from '../content/marketing';

export function InstructorSection() {
  return (
    <section className="section" id="instructor" aria-labelledby="instructor-title">
      <div className="container">
        <div className="card instructor">
          <div className="instructor-photo" aria-hidden="true">
            <Icon name="code" size={96} />
          </div>
          <div>
            <p className="kicker">Meet your instructor</p>
            <h2 id="instructor-title" className="section-title">
              Learn from someone who builds for a living
            </h2>
            <p className="instructor-role">{INSTRUCTOR.role}</p>
            <p>{INSTRUCTOR.bio}</p>
            <dl className="instructor-stats">
              {INSTRUCTOR.stats.map((s) => (
                <div key={s.label}>
                  <dt>{s.label}</dt>
                  <dd>{s.value}</dd>
                </div>
              ))}
            </dl>
          </div>
        </div>
      </div>
    </section>
  );
}
