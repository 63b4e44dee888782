import { sideNavItemClass } from '@cadence/admin-kit/side-nav-layout';
import { AppLink } from '@cadence/app-shell/app-link';
import { MenuIcon } from '@cadence/app-shell/menu-icon';
import { useAuth } from '@cadence/app-shell/use-auth';
import { useTrans } from '@cadence/app-shell/use-trans';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { backstageOverviewQuery } from '../routes/backstage-queries';

/**
 * A backstage page by its path under `/backstage`: routed in the backstage, a page load from its
 * root pages (`/become-artist`), where a bare `/upload` would be the player's.
 */
function Item({ to, icon, children }: { to: string; icon?: string; children: ReactNode }) {
  return (
    <li>
      <AppLink href={to === '/' ? '/backstage' : `/backstage${to}`} className={sideNavItemClass}>
        {icon ? (
          <MenuIcon name={icon} className="size-4 shrink-0" />
        ) : (
          <span aria-hidden className="size-4" />
        )}
        {children}
      </AppLink>
    </li>
  );
}

function Group({ label, icon, children }: { label: string; icon: string; children: ReactNode }) {
  const id = useId();
  return (
    <li className="pt-2">
      <span
        id={id}
        className="flex items-center gap-3 px-3 py-1 text-xs font-semibold tracking-wide text-muted uppercase"
      >
        <MenuIcon name={icon} className="size-4 shrink-0" />
        {label}
      </span>
      <ul aria-labelledby={id} className="flex flex-col gap-0.5">
        {children}
      </ul>
    </li>
  );
}

/**
 * The backstage's own pages (spec 2.10): home, upload, the artist's music, insights and requests.
 * Items the user cannot open are left out; music and insights follow the artists they manage.
 */
export function BackstageNav() {
  const { trans } = useTrans();
  const { hasPermission } = useAuth();
  const artists = useQuery(backstageOverviewQuery()).data?.artists ?? [];
  const canCreate = hasPermission('music.create');
  const [onlyArtist] = artists.length === 1 ? artists : [];
  return (
    <ul className="flex flex-col gap-0.5">
      <Item to="/" icon="house">
        {trans('Home')}
      </Item>
      {canCreate && (
        <Item to="/upload" icon="upload">
          {trans('Upload')}
        </Item>
      )}
      {(canCreate || artists.length > 0) && (
        <Group label={trans('Music')} icon="music">
          {canCreate && <Item to="/tracks/new">{trans('New track')}</Item>}
          {canCreate && <Item to="/albums/new">{trans('New album')}</Item>}
          {artists.map((artist) => (
            <Item key={artist.id} to={`/artists/${artist.id}/edit`}>
              {onlyArtist ? trans('Artist profile') : artist.name}
            </Item>
          ))}
        </Group>
      )}
      {onlyArtist && (
        <Item to={`/artists/${onlyArtist.id}/insights`} icon="chart-line">
          {trans('Insights')}
        </Item>
      )}
      {artists.length > 1 && (
        <Group label={trans('Insights')} icon="chart-line">
          {artists.map((artist) => (
            <Item key={artist.id} to={`/artists/${artist.id}/insights`}>
              {artist.name}
            </Item>
          ))}
        </Group>
      )}
      {hasPermission('backstageRequests.create') && (
        <Item to="/requests" icon="inbox">
          {trans('Requests')}
        </Item>
      )}
    </ul>
  );
}
