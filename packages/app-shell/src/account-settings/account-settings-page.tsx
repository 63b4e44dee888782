import { Spinner } from '@cadence/ui/spinner';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useAuth } from '../use-auth';
import { useSettings } from '../use-bootstrap-data';
import { useTrans } from '../use-trans';
import { AccessTokensPanel } from './access-tokens-panel';
import { AccountDetailsPanel } from './account-details-panel';
import { accountUserQueryOptions } from './account-queries';
import { type TAccountSectionId, visibleAccountSections } from './account-settings-sections';
import { DeleteAccountPanel } from './delete-account-panel';
import { LocalePanel } from './locale-panel';
import { PasswordPanel } from './password-panel';
import { SessionsPanel } from './sessions-panel';
import { SocialLoginPanel } from './social-login-panel';
import { TwoFactorPanel } from './two-factor-panel';

export interface AccountSettingsPageProps {
  /** Spec 2.6 "extra panels from configuration", rendered first. */
  extraPanels?: ReactNode;
}

/** Spec 2.6 `/account-settings` (the route's loader requires login). */
export function AccountSettingsPage({ extraPanels }: AccountSettingsPageProps) {
  const { trans } = useTrans();
  const settings = useSettings();
  const { hasPermission } = useAuth();
  const account = useQuery(accountUserQueryOptions());
  const sections = visibleAccountSections(settings, hasPermission('api.access'));

  if (!account.data) {
    return (
      <div className="flex justify-center p-12">
        <Spinner size="lg" label={trans('Loading')} />
      </div>
    );
  }
  const user = account.data;
  const panels: Record<TAccountSectionId, ReactNode> = {
    'account-details': <AccountDetailsPanel user={user} />,
    'social-login': <SocialLoginPanel user={user} />,
    password: <PasswordPanel />,
    'two-factor': <TwoFactorPanel user={user} />,
    sessions: <SessionsPanel />,
    'location-and-language': <LocalePanel user={user} />,
    developers: <AccessTokensPanel user={user} />,
    'delete-account': <DeleteAccountPanel userId={user.id} />,
  };

  return (
    <div className="mx-auto flex w-full max-w-5xl gap-8 px-4 py-8" data-testid="account-settings">
      <nav
        aria-label={trans('Account settings')}
        className="sticky top-6 hidden w-56 shrink-0 self-start md:block"
      >
        <ul className="flex flex-col gap-1 text-sm">
          {sections.map((section) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="block rounded px-3 py-2 text-muted hover:bg-fg-base/5 hover:text-fg"
              >
                {trans(section.label)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex min-w-0 flex-auto flex-col gap-6">
        <h1 className="text-2xl font-semibold">{trans('Account settings')}</h1>
        {extraPanels}
        {sections.map((section) => (
          <div key={section.id}>{panels[section.id]}</div>
        ))}
      </div>
    </div>
  );
}
