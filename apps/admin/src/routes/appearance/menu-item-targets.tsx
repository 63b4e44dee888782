import { useTrans } from '@cadence/app-shell/use-trans';
import type { TChannel } from '@cadence/contracts/channel';
import type { TCustomPage } from '@cadence/contracts/custom-page';
import type { TPagination } from '@cadence/contracts/pagination';
import { apiClient } from '@cadence/http-client/http-client';
import { useQuery } from '@tanstack/react-query';
import { SelectInput } from './editor-fields';

type TTarget = { path: string; name: string };

/** Design 4: channel and custom-page items pick from those tables; the action is the page's path. */
function useTargets(type: 'channel' | 'custom_page') {
  return useQuery({
    queryKey: ['appearance-menu-targets', type],
    queryFn: async (): Promise<TTarget[]> => {
      const params = { perPage: 100 };
      if (type === 'channel') {
        const page = await apiClient.get<TPagination<TChannel>>('channels', { params });
        return page.pagination.data.map((channel) => ({
          path: `/channel/${channel.slug}`,
          name: channel.name,
        }));
      }
      const page = await apiClient.get<TPagination<TCustomPage>>('custom-pages', { params });
      return page.pagination.data.map((custom) => ({ path: `/pages/${custom.slug}`, name: custom.title }));
    },
  });
}

export function MenuItemTargetField({
  type,
  action,
  onChange,
}: {
  type: 'channel' | 'custom_page';
  action: string;
  onChange: (target: TTarget) => void;
}) {
  const { trans } = useTrans();
  const targets = useTargets(type);
  if (targets.isError) return <p className="text-sm text-danger">{trans('Could not load the choices.')}</p>;
  const options = targets.data ?? [];
  const known = options.some((option) => option.path === action);
  return (
    <SelectInput
      label={type === 'channel' ? trans('Channel') : trans('Page')}
      value={action}
      onChange={(path) => {
        const target = options.find((option) => option.path === path);
        if (target) onChange(target);
      }}
      options={[
        ...(known
          ? []
          : [
              {
                value: action,
                label: targets.isPending ? trans('Loading...') : action || trans('Choose one'),
              },
            ]),
        ...options.map((option) => ({ value: option.path, label: option.name })),
      ]}
    />
  );
}
