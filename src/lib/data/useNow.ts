import {useEffect, useState} from 'react';

/**
 * The current time, renewed every `intervalMs` while the component is mounted, so relative times
 * ("checked 5 minutes ago") keep telling the truth in a tab left open.
 */
export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
