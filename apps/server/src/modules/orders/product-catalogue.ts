import type { Db } from '../../db/client';

/** A kind of thing learners can buy; each selling module registers one. */
export interface ProductKind {
  kind: 'vip' | 'material';
  /** Price and title from the server's own list — never from the client. null = not for sale / unknown. */
  quote(itemId: string): Promise<{ titleZh: string; amountFen: number } | null>;
  /** For a thing bought once (a material): whether this learner has it already. VIP has none: buying again extends it. */
  owned?(userId: number, itemId: string): Promise<boolean>;
  /** Grant what was bought. MUST be idempotent on orderNo (called again for the same order it does nothing). */
  fulfil(input: { userId: number; itemId: string; orderNo: string }): Promise<void>;
  /**
   * Takes back what this order granted (a refund), inside `tx`, the transaction that marks the
   * order refunded. MUST be idempotent: called again, or for an order never fulfilled, it does
   * nothing. Only this order's grant goes; what other orders granted stays.
   */
  revoke(input: { userId: number; itemId: string; orderNo: string }, tx: Db): Promise<void>;
}

export interface ProductCatalogue {
  register(kind: ProductKind): void;
  get(kind: string): ProductKind | undefined;
}

/**
 * The kinds for sale in this app. Built once per app (services.ts) before any module registers,
 * so a selling module adds its kind in its own `register(app, context)`.
 */
export function createProductCatalogue(): ProductCatalogue {
  const kinds = new Map<string, ProductKind>();
  return {
    register(kind) {
      // Two modules selling under one name would make orders ambiguous: refuse at start-up.
      if (kinds.has(kind.kind)) {
        throw new Error(`product kind registered twice: ${kind.kind}`);
      }
      kinds.set(kind.kind, kind);
    },
    get(kind) {
      return kinds.get(kind);
    },
  };
}
