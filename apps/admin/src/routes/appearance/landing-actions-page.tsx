import { useTrans } from '@cadence/app-shell/use-trans';
import { BackLink } from './back-link';
import { SectionHeader, SelectInput, TextInput } from './editor-fields';
import { useLanding } from './use-landing';

export type TCta = 'cta1' | 'cta2' | 'cta3';

export const CTA_LABELS: Record<TCta, string> = {
  cta1: 'Header button 1',
  cta2: 'Header button 2',
  cta3: 'Footer button',
};

/** /admin/appearance/landing-page/action-buttons: the search box and the three buttons. */
export function LandingActionsPage() {
  const { trans } = useTrans();
  const { landing, change } = useLanding();
  return (
    <div className="flex flex-col gap-4">
      <BackLink to="/appearance/landing-page" label={trans('Landing page')} />
      <SectionHeader title={trans('Action buttons')} />
      <TextInput
        label={trans('Search placeholder')}
        value={landing.actions.input_text}
        onChange={(value) =>
          change((l) => {
            l.actions.input_text = value;
          })
        }
      />
      <TextInput
        label={trans('Search button')}
        value={landing.actions.input_button}
        onChange={(value) =>
          change((l) => {
            l.actions.input_button = value;
          })
        }
      />
      {(Object.keys(CTA_LABELS) as TCta[]).map((key) => (
        <fieldset key={key} className="flex flex-col gap-2 rounded-panel border border-divider p-3">
          <legend className="px-1 text-sm font-semibold">{trans(CTA_LABELS[key])}</legend>
          <TextInput
            label={trans('Label')}
            value={landing.actions[key].label}
            onChange={(value) =>
              change((l) => {
                l.actions[key].label = value;
              })
            }
          />
          <SelectInput
            label={trans('Type')}
            value={landing.actions[key].type}
            onChange={(value) =>
              change((l) => {
                l.actions[key].type = value === 'link' ? 'link' : 'route';
              })
            }
            options={[
              { value: 'route', label: trans('Route') },
              { value: 'link', label: trans('Link') },
            ]}
          />
          <TextInput
            label={trans('Action')}
            value={landing.actions[key].action}
            onChange={(value) =>
              change((l) => {
                l.actions[key].action = value;
              })
            }
          />
        </fieldset>
      ))}
    </div>
  );
}
