import autocannon, { type Request } from 'autocannon';

export type LoadReport = {
  requests: number;
  ok: number;
  /** Failed requests by kind: `503`, `ECONNRESET`, `timeout`... */
  errors: Record<string, number>;
  /** When (epoch ms) each failed request ended: recovery is measured to the last one. */
  errorTimes: number[];
};

export type RunningLoad = { stop: () => Promise<LoadReport> };

/** The listener read mix: the pages a listener opens, spread over the demo catalogue's ids. */
export function listenerReads(ids: { album: number; artist: number; track: number }): Request[] {
  return [
    { path: '/api/v1/bootstrap-data' },
    { path: `/api/v1/albums/${ids.album}` },
    { path: `/api/v1/artists/${ids.artist}` },
    { path: `/api/v1/tracks/${ids.track}` },
    { path: '/api/v1/search?query=a' },
    { path: '/api/v1/search/suggestions?query=lu&limit=4' },
  ];
}

/** autocannon in this process, counting every answer and error as it happens. */
export function startLoad(url: string, requests: Request[], connections: number): RunningLoad {
  const report: LoadReport = { requests: 0, ok: 0, errors: {}, errorTimes: [] };
  const count = (kind: string) => {
    report.errors[kind] = (report.errors[kind] ?? 0) + 1;
    report.errorTimes.push(Date.now());
  };
  let finish: () => void = () => {};
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const instance = autocannon({ url, connections, duration: 3_600, timeout: 10, requests }, () => finish());
  instance.on('response', (_client: unknown, statusCode: number) => {
    report.requests += 1;
    if (statusCode >= 200 && statusCode < 300) report.ok += 1;
    else count(String(statusCode));
  });
  instance.on('reqError', (error: NodeJS.ErrnoException) => {
    report.requests += 1;
    count(error.code ?? (/timeout/i.test(error.message) ? 'timeout' : error.message));
  });
  return {
    async stop() {
      instance.stop();
      await finished;
      return report;
    },
  };
}

/** Milliseconds from the dependency's return to the last failed request (0: none failed after). */
export function recoveryMs(report: LoadReport, returnedAt: number): number {
  const last = report.errorTimes.reduce((latest, time) => Math.max(latest, time), 0);
  return Math.max(0, last - returnedAt);
}

export function errorCount(report: LoadReport): number {
  return Object.values(report.errors).reduce((sum, n) => sum + n, 0);
}
