import type { Server } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import type { Config } from '../config';
import type { Db } from '../db/knex';
import type { RouteDef } from '../http/route';
import { enabledProviders } from '../payments/providers.config';
import { bouncedEmails, checkoutTotals, emailFigures, jobFigures, reconcileLag, refundFigures, registrationsByStatus } from './business-metrics.queries';
import { checkoutMetrics } from './checkout-metrics';
import { httpMetrics } from './http-metrics';
import { metricsAccess } from './metrics-access';

export interface Metrics {
  registry: Registry;
  /** GET /metrics, mounted with the other routes (its own access check: loopback or METRICS_TOKEN). */
  route: RouteDef;
  /** Times every request the HTTP server answers. */
  instrument: (server: Server) => void;
}

/**
 * prom-client's process metrics, less the gauges it names `*_total` (nodejs_active_handles_total,
 * _requests_total, _resources_total): Prometheus keeps that suffix for counters, and `promtool
 * check metrics` refuses them. Their per-type gauges stay: `sum(nodejs_active_handles)` is the total.
 */
export function collectProcessMetrics(registry: Registry): void {
  collectDefaultMetrics({ register: registry });
  for (const m of registry.getMetricsAsArray()) {
    if (m.name.endsWith('_total') && !(m instanceof Counter)) registry.removeSingleMetric(m.name);
  }
}

/**
 * Prometheus metrics for one server instance. HTTP latency, server errors, checkout requests and
 * SSE clients are this instance's (sum them over instances); checkout, refund, email, reconcile
 * and job figures are read from the database at scrape time, so they are the whole cluster's,
 * identical on every instance (aggregate them with max, not sum), and need no hook in the
 * payment or email code. deploy/prometheus/alerts.yml alerts on them.
 */
