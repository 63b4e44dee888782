import { useTrans } from '@cadence/app-shell/use-trans';
import ChevronRightIcon from 'lucide-react/icons/chevron-right';
import { Link } from 'react-router';
import { SectionHeader } from './editor-fields';

const SECTIONS = [
  { to: 'general', label: 'General', description: 'Site name, logos and favicon' },
  { to: 'themes', label: 'Themes', description: 'Colours, font and corner radius' },
  { to: 'menus', label: 'Menus', description: 'Links in the navbar, sidebar and footer' },
  { to: 'landing-page', label: 'Landing page', description: 'Header, actions and features' },
  { to: 'seo-settings', label: 'SEO', description: 'Titles and descriptions search engines see' },
  { to: 'custom-code', label: 'Custom code', description: 'CSS and HTML added to the player' },
] as const;

/** /admin/appearance: the section list. */
export function SectionListPage() {
  const { trans } = useTrans();
  return (
    <>
      <SectionHeader title={trans('Appearance')} />
      <nav aria-label={trans('Sections')}>
        <ul className="flex flex-col gap-1">
          {SECTIONS.map((section) => (
            <li key={section.to}>
              <Link
                to={section.to}
                className="flex items-center gap-3 rounded-panel border border-divider bg-paper px-4 py-3 hover:border-primary"
              >
                <span className="flex-1">
                  <span className="block font-medium">{trans(section.label)}</span>
                  <span className="block text-xs text-muted">{trans(section.description)}</span>
                </span>
                <ChevronRightIcon aria-hidden className="size-4 text-muted" />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
