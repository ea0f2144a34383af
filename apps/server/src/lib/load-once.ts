/**
 * A loader that runs once per key and shares its answer (a content catalogue per content
 * directory). A failed load is forgotten, so the next call tries again rather than keep the error.
 */
export function loadOncePerKey<Key, Value>(
  load: (key: Key) => Promise<Value>,
): (key: Key) => Promise<Value> {
  const loads = new Map<Key, Promise<Value>>();
  return (key) => {
    let loading = loads.get(key);
    if (!loading) {
      loading = load(key);
      loading.catch(() => loads.delete(key));
      loads.set(key, loading);
    }
    return loading;
  };
}
