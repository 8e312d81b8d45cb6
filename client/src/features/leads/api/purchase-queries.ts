// What the signed-in visitor bought (GET /api/me/entitlements): /afirmaciones unlocks the full ebook with it.
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';

export const EBOOK_PRODUCT = 'afirmaciones-ebook';

export async function fetchEntitlements(): Promise<string[]> {
  const entitlements = unwrap(await api.GET('/api/me/entitlements'));
  return entitlements.map((e) => e.productId);
}

export const purchaseQueries = {
  all: () => ['purchases'] as const,
  entitlements: () => queryOptions({ queryKey: [...purchaseQueries.all(), 'entitlements'] as const, queryFn: fetchEntitlements }),
};
