import { icon } from '@cadence/app-shell/icon';
import { useAuth } from '@cadence/app-shell/use-auth';
import { useSettings } from '@cadence/app-shell/use-bootstrap-data';
import { useTrans } from '@cadence/app-shell/use-trans';
import { buttonClasses } from '@cadence/ui/button-styles';
import { PlainIconButton } from '@cadence/ui/plain-icon-button';
import { Suspense } from 'react';
import { Link, useNavigate } from 'react-router';
import { SearchBox } from '../features/search/search-box';
import { SignedInTopBarItems } from './signed-in-parts-loader';
import { UserMenu } from './user-menu';

/** Top bar (player-ux): history buttons, search, then the user menu or Register/Login. */
export function TopBar() {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const { isLoggedIn } = useAuth();
  const { registration } = useSettings();
  return (
    <header className="flex h-16 shrink-0 items-center gap-3 bg-navbar px-4">
      <div className="hidden gap-1 md:flex">
        <PlainIconButton aria-label={trans('Go back')} size="sm" onPress={() => navigate(-1)}>
          {icon('chevron-left')}
        </PlainIconButton>
        <PlainIconButton aria-label={trans('Go forward')} size="sm" onPress={() => navigate(1)}>
          {icon('chevron-right')}
        </PlainIconButton>
      </div>
      <SearchBox />
      <div className="ml-auto flex items-center gap-2">
        {isLoggedIn ? (
          <>
            <Suspense fallback={null}>
              <SignedInTopBarItems />
            </Suspense>
            <UserMenu />
          </>
        ) : (
          <>
            {!registration.disable && (
              <Link to="/register" className={buttonClasses({ variant: 'text', size: 'sm' })}>
                {trans('Register')}
              </Link>
            )}
            <Link to="/login" className={buttonClasses({ variant: 'primary', size: 'sm' })}>
              {trans('Login')}
            </Link>
          </>
        )}
      </div>
    </header>
  );
}
