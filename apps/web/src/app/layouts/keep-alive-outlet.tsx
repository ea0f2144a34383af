import { Activity, useState } from 'react';
import type { ReactNode } from 'react';
import { useOutlet } from 'react-router';
import { useDeepestHandle } from '../route-handle';

/**
 * The layout's outlet, except that pages marked keepAlive stay mounted (hidden by React's
 * <Activity>) after the learner leaves them, so their state is there on return.
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const handle = useDeepestHandle();
  const activeKey = handle?.keepAlive ? handle.page : undefined;
  const [kept, setKept] = useState<ReadonlyMap<string, ReactNode>>(() => new Map());

  if (activeKey && !kept.has(activeKey)) {
    setKept(new Map(kept).set(activeKey, outlet));
  }

  return (
    <>
      {[...kept].map(([key, element]) => (
        <Activity key={key} mode={key === activeKey ? 'visible' : 'hidden'}>
          {key === activeKey ? outlet : element}
        </Activity>
      ))}
      {activeKey ? null : outlet}
    </>
  );
}
