import { WAITLIST_MESSAGES } from '@workshop/shared';
import { describe, expect, it } from 'vitest';
import { listSandboxEmails } from '../../src/sandbox/sandbox.store';
import { buyer, createWorkshop, payWithPaypal, waitFor } from '../payments/payments-helpers';
import { useTestServer } from '../support/test-server';
import { entry, join, offerEmails, person } from './waitlist-helpers';

const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50' } });
const joinedEmails = async (to: string) => (await listSandboxEmails(h.db, to)).filter((e) => e.subject.startsWith("You're on the waitlist"));

describe('"You\'re on the waitlist" email', () => {
  it('tells a new person their place and how long an offer holds a seat, with a link to leave that outlives every offer', async () => {
    const w = await createWorkshop(h.db, { max_participants: 1, title: 'Joined Email Workshop' });
    await payWithPaypal(h.server, w.id, buyer('joined-sold'));
    expect((await join(h.api, w.id, person('joined-a'))).status).toBe(201);
    expect((await join(h.api, w.id, person('joined-b'))).body.position).toBe(2);

    const mail = await waitFor(async () => (await joinedEmails(person('joined-b').email))[0]);
    expect(mail.subject).toBe("You're on the waitlist: Joined Email Workshop");
    expect(mail.text_body).toContain("Hi Waiting joined-b, you're on the waitlist for Joined Email Workshop.");
    expect(mail.text_body).toContain('Your place in line: 2');
    expect(mail.text_body).toContain("When a seat frees up we'll email you a link that holds it for you for 12 hours, in the order people joined.");
    expect(mail.html_body).toContain('Leave the waitlist</a>');
    // The link is a secret: it is not kept once the email went out.
    await waitFor(async () => (await h.db('email_messages').where({ kind: 'waitlist_joined', to_email: person('joined-b').email, status: 'sent' }).first()) ?? false);
    const stored = await h.db('email_messages').where({ kind: 'waitlist_joined', to_email: person('joined-b').email }).first('data');
    expect(JSON.stringify(stored.data)).not.toContain('/waitlist/leave');

    // Joining again is not a second place, nor a second email.
    expect((await join(h.api, w.id, person('joined-b'))).body).toMatchObject({ already: true, message: WAITLIST_MESSAGES.alreadyJoined });

    // A seat frees up and is offered to the first in line (a fresh offer link)...
    const reg = await h.db('workshop_registrations').where({ workshop_id: w.id, status: 'completed' }).first('id');
    expect((await h.api('POST', `/api/admin/registrations/${reg.id}/cancel`, { token: h.token })).status).toBe(200);
    await waitFor(async () => (await offerEmails(h.server, person('joined-a').email))[0]);
    // ...and the first person's link from the joined email still takes them out of line.
    const first = await waitFor(async () => (await joinedEmails(person('joined-a').email))[0]);
    const token = /\/waitlist\/leave\?token=([a-f0-9]{64})/.exec(first.text_body ?? '')?.[1];
    expect(token).toBeDefined();
    const left = await h.api('POST', '/api/waitlist/leave', { body: { token } });
    expect(left.body).toEqual({ workshop_title: 'Joined Email Workshop', message: WAITLIST_MESSAGES.left });
    expect(await entry(h.db, person('joined-a').email)).toMatchObject({ status: 'left' });
    expect(await joinedEmails(person('joined-b').email)).toHaveLength(1);
  });

  it('is not sent when the join is refused', async () => {
    const w = await createWorkshop(h.db, { max_participants: 5 });
    expect((await join(h.api, w.id, person('refused'))).status).toBe(409);
    expect(await h.db('email_messages').where({ kind: 'waitlist_joined', to_email: person('refused').email })).toHaveLength(0);
  });
});
