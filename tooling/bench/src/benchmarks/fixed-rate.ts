import http from 'node:http';

/**
 * Open-loop load at a fixed rate (wrk2 is not available here): requests are scheduled on a
 * clock and each latency is measured from its scheduled time, so a stalled server cannot hide
 * its queueing delay (no coordinated omission). Returns the latencies in ms.
 */
export async function fixedRateLatencies(
  url: string,
  ratePerSecond: number,
  seconds: number,
  maxSockets = 64,
): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const latencies: number[] = [];
  const interval = 1000 / ratePerSecond;
  const total = Math.max(1, Math.floor(ratePerSecond * seconds));
  const started = performance.now();
  let failures = 0;
  const pending: Promise<void>[] = [];
  const send = (scheduled: number) =>
    new Promise<void>((resolve) => {
      http
        .get(url, { agent }, (response) => {
          response.resume();
          response.once('end', () => {
            if (response.statusCode !== 200) failures += 1;
            latencies.push(performance.now() - scheduled);
            resolve();
          });
        })
        .once('error', () => {
          failures += 1;
          resolve();
        });
    });
  try {
    for (let i = 0; i < total; i++) {
      const scheduled = started + i * interval;
      const wait = scheduled - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      pending.push(send(scheduled));
    }
    await Promise.all(pending);
  } finally {
    agent.destroy();
  }
  if (failures > 0) throw new Error(`${url}: ${failures} of ${total} requests failed at ${ratePerSecond}/s`);
  return latencies;
}
