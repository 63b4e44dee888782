import type { TAccountUser } from '@cadence/contracts/account';
import type { TBootstrapDataResponse } from '@cadence/contracts/auth';
import type { TUser } from '@cadence/contracts/user';
import type { TValueListName } from '@cadence/contracts/value-lists';
import { apiClient } from '@cadence/http-client/http-client';
import { Button } from '@cadence/ui/button';
import { Spinner } from '@cadence/ui/spinner';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { setBootstrapData } from '../bootstrap-store';
import { reportError } from '../report-error';
import { toast } from '../toast-store';
import { useSettings } from '../use-bootstrap-data';
import { useTrans } from '../use-trans';
import { accountKeys, syncBootstrapUser, valueListsQueryOptions } from './account-queries';
import { SettingsPanel } from './settings-panel';

const LISTS: readonly TValueListName[] = ['timezones', 'countries', 'localizations'];

function SelectField({
  label,
  name,
  value,
  onChange,
  children,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-10 rounded-input border border-divider bg-transparent px-3 text-sm text-fg outline-none focus:border-primary focus:ring-3 focus:ring-focus"
      >
        {children}
      </select>
    </div>
  );
}

/** Spec 9: the user's timezone, else the settings default, else the browser's. */
export function initialTimezone(userTimezone: string | null, defaultTimezone: string | undefined): string {
  return userTimezone || defaultTimezone || Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Spec 2.6 date, time and language. */
export function LocalePanel({ user }: { user: TAccountUser }) {
  const { trans } = useTrans();
  const settings = useSettings();
  const queryClient = useQueryClient();
  const lists = useQuery(valueListsQueryOptions(LISTS));
  const [timezone, setTimezone] = useState(() =>
    initialTimezone(user.timezone, settings.dates.default_timezone),
  );
  const [country, setCountry] = useState(user.country ?? '');
  const [language, setLanguage] = useState(user.language ?? settings.i18n.default_localization);
  const [isPending, setIsPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setIsPending(true);
    try {
      const { user: saved } = await apiClient.put<{ user: TUser }>(`users/${user.id}`, {
        timezone,
        country: country || null,
      });
      syncBootstrapUser(saved);
      if (language !== user.language) {
        // The api answers with bootstrap data in the new language, so lines switch at once.
        const { bootstrapData } = await apiClient.post<TBootstrapDataResponse>('users/me/locale', {
          locale: language,
        });
        setBootstrapData(bootstrapData);
      }
      await queryClient.invalidateQueries({ queryKey: accountKeys.user });
      toast.positive(trans('Updated account details'));
    } catch (error) {
      reportError(error);
    } finally {
      setIsPending(false);
    }
  };

  return (
    <SettingsPanel id="location-and-language" title={trans('Date, time and language')}>
      {lists.isPending ? (
        <Spinner size="md" />
      ) : (
        <form onSubmit={submit} className="flex max-w-md flex-col gap-4">
          <SelectField label={trans('Language')} name="language" value={language} onChange={setLanguage}>
            {lists.data?.localizations?.map((item) => (
              <option key={item.language} value={item.language}>
                {item.name}
              </option>
            ))}
          </SelectField>
          <SelectField label={trans('Country')} name="country" value={country} onChange={setCountry}>
            <option value="">{trans('None')}</option>
            {lists.data?.countries?.map((item) => (
              <option key={item.code} value={item.code}>
                {item.name}
              </option>
            ))}
          </SelectField>
          <SelectField label={trans('Timezone')} name="timezone" value={timezone} onChange={setTimezone}>
            {Object.entries(lists.data?.timezones ?? {}).map(([region, zones]) => (
              <optgroup key={region} label={region}>
                {zones.map((zone) => (
                  <option key={zone.value} value={zone.value}>
                    {zone.text}
                  </option>
                ))}
              </optgroup>
            ))}
          </SelectField>
          <Button type="submit" className="self-start" isPending={isPending} isDisabled={isPending}>
            {trans('Save')}
          </Button>
        </form>
      )}
    </SettingsPanel>
  );
}
