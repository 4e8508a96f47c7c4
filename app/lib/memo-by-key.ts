// A value made once per key, on first use: for the ICU formatters and segmenters the pages use,
// which take milliseconds each to build on a phone (decision 069).

/** `make`, remembered per key (the keys in use are few: a granularity, a time zone, a language). */
export function memoByKey<K, V>(make: (key: K) => V): (key: K) => V {
  const made = new Map<K, V>();
  return (key) => {
    if (!made.has(key)) made.set(key, make(key));
    return made.get(key) as V;
  };
}
