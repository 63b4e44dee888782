import { PlainButton } from '@cadence/ui/plain-button';
import type { ReactNode } from 'react';
import { SiteLogo } from './site-logo';
import { useLogout } from './use-logout';
import { useTrans } from './use-trans';

/** Spec 2.2 gate screens: Logout button at top, logo, then the screen's own content. */
export function GateScreenLayout({ title, children }: { title: string; children: ReactNode }) {
  const { trans } = useTrans();
  const { logout, isPending } = useLogout();
  return (
    <div className="flex min-h-dvh flex-col bg-bg text-fg">
      <div className="flex justify-end p-4">
        <PlainButton variant="outline" onPress={logout} isPending={isPending}>
          {trans('Logout')}
        </PlainButton>
      </div>
      <main className="mx-auto flex w-full max-w-md flex-1 flex-col items-center gap-6 px-4 pt-8 text-center">
        <SiteLogo />
        <h1 className="text-2xl font-semibold">{title}</h1>
        {children}
      </main>
    </div>
  );
}
