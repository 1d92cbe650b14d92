import type { ClickIdType } from '../contracts/funnel.ts';

/**
 * The conversion-tracking service of the advertising networks: a verified lead is reported once, only
 * with the visitor's marketing consent, without name, e-mail or phone (docs/funnel.md). Adapter:
 * adapters/conversion-tracking.http.ts.
 */
export interface ConversionTracking {
  report(conversion: {
    /** Deduplication key at the service: the same lead never counts twice, even when reported again. */
    conversionId: string;
    name: 'lead';
    occurredAt: Date;
    clickId: string | null;
    clickIdType: ClickIdType | null;
    /** The campaign (FunnelStore `externalId`), when the lead source has one. */
    campaign: string | null;
  }): Promise<void>;
}
