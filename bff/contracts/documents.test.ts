import { describe, expect, it } from 'vitest';
import { DOCUMENT_CATEGORIES, DOCUMENT_TYPES, categoryOf, parseCategoryFilter, type DocumentCategory, type DocumentType } from './documents.ts';

/**
 * Document categories (groups of types), written out here apart from `DOCUMENT_CATEGORIES` (docs/files.md
 * "Documents: one list from three sources").
 */
const SPEC: [DocumentType, DocumentCategory][] = [
  ['OTHER', 'OTHER'],
  ['PRIVACY', 'OTHER'],
  ['OFFER_SIGNED', 'OFFER_DOCUMENT'],
  ['SIGNED_REVOCATION_NOTICE', 'OFFER_DOCUMENT'],
  ['ORDER_CONFIRMATION', 'OFFER_DOCUMENT'],
  ['PROJECT_REPORT', 'PROJECT_REPORT'],
  ['MARKET_REGISTER_AUTHORIZATION', 'POWER_OF_ATTORNEY_DOCUMENT'],
  ['POWER_OF_ATTORNEY_DOCUMENT', 'POWER_OF_ATTORNEY_DOCUMENT'],
  ['FINANCING_DOCUMENT', 'FINANCING_DOCUMENT'],
  ['PRODUCT_DOCUMENT', 'PRODUCT_DOCUMENT'],
  ['LAND_MAPS', 'COMMON_DOCUMENT'],
  ['CONSULTATION_PROTOCOL', 'COMMON_DOCUMENT'],
  ['CLIENT_DOCUMENTS', 'COMMON_DOCUMENT'],
  ['AC', 'ASSEMBLY_DOCUMENT'],
  ['DC', 'ASSEMBLY_DOCUMENT'],
  ['DC_ACCEPTANCE_PROTOCOL', 'ASSEMBLY_DOCUMENT'],
  ['DELIVERY_SLIPS', 'ASSEMBLY_DOCUMENT'],
  ['AC_REPRESENTATIVE', 'ASSEMBLY_DOCUMENT'],
  ['DC_REPRESENTATIVE', 'ASSEMBLY_DOCUMENT'],
  ['REGISTRATION_FORM', 'REGISTRATION_FORM'],
  ['WARRANTY_DOCUMENTS', 'WARRANTY_DOCUMENTS'],
  ['CIRCUIT_DIAGRAM', 'CIRCUIT_DIAGRAM'],
  ['REGISTRATION_CERTIFICATE_PV', 'REGISTRATION'],
  ['REGISTRATION_K2_STATICS', 'REGISTRATION'],
  ['REGISTRATION', 'REGISTRATION'],
  ['REGISTRATION_CERTIFICATE_STORAGE', 'BILL'],
  ['INVOICE_SEVDESK', 'BILL'],
  ['INVOICE_LEXWARE', 'BILL'],
  ['INVOICE_DATEV', 'BILL'],
  ['REFUND', 'BILL'],
  ['SEPA_MANDATE', 'BILL'],
  ['USER_DOCUMENT', 'USER_DOCUMENT'],
  ['USER_MANUAL', 'USER_DOCUMENT'],
  ['INFO_FLYER', 'INFO_FLYER'],
  ['PRODUCT_FLYER', 'PRODUCT_FLYER'],
  ['PRODUCT_DOCUMENTATION', 'PRODUCT_DOCUMENTATION'],
];

describe('document categories', () => {
  it.each(SPEC)('%s belongs to %s', (type, category) => {
    expect(categoryOf(type)).toBe(category);
  });

  it('covers every document type exactly once and the table above lists every one', () => {
    const grouped = Object.values(DOCUMENT_CATEGORIES).flat();
    expect([...grouped].sort()).toEqual([...DOCUMENT_TYPES].sort());
    expect(new Set(grouped).size).toBe(grouped.length);
    expect(SPEC.map(([type]) => type).sort()).toEqual([...DOCUMENT_TYPES].sort());
    expect(Object.keys(DOCUMENT_CATEGORIES)).toHaveLength(17);
  });

  it('reads the repeatable categoryFilter and drops unknown names', () => {
    expect(parseCategoryFilter(['BILL', 'OFFER_DOCUMENT', 'BILL', 'nope'])).toEqual(['BILL', 'OFFER_DOCUMENT']);
    expect(parseCategoryFilter('REGISTRATION')).toEqual(['REGISTRATION']);
    expect(parseCategoryFilter(undefined)).toEqual([]);
    expect(parseCategoryFilter({ a: 1 })).toEqual([]);
  });
});
