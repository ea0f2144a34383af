import { materialPaths, type MaterialUnlocks } from '@ninety/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { isSignedIn } from '../../../lib/session';

/** What the learner's bought 资料 open: item types practised without spending uses, lessons. */
export function fetchMaterialUnlocks(signal?: AbortSignal): Promise<MaterialUnlocks> {
  return get<MaterialUnlocks>(materialPaths.unlocks, undefined, { signal, quiet: true });
}

export function materialUnlocksQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.materials.unlocks,
    queryFn: ({ signal }) => fetchMaterialUnlocks(signal),
  });
}

/**
 * Whether a material the learner bought includes items of this type: their practice spends no
 * use, so the quota check (and its dialog) must not stop them. False signed out or unknown yet
 * (the server decides in the end: it spends nothing for an included item either way).
 */
export function useIncludedInPurchase(itemType: string | undefined): boolean {
  const signedIn = isSignedIn();
  const unlocks = useQuery({ ...materialUnlocksQueryOptions(), enabled: signedIn });
  return signedIn && itemType !== undefined && !!unlocks.data?.itemTypes.includes(itemType);
}
