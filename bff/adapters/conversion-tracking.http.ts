import type { ServiceEndpoint } from '../config.ts';
import type { ConversionTracking } from '../ports/conversion-tracking.ts';
import { createJsonClient } from './json-client.ts';

/**
 * An advertising network's offline-conversion upload (`POST /conversions`, `X-Api-Key`): the click id, the campaign,
 * the time and a deduplication id. Nothing that names the person.
 */
export function createHttpConversionTracking(endpoint: ServiceEndpoint): ConversionTracking {
  const client = createJsonClient(endpoint);
  return {
    async report(conversion) {
      await client.request('/conversions', {
        method: 'POST',
        json: { ...conversion, occurredAt: conversion.occurredAt.toISOString() },
      });
    },
  };
}
