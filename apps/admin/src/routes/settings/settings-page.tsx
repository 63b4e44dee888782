import { PageTabs } from '@cadence/admin-kit/page-tabs';
import { NotFoundPage } from '@cadence/app-shell/error-pages';
import { useBootstrapData } from '@cadence/app-shell/use-bootstrap-data';
import { useTrans } from '@cadence/app-shell/use-trans';
import {
  SETTINGS_FORM_SECTIONS,
  SETTINGS_FORM_TABS,
  type TSettingsFormTab,
} from '@cadence/contracts/settings/form-tabs';
import type { TSettingsResponse } from '@cadence/contracts/settings-api';
import type { TValueListsResponse } from '@cadence/contracts/value-lists';
import { apiClient } from '@cadence/http-client/http-client';
import { Spinner } from '@cadence/ui/spinner';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ClearCachePanel, QueuePanel, SitemapPanel } from './settings-actions';
import { ArtistTabsEditor, CookieButtonEditor, PoliciesEditor } from './settings-editors';
import { settingsQuery } from './settings-queries';
import { SettingsTabForm } from './settings-tab-form';

const TABS = SETTINGS_FORM_TABS;
type TTabId = TSettingsFormTab;

function Notice({
  children,
  tone = 'info',
  testId,
}: {
  children: ReactNode;
  tone?: 'info' | 'warning';
  testId?: string;
}) {
  return (
    <div
      data-testid={testId}
      role={tone === 'warning' ? 'status' : undefined}
      className={`rounded-panel border p-3 text-sm ${tone === 'warning' ? 'border-warning bg-warning/10' : 'border-divider bg-bg-alt'}`}
    >
      {children}
    </div>
  );
}

function useValueLists(isNeeded: boolean) {
  return useQuery({
    queryKey: ['value-lists', 'timezones,localizations'],
    queryFn: () => apiClient.get<TValueListsResponse>('value-lists/timezones,localizations'),
    staleTime: Number.POSITIVE_INFINITY,
    enabled: isNeeded,
  });
}

function TabContent({ tab, data }: { tab: TTabId; data: TSettingsResponse }) {
  const { trans } = useTrans();
  const bootstrap = useBootstrapData();
  const lists = useValueLists(tab === 'localization');
  const sections = SETTINGS_FORM_SECTIONS[tab] ?? [];
  const form = (props: Partial<Parameters<typeof SettingsTabForm>[0]> = {}) => (
    // A fresh form per tab: each tab saves its own settings.
    <SettingsTabForm key={tab} data={data} sections={sections} {...props} />
  );
  const generalForm = () =>
    form({
      options: {
        'themes.default_id': [
          { value: '0', label: trans('System') },
          ...bootstrap.themes.all.map((theme) => ({ value: String(theme.id), label: theme.name })),
        ],
      },
      notice: (
        <Notice>
          {trans('Channels decide what the homepage and the browse pages show.')}{' '}
          <Link to="/channels/docs" className="text-primary underline">
            {trans('Read how channels work')}
          </Link>
        </Notice>
      ),
    });
  switch (tab) {
    case 'general':
      return (
        <div className="flex flex-col gap-8">
          {generalForm()}
          <SitemapPanel />
        </div>
      );
    case 'localization': {
      if (lists.isPending) return <Spinner label={trans('Loading...')} />;
      const auto = { value: 'auto', label: trans('Auto') };
      return form({
        options: {
          'dates.default_timezone': [
            auto,
            ...Object.values(lists.data?.timezones ?? {}).flatMap((group) =>
              group.map((zone) => ({ value: zone.value, label: zone.text })),
            ),
          ],
          'locale.default': [
            auto,
            ...(lists.data?.localizations ?? []).map((item) => ({ value: item.language, label: item.name })),
          ],
        },
      });
    }
    case 'authentication':
      return form({
        notice: !data.mail.is_setup && (
          <Notice tone="warning">
            {trans(
              'Outgoing mail is not set up: confirmation and password reset mails only reach the outgoing-email log.',
            )}{' '}
            <Link to="/settings/outgoing-email" className="text-primary underline">
              {trans('Set up outgoing email')}
            </Link>
          </Notice>
        ),
      });
    case 'outgoing-email':
      return form({
        notice: (
          <Notice tone={data.mail.is_url_override ? 'warning' : 'info'}>
            {data.mail.is_url_override
              ? trans('The MAIL_URL environment variable is set: it overrides these settings.')
              : trans(
                  'Saving SMTP settings sends a test message to your address through them; nothing is saved if it fails.',
                )}
          </Notice>
        ),
      });
    case 'cache':
      return (
        <div className="flex flex-col gap-8">
          <Notice testId="settings-tab-notice">
            {trans(
              'The cache is chosen when the server starts: Redis when REDIS_URL is set, memory otherwise.',
            )}
          </Notice>
          <ClearCachePanel />
        </div>
      );
    case 'logging':
      return (
        <Notice testId="settings-tab-notice">
          {trans('Server errors are recorded in the error log, with their request and trace.')}{' '}
          <Link to="/logs/error" className="text-primary underline">
            {trans('Open the error log')}
          </Link>
        </Notice>
      );
    case 'providers':
      return (
        <Notice testId="settings-tab-notice">
          {trans(
            'Artists, albums and biographies come from what artists and admins enter: no outside metadata provider is connected.',
          )}
        </Notice>
      );
    case 'queue':
      return (
        <div className="flex flex-col gap-8">
          <QueuePanel />
          {form()}
        </div>
      );
    case 'search':
      return (
        <Notice testId="settings-tab-notice">
          {trans(
            'PostgreSQL search reads the catalogue tables directly: new and edited records are found at once, with nothing to import.',
          )}
        </Notice>
      );
    case 'gdpr':
      return form({
        editors: { 'cookie_notice.button': CookieButtonEditor, 'registration.policies': PoliciesEditor },
      });
    case 'player':
      return form({ editors: { 'artist_page.tabs': ArtistTabsEditor } });
    default:
      return form();
  }
}

/** /admin/settings/{tab}: the sixteen settings tabs of spec 2.12 (general by default). */
export function SettingsPage() {
  const { trans } = useTrans();
  const { tab = 'general' } = useParams();
  const billingIntegrated = useBootstrapData().settings.billing.integrated;
  const settings = useQuery(settingsQuery());
  const tabs = TABS.filter(([id]) => id !== 'subscriptions' || billingIntegrated);
  const current = tabs.find(([id]) => id === tab);
  if (!current) return <NotFoundPage />;
  return (
    <section className="flex flex-col gap-6" data-testid="admin-settings-page">
      <h1 className="text-2xl font-semibold">{trans('Settings')}</h1>
      {/* Sixteen tabs do not fit one row beside the sidebar: a column from 1024 px. */}
      <div className="flex flex-col gap-6 lg:flex-row lg:items-start">
        <PageTabs
          label={trans('Settings sections')}
          layout="column"
          tabs={tabs.map(([id, label]) => ({
            to: id === 'general' ? '/settings' : `/settings/${id}`,
            label: trans(label),
            end: true,
            aliases: id === 'general' ? ['/settings/general'] : [],
          }))}
        />
        <div className="flex min-w-0 flex-1 flex-col gap-6">
          <h2 className="sr-only">{trans(current[1])}</h2>
          {settings.isPending && <Spinner label={trans('Loading...')} />}
          {settings.isError && <p role="alert">{trans('There was an issue. Please try again.')}</p>}
          {settings.data && <TabContent tab={current[0]} data={settings.data} />}
        </div>
      </div>
    </section>
  );
}
