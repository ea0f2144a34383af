import { Select, type RefSelectProps, type SelectProps } from 'antd';
import { useEffect, useRef } from 'react';

/**
 * antd's Select for one list filter, a chunk of its own (issue 23): the list showed seven of them
 * at its first paint, and their code and rendering were most of the list's blocking time on a
 * phone. It replaces its stand-in (`FilterSelect`) on the learner's first touch of that filter,
 * and takes the focus the stand-in had, never focus the learner has since moved elsewhere.
 */
export function FilterSelectLive(props: SelectProps<number | ''>) {
  const select = useRef<RefSelectProps>(null);
  useEffect(() => {
    // The stand-in was focused and is gone: the focus fell to the page.
    if (document.activeElement === document.body || !document.activeElement)
      select.current?.focus();
  }, []);
  return <Select<number | ''> ref={select} {...props} />;
}
