/**
 * The master-data service: lookups in the Marktstammdatenregister (MaStR) and transfers of a customer's market actor
 * to the installer's service-provider account. Adapter: adapters/master-data.http.ts. Rejects with
 * UpstreamUnavailable when the service fails.
 */
export interface MasterData {
  /** Null for a number the register does not know. */
  marketActor(number: string): Promise<{ number: string; name: string } | null>;
  unit(number: string): Promise<{ number: string; kind: string; operatorNumber: string } | null>;
  /** Starts (or finds the open) transfer of the actor to the installer's account; null for an unknown actor. */
  startTransfer(operatorNumber: string, reference: string): Promise<{ transferId: string; receiverName: string; supportCode: string } | null>;
  /**
   * Registers a signed SEPA mandate in the customer master data (docs/money.md) and answers its id there
   * (SepaMandate.mdsId); the same creditor and reference again answers the same id.
   */
  registerSepaMandate(mandate: {
    mandateReference: string;
    creditorId: string;
    projectId: number;
    debtorName: string;
    iban: string;
    bic: string | null;
    sequenceType: 'RCUR' | 'OOFF';
    signedAt: string;
    signedPlace: string;
  }): Promise<{ id: string }>;
}
