import { useCallback, useEffect, useRef, useState } from 'react';
import { UploadTask, type UploadFileOptions, type UploadSnapshot } from '../../../lib/upload';

/**
 * One upload at a time for a component: `begin(file)` starts it, the snapshot re-renders on each
 * change. Leaving the page pauses it (the parts stored so far are kept for a resume).
 */
export function useUploadTask({
  purpose,
  key,
  quiet,
}: Omit<UploadFileOptions, 'onChange' | 'cache'>) {
  const [snapshot, setSnapshot] = useState<UploadSnapshot | null>(null);
  const taskRef = useRef<UploadTask | null>(null);

  useEffect(() => () => taskRef.current?.pause(), []);

  const begin = useCallback(
    (file: File) => {
      taskRef.current?.cancel();
      const task = new UploadTask(file, {
        purpose,
        ...(key !== undefined ? { key } : {}),
        ...(quiet !== undefined ? { quiet } : {}),
        onChange: setSnapshot,
      });
      taskRef.current = task;
      setSnapshot(task.snapshot);
      task.start();
    },
    [purpose, key, quiet],
  );

  const clear = useCallback(() => {
    taskRef.current = null;
    setSnapshot(null);
  }, []);

  return {
    snapshot,
    begin,
    clear,
    pause: () => taskRef.current?.pause(),
    restart: () => taskRef.current?.restart(),
    cancel: () => taskRef.current?.cancel(),
  };
}