export function createMetrics(deps: { db: Db; config: Config; logger: Logger }): Metrics {
  const { db, config, logger } = deps;
  const registry = new Registry();
  collectProcessMetrics(registry);
  const http = httpMetrics(registry, [checkoutMetrics(registry, enabledProviders(config))]);

  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[]) => new Counter({ name, help, labelNames, registers: [registry] });
  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[]) => new Gauge({ name, help, labelNames, registers: [registry] });
  const started = counter('workshop_checkouts_started_total', 'Checkouts started (registrations created), by provider; whole cluster, from the database.', ['provider']);
  const completed = counter('workshop_checkouts_completed_total', 'Checkouts completed (money verified, seat sold), by provider; whole cluster.', ['provider']);
  const refunded = counter('workshop_checkouts_refunded_total', 'Completed or paid checkouts whose money went back in full, by provider; whole cluster.', ['provider']);
  const registrations = gauge('workshop_registrations', 'Registrations in the admin list now, by provider and status; whole cluster.', ['provider', 'status']);
  const refunds = gauge('workshop_refunds', 'Refunds by provider and status (queued, succeeded, failed = gave up and needs an admin); whole cluster.', ['provider', 'status']);
  const refundsFailing = gauge('workshop_refunds_failing', 'Refunds still queued whose last attempt failed (being retried), by provider; whole cluster.', ['provider']);
  const refundOldest = gauge('workshop_refund_oldest_queued_seconds', 'How long the oldest refund still owed (queued) has been owed, by provider (0 when none); whole cluster.', ['provider']);
  const emailsQueued = gauge('workshop_emails_queued', 'Emails waiting to be sent, by kind; whole cluster.', ['kind']);
  const emailsRetrying = gauge('workshop_emails_retrying', 'Emails waiting to be sent whose last attempt the provider refused or did not answer, by kind; whole cluster.', ['kind']);
  const emailOldest = gauge('workshop_email_oldest_queued_seconds', 'How long the oldest email waiting to be sent has waited, by kind; whole cluster.', ['kind']);
  const emailsFailed = counter('workshop_emails_failed_total', 'Emails given up on, by reason (refused = the provider refused every attempt, unbuildable = could not be built); whole cluster.', ['reason']);
  const emailsBounced = counter('workshop_emails_bounced_total', 'Emails the provider accepted that did not arrive (bounced by the receiving server or dropped), by kind, from SendGrid\'s Event Webhook; whole cluster.', ['kind']);
  const reconcileLagGauge = gauge('workshop_reconcile_lag_seconds', 'How long the oldest unsettled checkout has waited since its seat hold ran out, by provider (0 when none; provider-held PayPal captures left out); whole cluster.', ['provider']);
  const queueDepth = gauge('workshop_job_queue_depth', 'Background jobs due and waiting for a worker, by task; whole cluster.', ['task']);
  const queueOldest = gauge('workshop_job_queue_oldest_seconds', 'Age of the oldest job due and waiting, by task; whole cluster.', ['task']);
  const jobs = gauge('workshop_jobs', 'Background jobs by task and state (ready, running, scheduled, retrying); whole cluster.', ['task', 'state']);
  const jobsFailed = gauge('workshop_jobs_failed', 'Background jobs that ran out of attempts and will not run again, by task; whole cluster.', ['task']);
  const dbUp = gauge('workshop_metrics_database_up', '1 when the last scrape could read the database figures, 0 when it could not.', []);

  type Figures = [
    Awaited<ReturnType<typeof checkoutTotals>>,
    Awaited<ReturnType<typeof registrationsByStatus>>,
    Awaited<ReturnType<typeof refundFigures>>,
    Awaited<ReturnType<typeof jobFigures>>,
    Awaited<ReturnType<typeof emailFigures>>,
    Awaited<ReturnType<typeof reconcileLag>>,
    Awaited<ReturnType<typeof bouncedEmails>>,
  ];
  const readDatabase = () =>
    db.transaction(async (trx): Promise<Figures> => {
      // A scrape must never queue up behind a slow database.
      await trx.raw(`SET LOCAL statement_timeout = '5s'`);
      return [await checkoutTotals(trx), await registrationsByStatus(trx), await refundFigures(trx), await jobFigures(trx), await emailFigures(trx), await reconcileLag(trx), await bouncedEmails(trx)];
    });

  /** Synchronous from reset to last set, so two scrapes at once cannot add their figures together. */
  function show(figures: Figures | undefined): void {
    for (const m of [started, completed, refunded, registrations, refunds, refundsFailing, refundOldest, queueDepth, queueOldest, jobs, jobsFailed, emailsQueued, emailsRetrying, emailOldest, emailsFailed, emailsBounced, reconcileLagGauge]) m.reset();
    dbUp.set(figures ? 1 : 0);
    // Without the database, no figure rather than a stale one.
    if (!figures) return;
    const [checkouts, byStatus, refundRows, jobRows, emailRows, lagRows, bounceRows] = figures;
    // Enabled providers always have a series, so a dashboard shows 0 rather than nothing.
    const providers = new Set<string>([...enabledProviders(config), ...checkouts.map((c) => c.provider)]);
    for (const provider of providers) {
      const row = checkouts.find((c) => c.provider === provider);
      started.inc({ provider }, Number(row?.started ?? 0));
      completed.inc({ provider }, Number(row?.completed ?? 0));
      refunded.inc({ provider }, Number(row?.refunded ?? 0));
      if (provider === 'none') continue;
      refundsFailing.set({ provider }, 0);
      refundOldest.set({ provider }, 0);
      reconcileLagGauge.set({ provider }, 0);
      for (const status of ['queued', 'succeeded', 'failed']) refunds.set({ provider, status }, 0);
    }
    for (const r of byStatus) registrations.set({ provider: r.provider, status: r.status }, Number(r.n));
    for (const r of refundRows) {
      refunds.set({ provider: r.provider, status: r.status }, Number(r.n));
      refundsFailing.inc({ provider: r.provider }, Number(r.failing));
      if (r.status === 'queued') refundOldest.set({ provider: r.provider }, Number(r.oldest_queued_seconds));
    }
    for (const j of jobRows) {
      queueDepth.set({ task: j.task }, Number(j.ready));
      queueOldest.set({ task: j.task }, Number(j.oldest_ready_seconds));
      jobsFailed.set({ task: j.task }, Number(j.failed));
      for (const state of ['ready', 'running', 'scheduled', 'retrying'] as const) jobs.set({ task: j.task, state }, Number(j[state]));
    }
    // Both reasons always have a series (even at 0), so the first email given up on is an increase Prometheus sees.
    for (const reason of ['refused', 'unbuildable'] as const) emailsFailed.inc({ reason }, emailRows.reduce((n, e) => n + Number(e[reason]), 0));
    // The confirmation always has a series, so the first bounce is an increase Prometheus sees.
    emailsBounced.inc({ kind: 'confirmation' }, 0);
    for (const b of bounceRows) emailsBounced.inc({ kind: b.kind }, Number(b.n));
    for (const e of emailRows) {
      if (Number(e.queued) === 0) continue;
      emailsQueued.set({ kind: e.kind }, Number(e.queued));
      emailsRetrying.set({ kind: e.kind }, Number(e.retrying));
      emailOldest.set({ kind: e.kind }, Number(e.oldest_queued_seconds));
    }
    for (const l of lagRows) reconcileLagGauge.set({ provider: l.provider }, Number(l.lag_seconds));
  }

  const handler: RequestHandler = async (req, res) => {
    const access = metricsAccess(req, config.METRICS_TOKEN);
    if (access === 'hidden') return void res.status(404).json({ error: { code: 'not_found', message: 'Not found' } });
    if (access === 'unauthorized') {
      res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      return void res.status(401).json({ error: { code: 'unauthorized', message: 'A valid metrics token is required.' } });
    }
    const figures = await readDatabase().catch((err: unknown) => {
      // The instance's own figures are still worth having while the database is away.
      logger.warn({ err }, 'metrics: could not read the database figures');
      return undefined;
    });
    show(figures);
    res.setHeader('Cache-Control', 'no-store');
    res.type(registry.contentType).send(await registry.metrics());
  };

  return { registry, route: { method: 'get', path: '/metrics', access: 'public', handler }, instrument: http.instrument };
}
