import type { ModalFuncProps } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { confirm } from '../../lib/confirm';

/**
 * A confirm dialog that belongs to a state of the item: it closes when `active` ends (the
 * recording ended by itself, the answer went when the time ran out) or the item goes, so it never
 * stays over the next item, where its Yes would act on an item no longer shown. Asking again
 * replaces the open one.
 */
export function useConfirmWhile(active: boolean): (props: ModalFuncProps) => void {
  const open = useRef<ReturnType<typeof confirm> | null>(null);
  useEffect(() => {
    if (!active) return;
    return () => {
      open.current?.destroy();
      open.current = null;
    };
  }, [active]);
  return useCallback((props: ModalFuncProps) => {
    open.current?.destroy();
    open.current = confirm(props);
  }, []);
}
