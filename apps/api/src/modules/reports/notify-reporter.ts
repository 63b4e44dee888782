import type { TReportResolution } from '@cadence/contracts/report';
import type { FastifyInstance } from 'fastify';

const OUTCOME: Record<TReportResolution, string> = {
  hide: 'We hid it from the site.',
  delete: 'We removed it.',
  dismiss: 'We looked and found it within the rules.',
};

/** Tells each reporter how their report ended (`notify`, notification shape of spec 3). */
export async function notifyReporters(
  app: FastifyInstance,
  reporterIds: number[],
  item: { name: string; url: string | null },
  resolution: TReportResolution,
): Promise<void> {
  for (const userId of reporterIds) {
    const data = {
      image: null,
      mainAction: item.url ? { action: item.url, label: 'View' } : null,
      lines: [
        { type: 'primary', content: `Thanks for your report about "${item.name}".` },
        { type: 'other', content: OUTCOME[resolution] },
      ],
    };
    await app.services.notifications.notify(userId, 'report_resolved', data);
  }
}
