import { adminListKey } from '@cadence/admin-kit/use-admin-list';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TReportedPartyMessage } from '@cadence/contracts/party';
import { apiClient } from '@cadence/http-client/http-client';
import { Button } from '@cadence/ui/button';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDate } from './catalogue-cells';
import { runRowAction } from './run-action';

const ENDPOINT = 'party-messages/reported';

/**
 * The reported listening-party chat lines (`GET api/v1/party-messages/reported`, most reported
 * first) under the reports: delete a line (`comments.delete`, as for comments) or dismiss its
 * reports (the line stays).
 */
export function PartyChatReports() {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const reported = useQuery({
    queryKey: adminListKey(ENDPOINT),
    queryFn: ({ signal }) =>
      apiClient.get<{ data: TReportedPartyMessage[] }>(ENDPOINT, { signal }).then((r) => r.data),
  });
  const act = (call: () => Promise<unknown>, done: string) =>
    void runRowAction({
      endpoint: ENDPOINT,
      queryClient,
      failed: trans('There was an issue. Please try again later.'),
      call,
      done,
    });
  const rows = reported.data ?? [];
  return (
    <section aria-labelledby="party-chat-reports-title" className="flex flex-col gap-3 p-4 md:p-6">
      <h2 id="party-chat-reports-title" className="text-lg font-semibold">
        {trans('Listening party chat')}
      </h2>
      {reported.isError ? (
        <div role="alert" className="flex items-center gap-3">
          {trans('Could not load the reported chat lines.')}
          <Button size="sm" variant="outline" onPress={() => void reported.refetch()}>
            {trans('Try again')}
          </Button>
        </div>
      ) : reported.isPending ? (
        <p className="text-muted">{trans('Loading…')}</p>
      ) : rows.length === 0 ? (
        <p className="text-muted">{trans('No reported chat lines')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="party-chat-reports">
            <thead>
              <tr className="border-b border-divider">
                <th scope="col" className="py-2 pr-3">
                  {trans('Message')}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {trans('Author')}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {trans('Party')}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {trans('Reports')}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {trans('Date')}
                </th>
                <th scope="col" className="py-2">
                  {trans('Actions')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((line) => (
                <tr key={line.id} className="border-b border-divider align-top">
                  <td className="py-2 pr-3 break-words whitespace-pre-line">{line.content}</td>
                  <td className="py-2 pr-3">{line.user?.name ?? trans('Deleted user')}</td>
                  <td className="py-2 pr-3 font-mono">{line.party_code}</td>
                  <td className="py-2 pr-3">{line.report_count}</td>
                  <td className="py-2 pr-3">{formatDate(line.created_at)}</td>
                  <td className="py-2">
                    <div className="flex flex-wrap gap-2">
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={trans('Delete the line by :name', { name: line.user?.name ?? '' })}
                        onPress={() =>
                          act(() => apiClient.delete(`party-messages/${line.id}`), trans('Deleted'))
                        }
                      >
                        {trans('Delete')}
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={trans('Dismiss the reports of the line by :name', {
                          name: line.user?.name ?? '',
                        })}
                        onPress={() =>
                          act(() => apiClient.post(`party-messages/${line.id}/dismiss`), trans('Dismissed'))
                        }
                      >
                        {trans('Dismiss')}
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
