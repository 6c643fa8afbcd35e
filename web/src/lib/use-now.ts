import { useEffect, useState } from 'react';

/** The current time, renewed every `everyMs`, for countdowns that must move while the screen is open. */
export function useNow(everyMs = 15_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
