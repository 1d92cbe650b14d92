import { analyticsStandIn } from './analytics/stand-in.ts';
import { conversionsStandIn } from './conversions/stand-in.ts';
import { documentsStandIn } from './documents/stand-in.ts';
import { esignStandIn } from './esign/stand-in.ts';
import { ibanValidatorStandIn } from './iban-validator/stand-in.ts';
import { identityStandIn } from './identity/stand-in.ts';
import { iotStandIn } from './iot/stand-in.ts';
import { mailStandIn } from './mail/stand-in.ts';
import { managementStandIn } from './management/stand-in.ts';
import { mapsStandIn } from './maps/stand-in.ts';
import { marketDataStandIn } from './market-data/stand-in.ts';
import { marketingStandIn } from './marketing/stand-in.ts';
import { masterDataStandIn } from './master-data/stand-in.ts';
import { replayStandIn } from './replay/stand-in.ts';
import { reviewsStandIn } from './reviews/stand-in.ts';
import { salesStandIn } from './sales/stand-in.ts';
import { schedulerStandIn } from './scheduler/stand-in.ts';
import { smsStandIn } from './sms/stand-in.ts';
import { tasksStandIn } from './tasks/stand-in.ts';
import { weatherStandIn } from './weather/stand-in.ts';
import type { StandIn } from './stand-in-types.ts';

/**
 * Every stand-in the sandbox runs, in start order; sandbox/server.ts iterates this list. A new stand-in is a folder
 * with a `stand-in.ts` (see sandbox/shared/stand-in.ts for the vendor-API shape) and one line here.
 */
export const STAND_INS: readonly StandIn[] = [
  mailStandIn,
  managementStandIn,
  iotStandIn,
  weatherStandIn,
  marketDataStandIn,
  esignStandIn,
  masterDataStandIn,
  tasksStandIn,
  documentsStandIn,
  analyticsStandIn,
  replayStandIn,
  mapsStandIn,
  reviewsStandIn,
  schedulerStandIn,
  smsStandIn,
  salesStandIn,
  conversionsStandIn,
  ibanValidatorStandIn,
  marketingStandIn,
  // Last: it hands every request under its mount path that no login page takes to oidc-provider.
  identityStandIn,
];
