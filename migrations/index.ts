import type { Knex } from 'knex';
import * as createUsers from './20261121090000-create-users';
import * as createWorkshops from './20261121090100-create-workshops';
import * as createRegistrations from './20261121090200-create-workshop-registrations';
import * as createInterests from './20261121090300-create-workshop-interests';
import * as createVideoLeads from './20261121090400-create-video-leads';
import * as createRevive from './20261121090500-create-revive';
import * as createAdminSettings from './20261121090600-create-admin-settings';
import * as insertDefaultSettings from './20261121090700-insert-default-settings';
import * as createRegistrationsArchive from './20261121090800-create-registrations-archive';
import * as createPaymentEvents from './20261121100000-create-payment-events';
import * as createEmailMessages from './20261121100100-create-email-messages';
import * as createJobQueue from './20261121100200-create-job-queue';
import * as addRefundEmailKinds from './20261121110000-add-refund-email-kinds';

type Migration = { up: (k: Knex) => Promise<void>; down: (k: Knex) => Promise<void> };

/** Every migration, by file name; append new files here (never edit a merged one). */
export const migrations: Record<string, Migration> = {
  '20261121090000-create-users': createUsers,
  '20261121090100-create-workshops': createWorkshops,
  '20261121090200-create-workshop-registrations': createRegistrations,
  '20261121090300-create-workshop-interests': createInterests,
  '20261121090400-create-video-leads': createVideoLeads,
  '20261121090500-create-revive': createRevive,
  '20261121090600-create-admin-settings': createAdminSettings,
  '20261121090700-insert-default-settings': insertDefaultSettings,
  '20261121090800-create-registrations-archive': createRegistrationsArchive,
  '20261121100000-create-payment-events': createPaymentEvents,
  '20261121100100-create-email-messages': createEmailMessages,
  '20261121100200-create-job-queue': createJobQueue,
  '20261121110000-add-refund-email-kinds': addRefundEmailKinds,
};
