import { formatCents, formatShortDate, type PrivacyExport } from '@workshop/shared';

export type Section = { key: string; title: string; lines: string[] };

/** The export as a person reads it: a list per kind, only the kinds that hold something. */
export function sections(d: PrivacyExport): Section[] {
  const day = (at: string) => formatShortDate(at);
  return [
    { key: 'bookings', title: 'Bookings', lines: d.bookings.map((b) => `${b.workshop} (${day(b.workshop_date)}): ${b.seats} ${b.seats === 1 ? 'seat' : 'seats'}, ${formatCents(b.amount_cents)}, ${b.status}; booked ${day(b.booked_at)} as ${b.name}, ${b.phone}`) },
    { key: 'seats', title: 'Seats in your name', lines: d.seats.map((s) => `${s.workshop} (${day(s.workshop_date)}): seat ${s.position}, ${s.status}${s.first_joined_at ? `, joined ${day(s.first_joined_at)}` : ''}`) },
    { key: 'payments', title: 'Payments', lines: d.payments.map((p) => `${formatCents(p.amount_cents)} by ${p.provider} (${p.payment_id}), ${day(p.at)}`) },
    { key: 'refunds', title: 'Refunds', lines: d.refunds.map((r) => `${formatCents(r.amount_cents)}, ${r.status}, ${day(r.at)}`) },
    { key: 'emails', title: 'Emails we sent you', lines: d.emails.map((m) => `${m.subject ?? m.kind} (${m.status}), ${day(m.at)}`) },
    { key: 'interests', title: 'Messages and questions', lines: d.interests.map((i) => `${day(i.at)}: ${i.message || i.source}`) },
    { key: 'video_leads', title: 'Preview video', lines: d.video_leads.map((l) => `Watched as ${l.name}, ${day(l.at)}`) },
    { key: 'waitlist', title: 'Waitlists', lines: d.waitlist.map((e) => `${e.workshop}: ${e.status}, ${day(e.at)}`) },
    { key: 'revive', title: 'Follow-ups', lines: d.revive.map((r) => `${r.name}, ${day(r.at)}`) },
    { key: 'feedback', title: 'Your feedback', lines: d.feedback.map((f) => `${f.workshop}: ${f.rating}/5${f.comment ? `, "${f.comment}"` : ''}`) },
    { key: 'certificates', title: 'Certificates', lines: d.certificates.map((c) => `${c.workshop} (${c.id}), ${day(c.issued_at)}`) },
  ].filter((s) => s.lines.length > 0);
}

export function ExportSummary({ data }: { data: PrivacyExport }) {
  return (
    <div className="privacy-summary">
      {sections(data).map((s) => (
        <section key={s.key} data-testid={`privacy-${s.key}`}>
          <h2>{s.title}</h2>
          <ul>
            {s.lines.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
