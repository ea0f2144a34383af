import { itemTypes, type ItemTypeCode } from '@ninety/contract';
import { useEffect, useState } from 'react';
import { loadWithReload } from '../lib/load-with-reload';
import type { ItemType } from './types';

/**
 * Everything about presenting and answering each of the 23 types (22 PTE types and PI), each type
 * its own chunk (issue 23): an item needs its own renderer only, and loading all 23 (35 kB gzip,
 * antd's Select, Modal and Input among them) held back a phone's first paint of any one item.
 */
const loaders: { [C in ItemTypeCode]: () => Promise<ItemType<C>> } = {
  PI: () => import('./pi').then((m) => m.pi),
  RA: () => import('./ra').then((m) => m.ra),
  RS: () => import('./rs').then((m) => m.rs),
  DI: () => import('./di').then((m) => m.di),
  RL: () => import('./rl').then((m) => m.rl),
  ASQ: () => import('./asq').then((m) => m.asq),
  RTS: () => import('./rts').then((m) => m.rts),
  SGD: () => import('./sgd').then((m) => m.sgd),
  SWT: () => import('./swt').then((m) => m.swt),
  WE: () => import('./we').then((m) => m.we),
  RWFIB: () => import('./rwfib').then((m) => m.rwfib),
  RMCM: () => import('./rmcm').then((m) => m.rmcm),
  RO: () => import('./ro').then((m) => m.ro),
  RFIB: () => import('./rfib').then((m) => m.rfib),
  RMCS: () => import('./rmcs').then((m) => m.rmcs),
  LMCM: () => import('./lmcm').then((m) => m.lmcm),
  LFIB: () => import('./lfib').then((m) => m.lfib),
  HCS: () => import('./hcs').then((m) => m.hcs),
  LMCS: () => import('./lmcs').then((m) => m.lmcs),
  SST: () => import('./sst').then((m) => m.sst),
  SMW: () => import('./smw').then((m) => m.smw),
  HIW: () => import('./hiw').then((m) => m.hiw),
  WFD: () => import('./wfd').then((m) => m.wfd),
};

/** A load in flight or done, with what it came to once settled. */
type TrackedLoad = Promise<ItemType> & {
  status?: 'fulfilled' | 'rejected';
  value?: ItemType;
  reason?: unknown;
};

const loads = new Map<ItemTypeCode, TrackedLoad>();

/**
 * The type's module, loaded once. A failure is kept: `loadWithReload` has already reloaded the
 * page once for it, so what is left is the route's error page, not another try.
 */
export function loadItemType<C extends ItemTypeCode>(code: C): Promise<ItemType<C>> {
  let load = loads.get(code);
  if (!load) {
    const started: TrackedLoad = loadWithReload(loaders[code] as () => Promise<ItemType>);
    void started.then(
      (value) => {
        started.status = 'fulfilled';
        started.value = value;
      },
      (reason: unknown) => {
        started.status = 'rejected';
        started.reason = reason;
      },
    );
    loads.set(code, started);
    load = started;
  }
  return load as Promise<ItemType<C>>;
}

/**
 * The type of the item being shown, or null until its chunk is in. A type loaded beforehand (by
 * the route's prefetch, or an earlier item) is there in the first render. Not `use()` with
 * Suspense: a render suspended inside a test's `act()` is never retried, and every runner test
 * would have to know it.
 */
export function useItemType<C extends ItemTypeCode>(code: C): ItemType<C> | null {
  const load = loadItemType(code) as TrackedLoad;
  const [, setSettled] = useState(0);
  const status = load.status;
  useEffect(() => {
    if (status) return;
    let isLive = true;
    const settle = () => {
      if (isLive) setSettled((count) => count + 1);
    };
    void load.then(settle, settle);
    return () => {
      isLive = false;
    };
  }, [load, status]);
  if (status === 'rejected') throw load.reason;
  return status === 'fulfilled' ? (load.value as ItemType<C>) : null;
}

/** Whether a type is answered by a recording or on screen, without loading the type. */
export function itemKindOf(code: ItemTypeCode): ItemType['kind'] {
  return itemTypes[code].responseKind === 'speech' ? 'speaking' : 'written';
}
