/**
 * Every migration, in order. A new one: add `NNN_name.ts` (export `up`, and `down` when it
 * can be undone) and list it here. Never edit one that has shipped: add another.
 */
import type { Migration } from 'kysely';
import * as m001 from './001_accounts.ts';
import * as m002 from './002_catalog.ts';
import * as m003 from './003_codes.ts';
import * as m004 from './004_billing.ts';
import * as m005 from './005_side_effects.ts';
import * as m006 from './006_outbox_secret.ts';
import * as m007 from './007_rate_limits_unlogged.ts';
import * as m008 from './008_sandbox_gateway.ts';
import * as m009 from './009_payment_intents.ts';
import * as m010 from './010_email_changes.ts';
import * as m011 from './011_account_versions.ts';
import * as m012 from './012_experiments.ts';
import * as m013 from './013_operators.ts';
import * as m014 from './014_server_keys.ts';
import * as m015 from './015_releases.ts';
import * as m016 from './016_release_of_events.ts';
import * as m017 from './017_release_of_purchases.ts';
import * as m018 from './018_test_data.ts';
import * as m019 from './019_preview_offers.ts';
import * as m020 from './020_studio_workspaces.ts';

export const migrations: Record<string, Migration> = {
  '001_accounts': m001,
  '002_catalog': m002,
  '003_codes': m003,
  '004_billing': m004,
  '005_side_effects': m005,
  '006_outbox_secret': m006,
  '007_rate_limits_unlogged': m007,
  '008_sandbox_gateway': m008,
  '009_payment_intents': m009,
  '010_email_changes': m010,
  '011_account_versions': m011,
  '012_experiments': m012,
  '013_operators': m013,
  '014_server_keys': m014,
  '015_releases': m015,
  '016_release_of_events': m016,
  '017_release_of_purchases': m017,
  '018_test_data': m018,
  '019_preview_offers': m019,
  '020_studio_workspaces': m020,
};
