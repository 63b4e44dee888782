import { useTrans } from '@cadence/app-shell/use-trans';
import ChevronRightIcon from 'lucide-react/icons/chevron-right';
import { Link } from 'react-router';
import { BackLink } from './back-link';
import { SectionHeader } from './editor-fields';

const SECTIONS = [
  { to: 'general', label: 'General' },
  { to: 'action-buttons', label: 'Action buttons' },
  { to: 'primary-features', label: 'Primary features' },
  { to: 'secondary-features', label: 'Secondary features' },
] as const;

/** /admin/appearance/landing-page: its four sections. */
export function LandingSectionsPage() {
  const { trans } = useTrans();
  return (
    <div className="flex flex-col gap-4">
      <BackLink to="/appearance" />
      <SectionHeader title={trans('Landing page')} />
      <ul className="flex flex-col gap-1">
        {SECTIONS.map((section) => (
          <li key={section.to}>
            <Link
              to={section.to}
              className="flex items-center rounded-panel border border-divider bg-paper px-4 py-3 font-medium hover:border-primary"
            >
              <span className="flex-1">{trans(section.label)}</span>
              <ChevronRightIcon aria-hidden className="size-4 text-muted" />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
