import type { Clock } from "#app/server/db/connection.server.ts";

/**
 * A clock for the admin queries that moves one step (a second by default) at each reading, from
 * `start`: two writes get distinct, ordered timestamps without the test sleeping (decision 019).
 */
export function steppingClock(start: string, stepMs = 1000): Clock {
  let next = Date.parse(start);
  return () => {
    const stamp = new Date(next).toISOString();
    next += stepMs;
    return stamp;
  };
}
