import express, { Router } from 'express';
import type { Db } from '../db/knex';
import { SANDBOX_CREDENTIALS } from './sandbox.credentials';
import { delaySwitch, outageSwitch, slowedBy } from './sandbox.outage';
import { isDown, listSandboxEmails, sandboxId } from './sandbox.store';
import type { SandboxEventWebhook } from './sendgrid.events';

interface MailBody {
  personalizations?: { to?: { email: string }[] }[];
  from?: { email: string; name?: string };
  subject?: string;
  content?: { type: string; value: string }[];
  attachments?: { filename: string; type?: string; content: string }[];
  custom_args?: Record<string, unknown>;
}

/** SendGrid's v3 mail send, recording each message; plus an inbox, an outage and a slowness switch for people and tests. */
export function sendgridSandboxRouter(db: Db, events: SandboxEventWebhook): Router {
  const r = Router();
  const json = express.json({ limit: '5mb' });

  r.post('/sandbox/sendgrid/v3/mail/send', json, slowedBy(db, 'sendgrid'), async (req, res) => {
    if (req.get('authorization') !== `Bearer ${SANDBOX_CREDENTIALS.sendgridApiKey}`) {
      res.status(401).json({ errors: [{ message: 'The provided authorization grant is invalid, expired, or revoked', field: null, help: null }] });
      return;
    }
    if (await isDown(db, 'sendgrid')) {
      res.status(503).json({ errors: [{ message: 'Service Unavailable (sandbox outage)', field: null, help: null }] });
      return;
    }
    const body = req.body as MailBody;
    const to = body.personalizations?.flatMap((p) => p.to ?? []).map((t) => t.email) ?? [];
    if (!to.length || !body.from?.email || !body.subject) {
      res.status(400).json({ errors: [{ message: 'The to, from and subject fields are required.', field: 'personalizations', help: null }] });
      return;
    }
    const messageId = sandboxId('sg_');
    const content = (type: string) => body.content?.find((c) => c.type === type)?.value ?? null;
    for (const email of to) {
      await db('provider_sandbox.emails').insert({
        message_id: messageId,
        to_email: email,
        from_email: body.from.email,
        subject: body.subject,
        text_body: content('text/plain'),
        html_body: content('text/html'),
        attachments: JSON.stringify((body.attachments ?? []).map((a) => ({ filename: a.filename, type: a.type ?? '', content: a.content }))),
      });
    }
    res.status(202).set('X-Message-Id', messageId).end();
    await events.accepted(messageId, to, body.custom_args ?? {}).catch(() => undefined);
  });

  // Every later message to this address bounces (the Event Webhook says so), as to a mailbox that does not exist.
  r.post('/sandbox/sendgrid/bounce', json, async (req, res) => {
    const email = (req.body as { email?: unknown })?.email;
    if (typeof email !== 'string' || !email.includes('@') || email.length > 320) {
      res.status(400).json({ error: 'email is required' });
      return;
    }
    await events.bounceFrom(email);
    res.status(204).end();
  });

  r.get('/sandbox/sendgrid/messages', async (req, res) => {
    res.json({ items: await listSandboxEmails(db, typeof req.query.to === 'string' ? req.query.to : undefined) });
  });

  r.post('/sandbox/sendgrid/outage', json, outageSwitch(db, 'sendgrid'));
  r.post('/sandbox/sendgrid/slow', json, delaySwitch(db, 'sendgrid'));

  return r;
}
